"""How far an engine's scores in its games stray from a stronger engine's verdict.

Reads a PGN written by rig/sprt.py (each move commented `{score/depth time}`, the
score from the mover's point of view). For every move of ENGINE between --from-ply and
--to-ply it takes the score ENGINE reported for the position it moved from, has a
reference engine search the same position to a fixed depth, and compares the two,
both from ENGINE's side. A positive mean gap says ENGINE thinks it stands better than
it does: the optimism of an evaluation, measured where its own games go (its search
picks what its evaluation overrates, so some optimism is expected; it shrinks as the
evaluation improves).

The opponent's own scores in the PGN are not used: an engine playing below its
strength (Stockfish with UCI_LimitStrength) reports the score of its best line and then
plays another move, so its scores are optimistic for itself.

Usage:
    python3 -m rig.score_gap GAMES.pgn ENGINE [--reference stockfish] [--depth 10]
        [--from-ply 16] [--to-ply 80] [--cap 500] [--every 1]

ENGINE is a prefix of the White/Black header (e.g. `wingtip`). Positions where either
score is a mate or beyond --cap centipawns are skipped (the scales differ most there);
--every N takes every Nth of ENGINE's moves. Prints the number of games and positions,
the mean and median gap in centipawns, the share of positions where ENGINE is more
optimistic, and the same by result.
"""

import argparse
import re
import shutil
import statistics
import sys

import chess
import chess.engine
import chess.pgn

SCORE = re.compile(r"^\s*([+-]?\d+(?:\.\d+)?)/\d+")


def positions(game, engine, from_ply, to_ply, cap, every):
    """Returns (board, score) for ENGINE's moves of `game` in range: the position it
    moved from and its reported score (its point of view, centipawns); None when it
    does not play the game."""
    white = game.headers.get("White", "").startswith(engine)
    black = game.headers.get("Black", "").startswith(engine)
    if white == black:
        return None
    side = chess.WHITE if white else chess.BLACK
    board = game.board()
    out = []
    count = 0
    for node in game.mainline():
        m = SCORE.match(node.comment or "")
        if board.turn == side and m and from_ply <= board.ply() <= to_ply:
            cp = round(float(m.group(1)) * 100)
            if abs(cp) <= cap:
                if count % every == 0:
                    out.append((board.copy(stack=False), cp))
                count += 1
        board.push(node.move)
    return out


def result_for(game, engine):
    white = game.headers.get("White", "").startswith(engine)
    r = game.headers.get("Result", "*")
    if r == "1/2-1/2":
        return "draw"
    if r not in ("1-0", "0-1"):
        return "unfinished"
    return "win" if (r == "1-0") == white else "loss"


def summary(label, gaps):
    if not gaps:
        return f"{label}: no positions"
    above = sum(1 for x in gaps if x > 0)
    return (f"{label}: {len(gaps)} positions, mean gap {statistics.mean(gaps):+.0f} cp, "
            f"median {statistics.median(gaps):+.0f} cp, "
            f"more optimistic in {100 * above / len(gaps):.0f} %")


def main(argv=None):
    ap = argparse.ArgumentParser(
        prog="python3 -m rig.score_gap", description=__doc__.split("\n")[0])
    ap.add_argument("pgn")
    ap.add_argument("engine", help="prefix of the engine's name in the PGN headers")
    ap.add_argument("--reference", default="stockfish",
                    help="UCI engine command (default stockfish, also tried in /usr/games)")
    ap.add_argument("--depth", type=int, default=10, help="the reference's search depth")
    ap.add_argument("--from-ply", type=int, default=16)
    ap.add_argument("--to-ply", type=int, default=80)
    ap.add_argument("--cap", type=int, default=500, help="skip scores beyond this many cp")
    ap.add_argument("--every", type=int, default=1, help="take every Nth position")
    args = ap.parse_args(argv)
    if args.every < 1 or args.depth < 1:
        sys.exit("score_gap.py: --every and --depth must be at least 1")
    try:
        f = open(args.pgn, encoding="utf-8", errors="replace")
    except OSError as e:
        sys.exit(f"score_gap.py: {args.pgn}: {e.strerror}")
    games = []
    with f:
        while (game := chess.pgn.read_game(f)) is not None:
            found = positions(game, args.engine, args.from_ply, args.to_ply, args.cap,
                              args.every)
            if found is not None:
                games.append((result_for(game, args.engine), found))
    if not games:
        sys.exit(f"score_gap.py: no game of {args.engine!r} in {args.pgn}")
    command = shutil.which(args.reference) or shutil.which(f"/usr/games/{args.reference}")
    if command is None:
        sys.exit(f"score_gap.py: reference engine not found: {args.reference}")
    everything, by_result = [], {}
    with chess.engine.SimpleEngine.popen_uci(command) as ref:
        for result, found in games:
            for board, own in found:
                info = ref.analyse(board, chess.engine.Limit(depth=args.depth))
                theirs = info["score"].pov(board.turn).score()
                if theirs is None or abs(theirs) > args.cap:
                    continue
                gap = own - theirs
                everything.append(gap)
                by_result.setdefault(result, []).append(gap)
    print(f"{len(games)} games of {args.engine}, plies {args.from_ply}-{args.to_ply}, "
          f"scores within ±{args.cap} cp, reference {args.reference} at depth {args.depth}")
    print(summary("all", everything))
    for r, label in (("win", "wins"), ("draw", "draws"), ("loss", "losses"),
                     ("unfinished", "unfinished")):
        if r in by_result:
            print(summary(f"  {label}", by_result[r]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
