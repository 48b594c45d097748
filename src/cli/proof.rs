//! `proof check`: a certificate replayed with the reference rules.

use mancala_analysis::error::Res;

/// The `proof` commands.
#[derive(clap::Subcommand, Clone)]
pub(crate) enum ProofCommand {
    /// Replay a certificate (`solve --proof FILE`) with the slow reference rules.
    Check {
        /// The certificate.
        file: std::path::PathBuf,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
}

pub(crate) fn run(c: &ProofCommand) -> Res {
    match c {
        ProofCommand::Check { file, json } => {
            super::show(*json, &mancala_analysis::proof::check(file)?)
        }
    }
}
