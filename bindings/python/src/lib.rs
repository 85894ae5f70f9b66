//! Python bindings for the [`wingtip`] chess library: the extension module
//! `wingtip._wingtip`, which the Python package `wingtip` re-exports.
//!
//! What it offers: `Board` (a position with its move stack: FEN, legal moves, UCI
//! and SAN both ways, push and pop, perft, the game's end by python-chess's rules,
//! conversions to and from python-chess), `Move`, `Engine` and `SearchResult` (the
//! library's search with a hash table kept between searches), `Outcome`, and
//! `planes` (boards as a NumPy array). The conventions:
//!
//! - Squares are numbered as in python-chess (a1 = 0, h8 = 63), although the library
//!   numbers them a8 = 0 (`moves::py_square` converts).
//! - Nothing panics across the boundary on bad input: every FEN, move text, depth
//!   and limit is checked, and a bad one raises `WingtipError` (a `ValueError`) or a
//!   subclass with a one-line message; a wrong type raises `TypeError`.
//! - Perft and the search run without the GIL, on copies of the board, so other
//!   Python threads go on meanwhile.

mod board;
mod errors;
mod interop;
mod moves;
mod planes;
mod search;

use pyo3::prelude::*;

/// The native half of the `wingtip` package (import `wingtip`, not this).
#[pymodule]
fn _wingtip(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<board::PyBoard>()?;
    m.add_class::<board::PyOutcome>()?;
    m.add_class::<moves::PyMove>()?;
    m.add_class::<search::PyEngine>()?;
    m.add_class::<search::PySearchResult>()?;
    m.add_function(wrap_pyfunction!(planes::planes, m)?)?;
    m.add("WingtipError", py.get_type::<errors::WingtipError>())?;
    m.add("FenError", py.get_type::<errors::FenError>())?;
    m.add(
        "InvalidMoveError",
        py.get_type::<errors::InvalidMoveError>(),
    )?;
    m.add(
        "IllegalMoveError",
        py.get_type::<errors::IllegalMoveError>(),
    )?;
    m.add(
        "AmbiguousMoveError",
        py.get_type::<errors::AmbiguousMoveError>(),
    )?;
    m.add("EmptyStackError", errors::empty_stack_error_type(py)?)?;
    m.add("STARTING_FEN", board::STARTING_FEN)?;
    m.add("PERFT_MAX_DEPTH", board::PERFT_MAX_DEPTH)?;
    m.add("SEARCH_MAX_DEPTH", search::SEARCH_MAX_DEPTH)?;
    m.add("HASH_MB_MAX", search::HASH_MB_MAX)?;
    m.add("BACKEND", wingtip::attacks::BACKEND)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
