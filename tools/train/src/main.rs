//! `wingtip-tune`: fits wingtip's evaluation weights to self-play results by Texel's
//! method and writes `src/eval/weights.rs` (see the library docs of `wingtip_train`).
//!
//! ```text
//! python3 -m rig.datagen --games 3000 --nodes 5000             # the data
//! cargo run --release -p wingtip-train --bin wingtip-tune -- --data lab/data/selfplay.txt
//! cargo build --release                                         # the engine with the new weights
//! ```
//!
//! Cheap to re-run (loading and filtering takes seconds); resumable with
//! `--init src/eval/weights.rs` (start from the weights last written, which the tuner saves
//! every `--save-every` steps). Positions of a tenth of the games (by game number) are held
//! out; the weights kept are those with the lowest error on them.

use std::fs;
use std::path::PathBuf;
use std::time::Instant;

use anyhow::{bail, Context, Result};
use clap::Parser;
use indicatif::{ProgressBar, ProgressStyle};
use wingtip::eval::{Weights, WEIGHTS};
use wingtip_train::data::{is_quiet, location, records, Position};
use wingtip_train::model::{self, error, fit_k, gradient, Adam};
use wingtip_train::weights::{self, flatten, unflatten, COUNT};

/// Texel tuner for wingtip's evaluation weights.
#[derive(Parser)]
#[command(version)]
struct Args {
    /// Self-play data files (`FEN | result | score | game` lines, from rig/datagen.py).
    #[arg(long, num_args = 1.., default_value = "lab/data/selfplay.txt")]
    data: Vec<PathBuf>,
    /// The weights file to write.
    #[arg(long, default_value = "wingtip/src/eval/weights.rs")]
    out: PathBuf,
    /// Start from this weights file (e.g. to resume) instead of the compiled-in weights.
    #[arg(long)]
    init: Option<PathBuf>,
    /// Optimisation steps (full batch each). 0 only writes the starting weights.
    #[arg(long, default_value_t = 2000)]
    epochs: usize,
    /// Adam step size, centipawns.
    #[arg(long, default_value_t = 1.0)]
    rate: f64,
    /// Use this K instead of fitting it.
    #[arg(long)]
    k: Option<f64>,
    /// Percent of the games (by game number) held out for validation.
    #[arg(long, default_value_t = 10)]
    validation: u64,
    /// Write the best weights so far every this many steps.
    #[arg(long, default_value_t = 100)]
    save_every: usize,
    /// L2 penalty on the distance from the starting weights: the objective is
    /// error + l2 · Σ (w − w₀)² (w in centipawns). Ridge towards the starting weights,
    /// against over-fitting a small data set.
    #[arg(long, default_value_t = 0.0)]
    l2: f64,
    /// An extra L2 penalty, like `--l2`, on PeSTO's material and piece-square tables only:
    /// anchors those 780 parameters (fitted by PeSTO's author on far more games than a
    /// session's self-play) while the other terms move freely.
    #[arg(long, default_value_t = 0.0)]
    l2_pesto: f64,
    /// Fit to (1 − w) · result + w · sigmoid(K · search score) instead of the result
    /// alone (0 = pure Texel). The validation error is against the results unless
    /// `--validate-target` is given.
    #[arg(long, default_value_t = 0.0)]
    score_weight: f64,
    /// Measure the held-out error against the same blended target as training (with
    /// `--score-weight`), not the game results: for data relabelled by a stronger
    /// engine (rig/label.py), where the score is the quantity being fitted and the
    /// results of short self-play games are the noisier signal.
    #[arg(long)]
    validate_target: bool,
    /// Keep PeSTO's material and piece-square tables fixed and fit only the other terms
    /// (mobility, pawn structure, king safety, threats, pieces, tempo): every parameter
    /// but those 780, for small data sets.
    #[arg(long)]
    freeze_pesto: bool,
    /// Keep the side-to-move bonus (tempo) fixed. The data holds only positions where the
    /// engine's move was quiet, where the move is worth less than on average, so a fitted
    /// tempo is biased low.
    #[arg(long)]
    freeze_tempo: bool,
    /// Keep the passed-pawn tables (passed pawn and free passed pawn, both phases)
    /// non-decreasing from rank 2 to rank 7: after every step the weights are projected
    /// onto that constraint (see `weights::make_passers_monotone`).
    #[arg(long)]
    monotone_passers: bool,
    /// Only measure: print the error of the starting weights (`--init`, or the compiled-in
    /// ones) on all of `--data` against the target (the results, or the blend with the
    /// score given by `--score-weight`), then exit without writing anything. For a
    /// held-out file, e.g. the positions of games against another engine. Checked before
    /// `--epochs 0`, so it never writes `--out`. (Which positions count as quiet depends
    /// on the compiled-in evaluation, so compare weights files with one build.)
    #[arg(long)]
    measure: bool,
    /// Use at most this many positions.
    #[arg(long)]
    limit: Option<usize>,
}

fn main() {
    if let Err(e) = run(Args::parse()) {
        eprintln!("error: {e:#}");
        std::process::exit(1);
    }
}

/// Reads and filters the data files.
fn load(args: &Args) -> Result<Vec<Position>> {
    let mut positions = Vec::new();
    let (mut lines, mut bad, mut noisy) = (0u64, 0u64, 0u64);
    let bar = ProgressBar::new_spinner();
    bar.set_style(ProgressStyle::with_template(
        "{spinner} loading {pos} lines, {msg} [{elapsed}]",
    )?);
    for path in &args.data {
        for (n, item) in records(path)? {
            lines += 1;
            bar.inc(1);
            match item {
                Ok(Some(record)) => {
                    if is_quiet(&record.board) {
                        positions.push(Position::new(&record));
                    } else {
                        noisy += 1;
                    }
                }
                Ok(None) => {}
                Err(e) => {
                    bad += 1;
                    if bad <= 3 {
                        bar.suspend(|| eprintln!("{}: skipped: {e:#}", location(path, n)));
                    }
                }
            }
            if lines % 4096 == 0 {
                bar.set_message(format!("{} quiet", positions.len()));
            }
            if args.limit.is_some_and(|l| positions.len() >= l) {
                break;
            }
        }
    }
    bar.finish_and_clear();
    eprintln!(
        "{lines} lines: {} quiet positions kept, {noisy} not quiet (in check or qsearch != eval), {bad} bad lines",
        positions.len()
    );
    Ok(positions)
}

fn run(args: Args) -> Result<()> {
    let start: Weights = match &args.init {
        Some(path) => weights::parse(
            &fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?,
        )
        .with_context(|| format!("in {}", path.display()))?,
        None => WEIGHTS.clone(),
    };
    if args.measure {
        let mut all = load(&args)?;
        if all.is_empty() {
            bail!("no positions to measure");
        }
        let p = flatten(&start);
        let k = args.k.unwrap_or_else(|| fit_k(&all, &p, 0.05, 5.0));
        if args.score_weight > 0.0 {
            let w = args.score_weight;
            for pos in &mut all {
                pos.result = (1.0 - w) * pos.result + w * model::sigmoid(k, pos.score as f64);
            }
        }
        println!(
            "{} positions, K = {k:.4}, score weight {}: error {:.6}",
            all.len(),
            args.score_weight,
            error(&all, &p, k)
        );
        return Ok(());
    }
    if args.epochs == 0 {
        fs::write(
            &args.out,
            weights::format(&start, "starting weights (no tuning step)"),
        )
        .with_context(|| format!("cannot write {}", args.out.display()))?;
        eprintln!("wrote {}", args.out.display());
        return Ok(());
    }
    let t0 = Instant::now();
    let all = load(&args)?;
    let (valid, train): (Vec<Position>, Vec<Position>) = all
        .into_iter()
        .partition(|p| p.game.wrapping_mul(0x9e37_79b9_7f4a_7c15) % 100 < args.validation);
    if train.is_empty() {
        bail!("no training positions");
    }
    eprintln!(
        "{} training, {} validation positions ({:.1} s)",
        train.len(),
        valid.len(),
        t0.elapsed().as_secs_f64()
    );

    let mut p = flatten(&start);
    let p0 = p.clone();
    let k = match args.k {
        Some(k) => k,
        None => fit_k(&train, &p, 0.05, 5.0),
    };
    let target = train.clone();
    let mut train = train;
    let mut valid = valid;
    if args.score_weight > 0.0 {
        let w = args.score_weight;
        let blend = |pos: &mut Position| {
            pos.result = (1.0 - w) * pos.result + w * model::sigmoid(k, pos.score as f64);
        };
        train.iter_mut().for_each(blend);
        if args.validate_target {
            valid.iter_mut().for_each(blend);
        }
    }
    let held = if valid.is_empty() { &target } else { &valid };
    let (train0, valid0) = (error(&train, &p, k), error(held, &p, k));
    eprintln!("K = {k:.4}; error before: training {train0:.6}, validation {valid0:.6}");

    let bar = ProgressBar::new(args.epochs as u64);
    bar.set_style(ProgressStyle::with_template(
        "{bar:40} {pos}/{len} steps [{elapsed}<{eta}] {msg}",
    )?);
    let mut adam = Adam::new(args.rate);
    let mut grad = vec![0.0; COUNT];
    let mut best = (valid0, p.clone(), 0usize);
    let note = |best: &(f64, Vec<f64>, usize)| {
        let rounded = flatten(&unflatten(&best.1));
        format!(
            "Texel tuning: {} training positions (quiet, from {}), K = {k:.4}, step {} of {}, Adam rate {}, L2 {} (PeSTO terms {}), score weight {}{}{}{}{}.\n\
             MSE of sigmoid(K eval): training (vs the fitted target) {train0:.6} -> {:.6}, validation (vs the {}) {valid0:.6} -> {:.6}.",
            train.len(),
            args.data.iter().map(|d| d.display().to_string()).collect::<Vec<_>>().join(", "),
            best.2,
            args.epochs,
            args.rate,
            args.l2,
            args.l2_pesto,
            args.score_weight,
            if args.validate_target { " (validated against the target)" } else { "" },
            if args.freeze_pesto { ", PeSTO terms frozen" } else { "" },
            if args.freeze_tempo { ", tempo frozen" } else { "" },
            if args.monotone_passers { ", passer tables monotone" } else { "" },
            error(&train, &rounded, k),
            if args.validate_target { "target" } else { "result" },
            error(held, &rounded, k),
        )
    };
    for epoch in 1..=args.epochs {
        let e = gradient(&train, &p, k, &mut grad);
        if args.freeze_pesto {
            grad[..2 * wingtip::eval::feature::MOBILITY].fill(0.0);
        }
        if args.freeze_tempo {
            grad[weights::TEMPO] = 0.0;
        }
        if args.l2 > 0.0 {
            for i in 0..COUNT {
                grad[i] += 2.0 * args.l2 * (p[i] - p0[i]);
            }
        }
        if args.l2_pesto > 0.0 {
            for i in 0..2 * wingtip::eval::feature::MOBILITY {
                grad[i] += 2.0 * args.l2_pesto * (p[i] - p0[i]);
            }
        }
        adam.step(&mut p, &grad);
        if args.monotone_passers {
            weights::make_passers_monotone(&mut p);
        }
        bar.inc(1);
        if epoch % 10 == 0 || epoch == args.epochs {
            let v = error(held, &p, k);
            if v < best.0 {
                best = (v, p.clone(), epoch);
            }
            let msg = format!("training {e:.6} validation {v:.6} (best at {})", best.2);
            if bar.is_hidden() && (epoch % 100 == 0 || epoch == args.epochs) {
                eprintln!("step {epoch}/{}: {msg}", args.epochs);
            }
            bar.set_message(msg);
        }
        if epoch % args.save_every == 0 {
            fs::write(
                &args.out,
                weights::format(&unflatten(&best.1), &note(&best)),
            )
            .with_context(|| format!("cannot write {}", args.out.display()))?;
        }
    }
    bar.finish();
    // Rounded to integers, as the engine uses them.
    let tuned = unflatten(&best.1);
    let rounded = flatten(&tuned);
    eprintln!(
        "error after (rounded weights, step {}): training {:.6}, validation {:.6}",
        best.2,
        error(&train, &rounded, k),
        error(held, &rounded, k)
    );
    let exact_check = train.iter().take(1000).all(|pos| {
        let w = model::evaluate_exact(pos, &tuned) as f64;
        let white = if pos.white_to_move { w } else { -w };
        (model::evaluate(pos, &rounded) - white).abs() <= 2.0
    });
    if !exact_check {
        bail!("internal error: the real-valued model and the integer evaluation disagree");
    }
    fs::write(&args.out, weights::format(&tuned, &note(&best)))
        .with_context(|| format!("cannot write {}", args.out.display()))?;
    eprintln!(
        "wrote {} ({:.1} s)",
        args.out.display(),
        t0.elapsed().as_secs_f64()
    );
    Ok(())
}
