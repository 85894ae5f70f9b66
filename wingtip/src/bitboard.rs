//! A set of squares as a 64-bit word; bit `n` is square `n` (a8 = bit 0).

use crate::{Color, File, Rank, Square};
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of squares. Every `u64` is a valid bitboard.
///
/// Iteration yields squares from the lowest bit up (a8 first).
///
/// # Examples
/// ```
/// use wingtip::{bitboard, Bitboard, Square};
/// let bb = bitboard! {
///     . . . . . . . .
///     . . . . . . . .
///     . . . . . . . .
///     . . . . . . . .
///     . . . . X . . .
///     . . . . . . . .
///     . . . . . . . .
///     X . . . . . . X
/// };
/// assert_eq!(bb, Bitboard::from(Square::E4) | Square::A1.into() | Square::H1.into());
/// assert_eq!(bb.into_iter().collect::<Vec<_>>(), [Square::E4, Square::A1, Square::H1]);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[repr(transparent)]
pub struct Bitboard(pub u64);

/// Builds a [`Bitboard`] from a diagram: rank 8 on top, the a-file on the left, `X`
/// for a member square and `.` for any other.
#[macro_export]
macro_rules! bitboard {
    ($($cell:tt)*) => {{
        let cells: &[&str] = &[$(stringify!($cell)),*];
        assert!(cells.len() == 64, "a bitboard diagram has 64 cells");
        let mut bits = 0u64;
        let mut i = 0;
        while i < 64 {
            if cells[i].as_bytes()[0] == b'X' {
                bits |= 1 << i;
            }
            i += 1;
        }
        $crate::Bitboard(bits)
    }};
}

impl Bitboard {
    /// The empty set.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// Every square.
    pub const FULL: Bitboard = Bitboard(!0);
    /// The a-file (a8 is bit 0, a1 bit 56).
    pub const FILE_A: Bitboard = Bitboard(0x0101_0101_0101_0101);
    /// The h-file.
    pub const FILE_H: Bitboard = Bitboard(0x8080_8080_8080_8080);
    /// Rank 8 (bits 0–7).
    pub const RANK_8: Bitboard = Bitboard(0xff);
    /// Rank 1 (bits 56–63).
    pub const RANK_1: Bitboard = Bitboard(0xff << 56);

    /// Returns every square of `file`.
    ///
    /// # Examples
    /// ```
    /// use wingtip::{Bitboard, File, Square};
    /// assert_eq!(Bitboard::file(File::A), Bitboard::FILE_A);
    /// assert!(Bitboard::file(File::E).has(Square::E4));
    /// ```
    #[inline(always)]
    pub const fn file(file: File) -> Bitboard {
        Bitboard(Bitboard::FILE_A.0 << file.index())
    }

    /// Returns every square of `rank`.
    ///
    /// # Examples
    /// ```
    /// use wingtip::{Bitboard, Rank, Square};
    /// assert_eq!(Bitboard::rank(Rank::First), Bitboard::RANK_1);
    /// assert!(Bitboard::rank(Rank::Fourth).has(Square::E4));
    /// ```
    #[inline(always)]
    pub const fn rank(rank: Rank) -> Bitboard {
        Bitboard(Bitboard::RANK_1.0 >> (8 * rank.index()))
    }

    /// Returns the files next to `file` (one or two of them).
    ///
    /// # Examples
    /// ```
    /// use wingtip::{Bitboard, File};
    /// assert_eq!(Bitboard::adjacent_files(File::A), Bitboard::file(File::B));
    /// assert_eq!(Bitboard::adjacent_files(File::E).len(), 16);
    /// ```
    #[inline(always)]
    pub const fn adjacent_files(file: File) -> Bitboard {
        let f = Bitboard::file(file);
        Bitboard(f.west().0 | f.east().0)
    }

    /// Returns the set moved one rank towards the enemy of `color` (north for white,
    /// south for black); squares pushed off the board drop out.
    ///
    /// # Examples
    /// ```
    /// use wingtip::{Bitboard, Color, Square};
    /// let e2 = Bitboard::from(Square::E2);
    /// assert_eq!(e2.forward(Color::White), Square::E3.into());
    /// assert_eq!(e2.forward(Color::Black), Square::E1.into());
    /// ```
    #[inline(always)]
    pub const fn forward(self, color: Color) -> Bitboard {
        match color {
            Color::White => Bitboard(self.0 >> 8),
            Color::Black => Bitboard(self.0 << 8),
        }
    }

    /// Returns the set moved one file towards the a-file; the a-file drops out.
    #[inline(always)]
    pub const fn west(self) -> Bitboard {
        Bitboard((self.0 & !Bitboard::FILE_A.0) >> 1)
    }

    /// Returns the set moved one file towards the h-file; the h-file drops out.
    #[inline(always)]
    pub const fn east(self) -> Bitboard {
        Bitboard((self.0 & !Bitboard::FILE_H.0) << 1)
    }

    /// Returns the squares attacked by pawns of `color` standing on this set: the
    /// set-wise form of [`attacks::pawn_attacks`](crate::attacks::pawn_attacks).
    ///
    /// # Examples
    /// ```
    /// use wingtip::{attacks, Bitboard, Color, Square};
    /// let pawns = Bitboard::from(Square::A2) | Square::E7.into();
    /// assert_eq!(pawns.pawn_attacks(Color::White),
    ///            attacks::pawn_attacks(Color::White, Square::A2)
    ///                | attacks::pawn_attacks(Color::White, Square::E7));
    /// ```
    #[inline(always)]
    pub const fn pawn_attacks(self, color: Color) -> Bitboard {
        // One shift per side: mask the edge file first, then move diagonally.
        let (west, east) = (self.0 & !Bitboard::FILE_A.0, self.0 & !Bitboard::FILE_H.0);
        match color {
            Color::White => Bitboard((west >> 9) | (east >> 7)),
            Color::Black => Bitboard((west << 7) | (east << 9)),
        }
    }

    /// Returns true when `sq` is a member.
    #[inline(always)]
    pub const fn has(self, sq: Square) -> bool {
        self.0 >> sq.index() & 1 != 0
    }

    /// Returns the number of members.
    #[inline(always)]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Returns true for the empty set.
    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Returns true when the set has more than one member.
    #[inline(always)]
    pub const fn has_many(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// Returns the lowest member, or `None` for the empty set.
    #[inline(always)]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_index_masked(self.0.trailing_zeros()))
        }
    }

    /// Returns the set with `sq` added.
    #[inline(always)]
    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | 1 << sq.index())
    }

    /// Returns the set with `sq` removed.
    #[inline(always)]
    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !(1 << sq.index()))
    }
}

impl From<Square> for Bitboard {
    #[inline(always)]
    fn from(sq: Square) -> Self {
        Bitboard(1 << sq.index())
    }
}

macro_rules! binop {
    ($tr:ident, $f:ident, $atr:ident, $af:ident, $op:tt) => {
        impl $tr for Bitboard {
            type Output = Bitboard;
            #[inline(always)]
            fn $f(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $atr for Bitboard {
            #[inline(always)]
            fn $af(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
binop!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
binop!(BitOr, bitor, BitOrAssign, bitor_assign, |);
binop!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline(always)]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

/// Iterator over the members of a [`Bitboard`], lowest first.
#[derive(Clone, Debug)]
pub struct Squares(u64);

impl Iterator for Squares {
    type Item = Square;

    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let sq = Square::from_index_masked(self.0.trailing_zeros());
        self.0 &= self.0 - 1;
        Some(sq)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Squares {}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = Squares;

    fn into_iter(self) -> Squares {
        Squares(self.0)
    }
}
