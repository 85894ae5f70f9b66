#!/usr/bin/env python3
"""End-to-end tests of the wingtip engine binary through real protocol clients.

Usage: python3 tests/e2e/run.py [path/to/wingtip]   (default target/release/wingtip)

Uses python-chess (`pip install chess`): its UCI and XBoard clients play whole
games and solve mates; a raw pipe client checks `stop` latency and bad input.
Prints one PASS/FAIL line per test and finally `N passed, N failed`; exits
non-zero when any test failed.
"""

import os
import queue
import subprocess
import sys
import threading
import time
import traceback

import chess
import chess.engine

ENGINE = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else "target/release/wingtip")

OPENINGS = [
    "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6",
    "d2d4 d7d5 c2c4 e7e6 b1c3 g8f6",
    "e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3 a7a6",
    "c2c4 e7e5 b1c3 g8f6 g1f3 b8c6",
]

# (FEN, mate length in moves, the mating first moves accepted)
MATES = [
    ("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 1, {"a1a8"}),
    ("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", 1, {"h5f7"}),
    ("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", 1, {"d8h4"}),
    ("7k/8/5K2/8/8/8/8/R7 w - - 0 1", 2, {"f6g6", "f6f7"}),
    ("r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 10", 2, {"d5f6"}),
]


class Raw:
    """A raw line-based connection to the engine, for exact protocol checks."""

    def __init__(self):
        self.proc = subprocess.Popen([ENGINE], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE)
        self.lines = queue.Queue()
        self.stderr = []
        threading.Thread(target=self._pump, daemon=True).start()
        threading.Thread(target=self._pump_err, daemon=True).start()

    def _pump(self):
        for raw in self.proc.stdout:
            self.lines.put(raw.decode("utf-8", "replace").rstrip("\r\n"))
        self.lines.put(None)

    def _pump_err(self):
        for raw in self.proc.stderr:
            self.stderr.append(raw.decode("utf-8", "replace"))

    def send(self, data):
        if isinstance(data, str):
            data = (data + "\n").encode()
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def expect(self, pred, timeout=5.0, what=""):
        """Returns (matching line, lines seen before it); fails on timeout or EOF."""
        seen = []
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"timeout waiting for {what or pred}; saw {seen[-5:]}")
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                continue
            if line is None:
                raise AssertionError(f"engine exited waiting for {what}; saw {seen[-5:]}; stderr {self.stderr}")
            if pred(line):
                return line, seen
            seen.append(line)

    def expect_prefix(self, prefix, timeout=5.0):
        return self.expect(lambda l: l.startswith(prefix), timeout, prefix)[0]

    def close(self):
        try:
            self.send("quit")
        except (BrokenPipeError, OSError):
            pass
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            raise AssertionError("engine did not exit on quit")
        assert not any("panicked" in l for l in self.stderr), f"panic: {self.stderr}"


def uci_engine():
    return chess.engine.SimpleEngine.popen_uci([ENGINE])


def xboard_engine():
    return chess.engine.SimpleEngine.popen_xboard([ENGINE])


def play_game(white, black, opening, limit_fn, max_plies=160):
    board = chess.Board()
    for m in opening.split():
        board.push_uci(m)
    game_id = object()
    while not board.is_game_over(claim_draw=True) and board.ply() < max_plies:
        engine = white if board.turn == chess.WHITE else black
        result = engine.play(board, limit_fn(board), game=game_id)
        assert result.move is not None, f"no move in {board.fen()}"
        assert result.move in board.legal_moves, f"illegal {result.move} in {board.fen()}"
        board.push(result.move)
    return board


# ---------------------------------------------------------------- UCI tests

def test_uci_handshake():
    e = uci_engine()
    try:
        assert e.id["name"].startswith("wingtip"), e.id
        for name in ("Hash", "Threads", "Move Overhead"):
            assert name in e.options, (name, list(e.options))
        e.configure({"Hash": 8, "Move Overhead": 10})
        e.ping()
    finally:
        e.quit()


def test_uci_games_from_openings():
    a, b = uci_engine(), uci_engine()
    try:
        for i, opening in enumerate(OPENINGS[:3]):
            white, black = (a, b) if i % 2 == 0 else (b, a)
            board = play_game(white, black, opening, lambda _: chess.engine.Limit(time=0.02))
            assert board.ply() > len(opening.split()) + 20 or board.is_game_over(claim_draw=True), board.ply()
            outcome = board.outcome(claim_draw=True)
            print(f"      ({board.ply()} plies, {outcome.termination.name.lower() if outcome else 'ply limit'})")
    finally:
        a.quit()
        b.quit()


def test_uci_game_with_clock_has_no_time_loss():
    a, b = uci_engine(), uci_engine()
    try:
        board = chess.Board()
        for m in OPENINGS[3].split():
            board.push_uci(m)
        clocks = {chess.WHITE: 3.0, chess.BLACK: 3.0}
        game_id = object()
        while not board.is_game_over(claim_draw=True) and board.ply() < 120:
            engine = a if board.turn == chess.WHITE else b
            limit = chess.engine.Limit(white_clock=clocks[chess.WHITE], black_clock=clocks[chess.BLACK],
                                       white_inc=0.02, black_inc=0.02)
            t = time.monotonic()
            move = engine.play(board, limit, game=game_id).move
            clocks[board.turn] -= time.monotonic() - t
            assert clocks[board.turn] > 0, f"time loss at ply {board.ply()}"
            clocks[board.turn] += 0.02
            assert move in board.legal_moves
            board.push(move)
    finally:
        a.quit()
        b.quit()


def test_uci_mates():
    e = uci_engine()
    try:
        for fen, n, firsts in MATES:
            board = chess.Board(fen)
            info = e.analyse(board, chess.engine.Limit(depth=2 * n + 2, time=10))
            score = info["score"].relative
            assert score.is_mate() and score.mate() == n, f"{fen}: {score}"
            pv = info["pv"]
            if firsts:
                assert pv[0].uci() in firsts, f"{fen}: {pv[0]}"
            # The PV really mates.
            for mv in pv[: 2 * n - 1]:
                assert mv in board.legal_moves
                board.push(mv)
            assert board.is_checkmate(), f"{fen}: pv {[m.uci() for m in pv]} does not mate"
    finally:
        e.quit()


def test_uci_stop_is_prompt():
    r = Raw()
    try:
        r.send("uci")
        r.expect_prefix("uciok")
        r.send("position startpos moves e2e4 e7e5")
        worst = 0.0
        for _ in range(5):
            r.send("go infinite")
            r.expect_prefix("info depth 3", timeout=5)
            time.sleep(0.2)
            t = time.monotonic()
            r.send("stop")
            line = r.expect_prefix("bestmove", timeout=HANG)
            worst = max(worst, time.monotonic() - t)
            mv = line.split()[1]
            assert chess.Move.from_uci(mv) in chess.Board("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2").legal_moves
        print(f"      (worst stop → bestmove: {worst * 1000:.1f} ms)")
    finally:
        r.close()


def test_uci_bestmove_is_the_last_pv_first_move_at_any_stop():
    # `go infinite` stopped at random moments, one thread and two: the last
    # `info ... pv X` before `bestmove X` starts with X (a stop inside an iteration
    # whose best move changed reports that move before bestmove).
    import random
    rng = random.Random(11)
    fens = [chess.STARTING_FEN,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
            "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 0 8"]
    r = Raw()
    changed = 0
    try:
        for trial in range(120):
            if trial == 60:
                r.send("setoption name Threads value 2")
            fen = fens[trial % len(fens)]
            r.send("ucinewgame")
            r.send(f"position fen {fen}")
            r.send("go infinite")
            time.sleep(rng.uniform(0, 0.25))
            r.send("stop")
            line, seen = r.expect(lambda l: l.startswith("bestmove"), HANG, "bestmove")
            best = line.split()[1]
            pvs = [l.split(" pv ")[1].split()[0] for l in seen if " pv " in l]
            assert pvs and pvs[-1] == best, f"{fen}: {seen[-3:]} then {line}"
            assert chess.Move.from_uci(best) in chess.Board(fen).legal_moves, line
            changed += len(pvs) > 1 and pvs[-1] != pvs[-2]
        print(f"      ({changed} of 120 stops ended on a changed best move)")
    finally:
        r.close()


def test_uci_genfens_as_openbench_runs_it():
    # OpenBench's client: `engine "genfens N seed S book None " quit`, every
    # `info string genfens <FEN>` line one opening (six fields, for its EPD).
    def run(*args):
        out = subprocess.run([ENGINE, *args], capture_output=True, text=True, timeout=60)
        assert out.returncode == 0, out
        return [l.split("genfens ", 1)[1].rstrip() for l in out.stdout.splitlines()
                if l.startswith("info string genfens ")]
    fens = run("genfens 64 seed 1234567 book None ", "quit")
    assert len(fens) == 64 and len(set(fens)) == 64, fens
    for fen in fens:
        assert len(fen.split()) == 6, fen
        board = chess.Board(fen)
        assert board.is_valid() and not board.is_game_over(), fen
    assert run("genfens 64 seed 1234567 book None ", "quit") == fens
    book = os.path.join(os.path.dirname(ENGINE), "genfens-book.epd")
    with open(book, "w") as f:
        f.write("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - hmvc 0; fmvn 2;\n")
    try:
        fens = run(f"genfens 8 seed 5 book {book}", "quit")
        assert len(fens) == 8 and all(chess.Board(f).fullmove_number == 6 for f in fens), fens
    finally:
        os.remove(book)


def test_uci_movetime_is_respected():
    r = Raw()
    try:
        r.send("position startpos")
        t = time.monotonic()
        r.send("go movetime 200")
        r.expect_prefix("bestmove", timeout=3)
        took = time.monotonic() - t
        # Not before the engine's own clock says so; the upper end is a hang
        # detector (latency figures: measure/stop-latency.py).
        assert 0.1 < took < 0.2 + HANG, f"movetime 200 took {took * 1000:.0f} ms"
    finally:
        r.close()


def test_uci_go_perft():
    r = Raw()
    try:
        r.send("position startpos")
        r.send("go perft 3")
        line, seen = r.expect(lambda l: l.startswith("Nodes searched"), what="Nodes searched")
        assert line == "Nodes searched: 8902", line
        assert sum(1 for l in seen if ":" in l) == 20, seen
        r.send("position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
        r.send("go perft 2")
        assert r.expect_prefix("Nodes searched") == "Nodes searched: 2039"
    finally:
        r.close()


def bestmove_is_legal(r, board, what):
    r.send("go depth 3")
    line = r.expect_prefix("bestmove", timeout=10)
    mv = chess.Move.from_uci(line.split()[1])
    assert mv in board.legal_moves, f"after {what}: {line} not legal in {board.fen()}"


def test_uci_bad_input():
    r = Raw()
    try:
        r.send("uci")
        r.expect_prefix("uciok")
        after_e4 = chess.Board()
        after_e4.push_uci("e2e4")
        r.send("position startpos moves e2e4")

        cases = [
            ("frobnicate now", "unknown command"),
            ("position startpos moves e2e4 e7e6 e1e8", "illegal move"),
            ("position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "invalid fen"),
            ("position fen 9/8/8/8/8/8/8/8 w - - 0 1", "invalid fen"),
            ("position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "invalid fen"),
            ("position", "position needs"),
            ("setoption name Hash value 99999999999999999999999", "hash"),
            ("setoption name Hash value -3", "hash"),
            ("setoption name Bogus value 1", "unknown option"),
            ("setoption", "setoption needs"),
        ]
        for command, needle in cases:
            r.send(command)
            line = r.expect_prefix("info string", timeout=3)
            assert needle in line.lower(), f"{command!r} → {line!r}"
            bestmove_is_legal(r, after_e4, command)

        # Garbage bytes, an empty line, a huge line: a diagnostic, no crash.
        r.send(b"\xff\xfe\x00\x01garbage\x80\n")
        assert "unknown command" in r.expect_prefix("info string")
        r.send(b"\n")
        r.send(("x" * 100000).encode() + b"\n")
        assert "unknown command" in r.expect_prefix("info string")
        bestmove_is_legal(r, after_e4, "garbage")

        # Huge numbers in go: diagnosed or clamped, the search still answers.
        r.send("go depth 99999999999999999999999 movetime 100")
        line = r.expect_prefix("info string")
        assert "depth" in line, line
        r.expect_prefix("bestmove", timeout=3)
        r.send("go wtime 9223372036854775807 btime 9223372036854775807 winc 9223372036854775807 movestogo 1")
        time.sleep(0.1)
        r.send("stop")
        r.expect_prefix("bestmove", timeout=3)
        r.send("go nodes 1000")
        r.expect_prefix("bestmove", timeout=3)
        r.send("go wtime -100 btime -100")
        r.expect_prefix("bestmove", timeout=3)
        r.send("go perft 99")
        assert "perft" in r.expect_prefix("info string")

        r.send("isready")
        r.expect_prefix("readyok")
        bestmove_is_legal(r, after_e4, "huge numbers")
    finally:
        r.close()


def test_uci_eof_exits_cleanly():
    for script in (b"uci\n", b"uci\nposition startpos\ngo infinite\n", b"", b"\xff\xff"):
        p = subprocess.run([ENGINE], input=script, capture_output=True, timeout=10)
        assert p.returncode == 0, (script, p.returncode, p.stderr)
        assert b"panicked" not in p.stderr, p.stderr


def test_uci_ponder_games():
    """python-chess ponders after every move (go ponder) and stops it on the next play."""
    a, b = uci_engine(), uci_engine()
    try:
        assert a.options["Ponder"].type == "check", a.options["Ponder"]
        board = chess.Board()
        game_id = object()
        pondered = 0
        while not board.is_game_over(claim_draw=True) and board.ply() < 30:
            e = a if board.turn == chess.WHITE else b
            result = e.play(board, chess.engine.Limit(white_clock=5, black_clock=5, white_inc=0.05,
                                                       black_inc=0.05), ponder=True, game=game_id)
            assert result.move in board.legal_moves, result
            board.push(result.move)
            if result.ponder is not None:
                assert result.ponder in board.legal_moves, result
                pondered += 1
        assert pondered > 10, pondered
    finally:
        a.quit()
        b.quit()


def test_uci_ponderhit_and_stop_during_ponder():
    r = Raw()
    try:
        r.send("uci")
        r.expect_prefix("uciok")
        r.send("setoption name Ponder value true")
        r.send("position startpos moves e2e4 e7e5")
        # 1 s on the clock: the plan is ~30 ms soft, ~180 ms hard. While pondering no
        # limit applies and no bestmove comes.
        t = time.monotonic()
        r.send("go ponder wtime 1000 btime 1000")
        r.expect_prefix("info depth 1", timeout=2)
        try:
            line = r.expect_prefix("bestmove", timeout=0.8)
            raise AssertionError(f"bestmove while pondering: {line}")
        except AssertionError as err:
            assert "timeout" in str(err), err
        # ponderhit: the time since go counts, so it is over and the move comes at once.
        r.send("ponderhit")
        t = time.monotonic()
        line, seen = r.expect(lambda l: l.startswith("bestmove"), timeout=HANG, what="bestmove")
        board = chess.Board()
        for m in ("e2e4", "e7e5"):
            board.push_uci(m)
        assert chess.Move.from_uci(line.split()[1]) in board.legal_moves, line
        # A ponderhit early in the search: the search goes on under the time control.
        r.send("go ponder wtime 60000 btime 60000")
        r.expect_prefix("info depth 1", timeout=2)
        r.send("ponderhit")
        t = time.monotonic()
        r.expect_prefix("bestmove", timeout=12)
        took = time.monotonic() - t
        assert took < 11, took
        # stop during a ponder search: bestmove then.
        r.send("go ponder wtime 60000 btime 60000")
        r.expect_prefix("info depth 3", timeout=2)
        r.send("stop")
        r.expect_prefix("bestmove", timeout=1)
        # A search that ends by itself while pondering (mate found) still waits.
        r.send("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
        r.send("go ponder depth 2 wtime 1000 btime 1000")
        try:
            line = r.expect_prefix("bestmove", timeout=0.5)
            raise AssertionError(f"bestmove while pondering: {line}")
        except AssertionError as err:
            assert "timeout" in str(err), err
        r.send("ponderhit")
        assert r.expect_prefix("bestmove", timeout=1).startswith("bestmove a1a8")
    finally:
        r.close()


def test_uci_multipv():
    e = uci_engine()
    try:
        assert e.options["MultiPV"].max >= 3
        board = chess.Board("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1")
        infos = e.analyse(board, chess.engine.Limit(depth=6), multipv=3)
        assert len(infos) == 3, infos
        firsts = [i["pv"][0] for i in infos]
        assert len(set(firsts)) == 3 and all(m in board.legal_moves for m in firsts), firsts
        assert firsts[0].uci() == "d2d5", firsts
        scores = [i["score"].relative.score() for i in infos]
        assert scores[0] > scores[1] + 500, scores
        # More lines than legal moves: one line per move.
        board = chess.Board("6k1/8/6K1/8/8/8/8/R7 b - - 0 1")
        infos = e.analyse(board, chess.engine.Limit(depth=4), multipv=10)
        assert len(infos) == board.legal_moves.count(), infos
        # Back to one line: a plain search.
        info = e.analyse(chess.Board(), chess.engine.Limit(depth=5))
        assert info["pv"][0] in chess.Board().legal_moves
    finally:
        e.quit()


def test_uci_mate_and_stalemate_report_before_bestmove():
    r = Raw()
    try:
        for fen, needle in (("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", "score mate 0"),
                            ("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "score cp 0")):
            r.send(f"position fen {fen}")
            r.send("go depth 5")
            line, seen = r.expect(lambda l: l.startswith("bestmove"), what="bestmove")
            assert line == "bestmove 0000", line
            infos = [l for l in seen if l.startswith("info depth 0")]
            assert len(infos) == 1 and needle in infos[0], seen
        e = uci_engine()
        try:
            info = e.analyse(chess.Board("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1"), chess.engine.Limit(depth=3))
            assert info["score"].relative == chess.engine.Mate(0), info
        finally:
            e.quit()
    finally:
        r.close()


def test_uci_clear_hash_and_wdl():
    e = uci_engine()
    try:
        assert e.options["Clear Hash"].type == "button"
        e.configure({"UCI_ShowWDL": True})
        board = chess.Board()
        info = e.analyse(board, chess.engine.Limit(depth=6))
        wdl = info["wdl"].relative
        assert wdl.total() == 1000 and wdl.draws > 500, wdl
        e.configure({"Clear Hash": None})
        again = e.analyse(board, chess.engine.Limit(depth=6))
        # A cleared table and history: the same search as the first one.
        assert again["nodes"] == info["nodes"], (again["nodes"], info["nodes"])
        mated = e.analyse(chess.Board("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"), chess.engine.Limit(depth=4))
        assert mated["wdl"].relative.wins == 1000, mated
    finally:
        e.quit()


def test_uci_threads():
    """Lazy SMP: two threads analyse and play legal moves; stop stays prompt."""
    a, b = uci_engine(), uci_engine()
    try:
        assert a.options["Threads"].max >= 2
        a.configure({"Threads": 2})
        info = a.analyse(chess.Board(), chess.engine.Limit(depth=9))
        assert info["depth"] == 9 and info["pv"][0] in chess.Board().legal_moves, info
        board = play_game(a, b, OPENINGS[0], lambda _: chess.engine.Limit(time=0.05), max_plies=40)
        assert board.ply() >= 20 or board.is_game_over()
    finally:
        a.quit()
        b.quit()
    r = Raw()
    try:
        r.send("setoption name Threads value 2")
        r.send("go infinite")
        r.expect_prefix("info depth 4")
        r.send("stop")
        r.expect_prefix("bestmove", timeout=HANG)
    finally:
        r.close()


def test_uci_gui_bad_input():
    r = Raw()
    try:
        r.send("uci")
        r.expect_prefix("uciok")
        r.send("position startpos")
        r.send("ponderhit")
        assert "ponderhit" in r.expect_prefix("info string")
        r.send("stop")
        assert "stop" in r.expect_prefix("info string")
        r.send("go infinite")
        r.expect_prefix("info depth 2")
        r.send("stop")
        r.expect_prefix("bestmove")
        r.send("stop")
        assert "no search" in r.expect_prefix("info string")
        # go while searching: named, the old search's move, then the new search.
        r.send("go infinite")
        r.expect_prefix("info depth 2")
        r.send("go depth 3")
        line, seen = r.expect(lambda l: l.startswith("info string"), what="info string")
        assert "already running" in line, line
        r.expect_prefix("bestmove", timeout=2)
        r.expect_prefix("info depth 3", timeout=5)
        r.expect_prefix("bestmove", timeout=5)
        for option, needle in (("MultiPV value 500", "using 64"), ("MultiPV value 0", "using 1"),
                               ("Threads value 0", "using 1"), ("Threads value 1000", "using 64"),
                               ("UCI_ShowWDL value maybe", "true or false")):
            r.send(f"setoption name {option}")
            line = r.expect_prefix("info string")
            assert needle in line, (option, line)
        # MultiPV was clamped to 1: one line per depth.
        r.send("go depth 4")
        line, seen = r.expect(lambda l: l.startswith("bestmove"), what="bestmove")
        assert all(" multipv 1 " in l for l in seen if l.startswith("info depth")), seen
        # Clear Hash during a search is refused by name, and the search goes on.
        r.send("go infinite")
        r.expect_prefix("info depth 2")
        r.send("setoption name Clear Hash")
        assert "clear hash" in r.expect_prefix("info string")
        r.send("stop")
        r.expect_prefix("bestmove")
        r.send("isready")
        r.expect_prefix("readyok")
    finally:
        r.close()


# ---------------------------------------------------------------- xboard tests

def test_xboard_games_and_mates():
    a, b = xboard_engine(), xboard_engine()
    try:
        board = play_game(a, b, OPENINGS[1], lambda _: chess.engine.Limit(time=0.05), max_plies=100)
        assert board.ply() > 20
        # A clock-based game through level/time/otim.
        board = chess.Board()
        game_id = object()
        while not board.is_game_over(claim_draw=True) and board.ply() < 40:
            e = a if board.turn == chess.WHITE else b
            mv = e.play(board, chess.engine.Limit(white_clock=5, black_clock=5, white_inc=0.05, black_inc=0.05),
                        game=game_id).move
            assert mv in board.legal_moves
            board.push(mv)
        for fen, n, firsts in MATES[:4]:
            board = chess.Board(fen)
            result = a.play(board, chess.engine.Limit(depth=2 * n + 2), info=chess.engine.INFO_ALL)
            assert firsts is None or result.move.uci() in firsts, f"{fen}: {result.move}"
            score = result.info["score"].relative
            assert score.is_mate() and score.mate() == n, f"{fen}: {score}"
    finally:
        a.quit()
        b.quit()


def test_xboard_bad_input():
    r = Raw()
    try:
        r.send("xboard")
        r.send("protover 2")
        feat = r.expect(lambda l: "done=1" in l, what="done=1")[0]
        for f in ("setboard=1", "usermove=1", "ping=1"):
            assert f in feat, feat
        r.send("new")
        r.send("force")
        r.send("usermove e2e4")
        r.send("usermove e7e5")
        r.send("usermove e1e8")
        assert r.expect_prefix("Illegal move").startswith("Illegal move (")
        r.send("frobnicate")
        assert r.expect_prefix("Error (unknown command): frobnicate")
        r.send("setboard 8/8/8/8 w - - 0 1")
        assert r.expect_prefix("Error (bad fen")
        r.send(b"\xff\xfegarbage\n")
        assert r.expect_prefix("Error (unknown command)")
        r.send("level 0 x 0")
        assert r.expect_prefix("Error (")
        r.send("sd 99999999999999999999999")
        assert r.expect_prefix("Error (")
        r.send("undo")
        r.send("ping 7")
        r.expect(lambda l: l == "pong 7", what="pong 7")
        # The engine still plays: black to move after 1. e4 (e5 was undone).
        r.send("sd 3")
        r.send("go")
        line = r.expect_prefix("move ", timeout=10)
        board = chess.Board()
        board.push_uci("e2e4")
        assert chess.Move.from_uci(line.split()[1]) in board.legal_moves, line
        # ? makes it move at once.
        r.send("sd 50")
        r.send("force")
        r.send("undo")
        r.send("go")
        time.sleep(0.3)
        r.send("?")
        r.expect_prefix("move ", timeout=HANG)
        r.send("ping 8")
        r.expect(lambda l: l == "pong 8", what="pong 8")
    finally:
        r.close()


def test_xboard_analyze_and_hint():
    r = Raw()
    try:
        r.send("xboard")
        r.send("protover 2")
        feat = r.expect(lambda l: "done=1" in l, what="done=1")[0]
        assert "analyze=1" in feat, feat
        r.send("new")
        r.send("force")
        r.send("usermove e2e4")
        r.send("analyze")
        line = r.expect(lambda l: l[:1].isdigit(), what="thinking line")[0]
        pv = line.split("\t")[1].split()
        board = chess.Board()
        board.push_uci("e2e4")
        assert chess.Move.from_uci(pv[0]) in board.legal_moves, line
        # A move in analyze mode: the new position is analyzed.
        r.send("usermove e7e5")
        board.push_uci("e7e5")
        time.sleep(0.2)
        r.send("ping 1")
        _, seen = r.expect(lambda l: l == "pong 1", what="pong 1")
        time.sleep(0.3)
        r.send(".")
        r.send("exit")
        r.send("ping 2")
        _, seen2 = r.expect(lambda l: l == "pong 2", what="pong 2")
        after = [l for l in seen + seen2 if l[:1].isdigit()]
        assert after, seen + seen2
        first = chess.Move.from_uci(after[-1].split("\t")[1].split()[0])
        assert first in board.legal_moves, after[-1]
        assert not any(l.startswith(("move", "Error")) for l in seen + seen2), seen + seen2
        # hint: after the engine's move, the reply it expects (or a quick search).
        r.send("new")
        r.send("sd 5")
        r.send("white")
        r.send("go")
        mv = r.expect_prefix("move ", timeout=10).split()[1]
        r.send("hint")
        hint = r.expect_prefix("Hint: ", timeout=2).split()[1]
        b = chess.Board()
        b.push_uci(mv)
        assert chess.Move.from_uci(hint) in b.legal_moves, (mv, hint)
        # hint in a fresh position with no search behind it.
        r.send("force")
        r.send("setboard 4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1")
        r.send("hint")
        assert r.expect_prefix("Hint: ", timeout=2) == "Hint: d2d5"
        r.send("ping 3")
        r.expect(lambda l: l == "pong 3", what="pong 3")
    finally:
        r.close()


# ---------------------------------------------------------------- Chess960

STOCKFISH = os.environ.get("STOCKFISH", "/usr/games/stockfish")


def play_960(white, black, number, limit, max_plies=200):
    board = chess.Board.from_chess960_pos(number)
    board.chess960 = True
    game_id = object()
    castles = 0
    while not board.is_game_over(claim_draw=True) and board.ply() < max_plies:
        engine = white if board.turn == chess.WHITE else black
        result = engine.play(board, limit, game=game_id)
        assert result.move is not None, f"no move in {board.fen()}"
        assert result.move in board.legal_moves, f"illegal {result.move} in {board.fen()}"
        castles += board.is_castling(result.move)
        board.push(result.move)
    return board, castles


def test_uci_chess960_games_against_stockfish():
    # A missing peer fails the test: CI installs Debian's stockfish.
    assert os.path.exists(STOCKFISH), f"{STOCKFISH} not found (apt-get install stockfish)"
    e = uci_engine()
    sf = chess.engine.SimpleEngine.popen_uci([STOCKFISH])
    try:
        assert "UCI_Chess960" in e.options, list(e.options)
        sf.configure({"Skill Level": 0})
        total_castles = 0
        # Four start positions, then more until a game has castled (each game so
        # far has about one chance in two to castle): castling must have been
        # played and accepted by both engines at least once.
        numbers = [0, 518, 959, 337, 100, 200, 300, 400, 500, 600, 700, 800]
        for i, number in enumerate(numbers):
            if i >= 4 and total_castles > 0:
                break
            white, black = (e, sf) if i % 2 == 0 else (sf, e)
            board, castles = play_960(white, black, number, chess.engine.Limit(time=0.02))
            total_castles += castles
            outcome = board.outcome(claim_draw=True)
            print(f"      (position {number}: {board.ply()} plies, {castles} castles, "
                  f"{outcome.termination.name.lower() if outcome else 'ply limit'})")
        assert total_castles > 0, "no game castled"
    finally:
        e.quit()
        sf.quit()


def test_uci_chess960_perft_and_castling_text():
    r = Raw()
    try:
        # From tests/data/chess960.epd: king f1, rook g1 (castling swaps them).
        fen = "bnrbnkrq/pppppppp/8/8/8/8/PPPPPPPP/BNRBNKRQ w KQkq - 0 1"
        r.send("setoption name UCI_Chess960 value true")
        r.send(f"position fen {fen}")
        r.send("go perft 3")
        line, seen = r.expect(lambda l: l.startswith("Nodes searched"), what="Nodes searched")
        assert line == "Nodes searched: 10179", line  # Stockfish's count
        assert any(l.startswith("f1g1:") for l in seen), seen  # castling
        # Castling king takes rook in a game, then a search from there.
        board = chess.Board(fen, chess960=True)
        board.push_uci("f1g1")
        assert board.king(chess.WHITE) == chess.G1 and board.piece_at(chess.F1).piece_type == chess.ROOK
        r.send(f"position fen {fen} moves f1g1")
        bestmove_is_legal(r, board, "f1g1 with UCI_Chess960 on")
        r.send("position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 moves e1h1 e8a8")
        board = chess.Board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", chess960=True)
        board.push_uci("e1h1")
        board.push_uci("e8a8")
        bestmove_is_legal(r, board, "e1h1 e8a8 with UCI_Chess960 on")
        # With UCI_Chess960 off, king takes rook is refused and the position kept.
        r.send("setoption name UCI_Chess960 value false")
        r.send("position startpos")
        r.send("position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 moves e1h1")
        line = r.expect_prefix("info string")
        assert "castling" in line and "e1h1" in line, line
        r.send("d")
        line = r.expect_prefix("Fen: ")
        assert line.endswith("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"), line
        r.send("setoption name UCI_Chess960 value maybe")
        assert "UCI_Chess960" in r.expect_prefix("info string")
    finally:
        r.close()


def test_xboard_analysis_through_python_chess():
    e = xboard_engine()
    try:
        board = chess.Board("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
        info = e.analyse(board, chess.engine.Limit(time=0.5))
        assert info["pv"][0].uci() == "a1a8", info
        assert info["score"].relative.mate() == 1, info
    finally:
        e.quit()


def test_xboard_fischerandom_game():
    a, b = xboard_engine(), xboard_engine()
    try:
        board, castles = play_960(a, b, 441, chess.engine.Limit(time=0.03), max_plies=80)
        print(f"      ({board.ply()} plies, {castles} castles)")
        assert board.ply() > 20 or board.is_game_over()
    finally:
        a.quit()
        b.quit()



# ------------------------------------------------- hang detectors (pathological positions)

# Legal positions that GUIs' position editors produce and that make a search's tree
# explode: boards full of queens (every capture an equal trade that gives check), the
# position with the most legal moves known (218), stacked batteries for long forced
# capture chains. Every answer is bounded by HANG seconds: a hang detector, not a
# timing test (the latency figures are measured by measure/stop-latency.py).
PATHOLOGICAL = [
    "qqqqkqqq/qqqqqqqq/8/8/8/8/QQQQQQQQ/QQQQKQQQ w - - 0 1",
    "rnbqkbnr/qqqqqqqq/8/8/8/8/QQQQQQQQ/RNBQKBNR w KQkq - 0 1",
    "qqqqkqqq/qqqq4/8/8/8/8/QQQQ4/QQQQKQQQ w - - 0 1",
    "R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1",
    "3rrk2/3q4/3r4/3b4/3B4/3R4/3Q4/3RRK2 w - - 0 1",
    "1qqqqqk1/qqqqqqqq/8/8/8/8/QQQQQQQQ/1QQQQQK1 b - - 0 1",
]
HANG = 1.0


def legal_reply(fen, line, chess960=False):
    mv = line.split()[1]
    board = chess.Board(fen, chess960=chess960)
    assert chess.Move.from_uci(mv) in board.legal_moves, f"{line!r} in {fen}"


def test_uci_pathological_positions_answer_every_limit():
    import random
    rng = random.Random(51)
    r = Raw()
    try:
        r.send("uci")
        r.expect_prefix("uciok")
        worst = 0.0
        for fen in PATHOLOGICAL:
            r.send(f"position fen {fen}")
            for go in ("go depth 1", "go nodes 1", "go movetime 1", "go depth 2 movetime 50",
                       "go wtime 100 btime 100", "go infinite", "go depth 30"):
                r.send("isready")
                r.expect(lambda l: l == "readyok", 5, "readyok")
                t = time.monotonic()
                r.send(go)
                if go in ("go infinite", "go depth 30"):
                    time.sleep(rng.uniform(0, 0.3))
                    t = time.monotonic()
                    r.send("stop")
                line = r.expect_prefix("bestmove", timeout=HANG + 0.2 if "wtime" in go else HANG)
                worst = max(worst, time.monotonic() - t)
                legal_reply(fen, line)
        print(f"      (slowest answer: {worst * 1000:.0f} ms)")
    finally:
        r.close()


def test_uci_quit_and_eof_end_a_search_in_a_pathological_position():
    fen = PATHOLOGICAL[0]
    for ending in (b"quit\n", b""):
        p = subprocess.Popen([ENGINE], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE)
        p.stdin.write(f"position fen {fen}\ngo infinite\n".encode())
        p.stdin.flush()
        time.sleep(0.2)
        t = time.monotonic()
        p.stdin.write(ending)
        p.stdin.close()
        try:
            p.wait(timeout=HANG)
        except subprocess.TimeoutExpired:
            p.kill()
            raise AssertionError(f"{ending or 'end of input'!r} did not end the search")
        assert p.returncode == 0, p.returncode
        assert b"panicked" not in p.stderr.read()
        assert time.monotonic() - t < HANG


def test_xboard_pathological_positions_move_and_move_now():
    r = Raw()
    try:
        r.send("xboard")
        r.send("protover 2")
        r.expect(lambda l: "done=1" in l, 5, "feature done=1")
        for fen in PATHOLOGICAL:
            for n, how in enumerate(("st 1", "sd 1", "?", "analyze")):
                r.send("new")
                r.send("force")
                r.send(f"setboard {fen}")
                r.send(f"ping {n}")
                r.expect(lambda l, n=n: l == f"pong {n}", 5, f"pong {n}")
                if how in ("st 1", "sd 1"):
                    r.send(how)
                    r.send("go")
                    line = r.expect_prefix("move ", timeout=1 + HANG)
                    legal_reply(fen, line)
                elif how == "?":
                    r.send("st 100")
                    r.send("go")
                    time.sleep(0.2)
                    r.send("?")
                    line = r.expect_prefix("move ", timeout=HANG)
                    legal_reply(fen, line)
                else:
                    r.send("post")
                    r.send("analyze")
                    time.sleep(0.2)
                    r.send("exit")
                    r.send(f"ping {n + 10}")
                    r.expect(lambda l, n=n: l == f"pong {n + 10}", HANG, "pong after exit")
    finally:
        r.close()


TESTS = [v for k, v in list(globals().items()) if k.startswith("test_")]


def main():
    if not os.path.exists(ENGINE):
        print(f"engine binary not found: {ENGINE}")
        return 2
    passed = failed = 0
    for test in TESTS:
        t = time.monotonic()
        try:
            test()
        except Exception as err:  # noqa: BLE001 - report every failure
            failed += 1
            print(f"FAIL {test.__name__} ({time.monotonic() - t:.1f} s): {err!r}")
            traceback.print_exc(limit=3)
        else:
            passed += 1
            print(f"PASS {test.__name__} ({time.monotonic() - t:.1f} s)")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
