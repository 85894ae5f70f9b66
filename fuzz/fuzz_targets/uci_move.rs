//! A position (one of `wingtip_fuzz::POSITIONS`, picked by the first byte) and any
//! text → `Board::parse_uci_move` and `Board::parse_uci_move_chess960` (both
//! castling conventions).
//!
//! A parsed move is one of `legal_moves()`; the text is exactly how the move prints
//! in a convention the parser was asked to read (king takes rook `e1h1`, or the
//! king's destination `e1g1`); and the move printed either way parses back to the
//! same move, except where the king's destination is also a plain king move (a
//! Chess960 king on f1 with a rook on h1: `f1g1` is the king's step, as documented).
#![no_main]

use libfuzzer_sys::fuzz_target;
use wingtip::{Board, Move};
use wingtip_fuzz::position_and_text;

fuzz_target!(|data: &[u8]| {
    let Some((board, text)) = position_and_text(data) else {
        return;
    };
    if let Ok(mv) = board.parse_uci_move(text) {
        check(&board, text, mv);
        assert!(
            text == mv.uci(true).to_string() || text == mv.uci(false).to_string(),
            "{text:?} → {mv:?} in {}",
            board.fen()
        );
    }
    for chess960 in [false, true] {
        if let Ok(mv) = board.parse_uci_move_chess960(text, chess960) {
            check(&board, text, mv);
            assert_eq!(
                mv.uci(chess960).to_string(),
                text,
                "{mv:?} (chess960 {chess960}) in {}",
                board.fen()
            );
            // The lenient parser reads both conventions.
            assert_eq!(
                board.parse_uci_move(text),
                Ok(mv),
                "{text:?} in {}",
                board.fen()
            );
        }
    }
});

/// `mv`, parsed from `text`, is legal and round-trips through both conventions.
fn check(board: &Board, text: &str, mv: Move) {
    let fen = board.fen();
    let legal = board.legal_moves();
    assert!(legal.contains(&mv), "{text:?} → {mv:?}: not legal in {fen}");
    assert_eq!(mv.to_string(), mv.uci(false).to_string());
    let king_takes_rook = mv.uci(true).to_string();
    assert_eq!(
        board.parse_uci_move_chess960(&king_takes_rook, true),
        Ok(mv),
        "{king_takes_rook} in {fen}"
    );
    assert_eq!(
        board.parse_uci_move(&king_takes_rook),
        Ok(mv),
        "{king_takes_rook} in {fen}"
    );
    let destination = mv.uci(false).to_string();
    let plain_king_step = mv.is_castling()
        && legal.iter().any(|m| {
            !m.is_castling() && m.source() == mv.source() && m.target() == mv.king_destination()
        });
    if plain_king_step {
        // The text names the king's step; castling is only written king takes rook.
        let step = board.parse_uci_move_chess960(&destination, false).unwrap();
        assert!(
            !step.is_castling() && legal.contains(&step),
            "{destination} in {fen}"
        );
    } else {
        assert_eq!(
            board.parse_uci_move_chess960(&destination, false),
            Ok(mv),
            "{destination} in {fen}"
        );
        assert_eq!(
            board.parse_uci_move(&destination),
            Ok(mv),
            "{destination} in {fen}"
        );
    }
}
