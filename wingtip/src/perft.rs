//! Perft: the number of leaf nodes of the legal move tree, the standard test of a
//! move generator.
//!
//! The last ply is bulk-counted: at depth 1 the generator only popcounts target sets,
//! no move is built or made.
//!
//! Below the root, on 64-bit targets, a position with standard castling runs on
//! perft's own board (`perft/quad.rs`): the same position in four bitboards, 32 bytes,
//! always seen from the side to move, with its own copy of the legal-move rules. It
//! costs code (26.6 KiB of a minimal WebAssembly embedder), so 32-bit targets, whose
//! budgets are counted in KiB, keep the general generator. Chess960 positions
//! (castling rooks off the corners, or the king off the e-file) take the general
//! generator of [`crate::movegen`] and [`Board::make_move`]. The unit tests below
//! hold the two to each other: along random games from both suites, every position
//! one move on must be the same for both, and so must every count.

#[cfg(target_pointer_width = "64")]
mod quad;

use crate::movegen::{generate, MoveVisitor};
use crate::{Board, Move};
#[cfg(target_pointer_width = "64")]
use quad::Quad;

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
        #[cfg(target_pointer_width = "64")]
        _ => match Quad::from_board(board) {
            Some(q) => quad::perft(&q, depth),
            None => perft_inner(board, depth),
        },
        #[cfg(not(target_pointer_width = "64"))]
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

#[cfg(all(test, target_pointer_width = "64"))]
mod tests {
    extern crate std;
    use super::*;
    use std::vec::Vec;

    const SUITES: [&str; 2] = [
        include_str!("../tests/data/cpw.epd"),
        include_str!("../tests/data/perftsuite.epd"),
    ];

    fn boards() -> Vec<Board> {
        SUITES
            .iter()
            .flat_map(|suite| suite.lines())
            .filter_map(|line| line.split(';').next())
            .filter(|fen| !fen.trim().is_empty())
            .map(|fen| Board::from_fen(fen.trim()).unwrap())
            .collect()
    }

    /// The four sets of a quad, for sorting.
    fn key(q: &Quad) -> [u64; 4] {
        // SAFETY: `Quad` is `repr(C)` with four `u64` fields and no padding.
        unsafe { core::mem::transmute::<Quad, [u64; 4]>(*q) }
    }

    /// Checks that the quad generator, at `board`, makes exactly the positions the
    /// general generator and `Board::make_move` make, and counts as many.
    fn same_children(board: &Board) {
        let q = Quad::from_board(board).expect("standard castling");
        let mut mine = Vec::new();
        quad::perft_children(&q, |child| mine.push(key(child)));
        let mut theirs: Vec<[u64; 4]> = board
            .legal_moves()
            .iter()
            .map(|&mv| {
                let mut child = *board;
                child.make_move(mv);
                key(&Quad::from_board(&child).expect("standard castling"))
            })
            .collect();
        assert_eq!(
            quad::count(&q),
            board.count_legal_moves(),
            "{}",
            board.fen()
        );
        mine.sort_unstable();
        theirs.sort_unstable();
        assert_eq!(mine, theirs, "{}", board.fen());
    }

    #[test]
    fn quad_children_match_the_general_generator_along_random_games() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut positions = 0;
        for start in boards() {
            if Quad::from_board(&start).is_none() {
                continue;
            }
            for _ in 0..if cfg!(debug_assertions) { 4 } else { 40 } {
                let mut board = start;
                for _ in 0..200 {
                    same_children(&board);
                    positions += 1;
                    let moves = board.legal_moves();
                    if moves.is_empty() || board.halfmove_clock() >= 100 {
                        break;
                    }
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    board.make_move(moves[(seed % moves.len() as u64) as usize]);
                }
            }
        }
        assert!(positions > 10_000, "{positions}");
    }

    #[test]
    fn quad_perft_equals_the_general_perft() {
        let depth = if cfg!(debug_assertions) { 3 } else { 4 };
        for board in boards() {
            if Quad::from_board(&board).is_none() {
                continue;
            }
            for d in 2..=depth {
                assert_eq!(
                    perft(&board, d),
                    perft_inner(&board, d),
                    "{} depth {d}",
                    board.fen()
                );
            }
        }
    }

    #[test]
    fn quad_agrees_on_set_up_positions() {
        for fen in [
            // A knight's check that the en-passant capture does not answer (a FEN
            // can say so; no game reaches it).
            "8/8/8/3pP3/8/k7/5n2/7K w - d6 0 1",
            // En passant that would expose the king along the rank.
            "8/8/8/K2pP2r/8/8/8/7k w - d6 0 1",
            // En passant that takes the checking pawn.
            "8/8/8/2kpP3/4K3/8/8/8 w - d6 0 1",
            // Castling through an attacked square, and with a pinned rook beside.
            "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
            "4k3/8/8/8/8/8/6r1/R3K2R w KQ - 0 1",
        ] {
            let board = Board::from_fen(fen).unwrap();
            same_children(&board);
            for d in 2..=3 {
                assert_eq!(perft(&board, d), perft_inner(&board, d), "{fen} depth {d}");
            }
        }
    }

    #[test]
    fn non_standard_castling_takes_the_general_path() {
        let chess960 =
            Board::from_fen("qrnbnkbr/pppppppp/8/8/8/8/PPPPPPPP/QRNBNKBR w KQkq - 0 1").unwrap();
        assert!(Quad::from_board(&chess960).is_none());
        assert_eq!(perft(&chess960, 3), 8_950);
    }
}
