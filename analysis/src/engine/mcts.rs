//! `mcts`: UCT Monte-Carlo tree search (Kocsis & Szepesvári 2006) with random playouts.

use super::game::Engine;
use mancala_solver::game::{Game, MarginGame};
use mancala_solver::rng::Rng;
use mancala_solver::side::Side;
use std::time::Instant;

/// The longest random playout, in plies, of both MCTS engines; a playout cut there is scored
/// by the seeds won so far (the match rule for unfinished games, see [`crate::r#match::games`]), and
/// for more than two players the seeds left are shared.
pub(crate) const PLAYOUT_PLIES: u32 = 400;

/// Plays from `pos` the moves `step` picks (the next position, `None` at the end) until the
/// game ends or [`PLAYOUT_PLIES`] pass: the position reached and the plies played.
pub(crate) fn random_playout<P>(
    mut pos: P,
    rng: &mut Rng,
    mut step: impl FnMut(&P, &mut Rng) -> Option<P>,
) -> (P, u32) {
    let mut plies = 0;
    while plies < PLAYOUT_PLIES {
        match step(&pos, rng) {
            Some(next) => pos = next,
            None => break,
        }
        plies += 1;
    }
    (pos, plies)
}

/// The root move whose child was visited most (the first of equals; `moves[0]` when none
/// was expanded).
pub(crate) fn most_visited<M: Copy>(
    moves: &[M],
    children: &[usize],
    visits: impl Fn(usize) -> u32,
) -> M {
    let mut best = (0, moves[0]);
    for (k, &ch) in children.iter().enumerate() {
        if visits(ch) > best.0 {
            best = (visits(ch), moves[k]);
        }
    }
    best.1
}

/// UCT with `iters` iterations a move. Each iteration descends the tree by UCB1
/// (`mean + c * sqrt(ln N / n)`, means from the point of view of the side choosing), adds
/// one child (children are tried in an order shuffled once with the generator), plays a
/// random game from it, and backs up 1 for a win, ½ for a draw, 0 for a loss. The move
/// played is the most visited root child (the first of them in the shuffled order).
#[derive(Clone, Debug)]
pub(crate) struct Mcts {
    iters: u32,
    c: f64,
    nodes: u64,
    /// The caller's bound ([`Engine::stop_at`]).
    hard: Option<Instant>,
}

struct Node<G: Game> {
    pos: G::Position,
    side: Side,
    /// Untried moves first (shuffled), tried ones are `children`.
    moves: Vec<G::Move>,
    children: Vec<usize>,
    visits: u32,
    /// Sum of results for South (1 win, 0.5 draw, 0 loss).
    south: f64,
    /// The South result when the game is over here.
    over: Option<f64>,
}

impl Mcts {
    /// UCT with `iters` iterations a move (at least 1) and exploration constant `c`.
    pub(crate) fn new(iters: u32, c: f64) -> Mcts {
        Mcts {
            iters: iters.max(1),
            c,
            nodes: 0,
            hard: None,
        }
    }
}

/// The South result of a finished game (1, ½ or 0), or of an unfinished one scored by the
/// seeds won so far.
pub(crate) fn south_result<G: MarginGame>(game: &G, pos: &G::Position) -> f64 {
    let (v, side) = match game.outcome(pos) {
        Some(o) => {
            return match o.winner {
                Some(Side::South) => 1.0,
                Some(Side::North) => 0.0,
                None => 0.5,
            }
        }
        None => (game.margin(pos), game.to_move(pos)),
    };
    let south = if side == Side::South { v } else { -v };
    match south.signum() {
        1 => 1.0,
        -1 => 0.0,
        _ => 0.5,
    }
}

fn new_node<G: MarginGame>(game: &G, pos: G::Position, rng: &mut Rng) -> Node<G> {
    let mut moves: Vec<G::Move> = game.legal_moves(&pos).to_vec();
    for i in (1..moves.len()).rev() {
        moves.swap(i, rng.below(i + 1));
    }
    let over = game.outcome(&pos).map(|_| south_result(game, &pos));
    Node {
        side: game.to_move(&pos),
        pos,
        moves,
        children: Vec::new(),
        visits: 0,
        south: 0.0,
        over,
    }
}

impl<G: MarginGame> Engine<G> for Mcts {
    fn name(&self) -> String {
        format!("mcts:iters={}:c={}", self.iters, self.c)
    }

    fn choose(&mut self, game: &G, pos: &G::Position, rng: &mut Rng) -> G::Move {
        let mut tree: Vec<Node<G>> = vec![new_node(game, pos.clone(), rng)];
        let mut path = Vec::new();
        let hard = self.hard;
        let late = || hard.is_some_and(|h| Instant::now() >= h);
        for _ in 0..self.iters {
            if late() {
                break;
            }
            path.clear();
            let mut at = 0;
            path.push(at);
            // Selection and expansion.
            loop {
                let n = &tree[at];
                if n.over.is_some() {
                    break;
                }
                if n.children.len() < n.moves.len() {
                    let m = n.moves[n.children.len()];
                    let child = game.play(&n.pos, m);
                    let node = new_node(game, child, rng);
                    tree.push(node);
                    let id = tree.len() - 1;
                    tree[at].children.push(id);
                    path.push(id);
                    at = id;
                    break;
                }
                let ln = (n.visits.max(1) as f64).ln();
                let side = n.side;
                let mut best = (f64::NEG_INFINITY, 0);
                for &ch in &n.children {
                    let c = &tree[ch];
                    let mean = c.south / c.visits as f64;
                    let mean = if side == Side::South {
                        mean
                    } else {
                        1.0 - mean
                    };
                    let u = mean + self.c * (ln / c.visits as f64).sqrt();
                    if u > best.0 {
                        best = (u, ch);
                    }
                }
                at = best.1;
                path.push(at);
            }
            // Playout.
            let r = match tree[at].over {
                Some(r) => r,
                None => {
                    let (p, plies) = random_playout(tree[at].pos.clone(), rng, |p, rng| {
                        let ms = game.legal_moves(p);
                        (!ms.is_empty() && !late()).then(|| game.play(p, ms[rng.below(ms.len())]))
                    });
                    self.nodes += plies as u64;
                    if late() {
                        break; // a playout cut short is no result
                    }
                    south_result(game, &p)
                }
            };
            for &i in &path {
                tree[i].visits += 1;
                tree[i].south += r;
            }
        }
        self.nodes += tree.len() as u64;
        let root = &tree[0];
        most_visited(&root.moves, &root.children, |ch| tree[ch].visits)
    }

    fn nodes(&self) -> u64 {
        self.nodes
    }

    fn stop_at(&mut self, deadline: Instant) {
        self.hard = Some(deadline);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_solver::game::Notation;
    use mancala_solver::tworow::{Kind, TwoRow};

    #[test]
    fn mcts_finds_a_winning_capture_and_is_reproducible() {
        // The greedy test position: pit 6 takes 5 seeds and leaves North far behind.
        let g = TwoRow::standard(Kind::Oware);
        let pos = g.parse_position("4,0,0,0,2,1/0,0,0,3,1,2 S").unwrap();
        let a = Mcts::new(2000, 1.4).choose(&g, &pos, &mut Rng::new(3));
        let b = Mcts::new(2000, 1.4).choose(&g, &pos, &mut Rng::new(3));
        assert_eq!(a, b);
        assert_eq!(g.move_name(&pos, a), "6");
    }
}
