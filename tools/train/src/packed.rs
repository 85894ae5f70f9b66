//! The packed training-data format: 32 bytes a position, no header, so shards
//! concatenate and a file's length says how many positions it holds.
//!
//! In the spirit of the fixed-size records engine trainers share (marlinformat and
//! bulletformat store a board as an occupancy bitboard plus 4-bit piece codes); this
//! layout is wingtip's own and documented here and in `docs/network.md`:
//!
//! | bytes | field |
//! |---|---|
//! | 0–7 | occupancy, `u64` little-endian; bit `i` is square `i` with a1 = 0, b1 = 1, …, h8 = 63 |
//! | 8–23 | one 4-bit code per occupied square, in increasing square order, the low nibble of each byte first; code = `8 · colour + role` (colour 0 White, 1 Black; role 0 pawn, 1 knight, 2 bishop, 3 rook, 4 queen, 5 king, 6 rook with a castling right); unused nibbles 0 |
//! | 24 | bit 7: Black to move; bits 0–6: the en-passant target square (a1 = 0 …), 64 for none |
//! | 25 | halfmove clock (at most 255) |
//! | 26–27 | search score, `i16` little-endian, centipawns, White's point of view |
//! | 28 | bits 0–1: result for White (0 loss, 1 draw, 2 win); bit 7: last kept position of its game |
//! | 29–31 | game number modulo 2^24, little-endian (the training/validation split is by game) |
//!
//! The fullmove number is not kept (a decoded position has fullmove 1). Castling rights
//! are the rooks marked with role 6, so Chess960 rights survive: a king-side right is the
//! marked rook on the king's right-hand side.
//!
//! Decoding checks every field and builds the position through wingtip's FEN reader, so
//! a damaged record is an error naming what is wrong, never a wrong position.

use anyhow::{bail, Context, Result};
use std::path::Path;
use wingtip::{Board, Color, Piece, Role, Square};

use crate::data::Record;

/// Bytes per record.
pub const RECORD_BYTES: usize = 32;

/// Role code of a rook that still has a castling right.
const CASTLING_ROOK: u8 = 6;

/// One packed position and what travels with it.
#[derive(Clone, Debug, PartialEq)]
pub struct Packed {
    /// The record: position, result, score, game number (kept modulo 2^24).
    pub record: Record,
    /// Whether this is the last kept position of its game.
    pub last_of_game: bool,
}

/// The a1 = 0 index of a wingtip square (wingtip numbers a8 = 0).
fn a1_index(sq: Square) -> u32 {
    sq.index() as u32 ^ 56
}

/// Packs `record`; `last_of_game` marks the game's final kept position.
///
/// # Errors
/// A score outside `i16` or a result that is not 0, ½ or 1.
pub fn encode(record: &Record, last_of_game: bool) -> Result<[u8; RECORD_BYTES]> {
    let board = &record.board;
    let mut out = [0u8; RECORD_BYTES];
    let mut castling_rooks = 0u64;
    for right in 0..4 {
        if board.castling_rights() & 1 << right != 0 {
            if let Some(rook) = board.castling_rook(1 << right) {
                castling_rooks |= 1 << a1_index(rook);
            }
        }
    }
    let mut occupancy = 0u64;
    let mut codes = [0u8; 32];
    for sq in board.occupied() {
        occupancy |= 1 << a1_index(sq);
    }
    for (n, i) in (0..64).filter(|i| occupancy >> i & 1 != 0).enumerate() {
        let sq = Square::from_index_masked(i ^ 56);
        let piece = board.piece_on(sq).expect("an occupied square has a piece");
        let role = if piece.role() == Role::Rook && castling_rooks >> i & 1 != 0 {
            CASTLING_ROOK
        } else {
            piece.role() as u8
        };
        codes[n] = 8 * (piece.color() == Color::Black) as u8 + role;
    }
    out[..8].copy_from_slice(&occupancy.to_le_bytes());
    for (k, pair) in codes.chunks(2).enumerate() {
        out[8 + k] = pair[0] | pair[1] << 4;
    }
    let ep = board.en_passant().map_or(64, |sq| a1_index(sq) as u8);
    out[24] = ep | ((board.side_to_move() == Color::Black) as u8) << 7;
    out[25] = board.halfmove_clock().min(255) as u8;
    let score = i16::try_from(record.score)
        .with_context(|| format!("score {} does not fit 16 bits", record.score))?;
    out[26..28].copy_from_slice(&score.to_le_bytes());
    let result = match record.result {
        0.0 => 0,
        0.5 => 1,
        1.0 => 2,
        r => bail!("result {r} is not 0, 0.5 or 1"),
    };
    out[28] = result | (last_of_game as u8) << 7;
    out[29..32].copy_from_slice(&(record.game as u32 & 0xFF_FFFF).to_le_bytes()[..3]);
    Ok(out)
}

/// Unpacks one record.
///
/// # Errors
/// What is wrong with it: more than 32 pieces, an unknown piece code, bits set in
/// unused nibbles or flag bits, an en-passant square out of range, a result of 3, or a
/// position wingtip's FEN reader refuses (no king, pawns on the back rank, …).
pub fn decode(bytes: &[u8; RECORD_BYTES]) -> Result<Packed> {
    let occupancy = u64::from_le_bytes(bytes[..8].try_into().expect("8 bytes"));
    let count = occupancy.count_ones() as usize;
    if count > 32 {
        bail!("{count} occupied squares (at most 32)");
    }
    let code = |n: usize| bytes[8 + n / 2] >> (4 * (n % 2)) & 15;
    if (count..32).any(|n| code(n) != 0) {
        bail!("piece codes past the {count} occupied squares are not zero");
    }
    let mut placement = [None::<(Piece, bool)>; 64];
    for (n, i) in (0..64).filter(|i| occupancy >> i & 1 != 0).enumerate() {
        let c = code(n);
        let (color, role) = (if c >= 8 { Color::Black } else { Color::White }, c % 8);
        let (role, castling) = match role {
            0..=5 => (Role::ALL[role as usize], false),
            CASTLING_ROOK => (Role::Rook, true),
            _ => bail!("piece code {c} on square {i} is not a piece"),
        };
        placement[i] = Some((Piece::new(color, role), castling));
    }
    // The FEN of the position; castling rights as Shredder-FEN file letters.
    let mut fen = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match placement[rank * 8 + file] {
                Some((piece, _)) => {
                    if empty > 0 {
                        fen.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    fen.push(piece.to_char());
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            fen.push(char::from(b'0' + empty));
        }
        if rank > 0 {
            fen.push('/');
        }
    }
    let black = bytes[24] >> 7 != 0;
    fen.push_str(if black { " b " } else { " w " });
    let mut rights = String::new();
    for (color, rank) in [(Color::White, 0), (Color::Black, 7)] {
        for file in 0..8 {
            if let Some((piece, true)) = placement[rank * 8 + file] {
                if piece.color() != color {
                    bail!(
                        "a castling rook of the other colour on {}",
                        square_name(rank * 8 + file)
                    );
                }
                let letter = b'A' + file as u8;
                rights.push(char::from(if color == Color::White {
                    letter
                } else {
                    letter.to_ascii_lowercase()
                }));
            }
        }
    }
    if placement
        .iter()
        .enumerate()
        .any(|(i, p)| matches!(p, Some((_, true))) && (8..56).contains(&i))
    {
        bail!("a rook marked for castling off its back rank");
    }
    fen.push_str(if rights.is_empty() { "-" } else { &rights });
    let ep = bytes[24] & 127;
    match ep {
        64 => fen.push_str(" -"),
        0..=63 => {
            fen.push(' ');
            fen.push_str(&square_name(ep as usize));
        }
        _ => bail!("en-passant byte {ep} is neither a square nor 64"),
    }
    fen.push_str(&format!(" {} 1", bytes[25]));
    let board =
        Board::from_fen(&fen).map_err(|e| anyhow::anyhow!("not a valid position ({fen}): {e}"))?;
    let score = i16::from_le_bytes([bytes[26], bytes[27]]) as i32;
    if bytes[28] & 0x7C != 0 {
        bail!("result byte {:#04x} has unused bits set", bytes[28]);
    }
    let result = match bytes[28] & 3 {
        0 => 0.0,
        1 => 0.5,
        2 => 1.0,
        _ => bail!("result code 3 is not a result"),
    };
    let game = u32::from_le_bytes([bytes[29], bytes[30], bytes[31], 0]) as u64;
    Ok(Packed {
        record: Record {
            board,
            result,
            score,
            game,
        },
        last_of_game: bytes[28] >> 7 != 0,
    })
}

/// The name of an a1 = 0 square index.
fn square_name(i: usize) -> String {
    format!("{}{}", char::from(b'a' + (i % 8) as u8), i / 8 + 1)
}

/// The identity of a position in a record (board, side to move, en passant: bytes
/// 0–24), what deduplication compares.
pub fn position_key(bytes: &[u8; RECORD_BYTES]) -> [u8; 25] {
    bytes[..25].try_into().expect("25 bytes")
}

/// Reads a whole packed file and checks every record: each record's bytes with what
/// they decode to.
///
/// # Errors
/// A length that is not a multiple of 32, or the first record that does not decode,
/// with its index and byte offset.
pub fn read_checked(path: &Path) -> Result<Vec<([u8; RECORD_BYTES], Packed)>> {
    let bytes = std::fs::read(path).with_context(|| format!("{}: cannot read", path.display()))?;
    if bytes.len() % RECORD_BYTES != 0 {
        bail!(
            "{}: {} bytes is not a whole number of {RECORD_BYTES}-byte records (cut off while being written?)",
            path.display(),
            bytes.len()
        );
    }
    bytes
        .chunks_exact(RECORD_BYTES)
        .enumerate()
        .map(|(n, chunk)| {
            let raw: [u8; RECORD_BYTES] = chunk.try_into().expect("32 bytes");
            let packed = decode(&raw).with_context(|| {
                format!(
                    "{}: record {n} (byte {}): damaged",
                    path.display(),
                    n * RECORD_BYTES
                )
            })?;
            Ok((raw, packed))
        })
        .collect()
}

/// As [`read_checked`], the decoded records only.
///
/// # Errors
/// As [`read_checked`].
pub fn read_file(path: &Path) -> Result<Vec<Packed>> {
    Ok(read_checked(path)?.into_iter().map(|(_, p)| p).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(fen: &str, result: f64, score: i32, game: u64) -> Record {
        Record {
            board: Board::from_fen(fen).unwrap(),
            result,
            score,
            game,
        }
    }

    #[test]
    fn positions_round_trip() {
        for (fen, result, score, game) in [
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                0.5,
                0,
                0,
            ),
            (
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                1.0,
                123,
                7,
            ),
            (
                "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
                0.0,
                -2000,
                1 << 23,
            ),
            (
                "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 17 40",
                0.5,
                -32768,
                99,
            ),
            ("4k3/8/8/8/8/8/8/4K2R w K - 3 1", 1.0, 32767, 5),
            // Chess960: rooks on b and g.
            ("1r2k1r1/8/8/8/8/8/8/1R2K1R1 b BGbg - 0 1", 0.5, 12, 3),
        ] {
            let r = record(fen, result, score, game);
            for last in [false, true] {
                let packed = encode(&r, last).unwrap();
                let back = decode(&packed).unwrap();
                assert_eq!(back.last_of_game, last);
                assert_eq!(back.record.result, r.result);
                assert_eq!(back.record.score, r.score);
                assert_eq!(back.record.game, r.game);
                // Everything but the fullmove number survives.
                let strip = |b: &Board| {
                    let f = b.fen_shredder().to_string();
                    f.rsplit_once(' ').unwrap().0.to_string()
                };
                assert_eq!(strip(&back.record.board), strip(&r.board), "{fen}");
                assert_eq!(encode(&back.record, last).unwrap(), packed);
            }
        }
    }

    #[test]
    fn game_numbers_wrap_and_scores_must_fit() {
        let r = record("4k3/8/8/8/8/8/8/4K3 w - - 0 1", 0.5, 0, (1 << 24) + 5);
        assert_eq!(decode(&encode(&r, false).unwrap()).unwrap().record.game, 5);
        let big = Record {
            score: 40_000,
            ..r.clone()
        };
        assert!(encode(&big, false).is_err());
        let odd = Record { result: 0.25, ..r };
        assert!(encode(&odd, false).is_err());
    }

    #[test]
    fn damaged_records_are_errors() {
        let good = encode(&record("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", 1.0, 50, 1), true).unwrap();
        let mut cases: Vec<([u8; 32], &str)> = Vec::new();
        let mut b = good;
        b[0] |= 0x02; // a piece more than codes
        cases.push((b, "not a valid position"));
        let mut b = good;
        b[8] = 0x07 | (b[8] & 0xF0); // code 7
        cases.push((b, "is not a piece"));
        let mut b = good;
        b[24] = 65;
        cases.push((b, "en-passant byte"));
        let mut b = good;
        b[28] = 3;
        cases.push((b, "result code 3"));
        let mut b = good;
        b[28] |= 0x10;
        cases.push((b, "unused bits"));
        let mut b = good;
        b[20] = 0x11;
        cases.push((b, "past the"));
        let mut b = [0u8; 32];
        b[..8].copy_from_slice(&u64::MAX.to_le_bytes());
        cases.push((b, "occupied squares"));
        for (bytes, what) in cases {
            let e = decode(&bytes).unwrap_err().to_string();
            assert!(e.contains(what), "{e} (expected {what})");
        }
    }
}

#[cfg(test)]
mod file_tests {
    use super::*;
    use crate::data::{location, records};

    #[test]
    fn packed_files_read_back_and_cut_files_are_errors() {
        let dir = std::env::temp_dir().join(format!("wingtip-packed-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("a.bin");
        let boards = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "4k3/8/8/8/8/8/8/4K2R w K - 3 1",
        ];
        let mut bytes = Vec::new();
        for (i, fen) in boards.iter().enumerate() {
            let r = Record {
                board: Board::from_fen(fen).unwrap(),
                result: 0.5,
                score: i as i32,
                game: 9,
            };
            bytes.extend_from_slice(&encode(&r, i == 1).unwrap());
        }
        std::fs::write(&path, &bytes).unwrap();
        let got: Vec<_> = records(&path).unwrap().collect();
        assert_eq!(got.len(), 2);
        for (i, (n, item)) in got.into_iter().enumerate() {
            assert_eq!(n, i);
            assert_eq!(item.unwrap().unwrap().score, i as i32);
        }
        assert_eq!(read_file(&path).unwrap().len(), 2);
        assert_eq!(location(&path, 1), format!("{}: record 1", path.display()));
        // Cut inside the second record: the first reads, then a clear error.
        std::fs::write(&path, &bytes[..40]).unwrap();
        let got: Vec<_> = records(&path).unwrap().collect();
        assert!(got[0].1.is_ok());
        let e = got[1].1.as_ref().unwrap_err().to_string();
        assert!(e.contains("cut off after 8 of 32 bytes"), "{e}");
        assert!(read_file(&path)
            .unwrap_err()
            .to_string()
            .contains("40 bytes"));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
