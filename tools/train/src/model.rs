//! The tuning model: the evaluation as a function of the flat parameter vector, the
//! mean squared error of `sigmoid(K · eval)` against the results, its exact gradient, the
//! fit of `K` and the Adam optimiser.

use crate::data::Position;
use crate::weights::{CAP, COUNT, TEMPO, ZONE};
use wingtip::eval::Weights;

/// `sigmoid(s) = 1 / (1 + 10^(−K s / 400))`: the expected score of an evaluation `s`.
pub fn sigmoid(k: f64, s: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * s / 400.0))
}

/// The king-zone pressure bonus of colour `c` (0 = White) under `p`, real-valued.
fn king_pressure(pos: &Position, p: &[f64], c: usize) -> f64 {
    if pos.zone_attackers[c] < 2 {
        return 0.0;
    }
    let pressure: f64 = (0..4)
        .map(|m| p[ZONE + m] * pos.zone_hits[c][m] as f64)
        .sum();
    (pressure * pressure / 4.0).min(p[CAP])
}

/// Returns the evaluation of `pos` under parameters `p`, from White's point of view,
/// in real arithmetic.
pub fn evaluate(pos: &Position, p: &[f64]) -> f64 {
    let mut mg = king_pressure(pos, p, 0) - king_pressure(pos, p, 1);
    let mut eg = 0.0;
    for &(i, c) in &pos.terms {
        mg += c as f64 * p[2 * i as usize];
        eg += c as f64 * p[2 * i as usize + 1];
    }
    let phase = pos.phase as f64;
    let tempo = if pos.white_to_move {
        p[TEMPO]
    } else {
        -p[TEMPO]
    };
    (mg * phase + eg * (24.0 - phase)) / 24.0 + tempo
}

/// Returns the evaluation of `pos` under integer weights `w` from the side to move's
/// point of view, in the engine's integer arithmetic: equal to `wingtip::eval::hand_crafted`
/// of the position when `w` is the engine's weights.
pub fn evaluate_exact(pos: &Position, w: &Weights) -> i32 {
    let pressure = |c: usize| {
        if pos.zone_attackers[c] < 2 {
            return 0;
        }
        let p: i32 = (0..4)
            .map(|m| w.zone_weight[m] * pos.zone_hits[c][m] as i32)
            .sum();
        (p * p / 4).min(w.king_pressure_max)
    };
    let mut mg = pressure(0) - pressure(1);
    let mut eg = 0;
    for &(i, c) in &pos.terms {
        mg += c as i32 * w.pairs[i as usize].0;
        eg += c as i32 * w.pairs[i as usize].1;
    }
    let phase = pos.phase as i32;
    let white = (mg * phase + eg * (24 - phase)) / 24;
    if pos.white_to_move {
        white + w.tempo
    } else {
        -white + w.tempo
    }
}

/// Returns the mean squared error of `sigmoid(k · eval)` against the results.
pub fn error(positions: &[Position], p: &[f64], k: f64) -> f64 {
    if positions.is_empty() {
        return 0.0;
    }
    let sum: f64 = positions
        .iter()
        .map(|pos| {
            let d = pos.result - sigmoid(k, evaluate(pos, p));
            d * d
        })
        .sum();
    sum / positions.len() as f64
}

/// Adds the gradient of [`error`] with respect to `p` to `grad` (zeroed first) and
/// returns the error.
pub fn gradient(positions: &[Position], p: &[f64], k: f64, grad: &mut [f64]) -> f64 {
    grad.iter_mut().for_each(|g| *g = 0.0);
    if positions.is_empty() {
        return 0.0;
    }
    let n = positions.len() as f64;
    let mut sum = 0.0;
    let dsig = k * std::f64::consts::LN_10 / 400.0;
    for pos in positions {
        let e = evaluate(pos, p);
        let s = sigmoid(k, e);
        let d = pos.result - s;
        sum += d * d;
        // dE/de for this position.
        let de = -2.0 * d * s * (1.0 - s) * dsig / n;
        let phase = pos.phase as f64 / 24.0;
        let (gm, ge) = (de * phase, de * (1.0 - phase));
        for &(i, c) in &pos.terms {
            grad[2 * i as usize] += gm * c as f64;
            grad[2 * i as usize + 1] += ge * c as f64;
        }
        grad[TEMPO] += if pos.white_to_move { de } else { -de };
        for c in 0..2 {
            if pos.zone_attackers[c] < 2 {
                continue;
            }
            let sign = if c == 0 { gm } else { -gm };
            let pressure: f64 = (0..4)
                .map(|m| p[ZONE + m] * pos.zone_hits[c][m] as f64)
                .sum();
            if pressure * pressure / 4.0 < p[CAP] {
                for m in 0..4 {
                    grad[ZONE + m] += sign * pressure / 2.0 * pos.zone_hits[c][m] as f64;
                }
            } else {
                grad[CAP] += sign;
            }
        }
    }
    sum / n
}

/// Returns the `K` in `lo ..= hi` that minimises [`error`] with the parameters fixed
/// (golden-section search; the error is unimodal in `K` on real data).
pub fn fit_k(positions: &[Position], p: &[f64], lo: f64, hi: f64) -> f64 {
    let phi = (5f64.sqrt() - 1.0) / 2.0;
    let (mut a, mut b) = (lo, hi);
    let mut c = b - phi * (b - a);
    let mut d = a + phi * (b - a);
    let mut fc = error(positions, p, c);
    let mut fd = error(positions, p, d);
    while b - a > 1e-5 {
        if fc < fd {
            b = d;
            d = c;
            fd = fc;
            c = b - phi * (b - a);
            fc = error(positions, p, c);
        } else {
            a = c;
            c = d;
            fc = fd;
            d = a + phi * (b - a);
            fd = error(positions, p, d);
        }
    }
    (a + b) / 2.0
}

/// The Adam optimiser (Kingma and Ba, 2014) over the flat parameters.
pub struct Adam {
    /// The step size in centipawns.
    pub rate: f64,
    m: Vec<f64>,
    v: Vec<f64>,
    t: i32,
}

impl Adam {
    /// A fresh optimiser with step size `rate`.
    pub fn new(rate: f64) -> Adam {
        Adam {
            rate,
            m: vec![0.0; COUNT],
            v: vec![0.0; COUNT],
            t: 0,
        }
    }

    /// One step of `p` against `grad`.
    pub fn step(&mut self, p: &mut [f64], grad: &[f64]) {
        const B1: f64 = 0.9;
        const B2: f64 = 0.999;
        self.t += 1;
        let c1 = 1.0 - B1.powi(self.t);
        let c2 = 1.0 - B2.powi(self.t);
        for i in 0..p.len() {
            self.m[i] = B1 * self.m[i] + (1.0 - B1) * grad[i];
            self.v[i] = B2 * self.v[i] + (1.0 - B2) * grad[i] * grad[i];
            let m = self.m[i] / c1;
            let v = self.v[i] / c2;
            p[i] -= self.rate * m / (v.sqrt() + 1e-12);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::{parse_line, Position};
    use crate::weights::flatten;
    use wingtip::eval::WEIGHTS;
    use wingtip::Board;

    /// Positions of many kinds: openings, middlegames with king attacks, endgames,
    /// both sides to move.
    const FENS: &[&str] = &[
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        "6k1/5ppp/8/8/8/8/5PPP/6K1 w - - 0 1",
        "2kr3r/ppp2ppp/2n5/2b1q3/4P1b1/2NB1N2/PPP2PPP/R1BQ1RK1 b - - 0 1",
        "r1b2rk1/pp3ppp/2n1pq2/3p4/2PP4/2NBPN2/PP3PPP/R2Q1RK1 w - - 0 1",
        "6k1/1R3pp1/7p/8/3r4/6P1/5PKP/8 b - - 0 40",
        "3qr1k1/1b3pBp/p2p2p1/1p1P4/2n1Q3/2N3P1/PP3P1P/4R1K1 w - - 0 1",
        "r1bqk2r/pppp1Qpp/2n2n2/2b1p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4",
        "1k6/1pp5/8/8/8/8/5PPP/3QQ1K1 b - - 0 1",
        "q5k1/5ppp/8/8/2B5/8/5PPP/2RQR1K1 w - - 0 1",
    ];

    fn positions() -> Vec<Position> {
        FENS.iter()
            .enumerate()
            .map(|(i, fen)| {
                let line = format!("{fen} | {} | 0 | {i}", [0.0, 0.5, 1.0][i % 3]);
                Position::new(&parse_line(&line).unwrap().unwrap())
            })
            .collect()
    }

    #[test]
    fn trace_times_weights_is_the_evaluation() {
        let p = flatten(&WEIGHTS);
        let mut king_terms = 0;
        for (fen, pos) in FENS.iter().zip(positions()) {
            let board = Board::from_fen(fen).unwrap();
            let engine = wingtip::eval::hand_crafted(&board);
            assert_eq!(evaluate_exact(&pos, &WEIGHTS), engine, "{fen}");
            // The real-valued model differs only by the integer divisions.
            let white = if pos.white_to_move { engine } else { -engine };
            assert!((evaluate(&pos, &p) - white as f64).abs() <= 2.0, "{fen}");
            king_terms += pos.zone_attackers.iter().filter(|&&a| a >= 2).count();
        }
        // The non-linear king term is exercised.
        assert!(king_terms >= 3, "{king_terms}");
    }

    #[test]
    fn gradient_matches_finite_differences() {
        let positions = positions();
        let mut p = flatten(&WEIGHTS);
        // Lower the cap so both branches of the king-pressure min are taken.
        p[CAP] = 40.0;
        let k = 1.3;
        let mut grad = vec![0.0; COUNT];
        gradient(&positions, &p, k, &mut grad);
        let mut checked = 0;
        for i in 0..COUNT {
            let h = 1e-3;
            let mut hi = p.clone();
            hi[i] += h;
            let mut lo = p.clone();
            lo[i] -= h;
            let numeric = (error(&positions, &hi, k) - error(&positions, &lo, k)) / (2.0 * h);
            let scale = numeric.abs().max(grad[i].abs()).max(1e-9);
            assert!(
                (numeric - grad[i]).abs() / scale < 1e-3 || (numeric - grad[i]).abs() < 1e-10,
                "parameter {i}: numeric {numeric} vs analytic {}",
                grad[i]
            );
            if grad[i].abs() > 1e-8 {
                checked += 1;
            }
        }
        assert!(checked > 100, "{checked}");
        let king = [grad[CAP], grad[ZONE], grad[ZONE + 3], grad[TEMPO]];
        assert!(king.iter().all(|g| g.abs() > 1e-8), "{king:?}");
    }

    #[test]
    fn k_fit_recovers_the_generating_k() {
        // Synthetic data: results drawn so that the expected score is sigmoid(K · eval)
        // with K = 1.7: for each eval, 1000 results of which round(1000 · sigmoid) are wins.
        let k_true = 1.7;
        let mut positions = Vec::new();
        for s in (-600..=600).step_by(50) {
            let wins = (1000.0 * sigmoid(k_true, s as f64)).round() as usize;
            for j in 0..1000 {
                positions.push(Position {
                    terms: vec![(0, 1)],
                    zone_hits: [[0; 4]; 2],
                    zone_attackers: [0; 2],
                    phase: 24,
                    white_to_move: true,
                    result: if j < wins { 1.0 } else { 0.0 },
                    score: 0,
                    game: 0,
                });
            }
            // The material-pawn term alone carries the eval: p[0] = s.
            let last = positions.len();
            for pos in &mut positions[last - 1000..] {
                pos.terms = vec![(0, s as i16)];
            }
        }
        let mut p = vec![0.0; COUNT];
        p[0] = 1.0;
        let k = fit_k(&positions, &p, 0.05, 5.0);
        assert!((k - k_true).abs() < 0.01, "{k}");
    }

    #[test]
    fn adam_lowers_the_error() {
        let positions = positions();
        let mut p = flatten(&WEIGHTS);
        let mut adam = Adam::new(1.0);
        let mut grad = vec![0.0; COUNT];
        let before = gradient(&positions, &p, 1.0, &mut grad);
        for _ in 0..50 {
            gradient(&positions, &p, 1.0, &mut grad);
            adam.step(&mut p, &grad);
        }
        assert!(error(&positions, &p, 1.0) < before);
    }
}
