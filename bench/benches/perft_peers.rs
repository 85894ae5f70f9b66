//! Side-by-side perft speed: wingtip against cozy-chess, shakmaty, chess and
//! Stockfish's `go perft`, on the six CPW positions, in one run.
//!
//! All five count the last ply in bulk (the size of the move list at depth 1).
//! Every run asserts the node count. Each cell is the median of 3 runs; the table
//! prints million nodes per second and the ratio to the fastest in the row.
//!
//! ```text
//! # default flags
//! cargo bench --manifest-path bench/Cargo.toml --bench perft_peers
//! # native (BMI2: wingtip and chess use pext; cozy-chess needs its feature)
//! RUSTFLAGS="-C target-cpu=native" cargo bench --manifest-path bench/Cargo.toml --bench perft_peers --features peers-pext
//! ```
//!
//! `STOCKFISH=/path` picks the Stockfish binary (default `/usr/games/stockfish`,
//! Debian's package; skipped with a note when missing). `PERFT_PEERS_RUNS=n` changes
//! the number of runs per cell (default 3). `PERFT_PEERS_QUICK=1` uses one ply less.
//! `PERFT_PEERS_ONLY=wingtip,cozy-chess` runs only the named columns.

mod common;
use common::{cozy_perft, timed};

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::str::FromStr;
use std::time::{Duration, Instant};

/// (name, FEN, depth, nodes): the CPW perft positions.
const POSITIONS: [(&str, &str, u32, u64, u64); 6] = [
    // name, fen, depth, nodes at depth, nodes at depth - 1
    (
        "startpos",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        6,
        119_060_324,
        4_865_609,
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        5,
        193_690_690,
        4_085_603,
    ),
    (
        "pos3",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        7,
        178_633_661,
        11_030_083,
    ),
    (
        "pos4",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        6,
        706_045_033,
        15_833_292,
    ),
    (
        "pos5",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        5,
        89_941_194,
        2_103_487,
    ),
    (
        "pos6",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        5,
        164_075_551,
        3_894_594,
    ),
];

const ENGINES: [&str; 5] = ["wingtip", "cozy-chess", "shakmaty", "chess", "stockfish"];

struct Stockfish {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Stockfish {
    fn start(path: &str) -> Option<Stockfish> {
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .ok()?;
        let stdin = child.stdin.take()?;
        let stdout = BufReader::new(child.stdout.take()?);
        let mut sf = Stockfish {
            child,
            stdin,
            stdout,
        };
        sf.send("uci");
        sf.wait_for("uciok")?;
        sf.send("setoption name Threads value 1");
        Some(sf)
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").expect("write to stockfish");
        self.stdin.flush().expect("flush stockfish");
    }

    fn wait_for(&mut self, prefix: &str) -> Option<String> {
        let mut line = String::new();
        loop {
            line.clear();
            if self.stdout.read_line(&mut line).ok()? == 0 {
                return None;
            }
            if line.starts_with(prefix) {
                return Some(line.trim().to_string());
            }
        }
    }

    fn perft(&mut self, fen: &str, depth: u32) -> (u64, Duration) {
        self.send(&format!("position fen {fen}"));
        self.send("isready");
        self.wait_for("readyok").expect("stockfish readyok");
        let pid = self.child.id();
        let cpu = process_cpu_ns(pid);
        let start = Instant::now();
        self.send(&format!("go perft {depth}"));
        let line = self.wait_for("Nodes searched").expect("stockfish perft");
        let elapsed = match (cpu, process_cpu_ns(pid)) {
            (Some(a), Some(b)) => Duration::from_nanos(b - a),
            _ => start.elapsed(),
        };
        let nodes = line.rsplit(' ').next().unwrap().parse().unwrap();
        (nodes, elapsed)
    }
}

impl Drop for Stockfish {
    fn drop(&mut self) {
        self.send("quit");
        let _ = self.child.wait();
    }
}

/// CPU time the calling thread has run, in nanoseconds (Linux `schedstat`).
///
/// The machine these numbers come from is shared, so the table is in CPU time of
/// the thread doing the work, which other processes disturb far less than wall
/// time. `PERFT_PEERS_WALL=1` switches to wall-clock time.
fn thread_cpu_ns() -> Option<u64> {
    if std::env::var_os("PERFT_PEERS_WALL").is_some() {
        return None;
    }
    common::thread_cpu_ns()
}

/// CPU time of all threads of process `pid`, in nanoseconds (Linux `schedstat`).
fn process_cpu_ns(pid: u32) -> Option<u64> {
    if std::env::var_os("PERFT_PEERS_WALL").is_some() {
        return None;
    }
    let mut total = 0;
    for task in std::fs::read_dir(format!("/proc/{pid}/task")).ok()? {
        let text = std::fs::read_to_string(task.ok()?.path().join("schedstat")).ok()?;
        total += text.split_whitespace().next()?.parse::<u64>().ok()?;
    }
    Some(total)
}

fn main() {
    // `cargo bench` passes `--bench`; ignore any arguments.
    let runs: usize = std::env::var("PERFT_PEERS_RUNS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(3)
        .max(1);
    let quick = std::env::var_os("PERFT_PEERS_QUICK").is_some();
    let only = std::env::var("PERFT_PEERS_ONLY").ok();
    let sf_path = std::env::var("STOCKFISH").unwrap_or_else(|_| "/usr/games/stockfish".into());
    let mut stockfish = if only.as_ref().is_none_or(|o| o.contains("stockfish")) {
        Stockfish::start(&sf_path)
    } else {
        None
    };
    if stockfish.is_none() && only.is_none() {
        println!("note: {sf_path} not found or not a UCI engine; stockfish column skipped");
    }
    println!(
        "perft, bulk counting, Mnps by {} time, median of {runs} runs; target bmi2: {}; cozy-chess pext feature: {}",
        if thread_cpu_ns().is_some() { "cpu" } else { "wall" },
        cfg!(target_feature = "bmi2"),
        cfg!(feature = "peers-pext")
    );
    print!("{:<9} {:>2} {:>11}", "position", "d", "nodes");
    for e in ENGINES {
        print!(" {:>17}", e);
    }
    println!("  wingtip/best peer");

    let mut worst_ratio = f64::INFINITY;
    for (name, fen, depth, nodes, nodes_less) in POSITIONS {
        let (depth, nodes) = if quick {
            (depth - 1, nodes_less)
        } else {
            (depth, nodes)
        };
        let wt = wingtip::Board::from_fen(fen).unwrap();
        let cz = cozy_chess::Board::from_fen(fen, false).unwrap();
        let sk: shakmaty::Chess = shakmaty::fen::Fen::from_ascii(fen.as_bytes())
            .unwrap()
            .into_position(shakmaty::CastlingMode::Standard)
            .unwrap();
        let ch = chess::Board::from_str(fen).unwrap();

        let mut mnps = [f64::NAN; 5];
        for (i, engine) in ENGINES.iter().enumerate() {
            if !only
                .as_ref()
                .is_none_or(|o| o.split(',').any(|e| e == *engine))
            {
                continue;
            }
            let mut times = Vec::new();
            for _ in 0..runs {
                let (n, t) = match *engine {
                    "wingtip" => timed(thread_cpu_ns, || {
                        wingtip::perft(std::hint::black_box(&wt), depth)
                    }),
                    "cozy-chess" => timed(thread_cpu_ns, || {
                        cozy_perft(std::hint::black_box(&cz), depth)
                    }),
                    "shakmaty" => timed(thread_cpu_ns, || {
                        shakmaty::perft(std::hint::black_box(&sk), depth)
                    }),
                    "chess" => timed(thread_cpu_ns, || {
                        chess::MoveGen::movegen_perft_test(
                            std::hint::black_box(&ch),
                            depth as usize,
                        ) as u64
                    }),
                    _ => match stockfish.as_mut() {
                        Some(sf) => sf.perft(fen, depth),
                        None => break,
                    },
                };
                assert_eq!(n, nodes, "{engine} on {name} depth {depth}");
                times.push(t);
            }
            if times.is_empty() {
                continue;
            }
            times.sort();
            let median = times[times.len() / 2];
            mnps[i] = nodes as f64 / median.as_secs_f64() / 1e6;
        }
        let best = mnps
            .iter()
            .copied()
            .filter(|x| !x.is_nan())
            .fold(0.0, f64::max);
        let best_peer = mnps[1..]
            .iter()
            .copied()
            .filter(|x| !x.is_nan())
            .fold(0.0, f64::max);
        print!("{:<9} {:>2} {:>11}", name, depth, nodes);
        for m in mnps {
            if m.is_nan() {
                print!(" {:>17}", "-");
            } else {
                print!(" {:>8.1} ({:>5.2}x)", m, m / best);
            }
        }
        if best_peer > 0.0 {
            let ratio = mnps[0] / best_peer;
            worst_ratio = worst_ratio.min(ratio);
            println!("  {ratio:.2}x");
        } else {
            println!("  -");
        }
    }
    if worst_ratio.is_finite() {
        println!("worst wingtip/best-peer ratio: {worst_ratio:.2}x");
    }
}
