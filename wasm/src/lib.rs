//! wingtip as a WebAssembly module for `wasm32-unknown-unknown`: plain exported
//! `extern "C"` functions over linear memory, no allocator, no wasm-bindgen.
//!
//! # Calling convention
//!
//! Text goes in through one buffer and comes out through another:
//! - the caller writes UTF-8 text at [`wt_in_ptr`] (at most [`wt_in_cap`] bytes) and
//!   passes its length;
//! - a call that produces text (a FEN, the legal moves, a search result, an error
//!   message) leaves it at [`wt_out_ptr`], [`wt_out_len`] bytes long.
//!
//! Every call returns a number: zero or more on success, one of the negative `ERR_*`
//! codes on failure, with a one-line message in the output buffer. Bad input never
//! traps: the module keeps its previous state and stays usable.
//!
//! # Imports (module `env`)
//!
//! - `now_ms() -> f64`: a clock in milliseconds (any origin; only differences count).
//! - `should_stop() -> i32`: polled about every 1024 nodes during [`wt_go`]; a
//!   nonzero answer stops the search (a page backs it with a `SharedArrayBuffer`
//!   flag where it has one, or answers 0).
//! - `on_info(depth, seldepth, mate, score, nodes, time_ms, hashfull, pv_ptr, pv_len)`:
//!   called after every completed iteration of [`wt_go`]; `mate` is 1 when `score`
//!   counts moves to mate, 0 when it is centipawns; the PV is UCI text in memory.
//!
//! # State
//!
//! One engine per module instance: [`wt_new`] chooses the hash size and starts a new
//! game from the start position. Before it, every other call answers
//! [`ERR_STATE`]. The hash table is linear memory obtained with `memory.grow`.
//!
//! The slider backend is chosen by `wasm/.cargo/config.toml` (`kindergarten`).
#![no_std]
#![warn(missing_docs)]

use core::cell::UnsafeCell;
use core::fmt::{self, Write};
use core::mem::MaybeUninit;
use core::sync::atomic::{AtomicBool, Ordering};
use wingtip::search::{
    ContinuationHistory, Hooks, Info, Limits, Score, SearchRequest, Searcher, TtEntry,
};
use wingtip::{Board, Move};

/// Returned by calls made before [`wt_new`].
pub const ERR_STATE: i32 = -1;
/// The input length is larger than [`wt_in_cap`].
pub const ERR_TOO_LONG: i32 = -2;
/// The input is not UTF-8.
pub const ERR_UTF8: i32 = -3;
/// The FEN is malformed or describes an illegal position.
pub const ERR_FEN: i32 = -4;
/// A move is malformed or illegal in its position.
pub const ERR_MOVE: i32 = -5;
/// A position command is neither `startpos …`, `fen <fen> …` nor a FEN.
pub const ERR_SYNTAX: i32 = -6;
/// A number is out of its range (depth, node or time budget, hash size).
pub const ERR_RANGE: i32 = -7;
/// Linear memory could not grow for the hash table.
pub const ERR_MEMORY: i32 = -8;
/// A call made from inside `on_info` while [`wt_go`] runs.
pub const ERR_BUSY: i32 = -9;

const IN_CAP: usize = 16 * 1024;
const OUT_CAP: usize = 16 * 1024;
/// Earlier positions kept for repetition detection (the search looks at the last 128).
const KEYS_CAP: usize = 512;
/// Deepest perft accepted (depth 10 from the start position is 69 trillion leaves).
const PERFT_MAX: u32 = 10;
/// Largest hash table accepted, in MiB.
const HASH_MAX_MIB: u32 = 2048;

/// A static that the single wasm thread mutates through short-lived references.
struct Global<T>(UnsafeCell<T>);
// SAFETY: wasm32-unknown-unknown without the atomics feature has one thread; every
// export takes at most one reference at a time and re-entry during `wt_go` (from
// `on_info`) is refused by `BUSY` before any reference is taken.
unsafe impl<T> Sync for Global<T> {}

impl<T> Global<T> {
    #[allow(clippy::mut_from_ref)]
    fn get(&self) -> &mut T {
        // SAFETY: see the `Sync` impl above.
        unsafe { &mut *self.0.get() }
    }
}

struct Out {
    buf: [u8; OUT_CAP],
    len: usize,
}

impl Write for Out {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        // Truncates at the capacity (on a char boundary) rather than failing.
        let room = OUT_CAP - self.len;
        let mut n = s.len().min(room);
        while !s.is_char_boundary(n) {
            n -= 1;
        }
        self.buf[self.len..self.len + n].copy_from_slice(&s.as_bytes()[..n]);
        self.len += n;
        Ok(())
    }
}

/// A game: the current position and the hashes of the positions before it.
#[derive(Clone)]
struct Game {
    board: Board,
    keys: [u64; KEYS_CAP],
    nkeys: usize,
}

impl Game {
    fn new(board: Board) -> Game {
        Game {
            board,
            keys: [0; KEYS_CAP],
            nkeys: 0,
        }
    }

    fn push(&mut self, mv: Move) {
        if self.nkeys == KEYS_CAP {
            self.keys.copy_within(KEYS_CAP / 2.., 0);
            self.nkeys = KEYS_CAP / 2;
        }
        self.keys[self.nkeys] = self.board.hash();
        self.nkeys += 1;
        self.board.make_move(mv);
    }

    /// How often the current position occurred before (same side to move).
    fn repetitions(&self) -> usize {
        let reach = (self.board.halfmove_clock() as usize).min(self.nkeys);
        let hash = self.board.hash();
        self.keys[self.nkeys - reach..self.nkeys]
            .iter()
            .rev()
            .skip(1)
            .step_by(2)
            .filter(|&&k| k == hash)
            .count()
    }
}

struct Engine {
    /// The game; `None` until [`wt_new`]. (A niche-encoded `None` would put the whole
    /// static into the data section, so the slot is `MaybeUninit` plus a flag.)
    created: bool,
    game: MaybeUninit<Game>,
    searcher: Searcher,
    /// The searcher's continuation history (1.125 MiB of zeros: linear memory, no
    /// module bytes).
    cont: ContinuationHistory,
    /// The hash table's memory: `region` bytes from `region_ptr`, of which the first
    /// `tt_len` entries are in use.
    region_ptr: usize,
    region: usize,
    tt_len: usize,
    /// Entries at the start of the region that a table has used (maybe non-zero).
    used: usize,
}

// An all-zero entry is an empty one, so fresh (zeroed) memory needs no clearing.
// SAFETY: `TtEntry` is 16 bytes of plain integers without padding.
const _: () = assert!(unsafe { core::mem::transmute::<TtEntry, u128>(TtEntry::EMPTY) } == 0);

static IN: Global<[u8; IN_CAP]> = Global(UnsafeCell::new([0; IN_CAP]));
static OUT: Global<Out> = Global(UnsafeCell::new(Out {
    buf: [0; OUT_CAP],
    len: 0,
}));
static ENGINE: Global<Engine> = Global(UnsafeCell::new(Engine {
    created: false,
    game: MaybeUninit::uninit(),
    searcher: Searcher::new(),
    cont: [[0; 768]; 768],
    region_ptr: 0,
    region: 0,
    tt_len: 0,
    used: 0,
}));
static BUSY: AtomicBool = AtomicBool::new(false);
static STOP: AtomicBool = AtomicBool::new(false);

#[cfg(target_arch = "wasm32")]
#[link(wasm_import_module = "env")]
extern "C" {
    fn now_ms() -> f64;
    fn should_stop() -> i32;
    #[allow(clippy::too_many_arguments)]
    fn on_info(
        depth: u32,
        seldepth: u32,
        mate: i32,
        score: i32,
        nodes: f64,
        time_ms: f64,
        hashfull: u32,
        pv_ptr: *const u8,
        pv_len: usize,
    );
}

/// Host builds (for `cargo check` off wasm): a clock that stands still, no reports.
#[cfg(not(target_arch = "wasm32"))]
mod host {
    pub unsafe fn now_ms() -> f64 {
        0.0
    }
    pub unsafe fn should_stop() -> i32 {
        0
    }
    #[allow(clippy::too_many_arguments)]
    pub unsafe fn on_info(
        _: u32,
        _: u32,
        _: i32,
        _: i32,
        _: f64,
        _: f64,
        _: u32,
        _: *const u8,
        _: usize,
    ) {
    }
}
#[cfg(not(target_arch = "wasm32"))]
use host::*;

#[cfg(all(target_arch = "wasm32", not(test)))]
#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    core::arch::wasm32::unreachable()
}

/// Replaces the output buffer's text.
fn out(args: fmt::Arguments) -> usize {
    let o = OUT.get();
    o.len = 0;
    let _ = o.write_fmt(args);
    o.len
}

/// Leaves `args` as the error message and returns `code`.
fn fail(code: i32, args: fmt::Arguments) -> i32 {
    out(args);
    code
}

/// The engine, or the error code to return (not created yet, or busy).
fn engine() -> Result<&'static mut Engine, i32> {
    if BUSY.load(Ordering::Relaxed) {
        return Err(fail(
            ERR_BUSY,
            format_args!("busy: a search is running (called from on_info)"),
        ));
    }
    let e = ENGINE.get();
    if !e.created {
        return Err(fail(ERR_STATE, format_args!("call wt_new first")));
    }
    Ok(e)
}

impl Engine {
    fn game(&mut self) -> &mut Game {
        // SAFETY: `engine()` hands out only created engines, whose game `wt_new` wrote.
        unsafe { self.game.assume_init_mut() }
    }
}

fn game() -> Result<&'static mut Game, i32> {
    Ok(engine()?.game())
}

/// The input text of `len` bytes, checked.
fn input(len: u32) -> Result<&'static str, i32> {
    let len = len as usize;
    if len > IN_CAP {
        return Err(fail(
            ERR_TOO_LONG,
            format_args!("input of {len} bytes is longer than {IN_CAP}"),
        ));
    }
    core::str::from_utf8(&IN.get()[..len])
        .map_err(|_| fail(ERR_UTF8, format_args!("input is not UTF-8")))
}

fn result_code(r: Result<i32, i32>) -> i32 {
    r.unwrap_or_else(|code| code)
}

/// The address of the input buffer.
#[no_mangle]
pub extern "C" fn wt_in_ptr() -> *mut u8 {
    IN.get().as_mut_ptr()
}

/// The input buffer's capacity in bytes.
#[no_mangle]
pub extern "C" fn wt_in_cap() -> u32 {
    IN_CAP as u32
}

/// The address of the output buffer.
#[no_mangle]
pub extern "C" fn wt_out_ptr() -> *const u8 {
    OUT.get().buf.as_ptr()
}

/// The length of the text in the output buffer.
#[no_mangle]
pub extern "C" fn wt_out_len() -> u32 {
    OUT.get().len as u32
}

/// Starts a new game from the start position with a hash table of `hash_mib` MiB
/// (0 for none, at most 2048), forgetting the search history. Returns 0, or
/// [`ERR_RANGE`], [`ERR_MEMORY`] or [`ERR_BUSY`] with the previous state kept.
/// Leaves the slider backend's name in the output buffer.
#[no_mangle]
pub extern "C" fn wt_new(hash_mib: u32) -> i32 {
    if BUSY.load(Ordering::Relaxed) {
        return fail(ERR_BUSY, format_args!("busy: a search is running"));
    }
    if hash_mib > HASH_MAX_MIB {
        return fail(
            ERR_RANGE,
            format_args!("hash of {hash_mib} MiB is larger than {HASH_MAX_MIB} MiB"),
        );
    }
    let e = ENGINE.get();
    let bytes = hash_mib as usize * (1 << 20);
    if let Err(code) = reserve(e, bytes) {
        return code;
    }
    e.tt_len = bytes / core::mem::size_of::<TtEntry>();
    // Fresh linear memory is zero, which is an empty table: only the part an earlier
    // game used needs clearing.
    let used = e.used.min(e.tt_len);
    table(e)[..used].fill(TtEntry::EMPTY);
    e.used = e.used.max(e.tt_len);
    e.searcher.clear();
    e.cont.iter_mut().for_each(|row| row.fill(0));
    e.game.write(Game::new(Board::startpos()));
    e.created = true;
    out(format_args!("{}", wingtip::attacks::BACKEND));
    0
}

/// The evaluation built into this module, as text in the output buffer (returns its
/// length; callable at any time, before [`wt_new`] too): `network 768-2x128-8` (the
/// network's inputs, hidden units per side and output buckets) when a network is the
/// whole evaluation, `hand-set terms + correction network …` when a network corrects
/// the hand-set terms, or `hand-set terms (no network)` for a build without one
/// (`WINGTIP_NET=src/eval/none.bin`, the lean embedder's module).
#[no_mangle]
pub extern "C" fn wt_network() -> i32 {
    use wingtip::eval::net::{ACTIVE, FILE_BUCKETS, FULL, HIDDEN, INPUTS};
    (if FULL {
        out(format_args!("network {INPUTS}-2x{HIDDEN}-{FILE_BUCKETS}"))
    } else if ACTIVE {
        out(format_args!(
            "hand-set terms + correction network {INPUTS}-2x{HIDDEN}-{FILE_BUCKETS}"
        ))
    } else {
        out(format_args!("hand-set terms (no network)"))
    }) as i32
}

/// Makes sure the hash region holds at least `bytes`, growing linear memory.
fn reserve(e: &mut Engine, bytes: usize) -> Result<(), i32> {
    if bytes <= e.region {
        return Ok(());
    }
    const PAGE: usize = 65536;
    let end_of_memory = memory_pages() * PAGE;
    // The region can grow in place when it ends where memory ends.
    let in_place = e.region > 0 && e.region_ptr + e.region == end_of_memory;
    let need = if in_place { bytes - e.region } else { bytes };
    let prev = memory_grow(need.div_ceil(PAGE));
    if prev == usize::MAX {
        return Err(fail(
            ERR_MEMORY,
            format_args!("cannot grow memory for a {} MiB hash table", bytes >> 20),
        ));
    }
    if !in_place {
        e.region_ptr = prev * PAGE;
        e.region = 0;
        e.used = 0;
    }
    e.region += need.div_ceil(PAGE) * PAGE;
    Ok(())
}

#[cfg(target_arch = "wasm32")]
fn memory_pages() -> usize {
    core::arch::wasm32::memory_size(0)
}
#[cfg(target_arch = "wasm32")]
fn memory_grow(pages: usize) -> usize {
    core::arch::wasm32::memory_grow(0, pages)
}
#[cfg(not(target_arch = "wasm32"))]
fn memory_pages() -> usize {
    0
}
#[cfg(not(target_arch = "wasm32"))]
fn memory_grow(_pages: usize) -> usize {
    usize::MAX
}

fn table(e: &Engine) -> &'static mut [TtEntry] {
    if e.tt_len == 0 {
        return &mut [];
    }
    // SAFETY: `reserve` obtained `region` bytes of fresh linear memory at the
    // page-aligned `region_ptr`, used for nothing else, and `tt_len` entries fit in it.
    unsafe { core::slice::from_raw_parts_mut(e.region_ptr as *mut TtEntry, e.tt_len) }
}

/// Byte offsets of the whitespace-separated words of `text`.
fn words(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let base = text.as_ptr() as usize;
    text.split_ascii_whitespace()
        .map(move |w| (w.as_ptr() as usize - base, w))
}

/// Parses `startpos [moves …]`, `fen <fen> [moves …]` or `<fen> [moves …]`.
fn parse_position(text: &str) -> Result<Game, i32> {
    let (head, moves) = match words(text).find(|&(_, w)| w == "moves") {
        Some((at, _)) => (&text[..at], &text[at + 5..]),
        None => (text, ""),
    };
    let head = head.trim();
    let board = if head == "startpos" {
        Board::startpos()
    } else {
        let fen = head.strip_prefix("fen").map_or(head, str::trim_start);
        if fen.is_empty() {
            return Err(fail(
                ERR_SYNTAX,
                format_args!("expected 'startpos', 'fen <fen>' or a FEN, then 'moves …'"),
            ));
        }
        Board::from_fen(fen).map_err(|e| fail(ERR_FEN, format_args!("{e}")))?
    };
    let mut game = Game::new(board);
    for (i, (_, text)) in words(moves).enumerate() {
        let mv = game.board.parse_uci_move(text).map_err(|e| {
            fail(
                ERR_MOVE,
                format_args!("move {} '{}': {e}", i + 1, Clip(text)),
            )
        })?;
        game.push(mv);
    }
    Ok(game)
}

/// Shows at most 12 bytes of untrusted text in a message, control characters escaped.
struct Clip<'a>(&'a str);

impl fmt::Display for Clip<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut n = self.0.len().min(12);
        while !self.0.is_char_boundary(n) {
            n -= 1;
        }
        // Control characters are written escaped (`\u{1b}`), so a message stays one
        // printable line whatever the caller sent.
        for c in self.0[..n].chars() {
            if c.is_control() {
                write!(f, "{}", c.escape_unicode())?;
            } else {
                f.write_char(c)?;
            }
        }
        if n < self.0.len() {
            f.write_str("…")?;
        }
        Ok(())
    }
}

/// Sets the position from the `len` bytes of input: `startpos`, `fen <fen>` or a
/// bare FEN, optionally followed by `moves` and UCI moves. Returns 0, or
/// [`ERR_FEN`], [`ERR_MOVE`], [`ERR_SYNTAX`], [`ERR_TOO_LONG`], [`ERR_UTF8`] with
/// the previous position kept.
#[no_mangle]
pub extern "C" fn wt_position(len: u32) -> i32 {
    result_code((|| {
        let text = input(len)?;
        let game_slot = game()?;
        *game_slot = parse_position(text)?;
        Ok(0)
    })())
}

/// Plays the UCI move in the `len` bytes of input. Returns 0, or [`ERR_MOVE`]
/// (malformed or illegal; the position is kept).
#[no_mangle]
pub extern "C" fn wt_play(len: u32) -> i32 {
    result_code((|| {
        let text = input(len)?.trim();
        let g = game()?;
        let mv = g
            .board
            .parse_uci_move(text)
            .map_err(|e| fail(ERR_MOVE, format_args!("'{}': {e}", Clip(text))))?;
        g.push(mv);
        Ok(0)
    })())
}

/// Writes the legal moves, UCI text separated by spaces, and returns their number.
#[no_mangle]
pub extern "C" fn wt_legal_moves() -> i32 {
    result_code((|| {
        let g = game()?;
        let moves = g.board.legal_moves();
        let o = OUT.get();
        o.len = 0;
        for (i, mv) in moves.iter().enumerate() {
            let sep = if i == 0 { "" } else { " " };
            let _ = write!(o, "{sep}{mv}");
        }
        Ok(moves.len() as i32)
    })())
}

/// Writes the current position's FEN and returns its length.
#[no_mangle]
pub extern "C" fn wt_fen() -> i32 {
    result_code(game().map(|g| out(format_args!("{}", g.board.fen())) as i32))
}

/// The game's state: 0 ongoing, 1 checkmate, 2 stalemate, 3 threefold repetition,
/// 4 fifty-move rule, 5 insufficient material; its name is left in the output.
/// White to move is reported in bit 3 (value 8).
#[no_mangle]
pub extern "C" fn wt_status() -> i32 {
    result_code((|| {
        let g = game()?;
        let b = &g.board;
        let (code, name) = if b.legal_moves().is_empty() {
            if b.in_check() {
                (1, "checkmate")
            } else {
                (2, "stalemate")
            }
        } else if g.repetitions() >= 2 {
            (3, "threefold repetition")
        } else if b.halfmove_clock() >= 100 {
            (4, "fifty-move rule")
        } else if b.is_insufficient_material() {
            (5, "insufficient material")
        } else {
            (0, "ongoing")
        };
        out(format_args!("{name}"));
        let white = if b.side_to_move() == wingtip::Color::White {
            8
        } else {
            0
        };
        Ok(code | white)
    })())
}

/// Counts the leaf nodes `depth` plies below the current position (0 to 10).
/// Returns the count (exact below 2^53) or a negative error code.
#[no_mangle]
pub extern "C" fn wt_perft(depth: u32) -> f64 {
    let r = (|| {
        let g = game()?;
        if depth > PERFT_MAX {
            return Err(fail(
                ERR_RANGE,
                format_args!("perft depth {depth} is above {PERFT_MAX}"),
            ));
        }
        Ok(wingtip::perft(&g.board, depth) as f64)
    })();
    r.unwrap_or_else(|code| code as f64)
}

/// Asks a running [`wt_go`] to stop (callable from `on_info`); the flag is
/// cleared when the next search starts.
#[no_mangle]
pub extern "C" fn wt_stop() {
    STOP.store(true, Ordering::Relaxed);
}

struct JsHooks {
    start: f64,
    /// The last reported principal variation, as text.
    pv: PvText,
}

impl Hooks for JsHooks {
    fn elapsed_ms(&mut self) -> u64 {
        // SAFETY: plain imported functions without pointer arguments.
        if unsafe { should_stop() } != 0 {
            STOP.store(true, Ordering::Relaxed);
        }
        let now = unsafe { now_ms() };
        // A clock that goes backwards or returns NaN reads as 0 (casts saturate).
        (now - self.start).max(0.0) as u64
    }

    fn info(&mut self, info: &Info<'_>) {
        let pv = &mut self.pv;
        pv.len = 0;
        write_pv(pv, info.pv);
        let (mate, score) = split_score(info.score);
        // SAFETY: the PV pointer and length describe a live local buffer.
        unsafe {
            on_info(
                info.depth,
                info.seldepth,
                mate,
                score,
                info.nodes as f64,
                info.time_ms as f64,
                info.hashfull,
                pv.buf.as_ptr(),
                pv.len,
            )
        }
    }
}

const PV_CAP: usize = 6 * wingtip::search::MAX_PLY;

struct PvText {
    buf: [u8; PV_CAP],
    len: usize,
}

impl Write for PvText {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let end = self.len + s.len();
        if end > PV_CAP {
            return Err(fmt::Error);
        }
        self.buf[self.len..end].copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
    }
}

fn write_pv(w: &mut impl Write, pv: &[Move]) {
    for (i, mv) in pv.iter().enumerate() {
        let sep = if i == 0 { "" } else { " " };
        if write!(w, "{sep}{mv}").is_err() {
            break;
        }
    }
}

fn split_score(s: Score) -> (i32, i32) {
    match s {
        Score::Cp(cp) => (0, cp),
        Score::Mate(n) => (1, n),
    }
}

/// A budget in milliseconds or nodes from a JS number: finite and not negative.
fn budget(name: &str, v: f64) -> Result<u64, i32> {
    if v.is_finite() && v >= 0.0 {
        Ok(v as u64)
    } else {
        Err(fail(
            ERR_RANGE,
            format_args!("{name} must be a finite number >= 0"),
        ))
    }
}

/// Searches the current position with the given budget (each 0 = no limit of that
/// kind; all 0 runs until `should_stop`, [`wt_stop`] or the deepest iteration).
/// `depth` above 95 counts as 95. A time budget ends the search within about
/// `movetime_ms`; no new iteration starts after 60 % of it. Returns 0 and leaves
/// `bestmove <uci|(none)> ponder <uci|(none)> depth <d> score cp|mate <n> nodes <n>
/// time <ms> pv <uci …>` in the output buffer, or a negative error code. Depth 1
/// always completes, so a legal move comes back whenever one exists.
#[no_mangle]
pub extern "C" fn wt_go(depth: u32, nodes: f64, movetime_ms: f64) -> i32 {
    result_code((|| {
        let nodes = budget("nodes", nodes)?;
        let movetime = budget("movetime", movetime_ms)?;
        let e = engine()?;
        let tt = table(e);
        // SAFETY: as in `Engine::game`; a shared borrow beside the searcher's.
        let g = unsafe { e.game.assume_init_ref() };
        let board = g.board;
        let limits = Limits {
            depth,
            nodes,
            soft_ms: if movetime == 0 {
                0
            } else {
                (movetime * 6 / 10).max(1)
            },
            // Always set, so that `elapsed_ms` (and with it `should_stop`) is polled.
            hard_ms: if movetime == 0 { u64::MAX } else { movetime },
        };
        STOP.store(false, Ordering::Relaxed);
        BUSY.store(true, Ordering::Relaxed);
        let mut hooks = JsHooks {
            // SAFETY: a plain imported function.
            start: unsafe { now_ms() },
            pv: PvText {
                buf: [0; PV_CAP],
                len: 0,
            },
        };
        let keys = &g.keys[..g.nkeys];
        let r = e.searcher.search(
            SearchRequest::new(&board, tt)
                .history(keys)
                .continuation(&mut e.cont)
                .limits(limits)
                .stop(&STOP),
            &mut hooks,
        );
        let time = hooks.elapsed_ms();
        BUSY.store(false, Ordering::Relaxed);
        let o = OUT.get();
        o.len = 0;
        let name = |m: Option<Move>| m.filter(|&m| m != Move::NULL);
        let _ = match name(r.best_move) {
            Some(m) => write!(o, "bestmove {m}"),
            None => write!(o, "bestmove (none)"),
        };
        let _ = match name(r.ponder) {
            Some(m) => write!(o, " ponder {m}"),
            None => write!(o, " ponder (none)"),
        };
        let (mate, score) = split_score(r.score);
        let kind = if mate == 1 { "mate" } else { "cp" };
        let _ = write!(
            o,
            " depth {} score {kind} {score} nodes {} time {time} pv",
            r.depth, r.nodes
        );
        // The last iteration's PV when it starts with the best move (an interrupted
        // iteration may have found a better one), else the best move and ponder.
        let pv = core::str::from_utf8(&hooks.pv.buf[..hooks.pv.len]).unwrap_or("");
        if let Some(m) = name(r.best_move) {
            let mut first = PvText {
                buf: [0; PV_CAP],
                len: 0,
            };
            let _ = write!(first, "{m}");
            let first = core::str::from_utf8(&first.buf[..first.len]).unwrap_or("");
            if !first.is_empty() && pv.split(' ').next() == Some(first) {
                let _ = write!(o, " {pv}");
            } else {
                let _ = write!(o, " {m}");
                if let Some(p) = name(r.ponder) {
                    let _ = write!(o, " {p}");
                }
            }
        }
        Ok(0)
    })())
}
