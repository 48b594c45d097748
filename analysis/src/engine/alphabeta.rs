//! `alphabeta`: negamax alpha-beta with a heuristic evaluation at the horizon, by iterative
//! deepening to a fixed depth, a node budget or a time limit.

use super::game::{pick_best, Engine, EngineGame};
pub use super::game::{MATE_RANGE, WIN};
use mancala_solver::rng::Rng;
use std::time::{Duration, Instant};

/// When an [`AlphaBeta`] engine stops deepening.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// Search exactly this many plies (deterministic).
    Depth(u32),
    /// Deepen while the next iteration finishes within this many nodes for the move
    /// (counted from the start of the move; deterministic).
    Nodes(u64),
    /// Deepen until this many milliseconds have passed (not reproducible: it depends on the
    /// machine's speed and load).
    Time(u64),
}

/// The deepest iteration of the `nodes` and `time` modes.
pub const MAX_DEPTH: u32 = 64;

const INF: i32 = i32::MAX / 2;
/// The most entries in the transposition table: 2^16 entries of 32 bytes, 2 MiB. The table
/// starts at 2^8 entries and grows (to the next power of two above the nodes of the last
/// iteration) before each iteration, so that shallow searches do not pay for a large one.
const TT_MAX_BITS: u32 = 16;
const TT_MIN_BITS: u32 = 8;

#[derive(Clone, Copy, Debug)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Clone, Copy, Debug)]
struct Entry {
    key: u128,
    /// The value, relative to the position: minus 4 × its margin, mate scores counted from
    /// the position instead of the root.
    value: i32,
    /// Plies searched below the position.
    depth: u8,
    bound: Bound,
    /// The index (generation order) of the best move found, `u8::MAX` if none.
    best: u8,
    /// The horizon was reached somewhere below.
    horizon: bool,
}

/// Negamax alpha-beta (fail-hard), in quarter seeds, by iterative deepening.
///
/// A finished game is worth [`EngineGame::terminal`] (4 × its final margin; ± [`WIN`] less
/// the plies to the end in the four-row games); a position at the horizon is worth
/// [`EngineGame::evaluate`]. A move that keeps the turn (an extra move) is searched without
/// changing the sign, and counts as a ply like any other. At the root every move that may tie
/// the best is searched with the window `(best - 1, +inf)`, so ties are known exactly and one
/// of them is drawn at random: the engine is deterministic for a given generator.
///
/// # Iterations, ordering and the table
///
/// Depths 1, 2, … are searched in turn, up to the depth of [`Limit::Depth`], or while the
/// node budget or time allows (an iteration stopped by the budget is discarded: the move of
/// the last finished iteration is played). Deepening stops early once an iteration reached
/// no horizon (every line ended by the rules), since deeper ones would give the same values.
/// Moves are searched in this order: the best move of the table's entry (from the previous
/// iteration or a transposition), then moves that capture or keep the turn (the gain in
/// [`EngineGame::material`] plus one for an extra move, largest first), then the rest in
/// generation order. The table (2^16 entries a engine, always replaced) gives a cutoff only
/// for an entry searched to exactly the remaining depth, so the value of every move is
/// exactly the fixed-depth negamax value: the depth mode finds the same best value and the
/// same set of best moves as a plain fixed-depth alpha-beta (`reference_root_values`;
/// tested), so it plays the same moves for the same generator, only faster. (The bounds it
/// reports for the other moves differ: they depend on the order of search.)
///
/// # Example
///
/// ```
/// use mancala_analysis::engine::alphabeta::AlphaBeta;
/// use mancala_analysis::engine::{Engine, Rng};
/// use mancala_solver::tworow::Options;
/// use mancala_solver::{Game, Kind, Notation, TwoRow};
///
/// // Kale on two pits a side, two seeds a pit: pit 2 wins by seven seeds, pit 1 by fewer.
/// // Twelve plies see every line to its end, so the search plays pit 2.
/// let game = TwoRow::new(Kind::Kale, 2, 2, Options::default())?;
/// let start = game.start();
/// let mut engine = AlphaBeta::new(12);
/// let m = engine.choose(&game, &start, &mut Rng::new(1));
/// assert_eq!(game.move_name(&start, m), "2");
/// let values = engine.root_values(&game, &start);
/// assert_eq!(values.len(), 2);
/// assert!(values[1] > values[0]);
/// # Ok::<(), mancala_solver::ConfigError>(())
/// ```
#[derive(Clone, Debug)]
pub struct AlphaBeta {
    limit: Limit,
    nodes: u64,
    tt: Vec<Option<Entry>>,
    /// Nodes when the current move began.
    move_start: u64,
    deadline: Option<Instant>,
    /// The caller's bound ([`Engine::stop_at`]), which even the first iteration heeds.
    hard: Option<Instant>,
    node_cap: Option<u64>,
    aborted: bool,
    horizon: bool,
    /// The last finished iteration's depth (for benchmarks).
    last_depth: u32,
    /// The first best move of the last finished iteration of the current move.
    best: Option<usize>,
}

impl AlphaBeta {
    /// An alpha-beta engine searching `depth` plies (at least 1).
    pub fn new(depth: u32) -> AlphaBeta {
        AlphaBeta::with_limit(Limit::Depth(depth.max(1)))
    }

    /// An alpha-beta engine with the given limit.
    pub fn with_limit(limit: Limit) -> AlphaBeta {
        AlphaBeta {
            limit: match limit {
                Limit::Depth(d) => Limit::Depth(d.max(1)),
                l => l,
            },
            nodes: 0,
            tt: Vec::new(),
            move_start: 0,
            deadline: None,
            hard: None,
            node_cap: None,
            aborted: false,
            horizon: false,
            last_depth: 0,
            best: None,
        }
    }

    /// The depth of the last finished iteration of the last move.
    pub fn last_depth(&self) -> u32 {
        self.last_depth
    }

    fn slot(&self, key: u128) -> usize {
        let h = (key as u64 ^ (key >> 64) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (h >> (64 - self.tt.len().trailing_zeros())) as usize
    }

    fn probe(&self, key: u128) -> Option<Entry> {
        self.tt[self.slot(key)].filter(|e| e.key == key)
    }

    fn store(&mut self, key: u128, e: Entry) {
        let i = self.slot(key);
        self.tt[i] = Some(e);
    }

    /// Grows the table to hold about `nodes` entries (within its bounds), keeping entries.
    fn reserve(&mut self, nodes: u64) {
        let bits = (64 - nodes.leading_zeros()).clamp(TT_MIN_BITS, TT_MAX_BITS);
        if self.tt.len() >= 1 << bits {
            return;
        }
        let old = std::mem::replace(&mut self.tt, vec![None; 1 << bits]);
        for e in old.into_iter().flatten() {
            self.store(e.key, e);
        }
    }

    fn check_limits(&mut self) {
        if let Some(cap) = self.node_cap {
            if self.nodes - self.move_start > cap {
                self.aborted = true;
            }
        }
        if self.nodes % 256 == 0 {
            if let Some(d) = self.deadline {
                if Instant::now() >= d {
                    self.aborted = true;
                }
            }
        }
        // A node of the four-row games can cost milliseconds (long relay sowings): the
        // caller's bound is read at every node.
        if self.hard.is_some_and(|h| Instant::now() >= h) {
            self.aborted = true;
        }
    }

    /// The negamax value of `pos` to `depth` plies, clamped to `[alpha, beta]`; `ply` is the
    /// distance from the root (for mate scores). Returns 0 once the budget is spent (the
    /// iteration is then discarded).
    pub fn search<G: EngineGame>(
        &mut self,
        game: &G,
        pos: &G::Position,
        depth: u32,
        ply: u32,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        self.nodes += 1;
        self.check_limits();
        if self.aborted {
            return 0;
        }
        if game.outcome(pos).is_some() {
            return terminal_at(game, pos, ply);
        }
        if depth == 0 {
            self.horizon = true;
            return game.evaluate(pos);
        }
        let key = game.key(pos);
        let offset = 4 * game.margin(pos);
        let entry = self.probe(key);
        if let Some(e) = entry {
            if e.depth as u32 == depth {
                let v = from_table(e.value, offset, ply);
                let cut = match e.bound {
                    Bound::Exact => Some(v.clamp(alpha, beta)),
                    Bound::Lower if v >= beta => Some(beta),
                    Bound::Upper if v <= alpha => Some(alpha),
                    _ => None,
                };
                if let Some(v) = cut {
                    self.horizon |= e.horizon;
                    return v;
                }
            }
        }
        let side = game.to_move(pos);
        let moves = game.legal_moves(pos);
        let order = ordered(game, pos, &moves, entry.map_or(u8::MAX, |e| e.best));
        let alpha0 = alpha;
        let outer_horizon = std::mem::replace(&mut self.horizon, false);
        let mut best = u8::MAX;
        let mut result = None;
        for (i, c) in order {
            let v = if game.to_move(&c) == side {
                self.search(game, &c, depth - 1, ply + 1, alpha, beta)
            } else {
                -self.search(game, &c, depth - 1, ply + 1, -beta, -alpha)
            };
            if self.aborted {
                return 0;
            }
            if v >= beta {
                best = i as u8;
                result = Some(beta);
                break;
            }
            if v > alpha {
                alpha = v;
                best = i as u8;
            }
        }
        let value = result.unwrap_or(alpha);
        let bound = if value >= beta {
            Bound::Lower
        } else if value <= alpha0 {
            Bound::Upper
        } else {
            Bound::Exact
        };
        let horizon = self.horizon;
        self.horizon |= outer_horizon;
        self.store(
            key,
            Entry {
                key,
                value: to_table(value, offset, ply),
                depth: depth.min(255) as u8,
                bound,
                best: if best == u8::MAX {
                    entry.map_or(u8::MAX, |e| e.best)
                } else {
                    best
                },
                horizon,
            },
        );
        value
    }

    /// One iteration at the root: the value of each legal move of `pos` (exact for the best
    /// ones, an upper bound below the best for the others), in generation order, searching
    /// `first` first; `None` if the budget ran out.
    fn root_iteration<G: EngineGame>(
        &mut self,
        game: &G,
        pos: &G::Position,
        depth: u32,
        first: u8,
    ) -> Option<Vec<i32>> {
        let side = game.to_move(pos);
        let moves = game.legal_moves(pos);
        let mut best = -INF;
        let mut values = vec![-INF; moves.len()];
        for (i, c) in ordered(game, pos, &moves, first) {
            let alpha = if best == -INF { -INF } else { best - 1 };
            let v = if game.to_move(&c) == side {
                self.search(game, &c, depth - 1, 1, alpha, INF)
            } else {
                -self.search(game, &c, depth - 1, 1, -INF, -alpha)
            };
            if self.aborted {
                return None;
            }
            best = best.max(v);
            values[i] = v;
        }
        Some(values)
    }

    /// The value of each legal move of `pos` after the deepest iteration the limit allows
    /// (exact for the best ones, an upper bound below the best for the others), in
    /// generation order.
    pub fn root_values<G: EngineGame>(&mut self, game: &G, pos: &G::Position) -> Vec<i32> {
        self.move_start = self.nodes;
        self.aborted = false;
        let (max_depth, cap, deadline) = match self.limit {
            Limit::Depth(d) => (d, None, None),
            Limit::Nodes(n) => (MAX_DEPTH, Some(n), None),
            Limit::Time(ms) => (
                MAX_DEPTH,
                None,
                Some(Instant::now() + Duration::from_millis(ms)),
            ),
        };
        let mut last: Option<Vec<i32>> = None;
        let mut first = u8::MAX;
        self.best = None;
        let mut before = self.nodes;
        for depth in 1..=max_depth {
            self.reserve(self.nodes - before);
            before = self.nodes;
            // The first iteration always finishes, so that there is a move to play.
            self.node_cap = if depth == 1 { None } else { cap };
            self.deadline = if depth == 1 { None } else { deadline };
            self.horizon = false;
            let Some(values) = self.root_iteration(game, pos, depth, first) else {
                break;
            };
            let best = *values.iter().max().expect("a move");
            first = values.iter().position(|&v| v == best).expect("a best move") as u8;
            self.best = Some(first as usize);
            self.last_depth = depth;
            last = Some(values);
            if !self.horizon {
                break; // every line ended: deeper iterations give the same values
            }
        }
        self.node_cap = None;
        self.deadline = None;
        self.aborted = false;
        // Only the caller's bound stops the first iteration: every move is then equal.
        last.unwrap_or_else(|| vec![0; game.legal_moves(pos).len()])
    }
}

/// The value of a finished game at `ply` plies from the root: mate scores are shortened by
/// the distance, so that a nearer win is preferred and a loss is delayed.
fn terminal_at<G: EngineGame>(game: &G, pos: &G::Position, ply: u32) -> i32 {
    let t = game.terminal(pos);
    if t >= WIN - MATE_RANGE {
        t - ply as i32
    } else if t <= -(WIN - MATE_RANGE) {
        t + ply as i32
    } else {
        t
    }
}

fn is_mate(v: i32) -> bool {
    v.abs() >= WIN - 2 * MATE_RANGE && v.abs() < INF
}

/// A value for the table: relative to the position's margin, mate scores from the position.
fn to_table(v: i32, offset: i32, ply: u32) -> i32 {
    if is_mate(v) {
        v + v.signum() * ply as i32
    } else {
        v - offset
    }
}

/// Inverse of [`to_table`].
fn from_table(v: i32, offset: i32, ply: u32) -> i32 {
    if is_mate(v) {
        v - v.signum() * ply as i32
    } else {
        v + offset
    }
}

/// The moves of `pos` (their generation index and child) in search order: `first` (a move
/// index, `u8::MAX` for none), then by decreasing gain (material won by the move, plus one
/// if it keeps the turn), ties in generation order.
fn ordered<G: EngineGame>(
    game: &G,
    pos: &G::Position,
    moves: &[G::Move],
    first: u8,
) -> Vec<(usize, G::Position)> {
    let side = game.to_move(pos);
    let before = game.material(pos);
    let mut kids: Vec<(i32, usize, G::Position)> = moves
        .iter()
        .enumerate()
        .map(|(i, &m)| {
            let c = game.play(pos, m);
            let same = game.to_move(&c) == side;
            let after = if same {
                game.material(&c)
            } else {
                -game.material(&c)
            };
            let gain = if i == first as usize {
                INF
            } else {
                2 * (after - before) + same as i32
            };
            (gain, i, c)
        })
        .collect();
    kids.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    kids.into_iter().map(|(_, i, c)| (i, c)).collect()
}

impl<G: EngineGame> Engine<G> for AlphaBeta {
    fn name(&self) -> String {
        match self.limit {
            Limit::Depth(d) => format!("alphabeta:depth={d}"),
            Limit::Nodes(n) => format!("alphabeta:nodes={n}"),
            Limit::Time(ms) => format!("alphabeta:time={ms}"),
        }
    }

    fn choose(&mut self, game: &G, pos: &G::Position, rng: &mut Rng) -> G::Move {
        let moves = game.legal_moves(pos);
        let values = self.root_values(game, pos);
        moves[pick_best(&values, rng)]
    }

    fn nodes(&self) -> u64 {
        self.nodes
    }

    fn stop_at(&mut self, deadline: Instant) {
        self.hard = Some(deadline);
    }

    fn best_so_far(&self) -> Option<usize> {
        self.best
    }
}

/// The plain fixed-depth alpha-beta (no ordering, no table, no deepening) that the engine
/// was before its iterations and table: the reference it must agree with move for move.
#[cfg(test)]
fn reference_search<G: EngineGame>(
    game: &G,
    pos: &G::Position,
    depth: u32,
    ply: u32,
    mut alpha: i32,
    beta: i32,
) -> i32 {
    if game.outcome(pos).is_some() {
        return terminal_at(game, pos, ply);
    }
    if depth == 0 {
        return game.evaluate(pos);
    }
    let side = game.to_move(pos);
    for &m in game.legal_moves(pos).iter() {
        let c = game.play(pos, m);
        let v = if game.to_move(&c) == side {
            reference_search(game, &c, depth - 1, ply + 1, alpha, beta)
        } else {
            -reference_search(game, &c, depth - 1, ply + 1, -beta, -alpha)
        };
        if v >= beta {
            return beta;
        }
        alpha = alpha.max(v);
    }
    alpha
}

/// The root values of the plain fixed-depth alpha-beta, in generation order (see
/// [`AlphaBeta::root_values`]).
#[cfg(test)]
fn reference_root_values<G: EngineGame>(game: &G, pos: &G::Position, depth: u32) -> Vec<i32> {
    let side = game.to_move(pos);
    let mut best = -INF;
    let mut values = Vec::new();
    for &m in game.legal_moves(pos).iter() {
        let c = game.play(pos, m);
        let alpha = if best == -INF { -INF } else { best - 1 };
        let v = if game.to_move(&c) == side {
            reference_search(game, &c, depth - 1, 1, alpha, INF)
        } else {
            -reference_search(game, &c, depth - 1, 1, -INF, -alpha)
        };
        best = best.max(v);
        values.push(v);
    }
    values
}

/// Plain negamax without pruning: the slow reference the tests compare [`AlphaBeta`] with.
#[cfg(test)]
fn minimax<G: EngineGame>(game: &G, pos: &G::Position, depth: u32) -> i32 {
    minimax_at(game, pos, depth, 0)
}

#[cfg(test)]
fn minimax_at<G: EngineGame>(game: &G, pos: &G::Position, depth: u32, ply: u32) -> i32 {
    if game.outcome(pos).is_some() {
        return terminal_at(game, pos, ply);
    }
    if depth == 0 {
        return game.evaluate(pos);
    }
    let side = game.to_move(pos);
    game.legal_moves(pos)
        .iter()
        .map(|&m| {
            let c = game.play(pos, m);
            let v = minimax_at(game, &c, depth - 1, ply + 1);
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
    use mancala_solver::fourrow::{self, FourRow};
    use mancala_solver::game::Game;
    use mancala_solver::tworow::{Kind, TwoRow};
    use proptest::prelude::{
        any, prop_assert, prop_assert_eq, prop_assume, proptest, ProptestConfig,
    };

    /// The best value and the moves that reach it: what decides the move played.
    fn choice(values: &[i32]) -> (i32, Vec<usize>) {
        let best = *values.iter().max().unwrap();
        (
            best,
            (0..values.len()).filter(|&i| values[i] == best).collect(),
        )
    }

    /// A position after `plies` random moves from the start (seeded).
    fn random_position<G: Game>(g: &G, plies: usize, seed: u64) -> G::Position {
        let mut rng = Rng::new(seed);
        let mut pos = g.start();
        for _ in 0..plies {
            let ms = g.legal_moves(&pos);
            if ms.is_empty() {
                break;
            }
            pos = g.play(&pos, ms[rng.below(ms.len())]);
        }
        pos
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]
        /// Alpha-beta's root values agree with plain minimax on the best value, and on the
        /// exact value of every move that ties it, after random openings of every variant.
        #[test]
        fn alphabeta_agrees_with_minimax(k in 0usize..5, plies in 0usize..30, seed in any::<u64>(), depth in 1u32..4) {
            let g = TwoRow::new(Kind::ALL[k], 4, 3, Default::default()).unwrap();
            let pos = random_position(&g, plies, seed);
            prop_assume!(g.outcome(&pos).is_none());
            let side = g.to_move(&pos);
            let exact: Vec<i32> = g.legal_moves(&pos).iter().map(|&m| {
                let c = g.play(&pos, m);
                let v = minimax_at(&g, &c, depth - 1, 1);
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

        /// With its iterations, ordering and table the engine gives exactly the root values of
        /// the plain fixed-depth alpha-beta, so it plays the same moves for the same
        /// generator; the table is kept from one move to the next as in a game.
        #[test]
        fn iterations_and_table_keep_the_plain_values(k in 0usize..5, seed in any::<u64>(), depth in 1u32..7) {
            let g = TwoRow::new(Kind::ALL[k], 5, 3, Default::default()).unwrap();
            let mut ab = AlphaBeta::new(depth);
            let mut pos = g.start();
            let mut rng = Rng::new(seed);
            for _ in 0..12 {
                if g.outcome(&pos).is_some() { break; }
                prop_assert_eq!(choice(&ab.root_values(&g, &pos)), choice(&reference_root_values(&g, &pos, depth)));
                let ms = g.legal_moves(&pos);
                pos = g.play(&pos, ms[rng.below(ms.len())]);
            }
        }

        /// The same on four-row games (mate scores and the seeds-held evaluation).
        #[test]
        fn four_row_values_agree_with_the_plain_search(k in 0usize..10, plies in 0usize..20, seed in any::<u64>(), depth in 1u32..4) {
            let kind = fourrow::Kind::ALL[k];
            let g = FourRow::new(kind, 3, 2, Default::default()).unwrap();
            let pos = random_position(&g, plies, seed);
            prop_assume!(g.outcome(&pos).is_none());
            let mut ab = AlphaBeta::new(depth);
            let got = ab.root_values(&g, &pos);
            prop_assert_eq!(choice(&got), choice(&reference_root_values(&g, &pos, depth)));
            prop_assert_eq!(*got.iter().max().unwrap(), minimax(&g, &pos, depth));
        }
    }

    #[test]
    fn node_budget_is_deterministic_and_deepens() {
        let g = TwoRow::standard(Kind::Kalah);
        let pos = g.start();
        let run = |n| {
            let mut ab = AlphaBeta::with_limit(Limit::Nodes(n));
            let v = ab.root_values(&g, &pos);
            (v, ab.last_depth(), ab.nodes)
        };
        let (v1, d1, n1) = run(20_000);
        assert_eq!((v1.clone(), d1, n1), run(20_000));
        let (_, d2, _) = run(200_000);
        assert!(d1 >= 2 && d2 > d1, "{d1} {d2}");
        // The result is that of the last finished depth.
        assert_eq!(choice(&v1), choice(&reference_root_values(&g, &pos, d1)));
    }

    #[test]
    fn time_mode_returns_a_finished_iteration() {
        let g = TwoRow::standard(Kind::Oware);
        let pos = g.start();
        let mut ab = AlphaBeta::with_limit(Limit::Time(30));
        let v = ab.root_values(&g, &pos);
        let d = ab.last_depth();
        assert!(d >= 1);
        assert_eq!(choice(&v), choice(&reference_root_values(&g, &pos, d)));
    }

    #[test]
    fn a_four_row_win_in_one_is_taken() {
        // Mate scores: a win now is worth more than a win later, so it is played.
        let g = FourRow::new(fourrow::Kind::Mulabalaba, 3, 1, Default::default()).unwrap();
        let sol = fourrow::retro::solve(&g, &g.start(), 1_000_000).unwrap();
        let mut pos = g.start();
        let mut ab = AlphaBeta::new(12);
        let mut rng = Rng::new(3);
        // Perfect play for the winner (alpha-beta, deep enough) keeps the win and ends it.
        let w = sol.value(&g, &pos).unwrap();
        assert_eq!(w.value(), 1);
        for _ in 0..w.plies().unwrap() {
            let m = if g.to_move(&pos) == mancala_solver::Side::South {
                ab.choose(&g, &pos, &mut rng)
            } else {
                sol.line(&g, &pos)[0]
            };
            pos = g.play(&pos, m);
        }
        assert!(g.outcome(&pos).is_some(), "the win is played out in time");
    }

    #[test]
    fn a_morris_line_that_wins_is_made() {
        // South's b6-a7 completes a1-a4-a7 along the diagonal's end and takes North down to
        // two counters: the game is won at once, whatever counter goes.
        use mancala_solver::morris::{Morris, Options};
        use mancala_solver::Notation;
        let g = Morris::new(3, Options::default()).unwrap();
        let pos = g
            .parse_position("SS.N.N../..S...../.......N S hand=0,0 captured=0,0")
            .unwrap();
        let mut rng = Rng::new(5);
        for depth in [1, 2, 4] {
            let m = AlphaBeta::new(depth).choose(&g, &pos, &mut rng);
            assert!(g.move_name(&pos, m).starts_with("b6-a7x"), "depth {depth}");
            assert!(g.outcome(&g.play(&pos, m)).is_some());
        }
        // The evaluation counts the line of two South holds open and North's none.
        use crate::engine::EngineGame;
        let quiet = g
            .parse_position("SS.N.N../...S..../.......N S hand=0,0 captured=0,0")
            .unwrap();
        assert!(g.evaluate(&quiet) > 0);
    }
}
