//! The commands of kpo for three and four players (`mancala <cmd> kpo --players 3|4`); the
//! decisions are `mancala_analysis::seats::command`'s.

use super::{bar, perft, show, spinner};
use crate::Command;
use mancala_analysis::error::{Fail, Res};
use mancala_analysis::options;
use mancala_analysis::seats::command;

/// Runs `cmd` when it is for three or four players; `None` hands it back to the two-player
/// code (no `--players`, or `--players 2`).
pub fn dispatch(cmd: &Command) -> Option<Res> {
    let c = match cmd {
        Command::Start(c) | Command::Show(c) | Command::Moves(c) => c,
        Command::Play { common, .. }
        | Command::Solve { common, .. }
        | Command::Analyze { common, .. }
        | Command::Perft { common, .. } => common,
        Command::Match(m) => &m.common,
        _ => return None,
    };
    let players = c.players.filter(|&p| p != 2)?;
    let run = || -> Res {
        let position = c.position.as_deref();
        let (g, pos) = command::setup(&c.variant, players, c.width, c.seeds, &c.rules, position)?;
        match cmd {
            Command::Start(_) => show(c.json, &command::start(&g, &pos)),
            Command::Show(_) => show(c.json, &command::state(&g, &pos)),
            Command::Moves(_) => show(c.json, &command::moves(&g, &pos)),
            Command::Play { moves, .. } => show(c.json, &command::play(&g, pos, moves)?),
            Command::Perft { depth, divide, .. } => {
                perft(c.json, &command::perft(&g, &pos, *depth, *divide))
            }
            Command::Solve { search, depth, .. } => {
                let pb = spinner();
                let log = |m: &str| pb.set_message(m.to_string());
                let solved = command::solve_with(&g, &pos, &search.lib(*depth), &log);
                pb.finish_and_clear();
                show(c.json, &solved?)
            }
            Command::Analyze { .. } => Err(Fail(command::analyze_refused(players))),
            Command::Match(m) => {
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
            _ => unreachable!("dispatch passes only position commands"),
        }
    };
    Some(run())
}
