"""Relabels tuning data with a stronger engine's score: every position of a datagen file
(`FEN | result | score | game`, see rig/datagen.py) gets the score a reference UCI engine
(default Debian's Stockfish) gives it at a fixed depth, White's point of view, in place of
wingtip's own search score. The tuner then fits wingtip's evaluation to that score
(`wingtip-tune --score-weight 1 --validate-target`): a distillation of the stronger
engine's judgement into wingtip's hand-designed terms, a common way to tune when self-play
games are too few for game results alone (a result is one noisy bit per game).

Usage:
    PATH=/usr/games:$PATH python3 -m rig.label --in lab/data/selfplay.txt \\
        --out lab/data/labelled.txt [--engine stockfish] [--depth 8] [--concurrency 2]

The input may also be games: with `--in games.pgn` (or `.pgn.xz`, e.g. a match against a
stronger engine from rig/sprt.py) every position of every finished game that is not in
check is labelled, from ply --from-ply of each game on, game numbers from --first-game
(keep them apart from the other data's).

Resumable: the input is cut into chunks of --chunk positions; each finished chunk is written
to `<out>.chunks/<n>.txt` (via a temporary file and a rename), a rerun skips the chunks that
exist, and the output file is assembled from all chunks in order at the end. Positions the
engine scores as mate, or beyond +-(--max-score) cp, are dropped (a mate score has no
centipawn value to fit). The game result and game number are kept.
"""

import argparse
import os
import queue
import sys
import threading
import time

from rig.uci_pipe import UciPipe


def read_positions(path):
    rows = []
    with open(path) as f:
        for number, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            fields = [x.strip() for x in line.split("|")]
            if len(fields) != 4:
                sys.exit(f"{path}:{number}: expected `FEN | result | score | game`, got {len(fields)} field(s)")
            rows.append(fields)
    return rows


def read_pgn_positions(path, first_game, from_ply):
    """The positions of a PGN's finished games (`.pgn`, or `.pgn.xz`) as datagen rows:
    every position from ply `from_ply` of the game (counted from its start position) on
    that is not in check, the game's result from White's side, a placeholder score, and
    game numbers from `first_game` on (the tuner holds out whole games by number)."""
    import lzma

    import chess.pgn

    opener = lzma.open if path.endswith(".xz") else open
    rows = []
    try:
        f = opener(path, "rt", encoding="utf-8", errors="replace")
    except OSError as e:
        sys.exit(f"{path}: {e.strerror}")
    with f:
        game_number = first_game
        while (game := chess.pgn.read_game(f)) is not None:
            result = {"1-0": "1.0", "0-1": "0.0", "1/2-1/2": "0.5"}.get(game.headers.get("Result"))
            if result is None:
                continue
            board = game.board()
            for ply, node in enumerate(game.mainline()):
                if ply >= from_ply and not board.is_check():
                    rows.append([board.fen(), result, "0", str(game_number)])
                board.push(node.move)
            game_number += 1
    if not rows:
        sys.exit(f"{path}: no position of a finished game")
    return rows


class Engine(UciPipe):
    """The reference engine, one thread, started by `UciPipe`."""

    def score(self, fen, depth):
        """The engine's score at `depth`, side to move's view: ('cp', n) or ('mate', n)."""
        self.send(f"position fen {fen}")
        self.send(f"go depth {depth}")
        last = None
        for line in self.wait("bestmove"):
            words = line.split()
            if "score" in words:
                i = words.index("score")
                if i + 2 < len(words) and "lowerbound" not in words and "upperbound" not in words:
                    last = (words[i + 1], int(words[i + 2]))
        return last


def main():
    ap = argparse.ArgumentParser(
        prog="python3 -m rig.label", description=__doc__.split("\n\n")[0])
    ap.add_argument("--in", dest="inp", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--engine", default="stockfish")
    ap.add_argument("--depth", type=int, default=8)
    ap.add_argument("--concurrency", type=int, default=1)
    ap.add_argument("--hash", type=int, default=16, help="engine hash in MB")
    ap.add_argument("--chunk", type=int, default=2000)
    ap.add_argument("--max-score", type=int, default=2000)
    ap.add_argument("--first-game", type=int, default=0,
                    help="PGN input: the first game's number in the output")
    ap.add_argument("--from-ply", type=int, default=0,
                    help="PGN input: skip each game's first plies (e.g. its book moves)")
    args = ap.parse_args()

    if args.inp.endswith((".pgn", ".pgn.xz")):
        rows = read_pgn_positions(args.inp, args.first_game, args.from_ply)
    else:
        rows = read_positions(args.inp)
    chunk_dir = args.out + ".chunks"
    os.makedirs(chunk_dir, exist_ok=True)
    chunks = [(n, rows[i:i + args.chunk]) for n, i in enumerate(range(0, len(rows), args.chunk))]
    todo = queue.Queue()
    for n, rows_n in chunks:
        if not os.path.exists(os.path.join(chunk_dir, f"{n}.txt")):
            todo.put((n, rows_n))
    total = todo.qsize()
    print(f"{len(rows)} positions in {len(chunks)} chunks; {total} chunks to label "
          f"with {args.engine} depth {args.depth}", file=sys.stderr)
    done = [0]
    lock = threading.Lock()
    start = time.time()
    errors = []

    def worker():
        try:
            engine = Engine(args.engine, [("Threads", 1), ("Hash", args.hash)])
        except (OSError, RuntimeError) as e:
            errors.append(f"cannot start engine {args.engine}: {e}")
            return
        try:
            while True:
                try:
                    n, part = todo.get_nowait()
                except queue.Empty:
                    return
                out = []
                for fen, result, _score, game in part:
                    s = engine.score(fen, args.depth)
                    if s is None or s[0] != "cp" or abs(s[1]) > args.max_score:
                        continue
                    white = s[1] if fen.split()[1] == "w" else -s[1]
                    out.append(f"{fen} | {result} | {white} | {game}\n")
                path = os.path.join(chunk_dir, f"{n}.txt")
                with open(path + ".tmp", "w") as f:
                    f.writelines(out)
                os.replace(path + ".tmp", path)
                with lock:
                    done[0] += 1
                    rate = done[0] * args.chunk / max(time.time() - start, 1e-9)
                    print(f"chunk {n} done ({done[0]}/{total}, {rate:.0f} positions/s)",
                          file=sys.stderr, flush=True)
        except Exception as e:  # engine died: report and let the rerun resume
            errors.append(str(e))
        finally:
            engine.close()

    threads = [threading.Thread(target=worker) for _ in range(max(1, args.concurrency))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if errors:
        sys.exit(f"labelling stopped: {errors[0]}; rerun the same command to resume")
    with open(args.out + ".tmp", "w") as f:
        f.write(f"# {args.inp} relabelled by {args.engine} at depth {args.depth} "
                f"(score: White's point of view, cp)\n")
        kept = 0
        for n, _ in chunks:
            with open(os.path.join(chunk_dir, f"{n}.txt")) as part:
                for line in part:
                    f.write(line)
                    kept += 1
    os.replace(args.out + ".tmp", args.out)
    print(f"wrote {kept} of {len(rows)} positions to {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
