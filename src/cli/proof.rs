//! `proof check`: a certificate replayed with the reference rules.

use mancala_analysis::error::Res;

/// The `proof` commands.
#[derive(clap::Subcommand)]
pub(crate) enum ProofCommand {
    /// Replay a certificate (`solve --proof FILE`) with the slow reference rules.
    Check {
        /// The certificate.
        file: std::path::PathBuf,
        /// Memory the check may take, e.g. 512M, 8G (a plain number is MiB) [default: half
        /// the machine's memory]; a certificate that claims or takes more is refused.
        #[arg(long, value_name = "SIZE")]
        memory: Option<String>,
        #[command(flatten)]
        out: super::Json,
    },
}

/// `mancala proof ...`, printed.
pub(crate) fn run(c: &ProofCommand) -> Res {
    let ProofCommand::Check { file, memory, out } = c;
    let memory = mancala_analysis::args::memory_within(memory.as_deref())?;
    super::show(out.json, &mancala_analysis::proof::check(file, memory)?)
}
