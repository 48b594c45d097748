//! The commands of kpo for three and four players (`mancala <cmd> kpo --players 3|4`); the
//! decisions are `mancala_analysis::seats::command`'s.

use super::matches::MatchArgs;
use super::options::{Common, SearchOpts};
use super::position::Action;
use super::{bar, perft, show, spinner};
use mancala_analysis::error::{Fail, Res};
use mancala_analysis::options;
use mancala_analysis::seats::command;

/// A command that kpo for three and four players runs, with its own arguments.
#[derive(Clone, Copy)]
pub(crate) enum PlayersCmd<'a> {
    /// A position command (`start`, `show`, `moves`, `play`, `perft`).
    Position(Action<'a>),
    /// `solve`, to `depth` plies when given.
    Solve {
        /// The search's options.
        search: &'a SearchOpts,
        /// The depth bound.
        depth: Option<u32>,
    },
    /// `analyze` (refused for more than two players).
    Analyze,
    /// `match`.
    Match(&'a MatchArgs),
}

/// Runs `cmd`, whose common options are `c`, when it is for three or four players; `None`
/// hands it back to the two-player code (no `--players`, or `--players 2`).
pub(crate) fn dispatch(c: &Common, cmd: PlayersCmd) -> Option<Res> {
    let players = c.players.filter(|&p| p != 2)?;
    let run = || -> Res {
        let position = c.position.as_deref();
        let (g, pos) = command::setup(&c.variant, players, c.width, c.seeds, &c.rules, position)?;
        match cmd {
            PlayersCmd::Position(Action::Start) => show(c.json, &command::start(&g, &pos)),
            PlayersCmd::Position(Action::Show) => show(c.json, &command::state(&g, &pos)),
            PlayersCmd::Position(Action::Moves) => show(c.json, &command::moves(&g, &pos)),
            PlayersCmd::Position(Action::Play(moves)) => {
                show(c.json, &command::play(&g, pos, moves)?)
            }
            PlayersCmd::Position(Action::Perft { depth, divide }) => {
                perft(c.json, &command::perft(&g, &pos, depth, divide))
            }
            PlayersCmd::Solve { search, depth } => {
                let pb = spinner();
                let log = |m: &str| pb.set_message(m.to_string());
                let solved = command::solve_with(&g, &pos, &search.lib(depth).parse()?, &log);
                pb.finish_and_clear();
                show(c.json, &solved?)
            }
            PlayersCmd::Analyze => Err(Fail(command::analyze_refused(players))),
            PlayersCmd::Match(m) => {
                let (two, tables) = (m.a.is_some() || m.b.is_some(), m.tablebases.is_some());
                let (engines, asked) = (m.engines.as_deref(), m.config().into());
                let plan = command::match_plan(&g, &pos, engines, two, tables, asked)?;
                let threads = options::threads(m.threads)?;
                let pb = bar(Some(plan.cfg.games as u64), "");
                let shape = options::pool(threads)?
                    .install(|| command::play_match(&g, &pos, &plan, &|| pb.inc(1)));
                pb.finish_and_clear();
                show(c.json, &shape)
            }
        }
    };
    Some(run())
}
