//! `solve` and `analyze` of every family, their progress on a spinner.

use super::options::Common;
use super::{show, spinner};
use mancala_analysis::args::SearchText;
use mancala_analysis::error::Res;
use mancala_analysis::solve::{run_setup, Event};

/// `solve` (`analyze` with `every_move`) of the position `c` names.
pub(crate) fn run(c: &Common, s: &SearchText, every_move: bool) -> Res {
    let game = c.setup()?;
    let pb = spinner();
    let r = run_setup(game, s, every_move, &|e| match e {
        Event::Spin(m) => pb.set_message(m),
        Event::Line(l) => pb.println(l),
        Event::Note(n) => pb.suspend(|| eprintln!("{n}")),
    });
    pb.finish_and_clear();
    show(c.json, &r?)
}
