//! `solve` and `analyze` of the Isolo games: the whole reachable graph or the distance
//! search, bounded by memory and time; or the proof-number search.

use super::by_proof;
use super::json;
use super::json::Solved;
use super::progress;
use super::{Event, SolveCommand};
use crate::args::Search;
use crate::error::Fail;
use mancala_solver::isolo::{self, Isolo, IsoloPos};
use mancala_solver::{Budget, Notation};
use mancala_tablebases::isolo::plan as isolo_plan;
use mancala_tablebases::Plan as _;
use std::time::Instant;

/// Refuses the options of the other families' searches (`--tablebases`, `--tt-mb`) for an
/// Isolo `command`.
pub fn isolo_options(
    command: &str,
    g: &Isolo,
    tablebases_given: bool,
    tt_mb_given: bool,
) -> Result<(), String> {
    for (given, option) in [(tablebases_given, "--tablebases"), (tt_mb_given, "--tt-mb")] {
        if given {
            return Err(format!(
                "{command}: {option} is for the other families' searches; {} is solved by its whole reachable graph or a distance search, both bounded by --memory and --time",
                g.variant_id()
            ));
        }
    }
    Ok(())
}

/// The Isolo planner's answer for `command` (every move's with `every_move`) under
/// `budget`, its steps going to `on`; a position left unsolved is an error that asks for
/// more time.
pub fn isolo_plan(
    command: &str,
    g: &Isolo,
    pos: &IsoloPos,
    budget: &Budget,
    every_move: bool,
    on: &mut (dyn FnMut(isolo_plan::Step) + Send),
) -> Result<isolo_plan::Answer, String> {
    let planner = isolo_plan::Planner::new(g, budget);
    let answer = if every_move {
        planner.analyze(pos, on)
    } else {
        planner.solve(pos, on)
    };
    answer.map_err(|e| {
        let hint = match e {
            isolo_plan::Refusal::Moves { .. } => {
                "; give more --memory, or a position after the arrangement"
            }
            isolo_plan::Refusal::NoExactKey => "",
        };
        format!("{command}: {} is refused: {e}{hint}", g.variant_id())
    })
}

/// The command-line words that set an Isolo game up, for a certificate.
pub fn isolo_words(g: &Isolo) -> Vec<String> {
    let mut w = vec![
        "--width".to_string(),
        g.width().to_string(),
        "--seeds".to_string(),
        g.seeds().to_string(),
    ];
    let setup = g.setup();
    match g.kind() {
        isolo::Kind::IsoloI if setup.store != isolo::UNLIMITED => {
            w.extend(["--store".to_string(), setup.store.to_string()])
        }
        isolo::Kind::IsoloII => w.extend(["--max-hole".to_string(), setup.max_hole.to_string()]),
        isolo::Kind::IsoloI => {}
    }
    for r in g.options().describe(g.kind()) {
        w.extend(["--rule".to_string(), r]);
    }
    w
}

impl SolveCommand for Isolo {
    fn answer(
        &self,
        pos: &IsoloPos,
        s: &Search,
        every_move: bool,
        on: &(dyn Fn(Event) + Sync),
    ) -> Result<Solved, Fail> {
        let g = self;
        let command = if every_move { "analyze" } else { "solve" };
        let t0 = Instant::now();
        let secs = || t0.elapsed().as_secs_f64();
        if s.by_proof(every_move) {
            return Ok(Solved::Proof(by_proof(g, pos, s, isolo_words(g), on)?));
        }
        let solved = {
            let (tables, tt) = (s.budget.tables.is_some(), s.budget.tt_mb.is_some());
            isolo_options(command, g, tables, tt).map_err(Fail)?;
            let a = isolo_plan(command, g, pos, &s.budget, every_move, &mut |step| {
            on(Event::Spin(match step {
                isolo_plan::Step::Graph => "whole-graph retrograde analysis".into(),
                isolo_plan::Step::Search { plies, nodes } => format!(
                    "distance search: no win or loss within {plies} plies  {:.1} M nodes  {}nodes/s",
                    nodes as f64 / 1e6,
                    progress::rate(nodes, secs())
                ),
            }))
        })
        .map_err(Fail)?;
            if every_move {
                Solved::IsoloMoves(json::IsoloAnalyze::new(g, pos, &a))
            } else {
                Solved::Isolo(json::IsoloSolve::new(g, pos, &a))
            }
        };
        Ok(solved)
    }
}
