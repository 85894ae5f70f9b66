//! BMI2 `pext` indexing (only on targets compiled with the `bmi2` feature).
//!
//! Rook and bishop read a compact table in pext order (`PEXT_ATTACKS`, a row of
//! `2^popcount(mask)` entries per square). The line functions read the very same
//! kindergarten tables as [`super::kindergarten`], since each line magic is an exact
//! gather: `pext` computes the identical index without the multiply.

use crate::tables::{
    LineEntry, ANTI_MAGICS, BISHOP_MAGICS, DIAG_MAGICS, FILE_MAGICS, LINE_ATTACKS, PEXT_ATTACKS,
    PEXT_OFFSETS, RANK_MAGICS, ROOK_MAGICS,
};
use crate::{Bitboard, Square};

/// This backend's name, as [`BACKEND`](super::BACKEND) reports it when selected.
pub const NAME: &str = "pext";

#[inline(always)]
fn pext(value: u64, mask: u64) -> u64 {
    // SAFETY: this module only compiles when the target has BMI2
    // (`cfg(target_feature = "bmi2")` on its declaration), so the instruction exists.
    unsafe { core::arch::x86_64::_pext_u64(value, mask) }
}

/// Reads row `row` of `PEXT_ATTACKS` (rook a8..h1 = 0..64, bishop = 64..128) at
/// `pext(occupied, mask)`; `mask` is always that row's square's rook or bishop mask.
#[inline(always)]
fn lookup(row: usize, mask: u64, occupied: Bitboard) -> Bitboard {
    let i = PEXT_OFFSETS[row] as usize + pext(occupied.0, mask) as usize;
    // SAFETY: `pext(_, mask)` has at most `popcount(mask)` bits, so it is below
    // `2^popcount(mask)`; `tables.rs` asserts at compile time (`pext_rows_fit`) that
    // every row's offset plus `2^popcount(mask)` is at most `PEXT_ATTACKS_LEN`.
    Bitboard(unsafe { *PEXT_ATTACKS.get_unchecked(i) })
}

/// Returns the squares a rook on `sq` attacks (pext layout).
#[inline(always)]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    lookup(sq.index(), ROOK_MAGICS[sq.index()].mask, occupied)
}

/// Returns the squares a bishop on `sq` attacks (pext layout).
#[inline(always)]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    lookup(64 + sq.index(), BISHOP_MAGICS[sq.index()].mask, occupied)
}

/// Returns the squares a queen on `sq` attacks (pext layout).
#[inline(always)]
pub fn queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    rook_attacks(sq, occupied) | bishop_attacks(sq, occupied)
}

#[inline(always)]
fn line(table: usize, entries: &[LineEntry; 64], sq: Square, occupied: Bitboard) -> Bitboard {
    let index = pext(occupied.0, entries[sq.index()].mask) as usize & 63;
    Bitboard(LINE_ATTACKS[table * 4096 + sq.index() * 64 + index])
}

/// Returns the attacks along the rank of `sq` (pext into the kindergarten table).
#[inline(always)]
pub fn rank_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    line(0, &RANK_MAGICS, sq, occupied)
}

/// Returns the attacks along the file of `sq`.
#[inline(always)]
pub fn file_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    line(1, &FILE_MAGICS, sq, occupied)
}

/// Returns the attacks along the a1–h8-direction diagonal through `sq`.
#[inline(always)]
pub fn diag_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    line(2, &DIAG_MAGICS, sq, occupied)
}

/// Returns the attacks along the a8–h1-direction anti-diagonal through `sq`.
#[inline(always)]
pub fn anti_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    line(3, &ANTI_MAGICS, sq, occupied)
}
