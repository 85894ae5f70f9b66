//! The transposition table: a slice of entries that the caller owns.
//!
//! The library never allocates: the caller hands [`crate::search::Searcher::search`]
//! a `&mut [TtEntry]` of any length (zero disables the table). The `wingtip` binary
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

/// One transposition-table slot: 16 bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C)]
pub struct TtEntry {
    key: u64,
    mv: Move,
    score: i16,
    depth: u8,
    bound: Bound,
}

impl TtEntry {
    /// An empty slot; fill a fresh table with it.
    pub const EMPTY: TtEntry = TtEntry {
        key: 0,
        mv: Move::NULL,
        score: 0,
        depth: 0,
        bound: Bound::None,
    };

    /// Returns the best or refuting move stored for the position, or `Move::NULL`.
    pub fn mv(&self) -> Move {
        self.mv
    }

    /// Returns the stored score (mate scores relative to the stored node).
    pub fn score(&self) -> i32 {
        self.score as i32
    }

    /// Returns the remaining depth the score was searched to.
    pub fn depth(&self) -> i32 {
        self.depth as i32
    }

    /// Returns the kind of bound the score is.
    pub fn bound(&self) -> Bound {
        self.bound
    }
}

#[inline(always)]
fn slot(len: usize, key: u64) -> usize {
    // Lemire's multiply-shift range reduction: no division, any table length.
    ((key as u128 * len as u128) >> 64) as usize
}

/// Returns the entry stored for `key`, if any.
#[inline]
pub(crate) fn probe(table: &[TtEntry], key: u64) -> Option<TtEntry> {
    if table.is_empty() {
        return None;
    }
    let e = table[slot(table.len(), key)];
    (e.bound != Bound::None && e.key == key).then_some(e)
}

/// Stores a search result, keeping a deeper entry of the same position unless the
/// new one is exact.
#[inline]
pub(crate) fn store(
    table: &mut [TtEntry],
    key: u64,
    mv: Move,
    score: i32,
    depth: i32,
    bound: Bound,
) {
    if table.is_empty() {
        return;
    }
    let e = &mut table[slot(table.len(), key)];
    if e.key == key && (depth as u8) + 2 < e.depth && bound != Bound::Exact {
        return;
    }
    let mv = if mv == Move::NULL && e.key == key {
        e.mv
    } else {
        mv
    };
    *e = TtEntry {
        key,
        mv,
        score: score.clamp(i16::MIN as i32, i16::MAX as i32) as i16,
        depth: depth.clamp(0, 255) as u8,
        bound,
    };
}

/// Returns how full the table is in permille, sampling its first 1000 slots.
pub fn hashfull(table: &[TtEntry]) -> u32 {
    let sample = &table[..table.len().min(1000)];
    if sample.is_empty() {
        return 0;
    }
    let used = sample.iter().filter(|e| e.bound != Bound::None).count();
    (used * 1000 / sample.len()) as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn store_then_probe_round_trips() {
        let mut table = [TtEntry::EMPTY; 64];
        assert!(probe(&table, 42).is_none());
        store(&mut table, 42, Move::NULL, -17, 5, Bound::Lower);
        let e = probe(&table, 42).unwrap();
        assert_eq!((e.score(), e.depth(), e.bound()), (-17, 5, Bound::Lower));
        assert!(probe(&table, 43).is_none());
        assert!(hashfull(&table) > 0);
        let mut empty: [TtEntry; 0] = [];
        store(&mut empty, 1, Move::NULL, 0, 1, Bound::Exact);
        assert!(probe(&empty, 1).is_none());
    }
}
