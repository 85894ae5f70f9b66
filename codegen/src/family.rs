//! The eight magic families and their masks.

use crate::geometry::{file_of, rank_of, square_at};
use core::fmt;
use core::str::FromStr;

/// One family of magic numbers; each has its own file `magics/<name>.txt`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Family {
    /// Kirin's rook magics (index = product >> (64 − n)).
    Rook,
    /// Kirin's bishop magics.
    Bishop,
    /// Winglet's kindergarten rank lines (sign-bit rule, product >> 57).
    Rank,
    /// Winglet's kindergarten file lines.
    File,
    /// Kindergarten a1–h8-direction diagonals.
    Diag,
    /// Kindergarten a8–h1-direction anti-diagonals.
    Anti,
    /// Rook magics for a fixed shift: Kirin's rule at 12 index bits on every square
    /// (index = product >> 52), so the lookup shifts by a constant; the rows of the
    /// fixed-shift table end at the last slot a subset reaches (docs/design.md §2).
    RookFixed,
    /// Bishop magics for a fixed shift: Kirin's rule at 9 bits (product >> 55).
    BishopFixed,
}

impl Family {
    /// How many families there are.
    pub const COUNT: usize = 8;

    /// All eight families, in file order.
    pub const ALL: [Family; Family::COUNT] = [
        Family::Rook,
        Family::Bishop,
        Family::Rank,
        Family::File,
        Family::Diag,
        Family::Anti,
        Family::RookFixed,
        Family::BishopFixed,
    ];

    /// Returns the family's name, which is also its file stem.
    pub const fn name(self) -> &'static str {
        match self {
            Family::Rook => "rook",
            Family::Bishop => "bishop",
            Family::Rank => "rank",
            Family::File => "file",
            Family::Diag => "diag",
            Family::Anti => "anti",
            Family::RookFixed => "rook-fixed",
            Family::BishopFixed => "bishop-fixed",
        }
    }

    /// Returns the family's position in [`Family::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Returns true for the four kindergarten line families (sign-bit rule).
    pub const fn is_line(self) -> bool {
        !matches!(
            self,
            Family::Rook | Family::Bishop | Family::RookFixed | Family::BishopFixed
        )
    }

    /// Returns true for the two fixed-shift families (one index width per family).
    pub const fn is_fixed(self) -> bool {
        matches!(self, Family::RookFixed | Family::BishopFixed)
    }

    /// Returns the family whose pieces, masks and attack sets this one uses: `Rook`
    /// for `RookFixed`, `Bishop` for `BishopFixed`, the family itself otherwise.
    pub const fn geometry(self) -> Family {
        match self {
            Family::RookFixed => Family::Rook,
            Family::BishopFixed => Family::Bishop,
            f => f,
        }
    }

    /// Returns the ray directions `(file step, rank step)` of the family.
    pub const fn directions(self) -> &'static [(i8, i8)] {
        match self.geometry() {
            Family::Rook => &[(1, 0), (-1, 0), (0, 1), (0, -1)],
            Family::Bishop => &[(1, 1), (-1, -1), (1, -1), (-1, 1)],
            Family::Rank => &[(1, 0), (-1, 0)],
            Family::File => &[(0, 1), (0, -1)],
            Family::Diag => &[(1, 1), (-1, -1)],
            Family::Anti => &[(1, -1), (-1, 1)],
            Family::RookFixed | Family::BishopFixed => unreachable!(),
        }
    }

    /// Returns the relevant-occupancy mask of `sq` (docs/design.md §2).
    ///
    /// Rook and bishop: the rays from `sq`, each without its board-edge square.
    /// Lines: the inner squares of the line through `sq` (the line minus its two end
    /// squares; `sq` itself included when it is inner).
    pub fn mask(self, sq: u8) -> u64 {
        let (f0, r0) = (file_of(sq), rank_of(sq));
        let mut mask = 0u64;
        if self.is_line() {
            let mut line = 1u64 << sq;
            for &(df, dr) in self.directions() {
                let (mut f, mut r) = (f0 + df, r0 + dr);
                while let Some(s) = square_at(f, r) {
                    line |= 1 << s;
                    f += df;
                    r += dr;
                }
            }
            // The two ends are the squares with no neighbour on one side of the line.
            let (df, dr) = self.directions()[0];
            let mut inner = line;
            for s in 0..64u8 {
                if line >> s & 1 == 0 {
                    continue;
                }
                let (f, r) = (file_of(s), rank_of(s));
                let fwd = square_at(f + df, r + dr).is_some();
                let back = square_at(f - df, r - dr).is_some();
                if !(fwd && back) {
                    inner &= !(1u64 << s);
                }
            }
            mask = inner;
        } else {
            for &(df, dr) in self.directions() {
                let (mut f, mut r) = (f0 + df, r0 + dr);
                // Include a square only when the ray continues past it.
                while let (Some(s), Some(_)) = (square_at(f, r), square_at(f + df, r + dr)) {
                    mask |= 1 << s;
                    f += df;
                    r += dr;
                }
            }
        }
        mask
    }

    /// Returns the largest index width a plain table row holds (12 rook, 9 bishop,
    /// 6 for lines), which is also the one width of each fixed-shift family.
    pub const fn max_bits(self) -> u32 {
        match self.geometry() {
            Family::Rook => 12,
            Family::Bishop => 9,
            _ => 6,
        }
    }
}

impl fmt::Display for Family {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Family {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Family::ALL
            .into_iter()
            .find(|f| f.name() == s)
            .ok_or_else(|| {
                format!("unknown family {s:?} (expected rook, bishop, rank, file, diag, anti, rook-fixed or bishop-fixed)")
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mask_sizes_match_the_literature() {
        // Rook + bishop relevant bits: 102,400 + 5,248 table entries (Kannan's layout).
        let rook: u64 = (0..64)
            .map(|s| 1u64 << Family::Rook.mask(s).count_ones())
            .sum();
        let bishop: u64 = (0..64)
            .map(|s| 1u64 << Family::Bishop.mask(s).count_ones())
            .sum();
        assert_eq!(rook, 102_400);
        assert_eq!(bishop, 5_248);
        assert_eq!(Family::Rook.mask(56).count_ones(), 12); // a1
        assert_eq!(Family::Bishop.mask(27).count_ones(), 9); // d5
        for s in 0..64 {
            assert_eq!(Family::Rank.mask(s).count_ones(), 6);
            assert_eq!(Family::File.mask(s).count_ones(), 6);
            assert_eq!(
                Family::Rook.mask(s),
                (Family::Rank.mask(s) | Family::File.mask(s)) & !(1 << s)
            );
        }
        // a1's anti-diagonal is a1 alone: no inner squares.
        assert_eq!(Family::Anti.mask(56), 0);
        // The long diagonal a1-h8: b2..g7, six squares.
        assert_eq!(Family::Diag.mask(56).count_ones(), 6);
    }
}
