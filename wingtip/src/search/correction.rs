//! Correction history: the static evaluation's recent error, learnt during the
//! search and added back to the evaluation of positions that share a feature.
//!
//! Where a node's search settles on a score the raw static evaluation missed, the
//! difference is averaged (exponentially, weighted by depth) into a slot keyed by
//! the side to move and the position's pawn structure. A later position with the
//! same pawns gets its slot's value added to its evaluation, so the pruning
//! decisions that read the static evaluation err less. The idea is common to
//! today's engines (the chessprogramming wiki's "Static Evaluation Correction
//! History"; Stockfish, Ethereal and others); the keys, sizes and weights here are
//! this engine's own.

use super::MATE_BOUND;
use crate::{Board, Color, Piece, Role};

/// Pawn-structure slots per side to move.
const PAWN_SLOTS: usize = 2048;
/// Correction units per centipawn.
const GRAIN: i32 = 256;
/// The largest correction of one slot, in correction units (±64 cp).
const MAX: i32 = 64 * GRAIN;

/// The correction-history table: 8 KiB.
#[derive(Clone)]
pub(super) struct Correction {
    /// `[side to move][pawn slot]`.
    pawn: [[i16; PAWN_SLOTS]; 2],
}

impl Correction {
    /// Returns tables that correct nothing.
    pub(super) const fn new() -> Correction {
        Correction {
            pawn: [[0; PAWN_SLOTS]; 2],
        }
    }

    /// Forgets everything.
    pub(super) fn clear(&mut self) {
        *self = Correction::new();
    }

    /// Returns the static evaluation `raw` of `board` plus its correction, kept
    /// below the mate scores.
    #[inline]
    pub(super) fn corrected(&self, board: &Board, raw: i32) -> i32 {
        let side = board.side_to_move().index();
        let c = self.pawn[side][pawn_slot(board)] as i32 / GRAIN;
        (raw + c).clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
    }

    /// Moves `board`'s slot towards `error` (the search's score less the raw static
    /// evaluation), by a weight that grows with `depth`.
    pub(super) fn update(&mut self, board: &Board, depth: i32, error: i32) {
        let side = board.side_to_move().index();
        let weight = (depth + 1).min(16);
        let target = (error * GRAIN).clamp(-MAX, MAX);
        let h = &mut self.pawn[side][pawn_slot(board)];
        let v = (*h as i32 * (256 - weight) + target * weight) / 256;
        *h = v.clamp(-MAX, MAX) as i16;
    }
}

/// Returns the slot of `board`'s pawn structure: the top bits of the pawn sets'
/// products with odd constants (a product's top bits depend on every bit of the
/// set).
fn pawn_slot(board: &Board) -> usize {
    let white = board.pieces(Piece::new(Color::White, Role::Pawn)).0;
    let black = board.pieces(Piece::new(Color::Black, Role::Pawn)).0;
    let key = white.wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ black.wrapping_mul(0xC2B2_AE3D_27D4_EB4F).rotate_left(29);
    (key >> (64 - PAWN_SLOTS.trailing_zeros())) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    /// The start position with White's knight on f3: the same pawns.
    const KNIGHT: &str = "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 0 1";
    /// The same pieces as `START` with White's e-pawn on e4: other pawns.
    const E4: &str = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1";

    fn board(fen: &str) -> Board {
        Board::from_fen(fen).unwrap()
    }

    #[test]
    fn a_learnt_error_corrects_positions_with_the_same_pawns_and_side() {
        let mut c = Correction::new();
        let (start, knight, e4) = (board(START), board(KNIGHT), board(E4));
        assert_ne!(
            pawn_slot(&start),
            pawn_slot(&e4),
            "the test needs two slots"
        );
        assert_eq!(c.corrected(&start, 10), 10, "nothing learnt yet");
        for _ in 0..200 {
            c.update(&start, 15, 40);
        }
        // The average converges to the error: within a centipawn of it.
        let learnt = c.corrected(&start, 10) - 10;
        assert!((39..=40).contains(&learnt), "{learnt}");
        assert_eq!(c.corrected(&knight, 10) - 10, learnt, "same pawns");
        assert_eq!(c.corrected(&e4, 10), 10, "other pawns");
        let black = board("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1");
        assert_eq!(c.corrected(&black, 10), 10, "the other side to move");
        c.clear();
        assert_eq!(c.corrected(&start, 10), 10);
    }

    #[test]
    fn deeper_searches_weigh_more_and_corrections_stay_bounded() {
        let start = board(START);
        let once = |depth| {
            let mut c = Correction::new();
            c.update(&start, depth, 1_000);
            c.pawn[0][pawn_slot(&start)]
        };
        assert!(once(1) < once(8) && once(8) < once(15));
        assert_eq!(once(15), once(40), "the weight stops growing");
        let mut c = Correction::new();
        for _ in 0..1_000 {
            c.update(&start, 20, 5_000);
        }
        // The average approaches the 64 cp cap from below (integer rounding).
        let top = c.corrected(&start, 0);
        assert!((63..=64).contains(&top), "{top}");
        let near_mate = MATE_BOUND - 10;
        assert_eq!(
            c.corrected(&start, near_mate),
            MATE_BOUND - 1,
            "no mate score"
        );
        for _ in 0..1_000 {
            c.update(&start, 20, -5_000);
        }
        let bottom = c.corrected(&start, 0);
        assert!((-64..=-63).contains(&bottom), "{bottom}");
    }
}
