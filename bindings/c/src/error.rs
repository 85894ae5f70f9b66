//! Error codes, the thread-local last error message, and the guard every exported
//! function runs its body in (panics become [`WINGTIP_ERR_INTERNAL`]).

use crate::text::write_text;
use core::ffi::{c_char, c_int};
use std::cell::RefCell;
use std::panic::{self, AssertUnwindSafe};

/// Success.
pub const WINGTIP_OK: c_int = 0;
/// A pointer argument that must not be NULL was NULL.
pub const WINGTIP_ERR_NULL_POINTER: c_int = -1;
/// The FEN could not be read, or describes an illegal position; the last error
/// message gives the reason (for example `fen: rank 3 has more than 8 squares`).
pub const WINGTIP_ERR_BAD_FEN: c_int = -2;
/// The move (UCI text, SAN or 24-bit encoding) is malformed or not a legal move of
/// the position; the position is unchanged.
pub const WINGTIP_ERR_ILLEGAL_MOVE: c_int = -3;
/// The caller's buffer or array cannot hold the result; nothing but an empty
/// string (for text) was written, and the length or count out-parameter, when not
/// NULL, holds what is needed.
pub const WINGTIP_ERR_BUFFER_TOO_SMALL: c_int = -4;
/// An argument is out of its range (a perft depth above
/// WINGTIP_PERFT_MAX_DEPTH, search limits that never end the search, a
/// misaligned hash buffer).
pub const WINGTIP_ERR_BAD_ARGUMENT: c_int = -5;
/// A bug inside the library was caught (a Rust panic) and the call abandoned.
/// A position the call was changing may be inconsistent: free it.
pub const WINGTIP_ERR_INTERNAL: c_int = -6;

/// A failed call: its code and the one-line message kept as the last error.
pub(crate) struct Error {
    pub(crate) code: c_int,
    pub(crate) message: String,
}

impl Error {
    pub(crate) fn new(code: c_int, message: impl Into<String>) -> Error {
        Error {
            code,
            message: message.into(),
        }
    }

    /// A NULL where the argument `name` must point somewhere.
    pub(crate) fn null(name: &str) -> Error {
        Error::new(
            WINGTIP_ERR_NULL_POINTER,
            format!("null pointer: `{name}` must not be NULL"),
        )
    }

    pub(crate) fn bad_argument(message: impl Into<String>) -> Error {
        Error::new(WINGTIP_ERR_BAD_ARGUMENT, message)
    }

    pub(crate) fn illegal_move(message: impl Into<String>) -> Error {
        Error::new(WINGTIP_ERR_ILLEGAL_MOVE, message)
    }
}

thread_local! {
    /// The message of the last call on this thread that failed.
    static LAST_ERROR: RefCell<String> = const { RefCell::new(String::new()) };
}

/// Keeps `message` as this thread's last error, on one line (control characters,
/// line breaks included, become spaces).
fn set_last_error(message: &str) {
    let line: String = message
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    // `try_with`: during the thread's teardown the slot may be gone; then the
    // message is dropped rather than panicking.
    let _ = LAST_ERROR.try_with(|slot| {
        if let Ok(mut slot) = slot.try_borrow_mut() {
            *slot = line;
        }
    });
}

/// Runs an exported function's body: `Ok` gives [`WINGTIP_OK`], an error its code
/// (and keeps its message), a panic [`WINGTIP_ERR_INTERNAL`].
///
/// Catching needs an unwinding build: with `panic = "abort"` (this workspace's
/// release profile) a panic ends the process instead. Either way no unwinding ever
/// crosses into C, which would be undefined behaviour.
pub(crate) fn guard(body: impl FnOnce() -> Result<(), Error>) -> c_int {
    match panic::catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(())) => WINGTIP_OK,
        Ok(Err(error)) => {
            set_last_error(&error.message);
            error.code
        }
        Err(payload) => {
            // The payload is leaked, not dropped: its destructor could panic again.
            core::mem::forget(payload);
            set_last_error("internal error: a panic inside wingtip (a bug, please report it)");
            WINGTIP_ERR_INTERNAL
        }
    }
}

/// Copies the last error message of the calling thread into `buf`: one line of
/// UTF-8 text, NUL-terminated; empty when no call on this thread has failed yet.
///
/// Every function that returns an error code other than WINGTIP_OK sets the
/// message; a successful call leaves it as it was. This function never changes it
/// (not even when it fails itself), so it can be asked again with a bigger buffer.
///
/// `out_len`, when not NULL, receives the message's length in bytes without the
/// NUL. Returns WINGTIP_OK, WINGTIP_ERR_BUFFER_TOO_SMALL (when `buf_len` is not
/// more than that length; `buf` then holds an empty string) or
/// WINGTIP_ERR_NULL_POINTER (`buf` NULL with `buf_len` above 0).
///
/// # Safety
/// `buf` must be NULL or point to `buf_len` writable bytes; `out_len` must be NULL
/// or point to a writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn wingtip_last_error(
    buf: *mut c_char,
    buf_len: usize,
    out_len: *mut usize,
) -> c_int {
    let result = panic::catch_unwind(AssertUnwindSafe(|| {
        let message = LAST_ERROR
            .try_with(|slot| slot.try_borrow().map(|s| s.clone()).unwrap_or_default())
            .unwrap_or_default();
        // SAFETY: the caller's contract for `buf`, `buf_len` and `out_len`.
        match unsafe { write_text(&message, buf, buf_len, out_len) } {
            Ok(()) => WINGTIP_OK,
            Err(error) => error.code,
        }
    }));
    result.unwrap_or_else(|payload| {
        core::mem::forget(payload);
        WINGTIP_ERR_INTERNAL
    })
}
