//! Builders for every table wingtip ships, from a complete [`MagicSet`].
//!
//! All builders are deterministic functions of the magic set (slider tables) or of
//! board geometry alone (lines, leapers, rays) or of the documented Zobrist seed.

use crate::format::{Entry, MagicSet};
use crate::geometry::{pdep, subsets};
use crate::reference;
use crate::rng::SplitMix64;
use crate::Family;

/// Entries per square in Kirin's plain rook layout (`[64][4096]`).
pub const ROOK_PLAIN_STRIDE: usize = 4096;
/// Entries per square in Kirin's plain bishop layout (`[64][512]`).
pub const BISHOP_PLAIN_STRIDE: usize = 512;
/// Entries per square in each kindergarten line table (`[64][64]`).
pub const LINE_STRIDE: usize = 64;

/// The seed of the Zobrist keys: the bytes of "WINGTIP!" read as a big-endian u64.
/// Changing it (or the draw order below) changes every hash: a breaking change.
pub const ZOBRIST_SEED: u64 = 0x5749_4E47_5449_5021;

/// Index of `occupied` in a magic row of `bits` bits.
pub fn magic_index(occupied: u64, magic: u64, bits: u8) -> usize {
    (occupied.wrapping_mul(magic) >> (64 - bits as u32)) as usize
}

/// Whether `sq` of `family` is the last row of its compact table (bishop h1 in the
/// compact table, fixed-shift bishop h1 in the fixed-shift table), which
/// [`compact_row_len`] keeps whole.
pub fn is_last_compact_row(family: Family, sq: u8) -> bool {
    matches!(family, Family::Bishop | Family::BishopFixed) && sq == 63
}

/// Entries of `entry`'s row in the compact table (docs/design.md §3): index 0
/// through the highest index any subset of the mask reaches, so a row whose top
/// slots no subset reaches ends early and the next row starts there. The table's
/// last row (bishop h1) keeps its full `2^bits`, so every row's whole `2^bits`
/// range lies inside the table and the compact backend's bound on its unchecked
/// read is a compile-time check of the offsets alone.
pub fn compact_row_len(family: Family, entry: &Entry) -> usize {
    if is_last_compact_row(family, entry.square) {
        return 1 << entry.bits;
    }
    subsets(family.mask(entry.square))
        .map(|o| magic_index(o, entry.magic, entry.bits))
        .max()
        .map_or(1, |top| top + 1)
}

/// Rook or bishop slider tables in every layout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SliderTables {
    /// Kirin's plain rook table, `[64][4096]` flattened.
    pub rook_plain: Vec<u64>,
    /// Kirin's plain bishop table, `[64][512]` flattened.
    pub bishop_plain: Vec<u64>,
    /// Compact magic table: rook squares then bishop squares, each row
    /// [`compact_row_len`] entries.
    pub compact: Vec<u64>,
    /// Start of each square's row in `compact`: rook a8..h1 then bishop a8..h1.
    pub compact_offsets: [u32; 128],
    /// Compact table in pext order (`2^popcount(mask)` entries per square).
    pub pext: Vec<u64>,
    /// Start of each square's row in `pext`.
    pub pext_offsets: [u32; 128],
    /// The fixed-shift table: the compact layout of the `rook-fixed` and
    /// `bishop-fixed` magics (rook squares, then bishop squares).
    pub fixed: Vec<u64>,
    /// Start of each square's row in `fixed`: rook a8..h1 then bishop a8..h1.
    pub fixed_offsets: [u32; 128],
}

/// Appends `entry`'s row ([`compact_row_len`] entries, each subset's attack set at
/// its magic index) to a compact-layout table and returns the row's offset.
fn push_row(table: &mut Vec<u64>, family: Family, entry: &Entry) -> u32 {
    let offset = table.len();
    table.resize(offset + compact_row_len(family, entry), 0);
    for o in subsets(family.mask(entry.square)) {
        table[offset + magic_index(o, entry.magic, entry.bits)] =
            reference::family_attacks(family, entry.square, o);
    }
    offset as u32
}

/// Builds the rook and bishop tables for `set`.
pub fn slider_tables(set: &MagicSet) -> SliderTables {
    let mut t = SliderTables {
        rook_plain: vec![0; 64 * ROOK_PLAIN_STRIDE],
        bishop_plain: vec![0; 64 * BISHOP_PLAIN_STRIDE],
        compact: Vec::new(),
        compact_offsets: [0; 128],
        pext: Vec::new(),
        pext_offsets: [0; 128],
        fixed: Vec::new(),
        fixed_offsets: [0; 128],
    };
    for (k, family) in [Family::RookFixed, Family::BishopFixed]
        .into_iter()
        .enumerate()
    {
        for e in set.family(family) {
            t.fixed_offsets[64 * k + e.square as usize] = push_row(&mut t.fixed, family, e);
        }
    }
    for (k, family) in [Family::Rook, Family::Bishop].into_iter().enumerate() {
        let stride = if k == 0 {
            ROOK_PLAIN_STRIDE
        } else {
            BISHOP_PLAIN_STRIDE
        };
        for e in set.family(family) {
            let sq = e.square as usize;
            let mask = family.mask(e.square);
            t.compact_offsets[64 * k + sq] = push_row(&mut t.compact, family, e);
            let pext_offset = t.pext.len();
            t.pext_offsets[64 * k + sq] = pext_offset as u32;
            let n = mask.count_ones();
            t.pext.resize(pext_offset + (1 << n), 0);
            for (i, o) in subsets(mask).enumerate() {
                // Subsets of a mask enumerate in increasing pext order.
                let attacks = reference::family_attacks(family, e.square, o);
                let index = magic_index(o, e.magic, e.bits);
                t.pext[pext_offset + i] = attacks;
                if k == 0 {
                    t.rook_plain[sq * stride + index] = attacks;
                } else {
                    t.bishop_plain[sq * stride + index] = attacks;
                }
            }
        }
    }
    t
}

/// Builds one kindergarten line table, `[64][64]` flattened, indexed by
/// `pext(occupied, mask)`. It depends on geometry only, never on the magics.
pub fn line_table(family: Family) -> Vec<u64> {
    assert!(family.is_line(), "line_table takes a line family");
    let mut out = Vec::with_capacity(64 * LINE_STRIDE);
    for sq in 0..64u8 {
        let mask = family.mask(sq);
        for index in 0..LINE_STRIDE as u64 {
            out.push(reference::family_attacks(family, sq, pdep(index, mask)));
        }
    }
    out
}

/// The Zobrist keys: 12 × 64 piece-square keys, 4 castling-right keys (wk, wq, bk,
/// bq), 8 en-passant file keys and the side key, drawn in that order from
/// SplitMix64 seeded with [`ZOBRIST_SEED`]; a draw that is zero or repeats an
/// earlier key is discarded (none is, with this seed, but the rule makes the
/// distinctness a property of the generator rather than luck).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ZobristKeys {
    /// `[piece][square]`, pieces in Kirin's order P N B R Q K p n b r q k.
    pub piece: [[u64; 64]; 12],
    /// One key per castling right bit (wk = 1, wq = 2, bk = 4, bq = 8).
    pub castling_rights: [u64; 4],
    /// The XOR of the right keys for every 4-bit castling state (entry 0 is 0).
    pub castling: [u64; 16],
    /// One key per en-passant file a..h.
    pub en_passant: [u64; 8],
    /// XORed in when black is to move.
    pub side: u64,
}

/// Draws the Zobrist keys (see [`ZobristKeys`]).
pub fn zobrist_keys() -> ZobristKeys {
    let mut rng = SplitMix64::new(ZOBRIST_SEED);
    let mut seen = std::collections::BTreeSet::new();
    let mut draw = || loop {
        let k = rng.next_u64();
        if k != 0 && seen.insert(k) {
            return k;
        }
    };
    let piece = core::array::from_fn(|_| core::array::from_fn(|_| draw()));
    let castling_rights: [u64; 4] = core::array::from_fn(|_| draw());
    let en_passant = core::array::from_fn(|_| draw());
    let side = draw();
    let castling = core::array::from_fn(|state| {
        (0..4)
            .filter(|b| state >> b & 1 != 0)
            .fold(0, |acc, b| acc ^ castling_rights[b])
    });
    ZobristKeys {
        piece,
        castling_rights,
        castling,
        en_passant,
        side,
    }
}
