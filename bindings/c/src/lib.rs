//! A C ABI over the [`wingtip`] chess library.
//!
//! C programs link `libwingtip_c.a` (or `libwingtip_c.so`) and include
//! `include/wingtip.h`, which `cbindgen` generates from this crate's sources (the
//! documentation comments here become the header's). `tests/header.rs` fails when
//! the committed header and the sources disagree; `WINGTIP_BLESS=1 cargo test -p
//! wingtip-c --test header` rewrites it.
//!
//! The conventions every function follows:
//!
//! - It returns an `int`: [`WINGTIP_OK`] (0) or a negative error code, and on an
//!   error the calling thread's last error message ([`wingtip_last_error`]) says
//!   what was wrong, on one line.
//! - A position is an opaque handle ([`WingtipPosition`]) that the library
//!   allocates and the caller frees with [`wingtip_position_free`].
//! - Text comes in as NUL-terminated UTF-8 and goes out into a caller buffer
//!   (`buf`, `buf_len`), always NUL-terminated; `out_len`, when not NULL, receives
//!   the text's length without the NUL, also when the buffer is too small, so a
//!   call with `buf = NULL, buf_len = 0` asks for the size.
//! - Moves are text (UCI, SAN) or the library's 24-bit move encoding in a
//!   `uint32_t`.
//! - Nothing panics across the boundary: the library's parsers never panic, moves
//!   are checked legal before they are made, and each function also catches a panic
//!   (a bug) where the build unwinds, returning [`WINGTIP_ERR_INTERNAL`].

// The header keeps this order (cbindgen follows the sources): error codes and the
// last error's text, positions, moves, then perft and the search.
mod error;
mod position;

mod moves;

mod search;
mod text;

pub use error::*;
pub use moves::*;
pub use position::*;
pub use search::*;
