//! `start`, `show`, `moves`, `play` and `perft` of a two-player game (docs/NOTATION.md).

use super::options::{setup_any, Common};
use super::{perft, show};
use mancala_analysis::error::Res;
use mancala_analysis::{json, position};

/// A position command with its own arguments.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Action<'a> {
    /// `start`: the start position.
    Start,
    /// `show`: the board as the players see it.
    Show,
    /// `moves`: the legal moves.
    Moves,
    /// `play`: these moves in order.
    Play(&'a [String]),
    /// `perft`: move paths of `depth` plies, by first move when `divide`.
    Perft {
        /// Plies to count.
        depth: u32,
        /// Also count under each first move.
        divide: bool,
    },
}

/// Runs the position command `action`, whose common options are `c`.
pub(crate) fn run(c: &Common, action: Action) -> Res {
    let (g, pos) = setup_any(c)?.split();
    match action {
        Action::Start => show(c.json, &json::Start::new(&g, &pos)),
        Action::Show => show(c.json, &position::show(&g, &pos)),
        Action::Moves => show(c.json, &position::moves(&g, &pos)?),
        Action::Play(moves) => show(c.json, &position::play(&g, pos, moves)?),
        Action::Perft { depth, divide } => {
            perft(c.json, &position::perft(&g, &pos, depth, divide)?)
        }
    }
}
