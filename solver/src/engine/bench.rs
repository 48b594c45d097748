//! `mancala bench engines`: speed of each engine on fixed positions of every playable
//! variant (two-row and four-row).

use super::{EngineGame, EngineSpec, Rng};
use crate::fourrow::FourRow;
use crate::game::Game;
use crate::variant::VARIANTS;
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
    /// Moves chosen (one per position).
    pub moves: u64,
    /// Nodes the engine counted (positions visited; for mcts, tree nodes plus playout plies).
    pub nodes: u64,
    /// Wall-clock seconds for all the moves.
    pub seconds: f64,
}

impl BenchRow {
    /// Nodes a second.
    pub fn nodes_per_second(&self) -> f64 {
        self.nodes as f64 / self.seconds.max(1e-9)
    }
    /// Mean seconds a move (for alpha-beta: the time to reach its depth).
    pub fn seconds_per_move(&self) -> f64 {
        self.seconds / self.moves.max(1) as f64
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

/// Measures `engines` on the bench positions of `g`, one thread.
fn bench_game<G: EngineGame + 'static>(
    variant: &'static str,
    g: &G,
    engines: &[&str],
    log: &mut dyn FnMut(&BenchRow),
    rows: &mut Vec<BenchRow>,
) {
    let positions = bench_positions(g);
    for name in engines {
        let spec: EngineSpec = name.parse().expect("bench engines parse");
        let mut e = spec.build::<G>(None);
        let t = Instant::now();
        for (k, pos) in positions.iter().enumerate() {
            e.choose(g, pos, &mut Rng::new(k as u64));
        }
        let row = BenchRow {
            variant,
            engine: spec.to_string(),
            moves: positions.len() as u64,
            nodes: e.nodes(),
            seconds: t.elapsed().as_secs_f64(),
        };
        log(&row);
        rows.push(row);
    }
}

/// Measures every engine of `engines` on every two-row variant's standard board, and every
/// engine of `engines_four` on every four-row one's (or only on `variant`), one thread; `log`
/// gets each row as it is done.
pub fn bench_engines(
    engines: &[&str],
    engines_four: &[&str],
    variant: Option<&str>,
    log: &mut dyn FnMut(&BenchRow),
) -> Vec<BenchRow> {
    let mut rows = Vec::new();
    for v in VARIANTS {
        if variant.is_some_and(|x| x != v.id) {
            continue;
        }
        if v.kind.is_some() {
            let g = crate::variant::build(v.id, None, None, &[]).expect("standard board");
            bench_game(v.id, &g, engines, log, &mut rows);
        } else if let Some(k) = v.four {
            bench_game(v.id, &FourRow::standard(k), engines_four, log, &mut rows);
        }
    }
    rows
}
