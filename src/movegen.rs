//! Legal move generation with check and pin masks.
//!
//! One generator, `generate`, walks the position once and hands whole target sets
//! to a `Visitor`: the list visitor turns them into [`Move`]s, the counting visitor
//! only popcounts them, which is how perft counts the last ply without materialising
//! a single move (bulk counting).
//!
//! Legality without make/unmake (the usual scheme, see the chessprogramming wiki,
//! "Pin" and "Checks and Pinned Pieces (Bitboards)"):
//! - king moves: each target is tested for attacks with the king removed from the
//!   occupancy, so sliders see through the square it leaves;
//! - in double check only the king moves; in single check the other pieces may only
//!   capture the checker or block: `check_mask = BETWEEN[king][checker] | checker`;
//! - a pinned piece moves only along `LINE[king][piece]`;
//! - en passant is checked by removing both pawns from the occupancy and looking for
//!   a slider attack on the king (the horizontal discovered check of the captured
//!   pawn is the classic trap);
//! - castling needs the rights, empty squares between king and rook, and no attack
//!   on the king's start, transit and target squares.

use crate::attacks::{between, king_attacks, knight_attacks, line, pawn_attacks};
use crate::board::{BLACK_KING_SIDE, BLACK_QUEEN_SIDE, WHITE_KING_SIDE, WHITE_QUEEN_SIDE};
use crate::{Bitboard, Board, Color, Move, MoveList, Piece, Role, Square, BOTH};

/// The slider backend the move generator uses: [`crate::attacks::default_backend`]
/// unless the build sets `--cfg wingtip_backend="<name>"` (for perft comparisons of
/// `plain`, `compact`, `kindergarten`, `classical`, `pext`).
#[allow(unexpected_cfgs)]
pub(crate) mod sliders {
    #[cfg(wingtip_backend = "classical")]
    pub use crate::attacks::classical::{bishop_attacks, rook_attacks};
    #[cfg(wingtip_backend = "compact")]
    pub use crate::attacks::compact::{bishop_attacks, rook_attacks};
    #[cfg(not(any(
        wingtip_backend = "plain",
        wingtip_backend = "compact",
        wingtip_backend = "kindergarten",
        wingtip_backend = "classical",
        wingtip_backend = "pext"
    )))]
    pub use crate::attacks::default_backend::{bishop_attacks, rook_attacks};
    #[cfg(wingtip_backend = "kindergarten")]
    pub use crate::attacks::kindergarten::{bishop_attacks, rook_attacks};
    #[cfg(wingtip_backend = "pext")]
    pub use crate::attacks::pext::{bishop_attacks, rook_attacks};
    #[cfg(wingtip_backend = "plain")]
    pub use crate::attacks::plain::{bishop_attacks, rook_attacks};
}

use sliders::{bishop_attacks, rook_attacks};

/// Receives the legal moves of a position, grouped as [`generate`] finds them.
pub(crate) trait Visitor {
    /// Moves of `piece` (not a pawn) from `from` to every square of `targets`;
    /// `enemy` tells captures apart.
    fn piece_moves(&mut self, piece: Piece, from: Square, targets: Bitboard, enemy: Bitboard);
    /// Pawn moves to every square of `targets`, each from `to - delta` (`delta` in
    /// square indices); `flags` is 0, `Move::CAPTURE` or `Move::DOUBLE_PUSH`;
    /// `promote` says the targets are on the last rank (four moves each).
    fn pawn_moves(
        &mut self,
        piece: Piece,
        targets: Bitboard,
        delta: i32,
        flags: u32,
        promote: bool,
    );
    /// One special move (en passant, castling).
    fn special(&mut self, mv: Move);
}

/// Builds each move and hands it to a closure: pushing it to a [`MoveList`]
/// ([`Board::legal_moves`]) or, in perft, making it and recursing at once, which
/// skips the list entirely.
pub(crate) struct MoveVisitor<F: FnMut(Move)>(pub(crate) F);

impl<F: FnMut(Move)> Visitor for MoveVisitor<F> {
    #[inline(always)]
    fn piece_moves(&mut self, piece: Piece, from: Square, targets: Bitboard, enemy: Bitboard) {
        let base = from.index() as u32 | (piece as u32) << Move::PIECE_SHIFT;
        for to in targets {
            let capture = if enemy.has(to) { Move::CAPTURE } else { 0 };
            (self.0)(Move(
                base | (to.index() as u32) << Move::TARGET_SHIFT | capture,
            ));
        }
    }

    #[inline(always)]
    fn pawn_moves(
        &mut self,
        piece: Piece,
        targets: Bitboard,
        delta: i32,
        flags: u32,
        promote: bool,
    ) {
        let base = (piece as u32) << Move::PIECE_SHIFT | flags;
        for to in targets {
            let from = (to.index() as i32 - delta) as u32;
            let mv = base | from | (to.index() as u32) << Move::TARGET_SHIFT;
            if promote {
                let colour = piece as u32; // 0 for white, 6 for black
                for role in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
                    (self.0)(Move(mv | (colour + role as u32) << Move::PROMOTED_SHIFT));
                }
            } else {
                (self.0)(Move(mv));
            }
        }
    }

    #[inline(always)]
    fn special(&mut self, mv: Move) {
        (self.0)(mv);
    }
}

/// Counts moves without materialising them.
pub(crate) struct CountVisitor {
    pub(crate) count: u64,
}

impl Visitor for CountVisitor {
    #[inline(always)]
    fn piece_moves(&mut self, _: Piece, _: Square, targets: Bitboard, _: Bitboard) {
        self.count += u64::from(targets.len());
    }

    #[inline(always)]
    fn pawn_moves(&mut self, _: Piece, targets: Bitboard, _: i32, _: u32, promote: bool) {
        self.count += u64::from(targets.len()) << (2 * promote as u32);
    }

    #[inline(always)]
    fn special(&mut self, _: Move) {
        self.count += 1;
    }
}

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;
const RANK_8: u64 = 0xff;
const RANK_1: u64 = 0xff << 56;
const RANK_3: u64 = 0xff << 40;
const RANK_6: u64 = 0xff << 16;

/// Shifts a set one rank forward for `color` (north for white, which is `>> 8` since
/// a8 = bit 0).
#[inline(always)]
fn forward(color: Color, bb: u64) -> u64 {
    match color {
        Color::White => bb >> 8,
        Color::Black => bb << 8,
    }
}

/// Walks every legal move of `board` into `visitor`.
#[inline(always)]
pub(crate) fn generate<V: Visitor>(board: &Board, visitor: &mut V) {
    match board.side {
        Color::White => generate_for::<V, true, false>(board, visitor),
        Color::Black => generate_for::<V, false, false>(board, visitor),
    }
}

/// Walks the legal captures (en passant included) and promotions of `board`.
#[inline(always)]
pub(crate) fn generate_captures<V: Visitor>(board: &Board, visitor: &mut V) {
    match board.side {
        Color::White => generate_for::<V, true, true>(board, visitor),
        Color::Black => generate_for::<V, false, true>(board, visitor),
    }
}

#[inline(always)]
fn generate_for<V: Visitor, const WHITE: bool, const CAPTURES: bool>(board: &Board, v: &mut V) {
    let (us, them) = if WHITE {
        (Color::White, Color::Black)
    } else {
        (Color::Black, Color::White)
    };
    let ub = us.index() * 6;
    let tb = them.index() * 6;
    let p = &board.pieces;
    let own = board.occupancies[us.index()].0;
    let enemy = board.occupancies[them.index()].0;
    let occupied = board.occupancies[BOTH].0;
    let king_bb = p[ub + 5].0;
    let ksq = Square::from_index_masked(king_bb.trailing_zeros());

    let their_diag = p[tb + 2].0 | p[tb + 4].0;
    let their_orth = p[tb + 3].0 | p[tb + 4].0;
    let their_knights = p[tb + 1].0;
    let their_pawns = p[tb].0;
    let their_king = p[tb + 5].0;

    let checkers = (knight_attacks(ksq).0 & their_knights)
        | (pawn_attacks(us, ksq).0 & their_pawns)
        | (bishop_attacks(ksq, Bitboard(occupied)).0 & their_diag)
        | (rook_attacks(ksq, Bitboard(occupied)).0 & their_orth);

    // King moves: test each target with the king lifted off the board.
    {
        let occ = Bitboard(occupied ^ king_bb);
        // Drop the squares enemy pawns (set-wise) and the enemy king cover first;
        // only the rest need the per-square knight and slider test.
        let pawn_cover = if WHITE {
            ((their_pawns & !FILE_A) << 7) | ((their_pawns & !FILE_H) << 9)
        } else {
            ((their_pawns & !FILE_A) >> 9) | ((their_pawns & !FILE_H) >> 7)
        };
        let their_ksq = Square::from_index_masked(their_king.trailing_zeros());
        let mut targets = king_attacks(ksq).0 & !own & !pawn_cover & !king_attacks(their_ksq).0;
        if CAPTURES {
            targets &= enemy;
        }
        let mut legal = 0u64;
        // Two ways to test the rest: per target (two slider lookups each) or the
        // union of every enemy slider's attacks (one lookup per slider, two per
        // queen). Endgames with a lone rook and a free king favour the second.
        let slider_lookups = (their_diag.count_ones() + their_orth.count_ones()) as usize;
        if slider_lookups < 2 * targets.count_ones() as usize {
            let mut danger = 0u64;
            let mut diag = their_diag;
            while diag != 0 {
                let from = Square::from_index_masked(diag.trailing_zeros());
                diag &= diag - 1;
                danger |= bishop_attacks(from, occ).0;
            }
            let mut orth = their_orth;
            while orth != 0 {
                let from = Square::from_index_masked(orth.trailing_zeros());
                orth &= orth - 1;
                danger |= rook_attacks(from, occ).0;
            }
            targets &= !danger;
            while targets != 0 {
                let to = Square::from_index_masked(targets.trailing_zeros());
                targets &= targets - 1;
                if knight_attacks(to).0 & their_knights == 0 {
                    legal |= 1 << to.index();
                }
            }
        } else {
            while targets != 0 {
                let to = Square::from_index_masked(targets.trailing_zeros());
                targets &= targets - 1;
                let attacked = (knight_attacks(to).0 & their_knights)
                    | (bishop_attacks(to, occ).0 & their_diag)
                    | (rook_attacks(to, occ).0 & their_orth);
                if attacked == 0 {
                    legal |= 1 << to.index();
                }
            }
        }
        v.piece_moves(
            Piece::new(us, Role::King),
            ksq,
            Bitboard(legal),
            Bitboard(enemy),
        );
    }

    if checkers & checkers.wrapping_sub(1) != 0 {
        return; // double check: only the king moves
    }
    let check_mask = if checkers == 0 {
        !0u64
    } else {
        between(ksq, Square::from_index_masked(checkers.trailing_zeros())).0 | checkers
    };
    let target = !own & check_mask & if CAPTURES { enemy } else { !0 };

    // Pinned pieces: our single piece between the king and an enemy slider.
    let mut pinned = 0u64;
    let mut snipers = (bishop_attacks(ksq, Bitboard(enemy)).0 & their_diag)
        | (rook_attacks(ksq, Bitboard(enemy)).0 & their_orth);
    while snipers != 0 {
        let s = Square::from_index_masked(snipers.trailing_zeros());
        snipers &= snipers - 1;
        let blockers = between(ksq, s).0 & occupied;
        if blockers & blockers.wrapping_sub(1) == 0 {
            pinned |= blockers & own;
        }
    }

    // Knights: a pinned knight never moves.
    let knight = Piece::new(us, Role::Knight);
    let mut knights = p[ub + 1].0 & !pinned;
    while knights != 0 {
        let from = Square::from_index_masked(knights.trailing_zeros());
        knights &= knights - 1;
        v.piece_moves(
            knight,
            from,
            Bitboard(knight_attacks(from).0 & target),
            Bitboard(enemy),
        );
    }

    // Sliders: pinned ones keep to the pin line.
    let occ = Bitboard(occupied);
    for role in [Role::Bishop, Role::Rook, Role::Queen] {
        let piece = Piece::new(us, role);
        let mut set = p[ub + role as usize].0;
        while set != 0 {
            let from = Square::from_index_masked(set.trailing_zeros());
            set &= set - 1;
            let attacks = match role {
                Role::Bishop => bishop_attacks(from, occ).0,
                Role::Rook => rook_attacks(from, occ).0,
                _ => bishop_attacks(from, occ).0 | rook_attacks(from, occ).0,
            };
            let mut t = attacks & target;
            if pinned & (1 << from.index()) != 0 {
                t &= line(ksq, from).0;
            }
            v.piece_moves(piece, from, Bitboard(t), Bitboard(enemy));
        }
    }

    // Pawns: unpinned ones set-wise, pinned ones (rare) one at a time.
    let pawn = Piece::new(us, Role::Pawn);
    let pawns = p[ub].0;
    let empty = !occupied;
    let (last_rank, push_rank, up): (u64, u64, i32) = if WHITE {
        (RANK_8, RANK_3, -8)
    } else {
        (RANK_1, RANK_6, 8)
    };
    let free = pawns & !pinned;
    pawn_set::<V, WHITE, CAPTURES>(
        v, pawn, free, empty, enemy, check_mask, last_rank, push_rank, up,
    );
    let mut pinned_pawns = pawns & pinned;
    while pinned_pawns != 0 {
        let from = Square::from_index_masked(pinned_pawns.trailing_zeros());
        pinned_pawns &= pinned_pawns - 1;
        let allowed = check_mask & line(ksq, from).0;
        pawn_set::<V, WHITE, CAPTURES>(
            v,
            pawn,
            1 << from.index(),
            empty,
            enemy,
            allowed,
            last_rank,
            push_rank,
            up,
        );
    }

    // En passant: both pawns leave their squares; look for a discovered attack.
    if board.en_passant < 64 {
        let ep = Square::from_index_masked(u32::from(board.en_passant));
        let captured = Square::from_index_masked(u32::from(board.en_passant ^ 8));
        let mut capturers = pawn_attacks(them, ep).0 & pawns;
        while capturers != 0 {
            let from = Square::from_index_masked(capturers.trailing_zeros());
            capturers &= capturers - 1;
            let occ = Bitboard(
                (occupied ^ (1 << from.index()) ^ (1 << captured.index())) | 1 << ep.index(),
            );
            let remaining_checkers = checkers & !(1 << captured.index());
            let exposed =
                (bishop_attacks(ksq, occ).0 & their_diag) | (rook_attacks(ksq, occ).0 & their_orth);
            if remaining_checkers & !(their_diag | their_orth) == 0 && exposed == 0 {
                v.special(Move::new(
                    from,
                    ep,
                    pawn,
                    None,
                    Move::CAPTURE | Move::EN_PASSANT,
                ));
            }
        }
    }

    // Castling: not in check, squares empty, king's path not attacked.
    if checkers == 0 && !CAPTURES {
        let (ks, qs, home) = if WHITE {
            (WHITE_KING_SIDE, WHITE_QUEEN_SIDE, 56usize)
        } else {
            (BLACK_KING_SIDE, BLACK_QUEEN_SIDE, 0usize)
        };
        let king = Piece::new(us, Role::King);
        let attacked = |sq: usize| {
            let s = Square::from_index_masked(sq as u32);
            (knight_attacks(s).0 & their_knights)
                | (pawn_attacks(us, s).0 & their_pawns)
                | (king_attacks(s).0 & their_king)
                | (bishop_attacks(s, occ).0 & their_diag)
                | (rook_attacks(s, occ).0 & their_orth)
                != 0
        };
        // Squares relative to the home rank: a = +0, b = +1, …, h = +7.
        if board.castling & ks != 0
            && occupied & (0b0110_0000u64 << home) == 0
            && !attacked(home + 5)
            && !attacked(home + 6)
        {
            v.special(Move::new(
                ksq,
                Square::from_index_masked((home + 6) as u32),
                king,
                None,
                Move::CASTLING,
            ));
        }
        if board.castling & qs != 0
            && occupied & (0b0000_1110u64 << home) == 0
            && !attacked(home + 3)
            && !attacked(home + 2)
        {
            v.special(Move::new(
                ksq,
                Square::from_index_masked((home + 2) as u32),
                king,
                None,
                Move::CASTLING,
            ));
        }
    }
}

/// Pushes and captures of the pawns in `pawns`, restricted to `allowed` targets
/// (with `CAPTURES`, only captures and promotions).
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn pawn_set<V: Visitor, const WHITE: bool, const CAPTURES: bool>(
    v: &mut V,
    pawn: Piece,
    pawns: u64,
    empty: u64,
    enemy: u64,
    allowed: u64,
    last_rank: u64,
    push_rank: u64,
    up: i32,
) {
    let us = if WHITE { Color::White } else { Color::Black };
    let single = forward(us, pawns) & empty;
    let double = forward(us, single & push_rank) & empty & allowed;
    let single = single & allowed;
    // Captures towards the a-file (west) and towards the h-file (east).
    let (west, east, dw, de) = if WHITE {
        ((pawns & !FILE_A) >> 9, (pawns & !FILE_H) >> 7, -9, -7)
    } else {
        ((pawns & !FILE_A) << 7, (pawns & !FILE_H) << 9, 7, 9)
    };
    let west = west & enemy & allowed;
    let east = east & enemy & allowed;

    if !CAPTURES {
        v.pawn_moves(pawn, Bitboard(single & !last_rank), up, 0, false);
        v.pawn_moves(pawn, Bitboard(double), 2 * up, Move::DOUBLE_PUSH, false);
    }
    v.pawn_moves(pawn, Bitboard(west & !last_rank), dw, Move::CAPTURE, false);
    v.pawn_moves(pawn, Bitboard(east & !last_rank), de, Move::CAPTURE, false);
    if (single | west | east) & last_rank != 0 {
        v.pawn_moves(pawn, Bitboard(single & last_rank), up, 0, true);
        v.pawn_moves(pawn, Bitboard(west & last_rank), dw, Move::CAPTURE, true);
        v.pawn_moves(pawn, Bitboard(east & last_rank), de, Move::CAPTURE, true);
    }
}

impl Board {
    /// Returns every legal move.
    ///
    /// # Examples
    /// ```
    /// use wingtip::Board;
    /// let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    /// assert_eq!(Board::from_fen(kiwipete).unwrap().legal_moves().len(), 48);
    /// ```
    #[inline]
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        generate(self, &mut MoveVisitor(|mv| list.push(mv)));
        list
    }

    /// Returns the number of legal moves, without building a list.
    ///
    /// # Examples
    /// ```
    /// assert_eq!(wingtip::Board::startpos().count_legal_moves(), 20);
    /// ```
    #[inline]
    pub fn count_legal_moves(&self) -> u64 {
        let mut counter = CountVisitor { count: 0 };
        generate(self, &mut counter);
        counter.count
    }

    /// Returns the legal captures (en passant included) and promotions: the moves a
    /// quiescence search looks at.
    ///
    /// # Examples
    /// ```
    /// use wingtip::Board;
    /// let board = Board::from_fen("4k3/1P6/8/3p4/4P3/8/8/4K3 w - - 0 1").unwrap();
    /// let names: Vec<String> = board.legal_captures().iter().map(|m| m.to_string()).collect();
    /// assert_eq!(names.len(), 5); // e4d5 and four promotions on b8
    /// assert!(names.contains(&"e4d5".to_string()) && names.contains(&"b7b8n".to_string()));
    /// ```
    #[inline]
    pub fn legal_captures(&self) -> MoveList {
        let mut list = MoveList::new();
        generate_captures(self, &mut MoveVisitor(|mv| list.push(mv)));
        list
    }

    /// Parses UCI move text (`e2e4`, `e7e8q`, castling as the king's move `e1g1`)
    /// into the legal move it names.
    ///
    /// This never panics.
    ///
    /// # Errors
    /// [`MoveError::Malformed`](crate::MoveError::Malformed) when the text is not of
    /// the form `<from><to>[qrbn]`; [`MoveError::Illegal`](crate::MoveError::Illegal)
    /// when no legal move here matches it.
    ///
    /// # Examples
    /// ```
    /// use wingtip::{Board, MoveError};
    /// let board = Board::startpos();
    /// assert_eq!(board.parse_uci_move("e2e4").unwrap().to_string(), "e2e4");
    /// assert_eq!(board.parse_uci_move("e2e5"), Err(MoveError::Illegal));
    /// assert_eq!(board.parse_uci_move("e2"), Err(MoveError::Malformed));
    /// ```
    pub fn parse_uci_move(&self, text: &str) -> Result<Move, crate::MoveError> {
        use crate::MoveError;
        let bytes = text.as_bytes();
        if bytes.len() != 4 && bytes.len() != 5 {
            return Err(MoveError::Malformed);
        }
        let square = |b: &[u8]| -> Result<Square, MoveError> {
            match *b {
                [f @ b'a'..=b'h', r @ b'1'..=b'8'] => Ok(Square::from_index_masked(u32::from(
                    8 * (b'8' - r) + (f - b'a'),
                ))),
                _ => Err(MoveError::Malformed),
            }
        };
        let from = square(&bytes[0..2])?;
        let to = square(&bytes[2..4])?;
        let promoted = match bytes.get(4) {
            None => None,
            Some(b'q') => Some(Role::Queen),
            Some(b'r') => Some(Role::Rook),
            Some(b'b') => Some(Role::Bishop),
            Some(b'n') => Some(Role::Knight),
            Some(_) => return Err(MoveError::Malformed),
        };
        self.legal_moves()
            .iter()
            .copied()
            .find(|mv| {
                mv.source() == from
                    && mv.target() == to
                    && mv.promoted().map(|p| p.role()) == promoted
            })
            .ok_or(MoveError::Illegal)
    }
}
