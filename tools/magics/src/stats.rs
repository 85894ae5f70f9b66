//! Table sizes of every layout a magic set feeds, beside the published figures.
//!
//! All sizes count `u64` attack-set entries (8 bytes each); the per-square magic
//! entries (mask, magic, shift, offset) are a few KiB on top and not counted, as in
//! the literature.

use crate::format::FamilyEntries;
use crate::tables::{BISHOP_PLAIN_STRIDE, LINE_STRIDE, ROOK_PLAIN_STRIDE};
use crate::Family;

/// Bytes per table entry (one `u64` attack set).
pub const ENTRY_BYTES: u64 = 8;

/// One layout's size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    /// A short description.
    pub name: &'static str,
    /// Table entries.
    pub entries: u64,
}

impl Layout {
    /// Returns the size in bytes.
    pub fn bytes(&self) -> u64 {
        self.entries * ENTRY_BYTES
    }
}

/// Published rook+bishop table sizes in entries, with where they come from.
///
/// Source: chessprogramming wiki, "Magic Bitboards"
/// (<https://www.chessprogramming.org/Magic_Bitboards>), sections Plain, Fancy,
/// Fixed shift Fancy and Black Magic Bitboards, and its magic records.
pub const PUBLISHED: [(&str, u64); 5] = [
    ("plain, [64][4096] + [64][512] (Hansen)", 294_912),
    ("fancy, full width (Kannan)", 107_648),
    ("fancy, shortened \"best magics\"", 92_864),
    ("fixed shift with overlap", 88_772),
    ("black magics", 87_988),
];

/// Returns the layouts one family's entries feed, with their sizes.
///
/// Rook and bishop: Kirin's plain rows (`[64][4096]`, `[64][512]`, independent of
/// the magics), the compact table (up to `2^bits` per square, [`crate::tables::compact_row_len`]:
/// what the hunt shrinks) and
/// the pext-order table (`2^popcount(mask)` per square). Fixed-shift families: the
/// fixed-shift table (rows as in the compact table, at the family's one width).
/// Lines: the kindergarten
/// table `[64][64]`, which depends on geometry only. Missing squares count at full
/// width, as build.rs would search them.
pub fn family_layouts(family: Family, entries: &FamilyEntries) -> Vec<Layout> {
    let full = |sq: usize| crate::verify::bits_range(family, sq as u8).1;
    // The rows of a compact-layout table (the compact or the fixed-shift one).
    let rows = || -> u64 {
        (0..64)
            .map(|sq| {
                entries[sq].map_or(1u64 << full(sq), |e| {
                    crate::tables::compact_row_len(family, &e) as u64
                })
            })
            .sum()
    };
    match family {
        Family::Rook | Family::Bishop => {
            let stride = if family == Family::Rook {
                ROOK_PLAIN_STRIDE
            } else {
                BISHOP_PLAIN_STRIDE
            };
            let compact = rows();
            let pext = (0..64).map(|sq| 1u64 << full(sq)).sum();
            vec![
                Layout {
                    name: "plain",
                    entries: 64 * stride as u64,
                },
                Layout {
                    name: "compact",
                    entries: compact,
                },
                Layout {
                    name: "pext",
                    entries: pext,
                },
            ]
        }
        Family::RookFixed | Family::BishopFixed => {
            let fixed = rows();
            vec![Layout {
                name: "fixed",
                entries: fixed,
            }]
        }
        _ => vec![Layout {
            name: "kindergarten",
            entries: 64 * LINE_STRIDE as u64,
        }],
    }
}

/// Returns the entries of one family's table of rows: the compact table for rook
/// and bishop, the fixed-shift table for the fixed-shift families (missing squares
/// at full width); 0 for the line families.
pub fn compact_entries(family: Family, entries: &FamilyEntries) -> u64 {
    family_layouts(family, entries)
        .into_iter()
        .find(|l| l.name == "compact" || l.name == "fixed")
        .map_or(0, |l| l.entries)
}

/// Returns how many squares of `entries` use each index width, widest first:
/// `(bits, squares)`.
pub fn bits_histogram(entries: &FamilyEntries) -> Vec<(u8, usize)> {
    let mut counts = [0usize; 65];
    for e in entries.iter().flatten() {
        counts[e.bits as usize] += 1;
    }
    (1..=64u8)
        .rev()
        .filter(|&b| counts[b as usize] > 0)
        .map(|b| (b, counts[b as usize]))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_width_matches_kannan_and_plain() {
        let none: FamilyEntries = [None; 64];
        let rook = family_layouts(Family::Rook, &none);
        let bishop = family_layouts(Family::Bishop, &none);
        assert_eq!(rook[0].entries + bishop[0].entries, PUBLISHED[0].1);
        assert_eq!(rook[1].entries + bishop[1].entries, PUBLISHED[1].1);
        assert_eq!(rook[2].entries + bishop[2].entries, PUBLISHED[1].1);
        assert_eq!(family_layouts(Family::Diag, &none)[0].bytes(), 32 * 1024);
    }
}
