//! The compact ("fancy") magic layout: one shared table, a row of `2^n` entries per
//! square at a per-square offset (Pradyumna Kannan's layout; 107,648 entries at full
//! width, fewer with hunted magics).

use crate::tables::{BISHOP_MAGICS, ROOK_MAGICS, SLIDER_ATTACKS};
use crate::{Bitboard, Square};

/// This backend's name, as [`BACKEND`](super::BACKEND) reports it when selected.
pub const NAME: &str = "compact";

#[inline(always)]
fn lookup(m: &crate::tables::MagicEntry, occupied: Bitboard) -> Bitboard {
    Bitboard(SLIDER_ATTACKS[m.offset as usize + m.index(occupied.0)])
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
