//! `rate`: an engine's moves in positions of real games scored against perfect play.

use super::options::{GameArgs, Seeds};
use super::{show, spinner};
use clap::Args;
use mancala_analysis::args;
use mancala_analysis::error::Res;
use mancala_analysis::rate::{rate, RateRequest, DEFAULT_POSITIONS};

/// Options of `mancala rate`.
#[derive(Args)]
pub(crate) struct RateArgs {
    #[command(flatten)]
    pub(crate) game: GameArgs<Seeds>,
    /// The engine rated: random, greedy, alphabeta[:depth=D|:nodes=N|:time=MS],
    /// mcts[:iters=N][:c=C], perfect[:tt=MB][:time=MS], or an external program,
    /// cmd:<command line> or ext:<name> (docs/ENGINES.md, docs/ENGINE-PROTOCOL.md).
    #[arg(long)]
    pub(crate) engine: String,
    /// Positions rated, 1..=100000.
    #[arg(long, default_value_t = DEFAULT_POSITIONS)]
    pub(crate) positions: u32,
    /// Only positions with a..b seeds on the board, both included [default: 1 up to the
    /// seeds in play, within what the tables hold] (docs/ENGINES.md).
    #[arg(long, value_name = "A..B")]
    pub(crate) seeds_range: Option<String>,
    /// A folder of endgame tables valuing the positions: two-row games' cache; four-row and
    /// morris games: required, the tables `mancala tablebase build` wrote.
    #[arg(long, value_name = "DIR")]
    pub(crate) tablebases: Option<std::path::PathBuf>,
    /// Seed of the sampled games and of the engine's random choices.
    #[arg(long, default_value_t = 1)]
    pub(crate) seed: u64,
    /// Worker threads, 1..=256 (default: all cores, at most 256); results do not depend on it.
    #[arg(long)]
    pub(crate) threads: Option<usize>,
    /// Print one JSON object on stdout.
    #[arg(long)]
    pub(crate) json: bool,
}

/// `mancala rate`, a spinner on stderr while it works.
pub(crate) fn run(a: &RateArgs) -> Res {
    let (g, size) = (&a.game, a.game.size(None, None));
    let game = args::setup(&g.variant, size, None, &g.rules, None)?;
    let (range, tables) = (a.seeds_range.as_deref(), a.tablebases.clone());
    let r = RateRequest::of(&a.engine, a.positions, range, tables, a.seed, a.threads)?;
    let pb = spinner();
    pb.set_message(format!("rating {}", a.engine));
    let shape = rate(game, &r);
    pb.finish_and_clear();
    show(a.json, &shape?)
}
