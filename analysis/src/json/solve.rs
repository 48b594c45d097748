//! The `--json` shapes of `solve` and `analyze`, every family.

use super::{line_names, ByName, Start};
use mancala_solver::wdl::Wdl;
use mancala_solver::{FourRow, Notation, TwoRow};
use serde::Serialize;

/// `solve --json` of a two-row game: the solve planner's answer.
#[derive(Serialize)]
pub struct Solve {
    /// The variant and position.
    #[serde(flatten)]
    pub at: Start,
    /// `margin`: final seed difference for the side to move.
    pub metric: &'static str,
    /// The value.
    pub value: i32,
    /// What is still to be won: the value less the seeds already taken.
    pub future: i32,
    /// A best move (null when the game is over).
    pub best_move: Option<String>,
    /// Every move that keeps the value (null when no move was valued).
    pub best_moves: Option<Vec<String>>,
    /// The principal variation.
    pub pv: Vec<String>,
    /// False when the time limit cut the principal variation short.
    pub pv_complete: bool,
    /// Search nodes.
    pub nodes: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// True when proven.
    pub exact: bool,
    /// Depth of the last finished iteration.
    pub depth: u32,
    /// Threads.
    pub threads: usize,
    /// `retrograde`, `search+tables` or `search`.
    pub method: &'static str,
    /// Each phase with its seconds and work.
    pub phases: Vec<mancala_tablebases::plan::Phase>,
    /// The tables used, if any.
    pub tables: Option<mancala_tablebases::plan::TablesUsed>,
    /// Slices the tables folder lacked.
    pub missing_slices: Vec<u32>,
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
        a: &mancala_tablebases::Answer,
        budget: &mancala_tablebases::plan::Budget,
    ) -> Solve {
        let best_moves = a
            .moves
            .iter()
            .filter(|&&(_, v)| v == a.value)
            .map(|&(m, _)| g.move_name(pos, m))
            .collect();
        Solve {
            at: Start::new(g, pos),
            metric: "margin",
            value: a.value,
            future: a.future,
            best_move: a.best.map(|m| g.move_name(pos, m)),
            best_moves: (!a.moves.is_empty()).then_some(best_moves),
            pv: line_names(g, pos, &a.pv),
            pv_complete: a.pv_complete,
            nodes: a.nodes,
            seconds: a.seconds,
            exact: a.exact,
            depth: a.depth,
            threads: budget.threads,
            method: a.method.as_str(),
            phases: a.phases.clone(),
            tables: a.tables.clone(),
            missing_slices: a.missing_slices.clone(),
            memory: budget.memory,
            depth_limited: budget.depth.is_some(),
        }
    }
}

/// `analyze --json` of a two-row game: every move's value.
#[derive(Serialize)]
pub struct Analyze {
    /// The variant and position.
    #[serde(flatten)]
    pub at: Start,
    /// `margin`.
    pub metric: &'static str,
    /// The position's value, when proven.
    pub value: Option<i32>,
    /// Each move's value (null: not proven in time).
    pub moves: ByName<Option<i32>>,
    /// The moves that keep the value.
    pub best_moves: Vec<String>,
    /// True when every move and the value are proven.
    pub exact: bool,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// `retrograde`, `search+tables` or `search`.
    pub method: &'static str,
    /// Each phase with its seconds and work.
    pub phases: Vec<mancala_tablebases::plan::Phase>,
    /// The tables used, if any.
    pub tables: Option<mancala_tablebases::plan::TablesUsed>,
    /// Slices the tables folder lacked.
    pub missing_slices: Vec<u32>,
    /// The planner's value, proven or not (the text gives it for a finished game).
    #[serde(skip)]
    pub margin: i32,
    /// The moves in the game's order, for the text (`moves` is sorted by name).
    #[serde(skip)]
    pub move_order: Vec<String>,
}

impl Analyze {
    /// The planner's analysis of `pos`: the answer `a` and each move's value.
    pub fn new(
        g: &TwoRow,
        pos: &mancala_solver::TwoRowPos,
        a: &mancala_tablebases::Answer,
        values: &[(mancala_solver::tworow::Pit, Option<i32>)],
    ) -> Analyze {
        let best = a.exact.then_some(a.value);
        let all = values.iter().all(|v| v.1.is_some());
        Analyze {
            at: Start::new(g, pos),
            metric: "margin",
            value: best,
            moves: values
                .iter()
                .map(|&(m, v)| (g.move_name(pos, m), v))
                .collect(),
            best_moves: values
                .iter()
                .filter(|v| v.1.is_some() && v.1 == best)
                .map(|v| g.move_name(pos, v.0))
                .collect(),
            exact: all && a.exact,
            seconds: a.seconds,
            method: a.method.as_str(),
            phases: a.phases.clone(),
            tables: a.tables.clone(),
            missing_slices: a.missing_slices.clone(),
            margin: a.value,
            move_order: values.iter().map(|v| g.move_name(pos, v.0)).collect(),
        }
    }
}

/// The fields of four-row `solve --json` that only the search gives.
#[derive(Serialize)]
pub struct FourSearch {
    /// Slices (mover+opponent seeds) the tables folder lacked.
    pub missing_slices: Vec<[u32; 2]>,
    /// False when the line stops short of the end.
    pub pv_complete: bool,
    /// Depth of the last finished iteration.
    pub depth: u32,
    /// Threads.
    pub threads: usize,
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
    fn new(t: &mancala_solver::proof::Tried) -> ProofTry {
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
    /// The fields of the planner's account `p`.
    pub fn new(
        p: &mancala_tablebases::fourrow::plan::Proved,
        plies_stopped: Option<&'static str>,
        pv_complete: bool,
    ) -> ProofFields {
        ProofFields {
            pv_complete,
            no_win_within: p.no_win_within,
            proof_searches: p.tried.iter().map(ProofTry::new).collect(),
            proof_nodes: p.certificate.as_ref().map(|c| c.nodes.len()),
            proof_plies: p.proof_plies,
            certificate: None,
            certificate_checksum: None,
            plies_stopped,
        }
    }
}

/// `solve --method proof --json` of an Isolo or morris game: the proof-number search's
/// answer.
#[derive(Serialize)]
pub struct ProofSolve {
    /// The variant and position.
    #[serde(flatten)]
    pub at: Start,
    /// `wdl`.
    pub metric: &'static str,
    /// +1, 0 or −1 for the side to move; null when not proven.
    pub value: Option<i32>,
    /// The winner's first move of the proof (of a win), or the loser's longest-holding
    /// reply (of a loss); null for a draw or an unproven value.
    pub best_move: Option<String>,
    /// A line of the proof, to the end.
    pub pv: Vec<String>,
    /// Nodes of both searches.
    pub nodes: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// True when proven.
    pub exact: bool,
    /// `proof-number`.
    pub method: &'static str,
    /// The proof-number search's fields.
    #[serde(flatten)]
    pub proof: ProofFields,
    /// The side to move, named in the text.
    #[serde(skip)]
    pub to_move: mancala_solver::Side,
}

impl ProofSolve {
    /// The shape of `solved`, the proof search's answer for `pos`, in `seconds`.
    pub fn new<G: Notation>(
        g: &G,
        pos: &G::Position,
        solved: &mancala_solver::proof::Solved<G>,
        seconds: f64,
    ) -> ProofSolve {
        let line = solved.proof.as_ref().map_or(Vec::new(), |(_, p)| p.line());
        let pv = line_names(g, pos, &line);
        ProofSolve {
            at: Start::new(g, pos),
            metric: "wdl",
            value: solved.value.map(|v| v.sign()),
            best_move: pv.first().cloned(),
            nodes: solved.nodes(),
            seconds,
            exact: solved.value.is_some(),
            method: "proof-number",
            proof: ProofFields {
                proof_searches: solved.tried.iter().map(ProofTry::new).collect(),
                proof_nodes: solved.proof.as_ref().map(|(_, p)| p.nodes.len()),
                proof_plies: solved.proof.as_ref().map(|(_, p)| p.plies()),
                certificate: None,
                certificate_checksum: None,
                plies_stopped: None,
                pv_complete: !pv.is_empty(),
                no_win_within: None,
            },
            pv,
            to_move: mancala_solver::Game::to_move(g, pos),
        }
    }
}

/// `solve --json` of a four-row game.
#[derive(Serialize)]
pub struct FourSolve {
    /// The variant and position.
    #[serde(flatten)]
    pub at: Start,
    /// `wdl`.
    pub metric: &'static str,
    /// +1, 0 or −1 for the side to move.
    pub value: i32,
    /// Plies to the end under perfect play, when counted.
    pub plies: Option<u32>,
    /// A best move.
    pub best_move: Option<String>,
    /// The line of play.
    pub pv: Vec<String>,
    /// Search nodes, or positions of the graph.
    pub nodes: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// True when proven.
    pub exact: bool,
    /// `search` or `graph`.
    pub method: &'static str,
    /// Positions of the reachable graph, when it was built.
    pub graph_positions: Option<usize>,
    /// The search's own fields (absent when the whole graph answered).
    #[serde(flatten)]
    pub search: Option<FourSearch>,
    /// The proof-number search's fields (present when it ran).
    #[serde(flatten)]
    pub proof: Option<ProofFields>,
    /// The side to move, named in the text.
    #[serde(skip)]
    pub to_move: mancala_solver::Side,
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
    fn new(s: &mancala_solver::isolo::solve::Searched) -> IsoloSearch {
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
    /// The variant and position.
    #[serde(flatten)]
    pub at: Start,
    /// `wdl`.
    pub metric: &'static str,
    /// +1, 0 or −1 for the side to move (null: not proven).
    pub value: Option<i32>,
    /// Plies to the end under perfect play (null for a draw).
    pub plies: Option<u32>,
    /// A best move (null when the game is over or the value is not proven).
    pub best_move: Option<String>,
    /// The line of perfect play (empty for a draw).
    pub pv: Vec<String>,
    /// Positions of the reachable graph (null when the search answered).
    pub graph_positions: Option<usize>,
    /// Of them: won, drawn and lost for their side to move.
    pub graph_values: Option<[usize; 3]>,
    /// `retrograde` or `search`.
    pub method: &'static str,
    /// True when the value is proven.
    pub exact: bool,
    /// The search's fields.
    #[serde(flatten)]
    pub search: Option<IsoloSearch>,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// The side to move, named in the text.
    #[serde(skip)]
    pub to_move: mancala_solver::Side,
}

impl IsoloSolve {
    /// The planner's answer `a` at `pos`.
    pub fn new(
        g: &mancala_solver::isolo::Isolo,
        pos: &mancala_solver::isolo::IsoloPos,
        a: &mancala_solver::isolo::solve::Answer,
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
        IsoloSolve {
            at: Start::new(g, pos),
            metric: "wdl",
            value: a.value.map(|v| v.value()),
            plies: a.value.and_then(|v| v.plies()),
            best_move: best.map(|m| g.move_name(pos, m)),
            pv: line_names(g, pos, &a.line),
            graph_positions: a.graph.as_ref().map(|s| s.len()),
            graph_values: a.graph.as_ref().map(|s| s.counts()),
            method: a.method().name(),
            exact: a.value.is_some(),
            search: a.search.as_ref().map(IsoloSearch::new),
            seconds: a.seconds,
            to_move: mancala_solver::Game::to_move(g, pos),
        }
    }
}

/// `analyze --json` of isolo and isolo-ii: every move's value by the whole reachable graph,
/// or by the search beneath it.
#[derive(Serialize)]
pub struct IsoloAnalyze {
    /// The variant and position.
    #[serde(flatten)]
    pub at: Start,
    /// `wdl`.
    pub metric: &'static str,
    /// The position's value (null: not proven).
    pub value: Option<i32>,
    /// The position's plies to the end (null for a draw).
    pub plies: Option<u32>,
    /// Each move's value for the mover (null: not proven).
    pub moves: ByName<Option<i32>>,
    /// Each move's plies to the end, counting the move (null: a draw or not proven).
    pub move_plies: ByName<Option<u32>>,
    /// The moves whose value and plies are the position's.
    pub best_moves: Vec<String>,
    /// Moves proven won, drawn and lost for the mover.
    pub move_values: [usize; 3],
    /// Positions of the reachable graph (null when the search answered).
    pub graph_positions: Option<usize>,
    /// True when the position's value and every move's are proven.
    pub exact: bool,
    /// `retrograde` or `search`.
    pub method: &'static str,
    /// The search's fields.
    #[serde(flatten)]
    pub search: Option<IsoloSearch>,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// The legal moves in the game's order, for the text (`moves` is sorted by name).
    #[serde(skip)]
    pub move_order: Vec<String>,
}

impl IsoloAnalyze {
    /// Every move of `pos` valued by the planner's answer `a` (made with every move).
    pub fn new(
        g: &mancala_solver::isolo::Isolo,
        pos: &mancala_solver::isolo::IsoloPos,
        a: &mancala_solver::isolo::solve::Answer,
    ) -> IsoloAnalyze {
        let mut out = IsoloAnalyze {
            at: Start::new(g, pos),
            metric: "wdl",
            value: a.value.map(|v| v.value()),
            plies: a.value.and_then(|v| v.plies()),
            moves: ByName::new(),
            move_plies: ByName::new(),
            best_moves: Vec::new(),
            move_values: [0; 3],
            graph_positions: a.graph.as_ref().map(|s| s.len()),
            exact: a.value.is_some() && a.moves.iter().all(|(_, w)| w.is_some()),
            method: a.method().name(),
            search: a.search.as_ref().map(IsoloSearch::new),
            seconds: a.seconds,
            move_order: mancala_solver::Game::legal_moves(g, pos)
                .iter()
                .map(|&m| g.move_name(pos, m))
                .collect(),
        };
        for &(m, w) in &a.moves {
            let name = g.move_name(pos, m);
            out.moves.insert(name.clone(), w.map(|w| w.value()));
            out.move_plies
                .insert(name.clone(), w.and_then(|w| w.plies()));
            if let Some(w) = w {
                out.move_values[(1 - w.value()) as usize] += 1;
                if Some(w) == a.value {
                    out.best_moves.push(name);
                }
            }
        }
        out
    }
}

/// `solve --json` of mulabalaba-morris.
#[derive(Serialize)]
pub struct MorrisSolve {
    /// The variant and position.
    #[serde(flatten)]
    pub at: Start,
    /// `wdl`.
    pub metric: &'static str,
    /// +1, 0 or −1 for the side to move.
    pub value: i32,
    /// Plies to the end under perfect play, when proven (null for a draw).
    pub plies: Option<u32>,
    /// A best move.
    pub best_move: Option<String>,
    /// The line of play.
    pub pv: Vec<String>,
    /// True when the line reaches the end of the game.
    pub pv_complete: bool,
    /// Search nodes.
    pub nodes: u64,
    /// The search's last depth.
    pub depth: u32,
    /// Threads.
    pub threads: usize,
    /// Wall-clock seconds, the table build included.
    pub seconds: f64,
    /// Seconds spent building tables.
    pub build_seconds: f64,
    /// Entries of the main-game tables used.
    pub table_entries: u64,
    /// True when proven.
    pub exact: bool,
    /// `tables`, `search+tables` or `search`.
    pub method: &'static str,
    /// The side to move, named in the text.
    #[serde(skip)]
    pub to_move: mancala_solver::Side,
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
            at: Start::new(g, pos),
            metric: "wdl",
            value: a.value,
            plies: a.plies,
            best_move: a.best.map(|m| g.move_name(pos, m)),
            pv: line_names(g, pos, &a.pv),
            pv_complete: a.pv_complete,
            nodes: a.nodes,
            depth: a.depth,
            threads,
            seconds: a.seconds,
            build_seconds: a.build_seconds,
            table_entries: a.table_entries,
            exact: a.exact,
            method: a.method.name(),
            to_move: mancala_solver::Game::to_move(g, pos),
        }
    }
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
            at: Start::new(g, pos),
            metric: "wdl",
            value: a.value,
            plies: a.plies,
            best_move: a.best.map(|m| g.move_name(pos, m)),
            pv: line_names(g, pos, &a.line),
            nodes: a.nodes,
            seconds: a.seconds,
            exact: a.exact,
            method: a.method.as_str(),
            graph_positions: a.graph_positions,
            search: threads.map(|threads| FourSearch {
                missing_slices: a.missing.clone(),
                pv_complete: a.line_complete,
                depth: a.depth,
                threads,
                plies_stopped: a.plies_stopped,
            }),
            proof: a
                .proof
                .as_ref()
                .map(|p| ProofFields::new(p, a.plies_stopped, a.line_complete)),
            to_move: mancala_solver::Game::to_move(g, pos),
            exact_key: a.exact_key,
            search_exact: a.search_exact,
            depth_limited: false,
        }
    }
}

/// `analyze --json` of a four-row game.
#[derive(Serialize)]
pub struct FourAnalyze {
    /// The variant and position.
    #[serde(flatten)]
    pub at: Start,
    /// `wdl`.
    pub metric: &'static str,
    /// The position's value, when proven.
    pub value: Option<i32>,
    /// Each move's value (null: not proven in time).
    pub moves: ByName<Option<i32>>,
    /// True when every move is proven.
    pub exact: bool,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// The moves in the game's order, for the text (`moves` is sorted by name).
    #[serde(skip)]
    pub move_order: Vec<String>,
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
        let named: Vec<(String, Option<i32>)> = values
            .iter()
            .map(|v| (g.move_name(pos, v.0), v.1))
            .collect();
        FourAnalyze {
            at: Start::new(g, pos),
            metric: "wdl",
            value,
            moves: named.iter().cloned().collect(),
            exact: values.iter().all(|v| v.1.is_some()),
            seconds,
            move_order: named.into_iter().map(|(n, _)| n).collect(),
        }
    }
}

/// `analyze --json` of a morris game.
#[derive(Serialize)]
pub struct MorrisAnalyze {
    /// The variant and position.
    #[serde(flatten)]
    pub at: Start,
    /// `wdl`.
    pub metric: &'static str,
    /// The position's value, when proven.
    pub value: Option<i32>,
    /// The position's plies to the end, when its value is a proven win or loss and every
    /// move is proven.
    pub plies: Option<u32>,
    /// Each move's value (null: not proven in time).
    pub moves: ByName<Option<i32>>,
    /// Each move's plies to the end, counting the move (null: a draw or not proven).
    pub move_plies: ByName<Option<u32>>,
    /// The proven moves whose value (and plies, when known) are the position's.
    pub best_moves: Vec<String>,
    /// True when every move is proven.
    pub exact: bool,
    /// Search nodes, every move together.
    pub nodes: u64,
    /// Entries of the main-game tables used.
    pub table_entries: u64,
    /// Seconds spent building tables.
    pub build_seconds: f64,
    /// Wall-clock seconds, the table build included.
    pub seconds: f64,
    /// The moves in the game's order, for the text (`moves` is sorted by name).
    #[serde(skip)]
    pub move_order: Vec<String>,
}

impl MorrisAnalyze {
    /// The morris planner's analysis `a` of `pos`.
    pub fn new(
        g: &mancala_solver::morris::Morris,
        pos: &mancala_solver::morris::MorrisPos,
        a: &mancala_tablebases::morris::plan::Analysis,
    ) -> MorrisAnalyze {
        let name = |m| g.move_name(pos, m);
        MorrisAnalyze {
            at: Start::new(g, pos),
            metric: "wdl",
            value: a.value,
            plies: a.plies,
            moves: a.moves.iter().map(|m| (name(m.mv), m.value)).collect(),
            move_plies: a.moves.iter().map(|m| (name(m.mv), m.plies)).collect(),
            best_moves: a.best().map(|m| name(m.mv)).collect(),
            exact: a.exact,
            nodes: a.nodes,
            table_entries: a.table_entries,
            build_seconds: a.build_seconds,
            seconds: a.seconds,
            move_order: a.moves.iter().map(|m| name(m.mv)).collect(),
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
}
