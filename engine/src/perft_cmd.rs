//! `wingtip perft <depth> [--fen "<fen>"] [--divide] [--chess960]`: counts the leaf
//! nodes of the legal move tree (docs/design.md §5). The FEN may be standard FEN, X-FEN
//! or Shredder-FEN; its castling rights are read by standard chess's rules (king on
//! e1/e8, rooks in the corners), or by Chess960's with `--chess960`.
//!
//! Standard output: with `--divide`, one `<uci-move>: <nodes>` line per root move,
//! then always `Nodes searched: <n>` as the last line. Timing goes to standard error
//! so that the output can be compared with other engines' `go perft`.

use std::io::Write;
use std::time::Instant;

use anyhow::{anyhow, bail};
use wingtip::{perft, perft_divide, Board, FenError, PositionError};

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
    /// Chess960: read the FEN's castling rights by Chess960's rules and write
    /// castling in --divide as king takes rook (e1h1), as UCI_Chess960 does
    #[arg(long)]
    chess960: bool,
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
        Some(fen) => match Board::from_fen_chess960(fen, args.chess960) {
            Ok(board) => board,
            Err(e @ FenError::Illegal(PositionError::StandardCastling(_))) => {
                bail!("{e} (for Chess960, add --chess960)")
            }
            Err(e) => bail!("{e}"),
        },
    };
    let start = Instant::now();
    let nodes = if args.divide {
        divide(&board, depth, args.chess960, &mut std::io::stdout().lock())?
    } else {
        perft(&board, depth)
    };
    let seconds = start.elapsed().as_secs_f64();
    outln!("Nodes searched: {nodes}");
    eprintln!(
        "time {:.3} s, {:.1} Mnps",
        seconds,
        nodes as f64 / seconds.max(1e-9) / 1e6
    );
    Ok(())
}

/// Writes one `<uci-move>: <nodes>` line per root move of `board` (castling as king
/// takes rook when `chess960`), then an empty line, and returns the total at `depth`.
///
/// # Errors
/// A failed write; the count is cut short.
pub fn divide(
    board: &Board,
    depth: u32,
    chess960: bool,
    out: &mut impl Write,
) -> std::io::Result<u64> {
    let mut result = Ok(());
    let nodes = perft_divide(board, depth, |mv, n| {
        if result.is_ok() {
            result = writeln!(out, "{}: {n}", mv.uci(chess960));
        }
    });
    result?;
    writeln!(out)?;
    Ok(nodes)
}

/// Returns the divide of `board` at `depth` as `wingtip perft --divide` prints it,
/// `Nodes searched: <n>` last (without a final line ending), for UCI `go perft`.
pub fn divide_text(board: &Board, depth: u32, chess960: bool) -> String {
    let mut text = Vec::new();
    let nodes = divide(board, depth, chess960, &mut text).expect("writing to memory cannot fail");
    let mut text = String::from_utf8(text).expect("moves and counts are ASCII");
    text.push_str(&format!("Nodes searched: {nodes}"));
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn divide_text_lists_moves_then_the_total() {
        let board =
            Board::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
                .unwrap();
        let text = divide_text(&board, 2, false);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 48 + 2);
        assert_eq!(lines[48..], ["", "Nodes searched: 2039"]);
        let sum: u64 = lines[..48]
            .iter()
            .map(|l| l.split(": ").nth(1).unwrap().parse::<u64>().unwrap())
            .sum();
        assert_eq!(sum, 2039);
        assert!(lines.contains(&"e1g1: 43"), "{lines:?}");
        let text = divide_text(&board, 2, true);
        assert!(text.lines().any(|l| l == "e1h1: 43"), "{text}");
        assert!(!text.contains("e1g1"));
    }
}
