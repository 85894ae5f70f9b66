//! Helpers shared by the integration tests: a seeded generator for the fuzzers,
//! Chess960 start positions, seeded random playouts and the EPD perft-suite reader.
//! Each test file that needs them declares `mod common;`.
#![allow(dead_code)] // each test crate uses a part

/// xorshift64*: a small seeded generator, so every fuzz run sees the same inputs
/// and a failure reproduces.
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// The back rank of Chess960 start position `n` (0–959) in the standard
/// (Scharnagl) numbering, white's letters from the a-file: 518 is `RNBQKBNR`.
pub fn chess960_back_rank(n: usize) -> [u8; 8] {
    assert!(n < 960, "{n}");
    let mut rank = [0u8; 8];
    // Places `piece` on the `k`-th still empty square, counting from the a-file.
    fn place(rank: &mut [u8; 8], k: usize, piece: u8) {
        let file = (0..8)
            .filter(|&f| rank[f] == 0)
            .nth(k)
            .expect("an empty square");
        rank[file] = piece;
    }
    let mut n = n;
    rank[2 * (n % 4) + 1] = b'B'; // light-squared bishop: b, d, f or h
    n /= 4;
    rank[2 * (n % 4)] = b'B'; // dark-squared bishop: a, c, e or g
    n /= 4;
    place(&mut rank, n % 6, b'Q');
    n /= 6;
    // The two knights on the five empty squares: the pairs in order.
    let (first, second) = [
        (0, 1),
        (0, 2),
        (0, 3),
        (0, 4),
        (1, 2),
        (1, 3),
        (1, 4),
        (2, 3),
        (2, 4),
        (3, 4),
    ][n];
    place(&mut rank, second, b'N');
    place(&mut rank, first, b'N');
    // Rook, king, rook on the three squares left.
    for piece in [b'R', b'K', b'R'] {
        place(&mut rank, 0, piece);
    }
    rank
}

/// The X-FEN of Chess960 start position `n` (0–959), with every castling right.
pub fn chess960_start_fen(n: usize) -> String {
    let white = String::from_utf8(chess960_back_rank(n).to_vec()).unwrap();
    format!(
        "{}/pppppppp/8/8/8/8/PPPPPPPP/{white} w KQkq - 0 1",
        white.to_ascii_lowercase()
    )
}

/// Every position of `games` seeded random games, each after a move: from the
/// standard start position, or from a random Chess960 start position when
/// `chess960`. Games last up to `max_plies` plies; moves are drawn with weights
/// that favour castling, en passant, promotions, captures and pawn moves, so the
/// positions are rich in the special cases of move generation.
pub fn playouts(seed: u64, games: usize, max_plies: usize, chess960: bool) -> Vec<wingtip::Board> {
    use wingtip::{Board, Role};
    let mut rng = Rng(seed);
    let mut positions = Vec::new();
    for _ in 0..games {
        let mut board = if chess960 {
            Board::from_fen_chess960(&chess960_start_fen(rng.below(960)), true).unwrap()
        } else {
            Board::startpos()
        };
        for _ in 0..1 + rng.below(max_plies) {
            let moves = board.legal_moves();
            if moves.is_empty() {
                break;
            }
            let weight = |mv: &wingtip::Move| -> usize {
                if mv.is_castling() {
                    25
                } else if mv.is_en_passant() {
                    40
                } else if mv.promoted().is_some() {
                    15
                } else if mv.is_capture() {
                    5
                } else if mv.piece().role() == Role::Pawn {
                    3
                } else {
                    1
                }
            };
            let total: usize = moves.iter().map(weight).sum();
            let mut pick = rng.below(total);
            let mv = *moves
                .iter()
                .find(|mv| {
                    let w = weight(mv);
                    if pick < w {
                        true
                    } else {
                        pick -= w;
                        false
                    }
                })
                .expect("the weights add up");
            board.make_move(mv);
            positions.push(board);
        }
    }
    positions
}

/// One line of a perft suite: a FEN and its `(depth, leaf count)` pairs.
pub struct EpdEntry {
    pub fen: &'static str,
    pub counts: Vec<(u32, u64)>,
}

/// Reads a perft suite in the `FEN ;D1 20 ;D2 400` form (blank lines and `#`
/// comments skipped); panics naming the entry on a malformed one.
pub fn parse_epd(suite: &'static str) -> Vec<EpdEntry> {
    suite
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|line| {
            let mut parts = line.split(';');
            let fen = parts.next().unwrap().trim();
            let counts = parts
                .map(|p| {
                    let mut it = p.split_whitespace();
                    let d = it
                        .next()
                        .unwrap_or_else(|| panic!("empty entry in {line:?}"));
                    assert!(d.starts_with('D'), "bad entry {p:?} in {line:?}");
                    let depth = d[1..].parse().unwrap_or_else(|_| panic!("bad depth {p:?}"));
                    let nodes = it
                        .next()
                        .and_then(|n| n.parse().ok())
                        .unwrap_or_else(|| panic!("bad count {p:?}"));
                    (depth, nodes)
                })
                .collect();
            EpdEntry { fen, counts }
        })
        .collect()
}
