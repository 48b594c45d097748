//! `solve` and `analyze` of every family: this file parses the options, shows progress and
//! prints; `mancala_analysis::solve` does the work.

use super::options::{
    board_seeds, parse_memory, plan_budget, plan_spinner, rate, setup, spinner, Common, SearchOpts,
};
use super::show;
use crate::{Fail, Res};
use mancala_analysis::{json, solve as work};
use mancala_solver::isolo::{solve::Step as IsoloStep, Isolo, IsoloPos};
use mancala_solver::morris::{Morris, MorrisPos};
use mancala_solver::{FourRow, FourRowPos};
use mancala_tablebases::fourrow::plan::Step as FourStep;
use mancala_tablebases::morris::plan::{self as morris_plan, Step as MorrisStep};
use std::time::Instant;

/// Prints a stderr note, if any.
fn note(n: Option<String>) {
    if let Some(n) = n {
        eprintln!("{n}");
    }
}

/// The spinner's text for a search's depth and nodes after `secs` seconds.
fn depth_text(depth: u32, bounds: String, nodes: u64, secs: f64) -> String {
    format!(
        "depth {depth}{bounds}  {:.1} M nodes  {}nodes/s",
        nodes as f64 / 1e6,
        rate(nodes, secs)
    )
}

pub(crate) fn solve_four(g: &FourRow, pos: &FourRowPos, c: &Common, s: &SearchOpts) -> Res {
    let dir = s.tablebases.as_deref();
    let tables = work::four_tables(g, dir).map_err(Fail)?;
    let limits = s.limits(None)?;
    if let (Some(d), Some(t)) = (dir, &tables) {
        note(work::four_missing_note(g, d, t));
    }
    let (pb, t0) = (spinner(), Instant::now());
    let r = work::solve_four(g, pos, limits, tables.as_ref(), &mut |step| match step {
        FourStep::Search(p) => {
            let bounds = if p.lower <= p.upper {
                format!("  value in [{}, {}]", p.lower, p.upper)
            } else {
                String::new()
            };
            let secs = t0.elapsed().as_secs_f64();
            pb.set_message(depth_text(p.depth, bounds, p.nodes, secs));
        }
        FourStep::GraphPlies => pb.set_message("plies: retrograde analysis of the reachable graph"),
        FourStep::SearchPlies => pb.set_message("plies: depth-limited search"),
        FourStep::Graph => {
            pb.set_message("whole-graph retrograde analysis (more than 256 moves possible)")
        }
    });
    pb.finish_and_clear();
    show(c.json, &r.map_err(Fail)?);
    Ok(())
}

pub(crate) fn analyze_four(g: &FourRow, pos: &FourRowPos, c: &Common, s: &SearchOpts) -> Res {
    work::four_analyzable(g).map_err(Fail)?;
    let limits = s.limits(None)?;
    let tables = work::four_tables(g, s.tablebases.as_deref()).map_err(Fail)?;
    let (pb, t0) = (spinner(), Instant::now());
    let shape = work::analyze_four(g, pos, limits, tables.as_ref(), &mut |done, moves, n| {
        let secs = t0.elapsed().as_secs_f64();
        pb.set_message(format!(
            "{done} of {moves} moves solved  {:.1} M nodes  {}nodes/s",
            n as f64 / 1e6,
            rate(n, secs)
        ));
    });
    pb.finish_and_clear();
    show(c.json, &shape);
    Ok(())
}

pub(crate) fn solve(c: &Common, s: &SearchOpts) -> Res {
    let (g, pos) = setup(c)?;
    let budget = plan_budget(s, board_seeds(&g, &pos))?;
    let (pb, mut on) = plan_spinner();
    let r = work::solve(&g, &pos, budget, &mut on);
    pb.finish_and_clear();
    let (shape, n) = r?;
    note(n);
    show(c.json, &shape);
    Ok(())
}

pub(crate) fn analyze(c: &Common, s: &SearchOpts) -> Res {
    let (g, pos) = setup(c)?;
    let budget = plan_budget(s, board_seeds(&g, &pos))?;
    let (pb, mut on) = plan_spinner();
    let r = work::analyze(&g, &pos, budget, &mut on);
    pb.finish_and_clear();
    let (shape, n) = r?;
    note(n);
    show(c.json, &shape);
    Ok(())
}

/// Runs a morris planner call with a spinner on stderr: a slice built or kept, or a search
/// iteration.
fn with_morris_steps<T>(
    call: impl FnOnce(&mut (dyn FnMut(MorrisStep<'_>) + Send)) -> Result<T, mancala_tablebases::Error>,
) -> Result<T, Fail> {
    let pb = spinner();
    let r = call(&mut |step| match step {
        MorrisStep::Built(u) => pb.println(format!(
            "tables m={} o={}: {} entries {}",
            u.split[0],
            u.split[1],
            u.positions,
            if u.skipped {
                "kept".to_string()
            } else {
                format!("built in {:.1} s", u.seconds)
            }
        )),
        MorrisStep::Search(p) => {
            let secs = pb.elapsed().as_secs_f64();
            pb.set_message(depth_text(p.depth, String::new(), p.nodes, secs))
        }
    });
    pb.finish_and_clear();
    Ok(r?)
}

/// `analyze` of a morris position: the main-game tables, then the search of the placement
/// phase.
pub(crate) fn analyze_morris(g: &Morris, pos: &MorrisPos, c: &Common, s: &SearchOpts) -> Res {
    work::morris_options("analyze", s.memory.is_some()).map_err(Fail)?;
    let limits = s.limits(None)?;
    let dir = s.tablebases.as_deref();
    let a = with_morris_steps(|on| morris_plan::analyze(g, pos, limits, dir, on))?;
    show(c.json, &json::MorrisAnalyze::new(g, pos, &a));
    Ok(())
}

/// `solve` of a morris position: the main-game tables (from `--tablebases`, built there or
/// in a temporary folder when small enough), then the search of the placement phase.
pub(crate) fn solve_morris(g: &Morris, pos: &MorrisPos, c: &Common, s: &SearchOpts) -> Res {
    work::morris_options("solve", s.memory.is_some()).map_err(Fail)?;
    let limits = s.limits(None)?;
    let dir = s.tablebases.as_deref();
    let a = with_morris_steps(|on| morris_plan::solve(g, pos, limits, dir, on))?;
    show(c.json, &json::MorrisSolve::new(g, pos, &a, limits.threads));
    Ok(())
}

/// The Isolo planner's answer for `command` (every move's with `every_move`), with a
/// spinner.
fn isolo_plan(
    command: &str,
    g: &Isolo,
    pos: &IsoloPos,
    s: &SearchOpts,
    every_move: bool,
) -> Result<mancala_solver::isolo::solve::Answer, Fail> {
    work::isolo_options(command, g, s.tablebases.is_some(), s.tt_mb.is_some()).map_err(Fail)?;
    let memory = match &s.memory {
        Some(m) => Some(parse_memory(m)? as usize),
        None => None,
    };
    let budget = work::isolo_budget(memory, s.depth, s.limits(None)?.deadline);
    let (pb, t0) = (spinner(), Instant::now());
    let r = work::isolo_plan(
        command,
        g,
        pos,
        budget,
        every_move,
        &mut |step| match step {
            IsoloStep::Graph => pb.set_message("whole-graph retrograde analysis"),
            IsoloStep::Search { plies, nodes } => pb.set_message(format!(
                "distance search: no win or loss within {plies} plies  {:.1} M nodes  {}nodes/s",
                nodes as f64 / 1e6,
                rate(nodes, t0.elapsed().as_secs_f64())
            )),
        },
    );
    pb.finish_and_clear();
    r.map_err(Fail)
}

/// `solve` of isolo and isolo-ii.
pub(crate) fn solve_isolo(g: &Isolo, pos: &IsoloPos, c: &Common, s: &SearchOpts) -> Res {
    let a = isolo_plan("solve", g, pos, s, false)?;
    show(c.json, &json::IsoloSolve::new(g, pos, &a));
    Ok(())
}

/// `analyze` of isolo and isolo-ii: every move's value.
pub(crate) fn analyze_isolo(g: &Isolo, pos: &IsoloPos, c: &Common, s: &SearchOpts) -> Res {
    let a = isolo_plan("analyze", g, pos, s, true)?;
    show(c.json, &json::IsoloAnalyze::new(g, pos, &a));
    Ok(())
}
