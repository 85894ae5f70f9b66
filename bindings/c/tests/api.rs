//! The C ABI called from Rust, as a C program would call it: every function's
//! success, its error codes, and the buffer, ownership and thread rules the header
//! documents. (`examples/example.c`, run by `test.sh`, checks the same from C.)

use core::ffi::{c_char, c_int, CStr};
use std::ffi::CString;
use std::ptr::{null, null_mut};
use wingtip_c::*;

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const MATE_IN_ONE: &str = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";

/// An owned handle, freed on drop.
struct Pos(*mut WingtipPosition);

impl Drop for Pos {
    fn drop(&mut self) {
        assert_eq!(unsafe { wingtip_position_free(self.0) }, WINGTIP_OK);
    }
}

fn from_fen(fen: &str, chess960: bool) -> Result<Pos, c_int> {
    let fen = CString::new(fen).unwrap();
    let mut out = null_mut();
    match unsafe { wingtip_position_from_fen(fen.as_ptr(), chess960, &mut out) } {
        WINGTIP_OK => {
            assert!(!out.is_null());
            Ok(Pos(out))
        }
        code => {
            assert!(out.is_null(), "a failed creation leaves *out NULL");
            Err(code)
        }
    }
}

fn startpos() -> Pos {
    let mut out = null_mut();
    assert_eq!(unsafe { wingtip_position_new(&mut out) }, WINGTIP_OK);
    Pos(out)
}

/// Calls a text-writing function with a big buffer and returns the text.
fn text(call: impl FnOnce(*mut c_char, usize, *mut usize) -> c_int) -> String {
    let mut buf = [0 as c_char; 4096];
    let mut len = usize::MAX;
    assert_eq!(call(buf.as_mut_ptr(), buf.len(), &mut len), WINGTIP_OK);
    let s = unsafe { CStr::from_ptr(buf.as_ptr()) }
        .to_str()
        .unwrap()
        .to_owned();
    assert_eq!(s.len(), len, "out_len is the text's length");
    s
}

fn last_error() -> String {
    text(|buf, len, out| unsafe { wingtip_last_error(buf, len, out) })
}

fn fen(pos: &Pos) -> String {
    text(|buf, len, out| unsafe { wingtip_position_fen(pos.0, buf, len, out) })
}

fn uci_moves(pos: &Pos) -> String {
    text(|buf, len, out| unsafe { wingtip_legal_moves_uci(pos.0, buf, len, out) })
}

fn count(pos: &Pos) -> usize {
    let mut n = usize::MAX;
    assert_eq!(
        unsafe { wingtip_legal_move_count(pos.0, &mut n) },
        WINGTIP_OK
    );
    n
}

fn perft(pos: &Pos, depth: u32) -> u64 {
    let mut nodes = 0;
    assert_eq!(
        unsafe { wingtip_perft(pos.0, depth, &mut nodes) },
        WINGTIP_OK
    );
    nodes
}

fn make_uci(pos: &Pos, mv: &str) -> c_int {
    let mv = CString::new(mv).unwrap();
    unsafe { wingtip_make_move_uci(pos.0, mv.as_ptr()) }
}

fn make_san(pos: &Pos, mv: &str) -> c_int {
    let mv = CString::new(mv).unwrap();
    unsafe { wingtip_make_move_san(pos.0, mv.as_ptr()) }
}

fn search(pos: &Pos, limits: WingtipSearchLimits, hash: &mut [u64]) -> WingtipSearchResult {
    let mut out = std::mem::MaybeUninit::uninit();
    let rc = unsafe {
        wingtip_search(
            pos.0,
            &limits,
            hash.as_mut_ptr().cast(),
            std::mem::size_of_val(hash),
            out.as_mut_ptr(),
        )
    };
    assert_eq!(rc, WINGTIP_OK, "{}", last_error());
    unsafe { out.assume_init() }
}

fn array_text(array: &[c_char]) -> String {
    unsafe { CStr::from_ptr(array.as_ptr()) }
        .to_str()
        .unwrap()
        .to_owned()
}

fn depth(depth: u32) -> WingtipSearchLimits {
    WingtipSearchLimits {
        depth,
        ..WingtipSearchLimits::default()
    }
}

#[test]
fn positions_moves_and_perft() {
    let start = startpos();
    assert_eq!(
        fen(&start),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    assert_eq!(count(&start), 20);
    assert_eq!(perft(&start, 0), 1);
    assert_eq!(perft(&start, 4), 197_281);
    let list = uci_moves(&start);
    assert_eq!(list.split(' ').count(), 20);
    assert!(list.split(' ').any(|m| m == "e2e4"), "{list}");

    let kiwi = from_fen(KIWIPETE, false).unwrap();
    assert_eq!(fen(&kiwi), KIWIPETE);
    assert_eq!(count(&kiwi), 48);
    assert_eq!(perft(&kiwi, 3), 97_862);

    let mut too_deep = 0;
    assert_eq!(
        unsafe { wingtip_perft(start.0, WINGTIP_PERFT_MAX_DEPTH + 1, &mut too_deep) },
        WINGTIP_ERR_BAD_ARGUMENT
    );
    assert!(last_error().contains("perft depth"));
}

#[test]
fn moves_in_every_notation() {
    let pos = from_fen(KIWIPETE, false).unwrap();
    let mut moves = [0u32; WINGTIP_MAX_MOVES];
    let mut n = 0;
    assert_eq!(
        unsafe { wingtip_legal_moves(pos.0, moves.as_mut_ptr(), moves.len(), &mut n) },
        WINGTIP_OK
    );
    assert_eq!(n, 48);
    // Each encoded move round-trips through UCI text and SAN.
    let listed: Vec<String> = uci_moves(&pos).split(' ').map(str::to_owned).collect();
    for (i, &mv) in moves[..n].iter().enumerate() {
        let uci = text(|b, l, o| unsafe { wingtip_move_to_uci(pos.0, mv, b, l, o) });
        assert_eq!(uci, listed[i], "the two lists agree in order");
        let c = CString::new(uci.as_str()).unwrap();
        let mut back = 0;
        assert_eq!(
            unsafe { wingtip_move_from_uci(pos.0, c.as_ptr(), &mut back) },
            WINGTIP_OK
        );
        assert_eq!(back, mv);
        let san = text(|b, l, o| unsafe { wingtip_move_to_san(pos.0, mv, b, l, o) });
        assert!(san.len() < WINGTIP_MOVE_TEXT_BYTES);
        let c = CString::new(san.as_str()).unwrap();
        assert_eq!(
            unsafe { wingtip_move_from_san(pos.0, c.as_ptr(), &mut back) },
            WINGTIP_OK
        );
        assert_eq!(back, mv, "{san}");
    }
    let e5f7 = CString::new("e5f7").unwrap();
    let mut mv = 0;
    assert_eq!(
        unsafe { wingtip_move_from_uci(pos.0, e5f7.as_ptr(), &mut mv) },
        WINGTIP_OK
    );
    assert_eq!(
        text(|b, l, o| unsafe { wingtip_move_to_san(pos.0, mv, b, l, o) }),
        "Nxf7"
    );

    // Making moves: by encoding, UCI text and SAN.
    let game = startpos();
    let mut first = [0u32; WINGTIP_MAX_MOVES];
    assert_eq!(
        unsafe { wingtip_legal_moves(game.0, first.as_mut_ptr(), first.len(), null_mut()) },
        WINGTIP_OK
    );
    let e4 = CString::new("e4").unwrap();
    assert_eq!(
        unsafe { wingtip_move_from_san(game.0, e4.as_ptr(), &mut mv) },
        WINGTIP_OK
    );
    assert_eq!(unsafe { wingtip_make_move(game.0, mv) }, WINGTIP_OK);
    assert_eq!(make_uci(&game, "e7e5"), WINGTIP_OK);
    assert_eq!(make_san(&game, "Nf3"), WINGTIP_OK);
    assert_eq!(
        fen(&game),
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
    );
}

#[test]
fn illegal_moves_are_refused_and_change_nothing() {
    let pos = startpos();
    let before = fen(&pos);
    for (text, reason) in [
        ("e2e5", "illegal"),
        ("e2", "malformed"),
        ("", "malformed"),
        ("e1g1", "illegal"),
    ] {
        assert_eq!(make_uci(&pos, text), WINGTIP_ERR_ILLEGAL_MOVE, "{text}");
        let message = last_error();
        assert!(message.contains(reason), "{text}: {message}");
        assert!(!message.contains('\n'));
    }
    for text in ["Nf6", "Ke2", "O-O", "xx"] {
        assert_eq!(make_san(&pos, text), WINGTIP_ERR_ILLEGAL_MOVE, "{text}");
    }
    // An encoding that is no legal move: a legal one from another position, and junk.
    let kiwi = from_fen(KIWIPETE, false).unwrap();
    let c = CString::new("e1g1").unwrap();
    let mut castle = 0;
    assert_eq!(
        unsafe { wingtip_move_from_uci(kiwi.0, c.as_ptr(), &mut castle) },
        WINGTIP_OK
    );
    for mv in [castle, 0, u32::MAX, 0x00ff_ffff] {
        assert_eq!(
            unsafe { wingtip_make_move(pos.0, mv) },
            WINGTIP_ERR_ILLEGAL_MOVE
        );
        let mut buf = [0 as c_char; 8];
        assert_eq!(
            unsafe { wingtip_move_to_uci(pos.0, mv, buf.as_mut_ptr(), 8, null_mut()) },
            WINGTIP_ERR_ILLEGAL_MOVE
        );
    }
    // Text that is not UTF-8.
    let bad = [0xffu8 as c_char, 0xfe_u8 as c_char, 0];
    assert_eq!(
        unsafe { wingtip_make_move_uci(pos.0, bad.as_ptr()) },
        WINGTIP_ERR_ILLEGAL_MOVE
    );
    assert!(last_error().contains("UTF-8"));
    assert_eq!(fen(&pos), before);
}

#[test]
fn chess960_castling_text() {
    let fen960 = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
    let standard = from_fen(fen960, false).unwrap();
    let chess960 = from_fen(fen960, true).unwrap();
    assert!(uci_moves(&standard).split(' ').any(|m| m == "e1g1"));
    assert!(uci_moves(&chess960).split(' ').any(|m| m == "e1h1"));
    // Input takes both conventions in either kind of position.
    assert_eq!(make_uci(&chess960, "e1g1"), WINGTIP_OK);
    assert_eq!(make_uci(&standard, "e1h1"), WINGTIP_OK);
    assert_eq!(fen(&standard), fen(&chess960));
    // A Chess960 start: king on d1 between rooks on c1 and e1.
    let shuffled = "bqrkrbnn/pppppppp/8/8/8/8/PPPPPPPP/BQRKRBNN w KQkq - 0 1";
    assert_eq!(from_fen(shuffled, false).err(), Some(WINGTIP_ERR_BAD_FEN));
    assert!(last_error().contains("castling"), "{}", last_error());
    let pos = from_fen(shuffled, true).unwrap();
    assert_eq!(perft(&pos, 3), 8_792, "python-chess agrees");
}

#[test]
fn bad_fens_say_why_on_one_line() {
    for (bad, reason) in [
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
            "side",
        ),
        (
            "rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "piece",
        ),
        ("8/8/8 w - - 0 1", "ranks"),
        ("", "fields"),
        ("4k3/8/8/8/8/8/8/8 w - - 0 1", "king"),
    ] {
        assert_eq!(
            from_fen(bad, false).err(),
            Some(WINGTIP_ERR_BAD_FEN),
            "{bad}"
        );
        let message = last_error();
        assert!(message.starts_with("fen"), "{message}");
        assert!(message.contains(reason), "{bad}: {message}");
        assert!(!message.contains('\n') && !message.contains('\r'));
    }
    let bad = [0xc3u8 as c_char, 0x28, 0];
    let mut out = null_mut();
    assert_eq!(
        unsafe { wingtip_position_from_fen(bad.as_ptr(), false, &mut out) },
        WINGTIP_ERR_BAD_FEN
    );
}

#[test]
fn null_pointers_are_refused() {
    let pos = startpos();
    let mut n = 0usize;
    let mut out = null_mut();
    let fen = CString::new(KIWIPETE).unwrap();
    unsafe {
        assert_eq!(wingtip_position_new(null_mut()), WINGTIP_ERR_NULL_POINTER);
        assert_eq!(
            wingtip_position_from_fen(null(), false, &mut out),
            WINGTIP_ERR_NULL_POINTER
        );
        assert!(last_error().contains("`fen`"));
        assert_eq!(
            wingtip_position_from_fen(fen.as_ptr(), false, null_mut()),
            WINGTIP_ERR_NULL_POINTER
        );
        assert_eq!(
            wingtip_position_copy(null(), &mut out),
            WINGTIP_ERR_NULL_POINTER
        );
        assert!(out.is_null());
        assert_eq!(wingtip_position_free(null_mut()), WINGTIP_OK);
        assert_eq!(
            wingtip_legal_move_count(null(), &mut n),
            WINGTIP_ERR_NULL_POINTER
        );
        assert_eq!(
            wingtip_legal_move_count(pos.0, null_mut()),
            WINGTIP_ERR_NULL_POINTER
        );
        assert_eq!(
            wingtip_legal_moves(pos.0, null_mut(), 10, &mut n),
            WINGTIP_ERR_NULL_POINTER
        );
        assert_eq!(
            wingtip_position_fen(pos.0, null_mut(), 10, &mut n),
            WINGTIP_ERR_NULL_POINTER
        );
        assert_eq!(
            wingtip_make_move_uci(pos.0, null()),
            WINGTIP_ERR_NULL_POINTER
        );
        assert_eq!(wingtip_make_move(null_mut(), 0), WINGTIP_ERR_NULL_POINTER);
        assert_eq!(
            wingtip_perft(pos.0, 1, null_mut()),
            WINGTIP_ERR_NULL_POINTER
        );
        let mut result = std::mem::MaybeUninit::uninit();
        assert_eq!(
            wingtip_search(pos.0, null(), null_mut(), 0, result.as_mut_ptr()),
            WINGTIP_ERR_NULL_POINTER
        );
        assert_eq!(
            wingtip_search(pos.0, &depth(1), null_mut(), 64, result.as_mut_ptr()),
            WINGTIP_ERR_NULL_POINTER
        );
        assert!(last_error().contains("`hash`"));
        assert_eq!(
            wingtip_search(pos.0, &depth(1), null_mut(), 0, null_mut()),
            WINGTIP_ERR_NULL_POINTER
        );
    }
}

#[test]
fn small_buffers_are_refused_and_sizes_can_be_asked() {
    let pos = startpos();
    let full = fen(&pos);
    // A size query: NULL and 0.
    let mut len = 0;
    assert_eq!(
        unsafe { wingtip_position_fen(pos.0, null_mut(), 0, &mut len) },
        WINGTIP_ERR_BUFFER_TOO_SMALL
    );
    assert_eq!(len, full.len());
    // One byte short (no room for the NUL): refused, buffer left an empty string.
    let mut buf = vec![b'x' as c_char; full.len()];
    assert_eq!(
        unsafe { wingtip_position_fen(pos.0, buf.as_mut_ptr(), buf.len(), &mut len) },
        WINGTIP_ERR_BUFFER_TOO_SMALL
    );
    assert_eq!(buf[0], 0);
    assert_eq!(len, full.len());
    assert!(last_error().contains("buffer too small"));
    // Exactly enough.
    let mut buf = vec![0 as c_char; full.len() + 1];
    assert_eq!(
        unsafe { wingtip_position_fen(pos.0, buf.as_mut_ptr(), buf.len(), null_mut()) },
        WINGTIP_OK
    );
    assert_eq!(array_text(&buf), full);

    // Move arrays: a count query, then too small.
    let mut n = 0;
    assert_eq!(
        unsafe { wingtip_legal_moves(pos.0, null_mut(), 0, &mut n) },
        WINGTIP_ERR_BUFFER_TOO_SMALL
    );
    assert_eq!(n, 20);
    let mut moves = [0u32; 19];
    assert_eq!(
        unsafe { wingtip_legal_moves(pos.0, moves.as_mut_ptr(), 19, &mut n) },
        WINGTIP_ERR_BUFFER_TOO_SMALL
    );
    assert_eq!(moves, [0; 19], "nothing written");

    // The last error message itself, into a small buffer: refused, and kept.
    let message = last_error();
    let mut small = [0 as c_char; 4];
    assert_eq!(
        unsafe { wingtip_last_error(small.as_mut_ptr(), 4, &mut len) },
        WINGTIP_ERR_BUFFER_TOO_SMALL
    );
    assert_eq!(len, message.len());
    assert_eq!(last_error(), message);
}

#[test]
fn last_error_is_per_thread_and_kept_by_successes() {
    assert_eq!(from_fen("nonsense", false).err(), Some(WINGTIP_ERR_BAD_FEN));
    let message = last_error();
    assert!(message.starts_with("fen"));
    let _ = startpos(); // a success leaves the message
    assert_eq!(last_error(), message);
    let other = std::thread::spawn(last_error).join().unwrap();
    assert_eq!(other, "", "a new thread has no last error");
}

#[test]
fn copies_are_independent() {
    let pos = startpos();
    let mut copy = null_mut();
    assert_eq!(
        unsafe { wingtip_position_copy(pos.0, &mut copy) },
        WINGTIP_OK
    );
    let copy = Pos(copy);
    assert_eq!(make_uci(&copy, "d2d4"), WINGTIP_OK);
    assert_eq!(count(&pos), 20);
    assert_ne!(fen(&pos), fen(&copy));
}

#[test]
fn search_finds_the_mate_in_one() {
    let pos = from_fen(MATE_IN_ONE, false).unwrap();
    let mut hash = vec![0u64; 1 << 14]; // 128 KiB
    let result = search(&pos, depth(6), &mut hash);
    assert_eq!(array_text(&result.best_move_uci), "a1a8");
    assert!(result.mate);
    assert_eq!(result.score, 1);
    assert_eq!(result.depth, 6);
    assert!(result.nodes > 0);
    assert!(result.pv_len >= 1);
    assert_eq!(result.pv[0], result.best_move);
    assert_eq!(array_text(&result.pv_uci), "a1a8");
    let mut played = 0;
    let a1a8 = CString::new("a1a8").unwrap();
    assert_eq!(
        unsafe { wingtip_move_from_uci(pos.0, a1a8.as_ptr(), &mut played) },
        WINGTIP_OK
    );
    assert_eq!(played, result.best_move);

    // After the mate: no move, mated, `0000`.
    assert_eq!(
        unsafe { wingtip_make_move(pos.0, result.best_move) },
        WINGTIP_OK
    );
    let mated = search(&pos, depth(3), &mut hash);
    assert_eq!(mated.best_move, 0);
    assert_eq!(array_text(&mated.best_move_uci), "0000");
    assert!(mated.mate);
    assert_eq!(mated.score, 0);
    assert_eq!(mated.pv_len, 0);
    assert_eq!(array_text(&mated.pv_uci), "");
}

#[test]
fn search_limits_and_hash_buffers() {
    let pos = from_fen(KIWIPETE, false).unwrap();
    let mut hash = vec![0u64; 1 << 13];
    // A node limit, deterministic with a fresh table and handle.
    let nodes = WingtipSearchLimits {
        nodes: 20_000,
        ..WingtipSearchLimits::default()
    };
    let a = search(&pos, nodes, &mut hash);
    assert!(a.nodes <= 21_024, "{}", a.nodes);
    assert!(a.pv_len >= 1 && a.pv[0] == a.best_move);
    let pv = array_text(&a.pv_uci);
    assert_eq!(pv.split(' ').count(), a.pv_len as usize);
    assert!(pv.starts_with(&array_text(&a.best_move_uci)));
    let again = from_fen(KIWIPETE, false).unwrap();
    let mut fresh = vec![0u64; 1 << 13];
    let b = search(&again, nodes, &mut fresh);
    assert_eq!(
        (a.best_move, a.score, a.depth, a.nodes),
        (b.best_move, b.score, b.depth, b.nodes)
    );
    // A time limit.
    let timed = WingtipSearchLimits {
        movetime_ms: 100,
        ..WingtipSearchLimits::default()
    };
    let t = search(&pos, timed, &mut hash);
    assert!(t.best_move != 0 && t.time_ms < 2_000, "{}", t.time_ms);
    // Without a table.
    let none = search(&pos, depth(3), &mut []);
    assert!(none.best_move != 0);

    let mut out = std::mem::MaybeUninit::uninit();
    unsafe {
        // No limit at all.
        assert_eq!(
            wingtip_search(pos.0, &depth(0), null_mut(), 0, out.as_mut_ptr()),
            WINGTIP_ERR_BAD_ARGUMENT
        );
        assert!(last_error().contains("no search limit"));
        // A misaligned buffer.
        let bytes = hash.as_mut_ptr().cast::<u8>().add(1);
        assert_eq!(
            wingtip_search(pos.0, &depth(1), bytes.cast(), 1024, out.as_mut_ptr()),
            WINGTIP_ERR_BAD_ARGUMENT
        );
        assert!(last_error().contains("aligned"));
    }
}

#[test]
fn searches_on_two_threads_share_one_table() {
    let hash: Vec<std::sync::atomic::AtomicU64> =
        (0..1 << 14).map(|_| Default::default()).collect();
    let bytes = hash.len() * 8;
    let base = hash.as_ptr() as usize;
    let threads: Vec<_> = [MATE_IN_ONE, KIWIPETE]
        .into_iter()
        .map(|fen| {
            std::thread::spawn(move || {
                let pos = from_fen(fen, false).unwrap();
                let mut out = std::mem::MaybeUninit::uninit();
                let rc = unsafe {
                    wingtip_search(pos.0, &depth(6), base as *mut _, bytes, out.as_mut_ptr())
                };
                assert_eq!(rc, WINGTIP_OK);
                unsafe { out.assume_init() }.best_move
            })
        })
        .collect();
    for t in threads {
        assert_ne!(t.join().unwrap(), 0);
    }
    drop(hash);
}
