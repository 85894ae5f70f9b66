//! The transposition table: a slice of entries that the caller owns.
//!
//! The library never allocates: the caller hands [`crate::search::Searcher::search`]
//! a `&[TtEntry]` of any length (zero disables the table). The `wingtip` binary
//! allocates it from the UCI `Hash` option on the first `go` or `isready`.
//!
//! # Examples
//! ```
//! use wingtip::search::TtEntry;
//! let table = [TtEntry::EMPTY; 1024];
//! assert_eq!(core::mem::size_of::<TtEntry>(), 16);
//! assert_eq!(wingtip::search::hashfull(&table), 0);
//! ```

use crate::Move;

#[cfg(target_has_atomic = "64")]
use core::sync::atomic::{AtomicU64, Ordering};

/// One 64-bit word of an entry: an atomic on targets that have 64-bit atomics,
/// so that threads can share the table (Lazy SMP); a `Cell` elsewhere (such
/// targets search on one thread).
#[cfg(target_has_atomic = "64")]
struct Word(AtomicU64);
#[cfg(not(target_has_atomic = "64"))]
struct Word(core::cell::Cell<u64>);

impl Word {
    const fn new(v: u64) -> Word {
        #[cfg(target_has_atomic = "64")]
        return Word(AtomicU64::new(v));
        #[cfg(not(target_has_atomic = "64"))]
        return Word(core::cell::Cell::new(v));
    }

    #[inline(always)]
    fn get(&self) -> u64 {
        #[cfg(target_has_atomic = "64")]
        return self.0.load(Ordering::Relaxed);
        #[cfg(not(target_has_atomic = "64"))]
        return self.0.get();
    }

    #[inline(always)]
    fn set(&self, v: u64) {
        #[cfg(target_has_atomic = "64")]
        self.0.store(v, Ordering::Relaxed);
        #[cfg(not(target_has_atomic = "64"))]
        self.0.set(v);
    }
}

/// How a stored score relates to the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Bound {
    /// An empty entry.
    None = 0,
    /// The true value is at most the score (the search failed low).
    Upper = 1,
    /// The true value is at least the score (the search failed high).
    Lower = 2,
    /// The score is exact.
    Exact = 3,
}

/// One transposition-table slot: 16 bytes, two 64-bit words.
///
/// The data word packs the move (bits 0–23, Kirin's 24-bit encoding), the score
/// (24–39), the position's static evaluation (40–52, 13-bit signed; the lowest
/// value stands for none), the depth (53–58, at most [`DEPTH_MAX`]), the generation
/// of the search that stored it (59–61) and the bound (62–63); the other word is the
/// position's key XORed with the data. The table is read as buckets of two adjacent
/// slots (see `store` for which one a new position replaces). Threads may read and
/// write the same slot at once (each word is a relaxed atomic): a slot torn by two writers no
/// longer decodes to either key, so a probe never takes one position's data for
/// another's (Hyatt and Mann's lockless hashing). All-zero memory is an empty slot.
pub struct TtEntry {
    check: Word,
    data: Word,
}

impl Clone for TtEntry {
    fn clone(&self) -> TtEntry {
        TtEntry {
            check: Word::new(self.check.get()),
            data: Word::new(self.data.get()),
        }
    }
}

impl PartialEq for TtEntry {
    fn eq(&self, other: &TtEntry) -> bool {
        self.check.get() == other.check.get() && self.data.get() == other.data.get()
    }
}

impl Eq for TtEntry {}

impl core::fmt::Debug for TtEntry {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("TtEntry")
            .field("key", &self.key())
            .field("mv", &self.mv())
            .field("score", &self.score())
            .field("depth", &self.depth())
            .field("bound", &self.bound())
            .finish()
    }
}

impl TtEntry {
    /// An empty slot; fill a fresh table with it.
    // Every use is a fresh empty slot, which is what filling a table needs.
    #[allow(clippy::declare_interior_mutable_const)]
    pub const EMPTY: TtEntry = TtEntry {
        check: Word::new(0),
        data: Word::new(0),
    };

    fn pack(mv: Move, score: i16, eval: Option<i32>, depth: u8, gen: u8, bound: Bound) -> u64 {
        let eval = match eval {
            Some(e) if e > NO_EVAL && e <= EVAL_MAX => e,
            _ => NO_EVAL,
        };
        u64::from(mv.0 & 0x00ff_ffff)
            | u64::from(score as u16) << 24
            | (eval as u64 & 0x1fff) << 40
            | u64::from(depth.min(DEPTH_MAX)) << 53
            | u64::from(gen & GEN_MASK) << 59
            | u64::from(bound as u8) << 62
    }

    fn key(&self) -> u64 {
        self.check.get() ^ self.data.get()
    }

    /// Returns the best or refuting move stored for the position, or `Move::NULL`.
    pub fn mv(&self) -> Move {
        Move(self.data.get() as u32 & 0x00ff_ffff)
    }

    /// Returns the stored score (mate scores relative to the stored node).
    pub fn score(&self) -> i32 {
        (self.data.get() >> 24) as u16 as i16 as i32
    }

    /// Returns the position's static evaluation, if it was stored (not for a
    /// position in check, nor for one whose evaluation is beyond ±4,095).
    pub fn eval(&self) -> Option<i32> {
        // Sign-extend the 13-bit field.
        let e = ((self.data.get() >> 40) << 51) as i64 >> 51;
        (e as i32 != NO_EVAL).then_some(e as i32)
    }

    /// Returns the remaining depth the score was searched to (deeper searches are
    /// stored as [`DEPTH_MAX`]).
    pub fn depth(&self) -> i32 {
        ((self.data.get() >> 53) & u64::from(DEPTH_MAX)) as i32
    }

    /// Returns the generation of the search that stored the entry (the root's move
    /// number, modulo 8).
    fn gen(&self) -> u8 {
        ((self.data.get() >> 59) as u8) & GEN_MASK
    }

    /// Returns the kind of bound the score is.
    pub fn bound(&self) -> Bound {
        match (self.data.get() >> 62) as u8 {
            1 => Bound::Upper,
            2 => Bound::Lower,
            3 => Bound::Exact,
            _ => Bound::None,
        }
    }
}

/// The stored evaluation field's value for "none": the lowest 13-bit value.
const NO_EVAL: i32 = -(1 << 12);
/// The highest evaluation the field holds.
const EVAL_MAX: i32 = (1 << 12) - 1;
/// The deepest remaining depth an entry records (6 bits).
pub const DEPTH_MAX: u8 = 63;
/// Generations are counted modulo 8 (3 bits).
const GEN_MASK: u8 = 7;

#[inline(always)]
fn slot(len: usize, key: u64) -> usize {
    // Lemire's multiply-shift range reduction: no division, any table length.
    ((key as u128 * len as u128) >> 64) as usize
}

/// The two entries `key` may live in: the table is read as buckets of two adjacent
/// entries (a one-entry table is one bucket of one).
#[inline(always)]
fn bucket(table: &[TtEntry], key: u64) -> &[TtEntry] {
    let buckets = table.len() / 2;
    if buckets == 0 {
        table
    } else {
        let i = slot(buckets, key) * 2;
        &table[i..i + 2]
    }
}

/// Returns the entry stored for `key`, if any (a snapshot of its slot).
#[inline]
pub(crate) fn probe(table: &[TtEntry], key: u64) -> Option<TtEntry> {
    bucket(table, key).iter().find_map(|slot| {
        let (check, data) = (slot.check.get(), slot.data.get());
        let e = TtEntry {
            check: Word::new(check),
            data: Word::new(data),
        };
        (e.bound() != Bound::None && check ^ data == key).then_some(e)
    })
}

/// Stores a search result and the position's static evaluation (`None` in check)
/// from the search of generation `gen` (the root's move number).
///
/// The position's own entry is updated (a deeper entry of this search is kept unless
/// the new one is exact). Otherwise the bucket's less valuable entry is replaced: an
/// empty one, else the one with the lower depth less 8 plies per generation of age,
/// so entries left by earlier searches make room even when they are deep.
#[allow(clippy::too_many_arguments)]
#[inline]
pub(crate) fn store(
    table: &[TtEntry],
    key: u64,
    mv: Move,
    score: i32,
    eval: Option<i32>,
    depth: i32,
    bound: Bound,
    gen: u8,
) {
    let b = bucket(table, key);
    if b.is_empty() {
        return;
    }
    let gen = gen & GEN_MASK;
    let depth = depth.clamp(0, i32::from(DEPTH_MAX)) as u8;
    let own = b
        .iter()
        .find(|e| e.bound() != Bound::None && e.key() == key);
    let e = match own {
        Some(e) => {
            if e.gen() == gen && depth + 2 < e.depth() as u8 && bound != Bound::Exact {
                return;
            }
            e
        }
        None => {
            let worth = |e: &TtEntry| {
                if e.bound() == Bound::None {
                    i32::MIN
                } else {
                    e.depth() - 8 * i32::from(gen.wrapping_sub(e.gen()) & GEN_MASK)
                }
            };
            b.iter()
                .min_by_key(|e| worth(e))
                .expect("a bucket is not empty")
        }
    };
    let same = own.is_some();
    let mv = if mv == Move::NULL && same { e.mv() } else { mv };
    let data = TtEntry::pack(
        mv,
        score.clamp(i16::MIN as i32, i16::MAX as i32) as i16,
        eval,
        depth,
        gen,
        bound,
    );
    e.data.set(data);
    e.check.set(key ^ data);
}

/// Returns how full the table is in permille, sampling its first 1000 slots.
pub fn hashfull(table: &[TtEntry]) -> u32 {
    let sample = &table[..table.len().min(1000)];
    if sample.is_empty() {
        return 0;
    }
    let used = sample.iter().filter(|e| e.bound() != Bound::None).count();
    (used * 1000 / sample.len()) as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn store_then_probe_round_trips() {
        let table = [TtEntry::EMPTY; 64];
        assert!(probe(&table, 42).is_none());
        store(&table, 42, Move::NULL, -17, Some(-31), 5, Bound::Lower, 1);
        let e = probe(&table, 42).unwrap();
        assert_eq!((e.score(), e.depth(), e.bound()), (-17, 5, Bound::Lower));
        assert_eq!(e.eval(), Some(-31));
        assert!(probe(&table, 43).is_none());
        assert!(hashfull(&table) > 0);
        let empty: [TtEntry; 0] = [];
        store(&empty, 1, Move::NULL, 0, None, 1, Bound::Exact, 1);
        assert!(probe(&empty, 1).is_none());
    }

    #[test]
    fn every_field_round_trips_at_its_extremes() {
        let table = [TtEntry::EMPTY; 1];
        // A move with every one of its 24 bits set (no legal move has them all).
        let mv = Move(0x00ff_ffff);
        // Each case under its own key and a new generation, so each replaces the last.
        for (gen, (key, score, eval, depth, bound)) in [
            (u64::MAX, i16::MIN as i32, Some(EVAL_MAX), 63, Bound::Exact),
            (1, i16::MAX as i32, Some(NO_EVAL + 1), 0, Bound::Upper),
            (2, -1, Some(-1), 1, Bound::Lower),
            (3, 0, Some(0), 62, Bound::Exact),
            (4, 1, None, 40, Bound::Upper),
        ]
        .into_iter()
        .enumerate()
        {
            store(&table, key, mv, score, eval, depth, bound, gen as u8 * 3);
            let e = probe(&table, key).unwrap();
            assert_eq!(
                (e.mv(), e.score(), e.eval(), e.depth(), e.bound()),
                (mv, score, eval, depth, bound)
            );
            assert_eq!(e.gen(), (gen as u8 * 3) & GEN_MASK);
        }
        // Evaluations beyond the field are not stored, rather than stored wrong.
        for eval in [EVAL_MAX + 1, NO_EVAL, -20_000] {
            store(&table, 7, Move::NULL, 0, Some(eval), 1, Bound::Exact, 0);
            assert_eq!(probe(&table, 7).unwrap().eval(), None, "{eval}");
        }
        // Depths beyond the field are stored as the deepest it holds.
        store(&table, 8, Move::NULL, 0, None, 200, Bound::Exact, 0);
        assert_eq!(probe(&table, 8).unwrap().depth(), i32::from(DEPTH_MAX));
    }

    #[test]
    fn a_bucket_keeps_two_positions_and_ages_out_old_ones() {
        // Four entries, two buckets: keys below 2^63 all fall in the first bucket.
        let table = [TtEntry::EMPTY; 4];
        store(&table, 10, Move::NULL, 1, None, 12, Bound::Exact, 5);
        store(&table, 11, Move::NULL, 2, None, 3, Bound::Exact, 5);
        // Both fit.
        assert_eq!(probe(&table, 10).unwrap().score(), 1);
        assert_eq!(probe(&table, 11).unwrap().score(), 2);
        // A third position of the same search replaces the shallower one.
        store(&table, 12, Move::NULL, 3, None, 1, Bound::Exact, 5);
        assert!(probe(&table, 11).is_none());
        assert_eq!(probe(&table, 10).unwrap().score(), 1);
        assert_eq!(probe(&table, 12).unwrap().score(), 3);
        // Two searches later, position 12 is stored again (depth 1, worth 1); the old
        // deep entry is worth 12 - 8 * 2 = -4, so the next new position replaces it.
        store(&table, 12, Move::NULL, 4, None, 1, Bound::Exact, 7);
        store(&table, 13, Move::NULL, 5, None, 0, Bound::Exact, 7);
        assert!(probe(&table, 10).is_none(), "the old deep entry made room");
        assert_eq!(probe(&table, 12).unwrap().score(), 4);
        assert_eq!(probe(&table, 13).unwrap().score(), 5);
        // The other bucket was never touched.
        assert!(table[2..].iter().all(|e| e.bound() == Bound::None));
    }

    #[test]
    fn a_deeper_entry_of_the_same_search_is_kept() {
        let table = [TtEntry::EMPTY; 2];
        store(&table, 5, Move(77), 10, None, 9, Bound::Lower, 2);
        // Shallower, not exact, same search: ignored.
        store(&table, 5, Move::NULL, 20, None, 3, Bound::Upper, 2);
        assert_eq!(probe(&table, 5).unwrap().score(), 10);
        // Exact: replaces, and keeps the stored move when it has none.
        store(&table, 5, Move::NULL, 30, None, 3, Bound::Exact, 2);
        let e = probe(&table, 5).unwrap();
        assert_eq!((e.score(), e.mv()), (30, Move(77)));
        // From a later search: replaces even when shallower.
        store(&table, 5, Move::NULL, 40, None, 1, Bound::Upper, 3);
        assert_eq!(probe(&table, 5).unwrap().score(), 40);
    }

    #[test]
    fn a_torn_slot_matches_neither_key() {
        // Two threads writing the same slot at once can leave one's check word
        // with the other's data: the probe must then miss for both keys.
        let a = [TtEntry::EMPTY; 1];
        let b = [TtEntry::EMPTY; 1];
        store(&a, 42, Move::NULL, 100, Some(5), 7, Bound::Exact, 0);
        store(&b, 4242, Move::NULL, -100, None, 3, Bound::Lower, 0);
        let torn = [TtEntry {
            check: Word::new(a[0].check.get()),
            data: Word::new(b[0].data.get()),
        }];
        assert!(probe(&torn, 42).is_none() && probe(&torn, 4242).is_none());
        assert_eq!(probe(&a, 42).unwrap().score(), 100);
        assert_eq!(core::mem::size_of::<TtEntry>(), 16);
    }
}
