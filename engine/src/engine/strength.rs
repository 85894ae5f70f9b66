//! Playing weaker on request: `UCI_LimitStrength` and `UCI_Elo`.
//!
//! A limited search differs from a full one in two ways, both set by the Elo asked
//! for (the gap below [`ELO_MAX`]):
//! - **a node budget per move** ([`Strength::node_cap`]), so that the search sees
//!   less;
//! - **a choice among the best lines** instead of always the best: the search runs
//!   [`LINES`] principal variations and [`choose`] draws one of them at random,
//!   a line `d` centipawns below the best with a weight of `e^(−d / T)`, where the
//!   temperature `T` ([`Strength::temperature_cp`]) grows with the gap. Lines that
//!   lose to a mate the best line avoids weigh nothing.
//!
//! Both follow [`ANCHORS`], a few calibrated points with the budget's logarithm and
//! the temperature interpolated between them.
//!
//! At [`ELO_MAX`] neither applies: the engine plays at full strength. The table
//! that relates the setting to results against Stockfish's own `UCI_Elo` is in
//! docs/engine.md, with the command that measures it.

use wingtip::search::{Info, Score};
use wingtip::Move;

/// The weakest `UCI_Elo` offered.
pub const ELO_MIN: u32 = 1350;
/// The strongest `UCI_Elo` offered: the engine's full strength, about Stockfish
/// 15.1's `UCI_Elo` 2400 at 10+0.1 (docs/engine.md).
pub const ELO_MAX: u32 = 2400;
/// The principal variations a limited search runs to choose from (at least).
pub const LINES: u32 = 4;

/// A limited strength: the Elo asked for, within [`ELO_MIN`]..=[`ELO_MAX`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Strength {
    elo: u32,
}

/// The calibration points: (Elo, node budget per move, temperature in centipawns).
/// Between two points the budget's logarithm and the temperature are interpolated
/// linearly; at [`ELO_MAX`] nothing is limited. Set from matches against Stockfish
/// 15.1's `UCI_Elo` (docs/engine.md, `measure/uci-elo.sh`).
pub const ANCHORS: [(u32, f64, f64); 4] = [
    (ELO_MIN, 1_500.0, 60.0),
    (1500, 2_800.0, 54.0),
    (2000, 60_000.0, 17.0),
    (ELO_MAX, 400_000.0, 0.0),
];

impl Strength {
    /// The strength for `elo`, clamped to [`ELO_MIN`]..=[`ELO_MAX`].
    pub fn new(elo: u32) -> Strength {
        Strength {
            elo: elo.clamp(ELO_MIN, ELO_MAX),
        }
    }

    /// The Elo asked for.
    pub fn elo(self) -> u32 {
        self.elo
    }

    /// Whether this is full strength (nothing is limited).
    pub fn is_full(self) -> bool {
        self.elo >= ELO_MAX
    }

    /// The (log2 of the node budget, temperature) interpolated at this Elo.
    fn point(self) -> (f64, f64) {
        let elo = f64::from(self.elo);
        for pair in ANCHORS.windows(2) {
            let ((e0, n0, t0), (e1, n1, t1)) = (pair[0], pair[1]);
            if self.elo <= e1 {
                let f = (elo - f64::from(e0)) / f64::from(e1 - e0);
                return (n0.log2() + f * (n1.log2() - n0.log2()), t0 + f * (t1 - t0));
            }
        }
        let (_, n, t) = ANCHORS[ANCHORS.len() - 1];
        (n.log2(), t)
    }

    /// The node budget of one move, or `None` at full strength.
    pub fn node_cap(self) -> Option<u64> {
        (!self.is_full()).then(|| self.point().0.exp2().round() as u64)
    }

    /// The temperature of the choice among lines, in centipawns (0 at full strength:
    /// always the best line).
    pub fn temperature_cp(self) -> f64 {
        if self.is_full() {
            0.0
        } else {
            self.point().1
        }
    }
}

/// One principal variation as the search reported it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The iteration's depth.
    pub depth: u32,
    /// Its rank in the iteration, from 1.
    pub multipv: u32,
    /// The deepest ply reached.
    pub seldepth: u32,
    /// Its score, from the side to move's view.
    pub score: Score,
    /// Its moves, from the root.
    pub pv: Vec<Move>,
    /// Milliseconds since the search started.
    pub time_ms: u64,
}

impl Line {
    /// Copies a report.
    pub fn from_info(info: &Info<'_>) -> Line {
        Line {
            depth: info.depth,
            multipv: info.multipv,
            seldepth: info.seldepth,
            score: info.score,
            pv: info.pv.to_vec(),
            time_ms: info.time_ms,
        }
    }
}

/// A score as centipawns for comparing lines: a mate is worth more than any
/// centipawn score, sooner mates more.
fn comparable(score: Score) -> f64 {
    const MATE: f64 = 100_000.0;
    match score {
        Score::Cp(cp) => f64::from(cp),
        Score::Mate(n) if n > 0 => MATE - f64::from(n),
        Score::Mate(n) => -MATE - f64::from(n),
    }
}

/// Picks the line to play from `lines` (every report of one search, in order):
/// among the lines of the deepest iteration that reported as many lines as its
/// first full iteration did, one at random with a weight of `e^(−d / temperature)`
/// for a line `d` centipawns below the best. `random` is a number in `[0, 1)`.
/// Returns `None` when no iteration reported a line.
pub fn choose(lines: &[Line], temperature_cp: f64, random: f64) -> Option<&Line> {
    // An iteration is complete when it reported as many lines as the most any
    // iteration did (a stopped iteration reports fewer).
    let most = lines.iter().map(|l| l.multipv).max()?;
    let depth = lines
        .iter()
        .filter(|l| l.multipv == most)
        .map(|l| l.depth)
        .max()?;
    let mut candidates: Vec<&Line> = Vec::new();
    for rank in 1..=most {
        // The last report of each rank at that depth.
        if let Some(l) = lines
            .iter()
            .rev()
            .find(|l| l.depth == depth && l.multipv == rank && !l.pv.is_empty())
        {
            candidates.push(l);
        }
    }
    let best = candidates
        .iter()
        .map(|l| comparable(l.score))
        .fold(f64::NEG_INFINITY, f64::max);
    if temperature_cp <= 0.0 {
        return candidates.into_iter().find(|l| comparable(l.score) == best);
    }
    let weights: Vec<f64> = candidates
        .iter()
        .map(|l| (-(best - comparable(l.score)) / temperature_cp).exp())
        .collect();
    let total: f64 = weights.iter().sum();
    let mut point = random.clamp(0.0, 1.0) * total;
    for (line, w) in candidates.iter().zip(&weights) {
        if point < *w {
            return Some(line);
        }
        point -= w;
    }
    candidates.into_iter().find(|l| comparable(l.score) == best)
}

/// A small pseudo-random generator (xorshift64*) for the choice among lines.
#[derive(Clone, Copy, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from `seed` (any value; 0 is replaced).
    pub fn new(seed: u64) -> Rng {
        Rng(if seed == 0 {
            0x9e37_79b9_7f4a_7c15
        } else {
            seed
        })
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A number in `[0, 1)`.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use wingtip::Board;

    fn line(board: &Board, depth: u32, multipv: u32, score: Score, uci: &str) -> Line {
        Line {
            depth,
            multipv,
            seldepth: depth,
            score,
            pv: vec![board.parse_uci_move(uci).unwrap()],
            time_ms: 0,
        }
    }

    #[test]
    fn the_range_is_clamped_and_full_strength_limits_nothing() {
        assert_eq!(Strength::new(0).elo(), ELO_MIN);
        assert_eq!(Strength::new(9999).elo(), ELO_MAX);
        let full = Strength::new(ELO_MAX);
        assert!(full.is_full());
        assert_eq!(full.node_cap(), None);
        assert_eq!(full.temperature_cp(), 0.0);
    }

    #[test]
    fn weaker_settings_search_less_and_choose_more_freely() {
        let mut last = (u64::MAX, -1.0);
        for elo in (ELO_MIN..ELO_MAX).rev().step_by(50) {
            let s = Strength::new(elo);
            let cap = s.node_cap().unwrap();
            assert!(cap <= last.0 && cap >= 1000, "{elo}: {cap}");
            assert!(s.temperature_cp() > last.1, "{elo}");
            last = (cap, s.temperature_cp());
        }
        // At the calibration points, their budgets and temperatures exactly.
        for (elo, nodes, t) in ANCHORS[..ANCHORS.len() - 1].iter().copied() {
            assert_eq!(Strength::new(elo).node_cap(), Some(nodes as u64), "{elo}");
            assert!(
                (Strength::new(elo).temperature_cp() - t).abs() < 1e-9,
                "{elo}"
            );
        }
        // Halfway between two points in Elo: the geometric mean of their budgets.
        let mid = Strength::new(1750).node_cap().unwrap() as f64;
        assert!((mid - (2_800.0f64 * 60_000.0).sqrt()).abs() < 1.0, "{mid}");
    }

    #[test]
    fn the_choice_comes_from_the_deepest_complete_iteration() {
        let b = Board::startpos();
        let lines = vec![
            line(&b, 1, 1, Score::Cp(30), "e2e4"),
            line(&b, 1, 2, Score::Cp(20), "d2d4"),
            line(&b, 2, 1, Score::Cp(25), "d2d4"),
            line(&b, 2, 2, Score::Cp(-400), "g2g4"),
            // An interrupted third iteration: only its first line.
            line(&b, 3, 1, Score::Cp(40), "c2c4"),
        ];
        // Temperature 0: the best line of depth 2.
        assert_eq!(choose(&lines, 0.0, 0.5).unwrap().pv[0].to_string(), "d2d4");
        // Any temperature: a line of depth 2, never the interrupted one.
        for i in 0..100 {
            let l = choose(&lines, 1000.0, f64::from(i) / 100.0).unwrap();
            assert_eq!(l.depth, 2);
        }
        // The low end of [0, 1) picks the first candidate, the high end the last.
        assert_eq!(choose(&lines, 1000.0, 0.0).unwrap().multipv, 1);
        assert_eq!(choose(&lines, 1000.0, 0.999).unwrap().multipv, 2);
        assert!(choose(&[], 100.0, 0.5).is_none());
    }

    #[test]
    fn weights_follow_the_score_gap() {
        let b = Board::startpos();
        let lines = vec![
            line(&b, 4, 1, Score::Cp(50), "e2e4"),
            line(&b, 4, 2, Score::Cp(-50), "d2d4"),
            line(&b, 4, 3, Score::Mate(-2), "f2f3"),
        ];
        // At 100 cp the second line weighs e^-1 of the first: it is chosen for
        // random numbers in [1 / (1 + e^-1), 1), about 0.731 and up; the line that
        // is mated weighs nothing.
        let mut rng = Rng::new(7);
        let mut counts = [0u32; 3];
        for _ in 0..20_000 {
            counts[choose(&lines, 100.0, rng.unit()).unwrap().multipv as usize - 1] += 1;
        }
        let share = f64::from(counts[1]) / 20_000.0;
        let expected = (-1.0f64).exp() / (1.0 + (-1.0f64).exp());
        assert!((share - expected).abs() < 0.02, "{counts:?}");
        assert_eq!(counts[2], 0, "{counts:?}");
    }

    #[test]
    fn a_mate_outweighs_every_centipawn_score() {
        let b = Board::startpos();
        let lines = vec![
            line(&b, 3, 1, Score::Mate(3), "e2e4"),
            line(&b, 3, 2, Score::Cp(900), "d2d4"),
        ];
        assert_eq!(choose(&lines, 0.0, 0.0).unwrap().multipv, 1);
        assert_eq!(choose(&lines, 500.0, 0.999).unwrap().multipv, 1);
    }

    #[test]
    fn the_generator_spreads_over_the_unit_interval() {
        let mut rng = Rng::new(0);
        let mut buckets = [0u32; 10];
        for _ in 0..10_000 {
            let x = rng.unit();
            assert!((0.0..1.0).contains(&x));
            buckets[(x * 10.0) as usize] += 1;
        }
        assert!(
            buckets.iter().all(|&n| (850..1150).contains(&n)),
            "{buckets:?}"
        );
    }
}
