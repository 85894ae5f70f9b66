//! Exhaustive cross-check: every backend, every square, every subset of every mask,
//! against `wingtip_codegen::reference` (ray walks; the classical backend computes
//! at run time, so it checks that reference in turn), and every leaper, `BETWEEN` and
//! `LINE` entry against a brute-force reference written in this file (codegen's
//! reference is what builds those tables, so it cannot check them).

use wingtip::attacks::{self, classical, compact, fixed, kindergarten, plain};
use wingtip::tables;
use wingtip::{Bitboard, Color, Square};
use wingtip_codegen::geometry::subsets;
use wingtip_codegen::{reference, Family};

type Lookup = fn(Square, Bitboard) -> Bitboard;

fn backends() -> Vec<(&'static str, Lookup, Lookup)> {
    #[allow(unused_mut)]
    let mut v: Vec<(&'static str, Lookup, Lookup)> = vec![
        ("default", attacks::rook_attacks, attacks::bishop_attacks),
        ("plain", plain::rook_attacks, plain::bishop_attacks),
        ("compact", compact::rook_attacks, compact::bishop_attacks),
        ("fixed", fixed::rook_attacks, fixed::bishop_attacks),
        (
            "kindergarten",
            kindergarten::rook_attacks,
            kindergarten::bishop_attacks,
        ),
        (
            "classical",
            classical::rook_attacks,
            classical::bishop_attacks,
        ),
    ];
    #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
    v.push((
        "pext",
        attacks::pext::rook_attacks,
        attacks::pext::bishop_attacks,
    ));
    v
}

#[test]
fn sliders_match_reference_on_every_subset() {
    let mut checked = 0u64;
    for (name, rook, bishop) in backends() {
        for sq in Square::ALL {
            let s = sq.index() as u8;
            for (family, lookup) in [(Family::Rook, rook), (Family::Bishop, bishop)] {
                let mask = family.mask(s);
                // Add the squares outside the mask too: a lookup must ignore them.
                let noise = !mask & 0x9F35_20C4_7A11_E06Bu64.rotate_left(s as u32);
                for o in subsets(mask) {
                    let expected = reference::family_attacks(family, s, o);
                    assert_eq!(
                        lookup(sq, Bitboard(o | noise)).0,
                        expected,
                        "{name} {family} {sq} occ {o:#x}"
                    );
                    checked += 1;
                }
            }
        }
    }
    // Per backend: 102,400 rook + 5,248 bishop subsets.
    assert_eq!(checked, backends().len() as u64 * 107_648);
}

#[test]
fn queens_match_reference() {
    for sq in Square::ALL {
        let s = sq.index() as u8;
        let mask = Family::Rook.mask(s) | Family::Bishop.mask(s);
        // Every 7th subset of the union keeps this test fast while touching all squares.
        for o in subsets(mask).step_by(7) {
            assert_eq!(
                attacks::queen_attacks(sq, Bitboard(o)).0,
                reference::queen_attacks(s, o),
                "{sq}"
            );
            assert_eq!(
                plain::queen_attacks(sq, Bitboard(o)).0,
                reference::queen_attacks(s, o),
                "{sq}"
            );
            assert_eq!(
                compact::queen_attacks(sq, Bitboard(o)).0,
                reference::queen_attacks(s, o),
                "{sq}"
            );
            assert_eq!(
                fixed::queen_attacks(sq, Bitboard(o)).0,
                reference::queen_attacks(s, o),
                "{sq}"
            );
            assert_eq!(
                kindergarten::queen_attacks(sq, Bitboard(o)).0,
                reference::queen_attacks(s, o),
                "{sq}"
            );
            assert_eq!(
                classical::queen_attacks(sq, Bitboard(o)).0,
                reference::queen_attacks(s, o),
                "{sq}"
            );
        }
    }
}

#[test]
fn lines_match_reference_on_every_subset() {
    type Line = fn(Square, Bitboard) -> Bitboard;
    #[allow(unused_mut)]
    let mut sets: Vec<(&str, [Line; 4])> = vec![
        (
            "kindergarten",
            [
                kindergarten::rank_attacks,
                kindergarten::file_attacks,
                kindergarten::diag_attacks,
                kindergarten::anti_attacks,
            ],
        ),
        (
            "classical",
            [
                classical::rank_attacks,
                classical::file_attacks,
                classical::diag_attacks,
                classical::anti_attacks,
            ],
        ),
    ];
    #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
    sets.push((
        "pext",
        [
            attacks::pext::rank_attacks,
            attacks::pext::file_attacks,
            attacks::pext::diag_attacks,
            attacks::pext::anti_attacks,
        ],
    ));
    let families = [Family::Rank, Family::File, Family::Diag, Family::Anti];
    for (name, fns) in sets {
        for (family, f) in families.into_iter().zip(fns) {
            for sq in Square::ALL {
                let s = sq.index() as u8;
                let mask = family.mask(s);
                let noise = !mask & 0x5A5A_0FF0_3C3C_9669u64.rotate_left(s as u32);
                for o in subsets(mask) {
                    assert_eq!(
                        f(sq, Bitboard(o | noise)).0,
                        reference::family_attacks(family, s, o),
                        "{name} {family} {sq}"
                    );
                }
            }
        }
    }
}

/// `(file, rank)` of a square index (a8 = 0 … h1 = 63), file a = 0, rank 1 = 0.
fn coords(sq: usize) -> (i32, i32) {
    ((sq % 8) as i32, 7 - (sq / 8) as i32)
}

/// The set of the squares `t` (by index) for which `keep(t)` holds.
fn squares_where(keep: impl Fn(usize) -> bool) -> u64 {
    (0..64).filter(|&t| keep(t)).fold(0, |set, t| set | 1 << t)
}

/// Whether `a` and `b` are two different squares on one rank, file or diagonal.
fn aligned(a: usize, b: usize) -> bool {
    let ((fa, ra), (fb, rb)) = (coords(a), coords(b));
    let (df, dr) = (fb - fa, rb - ra);
    a != b && (df == 0 || dr == 0 || df.abs() == dr.abs())
}

/// Whether square `t` lies on the straight line through the squares `a` and `b`
/// (any direction: the cross product of `t - a` and `b - a` is zero).
fn collinear(a: usize, b: usize, t: usize) -> bool {
    let ((fa, ra), (fb, rb), (ft, rt)) = (coords(a), coords(b), coords(t));
    (ft - fa) * (rb - ra) == (rt - ra) * (fb - fa)
}

/// Every leaper and ray table entry against a brute-force reference written here,
/// square by square from the geometry (not the generator's step lists): a knight
/// attacks the squares one file and two ranks or two files and one rank away, a king
/// those at Chebyshev distance one, a pawn the two squares diagonally in front of it
/// (towards rank 8 for White); `between` is the squares strictly inside the segment
/// from `a` to `b`, `line` every square of the board on the line through both, for
/// two different squares on one rank, file or diagonal (empty otherwise).
#[test]
fn leapers_and_rays_match_brute_force_on_every_square() {
    let mut leaper_squares = [0u32; 4];
    for sq in Square::ALL {
        let s = sq.index();
        let (f, r) = coords(s);
        let knight = squares_where(|t| {
            let (tf, tr) = coords(t);
            let (df, dr) = ((tf - f).abs(), (tr - r).abs());
            (df, dr) == (1, 2) || (df, dr) == (2, 1)
        });
        let king = squares_where(|t| {
            let (tf, tr) = coords(t);
            (tf - f).abs().max((tr - r).abs()) == 1
        });
        let pawn = |forward: i32| {
            squares_where(|t| {
                let (tf, tr) = coords(t);
                (tf - f).abs() == 1 && tr - r == forward
            })
        };
        assert_eq!(attacks::knight_attacks(sq).0, knight, "knight {sq}");
        assert_eq!(tables::KNIGHT_ATTACKS[s], knight, "knight {sq}");
        assert_eq!(attacks::king_attacks(sq).0, king, "king {sq}");
        assert_eq!(tables::KING_ATTACKS[s], king, "king {sq}");
        assert_eq!(attacks::pawn_attacks(Color::White, sq).0, pawn(1), "{sq}");
        assert_eq!(attacks::pawn_attacks(Color::Black, sq).0, pawn(-1), "{sq}");
        assert_eq!(tables::PAWN_ATTACKS[0][s], pawn(1), "white pawn {sq}");
        assert_eq!(tables::PAWN_ATTACKS[1][s], pawn(-1), "black pawn {sq}");
        for (n, set) in leaper_squares
            .iter_mut()
            .zip([knight, king, pawn(1), pawn(-1)])
        {
            *n += set.count_ones();
        }
        for other in Square::ALL {
            let o = other.index();
            let (between, line) = if aligned(s, o) {
                let (fo, ro) = coords(o);
                let inside = |t: usize| {
                    // Strictly between: on the line, and each end lies on the far side
                    // of `t` from the other (both dot products positive).
                    let (ft, rt) = coords(t);
                    collinear(s, o, t)
                        && (ft - f) * (fo - f) + (rt - r) * (ro - r) > 0
                        && (ft - fo) * (f - fo) + (rt - ro) * (r - ro) > 0
                };
                (squares_where(inside), squares_where(|t| collinear(s, o, t)))
            } else {
                (0, 0)
            };
            assert_eq!(
                attacks::between(sq, other).0,
                between,
                "between {sq} {other}"
            );
            assert_eq!(tables::BETWEEN[s][o], between, "BETWEEN {sq} {other}");
            assert_eq!(attacks::line(sq, other).0, line, "line {sq} {other}");
            assert_eq!(tables::LINE[s][o], line, "LINE {sq} {other}");
        }
    }
    // The reference itself against hand-counted totals: 336 knight moves; 420 king
    // moves (4 corners × 3 + 24 edge squares × 5 + 36 inner squares × 8); 98 pawn
    // captures per colour (7 ranks with a rank in front, 6 × 2 + 2 × 1 each).
    assert_eq!(leaper_squares, [336, 420, 98, 98]);
}
