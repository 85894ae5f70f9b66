"""wingtip against other Python chess libraries, in one interleaved run.

Run it inside a virtual environment where the wingtip wheel is installed:

    python bench.py                    # the full run (minutes; for an idle machine)
    python bench.py --quick            # a short run that checks that everything works
    python bench.py --install-peers    # first pip-install the peers that are missing

Peers: python-chess (``chess``), ``bulletchess`` and ``fastchess`` from PyPI. A peer
that is not installed (or cannot be: PyPI's bulletchess needs CPython >= 3.13) is
reported as such and left out; nothing is estimated for it.

What is measured, each round visiting every library in turn (the order rotating
from round to round), medians over the rounds:

1. import time: ``import <module>`` in a fresh interpreter (a subprocess per sample,
   timed inside it with perf_counter, after one warm-up run that writes .pyc files);
2. perft throughput in nodes/s on the chessprogramming wiki's six positions, with the
   library's own perft where it has one (wingtip, bulletchess) and a Python recursion
   over its public API where it has none (python-chess, fastchess; those run at a
   smaller depth and are marked "py");
3. legal-move generation from Python: the list of legal moves of each of ~1000
   positions (from seeded random games), as the library's move objects (fastchess
   only gives UCI strings).

Every count is checked against the published perft counts and across libraries, so
a wrong library cannot look fast. Ratios are wingtip's speed over the peer's (above 1:
wingtip is faster; for import time, the peer's time over wingtip's).
"""

import argparse
import math
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

import wingtip

# The chessprogramming wiki's perft positions and published counts.
POSITIONS = [
    ("startpos", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
     {3: 8902, 4: 197281, 5: 4865609}),
    ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
     {2: 2039, 3: 97862, 4: 4085603}),
    ("pos3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
     {3: 2812, 4: 43238, 5: 674624}),
    ("pos4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
     {3: 9467, 4: 422333}),
    ("pos5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
     {3: 62379, 4: 2103487}),
    ("pos6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
     {3: 89890, 4: 3894594}),
]


class Library:
    """One library under test: how to import it, make a board, count perft leaves
    and list legal moves."""

    name = ""
    module = ""
    native_perft = True

    def board(self, fen):
        raise NotImplementedError

    def perft(self, board, depth):
        raise NotImplementedError

    def legal_moves(self, board):
        raise NotImplementedError


class Wingtip(Library):
    name, module = "wingtip", "wingtip"

    def board(self, fen):
        return wingtip.Board(fen)

    def perft(self, board, depth):
        return board.perft(depth)

    def legal_moves(self, board):
        return board.legal_moves()


class PythonChess(Library):
    name, module, native_perft = "python-chess", "chess", False

    def __init__(self):
        import chess

        self.chess = chess

    def board(self, fen):
        return self.chess.Board(fen)

    def perft(self, board, depth):
        if depth == 1:
            return board.legal_moves.count()
        total = 0
        for move in list(board.legal_moves):
            board.push(move)
            total += self.perft(board, depth - 1)
            board.pop()
        return total

    def legal_moves(self, board):
        return list(board.legal_moves)


class Bulletchess(Library):
    name, module = "bulletchess", "bulletchess"

    def __init__(self):
        import bulletchess
        import bulletchess.utils

        self.bulletchess = bulletchess
        self.utils = bulletchess.utils

    def board(self, fen):
        return self.bulletchess.Board.from_fen(fen)

    def perft(self, board, depth):
        return self.utils.perft(board, depth)

    def legal_moves(self, board):
        return board.legal_moves()


class Fastchess(Library):
    name, module, native_perft = "fastchess", "fastchess", False

    def __init__(self):
        import fastchess

        self.fastchess = fastchess

    def board(self, fen):
        return self.fastchess.Board(fen)

    def perft(self, board, depth):
        moves = board.legal_moves_uci()
        if depth == 1:
            return len(moves)
        total = 0
        for uci in moves:
            child = board.copy()
            child.push_uci(uci)
            total += self.perft(child, depth - 1)
        return total

    def legal_moves(self, board):
        return board.legal_moves_uci()


PEERS = [("python-chess", "chess", PythonChess), ("bulletchess", "bulletchess", Bulletchess),
         ("fastchess", "fastchess", Fastchess)]


def install_missing():
    """pip-installs each peer that cannot be imported, reporting failures."""
    for name, module, _ in PEERS:
        try:
            __import__(module)
            continue
        except ImportError:
            pass
        print(f"installing {name} ...", flush=True)
        done = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", name],
                              capture_output=True, text=True)
        if done.returncode != 0:
            last = (done.stderr.strip().splitlines() or ["pip failed"])[-1]
            print(f"  {name} could not be installed: {last}")


def load_libraries():
    """wingtip and every peer that imports; prints why a peer is missing."""
    libraries = [Wingtip()]
    for name, module, cls in PEERS:
        try:
            libraries.append(cls())
        except ImportError as error:
            hint = " (PyPI's bulletchess needs CPython >= 3.13)" if module == "bulletchess" else ""
            print(f"{name}: NOT INSTALLED, left out: {error}{hint}")
    return libraries


def version_of(module):
    try:
        from importlib.metadata import version

        return version({"chess": "chess"}.get(module, module))
    except Exception:
        return "?"


def rotated(items, round_index):
    k = round_index % len(items)
    return items[k:] + items[:k]


def measure_import(libraries, rounds):
    """Median seconds of `import module` in a fresh interpreter, per library."""
    code = "import time; t = time.perf_counter(); import {0}; print(time.perf_counter() - t)"
    samples = {lib.name: [] for lib in libraries}
    for lib in libraries:  # warm-up: .pyc files
        subprocess.run([sys.executable, "-c", f"import {lib.module}"], check=True)
    for r in range(rounds):
        for lib in rotated(libraries, r):
            out = subprocess.run([sys.executable, "-c", code.format(lib.module)],
                                 capture_output=True, text=True, check=True).stdout
            samples[lib.name].append(float(out))
    return {name: statistics.median(values) for name, values in samples.items()}


# Perft depths per position: (native full, native quick, Python-level full,
# Python-level quick). Python-level perft is thousands of times slower.
DEPTHS = {
    "startpos": (5, 4, 4, 3),
    "kiwipete": (4, 3, 3, 2),
    "pos3": (5, 4, 4, 3),
    "pos4": (4, 3, 3, 3),
    "pos5": (4, 3, 3, 3),
    "pos6": (4, 3, 3, 3),
}


def perft_depth(lib, name, quick):
    native_full, native_quick, py_full, py_quick = DEPTHS[name]
    if lib.native_perft:
        return native_quick if quick else native_full
    return py_quick if quick else py_full


def measure_perft(libraries, rounds, quick):
    """Median nodes/s per (library, position), after checking every count."""
    samples = {}
    for r in range(rounds):
        for name, fen, counts in POSITIONS:
            for lib in rotated(libraries, r):
                depth = perft_depth(lib, name, quick)
                board = lib.board(fen)
                start = time.perf_counter()
                nodes = lib.perft(board, depth)
                elapsed = time.perf_counter() - start
                if nodes != counts[depth]:
                    raise SystemExit(f"{lib.name}: perft({name}, {depth}) = {nodes}, expected {counts[depth]}")
                samples.setdefault((lib.name, name), (depth, []))[1].append(nodes / elapsed)
    return {key: (depth, statistics.median(values)) for key, (depth, values) in samples.items()}


def random_positions(count, seed=2024):
    """FENs from seeded random games played with wingtip."""
    rng = random.Random(seed)
    fens = []
    while len(fens) < count:
        board = wingtip.Board()
        for _ in range(rng.randrange(1, 100)):
            moves = board.legal_moves()
            if not moves:
                break
            board.push(rng.choice(moves))
        if board.legal_move_count():
            fens.append(board.fen())
    return fens


def measure_movegen(libraries, fens, rounds, min_passes, min_seconds=0.25):
    """Median positions/s of listing every position's legal moves, per library.

    Each sample makes at least `min_passes` passes over the positions, and as many
    more as it takes to last `min_seconds`, so the fast libraries' samples are not
    a few milliseconds long (timer and collector noise)."""
    boards = {lib.name: [lib.board(fen) for fen in fens] for lib in libraries}
    passes = {}
    for lib in libraries:
        start = time.perf_counter()
        for board in boards[lib.name]:
            lib.legal_moves(board)
        one = max(time.perf_counter() - start, 1e-9)
        passes[lib.name] = max(min_passes, math.ceil(min_seconds / one))
    totals = {}
    samples = {lib.name: [] for lib in libraries}
    for r in range(rounds):
        for lib in rotated(libraries, r):
            legal_moves = lib.legal_moves
            these = boards[lib.name]
            repeat = passes[lib.name]
            start = time.perf_counter()
            total = 0
            for _ in range(repeat):
                for board in these:
                    total += len(legal_moves(board))
            elapsed = time.perf_counter() - start
            totals.setdefault(lib.name, total // repeat)
            samples[lib.name].append(len(these) * repeat / elapsed)
    if len(set(totals.values())) != 1:
        raise SystemExit(f"legal move totals differ: {totals}")
    return {name: statistics.median(values) for name, values in samples.items()}, totals["wingtip"]


def wheel_sizes(explicit):
    """(label, bytes) of the wheel (given, or the newest one built next to this
    script) and of the installed native module."""
    sizes = []
    candidates = [Path(explicit)] if explicit else sorted(
        (Path(__file__).parent / "target" / "wheels").glob("wingtip-*.whl"), key=lambda p: p.stat().st_mtime)
    if candidates and candidates[-1].exists():
        sizes.append((f"wheel {candidates[-1].name}", candidates[-1].stat().st_size))
    else:
        sizes.append(("wheel", None))
    native = [p for p in Path(wingtip.__file__).parent.iterdir() if p.name.startswith("_wingtip")]
    for path in native:
        sizes.append((f"installed {path.name}", path.stat().st_size))
    return sizes


def fmt_rate(value):
    for unit, scale in (("G", 1e9), ("M", 1e6), ("k", 1e3)):
        if value >= scale:
            return f"{value / scale:.2f} {unit}"
    return f"{value:.1f} "


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a short run to check that everything works")
    parser.add_argument("--rounds", type=int, help="rounds (default 7, quick 1)")
    parser.add_argument("--import-samples", type=int, help="fresh interpreters per library (default 21, quick 3)")
    parser.add_argument("--positions", type=int, help="positions for move generation (default 1000, quick 200)")
    parser.add_argument("--install-peers", action="store_true", help="pip-install missing peers first")
    parser.add_argument("--wheel", help="the wheel whose size to print")
    args = parser.parse_args()
    rounds = args.rounds or (1 if args.quick else 7)
    import_samples = args.import_samples or (3 if args.quick else 21)
    positions = args.positions or (200 if args.quick else 1000)
    repeat = 1 if args.quick else 5

    if args.install_peers:
        install_missing()
    print(f"python {platform.python_version()} ({sys.executable}), {platform.machine()}, "
          f"{os.cpu_count()} cpus, load average {os.getloadavg()[0]:.2f}")
    libraries = load_libraries()
    for lib in libraries:
        print(f"  {lib.name} {version_of(lib.module)}")
    print(f"wingtip backend: {wingtip.BACKEND}; rounds {rounds}"
          + (" (QUICK RUN: not for the record)" if args.quick else ""))
    for label, size in wheel_sizes(args.wheel):
        print(f"{label}: " + (f"{size:,} bytes ({size / 1048576:.2f} MiB)" if size else "not found (build it, or pass --wheel)"))

    print(f"\n1. import time, fresh interpreter, median of {import_samples}")
    imports = measure_import(libraries, import_samples)
    base = imports["wingtip"]
    for lib in libraries:
        t = imports[lib.name]
        ratio = "" if lib.name == "wingtip" else f"   {t / base:6.2f}x wingtip's time"
        print(f"  {lib.name:14s} {t * 1000:8.2f} ms{ratio}")

    print(f"\n2. perft, nodes/s, median of {rounds} (py: perft written in Python over the library's API)")
    perft = measure_perft(libraries, rounds, args.quick)
    header = "  position  " + "".join(f" {lib.name:>28s}" for lib in libraries)
    print(header)
    for name, _, _ in POSITIONS:
        depth_w, nps_w = perft[("wingtip", name)]
        cells = []
        for lib in libraries:
            depth, nps = perft[(lib.name, name)]
            mark = "py " if not lib.native_perft else ""
            ratio = "" if lib.name == "wingtip" else f" ({nps_w / nps:,.0f}x)"
            cells.append(f"{mark}d{depth} {fmt_rate(nps)}nps{ratio}")
        print(f"  {name:10s}" + "".join(f" {c:>28s}" for c in cells))

    print(f"\n3. legal moves listed from Python, {positions} positions, at least {repeat} passes and 0.25 s a sample, median of {rounds}")
    fens = random_positions(positions)
    movegen, total = measure_movegen(libraries, fens, rounds, repeat)
    print(f"  ({total:,} legal moves per pass, the same for every library)")
    base = movegen["wingtip"]
    for lib in libraries:
        rate = movegen[lib.name]
        ratio = "" if lib.name == "wingtip" else f"   wingtip {base / rate:6.2f}x faster"
        kind = " (UCI strings)" if lib.name == "fastchess" else ""
        print(f"  {lib.name:14s} {fmt_rate(rate)}positions/s, {fmt_rate(rate * total / positions)}moves/s{ratio}{kind}")


if __name__ == "__main__":
    main()
