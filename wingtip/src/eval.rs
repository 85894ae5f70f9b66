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
//! attacks, bishop pair, rooks on open files, tempo) started as wingtip's own
//! hand-set round numbers. Every weight lives in one [`Weights`] value, [`WEIGHTS`],
//! in the file `src/eval/weights.rs` that the Texel tuner (`tools/train`, binary
//! `wingtip-tune`) writes; [`trace`] exposes the evaluation's terms so the tuner's
//! gradient is exact.
//!
//! Beside these hand-set terms ([`hand_crafted`]) sits [`net`], a network built in from
//! `src/eval/net.bin`: either a correction added to the hand-set terms, or, when the file
//! marks it as one ([`net::FULL`]), the whole evaluation. [`evaluate`] skips an all-zero
//! network at compile time ([`net::ACTIVE`]).
//!
//! # Examples
//! ```
//! use wingtip::{eval, Board};
//! let start = Board::startpos();
//! // The start position is symmetric: neither side stands much better.
//! assert!(eval::evaluate(&start).abs() < 60);
//! let up_a_queen = Board::from_fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1").unwrap();
//! assert!(eval::evaluate(&up_a_queen) > 800);
//! ```

use crate::attacks::{bishop_attacks, king_attacks, knight_attacks, queen_attacks, rook_attacks};
use crate::{Bitboard, Board, Color, Piece, Role, Square};

/// Material values used for move ordering and exchange evaluation, pawn … king.
pub const SEE_VALUES: [i32; 6] = [100, 320, 330, 500, 900, 20_000];

/// Game-phase weight per role; the sum is 24 at the start.
const PHASE: [i32; 6] = [0, 1, 1, 2, 4, 0];
/// The number of mobility entries per role, knight … queen: one per possible count of
/// squares a piece of that role can reach (0 … 8, 0 … 13, 0 … 14, 0 … 27).
pub const MOBILITY_SIZES: [usize; 4] = [9, 14, 15, 28];
/// Where each role's mobility entries start, counted from [`feature::MOBILITY`].
pub const MOBILITY_OFFSETS: [usize; 4] = [0, 9, 23, 38];

// Each role's entries follow the previous role's, and the last end where the next term
// starts.
const _: () = {
    let mut m = 1;
    while m < 4 {
        assert!(MOBILITY_OFFSETS[m] == MOBILITY_OFFSETS[m - 1] + MOBILITY_SIZES[m - 1]);
        m += 1;
    }
    assert!(MOBILITY_OFFSETS[3] + MOBILITY_SIZES[3] == feature::DOUBLED - feature::MOBILITY);
};

pub mod net;
mod weights;
pub use weights::WEIGHTS;

/// A (middlegame, endgame) pair of centipawn values; the evaluation blends the two
/// by the game phase.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pair(pub i32, pub i32);

/// Indices of the tapered terms in [`Weights::pairs`] and [`Trace::pairs`].
pub mod feature {
    /// Material, pawn … king (6 entries).
    pub const MATERIAL: usize = 0;
    /// Piece-square tables, pawn … king, 64 squares each a8 … h1 from White's side
    /// (a black piece on `sq` reads `sq ^ 56`); entry `PST + 64 * role + square`.
    pub const PST: usize = MATERIAL + 6;
    /// Mobility by the number of attacked squares not held by an own piece nor
    /// attacked by an enemy pawn: one entry per role and count, knight … queen, each
    /// role's at [`MOBILITY_OFFSETS`](super::MOBILITY_OFFSETS) (66 entries).
    pub const MOBILITY: usize = PST + 6 * 64;
    /// A pawn with an own pawn in front of it on its file.
    pub const DOUBLED: usize = MOBILITY + 66;
    /// A pawn with no own pawn on the adjacent files.
    pub const ISOLATED: usize = DOUBLED + 1;
    /// A passed pawn by rank counted from its own side, index 0 = first rank (8 entries).
    pub const PASSED: usize = ISOLATED + 1;
    /// Two or more bishops.
    pub const BISHOP_PAIR: usize = PASSED + 8;
    /// A rook on a file without pawns.
    pub const ROOK_OPEN: usize = BISHOP_PAIR + 1;
    /// A rook on a file without own pawns but with enemy pawns.
    pub const ROOK_SEMI_OPEN: usize = ROOK_OPEN + 1;
    /// Per own pawn in the two ranks in front of a king on its first two ranks.
    pub const SHIELD: usize = ROOK_SEMI_OPEN + 1;
    /// An enemy knight, bishop, rook or queen attacked by an own pawn.
    pub const THREAT_BY_PAWN: usize = SHIELD + 1;
    /// An enemy rook or queen attacked by an own knight or bishop.
    pub const THREAT_BY_MINOR: usize = THREAT_BY_PAWN + 1;
    /// An enemy queen attacked by an own rook.
    pub const THREAT_BY_ROOK: usize = THREAT_BY_MINOR + 1;
    /// An enemy knight, bishop, rook or queen attacked by an own piece or pawn and
    /// defended by none of its own.
    pub const HANGING: usize = THREAT_BY_ROOK + 1;
    /// A pawn defended by an own pawn.
    pub const PROTECTED_PAWN: usize = HANGING + 1;
    /// A passed pawn whose square in front is occupied.
    pub const PASSER_BLOCKED: usize = PROTECTED_PAWN + 1;
    /// Per passed pawn: the enemy king's distance to the square in front of it less
    /// the own king's (Chebyshev distance, so −7 … 7), by the passer's rank from its
    /// own side (8 entries, as [`PASSED`]).
    pub const PASSER_KINGS: usize = PASSER_BLOCKED + 1;
    /// Per square from which an own knight, bishop, rook or queen that reaches it
    /// would check the enemy king, held by no own piece and not attacked by the
    /// enemy: one count per piece kind that reaches it.
    pub const SAFE_CHECK: usize = PASSER_KINGS + 8;
    /// The enemy king stands on a file without pawns of its own.
    pub const KING_OPEN_FILE: usize = SAFE_CHECK + 1;
    /// An own pawn on the enemy king's file or the files next to it, at most three
    /// ranks in front of that king.
    pub const PAWN_STORM: usize = KING_OPEN_FILE + 1;
    /// A knight on its fourth to sixth rank, defended by an own pawn, that no enemy
    /// pawn can ever attack.
    pub const KNIGHT_OUTPOST: usize = PAWN_STORM + 1;
    /// A rook on its seventh rank.
    pub const ROOK_SEVENTH: usize = KNIGHT_OUTPOST + 1;
    /// A passed pawn whose square in front is empty and not attacked by the enemy, by
    /// rank from its own side (8 entries, as [`PASSED`]).
    pub const PASSER_FREE: usize = ROOK_SEVENTH + 1;
    /// An enemy knight, bishop, rook or queen that an own pawn would attack after a
    /// single push to an empty square no enemy pawn attacks.
    pub const PAWN_PUSH_THREAT: usize = PASSER_FREE + 8;
    /// Per bishop: the own pawns on squares of its colour.
    pub const BISHOP_PAWNS: usize = PAWN_PUSH_THREAT + 1;
    /// A knight or bishop with an own pawn right in front of it.
    pub const MINOR_BEHIND_PAWN: usize = BISHOP_PAWNS + 1;
    /// A square next to the enemy king that an own piece or pawn attacks and that
    /// only the enemy king or queen defends.
    pub const KING_RING_WEAK: usize = MINOR_BEHIND_PAWN + 1;
    /// Space: the squares of files c … f on the own second to fourth ranks that no
    /// enemy pawn attacks and no own pawn holds (those behind an own pawn twice),
    /// times the own knights, bishops, rooks and queens, over 4.
    pub const SPACE: usize = KING_RING_WEAK + 1;
    /// The number of tapered terms.
    pub const COUNT: usize = SPACE + 1;
}

/// Every evaluation weight, in one place. The values live in `src/eval/weights.rs`,
/// a file written by the tuner (`wingtip-tune`, in `tools/train`).
///
/// The evaluation is linear in [`pairs`](Weights::pairs) and
/// [`tempo`](Weights::tempo); the king-zone pressure is not:
/// `min(P² / 4, king_pressure_max)` with `P = Σ zone_weight[piece] · squares hit`,
/// counted (middlegame only) when at least two pieces hit the enemy king zone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    /// The tapered terms, indexed by the constants of [`feature`].
    pub pairs: [Pair; feature::COUNT],
    /// King-zone attack weight per square hit, knight … queen.
    pub zone_weight: [i32; 4],
    /// The largest king-zone pressure bonus.
    pub king_pressure_max: i32,
    /// The bonus for the side to move (not tapered).
    pub tempo: i32,
}

/// The bonus for the side to move, in centipawns.
pub const TEMPO: i32 = WEIGHTS.tempo;

/// The evaluation's terms for one position, the coefficients of the weights: the
/// static evaluation is a function of a `Trace` and the [`Weights`] alone (see
/// [`Trace::score`]), so a tuner can fit the weights without re-running the
/// evaluation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trace {
    /// Per tapered term (indexed by [`feature`]): White's count minus Black's.
    pub pairs: [i32; feature::COUNT],
    /// King-zone squares hit per attacking role (knight … queen), by the attacking
    /// colour (White, Black).
    pub zone_hits: [[i32; 4]; 2],
    /// The number of pieces hitting the enemy king zone, by the attacking colour.
    pub zone_attackers: [i32; 2],
    /// The game phase, 0 (bare kings and pawns) … 24 (all pieces).
    pub phase: i32,
    /// The side to move.
    pub side_to_move: Color,
}

impl Trace {
    /// Returns the king-zone pressure bonus of `color` (0 = White) under `weights`.
    pub fn king_pressure(&self, weights: &Weights, color: usize) -> i32 {
        if self.zone_attackers[color] < 2 {
            return 0;
        }
        let mut pressure = 0;
        for m in 0..4 {
            pressure += weights.zone_weight[m] * self.zone_hits[color][m];
        }
        (pressure * pressure / 4).min(weights.king_pressure_max)
    }

    /// Returns the evaluation these terms give under `weights`, from the side to
    /// move's point of view: equal to [`evaluate`] for the traced position when the
    /// weights are [`WEIGHTS`].
    ///
    /// # Examples
    /// ```
    /// use wingtip::{eval, Board};
    /// let board = Board::from_fen("r3k2r/pp3ppp/2n5/3p4/3P4/2N5/PP3PPP/R3K2R w KQkq - 0 1").unwrap();
    /// assert_eq!(eval::trace(&board).score(&eval::WEIGHTS), eval::hand_crafted(&board));
    /// ```
    pub fn score(&self, weights: &Weights) -> i32 {
        let mut mg = self.king_pressure(weights, 0) - self.king_pressure(weights, 1);
        let mut eg = 0;
        for (c, w) in self.pairs.iter().zip(weights.pairs.iter()) {
            mg += c * w.0;
            eg += c * w.1;
        }
        let white = (mg * self.phase + eg * (24 - self.phase)) / 24;
        match self.side_to_move {
            Color::White => white + weights.tempo,
            Color::Black => -white + weights.tempo,
        }
    }
}

/// Where the evaluation puts its terms: a score (the engine) or a [`Trace`] (the tuner).
trait Sink {
    /// `n` times tapered term `f` for colour `us`.
    fn pair(&mut self, us: usize, f: usize, n: i32);
    /// A piece of role `m` (knight … queen = 0 … 3) of colour `us` hits `hits` squares
    /// of the enemy king zone.
    fn zone(&mut self, us: usize, m: usize, hits: i32);
    /// `attackers` pieces of colour `us` hit the enemy king zone (called once per colour,
    /// after its [`zone`](Sink::zone) calls).
    fn king(&mut self, us: usize, attackers: i32);
    /// The end: the phase and the side to move.
    fn finish(&mut self, phase: i32, stm: Color) -> i32;
}

/// The engine's sink: sums the weights.
struct Scorer {
    mg: [i32; 2],
    eg: [i32; 2],
    pressure: i32,
}

/// The weights read by the engine's evaluation (a static, so one copy in memory).
static W: Weights = WEIGHTS;

impl Sink for Scorer {
    #[inline(always)]
    fn pair(&mut self, us: usize, f: usize, n: i32) {
        let w = W.pairs[f];
        self.mg[us] += w.0 * n;
        self.eg[us] += w.1 * n;
    }
    #[inline(always)]
    fn zone(&mut self, _us: usize, m: usize, hits: i32) {
        self.pressure += W.zone_weight[m] * hits;
    }
    #[inline(always)]
    fn king(&mut self, us: usize, attackers: i32) {
        if attackers >= 2 {
            let p = self.pressure;
            self.mg[us] += (p * p / 4).min(W.king_pressure_max);
        }
        self.pressure = 0;
    }
    #[inline(always)]
    fn finish(&mut self, phase: i32, stm: Color) -> i32 {
        let mg_score = self.mg[0] - self.mg[1];
        let eg_score = self.eg[0] - self.eg[1];
        let white = (mg_score * phase + eg_score * (24 - phase)) / 24;
        match stm {
            Color::White => white + W.tempo,
            Color::Black => -white + W.tempo,
        }
    }
}

impl Sink for Trace {
    #[inline(always)]
    fn pair(&mut self, us: usize, f: usize, n: i32) {
        self.pairs[f] += if us == 0 { n } else { -n };
    }
    #[inline(always)]
    fn zone(&mut self, us: usize, m: usize, hits: i32) {
        self.zone_hits[us][m] += hits;
    }
    #[inline(always)]
    fn king(&mut self, us: usize, attackers: i32) {
        self.zone_attackers[us] = attackers;
    }
    #[inline(always)]
    fn finish(&mut self, phase: i32, stm: Color) -> i32 {
        self.phase = phase;
        self.side_to_move = stm;
        0
    }
}

/// The squares strictly in front of each member of `set` on its file, for `color`
/// (north for White, south for Black): for pawns, their paths.
#[inline(always)]
fn fill_ahead(color: Color, set: u64) -> u64 {
    match color {
        Color::White => {
            let mut x = set >> 8;
            x |= x >> 8;
            x |= x >> 16;
            x | x >> 32
        }
        Color::Black => {
            let mut x = set << 8;
            x |= x << 8;
            x |= x << 16;
            x | x << 32
        }
    }
}

/// `set` moved one rank forward for `color` (north for White, south for Black).
#[inline(always)]
fn forward(color: Color, set: u64) -> u64 {
    match color {
        Color::White => set >> 8,
        Color::Black => set << 8,
    }
}

/// The light squares (h1, a8 and those of their colour; a1 is dark).
const LIGHT_SQUARES: u64 = {
    let mut set = 0u64;
    let mut i = 0;
    while i < 64 {
        if let Some(sq) = Square::from_index(i) {
            if (sq.file().index() + sq.rank().index()) % 2 == 1 {
                set |= 1 << sq.index();
            }
        }
        i += 1;
    }
    set
};

/// The files holding a member of `set`, one bit per file (bit 0 = the a-file).
#[inline(always)]
fn files_of(set: u64) -> u64 {
    let x = set | set >> 32;
    let x = x | x >> 16;
    (x | x >> 8) & 0xff
}

/// The squares of the files whose bits are set in `files` (bit 0 = the a-file).
#[inline(always)]
fn spread_files(files: u64) -> u64 {
    files * Bitboard::FILE_A.0
}

/// `set` moved one file west and one file east (the squares beside its members).
#[inline(always)]
fn beside(set: u64) -> u64 {
    let b = Bitboard(set);
    b.west().0 | b.east().0
}

/// The squares on `sq`'s file and the files next to it, at most `rows` (1 … 8) ranks
/// in front of `sq` for `color`, clipped to the board.
#[inline(always)]
fn front_block(color: Color, sq: Square, rows: u32) -> u64 {
    let file = sq.index() as u32 & 7;
    let row = sq.index() as u32 >> 3; // 0 = rank 8
    let files = (0b111u64 << file >> 1) & 0xff;
    // `rows` copies of the file bits, rows 0 … rows - 1.
    let block = files * (Bitboard::FILE_A.0 >> (64 - 8 * rows));
    match color {
        // Towards rank 8: rows row - rows … row - 1 (bits pushed below row 0 drop).
        Color::White => block << (64 - 8 * rows) >> 8 >> (8 * (7 - row)),
        // Towards rank 1: rows row + 1 … row + rows (bits pushed past row 7 drop).
        Color::Black => block << 8 << (8 * row),
    }
}

/// Ranks 4 to 6 counted from each side (White, Black): where a knight can be an outpost.
const OUTPOST_RANKS: [u64; 2] = [0x0000_00ff_ffff_0000, 0x0000_ffff_ff00_0000];
/// Files c … f on each colour's second to fourth ranks (White, Black): the space term's area.
const SPACE_AREA: [u64; 2] = [0x003c_3c3c_0000_0000, 0x0000_0000_3c3c_3c00];
/// Each colour's seventh rank (rank 7 for White, rank 2 for Black).
const SEVENTH_RANK: [u64; 2] = [0x0000_0000_0000_ff00, 0x00ff_0000_0000_0000];

/// Returns the static evaluation of `board` in centipawns, positive when the side to
/// move stands better: the full network's output (within ±4,000) when the network
/// built in is a full evaluation, as the shipped one is; else the hand-set terms plus
/// the network's correction (if the network built in is not all zeros).
///
/// # Examples
/// ```
/// use wingtip::{evaluate, Board};
/// let white_up_rook = Board::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
/// let black_to_move = Board::from_fen("4k3/8/8/8/8/8/8/R3K3 b - - 0 1").unwrap();
/// assert!(evaluate(&white_up_rook) > 300);
/// assert!(evaluate(&black_to_move) < -300);
/// ```
pub fn evaluate(board: &Board) -> i32 {
    if net::FULL {
        net::correction(&net::NET, board).clamp(-net::LIMIT, net::LIMIT)
    } else if net::ACTIVE {
        hand_crafted(board) + net::correction(&net::NET, board)
    } else {
        hand_crafted(board)
    }
}

/// Returns the hand-set terms of the evaluation alone (without the network's
/// correction), centipawns, side to move's point of view: what the network was trained
/// to correct.
///
/// # Examples
/// ```
/// use wingtip::{eval, Board};
/// // The start position is symmetric: only the tempo bonus remains.
/// assert_eq!(eval::hand_crafted(&Board::startpos()), eval::TEMPO);
/// ```
pub fn hand_crafted(board: &Board) -> i32 {
    let mut scorer = Scorer {
        mg: [0; 2],
        eg: [0; 2],
        pressure: 0,
    };
    terms(board, &mut scorer)
}

/// Returns the terms of the evaluation of `board` (what the tuner fits weights to).
///
/// # Examples
/// ```
/// use wingtip::{eval, Board};
/// let t = eval::trace(&Board::startpos());
/// assert_eq!(t.phase, 24);
/// // Symmetric: every White term is matched by a Black one.
/// assert!(t.pairs.iter().all(|&c| c == 0));
/// ```
pub fn trace(board: &Board) -> Trace {
    let mut t = Trace {
        pairs: [0; feature::COUNT],
        zone_hits: [[0; 4]; 2],
        zone_attackers: [0; 2],
        phase: 0,
        side_to_move: Color::White,
    };
    terms(board, &mut t);
    t
}

/// The number of members of `set`.
#[inline(always)]
fn n(set: u64) -> i32 {
    set.count_ones() as i32
}

/// The number of members of `set` for the sets that are mostly empty or hold one
/// or two squares: one instruction where the target has `popcnt`; elsewhere one
/// step per member, cheaper than [`n`] for such sets (without the instruction,
/// `count_ones` is a dozen).
#[inline(always)]
fn few(mut set: u64) -> i32 {
    if cfg!(target_feature = "popcnt") {
        return set.count_ones() as i32;
    }
    let mut count = 0;
    while set != 0 {
        count += 1;
        set &= set - 1;
    }
    count
}

/// The piece-square, mobility and king-zone terms of `color`'s pieces of `role`
/// (knight … queen), whose attacks are `attacks_of(square)`: mobility counts
/// `targets`, the king zone is `zone`, and `zone_attackers` counts the pieces that
/// hit it. Returns the union of their attacks and the number of pieces.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn piece_terms<S: Sink>(
    sink: &mut S,
    board: &Board,
    color: Color,
    role: Role,
    targets: u64,
    zone: u64,
    zone_attackers: &mut i32,
    attacks_of: impl Fn(Square) -> u64,
) -> (u64, i32) {
    let us = color.index();
    let r = role.index();
    let m = r - 1;
    let flip = if us == 0 { 0 } else { 56 };
    let mut all = 0;
    let mut count = 0;
    let mut hits = 0;
    let mobility = feature::MOBILITY + MOBILITY_OFFSETS[m];
    for sq in board.pieces(Piece::new(color, role)) {
        count += 1;
        sink.pair(us, feature::PST + 64 * r + (sq.index() ^ flip), 1);
        let attacks = attacks_of(sq);
        all |= attacks;
        sink.pair(us, mobility + n(attacks & targets) as usize, 1);
        let h = attacks & zone;
        if h != 0 {
            *zone_attackers += 1;
            hits += n(h);
        }
    }
    sink.pair(us, feature::MATERIAL + r, count);
    sink.zone(us, m, hits);
    (all, count)
}

/// The evaluation, its terms handed to `sink`.
///
/// Written in set operations where it can (pawn structure, open files, outposts,
/// the pawn storm): a test per piece costs more than a few shifts of whole sets.
#[inline(always)]
fn terms<S: Sink>(board: &Board, sink: &mut S) -> i32 {
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
    let king_reach = [king_attacks(kings[0]).0, king_attacks(kings[1]).0];
    let zones = [
        king_reach[0] | 1u64 << kings[0].index(),
        king_reach[1] | 1u64 << kings[1].index(),
    ];
    // Each side's pawn paths (the squares in front of its pawns on their files) and
    // the files holding its pawns (one bit per file).
    let paths = [
        fill_ahead(Color::White, pawns[0]),
        fill_ahead(Color::Black, pawns[1]),
    ];
    let pawn_files = [files_of(pawns[0]), files_of(pawns[1])];
    let open_files = !spread_files(pawn_files[0] | pawn_files[1]);

    // Squares attacked by each colour (pawns and king included), and by its knights,
    // bishops, rooks and queens.
    let mut attacked = [
        pawn_attacks[0] | king_reach[0],
        pawn_attacks[1] | king_reach[1],
    ];
    let mut by_knight = [0u64; 2];
    let mut by_bishop = [0u64; 2];
    let mut by_rook = [0u64; 2];
    let mut by_queen = [0u64; 2];
    let mut phase = 0;
    let mut passed = [0u64; 2];
    // Each colour's knights, bishops, rooks and queens (the space term's weight).
    let mut piece_count = [0; 2];
    for color in Color::ALL {
        let us = color.index();
        let them = 1 - us;
        let flip = if us == 0 { 0 } else { 56 };
        let own = board.occupancy(color).0;

        // Material and piece-square terms of the pawns and the king (the other
        // pieces' come with their attacks).
        let mut pawn_count = 0;
        for sq in Bitboard(pawns[us]) {
            pawn_count += 1;
            sink.pair(us, feature::PST + (sq.index() ^ flip), 1);
        }
        sink.pair(us, feature::MATERIAL + Role::Pawn.index(), pawn_count);
        sink.pair(us, feature::MATERIAL + Role::King.index(), 1);
        let king_pst = feature::PST + 64 * Role::King.index();
        sink.pair(us, king_pst + (kings[us].index() ^ flip), 1);

        // Mobility and the pressure on the enemy king zone, which counts once two
        // pieces join.
        let targets = !own & !pawn_attacks[them];
        let zone = zones[them];
        let mut zone_attackers = 0;
        let (t, z, za) = (targets, zone, &mut zone_attackers);
        let (attacks, knight_count) =
            piece_terms(sink, board, color, Role::Knight, t, z, za, |sq| {
                knight_attacks(sq).0
            });
        by_knight[us] = attacks;
        let (attacks, bishop_count) =
            piece_terms(sink, board, color, Role::Bishop, t, z, za, |sq| {
                bishop_attacks(sq, Bitboard(occupied)).0
            });
        by_bishop[us] = attacks;
        let (attacks, rook_count) = piece_terms(sink, board, color, Role::Rook, t, z, za, |sq| {
            rook_attacks(sq, Bitboard(occupied)).0
        });
        by_rook[us] = attacks;
        let (attacks, queen_count) = piece_terms(sink, board, color, Role::Queen, t, z, za, |sq| {
            queen_attacks(sq, Bitboard(occupied)).0
        });
        by_queen[us] = attacks;
        piece_count[us] = knight_count + bishop_count + rook_count + queen_count;
        phase += PHASE[Role::Knight.index()] * knight_count
            + PHASE[Role::Bishop.index()] * bishop_count
            + PHASE[Role::Rook.index()] * rook_count
            + PHASE[Role::Queen.index()] * queen_count;
        attacked[us] |= by_knight[us] | by_bishop[us] | by_rook[us] | by_queen[us];
        sink.king(us, zone_attackers);

        if bishop_count >= 2 {
            sink.pair(us, feature::BISHOP_PAIR, 1);
        }
        // Rooks on files without pawns, or without own pawns but with enemy ones.
        let rooks = board.pieces(Piece::new(color, Role::Rook)).0;
        let semi_open = spread_files(pawn_files[them] & !pawn_files[us]);
        sink.pair(us, feature::ROOK_OPEN, few(rooks & open_files));
        sink.pair(us, feature::ROOK_SEMI_OPEN, few(rooks & semi_open));
        sink.pair(us, feature::ROOK_SEVENTH, few(rooks & SEVENTH_RANK[us]));
        // Knights on ranks 4 to 6, defended by a pawn, beside no enemy pawn's path
        // (so no enemy pawn can ever attack them).
        let knights = board.pieces(Piece::new(color, Role::Knight)).0;
        let outposts = pawn_attacks[us] & OUTPOST_RANKS[us] & !beside(paths[them]);
        sink.pair(us, feature::KNIGHT_OUTPOST, few(knights & outposts));
        // Knights and bishops shielded by an own pawn right in front of them; bishops
        // hemmed in by own pawns on their colour.
        let bishops = board.pieces(Piece::new(color, Role::Bishop)).0;
        let behind_pawns = forward(Color::ALL[them], pawns[us]);
        sink.pair(
            us,
            feature::MINOR_BEHIND_PAWN,
            few((knights | bishops) & behind_pawns),
        );
        if bishops != 0 {
            let light_pawns = n(pawns[us] & LIGHT_SQUARES);
            let dark_pawns = n(pawns[us] & !LIGHT_SQUARES);
            let same = few(bishops & LIGHT_SQUARES) * light_pawns
                + few(bishops & !LIGHT_SQUARES) * dark_pawns;
            sink.pair(us, feature::BISHOP_PAWNS, same);
        }

        // Pawn structure.
        let own_files = spread_files(pawn_files[us]);
        sink.pair(us, feature::ISOLATED, few(pawns[us] & !beside(own_files)));
        // Pawns with an own pawn in front of them on their file: on each file as many
        // as pawns with an own pawn behind them, which is this set.
        sink.pair(us, feature::DOUBLED, few(pawns[us] & paths[us]));
        // A pawn is passed when no enemy pawn's path is on its file or next to it.
        let passers = pawns[us] & !(paths[them] | beside(paths[them]));
        passed[us] = passers;
        for sq in Bitboard(passers) {
            let row = sq.index() >> 3;
            let rank = if us == 0 { 7 - row } else { row };
            sink.pair(us, feature::PASSED + rank, 1);
            // A pawn never stands on its last rank, so the square in front exists.
            let stop = shift_rows(color, sq, 1);
            if occupied & (1u64 << stop.index()) != 0 {
                sink.pair(us, feature::PASSER_BLOCKED, 1);
            }
            let d = distance(kings[them], stop) - distance(kings[us], stop);
            sink.pair(us, feature::PASSER_KINGS + rank, d);
        }
        sink.pair(us, feature::PROTECTED_PAWN, n(pawns[us] & pawn_attacks[us]));

        // Pawn shield in front of a king on its first two ranks.
        let ksq = kings[us];
        let row = ksq.index() >> 3;
        let home = if us == 0 { row >= 6 } else { row <= 1 };
        if home {
            let shield = pawns[us] & front_block(color, ksq, 2);
            sink.pair(us, feature::SHIELD, n(shield));
        }
        // Attacking the enemy king: its file without its pawns, own pawns storming it.
        let enemy_king = kings[them];
        let open = !(pawn_files[them] >> (enemy_king.index() & 7)) & 1;
        sink.pair(us, feature::KING_OPEN_FILE, open as i32);
        let storm = pawns[us] & front_block(Color::ALL[them], enemy_king, 3);
        sink.pair(us, feature::PAWN_STORM, few(storm));
    }

    // Threats and safe checks, once both sides' attacks are known.
    for color in Color::ALL {
        let us = color.index();
        let them = 1 - us;
        let enemy = Color::ALL[them];
        let minors = board.pieces(Piece::new(enemy, Role::Knight)).0
            | board.pieces(Piece::new(enemy, Role::Bishop)).0;
        let rooks = board.pieces(Piece::new(enemy, Role::Rook)).0;
        let queens = board.pieces(Piece::new(enemy, Role::Queen)).0;
        let pieces = minors | rooks | queens;
        sink.pair(us, feature::THREAT_BY_PAWN, few(pieces & pawn_attacks[us]));
        // Safe pawn pushes that would attack a piece.
        let pushed = forward(color, pawns[us]) & !occupied & !pawn_attacks[them];
        let push_attacks = Bitboard(pushed).pawn_attacks(color).0;
        sink.pair(
            us,
            feature::PAWN_PUSH_THREAT,
            few(pieces & push_attacks & !pawn_attacks[us]),
        );
        // Passers free to advance a square: the square in front empty and not attacked.
        for sq in Bitboard(passed[us]) {
            let stop = shift_rows(color, sq, 1);
            if (occupied | attacked[them]) & (1u64 << stop.index()) == 0 {
                let row = sq.index() >> 3;
                let rank = if us == 0 { 7 - row } else { row };
                sink.pair(us, feature::PASSER_FREE + rank, 1);
            }
        }
        // The enemy king's neighbours attacked and held by its king or queen alone.
        let held = pawn_attacks[them] | by_knight[them] | by_bishop[them] | by_rook[them];
        sink.pair(
            us,
            feature::KING_RING_WEAK,
            few(king_reach[them] & attacked[us] & !held),
        );
        // Space, weighed by the pieces that could use it.
        let safe = SPACE_AREA[us] & !pawn_attacks[them] & !pawns[us];
        let behind = safe & fill_ahead(enemy, pawns[us]);
        sink.pair(
            us,
            feature::SPACE,
            (n(safe) + n(behind)) * piece_count[us] / 4,
        );
        let by_minor = by_knight[us] | by_bishop[us];
        sink.pair(
            us,
            feature::THREAT_BY_MINOR,
            few((rooks | queens) & by_minor),
        );
        sink.pair(us, feature::THREAT_BY_ROOK, few(queens & by_rook[us]));
        sink.pair(
            us,
            feature::HANGING,
            few(pieces & attacked[us] & !attacked[them]),
        );

        // Safe checks: squares reached by an own piece, neither held by an own piece
        // nor attacked by the enemy, from which that piece would check the enemy king.
        // The slider lookups from the king run only when a slider reaches a safe square.
        let ksq = kings[them];
        let safe = !attacked[them] & !board.occupancy(color).0;
        let bishops = by_bishop[us] & safe;
        let rooks = by_rook[us] & safe;
        let queens = by_queen[us] & safe;
        // A knight's, a bishop's and a rook's checking squares never meet, so one
        // count covers the three; the queen's is another.
        let mut checks = knight_attacks(ksq).0 & by_knight[us] & safe;
        let mut diagonal = 0;
        if bishops | queens != 0 {
            diagonal = bishop_attacks(ksq, Bitboard(occupied)).0;
            checks |= diagonal & bishops;
        }
        let mut straight = 0;
        if rooks | queens != 0 {
            straight = rook_attacks(ksq, Bitboard(occupied)).0;
            checks |= straight & rooks;
        }
        let queen_checks = (diagonal | straight) & queens;
        sink.pair(us, feature::SAFE_CHECK, few(checks) + few(queen_checks));
    }

    sink.finish(phase.min(24), board.side_to_move())
}

/// The Chebyshev (king-move) distance between two squares.
#[inline(always)]
fn distance(a: Square, b: Square) -> i32 {
    let files = a.file().index().abs_diff(b.file().index());
    let ranks = a.rank().index().abs_diff(b.rank().index());
    files.max(ranks) as i32
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
    extern crate std;

    use super::*;
    use std::{vec, vec::Vec};

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
        // A lone a-pawn against a bare king, from a2 to a7: every step forward is worth
        // more, and a7 more than a pawn's worth above a2.
        let fens = [
            "4k3/8/8/8/8/8/P7/4K3 w - - 0 1",
            "4k3/8/8/8/8/P7/8/4K3 w - - 0 1",
            "4k3/8/8/8/P7/8/8/4K3 w - - 0 1",
            "4k3/8/8/P7/8/8/8/4K3 w - - 0 1",
            "4k3/8/P7/8/8/8/8/4K3 w - - 0 1",
            "4k3/P7/8/8/8/8/8/4K3 w - - 0 1",
        ];
        // The hand-set terms' passer tables (a network built in need not be monotone).
        let scores = fens.map(|fen| hand_crafted(&Board::from_fen(fen).unwrap()));
        for pair in scores.windows(2) {
            assert!(pair[1] > pair[0], "{scores:?}");
        }
        assert!(scores[5] > scores[0] + 100, "{scores:?}");
    }

    #[test]
    fn trace_times_weights_is_the_hand_set_evaluation_on_many_positions() {
        // Every position within 2 plies of these roots (thousands of positions, both
        // sides to move, captures, promotions, king attacks).
        let roots = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        ];
        // (`evaluate` with the network is checked against a forward pass of the
        // network file in `tests/net_search.rs`.)
        fn walk(board: &Board, depth: u32, count: &mut u32) {
            assert_eq!(trace(board).score(&WEIGHTS), hand_crafted(board));
            *count += 1;
            if depth > 0 {
                for mv in board.legal_moves().iter() {
                    let mut child = *board;
                    child.make_move(*mv);
                    walk(&child, depth - 1, count);
                }
            }
        }
        let mut count = 0;
        for fen in roots {
            walk(&Board::from_fen(fen).unwrap(), 2, &mut count);
        }
        assert!(count > 5_000, "{count}");
    }

    /// The squares of the file with index `file` (0 = a), as a raw set.
    fn file_set(file: usize) -> u64 {
        Bitboard::file(crate::File::ALL[file]).0
    }

    #[test]
    fn set_helpers_cover_the_right_squares() {
        // The path of a pawn e2 is e3 … e8 for White; of a pawn e7, e6 … e1 for Black.
        let e2 = 1u64 << Square::E2.index();
        let e7 = 1u64 << Square::E7.index();
        assert_eq!(fill_ahead(Color::White, e2), file_set(4) & !(e2 | e2 << 8));
        assert_eq!(fill_ahead(Color::Black, e7), file_set(4) & !(e7 | e7 >> 8));
        assert_eq!(fill_ahead(Color::White, Bitboard::RANK_8.0), 0);
        assert_eq!(files_of(e2 | 1 << Square::A8.index()), 0b1_0001);
        assert_eq!(spread_files(0b1000_0001), file_set(0) | file_set(7));
        assert_eq!(beside(file_set(0)), file_set(1));
        // Three ranks in front of a king g8 (Black: towards rank 1) on the f, g, h files.
        let g8 = front_block(Color::Black, Square::G8, 3);
        assert_eq!(g8, (file_set(5) | file_set(6) | file_set(7)) & 0xffff_ff00);
        // Clipped at the board's edge: a white king a7 has one rank in front.
        let a7 = front_block(Color::White, Square::A7, 3);
        assert_eq!(a7, (file_set(0) | file_set(1)) & 0xff);
        assert_eq!(front_block(Color::Black, Square::H1, 3), 0);
        assert_eq!(front_block(Color::White, Square::D1, 2).count_ones(), 6);
    }

    /// The pawn, rook, outpost and king-attack terms of `board` written square by
    /// square from their definitions (White's count minus Black's), to check the set
    /// operations of `terms`.
    fn reference_terms(board: &Board) -> [i32; feature::COUNT] {
        let mut t = [0; feature::COUNT];
        let occupied = board.occupied();
        // (file, rank counted from `color`'s side) of a square, rank 1 = 0.
        let at = |color: Color, sq: Square| {
            let rank = sq.rank().index() as i32;
            let own_rank = if color == Color::White {
                rank
            } else {
                7 - rank
            };
            (sq.file().index() as i32, own_rank)
        };
        // The square of (file, rank counted from `color`'s side).
        let sq_at = |color: Color, file: i32, own_rank: i32| {
            let rank = if color == Color::White {
                own_rank
            } else {
                7 - own_rank
            };
            let file = crate::File::from_index(file as u8).unwrap();
            Square::new(file, crate::Rank::from_index(rank as u8).unwrap())
        };
        let attacks_of = |piece: Piece, sq: Square| match piece.role() {
            Role::Pawn => crate::attacks::pawn_attacks(piece.color(), sq),
            Role::Knight => knight_attacks(sq),
            Role::Bishop => bishop_attacks(sq, occupied),
            Role::Rook => rook_attacks(sq, occupied),
            Role::Queen => queen_attacks(sq, occupied),
            Role::King => king_attacks(sq),
        };
        for color in Color::ALL {
            let us = color.index();
            let enemy = Color::ALL[1 - us];
            let sign = if us == 0 { 1 } else { -1 };
            let mut enemy_attacks = Bitboard::EMPTY;
            for sq in board.occupancy(enemy) {
                enemy_attacks |= attacks_of(board.piece_on(sq).unwrap(), sq);
            }
            let own_pawns: Vec<(i32, i32)> = board
                .pieces(Piece::new(color, Role::Pawn))
                .into_iter()
                .map(|sq| at(color, sq))
                .collect();
            // Enemy pawns, their ranks counted from our side too.
            let enemy_pawns: Vec<(i32, i32)> = board
                .pieces(Piece::new(enemy, Role::Pawn))
                .into_iter()
                .map(|sq| at(color, sq))
                .collect();
            for &(f, r) in &own_pawns {
                if own_pawns.iter().any(|&(of, or)| of == f && or > r) {
                    t[feature::DOUBLED] += sign;
                }
                if !own_pawns.iter().any(|&(of, _)| (of - f).abs() == 1) {
                    t[feature::ISOLATED] += sign;
                }
                // Passed: no enemy pawn ahead of it on its file or a file next to it.
                let stopper = enemy_pawns
                    .iter()
                    .any(|&(ef, er)| (ef - f).abs() <= 1 && er > r);
                if !stopper {
                    t[feature::PASSED + r as usize] += sign;
                    let stop = sq_at(color, f, r + 1);
                    let d = distance(board.king_square(enemy), stop)
                        - distance(board.king_square(color), stop);
                    t[feature::PASSER_KINGS + r as usize] += sign * d;
                    if board.piece_on(stop).is_none() && !enemy_attacks.has(stop) {
                        t[feature::PASSER_FREE + r as usize] += sign;
                    }
                }
            }
            for sq in board.pieces(Piece::new(color, Role::Rook)) {
                let (f, _) = at(color, sq);
                let own = own_pawns.iter().any(|&(of, _)| of == f);
                let theirs = enemy_pawns.iter().any(|&(ef, _)| ef == f);
                if !own && !theirs {
                    t[feature::ROOK_OPEN] += sign;
                } else if !own {
                    t[feature::ROOK_SEMI_OPEN] += sign;
                }
                if at(color, sq).1 == 6 {
                    t[feature::ROOK_SEVENTH] += sign;
                }
            }
            for sq in board.pieces(Piece::new(color, Role::Knight)) {
                let (f, r) = at(color, sq);
                let defended = own_pawns
                    .iter()
                    .any(|&(of, or)| (of - f).abs() == 1 && or == r - 1);
                // No enemy pawn on a file next to it, ahead of it, can attack it.
                let chaser = enemy_pawns
                    .iter()
                    .any(|&(ef, er)| (ef - f).abs() == 1 && er > r);
                if (3..=5).contains(&r) && defended && !chaser {
                    t[feature::KNIGHT_OUTPOST] += sign;
                }
            }
            for role in [Role::Knight, Role::Bishop] {
                for sq in board.pieces(Piece::new(color, role)) {
                    let (f, r) = at(color, sq);
                    if own_pawns.contains(&(f, r + 1)) {
                        t[feature::MINOR_BEHIND_PAWN] += sign;
                    }
                    if role == Role::Bishop {
                        let light = (f + sq.rank().index() as i32) % 2;
                        for p in board.pieces(Piece::new(color, Role::Pawn)) {
                            if (p.file().index() + p.rank().index()) as i32 % 2 == light {
                                t[feature::BISHOP_PAWNS] += sign;
                            }
                        }
                    }
                }
            }
            // Weak squares next to the enemy king; space.
            let mut own_attacks = Bitboard::EMPTY;
            for sq in board.occupancy(color) {
                own_attacks |= attacks_of(board.piece_on(sq).unwrap(), sq);
            }
            let enemy_king_sq = board.king_square(enemy);
            for sq in king_attacks(enemy_king_sq) {
                let held = board.occupancy(enemy).into_iter().any(|from| {
                    let piece = board.piece_on(from).unwrap();
                    !matches!(piece.role(), Role::King | Role::Queen)
                        && attacks_of(piece, from).has(sq)
                });
                if own_attacks.has(sq) && !held {
                    t[feature::KING_RING_WEAK] += sign;
                }
            }
            let pieces = board
                .occupancy(color)
                .into_iter()
                .filter(|&sq| {
                    !matches!(board.piece_on(sq).unwrap().role(), Role::Pawn | Role::King)
                })
                .count() as i32;
            let mut space = 0;
            for f in 2..=5 {
                for r in 1..=3 {
                    let sq = sq_at(color, f, r);
                    let enemy_pawn_hits = board
                        .pieces(Piece::new(enemy, Role::Pawn))
                        .into_iter()
                        .any(|p| attacks_of(Piece::new(enemy, Role::Pawn), p).has(sq));
                    if enemy_pawn_hits || own_pawns.contains(&(f, r)) {
                        continue;
                    }
                    space += 1;
                    if own_pawns.iter().any(|&(of, or)| of == f && or > r) {
                        space += 1;
                    }
                }
            }
            t[feature::SPACE] += sign * (space * pieces / 4);
            // Pawn pushes: one square forward, empty, no enemy pawn attacking it.
            let enemy_pawn_attacks = board
                .pieces(Piece::new(enemy, Role::Pawn))
                .into_iter()
                .fold(Bitboard::EMPTY, |a, sq| {
                    a | attacks_of(Piece::new(enemy, Role::Pawn), sq)
                });
            let own_pawn_attacks = board
                .pieces(Piece::new(color, Role::Pawn))
                .into_iter()
                .fold(Bitboard::EMPTY, |a, sq| {
                    a | attacks_of(Piece::new(color, Role::Pawn), sq)
                });
            let mut threatened = Bitboard::EMPTY;
            for &(f, r) in &own_pawns {
                let to = sq_at(color, f, r + 1);
                if r < 6 && board.piece_on(to).is_none() && !enemy_pawn_attacks.has(to) {
                    threatened |= attacks_of(Piece::new(color, Role::Pawn), to);
                }
            }
            for sq in board.occupancy(enemy) {
                let role = board.piece_on(sq).unwrap().role();
                let piece = !matches!(role, Role::Pawn | Role::King);
                if piece && threatened.has(sq) && !own_pawn_attacks.has(sq) {
                    t[feature::PAWN_PUSH_THREAT] += sign;
                }
            }
            // The enemy king: its file, the storm, the safe checks.
            let king = board.king_square(enemy);
            let (kf, kr) = at(color, king);
            if !enemy_pawns.iter().any(|&(ef, _)| ef == kf) {
                t[feature::KING_OPEN_FILE] += sign;
            }
            for &(f, r) in &own_pawns {
                if (f - kf).abs() <= 1 && (1..=3).contains(&(kr - r)) {
                    t[feature::PAWN_STORM] += sign;
                }
            }
            for target in Square::ALL {
                if board.occupancy(color).has(target) || enemy_attacks.has(target) {
                    continue;
                }
                for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
                    let piece = Piece::new(color, role);
                    let reaches = board
                        .pieces(piece)
                        .into_iter()
                        .any(|sq| attacks_of(piece, sq).has(target));
                    if reaches && attacks_of(piece, target).has(king) {
                        t[feature::SAFE_CHECK] += sign;
                    }
                }
            }
        }
        t
    }

    #[test]
    fn set_operations_match_the_square_by_square_definitions() {
        let roots = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            "2r2rk1/1b3ppp/p2p4/1p1Np1P1/4P2P/1P1Q4/P1P5/1K1R3R b - - 0 22",
            "6k1/5p2/4p1pp/3nP3/1p1P1N2/1P4P1/5P1P/6K1 w - - 0 35",
        ];
        let checked = [
            feature::DOUBLED,
            feature::ISOLATED,
            feature::ROOK_OPEN,
            feature::ROOK_SEMI_OPEN,
            feature::SAFE_CHECK,
            feature::KING_OPEN_FILE,
            feature::PAWN_STORM,
            feature::KNIGHT_OUTPOST,
            feature::ROOK_SEVENTH,
            feature::PAWN_PUSH_THREAT,
            feature::BISHOP_PAWNS,
            feature::MINOR_BEHIND_PAWN,
            feature::KING_RING_WEAK,
            feature::SPACE,
        ];
        let mut count = 0;
        for fen in roots {
            let root = Board::from_fen(fen).unwrap();
            let mut boards = vec![root];
            for mv in root.legal_moves().iter() {
                let mut child = root;
                child.make_move(*mv);
                boards.push(child);
            }
            for board in boards {
                let (got, want) = (trace(&board).pairs, reference_terms(&board));
                for f in checked
                    .into_iter()
                    .chain(feature::PASSED..feature::PASSED + 8)
                    .chain(feature::PASSER_FREE..feature::PASSER_FREE + 8)
                    .chain(feature::PASSER_KINGS..feature::PASSER_KINGS + 8)
                {
                    assert_eq!(got[f], want[f], "term {f} of {}", board.fen());
                }
                count += 1;
            }
        }
        assert!(count > 150, "{count}");
    }

    fn terms_of(fen: &str) -> [i32; feature::COUNT] {
        trace(&Board::from_fen(fen).unwrap()).pairs
    }

    #[test]
    fn threats_count_attacked_pieces_by_the_attacker_kind() {
        // White: pawn d4 hits the knight e5 (defended by the pawn d6), knight c3 hits
        // the rook b5 (defended by nothing: hanging), rook a4 hits the queen a7
        // (defended by the king b8). Black: the queen a7 hits the rook a4, which the
        // knight c3 defends. Each count is White's less Black's.
        let t = terms_of("1k6/q7/3p4/1r2n3/R2P4/2N5/8/4K3 w - - 0 1");
        assert_eq!(t[feature::THREAT_BY_PAWN], 1);
        assert_eq!(t[feature::THREAT_BY_MINOR], 1);
        assert_eq!(t[feature::THREAT_BY_ROOK], 1);
        assert_eq!(t[feature::HANGING], 1);
    }

    #[test]
    fn passer_terms_see_the_blocker_and_the_kings() {
        // White passer on d6 blocked by the black king on d7; the white king on d1 is
        // 6 squares from d7, the black king 0.
        let t = terms_of("8/3k4/3P4/8/8/8/8/3K4 w - - 0 1");
        assert_eq!(t[feature::PASSER_BLOCKED], 1);
        assert_eq!(t[feature::PASSER_KINGS + 5], -6);
        // Two white pawns defending each other diagonally: one protected pawn.
        let t = terms_of("4k3/8/8/8/3P4/2P5/8/4K3 w - - 0 1");
        assert_eq!(t[feature::PROTECTED_PAWN], 1);
    }

    #[test]
    fn king_attack_terms() {
        // The white knight e5 can check the king h8 from f7 and g6, both safe.
        let t = terms_of("7k/8/8/4N3/8/8/8/K7 w - - 0 1");
        assert_eq!(t[feature::SAFE_CHECK], 2);
        // A black rook f8 covers f7 (White keeps g6) and checks the king a1 safely
        // from a8 and f1: 1 - 2.
        let t = terms_of("5r1k/8/8/4N3/8/8/8/K7 w - - 0 1");
        assert_eq!(t[feature::SAFE_CHECK], -1);
        // Neither king has a pawn on its file: both "open", the counts cancel.
        assert_eq!(t[feature::KING_OPEN_FILE], 0);
        // A queen d1 checks the king h8 safely from d4 (diagonal), d8, h1 and h5.
        let t = terms_of("7k/8/8/8/8/8/8/K2Q4 w - - 0 1");
        assert_eq!(t[feature::SAFE_CHECK], 4);
        // A bishop e3 adds d4 again: a square counts once per piece kind.
        let t = terms_of("7k/8/8/8/8/4B3/8/K2Q4 w - - 0 1");
        assert_eq!(t[feature::SAFE_CHECK], 5);
        // A white pawn storm: g5 and h5 within three ranks in front of the black king
        // g8 (ranks 7, 6, 5), with a black pawn on g7 keeping the g-file closed.
        let t = terms_of("6k1/6p1/8/6PP/8/8/8/K7 w - - 0 1");
        assert_eq!(t[feature::PAWN_STORM], 2);
        assert_eq!(
            t[feature::KING_OPEN_FILE],
            -1,
            "only the king a1 has an open file"
        );
        // Four ranks away is no storm; Black's pawns storm the white king g1.
        let t = terms_of("6k1/8/8/8/6P1/8/5p1p/6K1 w - - 0 1");
        assert_eq!(t[feature::PAWN_STORM], -2);
        // A knight on e5 defended by d4 with no black pawn on d/f ahead: an outpost;
        // with a black pawn on f7 it can be chased away; on e4 (rank 4) defended by d3
        // it is one again, and a black pawn on f3 behind it does not chase it.
        let t = terms_of("4k3/8/8/4N3/3P4/8/8/4K3 w - - 0 1");
        assert_eq!(t[feature::KNIGHT_OUTPOST], 1);
        let t = terms_of("4k3/5p2/8/4N3/3P4/8/8/4K3 w - - 0 1");
        assert_eq!(t[feature::KNIGHT_OUTPOST], 0);
        let t = terms_of("4k3/8/8/8/4N3/3P1p2/8/4K3 w - - 0 1");
        assert_eq!(t[feature::KNIGHT_OUTPOST], 1);
        // The same for Black: a knight d4 defended by e5, no white pawn on c/e below.
        let t = terms_of("4k3/8/8/4p3/3n4/8/8/4K3 w - - 0 1");
        assert_eq!(t[feature::KNIGHT_OUTPOST], -1);
        let t = terms_of("4k3/8/8/4p3/3n4/8/2P5/4K3 w - - 0 1");
        assert_eq!(t[feature::KNIGHT_OUTPOST], 0);
        // Rank 7 is no outpost.
        let t = terms_of("4k3/4N3/3P4/8/8/8/8/4K3 w - - 0 1");
        assert_eq!(t[feature::KNIGHT_OUTPOST], 0);
    }
}
