//! The minimal embedder as Cortex-M firmware: it runs each API call once on a FEN
//! and a depth read through volatile loads (so nothing is folded away at compile
//! time) and stores the results with volatile writes. It prints nothing; it exists
//! to be measured (`embedded/footprint.sh`).
#![no_std]
#![no_main]

use cortex_m_rt::entry;
use panic_halt as _;
use wingtip_footprint::{wt_input, wt_legal_moves, wt_perft, wt_search, INPUT_LEN};

/// The position and depth, as a host would write them before starting the core.
static FEN: &[u8] = b"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
static DEPTH: u32 = 3;
/// Where the results go: legal moves, perft, best move.
static mut RESULTS: [u64; 3] = [0; 3];

#[entry]
fn main() -> ! {
    // SAFETY: volatile reads of our own statics, writes into the input buffer within
    // its length, and volatile writes of `RESULTS`, which nothing else references.
    unsafe {
        let fen: &[u8] = core::ptr::read_volatile(&FEN);
        let depth = core::ptr::read_volatile(&DEPTH);
        let len = fen.len().min(INPUT_LEN);
        core::ptr::copy_nonoverlapping(fen.as_ptr(), wt_input(), len);
        let results = core::ptr::addr_of_mut!(RESULTS).cast::<u64>();
        results.write_volatile(wt_legal_moves(len as u32) as u64);
        results.add(1).write_volatile(wt_perft(len as u32, depth));
        results
            .add(2)
            .write_volatile(u64::from(wt_search(len as u32, depth)));
    }
    loop {
        core::hint::spin_loop();
    }
}
