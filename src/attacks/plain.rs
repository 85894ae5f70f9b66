//! Kirin's plain magic layout: `[64][4096]` rook and `[64][512]` bishop rows.
//!
//! Index: `((occupied & mask) * magic) >> shift`, into the square's fixed-size row.

use crate::tables::{BISHOP_MAGICS, BISHOP_PLAIN, ROOK_MAGICS, ROOK_PLAIN};
use crate::{Bitboard, Square};

/// Returns the squares a rook on `sq` attacks (plain magic layout).
#[inline(always)]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let m = &ROOK_MAGICS[sq.index()];
    let index = ((occupied.0 & m.mask).wrapping_mul(m.magic) >> m.shift) as usize;
    Bitboard(ROOK_PLAIN[sq.index() * 4096 + (index & 4095)])
}

/// Returns the squares a bishop on `sq` attacks (plain magic layout).
#[inline(always)]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let m = &BISHOP_MAGICS[sq.index()];
    let index = ((occupied.0 & m.mask).wrapping_mul(m.magic) >> m.shift) as usize;
    Bitboard(BISHOP_PLAIN[sq.index() * 512 + (index & 511)])
}

/// Returns the squares a queen on `sq` attacks (plain magic layout).
#[inline(always)]
pub fn queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    rook_attacks(sq, occupied) | bishop_attacks(sq, occupied)
}
