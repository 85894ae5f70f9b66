//! Depth-first magic search: the magic is chosen a few bits at a time from its lowest
//! bit up, and a choice is dropped as soon as the occupancies it already fixes
//! collide.
//!
//! # Why this works
//!
//! The index of an occupancy `o` is the top `b` bits of `o · m mod 2^64`. Those bits
//! depend only on `m mod 2^(64 − p)`, where `p` is `o`'s lowest set bit: the higher
//! bits of `m` are shifted out of the product. So once the low `64 − p` bits of the
//! magic are chosen, the index of every occupancy whose lowest bit is `p` or higher is
//! known, whatever the rest of the magic turns out to be.
//!
//! The search sorts the mask's bits from the highest down, `p1 > p2 > …`, and makes
//! one *level* per bit: level `k` chooses the magic's bits from `64 − p(k−1)` up to
//! `64 − pk` (all of them, in an order set by the chunk's generator), places the
//! occupancies whose lowest bit is `pk` (each together with any subset of the bits
//! above it), and goes deeper only when none of them lands on a slot that holds a
//! different attack set. Bits of the magic at or above `64 − p_last` reach no index,
//! so they stay zero. A level's choices are tried in order of how few new slots they
//! use, fewest first, which favours the constructive collisions a narrow table needs
//! (ties in the generator's order).
//!
//! One chunk is one search from an empty table with a budget of [`DFS_NODES`] tested
//! choices. On the rook squares of the first rank one bit below their current width
//! this finds magics in seconds where random candidates and hill climbing needed
//! minutes to hours (docs/magics.md has the measurements).

use crate::hunt::ChunkResult;
use crate::rng::SplitMix64;
use crate::verify::occupancies_and_attacks;
use crate::Family;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// Choices tested per depth-first chunk.
pub const DFS_NODES: u64 = 1 << 21;

/// How often (in tested choices) a search looks at the stop flag and reports its
/// count.
const POLL: u64 = 4096;

/// The widest level enumerated in full; a wider one tries `2^16` random values
/// instead. Only first levels are wider (the magic bits below `64 − p` for the mask's
/// highest bit `p`): up to 39 bits on bishop squares near the eighth rank, whose masks
/// stay in the top rows. No later level is wider than 16 bits on any square.
const FULL_LEVEL_BITS: u32 = 16;

/// Chunks a head scan ([`DepthFirst::run_head`]) spends on one first-level value
/// before the next: chunk `c` of a scan searches below head `c / HEAD_CHUNKS` (modulo
/// the number of heads).
pub const HEAD_CHUNKS: u64 = 32;

/// A head scan tries first-level values whose lowest `width − HEAD_BITS` bits are
/// zero (all of them on levels up to this wide): at most `2^HEAD_BITS` heads.
const HEAD_BITS: u32 = 12;

/// One level: the magic's bits below `end` are fixed after it, which fixes the index
/// of `occupancies` (with their attack sets).
struct Level {
    end: u32,
    occupancies: Vec<(u64, u64)>,
}

/// The depth-first searcher of one square.
pub struct DepthFirst {
    levels: Vec<Level>,
    empty_attack: u64,
    /// Per slot: 0 when empty, else the level that filled it plus one, and its attack
    /// set.
    slots: Vec<(u32, u64)>,
    /// Per level: the slots it filled.
    filled: Vec<Vec<u32>>,
    /// A reusable list of choices per level.
    choices: Vec<Vec<(u32, u64, u64)>>,
}

/// The running counters of one search.
struct Run<'a> {
    bits: u8,
    rng: SplitMix64,
    budget: u64,
    nodes: u64,
    reported: u64,
    stop: &'a AtomicBool,
    tries: &'a AtomicU64,
    /// The only value the first level may take (a head scan), if any.
    head: Option<u64>,
}

impl DepthFirst {
    /// Prepares `family` on `sq`.
    pub fn new(family: Family, sq: u8) -> Self {
        let mask = family.mask(sq);
        let (occupancies, attacks) = occupancies_and_attacks(family, sq);
        let mut bits: Vec<u32> = (0..64).filter(|p| mask >> p & 1 != 0).collect();
        bits.reverse();
        let levels: Vec<Level> = bits
            .iter()
            .map(|&p| Level {
                end: 64 - p,
                occupancies: occupancies
                    .iter()
                    .zip(&attacks)
                    .filter(|(o, _)| **o != 0 && o.trailing_zeros() == p)
                    .map(|(&o, &a)| (o, a))
                    .collect(),
            })
            .collect();
        let empty_attack = occupancies
            .iter()
            .zip(&attacks)
            .find(|(o, _)| **o == 0)
            .map_or(0, |(_, &a)| a);
        let n = levels.len();
        Self {
            levels,
            empty_attack,
            slots: Vec::new(),
            filled: vec![Vec::new(); n],
            choices: vec![Vec::new(); n],
        }
    }

    /// The first-level values a head scan tries at `bits`, coarsest first: the
    /// value is the magic's bits below `64 − p` for the mask's highest bit `p`, so
    /// it sets where that square's occupancy alone lands, and the fewer low bits it
    /// has, the coarser that position (one half of the table, a quarter, …). Sorted
    /// by trailing zeros (most first), then by value; values whose index would be
    /// slot 0, the empty occupancy's, are left out.
    ///
    /// Why coarse first: on the rook squares of the second rank every one-bit-
    /// narrower magic this search has found, and every one published for them,
    /// puts the highest square's occupancy at a coarse position (half the table on
    /// b2–f2, whose highest mask square g2 is the far end of the rank ray). The
    /// plain depth-first search picks that value at random among about a thousand.
    pub fn heads(&self, bits: u8) -> Vec<u64> {
        let Some(first) = self.levels.first() else {
            return Vec::new();
        };
        let width = first.end;
        let floor = width.saturating_sub(HEAD_BITS);
        let top = first.occupancies[0].0;
        let shift = 64 - u32::from(bits);
        let mut heads: Vec<u64> = (1..1u64 << (width - floor))
            .map(|k| k << floor)
            .filter(|&h| top.wrapping_mul(h) >> shift != 0)
            .collect();
        heads.sort_by_key(|&h| (std::cmp::Reverse(h.trailing_zeros()), h));
        heads
    }

    /// Runs chunk `chunk` of a head scan at `bits`: a search like [`DepthFirst::run`]
    /// (seeded by `chunk_seed`, [`DFS_NODES`] choices) whose first level is fixed to
    /// head number `chunk / HEAD_CHUNKS` of [`DepthFirst::heads`] (cyclically).
    pub fn run_head(
        &mut self,
        bits: u8,
        chunk: u64,
        chunk_seed: u64,
        stop: &AtomicBool,
        tries: &AtomicU64,
    ) -> ChunkResult {
        let heads = self.heads(bits);
        if heads.is_empty() {
            return ChunkResult::Exhausted;
        }
        let head = heads[((chunk / HEAD_CHUNKS) % heads.len() as u64) as usize];
        self.search(bits, chunk_seed, DFS_NODES, Some(head), stop, tries)
    }

    /// Runs one chunk at `bits` with the generator seeded by `chunk_seed`: a search
    /// of at most [`DFS_NODES`] choices. Adds the choices tested to `tries`.
    pub fn run(
        &mut self,
        bits: u8,
        chunk_seed: u64,
        stop: &AtomicBool,
        tries: &AtomicU64,
    ) -> ChunkResult {
        self.run_with_budget(bits, chunk_seed, DFS_NODES, stop, tries)
    }

    /// [`DepthFirst::run`] with a budget of `nodes` choices instead of
    /// [`DFS_NODES`].
    pub fn run_with_budget(
        &mut self,
        bits: u8,
        chunk_seed: u64,
        nodes: u64,
        stop: &AtomicBool,
        tries: &AtomicU64,
    ) -> ChunkResult {
        self.search(bits, chunk_seed, nodes, None, stop, tries)
    }

    /// One search from an empty table, the first level fixed to `head` if given.
    fn search(
        &mut self,
        bits: u8,
        chunk_seed: u64,
        nodes: u64,
        head: Option<u64>,
        stop: &AtomicBool,
        tries: &AtomicU64,
    ) -> ChunkResult {
        self.slots.clear();
        self.slots.resize(1 << bits, (0, 0));
        // The empty occupancy always lands on slot 0; no level ever clears it.
        self.slots[0] = (u32::MAX, self.empty_attack);
        let mut run = Run {
            bits,
            rng: SplitMix64::new(chunk_seed),
            budget: nodes,
            nodes: 0,
            reported: 0,
            stop,
            tries,
            head,
        };
        let end = self.descend(0, 0, &mut run);
        tries.fetch_add(run.nodes - run.reported, Ordering::Relaxed);
        end
    }

    /// Places level `lvl`'s occupancies for `magic`; on a collision undoes them and
    /// returns `None`, else the number of slots filled.
    fn place(&mut self, lvl: usize, magic: u64, bits: u8) -> Option<usize> {
        let shift = 64 - bits as u32;
        let mut filled = std::mem::take(&mut self.filled[lvl]);
        filled.clear();
        let mut ok = true;
        for &(o, a) in &self.levels[lvl].occupancies {
            let i = (o.wrapping_mul(magic) >> shift) as usize;
            let slot = &mut self.slots[i];
            if slot.0 == 0 {
                *slot = (lvl as u32 + 1, a);
                filled.push(i as u32);
            } else if slot.1 != a {
                ok = false;
                break;
            }
        }
        if !ok {
            for &i in &filled {
                self.slots[i as usize] = (0, 0);
            }
            filled.clear();
        }
        let n = filled.len();
        self.filled[lvl] = filled;
        ok.then_some(n)
    }

    fn unplace(&mut self, lvl: usize) {
        for &i in &self.filled[lvl] {
            self.slots[i as usize] = (0, 0);
        }
        self.filled[lvl].clear();
    }

    /// Counts one tested choice; true when the search must end (budget or stop).
    fn tick(run: &mut Run<'_>) -> bool {
        run.nodes += 1;
        if run.nodes % POLL == 0 {
            run.tries
                .fetch_add(run.nodes - run.reported, Ordering::Relaxed);
            run.reported = run.nodes;
            if run.stop.load(Ordering::Relaxed) {
                return true;
            }
        }
        run.nodes >= run.budget
    }

    /// Searches from level `lvl` with the magic's lower bits `magic`; `Exhausted`
    /// when every choice failed or the budget ran out.
    fn descend(&mut self, lvl: usize, magic: u64, run: &mut Run<'_>) -> ChunkResult {
        if lvl == self.levels.len() {
            return ChunkResult::Found(magic);
        }
        let lo = if lvl == 0 {
            0
        } else {
            self.levels[lvl - 1].end
        };
        let width = self.levels[lvl].end - lo;
        let mut choices = std::mem::take(&mut self.choices[lvl]);
        choices.clear();
        let head = if lvl == 0 { run.head } else { None };
        let count = if head.is_some() {
            1
        } else {
            1u64 << width.min(FULL_LEVEL_BITS)
        };
        let start = run.rng.next_u64();
        for k in 0..count {
            let high = if let Some(h) = head {
                h
            } else if width <= FULL_LEVEL_BITS {
                (k ^ start) & (count - 1)
            } else {
                run.rng.next_u64() & ((1u64 << width) - 1)
            };
            let candidate = magic | high << lo;
            if let Some(used) = self.place(lvl, candidate, run.bits) {
                self.unplace(lvl);
                choices.push((used as u32, run.rng.next_u64(), candidate));
            }
            if Self::tick(run) {
                self.choices[lvl] = choices;
                return if run.stop.load(Ordering::Relaxed) {
                    ChunkResult::Stopped
                } else {
                    ChunkResult::Exhausted
                };
            }
        }
        choices.sort_unstable();
        let mut end = ChunkResult::Exhausted;
        for &(_, _, candidate) in &choices {
            if self.place(lvl, candidate, run.bits).is_none() {
                continue;
            }
            end = self.descend(lvl + 1, candidate, run);
            self.unplace(lvl);
            if end != ChunkResult::Exhausted || run.nodes >= run.budget {
                break;
            }
        }
        self.choices[lvl] = choices;
        end
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::verify_entry;
    use wingtip_codegen::format::Entry;

    #[test]
    fn finds_verified_narrow_rook_and_bishop_magics() {
        let stop = AtomicBool::new(false);
        let tries = AtomicU64::new(0);
        // Rook b1 and bishop h2 one bit below full width: each within a few chunks.
        for (family, sq, bits) in [(Family::Rook, 57u8, 10u8), (Family::Bishop, 55, 4)] {
            let mut dfs = DepthFirst::new(family, sq);
            let found = (0..20).find_map(|c| match dfs.run(bits, 1000 + c, &stop, &tries) {
                ChunkResult::Found(m) => Some(m),
                _ => None,
            });
            let magic = found.unwrap_or_else(|| panic!("{family} {sq} at {bits} bits"));
            let entry = Entry {
                square: sq,
                bits,
                magic,
            };
            assert_eq!(verify_entry(family, &entry), Ok(()));
        }
        assert!(tries.load(Ordering::Relaxed) > 0);
    }

    #[test]
    fn a_head_scan_tries_coarse_heads_first_and_narrows_rook_d2() {
        let stop = AtomicBool::new(false);
        let tries = AtomicU64::new(0);
        // Rook d2: the highest mask square is g2 (54), so the first level is the
        // magic's 10 lowest bits. Values 0 and 1 put g2 on slot 0 at 9 bits; half
        // the table comes first.
        let mut dfs = DepthFirst::new(Family::Rook, 51);
        let heads = dfs.heads(9);
        assert_eq!(heads.len(), 1022);
        assert_eq!(&heads[..3], &[0x200, 0x100, 0x300]);
        assert!(heads.iter().all(|&h| (h << 54) >> 55 != 0));
        assert!(heads
            .windows(2)
            .all(|w| w[0].trailing_zeros() >= w[1].trailing_zeros()));
        // One bit below full width: found within the first head's chunks (the
        // plain depth-first search needs minutes).
        let (chunk, magic) = (0..HEAD_CHUNKS)
            .find_map(|c| match dfs.run_head(9, c, 5000 + c, &stop, &tries) {
                ChunkResult::Found(m) => Some((c, m)),
                _ => None,
            })
            .expect("rook d2 at 9 bits within the first head");
        assert!(chunk < HEAD_CHUNKS);
        assert_eq!(magic & 0x3FF, 0x200);
        let entry = Entry {
            square: 51,
            bits: 9,
            magic,
        };
        assert_eq!(verify_entry(Family::Rook, &entry), Ok(()));
        // A chunk of a scan is as deterministic as any other.
        assert_eq!(
            dfs.run_head(9, chunk, 5000 + chunk, &stop, &tries),
            ChunkResult::Found(magic)
        );
    }

    #[test]
    fn a_chunk_is_deterministic_and_an_impossible_width_exhausts() {
        let stop = AtomicBool::new(false);
        let tries = AtomicU64::new(0);
        let mut a = DepthFirst::new(Family::Rook, 60);
        let mut b = DepthFirst::new(Family::Rook, 60);
        for c in 0..3 {
            assert_eq!(a.run(11, c, &stop, &tries), b.run(11, c, &stop, &tries));
        }
        // Rook a1 has 49 attack sets: 5 bits (32 slots) cannot hold them.
        let mut dfs = DepthFirst::new(Family::Rook, 56);
        let before = tries.load(Ordering::Relaxed);
        assert_eq!(
            dfs.run_with_budget(5, 1, 50_000, &stop, &tries),
            ChunkResult::Exhausted
        );
        // It runs out of choices long before its budget: every branch collides.
        let spent = tries.load(Ordering::Relaxed) - before;
        assert!((1..50_000).contains(&spent), "{spent}");
        // A raised stop flag ends a search at its next poll.
        stop.store(true, Ordering::Relaxed);
        let mut dfs = DepthFirst::new(Family::Rook, 61);
        assert_eq!(dfs.run(9, 1, &stop, &tries), ChunkResult::Stopped);
    }
}
