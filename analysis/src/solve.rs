//! The work of `mancala solve` and `mancala analyze` of every family, from typed options to
//! the shapes of [`crate::json`]: which planner answers, the budgets it gets, the refusals
//! and the notes, so that the command line only parses, shows progress and prints.

use crate::error::{tables_message, Fail};
use crate::json;
use crate::options::Search;
use crate::text::progress::{self, PlanText};
use mancala_solver::any::AnyGame;
use mancala_solver::isolo::{self, Isolo, IsoloPos};
use mancala_solver::search::{Limits, Solver};
use mancala_solver::Budget;
use mancala_solver::{FourRow, FourRowPos, Notation, TwoRow, TwoRowPos};
use mancala_tablebases::fourrow::{self, plan as four_plan, FourTables};
use mancala_tablebases::morris::plan as morris_plan;
use mancala_tablebases::tworow::plan::Step;
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

/// `solve` of a four-row position: the search (probing `tables`) where it numbers every
/// move, else the whole reachable graph; its steps go to `on`.
pub fn solve_four(
    g: &FourRow,
    pos: &FourRowPos,
    limits: Limits,
    tables: Option<&FourTables>,
    how: four_plan::How,
    on: &mut (dyn FnMut(four_plan::Step) + Send),
) -> Result<(json::FourSolve, four_plan::Answer), String> {
    let a = four_plan::solve_any(g, pos, limits, tables, how, on).map_err(|e| match e {
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
    let searched = matches!(
        a.method,
        four_plan::Method::Search | four_plan::Method::SearchWithTables
    );
    let shape = json::FourSolve {
        depth_limited: limits.depth.is_some(),
        ..json::FourSolve::new(g, pos, &a, searched.then_some(limits.threads))
    };
    Ok((shape, a))
}

/// Writes `certificate` to `file` whole or not at all (a temporary file beside it, renamed):
/// its checksum, or the reason it could not be written.
pub fn write_certificate(
    file: &Path,
    certificate: &mancala_solver::proof::cert::Certificate,
) -> Result<String, String> {
    let text = certificate.to_text();
    let sum = mancala_solver::proof::cert::Certificate::checksum_of(&text)
        .unwrap_or_default()
        .to_string();
    let name = file
        .file_name()
        .ok_or_else(|| format!("--proof {}: not a file name", file.display()))?;
    let mut tmp_name = name.to_os_string();
    tmp_name.push(".part");
    let tmp = file.with_file_name(tmp_name);
    std::fs::write(&tmp, text)
        .and_then(|()| std::fs::rename(&tmp, file))
        .map_err(|e| {
            let _ = std::fs::remove_file(&tmp);
            format!("--proof {}: cannot write: {e}", file.display())
        })?;
    Ok(sum)
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

/// The Isolo planner's answer for `command` (every move's with `every_move`), its steps
/// going to `on`; a position left unsolved is an error that asks for more time.
pub fn isolo_plan(
    command: &str,
    g: &Isolo,
    pos: &IsoloPos,
    budget: isolo::solve::PlanBounds,
    every_move: bool,
    on: &mut dyn FnMut(isolo::solve::Step),
) -> Result<isolo::solve::Answer, String> {
    isolo::solve::plan(g, pos, budget, every_move, on).map_err(|e| {
        let hint = match e {
            isolo::solve::Refusal::Moves { .. } => {
                "; give more --memory, or a position after the arrangement"
            }
            isolo::solve::Refusal::NoExactKey => "",
        };
        format!("{command}: {} is refused: {e}{hint}", g.variant_id())
    })
}

/// The proof-number search's table size: `--memory`, else
/// [`four_plan::DEFAULT_PROOF_MEMORY`].
fn proof_memory(s: &Search) -> usize {
    s.budget
        .memory
        .map_or(four_plan::DEFAULT_PROOF_MEMORY, |m| {
            m.min(usize::MAX as u64) as usize
        })
}

/// `solve --method proof` of a win/draw/loss game of any family: both sides' wins tried by
/// the proof-number search under the options `s`, the certificate of a win or loss written
/// to `s.proof` (the game set up by the command-line words `setup`).
pub fn by_proof<G: Notation>(
    g: &G,
    pos: &G::Position,
    s: &Search,
    setup: Vec<String>,
    on: &(dyn Fn(Event) + Sync),
) -> Result<json::ProofSolve, Fail> {
    if s.budget.depth.is_some() || s.budget.tables.is_some() {
        return Err(Fail(format!(
            "solve: --depth and --tablebases are for the other provers of {}, not --method proof",
            g.variant_id()
        )));
    }
    let limits = s.limits(None);
    let memory = proof_memory(s);
    let bounds = mancala_solver::proof::Bounds {
        memory,
        deadline: mancala_solver::proof::share_of(limits.deadline, four_plan::PROOF_SHARE),
        threads: limits.threads,
    };
    let t0 = Instant::now();
    let solved = mancala_solver::proof::value(g, pos, bounds, &mut |side, p| {
        on(Event::Spin(progress::proof(
            side,
            p,
            t0.elapsed().as_secs_f64(),
        )))
    });
    let mut shape = json::ProofSolve::new(g, pos, &solved, 0.0);
    if solved.value.is_none() && limits.deadline.is_some() {
        on(Event::Spin(
            "distance search: wins within a number of plies".into(),
        ));
        shape.proof.no_win_within =
            mancala_solver::proof::no_win_within(g, pos, memory, limits.deadline);
    }
    shape.head.seconds = t0.elapsed().as_secs_f64();
    if let Some(file) = &s.proof {
        match &solved.proof {
            Some((side, p)) => {
                let sum = write_certificate(file, &p.certificate(g, *side, setup)).map_err(Fail)?;
                shape.proof.certificate = Some(file.display().to_string());
                shape.proof.certificate_checksum = Some(sum);
            }
            None => on(Event::Note(format!(
                "note: no certificate written to {}: the proof-number search proved no win or loss",
                file.display()
            ))),
        }
    }
    Ok(shape)
}

/// The command-line words that set a morris game up, for a certificate.
pub fn morris_words(g: &mancala_solver::morris::Morris) -> Vec<String> {
    let mut w = vec!["--counters".to_string(), g.counters().to_string()];
    for r in g.options().changed() {
        w.extend(["--rule".to_string(), r]);
    }
    w
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

/// The search options of an analysis of `g` held to a server's bounds (`threads`, a table of
/// `tt_mb` MiB, `memory` bytes, until `deadline`): the tables folder only where the family
/// reads it (a four-row folder only when it holds tables of this game), no memory bound for
/// the morris planner (it builds its tables whole), neither tables nor a transposition table
/// for the Isolo planner.
pub fn held_to(
    g: &AnyGame,
    threads: usize,
    tt_mb: usize,
    memory: u64,
    tablebases: Option<&Path>,
    deadline: Instant,
) -> Search {
    let dir = tablebases.map(Path::to_path_buf);
    let (tablebases, tt_mb) = match g {
        AnyGame::Two(..) | AnyGame::Morris(..) => (dir, Some(tt_mb)),
        AnyGame::Four(g4, _) => {
            let has = |d: &std::path::PathBuf| FourTables::open(d, g4).is_ok_and(|t| !t.is_empty());
            (dir.filter(has), Some(tt_mb))
        }
        AnyGame::Isolo(..) => (None, None),
    };
    Search {
        budget: Budget {
            tt_mb,
            tables: tablebases,
            memory: (!matches!(g, AnyGame::Morris(..))).then_some(memory),
            deadline: Some(deadline),
            ..Budget::new(threads)
        },
        method: None,
        proof: None,
    }
}

/// What `solve` and `analyze` report while they work, for the command line to show.
pub enum Event {
    /// The progress line (a spinner's message).
    Spin(String),
    /// A line above the progress, shown on a terminal only.
    Line(String),
    /// A note on stderr.
    Note(String),
}

/// `solve` (`analyze` with `every_move`) of `game` under the search options `s`, each in
/// its family's way, with the refusals of options the family does not take; `on` hears the
/// progress and the notes.
pub fn run(
    game: AnyGame,
    s: &Search,
    every_move: bool,
    on: &(dyn Fn(Event) + Sync),
) -> Result<json::Solved, Fail> {
    use json::Solved;
    let command = if every_move { "analyze" } else { "solve" };
    let t0 = Instant::now();
    let secs = || t0.elapsed().as_secs_f64();
    // The provers are chosen, and certificates written, for a solve of a win/draw/loss game.
    if s.proof.is_some() && matches!(game, AnyGame::Two(..)) {
        return Err(Fail(
            "solve: --proof is for the win/draw/loss games (four-row, Isolo, morris): a seed margin has no certificate".into(),
        ));
    }
    if s.method.is_some() {
        let prefer = s.prefer();
        if every_move {
            return Err(Fail(
                "analyze: --method is for solve (analyze takes each family's own planner)".into(),
            ));
        }
        if matches!(game, AnyGame::Two(..)) && prefer != four_plan::Prefer::Auto {
            return Err(Fail(
                "solve: --method is for the win/draw/loss games (four-row, Isolo, morris); the two-row games go through their own planner".into(),
            ));
        }
    }
    Ok(match game {
        AnyGame::Two(g, pos) => {
            let budget = s.budget.clone();
            let mut text = PlanText::default();
            let on_step = &mut |step| on(Event::Spin(text.text(step)));
            let (shape, note) = if every_move {
                let (a, n) = analyze(&g, &pos, budget, on_step).map_err(|e| tables_message(&e))?;
                (Solved::TwoMoves(a), n)
            } else {
                let (a, n) = solve(&g, &pos, budget, on_step).map_err(|e| tables_message(&e))?;
                (Solved::Two(a), n)
            };
            if let Some(n) = note {
                on(Event::Note(n));
            }
            shape
        }
        AnyGame::Four(g, pos) if every_move => {
            four_analyzable(&g).map_err(Fail)?;
            let limits = s.limits(None);
            let tables = four_tables(&g, s.budget.tables.as_deref()).map_err(Fail)?;
            Solved::FourMoves(analyze_four(
                &g,
                &pos,
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
        }
        AnyGame::Four(g, pos) => {
            let dir = s.budget.tables.as_deref();
            let tables = four_tables(&g, dir).map_err(Fail)?;
            let limits = s.limits(None);
            if let Some(n) = dir
                .zip(tables.as_ref())
                .and_then(|(d, t)| four_missing_note(&g, d, t))
            {
                on(Event::Note(n));
            }
            let prefer = s.prefer();
            let how = four_plan::How {
                prefer,
                memory: proof_memory(s),
            };
            if s.proof.is_some() && prefer == four_plan::Prefer::Search {
                return Err(Fail(
                    "solve: --proof needs the proof-number search (--method auto or proof)".into(),
                ));
            }
            let r = solve_four(&g, &pos, limits, tables.as_ref(), how, &mut |step| {
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
        }
        AnyGame::Morris(g, pos)
            if !every_move && (s.prefer() == four_plan::Prefer::Proof || s.proof.is_some()) =>
        {
            Solved::Proof(by_proof(&g, &pos, s, morris_words(&g), on)?)
        }
        AnyGame::Isolo(g, pos)
            if !every_move && (s.prefer() == four_plan::Prefer::Proof || s.proof.is_some()) =>
        {
            Solved::Proof(by_proof(&g, &pos, s, isolo_words(&g), on)?)
        }
        AnyGame::Morris(g, pos) => {
            morris_options(command, s.budget.memory.is_some()).map_err(Fail)?;
            let limits = s.limits(None);
            let dir = s.budget.tables.as_deref();
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
                let a = morris_plan::analyze(&g, &pos, limits, dir, on_step)
                    .map_err(|e| tables_message(&e))?;
                Solved::MorrisMoves(json::MorrisAnalyze::new(&g, &pos, &a))
            } else {
                let a = morris_plan::solve(&g, &pos, limits, dir, on_step)
                    .map_err(|e| tables_message(&e))?;
                Solved::Morris(json::MorrisSolve::new(&g, &pos, &a, limits.threads))
            }
        }
        AnyGame::Isolo(g, pos) => {
            let (tables, tt) = (s.budget.tables.is_some(), s.budget.tt_mb.is_some());
            isolo_options(command, &g, tables, tt).map_err(Fail)?;
            let budget = isolo::solve::PlanBounds::of(&s.budget);
            let a = isolo_plan(command, &g, &pos, budget, every_move, &mut |step| {
                on(Event::Spin(match step {
                    isolo::solve::Step::Graph => "whole-graph retrograde analysis".into(),
                    isolo::solve::Step::Search { plies, nodes } => format!(
                        "distance search: no win or loss within {plies} plies  {:.1} M nodes  {}nodes/s",
                        nodes as f64 / 1e6,
                        progress::rate(nodes, secs())
                    ),
                }))
            })
            .map_err(Fail)?;
            if every_move {
                Solved::IsoloMoves(json::IsoloAnalyze::new(&g, &pos, &a))
            } else {
                Solved::Isolo(json::IsoloSolve::new(&g, &pos, &a))
            }
        }
    })
}
