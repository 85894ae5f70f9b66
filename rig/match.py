"""Plays wingtip against reference engines and reports score and Elo difference.

Usage:
    PATH=/usr/games:$PATH python3 -m rig.match target/release/wingtip \\
        [--opponent stockfish1800] [--opponent gnuchess] [--games 40] [--tc 10+0.1] \\
        [--out lab/data/match-results.md] [--pgn lab/data/match_games.pgn]

Opponents (python-chess UCI clients, one game at a time):
    stockfishNNNN   Debian's `stockfish` with UCI_LimitStrength=true, UCI_Elo=NNNN
    gnuchess        Debian's GNU Chess in UCI mode (`gnuchessu`), own book off
    engine:PATH     any UCI engine (e.g. an older wingtip build, for regressions)

Each opening of the built-in balanced list is played twice, colors swapped, so
--games should be even. Clocks are kept here (wall time of each `play` call,
increment added after the move): a side whose clock runs out loses on time. An
illegal move loses (and is reported). Games longer than 300 plies are drawn.

The score is reported with a 95% interval from the per-game standard error
(trinomial), and the Elo difference as -400 log10(1/score - 1) with the interval
converted the same way (rig/stats.py's elo_from_score). lab/match-results.md keeps the
first such run's log. For SPRT tests and Elo measurements with a book of balanced
positions and pentanomial statistics, use rig/sprt.py.
"""

import argparse
import datetime
import math
import os
import sys
import time

import chess
import chess.engine
import chess.pgn

from rig.stats import elo_from_score

# Balanced openings (UCI moves): mainline theory where neither side is worse.
OPENINGS = [
    ("Ruy Lopez", "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6"),
    ("Sicilian Najdorf", "e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3 a7a6"),
    ("Queen's Gambit Declined", "d2d4 d7d5 c2c4 e7e6 b1c3 g8f6"),
    ("King's Indian", "d2d4 g8f6 c2c4 g7g6 b1c3 f8g7 e2e4 d7d6"),
    ("French", "e2e4 e7e6 d2d4 d7d5 b1c3 g8f6"),
    ("Caro-Kann", "e2e4 c7c6 d2d4 d7d5 b1c3 d5e4 c3e4 c8f5"),
    ("English", "c2c4 e7e5 b1c3 g8f6 g1f3 b8c6"),
    ("Slav", "d2d4 d7d5 c2c4 c7c6 g1f3 g8f6 b1c3 d5c4"),
    ("Italian", "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 c2c3 g8f6"),
    ("Nimzo-Indian", "d2d4 g8f6 c2c4 e7e6 b1c3 f8b4"),
    ("Reti", "g1f3 d7d5 g2g3 g8f6 f1g2 c7c6 e1g1 c8g4"),
    ("Pirc", "e2e4 d7d6 d2d4 g8f6 b1c3 g7g6"),
    ("Modern Benoni", "d2d4 g8f6 c2c4 c7c5 d4d5 e7e6 b1c3 e6d5 c4d5 d7d6"),
    ("Petroff", "e2e4 e7e5 g1f3 g8f6 f3e5 d7d6 e5f3 f6e4"),
    ("Closed Sicilian", "e2e4 c7c5 b1c3 b8c6 g2g3 g7g6 f1g2 f8g7"),
    ("Dutch", "d2d4 f7f5 g2g3 g8f6 f1g2 g7g6"),
    ("Symmetrical English", "c2c4 c7c5 g1f3 g8f6 b1c3 b8c6"),
    ("Vienna", "e2e4 e7e5 b1c3 g8f6 f2f4 d7d5"),
    ("London", "d2d4 d7d5 g1f3 g8f6 c1f4 e7e6 e2e3 c7c5"),
    ("Scandinavian", "e2e4 d7d5 e4d5 d8d5 b1c3 d5a5 d2d4 g8f6"),
]

MAX_PLIES = 300


def open_opponent(name):
    if name.startswith("stockfish"):
        elo = int(name[len("stockfish"):] or 1800)
        engine = chess.engine.SimpleEngine.popen_uci(["stockfish"])
        engine.configure({"UCI_LimitStrength": True, "UCI_Elo": elo, "Threads": 1, "Hash": 16})
        return engine, f"Stockfish 15.1 UCI_Elo {elo}"
    if name == "gnuchess":
        engine = chess.engine.SimpleEngine.popen_uci(["gnuchessu"], stderr=open(os.devnull, "w"))
        try:
            engine.configure({"OwnBook": False})
        except chess.engine.EngineError:
            pass
        return engine, engine.id.get("name", "GNU Chess")
    if name.startswith("engine:"):
        engine = chess.engine.SimpleEngine.popen_uci([name[len("engine:"):]])
        return engine, f"{engine.id.get('name', 'engine')} ({name[len('engine:'):]})"
    raise SystemExit(f"unknown opponent: {name}")


def play_game(wingtip, opponent, opening, wingtip_white, base, inc):
    """Returns (result for wingtip: 1, 0.5, 0; reason; pgn game)."""
    board = chess.Board()
    for uci in opening.split():
        board.push_uci(uci)
    clocks = {chess.WHITE: base, chess.BLACK: base}
    engines = {chess.WHITE: wingtip if wingtip_white else opponent,
               chess.BLACK: opponent if wingtip_white else wingtip}
    wingtip_color = chess.WHITE if wingtip_white else chess.BLACK
    reason = None
    result = None
    game_id = f"{opening}/{wingtip_white}/{time.monotonic()}"  # new id: python-chess sends ucinewgame
    while True:
        if board.is_game_over(claim_draw=True):
            outcome = board.outcome(claim_draw=True)
            result = outcome.result()
            reason = outcome.termination.name.lower()
            break
        if board.ply() >= MAX_PLIES:
            result, reason = "1/2-1/2", "move limit"
            break
        side = board.turn
        limit = chess.engine.Limit(white_clock=clocks[chess.WHITE], black_clock=clocks[chess.BLACK],
                                   white_inc=inc, black_inc=inc)
        started = time.monotonic()
        try:
            played = engines[side].play(board, limit, game=game_id)
        except chess.engine.EngineError as err:
            result = "0-1" if side == chess.WHITE else "1-0"
            reason = f"engine error: {err}"
            break
        used = time.monotonic() - started
        clocks[side] -= used
        if clocks[side] < 0:
            result = "0-1" if side == chess.WHITE else "1-0"
            reason = "time forfeit"
            break
        clocks[side] += inc
        move = played.move
        if move is None or move not in board.legal_moves:
            result = "0-1" if side == chess.WHITE else "1-0"
            reason = f"illegal move {move}"
            break
        board.push(move)
    game = chess.pgn.Game.from_board(board)
    game.headers["Result"] = result
    game.headers["Termination"] = reason
    points = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}[result]
    if wingtip_color == chess.BLACK:
        points = 1.0 - points
    return points, reason, game


def summary(points):
    n = len(points)
    if n == 0:
        return "no games"
    wins = sum(1 for p in points if p == 1.0)
    draws = sum(1 for p in points if p == 0.5)
    losses = n - wins - draws
    score = sum(points) / n
    var = sum((p - score) ** 2 for p in points) / n
    se = math.sqrt(var / n)
    lo, hi = max(score - 1.96 * se, 0.0), min(score + 1.96 * se, 1.0)
    return (f"{n} games: +{wins} ={draws} -{losses}, score {100 * score:.1f}% "
            f"(95% interval {100 * lo:.1f}–{100 * hi:.1f}%), "
            f"Elo difference {elo_from_score(score):+.0f} (95% interval "
            f"{elo_from_score(lo):+.0f} to {elo_from_score(hi):+.0f})")


def main():
    ap = argparse.ArgumentParser(
        prog="python3 -m rig.match", description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("engine", help="path to the wingtip binary")
    ap.add_argument("--opponent", action="append", help="stockfishNNNN or gnuchess (repeatable)")
    ap.add_argument("--games", type=int, default=40, help="games per opponent (even)")
    ap.add_argument("--tc", default="10+0.1", help="base seconds + increment seconds")
    ap.add_argument("--out", default=None,
                    help="append results (markdown) to this file (e.g. lab/data/match-results.md)")
    ap.add_argument("--pgn", default=None, help="append games to this PGN file")
    args = ap.parse_args()
    base, inc = (float(x) for x in args.tc.split("+"))
    opponents = args.opponent or ["stockfish1800", "gnuchess"]

    def log(text):
        print(text, flush=True)
        if args.out:
            with open(args.out, "a") as f:
                f.write(text + "\n")

    wingtip = chess.engine.SimpleEngine.popen_uci([args.engine])
    log(f"\n## {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC: "
        f"{wingtip.id.get('name')} at {args.tc}, {args.games} games per opponent\n")
    failures = 0
    for name in opponents:
        opponent, label = open_opponent(name)
        points = []
        log(f"### vs {label}\n")
        for i in range(args.games):
            name_, moves = OPENINGS[(i // 2) % len(OPENINGS)]
            white = i % 2 == 0
            p, reason, game = play_game(wingtip, opponent, moves, white, base, inc)
            points.append(p)
            if "illegal" in reason or "error" in reason or ("time" in reason and p == 0.0):
                failures += 1
            game.headers["White"] = "wingtip" if white else label
            game.headers["Black"] = label if white else "wingtip"
            game.headers["Event"] = f"wingtip match {args.tc}"
            game.headers["Opening"] = name_
            if args.pgn:
                with open(args.pgn, "a") as f:
                    print(game, file=f, end="\n\n")
            log(f"- game {i + 1}: {name_}, wingtip {'white' if white else 'black'}: "
                f"{game.headers['Result']} ({reason}); running: {summary(points)}")
        log(f"\n**Result vs {label}: {summary(points)}**\n")
        opponent.quit()
    wingtip.quit()
    if failures:
        log(f"wingtip lost {failures} game(s) by illegal move, engine error or time forfeit")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
