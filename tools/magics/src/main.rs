//! `wingtip-magics` (also `wingtip magics …` through the engine binary): verify,
//! search, hunt, merge and measure the committed magic numbers, `wingtip/magics/*.txt`.
//!
//! The logic lives in `wingtip-codegen` (the same code the library's build script
//! verifies with) and in this crate's library (hunt, merge, store, stats); this file
//! parses arguments, prints, draws the hunt's progress bar and handles Ctrl-C. Every
//! write goes through `wingtip_magics::store`: verified, no worse than the file on
//! disk, temporary file plus atomic rename.

/// `println!` that ends the process quietly when stdout is closed early
/// (`wingtip-magics stats | head`) instead of panicking.
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if let Err(e) = writeln!(std::io::stdout().lock(), $($arg)*) {
            stdout_failed(&e);
        }
    }};
}

use anyhow::{bail, Context as _};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
use wingtip_codegen::format::{family_path, FamilyEntries, FamilyFile};
use wingtip_codegen::geometry::{parse_square, square_name};
use wingtip_codegen::search::DEFAULT_SEED;
use wingtip_codegen::verify::{verify_set, FileViolation};
use wingtip_codegen::Family;
use wingtip_magics::hunt::{progress_path, Budget, HuntConfig, Method, Status};
use wingtip_magics::stats::{bits_histogram, compact_entries, family_layouts, Layout, PUBLISHED};
use wingtip_magics::store::{read_existing, replace_files, Outcome, Update};

/// The committed files, from the repository root.
const DEFAULT_DIR: &str = "wingtip/magics";

/// wingtip-magics: verifies, searches, hunts, merges and measures magic numbers.
///
/// The files are wingtip's `wingtip/magics/*.txt` (one per family: rook, bishop, rank,
/// file, diag, anti, rook-fixed, bishop-fixed); the library's build script verifies
/// them on every build. Rules
/// and file format: docs/design.md §2 and §4 in the repository.
#[derive(clap::Parser)]
#[command(name = "wingtip-magics", version)]
enum Command {
    /// Checks every file of a folder against its family's rule and prints table sizes
    ///
    /// Exits with 0 only when every file parses, every entry holds and (unless
    /// --allow-missing) no file or square is missing; otherwise prints one line per
    /// problem: file:line, family, square, reason.
    Verify {
        /// The folder [default: wingtip/magics]
        dir: Option<PathBuf>,
        /// Accept missing files and squares (build.rs searches them from seed 7)
        #[arg(long)]
        allow_missing: bool,
    },
    /// Searches fresh magics from a seed and writes them (full index width)
    ///
    /// Each file's header names the command that reproduces it byte for byte. An
    /// existing file is replaced only when the new one is no worse (same or fewer
    /// compact entries), unless --force.
    Search {
        /// The seed of every square's generator
        #[arg(long, default_value_t = DEFAULT_SEED)]
        seed: u64,
        /// Families to search, comma separated [default: all eight]
        #[arg(long, value_delimiter = ',', value_parser = parse_family)]
        families: Vec<Family>,
        /// The folder to write (created when missing)
        #[arg(long, default_value = DEFAULT_DIR)]
        out: PathBuf,
        /// Replace files even when the new ones are worse or unreadable
        #[arg(long)]
        force: bool,
        /// Candidates per square of the fixed-shift families (rook-fixed,
        /// bishop-fixed) before a square settles for the shortest row it found; more
        /// gives a smaller table (the committed files: 4194304, `COMMITTED_FIXED_TRIES`)
        #[arg(long, default_value_t = wingtip_codegen::search::FIXED_TRIES)]
        fixed_tries: u64,
    },
    /// Hunts rook or bishop magics with fewer index bits or shorter rows (smaller
    /// compact table)
    ///
    /// Starts from --out's file (or --from's when --out has none), tries per square
    /// to shave one index bit at a time (or with --method trim, slots off the end of
    /// the row at the same width), and writes each improvement at once (verified,
    /// atomically). Ctrl-C or the time limit stops it with every file consistent.
    /// Work is split into chunks whose generators derive from (seed, square, bits,
    /// chunk). With --method scan (the default) each chunk is one depth-first search
    /// that fixes the magic's bits from the lowest up and drops a choice as soon as
    /// the occupancies it determines collide (2,097,152 choices), with its first level
    /// fixed to one value after another, coarsest first; --method dfs leaves the first
    /// level free; with --method classic even chunks test 65,536 random candidates and
    /// odd chunks take 16,384 hill-climbing steps on the collision count; with
    /// --method trim every chunk takes 16,384 such steps with an index at or past the
    /// row's last slot counted as a collision. The chunks done are recorded
    /// in <out>/.hunt-<family>.progress, so rerunning the same command resumes where it left
    /// off. For many machines: one --seed per job, each with its own --out, then
    /// `merge` (tools/magics/hunt.sh does this on one machine).
    Hunt {
        /// rook or bishop
        #[arg(long, value_parser = parse_family)]
        family: Family,
        /// Squares to hunt, comma separated (e.g. a1,h8) [default: all]
        #[arg(long, value_delimiter = ',', value_parser = parse_square_arg)]
        squares: Vec<u8>,
        /// Stop after this long: 90s, 10m, 1.5h (default: until Ctrl-C)
        #[arg(long, value_parser = parse_duration, conflicts_with = "tries")]
        time: Option<Duration>,
        /// Budget per square and index width, in whole chunks of 65,536: 65536 is one
        /// chunk, 1M sixteen (deterministic: the same seed, method and budget give the
        /// same files, also after a kill and a rerun)
        #[arg(long, value_parser = parse_count)]
        tries: Option<u64>,
        /// scan (depth-first below each first-level value in turn, coarsest first;
        /// the default), dfs (depth-first search), classic (random candidates and
        /// hill climbing, the method of the entries noted `hunt seed S chunk C`) or
        /// trim (hill climbing for a shorter row at the same width)
        #[arg(long, default_value = "scan")]
        method: Method,
        /// Worker threads [default: all cores]
        #[arg(long)]
        threads: Option<usize>,
        /// The seed of the candidate generators (one per independent job)
        #[arg(long, default_value_t = DEFAULT_SEED)]
        seed: u64,
        /// The folder to write (created when missing)
        #[arg(long, default_value = DEFAULT_DIR)]
        out: PathBuf,
        /// Where to start from when --out has no file for the family
        #[arg(long, default_value = DEFAULT_DIR)]
        from: PathBuf,
    },
    /// Merges folders: per square, the valid entry with the shortest compact row, then
    /// the fewest index bits
    ///
    /// --out's own files take part too (first, so ties keep them): the result is never
    /// worse than what --out held.
    Merge {
        /// The folders to merge, in order of preference on ties
        #[arg(required = true)]
        dirs: Vec<PathBuf>,
        /// The folder to write (created when missing)
        #[arg(long)]
        out: PathBuf,
    },
    /// Prints the table size of every layout beside the published figures
    Stats {
        /// The folder [default: wingtip/magics]
        dir: Option<PathBuf>,
    },
    /// Reruns the work that found each rook and bishop entry and checks it gives the
    /// same magic
    ///
    /// An entry ending in `# hunt seed S chunk C` is checked by running that hunt chunk
    /// again; an entry without a note must be the full-width search's (seed 7). Exits
    /// with 0 only when every entry checked is reproduced. With --recover, entries
    /// without a note are looked for in chunks 0..--max-chunks of the seeds given, and
    /// the notes found are written into the file (the entries stay the same).
    Reproduce {
        /// The folder [default: wingtip/magics]
        dir: Option<PathBuf>,
        /// rook or bishop [default: both]
        #[arg(long, value_parser = parse_family)]
        family: Option<Family>,
        /// Squares to check, comma separated [default: all]
        #[arg(long, value_delimiter = ',', value_parser = parse_square_arg)]
        squares: Option<Vec<u8>>,
        /// Seeds to scan for entries without a note, e.g. 7,8 or 1-16
        #[arg(long)]
        recover: Option<String>,
        /// Chunks per seed to scan with --recover
        #[arg(long, default_value_t = 2000)]
        max_chunks: u64,
    },
    /// Draws the hunt logs of shard folders as an SVG plot: table entries against
    /// hours of hunting, one line per shard
    Plot {
        /// The shard folders (each written by `hunt --out`)
        #[arg(required = true)]
        dirs: Vec<PathBuf>,
        /// The SVG file to write
        #[arg(long)]
        out: PathBuf,
    },
}

fn main() {
    let cmd = <Command as clap::Parser>::parse();
    if let Err(e) = run(cmd) {
        if let Some(io) = e.downcast_ref::<std::io::Error>() {
            stdout_failed(io);
        }
        eprintln!("error: {e:#}");
        std::process::exit(1);
    }
}

/// Ends the process after a failed write to stdout: status 0 when the reader has gone
/// (a broken pipe), a one-line error otherwise.
fn stdout_failed(e: &std::io::Error) -> ! {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        std::process::exit(0);
    }
    eprintln!("error: cannot write to stdout: {e}");
    std::process::exit(1);
}

/// Runs one subcommand.
fn run(cmd: Command) -> anyhow::Result<()> {
    match cmd {
        Command::Verify { dir, allow_missing } => {
            verify(&dir.unwrap_or_else(|| DEFAULT_DIR.into()), allow_missing)
        }
        Command::Search {
            seed,
            families,
            out,
            force,
            fixed_tries,
        } => search(seed, &families, &out, force, fixed_tries),
        Command::Hunt {
            family,
            squares,
            time,
            tries,
            threads,
            method,
            seed,
            out,
            from,
        } => hunt(
            family, squares, time, tries, threads, method, seed, &out, &from,
        ),
        Command::Merge { dirs, out } => merge(&dirs, &out),
        Command::Stats { dir } => stats(&dir.unwrap_or_else(|| DEFAULT_DIR.into())),
        Command::Reproduce {
            dir,
            family,
            squares,
            recover,
            max_chunks,
        } => reproduce(
            &dir.unwrap_or_else(|| DEFAULT_DIR.into()),
            family,
            squares.as_deref(),
            recover.as_deref(),
            max_chunks,
        ),
        Command::Plot { dirs, out } => {
            let series = wingtip_magics::plot::read_series(&dirs)?;
            wingtip_magics::plot::draw_svg(&series, &out)?;
            outln!("{}: {} series drawn", out.display(), series.len());
            Ok(())
        }
    }
}

fn parse_family(s: &str) -> Result<Family, String> {
    s.parse()
}

fn parse_square_arg(s: &str) -> Result<u8, String> {
    parse_square(s).ok_or_else(|| format!("{s:?} is not a square name (a1 … h8)"))
}

/// Parses `90`, `90s`, `10m`, `1.5h`.
fn parse_duration(s: &str) -> Result<Duration, String> {
    let bad = || format!("{s:?} is not a duration (examples: 90s, 10m, 1.5h)");
    let (num, unit) = match s.find(|c: char| c.is_ascii_alphabetic()) {
        Some(i) => s.split_at(i),
        None => (s, "s"),
    };
    let value: f64 = num.trim().parse().map_err(|_| bad())?;
    let scale = match unit {
        "s" => 1.0,
        "m" | "min" => 60.0,
        "h" => 3600.0,
        _ => return Err(bad()),
    };
    let secs = value * scale;
    if !secs.is_finite() || secs <= 0.0 || secs > 1e9 {
        return Err(bad());
    }
    Ok(Duration::from_secs_f64(secs))
}

/// Parses `1000000`, `500k`, `2M`, `1G`.
fn parse_count(s: &str) -> Result<u64, String> {
    let bad = || format!("{s:?} is not a count (examples: 1000000, 500k, 2M, 1G)");
    let (num, scale) = match s.chars().last() {
        Some('k' | 'K') => (&s[..s.len() - 1], 1_000),
        Some('m' | 'M') => (&s[..s.len() - 1], 1_000_000),
        Some('g' | 'G') => (&s[..s.len() - 1], 1_000_000_000),
        _ => (s, 1),
    };
    num.parse::<u64>()
        .ok()
        .and_then(|n| n.checked_mul(scale))
        .filter(|&n| n > 0)
        .ok_or_else(bad)
}

/// Describes one square's improvement: `10 -> 9 bits`, or for a shortened row at
/// the same width `32 -> 30 entries (5 bits)`.
fn change(family: Family, a: &wingtip_codegen::Entry, b: &wingtip_codegen::Entry) -> String {
    if a.bits != b.bits {
        format!("{} -> {} bits", a.bits, b.bits)
    } else {
        let row = |e| wingtip_codegen::tables::compact_row_len(family, e);
        format!("{} -> {} entries ({} bits)", row(a), row(b), b.bits)
    }
}

/// Formats with thousands separators: 107648 -> "107,648".
fn thousands(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

fn layouts_text(layouts: &[Layout]) -> String {
    layouts
        .iter()
        .map(|l| {
            format!(
                "{} {} ({} bytes)",
                l.name,
                thousands(l.entries),
                thousands(l.bytes())
            )
        })
        .collect::<Vec<_>>()
        .join(", ")
}

fn verify(dir: &Path, allow_missing: bool) -> anyhow::Result<()> {
    if !dir.is_dir() {
        bail!("{}: not a folder", dir.display());
    }
    let mut problems = 0usize;
    let mut compact = 0u64;
    let mut fixed = 0u64;
    let mut summary = Vec::new();
    for family in Family::ALL {
        let path = family_path(dir, family);
        let entries = match read_existing(dir, family) {
            Ok(Some(entries)) => entries,
            Ok(None) => {
                if !allow_missing {
                    outln!(
                        "{}: family {family}: file missing (a build would search all 64 squares from seed {DEFAULT_SEED})",
                        path.display()
                    );
                    problems += 1;
                }
                if family.is_fixed() {
                    fixed += family_layouts(family, &[None; 64])[0].entries;
                } else if !family.is_line() {
                    // Counted at full width, as a build would search it.
                    compact += compact_entries(family, &[None; 64]);
                }
                summary.push(format!("{:<12} missing", family.name()));
                continue;
            }
            Err(e) => {
                outln!("{e}");
                problems += 1;
                summary.push(format!("{:<12} unreadable", family.name()));
                continue;
            }
        };
        // Re-read with line numbers for the violation report.
        let text = std::fs::read_to_string(&path)
            .with_context(|| format!("{}: cannot read", path.display()))?;
        let file: FamilyFile = wingtip_codegen::parse_file(family, &path, &text)?;
        let violations: Vec<FileViolation> = verify_set(&file, &path);
        for v in &violations {
            outln!("{v}");
        }
        problems += violations.len();
        let missing: Vec<String> = (0..64u8)
            .filter(|&sq| entries[sq as usize].is_none())
            .map(square_name)
            .collect();
        if !missing.is_empty() && !allow_missing {
            outln!(
                "{}: family {family}: {} square(s) missing: {} (a build would search them from seed {DEFAULT_SEED})",
                path.display(),
                missing.len(),
                missing.join(" ")
            );
            problems += 1;
        }
        let layouts = family_layouts(family, &entries);
        if family.is_fixed() {
            fixed += layouts[0].entries;
        } else if !family.is_line() {
            compact += layouts[1].entries;
        }
        let state = if violations.is_empty() { "ok" } else { "BAD" };
        summary.push(format!(
            "{:<12} {:>2} entries {state:<3}  {}",
            family.name(),
            64 - missing.len(),
            layouts_text(&layouts)
        ));
    }
    for line in summary {
        outln!("{line}");
    }
    outln!(
        "rook+bishop compact: {} entries ({} bytes; missing squares at full width)",
        thousands(compact),
        thousands(compact * 8)
    );
    outln!(
        "rook+bishop fixed shift: {} entries ({} bytes; missing squares at 2^12 and 2^9)",
        thousands(fixed),
        thousands(fixed * 8)
    );
    if problems > 0 {
        bail!("{}: {problems} problem(s) found", dir.display());
    }
    outln!("{}: all entries hold", dir.display());
    Ok(())
}

fn print_outcomes(outcomes: &[Outcome]) {
    for o in outcomes {
        let (what, p) = match o {
            Outcome::Created(p) => ("created", p),
            Outcome::Replaced(p) => ("replaced", p),
            Outcome::Unchanged(p) => ("unchanged", p),
        };
        outln!("{what:<9} {}", p.display());
    }
}

fn search(
    seed: u64,
    families: &[Family],
    out: &Path,
    force: bool,
    fixed_tries: u64,
) -> anyhow::Result<()> {
    if fixed_tries == 0 {
        bail!("--fixed-tries must be at least 1");
    }
    let families: Vec<Family> = if families.is_empty() {
        Family::ALL.to_vec()
    } else {
        let mut f = families.to_vec();
        f.sort();
        f.dedup();
        f
    };
    let started = Instant::now();
    // Each square has its own generator stream (and `search_family` spreads squares
    // over threads), so the result is exactly `search_set(seed)`'s.
    let results: Vec<[wingtip_codegen::Entry; 64]> = families
        .iter()
        .map(|&f| {
            wingtip_codegen::search::complete_family_with(f, &[None; 64], seed, fixed_tries).0
        })
        .collect();
    let elapsed = started.elapsed();
    // The header names the command that reproduces the file byte for byte: the seed
    // (and the fixed-shift budget when it is not the default) is all that matters
    // (the folder and the family selection do not change a file).
    let mut written_by = format!("wingtip magics search --seed {seed}");
    if fixed_tries != wingtip_codegen::search::FIXED_TRIES {
        written_by.push_str(&format!(" --fixed-tries {fixed_tries}"));
    }
    let updates: Vec<Update> = families
        .iter()
        .zip(results)
        .map(|(&family, entries)| Update {
            family,
            entries: entries.map(Some),
            written_by: written_by.clone(),
            notes: wingtip_magics::store::no_notes(),
        })
        .collect();
    let outcomes = replace_files(out, &updates, force)?;
    print_outcomes(&outcomes);
    outln!(
        "searched {} famil{} from seed {seed} in {:.3} s",
        families.len(),
        if families.len() == 1 { "y" } else { "ies" },
        elapsed.as_secs_f64()
    );
    Ok(())
}

static INTERRUPTED: AtomicBool = AtomicBool::new(false);

#[allow(clippy::too_many_arguments)]
fn hunt(
    family: Family,
    squares: Vec<u8>,
    time: Option<Duration>,
    tries: Option<u64>,
    threads: Option<usize>,
    method: Method,
    seed: u64,
    out: &Path,
    from: &Path,
) -> anyhow::Result<()> {
    if family.is_line() {
        bail!("family {family} cannot be hunted: line magics are exact gathers, already minimal (use rook or bishop)");
    }
    if family.is_fixed() && method != Method::Trim {
        bail!("family {family} has one index width (12 rook, 9 bishop): hunt it with --method trim, which shortens rows");
    }
    let mut written_by = format!("wingtip magics hunt --family {family}");
    if !squares.is_empty() {
        let names: Vec<String> = squares.iter().map(|&s| square_name(s)).collect();
        written_by.push_str(&format!(" --squares {}", names.join(",")));
    }
    let budget = match (time, tries) {
        (Some(t), _) => {
            written_by.push_str(&format!(" --time {}s", t.as_secs_f64()));
            Budget::Time(t)
        }
        (None, Some(n)) => {
            written_by.push_str(&format!(" --tries {n}"));
            Budget::Tries(n)
        }
        (None, None) => Budget::Unlimited,
    };
    written_by.push_str(&format!(" --method {method} --seed {seed}"));
    let squares = if squares.is_empty() {
        (0..64).collect()
    } else {
        squares
    };
    let threads = threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    let config = HuntConfig {
        family,
        squares,
        budget,
        threads,
        seed,
        method,
    };
    // Ctrl-C raises a flag; the hunt stops its workers and saves. A second Ctrl-C
    // exits at once, which is safe too: every file is replaced by an atomic rename.
    ctrlc::set_handler(|| {
        if INTERRUPTED.swap(true, Ordering::SeqCst) {
            std::process::exit(130);
        }
    })
    .context("cannot install the Ctrl-C handler")?;

    let bar = match budget {
        Budget::Unlimited => indicatif::ProgressBar::new_spinner(),
        _ => indicatif::ProgressBar::new(1000),
    };
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{spinner} [{elapsed_precise}] {wide_bar} {percent:>3}%\n  {msg}",
        )
        .expect("static template"),
    );
    let mut last_tries = (Instant::now(), 0u64, 0.0f64);
    let observe = |s: &Status| {
        if let Some(f) = s.fraction {
            bar.set_position((f * 1000.0) as u64);
        }
        // The rate over the last second or so (over the whole run until then).
        let (t0, n0, rate) = &mut last_tries;
        let dt = t0.elapsed().as_secs_f64();
        if dt >= 1.0 {
            *rate = (s.tries - *n0) as f64 / dt;
            *t0 = Instant::now();
            *n0 = s.tries;
        } else if *n0 == 0 {
            *rate = s.tries as f64 / s.elapsed.as_secs_f64().max(1e-3);
        }
        let last = s
            .last
            .map(|(sq, a, b)| format!(", last {} {}", square_name(sq), change(family, &a, &b)))
            .unwrap_or_default();
        bar.set_message(format!(
            "{:.2} M tries/s, {} tries, {} square(s) improved, {} compact entries, {} active{last}",
            *rate / 1e6,
            thousands(s.tries),
            s.improved,
            thousands(s.compact),
            s.active
        ));
        bar.tick();
    };
    let report = wingtip_magics::hunt_dir(&config, from, out, &written_by, &INTERRUPTED, observe)?;
    bar.finish_and_clear();
    let path = family_path(out, family);
    if !report.started_from.as_os_str().is_empty() && report.started_from != out {
        outln!(
            "started from {}",
            family_path(&report.started_from, family).display()
        );
    }
    for (sq, a, b) in report.improved() {
        outln!("{family} {}: {}", square_name(sq), change(family, &a, &b));
    }
    let size = |e: &[wingtip_codegen::Entry; 64]| compact_entries(family, &e.map(Some));
    outln!(
        "{}: {} square(s) improved, compact {} -> {} entries; {} tries in {:.1} s ({:.2} M tries/s, {} thread(s)){}",
        path.display(),
        report.improved().len(),
        thousands(size(&report.start)),
        thousands(size(&report.entries)),
        thousands(report.tries),
        report.elapsed.as_secs_f64(),
        report.tries as f64 / report.elapsed.as_secs_f64().max(1e-9) / 1e6,
        config.threads.min(config.squares.len()),
        if report.interrupted {
            "; interrupted, rerun to resume"
        } else {
            ""
        }
    );
    outln!("progress: {}", progress_path(out, family).display());
    Ok(())
}

fn merge(dirs: &[PathBuf], out: &Path) -> anyhow::Result<()> {
    // --out first: on ties its entries stay, and the result is never worse than it.
    let mut sources = vec![out.to_path_buf()];
    sources.extend(dirs.iter().filter(|d| *d != out).cloned());
    for d in &sources[1..] {
        if !d.is_dir() {
            bail!("{}: not a folder", d.display());
        }
    }
    let merged = wingtip_magics::merge_dirs(&sources)?;
    for v in &merged.skipped {
        eprintln!("skipped invalid entry: {v}");
    }
    let args: Vec<String> = dirs.iter().map(|d| d.display().to_string()).collect();
    let written_by = format!(
        "wingtip magics merge {} --out {}",
        args.join(" "),
        out.display()
    );
    let mut updates = Vec::new();
    for m in merged.families.iter().filter(|m| m.present) {
        let mut from = vec![0usize; sources.len()];
        for k in m.source.iter().flatten() {
            from[*k] += 1;
        }
        let parts: Vec<String> = sources
            .iter()
            .zip(&from)
            .filter(|(_, &n)| n > 0)
            .map(|(d, n)| format!("{n} from {}", d.display()))
            .collect();
        let entries: &FamilyEntries = &m.entries;
        outln!(
            "{:<7} compact {} entries; squares: {}",
            m.family.name(),
            thousands(compact_entries(m.family, entries)),
            parts.join(", ")
        );
        updates.push(Update {
            family: m.family,
            entries: m.entries,
            written_by: written_by.clone(),
            notes: m.notes.clone(),
        });
    }
    if updates.is_empty() {
        bail!("no magics file found in {}", args.join(" "));
    }
    let outcomes = replace_files(out, &updates, false)?;
    print_outcomes(&outcomes);
    Ok(())
}

/// Parses `7`, `7,8`, `1-16` or a mix (`1-4,9`).
fn parse_seeds(s: &str) -> anyhow::Result<Vec<u64>> {
    let mut seeds = Vec::new();
    for part in s.split(',').map(str::trim) {
        let bad =
            || anyhow::anyhow!("{part:?} is not a seed or a range of seeds (examples: 7, 1-16)");
        match part.split_once('-') {
            Some((a, b)) => {
                let (a, b): (u64, u64) =
                    (a.parse().map_err(|_| bad())?, b.parse().map_err(|_| bad())?);
                if a > b || b - a >= 1 << 20 {
                    return Err(bad());
                }
                seeds.extend(a..=b);
            }
            None => seeds.push(part.parse().map_err(|_| bad())?),
        }
    }
    Ok(seeds)
}

fn reproduce(
    dir: &Path,
    family: Option<Family>,
    squares: Option<&[u8]>,
    recover: Option<&str>,
    max_chunks: u64,
) -> anyhow::Result<()> {
    use wingtip_magics::reproduce::{check_file, recover as scan, Outcome};
    use wingtip_magics::store::read_existing_file;
    let seeds = recover.map(parse_seeds).transpose()?;
    let families = match family {
        Some(f) if f.is_line() => {
            bail!("family {f}: only rook and bishop entries (fixed-shift too) are hunted")
        }
        Some(f) => vec![f],
        None => vec![Family::Rook, Family::Bishop],
    };
    let mut failed = 0;
    for family in families {
        let path = wingtip_codegen::format::family_path(dir, family);
        let Some(mut file) = read_existing_file(dir, family)? else {
            bail!("{}: missing", path.display());
        };
        let mut recovered = 0;
        for mut c in check_file(&file, squares) {
            if let (Some(seeds), Outcome::Unrecorded) = (&seeds, &c.outcome) {
                if let Some((seed, chunk)) = scan(family, &c.entry, seeds, max_chunks) {
                    file.notes[c.entry.square as usize] = Some(wingtip_magics::hunt::hunt_note(
                        Method::Classic,
                        seed,
                        chunk,
                        None,
                    ));
                    c.outcome = Outcome::Hunted {
                        method: Method::Classic,
                        seed,
                        chunk,
                        row: None,
                    };
                    recovered += 1;
                }
            }
            if !c.outcome.reproduced() {
                failed += 1;
            }
            outln!("{}:{}: {c}", path.display(), c.line);
        }
        if recovered > 0 {
            let header = std::fs::read_to_string(&path)?
                .lines()
                .next()
                .and_then(|l| l.split_once("written by: ").map(|(_, w)| w.to_string()))
                .unwrap_or_else(|| "wingtip magics reproduce --recover".into());
            let update = Update {
                family,
                entries: file.entries,
                written_by: header,
                notes: file.notes.clone(),
            };
            print_outcomes(&replace_files(dir, &[update], false)?);
            outln!("{family}: {recovered} note(s) recovered and written");
        }
    }
    if failed > 0 {
        bail!(
            "{failed} entr{} not reproduced",
            if failed == 1 { "y" } else { "ies" }
        );
    }
    Ok(())
}

fn stats(dir: &Path) -> anyhow::Result<()> {
    if !dir.is_dir() {
        bail!("{}: not a folder", dir.display());
    }
    let mut all: Vec<(Family, FamilyEntries)> = Vec::new();
    for family in Family::ALL {
        let entries = read_existing(dir, family)?.unwrap_or([None; 64]);
        all.push((family, entries));
    }
    let layout = |family: Family, name: &str| -> u64 {
        let entries = &all[family.index()].1;
        family_layouts(family, entries)
            .into_iter()
            .find(|l| l.name == name)
            .map_or(0, |l| l.entries)
    };
    let row = |name: &str, entries: u64| {
        outln!(
            "  {name:<52} {:>9} {:>11}",
            thousands(entries),
            thousands(entries * 8)
        );
    };
    outln!("{}: rook + bishop tables (8-byte entries)", dir.display());
    outln!("  {:<52} {:>9} {:>11}", "layout", "entries", "bytes");
    let (rc, bc) = (
        layout(Family::Rook, "compact"),
        layout(Family::Bishop, "compact"),
    );
    row(
        "plain [64][4096] + [64][512] (Kirin)",
        layout(Family::Rook, "plain") + layout(Family::Bishop, "plain"),
    );
    row(
        &format!(
            "compact, this folder (rook {} + bishop {})",
            thousands(rc),
            thousands(bc)
        ),
        rc + bc,
    );
    row(
        "pext order (bmi2 targets)",
        layout(Family::Rook, "pext") + layout(Family::Bishop, "pext"),
    );
    let (rf, bf) = (
        layout(Family::RookFixed, "fixed"),
        layout(Family::BishopFixed, "fixed"),
    );
    row(
        &format!(
            "fixed shift, this folder (rook {} + bishop {})",
            thousands(rf),
            thousands(bf)
        ),
        rf + bf,
    );
    outln!("published (chessprogramming wiki, \"Magic Bitboards\", https://www.chessprogramming.org/Magic_Bitboards):");
    for (name, entries) in PUBLISHED {
        let ours = rc + bc;
        let delta = if ours >= entries {
            format!("+{}", thousands(ours - entries))
        } else {
            format!("-{}", thousands(entries - ours))
        };
        outln!(
            "  {name:<52} {:>9} {:>11}   this folder {delta} ({:+.1}%)",
            thousands(entries),
            thousands(entries * 8),
            100.0 * (ours as f64 / entries as f64 - 1.0)
        );
    }
    let lines: u64 = [Family::Rank, Family::File, Family::Diag, Family::Anti]
        .into_iter()
        .map(|f| layout(f, "kindergarten"))
        .sum();
    outln!("lines (geometry only, independent of the magics):");
    row("kindergarten 4 x [64][64]", lines);
    for family in [Family::Rook, Family::Bishop] {
        let entries = &all[family.index()].1;
        let hist: Vec<String> = bits_histogram(entries)
            .into_iter()
            .map(|(b, n)| format!("{n} x {b}"))
            .collect();
        let missing = entries.iter().filter(|e| e.is_none()).count();
        // Rows that end before 2^bits (the compact layout cuts them after their last
        // reached slot) and the entries that saves.
        let short: Vec<u64> = entries
            .iter()
            .flatten()
            .map(|e| (1u64 << e.bits) - wingtip_codegen::tables::compact_row_len(family, e) as u64)
            .filter(|&saved| saved > 0)
            .collect();
        outln!(
            "{family} index bits: {}{}; {} row(s) end early, {} entries saved",
            hist.join(", "),
            if missing > 0 {
                format!(" ({missing} square(s) missing, counted at full width)")
            } else {
                String::new()
            },
            short.len(),
            short.iter().sum::<u64>()
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn argument_parsers() {
        assert_eq!(parse_duration("90"), Ok(Duration::from_secs(90)));
        assert_eq!(parse_duration("10m"), Ok(Duration::from_secs(600)));
        assert_eq!(parse_duration("1.5h"), Ok(Duration::from_secs(5400)));
        for bad in ["", "m", "-1s", "10x", "nan", "0"] {
            assert!(parse_duration(bad).is_err(), "{bad}");
        }
        assert_eq!(parse_count("500k"), Ok(500_000));
        assert_eq!(parse_count("2M"), Ok(2_000_000));
        assert_eq!(parse_count("12"), Ok(12));
        for bad in ["", "k", "0", "1.5M", "99999999999999999999G"] {
            assert!(parse_count(bad).is_err(), "{bad}");
        }
        assert_eq!(thousands(107_648), "107,648");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1_000), "1,000");
    }
}
