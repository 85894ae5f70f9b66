//! `wingtip-pack`: the packed training data's tool (format: [`wingtip_train::packed`]).
//!
//! ```text
//! wingtip-pack merge shard-1.bin shard-2.bin … --out all.bin   # one file, duplicates dropped
//! wingtip-pack convert selfplay.txt … --out selfplay.bin       # text data to packed
//! wingtip-pack stats all.bin …                                 # positions, games, results
//! ```
//!
//! `merge` and `convert` check every record of every input first and write nothing if
//! one is damaged (the error names the file and the record or line). The output is
//! written to a temporary file and renamed into place, and an existing `--out` is only
//! replaced with `--force`. Deduplication keeps the first occurrence of each position
//! (the board, the side to move and the en-passant square) in the order the inputs are
//! given, so the same inputs in the same order always give the same bytes.

use std::collections::HashSet;
use std::io::Write as _;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use clap::{Parser, Subcommand};
use wingtip_train::data::{location, records};
use wingtip_train::packed::{encode, position_key, read_checked, RECORD_BYTES};

/// The packed training data's tool.
#[derive(Parser)]
#[command(version)]
struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Concatenates packed files, dropping repeated positions (the first one stays)
    Merge {
        /// Packed inputs, in order of preference
        #[arg(required = true)]
        inputs: Vec<PathBuf>,
        /// The packed file to write
        #[arg(long)]
        out: PathBuf,
        /// Keep repeated positions
        #[arg(long)]
        keep_duplicates: bool,
        /// Replace --out if it exists
        #[arg(long)]
        force: bool,
    },
    /// Converts text data (`FEN | result | score | game` lines) to the packed format
    Convert {
        /// Text inputs
        #[arg(required = true)]
        inputs: Vec<PathBuf>,
        /// The packed file to write
        #[arg(long)]
        out: PathBuf,
        /// Replace --out if it exists
        #[arg(long)]
        force: bool,
    },
    /// Prints what packed files hold
    Stats {
        /// Packed inputs
        #[arg(required = true)]
        inputs: Vec<PathBuf>,
    },
}

fn main() {
    if let Err(e) = run(Args::parse().command) {
        eprintln!("wingtip-pack: {e:#}");
        std::process::exit(1);
    }
}

/// Refuses a non-`.bin` output name and an existing output without `force`.
fn check_out(out: &Path, force: bool) -> Result<()> {
    if !wingtip_train::data::is_packed(out) {
        bail!("{}: a packed file's name ends in .bin", out.display());
    }
    if out.exists() && !force {
        bail!("{}: exists (--force replaces it)", out.display());
    }
    Ok(())
}

/// Writes `bytes` to `out` through a temporary file and a rename.
fn write_atomic(out: &Path, bytes: &[u8]) -> Result<()> {
    let tmp = out.with_extension(format!("bin.tmp-{}", std::process::id()));
    let result = (|| -> Result<()> {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        std::fs::rename(&tmp, out)?;
        Ok(())
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result.with_context(|| format!("cannot write {}", out.display()))
}

fn run(command: Command) -> Result<()> {
    match command {
        Command::Merge {
            inputs,
            out,
            keep_duplicates,
            force,
        } => {
            check_out(&out, force)?;
            let mut seen = HashSet::new();
            let (mut total, mut bytes) = (0usize, Vec::new());
            for path in &inputs {
                if !wingtip_train::data::is_packed(path) {
                    bail!(
                        "{}: not a packed file (.bin); convert text first",
                        path.display()
                    );
                }
                // Every record is decoded (checked) before anything is written.
                for (record, _) in read_checked(path)? {
                    total += 1;
                    if keep_duplicates || seen.insert(position_key(&record)) {
                        bytes.extend_from_slice(&record);
                    }
                }
            }
            write_atomic(&out, &bytes)?;
            let kept = bytes.len() / RECORD_BYTES;
            println!(
                "{}: {kept} positions from {total} in {} file(s), {} repeated positions dropped",
                out.display(),
                inputs.len(),
                total - kept
            );
        }
        Command::Convert { inputs, out, force } => {
            check_out(&out, force)?;
            let mut bytes = Vec::new();
            for path in &inputs {
                let mut records_here: Vec<wingtip_train::data::Record> = Vec::new();
                for (n, item) in records(path)? {
                    match item.with_context(|| location(path, n))? {
                        Some(r) => records_here.push(r),
                        None => continue,
                    }
                }
                // A game's last position is the last record with its number before
                // the number changes.
                for (i, r) in records_here.iter().enumerate() {
                    let last = records_here
                        .get(i + 1)
                        .is_none_or(|next| next.game != r.game);
                    bytes.extend_from_slice(&encode(r, last).with_context(|| {
                        format!("{}: record {i} cannot be packed", path.display())
                    })?);
                }
            }
            write_atomic(&out, &bytes)?;
            println!(
                "{}: {} positions",
                out.display(),
                bytes.len() / RECORD_BYTES
            );
        }
        Command::Stats { inputs } => {
            for path in &inputs {
                let all = read_checked(path)?;
                let games = all.iter().filter(|(_, p)| p.last_of_game).count();
                let mut results = [0usize; 3];
                for (_, p) in &all {
                    results[(p.record.result * 2.0) as usize] += 1;
                }
                let unique: HashSet<[u8; 25]> =
                    all.iter().map(|(raw, _)| position_key(raw)).collect();
                println!(
                    "{}: {} positions ({} distinct), {games} games; White won {}, drawn {}, Black won {} (positions)",
                    path.display(),
                    all.len(),
                    unique.len(),
                    results[2],
                    results[1],
                    results[0]
                );
            }
        }
    }
    Ok(())
}
