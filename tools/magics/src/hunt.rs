//! Hunting denser rook and bishop magics: per square, a magic with fewer index bits
//! than the current entry (constructive collisions allowed, docs/design.md §2).
//!
//! # How a hunt is organised
//!
//! Work is cut into *chunks*. Chunk `c` of square `sq` at target width `bits` draws
//! from its own generator, seeded by [`chunk_seed`]`(seed, family, sq, bits, c)`.
//! What a chunk does is the hunt's [`Method`]: with [`Method::DepthFirst`] every
//! chunk is one depth-first search of [`crate::dfs::DFS_NODES`] choices
//! ([`crate::dfs`]); with [`Method::Scan`] (the default) the same search with its
//! first level fixed ([`DepthFirst::run_head`]); with [`Method::Classic`] even chunks test
//! [`CHUNK_TRIES`] random candidates ([`run_chunk`]) and odd chunks hill-climb on the
//! collision count ([`run_local_chunk`]). So:
//! - the outcome of a chunk depends on nothing else (not the thread that ran it, not
//!   the other squares, not the clock): a hunt with a `--tries` budget is
//!   deterministic, whatever the number of threads;
//! - resuming is exact: the folder keeps a small progress file per family
//!   ([`progress_path`])
//!   listing how many chunks of each `(seed, square, bits)` are done, and a rerun
//!   starts from the current files at the next chunk; a chunk cut short by Ctrl-C or
//!   the time limit is simply redone;
//! - independent jobs use different `--seed`s and never repeat each other's work;
//!   [`crate::merge`] combines their folders.
//!
//! Threads take squares round-robin from a queue, one chunk at a time, so a time
//! budget is spread evenly over the squares; a square is never worked on by two
//! threads at once. The coordinating thread writes every improvement at once through
//! [`crate::store`] (verified, no worse, temporary file and atomic rename), so an
//! interrupted hunt leaves a consistent folder.
//!
//! # The hot path
//!
//! Each candidate goes through [`SquareChecker::check`]: the collision check over the
//! square's subsets with an epoch-stamped scratch table (never cleared between
//! candidates). The full-width pre-filter of [`SquareChecker::accepts`] is skipped:
//! at reduced widths it rejects most valid magics. Almost every candidate fails
//! within the first few dozen subsets, so a try costs tens of nanoseconds.

use crate::dfs::{DepthFirst, DFS_NODES};
use crate::format::{Entry, FamilyNotes};
use crate::geometry::{parse_square, square_name, subsets};
use crate::reference::family_attacks;
use crate::rng::{stream_seed, SplitMix64};
use crate::search::{complete_family, DEFAULT_SEED};
use crate::stats::compact_entries;
use crate::store::{read_existing_file, replace_files, write_atomic, StoreError, Update};
use crate::tables::compact_row_len;
use crate::verify::{verify_entry, SquareChecker};
use crate::Family;
use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{mpsc, Mutex};
use std::time::{Duration, Instant};

/// Candidates per chunk: the unit of scheduling, of resuming and of `--tries`.
pub const CHUNK_TRIES: u64 = 1 << 16;

/// Returns the progress file a hunt of `family` keeps in its output folder,
/// `.hunt-<family>.progress` (safe to delete: the next hunt then starts each
/// square's chunks from zero). One file per family, so a rook hunt and a bishop hunt
/// can share a folder.
pub fn progress_path(dir: &Path, family: Family) -> PathBuf {
    dir.join(format!(".hunt-{family}.progress"))
}

/// Returns the log a hunt of `family` appends to in its output folder,
/// `.hunt-<family>.log`: one line per event, `seconds event bits compact`, where
/// `seconds` is the wall time of hunting in this folder over every run, `event` is
/// `start` (with the thread count as `bits`), a square's name (an improvement to
/// `bits`) or `end`, and `compact` the family's compact-table entries after it.
/// `wingtip-magics plot` draws it.
pub fn log_path(dir: &Path, family: Family) -> PathBuf {
    dir.join(format!(".hunt-{family}.log"))
}

/// What a hunt's chunks do.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Method {
    /// Even chunks random candidates, odd chunks hill climbing (the method of every
    /// entry noted `hunt seed S chunk C`).
    Classic,
    /// Every chunk one depth-first search ([`crate::dfs`]); notes read
    /// `hunt dfs seed S chunk C`.
    DepthFirst,
    /// Every chunk one depth-first search whose first level is fixed, coarsest
    /// values first, [`crate::dfs::HEAD_CHUNKS`] chunks each
    /// ([`DepthFirst::run_head`]); notes read `hunt scan seed S chunk C`. The default.
    #[default]
    Scan,
    /// Shortens rows instead of narrowing them: each chunk hill-climbs at the
    /// entry's own width, counting an occupancy whose index reaches the last slot
    /// of the entry's current compact row ([`compact_row_len`]) as a collision, so a
    /// find ends the row at least one slot earlier ([`run_local_chunk`] with a row limit); notes
    /// read `hunt trim seed S chunk C row R`, `R` the row limit searched (every
    /// index below `R`: a row of at most `R` entries).
    Trim,
}

impl fmt::Display for Method {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Method::Classic => "classic",
            Method::DepthFirst => "dfs",
            Method::Scan => "scan",
            Method::Trim => "trim",
        })
    }
}

impl std::str::FromStr for Method {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "classic" => Ok(Method::Classic),
            "dfs" => Ok(Method::DepthFirst),
            "scan" => Ok(Method::Scan),
            "trim" => Ok(Method::Trim),
            _ => Err(format!(
                "unknown method {s:?} (expected scan, dfs, classic or trim)"
            )),
        }
    }
}

/// The note a hunt writes beside an entry it found: the method, the seed and the
/// chunk whose generator produced it (`hunt seed 8 chunk 1234` for the classic
/// method, `hunt dfs seed 8 chunk 12` for the depth-first one), and for
/// [`Method::Trim`] the row limit the chunk searched below (`row`; the other
/// methods ignore it). With the square and the width from the entry itself, that
/// chunk can be run again ([`rerun_chunk`]).
pub fn hunt_note(method: Method, seed: u64, chunk: u64, row: Option<usize>) -> String {
    match method {
        Method::Classic => format!("hunt seed {seed} chunk {chunk}"),
        Method::DepthFirst => format!("hunt dfs seed {seed} chunk {chunk}"),
        Method::Scan => format!("hunt scan seed {seed} chunk {chunk}"),
        Method::Trim => format!(
            "hunt trim seed {seed} chunk {chunk} row {}",
            row.unwrap_or(0)
        ),
    }
}

/// Reads a note written by [`hunt_note`]: `(method, seed, chunk, row)`, `row` set
/// for [`Method::Trim`] only.
pub fn parse_hunt_note(note: &str) -> Option<(Method, u64, u64, Option<usize>)> {
    let f: Vec<&str> = note.split_whitespace().collect();
    let (method, seed, chunk, row) = match f.as_slice() {
        ["hunt", "seed", seed, "chunk", chunk] => (Method::Classic, seed, chunk, None),
        ["hunt", "dfs", "seed", seed, "chunk", chunk] => (Method::DepthFirst, seed, chunk, None),
        ["hunt", "scan", "seed", seed, "chunk", chunk] => (Method::Scan, seed, chunk, None),
        ["hunt", "trim", "seed", seed, "chunk", chunk, "row", row] => (
            Method::Trim,
            seed,
            chunk,
            Some(row.parse().ok().filter(|&r| r > 0)?),
        ),
        _ => return None,
    };
    Some((method, seed.parse().ok()?, chunk.parse().ok()?, row))
}

/// Returns the generator seed of a chunk of `method`: [`chunk_seed`] for the classic
/// method, and a different stream for the depth-first one, so the two never share
/// a generator; a trim chunk's stream also depends on its row limit.
fn method_chunk_seed(
    method: Method,
    seed: u64,
    family: Family,
    sq: u8,
    bits: u8,
    chunk: u64,
    row: usize,
) -> u64 {
    let s = chunk_seed(seed, family, sq, bits, chunk);
    match method {
        Method::Classic => s,
        Method::DepthFirst => SplitMix64::new(s ^ 0x6466_735F_6368_756E).next_u64(),
        Method::Scan => SplitMix64::new(s ^ 0x7363_616E_6865_6164).next_u64(),
        Method::Trim => SplitMix64::new(
            s ^ 0x7472_696D_726F_7773 ^ (row as u64).wrapping_mul(0xA24B_AED4_963E_E407),
        )
        .next_u64(),
    }
}

/// Runs chunk `chunk` of `(method, seed, family, sq, bits)` again, exactly as a hunt
/// runs it, and returns what it found. `row` is a [`Method::Trim`] chunk's row
/// limit (the other methods search whole rows, `2^bits`, and ignore it).
pub fn rerun_chunk(
    method: Method,
    family: Family,
    sq: u8,
    bits: u8,
    seed: u64,
    chunk: u64,
    row: Option<usize>,
) -> ChunkResult {
    let (stop, tries) = (AtomicBool::new(false), AtomicU64::new(0));
    let row = row.filter(|_| method == Method::Trim).unwrap_or(1 << bits);
    let chunk_seed = method_chunk_seed(method, seed, family, sq, bits, chunk, row);
    if method == Method::Trim {
        run_local_chunk(
            &mut CollisionCounter::new(family, sq),
            bits,
            row,
            chunk_seed,
            &stop,
            &tries,
        )
    } else if method == Method::DepthFirst {
        DepthFirst::new(family, sq).run(bits, chunk_seed, &stop, &tries)
    } else if method == Method::Scan {
        DepthFirst::new(family, sq).run_head(bits, chunk, chunk_seed, &stop, &tries)
    } else if chunk % 2 == 0 {
        run_chunk(
            &mut SquareChecker::new(family, sq),
            bits,
            chunk_seed,
            &stop,
            &tries,
        )
    } else {
        run_local_chunk(
            &mut CollisionCounter::new(family, sq),
            bits,
            1 << bits,
            chunk_seed,
            &stop,
            &tries,
        )
    }
}

/// How often a worker looks at the stop flag, in candidates.
const STOP_POLL: u64 = 1024;

/// How long a hunt may run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// At most `n.div_ceil(CHUNK_TRIES)` chunks per square and index width, counted
    /// over every run in the folder (the progress file): deterministic, and a hunt
    /// killed and resumed ends with the same files as one never interrupted.
    Tries(u64),
    /// Until this much time has passed.
    Time(Duration),
    /// Until stopped (Ctrl-C) or every square reaches its floor.
    Unlimited,
}

/// What to hunt.
#[derive(Clone, Debug)]
pub struct HuntConfig {
    /// `Family::Rook` or `Family::Bishop`.
    pub family: Family,
    /// The squares to work on, in queue order.
    pub squares: Vec<u8>,
    /// The budget.
    pub budget: Budget,
    /// Worker threads (at least 1; more than the number of squares is useless).
    pub threads: usize,
    /// The seed of every chunk's generator.
    pub seed: u64,
    /// What each chunk does.
    pub method: Method,
}

/// Why a hunt could not start or could not save its results.
#[derive(Debug)]
pub enum HuntError {
    /// The family has no variable width (the line families are already minimal).
    NotHuntable(Family),
    /// The progress file is garbled (delete it to start every square from chunk 0).
    Progress {
        /// The file.
        path: PathBuf,
        /// The 1-based line.
        line: usize,
        /// What was wrong.
        reason: String,
    },
    /// A magics file is unreadable, invalid, or could not be written.
    Store(StoreError),
}

impl fmt::Display for HuntError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HuntError::NotHuntable(family) => write!(
                f,
                "family {family} cannot be hunted: line magics are exact gathers, already minimal (use rook or bishop)"
            ),
            HuntError::Progress { path, line, reason } => write!(
                f,
                "{}:{line}: {reason} (delete the file to restart the hunt's bookkeeping)",
                path.display()
            ),
            HuntError::Store(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for HuntError {}

impl From<StoreError> for HuntError {
    fn from(e: StoreError) -> Self {
        HuntError::Store(e)
    }
}

/// Returns the narrowest index width that can possibly work for `family` on `sq`:
/// `ceil(log2(number of distinct attack sets))`, at least 1. No magic exists below
/// it, so a hunt stops there.
pub fn floor_bits(family: Family, sq: u8) -> u8 {
    let distinct: BTreeSet<u64> = subsets(family.mask(sq))
        .map(|o| family_attacks(family, sq, o))
        .collect();
    let n = distinct.len().max(2);
    (usize::BITS - (n - 1).leading_zeros()) as u8
}

/// Returns the generator seed of one chunk: independent of every other chunk,
/// square, width, family and seed.
pub fn chunk_seed(seed: u64, family: Family, sq: u8, bits: u8, chunk: u64) -> u64 {
    let mut g = SplitMix64::new(
        stream_seed(seed, family as u8, sq)
            ^ (bits as u64).wrapping_mul(0xD6E8_FEB8_6659_FD93)
            ^ chunk.wrapping_mul(0x9E37_79B9_7F4A_7C15),
    );
    g.next_u64()
}

/// Returns candidate number `i` of a chunk from `rng`.
///
/// Three shapes take turns: dense numbers (the OR of two uniform draws, about 48 of
/// 64 bits set) half of the time, uniform numbers, and negated right-shifted uniform
/// numbers (`-(r >> k)`: many leading ones, the shape of the narrow magics Volker
/// Annuss published on CCC). Measured on the bishop squares one bit below full
/// width, 10^6 candidates per square, squares improved: sparse numbers (about 8
/// bits set, the classic full-width choice; chessprogramming wiki, "Looking for
/// Magics") 0, complements of sparse numbers 3, negated shifted 9, uniform 9, dense
/// 13.
pub fn candidate(rng: &mut SplitMix64, i: u64) -> u64 {
    match i % 4 {
        0 | 2 => rng.next_u64() | rng.next_u64(),
        1 => rng.next_u64(),
        _ => (rng.next_u64() >> (rng.next_u64() % 40)).wrapping_neg(),
    }
}

/// How one chunk ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChunkResult {
    /// A valid magic at the target width.
    Found(u64),
    /// All candidates failed.
    Exhausted,
    /// The stop flag was raised first (the chunk does not count).
    Stopped,
}

/// Runs one random chunk: [`CHUNK_TRIES`] candidates at `bits` for the checker's
/// square. Adds the candidates tried to `tries`.
pub fn run_chunk(
    checker: &mut SquareChecker,
    bits: u8,
    chunk_seed: u64,
    stop: &AtomicBool,
    tries: &AtomicU64,
) -> ChunkResult {
    let mut rng = SplitMix64::new(chunk_seed);
    let mut i = 0;
    while i < CHUNK_TRIES {
        if stop.load(Ordering::Relaxed) {
            tries.fetch_add(i % STOP_POLL, Ordering::Relaxed);
            return ChunkResult::Stopped;
        }
        for _ in 0..STOP_POLL {
            let magic = candidate(&mut rng, i);
            i += 1;
            // No pre-filter: the full-width one (6 of the top 8 product bits set)
            // rejected 4 of the 5 valid 4-bit bishop magics a test run found.
            if checker.check(bits, magic).is_ok() {
                tries.fetch_add((i - 1) % STOP_POLL + 1, Ordering::Relaxed);
                return ChunkResult::Found(magic);
            }
        }
        tries.fetch_add(STOP_POLL, Ordering::Relaxed);
    }
    ChunkResult::Exhausted
}

/// Candidates (evaluations) per local-search chunk; an evaluation costs a full pass
/// over the subsets, so this is a quarter of a random chunk's count.
pub const LOCAL_EVALS: u64 = CHUNK_TRIES / 4;

/// Moves without improvement before a local search restarts from a fresh candidate.
const LOCAL_PATIENCE: u32 = 3000;

/// Counts the *bad* collisions of a candidate: occupancies whose index already
/// holds a different attack set. Zero means valid. The scratch table is
/// epoch-stamped like [`SquareChecker`]'s.
pub struct CollisionCounter {
    /// Magic bits at or above this one never reach an index (every occupancy has
    /// its lowest bit at or above the mask's), so flipping them is a wasted move.
    relevant: u32,
    occupancies: Vec<u64>,
    attacks: Vec<u64>,
    epoch: u32,
    stamps: Vec<(u32, u64)>,
}

impl CollisionCounter {
    /// Prepares `family` on `sq`.
    pub fn new(family: Family, sq: u8) -> Self {
        let mask = family.mask(sq);
        let (occupancies, attacks) = crate::verify::occupancies_and_attacks(family, sq);
        Self {
            relevant: 64 - mask.trailing_zeros().min(63),
            occupancies,
            attacks,
            epoch: 0,
            stamps: Vec::new(),
        }
    }

    /// Returns the bad collisions of `magic` at `bits`, or any number above `limit`
    /// as soon as the count exceeds it. An occupancy whose index is `row` or more
    /// counts as one too (`row = 2^bits`: none does).
    pub fn bad(&mut self, bits: u8, row: usize, magic: u64, limit: u32) -> u32 {
        let size = 1usize << bits;
        if self.stamps.len() < size {
            self.stamps.resize(size, (0, 0));
        }
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.stamps.iter_mut().for_each(|s| s.0 = 0);
            self.epoch = 1;
        }
        let (epoch, shift) = (self.epoch, 64 - bits as u32);
        let stamps = &mut self.stamps[..size];
        let mut bad = 0;
        for (&o, &a) in self.occupancies.iter().zip(&self.attacks) {
            let index = (o.wrapping_mul(magic) >> shift) as usize;
            let slot = &mut stamps[index];
            if index >= row {
                bad += 1;
                if bad > limit {
                    return bad;
                }
            } else if slot.0 != epoch {
                *slot = (epoch, a);
            } else if slot.1 != a {
                bad += 1;
                if bad > limit {
                    return bad;
                }
            }
        }
        bad
    }
}

/// Runs one local-search chunk: hill climbing on the number of bad collisions at
/// `bits` ([`CollisionCounter`]), moving by one- or two-bit flips (of the bits
/// that reach the index) and accepting
/// sideways moves, restarting from a fresh dense candidate after
/// `LOCAL_PATIENCE` moves without progress; [`LOCAL_EVALS`] evaluations in all.
/// The idea of scoring candidates by their collisions at one bit less is Volker
/// Annuss's (CCC, "How to reduce the bits used in a magic number"); this search is
/// a plain hill climb. Measured on the bishop squares one bit below full width,
/// 0.3 s per square: 20 squares improved, against 9 for random candidates given
/// 10^6 tries. With `row` below `2^bits` an index at `row` or above also counts as a
/// collision, so a find uses only the first `row` slots ([`Method::Trim`]).
pub fn run_local_chunk(
    counter: &mut CollisionCounter,
    bits: u8,
    row: usize,
    chunk_seed: u64,
    stop: &AtomicBool,
    tries: &AtomicU64,
) -> ChunkResult {
    let mut rng = SplitMix64::new(chunk_seed);
    let mut evals = 0u64;
    let mut flushed = 0u64;
    let mut current = rng.next_u64() | rng.next_u64();
    let mut score = counter.bad(bits, row, current, u32::MAX);
    let mut stale = 0u32;
    while evals < LOCAL_EVALS {
        if evals % 256 == 0 {
            tries.fetch_add(evals - flushed, Ordering::Relaxed);
            flushed = evals;
            if stop.load(Ordering::Relaxed) {
                return ChunkResult::Stopped;
            }
        }
        if score == 0 {
            tries.fetch_add(evals - flushed, Ordering::Relaxed);
            return ChunkResult::Found(current);
        }
        if stale >= LOCAL_PATIENCE {
            current = rng.next_u64() | rng.next_u64();
            score = counter.bad(bits, row, current, u32::MAX);
            stale = 0;
            evals += 1;
            continue;
        }
        let r = rng.next_u64();
        let bit = |x: u64| 1u64 << ((x & 63) as u32 % counter.relevant);
        let mut next = current ^ bit(r);
        if r >> 6 & 1 != 0 {
            next ^= bit(r >> 7);
        }
        let s = counter.bad(bits, row, next, score);
        evals += 1;
        stale = if s < score { 0 } else { stale + 1 };
        if s <= score {
            current = next;
            score = s;
        }
    }
    tries.fetch_add(evals - flushed, Ordering::Relaxed);
    if score == 0 {
        return ChunkResult::Found(current);
    }
    ChunkResult::Exhausted
}

/// The hunt's bookkeeping: chunks done per `(family, method, seed, square, bits)`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    done: BTreeMap<(Family, Method, u64, u8, u8), u64>,
}

/// What a progress line must look like.
const EXPECTED_PROGRESS: &str = "expected `family seed square bits chunks [dfs|scan|trim]`";

impl Progress {
    /// Returns the chunks done for one key.
    pub fn chunks(&self, family: Family, method: Method, seed: u64, sq: u8, bits: u8) -> u64 {
        self.done
            .get(&(family, method, seed, sq, bits))
            .copied()
            .unwrap_or(0)
    }

    /// Sets the chunks done for one key (0 removes it); for [`Method::Trim`], `bits` is
    /// the entry's own width and the count is for its current row limit.
    pub fn set(
        &mut self,
        family: Family,
        method: Method,
        seed: u64,
        sq: u8,
        bits: u8,
        chunks: u64,
    ) {
        if chunks == 0 {
            self.done.remove(&(family, method, seed, sq, bits));
        } else {
            self.done.insert((family, method, seed, sq, bits), chunks);
        }
    }

    /// Returns the file text.
    pub fn render(&self) -> String {
        let mut s = format!(
            "# wingtip magics hunt progress: chunks done (depth-first: {DFS_NODES} choices each; classic: {CHUNK_TRIES} random candidates or {LOCAL_EVALS} hill-climb steps)\n\
             # family seed square bits chunks [dfs|scan|trim] (safe to delete; see `wingtip magics hunt --help`)\n"
        );
        for (&(family, method, seed, sq, bits), &chunks) in &self.done {
            let tag = match method {
                Method::DepthFirst => " dfs",
                Method::Scan => " scan",
                Method::Trim => " trim",
                Method::Classic => "",
            };
            s.push_str(&format!(
                "{family} {seed} {} {bits} {chunks}{tag}\n",
                square_name(sq)
            ));
        }
        s
    }

    /// Parses the file text. This never panics.
    ///
    /// # Errors
    /// The 1-based line and the reason of the first line that does not parse.
    pub fn parse(text: &str) -> Result<Self, (usize, String)> {
        let mut p = Progress::default();
        for (i, raw) in text.lines().enumerate() {
            let line = raw.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let f: Vec<&str> = line.split_whitespace().collect();
            let bad = |what: &str| (i + 1, format!("{what} in {line:?}"));
            let method = match f.get(5) {
                None => Method::Classic,
                Some(&"dfs") if f.len() == 6 => Method::DepthFirst,
                Some(&"scan") if f.len() == 6 => Method::Scan,
                Some(&"trim") if f.len() == 6 => Method::Trim,
                _ => return Err(bad(EXPECTED_PROGRESS)),
            };
            if f.len() < 5 {
                return Err(bad(EXPECTED_PROGRESS));
            }
            let family: Family = f[0].parse().map_err(|_| bad("unknown family"))?;
            let seed: u64 = f[1].parse().map_err(|_| bad("bad seed"))?;
            let sq = parse_square(f[2]).ok_or_else(|| bad("bad square"))?;
            let bits: u8 = f[3]
                .parse()
                .ok()
                .filter(|b| (1..=64).contains(b))
                .ok_or_else(|| bad("bad bits"))?;
            let chunks: u64 = f[4].parse().map_err(|_| bad("bad chunk count"))?;
            p.set(family, method, seed, sq, bits, chunks);
        }
        Ok(p)
    }

    /// Reads `dir`'s progress file for `family`; an absent file is empty progress.
    ///
    /// # Errors
    /// [`HuntError::Progress`] for an unreadable or garbled file.
    pub fn load(dir: &Path, family: Family) -> Result<Self, HuntError> {
        let path = progress_path(dir, family);
        let err = |line, reason| HuntError::Progress {
            path: path.clone(),
            line,
            reason,
        };
        match std::fs::read(&path) {
            Ok(bytes) => {
                let text = String::from_utf8(bytes).map_err(|_| err(0, "not UTF-8".into()))?;
                Progress::parse(&text).map_err(|(l, r)| err(l, r))
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Progress::default()),
            Err(e) => Err(err(0, format!("cannot read: {e}"))),
        }
    }

    /// Writes `dir`'s progress file for `family` atomically.
    ///
    /// # Errors
    /// [`StoreError::Io`].
    pub fn save(&self, dir: &Path, family: Family) -> Result<(), StoreError> {
        write_atomic(&progress_path(dir, family), self.render().as_bytes())
    }
}

/// The hunt's event log ([`log_path`]), opened for appending.
struct HuntLog {
    path: PathBuf,
    file: std::fs::File,
    /// Seconds of hunting logged by earlier runs in this folder.
    base: f64,
}

impl HuntLog {
    /// Opens (creating) the log of `family` in `dir`; earlier runs' time is read from
    /// its last line, so the time axis runs on over resumed hunts.
    fn open(dir: &Path, family: Family) -> Result<Self, HuntError> {
        let path = log_path(dir, family);
        let io = |source| {
            HuntError::Store(StoreError::Io {
                path: path.clone(),
                source,
            })
        };
        let base = match std::fs::read_to_string(&path) {
            Ok(text) => match parse_log(&text) {
                Ok(events) => events.last().map_or(0.0, |e| e.seconds),
                Err((line, reason)) => {
                    return Err(HuntError::Progress {
                        path: path.clone(),
                        line,
                        reason,
                    })
                }
            },
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => 0.0,
            Err(e) => return Err(io(e)),
        };
        std::fs::create_dir_all(dir).map_err(io)?;
        let file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&path)
            .map_err(io)?;
        Ok(Self { path, file, base })
    }

    /// Appends one event `seconds` into this run.
    fn event(
        &mut self,
        seconds: f64,
        event: &str,
        bits: u8,
        compact: u64,
    ) -> Result<(), HuntError> {
        use std::io::Write as _;
        let line = format!("{:.1} {event} {bits} {compact}\n", self.base + seconds);
        self.file.write_all(line.as_bytes()).map_err(|source| {
            HuntError::Store(StoreError::Io {
                path: self.path.clone(),
                source,
            })
        })
    }
}

/// One line of a hunt log ([`log_path`]).
#[derive(Clone, Debug, PartialEq)]
pub struct LogEvent {
    /// Seconds of hunting in the folder, over every run.
    pub seconds: f64,
    /// `start`, `end` or the square improved.
    pub event: String,
    /// The new width (the thread count for `start`, 0 for `end`).
    pub bits: u8,
    /// The family's compact-table entries after the event.
    pub compact: u64,
}

/// Parses a hunt log; never panics.
///
/// # Errors
/// The 1-based line and the reason of the first line that does not parse.
pub fn parse_log(text: &str) -> Result<Vec<LogEvent>, (usize, String)> {
    let mut events = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let bad = |what: &str| {
            (
                i + 1,
                format!("{what} in {line:?} (expected `seconds event bits compact`)"),
            )
        };
        let f: Vec<&str> = line.split_whitespace().collect();
        if f.len() != 4 {
            return Err(bad("wrong field count"));
        }
        let seconds: f64 = f[0]
            .parse()
            .ok()
            .filter(|s: &f64| s.is_finite() && *s >= 0.0)
            .ok_or_else(|| bad("bad seconds"))?;
        if events
            .last()
            .is_some_and(|e: &LogEvent| seconds < e.seconds)
        {
            return Err(bad("time goes backwards"));
        }
        let event = f[1];
        if !matches!(event, "start" | "end") && parse_square(event).is_none() {
            return Err(bad("bad event"));
        }
        let bits: u8 = f[2].parse().map_err(|_| bad("bad bits"))?;
        let compact: u64 = f[3].parse().map_err(|_| bad("bad entry count"))?;
        events.push(LogEvent {
            seconds,
            event: event.to_string(),
            bits,
            compact,
        });
    }
    Ok(events)
}

/// A snapshot for progress displays.
#[derive(Clone, Debug)]
pub struct Status {
    /// Candidates tried in this run.
    pub tries: u64,
    /// Time since the hunt started.
    pub elapsed: Duration,
    /// Squares improved in this run.
    pub improved: usize,
    /// The family's compact-table entries now.
    pub compact: u64,
    /// Squares still being hunted.
    pub active: usize,
    /// Fraction of the budget used, when the budget is finite.
    pub fraction: Option<f64>,
    /// The latest improvement, if any: square, old entry, new entry.
    pub last: Option<(u8, Entry, Entry)>,
}

/// What a finished hunt did.
#[derive(Clone, Debug)]
pub struct HuntReport {
    /// The family hunted.
    pub family: Family,
    /// The entries at the start.
    pub start: [Entry; 64],
    /// The entries at the end (also on disk).
    pub entries: [Entry; 64],
    /// Candidates tried.
    pub tries: u64,
    /// Wall time.
    pub elapsed: Duration,
    /// True when the stop flag (Ctrl-C) ended the hunt before its budget.
    pub interrupted: bool,
    /// Where the starting entries came from.
    pub started_from: PathBuf,
}

impl HuntReport {
    /// Returns the squares whose entry got better ([`crate::merge::better`]):
    /// square, old entry, new entry.
    pub fn improved(&self) -> Vec<(u8, Entry, Entry)> {
        (0..64)
            .filter(|&sq| {
                crate::merge::better(self.family, &self.entries[sq], Some(&self.start[sq]))
            })
            .map(|sq| (sq as u8, self.start[sq], self.entries[sq]))
            .collect()
    }
}

/// Reads the starting entries of a hunt: `out`'s file when it exists, else
/// `from`'s, else nothing; missing squares are searched at full width from
/// [`DEFAULT_SEED`] (as build.rs would). Every entry read is verified.
///
/// # Errors
/// [`HuntError::Store`] for an unreadable, garbled or invalid file.
pub fn starting_entries(
    family: Family,
    from: &Path,
    out: &Path,
) -> Result<([Entry; 64], FamilyNotes, PathBuf), HuntError> {
    let (file, source) = match read_existing_file(out, family)? {
        Some(f) => (Some(f), out.to_path_buf()),
        None => match read_existing_file(from, family)? {
            Some(f) => (Some(f), from.to_path_buf()),
            None => (None, PathBuf::new()),
        },
    };
    let (present, notes) = match file {
        Some(f) => (f.entries, f.notes),
        None => ([None; 64], crate::store::no_notes()),
    };
    for e in present.iter().flatten() {
        verify_entry(family, e).map_err(|violation| StoreError::Invalid {
            family,
            square: e.square,
            violation,
        })?;
    }
    Ok((
        complete_family(family, &present, DEFAULT_SEED).0,
        notes,
        source,
    ))
}

struct SquareState {
    sq: u8,
    entry: Entry,
    floor: u8,
    /// Next chunk index at the current target width.
    next_chunk: u64,
}

struct Shared {
    squares: Vec<SquareState>,
    queue: VecDeque<usize>,
    progress: Progress,
    /// Each square's note, as written beside its entry.
    notes: FamilyNotes,
    /// Improvements not yet in the log: square, new bits.
    found: Vec<(u8, u8)>,
    dirty: bool,
    last: Option<(u8, Entry, Entry)>,
}

/// The width a chunk of `method` searches for `entry`: one bit narrower, or for
/// [`Method::Trim`] the entry's own. Progress is kept per width.
fn target_bits(method: Method, entry: &Entry) -> u8 {
    if method == Method::Trim {
        entry.bits
    } else {
        entry.bits - 1
    }
}

/// What a chunk of `method` looks for on `entry`: `(bits, row)`, a magic at `bits`
/// whose indices all stay below `row`. `None` when the square is done: the floor
/// width reached, or for [`Method::Trim`] a row within one slot of half its width
/// (shorter is the narrowing hunt's business) or the table's last row, which is
/// kept whole ([`compact_row_len`]).
fn target(family: Family, method: Method, entry: &Entry, floor: u8) -> Option<(u8, usize)> {
    if method == Method::Trim {
        let row = compact_row_len(family, entry);
        let last = crate::tables::is_last_compact_row(family, entry.square);
        (!last && row > (1 << (entry.bits - 1)) + 1).then_some((entry.bits, row - 1))
    } else {
        let bits = entry.bits - 1;
        (bits >= floor).then_some((bits, 1 << bits))
    }
}

/// Per-square budget in chunks, when the budget is a try count.
fn chunk_budget(budget: Budget) -> Option<u64> {
    match budget {
        Budget::Tries(t) => Some(t.div_ceil(CHUNK_TRIES)),
        _ => None,
    }
}

fn worker(
    config: &HuntConfig,
    shared: &Mutex<Shared>,
    stop: &AtomicBool,
    tries: &AtomicU64,
    wake: mpsc::Sender<()>,
) {
    let family = config.family;
    let max_chunks = chunk_budget(config.budget);
    let mut checkers: Vec<Option<SquareChecker>> = (0..64).map(|_| None).collect();
    let mut counters: Vec<Option<CollisionCounter>> = (0..64).map(|_| None).collect();
    let mut searchers: Vec<Option<DepthFirst>> = (0..64).map(|_| None).collect();
    let method = config.method;
    loop {
        if stop.load(Ordering::Relaxed) {
            return;
        }
        let (idx, sq, bits, row, chunk) = {
            let mut s = shared.lock().expect("hunt state lock");
            let Some(idx) = s.queue.pop_front() else {
                return;
            };
            let st = &s.squares[idx];
            let Some((bits, row)) = target(family, method, &st.entry, st.floor) else {
                // This square is finished; don't requeue it.
                continue;
            };
            if max_chunks.is_some_and(|m| st.next_chunk >= m) {
                continue;
            }
            (idx, st.sq, bits, row, st.next_chunk)
        };
        let seed = method_chunk_seed(method, config.seed, family, sq, bits, chunk, row);
        // Depth-first: every chunk a search. Classic: even chunks draw random
        // candidates, odd chunks hill-climb. Trim: every chunk a hill climb.
        let result = if method == Method::Trim {
            let counter =
                counters[sq as usize].get_or_insert_with(|| CollisionCounter::new(family, sq));
            run_local_chunk(counter, bits, row, seed, stop, tries)
        } else if method == Method::DepthFirst {
            let dfs = searchers[sq as usize].get_or_insert_with(|| DepthFirst::new(family, sq));
            dfs.run(bits, seed, stop, tries)
        } else if method == Method::Scan {
            let dfs = searchers[sq as usize].get_or_insert_with(|| DepthFirst::new(family, sq));
            dfs.run_head(bits, chunk, seed, stop, tries)
        } else if chunk % 2 == 0 {
            let checker =
                checkers[sq as usize].get_or_insert_with(|| SquareChecker::new(family, sq));
            run_chunk(checker, bits, seed, stop, tries)
        } else {
            let counter =
                counters[sq as usize].get_or_insert_with(|| CollisionCounter::new(family, sq));
            run_local_chunk(counter, bits, row, seed, stop, tries)
        };
        let mut s = shared.lock().expect("hunt state lock");
        match result {
            ChunkResult::Stopped => {
                s.queue.push_front(idx);
                return;
            }
            ChunkResult::Exhausted => {
                s.squares[idx].next_chunk = chunk + 1;
                s.progress
                    .set(family, method, config.seed, sq, bits, chunk + 1);
            }
            ChunkResult::Found(magic) => {
                let entry = Entry {
                    square: sq,
                    bits,
                    magic,
                };
                // The checker is the verifier; this second, independent pass makes a
                // bug in one of them fail loudly instead of writing a bad file.
                assert_eq!(verify_entry(family, &entry), Ok(()), "hunted {entry:?}");
                let old = s.squares[idx].entry;
                // Chunks at this width (or row limit) are no longer needed.
                s.progress.set(family, method, config.seed, sq, bits, 0);
                let next = target_bits(method, &entry);
                let resume = s.progress.chunks(family, method, config.seed, sq, next);
                let st = &mut s.squares[idx];
                st.entry = entry;
                st.next_chunk = resume;
                s.notes[sq as usize] = Some(hunt_note(method, config.seed, chunk, Some(row)));
                s.found.push((sq, bits));
                s.dirty = true;
                s.last = Some((sq, old, entry));
                let _ = wake.send(());
            }
        }
        s.queue.push_back(idx);
    }
}

/// Writes the hunt's current entries to `out` (merged per square with whatever the
/// file on disk holds now, so concurrent hunts on one folder never lose each
/// other's finds) and the progress file.
fn save(
    config: &HuntConfig,
    out: &Path,
    entries: &mut [Entry; 64],
    notes: &mut FamilyNotes,
    progress: &Progress,
    written_by: &str,
) -> Result<(), HuntError> {
    if let Some(disk) = read_existing_file(out, config.family)? {
        for e in disk.entries.iter().flatten() {
            let sq = e.square as usize;
            if crate::merge::better(config.family, e, Some(&entries[sq]))
                && verify_entry(config.family, e).is_ok()
            {
                entries[sq] = *e;
                notes[sq] = disk.notes[sq].clone();
            }
        }
    }
    let update = Update {
        family: config.family,
        entries: entries.map(Some),
        written_by: written_by.to_string(),
        notes: notes.clone(),
    };
    replace_files(out, &[update], false)?;
    progress.save(out, config.family)?;
    Ok(())
}

/// Hunts `config.family` and keeps `out` up to date.
///
/// Starts from [`starting_entries`]`(family, from, out)`, writes that set to `out`
/// at once (creating the folder), then writes every improvement as it is found
/// and the progress file every few seconds and at the end. `observe` is called
/// about ten times a second. Raising `stop` (Ctrl-C) ends the hunt within
/// milliseconds; the files on disk are consistent at every moment.
///
/// # Errors
/// [`HuntError`] when a file cannot be read or written; what was written before
/// stays valid.
pub fn hunt_dir(
    config: &HuntConfig,
    from: &Path,
    out: &Path,
    written_by: &str,
    stop: &AtomicBool,
    mut observe: impl FnMut(&Status),
) -> Result<HuntReport, HuntError> {
    let family = config.family;
    if family.is_line() {
        return Err(HuntError::NotHuntable(family));
    }
    let (start, mut notes, started_from) = starting_entries(family, from, out)?;
    let progress = Progress::load(out, family)?;
    let mut entries = start;
    save(config, out, &mut entries, &mut notes, &progress, written_by)?;
    let mut log = HuntLog::open(out, family)?;
    log.event(
        0.0,
        "start",
        config.threads as u8,
        compact_entries(family, &entries.map(Some)),
    )?;

    // A square listed twice would be hunted by two threads at once; keep the first.
    let mut listed = [false; 64];
    let squares: Vec<SquareState> = config
        .squares
        .iter()
        .filter(|&&sq| sq < 64 && !std::mem::replace(&mut listed[sq as usize], true))
        .map(|&sq| {
            let entry = entries[sq as usize];
            SquareState {
                sq,
                entry,
                floor: floor_bits(family, sq),
                next_chunk: progress.chunks(
                    family,
                    config.method,
                    config.seed,
                    sq,
                    target_bits(config.method, &entry),
                ),
            }
        })
        .collect();
    let total_chunks =
        chunk_budget(config.budget).map(|m| (m * squares.len() as u64).max(1) as f64);
    let shared = Mutex::new(Shared {
        queue: (0..squares.len()).collect(),
        squares,
        progress,
        notes: notes.clone(),
        found: Vec::new(),
        dirty: false,
        last: None,
    });
    let tries = AtomicU64::new(0);
    let started = Instant::now();
    let deadline = match config.budget {
        Budget::Time(d) => Some(started + d),
        _ => None,
    };
    // A private flag for the workers, so the caller's `stop` means "interrupted".
    let halt = AtomicBool::new(false);
    let threads = config.threads.clamp(1, config.squares.len().max(1));
    let (wake_tx, wake_rx) = mpsc::channel::<()>();
    let mut interrupted = false;
    let mut result: Result<(), HuntError> = Ok(());

    std::thread::scope(|scope| {
        for _ in 0..threads {
            let tx = wake_tx.clone();
            let (shared, halt, tries) = (&shared, &halt, &tries);
            scope.spawn(move || worker(config, shared, halt, tries, tx));
        }
        drop(wake_tx);
        let mut last_progress_save = Instant::now();
        loop {
            let finished = matches!(
                wake_rx.recv_timeout(Duration::from_millis(100)),
                Err(mpsc::RecvTimeoutError::Disconnected)
            );
            if stop.load(Ordering::Relaxed) && !halt.load(Ordering::Relaxed) {
                interrupted = true;
                halt.store(true, Ordering::Relaxed);
            }
            if deadline.is_some_and(|d| Instant::now() >= d) {
                halt.store(true, Ordering::Relaxed);
            }
            let (snapshot, status, found) = {
                let mut s = shared.lock().expect("hunt state lock");
                for st in &s.squares {
                    entries[st.sq as usize] = st.entry;
                }
                for (sq, _) in &s.found {
                    notes[*sq as usize] = s.notes[*sq as usize].clone();
                }
                let found = std::mem::take(&mut s.found);
                let write =
                    s.dirty || finished || last_progress_save.elapsed() >= Duration::from_secs(5);
                s.dirty = false;
                let fraction = match (config.budget, total_chunks) {
                    (Budget::Time(d), _) => {
                        Some((started.elapsed().as_secs_f64() / d.as_secs_f64()).min(1.0))
                    }
                    (_, Some(total)) => {
                        // At each square's current width: an improvement starts the
                        // next width's budget, so the bar can step back.
                        let m = chunk_budget(config.budget).unwrap_or(1);
                        let done: u64 = s.squares.iter().map(|q| q.next_chunk.min(m)).sum();
                        Some(done as f64 / total)
                    }
                    _ => None,
                };
                let status = Status {
                    tries: tries.load(Ordering::Relaxed),
                    elapsed: started.elapsed(),
                    improved: (0..64)
                        .filter(|&q| crate::merge::better(family, &entries[q], Some(&start[q])))
                        .count(),
                    compact: compact_entries(family, &entries.map(Some)),
                    active: s
                        .squares
                        .iter()
                        .filter(|q| {
                            target(family, config.method, &q.entry, q.floor).is_some()
                                && chunk_budget(config.budget).is_none_or(|m| q.next_chunk < m)
                        })
                        .count(),
                    fraction,
                    last: s.last,
                };
                (write.then(|| s.progress.clone()), status, found)
            };
            if let Some(progress) = snapshot {
                let saved = save(config, out, &mut entries, &mut notes, &progress, written_by);
                let logged = found.iter().try_for_each(|&(sq, bits)| {
                    let compact = compact_entries(family, &entries.map(Some));
                    let at = started.elapsed().as_secs_f64();
                    log.event(at, &square_name(sq), bits, compact)
                });
                if let Err(e) = saved.and(logged) {
                    // Keep what is on disk (still consistent) and stop the workers.
                    result = Err(e);
                    halt.store(true, Ordering::Relaxed);
                }
                last_progress_save = Instant::now();
            }
            observe(&status);
            if finished {
                break;
            }
        }
    });
    result?;
    let compact = compact_entries(family, &entries.map(Some));
    log.event(started.elapsed().as_secs_f64(), "end", 0, compact)?;
    Ok(HuntReport {
        family,
        start,
        entries,
        tries: tries.load(Ordering::Relaxed),
        elapsed: started.elapsed(),
        interrupted,
        started_from,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floors_are_below_full_width() {
        // a1 rook: 7 x 7 attack sets on the two rays -> 49 -> 6 bits.
        assert_eq!(floor_bits(Family::Rook, 56), 6);
        // a8 bishop: one ray of 6 inner squares -> 7 attack sets -> 3 bits.
        assert_eq!(floor_bits(Family::Bishop, 0), 3);
        for sq in 0..64 {
            for family in [Family::Rook, Family::Bishop] {
                assert!(floor_bits(family, sq) < family.mask(sq).count_ones() as u8);
            }
        }
    }

    #[test]
    fn progress_round_trips_and_rejects_garbage() {
        let mut p = Progress::default();
        p.set(Family::Rook, Method::Classic, 7, 0, 11, 3);
        p.set(Family::Rook, Method::DepthFirst, 7, 0, 11, 5);
        p.set(Family::Rook, Method::Scan, 7, 0, 11, 9);
        p.set(Family::Bishop, Method::Classic, u64::MAX, 63, 4, 1);
        assert_eq!(Progress::parse(&p.render()), Ok(p.clone()));
        assert_eq!(p.chunks(Family::Rook, Method::Classic, 7, 0, 11), 3);
        assert_eq!(p.chunks(Family::Rook, Method::DepthFirst, 7, 0, 11), 5);
        assert_eq!(p.chunks(Family::Rook, Method::Scan, 7, 0, 11), 9);
        assert_eq!(p.chunks(Family::Rook, Method::Classic, 7, 0, 10), 0);
        for bad in [
            "rook 7 a8 11 3 bfs",
            "rook 7 a8 11 3 dfs x",
            "rook 7 a8 11 3 scan dfs",
            "rook 7 a8 11",
            "king 7 a8 11 3",
            "rook x a8 11 3",
            "rook 7 z9 11 3",
        ] {
            assert_eq!(Progress::parse(bad).unwrap_err().0, 1, "{bad}");
        }
    }

    #[test]
    fn chunk_seeds_differ() {
        let a = chunk_seed(7, Family::Rook, 0, 11, 0);
        assert_ne!(a, chunk_seed(7, Family::Rook, 0, 11, 1));
        assert_ne!(a, chunk_seed(7, Family::Rook, 0, 10, 0));
        assert_ne!(a, chunk_seed(7, Family::Rook, 1, 11, 0));
        assert_ne!(a, chunk_seed(8, Family::Rook, 0, 11, 0));
        assert_ne!(a, chunk_seed(7, Family::Bishop, 0, 11, 0));
        assert_ne!(
            a,
            method_chunk_seed(Method::DepthFirst, 7, Family::Rook, 0, 11, 0, 2048)
        );
        assert_eq!(
            a,
            method_chunk_seed(Method::Classic, 7, Family::Rook, 0, 11, 0, 2048)
        );
        assert_ne!(
            method_chunk_seed(Method::Scan, 7, Family::Rook, 0, 11, 0, 2048),
            method_chunk_seed(Method::DepthFirst, 7, Family::Rook, 0, 11, 0, 2048)
        );
        // A trim chunk's stream depends on its row limit; the others ignore it.
        assert_ne!(
            method_chunk_seed(Method::Trim, 7, Family::Rook, 0, 11, 0, 2047),
            method_chunk_seed(Method::Trim, 7, Family::Rook, 0, 11, 0, 2046)
        );
        assert_eq!(
            a,
            method_chunk_seed(Method::Classic, 7, Family::Rook, 0, 11, 0, 7)
        );
    }

    #[test]
    fn notes_round_trip_for_every_method() {
        for method in [Method::Classic, Method::DepthFirst, Method::Scan] {
            let note = hunt_note(method, 8, 455, None);
            assert_eq!(parse_hunt_note(&note), Some((method, 8, 455, None)));
        }
        let note = hunt_note(Method::Trim, 8, 455, Some(30));
        assert_eq!(note, "hunt trim seed 8 chunk 455 row 30");
        assert_eq!(
            parse_hunt_note(&note),
            Some((Method::Trim, 8, 455, Some(30)))
        );
        assert_eq!(
            hunt_note(Method::Classic, 8, 455, None),
            "hunt seed 8 chunk 455"
        );
        assert_eq!(
            hunt_note(Method::Scan, 8, 455, None),
            "hunt scan seed 8 chunk 455"
        );
        for method in [
            Method::Classic,
            Method::DepthFirst,
            Method::Scan,
            Method::Trim,
        ] {
            assert_eq!(method.to_string().parse::<Method>(), Ok(method));
        }
        assert_eq!(
            "bfs".parse::<Method>(),
            Err("unknown method \"bfs\" (expected scan, dfs, classic or trim)".to_string())
        );
        for bad in [
            "hunt seed 8",
            "hunt bfs seed 8 chunk 1",
            "hunt dfs seed x chunk 1",
            "seed 8 chunk 1",
            "hunt trim seed 8 chunk 1",
            "hunt trim seed 8 chunk 1 row 0",
            "hunt trim seed 8 chunk 1 row x",
        ] {
            assert_eq!(parse_hunt_note(bad), None, "{bad}");
        }
    }
}
