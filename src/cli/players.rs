//! The commands of kpo for three and four players (`mancala <cmd> kpo --players 3|4`), whose
//! decisions are `mancala_analysis::seats::command`'s; `None` for a game of two players.

use super::matches::MatchArgs;
use super::options::{Common, SearchOpts};
use super::{bar, show, spinner};
use mancala_analysis::error::{Fail, Res};
use mancala_analysis::seats::command;
use mancala_solver::kpo_players::{KpoNPos, KpoPlayers};

/// Runs `run` on the game and position of kpo for three or four players, if `c` names one.
pub(crate) fn seats(c: &Common, run: impl FnOnce(KpoPlayers, KpoNPos) -> Res) -> Option<Res> {
    let players = c.players.filter(|&p| p != 2)?;
    let position = c.position.as_deref();
    let game = command::setup(&c.variant, players, c.width, c.seeds, &c.rules, position);
    Some(game.map_err(Fail).and_then(|(g, pos)| run(g, pos)))
}

/// `solve`, to `depth` plies when given.
pub(crate) fn solve(c: &Common, search: &SearchOpts, depth: Option<u32>) -> Option<Res> {
    seats(c, |g, pos| {
        let pb = spinner();
        let log = |m: &str| pb.set_message(m.to_string());
        let solved = command::solve_with(&g, &pos, &search.lib(depth, &None).parse()?, &log);
        pb.finish_and_clear();
        show(c.json, &solved?)
    })
}

/// `analyze`, refused for more than two players.
pub(crate) fn analyze(c: &Common) -> Option<Res> {
    seats(c, |g, _| Err(Fail(command::analyze_refused(g.players()))))
}

/// `match`.
pub(crate) fn play(m: &MatchArgs) -> Option<Res> {
    seats(&m.common, |g, pos| {
        let (two, tables) = (m.a.is_some() || m.b.is_some(), m.tablebases.is_some());
        let (engines, asked) = (m.engines.as_deref(), m.config().into());
        let plan = command::match_plan(&g, &pos, engines, two, tables, asked, m.threads)?;
        let pb = bar(Some(plan.cfg.games as u64), "");
        let shape = command::play_match(&g, &pos, &plan, &|| pb.inc(1));
        pb.finish_and_clear();
        show(m.common.json, &shape?)
    })
}
