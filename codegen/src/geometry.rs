//! Square names and coordinates in wingtip's numbering (a8 = 0 … h1 = 63).

/// Returns the file (0 = a … 7 = h) of square `sq`.
pub const fn file_of(sq: u8) -> i8 {
    (sq % 8) as i8
}

/// Returns the rank (0 = rank 1 … 7 = rank 8) of square `sq`.
pub const fn rank_of(sq: u8) -> i8 {
    7 - (sq / 8) as i8
}

/// Returns the square at `file`, `rank` (both 0-based, rank 0 = rank 1), or `None`
/// when either is off the board.
pub const fn square_at(file: i8, rank: i8) -> Option<u8> {
    if file < 0 || file > 7 || rank < 0 || rank > 7 {
        None
    } else {
        Some((8 * (7 - rank) + file) as u8)
    }
}

/// Returns the canonical name of a square (`"a8"`, …, `"h1"`).
pub fn square_name(sq: u8) -> String {
    let f = (b'a' + (sq % 8)) as char;
    let r = (b'1' + rank_of(sq) as u8) as char;
    format!("{f}{r}")
}

/// Parses a square name (`"e4"`); `None` when it is not one.
pub fn parse_square(s: &str) -> Option<u8> {
    let b = s.as_bytes();
    if b.len() != 2 || !(b'a'..=b'h').contains(&b[0]) || !(b'1'..=b'8').contains(&b[1]) {
        return None;
    }
    square_at((b[0] - b'a') as i8, (b[1] - b'1') as i8)
}

/// Enumerates every subset of `mask` (carry-rippler), starting with the empty set.
pub fn subsets(mask: u64) -> impl Iterator<Item = u64> {
    let mut next = Some(0u64);
    core::iter::from_fn(move || {
        let cur = next?;
        let n = cur.wrapping_sub(mask) & mask;
        next = if n == 0 { None } else { Some(n) };
        Some(cur)
    })
}

/// Software parallel bit extract: gathers the bits of `value` selected by `mask`
/// into the low bits, in increasing square order.
pub fn pext(value: u64, mut mask: u64) -> u64 {
    let mut out = 0;
    let mut bit = 0;
    while mask != 0 {
        let low = mask & mask.wrapping_neg();
        if value & low != 0 {
            out |= 1 << bit;
        }
        bit += 1;
        mask &= mask - 1;
    }
    out
}

/// Software parallel bit deposit, the inverse of [`pext`].
pub fn pdep(value: u64, mut mask: u64) -> u64 {
    let mut out = 0;
    let mut bit = 0;
    while mask != 0 {
        let low = mask & mask.wrapping_neg();
        if value >> bit & 1 != 0 {
            out |= low;
        }
        bit += 1;
        mask &= mask - 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for sq in 0..64u8 {
            assert_eq!(parse_square(&square_name(sq)), Some(sq));
        }
        assert_eq!(square_name(0), "a8");
        assert_eq!(square_name(63), "h1");
        assert_eq!(parse_square("i1"), None);
        assert_eq!(parse_square("a9"), None);
        assert_eq!(parse_square(""), None);
    }

    #[test]
    fn subsets_count_and_pext_pdep() {
        let mask = 0x0000_1010_0E00_1000u64;
        let all: Vec<u64> = subsets(mask).collect();
        assert_eq!(all.len(), 1 << mask.count_ones());
        for o in all {
            assert_eq!(pdep(pext(o, mask), mask), o);
        }
    }
}
