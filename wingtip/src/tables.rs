//! Every precomputed table, as `static` data that `build.rs` computed.
//!
//! This file is the crate's only `include!`/`include_bytes!` site. Small tables are
//! Rust array expressions written by `wingtip-magics` (one file each in `OUT_DIR`);
//! the big slider and line tables are raw blobs in the target's byte order. Nothing
//! here runs at start-up: the loader maps these bytes with the executable.
//!
//! Entries are plain `u64` bit sets (bit `n` = square `n`); the typed accessors are in
//! [`crate::attacks`]. Sizes (committed magics, `cargo run --release -- tables`):
//!
//! | table | entries | bytes |
//! |---|---|---|
//! | [`ROOK_PLAIN`] `[64][4096]` | 262,144 | 2 MiB |
//! | [`BISHOP_PLAIN`] `[64][512]` | 32,768 | 256 KiB |
//! | [`SLIDER_ATTACKS`] (compact) | [`SLIDER_ATTACKS_LEN`]: 92,793 committed (107,648 at full width) | 725.0 KiB (841 KiB) |
//! | [`FIXED_ATTACKS`] (fixed shift) | [`FIXED_ATTACKS_LEN`]: 123,701 committed | 966.4 KiB |
//! | [`LINE_ATTACKS`] `[4][64][64]` | 16,384 | 128 KiB |
//! | `PEXT_ATTACKS` (bmi2 targets) | 107,648 | 841 KiB |

/// One square's rook or bishop magic, with everything the index formula needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MagicEntry {
    /// Relevant occupancy: the rays from the square, edge squares excluded.
    pub mask: u64,
    /// The multiplier (Kirin's rule, docs/design.md §2).
    pub magic: u64,
    /// `64 - n` for an `n`-bit index.
    pub shift: u32,
    /// Start of this square's row in [`SLIDER_ATTACKS`] ([`FIXED_ATTACKS`] for the
    /// fixed-shift entries).
    pub offset: usize,
}

impl MagicEntry {
    /// The index of `occupied` in this square's row: `((occupied & mask) * magic) >>
    /// shift` (Kirin's rule). The plain and compact layouts both use it; the compact
    /// table adds [`MagicEntry::offset`].
    ///
    /// # Examples
    /// ```
    /// use wingtip::tables::ROOK_MAGICS;
    /// let e1 = &ROOK_MAGICS[wingtip::Square::E1.index()];
    /// assert!(e1.index(0) == 0 && e1.index(!0) < 1 << (64 - e1.shift));
    /// ```
    #[inline(always)]
    pub const fn index(&self, occupied: u64) -> usize {
        ((occupied & self.mask).wrapping_mul(self.magic) >> self.shift) as usize
    }
}

/// One square's kindergarten line magic (Winglet's sign-bit rule).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineEntry {
    /// The inner squares of the line through the square.
    pub mask: u64,
    /// The exact-gather multiplier: `((o & mask) * magic) >> 57 == pext(o, mask)`.
    pub magic: u64,
}

impl LineEntry {
    /// The index of `occupied` in this square's 64-entry row: `((occupied & mask) *
    /// magic) >> 57`, which equals `pext(occupied, mask)`.
    ///
    /// The sign-bit rule keeps bit 63 of the product clear, so the index is below 64;
    /// the final `& 63` only tells the compiler so (it removes a bounds check).
    ///
    /// # Examples
    /// ```
    /// use wingtip::tables::RANK_MAGICS;
    /// let e4 = &RANK_MAGICS[wingtip::Square::E4.index()];
    /// assert_eq!(e4.index(!0), 63); // all six inner squares occupied
    /// ```
    #[inline(always)]
    pub const fn index(&self, occupied: u64) -> usize {
        ((occupied & self.mask).wrapping_mul(self.magic) >> 57) as usize & 63
    }
}

/// The rook and bishop entries as constants, for the compile-time row check below.
const ROOK_ENTRIES: [MagicEntry; 64] = include!(concat!(env!("OUT_DIR"), "/rook_magics.rs"));
const BISHOP_ENTRIES: [MagicEntry; 64] = include!(concat!(env!("OUT_DIR"), "/bishop_magics.rs"));
/// Rook magics, a8 … h1, from `magics/rook.txt`.
pub static ROOK_MAGICS: [MagicEntry; 64] = ROOK_ENTRIES;
/// Bishop magics, a8 … h1, from `magics/bishop.txt`.
pub static BISHOP_MAGICS: [MagicEntry; 64] = BISHOP_ENTRIES;

/// Whether every index any occupancy can give stays inside a table of `len`
/// entries: a shift from 1 to 63, so that an index is below `2^(64 - shift)`, and
/// `offset + 2^(64 - shift)` at most `len`. A row may end before `2^(64 - shift)`
/// when no subset reaches its top slots, and the next row then starts there; the
/// last row (bishop h1) is whole, so the bound still holds for every row
/// (docs/design.md §3). The compact and fixed-shift backends' unchecked reads rely
/// on it, with [`SLIDER_ATTACKS_LEN`] and [`FIXED_ATTACKS_LEN`].
#[allow(dead_code)] // used by the `const _` assertions below, which rustc 1.85 does not count
const fn rows_fit(entries: &[MagicEntry; 64], len: usize) -> bool {
    let mut i = 0;
    while i < 64 {
        let e = &entries[i];
        if e.shift < 1 || e.shift > 63 {
            return false;
        }
        if e.offset + (1usize << (64 - e.shift)) > len {
            return false;
        }
        i += 1;
    }
    true
}

const _: () = assert!(
    rows_fit(&ROOK_ENTRIES, SLIDER_ATTACKS_LEN) && rows_fit(&BISHOP_ENTRIES, SLIDER_ATTACKS_LEN),
    "a compact row reaches past SLIDER_ATTACKS"
);

/// The fixed-shift rook entries as constants, for the compile-time checks below.
const ROOK_FIXED_ENTRIES: [MagicEntry; 64] =
    include!(concat!(env!("OUT_DIR"), "/rook_fixed_magics.rs"));
const BISHOP_FIXED_ENTRIES: [MagicEntry; 64] =
    include!(concat!(env!("OUT_DIR"), "/bishop_fixed_magics.rs"));
/// Fixed-shift rook magics, a8 … h1, from `magics/rook-fixed.txt`: every entry's
/// shift is [`ROOK_FIXED_SHIFT`] (docs/design.md §2).
pub static ROOK_FIXED_MAGICS: [MagicEntry; 64] = ROOK_FIXED_ENTRIES;
/// Fixed-shift bishop magics, a8 … h1, from `magics/bishop-fixed.txt`: every entry's
/// shift is [`BISHOP_FIXED_SHIFT`].
pub static BISHOP_FIXED_MAGICS: [MagicEntry; 64] = BISHOP_FIXED_ENTRIES;
/// The shift of every fixed-shift rook index: 12 bits.
pub const ROOK_FIXED_SHIFT: u32 = 52;
/// The shift of every fixed-shift bishop index: 9 bits.
pub const BISHOP_FIXED_SHIFT: u32 = 55;

/// Whether every entry of `entries` has the shift `shift`.
#[allow(dead_code)] // used by the `const _` assertion below, which rustc 1.85 does not count
const fn all_shifts(entries: &[MagicEntry; 64], shift: u32) -> bool {
    let mut i = 0;
    while i < 64 {
        if entries[i].shift != shift {
            return false;
        }
        i += 1;
    }
    true
}

const _: () = assert!(
    all_shifts(&ROOK_FIXED_ENTRIES, ROOK_FIXED_SHIFT)
        && all_shifts(&BISHOP_FIXED_ENTRIES, BISHOP_FIXED_SHIFT),
    "a fixed-shift entry has another shift"
);
const _: () = assert!(
    rows_fit(&ROOK_FIXED_ENTRIES, FIXED_ATTACKS_LEN)
        && rows_fit(&BISHOP_FIXED_ENTRIES, FIXED_ATTACKS_LEN),
    "a fixed-shift row reaches past FIXED_ATTACKS"
);
/// Rank line magics, from `magics/rank.txt`.
pub static RANK_MAGICS: [LineEntry; 64] = include!(concat!(env!("OUT_DIR"), "/rank_magics.rs"));
/// File line magics, from `magics/file.txt`.
pub static FILE_MAGICS: [LineEntry; 64] = include!(concat!(env!("OUT_DIR"), "/file_magics.rs"));
/// a1–h8-direction diagonal line magics, from `magics/diag.txt`.
pub static DIAG_MAGICS: [LineEntry; 64] = include!(concat!(env!("OUT_DIR"), "/diag_magics.rs"));
/// a8–h1-direction anti-diagonal line magics, from `magics/anti.txt`.
pub static ANTI_MAGICS: [LineEntry; 64] = include!(concat!(env!("OUT_DIR"), "/anti_magics.rs"));

/// `[color][square]`: the squares a pawn of that color attacks.
pub static PAWN_ATTACKS: [[u64; 64]; 2] = include!(concat!(env!("OUT_DIR"), "/pawn_attacks.rs"));
/// `[square]`: the squares a knight attacks.
pub static KNIGHT_ATTACKS: [u64; 64] = include!(concat!(env!("OUT_DIR"), "/knight_attacks.rs"));
/// `[square]`: the squares a king attacks.
pub static KING_ATTACKS: [u64; 64] = include!(concat!(env!("OUT_DIR"), "/king_attacks.rs"));
/// `[a][b]`: the squares strictly between `a` and `b` on a shared line, else empty.
pub static BETWEEN: [[u64; 64]; 64] = include!(concat!(env!("OUT_DIR"), "/between.rs"));
/// `[a][b]`: the whole line through `a` and `b` (edge to edge), else empty.
pub static LINE: [[u64; 64]; 64] = include!(concat!(env!("OUT_DIR"), "/line.rs"));

/// Zobrist keys `[piece][square]`, pieces in Kirin's order. Drawn by
/// `wingtip_codegen::tables::zobrist_keys` (SplitMix64, seed "WINGTIP!"); stable:
/// changing them is a breaking change.
pub static ZOBRIST_PIECE: [[u64; 64]; 12] = include!(concat!(env!("OUT_DIR"), "/zobrist_piece.rs"));
/// Zobrist key of each 4-bit castling state: the XOR of the keys of its rights.
pub static ZOBRIST_CASTLING: [u64; 16] = include!(concat!(env!("OUT_DIR"), "/zobrist_castling.rs"));
/// Zobrist key of each en-passant file, a … h.
pub static ZOBRIST_EN_PASSANT: [u64; 8] =
    include!(concat!(env!("OUT_DIR"), "/zobrist_en_passant.rs"));
/// Zobrist key XORed in when black is to move.
pub static ZOBRIST_SIDE: u64 = include!(concat!(env!("OUT_DIR"), "/zobrist_side.rs"));

/// Entries in the compact rook+bishop table (107,648 at full width; fewer after a
/// hunt for shorter magics).
pub const SLIDER_ATTACKS_LEN: usize = include!(concat!(env!("OUT_DIR"), "/slider_attacks_len.rs"));
/// Entries in the fixed-shift rook+bishop table [`FIXED_ATTACKS`].
pub const FIXED_ATTACKS_LEN: usize = include!(concat!(env!("OUT_DIR"), "/fixed_attacks_len.rs"));
/// Entries in [`ROOK_PLAIN`].
pub const ROOK_PLAIN_LEN: usize = 64 * 4096;
/// Entries in [`BISHOP_PLAIN`].
pub const BISHOP_PLAIN_LEN: usize = 64 * 512;
/// Entries in [`LINE_ATTACKS`] (four `[64][64]` tables).
pub const LINE_ATTACKS_LEN: usize = 4 * 64 * 64;
/// Entries in `PEXT_ATTACKS` (full width on every square).
pub const PEXT_ATTACKS_LEN: usize = 107_648;

/// Bytes aligned for any integer type, so a blob can be viewed as `[u64; N]`.
#[repr(C, align(64))]
struct Aligned<T: ?Sized>(T);

/// Views a blob as `u64`s at compile time.
macro_rules! blob {
    ($bytes:ident, $file:literal, $len:expr) => {{
        static $bytes: Aligned<[u8; $len * 8]> =
            Aligned(*include_bytes!(concat!(env!("OUT_DIR"), "/", $file)));
        // SAFETY: `Aligned` puts the bytes at a 64-byte boundary (u64 needs 8); the
        // array type fixes the length at exactly `$len * 8` bytes (a blob of another
        // length does not compile); every bit pattern is a valid `u64`; the blob was
        // written in the target's byte order by build.rs in this very build; and the
        // data is immutable `'static`, so the shared reference is always valid.
        unsafe { &*(&$bytes.0 as *const [u8; $len * 8] as *const [u64; $len]) }
    }};
}

/// Kirin's plain rook table `[64][4096]`, flattened: square `s`, index `i` at
/// `s * 4096 + i`.
pub static ROOK_PLAIN: &[u64; ROOK_PLAIN_LEN] =
    blob!(ROOK_PLAIN_BYTES, "rook_plain.bin", ROOK_PLAIN_LEN);
/// Kirin's plain bishop table `[64][512]`, flattened.
pub static BISHOP_PLAIN: &[u64; BISHOP_PLAIN_LEN] =
    blob!(BISHOP_PLAIN_BYTES, "bishop_plain.bin", BISHOP_PLAIN_LEN);
/// The compact (Kannan's fancy) rook+bishop table; rows at [`MagicEntry::offset`].
pub static SLIDER_ATTACKS: &[u64; SLIDER_ATTACKS_LEN] = blob!(
    SLIDER_ATTACKS_BYTES,
    "slider_attacks.bin",
    SLIDER_ATTACKS_LEN
);
/// The fixed-shift rook+bishop table (the compact layout of the fixed-shift magics);
/// rows at the [`ROOK_FIXED_MAGICS`] and [`BISHOP_FIXED_MAGICS`] offsets.
pub static FIXED_ATTACKS: &[u64; FIXED_ATTACKS_LEN] =
    blob!(FIXED_ATTACKS_BYTES, "fixed_attacks.bin", FIXED_ATTACKS_LEN);
/// The four kindergarten line tables, `[rank, file, diag, anti][64][64]` flattened,
/// indexed by `pext(occupied, mask)`. They depend on geometry only.
pub static LINE_ATTACKS: &[u64; LINE_ATTACKS_LEN] =
    blob!(LINE_ATTACKS_BYTES, "line_attacks.bin", LINE_ATTACKS_LEN);
/// [`PEXT_OFFSETS`] as a constant, for the compile-time row check below.
const PEXT_OFFSET_VALUES: [u32; 128] = include!(concat!(env!("OUT_DIR"), "/pext_offsets.rs"));
/// Start of each square's row in `PEXT_ATTACKS`: rook a8..h1, then bishop a8..h1.
pub static PEXT_OFFSETS: [u32; 128] = PEXT_OFFSET_VALUES;

/// Whether every pext row lies inside `PEXT_ATTACKS`: row `r` (rook a8..h1, then bishop)
/// starts at `PEXT_OFFSETS[r]` and holds `2^popcount(mask)` entries, and `pext(_, mask)`
/// is always below that. The pext backend's unchecked read relies on it.
#[allow(dead_code)] // used by the `const _` assertion below, which rustc 1.85 does not count
const fn pext_rows_fit() -> bool {
    let mut r = 0;
    while r < 128 {
        let mask = if r < 64 {
            ROOK_ENTRIES[r].mask
        } else {
            BISHOP_ENTRIES[r - 64].mask
        };
        if PEXT_OFFSET_VALUES[r] as usize + (1usize << mask.count_ones()) > PEXT_ATTACKS_LEN {
            return false;
        }
        r += 1;
    }
    true
}

const _: () = assert!(pext_rows_fit(), "a pext row reaches past PEXT_ATTACKS");
/// The compact rook+bishop table in pext order (only on targets with BMI2).
#[cfg(target_feature = "bmi2")]
pub static PEXT_ATTACKS: &[u64; PEXT_ATTACKS_LEN] =
    blob!(PEXT_ATTACKS_BYTES, "pext_attacks.bin", PEXT_ATTACKS_LEN);

/// The evaluation network's weights as constants: `src/eval/net.bin`, checked (size,
/// version, checksum) and rendered by build.rs. [`crate::eval::net::NET`] is built from
/// them. (Constants, not statics, because a `static` cannot be built from another
/// `static`'s value; each is used once, by `NET`, so nothing is duplicated.)
#[allow(clippy::large_const_arrays)]
pub mod net {
    include!(concat!(env!("OUT_DIR"), "/net.rs"));
}

const _: () = assert!(
    SLIDER_ATTACKS_LEN <= PEXT_ATTACKS_LEN,
    "hunted magics never need more entries"
);
const _: () = assert!(core::mem::size_of::<[u64; LINE_ATTACKS_LEN]>() == 4 * 32 * 1024);
