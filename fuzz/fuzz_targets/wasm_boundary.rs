//! Any sequence of calls → the WebAssembly module's exported functions
//! (`wasm/src/lib.rs`), compiled for the host: the module's source is included here
//! as it is (its host shims stand in for the page's imports: a clock that stands
//! still, no stop request, no `on_info`, and linear memory that cannot grow, so a
//! hash table is refused with `ERR_MEMORY`).
//!
//! Each input is a script of calls: one byte picks the export, the bytes after it
//! its argument (text up to a 0 byte for `wt_position` and `wt_play`, written into
//! the input buffer as a page does). Every input starts with `wt_new`, so it runs
//! from the same state; the first input of a process first checks that every call
//! before `wt_new` answers `ERR_STATE` (and `wt_network` its text).
//!
//! The module never panics (on wasm, a trap); every call answers a count or one of
//! the `ERR_*` codes, an error with a one-line message without control characters in
//! the output buffer; a failed `wt_position` or `wt_play` keeps the position; a
//! played move is the legal move its text names; `wt_fen` parses; `wt_legal_moves`,
//! `wt_perft` and `wt_go`'s move agree with the library on that position.
#![no_main]

#[allow(unused_attributes, dead_code)]
#[path = "../../wasm/src/lib.rs"]
mod module;

use std::sync::atomic::{AtomicBool, Ordering};

use libfuzzer_sys::fuzz_target;
use module::*;
use wingtip::{perft, Board};
use wingtip_fuzz::assert_printable;

/// Every error code the module documents.
const CODES: [i32; 9] = [
    ERR_STATE,
    ERR_TOO_LONG,
    ERR_UTF8,
    ERR_FEN,
    ERR_MOVE,
    ERR_SYNTAX,
    ERR_RANGE,
    ERR_MEMORY,
    ERR_BUSY,
];

/// The output buffer's text (checked to be UTF-8 and within its capacity).
fn output() -> String {
    let len = wt_out_len() as usize;
    assert!(len <= 16 * 1024, "output length {len}");
    // SAFETY: the module's output buffer holds at least `len` initialised bytes.
    let bytes = unsafe { std::slice::from_raw_parts(wt_out_ptr(), len) };
    String::from_utf8(bytes.to_vec()).expect("the output is UTF-8")
}

/// Checks a call's answer: a count, or an error code with a one-line message.
#[track_caller]
fn answer(code: i32) -> i32 {
    if code < 0 {
        assert!(CODES.contains(&code), "unknown code {code}");
        let message = output();
        assert!(!message.is_empty(), "error {code} without a message");
        assert_printable(&message);
    }
    code
}

/// Writes `text` into the input buffer (as much as fits) and returns the length to
/// pass, which may claim more than the buffer holds.
fn put(text: &[u8], claim_more: bool) -> u32 {
    let cap = wt_in_cap() as usize;
    let n = text.len().min(cap);
    // SAFETY: the input buffer holds `cap` bytes, and `n <= cap`.
    unsafe { std::ptr::copy_nonoverlapping(text.as_ptr(), wt_in_ptr(), n) };
    if claim_more {
        cap as u32 + 1
    } else {
        n as u32
    }
}

/// The current position, through `wt_fen`.
fn board() -> Board {
    let len = answer(wt_fen());
    assert!(len > 0);
    let fen = output();
    assert_eq!(fen.len(), len as usize);
    Board::from_fen(&fen).unwrap_or_else(|e| panic!("wt_fen gave {fen:?}: {e}"))
}

fuzz_target!(|data: &[u8]| {
    static FIRST: AtomicBool = AtomicBool::new(true);
    if FIRST.swap(false, Ordering::Relaxed) {
        // Callable before wt_new: the evaluation's name, one printable line.
        let len = wt_network();
        assert!(len > 0 && len as usize == output().len());
        assert_printable(&output());
        for code in [
            wt_position(put(b"startpos", false)),
            wt_play(put(b"e2e4", false)),
            wt_legal_moves(),
            wt_fen(),
            wt_status(),
            wt_perft(1) as i32,
            wt_go(1, 0.0, 0.0),
        ] {
            assert_eq!(answer(code), ERR_STATE);
        }
    }
    let Some((&first, mut rest)) = data.split_first() else {
        return;
    };
    // Hash sizes: 0 (the only one a host build can have), a refused one, one too big.
    let hash = match first % 8 {
        0 => 1,
        1 => 2049,
        _ => 0,
    };
    let before = wt_new(hash);
    if hash == 0 {
        assert_eq!(before, 0);
    } else {
        assert!(answer(before) < 0);
        assert_eq!(wt_new(0), 0);
    }
    assert_eq!(board(), Board::startpos());

    let mut searched = false;
    while let Some((&op, tail)) = rest.split_first() {
        rest = tail;
        match op % 8 {
            // wt_position / wt_play with the text up to the next 0 byte.
            0 | 1 => {
                let end = rest.iter().position(|&b| b == 0).unwrap_or(rest.len());
                let (text, tail) = rest.split_at(end);
                rest = tail.get(1..).unwrap_or(&[]);
                let claim_more = op >= 0xf0;
                let len = put(text, claim_more);
                let was = board();
                let code = answer(if op % 8 == 0 {
                    wt_position(len)
                } else {
                    wt_play(len)
                });
                let now = board();
                if code < 0 {
                    assert_eq!(now, was, "a failed call changed the position");
                    if claim_more {
                        assert_eq!(code, ERR_TOO_LONG);
                    }
                } else if op % 8 == 1 {
                    let text = std::str::from_utf8(text).unwrap().trim();
                    let mv = was
                        .parse_uci_move(text)
                        .unwrap_or_else(|e| panic!("wt_play played {text:?}: {e}"));
                    let mut expected = was;
                    expected.make_move(mv);
                    assert_eq!(now, expected, "{text:?}");
                }
            }
            2 => {
                let count = answer(wt_legal_moves());
                let text = output();
                let board = board();
                let legal = board.legal_moves();
                assert_eq!(count as usize, legal.len());
                let listed: Vec<&str> = text.split_ascii_whitespace().collect();
                assert_eq!(listed.len(), legal.len(), "{text}");
                for mv in listed {
                    let parsed = board.parse_uci_move(mv).unwrap();
                    assert_eq!(parsed.to_string(), mv);
                }
            }
            3 => {
                let code = answer(wt_status());
                assert!(code >= 0 && (code & 7) <= 5 && code < 16, "status {code}");
                assert!(!output().is_empty());
                assert_eq!(
                    code & 8 != 0,
                    board().side_to_move() == wingtip::Color::White
                );
            }
            4 => {
                let depth = u32::from(rest.first().copied().unwrap_or(0));
                rest = rest.get(1..).unwrap_or(&[]);
                // Deep counts are slow; check the cheap ones and the range check.
                if depth <= 2 {
                    let count = wt_perft(depth);
                    assert_eq!(count, perft(&board(), depth) as f64);
                } else if depth > 10 {
                    assert_eq!(answer(wt_perft(depth) as i32), ERR_RANGE);
                }
            }
            5 => {
                // One small search per input (searches cost most of the time): depth
                // 1 or 2 and a node budget (the host clock stands still, so a time
                // budget alone would never end it); or a budget the module must
                // refuse.
                let arg = rest.first().copied().unwrap_or(0);
                rest = rest.get(1..).unwrap_or(&[]);
                if searched {
                    continue;
                }
                searched = true;
                let depth = u32::from(arg % 2) + 1;
                let nodes = f64::from(u32::from(arg) * 16 + 1);
                let (nodes, movetime) = match arg % 16 {
                    13 => (f64::NAN, 0.0),
                    14 => (-1.0, 0.0),
                    15 => (nodes, f64::INFINITY),
                    _ => (nodes, f64::from(arg)),
                };
                let board = board();
                let code = answer(wt_go(depth, nodes, movetime));
                if arg % 16 >= 13 {
                    assert_eq!(code, ERR_RANGE);
                    continue;
                }
                assert_eq!(code, 0);
                let text = output();
                assert_printable(&text);
                let best = text
                    .strip_prefix("bestmove ")
                    .and_then(|t| t.split(' ').next())
                    .unwrap_or_else(|| panic!("{text:?}"));
                if best == "(none)" {
                    assert!(board.legal_moves().is_empty(), "{text:?}");
                } else {
                    assert!(
                        board.parse_uci_move(best).is_ok(),
                        "{text:?} in {}",
                        board.fen()
                    );
                }
            }
            6 => wt_stop(),
            _ => {
                let fen = board().fen().to_string();
                assert_printable(&fen);
            }
        }
    }
});
