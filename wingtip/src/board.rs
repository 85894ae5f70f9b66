//! The position: Kirin's state (12 piece bitboards, 3 occupancies, side, en-passant
//! square, castling bits, Zobrist key) plus the two FEN counters.

use crate::attacks::{bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks};
use crate::tables::{ZOBRIST_CASTLING, ZOBRIST_EN_PASSANT, ZOBRIST_PIECE, ZOBRIST_SIDE};
use crate::{Bitboard, Color, Move, Piece, Role, Square, BOTH};

/// White may castle king side (h1 rook).
pub const WHITE_KING_SIDE: u8 = 1;
/// White may castle queen side (a1 rook).
pub const WHITE_QUEEN_SIDE: u8 = 2;
/// Black may castle king side (h8 rook).
pub const BLACK_KING_SIDE: u8 = 4;
/// Black may castle queen side (a8 rook).
pub const BLACK_QUEEN_SIDE: u8 = 8;

/// The castling rights, by bit, in the order of [`Board::castling_rook`]'s index.
pub(crate) const RIGHTS: [u8; 4] = [
    WHITE_KING_SIDE,
    WHITE_QUEEN_SIDE,
    BLACK_KING_SIDE,
    BLACK_QUEEN_SIDE,
];

/// The rook squares of standard chess (h1, a1, h8, a8), in [`RIGHTS`] order: what
/// [`Board`] keeps for a right it does not hold, so equal positions compare equal.
pub(crate) const STANDARD_ROOKS: [u8; 4] = [
    Square::H1.index() as u8,
    Square::A1.index() as u8,
    Square::H8.index() as u8,
    Square::A8.index() as u8,
];

/// Set in a [`Board::castle_rooks`] entry when the right's king is not on the
/// e-file (square indices use 6 bits): such a board never takes the standard
/// path of [`Board::update_castling`], which knows the king only as e1 or e8.
pub(crate) const OFF_E_FILE: u8 = 0x80;

/// `rights &= CASTLING_KEEP[from] & CASTLING_KEEP[to]` after a move on a board
/// with the standard castling squares: a king or rook leaving its home square, or
/// a rook captured there, drops the matching right.
static CASTLING_KEEP: [u8; 64] = {
    let mut keep = [15u8; 64];
    keep[Square::A8.index()] = 15 ^ BLACK_QUEEN_SIDE;
    keep[Square::E8.index()] = 15 ^ (BLACK_KING_SIDE | BLACK_QUEEN_SIDE);
    keep[Square::H8.index()] = 15 ^ BLACK_KING_SIDE;
    keep[Square::A1.index()] = 15 ^ WHITE_QUEEN_SIDE;
    keep[Square::E1.index()] = 15 ^ (WHITE_KING_SIDE | WHITE_QUEEN_SIDE);
    keep[Square::H1.index()] = 15 ^ WHITE_KING_SIDE;
    keep
};

/// The king's castling destination (g or c file) and the rook's (f or d file) on
/// `us`'s back rank, for right index `i` (0 = white king side … 3 = black queen side).
#[inline(always)]
pub(crate) const fn castling_destinations(i: usize) -> (Square, Square) {
    match i {
        0 => (Square::G1, Square::F1),
        1 => (Square::C1, Square::D1),
        2 => (Square::G8, Square::F8),
        _ => (Square::C8, Square::D8),
    }
}

/// A chess position in Kirin's layout.
///
/// Castling (Chess960 too): each of the four rights remembers its rook's square
/// ([`Board::castling_rook`]); the king castles from wherever it stands, since a
/// right only lives while its king has not moved.
///
/// `Board` is `Copy` (144 bytes): the search and perft copy it and apply a move to the
/// copy (`let mut child = *board; child.make_move(mv);`), which is faster here than
/// make/unmake.
///
/// `==` compares every field, the two FEN counters included; for repetitions
/// compare [`Board::hash`] (pieces, side, castling rights, en passant).
///
/// # Examples
/// ```
/// use wingtip::{Board, Color, Piece, Square};
/// let board = Board::startpos();
/// assert_eq!(board.side_to_move(), Color::White);
/// assert_eq!(board.piece_on(Square::E1), Some(Piece::WhiteKing));
/// assert_eq!(board.legal_moves().len(), 20);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Board {
    pub(crate) pieces: [Bitboard; 12],
    pub(crate) occupancies: [Bitboard; 3],
    pub(crate) side: Color,
    /// En-passant target square index, or 64 (`NO_SQUARE`) when none.
    pub(crate) en_passant: u8,
    pub(crate) castling: u8,
    /// The rook square of each right, in [`RIGHTS`] order, plus [`OFF_E_FILE`]
    /// when the right's king is not on the e-file; the standard square (from
    /// [`STANDARD_ROOKS`]) for a right not held.
    pub(crate) castle_rooks: [u8; 4],
    pub(crate) halfmove_clock: u32,
    pub(crate) fullmove_number: u32,
    pub(crate) hash: u64,
}

impl Default for Board {
    fn default() -> Self {
        Board::startpos()
    }
}

impl Board {
    /// Returns the standard starting position.
    ///
    /// # Examples
    /// ```
    /// let board = wingtip::Board::startpos();
    /// assert_eq!(board.fen().to_string(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    /// ```
    pub fn startpos() -> Board {
        const R8: u64 = 0xff;
        const R7: u64 = 0xff << 8;
        const R2: u64 = 0xff << 48;
        const R1: u64 = 0xff << 56;
        let sq = |s: Square| 1u64 << s.index();
        let pieces = [
            Bitboard(R2),
            Bitboard(sq(Square::B1) | sq(Square::G1)),
            Bitboard(sq(Square::C1) | sq(Square::F1)),
            Bitboard(sq(Square::A1) | sq(Square::H1)),
            Bitboard(sq(Square::D1)),
            Bitboard(sq(Square::E1)),
            Bitboard(R7),
            Bitboard(sq(Square::B8) | sq(Square::G8)),
            Bitboard(sq(Square::C8) | sq(Square::F8)),
            Bitboard(sq(Square::A8) | sq(Square::H8)),
            Bitboard(sq(Square::D8)),
            Bitboard(sq(Square::E8)),
        ];
        let mut board = Board {
            pieces,
            occupancies: [
                Bitboard(R1 | R2),
                Bitboard(R8 | R7),
                Bitboard(R1 | R2 | R8 | R7),
            ],
            side: Color::White,
            en_passant: crate::NO_SQUARE,
            castling: 15,
            castle_rooks: STANDARD_ROOKS,
            halfmove_clock: 0,
            fullmove_number: 1,
            hash: 0,
        };
        board.hash = board.compute_hash();
        board
    }

    /// Returns the side to move.
    ///
    /// # Examples
    /// ```
    /// assert_eq!(wingtip::Board::startpos().side_to_move(), wingtip::Color::White);
    /// ```
    #[inline(always)]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// Returns the piece on `sq`, if any.
    ///
    /// # Examples
    /// ```
    /// use wingtip::{Board, Piece, Square};
    /// assert_eq!(Board::startpos().piece_on(Square::D8), Some(Piece::BlackQueen));
    /// assert_eq!(Board::startpos().piece_on(Square::D4), None);
    /// ```
    #[inline]
    pub fn piece_on(&self, sq: Square) -> Option<Piece> {
        if !self.occupancies[BOTH].has(sq) {
            return None;
        }
        let start = if self.occupancies[0].has(sq) { 0 } else { 6 };
        (start..start + 6)
            .find(|&i| self.pieces[i].has(sq))
            .map(|i| Piece::ALL[i])
    }

    /// Returns the squares of `piece`.
    ///
    /// # Examples
    /// ```
    /// use wingtip::{Board, Piece};
    /// assert_eq!(Board::startpos().pieces(Piece::WhitePawn).len(), 8);
    /// ```
    #[inline(always)]
    pub fn pieces(&self, piece: Piece) -> Bitboard {
        self.pieces[piece.index()]
    }

    /// Returns the squares of `color`'s pieces.
    ///
    /// # Examples
    /// ```
    /// use wingtip::{Board, Color};
    /// assert_eq!(Board::startpos().occupancy(Color::Black).len(), 16);
    /// ```
    #[inline(always)]
    pub fn occupancy(&self, color: Color) -> Bitboard {
        self.occupancies[color.index()]
    }

    /// Returns every occupied square.
    ///
    /// # Examples
    /// ```
    /// assert_eq!(wingtip::Board::startpos().occupied().len(), 32);
    /// ```
    #[inline(always)]
    pub fn occupied(&self) -> Bitboard {
        self.occupancies[BOTH]
    }

    /// Returns the square of `color`'s king (a8 for a board without that king, which
    /// [`Board::from_fen`] never produces).
    ///
    /// # Examples
    /// ```
    /// use wingtip::{Board, Color, Square};
    /// assert_eq!(Board::startpos().king_square(Color::Black), Square::E8);
    /// ```
    #[inline(always)]
    pub fn king_square(&self, color: Color) -> Square {
        Square::from_index_masked(
            self.pieces[Piece::new(color, Role::King).index()]
                .0
                .trailing_zeros(),
        )
    }

    /// Returns the en-passant target square, if the last move was a double pawn push
    /// that an enemy pawn stands next to.
    ///
    /// The square is kept only when a pawn of the side to move attacks it (X-FEN
    /// convention, as in Stockfish and Polyglot hashing), so positions that differ
    /// only in a useless en-passant square compare and hash equal.
    ///
    /// # Examples
    /// ```
    /// use wingtip::{Board, Square};
    /// let board = Board::from_fen("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1").unwrap();
    /// assert_eq!(board.en_passant(), Some(Square::E3));
    /// assert_eq!(Board::startpos().en_passant(), None);
    /// ```
    #[inline(always)]
    pub fn en_passant(&self) -> Option<Square> {
        Square::from_index(self.en_passant)
    }

    /// Returns the castling rights: wk = 1, wq = 2, bk = 4, bq = 8.
    ///
    /// # Examples
    /// ```
    /// assert_eq!(wingtip::Board::startpos().castling_rights(), 15);
    /// ```
    #[inline(always)]
    pub fn castling_rights(&self) -> u8 {
        self.castling
    }

    /// Returns the rook square of castling right `right` (one of
    /// [`WHITE_KING_SIDE`], [`WHITE_QUEEN_SIDE`], [`BLACK_KING_SIDE`],
    /// [`BLACK_QUEEN_SIDE`]) when the side holds it, `None` otherwise (or for any
    /// other value of `right`).
    ///
    /// In standard chess the squares are h1, a1, h8 and a8; in Chess960 they are
    /// wherever the start position put the rooks.
    ///
    /// # Examples
    /// ```
    /// use wingtip::{Board, Square, BLACK_QUEEN_SIDE, WHITE_KING_SIDE};
    /// let board = Board::from_fen("bqrkrbnn/pppppppp/8/8/8/8/PPPPPPPP/BQRKRBNN w KQkq - 0 1").unwrap();
    /// assert_eq!(board.castling_rook(WHITE_KING_SIDE), Some(Square::E1));
    /// assert_eq!(board.castling_rook(BLACK_QUEEN_SIDE), Some(Square::C8));
    /// assert_eq!(Board::startpos().castling_rook(WHITE_KING_SIDE), Some(Square::H1));
    /// ```
    pub fn castling_rook(&self, right: u8) -> Option<Square> {
        let i = RIGHTS.iter().position(|&r| r == right)?;
        if self.castling & right == 0 {
            return None;
        }
        Square::from_index(self.castle_rooks[i] & 63)
    }

    /// Returns whether the castling rights are those of standard chess: every right
    /// held has its king on the e-file and its rook on the a- or h-file, so
    /// `KQkq` and the king's two-square move (`e1g1`) describe them.
    ///
    /// # Examples
    /// ```
    /// use wingtip::Board;
    /// assert!(Board::startpos().has_standard_castling());
    /// let chess960 = Board::from_fen("bqrkrbnn/pppppppp/8/8/8/8/PPPPPPPP/BQRKRBNN w KQkq - 0 1").unwrap();
    /// assert!(!chess960.has_standard_castling());
    /// ```
    pub fn has_standard_castling(&self) -> bool {
        self.castle_rooks == STANDARD_ROOKS
            && (self.castling & 3 == 0 || self.king_square(Color::White) == Square::E1)
            && (self.castling & 12 == 0 || self.king_square(Color::Black) == Square::E8)
    }

    /// Returns the halfmove clock (plies since the last capture or pawn move).
    ///
    /// # Examples
    /// ```
    /// assert_eq!(wingtip::Board::startpos().halfmove_clock(), 0);
    /// ```
    #[inline(always)]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    /// Returns the fullmove number (starts at 1, grows after each black move).
    ///
    /// # Examples
    /// ```
    /// assert_eq!(wingtip::Board::startpos().fullmove_number(), 1);
    /// ```
    #[inline(always)]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove_number
    }

    /// Returns the Zobrist key, kept up to date incrementally by
    /// [`Board::make_move`].
    ///
    /// The key is the XOR of a piece-square key for every piece, a key for the
    /// castling rights, one for the en-passant file when there is an en-passant
    /// square, and one when black is to move: 64-bit keys drawn by build.rs from a
    /// fixed seed (the repository's `docs/design.md` §3), so a key is the same in
    /// every build.
    ///
    /// # Examples
    /// ```
    /// use wingtip::Board;
    /// let a = Board::from_fen("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1").unwrap();
    /// let mut b = a;
    /// for mv in ["a1a2", "e8e7", "a2a1", "e7e8"] {
    ///     b.make_move(b.parse_uci_move(mv).unwrap());
    /// }
    /// // Same pieces, but the castling right is gone.
    /// assert_ne!(a.hash(), b.hash());
    /// ```
    #[inline(always)]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Returns the enemy pieces that give check to the side to move.
    ///
    /// # Examples
    /// ```
    /// use wingtip::{Board, Square};
    /// let board = Board::from_fen("4k3/8/8/8/8/8/4q3/4K3 w - - 0 1").unwrap();
    /// assert!(board.checkers().has(Square::E2));
    /// ```
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        let us = self.side;
        self.attackers(self.king_square(us), !us, self.occupancies[BOTH])
    }

    /// Returns whether the side to move is in check.
    ///
    /// # Examples
    /// ```
    /// use wingtip::Board;
    /// assert!(!Board::startpos().in_check());
    /// ```
    #[inline]
    pub fn in_check(&self) -> bool {
        !self.checkers().is_empty()
    }

    /// Returns whether a piece of color `by` attacks `sq`.
    ///
    /// # Examples
    /// ```
    /// use wingtip::{Board, Color, Square};
    /// let board = Board::startpos();
    /// assert!(board.is_square_attacked(Square::F3, Color::White));
    /// assert!(!board.is_square_attacked(Square::F4, Color::White));
    /// ```
    #[inline]
    pub fn is_square_attacked(&self, sq: Square, by: Color) -> bool {
        !self.attackers(sq, by, self.occupancies[BOTH]).is_empty()
    }

    /// Returns the pieces of color `by` that attack `sq`, sliders seen through
    /// `occupied`.
    ///
    /// Pieces come from the board whether or not they are in `occupied`: to take
    /// some off (as an exchange evaluation does), remove them from `occupied` and
    /// mask the result with it.
    ///
    /// # Examples
    /// ```
    /// use wingtip::{Board, Color, Square};
    ///
    /// let board = Board::from_fen("4k3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1").unwrap();
    /// let seen = |occupied| -> Vec<Square> {
    ///     board.attackers(Square::D5, Color::White, occupied).into_iter().collect()
    /// };
    /// // The rook on d1 stands behind the one on d2...
    /// assert_eq!(seen(board.occupied()), [Square::D2]);
    /// // ...and sees d5 once d2 is gone.
    /// assert_eq!(seen(board.occupied().without(Square::D2)), [Square::D2, Square::D1]);
    /// ```
    #[inline(always)]
    pub fn attackers(&self, sq: Square, by: Color, occupied: Bitboard) -> Bitboard {
        let p = &self.pieces;
        let base = by.index() * 6;
        let queens = p[base + 4];
        let diag = (p[base + 2] | queens) & bishop_attacks(sq, occupied);
        let orth = (p[base + 3] | queens) & rook_attacks(sq, occupied);
        diag | orth
            | (p[base + 1] & knight_attacks(sq))
            | (p[base] & pawn_attacks(!by, sq))
            | (p[base + 5] & king_attacks(sq))
    }

    /// Recomputes the Zobrist key from scratch (see [`Board::hash`]).
    /// The key is the XOR of the key of every piece on its square, of the castling
    /// rights, of the en-passant file (when there is an en-passant square) and of
    /// the side key when black is to move ([`crate::zobrist`] documents the keys).
    pub(crate) fn compute_hash(&self) -> u64 {
        let mut hash = 0;
        for (piece, bb) in self.pieces.iter().enumerate() {
            for sq in *bb {
                hash ^= ZOBRIST_PIECE[piece][sq.index()];
            }
        }
        hash ^= ZOBRIST_CASTLING[self.castling as usize & 15];
        if let Some(ep) = self.en_passant() {
            hash ^= ZOBRIST_EN_PASSANT[ep.file().index()];
        }
        if self.side == Color::Black {
            hash ^= ZOBRIST_SIDE;
        }
        hash
    }

    /// Applies `mv`, which must be legal here (from [`Board::legal_moves`] or
    /// [`Board::parse_uci_move`]).
    ///
    /// # Panics
    /// A move that is not legal here leaves an inconsistent board (no undefined
    /// behaviour); debug builds check the Zobrist key after every move.
    ///
    /// # Examples
    /// ```
    /// use wingtip::{Board, Piece, Square};
    /// let mut board = Board::startpos();
    /// board.make_move(board.parse_uci_move("e2e4").unwrap());
    /// assert_eq!(board.piece_on(Square::E4), Some(Piece::WhitePawn));
    /// assert_eq!(board.fen().to_string(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    /// ```
    #[inline]
    pub fn make_move(&mut self, mv: Move) {
        self.make::<true>(mv);
    }

    /// [`Board::make_move`] without the Zobrist key, which is left stale: for perft,
    /// whose boards are never hashed, compared or handed out.
    #[inline]
    pub(crate) fn make_move_unhashed(&mut self, mv: Move) {
        self.make::<false>(mv);
    }

    /// The body of [`Board::make_move`]; with `HASH` false no key is updated.
    ///
    /// On 64-bit targets it is always inlined, into perft too (5.6–8.2 % fewer
    /// instructions there than a call). On 32-bit ones the compiler decides: inlined
    /// into perft it made each perft frame bigger, and the Cortex-M4 firmware's stack
    /// 224 bytes deeper, over its RAM budget (`embedded/embedded.sh`).
    #[cfg_attr(target_pointer_width = "64", inline(always))]
    #[cfg_attr(not(target_pointer_width = "64"), inline)]
    fn make<const HASH: bool>(&mut self, mv: Move) {
        let us = self.side;
        let them = !us;
        let mut hash = self.hash ^ ZOBRIST_SIDE;

        if self.en_passant < 64 {
            if HASH {
                hash ^= ZOBRIST_EN_PASSANT[(self.en_passant & 7) as usize];
            }
            self.en_passant = crate::NO_SQUARE;
        }

        self.halfmove_clock += 1;
        if mv.is_castling() {
            self.make_castling::<HASH>(mv.source(), mv.target(), &mut hash);
        } else {
            self.make_step::<HASH>(mv, &mut hash);
        }

        self.occupancies[BOTH] = self.occupancies[0] | self.occupancies[1];
        if us == Color::Black {
            self.fullmove_number += 1;
        }
        self.side = them;
        if HASH {
            self.hash = hash;
            debug_assert_eq!(
                self.hash,
                self.compute_hash(),
                "incremental hash after {mv}"
            );
        }
    }

    /// The body of [`Board::make_move`] for every move but castling: capture, the
    /// piece's step (or promotion), the en-passant square, the rights.
    #[inline(always)]
    fn make_step<const HASH: bool>(&mut self, mv: Move, hash: &mut u64) {
        let from = mv.source();
        let to = mv.target();
        let piece = mv.piece();
        let us = self.side;
        let them = !us;
        let from_bb = 1u64 << from.index();
        let to_bb = 1u64 << to.index();
        if mv.is_capture() {
            self.halfmove_clock = 0;
            let (cap_sq, cap_bb) = if mv.is_en_passant() {
                let sq = to.index() ^ 8;
                (sq, 1u64 << sq)
            } else {
                (to.index(), to_bb)
            };
            let base = them.index() * 6;
            let mut i = base;
            // The captured piece is never a king, so this stops within five steps.
            while i < base + 5 && self.pieces[i].0 & cap_bb == 0 {
                i += 1;
            }
            self.pieces[i].0 ^= cap_bb;
            self.occupancies[them.index()].0 ^= cap_bb;
            if HASH {
                *hash ^= ZOBRIST_PIECE[i][cap_sq];
            }
        }

        let p = piece.index();
        self.pieces[p].0 ^= from_bb;
        if HASH {
            *hash ^= ZOBRIST_PIECE[p][from.index()];
        }
        let placed = match mv.promoted() {
            Some(promoted) => promoted.index(),
            None => p,
        };
        self.pieces[placed].0 ^= to_bb;
        if HASH {
            *hash ^= ZOBRIST_PIECE[placed][to.index()];
        }
        self.occupancies[us.index()].0 ^= from_bb | to_bb;

        if piece.role() == Role::Pawn {
            self.halfmove_clock = 0;
            if mv.is_double_push() {
                let ep = (from.index() + to.index()) as u8 / 2;
                // Keep the square only when an enemy pawn can take (X-FEN rule).
                let ep_sq = Square::from_index_masked(ep as u32);
                if pawn_attacks(us, ep_sq).0 & self.pieces[Piece::new(them, Role::Pawn).index()].0
                    != 0
                {
                    self.en_passant = ep;
                    if HASH {
                        *hash ^= ZOBRIST_EN_PASSANT[(ep & 7) as usize];
                    }
                }
            }
        }

        // Only a move from or to a back rank can touch a castling king or rook.
        if self.castling != 0 && (from_bb | to_bb) & (Bitboard::RANK_1.0 | Bitboard::RANK_8.0) != 0
        {
            self.update_castling::<HASH>(from, to, piece, hash);
        }
    }

    /// Drops the rights a move ends: every right of a king that moved, and the
    /// right of a rook square the move leaves or lands on (the rook moved or was
    /// taken there).
    #[inline(always)]
    fn update_castling<const HASH: bool>(
        &mut self,
        from: Square,
        to: Square,
        piece: Piece,
        hash: &mut u64,
    ) {
        let old = self.castling;
        let rights = if u32::from_ne_bytes(self.castle_rooks) == u32::from_ne_bytes(STANDARD_ROOKS)
        {
            // Standard squares: rooks in the corners, kings on e1 and e8 (and every
            // right not held has its standard square too, so nothing to reset).
            old & CASTLING_KEEP[from.index()] & CASTLING_KEEP[to.index()]
        } else {
            self.drop_chess960_rights(from, to, piece)
        };
        if HASH {
            *hash ^= ZOBRIST_CASTLING[old as usize] ^ ZOBRIST_CASTLING[rights as usize];
        }
        self.castling = rights;
    }

    /// The Chess960 half of [`Board::update_castling`]: drops the rights of a king
    /// that moved and those whose rook square is `from` or `to`, and gives every
    /// right no longer held its standard rook square back.
    #[inline(never)]
    fn drop_chess960_rights(&mut self, from: Square, to: Square, piece: Piece) -> u8 {
        let mut rights = self.castling;
        if piece.role() == Role::King {
            rights &= match piece.color() {
                Color::White => !(WHITE_KING_SIDE | WHITE_QUEEN_SIDE),
                Color::Black => !(BLACK_KING_SIDE | BLACK_QUEEN_SIDE),
            };
        }
        for (i, right) in RIGHTS.iter().enumerate() {
            let rook = usize::from(self.castle_rooks[i] & 63);
            if rook == from.index() || rook == to.index() {
                rights &= !right;
            }
            if rights & right == 0 {
                self.castle_rooks[i] = STANDARD_ROOKS[i];
            }
        }
        rights
    }

    /// Sets the rights to `rights` (a subset of the current ones), with the key and
    /// the standard rook square for each right dropped.
    #[inline]
    fn set_castling<const HASH: bool>(&mut self, rights: u8, hash: &mut u64) {
        if HASH {
            *hash ^= ZOBRIST_CASTLING[self.castling as usize] ^ ZOBRIST_CASTLING[rights as usize];
        }
        for (i, right) in RIGHTS.iter().enumerate() {
            if rights & right == 0 {
                self.castle_rooks[i] = STANDARD_ROOKS[i];
            }
        }
        self.castling = rights;
    }

    /// The body of [`Board::make_move`] for castling, encoded king takes rook: the
    /// king goes from `from` to the g- or c-file, the rook from `rook` to the f- or
    /// d-file of the same rank (either may already stand there), and the side's
    /// rights end.
    #[inline(never)]
    fn make_castling<const HASH: bool>(&mut self, from: Square, rook: Square, hash: &mut u64) {
        let us = self.side;
        let queen_side = rook.index() < from.index();
        let i = 2 * us.index() + queen_side as usize;
        let (king_to, rook_to) = castling_destinations(i);
        let king = Piece::new(us, Role::King).index();
        let rook_piece = Piece::new(us, Role::Rook).index();
        let bb = |sq: Square| 1u64 << sq.index();
        self.pieces[king].0 ^= bb(from) ^ bb(king_to);
        self.pieces[rook_piece].0 ^= bb(rook) ^ bb(rook_to);
        self.occupancies[us.index()].0 ^= bb(from) ^ bb(king_to) ^ bb(rook) ^ bb(rook_to);
        if HASH {
            *hash ^= ZOBRIST_PIECE[king][from.index()]
                ^ ZOBRIST_PIECE[king][king_to.index()]
                ^ ZOBRIST_PIECE[rook_piece][rook.index()]
                ^ ZOBRIST_PIECE[rook_piece][rook_to.index()];
        }
        let ours = match us {
            Color::White => WHITE_KING_SIDE | WHITE_QUEEN_SIDE,
            Color::Black => BLACK_KING_SIDE | BLACK_QUEEN_SIDE,
        };
        self.set_castling::<HASH>(self.castling & !ours, hash);
    }

    /// Passes the turn without moving (for null-move pruning); clears the en-passant
    /// square.
    ///
    /// Only call it when the side to move is not in check: otherwise the result has
    /// the side not to move in check, which no legal position has.
    ///
    /// # Examples
    /// ```
    /// use wingtip::{Board, Color};
    /// let mut board = Board::startpos();
    /// board.make_null_move();
    /// assert_eq!(board.side_to_move(), Color::Black);
    /// assert_ne!(board.hash(), Board::startpos().hash());
    /// ```
    #[inline]
    pub fn make_null_move(&mut self) {
        let mut hash = self.hash ^ ZOBRIST_SIDE;
        if self.en_passant < 64 {
            hash ^= ZOBRIST_EN_PASSANT[(self.en_passant & 7) as usize];
            self.en_passant = crate::NO_SQUARE;
        }
        self.halfmove_clock += 1;
        if self.side == Color::Black {
            self.fullmove_number += 1;
        }
        self.side = !self.side;
        self.hash = hash;
        debug_assert_eq!(self.hash, self.compute_hash());
    }

    /// Returns whether neither side has the material to mate: no pawns, rooks or
    /// queens, and either at most one minor piece in total or only bishops all
    /// standing on squares of one color.
    ///
    /// # Examples
    /// ```
    /// use wingtip::Board;
    /// assert!(Board::from_fen("8/8/4k3/8/8/3BK3/8/8 w - - 0 1").unwrap().is_insufficient_material());
    /// assert!(!Board::from_fen("8/8/4k3/8/8/3NK3/4N3/8 w - - 0 1").unwrap().is_insufficient_material());
    /// assert!(!Board::startpos().is_insufficient_material());
    /// ```
    pub fn is_insufficient_material(&self) -> bool {
        let p = &self.pieces;
        let heavy = p[0] | p[3] | p[4] | p[6] | p[9] | p[10];
        if !heavy.is_empty() {
            return false;
        }
        let knights = p[1] | p[7];
        let bishops = p[2] | p[8];
        if (knights | bishops).len() <= 1 {
            return true;
        }
        // Dark squares: b8, a7, … (a8 = bit 0 is light).
        const DARK: u64 = 0x55AA_55AA_55AA_55AA;
        knights.is_empty() && (bishops.0 & DARK == 0 || bishops.0 & !DARK == 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_is_compact() {
        // Copy-make copies the whole board once per node: keep it small.
        assert_eq!(core::mem::size_of::<Board>(), 144);
    }

    #[test]
    fn castling_rights_drop_when_rooks_move_or_are_taken() {
        let mut b = Board::from_fen("r3k2r/8/8/8/8/8/6b1/R3K2R b KQkq - 0 1").unwrap();
        b.make_move(b.parse_uci_move("g2h1").unwrap());
        assert_eq!(
            b.castling_rights(),
            WHITE_QUEEN_SIDE | BLACK_KING_SIDE | BLACK_QUEEN_SIDE
        );
        b.make_move(b.parse_uci_move("a1a8").unwrap());
        assert_eq!(b.castling_rights(), BLACK_KING_SIDE);
        assert_eq!(b.hash(), b.compute_hash());
    }
}
