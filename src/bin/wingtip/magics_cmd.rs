//! `wingtip magics …`. (Placeholder until the magics tool lands.)

/// The `magics` subcommands.
#[derive(clap::Subcommand)]
pub enum Command {
    /// Checks every file of a folder against its family's rule
    Verify {
        /// The folder (default: magics)
        dir: Option<std::path::PathBuf>,
    },
}

/// Runs a magics subcommand.
pub fn run(cmd: Command) -> anyhow::Result<()> {
    match cmd {
        Command::Verify { dir } => {
            let dir = dir.unwrap_or_else(|| "magics".into());
            let (set, _) = wingtip_magics::emit::load_set(&dir)?;
            println!(
                "ok: {} compact entries",
                set.compact_entries(wingtip_magics::Family::Rook)
                    + set.compact_entries(wingtip_magics::Family::Bishop)
            );
            Ok(())
        }
    }
}
