//! Moves in Kirin's 24-bit encoding, and a fixed-capacity move list.
//!
//! | bits | mask | field |
//! |---|---|---|
//! | 0–5 | [`Move::SOURCE_MASK`] `0x3f` | source square |
//! | 6–11 | [`Move::TARGET_MASK`] `0xfc0` | target square |
//! | 12–15 | [`Move::PIECE_MASK`] `0xf000` | moving piece |
//! | 16–19 | [`Move::PROMOTED_MASK`] `0xf0000` | promoted piece (0 = none) |
//! | 20 | [`Move::CAPTURE`] `0x100000` | capture flag |
//! | 21 | [`Move::DOUBLE_PUSH`] `0x200000` | double pawn push flag |
//! | 22 | [`Move::EN_PASSANT`] `0x400000` | en-passant flag |
//! | 23 | [`Move::CASTLING`] `0x800000` | castling flag |
//!
//! The promoted field uses 0 for "no promotion": 0 is the white pawn, which is never
//! a promotion piece.
//!
//! # Castling: king takes rook
//!
//! A castling move (flag [`Move::CASTLING`]) has the king's square as source and
//! its **rook's square** as target: white's king-side castling in standard chess
//! is e1→h1 with the flag. [`Board::make_move`](crate::Board::make_move) then puts
//! the king on the g- (or c-) file and the rook on the f- (or d-) file. The king's
//! destination would not do in Chess960: a king on f1 castling with a rook on g1
//! lands on g1, the square its plain step f1→g1 also reaches, and a king already on
//! g1 would "move" g1→g1. The rook's square is always a distinct, own-occupied
//! target, so no castling move collides with another move of the same piece.
//!
//! The text is chosen when printing: `Display` (and [`Move::uci`] with
//! `chess960 = false`) writes the king's destination, `e1g1`, as standard UCI
//! does; [`Move::uci`] with `chess960 = true` writes king takes rook, `e1h1`, as
//! UCI's `UCI_Chess960` mode and cutechess expect.

use core::fmt;
use core::mem::MaybeUninit;
use core::ops::{Deref, DerefMut};

use crate::{Piece, Role, Square};

/// A move: Kirin's 24-bit encoding in a `u32` (see the module table).
///
/// # Examples
/// ```
/// use wingtip::{Move, Piece, Square};
/// let mv = Move::new(Square::E7, Square::E8, Piece::WhitePawn, Some(Piece::WhiteQueen), 0);
/// assert_eq!(mv.source(), Square::E7);
/// assert_eq!(mv.target(), Square::E8);
/// assert_eq!(mv.promoted(), Some(Piece::WhiteQueen));
/// assert_eq!(mv.to_string(), "e7e8q");
/// assert_eq!(mv.0 & Move::SOURCE_MASK, Square::E7.index() as u32);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
#[repr(transparent)]
pub struct Move(pub u32);

impl Move {
    /// Bits of the source square.
    pub const SOURCE_MASK: u32 = 0x3f;
    /// Bits of the target square (shifted left by [`Move::TARGET_SHIFT`]).
    pub const TARGET_MASK: u32 = 0xfc0;
    /// Shift of the target square.
    pub const TARGET_SHIFT: u32 = 6;
    /// Bits of the moving piece (shifted left by [`Move::PIECE_SHIFT`]).
    pub const PIECE_MASK: u32 = 0xf000;
    /// Shift of the moving piece.
    pub const PIECE_SHIFT: u32 = 12;
    /// Bits of the promoted piece, 0 when none (shifted by [`Move::PROMOTED_SHIFT`]).
    pub const PROMOTED_MASK: u32 = 0xf0000;
    /// Shift of the promoted piece.
    pub const PROMOTED_SHIFT: u32 = 16;
    /// Capture flag (en-passant captures have it too).
    pub const CAPTURE: u32 = 0x100000;
    /// Double pawn push flag.
    pub const DOUBLE_PUSH: u32 = 0x200000;
    /// En-passant capture flag.
    pub const EN_PASSANT: u32 = 0x400000;
    /// Castling flag: the move is castling, source the king's square and target the
    /// castling rook's square (see the module documentation).
    pub const CASTLING: u32 = 0x800000;
    /// The null move, all bits 0; it prints as `0000`.
    pub const NULL: Move = Move(0);

    /// Builds a move from its fields; `flags` is any combination of [`Move::CAPTURE`],
    /// [`Move::DOUBLE_PUSH`], [`Move::EN_PASSANT`] and [`Move::CASTLING`].
    ///
    /// # Examples
    /// ```
    /// use wingtip::{Move, Piece, Square};
    /// let mv = Move::new(Square::E2, Square::E4, Piece::WhitePawn, None, Move::DOUBLE_PUSH);
    /// assert!(mv.is_double_push() && !mv.is_capture());
    /// ```
    #[inline(always)]
    pub const fn new(
        source: Square,
        target: Square,
        piece: Piece,
        promoted: Option<Piece>,
        flags: u32,
    ) -> Move {
        let promoted = match promoted {
            Some(p) => p as u32,
            None => 0,
        };
        Move(
            source.index() as u32
                | (target.index() as u32) << Self::TARGET_SHIFT
                | (piece as u32) << Self::PIECE_SHIFT
                | promoted << Self::PROMOTED_SHIFT
                | flags,
        )
    }

    /// Returns the source square.
    ///
    /// # Examples
    /// ```
    /// use wingtip::{Move, Piece, Square};
    /// assert_eq!(Move::new(Square::G1, Square::F3, Piece::WhiteKnight, None, 0).source(), Square::G1);
    /// ```
    #[inline(always)]
    pub const fn source(self) -> Square {
        Square::from_index_masked(self.0)
    }

    /// Returns the target square.
    ///
    /// # Examples
    /// ```
    /// use wingtip::{Move, Piece, Square};
    /// assert_eq!(Move::new(Square::G1, Square::F3, Piece::WhiteKnight, None, 0).target(), Square::F3);
    /// ```
    #[inline(always)]
    pub const fn target(self) -> Square {
        Square::from_index_masked(self.0 >> Self::TARGET_SHIFT)
    }

    /// Returns the moving piece.
    ///
    /// A value above 11 in the piece field (only possible in a hand-made `Move`) reads
    /// as the black king.
    ///
    /// # Examples
    /// ```
    /// use wingtip::{Move, Piece, Square};
    /// assert_eq!(Move::new(Square::G8, Square::F6, Piece::BlackKnight, None, 0).piece(), Piece::BlackKnight);
    /// ```
    #[inline(always)]
    pub const fn piece(self) -> Piece {
        let i = (self.0 & Self::PIECE_MASK) >> Self::PIECE_SHIFT;
        Piece::ALL[if i < 12 { i as usize } else { 11 }]
    }

    /// Returns the promoted piece, or `None` for a move that does not promote.
    ///
    /// # Examples
    /// ```
    /// use wingtip::{Move, Piece, Square};
    /// let mv = Move::new(Square::B2, Square::A1, Piece::BlackPawn, Some(Piece::BlackKnight), Move::CAPTURE);
    /// assert_eq!(mv.promoted(), Some(Piece::BlackKnight));
    /// assert_eq!(Move::NULL.promoted(), None);
    /// ```
    #[inline(always)]
    pub const fn promoted(self) -> Option<Piece> {
        let i = (self.0 & Self::PROMOTED_MASK) >> Self::PROMOTED_SHIFT;
        if i == 0 {
            None
        } else {
            Piece::from_index(i as u8)
        }
    }

    /// Returns whether the move captures (en passant included).
    ///
    /// # Examples
    /// ```
    /// use wingtip::Board;
    /// let board = Board::from_fen("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1").unwrap();
    /// assert!(board.parse_uci_move("e4d5").unwrap().is_capture());
    /// assert!(!board.parse_uci_move("e4e5").unwrap().is_capture());
    /// ```
    #[inline(always)]
    pub const fn is_capture(self) -> bool {
        self.0 & Self::CAPTURE != 0
    }

    /// Returns whether the move is a double pawn push.
    ///
    /// # Examples
    /// ```
    /// use wingtip::Board;
    /// assert!(Board::startpos().parse_uci_move("d2d4").unwrap().is_double_push());
    /// ```
    #[inline(always)]
    pub const fn is_double_push(self) -> bool {
        self.0 & Self::DOUBLE_PUSH != 0
    }

    /// Returns whether the move is an en-passant capture.
    ///
    /// # Examples
    /// ```
    /// use wingtip::Board;
    /// let board = Board::from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2").unwrap();
    /// assert!(board.parse_uci_move("e5d6").unwrap().is_en_passant());
    /// ```
    #[inline(always)]
    pub const fn is_en_passant(self) -> bool {
        self.0 & Self::EN_PASSANT != 0
    }

    /// Returns whether the move is castling (encoded king takes rook: the target is
    /// the rook's square).
    ///
    /// # Examples
    /// ```
    /// use wingtip::{Board, Square};
    /// let board = Board::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
    /// let castle = board.parse_uci_move("e1g1").unwrap();
    /// assert!(castle.is_castling());
    /// assert_eq!(castle.target(), Square::H1);
    /// assert_eq!(castle.king_destination(), Square::G1);
    /// ```
    #[inline(always)]
    pub const fn is_castling(self) -> bool {
        self.0 & Self::CASTLING != 0
    }
}

impl Move {
    /// Returns the square the moving piece ends on: the target, except for
    /// castling, where the king ends on the g-file (rook on its right) or the
    /// c-file (rook on its left) of its rank.
    ///
    /// # Examples
    /// ```
    /// use wingtip::{Board, Square};
    /// // Chess960: king b1, rook a1; castling queen side puts the king on c1.
    /// let board = Board::from_fen("1k6/8/8/8/8/8/8/RK6 w A - 0 1").unwrap();
    /// let castle = board.parse_uci_move_chess960("b1a1", true).unwrap();
    /// assert_eq!(castle.king_destination(), Square::C1);
    /// ```
    #[inline]
    pub const fn king_destination(self) -> Square {
        let to = self.target();
        if !self.is_castling() {
            return to;
        }
        let rank_start = to.index() & !7;
        let file = if to.index() > self.source().index() {
            6
        } else {
            2
        };
        Square::from_index_masked((rank_start + file) as u32)
    }

    /// Returns the move's UCI text as a `Display` value: castling as the king's
    /// destination (`e1g1`) when `chess960` is false, as king takes rook (`e1h1`)
    /// when it is true (UCI's `UCI_Chess960` convention). Other moves print the
    /// same either way.
    ///
    /// # Examples
    /// ```
    /// use wingtip::Board;
    /// let board = Board::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
    /// let castle = board.parse_uci_move("e1g1").unwrap();
    /// assert_eq!(castle.uci(false).to_string(), "e1g1");
    /// assert_eq!(castle.uci(true).to_string(), "e1h1");
    /// assert_eq!(castle.to_string(), "e1g1");
    /// ```
    #[inline]
    pub const fn uci(self, chess960: bool) -> UciMove {
        UciMove { mv: self, chess960 }
    }
}

/// A move's UCI text in one castling convention: the `Display` value
/// [`Move::uci`] returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UciMove {
    mv: Move,
    chess960: bool,
}

impl fmt::Display for UciMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mv = self.mv;
        if mv == Move::NULL {
            return f.write_str("0000");
        }
        let to = if self.chess960 {
            mv.target()
        } else {
            mv.king_destination()
        };
        write!(f, "{}{}", mv.source(), to)?;
        if let Some(p) = mv.promoted() {
            use core::fmt::Write;
            f.write_char(p.to_char().to_ascii_lowercase())?;
        }
        Ok(())
    }
}

impl fmt::Display for Move {
    /// Writes the move as standard UCI text: `e2e4`, `e7e8q`, castling as the
    /// king's destination (`e1g1`), `0000` for the null move. For Chess960's king
    /// takes rook, use [`Move::uci`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.uci(false), f)
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move({self} {:?} {:#08x})", self.piece(), self.0)
    }
}

/// Why UCI move text was rejected by [`Board::parse_uci_move`](crate::Board::parse_uci_move).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The text is not of the form `<from><to>[qrbn]` (for example `e2e4`, `e7e8q`).
    Malformed,
    /// The text is well formed but is not a legal move in the position.
    Illegal,
    /// The text is castling in the other convention than the one asked for: king
    /// takes rook (`e1h1`) with `chess960` off, or the king's destination
    /// (`e1g1`) with `chess960` on (see [`Board::parse_uci_move_chess960`](crate::Board::parse_uci_move_chess960)).
    CastlingNotation,
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MoveError::Malformed => "malformed move text (expected e.g. e2e4 or e7e8q)",
            MoveError::Illegal => "illegal move in this position",
            MoveError::CastlingNotation => {
                "castling in the wrong notation (king takes rook, e1h1, only with UCI_Chess960 on; e1g1 only with it off)"
            }
        })
    }
}

impl core::error::Error for MoveError {}

/// Which castling text [`parse_uci`] accepts.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Castling {
    /// Both: king takes rook and, where it names no plain king move, the king's
    /// destination.
    Either,
    /// Only the king's destination (standard UCI).
    KingDestination,
    /// Only king takes rook (`UCI_Chess960`).
    KingTakesRook,
}

fn parse_uci(board: &crate::Board, text: &str, castling: Castling) -> Result<Move, MoveError> {
    let square = |range: core::ops::Range<usize>| {
        text.get(range)
            .and_then(|t| t.parse::<Square>().ok())
            .ok_or(MoveError::Malformed)
    };
    let from = square(0..2)?;
    let to = square(2..4)?;
    let promoted = match text.get(4..) {
        Some("") => None,
        Some("q") => Some(Role::Queen),
        Some("r") => Some(Role::Rook),
        Some("b") => Some(Role::Bishop),
        Some("n") => Some(Role::Knight),
        _ => return Err(MoveError::Malformed),
    };
    let moves = board.legal_moves();
    let mut wrong_notation = false;
    // A plain move or king-takes-rook castling: the target itself.
    if let Some(&mv) = moves.iter().find(|mv| {
        mv.source() == from && mv.target() == to && mv.promoted().map(|p| p.role()) == promoted
    }) {
        // (A Chess960 king on f1 castling with a rook on g1 is f1g1 both ways.)
        if !mv.is_castling() || castling != Castling::KingDestination || mv.king_destination() == to
        {
            return Ok(mv);
        }
        wrong_notation = true;
    }
    // Castling by the king's destination, unless that is a plain king move (the
    // plain move was taken above).
    if promoted.is_none() && !wrong_notation {
        if let Some(&mv) = moves
            .iter()
            .find(|mv| mv.is_castling() && mv.source() == from && mv.king_destination() == to)
        {
            if castling != Castling::KingTakesRook {
                return Ok(mv);
            }
            wrong_notation = true;
        }
    }
    Err(if wrong_notation {
        MoveError::CastlingNotation
    } else {
        MoveError::Illegal
    })
}

impl crate::Board {
    /// Parses UCI move text (`e2e4`, `e7e8q`) into the legal move it names: the
    /// inverse of [`Move`]'s `Display`. Castling is accepted in both conventions:
    /// as king takes rook (`e1h1`, Chess960's) and as the king's destination
    /// (`e1g1`, standard UCI's) where that is not also a plain king move (a
    /// Chess960 king on f1 stepping to g1).
    ///
    /// This never panics.
    ///
    /// # Errors
    /// [`MoveError::Malformed`] when the text is not of the form
    /// `<from><to>[qrbn]`; [`MoveError::Illegal`] when no legal move here matches it.
    ///
    /// # Examples
    /// ```
    /// use wingtip::{Board, MoveError};
    /// let board = Board::startpos();
    /// assert_eq!(board.parse_uci_move("e2e4").unwrap().to_string(), "e2e4");
    /// assert_eq!(board.parse_uci_move("e2e5"), Err(MoveError::Illegal));
    /// assert_eq!(board.parse_uci_move("e2"), Err(MoveError::Malformed));
    /// let board = Board::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
    /// assert_eq!(board.parse_uci_move("e1g1"), board.parse_uci_move("e1h1"));
    /// ```
    pub fn parse_uci_move(&self, text: &str) -> Result<Move, MoveError> {
        parse_uci(self, text, Castling::Either)
    }

    /// Parses UCI move text with castling in one convention only: king takes rook
    /// (`e1h1`) when `chess960` is true, the king's destination (`e1g1`) when it
    /// is false, as a UCI engine reads moves with `UCI_Chess960` on or off.
    ///
    /// This never panics.
    ///
    /// # Errors
    /// As [`Board::parse_uci_move`](crate::Board::parse_uci_move), and [`MoveError::CastlingNotation`] for
    /// castling written in the other convention.
    ///
    /// # Examples
    /// ```
    /// use wingtip::{Board, MoveError};
    /// let board = Board::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
    /// assert!(board.parse_uci_move_chess960("e1h1", true).unwrap().is_castling());
    /// assert_eq!(board.parse_uci_move_chess960("e1h1", false), Err(MoveError::CastlingNotation));
    /// assert_eq!(board.parse_uci_move_chess960("e1g1", true), Err(MoveError::CastlingNotation));
    /// ```
    pub fn parse_uci_move_chess960(&self, text: &str, chess960: bool) -> Result<Move, MoveError> {
        let castling = if chess960 {
            Castling::KingTakesRook
        } else {
            Castling::KingDestination
        };
        parse_uci(self, text, castling)
    }
}

/// Capacity of a [`MoveList`]; no chess position has more than 218 legal moves.
pub const MAX_MOVES: usize = 256;

/// A fixed-capacity list of moves (no allocation).
///
/// # Examples
/// ```
/// use wingtip::Board;
/// let moves = wingtip::Board::startpos().legal_moves();
/// assert_eq!(moves.len(), 20);
/// assert!(moves.iter().any(|mv| mv.to_string() == "g1f3"));
/// ```
#[derive(Clone)]
pub struct MoveList {
    moves: [MaybeUninit<Move>; MAX_MOVES],
    len: usize,
}

impl MoveList {
    /// Returns an empty list.
    ///
    /// # Examples
    /// ```
    /// assert!(wingtip::MoveList::new().is_empty());
    /// ```
    #[inline(always)]
    pub const fn new() -> MoveList {
        MoveList {
            moves: [MaybeUninit::uninit(); MAX_MOVES],
            len: 0,
        }
    }

    /// Appends a move.
    ///
    /// # Panics
    /// Panics when the list already holds [`MAX_MOVES`] moves (the move generator
    /// never gets there: 218 is the most legal moves any position has).
    ///
    /// # Examples
    /// ```
    /// let mut list = wingtip::MoveList::new();
    /// list.push(wingtip::Move::NULL);
    /// assert_eq!(list.len(), 1);
    /// ```
    #[inline(always)]
    pub fn push(&mut self, mv: Move) {
        self.moves[self.len] = MaybeUninit::new(mv);
        self.len += 1;
    }

    /// Returns the number of moves.
    ///
    /// # Examples
    /// ```
    /// assert_eq!(wingtip::MoveList::new().len(), 0);
    /// ```
    #[inline(always)]
    pub const fn len(&self) -> usize {
        self.len
    }

    /// Returns whether the list is empty.
    ///
    /// # Examples
    /// ```
    /// assert!(wingtip::MoveList::new().is_empty());
    /// ```
    #[inline(always)]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Keeps only the moves for which `keep` returns true, in order.
    ///
    /// # Examples
    /// ```
    /// let mut moves = wingtip::Board::startpos().legal_moves();
    /// moves.retain(|mv| mv.is_double_push());
    /// assert_eq!(moves.len(), 8);
    /// ```
    pub fn retain(&mut self, mut keep: impl FnMut(Move) -> bool) {
        let mut n = 0;
        for i in 0..self.len {
            let mv = self[i];
            if keep(mv) {
                self.moves[n] = MaybeUninit::new(mv);
                n += 1;
            }
        }
        self.len = n;
    }
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl Deref for MoveList {
    type Target = [Move];

    #[inline(always)]
    fn deref(&self) -> &[Move] {
        // SAFETY: the first `len` entries were written by `push` (len <= MAX_MOVES is
        // kept by its bounds-checked write), and `MaybeUninit<Move>` has the layout
        // of `Move`. Leaving the array uninitialised saves a 1 KiB memset per node.
        unsafe { core::slice::from_raw_parts(self.moves.as_ptr().cast::<Move>(), self.len) }
    }
}

impl DerefMut for MoveList {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut [Move] {
        // SAFETY: as in `deref`.
        unsafe { core::slice::from_raw_parts_mut(self.moves.as_mut_ptr().cast::<Move>(), self.len) }
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = core::slice::Iter<'a, Move>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<'a> IntoIterator for &'a mut MoveList {
    type Item = &'a mut Move;
    type IntoIter = core::slice::IterMut<'a, Move>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter_mut()
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use std::string::ToString;

    #[test]
    fn layout_is_kirins() {
        assert_eq!(Move::SOURCE_MASK, 0x3f);
        assert_eq!(Move::TARGET_MASK, 0xfc0);
        assert_eq!(Move::PIECE_MASK, 0xf000);
        assert_eq!(Move::PROMOTED_MASK, 0xf0000);
        assert_eq!(Move::CAPTURE, 0x100000);
        assert_eq!(Move::DOUBLE_PUSH, 0x200000);
        assert_eq!(Move::EN_PASSANT, 0x400000);
        assert_eq!(Move::CASTLING, 0x800000);
        let mv = Move::new(
            Square::B7,
            Square::A8,
            Piece::WhitePawn,
            Some(Piece::WhiteKnight),
            Move::CAPTURE,
        );
        // b7 = 9, a8 = 0, P = 0, N = 1.
        assert_eq!(mv.0, 9 | 1 << 16 | 0x100000);
        assert_eq!(mv.to_string(), "b7a8n");
        assert_eq!(Move::NULL.to_string(), "0000");
        assert!(mv.0 < 1 << 24);
    }

    #[test]
    #[should_panic]
    fn push_past_capacity_panics() {
        let mut list = MoveList::new();
        for _ in 0..=MAX_MOVES {
            list.push(Move::NULL);
        }
    }
}
