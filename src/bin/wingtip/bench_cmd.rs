//! `wingtip bench`. (Placeholder until the search lands.)

/// Arguments of `wingtip bench`.
#[derive(clap::Args)]
pub struct Args {
    /// Search depth
    depth: Option<String>,
}

/// Runs the bench.
pub fn run(_args: Args) -> anyhow::Result<()> {
    anyhow::bail!("bench: the search is not implemented yet")
}
