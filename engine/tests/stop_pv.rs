//! `go infinite` stopped at random moments: the last `info … pv X …` before
//! `bestmove X` starts with X (a search stopped inside an iteration whose best move
//! changed reports it before `bestmove`), node counts never go down, with one
//! thread or two; and `go searchmoves` keeps the search to the moves listed.
//! (`engine/tests/e2e/run.py` repeats the first check on the release binary.)

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::Duration;

struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_wingtip"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("run wingtip");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (send, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                if send.send(line.unwrap()).is_err() {
                    break;
                }
            }
        });
        Engine {
            child,
            stdin,
            lines,
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
    }

    /// Lines up to and including the one starting with `prefix`.
    fn until(&mut self, prefix: &str) -> Vec<String> {
        let mut lines = Vec::new();
        loop {
            let line = self
                .lines
                .recv_timeout(Duration::from_secs(30))
                .unwrap_or_else(|_| panic!("no {prefix} after {lines:?}"));
            let done = line.starts_with(prefix);
            lines.push(line);
            if done {
                return lines;
            }
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.child.wait();
    }
}

/// The value after `key` in an `info` line.
fn field<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let mut words = line.split_whitespace();
    words.find(|&w| w == key)?;
    words.next()
}

/// Checks one search's output: the last `pv` line starts with the best move, and
/// node counts never decrease. Returns the best move.
fn check(lines: &[String]) -> String {
    let best = lines.last().unwrap().split_whitespace().nth(1).unwrap();
    let with_pv: Vec<&String> = lines.iter().filter(|l| l.contains(" pv ")).collect();
    let last = with_pv
        .last()
        .unwrap_or_else(|| panic!("no pv line: {lines:?}"));
    assert_eq!(field(last, "pv"), Some(best), "{lines:#?}");
    let nodes: Vec<u64> = lines
        .iter()
        .filter_map(|l| field(l, "nodes")?.parse().ok())
        .collect();
    assert!(nodes.windows(2).all(|w| w[0] <= w[1]), "{lines:#?}");
    best.to_string()
}

#[test]
fn bestmove_is_the_first_move_of_the_last_pv_however_the_search_is_stopped() {
    let positions = [
        "startpos",
        "fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "fen r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
        "fen r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    ];
    let mut engine = Engine::start();
    // A fixed-seed xorshift: the same stop times on every run.
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for trial in 0..48 {
        if trial == 24 {
            engine.send("setoption name Threads value 2");
        }
        engine.send("ucinewgame");
        engine.send(&format!("position {}", positions[trial % positions.len()]));
        engine.send("go infinite");
        std::thread::sleep(Duration::from_millis(next() % 120));
        engine.send("stop");
        check(&engine.until("bestmove"));
    }
}

#[test]
fn searchmoves_keeps_the_search_to_the_moves_listed() {
    let mut engine = Engine::start();
    engine.send("position startpos");
    engine.send("go depth 6 searchmoves a2a3 h2h3");
    let lines = engine.until("bestmove");
    let best = check(&lines);
    assert!(best == "a2a3" || best == "h2h3", "{lines:#?}");
    for line in lines.iter().filter(|l| l.contains(" pv ")) {
        let first = field(line, "pv").unwrap();
        assert!(first == "a2a3" || first == "h2h3", "{line}");
    }
    // An illegal move in the list: one line, the others searched.
    engine.send("go depth 3 searchmoves e7e5 g1f3");
    let lines = engine.until("bestmove");
    assert_eq!(
        lines[0],
        "info string searchmoves: not legal here: e7e5; searching the others"
    );
    assert_eq!(check(&lines), "g1f3");
    // None legal: all moves searched.
    engine.send("go depth 3 searchmoves e2e5");
    let lines = engine.until("bestmove");
    assert!(lines[0].ends_with("searching all moves"), "{lines:?}");
    check(&lines);
    // The search after it is unrestricted again.
    engine.send("go depth 4");
    let lines = engine.until("bestmove");
    check(&lines);
}
