//! Standard algebraic notation (SAN): writing a move as `Nbd7`, `exd5`, `e8=Q+` or
//! `O-O-O#`, and reading the SAN that people type and PGN files contain.
//!
//! Both directions follow the PGN standard (section 8.2.3) and agree with
//! python-chess, which `tests/san_differential.rs` checks move by move:
//!
//! - Pieces are `N B R Q K`; pawn moves have no letter, pawn captures start with the
//!   pawn's file (`exd5`, en passant included, with no `e.p.`).
//! - A piece move names the source file when another piece of the same kind could
//!   legally go to the same square, else the source rank when the file does not tell
//!   them apart, else both (`Nbd7`, `R1a3`, `Qh4e1`).
//! - Promotions are `=` and the piece (`e8=Q`), castling is `O-O` (towards the
//!   h-file) or `O-O-O` (towards the a-file), and a move that gives check ends in `+`,
//!   one that mates in `#`.
//!
//! Neither direction allocates. The text of a move is a [`San`], a 7-byte inline
//! buffer: the longest SAN is 7 characters (`Qa1xb2+`, `exd8=Q+`, `Nb1xd2#`).

use core::fmt;

use crate::{Bitboard, Board, Move, MoveList, Piece, Role, Square};

/// The longest SAN text: a piece letter, a source square, `x`, a target square and
/// `+` (`Qa1xb2+`), or a pawn capture that promotes and checks (`exd8=Q+`).
const MAX_LEN: usize = 7;

/// The SAN text of one move (`Nbd7`, `exd5`, `e8=Q+`, `O-O-O#`), made by
/// [`Board::san`]. It is `Copy`, 8 bytes, and never allocates.
///
/// The text follows the PGN standard (section 8.2.3), as python-chess writes it:
/// - pieces are `N B R Q K`; a pawn move has no letter, a pawn capture starts with
///   the pawn's file (`exd5`, en passant included, without `e.p.`);
/// - a piece move names its source file when another piece of the same kind could
///   legally go to the same square, else the source rank when the file does not
///   tell them apart, else both (`Nbd7`, `R1a3`, `Qh4e1`);
/// - `x` marks a capture, `=` and a piece a promotion (`e8=Q`), `O-O` castling
///   towards the h-file and `O-O-O` towards the a-file;
/// - a move that gives check ends in `+`, one that mates in `#`.
///
/// Use it as a string through [`San::as_str`], [`Display`](fmt::Display) or
/// comparison with `&str`.
///
/// # Examples
/// ```
/// use wingtip::Board;
/// let board = Board::startpos();
/// let san = board.san(board.parse_uci_move("g1f3").unwrap());
/// assert_eq!(san, "Nf3");
/// assert_eq!(san.as_str(), "Nf3");
/// assert_eq!(format!("1. {san}"), "1. Nf3");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct San {
    bytes: [u8; MAX_LEN],
    len: u8,
}

impl San {
    /// The text written for a move that is not legal in the position (the null move
    /// included): `--`, PGN's null-move token, as python-chess writes the null move.
    ///
    /// # Examples
    /// ```
    /// use wingtip::{Board, Move, San};
    /// assert_eq!(Board::startpos().san(Move::NULL), San::NULL);
    /// assert_eq!(San::NULL, "--");
    /// ```
    pub const NULL: San = San {
        bytes: [b'-', b'-', 0, 0, 0, 0, 0],
        len: 2,
    };

    const fn empty() -> San {
        San {
            bytes: [0; MAX_LEN],
            len: 0,
        }
    }

    /// Appends one ASCII byte. Callers never exceed [`MAX_LEN`] (see the constant);
    /// a byte past it would be dropped rather than panic.
    #[inline(always)]
    fn push(&mut self, b: u8) {
        if let Some(slot) = self.bytes.get_mut(self.len as usize) {
            *slot = b;
            self.len += 1;
        }
    }

    #[inline(always)]
    fn push_square(&mut self, sq: Square) {
        self.push(file_char(sq));
        self.push(rank_char(sq));
    }

    /// Returns the text.
    ///
    /// # Examples
    /// ```
    /// use wingtip::Board;
    /// let board = Board::startpos();
    /// assert_eq!(board.san(board.parse_uci_move("e2e4").unwrap()).as_str(), "e4");
    /// ```
    pub fn as_str(&self) -> &str {
        let bytes = self.bytes.get(..self.len as usize).unwrap_or(&[]);
        // Only ASCII bytes are ever pushed, so this never fails.
        core::str::from_utf8(bytes).unwrap_or("")
    }
}

impl fmt::Display for San {
    /// Writes the SAN text; width, fill and alignment flags are honoured.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.as_str())
    }
}

impl fmt::Debug for San {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "San({:?})", self.as_str())
    }
}

impl AsRef<str> for San {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl PartialEq<str> for San {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for San {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

/// Why SAN text was rejected by [`Board::parse_san`].
///
/// # Examples
/// ```
/// use wingtip::{Board, SanError};
/// let board = Board::startpos();
/// assert_eq!(board.parse_san("Nf4"), Err(SanError::Illegal));
/// assert_eq!(board.parse_san("N f3"), Err(SanError::Malformed));
/// assert_eq!(SanError::Illegal.to_string(), "no legal move matches the san");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SanError {
    /// The text is not SAN: not of the form `[NBRQK][file][rank][x|-]<square>[=piece]`
    /// or a castling (`O-O`, `O-O-O`, `0-0`, `0-0-0`), each with optional `+`/`#`
    /// and `!`/`?` annotations.
    Malformed,
    /// The text is SAN, but no legal move here matches it.
    Illegal,
    /// More than one legal move matches the text (`Ne4` with knights on c3 and g3).
    Ambiguous,
    /// The text names a pawn move to the last rank but no promotion piece (`e8`).
    MissingPromotion,
    /// The text is a null move (`--`, `Z0`, `0000` or `@@@@`), which PGN files may
    /// contain but which is no move of the position.
    NullMove,
}

impl fmt::Display for SanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SanError::Malformed => "malformed san (expected e.g. Nf3, exd5, e8=Q or O-O)",
            SanError::Illegal => "no legal move matches the san",
            SanError::Ambiguous => "ambiguous san: more than one legal move matches",
            SanError::MissingPromotion => {
                "san moves a pawn to the last rank without naming a promotion piece"
            }
            SanError::NullMove => "san is a null move, which is not a move of the position",
        })
    }
}

impl core::error::Error for SanError {}

/// Returns whether castling move `mv` castles on the king side (`O-O`) rather than
/// the queen side (`O-O-O`).
///
/// This is the one place that decides the side of a castling move, for the writer
/// and the parser alike. A castling move's target is the castling rook's square
/// (king takes rook, in standard chess and Chess960 alike), so the side is where the
/// rook stands: east of the king is king side.
#[inline]
fn castles_king_side(_board: &Board, mv: Move) -> bool {
    mv.target().file() > mv.source().file()
}

#[inline(always)]
fn file_char(sq: Square) -> u8 {
    b'a' + sq.file() as u8
}

#[inline(always)]
fn rank_char(sq: Square) -> u8 {
    b'1' + sq.rank() as u8
}

/// The SAN letter of a piece kind (pawns have none; `P` is never written).
#[inline(always)]
fn role_char(role: Role) -> u8 {
    b"PNBRQK"[role.index()]
}

impl Board {
    /// Returns the SAN text of `mv` in this position: `Nbd7`, `exd5`, `e8=Q+`,
    /// `O-O-O#`, by the rules given at [`San`].
    ///
    /// `mv` should be a legal move of this position, as [`Board::legal_moves`],
    /// [`Board::parse_uci_move`] and [`Board::parse_san`] return. Anything else, the
    /// null move included, gives [`San::NULL`] (`--`). This never panics and never
    /// allocates; it generates the legal moves once (to check `mv` and to
    /// disambiguate), plays the move for the check suffix, and generates the
    /// replies only when the move gives check (to tell `+` from `#`).
    ///
    /// # Examples
    /// ```
    /// use wingtip::Board;
    /// // Knights on b8 and f6 can both reach d7.
    /// let board = Board::from_fen("rn1qkb1r/ppp1pppp/5n2/3p4/3P4/5N2/PPP1PPPP/RNBQKB1R b KQkq - 2 3").unwrap();
    /// assert_eq!(board.san(board.parse_uci_move("b8d7").unwrap()), "Nbd7");
    /// assert_eq!(board.san(board.parse_uci_move("f6d7").unwrap()), "Nfd7");
    ///
    /// let mate = Board::from_fen("6k1/5ppp/8/8/8/8/8/R3K3 w Q - 0 1").unwrap();
    /// assert_eq!(mate.san(mate.parse_uci_move("a1a8").unwrap()), "Ra8#");
    /// assert_eq!(mate.san(mate.parse_uci_move("e1c1").unwrap()), "O-O-O");
    /// ```
    pub fn san(&self, mv: Move) -> San {
        let legal = self.legal_moves();
        if !legal.contains(&mv) {
            return San::NULL;
        }
        let mut san = san_without_suffix(self, mv, &legal);
        let mut after = *self;
        after.make_move(mv);
        if after.in_check() {
            san.push(if after.count_legal_moves() == 0 {
                b'#'
            } else {
                b'+'
            });
        }
        san
    }

    /// Parses SAN text into the legal move it names.
    ///
    /// Accepted, as in PGN files and as python-chess accepts:
    /// - standard SAN (`Nf3`, `exd5`, `e8=Q`, `O-O`, `O-O-O`), and castling with
    ///   zeros (`0-0`, `0-0-0`);
    /// - an optional `+` or `#` (not checked against the position), then an optional
    ///   annotation `!`, `?`, `!!`, `??`, `!?` or `?!` (python-chess leaves those to
    ///   its PGN reader);
    /// - more source information than needed (`Ngf3`, `N1f3`, `Ng1f3`, `Ng1-f3`),
    ///   coordinates without a piece letter (`g1f3`, `e2-e4`, `e1g1`, and `e1h1` for
    ///   castling), a promotion without `=` or in lower case (`e8Q`, `e8=q`);
    /// - a pawn capture without `x` when the pawn's file is given (`ed5`); an `x`
    ///   is not checked against the position either (`Nxf3` to an empty square).
    ///
    /// A pawn move without a source file is a push, never a capture, so `d5` does not
    /// name `exd5`. Surrounding spaces, lower-case castling (`o-o`) and the pawn letter
    /// `P` are rejected as python-chess rejects them. This never panics and never
    /// allocates, whatever the input.
    ///
    /// # Errors
    /// [`SanError::Malformed`] for text that is not SAN, [`SanError::Illegal`] when no
    /// legal move matches, [`SanError::Ambiguous`] when more than one does,
    /// [`SanError::MissingPromotion`] for a pawn move to the last rank without a
    /// promotion piece, [`SanError::NullMove`] for `--`, `Z0`, `0000` or `@@@@`.
    ///
    /// # Examples
    /// ```
    /// use wingtip::{Board, SanError};
    /// let board = Board::startpos();
    /// assert_eq!(board.parse_san("Nf3").unwrap().to_string(), "g1f3");
    /// assert_eq!(board.parse_san("e4!?").unwrap().to_string(), "e2e4");
    /// assert_eq!(board.parse_san("Ng1-f3").unwrap().to_string(), "g1f3");
    /// assert_eq!(board.parse_san("O-O"), Err(SanError::Illegal));
    /// assert_eq!(board.parse_san("Nf9"), Err(SanError::Malformed));
    ///
    /// let knights = Board::from_fen("4k3/8/8/8/8/2N3N1/8/4K3 w - - 0 1").unwrap();
    /// assert_eq!(knights.parse_san("Ne4"), Err(SanError::Ambiguous));
    /// assert_eq!(knights.parse_san("Nce4").unwrap().to_string(), "c3e4");
    /// ```
    pub fn parse_san(&self, text: &str) -> Result<Move, SanError> {
        let parsed = parse(text.as_bytes())?;
        let legal = self.legal_moves();
        match parsed {
            Parsed::Castle { king_side } => legal
                .iter()
                .copied()
                .find(|&mv| mv.is_castling() && castles_king_side(self, mv) == king_side)
                .ok_or(SanError::Illegal),
            Parsed::Normal {
                role: None,
                file: Some(file),
                rank: Some(rank),
                target,
                promotion,
            } => {
                // Both coordinates without a piece letter: any piece, as in UCI text,
                // including castling written as the king's move or king-takes-rook.
                let source = Square::from_index_masked(u32::from(8 * (7 - rank) + file));
                let found = |promotion: Option<Role>| {
                    legal.iter().copied().find(|&mv| {
                        mv.source() == source
                            && (mv.target() == target || mv.king_destination() == target)
                            && mv.promoted().map(Piece::role) == promotion
                    })
                };
                match found(promotion) {
                    Some(mv) => Ok(mv),
                    None if promotion.is_none() && found(Some(Role::Queen)).is_some() => {
                        Err(SanError::MissingPromotion)
                    }
                    None => Err(SanError::Illegal),
                }
            }
            Parsed::Normal {
                role,
                file,
                rank,
                target,
                promotion,
            } => {
                let role = role.unwrap_or(Role::Pawn);
                // A pawn move without a source file stays on its file: a push.
                let file = match (role, file) {
                    (Role::Pawn, None) => Some(target.file() as u8),
                    _ => file,
                };
                let matches = |mv: &Move| {
                    !mv.is_castling()
                        && mv.target() == target
                        && mv.piece().role() == role
                        && file.is_none_or(|f| mv.source().file() as u8 == f)
                        && rank.is_none_or(|r| mv.source().rank() as u8 == r)
                };
                let mut found = None;
                let mut without_promotion = false;
                for mv in legal.iter().filter(|mv| matches(mv)) {
                    if mv.promoted().map(Piece::role) != promotion {
                        without_promotion |= promotion.is_none();
                        continue;
                    }
                    if found.is_some() {
                        return Err(SanError::Ambiguous);
                    }
                    found = Some(*mv);
                }
                match found {
                    Some(mv) => Ok(mv),
                    None if without_promotion => Err(SanError::MissingPromotion),
                    None => Err(SanError::Illegal),
                }
            }
        }
    }
}

/// SAN text without its check suffix; `mv` is in `legal`, the legal moves of `board`.
fn san_without_suffix(board: &Board, mv: Move, legal: &MoveList) -> San {
    let mut san = San::empty();
    if mv.is_castling() {
        for &b in if castles_king_side(board, mv) {
            b"O-O".as_slice()
        } else {
            b"O-O-O".as_slice()
        } {
            san.push(b);
        }
        return san;
    }
    let from = mv.source();
    let role = mv.piece().role();
    if role == Role::Pawn {
        if mv.is_capture() {
            san.push(file_char(from));
        }
    } else {
        san.push(role_char(role));
        // Sources of the other pieces of this kind that can go to the same square.
        let mut others = Bitboard::EMPTY;
        for other in legal.iter() {
            if other.target() == mv.target()
                && other.piece() == mv.piece()
                && other.source() != from
                && !other.is_castling()
            {
                others = others.with(other.source());
            }
        }
        if !others.is_empty() {
            let file_mask = Bitboard(0x0101_0101_0101_0101 << (from.index() % 8));
            if (others & file_mask).is_empty() {
                san.push(file_char(from));
            } else {
                let rank_mask = Bitboard(0xff << (from.index() - from.index() % 8));
                if !(others & rank_mask).is_empty() {
                    san.push(file_char(from));
                }
                san.push(rank_char(from));
            }
        }
    }
    if mv.is_capture() {
        san.push(b'x');
    }
    san.push_square(mv.target());
    if let Some(promoted) = mv.promoted() {
        san.push(b'=');
        san.push(role_char(promoted.role()));
    }
    san
}

/// SAN text read into its parts (no position involved yet).
#[derive(Debug)]
enum Parsed {
    Castle {
        king_side: bool,
    },
    Normal {
        /// The piece letter; `None` for a pawn or for bare coordinates (`g1f3`).
        role: Option<Role>,
        /// Source file, a = 0.
        file: Option<u8>,
        /// Source rank, rank 1 = 0.
        rank: Option<u8>,
        target: Square,
        promotion: Option<Role>,
    },
}

/// Reads `[NBRQK]?[a-h]?[1-8]?[-x]?[a-h][1-8](=?[NBRQKnbrqk])?` or a castling, with
/// an optional `+`/`#` and then an optional annotation, from the right. Each part
/// has its own characters, so reading right to left is unambiguous.
fn parse(text: &[u8]) -> Result<Parsed, SanError> {
    if matches!(text, b"--" | b"Z0" | b"0000" | b"@@@@") {
        return Err(SanError::NullMove);
    }
    let mut rest = text;
    // Annotation: up to two of `!` and `?` (all six glyphs are such pairs).
    for _ in 0..2 {
        if let [head @ .., b'!' | b'?'] = rest {
            rest = head;
        }
    }
    if let [head @ .., b'+' | b'#'] = rest {
        rest = head;
    }
    match rest {
        b"O-O" | b"0-0" => return Ok(Parsed::Castle { king_side: true }),
        b"O-O-O" | b"0-0-0" => return Ok(Parsed::Castle { king_side: false }),
        _ => {}
    }

    let mut promotion = None;
    if let [head @ .., last] = rest {
        if let Some(role) = promotion_role(*last) {
            promotion = Some(role);
            rest = head;
            if let [head @ .., b'='] = rest {
                rest = head;
            }
        }
    }
    let target = match rest {
        [head @ .., f @ b'a'..=b'h', r @ b'1'..=b'8'] => {
            rest = head;
            Square::from_index_masked(u32::from(8 * (b'8' - r) + (f - b'a')))
        }
        _ => return Err(SanError::Malformed),
    };
    if let [head @ .., b'-' | b'x'] = rest {
        rest = head;
    }
    let mut rank = None;
    if let [head @ .., r @ b'1'..=b'8'] = rest {
        rank = Some(r - b'1');
        rest = head;
    }
    let mut file = None;
    if let [head @ .., f @ b'a'..=b'h'] = rest {
        file = Some(f - b'a');
        rest = head;
    }
    let role = match rest {
        [] => None,
        [b'N'] => Some(Role::Knight),
        [b'B'] => Some(Role::Bishop),
        [b'R'] => Some(Role::Rook),
        [b'Q'] => Some(Role::Queen),
        [b'K'] => Some(Role::King),
        _ => return Err(SanError::Malformed),
    };
    Ok(Parsed::Normal {
        role,
        file,
        rank,
        target,
        promotion,
    })
}

/// The promotion letter's piece kind, either case; `K` reads (and never matches a
/// legal move), `P` does not, as in python-chess.
fn promotion_role(b: u8) -> Option<Role> {
    match b.to_ascii_uppercase() {
        b'N' => Some(Role::Knight),
        b'B' => Some(Role::Bishop),
        b'R' => Some(Role::Rook),
        b'Q' => Some(Role::Queen),
        b'K' => Some(Role::King),
        _ => None,
    }
}
