//! The search: `wingtip.Engine` (a hash table and history tables kept from one
//! search to the next), `wingtip.SearchResult`, and the checks of the limits.

use crate::board::PyBoard;
use crate::errors::{int_in_range, positive_millis, WingtipError};
use crate::moves::PyMove;
use pyo3::exceptions::{PyMemoryError, PyRuntimeError};
use pyo3::prelude::*;
use std::alloc::{alloc_zeroed, Layout};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, PoisonError};
use std::time::Instant;
use wingtip::search::{
    hashfull, ContinuationHistory, Hooks, Info, Limits, Score, SearchRequest, Searcher, TtEntry,
    MAX_PLY, MAX_PV,
};
use wingtip::{Board, Move};

/// The deepest search iteration accepted (the search goes at most this deep).
pub(crate) const SEARCH_MAX_DEPTH: i64 = MAX_PLY as i64 - 1;
/// The largest hash table, in MiB (as the engine's UCI `Hash` option).
pub(crate) const HASH_MB_MAX: i64 = 65_536;
/// The stack of the thread a search runs on: the search needs up to 256 KiB in a
/// release build, and a Python thread's own stack may be smaller than that on some
/// platforms.
const SEARCH_STACK_BYTES: usize = 8 << 20;

/// What a search reads of a board: the position, its castling notation and the
/// hashes of the earlier positions a repetition can reach.
pub(crate) struct SearchPosition {
    /// The position to search.
    pub(crate) board: Board,
    /// Whether castling is written king-takes-rook in the result's moves.
    pub(crate) chess960: bool,
    /// Hashes of the positions before `board` since the last capture or pawn move.
    pub(crate) history: Vec<u64>,
}

/// The argument unless it is missing or None.
fn given<'py>(value: Option<&Bound<'py, PyAny>>) -> Option<Bound<'py, PyAny>> {
    value.filter(|v| !v.is_none()).cloned()
}

/// Reads the keyword limits of a search; at least one must be given.
pub(crate) fn read_limits(
    depth: Option<&Bound<'_, PyAny>>,
    nodes: Option<&Bound<'_, PyAny>>,
    movetime: Option<&Bound<'_, PyAny>>,
) -> PyResult<Limits> {
    let (depth, nodes, movetime) = (given(depth), given(nodes), given(movetime));
    if depth.is_none() && nodes.is_none() && movetime.is_none() {
        return Err(WingtipError::new_err(
            "search needs at least one limit: depth, nodes or movetime",
        ));
    }
    let mut limits = Limits::NONE;
    if let Some(depth) = depth {
        limits.depth = int_in_range(&depth, "depth", 1, SEARCH_MAX_DEPTH)? as u32;
    }
    if let Some(nodes) = nodes {
        limits.nodes = int_in_range(&nodes, "nodes", 1, i64::MAX)? as u64;
    }
    if let Some(movetime) = movetime {
        limits.hard_ms = positive_millis(&movetime, "movetime")?;
    }
    Ok(limits)
}

/// Reads a hash table size in MiB (0 searches without a table).
pub(crate) fn read_hash_mb(value: &Bound<'_, PyAny>) -> PyResult<usize> {
    Ok(int_in_range(value, "hash_mb", 0, HASH_MB_MAX)? as usize)
}

/// A zeroed heap allocation of `layout`, or `MemoryError` naming `what`.
fn zeroed(layout: Layout, what: &str) -> PyResult<*mut u8> {
    if layout.size() == 0 {
        return Ok(layout.align() as *mut u8);
    }
    // SAFETY: the layout's size is not zero.
    let ptr = unsafe { alloc_zeroed(layout) };
    if ptr.is_null() {
        return Err(PyMemoryError::new_err(format!(
            "could not allocate {} bytes for {what}",
            layout.size()
        )));
    }
    Ok(ptr)
}

/// A hash table of `mb` MiB, every entry empty. The memory is zeroed by the
/// allocator, so a large table costs nothing until the search writes to it.
fn new_table(mb: usize) -> PyResult<Box<[TtEntry]>> {
    let entries = (mb << 20) / core::mem::size_of::<TtEntry>();
    let layout = Layout::array::<TtEntry>(entries)
        .map_err(|_| PyMemoryError::new_err(format!("a {mb} MiB hash table is too large")))?;
    let ptr = zeroed(layout, "the hash table")?.cast::<TtEntry>();
    // SAFETY: `ptr` is a zeroed allocation of `entries` TtEntry values (or a
    // dangling aligned pointer for none), and all-zero memory is an empty entry
    // (TtEntry's documentation). The box frees it with the same layout.
    Ok(unsafe { Box::from_raw(core::ptr::slice_from_raw_parts_mut(ptr, entries)) })
}

/// A zeroed continuation history (1.125 MiB).
fn new_continuation() -> PyResult<Box<ContinuationHistory>> {
    let ptr = zeroed(
        Layout::new::<ContinuationHistory>(),
        "the continuation history",
    )?;
    // SAFETY: a zeroed allocation of exactly one ContinuationHistory, which is
    // plain integers (all zero is its empty state).
    Ok(unsafe { Box::from_raw(ptr.cast::<ContinuationHistory>()) })
}

/// What one search changes and the next one reuses.
struct Tables {
    /// The searcher: killers, history tables, network accumulators.
    searcher: Box<Searcher>,
    /// The continuation history (the engine's stronger move ordering).
    continuation: Box<ContinuationHistory>,
    /// The transposition table.
    table: Box<[TtEntry]>,
}

impl Tables {
    /// Fresh tables with a hash table of `hash_mb` MiB.
    fn new(hash_mb: usize) -> PyResult<Tables> {
        Ok(Tables {
            searcher: Box::new(Searcher::new()),
            continuation: new_continuation()?,
            table: new_table(hash_mb)?,
        })
    }
}

/// The search's clock and the collector of its last principal variation.
struct Reports {
    start: Instant,
    pv: Vec<Move>,
    seldepth: u32,
}

impl Hooks for Reports {
    fn elapsed_ms(&mut self) -> u64 {
        u64::try_from(self.start.elapsed().as_millis()).unwrap_or(u64::MAX)
    }

    fn info(&mut self, info: &Info<'_>) {
        if info.multipv == 1 {
            self.pv.clear();
            self.pv
                .extend_from_slice(&info.pv[..info.pv.len().min(MAX_PV)]);
            self.seldepth = info.seldepth;
        }
    }
}

/// A finished search, before it becomes a Python object.
struct Found {
    best: Option<Move>,
    ponder: Option<Move>,
    score: Score,
    depth: u32,
    seldepth: u32,
    nodes: u64,
    time_ms: u64,
    pv: Vec<Move>,
}

/// Runs one search on the calling thread.
fn search_here(
    tables: &mut Tables,
    position: &SearchPosition,
    limits: Limits,
    stop: &AtomicBool,
) -> Found {
    let mut reports = Reports {
        start: Instant::now(),
        pv: Vec::with_capacity(MAX_PV),
        seldepth: 0,
    };
    let Tables {
        searcher,
        continuation,
        table,
    } = tables;
    let request = SearchRequest::new(&position.board, table)
        .history(&position.history)
        .limits(limits)
        .stop(stop)
        .continuation(continuation);
    let result = searcher.search(request, &mut reports);
    let time_ms = reports.elapsed_ms();
    let mut pv = reports.pv;
    if pv.first() != result.best_move.as_ref() {
        // The last report always starts with the best move; this is a fallback.
        pv = result.best_move.into_iter().collect();
    }
    Found {
        best: result.best_move,
        ponder: result.ponder,
        score: result.score,
        depth: result.depth,
        seldepth: reports.seldepth,
        nodes: result.nodes,
        time_ms,
        pv,
    }
}

/// A hash table, history tables and a stop flag: the state behind an `Engine`, and
/// behind each `Board.search` for the length of one search.
pub(crate) struct EngineCore {
    /// The tables, locked by the search that uses them.
    tables: Mutex<Tables>,
    /// Set by `stop()`; cleared when a search starts.
    stop: AtomicBool,
    /// Whether a search is running.
    searching: AtomicBool,
    /// The hash table's size in MiB.
    hash_mb: usize,
}

impl EngineCore {
    /// A core with a hash table of `hash_mb` MiB.
    pub(crate) fn new(hash_mb: usize) -> PyResult<EngineCore> {
        Ok(EngineCore {
            tables: Mutex::new(Tables::new(hash_mb)?),
            stop: AtomicBool::new(false),
            searching: AtomicBool::new(false),
            hash_mb,
        })
    }

    /// Searches `position` within `limits` without the GIL, on a thread with a known
    /// stack; a second search on the same core waits for the first.
    pub(crate) fn run(
        &self,
        py: Python<'_>,
        position: SearchPosition,
        limits: Limits,
    ) -> PyResult<PySearchResult> {
        let chess960 = position.chess960;
        let outcome = py.detach(|| {
            let mut tables = self.tables.lock().unwrap_or_else(PoisonError::into_inner);
            self.stop.store(false, Ordering::SeqCst);
            self.searching.store(true, Ordering::SeqCst);
            let tables_ref: &mut Tables = &mut tables;
            let outcome = std::thread::scope(|scope| {
                let spawned = std::thread::Builder::new()
                    .name("wingtip-search".to_owned())
                    .stack_size(SEARCH_STACK_BYTES)
                    .spawn_scoped(scope, || {
                        search_here(tables_ref, &position, limits, &self.stop)
                    });
                match spawned {
                    Ok(handle) => handle.join().map_err(|_| {
                        "internal error: the search panicked (a bug in wingtip)".to_owned()
                    }),
                    Err(e) => Err(format!("could not start the search thread: {e}")),
                }
            });
            if outcome.is_err() {
                // A search abandoned halfway may leave its tables inconsistent.
                if let Ok(fresh) = Tables::new(self.hash_mb) {
                    *tables = fresh;
                }
            }
            self.searching.store(false, Ordering::SeqCst);
            outcome
        });
        let found = outcome.map_err(PyRuntimeError::new_err)?;
        let wrap = |mv: Move| PyMove::new(mv, chess960);
        let (score_cp, mate) = match found.score {
            Score::Cp(cp) => (Some(cp), None),
            Score::Mate(moves) => (None, Some(moves)),
        };
        Ok(PySearchResult {
            best_move: found.best.map(wrap),
            ponder: found.ponder.map(wrap),
            score_cp,
            mate,
            depth: found.depth,
            seldepth: found.seldepth,
            nodes: found.nodes,
            time_ms: found.time_ms,
            pv: found.pv.into_iter().map(wrap).collect(),
        })
    }
}

/// The outcome of a search (Board.search or Engine.search).
///
/// The score is from the side to move's point of view: score_cp in centipawns, or,
/// when a mate was found, mate in moves (negative when the side to move is the one
/// mated; 0 when it is checkmated already) with score_cp None.
#[pyclass(
    module = "wingtip",
    name = "SearchResult",
    frozen,
    get_all,
    skip_from_py_object
)]
#[derive(Clone, Debug)]
pub struct PySearchResult {
    /// The move to play, or None when the side to move has no legal move.
    best_move: Option<PyMove>,
    /// The expected reply, when the principal variation has one.
    ponder: Option<PyMove>,
    /// The score in centipawns, or None when `mate` is set.
    score_cp: Option<i32>,
    /// Mate in this many moves (negative: being mated), or None.
    mate: Option<i32>,
    /// The depth of the last completed iteration, in plies.
    depth: u32,
    /// The deepest ply the last reported iteration reached, quiescence included.
    seldepth: u32,
    /// Nodes searched.
    nodes: u64,
    /// Milliseconds the search took.
    time_ms: u64,
    /// The principal variation, starting with best_move (at most 32 moves).
    pv: Vec<PyMove>,
}

#[pymethods]
impl PySearchResult {
    /// `<SearchResult best_move=a1a8 mate=1 depth=4 nodes=123 pv=a1a8>`.
    fn __repr__(&self) -> String {
        let best = self.best_move.map_or("None".to_owned(), |m| m.text());
        let score = match (self.score_cp, self.mate) {
            (_, Some(mate)) => format!("mate={mate}"),
            (Some(cp), None) => format!("score_cp={cp}"),
            (None, None) => "score_cp=None".to_owned(),
        };
        let pv: Vec<String> = self.pv.iter().map(PyMove::text).collect();
        format!(
            "<SearchResult best_move={best} {score} depth={} nodes={} pv={}>",
            self.depth,
            self.nodes,
            pv.join(" ")
        )
    }
}

/// A search engine that keeps its hash table and history tables from one search to
/// the next, as a chess engine does during a game.
///
/// Engine(hash_mb=16) makes a hash table of hash_mb MiB (0 to 65536; 0 searches
/// without one). search() runs without the GIL; several threads may each use their
/// own Engine at once, and searches on one Engine wait for each other. stop(), from
/// another thread, ends the running search, which returns its best move so far.
#[pyclass(module = "wingtip", name = "Engine", frozen)]
pub struct PyEngine {
    /// The tables and flags.
    core: EngineCore,
}

#[pymethods]
impl PyEngine {
    /// Engine(hash_mb=16): an engine with a hash table of hash_mb MiB. Raises
    /// WingtipError for a size out of range, MemoryError when the memory is not there.
    #[new]
    #[pyo3(signature = (hash_mb = None), text_signature = "(hash_mb=16)")]
    fn py_new(hash_mb: Option<&Bound<'_, PyAny>>) -> PyResult<PyEngine> {
        let hash_mb = match hash_mb {
            Some(value) => read_hash_mb(value)?,
            None => 16,
        };
        Ok(PyEngine {
            core: EngineCore::new(hash_mb)?,
        })
    }

    /// Searches `board` (its earlier positions count for repetitions) and returns a
    /// SearchResult. Limits as Board.search: depth (1 to SEARCH_MAX_DEPTH plies),
    /// nodes (at least 1), movetime (milliseconds above 0); at least one.
    #[pyo3(signature = (board, depth = None, nodes = None, movetime = None))]
    fn search(
        &self,
        board: &Bound<'_, PyBoard>,
        depth: Option<&Bound<'_, PyAny>>,
        nodes: Option<&Bound<'_, PyAny>>,
        movetime: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PySearchResult> {
        let limits = read_limits(depth, nodes, movetime)?;
        let position = board.try_borrow()?.search_position();
        self.core.run(board.py(), position, limits)
    }

    /// Asks the running search to stop now (it returns its best move so far). Does
    /// nothing when no search is running; a search that starts later is not affected.
    fn stop(&self) {
        self.core.stop.store(true, Ordering::SeqCst);
    }

    /// Whether a search is running on this engine.
    #[getter]
    fn searching(&self) -> bool {
        self.core.searching.load(Ordering::SeqCst)
    }

    /// The hash table's size in MiB.
    #[getter]
    fn hash_mb(&self) -> usize {
        self.core.hash_mb
    }

    /// How full the hash table is, in permille (from a sample of its entries).
    fn hashfull(&self, py: Python<'_>) -> u32 {
        py.detach(|| {
            let tables = self
                .core
                .tables
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            hashfull(&tables.table)
        })
    }

    /// Forgets everything learnt: empties the hash table and the history tables
    /// (for a new game). Waits for a running search to finish.
    fn clear(&self, py: Python<'_>) -> PyResult<()> {
        let fresh = Tables::new(self.core.hash_mb)?;
        py.detach(|| {
            let mut tables = self
                .core
                .tables
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            *tables = fresh;
        });
        Ok(())
    }

    /// `<Engine hash_mb=16>`.
    fn __repr__(&self) -> String {
        format!("<Engine hash_mb={}>", self.core.hash_mb)
    }
}
