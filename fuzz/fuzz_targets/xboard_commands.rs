//! Any lines → the engine's xboard (CECP v2) line parser
//! (`wingtip_engine::xboard::parse_variant`, the function the engine's read loop
//! calls on every line), line by line as the engine reads standard input, with the
//! variant (`variant fischerandom` or `normal`, `new`) following the lines.
//!
//! No line panics or hangs (inputs stay small: libFuzzer's `-max_len`), and:
//! - the reply lines a parsed line leads to without a search hold no control
//!   character: `Error (<reason>): <line>` for a malformed command, `pong <n>` for
//!   `ping`, `Illegal move (<reason>): <move>` for a move that is not legal (built
//!   here as the engine's `run_command` words them, with the same `truncate`);
//! - only a line without a word has no command;
//! - a `setboard` position prints a FEN that parses back to it; clock and limit
//!   values are inside their ranges.
#![no_main]

use libfuzzer_sys::fuzz_target;
use wingtip::Board;
use wingtip_engine::truncate;
use wingtip_engine::xboard::{parse_variant, Before, Command};
use wingtip_fuzz::{assert_printable, engine_lines};

fuzz_target!(|data: &[u8]| {
    let mut fischerandom = false;
    for line in engine_lines(data) {
        let (before, command) = parse_variant(&line, fischerandom);
        let Some(command) = command else {
            assert!(line.split_whitespace().next().is_none(), "{line:?}");
            assert_eq!(before, Before::Nothing);
            continue;
        };
        match command {
            Err(reason) => {
                assert_printable(&format!("Error ({reason}): {}", truncate(line.trim())));
            }
            Ok(Command::Ping(n)) => assert_printable(&format!("pong {n}")),
            Ok(Command::UserMove(text)) => {
                // Text with a control character is never a legal move, so this is
                // the line the engine answers it with.
                assert_printable(&format!(
                    "Illegal move (illegal move in this position): {}",
                    truncate(&text)
                ));
            }
            Ok(Command::SetBoard(board)) => {
                let fen = board.fen().to_string();
                assert_eq!(Board::from_fen(&fen), Ok(board), "{line:?}");
                assert!(fischerandom || board.has_standard_castling(), "{line:?}");
            }
            Ok(Command::Variant(on)) => fischerandom = on,
            Ok(Command::New) => fischerandom = false,
            Ok(Command::Sd(depth)) => assert!((1..=200).contains(&depth), "{line:?}"),
            Ok(Command::St(ms)) => assert!(ms >= 1, "{line:?}"),
            Ok(Command::Memory(mb)) => assert!((1..=65_536).contains(&mb), "{line:?}"),
            Ok(_) => {}
        }
    }
});
