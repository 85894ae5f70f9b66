//! The `wingtip` binary: a UCI/xboard chess engine plus tools.
//!
//! With no arguments it is the engine on stdin/stdout (UCI; a first command
//! `xboard` switches to CECP v2). Subcommands: `perft`, `bench`, `magics`, `tables`.
//! Run `wingtip --help` for details.

mod bench_cmd;
mod engine;
mod magics_cmd;
mod perft_cmd;
mod tables_cmd;

use clap::{Parser, Subcommand};

/// wingtip: a chess engine whose attack tables are generated at compile time.
///
/// Without a subcommand, speaks UCI on stdin/stdout; send `xboard` first for CECP v2.
#[derive(Parser)]
#[command(name = "wingtip", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Counts the leaf nodes of the move tree (move-generator test)
    Perft(perft_cmd::Args),
    /// Searches a fixed set of positions; prints the node count and speed
    Bench(bench_cmd::Args),
    /// Verifies, searches, hunts, merges and measures magic numbers (magics/*.txt)
    #[command(subcommand)]
    Magics(magics_cmd::Command),
    /// Prints the size of every static table
    Tables,
}

fn main() {
    // Fast path: a GUI starts the engine with no arguments; skip argument parsing.
    if std::env::args_os().len() <= 1 {
        engine::run();
        return;
    }
    let cli = Cli::parse();
    let result = match cli.command {
        None => {
            engine::run();
            Ok(())
        }
        Some(Command::Perft(args)) => perft_cmd::run(args),
        Some(Command::Bench(args)) => bench_cmd::run(args),
        Some(Command::Magics(cmd)) => magics_cmd::run(cmd),
        Some(Command::Tables) => tables_cmd::run(),
    };
    if let Err(e) = result {
        eprintln!("error: {e:#}");
        std::process::exit(1);
    }
}
