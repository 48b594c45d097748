//! `solve` and `analyze`: the two-row games through the solve planner, the four-row games
//! through theirs; this file parses and prints.

use super::options::{
    board_seeds, plan_budget, plan_spinner, rate, setup, spinner, Common, SearchOpts,
};
use crate::{Fail, Res};
use mancala_analysis::json;
use mancala_solver::morris::{Morris, MorrisPos};
use mancala_solver::search::Solver;
use mancala_solver::{FourRow, FourRowPos, Game, Notation, TwoRow};
use std::io::Write;
use std::time::Instant;

/// Opens the four-row tables named by `--tablebases`, if any; a folder without tables of `g`
/// is an error.
pub(crate) fn open_four_tables(
    g: &FourRow,
    dir: Option<&std::path::Path>,
) -> Result<Option<mancala_tablebases::fourrow::FourTables>, Fail> {
    let Some(dir) = dir else {
        return Ok(None);
    };
    let t = mancala_tablebases::fourrow::FourTables::open(dir, g)?;
    if t.is_empty() {
        return Err(Fail(format!(
            "--tablebases: {} holds no tables of {} (build them with `mancala tablebase build`)",
            dir.display(),
            mancala_tablebases::fourrow::game_id(g)
        )));
    }
    Ok(Some(t))
}

pub(crate) fn solve_four(g: &FourRow, pos: &FourRowPos, c: &Common, s: &SearchOpts) -> Res {
    use mancala_tablebases::fourrow::plan;
    // Four-row wdl tables (removal games): probed by the search as its oracle.
    let tables = open_four_tables(g, s.tablebases.as_deref())?;
    let limits = s.limits(None)?;
    let by_graph = plan::needs_graph(g);
    let refuse = |why: &str| {
        let rules: String = mancala_tablebases::fourrow::game_id(g)
            .rules
            .iter()
            .map(|r| format!(" --rule {r}"))
            .collect();
        Fail(format!(
            "solve: {} at width {}{rules} can have up to {} moves in a position and the search handles {}; {why}; use a smaller --width or fewer seeds",
            g.variant_id(),
            g.width(),
            g.max_moves_bound(),
            mancala_solver::search::MAX_MOVES
        ))
    };
    if let (Some(t), false) = (&tables, by_graph) {
        let missing = t.gaps();
        if !missing.is_empty() {
            let list: Vec<String> = missing
                .iter()
                .map(|s| format!("{}+{}", s[0], s[1]))
                .collect();
            eprintln!(
                "note: {} lacks the slices (mover+opponent seeds) {} of {}: the search went on without them",
                s.tablebases.as_ref().map_or(String::new(), |d| d.display().to_string()),
                list.join(", "),
                mancala_tablebases::fourrow::game_id(g)
            );
        }
    }
    let pb = spinner();
    let t0 = Instant::now();
    let answer = plan::solve_any(g, pos, limits, tables.as_ref(), &mut |step| match step {
        plan::Step::Search(p) => {
            let bounds = if p.lower <= p.upper {
                format!("  value in [{}, {}]", p.lower, p.upper)
            } else {
                String::new()
            };
            pb.set_message(format!(
                "depth {}{bounds}  {:.1} M nodes  {}nodes/s",
                p.depth,
                p.nodes as f64 / 1e6,
                rate(p.nodes, t0.elapsed().as_secs_f64())
            ));
        }
        plan::Step::GraphPlies => {
            pb.set_message("plies: retrograde analysis of the reachable graph")
        }
        plan::Step::SearchPlies => pb.set_message("plies: depth-limited search"),
        plan::Step::Graph => {
            pb.set_message("whole-graph retrograde analysis (more than 256 moves possible)")
        }
    });
    pb.finish_and_clear();
    let a = match answer {
        Ok(a) => a,
        Err(plan::Refusal::Graph(why)) => return Err(refuse(&why)),
        Err(e) => return Err(Fail(e.to_string())),
    };
    let shape = json::FourSolve::new(g, pos, &a, (!by_graph).then_some(limits.threads));
    if c.json {
        out!("{}", json::line(&shape));
        return Ok(());
    }
    let (best, names) = (shape.best_move, shape.pv);
    let word = match a.value {
        1 => "win",
        0 => "draw",
        _ => "loss",
    };
    out!(
        "value {word} for {} ({:+}){}, best move {}",
        g.to_move(pos),
        a.value,
        match a.plies {
            Some(1) => ", 1 ply to the end".to_string(),
            Some(n) => format!(", {n} plies to the end"),
            None => String::new(),
        },
        best.as_deref().unwrap_or("none (game over)")
    );
    if !a.exact {
        let why = if !a.exact_key {
            "the position is too large for the search's exact key"
        } else if s.depth.is_some() {
            "the depth limit stopped the search: the value is a heuristic"
        } else {
            "the time limit passed: the value is the last finished iteration's"
        };
        out!("note: not proven ({why})");
    }
    if let Some(why) = a.plies_stopped {
        out!("note: plies to the end not counted ({why}); the line is the search's");
    }
    if !names.is_empty() {
        out!("pv {}", names.join(" "));
    }
    if by_graph {
        out!(
            "{} positions in the reachable graph (retrograde analysis) in {:.3} s",
            a.nodes,
            a.seconds
        );
        return Ok(());
    }
    if a.search_exact && !a.line_complete {
        out!("{PV_CUT}");
    }
    out!("{} nodes in {:.3} s", a.nodes, a.seconds);
    Ok(())
}

pub(crate) fn analyze_four(g: &FourRow, pos: &FourRowPos, c: &Common, s: &SearchOpts) -> Res {
    if mancala_tablebases::fourrow::plan::needs_graph(g) {
        return Err(Fail(format!(
            "analyze: {} at width {} can have up to {} moves in a position, the search handles {}; use a smaller --width",
            g.variant_id(),
            g.width(),
            g.max_moves_bound(),
            mancala_solver::search::MAX_MOVES
        )));
    }
    let limits = s.limits(None)?;
    let tables = open_four_tables(g, s.tablebases.as_deref())?;
    let mut solver = Solver::new(g, limits);
    if let Some(t) = &tables {
        solver = solver.with_oracle(t);
    }
    let t0 = Instant::now();
    let values = analyze_moves(&solver, pos);
    let all = values.iter().all(|v| v.1.is_some());
    // The position's value: the best move's when every move is proven, or a proven win;
    // a finished game has its value all the same (what `solve` gives: the mover lost).
    let top = values.iter().filter_map(|v| v.1).max();
    let best = if values.is_empty() {
        Some(solver.solve(pos).value)
    } else if all || top == Some(1) {
        top
    } else {
        None
    };
    if c.json {
        let shape = json::FourAnalyze {
            at: json::Start::new(g, pos),
            metric: "wdl",
            value: best,
            moves: values
                .iter()
                .map(|v| (g.move_name(pos, v.0), v.1))
                .collect(),
            exact: all,
            seconds: t0.elapsed().as_secs_f64(),
        };
        out!("{}", json::line(&shape));
    } else {
        if let (true, Some(v)) = (values.is_empty(), best) {
            out!("no legal move: the game is over (value {v:+})");
        }
        for v in &values {
            let shown = v.1.map_or("not proven".to_string(), |x| format!("{x:+}"));
            out!(
                "{:>12}  {shown}{}",
                g.move_name(pos, v.0),
                if v.1.is_some() && v.1 == best {
                    "  best"
                } else {
                    ""
                }
            );
        }
        if !all {
            out!("note: the time limit passed before every move was proven");
        }
    }
    Ok(())
}

/// The note printed when `--time` ran out while the principal variation was being built.
pub(crate) const PV_CUT: &str =
    "note: the principal variation stops short (the time limit passed while it was built)";

/// `Solver::analyze_in_time` with a spinner on stderr: moves solved so far and nodes.
pub(crate) fn analyze_moves<G: mancala_solver::MarginGame<Key = u128>>(
    solver: &Solver<'_, G>,
    pos: &G::Position,
) -> Vec<(G::Move, Option<i32>)> {
    let pb = spinner();
    let t0 = Instant::now();
    let values = solver.analyze_in_time(pos, &mut |done, moves, nodes| {
        pb.set_message(format!(
            "{done} of {moves} moves solved  {:.1} M nodes  {}nodes/s",
            nodes as f64 / 1e6,
            rate(nodes, t0.elapsed().as_secs_f64())
        ));
    });
    pb.finish_and_clear();
    values
}

/// The stderr line naming the slices a `--tablebases` folder lacks that the search went on
/// without, if any.
pub(crate) fn note_missing(g: &TwoRow, a: &mancala_tablebases::Answer) {
    let (Some(t), false) = (&a.tables, a.missing_slices.is_empty()) else {
        return;
    };
    let list: Vec<String> = a.missing_slices.iter().map(u32::to_string).collect();
    let place = t
        .folder
        .as_ref()
        .map_or("the tables".to_string(), |f| f.display().to_string());
    eprintln!(
        "note: {place} lacks the slices of {} stones of {}: the search went on without them",
        list.join(", "),
        mancala_tablebases::GameId::of(g)
    );
}

/// How the answer was proven, in words: `retrograde: tables to 12 stones built in memory`.
pub(crate) fn method_words(a: &mancala_tablebases::Answer) -> String {
    let tables = a.tables.as_ref().map(|t| {
        let to = t.complete_to.map_or("none".to_string(), |k| k.to_string());
        let place = match &t.folder {
            Some(f) => format!("in {}", f.display()),
            None => "in memory".to_string(),
        };
        if t.built > 0 {
            format!("tables to {to} stones ({} slices built {place})", t.built)
        } else {
            format!("tables to {to} stones {place}")
        }
    });
    match (a.method, tables) {
        (mancala_tablebases::Method::Search, _) | (_, None) => a.method.as_str().to_string(),
        (m, Some(t)) => format!("{}, {t}", m.as_str()),
    }
}

pub(crate) fn solve(c: &Common, s: &SearchOpts) -> Res {
    let (g, pos) = setup(c)?;
    let budget = plan_budget(s, board_seeds(&g, &pos))?;
    let planner = mancala_tablebases::Planner::new(&g, budget.clone());
    let (pb, mut on) = plan_spinner();
    let a = planner.solve(&pos, &mut on);
    pb.finish_and_clear();
    let a = a?;
    note_missing(&g, &a);
    if c.json {
        out!("{}", json::line(&json::Solve::new(&g, &pos, &a, &budget)));
        return Ok(());
    }
    let names = json::line_names(&g, &pos, &a.pv);
    let how = if a.exact {
        format!("exact, {}", method_words(&a))
    } else if budget.depth.is_some() {
        "heuristic, depth-limited".to_string()
    } else {
        "not proven: the time limit passed".to_string()
    };
    out!(
        "value {:+} ({how}), best move {}",
        a.value,
        a.best
            .map(|m| g.move_name(&pos, m))
            .as_deref()
            .unwrap_or("none (game over)")
    );
    if !names.is_empty() {
        out!("pv {}", names.join(" "));
    }
    if a.exact && !a.pv_complete {
        out!("{PV_CUT}");
    }
    let phases: Vec<String> = a
        .phases
        .iter()
        .map(|p| format!("{} {:.2} s", p.phase, p.seconds))
        .collect();
    let threads = if budget.threads == 1 {
        "1 thread".to_string()
    } else {
        format!("{} threads", budget.threads)
    };
    out!(
        "{} nodes, {:.3} s ({}; {threads})",
        a.nodes,
        a.seconds,
        phases.join(", ")
    );
    Ok(())
}

pub(crate) fn analyze(c: &Common, s: &SearchOpts) -> Res {
    let (g, pos) = setup(c)?;
    let budget = plan_budget(s, board_seeds(&g, &pos))?;
    let planner = mancala_tablebases::Planner::new(&g, budget.clone());
    let (pb, mut on) = plan_spinner();
    let r = planner.analyze(&pos, &mut on);
    pb.finish_and_clear();
    let (a, values) = r?;
    note_missing(&g, &a);
    // The position's value when proven (a finished game has its value all the same: what
    // `solve` gives, the final margin).
    let best = a.exact.then_some(a.value);
    let all = values.iter().all(|v| v.1.is_some());
    if c.json {
        out!("{}", json::line(&json::Analyze::new(&g, &pos, &a, &values)));
    } else {
        if values.is_empty() {
            out!("no legal move: the game is over (value {:+})", a.value);
        }
        for &(m, v) in &values {
            let shown = v.map_or("not proven".to_string(), |v| format!("{v:+}"));
            out!(
                "{:>3}  {shown}{}",
                g.move_name(&pos, m),
                if v.is_some() && v == best {
                    "  best"
                } else {
                    ""
                }
            );
        }
        if !(all && a.exact) {
            out!("note: the time limit passed before every move was proven");
        }
    }
    Ok(())
}

/// `analyze` of a morris position: every legal move's value and plies, through the morris
/// planner (the main-game tables, then the search of the placement phase).
pub(crate) fn analyze_morris(g: &Morris, pos: &MorrisPos, c: &Common, s: &SearchOpts) -> Res {
    let limits = morris_limits("analyze", s)?;
    let a = with_morris_steps(|on| {
        mancala_tablebases::morris::plan::analyze(g, pos, limits, s.tablebases.as_deref(), on)
    })?;
    if c.json {
        out!("{}", json::line(&json::MorrisAnalyze::new(g, pos, &a)));
        return Ok(());
    }
    if a.moves.is_empty() {
        out!(
            "no legal move: the game is over (value {})",
            a.value.map_or("not proven".into(), |v| format!("{v:+}"))
        );
    }
    let best: Vec<_> = a.best().map(|m| m.mv).collect();
    for m in &a.moves {
        let shown = match (m.value, m.plies) {
            (None, _) => "not proven".to_string(),
            (Some(v), Some(p)) => format!("{v:+} in {p} plies"),
            (Some(v), None) => format!("{v:+}"),
        };
        out!(
            "{:>10}  {shown}{}",
            g.move_name(pos, m.mv),
            if best.contains(&m.mv) { "  best" } else { "" }
        );
    }
    if !a.exact {
        out!("note: the time limit passed before every move was proven");
    }
    Ok(())
}

/// The search limits of a morris `command` (which has no `--memory`: its tables are built
/// whole).
fn morris_limits(command: &str, s: &SearchOpts) -> Result<mancala_solver::search::Limits, Fail> {
    if s.memory.is_some() {
        return Err(Fail(format!(
            "{command}: --memory is for the two-row planner; the morris games build their main-game tables whole"
        )));
    }
    s.limits(None)
}

/// Runs a morris planner call with a spinner on stderr showing its steps.
fn with_morris_steps<T>(
    call: impl FnOnce(
        &mut (dyn FnMut(mancala_tablebases::morris::plan::Step<'_>) + Send),
    ) -> Result<T, mancala_tablebases::Error>,
) -> Result<T, Fail> {
    let pb = spinner();
    let r = call(&mut |step| morris_step(&pb, step));
    pb.finish_and_clear();
    Ok(r?)
}

/// Shows one step of the morris planner on the spinner: a slice built or kept, or a search
/// iteration.
fn morris_step(pb: &indicatif::ProgressBar, step: mancala_tablebases::morris::plan::Step<'_>) {
    use mancala_tablebases::morris::plan::Step;
    match step {
        Step::Built(u) => pb.println(format!(
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
        Step::Search(p) => pb.set_message(format!(
            "depth {}  {:.1} M nodes  {}nodes/s",
            p.depth,
            p.nodes as f64 / 1e6,
            rate(p.nodes, pb.elapsed().as_secs_f64())
        )),
    }
}

/// `solve` of a morris position: the main-game tables (from `--tablebases`, built there or
/// in a temporary folder when small enough), then the search of the placement phase.
pub(crate) fn solve_morris(g: &Morris, pos: &MorrisPos, c: &Common, s: &SearchOpts) -> Res {
    let limits = morris_limits("solve", s)?;
    let a = with_morris_steps(|on| {
        mancala_tablebases::morris::plan::solve(g, pos, limits, s.tablebases.as_deref(), on)
    })?;
    let shape = json::MorrisSolve::new(g, pos, &a, limits.threads);
    if c.json {
        out!("{}", json::line(&shape));
        return Ok(());
    }
    let word = match a.value {
        1 => "win",
        0 => "draw",
        _ => "loss",
    };
    let plies = a.plies.map_or(String::new(), |p| format!(" in {p} plies"));
    out!(
        "value {word}{plies} for {} ({:+}), best move {}",
        g.to_move(pos),
        a.value,
        shape.best_move.as_deref().unwrap_or("none (game over)")
    );
    if !a.exact {
        out!("note: not proven (the depth or time limit stopped the search)");
    }
    if !shape.pv.is_empty() {
        out!("pv {}", shape.pv.join(" "));
    }
    if a.exact && a.value == 0 && a.pv.is_empty() {
        out!("note: a draw gets no line (it would wander over the drawn positions for ever)");
    } else if a.exact && !a.pv_complete {
        out!("{PV_CUT}");
    }
    out!(
        "method {}: {} nodes, tables of {} entries ({:.3} s to build), {:.3} s in all",
        a.method.name(),
        a.nodes,
        a.table_entries,
        a.build_seconds,
        a.seconds
    );
    Ok(())
}

/// The planner's answer for an Isolo position (every move's with `every_move`), with a
/// spinner: the whole graph in `--memory` (default 4 GiB), else the search beneath it;
/// `--depth N` searches at once, up to N plies.
fn isolo_plan(
    command: &str,
    g: &mancala_solver::isolo::Isolo,
    pos: &mancala_solver::isolo::IsoloPos,
    s: &SearchOpts,
    every_move: bool,
) -> Result<mancala_solver::isolo::solve::Answer, Fail> {
    use mancala_solver::isolo::solve;
    for (given, option) in [
        (s.tablebases.is_some(), "--tablebases"),
        (s.tt_mb.is_some(), "--tt-mb"),
    ] {
        if given {
            return Err(Fail(format!(
                "{command}: {option} is for the other families' searches; {} is solved by its whole reachable graph or a distance search, both bounded by --memory and --time",
                g.variant_id()
            )));
        }
    }
    let memory = match &s.memory {
        Some(m) => super::options::parse_memory(m)? as usize,
        None => 4 << 30,
    };
    let limits = s.limits(None)?;
    let budget = solve::Budget {
        memory,
        max_plies: s.depth.unwrap_or(mancala_solver::wdl::MAX_PLIES),
        deadline: limits.deadline,
        search_only: s.depth.is_some(),
    };
    let pb = spinner();
    let t0 = Instant::now();
    let r = solve::plan(g, pos, budget, every_move, &mut |step| match step {
        solve::Step::Graph => pb.set_message("whole-graph retrograde analysis"),
        solve::Step::Search { plies, nodes } => pb.set_message(format!(
            "distance search: no win or loss within {plies} plies  {:.1} M nodes  {}nodes/s",
            nodes as f64 / 1e6,
            rate(nodes, t0.elapsed().as_secs_f64())
        )),
    });
    pb.finish_and_clear();
    r.map_err(|e| {
        Fail(format!(
            "{command}: {} is not solved: {e} (give more --time)",
            g.variant_id()
        ))
    })
}

/// The note under an Isolo answer the search gave.
fn isolo_search_note(sh: &Option<json::IsoloSearch>, proven: bool) {
    let Some(sh) = sh else { return };
    if let Some(why) = &sh.graph_refused {
        out!("note: the whole graph was given up ({why}, what --memory holds); the distance search answered");
    }
    if !proven {
        let why = match sh.stopped {
            Some("time limit") => "the time limit stopped it",
            Some(_) => "its memo filled --memory",
            None => "the ply limit stopped it",
        };
        out!(
            "note: not proven: no forced win or loss within {} plies ({why}; the search proves no draw)",
            sh.searched_plies
        );
    }
    out!("{} positions searched", sh.nodes);
}

/// `solve` of isolo and isolo-ii.
pub(crate) fn solve_isolo(
    g: &mancala_solver::isolo::Isolo,
    pos: &mancala_solver::isolo::IsoloPos,
    c: &Common,
    s: &SearchOpts,
) -> Res {
    let a = isolo_plan("solve", g, pos, s, false)?;
    let shape = json::IsoloSolve::new(g, pos, &a);
    if c.json {
        out!("{}", json::line(&shape));
        return Ok(());
    }
    let word = match shape.value {
        Some(1) => "win",
        Some(0) => "draw",
        Some(_) => "loss",
        None => "unknown",
    };
    out!(
        "value {word} for {}{}{}, best move {}",
        g.to_move(pos),
        shape.value.map_or(String::new(), |v| format!(" ({v:+})")),
        match shape.plies {
            Some(1) => ", 1 ply to the end".to_string(),
            Some(n) => format!(", {n} plies to the end"),
            None => String::new(),
        },
        shape.best_move.as_deref().unwrap_or(if shape.exact {
            "none (game over)"
        } else {
            "none proven"
        })
    );
    if !shape.pv.is_empty() {
        out!("pv {}", shape.pv.join(" "));
    }
    isolo_search_note(&shape.search, shape.exact);
    match shape.graph_positions {
        Some(n) => out!(
            "{n} positions in the reachable graph (retrograde analysis) in {:.3} s",
            shape.seconds
        ),
        None => out!("distance search in {:.3} s", shape.seconds),
    }
    Ok(())
}

/// `analyze` of isolo and isolo-ii: every move's value.
pub(crate) fn analyze_isolo(
    g: &mancala_solver::isolo::Isolo,
    pos: &mancala_solver::isolo::IsoloPos,
    c: &Common,
    s: &SearchOpts,
) -> Res {
    let a = isolo_plan("analyze", g, pos, s, true)?;
    let sh = json::IsoloAnalyze::new(g, pos, &a);
    if c.json {
        out!("{}", json::line(&sh));
        return Ok(());
    }
    if sh.moves.is_empty() {
        out!(
            "no legal move: the game is over (value {:+})",
            sh.value.unwrap_or(-1)
        );
    }
    for m in g.legal_moves(pos) {
        let name = g.move_name(pos, m);
        let shown = match (sh.moves[&name], sh.move_plies[&name]) {
            (Some(v), Some(p)) => format!("{v:+} in {p} plies"),
            (Some(v), None) => format!("{v:+}"),
            (None, _) => "not proven".to_string(),
        };
        out!(
            "{name:>10}  {shown}{}",
            if sh.best_moves.contains(&name) {
                "  best"
            } else {
                ""
            }
        );
    }
    isolo_search_note(&sh.search, sh.value.is_some());
    out!(
        "moves won {}, drawn {}, lost {}{}; {:.3} s",
        sh.move_values[0],
        sh.move_values[1],
        sh.move_values[2],
        match sh.graph_positions {
            Some(n) => format!("; {n} positions in the reachable graph"),
            None => String::new(),
        },
        sh.seconds
    );
    Ok(())
}
