//! Training the evaluation network (`wingtip::eval::net`) in floating point, and turning
//! it into the integer file the engine builds in.
//!
//! The network corrects the hand-set evaluation: for a position with hand-set score
//! `e₀` (centipawns, side to move) the prediction is `sigmoid(K · (e₀ + 100 · n(x)))`,
//! where `n` is the network's output in pawns, and the error is the squared distance to
//! the target (the reference engine's score through the same sigmoid, blended with the
//! game result by `--score-weight`, as in the Texel tuner). Mini-batch Adam; the hidden
//! units are clipped ReLUs (0 … 1), exactly what the engine's integer code computes
//! with the weights scaled by `QA` and `QB`.

use wingtip::eval::net::{self as enet, feature_in, king_slots, Network, BUCKETS, QA, QB};
use wingtip::{Board, Color, Piece};
use wingtip_codegen::net::NetFile;
use wingtip_codegen::net::{INPUTS, MAX_KING_BUCKETS};
use wingtip_codegen::rng::SplitMix64;

/// One training position.
#[derive(Clone, Debug)]
pub struct Sample {
    /// Active inputs in White's view, then in Black's view (`len` each).
    pub feats: [[u16; 32]; 2],
    /// How many inputs are active per view (the number of pieces).
    pub len: u8,
    /// Whether White is to move.
    pub white_to_move: bool,
    /// The hand-set evaluation, centipawns, side to move's point of view.
    pub base: f32,
    /// The target, side to move's point of view, 0 … 1.
    pub target: f32,
}

impl Sample {
    /// The position's output bucket ([`enet::bucket`] of its piece count) in a network
    /// with `buckets` output buckets (1: always 0).
    #[inline]
    pub fn bucket(&self, buckets: usize) -> usize {
        if buckets == 1 {
            0
        } else {
            enet::bucket(u32::from(self.len))
        }
    }
}

impl Sample {
    /// Builds the sample of `board` with hand-set score `base` (side to move) and
    /// target `target_white` (White's point of view), for a network with plain inputs.
    pub fn new(board: &Board, base: i32, target_white: f64) -> Sample {
        Sample::with_king_map(board, base, target_white, &[0; 64])
    }

    /// [`Sample::new`] for a network whose inputs follow the king map `map`
    /// ([`Network::king_map`]; all zeros for plain inputs).
    pub fn with_king_map(board: &Board, base: i32, target_white: f64, map: &[u8; 64]) -> Sample {
        let slots = king_slots(map, board);
        let mut feats = [[0u16; 32]; 2];
        let mut len = 0usize;
        for piece in Piece::ALL {
            for sq in board.pieces(piece) {
                if len == 32 {
                    break;
                }
                feats[0][len] = feature_in(slots[0], Color::White, piece, sq.index()) as u16;
                feats[1][len] = feature_in(slots[1], Color::Black, piece, sq.index()) as u16;
                len += 1;
            }
        }
        let white = board.side_to_move() == Color::White;
        let t = if white {
            target_white
        } else {
            1.0 - target_white
        };
        Sample {
            feats,
            len: len as u8,
            white_to_move: white,
            base: base as f32,
            target: t as f32,
        }
    }
}

/// `1 / (1 + 10^(−K · cp / 400))`.
pub fn sigmoid(k: f64, cp: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * cp / 400.0))
}

/// The sibling loss of evaluations `e` against reference scores `r` (centipawns, one
/// group of siblings): both clipped to ±`clip` and centred on their group mean, the mean
/// squared difference in pawns. Returns the loss and each sibling's difference (pawns).
pub fn spread_loss(e: &[f32], r: &[f32], clip: f32) -> (f64, Vec<f32>) {
    let n = e.len().max(1) as f32;
    let e: Vec<f32> = e.iter().map(|x| x.clamp(-clip, clip)).collect();
    let r: Vec<f32> = r.iter().map(|x| x.clamp(-clip, clip)).collect();
    let (em, rm) = (e.iter().sum::<f32>() / n, r.iter().sum::<f32>() / n);
    let d: Vec<f32> = e
        .iter()
        .zip(&r)
        .map(|(e, r)| ((e - em) - (r - rm)) / 100.0)
        .collect();
    let loss = d.iter().map(|d| f64::from(d * d)).sum::<f64>() / f64::from(n);
    (loss, d)
}

/// A network in floating point, `hidden` units per view.
#[derive(Clone, Debug, PartialEq)]
pub struct FloatNet {
    /// Hidden units per view.
    pub hidden: usize,
    /// `[INPUTS · king buckets][hidden]`.
    pub w1: Vec<f32>,
    /// `[hidden]`.
    pub b1: Vec<f32>,
    /// `[buckets][2][hidden]`: per output bucket, the side to move's, then the other
    /// side's.
    pub w2: Vec<f32>,
    /// Output biases, pawns, `[buckets]`.
    pub b2: Vec<f32>,
    /// Output buckets: 1, or [`BUCKETS`] chosen by the piece count ([`Sample::bucket`]).
    pub buckets: usize,
    /// Squared clipped ReLU (`clamp(x, 0, 1)²`) hidden units instead of clipped ReLU.
    pub squared: bool,
    /// The king map of king-bucketed inputs ([`Network::king_map`]), `None` for plain
    /// inputs. Samples must be built with the same map ([`Sample::with_king_map`]).
    pub king_map: Option<[u8; 64]>,
    /// Whether `w1` ends with a factor: [`INPUTS`] rows shared by every king bucket
    /// (input `f` reads its own row plus factor row `f mod INPUTS`), so what the
    /// buckets have in common is learnt from every position. [`FloatNet::quantise`]
    /// folds the factor into each bucket's rows.
    pub factored: bool,
}

/// Deterministic random numbers for initialisation and shuffling (the magic search's
/// SplitMix64).
#[derive(Clone, Debug)]
pub struct Rng(SplitMix64);

impl Rng {
    /// A generator seeded with `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(SplitMix64::new(seed))
    }
    /// Uniform in [−a, a).
    pub fn uniform(&mut self, a: f32) -> f32 {
        ((self.0.next_u64() >> 40) as f32 / (1u64 << 24) as f32 * 2.0 - 1.0) * a
    }
    /// Uniform in 0 .. n.
    pub fn below(&mut self, n: usize) -> usize {
        (self.0.next_u64() % n as u64) as usize
    }
}

impl FloatNet {
    /// A fresh network: small random first layer, biases in the units' active range,
    /// and a near-zero output layer (so training starts from the hand-set evaluation).
    pub fn new(hidden: usize, seed: u64) -> FloatNet {
        let mut rng = Rng::new(seed);
        FloatNet {
            hidden,
            w1: (0..INPUTS * hidden).map(|_| rng.uniform(0.05)).collect(),
            b1: vec![0.5; hidden],
            w2: (0..2 * hidden).map(|_| rng.uniform(0.01)).collect(),
            b2: vec![0.0],
            buckets: 1,
            squared: false,
            king_map: None,
            factored: false,
        }
    }

    /// The same network with king-bucketed inputs under `map`: every king bucket
    /// starts as a copy of the plain first layer, so training starts from the plain
    /// network's function and the buckets then part.
    pub fn with_king_map(mut self, map: [u8; 64]) -> FloatNet {
        let kings = wingtip_codegen::net::king_buckets(&map);
        assert!(
            kings <= MAX_KING_BUCKETS,
            "at most {MAX_KING_BUCKETS} king buckets"
        );
        assert_eq!(self.w1.len(), INPUTS * self.hidden, "a plain network");
        self.w1 = self.w1.repeat(kings);
        self.king_map = Some(map);
        self
    }

    /// The same network with king-bucketed inputs under `map` and a factor: the plain
    /// first layer becomes the factor, shared by every bucket, and each bucket's own
    /// rows start at zero (see [`FloatNet::factored`]).
    pub fn with_factored_king_map(mut self, map: [u8; 64]) -> FloatNet {
        let kings = wingtip_codegen::net::king_buckets(&map);
        assert!(
            kings <= MAX_KING_BUCKETS,
            "at most {MAX_KING_BUCKETS} king buckets"
        );
        assert_eq!(self.w1.len(), INPUTS * self.hidden, "a plain network");
        let mut w1 = vec![0.0; kings * INPUTS * self.hidden];
        w1.extend_from_slice(&self.w1);
        self.w1 = w1;
        self.king_map = Some(map);
        self.factored = true;
        self
    }

    /// The factor's first row of a factored network: input `f`'s shared row is `at + f
    /// mod INPUTS`. `None` without a factor.
    #[inline]
    fn factor_at(&self) -> Option<usize> {
        self.factored.then(|| self.w1.len() / self.hidden - INPUTS)
    }

    /// The same network with `buckets` output buckets (1 or [`BUCKETS`]), each starting
    /// as a copy of the first bucket's weights and bias.
    pub fn with_buckets(mut self, buckets: usize) -> FloatNet {
        assert!(
            buckets == 1 || buckets == BUCKETS,
            "1 or {BUCKETS} output buckets"
        );
        let row = self.w2[..2 * self.hidden].to_vec();
        self.w2 = row.repeat(buckets);
        self.b2 = vec![self.b2[0]; buckets];
        self.buckets = buckets;
        self
    }

    /// A hidden unit's activation.
    #[inline]
    pub fn activate(&self, x: f32) -> f32 {
        let c = x.clamp(0.0, 1.0);
        if self.squared {
            c * c
        } else {
            c
        }
    }

    /// The activation's derivative at `x`.
    #[inline]
    fn activate_slope(&self, x: f32) -> f32 {
        if x <= 0.0 || x >= 1.0 {
            0.0
        } else if self.squared {
            2.0 * x
        } else {
            1.0
        }
    }

    /// The number of parameters.
    pub fn len(&self) -> usize {
        self.w1.len() + self.b1.len() + self.w2.len() + self.b2.len()
    }

    /// Whether the network has no parameters (never, for a built one).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The two views' pre-activations, side to move first.
    fn accumulate(&self, s: &Sample) -> [Vec<f32>; 2] {
        let h = self.hidden;
        let mut acc = [self.b1.clone(), self.b1.clone()];
        let views = if s.white_to_move { [0, 1] } else { [1, 0] };
        let factor = self.factor_at();
        for (a, &v) in acc.iter_mut().zip(&views) {
            for &f in &s.feats[v][..s.len as usize] {
                let row = &self.w1[f as usize * h..][..h];
                for (x, w) in a.iter_mut().zip(row) {
                    *x += w;
                }
                if let Some(at) = factor {
                    let row = &self.w1[(at + f as usize % INPUTS) * h..][..h];
                    for (x, w) in a.iter_mut().zip(row) {
                        *x += w;
                    }
                }
            }
        }
        acc
    }

    /// The output in pawns.
    pub fn output(&self, s: &Sample) -> f32 {
        let acc = self.accumulate(s);
        let h = self.hidden;
        let b = s.bucket(self.buckets);
        let mut out = self.b2[b];
        for (side, a) in acc.iter().enumerate() {
            for (x, w) in a.iter().zip(&self.w2[(2 * b + side) * h..][..h]) {
                out += self.activate(*x) * w;
            }
        }
        out
    }

    /// The squared error on `s`.
    pub fn error(&self, k: f64, s: &Sample) -> f64 {
        let e = s.base as f64 + 100.0 * self.output(s) as f64;
        let d = sigmoid(k, e) - s.target as f64;
        d * d
    }

    /// Adds the gradient of the squared error on `s` to `grad` (laid out like
    /// [`FloatNet::params`]); returns the error.
    pub fn backward(&self, k: f64, s: &Sample, grad: &mut [f32]) -> f64 {
        let e = s.base as f64 + 100.0 * self.output(s) as f64;
        let p = sigmoid(k, e);
        let d = p - s.target as f64;
        // d/d out of (p − t)²: 2 (p − t) · p (1 − p) · K ln 10 / 400 · 100.
        let g = (2.0 * d * p * (1.0 - p) * k * std::f64::consts::LN_10 / 4.0) as f32;
        self.backward_output(s, g, grad);
        d * d
    }

    /// Adds `g` times the gradient of the output (pawns) on `s` to `grad`.
    pub fn backward_output(&self, s: &Sample, g: f32, grad: &mut [f32]) {
        let h = self.hidden;
        let acc = self.accumulate(s);
        let (w1_len, b1_len) = (self.w1.len(), h);
        let factor = self.factor_at();
        let b = s.bucket(self.buckets);
        let row = 2 * b * h;
        let w2_at = w1_len + b1_len + row;
        let views = if s.white_to_move { [0, 1] } else { [1, 0] };
        for (side, a) in acc.iter().enumerate() {
            for i in 0..h {
                let x = a[i];
                grad[w2_at + side * h + i] += g * self.activate(x);
                let slope = self.activate_slope(x);
                if slope != 0.0 {
                    let da = g * self.w2[row + side * h + i] * slope;
                    grad[w1_len + i] += da;
                    for &f in &s.feats[views[side]][..s.len as usize] {
                        grad[f as usize * h + i] += da;
                        if let Some(at) = factor {
                            grad[(at + f as usize % INPUTS) * h + i] += da;
                        }
                    }
                }
            }
        }
        grad[w1_len + b1_len + self.w2.len() + b] += g;
    }

    /// The sibling loss of one group of positions that follow from one parent by its
    /// different moves (same side to move), each with a reference score (centipawns,
    /// side to move): the mean squared difference, in pawns, between the evaluation's
    /// spread around the group's mean and the reference's, both clipped to ±`clip`.
    /// It only rewards ranking siblings as the reference does (what a search compares),
    /// not the level of the whole group. Adds `weight` times its gradient to `grad`
    /// when given; returns the loss.
    pub fn sibling_loss(
        &self,
        group: &[(Sample, f32)],
        clip: f32,
        weight: f32,
        grad: Option<&mut [f32]>,
    ) -> f64 {
        let e: Vec<f32> = group
            .iter()
            .map(|(s, _)| s.base + 100.0 * self.output(s))
            .collect();
        let r: Vec<f32> = group.iter().map(|(_, t)| *t).collect();
        let (loss, d) = spread_loss(&e, &r, clip);
        if let Some(grad) = grad {
            // The d's sum to zero, so d loss / d e_i = 2 d_i / (100 n) (inside the clip);
            // e_i = base + 100 · out_i.
            let n = group.len() as f32;
            for ((s, _), (&di, &ei)) in group.iter().zip(d.iter().zip(&e)) {
                if ei.abs() < clip {
                    self.backward_output(s, weight * 2.0 * di / n, grad);
                }
            }
        }
        loss
    }

    /// Every parameter, in one slice order: w1, b1, w2, b2.
    pub fn params(&self) -> Vec<f32> {
        let mut v = Vec::with_capacity(self.len());
        v.extend(&self.w1);
        v.extend(&self.b1);
        v.extend(&self.w2);
        v.extend(&self.b2);
        v
    }

    /// Sets every parameter from `v` (the order of [`FloatNet::params`]).
    pub fn set_params(&mut self, v: &[f32]) {
        let (a, b, c) = (self.w1.len(), self.b1.len(), self.w2.len());
        self.w1.copy_from_slice(&v[..a]);
        self.b1.copy_from_slice(&v[a..a + b]);
        self.w2.copy_from_slice(&v[a + b..a + b + c]);
        let d = self.b2.len();
        self.b2.copy_from_slice(&v[a + b + c..a + b + c + d]);
    }

    /// Makes the network colour-antisymmetric: the other side's output weights become
    /// the negation of the side to move's (their average difference is kept) and the
    /// output bias 0, so the correction is `Σ w·(h_us − h_them)`, a function of the
    /// position alone that changes sign with the side to move (no tempo or threat
    /// term of its own).
    pub fn make_antisymmetric(&mut self) {
        let h = self.hidden;
        for row in self.w2.chunks_exact_mut(2 * h) {
            for i in 0..h {
                let m = 0.5 * (row[i] - row[h + i]);
                row[i] = m;
                row[h + i] = -m;
            }
        }
        self.b2.iter_mut().for_each(|b| *b = 0.0);
    }

    /// The integer network: weights rounded at the engine's scales (saturating).
    pub fn quantise(&self) -> NetFile {
        let q = |w: f32, s: i32| (w * s as f32).round().clamp(-32767.0, 32767.0) as i16;
        let h = self.hidden;
        // A factored network's factor is added to each bucket's rows.
        let w1: Vec<f32> = match self.factor_at() {
            None => self.w1.clone(),
            Some(at) => {
                let factor = &self.w1[at * h..];
                self.w1[..at * h]
                    .iter()
                    .enumerate()
                    .map(|(i, &w)| w + factor[i % (INPUTS * h)])
                    .collect()
            }
        };
        NetFile {
            hidden: self.hidden,
            w1: w1.iter().map(|&w| q(w, QA)).collect(),
            b1: self.b1.iter().map(|&w| q(w, QA)).collect(),
            w2: self.w2.iter().map(|&w| q(w, QB)).collect(),
            b2: self
                .b2
                .iter()
                .map(|&b| (b as f64 * f64::from(QA * QB)).round() as i32)
                .collect(),
            buckets: self.buckets,
            king_map: self.king_map,
            full: false,
            squared: self.squared,
        }
    }
}

/// The king map of a named layout of `wingtip-net --king-buckets`: `mirror` (one set
/// of inputs, the view mirrored when its own king is on files e–h) or `4` (mirrored,
/// and four sets by where the king stands as its view sees the board: a1 or b1, c1 or
/// d1, the second rank, further up). `None` for any other name.
pub fn king_layout(name: &str) -> Option<[u8; 64]> {
    let mut map = [0u8; 64];
    for (sq, entry) in map.iter_mut().enumerate() {
        // Row 7 is the view's own first rank (a8 = 0 … h1 = 63 as the view sees it).
        let (row, file) = (sq / 8, sq % 8);
        let mirror = file >= 4;
        let file = if mirror { 7 - file } else { file };
        let bucket = match name {
            "mirror" => 0,
            "4" => match row {
                7 if file < 2 => 0,
                7 => 1,
                6 => 2,
                _ => 3,
            },
            _ => return None,
        };
        *entry = bucket | if mirror { enet::MIRROR } else { 0 };
    }
    Some(map)
}

/// First-layer rows of the networks [`to_network`] builds: room for the most king
/// buckets a file can have (rows past a file's own are zero and never read).
pub const ROWS: usize = INPUTS * MAX_KING_BUCKETS;

/// The engine's integer network for a file of hidden width `H` (boxed: up to 6 MiB).
pub fn to_network<const H: usize>(file: &NetFile) -> Option<Box<Network<H, ROWS>>> {
    if file.hidden != H || file.inputs() > ROWS {
        return None;
    }
    // Allocated zeroed on the heap: the value is too large for a stack.
    let layout = std::alloc::Layout::new::<Network<H, ROWS>>();
    // SAFETY: the layout is the type's own (not zero-sized); every field of `Network`
    // is an integer array, a `bool` or a byte array, for all of which all-zero bytes
    // are a valid value (`false` for the `bool`), and `Box::from_raw` takes ownership
    // of memory from the global allocator with that layout.
    let mut net: Box<Network<H, ROWS>> = unsafe {
        let ptr = std::alloc::alloc_zeroed(layout).cast::<Network<H, ROWS>>();
        if ptr.is_null() {
            std::alloc::handle_alloc_error(layout);
        }
        Box::from_raw(ptr)
    };
    net.squared = file.squared;
    net.king_map = file.king_map.unwrap_or([0; 64]);
    for (row, src) in net.w1.iter_mut().zip(file.w1.chunks_exact(H)) {
        row.copy_from_slice(src);
    }
    net.b1.copy_from_slice(&file.b1);
    // A one-output file's row goes in every bucket, as build.rs renders it.
    for b in 0..BUCKETS {
        let at = (b % file.buckets) * 2 * H;
        net.w2[b][0].copy_from_slice(&file.w2[at..at + H]);
        net.w2[b][1].copy_from_slice(&file.w2[at + H..at + 2 * H]);
        net.b2[b] = file.b2[b % file.buckets];
    }
    Some(net)
}

/// The hidden widths the trainer can train and evaluate with the engine's code.
pub const WIDTHS: [usize; 6] = [8, 16, 32, 64, 128, 256];

/// A network's correction as a function of the board ([`engine_evaluator`]).
pub type Evaluator = Box<dyn Fn(&Board) -> i32 + Send + Sync>;

/// The engine's own correction (centipawns, side to move) under `file`'s weights, as
/// a function of the board: the integer network is built once. `None` for a width
/// not in [`WIDTHS`].
pub fn engine_evaluator(file: &NetFile) -> Option<Evaluator> {
    macro_rules! widths {
        ($($h:literal),*) => {
            match file.hidden {
                $($h => to_network::<$h>(file).map(|n| {
                    Box::new(move |board: &Board| enet::correction(&*n, board))
                        as Evaluator
                }),)*
                _ => None,
            }
        };
    }
    widths!(8, 16, 32, 64, 128, 256)
}

/// The engine's own correction (centipawns, side to move) for `board` under `file`'s
/// weights, or `None` for a width not in [`WIDTHS`]. It builds the integer network
/// for this one call: for many boards, [`engine_evaluator`].
pub fn engine_correction(file: &NetFile, board: &Board) -> Option<i32> {
    engine_evaluator(file).map(|f| f(board))
}

/// Adam on a flat parameter vector.
#[derive(Clone, Debug)]
pub struct Adam {
    m: Vec<f32>,
    v: Vec<f32>,
    t: i32,
}

impl Adam {
    /// Fresh moments for `n` parameters.
    pub fn new(n: usize) -> Adam {
        Adam {
            m: vec![0.0; n],
            v: vec![0.0; n],
            t: 0,
        }
    }

    /// One step of size `rate` along `grad`, with decoupled weight decay `decay`.
    pub fn step(&mut self, params: &mut [f32], grad: &[f32], rate: f32, decay: f32) {
        const B1: f32 = 0.9;
        const B2: f32 = 0.999;
        self.t += 1;
        let c1 = 1.0 - B1.powi(self.t);
        let c2 = 1.0 - B2.powi(self.t);
        for i in 0..params.len() {
            self.m[i] = B1 * self.m[i] + (1.0 - B1) * grad[i];
            self.v[i] = B2 * self.v[i] + (1.0 - B2) * grad[i] * grad[i];
            let step = (self.m[i] / c1) / ((self.v[i] / c2).sqrt() + 1e-8);
            params[i] -= rate * (step + decay * params[i]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn samples() -> Vec<Sample> {
        samples_with(&[0; 64])
    }

    /// The test positions' samples under the king map `map`.
    fn samples_with(map: &[u8; 64]) -> Vec<Sample> {
        [
            (
                "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
                30,
                0.6,
            ),
            ("4k3/pp3ppp/8/3P4/8/8/5PPP/4K3 b - - 0 1", -120, 0.2),
            ("8/8/4k3/8/2P5/8/4K3/8 w - - 0 1", 150, 0.9),
        ]
        .iter()
        .map(|&(fen, base, t)| Sample::with_king_map(&Board::from_fen(fen).unwrap(), base, t, map))
        .collect()
    }

    /// Checks `grad` (the analytic gradient of `loss` at `net`) against central
    /// differences on every bias and output weight and on the first-layer row of
    /// input `f`.
    fn check_gradient(
        net: &FloatNet,
        grad: &[f32],
        f: usize,
        abs_tol: f64,
        loss: impl Fn(&FloatNet) -> f64,
    ) {
        let h = net.hidden;
        let p0 = net.params();
        let mut idx: Vec<usize> = (net.w1.len()..net.len()).collect();
        idx.extend(f * h..f * h + h);
        for i in idx {
            let step = 1e-3;
            let mut p = p0.clone();
            p[i] += step;
            let mut up = net.clone();
            up.set_params(&p);
            p[i] -= 2.0 * step;
            let mut down = net.clone();
            down.set_params(&p);
            let num = (loss(&up) - loss(&down)) / (2.0 * step as f64);
            let tol = abs_tol + 0.02 * num.abs();
            assert!(
                (num - grad[i] as f64).abs() < tol,
                "parameter {i}: numeric {num}, analytic {}",
                grad[i]
            );
        }
    }

    #[test]
    fn gradient_matches_finite_differences() {
        for (squared, buckets) in [(false, 1), (true, 1), (true, BUCKETS)] {
            let mut net = FloatNet::new(4, 7).with_buckets(buckets);
            net.squared = squared;
            // Put some units in their linear range and give the output layer weight.
            net.w2
                .iter_mut()
                .enumerate()
                .for_each(|(i, w)| *w = 0.3 - 0.1 * i as f32);
            let k = 0.9;
            for s in samples() {
                let mut grad = vec![0.0; net.len()];
                net.backward(k, &s, &mut grad);
                check_gradient(&net, &grad, s.feats[0][0] as usize, 1e-4, |n| {
                    n.error(k, &s)
                });
            }
        }
    }

    #[test]
    fn sibling_gradient_matches_finite_differences() {
        let mut net = FloatNet::new(4, 5);
        net.w2
            .iter_mut()
            .enumerate()
            .for_each(|(i, w)| *w = 0.4 - 0.1 * i as f32);
        let group: Vec<(Sample, f32)> = samples().into_iter().zip([40.0, -90.0, 210.0]).collect();
        let mut grad = vec![0.0; net.len()];
        net.sibling_loss(&group, 800.0, 1.0, Some(&mut grad));
        let f = group[0].0.feats[0][0] as usize;
        check_gradient(&net, &grad, f, 1e-3, |n| {
            n.sibling_loss(&group, 800.0, 1.0, None)
        });
        // The bias moves every sibling alike: no gradient.
        assert!(grad[net.len() - 1].abs() < 1e-6);
    }

    /// Checks the gradient of a king-bucketed network under layout `4`, on the row of
    /// the bucket each sample's first input reads (the king's, not the first set's)
    /// and, for a factored network, on that input's factor row too.
    fn check_bucketed_gradient(factored: bool) {
        let map = king_layout("4").unwrap();
        let net = FloatNet::new(4, 9).with_buckets(BUCKETS);
        let mut net = if factored {
            net.with_factored_king_map(map)
        } else {
            net.with_king_map(map)
        };
        net.squared = true;
        assert_eq!(net.w1.len(), (4 + usize::from(factored)) * INPUTS * 4);
        if factored {
            // Bucket rows away from zero, so both rows of an input matter.
            for (i, w) in net.w1.iter_mut().enumerate().take(4 * INPUTS * 4) {
                *w = 0.01 * (i % 13) as f32 - 0.06;
            }
        }
        net.w2
            .iter_mut()
            .enumerate()
            .for_each(|(i, w)| *w = 0.3 - 0.1 * (i % 9) as f32);
        let k = 0.9;
        for s in samples_with(&map) {
            let f = s.feats[1][0] as usize;
            let mut grad = vec![0.0; net.len()];
            net.backward(k, &s, &mut grad);
            check_gradient(&net, &grad, f, 1e-4, |n| n.error(k, &s));
            if factored {
                check_gradient(&net, &grad, 4 * INPUTS + f % INPUTS, 1e-4, |n| {
                    n.error(k, &s)
                });
            }
        }
    }

    #[test]
    fn king_bucketed_gradient_matches_finite_differences() {
        check_bucketed_gradient(false);
    }

    #[test]
    fn factored_gradient_matches_finite_differences() {
        check_bucketed_gradient(true);
    }

    #[test]
    fn a_factored_network_quantises_to_the_same_function() {
        let map = king_layout("4").unwrap();
        let mut net = FloatNet::new(16, 3)
            .with_buckets(BUCKETS)
            .with_factored_king_map(map);
        net.squared = true;
        for (i, w) in net.w1.iter_mut().enumerate().take(4 * INPUTS * 16) {
            *w = 0.002 * (i % 11) as f32 - 0.01;
        }
        let file = net.quantise();
        assert_eq!(file.w1.len(), 4 * INPUTS * 16);
        let eval = engine_evaluator(&file).unwrap();
        for fen in [
            "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
            "1k6/pp3ppp/8/3P4/8/8/5PPP/2K5 b - - 0 1",
            "8/6k1/8/8/8/8/1K6/8 b - - 0 1",
        ] {
            let board = Board::from_fen(fen).unwrap();
            let float_cp = 100.0 * net.output(&Sample::with_king_map(&board, 0, 0.5, &map));
            let engine = eval(&board);
            assert!(
                (float_cp - engine as f32).abs() <= 2.0,
                "{fen}: float {float_cp} cp, engine {engine} cp"
            );
        }
    }

    #[test]
    fn king_layouts_are_valid_maps() {
        for (name, kings) in [("mirror", 1), ("4", 4)] {
            let map = king_layout(name).unwrap();
            assert_eq!(wingtip_codegen::net::king_buckets(&map), kings);
            wingtip_codegen::net::check_king_map(&map, kings).unwrap();
            // Mirrored exactly on files e-h, and the same bucket as the mirror square.
            for sq in 0..64 {
                assert_eq!(map[sq] & enet::MIRROR != 0, sq % 8 >= 4, "{name} {sq}");
                assert_eq!(
                    map[sq] & !enet::MIRROR,
                    map[sq ^ 7] & !enet::MIRROR,
                    "{name} {sq}"
                );
            }
        }
        let map = king_layout("4").unwrap();
        // g1 (62): castled, as b1; e1 (60): home, as d1; e2 (52); e4 (36).
        assert_eq!(
            [map[62], map[57], map[60], map[52], map[36]],
            [0x80, 0, 0x81, 0x82, 0x83]
        );
        assert!(king_layout("5").is_none());
    }

    #[test]
    fn quantised_king_bucketed_network_matches_the_engine() {
        let map = king_layout("4").unwrap();
        let mut net = FloatNet::new(16, 3)
            .with_buckets(BUCKETS)
            .with_king_map(map);
        net.squared = true;
        // Each king bucket its own first layer.
        let per_bucket = INPUTS * 16;
        for (i, w) in net.w1.iter_mut().enumerate() {
            *w += 0.02 * (i / per_bucket) as f32 - 0.01 * (i % 7) as f32;
        }
        net.w2
            .iter_mut()
            .enumerate()
            .for_each(|(i, w)| *w = 0.5 - 0.03 * (i % 37) as f32);
        let file = net.quantise();
        assert_eq!(file.king_map, Some(map));
        let eval = engine_evaluator(&file).unwrap();
        let mut seen = std::collections::BTreeSet::new();
        for fen in [
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
            "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
            "1k6/pp3ppp/8/3P4/8/8/5PPP/2K5 b - - 0 1",
            "8/8/4k3/8/2P5/8/4K3/8 w - - 0 1",
            "8/6k1/8/8/8/8/1K6/8 b - - 0 1",
        ] {
            let board = Board::from_fen(fen).unwrap();
            let s = Sample::with_king_map(&board, 0, 0.5, &map);
            seen.extend(king_slots(&map, &board));
            let float_cp = 100.0 * net.output(&s);
            let engine = eval(&board);
            assert!(
                (float_cp - engine as f32).abs() <= 2.0,
                "{fen}: float {float_cp} cp, engine {engine} cp"
            );
        }
        // The positions reach every king bucket, mirrored and not.
        assert!(seen.len() >= 6, "{seen:?}");
    }

    #[test]
    fn quantised_network_matches_the_float_one_in_the_engine() {
        for (squared, buckets) in [(false, 1), (true, 1), (true, BUCKETS)] {
            quantised_matches(squared, buckets);
        }
    }

    fn quantised_matches(squared: bool, buckets: usize) {
        let mut net = FloatNet::new(16, 3).with_buckets(buckets);
        net.squared = squared;
        // Each bucket its own weights (0.5 − 0.03 i wraps to stay in range).
        net.w2
            .iter_mut()
            .enumerate()
            .for_each(|(i, w)| *w = 0.5 - 0.03 * (i % 37) as f32);
        for (b, bias) in net.b2.iter_mut().enumerate() {
            *bias = 0.1 - 0.05 * b as f32;
        }
        let file = net.quantise();
        assert_eq!(file.squared, squared);
        assert_eq!(file.buckets, buckets);
        for s in samples().iter().zip([
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
            "4k3/pp3ppp/8/3P4/8/8/5PPP/4K3 b - - 0 1",
            "8/8/4k3/8/2P5/8/4K3/8 w - - 0 1",
        ]) {
            let float_cp = 100.0 * net.output(s.0);
            let engine = engine_correction(&file, &Board::from_fen(s.1).unwrap()).unwrap();
            assert!(
                (float_cp - engine as f32).abs() <= 2.0,
                "{}: float {float_cp} cp, engine {engine} cp",
                s.1
            );
        }
    }

    #[test]
    fn adam_fits_a_tiny_set() {
        let data = samples();
        let mut net = FloatNet::new(8, 11);
        let k = 0.9;
        let before: f64 = data.iter().map(|s| net.error(k, s)).sum();
        let mut adam = Adam::new(net.len());
        for _ in 0..300 {
            let mut grad = vec![0.0; net.len()];
            for s in &data {
                net.backward(k, s, &mut grad);
            }
            let mut p = net.params();
            adam.step(&mut p, &grad, 0.01, 0.0);
            net.set_params(&p);
        }
        let after: f64 = data.iter().map(|s| net.error(k, s)).sum();
        assert!(after < before / 10.0, "{before} -> {after}");
    }
}
