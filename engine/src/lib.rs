//! Not an API: the engine's protocol line parsers, as a library target for the fuzz
//! targets in `fuzz/` (cargo-fuzz), which call them without starting a process.
//!
//! The product is the binary `wingtip` (`src/main.rs`), which compiles the same
//! modules itself; this target re-exports only the typed line parsers of UCI and
//! xboard and the helper that quotes user text in diagnostics. Nothing here is
//! covered by semantic versioning.
#![doc(hidden)]

/// `perft_cmd` (compiled for `go perft`) prints through `outln!`; its `run`, the one
/// user, is the binary's alone.
macro_rules! outln {
    ($($arg:tt)*) => {
        println!($($arg)*)
    };
}

// The engine and the perft command as the binary has them; only the parsers below
// are used from here.
#[allow(dead_code)]
mod engine;
#[allow(dead_code)]
mod perft_cmd;

/// UCI: [`uci::parse`] turns one line into a typed command and its diagnostics.
pub mod uci {
    pub use crate::engine::uci::{parse, Command, GoParams, Parsed, Setting};
}

/// CECP v2 (xboard): [`xboard::parse_variant`] turns one line into a typed command
/// or the reason it is malformed.
pub mod xboard {
    pub use crate::engine::xboard::{parse, parse_variant, Before, Command, Level};
}

/// Shortens user text quoted in a diagnostic, as every reply line that quotes input
/// does.
pub use engine::truncate;
