//! The evaluation network: a learned correction added to the hand-set terms, or the
//! whole evaluation when its file says so ([`FULL`]).
//!
//! Inputs are the 768 piece-on-square features (own/other colour × role × square) seen
//! from each side: White's view reads the board as it is, Black's view flips it
//! vertically and swaps the colours, so a position and its colour-flipped mirror get
//! exactly the same score. A king-bucketed network has [`KING_BUCKETS`] sets of them
//! per view, and the square of the view's own king picks the set and whether the view
//! is mirrored horizontally ([`Network::king_slot`]). Each view feeds a hidden layer of [`HIDDEN`] units with a
//! clipped ReLU (0 … 1) or its square, and one output neuron reads the side to move's
//! units and then the other side's. A network file may give that neuron [`BUCKETS`]
//! sets of weights, one per [`bucket`] of the number of pieces on the board, so the
//! same hidden units weigh differently in the opening, middlegame and ending. The
//! output, in centipawns, is either added to the hand-set evaluation
//! ([`super::hand_crafted`]), for a network trained on the difference between
//! reference scores and that evaluation, or is the evaluation itself ([`FULL`]), for a
//! network trained on the scores directly (`wingtip-net --full` in the `tuner` crate).
//!
//! The weights are `src/eval/net.bin`, which build.rs checks (magic, version, size,
//! checksum) and turns into constants ([`crate::tables::net`]): [`NET`] is static data
//! and nothing is initialised at run time. The integer arithmetic here is the one the
//! trainer uses to report the quantised network's error (it calls [`correction`] with
//! its own [`Network`]).
//!
//! [`correction`] recomputes the first layer's sums from the board. The search keeps
//! them per ply instead whenever a network is active: [`Accumulator`], updated by
//! [`update_view`] for the pieces a move changes, or recomputed for one view by
//! [`refresh_view`] when its king moves to a square with another [`KingSlot`].
//!
//! # Examples
//! ```
//! use wingtip::eval::net::{self, NET};
//! use wingtip::Board;
//! let c = net::correction(&NET, &Board::startpos());
//! // A symmetric position: the correction is the same for either side to move.
//! let black = Board::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1").unwrap();
//! assert_eq!(c, net::correction(&NET, &black));
//! ```

use crate::tables::net::{
    NET_B1, NET_B2, NET_BUCKETS, NET_FULL, NET_HIDDEN, NET_INPUTS, NET_KING_BUCKETS, NET_KING_MAP,
    NET_KING_MAPPED, NET_MAX_BUCKETS, NET_QA, NET_QB, NET_SQUARED, NET_W1, NET_W2, NET_ZERO,
};
use crate::{Board, Color, Piece};

/// Inputs per view and king bucket: own/other colour × 6 roles × 64 squares.
pub const FEATURES: usize = NET_INPUTS;
/// King buckets of the compiled-in network: 1 for plain inputs.
pub const KING_BUCKETS: usize = NET_KING_BUCKETS;
/// First-layer rows of the compiled-in network: [`FEATURES`] per king bucket.
pub const INPUTS: usize = NET_INPUTS * NET_KING_BUCKETS;
/// Whether the compiled-in network has a king map (its file's kind flag 8): its inputs
/// then depend on where each king stands, and a king move can change a whole view.
pub const KING_MAPPED: bool = NET_KING_MAPPED && !NET_ZERO;
/// The bit of a king map byte that mirrors the view horizontally.
pub const MIRROR: u8 = 0x80;
/// First-layer scale: weights are stored as `round(w · QA)`; activations clip at `QA`.
pub const QA: i32 = NET_QA;
/// Output-layer scale: weights are stored as `round(w · QB)`.
pub const QB: i32 = NET_QB;
/// Hidden units per view in the compiled-in network.
pub const HIDDEN: usize = NET_HIDDEN;
/// Output buckets: the output layer has one row of weights and a bias per bucket, and a
/// position reads the row of [`bucket`] of its piece count. A network file with one
/// output has it repeated in every row.
pub const BUCKETS: usize = NET_MAX_BUCKETS;
/// The compiled-in network's own number of output buckets: 1 (one output, repeated in
/// every row) or [`BUCKETS`].
pub const FILE_BUCKETS: usize = NET_BUCKETS;

/// The output bucket of a position with `pieces` pieces on the board (kings and pawns
/// included): `(pieces − 2) / 4`, at most `BUCKETS − 1`; 2–5 pieces read bucket 0,
/// a full board bucket 7.
#[inline]
pub const fn bucket(pieces: u32) -> usize {
    let b = pieces.saturating_sub(2) as usize / 4;
    if b < BUCKETS {
        b
    } else {
        BUCKETS - 1
    }
}
/// Whether the compiled-in network corrects anything. `false` when its file is all
/// zeros: [`super::evaluate`] then skips it, so it costs no time, and the linker drops
/// the weights from the binary.
pub const ACTIVE: bool = !NET_ZERO;
/// Whether the compiled-in network is the whole evaluation ([`super::evaluate`] is then
/// its output, within ±[`LIMIT`]) rather than a correction to the hand-set terms.
pub const FULL: bool = NET_FULL && ACTIVE;
/// The largest absolute evaluation a full network gives, centipawns: well inside the
/// search's mate scores, and within what the hash table stores.
pub const LIMIT: i32 = 4000;

/// A network's integer weights (`H` hidden units per view, `I` first-layer rows:
/// [`FEATURES`] times its king buckets).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network<const H: usize, const I: usize = INPUTS> {
    /// First-layer weights, one row per input feature ([`feature_in`]).
    pub w1: [[i16; H]; I],
    /// First-layer biases.
    pub b1: [i16; H],
    /// Output weights per bucket ([`bucket`]): `[b][0]` reads the side to move's
    /// units, `[b][1]` the other side's.
    pub w2: [[[i16; H]; 2]; BUCKETS],
    /// Output biases per bucket, in units of `1 / (QA · QB)` pawn.
    pub b2: [i32; BUCKETS],
    /// Squared clipped-ReLU units (`clamp(x, 0, QA)² / QA`) instead of clipped ReLUs.
    pub squared: bool,
    /// Per square of a view's own king, as that view sees the board (a8 = 0 … h1 = 63,
    /// Black's view flipped vertically): the king bucket in bits 0–6 (below `I /
    /// FEATURES`) and [`MIRROR`]. All zeros for plain inputs.
    pub king_map: [u8; 64],
}

/// Which set of a view's inputs is read, and whether the view is mirrored: what the
/// square of the view's own king decides ([`Network::king_slot`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct KingSlot {
    /// The first row of the set: [`FEATURES`] times the king bucket.
    base: u16,
    /// 7 when the view is mirrored (square indices XOR 7 flips the files), else 0.
    mirror: u8,
}

impl KingSlot {
    /// The slot of plain inputs: the first set, not mirrored.
    pub const PLAIN: KingSlot = KingSlot { base: 0, mirror: 0 };
}

impl<const H: usize, const I: usize> Network<H, I> {
    /// The slot of `view` when its own king stands on square index `king` (a8 = 0 …
    /// h1 = 63, the board's own orientation): [`king_slot`] of the network's map.
    #[inline(always)]
    pub fn king_slot(&self, view: Color, king: usize) -> KingSlot {
        king_slot(&self.king_map, view, king)
    }

    /// The slots of both views of `board`, White's first.
    #[inline]
    pub fn king_slots(&self, board: &Board) -> [KingSlot; 2] {
        king_slots(&self.king_map, board)
    }
}

/// The slot of `view` under the king map `map` (see [`Network::king_map`]) when its
/// own king stands on square index `king` (a8 = 0 … h1 = 63, the board's own
/// orientation). A map byte's bucket is taken as it is: [`Network`]s built from a
/// checked file (build.rs, the trainer) only hold buckets below their count.
#[inline(always)]
pub fn king_slot(map: &[u8; 64], view: Color, king: usize) -> KingSlot {
    let flip = if matches!(view, Color::White) { 0 } else { 56 };
    let entry = map[(king ^ flip) & 63];
    KingSlot {
        base: u16::from(entry & !MIRROR) * FEATURES as u16,
        mirror: if entry & MIRROR != 0 { 7 } else { 0 },
    }
}

/// The slots of both views of `board` under the king map `map`, White's first.
#[inline]
pub fn king_slots(map: &[u8; 64], board: &Board) -> [KingSlot; 2] {
    [Color::White, Color::Black].map(|view| king_slot(map, view, board.king_square(view).index()))
}

/// The compiled-in network (`src/eval/net.bin`).
pub static NET: Network<HIDDEN> = Network {
    w1: NET_W1,
    b1: NET_B1,
    w2: NET_W2,
    b2: NET_B2,
    squared: NET_SQUARED,
    king_map: NET_KING_MAP,
};

/// Returns the input index of `piece` on square index `sq` (a8 = 0 … h1 = 63) in the
/// view of `view` among a set of [`FEATURES`]: own pieces first, squares flipped
/// vertically for Black. It is the index in a network with plain inputs.
#[inline(always)]
pub const fn feature(view: Color, piece: Piece, sq: usize) -> usize {
    let own = piece.color() as usize == view as usize;
    let flip = if matches!(view, Color::White) { 0 } else { 56 };
    (if own { 0 } else { 384 }) + piece.role() as usize * 64 + (sq ^ flip)
}

/// Returns the input index of `piece` on square index `sq` in the view of `view`
/// whose king slot is `slot`: [`feature`] in the slot's set, of the square mirrored
/// when the slot says so.
#[inline(always)]
pub const fn feature_in(slot: KingSlot, view: Color, piece: Piece, sq: usize) -> usize {
    slot.base as usize + feature(view, piece, sq ^ slot.mirror as usize)
}

/// A network's first-layer sums for one position: `[0]` in White's view, `[1]` in
/// Black's. Kept as `i16` with wrapping arithmetic, so that summing the same rows in any
/// order (from scratch, or move by move) gives the same bits.
pub type Accumulator<const H: usize> = [[i16; H]; 2];

/// Returns the accumulator of `board`, computed from scratch.
pub fn refresh<const H: usize, const I: usize>(
    net: &Network<H, I>,
    board: &Board,
) -> Accumulator<H> {
    [
        refresh_view(net, board, Color::White),
        refresh_view(net, board, Color::Black),
    ]
}

/// Returns the first-layer sums of `view` of `board`, computed from scratch.
#[inline(always)]
pub fn refresh_view<const H: usize, const I: usize>(
    net: &Network<H, I>,
    board: &Board,
    view: Color,
) -> [i16; H] {
    let slot = net.king_slot(view, board.king_square(view).index());
    let mut sums = net.b1;
    for piece in Piece::ALL {
        for sq in board.pieces(piece) {
            let row = &net.w1[feature_in(slot, view, piece, sq.index())];
            for i in 0..H {
                sums[i] = sums[i].wrapping_add(row[i]);
            }
        }
    }
    sums
}

/// Adds `piece` on square index `sq` to `acc` (a piece put on the board), both views
/// read through `slots` (White's first: [`Network::king_slots`]).
#[inline]
pub fn add<const H: usize, const I: usize>(
    net: &Network<H, I>,
    acc: &mut Accumulator<H>,
    slots: [KingSlot; 2],
    piece: Piece,
    sq: usize,
) {
    apply(net, acc, slots, piece, sq, i16::wrapping_add);
}

/// Removes `piece` on square index `sq` from `acc` (a piece taken off the board), both
/// views read through `slots` (White's first).
#[inline]
pub fn remove<const H: usize, const I: usize>(
    net: &Network<H, I>,
    acc: &mut Accumulator<H>,
    slots: [KingSlot; 2],
    piece: Piece,
    sq: usize,
) {
    apply(net, acc, slots, piece, sq, i16::wrapping_sub);
}

/// Combines the rows of `piece` on `sq` into both views of `acc` with `op`.
#[inline(always)]
fn apply<const H: usize, const I: usize>(
    net: &Network<H, I>,
    acc: &mut Accumulator<H>,
    slots: [KingSlot; 2],
    piece: Piece,
    sq: usize,
    op: fn(i16, i16) -> i16,
) {
    for (v, view) in [Color::White, Color::Black].into_iter().enumerate() {
        let row = &net.w1[feature_in(slots[v], view, piece, sq)];
        for i in 0..H {
            acc[v][i] = op(acc[v][i], row[i]);
        }
    }
}

/// Hidden units summed in `i32` before a partial sum is widened to `i64` in [`output`]:
/// each product is below 2^25 in magnitude (a clipped unit, at most `QA` = 2^10, times
/// an `i16` weight), so 32 of them stay below 2^30.
const CHUNK: usize = 32;

/// `Σ clamp(a, 0, QA)² · w`, exactly, for any `i16` inputs. Each square (at most 2^20)
/// is split into its high and low ten bits, so every product fits an `i32`, and partial
/// sums over [`CHUNK`] units are widened before they could overflow; the `i32` inner
/// loops vectorise (SSE4.1 and wider) where a direct `i64` product would not.
#[inline(always)]
fn dot_squared(a: &[i16], w: &[i16]) -> i64 {
    const _: () = assert!(QA == 1 << 10, "the split below assumes QA = 2^10");
    let (mut hi, mut lo) = (0i64, 0i64);
    for (ac, wc) in a.chunks(CHUNK).zip(w.chunks(CHUNK)) {
        let (mut h, mut l) = (0i32, 0i32);
        for (&x, &wt) in ac.iter().zip(wc) {
            let c = i32::from(x).clamp(0, QA);
            let sq = c * c;
            h += (sq >> 10) * i32::from(wt);
            l += (sq & (QA - 1)) * i32::from(wt);
        }
        hi += i64::from(h);
        lo += i64::from(l);
    }
    (hi << 10) + lo
}

/// `Σ clamp(a, 0, QA) · w`, exactly, for any `i16` inputs (partial sums over [`CHUNK`]
/// units in `i32`, as in [`dot_squared`]).
#[inline(always)]
fn dot_clipped(a: &[i16], w: &[i16]) -> i64 {
    let mut sum = 0i64;
    for (ac, wc) in a.chunks(CHUNK).zip(w.chunks(CHUNK)) {
        let mut s = 0i32;
        for (&x, &wt) in ac.iter().zip(wc) {
            s += i32::from(x).clamp(0, QA) * i32::from(wt);
        }
        sum += i64::from(s);
    }
    sum
}

/// Returns the network's output for the position whose accumulator is `acc`, with
/// `us` to move and `pieces` pieces on the board (which choose the output bucket):
/// centipawns, from the side to move's point of view.
///
/// For squared units the value is `(b2 + Σ_views (Σ clamp(a, 0, QA)² · w) / QA) · 100 /
/// (QA · QB)`, with the bucket's `b2` and `w`, each division truncating toward zero, in
/// exact integer arithmetic; for clipped units the same without the square and the
/// division by `QA`.
#[inline(always)]
pub fn output<const H: usize, const I: usize>(
    net: &Network<H, I>,
    acc: &Accumulator<H>,
    us: Color,
    pieces: u32,
) -> i32 {
    let us = us as usize;
    let b = bucket(pieces);
    let mut out = i64::from(net.b2[b]);
    for (a, w) in [(&acc[us], &net.w2[b][0]), (&acc[1 - us], &net.w2[b][1])] {
        out += if net.squared {
            dot_squared(a, w) / i64::from(QA)
        } else {
            dot_clipped(a, w)
        };
    }
    (out * 100 / i64::from(QA * QB)) as i32
}

/// Sets `acc` to `prev` with the rows of `added` added and those of `removed` taken
/// away, in both views read through `slots` (White's first): the accumulator after a
/// move whose king slots are unchanged, from the one before it ([`update_view`] for
/// each view).
#[inline]
pub fn update<const H: usize, const I: usize>(
    net: &Network<H, I>,
    prev: &Accumulator<H>,
    acc: &mut Accumulator<H>,
    slots: [KingSlot; 2],
    added: &[(Piece, usize)],
    removed: &[(Piece, usize)],
) {
    for (v, view) in [Color::White, Color::Black].into_iter().enumerate() {
        update_view(net, view, slots[v], &prev[v], &mut acc[v], added, removed);
    }
}

/// Sets `dst` to `src` (the sums of `view`, read through `slot`) with the rows of
/// `added` added and those of `removed` taken away, in one pass over the sums (the
/// same bits as copying `src` and adding and removing each row). Each slice holds at
/// most two `(piece, square index)` pairs, as a chess move changes; the view's king
/// slot must be the same before and after (else [`refresh_view`]).
#[inline(always)]
pub fn update_view<const H: usize, const I: usize>(
    net: &Network<H, I>,
    view: Color,
    slot: KingSlot,
    src: &[i16; H],
    dst: &mut [i16; H],
    added: &[(Piece, usize)],
    removed: &[(Piece, usize)],
) {
    let row = |&(piece, sq): &(Piece, usize)| &net.w1[feature_in(slot, view, piece, sq)];
    match (added, removed) {
        ([a], [r]) => {
            let (a, r) = (row(a), row(r));
            for i in 0..H {
                dst[i] = src[i].wrapping_add(a[i]).wrapping_sub(r[i]);
            }
        }
        ([a], [r1, r2]) => {
            let (a, r1, r2) = (row(a), row(r1), row(r2));
            for i in 0..H {
                dst[i] = src[i]
                    .wrapping_add(a[i])
                    .wrapping_sub(r1[i])
                    .wrapping_sub(r2[i]);
            }
        }
        _ => {
            *dst = *src;
            for a in added {
                let a = row(a);
                for i in 0..H {
                    dst[i] = dst[i].wrapping_add(a[i]);
                }
            }
            for r in removed {
                let r = row(r);
                for i in 0..H {
                    dst[i] = dst[i].wrapping_sub(r[i]);
                }
            }
        }
    }
}

/// Returns the network's output for `board`, centipawns, from the side to move's
/// point of view: the correction to the hand-set terms, or for a full network the
/// evaluation (unclamped). The same as [`output`] of [`refresh`].
pub fn correction<const H: usize, const I: usize>(net: &Network<H, I>, board: &Board) -> i32 {
    let pieces = board.occupied().len();
    output(net, &refresh(net, board), board.side_to_move(), pieces)
}
