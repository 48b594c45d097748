//! Speed of the n-seat code on kpo for three and four players, component by component
//! (`mancala bench players`): perft, the engines' searches from the start of the full board,
//! the exact paranoid search and the whole-graph analysis of reduced boards. Node counts are
//! deterministic; times depend on the machine (BENCHMARKS.md gives figures).

use super::engine::SeatEngineSpec;
use crate::engine::Rng;
use mancala_solver::kpo_players::{KpoPlayers, Options};
use mancala_solver::nseat::maxn::Tie;
use mancala_solver::nseat::paranoid::Paranoid;
use mancala_solver::nseat::{perft, retro, with_stack, SeatGame};
use std::time::Instant;

/// One measurement.
#[derive(Clone, Debug)]
pub(crate) struct Row {
    /// What was measured.
    pub what: String,
    /// Nodes (perft leaves, search nodes, or positions of a graph).
    pub nodes: u64,
    /// Seconds it took.
    pub seconds: f64,
}

impl Row {
    /// Nodes a second.
    pub(crate) fn rate(&self) -> f64 {
        self.nodes as f64 / self.seconds.max(1e-9)
    }
}

fn timed(what: String, f: impl FnOnce() -> u64) -> Row {
    let t = Instant::now();
    let nodes = f();
    Row {
        what,
        nodes,
        seconds: t.elapsed().as_secs_f64(),
    }
}

/// The bench positions of the full board: the start and the positions after 8, 16 and 24
/// plies of a random game (seed 42), as far as that game goes.
pub(crate) fn positions(g: &KpoPlayers) -> Vec<mancala_solver::kpo_players::KpoNPos> {
    let mut rng = Rng::new(42);
    let mut p = g.start();
    let mut out = vec![p];
    for ply in 1..=24 {
        let ms = g.legal_moves(&p);
        if ms.is_empty() {
            break;
        }
        p = g.play(&p, ms[rng.below(ms.len())]);
        if ply % 8 == 0 && !g.is_over(&p) {
            out.push(p);
        }
    }
    out
}

/// Runs every measurement, calling `each` with each row as it is done.
pub(crate) fn bench_players(each: &mut dyn FnMut(&Row)) -> Vec<Row> {
    let mut rows = Vec::new();
    let mut push = |r: Row, rows: &mut Vec<Row>| {
        each(&r);
        rows.push(r);
    };
    for (players, depth) in [(3usize, 8u32), (4, 9)] {
        let g = KpoPlayers::standard(players);
        let r = timed(format!("perft {players} players 2x6 depth {depth}"), || {
            perft(&g, &g.start(), depth)
        });
        push(r, &mut rows);
    }
    // The engines' searches: one move in each bench position of the full board.
    for players in [3usize, 4] {
        let g = KpoPlayers::standard(players);
        let at = positions(&g);
        for spec in [
            "paranoid:depth=6",
            "paranoid:depth=8",
            "maxn:depth=5",
            "mcts:iters=2000",
        ] {
            let s: SeatEngineSpec = spec.parse().expect("a bench engine");
            let mut e = s.build::<KpoPlayers>();
            let r = timed(
                format!(
                    "{spec}, {players} players 2x6, a move in each of {} positions",
                    at.len()
                ),
                || {
                    for p in &at {
                        e.choose(&g, p, &mut Rng::new(1));
                    }
                    e.nodes()
                },
            );
            push(r, &mut rows);
        }
    }
    // Exact paranoid search (no horizon) of reduced boards, every player.
    for (players, width, seeds) in [(3usize, 3usize, 3u32), (4, 4, 2)] {
        let g = KpoPlayers::new(players, width, seeds, Options::default()).expect("a board");
        let r = timed(
            format!(
                "exact paranoid search, {players} players 2x{width} {seeds} seeds, every player"
            ),
            || {
                with_stack(256, || {
                    (0..players)
                        .map(|s| {
                            Paranoid::new(&g, s, 16)
                                .solve(&g.start(), None)
                                .expect("no cap")
                                .nodes
                        })
                        .sum()
                })
            },
        );
        push(r, &mut rows);
    }
    // Whole-graph analysis: paranoid values of every player and max^n under three rules.
    for (players, width, seeds) in [(3usize, 3usize, 3u32), (4, 4, 2)] {
        let g = KpoPlayers::new(players, width, seeds, Options::default()).expect("a board");
        let runs: Vec<_> = Tie::ALL
            .iter()
            .map(|&t| [t; mancala_solver::nseat::MAX_SEATS])
            .collect();
        let r = timed(
            format!("whole graph, {players} players 2x{width} {seeds} seeds (positions)"),
            || {
                retro::solve(&g, &g.start(), 10_000_000, &runs, &|_| {})
                    .expect("fits")
                    .len() as u64
            },
        );
        push(r, &mut rows);
    }
    rows
}
