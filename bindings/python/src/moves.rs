//! `wingtip.Move`: one legal move of a position, with the square numbering of
//! python-chess (a1 = 0, h8 = 63).

use pyo3::basic::CompareOp;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyList};
use std::cell::RefCell;
use wingtip::{Move, Square};

/// Slots of the table of Move objects that [`move_list`] hands out again.
const SHARED_BITS: u32 = 14;
/// `2^SHARED_BITS`.
const SHARED_SLOTS: usize = 1 << SHARED_BITS;

/// One slot of the shared table: a move's key and its object.
type Slot = Option<(u32, Py<PyMove>)>;

thread_local! {
    /// Move objects already made by this thread, in a direct-mapped table keyed by
    /// the encoding and the castling notation: a Move is immutable, so one object
    /// can stand for every occurrence of the same move, as Python shares its small
    /// ints. A slot holds the last move that hashed to it.
    static SHARED: RefCell<Vec<Slot>> = const { RefCell::new(Vec::new()) };
}

/// Counts one more reference to `obj`, inline: what CPython's own `Py_INCREF` compiles
/// to in an extension built for the stable ABI of Python 3.9 (this wheel's `abi3-py39`),
/// where PyO3 instead calls the out-of-line `Py_IncRef` (13 % of the time of
/// listing legal moves, as `perf` showed). Newer interpreters accept it from such extensions: a mortal
/// object's count is a plain integer in the first word of the object.
///
/// # Safety
/// `obj` points to a live object, the GIL is held, and the object is one of this
/// module's `Move`s (mortal, never shared with a free-threaded interpreter, which does
/// not load abi3 wheels).
#[inline(always)]
unsafe fn incref(obj: *mut pyo3::ffi::PyObject) {
    // SAFETY: see the function's contract.
    unsafe { (*obj).ob_refcnt += 1 };
}

/// The Python list of `moves` (of a board whose Chess960 flag is `chess960`), with
/// Move objects shared from earlier lists where the same move was made before.
/// Making a Move object costs more than generating the move: sharing them makes
/// listing legal moves much cheaper.
pub(crate) fn move_list<'py>(
    py: Python<'py>,
    moves: &[Move],
    chess960: bool,
) -> PyResult<Bound<'py, PyList>> {
    // A list of the right length whose items are set below, one by one: no
    // intermediate vector (this function's cost is mostly per move).
    // SAFETY: PyList_New returns a new reference or NULL with an exception set.
    let list = unsafe {
        Bound::from_owned_ptr_or_err(
            py,
            pyo3::ffi::PyList_New(moves.len() as pyo3::ffi::Py_ssize_t),
        )?
        .cast_into_unchecked::<PyList>()
    };
    let set = |i: usize, owned: *mut pyo3::ffi::PyObject| {
        // SAFETY: `list` is a list of `moves.len()` slots and `i` is below that;
        // PyList_SetItem takes over the reference `owned` stands for (the slot is
        // still empty, so nothing is released).
        unsafe { pyo3::ffi::PyList_SetItem(list.as_ptr(), i as pyo3::ffi::Py_ssize_t, owned) };
    };
    SHARED.with(|shared| -> PyResult<()> {
        // try_borrow_mut: Python code run by an allocation may re-enter this
        // function; it then makes fresh objects.
        let Ok(mut table) = shared.try_borrow_mut() else {
            for (i, &mv) in moves.iter().enumerate() {
                set(i, Py::new(py, PyMove::new(mv, chess960))?.into_ptr());
            }
            return Ok(());
        };
        if table.is_empty() {
            table.resize_with(SHARED_SLOTS, || None);
        }
        for (i, &mv) in moves.iter().enumerate() {
            let key = mv.0 | (u32::from(chess960) << 31);
            let slot = (key.wrapping_mul(0x9e37_79b1) >> (32 - SHARED_BITS)) as usize;
            let owned = match &table[slot] {
                Some((k, obj)) if *k == key => {
                    // SAFETY: `obj` is a live Move the table holds a reference to; the
                    // one counted here goes to the list.
                    unsafe { incref(obj.as_ptr()) };
                    obj.as_ptr()
                }
                _ => {
                    let obj = Py::new(py, PyMove::new(mv, chess960))?;
                    table[slot] = Some((key, obj.clone_ref(py)));
                    obj.into_ptr()
                }
            };
            set(i, owned);
        }
        Ok(())
    })?;
    Ok(list)
}

/// The python-chess index of `sq` (a1 = 0, b1 = 1, …, h8 = 63); wingtip's own
/// numbering is a8 = 0 … h1 = 63, the same squares flipped vertically.
pub(crate) fn py_square(sq: Square) -> u8 {
    (sq.index() as u8) ^ 56
}

/// A move of a position, as Board.legal_moves(), Board.parse_uci() and the other
/// Board methods return it.
///
/// Squares are numbered as in python-chess: a1 = 0, b1 = 1, ..., h8 = 63. Castling
/// is the king's move: in standard chess to_square is the king's destination (e1g1),
/// in Chess960 the castling rook's square (e1h1), as python-chess writes them.
/// Moves compare and hash by their 24-bit encoding (``raw``). A Move cannot be
/// made from text alone (the encoding names the moving piece): ask a Board for one.
#[pyclass(
    module = "wingtip",
    name = "Move",
    frozen,
    freelist = 256,
    skip_from_py_object
)]
#[derive(Clone, Copy, Debug)]
pub struct PyMove {
    /// The library's move.
    pub(crate) mv: Move,
    /// Whether castling is written king-takes-rook (the board was Chess960).
    pub(crate) chess960: bool,
}

impl PyMove {
    /// Wraps `mv`, a move of a board whose Chess960 flag is `chess960`.
    pub(crate) fn new(mv: Move, chess960: bool) -> PyMove {
        PyMove { mv, chess960 }
    }

    /// The UCI text of the move.
    pub(crate) fn text(&self) -> String {
        self.mv.uci(self.chess960).to_string()
    }
}

#[pymethods]
impl PyMove {
    /// The move in UCI notation: 'e2e4', 'e7e8q'; castling 'e1g1' in standard chess,
    /// 'e1h1' (king takes rook) in Chess960.
    fn uci(&self) -> String {
        self.text()
    }

    /// The square the piece leaves, 0..63 with a1 = 0 (python-chess numbering).
    #[getter(from_square)]
    fn source_square(&self) -> u8 {
        py_square(self.mv.source())
    }

    /// The square the piece goes to, 0..63 with a1 = 0; for castling the king's
    /// destination in standard chess, the rook's square in Chess960.
    #[getter(to_square)]
    fn target_square(&self) -> u8 {
        if self.mv.is_castling() && !self.chess960 {
            py_square(self.mv.king_destination())
        } else {
            py_square(self.mv.target())
        }
    }

    /// The piece a pawn promotes to as a lowercase letter ('q', 'r', 'b', 'n'), or
    /// None.
    #[getter]
    fn promotion(&self) -> Option<String> {
        self.mv
            .promoted()
            .map(|piece| piece.to_char().to_ascii_lowercase().to_string())
    }

    /// The moving piece as a FEN letter: 'P', 'N', 'B', 'R', 'Q', 'K' for White,
    /// lowercase for Black.
    #[getter]
    fn piece(&self) -> String {
        self.mv.piece().to_char().to_string()
    }

    /// The library's 24-bit move encoding: source square (bits 0-5, a8 = 0),
    /// target square (6-11), moving piece (12-15), promoted piece (16-19) and the
    /// capture, double-push, en-passant and castling flags (bits 20-23).
    #[getter]
    fn raw(&self) -> u32 {
        self.mv.0
    }

    /// Whether the move captures (en passant included).
    fn is_capture(&self) -> bool {
        self.mv.is_capture()
    }

    /// Whether the move castles.
    fn is_castling(&self) -> bool {
        self.mv.is_castling()
    }

    /// Whether the move is an en-passant capture.
    fn is_en_passant(&self) -> bool {
        self.mv.is_en_passant()
    }

    /// Moves are equal when their encodings are; other types are not compared.
    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> Py<PyAny> {
        let py = other.py();
        let Ok(other) = other.cast::<PyMove>() else {
            return py.NotImplemented();
        };
        let same = self.mv == other.get().mv;
        match op {
            CompareOp::Eq => PyBool::new(py, same).to_owned().into_any().unbind(),
            CompareOp::Ne => PyBool::new(py, !same).to_owned().into_any().unbind(),
            _ => py.NotImplemented(),
        }
    }

    /// The hash of the encoding.
    fn __hash__(&self) -> u64 {
        u64::from(self.mv.0)
    }

    /// The UCI text.
    fn __str__(&self) -> String {
        self.text()
    }

    /// `<Move e2e4>`.
    fn __repr__(&self) -> String {
        format!("<Move {}>", self.text())
    }
}
