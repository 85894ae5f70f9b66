//! Slow, obviously-correct reference attacks.
//!
//! Every function walks rays square by square with explicit file and rank bounds.
//! Nothing here uses a mask, a magic or an index helper, so the exhaustive tests
//! that compare wingtip's tables against these functions compare two independent
//! computations. Names match wingtip's fast lookups.

use crate::geometry::{file_of, rank_of, square_at};

fn ray_walk(sq: u8, occupied: u64, dirs: &[(i8, i8)]) -> u64 {
    let mut attacks = 0;
    for &(df, dr) in dirs {
        let (mut f, mut r) = (file_of(sq) + df, rank_of(sq) + dr);
        while (0..8).contains(&f) && (0..8).contains(&r) {
            let s = 8 * (7 - r) + f;
            attacks |= 1u64 << s;
            if occupied >> s & 1 != 0 {
                break;
            }
            f += df;
            r += dr;
        }
    }
    attacks
}

fn steps(sq: u8, deltas: &[(i8, i8)]) -> u64 {
    deltas
        .iter()
        .filter_map(|&(df, dr)| square_at(file_of(sq) + df, rank_of(sq) + dr))
        .fold(0, |acc, s| acc | 1u64 << s)
}

/// Returns the squares a rook on `sq` attacks, the first blocker on each ray included.
pub fn rook_attacks(sq: u8, occupied: u64) -> u64 {
    ray_walk(sq, occupied, &[(1, 0), (-1, 0), (0, 1), (0, -1)])
}

/// Returns the squares a bishop on `sq` attacks.
pub fn bishop_attacks(sq: u8, occupied: u64) -> u64 {
    ray_walk(sq, occupied, &[(1, 1), (-1, -1), (1, -1), (-1, 1)])
}

/// Returns the squares a queen on `sq` attacks.
pub fn queen_attacks(sq: u8, occupied: u64) -> u64 {
    rook_attacks(sq, occupied) | bishop_attacks(sq, occupied)
}

/// Returns the rank attacks of a slider on `sq` (both directions along its rank).
pub fn rank_attacks(sq: u8, occupied: u64) -> u64 {
    ray_walk(sq, occupied, &[(1, 0), (-1, 0)])
}

/// Returns the file attacks of a slider on `sq`.
pub fn file_attacks(sq: u8, occupied: u64) -> u64 {
    ray_walk(sq, occupied, &[(0, 1), (0, -1)])
}

/// Returns the attacks along the a1–h8-direction diagonal through `sq`.
pub fn diag_attacks(sq: u8, occupied: u64) -> u64 {
    ray_walk(sq, occupied, &[(1, 1), (-1, -1)])
}

/// Returns the attacks along the a8–h1-direction anti-diagonal through `sq`.
pub fn anti_attacks(sq: u8, occupied: u64) -> u64 {
    ray_walk(sq, occupied, &[(1, -1), (-1, 1)])
}

/// Returns the squares a knight on `sq` attacks.
pub fn knight_attacks(sq: u8) -> u64 {
    steps(
        sq,
        &[
            (1, 2),
            (2, 1),
            (2, -1),
            (1, -2),
            (-1, -2),
            (-2, -1),
            (-2, 1),
            (-1, 2),
        ],
    )
}

/// Returns the squares a king on `sq` attacks.
pub fn king_attacks(sq: u8) -> u64 {
    steps(
        sq,
        &[
            (1, 0),
            (1, 1),
            (0, 1),
            (-1, 1),
            (-1, 0),
            (-1, -1),
            (0, -1),
            (1, -1),
        ],
    )
}

/// Returns the squares a pawn of `color` (0 = white, moving towards rank 8;
/// 1 = black) on `sq` attacks.
pub fn pawn_attacks(color: u8, sq: u8) -> u64 {
    let dr = if color == 0 { 1 } else { -1 };
    steps(sq, &[(-1, dr), (1, dr)])
}

/// Returns the squares strictly between `a` and `b` when they share a rank, file or
/// diagonal; otherwise the empty set.
pub fn between(a: u8, b: u8) -> u64 {
    let (df, dr) = (file_of(b) - file_of(a), rank_of(b) - rank_of(a));
    if a == b || !(df == 0 || dr == 0 || df.abs() == dr.abs()) {
        return 0;
    }
    let (sf, sr) = (df.signum(), dr.signum());
    let mut out = 0;
    let (mut f, mut r) = (file_of(a) + sf, rank_of(a) + sr);
    while (f, r) != (file_of(b), rank_of(b)) {
        out |= 1u64 << (8 * (7 - r) + f);
        f += sf;
        r += sr;
    }
    out
}

/// Returns the whole line (edge to edge, both squares included) through `a` and `b`
/// when they share a rank, file or diagonal; otherwise the empty set.
pub fn line(a: u8, b: u8) -> u64 {
    let (df, dr) = (file_of(b) - file_of(a), rank_of(b) - rank_of(a));
    if a == b || !(df == 0 || dr == 0 || df.abs() == dr.abs()) {
        return 0;
    }
    let (sf, sr) = (df.signum(), dr.signum());
    let mut out = 1u64 << a;
    for (sf, sr) in [(sf, sr), (-sf, -sr)] {
        let (mut f, mut r) = (file_of(a) + sf, rank_of(a) + sr);
        while (0..8).contains(&f) && (0..8).contains(&r) {
            out |= 1u64 << (8 * (7 - r) + f);
            f += sf;
            r += sr;
        }
    }
    out
}

/// Returns the attacks of `family`'s piece or line on `sq` (dispatch helper).
pub fn family_attacks(family: crate::Family, sq: u8, occupied: u64) -> u64 {
    use crate::Family::*;
    match family.geometry() {
        Rook => rook_attacks(sq, occupied),
        Bishop => bishop_attacks(sq, occupied),
        Rank => rank_attacks(sq, occupied),
        File => file_attacks(sq, occupied),
        Diag => diag_attacks(sq, occupied),
        Anti => anti_attacks(sq, occupied),
        RookFixed | BishopFixed => unreachable!("geometry() is never a fixed family"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_values() {
        // a1 = 56 rook on an empty board: 14 squares.
        assert_eq!(rook_attacks(56, 0).count_ones(), 14);
        assert_eq!(bishop_attacks(27, 0).count_ones(), 13);
        assert_eq!(knight_attacks(56).count_ones(), 2);
        assert_eq!(king_attacks(36).count_ones(), 8);
        // White pawn on e2 (52) attacks d3 (43) and f3 (45).
        assert_eq!(pawn_attacks(0, 52), 1 << 43 | 1 << 45);
        assert_eq!(between(56, 63).count_ones(), 6);
        assert_eq!(line(56, 63), 0xFF00_0000_0000_0000);
        assert_eq!(between(56, 50), 0);
    }
}
