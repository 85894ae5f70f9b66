//! Criterion perft benches on the six CPW positions (bulk counting at the last ply).
//!
//! Run with `cargo bench --manifest-path bench/Cargo.toml --bench perft`. Every run first asserts the node count, so a
//! broken move generator cannot look fast. The side-by-side comparison with other
//! move generators is `benches/perft_peers.rs`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use wingtip::{perft, Board};

/// The six CPW perft positions with a depth of roughly 1–10 million leaves.
const POSITIONS: [(&str, &str, u32, u64); 6] = [
    (
        "startpos",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        5,
        4_865_609,
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        4,
        4_085_603,
    ),
    (
        "pos3",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        6,
        11_030_083,
    ),
    (
        "pos4",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        5,
        15_833_292,
    ),
    (
        "pos5",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        4,
        2_103_487,
    ),
    (
        "pos6",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        4,
        3_894_594,
    ),
];

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for (name, fen, depth, nodes) in POSITIONS {
        let board = Board::from_fen(fen).unwrap();
        assert_eq!(perft(&board, depth), nodes, "{name}");
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("{name}/d{depth}"), |b| {
            b.iter(|| perft(criterion::black_box(&board), depth))
        });
    }
    group.finish();
}

criterion_group!(benches, bench_perft);
criterion_main!(benches);
