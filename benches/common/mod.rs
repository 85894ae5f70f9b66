//! Pieces the perft benches share: cozy-chess's perft with bulk counting, and the
//! calling thread's CPU time.

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
