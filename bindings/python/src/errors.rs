//! The exceptions the module raises, and the checks of numeric arguments.
//!
//! Every error the library can report becomes a Python exception with a one-line
//! message that names what was wrong: `WingtipError` (a `ValueError`) and its
//! subclasses for bad values, `TypeError` for arguments of the wrong type.

use pyo3::create_exception;
use pyo3::exceptions::{PyIndexError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyTuple, PyType};

create_exception!(
    wingtip,
    WingtipError,
    PyValueError,
    "Base class of wingtip's errors: a value the library cannot accept (a malformed \
     FEN, an illegal or malformed move, an out-of-range depth or limit). A subclass \
     of ValueError; the message is one line naming what was wrong."
);
create_exception!(
    wingtip,
    FenError,
    WingtipError,
    "A FEN that cannot be read, or that describes an illegal position."
);
create_exception!(
    wingtip,
    InvalidMoveError,
    WingtipError,
    "Move text that is not a move at all: malformed UCI (e.g. 'e9e4') or SAN (e.g. 'Nz3')."
);
create_exception!(
    wingtip,
    IllegalMoveError,
    WingtipError,
    "A well-formed move that is not legal in the position."
);
create_exception!(
    wingtip,
    AmbiguousMoveError,
    WingtipError,
    "SAN that matches more than one legal move (e.g. 'Nd2' when both knights can go there)."
);

/// The docstring of `EmptyStackError`, which is made at run time (it has two bases).
const EMPTY_STACK_DOC: &str = "Board.pop() or Board.peek() on a board without moves: \
a subclass of both WingtipError and IndexError (as list.pop() on an empty list raises).";

/// `wingtip.EmptyStackError`, a subclass of `WingtipError` and `IndexError`, made once.
static EMPTY_STACK_ERROR: PyOnceLock<Py<PyType>> = PyOnceLock::new();

/// The `EmptyStackError` type: `class EmptyStackError(WingtipError, IndexError)`.
pub(crate) fn empty_stack_error_type(py: Python<'_>) -> PyResult<&Bound<'_, PyType>> {
    EMPTY_STACK_ERROR
        .get_or_try_init(py, || -> PyResult<Py<PyType>> {
            let bases = PyTuple::new(
                py,
                [py.get_type::<WingtipError>(), py.get_type::<PyIndexError>()],
            )?;
            let namespace = PyDict::new(py);
            namespace.set_item("__doc__", EMPTY_STACK_DOC)?;
            namespace.set_item("__module__", "wingtip")?;
            let made = py
                .get_type::<PyType>()
                .call1(("EmptyStackError", bases, namespace))?;
            Ok(made.cast_into::<PyType>()?.unbind())
        })
        .map(|ty| ty.bind(py))
}

/// An `EmptyStackError` with `message`.
pub(crate) fn empty_stack_error(py: Python<'_>, message: &str) -> PyErr {
    match empty_stack_error_type(py) {
        Ok(ty) => PyErr::from_type(ty.clone(), message.to_owned()),
        Err(err) => err,
    }
}

/// The start of user text for an error message: at most 40 characters, quoted and
/// escaped by Rust's `Debug` (so control characters cannot break the line).
pub(crate) fn excerpt(text: &str) -> String {
    let mut short: String = text.chars().take(40).collect();
    if short.len() < text.len() {
        short.push('…');
    }
    format!("{short:?}")
}

/// The Python type name of `value`, for a `TypeError` message.
fn type_name(value: &Bound<'_, PyAny>) -> String {
    value
        .get_type()
        .name()
        .map(|name| name.to_string())
        .unwrap_or_else(|_| "object".to_owned())
}

/// Reads the integer argument `name`, which must lie in `lo..=hi`.
///
/// A value that is not an `int` (a `bool` included, or a `float`) is a `TypeError`;
/// an `int` outside the range, however large, is a `WingtipError` saying so.
pub(crate) fn int_in_range(
    value: &Bound<'_, PyAny>,
    name: &str,
    lo: i64,
    hi: i64,
) -> PyResult<i64> {
    if value.is_instance_of::<PyBool>() || !value.is_instance_of::<PyInt>() {
        return Err(PyTypeError::new_err(format!(
            "{name} must be an int, not {}",
            type_name(value)
        )));
    }
    let range = format!("{name} must be from {lo} to {hi}");
    match value.extract::<i64>() {
        Ok(n) if (lo..=hi).contains(&n) => Ok(n),
        Ok(n) => Err(WingtipError::new_err(format!(
            "{name} {n} is out of range: {range}"
        ))),
        // Beyond 64 bits: say which side, without printing a huge number.
        Err(_) => {
            let side = if value.lt(0)? { "negative" } else { "large" };
            Err(WingtipError::new_err(format!(
                "{name} is far too {side}: {range}"
            )))
        }
    }
}

/// Reads an optional time argument in milliseconds (an `int` or a finite `float`
/// above 0) and rounds it up to whole milliseconds.
pub(crate) fn positive_millis(value: &Bound<'_, PyAny>, name: &str) -> PyResult<u64> {
    if value.is_instance_of::<PyInt>() && !value.is_instance_of::<PyBool>() {
        return int_in_range(value, name, 1, i64::MAX).map(|n| n as u64);
    }
    if !value.is_instance_of::<PyFloat>() {
        return Err(PyTypeError::new_err(format!(
            "{name} must be an int or a float (milliseconds), not {}",
            type_name(value)
        )));
    }
    let ms: f64 = value.extract()?;
    if !ms.is_finite() || ms <= 0.0 {
        return Err(WingtipError::new_err(format!(
            "{name} {ms} is out of range: it must be a finite number of milliseconds above 0"
        )));
    }
    if ms >= 9.0e18 {
        return Err(WingtipError::new_err(format!(
            "{name} {ms} is out of range: at most 9e18 milliseconds"
        )));
    }
    Ok(ms.ceil() as u64)
}
