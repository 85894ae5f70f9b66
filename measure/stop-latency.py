#!/usr/bin/env python3
"""How fast the engine answers `stop`, and how closely it keeps `go movetime`.

Usage: python3 measure/stop-latency.py [ENGINE] [--trials N] [--movetime-trials M] [--seed S]

ENGINE defaults to target/release/wingtip. Each `stop` trial sets a position drawn
from the rig's book (rig/books/book.epd) or, one time in five, from the pathological
positions of the end-to-end tests (boards full of queens, 218 legal moves), sends
`go infinite`, waits a random 0-50 ms, sends `stop` and times the arrival of
`bestmove`. Each movetime trial times `go movetime 100` from the command to
`bestmove`. Prints the median, 99th percentile and maximum of each, in milliseconds.
Run it on an otherwise idle machine: it measures latency, and a busy core adds to it.
"""

import argparse
import pathlib
import random
import statistics
import subprocess
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
PATHOLOGICAL = [
    "qqqqkqqq/qqqqqqqq/8/8/8/8/QQQQQQQQ/QQQQKQQQ w - - 0 1",
    "rnbqkbnr/qqqqqqqq/8/8/8/8/QQQQQQQQ/RNBQKBNR w KQkq - 0 1",
    "R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1",
]


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


class Engine:
    def __init__(self, path):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("uci")
        self.wait("uciok")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def wait(self, prefix):
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise SystemExit(f"stop-latency.py: the engine exited while waiting for {prefix}")
            if line.startswith(prefix):
                return line

    def ready(self):
        self.send("isready")
        self.wait("readyok")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("engine", nargs="?", default=str(ROOT / "target" / "release" / "wingtip"))
    ap.add_argument("--trials", type=int, default=1000)
    ap.add_argument("--movetime-trials", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    # EPD: the first four fields are the position; the clocks are not given.
    book = [" ".join(l.split()[:4]) + " 0 1" for l in (ROOT / "rig" / "books" / "book.epd").read_text().splitlines()
            if l.strip() and not l.startswith("#")]
    e = Engine(args.engine)
    stops, movetimes = [], []
    for _ in range(args.trials):
        fen = rng.choice(PATHOLOGICAL) if rng.random() < 0.2 else rng.choice(book)
        e.send(f"position fen {fen}")
        e.ready()
        e.send("go infinite")
        time.sleep(rng.uniform(0, 0.05))
        t = time.perf_counter()
        e.send("stop")
        e.wait("bestmove")
        stops.append((time.perf_counter() - t) * 1000)
    for _ in range(args.movetime_trials):
        e.send(f"position fen {rng.choice(book)}")
        e.ready()
        t = time.perf_counter()
        e.send("go movetime 100")
        e.wait("bestmove")
        movetimes.append((time.perf_counter() - t) * 1000)
    e.send("quit")
    for name, v in (("stop -> bestmove", stops), ("go movetime 100 -> bestmove", movetimes)):
        if v:
            print(f"{name:30} trials {len(v):5}  median {statistics.median(v):7.2f} ms  "
                  f"p99 {percentile(v, 99):7.2f} ms  max {max(v):7.2f} ms")


if __name__ == "__main__":
    main()
