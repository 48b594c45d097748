//! `greedy`: the move that wins the most seeds at once.

use super::game::{from_child, pick_best, Engine, EngineGame};
use mancala_solver::rng::Rng;

/// Plays the move with the best immediate gain: the seeds this move alone wins for the mover
/// minus those it gives the opponent (the final share-out included when the move ends the
/// game); an extra move it grants is not looked into. Ties are broken at random. "Seeds won"
/// is [`EngineGame::material`]: in the four-row games the seeds held, mover minus opponent
/// (so a capture is a gain), and a move that wins the game at once beats every other.
#[derive(Clone, Debug, Default)]
pub(crate) struct Greedy {
    nodes: u64,
}

/// The mover's material after `mv` in quarter seeds (the final value when the game ends:
/// [`EngineGame::terminal`]), mover's view.
pub(crate) fn after_move<G: EngineGame>(game: &G, pos: &G::Position, mv: G::Move) -> i32 {
    let c = game.play(pos, mv);
    let v = if game.outcome(&c).is_some() {
        game.terminal(&c)
    } else {
        4 * game.material(&c)
    };
    from_child(game, pos, &c, v)
}

impl<G: EngineGame> Engine<G> for Greedy {
    fn name(&self) -> String {
        "greedy".into()
    }

    fn choose(&mut self, game: &G, pos: &G::Position, rng: &mut Rng) -> G::Move {
        let moves = game.legal_moves(pos);
        self.nodes += moves.len() as u64;
        let values: Vec<i32> = moves.iter().map(|&m| after_move(game, pos, m)).collect();
        moves[pick_best(&values, rng)]
    }

    fn nodes(&self) -> u64 {
        self.nodes
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_solver::game::Notation;
    use mancala_solver::tworow::{Kind, TwoRow};

    #[test]
    fn greedy_takes_the_biggest_capture() {
        // Oware, South to move, North's pits 1 and 2 hold 1 and 2. South's pit 6 (2 seeds)
        // makes them 2 and 3 and takes both (5 seeds); pit 4 (3 seeds) ends in North's pit 1
        // making 2 (takes 2); pit 5 (1 seed) takes nothing.
        let g = TwoRow::standard(Kind::Oware);
        let pos = g
            .parse_position("4,0,0,0,2,1/0,0,0,3,1,2 S")
            .expect("valid position");
        let mut e = Greedy::default();
        let mv = Engine::<TwoRow>::choose(&mut e, &g, &pos, &mut Rng::new(1));
        assert_eq!(g.move_name(&pos, mv), "6");
        let gains: Vec<i32> = [3u8, 4, 5]
            .iter()
            .map(|&m| after_move(&g, &pos, m))
            .collect();
        assert_eq!(gains, vec![8, 0, 20]); // quarter seeds
    }
}
