//! FEN text: parsing (syntax first, then legality) and printing.
//!
//! Parsing checks the syntax of each of the six fields (the last two may be left
//! out, as in EPD, and default to `0 1`) and reports the first fault as a
//! [`FenError`] naming the field and, where it helps, the rank or the character. A
//! syntactically sound position is then checked for legality; each broken rule has
//! its own [`PositionError`].

use core::fmt;

use crate::attacks::pawn_attacks;
use crate::board::{OFF_E_FILE, RIGHTS, STANDARD_ROOKS};
use crate::{Bitboard, Board, Color, Piece, Role, Square, BOTH, NO_SQUARE};

/// Why a FEN string was rejected by [`Board::from_fen`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FenError {
    /// The FEN has fewer than 4 or more than 6 space-separated fields.
    FieldCount {
        /// Number of fields found.
        found: usize,
    },
    /// The placement field does not have 8 `/`-separated ranks.
    RankCount {
        /// Number of ranks found.
        found: usize,
    },
    /// A character in the placement field is neither a piece letter nor a digit 1–8.
    BadPiece {
        /// Rank (1–8) where it was found.
        rank: u8,
        /// The offending character.
        ch: char,
    },
    /// A rank describes more than 8 squares.
    RankTooLong {
        /// The rank, 1–8.
        rank: u8,
    },
    /// Two digits follow each other in a rank (`44` instead of `8`).
    DigitsInARow {
        /// The rank, 1–8.
        rank: u8,
    },
    /// A rank describes fewer than 8 squares.
    RankTooShort {
        /// The rank, 1–8.
        rank: u8,
    },
    /// The side field is not `w` or `b`.
    BadSide,
    /// The castling field is not `-` or a set of distinct letters from `KQkq`
    /// (standard FEN and X-FEN) and `A`–`H`, `a`–`h` (a rook's file: X-FEN for an
    /// inner rook, Shredder-FEN for every rook).
    BadCastling,
    /// The en-passant field is not `-` or a square on the sixth rank (white to move)
    /// or third rank (black to move).
    BadEnPassant,
    /// The halfmove clock is not a number from 0 to 2^30.
    BadHalfmoveClock,
    /// The fullmove number is not a number from 0 to 2^30 (0 reads as 1).
    BadFullmoveNumber,
    /// The text is a well-formed FEN of an illegal position.
    Illegal(PositionError),
}

/// A legality rule that a syntactically correct FEN breaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// The side has no king.
    MissingKing(Color),
    /// The side has more than one king.
    TooManyKings(Color),
    /// The side has more than 16 pieces or more than 8 pawns.
    TooManyPieces(Color),
    /// A pawn stands on the first or the eighth rank.
    PawnOnBackRank(Square),
    /// The side not to move is in check.
    OppositeCheck,
    /// A castling right (wk = 1, wq = 2, bk = 4, bq = 8) without its king on the
    /// back rank and a rook of its color on that side of the king there.
    CastlingRights(u8),
    /// A castling file letter (`A`–`H` white, `a`–`h` black) that names no rook of
    /// that color on its back rank, or the king's own file.
    CastlingFile(char),
    /// Two letters of the castling field name the same right (wk = 1, wq = 2,
    /// bk = 4, bq = 8): two rooks on one side of a king, or `K` and the file of
    /// the same rook.
    CastlingSideTwice(u8),
    /// The en-passant square does not follow a double push: no enemy pawn just past
    /// it, or it or the square behind it is occupied.
    EnPassant(Square),
    /// A castling letter that standard chess does not allow here (read by
    /// [`Board::from_fen_chess960`] with `chess960` false): `K` or `H` needs the
    /// white king on e1 and a white rook on h1, `Q` or `A` the king on e1 and a
    /// rook on a1 (`k`/`h` and `q`/`a` the same on e8, h8 and a8); any other file
    /// letter names a rook only Chess960 castles with.
    StandardCastling(char),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            FenError::FieldCount { found } => {
                write!(f, "fen has {found} fields, expected 4 to 6")
            }
            FenError::RankCount { found } => {
                write!(f, "fen placement has {found} ranks, expected 8")
            }
            FenError::BadPiece { rank, ch } => {
                write!(f, "fen: bad piece letter {ch:?} in rank {rank}")
            }
            FenError::RankTooLong { rank } => write!(f, "fen: rank {rank} has more than 8 squares"),
            FenError::RankTooShort { rank } => {
                write!(f, "fen: rank {rank} has fewer than 8 squares")
            }
            FenError::DigitsInARow { rank } => write!(f, "fen: two digits in a row in rank {rank}"),
            FenError::BadSide => f.write_str("fen: side to move must be w or b"),
            FenError::BadCastling => f.write_str(
                "fen: castling field must be - or distinct letters from KQkq, A-H and a-h",
            ),
            FenError::BadEnPassant => f.write_str(
                "fen: en-passant field must be - or a square on rank 6 (white to move) or 3",
            ),
            FenError::BadHalfmoveClock => f.write_str("fen: bad halfmove clock"),
            FenError::BadFullmoveNumber => f.write_str("fen: bad fullmove number"),
            FenError::Illegal(e) => write!(f, "fen: illegal position: {e}"),
        }
    }
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = |c: Color| match c {
            Color::White => "white",
            Color::Black => "black",
        };
        match *self {
            PositionError::MissingKing(c) => write!(f, "{} has no king", name(c)),
            PositionError::TooManyKings(c) => write!(f, "{} has more than one king", name(c)),
            PositionError::TooManyPieces(c) => {
                write!(f, "{} has more than 16 pieces or 8 pawns", name(c))
            }
            PositionError::PawnOnBackRank(sq) => write!(f, "pawn on back rank at {sq}"),
            PositionError::OppositeCheck => f.write_str("the side not to move is in check"),
            PositionError::CastlingRights(r) => write!(
                f,
                "castling right {} without its king on the back rank and a rook beside it",
                right_letter(r)
            ),
            PositionError::CastlingFile(ch) => write!(
                f,
                "castling letter {ch:?} names no rook of its color on the back rank"
            ),
            PositionError::CastlingSideTwice(r) => write!(
                f,
                "two castling letters for the same right {}",
                right_letter(r)
            ),
            PositionError::EnPassant(sq) => {
                write!(
                    f,
                    "en-passant square {sq} does not follow a double pawn push"
                )
            }
            PositionError::StandardCastling(ch) => {
                let (color, rank) = if ch.is_ascii_uppercase() {
                    ("white", 1)
                } else {
                    ("black", 8)
                };
                let rook_file = match ch.to_ascii_lowercase() {
                    'k' | 'h' => 'h',
                    'q' | 'a' => 'a',
                    _ => {
                        return write!(
                            f,
                            "castling letter {ch:?} is Chess960's: standard chess castles only \
                             with the rooks on the a- and h-files"
                        )
                    }
                };
                write!(
                    f,
                    "castling right {ch:?} needs the {color} king on e{rank} and a rook on \
                     {rook_file}{rank} in standard chess"
                )
            }
        }
    }
}

impl core::error::Error for FenError {}
impl core::error::Error for PositionError {}

impl From<PositionError> for FenError {
    fn from(e: PositionError) -> Self {
        FenError::Illegal(e)
    }
}

/// The X-FEN letter of a right bit.
fn right_letter(right: u8) -> char {
    match right {
        1 => 'K',
        2 => 'Q',
        4 => 'k',
        _ => 'q',
    }
}

/// Largest accepted counter value.
const MAX_COUNTER: u32 = 1 << 30;

fn parse_counter(text: &str) -> Option<u32> {
    if text.is_empty() || text.len() > 10 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let n: u64 = text.bytes().fold(0, |n, b| n * 10 + u64::from(b - b'0'));
    if n > u64::from(MAX_COUNTER) {
        None
    } else {
        Some(n as u32)
    }
}

impl Board {
    /// Parses a FEN string: standard FEN, X-FEN or Shredder-FEN.
    ///
    /// The halfmove clock and fullmove number may be left out (they default to
    /// `0 1`); a fullmove number of 0 reads as 1. An en-passant square that no pawn
    /// of the side to move attacks is dropped (X-FEN convention, see
    /// [`Board::en_passant`]).
    ///
    /// The castling field is read by Chess960's rules, which include standard
    /// chess: `K` (`Q`) names the outermost rook on the king's h-side (a-side)
    /// wherever the king stands on its back rank, and a file letter names the rook
    /// on that file. So `R2K3R w K` is a Chess960 right of a king on d1. A program
    /// that plays standard chess only reads FENs with
    /// [`Board::from_fen_chess960`]`(fen, false)`, which refuses such a right.
    ///
    /// This never panics.
    ///
    /// # Errors
    /// A [`FenError`] naming the first syntax fault (field, rank, character), or
    /// [`FenError::Illegal`] with the [`PositionError`] rule a well-formed position
    /// breaks.
    ///
    /// # Examples
    /// ```
    /// use wingtip::{Board, FenError, PositionError, Color};
    /// let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    /// assert_eq!(Board::from_fen(kiwipete).unwrap().fen().to_string(), kiwipete);
    /// assert_eq!(
    ///     Board::from_fen("8/8/8/8/8/8/8/8 w - - 0 1"),
    ///     Err(FenError::Illegal(PositionError::MissingKing(Color::White)))
    /// );
    /// assert_eq!(Board::from_fen("rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
    ///     Err(FenError::BadPiece { rank: 7, ch: 'x' }));
    /// ```
    pub fn from_fen(fen: &str) -> Result<Board, FenError> {
        Board::read_fen(fen, true)
    }

    /// Parses a FEN string with its castling field read by the rules of one kind
    /// of chess: Chess960's when `chess960` is true (exactly as
    /// [`Board::from_fen`]), standard chess's when it is false, as a UCI engine
    /// reads `position fen` with `UCI_Chess960` on or off.
    ///
    /// In standard chess a castling right needs its king on e1 (e8) and its rook on
    /// h1 or a1 (h8 or a8): `K`, `Q`, `k`, `q`, and the Shredder-FEN letters `H`,
    /// `A`, `h`, `a` for those same rooks. Any other right is refused with
    /// [`PositionError::StandardCastling`] rather than dropped, so a position is
    /// never read differently from what its text says. (python-chess drops such a
    /// right instead, and keeps exactly the rights this accepts.)
    ///
    /// This never panics.
    ///
    /// # Errors
    /// As [`Board::from_fen`], and [`PositionError::StandardCastling`] for a
    /// castling right standard chess cannot have here.
    ///
    /// # Examples
    /// ```
    /// use wingtip::{Board, FenError, PositionError};
    /// // A king on d1 with rooks on a1 and h1: castling only in Chess960.
    /// let fen = "r3k2r/8/8/8/8/8/8/R2K3R w KQkq - 0 1";
    /// assert_eq!(
    ///     Board::from_fen_chess960(fen, false),
    ///     Err(FenError::Illegal(PositionError::StandardCastling('K')))
    /// );
    /// assert_eq!(
    ///     Board::from_fen_chess960(fen, false).unwrap_err().to_string(),
    ///     "fen: illegal position: castling right 'K' needs the white king on e1 and a rook on h1 in standard chess"
    /// );
    /// assert_eq!(Board::from_fen_chess960(fen, true).unwrap().legal_moves().len(), 26);
    /// // Without the white rights it is a standard position: 24 moves.
    /// let fen = "r3k2r/8/8/8/8/8/8/R2K3R w kq - 0 1";
    /// assert_eq!(Board::from_fen_chess960(fen, false).unwrap().legal_moves().len(), 24);
    /// // Shredder-FEN letters for the corner rooks are standard castling too.
    /// assert_eq!(
    ///     Board::from_fen_chess960("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1", false),
    ///     Board::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    /// );
    /// ```
    pub fn from_fen_chess960(fen: &str, chess960: bool) -> Result<Board, FenError> {
        Board::read_fen(fen, chess960)
    }

    /// The body of [`Board::from_fen_chess960`].
    fn read_fen(fen: &str, chess960: bool) -> Result<Board, FenError> {
        let mut fields = [""; 6];
        let mut count = 0;
        for field in fen.split_ascii_whitespace() {
            if count < 6 {
                fields[count] = field;
            }
            count += 1;
        }
        if !(4..=6).contains(&count) {
            return Err(FenError::FieldCount { found: count });
        }

        let mut pieces = [Bitboard::EMPTY; 12];
        let ranks = fields[0].split('/').count();
        if ranks != 8 {
            return Err(FenError::RankCount { found: ranks });
        }
        for (row, text) in fields[0].split('/').enumerate() {
            let rank = 8 - row as u8;
            let mut file = 0u8;
            let mut after_digit = false;
            for ch in text.chars() {
                if file >= 8 {
                    return Err(FenError::RankTooLong { rank });
                }
                match ch {
                    '1'..='8' => {
                        if after_digit {
                            return Err(FenError::DigitsInARow { rank });
                        }
                        after_digit = true;
                        file += ch as u8 - b'0';
                        if file > 8 {
                            return Err(FenError::RankTooLong { rank });
                        }
                    }
                    _ => {
                        let piece = Piece::from_char(ch).ok_or(FenError::BadPiece { rank, ch })?;
                        let sq = Square::from_index_masked(u32::from(row as u8 * 8 + file));
                        pieces[piece.index()] = pieces[piece.index()].with(sq);
                        file += 1;
                        after_digit = false;
                    }
                }
            }
            if file < 8 {
                return Err(FenError::RankTooShort { rank });
            }
        }

        let side = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            _ => return Err(FenError::BadSide),
        };

        let castling_field = fields[2];
        if castling_field != "-" {
            if castling_field.is_empty() || castling_field.len() > 8 {
                return Err(FenError::BadCastling);
            }
            let mut seen = 0u64;
            for b in castling_field.bytes() {
                if !matches!(b, b'K' | b'Q' | b'k' | b'q' | b'A'..=b'H' | b'a'..=b'h') {
                    return Err(FenError::BadCastling);
                }
                if seen & 1 << (b - b'A') != 0 {
                    return Err(FenError::BadCastling);
                }
                seen |= 1 << (b - b'A');
            }
        }

        let en_passant = if fields[3] == "-" {
            None
        } else {
            let sq: Square = fields[3].parse().map_err(|_| FenError::BadEnPassant)?;
            let wanted = match side {
                Color::White => crate::Rank::Sixth,
                Color::Black => crate::Rank::Third,
            };
            if sq.rank() != wanted {
                return Err(FenError::BadEnPassant);
            }
            Some(sq)
        };

        let halfmove_clock = if count > 4 {
            parse_counter(fields[4]).ok_or(FenError::BadHalfmoveClock)?
        } else {
            0
        };
        let fullmove_number = if count > 5 {
            parse_counter(fields[5])
                .ok_or(FenError::BadFullmoveNumber)?
                .max(1)
        } else {
            1
        };

        let mut occupancies = [Bitboard::EMPTY; 3];
        for (i, bb) in pieces.iter().enumerate() {
            occupancies[i / 6] |= *bb;
        }
        occupancies[BOTH] = occupancies[0] | occupancies[1];
        let mut board = Board {
            pieces,
            occupancies,
            side,
            en_passant: NO_SQUARE,
            castling: 0,
            castle_rooks: STANDARD_ROOKS,
            halfmove_clock,
            fullmove_number,
            hash: 0,
        };
        board.validate(castling_field, en_passant, chess960)?;
        board.hash = board.compute_hash();
        debug_assert!(chess960 || board.has_standard_castling());
        Ok(board)
    }

    /// Checks the legality rules of [`PositionError`] (castling by Chess960's
    /// rules or, unless `chess960`, standard chess's) and sets the en-passant square.
    fn validate(
        &mut self,
        castling: &str,
        en_passant: Option<Square>,
        chess960: bool,
    ) -> Result<(), PositionError> {
        for color in Color::ALL {
            match self.pieces(Piece::new(color, Role::King)).len() {
                0 => return Err(PositionError::MissingKing(color)),
                1 => {}
                _ => return Err(PositionError::TooManyKings(color)),
            }
            if self.occupancy(color).len() > 16
                || self.pieces(Piece::new(color, Role::Pawn)).len() > 8
            {
                return Err(PositionError::TooManyPieces(color));
            }
        }
        const BACK_RANKS: u64 = 0xff | 0xff << 56;
        let pawns = self.pieces(Piece::WhitePawn) | self.pieces(Piece::BlackPawn);
        if let Some(sq) = (pawns & Bitboard(BACK_RANKS)).first() {
            return Err(PositionError::PawnOnBackRank(sq));
        }
        if castling != "-" {
            for b in castling.bytes() {
                if !chess960 {
                    self.check_standard_castling(b)?;
                }
                self.add_castling_right(b)?;
            }
        }
        if let Some(ep) = en_passant {
            let us = self.side;
            // The pushed pawn stands one square past `ep`; it came from one before.
            let (pushed, origin) = match us {
                Color::White => (ep.index() + 8, ep.index() - 8),
                Color::Black => (ep.index() - 8, ep.index() + 8),
            };
            let pushed_sq = Square::from_index_masked(pushed as u32);
            let origin_sq = Square::from_index_masked(origin as u32);
            let their_pawns = self.pieces(Piece::new(!us, Role::Pawn));
            if !their_pawns.has(pushed_sq)
                || self.occupied().has(ep)
                || self.occupied().has(origin_sq)
            {
                return Err(PositionError::EnPassant(ep));
            }
            if !(pawn_attacks(!us, ep) & self.pieces(Piece::new(us, Role::Pawn))).is_empty() {
                self.en_passant = ep.index() as u8;
            }
        }
        let them = !self.side;
        if self.is_square_attacked(self.king_square(them), self.side) {
            return Err(PositionError::OppositeCheck);
        }
        Ok(())
    }

    /// Checks that one letter of a FEN castling field (already checked to be one of
    /// `KQkqA-Ha-h`) is a right of standard chess here: its king on the e-file and
    /// its rook in the corner, the one `K`/`H` (h-file) or `Q`/`A` (a-file) names.
    fn check_standard_castling(&self, letter: u8) -> Result<(), PositionError> {
        let (color, king, king_side_rook, queen_side_rook) = if letter.is_ascii_uppercase() {
            (Color::White, Square::E1, Square::H1, Square::A1)
        } else {
            (Color::Black, Square::E8, Square::H8, Square::A8)
        };
        let rook = match letter.to_ascii_uppercase() {
            b'K' | b'H' => king_side_rook,
            b'Q' | b'A' => queen_side_rook,
            _ => return Err(PositionError::StandardCastling(letter as char)),
        };
        if self.king_square(color) != king || !self.pieces(Piece::new(color, Role::Rook)).has(rook)
        {
            return Err(PositionError::StandardCastling(letter as char));
        }
        Ok(())
    }

    /// Adds the castling right of one letter of a FEN castling field (already
    /// checked to be one of `KQkqA-Ha-h`): `K`/`Q` the outermost rook on that side
    /// of the king, a file letter the rook on that file.
    fn add_castling_right(&mut self, letter: u8) -> Result<(), PositionError> {
        let color = if letter.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let back_rank = match color {
            Color::White => Bitboard::RANK_1,
            Color::Black => Bitboard::RANK_8,
        };
        let king = self.king_square(color);
        let rooks = self.pieces(Piece::new(color, Role::Rook)) & back_rank;
        let king_file = king.index() & 7;
        let base = 2 * color.index();
        let (right_index, rook) = match letter.to_ascii_uppercase() {
            side @ (b'K' | b'Q') => {
                let king_side = side == b'K';
                let right_index = base + usize::from(!king_side);
                let right = RIGHTS[right_index];
                if !back_rank.has(king) {
                    return Err(PositionError::CastlingRights(right));
                }
                let beside = rooks
                    .into_iter()
                    .filter(|sq| ((sq.index() & 7) > king_file) == king_side)
                    .filter(|sq| sq.index() & 7 != king_file);
                let outermost = if king_side {
                    beside.last()
                } else {
                    beside.into_iter().next()
                };
                (
                    right_index,
                    outermost.ok_or(PositionError::CastlingRights(right))?,
                )
            }
            file => {
                let file = usize::from(file - b'A');
                let rook = rooks
                    .into_iter()
                    .find(|sq| sq.index() & 7 == file)
                    .filter(|_| back_rank.has(king) && file != king_file)
                    .ok_or(PositionError::CastlingFile(letter as char))?;
                (base + usize::from(file < king_file), rook)
            }
        };
        let right = RIGHTS[right_index];
        if self.castling & right != 0 {
            return Err(PositionError::CastlingSideTwice(right));
        }
        self.castling |= right;
        let off_e_file = if king_file == 4 { 0 } else { OFF_E_FILE };
        self.castle_rooks[right_index] = rook.index() as u8 | off_e_file;
        Ok(())
    }

    /// Returns the position as FEN text (through `Display`, so no allocation).
    ///
    /// # Examples
    /// ```
    /// use wingtip::Board;
    /// let fen = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
    /// assert_eq!(Board::from_fen(fen).unwrap().fen().to_string(), fen);
    /// ```
    pub fn fen(&self) -> Fen<'_> {
        Fen {
            board: self,
            shredder: false,
        }
    }

    /// Returns the position as Shredder-FEN text: like [`Board::fen`], but each
    /// castling right written as its rook's file (`HAha` for the standard start).
    ///
    /// # Examples
    /// ```
    /// use wingtip::Board;
    /// assert_eq!(
    ///     Board::startpos().fen_shredder().to_string(),
    ///     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"
    /// );
    /// let fen = "1rqbkrbn/1ppppp1p/1n6/p1N3p1/8/2P4P/PP1PPPP1/1RQBKRBN w FBfb - 0 9";
    /// let board = Board::from_fen(fen).unwrap();
    /// assert_eq!(board.fen_shredder().to_string(), fen);
    /// assert_eq!(board.fen().to_string(), "1rqbkrbn/1ppppp1p/1n6/p1N3p1/8/2P4P/PP1PPPP1/1RQBKRBN w KQkq - 0 9");
    /// ```
    pub fn fen_shredder(&self) -> Fen<'_> {
        Fen {
            board: self,
            shredder: true,
        }
    }

    /// Returns the outermost rook of `color` on its back rank on one side of its
    /// king (the rook `K` or `Q` names in X-FEN).
    fn outermost_rook(&self, color: Color, king_side: bool) -> Option<Square> {
        let back_rank = match color {
            Color::White => Bitboard::RANK_1,
            Color::Black => Bitboard::RANK_8,
        };
        let king_file = self.king_square(color).index() & 7;
        let mut beside = (self.pieces(Piece::new(color, Role::Rook)) & back_rank)
            .into_iter()
            .filter(|sq| sq.index() & 7 != king_file)
            .filter(|sq| ((sq.index() & 7) > king_file) == king_side);
        if king_side {
            beside.last()
        } else {
            beside.next()
        }
    }
}

/// A board's FEN text: the `Display` value [`Board::fen`] (standard FEN, X-FEN for
/// Chess960 castling) and [`Board::fen_shredder`] (Shredder-FEN) return.
#[derive(Clone, Copy, Debug)]
pub struct Fen<'a> {
    board: &'a Board,
    shredder: bool,
}

impl fmt::Display for Fen<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use core::fmt::Write;
        let board = self.board;
        for row in 0..8u8 {
            let mut empty = 0u8;
            for file in 0..8u8 {
                let sq = Square::from_index_masked(u32::from(row * 8 + file));
                match board.piece_on(sq) {
                    Some(p) => {
                        if empty > 0 {
                            f.write_char((b'0' + empty) as char)?;
                            empty = 0;
                        }
                        f.write_char(p.to_char())?;
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                f.write_char((b'0' + empty) as char)?;
            }
            if row < 7 {
                f.write_char('/')?;
            }
        }
        f.write_str(match board.side {
            Color::White => " w ",
            Color::Black => " b ",
        })?;
        if board.castling == 0 {
            f.write_char('-')?;
        } else {
            for (i, (right, ch)) in [(1, 'K'), (2, 'Q'), (4, 'k'), (8, 'q')]
                .into_iter()
                .enumerate()
            {
                if board.castling & right == 0 {
                    continue;
                }
                let color = Color::ALL[i / 2];
                let rook = Square::from_index_masked(u32::from(board.castle_rooks[i]));
                let file = (b'a' + (rook.index() & 7) as u8) as char;
                let letter =
                    if !self.shredder && board.outermost_rook(color, i % 2 == 0) == Some(rook) {
                        ch
                    } else if color == Color::White {
                        file.to_ascii_uppercase()
                    } else {
                        file
                    };
                f.write_char(letter)?;
            }
        }
        match board.en_passant() {
            Some(sq) => write!(f, " {sq}")?,
            None => f.write_str(" -")?,
        }
        write!(f, " {} {}", board.halfmove_clock, board.fullmove_number)
    }
}
