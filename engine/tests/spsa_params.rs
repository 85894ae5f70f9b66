//! `engine/spsa_params.txt`, the SPSA parameter lines handed to `rig/spsa.py` and
//! pasted into OpenBench, is exactly what `wingtip spsa-params` prints from the
//! search's tunables, so it cannot drift from them; and every line has the seven
//! fields OpenBench's form requires (no comment or empty line, which it refuses).

use std::process::Command;

use wingtip::search::{Params, TUNABLES};

#[test]
fn the_committed_file_is_the_generated_one() {
    let out = Command::new(env!("CARGO_BIN_EXE_wingtip"))
        .arg("spsa-params")
        .output()
        .expect("run wingtip");
    assert!(out.status.success());
    let generated = String::from_utf8(out.stdout).unwrap();
    let committed = include_str!("../spsa_params.txt");
    assert_eq!(
        committed, generated,
        "engine/spsa_params.txt is stale: cargo run --release -- spsa-params > engine/spsa_params.txt"
    );
}

#[test]
fn spsa_lines_match_the_tunables_in_openbench_format() {
    let text = include_str!("../spsa_params.txt");
    let lines: Vec<Vec<&str>> = text
        .lines()
        .map(|l| l.split(',').map(str::trim).collect())
        .collect();
    assert_eq!(lines.len(), TUNABLES.len(), "one line per tunable");
    for (fields, t) in lines.iter().zip(TUNABLES) {
        // OpenBench: `name, data_type, value, minimum, maximum, c, r = line.split(',')`.
        assert_eq!(fields.len(), 7, "{fields:?}");
        let number = |i: usize| -> i32 { fields[i].parse().expect("an integer") };
        let float = |i: usize| -> f64 { fields[i].parse().expect("a number") };
        assert_eq!(fields[0], t.name);
        assert_eq!(fields[1], "int");
        assert_eq!(number(2), (t.get)(&Params::DEFAULT), "{} default", t.name);
        assert_eq!((number(3), number(4)), (t.min, t.max), "{} range", t.name);
        assert!(float(5) > 0.0 && float(6) > 0.0, "{fields:?}");
    }
}
