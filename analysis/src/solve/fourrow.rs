//! `solve` and `analyze` of the four-row games: the search (probing the win/draw/loss
//! tables), the whole reachable graph or the proof-number search, as the four-row planner
//! chooses.

use super::json;
use super::json::Solved;
use super::progress;
use super::write_certificate;
use super::{Event, SolveCommand};
use crate::args::Search;
use crate::error::{tables_message, Fail};
use mancala_solver::search::{Limits, Solver};
use mancala_solver::{Budget, FourRow, FourRowPos, Notation};
use mancala_tablebases::fourrow::{self, plan as four_plan, FourTables};
use mancala_tablebases::{Method, Plan as _, Prefer};
use std::path::Path;
use std::time::Instant;

/// Opens the four-row tables in `dir`, if given; a folder without tables of `g` is an
/// error (the search would only be slower than the user expects).
pub fn four_tables(g: &FourRow, dir: Option<&Path>) -> Result<Option<FourTables>, String> {
    let Some(dir) = dir else {
        return Ok(None);
    };
    let t = FourTables::open(dir, g).map_err(|e| tables_message(&e))?;
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

/// `solve` of a four-row position under `budget` by the prover `prefer`: the search (probing
/// `tables`) where it numbers every move, else the whole reachable graph; its steps go to
/// `on`.
pub fn solve_four(
    g: &FourRow,
    pos: &FourRowPos,
    budget: &Budget,
    prefer: Prefer,
    tables: Option<&FourTables>,
    on: &mut (dyn FnMut(four_plan::Step) + Send),
) -> Result<(json::FourSolve, four_plan::Answer), String> {
    let planner = four_plan::Planner::new(g, budget, prefer, tables);
    let limits = planner.limits();
    let a = planner.solve(pos, on).map_err(|e| match e {
        four_plan::Refusal::Graph(refusal) => {
            use four_plan::GraphRefusal as R;
            let why = match refusal {
                R::SearchOnly => "--depth and --tablebases need the search".to_string(),
                R::TooBig { positions, tt_mb } => format!(
                    "the whole-graph solver stops beyond {positions} positions (what --tt-mb {tt_mb} holds; at most {})",
                    four_plan::RETRO_LIMIT
                ),
                r => r.to_string(),
            };
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
    let searched = matches!(a.method, Method::Search | Method::SearchWithTables);
    let shape = json::FourSolve {
        depth_limited: limits.depth.is_some(),
        ..json::FourSolve::new(g, pos, &a, searched.then_some(limits.threads))
    };
    Ok((shape, a))
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

impl SolveCommand for FourRow {
    fn answer(
        &self,
        pos: &FourRowPos,
        s: &Search,
        every_move: bool,
        on: &(dyn Fn(Event) + Sync),
    ) -> Result<Solved, Fail> {
        let g = self;
        let t0 = Instant::now();
        let secs = || t0.elapsed().as_secs_f64();
        let solved = if every_move {
            four_analyzable(g).map_err(Fail)?;
            let limits = s.limits(None);
            let tables = four_tables(g, s.budget.tables.as_deref()).map_err(Fail)?;
            Solved::FourMoves(analyze_four(
                g,
                pos,
                limits,
                tables.as_ref(),
                &mut |done, moves, n| {
                    on(Event::Spin(format!(
                        "{done} of {moves} moves solved  {:.1} M nodes  {}nodes/s",
                        n as f64 / 1e6,
                        progress::rate(n, secs())
                    )))
                },
            ))
        } else {
            let dir = s.budget.tables.as_deref();
            let tables = four_tables(g, dir).map_err(Fail)?;
            if let Some(n) = dir
                .zip(tables.as_ref())
                .and_then(|(d, t)| four_missing_note(g, d, t))
            {
                on(Event::Note(n));
            }
            let prefer = s.prefer();
            if s.proof.is_some() && prefer == Prefer::Search {
                return Err(Fail(
                    "solve: --proof needs the proof-number search (--method auto or proof)".into(),
                ));
            }
            let r = solve_four(g, pos, &s.budget, prefer, tables.as_ref(), &mut |step| {
                on(Event::Spin(match step {
                    four_plan::Step::Proof(side, p) => progress::proof(side, p, secs()),
                    four_plan::Step::Distance => {
                        "distance search: wins within a number of plies".into()
                    }
                    four_plan::Step::Search(p) => {
                        let bounds = if p.lower <= p.upper {
                            format!("  value in [{}, {}]", p.lower, p.upper)
                        } else {
                            String::new()
                        };
                        progress::depth(p.depth, &bounds, p.nodes, secs())
                    }
                    four_plan::Step::GraphPlies => {
                        "plies: retrograde analysis of the reachable graph".into()
                    }
                    four_plan::Step::SearchPlies => "plies: depth-limited search".into(),
                    four_plan::Step::Graph => {
                        "whole-graph retrograde analysis (more than 256 moves possible)".into()
                    }
                }))
            });
            let (mut shape, answer) = r.map_err(Fail)?;
            if let Some(file) = &s.proof {
                let cert = answer.proof.as_ref().and_then(|p| p.certificate.as_ref());
                match cert {
                Some(c) => {
                    let sum = write_certificate(file, c).map_err(Fail)?;
                    if let Some(p) = shape.proof.as_mut() {
                        p.certificate = Some(file.display().to_string());
                        p.certificate_checksum = Some(sum);
                    }
                }
                None => on(Event::Note(format!(
                    "note: no certificate written to {}: the proof-number search proved no win or loss",
                    file.display()
                ))),
            }
            }
            Solved::Four(shape)
        };
        Ok(solved)
    }
}
