"""Conversions between wingtip.Board and python-chess's chess.Board."""

import random
import subprocess
import sys

import chess
import pytest

import wingtip
from _support import random_fens


@pytest.mark.parametrize("fen", random_fens(seed=11, count=40) + [
    "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 7 31",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
])
def test_position_round_trip(fen):
    cb = chess.Board(fen)
    wb = wingtip.Board.from_chess(cb)
    assert wb.fen() == cb.fen()
    assert wb.castling_rights == cb.castling_rights
    assert (wb.halfmove_clock, wb.fullmove_number) == (cb.halfmove_clock, cb.fullmove_number)
    back = wb.to_chess()
    assert isinstance(back, chess.Board)
    assert back == cb
    assert back.fen() == cb.fen()
    assert back.ep_square == (cb.ep_square if cb.has_legal_en_passant() else None)


def test_move_stack_comes_along_both_ways():
    rng = random.Random(5)
    cb = chess.Board()
    for _ in range(40):
        cb.push(rng.choice(list(cb.legal_moves)))
    wb = wingtip.Board.from_chess(cb)
    assert [m.uci() for m in wb.move_stack] == [m.uci() for m in cb.move_stack]
    back = wb.to_chess()
    assert back.move_stack == cb.move_stack
    assert back.root() == cb.root()
    # Popping on either side gives the same positions.
    for _ in range(10):
        assert wb.pop().uci() == cb.pop().uci()
        assert wb.fen() == cb.fen()
    # Without history, only the position comes over.
    assert wingtip.Board.from_chess(cb, history=False).move_stack == []


def test_repetitions_survive_the_conversion():
    cb = chess.Board()
    for uci in ["g1f3", "g8f6", "f3g1", "f6g8"] * 2:
        cb.push_uci(uci)
    assert cb.can_claim_threefold_repetition()
    assert wingtip.Board.from_chess(cb).can_claim_threefold_repetition()
    assert not wingtip.Board.from_chess(cb, history=False).can_claim_threefold_repetition()


def test_null_moves_are_left_out():
    cb = chess.Board()
    cb.push_uci("e2e4")
    cb.push(chess.Move.null())
    cb.push_uci("d2d4")
    wb = wingtip.Board.from_chess(cb)
    assert wb.fen() == cb.fen()
    assert wb.move_stack == []


def test_chess960_round_trip():
    for n in (0, 518, 959, 100):
        cb = chess.Board.from_chess960_pos(n)
        rng = random.Random(n)
        for _ in range(30):
            moves = list(cb.legal_moves)
            castles = [m for m in moves if cb.is_castling(m)]
            cb.push(rng.choice(castles or moves))
        wb = wingtip.Board.from_chess(cb)
        assert wb.chess960
        assert wb.fen() == cb.fen()
        assert wb.fen(shredder=True) == cb.fen(shredder=True)
        back = wb.to_chess()
        assert back.chess960 and back.move_stack == cb.move_stack and back.fen() == cb.fen()


def test_conversion_errors():
    with pytest.raises(TypeError, match="needs a chess.Board, not str"):
        wingtip.Board.from_chess("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
    import chess.variant

    with pytest.raises(wingtip.WingtipError, match="variant"):
        wingtip.Board.from_chess(chess.variant.AtomicBoard())


def test_clear_import_error_without_python_chess():
    # A fresh interpreter where `import chess` fails.
    code = (
        "import sys; sys.modules['chess'] = None\n"
        "import wingtip\n"
        "for call in (lambda: wingtip.Board().to_chess(), lambda: wingtip.Board.from_chess(object())):\n"
        "    try:\n"
        "        call()\n"
        "    except ImportError as e:\n"
        "        print(e)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    lines = out.splitlines()
    assert len(lines) == 2
    assert all("need python-chess" in line and "pip install chess" in line for line in lines)
