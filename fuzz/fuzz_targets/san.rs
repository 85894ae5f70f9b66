//! A position (one of `wingtip_fuzz::POSITIONS`, picked by the first byte) and any
//! text → `Board::parse_san`.
//!
//! When the text parses, the move is one of `legal_moves()`, and its SAN as
//! `Board::san` writes it (ASCII, 2 to 7 characters, never the null move's `--`)
//! parses back to the same move. Whatever the text, the parser answers without
//! panicking.
#![no_main]

use libfuzzer_sys::fuzz_target;
use wingtip::San;
use wingtip_fuzz::position_and_text;

fuzz_target!(|data: &[u8]| {
    let Some((board, text)) = position_and_text(data) else {
        return;
    };
    let Ok(mv) = board.parse_san(text) else {
        return;
    };
    let fen = board.fen();
    assert!(
        board.legal_moves().contains(&mv),
        "{text:?} parsed to {mv:?}, not a legal move in {fen}"
    );
    let san = board.san(mv);
    assert_ne!(san, San::NULL, "{text:?} → {mv:?} in {fen}");
    let written = san.as_str();
    assert!(
        (2..=7).contains(&written.len()) && written.is_ascii(),
        "{written:?} for {mv:?} in {fen}"
    );
    assert_eq!(
        board.parse_san(written),
        Ok(mv),
        "{text:?} → {mv:?} → {written:?} in {fen}"
    );
});
