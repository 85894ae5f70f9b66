//! The fixed-shift magic layout: the compact layout (one shared table, a row per
//! square at a per-square offset) with magics found for one index width per piece,
//! 12 bits for rooks and 9 for bishops, so the index shift is a constant
//! (docs/design.md §2). Without BMI2's `shrx`, x86-64 shifts by a register count
//! with `shr r64, cl`, two micro-operations; an immediate shift is one.

use crate::tables::{
    MagicEntry, BISHOP_FIXED_MAGICS, BISHOP_FIXED_SHIFT, FIXED_ATTACKS, ROOK_FIXED_MAGICS,
    ROOK_FIXED_SHIFT,
};
use crate::{Bitboard, Square};

/// This backend's name, as [`BACKEND`](super::BACKEND) reports it when selected.
pub const NAME: &str = "fixed";

/// `m` is an entry of `ROOK_FIXED_MAGICS` (with `SHIFT` = `ROOK_FIXED_SHIFT`) or of
/// `BISHOP_FIXED_MAGICS` (with `BISHOP_FIXED_SHIFT`).
#[inline(always)]
fn lookup<const SHIFT: u32>(m: &MagicEntry, occupied: Bitboard) -> Bitboard {
    let i = m.offset + ((occupied.0 & m.mask).wrapping_mul(m.magic) >> SHIFT) as usize;
    // SAFETY: the index is below `2^(64 - SHIFT)`; `tables.rs` asserts at compile
    // time that every fixed-shift entry has this very shift (`all_shifts`) and that
    // `offset + 2^(64 - shift)` is at most `FIXED_ATTACKS_LEN` (`rows_fit`).
    Bitboard(unsafe { *FIXED_ATTACKS.get_unchecked(i) })
}

/// Returns the squares a rook on `sq` attacks (fixed-shift magic layout).
#[inline(always)]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    lookup::<ROOK_FIXED_SHIFT>(&ROOK_FIXED_MAGICS[sq.index()], occupied)
}

/// Returns the squares a bishop on `sq` attacks (fixed-shift magic layout).
#[inline(always)]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    lookup::<BISHOP_FIXED_SHIFT>(&BISHOP_FIXED_MAGICS[sq.index()], occupied)
}

/// Returns the squares a queen on `sq` attacks (fixed-shift magic layout).
#[inline(always)]
pub fn queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    rook_attacks(sq, occupied) | bishop_attacks(sq, occupied)
}
