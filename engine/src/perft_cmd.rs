//! `wingtip perft <depth> [--fen "<fen>"] [--divide] [--chess960] [--threads T]
//! [--hash MIB]`: counts the leaf nodes of the legal move tree (docs/design.md §5). The
//! FEN may be standard FEN, X-FEN or Shredder-FEN; its castling rights are read by
//! standard chess's rules (king on e1/e8, rooks in the corners), or by Chess960's with
//! `--chess960`.
//!
//! By default one thread counts with bulk counting at the last ply and no table: the
//! figure the speed comparisons quote. `--threads T` splits the tree two plies below
//! the root into subtrees that T threads take in turn (counts identical). `--hash MIB`
//! adds a transposition table of subtree counts shared by the threads, as debugging
//! tools offer: faster on deep counts, but a different measurement (and, like every
//! hashed perft, exact only while no two positions of the tree share a 64-bit key).
//!
//! Standard output: with `--divide`, one `<uci-move>: <nodes>` line per root move,
//! then always `Nodes searched: <n>` as the last line. Timing goes to standard error
//! so that the output can be compared with other engines' `go perft`.

use std::io::Write;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::Instant;

use anyhow::{anyhow, bail};
use wingtip::{perft, perft_divide, Board, FenError, PositionError};

/// Largest depth accepted (depth 20 from the start position is ~10^28 nodes already).
const MAX_DEPTH: u32 = 20;
/// Most threads accepted.
const MAX_THREADS: usize = 256;
/// Largest table accepted, in MiB.
const MAX_HASH_MIB: usize = 1 << 16;

/// Arguments of `wingtip perft`.
#[derive(clap::Args)]
pub struct Args {
    /// Depth in plies (0 to 20)
    #[arg(allow_hyphen_values = true)]
    depth: String,
    /// Position as FEN (default: the start position)
    #[arg(long)]
    fen: Option<String>,
    /// Print the node count below each root move
    #[arg(long)]
    divide: bool,
    /// Chess960: read the FEN's castling rights by Chess960's rules and write
    /// castling in --divide as king takes rook (e1h1), as UCI_Chess960 does
    #[arg(long)]
    chess960: bool,
    /// Threads counting at once (1 to 256)
    #[arg(long, default_value = "1", allow_hyphen_values = true)]
    threads: String,
    /// A table of subtree counts of this many MiB (1 to 65536), shared by the
    /// threads; without it, no table
    #[arg(long, allow_hyphen_values = true)]
    hash: Option<String>,
}

/// Parses a count in `1..=max` named `what`, or says what was wrong.
fn count_in_range(text: &str, what: &str, max: usize) -> anyhow::Result<usize> {
    text.parse::<usize>()
        .ok()
        .filter(|n| (1..=max).contains(n))
        .ok_or_else(|| anyhow!("bad {what} {text:?}: expected a number from 1 to {max}"))
}

/// Runs perft and prints the counts.
///
/// # Errors
/// A one-line error for a depth that is not a number from 0 to 20, a thread count
/// or table size out of range, a table that cannot be allocated, or a bad FEN.
pub fn run(args: Args) -> anyhow::Result<()> {
    let depth: u32 = args
        .depth
        .parse()
        .ok()
        .filter(|d| *d <= MAX_DEPTH)
        .ok_or_else(|| {
            anyhow!(
                "bad depth {:?}: expected a number from 0 to {MAX_DEPTH}",
                args.depth
            )
        })?;
    let board = match &args.fen {
        None => Board::startpos(),
        Some(fen) => match Board::from_fen_chess960(fen, args.chess960) {
            Ok(board) => board,
            Err(e @ FenError::Illegal(PositionError::StandardCastling(_))) => {
                bail!("{e} (for Chess960, add --chess960)")
            }
            Err(e) => bail!("{e}"),
        },
    };
    let threads = count_in_range(&args.threads, "thread count", MAX_THREADS)?;
    let table = match &args.hash {
        None => None,
        Some(mib) => Some(Table::new(count_in_range(
            mib,
            "hash size (MiB)",
            MAX_HASH_MIB,
        )?)?),
    };
    if args.divide && (threads > 1 || table.is_some()) {
        bail!("--divide counts on one thread without a table: leave out --threads and --hash");
    }
    let start = Instant::now();
    let nodes = if args.divide {
        divide(&board, depth, args.chess960, &mut std::io::stdout().lock())?
    } else if threads == 1 && table.is_none() {
        perft(&board, depth)
    } else {
        parallel(&board, depth, threads, table.as_ref())
    };
    let seconds = start.elapsed().as_secs_f64();
    outln!("Nodes searched: {nodes}");
    let hits = table.as_ref().map_or(String::new(), |t| {
        let (probes, hits) = (
            t.probes.load(Ordering::Relaxed),
            t.hits.load(Ordering::Relaxed),
        );
        format!(
            ", table hits {:.1} % of {probes} probes",
            100.0 * hits as f64 / probes.max(1) as f64
        )
    });
    eprintln!(
        "time {:.3} s, {:.1} Mnps, {threads} thread(s){hits}",
        seconds,
        nodes as f64 / seconds.max(1e-9) / 1e6
    );
    Ok(())
}

/// Perft on `threads` threads, with `table` when given: the positions two plies
/// below the root (one ply when the depth is 2) are subtrees that the threads take
/// in turn from a shared index, so a thread that ends early takes the next one.
pub fn parallel(board: &Board, depth: u32, threads: usize, table: Option<&Table>) -> u64 {
    if depth < 2 {
        return perft(board, depth);
    }
    let split = if depth >= 3 { 2 } else { 1 };
    let mut subtrees = vec![*board];
    for _ in 0..split {
        subtrees = subtrees
            .iter()
            .flat_map(|b| {
                b.legal_moves()
                    .iter()
                    .map(|&mv| {
                        let mut child = *b;
                        child.make_move(mv);
                        child
                    })
                    .collect::<Vec<_>>()
            })
            .collect();
    }
    let rest = depth - split;
    let next = AtomicUsize::new(0);
    let total = AtomicU64::new(0);
    std::thread::scope(|scope| {
        for _ in 0..threads.min(subtrees.len()).max(1) {
            scope.spawn(|| {
                let mut sum = 0;
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(b) = subtrees.get(i) else { break };
                    sum += match table {
                        Some(t) => hashed(b, rest, t),
                        None => perft(b, rest),
                    };
                }
                total.fetch_add(sum, Ordering::Relaxed);
            });
        }
    });
    total.into_inner()
}

/// A table of subtree counts: each entry holds a position's key mixed with the
/// depth, and the count, written and read without locks. An entry is two words,
/// `check = key ^ count` and `count`: a reader accepts it only when `check ^ count`
/// is the key it looks for, so an entry torn by two threads writing at once is
/// rejected as a miss rather than read as a wrong count.
pub struct Table {
    entries: Vec<[AtomicU64; 2]>,
    probes: AtomicU64,
    hits: AtomicU64,
}

impl Table {
    /// A table of `mib` MiB (a power-of-two number of 16-byte entries, at most
    /// `mib` MiB).
    ///
    /// # Errors
    /// When the memory cannot be allocated.
    pub fn new(mib: usize) -> anyhow::Result<Table> {
        let len = ((mib << 20) / 16).next_power_of_two();
        let len = if len * 16 > mib << 20 { len / 2 } else { len };
        let mut entries = Vec::new();
        entries
            .try_reserve_exact(len)
            .map_err(|_| anyhow!("cannot allocate {mib} MiB for the perft table"))?;
        entries.resize_with(len, Default::default);
        Ok(Table {
            entries,
            probes: AtomicU64::new(0),
            hits: AtomicU64::new(0),
        })
    }

    fn key(board: &Board, depth: u32) -> u64 {
        // The depth moves the key far from the position's own (an odd multiplier).
        board.hash() ^ u64::from(depth).wrapping_mul(0x9e37_79b9_7f4a_7c15)
    }

    fn get(&self, key: u64) -> Option<u64> {
        self.probes.fetch_add(1, Ordering::Relaxed);
        let [check, count] = &self.entries[key as usize & (self.entries.len() - 1)];
        let count = count.load(Ordering::Relaxed);
        (check.load(Ordering::Relaxed) ^ count == key).then(|| {
            self.hits.fetch_add(1, Ordering::Relaxed);
            count
        })
    }

    fn put(&self, key: u64, count: u64) {
        let [check, stored] = &self.entries[key as usize & (self.entries.len() - 1)];
        check.store(key ^ count, Ordering::Relaxed);
        stored.store(count, Ordering::Relaxed);
    }
}

/// Perft with `table`: counts of subtrees two or more plies deep are looked up and
/// stored; the last ply is bulk-counted.
pub fn hashed(board: &Board, depth: u32, table: &Table) -> u64 {
    if depth <= 1 {
        return perft(board, depth);
    }
    let key = Table::key(board, depth);
    if let Some(count) = table.get(key) {
        return count;
    }
    let mut count = 0;
    for &mv in &board.legal_moves() {
        let mut child = *board;
        child.make_move(mv);
        count += hashed(&child, depth - 1, table);
    }
    table.put(key, count);
    count
}

/// Writes one `<uci-move>: <nodes>` line per root move of `board` (castling as king
/// takes rook when `chess960`), then an empty line, and returns the total at `depth`.
///
/// # Errors
/// A failed write; the count is cut short.
pub fn divide(
    board: &Board,
    depth: u32,
    chess960: bool,
    out: &mut impl Write,
) -> std::io::Result<u64> {
    let mut result = Ok(());
    let nodes = perft_divide(board, depth, |mv, n| {
        if result.is_ok() {
            result = writeln!(out, "{}: {n}", mv.uci(chess960));
        }
    });
    result?;
    writeln!(out)?;
    Ok(nodes)
}

/// Returns the divide of `board` at `depth` as `wingtip perft --divide` prints it,
/// `Nodes searched: <n>` last (without a final line ending), for UCI `go perft`.
pub fn divide_text(board: &Board, depth: u32, chess960: bool) -> String {
    let mut text = Vec::new();
    let nodes = divide(board, depth, chess960, &mut text).expect("writing to memory cannot fail");
    let mut text = String::from_utf8(text).expect("moves and counts are ASCII");
    text.push_str(&format!("Nodes searched: {nodes}"));
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The six CPW positions with published counts (chessprogramming wiki, "Perft
    /// Results"): FEN, depth, nodes.
    const CPW: [(&str, u32, u64); 6] = [
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            4,
            197_281,
        ),
        (
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            3,
            97_862,
        ),
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5, 674_624),
        (
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            4,
            422_333,
        ),
        (
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            3,
            62_379,
        ),
        (
            "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
            3,
            89_890,
        ),
    ];

    #[test]
    fn threads_and_the_table_give_the_published_counts() {
        for (fen, depth, nodes) in CPW {
            let board = Board::from_fen(fen).unwrap();
            for d in 0..=depth {
                let plain = perft(&board, d);
                for threads in [1, 2, 3] {
                    assert_eq!(
                        parallel(&board, d, threads, None),
                        plain,
                        "{fen} {d} {threads}"
                    );
                }
                // A tiny table: many overwrites, every count still exact.
                let table = Table::new(1).unwrap();
                assert_eq!(parallel(&board, d, 2, Some(&table)), plain, "{fen} {d}");
                assert_eq!(hashed(&board, d, &table), plain, "{fen} {d} again");
            }
            assert_eq!(parallel(&board, depth, 2, None), nodes, "{fen}");
        }
    }

    #[test]
    fn a_table_answers_transpositions() {
        // 1. Nf3 Nf6 2. Ng1 Ng8 and 1. Nc3 Nc6 2. Nb1 Nb8 come back to the start:
        // with a table, the second visit of a position at the same depth is a hit.
        let table = Table::new(1).unwrap();
        let board = Board::startpos();
        assert_eq!(hashed(&board, 5, &table), 4_865_609);
        assert!(table.hits.load(Ordering::Relaxed) > 0);
        assert_eq!(hashed(&board, 5, &table), 4_865_609);
    }

    #[test]
    fn bad_counts_are_refused_with_their_range() {
        for (text, ok) in [
            ("1", true),
            ("256", true),
            ("0", false),
            ("257", false),
            ("-2", false),
            ("x", false),
            ("", false),
        ] {
            let r = count_in_range(text, "thread count", MAX_THREADS);
            assert_eq!(r.is_ok(), ok, "{text:?}");
            if let Err(e) = r {
                assert_eq!(
                    e.to_string(),
                    format!("bad thread count {text:?}: expected a number from 1 to 256")
                );
            }
        }
    }

    #[test]
    fn divide_text_lists_moves_then_the_total() {
        let board =
            Board::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
                .unwrap();
        let text = divide_text(&board, 2, false);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 48 + 2);
        assert_eq!(lines[48..], ["", "Nodes searched: 2039"]);
        let sum: u64 = lines[..48]
            .iter()
            .map(|l| l.split(": ").nth(1).unwrap().parse::<u64>().unwrap())
            .sum();
        assert_eq!(sum, 2039);
        assert!(lines.contains(&"e1g1: 43"), "{lines:?}");
        let text = divide_text(&board, 2, true);
        assert!(text.lines().any(|l| l == "e1h1: 43"), "{text}");
        assert!(!text.contains("e1g1"));
    }
}
