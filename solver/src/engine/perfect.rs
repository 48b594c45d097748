//! `perfect`: exact play from the solver, helped by endgame tablebases.

use super::{from_child, pick_best, Engine, EngineGame, Rng};
use crate::game::MarginGame;
use crate::search::{Limits, Oracle, Solver};
use std::sync::Arc;

/// Plays a move of the best exact value (ties broken at random). When every child of the
/// position is known to the oracle (tablebases) the values come from it; otherwise each move
/// is solved exactly by [`Solver::analyze`] (probing the oracle inside the search). Solving
/// is exact and unbounded in time: use this engine only on boards small enough to solve.
pub struct Perfect<G: MarginGame> {
    tt_mb: usize,
    oracle: Option<Arc<dyn Oracle<G>>>,
    nodes: u64,
}

impl<G: MarginGame> Perfect<G> {
    /// A perfect player with a solver table of `tt_mb` MiB and an optional oracle.
    pub fn new(tt_mb: usize, oracle: Option<Arc<dyn Oracle<G>>>) -> Self {
        Perfect {
            tt_mb,
            oracle,
            nodes: 0,
        }
    }
}

/// The exact value of every legal move of `pos` for the side to move (final seed difference,
/// seeds already won included), from the oracle alone; `None` if it misses one.
pub fn oracle_values<G: MarginGame>(
    game: &G,
    oracle: &dyn Oracle<G>,
    pos: &G::Position,
) -> Option<Vec<i32>> {
    game.legal_moves(pos)
        .iter()
        .map(|&m| {
            let c = game.play(pos, m);
            let v = if game.outcome(&c).is_some() {
                game.final_margin(&c)
            } else {
                game.margin(&c) + oracle.probe(game, &c)?
            };
            Some(from_child(game, pos, &c, v))
        })
        .collect()
}

/// The exact value of every legal move of `pos` (oracle first, else the solver).
pub fn exact_values<G: EngineGame>(
    game: &G,
    oracle: Option<&dyn Oracle<G>>,
    pos: &G::Position,
    tt_mb: usize,
) -> Vec<i32> {
    if let Some(v) = oracle.and_then(|o| oracle_values(game, o, pos)) {
        return v;
    }
    let limits = Limits {
        depth: None,
        threads: 1,
        tt_mb,
        ..Limits::default()
    };
    let mut solver = Solver::new(game, limits);
    if let Some(o) = oracle {
        solver = solver.with_oracle(o);
    }
    solver.analyze(pos).iter().map(|mv| mv.value).collect()
}

impl<G: EngineGame> Engine<G> for Perfect<G> {
    fn name(&self) -> String {
        format!("perfect:tt={}", self.tt_mb)
    }

    fn choose(&mut self, game: &G, pos: &G::Position, rng: &mut Rng) -> G::Move {
        let moves = game.legal_moves(pos);
        self.nodes += 1;
        let values = exact_values(game, self.oracle.as_deref(), pos, self.tt_mb);
        moves[pick_best(&values, rng)]
    }

    fn nodes(&self) -> u64 {
        self.nodes
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::tworow::{Kind, TwoRow};

    #[test]
    fn perfect_keeps_the_value_of_the_start() {
        // On a tiny board, playing the perfect engine's moves for both sides from the start
        // never changes the exact value (final margin from South's view).
        for k in Kind::ALL {
            let g = TwoRow::new(k, 3, 2, Default::default()).unwrap();
            let mut pos = g.start();
            let mut e = Perfect::new(4, None);
            let mut rng = Rng::new(9);
            let v0 = crate::search::solve(&g, &pos).value;
            let south = |g: &TwoRow, p: &crate::TwoRowPos, v: i32| {
                if g.to_move(p) == crate::Side::South {
                    v
                } else {
                    -v
                }
            };
            let start = south(&g, &pos, v0);
            for _ in 0..200 {
                if g.outcome(&pos).is_some() {
                    break;
                }
                let m = e.choose(&g, &pos, &mut rng);
                pos = g.play(&pos, m);
                let v = crate::search::solve(&g, &pos).value;
                assert_eq!(south(&g, &pos, v), start, "{k:?}");
            }
        }
    }
}
