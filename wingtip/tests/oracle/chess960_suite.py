#!/usr/bin/env python3
"""Builds wingtip/tests/data/chess960.epd: a Chess960 perft suite with Stockfish's counts.

Positions (seeded, so the file is reproducible):
- start positions drawn from the 960 of the standard numbering (Scharnagl's,
  `chess.Board.from_chess960_pos`), and
- random playouts from other start positions, kept only while at least one castling
  right is alive, stopped at a random ply; half of them are taken where a castling
  move is legal.

Counts for depths 1..DEPTH come from Stockfish's `go perft` with
`setoption name UCI_Chess960 value true` (Debian's `stockfish`, /usr/games/stockfish
by default, `--stockfish` to change), and are cross-checked at depths 1..3 by
python-chess (`chess.Board(fen, chess960=True)`); any disagreement aborts.

FENs are written alternately as X-FEN (`KQkq`, a file letter only for an inner
rook) and Shredder-FEN (`HAha`), so the suite exercises both parsers.

Usage: python3 wingtip/tests/oracle/chess960_suite.py [--out wingtip/tests/data/chess960.epd]
       [--starts 60] [--playouts 60] [--depth 5] [--seed 960]
"""
import argparse
import pathlib
import random
import subprocess
import sys

import chess

# wingtip/tests/: the folder of this one (oracle/) and of the suites (data/).
TESTS = pathlib.Path(__file__).resolve().parent.parent


class Stockfish:
    """Stockfish over a bare UCI pipe (thousands of short `go perft` questions)."""

    def __init__(self, path):
        self.proc = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, bufsize=1)
        self.send("uci")
        self.wait("uciok")
        self.send("setoption name UCI_Chess960 value true")
        self.send("setoption name Threads value 1")
        self.send("isready")
        self.wait("readyok")

    def send(self, line):
        self.proc.stdin.write(line + "\n")

    def wait(self, token):
        """The lines up to and including the first that starts with `token`."""
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("stockfish exited")
            lines.append(line.strip())
            if lines[-1].startswith(token):
                return lines

    def close(self):
        self.send("quit")
        self.proc.wait(timeout=10)

    def perft(self, fen, depth):
        self.send(f"position fen {fen}")
        self.send(f"go perft {depth}")
        for line in self.wait("Nodes searched"):
            if line.startswith("Nodes searched"):
                return int(line.split(":")[1])
        raise RuntimeError("no count")


def py_perft(board, depth):
    if depth == 1:
        return board.legal_moves.count()
    total = 0
    for move in list(board.legal_moves):
        board.push(move)
        total += py_perft(board, depth - 1)
        board.pop()
    return total


def playout(rng, number):
    """A random game from start position `number` that keeps a castling right
    alive; returns its FEN board, or None when no such position came up."""
    board = chess.Board.from_chess960_pos(number)
    plies = rng.randint(4, 30)
    want_castle = rng.random() < 0.5
    best = None
    for _ in range(plies):
        moves = list(board.legal_moves)
        if not moves:
            break
        castles = [m for m in moves if board.is_castling(m)]
        # Prefer moves that keep some right; castle now and then.
        if castles and rng.random() < 0.15:
            move = rng.choice(castles)
        else:
            move = rng.choice(moves)
        board.push(move)
        if board.is_game_over() or not board.castling_rights:
            board.pop()
            break
        if board.castling_rights and (not want_castle or any(
                board.is_castling(m) for m in board.legal_moves)):
            best = board.copy(stack=False)
    return best


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=pathlib.Path, default=TESTS / "data" / "chess960.epd")
    parser.add_argument("--stockfish", default="/usr/games/stockfish")
    parser.add_argument("--starts", type=int, default=60)
    parser.add_argument("--playouts", type=int, default=60)
    parser.add_argument("--depth", type=int, default=5)
    parser.add_argument("--seed", type=int, default=960)
    args = parser.parse_args()
    rng = random.Random(args.seed)

    boards = []
    for number in rng.sample(range(960), args.starts):
        boards.append((f"start {number}", chess.Board.from_chess960_pos(number)))
    tries = 0
    while sum(1 for name, _ in boards if name.startswith("playout")) < args.playouts:
        tries += 1
        number = rng.randrange(960)
        board = playout(rng, number)
        if board is not None:
            boards.append((f"playout from {number}", board))
        if tries > 100 * args.playouts:
            sys.exit("too few playouts with castling rights")

    sf = Stockfish(args.stockfish)
    lines = [
        "# Chess960 perft suite: built by wingtip/tests/oracle/chess960_suite.py "
        f"(seed {args.seed}); counts from Stockfish go perft",
        "# with UCI_Chess960, cross-checked by python-chess at depths 1-3. "
        "FENs alternate X-FEN and Shredder-FEN.",
    ]
    for i, (name, board) in enumerate(boards):
        board.chess960 = True
        fen = board.fen(shredder=(i % 2 == 1))
        check = chess.Board(fen, chess960=True)
        assert check.fen(shredder=True) == board.fen(shredder=True), (fen, name)
        counts = []
        for depth in range(1, args.depth + 1):
            nodes = sf.perft(fen, depth)
            if depth <= 3:
                mine = py_perft(check, depth)
                if mine != nodes:
                    sys.exit(f"{fen} depth {depth}: stockfish {nodes}, python-chess {mine}")
            counts.append(f";D{depth} {nodes}")
        lines.append(f"{fen} {' '.join(counts)}")
        print(f"{i + 1}/{len(boards)} {name}: {fen}", file=sys.stderr)
    sf.close()
    args.out.write_text("\n".join(lines) + "\n")
    print(f"wrote {len(boards)} positions to {args.out}")


if __name__ == "__main__":
    main()
