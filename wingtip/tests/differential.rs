//! Differential test against python-chess (`pip install chess`).
//!
//! `tests/oracle/differential.py` plays seeded random games favouring captures,
//! promotions, castling and en passant, and writes, for each of 1,200 sampled
//! positions, its FEN, perft(2) and every legal move with the FEN after it. Here
//! wingtip must agree on all of it: the FEN round trip, the legal move set, each
//! child position (so `make_move` updates castling rights, en passant and the
//! counters alike) and perft(2).
//!
//! The Chess960 run (`--chess960`, 600 positions from random Chess960 start
//! positions) checks the same plus both FEN forms (X-FEN and Shredder-FEN) and the
//! moves in `UCI_Chess960` text (castling as king takes rook).
//!
//! Ignored by default because it needs Python:
//! `cargo test --release --test differential -- --ignored` (about 30 s).

use std::process::Command;

use wingtip::{perft, Board};

#[test]
#[ignore = "needs python3 with python-chess (pip install chess)"]
fn agrees_with_python_chess() {
    check(&["--seed", "2026", "--positions", "1200"], 1_000, 10_000);
}

#[test]
#[ignore = "needs python3 with python-chess (pip install chess)"]
fn agrees_with_python_chess_on_chess960() {
    check(
        &["--seed", "960", "--positions", "600", "--chess960"],
        500,
        5_000,
    );
}

/// Runs `differential.py` with `args` and checks every line; at least
/// `min_positions` positions and `min_children` child positions.
fn check(args: &[&str], min_positions: usize, min_children: usize) {
    let chess960 = args.contains(&"--chess960");
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/oracle/differential.py");
    let output = Command::new("python3")
        .arg(script)
        .args(args)
        .output()
        .expect("python3 runs");
    assert!(
        output.status.success(),
        "differential.py failed (is python-chess installed? pip install chess): {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let text = String::from_utf8(output.stdout).unwrap();
    let mut positions = 0;
    let mut children = 0;
    for line in text.lines() {
        let mut parts = line.split('|');
        let fen = parts.next().unwrap();
        let board = Board::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(board.fen().to_string(), fen, "round trip");
        if chess960 {
            let shredder = parts.next().unwrap();
            let other = Board::from_fen(shredder).unwrap_or_else(|e| panic!("{shredder}: {e}"));
            assert_eq!(other, board, "{shredder} and {fen}");
            assert_eq!(board.fen_shredder().to_string(), shredder, "round trip");
        }
        let perft2: u64 = parts.next().unwrap().parse().unwrap();

        let mut expected: Vec<(&str, &str)> = parts
            .map(|p| p.split_once(' ').expect("<uci> <fen>"))
            .collect();
        expected.sort();
        let mut ours: Vec<(String, String)> = board
            .legal_moves()
            .iter()
            .map(|&mv| {
                let mut child = board;
                child.make_move(mv);
                (mv.uci(chess960).to_string(), child.fen().to_string())
            })
            .collect();
        ours.sort();
        let ours_moves: Vec<&str> = ours.iter().map(|(m, _)| m.as_str()).collect();
        let their_moves: Vec<&str> = expected.iter().map(|(m, _)| *m).collect();
        assert_eq!(ours_moves, their_moves, "legal moves of {fen}");
        for ((mv, child), (_, their_child)) in ours.iter().zip(&expected) {
            assert_eq!(child, their_child, "{fen} after {mv}");
            children += 1;
        }
        assert_eq!(perft(&board, 2), perft2, "perft(2) of {fen}");
        positions += 1;
    }
    assert!(positions >= min_positions, "only {positions} positions");
    assert!(children > min_children, "only {children} child positions");
}
