//! `alphabeta`: fixed-depth negamax alpha-beta with a heuristic evaluation at the horizon.

use super::{pick_best, Engine, EngineGame, Rng};

/// Fixed-depth negamax alpha-beta (fail-hard), in quarter seeds.
///
/// A finished game is worth 4 × its final margin; a position at the horizon is worth
/// [`EngineGame::evaluate`]. A move that keeps the turn (an extra move) is searched without
/// changing the sign, and counts as a ply like any other. At the root every move that may tie
/// the best is searched with the window `(best - 1, +inf)`, so ties are known exactly and one
/// of them is drawn at random: the engine is deterministic for a given generator.
#[derive(Clone, Debug)]
pub struct AlphaBeta {
    depth: u32,
    nodes: u64,
}

const INF: i32 = i32::MAX / 2;

impl AlphaBeta {
    /// An alpha-beta engine searching `depth` plies (at least 1).
    pub fn new(depth: u32) -> AlphaBeta {
        AlphaBeta {
            depth: depth.max(1),
            nodes: 0,
        }
    }

    /// The negamax value of `pos` to `depth` plies, clamped to `[alpha, beta]`.
    pub fn search<G: EngineGame>(
        &mut self,
        game: &G,
        pos: &G::Position,
        depth: u32,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        self.nodes += 1;
        if game.outcome(pos).is_some() {
            return 4 * game.final_margin(pos);
        }
        if depth == 0 {
            return game.evaluate(pos);
        }
        let side = game.to_move(pos);
        for &m in game.legal_moves(pos).iter() {
            let c = game.play(pos, m);
            let v = if game.to_move(&c) == side {
                self.search(game, &c, depth - 1, alpha, beta)
            } else {
                -self.search(game, &c, depth - 1, -beta, -alpha)
            };
            if v >= beta {
                return beta;
            }
            alpha = alpha.max(v);
        }
        alpha
    }

    /// The value of each legal move of `pos` (exact for the best ones, an upper bound below
    /// the best for the others), in generation order.
    pub fn root_values<G: EngineGame>(&mut self, game: &G, pos: &G::Position) -> Vec<i32> {
        let side = game.to_move(pos);
        let mut best = -INF;
        let mut values = Vec::new();
        for &m in game.legal_moves(pos).iter() {
            let c = game.play(pos, m);
            let alpha = if best == -INF { -INF } else { best - 1 };
            let v = if game.to_move(&c) == side {
                self.search(game, &c, self.depth - 1, alpha, INF)
            } else {
                -self.search(game, &c, self.depth - 1, -INF, -alpha)
            };
            best = best.max(v);
            values.push(v);
        }
        values
    }
}

impl<G: EngineGame> Engine<G> for AlphaBeta {
    fn name(&self) -> String {
        format!("alphabeta:depth={}", self.depth)
    }

    fn choose(&mut self, game: &G, pos: &G::Position, rng: &mut Rng) -> G::Move {
        let moves = game.legal_moves(pos);
        let values = self.root_values(game, pos);
        moves[pick_best(&values, rng)]
    }

    fn nodes(&self) -> u64 {
        self.nodes
    }
}

/// Plain negamax without pruning: the slow reference the tests compare [`AlphaBeta`] with.
pub fn minimax<G: EngineGame>(game: &G, pos: &G::Position, depth: u32) -> i32 {
    if game.outcome(pos).is_some() {
        return 4 * game.final_margin(pos);
    }
    if depth == 0 {
        return game.evaluate(pos);
    }
    let side = game.to_move(pos);
    game.legal_moves(pos)
        .iter()
        .map(|&m| {
            let c = game.play(pos, m);
            let v = minimax(game, &c, depth - 1);
            if game.to_move(&c) == side {
                v
            } else {
                -v
            }
        })
        .max()
        .expect("a position that is not over has a move")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Rng;
    use crate::game::Game;
    use crate::tworow::{Kind, TwoRow};
    use proptest::prelude::{
        any, prop_assert, prop_assert_eq, prop_assume, proptest, ProptestConfig,
    };

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]
        /// Alpha-beta's root values agree with plain minimax on the best value, and on the
        /// exact value of every move that ties it, after random openings of every variant.
        #[test]
        fn alphabeta_agrees_with_minimax(k in 0usize..5, plies in 0usize..30, seed in any::<u64>(), depth in 1u32..4) {
            let g = TwoRow::new(Kind::ALL[k], 4, 3, Default::default()).unwrap();
            let mut rng = Rng::new(seed);
            let mut pos = g.start();
            for _ in 0..plies {
                let ms = g.legal_moves(&pos);
                if ms.is_empty() { break; }
                pos = g.play(&pos, ms[rng.below(ms.len())]);
            }
            prop_assume!(g.outcome(&pos).is_none());
            let side = g.to_move(&pos);
            let exact: Vec<i32> = g.legal_moves(&pos).iter().map(|&m| {
                let c = g.play(&pos, m);
                let v = minimax(&g, &c, depth - 1);
                if g.to_move(&c) == side { v } else { -v }
            }).collect();
            let mut ab = AlphaBeta::new(depth);
            let got = ab.root_values(&g, &pos);
            let best = *exact.iter().max().unwrap();
            prop_assert_eq!(*got.iter().max().unwrap(), best);
            prop_assert_eq!(best, minimax(&g, &pos, depth));
            for (e, v) in exact.iter().zip(&got) {
                if *e == best { prop_assert_eq!(e, v); } else { prop_assert!(*v < best); }
            }
        }
    }
}
