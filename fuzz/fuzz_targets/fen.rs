//! Any bytes → `Board::from_fen` (standard FEN, X-FEN and Shredder-FEN) and
//! `Board::from_fen_chess960` (castling by Chess960's or standard chess's rules).
//!
//! `from_fen_chess960(text, true)` answers as `from_fen`; `from_fen_chess960(text,
//! false)` reads exactly the positions `from_fen` reads with standard castling, as
//! the same board. For a position that parses:
//! - its FEN and its Shredder-FEN each parse back to an equal board, and printing
//!   that board again gives the same text;
//! - the legal move count agrees four ways: `legal_moves`, `count_legal_moves`,
//!   `generate_moves`' bulk visitor (counted and iterated) and `perft(1)`, and the
//!   bulk visitor hands out the same moves;
//! - every legal move leaves the mover's king safe, and the position after it prints
//!   a FEN that parses back to an equal board (hash included), so the incremental
//!   update and the parser agree; `perft(2)` is the sum of the replies.
#![no_main]

use libfuzzer_sys::fuzz_target;
use wingtip::{perft, Board, FenError, PositionError};

/// The largest halfmove clock and fullmove number a FEN may hold.
const MAX_COUNTER: u32 = 1 << 30;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let parsed = Board::from_fen(text);
    // Chess960's rules are `from_fen`'s; standard chess's accept exactly the
    // positions whose castling is standard, and read them the same.
    assert_eq!(Board::from_fen_chess960(text, true), parsed, "{text:?}");
    let standard = Board::from_fen_chess960(text, false);
    match (&parsed, &standard) {
        (Ok(board), Ok(same)) => assert_eq!(board, same, "{text:?}"),
        (Ok(board), Err(e)) => assert!(
            !board.has_standard_castling()
                && matches!(e, FenError::Illegal(PositionError::StandardCastling(_))),
            "{text:?}: {e}"
        ),
        (Err(_), Ok(board)) => panic!("{text:?}: only standard chess reads {board:?}"),
        (Err(_), Err(_)) => {}
    }
    let Ok(board) = parsed else {
        return;
    };
    check_round_trip(&board);
    if board.has_standard_castling() {
        let fen = board.fen().to_string();
        assert_eq!(Board::from_fen_chess960(&fen, false), Ok(board), "{fen}");
    }

    let legal = board.legal_moves();
    let n = legal.len() as u64;
    assert_eq!(board.count_legal_moves(), n, "{}", board.fen());
    assert_eq!(perft(&board, 1), n, "{}", board.fen());
    let mut bulk = 0u64;
    let mut iterated = Vec::new();
    board.generate_moves(|moves| {
        assert!(!moves.is_empty(), "an empty group in {}", board.fen());
        bulk += u64::from(moves.len());
        iterated.extend(moves);
        false
    });
    assert_eq!(bulk, n, "bulk count in {}", board.fen());
    assert_eq!(iterated.len() as u64, n, "bulk moves in {}", board.fen());
    for mv in &iterated {
        assert!(
            legal.contains(mv),
            "{mv:?} from the bulk visitor in {}",
            board.fen()
        );
    }

    let mut replies = 0;
    for &mv in legal.iter() {
        let mut after = board;
        after.make_move(mv);
        let mover = board.side_to_move();
        assert!(
            !after.is_square_attacked(after.king_square(mover), after.side_to_move()),
            "{mv:?} leaves the king in check in {}",
            board.fen()
        );
        replies += after.count_legal_moves();
        // The counters grow by a move; past the FEN's limit the text no longer parses.
        if after.halfmove_clock() <= MAX_COUNTER && after.fullmove_number() <= MAX_COUNTER {
            let fen = after.fen().to_string();
            let back = Board::from_fen(&fen)
                .unwrap_or_else(|e| panic!("{fen} (after {mv:?} in {}): {e}", board.fen()));
            assert_eq!(back, after, "{fen} after {mv:?} in {}", board.fen());
        }
    }
    assert_eq!(perft(&board, 2), replies, "{}", board.fen());
});

/// The FEN and the Shredder-FEN of `board` parse back to `board` and print the same.
fn check_round_trip(board: &Board) {
    for shredder in [false, true] {
        let fen = if shredder {
            board.fen_shredder().to_string()
        } else {
            board.fen().to_string()
        };
        let back = Board::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(&back, board, "{fen}");
        let again = if shredder {
            back.fen_shredder().to_string()
        } else {
            back.fen().to_string()
        };
        assert_eq!(again, fen);
    }
    // Each text reads back to the other's board.
    assert_eq!(
        Board::from_fen(&board.fen_shredder().to_string())
            .unwrap()
            .fen()
            .to_string(),
        board.fen().to_string()
    );
}
