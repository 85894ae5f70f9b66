//! Pieces the benches share: cozy-chess's perft with bulk counting, the calling
//! thread's CPU time and timing a run by it, and the slider-lookup query sets.

use std::time::{Duration, Instant};

#[allow(dead_code)] // each bench uses what it needs
pub mod queries;

/// cozy-chess's perft, counting the last ply in bulk (as wingtip's does).
pub fn cozy_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    let mut nodes = 0;
    if depth == 1 {
        board.generate_moves(|moves| {
            nodes += moves.len() as u64;
            false
        });
    } else {
        board.generate_moves(|moves| {
            for mv in moves {
                let mut child = board.clone();
                child.play_unchecked(mv);
                nodes += cozy_perft(&child, depth - 1);
            }
            false
        });
    }
    nodes
}

/// CPU time of the calling thread in nanoseconds (Linux `schedstat`), or `None`
/// where it cannot be read (then the benches fall back to wall time).
pub fn thread_cpu_ns() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

/// Runs `f` (a perft returning its node count) and returns the count with the time
/// it took by `cpu_ns` (a CPU clock such as [`thread_cpu_ns`]), or by the wall clock
/// when `cpu_ns` gives `None`.
pub fn timed(cpu_ns: fn() -> Option<u64>, f: impl FnOnce() -> u64) -> (u64, Duration) {
    let cpu = cpu_ns();
    let start = Instant::now();
    let nodes = f();
    let wall = start.elapsed();
    match (cpu, cpu_ns()) {
        (Some(a), Some(b)) => (nodes, Duration::from_nanos(b - a)),
        _ => (nodes, wall),
    }
}
