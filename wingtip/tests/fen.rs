//! FEN parsing and printing: round trips, each error by name, seeded fuzzing
//! (never a panic), and the incremental Zobrist key against a from-scratch key on
//! every node of shallow perft trees.

mod common;

use common::Rng;
use wingtip::{perft, zobrist, Board, Color, FenError, MoveError, PositionError, Square};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

fn fens() -> Vec<&'static str> {
    include_str!("data/perftsuite.epd")
        .lines()
        .chain(include_str!("data/cpw.epd").lines())
        .filter_map(|l| l.split(';').next())
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect()
}

#[test]
fn suite_fens_round_trip() {
    for fen in fens() {
        let board = Board::from_fen(fen).unwrap();
        assert_eq!(board.fen().to_string(), fen);
        assert_eq!(Board::from_fen(&board.fen().to_string()), Ok(board));
    }
}

#[test]
fn short_fens_default_counters() {
    let board = Board::from_fen("4k3/8/8/8/8/8/8/4K3 b - -").unwrap();
    assert_eq!(board.halfmove_clock(), 0);
    assert_eq!(board.fullmove_number(), 1);
    assert_eq!(board.side_to_move(), Color::Black);
    assert_eq!(board.fen().to_string(), "4k3/8/8/8/8/8/8/4K3 b - - 0 1");
    // Surrounding whitespace and repeated spaces are accepted.
    assert!(Board::from_fen("  4k3/8/8/8/8/8/8/4K3   w - - 3 9  ").is_ok());
}

#[test]
fn syntax_errors_by_name() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    let cases: Vec<(String, FenError)> = vec![
        ("".into(), FenError::FieldCount { found: 0 }),
        (format!("{start} w KQkq"), FenError::FieldCount { found: 3 }),
        (
            format!("{start} w KQkq - 0 1 x"),
            FenError::FieldCount { found: 7 },
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
            FenError::RankCount { found: 7 },
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8 w KQkq - 0 1".into(),
            FenError::RankCount { found: 9 },
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1".into(),
            FenError::BadPiece { rank: 1, ch: 'X' },
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN0 w KQkq - 0 1".into(),
            FenError::BadPiece { rank: 1, ch: '0' },
        ),
        (
            "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
            FenError::RankTooLong { rank: 7 },
        ),
        (
            "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
            FenError::BadPiece { rank: 6, ch: '9' },
        ),
        (
            "rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
            FenError::DigitsInARow { rank: 6 },
        ),
        (
            "rnbqkbnr/pppppppp/8/8/7/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
            FenError::RankTooShort { rank: 4 },
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/ w KQkq - 0 1".into(),
            FenError::RankTooShort { rank: 1 },
        ),
        (format!("{start} W KQkq - 0 1"), FenError::BadSide),
        (format!("{start} w KQkx - 0 1"), FenError::BadCastling),
        (format!("{start} w KK - 0 1"), FenError::BadCastling),
        // Shredder-FEN (`HAha`) is valid since Chess960; `I` is no file.
        (format!("{start} w HAhi - 0 1"), FenError::BadCastling),
        (format!("{start} w KQkq e9 0 1"), FenError::BadEnPassant),
        (format!("{start} w KQkq e3 0 1"), FenError::BadEnPassant),
        (format!("{start} b KQkq e6 0 1"), FenError::BadEnPassant),
        (format!("{start} w KQkq - -1 1"), FenError::BadHalfmoveClock),
        (format!("{start} w KQkq - x 1"), FenError::BadHalfmoveClock),
        (
            format!("{start} w KQkq - 0 99999999999"),
            FenError::BadFullmoveNumber,
        ),
        (
            format!("{start} w KQkq - 0 1.5"),
            FenError::BadFullmoveNumber,
        ),
    ];
    for (fen, expected) in cases {
        assert_eq!(Board::from_fen(&fen), Err(expected), "{fen:?}");
        let message = expected.to_string();
        assert!(!message.ends_with('.') && !message.contains('\n'));
        assert!(
            message.starts_with(|c: char| c.is_ascii_lowercase()),
            "{message}"
        );
    }
}

#[test]
fn legality_errors_by_name() {
    use PositionError::*;
    let cases = [
        ("8/8/8/8/8/8/8/4K3 w - - 0 1", MissingKing(Color::Black)),
        ("4k3/8/8/8/8/8/8/8 w - - 0 1", MissingKing(Color::White)),
        ("4k3/8/8/8/8/8/8/3KK3 w - - 0 1", TooManyKings(Color::White)),
        ("4k3/8/8/8/8/8/8/P3K3 w - - 0 1", PawnOnBackRank(Square::A1)),
        ("3pk3/8/8/8/8/8/8/4K3 w - - 0 1", PawnOnBackRank(Square::D8)),
        (
            "4k3/8/8/8/8/8/PPPPPPPP/PPPPKPPP w - - 0 1",
            TooManyPieces(Color::White),
        ),
        ("4k3/8/8/8/8/8/8/4K2R w KQ - 0 1", CastlingRights(2)),
        // (A king on d1 with a rook on h1 and `K` is Chess960 now, so legal.)
        ("4k3/8/8/8/8/8/3K3R/8 w K - 0 1", CastlingRights(1)),
        ("r3k3/8/8/8/8/8/8/4K3 w k - 0 1", CastlingRights(4)),
        ("4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", OppositeCheck),
        ("4k3/8/8/8/4p3/8/8/4K3 b - e3 0 1", EnPassant(Square::E3)),
        ("4k3/8/8/8/8/8/8/4K3 w - d6 0 1", EnPassant(Square::D6)),
        ("4k3/3p4/8/3p4/8/8/8/4K3 w - d6 0 1", EnPassant(Square::D6)),
        (
            "nnnnknnn/nnnnnnnn/n7/8/8/8/8/4K3 w - - 0 1",
            TooManyPieces(Color::Black),
        ),
    ];
    for (fen, expected) in cases {
        assert_eq!(
            Board::from_fen(fen),
            Err(FenError::Illegal(expected)),
            "{fen}"
        );
        let message = FenError::Illegal(expected).to_string();
        assert!(!message.ends_with('.'), "{message}");
    }
}

/// In standard chess a castling right needs its king on e1/e8 and its rook in the
/// corner; `from_fen_chess960(fen, false)` refuses any other right by name, where
/// Chess960's reading (and `from_fen`) accepts it.
#[test]
fn standard_chess_refuses_castling_rights_off_the_corners() {
    use PositionError::StandardCastling;
    // The king on d1: read the Chess960 way it castles d1a1 and d1h1, and in
    // standard notation its queen-side castling would print as the king's step d1c1.
    let d1 = "r3k2r/8/8/8/8/8/8/R2K3R w KQkq - 0 1";
    let err = Board::from_fen_chess960(d1, false).unwrap_err();
    assert_eq!(err, FenError::Illegal(StandardCastling('K')));
    assert_eq!(
        err.to_string(),
        "fen: illegal position: castling right 'K' needs the white king on e1 and a rook on h1 \
         in standard chess"
    );
    let chess960 = Board::from_fen_chess960(d1, true).unwrap();
    assert_eq!(Ok(chess960), Board::from_fen(d1));
    assert_eq!(perft(&chess960, 1), 26);
    let mut texts: Vec<String> = chess960
        .legal_moves()
        .iter()
        .map(|m| m.uci(true).to_string())
        .collect();
    texts.sort();
    texts.dedup();
    assert_eq!(texts.len(), 26, "{texts:?}");
    // Without the rights standard chess cannot have (python-chess's reading): 24.
    let standard = Board::from_fen_chess960("r3k2r/8/8/8/8/8/8/R2K3R w kq - 0 1", false).unwrap();
    assert_eq!(perft(&standard, 1), 24);
    assert!(standard.legal_moves().iter().all(|m| !m.is_castling()));

    let refused = [
        ("r3k2r/8/8/8/8/8/8/R2K3R w Qkq - 0 1", 'Q'),
        ("r2k3r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", 'k'),
        ("r2k3r/8/8/8/8/8/8/R3K2R w KQq - 0 1", 'q'),
        // A rook beside the corner, the king in place.
        ("4k3/8/8/8/8/8/8/R3K1R1 w K - 0 1", 'K'),
        ("1r2k2r/8/8/8/8/8/8/4K3 b q - 0 1", 'q'),
        // Shredder-FEN and X-FEN letters for other files are Chess960's.
        ("4k3/8/8/8/8/8/8/R1R1K2R w KC - 0 1", 'C'),
        ("1r2k1r1/8/8/8/8/8/8/4K3 w gb - 0 1", 'g'),
        ("4k3/8/8/8/8/8/8/3RK2R w D - 0 1", 'D'),
        // Corner letters with the king off the e-file.
        ("4k3/8/8/8/8/8/8/R4K1R w HA - 0 1", 'H'),
        ("r4k1r/8/8/8/8/8/8/4K3 w a - 0 1", 'a'),
    ];
    for (fen, letter) in refused {
        let err = Board::from_fen_chess960(fen, false).unwrap_err();
        assert_eq!(err, FenError::Illegal(StandardCastling(letter)), "{fen}");
        let message = err.to_string();
        assert!(message.contains(&format!("'{letter}'")), "{message}");
        assert!(
            !message.contains('\n') && !message.ends_with('.'),
            "{message}"
        );
        // Chess960 reads each of them.
        let board = Board::from_fen_chess960(fen, true).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert!(!board.has_standard_castling(), "{fen}");
    }
    assert_eq!(
        StandardCastling('k').to_string(),
        "castling right 'k' needs the black king on e8 and a rook on h8 in standard chess"
    );
    assert_eq!(
        StandardCastling('A').to_string(),
        "castling right 'A' needs the white king on e1 and a rook on a1 in standard chess"
    );
    assert_eq!(
        StandardCastling('c').to_string(),
        "castling letter 'c' is Chess960's: standard chess castles only with the rooks on the \
         a- and h-files"
    );

    // Standard castling reads the same in both modes, Shredder-FEN letters included.
    for (fen, same_as) in [
        (KIWIPETE, KIWIPETE),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ),
        (
            "4k3/8/8/8/8/8/8/4K2R w H - 0 1",
            "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
        ),
        (
            "r3k3/8/8/8/8/8/8/4K3 b a - 0 1",
            "r3k3/8/8/8/8/8/8/4K3 b q - 0 1",
        ),
    ] {
        let board = Board::from_fen_chess960(fen, false).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(Ok(board), Board::from_fen(same_as), "{fen}");
        assert_eq!(Ok(board), Board::from_fen_chess960(fen, true), "{fen}");
        assert!(board.has_standard_castling());
    }
    // Every suite position is standard chess.
    for fen in fens() {
        assert_eq!(
            Board::from_fen_chess960(fen, false),
            Board::from_fen(fen),
            "{fen}"
        );
    }
    // Other faults keep their own errors in standard mode.
    assert_eq!(
        Board::from_fen_chess960("4k3/8/8/8/8/8/8/4K2R w KK - 0 1", false),
        Err(FenError::BadCastling)
    );
    assert_eq!(
        Board::from_fen_chess960("4k3/8/8/8/8/8/8/4K2R w KH - 0 1", false),
        Err(FenError::Illegal(PositionError::CastlingSideTwice(1)))
    );
}

#[test]
fn en_passant_square_kept_only_when_capturable() {
    // A black pawn on d4 can take on e3: kept.
    let b = Board::from_fen("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1").unwrap();
    assert_eq!(b.en_passant(), Some(Square::E3));
    // No black pawn next to e4: dropped, and the hash equals the position without it.
    let b = Board::from_fen("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1").unwrap();
    assert_eq!(b.en_passant(), None);
    assert_eq!(
        b,
        Board::from_fen("4k3/8/8/8/4P3/8/8/4K3 b - - 0 1").unwrap()
    );
    // After a double push next to an enemy pawn, the square is set.
    let mut b = Board::from_fen("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1").unwrap();
    b.make_move(b.parse_uci_move("e2e4").unwrap());
    assert_eq!(b.fen().to_string(), "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
}

#[test]
fn uci_move_errors() {
    let board = Board::from_fen(KIWIPETE).unwrap();
    for text in [
        "", "e2", "e2e4e", "e2e4qq", "i2i4", "e0e1", "e2e4k", "E2E4", "e2-e4", "é2e4",
    ] {
        assert_eq!(
            board.parse_uci_move(text),
            Err(MoveError::Malformed),
            "{text:?}"
        );
    }
    for text in ["e2e5", "a1a8", "e1c1q", "d5d6q", "a2a4q", "e8g8"] {
        assert_eq!(
            board.parse_uci_move(text),
            Err(MoveError::Illegal),
            "{text:?}"
        );
    }
    for mv in board.legal_moves().iter() {
        assert_eq!(board.parse_uci_move(&mv.to_string()), Ok(*mv));
    }
    assert!(board.parse_uci_move("e1g1").unwrap().is_castling());
    assert!(board.parse_uci_move("e1c1").unwrap().is_castling());
}

/// Checks what must hold for any input: no panic, and an accepted FEN prints to
/// text that parses back to the same board and supports move generation.
fn check_any(text: &str) -> bool {
    let standard = Board::from_fen_chess960(text, false);
    match Board::from_fen(text) {
        Ok(board) => {
            // Standard chess reads exactly the positions with standard castling.
            if board.has_standard_castling() {
                assert_eq!(standard, Ok(board), "{text:?}");
            } else {
                assert!(
                    matches!(
                        standard,
                        Err(FenError::Illegal(PositionError::StandardCastling(_)))
                    ),
                    "{text:?}: {standard:?}"
                );
            }
            let printed = board.fen().to_string();
            assert_eq!(
                Board::from_fen(&printed),
                Ok(board),
                "{text:?} -> {printed:?}"
            );
            let moves = board.legal_moves();
            assert_eq!(moves.len() as u64, perft(&board, 1));
            for mv in moves.iter().take(3) {
                let mut child = board;
                child.make_move(*mv);
                assert_eq!(child.hash(), zobrist::hash_of(&child));
            }
            true
        }
        Err(e) => {
            let message = e.to_string();
            assert!(!message.is_empty() && !message.contains('\n'));
            assert!(standard.is_err(), "{text:?}");
            false
        }
    }
}

#[test]
fn fuzz_fen_never_panics() {
    const ALPHABET: &[char] = &[
        'p', 'n', 'b', 'r', 'q', 'k', 'P', 'N', 'B', 'R', 'Q', 'K', '1', '2', '3', '4', '5', '6',
        '7', '8', '9', '0', '/', ' ', ' ', ' ', 'w', 'b', '-', 'a', 'c', 'd', 'e', 'f', 'g', 'h',
        'x', '\t', 'é', '♔', '\0', '+',
    ];
    let seeds = fens();
    let mut rng = Rng(0x5eed_f00d_1234_5678);
    let mut accepted = 0;
    for i in 0..120_000 {
        let text: String = if i % 3 == 0 {
            // Random text from the FEN alphabet.
            let len = rng.below(90);
            (0..len)
                .map(|_| ALPHABET[rng.below(ALPHABET.len())])
                .collect()
        } else {
            // A suite FEN with 1–4 random edits.
            let mut chars: Vec<char> = seeds[rng.below(seeds.len())].chars().collect();
            for _ in 0..1 + rng.below(4) {
                let pos = rng.below(chars.len() + 1);
                let ch = ALPHABET[rng.below(ALPHABET.len())];
                match rng.below(4) {
                    0 if pos < chars.len() => chars[pos] = ch,
                    1 if pos < chars.len() => {
                        chars.remove(pos);
                    }
                    2 => chars.insert(pos, ch),
                    _ => {
                        // Swap two characters.
                        let other = rng.below(chars.len().max(1));
                        if pos < chars.len() && other < chars.len() {
                            chars.swap(pos, other);
                        }
                    }
                }
            }
            chars.into_iter().collect()
        };
        if check_any(&text) {
            accepted += 1;
        }
    }
    // Both paths are exercised: plenty of mutants are still legal positions.
    assert!(
        accepted > 1_000 && accepted < 120_000,
        "accepted {accepted} of 120,000"
    );
}

/// Walks every node `depth` plies deep, checking at each node the incremental hash
/// against the from-scratch one, the FEN round trip, and that `legal_captures` is
/// exactly the captures and promotions of `legal_moves`.
fn walk(board: &Board, depth: u32) -> u64 {
    assert_eq!(board.hash(), zobrist::hash_of(board), "{}", board.fen());
    assert_eq!(
        Board::from_fen(&board.fen().to_string()).as_ref(),
        Ok(board)
    );
    let mut filtered = board.legal_moves();
    filtered.retain(|mv| mv.is_capture() || mv.promoted().is_some());
    assert_eq!(&*board.legal_captures(), &*filtered, "{}", board.fen());
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    for mv in board.legal_moves().iter() {
        let mut child = *board;
        child.make_move(*mv);
        nodes += walk(&child, depth - 1);
    }
    nodes
}

#[test]
fn zobrist_incremental_equals_scratch_on_perft_trees() {
    let cases = [
        (KIWIPETE, 3, 97_862),
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 4, 43_238),
        (
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            3,
            9_467,
        ),
        (
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            3,
            62_379,
        ),
    ];
    for (fen, depth, nodes) in cases {
        assert_eq!(walk(&Board::from_fen(fen).unwrap(), depth), nodes, "{fen}");
    }
}

#[test]
fn transpositions_hash_equal() {
    let play = |moves: &[&str]| {
        let mut b = Board::startpos();
        for m in moves {
            b.make_move(b.parse_uci_move(m).unwrap());
        }
        b
    };
    let a = play(&["g1f3", "g8f6", "b1c3", "b8c6"]);
    let b = play(&["b1c3", "b8c6", "g1f3", "g8f6"]);
    assert_eq!(a.hash(), b.hash());
    assert_eq!(a, b);
    // Same pieces, other side to move: different key.
    let c = play(&["g1f3", "g8f6", "f3g1", "f6g8"]);
    assert_eq!(c.hash() ^ Board::startpos().hash(), 0);
    let mut d = c;
    d.make_null_move();
    assert_ne!(d.hash(), c.hash());
}

#[test]
fn fuzz_uci_move_never_panics() {
    const ALPHABET: &[char] = &[
        'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', '1', '2', '3', '4', '5', '6', '7', '8', '9',
        '0', 'q', 'r', 'n', 'k', 'p', 'Q', ' ', '-', 'é',
    ];
    let boards = [
        Board::from_fen(KIWIPETE).unwrap(),
        Board::from_fen("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1")
            .unwrap(),
    ];
    let mut rng = Rng(0xdead_beef_cafe_f00d);
    let mut legal = 0;
    for i in 0..50_000 {
        let board = &boards[i % 2];
        let len = rng.below(7);
        let mut text: String = (0..len)
            .map(|_| ALPHABET[rng.below(ALPHABET.len())])
            .collect();
        if i % 4 == 0 {
            // A legal move's text, sometimes with one character replaced.
            let moves = board.legal_moves();
            text = moves[rng.below(moves.len())].to_string();
            if rng.below(2) == 0 {
                let mut chars: Vec<char> = text.chars().collect();
                let at = rng.below(chars.len());
                chars[at] = ALPHABET[rng.below(ALPHABET.len())];
                text = chars.into_iter().collect();
            }
        }
        match board.parse_uci_move(&text) {
            Ok(mv) => {
                // Castling reads in both conventions (e1g1 and king takes rook e1h1).
                assert!(mv.to_string() == text || mv.uci(true).to_string() == text);
                assert!(board.legal_moves().contains(&mv));
                legal += 1;
            }
            Err(e) => assert!(!e.to_string().is_empty()),
        }
    }
    assert!(legal > 0);
}
