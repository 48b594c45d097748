//! `report`: the reports of the analysis crate, written under `--out`.

use super::spinner;
use clap::{Args, ValueEnum};
use mancala_analysis::error::Res;

/// Which report.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum ReportWhat {
    /// First-player advantage of every variant.
    Advantage,
    /// The section of advantage.md on kpo for three and four players, alone.
    Players,
    /// The section of advantage.md on the Isolo games, alone.
    Isolo,
    /// The full-size games: the campaign, and its section of advantage.md.
    FullSize,
    /// Engine strength.
    Strength,
    /// Tablebase statistics.
    Tablebase,
    /// Every report.
    All,
}

/// Options of `mancala report`.
#[derive(Args)]
pub(crate) struct ReportArgs {
    /// Which report: advantage, players, isolo, full-size, strength, tablebase or all.
    #[arg(value_enum)]
    pub(crate) what: ReportWhat,
    /// Folder the reports are written to.
    #[arg(long, default_value = "reports")]
    pub(crate) out: std::path::PathBuf,
    /// Work budget: tiny (CI), small, medium (the committed reports).
    #[arg(long, default_value = "small")]
    pub(crate) budget: String,
    /// Seed of every sampled figure.
    #[arg(long, default_value_t = 1)]
    pub(crate) seed: u64,
    /// Worker threads, 1..=256 (default: all cores, at most 256).
    #[arg(long)]
    pub(crate) threads: Option<usize>,
    /// Folder of the tablebases built for the report (default: a temporary folder, removed).
    #[arg(long, value_name = "DIR")]
    pub(crate) tables: Option<std::path::PathBuf>,
    /// An engine added to the strength report's two-row ladders and ratings, after the
    /// budget's own (any engine spec, `cmd:<command line>` and `ext:<name>` too); repeatable.
    #[arg(long = "engine", value_name = "SPEC")]
    pub(crate) engines: Vec<String>,
    /// Overwrite reports in --out that were made with another budget or seed.
    #[arg(long)]
    pub(crate) force: bool,
}

/// `mancala report`, its progress on a spinner.
pub(crate) fn run(r: &ReportArgs) -> Res {
    use mancala_analysis::report::{command, Which};
    let name = r.what.to_possible_value().expect("no variant is skipped");
    let which = Which::named(name.get_name()).expect("every report has a name");
    let pb = spinner();
    let log = |msg: &str| pb.set_message(msg.to_string());
    let (out, tables) = (&r.out, r.tables.as_deref());
    let res = command(
        which, out, tables, &r.budget, r.seed, r.threads, &r.engines, r.force, &log,
    );
    pb.finish_and_clear();
    res?;
    eprintln!("reports written to {}", r.out.display());
    Ok(())
}
