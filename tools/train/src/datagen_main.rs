//! `wingtip-datagen`: self-play data at a fixed node budget, played in-process on
//! several threads (see [`wingtip_train::selfplay`] for the games and the positions kept).
//!
//! ```text
//! cargo run --release -p wingtip-train --bin wingtip-datagen -- \
//!     --games 20000 --nodes 5000 --threads 2 --out lab/data/selfplay.txt
//! ```
//!
//! The file format is that of `rig/datagen.py` (`FEN | result | score | game` lines,
//! each game's block closed by a `# game …` marker line), so `wingtip-tune` and
//! `wingtip-net` read either; an `--out` ending in `.bin` is written in the packed
//! format instead (32 bytes a position, [`wingtip_train::packed`]), which they read as
//! well. Resumable: run the same command again and it carries on. On start the
//! complete games of `--out` are kept, anything after the last game's end (a game cut
//! off while being written) is removed, and the game numbers not yet in the file are
//! played, up to `--games`. A game is written whole, in one write, when it ends. (A
//! packed file marks a game's end on its last position, so a game that kept no
//! position leaves no trace and is played again on a resume, to the same result.)

use std::collections::HashSet;
use std::fs::{self, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Instant;

use anyhow::{bail, Context, Result};
use clap::Parser;
use indicatif::{ProgressBar, ProgressStyle};
use wingtip::Board;
use wingtip_train::data::{is_packed, location};
use wingtip_train::selfplay::{Config, Player};

/// Self-play data for wingtip's tuner and network trainer.
#[derive(Parser)]
#[command(version)]
struct Args {
    /// Total games the file should hold.
    #[arg(long, default_value_t = 10_000)]
    games: u64,
    /// Node budget per move.
    #[arg(long, default_value_t = 5000)]
    nodes: u64,
    /// Opening positions (EPD or FEN lines); game N starts from line N mod their count.
    #[arg(long, default_value = "rig/books/book.epd")]
    book: PathBuf,
    /// The data file (appended to; created if missing); a name ending in `.bin` is
    /// written in the packed format (32 bytes a position).
    #[arg(long, default_value = "lab/data/selfplay.txt")]
    out: PathBuf,
    /// Seed of the random opening moves.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Playing threads.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Transposition table per thread, MiB.
    #[arg(long, default_value_t = 4)]
    hash: usize,
    /// Random legal moves after the book position.
    #[arg(long, default_value_t = 4)]
    random_plies: u32,
    /// Plies after the random moves before positions are kept.
    #[arg(long, default_value_t = 8)]
    skip_plies: u32,
    /// Largest absolute score of a kept position, centipawns.
    #[arg(long, default_value_t = 2000)]
    max_score: i32,
    /// A game still going after this many plies is drawn.
    #[arg(long, default_value_t = 400)]
    max_plies: u32,
    /// Win adjudication: scores at least this for one side …
    #[arg(long, default_value_t = 1500)]
    win_score: i32,
    /// … on this many consecutive plies.
    #[arg(long, default_value_t = 6)]
    win_plies: usize,
    /// Draw adjudication from this ply on …
    #[arg(long, default_value_t = 80)]
    draw_ply: u32,
    /// … when this many consecutive plies …
    #[arg(long, default_value_t = 12)]
    draw_plies: usize,
    /// … all score within ± this many centipawns.
    #[arg(long, default_value_t = 10)]
    draw_score: i32,
    /// No progress bar.
    #[arg(long)]
    no_progress: bool,
}

fn main() {
    if let Err(err) = run(Args::parse()) {
        eprintln!("wingtip-datagen: {err:#}");
        std::process::exit(1);
    }
}

/// Reads the opening positions: one EPD (four fields) or FEN per line; `#` and blank
/// lines skipped.
fn read_book(path: &Path) -> Result<Vec<Board>> {
    let text =
        fs::read_to_string(path).with_context(|| format!("cannot read book {}", path.display()))?;
    let mut boards = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split_whitespace().collect();
        let fen = if fields.len() >= 6 && fields[4].parse::<u32>().is_ok() {
            fields[..6].join(" ")
        } else if fields.len() >= 4 {
            format!("{} 0 1", fields[..4].join(" "))
        } else {
            bail!("{}:{}: not an EPD or FEN line", path.display(), number + 1);
        };
        let board = Board::from_fen(&fen)
            .map_err(|e| anyhow::anyhow!("{}:{}: bad position: {e}", path.display(), number + 1))?;
        boards.push(board);
    }
    if boards.is_empty() {
        bail!("book {} has no position", path.display());
    }
    Ok(boards)
}

/// Keeps the complete game blocks of `path` (cutting a trailing unfinished one) and
/// returns the numbers of the games it holds.
fn resume(path: &Path) -> Result<HashSet<u64>> {
    let mut done = HashSet::new();
    let data = match fs::read(path) {
        Ok(data) => data,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(done),
        Err(e) => return Err(e).with_context(|| format!("cannot read {}", path.display())),
    };
    let mut keep = 0;
    if is_packed(path) {
        use wingtip_train::packed::{decode, RECORD_BYTES};
        for (n, chunk) in data.chunks_exact(RECORD_BYTES).enumerate() {
            let packed = decode(chunk.try_into().expect("32 bytes"))
                .with_context(|| format!("{}: damaged; delete or move it", location(path, n)))?;
            if packed.last_of_game {
                done.insert(packed.record.game);
                keep = (n + 1) * RECORD_BYTES;
            }
        }
        cut(path, &data, keep)?;
        return Ok(done);
    }
    let mut offset = 0;
    for (number, line) in data.split_inclusive(|&b| b == b'\n').enumerate() {
        offset += line.len();
        if !line.ends_with(b"\n") {
            break;
        }
        if let Some(rest) = line.strip_prefix(b"# game ") {
            let text = String::from_utf8_lossy(rest);
            let game = text
                .split_whitespace()
                .next()
                .and_then(|n| n.parse::<u64>().ok())
                .with_context(|| format!("{}:{}: bad marker line", path.display(), number + 1))?;
            done.insert(game);
            keep = offset;
        }
    }
    cut(path, &data, keep)?;
    Ok(done)
}

/// Cuts `path` (whose bytes are `data`) to its first `keep` bytes.
fn cut(path: &Path, data: &[u8], keep: usize) -> Result<()> {
    if keep < data.len() {
        let file = OpenOptions::new()
            .write(true)
            .open(path)
            .with_context(|| format!("cannot open {}", path.display()))?;
        file.set_len(keep as u64)
            .with_context(|| format!("cannot cut {}", path.display()))?;
        eprintln!(
            "wingtip-datagen: cut {} bytes of an unfinished game from {}",
            data.len() - keep,
            path.display()
        );
    }
    Ok(())
}

fn run(args: Args) -> Result<()> {
    if args.nodes == 0 || args.threads == 0 || args.win_plies == 0 || args.draw_plies == 0 {
        bail!("--nodes, --threads, --win-plies and --draw-plies must be at least 1");
    }
    let packed = is_packed(&args.out);
    if packed && args.games > 1 << 24 {
        bail!("a packed file keeps game numbers modulo 2^24: --games must be at most 16777216");
    }
    let book = read_book(&args.book)?;
    if let Some(dir) = args.out.parent().filter(|d| !d.as_os_str().is_empty()) {
        fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    }
    let done = resume(&args.out)?;
    let todo: Vec<u64> = (0..args.games).filter(|n| !done.contains(n)).collect();
    eprintln!(
        "wingtip-datagen: {} games already in {}, {} to play (nodes {}, threads {})",
        done.len(),
        args.out.display(),
        todo.len(),
        args.nodes,
        args.threads
    );
    if todo.is_empty() {
        return Ok(());
    }
    let cfg = Config {
        nodes: args.nodes,
        seed: args.seed,
        random_plies: args.random_plies,
        skip_plies: args.skip_plies,
        max_score: args.max_score,
        max_plies: args.max_plies,
        win_score: args.win_score,
        win_plies: args.win_plies,
        draw_ply: args.draw_ply,
        draw_plies: args.draw_plies,
        draw_score: args.draw_score,
    };
    let mut file = OpenOptions::new()
        .create(true)
        .append(true)
        .open(&args.out)
        .with_context(|| format!("cannot open {}", args.out.display()))?;
    let bar = if args.no_progress {
        ProgressBar::hidden()
    } else {
        ProgressBar::new(args.games)
    };
    bar.set_style(ProgressStyle::with_template(
        "{bar:30} {pos}/{len} games, {msg} [{elapsed} / ~{eta}]",
    )?);
    bar.set_position(done.len() as u64);

    let next = AtomicUsize::new(0);
    let entries = (args.hash << 20) / 16;
    let started = Instant::now();
    let mut positions = 0usize;
    let (tx, rx) = mpsc::sync_channel::<Result<(Vec<u8>, usize)>>(4 * args.threads);
    std::thread::scope(|scope| -> Result<()> {
        for _ in 0..args.threads {
            let tx = tx.clone();
            let (next, todo, book, cfg) = (&next, &todo, &book, &cfg);
            scope.spawn(move || {
                let mut player = Player::new(entries);
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&number) = todo.get(i) else { break };
                    let start = &book[(number % book.len() as u64) as usize];
                    let game = player.play(start, number, cfg);
                    let bytes = if packed {
                        game.packed()
                    } else {
                        Ok(game.block().into_bytes())
                    };
                    if tx.send(bytes.map(|b| (b, game.positions.len()))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        for game in rx {
            // A write error ends the run: the receiver is dropped, so the workers stop
            // at their next game, and what was written stays whole.
            let (bytes, kept) = game?;
            file.write_all(&bytes)
                .with_context(|| format!("cannot write {}", args.out.display()))?;
            positions += kept;
            bar.inc(1);
            let rate = positions as f64 / started.elapsed().as_secs_f64().max(1e-3);
            bar.set_message(format!("{positions} positions ({rate:.0}/s)"));
        }
        Ok(())
    })?;
    bar.finish_and_clear();
    eprintln!(
        "wingtip-datagen: wrote {positions} positions this run to {} ({:.0} s)",
        args.out.display(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}
