//! `solve` and `analyze` of the morris games: the main-game tables built whole, then the
//! search above them; or the proof-number search.

use super::by_proof;
use super::json;
use super::json::Solved;
use super::progress;
use super::{Event, SolveCommand};
use crate::args::Search;
use crate::error::{tables_message, Fail};
use mancala_solver::morris::{Morris, MorrisPos};
use mancala_tablebases::morris::plan as morris_plan;
use mancala_tablebases::Plan as _;
use std::time::Instant;

/// Refuses `--memory` for a morris `command`: its main-game tables are built whole.
pub fn morris_options(command: &str, memory_given: bool) -> Result<(), String> {
    if !memory_given {
        return Ok(());
    }
    Err(format!(
        "{command}: --memory is for the two-row planner; the morris games build their main-game tables whole"
    ))
}

/// The command-line words that set a morris game up, for a certificate.
pub fn morris_words(g: &mancala_solver::morris::Morris) -> Vec<String> {
    let mut w = vec!["--counters".to_string(), g.counters().to_string()];
    for r in g.options().changed() {
        w.extend(["--rule".to_string(), r]);
    }
    w
}

impl SolveCommand for Morris {
    fn answer(
        &self,
        pos: &MorrisPos,
        s: &Search,
        every_move: bool,
        on: &(dyn Fn(Event) + Sync),
    ) -> Result<Solved, Fail> {
        let g = self;
        let command = if every_move { "analyze" } else { "solve" };
        let t0 = Instant::now();
        let secs = || t0.elapsed().as_secs_f64();
        if s.by_proof(every_move) {
            return Ok(Solved::Proof(by_proof(g, pos, s, morris_words(g), on)?));
        }
        let solved = {
            morris_options(command, s.budget.memory.is_some()).map_err(Fail)?;
            let planner = morris_plan::Planner::new(g, &s.budget);
            let limits = planner.limits();
            let on_step = &mut |step: morris_plan::Step| match step {
                morris_plan::Step::Built(u) => on(Event::Line(format!(
                    "tables m={} o={}: {} entries {}",
                    u.split[0],
                    u.split[1],
                    u.positions,
                    if u.skipped {
                        "kept".to_string()
                    } else {
                        format!("built in {:.1} s", u.seconds)
                    }
                ))),
                morris_plan::Step::Search(p) => {
                    on(Event::Spin(progress::depth(p.depth, "", p.nodes, secs())))
                }
            };
            if every_move {
                let a = planner
                    .analyze(pos, on_step)
                    .map_err(|e| tables_message(&e))?;
                Solved::MorrisMoves(json::MorrisAnalyze::new(g, pos, &a))
            } else {
                let a = match planner.solve(pos, on_step) {
                    // The tables the search needed were being built when the time ran out: not
                    // proven in time, as `analyze` answers then, rather than refused.
                    Err(mancala_tablebases::Error::NeedsTables { .. })
                        if mancala_solver::stop::passed(limits.deadline) =>
                    {
                        unproven(secs())
                    }
                    a => a.map_err(|e| tables_message(&e))?,
                };
                Solved::Morris(json::MorrisSolve::new(g, pos, &a, limits.threads))
            }
        };
        Ok(solved)
    }
}

/// The answer of a solve whose time ran out before anything was proven.
fn unproven(seconds: f64) -> morris_plan::Answer {
    morris_plan::Answer {
        value: 0,
        plies: None,
        best: None,
        pv: Vec::new(),
        pv_complete: false,
        exact: false,
        method: mancala_tablebases::Method::Search,
        nodes: 0,
        depth: 0,
        table_entries: 0,
        build_seconds: seconds,
        seconds,
    }
}
