//! Slider lookups against the peer crates, interleaved: wingtip's default backend
//! (and `compact`, `fixed` and `plain` beside it) against the default lookups of cozy-chess,
//! shakmaty and chess, on the attacks bench's two query sets.
//!
//! `cargo bench --manifest-path bench/Cargo.toml --bench lookup_peers` (add
//! `RUSTFLAGS="-C target-cpu=native"` for a native build; ROUNDS=N sets the rounds,
//! default 21). Every round times each contender once, in turn, by the wall clock
//! (the thread CPU clock ticks too coarsely for 20 ms samples), so a change in the
//! machine's load hits all of them alike; each sample is one rook and one bishop
//! lookup per query, repeated for about 20 ms. Printed: the median ns per pair and
//! its ratio to the fastest peer. Each contender's answers are checked against the
//! table-free reference first.
//!
//! The peers number squares from a1, wingtip from a8: their queries are the same
//! questions turned upside down (square `sq ^ 56`, occupancy byte-swapped), built
//! before timing, and checked against the reference turned the same way.

#[allow(dead_code)] // the perft helpers
mod common;

use common::queries::{fold, position_queries, queries};
use std::hint::black_box;
use wingtip::attacks::{compact, fixed, plain};
use wingtip::{Bitboard, Square};

/// One contender: a name and a function that answers every query of its set once
/// and folds the attacks into a checksum.
struct Contender {
    name: &'static str,
    peer: bool,
    run: Box<dyn Fn() -> u64>,
}

macro_rules! contender {
    ($name:literal, $peer:expr, $qs:expr, $rook:expr, $bishop:expr) => {{
        let qs = $qs;
        Contender {
            name: $name,
            peer: $peer,
            run: Box::new(move || {
                black_box(&qs).iter().fold(0u64, |acc, &(sq, occ)| {
                    fold(acc, $rook(sq, occ), $bishop(sq, occ))
                })
            }),
        }
    }};
}

/// A wingtip backend (a module with `rook_attacks` and `bishop_attacks`) on `qs`.
macro_rules! ours {
    ($name:literal, $qs:expr, $($m:ident)::+) => {
        contender!(
            $name,
            false,
            $qs,
            |s, o| $($m)::+::rook_attacks(s, o).0,
            |s, o| $($m)::+::bishop_attacks(s, o).0
        )
    };
}

fn contenders(qs: &[(Square, Bitboard)]) -> Vec<(Contender, u64)> {
    let ours = qs.to_vec();
    let flipped: Vec<(u8, u64)> = qs
        .iter()
        .map(|&(sq, occ)| (sq.index() as u8 ^ 56, occ.0.swap_bytes()))
        .collect();
    // The reference's checksum, and the same turned upside down for the peers.
    let (expected, expected_flipped) =
        qs.iter().fold((0u64, 0u64), |(ours, theirs), &(sq, occ)| {
            let rook = wingtip_codegen::reference::rook_attacks(sq.index() as u8, occ.0);
            let bishop = wingtip_codegen::reference::bishop_attacks(sq.index() as u8, occ.0);
            (
                fold(ours, rook, bishop),
                fold(theirs, rook.swap_bytes(), bishop.swap_bytes()),
            )
        });
    let list = vec![
        ours!("wingtip default", ours.clone(), wingtip),
        ours!("wingtip compact", ours.clone(), compact),
        ours!("wingtip fixed", ours.clone(), fixed),
        ours!("wingtip plain", ours, plain),
        contender!(
            "cozy-chess",
            true,
            flipped
                .iter()
                .map(|&(s, o)| (
                    cozy_chess::Square::index(s as usize),
                    cozy_chess::BitBoard(o)
                ))
                .collect::<Vec<_>>(),
            |s, o| cozy_chess::get_rook_moves(s, o).0,
            |s, o| cozy_chess::get_bishop_moves(s, o).0
        ),
        contender!(
            "shakmaty",
            true,
            flipped
                .iter()
                .map(|&(s, o)| (shakmaty::Square::new(s as u32), shakmaty::Bitboard(o)))
                .collect::<Vec<_>>(),
            |s, o| shakmaty::attacks::rook_attacks(s, o).0,
            |s, o| shakmaty::attacks::bishop_attacks(s, o).0
        ),
        contender!(
            "chess",
            true,
            flipped
                .iter()
                .map(|&(s, o)| (chess::ALL_SQUARES[s as usize], chess::BitBoard(o)))
                .collect::<Vec<_>>(),
            |s, o| chess::get_rook_moves(s, o).0,
            |s, o| chess::get_bishop_moves(s, o).0
        ),
    ];
    list.into_iter()
        .map(|c| {
            let want = if c.peer { expected_flipped } else { expected };
            assert_eq!((c.run)(), want, "{} gives other attacks", c.name);
            (c, want)
        })
        .collect()
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

fn main() {
    // `cargo bench` passes --bench; nothing else is read from the command line.
    let rounds: usize = std::env::var("ROUNDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(21);
    println!(
        "wingtip backend: {}; {} rounds, wall time",
        wingtip::attacks::BACKEND,
        rounds
    );
    for (set, qs) in [("random", queries()), ("positions", position_queries())] {
        let list = contenders(&qs);
        // Repetitions per sample: about 20 ms with the first contender.
        let start = std::time::Instant::now();
        let mut calls = 0u32;
        while start.elapsed().as_millis() < 20 {
            black_box((list[0].0.run)());
            calls += 1;
        }
        let reps = calls.max(1) as usize;
        let mut samples = vec![Vec::new(); list.len()];
        for _ in 0..rounds {
            for (i, (c, want)) in list.iter().enumerate() {
                let start = std::time::Instant::now();
                let sum = (0..reps).fold(0u64, |acc, _| acc ^ (c.run)());
                let t = start.elapsed();
                assert_eq!(sum, if reps % 2 == 1 { *want } else { 0 });
                samples[i].push(t.as_nanos() as f64 / (reps * qs.len()) as f64);
            }
        }
        let medians: Vec<f64> = samples.into_iter().map(median).collect();
        let best_peer = list
            .iter()
            .zip(&medians)
            .filter(|((c, _), _)| c.peer)
            .map(|(_, &m)| m)
            .fold(f64::INFINITY, f64::min);
        println!(
            "{set} ({} queries): median ns per rook + bishop pair, ratio to the fastest peer",
            qs.len()
        );
        for ((c, _), m) in list.iter().zip(&medians) {
            println!("  {:<16} {:6.2} ns  {:5.2}x", c.name, m, m / best_peer);
        }
    }
}
