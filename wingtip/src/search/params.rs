//! The search's tunable numbers: margins, reductions and the aspiration window.
//!
//! [`Params::DEFAULT`] is what the engine plays with. [`TUNABLES`] lists each number
//! with its name and range, so a tuner can set them by name: the engine built with
//! the `tune` feature offers them as UCI options, which `rig/spsa.py` (SPSA by
//! self-play, the fishtest / OpenBench method) and OpenBench's tuning sessions set;
//! each also carries its SPSA step, so the engine prints the parameter lines those
//! tuners read (`wingtip spsa-params`).

/// The search's tunable numbers (centipawns unless said otherwise).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Params {
    /// Reverse futility pruning: the static evaluation must beat beta by this much
    /// per ply of depth.
    pub rfp_margin: i32,
    /// Futility pruning of quiet moves: the static evaluation plus this plus
    /// [`futility_margin`](Params::futility_margin) per ply must reach alpha.
    pub futility_base: i32,
    /// Futility pruning: the margin per ply of depth.
    pub futility_margin: i32,
    /// SEE pruning of quiet moves: those losing more than this per ply are skipped.
    pub see_quiet: i32,
    /// SEE pruning of losing captures: those losing more than this per ply are skipped.
    pub see_capture: i32,
    /// Late-move pruning: quiet moves after `lmp_base + depth²` moves are skipped.
    pub lmp_base: i32,
    /// Null-move reduction: `nmp_base + depth / nmp_divisor` plies.
    pub nmp_base: i32,
    /// Null-move reduction: one ply more per this many plies of depth.
    pub nmp_divisor: i32,
    /// Singular extension: the other moves must fail below the table score less this
    /// per ply of depth.
    pub singular_margin: i32,
    /// Late-move reduction in hundredths of a ply:
    /// `(lmr_base + 10000 · ld · lm / lmr_divisor) / 100` with `ld`, `lm` the bit
    /// lengths of the depth and the move number.
    pub lmr_base: i32,
    /// Late-move reduction: the divisor of the log product (hundredths).
    pub lmr_divisor: i32,
    /// The aspiration window's half-width at the first try (it doubles per failure).
    pub aspiration: i32,
}

impl Params {
    /// The values the engine plays with.
    pub const DEFAULT: Params = Params {
        rfp_margin: 85,
        futility_base: 100,
        futility_margin: 120,
        see_quiet: 60,
        see_capture: 100,
        lmp_base: 3,
        nmp_base: 3,
        nmp_divisor: 6,
        singular_margin: 2,
        lmr_base: 100,
        lmr_divisor: 500,
        aspiration: 30,
    };
}

impl Params {
    /// All zero: a fresh [`Searcher`](super::Searcher)'s placeholder until its first
    /// search puts the defaults in (so that a fresh searcher is all zero bytes).
    /// Never a [`Params::clamped`] value (`NmpDivisor` and `LmrDivisor` are at least
    /// 2 and 200), so it also marks "nothing set".
    pub(super) const UNSET: Params = Params {
        rfp_margin: 0,
        futility_base: 0,
        futility_margin: 0,
        see_quiet: 0,
        see_capture: 0,
        lmp_base: 0,
        nmp_base: 0,
        nmp_divisor: 0,
        singular_margin: 0,
        lmr_base: 0,
        lmr_divisor: 0,
        aspiration: 0,
    };
}

impl Default for Params {
    fn default() -> Self {
        Params::DEFAULT
    }
}

/// One tunable number: its name (a UCI option name, no spaces), its range, and how
/// to read and write it in a [`Params`].
#[derive(Clone, Copy)]
pub struct Tunable {
    /// The name (the UCI option of a `tune` build).
    pub name: &'static str,
    /// The smallest value allowed.
    pub min: i32,
    /// The largest value allowed.
    pub max: i32,
    /// SPSA's perturbation at the end of a tune, in the value's units (`C_END` in
    /// OpenBench's and fishtest's parameter lines; about a twentieth of the range).
    pub c_end: f32,
    /// Reads the value.
    pub get: fn(&Params) -> i32,
    /// Writes the value (the caller keeps it in `min..=max`).
    pub set: fn(&mut Params, i32),
}

impl Tunable {
    /// Returns the tunable called `name` (ASCII case ignored), if any.
    ///
    /// # Examples
    /// ```
    /// use wingtip::search::{Params, Tunable};
    /// let t = Tunable::named("lmrdivisor").unwrap();
    /// assert_eq!((t.name, (t.get)(&Params::DEFAULT)), ("LmrDivisor", 500));
    /// assert!(Tunable::named("Hash").is_none());
    /// ```
    pub fn named(name: &str) -> Option<&'static Tunable> {
        TUNABLES.iter().find(|t| t.name.eq_ignore_ascii_case(name))
    }
}

impl core::fmt::Debug for Tunable {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{} ({}..={})", self.name, self.min, self.max)
    }
}

macro_rules! tunables {
    ($($field:ident: $name:literal, $min:expr, $max:expr, $c_end:expr;)*) => {
        /// Every tunable number, in [`Params`]' field order.
        pub const TUNABLES: &[Tunable] = &[$(
            Tunable {
                name: $name,
                min: $min,
                max: $max,
                c_end: $c_end,
                get: |p| p.$field,
                set: |p, v| p.$field = v,
            },
        )*];
    };
}

// field: name, min, max, SPSA's final perturbation.
tunables! {
    rfp_margin: "RfpMargin", 20, 200, 8.0;
    futility_base: "FutilityBase", 0, 300, 15.0;
    futility_margin: "FutilityMargin", 20, 300, 12.0;
    see_quiet: "SeeQuiet", 0, 200, 8.0;
    see_capture: "SeeCapture", 0, 300, 12.0;
    lmp_base: "LmpBase", 0, 12, 1.0;
    nmp_base: "NmpBase", 1, 6, 0.5;
    nmp_divisor: "NmpDivisor", 2, 12, 1.0;
    singular_margin: "SingularMargin", 0, 8, 0.5;
    lmr_base: "LmrBase", 0, 250, 12.0;
    lmr_divisor: "LmrDivisor", 200, 900, 30.0;
    aspiration: "Aspiration", 5, 100, 4.0;
}

impl Params {
    /// Sets the tunable called `name` (ASCII case ignored) to `value` clamped to its
    /// range; returns the value set, or `None` when no tunable has that name.
    ///
    /// # Examples
    /// ```
    /// use wingtip::search::Params;
    /// let mut p = Params::DEFAULT;
    /// assert_eq!(p.set("rfpmargin", 90), Some(90));
    /// assert_eq!(p.rfp_margin, 90);
    /// assert_eq!(p.set("RfpMargin", 10_000), Some(200)); // clamped
    /// assert_eq!(p.set("NoSuchThing", 1), None);
    /// ```
    pub fn set(&mut self, name: &str, value: i32) -> Option<i32> {
        let t = Tunable::named(name)?;
        let v = value.clamp(t.min, t.max);
        (t.set)(self, v);
        Some(v)
    }

    /// Returns the parameters with every value moved into its tunable's range (so a
    /// divisor is never zero).
    ///
    /// # Examples
    /// ```
    /// use wingtip::search::Params;
    /// let p = Params { nmp_divisor: 0, ..Params::DEFAULT }.clamped();
    /// assert_eq!(p.nmp_divisor, 2);
    /// assert_eq!(Params::DEFAULT.clamped(), Params::DEFAULT);
    /// ```
    pub fn clamped(mut self) -> Params {
        for t in TUNABLES {
            let v = (t.get)(&self).clamp(t.min, t.max);
            (t.set)(&mut self, v);
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_tunable_reads_and_writes_its_own_field() {
        for (i, t) in TUNABLES.iter().enumerate() {
            let d = (t.get)(&Params::DEFAULT);
            assert!(t.min <= d && d <= t.max, "{t:?}: default {d} out of range");
            assert!(
                t.c_end > 0.0 && t.c_end <= (t.max - t.min) as f32,
                "{t:?}: C_END {}",
                t.c_end
            );
            let mut p = Params::DEFAULT;
            let v = if d < t.max { d + 1 } else { d - 1 };
            (t.set)(&mut p, v);
            // Only this tunable changed.
            for (j, u) in TUNABLES.iter().enumerate() {
                let expected = if i == j { v } else { (u.get)(&Params::DEFAULT) };
                assert_eq!((u.get)(&p), expected, "{t:?} set, {u:?} read");
            }
        }
        for (i, t) in TUNABLES.iter().enumerate() {
            for u in &TUNABLES[i + 1..] {
                assert!(!t.name.eq_ignore_ascii_case(u.name), "{t:?} and {u:?}");
            }
        }
        // One tunable per field: the struct is as many `i32`s as there are tunables.
        assert_eq!(
            core::mem::size_of::<Params>(),
            TUNABLES.len() * core::mem::size_of::<i32>()
        );
    }
}
