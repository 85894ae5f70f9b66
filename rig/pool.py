"""Pools the streams of one test of the rig (rig/sprt.py) from their console output.

Usage:
    python3 -m rig.pool STREAM.out [STREAM.out ...] [--elo0 0] [--elo1 10]

A two-game-at-a-time test on a 2-core machine runs as two processes of
`python3 -m rig.sprt`, each one game at a time on its own book seed against the same
baseline (a stream whose engine thinks while the other stream's engine thinks: both
cores busy, neither engine sharing one). Each stream prints a line per finished pair
ending in its pentanomial counts (`penta [LL, LD, DD+WL, WD, WW]`). This command takes
the last such line of each file, sums the counts and prints the pooled statistics with
the rig's own functions: games, Elo with its 95 % interval and the GSPRT LLR. The test
is decided when the pooled LLR leaves the bounds; stop both streams then (SIGINT: each
writes its log row) and log the pooled row.
"""

import argparse
import re
import sys

from rig import stats

PENTA = re.compile(r"penta \[(\d+), (\d+), (\d+), (\d+), (\d+)\]")


def last_penta(path):
    """The pentanomial counts of the last pair line of a stream's output, or None."""
    found = None
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            m = PENTA.search(line)
            if m:
                found = [int(x) for x in m.groups()]
    return found


def main(argv=None):
    ap = argparse.ArgumentParser(
        prog="python3 -m rig.pool", description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("outputs", nargs="+", help="console output files of rig.sprt streams")
    ap.add_argument("--elo0", type=float, default=0.0)
    ap.add_argument("--elo1", type=float, default=10.0)
    ap.add_argument("--alpha", type=float, default=0.05)
    ap.add_argument("--beta", type=float, default=0.05)
    args = ap.parse_args(argv)
    total = [0] * 5
    for path in args.outputs:
        try:
            penta = last_penta(path)
        except OSError as err:
            raise SystemExit(f"pool.py: {path}: {err.strerror}")
        if penta is None:
            print(f"{path}: no finished pair yet")
            continue
        elo, lo, hi = stats.elo_interval(stats.PENTANOMIAL_VALUES, penta)
        print(f"{path}: {2 * sum(penta)} games, penta {penta}, Elo "
              f"{stats.fmt_elo(elo, lo, hi)}")
        total = [a + b for a, b in zip(total, penta)]
    lower, upper = stats.sprt_bounds(args.alpha, args.beta)
    elo, lo, hi = stats.elo_interval(stats.PENTANOMIAL_VALUES, total)
    value = stats.llr_pentanomial(total, args.elo0, args.elo1)
    verdict = "H1 accepted" if value >= upper else "H0 accepted" if value <= lower else "running"
    print(f"pooled: {2 * sum(total)} games, penta {total}, Elo {stats.fmt_elo(elo, lo, hi)}, "
          f"LLR {value:.2f} [{lower:.2f}, {upper:.2f}] ({args.elo0:g}, {args.elo1:g}): {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
