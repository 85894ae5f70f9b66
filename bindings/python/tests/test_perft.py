"""Perft: the chessprogramming wiki's six positions at their published counts, some
Chess960 positions, and perft against python-chess's move generator at low depth."""

from pathlib import Path

import chess
import pytest

import wingtip
from _support import CPW_PERFT, random_fens


@pytest.mark.parametrize("name,fen,counts", CPW_PERFT, ids=[c[0] for c in CPW_PERFT])
def test_cpw_positions(name, fen, counts):
    board = wingtip.Board(fen)
    assert board.perft(0) == 1
    for depth, expected in sorted(counts.items()):
        assert board.perft(depth) == expected, (name, depth)
    # Perft leaves the board as it was.
    assert board.fen() == wingtip.Board(fen).fen()


# The library's Chess960 perft suite (counts from Stockfish, cross-checked by
# python-chess), X-FEN and Shredder-FEN alternating: its first twelve positions.
SUITE = Path(__file__).resolve().parents[3] / "wingtip" / "tests" / "data" / "chess960.epd"


def chess960_suite(count):
    cases = []
    for line in SUITE.read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        fen, *fields = [part.strip() for part in line.split(";")]
        counts = {int(f.split()[0][1:]): int(f.split()[1]) for f in fields}
        cases.append((fen, {d: n for d, n in counts.items() if d <= 3}))
    return cases[:count]


@pytest.mark.parametrize("fen,counts", chess960_suite(12))
def test_chess960_positions(fen, counts):
    board = wingtip.Board(fen, chess960=True)
    assert counts
    for depth, expected in counts.items():
        assert board.perft(depth) == expected


def python_chess_perft(board, depth):
    if depth == 0:
        return 1
    if depth == 1:
        return board.legal_moves.count()
    total = 0
    for move in list(board.legal_moves):
        board.push(move)
        total += python_chess_perft(board, depth - 1)
        board.pop()
    return total


@pytest.mark.parametrize("fen", random_fens(seed=7, count=30))
def test_random_positions_against_python_chess(fen):
    assert wingtip.Board(fen).perft(2) == python_chess_perft(chess.Board(fen), 2)


def test_deep_perft_is_split_and_still_exact():
    # Depth 5 and more count root move by root move (checking for Ctrl-C between).
    assert wingtip.Board().perft(5) == 4865609
