//! Chess960: the perft suite `tests/data/chess960.epd` (built by
//! `tests/oracle/chess960_suite.py`: 60 start positions of the standard numbering and 60
//! playouts with castling rights alive, counts from Stockfish's `go perft` with
//! `UCI_Chess960`, cross-checked by python-chess at depths 1–3; FENs alternate X-FEN
//! and Shredder-FEN), plus the castling rules one by one.
//!
//! Plain `cargo test` runs every position up to a node budget; the `#[ignore]`d test
//! runs depths 4 and 5 (`cargo test --release --test chess960 -- --ignored`).

mod common;

use common::Rng;
use wingtip::{perft, Board, FenError, MoveError, PositionError, Square};

const SUITE: &str = include_str!("data/chess960.epd");

fn entries() -> Vec<(&'static str, Vec<(u32, u64)>)> {
    common::parse_epd(SUITE)
        .into_iter()
        .map(|e| (e.fen, e.counts))
        .collect()
}

fn run(min_depth: u32, budget: u64) -> usize {
    let mut checked = 0;
    for (fen, counts) in entries() {
        let board = Board::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        for &(depth, expected) in &counts {
            if depth < min_depth || expected > budget {
                continue;
            }
            assert_eq!(perft(&board, depth), expected, "{fen} depth {depth}");
            checked += 1;
        }
    }
    checked
}

#[test]
fn suite_has_enough_positions_and_castling() {
    let entries = entries();
    assert!(entries.len() >= 100);
    let mut castles = 0;
    for (fen, counts) in &entries {
        assert!(counts.iter().any(|&(d, _)| d >= 4), "{fen}");
        let board = Board::from_fen(fen).unwrap();
        assert_ne!(board.castling_rights(), 0, "{fen}");
        castles += board
            .legal_moves()
            .iter()
            .filter(|m| m.is_castling())
            .count();
    }
    assert!(castles >= 20, "only {castles} castling moves at the roots");
}

#[test]
fn suite_shallow() {
    let budget = if cfg!(debug_assertions) {
        20_000
    } else {
        300_000
    };
    assert!(run(1, budget) >= 300);
}

#[test]
#[ignore = "deep: run in release with --ignored"]
fn suite_deep() {
    assert!(run(4, u64::MAX) >= 200);
}

/// Every position's FEN reads back from both printed forms to the same board.
#[test]
fn suite_fen_round_trips() {
    for (fen, _) in entries() {
        let board = Board::from_fen(fen).unwrap();
        let xfen = board.fen().to_string();
        let shredder = board.fen_shredder().to_string();
        assert!(xfen == fen || shredder == fen, "{fen}: {xfen} / {shredder}");
        assert_eq!(Board::from_fen(&xfen).unwrap(), board, "{xfen}");
        assert_eq!(Board::from_fen(&shredder).unwrap(), board, "{shredder}");
    }
}

fn castles(fen: &str) -> Vec<String> {
    let board = Board::from_fen(fen).unwrap();
    let mut names: Vec<String> = board
        .legal_moves()
        .iter()
        .filter(|m| m.is_castling())
        .map(|m| m.uci(true).to_string())
        .collect();
    names.sort();
    names
}

#[test]
fn castling_rules() {
    // The rook shields the king's destination: a queen on a1, rook b1, king c1.
    // Castling queen side leaves the king on c1 and the rook on d1, in check.
    assert!(castles("7k/8/8/8/8/8/8/qRK5 w B - 0 1").is_empty());
    // Without the queen it is legal (the king stays, the rook jumps over it).
    assert_eq!(castles("7k/8/8/8/8/8/8/1RK5 w B - 0 1"), ["c1b1"]);
    // King f1, rook g1: they swap (king to g1, rook to f1).
    assert_eq!(castles("k7/8/8/8/8/8/8/5KR1 w G - 0 1"), ["f1g1"]);
    // King on g1 already, rook h1.
    assert_eq!(castles("6k1/8/8/8/8/8/8/6KR w H - 0 1"), ["g1h1"]);
    // The square the rook lands on must be empty (d1 held by a knight).
    assert!(castles("7k/8/8/8/8/8/8/1R1NK3 w B - 0 1").is_empty());
    // A square the king crosses is attacked (f1 by a rook on f8).
    assert!(castles("1k3r2/8/8/8/8/8/8/1K2R2R w H - 0 1")
        .iter()
        .all(|m| m != "b1h1"));
    assert!(castles("1k3r2/8/8/8/8/8/8/4K2R w K - 0 1").is_empty());
    // The rook may pass an attacked square (b1 attacked, rook a1 to d1, king e1 to c1).
    assert_eq!(castles("1r2k3/8/8/8/8/8/8/R3K3 w Q - 0 1"), ["e1a1"]);
}

#[test]
fn make_move_castles_and_drops_rights() {
    let mut board = Board::from_fen("4k3/8/8/8/8/8/8/5KR1 w G - 0 1").unwrap();
    let castle = board.parse_uci_move_chess960("f1g1", true).unwrap();
    assert!(castle.is_castling());
    board.make_move(castle);
    assert_eq!(board.fen().to_string(), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
    let mut board = Board::from_fen("rk6/8/8/8/8/8/8/RK5R w AHa - 0 1").unwrap();
    board.make_move(board.parse_uci_move_chess960("b1a1", true).unwrap());
    assert_eq!(
        board.fen_shredder().to_string(),
        "rk6/8/8/8/8/8/8/2KR3R b a - 1 1"
    );
    // A captured castling rook takes its right away.
    let mut board = Board::from_fen("r6k/8/8/8/8/8/8/R1K3R1 b GA - 0 1").unwrap();
    let capture = board.parse_uci_move("a8a1").unwrap();
    assert!(capture.is_capture());
    board.make_move(capture);
    assert_eq!(board.fen().to_string(), "7k/8/8/8/8/8/8/r1K3R1 w K - 0 2");
    assert_eq!(
        board.fen_shredder().to_string(),
        "7k/8/8/8/8/8/8/r1K3R1 w G - 0 2"
    );
}

#[test]
fn uci_text_both_conventions() {
    let board = Board::from_fen("rk6/8/8/8/8/8/8/RK5R w AHa - 0 1").unwrap();
    // King b1, rook a1: b1c1 is a plain king step, so only b1a1 names the castle.
    let step = board.parse_uci_move("b1c1").unwrap();
    assert!(!step.is_castling());
    let long = board.parse_uci_move("b1a1").unwrap();
    assert!(long.is_castling());
    assert_eq!(long.to_string(), "b1c1");
    assert_eq!(long.uci(true).to_string(), "b1a1");
    assert_eq!(
        board.parse_uci_move_chess960("b1a1", false),
        Err(MoveError::CastlingNotation)
    );
    let short = board.parse_uci_move("b1h1").unwrap();
    assert!(short.is_castling());
    assert_eq!(short.target(), Square::H1);
    assert_eq!(board.parse_uci_move("b1g1"), Ok(short));
    assert_eq!(
        board.parse_uci_move_chess960("b1g1", true),
        Err(MoveError::CastlingNotation)
    );
    // Standard chess stays e1g1.
    let board = Board::startpos();
    let mut b = board;
    for mv in ["g1f3", "g8f6", "e2e3", "e7e6", "f1e2", "f8e7"] {
        b.make_move(b.parse_uci_move(mv).unwrap());
    }
    let castle = b.parse_uci_move_chess960("e1g1", false).unwrap();
    assert_eq!(castle.to_string(), "e1g1");
    assert_eq!(castle.uci(true).to_string(), "e1h1");
}

#[test]
fn fen_forms_and_errors() {
    let start = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
    let board = Board::from_fen(start).unwrap();
    assert_eq!(
        board.fen().to_string(),
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9"
    );
    assert_eq!(board.fen_shredder().to_string(), start);
    // X-FEN: an inner rook needs its file letter.
    let inner = Board::from_fen("4k3/8/8/8/8/8/8/R1R1K2R w KC - 0 1").unwrap();
    assert_eq!(
        inner.fen().to_string(),
        "4k3/8/8/8/8/8/8/R1R1K2R w KC - 0 1"
    );
    assert_eq!(
        inner.castling_rook(wingtip::WHITE_QUEEN_SIDE),
        Some(Square::C1)
    );
    // The outermost one is `Q`.
    let outer = Board::from_fen("4k3/8/8/8/8/8/8/R1R1K2R w KA - 0 1").unwrap();
    assert_eq!(
        outer.fen().to_string(),
        "4k3/8/8/8/8/8/8/R1R1K2R w KQ - 0 1"
    );
    let illegal = |fen: &str| match Board::from_fen(fen) {
        Err(FenError::Illegal(e)) => e,
        other => panic!("{fen}: {other:?}"),
    };
    // Two rights on one side.
    assert_eq!(
        illegal("4k3/8/8/8/8/8/8/R1R1K2R w AC - 0 1"),
        PositionError::CastlingSideTwice(2)
    );
    assert_eq!(
        illegal("4k3/8/8/8/8/8/8/4K2R w KH - 0 1"),
        PositionError::CastlingSideTwice(1)
    );
    // A file without a rook, the king's own file, a king off the back rank.
    assert_eq!(
        illegal("4k3/8/8/8/8/8/8/4K2R w G - 0 1"),
        PositionError::CastlingFile('G')
    );
    assert_eq!(
        illegal("4k3/8/8/8/8/8/8/4K2R w E - 0 1"),
        PositionError::CastlingFile('E')
    );
    assert_eq!(
        illegal("4k3/8/8/8/8/8/4K3/7R w K - 0 1"),
        PositionError::CastlingRights(1)
    );
    assert_eq!(
        illegal("4k3/8/8/8/8/8/8/4K2R w h - 0 1"),
        PositionError::CastlingFile('h')
    );
    assert_eq!(
        Board::from_fen("4k3/8/8/8/8/8/8/4K2R w KK - 0 1"),
        Err(FenError::BadCastling)
    );
    assert_eq!(
        Board::from_fen("4k3/8/8/8/8/8/8/4K2R w Kx - 0 1"),
        Err(FenError::BadCastling)
    );
}

/// 100,000 castling fields (random letters from `KQkqA-Ha-h`, `-` and some junk)
/// on the suite's placements: never a panic; an accepted FEN reads back from both
/// printed forms to the same board, standard chess's reading accepts exactly the
/// ones with standard castling rights, and every rejection names its reason.
#[test]
fn fuzz_castling_fields() {
    const LETTERS: &[u8] = b"KQkqABCDEFGHabcdefgh-xI1 ";
    let placements: Vec<String> = entries()
        .iter()
        .map(|(fen, _)| fen.split(' ').next().unwrap().to_string())
        .collect();
    let mut rng = Rng(0x960_960_960);
    let (mut accepted, mut rejected) = (0, 0);
    for i in 0..100_000 {
        let placement = &placements[i % placements.len()];
        let len = 1 + rng.below(5);
        let field: String = (0..len)
            .map(|_| LETTERS[rng.below(LETTERS.len())] as char)
            .collect();
        let side = if rng.below(2) == 0 { "w" } else { "b" };
        let fen = format!("{placement} {side} {field} - 0 1");
        match Board::from_fen(&fen) {
            Ok(board) => {
                accepted += 1;
                for text in [board.fen().to_string(), board.fen_shredder().to_string()] {
                    assert_eq!(Board::from_fen(&text), Ok(board), "{fen} -> {text}");
                }
                let moves = board.legal_moves();
                assert_eq!(moves.len() as u64, perft(&board, 1), "{fen}");
                // Standard chess reads it only when every right is a corner rook's
                // with the king on the e-file, and then to the same board.
                match Board::from_fen_chess960(&fen, false) {
                    Ok(standard) => {
                        assert!(board.has_standard_castling(), "{fen}");
                        assert_eq!(standard, board, "{fen}");
                    }
                    Err(e) => {
                        assert!(!board.has_standard_castling(), "{fen}: {e}");
                        assert!(
                            matches!(e, FenError::Illegal(PositionError::StandardCastling(_))),
                            "{fen}: {e:?}"
                        );
                    }
                }
            }
            Err(e) => {
                rejected += 1;
                assert!(!e.to_string().is_empty());
                assert!(Board::from_fen_chess960(&fen, false).is_err(), "{fen}");
            }
        }
    }
    assert!(
        accepted > 1_000 && rejected > 1_000,
        "{accepted} / {rejected}"
    );
}

/// 100,000 move texts on Chess960 positions, read in both castling conventions:
/// never a panic, and an accepted move is legal and prints back as the
/// text in that convention.
#[test]
fn fuzz_move_text() {
    const ALPHABET: &[char] = &[
        'a', 'b', 'c', 'e', 'f', 'g', 'h', '1', '2', '7', '8', 'q', 'n', 'x', '-', 'O', '0',
    ];
    let boards: Vec<Board> = entries()
        .iter()
        .map(|(fen, _)| Board::from_fen(fen).unwrap())
        .collect();
    let mut rng = Rng(0xfeed_0960);
    let mut legal = 0;
    for i in 0..100_000 {
        let board = &boards[i % boards.len()];
        let chess960 = rng.below(2) == 0;
        let text: String = if i % 3 == 0 {
            // A legal move's text in either convention, sometimes damaged.
            let moves = board.legal_moves();
            let mv = moves[rng.below(moves.len())];
            let mut text: Vec<char> = mv.uci(rng.below(2) == 0).to_string().chars().collect();
            if rng.below(3) == 0 {
                let at = rng.below(text.len());
                text[at] = ALPHABET[rng.below(ALPHABET.len())];
            }
            text.into_iter().collect()
        } else {
            (0..rng.below(7))
                .map(|_| ALPHABET[rng.below(ALPHABET.len())])
                .collect()
        };
        match board.parse_uci_move_chess960(&text, chess960) {
            Ok(mv) => {
                assert_eq!(mv.uci(chess960).to_string(), text, "{}", board.fen());
                assert!(board.legal_moves().contains(&mv));
                legal += 1;
            }
            Err(e) => assert!(!e.to_string().is_empty()),
        }
        if let Ok(mv) = board.parse_uci_move(&text) {
            assert!(mv.to_string() == text || mv.uci(true).to_string() == text);
        }
    }
    assert!(legal > 10_000, "{legal}");
}
