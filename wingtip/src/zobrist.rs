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
        use crate::tables::{ZOBRIST_CASTLING, ZOBRIST_PIECE};
        // The definition worked by hand for the start position, pieces listed square
        // by square (a8 = 0 … h1 = 63; piece order P N B R Q K p n b r q k): all
        // four castling rights, no en-passant square, White to move (no side key).
        const BACK_RANK: [usize; 8] = [3, 1, 2, 4, 5, 2, 1, 3]; // R N B Q K B N R
        let mut expected = ZOBRIST_CASTLING[0b1111];
        for (file, &piece) in BACK_RANK.iter().enumerate() {
            expected ^= ZOBRIST_PIECE[6 + piece][file]; // black, rank 8
            expected ^= ZOBRIST_PIECE[6][8 + file]; // black pawns, rank 7
            expected ^= ZOBRIST_PIECE[0][48 + file]; // white pawns, rank 2
            expected ^= ZOBRIST_PIECE[piece][56 + file]; // white, rank 1
        }
        assert_eq!(hash_of(&Board::startpos()), expected);
        assert_eq!(Board::startpos().hash(), expected);
        // Changing the keys or the formula is a breaking change: update deliberately.
        assert_eq!(Board::startpos().hash(), STARTPOS_HASH);
    }

    const STARTPOS_HASH: u64 = 0x65a6_d28b_3bf4_fb85;
}
