//! Any lines → the engine's UCI line parser (`wingtip_engine::uci::parse`, the
//! function the engine's read loop calls on every line), line by line as the engine
//! reads standard input, with `UCI_Chess960` following the `setoption` lines.
//!
//! No line panics or hangs (inputs stay small: libFuzzer's `-max_len`), and:
//! - every diagnostic, as the engine writes it (`info string <message>`), holds no
//!   control character;
//! - a line without a command says why (an empty line says nothing);
//! - only `position` ends a running search before its messages;
//! - `position`'s moves are legal in turn from its start position;
//! - option values and `go` limits are inside their documented ranges.
#![no_main]

use libfuzzer_sys::fuzz_target;
use wingtip_engine::uci::{parse, Command, Setting};
use wingtip_fuzz::{assert_printable, engine_lines};

fuzz_target!(|data: &[u8]| {
    let mut chess960 = false;
    for line in engine_lines(data) {
        let parsed = parse(&line, chess960);
        for message in &parsed.messages {
            assert_printable(&format!("info string {message}"));
        }
        let word = line.split_whitespace().next();
        assert_eq!(parsed.ends_search, word == Some("position"), "{line:?}");
        let Some(command) = parsed.command else {
            assert_eq!(
                parsed.messages.is_empty(),
                word.is_none(),
                "{line:?}: {:?}",
                parsed.messages
            );
            continue;
        };
        match command {
            Command::Position { start, moves } => {
                let mut board = start;
                for mv in moves {
                    assert!(
                        board.legal_moves().contains(&mv),
                        "{line:?}: {mv:?} in {}",
                        board.fen()
                    );
                    board.make_move(mv);
                }
                assert_printable(&format!("info string fen {}", board.fen()));
            }
            Command::Go(go) => {
                assert!(go.depth.is_none_or(|d| d >= 1), "{line:?}: {go:?}");
                assert!(go.nodes.is_none_or(|n| n >= 1), "{line:?}: {go:?}");
            }
            Command::Perft(depth) => assert!(depth <= 10, "{line:?}"),
            Command::SetOption(setting) => match setting {
                Setting::Hash(mb) => assert!((1..=65_536).contains(&mb), "{line:?}"),
                Setting::Threads(n) => assert!((1..=64).contains(&n), "{line:?}"),
                Setting::MultiPv(n) => {
                    assert!((1..=wingtip::search::MAX_MULTIPV).contains(&n), "{line:?}")
                }
                Setting::MoveOverhead(ms) => assert!(ms <= 5000, "{line:?}"),
                Setting::Chess960(on) => chess960 = on,
                _ => {}
            },
            _ => {}
        }
    }
});
