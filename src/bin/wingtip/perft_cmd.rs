//! `wingtip perft <depth> [--fen "<fen>"] [--divide]`: counts the leaf nodes of the
//! legal move tree (DESIGN.md §5).
//!
//! Standard output: with `--divide`, one `<uci-move>: <nodes>` line per root move,
//! then always `Nodes searched: <n>` as the last line. Timing goes to standard error
//! so that the output can be compared with other engines' `go perft`.

use std::time::Instant;

use anyhow::{anyhow, bail};
use wingtip::{perft, perft_divide, Board};

/// Largest depth accepted (depth 20 from the start position is ~10^28 nodes already).
const MAX_DEPTH: u32 = 20;

/// Arguments of `wingtip perft`.
#[derive(clap::Args)]
pub struct Args {
    /// Depth in plies (0 to 20)
    #[arg(allow_hyphen_values = true)]
    depth: String,
    /// Position as FEN (default: the start position)
    #[arg(long)]
    fen: Option<String>,
    /// Print the node count below each root move
    #[arg(long)]
    divide: bool,
}

/// Runs perft and prints the counts.
///
/// # Errors
/// A one-line error for a depth that is not a number from 0 to 20 or a bad FEN.
pub fn run(args: Args) -> anyhow::Result<()> {
    let depth: u32 = args
        .depth
        .parse()
        .ok()
        .filter(|d| *d <= MAX_DEPTH)
        .ok_or_else(|| {
            anyhow!(
                "bad depth {:?}: expected a number from 0 to {MAX_DEPTH}",
                args.depth
            )
        })?;
    let board = match &args.fen {
        None => Board::startpos(),
        Some(fen) => match Board::from_fen(fen) {
            Ok(board) => board,
            Err(e) => bail!("{e}"),
        },
    };
    let start = Instant::now();
    let nodes = if args.divide {
        use std::io::Write;
        let stdout = std::io::stdout();
        let mut out = stdout.lock();
        let mut result = Ok(());
        let nodes = perft_divide(&board, depth, |mv, n| {
            if result.is_ok() {
                result = writeln!(out, "{mv}: {n}");
            }
        });
        result?;
        writeln!(out)?;
        nodes
    } else {
        perft(&board, depth)
    };
    let seconds = start.elapsed().as_secs_f64();
    println!("Nodes searched: {nodes}");
    eprintln!(
        "time {:.3} s, {:.1} Mnps",
        seconds,
        nodes as f64 / seconds.max(1e-9) / 1e6
    );
    Ok(())
}
