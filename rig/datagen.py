"""Self-play data for Texel tuning: wingtip plays itself at a fixed node budget from the
opening book, and the quiet positions of every game are written with the game's result.

Usage:
    python3 -m rig.datagen [--engine target/release/wingtip] [--games 10000] \\
        [--nodes 5000] [--out lab/data/selfplay.txt] [--concurrency 1] [--seed 1]

Resumable: run the same command again and it carries on. Every game is written as one block
ending in a `# game` marker line; on start the command keeps the complete blocks of --out,
cuts anything after the last marker (a game interrupted while being written) and plays the
game numbers not yet in the file, up to --games. Game N is fully determined by N, the seed,
the book and the engine build (opening N mod book size, then --random-plies uniformly random
legal moves drawn from a generator seeded with (seed, N); `ucinewgame` clears the hash, and
a node budget makes the search repeatable), so an interrupted run and an uninterrupted one
write the same games.

Positions kept (wingtip has no command that reports its static and quiescence scores over
UCI, so "quiet" is judged by the move the engine chose and the check status): the side to
move is not in check; the engine's move is not a capture, a promotion or a check; the score
is not a mate score and within +-(--max-score) cp; the position is at least --skip-plies
plies after the book position and the random plies. A tuner should still resolve each
position with its own quiescence search when it needs strictly quiet leaves.

Games end by the rules (checkmate, stalemate, insufficient material, threefold repetition,
fifty moves), by --max-plies (drawn), or by adjudication: both sides' scores beyond
+-(--win-score) for --win-plies consecutive plies (a win for the side the scores favour),
or after --draw-ply plies all within +-(--draw-score) cp for --draw-plies plies (a draw).

Output format (text, one position per line; `#` starts a comment line):
    <FEN> | <result> | <score> | <game>
    FEN      the position (all six fields),
    result   the game result from White's point of view: 1.0, 0.5 or 0.0,
    score    the engine's search score of the position at the node budget, centipawns,
             White's point of view,
    game     the game number.
and after each game's positions:
    # game <number> result <1-0|0-1|1/2-1/2> reason <word> positions <count>
"""

import argparse
import os
import random
import subprocess
import sys
import threading

import chess
import chess.engine

from rig import paths, workers

MATE = 100000


def read_book(path):
    boards = []
    try:
        with open(path) as f:
            for number, line in enumerate(f, 1):
                if line.strip() and not line.startswith("#"):
                    try:
                        boards.append(chess.Board.from_epd(line.strip())[0])
                    except ValueError as err:
                        sys.exit(f"datagen.py: {path}:{number}: bad EPD: {err}")
    except OSError as err:
        sys.exit(f"datagen.py: cannot read book {path}: {err}")
    if not boards:
        sys.exit(f"datagen.py: book {path} is empty")
    return boards


def resume(path):
    """Keeps the complete game blocks of `path`; returns the set of finished game numbers."""
    done = set()
    if not os.path.exists(path):
        return done
    keep = 0
    with open(path, "rb") as f:
        data = f.read()
    offset = 0
    for raw in data.splitlines(keepends=True):
        offset += len(raw)
        if not raw.endswith(b"\n"):
            break
        if raw.startswith(b"# game "):
            try:
                done.add(int(raw.split()[2]))
            except (IndexError, ValueError):
                sys.exit(f"datagen.py: {path}: bad marker line {raw!r}")
            keep = offset
    if keep < len(data):
        with open(path, "r+b") as f:
            f.truncate(keep)
        print(f"datagen.py: cut {len(data) - keep} bytes of an unfinished game from {path}",
              file=sys.stderr)
    return done


def play(engine, start, number, args):
    """Plays game `number`; returns (lines, marker)."""
    rng = random.Random(f"{args.seed}/{number}")
    board = start.copy()
    for _ in range(args.random_plies):
        moves = list(board.legal_moves)
        if not moves or board.is_game_over():
            break
        board.push(rng.choice(moves))
    first_ply = board.ply()
    token = object()  # a new game object: python-chess sends ucinewgame
    candidates = []  # (fen, white score) of quiet positions
    scores = []  # white scores, one per ply
    result = reason = None
    limit = chess.engine.Limit(nodes=args.nodes)
    while result is None:
        if board.is_game_over(claim_draw=True):
            outcome = board.outcome(claim_draw=True)
            result, reason = outcome.result(), outcome.termination.name.lower()
            break
        if board.ply() - first_ply >= args.max_plies:
            result, reason = "1/2-1/2", "max_plies"
            break
        played = engine.play(board, limit, game=token, info=chess.engine.INFO_SCORE)
        move = played.move
        if move is None or move not in board.legal_moves:
            raise RuntimeError(f"game {number}: illegal move {move} in {board.fen()}")
        score = played.info.get("score")
        cp = score.white().score(mate_score=MATE) if score is not None else None
        scores.append(cp)
        if (cp is not None and abs(cp) <= args.max_score
                and board.ply() - first_ply >= args.skip_plies
                and not board.is_check() and not board.is_capture(move)
                and move.promotion is None and not board.gives_check(move)):
            candidates.append((board.fen(), cp))
        board.push(move)
        last = scores[-args.win_plies:]
        if len(last) == args.win_plies and all(s is not None for s in last):
            if all(s >= args.win_score for s in last):
                result, reason = "1-0", "adjudicated"
            elif all(s <= -args.win_score for s in last):
                result, reason = "0-1", "adjudicated"
        last = scores[-args.draw_plies:]
        if (result is None and board.ply() - first_ply >= args.draw_ply
                and len(last) == args.draw_plies
                and all(s is not None and abs(s) <= args.draw_score for s in last)):
            result, reason = "1/2-1/2", "adjudicated"
    value = {"1-0": "1.0", "0-1": "0.0", "1/2-1/2": "0.5"}[result]
    lines = [f"{fen} | {value} | {cp} | {number}\n" for fen, cp in candidates]
    marker = (f"# game {number} result {result} reason {reason} positions {len(lines)}\n")
    return lines, marker


def main():
    ap = argparse.ArgumentParser(
        prog="python3 -m rig.datagen", description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", default=paths.ENGINE,
                    help="UCI engine (default target/release/wingtip)")
    ap.add_argument("--games", type=int, default=10000, help="total games in the file")
    ap.add_argument("--nodes", type=int, default=5000, help="node budget per move")
    ap.add_argument("--book", default=paths.BOOK, help="EPD book (default rig/books/book.epd)")
    ap.add_argument("--out", default=os.path.join(paths.DATA, "selfplay.txt"),
                    help="data file, appended to and resumed (default lab/data/selfplay.txt)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--concurrency", type=int, default=1)
    ap.add_argument("--hash", type=int, default=16, help="engine hash in MB")
    ap.add_argument("--random-plies", type=int, default=4,
                    help="random legal moves after the book position (variety)")
    ap.add_argument("--skip-plies", type=int, default=8,
                    help="plies after the opening before positions are kept")
    ap.add_argument("--max-score", type=int, default=2000)
    ap.add_argument("--max-plies", type=int, default=400)
    ap.add_argument("--win-score", type=int, default=1500)
    ap.add_argument("--win-plies", type=int, default=6)
    ap.add_argument("--draw-ply", type=int, default=80)
    ap.add_argument("--draw-score", type=int, default=10)
    ap.add_argument("--draw-plies", type=int, default=12)
    ap.add_argument("--no-progress", action="store_true")
    args = ap.parse_args()
    if args.games < 0 or args.nodes < 1 or args.concurrency < 1:
        ap.error("need --games >= 0, --nodes >= 1, --concurrency >= 1")
    if min(args.win_plies, args.draw_plies) < 1:
        ap.error("--win-plies and --draw-plies must be positive")

    book = read_book(args.book)
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    done = resume(args.out)
    todo = [n for n in range(args.games) if n not in done]
    print(f"datagen.py: {len(done)} games already in {args.out}, {len(todo)} to play "
          f"(nodes {args.nodes}, concurrency {args.concurrency})", file=sys.stderr)
    if not todo:
        return 0

    try:
        from tqdm import tqdm
        bar = tqdm(total=args.games, initial=len(done), unit="game", disable=args.no_progress)
    except ImportError:
        bar = None
    lock = threading.Lock()
    positions = [0]
    jobs = iter(todo)
    failure = []

    def worker():
        try:
            engine = chess.engine.SimpleEngine.popen_uci([args.engine],
                                                         stderr=subprocess.DEVNULL)
        except (OSError, chess.engine.EngineError) as err:
            failure.append(f"cannot start {args.engine}: {err}")
            return
        try:
            engine.configure({"Hash": args.hash})
            while not failure:
                with lock:
                    number = next(jobs, None)
                if number is None:
                    return
                lines, marker = play(engine, book[number % len(book)], number, args)
                with lock:
                    with open(args.out, "a") as f:
                        f.write("".join(lines) + marker)
                    positions[0] += len(lines)
                    if bar is not None:
                        bar.update(1)
                        bar.set_postfix(positions=positions[0])
                    elif not args.no_progress:
                        print(f"\rgame {number}, {positions[0]} positions", end="",
                              file=sys.stderr, flush=True)
        except (chess.engine.EngineError, chess.engine.EngineTerminatedError, RuntimeError) as err:
            failure.append(str(err))
        finally:
            try:
                engine.quit()
            except Exception:  # noqa: BLE001 - the engine may be dead already
                pass

    workers.run_workers(worker, args.concurrency, lambda: failure.append("interrupted"))
    if bar is not None:
        bar.close()
    print(f"datagen.py: wrote {positions[0]} positions this run to {args.out}", file=sys.stderr)
    if failure:
        print(f"datagen.py: stopped: {failure[0]}; run again to resume", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
