//! The search's incremental network evaluation against the from-scratch one.
//!
//! When a network is built in (the full evaluation or a correction), the searcher keeps
//! each ply's first-layer sums and updates them from the pieces a move changes; in builds with
//! debug assertions every such evaluation is compared with [`eval::evaluate`], which
//! sums from the board. The committed network decides which path is compiled, so CI also
//! builds this test with small networks under test, one of each kind (the third with
//! eight output buckets chosen by the piece count):
//!
//! ```text
//! WINGTIP_NET=tests/data/full16_squared.bin cargo test --test net_search
//! WINGTIP_NET=tests/data/corr16_squared.bin cargo test --test net_search
//! WINGTIP_NET=tests/data/full16_squared_buckets8.bin cargo test --test net_search
//! ```

use core::sync::atomic::AtomicBool;
use wingtip::eval::{self, net};
use wingtip::search::{ContinuationHistory, Limits, NoHooks, Searcher, TtEntry};
use wingtip::Board;

const POSITIONS: [&str; 6] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    // En passant, promotions and castling on the path.
    "r3k2r/1P4P1/8/3pP3/8/8/p5p1/R3K2R w KQkq d6 0 1",
];

#[test]
fn searches_evaluate_incrementally_as_from_scratch() {
    let table = vec![TtEntry::EMPTY; 1 << 14];
    let mut cont: Box<ContinuationHistory> =
        vec![[0; 768]; 768].into_boxed_slice().try_into().unwrap();
    let mut searcher = Box::new(Searcher::new());
    let stop = AtomicBool::new(false);
    let mut nodes = 0;
    for fen in POSITIONS {
        let board = Board::from_fen(fen).unwrap();
        for depth in [1, 6] {
            let limits = Limits {
                depth,
                nodes: 60_000,
                ..Limits::NONE
            };
            let r = searcher.search_with_continuation(
                &board,
                &[],
                &table,
                &mut cont,
                &limits,
                &stop,
                &mut NoHooks,
            );
            assert!(r.best_move.is_some(), "{fen}");
            nodes += r.nodes;
        }
    }
    // Depth 6 from six positions reaches well past the table's stored evaluations.
    assert!(nodes > 10_000, "{nodes}");
    if net::FULL {
        // Not vacuous: this build's evaluation is the network's.
        let b = Board::from_fen(POSITIONS[1]).unwrap();
        assert_eq!(
            eval::evaluate(&b),
            net::correction(&net::NET, &b).clamp(-net::LIMIT, net::LIMIT)
        );
    } else if net::ACTIVE {
        let b = Board::from_fen(POSITIONS[1]).unwrap();
        assert_eq!(
            eval::evaluate(&b),
            eval::hand_crafted(&b) + net::correction(&net::NET, &b)
        );
    }
}
