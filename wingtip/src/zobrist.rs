//! Zobrist hashing: the from-scratch key that [`Board::hash`](crate::Board::hash)
//! must always equal.
//!
//! The keys are the static tables in [`crate::tables`] (`ZOBRIST_*`), drawn at build
//! time from a fixed seed, so a position's key is the same in every build and on
//! every target. The board keeps its key up to date move by move and computes it
//! from scratch (this function) when set up and, in debug builds, after every move.

use crate::Board;

/// Returns the Zobrist key of `board` computed from scratch: the XOR of the key of
/// every piece on its square, of the castling rights, of the en-passant file (when
/// there is an en-passant square) and of the side key when black is to move.
///
/// # Examples
/// ```
/// use wingtip::{zobrist, Board};
/// let mut board = Board::startpos();
/// board.make_move(board.parse_uci_move("g1f3").unwrap());
/// assert_eq!(zobrist::hash_of(&board), board.hash());
/// ```
pub fn hash_of(board: &Board) -> u64 {
    board.compute_hash()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn startpos_hash_is_pinned() {
        // Changing the keys or the formula is a breaking change: update deliberately.
        assert_eq!(Board::startpos().hash(), hash_of(&Board::startpos()));
        assert_eq!(Board::startpos().hash(), STARTPOS_HASH);
    }

    const STARTPOS_HASH: u64 = 0x65a6_d28b_3bf4_fb85;
}
