// The crate documentation is README.md, included so that its examples run as doc tests.
#![doc = include_str!("../README.md")]
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
mod san;
pub mod search;
mod square;
pub mod tables;
pub mod zobrist;

pub use attacks::{bishop_attacks, queen_attacks, rook_attacks};
pub use bitboard::{Bitboard, Squares};
pub use board::{Board, BLACK_KING_SIDE, BLACK_QUEEN_SIDE, WHITE_KING_SIDE, WHITE_QUEEN_SIDE};
pub use fen::{Fen, FenError, PositionError};
pub use mov::{Move, MoveError, MoveList, UciMove, MAX_MOVES};
pub use movegen::{PieceMoves, PieceMovesIter};
pub use perft::{perft, perft_divide};
pub use piece::{Color, Piece, Role, BOTH};
pub use san::{San, SanError};
pub use square::{File, ParseSquareError, Rank, Square, NO_SQUARE};
