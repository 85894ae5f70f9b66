//! A `#![no_std]` chess library whose attack tables are generated at compile time.
//!
//! The build script verifies the committed magic numbers (`magics/*.txt` in this
//! package) and writes every table — rook and bishop magic tables, kindergarten line
//! tables, leaper and ray tables, Zobrist keys — as static data. So the library is
//! **zero-init**: no init call, no lazy statics, nothing computed at start-up; and it
//! needs neither `std` nor an allocator. On that core: a bitboard [`Board`] with
//! 24-bit [`Move`]s, legal move generation, [`perft`], SAN, an evaluation (a small
//! network, incrementally updated) and an alpha-beta [`search`] that takes its memory
//! from the caller.
//!
//! # A position, its moves and a perft count
//!
//! ```
//! use wingtip::{attacks, perft, Bitboard, Board, Square};
//!
//! // Table lookups are plain reads of static data.
//! assert_eq!(attacks::rook_attacks(Square::A1, Bitboard::EMPTY).len(), 14);
//! assert_eq!(attacks::knight_attacks(Square::G1).len(), 3);
//!
//! // "Kiwipete", the chessprogramming wiki's second perft position.
//! let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
//! let board = Board::from_fen(fen).unwrap();
//! assert_eq!(board.legal_moves().len(), 48);
//! assert_eq!(perft(&board, 2), 2039);
//!
//! // Moves in UCI text and in SAN, both ways.
//! let castle = board.parse_san("O-O").unwrap();
//! assert_eq!(castle.to_string(), "e1g1");
//! assert_eq!(board.san(board.parse_uci_move("e5f7").unwrap()).to_string(), "Nxf7");
//! ```
//!
//! # Counting moves without a list
//!
//! [`Board::generate_moves`] hands each piece's legal moves to a closure as one
//! [`PieceMoves`] (piece, origin, target set), so a caller can count or filter moves
//! without building a list, and stop early by returning `true`:
//!
//! ```
//! use wingtip::{Board, Role};
//! let board = Board::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1").unwrap();
//! let (mut all, mut knight_captures) = (0, 0);
//! board.generate_moves(|moves| {
//!     all += moves.len(); // a promotion target counts four
//!     if moves.piece.role() == Role::Knight {
//!         knight_captures += moves.captures().len();
//!     }
//!     false
//! });
//! assert_eq!((all, knight_captures), (48, 3));
//! ```
//!
//! # Searching, with memory the caller owns
//!
//! The search allocates nothing: the transposition table is any slice of
//! [`search::TtEntry`] the caller provides (a `static` array on a microcontroller, a
//! `Vec` elsewhere), and the [`search::Searcher`] (about 35 KiB) can itself be a
//! `static`, since a fresh one is all zero bytes.
//!
//! ```
//! use core::sync::atomic::AtomicBool;
//! use wingtip::search::{Limits, NoHooks, SearchRequest, Searcher, TtEntry};
//! use wingtip::Board;
//!
//! let board = Board::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
//! let table = [TtEntry::EMPTY; 1024];
//! let stop = AtomicBool::new(false); // another thread may set it to stop the search
//! let request = SearchRequest::new(&board, &table)
//!     .limits(Limits { depth: 4, ..Limits::NONE })
//!     .stop(&stop);
//! let result = Searcher::new().search(request, &mut NoHooks);
//! assert_eq!(result.best_move.unwrap().to_string(), "a1a8"); // mate in one
//! ```
//!
//! # Where to read more
//!
//! The repository's `docs/` folder: `design.md` (encodings, the two magic index rules,
//! the magics file format), `embedding.md` (footprints on wasm and a Cortex-M4),
//! `engine.md` (the UCI/xboard engine, `wingtip-engine`), `magics.md` (hunting denser
//! magics with `wingtip-magics`).
#![no_std]
#![warn(missing_docs)]

pub mod attacks;
mod bitboard;
mod board;
mod fen;
mod mov;
mod movegen;
mod perft;
mod piece;
mod san;
pub mod search;
mod square;

// Tool-facing modules, public only with the `internals` feature (wingtip's own
// engine, tuner, trainer, benches and tests use them; they follow no semver
// promise): the hand-set evaluation's terms, weights and traces and the network's
// internals, the raw tables, the from-scratch Zobrist hash.
#[cfg(feature = "internals")]
pub mod eval;
#[cfg(not(feature = "internals"))]
#[allow(dead_code)]
mod eval;
#[cfg(feature = "internals")]
pub mod tables;
#[cfg(not(feature = "internals"))]
#[allow(dead_code)]
mod tables;
#[cfg(feature = "internals")]
pub mod zobrist;
#[cfg(not(feature = "internals"))]
#[allow(dead_code)]
mod zobrist;

pub use attacks::{bishop_attacks, queen_attacks, rook_attacks};
pub use bitboard::{Bitboard, Squares};
pub use board::{Board, BLACK_KING_SIDE, BLACK_QUEEN_SIDE, WHITE_KING_SIDE, WHITE_QUEEN_SIDE};
pub use eval::evaluate;
pub use fen::{Fen, FenError, PositionError};
pub use mov::{Move, MoveError, MoveList, UciMove, MAX_MOVES};
pub use movegen::{PieceMoves, PieceMovesIter};
pub use perft::{perft, perft_divide};
pub use piece::{Color, Piece, Role, BOTH};
pub use san::{San, SanError};
pub use square::{File, ParseSquareError, Rank, Square, NO_SQUARE};

// The Rust examples of the repository's README and embedding guide run as doc tests
// (`cargo test --doc -p wingtip`), so the front door cannot drift from the API.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
struct ReadmeExamples;

#[cfg(doctest)]
#[doc = include_str!("../../docs/embedding.md")]
struct EmbeddingExamples;
