//! The smallest useful wingtip embedder: parse a FEN, list its legal moves, count
//! perft, search to a fixed depth. `embedded/footprint.sh` builds it per target and
//! attack backend and reports what it links; `wasm/wasm-perft.mjs` times it.
//!
//! The C ABI below is what the wasm32 and x86-64 cdylibs export (the FEN is written
//! into [`wt_input`]'s buffer first). Calls are not reentrant: a call made while
//! another is running returns the error value.
#![no_std]

use core::mem::MaybeUninit;
use core::sync::atomic::{AtomicBool, Ordering};

use wingtip::search::{Limits, NoHooks, SearchRequest, Searcher, TtEntry};
use wingtip::Board;

/// Bytes of the FEN input buffer.
pub const INPUT_LEN: usize = 128;
/// Transposition-table entries of [`wt_search`] (16 bytes each: 64 KiB).
pub const TT_ENTRIES: usize = 4096;

/// Set while a call runs; guards the statics below.
static BUSY: AtomicBool = AtomicBool::new(false);
static mut INPUT: [u8; INPUT_LEN] = [0; INPUT_LEN];
static mut SEARCHER: Searcher = Searcher::new();
/// On Cortex-M in the firmware's separate table region (embedded/memory.x).
#[cfg_attr(target_os = "none", link_section = ".tt")]
static mut TABLE: MaybeUninit<[TtEntry; TT_ENTRIES]> = MaybeUninit::uninit();

/// The statics, borrowed by one call at a time.
struct State {
    input: &'static [u8; INPUT_LEN],
    searcher: &'static mut Searcher,
    table: &'static mut MaybeUninit<[TtEntry; TT_ENTRIES]>,
}

/// Runs `f` with the statics, or returns `busy` if another call holds them.
fn with_state<T>(busy: T, f: impl FnOnce(State) -> T) -> T {
    if BUSY.swap(true, Ordering::Acquire) {
        return busy;
    }
    // SAFETY: `BUSY` was false and is now ours, so no other reference to the statics
    // exists until it is cleared after `f` returns.
    let result = unsafe {
        f(State {
            input: &*core::ptr::addr_of!(INPUT),
            searcher: &mut *core::ptr::addr_of_mut!(SEARCHER),
            table: &mut *core::ptr::addr_of_mut!(TABLE),
        })
    };
    BUSY.store(false, Ordering::Release);
    result
}

fn board(input: &[u8; INPUT_LEN], len: u32) -> Option<Board> {
    let bytes = input.get(..usize::try_from(len).ok()?)?;
    Board::from_fen(core::str::from_utf8(bytes).ok()?).ok()
}

/// Returns the input buffer the FEN is written to (its length is [`INPUT_LEN`]).
#[no_mangle]
pub extern "C" fn wt_input() -> *mut u8 {
    core::ptr::addr_of_mut!(INPUT).cast()
}

/// Returns the number of legal moves of the FEN in the first `len` input bytes, or
/// -1 when it does not parse.
#[no_mangle]
pub extern "C" fn wt_legal_moves(len: u32) -> i32 {
    with_state(-1, |s| match board(s.input, len) {
        Some(b) => b.legal_moves().len() as i32,
        None => -1,
    })
}

/// Returns perft(`depth`) of the FEN in the first `len` input bytes, or `u64::MAX`
/// when it does not parse.
#[no_mangle]
pub extern "C" fn wt_perft(len: u32, depth: u32) -> u64 {
    with_state(u64::MAX, |s| match board(s.input, len) {
        Some(b) => wingtip::perft(&b, depth),
        None => u64::MAX,
    })
}

/// Searches the FEN in the first `len` input bytes to `depth` plies with a fresh
/// 64 KiB table; returns the best move's bits (`Move.0`), or 0 when there is none,
/// the FEN does not parse or `depth` is 0 (to the core's [`Limits`] a depth of 0
/// means no depth limit, which without a clock or stop flag would never end).
#[no_mangle]
pub extern "C" fn wt_search(len: u32, depth: u32) -> u32 {
    if depth == 0 {
        return 0;
    }
    with_state(0, |s| {
        let Some(b) = board(s.input, len) else {
            return 0;
        };
        let first = s.table.as_mut_ptr().cast::<TtEntry>();
        // SAFETY: `first` points at `TT_ENTRIES` entries of our exclusive static; each
        // is written before the slice over them is made.
        let table = unsafe {
            for i in 0..TT_ENTRIES {
                first.add(i).write(TtEntry::EMPTY);
            }
            core::slice::from_raw_parts_mut(first, TT_ENTRIES)
        };
        s.searcher.clear();
        let limits = Limits {
            depth,
            ..Limits::NONE
        };
        let result = s.searcher.search(
            SearchRequest::new(&b, table)
                .limits(limits)
                .stop(&AtomicBool::new(false)),
            &mut NoHooks,
        );
        result.best_move.map_or(0, |m| m.0)
    })
}

/// Traps (wasm) or spins: the embedder has nowhere to report a panic.
#[cfg(all(not(test), not(feature = "thumb")))]
#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    #[cfg(target_arch = "wasm32")]
    core::arch::wasm32::unreachable();
    #[cfg(not(target_arch = "wasm32"))]
    loop {}
}
