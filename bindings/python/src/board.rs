//! `wingtip.Board`: a position, the moves played on it, move text, perft, the game's
//! end by python-chess's rules, and the doors to the search and to python-chess.

use crate::errors::{
    empty_stack_error, excerpt, int_in_range, AmbiguousMoveError, FenError, IllegalMoveError,
    InvalidMoveError, WingtipError,
};
use crate::moves::{move_list, py_square, PyMove};
use crate::search::{read_hash_mb, read_limits, EngineCore, PySearchResult, SearchPosition};
use pyo3::basic::CompareOp;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyList};
use std::collections::BTreeMap;
use wingtip::{
    perft, Board, Color, Move, MoveError, Piece, SanError, Square, BLACK_KING_SIDE,
    BLACK_QUEEN_SIDE, WHITE_KING_SIDE, WHITE_QUEEN_SIDE,
};

/// The standard starting position.
pub(crate) const STARTING_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// The deepest perft `Board.perft` accepts (as the C ABI's WINGTIP_PERFT_MAX_DEPTH;
/// far beyond what finishes).
pub(crate) const PERFT_MAX_DEPTH: i64 = 32;
/// From this depth on, perft counts one root move at a time and checks for Ctrl-C
/// between them.
const PERFT_SPLIT_DEPTH: u32 = 5;
/// The four castling rights, each a bit of `Board::castling_rights`.
const RIGHTS: [u8; 4] = [
    WHITE_KING_SIDE,
    WHITE_QUEEN_SIDE,
    BLACK_KING_SIDE,
    BLACK_QUEEN_SIDE,
];

/// Whether the side to move has a legal en-passant capture.
fn has_legal_en_passant(board: &Board) -> bool {
    board.en_passant().is_some() && board.legal_moves().iter().any(|mv| mv.is_en_passant())
}

/// `board` with its en-passant square dropped unless an en-passant capture is
/// legal (python-chess's convention, where the library keeps it whenever a pawn
/// attacks it): positions that differ only there then compare, hash and print
/// alike.
fn normalized(board: Board) -> Board {
    if board.en_passant().is_none() || has_legal_en_passant(&board) {
        return board;
    }
    let fen = board.fen_shredder().to_string();
    let mut fields: Vec<&str> = fen.split(' ').collect();
    if fields.len() > 3 {
        fields[3] = "-";
    }
    // Reading back what the library wrote cannot fail; if it ever did, the board as
    // it is stays (it plays the same moves).
    Board::from_fen(&fields.join(" ")).unwrap_or(board)
}

/// Whether `a` and `b` are the same position for repetitions: pieces, side to move,
/// castling rights (with their rooks) and en-passant square; not the clocks.
fn same_position(a: &Board, b: &Board) -> bool {
    a.hash() == b.hash()
        && a.side_to_move() == b.side_to_move()
        && a.castling_rights() == b.castling_rights()
        && a.en_passant() == b.en_passant()
        && Piece::ALL.iter().all(|&p| a.pieces(p) == b.pieces(p))
        && RIGHTS
            .iter()
            .all(|&r| a.castling_rook(r) == b.castling_rook(r))
}

/// What pickle stores of a board: its first position's FEN, its Chess960 flag and
/// the moves made since, as UCI text.
type PickleState = (String, bool, Vec<String>);

/// A chess position with the moves played on it.
///
/// Board() is the starting position; Board(fen) reads standard FEN, X-FEN or
/// Shredder-FEN (the clocks may be left out). With chess960=True castling rights are
/// read by Chess960's rules and castling moves are written king-takes-rook (e1h1);
/// otherwise a castling right needs the king on e1/e8 and the rook in its corner
/// (anything else is refused with FenError, not silently dropped). The board keeps a
/// stack of the positions it has been through, so pop() undoes moves and repetitions
/// are seen. Squares are numbered as in python-chess (a1 = 0, h8 = 63); turn is True
/// for White. Bad input raises WingtipError (a ValueError) or a subclass of it.
#[pyclass(module = "wingtip", name = "Board", skip_from_py_object)]
#[derive(Clone)]
pub struct PyBoard {
    /// The current position (its en-passant square only when a capture is legal).
    pub(crate) board: Board,
    /// Whether castling moves are written king-takes-rook.
    pub(crate) chess960: bool,
    /// The positions before the current one and the moves made from them, oldest
    /// first.
    pub(crate) stack: Vec<(Board, Move)>,
}

impl PyBoard {
    /// A board from `fen` without a move stack.
    pub(crate) fn from_fen_text(fen: &str, chess960: bool) -> PyResult<PyBoard> {
        let board = Board::from_fen_chess960(fen, chess960).map_err(|e| {
            let reason = e.to_string();
            let reason = reason.strip_prefix("fen: ").unwrap_or(&reason).to_owned();
            FenError::new_err(format!("invalid FEN {}: {reason}", excerpt(fen)))
        })?;
        Ok(PyBoard {
            board: normalized(board),
            chess960,
            stack: Vec::new(),
        })
    }

    /// The current position's FEN (X-FEN castling), or Shredder-FEN.
    pub(crate) fn fen_text(&self, shredder: bool) -> String {
        if shredder {
            self.board.fen_shredder().to_string()
        } else {
            self.board.fen().to_string()
        }
    }

    /// Makes `mv`, a legal move of the current position, and keeps the position it
    /// leaves on the stack.
    pub(crate) fn play(&mut self, mv: Move) {
        let before = self.board;
        let mut after = before;
        after.make_move(mv);
        self.board = normalized(after);
        self.stack.push((before, mv));
    }

    /// `mv` wrapped for Python with this board's castling notation.
    fn wrap(&self, mv: Move) -> PyMove {
        PyMove::new(mv, self.chess960)
    }

    /// The legal move named by UCI text.
    pub(crate) fn parse_uci_text(&self, text: &str) -> PyResult<Move> {
        self.board.parse_uci_move(text).map_err(|e| match e {
            MoveError::Illegal => IllegalMoveError::new_err(format!(
                "illegal move {} in {}",
                excerpt(text),
                self.board.fen()
            )),
            other => {
                InvalidMoveError::new_err(format!("invalid UCI move {}: {other}", excerpt(text)))
            }
        })
    }

    /// The legal move named by SAN.
    fn parse_san_text(&self, text: &str) -> PyResult<Move> {
        self.board.parse_san(text).map_err(|e| {
            let message = format!("san {}: {e} in {}", excerpt(text), self.board.fen());
            match e {
                SanError::Malformed => InvalidMoveError::new_err(format!("invalid {message}")),
                SanError::Ambiguous => AmbiguousMoveError::new_err(format!("ambiguous {message}")),
                _ => IllegalMoveError::new_err(format!("illegal {message}")),
            }
        })
    }

    /// The legal move a Python argument names: a `Move` (checked legal here) or UCI
    /// text.
    fn resolve(&self, value: &Bound<'_, PyAny>) -> PyResult<Move> {
        if let Ok(mv) = value.cast::<PyMove>() {
            let mv = mv.get().mv;
            return if self.board.legal_moves().contains(&mv) {
                Ok(mv)
            } else {
                Err(IllegalMoveError::new_err(format!(
                    "illegal move {} in {}",
                    mv.uci(self.chess960),
                    self.board.fen()
                )))
            };
        }
        if let Ok(text) = value.extract::<String>() {
            return self.parse_uci_text(&text);
        }
        Err(PyTypeError::new_err(format!(
            "a move must be a wingtip.Move or UCI text (str), not {}",
            value
                .get_type()
                .name()
                .map(|n| n.to_string())
                .unwrap_or_default()
        )))
    }

    /// The positions before the current one that a repetition can reach (those
    /// since the last capture or pawn move), most recent last.
    fn reversible_history(&self) -> &[(Board, Move)] {
        let reach = (self.board.halfmove_clock() as usize).min(self.stack.len());
        &self.stack[self.stack.len() - reach..]
    }

    /// How often the current position has occurred, this time included.
    fn occurrences(&self) -> usize {
        1 + self
            .reversible_history()
            .iter()
            .filter(|(earlier, _)| same_position(earlier, &self.board))
            .count()
    }

    /// Whether the side to move has a legal move.
    fn has_moves(&self) -> bool {
        self.board.count_legal_moves() > 0
    }

    /// The halfmove clock has reached `n` and the game goes on (python-chess's
    /// `_is_halfmoves`).
    fn halfmoves_reached(&self, n: u32) -> bool {
        self.board.halfmove_clock() >= n && self.has_moves()
    }

    /// The input of a search of the current position: the board and the hashes of
    /// the earlier positions a repetition can reach.
    pub(crate) fn search_position(&self) -> SearchPosition {
        SearchPosition {
            board: self.board,
            chess960: self.chess960,
            history: self
                .reversible_history()
                .iter()
                .map(|(b, _)| b.hash())
                .collect(),
        }
    }

    /// How the game has ended, by python-chess's `Board.outcome` rules.
    fn game_outcome(&self, claim_draw: bool) -> Option<PyOutcome> {
        let decided = |termination: &'static str, winner: Option<bool>| {
            Some(PyOutcome {
                termination,
                winner,
            })
        };
        let in_check = self.board.in_check();
        let has_moves = self.has_moves();
        if in_check && !has_moves {
            return decided("checkmate", Some(self.board.side_to_move() == Color::Black));
        }
        if self.board.is_insufficient_material() {
            return decided("insufficient_material", None);
        }
        if !has_moves {
            return decided("stalemate", None);
        }
        if self.board.halfmove_clock() >= 150 {
            return decided("seventyfive_moves", None);
        }
        if self.occurrences() >= 5 {
            return decided("fivefold_repetition", None);
        }
        if claim_draw {
            if self.claim_fifty_moves() {
                return decided("fifty_moves", None);
            }
            if self.claim_threefold() {
                return decided("threefold_repetition", None);
            }
        }
        None
    }

    /// python-chess's `can_claim_fifty_moves`.
    fn claim_fifty_moves(&self) -> bool {
        if self.halfmoves_reached(100) {
            return true;
        }
        self.board.halfmove_clock() >= 99
            && self.board.legal_moves().iter().any(|&mv| {
                let mut after = self.board;
                after.make_move(mv);
                after.halfmove_clock() >= 100 && after.count_legal_moves() > 0
            })
    }

    /// python-chess's `can_claim_threefold_repetition`: the position has occurred
    /// three times, or a legal move reaches one that has occurred twice.
    fn claim_threefold(&self) -> bool {
        if self.occurrences() >= 3 {
            return true;
        }
        let history = self.reversible_history();
        self.board.legal_moves().iter().any(|&mv| {
            let mut after = self.board;
            after.make_move(mv);
            let after = normalized(after);
            let earlier = history
                .iter()
                .map(|(b, _)| b)
                .chain(core::iter::once(&self.board))
                .filter(|b| same_position(b, &after))
                .count();
            earlier >= 2
        })
    }
}

#[pymethods]
impl PyBoard {
    /// Board(fen=None, chess960=False): the position of `fen`, or the starting
    /// position when fen is None. Raises FenError (a WingtipError) for a FEN that
    /// cannot be read or describes an illegal position.
    #[new]
    #[pyo3(signature = (fen = None, chess960 = false))]
    fn py_new(fen: Option<String>, chess960: bool) -> PyResult<PyBoard> {
        PyBoard::from_fen_text(fen.as_deref().unwrap_or(STARTING_FEN), chess960)
    }

    /// The standard starting position.
    #[staticmethod]
    fn startpos() -> PyBoard {
        PyBoard {
            board: Board::startpos(),
            chess960: false,
            stack: Vec::new(),
        }
    }

    /// The position as FEN: X-FEN castling (KQkq, or a file letter for an inner
    /// Chess960 rook), or Shredder-FEN (HAha) with shredder=True. The en-passant
    /// square is written only when an en-passant capture is legal, as python-chess's
    /// Board.fen() does.
    #[pyo3(signature = (*, shredder = false))]
    fn fen(&self, shredder: bool) -> String {
        self.fen_text(shredder)
    }

    /// The side to move: True for White, False for Black (python-chess's chess.WHITE
    /// and chess.BLACK).
    #[getter]
    fn turn(&self) -> bool {
        self.board.side_to_move() == Color::White
    }

    /// Whether castling is read and written by Chess960's rules (king takes rook).
    #[getter]
    fn chess960(&self) -> bool {
        self.chess960
    }

    /// Plies since the last capture or pawn move.
    #[getter]
    fn halfmove_clock(&self) -> u32 {
        self.board.halfmove_clock()
    }

    /// The move number, starting at 1 and incremented after Black's move.
    #[getter]
    fn fullmove_number(&self) -> u32 {
        self.board.fullmove_number()
    }

    /// The castling rights as python-chess's Board.castling_rights: a bitmask of the
    /// squares (a1 = bit 0) of the rooks that may still castle.
    #[getter]
    fn castling_rights(&self) -> u64 {
        RIGHTS
            .iter()
            .filter(|&&r| self.board.castling_rights() & r != 0)
            .filter_map(|&r| self.board.castling_rook(r))
            .fold(0, |mask, sq| mask | (1u64 << py_square(sq)))
    }

    /// The piece on `square` (0..63, a1 = 0) as a FEN letter ('P' ... 'k'), or None.
    fn piece_at(&self, square: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
        let index = int_in_range(square, "square", 0, 63)? as u8;
        let sq = Square::from_index(index ^ 56).expect("0..63 is a square");
        Ok(self.board.piece_on(sq).map(|p| p.to_char().to_string()))
    }

    /// Every piece on the board: a dict from square (a1 = 0) to FEN letter.
    fn piece_map(&self) -> BTreeMap<u8, String> {
        Square::ALL
            .iter()
            .filter_map(|&sq| {
                self.board
                    .piece_on(sq)
                    .map(|p| (py_square(sq), p.to_char().to_string()))
            })
            .collect()
    }

    /// The legal moves, as a list of Move, in the generator's order.
    fn legal_moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        move_list(py, &self.board.legal_moves(), self.chess960)
    }

    /// The number of legal moves (counted without making a list).
    fn legal_move_count(&self) -> u64 {
        self.board.count_legal_moves()
    }

    /// Whether `move` (a Move or UCI text) is a legal move here. Malformed UCI text
    /// raises InvalidMoveError; a well-formed illegal move gives False.
    #[pyo3(signature = (r#move, /))]
    fn is_legal(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        match self.resolve(r#move) {
            Ok(_) => Ok(true),
            Err(e) if e.is_instance_of::<IllegalMoveError>(r#move.py()) => Ok(false),
            Err(e) => Err(e),
        }
    }

    /// Makes `move`, a Move or UCI text ('e2e4', 'e7e8q'). Raises IllegalMoveError
    /// (the board unchanged) when it is not legal here, InvalidMoveError for
    /// malformed text.
    #[pyo3(signature = (r#move, /))]
    fn push(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<()> {
        let mv = self.resolve(r#move)?;
        self.play(mv);
        Ok(())
    }

    /// Makes the move given in UCI notation and returns it. Castling may be written
    /// e1g1 or e1h1 (king takes rook) in either kind of game.
    fn push_uci(&mut self, uci: String) -> PyResult<PyMove> {
        let mv = self.parse_uci_text(&uci)?;
        self.play(mv);
        Ok(self.wrap(mv))
    }

    /// Makes the move given in SAN ('Nf3', 'exd5', 'e8=Q', 'O-O'; '+', '#', '!?'
    /// suffixes allowed) and returns it. Raises InvalidMoveError, IllegalMoveError
    /// or AmbiguousMoveError, leaving the board unchanged.
    fn push_san(&mut self, san: String) -> PyResult<PyMove> {
        let mv = self.parse_san_text(&san)?;
        self.play(mv);
        Ok(self.wrap(mv))
    }

    /// The legal move named by UCI text, without making it.
    fn parse_uci(&self, uci: String) -> PyResult<PyMove> {
        self.parse_uci_text(&uci).map(|mv| self.wrap(mv))
    }

    /// The legal move named by SAN, without making it.
    fn parse_san(&self, san: String) -> PyResult<PyMove> {
        self.parse_san_text(&san).map(|mv| self.wrap(mv))
    }

    /// The SAN of `move` (a legal Move or UCI text): 'Nf3', 'exd5', 'e8=Q+', 'O-O-O#',
    /// with the minimal disambiguation.
    #[pyo3(signature = (r#move, /))]
    fn san(&self, r#move: &Bound<'_, PyAny>) -> PyResult<String> {
        let mv = self.resolve(r#move)?;
        Ok(self.board.san(mv).as_str().to_owned())
    }

    /// Takes back the last move and returns it. Raises EmptyStackError (a
    /// WingtipError and an IndexError) when no move has been made on this board.
    fn pop(&mut self, py: Python<'_>) -> PyResult<PyMove> {
        let (before, mv) = self.stack.pop().ok_or_else(|| {
            empty_stack_error(
                py,
                "pop from an empty move stack: no move has been made on this board",
            )
        })?;
        self.board = before;
        Ok(self.wrap(mv))
    }

    /// The last move made, without taking it back. Raises EmptyStackError when there
    /// is none.
    fn peek(&self, py: Python<'_>) -> PyResult<PyMove> {
        self.stack
            .last()
            .map(|&(_, mv)| self.wrap(mv))
            .ok_or_else(|| {
                empty_stack_error(
                    py,
                    "peek at an empty move stack: no move has been made on this board",
                )
            })
    }

    /// The moves made on this board, oldest first.
    #[getter]
    fn move_stack(&self) -> Vec<PyMove> {
        self.stack.iter().map(|&(_, mv)| self.wrap(mv)).collect()
    }

    /// Counts the leaf nodes `depth` plies below this position (perft; depth 0
    /// counts 1). Runs without the GIL, so other Python threads go on meanwhile;
    /// from depth 5 on, Ctrl-C interrupts it between root moves. depth must be an
    /// int from 0 to PERFT_MAX_DEPTH.
    fn perft(slf: &Bound<'_, Self>, depth: &Bound<'_, PyAny>) -> PyResult<u64> {
        let py = slf.py();
        let depth = int_in_range(depth, "perft depth", 0, PERFT_MAX_DEPTH)? as u32;
        let board = slf.try_borrow()?.board;
        if depth < PERFT_SPLIT_DEPTH {
            return Ok(py.detach(move || perft(&board, depth)));
        }
        let mut total = 0u64;
        for &mv in board.legal_moves().iter() {
            let mut child = board;
            child.make_move(mv);
            total += py.detach(move || perft(&child, depth - 1));
            py.check_signals()?;
        }
        Ok(total)
    }

    /// Whether the side to move is in check.
    fn is_check(&self) -> bool {
        self.board.in_check()
    }

    /// Whether the side to move is checkmated.
    fn is_checkmate(&self) -> bool {
        self.board.in_check() && !self.has_moves()
    }

    /// Whether the side to move is stalemated (not in check, no legal move).
    fn is_stalemate(&self) -> bool {
        !self.board.in_check() && !self.has_moves()
    }

    /// Whether neither side can ever mate, by python-chess's rules: only kings and
    /// at most one minor piece, or only bishops all on squares of one colour.
    fn is_insufficient_material(&self) -> bool {
        self.board.is_insufficient_material()
    }

    /// Whether 150 plies have passed without a capture or pawn move and the game
    /// goes on (the automatic draw).
    fn is_seventyfive_moves(&self) -> bool {
        self.halfmoves_reached(150)
    }

    /// Whether 100 plies have passed without a capture or pawn move and the game
    /// goes on (a draw a player may claim).
    fn is_fifty_moves(&self) -> bool {
        self.halfmoves_reached(100)
    }

    /// Whether the current position has occurred five times (the automatic draw).
    fn is_fivefold_repetition(&self) -> bool {
        self.occurrences() >= 5
    }

    /// Whether the current position has occurred `count` times (3 when None) on
    /// this board, counting the positions in its move stack.
    #[pyo3(signature = (count = None), text_signature = "($self, count=3)")]
    fn is_repetition(&self, count: Option<&Bound<'_, PyAny>>) -> PyResult<bool> {
        let Some(count) = count else {
            return Ok(self.occurrences() >= 3);
        };
        let count = match int_in_range(count, "count", i64::MIN, i64::MAX) {
            Ok(count) => count,
            // An int beyond 64 bits: never reached when positive, always when not.
            Err(e) if e.is_instance_of::<WingtipError>(count.py()) => {
                return count.le(0);
            }
            Err(e) => return Err(e),
        };
        Ok(count <= 1 || self.occurrences() as i64 >= count)
    }

    /// Whether the side to move may claim a draw by the fifty-move rule, now or with
    /// a legal move.
    fn can_claim_fifty_moves(&self) -> bool {
        self.claim_fifty_moves()
    }

    /// Whether the side to move may claim a draw by threefold repetition, now or
    /// with a legal move.
    fn can_claim_threefold_repetition(&self) -> bool {
        self.claim_threefold()
    }

    /// Whether the side to move may claim a draw (fifty moves or threefold
    /// repetition).
    fn can_claim_draw(&self) -> bool {
        self.claim_fifty_moves() || self.claim_threefold()
    }

    /// How the game has ended, or None: checkmate, insufficient material, stalemate,
    /// the seventy-five-move rule, fivefold repetition, and with claim_draw=True the
    /// fifty-move rule and threefold repetition, checked in python-chess's order.
    #[pyo3(signature = (*, claim_draw = false))]
    fn outcome(&self, claim_draw: bool) -> Option<PyOutcome> {
        self.game_outcome(claim_draw)
    }

    /// Whether the game has ended (outcome() is not None).
    #[pyo3(signature = (*, claim_draw = false))]
    fn is_game_over(&self, claim_draw: bool) -> bool {
        self.game_outcome(claim_draw).is_some()
    }

    /// The result: '1-0', '0-1', '1/2-1/2', or '*' while the game goes on.
    #[pyo3(signature = (*, claim_draw = false))]
    fn result(&self, claim_draw: bool) -> &'static str {
        self.game_outcome(claim_draw)
            .map_or("*", |o| o.result_text())
    }

    /// The library's static evaluation in centipawns, from the side to move's
    /// point of view.
    fn evaluate(&self) -> i32 {
        wingtip::evaluate(&self.board)
    }

    /// The position's 64-bit Zobrist hash (wingtip's keys, not Polyglot's), which is
    /// also hash(board).
    fn zobrist_hash(&self) -> u64 {
        self.board.hash()
    }

    /// A copy of the board; with stack=False, without its move stack.
    #[pyo3(signature = (*, stack = true))]
    fn copy(&self, stack: bool) -> PyBoard {
        PyBoard {
            board: self.board,
            chess960: self.chess960,
            stack: if stack {
                self.stack.clone()
            } else {
                Vec::new()
            },
        }
    }

    /// A Board from its first position and the moves made since, as UCI text: what
    /// pickle calls to rebuild a board (see __reduce__).
    #[staticmethod]
    fn _from_moves(root_fen: String, chess960: bool, moves: Vec<String>) -> PyResult<PyBoard> {
        let mut board = PyBoard::from_fen_text(&root_fen, chess960)?;
        for uci in &moves {
            let mv = board.parse_uci_text(uci)?;
            board.play(mv);
        }
        Ok(board)
    }

    /// Pickle support: the board is rebuilt from its first position and its moves,
    /// so the copy has the same move stack.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, PickleState)> {
        let root = self.stack.first().map_or(self.board, |&(b, _)| b);
        let moves = self
            .stack
            .iter()
            .map(|&(_, mv)| mv.uci(self.chess960).to_string())
            .collect();
        let rebuild = py.get_type::<PyBoard>().getattr("_from_moves")?;
        Ok((
            rebuild,
            (root.fen_shredder().to_string(), self.chess960, moves),
        ))
    }

    /// copy.copy(board): the same as board.copy().
    fn __copy__(&self) -> PyBoard {
        self.clone()
    }

    /// copy.deepcopy(board): the same as board.copy().
    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyBoard {
        self.clone()
    }

    /// Boards are equal when their positions are (pieces, side to move, castling
    /// rights, en-passant square) and so are their clocks; move stacks and the
    /// Chess960 flag are not compared.
    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> Py<PyAny> {
        let py = other.py();
        let Ok(other) = other.cast::<PyBoard>() else {
            return py.NotImplemented();
        };
        let Ok(other) = other.try_borrow() else {
            return py.NotImplemented();
        };
        let same = same_position(&self.board, &other.board)
            && self.board.halfmove_clock() == other.board.halfmove_clock()
            && self.board.fullmove_number() == other.board.fullmove_number();
        match op {
            CompareOp::Eq => PyBool::new(py, same).to_owned().into_any().unbind(),
            CompareOp::Ne => PyBool::new(py, !same).to_owned().into_any().unbind(),
            _ => py.NotImplemented(),
        }
    }

    /// The Zobrist hash (equal boards hash equal).
    fn __hash__(&self) -> u64 {
        self.board.hash()
    }

    /// `Board('<fen>')`, with `, chess960=True` for a Chess960 board.
    fn __repr__(&self) -> String {
        if self.chess960 {
            format!("Board('{}', chess960=True)", self.board.fen())
        } else {
            format!("Board('{}')", self.board.fen())
        }
    }

    /// The board as eight lines of piece letters, '.' for an empty square, rank 8
    /// first (as python-chess prints it).
    fn __str__(&self) -> String {
        let mut lines = Vec::with_capacity(8);
        for row in Square::ALL.chunks(8) {
            let line: Vec<String> = row
                .iter()
                .map(|&sq| {
                    self.board
                        .piece_on(sq)
                        .map_or('.', |p| p.to_char())
                        .to_string()
                })
                .collect();
            lines.push(line.join(" "));
        }
        lines.join("\n")
    }

    /// Searches this position and returns a SearchResult. At least one limit is
    /// needed: depth (plies, 1 to SEARCH_MAX_DEPTH), nodes (at least 1) or movetime
    /// (milliseconds, as UCI's go movetime; an int or a float above 0); the first one
    /// reached ends the search. hash_mb (0 to 65536; None means 16) sizes a hash table made for this
    /// search alone; use an Engine to keep one between searches. Runs without the
    /// GIL. Earlier positions on the move stack count for repetitions.
    #[pyo3(
        signature = (depth = None, nodes = None, movetime = None, hash_mb = None),
        text_signature = "($self, depth=None, nodes=None, movetime=None, hash_mb=16)"
    )]
    fn search(
        slf: &Bound<'_, Self>,
        depth: Option<&Bound<'_, PyAny>>,
        nodes: Option<&Bound<'_, PyAny>>,
        movetime: Option<&Bound<'_, PyAny>>,
        hash_mb: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PySearchResult> {
        let py = slf.py();
        let limits = read_limits(depth, nodes, movetime)?;
        let hash_mb = match hash_mb {
            Some(value) => read_hash_mb(value)?,
            None => 16,
        };
        let position = slf.try_borrow()?.search_position();
        let core = EngineCore::new(hash_mb)?;
        core.run(py, position, limits)
    }

    /// A Board from a python-chess chess.Board: the same position, castling rights,
    /// en-passant square, clocks and Chess960 flag. With history=True (the default)
    /// the python-chess move stack is replayed from its root, so pop() and
    /// repetitions work as there; a stack that cannot be replayed (null moves) is
    /// left out. Raises ImportError when python-chess is not installed, TypeError
    /// for anything but a chess.Board, WingtipError for a variant board.
    #[staticmethod]
    #[pyo3(signature = (board, *, history = true))]
    fn from_chess(board: &Bound<'_, PyAny>, history: bool) -> PyResult<PyBoard> {
        crate::interop::from_chess(board, history)
    }

    /// This board as a python-chess chess.Board, with the same move stack (its root
    /// is this board's first position). Raises ImportError when python-chess is not
    /// installed.
    fn to_chess<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        crate::interop::to_chess(py, self)
    }
}

/// How a game ended: returned by Board.outcome().
///
/// termination is one of 'checkmate', 'stalemate', 'insufficient_material',
/// 'seventyfive_moves', 'fivefold_repetition', 'fifty_moves',
/// 'threefold_repetition' (the lowercase names of python-chess's Termination
/// members); winner is True (White), False (Black) or None for a draw.
#[pyclass(
    module = "wingtip",
    name = "Outcome",
    frozen,
    get_all,
    skip_from_py_object
)]
#[derive(Clone, Copy, Debug)]
pub struct PyOutcome {
    /// Why the game ended (see the class docstring).
    termination: &'static str,
    /// True when White won, False when Black won, None for a draw.
    winner: Option<bool>,
}

impl PyOutcome {
    /// '1-0', '0-1' or '1/2-1/2'.
    fn result_text(&self) -> &'static str {
        match self.winner {
            Some(true) => "1-0",
            Some(false) => "0-1",
            None => "1/2-1/2",
        }
    }
}

#[pymethods]
impl PyOutcome {
    /// The result: '1-0', '0-1' or '1/2-1/2'.
    fn result(&self) -> &'static str {
        self.result_text()
    }

    /// Outcomes are equal when termination and winner are.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyOutcome>()
            .is_ok_and(|o| o.get().termination == self.termination && o.get().winner == self.winner)
    }

    /// `Outcome(termination='checkmate', winner=True)`.
    fn __repr__(&self) -> String {
        let winner = match self.winner {
            Some(true) => "True",
            Some(false) => "False",
            None => "None",
        };
        format!(
            "Outcome(termination='{}', winner={winner})",
            self.termination
        )
    }
}
