#!/usr/bin/env python3
"""Runs the EPD perft suites through a `wingtip` binary and checks every count.

CI (engine/tests/backends-perft.sh) builds the binary once per slider backend
(`--cfg wingtip_backend="…"`) and runs this on each, so every backend is tested through
the move generator, not only through the table cross-checks.

Usage: python3 engine/tests/perft_suite.py <wingtip-binary> [--max-nodes N] [epd ...]
(default suites: wingtip/tests/data/cpw.epd and perftsuite.epd; entries whose
expected count exceeds N, default 2,000,000, are skipped).
"""
import argparse
import pathlib
import subprocess
import sys

# The library's perft suites (wingtip/tests/data/), from this file's place in engine/tests/.
SUITES = pathlib.Path(__file__).resolve().parents[2] / "wingtip" / "tests" / "data"


def entries(path):
    for number, line in enumerate(path.read_text().splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        fen, *counts = line.split(";")
        for count in counts:
            depth, nodes = count.split()
            yield number, fen.strip(), int(depth[1:]), int(nodes)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("binary")
    parser.add_argument("--max-nodes", type=int, default=2_000_000)
    parser.add_argument("epd", nargs="*", type=pathlib.Path,
                        default=[SUITES / "cpw.epd", SUITES / "perftsuite.epd"])
    args = parser.parse_args()
    checked = failed = 0
    for path in args.epd:
        for number, fen, depth, expected in entries(path):
            if expected > args.max_nodes:
                continue
            out = subprocess.run([args.binary, "perft", str(depth), "--fen", fen],
                                 capture_output=True, text=True, timeout=120)
            last = out.stdout.strip().splitlines()[-1] if out.stdout.strip() else ""
            got = last.removeprefix("Nodes searched: ")
            checked += 1
            if out.returncode != 0 or got != str(expected):
                failed += 1
                print(f"FAIL {path.name}:{number} depth {depth}: expected {expected}, got {got!r} "
                      f"{out.stderr.strip()}", file=sys.stderr)
    print(f"perft: {checked - failed} passed, {failed} failed")
    return 1 if failed or checked == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
