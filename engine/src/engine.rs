//! The engine on stdin/stdout: one protocol-neutral core driven by UCI (default) or
//! CECP v2 (when the first command is `xboard`).
//!
//! The parts:
//! - [`Core`] owns the game, the transposition table and the search thread; it never
//!   formats a line. Whatever it has to say goes through a [`Protocol`].
//! - `uci.rs` and `xboard.rs` each parse a line into a typed command, run it on the
//!   core, and implement [`Protocol`]: every line the engine writes is worded there.
//! - [`plan_time`] turns a clock into soft and hard limits; the search reads the time
//!   through a [`Clock`], so tests can drive it with a fake one.
//!
//! Nothing is allocated before the first command: the transposition table is
//! created on the first `go` (its size comes from `Hash`), and the search state on
//! the first search. Searches run on a worker thread that owns the table while it
//! searches and hands it back when it ends; the reading thread stays free to answer
//! `isready`, `stop`, `?` and `quit` at once.

pub mod genfens;
pub mod strength;
pub mod uci;
pub mod xboard;

use std::cell::{Cell, RefCell};
use std::io::{BufRead, Write};
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Instant;

use wingtip::search::{ContinuationHistory, Hooks, Info, Limits, Params, SearchRequest};
use wingtip::search::{SearchResult, Searcher};
use wingtip::search::{TtEntry, MAX_MULTIPV};
use wingtip::{Board, Move};

/// The engine's name and version, as `id name` and xboard `myname` report them.
pub const NAME: &str = concat!("wingtip ", env!("CARGO_PKG_VERSION"));
/// The default transposition-table size in MiB.
pub const DEFAULT_HASH_MB: usize = 16;
/// The largest accepted `Hash` value in MiB.
pub const MAX_HASH_MB: usize = 65_536;
/// The most search threads (`Threads`).
pub const MAX_THREADS: usize = 64;
/// The default time kept back per move for GUI and process latency, in ms.
pub const DEFAULT_MOVE_OVERHEAD_MS: u64 = 20;

/// Speaks UCI on stdin/stdout, or CECP v2 if the first command is `xboard`.
pub fn run() {
    run_with(Vec::new());
}

/// Like [`run`], with `lines` read before stdin (the command line's UCI commands:
/// `wingtip "genfens 8 seed 1 book None" quit`, as OpenBench starts it).
pub fn run_with(lines: Vec<String>) {
    let mut input = Input::new(lines);
    let out = Output::stdout();
    // The first non-empty line picks the protocol.
    let first = loop {
        match input.next_line() {
            None => return,
            Some(line) if line.trim().is_empty() => continue,
            Some(line) => break line,
        }
    };
    if first.trim() == "xboard" {
        xboard::run(&mut input, out);
    } else {
        uci::run(&mut input, out, &first);
    }
}

/// Lines given up front (the command line's), then lines from stdin, read as bytes
/// so that invalid UTF-8 cannot stop the engine.
pub struct Input {
    pending: std::collections::VecDeque<String>,
    stdin: std::io::StdinLock<'static>,
    buf: Vec<u8>,
}

impl Input {
    fn new(lines: Vec<String>) -> Input {
        Input {
            pending: lines.into(),
            stdin: std::io::stdin().lock(),
            buf: Vec::new(),
        }
    }

    /// Returns the next line without its line ending, or `None` at end of input
    /// (or on a read error, which ends the session the same way).
    pub fn next_line(&mut self) -> Option<String> {
        if let Some(line) = self.pending.pop_front() {
            return Some(line);
        }
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

/// Where the engine's lines go: stdout, or a buffer that tests read back.
///
/// Cloning shares the destination, so the reading thread and the search thread
/// write to the same place.
#[derive(Clone, Default)]
pub struct Output {
    captured: Option<Arc<Mutex<Vec<String>>>>,
}

impl Output {
    /// Lines go to stdout, each flushed at once.
    pub fn stdout() -> Output {
        Output { captured: None }
    }

    /// Lines are kept in memory; [`Output::take`] returns them.
    #[cfg(test)]
    pub fn capture() -> Output {
        Output {
            captured: Some(Arc::default()),
        }
    }

    /// Returns and forgets the lines captured so far (none for stdout).
    #[cfg(test)]
    pub fn take(&self) -> Vec<String> {
        self.captured
            .as_ref()
            .map(|c| std::mem::take(&mut *c.lock().unwrap_or_else(|e| e.into_inner())))
            .unwrap_or_default()
    }

    /// Writes `text` (one or more lines, without the final line ending) and flushes
    /// it, ignoring a closed pipe.
    pub fn line(&self, text: &str) {
        match &self.captured {
            Some(lines) => lines
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .extend(text.lines().map(str::to_string)),
            None => {
                let mut out = std::io::stdout().lock();
                let _ = writeln!(out, "{text}");
                let _ = out.flush();
            }
        }
    }
}

/// How a protocol words what the core reports. The core calls these from the
/// search thread (`info`, `best_move`) and from the reading thread (`error`); each
/// protocol keeps a clone.
pub trait Protocol: Clone + Send + 'static {
    /// Reports a completed search iteration.
    fn info(&mut self, info: &Info<'_>);
    /// Reports the final result of a search of `board` (the searched position).
    fn best_move(&mut self, board: &Board, result: &SearchResult);
    /// Reports a problem the session survives (an allocation or thread failure).
    fn error(&mut self, msg: &str);
}

/// The time since a search request arrived, as the search sees it.
pub trait Clock: Send + 'static {
    /// Returns the milliseconds since the request.
    fn elapsed_ms(&self) -> u64;
}

/// The wall clock, counting from a given instant.
#[derive(Clone, Copy, Debug)]
pub struct Since(pub Instant);

impl Clock for Since {
    fn elapsed_ms(&self) -> u64 {
        self.0.elapsed().as_millis() as u64
    }
}

/// One search request.
pub struct Go {
    /// The limits passed to the library search.
    pub limits: Limits,
    /// Whether the final move waits for `stop` even when the search ends early
    /// (UCI `go infinite`).
    pub wait_for_stop: bool,
    /// A ponder search (UCI `go ponder`): the time limits do not apply and the
    /// final move waits until [`Core::ponder_hit`] (after which the limits apply,
    /// the time since the request counting) or a stop.
    pub ponder: bool,
    /// Whether the search's progress and final move are reported (false for a
    /// quick search the protocol uses itself, like xboard's `hint`).
    pub report: bool,
    /// Time since the request arrived (time limits count from there).
    pub clock: Box<dyn Clock>,
    /// The root moves to search (UCI `go searchmoves`, legal ones); empty: all.
    pub root_moves: Vec<Move>,
}

/// What a finished worker hands back.
struct Done {
    board: Board,
    table: Vec<TtEntry>,
    searcher: Box<SearchState>,
    helpers: Vec<Box<SearchState>>,
    result: SearchResult,
    /// Whether the final move was reported (it is not after a silent stop).
    reported: bool,
}

struct Worker {
    handle: JoinHandle<Done>,
    silent: Arc<AtomicBool>,
    /// Set by the worker just before it reports its move (or would have).
    finished: Arc<AtomicBool>,
}

/// The game and the engine's resources, shared by both protocols.
pub struct Core<P: Protocol> {
    /// Where reports go.
    pub out: P,
    /// Positions of the game, the start first and the current one last.
    positions: Vec<Board>,
    /// The moves between consecutive positions.
    moves: Vec<Move>,
    /// `Hash` in MiB.
    hash_mb: usize,
    /// `Move Overhead` in ms.
    pub move_overhead_ms: u64,
    table: Option<Vec<TtEntry>>,
    searcher: Option<Box<SearchState>>,
    worker: Option<Worker>,
    stop: Arc<AtomicBool>,
    /// True while a ponder search has had no `ponderhit`.
    pondering: Arc<AtomicBool>,
    /// `MultiPV`: principal variations per search.
    multipv: u32,
    /// The search's margins and reductions (set by name in a `tune` build).
    pub params: Params,
    /// The helper threads' search states (`Threads` − 1 of them, Lazy SMP).
    helpers: Vec<Box<SearchState>>,
    /// `Threads`.
    threads: usize,
    /// The last collected search: the position searched and its result.
    last: Option<(Board, SearchResult)>,
    /// `UCI_LimitStrength`.
    limit_strength: bool,
    /// `UCI_Elo`.
    elo: u32,
    /// Draws the limited strength's choices among lines.
    rng: strength::Rng,
}

impl<P: Protocol> Core<P> {
    /// Returns a core at the start position reporting to `out`; allocates nothing big.
    pub fn new(out: P) -> Core<P> {
        Core {
            out,
            positions: vec![Board::startpos()],
            moves: Vec::new(),
            hash_mb: DEFAULT_HASH_MB,
            move_overhead_ms: DEFAULT_MOVE_OVERHEAD_MS,
            table: None,
            searcher: None,
            worker: None,
            stop: Arc::new(AtomicBool::new(false)),
            pondering: Arc::new(AtomicBool::new(false)),
            multipv: 1,
            params: Params::DEFAULT,
            helpers: Vec::new(),
            threads: 1,
            last: None,
            limit_strength: false,
            elo: strength::ELO_MAX,
            rng: strength::Rng::new(
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |d| d.as_nanos() as u64),
            ),
        }
    }

    /// Sets `UCI_LimitStrength` for later searches.
    pub fn set_limit_strength(&mut self, on: bool) {
        self.limit_strength = on;
    }

    /// Sets `UCI_Elo` for later searches, clamped to
    /// [`strength::ELO_MIN`]..=[`strength::ELO_MAX`]; returns the value set. It
    /// applies while `UCI_LimitStrength` is on.
    pub fn set_elo(&mut self, elo: u32) -> u32 {
        self.elo = strength::Strength::new(elo).elo();
        self.elo
    }

    /// The strength later searches play at, `None` for full strength.
    pub fn strength(&self) -> Option<strength::Strength> {
        let s = strength::Strength::new(self.elo);
        (self.limit_strength && !s.is_full()).then_some(s)
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

    /// Replaces the game with `start` followed by `moves`, which must be legal in
    /// turn (as the protocol parsers check).
    pub fn set_position(&mut self, start: Board, moves: &[Move]) {
        self.positions = vec![start];
        self.moves.clear();
        for &mv in moves {
            self.push(mv);
        }
    }

    /// Plays one move, which must be legal in the current position.
    pub fn push_move(&mut self, mv: Move) {
        self.push(mv);
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

    /// Returns true while a search has not yet reported its move (it may be
    /// searching, or waiting for `stop` or `ponderhit`).
    pub fn search_running(&self) -> bool {
        self.worker
            .as_ref()
            .is_some_and(|w| !w.finished.load(Ordering::SeqCst))
    }

    /// Returns true while a ponder search waits for `ponderhit`.
    pub fn pondering(&self) -> bool {
        self.worker.is_some() && self.pondering.load(Ordering::SeqCst)
    }

    /// Turns a ponder search into a normal one: its time limits apply from now
    /// on, counting the time since its request. Returns false (and does
    /// nothing) when no ponder search is waiting for it.
    pub fn ponder_hit(&mut self) -> bool {
        self.pondering() && self.pondering.swap(false, Ordering::SeqCst)
    }

    /// Asks a running search to stop soon (it still reports its move).
    pub fn request_stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Sets `MultiPV` for later searches, clamped to 1..=[`MAX_MULTIPV`]; returns
    /// the value set.
    pub fn set_multipv(&mut self, lines: u32) -> u32 {
        self.multipv = lines.clamp(1, MAX_MULTIPV);
        self.multipv
    }

    /// Sets `Threads` for later searches, clamped to 1..=[`MAX_THREADS`]; returns
    /// the value set. The helper threads search the same position sharing the
    /// transposition table (Lazy SMP); the main thread's result is played.
    pub fn set_threads(&mut self, threads: usize) -> usize {
        self.finish(true, false);
        self.threads = threads.clamp(1, MAX_THREADS);
        self.helpers.truncate(self.threads - 1);
        self.threads
    }

    /// Empties the transposition table and the search history (`Clear Hash`).
    /// Returns false, doing nothing, while a search runs.
    pub fn clear_hash(&mut self) -> bool {
        if self.search_running() {
            return false;
        }
        self.finish(false, false);
        if let Some(table) = self.table.as_mut() {
            table.fill(TtEntry::EMPTY);
        }
        if let Some(s) = self.searcher.as_mut() {
            s.clear();
        }
        self.helpers.iter_mut().for_each(|h| h.clear());
        true
    }

    /// Returns the last collected search: the position searched and its result.
    pub fn last_search(&self) -> Option<&(Board, SearchResult)> {
        self.last.as_ref()
    }

    /// Ends the running search, if any, and takes back the table and search state.
    ///
    /// With `stop` the search is interrupted, otherwise this waits for it. With
    /// `silent` the worker does not report its move unless it already has. Returns
    /// the result and whether its move was reported.
    pub fn finish(&mut self, stop: bool, silent: bool) -> Option<(SearchResult, bool)> {
        let worker = self.worker.take()?;
        self.pondering.store(false, Ordering::SeqCst);
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
                self.out.error("internal error: the search thread failed");
                return None;
            }
        };
        if done.table.len() == table_len(self.hash_mb) {
            self.table = Some(done.table);
        }
        self.searcher = Some(done.searcher);
        self.helpers = done.helpers;
        self.last = Some((done.board, done.result));
        Some((done.result, done.reported))
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

    /// Changes `Hash` (clamped to 1..=[`MAX_HASH_MB`]): allocates an empty table of
    /// that size at once (zeroed pages, which the system hands out as the search
    /// touches them). When the memory is not available, says so and keeps the
    /// table it had (or, before the first search, the size it had); returns
    /// whether the new size was taken.
    pub fn set_hash_mb(&mut self, mb: usize) -> bool {
        let mb = mb.clamp(1, MAX_HASH_MB);
        self.resize_table(mb, table_len(mb))
    }

    /// [`Core::set_hash_mb`] with the table's length given (`mb` is what `Hash` then
    /// reads).
    fn resize_table(&mut self, mb: usize, len: usize) -> bool {
        self.finish(true, false);
        match zeroed_table(len) {
            Some(table) => {
                // The old table goes only once the new one exists.
                self.table = Some(table);
                self.hash_mb = mb;
                true
            }
            None => {
                self.out.error(&format!(
                    "cannot allocate {mb} MiB for the hash table; keeping {} MiB",
                    self.hash_mb
                ));
                false
            }
        }
    }

    /// Allocates the transposition table if it does not exist yet.
    pub fn ensure_table(&mut self) {
        if self.table.is_none() && self.worker.is_none() {
            let len = table_len(self.hash_mb);
            self.table = Some(zeroed_table(len).unwrap_or_else(|| {
                self.out.error(&format!(
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
        let mut searcher = self.searcher.take().unwrap_or_else(SearchState::new);
        let strength = if go.report { self.strength() } else { None };
        let mut go = go;
        let seed = self.rng.next_u64();
        if let Some(s) = strength {
            // A limited strength: a node budget, and lines to choose from.
            let cap = s.node_cap().unwrap_or(u64::MAX);
            go.limits.nodes = match go.limits.nodes {
                0 => cap,
                n => n.min(cap),
            };
            searcher
                .searcher
                .set_multipv(self.multipv.max(strength::LINES));
        } else {
            searcher.searcher.set_multipv(self.multipv);
        }
        searcher.searcher.set_params(self.params);
        let mut helpers = std::mem::take(&mut self.helpers);
        while helpers.len() < self.threads - 1 {
            helpers.push(SearchState::new());
        }
        for h in &mut helpers {
            h.searcher.set_params(self.params);
        }
        let board = *self.board();
        let root_moves = go.root_moves;
        let history: Vec<u64> = self.positions[..self.positions.len() - 1]
            .iter()
            .map(Board::hash)
            .collect();
        self.stop.store(false, Ordering::SeqCst);
        let stop = Arc::clone(&self.stop);
        let silent = Arc::new(AtomicBool::new(false));
        let silent_in_worker = Arc::clone(&silent);
        let finished = Arc::new(AtomicBool::new(false));
        let finished_in_worker = Arc::clone(&finished);
        self.pondering.store(go.ponder, Ordering::SeqCst);
        let pondering = Arc::clone(&self.pondering);
        let mut out = self.out.clone();
        let spawned = std::thread::Builder::new()
            .name("search".into())
            .stack_size(8 << 20)
            .spawn(move || {
                let started = Instant::now();
                let lines = Rc::new(RefCell::new(Vec::new()));
                let mut hooks = Reporter {
                    clock: go.clock,
                    pondering: Arc::clone(&pondering),
                    out: go.report.then(|| out.clone()),
                    lines: strength.map(|_| Rc::clone(&lines)),
                };
                // The move a limited strength chose instead of the search's.
                let chosen = Cell::new(None);
                let (result, reported) = search_smp(
                    &mut searcher,
                    &mut helpers,
                    (&board, &history, &table, &root_moves),
                    &go.limits,
                    &stop,
                    &mut hooks,
                    |result| {
                        // `go infinite` waits for `stop`; `go ponder` for `stop` or
                        // `ponderhit`.
                        while (go.wait_for_stop || pondering.load(Ordering::SeqCst))
                            && !stop.load(Ordering::Relaxed)
                            && !silent_in_worker.load(Ordering::Relaxed)
                        {
                            std::thread::sleep(std::time::Duration::from_millis(1));
                        }
                        finished_in_worker.store(true, Ordering::SeqCst);
                        let reported = go.report && !silent_in_worker.load(Ordering::SeqCst);
                        let mut result = *result;
                        if let Some(s) = strength {
                            let mut rng = strength::Rng::new(seed);
                            let lines = lines.borrow();
                            let random = rng.unit();
                            let time_ms = lines.last().map_or(0, |l| l.time_ms);
                            if let Some(line) = strength::choose(&lines, s.temperature_cp(), random)
                            {
                                if reported {
                                    // The last report names the move played.
                                    out.info(&Info {
                                        depth: line.depth,
                                        multipv: 1,
                                        seldepth: line.seldepth,
                                        score: line.score,
                                        nodes: result.nodes,
                                        time_ms: time_ms.max(started.elapsed().as_millis() as u64),
                                        hashfull: 0,
                                        pv: &line.pv,
                                    });
                                }
                                if line.pv.first() != result.best_move.as_ref() {
                                    result.best_move = line.pv.first().copied();
                                    result.ponder = line.pv.get(1).copied();
                                    result.score = line.score;
                                }
                                chosen.set(Some(result));
                            }
                        }
                        if reported {
                            out.best_move(&board, &result);
                        }
                        reported
                    },
                );
                let result = chosen.get().unwrap_or(result);
                Done {
                    board,
                    table,
                    searcher,
                    helpers,
                    result,
                    reported,
                }
            });
        match spawned {
            Ok(handle) => {
                self.worker = Some(Worker {
                    handle,
                    silent,
                    finished,
                })
            }
            Err(e) => self
                .out
                .error(&format!("cannot start the search thread: {e}")),
        }
    }

    /// Ends a search (see [`Core::finish`]) and plays its move if it was reported.
    pub fn collect_and_apply(&mut self, stop: bool, silent: bool) {
        if let Some((result, reported)) = self.finish(stop, silent) {
            if reported {
                if let Some(mv) = result.best_move {
                    self.push(mv);
                }
            }
        }
    }
}

/// Searches with `main` on this thread and every helper on a thread of its own,
/// all sharing the table (Lazy SMP), then calls `report` with the main search's
/// result and returns both. The helpers have no time limit: they are told to stop
/// when the main search ends, before `report` (so a helper that the operating
/// system has not scheduled yet cannot delay the move). The main search's reports
/// count the nodes of every thread.
#[allow(clippy::too_many_arguments)]
fn search_smp<H: Hooks>(
    main: &mut SearchState,
    helpers: &mut [Box<SearchState>],
    (board, history, table, root_moves): (&Board, &[u64], &[TtEntry], &[Move]),
    limits: &Limits,
    stop: &AtomicBool,
    hooks: &mut H,
    report: impl FnOnce(&SearchResult) -> bool,
) -> (SearchResult, bool) {
    // One request per thread: the same position, game, root moves and table, each
    // its own limits and stop flag (the helpers stop when the main search is done).
    let request = |limits: &Limits, stop| {
        SearchRequest::new(board, table)
            .history(history)
            .limits(*limits)
            .stop(stop)
            .root_moves(root_moves)
    };
    if helpers.is_empty() {
        let result = main.search(request(limits, stop), hooks);
        let reported = report(&result);
        return (result, reported);
    }
    let helper_stop = AtomicBool::new(false);
    let helper_limits = Limits {
        depth: limits.depth,
        ..Limits::NONE
    };
    // Each helper's nodes so far, which the main search's reports add to its own.
    let helper_nodes: Vec<AtomicU64> = helpers.iter().map(|_| AtomicU64::new(0)).collect();
    std::thread::scope(|scope| {
        for (helper, nodes) in helpers.iter_mut().zip(&helper_nodes) {
            let (helper_stop, helper_limits) = (&helper_stop, &helper_limits);
            // A helper that cannot start only costs strength.
            let _ = std::thread::Builder::new()
                .name("helper".into())
                .stack_size(8 << 20)
                .spawn_scoped(scope, move || {
                    let result =
                        helper.search(request(helper_limits, helper_stop), &mut CountNodes(nodes));
                    nodes.store(result.nodes, Ordering::Relaxed);
                });
        }
        let mut summed = SumNodes {
            hooks,
            helpers: &helper_nodes,
        };
        let result = main.search(request(limits, stop), &mut summed);
        helper_stop.store(true, Ordering::SeqCst);
        let reported = report(&result);
        (result, reported)
    })
}

/// A helper thread's hooks: no clock, no reports, its node count kept where the
/// main thread reads it.
struct CountNodes<'a>(&'a AtomicU64);

impl Hooks for CountNodes<'_> {
    fn elapsed_ms(&mut self) -> u64 {
        0
    }

    fn info(&mut self, info: &Info<'_>) {
        self.0.store(info.nodes, Ordering::Relaxed);
    }

    fn progress(&mut self, nodes: u64) {
        self.0.store(nodes, Ordering::Relaxed);
    }
}

/// The main thread's hooks with every helper's nodes added to its reports.
struct SumNodes<'a, H> {
    hooks: &'a mut H,
    helpers: &'a [AtomicU64],
}

impl<H: Hooks> Hooks for SumNodes<'_, H> {
    fn elapsed_ms(&mut self) -> u64 {
        self.hooks.elapsed_ms()
    }

    fn info(&mut self, info: &Info<'_>) {
        let helpers: u64 = self.helpers.iter().map(|n| n.load(Ordering::Relaxed)).sum();
        self.hooks.info(&Info {
            nodes: info.nodes + helpers,
            ..*info
        });
    }

    fn progress(&mut self, nodes: u64) {
        self.hooks.progress(nodes);
    }
}

/// One search thread's state: its [`Searcher`] and the continuation history beside it
/// (1.125 MiB, the caller's in the library so that embedded targets can do without).
pub struct SearchState {
    /// Killers, history, correction history, parameters.
    pub searcher: Searcher,
    cont: Box<ContinuationHistory>,
}

impl SearchState {
    /// Returns a fresh state on the heap (the continuation history as zeroed memory,
    /// no 1.1 MiB stack temporary).
    pub fn new() -> Box<SearchState> {
        let cont = vec![[0; 768]; 768]
            .into_boxed_slice()
            .try_into()
            .unwrap_or_else(|_| unreachable!("768 rows"));
        Box::new(SearchState {
            searcher: Searcher::new(),
            cont,
        })
    }

    /// Forgets the searcher's tables and the continuation history (a new game).
    pub fn clear(&mut self) {
        self.searcher.clear();
        self.cont.iter_mut().for_each(|row| row.fill(0));
    }

    /// Runs `request` with this thread's continuation history.
    pub fn search<H: Hooks>(&mut self, request: SearchRequest<'_>, hooks: &mut H) -> SearchResult {
        self.searcher
            .search(request.continuation(&mut self.cont), hooks)
    }
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
    // SAFETY: the layout has a non-zero size; an all-zero `TtEntry` (two zero
    // words, atomics with a zero value) is `TtEntry::EMPTY` (checked by
    // `zeroed_entry_is_empty` below); the pointer comes
    // from the global allocator with exactly the layout `Vec` uses for `len` entries.
    unsafe {
        let ptr = alloc_zeroed(layout).cast::<TtEntry>();
        if ptr.is_null() {
            return None;
        }
        Some(Vec::from_raw_parts(ptr, len, len))
    }
}

/// Parses a move in coordinate notation and checks it is legal on `board`; castling
/// as king takes rook (`e1h1`) when `chess960`, as the king's destination (`e1g1`)
/// otherwise.
///
/// # Errors
/// The reason and the text, as `"<reason>: <text>"` (the text as [`truncate`]
/// quotes it).
pub fn parse_move(board: &Board, text: &str, chess960: bool) -> Result<Move, String> {
    board
        .parse_uci_move_chess960(text, chess960)
        .map_err(|e| format!("{e}: {}", truncate(text)))
}

/// The search's hooks: the request's clock, and progress sent to the protocol.
///
/// While `pondering` is set the search sees a clock standing at 0, so no time
/// limit ends it; after `ponderhit` it sees the time since the request. Reports
/// always carry the real time.
struct Reporter<P> {
    clock: Box<dyn Clock>,
    pondering: Arc<AtomicBool>,
    /// `None`: the progress is not reported.
    out: Option<P>,
    /// Every report kept, for a limited strength's choice among lines.
    lines: Option<Rc<RefCell<Vec<strength::Line>>>>,
}

impl<P: Protocol> Hooks for Reporter<P> {
    fn elapsed_ms(&mut self) -> u64 {
        if self.pondering.load(Ordering::Relaxed) {
            0
        } else {
            self.clock.elapsed_ms()
        }
    }

    fn info(&mut self, info: &Info<'_>) {
        if let Some(lines) = &self.lines {
            lines.borrow_mut().push(strength::Line::from_info(info));
        }
        if let Some(out) = self.out.as_mut() {
            out.info(&Info {
                time_ms: self.clock.elapsed_ms(),
                ..*info
            });
        }
    }
}

/// Splits a time budget into (soft, hard) limits in ms for one move.
///
/// `time` is the remaining clock, `inc` the increment, `moves_to_go` the moves left
/// in the period (if the control has periods); `overhead` is kept back per move.
/// The plan aims at `time / moves_to_go` (22 moves when unknown) plus ¾ of the
/// increment, at most 2/5 of the clock; no new iteration starts after 70 % of
/// that (soft), and the search stops at 4× it, at most half the clock (4/5 on the
/// last move of a period).
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

/// Draws `board` for a console (`d`): ranks 8 to 1, White's pieces in capitals,
/// empty squares as dots, then its FEN, Zobrist hash and checking pieces.
pub fn diagram(board: &Board) -> String {
    let mut text = String::from("   a b c d e f g h\n");
    for (row, squares) in wingtip::Square::ALL.chunks(8).enumerate() {
        let rank = 8 - row;
        text.push_str(&format!(" {rank}"));
        for &sq in squares {
            let c = board.piece_on(sq).map_or('.', |p| p.to_char());
            text.push(' ');
            text.push(c);
        }
        text.push_str(&format!(" {rank}\n"));
    }
    text.push_str("   a b c d e f g h\n");
    let checkers: Vec<String> = board
        .checkers()
        .into_iter()
        .map(|sq| sq.to_string())
        .collect();
    text.push_str(&format!(
        "Fen: {}\nHash: {:016x}\nCheckers: {}",
        board.fen(),
        board.hash(),
        if checkers.is_empty() {
            "none".to_string()
        } else {
            checkers.join(" ")
        }
    ));
    text
}

/// What the evaluation makes of `board` (`eval`): the network's output and the
/// hand-set terms, each in centipawns for the side to move and for White, and which
/// of them the search uses. One line each.
pub fn eval_lines(board: &Board) -> Vec<String> {
    use wingtip::eval::{self, net};
    let white = |cp: i32| match board.side_to_move() {
        wingtip::Color::White => cp,
        wingtip::Color::Black => -cp,
    };
    let both = |cp: i32| {
        format!(
            "{cp:+} cp for the side to move, {:+} cp for White",
            white(cp)
        )
    };
    let hand = eval::hand_crafted(board);
    let mut lines = Vec::new();
    if net::FULL {
        let value = eval::evaluate(board);
        lines.push(format!(
            "eval network {} (the static evaluation the search uses)",
            both(value)
        ));
        lines.push(format!("eval hand-set terms {} (not used)", both(hand)));
    } else if net::ACTIVE {
        let correction = net::correction(&net::NET, board);
        lines.push(format!("eval network correction {}", both(correction)));
        lines.push(format!("eval hand-set terms {}", both(hand)));
        lines.push(format!(
            "eval total {} (the static evaluation the search uses)",
            both(eval::evaluate(board))
        ));
    } else {
        lines.push("eval network: none built in".to_string());
        lines.push(format!(
            "eval hand-set terms {} (the static evaluation the search uses)",
            both(hand)
        ));
    }
    lines
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

/// Quotes user text in a diagnostic, so that a reply naming bad input stays one
/// printable line of bounded length: every character that could end or split the
/// line, move a terminal's cursor or reorder its text (control characters, the
/// Unicode line and paragraph separators, bidirectional controls) is written as
/// its escape (`\u{0}`, `\u{1b}`), and text beyond [`QUOTE_MAX`] characters
/// (escapes counted as written) is cut and ends with `…`.
pub fn truncate(text: &str) -> String {
    let mut quoted = String::new();
    let mut shown = 0;
    for c in text.chars() {
        let hidden = c.is_control()
            || matches!(
                c,
                '\u{2028}' | '\u{2029}' | '\u{200e}' | '\u{200f}' | '\u{feff}'
            )
            || ('\u{202a}'..='\u{202e}').contains(&c)
            || ('\u{2066}'..='\u{2069}').contains(&c);
        let escaped = c.escape_unicode();
        let width = if hidden { escaped.len() } else { 1 };
        if shown + width > QUOTE_MAX {
            quoted.push('…');
            break;
        }
        shown += width;
        if hidden {
            quoted.extend(escaped);
        } else {
            quoted.push(c);
        }
    }
    quoted
}

/// The most characters of user text a diagnostic quotes (see [`truncate`]).
pub const QUOTE_MAX: usize = 60;

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicU64;
    use std::sync::mpsc;
    use std::time::Duration;

    /// Each report's (multipv, first move of its PV).
    type Firsts = Arc<Mutex<Vec<(u32, Option<Move>)>>>;

    /// A protocol that records what the core reports (and each report's nodes).
    #[derive(Clone, Default)]
    struct Recorder {
        events: Arc<Mutex<Vec<String>>>,
        nodes: Arc<Mutex<Vec<u64>>>,
        firsts: Firsts,
    }

    impl Recorder {
        fn events(&self) -> Vec<String> {
            self.events.lock().unwrap().clone()
        }
    }

    impl Protocol for Recorder {
        fn info(&mut self, info: &Info<'_>) {
            self.events
                .lock()
                .unwrap()
                .push(format!("info {}", info.depth));
            self.nodes.lock().unwrap().push(info.nodes);
            self.firsts
                .lock()
                .unwrap()
                .push((info.multipv, info.pv.first().copied()));
        }
        fn best_move(&mut self, _board: &Board, result: &SearchResult) {
            let mv = result
                .best_move
                .map_or("none".to_string(), |m| m.to_string());
            self.events.lock().unwrap().push(format!("best {mv}"));
        }
        fn error(&mut self, msg: &str) {
            self.events.lock().unwrap().push(format!("error {msg}"));
        }
    }

    /// A clock that moves forward `step` ms every time it is read.
    struct Ticking {
        now: Arc<AtomicU64>,
        step: u64,
    }

    impl Clock for Ticking {
        fn elapsed_ms(&self) -> u64 {
            self.now.fetch_add(self.step, Ordering::Relaxed) + self.step
        }
    }

    /// Runs one search on a fresh core with `limits` and `clock`, and returns the
    /// result and the reports; fails if the search does not end within 60 s.
    fn search_with(limits: Limits, clock: impl Clock) -> (SearchResult, Vec<String>) {
        let (send, receive) = mpsc::channel();
        let clock: Box<dyn Clock> = Box::new(clock);
        std::thread::spawn(move || {
            let recorder = Recorder::default();
            let mut core = Core::new(recorder.clone());
            core.set_hash_mb(1);
            core.go(Go {
                limits,
                wait_for_stop: false,
                ponder: false,
                report: true,
                clock,
                root_moves: Vec::new(),
            });
            let (result, reported) = core.finish(false, false).expect("a search ran");
            assert!(reported);
            let _ = send.send((result, recorder.events()));
        });
        receive
            .recv_timeout(Duration::from_secs(60))
            .expect("the search ignored its time limit")
    }

    /// Runs `searches` limited-strength searches at `elo` from the start position
    /// with the choice's generator seeded by `seed` and a depth limit of 6; returns
    /// each search's result and its last report's (multipv, first move).
    fn limited_searches(
        elo: u32,
        seed: u64,
        searches: usize,
    ) -> Vec<(SearchResult, (u32, Option<Move>))> {
        let recorder = Recorder::default();
        let mut core = Core::new(recorder.clone());
        core.set_hash_mb(1);
        core.set_limit_strength(true);
        assert_eq!(core.set_elo(elo), elo);
        core.rng = strength::Rng::new(seed);
        (0..searches)
            .map(|_| {
                core.new_game();
                core.go(Go {
                    limits: Limits {
                        depth: 6,
                        ..Limits::NONE
                    },
                    wait_for_stop: false,
                    ponder: false,
                    report: true,
                    clock: Box::new(Ticking {
                        now: Arc::default(),
                        step: 0,
                    }),
                    root_moves: Vec::new(),
                });
                let (result, reported) = core.finish(false, false).expect("a search ran");
                assert!(reported);
                (result, *recorder.firsts.lock().unwrap().last().unwrap())
            })
            .collect()
    }

    #[test]
    fn a_limited_strength_keeps_its_node_budget_and_varies_its_moves() {
        let elo = strength::ELO_MIN;
        let cap = strength::Strength::new(elo).node_cap().unwrap();
        let runs = limited_searches(elo, 1, 24);
        let mut moves: Vec<Move> = Vec::new();
        for (result, last) in &runs {
            // Limits are checked every 1,024 nodes.
            assert!(
                result.nodes <= cap + 1024,
                "{} nodes, cap {cap}",
                result.nodes
            );
            let mv = result.best_move.expect("a move");
            assert!(Board::startpos().legal_moves().contains(&mv));
            // The last report is a first line that starts with the move played.
            assert_eq!(*last, (1, Some(mv)));
            if !moves.contains(&mv) {
                moves.push(mv);
            }
        }
        // Several good first moves lie within the weakest setting's temperature.
        assert!(moves.len() >= 3, "{moves:?}");
        // The same seed chooses the same moves.
        let again = limited_searches(elo, 1, 24);
        let firsts = |r: &[(SearchResult, (u32, Option<Move>))]| -> Vec<Option<Move>> {
            r.iter().map(|(res, _)| res.best_move).collect()
        };
        assert_eq!(firsts(&runs), firsts(&again));
    }

    #[test]
    fn full_strength_is_the_plain_search() {
        // UCI_LimitStrength at the top Elo searches one line to its depth, as without.
        let runs = limited_searches(strength::ELO_MAX, 1, 2);
        for (result, last) in &runs {
            assert_eq!(result.depth, 6);
            assert_eq!(*last, (1, result.best_move));
        }
        assert_eq!(runs[0].0.best_move, runs[1].0.best_move);
    }

    #[test]
    fn the_hard_limit_stops_the_search_by_the_injected_clock() {
        // Without a clock, these limits never end the search (the depth limit is
        // the maximum); a clock at 20 ms per reading passes 200 ms after 10 reads
        // (the search reads it every 1,024 nodes, so about 10,000 nodes: seconds at
        // most in an unoptimised test build, even on a loaded machine).
        let limits = Limits {
            hard_ms: 200,
            ..Limits::NONE
        };
        let (result, events) = search_with(
            limits,
            Ticking {
                now: Arc::default(),
                step: 20,
            },
        );
        assert!(result.best_move.is_some());
        assert!(result.depth >= 1 && result.depth < 40, "{result:?}");
        assert_eq!(
            events.last(),
            Some(&format!("best {}", result.best_move.unwrap()))
        );
    }

    #[test]
    fn the_soft_limit_ends_the_search_after_an_iteration() {
        // The clock reads 2000 ms from the start, far from the hard limit: the first
        // iteration completes, then the soft limit forbids a second one. The search
        // scales the soft limit by how settled it looks (at most a few times 500 ms
        // here), but never beyond the hard limit.
        struct Late;
        impl Clock for Late {
            fn elapsed_ms(&self) -> u64 {
                2000
            }
        }
        let limits = Limits {
            soft_ms: 500,
            hard_ms: 60_000,
            ..Limits::NONE
        };
        let (result, events) = search_with(limits, Late);
        assert_eq!(result.depth, 1, "{result:?}");
        assert_eq!(events[..1], ["info 1".to_string()]);
        assert_eq!(events.len(), 2, "{events:?}");
    }

    #[test]
    fn the_hard_limit_ends_even_the_first_iteration_with_a_legal_move() {
        // The clock reads past the hard limit from the first node: the search stops
        // within its first 1,024 nodes, before depth 1 completes, and still answers
        // with a legal move.
        struct Over;
        impl Clock for Over {
            fn elapsed_ms(&self) -> u64 {
                2000
            }
        }
        let limits = Limits {
            soft_ms: 500,
            hard_ms: 1000,
            ..Limits::NONE
        };
        let (result, _) = search_with(limits, Over);
        assert_eq!(result.depth, 0, "{result:?}");
        assert!(result.nodes <= 1024, "{result:?}");
        let best = result.best_move.expect("a move");
        assert!(Board::startpos().legal_moves().contains(&best), "{best}");
    }

    #[test]
    fn a_still_clock_lets_the_depth_limit_decide() {
        struct Still;
        impl Clock for Still {
            fn elapsed_ms(&self) -> u64 {
                0
            }
        }
        let limits = Limits {
            depth: 4,
            soft_ms: 10,
            hard_ms: 10,
            ..Limits::NONE
        };
        let (result, events) = search_with(limits, Still);
        assert_eq!(result.depth, 4);
        assert_eq!(events.len(), 5, "{events:?}");
    }

    fn go_with(limits: Limits, ponder: bool) -> Go {
        Go {
            limits,
            wait_for_stop: false,
            ponder,
            report: true,
            clock: Box::new(Since(Instant::now())),
            root_moves: Vec::new(),
        }
    }

    #[test]
    fn helper_threads_search_beside_the_main_one_and_stop_with_it() {
        let recorder = Recorder::default();
        let mut core = Core::new(recorder.clone());
        core.set_hash_mb(1);
        assert_eq!(core.set_threads(0), 1);
        assert_eq!(core.set_threads(1000), MAX_THREADS);
        assert_eq!(core.set_threads(3), 3);
        let depth = Limits {
            depth: 7,
            ..Limits::NONE
        };
        core.go(go_with(depth, false));
        let (result, reported) = core.finish(false, false).expect("a search ran");
        assert!(reported && result.depth == 7 && result.best_move.is_some());
        assert_eq!(core.helpers.len(), 2);
        // An unlimited search: the helpers stop when the main search is stopped.
        core.go(go_with(Limits::NONE, false));
        // Stopped at any moment, even before its first iteration completes, the
        // search answers with a move.
        let (result, _) = core.finish(true, false).expect("a search ran");
        assert!(result.best_move.is_some());
        assert_eq!(core.set_threads(1), 1);
        assert!(core.helpers.is_empty());
    }

    #[test]
    fn reports_count_the_nodes_of_every_thread() {
        let recorder = Recorder::default();
        let mut core = Core::new(recorder.clone());
        core.set_hash_mb(1);
        core.set_threads(2);
        let depth = Limits {
            depth: 8,
            ..Limits::NONE
        };
        core.go(go_with(depth, false));
        let (result, _) = core.finish(false, false).expect("a search ran");
        let nodes = recorder.nodes.lock().unwrap().clone();
        // The main thread's count is the result's; the helper's is added to the
        // reports (it searched beside it for every iteration past the first few).
        assert!(nodes.windows(2).all(|w| w[0] <= w[1]), "{nodes:?}");
        assert!(
            *nodes.last().unwrap() > result.nodes,
            "{nodes:?} {result:?}"
        );
        // One thread: the reports count exactly the main search's nodes.
        core.set_threads(1);
        recorder.nodes.lock().unwrap().clear();
        core.go(go_with(depth, false));
        let (result, _) = core.finish(false, false).expect("a search ran");
        assert_eq!(recorder.nodes.lock().unwrap().last(), Some(&result.nodes));
    }

    #[test]
    fn a_hash_size_that_cannot_be_allocated_keeps_the_table() {
        let recorder = Recorder::default();
        let mut core = Core::new(recorder.clone());
        assert!(core.set_hash_mb(2));
        core.ensure_table();
        assert!(!core.resize_table(4, usize::MAX / 64));
        assert_eq!(core.hash_mb, 2);
        assert_eq!(core.table.as_ref().map(Vec::len), Some(table_len(2)));
        assert_eq!(
            recorder.events(),
            ["error cannot allocate 4 MiB for the hash table; keeping 2 MiB"]
        );
        // The kept table serves the next search.
        core.go(go_with(
            Limits {
                depth: 2,
                ..Limits::NONE
            },
            false,
        ));
        core.finish(false, false);
        assert_eq!(core.table.as_ref().map(Vec::len), Some(table_len(2)));
    }

    #[test]
    fn a_ponder_search_reports_its_move_only_after_ponderhit() {
        let recorder = Recorder::default();
        let mut core = Core::new(recorder.clone());
        core.set_hash_mb(1);
        assert!(!core.ponder_hit(), "no search yet");
        // The search ends by itself at depth 3, then waits for the ponderhit.
        let limits = Limits {
            depth: 3,
            hard_ms: 1,
            soft_ms: 1,
            ..Limits::NONE
        };
        core.go(go_with(limits, true));
        // Wait for the third iteration's report (a loaded machine may take a while).
        let deadline = Instant::now() + Duration::from_secs(60);
        while recorder.events().len() < 3 && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(5));
        }
        assert!(core.search_running() && core.pondering());
        let events = recorder.events();
        // The time limits did not apply while pondering: all 3 iterations ran.
        assert_eq!(events, ["info 1", "info 2", "info 3"]);
        assert!(core.ponder_hit());
        assert!(!core.ponder_hit(), "a second ponderhit is not one");
        let (result, reported) = core.finish(false, false).expect("a search ran");
        assert!(reported && result.depth == 3);
        assert!(recorder.events().last().unwrap().starts_with("best "));
    }

    #[test]
    fn time_plan_figures() {
        // 60 s, no increment, no period: 59 980 ms usable over 22 moves.
        assert_eq!(plan_time(60_000, 0, None, 20), (1908, 10_904));
        // With an increment of 1 s: target 2726 + 750.
        assert_eq!(plan_time(60_000, 1000, None, 20), (2433, 13_904));
        // 10 min for 5 moves: target 119 996, the hard limit capped at half the clock.
        assert_eq!(plan_time(600_000, 0, Some(5), 20), (83_997, 299_990));
        // The last move of a period may use 4/5 of the clock, but aims at 2/5.
        assert_eq!(plan_time(10_000, 0, Some(1), 20), (2794, 7984));
        // Nearly no time: at least 1 ms each.
        assert_eq!(plan_time(10, 0, None, 20), (1, 1));
    }

    #[test]
    fn time_plan_stays_inside_the_clock() {
        for &(time, inc, mtg) in &[
            (10_000, 100, None),
            (50, 0, None),
            (0, 0, None),
            (1000, 0, Some(1)),
            (1000, 5000, Some(3)),
            (u64::MAX / 2, u64::MAX / 2, None),
        ] {
            let (soft, hard) = plan_time(time, inc, mtg, 20);
            assert!(soft >= 1 && hard >= 1);
            assert!(hard <= time.max(2), "{time} {inc} {mtg:?}: {hard}");
            assert!(
                soft <= hard,
                "{time} {inc} {mtg:?}: soft {soft} hard {hard}"
            );
        }
    }

    #[test]
    fn zeroed_entry_is_empty() {
        let table = zeroed_table(1000).unwrap();
        let empty = TtEntry::EMPTY;
        assert!(table.iter().all(|e| *e == empty));
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

    #[test]
    fn captured_output_splits_lines() {
        let out = Output::capture();
        out.line("a\nb");
        out.clone().line("c");
        assert_eq!(out.take(), ["a", "b", "c"]);
        assert!(out.take().is_empty());
    }

    #[test]
    fn quoted_user_text_is_printable_and_bounded() {
        assert_eq!(truncate("e2e4"), "e2e4");
        assert_eq!(truncate(""), "");
        assert_eq!(truncate("a\0b"), "a\\u{0}b");
        assert_eq!(
            truncate("\x1b[2Jx\ry\u{7f}\u{85}"),
            "\\u{1b}[2Jx\\u{d}y\\u{7f}\\u{85}"
        );
        assert_eq!(truncate("\u{202e}ab\u{2028}"), "\\u{202e}ab\\u{2028}");
        // Printable text beyond the bound is cut, with an ellipsis.
        let long = "é".repeat(1000);
        assert_eq!(truncate(&long), format!("{}…", "é".repeat(QUOTE_MAX)));
        assert_eq!(truncate(&"x".repeat(QUOTE_MAX)), "x".repeat(QUOTE_MAX));
        // Escapes count as written and are never cut in two.
        for text in [
            "\0".repeat(100),
            format!("ab{}", "\u{1b}".repeat(50)),
            "\n".repeat(7),
        ] {
            let quoted = truncate(&text);
            assert!(!quoted.chars().any(char::is_control), "{quoted:?}");
            assert!(quoted.chars().count() <= QUOTE_MAX + 1, "{quoted:?}");
            let body = quoted.trim_end_matches('…');
            assert!(
                body.is_empty() || body.ends_with('}') || body.ends_with('b'),
                "{quoted:?}"
            );
        }
    }
}
