//! Perft and the search: limits, the caller's hash buffer, the result.

use crate::error::{guard, Error};
use crate::moves::WINGTIP_MOVE_TEXT_BYTES;
use crate::position::{position_mut, position_ref, WingtipPosition};
use crate::text::fill_array;
use core::ffi::{c_char, c_int, c_void};
use std::time::Instant;
use wingtip::search::{
    ContinuationHistory, Hooks, Info, Limits, Score, SearchRequest, Searcher, TtEntry, MAX_PV,
};
use wingtip::{perft, Move};

/// The deepest perft wingtip_perft accepts (far beyond what finishes: the start
/// position's perft 15 has about 2 * 10^21 leaves).
pub const WINGTIP_PERFT_MAX_DEPTH: u32 = 32;
/// The most moves of a principal variation a search result holds.
pub const WINGTIP_MAX_PV: usize = 32;
/// The size of a search result's PV text: WINGTIP_MAX_PV moves of at most 5
/// bytes, the spaces between them and the NUL.
pub const WINGTIP_PV_TEXT_BYTES: usize = 192;
/// The size of one hash-table entry: a hash buffer of `n` bytes holds
/// `n / WINGTIP_HASH_ENTRY_BYTES` entries (1 MiB holds 65,536).
pub const WINGTIP_HASH_ENTRY_BYTES: usize = 16;
/// The alignment a hash buffer needs; malloc, calloc and a `uint64_t` array give
/// it.
pub const WINGTIP_HASH_ALIGN: usize = 8;

const _: () = assert!(WINGTIP_MAX_PV == MAX_PV);
const _: () = assert!(WINGTIP_PV_TEXT_BYTES == WINGTIP_MAX_PV * 6);
const _: () = assert!(WINGTIP_HASH_ENTRY_BYTES == core::mem::size_of::<TtEntry>());
const _: () = assert!(WINGTIP_HASH_ALIGN % core::mem::align_of::<TtEntry>() == 0);

/// What ends a search: the first limit reached. Zero means no limit of that kind;
/// at least one must be set.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WingtipSearchLimits {
    /// The deepest iteration, in plies (the search goes at most 95 deep).
    pub depth: u32,
    /// The node budget.
    pub nodes: u64,
    /// Wall-clock time in milliseconds; the search stops at once when it has
    /// passed (and returns the best move found so far).
    pub movetime_ms: u64,
}

/// The outcome of wingtip_search.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct WingtipSearchResult {
    /// The move to play in the 24-bit encoding; 0 when the side to move has no
    /// legal move (checkmate or stalemate).
    pub best_move: u32,
    /// The move to play as UCI text, NUL-terminated (castling as for
    /// wingtip_legal_moves_uci); `0000` when there is none.
    pub best_move_uci: [c_char; WINGTIP_MOVE_TEXT_BYTES],
    /// The score from the side to move's point of view: centipawns when `mate` is
    /// false; when `mate` is true, mate in this many moves, negative when the side
    /// to move is the one mated (0: it is checkmated already).
    pub score: i32,
    /// Whether `score` is a mate distance rather than centipawns.
    pub mate: bool,
    /// The depth of the last completed iteration, in plies.
    pub depth: u32,
    /// The deepest ply the last reported iteration reached, quiescence included.
    pub seldepth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Milliseconds the search took.
    pub time_ms: u64,
    /// How many moves `pv` holds (0 without a legal move).
    pub pv_len: u32,
    /// The principal variation in the 24-bit encoding, starting with `best_move`.
    pub pv: [u32; WINGTIP_MAX_PV],
    /// The principal variation as UCI text, moves separated by single spaces,
    /// NUL-terminated.
    pub pv_uci: [c_char; WINGTIP_PV_TEXT_BYTES],
}

/// A position's search state, made by its first search and kept for the next ones
/// (the history tables learn from one move of a game to the next).
pub(crate) struct Engine {
    searcher: Searcher,
    continuation: Box<ContinuationHistory>,
}

impl Engine {
    fn new() -> Box<Engine> {
        // The continuation history (1.125 MiB) straight on the heap, zeroed.
        let rows = vec![[0i16; 768]; 768].into_boxed_slice();
        // SAFETY: `rows` has exactly 768 rows, the length of ContinuationHistory,
        // so the cast keeps the allocation's layout.
        let continuation =
            unsafe { Box::from_raw(Box::into_raw(rows).cast::<ContinuationHistory>()) };
        Box::new(Engine {
            searcher: Searcher::new(),
            continuation,
        })
    }
}

/// The search's clock and the collector of its last principal variation.
struct Reports {
    start: Instant,
    pv: [Move; MAX_PV],
    pv_len: usize,
    seldepth: u32,
}

impl Hooks for Reports {
    fn elapsed_ms(&mut self) -> u64 {
        u64::try_from(self.start.elapsed().as_millis()).unwrap_or(u64::MAX)
    }

    fn info(&mut self, info: &Info<'_>) {
        if info.multipv == 1 {
            let n = info.pv.len().min(MAX_PV);
            for (slot, &mv) in self.pv.iter_mut().zip(&info.pv[..n]) {
                *slot = mv;
            }
            self.pv_len = n;
            self.seldepth = info.seldepth;
        }
    }
}

/// Counts the leaf nodes `depth` plies below `pos` (perft) and stores the count in
/// `*out_nodes`; depth 0 counts 1.
///
/// Runs on the calling thread until done. Returns WINGTIP_OK,
/// WINGTIP_ERR_BAD_ARGUMENT (`depth` above WINGTIP_PERFT_MAX_DEPTH) or
/// WINGTIP_ERR_NULL_POINTER.
///
/// # Safety
/// `pos` must be NULL or a live handle; `out_nodes` must be NULL or point to a
/// writable `uint64_t`.
#[no_mangle]
pub unsafe extern "C" fn wingtip_perft(
    pos: *const WingtipPosition,
    depth: u32,
    out_nodes: *mut u64,
) -> c_int {
    guard(|| {
        // SAFETY: the caller's contract for `pos`.
        let pos = unsafe { position_ref(pos)? };
        if out_nodes.is_null() {
            return Err(Error::null("out_nodes"));
        }
        if depth > WINGTIP_PERFT_MAX_DEPTH {
            return Err(Error::bad_argument(format!(
                "bad argument: perft depth {depth} is above {WINGTIP_PERFT_MAX_DEPTH}"
            )));
        }
        let nodes = perft(&pos.board, depth);
        // SAFETY: non-null, writable by the caller's contract.
        unsafe { out_nodes.write(nodes) };
        Ok(())
    })
}

/// The caller's hash buffer as a table, after checking it.
///
/// # Safety
/// As wingtip_search's `hash` and `hash_bytes`.
unsafe fn hash_table<'a>(hash: *mut c_void, hash_bytes: usize) -> Result<&'a [TtEntry], Error> {
    if hash.is_null() {
        return if hash_bytes == 0 {
            Ok(&[])
        } else {
            Err(Error::null("hash"))
        };
    }
    if !hash.cast::<TtEntry>().is_aligned() {
        return Err(Error::bad_argument(format!(
            "bad argument: the hash buffer is not aligned to {WINGTIP_HASH_ALIGN} bytes"
        )));
    }
    if hash_bytes > isize::MAX as usize {
        return Err(Error::bad_argument(
            "bad argument: hash_bytes is larger than any buffer",
        ));
    }
    let entries = hash_bytes / WINGTIP_HASH_ENTRY_BYTES;
    // SAFETY: non-null and aligned (checked), `hash_bytes` readable and writable
    // bytes that only the library touches during the search (the caller's
    // contract). They were zeroed before their first use, and all-zero memory is an
    // empty entry, as is every value the library writes; an entry is two 64-bit
    // words, atomics where the target has them, so that several searches may share
    // the table.
    Ok(unsafe { core::slice::from_raw_parts(hash.cast::<TtEntry>(), entries) })
}

/// Searches `pos` within `limits` and stores the best move, its score, the depth,
/// the node count and the principal variation in `*out`.
///
/// The search runs on the calling thread until the first limit is reached; it
/// needs up to 256 KiB of stack in a release build (more in a debug build). Its
/// hash table is the caller's buffer `hash` of `hash_bytes` bytes, aligned to
/// WINGTIP_HASH_ALIGN: zero it before its first use (calloc, or memset to 0), then
/// keep it from one search to the next to keep what was learnt, and zero it again
/// for a new game. NULL with `hash_bytes` 0 searches without a table (weaker).
/// Searches running at once on several threads may share one buffer. The
/// position's handle keeps the search's history tables from one search to the
/// next, and positions that repeat one played on the handle since the last capture
/// or pawn move count as draws. A search limited by depth or nodes alone is
/// deterministic: the same handle and table contents give the same result.
///
/// Returns WINGTIP_OK, WINGTIP_ERR_BAD_ARGUMENT (every limit 0, so the search
/// would never end; or `hash` misaligned), or WINGTIP_ERR_NULL_POINTER (`pos`,
/// `limits` or `out` NULL, or `hash` NULL with `hash_bytes` above 0). On an error
/// `*out` is unchanged.
///
/// # Safety
/// `pos` must be NULL or a live handle that no other thread uses meanwhile;
/// `limits` must be NULL or point to a WingtipSearchLimits; `hash` must be NULL or
/// point to `hash_bytes` readable and writable bytes that no one but wingtip
/// searches reads or writes until the call returns; `out` must be NULL or point to
/// a writable WingtipSearchResult.
#[no_mangle]
pub unsafe extern "C" fn wingtip_search(
    pos: *mut WingtipPosition,
    limits: *const WingtipSearchLimits,
    hash: *mut c_void,
    hash_bytes: usize,
    out: *mut WingtipSearchResult,
) -> c_int {
    guard(|| {
        // SAFETY: the caller's contract for `pos`, `limits`, `hash` and `hash_bytes`.
        let (pos, limits, table) = unsafe {
            (
                position_mut(pos)?,
                *limits.as_ref().ok_or_else(|| Error::null("limits"))?,
                hash_table(hash, hash_bytes)?,
            )
        };
        if out.is_null() {
            return Err(Error::null("out"));
        }
        if limits.depth == 0 && limits.nodes == 0 && limits.movetime_ms == 0 {
            return Err(Error::bad_argument(
                "bad argument: no search limit set (depth, nodes and movetime_ms are all 0)",
            ));
        }
        let mut reports = Reports {
            start: Instant::now(),
            pv: [Move::NULL; MAX_PV],
            pv_len: 0,
            seldepth: 0,
        };
        let engine = pos.engine.get_or_insert_with(Engine::new);
        let request = SearchRequest::new(&pos.board, table)
            .history(&pos.history)
            .limits(Limits {
                depth: limits.depth,
                nodes: limits.nodes,
                soft_ms: 0,
                hard_ms: limits.movetime_ms,
            })
            .continuation(&mut engine.continuation);
        let found = engine.searcher.search(request, &mut reports);
        let time_ms = reports.elapsed_ms();

        let best = found.best_move.unwrap_or(Move::NULL);
        let mut pv_len = reports.pv_len;
        if reports.pv[..pv_len].first() != found.best_move.as_ref() {
            // The last report always starts with the best move; this is a fallback.
            pv_len = match found.best_move {
                Some(mv) => {
                    reports.pv[0] = mv;
                    1
                }
                None => 0,
            };
        }
        let pv = &reports.pv[..pv_len];
        let (score, mate) = match found.score {
            Score::Cp(cp) => (cp, false),
            Score::Mate(moves) => (moves, true),
        };
        let mut result = WingtipSearchResult {
            best_move: best.0,
            best_move_uci: [0; WINGTIP_MOVE_TEXT_BYTES],
            score,
            mate,
            depth: found.depth,
            seldepth: reports.seldepth,
            nodes: found.nodes,
            time_ms,
            pv_len: pv.len() as u32,
            pv: [0; WINGTIP_MAX_PV],
            pv_uci: [0; WINGTIP_PV_TEXT_BYTES],
        };
        fill_array(
            &mut result.best_move_uci,
            &best.uci(pos.chess960).to_string(),
        );
        let mut text = String::new();
        for (slot, mv) in result.pv.iter_mut().zip(pv) {
            *slot = mv.0;
            if !text.is_empty() {
                text.push(' ');
            }
            text.push_str(&mv.uci(pos.chess960).to_string());
        }
        fill_array(&mut result.pv_uci, &text);
        // SAFETY: non-null, writable by the caller's contract.
        unsafe { out.write(result) };
        Ok(())
    })
}
