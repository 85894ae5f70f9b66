//! `wingtip bench [depth]`: searches a fixed set of positions to a fixed depth with a
//! fresh table and fresh history each, so the node count is deterministic. Ends with
//! `Nodes searched: <n>` and `Nodes/second: <nps>` (docs/design.md §5), then the line
//! `<n> nodes <nps> nps` that OpenBench's client parses (its "Configuring New
//! Engines" page gives that format).

use std::time::Instant;

use crate::engine::SearchState;
use anyhow::{bail, Context};
use wingtip::search::{Limits, NoHooks, SearchRequest, TtEntry};
use wingtip::Board;

/// The default bench depth.
const DEFAULT_DEPTH: u32 = 9;
/// The table size used for every position, MiB.
const BENCH_HASH_MB: usize = 16;

/// Middlegame, endgame and tactical positions; the first six are the
/// chessprogramming wiki's perft positions, the rest common test positions.
const POSITIONS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "rnbqkb1r/pp2pppp/3p1n2/8/3NP3/8/PPP2PPP/RNBQKB1R w KQkq - 1 5",
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 0 8",
    "2rq1rk1/pp1bbppp/2n1pn2/3p4/3P4/2PBPN2/PP1N1PPP/R2QK2R w KQ - 0 10",
    "8/8/1p2k1p1/3p3p/1P1P1P1P/4K1P1/8/8 w - - 0 40",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
    "8/3k4/8/8/8/4K3/4P3/8 w - - 0 1",
    "r2q1rk1/ppp2ppp/2np1n2/2b1p1B1/2B1P1b1/2NP1N2/PPP2PPP/R2Q1RK1 w - - 0 8",
];

/// Arguments of `wingtip bench`.
#[derive(clap::Args)]
pub struct Args {
    /// Search depth in plies (default 9)
    depth: Option<String>,
}

/// Runs the bench and prints one line per position, then the totals.
///
/// # Errors
/// A depth that is not a number from 1 to 64.
pub fn run(args: Args) -> anyhow::Result<()> {
    let depth = match args.depth.as_deref() {
        None => DEFAULT_DEPTH,
        Some(text) => {
            let d: u32 = text
                .parse()
                .with_context(|| format!("invalid depth: {text}"))?;
            if !(1..=64).contains(&d) {
                bail!("depth must be between 1 and 64: {d}");
            }
            d
        }
    };
    let mut table = vec![TtEntry::EMPTY; (BENCH_HASH_MB << 20) / std::mem::size_of::<TtEntry>()];
    let mut searcher = SearchState::new();
    let limits = Limits {
        depth,
        ..Limits::NONE
    };
    let mut total = 0u64;
    let mut searching = std::time::Duration::ZERO;
    for (i, fen) in POSITIONS.iter().enumerate() {
        let board =
            Board::from_fen(fen).map_err(|e| anyhow::anyhow!("bench position {}: {e}", i + 1))?;
        table.fill(TtEntry::EMPTY);
        searcher.clear();
        let started = Instant::now();
        let result = searcher.search(
            SearchRequest::new(&board, &table).limits(limits),
            &mut NoHooks,
        );
        searching += started.elapsed();
        let (best, san) = match result.best_move {
            Some(m) => (m.to_string(), board.san(m).to_string()),
            None => ("0000".to_string(), "--".to_string()),
        };
        outln!(
            "position {:>2}: bestmove {best:<6} san {san:<7} nodes {:>10}",
            i + 1,
            result.nodes
        );
        total += result.nodes;
    }
    let elapsed = searching.as_secs_f64().max(1e-9);
    let nps = (total as f64 / elapsed) as u64;
    outln!("Nodes searched: {total}");
    outln!("Nodes/second: {nps}");
    // OpenBench's client reads `<n> nodes <n> nps` from the last line.
    outln!("{total} nodes {nps} nps");
    Ok(())
}
