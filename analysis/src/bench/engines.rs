//! `mancala bench engines`: speed of each engine on fixed positions of every playable
//! variant (two-row and four-row).

use super::json::{EngineBench, Rows};
use crate::engine::{EngineGame, EngineSpec, Rng};
use mancala_solver::fourrow::FourRow;
use mancala_solver::game::Game;
use mancala_solver::variant::VARIANTS;
use std::collections::BTreeMap;
use std::time::Instant;

/// The engines measured: every kind, alpha-beta at several depths (time to depth).
pub const BENCH_ENGINES: &[&str] = &[
    "random",
    "greedy",
    "alphabeta:depth=2",
    "alphabeta:depth=4",
    "alphabeta:depth=6",
    "alphabeta:depth=8",
    "alphabeta:depth=10",
    "alphabeta:depth=12",
    "alphabeta:nodes=100000",
    "mcts:iters=1000",
    "mcts:iters=10000",
];

/// One measurement: an engine choosing a move in each bench position of a variant.
#[derive(Clone, Debug)]
pub struct BenchRow {
    /// Variant id.
    pub variant: &'static str,
    /// Engine spec.
    pub engine: String,
    /// Moves chosen (one per position, less the faults).
    pub moves: u64,
    /// Nodes the engine counted (positions visited; for mcts, tree nodes plus playout plies).
    pub nodes: u64,
    /// Wall-clock seconds for the moves chosen (the positions that ended in a fault left out).
    pub seconds: f64,
    /// The positions where the engine gave no move (an external program's fault), by kind
    /// (`start`, `time`, `illegal`, `protocol`, `crash`).
    pub faults: BTreeMap<&'static str, u64>,
    /// The first fault, as `kind: detail`.
    pub first_fault: Option<String>,
}

impl BenchRow {
    /// Nodes a second.
    pub fn nodes_per_second(&self) -> f64 {
        self.nodes as f64 / self.seconds.max(1e-9)
    }
    /// Mean seconds a move (for alpha-beta: the time to reach its depth); 0 without moves.
    pub fn seconds_per_move(&self) -> f64 {
        self.seconds / self.moves.max(1) as f64
    }
    /// The faults of every kind.
    pub fn fault_count(&self) -> u64 {
        self.faults.values().sum()
    }
}

/// The engines measured on the four-row games (shallower and fewer playouts: their moves
/// are longer to play and far more numerous, up to hundreds in nchuba).
pub const BENCH_ENGINES_FOUR: &[&str] = &[
    "random",
    "greedy",
    "alphabeta:depth=2",
    "alphabeta:depth=3",
    "alphabeta:nodes=10000",
    "mcts:iters=100",
];

/// The bench positions of `g`: the start, and the positions after 8, 16 and 24 plies of a
/// random game with seed 42 (fewer if that game ends first).
pub fn bench_positions<G: Game>(g: &G) -> Vec<G::Position> {
    let mut rng = Rng::new(42);
    let mut pos = g.start();
    let mut out = vec![pos.clone()];
    for ply in 1..=24 {
        let ms = g.legal_moves(&pos);
        if ms.is_empty() {
            break;
        }
        pos = g.play(&pos, ms[rng.below(ms.len())]);
        if ply % 8 == 0 && g.outcome(&pos).is_none() {
            out.push(pos.clone());
        }
    }
    out
}

/// What [`bench_engines`] reports as it goes.
#[derive(Clone, Copy, Debug)]
pub enum BenchEvent<'a> {
    /// Before the first move: how many moves the engines will choose in all.
    Planned(u64),
    /// An engine starts on a variant's positions.
    Start {
        /// Variant id.
        variant: &'static str,
        /// Engine spec.
        engine: &'a str,
    },
    /// One position done (a move chosen, or a fault).
    Moved,
    /// An engine is done with a variant: its row.
    Row(&'a BenchRow),
}

/// Measures `engines` on `positions` of `g`, one thread. A position where the engine gives
/// no move is a fault, not a move: the engine is made anew for the next position (an
/// external program is ended by its fault).
fn bench_game<G: EngineGame + 'static>(
    variant: &'static str,
    g: &G,
    positions: &[G::Position],
    engines: &[&str],
    on: &mut dyn FnMut(BenchEvent),
    rows: &mut Vec<BenchRow>,
) {
    for name in engines {
        let spec: EngineSpec = name.parse().expect("bench engines parse");
        let mut e = spec.build::<G>(None);
        on(BenchEvent::Start {
            variant,
            engine: name,
        });
        let (mut moves, mut nodes, mut seconds) = (0, 0, 0.0);
        let mut faults = BTreeMap::new();
        let mut first_fault = None;
        for (k, pos) in positions.iter().enumerate() {
            let t = Instant::now();
            match e.try_choose(g, pos, &mut Rng::new(k as u64)) {
                Ok(_) => {
                    seconds += t.elapsed().as_secs_f64();
                    moves += 1;
                }
                Err(f) => {
                    *faults.entry(f.kind.as_str()).or_insert(0) += 1;
                    first_fault.get_or_insert_with(|| f.to_string());
                    nodes += e.nodes();
                    e = spec.build::<G>(None);
                }
            }
            on(BenchEvent::Moved);
        }
        let row = BenchRow {
            variant,
            engine: spec.to_string(),
            moves,
            nodes: nodes + e.nodes(),
            seconds,
            faults,
            first_fault,
        };
        on(BenchEvent::Row(&row));
        rows.push(row);
    }
}

/// Measures every engine of `engines` on every two-row variant's standard board, and every
/// engine of `engines_four` on every four-row one's (or only on `variant`), one thread; `on`
/// hears of the plan, then of each move chosen and each row as it is done.
pub fn bench_engines(
    engines: &[&str],
    engines_four: &[&str],
    variant: Option<&str>,
    on: &mut dyn FnMut(BenchEvent),
) -> Vec<BenchRow> {
    // The two-row rules carry their sowing tables (large): boxed.
    enum Plan {
        Two(
            &'static str,
            Box<mancala_solver::tworow::TwoRow>,
            Vec<mancala_solver::tworow::TwoRowPos>,
        ),
        Four(
            &'static str,
            FourRow,
            Vec<mancala_solver::fourrow::FourRowPos>,
        ),
    }
    // The positions first, so that the number of moves is known before the first.
    let mut plans = Vec::new();
    for v in VARIANTS {
        if variant.is_some_and(|x| x != v.id) {
            continue;
        }
        if v.family.two_row().is_some() {
            let g = mancala_solver::variant::build(v.id, None, None, &[]).expect("standard board");
            let ps = bench_positions(&g);
            plans.push(Plan::Two(v.id, Box::new(g), ps));
        } else if let Some(k) = v.family.four_row() {
            let g = FourRow::standard(k);
            let ps = bench_positions(&g);
            plans.push(Plan::Four(v.id, g, ps));
        }
    }
    let moves: usize = plans
        .iter()
        .map(|p| match p {
            Plan::Two(_, _, ps) => ps.len() * engines.len(),
            Plan::Four(_, _, ps) => ps.len() * engines_four.len(),
        })
        .sum();
    on(BenchEvent::Planned(moves as u64));
    let mut rows = Vec::new();
    for p in &plans {
        match p {
            Plan::Two(id, g, ps) => bench_game(id, &**g, ps, engines, on, &mut rows),
            Plan::Four(id, g, ps) => bench_game(id, g, ps, engines_four, on, &mut rows),
        }
    }
    rows
}

/// Refuses a `--variant` of `bench engines` that names no variant.
pub fn check_variant(variant: Option<&str>) -> Result<(), mancala_solver::variant::SetupError> {
    if let Some(v) = variant {
        mancala_solver::variant::setup(v, mancala_solver::variant::Size::default(), &[], None)?;
    }
    Ok(())
}

/// `mancala bench engines [--variant V] [--engine SPEC...]`: the variant checked
/// ([`check_variant`]), then [`engines`], or [`engines_of`] the `specs` when some are given.
pub fn asked(
    specs: &[String],
    variant: Option<&str>,
    on: &mut dyn FnMut(BenchEvent),
) -> Result<super::json::Rows<super::json::EngineBench>, crate::error::Fail> {
    check_variant(variant)?;
    match specs.is_empty() {
        true => Ok(engines(variant, on)),
        false => Ok(engines_of(specs, variant, on)?),
    }
}

/// `mancala bench engines`: [`bench_engines`] of [`BENCH_ENGINES`] and [`BENCH_ENGINES_FOUR`]
/// (or only on `variant`), its rows as their shapes.
pub fn engines(variant: Option<&str>, on: &mut dyn FnMut(BenchEvent)) -> Rows<EngineBench> {
    let rows = bench_engines(BENCH_ENGINES, BENCH_ENGINES_FOUR, variant, on);
    Rows {
        rows: rows.iter().map(EngineBench::new).collect(),
    }
}

/// `mancala bench engines --engine SPEC...`: [`bench_engines`] of the engines `specs` (any
/// spec, external ones too) on every variant's positions (or only on `variant`), each spec
/// checked first.
pub fn engines_of(
    specs: &[String],
    variant: Option<&str>,
    on: &mut dyn FnMut(BenchEvent),
) -> Result<Rows<EngineBench>, mancala_solver::error::ConfigError> {
    for s in specs {
        s.parse::<EngineSpec>()?;
    }
    let names: Vec<&str> = specs.iter().map(|s| s.as_str()).collect();
    let rows = bench_engines(&names, &names, variant, on);
    Ok(Rows {
        rows: rows.iter().map(EngineBench::new).collect(),
    })
}

impl EngineBench {
    /// The shape of row `r`.
    pub fn new(r: &BenchRow) -> EngineBench {
        EngineBench {
            variant: r.variant.to_string(),
            engine: r.engine.to_string(),
            moves: r.moves,
            nodes: r.nodes,
            seconds: r.seconds,
            seconds_per_move: r.seconds_per_move(),
            nodes_per_second: r.nodes_per_second(),
            faults: r.fault_count(),
            faults_by_kind: r.faults.clone(),
            first_fault: r.first_fault.clone(),
        }
    }
}
