//! The `--json` shapes of `solve` and `analyze`, every family (kpo for three and four:
//! [`SeatSolve`], docs/NOTATION-KPO-PLAYERS.md). The fields they share are
//! written once and flattened into each: [`Head`] (the position, its value, whether it is
//! proven, the seconds) into every shape, [`Line`] (best move, principal variation, prover)
//! into every `solve`, [`EveryMove`] (each move's value) into every `analyze`, and
//! [`SearchRun`] where the iterative search answered; a family's shape holds only its own.

use crate::shape::{line_names, Board, ByName, Start};
use mancala_solver::nseat::SeatNotation;
use mancala_solver::proof::Tried;
use mancala_solver::wdl::Wdl;
use mancala_solver::{FourRow, Notation, Side, TwoRow};
use serde::Serialize;

/// What every `solve` and `analyze` shape opens with: the position, the metric of its
/// values, the position's value, whether it is proven, and the wall-clock seconds.
#[derive(Serialize)]
pub struct Head<V> {
    /// The variant and position.
    #[serde(flatten)]
    pub at: Start,
    /// `margin` (the final seed difference) or `wdl` (+1, 0 or −1).
    pub metric: &'static str,
    /// The position's value for the side to move (`Option`, null when not proven, in the
    /// shapes that may leave it unproven).
    pub value: V,
    /// True when the value is proven (for `analyze`, every move's value too).
    pub exact: bool,
    /// Wall-clock seconds, any table build included.
    pub seconds: f64,
    /// The side to move, named in the text.
    #[serde(skip)]
    pub to_move: Side,
}

impl<V> Head<V> {
    /// The head of an answer for `pos`: its `value` in `metric`, proven when `exact`, found
    /// in `seconds`.
    pub fn new<G: Notation>(
        g: &G,
        pos: &G::Position,
        metric: &'static str,
        value: V,
        exact: bool,
        seconds: f64,
    ) -> Head<V> {
        Head {
            at: Start::new(g, pos),
            metric,
            value,
            exact,
            seconds,
            to_move: mancala_solver::Game::to_move(g, pos),
        }
    }
}

/// What a `solve` found to play, and which prover found it.
#[derive(Serialize)]
pub struct Line {
    /// A best move (null when the game is over, or when none is proven).
    pub best_move: Option<String>,
    /// The principal variation from the position (empty when there is none to give).
    pub pv: Vec<String>,
    /// The prover that answered, in its family's words (`retrograde`, `search+tables`,
    /// `search`, `graph`, `tables`, `proof-number`).
    pub method: &'static str,
}

impl Line {
    /// The move `best` and the line `pv` from `pos`, named by `g`, found by `method`.
    pub fn new<G: Notation>(
        g: &G,
        pos: &G::Position,
        best: Option<G::Move>,
        pv: &[G::Move],
        method: &'static str,
    ) -> Line {
        Line {
            best_move: best.map(|m| g.move_name(pos, m)),
            pv: line_names(g, pos, pv),
            method,
        }
    }
}

/// What the iterative search says of its run: how deep it finished, on how many threads,
/// and whether its line reaches the end of the game.
#[derive(Serialize)]
pub struct SearchRun {
    /// Depth of the last finished iteration.
    pub depth: u32,
    /// Threads.
    pub threads: usize,
    /// False when the line stops short of the end of the game.
    pub pv_complete: bool,
}

/// Every move's value, `analyze`'s answer: by name for the JSON, in the game's order for
/// the text.
#[derive(Serialize)]
pub struct EveryMove {
    /// Each move's value for the mover (null: not proven in time).
    pub moves: ByName<Option<i32>>,
    /// The moves in the game's order, for the text (`moves` is sorted by name).
    #[serde(skip)]
    pub move_order: Vec<String>,
}

impl EveryMove {
    /// The moves of `pos` with their values, `values` in the game's order, named by `g`.
    pub fn new<G: Notation>(
        g: &G,
        pos: &G::Position,
        values: impl IntoIterator<Item = (G::Move, Option<i32>)>,
    ) -> EveryMove {
        let mut every = EveryMove {
            moves: ByName::new(),
            move_order: Vec::new(),
        };
        for (m, v) in values {
            let name = g.move_name(pos, m);
            every.moves.insert(name.clone(), v);
            every.move_order.push(name);
        }
        every
    }
}

/// The plies to the end of an `analyze` that counts them (Isolo, morris): the position's,
/// each move's, and the moves that keep the value and plies.
#[derive(Serialize)]
pub struct MovePlies {
    /// The position's plies to the end (null for a draw, or when not known).
    pub plies: Option<u32>,
    /// Each move's plies to the end, counting the move (null: a draw or not proven).
    pub move_plies: ByName<Option<u32>>,
    /// The proven moves whose value (and plies, when known) are the position's.
    pub best_moves: Vec<String>,
}

impl MovePlies {
    /// The position's `plies`, each move's (`moves`, in the game's order) and the `best`
    /// moves of `pos`, named by `g`.
    pub fn new<G: Notation>(
        g: &G,
        pos: &G::Position,
        plies: Option<u32>,
        moves: impl IntoIterator<Item = (G::Move, Option<u32>)>,
        best: impl IntoIterator<Item = G::Move>,
    ) -> MovePlies {
        MovePlies {
            plies,
            move_plies: moves
                .into_iter()
                .map(|(m, p)| (g.move_name(pos, m), p))
                .collect(),
            best_moves: best.into_iter().map(|m| g.move_name(pos, m)).collect(),
        }
    }
}

/// The two-row planner's account of its work, in `solve` and `analyze` alike.
#[derive(Serialize)]
pub struct Planned {
    /// Each phase with its seconds and work.
    pub phases: Vec<mancala_tablebases::tworow::plan::Phase>,
    /// The tables used, if any.
    pub tables: Option<mancala_tablebases::tworow::plan::TablesUsed>,
    /// Slices the tables folder lacked.
    pub missing_slices: Vec<u32>,
}

impl Planned {
    /// The account of the answer `a`.
    fn of(a: &mancala_tablebases::tworow::plan::Answer) -> Planned {
        Planned {
            phases: a.phases.clone(),
            tables: a.tables.clone(),
            missing_slices: a.missing_slices.clone(),
        }
    }
}

/// `solve --json` of a two-row game: the solve planner's answer.
#[derive(Serialize)]
pub struct Solve {
    /// The position and its value (`margin`).
    #[serde(flatten)]
    pub head: Head<i32>,
    /// The best move, the line and the prover (`retrograde`, `search+tables` or `search`).
    #[serde(flatten)]
    pub line: Line,
    /// The search's depth, threads and whether its line is whole.
    #[serde(flatten)]
    pub run: SearchRun,
    /// The planner's phases, tables and missing slices.
    #[serde(flatten)]
    pub plan: Planned,
    /// What is still to be won: the value less the seeds already taken.
    pub future: i32,
    /// Every move that keeps the value (null when no move was valued).
    pub best_moves: Option<Vec<String>>,
    /// Search nodes.
    pub nodes: u64,
    /// The memory the tables could take, in bytes.
    pub memory: u64,
    /// True when `--depth` bounded the search (the text then calls an unproven value a
    /// heuristic).
    #[serde(skip)]
    pub depth_limited: bool,
}

impl Solve {
    /// The answer `a` for `pos` under `budget`.
    pub fn new(
        g: &TwoRow,
        pos: &mancala_solver::TwoRowPos,
        a: &mancala_tablebases::tworow::plan::Answer,
        budget: &mancala_solver::Budget,
    ) -> Solve {
        let best_moves = a
            .moves
            .iter()
            .filter(|&&(_, v)| v == a.value)
            .map(|&(m, _)| g.move_name(pos, m))
            .collect();
        Solve {
            head: Head::new(g, pos, "margin", a.value, a.exact, a.seconds),
            line: Line::new(g, pos, a.best, &a.pv, a.method.as_str()),
            run: SearchRun {
                depth: a.depth,
                threads: budget.threads,
                pv_complete: a.pv_complete,
            },
            plan: Planned::of(a),
            future: a.future,
            best_moves: (!a.moves.is_empty()).then_some(best_moves),
            nodes: a.nodes,
            memory: budget
                .memory
                .unwrap_or_else(|| mancala_tablebases::plan::TWO_ROW.memory.bytes()),
            depth_limited: budget.depth.is_some(),
        }
    }
}

/// `analyze --json` of a two-row game: every move's value.
#[derive(Serialize)]
pub struct Analyze {
    /// The position and its value (`margin`), when proven.
    #[serde(flatten)]
    pub head: Head<Option<i32>>,
    /// Each move's value.
    #[serde(flatten)]
    pub every: EveryMove,
    /// The moves that keep the value.
    pub best_moves: Vec<String>,
    /// `retrograde`, `search+tables` or `search`.
    pub method: &'static str,
    /// The planner's phases, tables and missing slices.
    #[serde(flatten)]
    pub plan: Planned,
    /// The planner's value, proven or not (the text gives it for a finished game).
    #[serde(skip)]
    pub margin: i32,
}

impl Analyze {
    /// The planner's analysis of `pos`: the answer `a` and each move's value.
    pub fn new(
        g: &TwoRow,
        pos: &mancala_solver::TwoRowPos,
        a: &mancala_tablebases::tworow::plan::Answer,
        values: &[(mancala_solver::tworow::Pit, Option<i32>)],
    ) -> Analyze {
        let best = a.exact.then_some(a.value);
        let all = values.iter().all(|v| v.1.is_some());
        Analyze {
            head: Head::new(g, pos, "margin", best, all && a.exact, a.seconds),
            every: EveryMove::new(g, pos, values.iter().copied()),
            best_moves: values
                .iter()
                .filter(|v| v.1.is_some() && v.1 == best)
                .map(|v| g.move_name(pos, v.0))
                .collect(),
            method: a.method.as_str(),
            plan: Planned::of(a),
            margin: a.value,
        }
    }
}

/// The fields of four-row `solve --json` that only the search gives.
#[derive(Serialize)]
pub struct FourSearch {
    /// Its depth, threads and whether its line is whole.
    #[serde(flatten)]
    pub run: SearchRun,
    /// Slices (mover+opponent seeds) the tables folder lacked.
    pub missing_slices: Vec<[u32; 2]>,
    /// Why the plies to the end were not counted, if they were not.
    pub plies_stopped: Option<&'static str>,
}

/// One proof-number search of a side's win, as it ended.
#[derive(Serialize)]
pub struct ProofTry {
    /// `S` or `N`: whose win was tried.
    pub side: &'static str,
    /// `proven`, `disproven`, `time limit`, `memory`, or `stopped` (the other side's win
    /// was proven first).
    pub result: &'static str,
    /// Nodes expanded.
    pub nodes: u64,
    /// The root's proof and disproof numbers at the end (null: infinite).
    pub pn: Option<u64>,
    /// See `pn`.
    pub dn: Option<u64>,
    /// Positions in the table at the end.
    pub table_entries: usize,
}

impl ProofTry {
    /// The shape of the search `t` as it ended.
    fn new(t: &Tried) -> ProofTry {
        use mancala_solver::proof::{Verdict, INF};
        let finite = |x: u64| (x < INF).then_some(x);
        ProofTry {
            side: match t.side {
                mancala_solver::Side::South => "S",
                mancala_solver::Side::North => "N",
            },
            result: match t.verdict {
                Verdict::Proven => "proven",
                Verdict::Disproven => "disproven",
                Verdict::OutOfTime => "time limit",
                Verdict::OutOfMemory => "memory",
                Verdict::Paused => "stopped",
            },
            nodes: t.progress.nodes,
            pn: finite(t.progress.pn),
            dn: finite(t.progress.dn),
            table_entries: t.progress.entries,
        }
    }
}

/// The proof-number search's fields of a solve.
#[derive(Serialize)]
pub struct ProofFields {
    /// The two searches: the mover's win and the opponent's.
    pub proof_searches: Vec<ProofTry>,
    /// Nodes of the proof of a win or loss (positions of its certificate).
    pub proof_nodes: Option<usize>,
    /// The proof's longest line: the winner wins within this many plies.
    pub proof_plies: Option<u32>,
    /// The file the certificate was written to (`--proof`).
    pub certificate: Option<String>,
    /// Its checksum (`xxh3-64:` and 16 hex digits).
    pub certificate_checksum: Option<String>,
    /// Why the plies to the end were not counted, if they were not.
    pub plies_stopped: Option<&'static str>,
    /// False when the line stops short of the end.
    pub pv_complete: bool,
    /// Not proven in time: neither side can force a win within this many plies.
    pub no_win_within: Option<u32>,
}

impl ProofFields {
    /// The fields of the searches `tried`, whose proof (of a win or loss) has `proof_nodes`
    /// positions and wins within `proof_plies`; no certificate written yet.
    pub fn new(
        tried: &[Tried],
        proof_nodes: Option<usize>,
        proof_plies: Option<u32>,
        pv_complete: bool,
    ) -> ProofFields {
        ProofFields {
            proof_searches: tried.iter().map(ProofTry::new).collect(),
            proof_nodes,
            proof_plies,
            certificate: None,
            certificate_checksum: None,
            plies_stopped: None,
            pv_complete,
            no_win_within: None,
        }
    }
}

/// `solve --method proof --json` of an Isolo or morris game: the proof-number search's
/// answer.
#[derive(Serialize)]
pub struct ProofSolve {
    /// The position and its value (`wdl`; null when not proven).
    #[serde(flatten)]
    pub head: Head<Option<i32>>,
    /// A line of the proof to the end, whose first move is the best: the winner's first
    /// move (of a win) or the loser's longest-holding reply (of a loss); none for a draw or
    /// an unproven value. `proof-number`.
    #[serde(flatten)]
    pub line: Line,
    /// Nodes of both searches.
    pub nodes: u64,
    /// The proof-number search's fields.
    #[serde(flatten)]
    pub proof: ProofFields,
}

impl ProofSolve {
    /// The shape of `solved`, the proof search's answer for `pos`, in `seconds`.
    pub fn new<G: Notation>(
        g: &G,
        pos: &G::Position,
        solved: &mancala_solver::proof::Solved<G>,
        seconds: f64,
    ) -> ProofSolve {
        let proof = solved.proof.as_ref().map(|(_, p)| p);
        let line = proof.map_or(Vec::new(), |p| p.line());
        let value = solved.value.map(|v| v.sign());
        ProofSolve {
            head: Head::new(g, pos, "wdl", value, value.is_some(), seconds),
            line: Line::new(g, pos, line.first().copied(), &line, "proof-number"),
            nodes: solved.nodes(),
            proof: ProofFields::new(
                &solved.tried,
                proof.map(|p| p.nodes.len()),
                proof.map(|p| p.plies()),
                !line.is_empty(),
            ),
        }
    }
}

/// `solve --json` of a four-row game.
#[derive(Serialize)]
pub struct FourSolve {
    /// The position and its value (`wdl`).
    #[serde(flatten)]
    pub head: Head<i32>,
    /// The best move, the line and the prover (`search` or `graph`).
    #[serde(flatten)]
    pub line: Line,
    /// Plies to the end under perfect play, when counted.
    pub plies: Option<u32>,
    /// Search nodes, or positions of the graph.
    pub nodes: u64,
    /// Positions of the reachable graph, when it was built.
    pub graph_positions: Option<usize>,
    /// The search's own fields (absent when the whole graph answered).
    #[serde(flatten)]
    pub search: Option<FourSearch>,
    /// The proof-number search's fields (present when it ran).
    #[serde(flatten)]
    pub proof: Option<ProofFields>,
    /// False when the position is too large for the search's exact key (the text says why
    /// the value is not proven).
    #[serde(skip)]
    pub exact_key: bool,
    /// True when the search itself proved its value (the text then notes a line cut short).
    #[serde(skip)]
    pub search_exact: bool,
    /// True when `--depth` bounded the search (the text then calls an unproven value a
    /// heuristic).
    #[serde(skip)]
    pub depth_limited: bool,
}

impl FourSolve {
    /// The four-row planner's answer `a` for `pos`; `threads` when the search answered.
    pub fn new(
        g: &FourRow,
        pos: &mancala_solver::FourRowPos,
        a: &mancala_tablebases::fourrow::plan::Answer,
        threads: Option<usize>,
    ) -> FourSolve {
        FourSolve {
            head: Head::new(g, pos, "wdl", a.value, a.exact, a.seconds),
            line: Line::new(g, pos, a.best, &a.line, a.method.as_str()),
            plies: a.plies,
            nodes: a.nodes,
            graph_positions: a.graph_positions,
            search: threads.map(|threads| FourSearch {
                run: SearchRun {
                    depth: a.depth,
                    threads,
                    pv_complete: a.line_complete,
                },
                missing_slices: a.missing.clone(),
                plies_stopped: a.plies_stopped,
            }),
            proof: a.proof.as_ref().map(|p| ProofFields {
                plies_stopped: a.plies_stopped,
                no_win_within: p.no_win_within,
                ..ProofFields::new(
                    &p.tried,
                    p.certificate.as_ref().map(|c| c.nodes.len()),
                    p.proof_plies,
                    a.line_complete,
                )
            }),
            exact_key: a.exact_key,
            search_exact: a.search_exact,
            depth_limited: false,
        }
    }
}

/// `analyze --json` of a four-row game.
#[derive(Serialize)]
pub struct FourAnalyze {
    /// The position and its value (`wdl`), when proven; exact when every move is.
    #[serde(flatten)]
    pub head: Head<Option<i32>>,
    /// Each move's value.
    #[serde(flatten)]
    pub every: EveryMove,
}

impl FourAnalyze {
    /// Each move's value of `pos` (`values`, in the game's order) and the position's `value`
    /// when proven, found in `seconds`.
    pub fn new(
        g: &FourRow,
        pos: &mancala_solver::FourRowPos,
        values: &[(mancala_solver::FourMove, Option<i32>)],
        value: Option<i32>,
        seconds: f64,
    ) -> FourAnalyze {
        let all = values.iter().all(|v| v.1.is_some());
        FourAnalyze {
            head: Head::new(g, pos, "wdl", value, all, seconds),
            every: EveryMove::new(g, pos, values.iter().copied()),
        }
    }
}

/// The search's fields of the isolo shapes (absent when the whole graph answered).
#[derive(Serialize)]
pub struct IsoloSearch {
    /// Why the graph was given up (null with `--method search`).
    pub graph_refused: Option<String>,
    /// Every distance up to this was tried at the position.
    pub searched_plies: u32,
    /// Positions the search visited.
    pub nodes: u64,
    /// Why the search stopped short of its ply limit: `time limit`, `memory` (null: it did
    /// not).
    pub stopped: Option<&'static str>,
}

impl IsoloSearch {
    fn new(s: &mancala_tablebases::isolo::plan::Searched) -> IsoloSearch {
        IsoloSearch {
            graph_refused: s.graph_refused.as_ref().map(|e| e.to_string()),
            searched_plies: s.within,
            nodes: s.nodes,
            stopped: s.stop.map(|s| match s {
                mancala_solver::wdl::Stop::Time => "time limit",
                mancala_solver::wdl::Stop::Budget => "memory",
            }),
        }
    }
}

/// `solve --json` of isolo and isolo-ii: the whole reachable graph, or the search beneath it.
#[derive(Serialize)]
pub struct IsoloSolve {
    /// The position and its value (`wdl`; null: not proven).
    #[serde(flatten)]
    pub head: Head<Option<i32>>,
    /// The best move (null when the game is over or the value is not proven), the line of
    /// perfect play (empty for a draw) and the prover (`retrograde` or `search`).
    #[serde(flatten)]
    pub line: Line,
    /// Plies to the end under perfect play (null for a draw).
    pub plies: Option<u32>,
    /// Positions of the reachable graph (null when the search answered).
    pub graph_positions: Option<usize>,
    /// Of them: won, drawn and lost for their side to move.
    pub graph_values: Option<[usize; 3]>,
    /// The search's fields.
    #[serde(flatten)]
    pub search: Option<IsoloSearch>,
}

impl IsoloSolve {
    /// The planner's answer `a` at `pos`.
    pub fn new(
        g: &mancala_solver::isolo::Isolo,
        pos: &mancala_solver::isolo::IsoloPos,
        a: &mancala_tablebases::isolo::plan::Answer,
    ) -> IsoloSolve {
        let best = match (&a.graph, a.line.first()) {
            (_, Some(&m)) => Some(m),
            // A draw has no line: any move that keeps the draw.
            (Some(s), None) => mancala_solver::Game::legal_moves(g, pos)
                .iter()
                .copied()
                .find(|&m| s.move_value(g, pos, m) == a.value),
            (None, None) => None,
        };
        let value = a.value.map(|v| v.value());
        IsoloSolve {
            head: Head::new(g, pos, "wdl", value, value.is_some(), a.seconds),
            line: Line::new(g, pos, best, &a.line, a.method().as_str()),
            plies: a.value.and_then(|v| v.plies()),
            graph_positions: a.graph.as_ref().map(|s| s.len()),
            graph_values: a.graph.as_ref().map(|s| s.counts()),
            search: a.search.as_ref().map(IsoloSearch::new),
        }
    }
}

/// `analyze --json` of isolo and isolo-ii: every move's value by the whole reachable graph,
/// or by the search beneath it.
#[derive(Serialize)]
pub struct IsoloAnalyze {
    /// The position and its value (`wdl`; null: not proven).
    #[serde(flatten)]
    pub head: Head<Option<i32>>,
    /// Each move's value for the mover.
    #[serde(flatten)]
    pub every: EveryMove,
    /// The position's plies (null for a draw), each move's, and the moves that keep both.
    #[serde(flatten)]
    pub plied: MovePlies,
    /// Moves proven won, drawn and lost for the mover.
    pub move_values: [usize; 3],
    /// Positions of the reachable graph (null when the search answered).
    pub graph_positions: Option<usize>,
    /// `retrograde` or `search`.
    pub method: &'static str,
    /// The search's fields.
    #[serde(flatten)]
    pub search: Option<IsoloSearch>,
}

impl IsoloAnalyze {
    /// Every move of `pos` valued by the planner's answer `a` (made with every move).
    pub fn new(
        g: &mancala_solver::isolo::Isolo,
        pos: &mancala_solver::isolo::IsoloPos,
        a: &mancala_tablebases::isolo::plan::Answer,
    ) -> IsoloAnalyze {
        let exact = a.value.is_some() && a.moves.iter().all(|(_, w)| w.is_some());
        let mut move_values = [0; 3];
        for w in a.moves.iter().filter_map(|m| m.1) {
            move_values[(1 - w.value()) as usize] += 1;
        }
        IsoloAnalyze {
            head: Head::new(g, pos, "wdl", a.value.map(|v| v.value()), exact, a.seconds),
            every: EveryMove::new(
                g,
                pos,
                a.moves.iter().map(|&(m, w)| (m, w.map(|w| w.value()))),
            ),
            plied: MovePlies::new(
                g,
                pos,
                a.value.and_then(|v| v.plies()),
                a.moves.iter().map(|&(m, w)| (m, w.and_then(|w| w.plies()))),
                a.moves
                    .iter()
                    .filter(|(_, w)| w.is_some() && *w == a.value)
                    .map(|&(m, _)| m),
            ),
            move_values,
            graph_positions: a.graph.as_ref().map(|s| s.len()),
            method: a.method().as_str(),
            search: a.search.as_ref().map(IsoloSearch::new),
        }
    }
}

/// `solve --json` of mulabalaba-morris.
#[derive(Serialize)]
pub struct MorrisSolve {
    /// The position and its value (`wdl`).
    #[serde(flatten)]
    pub head: Head<i32>,
    /// The best move, the line and the prover (`tables`, `search+tables` or `search`).
    #[serde(flatten)]
    pub line: Line,
    /// The search's depth, threads and whether its line is whole.
    #[serde(flatten)]
    pub run: SearchRun,
    /// Plies to the end under perfect play, when proven (null for a draw).
    pub plies: Option<u32>,
    /// Search nodes.
    pub nodes: u64,
    /// Seconds spent building tables.
    pub build_seconds: f64,
    /// Entries of the main-game tables used.
    pub table_entries: u64,
}

impl MorrisSolve {
    /// The morris planner's answer `a` for `pos`.
    pub fn new(
        g: &mancala_solver::morris::Morris,
        pos: &mancala_solver::morris::MorrisPos,
        a: &mancala_tablebases::morris::plan::Answer,
        threads: usize,
    ) -> MorrisSolve {
        MorrisSolve {
            head: Head::new(g, pos, "wdl", a.value, a.exact, a.seconds),
            line: Line::new(g, pos, a.best, &a.pv, a.method.as_str()),
            run: SearchRun {
                depth: a.depth,
                threads,
                pv_complete: a.pv_complete,
            },
            plies: a.plies,
            nodes: a.nodes,
            build_seconds: a.build_seconds,
            table_entries: a.table_entries,
        }
    }
}

/// `analyze --json` of a morris game.
#[derive(Serialize)]
pub struct MorrisAnalyze {
    /// The position and its value (`wdl`), when proven; exact when every move is.
    #[serde(flatten)]
    pub head: Head<Option<i32>>,
    /// Each move's value.
    #[serde(flatten)]
    pub every: EveryMove,
    /// The position's plies (when its value is a proven win or loss and every move is
    /// proven), each move's, and the moves that keep the value.
    #[serde(flatten)]
    pub plied: MovePlies,
    /// Search nodes, every move together.
    pub nodes: u64,
    /// Entries of the main-game tables used.
    pub table_entries: u64,
    /// Seconds spent building tables.
    pub build_seconds: f64,
}

impl MorrisAnalyze {
    /// The morris planner's analysis `a` of `pos`.
    pub fn new(
        g: &mancala_solver::morris::Morris,
        pos: &mancala_solver::morris::MorrisPos,
        a: &mancala_tablebases::morris::plan::Analysis,
    ) -> MorrisAnalyze {
        MorrisAnalyze {
            head: Head::new(g, pos, "wdl", a.value, a.exact, a.seconds),
            every: EveryMove::new(g, pos, a.moves.iter().map(|m| (m.mv, m.value))),
            plied: MovePlies::new(
                g,
                pos,
                a.plies,
                a.moves.iter().map(|m| (m.mv, m.plies)),
                a.best().map(|m| m.mv),
            ),
            nodes: a.nodes,
            table_entries: a.table_entries,
            build_seconds: a.build_seconds,
        }
    }
}

/// A win/draw/loss value with its plies to the end.
#[derive(Serialize)]
pub struct WdlPlies {
    /// +1, 0 or −1.
    pub value: i32,
    /// Plies to the end (null for a draw).
    pub plies: Option<u32>,
}

impl WdlPlies {
    /// The shape of `v`.
    pub fn of(v: Wdl) -> WdlPlies {
        WdlPlies {
            value: v.value(),
            plies: v.plies(),
        }
    }
}

/// `solve --json` and `analyze --json` of a game of any family: its family's shape.
#[derive(Serialize)]
#[serde(untagged)]
pub enum Solved {
    /// `solve` of a two-row game.
    Two(Solve),
    /// `analyze` of a two-row game.
    TwoMoves(Analyze),
    /// `solve` of a four-row game.
    Four(FourSolve),
    /// `analyze` of a four-row game.
    FourMoves(FourAnalyze),
    /// `solve` of a morris game.
    Morris(MorrisSolve),
    /// `analyze` of a morris game.
    MorrisMoves(MorrisAnalyze),
    /// `solve` of an Isolo game.
    Isolo(IsoloSolve),
    /// `analyze` of an Isolo game.
    IsoloMoves(IsoloAnalyze),
    /// `solve --method proof` of an Isolo or morris game.
    Proof(ProofSolve),
    /// `solve` of kpo for three and four players.
    KpoPlayers(SeatSolve),
}

/// One max^n profile of `solve --json` for three or four players.
#[derive(Serialize)]
pub struct MaxnJson {
    /// Seeds each seat ends with.
    pub seeds: ByName<f64>,
    /// The same in shares (1/n seed).
    pub shares: Vec<u32>,
    /// The seats that lead.
    pub leaders: Vec<String>,
    /// Positions whose value came by the leaving rule.
    pub positions_leaving: u64,
    /// Positions of endless play.
    pub positions_endless: u64,
    /// Positions where a seat would gain by one other move.
    pub deviations: u64,
}

/// `solve --json` for three or four players: paranoid values, max^n profiles, forced wins
/// and kingmakers.
#[derive(Serialize)]
pub struct SeatSolve {
    /// The variant, players and position.
    #[serde(flatten)]
    pub at: Start,
    /// `seeds`.
    pub metric: &'static str,
    /// `1/n seed`.
    pub share_unit: String,
    /// Seeds still in play.
    pub seeds_in_play: u32,
    /// Each seat's paranoid value in seeds, when proven.
    pub paranoid: Option<ByName<f64>>,
    /// The same in shares.
    pub paranoid_shares: Option<Vec<u32>>,
    /// Positions of the whole graph, when it was built.
    pub graph_positions: Option<usize>,
    /// Nodes of each seat's paranoid search (null: not run or not finished).
    pub search_nodes: Vec<Option<u64>>,
    /// The max^n profile under each tie rule.
    pub maxn: ByName<MaxnJson>,
    /// The seats that can force a win, when known.
    pub forced_winners: Option<Vec<String>>,
    /// The kingmakers, when tested.
    pub kingmakers: Option<Vec<String>>,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// The seat to move.
    #[serde(skip)]
    pub to_move: String,
    /// Board size and rules, for the text's first line.
    #[serde(skip)]
    pub board: Board,
    /// The seat names in seat order (the JSON's maps sort by name).
    #[serde(skip)]
    pub seats: Vec<String>,
    /// The tie rules of `maxn` in the order the analysis ran them.
    #[serde(skip)]
    pub ties: Vec<String>,
}

impl SeatSolve {
    /// The analysis `a` of `pos` (which `at` names, on the board `board`), seats named by
    /// `g`.
    pub fn new<G: SeatNotation + mancala_solver::nseat::SeatGame>(
        g: &G,
        pos: &G::Position,
        at: Start,
        board: Board,
        a: &mancala_solver::nseat::analysis::Analysis,
    ) -> SeatSolve {
        use mancala_solver::nseat::analysis::winners;
        let n = g.seats();
        let seeds = |v: &[u32]| -> ByName<f64> {
            (0..n)
                .map(|i| (g.seat_name(i), v[i] as f64 / n as f64))
                .collect()
        };
        let names = |w: Vec<usize>| w.iter().map(|&s| g.seat_name(s)).collect::<Vec<_>>();
        let p = a.paranoid();
        SeatSolve {
            at,
            metric: "seeds",
            share_unit: format!("1/{n} seed"),
            seeds_in_play: a.total,
            paranoid: p.map(|p| seeds(&p)),
            paranoid_shares: p.map(|p| p[..n].to_vec()),
            graph_positions: a.graph_positions,
            search_nodes: a.paranoid_search.iter().map(|x| x.map(|y| y.1)).collect(),
            maxn: a
                .maxn
                .iter()
                .map(|r| {
                    let shape = MaxnJson {
                        seeds: seeds(&r.shares),
                        shares: r.shares[..n].to_vec(),
                        leaders: names(winners(&r.shares, n)),
                        positions_leaving: r.stats.left,
                        positions_endless: r.stats.endless,
                        deviations: r.stats.deviations,
                    };
                    (r.tie.as_str().to_string(), shape)
                })
                .collect(),
            forced_winners: a.forced_winners().map(names),
            kingmakers: a.kingmakers().map(names),
            seconds: a.seconds,
            to_move: g.seat_name(g.to_move(pos)),
            board,
            seats: (0..n).map(|i| g.seat_name(i)).collect(),
            ties: a.maxn.iter().map(|r| r.tie.as_str().to_string()).collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::line;
    use mancala_solver::any::AnyGame;
    use mancala_solver::variant::setup;
    use mancala_solver::Game;

    #[test]
    fn shared_fields_come_out_flat_and_the_text_only_ones_not_at_all() {
        let AnyGame::Four(g, pos) = setup("mulabalaba", Default::default(), &[], None).unwrap()
        else {
            unreachable!("a four-row variant")
        };
        let values: Vec<_> = g.legal_moves(&pos).iter().map(|&m| (m, None)).collect();
        let text = line(&FourAnalyze::new(&g, &pos, &values, None, 0.5));
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        let keys: Vec<&str> = v.as_object().unwrap().keys().map(|k| k.as_str()).collect();
        assert_eq!(
            keys,
            ["exact", "metric", "moves", "position", "seconds", "value", "variant"],
            "{text}"
        );
        assert_eq!(v["value"], serde_json::Value::Null);
        assert_eq!(v["seconds"], 0.5);
        assert_eq!(v["moves"].as_object().unwrap().len(), values.len());
    }
}
