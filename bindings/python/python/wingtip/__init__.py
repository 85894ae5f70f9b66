"""wingtip: a fast chess library for Python, built on the Rust crate of the same name.

A ``Board`` holds a position and the moves played on it: FEN in and out, legal
moves, UCI and SAN both ways, ``push``/``pop``, perft, the game's end by
python-chess's rules, and conversions to and from python-chess. ``Board.search``
and ``Engine`` run the library's alpha-beta search; ``planes`` turns boards into a
NumPy array for machine learning.

>>> import wingtip
>>> board = wingtip.Board()
>>> board.push_san("e4")
<Move e2e4>
>>> len(board.legal_moves())
20
>>> board.perft(3)
13744

Squares are numbered as in python-chess (a1 = 0, h8 = 63) and ``Board.turn`` is
True for White. Bad input never crashes: it raises ``WingtipError`` (a subclass of
``ValueError``) or one of its subclasses, with a one-line message.
"""

from ._wingtip import (
    BACKEND,
    HASH_MB_MAX,
    PERFT_MAX_DEPTH,
    SEARCH_MAX_DEPTH,
    STARTING_FEN,
    AmbiguousMoveError,
    Board,
    EmptyStackError,
    Engine,
    FenError,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    Outcome,
    SearchResult,
    WingtipError,
    __version__,
    planes,
)

__all__ = [
    "BACKEND",
    "HASH_MB_MAX",
    "PERFT_MAX_DEPTH",
    "SEARCH_MAX_DEPTH",
    "STARTING_FEN",
    "AmbiguousMoveError",
    "Board",
    "EmptyStackError",
    "Engine",
    "FenError",
    "IllegalMoveError",
    "InvalidMoveError",
    "Move",
    "Outcome",
    "SearchResult",
    "WingtipError",
    "__version__",
    "planes",
]
