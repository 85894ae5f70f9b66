//! Kirin's plain magic layout: `[64][4096]` rook and `[64][512]` bishop rows.
//!
//! Index: [`MagicEntry::index`](crate::tables::MagicEntry::index), into the square's
//! fixed-size row.

use crate::tables::{BISHOP_MAGICS, BISHOP_PLAIN, ROOK_MAGICS, ROOK_PLAIN};
use crate::{Bitboard, Square};

/// This backend's name, as [`BACKEND`](super::BACKEND) reports it when selected.
pub const NAME: &str = "plain";

/// Returns the squares a rook on `sq` attacks (plain magic layout).
#[inline(always)]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let index = ROOK_MAGICS[sq.index()].index(occupied.0);
    Bitboard(ROOK_PLAIN[sq.index() * 4096 + (index & 4095)])
}

/// Returns the squares a bishop on `sq` attacks (plain magic layout).
#[inline(always)]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let index = BISHOP_MAGICS[sq.index()].index(occupied.0);
    Bitboard(BISHOP_PLAIN[sq.index() * 512 + (index & 511)])
}

/// Returns the squares a queen on `sq` attacks (plain magic layout).
#[inline(always)]
pub fn queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    rook_attacks(sq, occupied) | bishop_attacks(sq, occupied)
}
