//! wingtip's no_std core on a Cortex-M4 (QEMU's `mps2-an386`, or a real board with
//! its own `memory.x`): checks perft on the six CPW positions, runs a fixed-depth
//! search from the start position with the transposition table in a static buffer,
//! prints everything over semihosting and exits with status 0 only if every count
//! and check was right.
//!
//! Time comes from SysTick at 1 kHz, clocked by the core (25 MHz on the MPS2 FPGA
//! images). Under QEMU the emulated core runs as fast as the host translates it, so
//! the nodes per second printed are the emulator's, not a real M4's.
//!
//! Stack use is measured by cortex-m-rt's `paint-stack` feature: the start-up code
//! fills the free RAM between the statics and the stack top with `0xCCCC_CCCC`, and
//! the lowest word scrubbed off at the end is the stack's high-water mark.
#![no_std]
#![no_main]

use core::fmt::Write as _;
use core::mem::MaybeUninit;
use core::sync::atomic::{AtomicBool, AtomicU32, Ordering};

use cortex_m::peripheral::syst::SystClkSource;
use cortex_m_rt::{entry, exception};
use cortex_m_semihosting::{debug, hprintln};
use panic_semihosting as _;
use wingtip::search::{Hooks, Info, Limits, Score, SearchRequest, Searcher, TtEntry};
use wingtip::{perft, Board};

/// The CPW perft positions with their expected counts (a copy of the shared suite).
const CPW: &str = include_str!("../../wingtip/tests/data/cpw.epd");
/// Names of the CPW positions, in the file's order.
const NAMES: [&str; 6] = ["startpos", "kiwipete", "pos3", "pos4", "pos5", "pos6"];
/// Every position is checked at these depths.
const CHECK_DEPTHS: [u32; 2] = [3, 4];
/// The start position is also checked one ply deeper (the longest perft: a speed figure).
const STARTPOS_EXTRA_DEPTH: u32 = 5;
/// Depth of the search from the start position. The stack grows by about 2.7 KiB
/// per ply of the search (negamax and quiescence frames); depth 6 reaches ply 11
/// and keeps RAM within 64 KiB besides the hash table (README, "Footprint").
const SEARCH_DEPTH: u32 = 6;
/// Transposition-table entries (16 bytes each: 128 KiB).
const TT_ENTRIES: usize = 8192;
/// The core clock of the MPS2 FPGA images (and of QEMU's model of them).
const CORE_HZ: u32 = 25_000_000;
/// RAM the firmware may use besides the transposition table: statics plus stack.
const RAM_BUDGET: usize = 64 * 1024;
/// cortex-m-rt's stack paint value (its `paint-stack` feature).
const PAINT: u32 = 0xCCCC_CCCC;

/// Milliseconds since SysTick started, counted by its interrupt.
static MILLIS: AtomicU32 = AtomicU32::new(0);

#[exception]
fn SysTick() {
    MILLIS.fetch_add(1, Ordering::Relaxed);
}

fn millis() -> u32 {
    MILLIS.load(Ordering::Relaxed)
}

/// The search's clock and progress sink: SysTick milliseconds, `info` lines over
/// semihosting.
struct SysTickHooks {
    start: u32,
}

impl Hooks for SysTickHooks {
    fn elapsed_ms(&mut self) -> u64 {
        u64::from(millis().wrapping_sub(self.start))
    }

    fn info(&mut self, info: &Info<'_>) {
        let mut pv = Line::new();
        for mv in info.pv {
            let _ = write!(pv, " {mv}");
        }
        hprintln!(
            "info depth {} seldepth {} score {} nodes {} time {} pv{}",
            info.depth,
            info.seldepth,
            ScoreText(info.score),
            info.nodes,
            info.time_ms,
            pv.as_str()
        );
    }
}

/// A score as UCI writes it.
struct ScoreText(Score);

impl core::fmt::Display for ScoreText {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self.0 {
            Score::Cp(cp) => write!(f, "cp {cp}"),
            Score::Mate(n) => write!(f, "mate {n}"),
        }
    }
}

/// A fixed-capacity text buffer (no allocator); text past the end is dropped.
struct Line {
    buf: [u8; 256],
    len: usize,
}

impl Line {
    fn new() -> Line {
        Line {
            buf: [0; 256],
            len: 0,
        }
    }

    fn as_str(&self) -> &str {
        // Only whole `&str`s are appended (see `write_str`), so this cannot fail.
        core::str::from_utf8(&self.buf[..self.len]).unwrap_or("")
    }
}

impl core::fmt::Write for Line {
    fn write_str(&mut self, s: &str) -> core::fmt::Result {
        let end = self.len + s.len();
        if end > self.buf.len() {
            return Err(core::fmt::Error);
        }
        self.buf[self.len..end].copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
    }
}

/// Nodes per second in thousands, from a node count and milliseconds.
fn knps(nodes: u64, ms: u32) -> u64 {
    nodes / u64::from(ms.max(1))
}

/// One EPD line: the FEN and its `;Dn count` fields.
fn parse_epd(line: &str) -> Option<(&str, impl Iterator<Item = Option<(u32, u64)>> + '_)> {
    let mut parts = line.split(';');
    let fen = parts.next()?.trim();
    let counts = parts.map(|field| {
        let mut it = field.split_whitespace();
        let depth = it.next()?.strip_prefix('D')?.parse().ok()?;
        let nodes = it.next()?.parse().ok()?;
        Some((depth, nodes))
    });
    Some((fen, counts))
}

/// Checks perft on every CPW position; returns (failures, nodes, ms).
fn check_perft() -> (u32, u64, u32) {
    let mut failures = 0;
    let mut total_nodes = 0;
    let mut total_ms = 0;
    let lines = CPW.lines().filter(|l| !l.trim().is_empty());
    for (index, line) in lines.enumerate() {
        let name = NAMES.get(index).copied().unwrap_or("position");
        let Some((fen, counts)) = parse_epd(line) else {
            hprintln!("FAIL {}: unreadable EPD line", name);
            failures += 1;
            continue;
        };
        let board = match Board::from_fen(fen) {
            Ok(board) => board,
            Err(e) => {
                hprintln!("FAIL {}: {}", name, e);
                failures += 1;
                continue;
            }
        };
        for count in counts {
            let Some((depth, expected)) = count else {
                hprintln!("FAIL {}: unreadable count", name);
                failures += 1;
                continue;
            };
            let wanted =
                CHECK_DEPTHS.contains(&depth) || (index == 0 && depth == STARTPOS_EXTRA_DEPTH);
            if !wanted {
                continue;
            }
            let start = millis();
            let nodes = perft(&board, depth);
            let ms = millis().wrapping_sub(start);
            let verdict = if nodes == expected { "ok" } else { "FAIL" };
            hprintln!(
                "perft {} depth {} nodes {} expected {} ms {} knps {} {}",
                name,
                depth,
                nodes,
                expected,
                ms,
                knps(nodes, ms),
                verdict
            );
            if nodes != expected {
                failures += 1;
            }
            total_nodes += nodes;
            total_ms += ms;
        }
    }
    (failures, total_nodes, total_ms)
}

/// Checks that malformed input gives an error value, not a panic.
fn check_bad_input() -> u32 {
    let mut failures = 0;
    for fen in [
        "",
        "not a fen",
        "8/8/8/8/8/8/8/8 w - - 0 1",
        "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ] {
        if Board::from_fen(fen).is_ok() {
            hprintln!("FAIL bad FEN accepted: {:?}", fen);
            failures += 1;
        }
    }
    if failures == 0 {
        hprintln!("bad input: 4 malformed FENs rejected ok");
    }
    failures
}

/// Runs the searches; returns the number of failed checks.
fn check_search(searcher: &mut Searcher, table: &mut [TtEntry]) -> u32 {
    let mut failures = 0;
    let stop = AtomicBool::new(false);

    // A mate in one that any working search finds: Ra8#.
    let mate = Board::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    if let Ok(board) = mate {
        let limits = Limits {
            depth: 4,
            ..Limits::NONE
        };
        let mut hooks = SysTickHooks { start: millis() };
        let result = searcher.search(
            SearchRequest::new(&board, table).limits(limits).stop(&stop),
            &mut hooks,
        );
        let mut found = Line::new();
        let _ = write!(found, "{}", MoveText(result.best_move));
        let ok = found.as_str() == "a1a8" && result.score == Score::Mate(1);
        hprintln!(
            "search mate-in-1 bestmove {} score {} {}",
            found.as_str(),
            ScoreText(result.score),
            if ok { "ok" } else { "FAIL" }
        );
        failures += u32::from(!ok);
    } else {
        hprintln!("FAIL mate-in-1 FEN rejected");
        failures += 1;
    }

    searcher.clear();
    table.fill(TtEntry::EMPTY);
    let board = Board::startpos();
    let limits = Limits {
        depth: SEARCH_DEPTH,
        ..Limits::NONE
    };
    let start = millis();
    let mut hooks = SysTickHooks { start };
    let result = searcher.search(
        SearchRequest::new(&board, table).limits(limits).stop(&stop),
        &mut hooks,
    );
    let ms = millis().wrapping_sub(start);
    let legal = result
        .best_move
        .is_some_and(|m| board.legal_moves().contains(&m));
    let ok = legal && result.depth == SEARCH_DEPTH;
    hprintln!(
        "search startpos depth {} bestmove {} score {} nodes {} ms {} knps {} {}",
        result.depth,
        MoveText(result.best_move),
        ScoreText(result.score),
        result.nodes,
        ms,
        knps(result.nodes, ms),
        if ok { "ok" } else { "FAIL" }
    );
    failures + u32::from(!ok)
}

/// An optional move as UCI writes it.
struct MoveText(Option<wingtip::Move>);

impl core::fmt::Display for MoveText {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self.0 {
            Some(mv) => write!(f, "{mv}"),
            None => f.write_str("none"),
        }
    }
}

/// Reports static RAM and the stack's high-water mark against [`RAM_BUDGET`];
/// returns 1 if the stack ran into the statics (no painted word left).
///
/// Going over the budget is printed (`over`) but is not a failure here: the RAM
/// region of memory.x is larger than the budget so that the figure can be measured,
/// and `embedded/embedded.sh` compares it with the budget it is given.
fn check_ram() -> u32 {
    extern "C" {
        static _ram_start: u32;
        static _stack_end: u32;
        static _stack_start: u32;
    }
    // Only the linker symbols' addresses are taken. The words between `_stack_end`
    // (the end of the statics) and the stack pointer belong to no Rust object; they
    // are read with volatile loads below.
    let (ram_start, stack_end, stack_start) = (
        core::ptr::addr_of!(_ram_start) as usize,
        core::ptr::addr_of!(_stack_end) as usize,
        core::ptr::addr_of!(_stack_start) as usize,
    );
    let mut lowest = stack_start;
    let mut addr = stack_end;
    while addr < stack_start {
        // SAFETY: `addr` is a 4-byte-aligned address inside RAM, below the live stack.
        if unsafe { core::ptr::read_volatile(addr as *const u32) } != PAINT {
            lowest = addr;
            break;
        }
        addr += 4;
    }
    let statics = stack_end - ram_start;
    let stack = stack_start - lowest;
    let total = statics + stack;
    // A painted word left at the bottom proves the stack never reached the statics.
    let intact = lowest > stack_end;
    hprintln!(
        "ram statics {} stack-peak {} total {} budget {} {} {}",
        statics,
        stack,
        total,
        RAM_BUDGET,
        if total <= RAM_BUDGET {
            "within"
        } else {
            "over"
        },
        if intact { "ok" } else { "FAIL stack overflow" }
    );
    u32::from(!intact)
}

/// The transposition table, in its own RAM region (memory.x's TTRAM); `main` fills it.
#[link_section = ".tt"]
static mut TABLE: MaybeUninit<[TtEntry; TT_ENTRIES]> = MaybeUninit::uninit();

#[entry]
fn main() -> ! {
    // ~40 KiB of killers, history and PV: a static, not a stack frame.
    static mut SEARCHER: Searcher = Searcher::new();

    if let Some(mut cp) = cortex_m::Peripherals::take() {
        cp.SYST.set_clock_source(SystClkSource::Core);
        cp.SYST.set_reload(CORE_HZ / 1000 - 1);
        cp.SYST.clear_current();
        cp.SYST.enable_interrupt();
        cp.SYST.enable_counter();
    }

    // SAFETY: `main` runs once and nothing else touches `TABLE`, so this is the only
    // reference; every entry is written before the slice is made.
    let table: &mut [TtEntry] = unsafe {
        let first = core::ptr::addr_of_mut!(TABLE) as *mut TtEntry;
        for i in 0..TT_ENTRIES {
            first.add(i).write(TtEntry::EMPTY);
        }
        core::slice::from_raw_parts_mut(first, TT_ENTRIES)
    };

    hprintln!(
        "wingtip firmware: Cortex-M4, slider backend {}, transposition table {} KiB",
        wingtip::attacks::BACKEND,
        TT_ENTRIES * 16 / 1024
    );
    let mut failures = check_bad_input();
    let (perft_failures, nodes, ms) = check_perft();
    failures += perft_failures;
    hprintln!(
        "perft total nodes {} ms {} knps {}",
        nodes,
        ms,
        knps(nodes, ms)
    );
    failures += check_search(SEARCHER, table);
    failures += check_ram();

    if failures == 0 {
        hprintln!("result ok");
        debug::exit(debug::EXIT_SUCCESS);
    } else {
        hprintln!("result FAIL ({} failed checks)", failures);
        debug::exit(debug::EXIT_FAILURE);
    }
    loop {
        cortex_m::asm::wfi();
    }
}
