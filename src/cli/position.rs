//! `start`, `show`, `moves`, `play` and `perft` of any family (docs/NOTATION.md).

use super::options::setup_any;
use super::{perft, show};
use crate::Command;
use mancala_analysis::error::Res;
use mancala_analysis::{json, position};

/// Runs a position command of a two-player game.
pub(crate) fn run(cmd: Command) -> Res {
    match cmd {
        Command::Start(c) => {
            let (g, pos) = setup_any(&c)?.split();
            show(c.json, &json::Start::new(&g, &pos))
        }
        Command::Show(c) => {
            let (g, pos) = setup_any(&c)?.split();
            show(c.json, &position::show(&g, &pos))
        }
        Command::Moves(c) => {
            let (g, pos) = setup_any(&c)?.split();
            show(c.json, &position::moves(&g, &pos)?)
        }
        Command::Play { common: c, moves } => {
            let (g, pos) = setup_any(&c)?.split();
            show(c.json, &position::play(&g, pos, &moves)?)
        }
        Command::Perft {
            common: c,
            depth,
            divide,
        } => {
            let (g, pos) = setup_any(&c)?.split();
            perft(c.json, &position::perft(&g, &pos, depth, divide)?)
        }
        _ => unreachable!("main passes only the position commands"),
    }
}
