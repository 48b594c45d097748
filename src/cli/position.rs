//! `start`, `show`, `moves`, `play` and `perft` of a two-player game (docs/NOTATION.md).

use super::options::{setup_any, Common};
use super::{perft, show};
use crate::Command;
use mancala_analysis::error::Res;
use mancala_analysis::{json, position};

/// Runs the position command `cmd`, whose common options are `c`.
pub(crate) fn run(cmd: &Command, c: &Common) -> Res {
    let (g, pos) = setup_any(c)?.split();
    match cmd {
        Command::Start(_) => show(c.json, &json::Start::new(&g, &pos)),
        Command::Show(_) => show(c.json, &position::show(&g, &pos)),
        Command::Moves(_) => show(c.json, &position::moves(&g, &pos)?),
        Command::Play { moves, .. } => show(c.json, &position::play(&g, pos, moves)?),
        Command::Perft { depth, divide, .. } => {
            perft(c.json, &position::perft(&g, &pos, *depth, *divide)?)
        }
        _ => unreachable!("main passes only the position commands"),
    }
}
