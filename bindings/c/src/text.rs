//! Text and arrays across the boundary: NUL-terminated strings in, caller buffers
//! out.

use crate::error::{Error, WINGTIP_ERR_BUFFER_TOO_SMALL};
use core::ffi::{c_char, c_int, CStr};

/// Reads the NUL-terminated UTF-8 argument `name`; text that is not UTF-8 is an
/// error with `code`.
///
/// # Safety
/// `ptr` must be NULL or point to a NUL-terminated string that stays valid and
/// unchanged for `'a`.
pub(crate) unsafe fn read_text<'a>(
    ptr: *const c_char,
    name: &str,
    code: c_int,
) -> Result<&'a str, Error> {
    if ptr.is_null() {
        return Err(Error::null(name));
    }
    // SAFETY: non-null, and NUL-terminated by the caller's contract.
    let text = unsafe { CStr::from_ptr(ptr) };
    text.to_str()
        .map_err(|_| Error::new(code, format!("`{name}` is not UTF-8 text")))
}

/// Writes `len` through `out_len` unless it is NULL.
///
/// # Safety
/// `out_len` must be NULL or point to a writable `size_t`.
pub(crate) unsafe fn write_len(out_len: *mut usize, len: usize) {
    if !out_len.is_null() {
        // SAFETY: the caller's contract.
        unsafe { out_len.write(len) };
    }
}

/// Copies `text` and a NUL into `buf` (`buf_len` bytes); `out_len` gets the text's
/// length. A NULL `buf` with `buf_len` 0 is a size query: it fails with
/// `WINGTIP_ERR_BUFFER_TOO_SMALL` after setting `out_len`.
///
/// # Safety
/// `buf` must be NULL or point to `buf_len` writable bytes; `out_len` must be NULL
/// or point to a writable `size_t`.
pub(crate) unsafe fn write_text(
    text: &str,
    buf: *mut c_char,
    buf_len: usize,
    out_len: *mut usize,
) -> Result<(), Error> {
    // SAFETY: the caller's contract.
    unsafe { write_len(out_len, text.len()) };
    if buf.is_null() && buf_len > 0 {
        return Err(Error::null("buf"));
    }
    let needed = text.len() + 1;
    if buf_len < needed {
        if buf_len > 0 {
            // SAFETY: `buf` is non-null here and has at least one byte.
            unsafe { buf.write(0) };
        }
        return Err(Error::new(
            WINGTIP_ERR_BUFFER_TOO_SMALL,
            format!(
                "buffer too small: {needed} bytes needed (the text and its NUL), {buf_len} given"
            ),
        ));
    }
    // SAFETY: `buf` has `buf_len >= text.len() + 1` writable bytes; `text` is
    // memory of this library's, which the caller never sees, so they do not overlap.
    unsafe {
        core::ptr::copy_nonoverlapping(text.as_ptr(), buf.cast::<u8>(), text.len());
        buf.add(text.len()).write(0);
    }
    Ok(())
}

/// Copies `items` into `out` (`capacity` elements); `out_count` gets how many
/// there are. A NULL `out` with `capacity` 0 is a count query.
///
/// # Safety
/// `out` must be NULL or point to `capacity` writable `uint32_t`s; `out_count`
/// must be NULL or point to a writable `size_t`.
pub(crate) unsafe fn write_u32s(
    items: &[u32],
    out: *mut u32,
    capacity: usize,
    out_count: *mut usize,
) -> Result<(), Error> {
    // SAFETY: the caller's contract.
    unsafe { write_len(out_count, items.len()) };
    if out.is_null() && capacity > 0 {
        return Err(Error::null("moves"));
    }
    if capacity < items.len() {
        return Err(Error::new(
            WINGTIP_ERR_BUFFER_TOO_SMALL,
            format!(
                "array too small: {} moves, room for {capacity}",
                items.len()
            ),
        ));
    }
    if !items.is_empty() {
        // SAFETY: `out` is non-null (capacity >= len > 0) and has room for them.
        unsafe { core::ptr::copy_nonoverlapping(items.as_ptr(), out, items.len()) };
    }
    Ok(())
}

/// Copies `text` into a fixed array of a result struct, NUL-terminated; the text
/// must be shorter than the array (the callers' texts have proven bounds).
pub(crate) fn fill_array(array: &mut [c_char], text: &str) {
    array.fill(0);
    for (slot, &byte) in array.iter_mut().zip(text.as_bytes()) {
        *slot = byte as c_char;
    }
    if let Some(last) = array.last_mut() {
        *last = 0;
    }
}
