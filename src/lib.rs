//! wingtip: a chess bitboard engine whose attack tables are generated at compile time.
//!
//! Every table (sliders, leapers, rays, Zobrist keys) is `static` data computed by
//! `build.rs` from the committed `magics/*.txt`: there is no init call, no lazy
//! cell, and nothing is filled at run time. The crate is `#![no_std]` always.
#![no_std]
#![warn(missing_docs)]

pub mod attacks;
mod bitboard;
mod board;
pub mod eval;
mod fen;
mod mov;
pub mod movegen;
mod perft;
mod piece;
pub mod search;
mod square;
pub mod tables;
pub mod zobrist;

pub use attacks::{bishop_attacks, queen_attacks, rook_attacks};
pub use bitboard::{Bitboard, Squares};
pub use board::{Board, BLACK_KING_SIDE, BLACK_QUEEN_SIDE, WHITE_KING_SIDE, WHITE_QUEEN_SIDE};
pub use fen::{Fen, FenError, PositionError};
pub use mov::{Move, MoveError, MoveList, MAX_MOVES};
pub use perft::{perft, perft_divide};
pub use piece::{Color, Piece, Role, BOTH};
pub use square::{File, ParseSquareError, Rank, Square, NO_SQUARE};
