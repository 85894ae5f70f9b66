//! Perft on the two EPD suites (`tests/data/cpw.epd`, `tests/data/perftsuite.epd`,
//! copies of the shared suites whose counts were checked against Stockfish).
//!
//! Plain `cargo test` runs every position up to a node budget; the `#[ignore]`d
//! tests run every depth listed, the four CPW counts above 10^9 nodes (about 21 ×
//! 10^9 in all) included (`cargo test --release --test perft -- --ignored`: 46 s on
//! the 2-core development machine).

mod common;

use common::parse_epd as parse;
use wingtip::{perft, perft_divide, Board};

const CPW: &str = include_str!("data/cpw.epd");
const SUITE: &str = include_str!("data/perftsuite.epd");

/// Runs every entry of `suite` at each depth whose count is at most `budget`.
fn run(suite: &'static str, budget: u64) -> u64 {
    let mut total = 0;
    for entry in parse(suite) {
        let board = Board::from_fen(entry.fen).unwrap_or_else(|e| panic!("{}: {e}", entry.fen));
        for &(depth, expected) in &entry.counts {
            if expected > budget {
                continue;
            }
            let got = perft(&board, depth);
            assert_eq!(got, expected, "{} depth {depth}", entry.fen);
            total += got;
        }
    }
    total
}

fn budget() -> u64 {
    // Debug builds are ~30x slower than release.
    if cfg!(debug_assertions) {
        200_000
    } else {
        5_000_000
    }
}

#[test]
fn cpw_shallow() {
    assert!(run(CPW, budget()) > 0);
}

#[test]
fn perftsuite_shallow() {
    assert!(run(SUITE, budget()) > 0);
}

#[test]
#[ignore = "deep: run in release with --ignored"]
fn cpw_deep() {
    run(CPW, u64::MAX);
}

#[test]
#[ignore = "deep: run in release with --ignored"]
fn perftsuite_deep() {
    run(SUITE, u64::MAX);
}

#[test]
fn divide_sums_to_perft() {
    let board =
        Board::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
            .unwrap();
    let mut sum = 0;
    let mut n = 0;
    let total = perft_divide(&board, 3, |_, nodes| {
        sum += nodes;
        n += 1;
    });
    assert_eq!(total, 97_862);
    assert_eq!(sum, total);
    assert_eq!(n, 48);
}
