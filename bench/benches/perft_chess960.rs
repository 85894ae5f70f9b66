//! Chess960 perft speed: wingtip beside cozy-chess on the Chess960 suite
//! (`tests/data/chess960.epd`, 120 positions), in one run.
//!
//! Both count the last ply in bulk. For each run, every position is searched to
//! `PERFT960_DEPTH` (default 4) by wingtip, then by cozy-chess (which reads the
//! Shredder-FEN wingtip prints), and both counts are checked against the suite's
//! Stockfish count. The time is the CPU time of this thread (Linux `schedstat`;
//! wall time elsewhere); the table gives the median over `PERFT960_RUNS` runs
//! (default 5) of the whole suite.
//!
//! ```text
//! cargo bench --manifest-path bench/Cargo.toml --bench perft_chess960
//! ```

mod common;
use common::{cozy_perft, thread_cpu_ns, timed};

const SUITE: &str = include_str!("../../wingtip/tests/data/chess960.epd");

fn main() {
    let depth: u32 = std::env::var("PERFT960_DEPTH")
        .ok()
        .and_then(|d| d.parse().ok())
        .unwrap_or(4);
    let runs: usize = std::env::var("PERFT960_RUNS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(5)
        .max(1);
    let mut positions = Vec::new();
    for line in SUITE
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let mut parts = line.split(';');
        let fen = parts.next().unwrap().trim();
        let expected: u64 = parts
            .find_map(|p| {
                let (d, n) = p.trim().split_once(' ')?;
                (d == format!("D{depth}")).then(|| n.parse().unwrap())
            })
            .unwrap_or_else(|| panic!("no D{depth} count for {fen}"));
        let ours = wingtip::Board::from_fen(fen).unwrap();
        let shredder = ours.fen_shredder().to_string();
        let theirs = cozy_chess::Board::from_fen(&shredder, true)
            .unwrap_or_else(|e| panic!("cozy-chess rejects {shredder}: {e:?}"));
        positions.push((ours, theirs, expected));
    }
    let total: u64 = positions.iter().map(|p| p.2).sum();
    let mut times = [Vec::new(), Vec::new()];
    for _ in 0..runs {
        let (nodes, t) = timed(thread_cpu_ns, || {
            positions
                .iter()
                .map(|(b, _, e)| {
                    let n = wingtip::perft(b, depth);
                    assert_eq!(n, *e, "wingtip {}", b.fen());
                    n
                })
                .sum()
        });
        assert_eq!(nodes, total);
        times[0].push(t);
        let (nodes, t) = timed(thread_cpu_ns, || {
            positions
                .iter()
                .map(|(_, b, e)| {
                    let n = cozy_perft(b, depth);
                    assert_eq!(n, *e, "cozy-chess {b}");
                    n
                })
                .sum()
        });
        assert_eq!(nodes, total);
        times[1].push(t);
    }
    println!(
        "Chess960 perft, {} positions, depth {depth}, {total} nodes, median of {runs} runs",
        positions.len()
    );
    let mut mnps = [0.0; 2];
    for (i, name) in ["wingtip", "cozy-chess"].iter().enumerate() {
        times[i].sort();
        let median = times[i][runs / 2];
        mnps[i] = total as f64 / median.as_secs_f64() / 1e6;
        println!(
            "{name:<11} {:>8.3} s  {:>7.1} Mnps",
            median.as_secs_f64(),
            mnps[i]
        );
    }
    println!("wingtip/cozy-chess speed ratio: {:.2}x", mnps[0] / mnps[1]);
}
