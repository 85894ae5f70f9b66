//! Deterministic magic search from a seed.
//!
//! Rook and bishop (Kirin's rule): sparse random candidates, a cheap pre-filter on
//! the top byte of `mask * magic`, then the full collision check with an epoch
//! counter so the scratch table is never cleared between tries (the technique of
//! Stockfish's `init_magics`; chessprogramming wiki, "Looking for Magics").
//!
//! Lines (Winglet's sign-bit rule): a valid line magic is an exact gather, so the
//! search starts from the one multiplier the geometry implies (each inner square `s_j`
//! shifted to bit `57 + j`) and draws random extra bits from the seed; the first
//! candidate that passes the exhaustive check is kept, the bare multiplier after a
//! fixed number of failed draws. Every result is checked the same way.

use crate::format::{Entry, FamilyEntries, MagicSet};
use crate::rng::{stream_seed, SplitMix64};
use crate::verify::{bits_range, SquareChecker};
use crate::Family;

/// Random extra-bit draws tried per line square before the bare gather multiplier.
pub const LINE_DRAWS: u32 = 32;

/// The seed that `build.rs` uses for any square missing from `magics/*.txt`.
pub const DEFAULT_SEED: u64 = 7;

/// Returns the gather multiplier of a line mask: inner square `s_j` (the `j`-th set
/// bit, lowest first) moves to bit `57 + j`. Every shift `57 + j - s_j` is
/// non-negative for the four line families; see docs/design.md §2.
pub fn gather_base(mask: u64) -> u64 {
    let mut magic = 0u64;
    let mut m = mask;
    let mut j = 0;
    while m != 0 {
        let s = m.trailing_zeros() as i32;
        let shift = 57 + j - s;
        if (0..64).contains(&shift) {
            magic |= 1 << shift;
        }
        j += 1;
        m &= m - 1;
    }
    if mask == 0 {
        // No inner square: every product is zero, any magic works; keep a visible 1.
        magic = 1;
    }
    magic
}

/// Searches one square's magic of `bits` index bits, drawing at most `max_tries`
/// candidates from `rng`; `None` when the budget runs out.
pub fn find_magic_with(
    checker: &mut SquareChecker,
    family: Family,
    bits: u8,
    rng: &mut SplitMix64,
    max_tries: u64,
) -> Option<u64> {
    if family.is_line() {
        let base = gather_base(checker.mask());
        for _ in 0..LINE_DRAWS.min(max_tries as u32) {
            let candidate = base | (rng.sparse_u64() & rng.next_u64());
            if checker.accepts(bits, candidate) {
                return Some(candidate);
            }
        }
        return checker.accepts(bits, base).then_some(base);
    }
    (0..max_tries)
        .map(|_| rng.sparse_u64())
        .find(|&m| checker.accepts(bits, m))
}

/// Searches one square's magic of `bits` index bits with a fresh checker.
pub fn find_magic(
    family: Family,
    sq: u8,
    bits: u8,
    rng: &mut SplitMix64,
    max_tries: u64,
) -> Option<u64> {
    let mut checker = SquareChecker::new(family, sq);
    find_magic_with(&mut checker, family, bits, rng, max_tries)
}

/// Searches the whole family from `seed` at full width (`popcount(mask)` bits).
///
/// Each square draws from its own stream ([`stream_seed`]), so the result for one
/// square does not depend on the others or on the thread that searched it: the same
/// seed always gives the same set.
pub fn search_family(family: Family, seed: u64) -> [Entry; 64] {
    complete_family(family, &[None; 64], seed).0
}

/// Candidates a fixed-shift square draws while looking for a row of at most
/// `2^popcount(mask)` entries before it settles for the shortest valid row found
/// (more if none of them is valid).
pub const FIXED_TRIES: u64 = 1 << 16;

/// The fixed-shift budget of the committed `rook-fixed` and `bishop-fixed` files
/// (`wingtip magics search --seed 7 --fixed-tries 4194304`, about 95 s on one core).
pub const COMMITTED_FIXED_TRIES: u64 = 1 << 22;

/// Searches one square at full width from `seed` (never fails: the search runs until
/// it finds a magic, which at full width takes milliseconds).
///
/// For a fixed-shift family the width is the family's (12 or 9 bits) and what
/// matters is the row's length: the search draws up to [`FIXED_TRIES`] candidates,
/// stops at the first whose row is no longer than `2^popcount(mask)`, and otherwise
/// keeps the shortest valid row it saw. The budget keeps a build that must search a
/// missing file to seconds (the whole table: 165,390 entries from seed 7); the
/// committed files were searched with [`COMMITTED_FIXED_TRIES`] (123,701 entries).
pub fn search_square(family: Family, sq: u8, seed: u64) -> Entry {
    search_square_with(family, sq, seed, FIXED_TRIES)
}

/// [`search_square`] with another budget for the fixed-shift families than
/// [`FIXED_TRIES`] (`wingtip magics search --fixed-tries`); other families ignore it.
pub fn search_square_with(family: Family, sq: u8, seed: u64, fixed_tries: u64) -> Entry {
    let bits = bits_range(family, sq).1;
    let mut rng = SplitMix64::new(stream_seed(seed, family as u8, sq));
    let mut checker = SquareChecker::new(family, sq);
    if family.is_fixed() {
        let goal = 1usize << checker.mask().count_ones();
        let mut best: Option<(usize, u64)> = None;
        let mut tries = 0u64;
        while tries < fixed_tries || best.is_none() {
            tries += 1;
            let magic = rng.sparse_u64();
            let Some(row) = checker.row_len_within(bits, magic, best.map_or(usize::MAX, |b| b.0))
            else {
                continue;
            };
            best = Some((row, magic));
            if row <= goal {
                break;
            }
        }
        let magic = best.expect("the loop ends with a magic").1;
        return Entry {
            square: sq,
            bits,
            magic,
        };
    }
    loop {
        if let Some(magic) = find_magic_with(&mut checker, family, bits, &mut rng, 1 << 20) {
            return Entry {
                square: sq,
                bits,
                magic,
            };
        }
    }
}

/// Completes a family: keeps every present entry and searches the missing ones, on
/// up to [`search_threads`] threads (results do not depend on the thread count).
/// Returns the entries and the squares that were searched.
pub fn complete_family(
    family: Family,
    present: &FamilyEntries,
    seed: u64,
) -> ([Entry; 64], Vec<u8>) {
    complete_family_with(family, present, seed, FIXED_TRIES)
}

/// [`complete_family`] with a fixed-shift budget of `fixed_tries` candidates per
/// square ([`search_square_with`]).
pub fn complete_family_with(
    family: Family,
    present: &FamilyEntries,
    seed: u64,
    fixed_tries: u64,
) -> ([Entry; 64], Vec<u8>) {
    let missing: Vec<u8> = (0..64u8)
        .filter(|&sq| present[sq as usize].is_none())
        .collect();
    let mut found: FamilyEntries = *present;
    let threads = search_threads().min(missing.len().max(1));
    if threads <= 1 || family.is_line() {
        for &sq in &missing {
            found[sq as usize] = Some(search_square_with(family, sq, seed, fixed_tries));
        }
    } else {
        // Interleave squares so each thread gets some of the hard rank-1/rank-8 ones.
        let results: Vec<Vec<Entry>> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads)
                .map(|t| {
                    let mine: Vec<u8> = missing.iter().copied().skip(t).step_by(threads).collect();
                    scope.spawn(move || {
                        mine.into_iter()
                            .map(|sq| search_square_with(family, sq, seed, fixed_tries))
                            .collect()
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("search thread panicked"))
                .collect()
        });
        for e in results.into_iter().flatten() {
            found[e.square as usize] = Some(e);
        }
    }
    let entries = core::array::from_fn(|sq| found[sq].expect("every square searched"));
    (entries, missing)
}

/// Returns how many threads a search uses: the machine's parallelism, at most 8.
pub fn search_threads() -> usize {
    std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(8)
}

/// Searches all eight families from `seed`.
pub fn search_set(seed: u64) -> MagicSet {
    MagicSet {
        families: Family::ALL.map(|f| search_family(f, seed)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::verify_entry;

    #[test]
    fn gather_base_is_valid_for_every_line_square() {
        for family in [Family::Rank, Family::File, Family::Diag, Family::Anti] {
            for sq in 0..64 {
                let bits = bits_range(family, sq).0;
                let e = Entry {
                    square: sq,
                    bits,
                    magic: gather_base(family.mask(sq)),
                };
                assert_eq!(verify_entry(family, &e), Ok(()), "{family} {sq}");
            }
        }
    }

    #[test]
    fn a_bad_seed_still_finds_a_correct_magic() {
        // Seed 0 and all-ones are the classic weak seeds for simple generators.
        for seed in [0, u64::MAX] {
            for family in [Family::Rook, Family::Bishop] {
                for sq in [0u8, 7, 27, 56, 63] {
                    let e = search_square(family, sq, seed);
                    assert_eq!(verify_entry(family, &e), Ok(()));
                }
            }
        }
    }
}
