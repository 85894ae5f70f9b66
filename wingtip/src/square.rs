//! Squares in Kirin's numbering: a8 = 0, b8 = 1, …, h8 = 7, a7 = 8, …, h1 = 63.

use core::fmt;
use core::str::FromStr;

/// A file, a (0) to h (7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum File {
    A,
    B,
    C,
    D,
    E,
    F,
    G,
    H,
}

/// A rank, 1 (0) to 8 (7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum Rank {
    First,
    Second,
    Third,
    Fourth,
    Fifth,
    Sixth,
    Seventh,
    Eighth,
}

impl File {
    /// All files, a to h.
    pub const ALL: [File; 8] = [
        File::A,
        File::B,
        File::C,
        File::D,
        File::E,
        File::F,
        File::G,
        File::H,
    ];

    /// Returns the file with index `i` (a = 0), or `None` when `i > 7`.
    pub const fn from_index(i: u8) -> Option<File> {
        if i < 8 {
            Some(Self::ALL[i as usize])
        } else {
            None
        }
    }

    /// Returns the index, a = 0 … h = 7.
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl Rank {
    /// All ranks, 1 to 8.
    pub const ALL: [Rank; 8] = [
        Rank::First,
        Rank::Second,
        Rank::Third,
        Rank::Fourth,
        Rank::Fifth,
        Rank::Sixth,
        Rank::Seventh,
        Rank::Eighth,
    ];

    /// Returns the rank with index `i` (rank 1 = 0), or `None` when `i > 7`.
    pub const fn from_index(i: u8) -> Option<Rank> {
        if i < 8 {
            Some(Self::ALL[i as usize])
        } else {
            None
        }
    }

    /// Returns the index, rank 1 = 0 … rank 8 = 7.
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// A square of the board, always `< 64`.
///
/// # Examples
/// ```
/// use wingtip::Square;
/// assert_eq!(Square::A8.index(), 0);
/// assert_eq!(Square::H1.index(), 63);
/// assert_eq!("e4".parse::<Square>(), Ok(Square::E4));
/// assert_eq!(Square::E4.to_string(), "e4");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(transparent)]
pub struct Square(u8);

/// The "no square" value of Kirin's encoding (an empty en-passant field).
pub const NO_SQUARE: u8 = 64;

macro_rules! squares {
    ($($name:ident = $v:expr),* $(,)?) => {
        impl Square { $(
            #[doc = concat!("The square ", stringify!($name), ".")]
            pub const $name: Square = Square($v);
        )* }
    };
}

squares! {
    A8 = 0, B8 = 1, C8 = 2, D8 = 3, E8 = 4, F8 = 5, G8 = 6, H8 = 7,
    A7 = 8, B7 = 9, C7 = 10, D7 = 11, E7 = 12, F7 = 13, G7 = 14, H7 = 15,
    A6 = 16, B6 = 17, C6 = 18, D6 = 19, E6 = 20, F6 = 21, G6 = 22, H6 = 23,
    A5 = 24, B5 = 25, C5 = 26, D5 = 27, E5 = 28, F5 = 29, G5 = 30, H5 = 31,
    A4 = 32, B4 = 33, C4 = 34, D4 = 35, E4 = 36, F4 = 37, G4 = 38, H4 = 39,
    A3 = 40, B3 = 41, C3 = 42, D3 = 43, E3 = 44, F3 = 45, G3 = 46, H3 = 47,
    A2 = 48, B2 = 49, C2 = 50, D2 = 51, E2 = 52, F2 = 53, G2 = 54, H2 = 55,
    A1 = 56, B1 = 57, C1 = 58, D1 = 59, E1 = 60, F1 = 61, G1 = 62, H1 = 63,
}

impl Square {
    /// All 64 squares in index order, a8 first.
    pub const ALL: [Square; 64] = {
        let mut all = [Square(0); 64];
        let mut i = 0;
        while i < 64 {
            all[i] = Square(i as u8);
            i += 1;
        }
        all
    };

    /// Returns the square with index `i`, or `None` when `i >= 64`.
    pub const fn from_index(i: u8) -> Option<Square> {
        if i < 64 {
            Some(Square(i))
        } else {
            None
        }
    }

    /// Returns the square with index `i & 63` (for hot paths that already know
    /// `i < 64`; the mask makes any input a valid square).
    #[inline(always)]
    pub const fn from_index_masked(i: u32) -> Square {
        Square((i & 63) as u8)
    }

    /// Returns the square on `file` and `rank`.
    pub const fn new(file: File, rank: Rank) -> Square {
        Square(8 * (7 - rank as u8) + file as u8)
    }

    /// Returns the index, a8 = 0 … h1 = 63.
    #[inline(always)]
    pub const fn index(self) -> usize {
        // The field is always below 64. Saying so to the optimiser drops the bounds
        // checks of every `[_; 64]` table lookup. An `& 63` said it too, but cost an
        // instruction per lookup: about 5 % of a random slider lookup pair
        // (bench/benches/lookup_peers.rs, docs/embedding.md).
        // SAFETY: every constructor of `Square` (the named constants, `ALL`,
        // `from_index`, `from_index_masked`, `new`, `offset`, `flip_rank`, parsing)
        // yields a value below 64, and the field is private.
        unsafe { core::hint::assert_unchecked(self.0 < 64) };
        self.0 as usize
    }

    /// Returns the file.
    pub const fn file(self) -> File {
        File::ALL[(self.0 & 7) as usize]
    }

    /// Returns the rank.
    pub const fn rank(self) -> Rank {
        Rank::ALL[(7 - (self.0 >> 3)) as usize]
    }

    /// Returns the square `delta` indices away (north is −8, east +1), or `None`
    /// when it is off the board or wraps around a side.
    pub const fn offset(self, file_delta: i8, rank_delta: i8) -> Option<Square> {
        let f = (self.0 & 7) as i8 + file_delta;
        let r = (7 - (self.0 >> 3)) as i8 + rank_delta;
        if f < 0 || f > 7 || r < 0 || r > 7 {
            None
        } else {
            Some(Square((8 * (7 - r) + f) as u8))
        }
    }

    /// Returns the same square seen from the other side (a1 ↔ a8).
    pub const fn flip_rank(self) -> Square {
        Square(self.0 ^ 56)
    }
}

impl TryFrom<u8> for Square {
    type Error = ParseSquareError;

    fn try_from(i: u8) -> Result<Self, Self::Error> {
        Square::from_index(i).ok_or(ParseSquareError)
    }
}

/// Text that is not a square name (`a1` … `h8`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParseSquareError;

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not a square name (a1 … h8)")
    }
}

impl core::error::Error for ParseSquareError {}

impl FromStr for Square {
    type Err = ParseSquareError;

    /// Parses `e4`-style names. This never panics.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.as_bytes() {
            &[f @ b'a'..=b'h', r @ b'1'..=b'8'] => Ok(Square(8 * (b'8' - r) + (f - b'a'))),
            _ => Err(ParseSquareError),
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use core::fmt::Write;
        f.write_char((b'a' + (self.0 & 7)) as char)?;
        f.write_char((b'8' - (self.0 >> 3)) as char)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for sq in Square::ALL {
            let mut buf = [0u8; 2];
            let name = {
                use core::fmt::Write;
                struct W<'a>(&'a mut [u8; 2], usize);
                impl Write for W<'_> {
                    fn write_str(&mut self, s: &str) -> core::fmt::Result {
                        for b in s.bytes() {
                            self.0[self.1] = b;
                            self.1 += 1;
                        }
                        Ok(())
                    }
                }
                write!(W(&mut buf, 0), "{sq}").unwrap();
                core::str::from_utf8(&buf).unwrap()
            };
            assert_eq!(name.parse::<Square>(), Ok(sq));
            assert_eq!(Square::new(sq.file(), sq.rank()), sq);
        }
        assert!("e9".parse::<Square>().is_err());
        assert!("".parse::<Square>().is_err());
        assert_eq!(Square::E2.offset(0, 2), Some(Square::E4));
        assert_eq!(Square::H4.offset(1, 0), None);
    }
}
