//! The compact ("fancy") magic layout: one shared table, a row of up to `2^n` entries
//! per square at a per-square offset (Pradyumna Kannan's layout; 107,648 entries at
//! full width, fewer with hunted magics, and a row ends at the last slot a subset
//! reaches: docs/design.md §3).

use crate::tables::{BISHOP_MAGICS, ROOK_MAGICS, SLIDER_ATTACKS};
use crate::{Bitboard, Square};

/// This backend's name, as [`BACKEND`](super::BACKEND) reports it when selected.
pub const NAME: &str = "compact";

/// `m` is always an entry of `ROOK_MAGICS` or `BISHOP_MAGICS`.
#[inline(always)]
fn lookup(m: &crate::tables::MagicEntry, occupied: Bitboard) -> Bitboard {
    let i = m.offset + m.index(occupied.0);
    // SAFETY: `index` shifts a u64 right by `m.shift`, so it is below
    // `2^(64 - m.shift)`; `tables.rs` asserts at compile time (`rows_fit`) that every
    // rook and bishop entry has a shift from 1 to 63 and `offset + 2^(64 - shift)` at
    // most `SLIDER_ATTACKS_LEN`. Skipping the bounds check is worth about 3 % in
    // random lookups (bench/benches/lookup_peers.rs).
    Bitboard(unsafe { *SLIDER_ATTACKS.get_unchecked(i) })
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
