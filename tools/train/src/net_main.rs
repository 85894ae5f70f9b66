//! `wingtip-net`: trains the evaluation network's correction to the hand-set evaluation
//! and writes the integer file the engine builds in (`src/eval/net.bin`).
//!
//! ```text
//! cargo run --release -p wingtip-train --bin wingtip-net -- \
//!     --data lab/data/labels-sf8-selfplay-0d40341-268k.txt --held lab/data/labels-sf8-stockfish2400-2026-12-01-a6d21bb-held.txt \
//!     --out src/eval/net.bin
//! cargo build --release          # the engine with the new network
//! ```
//!
//! Positions of a tenth of the games (by game number) are held out; the weights kept are
//! those of the epoch with the lowest error on them. `--held` files are only reported.
//! The file is written only when the quantised network's held-out error beats that of
//! the network the engine was built with (so a worse network never replaces it), unless
//! `--force`.

use std::fs;
use std::path::PathBuf;
use std::time::Instant;

use anyhow::{bail, Context, Result};
use clap::Parser;
use indicatif::{ProgressBar, ProgressStyle};
use wingtip::eval::net::LIMIT;
use wingtip::eval::{evaluate, hand_crafted};
use wingtip_codegen::net::NetFile;
use wingtip_train::data::{is_quiet, location, records};
use wingtip_train::net::{
    engine_evaluator, king_layout, sigmoid, spread_loss, Adam, FloatNet, Rng, Sample, WIDTHS,
};

/// Trains wingtip's evaluation network.
#[derive(Parser)]
#[command(version)]
struct Args {
    /// Training data (`FEN | result | score | game` lines, e.g. from rig/label.py).
    #[arg(long, num_args = 1.., required = true)]
    data: Vec<PathBuf>,
    /// Extra held-out files, reported each epoch (not used to pick the weights).
    #[arg(long, num_args = 1..)]
    held: Vec<PathBuf>,
    /// The network file to write.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Write `--out` even if its held-out error is not better than the built-in network's.
    #[arg(long)]
    force: bool,
    /// Hidden units per view: 8, 16, 32, 64, 128 or 256.
    #[arg(long, default_value_t = 32)]
    hidden: usize,
    /// Passes over the training positions.
    #[arg(long, default_value_t = 30)]
    epochs: usize,
    /// Adam step size.
    #[arg(long, default_value_t = 1e-3)]
    rate: f32,
    /// The step size is multiplied by this after every epoch.
    #[arg(long, default_value_t = 0.93)]
    decay_rate: f32,
    /// Decoupled weight decay (Adam-W), per step, relative to the step size.
    #[arg(long, default_value_t = 0.0)]
    weight_decay: f32,
    /// Positions per mini-batch.
    #[arg(long, default_value_t = 4096)]
    batch: usize,
    /// The sigmoid's scale (as in wingtip-tune).
    #[arg(long, default_value_t = 0.872)]
    k: f64,
    /// Fit to (1 − w) · result + w · sigmoid(K · score).
    #[arg(long, default_value_t = 1.0)]
    score_weight: f64,
    /// Percent of the games (by game number) held out.
    #[arg(long, default_value_t = 10)]
    validation: u64,
    /// Seed of the initial weights and the shuffles.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Sibling files: positions labelled like `--data`, grouped by their game field, each
    /// group the positions after the different moves of one parent position. Adds the
    /// sibling loss (`FloatNet::sibling_loss`): rank siblings as the reference does.
    #[arg(long, num_args = 1..)]
    siblings: Vec<PathBuf>,
    /// Weight of the sibling loss.
    #[arg(long, default_value_t = 1.0)]
    sibling_weight: f32,
    /// Weight of the absolute (Texel-style) loss on `--data`; 0 trains on siblings only.
    #[arg(long, default_value_t = 1.0)]
    absolute_weight: f32,
    /// Scores are clipped to ± this many centipawns in the sibling loss.
    #[arg(long, default_value_t = 800.0)]
    sibling_clip: f32,
    /// Sibling groups per step.
    #[arg(long, default_value_t = 128)]
    sibling_groups: usize,
    /// Only measure: print the error on all of `--data`, and the sibling loss and
    /// ordering on all of `--siblings`, of the hand-set terms alone and with each of
    /// these network files, then exit (writes nothing).
    #[arg(long, num_args = 1..)]
    measure: Vec<PathBuf>,
    /// Keep the network colour-antisymmetric (see `FloatNet::make_antisymmetric`): its
    /// correction then depends on the position only and flips sign with the side to move.
    #[arg(long)]
    antisymmetric: bool,
    /// Worker threads for the gradient.
    #[arg(long, default_value_t = 2)]
    threads: usize,
    /// Train the whole evaluation (the file is marked as one: the engine then uses the
    /// network's output alone) instead of a correction to the hand-set terms.
    #[arg(long)]
    full: bool,
    /// Squared clipped-ReLU hidden units (`clamp(x, 0, 1)²`) instead of clipped ReLUs.
    #[arg(long)]
    squared: bool,
    /// Output buckets: 1, or 8 chosen by the number of pieces on the board (the output
    /// layer then weighs the hidden units per game phase; same first layer and speed).
    #[arg(long, default_value_t = 1)]
    buckets: usize,
    /// King-bucketed inputs: `mirror` (one set of inputs, the view mirrored when its
    /// king is on files e-h) or `4` (mirrored, and four sets: the king on a1/b1, on
    /// c1/d1, on the second rank, further up; files as mirrored, ranks as the view sees
    /// them). Without it the inputs are plain.
    #[arg(long)]
    king_buckets: Option<String>,
    /// With `--king-buckets`: train a factor, one set of inputs shared by every king
    /// bucket and added to each bucket's own in the file written (the plain first
    /// layer's initialisation goes to the factor, each bucket's rows start at zero).
    #[arg(long, requires = "king_buckets")]
    factorise: bool,
}

fn main() {
    if let Err(e) = run(Args::parse()) {
        eprintln!("error: {e:#}");
        std::process::exit(1);
    }
}

/// A position ready for training, with its game number for the split and its board for
/// the engine's integer check.
struct Loaded {
    /// The sample; its base is the hand-set evaluation for a correction, 0 for a full
    /// network (`--full`).
    sample: Sample,
    board: wingtip::Board,
    game: u64,
    /// The reference score, centipawns, side to move.
    score: f32,
}

fn load(paths: &[PathBuf], args: &Args, map: &[u8; 64]) -> Result<Vec<Loaded>> {
    let bar = ProgressBar::new_spinner();
    bar.set_style(ProgressStyle::with_template(
        "{spinner} loading {pos} lines [{elapsed}]",
    )?);
    let mut out = Vec::new();
    for path in paths {
        for (n, item) in records(path)? {
            bar.inc(1);
            let record = match item {
                Ok(Some(r)) => r,
                Ok(None) => continue,
                Err(e) => bail!("{}: {e:#}", location(path, n)),
            };
            if !is_quiet(&record.board) {
                continue;
            }
            let w = args.score_weight;
            let target = (1.0 - w) * record.result + w * sigmoid(args.k, record.score as f64);
            let white = record.board.side_to_move() == wingtip::Color::White;
            let base = base_of(args.full, &record.board);
            out.push(Loaded {
                sample: Sample::with_king_map(&record.board, base, target, map),
                board: record.board,
                game: record.game,
                score: if white { record.score } else { -record.score } as f32,
            });
        }
    }
    bar.finish_and_clear();
    Ok(out)
}

/// The part of the evaluation a sample's base holds: the hand-set terms for a
/// correction, nothing for a full network.
fn base_of(full: bool, board: &wingtip::Board) -> i32 {
    if full {
        0
    } else {
        hand_crafted(board)
    }
}

/// Sibling groups (at least 3 positions each), by game number: the positions with
/// their reference scores, and their boards (for the engine's integer evaluation).
type Group = (u64, Vec<(Sample, f32)>, Vec<wingtip::Board>);

fn groups(set: Vec<Loaded>) -> Vec<Group> {
    let mut map: std::collections::BTreeMap<u64, Group> = Default::default();
    for l in set {
        let g = map
            .entry(l.game)
            .or_insert_with(|| (l.game, vec![], vec![]));
        g.1.push((l.sample, l.score));
        g.2.push(l.board);
    }
    map.into_values().filter(|g| g.1.len() >= 3).collect()
}

/// How an evaluation does on sibling groups.
struct SiblingStats {
    /// Mean sibling loss (`spread_loss`).
    loss: f64,
    /// The share of sibling pairs at least 30 cp apart by the reference that the
    /// evaluation orders the same way.
    ordered: f64,
    /// The mean regret of a one-ply choice: the parent's player picks the sibling the
    /// evaluation likes best for it (the lowest score for the siblings' side to move);
    /// regret is how much worse that sibling is by the reference than the reference's
    /// best, centipawns (clipped like the loss).
    regret: f64,
}

/// The [`SiblingStats`] of the evaluation `eval` (centipawns, side to move, of group
/// member `i`).
fn sibling_stats(set: &[Group], clip: f32, eval: impl Fn(&Group, usize) -> f32) -> SiblingStats {
    let (mut loss, mut agree, mut pairs, mut regret) = (0.0, 0u64, 0u64, 0.0);
    for g in set {
        let e: Vec<f32> = (0..g.1.len()).map(|i| eval(g, i)).collect();
        let r: Vec<f32> = g.1.iter().map(|x| x.1.clamp(-clip, clip)).collect();
        loss += spread_loss(&e, &r, clip).0;
        for i in 0..r.len() {
            for j in i + 1..r.len() {
                let d = r[i] - r[j];
                if d.abs() >= 30.0 {
                    pairs += 1;
                    agree += u64::from((e[i] - e[j]) * d > 0.0);
                }
            }
        }
        let pick = (0..e.len()).fold(0, |b, i| if e[i] < e[b] { i } else { b });
        let best = r.iter().copied().fold(f32::INFINITY, f32::min);
        regret += f64::from(r[pick] - best);
    }
    let n = set.len().max(1) as f64;
    SiblingStats {
        loss: loss / n,
        ordered: agree as f64 / pairs.max(1) as f64,
        regret: regret / n,
    }
}

/// Sums `f`'s gradients over `items` on `threads` threads; returns the gradient and the
/// summed loss.
fn par_grad<T: Sync>(
    threads: usize,
    len: usize,
    items: &[T],
    f: impl Fn(&T, &mut [f32]) -> f64 + Sync,
) -> (Vec<f32>, f64) {
    let per = items.len().div_ceil(threads).max(1);
    let f = &f;
    let parts: Vec<(Vec<f32>, f64)> = std::thread::scope(|s| {
        let handles: Vec<_> = items
            .chunks(per)
            .map(|part| {
                s.spawn(move || {
                    let mut grad = vec![0.0f32; len];
                    let loss = part.iter().map(|x| f(x, &mut grad)).sum::<f64>();
                    (grad, loss)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("worker thread"))
            .collect()
    });
    let mut grad = vec![0.0f32; len];
    let mut loss = 0.0;
    for (g, l) in parts {
        loss += l;
        for (a, b) in grad.iter_mut().zip(&g) {
            *a += b;
        }
    }
    (grad, loss)
}

/// The mean squared error on `set` of the evaluation `eval` (centipawns, side to
/// move) against the targets; NaN (printed as such) for an empty set.
fn mean_error(k: f64, set: &[Loaded], eval: impl Fn(&Loaded) -> f64) -> f64 {
    if set.is_empty() {
        return f64::NAN;
    }
    let sum: f64 = set
        .iter()
        .map(|l| (sigmoid(k, eval(l)) - l.sample.target as f64).powi(2))
        .sum();
    sum / set.len() as f64
}

/// The error of the float network `net` on `set`.
fn float_error(net: &FloatNet, k: f64, set: &[Loaded]) -> f64 {
    mean_error(k, set, |l| {
        l.sample.base as f64 + 100.0 * net.output(&l.sample) as f64
    })
}

/// The error of an integer correction function over `set`.
fn int_error(k: f64, set: &[Loaded], corr: impl Fn(&wingtip::Board) -> i32) -> f64 {
    mean_error(k, set, |l| l.sample.base as f64 + corr(&l.board) as f64)
}

fn run(args: Args) -> Result<()> {
    if args.buckets != 1 && args.buckets != wingtip::eval::net::BUCKETS {
        bail!(
            "--buckets {}: use 1 or {}",
            args.buckets,
            wingtip::eval::net::BUCKETS
        );
    }
    if !WIDTHS.contains(&args.hidden) {
        bail!("--hidden {}: use one of {WIDTHS:?}", args.hidden);
    }
    if args.batch == 0 || args.threads == 0 {
        bail!("--batch and --threads must be at least 1");
    }
    let king_map = match &args.king_buckets {
        None => None,
        Some(name) => Some(
            king_layout(name)
                .with_context(|| format!("--king-buckets {name}: use `mirror` or `4`"))?,
        ),
    };
    let map = king_map.unwrap_or([0; 64]);
    let start = Instant::now();
    let all = load(&args.data, &args, &map)?;
    // The hand-set terms as an offset to each sample's base.
    let hand_only = |b: &wingtip::Board| hand_crafted(b) - base_of(args.full, b);
    if !args.measure.is_empty() {
        // Every sibling group counts here, not only the validation tenth.
        let sib = groups(load(&args.siblings, &args, &map)?);
        eprintln!("{} positions, {} sibling groups", all.len(), sib.len());
        let clip = args.sibling_clip;
        let report = |name: &str, corr: &dyn Fn(&wingtip::Board) -> i32| {
            let st = sibling_stats(&sib, clip, |g, i| g.1[i].0.base + corr(&g.2[i]) as f32);
            println!(
                "{name}: error {:.6}, sibling loss {:.5}, sibling pairs ordered {:.4}, regret {:.1} cp",
                int_error(args.k, &all, corr),
                st.loss,
                st.ordered,
                st.regret
            );
        };
        report("hand-set terms alone", &hand_only);
        for path in &args.measure {
            let file = NetFile::read(path).map_err(|e| anyhow::anyhow!("{e}"))?;
            if !WIDTHS.contains(&file.hidden) {
                bail!(
                    "{}: hidden width {} is not supported",
                    path.display(),
                    file.hidden
                );
            }
            if file.king_map.unwrap_or([0; 64]) != map {
                bail!(
                    "{}: its king map differs from the one the samples were built with (--king-buckets)",
                    path.display()
                );
            }
            let eval = engine_evaluator(&file).expect("a supported width");
            let corr = |b: &wingtip::Board| eval(b);
            report(&path.display().to_string(), &corr);
        }
        return Ok(());
    }
    let held = load(&args.held, &args, &map)?;
    let (valid, train): (Vec<Loaded>, Vec<Loaded>) = all
        .into_iter()
        .partition(|l| l.game.wrapping_mul(0x9e37_79b9_7f4a_7c15) % 100 < args.validation);
    if train.is_empty() || valid.is_empty() {
        bail!(
            "{} training and {} validation positions: need both",
            train.len(),
            valid.len()
        );
    }
    eprintln!(
        "{} training, {} validation, {} held-out positions ({:.1} s)",
        train.len(),
        valid.len(),
        held.len(),
        start.elapsed().as_secs_f64()
    );
    // What the engine was built with, as an offset to each sample's base.
    let built = |b: &wingtip::Board| evaluate(b) - base_of(args.full, b);
    let (base_v, base_h) = (
        int_error(args.k, &valid, hand_only),
        int_error(args.k, &held, hand_only),
    );
    let (built_v, built_h) = (
        int_error(args.k, &valid, built),
        int_error(args.k, &held, built),
    );
    eprintln!(
        "hand-set terms alone: validation {base_v:.6}, held {base_h:.6}; the built-in evaluation: validation {built_v:.6}, held {built_h:.6}"
    );

    let siblings = load(&args.siblings, &args, &map)?;
    let (sib_valid, sib_train): (Vec<Group>, Vec<Group>) = groups(siblings)
        .into_iter()
        .partition(|g| g.0.wrapping_mul(0x9e37_79b9_7f4a_7c15) % 100 < args.validation);
    let clip = args.sibling_clip;
    let built_sib = sibling_stats(&sib_valid, clip, |g, i| evaluate(&g.2[i]) as f32);
    if !sib_train.is_empty() {
        let hand = sibling_stats(&sib_valid, clip, |g, i| hand_crafted(&g.2[i]) as f32);
        eprintln!(
            "siblings: {} training, {} validation groups; hand-set terms alone: loss {:.5}, pairs ordered right {:.4}, regret {:.1} cp; built-in network: {:.5}, {:.4}, {:.1} cp",
            sib_train.len(),
            sib_valid.len(),
            hand.loss,
            hand.ordered,
            hand.regret,
            built_sib.loss,
            built_sib.ordered,
            built_sib.regret
        );
    }
    let mut sib_order: Vec<usize> = (0..sib_train.len()).collect();
    let mut sib_at = 0usize;

    let mut net = FloatNet::new(args.hidden, args.seed).with_buckets(args.buckets);
    if let Some(map) = king_map {
        net = if args.factorise {
            net.with_factored_king_map(map)
        } else {
            net.with_king_map(map)
        };
    }
    net.squared = args.squared;
    if args.antisymmetric {
        net.make_antisymmetric();
    }
    let mut params = net.params();
    let mut adam = Adam::new(params.len());
    let mut rng = Rng::new(args.seed ^ 0x5348_5546_464c_4553);
    let mut order: Vec<usize> = (0..train.len()).collect();
    let mut best = (f64::INFINITY, 0usize, net.clone());
    let mut rate = args.rate;
    let threads = args.threads;
    for epoch in 1..=args.epochs {
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i + 1));
        }
        for i in (1..sib_order.len()).rev() {
            sib_order.swap(i, rng.below(i + 1));
        }
        let mut train_err = 0.0;
        for batch in order.chunks(args.batch) {
            let (mut grad, err) = par_grad(threads, net.len(), batch, |&i, g| {
                net.backward(args.k, &train[i].sample, g)
            });
            train_err += err;
            let scale = args.absolute_weight / batch.len() as f32;
            grad.iter_mut().for_each(|g| *g *= scale);
            if !sib_train.is_empty() {
                let picked: Vec<usize> = (0..args.sibling_groups)
                    .map(|_| {
                        let i = sib_order[sib_at % sib_order.len()];
                        sib_at += 1;
                        i
                    })
                    .collect();
                let (sg, _) = par_grad(threads, net.len(), &picked, |&i, g| {
                    net.sibling_loss(&sib_train[i].1, clip, 1.0, Some(g))
                });
                let scale = args.sibling_weight / picked.len() as f32;
                for (a, b) in grad.iter_mut().zip(&sg) {
                    *a += scale * b;
                }
            }
            adam.step(&mut params, &grad, rate, args.weight_decay);
            net.set_params(&params);
            if args.antisymmetric {
                net.make_antisymmetric();
                params = net.params();
            }
        }
        rate *= args.decay_rate;
        let v = float_error(&net, args.k, &valid);
        let h = float_error(&net, args.k, &held);
        // With siblings, the weights kept are those that rank held-out siblings best.
        let st = sibling_stats(&sib_valid, clip, |g, i| {
            g.1[i].0.base + 100.0 * net.output(&g.1[i].0)
        });
        let score = if sib_valid.is_empty() { v } else { st.loss };
        if score < best.0 {
            best = (score, epoch, net.clone());
        }
        let sib = if sib_valid.is_empty() {
            String::new()
        } else {
            format!(
                ", siblings {:.5} ordered {:.4} regret {:.1}",
                st.loss, st.ordered, st.regret
            )
        };
        eprintln!(
            "epoch {epoch}: training {:.6}, validation {v:.6}, held {h:.6}{sib} (best {:.6} at {}) [{:.0} s]",
            train_err / train.len() as f64,
            best.0,
            best.1,
            start.elapsed().as_secs_f64()
        );
    }
    let mut file = best.2.quantise();
    file.full = args.full;
    // What the engine would compute with this file: a full network's output is clamped.
    let eval = engine_evaluator(&file).expect("a supported width");
    let mine = |b: &wingtip::Board| {
        let out = eval(b);
        if file.full {
            out.clamp(-LIMIT, LIMIT)
        } else {
            out
        }
    };
    let (q_v, q_h) = (
        int_error(args.k, &valid, mine),
        int_error(args.k, &held, mine),
    );
    eprintln!(
        "quantised (epoch {}): validation {q_v:.6}, held {q_h:.6}; built-in: validation {built_v:.6}, held {built_h:.6}",
        best.1
    );
    // The criterion the epoch was chosen by decides whether the file may replace the
    // built-in network: the sibling loss when there are siblings, else the error.
    let (mine_score, built_score, what) = if sib_valid.is_empty() {
        (q_v, built_v, "validation error")
    } else {
        let q = sibling_stats(&sib_valid, clip, |g, i| {
            g.1[i].0.base + mine(&g.2[i]) as f32
        });
        eprintln!(
            "quantised siblings: loss {:.5}, ordered {:.4}, regret {:.1} cp; built-in: {:.5}, {:.4}, {:.1} cp",
            q.loss, q.ordered, q.regret, built_sib.loss, built_sib.ordered, built_sib.regret
        );
        (q.loss, built_sib.loss, "sibling loss")
    };
    if let Some(out) = &args.out {
        if mine_score >= built_score && !args.force {
            bail!(
                "not writing {}: its {what} {mine_score:.6} is not below the built-in network's {built_score:.6} (--force to write anyway)",
                out.display()
            );
        }
        let bytes = file.to_bytes();
        NetFile::from_bytes(&bytes).map_err(|e| anyhow::anyhow!("internal: {e}"))?;
        let tmp = out.with_extension("tmp");
        fs::write(&tmp, &bytes).with_context(|| format!("cannot write {}", tmp.display()))?;
        fs::rename(&tmp, out).with_context(|| format!("cannot write {}", out.display()))?;
        eprintln!("wrote {} ({} bytes)", out.display(), bytes.len());
    }
    Ok(())
}
