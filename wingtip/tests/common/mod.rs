//! Helpers shared by the integration tests: a seeded generator for the fuzzers and
//! the EPD perft-suite reader. Each test file that needs them declares `mod common;`.
#![allow(dead_code)] // each test crate uses a part

/// xorshift64*: a small seeded generator, so every fuzz run sees the same inputs
/// and a failure reproduces.
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// One line of a perft suite: a FEN and its `(depth, leaf count)` pairs.
pub struct EpdEntry {
    pub fen: &'static str,
    pub counts: Vec<(u32, u64)>,
}

/// Reads a perft suite in the `FEN ;D1 20 ;D2 400` form (blank lines and `#`
/// comments skipped); panics naming the entry on a malformed one.
pub fn parse_epd(suite: &'static str) -> Vec<EpdEntry> {
    suite
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|line| {
            let mut parts = line.split(';');
            let fen = parts.next().unwrap().trim();
            let counts = parts
                .map(|p| {
                    let mut it = p.split_whitespace();
                    let d = it
                        .next()
                        .unwrap_or_else(|| panic!("empty entry in {line:?}"));
                    assert!(d.starts_with('D'), "bad entry {p:?} in {line:?}");
                    let depth = d[1..].parse().unwrap_or_else(|_| panic!("bad depth {p:?}"));
                    let nodes = it
                        .next()
                        .and_then(|n| n.parse().ok())
                        .unwrap_or_else(|| panic!("bad count {p:?}"));
                    (depth, nodes)
                })
                .collect();
            EpdEntry { fen, counts }
        })
        .collect()
}
