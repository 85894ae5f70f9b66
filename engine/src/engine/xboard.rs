//! CECP v2 (xboard/WinBoard protocol): the same core as UCI, driven by xboard
//! commands. Each line is parsed into a [`Command`], then run. Malformed commands
//! get `Error (<reason>): <command>`, illegal moves `Illegal move (<reason>): <move>`
//! (the form GUIs need to take the move back), the command or move quoted by
//! [`truncate`] (control characters escaped, long text cut). [`Xboard`] words
//! every line the engine sends.

use std::time::Instant;

use super::{
    parse_count, plan_time, truncate, Core, Go, Input, Output, Protocol, Since, MAX_HASH_MB, NAME,
};
use wingtip::search::{Info, Limits, Score, SearchResult};
use wingtip::{Board, Color, Move};

/// Thinking time when no time control was given, ms.
const DEFAULT_MOVE_MS: u64 = 5000;
/// The longest search for a `hint`, ms.
const HINT_MS: u64 = 200;

/// CECP output: thinking lines (when `post` is on), `move` or the game result,
/// and `#` comment lines for diagnostics.
#[derive(Clone)]
pub struct Xboard {
    out: Output,
    /// Whether thinking output is on (`post`/`nopost`).
    post: bool,
    /// Whether the engine analyzes (`analyze`): thinking output is always on.
    analyzing: bool,
    /// `variant fischerandom`: castling written `O-O`/`O-O-O`.
    fischerandom: bool,
}

impl Xboard {
    /// Returns a move's text: coordinates, castling as `O-O`/`O-O-O` in
    /// fischerandom (CECP's convention for Chess960).
    fn move_text(&self, mv: Move) -> String {
        if self.fischerandom && mv.is_castling() {
            if mv.target().index() > mv.source().index() {
                "O-O".to_string()
            } else {
                "O-O-O".to_string()
            }
        } else {
            mv.to_string()
        }
    }
}

/// Parses a move from the GUI: coordinates (`e2e4`, `e7e8q`), castling as the
/// king's destination (`e1g1`); in fischerandom also `O-O`/`O-O-O` (or with zeros)
/// and king takes rook (`e1h1`).
///
/// # Errors
/// The reason, for text that is no legal move here.
fn parse_user_move(board: &Board, text: &str, fischerandom: bool) -> Result<Move, String> {
    let king_side = match text {
        "O-O" | "0-0" => Some(true),
        "O-O-O" | "0-0-0" => Some(false),
        _ => None,
    };
    if let Some(king_side) = king_side {
        return board
            .legal_moves()
            .iter()
            .copied()
            .find(|mv| mv.is_castling() && (mv.target().index() > mv.source().index()) == king_side)
            .ok_or_else(|| "castling is not legal here".to_string());
    }
    if fischerandom {
        board.parse_uci_move(text).map_err(|e| e.to_string())
    } else {
        super::parse_move(board, text, false)
    }
}

impl Protocol for Xboard {
    fn info(&mut self, info: &Info<'_>) {
        if !self.post && !self.analyzing {
            return;
        }
        let score = match info.score {
            Score::Cp(cp) => cp,
            Score::Mate(n) if n > 0 => 100_000 + n,
            Score::Mate(n) => -100_000 + n,
        };
        let nps = info.nodes * 1000 / info.time_ms.max(1);
        let pv: Vec<String> = info.pv.iter().map(|&mv| self.move_text(mv)).collect();
        self.out.line(&format!(
            "{} {} {} {} {} {}\t{}",
            info.depth,
            score,
            info.time_ms / 10,
            info.nodes,
            info.seldepth,
            nps,
            pv.join(" ")
        ));
    }

    fn best_move(&mut self, board: &Board, result: &SearchResult) {
        let line = match result.best_move {
            Some(mv) => format!("move {}", self.move_text(mv)),
            None if !board.in_check() => "1/2-1/2 {Stalemate}".to_string(),
            None if board.side_to_move() == Color::White => "0-1 {Black mates}".to_string(),
            None => "1-0 {White mates}".to_string(),
        };
        self.out.line(&line);
    }

    fn error(&mut self, msg: &str) {
        self.out.line(&format!("# {msg}"));
    }
}

/// One xboard command, checked as far as it can be without the game.
#[derive(Debug, PartialEq)]
pub enum Command {
    /// `?`: move now.
    MoveNow,
    /// `post` (true) or `nopost` (false).
    Post(bool),
    /// `time <centiseconds>`: the engine's clock, here in ms.
    Time(u64),
    /// `ping <n>`: `n` as the answer `pong <n>` echoes it (quoted: no control
    /// characters, bounded length).
    Ping(String),
    /// `protover <n>`.
    Protover,
    /// `new`.
    New,
    /// `force`, and `result …` (which also stops the engine from playing).
    Force,
    /// `white`: white to move, the engine plays black.
    White,
    /// `black`: black to move, the engine plays white.
    Black,
    /// `playother`.
    PlayOther,
    /// `go`.
    Go,
    /// `usermove <move>`, or a bare move; checked against the position when run.
    UserMove(String),
    /// `level <mps> <base> <inc>`.
    Level(Level),
    /// `st <seconds>`: fixed time per move, here in ms.
    St(u64),
    /// `sd <depth>`.
    Sd(u32),
    /// `memory <MiB>`.
    Memory(usize),
    /// `setboard <fen>`.
    SetBoard(Board),
    /// `undo`.
    Undo,
    /// `remove`.
    Remove,
    /// `quit`.
    Quit,
    /// `analyze`: analyze the position (and every later one) until `exit`.
    Analyze,
    /// `exit`: leave analyze mode.
    Exit,
    /// `hint`: answer `Hint: <move>`.
    Hint,
    /// `variant normal` (false) or `variant fischerandom` (true).
    Variant(bool),
    /// A command that needs no action (`otim`, `hard`, `cores`, …).
    Ignore,
}

/// A `level` time control.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    /// Moves per period (0: the whole game).
    pub mps: u64,
    /// The time per period, ms.
    pub base_ms: u64,
    /// The increment per move, ms.
    pub inc_ms: u64,
}

/// What a command does to a running search before it runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Before {
    /// Nothing: the command runs beside the search.
    Nothing,
    /// Wait for the search's move and play it.
    Wait,
    /// Stop the search without a move (a move already sent is still played).
    Abandon,
}

/// Parses one line as in `variant normal`: [`parse_variant`] with `fischerandom`
/// false. (The read loop calls `parse_variant`; this is for the tests and the fuzz
/// targets, through the library target.)
#[cfg_attr(not(test), allow(dead_code))]
pub fn parse(line: &str) -> (Before, Option<Result<Command, String>>) {
    parse_variant(line, false)
}

/// Parses one line: what to do with a running search, and the command or the
/// reason it is malformed (`None` for an empty line). `fischerandom` (`variant
/// fischerandom`) reads `setboard`'s castling rights by Chess960's rules, and
/// standard chess's (king on e1/e8, rooks in the corners) when false.
pub fn parse_variant(line: &str, fischerandom: bool) -> (Before, Option<Result<Command, String>>) {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let Some((&word, args)) = tokens.split_first() else {
        return (Before::Nothing, None);
    };
    let before = match word {
        "?" | "post" | "nopost" | "time" | "ping" | "hard" | "easy" | "otim" | "accepted"
        | "rejected" | "computer" | "name" | "rating" | "random" | "ics" | "hint" | "bk"
        | "draw" | "." => Before::Nothing,
        "new" | "force" | "result" | "quit" | "setboard" | "undo" | "remove" | "analyze"
        | "exit" => Before::Abandon,
        _ => Before::Wait,
    };
    let value = |what: &str| {
        args.first()
            .copied()
            .ok_or_else(|| format!("{word} needs {what}"))
    };
    let command = match word {
        "?" => Ok(Command::MoveNow),
        "post" => Ok(Command::Post(true)),
        "nopost" => Ok(Command::Post(false)),
        "time" => value("a value")
            .and_then(parse_count)
            .map(|cs| Command::Time(cs.saturating_mul(10))),
        // The answer echoes the word, so it is quoted like any user text.
        "ping" => Ok(Command::Ping(truncate(args.first().copied().unwrap_or("")))),
        "protover" => Ok(Command::Protover),
        "new" => Ok(Command::New),
        "variant" if args.first() == Some(&"normal") => Ok(Command::Variant(false)),
        "variant" if args.first() == Some(&"fischerandom") => Ok(Command::Variant(true)),
        "variant" => Err("unsupported variant".to_string()),
        "force" | "result" => Ok(Command::Force),
        "white" => Ok(Command::White),
        "black" => Ok(Command::Black),
        "playother" => Ok(Command::PlayOther),
        "go" => Ok(Command::Go),
        "usermove" => value("a move").map(|m| Command::UserMove(m.to_string())),
        "level" => parse_level(args).map(Command::Level),
        "st" => value("a value")
            .and_then(parse_seconds)
            .map(|ms| Command::St(ms.max(1))),
        "sd" => value("a value")
            .and_then(parse_count)
            .map(|d| Command::Sd(d.clamp(1, 200) as u32)),
        "memory" => match value("a value").and_then(parse_count) {
            Ok(mb) if (1..=MAX_HASH_MB as u64).contains(&mb) => Ok(Command::Memory(mb as usize)),
            Ok(_) => Err("memory out of range".to_string()),
            Err(e) => Err(e),
        },
        "setboard" => Board::from_fen_chess960(&args.join(" "), fischerandom)
            .map(Command::SetBoard)
            .map_err(|e| format!("bad fen: {e}")),
        "undo" => Ok(Command::Undo),
        "remove" => Ok(Command::Remove),
        "quit" => Ok(Command::Quit),
        "analyze" => Ok(Command::Analyze),
        "exit" => Ok(Command::Exit),
        "hint" => Ok(Command::Hint),
        // `.` asks for an analysis status line (stat01), which is optional.
        "hard" | "easy" | "otim" | "accepted" | "rejected" | "computer" | "name" | "rating"
        | "random" | "ics" | "bk" | "draw" | "cores" | "xboard" | "." => Ok(Command::Ignore),
        // Old GUIs send bare moves when usermove=1 was rejected.
        _ if (looks_like_move(word) || matches!(word, "O-O" | "O-O-O" | "0-0" | "0-0-0"))
            && args.is_empty() =>
        {
            Ok(Command::UserMove(word.to_string()))
        }
        _ => Err("unknown command".to_string()),
    };
    (before, Some(command))
}

fn looks_like_move(text: &str) -> bool {
    let b = text.as_bytes();
    (4..=5).contains(&b.len())
        && (b'a'..=b'h').contains(&b[0])
        && (b'1'..=b'8').contains(&b[1])
        && (b'a'..=b'h').contains(&b[2])
        && (b'1'..=b'8').contains(&b[3])
}

/// Parses `level MPS BASE INC` (BASE in minutes or minutes:seconds, INC in seconds).
fn parse_level(args: &[&str]) -> Result<Level, String> {
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
    Ok(Level {
        mps,
        base_ms,
        inc_ms: parse_seconds(inc)?,
    })
}

/// Parses seconds, possibly fractional, into milliseconds.
fn parse_seconds(text: &str) -> Result<u64, String> {
    match text.parse::<f64>() {
        Ok(v) if v.is_finite() => Ok((v.max(0.0) * 1000.0).min(1e15) as u64),
        _ => Err(format!("not a valid number: {}", truncate(text))),
    }
}

/// The time control and engine settings of an xboard session.
#[derive(Debug)]
struct Session {
    /// The side the engine plays; `None` in force mode.
    engine: Option<Color>,
    /// The `level` time control.
    level: Level,
    /// Whether a `level` was given.
    has_level: bool,
    /// Fixed time per move from `st`, ms.
    st_ms: Option<u64>,
    /// Depth limit from `sd` (0: none).
    depth: u32,
    /// The engine's clock from `time`, ms.
    time_ms: Option<u64>,
    /// Analyze mode (`analyze` until `exit`).
    analyze: bool,
}

impl Session {
    fn new() -> Session {
        Session {
            engine: Some(Color::Black),
            level: Level {
                mps: 0,
                base_ms: 0,
                inc_ms: 0,
            },
            has_level: false,
            st_ms: None,
            depth: 0,
            time_ms: None,
            analyze: false,
        }
    }

    /// Returns the limits of the engine's next move after `plies` moves of the
    /// game, keeping `overhead` ms back.
    fn limits(&self, plies: usize, overhead: u64) -> Limits {
        let mut limits = Limits {
            depth: self.depth,
            ..Limits::NONE
        };
        let base = self.has_level.then_some(self.level.base_ms);
        if let Some(st) = self.st_ms {
            limits.hard_ms = st.saturating_sub(overhead).max(1);
        } else if let Some(time) = self.time_ms.or(base) {
            let mps = self.level.mps;
            let moves_done = (plies / 2) as u64;
            let mtg = (mps > 0).then(|| mps - moves_done % mps);
            (limits.soft_ms, limits.hard_ms) = plan_time(time, self.level.inc_ms, mtg, overhead);
        } else if self.depth == 0 {
            // No time control at all.
            limits.hard_ms = DEFAULT_MOVE_MS;
        }
        limits
    }
}

/// Runs the CECP loop (the `xboard` line is already consumed), writing to `out`.
pub fn run(input: &mut Input, out: Output) {
    let mut core = Core::new(Xboard {
        out: out.clone(),
        post: false,
        analyzing: false,
        fischerandom: false,
    });
    let mut session = Session::new();
    while let Some(line) = input.next_line() {
        if !handle(&mut core, &mut session, &out, &line) {
            break;
        }
    }
    core.finish(true, true);
}

/// Handles one line; false on `quit`.
fn handle(core: &mut Core<Xboard>, s: &mut Session, out: &Output, line: &str) -> bool {
    // Time limits count from the command's arrival.
    let arrived = Instant::now();
    let (before, command) = parse_variant(line, core.out.fischerandom);
    let Some(command) = command else {
        return true;
    };
    // A move already sent is played; an unfinished search is waited for or
    // abandoned.
    if before != Before::Nothing && core.searching() {
        // An analysis never ends by itself and its move is never played.
        let abandon = before == Before::Abandon || s.analyze;
        core.collect_and_apply(abandon, abandon);
    }
    let handled = run_command(core, s, out, line, command, arrived);
    // In analyze mode every new position is analyzed at once.
    if s.analyze && !core.searching() {
        core.go(Go {
            limits: Limits::NONE,
            wait_for_stop: true,
            ponder: false,
            report: true,
            clock: Box::new(Since(arrived)),
            root_moves: Vec::new(),
        });
    }
    handled
}

/// Runs one parsed command; false on `quit`.
fn run_command(
    core: &mut Core<Xboard>,
    s: &mut Session,
    out: &Output,
    line: &str,
    command: Result<Command, String>,
    arrived: Instant,
) -> bool {
    let command = match command {
        Ok(command) => command,
        Err(reason) => {
            out.line(&format!("Error ({reason}): {}", truncate(line.trim())));
            return true;
        }
    };
    match command {
        // In analyze mode a stop would make the analysis report a move.
        Command::MoveNow if s.analyze => {}
        Command::MoveNow => core.request_stop(),
        Command::Post(on) => core.out.post = on,
        Command::Time(ms) => s.time_ms = Some(ms),
        Command::Ping(n) => {
            // Pong only after every earlier command is done, including a move in
            // progress.
            if core.searching() && !s.analyze {
                core.collect_and_apply(false, false);
            }
            out.line(&format!("pong {n}"));
        }
        Command::Protover => out.line(&format!(
            "feature myname=\"{NAME}\" ping=1 setboard=1 usermove=1 playother=1 san=0 time=1 \
             draw=0 sigint=0 reuse=1 analyze=1 colors=0 nps=0 debug=0 memory=1 smp=0 \
             variants=\"normal,fischerandom\" done=1"
        )),
        Command::New => {
            core.new_game();
            core.out.fischerandom = false;
            s.engine = (!s.analyze).then_some(Color::Black);
            s.st_ms = None;
            s.depth = 0;
        }
        Command::Force => s.engine = None,
        Command::White => s.engine = Some(Color::Black),
        Command::Black => s.engine = Some(Color::White),
        Command::PlayOther => s.engine = Some(!core.board().side_to_move()),
        Command::Go => {
            s.engine = Some(core.board().side_to_move());
            think(core, s, arrived);
        }
        Command::UserMove(text) => {
            match parse_user_move(core.board(), &text, core.out.fischerandom) {
                Ok(mv) => {
                    core.push_move(mv);
                    if s.engine == Some(core.board().side_to_move()) {
                        think(core, s, arrived);
                    }
                }
                Err(e) => out.line(&format!(
                    "Illegal move ({}): {}",
                    e.split(':').next().unwrap_or("illegal"),
                    truncate(&text)
                )),
            }
        }
        Command::Level(level) => {
            s.level = level;
            s.has_level = true;
            s.st_ms = None;
            s.time_ms = None;
        }
        Command::St(ms) => s.st_ms = Some(ms),
        Command::Sd(depth) => s.depth = depth,
        Command::Memory(mb) => {
            core.set_hash_mb(mb);
        }
        Command::SetBoard(board) => core.set_position(board, &[]),
        Command::Undo => {
            if !core.undo() {
                out.line(&format!(
                    "Error (no move to undo): {}",
                    truncate(line.trim())
                ));
            }
        }
        Command::Remove => {
            if core.ply_count() < 2 {
                out.line(&format!(
                    "Error (no moves to remove): {}",
                    truncate(line.trim())
                ));
            } else {
                core.undo();
                core.undo();
            }
        }
        Command::Quit => return false,
        Command::Analyze => {
            // Analysis starts after this command (see `handle`).
            s.analyze = true;
            s.engine = None;
            core.out.analyzing = true;
        }
        Command::Exit => {
            s.analyze = false;
            core.out.analyzing = false;
        }
        Command::Hint => {
            if let Some(mv) = hint(core) {
                out.line(&format!("Hint: {mv}"));
            }
        }
        Command::Variant(fischerandom) => core.out.fischerandom = fischerandom,
        Command::Ignore => {}
    }
    true
}

/// Returns a move to suggest to the user: the reply the last search expected, if
/// the game went its way, or else the best move of a quick search (none while
/// the engine is thinking or when there is no legal move).
fn hint(core: &mut Core<Xboard>) -> Option<Move> {
    if core.search_running() {
        return None;
    }
    // The engine's move, already sent, is played first.
    core.collect_and_apply(false, false);
    if let Some((searched, result)) = core.last_search() {
        if let (Some(best), Some(reply)) = (result.best_move, result.ponder) {
            let mut after = *searched;
            after.make_move(best);
            if after == *core.board() && core.board().legal_moves().contains(&reply) {
                return Some(reply);
            }
        }
    }
    core.go(Go {
        limits: Limits {
            depth: 8,
            hard_ms: HINT_MS,
            ..Limits::NONE
        },
        wait_for_stop: false,
        ponder: false,
        report: false,
        clock: Box::new(Since(Instant::now())),
        root_moves: Vec::new(),
    });
    core.finish(false, true)
        .and_then(|(result, _)| result.best_move)
}

/// Starts a search for the engine's move under the session's time control.
fn think(core: &mut Core<Xboard>, s: &Session, arrived: Instant) {
    let limits = s.limits(core.ply_count(), core.move_overhead_ms);
    core.go(Go {
        limits,
        wait_for_stop: false,
        ponder: false,
        report: true,
        clock: Box::new(Since(arrived)),
        root_moves: Vec::new(),
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn command(line: &str) -> Command {
        match parse(line) {
            (_, Some(Ok(c))) => c,
            other => panic!("{line}: {other:?}"),
        }
    }

    fn error(line: &str) -> String {
        match parse(line) {
            (_, Some(Err(e))) => e,
            other => panic!("{line}: {other:?}"),
        }
    }

    #[test]
    fn level_parses_both_base_forms() {
        let level = |mps, base_ms, inc_ms| {
            Command::Level(Level {
                mps,
                base_ms,
                inc_ms,
            })
        };
        assert_eq!(command("level 40 5 0"), level(40, 300_000, 0));
        assert_eq!(command("level 0 0:10 0.1"), level(0, 10_000, 100));
        assert_eq!(command("level 0 2:30 2"), level(0, 150_000, 2000));
        assert!(error("level 0 x 0").starts_with("not a valid number"));
        assert!(error("level 0").starts_with("level needs"));
        assert!(parse_seconds("1e400").is_err());
    }

    #[test]
    fn clock_and_limit_commands() {
        assert_eq!(command("time 12345"), Command::Time(123_450));
        assert_eq!(command("time -5"), Command::Time(0));
        assert_eq!(command("otim 500"), Command::Ignore);
        assert_eq!(command("st 2.5"), Command::St(2500));
        assert_eq!(command("st 0"), Command::St(1));
        assert_eq!(command("sd 7"), Command::Sd(7));
        assert_eq!(command("sd 0"), Command::Sd(1));
        assert_eq!(command("memory 32"), Command::Memory(32));
        assert_eq!(error("memory 0"), "memory out of range");
        assert_eq!(error("time"), "time needs a value");
        assert!(error("sd 99999999999999999999999").starts_with("not a valid number"));
        // Clock commands run beside a search; limits wait for its move.
        assert_eq!(parse("time 100").0, Before::Nothing);
        assert_eq!(parse("otim 100").0, Before::Nothing);
        assert_eq!(parse("sd 5").0, Before::Wait);
    }

    #[test]
    fn moves_and_positions() {
        assert_eq!(command("usermove e2e4"), Command::UserMove("e2e4".into()));
        assert_eq!(command("e7e8q"), Command::UserMove("e7e8q".into()));
        assert_eq!(error("usermove"), "usermove needs a move");
        assert_eq!(error("e2e4 now"), "unknown command");
        assert_eq!(error("frobnicate"), "unknown command");
        let fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
        assert_eq!(
            command(&format!("setboard {fen}")),
            Command::SetBoard(Board::from_fen(fen).unwrap())
        );
        assert!(error("setboard 8/8/8/8 w - - 0 1").starts_with("bad fen"));
        assert_eq!(parse("setboard 8/8/8/8 w - - 0 1").0, Before::Abandon);
        assert_eq!(parse("usermove e2e4").0, Before::Wait);
        assert_eq!(parse("?"), (Before::Nothing, Some(Ok(Command::MoveNow))));
        assert_eq!(parse("  "), (Before::Nothing, None));
        assert_eq!(command("variant normal"), Command::Variant(false));
        assert_eq!(command("variant fischerandom"), Command::Variant(true));
        assert_eq!(error("variant atomic"), "unsupported variant");
        assert_eq!(command("ping 7"), Command::Ping("7".into()));
        assert_eq!(command("result 1-0 {White mates}"), Command::Force);
    }

    #[test]
    fn setboard_castling_follows_the_variant() {
        let d1 = "r3k2r/8/8/8/8/8/8/R2K3R w KQkq - 0 1";
        let line = format!("setboard {d1}");
        let standard = match parse_variant(&line, false) {
            (_, Some(Err(e))) => e,
            other => panic!("{other:?}"),
        };
        assert_eq!(
            standard,
            "bad fen: fen: illegal position: castling right 'K' needs the white king on e1 \
             and a rook on h1 in standard chess"
        );
        assert_eq!(parse(&line), parse_variant(&line, false));
        match parse_variant(&line, true) {
            (_, Some(Ok(Command::SetBoard(board)))) => {
                assert_eq!(board.legal_moves().len(), 26);
            }
            other => panic!("{other:?}"),
        }
    }

    /// The reply a line gets without a search: `Error (…): …`, `pong …` or
    /// `Illegal move (…): …`, as `run_command` words them.
    fn reply(line: &str) -> String {
        let out = Output::capture();
        let mut core = Core::new(Xboard {
            out: out.clone(),
            post: false,
            analyzing: false,
            fischerandom: false,
        });
        let mut s = Session::new();
        s.engine = None;
        assert!(handle(&mut core, &mut s, &out, line));
        let lines = out.take();
        assert_eq!(lines.len(), 1, "{line:?}: {lines:?}");
        let reply = lines[0].clone();
        assert!(!reply.chars().any(char::is_control), "{reply:?}");
        assert!(reply.chars().count() <= 300, "{reply:?}");
        reply
    }

    #[test]
    fn replies_quote_input_printably() {
        assert_eq!(reply("fro\0b"), "Error (unknown command): fro\\u{0}b");
        assert_eq!(reply("\x1b[2J"), "Error (unknown command): \\u{1b}[2J");
        assert_eq!(reply("is\rready"), "Error (unknown command): is\\u{d}ready");
        assert_eq!(reply("ping \0"), "pong \\u{0}");
        assert_eq!(reply("ping 12"), "pong 12");
        assert_eq!(
            reply("usermove e2e4\x1b"),
            "Illegal move (malformed move text (expected e.g. e2e4 or e7e8q)): e2e4\\u{1b}"
        );
        assert_eq!(
            reply("level 0 \u{7} 0"),
            "Error (not a valid number: \\u{7}): level 0 \\u{7} 0"
        );
        assert!(reply("setboard \0").starts_with("Error (bad fen: "));
        assert!(reply("variant \u{1b}").starts_with("Error (unsupported variant): variant \\u{1b}"));
        assert!(reply("sd \u{9b}").starts_with("Error (not a valid number: \\u{9b}): "));
        // Very long lines and words are cut.
        let long = "y".repeat(100_000);
        assert!(reply(&long).ends_with('…'));
        assert!(reply(&format!("ping {long}")).ends_with('…'));
        assert!(reply(&format!("usermove {long}")).ends_with('…'));
        assert!(reply(&format!("setboard {long}")).ends_with('…'));
    }

    #[test]
    fn limits_follow_the_time_control() {
        let mut s = Session::new();
        // No control at all: a fixed time.
        assert_eq!(s.limits(0, 20).hard_ms, DEFAULT_MOVE_MS);
        s.depth = 4;
        assert_eq!(
            s.limits(0, 20),
            Limits {
                depth: 4,
                ..Limits::NONE
            }
        );
        // 40 moves in 5 minutes: 40 to go at the start, 1 to go at move 40.
        s.level = Level {
            mps: 40,
            base_ms: 300_000,
            inc_ms: 0,
        };
        s.has_level = true;
        let l = s.limits(0, 20);
        assert_eq!((l.soft_ms, l.hard_ms), plan_time(300_000, 0, Some(40), 20));
        assert_eq!(l.depth, 4);
        s.time_ms = Some(10_000);
        let l = s.limits(78, 20);
        assert_eq!((l.soft_ms, l.hard_ms), (2794, 7984));
        let l = s.limits(80, 20);
        assert_eq!((l.soft_ms, l.hard_ms), plan_time(10_000, 0, Some(40), 20));
        // st wins over the clock.
        s.st_ms = Some(1000);
        assert_eq!(s.limits(0, 20).hard_ms, 980);
        assert_eq!(s.limits(0, 20).soft_ms, 0);
    }

    #[test]
    fn protocol_lines() {
        let out = Output::capture();
        let mut x = Xboard {
            out: out.clone(),
            post: false,
            analyzing: false,
            fischerandom: false,
        };
        let board = Board::startpos();
        let e2e4 = board.parse_uci_move("e2e4").unwrap();
        let info = Info {
            depth: 5,
            multipv: 1,
            seldepth: 9,
            score: Score::Mate(2),
            nodes: 5000,
            time_ms: 250,
            hashfull: 0,
            pv: &[e2e4],
        };
        x.info(&info);
        x.post = true;
        x.info(&info);
        x.info(&Info {
            score: Score::Cp(-35),
            ..info
        });
        let mut result = SearchResult {
            best_move: Some(e2e4),
            ponder: None,
            score: Score::Cp(0),
            depth: 1,
            nodes: 1,
        };
        x.best_move(&board, &result);
        result.best_move = None;
        let mated = Board::from_fen("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1").unwrap();
        x.best_move(&mated, &result);
        let stalemate = Board::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
        x.best_move(&stalemate, &result);
        x.error("oops");
        assert_eq!(
            out.take(),
            [
                "5 100002 25 5000 9 20000\te2e4",
                "5 -35 25 5000 9 20000\te2e4",
                "move e2e4",
                "1-0 {White mates}",
                "1/2-1/2 {Stalemate}",
                "# oops",
            ]
        );
    }

    #[test]
    fn session_plays_and_answers() {
        let out = Output::capture();
        let mut core = Core::new(Xboard {
            out: out.clone(),
            post: false,
            analyzing: false,
            fischerandom: false,
        });
        let mut s = Session::new();
        for line in [
            "new",
            "force",
            "usermove e2e4",
            "usermove e1e8",
            "undo",
            "undo",
        ] {
            assert!(handle(&mut core, &mut s, &out, line));
        }
        assert_eq!(
            out.take(),
            [
                "Illegal move (illegal move in this position): e1e8".to_string(),
                "Error (no move to undo): undo".to_string()
            ]
        );
        for line in ["sd 2", "go", "ping 3"] {
            assert!(handle(&mut core, &mut s, &out, line));
        }
        let lines = out.take();
        assert_eq!(lines.len(), 2, "{lines:?}");
        assert!(lines[0].starts_with("move "));
        assert_eq!(lines[1], "pong 3");
        // `ping` waited for the engine's move (white's, from the start) and played it.
        assert_eq!(core.ply_count(), 1);
        assert!(!handle(&mut core, &mut s, &out, "quit"));
    }
}
