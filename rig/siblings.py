"""Sibling positions for the evaluation network's ranking loss (`wingtip-net --siblings`):
for each of --parents positions drawn from a data file, the positions after each of its
legal moves, numbered as one group.

A search compares siblings: the positions one move apart from the same parent. An
evaluation can lower its error over many games' positions (getting each game's level
right) and still rank siblings worse; the sibling loss measures and trains the ranking.

Usage:
    python3 lab/data/restore.py labels-sf8-selfplay-0d40341-268k.txt.xz
    xz -dk lab/data/labels-sf8-selfplay-0d40341-268k.txt.xz
    python3 -m rig.siblings --in lab/data/labels-sf8-selfplay-0d40341-268k.txt \\
        --parents 24000 --seed 11 --out siblings.txt
    PATH=/usr/games:$PATH python3 -m rig.label --in siblings.txt --out siblings_sf8.txt \\
        --depth 8 --concurrency 2

Input lines: `FEN | result | score | game` (rig/datagen.py, rig/label.py). Parents
in check are skipped; children that give check or end the game are left out (the tuner's
quiet filter would drop them anyway). Output: one line per child, `FEN | 0.5 | 0 | group`,
group = --first-group + the parent's index in the shuffled sample; label.py then replaces
the score. Deterministic for a given input, --seed and --parents.
"""

import argparse
import random
import sys

import chess


def parents(path):
    out = []
    with open(path) as f:
        for number, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            fen = line.split("|")[0].strip()
            out.append((number, fen))
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(
        prog="python3 -m rig.siblings", description=__doc__.split("\n\n")[0])
    ap.add_argument("--in", dest="inp", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--parents", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--first-group", type=int, default=1_000_000)
    args = ap.parse_args(argv)

    rows = parents(args.inp)
    random.Random(args.seed).shuffle(rows)
    written = groups = 0
    with open(args.out, "w") as out:
        for index, (number, fen) in enumerate(rows[: args.parents]):
            try:
                board = chess.Board(fen)
            except ValueError as e:
                sys.exit(f"{args.inp}:{number}: bad FEN: {e}")
            if board.is_check():
                continue
            groups += 1
            for move in board.legal_moves:
                board.push(move)
                if not board.is_check() and not board.is_game_over():
                    out.write(f"{board.fen()} | 0.5 | 0 | {args.first_group + index}\n")
                    written += 1
                board.pop()
    print(f"wrote {written} positions in {groups} groups to {args.out}")


if __name__ == "__main__":
    main()
