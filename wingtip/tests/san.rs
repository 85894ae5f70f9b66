//! SAN writer and parser: behaviour by case, round trips over the perft suite, and
//! a seeded fuzz of random text. The move-by-move comparison with python-chess is
//! tests/san_differential.rs.

mod common;

use common::Rng;
use wingtip::{Board, Move, San, SanError};

fn board(fen: &str) -> Board {
    Board::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn uci(board: &Board, text: &str) -> Move {
    board
        .parse_uci_move(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// SAN of the UCI move `text`.
fn san(board: &Board, text: &str) -> String {
    board.san(uci(board, text)).to_string()
}

/// UCI text of the move the SAN `text` names.
fn parsed(board: &Board, text: &str) -> Result<String, SanError> {
    board.parse_san(text).map(|mv| mv.to_string())
}

fn ok(text: &str) -> Result<String, SanError> {
    Ok(text.to_string())
}

#[test]
fn pieces_and_pawns() {
    let start = Board::startpos();
    assert_eq!(san(&start, "g1f3"), "Nf3");
    assert_eq!(san(&start, "e2e4"), "e4");
    assert_eq!(san(&start, "e2e3"), "e3");
    let b = board("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2");
    assert_eq!(san(&b, "e4d5"), "exd5");
    assert_eq!(san(&b, "f1b5"), "Bb5+");
    assert_eq!(san(&b, "e4e5"), "e5");
    assert_eq!(san(&b, "e1e2"), "Ke2");
}

#[test]
fn disambiguation_by_file_rank_and_both() {
    // File: knights on b8 and f6 both reach d7.
    let b = board("rn1qkb1r/ppp1pppp/5n2/3p4/3P4/5N2/PPP1PPPP/RNBQKB1R b KQkq - 2 3");
    assert_eq!(san(&b, "b8d7"), "Nbd7");
    assert_eq!(san(&b, "f6d7"), "Nfd7");
    // Rank: rooks on a1 and a4 share the file.
    let b = board("4k3/8/8/8/R7/8/8/R3K3 w - - 0 1");
    assert_eq!(san(&b, "a1a3"), "R1a3");
    assert_eq!(san(&b, "a4a3"), "R4a3");
    assert_eq!(san(&b, "a1a2"), "R1a2");
    assert_eq!(san(&b, "a1b1"), "Rb1");
    // File when it suffices, rank when the file is shared, both when neither alone
    // tells the queens apart.
    let b = board("1k6/8/K7/8/4Q2Q/8/8/7Q w - - 0 1");
    assert_eq!(san(&b, "h4e1"), "Qh4e1");
    assert_eq!(san(&b, "e4e1"), "Qee1");
    assert_eq!(san(&b, "h1e1"), "Q1e1");
    // Rooks on one rank.
    let b = board("3k4/8/3K4/8/8/8/8/R6R w - - 0 1");
    assert_eq!(san(&b, "a1d1"), "Rad1");
    assert_eq!(san(&b, "h1d1"), "Rhd1");
    assert_eq!(san(&b, "a1a8"), "Ra8#");
    // Three knights: only the ones that reach the target count.
    let b = board("2N5/8/8/8/8/8/8/k1N1N2K w - - 0 1");
    assert_eq!(san(&b, "e1d3"), "Ned3");
    assert_eq!(san(&b, "c1d3"), "Ncd3");
    assert_eq!(san(&b, "e1f3"), "Nf3");
    assert_eq!(san(&b, "c8d6"), "Nd6");
}

#[test]
fn a_pinned_piece_does_not_disambiguate() {
    // The knight on c3 is pinned by the bishop on a5, so the g1 knight's e2 move
    // needs no file (as python-chess and the PGN standard say).
    let b = board("4k3/8/8/b7/8/2N5/8/4K1N1 w - - 0 1");
    assert_eq!(san(&b, "g1e2"), "Ne2");
}

#[test]
fn promotions() {
    let b = board("3qk3/4P3/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(san(&b, "e7d8q"), "exd8=Q+");
    assert_eq!(san(&b, "e7d8n"), "exd8=N");
    assert_eq!(san(&b, "e7d8r"), "exd8=R+");
    assert_eq!(san(&b, "e7d8b"), "exd8=B");
    let b = board("7k/8/8/8/8/8/1p6/R6K b - - 0 1");
    assert_eq!(san(&b, "b2a1q"), "bxa1=Q+");
    assert_eq!(san(&b, "b2b1r"), "b1=R+");
    assert_eq!(san(&b, "b2b1n"), "b1=N");
    assert_eq!(parsed(&b, "b1=R+"), ok("b2b1r"));
    assert_eq!(parsed(&b, "b1R"), ok("b2b1r"));
    assert_eq!(parsed(&b, "b1=r"), ok("b2b1r"));
    assert_eq!(parsed(&b, "b1n"), ok("b2b1n"));
    assert_eq!(parsed(&b, "bxa1=Q"), ok("b2a1q"));
    assert_eq!(parsed(&b, "ba1Q"), ok("b2a1q"));
    assert_eq!(parsed(&b, "b2a1q"), ok("b2a1q"));
    assert_eq!(parsed(&b, "b1"), Err(SanError::MissingPromotion));
    assert_eq!(parsed(&b, "bxa1"), Err(SanError::MissingPromotion));
    assert_eq!(parsed(&b, "b2b1"), Err(SanError::MissingPromotion));
    assert_eq!(parsed(&b, "b1=K"), Err(SanError::Illegal));
    assert_eq!(parsed(&b, "b1=P"), Err(SanError::Malformed));
    assert_eq!(parsed(&b, "Kb1=Q"), Err(SanError::Illegal));
}

#[test]
fn en_passant() {
    let b = board("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
    assert_eq!(san(&b, "e5d6"), "exd6");
    assert_eq!(parsed(&b, "exd6"), ok("e5d6"));
    assert_eq!(parsed(&b, "ed6"), ok("e5d6"));
    assert_eq!(parsed(&b, "exd6e.p."), Err(SanError::Malformed));
    assert!(uci(&b, "e5d6").is_en_passant());
}

#[test]
fn castling_both_sides_with_checks_and_mates() {
    let b = board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_eq!(san(&b, "e1g1"), "O-O");
    assert_eq!(san(&b, "e1c1"), "O-O-O");
    let b = board("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
    assert_eq!(san(&b, "e8g8"), "O-O");
    assert_eq!(san(&b, "e8c8"), "O-O-O");
    assert_eq!(
        san(&board("5k2/8/8/8/8/8/8/4K2R w K - 0 1"), "e1g1"),
        "O-O+"
    );
    let b = board("2rkr3/2p1p3/8/8/8/8/8/R3K3 w Q - 0 1");
    assert_eq!(san(&b, "e1c1"), "O-O-O#");
    assert_eq!(san(&b, "a1d1"), "Rd1#");
    assert_eq!(
        san(&board("4rkr1/4p1p1/8/8/8/8/8/4K2R w K - 0 1"), "e1g1"),
        "O-O#"
    );
}

#[test]
fn castling_spellings() {
    let b = board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    for (text, expected) in [
        ("O-O", "e1g1"),
        ("0-0", "e1g1"),
        ("O-O+", "e1g1"),
        ("0-0#", "e1g1"),
        ("O-O!", "e1g1"),
        ("O-O-O", "e1c1"),
        ("0-0-0", "e1c1"),
        ("O-O-O+?!", "e1c1"),
        ("e1g1", "e1g1"),
        ("e1h1", "e1g1"),
        ("e1c1", "e1c1"),
        ("e1a1", "e1c1"),
    ] {
        assert_eq!(parsed(&b, text), ok(expected), "{text}");
        assert!(b.parse_san(text).unwrap().is_castling(), "{text}");
    }
    // A king letter and the castling target is not castling in SAN.
    assert_eq!(parsed(&b, "Kg1"), Err(SanError::Illegal));
    assert_eq!(parsed(&b, "Ke1g1"), Err(SanError::Illegal));
    assert_eq!(parsed(&b, "o-o"), Err(SanError::Malformed));
    assert_eq!(parsed(&b, "O-O-O-O"), Err(SanError::Malformed));
    assert_eq!(parsed(&Board::startpos(), "O-O"), Err(SanError::Illegal));
    // No right, no castling: e1h1 is then no move at all.
    let b = board("4k3/8/8/8/8/8/8/R3K2R w Q - 0 1");
    assert_eq!(parsed(&b, "O-O"), Err(SanError::Illegal));
    assert_eq!(parsed(&b, "e1h1"), Err(SanError::Illegal));
    assert_eq!(parsed(&b, "O-O-O"), ok("e1c1"));
}

#[test]
fn check_and_mate_suffixes() {
    let b = board("6k1/5ppp/8/8/8/8/8/R3K3 w Q - 0 1");
    assert_eq!(san(&b, "a1a8"), "Ra8#");
    assert_eq!(san(&b, "a1a7"), "Ra7");
    let b = board("1k6/8/1K6/8/8/8/8/R7 w - - 0 1");
    assert_eq!(san(&b, "a1a8"), "Ra8+");
    // Fool's mate.
    let b = board("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq g3 0 2");
    assert_eq!(san(&b, "d8h4"), "Qh4#");
    // Stalemate is no suffix.
    let b = board("k7/8/1Q6/8/8/8/8/7K w - - 0 1");
    assert_eq!(san(&b, "b6c7"), "Qc7");
    assert_eq!(
        board("k7/2Q5/8/8/8/8/8/7K b - - 1 1").legal_moves().len(),
        0
    );
}

#[test]
fn annotations_and_suffixes_are_accepted() {
    let start = Board::startpos();
    for text in [
        "e4", "e4!", "e4?", "e4!!", "e4??", "e4!?", "e4?!", "e4+", "e4#", "e4+!?", "e4#??",
    ] {
        assert_eq!(parsed(&start, text), ok("e2e4"), "{text}");
    }
    for text in [
        "e4!!!", "e4!+", "e4++", "e4+#", "e4 !", "!e4", "e4=", "e4=!",
    ] {
        assert_eq!(parsed(&start, text), Err(SanError::Malformed), "{text}");
    }
}

#[test]
fn lenient_spellings() {
    let start = Board::startpos();
    for (text, expected) in [
        ("Nf3", "g1f3"),
        ("Ngf3", "g1f3"),
        ("N1f3", "g1f3"),
        ("Ng1f3", "g1f3"),
        ("Ng1-f3", "g1f3"),
        ("Ng1xf3", "g1f3"),
        ("Nxf3", "g1f3"), // the capture mark is not checked, as in python-chess
        ("g1f3", "g1f3"),
        ("e2e4", "e2e4"),
        ("e2-e4", "e2e4"),
        ("2e4", "e2e4"),
        ("ee4", "e2e4"),
    ] {
        assert_eq!(parsed(&start, text), ok(expected), "{text}");
    }
    // A pawn capture without `x` needs the pawn's file; without it, the text is a push.
    let b = board("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
    assert_eq!(parsed(&b, "exd5"), ok("e4d5"));
    assert_eq!(parsed(&b, "ed5"), ok("e4d5"));
    assert_eq!(parsed(&b, "e4d5"), ok("e4d5"));
    assert_eq!(parsed(&b, "e4xd5"), ok("e4d5"));
    assert_eq!(parsed(&b, "d5"), Err(SanError::Illegal));
    assert_eq!(parsed(&b, "xd5"), Err(SanError::Illegal));
    assert_eq!(parsed(&b, "4xd5"), Err(SanError::Illegal));
}

#[test]
fn errors_by_name() {
    let start = Board::startpos();
    for text in [
        "", " ", "e", "Nf", "N", "e9", "i4", "Pe4", "pe4", "nf3", "NNf3", "Nf3 ", " Nf3", "e4\n",
        "Nf3=", "Exd5", "exD5", "e4,e5", "é4", "Nf3\0", "O-O-", "00",
    ] {
        assert_eq!(parsed(&start, text), Err(SanError::Malformed), "{text:?}");
    }
    for text in [
        "Nf4", "e5", "Ke2", "Bb5", "O-O-O", "Nf3=Q", "g1f4", "Nf3f3", "a1a8",
    ] {
        assert_eq!(parsed(&start, text), Err(SanError::Illegal), "{text}");
    }
    let knights = board("4k3/8/8/8/8/2N3N1/8/4K3 w - - 0 1");
    assert_eq!(parsed(&knights, "Ne4"), Err(SanError::Ambiguous));
    assert_eq!(parsed(&knights, "N3e4"), Err(SanError::Ambiguous));
    assert_eq!(parsed(&knights, "Nce4"), ok("c3e4"));
    assert_eq!(parsed(&knights, "Nge4"), ok("g3e4"));
    assert_eq!(parsed(&knights, "Nc3e4"), ok("c3e4"));
    for text in ["--", "Z0", "0000", "@@@@"] {
        assert_eq!(parsed(&start, text), Err(SanError::NullMove), "{text}");
    }
    let b = board("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(parsed(&b, "a8"), Err(SanError::MissingPromotion));
}

#[test]
fn error_messages_are_lower_case_one_liners() {
    use std::error::Error;
    for e in [
        SanError::Malformed,
        SanError::Illegal,
        SanError::Ambiguous,
        SanError::MissingPromotion,
        SanError::NullMove,
    ] {
        let text = e.to_string();
        assert!(!text.is_empty() && !text.ends_with('.') && !text.contains('\n'));
        assert!(text.starts_with(|c: char| c.is_ascii_lowercase()), "{text}");
        assert!(e.source().is_none());
    }
}

#[test]
fn a_move_that_is_not_legal_writes_as_null() {
    let start = Board::startpos();
    assert_eq!(start.san(Move::NULL), San::NULL);
    assert_eq!(start.san(Move::NULL), "--");
    // A legal move of another position.
    let other = board("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
    assert_eq!(start.san(uci(&other, "e5d6")), "--");
    // Every 24-bit value.
    for bits in (0..1u32 << 24).step_by(4099) {
        let text = start.san(Move(bits));
        assert!(text == "--" || start.legal_moves().contains(&Move(bits)));
    }
}

fn suite_boards() -> Vec<Board> {
    let suite = include_str!("data/perftsuite.epd");
    suite
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| board(l.split(';').next().unwrap().trim()))
        .collect()
}

#[test]
fn every_move_of_the_perft_suite_round_trips() {
    let mut moves = 0;
    for b in suite_boards() {
        // The positions one ply deeper too, for more checks, mates and promotions.
        let mut boards = vec![b];
        for &mv in b.legal_moves().iter() {
            let mut child = b;
            child.make_move(mv);
            boards.push(child);
        }
        for b in boards {
            for &mv in b.legal_moves().iter() {
                let san = b.san(mv);
                let text = san.as_str();
                assert!((2..=7).contains(&text.len()), "{text}");
                assert_eq!(b.parse_san(text), Ok(mv), "{} {text}", b.fen());
                // The suffix matches the position after the move.
                let mut after = b;
                after.make_move(mv);
                let mate = after.in_check() && after.legal_moves().is_empty();
                assert_eq!(text.ends_with('#'), mate, "{text}");
                assert_eq!(text.ends_with('+'), after.in_check() && !mate, "{text}");
                moves += 1;
            }
        }
    }
    assert!(moves > 20_000, "{moves}");
}

#[test]
fn fuzz_never_panics_and_only_returns_legal_moves() {
    const CHARS: &[char] = &[
        'N', 'B', 'R', 'Q', 'K', 'P', 'n', 'b', 'r', 'q', 'k', 'a', 'c', 'd', 'e', 'f', 'g', 'h',
        'i', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'x', '-', '=', '+', '#', '!', '?',
        'O', 'o', 'Z', '@', ' ', ',', '.', 'é', '\0', '♞',
    ];
    let mut boards = suite_boards();
    boards.push(Board::startpos());
    let mut rng = Rng(0x5a17_2026_0d15_ea5e);
    let mut accepted = 0;
    for i in 0..50_000 {
        let b = &boards[rng.below(boards.len())];
        let mut text = String::new();
        if i % 2 == 0 {
            // Mutate a real SAN of the position, to get near-misses.
            let legal = b.legal_moves();
            text.push_str(b.san(legal[rng.below(legal.len())]).as_str());
            for _ in 0..=rng.below(2) {
                let mut chars: Vec<char> = text.chars().collect();
                let at = rng.below(chars.len() + 1);
                match rng.below(3) {
                    0 if at < chars.len() => {
                        chars.remove(at);
                    }
                    1 if at < chars.len() => chars[at] = CHARS[rng.below(CHARS.len())],
                    _ => chars.insert(at, CHARS[rng.below(CHARS.len())]),
                }
                text = chars.into_iter().collect();
            }
        } else {
            for _ in 0..rng.below(10) {
                text.push(CHARS[rng.below(CHARS.len())]);
            }
        }
        if let Ok(mv) = b.parse_san(&text) {
            assert!(b.legal_moves().contains(&mv), "{text} gave {mv:?}");
            // Whatever was accepted names the move its SAN names.
            assert_eq!(b.parse_san(b.san(mv).as_str()), Ok(mv), "{text}");
            accepted += 1;
        }
    }
    // Near-misses of real SAN are often still valid; make sure both outcomes occur.
    assert!(accepted > 1_000 && accepted < 40_000, "{accepted} accepted");
}
