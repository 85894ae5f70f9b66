//! Legal moves, moves as UCI text, SAN and the 24-bit encoding, and making them.

use crate::error::{guard, Error, WINGTIP_ERR_ILLEGAL_MOVE};
use crate::position::{position_mut, position_ref, WingtipPosition};
use crate::text::{read_text, write_len, write_text, write_u32s};
use core::ffi::{c_char, c_int};
use wingtip::{Board, Move};

/// The most legal moves a position has is 218, so an array of this many
/// `uint32_t` always holds them.
pub const WINGTIP_MAX_MOVES: usize = 256;
/// A buffer size that holds one move's UCI text (at most 5 bytes, `e7e8q`) or SAN
/// (at most 7, `exd8=Q+`), with its NUL.
pub const WINGTIP_MOVE_TEXT_BYTES: usize = 8;

const _: () = assert!(WINGTIP_MAX_MOVES == wingtip::MAX_MOVES);

/// The legal move whose encoding is `encoded`, or the illegal-move error.
fn legal(board: &Board, encoded: u32) -> Result<Move, Error> {
    board
        .legal_moves()
        .iter()
        .copied()
        .find(|mv| mv.0 == encoded)
        .ok_or_else(|| {
            Error::illegal_move(format!(
                "illegal move: {encoded:#08x} is not the encoding of a legal move in this position"
            ))
        })
}

/// The start of user text for an error message (at most 32 characters).
fn excerpt(text: &str) -> String {
    let mut short: String = text.chars().take(32).collect();
    if short.len() < text.len() {
        short.push('…');
    }
    short
}

/// Parses UCI move text into a legal move of `pos`.
/// A move parser: UCI text or SAN.
type Parser = fn(&WingtipPosition, &str) -> Result<Move, Error>;

/// wingtip_move_from_uci and wingtip_move_from_san: `text` (the argument named
/// `name`) parsed by `parse` into `*out_move`.
///
/// # Safety
/// As for those functions.
unsafe fn move_from_text(
    pos: *const WingtipPosition,
    text: *const c_char,
    name: &'static str,
    out_move: *mut u32,
    parse: Parser,
) -> c_int {
    guard(|| {
        // SAFETY: the caller's contract for every pointer.
        unsafe {
            let pos = position_ref(pos)?;
            let text = read_text(text, name, WINGTIP_ERR_ILLEGAL_MOVE)?;
            if out_move.is_null() {
                return Err(Error::null("out_move"));
            }
            out_move.write(parse(pos, text)?.0);
        }
        Ok(())
    })
}

/// wingtip_make_move_uci and wingtip_make_move_san: `text` (the argument named
/// `name`) parsed by `parse` and played on `pos`.
///
/// # Safety
/// As for those functions.
unsafe fn make_move_text(
    pos: *mut WingtipPosition,
    text: *const c_char,
    name: &'static str,
    parse: Parser,
) -> c_int {
    guard(|| {
        // SAFETY: the caller's contract for both pointers.
        let (pos, text) = unsafe {
            (
                position_mut(pos)?,
                read_text(text, name, WINGTIP_ERR_ILLEGAL_MOVE)?,
            )
        };
        let mv = parse(pos, text)?;
        pos.play(mv);
        Ok(())
    })
}

fn parse_uci(pos: &WingtipPosition, text: &str) -> Result<Move, Error> {
    pos.board
        .parse_uci_move(text)
        .map_err(|e| Error::illegal_move(format!("move {:?}: {e}", excerpt(text))))
}

/// Parses SAN into a legal move of `pos`.
fn parse_san(pos: &WingtipPosition, text: &str) -> Result<Move, Error> {
    pos.board
        .parse_san(text)
        .map_err(|e| Error::illegal_move(format!("move {:?}: {e}", excerpt(text))))
}

/// Stores the number of legal moves of `pos` in `*out_count`.
///
/// Zero means checkmate (when the side to move is in check) or stalemate. Returns
/// WINGTIP_OK or WINGTIP_ERR_NULL_POINTER.
///
/// # Safety
/// `pos` must be NULL or a live handle; `out_count` must be NULL or point to a
/// writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn wingtip_legal_move_count(
    pos: *const WingtipPosition,
    out_count: *mut usize,
) -> c_int {
    guard(|| {
        // SAFETY: the caller's contract for both pointers.
        unsafe {
            let pos = position_ref(pos)?;
            if out_count.is_null() {
                return Err(Error::null("out_count"));
            }
            write_len(out_count, pos.board.legal_moves().len());
        }
        Ok(())
    })
}

/// Writes the legal moves of `pos` into `moves` in the 24-bit encoding (the
/// values wingtip_make_move, wingtip_move_to_uci and wingtip_move_to_san take),
/// in the generator's order.
///
/// `out_count`, when not NULL, receives the number of legal moves, also when
/// `capacity` is too small (then nothing is written and the call returns
/// WINGTIP_ERR_BUFFER_TOO_SMALL); an array of WINGTIP_MAX_MOVES always suffices.
/// `moves` may be NULL when `capacity` is 0. Returns WINGTIP_OK,
/// WINGTIP_ERR_BUFFER_TOO_SMALL or WINGTIP_ERR_NULL_POINTER.
///
/// # Safety
/// `pos` must be NULL or a live handle; `moves` must be NULL or point to
/// `capacity` writable `uint32_t`s; `out_count` must be NULL or point to a
/// writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn wingtip_legal_moves(
    pos: *const WingtipPosition,
    moves: *mut u32,
    capacity: usize,
    out_count: *mut usize,
) -> c_int {
    guard(|| {
        // SAFETY: the caller's contract for every pointer.
        unsafe {
            let pos = position_ref(pos)?;
            let list = pos.board.legal_moves();
            let encoded: Vec<u32> = list.iter().map(|mv| mv.0).collect();
            write_u32s(&encoded, moves, capacity, out_count)
        }
    })
}

/// Writes the legal moves of `pos` as UCI text into `buf`, separated by single
/// spaces, in the generator's order (`e2e4 d2d4 …`); an empty string when there
/// is none.
///
/// Castling is written as the king's destination (`e1g1`), or as king takes rook
/// (`e1h1`) for a position made with `chess960` true. `out_len`, when not NULL,
/// receives the text's length without the NUL. Returns WINGTIP_OK,
/// WINGTIP_ERR_BUFFER_TOO_SMALL or WINGTIP_ERR_NULL_POINTER.
///
/// # Safety
/// `pos` must be NULL or a live handle; `buf` must be NULL or point to `buf_len`
/// writable bytes; `out_len` must be NULL or point to a writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn wingtip_legal_moves_uci(
    pos: *const WingtipPosition,
    buf: *mut c_char,
    buf_len: usize,
    out_len: *mut usize,
) -> c_int {
    guard(|| {
        // SAFETY: the caller's contract for every pointer.
        unsafe {
            let pos = position_ref(pos)?;
            let mut text = String::new();
            for mv in pos.board.legal_moves().iter() {
                if !text.is_empty() {
                    text.push(' ');
                }
                text.push_str(&mv.uci(pos.chess960).to_string());
            }
            write_text(&text, buf, buf_len, out_len)
        }
    })
}

/// Writes the UCI text of `mv` (a legal move of `pos` in the 24-bit encoding)
/// into `buf`: `e2e4`, `e7e8q`, castling as for wingtip_legal_moves_uci.
///
/// A buffer of WINGTIP_MOVE_TEXT_BYTES always suffices. Returns WINGTIP_OK,
/// WINGTIP_ERR_ILLEGAL_MOVE (`mv` is not a legal move of `pos`),
/// WINGTIP_ERR_BUFFER_TOO_SMALL or WINGTIP_ERR_NULL_POINTER.
///
/// # Safety
/// `pos` must be NULL or a live handle; `buf` must be NULL or point to `buf_len`
/// writable bytes; `out_len` must be NULL or point to a writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn wingtip_move_to_uci(
    pos: *const WingtipPosition,
    mv: u32,
    buf: *mut c_char,
    buf_len: usize,
    out_len: *mut usize,
) -> c_int {
    guard(|| {
        // SAFETY: the caller's contract for every pointer.
        unsafe {
            let pos = position_ref(pos)?;
            let mv = legal(&pos.board, mv)?;
            write_text(&mv.uci(pos.chess960).to_string(), buf, buf_len, out_len)
        }
    })
}

/// Writes the SAN of `mv` (a legal move of `pos` in the 24-bit encoding) into
/// `buf`: `Nf3`, `exd5`, `e8=Q+`, `O-O-O#`.
///
/// A buffer of WINGTIP_MOVE_TEXT_BYTES always suffices. Returns WINGTIP_OK,
/// WINGTIP_ERR_ILLEGAL_MOVE, WINGTIP_ERR_BUFFER_TOO_SMALL or
/// WINGTIP_ERR_NULL_POINTER.
///
/// # Safety
/// `pos` must be NULL or a live handle; `buf` must be NULL or point to `buf_len`
/// writable bytes; `out_len` must be NULL or point to a writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn wingtip_move_to_san(
    pos: *const WingtipPosition,
    mv: u32,
    buf: *mut c_char,
    buf_len: usize,
    out_len: *mut usize,
) -> c_int {
    guard(|| {
        // SAFETY: the caller's contract for every pointer.
        unsafe {
            let pos = position_ref(pos)?;
            let mv = legal(&pos.board, mv)?;
            write_text(pos.board.san(mv).as_str(), buf, buf_len, out_len)
        }
    })
}

/// Parses UCI move text (`e2e4`, `e7e8q`) into the legal move of `pos` it names
/// and stores its 24-bit encoding in `*out_move`.
///
/// Castling is accepted both as the king's destination (`e1g1`) and as king takes
/// rook (`e1h1`), in either kind of position; where a Chess960 king's destination
/// is also a plain king move, the text means the plain move. Returns WINGTIP_OK,
/// WINGTIP_ERR_ILLEGAL_MOVE (malformed text, or no such legal move; the last error
/// message says which) or WINGTIP_ERR_NULL_POINTER.
///
/// # Safety
/// `pos` must be NULL or a live handle; `uci` must be NULL or a NUL-terminated
/// string; `out_move` must be NULL or point to a writable `uint32_t`.
#[no_mangle]
pub unsafe extern "C" fn wingtip_move_from_uci(
    pos: *const WingtipPosition,
    uci: *const c_char,
    out_move: *mut u32,
) -> c_int {
    // SAFETY: the caller's contract for every pointer, passed on.
    unsafe { move_from_text(pos, uci, "uci", out_move, parse_uci) }
}

/// Parses SAN (`Nf3`, `exd5`, `e8=Q`, `O-O`; check and annotation suffixes
/// allowed) into the legal move of `pos` it names and stores its 24-bit encoding
/// in `*out_move`.
///
/// Returns WINGTIP_OK, WINGTIP_ERR_ILLEGAL_MOVE (malformed, ambiguous or no such
/// legal move; the last error message says which) or WINGTIP_ERR_NULL_POINTER.
///
/// # Safety
/// `pos` must be NULL or a live handle; `san` must be NULL or a NUL-terminated
/// string; `out_move` must be NULL or point to a writable `uint32_t`.
#[no_mangle]
pub unsafe extern "C" fn wingtip_move_from_san(
    pos: *const WingtipPosition,
    san: *const c_char,
    out_move: *mut u32,
) -> c_int {
    // SAFETY: the caller's contract for every pointer, passed on.
    unsafe { move_from_text(pos, san, "san", out_move, parse_san) }
}

/// Makes `mv`, given in the 24-bit encoding, on `pos`.
///
/// The move must be one of the values wingtip_legal_moves writes for this
/// position; anything else returns WINGTIP_ERR_ILLEGAL_MOVE and leaves `pos` as it
/// was. Returns WINGTIP_OK, WINGTIP_ERR_ILLEGAL_MOVE or WINGTIP_ERR_NULL_POINTER.
///
/// # Safety
/// `pos` must be NULL or a live handle that no other thread uses meanwhile.
#[no_mangle]
pub unsafe extern "C" fn wingtip_make_move(pos: *mut WingtipPosition, mv: u32) -> c_int {
    guard(|| {
        // SAFETY: the caller's contract for `pos`.
        let pos = unsafe { position_mut(pos)? };
        let mv = legal(&pos.board, mv)?;
        pos.play(mv);
        Ok(())
    })
}

/// Makes the move given as UCI text (`e2e4`, `e7e8q`; castling as for
/// wingtip_move_from_uci) on `pos`.
///
/// Returns WINGTIP_OK, WINGTIP_ERR_ILLEGAL_MOVE (malformed or illegal; `pos` is
/// unchanged) or WINGTIP_ERR_NULL_POINTER.
///
/// # Safety
/// `pos` must be NULL or a live handle that no other thread uses meanwhile; `uci`
/// must be NULL or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn wingtip_make_move_uci(
    pos: *mut WingtipPosition,
    uci: *const c_char,
) -> c_int {
    // SAFETY: the caller's contract for both pointers, passed on.
    unsafe { make_move_text(pos, uci, "uci", parse_uci) }
}

/// Makes the move given as SAN (`Nf3`, `O-O`, `e8=Q+`) on `pos`.
///
/// Returns WINGTIP_OK, WINGTIP_ERR_ILLEGAL_MOVE (malformed, ambiguous or illegal;
/// `pos` is unchanged) or WINGTIP_ERR_NULL_POINTER.
///
/// # Safety
/// `pos` must be NULL or a live handle that no other thread uses meanwhile; `san`
/// must be NULL or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn wingtip_make_move_san(
    pos: *mut WingtipPosition,
    san: *const c_char,
) -> c_int {
    // SAFETY: the caller's contract for both pointers, passed on.
    unsafe { make_move_text(pos, san, "san", parse_san) }
}
