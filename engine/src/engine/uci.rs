//! UCI: each line is parsed into a [`Command`] (plus diagnostics), then run on the
//! core. Malformed input is answered with `info string <what was wrong>` and the
//! session goes on; input quoted there goes through [`truncate`] (control
//! characters escaped, long text cut), and one line gets at most [`MAX_MESSAGES`]
//! diagnostics. [`Uci`] words every line the engine sends.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

use super::strength::{ELO_MAX, ELO_MIN};
use super::{
    diagram, eval_lines, genfens, parse_count, parse_move, plan_time, truncate, Core, Go, Input,
    Output, Protocol, Since, DEFAULT_HASH_MB, DEFAULT_MOVE_OVERHEAD_MS, MAX_HASH_MB, MAX_THREADS,
    NAME,
};
use crate::perft_cmd;
use wingtip::search::{Info, Limits, Score, SearchResult};
use wingtip::{Board, Color, FenError, Move, PositionError};

/// The largest `go perft` depth accepted (deeper ones would block the engine for hours).
const MAX_PERFT_DEPTH: u64 = 10;
/// The largest `Move Overhead` accepted, ms.
const MAX_MOVE_OVERHEAD_MS: u64 = 5000;

/// The largest `MultiPV` offered.
const MAX_MULTIPV: u32 = wingtip::search::MAX_MULTIPV;
/// The most `info string` diagnostics one input line gets (the last one counts
/// the rest).
const MAX_MESSAGES: usize = 5;

/// UCI output: `info …` lines, `bestmove`, and `info string` diagnostics.
#[derive(Clone)]
pub struct Uci {
    out: Output,
    /// `UCI_ShowWDL`: append `wdl w d l` to scores.
    show_wdl: bool,
    /// `UCI_Chess960`: castling read and written as king takes rook (`e1h1`);
    /// shared with the search thread's clone.
    chess960: Arc<AtomicBool>,
}

impl Uci {
    fn new(out: Output) -> Uci {
        Uci {
            out,
            show_wdl: false,
            chess960: Arc::default(),
        }
    }

    fn chess960(&self) -> bool {
        self.chess960.load(Ordering::Relaxed)
    }
}

impl Protocol for Uci {
    fn info(&mut self, info: &Info<'_>) {
        let mut score = match info.score {
            Score::Cp(cp) => format!("cp {cp}"),
            Score::Mate(n) => format!("mate {n}"),
        };
        if self.show_wdl {
            let (w, d, l) = wdl(info.score);
            score = format!("{score} wdl {w} {d} {l}");
        }
        let nps = info.nodes * 1000 / info.time_ms.max(1);
        let chess960 = self.chess960();
        let mut line = format!(
            "info depth {} seldepth {} multipv {} score {} nodes {} nps {} hashfull {} time {}",
            info.depth,
            info.seldepth,
            info.multipv,
            score,
            info.nodes,
            nps,
            info.hashfull,
            info.time_ms,
        );
        if !info.pv.is_empty() {
            let pv: Vec<String> = info
                .pv
                .iter()
                .map(|mv| mv.uci(chess960).to_string())
                .collect();
            line = format!("{line} pv {}", pv.join(" "));
        }
        self.out.line(&line);
    }

    fn best_move(&mut self, _board: &Board, result: &SearchResult) {
        let chess960 = self.chess960();
        self.out.line(&match (result.best_move, result.ponder) {
            (Some(mv), Some(p)) => {
                format!("bestmove {} ponder {}", mv.uci(chess960), p.uci(chess960))
            }
            (Some(mv), None) => format!("bestmove {}", mv.uci(chess960)),
            (None, _) => "bestmove 0000".to_string(),
        });
    }

    fn error(&mut self, msg: &str) {
        self.out.line(&format!("info string {msg}"));
    }
}

/// Win, draw and loss chances in permille for `score` (`UCI_ShowWDL`).
///
/// A plain logistic model of the centipawn score, not fitted to wingtip's games:
/// the chance to win is `1 / (1 + e^((200 - cp) / 75))` and to lose the same for
/// `-cp`, the rest is the draw. At 0 cp that is 6.5 % / 87 % / 6.5 %, at +100 cp
/// 21 % / 77 % / 2 %, at +300 cp 79 % / 21 % / 0 %. A mate is 1000 0 0 or 0 0 1000.
pub fn wdl(score: Score) -> (u32, u32, u32) {
    match score {
        Score::Mate(n) if n > 0 => (1000, 0, 0),
        Score::Mate(_) => (0, 0, 1000),
        Score::Cp(cp) => {
            let chance = |cp: i32| 1000.0 / (1.0 + ((200.0 - f64::from(cp)) / 75.0).exp());
            let w = chance(cp).round() as u32;
            let l = chance(-cp).round() as u32;
            (w, 1000 - w - l, l)
        }
    }
}

/// One UCI command, checked and ready to run.
#[derive(Debug, PartialEq)]
pub enum Command {
    /// `uci`: identify and list the options.
    Uci,
    /// `isready`.
    IsReady,
    /// `ucinewgame`.
    NewGame,
    /// `setoption name … value …`.
    SetOption(Setting),
    /// `position startpos|fen … [moves …]`, the moves checked legal in turn.
    Position {
        /// The start position.
        start: Board,
        /// The moves played from it.
        moves: Vec<Move>,
    },
    /// `go …` (a search).
    Go(GoParams),
    /// `go perft <depth>`: print the perft divide of the current position.
    Perft(u32),
    /// `stop`.
    Stop,
    /// `ponderhit`.
    PonderHit,
    /// `quit`.
    Quit,
    /// `d`: draw the current position, with its FEN and hash.
    Show,
    /// `eval`: the network's and the hand-set terms' evaluation of the current
    /// position.
    Eval,
    /// `genfens N seed S book <None|path> [extra…]`: print N opening positions
    /// (OpenBench's datagen openings).
    GenFens(genfens::Request),
    /// A command that needs no action (`debug`, `register`).
    Ignore,
}

/// An option value from `setoption`.
#[derive(Debug, PartialEq, Eq)]
pub enum Setting {
    /// `Hash`, MiB.
    Hash(usize),
    /// `Threads`, 1..=[`MAX_THREADS`].
    Threads(usize),
    /// `Move Overhead`, ms.
    MoveOverhead(u64),
    /// `MultiPV`, 1..=[`MAX_MULTIPV`].
    MultiPv(u32),
    /// `Ponder` (informational: the GUI decides when to ponder).
    Ponder(bool),
    /// `Clear Hash` (a button).
    ClearHash,
    /// `UCI_ShowWDL`.
    ShowWdl(bool),
    /// `UCI_Chess960`: castling as king takes rook.
    Chess960(bool),
    /// `UCI_LimitStrength`: play at `UCI_Elo`.
    LimitStrength(bool),
    /// `UCI_Elo`, [`ELO_MIN`]..=[`ELO_MAX`].
    Elo(u32),
    /// A search parameter of a `tune` build ([`wingtip::search::TUNABLES`]): its
    /// name and value (clamped to its range).
    #[cfg(feature = "tune")]
    Param(&'static str, i32),
}

/// The parameters of `go` that shape a search.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct GoParams {
    /// `depth`, or `mate n` as `2n` plies.
    pub depth: Option<u32>,
    /// `nodes`.
    pub nodes: Option<u64>,
    /// `movetime`, ms.
    pub movetime: Option<u64>,
    /// `wtime`, ms.
    pub wtime: Option<u64>,
    /// `btime`, ms.
    pub btime: Option<u64>,
    /// `winc`, ms.
    pub winc: u64,
    /// `binc`, ms.
    pub binc: u64,
    /// `movestogo`.
    pub movestogo: Option<u64>,
    /// `infinite`: the move waits for `stop`.
    pub infinite: bool,
    /// `ponder`: no time limit and no move until `ponderhit` or `stop`.
    pub ponder: bool,
    /// `searchmoves`: the root moves to search, as written (checked against the
    /// position when the search starts); empty: all.
    pub searchmoves: Vec<String>,
}

impl GoParams {
    /// Returns the search limits for `side` to move, keeping `overhead` ms back.
    pub fn limits(&self, side: Color, overhead: u64) -> Limits {
        let mut limits = Limits {
            depth: self.depth.unwrap_or(0),
            nodes: self.nodes.unwrap_or(0),
            ..Limits::NONE
        };
        if let Some(ms) = self.movetime {
            limits.hard_ms = ms.saturating_sub(overhead).max(1);
        } else {
            let (time, inc) = match side {
                Color::White => (self.wtime, self.winc),
                Color::Black => (self.btime, self.binc),
            };
            if let Some(time) = time {
                (limits.soft_ms, limits.hard_ms) = plan_time(time, inc, self.movestogo, overhead);
            }
        }
        limits
    }
}

/// A parsed line: the command to run, if any, and diagnostics to print first.
#[derive(Debug, PartialEq)]
pub struct Parsed {
    /// What to run; `None` for an empty or invalid line.
    pub command: Option<Command>,
    /// Diagnostics, in order (a partly valid `go` still runs).
    pub messages: Vec<String>,
    /// Whether a running search ends (and reports its move) before the messages.
    pub ends_search: bool,
}

/// The words that start a UCI command (and `xboard`, which switches protocol): a
/// command-line argument starting with one is run as an input line.
pub const COMMAND_WORDS: [&str; 15] = [
    "uci",
    "isready",
    "ucinewgame",
    "setoption",
    "position",
    "go",
    "stop",
    "ponderhit",
    "quit",
    "debug",
    "register",
    "d",
    "eval",
    "genfens",
    "xboard",
];

/// Parses one line of UCI input; `chess960` (`UCI_Chess960`) picks how castling
/// moves are read.
pub fn parse(line: &str, chess960: bool) -> Parsed {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let mut parsed = Parsed {
        command: None,
        messages: Vec::new(),
        ends_search: false,
    };
    let Some((&word, args)) = tokens.split_first() else {
        return parsed;
    };
    // `go`, `stop` and `ponderhit` deal with a running search themselves.
    parsed.ends_search = word == "position";
    let command = match word {
        "uci" => Ok(Command::Uci),
        "isready" => Ok(Command::IsReady),
        "ucinewgame" => Ok(Command::NewGame),
        "setoption" => parse_setoption(args, &mut parsed.messages).map(Command::SetOption),
        "position" => {
            parse_position(args, chess960).map_err(|e| format!("{e}; position unchanged"))
        }
        "go" => parse_go(args, &mut parsed.messages),
        "stop" => Ok(Command::Stop),
        "ponderhit" => Ok(Command::PonderHit),
        "quit" => Ok(Command::Quit),
        "debug" | "register" => Ok(Command::Ignore),
        "d" => Ok(Command::Show),
        "eval" => Ok(Command::Eval),
        // Never worded "genfens …": OpenBench reads `info string genfens <x>` as an
        // opening.
        "genfens" => genfens::parse(args)
            .map(Command::GenFens)
            .map_err(|e| format!("bad genfens request: {e}")),
        _ => Err(format!("unknown command: {}", truncate(line.trim()))),
    };
    match command {
        Ok(c) => parsed.command = Some(c),
        Err(e) => parsed.messages.push(e),
    }
    // However long the line, its reply is a few lines.
    if parsed.messages.len() > MAX_MESSAGES {
        let more = parsed.messages.len() - (MAX_MESSAGES - 1);
        parsed.messages.truncate(MAX_MESSAGES - 1);
        parsed
            .messages
            .push(format!("{more} more problems in this line, not listed"));
    }
    parsed
}

/// Parses `setoption name <words…> [value <words…>]`; a value out of range that
/// is clamped is reported in `messages`.
fn parse_setoption(args: &[&str], messages: &mut Vec<String>) -> Result<Setting, String> {
    if args.first() != Some(&"name") {
        return Err("setoption needs: name <id> [value <x>]".to_string());
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
            Ok(mb) if (1..=MAX_HASH_MB as u64).contains(&mb) => Ok(Setting::Hash(mb as usize)),
            Ok(_) => Err(format!(
                "hash must be between 1 and {MAX_HASH_MB}: {}",
                truncate(&value)
            )),
            Err(e) => Err(format!("hash: {e}")),
        },
        "threads" => match parse_count(&value) {
            Ok(n) if (1..=MAX_THREADS as u64).contains(&n) => Ok(Setting::Threads(n as usize)),
            Ok(n) => {
                let used = n.clamp(1, MAX_THREADS as u64) as usize;
                messages.push(format!(
                    "threads must be between 1 and {MAX_THREADS}: {n}; using {used}"
                ));
                Ok(Setting::Threads(used))
            }
            Err(e) => Err(format!("threads: {e}")),
        },
        "multipv" => match parse_count(&value) {
            Ok(n) if (1..=u64::from(MAX_MULTIPV)).contains(&n) => Ok(Setting::MultiPv(n as u32)),
            Ok(n) => {
                let used = n.clamp(1, u64::from(MAX_MULTIPV)) as u32;
                messages.push(format!(
                    "multipv must be between 1 and {MAX_MULTIPV}: {n}; using {used}"
                ));
                Ok(Setting::MultiPv(used))
            }
            Err(e) => Err(format!("multipv: {e}")),
        },
        "ponder" => parse_check(&value).map(Setting::Ponder),
        "uci_limitstrength" => parse_check(&value).map(Setting::LimitStrength),
        "uci_elo" => match parse_count(&value) {
            Ok(n) if (u64::from(ELO_MIN)..=u64::from(ELO_MAX)).contains(&n) => {
                Ok(Setting::Elo(n as u32))
            }
            Ok(n) => {
                let used = n.clamp(u64::from(ELO_MIN), u64::from(ELO_MAX)) as u32;
                messages.push(format!(
                    "UCI_Elo must be between {ELO_MIN} and {ELO_MAX}: {n}; using {used}"
                ));
                Ok(Setting::Elo(used))
            }
            Err(e) => Err(format!("UCI_Elo: {e}")),
        },
        "uci_showwdl" => parse_check(&value).map(Setting::ShowWdl),
        "clear hash" => Ok(Setting::ClearHash),
        "move overhead" => match parse_count(&value) {
            Ok(ms) if ms <= MAX_MOVE_OVERHEAD_MS => Ok(Setting::MoveOverhead(ms)),
            Ok(_) => Err(format!(
                "move overhead must be between 0 and {MAX_MOVE_OVERHEAD_MS}: {}",
                truncate(&value)
            )),
            Err(e) => Err(format!("move overhead: {e}")),
        },
        "uci_chess960" => match value.as_str() {
            "true" => Ok(Setting::Chess960(true)),
            "false" => Ok(Setting::Chess960(false)),
            _ => Err(format!(
                "UCI_Chess960 must be true or false: {}",
                truncate(&value)
            )),
        },
        _ => {
            // A `tune` build also takes the search parameters by name.
            #[cfg(feature = "tune")]
            if let Some(t) = wingtip::search::Tunable::named(&name) {
                let n: i32 = value
                    .parse()
                    .map_err(|_| format!("{}: not an integer: {}", t.name, truncate(&value)))?;
                let used = n.clamp(t.min, t.max);
                if used != n {
                    messages.push(format!(
                        "{} must be between {} and {}: {n}; using {used}",
                        t.name, t.min, t.max
                    ));
                }
                return Ok(Setting::Param(t.name, used));
            }
            Err(format!("unknown option: {}", truncate(&name)))
        }
    }
}

/// Parses the value of a check option.
fn parse_check(value: &str) -> Result<bool, String> {
    match value.to_ascii_lowercase().as_str() {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(format!("expected true or false: {}", truncate(value))),
    }
}

/// Parses `position startpos|fen <fen> [moves <m>…]`, checking every move.
fn parse_position(args: &[&str], chess960: bool) -> Result<Command, String> {
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
            // Castling rights by the rules of the game: Chess960's with
            // UCI_Chess960 on, standard chess's (king on e1/e8, corner rooks) off.
            let fen = args[1..moves_at].join(" ");
            Board::from_fen_chess960(&fen, chess960).map_err(|e| {
                let hint = match e {
                    FenError::Illegal(PositionError::StandardCastling(_)) => {
                        "; a Chess960 position needs UCI_Chess960 on"
                    }
                    _ => "",
                };
                format!("invalid fen ({e}{hint}): {}", truncate(&fen))
            })?
        }
        _ => return Err("position needs startpos or fen".to_string()),
    };
    let mut board = start;
    let mut moves = Vec::new();
    for text in args.get(moves_at + 1..).unwrap_or(&[]) {
        let mv = parse_move(&board, text, chess960).map_err(|e| format!("illegal move ({e})"))?;
        board.make_move(mv);
        moves.push(mv);
    }
    Ok(Command::Position { start, moves })
}

/// The `go` parameters that take a value.
const GO_VALUES: [&str; 10] = [
    "depth",
    "nodes",
    "movetime",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "mate",
    "perft",
];

/// Parses the arguments of `go`; bad parameters are reported in `messages` and
/// skipped. `perft` ends the parameters.
fn parse_go(args: &[&str], messages: &mut Vec<String>) -> Result<Command, String> {
    let mut go = GoParams::default();
    let mut i = 0;
    while i < args.len() {
        let key = args[i];
        let takes_value = GO_VALUES.contains(&key);
        if !takes_value {
            match key {
                "infinite" => go.infinite = true,
                "ponder" => go.ponder = true,
                "searchmoves" => {
                    // The moves run to the next `go` parameter.
                    while let Some(&text) = args.get(i + 1).filter(|t| {
                        !GO_VALUES.contains(t) && !["infinite", "ponder", "searchmoves"].contains(t)
                    }) {
                        go.searchmoves.push(text.to_string());
                        i += 1;
                    }
                }
                other => messages.push(format!("unknown go parameter: {}", truncate(other))),
            }
            i += 1;
            continue;
        }
        let Some(&raw) = args.get(i + 1) else {
            messages.push(format!("go {key} needs a value"));
            i += 1;
            continue;
        };
        i += 2;
        let value = match parse_count(raw) {
            Ok(v) => v,
            Err(e) => {
                messages.push(format!("go {key}: {e}; ignored"));
                continue;
            }
        };
        match key {
            "depth" => go.depth = Some(value.clamp(1, u32::MAX as u64) as u32),
            "nodes" => go.nodes = Some(value.max(1)),
            "movetime" => go.movetime = Some(value),
            "wtime" => go.wtime = Some(value),
            "btime" => go.btime = Some(value),
            "winc" => go.winc = value,
            "binc" => go.binc = value,
            "movestogo" => go.movestogo = Some(value),
            "mate" => go.depth = Some(value.saturating_mul(2).clamp(1, 200) as u32),
            "perft" if value > MAX_PERFT_DEPTH => {
                return Err(format!(
                    "perft depth must be at most {MAX_PERFT_DEPTH}: {value}"
                ))
            }
            "perft" => return Ok(Command::Perft(value as u32)),
            _ => unreachable!("listed above"),
        }
    }
    Ok(Command::Go(go))
}

/// Runs the UCI loop on `input`, writing to `out`; `first` is the line already read.
pub fn run(input: &mut Input, out: Output, first: &str) {
    let mut core = Core::new(Uci::new(out.clone()));
    let mut line = Some(first.to_string());
    while let Some(text) = line {
        if !handle(&mut core, &out, &text) {
            break;
        }
        line = input.next_line();
    }
    core.finish(true, true);
}

/// Handles one line; false on `quit`.
fn handle(core: &mut Core<Uci>, out: &Output, line: &str) -> bool {
    // Time limits count from the command's arrival.
    let arrived = Instant::now();
    let parsed = parse(line, core.out.chess960());
    if parsed.ends_search {
        core.finish(true, false);
    }
    for msg in &parsed.messages {
        core.out.error(msg);
    }
    let Some(command) = parsed.command else {
        return true;
    };
    match command {
        Command::Uci => {
            out.line(&format!("id name {NAME}"));
            out.line("id author the wingtip authors");
            out.line(&format!(
                "option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}"
            ));
            out.line(&format!(
                "option name Threads type spin default 1 min 1 max {MAX_THREADS}"
            ));
            out.line(&format!(
                "option name MultiPV type spin default 1 min 1 max {MAX_MULTIPV}"
            ));
            out.line("option name Ponder type check default false");
            out.line("option name Clear Hash type button");
            out.line("option name UCI_ShowWDL type check default false");
            out.line(&format!(
                "option name Move Overhead type spin default {DEFAULT_MOVE_OVERHEAD_MS} min 0 max \
                 {MAX_MOVE_OVERHEAD_MS}"
            ));
            out.line("option name UCI_Chess960 type check default false");
            out.line("option name UCI_LimitStrength type check default false");
            out.line(&format!(
                "option name UCI_Elo type spin default {ELO_MAX} min {ELO_MIN} max {ELO_MAX}"
            ));
            #[cfg(feature = "tune")]
            for t in wingtip::search::TUNABLES {
                let default = (t.get)(&wingtip::search::Params::DEFAULT);
                out.line(&format!(
                    "option name {} type spin default {default} min {} max {}",
                    t.name, t.min, t.max
                ));
            }
            out.line("uciok");
        }
        Command::IsReady => {
            if !core.searching() {
                core.ensure_table();
            }
            out.line("readyok");
        }
        Command::NewGame => core.new_game(),
        Command::SetOption(Setting::Hash(mb)) => {
            core.set_hash_mb(mb);
        }
        Command::SetOption(Setting::Threads(n)) => {
            core.set_threads(n);
        }
        Command::SetOption(Setting::MoveOverhead(ms)) => core.move_overhead_ms = ms,
        Command::SetOption(Setting::MultiPv(n)) => {
            core.set_multipv(n);
        }
        Command::SetOption(Setting::Ponder(_)) => {}
        Command::SetOption(Setting::ShowWdl(on)) => core.out.show_wdl = on,
        Command::SetOption(Setting::ClearHash) => {
            if !core.clear_hash() {
                core.out
                    .error("clear hash: ignored while a search runs (send stop first)");
            }
        }
        Command::SetOption(Setting::Chess960(on)) => core.out.chess960.store(on, Ordering::Relaxed),
        Command::SetOption(Setting::LimitStrength(on)) => core.set_limit_strength(on),
        Command::SetOption(Setting::Elo(elo)) => {
            core.set_elo(elo);
        }
        #[cfg(feature = "tune")]
        Command::SetOption(Setting::Param(name, value)) => {
            core.params.set(name, value);
        }
        Command::Position { start, moves } => core.set_position(start, &moves),
        Command::Go(go) => {
            if core.search_running() {
                core.out.error(
                    "go: a search is already running; stopping it (its bestmove follows) and \
                     starting the new one",
                );
            }
            core.finish(true, false);
            let limits = go.limits(core.board().side_to_move(), core.move_overhead_ms);
            let root_moves = root_moves(core, &go.searchmoves);
            core.go(Go {
                limits,
                wait_for_stop: go.infinite,
                ponder: go.ponder,
                report: true,
                clock: Box::new(Since(arrived)),
                root_moves,
            });
        }
        Command::Perft(depth) => out.line(&perft_cmd::divide_text(
            core.board(),
            depth,
            core.out.chess960(),
        )),
        Command::Stop => {
            if core.finish(true, false).is_none() {
                core.out.error("stop: no search is running; ignored");
            }
        }
        Command::PonderHit => {
            if !core.ponder_hit() {
                core.out
                    .error("ponderhit: no ponder search is running; ignored");
            }
        }
        Command::Ignore => {}
        Command::Quit => return false,
        Command::Show => out.line(&diagram(core.board())),
        Command::Eval => {
            for line in eval_lines(core.board()) {
                out.line(&format!("info string {line}"));
            }
        }
        Command::GenFens(request) => {
            let result = genfens::run(
                &request,
                |fen| out.line(&format!("info string genfens {fen}")),
                |note| out.line(&format!("info string {note}")),
            );
            if let Err(e) = result {
                core.out.error(&format!("bad genfens request: {e}"));
            }
        }
    }
    true
}

/// Checks `go searchmoves`' moves against the current position: the legal ones are
/// the root moves; the others are named in one `info string` line and left out. When
/// none is legal, every move is searched.
fn root_moves(core: &mut Core<Uci>, texts: &[String]) -> Vec<Move> {
    let chess960 = core.out.chess960();
    let mut moves = Vec::new();
    let mut illegal = Vec::new();
    for text in texts {
        match parse_move(core.board(), text, chess960) {
            Ok(mv) if !moves.contains(&mv) => moves.push(mv),
            Ok(_) => {}
            Err(_) => illegal.push(truncate(text)),
        }
    }
    if !illegal.is_empty() {
        let what = if moves.is_empty() {
            "searching all moves"
        } else {
            "searching the others"
        };
        core.out.error(&truncate_line(&format!(
            "searchmoves: not legal here: {}; {what}",
            illegal.join(" ")
        )));
    }
    moves
}

/// Bounds a composed diagnostic to one reasonable line.
fn truncate_line(text: &str) -> String {
    if text.chars().count() <= 200 {
        text.to_string()
    } else {
        let cut: String = text.chars().take(200).collect();
        format!("{cut}…")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn command(line: &str) -> Command {
        let parsed = parse(line, false);
        assert!(parsed.messages.is_empty(), "{line}: {:?}", parsed.messages);
        parsed.command.expect("a command")
    }

    fn error(line: &str) -> String {
        let parsed = parse(line, false);
        assert_eq!(parsed.command, None, "{line}");
        assert_eq!(parsed.messages.len(), 1, "{line}: {:?}", parsed.messages);
        parsed.messages[0].clone()
    }

    #[test]
    fn position_startpos_and_fen_with_moves() {
        let Command::Position { start, moves } = command("position startpos moves e2e4 e7e5")
        else {
            panic!("not a position");
        };
        assert_eq!(start, Board::startpos());
        assert_eq!(
            moves.iter().map(Move::to_string).collect::<Vec<_>>(),
            ["e2e4", "e7e5"]
        );
        let fen = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1";
        let Command::Position { start, moves } =
            command(&format!("position fen {fen} moves a7a8n"))
        else {
            panic!("not a position");
        };
        assert_eq!(start.fen().to_string(), fen);
        assert_eq!(moves[0].to_string(), "a7a8n");
        assert!(moves[0].promoted().is_some());
        // No moves at all, and an empty move list.
        assert_eq!(
            command("position startpos"),
            Command::Position {
                start: Board::startpos(),
                moves: vec![]
            }
        );
        assert_eq!(
            command("position startpos moves"),
            command("position startpos")
        );
        assert!(parse("position startpos", false).ends_search);
    }

    #[test]
    fn position_errors_leave_no_command() {
        assert!(error("position").contains("position needs startpos or fen"));
        assert!(error("position startpos e2e4").contains("unexpected text after startpos"));
        assert!(error("position fen 8/8/8 w - - 0 1").starts_with("invalid fen"));
        // The second move is illegal after the first (e7e5 is black's, not white's).
        let e = error("position startpos moves e2e4 e2e4");
        assert!(
            e.starts_with("illegal move") && e.ends_with("position unchanged"),
            "{e}"
        );
    }

    #[test]
    fn position_fen_castling_follows_uci_chess960() {
        // The king on d1 with corner rooks: Chess960 castling, not standard.
        let d1 = "r3k2r/8/8/8/8/8/8/R2K3R w KQkq - 0 1";
        assert_eq!(
            error(&format!("position fen {d1}")),
            format!(
                "invalid fen (fen: illegal position: castling right 'K' needs the white king on \
                 e1 and a rook on h1 in standard chess; a Chess960 position needs UCI_Chess960 \
                 on): {d1}; position unchanged"
            )
        );
        let parsed = parse(&format!("position fen {d1} moves d1a1"), true);
        assert!(parsed.messages.is_empty(), "{:?}", parsed.messages);
        let Some(Command::Position { start, moves }) = parsed.command else {
            panic!("not a position");
        };
        assert_eq!(start.legal_moves().len(), 26);
        assert!(moves[0].is_castling());
        // Standard castling reads the same either way; other FEN faults get no hint.
        let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
        assert_eq!(
            command(&format!("position fen {kiwipete}")),
            parse(&format!("position fen {kiwipete}"), true)
                .command
                .unwrap()
        );
        assert!(!error("position fen 8/8/8 w - - 0 1").contains("UCI_Chess960"));
    }

    /// Every diagnostic line the engine would write for `line`: one printable line
    /// of bounded length each, and a few of them at most.
    fn replies(line: &str) -> Vec<String> {
        let parsed = parse(line, false);
        assert!(parsed.messages.len() <= MAX_MESSAGES, "{line:?}");
        let replies: Vec<String> = parsed
            .messages
            .iter()
            .map(|m| format!("info string {m}"))
            .collect();
        for reply in &replies {
            assert!(!reply.chars().any(char::is_control), "{reply:?}");
            assert!(reply.chars().count() <= 300, "{reply:?}");
        }
        replies
    }

    #[test]
    fn diagnostics_quote_input_printably() {
        assert_eq!(
            replies("fro\0b\x1b[2J"),
            ["info string unknown command: fro\\u{0}b\\u{1b}[2J"]
        );
        // A carriage return inside a token splits it, and is escaped in the echo.
        assert_eq!(
            replies("is\rready"),
            ["info string unknown command: is\\u{d}ready"]
        );
        assert_eq!(
            replies("position startpos moves e2e4\x1b"),
            [
                "info string illegal move (malformed move text (expected e.g. e2e4 or e7e8q): \
                 e2e4\\u{1b}); position unchanged"
            ]
        );
        for line in [
            "position fen \0",
            "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq \u{7}3 0 1",
            "position fen rnbqkbnr/pppp\u{1}ppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "position startpos \u{9b}2J",
            "setoption name \x1b value 1",
            "setoption name Hash value 1\u{7}",
            "setoption name UCI_Chess960 value \0",
            "setoption name Ponder value \u{202e}true",
            "go depth \0 \u{1b}x movetime 1\u{8}",
            "x\u{2028}y",
        ] {
            let replies = replies(line);
            assert!(!replies.is_empty(), "{line:?}");
        }
        // Very long lines: each quote is cut, and the reply is a few lines.
        let long = "x".repeat(100_000);
        let reply = replies(&long);
        assert_eq!(reply.len(), 1);
        assert!(reply[0].ends_with('…'), "{reply:?}");
        let reply = replies(&format!("position fen {long}"));
        assert!(reply[0].contains('…'), "{reply:?}");
        let reply = replies(&format!("go {}", "\0 ".repeat(10_000)));
        assert_eq!(reply.len(), MAX_MESSAGES);
        assert_eq!(
            reply[MAX_MESSAGES - 1],
            format!(
                "info string {} more problems in this line, not listed",
                10_000 - (MAX_MESSAGES - 1)
            )
        );
        assert_eq!(reply[0], "info string unknown go parameter: \\u{0}");
    }

    #[test]
    fn a_session_survives_control_characters() {
        let out = Output::capture();
        let mut core = Core::new(Uci::new(out.clone()));
        for line in [
            "position startpos moves e2e4",
            "\0",
            "\x1b[31m",
            "position startpos moves \0",
            "setoption name \0 value 1",
            "isready",
        ] {
            assert!(handle(&mut core, &out, line));
        }
        let lines = out.take();
        assert_eq!(lines.len(), 5, "{lines:?}");
        assert_eq!(lines[4], "readyok");
        assert!(
            lines.iter().all(|l| !l.chars().any(char::is_control)),
            "{lines:?}"
        );
        // The bad position left the previous one in place.
        assert_eq!(core.ply_count(), 1);
    }

    #[test]
    fn go_parameters() {
        assert_eq!(
            command("go wtime 60000 btime 50000 winc 1000 binc 500 movestogo 30"),
            Command::Go(GoParams {
                wtime: Some(60_000),
                btime: Some(50_000),
                winc: 1000,
                binc: 500,
                movestogo: Some(30),
                ..GoParams::default()
            })
        );
        assert_eq!(
            command("go depth 7 nodes 0"),
            Command::Go(GoParams {
                depth: Some(7),
                nodes: Some(1),
                ..GoParams::default()
            })
        );
        assert_eq!(
            command("go mate 3"),
            Command::Go(GoParams {
                depth: Some(6),
                ..GoParams::default()
            })
        );
        let Command::Go(go) = command("go infinite") else {
            panic!()
        };
        assert!(go.infinite);
        let Command::Go(go) = command("go ponder movetime 100") else {
            panic!()
        };
        assert!(go.ponder && !go.infinite && go.movetime == Some(100));
        assert_eq!(command("go perft 3"), Command::Perft(3));
        // Negative clocks (after a flag fall) count as zero.
        let Command::Go(go) = command("go wtime -100 btime -100") else {
            panic!()
        };
        assert_eq!((go.wtime, go.btime), (Some(0), Some(0)));
    }

    #[test]
    fn go_keeps_what_it_understands() {
        let parsed = parse(
            "go depth x frob searchmoves e2e4 d2d4 movetime 100 nodes",
            false,
        );
        assert_eq!(
            parsed.command,
            Some(Command::Go(GoParams {
                movetime: Some(100),
                searchmoves: vec!["e2e4".into(), "d2d4".into()],
                ..GoParams::default()
            }))
        );
        assert_eq!(parsed.messages.len(), 3, "{:?}", parsed.messages);
        assert!(parsed.messages[0].starts_with("go depth: not a valid number"));
        assert_eq!(parsed.messages[1], "unknown go parameter: frob");
        assert_eq!(parsed.messages[2], "go nodes needs a value");
        assert!(error("go perft 11").contains("at most 10"));
        // The move list runs to the next parameter; its moves are checked when the
        // search starts.
        let Command::Go(go) = command("go searchmoves e2e4 x9 infinite") else {
            panic!()
        };
        assert_eq!(go.searchmoves, ["e2e4", "x9"]);
        assert!(go.infinite);
    }

    #[cfg(feature = "tune")]
    #[test]
    fn a_tune_build_sets_search_parameters_by_name() {
        assert_eq!(
            command("setoption name rfpmargin value 90"),
            Command::SetOption(Setting::Param("RfpMargin", 90))
        );
        let parsed = parse("setoption name LmrDivisor value 5", false);
        assert_eq!(
            parsed.command,
            Some(Command::SetOption(Setting::Param("LmrDivisor", 200)))
        );
        assert_eq!(
            parsed.messages,
            ["LmrDivisor must be between 200 and 900: 5; using 200"]
        );
        assert!(error("setoption name Aspiration value wide").contains("not an integer"));
    }

    #[test]
    fn setoption_settings() {
        assert_eq!(
            command("setoption name Hash value 64"),
            Command::SetOption(Setting::Hash(64))
        );
        assert_eq!(
            command("setoption name move overhead value 100"),
            Command::SetOption(Setting::MoveOverhead(100))
        );
        assert_eq!(
            command("setoption name Threads value 2"),
            Command::SetOption(Setting::Threads(2))
        );
        assert!(error("setoption name Hash value 0").starts_with("hash must be between"));
        assert!(error("setoption name Hash value 99999999999999999999999").starts_with("hash:"));
        let clamped = parse("setoption name Threads value 0", false);
        assert_eq!(
            clamped.command,
            Some(Command::SetOption(Setting::Threads(1)))
        );
        assert!(
            clamped.messages[0].contains("between 1 and 64"),
            "{clamped:?}"
        );
        assert_eq!(
            command("setoption name MultiPV value 3"),
            Command::SetOption(Setting::MultiPv(3))
        );
        for (value, used) in [("0", 1), ("500", MAX_MULTIPV)] {
            let p = parse(&format!("setoption name MultiPV value {value}"), false);
            assert_eq!(p.command, Some(Command::SetOption(Setting::MultiPv(used))));
            assert!(p.messages[0].starts_with("multipv must be between 1 and 64"));
        }
        assert_eq!(
            command("setoption name UCI_LimitStrength value true"),
            Command::SetOption(Setting::LimitStrength(true))
        );
        assert_eq!(
            command("setoption name UCI_Elo value 1800"),
            Command::SetOption(Setting::Elo(1800))
        );
        for (value, used) in [("1000", 1350), ("3000", 2400)] {
            let p = parse(&format!("setoption name UCI_Elo value {value}"), false);
            assert_eq!(p.command, Some(Command::SetOption(Setting::Elo(used))));
            assert_eq!(
                p.messages,
                [format!(
                    "UCI_Elo must be between 1350 and 2400: {value}; using {used}"
                )]
            );
        }
        for bad in ["", "strong", "1e3"] {
            let p = parse(&format!("setoption name UCI_Elo value {bad}"), false);
            assert_eq!(p.command, None, "{bad:?}");
            assert!(p.messages[0].starts_with("UCI_Elo: "), "{p:?}");
        }
        assert_eq!(
            command("setoption name Clear Hash"),
            Command::SetOption(Setting::ClearHash)
        );
        assert_eq!(
            command("setoption name Ponder value true"),
            Command::SetOption(Setting::Ponder(true))
        );
        assert_eq!(
            command("setoption name UCI_ShowWDL value false"),
            Command::SetOption(Setting::ShowWdl(false))
        );
        assert!(error("setoption name UCI_ShowWDL value maybe").contains("true or false"));
        assert!(error("setoption name Move Overhead value 5001").contains("between 0 and 5000"));
        assert!(error("setoption name Bogus value 1").starts_with("unknown option: Bogus"));
        assert!(error("setoption").starts_with("setoption needs"));
    }

    #[test]
    fn other_commands() {
        assert_eq!(command("uci"), Command::Uci);
        assert_eq!(command("  isready  "), Command::IsReady);
        assert_eq!(command("stop"), Command::Stop);
        assert!(!parse("stop", false).ends_search && !parse("isready", false).ends_search);
        assert_eq!(command("ponderhit"), Command::PonderHit);
        assert_eq!(command("debug on"), Command::Ignore);
        assert_eq!(parse("", false), parse("   ", false));
        assert_eq!(parse("", false).command, None);
        assert!(error("frobnicate now").starts_with("unknown command: frobnicate now"));
    }

    #[test]
    fn limits_from_the_clock_of_the_side_to_move() {
        let go = GoParams {
            wtime: Some(60_000),
            btime: Some(10_000),
            movestogo: Some(1),
            ..GoParams::default()
        };
        let white = go.limits(Color::White, 20);
        assert_eq!(
            (white.soft_ms, white.hard_ms),
            plan_time(60_000, 0, Some(1), 20)
        );
        let black = go.limits(Color::Black, 20);
        assert_eq!((black.soft_ms, black.hard_ms), (2794, 7984));
        // movetime wins over the clock and keeps the overhead back.
        let fixed = GoParams {
            movetime: Some(1000),
            ..go
        };
        let limits = fixed.limits(Color::White, 20);
        assert_eq!((limits.soft_ms, limits.hard_ms), (0, 980));
        // Depth and nodes alone: no time limit.
        let limits = GoParams {
            depth: Some(5),
            nodes: Some(1000),
            ..GoParams::default()
        }
        .limits(Color::White, 20);
        assert_eq!(
            limits,
            Limits {
                depth: 5,
                nodes: 1000,
                ..Limits::NONE
            }
        );
    }

    #[test]
    fn protocol_lines() {
        let out = Output::capture();
        let mut uci = Uci::new(out.clone());
        let board = Board::startpos();
        let e2e4 = board.parse_uci_move("e2e4").unwrap();
        let e7e5 = {
            let mut b = board;
            b.make_move(e2e4);
            b.parse_uci_move("e7e5").unwrap()
        };
        uci.info(&Info {
            depth: 3,
            multipv: 1,
            seldepth: 5,
            score: Score::Mate(-2),
            nodes: 3000,
            time_ms: 1500,
            hashfull: 7,
            pv: &[e2e4, e7e5],
        });
        let mut result = SearchResult {
            best_move: Some(e2e4),
            ponder: Some(e7e5),
            score: Score::Cp(10),
            depth: 3,
            nodes: 3000,
        };
        uci.best_move(&board, &result);
        result.ponder = None;
        uci.best_move(&board, &result);
        result.best_move = None;
        uci.best_move(&board, &result);
        uci.error("oops");
        uci.show_wdl = true;
        uci.info(&Info {
            depth: 0,
            multipv: 2,
            seldepth: 0,
            score: Score::Cp(0),
            nodes: 0,
            time_ms: 0,
            hashfull: 0,
            pv: &[],
        });
        assert_eq!(
            out.take(),
            [
                "info depth 3 seldepth 5 multipv 1 score mate -2 nodes 3000 nps 2000 hashfull 7 \
                 time 1500 pv e2e4 e7e5",
                "bestmove e2e4 ponder e7e5",
                "bestmove e2e4",
                "bestmove 0000",
                "info string oops",
                "info depth 0 seldepth 0 multipv 2 score cp 0 wdl 65 870 65 nodes 0 nps 0 \
                 hashfull 0 time 0",
            ]
        );
    }

    #[test]
    fn session_answers_and_perft() {
        let out = Output::capture();
        let mut core = Core::new(Uci::new(out.clone()));
        assert!(handle(&mut core, &out, "isready"));
        assert!(handle(&mut core, &out, "position startpos moves e2e4"));
        assert!(handle(&mut core, &out, "d"));
        assert!(handle(&mut core, &out, "go perft 1"));
        assert!(handle(&mut core, &out, "go depth 2"));
        core.finish(false, false);
        assert!(!handle(&mut core, &out, "quit"));
        let lines = out.take();
        assert_eq!(lines[0], "readyok");
        // The diagram: files, eight ranks, files, FEN, hash, checkers.
        assert_eq!(lines[1], "   a b c d e f g h");
        assert_eq!(lines[5], " 5 . . . . . . . . 5");
        assert_eq!(lines[6], " 4 . . . . P . . . 4");
        assert_eq!(
            lines[11],
            "Fen: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
        );
        assert_eq!(lines[12], format!("Hash: {:016x}", core.board().hash()));
        assert_eq!(lines[13], "Checkers: none");
        let lines = &lines[13..];
        // The twenty replies to 1. e4, one `move: 1` line each.
        let mut divide: Vec<&str> = lines[1..21].iter().map(String::as_str).collect();
        divide.sort_unstable();
        let mut expected: Vec<String> = [
            "a7a6", "a7a5", "b7b6", "b7b5", "c7c6", "c7c5", "d7d6", "d7d5",
        ]
        .iter()
        .chain(&[
            "e7e6", "e7e5", "f7f6", "f7f5", "g7g6", "g7g5", "h7h6", "h7h5",
        ])
        .chain(&["b8a6", "b8c6", "g8f6", "g8h6"])
        .map(|m| format!("{m}: 1"))
        .collect();
        expected.sort_unstable();
        assert_eq!(divide, expected);
        assert_eq!(lines[21..23], ["", "Nodes searched: 20"]);
        assert!(lines[23].starts_with("info depth 1 "));
        assert!(lines.last().unwrap().starts_with("bestmove "), "{lines:?}");
    }
}
