//! `start`, `show`, `moves`, `play` and `perft` (docs/NOTATION.md).

use super::options::{setup_any, Common};
use super::{players::seats, show};
use mancala_analysis::error::Res;
use mancala_analysis::position::json::Position;
use mancala_analysis::position::{self, Action};
use mancala_analysis::seats::command;

/// Runs the position command `action` on the game `c` names (kpo for three or four too).
pub(crate) fn run(c: &Common, action: Action) -> Res {
    let seat = |g, pos| print(c.json, &command::position(&g, pos, action)?);
    seats(c, seat).unwrap_or_else(|| print(c.json, &position::run(setup_any(c)?, action)?))
}

/// Prints what a position command gives, and in text a perft's speed on stderr.
pub(crate) fn print(json: bool, shape: &Position) -> Res {
    show(json, shape)?;
    if let Some(speed) = shape.speed().filter(|_| !json) {
        eprintln!("{speed}");
    }
    Ok(())
}
