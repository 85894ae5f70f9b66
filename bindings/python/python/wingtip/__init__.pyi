"""Type stubs for wingtip, a chess library for Python built on the Rust crate wingtip."""

from typing import Any, Dict, Iterable, List, Optional, Union

import numpy
import numpy.typing

__version__: str
"""The package version."""
STARTING_FEN: str
"""The FEN of the standard starting position."""
PERFT_MAX_DEPTH: int
"""The deepest perft Board.perft accepts (32)."""
SEARCH_MAX_DEPTH: int
"""The deepest search iteration a search accepts (95)."""
HASH_MB_MAX: int
"""The largest hash table, in MiB (65536)."""
BACKEND: str
"""The slider attack backend this build uses ('plain', 'compact', ...)."""

class WingtipError(ValueError):
    """Base class of wingtip's errors: a value the library cannot accept."""

class FenError(WingtipError):
    """A FEN that cannot be read, or that describes an illegal position."""

class InvalidMoveError(WingtipError):
    """Move text that is not a move at all: malformed UCI or SAN."""

class IllegalMoveError(WingtipError):
    """A well-formed move that is not legal in the position."""

class AmbiguousMoveError(WingtipError):
    """SAN that matches more than one legal move."""

class EmptyStackError(WingtipError, IndexError):
    """Board.pop() or Board.peek() on a board without moves."""

class Move:
    """A move of a position; squares numbered a1 = 0 ... h8 = 63."""

    @property
    def from_square(self) -> int:
        """The square the piece leaves (a1 = 0)."""
    @property
    def to_square(self) -> int:
        """The square the piece goes to; castling: king's destination (standard) or rook's square (Chess960)."""
    @property
    def promotion(self) -> Optional[str]:
        """The promotion piece as a lowercase letter ('q', 'r', 'b', 'n'), or None."""
    @property
    def piece(self) -> str:
        """The moving piece as a FEN letter ('P' ... 'k')."""
    @property
    def raw(self) -> int:
        """The library's 24-bit move encoding."""
    def uci(self) -> str:
        """The move in UCI notation ('e2e4', 'e7e8q', castling 'e1g1' or, in Chess960, 'e1h1')."""
    def is_capture(self) -> bool:
        """Whether the move captures (en passant included)."""
    def is_castling(self) -> bool:
        """Whether the move castles."""
    def is_en_passant(self) -> bool:
        """Whether the move is an en-passant capture."""
    def __eq__(self, other: object) -> bool: ...
    def __ne__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class Outcome:
    """How a game ended."""

    @property
    def termination(self) -> str:
        """'checkmate', 'stalemate', 'insufficient_material', 'seventyfive_moves',
        'fivefold_repetition', 'fifty_moves' or 'threefold_repetition'."""
    @property
    def winner(self) -> Optional[bool]:
        """True (White won), False (Black won) or None (a draw)."""
    def result(self) -> str:
        """'1-0', '0-1' or '1/2-1/2'."""
    def __eq__(self, other: object) -> bool: ...

class SearchResult:
    """The outcome of a search; scores are from the side to move's point of view."""

    @property
    def best_move(self) -> Optional[Move]:
        """The move to play, or None without a legal move."""
    @property
    def ponder(self) -> Optional[Move]:
        """The expected reply, when the principal variation has one."""
    @property
    def score_cp(self) -> Optional[int]:
        """The score in centipawns, or None when mate is set."""
    @property
    def mate(self) -> Optional[int]:
        """Mate in this many moves (negative: being mated), or None."""
    @property
    def depth(self) -> int:
        """The depth of the last completed iteration, in plies."""
    @property
    def seldepth(self) -> int:
        """The deepest ply reached, quiescence included."""
    @property
    def nodes(self) -> int:
        """Nodes searched."""
    @property
    def time_ms(self) -> int:
        """Milliseconds the search took."""
    @property
    def pv(self) -> List[Move]:
        """The principal variation, starting with best_move."""

_MoveLike = Union[Move, str]
_Number = Union[int, float]

class Board:
    """A chess position with the moves played on it."""

    def __init__(self, fen: Optional[str] = None, chess960: bool = False) -> None:
        """The position of fen (standard FEN, X-FEN or Shredder-FEN), or the starting position."""
    @staticmethod
    def startpos() -> "Board":
        """The standard starting position."""
    def fen(self, *, shredder: bool = False) -> str:
        """The position as FEN (en-passant square only when a capture is legal)."""
    @property
    def turn(self) -> bool:
        """True when White is to move."""
    @property
    def chess960(self) -> bool:
        """Whether castling is read and written by Chess960's rules."""
    @property
    def halfmove_clock(self) -> int:
        """Plies since the last capture or pawn move."""
    @property
    def fullmove_number(self) -> int:
        """The move number."""
    @property
    def castling_rights(self) -> int:
        """Bitmask of the squares (a1 = bit 0) of the rooks that may still castle."""
    @property
    def move_stack(self) -> List[Move]:
        """The moves made on this board, oldest first."""
    def piece_at(self, square: int) -> Optional[str]:
        """The piece on square (0..63) as a FEN letter, or None."""
    def piece_map(self) -> Dict[int, str]:
        """Every piece: square (a1 = 0) to FEN letter."""
    def legal_moves(self) -> List[Move]:
        """The legal moves."""
    def legal_move_count(self) -> int:
        """The number of legal moves."""
    def is_legal(self, move: _MoveLike, /) -> bool:
        """Whether move (a Move or UCI text) is legal here."""
    def push(self, move: _MoveLike, /) -> None:
        """Makes move (a Move or UCI text)."""
    def push_uci(self, uci: str) -> Move:
        """Makes the move given in UCI notation and returns it."""
    def push_san(self, san: str) -> Move:
        """Makes the move given in SAN and returns it."""
    def parse_uci(self, uci: str) -> Move:
        """The legal move named by UCI text."""
    def parse_san(self, san: str) -> Move:
        """The legal move named by SAN."""
    def san(self, move: _MoveLike, /) -> str:
        """The SAN of a legal move."""
    def pop(self) -> Move:
        """Takes back the last move and returns it (EmptyStackError when there is none)."""
    def peek(self) -> Move:
        """The last move made (EmptyStackError when there is none)."""
    def perft(self, depth: int) -> int:
        """The number of leaf nodes depth plies below this position (runs without the GIL)."""
    def is_check(self) -> bool:
        """Whether the side to move is in check."""
    def is_checkmate(self) -> bool:
        """Whether the side to move is checkmated."""
    def is_stalemate(self) -> bool:
        """Whether the side to move is stalemated."""
    def is_insufficient_material(self) -> bool:
        """Whether neither side can mate (python-chess's rules)."""
    def is_seventyfive_moves(self) -> bool:
        """Whether the seventy-five-move rule ends the game."""
    def is_fifty_moves(self) -> bool:
        """Whether 100 plies passed without a capture or pawn move and the game goes on."""
    def is_fivefold_repetition(self) -> bool:
        """Whether the position has occurred five times."""
    def is_repetition(self, count: int = 3) -> bool:
        """Whether the position has occurred count times."""
    def can_claim_fifty_moves(self) -> bool:
        """Whether a draw by the fifty-move rule can be claimed."""
    def can_claim_threefold_repetition(self) -> bool:
        """Whether a draw by threefold repetition can be claimed."""
    def can_claim_draw(self) -> bool:
        """Whether a draw can be claimed."""
    def outcome(self, *, claim_draw: bool = False) -> Optional[Outcome]:
        """How the game has ended, or None."""
    def is_game_over(self, *, claim_draw: bool = False) -> bool:
        """Whether the game has ended."""
    def result(self, *, claim_draw: bool = False) -> str:
        """'1-0', '0-1', '1/2-1/2' or '*'."""
    def evaluate(self) -> int:
        """The static evaluation in centipawns, side to move's view."""
    def zobrist_hash(self) -> int:
        """The 64-bit Zobrist hash (also hash(board))."""
    def copy(self, *, stack: bool = True) -> "Board":
        """A copy, with or without the move stack."""
    def __copy__(self) -> "Board": ...
    def __deepcopy__(self, memo: Any) -> "Board": ...
    def search(
        self,
        depth: Optional[int] = None,
        nodes: Optional[int] = None,
        movetime: Optional[_Number] = None,
        hash_mb: Optional[int] = 16,
    ) -> SearchResult:
        """Searches this position (at least one limit; movetime in milliseconds)."""
    @staticmethod
    def from_chess(board: Any, *, history: bool = True) -> "Board":
        """A Board from a python-chess chess.Board."""
    def to_chess(self) -> Any:
        """This board as a python-chess chess.Board."""
    def __eq__(self, other: object) -> bool: ...
    def __ne__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class Engine:
    """A search engine that keeps its hash table and history tables between searches."""

    def __init__(self, hash_mb: Optional[int] = 16) -> None:
        """An engine with a hash table of hash_mb MiB (default 16)."""
    def search(
        self,
        board: Board,
        depth: Optional[int] = None,
        nodes: Optional[int] = None,
        movetime: Optional[_Number] = None,
    ) -> SearchResult:
        """Searches board (at least one limit; movetime in milliseconds)."""
    def stop(self) -> None:
        """Stops the running search."""
    @property
    def searching(self) -> bool:
        """Whether a search is running."""
    @property
    def hash_mb(self) -> int:
        """The hash table's size in MiB."""
    def hashfull(self) -> int:
        """How full the hash table is, in permille."""
    def clear(self) -> None:
        """Empties the hash table and history tables."""

def planes(boards: Iterable[Board]) -> "numpy.typing.NDArray[numpy.uint8]":
    """Boards as a uint8 array of shape (N, 12, 64): planes P N B R Q K p n b r q k, a1 = 0."""
