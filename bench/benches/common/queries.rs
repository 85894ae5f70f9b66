//! The slider-lookup query sets the attacks and lookup_peers benches share, and the
//! checksum both fold their answers into.

use wingtip::{Bitboard, Square};

/// Queries in the random set.
pub const QUERIES: usize = 4096;

/// Fixed queries: SplitMix64 from seed 1, occupancies with about a quarter of the
/// squares set (like a middlegame board).
pub fn queries() -> Vec<(Square, Bitboard)> {
    let mut state = 1u64;
    let mut next = || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    (0..QUERIES)
        .map(|_| {
            (
                Square::from_index_masked(next() as u32),
                Bitboard(next() & next()),
            )
        })
        .collect()
}

/// Real-board queries: every occupied square of every perft-suite position.
pub fn position_queries() -> Vec<(Square, Bitboard)> {
    include_str!("../../../wingtip/tests/data/perftsuite.epd")
        .lines()
        .filter_map(|l| wingtip::Board::from_fen(l.split(';').next()?.trim()).ok())
        .flat_map(|b| b.occupied().into_iter().map(move |sq| (sq, b.occupied())))
        .collect()
}

/// One step of the checksum every lookup bench folds its answers into: a rook and a
/// bishop attack set per query.
#[inline(always)]
pub fn fold(acc: u64, rook: u64, bishop: u64) -> u64 {
    acc.wrapping_mul(3)
        .wrapping_add(rook ^ bishop.rotate_left(7))
}
