//! The four-row solve planner: what `mancala solve` does for a four-row position.
//!
//! 1. The search ([`mancala_solver::search`]) proves the win/draw/loss value, probing the
//!    four-row tables when the caller gives them.
//! 2. The plies to the end of a proven win or loss: from the tables when the root is in
//!    them; else by retrograde analysis of the whole reachable graph, when it holds at most
//!    [`retro_limit`] positions (the search's table is freed first, so both keep to the same
//!    memory); else by a depth-limited distance search ([`retro::line_by_search`]). The three
//!    give the same distance and the same line; the line printed is the one of the analysis
//!    that gave the plies, else the search's.
//! 3. Boards where a position could have more moves than the search numbers (256) are solved
//!    by the whole-graph analysis alone (`solve_by_graph`), or refused with the reason.
//!
//! Before both, unless tables or a depth are given, the proof-number search
//! ([`mancala_solver::proof`]) tries to prove the value (`solve_by_proof`): it proves the
//! short forcing games of the full-size boards where the alpha-beta search does not, lists
//! positions of any number of moves, and its proof becomes a certificate. Under a time
//! limit it takes half the time when the alpha-beta search can follow; without one it runs
//! until its table's memory is spent by proven positions.
//!
//! Every value is cross-checked: a whole-graph value that disagrees with the search is an
//! error, never a silent choice.

use super::FourTables;
use crate::plan::{self, Budget, Method, Plan, Prefer};
use mancala_solver::fourrow::retro;
use mancala_solver::proof::{self, cert::Certificate, Tried};
use mancala_solver::search::{Limits, Progress, Solver};
use mancala_solver::{FourMove, FourRow, FourRowPos, Side};
use std::time::Instant;

/// Positions beyond which the whole-graph count of plies is not tried.
pub const RETRO_LIMIT: usize = 3_000_000;

/// The positions the whole-graph analysis may hold within `tt_mb` MiB (it runs after the
/// search, whose table is then freed): at most [`RETRO_LIMIT`].
pub fn retro_limit(tt_mb: usize) -> usize {
    ((tt_mb << 20) / retro::BYTES_PER_POSITION).min(RETRO_LIMIT)
}

/// Positions the depth-limited distance search may visit.
const LINE_NODES: u64 = 20_000_000;

/// What the planner is doing, for a spinner.
#[derive(Clone, Copy, Debug)]
pub enum Step {
    /// The search, with its progress.
    Search(Progress),
    /// The count of plies by the whole reachable graph.
    GraphPlies,
    /// The count of plies by a depth-limited search.
    SearchPlies,
    /// The whole-graph analysis, alone (a board whose positions may have more moves than
    /// the search numbers).
    Graph,
    /// The proof-number search of `side`'s win, with its progress.
    Proof(Side, proof::Progress),
    /// The distance search of wins within a number of plies, after an unproven proof search.
    Distance,
}

/// The proof-number search's account of a position.
#[derive(Clone, Debug)]
pub struct Proved {
    /// The searches run: the mover's win, then the opponent's.
    pub tried: Vec<Tried>,
    /// The certificate of a win or loss (the winner's proof).
    pub certificate: Option<Certificate>,
    /// The longest line of that proof: the winner wins within this many plies.
    pub proof_plies: Option<u32>,
    /// Left unproven under a time limit: neither side can force a win within this many
    /// plies (the distance search in the last fifth of the time).
    pub no_win_within: Option<u32>,
}

/// What the planner proved about a position.
#[derive(Clone, Debug)]
pub struct Answer {
    /// How the value was found.
    pub method: Method,
    /// 1 win, 0 draw, -1 loss for the side to move.
    pub value: i32,
    /// Plies to the end of a won or lost position under perfect play, where counted.
    pub plies: Option<u32>,
    /// True when proven: the search finished without horizon and the key is exact.
    pub exact: bool,
    /// False when the position is too large for the search's exact key.
    pub exact_key: bool,
    /// True when the search itself proved its value (`exact` also needs the exact key).
    pub search_exact: bool,
    /// The first move of the line, or the search's choice; `None` when the game is over.
    pub best: Option<FourMove>,
    /// The line: distance-optimal where the plies are known, else the search's.
    pub line: Vec<FourMove>,
    /// False when the line stops before the end.
    pub line_complete: bool,
    /// Search nodes (the whole-graph method: positions of the graph).
    pub nodes: u64,
    /// Depth of the search's last iteration (0 for the whole-graph method).
    pub depth: u32,
    /// Positions of the reachable graph, where it was analysed.
    pub graph_positions: Option<usize>,
    /// Why the plies of a won or lost root were not counted, when they were not.
    pub plies_stopped: Option<&'static str>,
    /// Slices (mover + opponent seeds) the given tables lack below their largest.
    pub missing: Vec<[u32; 2]>,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// The proof-number search's account, where it ran.
    pub proof: Option<Proved>,
}

impl Answer {
    /// Nothing proven by `method`, stopped for the reason `stopped`, after the time since
    /// `t0`.
    fn unproven(method: Method, stopped: &'static str, t0: Instant) -> Answer {
        Answer {
            method,
            value: 0,
            plies: None,
            exact: false,
            exact_key: true,
            search_exact: false,
            best: None,
            line: Vec::new(),
            line_complete: false,
            nodes: 0,
            depth: 0,
            graph_positions: None,
            plies_stopped: Some(stopped),
            missing: Vec::new(),
            seconds: t0.elapsed().as_secs_f64(),
            proof: None,
        }
    }
}

/// Why a position is not solved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The whole-graph value disagrees with the search's (a defect, reported as such).
    Disagreement {
        /// The search's value.
        search: i32,
        /// The whole graph's value and plies.
        graph: retro::Wdl,
    },
    /// The board needs the whole-graph analysis, which cannot answer: why.
    Graph(GraphRefusal),
    /// The proof-number search was asked for with a depth bound or tables, which only the
    /// alpha-beta search takes.
    ProofOnly,
}

/// Why the whole-graph analysis cannot answer (the command line words it with its options).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GraphRefusal {
    /// A depth bound or tables were asked for, which only the search takes.
    SearchOnly,
    /// The positions do not fit the solver's 128-bit key.
    NoExactKey,
    /// The graph grows beyond `positions`, what a table of `tt_mb` MiB holds (at most
    /// [`RETRO_LIMIT`]).
    TooBig {
        /// The positions the analysis may hold.
        positions: usize,
        /// The table's size in MiB.
        tt_mb: usize,
    },
}

impl std::fmt::Display for GraphRefusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GraphRefusal::SearchOnly => f.write_str("a depth bound and tables need the search"),
            GraphRefusal::NoExactKey => {
                f.write_str("the whole-graph solver needs positions that fit its 128-bit key")
            }
            GraphRefusal::TooBig { positions, tt_mb } => write!(
                f,
                "the whole-graph solver stops beyond {positions} positions (what a table of {tt_mb} MiB holds; at most {RETRO_LIMIT})"
            ),
        }
    }
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refusal::Disagreement { search, graph } => write!(
                f,
                "internal disagreement: search value {search} but the whole-graph retrograde \
                 gives {}",
                crate::wdl::words(*graph)
            ),
            Refusal::Graph(why) => why.fmt(f),
            Refusal::ProofOnly => f.write_str(
                "--depth and --tablebases are for the alpha-beta search, not --method proof",
            ),
        }
    }
}

/// Solves `pos` by the search within `limits`, probing `tables` when given, then the plies
/// (not under a depth limit, whose value is a heuristic).
fn search(
    g: &FourRow,
    pos: &FourRowPos,
    limits: Limits,
    tables: Option<&FourTables>,
    on: &mut (dyn FnMut(Step) + Send),
) -> Result<Answer, Refusal> {
    let t0 = Instant::now();
    let exact_key = g.exact_key(pos).is_some();
    let mut solver = Solver::new(g, limits);
    if let Some(t) = tables {
        solver = solver.with_oracle(t);
    }
    // A root inside the tables has its plies there.
    let stored = tables.and_then(|t| t.value(pos));
    let missing = tables.map_or(Vec::new(), |t| t.gaps());
    let r = solver.solve_with_progress(pos, &mut |p: Progress| on(Step::Search(p)));
    let exact = r.exact && exact_key;
    // The count of plies runs after the search and within the same memory: the search's
    // table is freed first.
    drop(solver);
    let mut plies_stopped: Option<&'static str> = None;
    let graph = if exact && limits.depth.is_none() && stored.is_none() {
        on(Step::GraphPlies);
        match retro::solve_until(g, pos, retro_limit(limits.tt_mb), limits.deadline) {
            Ok(t) => Some(t),
            Err(retro::RetroError::OutOfTime) => {
                plies_stopped = Some("time limit");
                None
            }
            Err(_) => None,
        }
    } else {
        None
    };
    let wdl = graph.as_ref().and_then(|t| t.value(g, pos));
    if let Some(w) = wdl {
        if w.value() != r.value {
            return Err(Refusal::Disagreement {
                search: r.value,
                graph: w,
            });
        }
    }
    let mut plies = wdl
        .and_then(|w| w.plies())
        .or(stored.and_then(|v| v.plies()));
    let mut found = None;
    if plies.is_none()
        && graph.is_none()
        && stored.is_none()
        && plies_stopped.is_none()
        && exact
        && r.value != 0
    {
        // The graph is too large: the same distance and line by a depth-limited search.
        on(Step::SearchPlies);
        let bounds = retro::Bounds {
            nodes: LINE_NODES,
            memo: (limits.tt_mb << 20) / retro::MEMO_BYTES,
            deadline: limits.deadline,
        };
        match retro::line_by_search(g, pos, r.value, bounds) {
            Ok((d, line)) => {
                plies = Some(d);
                found = Some(line);
            }
            Err(retro::Stop::Time) => plies_stopped = Some("time limit"),
            Err(retro::Stop::Budget) => plies_stopped = Some("search bound"),
        }
    }
    // With plies known, the line is the distance-optimal one (the move, the line and the
    // plies of one analysis); else the search's.
    let (line, line_complete) = match (found, &graph, plies, tables) {
        (Some(line), ..) => (line, true),
        (None, Some(t), Some(_), _) => (t.line(g, pos), true),
        (None, None, Some(n), Some(t)) if stored.is_some() => {
            // The tables' line stops where a slice is missing: complete only if it reaches
            // the end the stored distance says.
            let l = t.line(pos);
            let complete = l.len() as u32 == n;
            (l, complete)
        }
        _ => (r.pv.clone(), r.pv_complete),
    };
    let best = line.first().copied().or(r.best);
    Ok(Answer {
        method: if tables.is_some() {
            Method::SearchWithTables
        } else {
            Method::Search
        },
        value: r.value,
        plies,
        exact,
        exact_key,
        search_exact: r.exact,
        best,
        line,
        line_complete,
        nodes: r.nodes,
        depth: r.depth,
        graph_positions: graph.as_ref().map(|t| t.len()),
        plies_stopped,
        missing,
        seconds: t0.elapsed().as_secs_f64(),
        proof: None,
    })
}

/// True when a position of `g` may have more moves than the search numbers: such boards are
/// solved by the whole graph alone.
pub fn needs_graph(g: &FourRow) -> bool {
    g.max_moves_bound() > mancala_solver::search::MAX_MOVES
}

/// The four-row planner (module docs): a game, the budget it may spend, the prover it
/// prefers and the tables it may probe.
pub struct Planner<'a> {
    game: &'a FourRow,
    budget: &'a Budget,
    prefer: Prefer,
    tables: Option<&'a FourTables>,
    /// The search's limits, and the whole-graph analysis's table size.
    limits: Limits,
}

impl<'a> Planner<'a> {
    /// The planner of `game` under `budget`, by the prover `prefer`, probing `tables` when
    /// given.
    pub fn new(
        game: &'a FourRow,
        budget: &'a Budget,
        prefer: Prefer,
        tables: Option<&'a FourTables>,
    ) -> Planner<'a> {
        Planner {
            game,
            budget,
            prefer,
            tables,
            limits: budget.limits(plan::TT_MB),
        }
    }

    /// The search's limits under the budget.
    pub fn limits(&self) -> Limits {
        self.limits
    }
}

impl Plan for Planner<'_> {
    type Position = FourRowPos;
    type Step = Step;
    type Answer = Answer;
    type Refusal = Refusal;

    fn budget(&self) -> &Budget {
        self.budget
    }

    /// Solves `pos` on any board by the prover the planner prefers: under [`Prefer::Auto`]
    /// the proof-number search first (not with tables or a depth bound), then the search
    /// where it numbers every move, else the whole graph (which takes neither a depth limit
    /// nor tables: refused with the reason when given).
    fn solve(
        &self,
        pos: &FourRowPos,
        on: &mut (dyn FnMut(Step) + Send),
    ) -> Result<Answer, Refusal> {
        let (g, limits, tables) = (self.game, self.limits, self.tables);
        let search_only = limits.depth.is_some() || tables.is_some();
        match self.prefer {
            Prefer::Proof if search_only => return Err(Refusal::ProofOnly),
            Prefer::Proof => {
                let bounds = plan::proof_bounds(self.budget, limits.deadline);
                return solve_by_proof(g, pos, limits, bounds, on);
            }
            Prefer::Auto if !search_only => {
                // Half the time when another prover can follow: the alpha-beta search gives
                // a move even unproven.
                let mut first = limits;
                if let (Some(d), false) = (limits.deadline, needs_graph(g)) {
                    let now = Instant::now();
                    first.deadline = Some(now + d.saturating_duration_since(now) / 2);
                }
                let bounds = plan::proof_bounds(self.budget, first.deadline);
                let a = solve_by_proof(g, pos, first, bounds, on)?;
                if a.exact || mancala_solver::stop::passed(limits.deadline) {
                    return Ok(a);
                }
            }
            _ => {}
        }
        if !needs_graph(g) && self.prefer != Prefer::Graph {
            return search(g, pos, limits, tables, on);
        }
        if search_only {
            return Err(Refusal::Graph(GraphRefusal::SearchOnly));
        }
        on(Step::Graph);
        solve_by_graph(g, pos, limits)
    }
}

/// The words of the command line that set `g` up, for a certificate.
pub fn setup_words(g: &FourRow) -> Vec<String> {
    let mut w = vec![
        "--width".to_string(),
        g.width().to_string(),
        "--seeds".to_string(),
        g.seeds().to_string(),
    ];
    for r in super::game_id(g).rules {
        w.push("--rule".into());
        w.push(r);
    }
    w
}

/// Solves `pos` by the proof-number search (the mover's win, then the opponent's; both
/// disproven: a draw) within `bounds`; a proven win or loss gets its certificate, and its
/// plies to the end as [`search`] counts them (the whole graph when it fits, else the
/// distance search), within `limits`.
fn solve_by_proof(
    g: &FourRow,
    pos: &FourRowPos,
    limits: Limits,
    bounds: proof::Bounds,
    on: &mut (dyn FnMut(Step) + Send),
) -> Result<Answer, Refusal> {
    let t0 = Instant::now();
    let memory = bounds.memory;
    let solved = proof::value(g, pos, bounds, &mut |side, p| on(Step::Proof(side, p)));
    let nodes = solved.nodes();
    let (certificate, proof_plies, proof_line) = match &solved.proof {
        Some((side, p)) => (
            Some(p.certificate(g, *side, setup_words(g))),
            Some(p.plies()),
            p.line(),
        ),
        None => (None, None, Vec::new()),
    };
    let mut proved = Proved {
        tried: solved.tried.clone(),
        certificate,
        proof_plies,
        no_win_within: None,
    };
    let Some(v) = solved.value else {
        if limits.deadline.is_some() {
            on(Step::Distance);
            proved.no_win_within = proof::no_win_within(g, pos, memory, limits.deadline);
        }
        let stopped = match solved.tried.last().map(|t| t.verdict) {
            Some(proof::Verdict::OutOfMemory) => "memory",
            _ => "time limit",
        };
        return Ok(Answer {
            nodes,
            proof: Some(proved),
            ..Answer::unproven(Method::Proof, stopped, t0)
        });
    };
    let value = v.sign();
    // The plies, as the search's answer counts them: the whole graph where it fits (its
    // value cross-checks the proof's), else the distance search.
    let mut plies_stopped = None;
    let mut graph_positions = None;
    let (mut plies, mut line) = (None, None);
    on(Step::GraphPlies);
    match retro::solve_until(g, pos, retro_limit(limits.tt_mb), limits.deadline) {
        Ok(t) => {
            let w = t.value(g, pos).expect("the root is in its graph");
            if w.value() != value {
                return Err(Refusal::Disagreement {
                    search: value,
                    graph: w,
                });
            }
            graph_positions = Some(t.len());
            plies = w.plies();
            line = Some(t.line(g, pos));
        }
        Err(retro::RetroError::OutOfTime) => plies_stopped = Some("time limit"),
        Err(_) if value != 0 => {
            on(Step::SearchPlies);
            let bounds = retro::Bounds {
                nodes: LINE_NODES,
                memo: (limits.tt_mb << 20) / retro::MEMO_BYTES,
                deadline: limits.deadline,
            };
            match retro::line_by_search(g, pos, value, bounds) {
                Ok((d, l)) => {
                    plies = Some(d);
                    line = Some(l);
                }
                Err(retro::Stop::Time) => plies_stopped = Some("time limit"),
                Err(retro::Stop::Budget) => plies_stopped = Some("search bound"),
            }
        }
        Err(_) => {}
    }
    // Without the plies, the proof's own line (complete: it ends the game).
    let line_complete = line.is_some() || value != 0;
    let line = line.unwrap_or(proof_line);
    Ok(Answer {
        method: Method::Proof,
        value,
        plies,
        exact: true,
        exact_key: true,
        search_exact: true,
        best: line.first().copied(),
        line,
        line_complete,
        nodes,
        depth: 0,
        graph_positions,
        plies_stopped,
        missing: Vec::new(),
        seconds: t0.elapsed().as_secs_f64(),
        proof: Some(proved),
    })
}

/// Solves `pos` by whole-graph retrograde analysis alone, for boards where a position can
/// have more moves than the search numbers (256); within [`retro_limit`] of `limits.tt_mb`
/// and `limits.deadline`.
fn solve_by_graph(g: &FourRow, pos: &FourRowPos, limits: Limits) -> Result<Answer, Refusal> {
    let t0 = Instant::now();
    let t = match retro::solve_until(g, pos, retro_limit(limits.tt_mb), limits.deadline) {
        Ok(t) => t,
        Err(retro::RetroError::NoExactKey) => return Err(Refusal::Graph(GraphRefusal::NoExactKey)),
        Err(retro::RetroError::TooBig(n)) => {
            return Err(Refusal::Graph(GraphRefusal::TooBig {
                positions: n,
                tt_mb: limits.tt_mb,
            }))
        }
        // Not proven in time is an answer, as the search gives it: nothing proven.
        Err(retro::RetroError::OutOfTime) => {
            return Ok(Answer::unproven(Method::Retrograde, "time limit", t0))
        }
    };
    let w = t.value(g, pos).expect("the root is in its graph");
    let line = t.line(g, pos);
    Ok(Answer {
        method: Method::Retrograde,
        value: w.value(),
        plies: w.plies(),
        exact: true,
        exact_key: true,
        search_exact: true,
        best: line.first().copied(),
        line_complete: true,
        line,
        nodes: t.len() as u64,
        depth: 0,
        graph_positions: Some(t.len()),
        plies_stopped: None,
        missing: Vec::new(),
        seconds: t0.elapsed().as_secs_f64(),
        proof: None,
    })
}
