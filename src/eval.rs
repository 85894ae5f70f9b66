//! Static evaluation: tapered material and piece-square tables, mobility, pawn
//! structure and king safety, in centipawns from the side to move's point of view.
//!
//! The material values and piece-square tables are PeSTO's, published by Ronald
//! Friederich (rofChade author) and reproduced on the chessprogramming wiki page
//! "PeSTO's Evaluation Function" (values tuned with the Texel method). They are
//! laid out a8 … h1 from White's side, which is exactly wingtip's square order, so a
//! white piece on `sq` reads entry `sq` and a black piece reads `sq ^ 56`.
//!
//! The other terms (mobility, doubled/isolated/passed pawns, pawn shield, king-zone
//! attacks, bishop pair, rooks on open files, tempo) are wingtip's own, hand-set
//! round numbers, not tuned.
//!
//! # Examples
//! ```
//! use wingtip::{eval, Board};
//! let start = Board::startpos();
//! // The start position is symmetric: only the tempo bonus remains.
//! assert_eq!(eval::evaluate(&start), eval::TEMPO);
//! let up_a_queen = Board::from_fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1").unwrap();
//! assert!(eval::evaluate(&up_a_queen) > 800);
//! ```

use crate::attacks::{bishop_attacks, king_attacks, knight_attacks, queen_attacks, rook_attacks};
use crate::{Bitboard, Board, Color, Piece, Role, Square};

/// Material values used for move ordering and exchange evaluation, pawn … king.
pub const SEE_VALUES: [i32; 6] = [100, 320, 330, 500, 900, 20_000];

/// The bonus for the side to move, in centipawns.
pub const TEMPO: i32 = 10;

/// PeSTO middlegame material, pawn … king.
const MG_VALUE: [i32; 6] = [82, 337, 365, 477, 1025, 0];
/// PeSTO endgame material, pawn … king.
const EG_VALUE: [i32; 6] = [94, 281, 297, 512, 936, 0];
/// Game-phase weight per role; the sum is 24 at the start.
const PHASE: [i32; 6] = [0, 1, 1, 2, 4, 0];

/// PeSTO middlegame piece-square tables, pawn … king, a8 … h1 for White.
#[rustfmt::skip]
static MG_PST: [[i16; 64]; 6] = [
    [
          0,   0,   0,   0,   0,   0,  0,   0,
         98, 134,  61,  95,  68, 126, 34, -11,
         -6,   7,  26,  31,  65,  56, 25, -20,
        -14,  13,   6,  21,  23,  12, 17, -23,
        -27,  -2,  -5,  12,  17,   6, 10, -25,
        -26,  -4,  -4, -10,   3,   3, 33, -12,
        -35,  -1, -20, -23, -15,  24, 38, -22,
          0,   0,   0,   0,   0,   0,  0,   0,
    ],
    [
        -167, -89, -34, -49,  61, -97, -15, -107,
         -73, -41,  72,  36,  23,  62,   7,  -17,
         -47,  60,  37,  65,  84, 129,  73,   44,
          -9,  17,  19,  53,  37,  69,  18,   22,
         -13,   4,  16,  13,  28,  19,  21,   -8,
         -23,  -9,  12,  10,  19,  17,  25,  -16,
         -29, -53, -12,  -3,  -1,  18, -14,  -19,
        -105, -21, -58, -33, -17, -28, -19,  -23,
    ],
    [
        -29,   4, -82, -37, -25, -42,   7,  -8,
        -26,  16, -18, -13,  30,  59,  18, -47,
        -16,  37,  43,  40,  35,  50,  37,  -2,
         -4,   5,  19,  50,  37,  37,   7,  -2,
         -6,  13,  13,  26,  34,  12,  10,   4,
          0,  15,  15,  15,  14,  27,  18,  10,
          4,  15,  16,   0,   7,  21,  33,   1,
        -33,  -3, -14, -21, -13, -12, -39, -21,
    ],
    [
         32,  42,  32,  51, 63,  9,  31,  43,
         27,  32,  58,  62, 80, 67,  26,  44,
         -5,  19,  26,  36, 17, 45,  61,  16,
        -24, -11,   7,  26, 24, 35,  -8, -20,
        -36, -26, -12,  -1,  9, -7,   6, -23,
        -45, -25, -16, -17,  3,  0,  -5, -33,
        -44, -16, -20,  -9, -1, 11,  -6, -71,
        -19, -13,   1,  17, 16,  7, -37, -26,
    ],
    [
        -28,   0,  29,  12,  59,  44,  43,  45,
        -24, -39,  -5,   1, -16,  57,  28,  54,
        -13, -17,   7,   8,  29,  56,  47,  57,
        -27, -27, -16, -16,  -1,  17,  -2,   1,
         -9, -26,  -9, -10,  -2,  -4,   3,  -3,
        -14,   2, -11,  -2,  -5,   2,  14,   5,
        -35,  -8,  11,   2,   8,  15,  -3,   1,
         -1, -18,  -9,  10, -15, -25, -31, -50,
    ],
    [
        -65,  23,  16, -15, -56, -34,   2,  13,
         29,  -1, -20,  -7,  -8,  -4, -38, -29,
         -9,  24,   2, -16, -20,   6,  22, -22,
        -17, -20, -12, -27, -30, -25, -14, -36,
        -49,  -1, -27, -39, -46, -44, -33, -51,
        -14, -14, -22, -46, -44, -30, -15, -27,
          1,   7,  -8, -64, -43, -16,   9,   8,
        -15,  36,  12, -54,   8, -28,  24,  14,
    ],
];

/// PeSTO endgame piece-square tables, pawn … king, a8 … h1 for White.
#[rustfmt::skip]
static EG_PST: [[i16; 64]; 6] = [
    [
          0,   0,   0,   0,   0,   0,   0,   0,
        178, 173, 158, 134, 147, 132, 165, 187,
         94, 100,  85,  67,  56,  53,  82,  84,
         32,  24,  13,   5,  -2,   4,  17,  17,
         13,   9,  -3,  -7,  -7,  -8,   3,  -1,
          4,   7,  -6,   1,   0,  -5,  -1,  -8,
         13,   8,   8,  10,  13,   0,   2,  -7,
          0,   0,   0,   0,   0,   0,   0,   0,
    ],
    [
        -58, -38, -13, -28, -31, -27, -63, -99,
        -25,  -8, -25,  -2,  -9, -25, -24, -52,
        -24, -20,  10,   9,  -1,  -9, -19, -41,
        -17,   3,  22,  22,  22,  11,   8, -18,
        -18,  -6,  16,  25,  16,  17,   4, -18,
        -23,  -3,  -1,  15,  10,  -3, -20, -22,
        -42, -20, -10,  -5,  -2, -20, -23, -44,
        -29, -51, -23, -15, -22, -18, -50, -64,
    ],
    [
        -14, -21, -11,  -8, -7,  -9, -17, -24,
         -8,  -4,   7, -12, -3, -13,  -4, -14,
          2,  -8,   0,  -1, -2,   6,   0,   4,
         -3,   9,  12,   9, 14,  10,   3,   2,
         -6,   3,  13,  19,  7,  10,  -3,  -9,
        -12,  -3,   8,  10, 13,   3,  -7, -15,
        -14, -18,  -7,  -1,  4,  -9, -15, -27,
        -23,  -9, -23,  -5, -9, -16,  -5, -17,
    ],
    [
        13, 10, 18, 15, 12,  12,   8,   5,
        11, 13, 13, 11, -3,   3,   8,   3,
         7,  7,  7,  5,  4,  -3,  -5,  -3,
         4,  3, 13,  1,  2,   1,  -1,   2,
         3,  5,  8,  4, -5,  -6,  -8, -11,
        -4,  0, -5, -1, -7, -12,  -8, -16,
        -6, -6,  0,  2, -9,  -9, -11,  -3,
        -9,  2,  3, -1, -5, -13,   4, -20,
    ],
    [
         -9,  22,  22,  27,  27,  19,  10,  20,
        -17,  20,  32,  41,  58,  25,  30,   0,
        -20,   6,   9,  49,  47,  35,  19,   9,
          3,  22,  24,  45,  57,  40,  57,  36,
        -18,  28,  19,  47,  31,  34,  39,  23,
        -16, -27,  15,   6,   9,  17,  10,   5,
        -22, -23, -30, -16, -16, -23, -36, -32,
        -33, -28, -22, -43,  -5, -32, -20, -41,
    ],
    [
        -74, -35, -18, -18, -11,  15,   4, -17,
        -12,  17,  14,  17,  17,  38,  23,  11,
         10,  17,  23,  15,  20,  45,  44,  13,
         -8,  22,  24,  27,  26,  33,  26,   3,
        -18,  -4,  21,  24,  27,  23,   9, -11,
        -19,  -3,  11,  21,  23,  16,   7,  -9,
        -27, -11,   4,  13,  14,   4,  -5, -17,
        -53, -34, -21, -11, -28, -14, -24, -43,
    ],
];

// wingtip's own terms: (middlegame, endgame) pairs in centipawns.
/// Per attacked square not held by an own piece nor an enemy pawn; knight … queen.
const MOBILITY: [(i32, i32); 4] = [(4, 4), (5, 5), (2, 4), (1, 2)];
/// Typical mobility counts subtracted so a piece's average bonus is zero.
const MOBILITY_BASE: [i32; 4] = [4, 6, 6, 12];
const DOUBLED: (i32, i32) = (-10, -20);
const ISOLATED: (i32, i32) = (-10, -12);
/// Passed-pawn bonus by rank counted from the pawn's own side (index 1 = start rank).
const PASSED_MG: [i32; 8] = [0, 0, 5, 10, 20, 35, 60, 0];
const PASSED_EG: [i32; 8] = [0, 5, 10, 20, 35, 60, 100, 0];
const BISHOP_PAIR: (i32, i32) = (30, 50);
const ROOK_OPEN: i32 = 20;
const ROOK_SEMI_OPEN: i32 = 10;
/// Middlegame bonus per own pawn in front of a castled-side king.
const SHIELD: i32 = 12;
/// The largest king-zone pressure bonus.
const KING_PRESSURE_MAX: i32 = 400;
/// King-zone attack weight per attacking piece, knight … queen.
const ZONE_WEIGHT: [i32; 4] = [2, 2, 3, 5];

/// Returns the squares strictly in front of `sq` (towards the enemy) for `color`.
#[inline(always)]
fn front_ranks(color: Color, sq: Square) -> u64 {
    let row = sq.index() as u32 >> 3; // 0 = rank 8
    match color {
        Color::White => (1u64 << (row * 8)) - 1,
        Color::Black => {
            if row == 7 {
                0
            } else {
                !0u64 << ((row + 1) * 8)
            }
        }
    }
}

/// The squares of `file` (0 = a) as a raw set.
#[inline(always)]
fn file_set(file: usize) -> u64 {
    Bitboard::FILE_A.0 << file
}

/// The files next to `file` (0 = a) as a raw set.
#[inline(always)]
fn adjacent_files(file: usize) -> u64 {
    let f = Bitboard(file_set(file));
    f.west().0 | f.east().0
}

/// Returns the static evaluation of `board` in centipawns, positive when the side to
/// move stands better.
///
/// # Examples
/// ```
/// use wingtip::{eval, Board};
/// let white_up_rook = Board::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
/// let black_to_move = Board::from_fen("4k3/8/8/8/8/8/8/R3K3 b - - 0 1").unwrap();
/// assert!(eval::evaluate(&white_up_rook) > 400);
/// assert!(eval::evaluate(&black_to_move) < -400);
/// ```
pub fn evaluate(board: &Board) -> i32 {
    let mut mg = [0i32; 2];
    let mut eg = [0i32; 2];
    let mut phase = 0;
    let occupied = board.occupied().0;
    let pawns = [
        board.pieces(Piece::WhitePawn).0,
        board.pieces(Piece::BlackPawn).0,
    ];
    let pawn_attacks = [
        Bitboard(pawns[0]).pawn_attacks(Color::White).0,
        Bitboard(pawns[1]).pawn_attacks(Color::Black).0,
    ];
    let kings = [
        board.king_square(Color::White),
        board.king_square(Color::Black),
    ];
    let zones = [
        king_attacks(kings[0]).0 | 1u64 << kings[0].index(),
        king_attacks(kings[1]).0 | 1u64 << kings[1].index(),
    ];

    for color in Color::ALL {
        let us = color.index();
        let them = 1 - us;
        let own = board.occupancy(color).0;
        let mut zone_pressure = 0;
        let mut zone_attackers = 0;
        for role in Role::ALL {
            let r = role.index();
            let piece = Piece::new(color, role);
            for sq in board.pieces(piece) {
                let i = if us == 0 { sq.index() } else { sq.index() ^ 56 };
                mg[us] += MG_VALUE[r] + MG_PST[r][i] as i32;
                eg[us] += EG_VALUE[r] + EG_PST[r][i] as i32;
                phase += PHASE[r];
                let attacks = match role {
                    Role::Knight => knight_attacks(sq).0,
                    Role::Bishop => bishop_attacks(sq, Bitboard(occupied)).0,
                    Role::Rook => rook_attacks(sq, Bitboard(occupied)).0,
                    Role::Queen => queen_attacks(sq, Bitboard(occupied)).0,
                    _ => continue,
                };
                let m = r - 1;
                let count =
                    (attacks & !own & !pawn_attacks[them]).count_ones() as i32 - MOBILITY_BASE[m];
                mg[us] += MOBILITY[m].0 * count;
                eg[us] += MOBILITY[m].1 * count;
                let hits = attacks & zones[them];
                if hits != 0 {
                    zone_attackers += 1;
                    zone_pressure += ZONE_WEIGHT[m] * hits.count_ones() as i32;
                }
                if role == Role::Rook {
                    let file = file_set(sq.index() & 7);
                    if file & (pawns[0] | pawns[1]) == 0 {
                        mg[us] += ROOK_OPEN;
                    } else if file & pawns[us] == 0 {
                        mg[us] += ROOK_SEMI_OPEN;
                    }
                }
            }
        }
        // King safety: pressure on the enemy king zone counts once two pieces join.
        if zone_attackers >= 2 {
            mg[us] += (zone_pressure * zone_pressure / 4).min(KING_PRESSURE_MAX);
        }
        if board.pieces(Piece::new(color, Role::Bishop)).len() >= 2 {
            mg[us] += BISHOP_PAIR.0;
            eg[us] += BISHOP_PAIR.1;
        }

        // Pawn structure.
        for sq in Bitboard(pawns[us]) {
            let file = sq.index() & 7;
            let front = front_ranks(color, sq);
            let span = file_set(file) | adjacent_files(file);
            if pawns[us] & adjacent_files(file) == 0 {
                mg[us] += ISOLATED.0;
                eg[us] += ISOLATED.1;
            }
            if pawns[us] & file_set(file) & front != 0 {
                mg[us] += DOUBLED.0;
                eg[us] += DOUBLED.1;
            }
            if pawns[them] & span & front == 0 {
                let row = sq.index() >> 3;
                let rank = if us == 0 { 7 - row } else { row };
                mg[us] += PASSED_MG[rank];
                eg[us] += PASSED_EG[rank];
            }
        }

        // Pawn shield in front of a king on its first two ranks.
        let ksq = kings[us];
        let row = ksq.index() >> 3;
        let home = if us == 0 { row >= 6 } else { row <= 1 };
        if home {
            let file = ksq.index() & 7;
            let files = file_set(file) | adjacent_files(file);
            let near = front_ranks(color, ksq) & !front_ranks(color, shift_rows(color, ksq, 2));
            mg[us] += SHIELD * (pawns[us] & files & near).count_ones() as i32;
        }
    }

    let phase = phase.min(24);
    let mg_score = mg[0] - mg[1];
    let eg_score = eg[0] - eg[1];
    let white = (mg_score * phase + eg_score * (24 - phase)) / 24;
    match board.side_to_move() {
        Color::White => white + TEMPO,
        Color::Black => -white + TEMPO,
    }
}

/// Returns the square `rows` ranks in front of `sq` for `color`, clamped to the board.
fn shift_rows(color: Color, sq: Square, rows: i8) -> Square {
    let dr = if color == Color::White { rows } else { -rows };
    let mut r = dr;
    loop {
        if let Some(s) = sq.offset(0, r) {
            return s;
        }
        r -= r.signum();
        if r == 0 {
            return sq;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval_fen(fen: &str) -> i32 {
        evaluate(&Board::from_fen(fen).unwrap())
    }

    #[test]
    fn mirrored_positions_evaluate_equally() {
        let pairs = [
            (
                "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
                "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR b KQkq - 2 3",
            ),
            (
                "4k3/pp3ppp/8/3P4/8/8/5PPP/4K3 w - - 0 1",
                "4k3/5ppp/8/8/3p4/8/PP3PPP/4K3 b - - 0 1",
            ),
        ];
        for (a, b) in pairs {
            assert_eq!(eval_fen(a), eval_fen(b), "{a} vs {b}");
        }
    }

    #[test]
    fn passed_pawn_is_worth_more_when_advanced() {
        let far = eval_fen("4k3/8/8/8/8/8/P7/4K3 w - - 0 1");
        let near = eval_fen("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
        assert!(near > far + 100, "{near} vs {far}");
    }

    #[test]
    fn front_ranks_cover_the_right_rows() {
        assert_eq!(front_ranks(Color::White, Square::A8), 0);
        assert_eq!(front_ranks(Color::Black, Square::A1), 0);
        assert_eq!(front_ranks(Color::White, Square::A7), 0xff);
        assert_eq!(front_ranks(Color::Black, Square::H2), 0xff << 56);
    }
}
