//! The `--json` output of every command (docs/NOTATION.md): one serializable type a command,
//! built from the libraries' typed results with the game that names the moves and writes
//! the positions. The command line prints [`line`] of one of them; a later front end (the
//! browser board) serves the same shapes.
//!
//! Keys come out in sorted order ([`line`] writes through [`serde_json::Value`], whose
//! objects are sorted maps), so a shape's field order is free and the bytes stay stable.

use crate::engine::bench::BenchRow as EngineRow;
use crate::matches::Summary;
use crate::signature::Row as SignatureRow;
use mancala_solver::nseat::SeatNotation;
use mancala_solver::options::RuleSpec;
use mancala_solver::variant::VariantInfo;
use mancala_solver::wdl::Wdl;
use mancala_solver::{FourRow, Notation, TwoRow};
use mancala_tablebases::api::{FileInfo, Probe};
use serde::Serialize;
use std::collections::BTreeMap;
use std::path::Path;

/// One JSON line of `shape`, its keys sorted.
pub fn line<T: Serialize>(shape: &T) -> String {
    serde_json::to_value(shape)
        .expect("every shape is plain data")
        .to_string()
}

/// Moves (or any named things) by name, in sorted order.
pub type ByName<T> = BTreeMap<String, T>;

/// The names of the moves of `line`, played from `pos` in turn.
pub fn line_names<G: Notation>(g: &G, pos: &G::Position, line: &[G::Move]) -> Vec<String> {
    let mut p = pos.clone();
    line.iter()
        .map(|&m| {
            let n = g.move_name(&p, m);
            p = g.play(&p, m);
            n
        })
        .collect()
}

/// `start --json`: the variant and the position text.
#[derive(Serialize)]
pub struct Start {
    /// Variant id.
    pub variant: String,
    /// Position text.
    pub position: String,
    /// Players, for the games of three and four seats only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub players: Option<usize>,
}

impl Start {
    /// The start shape of `pos`.
    pub fn new<G: Notation>(g: &G, pos: &G::Position) -> Start {
        Start {
            variant: g.variant_id().to_string(),
            position: g.format_position(pos),
            players: None,
        }
    }
}

/// `moves --json`: the legal moves by name.
#[derive(Serialize)]
pub struct Moves {
    /// The variant and position.
    #[serde(flatten)]
    pub at: Start,
    /// Legal moves, in move order.
    pub moves: Vec<String>,
}

impl Moves {
    /// The legal moves of `pos`.
    pub fn new<G: Notation>(g: &G, pos: &G::Position) -> Moves {
        Moves {
            at: Start::new(g, pos),
            moves: g
                .legal_moves(pos)
                .iter()
                .map(|&m| g.move_name(pos, m))
                .collect(),
        }
    }
}

/// The board size and rule options a state names (`width`, `seeds` for the four-row games,
/// `rules` as `name=value`).
#[derive(Serialize)]
pub struct Board {
    /// Pits a side (holes a row); none on the morris board.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub width: Option<usize>,
    /// Counters a side at the start (the morris game).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub counters: Option<u32>,
    /// Seeds a hole at the start (four-row games and the seat games).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seeds: Option<u32>,
    /// Every rule option, `name=value`.
    pub rules: Vec<String>,
}

/// The board and rules of a game, for [`State`].
pub trait Describe {
    /// Width, seeds where they matter, and the rule options.
    fn board(&self) -> Board;
}

impl Describe for TwoRow {
    fn board(&self) -> Board {
        Board {
            width: Some(self.width()),
            counters: None,
            seeds: None,
            rules: self.options().describe(self.kind()),
        }
    }
}

impl Describe for FourRow {
    fn board(&self) -> Board {
        Board {
            width: Some(self.width()),
            counters: None,
            seeds: Some(self.seeds()),
            rules: self.options().describe(self.kind()),
        }
    }
}

impl Describe for mancala_solver::isolo::Isolo {
    fn board(&self) -> Board {
        Board {
            width: Some(self.width()),
            counters: None,
            seeds: Some(self.seeds()),
            rules: self.options().describe(self.kind()),
        }
    }
}

impl Describe for mancala_solver::morris::Morris {
    fn board(&self) -> Board {
        Board {
            width: None,
            counters: Some(self.counters()),
            seeds: None,
            rules: self.options().describe(),
        }
    }
}

impl Describe for mancala_solver::any::AnyRules {
    fn board(&self) -> Board {
        use mancala_solver::any::AnyRules;
        match self {
            AnyRules::Two(g) => g.board(),
            AnyRules::Four(g) => g.board(),
            AnyRules::Morris(g) => g.board(),
            AnyRules::Isolo(g) => g.board(),
        }
    }
}

/// South's and North's counts.
#[derive(Serialize)]
pub struct Pair {
    /// South's.
    #[serde(rename = "S")]
    pub south: u32,
    /// North's.
    #[serde(rename = "N")]
    pub north: u32,
}

impl Pair {
    fn of(v: [u32; 2]) -> Pair {
        Pair {
            south: v[0],
            north: v[1],
        }
    }
}

/// How a finished two-player game ended.
#[derive(Serialize)]
pub struct Ended {
    /// `S`, `N`, or null for a draw.
    pub winner: Option<String>,
    /// The final scores.
    pub score: Pair,
}

/// `show --json` and `play --json`: the game state.
#[derive(Serialize)]
pub struct State {
    /// The variant and position.
    #[serde(flatten)]
    pub at: Start,
    /// `S` or `N`.
    pub to_move: String,
    /// Seeds each side has taken.
    pub captured: Pair,
    /// True when the game is over.
    pub game_over: bool,
    /// The result, when over.
    pub result: Option<Ended>,
    /// Board size and rules.
    #[serde(flatten)]
    pub board: Board,
    /// The board as `show` draws it (`play` prints the position alone).
    #[serde(skip)]
    pub drawing: Option<String>,
}

impl State {
    /// The state of `pos`.
    pub fn new<G: Notation + Describe>(g: &G, pos: &G::Position) -> State {
        let outcome = g.outcome(pos);
        State {
            at: Start::new(g, pos),
            to_move: g.to_move(pos).letter().to_string(),
            captured: Pair::of(g.captured(pos)),
            game_over: outcome.is_some(),
            result: outcome.map(|o| Ended {
                winner: o.winner.map(|s| s.letter().to_string()),
                score: Pair::of(o.score),
            }),
            board: g.board(),
            drawing: None,
        }
    }
}

/// `perft --json`.
#[derive(Serialize)]
pub struct Perft {
    /// The variant and position (and players, for the seat games).
    #[serde(flatten)]
    pub at: Start,
    /// Plies counted.
    pub depth: u32,
    /// Move paths of that length.
    pub nodes: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// The count under each first move (`--divide`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub divide: Option<ByName<u64>>,
    /// The count under each first move in move order (the text's order).
    #[serde(skip)]
    pub listed: Vec<(String, u64)>,
}

/// One rule option in `variants --json`.
#[derive(Serialize)]
pub struct RuleJson {
    /// Its name.
    pub name: &'static str,
    /// Its values, the default first.
    pub values: &'static [&'static str],
    /// The default value.
    pub default: &'static str,
    /// What it decides.
    pub help: &'static str,
}

/// The rule options of `specs`.
pub fn rules(specs: &[RuleSpec]) -> Vec<RuleJson> {
    specs
        .iter()
        .map(|r| RuleJson {
            name: r.name,
            values: r.values,
            default: r.values[0],
            help: r.help,
        })
        .collect()
}

/// The seat counts of a variant that more than two can play, and their options.
#[derive(Serialize)]
pub struct Players {
    /// Seat counts.
    pub counts: Vec<usize>,
    /// The options of the game of three and four.
    pub rules: Vec<RuleJson>,
}

/// One variant of `variants --json`.
#[derive(Serialize)]
pub struct VariantJson {
    /// Its id.
    pub id: &'static str,
    /// The people who play it.
    pub people: &'static str,
    /// Its source.
    pub source: &'static str,
    /// Its board.
    pub board: &'static str,
    /// playable, or why not yet.
    pub status: &'static str,
    /// Its rule options.
    pub rules: Vec<RuleJson>,
    /// For kpo: the games of three and four.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub players: Option<Players>,
}

/// `variants --json`.
#[derive(Serialize)]
pub struct Variants {
    /// Every variant of the catalogue.
    pub variants: Vec<VariantJson>,
}

impl Variants {
    /// The catalogue.
    pub fn new(list: &[VariantInfo]) -> Variants {
        let variants = list
            .iter()
            .map(|v| {
                use mancala_solver::variant::Family;
                let specs = match v.family {
                    Family::TwoRow(k) => k.options(),
                    Family::FourRow(k) => k.options(),
                    Family::Morris(k) => k.options(),
                    Family::Isolo(k) => k.options(),
                    Family::None => &[],
                };
                VariantJson {
                    id: v.id,
                    people: v.people,
                    source: v.source,
                    board: v.board,
                    status: v.status.as_str(),
                    rules: rules(specs),
                    players: (v.id == "kpo").then(|| Players {
                        counts: vec![2, 3, 4],
                        rules: rules(mancala_solver::kpo_players::OPTIONS),
                    }),
                }
            })
            .collect();
        Variants { variants }
    }
}

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

/// `bench --json`: the search's signature.
#[derive(Serialize)]
pub struct Bench {
    /// Nodes of every solve: the signature.
    pub nodes: u64,
    /// Seconds of every solve.
    pub seconds: f64,
    /// Nodes a second.
    pub nodes_per_second: f64,
    /// Threads.
    pub threads: usize,
    /// Each solve.
    pub positions: Vec<SignatureRow>,
}

impl Bench {
    /// The signature's solves `rows`, run with `threads`.
    pub fn new(rows: &[SignatureRow], threads: usize) -> Bench {
        let nodes: u64 = rows.iter().map(|r| r.nodes).sum();
        let seconds: f64 = rows.iter().map(|r| r.seconds).sum();
        Bench {
            nodes,
            seconds,
            nodes_per_second: nodes as f64 / seconds.max(1e-9),
            threads,
            positions: rows.to_vec(),
        }
    }
}

/// `bench engines --json` and `bench players --json`: measured rows.
#[derive(Serialize)]
pub struct Rows<T> {
    /// One row a measurement.
    pub rows: Vec<T>,
}

/// One row of `bench engines --json`.
#[derive(Serialize)]
pub struct EngineBench {
    /// Variant id.
    pub variant: String,
    /// The engine.
    pub engine: String,
    /// Moves chosen.
    pub moves: u64,
    /// Nodes searched.
    pub nodes: u64,
    /// Seconds.
    pub seconds: f64,
    /// Seconds a move.
    pub seconds_per_move: f64,
    /// Nodes a second.
    pub nodes_per_second: f64,
}

impl EngineBench {
    /// The shape of row `r`.
    pub fn new(r: &EngineRow) -> EngineBench {
        EngineBench {
            variant: r.variant.to_string(),
            engine: r.engine.to_string(),
            moves: r.moves,
            nodes: r.nodes,
            seconds: r.seconds,
            seconds_per_move: r.seconds_per_move(),
            nodes_per_second: r.nodes_per_second(),
        }
    }
}

/// Wins, draws and losses.
#[derive(Serialize)]
pub struct Wdl3 {
    /// Wins.
    pub wins: u64,
    /// Draws.
    pub draws: u64,
    /// Losses.
    pub losses: u64,
}

/// How the games of a match ended.
#[derive(Serialize)]
pub struct Ends {
    /// By the rules.
    pub rules: u64,
    /// Stopped at a repeated position.
    pub repetition: u64,
    /// Stopped at the ply limit.
    pub ply_limit: u64,
}

impl Ends {
    /// From the counts by rules, repetition and ply limit.
    pub fn of(e: [u64; 3]) -> Ends {
        Ends {
            rules: e[0],
            repetition: e[1],
            ply_limit: e[2],
        }
    }
}

/// What a match was asked to play.
#[derive(Serialize)]
pub struct MatchSetup {
    /// Games.
    pub games: u64,
    /// The seed of the games.
    pub seed: u64,
    /// Random plies at the start of each game.
    pub opening: u32,
    /// The ply limit.
    pub max_plies: u32,
}

/// One engine move from a position (the board page's engine): the engine's spec written
/// out, its move and the position after it.
#[derive(Serialize)]
pub struct EngineMove {
    /// The variant and the position the engine moved in.
    #[serde(flatten)]
    pub at: Start,
    /// The engine's spec with every parameter written out.
    pub engine: String,
    /// The move it chose.
    #[serde(rename = "move")]
    pub chosen: String,
    /// The position after the move.
    pub after: String,
    /// Nodes the engine visited.
    pub nodes: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
}

/// `match --json` between two engines.
#[derive(Serialize)]
pub struct Match {
    /// The variant and position.
    #[serde(flatten)]
    pub at: Start,
    /// Engine A.
    pub a: String,
    /// Engine B.
    pub b: String,
    /// Seed, opening and ply limit (and the games played).
    #[serde(flatten)]
    pub setup: MatchSetup,
    /// A's wins.
    pub wins: u64,
    /// Draws.
    pub draws: u64,
    /// A's losses.
    pub losses: u64,
    /// A's score, win 1 and draw ½, over games.
    pub score: f64,
    /// Elo difference A−B (null: unbounded).
    pub elo: Option<f64>,
    /// Its 95% interval's low end.
    pub elo_lo: Option<f64>,
    /// Its 95% interval's high end.
    pub elo_hi: Option<f64>,
    /// Mean game length in plies.
    pub mean_plies: f64,
    /// The first player's results.
    pub first_player: Wdl3,
    /// How the games ended.
    pub ended: Ends,
    /// Wall-clock seconds.
    pub seconds: f64,
}

impl Match {
    /// The summary `s` of a match of `a` against `b` from `pos`.
    #[allow(clippy::too_many_arguments)]
    pub fn new<G: Notation>(
        g: &G,
        pos: &G::Position,
        a: String,
        b: String,
        s: &Summary,
        setup: MatchSetup,
        seconds: f64,
    ) -> Match {
        Match {
            at: Start::new(g, pos),
            a,
            b,
            setup: MatchSetup {
                games: s.games,
                ..setup
            },
            wins: s.wins,
            draws: s.draws,
            losses: s.losses,
            score: s.elo.score,
            elo: s.elo.diff,
            elo_lo: s.elo.lo,
            elo_hi: s.elo.hi,
            mean_plies: s.mean_plies,
            first_player: Wdl3 {
                wins: s.by_seat[0],
                draws: s.by_seat[1],
                losses: s.by_seat[2],
            },
            ended: Ends::of(s.ends),
            seconds,
        }
    }
}

/// `tablebase probe --json` of a two-row game.
#[derive(Serialize)]
pub struct TableProbe {
    /// The variant and position.
    #[serde(flatten)]
    pub at: Start,
    /// Seeds on the board.
    pub stones: u32,
    /// The value (final seed difference).
    pub value: i32,
    /// What is still to be won.
    pub future: i32,
    /// Each move's value.
    pub moves: ByName<i32>,
    /// The moves that keep the value.
    pub best_moves: Vec<String>,
}

impl TableProbe {
    /// The probe `p` of `pos`.
    pub fn new(g: &TwoRow, pos: &mancala_solver::TwoRowPos, p: &Probe) -> TableProbe {
        TableProbe {
            at: Start::new(g, pos),
            stones: pos.pits().sum_first(2 * g.width()),
            value: p.value,
            future: p.future,
            moves: p.moves.iter().cloned().collect(),
            best_moves: p
                .moves
                .iter()
                .filter(|(_, v)| *v == p.value)
                .map(|(m, _)| m.clone())
                .collect(),
        }
    }
}

/// One slice of `tablebase build --json` (two-row).
#[derive(Serialize)]
pub struct BuiltSlice {
    /// Seeds on the board.
    pub stones: u32,
    /// Positions.
    pub positions: u64,
    /// True when the file was there already and kept.
    pub skipped: bool,
    /// Seconds.
    pub seconds: f64,
    /// Position evaluations of the build.
    pub evaluations: u64,
    /// The file's name.
    pub file: Option<String>,
    /// What the ranks exchanged (`--distributed` builds of a slice not kept).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exchange: Option<Exchange>,
}

/// The bytes the ranks of a distributed build exchanged for one slice (or one unit of the
/// four-row builder), each list indexed by rank. Entries are 8 bytes a value changed, sent
/// once to every other rank; the small control messages (counts, sums) are left out.
#[derive(Serialize)]
pub struct Exchange {
    /// Exchanges: one a pass (two-row), a potential level (kalah) or a round (four-row,
    /// plus one for the positions without a move).
    pub passes: usize,
    /// Bytes each rank sent, all passes together.
    pub sent: Vec<u64>,
    /// Bytes each rank received, all passes together.
    pub received: Vec<u64>,
    /// Each pass: the bytes each rank sent.
    pub sent_by_pass: Vec<Vec<u64>>,
}

impl Exchange {
    /// The exchanges of a slice, `None` when there were none.
    pub fn of(log: &[mancala_tablebases::PassBytes]) -> Option<Exchange> {
        let ranks = log.first()?.sent.len();
        let total = |f: fn(&mancala_tablebases::PassBytes) -> &Vec<u64>| {
            (0..ranks)
                .map(|r| log.iter().map(|p| f(p)[r]).sum())
                .collect()
        };
        Some(Exchange {
            passes: log.len(),
            sent: total(|p| &p.sent),
            received: total(|p| &p.received),
            sent_by_pass: log.iter().map(|p| p.sent.clone()).collect(),
        })
    }
}

/// `tablebase build --json` (two-row).
#[derive(Serialize)]
pub struct TableBuild {
    /// Variant id.
    pub variant: String,
    /// Rule options off their defaults.
    pub rules: Vec<String>,
    /// Pits a side.
    pub width: usize,
    /// The largest slice asked for.
    pub max_stones: u32,
    /// The folder.
    pub dir: String,
    /// Threads.
    pub threads: usize,
    /// Positions of every slice.
    pub positions: u64,
    /// Seconds.
    pub seconds: f64,
    /// Each slice.
    pub slices: Vec<BuiltSlice>,
    /// The game's identity, as the text names it.
    #[serde(skip)]
    pub game: String,
    /// MPI ranks (`--distributed` builds only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ranks: Option<usize>,
}

impl TableBuild {
    /// The report `r` of a build up to `max_stones` in `dir`.
    pub fn new(
        r: &mancala_tablebases::BuildReport,
        max_stones: u32,
        dir: &Path,
        threads: usize,
    ) -> TableBuild {
        TableBuild {
            variant: r.game.variant.clone(),
            rules: r.game.rules.clone(),
            width: r.game.width,
            max_stones,
            dir: dir.display().to_string(),
            threads,
            positions: r.slices.iter().map(|s| s.positions).sum(),
            seconds: r.seconds,
            slices: r
                .slices
                .iter()
                .map(|s| BuiltSlice {
                    stones: s.stones,
                    positions: s.positions,
                    skipped: s.skipped,
                    seconds: s.seconds,
                    evaluations: s.run.evaluations,
                    file: file_name(&s.path),
                    exchange: Exchange::of(&s.exchange),
                })
                .collect(),
            game: r.game.to_string(),
            ranks: None,
        }
    }
}

/// The last part of `path`, as text.
fn file_name(path: &Path) -> Option<String> {
    path.file_name().map(|f| f.to_string_lossy().into_owned())
}

/// `tablebase stats --json` (two-row).
#[derive(Serialize)]
pub struct TableStats {
    /// Seeds on the board.
    pub stones: u32,
    /// Positions of the slice.
    pub positions: u64,
    /// Positions by value.
    pub histogram: ByName<u64>,
    /// Positions by value, in the order of the values (the text's order).
    #[serde(skip)]
    pub by_value: BTreeMap<i32, u64>,
}

impl TableStats {
    /// The statistics `s`.
    pub fn new(s: &mancala_tablebases::Stats) -> TableStats {
        TableStats {
            stones: s.stones,
            positions: s.positions,
            histogram: s
                .histogram
                .iter()
                .map(|(v, c)| (v.to_string(), *c))
                .collect(),
            by_value: s.histogram.clone(),
        }
    }
}

/// `tablebase verify --json`.
#[derive(Serialize)]
pub struct Verify {
    /// Always true (a failure is an error).
    pub ok: bool,
    /// Files verified.
    pub files: usize,
    /// Positions re-derived.
    pub positions: u64,
    /// Seconds.
    pub seconds: f64,
}

/// One file of `tablebase info --json`: its header, or why it is refused.
#[derive(Serialize)]
#[serde(untagged)]
pub enum InfoFile {
    /// A sound file.
    Sound {
        /// The file's name.
        file: Option<String>,
        /// Its size.
        bytes: u64,
        /// Variant id.
        variant: String,
        /// Rule options off their defaults.
        rules: Vec<String>,
        /// Pits a side (holes a row).
        width: usize,
        /// Seeds on the board.
        stones: u32,
        /// Positions.
        positions: u64,
        /// The values' encoding.
        encoding: String,
        /// The values' checksum.
        data_checksum: String,
    },
    /// A refused file.
    Refused {
        /// The file's name.
        file: Option<String>,
        /// Its size.
        bytes: u64,
        /// Why it is refused.
        error: Option<String>,
    },
}

/// `tablebase info --json`.
#[derive(Serialize)]
pub struct Info {
    /// The folder.
    pub dir: String,
    /// Its table files.
    pub files: Vec<InfoFile>,
}

impl Info {
    /// The files of `dir`.
    pub fn new(dir: &Path, files: &[FileInfo]) -> Info {
        let files = files
            .iter()
            .map(|f| match &f.header {
                Some(h) => InfoFile::Sound {
                    file: file_name(&f.path),
                    bytes: f.bytes,
                    variant: h.variant.clone(),
                    rules: h.rules.clone(),
                    width: h.width,
                    stones: h.stones,
                    positions: h.positions,
                    encoding: h.encoding.clone(),
                    data_checksum: h.data_checksum.clone(),
                },
                None => InfoFile::Refused {
                    file: file_name(&f.path),
                    bytes: f.bytes,
                    error: f.problem.clone(),
                },
            })
            .collect();
        Info {
            dir: dir.display().to_string(),
            files,
        }
    }
}

/// One slice of `tablebase build --json` (four-row).
#[derive(Serialize)]
pub struct FourBuiltSlice {
    /// Seeds of the mover and of the opponent.
    pub split: [u32; 2],
    /// Positions.
    pub positions: u64,
    /// True when the file was there already and kept.
    pub skipped: bool,
    /// Wins for the mover.
    pub win: u64,
    /// Draws.
    pub draw: u64,
    /// Losses.
    pub loss: u64,
    /// The longest win or loss, in plies.
    pub max_plies: u32,
    /// The file's name.
    pub file: Option<String>,
    /// What the ranks exchanged for the unit of this slice (`--distributed` builds, on the
    /// first slice of a unit not kept).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exchange: Option<Exchange>,
}

impl FourBuiltSlice {
    /// A win/draw/loss slice of either builder: its split, entries, whether it was kept,
    /// its win/draw/loss counts, longest distance and file.
    pub fn new(
        split: [u32; 2],
        positions: u64,
        skipped: bool,
        counts: [u64; 3],
        max_plies: u32,
        path: &Path,
    ) -> FourBuiltSlice {
        FourBuiltSlice {
            split,
            positions,
            skipped,
            win: counts[0],
            draw: counts[1],
            loss: counts[2],
            max_plies,
            file: file_name(path),
            exchange: None,
        }
    }
}

/// `tablebase build --json` (four-row).
#[derive(Serialize)]
pub struct FourBuild {
    /// Variant id.
    pub variant: String,
    /// Rule options off their defaults.
    pub rules: Vec<String>,
    /// Holes a row.
    pub width: usize,
    /// `wdl`.
    pub metric: &'static str,
    /// The most seeds asked for.
    pub max_stones: u32,
    /// The folder.
    pub dir: String,
    /// Threads.
    pub threads: usize,
    /// Positions of every slice.
    pub positions: u64,
    /// Seconds.
    pub seconds: f64,
    /// Each slice.
    pub slices: Vec<FourBuiltSlice>,
    /// The game's identity, as the text names it.
    #[serde(skip)]
    pub game: String,
    /// MPI ranks (`--distributed` builds only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ranks: Option<usize>,
}

impl FourBuild {
    /// The report `r` of a build of `g` up to `max_stones` in `dir`.
    pub fn new(
        g: &FourRow,
        r: &mancala_tablebases::BuildReport<mancala_tablebases::wdl::UnitReport>,
        max_stones: u32,
        dir: &Path,
        threads: usize,
    ) -> FourBuild {
        let id = mancala_tablebases::fourrow::game_id(g);
        let game = id.to_string();
        FourBuild {
            variant: id.variant,
            rules: id.rules,
            width: id.width,
            metric: "wdl",
            max_stones,
            dir: dir.display().to_string(),
            threads,
            positions: r.slices.iter().map(|s| s.positions).sum(),
            seconds: r.seconds,
            slices: r
                .slices
                .iter()
                .map(|s| FourBuiltSlice {
                    exchange: Exchange::of(&s.exchange),
                    ..FourBuiltSlice::new(
                        s.split,
                        s.positions,
                        s.skipped,
                        s.counts,
                        s.max_plies,
                        &s.path,
                    )
                })
                .collect(),
            game,
            ranks: None,
        }
    }
}

/// `tablebase build --json` (mulabalaba-morris).
#[derive(Serialize)]
pub struct MorrisBuild {
    /// Variant id.
    pub variant: String,
    /// Rule options off their defaults.
    pub rules: Vec<String>,
    /// `wdl`.
    pub metric: &'static str,
    /// The most counters a side asked for.
    pub counters: u32,
    /// The folder.
    pub dir: String,
    /// Threads.
    pub threads: usize,
    /// Entries of every slice.
    pub positions: u64,
    /// Seconds.
    pub seconds: f64,
    /// Each slice (`split`: counters of the mover and of the opponent).
    pub slices: Vec<FourBuiltSlice>,
    /// The game's identity, as the text names it.
    #[serde(skip)]
    pub game: String,
}

impl MorrisBuild {
    /// The report `r` of a build of `g` up to `counters` a side in `dir`.
    pub fn new(
        g: &mancala_solver::morris::Morris,
        r: &mancala_tablebases::BuildReport<mancala_tablebases::wdl::UnitReport>,
        counters: u32,
        dir: &Path,
        threads: usize,
    ) -> MorrisBuild {
        let id = mancala_tablebases::morris::game_id(g);
        let game = id.to_string();
        MorrisBuild {
            variant: id.variant,
            rules: id.rules,
            metric: "wdl",
            counters,
            dir: dir.display().to_string(),
            threads,
            positions: r.slices.iter().map(|s| s.positions).sum(),
            seconds: r.seconds,
            slices: r
                .slices
                .iter()
                .map(|s| {
                    FourBuiltSlice::new(
                        s.split,
                        s.positions,
                        s.skipped,
                        s.counts,
                        s.max_plies,
                        &s.path,
                    )
                })
                .collect(),
            game,
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

/// `tablebase probe --json` (four-row).
#[derive(Serialize)]
pub struct FourProbe {
    /// The variant and position.
    #[serde(flatten)]
    pub at: Start,
    /// `wdl`.
    pub metric: &'static str,
    /// The value and plies.
    #[serde(flatten)]
    pub value: WdlPlies,
    /// Each move's value (null: not in the tables).
    pub moves: ByName<Option<WdlPlies>>,
    /// The side to move, for the text.
    #[serde(skip)]
    pub to_move: String,
    /// The value, for the text.
    #[serde(skip)]
    pub wdl: Wdl,
    /// Each move's value in the probe's order (the text's order).
    #[serde(skip)]
    pub listed: Vec<(String, Option<Wdl>)>,
}

impl FourProbe {
    /// The win/draw/loss probe of `pos` (four-row or morris): its `value` and each move's.
    pub fn new<G: Notation>(
        g: &G,
        pos: &G::Position,
        value: Wdl,
        moves: &[(String, Option<Wdl>)],
    ) -> FourProbe {
        FourProbe {
            at: Start::new(g, pos),
            metric: "wdl",
            value: WdlPlies::of(value),
            moves: moves
                .iter()
                .map(|(m, v)| (m.clone(), v.map(WdlPlies::of)))
                .collect(),
            to_move: g.to_move(pos).to_string(),
            wdl: value,
            listed: moves.to_vec(),
        }
    }
}

/// One slice of `tablebase stats --json` (four-row).
#[derive(Serialize)]
pub struct FourSliceStats {
    /// Seeds of the mover and of the opponent.
    pub split: [u32; 2],
    /// Wins for the mover.
    pub win: u64,
    /// Draws.
    pub draw: u64,
    /// Losses.
    pub loss: u64,
    /// The longest win or loss, in plies.
    pub max_plies: u32,
}

/// `tablebase stats --json` (four-row).
#[derive(Serialize)]
pub struct FourStats {
    /// Seeds on the board.
    pub stones: u32,
    /// Each slice of that many seeds.
    pub slices: Vec<FourSliceStats>,
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

/// `tablebase build --json` of a game of any family with tables: its family's shape.
#[derive(Serialize)]
#[serde(untagged)]
pub enum TablebaseBuild {
    /// A two-row game.
    Two(TableBuild),
    /// A four-row removal game.
    Four(FourBuild),
    /// A morris game.
    Morris(MorrisBuild),
}

/// `tablebase probe --json` of a game of any family with tables: its family's shape.
#[derive(Serialize)]
#[serde(untagged)]
pub enum TablebaseProbe {
    /// A two-row game (final seed difference).
    Two(TableProbe),
    /// A four-row or morris game (win, draw or loss).
    Wdl(FourProbe),
}

/// `tablebase stats --json` of a game of any family with tables: its family's shape.
#[derive(Serialize)]
#[serde(untagged)]
pub enum TablebaseStats {
    /// A two-row game.
    Two(TableStats),
    /// A four-row or morris game.
    Wdl(FourStats),
}

/// The seat-keyed counts of a game of three or four (`{"S": .., "E": .., ...}`).
pub fn by_seat<G: SeatNotation + mancala_solver::nseat::SeatGame, T: Copy>(
    g: &G,
    v: &[T],
) -> ByName<T> {
    (0..g.seats()).map(|s| (g.seat_name(s), v[s])).collect()
}

/// How a finished game of three or four ended.
#[derive(Serialize)]
pub struct SeatEnded {
    /// The one leader, if there is one.
    pub winner: Option<String>,
    /// Every leader.
    pub leaders: Vec<String>,
    /// The final scores by seat.
    pub score: ByName<u32>,
}

/// `show --json` and `play --json` of a game of three or four.
#[derive(Serialize)]
pub struct SeatState {
    /// The variant, players and position.
    #[serde(flatten)]
    pub at: Start,
    /// The seat to move.
    pub to_move: String,
    /// Seeds each seat has taken.
    pub captured: ByName<u32>,
    /// True when the game is over.
    pub game_over: bool,
    /// The result, when over.
    pub result: Option<SeatEnded>,
    /// Board size and rules.
    #[serde(flatten)]
    pub board: Board,
    /// The board as `show` draws it.
    #[serde(skip)]
    pub drawing: String,
    /// The seat names in seat order, for the text's scores (the JSON's maps sort by name).
    #[serde(skip)]
    pub seats: Vec<String>,
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

/// A mean with its 95% interval, as `<key>`, `<key>_lo` and `<key>_hi` of a seat match.
#[derive(Serialize)]
pub struct SeatResult {
    /// Mean score (seeds at the end).
    pub score: f64,
    /// Its interval's low end.
    pub score_lo: f64,
    /// Its interval's high end.
    pub score_hi: f64,
    /// Share of games led.
    pub wins: f64,
    /// Its interval's low end.
    pub wins_lo: f64,
    /// Its interval's high end.
    pub wins_hi: f64,
}

impl SeatResult {
    /// From the score and win means.
    pub fn of(score: &crate::stats::Mean, wins: &crate::stats::Mean) -> SeatResult {
        SeatResult {
            score: score.mean,
            score_lo: score.lo,
            score_hi: score.hi,
            wins: wins.mean,
            wins_lo: wins.lo,
            wins_hi: wins.hi,
        }
    }
}

/// One seat of a seat match.
#[derive(Serialize)]
pub struct BySeat {
    /// The seat.
    pub seat: String,
    /// Its results.
    #[serde(flatten)]
    pub result: SeatResult,
}

/// One engine of a seat match.
#[derive(Serialize)]
pub struct ByEngine {
    /// The engine.
    pub engine: String,
    /// Its letter (A, B, ...).
    pub label: String,
    /// Its results.
    #[serde(flatten)]
    pub result: SeatResult,
}

/// `match --json` for three or four players.
#[derive(Serialize)]
pub struct SeatMatch {
    /// The variant, players and position.
    #[serde(flatten)]
    pub at: Start,
    /// The engines, in label order.
    pub engines: Vec<String>,
    /// Seed, opening and ply limit (and the games played).
    #[serde(flatten)]
    pub setup: MatchSetup,
    /// Seat orders played.
    pub seat_orders: u32,
    /// Results by seat.
    pub by_seat: Vec<BySeat>,
    /// Results by engine.
    pub by_engine: Vec<ByEngine>,
    /// Mean game length in plies.
    pub mean_plies: f64,
    /// How the games ended.
    pub ended: Ends,
    /// Wall-clock seconds.
    pub seconds: f64,
}

/// One row of `bench players --json`.
#[derive(Serialize)]
pub struct SeatBench {
    /// What was measured.
    pub what: String,
    /// Nodes.
    pub nodes: u64,
    /// Seconds.
    pub seconds: f64,
    /// Nodes a second.
    pub nodes_per_second: f64,
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_solver::any::AnyGame;
    use mancala_solver::variant::setup;

    fn two(variant: &str) -> (TwoRow, mancala_solver::TwoRowPos) {
        match setup(variant, Default::default(), &[], None).unwrap() {
            AnyGame::Two(g, p) => (*g, p),
            _ => unreachable!("a two-row variant"),
        }
    }

    #[test]
    fn keys_come_out_sorted_and_state_has_the_notation_keys() {
        let (g, pos) = two("kalah");
        let text = line(&State::new(&g, &pos));
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        let keys: Vec<&String> = v.as_object().unwrap().keys().collect();
        let mut sorted = keys.clone();
        sorted.sort();
        assert_eq!(keys, sorted);
        for k in [
            "variant",
            "position",
            "to_move",
            "captured",
            "game_over",
            "result",
            "width",
            "rules",
        ] {
            assert!(v.get(k).is_some(), "{k} missing: {text}");
        }
        // A two-row state names no seeds; the start has no result yet.
        assert!(v.get("seeds").is_none());
        assert_eq!(v["result"], serde_json::Value::Null);
        assert_eq!(v["captured"]["S"], 0);
        assert!(text.find("\"board\"").is_none(), "flattened: {text}");
    }

    #[test]
    fn optional_fields_are_left_out_not_null() {
        let (g, pos) = two("oware");
        let start = line(&Start::new(&g, &pos));
        assert!(!start.contains("players"), "{start}");
        let perft = line(&Perft {
            at: Start::new(&g, &pos),
            depth: 1,
            nodes: 6,
            seconds: 0.0,
            divide: None,
            listed: Vec::new(),
        });
        assert!(!perft.contains("divide"), "{perft}");
    }

    #[test]
    fn refused_files_carry_the_reason() {
        let f = FileInfo {
            path: "x/oware-default-w2-3.mtb".into(),
            bytes: 7,
            header: None,
            problem: Some("bad magic".into()),
        };
        let text = line(&Info::new(Path::new("x"), &[f]));
        assert_eq!(
            text,
            r#"{"dir":"x","files":[{"bytes":7,"error":"bad magic","file":"oware-default-w2-3.mtb"}]}"#
        );
    }

    #[test]
    fn histograms_are_keyed_by_value_text() {
        let s = mancala_tablebases::Stats {
            stones: 2,
            positions: 3,
            histogram: [(-2, 1), (0, 2)].into_iter().collect(),
        };
        assert_eq!(
            line(&TableStats::new(&s)),
            r#"{"histogram":{"-2":1,"0":2},"positions":3,"stones":2}"#
        );
    }
}
