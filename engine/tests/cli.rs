//! The engine binary's command line: `wingtip perft` and `wingtip bench` output and
//! errors (the contract is docs/design.md §5).

use std::process::Command;

fn wingtip(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_wingtip"))
        .args(args)
        .output()
        .expect("run wingtip");
    (
        out.status.success(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn prints_nodes_searched_last() {
    let (ok, out, _) = wingtip(&["perft", "3"]);
    assert!(ok);
    assert_eq!(out.lines().last(), Some("Nodes searched: 8902"));
    let (ok, out, _) = wingtip(&["perft", "0"]);
    assert!(ok);
    assert_eq!(out.trim(), "Nodes searched: 1");
}

#[test]
fn threads_and_a_table_count_the_same() {
    for args in [
        &["perft", "5", "--threads", "2"][..],
        &["perft", "5", "--threads", "3", "--hash", "1"],
        &["perft", "5", "--hash", "16"],
    ] {
        let (ok, out, err) = wingtip(args);
        assert!(ok, "{args:?}: {err}");
        assert_eq!(out.trim(), "Nodes searched: 4865609", "{args:?}");
        let threads = args
            .iter()
            .position(|&a| a == "--threads")
            .map_or("1", |i| args[i + 1]);
        assert!(err.contains(&format!("{threads} thread(s)")), "{err}");
        assert_eq!(
            err.contains("table hits"),
            args.contains(&"--hash"),
            "{err}"
        );
    }
}

#[test]
fn divide_lists_each_root_move() {
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let (ok, out, _) = wingtip(&["perft", "2", "--fen", kiwipete, "--divide"]);
    assert!(ok);
    let lines: Vec<&str> = out.lines().filter(|l| !l.is_empty()).collect();
    assert_eq!(lines.len(), 49);
    assert_eq!(lines[48], "Nodes searched: 2039");
    let sum: u64 = lines[..48]
        .iter()
        .map(|l| {
            let (mv, n) = l.split_once(": ").unwrap();
            assert!(mv.len() == 4 || mv.len() == 5, "{l}");
            n.parse::<u64>().unwrap()
        })
        .sum();
    assert_eq!(sum, 2039);
    assert!(lines.contains(&"e1g1: 43"), "castling listed as e1g1");
}

#[test]
fn closed_stdout_ends_quietly() {
    // The reader goes away before the first line (`wingtip bench | head -0`).
    let mut child = Command::new(env!("CARGO_BIN_EXE_wingtip"))
        .args(["bench", "4"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run wingtip");
    drop(child.stdout.take());
    let out = child.wait_with_output().expect("wait");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{:?} {stderr}", out.status);
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn bad_arguments_give_one_line_and_fail() {
    for args in [
        &["perft", "x"][..],
        &["perft", "-1"],
        &["perft", "99"],
        &["perft", "3", "--fen", "not a fen"],
        &["perft", "3", "--fen", "8/8/8/8/8/8/8/8 w - - 0 1"],
        &["perft", "3", "--threads", "0"],
        &["perft", "3", "--threads", "10000"],
        &["perft", "3", "--threads", "-1"],
        &["perft", "3", "--hash", "0"],
        &["perft", "3", "--hash", "x"],
        &["perft", "3", "--threads", "2", "--divide"],
    ] {
        let (ok, out, err) = wingtip(args);
        assert!(!ok, "{args:?}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert_eq!(err.trim().lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("error: "), "{args:?}: {err}");
    }
}

#[test]
fn perft_reads_castling_rights_by_the_rules_of_the_game() {
    // The king on d1 with corner rooks: no castling in standard chess.
    let d1 = "r3k2r/8/8/8/8/8/8/R2K3R w KQkq - 0 1";
    let (ok, out, err) = wingtip(&["perft", "1", "--fen", d1, "--divide"]);
    assert!(!ok && out.is_empty(), "{out}");
    assert_eq!(
        err,
        "error: fen: illegal position: castling right 'K' needs the white king on e1 and a rook \
         on h1 in standard chess (for Chess960, add --chess960)\n"
    );
    // Without those rights: python-chess's 24 moves.
    let (ok, out, _) = wingtip(&["perft", "1", "--fen", "r3k2r/8/8/8/8/8/8/R2K3R w kq - 0 1"]);
    assert!(ok);
    assert_eq!(out.lines().last(), Some("Nodes searched: 24"));
    // Chess960: 26 moves, castling as king takes rook, none listed twice.
    let (ok, out, _) = wingtip(&["perft", "1", "--fen", d1, "--divide", "--chess960"]);
    assert!(ok);
    let mut moves: Vec<&str> = out
        .lines()
        .filter_map(|l| l.split_once(": ").map(|(m, _)| m))
        .filter(|m| *m != "Nodes searched")
        .collect();
    assert_eq!(moves.len(), 26, "{out}");
    moves.sort();
    moves.dedup();
    assert_eq!(moves.len(), 26, "{out}");
    assert!(moves.contains(&"d1a1") && moves.contains(&"d1h1"), "{out}");
    assert_eq!(out.lines().last(), Some("Nodes searched: 26"));
}
