//! Static exchange evaluation: the material balance of the capture sequence one move
//! starts on its target square, walked with [`Board::attackers`].
//!
//! The swap algorithm follows the chessprogramming wiki page "SEE - The Swap
//! Algorithm"; piece values are [`SEE_VALUES`].

use crate::eval::SEE_VALUES;
use crate::{Bitboard, Board, Color, Move, Piece, Role, Square};

/// Returns the material balance of the exchange `mv` starts on its target square,
/// from the mover's point of view, in centipawns (pawn 100, knight 320, bishop 330,
/// rook 500, queen 900).
///
/// Both sides recapture with their least valuable attacker and may stop whenever
/// going on would lose more; pins and checks are ignored. A promotion counts the
/// promoted piece's gain and puts that piece on the square.
///
/// # Examples
/// ```
/// use wingtip::search::see;
/// use wingtip::Board;
///
/// // Rook takes a pawn defended by a pawn: +100 - 500, then the second rook
/// // retakes the pawn for +100.
/// let board = Board::from_fen("4k3/8/2p5/3p4/8/8/3R4/3RK3 w - - 0 1").unwrap();
/// let mv = board.parse_uci_move("d2d5").unwrap();
/// assert_eq!(see(&board, mv), 100 - 500 + 100);
/// ```
pub fn see(board: &Board, mv: Move) -> i32 {
    let to = mv.target();
    let from = mv.source();
    let mut occupied = board.occupied().without(from);
    let mut gain = [0i32; 33];
    gain[0] = if mv.is_en_passant() {
        let captured = Square::from_index_masked(match board.side_to_move() {
            Color::White => to.index() as u32 + 8,
            Color::Black => to.index() as u32 - 8,
        });
        occupied = occupied.without(captured);
        SEE_VALUES[Role::Pawn.index()]
    } else {
        victim(board, mv)
    };
    let mut on_square = SEE_VALUES[mv.piece().role().index()];
    if let Some(p) = mv.promoted() {
        gain[0] += SEE_VALUES[p.role().index()] - SEE_VALUES[Role::Pawn.index()];
        on_square = SEE_VALUES[p.role().index()];
    }
    let mut side = !board.side_to_move();
    let mut d = 0;
    // Pieces that left `occupied` (captured or moved) are off the board for the
    // exchange, but `attackers` still finds them: mask them out.
    while let Some((sq, role)) =
        least_valuable(board, board.attackers(to, side, occupied) & occupied, side)
    {
        d += 1;
        if d >= gain.len() {
            d -= 1;
            break;
        }
        gain[d] = on_square - gain[d - 1];
        on_square = SEE_VALUES[role.index()];
        occupied = occupied.without(sq);
        side = !side;
    }
    // Each side may stop capturing when continuing loses more.
    while d > 0 {
        gain[d - 1] = -(-gain[d - 1]).max(gain[d]);
        d -= 1;
    }
    gain[0]
}

/// The value of what `mv` takes on its target square, as [`see`] counts it: the
/// piece there (for castling, encoded as the king taking its own rook, that rook), a
/// pawn en passant, 0 for a quiet move.
#[inline]
fn victim(board: &Board, mv: Move) -> i32 {
    if mv.is_en_passant() {
        SEE_VALUES[Role::Pawn.index()]
    } else if mv.is_capture() || mv.is_castling() {
        board
            .piece_on(mv.target())
            .map_or(0, |p| SEE_VALUES[p.role().index()])
    } else {
        0
    }
}

/// Returns whether [`see`] of `mv` is at least `threshold`, without walking the
/// exchange when its bounds decide (see [`see_of_victim_at_least`]). Exactly
/// `see(board, mv) >= threshold`.
#[inline]
pub(crate) fn see_at_least(board: &Board, mv: Move, threshold: i32) -> bool {
    see_of_victim_at_least(board, mv, victim(board, mv), threshold)
}

/// Like [`see_at_least`], for a caller that knows the value of the piece `mv`
/// captures (`victim`, in [`SEE_VALUES`] units; 0 when it captures nothing). A
/// move that is not a promotion gains at most its victim (the opponent may not
/// recapture) and at least its victim less the mover (the mover's side may stop
/// after the first recapture); only between those bounds is the exchange walked.
#[inline]
pub(crate) fn see_of_victim_at_least(board: &Board, mv: Move, victim: i32, threshold: i32) -> bool {
    if mv.promoted().is_none() {
        if victim < threshold {
            return false;
        }
        if victim - SEE_VALUES[mv.piece().role().index()] >= threshold {
            return true;
        }
    }
    see(board, mv) >= threshold
}

/// Returns the square and role of `side`'s least valuable piece in `attackers`.
fn least_valuable(board: &Board, attackers: Bitboard, side: Color) -> Option<(Square, Role)> {
    Role::ALL.into_iter().find_map(|role| {
        (attackers & board.pieces(Piece::new(side, role)))
            .first()
            .map(|sq| (sq, role))
    })
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;

    fn see_of(fen: &str, uci: &str) -> i32 {
        let board = Board::from_fen(fen).unwrap();
        let mv = board.parse_uci_move(uci).unwrap();
        see(&board, mv)
    }

    #[test]
    fn undefended_and_defended_captures() {
        // A free pawn.
        assert_eq!(see_of("4k3/8/8/3p4/8/8/3R4/4K3 w - - 0 1", "d2d5"), 100);
        // Rook takes a pawn defended by a pawn: the rook is lost for a pawn.
        assert_eq!(
            see_of("4k3/8/2p5/3p4/8/8/3R4/4K3 w - - 0 1", "d2d5"),
            100 - 500
        );
        // A second rook behind the first (an x-ray) recaptures the pawn.
        assert_eq!(
            see_of("4k3/8/2p5/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5"),
            100 - 500 + 100
        );
    }

    #[test]
    fn a_side_stops_when_going_on_loses() {
        // Pawn takes a knight, a pawn retakes: 320 - 100.
        assert_eq!(
            see_of("4k3/8/4p3/3n4/4P3/8/8/4K3 w - - 0 1", "e4d5"),
            320 - 100
        );
        // Queen takes a pawn a knight defends: the knight retakes.
        assert_eq!(
            see_of("4k3/4n3/8/3p4/8/8/8/3QK3 w - - 0 1", "d1d5"),
            100 - 900
        );
        // Knight takes a pawn the rook d8 defends; Rxd5 would lose the rook to the
        // queen on d1, so black does not retake.
        assert_eq!(see_of("3rk3/8/8/3p4/8/2N5/8/3QK3 w - - 0 1", "c3d5"), 100);
        // Without the queen behind, black retakes the knight.
        assert_eq!(
            see_of("3rk3/8/8/3p4/8/2N5/8/4K3 w - - 0 1", "c3d5"),
            100 - 320
        );
    }

    #[test]
    fn a_quiet_move_to_an_attacked_square_loses_the_piece() {
        // Knight to a square a pawn guards.
        assert_eq!(see_of("4k3/8/2p5/8/8/2N5/8/4K3 w - - 0 1", "c3d5"), -320);
        // ...and to a safe square.
        assert_eq!(see_of("4k3/8/8/8/8/2N5/8/4K3 w - - 0 1", "c3d5"), 0);
    }

    #[test]
    fn en_passant_and_promotion() {
        // En passant wins a pawn; the captured pawn leaves the square behind.
        assert_eq!(see_of("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"), 100);
        // Promotion to a queen on an undefended square: 900 - 100 gained.
        assert_eq!(see_of("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8q"), 800);
        // The new queen is taken by the rook on b8.
        assert_eq!(
            see_of("1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8q"),
            800 - 900
        );
    }

    #[test]
    fn the_bounded_test_agrees_with_the_full_exchange() {
        // Every legal move of positions rich in exchanges and of their children,
        // against thresholds around the bounds.
        let roots = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r1bq1rk1/pp2bppp/2n1pn2/2pp4/2PP4/2NBPN2/PP3PPP/R1BQ1RK1 w - - 0 8",
            "1r2k3/P1p5/3p4/2nPp3/4P1b1/2N2q2/5PPP/3RQRK1 w - e6 0 1",
            "4k3/8/2p5/3p4/8/8/3R4/3RK3 w - - 0 1",
            "r2q1rk1/1P3ppp/2n2n2/3pp3/3PP3/2N2N2/5PPP/R2Q1RK1 w - - 0 12",
        ];
        let thresholds = [
            -1_000, -500, -320, -200, -100, -60, -1, 0, 1, 100, 220, 330, 900,
        ];
        let mut checked = 0;
        for fen in roots {
            let root = Board::from_fen(fen).unwrap();
            let mut boards = std::vec![root];
            for mv in root.legal_moves().iter() {
                let mut child = root;
                child.make_move(*mv);
                boards.push(child);
            }
            for board in boards {
                for mv in board.legal_moves().iter() {
                    let full = see(&board, *mv);
                    for t in thresholds {
                        assert_eq!(
                            see_at_least(&board, *mv, t),
                            full >= t,
                            "{mv} in {fen}, {t}"
                        );
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 10_000, "{checked}");
    }

    fn set(squares: &[Square]) -> Bitboard {
        squares.iter().fold(Bitboard::EMPTY, |b, &sq| b.with(sq))
    }

    #[test]
    fn attackers_covers_every_piece_kind_of_both_colors() {
        // d4 holds a white knight. It is attacked by the white pawn e3 and knight
        // b3, the black pawn c5, rook d8 and queen h4; the black bishop a7 stands
        // behind the pawn on c5 and the kings are far away.
        let board = Board::from_fen("3r2k1/b7/8/2p5/3N3q/1N2P3/8/6K1 w - - 0 1").unwrap();
        let occupied = board.occupied();
        let white = set(&[Square::E3, Square::B3]);
        let black = set(&[Square::C5, Square::D8, Square::H4]);
        assert_eq!(board.attackers(Square::D4, Color::White, occupied), white);
        assert_eq!(board.attackers(Square::D4, Color::Black, occupied), black);
        // Without c5 in the occupancy the bishop sees through it (the pawn itself
        // is still on the board, hence the mask in `see`).
        let xray = board.attackers(Square::D4, Color::Black, occupied.without(Square::C5));
        assert_eq!(xray, black.with(Square::A7));
    }
}
