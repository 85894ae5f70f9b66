//! The public bulk interface, `Board::generate_moves`, against the move list on
//! every node of a shallow walk of both perft suites: the same moves, grouped one
//! piece per group, counted the same, and stopping when asked.

use wingtip::{Bitboard, Board, Move, Role};

const CPW: &str = include_str!("data/cpw.epd");
const SUITE: &str = include_str!("data/perftsuite.epd");

fn positions() -> Vec<Board> {
    CPW.lines()
        .chain(SUITE.lines())
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| Board::from_fen(l.split(';').next().unwrap().trim()).unwrap())
        .collect()
}

/// Checks one node, then recurses `depth` more plies; returns the nodes checked.
fn check(board: &Board, depth: u32) -> u64 {
    let mut grouped: Vec<Move> = Vec::new();
    let mut counted = 0u64;
    let mut froms = Bitboard::EMPTY;
    let stopped = board.generate_moves(|moves| {
        assert!(!moves.is_empty());
        assert_eq!(
            board.piece_on(moves.from),
            Some(moves.piece),
            "{}",
            board.fen()
        );
        assert!(
            !froms.has(moves.from),
            "square reported twice: {}",
            board.fen()
        );
        froms = froms.with(moves.from);
        assert_eq!((moves.captures() & !moves.to), Bitboard::EMPTY);
        let group: Vec<Move> = moves.into_iter().collect();
        assert_eq!(group.len() as u32, moves.len());
        for mv in &group {
            assert!(moves.to.has(mv.target()));
            assert_eq!(mv.is_capture(), moves.captures().has(mv.target()));
        }
        counted += u64::from(moves.len());
        grouped.extend(group);
        false
    });
    assert!(!stopped);
    let mut list: Vec<Move> = board.legal_moves().iter().copied().collect();
    assert_eq!(counted, board.count_legal_moves(), "{}", board.fen());
    grouped.sort_by_key(|m| m.0);
    list.sort_by_key(|m| m.0);
    assert_eq!(grouped, list, "{}", board.fen());
    let mut nodes = 1;
    if depth > 0 {
        for &mv in board.legal_moves().iter() {
            let mut child = *board;
            child.make_move(mv);
            nodes += check(&child, depth - 1);
        }
    }
    nodes
}

#[test]
fn generate_moves_equals_legal_moves_on_every_walked_node() {
    let depth = if cfg!(debug_assertions) { 1 } else { 2 };
    let nodes: u64 = positions().iter().map(|b| check(b, depth)).sum();
    assert!(nodes > 1_000, "{nodes}");
}

#[test]
fn generate_moves_stops_when_asked() {
    for board in positions() {
        let groups = {
            let mut n = 0;
            board.generate_moves(|_| {
                n += 1;
                false
            });
            n
        };
        if groups == 0 {
            continue;
        }
        let mut calls = 0;
        assert!(board.generate_moves(|_| {
            calls += 1;
            true
        }));
        assert_eq!(calls, 1);
    }
}

#[test]
fn groups_report_castling_and_en_passant_with_their_flags() {
    let board = Board::from_fen("r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1").unwrap();
    let mut seen = (0, 0);
    board.generate_moves(|moves| {
        for mv in moves {
            if mv.is_castling() {
                assert_eq!(moves.piece.role(), Role::King);
                seen.0 += 1;
            }
            if mv.is_en_passant() {
                assert!(mv.is_capture() && mv.to_string() == "e5d6");
                seen.1 += 1;
            }
        }
        false
    });
    assert_eq!(seen, (2, 1));
}
