//! The validity rule of each family (docs/design.md §2), checked over every subset.

use crate::format::{Entry, FamilyFile};
use crate::geometry::{pext, square_name, subsets};
use crate::reference::family_attacks;
use crate::Family;
use std::fmt;

/// Why an entry breaks its family's rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Violation {
    /// The index width cannot be used with this family and square.
    Bits {
        /// The width found.
        bits: u8,
        /// The smallest allowed width.
        min: u8,
        /// The largest allowed width.
        max: u8,
    },
    /// Kirin's rule: two occupancies with different attack sets share an index.
    Collision {
        /// The shared index.
        index: u64,
        /// The first occupancy, in subset-enumeration order.
        first: u64,
        /// Its attack set.
        first_attacks: u64,
        /// The second occupancy.
        second: u64,
        /// Its (different) attack set.
        second_attacks: u64,
    },
    /// Winglet's sign-bit rule: bit 63 of the product is set for this occupancy.
    SignBit {
        /// The occupancy.
        occupancy: u64,
        /// The product `occupancy * magic` (mod 2^64).
        product: u64,
    },
    /// The line magic is not an exact gather: `product >> 57 != pext(occupancy, mask)`.
    Gather {
        /// The occupancy.
        occupancy: u64,
        /// `product >> 57`.
        index: u64,
        /// `pext(occupancy, mask)`, what the index must be.
        expected: u64,
    },
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Violation::Bits { bits, min, max } => {
                write!(f, "index bits {bits} out of range {min}..={max}")
            }
            Violation::Collision { index, first, first_attacks, second, second_attacks } => write!(
                f,
                "collision at index {index}: occupancies 0x{first:016X} and 0x{second:016X} \
                 have different attack sets 0x{first_attacks:016X} and 0x{second_attacks:016X}"
            ),
            Violation::SignBit { occupancy, product } => write!(
                f,
                "sign bit set: occupancy 0x{occupancy:016X} gives product 0x{product:016X} (bit 63 must stay clear)"
            ),
            Violation::Gather { occupancy, index, expected } => write!(
                f,
                "not an exact gather: occupancy 0x{occupancy:016X} gives index {index}, pext order needs {expected}"
            ),
        }
    }
}

impl std::error::Error for Violation {}

/// Returns the allowed index widths of `family` on `sq`.
///
/// Rook and bishop: `1..=popcount(mask)` (fewer bits than the mask when a hunted
/// magic allows). Lines: exactly `popcount(mask)`, since a line magic is an exact
/// gather; a line with no inner square (a1's anti-diagonal) still records 1 bit.
/// Fixed-shift families: exactly the family's width (12 rook, 9 bishop) on every
/// square, whatever the mask.
pub fn bits_range(family: Family, sq: u8) -> (u8, u8) {
    let n = family.mask(sq).count_ones() as u8;
    if family.is_line() {
        (n.max(1), n.max(1))
    } else if family.is_fixed() {
        let w = family.max_bits() as u8;
        (w, w)
    } else {
        (1, n)
    }
}

/// Precomputed subsets and attack sets of one square, plus scratch space, so the
/// same square can be checked against many candidates quickly (search and hunt).
pub struct SquareChecker {
    family: Family,
    mask: u64,
    occupancies: Vec<u64>,
    attacks: Vec<u64>,
    epoch: u32,
    slots: Vec<Slot>,
}

/// One index of the scratch table: the attack set stored there during the check of
/// epoch `epoch`, and which occupancy put it there. One load answers both questions.
#[derive(Clone, Copy, Default)]
struct Slot {
    attacks: u64,
    epoch: u32,
    first: u32,
}

/// Returns every subset of `family`'s mask on `sq` (carry-rippler order) and the
/// reference attack set of each: the data every per-square check starts from.
pub fn occupancies_and_attacks(family: Family, sq: u8) -> (Vec<u64>, Vec<u64>) {
    let occupancies: Vec<u64> = subsets(family.mask(sq)).collect();
    let attacks = occupancies
        .iter()
        .map(|&o| family_attacks(family, sq, o))
        .collect();
    (occupancies, attacks)
}

impl SquareChecker {
    /// Prepares `family` on `sq`.
    pub fn new(family: Family, sq: u8) -> Self {
        let mask = family.mask(sq);
        let (occupancies, attacks) = occupancies_and_attacks(family, sq);
        Self {
            family,
            mask,
            occupancies,
            attacks,
            epoch: 0,
            slots: Vec::new(),
        }
    }

    /// Returns the mask.
    pub fn mask(&self) -> u64 {
        self.mask
    }

    /// Returns the first violation of `magic` at `bits`, or `Ok`.
    pub fn check(&mut self, bits: u8, magic: u64) -> Result<(), Violation> {
        if self.family.is_line() {
            return self.check_line(magic);
        }
        let shift = 64 - bits as u32;
        let size = 1usize << bits;
        if self.slots.len() < size {
            self.slots.resize(size, Slot::default());
        }
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.slots.iter_mut().for_each(|s| s.epoch = 0);
            self.epoch = 1;
        }
        let epoch = self.epoch;
        let slots = &mut self.slots[..size];
        for (i, (&o, &a)) in self.occupancies.iter().zip(&self.attacks).enumerate() {
            let index = (o.wrapping_mul(magic) >> shift) as usize;
            let slot = &mut slots[index & (size - 1)];
            if slot.epoch != epoch {
                *slot = Slot {
                    attacks: a,
                    epoch,
                    first: i as u32,
                };
            } else if slot.attacks != a {
                let j = slot.first as usize;
                return Err(Violation::Collision {
                    index: index as u64,
                    first: self.occupancies[j],
                    first_attacks: slot.attacks,
                    second: o,
                    second_attacks: a,
                });
            }
        }
        Ok(())
    }

    /// Returns the compact row length of `magic` at `bits` (the highest index a
    /// subset reaches, plus one) when the magic is valid and that row is shorter than
    /// `limit`; `None` otherwise. Gives up at the first index at or past `limit - 1`,
    /// so a search for ever shorter rows rejects most candidates early.
    pub fn row_len_within(&mut self, bits: u8, magic: u64, limit: usize) -> Option<usize> {
        let shift = 64 - bits as u32;
        let mut top = 0usize;
        for &o in &self.occupancies {
            let index = (o.wrapping_mul(magic) >> shift) as usize;
            if index + 1 >= limit {
                return None;
            }
            top = top.max(index);
        }
        self.check(bits, magic).ok().map(|()| top + 1)
    }

    /// Returns true when `magic` at `bits` is valid; a cheap pre-filter rejects most
    /// bad rook/bishop candidates before the full check.
    pub fn accepts(&mut self, bits: u8, magic: u64) -> bool {
        // Not for the fixed-shift families: their short rows need products whose top
        // bits stay clear, which this filter would reject.
        if !self.family.is_line()
            && !self.family.is_fixed()
            && (self.mask.wrapping_mul(magic) >> 56).count_ones() < 6
        {
            return false;
        }
        self.check(bits, magic).is_ok()
    }

    fn check_line(&self, magic: u64) -> Result<(), Violation> {
        for &o in &self.occupancies {
            let product = o.wrapping_mul(magic);
            if product >> 63 != 0 {
                return Err(Violation::SignBit {
                    occupancy: o,
                    product,
                });
            }
            let (index, expected) = (product >> 57, pext(o, self.mask));
            if index != expected {
                return Err(Violation::Gather {
                    occupancy: o,
                    index,
                    expected,
                });
            }
        }
        Ok(())
    }
}

/// Checks one entry against its family's rule over every subset of the mask.
///
/// # Errors
/// The first [`Violation`] found.
pub fn verify_entry(family: Family, entry: &Entry) -> Result<(), Violation> {
    let (min, max) = bits_range(family, entry.square);
    if entry.bits < min || entry.bits > max {
        return Err(Violation::Bits {
            bits: entry.bits,
            min,
            max,
        });
    }
    SquareChecker::new(family, entry.square).check(entry.bits, entry.magic)
}

/// A violation located in a file: file, line, square and reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileViolation {
    /// The family.
    pub family: Family,
    /// The file's path as given.
    pub path: std::path::PathBuf,
    /// The 1-based line.
    pub line: usize,
    /// The square.
    pub square: u8,
    /// The reason.
    pub violation: Violation,
}

impl fmt::Display for FileViolation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}: family {}, square {}: {}",
            self.path.display(),
            self.line,
            self.family,
            square_name(self.square),
            self.violation
        )
    }
}

impl std::error::Error for FileViolation {}

/// Verifies every present entry of a parsed file; returns every violation.
pub fn verify_set(file: &FamilyFile, path: &std::path::Path) -> Vec<FileViolation> {
    file.entries
        .iter()
        .flatten()
        .filter_map(|e| {
            verify_entry(file.family, e)
                .err()
                .map(|violation| FileViolation {
                    family: file.family,
                    path: path.to_path_buf(),
                    line: file.lines[e.square as usize],
                    square: e.square,
                    violation,
                })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_bad_entries_are_rejected() {
        // Zero can never separate a1's rook attack sets.
        let e = Entry {
            square: 56,
            bits: 12,
            magic: 0,
        };
        assert!(matches!(
            verify_entry(Family::Rook, &e),
            Err(Violation::Collision { .. })
        ));
        // Too many bits for the plain layout row.
        let e = Entry {
            square: 56,
            bits: 13,
            magic: 1,
        };
        assert!(matches!(
            verify_entry(Family::Rook, &e),
            Err(Violation::Bits { .. })
        ));
        // The exact rank-8 gather plus a bit that throws b8 onto bit 63.
        let e = Entry {
            square: 0,
            bits: 6,
            magic: 1 << 56 | 1 << 62,
        };
        assert!(matches!(
            verify_entry(Family::Rank, &e),
            Err(Violation::SignBit { .. })
        ));
        // The textbook rank shift for rank 8 but one short: lands on 56..61.
        let e = Entry {
            square: 0,
            bits: 6,
            magic: 1 << 55,
        };
        assert!(matches!(
            verify_entry(Family::Rank, &e),
            Err(Violation::Gather { .. })
        ));
        // The exact shift is valid.
        let e = Entry {
            square: 0,
            bits: 6,
            magic: 1 << 56,
        };
        assert_eq!(verify_entry(Family::Rank, &e), Ok(()));
    }

    #[test]
    fn collision_message_names_occupancies_and_attacks() {
        let e = Entry {
            square: 56,
            bits: 12,
            magic: 0,
        };
        let msg = verify_entry(Family::Rook, &e).unwrap_err().to_string();
        assert!(msg.contains("occupancies 0x"), "{msg}");
        assert!(msg.contains("attack sets 0x"), "{msg}");
    }
}
