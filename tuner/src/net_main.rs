//! `wingtip-net`: trains the evaluation network's correction to the hand-set evaluation
//! and writes the integer file the engine builds in (`src/eval/net.bin`).
//!
//! ```text
//! cargo run --release -p wingtip-tune --bin wingtip-net -- \
//!     --data scripts/data/sf8_268k.txt --held scripts/data/sf2400_s11_sf8_held.txt \
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
use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::time::Instant;

use anyhow::{bail, Context, Result};
use clap::Parser;
use indicatif::{ProgressBar, ProgressStyle};
use wingtip::eval::{hand_crafted, net as enet};
use wingtip_magics::net::NetFile;
use wingtip_tune::data::{is_quiet, parse_line};
use wingtip_tune::net::{engine_correction, sigmoid, Adam, FloatNet, Rng, Sample};

/// Trains wingtip's evaluation network.
#[derive(Parser)]
#[command(version, about)]
struct Args {
    /// Training data (`FEN | result | score | game` lines, e.g. from scripts/label.py).
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
    /// Hidden units per view: 8, 16, 32, 64 or 128.
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
    /// Keep the network colour-antisymmetric (see `FloatNet::make_antisymmetric`): its
    /// correction then depends on the position only and flips sign with the side to move.
    #[arg(long)]
    antisymmetric: bool,
    /// Worker threads for the gradient.
    #[arg(long, default_value_t = 2)]
    threads: usize,
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
    sample: Sample,
    board: wingtip::Board,
    game: u64,
}

fn load(paths: &[PathBuf], args: &Args) -> Result<Vec<Loaded>> {
    let bar = ProgressBar::new_spinner();
    bar.set_style(ProgressStyle::with_template(
        "{spinner} loading {pos} lines [{elapsed}]",
    )?);
    let mut out = Vec::new();
    for path in paths {
        let file =
            fs::File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
        for (n, line) in BufReader::new(file).lines().enumerate() {
            let line = line.with_context(|| format!("cannot read {}", path.display()))?;
            bar.inc(1);
            let record = match parse_line(&line) {
                Ok(Some(r)) => r,
                Ok(None) => continue,
                Err(e) => bail!("{}:{}: {e:#}", path.display(), n + 1),
            };
            if !is_quiet(&record.board) {
                continue;
            }
            let w = args.score_weight;
            let target = (1.0 - w) * record.result + w * sigmoid(args.k, record.score as f64);
            out.push(Loaded {
                sample: Sample::new(&record.board, hand_crafted(&record.board), target),
                board: record.board,
                game: record.game,
            });
        }
    }
    bar.finish_and_clear();
    Ok(out)
}

fn mean_error(net: &FloatNet, k: f64, set: &[Loaded]) -> f64 {
    set.iter().map(|l| net.error(k, &l.sample)).sum::<f64>() / set.len().max(1) as f64
}

/// The error of an integer correction function over `set`.
fn int_error(k: f64, set: &[Loaded], corr: impl Fn(&wingtip::Board) -> i32) -> f64 {
    set.iter()
        .map(|l| {
            let e = l.sample.base as f64 + corr(&l.board) as f64;
            let d = sigmoid(k, e) - l.sample.target as f64;
            d * d
        })
        .sum::<f64>()
        / set.len().max(1) as f64
}

fn run(args: Args) -> Result<()> {
    if ![8, 16, 32, 64, 128].contains(&args.hidden) {
        bail!("--hidden {}: use 8, 16, 32, 64 or 128", args.hidden);
    }
    if args.batch == 0 || args.threads == 0 {
        bail!("--batch and --threads must be at least 1");
    }
    let start = Instant::now();
    let all = load(&args.data, &args)?;
    let held = load(&args.held, &args)?;
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
    let built = |b: &wingtip::Board| enet::correction(&enet::NET, b);
    let (base_v, base_h) = (
        int_error(args.k, &valid, |_| 0),
        int_error(args.k, &held, |_| 0),
    );
    let (built_v, built_h) = (
        int_error(args.k, &valid, built),
        int_error(args.k, &held, built),
    );
    eprintln!(
        "hand-set terms alone: validation {base_v:.6}, held {base_h:.6}; with the built-in network: validation {built_v:.6}, held {built_h:.6}"
    );

    let mut net = FloatNet::new(args.hidden, args.seed);
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
        let mut train_err = 0.0;
        for batch in order.chunks(args.batch) {
            let per = batch.len().div_ceil(threads);
            let net_ref = &net;
            let train_ref = &train;
            let results: Vec<(Vec<f32>, f64)> = std::thread::scope(|s| {
                let handles: Vec<_> = batch
                    .chunks(per)
                    .map(|part| {
                        s.spawn(move || {
                            let mut grad = vec![0.0f32; net_ref.len()];
                            let mut err = 0.0;
                            for &i in part {
                                err += net_ref.backward(args.k, &train_ref[i].sample, &mut grad);
                            }
                            (grad, err)
                        })
                    })
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().expect("worker thread"))
                    .collect()
            });
            let mut grad = vec![0.0f32; net.len()];
            for (g, e) in results {
                train_err += e;
                for (a, b) in grad.iter_mut().zip(&g) {
                    *a += b;
                }
            }
            let scale = 1.0 / batch.len() as f32;
            grad.iter_mut().for_each(|g| *g *= scale);
            adam.step(&mut params, &grad, rate, args.weight_decay);
            net.set_params(&params);
            if args.antisymmetric {
                net.make_antisymmetric();
                params = net.params();
            }
        }
        rate *= args.decay_rate;
        let v = mean_error(&net, args.k, &valid);
        let h = mean_error(&net, args.k, &held);
        if v < best.0 {
            best = (v, epoch, net.clone());
        }
        eprintln!(
            "epoch {epoch}: training {:.6}, validation {v:.6}, held {h:.6} (best {:.6} at {}) [{:.0} s]",
            train_err / train.len() as f64,
            best.0,
            best.1,
            start.elapsed().as_secs_f64()
        );
    }
    let file = best.2.quantise();
    let mine = |b: &wingtip::Board| engine_correction(&file, b).expect("a supported width");
    let (q_v, q_h) = (
        int_error(args.k, &valid, mine),
        int_error(args.k, &held, mine),
    );
    eprintln!(
        "quantised (epoch {}): validation {q_v:.6}, held {q_h:.6}; built-in: validation {built_v:.6}, held {built_h:.6}",
        best.1
    );
    if let Some(out) = &args.out {
        if q_v >= built_v && !args.force {
            bail!(
                "not writing {}: its validation error {q_v:.6} is not below the built-in network's {built_v:.6} (--force to write anyway)",
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
