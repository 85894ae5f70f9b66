//! wingtip: a chess bitboard engine whose attack tables are generated at compile time.
//!
//! Every table (sliders, leapers, rays, Zobrist keys) is `static` data computed by
//! `build.rs` from the committed `magics/*.txt`: there is no init call, no lazy
//! cell, and nothing is filled at run time. The crate is `#![no_std]` always.
#![no_std]
#![warn(missing_docs)]

pub mod attacks;
mod bitboard;
mod piece;
mod square;
pub mod tables;

pub use attacks::{bishop_attacks, queen_attacks, rook_attacks};
pub use bitboard::{Bitboard, Squares};
pub use piece::{Color, Piece, Role, BOTH};
pub use square::{File, ParseSquareError, Rank, Square, NO_SQUARE};
