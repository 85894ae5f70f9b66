//! `wingtip spsa-params` (hidden): the search's tunable parameters as SPSA input
//! lines, `NAME, int, DEFAULT, MIN, MAX, C_END, R_END`, the format OpenBench's
//! tuning form accepts pasted (every line exactly seven comma-separated fields: no
//! comment or empty line) and `rig/spsa.py --params` reads. The committed
//! `engine/spsa_params.txt` is this output (engine/tests/spsa_params.rs checks it), so
//! it follows `wingtip::search::TUNABLES`, where each parameter's default, range and
//! step live.

use wingtip::search::{Params, TUNABLES};

/// `R_END`, the learning rate at a tune's end, for every parameter: OpenBench's
/// usual value.
pub const R_END: f32 = 0.002;

/// Returns the SPSA lines, one per tunable, each ending with a newline.
pub fn lines() -> String {
    TUNABLES
        .iter()
        .map(|t| {
            format!(
                "{}, int, {}, {}, {}, {}, {R_END}\n",
                t.name,
                (t.get)(&Params::DEFAULT),
                t.min,
                t.max,
                t.c_end
            )
        })
        .collect()
}

/// Prints [`lines`].
pub fn run() {
    outln!("{}", lines().trim_end());
}
