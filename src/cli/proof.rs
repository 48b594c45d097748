//! `proof check`: a certificate replayed with the reference rules.

use mancala_analysis::error::Res;

/// The `proof` commands.
#[derive(clap::Subcommand)]
pub(crate) enum ProofCommand {
    /// Replay a certificate (`solve --proof FILE`) with the slow reference rules.
    Check {
        /// The certificate.
        file: std::path::PathBuf,
        #[command(flatten)]
        out: super::Json,
    },
}

/// `mancala proof ...`, printed.
pub(crate) fn run(c: &ProofCommand) -> Res {
    let ProofCommand::Check { file, out } = c;
    super::show(out.json, &mancala_analysis::proof::check(file)?)
}
