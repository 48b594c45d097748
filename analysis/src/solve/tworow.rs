//! `solve` and `analyze` of the two-row games: the tables planner of the tablebases crate,
//! its steps on the progress line, the note of the slices a folder lacked.

use super::json;
use super::json::Solved;
use super::progress::PlanText;
use super::{Event, SolveCommand};
use crate::args::Search;
use crate::error::{tables_message, Fail};
use mancala_solver::{Budget, TwoRow, TwoRowPos};
use mancala_tablebases::tworow::plan::Step;
use mancala_tablebases::tworow::plan::{Answer, Planner};
use mancala_tablebases::{Error, Plan as _};

/// The stderr note naming the slices a tables folder lacked that the two-row search went on
/// without, if any.
pub fn missing_note(g: &TwoRow, a: &Answer) -> Option<String> {
    let (Some(t), false) = (&a.tables, a.missing_slices.is_empty()) else {
        return None;
    };
    let list: Vec<String> = a.missing_slices.iter().map(u32::to_string).collect();
    let place = t
        .folder
        .as_ref()
        .map_or("the tables".to_string(), |f| f.display().to_string());
    Some(format!(
        "note: {place} lacks the slices of {} stones of {}: the search went on without them",
        list.join(", "),
        mancala_tablebases::GameId::of(g)
    ))
}

/// `solve` of a two-row position by the planner under `budget`, reporting its steps to `on`:
/// the shape and the stderr note of [`missing_note`].
pub fn solve(
    g: &TwoRow,
    pos: &TwoRowPos,
    budget: Budget,
    on: &mut (dyn FnMut(Step) + Send),
) -> Result<(json::Solve, Option<String>), Error> {
    let a = Planner::new(g, &budget).solve(pos, on)?;
    Ok((json::Solve::new(g, pos, &a, &budget), missing_note(g, &a)))
}

/// `analyze` of a two-row position by the planner under `budget`, reporting its steps to
/// `on`: the shape and the stderr note of [`missing_note`].
pub fn analyze(
    g: &TwoRow,
    pos: &TwoRowPos,
    budget: Budget,
    on: &mut (dyn FnMut(Step) + Send),
) -> Result<(json::Analyze, Option<String>), Error> {
    let (a, values) = Planner::new(g, &budget).analyze(pos, on)?;
    Ok((json::Analyze::new(g, pos, &a, &values), missing_note(g, &a)))
}

impl SolveCommand for TwoRow {
    fn answer(
        &self,
        pos: &TwoRowPos,
        s: &Search,
        every_move: bool,
        on: &(dyn Fn(Event) + Sync),
    ) -> Result<Solved, Fail> {
        let g = self;
        let solved = {
            let budget = s.budget.clone();
            let mut text = PlanText::default();
            let on_step = &mut |step| on(Event::Spin(text.text(step)));
            let (shape, note) = if every_move {
                let (a, n) = analyze(g, pos, budget, on_step).map_err(|e| tables_message(&e))?;
                (Solved::TwoMoves(a), n)
            } else {
                let (a, n) = solve(g, pos, budget, on_step).map_err(|e| tables_message(&e))?;
                (Solved::Two(a), n)
            };
            if let Some(n) = note {
                on(Event::Note(n));
            }
            shape
        };
        Ok(solved)
    }
}
