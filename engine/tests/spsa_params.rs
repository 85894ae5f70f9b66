//! `engine/spsa_params.txt`, the SPSA parameter lines handed to
//! `rig/spsa.py` and OpenBench, agrees with the search's tunables: every
//! tunable once, with its default and range.

use wingtip::search::{Params, TUNABLES};

#[test]
fn spsa_lines_match_the_tunables() {
    let text = include_str!("../spsa_params.txt");
    let lines: Vec<Vec<&str>> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| l.split(',').map(str::trim).collect())
        .collect();
    assert_eq!(lines.len(), TUNABLES.len(), "one line per tunable");
    for (fields, t) in lines.iter().zip(TUNABLES) {
        assert_eq!(fields.len(), 7, "{fields:?}");
        let number = |i: usize| -> i32 { fields[i].parse().expect("an integer") };
        assert_eq!(fields[0], t.name);
        assert_eq!(fields[1], "int");
        assert_eq!(number(2), (t.get)(&Params::DEFAULT), "{} default", t.name);
        assert_eq!((number(3), number(4)), (t.min, t.max), "{} range", t.name);
    }
}
