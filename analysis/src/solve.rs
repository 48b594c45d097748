//! The work of `mancala solve` and `mancala analyze` of every family, from typed options to
//! the shapes of [`crate::json`]: which planner answers, the budgets it gets, the refusals
//! and the notes, so that the command line only parses, shows progress and prints.

use crate::json;
use mancala_solver::isolo::{self, Isolo, IsoloPos};
use mancala_solver::search::{Limits, Solver};
use mancala_solver::{FourRow, FourRowPos, Notation, TwoRow, TwoRowPos};
use mancala_tablebases::fourrow::{self, plan as four_plan, FourTables};
use mancala_tablebases::plan::{Budget, Step};
use mancala_tablebases::{Answer, Error, Planner};
use std::path::Path;
use std::time::Instant;

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
    let a = Planner::new(g, budget.clone()).solve(pos, on)?;
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
    let (a, values) = Planner::new(g, budget).analyze(pos, on)?;
    Ok((json::Analyze::new(g, pos, &a, &values), missing_note(g, &a)))
}

/// Opens the four-row tables in `dir`, if given; a folder without tables of `g` is an
/// error (the search would only be slower than the user expects).
pub fn four_tables(g: &FourRow, dir: Option<&Path>) -> Result<Option<FourTables>, String> {
    let Some(dir) = dir else {
        return Ok(None);
    };
    let t = FourTables::open(dir, g).map_err(|e| e.to_string())?;
    if t.is_empty() {
        return Err(format!(
            "--tablebases: {} holds no tables of {} (build them with `mancala tablebase build`)",
            dir.display(),
            fourrow::game_id(g)
        ));
    }
    Ok(Some(t))
}

/// The stderr note naming the slices (mover+opponent seeds) the four-row `tables` of `dir`
/// lack, when the search will probe them.
pub fn four_missing_note(g: &FourRow, dir: &Path, tables: &FourTables) -> Option<String> {
    let missing = tables.gaps();
    if four_plan::needs_graph(g) || missing.is_empty() {
        return None;
    }
    let list: Vec<String> = missing
        .iter()
        .map(|s| format!("{}+{}", s[0], s[1]))
        .collect();
    Some(format!(
        "note: {} lacks the slices (mover+opponent seeds) {} of {}: the search went on without them",
        dir.display(),
        list.join(", "),
        fourrow::game_id(g)
    ))
}

/// `solve` of a four-row position: the search (probing `tables`) where it numbers every
/// move, else the whole reachable graph; its steps go to `on`.
pub fn solve_four(
    g: &FourRow,
    pos: &FourRowPos,
    limits: Limits,
    tables: Option<&FourTables>,
    on: &mut dyn FnMut(four_plan::Step),
) -> Result<json::FourSolve, String> {
    let by_graph = four_plan::needs_graph(g);
    let a = four_plan::solve_any(g, pos, limits, tables, on).map_err(|e| match e {
        four_plan::Refusal::Graph(why) => {
            let rules: String = fourrow::game_id(g)
                .rules
                .iter()
                .map(|r| format!(" --rule {r}"))
                .collect();
            format!(
                "solve: {} at width {}{rules} can have up to {} moves in a position and the search handles {}; {why}; use a smaller --width or fewer seeds",
                g.variant_id(),
                g.width(),
                g.max_moves_bound(),
                mancala_solver::search::MAX_MOVES
            )
        }
        e => e.to_string(),
    })?;
    Ok(json::FourSolve {
        depth_limited: limits.depth.is_some(),
        ..json::FourSolve::new(g, pos, &a, (!by_graph).then_some(limits.threads))
    })
}

/// Refuses `analyze` of a four-row board whose positions may have more moves than the
/// search numbers (every move's value needs the search).
pub fn four_analyzable(g: &FourRow) -> Result<(), String> {
    if !four_plan::needs_graph(g) {
        return Ok(());
    }
    Err(format!(
        "analyze: {} at width {} can have up to {} moves in a position, the search handles {}; use a smaller --width",
        g.variant_id(),
        g.width(),
        g.max_moves_bound(),
        mancala_solver::search::MAX_MOVES
    ))
}

/// `analyze` of a four-row position (a board [`four_analyzable`] accepts): every move's
/// value within `limits`, probing `tables`; `on` hears the moves solved, of all, and the
/// nodes.
pub fn analyze_four(
    g: &FourRow,
    pos: &FourRowPos,
    limits: Limits,
    tables: Option<&FourTables>,
    on: &mut dyn FnMut(usize, usize, u64),
) -> json::FourAnalyze {
    let mut solver = Solver::new(g, limits);
    if let Some(t) = tables {
        solver = solver.with_oracle(t);
    }
    let t0 = Instant::now();
    let values = solver.analyze_in_time(pos, on);
    let all = values.iter().all(|v| v.1.is_some());
    // The position's value: the best move's when every move is proven, or a proven win;
    // a finished game has its value all the same (what `solve` gives: the mover lost).
    let top = values.iter().filter_map(|v| v.1).max();
    let value = if values.is_empty() {
        Some(solver.solve(pos).value)
    } else if all || top == Some(1) {
        top
    } else {
        None
    };
    json::FourAnalyze::new(g, pos, &values, value, t0.elapsed().as_secs_f64())
}

/// Refuses `--memory` for a morris `command`: its main-game tables are built whole.
pub fn morris_options(command: &str, memory_given: bool) -> Result<(), String> {
    if !memory_given {
        return Ok(());
    }
    Err(format!(
        "{command}: --memory is for the two-row planner; the morris games build their main-game tables whole"
    ))
}

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

/// The Isolo planner's budget: the whole graph in `memory` bytes (default 4 GiB), else the
/// search beneath it; a `depth` searches at once, up to that many plies.
pub fn isolo_budget(
    memory: Option<usize>,
    depth: Option<u32>,
    deadline: Option<Instant>,
) -> isolo::solve::Budget {
    isolo::solve::Budget {
        memory: memory.unwrap_or(4 << 30),
        max_plies: depth.unwrap_or(mancala_solver::wdl::MAX_PLIES),
        deadline,
        search_only: depth.is_some(),
    }
}

/// The Isolo planner's answer for `command` (every move's with `every_move`), its steps
/// going to `on`; a position left unsolved is an error that asks for more time.
pub fn isolo_plan(
    command: &str,
    g: &Isolo,
    pos: &IsoloPos,
    budget: isolo::solve::Budget,
    every_move: bool,
    on: &mut dyn FnMut(isolo::solve::Step),
) -> Result<isolo::solve::Answer, String> {
    isolo::solve::plan(g, pos, budget, every_move, on).map_err(|e| {
        format!(
            "{command}: {} is not solved: {e} (give more --time)",
            g.variant_id()
        )
    })
}
