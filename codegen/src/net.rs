//! The evaluation network's file format: reading, checking, writing, and emitting the
//! weights as static Rust data for wingtip's `build.rs`.
//!
//! wingtip's evaluation either adds a small network's correction to its hand-set terms
//! or, for a network marked as a full evaluation, is the network's output alone
//! (`wingtip::eval::net`). The weights are trained outside the engine (`wingtip-net`,
//! in the `tuner` crate), saved in this format, committed as `src/eval/net.bin`, and
//! turned into `static` arrays at build time: the engine never reads a file and never
//! initialises anything at run time.
//!
//! Layout (all integers little-endian):
//!
//! | bytes | field |
//! |---|---|
//! | 4 | magic `WTNN` |
//! | 2 | format version, [`VERSION`] |
//! | 2 | inputs, [`INPUTS`] (piece × square from one side's view) times the king buckets `K` (1 without kind flag 8) |
//! | 2 | hidden width `H` per side, 1 ..= [`MAX_HIDDEN`] |
//! | 2 | first-layer scale, [`QA`] |
//! | 2 | output-layer scale, [`QB`] |
//! | 2 | kind, bit flags: 1 = the full evaluation (else a correction added to the hand-set terms), 2 = squared clipped-ReLU hidden units (else clipped ReLU), 4 = [`BUCKETS`] output buckets chosen by the number of pieces on the board (else one output), 8 = king-bucketed inputs (the king map below) |
//! | 64 | with kind flag 8 only: the king map, a byte per square of the view's own king (see below) |
//! | 2 · 768 · K · H | first-layer weights, `i16`, input-major |
//! | 2 · H | first-layer biases, `i16` |
//! | 2 · 2H · B | output weights, `i16`, bucket by bucket (B = 1, or [`BUCKETS`] with kind flag 4): the side to move's H, then the other side's H |
//! | 4 · B | output biases, `i32`, one per bucket |
//! | 8 | FNV-1a 64 of every byte before it |
//!
//! With buckets, a position with `n` pieces (kings and pawns included) reads bucket
//! `min((n − 2) / 4, 7)` (`wingtip::eval::net::bucket`): the output layer can weigh
//! the same hidden units differently in an opening, a middlegame and an ending, at no
//! cost to the incremental first layer.
//!
//! **King buckets.** With kind flag 8 each view has `K` sets of 768 inputs
//! (1 ≤ `K` ≤ [`MAX_KING_BUCKETS`]), and the square of the view's own king picks the
//! set. The king map's byte `i` is for the own king on square `i` of the view (a8 = 0 …
//! h1 = 63 as the view sees the board: Black's view is flipped vertically, so a king on
//! its home rank is on squares 56–63 in either view). Its bits 0–6 are the bucket, below
//! `K`, so the inputs read are rows `768 · bucket …`; bit 7 set mirrors the view
//! horizontally (every square's file `f` read as `7 − f`, the king's too), the usual way
//! to let a king on the g-file share weights with one on the b-file. Every bucket below
//! `K` must appear in the map. A king that moves to a square with another byte changes
//! every input of its own view, so the engine recomputes that view's sums from the board.

use std::fmt;
use std::path::Path;

/// The format version this crate reads and writes.
pub const VERSION: u16 = 1;
/// Inputs per side: 2 colours (own, other) × 6 roles × 64 squares.
pub const INPUTS: usize = 768;
/// The widest hidden layer accepted.
pub const MAX_HIDDEN: usize = 1024;
/// First-layer quantisation: a real weight `w` is stored as `round(w · QA)`, and the
/// clipped activation runs from 0 to `QA`.
pub const QA: i32 = 1024;
/// Output-layer quantisation: a real weight `w` is stored as `round(w · QB)`.
pub const QB: i32 = 256;
/// Bytes before the weights.
pub const HEADER: usize = 16;
/// Output buckets of a network with kind flag 4.
pub const BUCKETS: usize = 8;
/// The most king buckets (sets of [`INPUTS`] inputs) a network with kind flag 8 has.
pub const MAX_KING_BUCKETS: usize = 16;
/// The bit of a king map byte that mirrors the view horizontally.
pub const MIRROR: u8 = 0x80;
/// The king map's size in bytes.
pub const KING_MAP: usize = 64;
const MAGIC: &[u8; 4] = b"WTNN";

/// A network's integer weights, as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NetFile {
    /// Hidden width per side.
    pub hidden: usize,
    /// First-layer weights, `[INPUTS · king buckets][hidden]` flattened.
    pub w1: Vec<i16>,
    /// First-layer biases, `[hidden]`.
    pub b1: Vec<i16>,
    /// Output weights, `[buckets][2][hidden]` flattened: per bucket, the side to
    /// move's first.
    pub w2: Vec<i16>,
    /// Output biases, `[buckets]`, in units of `1 / (QA · QB)` pawn.
    pub b2: Vec<i32>,
    /// Output buckets: 1, or [`BUCKETS`] (kind flag 4) chosen by the piece count.
    pub buckets: usize,
    /// The king map of a king-bucketed network (kind flag 8), `None` for plain inputs.
    pub king_map: Option<[u8; KING_MAP]>,
    /// Whether the network is the whole evaluation (kind flag 1) rather than a
    /// correction added to the hand-set terms.
    pub full: bool,
    /// Whether the hidden units are squared clipped ReLUs, `clamp(x, 0, 1)²` (kind flag
    /// 2), rather than clipped ReLUs.
    pub squared: bool,
}

/// Why a network file was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NetError(pub String);

impl fmt::Display for NetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for NetError {}

/// FNV-1a, 64-bit.
pub fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// The file size for a hidden width and a number of output buckets (plain inputs).
pub const fn file_size(hidden: usize, buckets: usize) -> usize {
    layout_size(hidden, buckets, None)
}

/// The file size for a hidden width, a number of output buckets and, for a
/// king-bucketed network, its number of king buckets.
pub const fn layout_size(hidden: usize, buckets: usize, king_buckets: Option<usize>) -> usize {
    let (map, kings) = match king_buckets {
        Some(k) => (KING_MAP, k),
        None => (0, 1),
    };
    HEADER + map + 2 * (INPUTS * kings * hidden + hidden + 2 * hidden * buckets) + 4 * buckets + 8
}

/// The number of king buckets a king map names: one more than its highest bucket.
pub fn king_buckets(map: &[u8; KING_MAP]) -> usize {
    map.iter()
        .map(|&b| usize::from(b & !MIRROR) + 1)
        .max()
        .unwrap_or(1)
}

/// Checks a king map for `k` king buckets: every byte's bucket below `k`, and every
/// bucket used. The error names the first square that is wrong (a8 = 0 … h1 = 63).
pub fn check_king_map(map: &[u8; KING_MAP], k: usize) -> Result<(), NetError> {
    let mut used = [false; MAX_KING_BUCKETS];
    for (sq, &b) in map.iter().enumerate() {
        let bucket = usize::from(b & !MIRROR);
        if bucket >= k {
            return Err(NetError(format!(
                "king map square {sq}: bucket {bucket}, expected below {k}"
            )));
        }
        used[bucket] = true;
    }
    if let Some(b) = (0..k).find(|&b| !used[b]) {
        return Err(NetError(format!(
            "king map: bucket {b} of {k} is never used"
        )));
    }
    Ok(())
}

impl NetFile {
    /// The number of king buckets: 1 for plain inputs.
    pub fn kings(&self) -> usize {
        self.king_map.as_ref().map_or(1, king_buckets)
    }

    /// The first layer's rows: [`INPUTS`] times the king buckets.
    pub fn inputs(&self) -> usize {
        INPUTS * self.kings()
    }

    /// Serialises the network (header, king map, weights, checksum).
    pub fn to_bytes(&self) -> Vec<u8> {
        let kings = self.king_map.as_ref().map(king_buckets);
        let mut out = Vec::with_capacity(layout_size(self.hidden, self.buckets, kings));
        out.extend_from_slice(MAGIC);
        for v in [
            VERSION,
            self.inputs() as u16,
            self.hidden as u16,
            QA as u16,
            QB as u16,
            u16::from(self.full)
                | u16::from(self.squared) << 1
                | u16::from(self.buckets > 1) << 2
                | u16::from(self.king_map.is_some()) << 3,
        ] {
            out.extend_from_slice(&v.to_le_bytes());
        }
        if let Some(map) = &self.king_map {
            out.extend_from_slice(map);
        }
        for w in self.w1.iter().chain(&self.b1).chain(&self.w2) {
            out.extend_from_slice(&w.to_le_bytes());
        }
        for b in &self.b2 {
            out.extend_from_slice(&b.to_le_bytes());
        }
        let sum = fnv1a(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// Parses and checks a network file's bytes: magic, version, dimensions, scales,
    /// exact size and checksum. The error names the first thing that is wrong.
    pub fn from_bytes(bytes: &[u8]) -> Result<NetFile, NetError> {
        let err = |s: String| Err(NetError(s));
        if bytes.len() < HEADER {
            return err(format!(
                "{} bytes, shorter than the {HEADER}-byte header",
                bytes.len()
            ));
        }
        if &bytes[..4] != MAGIC {
            return err(format!(
                "does not start with the magic `WTNN` (found {:?})",
                String::from_utf8_lossy(&bytes[..4])
            ));
        }
        let u16_at = |i: usize| u16::from_le_bytes([bytes[i], bytes[i + 1]]);
        let (version, inputs, hidden, qa, qb, kind) = (
            u16_at(4),
            u16_at(6),
            u16_at(8) as usize,
            u16_at(10),
            u16_at(12),
            u16_at(14),
        );
        if version != VERSION {
            return err(format!(
                "format version {version}, this build reads version {VERSION}"
            ));
        }
        let inputs = usize::from(inputs);
        let king_map = if kind & 8 == 0 {
            if inputs != INPUTS {
                return err(format!("{inputs} inputs, expected {INPUTS}"));
            }
            None
        } else {
            if inputs % INPUTS != 0 || inputs == 0 || inputs / INPUTS > MAX_KING_BUCKETS {
                return err(format!(
                    "{inputs} inputs, expected {INPUTS} times 1 ..= {MAX_KING_BUCKETS} king buckets"
                ));
            }
            if bytes.len() < HEADER + KING_MAP {
                return err(format!(
                    "{} bytes, shorter than the header and the king map",
                    bytes.len()
                ));
            }
            let map: [u8; KING_MAP] = bytes[HEADER..HEADER + KING_MAP]
                .try_into()
                .expect("64 bytes");
            check_king_map(&map, inputs / INPUTS)?;
            Some(map)
        };
        if hidden == 0 || hidden > MAX_HIDDEN {
            return err(format!(
                "hidden width {hidden}, expected 1 ..= {MAX_HIDDEN}"
            ));
        }
        if i32::from(qa) != QA || i32::from(qb) != QB {
            return err(format!(
                "scales QA = {qa}, QB = {qb}, expected {QA} and {QB}"
            ));
        }
        if kind > 15 {
            return err(format!(
                "network kind {kind}, expected 0 to 15 (flags: 1 full evaluation, 2 squared units, 4 output buckets, 8 king buckets)"
            ));
        }
        let buckets = if kind & 4 != 0 { BUCKETS } else { 1 };
        let kings = king_map.as_ref().map(king_buckets);
        let size = layout_size(hidden, buckets, kings);
        if bytes.len() != size {
            let k = kings.map_or(String::new(), |k| format!(" and {k} king bucket(s)"));
            return err(format!(
                "{} bytes, a {hidden}-wide network with {buckets} output bucket(s){k} takes {size}",
                bytes.len()
            ));
        }
        let body = &bytes[..size - 8];
        let stored = u64::from_le_bytes(bytes[size - 8..].try_into().expect("8 bytes"));
        let actual = fnv1a(body);
        if stored != actual {
            return err(format!(
                "checksum {stored:016x} does not match the contents ({actual:016x}): the file is damaged"
            ));
        }
        let mut at = HEADER + if king_map.is_some() { KING_MAP } else { 0 };
        let mut take = |n: usize| -> Vec<i16> {
            let v = bytes[at..at + 2 * n]
                .chunks_exact(2)
                .map(|c| i16::from_le_bytes([c[0], c[1]]))
                .collect();
            at += 2 * n;
            v
        };
        let w1 = take(inputs * hidden);
        let b1 = take(hidden);
        let w2 = take(2 * hidden * buckets);
        let b2 = bytes[at..at + 4 * buckets]
            .chunks_exact(4)
            .map(|c| i32::from_le_bytes(c.try_into().expect("4 bytes")))
            .collect();
        Ok(NetFile {
            hidden,
            w1,
            b1,
            w2,
            b2,
            buckets,
            king_map,
            full: kind & 1 != 0,
            squared: kind & 2 != 0,
        })
    }

    /// Reads and checks a network file; errors start with the file's path.
    pub fn read(path: &Path) -> Result<NetFile, NetError> {
        let bytes = std::fs::read(path)
            .map_err(|e| NetError(format!("{}: cannot read: {e}", path.display())))?;
        NetFile::from_bytes(&bytes).map_err(|e| NetError(format!("{}: {e}", path.display())))
    }

    /// Whether every weight and bias is zero: a network that corrects nothing.
    pub fn is_zero(&self) -> bool {
        self.b2.iter().all(|&b| b == 0)
            && self
                .w1
                .iter()
                .chain(&self.b1)
                .chain(&self.w2)
                .all(|&w| w == 0)
    }

    /// Renders the weights as Rust constants for `include!`: `NET_HIDDEN`, `NET_W1`
    /// (`[[i16; NET_HIDDEN]; 768]`), `NET_B1`, `NET_W2` (`[[[i16; NET_HIDDEN]; 2];
    /// 8]`), `NET_B2` (`[i32; 8]`), `NET_BUCKETS`, `NET_ZERO`, `NET_FULL` and
    /// `NET_SQUARED` (wingtip builds its one `static` network from them). The output
    /// layer always has [`BUCKETS`] rows: a one-bucket network's is repeated, so the
    /// engine reads `bucket(pieces)` either way and gets the same output.
    pub fn render_rust(&self) -> String {
        use fmt::Write;
        let h = self.hidden;
        let mut s = String::with_capacity(8 * self.w1.len());
        let list = |s: &mut String, v: &[i16]| {
            s.push('[');
            for (i, w) in v.iter().enumerate() {
                if i > 0 {
                    s.push(',');
                }
                write!(s, "{w}").expect("write to String");
            }
            s.push(']');
        };
        // The format's constants, so that the library states none of them again.
        writeln!(
            s,
            "/// Inputs per side and king bucket (the file format's `INPUTS`)."
        )
        .unwrap();
        writeln!(s, "pub const NET_INPUTS: usize = {INPUTS};").unwrap();
        writeln!(
            s,
            "/// King buckets of the compiled-in network (1: plain inputs)."
        )
        .unwrap();
        writeln!(s, "pub const NET_KING_BUCKETS: usize = {};", self.kings()).unwrap();
        writeln!(
            s,
            "/// Whether the network has a king map (kind flag 8; all zeros without)."
        )
        .unwrap();
        writeln!(
            s,
            "pub const NET_KING_MAPPED: bool = {};",
            self.king_map.is_some()
        )
        .unwrap();
        writeln!(
            s,
            "/// Per square of the view's own king: bucket (bits 0-6), mirror (bit 7)."
        )
        .unwrap();
        write!(s, "pub const NET_KING_MAP: [u8; 64] = [").unwrap();
        for b in self.king_map.unwrap_or([0; KING_MAP]) {
            write!(s, "{b},").unwrap();
        }
        s.push_str("];\n");
        writeln!(s, "/// First-layer scale (the file format's `QA`).").unwrap();
        writeln!(s, "pub const NET_QA: i32 = {QA};").unwrap();
        writeln!(s, "/// Output-layer scale (the file format's `QB`).").unwrap();
        writeln!(s, "pub const NET_QB: i32 = {QB};").unwrap();
        writeln!(
            s,
            "/// Output buckets of a bucketed file (the file format's `BUCKETS`)."
        )
        .unwrap();
        writeln!(s, "pub const NET_MAX_BUCKETS: usize = {BUCKETS};").unwrap();
        writeln!(s, "/// Hidden width per side of the compiled-in network.").unwrap();
        writeln!(s, "pub const NET_HIDDEN: usize = {h};").unwrap();
        writeln!(
            s,
            "/// First-layer weights, one row of `NET_HIDDEN` per input (scale QA = {QA})."
        )
        .unwrap();
        write!(
            s,
            "pub const NET_W1: [[i16; NET_HIDDEN]; {}] = [",
            self.inputs()
        )
        .unwrap();
        for row in self.w1.chunks_exact(h) {
            list(&mut s, row);
            s.push_str(",\n");
        }
        s.push_str("];\n");
        writeln!(s, "/// First-layer biases (scale QA = {QA}).").unwrap();
        s.push_str("pub const NET_B1: [i16; NET_HIDDEN] = ");
        list(&mut s, &self.b1);
        s.push_str(";\n");
        writeln!(
            s,
            "/// Output buckets in the file (1: one output, repeated below)."
        )
        .unwrap();
        writeln!(s, "pub const NET_BUCKETS: usize = {};", self.buckets).unwrap();
        writeln!(
            s,
            "/// Output weights per bucket, side to move first (scale QB = {QB})."
        )
        .unwrap();
        write!(
            s,
            "pub const NET_W2: [[[i16; NET_HIDDEN]; 2]; {BUCKETS}] = ["
        )
        .unwrap();
        for b in 0..BUCKETS {
            let at = (b % self.buckets) * 2 * h;
            s.push('[');
            for half in self.w2[at..at + 2 * h].chunks_exact(h) {
                list(&mut s, half);
                s.push(',');
            }
            s.push_str("],\n");
        }
        s.push_str("];\n");
        writeln!(
            s,
            "/// Output biases per bucket (scale QA · QB = {}).",
            QA * QB
        )
        .unwrap();
        write!(s, "pub const NET_B2: [i32; {BUCKETS}] = [").unwrap();
        for b in 0..BUCKETS {
            write!(s, "{},", self.b2[b % self.buckets]).unwrap();
        }
        s.push_str("];\n");
        writeln!(
            s,
            "/// Whether every weight and bias is zero (the engine then skips the network)."
        )
        .unwrap();
        writeln!(s, "pub const NET_ZERO: bool = {};", self.is_zero()).unwrap();
        writeln!(
            s,
            "/// Whether the network is the whole evaluation (else a correction to the hand-set terms)."
        )
        .unwrap();
        writeln!(s, "pub const NET_FULL: bool = {};", self.full).unwrap();
        writeln!(
            s,
            "/// Whether the hidden units are squared clipped ReLUs (else clipped ReLUs)."
        )
        .unwrap();
        writeln!(s, "pub const NET_SQUARED: bool = {};", self.squared).unwrap();
        s
    }
}

/// Reads and checks `net` and writes `out_dir/net.rs` (only if its contents change).
pub fn emit_net(out_dir: &Path, net: &Path) -> Result<(), NetError> {
    let file = NetFile::read(net)?;
    let text = file.render_rust();
    let path = out_dir.join("net.rs");
    if std::fs::read(&path)
        .map(|old| old == text.as_bytes())
        .unwrap_or(false)
    {
        return Ok(());
    }
    std::fs::write(&path, text)
        .map_err(|e| NetError(format!("{}: cannot write: {e}", path.display())))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample_with(hidden: usize, buckets: usize) -> NetFile {
        let n = |len: usize, k: i32| {
            (0..len)
                .map(|i| ((i as i32 * k) % 601 - 300) as i16)
                .collect()
        };
        NetFile {
            hidden,
            w1: n(INPUTS * hidden, 7),
            b1: n(hidden, 13),
            w2: n(2 * hidden * buckets, 17),
            b2: (0..buckets as i32).map(|b| -12_345 + 1000 * b).collect(),
            buckets,
            king_map: None,
            full: hidden % 2 == 0,
            squared: hidden % 3 == 0,
        }
    }

    fn sample(hidden: usize) -> NetFile {
        sample_with(hidden, 1)
    }

    #[test]
    fn round_trip() {
        for (hidden, buckets) in [(3, 1), (4, 1), (3, BUCKETS), (4, BUCKETS)] {
            let net = sample_with(hidden, buckets);
            let bytes = net.to_bytes();
            assert_eq!(bytes.len(), file_size(hidden, buckets));
            assert_eq!(
                u16::from_le_bytes([bytes[14], bytes[15]]) & 4 != 0,
                buckets > 1
            );
            assert_eq!(NetFile::from_bytes(&bytes).unwrap(), net);
        }
    }

    #[test]
    fn every_damage_is_named() {
        let good = sample(2).to_bytes();
        let reason = |b: &[u8]| NetFile::from_bytes(b).unwrap_err().0;
        assert!(reason(&good[..10]).contains("shorter than"));
        let mut b = good.clone();
        b[0] = b'X';
        assert!(reason(&b).contains("magic"));
        let mut b = good.clone();
        b[4] = 9;
        assert!(reason(&b).contains("version 9"));
        let mut b = good.clone();
        b[7] = 0;
        assert!(reason(&b).contains("inputs"));
        let mut b = good.clone();
        b[8] = 0;
        assert!(reason(&b).contains("hidden width 0"));
        let mut b = good.clone();
        b[10] = 1;
        assert!(reason(&b).contains("scales"));
        let mut b = good.clone();
        b[14] = 16;
        assert!(reason(&b).contains("network kind 16"));
        // Kind flag 4 without the bucketed output layer's bytes: the size is wrong.
        let mut b = good.clone();
        b[14] |= 4;
        assert!(reason(&b).contains("8 output bucket(s) takes"));
        assert!(reason(&good[..good.len() - 1]).contains("takes"));
        let mut b = good.clone();
        b[HEADER + 3] ^= 1;
        assert!(reason(&b).contains("checksum"));
    }

    /// A king-bucketed sample: buckets by rank (the home rank 0, the next 1, the rest
    /// 2), mirrored when the king is on files e-h.
    fn kinged(hidden: usize, buckets: usize) -> NetFile {
        let mut map = [0u8; KING_MAP];
        for (sq, b) in map.iter_mut().enumerate() {
            let bucket = match sq / 8 {
                7 => 0,
                6 => 1,
                _ => 2,
            };
            *b = bucket | if sq % 8 >= 4 { MIRROR } else { 0 };
        }
        let mut net = sample_with(hidden, buckets);
        net.king_map = Some(map);
        net.w1 = (0..3 * INPUTS * hidden)
            .map(|i| (i % 1_001) as i16 - 500)
            .collect();
        net
    }

    #[test]
    fn king_buckets_round_trip_and_render() {
        for (hidden, buckets) in [(3, 1), (4, BUCKETS)] {
            let net = kinged(hidden, buckets);
            assert_eq!((net.kings(), net.inputs()), (3, 3 * INPUTS));
            let bytes = net.to_bytes();
            assert_eq!(bytes.len(), layout_size(hidden, buckets, Some(3)));
            assert_eq!(
                bytes.len(),
                file_size(hidden, buckets) + KING_MAP + 4 * INPUTS * hidden
            );
            assert_eq!(u16::from_le_bytes([bytes[6], bytes[7]]), 3 * INPUTS as u16);
            assert_eq!(u16::from_le_bytes([bytes[14], bytes[15]]) & 8, 8);
            assert_eq!(
                &bytes[HEADER..HEADER + KING_MAP],
                &net.king_map.unwrap()[..]
            );
            assert_eq!(NetFile::from_bytes(&bytes).unwrap(), net);
            let text = net.render_rust();
            assert!(text.contains("pub const NET_KING_BUCKETS: usize = 3;"));
            assert!(text.contains("pub const NET_KING_MAPPED: bool = true;"));
            assert!(text.contains(&format!(
                "pub const NET_W1: [[i16; NET_HIDDEN]; {}] = [",
                3 * INPUTS
            )));
            assert_eq!(text.matches("],\n").count(), 3 * INPUTS + BUCKETS);
            // The map: a8 (bucket 2), e1 (home rank, mirrored: 128) in order.
            assert!(text.contains("pub const NET_KING_MAP: [u8; 64] = [2,2,2,2,130,"));
        }
        // Plain inputs render an all-zero map and one king bucket.
        let text = sample(2).render_rust();
        assert!(text.contains("pub const NET_KING_BUCKETS: usize = 1;"));
        assert!(text.contains("pub const NET_KING_MAPPED: bool = false;"));
        assert!(text.contains(&format!(
            "pub const NET_KING_MAP: [u8; 64] = [{}];",
            "0,".repeat(64)
        )));
    }

    #[test]
    fn bad_king_maps_are_named() {
        let good = kinged(2, 1).to_bytes();
        let reason = |b: &[u8]| NetFile::from_bytes(b).unwrap_err().0;
        // The header says 3 buckets; a square naming bucket 3 (mirrored or not) is wrong.
        for byte in [3, 3 | MIRROR] {
            let mut b = good.clone();
            b[HEADER + 9] = byte;
            assert!(
                reason(&b).contains("king map square 9: bucket 3, expected below 3"),
                "{}",
                reason(&b)
            );
        }
        // A bucket no square uses.
        let mut b = good.clone();
        for sq in 48..56 {
            b[HEADER + sq] = 2;
        }
        assert!(reason(&b).contains("bucket 1 of 3 is never used"));
        // Inputs that are not a whole number of buckets, or too many buckets.
        let mut b = good.clone();
        b[6..8].copy_from_slice(&(3 * INPUTS as u16 + 1).to_le_bytes());
        assert!(reason(&b).contains("king buckets"));
        let mut b = good.clone();
        b[6..8].copy_from_slice(&(17 * INPUTS as u16).to_le_bytes());
        assert!(reason(&b).contains("king buckets"));
        // Plain inputs read with kind flag 8 set: their first weights are no king map.
        let mut b = sample(2).to_bytes();
        b[14] |= 8;
        assert!(reason(&b).contains("king map square 0"), "{}", reason(&b));
        // A map whose bytes pass but whose weights are one bucket short.
        let mut b = good.clone();
        b[6..8].copy_from_slice(&(2 * INPUTS as u16).to_le_bytes());
        for sq in 0..48 {
            b[HEADER + sq] = 1;
        }
        assert!(
            reason(&b).contains("2 king bucket(s) takes"),
            "{}",
            reason(&b)
        );
        // A map without flag 8 (inputs for 3 buckets): refused as plain inputs.
        let mut b = good.clone();
        b[14] &= !8;
        assert!(reason(&b).contains(&format!("{} inputs, expected {INPUTS}", 3 * INPUTS)));
        assert!(reason(&good[..HEADER + 10]).contains("king map"));
        let mut b = good.clone();
        b[HEADER + 63] ^= MIRROR;
        assert!(reason(&b).contains("checksum"));
    }

    #[test]
    fn rendered_items_hold_every_weight() {
        let net = sample(3);
        let text = net.render_rust();
        assert!(text.contains("pub const NET_HIDDEN: usize = 3;"));
        assert!(text.contains("pub const NET_B2: [i32; 8] = [-12345,-12345,-12345,-12345,-12345,-12345,-12345,-12345,];"));
        assert!(text.contains("pub const NET_BUCKETS: usize = 1;"));
        assert!(text.contains("pub const NET_ZERO: bool = false;"));
        assert!(text.contains("pub const NET_FULL: bool = false;"));
        assert!(text.contains("pub const NET_SQUARED: bool = true;"));
        assert!(sample(2)
            .render_rust()
            .contains("pub const NET_FULL: bool = true;"));
        let zero = NetFile {
            hidden: 2,
            w1: vec![0; INPUTS * 2],
            b1: vec![0; 2],
            w2: vec![0; 4],
            b2: vec![0],
            buckets: 1,
            king_map: None,
            full: false,
            squared: false,
        };
        assert!(zero
            .render_rust()
            .contains("pub const NET_ZERO: bool = true;"));
        // The first and last rows of the first layer, and the output weights in order.
        assert!(text.contains("[[-300,-293,-286],\n"));
        let last = &net.w1[net.w1.len() - 3..];
        assert!(text.contains(&format!("[{},{},{}],\n];", last[0], last[1], last[2])));
        // One bucket: its output weights repeated in all eight rows.
        let w2: Vec<String> = net.w2.iter().map(|w| w.to_string()).collect();
        let (us, them) = w2.split_at(3);
        let row = format!("[[{}],[{}],],\n", us.join(","), them.join(","));
        assert_eq!(text.matches(&row).count(), BUCKETS);
        assert_eq!(text.matches("],\n").count(), INPUTS + BUCKETS);
        // Eight buckets: each row its own, the biases in order.
        let net = sample_with(3, BUCKETS);
        let text = net.render_rust();
        assert!(text.contains("pub const NET_BUCKETS: usize = 8;"));
        for (b, half) in net.w2.chunks_exact(6).enumerate() {
            let w: Vec<String> = half.iter().map(|w| w.to_string()).collect();
            let row = format!("[[{}],[{}],],\n", w[..3].join(","), w[3..].join(","));
            assert!(text.contains(&row), "bucket {b}");
        }
        let biases: Vec<String> = net.b2.iter().map(|b| format!("{b},")).collect();
        assert!(text.contains(&format!(
            "pub const NET_B2: [i32; 8] = [{}];",
            biases.concat()
        )));
    }
}
