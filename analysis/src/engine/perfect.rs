//! `perfect`: exact play from the solver, helped by endgame tablebases.

use super::game::{from_child, pick_best, Engine, EngineGame};
use mancala_solver::game::MarginGame;
use mancala_solver::rng::Rng;
use mancala_solver::search::{Limits, Oracle, Solver};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The most legal moves of a position the solver handles (it numbers moves with a byte);
/// the perfect engine plays a random move, counted unproven, in a position with more (some
/// four-row positions of nchuba and kanotta on the full board).
pub(crate) const MAX_SOLVER_MOVES: usize = 256;

/// Plays a move of the best exact value (ties broken at random). When every child of the
/// position is known to the oracle (tablebases) the values come from it; otherwise each move
/// is solved exactly by [`Solver::analyze`] (probing the oracle inside the search). Solving
/// is exact and unbounded in time: use this engine only on boards small enough to solve.
///
/// With a time limit (`perfect:time=MS`) the oracle is still tried first; otherwise the
/// position is solved by [`Solver::solve`] with a deadline of MS milliseconds. If it is
/// proven in time, its best move is played (the first best move in generation order: no
/// random tie-break, since only one move's value is proven); if not, the solver's move from
/// its last iterations is played (the best move of its table at the root, which the last
/// finished iteration wrote and the interrupted one may have refined), and the move is not
/// exact. Such games depend on the machine's speed: not reproducible.
pub(crate) struct Perfect<G: MarginGame> {
    tt_mb: usize,
    time_ms: Option<u64>,
    oracle: Option<Arc<dyn Oracle<G>>>,
    nodes: u64,
    unproven: u64,
    /// The caller's bound ([`Engine::stop_at`]): a move without a time limit gets one.
    hard: Option<Instant>,
}

impl<G: MarginGame> Perfect<G> {
    /// A perfect player with a solver table of `tt_mb` MiB and an optional oracle.
    pub(crate) fn new(tt_mb: usize, oracle: Option<Arc<dyn Oracle<G>>>) -> Self {
        Perfect {
            tt_mb,
            time_ms: None,
            oracle,
            nodes: 0,
            unproven: 0,
            hard: None,
        }
    }

    /// The same with a time limit a move (`None`: none).
    pub(crate) fn with_time(mut self, time_ms: Option<u64>) -> Self {
        self.time_ms = time_ms;
        self
    }

    /// Moves played so far that the time limit left unproven.
    #[cfg(test)]
    pub(crate) fn unproven(&self) -> u64 {
        self.unproven
    }
}

/// The exact value of every legal move of `pos` for the side to move (final seed difference,
/// seeds already won included), from the oracle alone; `None` if it misses one.
pub(crate) fn oracle_values<G: MarginGame>(
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
pub(crate) fn exact_values<G: EngineGame>(
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
        match self.time_ms {
            None => format!("perfect:tt={}", self.tt_mb),
            Some(ms) => format!("perfect:tt={}:time={ms}", self.tt_mb),
        }
    }

    fn choose(&mut self, game: &G, pos: &G::Position, rng: &mut Rng) -> G::Move {
        let moves = game.legal_moves(pos);
        self.nodes += 1;
        if moves.len() > MAX_SOLVER_MOVES {
            // Beyond the solver's move numbering (a byte): no exact value, a random move.
            self.unproven += 1;
            return moves[rng.below(moves.len())];
        }
        if let Some(values) = self
            .oracle
            .as_deref()
            .and_then(|o| oracle_values(game, o, pos))
        {
            return moves[pick_best(&values, rng)];
        }
        if !game.searchable() {
            // A position deeper in the game may pass the solver's numbering: no search.
            self.unproven += 1;
            return moves[rng.below(moves.len())];
        }
        let own = self
            .time_ms
            .map(|ms| Instant::now() + Duration::from_millis(ms));
        let Some(deadline) = own.into_iter().chain(self.hard).min() else {
            let values = exact_values(game, self.oracle.as_deref(), pos, self.tt_mb);
            return moves[pick_best(&values, rng)];
        };
        let limits = Limits {
            depth: None,
            threads: 1,
            tt_mb: self.tt_mb,
            deadline: Some(deadline),
        };
        let mut solver = Solver::new(game, limits);
        if let Some(o) = self.oracle.as_deref() {
            solver = solver.with_oracle(o);
        }
        let r = solver.solve(pos);
        self.nodes += r.nodes;
        if !r.exact {
            self.unproven += 1;
        }
        r.best.unwrap_or(moves[0])
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
    use mancala_solver::game::Game;
    use mancala_solver::tworow::{Kind, TwoRow};

    #[test]
    fn perfect_keeps_the_value_of_the_start() {
        // On a tiny board, playing the perfect engine's moves for both sides from the start
        // never changes the exact value (final margin from South's view).
        for k in Kind::ALL {
            let g = TwoRow::new(k, 3, 2, Default::default()).unwrap();
            let mut pos = g.start();
            let mut e = Perfect::new(4, None);
            let mut rng = Rng::new(9);
            let v0 = mancala_solver::search::solve(&g, &pos).value;
            let south = |g: &TwoRow, p: &mancala_solver::TwoRowPos, v: i32| {
                if g.to_move(p) == mancala_solver::Side::South {
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
                let v = mancala_solver::search::solve(&g, &pos).value;
                assert_eq!(south(&g, &pos, v), start, "{k:?}");
            }
        }
    }

    #[test]
    fn a_time_limit_plays_the_proven_best_move_or_a_legal_one() {
        // Oware 3x2 is solved well within a second: the move is a best one.
        let g = TwoRow::new(Kind::Oware, 3, 2, Default::default()).unwrap();
        let pos = g.start();
        let mut e = Perfect::new(4, None).with_time(Some(5_000));
        let m = e.choose(&g, &pos, &mut Rng::new(1));
        let values = exact_values(&g, None, &pos, 4);
        let i = g.legal_moves(&pos).iter().position(|&x| x == m).unwrap();
        assert_eq!(values[i], *values.iter().max().unwrap());
        assert_eq!(e.unproven(), 0);
        // Kalah 6x4 is not solved in 20 ms: a legal move all the same, counted unproven.
        let g = TwoRow::standard(Kind::Kalah);
        let mut e = Perfect::new(4, None).with_time(Some(20));
        let m = e.choose(&g, &g.start(), &mut Rng::new(1));
        assert!(g.is_legal(&g.start(), m));
        assert_eq!(e.unproven(), 1);
        assert_eq!(Engine::<TwoRow>::name(&e), "perfect:tt=4:time=20");
    }
}
