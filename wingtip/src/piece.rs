//! Colors and pieces in Kirin's encoding: `P N B R Q K p n b r q k` = 0..11.

use core::ops::Not;

/// A side. White = 0, black = 1; occupancy boards are `[white, black, both]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Color {
    /// White, moving towards rank 8.
    White = 0,
    /// Black.
    Black = 1,
}

/// The index of the "both colors" occupancy board.
pub const BOTH: usize = 2;

impl Color {
    /// Both colors, white first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// Returns 0 for white, 1 for black.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl Not for Color {
    type Output = Color;
    #[inline(always)]
    fn not(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

/// A piece kind without color.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum Role {
    Pawn,
    Knight,
    Bishop,
    Rook,
    Queen,
    King,
}

impl Role {
    /// All roles, pawn first.
    pub const ALL: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];

    /// Returns pawn = 0 … king = 5.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// A colored piece, Kirin's order: `P N B R Q K p n b r q k` = 0..11.
///
/// # Examples
/// ```
/// use wingtip::{Color, Piece, Role};
/// assert_eq!(Piece::BlackKnight as u8, 7);
/// assert_eq!(Piece::new(Color::Black, Role::Knight), Piece::BlackKnight);
/// assert_eq!(Piece::from_char('q'), Some(Piece::BlackQueen));
/// assert_eq!(Piece::WhiteRook.to_char(), 'R');
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum Piece {
    WhitePawn,
    WhiteKnight,
    WhiteBishop,
    WhiteRook,
    WhiteQueen,
    WhiteKing,
    BlackPawn,
    BlackKnight,
    BlackBishop,
    BlackRook,
    BlackQueen,
    BlackKing,
}

impl Piece {
    /// All twelve pieces in Kirin's order.
    pub const ALL: [Piece; 12] = [
        Piece::WhitePawn,
        Piece::WhiteKnight,
        Piece::WhiteBishop,
        Piece::WhiteRook,
        Piece::WhiteQueen,
        Piece::WhiteKing,
        Piece::BlackPawn,
        Piece::BlackKnight,
        Piece::BlackBishop,
        Piece::BlackRook,
        Piece::BlackQueen,
        Piece::BlackKing,
    ];

    /// Returns the piece of `color` and `role`.
    #[inline(always)]
    pub const fn new(color: Color, role: Role) -> Piece {
        Self::ALL[color as usize * 6 + role as usize]
    }

    /// Returns the piece with index `i` (0..12), or `None`.
    pub const fn from_index(i: u8) -> Option<Piece> {
        if i < 12 {
            Some(Self::ALL[i as usize])
        } else {
            None
        }
    }

    /// Returns the index 0..12.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Returns the color.
    #[inline(always)]
    pub const fn color(self) -> Color {
        if (self as u8) < 6 {
            Color::White
        } else {
            Color::Black
        }
    }

    /// Returns the role.
    #[inline(always)]
    pub const fn role(self) -> Role {
        Role::ALL[(self as u8 % 6) as usize]
    }

    /// Returns the FEN letter (`P` … `k`).
    pub const fn to_char(self) -> char {
        b"PNBRQKpnbrqk"[self as usize] as char
    }

    /// Parses a FEN letter; `None` for anything else. This never panics.
    pub const fn from_char(c: char) -> Option<Piece> {
        let mut i = 0;
        while i < 12 {
            if b"PNBRQKpnbrqk"[i] as char == c {
                return Some(Self::ALL[i]);
            }
            i += 1;
        }
        None
    }
}
