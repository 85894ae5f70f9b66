"""Recounts a test of the rig (rig/sprt.py) from its PGN, each opening's pair once.

Usage:
    python3 -m rig.recount GAMES.pgn [--name A] [--elo0 0] [--elo1 10]

At a node budget two deterministic engines replay a game exactly when the rig comes back to
an opening it has played (a book of N positions gives 2N distinct games). A test that ran
past that counted the replays as new evidence. This command groups the games into pairs
by their `Round` header (`pair.game`; rig/pairs.py), keeps the first pair of each
`Opening` and drops the later ones, and prints the pentanomial statistics of the kept
pairs (the rig's own functions: Elo with its 95 % interval, and the GSPRT LLR) next to
those of every pair.
It also says how many dropped pairs were move-for-move copies of the kept one.

`--name` is engine A's name (the first engine of the test); by default the White player of
the first game.
"""

import argparse
import os

from rig import stats
from rig.pairs import read_pairs, recount


def summary(penta, elo0, elo1):
    """(Elo with its interval as text, LLR) of pentanomial counts."""
    elo, lo, hi = stats.elo_interval(stats.PENTANOMIAL_VALUES, penta)
    return stats.fmt_elo(elo, lo, hi), stats.llr_pentanomial(penta, elo0, elo1)


def main(argv=None):
    ap = argparse.ArgumentParser(
        prog="python3 -m rig.recount", description=__doc__.split("\n")[0])
    ap.add_argument("pgn")
    ap.add_argument("--name", help="engine A's name (default: White of the first game)")
    ap.add_argument("--elo0", type=float, default=0.0)
    ap.add_argument("--elo1", type=float, default=10.0)
    args = ap.parse_args(argv)
    if not os.path.exists(args.pgn):
        raise SystemExit(f"recount.py: {args.pgn}: no such file")
    pairs = read_pairs(args.pgn)
    if not pairs:
        raise SystemExit(f"recount.py: {args.pgn}: no games")
    name = args.name or pairs[min(pairs)][1][0][0]
    every, unique, dropped, copies = recount(pairs, name)
    for label, penta in (("all pairs", every), ("first pair of each opening", unique)):
        elo, value = summary(penta, args.elo0, args.elo1)
        print(f"{label}: {2 * sum(penta)} games, penta {penta}, Elo {elo}, "
              f"LLR {value:.2f} ({args.elo0:g}, {args.elo1:g})")
    print(f"dropped {dropped} pairs that replayed an opening; {copies} of them were "
          "move-for-move copies")


if __name__ == "__main__":
    main()
