//! Slider lookup speed of every backend, and what zero-init saves.
//!
//! `cargo bench --manifest-path bench/Cargo.toml --bench attacks` (add `RUSTFLAGS="-C target-cpu=native"` for the
//! `pext` backend). Each iteration answers one rook and one bishop query for each of
//! 4,096 fixed pseudo-random (square, occupancy) pairs; criterion's throughput line
//! gives lookups per second (ns per rook+bishop pair = 1e9 / throughput). Every run
//! asserts a checksum against the table-free reference first, so a broken lookup
//! cannot look fast.
//!
//! `lookup_positions` asks the same questions for real boards instead: for each of
//! the 126 positions of `tests/data/perftsuite.epd` and each occupied square, one
//! rook and one bishop lookup with that board's occupancy (rows repeat as they do in
//! a search, so caches behave as in an engine; the random set is the worst case).
//!
//! The `lazy` group builds the compact magic table at run time behind
//! `once_cell::sync::Lazy`, the way engines with an `init()` do: `lazy/steady` is the
//! per-lookup cost once built, `lazy/first_access` the one-off cost of the first
//! lookup (the table build) that wingtip's static tables avoid.

use criterion::{black_box, criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use once_cell::sync::Lazy;
use wingtip::attacks::{classical, compact, kindergarten, plain};
use wingtip::tables::{BISHOP_MAGICS, ROOK_MAGICS};
use wingtip::{Bitboard, Square};

#[allow(dead_code)] // the perft helpers
mod common;
use common::queries::{fold, position_queries, queries};

type Lookup = fn(Square, Bitboard) -> Bitboard;

#[inline(always)]
fn run(qs: &[(Square, Bitboard)], rook: Lookup, bishop: Lookup) -> u64 {
    qs.iter().fold(0u64, |acc, &(sq, occ)| {
        fold(acc, rook(sq, occ).0, bishop(sq, occ).0)
    })
}

/// A runtime-initialised compact table, as an engine with an `init()` would build it.
struct RuntimeTables {
    table: Vec<u64>,
}

fn build_runtime_tables() -> RuntimeTables {
    let mut table = vec![0u64; wingtip::tables::SLIDER_ATTACKS_LEN];
    for (entries, attacks) in [
        (&ROOK_MAGICS, classical::rook_attacks as Lookup),
        (&BISHOP_MAGICS, classical::bishop_attacks as Lookup),
    ] {
        for (sq, e) in Square::ALL.into_iter().zip(entries.iter()) {
            let mut o = 0u64;
            loop {
                let index = (o.wrapping_mul(e.magic) >> e.shift) as usize;
                table[e.offset + index] = attacks(sq, Bitboard(o)).0;
                o = o.wrapping_sub(e.mask) & e.mask;
                if o == 0 {
                    break;
                }
            }
        }
    }
    RuntimeTables { table }
}

static LAZY: Lazy<RuntimeTables> = Lazy::new(build_runtime_tables);

fn lazy_rook(sq: Square, occ: Bitboard) -> Bitboard {
    let e = &ROOK_MAGICS[sq.index()];
    Bitboard(LAZY.table[e.offset + ((occ.0 & e.mask).wrapping_mul(e.magic) >> e.shift) as usize])
}

fn lazy_bishop(sq: Square, occ: Bitboard) -> Bitboard {
    let e = &BISHOP_MAGICS[sq.index()];
    Bitboard(LAZY.table[e.offset + ((occ.0 & e.mask).wrapping_mul(e.magic) >> e.shift) as usize])
}

/// Benchmarks one backend with direct (inlinable) calls, after checking its answers.
macro_rules! bench_backend {
    ($group:expr, $qs:expr, $expected:expr, $name:literal, $rook:path, $bishop:path) => {{
        assert_eq!(
            run($qs, $rook, $bishop),
            $expected,
            concat!($name, " gives wrong attacks")
        );
        $group.bench_function($name, |b| {
            b.iter(|| {
                black_box($qs).iter().fold(0u64, |acc, &(sq, occ)| {
                    fold(acc, $rook(sq, occ).0, $bishop(sq, occ).0)
                })
            })
        });
    }};
}

/// The loop without a lookup: what the harness itself costs per element.
#[inline(always)]
fn no_lookup(sq: Square, occ: Bitboard) -> Bitboard {
    Bitboard(occ.0 ^ sq.index() as u64)
}

fn lookups(c: &mut Criterion) {
    lookup_group(c, "lookup", &queries());
    lookup_group(c, "lookup_positions", &position_queries());
}

fn lookup_group(c: &mut Criterion, group_name: &str, qs: &[(Square, Bitboard)]) {
    let expected = run(
        qs,
        |s, o| {
            Bitboard(wingtip_codegen::reference::rook_attacks(
                s.index() as u8,
                o.0,
            ))
        },
        |s, o| {
            Bitboard(wingtip_codegen::reference::bishop_attacks(
                s.index() as u8,
                o.0,
            ))
        },
    );
    let mut group = c.benchmark_group(group_name);
    group.throughput(Throughput::Elements(qs.len() as u64));
    bench_backend!(
        group,
        qs,
        expected,
        "plain",
        plain::rook_attacks,
        plain::bishop_attacks
    );
    bench_backend!(
        group,
        qs,
        expected,
        "compact",
        compact::rook_attacks,
        compact::bishop_attacks
    );
    bench_backend!(
        group,
        qs,
        expected,
        "kindergarten",
        kindergarten::rook_attacks,
        kindergarten::bishop_attacks
    );
    bench_backend!(
        group,
        qs,
        expected,
        "classical",
        classical::rook_attacks,
        classical::bishop_attacks
    );
    #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
    bench_backend!(
        group,
        qs,
        expected,
        "pext",
        wingtip::attacks::pext::rook_attacks,
        wingtip::attacks::pext::bishop_attacks
    );
    bench_backend!(
        group,
        qs,
        expected,
        "default",
        wingtip::rook_attacks,
        wingtip::bishop_attacks
    );
    // Loop overhead: the same fold over a trivial function (no checksum to match).
    group.bench_function("loop_overhead", |b| {
        b.iter(|| {
            black_box(qs).iter().fold(0u64, |acc, &(sq, occ)| {
                fold(acc, no_lookup(sq, occ).0, no_lookup(sq, occ).0)
            })
        })
    });
    bench_backend!(group, qs, expected, "lazy_steady", lazy_rook, lazy_bishop);
    group.finish();
}

fn first_access(c: &mut Criterion) {
    let mut group = c.benchmark_group("lazy");
    group.sample_size(20);
    group.bench_function("first_access", |b| {
        b.iter_batched(
            || Lazy::<RuntimeTables>::new(build_runtime_tables),
            |lazy: Lazy<RuntimeTables>| black_box(lazy.table[black_box(12345)]),
            BatchSize::LargeInput,
        )
    });
    group.bench_function("static_first_access", |b| {
        b.iter(|| {
            black_box(compact::rook_attacks(
                black_box(Square::E4),
                black_box(Bitboard(0x1234)),
            ))
        })
    });
    group.finish();
}

criterion_group!(benches, lookups, first_access);
criterion_main!(benches);
