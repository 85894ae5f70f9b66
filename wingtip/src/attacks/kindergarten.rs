//! Winglet-style kindergarten lines: four `[64][64]` tables (rank, file, diagonal,
//! anti-diagonal), indexed by `((occupied & mask) * magic) >> 57`.
//!
//! Every line magic keeps the product's sign bit clear and is an exact gather, so
//! the index equals `pext(occupied, mask)` and the same tables serve the `pext`
//! backend. Rook = rank | file, bishop = diag | anti.

use crate::tables::{LineEntry, ANTI_MAGICS, DIAG_MAGICS, FILE_MAGICS, LINE_ATTACKS, RANK_MAGICS};
use crate::{Bitboard, Square};

/// This backend's name, as [`BACKEND`](super::BACKEND) reports it when selected.
pub const NAME: &str = "kindergarten";

#[inline(always)]
fn lookup(table: usize, entries: &[LineEntry; 64], sq: Square, occupied: Bitboard) -> Bitboard {
    let index = entries[sq.index()].index(occupied.0);
    Bitboard(LINE_ATTACKS[table * 4096 + sq.index() * 64 + index])
}

/// Returns the attacks along the rank of `sq`.
#[inline(always)]
pub fn rank_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    lookup(0, &RANK_MAGICS, sq, occupied)
}

/// Returns the attacks along the file of `sq`.
#[inline(always)]
pub fn file_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    lookup(1, &FILE_MAGICS, sq, occupied)
}

/// Returns the attacks along the a1–h8-direction diagonal through `sq`.
#[inline(always)]
pub fn diag_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    lookup(2, &DIAG_MAGICS, sq, occupied)
}

/// Returns the attacks along the a8–h1-direction anti-diagonal through `sq`.
#[inline(always)]
pub fn anti_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    lookup(3, &ANTI_MAGICS, sq, occupied)
}

/// Returns the squares a rook on `sq` attacks (rank | file).
#[inline(always)]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    rank_attacks(sq, occupied) | file_attacks(sq, occupied)
}

/// Returns the squares a bishop on `sq` attacks (diag | anti).
#[inline(always)]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    diag_attacks(sq, occupied) | anti_attacks(sq, occupied)
}

/// Returns the squares a queen on `sq` attacks.
#[inline(always)]
pub fn queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    rook_attacks(sq, occupied) | bishop_attacks(sq, occupied)
}
