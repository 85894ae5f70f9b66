"""Builds the opening book of balanced positions the test rig (rig/sprt.py) plays from.

Usage:
    PATH=/usr/games:$PATH python3 -m rig.book [--count 400] [--seed 1] \\
        [--depth 12] [--window 50] [--out rig/books/book.epd]

How a position is made (deterministic for a given seed, Stockfish build and options):
  * a line of 6 to 8 plies (length drawn from the seeded generator) is played from the
    start position; at each ply Debian's `stockfish` (1 thread, 16 MB hash, hash cleared
    before every search) runs a MultiPV search at --pick-depth, and the move is drawn
    uniformly from the candidates whose score is within --margin centipawns of the best
    one (wider on the first two plies, for variety). A move further than that from the
    best is never played, so the line contains no blunder by the pick search's standard;
  * the final position is skipped if the game is over, the side to move is in check, or it
    repeats a position already in the book (transpositions are common);
  * it is scored by a --depth search (hash cleared first) and kept only if the score is a
    centipawn score within +-window from the side to move's point of view.

With --extend BOOK each line instead starts from a line of BOOK (drawn with the seeded
generator) and adds --extra-plies picked moves the same way (the narrow margin), so a
small book grows into a large one of the same standard at the cost of the new plies and
the scoring search only. Positions of BOOK itself are not repeated.

Positions are written to OUT.part as they are found (a stopped run's positions can still
be used); OUT is replaced only when the run finds --count positions.

Output: one EPD record per line, with the opcodes
    ce   the Stockfish score in centipawns, side to move's point of view (EPD standard),
    acd  the depth of that search,
    c0   the line from the start position in UCI notation,
    id   "wingtip-book N".
The rig plays each line with both colours. The book is written in generation order; the rig
reads it in file order (or shuffled with its own seed).
"""

import argparse
import os
import random
import sys

import chess
import chess.engine

from rig import paths


def pick_move(engine, board, rng, multipv, margin, depth):
    """Draws a move among Stockfish's MultiPV candidates within `margin` cp of the best."""
    infos = engine.analyse(board, chess.engine.Limit(depth=depth), multipv=multipv,
                           game=object())  # a new game object sends ucinewgame: hash cleared
    scored = []
    for info in infos:
        if "pv" not in info or not info["pv"]:
            continue
        scored.append((info["pv"][0], info["score"].relative.score(mate_score=100000)))
    if not scored:
        return None
    best = max(s for _, s in scored)
    pool = [m for m, s in scored if best - s <= margin]
    return rng.choice(pool)


def read_lines(path):
    """The positions of an EPD book written by this script, each replayed from its c0 line
    (the board's move stack is the line)."""
    lines = []
    with open(path, encoding="utf-8") as f:
        for number, text in enumerate(f, 1):
            if not text.strip() or text.startswith("#"):
                continue
            try:
                _, ops = chess.Board.from_epd(text)
                moves = ops["c0"].split()
                board = chess.Board()
                for m in moves:
                    board.push_uci(m)
            except (ValueError, KeyError) as err:
                sys.exit(f"book.py: {path}:{number}: not a book line with a c0 move list "
                         f"({err})")
            lines.append(board)
    if not lines:
        sys.exit(f"book.py: {path}: no lines")
    return lines


def build(engine, count, seed, depth, pick_depth, window, margin, min_plies, max_plies,
          max_attempts, progress, bases=None, on_position=None):
    rng = random.Random(seed)
    book = []
    seen = {base.epd() for base in bases or []}
    attempts = 0
    stats = {"over_or_check": 0, "duplicate": 0, "unbalanced": 0}
    while len(book) < count and attempts < max_attempts:
        attempts += 1
        board = rng.choice(bases).copy() if bases else chess.Board()
        line = [m.uci() for m in board.move_stack]
        plies = rng.randint(min_plies, max_plies)
        first = len(line)
        for ply in range(plies):
            wide = ply < 2 and not bases
            move = pick_move(engine, board, rng, multipv=8 if wide else 4,
                             margin=2 * margin if wide else margin, depth=pick_depth)
            if move is None:
                break
            line.append(move.uci())
            board.push(move)
        if board.is_game_over() or board.is_check() or len(line) != first + plies:
            stats["over_or_check"] += 1
            continue
        key = board.epd()
        if key in seen:
            stats["duplicate"] += 1
            continue
        info = engine.analyse(board, chess.engine.Limit(depth=depth), game=object())
        score = info["score"].relative
        if score.is_mate() or abs(score.score()) > window:
            stats["unbalanced"] += 1
            continue
        seen.add(key)
        book.append((board.copy(stack=False), score.score(), line))
        if on_position:
            on_position(len(book), *book[-1])
        if progress:
            print(f"\r{len(book)}/{count} positions, {attempts} lines tried", end="",
                  file=sys.stderr, flush=True)
    if progress:
        print(file=sys.stderr)
    return book, attempts, stats


def main():
    ap = argparse.ArgumentParser(
        prog="python3 -m rig.book", description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--count", type=int, default=400, help="positions to keep")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--depth", type=int, default=12, help="depth of the scoring search")
    ap.add_argument("--pick-depth", type=int, default=8, help="depth of the move-picking search")
    ap.add_argument("--window", type=int, default=50, help="keep positions scored within +-cp")
    ap.add_argument("--margin", type=int, default=40,
                    help="a picked move is within this many cp of the best (x2 on plies 1-2)")
    ap.add_argument("--min-plies", type=int, default=6)
    ap.add_argument("--max-plies", type=int, default=8)
    ap.add_argument("--max-attempts", type=int, default=5000)
    ap.add_argument("--stockfish", default="stockfish", help="Stockfish command")
    ap.add_argument("--extend", metavar="BOOK",
                    help="start every line from a line of BOOK (see above)")
    ap.add_argument("--extra-plies", type=int, default=2,
                    help="with --extend: plies added to a BOOK line")
    ap.add_argument("--id-prefix", default="wingtip-book",
                    help="the id opcode's text before the position's number")
    ap.add_argument("--out", default=paths.BOOK,
                    help="EPD file written (default rig/books/book.epd, the rig's book)")
    ap.add_argument("--quiet", action="store_true", help="no progress line")
    args = ap.parse_args()
    if not 0 < args.min_plies <= args.max_plies:
        sys.exit("book.py: need 0 < --min-plies <= --max-plies")
    bases = None
    if args.extend:
        if args.extra_plies < 1:
            sys.exit("book.py: need --extra-plies >= 1")
        bases = read_lines(args.extend)
        args.min_plies = args.max_plies = args.extra_plies
    # Each position is written to OUT.part as it is found (a long run can be stopped and
    # its positions still used); OUT itself is replaced only by a finished run.
    partial = args.out + ".part"
    out = None

    def write(number, board, cp, line):
        out.write(board.epd(ce=cp, acd=args.depth, c0=" ".join(line),
                            id=f"{args.id_prefix} {number}") + "\n")
        out.flush()

    try:
        engine = chess.engine.SimpleEngine.popen_uci([args.stockfish])
    except (OSError, chess.engine.EngineError) as err:
        sys.exit(f"book.py: cannot start {args.stockfish}: {err}")
    try:
        out = open(partial, "w")
    except OSError as err:
        engine.quit()
        sys.exit(f"book.py: cannot write {partial}: {err}")
    try:
        engine.configure({"Threads": 1, "Hash": 16})
        name = engine.id.get("name", args.stockfish)
        book, attempts, stats = build(engine, args.count, args.seed, args.depth, args.pick_depth,
                                      args.window, args.margin, args.min_plies, args.max_plies,
                                      args.max_attempts, not args.quiet, bases, write)
    finally:
        engine.quit()
        out.close()
    if len(book) < args.count:
        sys.exit(f"book.py: only {len(book)} of {args.count} positions after "
                 f"{args.max_attempts} attempts; they are in {partial}, {args.out} is unchanged")
    os.replace(partial, args.out)
    print(f"book.py: {len(book)} positions from {attempts} lines ({stats}); scored by {name} "
          f"at depth {args.depth}, window +-{args.window} cp, seed {args.seed}; wrote {args.out}")


if __name__ == "__main__":
    main()
