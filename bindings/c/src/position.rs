//! The position handle: creating one from a FEN or the start position, copying,
//! freeing, and its FEN.

use crate::error::{guard, Error, WINGTIP_ERR_BAD_FEN};
use crate::search::Engine;
use crate::text::{read_text, write_text};
use core::ffi::{c_char, c_int};
use wingtip::{Board, Move};

/// How many hashes of earlier positions a handle keeps for repetition draws (the
/// search reads the last 256).
const HISTORY_KEEP: usize = 256;

/// A buffer size that holds any FEN wingtip_position_fen writes, with its NUL.
pub const WINGTIP_FEN_BYTES: usize = 128;

/// A chess position: an opaque handle that the wingtip_position_* functions
/// create and wingtip_position_free frees.
///
/// Besides the board it holds whether castling is read and written as Chess960's
/// king-takes-rook, the positions played on it since the last capture or pawn move
/// (so that the search sees repetitions), and, after the first search, the search's
/// state (about 1.2 MiB: history tables kept from one search to the next).
pub struct WingtipPosition {
    pub(crate) board: Board,
    pub(crate) chess960: bool,
    /// Hashes of the positions before `board` since the last irreversible move,
    /// oldest first, at most [`HISTORY_KEEP`].
    pub(crate) history: Vec<u64>,
    /// The searcher and its continuation history, made by the first search.
    pub(crate) engine: Option<Box<Engine>>,
}

impl WingtipPosition {
    fn new(board: Board, chess960: bool) -> WingtipPosition {
        WingtipPosition {
            board,
            chess960,
            history: Vec::new(),
            engine: None,
        }
    }

    /// Makes `mv`, which must be legal here, and records the position it leaves.
    pub(crate) fn play(&mut self, mv: Move) {
        self.history.push(self.board.hash());
        self.board.make_move(mv);
        if self.board.halfmove_clock() == 0 {
            // A capture or a pawn move: no earlier position can come back.
            self.history.clear();
        } else if self.history.len() > HISTORY_KEEP {
            let extra = self.history.len() - HISTORY_KEEP;
            self.history.drain(..extra);
        }
    }
}

/// Returns the position behind `pos`, or the null-pointer error.
///
/// # Safety
/// `pos` must be NULL or a live handle that no other thread changes meanwhile.
pub(crate) unsafe fn position_ref<'a>(
    pos: *const WingtipPosition,
) -> Result<&'a WingtipPosition, Error> {
    // SAFETY: the caller's contract.
    unsafe { pos.as_ref() }.ok_or_else(|| Error::null("pos"))
}

/// Returns the position behind `pos` for changing, or the null-pointer error.
///
/// # Safety
/// `pos` must be NULL or a live handle that no other thread uses meanwhile.
pub(crate) unsafe fn position_mut<'a>(
    pos: *mut WingtipPosition,
) -> Result<&'a mut WingtipPosition, Error> {
    // SAFETY: the caller's contract.
    unsafe { pos.as_mut() }.ok_or_else(|| Error::null("pos"))
}

/// Stores a new handle through `out`.
///
/// # Safety
/// `out` must be non-null and writable.
unsafe fn hand_out(out: *mut *mut WingtipPosition, position: WingtipPosition) {
    // SAFETY: the caller's contract.
    unsafe { out.write(Box::into_raw(Box::new(position))) };
}

/// Sets `*out` to NULL (when `out` is not NULL) before a creating call does its work.
///
/// # Safety
/// `out` must be NULL or writable.
unsafe fn clear_out(out: *mut *mut WingtipPosition) -> Result<(), Error> {
    if out.is_null() {
        return Err(Error::null("out"));
    }
    // SAFETY: non-null, writable by the caller's contract.
    unsafe { out.write(core::ptr::null_mut()) };
    Ok(())
}

/// Creates the standard starting position and stores its handle in `*out`.
///
/// Free it with wingtip_position_free. Returns WINGTIP_OK or
/// WINGTIP_ERR_NULL_POINTER (`out` NULL).
///
/// # Safety
/// `out` must be NULL or point to a writable `WingtipPosition *`.
#[no_mangle]
pub unsafe extern "C" fn wingtip_position_new(out: *mut *mut WingtipPosition) -> c_int {
    guard(|| {
        // SAFETY: the caller's contract for `out`.
        unsafe {
            clear_out(out)?;
            hand_out(out, WingtipPosition::new(Board::startpos(), false));
        }
        Ok(())
    })
}

/// Creates a position from `fen` (NUL-terminated) and stores its handle in `*out`.
///
/// The FEN may be standard FEN, X-FEN or Shredder-FEN; the halfmove clock and
/// fullmove number may be left out. With `chess960` false the castling field is
/// read by standard chess's rules (king on e1/e8, rooks in the corners) and
/// castling moves are written as the king's destination (`e1g1`); with `chess960`
/// true it is read by Chess960's rules (`K`/`Q` the outermost rooks, or file
/// letters) and castling moves are written as king takes rook (`e1h1`).
///
/// Free the handle with wingtip_position_free. Returns WINGTIP_OK,
/// WINGTIP_ERR_BAD_FEN (the last error message names the fault, for example
/// `fen: bad piece letter 'x' in rank 8`; `*out` is set to NULL) or
/// WINGTIP_ERR_NULL_POINTER.
///
/// # Safety
/// `fen` must be NULL or a NUL-terminated string; `out` must be NULL or point to
/// a writable `WingtipPosition *`.
#[no_mangle]
pub unsafe extern "C" fn wingtip_position_from_fen(
    fen: *const c_char,
    chess960: bool,
    out: *mut *mut WingtipPosition,
) -> c_int {
    guard(|| {
        // SAFETY: the caller's contract for `out` and `fen`.
        unsafe {
            clear_out(out)?;
            let fen = read_text(fen, "fen", WINGTIP_ERR_BAD_FEN)?;
            let board = Board::from_fen_chess960(fen, chess960)
                .map_err(|e| Error::new(WINGTIP_ERR_BAD_FEN, e.to_string()))?;
            hand_out(out, WingtipPosition::new(board, chess960));
        }
        Ok(())
    })
}

/// Creates a copy of `pos` (board, Chess960 flag and the positions played on it,
/// but not its search state) and stores the new handle in `*out`.
///
/// The copy is independent: free each with wingtip_position_free. Returns
/// WINGTIP_OK or WINGTIP_ERR_NULL_POINTER.
///
/// # Safety
/// `pos` must be NULL or a live handle; `out` must be NULL or point to a writable
/// `WingtipPosition *`.
#[no_mangle]
pub unsafe extern "C" fn wingtip_position_copy(
    pos: *const WingtipPosition,
    out: *mut *mut WingtipPosition,
) -> c_int {
    guard(|| {
        // SAFETY: the caller's contract for `pos` and `out`.
        unsafe {
            clear_out(out)?;
            let pos = position_ref(pos)?;
            let copy = WingtipPosition {
                board: pos.board,
                chess960: pos.chess960,
                history: pos.history.clone(),
                engine: None,
            };
            hand_out(out, copy);
        }
        Ok(())
    })
}

/// Frees a position made by wingtip_position_new, wingtip_position_from_fen or
/// wingtip_position_copy. NULL is allowed and does nothing.
///
/// Returns WINGTIP_OK.
///
/// # Safety
/// `pos` must be NULL or a live handle from this library, not freed before and not
/// used by any thread afterwards.
#[no_mangle]
pub unsafe extern "C" fn wingtip_position_free(pos: *mut WingtipPosition) -> c_int {
    guard(|| {
        if !pos.is_null() {
            // SAFETY: made by Box::into_raw in `hand_out`, freed once (the caller's
            // contract).
            drop(unsafe { Box::from_raw(pos) });
        }
        Ok(())
    })
}

/// Writes the FEN of `pos` into `buf`, NUL-terminated.
///
/// Castling rights are written as X-FEN: `KQkq` for the outermost rooks, a file
/// letter for an inner Chess960 rook. A FEN is at most 103 bytes, so a buffer of
/// WINGTIP_FEN_BYTES always suffices. `out_len`, when not NULL, receives the
/// FEN's length without the NUL. Returns WINGTIP_OK, WINGTIP_ERR_BUFFER_TOO_SMALL
/// or WINGTIP_ERR_NULL_POINTER.
///
/// # Safety
/// `pos` must be NULL or a live handle; `buf` must be NULL or point to `buf_len`
/// writable bytes; `out_len` must be NULL or point to a writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn wingtip_position_fen(
    pos: *const WingtipPosition,
    buf: *mut c_char,
    buf_len: usize,
    out_len: *mut usize,
) -> c_int {
    guard(|| {
        // SAFETY: the caller's contract for every pointer.
        unsafe {
            let pos = position_ref(pos)?;
            write_text(&pos.board.fen().to_string(), buf, buf_len, out_len)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn played_positions_are_kept_until_an_irreversible_move() {
        let mut pos = WingtipPosition::new(Board::startpos(), false);
        let start = pos.board.hash();
        for uci in ["g1f3", "g8f6", "f3g1", "f6g8"] {
            let mv = pos.board.parse_uci_move(uci).unwrap();
            pos.play(mv);
        }
        assert_eq!(pos.history.len(), 4);
        assert_eq!(pos.history[0], start);
        assert_eq!(
            pos.board.hash(),
            start,
            "back where it started: a repetition"
        );
        pos.play(pos.board.parse_uci_move("e2e4").unwrap());
        assert!(pos.history.is_empty(), "a pawn move clears the history");
        pos.play(pos.board.parse_uci_move("e7e5").unwrap());
        for _ in 0..(HISTORY_KEEP + 10) / 4 + 1 {
            for uci in ["g1f3", "g8f6", "f3g1", "f6g8"] {
                pos.play(pos.board.parse_uci_move(uci).unwrap());
            }
        }
        assert_eq!(pos.history.len(), HISTORY_KEEP);
    }
}
