//! Texel tuning of wingtip's evaluation weights.
//!
//! Texel's method (Peter Österlund, described on the chessprogramming wiki page "Texel's
//! Tuning Method"): for quiet positions from real games, minimise the mean squared error
//! between the game result (1, ½, 0 for White) and `sigmoid(K · eval)`, where
//! `sigmoid(s) = 1 / (1 + 10^(−s/400))`. First `K` is fitted with the weights held
//! fixed, then the weights are fitted with `K` held fixed.
//!
//! The evaluation is linear in almost every weight: `wingtip::eval::trace` gives each
//! position's term counts (the coefficients), so the error and its gradient are computed
//! exactly from the traces, without re-running the evaluation. The one non-linear term,
//! the king-zone pressure `min(P²/4, cap)` with `P = Σ zone_weight · hits`, is
//! differentiated by the chain rule (the integer division by 4 is treated as real
//! division, the `min` by its active branch). The weights are fitted with Adam on the
//! full batch (every position every step), in centipawns, then rounded.
//!
//! Modules: [`weights`] (the flat parameter vector and the `src/eval/weights.rs` file),
//! [`data`] (reading the self-play file and the quiet-position filter), [`packed`] (the
//! 32-byte binary data format), [`model`] (the
//! error, its gradient, the `K` fit and Adam), [`net`] (the evaluation network's
//! training, for the second binary, `wingtip-net`, which writes `src/eval/net.bin`).

pub mod data;
pub mod model;
pub mod net;
pub mod packed;
pub mod selfplay;
pub mod weights;
