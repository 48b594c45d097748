//! `random`: a uniformly random legal move.

use super::game::Engine;
use mancala_solver::game::Game;
use mancala_solver::rng::Rng;

/// Plays a uniformly random legal move.
#[derive(Clone, Debug, Default)]
pub(crate) struct RandomEngine {
    nodes: u64,
}

impl<G: Game> Engine<G> for RandomEngine {
    fn name(&self) -> String {
        "random".into()
    }

    fn choose(&mut self, game: &G, pos: &G::Position, rng: &mut Rng) -> G::Move {
        let moves = game.legal_moves(pos);
        self.nodes += 1;
        moves[rng.below(moves.len())]
    }

    fn nodes(&self) -> u64 {
        self.nodes
    }
}
