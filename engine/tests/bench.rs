//! `wingtip bench`: the node count is deterministic and pinned. A change that alters
//! the search changes this number on purpose, and its commit says so ("Bench: n",
//! the OpenBench habit); anything else that moves it is a bug.

use std::process::Command;

/// `wingtip bench` at its default depth (9).
const BENCH_NODES: u64 = 356_844;

fn bench() -> Vec<String> {
    let out = Command::new(env!("CARGO_BIN_EXE_wingtip"))
        .arg("bench")
        .output()
        .expect("run wingtip bench");
    assert!(out.status.success());
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn bench_node_count_is_pinned_and_openbench_can_read_it() {
    let lines = bench();
    let n = lines.len();
    assert!(n >= 3, "{lines:?}");
    assert_eq!(lines[n - 3], format!("Nodes searched: {BENCH_NODES}"));
    assert!(lines[n - 2].starts_with("Nodes/second: "), "{lines:?}");
    // OpenBench's format: `<nodes> nodes <nps> nps`.
    let last: Vec<&str> = lines[n - 1].split(' ').collect();
    assert_eq!(last.len(), 4, "{lines:?}");
    assert_eq!(last[0], BENCH_NODES.to_string());
    assert_eq!((last[1], last[3]), ("nodes", "nps"));
    assert!(last[2].parse::<u64>().unwrap() > 0);
    // Deterministic: a second run searches the same nodes.
    assert!(bench().contains(&format!("Nodes searched: {BENCH_NODES}")));
}
