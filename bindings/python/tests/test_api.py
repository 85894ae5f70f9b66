"""The package's surface: docstrings, type stubs, the README's example, and the
small conveniences (repr, str, equality, hashing, copies)."""

import ast
import contextlib
import copy
import inspect
import io
import re
import subprocess
import sys
from pathlib import Path

import chess
import pytest

import wingtip

PACKAGE = Path(wingtip.__file__).parent
README = Path(__file__).resolve().parents[1] / "README.md"


def public_members(cls):
    return [name for name in vars(cls) if not name.startswith("_")]


def test_everything_public_has_a_docstring():
    assert wingtip.__doc__
    for name in wingtip.__all__:
        obj = getattr(wingtip, name)
        if isinstance(obj, (str, int)):
            continue
        assert (obj.__doc__ or "").strip(), name
        if inspect.isclass(obj):
            for member in public_members(obj):
                assert (getattr(obj, member).__doc__ or "").strip(), f"{name}.{member}"


def test_stubs_cover_the_runtime():
    tree = ast.parse((PACKAGE / "__init__.pyi").read_text())
    stubbed = {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            stubbed[node.name] = {n.name for n in node.body if isinstance(n, ast.FunctionDef)}
        elif isinstance(node, ast.FunctionDef):
            stubbed[node.name] = set()
        elif isinstance(node, ast.AnnAssign):
            stubbed[node.target.id] = set()
    assert (PACKAGE / "py.typed").exists()
    for name in wingtip.__all__:
        assert name in stubbed, name
        obj = getattr(wingtip, name)
        if inspect.isclass(obj) and not issubclass(obj, BaseException):
            assert set(public_members(obj)) <= stubbed[name], name


def test_import_needs_neither_numpy_nor_python_chess():
    code = "import sys, wingtip; print('numpy' in sys.modules, 'chess' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "False"]


def test_readme_first_example():
    text = README.read_text()
    section = text.split("## A first example", 1)[1]
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    expected = re.search(r"```text\n(.*?)```", section, re.S).group(1)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "README.md", "exec"), {})
    assert out.getvalue() == expected


def test_exceptions_hierarchy():
    for error in (wingtip.FenError, wingtip.InvalidMoveError, wingtip.IllegalMoveError, wingtip.AmbiguousMoveError):
        assert issubclass(error, wingtip.WingtipError)
    assert issubclass(wingtip.WingtipError, ValueError)
    assert issubclass(wingtip.EmptyStackError, wingtip.WingtipError)
    assert issubclass(wingtip.EmptyStackError, IndexError)
    assert wingtip.WingtipError.__module__ == "wingtip"


def test_board_conveniences():
    board = wingtip.Board()
    assert str(board) == str(chess.Board())
    assert repr(board) == f"Board('{wingtip.STARTING_FEN}')"
    assert repr(wingtip.Board(chess960=True)).endswith("chess960=True)")
    assert board == wingtip.Board.startpos() and hash(board) == hash(wingtip.Board.startpos())
    assert board != "not a board"
    board.push_san("Nf3")
    assert board != wingtip.Board()
    twin = board.copy()
    assert twin == board and twin.move_stack == board.move_stack
    assert board.copy(stack=False).move_stack == []
    assert copy.copy(board).move_stack == copy.deepcopy(board).move_stack == board.move_stack
    twin.push_san("Nf6")
    assert len(board.move_stack) == 1  # the copy is independent
    # Positions equal but clocks different are different boards.
    assert wingtip.Board("4k3/8/8/8/8/8/8/4K3 w - - 0 1") != wingtip.Board("4k3/8/8/8/8/8/8/4K3 w - - 3 1")
    assert len({wingtip.Board(), wingtip.Board.startpos(), board}) == 2
    assert board.zobrist_hash() == hash(board) % 2**64 or hash(board) == board.zobrist_hash()
    assert board.piece_at(chess.E1) == "K" and board.piece_at(chess.E4) is None
    assert isinstance(board.evaluate(), int)
    assert wingtip.BACKEND in ("plain", "compact", "fixed", "kindergarten", "classical", "pext")
    assert wingtip.__version__


def test_move_conveniences():
    board = wingtip.Board("r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1")
    moves = {m.uci(): m for m in board.legal_moves()}
    castle = moves["e1g1"]
    assert castle.is_castling() and (castle.from_square, castle.to_square) == (chess.E1, chess.G1)
    ep = moves["e5d6"]
    assert ep.is_en_passant() and ep.is_capture() and ep.piece == "P"
    promo = moves["b7a8q"]
    assert promo.promotion == "q" and promo.is_capture() and board.san(promo) == "bxa8=Q+"
    assert repr(promo) == "<Move b7a8q>" and str(promo) == "b7a8q"
    assert promo == board.parse_uci("b7a8q") and hash(promo) == hash(board.parse_uci("b7a8q"))
    assert promo != moves["b7a8n"] and promo != "b7a8q"
    assert moves["b7b8r"].raw & 0xFFFFFF == moves["b7b8r"].raw
    with pytest.raises(TypeError):
        wingtip.Move()


def test_outcome_object():
    board = wingtip.Board("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1")
    outcome = board.outcome()
    assert (outcome.termination, outcome.winner, outcome.result()) == ("checkmate", True, "1-0")
    assert repr(outcome) == "Outcome(termination='checkmate', winner=True)"
    assert outcome == wingtip.Board("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1").outcome()
    assert wingtip.Board().outcome() is None and wingtip.Board().result() == "*"


def test_boards_pickle_with_their_move_stack():
    import pickle

    for fen, chess960, moves in [
        (None, False, ["e2e4", "c7c5", "g1f3", "d7d6"]),
        ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", False, ["e1g1", "e8c8"]),
        ("1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/4K2R w Kk - 0 1", True, ["e1h1", "e8g8"]),
    ]:
        board = wingtip.Board(fen, chess960=chess960)
        for uci in moves:
            board.push_uci(uci)
        again = pickle.loads(pickle.dumps(board))
        assert again == board and again.chess960 == chess960
        assert again.move_stack == board.move_stack
        assert again.fen(shredder=True) == board.fen(shredder=True)
        again.pop()
        assert again.fen() != board.fen()
