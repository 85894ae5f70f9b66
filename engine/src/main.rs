//! The `wingtip` binary: a UCI/xboard chess engine plus tools.
//!
//! With no arguments it is the engine on stdin/stdout (UCI; a first command
//! `xboard` switches to CECP v2). Arguments that start with a UCI command are input
//! lines, one per argument, read before stdin (`wingtip "genfens 8 seed 1 book None"
//! quit`, as OpenBench runs it). Subcommands: `perft`, `bench`, `tables`, and `magics`,
//! which hands over to the separate `wingtip-magics` tool; the hidden `spsa-params`
//! prints the search's SPSA parameter lines. Run `wingtip --help` for details.

/// `println!` for the subcommands: when stdout is closed early (`wingtip bench |
/// head`) the process ends quietly instead of panicking.
macro_rules! outln {
    ($($arg:tt)*) => {
        $crate::write_line(format_args!($($arg)*))
    };
}

mod bench_cmd;
mod engine;
mod perft_cmd;
mod spsa_cmd;
mod tables_cmd;

use clap::{Parser, Subcommand};

/// The help's last paragraph: how to start the engine itself.
const ENGINE_HELP: &str = "\
Run with no arguments, wingtip is the chess engine: it speaks UCI on stdin/stdout, \
and a first line `xboard` switches it to CECP v2 (xboard, WinBoard). Arguments that \
start with a UCI command are input lines, one per argument, read before stdin, as \
OpenBench runs it: wingtip \"genfens 8 seed 1 book None\" quit";

/// wingtip: a chess engine whose attack tables are generated at compile time.
///
/// Without a subcommand, speaks UCI on stdin/stdout; send `xboard` first for CECP v2.
#[derive(Parser)]
#[command(name = "wingtip", version, about, long_about = None, after_help = ENGINE_HELP)]
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
    /// Verifies, searches, hunts, merges and measures magic numbers: hands over to the
    /// separate `wingtip-magics` tool (`cargo install wingtip-magics`)
    #[command(disable_help_flag = true)]
    Magics {
        /// The tool's arguments (`wingtip magics --help` lists them)
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        args: Vec<std::ffi::OsString>,
    },
    /// Prints the size of every static table
    Tables,
    /// Prints the search's parameters as SPSA lines (OpenBench's format; the
    /// committed engine/spsa_params.txt)
    #[command(hide = true)]
    SpsaParams,
}

fn main() {
    // Fast path: a GUI starts the engine with no arguments; skip argument parsing.
    if std::env::args_os().len() <= 1 {
        engine::run();
        return;
    }
    // UCI commands as arguments: `wingtip "genfens 8 seed 1 book None" quit`.
    let lines: Vec<String> = std::env::args_os()
        .skip(1)
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    let first_word = lines[0].split_whitespace().next().unwrap_or("");
    if engine::uci::COMMAND_WORDS.contains(&first_word) {
        engine::run_with(lines);
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
        Some(Command::Magics { args }) => run_magics_tool(&args),
        Some(Command::Tables) => tables_cmd::run(),
        Some(Command::SpsaParams) => {
            spsa_cmd::run();
            Ok(())
        }
    };
    if let Err(e) = result {
        if let Some(io) = e.downcast_ref::<std::io::Error>() {
            exit_on_write_error(io);
        }
        eprintln!("error: {e:#}");
        std::process::exit(1);
    }
}

/// `wingtip magics …`: runs the magic hunter's tool, `wingtip-magics`, with the same
/// arguments and exits with its status. The tool is a binary of its own so that the
/// engine carries none of its dependencies; it is looked up beside this executable
/// first (as `cargo install` and `cargo build` place them), then on the `PATH`.
fn run_magics_tool(args: &[std::ffi::OsString]) -> anyhow::Result<()> {
    let name = format!("wingtip-magics{}", std::env::consts::EXE_SUFFIX);
    let beside = std::env::current_exe()
        .ok()
        .and_then(|exe| Some(exe.parent()?.join(&name)))
        .filter(|path| path.is_file());
    let program = beside.map_or_else(|| name.clone().into(), std::ffi::OsString::from);
    match std::process::Command::new(&program).args(args).status() {
        Ok(status) => std::process::exit(status.code().unwrap_or(1)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => anyhow::bail!(
            "`wingtip magics` needs the {name} tool, which is not installed: `cargo install wingtip-magics`, or `cargo run --release -p wingtip-magics -- …` in the repository"
        ),
        Err(e) => anyhow::bail!("cannot run {}: {e}", program.to_string_lossy()),
    }
}

/// Writes one line to stdout (see `outln!`).
fn write_line(args: std::fmt::Arguments<'_>) {
    use std::io::Write;
    if let Err(e) = writeln!(std::io::stdout().lock(), "{args}") {
        exit_on_write_error(&e);
    }
}

/// Ends the process after a failed write to stdout: quietly with status 0 when the
/// reader has gone (broken pipe), with a one-line error otherwise.
fn exit_on_write_error(e: &std::io::Error) -> ! {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        std::process::exit(0);
    }
    eprintln!("error: cannot write to stdout: {e}");
    std::process::exit(1);
}
