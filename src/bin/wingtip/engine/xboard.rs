//! CECP v2 (xboard/WinBoard protocol): the same core as UCI, driven by xboard
//! commands. Malformed commands get `Error (<reason>): <command>`, illegal moves
//! `Illegal move (<reason>): <move>` (the form GUIs need to take the move back).

use std::time::Instant;

use super::{parse_count, plan_time, say, truncate, Core, Go, Input, Style, MAX_HASH_MB};
use wingtip::search::Limits;
use wingtip::{Board, Color};

/// The time control and engine settings of an xboard session.
struct Session {
    /// The side the engine plays; `None` in force mode.
    engine: Option<Color>,
    post: bool,
    /// Moves per time-control period (0: the whole game).
    mps: u64,
    /// Increment per move, ms.
    inc_ms: u64,
    /// Fixed time per move from `st`, ms.
    st_ms: Option<u64>,
    /// Depth limit from `sd`.
    depth: u32,
    /// The engine's clock from `time`, ms.
    time_ms: Option<u64>,
    /// The base time from `level`, ms (used until the first `time`).
    base_ms: Option<u64>,
}

/// Runs the CECP loop (the `xboard` line is already consumed).
pub fn run(core: &mut Core, input: &mut Input) {
    let mut s = Session {
        engine: Some(Color::Black),
        post: false,
        mps: 0,
        inc_ms: 0,
        st_ms: None,
        depth: 0,
        time_ms: None,
        base_ms: None,
    };
    while let Some(line) = input.next_line() {
        if !handle(core, &mut s, &line) {
            return;
        }
    }
}

fn error(reason: &str, command: &str) {
    say(&format!("Error ({reason}): {}", truncate(command.trim())));
}

/// Handles one line; false on `quit`.
fn handle(core: &mut Core, s: &mut Session, line: &str) -> bool {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let Some(&command) = tokens.first() else {
        return true;
    };
    let args = &tokens[1..];
    // Commands that must not disturb a running search.
    match command {
        "?" => {
            core.request_stop();
            return true;
        }
        "post" => {
            s.post = true;
            return true;
        }
        "nopost" => {
            s.post = false;
            return true;
        }
        "hard" | "easy" | "otim" | "accepted" | "rejected" | "computer" | "name" | "rating"
        | "random" | "ics" | "hint" | "bk" | "draw" => {
            return true;
        }
        "time" => {
            match args.first().map(|t| parse_count(t)) {
                Some(Ok(cs)) => s.time_ms = Some(cs.saturating_mul(10)),
                Some(Err(e)) => error(&e, line),
                None => error("time needs a value", line),
            }
            return true;
        }
        "ping" => {
            // Pong only after every earlier command is done, including a move in
            // progress.
            if core.searching() {
                core.collect_and_apply(false, false);
            }
            say(&format!("pong {}", args.first().copied().unwrap_or("")));
            return true;
        }
        _ => {}
    }
    // Everything else first ends a running search: a move already printed is
    // applied, an unfinished one is abandoned.
    if core.searching() {
        let quiet = matches!(
            command,
            "new" | "force" | "result" | "quit" | "setboard" | "undo" | "remove"
        );
        core.collect_and_apply(quiet, quiet);
    }
    match command {
        "protover" => {
            say(&format!(
                "feature myname=\"{}\" ping=1 setboard=1 usermove=1 playother=1 san=0 time=1 draw=0 \
                 sigint=0 reuse=1 analyze=0 colors=0 nps=0 debug=0 memory=1 smp=0 \
                 variants=\"normal\" done=1",
                super::NAME
            ));
        }
        "new" => {
            core.new_game();
            s.engine = Some(Color::Black);
            s.st_ms = None;
            s.depth = 0;
        }
        "variant" => {
            if args.first() != Some(&"normal") {
                error("unsupported variant", line);
            }
        }
        "force" => s.engine = None,
        "result" => s.engine = None,
        "white" => s.engine = Some(Color::Black),
        "black" => s.engine = Some(Color::White),
        "playother" => s.engine = Some(!core.board().side_to_move()),
        "go" => {
            s.engine = Some(core.board().side_to_move());
            think(core, s);
        }
        "usermove" => match args.first() {
            Some(text) => user_move(core, s, text),
            None => error("usermove needs a move", line),
        },
        "level" => match parse_level(args) {
            Ok((mps, base, inc)) => {
                s.mps = mps;
                s.base_ms = Some(base);
                s.inc_ms = inc;
                s.st_ms = None;
                s.time_ms = None;
            }
            Err(e) => error(&e, line),
        },
        "st" => match args.first().map(|t| parse_seconds(t)) {
            Some(Ok(ms)) => s.st_ms = Some(ms.max(1)),
            Some(Err(e)) => error(&e, line),
            None => error("st needs a value", line),
        },
        "sd" => match args.first().map(|t| parse_count(t)) {
            Some(Ok(d)) => s.depth = d.clamp(1, 200) as u32,
            Some(Err(e)) => error(&e, line),
            None => error("sd needs a value", line),
        },
        "memory" => match args.first().map(|t| parse_count(t)) {
            Some(Ok(mb)) if (1..=MAX_HASH_MB as u64).contains(&mb) => core.set_hash_mb(mb as usize),
            Some(Ok(_)) => error("memory out of range", line),
            Some(Err(e)) => error(&e, line),
            None => error("memory needs a value", line),
        },
        "cores" => {}
        "setboard" => {
            let fen = args.join(" ");
            match Board::from_fen(&fen) {
                Ok(board) => {
                    let _ = core.set_position(board, std::iter::empty());
                }
                Err(e) => error(&format!("bad fen: {e}"), line),
            }
        }
        "undo" => {
            if !core.undo() {
                error("no move to undo", line);
            }
        }
        "remove" => {
            if core.ply_count() < 2 {
                error("no moves to remove", line);
            } else {
                core.undo();
                core.undo();
            }
        }
        "quit" => return false,
        "xboard" => {}
        _ => {
            // Old GUIs send bare moves when usermove=1 was rejected.
            if looks_like_move(command) && args.is_empty() {
                user_move(core, s, command);
            } else {
                error("unknown command", line);
            }
        }
    }
    true
}

fn looks_like_move(text: &str) -> bool {
    let b = text.as_bytes();
    (4..=5).contains(&b.len())
        && (b'a'..=b'h').contains(&b[0])
        && (b'1'..=b'8').contains(&b[1])
        && (b'a'..=b'h').contains(&b[2])
        && (b'1'..=b'8').contains(&b[3])
}

fn user_move(core: &mut Core, s: &mut Session, text: &str) {
    match core.push_text(text) {
        Ok(_) => {
            if s.engine == Some(core.board().side_to_move()) {
                think(core, s);
            }
        }
        Err(e) => say(&format!(
            "Illegal move ({}): {}",
            e.split(':').next().unwrap_or("illegal"),
            truncate(text)
        )),
    }
}

/// Starts a search for the engine's move under the session's time control.
fn think(core: &mut Core, s: &Session) {
    let started = Instant::now();
    let mut limits = Limits {
        depth: s.depth,
        ..Limits::NONE
    };
    let overhead = core.move_overhead_ms;
    if let Some(st) = s.st_ms {
        limits.hard_ms = st.saturating_sub(overhead).max(1);
    } else if let Some(time) = s.time_ms.or(s.base_ms) {
        let moves_done = (core.ply_count() / 2) as u64;
        let mtg = (s.mps > 0).then(|| s.mps - moves_done % s.mps);
        let (soft, hard) = plan_time(time, s.inc_ms, mtg, overhead);
        limits.soft_ms = soft;
        limits.hard_ms = hard;
    } else if s.depth == 0 {
        // No time control at all: think five seconds.
        limits.hard_ms = 5000;
    }
    core.go(Go {
        limits,
        wait_for_stop: false,
        started,
        style: Style::Xboard { post: s.post },
    });
}

/// Parses `level MPS BASE INC` (BASE in minutes or minutes:seconds, INC in seconds).
fn parse_level(args: &[&str]) -> Result<(u64, u64, u64), String> {
    let [mps, base, inc] = args else {
        return Err("level needs: moves base increment".to_string());
    };
    let mps = parse_count(mps)?;
    let base_ms = match base.split_once(':') {
        Some((m, sec)) => parse_count(m)?
            .saturating_mul(60_000)
            .saturating_add(parse_count(sec)?.saturating_mul(1000)),
        None => parse_seconds(base)?.saturating_mul(60),
    };
    Ok((mps, base_ms, parse_seconds(inc)?))
}

/// Parses seconds, possibly fractional, into milliseconds.
fn parse_seconds(text: &str) -> Result<u64, String> {
    match text.parse::<f64>() {
        Ok(v) if v.is_finite() => Ok((v.max(0.0) * 1000.0).min(1e15) as u64),
        _ => Err(format!("not a valid number: {}", truncate(text))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn level_parses_both_base_forms() {
        assert_eq!(parse_level(&["40", "5", "0"]), Ok((40, 300_000, 0)));
        assert_eq!(parse_level(&["0", "0:10", "0.1"]), Ok((0, 10_000, 100)));
        assert!(parse_level(&["0", "x", "0"]).is_err());
        assert!(parse_level(&["0"]).is_err());
        assert_eq!(parse_seconds("1e400").ok(), None);
    }
}
