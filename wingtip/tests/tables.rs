//! Properties of the emitted tables: the sign-bit rule, independence of the line
//! tables from the magics, Zobrist keys (redrawn here from the documented generator,
//! and the board's incremental key against one computed here from the FEN), pinned
//! sizes and checksums.

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
        0x517C_B824_4019_5154,
        "white pawn on a8 key changed"
    );
    assert_eq!(
        tables::ZOBRIST_SIDE,
        0x91A7_C4CF_CEAB_6AAA,
        "side key changed"
    );
}

/// SplitMix64 as published (Steele, Lea and Flood, "Fast splittable pseudorandom
/// number generators", OOPSLA 2014): add the golden gamma, then mix.
struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// Every key, redrawn here from the documented generator: SplitMix64 seeded with the
/// bytes of "WINGTIP!" read as a big-endian number, drawn in the order 12 × 64 piece
/// keys (P N B R Q K p n b r q k, squares a8 … h1), the four castling rights (wk, wq,
/// bk, bq), the eight en-passant files, the side key, skipping a zero or repeated draw.
#[test]
fn zobrist_keys_are_the_documented_splitmix64_draws() {
    let mut rng = SplitMix64(u64::from_be_bytes(*b"WINGTIP!"));
    let mut seen = HashSet::new();
    let mut draw = || loop {
        let k = rng.next();
        if k != 0 && seen.insert(k) {
            return k;
        }
    };
    for (piece, keys) in tables::ZOBRIST_PIECE.iter().enumerate() {
        for (sq, &key) in keys.iter().enumerate() {
            assert_eq!(key, draw(), "piece {piece} square {sq}");
        }
    }
    for right in [1, 2, 4, 8] {
        assert_eq!(tables::ZOBRIST_CASTLING[right], draw(), "right {right}");
    }
    for (file, &key) in tables::ZOBRIST_EN_PASSANT.iter().enumerate() {
        assert_eq!(key, draw(), "en passant file {file}");
    }
    assert_eq!(tables::ZOBRIST_SIDE, draw(), "side key");
}

/// The Zobrist key of the position a FEN describes, computed from the FEN text alone
/// (its placement, side, castling and en-passant fields) and the key tables: the
/// reference for [`Board::hash`], which the board keeps up to date move by move.
fn key_from_fen(fen: &str) -> u64 {
    let fields: Vec<&str> = fen.split(' ').collect();
    let mut key = 0;
    let mut sq = 0;
    for c in fields[0].chars() {
        match c {
            '/' => {}
            '1'..='8' => sq += c as usize - '0' as usize,
            _ => {
                let piece = "PNBRQKpnbrqk".find(c).expect("a piece letter");
                key ^= tables::ZOBRIST_PIECE[piece][sq];
                sq += 1;
            }
        }
    }
    assert_eq!(sq, 64, "{fen}");
    if fields[1] == "b" {
        key ^= tables::ZOBRIST_SIDE;
    }
    for (letter, right) in [('K', 1), ('Q', 2), ('k', 4), ('q', 8)] {
        if fields[2].contains(letter) {
            key ^= tables::ZOBRIST_CASTLING[right];
        }
    }
    if fields[3] != "-" {
        let file = fields[3].as_bytes()[0] - b'a';
        key ^= tables::ZOBRIST_EN_PASSANT[file as usize];
    }
    key
}

#[test]
fn the_incremental_key_equals_the_key_from_the_fen_on_random_playouts() {
    use wingtip::Board;
    // Worked by hand: 1.e4 moves the pawn's key from e2 to e4 and flips the side
    // (no black pawn can take on e3, so no en-passant key); after 1...Nf6 2.e5 d5
    // the en-passant file d counts (exd6 is possible).
    let mut board = Board::startpos();
    let start = board.hash();
    assert_eq!(start, key_from_fen(&board.fen().to_string()));
    board.make_move(board.parse_uci_move("e2e4").unwrap());
    let (e2, e4) = (52, 36);
    assert_eq!(
        board.hash(),
        start ^ tables::ZOBRIST_PIECE[0][e2] ^ tables::ZOBRIST_PIECE[0][e4] ^ tables::ZOBRIST_SIDE
    );
    for mv in ["g8f6", "e4e5", "d7d5"] {
        board.make_move(board.parse_uci_move(mv).unwrap());
    }
    let fen = board.fen().to_string();
    assert!(fen.contains(" w KQkq d6 "), "{fen}");
    assert_eq!(board.hash(), key_from_fen(&fen), "{fen}");

    // Seeded random games from positions rich in castling rights, en passant and
    // promotions; now and then a null move when not in check.
    let roots = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/1P4P1/8/3pP3/8/8/p5p1/R3K2R w KQkq d6 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    ];
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut rand = |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    let (mut positions, mut with_ep, mut null_moves) = (0, 0, 0);
    let mut rights_seen = HashSet::new();
    for game in 0..400 {
        let mut board = Board::from_fen(roots[game % roots.len()]).unwrap();
        for _ in 0..120 {
            let moves = board.legal_moves();
            if moves.is_empty() {
                break;
            }
            if !board.in_check() && rand(16) == 0 {
                board.make_null_move();
                null_moves += 1;
            } else {
                // Prefer pawn moves: double pushes and promotions come sooner.
                let pawn_moves: Vec<_> = moves
                    .iter()
                    .filter(|m| m.piece().role() == wingtip::Role::Pawn)
                    .collect();
                let mv = if !pawn_moves.is_empty() && rand(2) == 0 {
                    *pawn_moves[rand(pawn_moves.len())]
                } else {
                    moves[rand(moves.len())]
                };
                board.make_move(mv);
            }
            let fen = board.fen().to_string();
            assert_eq!(board.hash(), key_from_fen(&fen), "{fen}");
            positions += 1;
            with_ep += usize::from(fen.split(' ').nth(3) != Some("-"));
            rights_seen.insert(board.castling_rights());
        }
    }
    assert!(
        positions > 20_000 && with_ep > 100 && null_moves > 1_000 && rights_seen.len() == 16,
        "{positions} positions, {with_ep} with en passant, {null_moves} null moves, \
         castling states {rights_seen:?}"
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

/// Walks a compact-layout table's entries, rook a8 … h1 then bishop a8 … h1: checks
/// that each row starts where the previous one ends and returns the length the rows
/// imply. Each row runs through the highest index a subset of the mask reaches, except
/// the last, bishop h1, which keeps all `2^(64 - shift)` entries.
fn rows_len(rook: &[tables::MagicEntry; 64], bishop: &[tables::MagicEntry; 64]) -> usize {
    let mut n = 0usize;
    for (i, e) in rook.iter().chain(bishop).enumerate() {
        assert_eq!(
            e.offset,
            n,
            "row {i} does not start where row {} ends",
            i.max(1) - 1
        );
        let (mut sub, mut top) = (0u64, 0usize);
        loop {
            top = top.max(e.index(sub));
            sub = sub.wrapping_sub(e.mask) & e.mask;
            if sub == 0 {
                break;
            }
        }
        n += if i == 127 {
            1 << (64 - e.shift)
        } else {
            top + 1
        };
    }
    n
}

#[test]
fn table_sizes_and_checksums_are_pinned() {
    use core::mem::size_of_val;
    assert_eq!(size_of_val(tables::ROOK_PLAIN), 2 * 1024 * 1024);
    assert_eq!(size_of_val(tables::BISHOP_PLAIN), 256 * 1024);
    assert_eq!(size_of_val(tables::LINE_ATTACKS), 4 * 32 * 1024);
    assert_eq!(size_of_val(&tables::BETWEEN), 32 * 1024);
    assert_eq!(size_of_val(&tables::LINE), 32 * 1024);
    // The compact table holds its rows back to back (`rows_len`): 107,648 entries at
    // full width (Kannan's layout), fewer once hunted magics are committed.
    // Recomputed here from the entries alone.
    let n = rows_len(&tables::ROOK_MAGICS, &tables::BISHOP_MAGICS);
    assert_eq!(tables::SLIDER_ATTACKS.len(), n);
    assert!(n <= 107_648);
    // The fixed-shift table: the same layout, every rook entry at shift 52 and every
    // bishop entry at 55.
    assert!(tables::ROOK_FIXED_MAGICS
        .iter()
        .all(|e| e.shift == tables::ROOK_FIXED_SHIFT));
    assert!(tables::BISHOP_FIXED_MAGICS
        .iter()
        .all(|e| e.shift == tables::BISHOP_FIXED_SHIFT));
    assert_eq!(
        rows_len(&tables::ROOK_FIXED_MAGICS, &tables::BISHOP_FIXED_MAGICS),
        tables::FIXED_ATTACKS.len()
    );
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
