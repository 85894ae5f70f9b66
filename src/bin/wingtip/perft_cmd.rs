//! `wingtip perft`. (Placeholder until the move generator lands.)

/// Arguments of `wingtip perft`.
#[derive(clap::Args)]
pub struct Args {
    /// Depth in plies
    depth: String,
}

/// Runs perft.
pub fn run(args: Args) -> anyhow::Result<()> {
    anyhow::bail!(
        "perft {}: move generation is not implemented yet",
        args.depth
    )
}
