//! Perft's own board: a position in four bitboards (32 bytes), always seen from the
//! side to move.
//!
//! [`crate::Board`] keeps twelve piece sets, three occupancies, the counters and the
//! key (144 bytes), which the engine needs and perft does not. Perft copies a board
//! at every inner node and reads a handful of sets at every leaf's parent, so it
//! runs on this smaller form instead:
//!
//! - three *planes* `d`, `o`, `x`: a square's three bits name what stands there
//!   (see [`Code`]). Diagonal sliders (bishop, queen) are `d` without `x`, and
//!   orthogonal ones (rook, queen, a rook that may still castle) `o` with `d` or
//!   without `x`, so each attacker set the generator needs is two or three
//!   operations;
//! - `own`: the side to move's pieces, plus the en-passant target square, which is
//!   always empty (so `own & occupied` are the pieces and `own & !occupied` the
//!   square);
//! - the side to move is always "White": after each move the four sets are
//!   mirrored rank for rank (`swap_bytes`, since a rank is a byte), so pawns always
//!   go up, the own back rank is always the first and no branch asks whose turn it
//!   is;
//! - a castling right is a rook of its own kind ([`Code::CASTLE_ROOK`]), on a1 or
//!   h1 of its side: it moves and attacks as a rook, becomes a plain rook when it or
//!   its king moves, and a right disappears with its rook when it is captured.
//!
//! Only standard castling is represented (king on e1, rooks on a1 and h1):
//! [`crate::perft`] takes this path when [`Board::has_standard_castling`] holds and
//! the general generator otherwise. The module is compiled on 64-bit targets only.
//! The legality rules are those of [`crate::movegen`]: check and pin masks, king
//! steps tested with the king lifted,
//! en passant tested by removing both pawns. Pinned pieces are restricted set-wise:
//! a piece pinned on a diagonal moves only diagonally and only inside the union of
//! the diagonal pin rays (the king to each pinner, pinner included), since no
//! diagonal it can reach meets another diagonal pin ray off its own; the same holds
//! for orthogonal pins. Tests compare every count with the general generator's.

use crate::attacks::{between, bishop_attacks, king_attacks, knight_attacks, rook_attacks};
use crate::{Bitboard, Board, Color, Rank, Role, Square, MAX_MOVES};
use core::mem::MaybeUninit;

// The side to move's ranks and squares are White's (a1 is bit 56, a8 bit 0).
const RANK_1: u64 = Bitboard::RANK_1.0;
const RANK_3: u64 = Bitboard::rank(Rank::Third).0;
const RANK_8: u64 = Bitboard::RANK_8.0;

const A1: u32 = Square::A1.index() as u32;
const B1: u32 = Square::B1.index() as u32;
const C1: u32 = Square::C1.index() as u32;
const D1: u32 = Square::D1.index() as u32;
const E1: u32 = Square::E1.index() as u32;
const F1: u32 = Square::F1.index() as u32;
const G1: u32 = Square::G1.index() as u32;
const H1: u32 = Square::H1.index() as u32;

/// One rank towards the side to move's eighth.
#[inline(always)]
fn up(b: u64) -> u64 {
    Bitboard(b).forward(Color::White).0
}

/// One rank towards its first.
#[inline(always)]
fn down(b: u64) -> u64 {
    Bitboard(b).forward(Color::Black).0
}

/// One file towards h (captures that way: `up(east(..))`).
#[inline(always)]
fn east(b: u64) -> u64 {
    Bitboard(b).east().0
}

/// One file towards a.
#[inline(always)]
fn west(b: u64) -> u64 {
    Bitboard(b).west().0
}

/// The square index of each member of `set`, lowest first.
#[inline(always)]
fn each(set: u64) -> impl Iterator<Item = u32> {
    Bitboard(set).into_iter().map(|s| s.index() as u32)
}

#[inline(always)]
fn sq(i: u32) -> Square {
    Square::from_index_masked(i)
}

#[inline(always)]
fn bishop(i: u32, occupied: u64) -> u64 {
    bishop_attacks(sq(i), Bitboard(occupied)).0
}

#[inline(always)]
fn rook(i: u32, occupied: u64) -> u64 {
    rook_attacks(sq(i), Bitboard(occupied)).0
}

/// What stands on a square, as its three plane bits: bit 0 is `d`, bit 1 `o`, bit
/// 2 `x`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Code(u8);

impl Code {
    const PAWN: Code = Code(4);
    const KNIGHT: Code = Code(5);
    const BISHOP: Code = Code(1);
    const ROOK: Code = Code(2);
    const QUEEN: Code = Code(3);
    const KING: Code = Code(6);
    /// A rook whose side may still castle with it.
    const CASTLE_ROOK: Code = Code(7);

    fn of(role: Role) -> Code {
        match role {
            Role::Pawn => Code::PAWN,
            Role::Knight => Code::KNIGHT,
            Role::Bishop => Code::BISHOP,
            Role::Rook => Code::ROOK,
            Role::Queen => Code::QUEEN,
            Role::King => Code::KING,
        }
    }

    /// All ones when plane `bit` is set in this code, else zero.
    #[inline(always)]
    fn mask(self, bit: u8) -> u64 {
        0u64.wrapping_sub(u64::from((self.0 >> bit) & 1))
    }
}

/// The position from the side to move's view (see the module text).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(C, align(32))]
pub(crate) struct Quad {
    d: u64,
    o: u64,
    x: u64,
    own: u64,
}

impl Quad {
    /// The same position, when its castling is standard (else `None`).
    pub(crate) fn from_board(board: &Board) -> Option<Quad> {
        if !board.has_standard_castling() {
            return None;
        }
        let mut q = Quad {
            d: 0,
            o: 0,
            x: 0,
            own: 0,
        };
        let us = board.side_to_move();
        for square in Square::ALL {
            let Some(piece) = board.piece_on(square) else {
                continue;
            };
            q.put(square.index() as u32, Code::of(piece.role()));
            if piece.color() == us {
                q.own |= 1 << square.index();
            }
        }
        let rights = board.castling_rights();
        for (right, rook) in [
            (crate::WHITE_KING_SIDE, Square::H1),
            (crate::WHITE_QUEEN_SIDE, Square::A1),
            (crate::BLACK_KING_SIDE, Square::H8),
            (crate::BLACK_QUEEN_SIDE, Square::A8),
        ] {
            if rights & right != 0 {
                q.put(rook.index() as u32, Code::CASTLE_ROOK);
            }
        }
        if let Some(ep) = board.en_passant() {
            q.own |= 1 << ep.index();
        }
        if us == Color::Black {
            q = q.mirrored();
        }
        Some(q)
    }

    fn put(&mut self, i: u32, code: Code) {
        let bit = 1u64 << i;
        let clear = !bit;
        self.d = (self.d & clear) | (bit & code.mask(0));
        self.o = (self.o & clear) | (bit & code.mask(1));
        self.x = (self.x & clear) | (bit & code.mask(2));
    }

    #[inline(always)]
    fn mirrored(self) -> Quad {
        Quad {
            d: self.d.swap_bytes(),
            o: self.o.swap_bytes(),
            x: self.x.swap_bytes(),
            own: self.own.swap_bytes(),
        }
    }

    #[inline(always)]
    fn occupied(&self) -> u64 {
        self.d | self.o | self.x
    }
    #[inline(always)]
    fn pawns(&self) -> u64 {
        self.x & !(self.d | self.o)
    }
    #[inline(always)]
    fn knights(&self) -> u64 {
        self.x & self.d & !self.o
    }
    #[inline(always)]
    fn kings(&self) -> u64 {
        self.x & self.o & !self.d
    }
    /// Bishops and queens.
    #[inline(always)]
    fn diagonal(&self) -> u64 {
        self.d & !self.x
    }
    /// Rooks (castling ones too) and queens.
    #[inline(always)]
    fn orthogonal(&self) -> u64 {
        self.o & (self.d | !self.x)
    }
    #[inline(always)]
    fn castle_rooks(&self) -> u64 {
        self.d & self.o & self.x
    }

    /// The position after a move of the piece `code` from `from` to `to` (a capture
    /// when `to` holds an enemy piece); `gone` is any other square emptied (the pawn
    /// taken en passant), `ep` the new en-passant square (before mirroring) and
    /// `keep` the planes' mask for the castling rooks (all ones, or without the own
    /// castling rooks' `d` and `x` bits after a king move).
    #[inline(always)]
    fn after(&self, from: u64, to: u64, code: Code, gone: u64, ep: u64, keep: u64) -> Quad {
        let clear = !(from | to | gone);
        let occupied = self.occupied();
        let enemy = occupied & !self.own & clear;
        Quad {
            d: ((self.d & clear & keep) | (to & code.mask(0))).swap_bytes(),
            o: ((self.o & clear) | (to & code.mask(1))).swap_bytes(),
            x: ((self.x & clear & keep) | (to & code.mask(2))).swap_bytes(),
            own: (enemy | ep).swap_bytes(),
        }
    }

    /// The position after castling: the king from e1 to `king_to`, the rook from
    /// `rook_from` to `rook_to`, the other right gone.
    #[inline(always)]
    fn castled(&self, king_to: u32, rook_from: u32, rook_to: u32) -> Quad {
        let own_castle = self.castle_rooks() & self.own & RANK_1;
        let keep = !own_castle;
        let (k, r) = (1u64 << king_to, 1u64 << rook_to);
        let clear = !((1u64 << E1) | (1u64 << rook_from));
        let enemy = self.occupied() & !self.own;
        Quad {
            d: (self.d & clear & keep).swap_bytes(),
            o: ((self.o & clear) | k | r).swap_bytes(),
            x: ((self.x & clear & keep) | k).swap_bytes(),
            own: enemy.swap_bytes(),
        }
    }
}

/// What the generator hands out: [`Count`] adds the moves up, [`Children`] makes
/// each and passes the position on.
trait Sink {
    /// A piece of `code` on `from` moving to each square of `to`.
    fn piece(&mut self, q: &Quad, from: u32, code: Code, to: u64);
    /// The king's steps (its castling rooks lose their right).
    fn king(&mut self, q: &Quad, from: u32, to: u64);
    /// Pawns moving to each square of `to` from `back` squares behind (8 for a push,
    /// 7 or 9 for a capture); `to` never on the last rank.
    fn pawns(&mut self, q: &Quad, to: u64, back: u32);
    /// Double pushes to each square of `to`.
    fn double_pushes(&mut self, q: &Quad, to: u64);
    /// Promotions on each square of `to`, from `back` squares behind: four moves each.
    fn promotions(&mut self, q: &Quad, to: u64, back: u32);
    /// En passant from `from` to `to`.
    fn en_passant(&mut self, q: &Quad, from: u32, to: u32);
    /// Castling on the king's side (`true`) or the queen's.
    fn castle(&mut self, q: &Quad, king_side: bool);
}

/// Counts the moves.
struct Count(u64);

impl Sink for Count {
    #[inline(always)]
    fn piece(&mut self, _: &Quad, _: u32, _: Code, to: u64) {
        self.0 += u64::from(to.count_ones());
    }
    #[inline(always)]
    fn king(&mut self, _: &Quad, _: u32, to: u64) {
        self.0 += u64::from(to.count_ones());
    }
    #[inline(always)]
    fn pawns(&mut self, _: &Quad, to: u64, _: u32) {
        self.0 += u64::from(to.count_ones());
    }
    #[inline(always)]
    fn double_pushes(&mut self, _: &Quad, to: u64) {
        self.0 += u64::from(to.count_ones());
    }
    #[inline(always)]
    fn promotions(&mut self, _: &Quad, to: u64, _: u32) {
        self.0 += 4 * u64::from(to.count_ones());
    }
    #[inline(always)]
    fn en_passant(&mut self, _: &Quad, _: u32, _: u32) {
        self.0 += 1;
    }
    #[inline(always)]
    fn castle(&mut self, _: &Quad, _: bool) {
        self.0 += 1;
    }
}

/// Makes each move and hands the position after it to `F`.
struct Children<F: FnMut(&Quad)>(F);

impl<F: FnMut(&Quad)> Sink for Children<F> {
    #[inline(always)]
    fn piece(&mut self, q: &Quad, from: u32, code: Code, to: u64) {
        for t in each(to) {
            (self.0)(&q.after(1 << from, 1 << t, code, 0, 0, !0));
        }
    }
    #[inline(always)]
    fn king(&mut self, q: &Quad, from: u32, to: u64) {
        let keep = !(q.castle_rooks() & q.own & RANK_1);
        for t in each(to) {
            (self.0)(&q.after(1 << from, 1 << t, Code::KING, 0, 0, keep));
        }
    }
    #[inline(always)]
    fn pawns(&mut self, q: &Quad, to: u64, back: u32) {
        for t in each(to) {
            (self.0)(&q.after(1 << (t + back), 1 << t, Code::PAWN, 0, 0, !0));
        }
    }
    #[inline(always)]
    fn double_pushes(&mut self, q: &Quad, to: u64) {
        let their_pawns = q.pawns() & !q.own;
        for t in each(to) {
            let t = 1u64 << t;
            // The en-passant square only when an enemy pawn stands beside the
            // pawn (as `Board` keeps it), so both forms agree square for square.
            let beside = (east(t) | west(t)) & their_pawns != 0;
            let ep = (t << 8) & 0u64.wrapping_sub(u64::from(beside));
            (self.0)(&q.after(t << 16, t, Code::PAWN, 0, ep, !0));
        }
    }
    #[inline(always)]
    fn promotions(&mut self, q: &Quad, to: u64, back: u32) {
        for t in each(to) {
            for code in [Code::QUEEN, Code::ROOK, Code::BISHOP, Code::KNIGHT] {
                (self.0)(&q.after(1 << (t + back), 1 << t, code, 0, 0, !0));
            }
        }
    }
    #[inline(always)]
    fn en_passant(&mut self, q: &Quad, from: u32, to: u32) {
        let t = 1u64 << to;
        (self.0)(&q.after(1u64 << from, t, Code::PAWN, down(t), 0, !0));
    }
    #[inline(always)]
    fn castle(&mut self, q: &Quad, king_side: bool) {
        (self.0)(&if king_side {
            q.castled(G1, H1, F1)
        } else {
            q.castled(C1, A1, D1)
        });
    }
}

/// A slider's code: a queen's when it is one, else `plain`.
#[inline(always)]
fn slider_code(queens: u64, from: u32, plain: Code) -> Code {
    if queens & (1 << from) != 0 {
        Code::QUEEN
    } else {
        plain
    }
}

/// Hands `sink` the moves of the sliders in `set` along one kind of line (`attacks`,
/// the bishop's or the rook's), to the squares of `allowed`; `plain` is their code
/// unless one is among `queens` (`both` is the queens and the occupied squares).
#[inline(always)]
fn slider_moves<S: Sink>(
    q: &Quad,
    sink: &mut S,
    set: u64,
    plain: Code,
    attacks: fn(u32, u64) -> u64,
    (queens, occupied): (u64, u64),
    allowed: u64,
) {
    for from in each(set) {
        let code = slider_code(queens, from, plain);
        sink.piece(q, from, code, attacks(from, occupied) & allowed);
    }
}

/// `REACH[k]`: the squares from which a bishop (`.0`) or a rook (`.1`) on an empty
/// board attacks the king's zone: the squares next to `k` and, from e1, c1 and g1 too
/// (so every square castling crosses or reaches). A slider elsewhere cannot bear on
/// the king's moves, so the danger map leaves it out. Computed at compile time.
static REACH: [(u64, u64); 64] = {
    let mut reach = [(0u64, 0u64); 64];
    let mut k: usize = 0;
    while k < 64 {
        let (kf, kr) = (k % 8, k / 8);
        let mut t: usize = 0;
        while t < 64 {
            let (tf, tr) = (t % 8, t / 8);
            // The zone: the king's steps, and c1 and g1 from e1.
            let mut s: usize = 0;
            while s < 64 {
                let (sf, sr) = (s % 8, s / 8);
                let step = s != k && sf.abs_diff(kf) <= 1 && sr.abs_diff(kr) <= 1;
                let castling = k == E1 as usize && (s == C1 as usize || s == G1 as usize);
                if (step || castling) && t != s {
                    if sf.abs_diff(tf) == sr.abs_diff(tr) {
                        reach[k].0 |= 1 << t;
                    }
                    if sf == tf || sr == tr {
                        reach[k].1 |= 1 << t;
                    }
                }
                s += 1;
            }
            t += 1;
        }
        k += 1;
    }
    reach
};

/// From `king`'s square to each of `snipers` (enemy sliders of one kind that see the
/// king through our pieces alone): the union of the rays with exactly one of `own`
/// between, sniper included (the pin rays), and the snipers with none between (the
/// checkers).
#[inline(always)]
fn pins_and_checkers(king: u32, snipers: u64, own: u64) -> (u64, u64) {
    let (mut rays, mut checkers) = (0, 0);
    for sniper in each(snipers) {
        let ray = between(sq(king), sq(sniper)).0;
        let blockers = ray & own;
        if blockers == 0 {
            checkers |= 1 << sniper;
        } else if blockers & (blockers - 1) == 0 {
            rays |= ray | (1 << sniper);
        }
    }
    (rays, checkers)
}

/// Hands every legal move of `q` to `sink`.
#[inline(always)]
fn generate<S: Sink>(q: &Quad, sink: &mut S) {
    let occupied = q.occupied();
    let own = q.own & occupied;
    let enemy = occupied & !q.own;
    let king = (q.kings() & own).trailing_zeros();
    let their_pawns = q.pawns() & enemy;
    let their_knights = q.knights() & enemy;
    let their_diagonal = q.diagonal() & enemy;
    let their_orthogonal = q.orthogonal() & enemy;
    let their_king = (q.kings() & enemy).trailing_zeros();
    let king_bb = 1u64 << king;

    // Enemy sliders that see the king through our pieces alone: those with none of
    // ours between give check, those with one pin it.
    let (diagonal_pins, diagonal_checkers) =
        pins_and_checkers(king, bishop(king, enemy) & their_diagonal, own);
    let (orthogonal_pins, orthogonal_checkers) =
        pins_and_checkers(king, rook(king, enemy) & their_orthogonal, own);
    let checkers = (knight_attacks(sq(king)).0 & their_knights)
        | (up(east(king_bb) | west(king_bb)) & their_pawns)
        | diagonal_checkers
        | orthogonal_checkers;

    // King steps: the squares enemy pawns and the enemy king cover go set-wise;
    // the rest are tested with the king lifted off the board, one by one (two
    // slider lookups and a knight test each) or against the union of the attacks
    // of every enemy knight and of the enemy sliders that could reach the king's
    // zone ([`REACH`]), when that takes fewer lookups or castling needs it too.
    let lifted = occupied & !king_bb;
    let covered = down(east(their_pawns) | west(their_pawns)) | king_attacks(sq(their_king)).0;
    let steps = king_attacks(sq(king)).0 & !own & !covered;
    // Castling is possible at all: out of check, the king on e1, a castling rook in
    // the corner and the squares between empty.
    const KING_SIDE: u64 = (1 << F1) | (1 << G1);
    const QUEEN_SIDE: u64 = (1 << C1) | (1 << D1);
    let castle = q.castle_rooks() & own;
    let king_side = castle & (1 << H1) != 0 && occupied & KING_SIDE == 0;
    let queen_side = castle & (1 << A1) != 0 && occupied & (QUEEN_SIDE | (1 << B1)) == 0;
    let may_castle = (king_side || queen_side) && checkers == 0 && king == E1;
    let mut legal = 0;
    let mut danger = 0;
    let (near_diagonal, near_orthogonal) = REACH[king as usize];
    let (near_diagonal, near_orthogonal) = (
        their_diagonal & near_diagonal,
        their_orthogonal & near_orthogonal,
    );
    if may_castle
        || steps & steps.wrapping_sub(1) != 0
            && near_diagonal.count_ones() + near_orthogonal.count_ones() < 2 * steps.count_ones()
    {
        for from in each(near_diagonal) {
            danger |= bishop(from, lifted);
        }
        for from in each(near_orthogonal) {
            danger |= rook(from, lifted);
        }
        for from in each(their_knights) {
            danger |= knight_attacks(sq(from)).0;
        }
        legal = steps & !danger;
    } else {
        for to in each(steps) {
            let attackers = (knight_attacks(sq(to)).0 & their_knights)
                | (bishop(to, lifted) & their_diagonal)
                | (rook(to, lifted) & their_orthogonal);
            legal |= u64::from(attackers == 0) << to;
        }
    }
    sink.king(q, king, legal);
    if checkers & checkers.wrapping_sub(1) != 0 {
        return; // double check
    }

    let target = !own
        & if checkers == 0 {
            !0
        } else {
            between(sq(king), sq(checkers.trailing_zeros())).0 | checkers
        };

    let pinned_diagonally = own & diagonal_pins;
    let pinned_orthogonally = own & orthogonal_pins;
    let pinned = pinned_diagonally | pinned_orthogonally;

    // Pawns.
    let pawns = q.pawns() & own;
    let free = pawns & !pinned;
    let empty = !occupied;
    let single = (up(free) | (up(pawns & pinned_orthogonally) & orthogonal_pins)) & empty;
    let double = up(single & RANK_3) & empty & target;
    let single = single & target;
    let takes = |toward: fn(u64) -> u64| {
        (up(toward(free)) & enemy | up(toward(pawns & pinned_diagonally)) & enemy & diagonal_pins)
            & target
    };
    let east_takes = takes(east);
    let west_takes = takes(west);
    sink.pawns(q, single & !RANK_8, 8);
    sink.double_pushes(q, double);
    sink.pawns(q, east_takes & !RANK_8, 7);
    sink.pawns(q, west_takes & !RANK_8, 9);
    if (single | east_takes | west_takes) & RANK_8 != 0 {
        sink.promotions(q, single & RANK_8, 8);
        sink.promotions(q, east_takes & RANK_8, 7);
        sink.promotions(q, west_takes & RANK_8, 9);
    }
    let ep = q.own & empty;
    if ep != 0 {
        let taken = down(ep);
        for f in each(down(east(ep) | west(ep)) & pawns) {
            let after = (occupied & !(1u64 << f) & !taken) | ep;
            let exposed =
                (bishop(king, after) & their_diagonal) | (rook(king, after) & their_orthogonal);
            let other_checkers = checkers & !taken & !(their_diagonal | their_orthogonal);
            if exposed == 0 && other_checkers == 0 {
                sink.en_passant(q, f, ep.trailing_zeros());
            }
        }
    }

    // Knights (a pinned knight never moves).
    for from in each(q.knights() & own & !pinned) {
        sink.piece(q, from, Code::KNIGHT, knight_attacks(sq(from)).0 & target);
    }
    // Sliders: a queen is walked twice, once per kind of line. Pinned ones (rare)
    // in a loop of their own, kept to their pin rays.
    let queens = q.d & q.o & !q.x;
    let diagonal = q.diagonal() & own;
    let orthogonal = q.orthogonal() & own;
    let both = (queens, occupied);
    slider_moves(
        q,
        sink,
        diagonal & !pinned,
        Code::BISHOP,
        bishop,
        both,
        target,
    );
    slider_moves(
        q,
        sink,
        orthogonal & !pinned,
        Code::ROOK,
        rook,
        both,
        target,
    );
    if pinned != 0 {
        let (d, o) = (target & diagonal_pins, target & orthogonal_pins);
        slider_moves(
            q,
            sink,
            diagonal & pinned_diagonally,
            Code::BISHOP,
            bishop,
            both,
            d,
        );
        slider_moves(
            q,
            sink,
            orthogonal & pinned_orthogonally,
            Code::ROOK,
            rook,
            both,
            o,
        );
    }

    // Castling, when possible at all (above) and the king's path is not attacked.
    // `danger` holds the attacks of every enemy knight and of every enemy slider
    // that could reach e1's zone, c1 to g1 included (seen through the lifted king,
    // which only matters for a slider that would be giving check).
    if may_castle {
        let attacked = danger | covered;
        if king_side && attacked & KING_SIDE == 0 {
            sink.castle(q, true);
        }
        if queen_side && attacked & QUEEN_SIDE == 0 {
            sink.castle(q, false);
        }
    }
}

/// The number of legal moves.
#[inline(always)]
pub(crate) fn count(q: &Quad) -> u64 {
    let mut sink = Count(0);
    generate(q, &mut sink);
    sink.0
}

/// The leaves `depth` plies below `q` (`depth` at least 2).
pub(crate) fn perft(q: &Quad, depth: u32) -> u64 {
    let mut nodes = 0;
    if depth == 2 {
        nodes = two_plies(q);
    } else {
        generate(
            q,
            &mut Children(|child: &Quad| nodes += perft(child, depth - 1)),
        );
    }
    nodes
}

/// The leaves two plies below `q`. The positions one ply below are made into a list
/// first and counted after: the generator's loop and the counting loop then each run
/// on their own: 6–12 % less time on five of the six CPW positions (the sixth,
/// position 5 at depth 5, is too short to tell; native x86-64, medians of three), for
/// 8 KiB of stack.
#[inline(always)]
fn two_plies(q: &Quad) -> u64 {
    let mut list = [MaybeUninit::<Quad>::uninit(); MAX_MOVES];
    let mut n = 0;
    generate(
        q,
        &mut Children(|child: &Quad| {
            list[n] = MaybeUninit::new(*child);
            n += 1;
        }),
    );
    list[..n]
        .iter()
        // SAFETY: the first `n` entries were written just above.
        .map(|child| count(unsafe { child.assume_init_ref() }))
        .sum()
}

/// Hands each position one legal move below `q` to `visit` (for tests).
#[cfg(test)]
pub(crate) fn perft_children(q: &Quad, visit: impl FnMut(&Quad)) {
    generate(q, &mut Children(visit));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reach_is_the_union_of_the_empty_board_lines_through_the_kings_zone() {
        for k in 0..64u32 {
            let mut zone = king_attacks(sq(k)).0;
            if k == E1 {
                zone |= (1 << C1) | (1 << G1);
            }
            let (mut diagonal, mut orthogonal) = (0, 0);
            for s in each(zone) {
                diagonal |= bishop(s, 0);
                orthogonal |= rook(s, 0);
            }
            assert_eq!(
                REACH[k as usize],
                (diagonal, orthogonal),
                "king on {:?}",
                sq(k)
            );
        }
    }
}
