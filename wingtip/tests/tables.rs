//! Properties of the emitted tables: the sign-bit rule, independence of the line
//! tables from the magics, Zobrist keys, pinned sizes and checksums.

use std::collections::HashSet;
use wingtip::tables::{self, LineEntry};
use wingtip_codegen::geometry::{pext, subsets};
use wingtip_codegen::{reference, search_family, Family};

const LINE_FAMILIES: [Family; 4] = [Family::Rank, Family::File, Family::Diag, Family::Anti];

fn emitted(family: Family) -> &'static [LineEntry; 64] {
    match family {
        Family::Rank => &tables::RANK_MAGICS,
        Family::File => &tables::FILE_MAGICS,
        Family::Diag => &tables::DIAG_MAGICS,
        Family::Anti => &tables::ANTI_MAGICS,
        _ => unreachable!(),
    }
}

#[test]
fn every_emitted_line_magic_keeps_the_sign_bit_clear_and_gathers_exactly() {
    for family in LINE_FAMILIES {
        for (sq, e) in emitted(family).iter().enumerate() {
            assert_eq!(e.mask, family.mask(sq as u8));
            for o in subsets(e.mask) {
                let product = o.wrapping_mul(e.magic);
                assert_eq!(
                    product >> 63,
                    0,
                    "{family} square {sq}: sign bit set for {o:#x}"
                );
                assert_eq!(
                    product >> 57,
                    pext(o, e.mask),
                    "{family} square {sq}: not pext order"
                );
            }
        }
    }
}

#[test]
fn line_tables_do_not_depend_on_the_magics() {
    // A second, freshly searched set of line magics indexes the shipped tables just
    // as well: every index it computes finds the reference attacks.
    for (t, family) in LINE_FAMILIES.into_iter().enumerate() {
        let other = search_family(family, 0xDEAD_BEEF);
        let differs = other
            .iter()
            .zip(emitted(family))
            .filter(|(a, b)| a.magic != b.magic)
            .count();
        assert!(
            differs > 0,
            "{family}: the second set should use other magics"
        );
        for e in other {
            let mask = family.mask(e.square);
            for o in subsets(mask) {
                let index = (o.wrapping_mul(e.magic) >> 57) as usize;
                let got = tables::LINE_ATTACKS[t * 4096 + e.square as usize * 64 + index];
                assert_eq!(got, reference::family_attacks(family, e.square, o));
            }
        }
    }
}

#[test]
fn zobrist_keys_are_nonzero_distinct_and_pinned() {
    let mut keys: Vec<u64> = tables::ZOBRIST_PIECE.iter().flatten().copied().collect();
    // The four single-right castling keys, the 8 file keys and the side key.
    keys.extend([1, 2, 4, 8].map(|r| tables::ZOBRIST_CASTLING[r]));
    keys.extend(tables::ZOBRIST_EN_PASSANT);
    keys.push(tables::ZOBRIST_SIDE);
    assert_eq!(keys.len(), 781);
    assert!(keys.iter().all(|&k| k != 0));
    assert_eq!(keys.iter().collect::<HashSet<_>>().len(), 781);
    // Combined castling states are the XOR of their rights.
    for state in 0..16usize {
        let xor = (0..4)
            .filter(|b| state >> b & 1 != 0)
            .fold(0, |acc, b| acc ^ tables::ZOBRIST_CASTLING[1 << b]);
        assert_eq!(tables::ZOBRIST_CASTLING[state], xor);
    }
    // Stable keys are a promise (a change breaks stored hashes): pin a few.
    assert_eq!(
        tables::ZOBRIST_PIECE[0][0],
        wingtip_codegen::tables::zobrist_keys().piece[0][0]
    );
    assert_eq!(
        tables::ZOBRIST_PIECE[0][0],
        0x517C_B824_4019_5154,
        "white pawn on a8 key changed"
    );
    assert_eq!(
        tables::ZOBRIST_SIDE,
        0x91A7_C4CF_CEAB_6AAA,
        "side key changed"
    );
}

fn fnv1a(words: &[u64]) -> u64 {
    words
        .iter()
        .flat_map(|w| w.to_le_bytes())
        .fold(0xCBF2_9CE4_8422_2325, |h, b| {
            (h ^ b as u64).wrapping_mul(0x100_0000_01B3)
        })
}

#[test]
fn table_sizes_and_checksums_are_pinned() {
    use core::mem::size_of_val;
    assert_eq!(size_of_val(tables::ROOK_PLAIN), 2 * 1024 * 1024);
    assert_eq!(size_of_val(tables::BISHOP_PLAIN), 256 * 1024);
    assert_eq!(size_of_val(tables::LINE_ATTACKS), 4 * 32 * 1024);
    assert_eq!(size_of_val(&tables::BETWEEN), 32 * 1024);
    assert_eq!(size_of_val(&tables::LINE), 32 * 1024);
    // The compact table is the sum of 2^n over the committed magics: 107,648 at full
    // width (Kannan's layout), fewer once hunted magics are committed.
    let n: usize = tables::ROOK_MAGICS
        .iter()
        .chain(&tables::BISHOP_MAGICS)
        .map(|e| 1usize << (64 - e.shift))
        .sum();
    assert_eq!(tables::SLIDER_ATTACKS.len(), n);
    assert!(n <= 107_648);
    // Geometry-only tables never change: pin their checksums.
    assert_eq!(
        fnv1a(tables::LINE_ATTACKS),
        0x5892_B1A3_9F59_13B5,
        "line tables changed"
    );
    assert_eq!(
        fnv1a(tables::BETWEEN.as_flattened()),
        0x9FD6_0C02_3C8D_B115,
        "BETWEEN changed"
    );
    assert_eq!(
        fnv1a(tables::LINE.as_flattened()),
        0x5C4B_B7EC_8CCC_E6E9,
        "LINE changed"
    );
    assert_eq!(
        fnv1a(&tables::KNIGHT_ATTACKS),
        0xBBEB_5CA1_DCF0_D75F,
        "KNIGHT_ATTACKS changed"
    );
}
