//! UCI: reads commands, drives the core, answers malformed input with
//! `info string <what was wrong>` and keeps going.

use std::time::Instant;

use super::{
    parse_count, plan_time, print_perft, say, truncate, Core, Go, Input, Style, MAX_HASH_MB,
};
use wingtip::search::Limits;
use wingtip::{Board, Color};

/// The largest `go perft` depth accepted (deeper ones would block the engine for hours).
const MAX_PERFT_DEPTH: u64 = 10;

/// Runs the UCI loop; `first` is the line already read.
pub fn run(core: &mut Core, input: &mut Input, first: &str) {
    let mut line = Some(first.to_string());
    while let Some(text) = line {
        if !handle(core, &text) {
            return;
        }
        line = input.next_line();
    }
}

fn diag(text: &str) {
    say(&format!("info string {text}"));
}

/// Handles one line; false on `quit`.
fn handle(core: &mut Core, line: &str) -> bool {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let Some(&command) = tokens.first() else {
        return true;
    };
    let args = &tokens[1..];
    match command {
        "uci" => {
            say(&format!("id name {}", super::NAME));
            say("id author the wingtip authors");
            say(&format!(
                "option name Hash type spin default {} min 1 max {MAX_HASH_MB}",
                super::DEFAULT_HASH_MB
            ));
            say("option name Threads type spin default 1 min 1 max 1");
            say(&format!(
                "option name Move Overhead type spin default {} min 0 max 5000",
                super::DEFAULT_MOVE_OVERHEAD_MS
            ));
            say("uciok");
        }
        "isready" => {
            if !core.searching() {
                core.ensure_table();
            }
            say("readyok");
        }
        "ucinewgame" => core.new_game(),
        "setoption" => set_option(core, args),
        "position" => {
            core.finish(true, false);
            if let Err(e) = position(core, args) {
                diag(&format!("{e}; position unchanged"));
            }
        }
        "go" => go(core, args),
        "stop" => {
            core.finish(true, false);
        }
        // Pondering is not offered (no Ponder option); a ponderhit after a
        // `go ponder` (searched like `go infinite`) moves at once.
        "ponderhit" => {
            core.finish(true, false);
        }
        "quit" => return false,
        "debug" | "register" => {}
        "d" => {
            let board = *core.board();
            say(&format!("info string fen {}", board.fen()));
        }
        _ => diag(&format!("unknown command: {}", truncate(line.trim()))),
    }
    true
}

fn set_option(core: &mut Core, args: &[&str]) {
    // setoption name <words…> [value <words…>]
    if args.first() != Some(&"name") {
        diag("setoption needs: name <id> [value <x>]");
        return;
    }
    let value_at = args
        .iter()
        .position(|&t| t == "value")
        .unwrap_or(args.len());
    let name = args[1..value_at].join(" ");
    let value = args
        .get(value_at + 1..)
        .map(|v| v.join(" "))
        .unwrap_or_default();
    match name.to_ascii_lowercase().as_str() {
        "hash" => match parse_count(&value) {
            Ok(mb) if (1..=MAX_HASH_MB as u64).contains(&mb) => core.set_hash_mb(mb as usize),
            Ok(_) => diag(&format!(
                "hash must be between 1 and {MAX_HASH_MB}: {}",
                truncate(&value)
            )),
            Err(e) => diag(&format!("hash: {e}")),
        },
        "threads" => match parse_count(&value) {
            Ok(1) => {}
            Ok(_) => diag("threads: only 1 is supported"),
            Err(e) => diag(&format!("threads: {e}")),
        },
        "move overhead" => match parse_count(&value) {
            Ok(ms) if ms <= 5000 => core.move_overhead_ms = ms,
            Ok(_) => diag(&format!(
                "move overhead must be between 0 and 5000: {}",
                truncate(&value)
            )),
            Err(e) => diag(&format!("move overhead: {e}")),
        },
        _ => diag(&format!("unknown option: {}", truncate(&name))),
    }
}

fn position(core: &mut Core, args: &[&str]) -> Result<(), String> {
    let moves_at = args
        .iter()
        .position(|&t| t == "moves")
        .unwrap_or(args.len());
    let start = match args.first() {
        Some(&"startpos") => {
            if moves_at != 1 {
                return Err(format!(
                    "unexpected text after startpos: {}",
                    truncate(&args[1..moves_at].join(" "))
                ));
            }
            Board::startpos()
        }
        Some(&"fen") => {
            let fen = args[1..moves_at].join(" ");
            Board::from_fen(&fen).map_err(|e| format!("invalid fen ({e}): {}", truncate(&fen)))?
        }
        _ => return Err("position needs startpos or fen".to_string()),
    };
    let moves = args.get(moves_at + 1..).unwrap_or(&[]);
    core.set_position(start, moves.iter().copied())
        .map_err(|e| format!("illegal move ({e})"))
}

fn go(core: &mut Core, args: &[&str]) {
    let started = Instant::now();
    core.finish(true, false);
    let mut limits = Limits::NONE;
    let (mut wtime, mut btime, mut winc, mut binc) = (None, None, 0, 0);
    let mut movestogo = None;
    let mut movetime = None;
    let mut infinite = false;
    let mut i = 0;
    while i < args.len() {
        let key = args[i];
        let takes_value = matches!(
            key,
            "depth"
                | "nodes"
                | "movetime"
                | "wtime"
                | "btime"
                | "winc"
                | "binc"
                | "movestogo"
                | "mate"
                | "perft"
        );
        if !takes_value {
            match key {
                "infinite" => infinite = true,
                "ponder" => infinite = true,
                "searchmoves" => {
                    diag("searchmoves is not supported; searching all moves");
                    // Skip the move list.
                    while i + 1 < args.len()
                        && args[i + 1].len() >= 4
                        && args[i + 1].as_bytes()[0].is_ascii_lowercase()
                        && args[i + 1].as_bytes()[1].is_ascii_digit()
                    {
                        i += 1;
                    }
                }
                other => diag(&format!("unknown go parameter: {}", truncate(other))),
            }
            i += 1;
            continue;
        }
        let Some(&raw) = args.get(i + 1) else {
            diag(&format!("go {key} needs a value"));
            i += 1;
            continue;
        };
        i += 2;
        let value = match parse_count(raw) {
            Ok(v) => v,
            Err(e) => {
                diag(&format!("go {key}: {e}; ignored"));
                continue;
            }
        };
        match key {
            "depth" => limits.depth = value.clamp(1, u32::MAX as u64) as u32,
            "nodes" => limits.nodes = value.max(1),
            "movetime" => movetime = Some(value),
            "wtime" => wtime = Some(value),
            "btime" => btime = Some(value),
            "winc" => winc = value,
            "binc" => binc = value,
            "movestogo" => movestogo = Some(value),
            "mate" => limits.depth = (value.saturating_mul(2)).clamp(1, 200) as u32,
            "perft" => {
                if value > MAX_PERFT_DEPTH {
                    diag(&format!(
                        "perft depth must be at most {MAX_PERFT_DEPTH}: {value}"
                    ));
                } else {
                    print_perft(core.board(), value as u32);
                }
                return;
            }
            _ => unreachable!("listed above"),
        }
    }
    let overhead = core.move_overhead_ms;
    if let Some(ms) = movetime {
        limits.hard_ms = ms.saturating_sub(overhead).max(1);
    } else {
        let (time, inc) = match core.board().side_to_move() {
            Color::White => (wtime, winc),
            Color::Black => (btime, binc),
        };
        if let Some(time) = time {
            let (soft, hard) = plan_time(time, inc, movestogo, overhead);
            limits.soft_ms = soft;
            limits.hard_ms = hard;
        }
    }
    core.go(Go {
        limits,
        wait_for_stop: infinite,
        started,
        style: Style::Uci,
    });
}
