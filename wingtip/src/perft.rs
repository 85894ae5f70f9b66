//! Perft: the number of leaf nodes of the legal move tree, the standard test of a
//! move generator.
//!
//! The last ply is bulk-counted: at depth 1 the generator only popcounts target sets
//! (see [`crate::movegen`]), no move is built or made.

use crate::movegen::{generate, MoveVisitor};
use crate::{Board, Move};

/// Returns the number of leaf nodes `depth` plies below `board`.
///
/// # Examples
/// ```
/// use wingtip::{perft, Board};
/// assert_eq!(perft(&Board::startpos(), 3), 8_902);
/// assert_eq!(perft(&Board::startpos(), 0), 1);
/// ```
pub fn perft(board: &Board, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => board.count_legal_moves(),
        _ => perft_inner(board, depth),
    }
}

fn perft_inner(board: &Board, depth: u32) -> u64 {
    // Each move is made and counted as the generator finds it: no move list, and no
    // Zobrist key (perft never looks at one).
    let mut nodes = 0;
    if depth == 2 {
        generate(
            board,
            &mut MoveVisitor(|mv| {
                let mut child = *board;
                child.make_move_unhashed(mv);
                nodes += child.count_legal_moves();
            }),
        );
    } else {
        generate(
            board,
            &mut MoveVisitor(|mv| {
                let mut child = *board;
                child.make_move_unhashed(mv);
                nodes += perft_inner(&child, depth - 1);
            }),
        );
    }
    nodes
}

/// Runs perft below each legal root move, calls `callback(move, nodes)` for each in
/// generation order, and returns the total.
///
/// At depth 0 there are no root moves: the callback is not called and the result is 1.
/// No move is reported twice (debug builds check that the generator's list has no
/// duplicate).
///
/// # Examples
/// ```
/// use wingtip::{perft_divide, Board};
/// let mut lines = Vec::new();
/// let total = perft_divide(&Board::startpos(), 2, |mv, n| lines.push((mv.to_string(), n)));
/// assert_eq!(total, 400);
/// assert_eq!(lines.len(), 20);
/// assert!(lines.iter().all(|(_, n)| *n == 20));
/// ```
pub fn perft_divide(board: &Board, depth: u32, mut callback: impl FnMut(Move, u64)) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut total = 0;
    let moves = board.legal_moves();
    debug_assert!(
        moves
            .iter()
            .enumerate()
            .all(|(i, mv)| !moves[..i].contains(mv)),
        "a move generated twice in {}",
        board.fen()
    );
    for &mv in moves.iter() {
        let mut child = *board;
        child.make_move(mv);
        let nodes = perft(&child, depth - 1);
        callback(mv, nodes);
        total += nodes;
    }
    total
}
