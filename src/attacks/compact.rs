//! The compact ("fancy") magic layout: one shared table, a row of `2^n` entries per
//! square at a per-square offset (Pradyumna Kannan's layout; 107,648 entries at full
//! width, fewer with hunted magics).

use crate::tables::{BISHOP_MAGICS, ROOK_MAGICS, SLIDER_ATTACKS};
use crate::{Bitboard, Square};

#[inline(always)]
fn lookup(m: &crate::tables::MagicEntry, occupied: Bitboard) -> Bitboard {
    let index = ((occupied.0 & m.mask).wrapping_mul(m.magic) >> m.shift) as usize;
    Bitboard(SLIDER_ATTACKS[m.offset as usize + index])
}

/// Returns the squares a rook on `sq` attacks (compact magic layout).
#[inline(always)]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    lookup(&ROOK_MAGICS[sq.index()], occupied)
}

/// Returns the squares a bishop on `sq` attacks (compact magic layout).
#[inline(always)]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    lookup(&BISHOP_MAGICS[sq.index()], occupied)
}

/// Returns the squares a queen on `sq` attacks (compact magic layout).
#[inline(always)]
pub fn queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    rook_attacks(sq, occupied) | bishop_attacks(sq, occupied)
}
