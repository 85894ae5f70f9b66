//! Move generation on positions reached by seeded random playouts, from the
//! standard start position and from the 960 Chess960 start positions: on every
//! position the legal move list holds no move twice, no two of its moves share a
//! text in the notation of the game's kind (castling as the king's destination,
//! `e1g1`, in standard chess; king takes rook, `e1h1`, in Chess960), its length is
//! perft(1), and the FEN reads back by the rules of the game's kind (standard
//! chess never refuses a position reached by standard play). The python-chess
//! comparison of such playouts is in `differential.rs`.

mod common;

use common::{chess960_back_rank, chess960_start_fen, playouts};
use wingtip::{perft, perft_divide, Board, FenError, PositionError};

/// Checks one position of a game of standard chess (`chess960` false) or of
/// Chess960, and returns its number of legal moves.
fn check(board: &Board, chess960: bool) -> usize {
    let fen = board.fen().to_string();
    let moves = board.legal_moves();
    let mut raw: Vec<u32> = moves.iter().map(|m| m.0).collect();
    raw.sort_unstable();
    raw.dedup();
    assert_eq!(raw.len(), moves.len(), "a move twice in {fen}");
    assert_eq!(moves.len() as u64, perft(board, 1), "{fen}");
    assert_eq!(moves.len() as u64, board.count_legal_moves(), "{fen}");
    let mut listed = 0;
    let total = perft_divide(board, 1, |_, n| listed += n);
    assert_eq!((total, listed), (moves.len() as u64, total), "{fen}");

    // Distinct texts in the game's notation (and in standard notation whenever
    // the castling rights are standard ones).
    let notations: &[bool] = if !chess960 {
        &[false]
    } else if board.has_standard_castling() {
        &[true, false]
    } else {
        &[true]
    };
    for &king_takes_rook in notations {
        let mut texts: Vec<String> = moves
            .iter()
            .map(|m| m.uci(king_takes_rook).to_string())
            .collect();
        texts.sort();
        texts.dedup();
        assert_eq!(texts.len(), moves.len(), "two moves alike in {fen}");
        for text in &texts {
            let mv = board
                .parse_uci_move_chess960(text, king_takes_rook)
                .unwrap_or_else(|e| panic!("{fen}: {text}: {e}"));
            assert_eq!(mv.uci(king_takes_rook).to_string(), *text);
        }
    }

    // The FEN reads back by the rules of the game's kind; standard chess reads
    // exactly the positions whose castling rights are standard.
    assert_eq!(Board::from_fen_chess960(&fen, chess960).as_ref(), Ok(board));
    if chess960 {
        let shredder = board.fen_shredder().to_string();
        assert_eq!(
            Board::from_fen_chess960(&shredder, true).as_ref(),
            Ok(board)
        );
        let standard = Board::from_fen_chess960(&fen, false);
        if board.has_standard_castling() {
            assert_eq!(standard.as_ref(), Ok(board), "{fen}");
        } else {
            assert!(
                matches!(
                    standard,
                    Err(FenError::Illegal(PositionError::StandardCastling(_)))
                ),
                "{fen}: {standard:?}"
            );
        }
    } else {
        assert!(board.has_standard_castling(), "{fen}");
    }
    moves.len()
}

#[test]
fn chess960_start_positions_follow_the_standard_numbering() {
    assert_eq!(&chess960_back_rank(518), b"RNBQKBNR");
    assert_eq!(&chess960_back_rank(0), b"BBQNNRKR");
    assert_eq!(&chess960_back_rank(959), b"RKRNNQBB");
    let mut seen = std::collections::HashSet::new();
    for n in 0..960 {
        let rank = chess960_back_rank(n);
        assert!(seen.insert(rank), "{n} repeats");
        let file = |piece: u8| rank.iter().position(|&p| p == piece).unwrap();
        let rooks: Vec<usize> = (0..8).filter(|&f| rank[f] == b'R').collect();
        let bishops: Vec<usize> = (0..8).filter(|&f| rank[f] == b'B').collect();
        assert!(rooks[0] < file(b'K') && file(b'K') < rooks[1], "{n}");
        assert_ne!(bishops[0] % 2, bishops[1] % 2, "{n}");
        let board = Board::from_fen_chess960(&chess960_start_fen(n), true).unwrap();
        assert_eq!(board.castling_rights(), 15);
        assert_eq!(
            board.fen_shredder().to_string().split(' ').nth(2).unwrap(),
            format!(
                "{}{}{}{}",
                (b'A' + rooks[1] as u8) as char,
                (b'A' + rooks[0] as u8) as char,
                (b'a' + rooks[1] as u8) as char,
                (b'a' + rooks[0] as u8) as char
            )
        );
    }
}

#[test]
fn standard_playouts_list_each_move_once() {
    let positions = playouts(2026, 250, 80, false);
    assert!(positions.len() > 5_000, "{}", positions.len());
    let moves: usize = positions.iter().map(|b| check(b, false)).sum();
    let castles = positions
        .iter()
        .filter(|b| b.legal_moves().iter().any(|m| m.is_castling()))
        .count();
    assert!(
        moves > 100_000 && castles > 100,
        "{} positions, {moves} moves, {castles} with castling",
        positions.len()
    );
}

#[test]
fn chess960_playouts_list_each_move_once() {
    let positions = playouts(960, 400, 60, true);
    assert!(positions.len() > 5_000, "{}", positions.len());
    let moves: usize = positions.iter().map(|b| check(b, true)).sum();
    let castles = positions
        .iter()
        .filter(|b| b.legal_moves().iter().any(|m| m.is_castling()))
        .count();
    let standard = positions
        .iter()
        .filter(|b| b.castling_rights() != 0 && b.has_standard_castling())
        .count();
    assert!(
        moves > 100_000 && castles > 500 && standard > 0,
        "{moves} moves, {castles} with castling, {standard} with standard rights"
    );
}

/// The king on d1 with rooks on a1 and h1: a Chess960 position with both white
/// rights, refused by standard chess, and without those rights python-chess's 24.
#[test]
fn king_on_d1_with_corner_rooks() {
    let fen = "r3k2r/8/8/8/8/8/8/R2K3R w KQkq - 0 1";
    assert_eq!(
        Board::from_fen_chess960(fen, false),
        Err(FenError::Illegal(PositionError::StandardCastling('K')))
    );
    let chess960 = Board::from_fen_chess960(fen, true).unwrap();
    assert_eq!(check(&chess960, true), 26);
    let standard = Board::from_fen_chess960("r3k2r/8/8/8/8/8/8/R2K3R w kq - 0 1", false).unwrap();
    assert_eq!(check(&standard, false), 24);
}
