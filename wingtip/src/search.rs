//! Alpha-beta search: iterative deepening, principal-variation search, quiescence,
//! a caller-owned transposition table, move ordering (hash move, MVV-LVA with
//! exchange evaluation, killers, counter-moves, history, and continuation history
//! where the caller gives its memory), a static evaluation corrected by what
//! the search learnt about the position's pawn structure, razoring, null-move
//! pruning, late-move reductions, check extension, repetition and fifty-move draws,
//! and mate scores.
//!
//! Everything runs without `std` and without an allocator. The caller provides:
//! - the transposition table memory (`&[TtEntry]`, any length, may be empty),
//!   which several searchers on several threads may share (Lazy SMP, on targets
//!   with 64-bit atomics);
//! - optionally a [`ContinuationHistory`] (1.125 MiB, one per searcher), which
//!   makes the search stronger;
//! - the hashes of the game's earlier positions, for repetition draws;
//! - a [`Limits`] (depth, nodes, soft and hard time) and a `&AtomicBool` stop flag
//!   that another thread may set at any moment;
//! - a [`Hooks`] implementation: a clock in milliseconds and an `info` callback
//!   called after every completed iteration.
//!
//! The parts: this file holds the iterative deepening, the alpha-beta and
//! quiescence searches and the pruning rules; `movepick` scores and orders a
//! node's moves (and keeps the history tables); `correction` keeps the static
//! evaluation's learnt error (correction history); `see` evaluates exchanges
//! ([`see()`]); `tt` is the transposition table ([`TtEntry`]).
//!
//! # Examples
//! ```
//! use wingtip::search::{Limits, NoHooks, Score, SearchRequest, Searcher, TtEntry};
//! use wingtip::Board;
//!
//! // White mates in one with Ra8#.
//! let board = Board::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
//! let table = [TtEntry::EMPTY; 4096];
//! let mut searcher = Searcher::new();
//! let request = SearchRequest::new(&board, &table).limits(Limits { depth: 4, ..Limits::NONE });
//! let result = searcher.search(request, &mut NoHooks);
//! assert_eq!(result.best_move.unwrap().to_string(), "a1a8");
//! assert_eq!(result.score, Score::Mate(1));
//! ```

mod correction;
mod movepick;
mod params;
mod see;
mod simd;
mod tt;

pub use movepick::{ContinuationHistory, CONTINUATION_HISTORY_BYTES};
pub use params::{Params, Tunable, TUNABLES};
pub use see::see;
pub use tt::{hashfull, Bound, TtEntry, DEPTH_MAX};

use crate::board::castling_destinations;
use crate::eval;
use crate::{Board, Color, Move, Piece, Role, Square, MAX_MOVES};
use core::sync::atomic::{AtomicBool, Ordering};
use correction::Correction;
use movepick::{cont_index, update_i16, ContRow, History, NodePicker, Picker, Take, NO_CONT};
use movepick::{GOOD_CAPTURE_FLOOR, KILLER_2, QS_CAPACITY};
use see::see_at_least;

/// The deepest ply the search reaches (including quiescence).
pub const MAX_PLY: usize = 96;
/// The longest principal variation kept and reported. A full `[MAX_PLY][MAX_PLY]`
/// table would be 36 KiB of the searcher; 32 moves of PV cost 12 KiB and no GUI
/// shows more.
pub const MAX_PV: usize = 32;
/// The score of delivering mate now; mate in `n` plies scores `MATE - n`.
pub const MATE: i32 = 32_000;
/// Scores at least this large in absolute value are mate scores.
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32;
const INF: i32 = 32_500;
/// Razoring's margin per ply of depth.
const RAZOR_MARGIN: i32 = 250;
/// How many earlier game positions the searcher keeps for repetition checks: more
/// than the 100 plies after which the fifty-move rule ends a game, since a position
/// can only repeat one reached after the last capture or pawn move. (128 rather than
/// more keeps the firmware's RAM within its budget.)
const GAME_KEYS: usize = 128;
/// On boards with more sliders than the starting position's ten (positions set up
/// by hand, such as boards full of queens), quiescence searches this many plies in
/// full (every good capture; every evasion in check); deeper, only recaptures on the
/// square of the last capture, and a position in check stands pat like any other.
/// There nearly every capture is an equal trade that gives check, and an unbounded
/// quiescence would not finish even the first iteration. Positions from play keep
/// the full quiescence (the bound never applies to them).
const QS_FULL_PLIES: usize = 6;
/// Bishops, rooks and queens of both sides on the starting position.
const START_SLIDERS: usize = 10;

/// Where a quiescence node stands in its capture sequence.
#[derive(Clone, Copy)]
struct QsPath {
    /// Quiescence plies from the horizon.
    plies: usize,
    /// The target square of the move that led here (`None` at the horizon).
    last_target: Option<Square>,
}

impl QsPath {
    /// The first quiescence node, at the horizon of the main search.
    const HORIZON: QsPath = QsPath {
        plies: 0,
        last_target: None,
    };
}
/// The most principal variations one search reports ([`Searcher::set_multipv`]).
pub const MAX_MULTIPV: u32 = 64;
/// How many plies of network accumulators the searcher keeps: one per ply when the
/// network is active ([`eval::net::ACTIVE`]: the full evaluation or a correction), else
/// none (no memory at all).
const ACC_PLIES: usize = if eval::net::ACTIVE { MAX_PLY + 1 } else { 0 };
/// The network the per-ply accumulators belong to.
const ACC_NET: &eval::net::Network<{ eval::net::HIDDEN }> = &eval::net::NET;

/// The pieces one move puts on and takes off the board (at most two each: castling,
/// a capture, a promotion), for the accumulator update.
#[derive(Clone, Copy)]
struct Dirty {
    /// `(piece index, square index)` of the pieces put on the board.
    added: [(u8, u8); 2],
    /// How many of `added` are used.
    added_len: u8,
    /// `(piece index, square index)` of the pieces taken off the board.
    removed: [(u8, u8); 2],
    /// How many of `removed` are used.
    removed_len: u8,
    /// Bit `v` (0 White, 1 Black) set when view `v`'s king moved to a square with
    /// another king slot ([`eval::net::Network::king_slot`]): that view's sums are then
    /// recomputed from the board, not updated.
    refresh: u8,
}

impl Dirty {
    const NONE: Dirty = Dirty {
        added: [(0, 0); 2],
        added_len: 0,
        removed: [(0, 0); 2],
        removed_len: 0,
        refresh: 0,
    };

    /// The pieces `mv` puts on and takes off the board `before` (none for
    /// [`Move::NULL`], a null move), read from the move itself: its piece, squares
    /// and flags, and for a capture the piece on the target square. `after` is
    /// `before` with the move made (for the king slots). A castling move lists its
    /// king and rook both ways, even where one of them stays on its square (Chess960):
    /// adding and removing the same row cancels out.
    #[inline]
    fn of_move(before: &Board, mv: Move, after: &Board) -> Dirty {
        let mut d = Dirty::NONE;
        if mv == Move::NULL {
            return d;
        }
        let entry = |piece: Piece, sq: usize| (piece as u8, sq as u8);
        let (piece, from, to) = (mv.piece(), mv.source().index(), mv.target().index());
        if mv.is_castling() {
            let us = piece.color();
            let rook = Piece::new(us, Role::Rook);
            let right = 2 * us.index() + usize::from(to < from);
            let (king_to, rook_to) = castling_destinations(right);
            d.removed = [entry(piece, from), entry(rook, to)];
            d.added = [entry(piece, king_to.index()), entry(rook, rook_to.index())];
            d.removed_len = 2;
            d.added_len = 2;
        } else {
            d.removed[0] = entry(piece, from);
            d.removed_len = 1;
            d.added[0] = entry(mv.promoted().unwrap_or(piece), to);
            d.added_len = 1;
            let captured = if mv.is_en_passant() {
                // The pawn taken stands one rank behind the target, as in `make_move`.
                let sq = to ^ 8;
                Some((Piece::new(!piece.color(), Role::Pawn), sq))
            } else if mv.is_capture() {
                before.piece_on(mv.target()).map(|p| (p, to))
            } else {
                None
            };
            if let Some((p, sq)) = captured {
                d.removed[1] = entry(p, sq);
                d.removed_len = 2;
            }
        }
        if eval::net::KING_MAPPED {
            let (old, new) = (ACC_NET.king_slots(before), ACC_NET.king_slots(after));
            d.refresh = u8::from(old[0] != new[0]) | u8::from(old[1] != new[1]) << 1;
        }
        d
    }
}

/// A score as a GUI shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns from the side to move's point of view.
    Cp(i32),
    /// Mate in this many moves; negative when the side to move is mated.
    Mate(i32),
}

impl Score {
    /// Converts an internal search score to centipawns or mate-in-moves.
    ///
    /// # Examples
    /// ```
    /// use wingtip::search::{Score, MATE};
    /// assert_eq!(Score::from_internal(MATE - 1), Score::Mate(1));
    /// assert_eq!(Score::from_internal(MATE - 3), Score::Mate(2));
    /// assert_eq!(Score::from_internal(-MATE + 2), Score::Mate(-1));
    /// assert_eq!(Score::from_internal(35), Score::Cp(35));
    /// ```
    pub fn from_internal(v: i32) -> Score {
        if v >= MATE_BOUND {
            Score::Mate((MATE - v + 1) / 2)
        } else if v <= -MATE_BOUND {
            Score::Mate(-(MATE + v) / 2)
        } else {
            Score::Cp(v)
        }
    }
}

/// What stops a search besides the stop flag. Zero means "no limit".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The deepest iteration to run (clamped to `MAX_PLY - 1`).
    pub depth: u32,
    /// The node budget.
    pub nodes: u64,
    /// No new iteration starts once this many milliseconds have passed.
    pub soft_ms: u64,
    /// The search stops at once after this many milliseconds.
    pub hard_ms: u64,
}

impl Limits {
    /// No limit at all: the search runs until the stop flag is set.
    pub const NONE: Limits = Limits {
        depth: 0,
        nodes: 0,
        soft_ms: 0,
        hard_ms: 0,
    };
}

/// One progress report, sent after every completed iteration (after every
/// completed line of it when several principal variations are searched).
///
/// A search that stops inside an iteration whose first line already has a new best
/// move (or before any report at all) sends one more report for that line: its
/// depth is the interrupted iteration's and its principal variation starts with
/// the move the search returns, so the last report always agrees with
/// [`SearchResult::best_move`]. Its score is that move's score in the interrupted
/// iteration (the static evaluation, at depth 0, when no move was searched in full).
///
/// A position without a legal move gets one report of depth 0 with an empty
/// principal variation and a score of `Mate(0)` (checkmate) or `Cp(0)`
/// (stalemate).
#[derive(Clone, Copy, Debug)]
pub struct Info<'a> {
    /// The iteration's depth in plies.
    pub depth: u32,
    /// Which principal variation this is, from 1 (the best) to the number of
    /// lines searched ([`Searcher::set_multipv`]).
    pub multipv: u32,
    /// The deepest ply reached, quiescence included.
    pub seldepth: u32,
    /// The score of the principal variation.
    pub score: Score,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Milliseconds since the search started, by [`Hooks::elapsed_ms`].
    pub time_ms: u64,
    /// Transposition-table use in permille.
    pub hashfull: u32,
    /// The principal variation, starting with the best move.
    pub pv: &'a [Move],
}

/// The environment the search calls back into: a clock and a progress sink.
pub trait Hooks {
    /// Returns the milliseconds since the search started (used for time limits).
    fn elapsed_ms(&mut self) -> u64;
    /// Receives a progress report after every completed iteration.
    fn info(&mut self, info: &Info<'_>);
    /// Receives the number of nodes searched so far, every 1,024 nodes (when the
    /// search checks its limits), for a caller that sums the nodes of several
    /// searches running at once. Does nothing unless implemented.
    #[inline]
    fn progress(&mut self, nodes: u64) {
        let _ = nodes;
    }
}

/// Hooks without a clock (time limits never trigger) and without reports.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoHooks;

impl Hooks for NoHooks {
    fn elapsed_ms(&mut self) -> u64 {
        0
    }
    fn info(&mut self, _info: &Info<'_>) {}
}

/// The outcome of a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play, `None` when the side to move has no legal move.
    pub best_move: Option<Move>,
    /// The expected reply, when the principal variation has one.
    pub ponder: Option<Move>,
    /// The score of the last completed iteration.
    pub score: Score,
    /// The last completed iteration's depth.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
}

/// One search: the position, the game before it, the memory the search may use, its
/// limits and the flag that stops it. Build one with [`SearchRequest::new`] and the
/// setters, or as a struct literal; pass it to [`Searcher::search`].
///
/// The search allocates nothing: the transposition table and the optional
/// continuation history are the caller's, so a request works the same on a
/// microcontroller (`static` arrays) as in an engine (`Vec`s shared by threads).
pub struct SearchRequest<'a> {
    /// The position to search.
    pub board: &'a Board,
    /// The hashes ([`Board::hash`]) of the positions played before `board`, oldest
    /// first, without `board` itself (the last 128 are used); a position repeated
    /// once counts as a draw.
    pub history: &'a [u64],
    /// The transposition table, of any length (the engine's `Hash`); threads of one
    /// search share it.
    pub table: &'a [TtEntry],
    /// The continuation history (1.125 MiB), which orders quiet moves by the moves
    /// before them and makes the search stronger; `None` for targets without the RAM.
    /// Keep one per searcher and game beside it, all zeros on a new game; several
    /// searchers must not share one.
    pub continuation: Option<&'a mut ContinuationHistory>,
    /// Depth, node and time limits ([`Limits::NONE`]: until stopped).
    pub limits: Limits,
    /// A flag another thread sets to stop the search; `None`: only the limits end it.
    pub stop: Option<&'a AtomicBool>,
    /// The root moves to consider (UCI's `go searchmoves`); empty: every legal move.
    /// Moves not legal in `board` are ignored, and when none is legal every legal move
    /// is searched.
    pub root_moves: &'a [Move],
}

impl<'a> SearchRequest<'a> {
    /// A search of `board` with `table`, no game history, no continuation history,
    /// no limits and no stop flag: add them with the setters.
    pub fn new(board: &'a Board, table: &'a [TtEntry]) -> Self {
        SearchRequest {
            board,
            history: &[],
            table,
            continuation: None,
            limits: Limits::NONE,
            stop: None,
            root_moves: &[],
        }
    }

    /// Sets the hashes of the game's earlier positions (the `history` field).
    pub fn history(mut self, history: &'a [u64]) -> Self {
        self.history = history;
        self
    }

    /// Sets the limits.
    pub fn limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }

    /// Sets the flag that stops the search when another thread makes it true.
    pub fn stop(mut self, stop: &'a AtomicBool) -> Self {
        self.stop = Some(stop);
        self
    }

    /// Searches with a continuation history (the `continuation` field).
    pub fn continuation(mut self, continuation: &'a mut ContinuationHistory) -> Self {
        self.continuation = Some(continuation);
        self
    }

    /// Restricts the root to `moves` (the `root_moves` field).
    pub fn root_moves(mut self, moves: &'a [Move]) -> Self {
        self.root_moves = moves;
        self
    }
}

struct Ctx<'a, H> {
    tt: &'a [TtEntry],
    /// This search's table generation: the root's move number (modulo 8), the same
    /// for every thread of one search and new for the next move.
    gen: u8,
    stop: &'a AtomicBool,
    hooks: &'a mut H,
    limits: Limits,
    /// The caller's continuation history, if it gave one.
    cont: Option<&'a mut ContinuationHistory>,
    /// The root moves searched (empty: all).
    root_moves: &'a [Move],
}

/// The search state that persists between searches (history, killer,
/// counter-move and correction tables).
///
/// About 35 KiB (35,320 bytes on x86-64 without a network; 8 KiB of it the
/// correction history, 4.5 KiB the capture history, 48 bytes the [`Params`]); keep
/// one per game and call [`Searcher::clear`] on a new game.
///
/// [`Searcher::new`] is all zero bytes (the default margins are put in when a search
/// starts), so a `static` searcher costs an embedder RAM (`.bss`) but no flash or
/// wasm-module bytes.
pub struct Searcher {
    nodes: u64,
    seldepth: usize,
    stopped: bool,
    /// Quiescence plies searched in full in this search ([`QS_FULL_PLIES`] on boards
    /// with more sliders than the starting position, unbounded otherwise).
    qs_full_plies: usize,
    killers: [[Move; 2]; MAX_PLY],
    history: History,
    /// The quiet reply that last refuted each move, by the refuted move's piece and
    /// target square (the counter-move heuristic).
    counters: [[Move; 64]; 12],
    /// `played[ply]`: the move made at `ply` on the current path ([`Move::NULL`] for a
    /// null move).
    played: [Move; MAX_PLY],
    /// `pv[ply]`: the principal variation from `ply`, at most [`MAX_PV`] moves.
    pv: [[Move; MAX_PV]; MAX_PLY],
    pv_len: [usize; MAX_PLY],
    /// Hashes of earlier game positions, then of the positions along the search path.
    keys: [u64; GAME_KEYS + MAX_PLY + 1],
    /// Index in `keys` of the root position.
    root_index: usize,
    /// How many principal variations to search, less one (0..[`MAX_MULTIPV`]).
    extra_lines: u32,
    /// Root moves skipped: the first moves of this iteration's earlier lines.
    excluded: [Move; MAX_MULTIPV as usize],
    excluded_len: usize,
    /// The margins and reductions the search uses: those [`Searcher::set_params`]
    /// set, or [`Params::DEFAULT`] put here at a search's start. A fresh searcher
    /// holds [`Params::UNSET`] (all zero, never a clamped value) instead, so that it
    /// is all zero bytes: an embedder's `static` searcher then sits in `.bss`, not in
    /// the flash image or the wasm module.
    params: Params,
    /// Nodes spent below the root move that last raised the root's alpha (time
    /// management: a best move that took most of the effort is settled).
    root_best_nodes: u64,
    /// The score of the root move that last raised the root's alpha (reported when a
    /// stop ends an iteration that had found a new best move).
    root_best_score: i32,
    /// Correction history: the static evaluation's recent error, by side to move
    /// and pawn structure.
    correction: Correction,
    /// `acc[ply]`: the network's first-layer sums for the position at `ply` on
    /// the current path, each view's when `acc_valid[ply][view]` (computed lazily,
    /// only for positions that are evaluated). Empty without an active network.
    acc: [eval::net::Accumulator<{ eval::net::HIDDEN }>; ACC_PLIES],
    acc_valid: [[bool; 2]; ACC_PLIES],
    /// `dirty[ply]`: what the move into the position at `ply` changed.
    dirty: [Dirty; ACC_PLIES],
    /// Whether [`Searcher::evaluate`] takes its AVX2 build: set at each search's start
    /// from what the CPU reports ([`simd::avx2`]); always `false` where no such build
    /// exists (other targets, and x86-64 builds that enable AVX2 everywhere).
    avx2: bool,
}

impl Default for Searcher {
    fn default() -> Self {
        Self::new()
    }
}

impl Searcher {
    /// Returns a searcher with empty history.
    pub const fn new() -> Searcher {
        Searcher {
            nodes: 0,
            seldepth: 0,
            stopped: false,
            qs_full_plies: 0,
            killers: [[Move::NULL; 2]; MAX_PLY],
            history: History::new(),
            counters: [[Move::NULL; 64]; 12],
            played: [Move::NULL; MAX_PLY],
            pv: [[Move::NULL; MAX_PV]; MAX_PLY],
            pv_len: [0; MAX_PLY],
            keys: [0; GAME_KEYS + MAX_PLY + 1],
            root_index: 0,
            extra_lines: 0,
            excluded: [Move::NULL; MAX_MULTIPV as usize],
            excluded_len: 0,
            params: Params::UNSET,
            root_best_nodes: 0,
            root_best_score: 0,
            correction: Correction::new(),
            acc: [[[0; eval::net::HIDDEN]; 2]; ACC_PLIES],
            acc_valid: [[false; 2]; ACC_PLIES],
            dirty: [Dirty::NONE; ACC_PLIES],
            avx2: false,
        }
    }

    /// Sets the margins and reductions later searches use (for tuning; the
    /// defaults are [`Params::DEFAULT`]), each moved into its range
    /// ([`Params::clamped`]); returns the values set.
    pub fn set_params(&mut self, params: Params) -> Params {
        self.params = params.clamped();
        self.params
    }

    /// Returns the margins and reductions the search uses.
    pub fn params(&self) -> &Params {
        if self.params == Params::UNSET {
            &Params::DEFAULT
        } else {
            &self.params
        }
    }

    /// Sets how many principal variations later searches find and report
    /// (`MultiPV`), clamped to 1..=[`MAX_MULTIPV`]; returns the value set.
    ///
    /// Line `k` is the best line whose first move differs from those of lines
    /// 1..k, each reported with [`Info::multipv`] `k`. The search's result
    /// (best move, score, ponder move) is line 1's. With the default of 1 the
    /// search is exactly the single-line search.
    ///
    /// # Examples
    /// ```
    /// use wingtip::search::{Searcher, MAX_MULTIPV};
    /// let mut s = Searcher::new();
    /// assert_eq!(s.set_multipv(3), 3);
    /// assert_eq!(s.set_multipv(0), 1);
    /// assert_eq!(s.set_multipv(500), MAX_MULTIPV);
    /// ```
    pub fn set_multipv(&mut self, lines: u32) -> u32 {
        self.extra_lines = lines.clamp(1, MAX_MULTIPV) - 1;
        self.multipv()
    }

    /// Returns how many principal variations a search finds.
    pub fn multipv(&self) -> u32 {
        self.extra_lines + 1
    }

    /// Forgets killers, counter-moves, history and correction history (call on a
    /// new game).
    pub fn clear(&mut self) {
        self.killers = [[Move::NULL; 2]; MAX_PLY];
        self.history.clear();
        self.counters = [[Move::NULL; 64]; 12];
        self.correction.clear();
    }

    /// Runs the search that `request` describes and returns the best move found.
    ///
    /// The search ends at the first of: the request's [`Limits`], its stop flag
    /// becoming true, or no deeper iteration being possible. Every limit and the stop
    /// flag are checked from the first node on (every 1,024 nodes, quiescence
    /// included), even within the first iteration; a legal move is returned whenever
    /// one exists (the best root move found so far, or the first legal move when the
    /// search stopped before any was searched in full). `hooks` gives the search its
    /// clock and receives a report after every completed iteration ([`NoHooks`]: no
    /// clock, no reports).
    ///
    /// # Examples
    /// ```
    /// use wingtip::search::{Limits, NoHooks, SearchRequest, Searcher, TtEntry};
    /// use wingtip::Board;
    ///
    /// let board = Board::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
    /// let table = [TtEntry::EMPTY; 1024];
    /// let request = SearchRequest::new(&board, &table).limits(Limits { depth: 4, ..Limits::NONE });
    /// let result = Searcher::new().search(request, &mut NoHooks);
    /// assert_eq!(result.best_move.unwrap().to_string(), "a1a8");
    /// ```
    pub fn search<H: Hooks>(&mut self, request: SearchRequest<'_>, hooks: &mut H) -> SearchResult {
        let never = AtomicBool::new(false);
        let SearchRequest {
            board,
            history,
            table,
            continuation: cont,
            limits,
            stop,
            root_moves,
        } = request;
        let stop = stop.unwrap_or(&never);
        let limits = &limits;
        let mut legal = board.legal_moves();
        // `go searchmoves`: the legal moves listed, unless none of them is legal.
        let listed = legal.iter().filter(|m| root_moves.contains(m)).count();
        let root_moves = if listed > 0 {
            legal.retain(|m| root_moves.contains(&m));
            root_moves
        } else {
            &[]
        };
        let mut cx = Ctx {
            tt: table,
            gen: board.fullmove_number() as u8,
            stop,
            hooks,
            limits: *limits,
            cont,
            root_moves,
        };
        let recent = &history[history.len().saturating_sub(GAME_KEYS)..];
        self.keys[..recent.len()].copy_from_slice(recent);
        self.root_index = recent.len();
        self.keys[self.root_index] = board.hash();
        self.nodes = 0;
        self.stopped = false;
        let sliders: usize = Piece::ALL
            .iter()
            .filter(|p| matches!(p.role(), Role::Bishop | Role::Rook | Role::Queen))
            .map(|&p| board.pieces(p).len() as usize)
            .sum();
        self.qs_full_plies = if sliders > START_SLIDERS {
            QS_FULL_PLIES
        } else {
            usize::MAX
        };
        self.killers = [[Move::NULL; 2]; MAX_PLY];
        self.history.age();
        self.params = *self.params();
        self.avx2 = simd::avx2();
        self.set_root(board);

        let mut result = SearchResult {
            best_move: legal.first().copied(),
            ponder: None,
            score: Score::Cp(0),
            depth: 0,
            nodes: 0,
        };
        if legal.is_empty() {
            result.score = if board.in_check() {
                Score::Mate(0)
            } else {
                Score::Cp(0)
            };
            let elapsed = cx.hooks.elapsed_ms();
            cx.hooks.info(&Info {
                depth: 0,
                multipv: 1,
                seldepth: 0,
                score: result.score,
                nodes: 0,
                time_ms: elapsed,
                hashfull: hashfull(cx.tt),
                pv: &[],
            });
            return result;
        }

        let max_depth = match limits.depth {
            0 => MAX_PLY as u32 - 1,
            d => d.min(MAX_PLY as u32 - 1),
        };
        let lines = (self.multipv() as usize).clamp(1, legal.len());
        // The first move of the last line-1 report, and the iteration a stop ended.
        let mut reported: Option<Move> = None;
        let mut interrupted = 0;
        // Each line's score in the last completed iteration (aspiration centres).
        let mut scores = [0; MAX_MULTIPV as usize];
        // Time management: how many iterations in a row kept the best move, and the
        // previous iteration's score.
        let mut stable = 0;
        let mut previous: Option<(Move, i32)> = None;
        'deepening: for depth in 1..=max_depth {
            let iteration_start = self.nodes;
            self.root_best_nodes = 0;
            self.excluded_len = 0;
            for (line, line_best) in scores[..lines].iter_mut().enumerate() {
                self.seldepth = 0;
                let score = *line_best;
                let mut delta = self.params.aspiration;
                let (mut alpha, mut beta) = if depth >= 5 {
                    ((score - delta).max(-INF), (score + delta).min(INF))
                } else {
                    (-INF, INF)
                };
                loop {
                    let s = self.negamax(
                        &mut cx,
                        board,
                        depth as i32,
                        alpha,
                        beta,
                        0,
                        true,
                        Move::NULL,
                    );
                    if self.stopped {
                        break;
                    }
                    if s <= alpha {
                        beta = (alpha + beta) / 2;
                        alpha = (s - delta).max(-INF);
                    } else if s >= beta {
                        beta = (s + delta).min(INF);
                    } else {
                        *line_best = s;
                        break;
                    }
                    delta += delta;
                }
                // A root move that beat alpha in an interrupted iteration was fully
                // searched, so it is at least as good as the previous best.
                if line == 0 && self.pv_len[0] > 0 && self.pv[0][0] != Move::NULL {
                    result.best_move = Some(self.pv[0][0]);
                    result.ponder = (self.pv_len[0] > 1).then(|| self.pv[0][1]);
                }
                if self.stopped {
                    interrupted = depth;
                    break 'deepening;
                }
                let line_score = Score::from_internal(*line_best);
                if line == 0 {
                    result.depth = depth;
                    result.score = line_score;
                }
                let elapsed = cx.hooks.elapsed_ms();
                let pv_len = self.pv_len[0];
                cx.hooks.info(&Info {
                    depth,
                    multipv: line as u32 + 1,
                    seldepth: self.seldepth as u32,
                    score: line_score,
                    nodes: self.nodes,
                    time_ms: elapsed,
                    hashfull: hashfull(cx.tt),
                    pv: &self.pv[0][..pv_len],
                });
                if line == 0 && pv_len > 0 {
                    reported = Some(self.pv[0][0]);
                }
                if pv_len > 0 {
                    self.excluded[self.excluded_len] = self.pv[0][0];
                    self.excluded_len += 1;
                }
            }
            let best = result.best_move.unwrap_or(Move::NULL);
            let score = scores[0];
            let drop = previous.map_or(0, |(_, s)| s - score);
            stable = match previous {
                Some((m, _)) if m == best => stable + 1,
                _ => 0,
            };
            previous = Some((best, score));
            let effort = self.root_best_nodes * 1000 / (self.nodes - iteration_start).max(1);
            let soft = scaled_soft_limit(*limits, stable, drop, effort);
            let elapsed = cx.hooks.elapsed_ms();
            if cx.stop.load(Ordering::Relaxed)
                || (limits.soft_ms != 0 && elapsed >= soft)
                || (limits.nodes != 0 && self.nodes >= limits.nodes)
            {
                break;
            }
            // A found mate cannot get shorter by searching deeper than its length.
            if let Score::Mate(n) = result.score {
                if n > 0 && depth >= 2 * n as u32 + 2 && limits.depth == 0 {
                    break;
                }
            }
        }
        self.excluded_len = 0;
        result.nodes = self.nodes;
        if let Some(best) = result.best_move.filter(|&m| Some(m) != reported) {
            // Stopped with a best move no report named: one report for it, so that
            // the last principal variation shown starts with the move returned.
            let one = [best];
            let (depth, score, pv) = if self.pv_len[0] > 0 && self.pv[0][0] == best {
                let score = Score::from_internal(self.root_best_score);
                (interrupted, score, &self.pv[0][..self.pv_len[0]])
            } else {
                (0, Score::Cp(eval::evaluate(board)), &one[..])
            };
            let elapsed = cx.hooks.elapsed_ms();
            cx.hooks.info(&Info {
                depth,
                multipv: 1,
                seldepth: self.seldepth as u32,
                score,
                nodes: self.nodes,
                time_ms: elapsed,
                hashfull: hashfull(cx.tt),
                pv,
            });
        }
        result
    }

    /// Makes `board` the position at ply 0 for [`Searcher::evaluate`]: its
    /// accumulator computed from scratch (a no-op without an active network).
    fn set_root(&mut self, board: &Board) {
        if let (Some(acc), Some(valid)) = (self.acc.first_mut(), self.acc_valid.first_mut()) {
            *acc = eval::net::refresh(ACC_NET, board);
            *valid = [true; 2];
        }
    }

    /// Notes that `child`, the position at `ply + 1`, was made from `board` by `mv`
    /// ([`Move::NULL`] for a null move): its accumulator is then out of date (a no-op
    /// without an active network).
    #[inline]
    fn made(&mut self, board: &Board, mv: Move, child: &Board, ply: usize) {
        if eval::net::ACTIVE && ply < MAX_PLY {
            self.dirty[ply + 1] = Dirty::of_move(board, mv, child);
            self.acc_valid[ply + 1] = [false; 2];
        }
    }

    /// The static evaluation of `board`, the position at `ply` on the current path:
    /// [`eval::evaluate`], with the network's part from the accumulators kept per ply
    /// when a network is active (the same value, computed incrementally).
    ///
    /// On x86-64 builds without AVX2 (the default targets x86-64-v2), the same code is
    /// also compiled for AVX2, and taken when the CPU has it ([`Searcher::avx2`]): the
    /// network's loops then run on 256-bit vectors. Integer arithmetic in the same
    /// order, so both builds give the same bits.
    #[inline]
    fn evaluate(&mut self, board: &Board, ply: usize) -> i32 {
        #[cfg(all(target_arch = "x86_64", not(target_feature = "avx2")))]
        if self.avx2 {
            // SAFETY: `avx2` is only set when `simd::avx2` found AVX2 usable.
            return unsafe { self.evaluate_avx2(board, ply) };
        }
        self.evaluate_here(board, ply)
    }

    /// [`Searcher::evaluate`] compiled for AVX2.
    ///
    /// # Safety
    /// The CPU must support AVX2 and the OS must save its registers ([`simd::avx2`]).
    #[cfg(all(target_arch = "x86_64", not(target_feature = "avx2")))]
    #[target_feature(enable = "avx2")]
    unsafe fn evaluate_avx2(&mut self, board: &Board, ply: usize) -> i32 {
        self.evaluate_here(board, ply)
    }

    /// The body of [`Searcher::evaluate`], inlined into each of its builds.
    #[inline(always)]
    fn evaluate_here(&mut self, board: &Board, ply: usize) -> i32 {
        if !eval::net::ACTIVE {
            return eval::evaluate(board);
        }
        // Per view: the nearest ply at or above this one whose sums are known (the
        // root's always are), then each move's change applied down to this ply; or,
        // when one of those moves took the view's king to another king slot, the
        // view's sums computed afresh from this board.
        let slots = ACC_NET.king_slots(board);
        for (v, view) in [Color::White, Color::Black].into_iter().enumerate() {
            let mut from = ply;
            let mut fresh = false;
            while from > 0 && !self.acc_valid[from][v] {
                fresh |= self.dirty[from].refresh >> v & 1 != 0;
                from -= 1;
            }
            if fresh || !self.acc_valid[from][v] {
                self.acc[ply][v] = eval::net::refresh_view(ACC_NET, board, view);
                self.acc_valid[ply][v] = true;
                continue;
            }
            for p in from + 1..=ply {
                let (done, rest) = self.acc.split_at_mut(p);
                let d = self.dirty[p];
                let pair = |&(piece, sq): &(u8, u8)| (Piece::ALL[piece as usize], sq as usize);
                let added = [pair(&d.added[0]), pair(&d.added[1])];
                let removed = [pair(&d.removed[0]), pair(&d.removed[1])];
                eval::net::update_view(
                    ACC_NET,
                    view,
                    slots[v],
                    &done[p - 1][v],
                    &mut rest[0][v],
                    &added[..d.added_len as usize],
                    &removed[..d.removed_len as usize],
                );
                self.acc_valid[p][v] = true;
            }
        }
        let pieces = board.occupied().len();
        let net = eval::net::output(ACC_NET, &self.acc[ply], board.side_to_move(), pieces);
        let out = if eval::net::FULL {
            net.clamp(-eval::net::LIMIT, eval::net::LIMIT)
        } else {
            eval::hand_crafted(board) + net
        };
        debug_assert_eq!(out, eval::evaluate(board), "{}", board.fen());
        out
    }

    /// Returns true (and remembers it) when a limit or the stop flag ends the search.
    #[inline]
    fn should_stop<H: Hooks>(&mut self, cx: &mut Ctx<'_, H>) -> bool {
        if self.stopped {
            return true;
        }
        if self.nodes & 1023 != 0 {
            return false;
        }
        cx.hooks.progress(self.nodes);
        let l = cx.limits;
        if cx.stop.load(Ordering::Relaxed)
            || (l.nodes != 0 && self.nodes >= l.nodes)
            || (l.hard_ms != 0 && cx.hooks.elapsed_ms() >= l.hard_ms)
        {
            self.stopped = true;
        }
        self.stopped
    }

    fn is_repetition(&self, board: &Board, ply: usize) -> bool {
        let idx = self.root_index + ply;
        let key = self.keys[idx];
        let reach = (board.halfmove_clock() as usize).min(idx);
        let mut back = 4;
        while back <= reach {
            if self.keys[idx - back] == key {
                return true;
            }
            back += 2;
        }
        false
    }

    #[allow(clippy::too_many_arguments)]
    fn negamax<H: Hooks>(
        &mut self,
        cx: &mut Ctx<'_, H>,
        board: &Board,
        mut depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        allow_null: bool,
        skip: Move,
    ) -> i32 {
        self.pv_len[ply] = 0;
        if self.should_stop(cx) {
            return 0;
        }
        let pv_node = beta - alpha > 1;
        if ply > 0 {
            if board.halfmove_clock() >= 100
                || self.is_repetition(board, ply)
                || board.is_insufficient_material()
            {
                return 0;
            }
            // Mate-distance pruning.
            alpha = alpha.max(-MATE + ply as i32);
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }
        let in_check = board.in_check();
        if in_check {
            depth += 1;
        }
        if depth <= 0 {
            return self.qsearch(cx, board, alpha, beta, ply, QsPath::HORIZON);
        }
        if ply >= MAX_PLY - 1 {
            return self.evaluate(board, ply);
        }
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);

        let key = board.hash();
        // A singular-extension search (`skip` set) leaves out the table move, so
        // the table's verdict on the position does not apply to it.
        let entry = if skip == Move::NULL {
            tt::probe(cx.tt, key)
        } else {
            None
        };
        let mut tt_move = Move::NULL;
        if let Some(e) = &entry {
            tt_move = e.mv();
            if !pv_node && ply > 0 && e.depth() >= depth {
                let s = score_from_tt(e.score(), ply);
                match e.bound() {
                    Bound::Exact => return s,
                    Bound::Lower if s >= beta => return s,
                    Bound::Upper if s <= alpha => return s,
                    _ => {}
                }
            }
        }

        // Internal iterative reduction: a node without a table move is searched a
        // ply shallower (its move order is poor; the next visit finds a move stored).
        if tt_move == Move::NULL && skip == Move::NULL && depth >= 4 {
            depth -= 1;
        }

        // The table keeps the static evaluation, which saves computing it again;
        // the correction history then adjusts it.
        let (raw_eval, static_eval) = if in_check {
            (-INF, -INF)
        } else {
            let raw = entry
                .as_ref()
                .and_then(TtEntry::eval)
                .unwrap_or_else(|| self.evaluate(board, ply));
            (raw, self.correction.corrected(board, raw))
        };
        let us = board.side_to_move();

        if !pv_node && !in_check && ply > 0 && skip == Move::NULL {
            // Reverse futility pruning.
            if depth <= 6
                && static_eval - self.params.rfp_margin * depth >= beta
                && beta.abs() < MATE_BOUND
            {
                return static_eval;
            }
            // Razoring: a shallow node far below alpha whose captures cannot
            // lift it either is left at the quiescence score.
            if depth <= 3 && static_eval + RAZOR_MARGIN * depth < alpha && alpha.abs() < MATE_BOUND
            {
                let s = self.qsearch(cx, board, alpha, alpha + 1, ply, QsPath::HORIZON);
                if self.stopped {
                    return 0;
                }
                if s <= alpha {
                    return s;
                }
            }
            // Null-move pruning.
            if allow_null && depth >= 3 && static_eval >= beta && has_pieces(board, us) {
                let r = self.params.nmp_base + depth / self.params.nmp_divisor;
                let mut child = *board;
                child.make_null_move();
                self.made(board, Move::NULL, &child, ply);
                self.played[ply] = Move::NULL;
                self.keys[self.root_index + ply + 1] = child.hash();
                let s = -self.negamax(
                    cx,
                    &child,
                    depth - 1 - r,
                    -beta,
                    -beta + 1,
                    ply + 1,
                    false,
                    Move::NULL,
                );
                if self.stopped {
                    return 0;
                }
                if s >= beta {
                    return if s >= MATE_BOUND { beta } else { s };
                }
            }
        }

        // Singular extension: when the table move, stored as a lower bound from a
        // search nearly as deep, beats every other move by a margin at half the
        // depth, it is searched a ply deeper; when even the others reach beta,
        // the node is cut (multi-cut).
        let mut extend_tt_move = 0;
        if let Some(e) = &entry {
            let tt_score = score_from_tt(e.score(), ply);
            if ply > 0
                && depth >= 7
                && tt_move != Move::NULL
                && e.depth() >= depth - 3
                && matches!(e.bound(), Bound::Lower | Bound::Exact)
                && tt_score.abs() < MATE_BOUND
            {
                let singular_beta = tt_score - self.params.singular_margin * depth;
                let s = self.negamax(
                    cx,
                    board,
                    (depth - 1) / 2,
                    singular_beta - 1,
                    singular_beta,
                    ply,
                    false,
                    tt_move,
                );
                if self.stopped {
                    return 0;
                }
                self.pv_len[ply] = 0;
                if s < singular_beta {
                    extend_tt_move = 1;
                } else if singular_beta >= beta {
                    return singular_beta;
                }
            }
        }

        let counter = self.counter_slot(ply).map_or(Move::NULL, |m| *m);
        let mut picker = NodePicker::new(
            board,
            Take::All,
            tt_move,
            self.killers[ply],
            counter,
            &self.history,
            self.cont_rows(cx.cont.as_deref(), ply),
        );
        if picker.is_empty() {
            return if in_check { -MATE + ply as i32 } else { 0 };
        }

        let mut node = NodeScore::new(-INF, alpha, beta);
        let mut searched = 0;
        let mut quiets = [Move::NULL; 64];
        let mut quiet_count = 0;
        let mut captures = [Move::NULL; 32];
        let mut capture_count = 0;
        while let Some((mv, order)) = picker.next() {
            if mv == skip
                || ply == 0
                    && (self.excluded[..self.excluded_len].contains(&mv)
                        || !cx.root_moves.is_empty() && !cx.root_moves.contains(&mv))
            {
                // The singular-extension search leaves out the table move; MultiPV,
                // the first moves of this iteration's earlier lines; `searchmoves`,
                // the root moves not listed.
                continue;
            }
            // The window's lower end, until this move's score is taken in.
            let alpha = node.alpha;
            let quiet = !mv.is_capture() && mv.promoted().is_none();
            // Late-move pruning: far down the list of a shallow node, quiets rarely matter.
            if !pv_node
                && !in_check
                && quiet
                && depth <= 7
                && searched >= self.params.lmp_base + depth * depth
                && node.best > -MATE_BOUND
            {
                continue;
            }
            // SEE pruning: at a shallow node, a move whose exchange loses more than a
            // depth-scaled margin (quiet moves: 60 cp a ply; captures: 100 cp a ply,
            // checked only for those ordered as losing) is not tried.
            if !pv_node
                && !in_check
                && depth <= 6
                && node.best > -MATE_BOUND
                && (quiet || order < GOOD_CAPTURE_FLOOR)
            {
                let p = &self.params;
                let margin = if quiet { p.see_quiet } else { p.see_capture } * -depth;
                if !see_at_least(board, mv, margin) {
                    continue;
                }
            }
            let mut child = *board;
            child.make_move(mv);
            self.made(board, mv, &child, ply);
            self.keys[self.root_index + ply + 1] = child.hash();
            self.played[ply] = mv;
            let gives_check = child.in_check();
            let nodes_before = self.nodes;
            // Futility pruning: a quiet move at a frontier node far below alpha.
            if !pv_node
                && !in_check
                && !gives_check
                && quiet
                && searched > 0
                && depth <= 3
                && static_eval + self.params.futility_base + self.params.futility_margin * depth
                    <= alpha
                && node.best > -MATE_BOUND
            {
                continue;
            }
            let new_depth = depth - 1 + if mv == tt_move { extend_tt_move } else { 0 };
            let s = if searched == 0 {
                self.search_child(cx, &child, new_depth, alpha, beta, ply)
            } else {
                let mut r = 0;
                if depth >= 3 && searched >= 3 && quiet && !in_check && !gives_check {
                    r = lmr(&self.params, depth, searched);
                    if pv_node {
                        r -= 1;
                    }
                    if order >= KILLER_2 {
                        r -= 1;
                    }
                    r = r.clamp(0, new_depth - 1);
                }
                let mut s = self.search_child(cx, &child, new_depth - r, alpha, alpha + 1, ply);
                if s > alpha && r > 0 {
                    s = self.search_child(cx, &child, new_depth, alpha, alpha + 1, ply);
                }
                if s > alpha && s < beta {
                    s = self.search_child(cx, &child, new_depth, alpha, beta, ply);
                }
                s
            };
            searched += 1;
            if self.stopped {
                return 0;
            }
            if ply == 0 && s > node.alpha {
                self.root_best_nodes = self.nodes - nodes_before;
                self.root_best_score = s;
            }
            if self.take_score(&mut node, ply, mv, s) {
                let bonus = history_bonus(depth);
                if quiet {
                    self.reward_quiet(
                        cx.cont.as_deref_mut(),
                        mv,
                        bonus,
                        ply,
                        &quiets[..quiet_count],
                    );
                } else {
                    self.history.update_capture(board, mv, bonus);
                }
                for &c in &captures[..capture_count] {
                    self.history.update_capture(board, c, -bonus);
                }
                break;
            }
            if quiet && quiet_count < quiets.len() {
                quiets[quiet_count] = mv;
                quiet_count += 1;
            } else if !quiet && capture_count < captures.len() {
                captures[capture_count] = mv;
                capture_count += 1;
            }
        }

        if skip != Move::NULL {
            // A search without the table move: its value is not the position's.
            return node.best;
        }
        if ply == 0 && (self.excluded_len > 0 || !cx.root_moves.is_empty()) {
            // A later MultiPV line's score leaves out the best moves, and a
            // `searchmoves` search the moves not listed: not the root's value, and
            // its move must not replace the hash move.
            return node.best;
        }
        let bound = node.bound();
        // The correction history learns the static evaluation's error where the
        // search's score says something about it: not in check, not a capture's
        // material swing, and a bound only on the side it bounds.
        let informative = match bound {
            Bound::Lower => node.best > static_eval,
            Bound::Upper => node.best < static_eval,
            Bound::Exact | Bound::None => true, // a node's bound is never `None`
        };
        let noisy = node.best_move.is_capture() || node.best_move.promoted().is_some();
        if informative && !in_check && !noisy && node.best.abs() < MATE_BOUND {
            self.correction.update(board, depth, node.best - raw_eval);
        }
        tt::store(
            cx.tt,
            key,
            node.best_move,
            score_to_tt(node.best, ply),
            (!in_check).then_some(raw_eval),
            depth,
            bound,
            cx.gen,
        );
        node.best
    }

    /// Searches `child`, a child of the node at `ply`, to `depth` with the window
    /// (`alpha`, `beta`) of the parent's side; returns its score from that side.
    #[inline(always)]
    fn search_child<H: Hooks>(
        &mut self,
        cx: &mut Ctx<'_, H>,
        child: &Board,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        -self.negamax(cx, child, depth, -beta, -alpha, ply + 1, true, Move::NULL)
    }

    fn qsearch<H: Hooks>(
        &mut self,
        cx: &mut Ctx<'_, H>,
        board: &Board,
        alpha: i32,
        beta: i32,
        ply: usize,
        path: QsPath,
    ) -> i32 {
        self.pv_len[ply] = 0;
        if self.should_stop(cx) {
            return 0;
        }
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        if ply >= MAX_PLY - 1 {
            return self.evaluate(board, ply);
        }
        let key = board.hash();
        let mut tt_move = Move::NULL;
        let mut tt_eval = None;
        if let Some(e) = tt::probe(cx.tt, key) {
            tt_move = e.mv();
            tt_eval = e.eval();
            let s = score_from_tt(e.score(), ply);
            match e.bound() {
                Bound::Exact => return s,
                Bound::Lower if s >= beta => return s,
                Bound::Upper if s <= alpha => return s,
                _ => {}
            }
        }
        let in_check = board.in_check() && path.plies < self.qs_full_plies;
        let mut node;
        let mut stand = None;
        if in_check {
            node = NodeScore::new(-INF, alpha, beta);
        } else {
            let raw = tt_eval.unwrap_or_else(|| self.evaluate(board, ply));
            stand = Some(raw);
            let eval = self.correction.corrected(board, raw);
            if eval >= beta {
                return eval;
            }
            node = NodeScore::new(eval, alpha, beta);
            node.alpha = alpha.max(eval);
        }
        // In check every evasion counts (a full-size picker); otherwise the good
        // captures and queen promotions only (a small one). Each picker lives in the
        // frame of its own `qsearch_moves`, so a quiescence ply out of check pays
        // 256 bytes for it, not 2 KiB: the deepest part of the tree, and what an
        // embedded target's stack pays per ply.
        let outcome = if in_check {
            self.qsearch_moves::<H, MAX_MOVES>(cx, board, tt_move, &mut node, ply, path)
        } else {
            self.qsearch_moves::<H, QS_CAPACITY>(cx, board, tt_move, &mut node, ply, path)
        };
        match outcome {
            QsOutcome::Searched => {}
            QsOutcome::Stopped => return 0,
            QsOutcome::NoMove if in_check => return -MATE + ply as i32,
            QsOutcome::NoMove => {}
        }
        tt::store(
            cx.tt,
            key,
            node.best_move,
            score_to_tt(node.best, ply),
            stand,
            0,
            node.bound(),
            cx.gen,
        );
        node.best
    }

    /// Picks and searches the moves `take` selects at a quiescence node, taking
    /// their scores into `node`. Never inlined: the picker of capacity `N` lives in
    /// this frame, not in the caller's.
    #[inline(never)]
    fn qsearch_moves<H: Hooks, const N: usize>(
        &mut self,
        cx: &mut Ctx<'_, H>,
        board: &Board,
        tt_move: Move,
        node: &mut NodeScore,
        ply: usize,
        path: QsPath,
    ) -> QsOutcome {
        // The full-size picker is the one for evasions: every move; the small one
        // takes the good captures and queen promotions.
        let take = if N == MAX_MOVES {
            Take::All
        } else {
            Take::GoodCaptures
        };
        let mut picker = Picker::<N>::new(
            board,
            take,
            tt_move,
            self.killers[ply],
            Move::NULL,
            &self.history,
            [&NO_CONT, &NO_CONT],
        );
        if picker.is_empty() {
            return QsOutcome::NoMove;
        }
        let recapture_only = path.plies >= self.qs_full_plies;
        while let Some((mv, _)) = picker.next() {
            if recapture_only && Some(mv.target()) != path.last_target {
                continue;
            }
            let mut child = *board;
            child.make_move(mv);
            self.made(board, mv, &child, ply);
            let next = QsPath {
                plies: path.plies + 1,
                last_target: Some(mv.target()),
            };
            let s = -self.qsearch(cx, &child, -node.beta, -node.alpha, ply + 1, next);
            if self.stopped {
                return QsOutcome::Stopped;
            }
            if self.take_score(node, ply, mv, s) {
                break;
            }
        }
        QsOutcome::Searched
    }

    /// Takes the score `s` of the searched move `mv` into `node`: a new best score,
    /// a raised alpha (`mv` then heads the principal variation) or a beta cutoff,
    /// which returns true.
    #[inline]
    fn take_score(&mut self, node: &mut NodeScore, ply: usize, mv: Move, s: i32) -> bool {
        if s <= node.best {
            return false;
        }
        node.best = s;
        if s <= node.alpha {
            return false;
        }
        node.alpha = s;
        node.best_move = mv;
        self.update_pv(ply, mv);
        s >= node.beta
    }

    fn update_pv(&mut self, ply: usize, mv: Move) {
        self.pv[ply][0] = mv;
        let child_len = if ply + 1 < MAX_PLY {
            self.pv_len[ply + 1]
        } else {
            0
        };
        let len = (child_len + 1).min(MAX_PV);
        if ply + 1 < MAX_PLY {
            let (head, tail) = self.pv.split_at_mut(ply + 1);
            head[ply][1..len].copy_from_slice(&tail[0][..len - 1]);
        }
        self.pv_len[ply] = len;
    }

    /// Returns the counter-move slot of the move that led to `ply`: `None` at the
    /// root and after a null move.
    fn counter_slot(&mut self, ply: usize) -> Option<&mut Move> {
        let prev = *self.played[..ply].last()?;
        (prev != Move::NULL)
            .then(|| &mut self.counters[prev.piece().index()][prev.target().index()])
    }

    /// Rewards the quiet move `mv` that caused a cutoff (killer, and history
    /// `bonus`) and penalizes the quiet moves `failed` tried before it.
    fn reward_quiet(
        &mut self,
        cont: Option<&mut ContinuationHistory>,
        mv: Move,
        bonus: i32,
        ply: usize,
        failed: &[Move],
    ) {
        if let Some(counter) = self.counter_slot(ply) {
            *counter = mv;
        }
        if self.killers[ply][0] != mv {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = mv;
        }
        self.history.update(mv, bonus);
        for &q in failed {
            self.history.update(q, -bonus);
        }
        let Some(cont) = cont else {
            return;
        };
        for back in 1..=2 {
            let Some(prev) = self.earlier(ply, back) else {
                continue;
            };
            let row = &mut cont[cont_index(prev)];
            update_i16(&mut row[cont_index(mv)], bonus);
            for &q in failed {
                update_i16(&mut row[cont_index(q)], -bonus);
            }
        }
    }

    /// Returns the move made `back` plies before `ply` on the search path, `None`
    /// before the root or for a null move.
    fn earlier(&self, ply: usize, back: usize) -> Option<Move> {
        let mv = *self.played.get(ply.checked_sub(back)?)?;
        (mv != Move::NULL).then_some(mv)
    }

    /// Returns the rows of `cont` for the moves one and two plies before `ply` (rows
    /// of zeros where there is no such move or no continuation history).
    fn cont_rows<'c>(&self, cont: Option<&'c ContinuationHistory>, ply: usize) -> [&'c ContRow; 2] {
        let row = |back| match (cont, self.earlier(ply, back)) {
            (Some(c), Some(m)) => &c[cont_index(m)],
            _ => &NO_CONT,
        };
        [row(1), row(2)]
    }
}

/// How the move loop of a quiescence node ended.
enum QsOutcome {
    /// The moves were searched (or a cutoff ended the loop).
    Searched,
    /// The node had no move of the kind searched.
    NoMove,
    /// The search was stopped.
    Stopped,
}

/// A node's best score and move so far, and its alpha-beta window.
struct NodeScore {
    /// The best score so far (a stand-pat score counts in quiescence).
    best: i32,
    /// The move that last raised alpha, [`Move::NULL`] while none has.
    best_move: Move,
    /// The window's lower end, raised as moves beat it.
    alpha: i32,
    /// The lower end the node was entered with.
    entry_alpha: i32,
    /// The window's upper end.
    beta: i32,
}

impl NodeScore {
    fn new(best: i32, alpha: i32, beta: i32) -> NodeScore {
        NodeScore {
            best,
            best_move: Move::NULL,
            alpha,
            entry_alpha: alpha,
            beta,
        }
    }

    /// Returns what the best score says about the node's true value.
    fn bound(&self) -> Bound {
        if self.best >= self.beta {
            Bound::Lower
        } else if self.best > self.entry_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }
}

/// Returns the soft time limit after an iteration, in milliseconds: `limits.soft_ms`
/// scaled by how settled the search looks. More time when the best move just
/// changed (`stable` iterations in a row kept it), when the score dropped by
/// `drop` centipawns since the previous iteration, and when the best move took a
/// small share (`effort`, per mille) of the iteration's nodes; less when it is
/// settled on all three. At most the hard limit.
///
/// The factors' scale is set so that the mean time a move stays about what the
/// unscaled limit gave (0.139 against 0.147 s at 3+0.03 from 60 book positions);
/// what changes is where the time goes.
fn scaled_soft_limit(limits: Limits, stable: u32, drop: i32, effort: u64) -> u64 {
    const STABILITY: [u64; 6] = [1_800, 1_500, 1_320, 1_200, 1_110, 1_020];
    let stability = STABILITY[(stable as usize).min(STABILITY.len() - 1)];
    let score = 1_000 + drop.clamp(0, 50) as u64 * 8;
    let effort = 2_400u64.saturating_sub(2 * effort).clamp(500, 1_500);
    let soft = limits.soft_ms * stability / 1_000 * score / 1_000 * effort / 1_000;
    match limits.hard_ms {
        0 => soft,
        hard => soft.min(hard),
    }
}

/// Returns the history bonus (and, negated, the malus) of a cutoff at `depth`:
/// `16·d² + 128·(d − 1)`, at most 4,000 of the history's ±16,384, the scale
/// Stockfish's and Ethereal's published formulas use (a deep cutoff moves a score
/// by about a quarter of its range).
fn history_bonus(depth: i32) -> i32 {
    (16 * depth * depth + 128 * (depth - 1).max(0)).min(4_000)
}

/// Returns true when `color` has a piece other than pawns and the king.
fn has_pieces(board: &Board, color: Color) -> bool {
    let pawns_and_king =
        board.pieces(Piece::new(color, Role::Pawn)) | board.pieces(Piece::new(color, Role::King));
    !(board.occupancy(color) & !pawns_and_king).is_empty()
}

/// Returns the late-move reduction for the `searched`-th move at `depth`:
/// about ln(depth)·ln(moves)/2, with integer logarithms (no float math in core).
/// With the default parameters, `1 + ld·lm/5`.
fn lmr(params: &Params, depth: i32, searched: i32) -> i32 {
    let ld = 32 - (depth as u32).leading_zeros() as i32; // ⌊log2⌋ + 1
    let lm = 32 - (searched as u32).leading_zeros() as i32;
    (params.lmr_base + 10_000 * ld * lm / params.lmr_divisor) / 100
}

fn score_to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn score_from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use std::vec::Vec;

    #[test]
    fn searcher_fits_an_embedded_ram_budget() {
        // The firmware's RAM besides the hash table stays within 64 KiB;
        // the searcher is most of the statics (a 32-move PV, not 96 x 96; the
        // counter-move table is 3 KiB of it, the correction history 8 KiB).
        // `embedded/embedded.sh` checks the whole. The firmware builds without a
        // network; a network built in adds its per-ply state (the `acc`, `acc_valid`
        // and `dirty` fields), counted apart.
        let net =
            core::mem::size_of::<[eval::net::Accumulator<{ eval::net::HIDDEN }>; ACC_PLIES]>()
                + core::mem::size_of::<[bool; ACC_PLIES]>()
                + core::mem::size_of::<[Dirty; ACC_PLIES]>();
        let size = core::mem::size_of::<Searcher>() - net;
        assert!(
            size <= 36 * 1024,
            "Searcher is {size} bytes besides {net} of per-ply network state"
        );
    }

    #[test]
    fn the_soft_limit_grows_when_the_search_is_unsettled_and_stays_under_the_hard_one() {
        let limits = Limits {
            soft_ms: 1_000,
            hard_ms: 4_000,
            ..Limits::NONE
        };
        let soft = |stable, drop, effort| scaled_soft_limit(limits, stable, drop, effort);
        // Settled: the same best move for many iterations, no drop, most nodes on it.
        let settled = soft(10, 0, 950);
        assert!(settled < 1_000, "{settled}");
        // Each sign of an unsettled search adds time on its own.
        assert!(soft(0, 0, 950) > settled);
        assert!(soft(10, 40, 950) > settled);
        assert!(soft(10, 0, 400) > settled);
        // More stability never adds time; a larger drop or a smaller share never
        // takes it away.
        for stable in 0..10 {
            assert!(soft(stable + 1, 0, 700) <= soft(stable, 0, 700));
        }
        for drop in -100..100 {
            assert!(soft(3, drop + 1, 700) >= soft(3, drop, 700));
        }
        for effort in 0..1_000 {
            assert!(soft(3, 0, effort + 1) <= soft(3, 0, effort));
        }
        // Everything unsettled at once: 1.8 x 1.4 x 1.5 times the soft limit, and
        // no more than a tighter hard limit.
        assert_eq!(soft(0, 1_000, 0), 3_780);
        let tight = Limits {
            hard_ms: 2_000,
            ..limits
        };
        assert_eq!(scaled_soft_limit(tight, 0, 1_000, 0), 2_000);
        // A rising score gives no less time than a steady one.
        assert_eq!(soft(3, -300, 700), soft(3, 0, 700));
    }

    fn best(fen: &str, depth: u32) -> SearchResult {
        best_with(&mut Searcher::new(), fen, depth)
    }

    /// Like [`best`], with the searcher `s` (its history and parameters).
    fn best_with(s: &mut Searcher, fen: &str, depth: u32) -> SearchResult {
        let board = Board::from_fen(fen).unwrap();
        let table = [TtEntry::EMPTY; 1 << 14];
        let limits = Limits {
            depth,
            ..Limits::NONE
        };
        s.search(
            SearchRequest::new(&board, &table)
                .limits(limits)
                .stop(&AtomicBool::new(false)),
            &mut NoHooks,
        )
    }

    #[test]
    fn parameters_out_of_range_are_clamped_and_still_find_the_mate() {
        // Zero divisors and negative margins would divide by zero or prune
        // everything: `set_params` moves each value into its range first.
        let mut s = Searcher::new();
        let zeros = Params {
            futility_base: -1_000,
            see_quiet: -5,
            lmp_base: -100,
            ..Params::UNSET
        };
        let set = s.set_params(zeros);
        // Each value moved to the nearer end of its range (worked by hand from the
        // ranges in `params.rs`): the negative ones and the zeros below a minimum.
        let expected = Params {
            rfp_margin: 20,
            futility_base: 0,
            futility_margin: 20,
            see_quiet: 0,
            see_capture: 0,
            lmp_base: 0,
            nmp_base: 1,
            nmp_divisor: 2,
            singular_margin: 0,
            lmr_base: 0,
            lmr_divisor: 200,
            aspiration: 5,
        };
        assert_eq!(set, expected);
        assert_eq!(*s.params(), expected);
        for t in TUNABLES {
            let v = (t.get)(&set);
            assert!(t.min <= v && v <= t.max, "{t:?}: {v}");
        }
        // The extreme values prune hard: the mate needs more depth than by default.
        let r = best_with(&mut s, "7k/8/5K2/8/8/8/8/R7 w - - 0 1", 12);
        assert_eq!(r.score, Score::Mate(2), "{r:?}");
    }

    #[test]
    fn a_fresh_searcher_reports_and_searches_with_the_defaults_until_params_are_set() {
        let mut s = Searcher::new();
        assert_eq!(*s.params(), Params::DEFAULT);
        assert_eq!(s.multipv(), 1);
        // A fresh searcher and one given the defaults explicitly search the same tree.
        let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
        let fresh = best_with(&mut s, fen, 7);
        assert_eq!(*s.params(), Params::DEFAULT);
        let mut explicit = Searcher::new();
        explicit.set_params(Params::DEFAULT);
        let given = best_with(&mut explicit, fen, 7);
        assert_eq!(
            (fresh.nodes, fresh.best_move),
            (given.nodes, given.best_move)
        );
        // Set values are reported, and survive a search.
        let mut tuned = Params::DEFAULT;
        tuned.rfp_margin = 150;
        s.set_params(tuned);
        best_with(&mut s, fen, 3);
        assert_eq!(s.params().rfp_margin, 150);
    }

    #[test]
    fn a_search_with_continuation_history_learns_into_it_and_still_finds_the_mate() {
        extern crate std;
        use std::boxed::Box;
        use std::vec;
        let mut cont: Box<ContinuationHistory> =
            vec![[0; 768]; 768].into_boxed_slice().try_into().unwrap();
        let board = Board::from_fen("7k/8/5K2/8/8/8/8/R7 w - - 0 1").unwrap();
        let table = vec![TtEntry::EMPTY; 1 << 12];
        let limits = Limits {
            depth: 6,
            ..Limits::NONE
        };
        let stop = AtomicBool::new(false);
        let mut s = Searcher::new();
        let r = s.search(
            SearchRequest::new(&board, &table)
                .continuation(&mut cont)
                .limits(limits)
                .stop(&stop),
            &mut NoHooks,
        );
        assert_eq!(r.score, Score::Mate(2));
        // Quiet cutoffs below the first two plies filled rows of it.
        assert!(cont.iter().flatten().any(|&v| v > 0));
        assert!(cont.iter().flatten().any(|&v| v < 0));
    }

    #[test]
    fn finds_mate_in_two() {
        // 1. Kg6 Kg8 2. Ra8# (1. Ra8+ Kh7 escapes).
        let r = best("7k/8/5K2/8/8/8/8/R7 w - - 0 1", 12);
        assert_eq!(r.score, Score::Mate(2), "{r:?}");
    }

    #[test]
    fn stalemate_and_checkmate_at_root() {
        let mated = best("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", 3);
        assert_eq!((mated.best_move, mated.score), (None, Score::Mate(0)));
        let stalemate = best("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", 3);
        assert_eq!((stalemate.best_move, stalemate.score), (None, Score::Cp(0)));
    }

    #[test]
    fn wins_hanging_queen() {
        let fen = "4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1";
        let r = best(fen, 4);
        let board = Board::from_fen(fen).unwrap();
        assert_eq!(r.best_move, Some(board.parse_uci_move("d2d5").unwrap()));
    }

    #[test]
    fn a_search_that_skips_a_move_never_plays_it() {
        // The singular-extension search leaves out the table move: without Rxd5
        // White has nothing better than a quiet move, a queen down; with Kd1 as the
        // only legal move, skipping it leaves no move and no score.
        for (fen, skip, depth) in [
            ("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1", "d2d5", 4),
            ("4k3/8/8/8/8/8/4q3/r2K4 w - - 0 1", "d1e2", 3),
        ] {
            let board = Board::from_fen(fen).unwrap();
            let skip = board.parse_uci_move(skip).unwrap();
            let table = [TtEntry::EMPTY; 1 << 12];
            let mut s = Searcher::new();
            let limits = Limits {
                depth,
                ..Limits::NONE
            };
            let stop = AtomicBool::new(false);
            let full = s.search(
                SearchRequest::new(&board, &table)
                    .limits(limits)
                    .stop(&stop),
                &mut NoHooks,
            );
            assert_eq!(full.best_move, Some(skip), "{fen}");
            let mut cx = Ctx {
                tt: &table,
                gen: board.fullmove_number() as u8,
                stop: &stop,
                hooks: &mut NoHooks,
                limits,
                cont: None,
                root_moves: &[],
            };
            let d = depth as i32;
            let without = s.negamax(&mut cx, &board, d, -INF, INF, 0, false, skip);
            if board.legal_moves().len() == 1 {
                assert_eq!(without, -INF, "{fen}");
            } else {
                let Score::Cp(with) = full.score else {
                    panic!("{fen}: {:?}", full.score)
                };
                assert!(without < with - 500, "{fen}: {without} vs {with}");
                assert!(s.pv_len[0] > 0 && s.pv[0][0] != skip, "{fen}");
            }
        }
    }

    #[test]
    fn repetition_counts_game_history_within_the_halfmove_clock() {
        let board = Board::from_fen("6k1/8/8/8/8/8/q7/6K1 w - - 4 30").unwrap();
        let mut s = Searcher::new();
        s.root_index = 4;
        s.keys[..5].copy_from_slice(&[board.hash(), 1, 2, 3, board.hash()]);
        assert!(s.is_repetition(&board, 0));
        let fresh = Board::from_fen("6k1/8/8/8/8/8/q7/6K1 w - - 3 30").unwrap();
        assert!(
            !s.is_repetition(&fresh, 0),
            "an irreversible move lies in between"
        );
    }

    /// Records every report's (multipv, depth, score, first move).
    struct Lines(Vec<(u32, u32, Score, Option<Move>)>);

    impl Hooks for Lines {
        fn elapsed_ms(&mut self) -> u64 {
            0
        }
        fn info(&mut self, info: &Info<'_>) {
            self.0.push((
                info.multipv,
                info.depth,
                info.score,
                info.pv.first().copied(),
            ));
        }
    }

    fn lines(fen: &str, depth: u32, multipv: u32) -> (SearchResult, Lines) {
        let board = Board::from_fen(fen).unwrap();
        let table = [TtEntry::EMPTY; 1 << 14];
        let mut s = Searcher::new();
        s.set_multipv(multipv);
        let mut hooks = Lines(Vec::new());
        let limits = Limits {
            depth,
            ..Limits::NONE
        };
        let r = s.search(
            SearchRequest::new(&board, &table)
                .limits(limits)
                .stop(&AtomicBool::new(false)),
            &mut hooks,
        );
        (r, hooks)
    }

    #[test]
    fn the_last_report_starts_with_the_move_returned_however_the_search_stops() {
        extern crate std;
        use std::boxed::Box;
        use std::vec;
        // Node budgets stop the search every 1,024 nodes into it, inside its
        // iterations, where the best move may have changed since the last completed
        // one (as at 7 Ki nodes in the second position with this setup and the
        // shipped network; 13 Ki and 10 Ki with the network before it; the
        // engine's after `ucinewgame` with `Hash` 1): the last report still names
        // the move returned.
        let mut cont: Box<ContinuationHistory> =
            vec![[0; 768]; 768].into_boxed_slice().try_into().unwrap();
        let mut table = vec![TtEntry::EMPTY; 1 << 16];
        let mut extra_reports = 0;
        for (fen, budgets) in [
            (
                "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 0 8",
                11..=15,
            ),
            (
                "r2q1rk1/ppp2ppp/2np1n2/2b1p1B1/2B1P1b1/2NP1N2/PPP2PPP/R2Q1RK1 w - - 0 8",
                6..=11,
            ),
        ] {
            let board = Board::from_fen(fen).unwrap();
            for k in budgets {
                table.fill(TtEntry::EMPTY);
                cont.iter_mut().for_each(|row| row.fill(0));
                let mut hooks = Lines(Vec::new());
                let limits = Limits {
                    nodes: 1024 * k,
                    ..Limits::NONE
                };
                let r = Searcher::new().search(
                    SearchRequest::new(&board, &table)
                        .limits(limits)
                        .continuation(&mut cont),
                    &mut hooks,
                );
                let reports = &hooks.0;
                let last = reports.last().expect("a report");
                assert_eq!(last.3, r.best_move, "{fen}, {k} Ki nodes: {reports:?}");
                if reports.iter().filter(|l| l.1 <= r.depth).count() < reports.len() {
                    // The extra report: the interrupted iteration's.
                    assert_eq!(last.1, r.depth + 1, "{reports:?} {r:?}");
                    extra_reports += 1;
                }
            }
        }
        // If a change to the search moves the stops that change the best move, pick
        // other budgets: this checks that some stop still needs the extra report.
        assert!(extra_reports > 0, "no stop changed the best move");
        // Stopped before its first iteration completes, the search reports the move
        // it returns at depth 0, with the static evaluation.
        let board = Board::startpos();
        let stop = AtomicBool::new(true);
        let mut hooks = Lines(Vec::new());
        let r = Searcher::new().search(SearchRequest::new(&board, &table).stop(&stop), &mut hooks);
        assert_eq!(r.depth, 0);
        assert_eq!(
            hooks.0,
            [(1, 0, Score::Cp(eval::evaluate(&board)), r.best_move)]
        );
    }

    #[test]
    fn root_moves_restrict_the_search_and_leave_the_default_alone() {
        let board = Board::startpos();
        let search = |moves: &[Move]| {
            let table = [TtEntry::EMPTY; 1 << 12];
            let limits = Limits {
                depth: 5,
                ..Limits::NONE
            };
            let mut hooks = Lines(Vec::new());
            let r = Searcher::new().search(
                SearchRequest::new(&board, &table)
                    .limits(limits)
                    .root_moves(moves),
                &mut hooks,
            );
            (r, hooks.0)
        };
        let a2a3 = board.parse_uci_move("a2a3").unwrap();
        let h2h3 = board.parse_uci_move("h2h3").unwrap();
        let (r, reports) = search(&[a2a3, h2h3]);
        assert!(
            r.best_move == Some(a2a3) || r.best_move == Some(h2h3),
            "{r:?}"
        );
        assert!(reports
            .iter()
            .all(|l| l.3 == Some(a2a3) || l.3 == Some(h2h3)));
        // A move that is not legal here is ignored; with no legal one listed, every
        // move is searched, exactly as without a list.
        let e7e5 = Board::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
            .unwrap()
            .parse_uci_move("e7e5")
            .unwrap();
        assert_eq!(search(&[e7e5, a2a3]).0.best_move, Some(a2a3));
        assert_eq!(search(&[e7e5]), search(&[]));
    }

    #[test]
    fn multipv_reports_distinct_lines_best_first() {
        // White wins the queen with Rxd5; every other move is much worse.
        let fen = "4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1";
        let (r, Lines(reports)) = lines(fen, 5, 3);
        let board = Board::from_fen(fen).unwrap();
        assert_eq!(r.best_move, Some(board.parse_uci_move("d2d5").unwrap()));
        // Three reports per depth, numbered 1, 2, 3.
        assert_eq!(reports.len(), 15, "{reports:?}");
        for depth in 1..=5 {
            let at: Vec<_> = reports.iter().filter(|l| l.1 == depth).collect();
            assert_eq!(at.iter().map(|l| l.0).collect::<Vec<_>>(), [1, 2, 3]);
            // Different first moves, all legal.
            let firsts: Vec<Move> = at.iter().map(|l| l.3.unwrap()).collect();
            assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2]);
            assert!(firsts.iter().all(|m| board.legal_moves().contains(m)));
        }
        // Line 1 is the queen capture and scores far above the others.
        let last: Vec<_> = reports.iter().filter(|l| l.1 == 5).collect();
        let cp = |s: Score| match s {
            Score::Cp(v) => v,
            Score::Mate(n) => panic!("unexpected mate {n}"),
        };
        assert_eq!(last[0].3, r.best_move);
        assert!(cp(last[0].2) > cp(last[1].2) + 500, "{last:?}");
        assert!(cp(last[1].2) >= cp(last[2].2) - 30, "{last:?}");
    }

    #[test]
    fn multipv_is_capped_by_the_legal_moves_and_one_is_the_plain_search() {
        // Black has two legal moves, Kf8 and Kh8.
        let fen = "6k1/8/6K1/8/8/8/8/R7 b - - 0 1";
        let board = Board::from_fen(fen).unwrap();
        let n = board.legal_moves().len();
        let (_, Lines(reports)) = lines(fen, 3, 10);
        assert_eq!(reports.len(), 3 * n, "{reports:?}");
        // MultiPV 1 gives the same result, nodes included, as a fresh default searcher.
        let (one, Lines(single)) = lines(fen, 4, 1);
        assert_eq!(one, best(fen, 4));
        assert!(single.iter().all(|l| l.0 == 1));
    }

    #[test]
    fn no_legal_move_gets_a_depth_zero_report() {
        let (_, Lines(mated)) = lines("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", 3, 1);
        assert_eq!(mated, [(1, 0, Score::Mate(0), None)]);
        let (_, Lines(stalemate)) = lines("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", 3, 2);
        assert_eq!(stalemate, [(1, 0, Score::Cp(0), None)]);
    }

    /// A small seeded generator (xorshift64) for the walks below.
    struct Rng(u64);

    impl Rng {
        fn below(&mut self, n: usize) -> usize {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 % n as u64) as usize
        }
    }

    /// Walks a random tree below `board`, the position at `ply`, as the search does:
    /// [`Searcher::made`] for each move or null move, then down, then back up to try
    /// a sibling. About half the positions are evaluated, so the accumulators are
    /// brought up to date over several moves at once, and after a return to a
    /// shallower ply. Returns the number of positions evaluated.
    fn walk(s: &mut Searcher, board: &Board, ply: usize, rng: &mut Rng) -> usize {
        let mut evaluated = 0;
        if rng.below(2) == 0 || ply == 30 {
            let incremental = s.evaluate(board, ply);
            assert_eq!(
                incremental,
                eval::evaluate(board),
                "{} at ply {ply}",
                board.fen()
            );
            evaluated += 1;
        }
        let moves = board.legal_moves();
        if ply == 30 || moves.is_empty() {
            return evaluated;
        }
        // Usually one child, now and then a second: a narrow, deep tree.
        let children = if rng.below(6) == 0 { 2 } else { 1 };
        for _ in 0..children {
            let mut child = *board;
            let mv = if !board.in_check() && rng.below(12) == 0 {
                child.make_null_move();
                Move::NULL
            } else {
                let mv = moves[rng.below(moves.len())];
                child.make_move(mv);
                mv
            };
            s.made(board, mv, &child, ply);
            evaluated += walk(s, &child, ply + 1, rng);
        }
        evaluated
    }

    #[test]
    fn incremental_evaluation_equals_the_from_scratch_one_on_random_trees() {
        // The search's per-ply accumulators (updated from the pieces each move
        // changes) against `eval::evaluate`, which sums the network's inputs from the
        // board. Meaningful when a network is built in (the committed one, or one
        // named by WINGTIP_NET at build time); without one both are the hand-set
        // terms. Checked here in every build, not only under debug assertions.
        let roots = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            // En passant, promotions and castling at once.
            "r3k2r/1P4P1/8/3pP3/8/8/p5p1/R3K2R w KQkq d6 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            // Chess960 castling: on the king side the king stays on g1 and only the
            // rook moves; on the queen side both do.
            "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w HBhb - 0 1",
            "1r4kr/p6p/8/8/8/8/P6P/1R4KR b HBhb - 0 1",
        ];
        // Both builds of the evaluation where there are two: the baseline one, and
        // the AVX2 one when this CPU runs it (`simd::avx2`). Only an optimised build
        // vectorises them (CI runs this test with `--release` too), so an unoptimised
        // one walks fewer trees through the second.
        for avx2 in [false, true] {
            if avx2 && !simd::avx2() {
                continue; // no second build to walk on this CPU
            }
            let mut s = std::boxed::Box::new(Searcher::new());
            s.avx2 = avx2;
            let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
            let mut evaluated = 0;
            let games = if avx2 && cfg!(debug_assertions) {
                50
            } else {
                150
            };
            for game in 0..games {
                let root = Board::from_fen(roots[game % roots.len()]).unwrap();
                s.set_root(&root);
                evaluated += walk(&mut s, &root, 0, &mut rng);
            }
            // At least 5,000 evaluations per 150 trees, in each build.
            assert!(evaluated * 150 > 5_000 * games, "{evaluated} in {games}");
        }
    }

    #[test]
    fn stop_flag_still_returns_a_move() {
        let board = Board::startpos();
        let table = [TtEntry::EMPTY; 1024];
        let r = Searcher::new().search(
            SearchRequest::new(&board, &table)
                .limits(Limits::NONE)
                .stop(&AtomicBool::new(true)),
            &mut NoHooks,
        );
        assert!(r.best_move.is_some());
        assert!(r.depth <= 1);
    }
}
