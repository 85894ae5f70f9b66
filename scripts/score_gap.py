#!/usr/bin/env python3
"""How far an engine's own scores stray from its opponent's in the same games.

Reads a PGN written by scripts/sprt.py (each move commented `{score/depth time}`, the
score from the mover's point of view) and, for every game of ENGINE, pairs each of its
scores with the opponent's score one ply later, both turned to ENGINE's point of view.
A stronger opponent's score is the better estimate of the position, so a positive
mean gap says ENGINE thinks it stands better than it does: the "optimism" an
evaluation shows against a stronger one (what ENGINE's own search picks is what its
evaluation overrates, so some optimism is expected; it shrinks as the evaluation
improves).

Usage:
    python3 scripts/score_gap.py GAMES.pgn ENGINE [--from-ply 16] [--to-ply 80] [--cap 500]

ENGINE is a prefix of the White/Black header (e.g. `wingtip`). Pairs where either
score is a mate or beyond --cap centipawns are skipped (the scales differ most there).
Prints the number of games and pairs, the mean and median gap in centipawns, the
share of pairs where ENGINE is more optimistic, and the same by result.
"""

import argparse
import re
import statistics
import sys

import chess.pgn

SCORE = re.compile(r"^\s*([+-]?\d+(?:\.\d+)?)/\d+")


def gaps(game, engine, from_ply, to_ply, cap):
    """Returns the (ply, own, opponent) scores of `engine` in `game`, in centipawns
    from its point of view, or None when it does not play the game."""
    white = game.headers.get("White", "").startswith(engine)
    black = game.headers.get("Black", "").startswith(engine)
    if white == black:
        return None
    side = chess.WHITE if white else chess.BLACK
    board = game.board()
    scores = []  # (ply, engine's move?, score from the engine's side)
    for node in game.mainline():
        m = SCORE.match(node.comment or "")
        if m:
            cp = round(float(m.group(1)) * 100)
            mine = board.turn == side
            scores.append((board.ply(), mine, cp if mine else -cp))
        board.push(node.move)
    out = []
    for (ply, mine, own), (next_ply, theirs_is_mine, theirs) in zip(scores, scores[1:]):
        if not mine or theirs_is_mine or next_ply != ply + 1:
            continue
        if not from_ply <= ply <= to_ply or abs(own) > cap or abs(theirs) > cap:
            continue
        out.append((ply, own, theirs))
    return out


def result_for(game, engine):
    white = game.headers.get("White", "").startswith(engine)
    r = game.headers.get("Result", "*")
    if r == "1/2-1/2":
        return "draw"
    if r not in ("1-0", "0-1"):
        return "unfinished"
    return "win" if (r == "1-0") == white else "loss"


def summary(label, pairs):
    if not pairs:
        return f"{label}: no pairs"
    d = [own - theirs for _, own, theirs in pairs]
    above = sum(1 for x in d if x > 0)
    return (f"{label}: {len(d)} pairs, mean gap {statistics.mean(d):+.0f} cp, "
            f"median {statistics.median(d):+.0f} cp, more optimistic in {100 * above / len(d):.0f} %")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("pgn")
    ap.add_argument("engine", help="prefix of the engine's name in the PGN headers")
    ap.add_argument("--from-ply", type=int, default=16)
    ap.add_argument("--to-ply", type=int, default=80)
    ap.add_argument("--cap", type=int, default=500, help="skip scores beyond this many cp")
    args = ap.parse_args(argv)
    try:
        f = open(args.pgn, encoding="utf-8", errors="replace")
    except OSError as e:
        sys.exit(f"score_gap.py: {args.pgn}: {e.strerror}")
    games = 0
    everything, by_result = [], {}
    with f:
        while (game := chess.pgn.read_game(f)) is not None:
            pairs = gaps(game, args.engine, args.from_ply, args.to_ply, args.cap)
            if pairs is None:
                continue
            games += 1
            everything += pairs
            by_result.setdefault(result_for(game, args.engine), []).extend(pairs)
    if games == 0:
        sys.exit(f"score_gap.py: no game of {args.engine!r} in {args.pgn}")
    print(f"{games} games of {args.engine}, plies {args.from_ply}-{args.to_ply}, "
          f"scores within ±{args.cap} cp")
    print(summary("all", everything))
    for r, label in (("win", "wins"), ("draw", "draws"), ("loss", "losses"),
                     ("unfinished", "unfinished")):
        if r in by_result:
            print(summary(f"  {label}", by_result[r]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
