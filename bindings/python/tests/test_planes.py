"""wingtip.planes against python-chess's piece maps."""

import subprocess
import sys

import chess
import numpy as np
import pytest

import wingtip
from _support import random_fens

ORDER = "PNBRQKpnbrqk"


def test_planes_match_python_chess_piece_maps():
    fens = random_fens(seed=3, count=200) + [wingtip.STARTING_FEN]
    boards = [wingtip.Board(fen) for fen in fens]
    array = wingtip.planes(boards)
    assert array.shape == (len(fens), 12, 64)
    assert array.dtype == np.uint8
    for n, fen in enumerate(fens):
        expected = np.zeros((12, 64), dtype=np.uint8)
        for square, piece in chess.Board(fen).piece_map().items():
            expected[ORDER.index(piece.symbol()), square] = 1
        assert (array[n] == expected).all(), fen
        assert wingtip.Board(fen).piece_map() == {s: p.symbol() for s, p in chess.Board(fen).piece_map().items()}


def test_plane_layout():
    array = wingtip.planes([wingtip.Board()])[0]
    white_pawns = array[ORDER.index("P")].reshape(8, 8)
    assert white_pawns[1].tolist() == [1] * 8  # rank 2
    assert array[ORDER.index("k")].nonzero()[0].tolist() == [chess.E8]
    assert array[ORDER.index("Q")].nonzero()[0].tolist() == [chess.D1]
    assert array.sum() == 32


def test_planes_of_nothing_and_of_iterables():
    assert wingtip.planes([]).shape == (0, 12, 64)
    boards = (wingtip.Board() for _ in range(3))
    assert wingtip.planes(boards).shape == (3, 12, 64)


@pytest.mark.parametrize(
    "value,message",
    [
        (wingtip.Board(), "not a single Board"),
        (42, "iterable of wingtip.Board, not int"),
        ([wingtip.Board(), "x"], "item 1 is a str"),
        ("rnbqkbnr", "not a single str"),
    ],
)
def test_planes_bad_input(value, message):
    with pytest.raises(TypeError, match=message):
        wingtip.planes(value)


def test_clear_import_error_without_numpy():
    code = (
        "import sys; sys.modules['numpy'] = None\n"
        "import wingtip\n"
        "try:\n"
        "    wingtip.planes([wingtip.Board()])\n"
        "except ImportError as e:\n"
        "    print(e)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert "needs NumPy" in out and "pip install numpy" in out
