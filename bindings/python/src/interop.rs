//! Conversions between `wingtip.Board` and python-chess's `chess.Board`, when
//! python-chess is installed.

use crate::board::PyBoard;
use crate::errors::WingtipError;
use pyo3::exceptions::{PyImportError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

/// The `chess` module, or an ImportError that says how to get it.
fn import_chess(py: Python<'_>) -> PyResult<Bound<'_, PyModule>> {
    py.import("chess").map_err(|e| {
        if e.is_instance_of::<PyImportError>(py) {
            PyImportError::new_err(
                "Board.from_chess and Board.to_chess need python-chess, which is not installed: pip install chess",
            )
        } else {
            e
        }
    })
}

/// A wingtip board from a python-chess board (see `Board.from_chess`).
pub(crate) fn from_chess(board: &Bound<'_, PyAny>, history: bool) -> PyResult<PyBoard> {
    let py = board.py();
    let chess = import_chess(py)?;
    if !board.is_instance(&chess.getattr("Board")?)? {
        let name = board
            .get_type()
            .name()
            .map(|n| n.to_string())
            .unwrap_or_default();
        return Err(PyTypeError::new_err(format!(
            "Board.from_chess needs a chess.Board, not {name}"
        )));
    }
    let variant: String = board.getattr("uci_variant")?.extract()?;
    if variant != "chess" {
        return Err(WingtipError::new_err(format!(
            "Board.from_chess: only standard chess and Chess960 are supported, not the variant {variant:?}"
        )));
    }
    let chess960: bool = board.getattr("chess960")?.extract()?;
    let fen: String = board.call_method0("fen")?.extract()?;
    if history {
        let stack = board.getattr("move_stack")?;
        let stack = stack.cast::<PyList>()?;
        if !stack.is_empty() {
            let root_fen: String = board.call_method0("root")?.call_method0("fen")?.extract()?;
            if let Some(replayed) = replay(&root_fen, chess960, stack)? {
                if replayed.fen_text(false) == fen {
                    return Ok(replayed);
                }
            }
        }
    }
    PyBoard::from_fen_text(&fen, chess960)
}

/// The board of `root_fen` with the moves of `stack` made on it, or None when one of
/// them is not a legal move there (a null move).
fn replay(root_fen: &str, chess960: bool, stack: &Bound<'_, PyList>) -> PyResult<Option<PyBoard>> {
    let mut board = PyBoard::from_fen_text(root_fen, chess960)?;
    for mv in stack.iter() {
        let uci: String = mv.call_method0("uci")?.extract()?;
        match board.parse_uci_text(&uci) {
            Ok(mv) => board.play(mv),
            Err(_) => return Ok(None),
        }
    }
    Ok(Some(board))
}

/// A python-chess board with `board`'s position and move stack (see
/// `Board.to_chess`).
pub(crate) fn to_chess<'py>(py: Python<'py>, board: &PyBoard) -> PyResult<Bound<'py, PyAny>> {
    let chess = import_chess(py)?;
    let root_fen = match board.stack.first() {
        Some((root, _)) => root.fen().to_string(),
        None => board.fen_text(false),
    };
    let kwargs = PyDict::new(py);
    kwargs.set_item("chess960", board.chess960)?;
    let converted = chess.getattr("Board")?.call((root_fen,), Some(&kwargs))?;
    for &(_, mv) in &board.stack {
        converted.call_method1("push_uci", (mv.uci(board.chess960).to_string(),))?;
    }
    Ok(converted)
}
