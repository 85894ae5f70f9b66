//! Differential test against python-chess (`pip install chess`).
//!
//! `scripts/differential.py` plays seeded random games favouring captures,
//! promotions, castling and en passant, and writes, for each of 1,200 sampled
//! positions, its FEN, perft(2) and every legal move with the FEN after it. Here
//! wingtip must agree on all of it: the FEN round trip, the legal move set, each
//! child position (so `make_move` updates castling rights, en passant and the
//! counters alike) and perft(2).
//!
//! Ignored by default because it needs Python:
//! `cargo test --release --test differential -- --ignored` (about 15 s).

use std::process::Command;

use wingtip::{perft, Board};

#[test]
#[ignore = "needs python3 with python-chess (pip install chess)"]
fn agrees_with_python_chess() {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/differential.py");
    let output = Command::new("python3")
        .args([script, "--seed", "2026", "--positions", "1200"])
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
        let perft2: u64 = parts.next().unwrap().parse().unwrap();
        let board = Board::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(board.fen().to_string(), fen, "round trip");

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
                (mv.to_string(), child.fen().to_string())
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
    assert!(positions >= 1_000, "only {positions} positions");
    assert!(children > 10_000, "only {children} child positions");
}
