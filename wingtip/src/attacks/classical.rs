//! A table-free baseline: Michael Hoffmann's obstruction difference
//! (chessprogramming wiki, "Obstruction Difference"). For a line through `sq`, the
//! nearest blocker below is isolated with a leading-zero count and the nearest one
//! above with the `u ^ (u - x)` borrow trick, which works for ranks, files and both
//! diagonals alike.
//!
//! No table is read: the line masks are computed from the square's coordinates.

use crate::{Bitboard, Square};

/// This backend's name, as [`BACKEND`](super::BACKEND) reports it when selected.
pub const NAME: &str = "classical";

/// h8 … a1 (row + file = 7 in a8 = 0 numbering).
const DIAG_MAIN: u64 = 0x0102_0408_1020_4080;
/// a8 … h1 (row − file = 0).
const ANTI_MAIN: u64 = 0x8040_2010_0804_0201;

#[inline(always)]
fn shift_rows(bb: u64, rows: i32) -> u64 {
    if rows >= 0 {
        bb << (8 * rows)
    } else {
        bb >> (-8 * rows)
    }
}

#[inline(always)]
fn hyperbola(sq: Square, occupied: u64, line: u64) -> u64 {
    let s = 1u64 << sq.index();
    let lower = line & (s - 1);
    let upper = line & !(s | (s - 1));
    // The nearest blocker below `sq` (bit 0 stands in when there is none) …
    let below = 0x8000_0000_0000_0000u64 >> ((occupied & lower) | 1).leading_zeros();
    // … and the borrow runs from it up to and including the nearest blocker above.
    let above = occupied & upper;
    (above ^ above.wrapping_sub(below)) & (lower | upper)
}

/// Returns the attacks along the rank of `sq`.
#[inline(always)]
pub fn rank_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    Bitboard(hyperbola(sq, occupied.0, 0xFF << (sq.index() & 56)))
}

/// Returns the attacks along the file of `sq`.
#[inline(always)]
pub fn file_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    Bitboard(hyperbola(
        sq,
        occupied.0,
        Bitboard::FILE_A.0 << (sq.index() & 7),
    ))
}

/// Returns the attacks along the a1–h8-direction diagonal through `sq`.
#[inline(always)]
pub fn diag_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let (row, file) = ((sq.index() >> 3) as i32, (sq.index() & 7) as i32);
    Bitboard(hyperbola(
        sq,
        occupied.0,
        shift_rows(DIAG_MAIN, row + file - 7),
    ))
}

/// Returns the attacks along the a8–h1-direction anti-diagonal through `sq`.
#[inline(always)]
pub fn anti_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let (row, file) = ((sq.index() >> 3) as i32, (sq.index() & 7) as i32);
    Bitboard(hyperbola(sq, occupied.0, shift_rows(ANTI_MAIN, row - file)))
}

/// Returns the squares a rook on `sq` attacks (no table).
#[inline(always)]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    rank_attacks(sq, occupied) | file_attacks(sq, occupied)
}

/// Returns the squares a bishop on `sq` attacks (no table).
#[inline(always)]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    diag_attacks(sq, occupied) | anti_attacks(sq, occupied)
}

/// Returns the squares a queen on `sq` attacks (no table).
#[inline(always)]
pub fn queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    rook_attacks(sq, occupied) | bishop_attacks(sq, occupied)
}
