//! The engine on stdin/stdout: one protocol-neutral core driven by UCI (default) or
//! CECP v2 (when the first command is `xboard`).
//!
//! Nothing is allocated before the first command: the transposition table is
//! created on the first `go` (its size comes from `Hash`), and the search state on
//! the first search. Searches run on a worker thread that owns the table while it
//! searches and hands it back when it ends; the reading thread stays free to answer
//! `isready`, `stop`, `?` and `quit` at once.

mod uci;
mod xboard;

use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Instant;

use wingtip::search::{Hooks, Info, Limits, Score, SearchResult, Searcher, TtEntry};
use wingtip::{Board, Move};

/// The engine's name and version, as `id name` and xboard `myname` report them.
pub const NAME: &str = concat!("wingtip ", env!("CARGO_PKG_VERSION"));
/// The default transposition-table size in MiB.
pub const DEFAULT_HASH_MB: usize = 16;
/// The largest accepted `Hash` value in MiB.
pub const MAX_HASH_MB: usize = 65_536;
/// The default time kept back per move for GUI and process latency, in ms.
pub const DEFAULT_MOVE_OVERHEAD_MS: u64 = 20;

/// Speaks UCI on stdin/stdout, or CECP v2 if the first command is `xboard`.
pub fn run() {
    let mut input = Input::new();
    let mut core = Core::new();
    // The first non-empty line picks the protocol.
    let first = loop {
        match input.next_line() {
            None => return,
            Some(line) if line.trim().is_empty() => continue,
            Some(line) => break line,
        }
    };
    if first.trim() == "xboard" {
        xboard::run(&mut core, &mut input);
    } else {
        uci::run(&mut core, &mut input, &first);
    }
    core.finish(true, true);
}

/// Lines from stdin, read as bytes so that invalid UTF-8 cannot stop the engine.
pub struct Input {
    stdin: std::io::StdinLock<'static>,
    buf: Vec<u8>,
}

impl Input {
    fn new() -> Input {
        Input {
            stdin: std::io::stdin().lock(),
            buf: Vec::new(),
        }
    }

    /// Returns the next line without its line ending, or `None` at end of input
    /// (or on a read error, which ends the session the same way).
    pub fn next_line(&mut self) -> Option<String> {
        self.buf.clear();
        match self.stdin.read_until(b'\n', &mut self.buf) {
            Ok(0) | Err(_) => None,
            Ok(_) => Some(
                String::from_utf8_lossy(&self.buf)
                    .trim_end_matches(['\n', '\r'])
                    .to_string(),
            ),
        }
    }
}

/// Writes one line to stdout and flushes it (ignoring a closed pipe).
pub fn say(line: &str) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

/// How the worker reports progress and its final move.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// `info …` lines and `bestmove`.
    Uci,
    /// `ply score time nodes seldepth nps pv` lines (when `post` is on) and `move`.
    Xboard {
        /// Whether thinking output is on.
        post: bool,
    },
}

/// One search request.
pub struct Go {
    /// The limits passed to the library search.
    pub limits: Limits,
    /// Whether the final move waits for `stop` even when the search ends early
    /// (UCI `go infinite`).
    pub wait_for_stop: bool,
    /// When the command arrived (time limits count from here).
    pub started: Instant,
    /// The output format.
    pub style: Style,
}

/// What a finished worker hands back.
struct Done {
    table: Vec<TtEntry>,
    searcher: Box<Searcher>,
    result: SearchResult,
    /// Whether the final move was printed (it is not after a silent stop).
    printed: bool,
}

struct Worker {
    handle: JoinHandle<Done>,
    silent: Arc<AtomicBool>,
}

/// The game and the engine's resources, shared by both protocols.
pub struct Core {
    /// Positions of the game, the start first and the current one last.
    positions: Vec<Board>,
    /// The moves between consecutive positions.
    moves: Vec<Move>,
    /// `Hash` in MiB.
    pub hash_mb: usize,
    /// `Move Overhead` in ms.
    pub move_overhead_ms: u64,
    table: Option<Vec<TtEntry>>,
    searcher: Option<Box<Searcher>>,
    worker: Option<Worker>,
    stop: Arc<AtomicBool>,
}

impl Core {
    /// Returns a core at the start position; allocates nothing big.
    pub fn new() -> Core {
        Core {
            positions: vec![Board::startpos()],
            moves: Vec::new(),
            hash_mb: DEFAULT_HASH_MB,
            move_overhead_ms: DEFAULT_MOVE_OVERHEAD_MS,
            table: None,
            searcher: None,
            worker: None,
            stop: Arc::new(AtomicBool::new(false)),
        }
    }

    /// Returns the current position.
    pub fn board(&self) -> &Board {
        self.positions
            .last()
            .expect("the game always has a position")
    }

    /// Returns the number of moves played since the start position.
    pub fn ply_count(&self) -> usize {
        self.moves.len()
    }

    /// Replaces the game with `start` followed by `moves` (UCI or xboard coordinate
    /// text). On an error the game is left unchanged.
    ///
    /// # Errors
    /// The first move that does not parse or is illegal, with the reason.
    pub fn set_position<'a>(
        &mut self,
        start: Board,
        moves: impl IntoIterator<Item = &'a str>,
    ) -> Result<(), String> {
        let mut positions = vec![start];
        let mut played = Vec::new();
        for text in moves {
            let board = positions.last().expect("non-empty");
            let mv = parse_move(board, text)?;
            let mut child = *board;
            child.make_move(mv);
            positions.push(child);
            played.push(mv);
        }
        self.positions = positions;
        self.moves = played;
        Ok(())
    }

    /// Plays one move given as text.
    ///
    /// # Errors
    /// When the text is not a legal move here.
    pub fn push_text(&mut self, text: &str) -> Result<Move, String> {
        let mv = parse_move(self.board(), text)?;
        self.push(mv);
        Ok(mv)
    }

    fn push(&mut self, mv: Move) {
        let mut child = *self.board();
        child.make_move(mv);
        self.positions.push(child);
        self.moves.push(mv);
    }

    /// Takes back the last move; false when there is none.
    pub fn undo(&mut self) -> bool {
        if self.moves.pop().is_some() {
            self.positions.pop();
            true
        } else {
            false
        }
    }

    /// Returns true while a search is running or finished but not yet collected.
    pub fn searching(&self) -> bool {
        self.worker.is_some()
    }

    /// Asks a running search to stop soon (it still prints its move).
    pub fn request_stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Ends the running search, if any, and takes back the table and search state.
    ///
    /// With `stop` the search is interrupted, otherwise this waits for it. With
    /// `silent` the worker does not print its move unless it already has. Returns
    /// the result and whether its move was printed.
    pub fn finish(&mut self, stop: bool, silent: bool) -> Option<(SearchResult, bool)> {
        let worker = self.worker.take()?;
        if silent {
            worker.silent.store(true, Ordering::SeqCst);
        }
        if stop {
            self.stop.store(true, Ordering::SeqCst);
        }
        let done = match worker.handle.join() {
            Ok(done) => done,
            Err(_) => {
                // The worker panicked (a bug): start over with fresh state.
                say_diagnostic("internal error: the search thread failed");
                return None;
            }
        };
        if done.table.len() == table_len(self.hash_mb) {
            self.table = Some(done.table);
        }
        self.searcher = Some(done.searcher);
        Some((done.result, done.printed))
    }

    /// Starts a new game: clears the table and the search history.
    pub fn new_game(&mut self) {
        self.finish(true, true);
        if let Some(table) = self.table.as_mut() {
            table.fill(TtEntry::EMPTY);
        }
        if let Some(s) = self.searcher.as_mut() {
            s.clear();
        }
        self.positions = vec![Board::startpos()];
        self.moves.clear();
    }

    /// Changes `Hash`; the table is reallocated on the next search.
    pub fn set_hash_mb(&mut self, mb: usize) {
        self.finish(true, false);
        self.hash_mb = mb.clamp(1, MAX_HASH_MB);
        self.table = None;
    }

    /// Allocates the transposition table if it does not exist yet.
    pub fn ensure_table(&mut self) {
        if self.table.is_none() && self.worker.is_none() {
            let len = table_len(self.hash_mb);
            self.table = Some(zeroed_table(len).unwrap_or_else(|| {
                say_diagnostic(&format!(
                    "cannot allocate {} MiB for the hash table; searching without one",
                    self.hash_mb
                ));
                Vec::new()
            }));
        }
    }

    /// Starts searching the current position on a worker thread.
    pub fn go(&mut self, go: Go) {
        self.finish(true, false);
        self.ensure_table();
        let table = self.table.take().unwrap_or_default();
        let mut searcher = self
            .searcher
            .take()
            .unwrap_or_else(|| Box::new(Searcher::new()));
        let board = *self.board();
        let history: Vec<u64> = self.positions[..self.positions.len() - 1]
            .iter()
            .map(Board::hash)
            .collect();
        self.stop.store(false, Ordering::SeqCst);
        let stop = Arc::clone(&self.stop);
        let silent = Arc::new(AtomicBool::new(false));
        let silent_in_worker = Arc::clone(&silent);
        let spawned = std::thread::Builder::new()
            .name("search".into())
            .stack_size(8 << 20)
            .spawn(move || {
                let mut table = table;
                let mut hooks = Reporter {
                    started: go.started,
                    style: go.style,
                    stm_white: board.side_to_move() == wingtip::Color::White,
                };
                let result =
                    searcher.search(&board, &history, &mut table, &go.limits, &stop, &mut hooks);
                if go.wait_for_stop {
                    while !stop.load(Ordering::Relaxed) && !silent_in_worker.load(Ordering::Relaxed)
                    {
                        std::thread::sleep(std::time::Duration::from_millis(1));
                    }
                }
                let printed = !silent_in_worker.load(Ordering::SeqCst);
                if printed {
                    report_move(go.style, &board, &result);
                }
                Done {
                    table,
                    searcher,
                    result,
                    printed,
                }
            });
        match spawned {
            Ok(handle) => self.worker = Some(Worker { handle, silent }),
            Err(e) => say_diagnostic(&format!("cannot start the search thread: {e}")),
        }
    }

    /// Applies the move of a finished xboard search (if it was printed).
    pub fn collect_and_apply(&mut self, stop: bool, silent: bool) {
        if let Some((result, printed)) = self.finish(stop, silent) {
            if printed {
                if let Some(mv) = result.best_move {
                    self.push(mv);
                }
            }
        }
    }
}

/// Prints a diagnostic in whichever protocol is active (stderr would be lost on
/// most GUIs; both protocols accept this form as a comment-like line).
fn say_diagnostic(text: &str) {
    say(&format!("info string {text}"));
}

/// Returns the number of table entries for `mb` MiB.
pub fn table_len(mb: usize) -> usize {
    (mb << 20) / std::mem::size_of::<TtEntry>()
}

/// Allocates `len` empty entries as zeroed memory.
///
/// The operating system hands out zeroed pages lazily, so a 16 MiB table costs a
/// few microseconds here instead of ~15 ms of page faults and stores up front
/// (measured with `vec![TtEntry::EMPTY; n]`: 18 ms before the first `info` line);
/// the pages are touched only as the search fills them.
/// Returns `None` when the memory is not available.
fn zeroed_table(len: usize) -> Option<Vec<TtEntry>> {
    use std::alloc::{alloc_zeroed, Layout};
    if len == 0 {
        return Some(Vec::new());
    }
    let layout = Layout::array::<TtEntry>(len).ok()?;
    // SAFETY: the layout has a non-zero size; an all-zero `TtEntry` is
    // `TtEntry::EMPTY` (zero key, score and depth, `Move::NULL` is `Move(0)`,
    // `Bound::None` is 0; checked by `zeroed_entry_is_empty` below); the pointer comes
    // from the global allocator with exactly the layout `Vec` uses for `len` entries.
    unsafe {
        let ptr = alloc_zeroed(layout).cast::<TtEntry>();
        if ptr.is_null() {
            return None;
        }
        Some(Vec::from_raw_parts(ptr, len, len))
    }
}

/// Parses a move in coordinate notation and checks it is legal on `board`.
fn parse_move(board: &Board, text: &str) -> Result<Move, String> {
    board
        .parse_uci_move(text)
        .map_err(|e| format!("{e}: {text}"))
}

struct Reporter {
    started: Instant,
    style: Style,
    stm_white: bool,
}

impl Hooks for Reporter {
    fn elapsed_ms(&mut self) -> u64 {
        self.started.elapsed().as_millis() as u64
    }

    fn info(&mut self, info: &Info<'_>) {
        let _ = self.stm_white;
        let nps = info.nodes * 1000 / info.time_ms.max(1);
        let pv: Vec<String> = info.pv.iter().map(|m| m.to_string()).collect();
        match self.style {
            Style::Uci => {
                let score = match info.score {
                    Score::Cp(cp) => format!("cp {cp}"),
                    Score::Mate(n) => format!("mate {n}"),
                };
                say(&format!(
                    "info depth {} seldepth {} score {} nodes {} nps {} hashfull {} time {} pv {}",
                    info.depth,
                    info.seldepth,
                    score,
                    info.nodes,
                    nps,
                    info.hashfull,
                    info.time_ms,
                    pv.join(" ")
                ));
            }
            Style::Xboard { post: true } => {
                let score = match info.score {
                    Score::Cp(cp) => cp,
                    Score::Mate(n) if n > 0 => 100_000 + n,
                    Score::Mate(n) => -100_000 + n,
                };
                say(&format!(
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
            Style::Xboard { post: false } => {}
        }
    }
}

fn report_move(style: Style, board: &Board, result: &SearchResult) {
    match (style, result.best_move) {
        (Style::Uci, Some(mv)) => match result.ponder {
            Some(p) => say(&format!("bestmove {mv} ponder {p}")),
            None => say(&format!("bestmove {mv}")),
        },
        (Style::Uci, None) => say("bestmove 0000"),
        (Style::Xboard { .. }, Some(mv)) => say(&format!("move {mv}")),
        (Style::Xboard { .. }, None) => {
            let line = if board.in_check() {
                if board.side_to_move() == wingtip::Color::White {
                    "0-1 {Black mates}"
                } else {
                    "1-0 {White mates}"
                }
            } else {
                "1/2-1/2 {Stalemate}"
            };
            say(line);
        }
    }
}

/// Splits a time budget into (soft, hard) limits in ms for one move.
///
/// `time` is the remaining clock, `inc` the increment, `moves_to_go` the moves left
/// in the period (if the control has periods); `overhead` is kept back per move.
pub fn plan_time(time: u64, inc: u64, moves_to_go: Option<u64>, overhead: u64) -> (u64, u64) {
    let usable = time.saturating_sub(overhead).max(1);
    let mtg = moves_to_go.unwrap_or(22).clamp(1, 60);
    let target = (usable / mtg)
        .saturating_add(inc.saturating_mul(3) / 4)
        .min(usable / 5 * 2)
        .max(1);
    let cap = if mtg == 1 { usable / 5 * 4 } else { usable / 2 };
    let hard = target.saturating_mul(4).min(cap).max(1);
    let soft = (target / 10 * 7 + target % 10 * 7 / 10).max(1);
    (soft, hard)
}

/// Parses a non-negative integer; negative values become 0 (GUIs may send a
/// negative clock after a flag fall).
///
/// # Errors
/// Not an integer, or beyond `i64`.
pub fn parse_count(text: &str) -> Result<u64, String> {
    match text.parse::<i64>() {
        Ok(v) => Ok(v.max(0) as u64),
        Err(_) => Err(format!("not a valid number: {}", truncate(text))),
    }
}

/// Shortens user text quoted in a diagnostic.
pub fn truncate(text: &str) -> String {
    const MAX: usize = 60;
    if text.chars().count() <= MAX {
        text.to_string()
    } else {
        format!("{}…", text.chars().take(MAX).collect::<String>())
    }
}

/// Runs `go perft` / perft divide and prints it like `wingtip perft --divide`.
pub fn print_perft(board: &Board, depth: u32) {
    let started = Instant::now();
    let mut lines = String::new();
    let total = wingtip::perft_divide(board, depth, |mv, n| {
        lines.push_str(&format!("{mv}: {n}\n"));
    });
    let _ = started;
    let mut out = std::io::stdout().lock();
    let _ = write!(out, "{lines}");
    let _ = writeln!(out, "\nNodes searched: {total}");
    let _ = out.flush();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_plan_stays_inside_the_clock() {
        for &(time, inc, mtg) in &[
            (10_000, 100, None),
            (50, 0, None),
            (0, 0, None),
            (1000, 0, Some(1)),
            (u64::MAX / 2, u64::MAX / 2, None),
        ] {
            let (soft, hard) = plan_time(time, inc, mtg, 20);
            assert!(soft >= 1 && hard >= 1);
            assert!(hard <= time.max(2), "{time} {inc} {mtg:?}: {hard}");
            assert!(soft <= hard.max(soft), "soft {soft} hard {hard}");
        }
    }

    #[test]
    fn zeroed_entry_is_empty() {
        let table = zeroed_table(1000).unwrap();
        assert!(table.iter().all(|e| *e == TtEntry::EMPTY));
        assert!(zeroed_table(0).unwrap().is_empty());
        assert!(zeroed_table(usize::MAX / 4).is_none());
    }

    #[test]
    fn counts_parse_without_panicking() {
        assert_eq!(parse_count("42"), Ok(42));
        assert_eq!(parse_count("-5"), Ok(0));
        assert!(parse_count("99999999999999999999999").is_err());
        assert!(parse_count("x").is_err());
    }
}
