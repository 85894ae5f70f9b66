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
//! The playout run feeds python-chess wingtip's own seeded random playouts from the
//! standard start position (`common::playouts`), a quarter of them again with the
//! castling field rewritten to a random set of `KQkq`: wingtip's standard reading
//! (`Board::from_fen_chess960(fen, false)`) must refuse exactly the FENs whose
//! castling rights python-chess drops, and agree on the moves and children of
//! every position as python-chess reads it.
//!
//! Ignored by default because it needs Python:
//! `cargo test --release --test differential -- --ignored` (about 30 s).

mod common;

use std::io::Write;
use std::process::{Command, Stdio};

use wingtip::{perft, Board, FenError, PositionError};

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
        children += compare_moves(&board, parts, chess960);
        assert_eq!(perft(&board, 2), perft2, "perft(2) of {fen}");
        positions += 1;
    }
    assert!(positions >= min_positions, "only {positions} positions");
    assert!(children > min_children, "only {children} child positions");
}

/// Checks `board`'s legal moves (as text, castling as king takes rook when
/// `chess960`) and the FEN after each against python-chess's `<uci> <child fen>`
/// entries; returns the number of children.
fn compare_moves<'a>(
    board: &Board,
    entries: impl Iterator<Item = &'a str>,
    chess960: bool,
) -> usize {
    let fen = board.fen();
    let mut expected: Vec<(&str, &str)> = entries
        .map(|p| p.split_once(' ').expect("<uci> <fen>"))
        .collect();
    expected.sort();
    let mut ours: Vec<(String, String)> = board
        .legal_moves()
        .iter()
        .map(|&mv| {
            let mut child = *board;
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
    }
    ours.len()
}

#[test]
#[ignore = "needs python3 with python-chess (pip install chess)"]
fn agrees_with_python_chess_on_playouts_and_castling_fields() {
    let positions = common::playouts(0x00d1_c1c1, 60, 200, false);
    let mut rng = common::Rng(0x00ca_571e);
    let mut fens: Vec<String> = Vec::new();
    for (i, board) in positions.iter().enumerate() {
        let fen = board.fen().to_string();
        if i % 4 == 0 {
            // The same placement with a random set of rights, most of them ones
            // standard chess cannot have here.
            let rights: String = "KQkq".chars().filter(|_| rng.below(2) == 0).collect();
            let mut fields: Vec<&str> = fen.split(' ').collect();
            fields[2] = if rights.is_empty() { "-" } else { &rights };
            fens.push(fields.join(" "));
        }
        fens.push(fen);
    }
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/oracle/differential.py");
    let mut child = Command::new("python3")
        .arg(script)
        .arg("--fens")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("python3 runs");
    let input = fens.join("\n");
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let output = child.wait_with_output().expect("python3 runs");
    writer.join().unwrap().expect("fens written");
    assert!(
        output.status.success(),
        "differential.py --fens failed (is python-chess installed? pip install chess): {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let text = String::from_utf8(output.stdout).unwrap();
    let (mut kept, mut refused, mut children) = (0, 0, 0);
    for (line, given) in text.lines().zip(&fens) {
        let mut parts = line.split('|');
        assert_eq!(parts.next(), Some(given.as_str()));
        let theirs = parts.next().unwrap();
        let ours = Board::from_fen_chess960(given, false);
        if theirs == given {
            let board = ours.unwrap_or_else(|e| panic!("{given}: {e}"));
            assert_eq!(board.fen().to_string(), *given, "round trip");
            kept += 1;
        } else {
            // python-chess dropped a right: standard chess refuses it by name.
            assert!(
                matches!(
                    ours,
                    Err(FenError::Illegal(PositionError::StandardCastling(_)))
                ),
                "{given} (python-chess: {theirs}): {ours:?}"
            );
            refused += 1;
        }
        let board =
            Board::from_fen_chess960(theirs, false).unwrap_or_else(|e| panic!("{theirs}: {e}"));
        assert_eq!(board.fen().to_string(), theirs, "round trip");
        children += compare_moves(&board, parts, false);
    }
    assert_eq!(kept + refused, fens.len(), "every FEN answered");
    assert!(
        kept > 5_000 && refused > 300 && children > 100_000,
        "{kept} kept, {refused} refused, {children} children"
    );
}
