//! `start`, `show`, `moves`, `play` and `perft` (docs/NOTATION.md).

use super::options::Common;
use super::show;
use mancala_analysis::error::Res;
use mancala_analysis::kpo_players;
use mancala_analysis::position::{self, Action};
use mancala_solver::any::Setup;

/// Runs the position command `action` on the game `c` names; in text, a perft's speed goes
/// to stderr.
pub(crate) fn run(c: &Common, action: Action) -> Res {
    let shape = match c.setup()? {
        Setup::KpoPlayers(g, pos) => kpo_players::position(&g, pos, action)?,
        Setup::TwoPlayers(game) => position::run(game, action)?,
    };
    show(c.json, &shape)?;
    if let Some(speed) = shape.speed().filter(|_| !c.json) {
        eprintln!("{speed}");
    }
    Ok(())
}
