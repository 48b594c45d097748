//! `solve` and `analyze` of every family, their progress on a spinner.

use super::options::{Common, SearchOpts};
use super::{show, spinner};
use mancala_analysis::error::{Fail, Res};
use mancala_analysis::kpo_players;
use mancala_analysis::solve::{self, Event};
use mancala_solver::any::Setup;
use std::path::PathBuf;

/// `solve` (`analyze` with `every_move`) of the position `c` names, `search` with `solve`'s
/// `--depth` and `--proof` (kpo for three and four players: an exact analysis, no proof).
pub(crate) fn run(
    c: &Common,
    search: &SearchOpts,
    depth: Option<u32>,
    proof: &Option<PathBuf>,
    every_move: bool,
) -> Res {
    match c.setup()? {
        Setup::KpoPlayers(g, _) if every_move => {
            Err(Fail(kpo_players::analyze_refused(g.players())))
        }
        Setup::KpoPlayers(g, pos) => {
            let s = &search.lib(depth, &None).parse()?;
            let pb = spinner();
            let solved = kpo_players::solve_with(&g, &pos, s, &|m| pb.set_message(m.to_string()));
            pb.finish_and_clear();
            show(c.json, &solved?)
        }
        Setup::TwoPlayers(game) => {
            let s = &search.lib(depth, proof).parse()?;
            let pb = spinner();
            let r = solve::run(game, s, every_move, &|e| match e {
                Event::Spin(m) => pb.set_message(m),
                Event::Line(l) => pb.println(l),
                Event::Note(n) => pb.suspend(|| eprintln!("{n}")),
            });
            pb.finish_and_clear();
            show(c.json, &r?)
        }
    }
}
