//! SAN differential test against python-chess (`pip install chess`).
//!
//! `tests/oracle/san_differential.py` samples 1,200 positions (the perft suite FENs
//! and seeded random games from them and from the start, favouring
//! disambiguation, promotions, castling, en passant, checks and mates) and writes
//! every legal move with python-chess's SAN, plus other spellings of some moves
//! (valid and not) with what python-chess's `parse_san` makes of them. Here
//! wingtip must write the same SAN for every move, parse python-chess's SAN back
//! to the same move, and treat every other spelling as python-chess does (same
//! move, or an error of the matching kind).
//!
//! Ignored by default because it needs Python:
//! `cargo test --release --test san_differential -- --ignored` (about 15 s).

use std::collections::BTreeMap;
use std::process::Command;

use wingtip::{Board, SanError};

/// The position of a data line and whether it is Chess960 (X-FEN, castling written
/// king takes rook, as python-chess prints with `chess960=True`).
fn board_for(chess960: &str, fen: &str) -> (Board, bool) {
    let board = Board::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    match chess960 {
        "0" => (board, false),
        "1" => (board, true),
        flag => panic!("bad chess960 flag {flag:?}"),
    }
}

/// python-chess's outcome for a spelling, in the data's words.
fn outcome(board: &Board, chess960: bool, text: &str) -> String {
    match board.parse_san(text) {
        Ok(mv) => mv.uci(chess960).to_string(),
        Err(SanError::Malformed) => "!invalid".into(),
        // python-chess raises IllegalMoveError for a missing promotion piece.
        Err(SanError::Illegal | SanError::MissingPromotion) => "!illegal".into(),
        Err(SanError::Ambiguous) => "!ambiguous".into(),
        Err(SanError::NullMove) => "!null".into(),
        Err(e) => panic!("unexpected error {e:?}"),
    }
}

#[test]
#[ignore = "needs python3 with python-chess (pip install chess)"]
fn san_agrees_with_python_chess() {
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/oracle/san_differential.py"
    );
    let output = Command::new("python3")
        .args([
            script,
            "--seed",
            "2026",
            "--positions",
            "1200",
            "--chess960",
            "500",
        ])
        .output()
        .expect("python3 runs");
    assert!(
        output.status.success(),
        "san_differential.py failed (is python-chess installed? pip install chess): {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let text = String::from_utf8(output.stdout).unwrap();
    let (mut positions, mut moves, mut spellings) = (0, 0, 0);
    let mut chess960_positions = 0;
    let mut kinds: BTreeMap<String, usize> = BTreeMap::new();
    for line in text.lines() {
        let mut parts = line.split('|');
        let kind = parts.next().unwrap();
        let chess960 = parts.next().unwrap();
        let fen = parts.next().unwrap();
        let (board, chess960) = board_for(chess960, fen);
        match kind {
            "P" => {
                let mut theirs: Vec<(String, String)> = parts
                    .map(|p| {
                        let (uci, san) = p.split_once(' ').expect("<uci> <san>");
                        (uci.to_string(), san.to_string())
                    })
                    .collect();
                theirs.sort();
                let mut ours: Vec<(String, String)> = board
                    .legal_moves()
                    .iter()
                    .map(|&mv| (mv.uci(chess960).to_string(), board.san(mv).to_string()))
                    .collect();
                ours.sort();
                assert_eq!(ours, theirs, "SAN of the moves of {fen}");
                for (uci, san) in &theirs {
                    let parsed = board
                        .parse_san(san)
                        .unwrap_or_else(|e| panic!("{fen}: parse_san({san:?}): {e}"));
                    assert_eq!(
                        &parsed.uci(chess960).to_string(),
                        uci,
                        "{fen}: parse_san({san:?})"
                    );
                    moves += 1;
                }
                positions += 1;
                chess960_positions += usize::from(chess960);
            }
            "A" => {
                let spelling = parts.next().unwrap();
                let expected = parts.next().unwrap();
                assert_eq!(
                    outcome(&board, chess960, spelling),
                    expected,
                    "{fen}: parse_san({spelling:?})"
                );
                let kind = if expected.starts_with('!') {
                    expected
                } else {
                    "move"
                };
                *kinds.entry(kind.to_string()).or_default() += 1;
                spellings += 1;
            }
            _ => panic!("bad line {line}"),
        }
    }
    eprintln!("{positions} positions, {moves} moves, {spellings} other spellings {kinds:?}");
    assert!(positions >= 1_000, "only {positions} positions");
    assert!(
        chess960_positions >= 500,
        "only {chess960_positions} Chess960 positions"
    );
    assert!(moves > 20_000, "only {moves} moves");
    assert!(spellings > 30_000, "only {spellings} other spellings");
}
