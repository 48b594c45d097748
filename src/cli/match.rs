//! `match`: two engines over many games, both seat orders.

use super::options::Common;
use super::{bar, show, spinner};
use clap::Args;
use mancala_analysis::error::Res;
use mancala_analysis::kpo_players;
use mancala_analysis::r#match::games::MatchConfig;
use mancala_analysis::r#match::{play, MatchRequest};
use mancala_analysis::solve::progress::PlanText;
use mancala_solver::any::{AnyGame, Setup};

/// Options of `mancala match`.
#[derive(Args)]
pub(crate) struct MatchArgs {
    #[command(flatten)]
    pub(crate) common: Common,
    /// Engine A: random, greedy, alphabeta[:depth=D|:nodes=N|:time=MS],
    /// mcts[:iters=N][:c=C], perfect[:tt=MB][:time=MS] (docs/ENGINES.md), or an external
    /// program speaking docs/ENGINE-PROTOCOL.md: cmd:<command line> (split as a shell
    /// splits it, run without one; limits as cmd[time=MS,margin=MS]:<command line>),
    /// ext:<name>[@<file>] (an engines file's entry, the file named by MANCALA_ENGINES
    /// without @); a fault of one loses its game by forfeit.
    #[arg(long, required_unless_present = "engines")]
    pub(crate) a: Option<String>,
    /// Engine B (same forms as --a).
    #[arg(long, required_unless_present = "engines")]
    pub(crate) b: Option<String>,
    /// kpo with --players 3 or 4: one engine a seat, A,B,C[,D] (random, greedy,
    /// maxn[:depth=D|:nodes=N][:tie=T], paranoid[:depth=D|:nodes=N], mcts[:iters=N][:c=C]);
    /// every seat order is played, the games rounded up to a multiple of their number.
    #[arg(long)]
    pub(crate) engines: Option<String>,
    /// Games (A is South, the first player, in even games, North in odd ones).
    #[arg(long, default_value_t = 100)]
    pub(crate) games: u32,
    /// Seed of every game's random generator (game i uses (seed, i)).
    #[arg(long, default_value_t = 1)]
    pub(crate) seed: u64,
    /// Random plies at the start of each game.
    #[arg(long, default_value_t = 0)]
    pub(crate) opening: u32,
    /// Ply limit of a game (then scored by the seeds won so far).
    #[arg(long, default_value_t = mancala_analysis::r#match::games::DEFAULT_MAX_PLIES)]
    pub(crate) max_plies: u32,
    /// Worker threads, 1..=256 (default: all cores, at most 256); results do not depend on it.
    #[arg(long)]
    pub(crate) threads: Option<usize>,
    /// Endgame tablebases for the `perfect` engine: two-row games' cache, four-row games'
    /// win/draw/loss tables (docs/ENGINES.md).
    #[arg(long, value_name = "DIR")]
    pub(crate) tablebases: Option<std::path::PathBuf>,
    /// Memory the `perfect` engine's tables may hold (two-row games), e.g. 512M, 8G (a plain
    /// number is MiB); its default: docs/SOLVER.md, "Memory".
    #[arg(long, value_name = "SIZE")]
    pub(crate) memory: Option<String>,
}

impl MatchArgs {
    /// Games, seed, opening and ply limit.
    pub(crate) fn config(&self) -> MatchConfig {
        MatchConfig {
            games: self.games,
            seed: self.seed,
            opening: self.opening,
            max_plies: self.max_plies,
        }
    }
}

/// `mancala match`: two engines, or for kpo with three or four players one a seat.
pub(crate) fn run(m: &MatchArgs) -> Res {
    let (g, pos) = match m.common.setup()? {
        Setup::KpoPlayers(g, pos) => (g, pos),
        Setup::TwoPlayers(game) => return two_players(m, game),
    };
    let (two, tables) = (m.a.is_some() || m.b.is_some(), m.tablebases.is_some());
    let (engines, asked) = (m.engines.as_deref(), m.config().into());
    let plan = kpo_players::match_plan(&g, &pos, engines, two, tables, asked, m.threads)?;
    let pb = bar(Some(plan.cfg.games as u64), "");
    let shape = kpo_players::play_match(&g, &pos, &plan, &|| pb.inc(1));
    pb.finish_and_clear();
    show(m.common.json, &shape?)
}

/// The match of two engines in `game`.
fn two_players(m: &MatchArgs, game: AnyGame) -> Res {
    let (a, b, engines) = (m.a.as_deref(), m.b.as_deref(), m.engines.as_deref());
    let (tables, memory) = (m.tablebases.clone(), m.memory.as_deref());
    let r = MatchRequest::of(a, b, engines, m.config(), m.threads, tables, memory)?;
    let (plan_pb, mut text) = (spinner(), PlanText::default());
    let pb = bar(Some(m.games as u64), "");
    // The plan's spinner gives way to the bar of the games with the first game played.
    let done = || {
        plan_pb.finish_and_clear();
        pb.inc(1)
    };
    let shape = play(game, &r, &mut |s| plan_pb.set_message(text.text(s)), &done);
    plan_pb.finish_and_clear();
    pb.finish_and_clear();
    show(m.common.json, &shape?)
}
