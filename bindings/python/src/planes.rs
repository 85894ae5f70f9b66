//! `wingtip.planes`: boards as a NumPy array of piece planes, for machine learning.

use crate::board::PyBoard;
use crate::moves::py_square;
use numpy::ndarray::Array3;
use numpy::PyArray3;
use pyo3::exceptions::{PyImportError, PyTypeError};
use pyo3::prelude::*;
use wingtip::Piece;

/// The number of planes per board: one per piece kind and colour.
const PLANES: usize = 12;

/// planes(boards) -> numpy.ndarray of shape (N, 12, 64) and dtype uint8.
///
/// boards is a list (or any iterable) of Board. Plane p of board n holds a 1 on
/// each square occupied by piece p, 0 elsewhere. The planes are White's pawn,
/// knight, bishop, rook, queen, king (0-5), then Black's (6-11): the FEN letters
/// P N B R Q K p n b r q k in that order. Squares are numbered as in python-chess,
/// a1 = 0, b1 = 1, ..., h8 = 63, so array[n, p].reshape(8, 8)[rank, file] is the
/// square of that rank (0 = rank 1) and file (0 = file a). The side to move,
/// castling rights and en-passant square are not encoded. uint8 keeps the array
/// small (768 bytes a board); .astype(numpy.float32) gives floats.
#[pyfunction]
pub fn planes<'py>(
    py: Python<'py>,
    boards: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyArray3<u8>>> {
    py.import("numpy").map_err(|e| {
        if e.is_instance_of::<PyImportError>(py) {
            PyImportError::new_err(
                "wingtip.planes needs NumPy, which is not installed: pip install numpy",
            )
        } else {
            e
        }
    })?;
    let type_name = |v: &Bound<'_, PyAny>| {
        v.get_type()
            .name()
            .map(|n| n.to_string())
            .unwrap_or_default()
    };
    if boards.is_instance_of::<PyBoard>() || boards.is_instance_of::<pyo3::types::PyString>() {
        return Err(PyTypeError::new_err(format!(
            "planes() needs a list of wingtip.Board, not a single {} (use planes([board]))",
            type_name(boards)
        )));
    }
    let items = boards.try_iter().map_err(|_| {
        PyTypeError::new_err(format!(
            "planes() needs an iterable of wingtip.Board, not {}",
            type_name(boards)
        ))
    })?;
    let mut data: Vec<u8> = Vec::new();
    let mut count = 0usize;
    for (i, item) in items.enumerate() {
        let item = item?;
        let board = item.cast::<PyBoard>().map_err(|_| {
            PyTypeError::new_err(format!(
                "planes(): item {i} is a {}, not a wingtip.Board",
                type_name(&item)
            ))
        })?;
        let board = board.try_borrow()?.board;
        let start = data.len();
        data.resize(start + PLANES * 64, 0);
        for piece in Piece::ALL {
            let plane = start + piece.index() * 64;
            for sq in board.pieces(piece) {
                data[plane + py_square(sq) as usize] = 1;
            }
        }
        count += 1;
    }
    let array = Array3::from_shape_vec((count, PLANES, 64), data)
        .expect("the data holds exactly count * 12 * 64 values");
    Ok(PyArray3::from_owned_array(py, array))
}
