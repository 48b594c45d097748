//! `mancala rate`: the strength of any engine measured against perfect play. The engine moves
//! in positions drawn from real games, and each move is scored by the exact values of every
//! legal move (endgame tables when given, else the exact solver).
//!
//! # The positions
//!
//! Games are played from the variant's start on the current rayon pool, in batches of
//! [`BATCH`] collected in order. Game `i` is played between [`SOURCES`]`[i % 4]` (South) and
//! [`SOURCES`]`[(i / 4) % 4]` (North), so that every fourth pairing is a self-play game and
//! the others are matches, after `1 + i % 4` random plies (a random opening, so that the
//! games differ); its generator is `Rng::for_game(seed ^ SAMPLE_SALT, i)`, and the game stops
//! by the rules, at a repeated position or after [`DEFAULT_MAX_PLIES`] plies. Every position
//! of every game (the random opening's included) is kept once, in the order met, when it is
//! not over, has at least two legal moves, has a number of seeds on the board within the
//! seeds range, and can be valued: its moves all known to the tables, or (two-row games)
//! at most [`SOLVER_SEEDS`] seeds on the board for the exact solver. Games are played until
//! the pool holds four times the positions asked for, or [`max_games`] games; then the
//! positions asked for are drawn from the pool without replacement by
//! `Rng::for_game(seed ^ SAMPLE_SALT, u64::MAX)`.
//!
//! # The scores
//!
//! Each rated position `k` gets a fresh engine and the generator `Rng::for_game(seed, k)`.
//! The value `v` of a move is the final result it leads to under perfect play, for the mover:
//! the final seed difference (seeds already won included) in the seed games, `+1`, `0`, `-1`
//! (win, draw, loss) in the games won or lost by a position (four-row, morris). The position
//! is *won* when its best move is positive, *drawn* when it is 0; the engine *throws away a
//! win* when it plays a move of value `≤ 0` in a won position, *a draw* when it plays a move
//! of value `< 0` in a drawn one. The *loss* of the move is the best value less its value.
//! A move the engine fails to give (an error, or a move that is not legal) is a *failure*,
//! counted as losing everything: the mover's seeds already won less every seed on the board
//! (seed games), `-1` (the others).
//!
//! Shares carry 95% Wilson intervals ([`crate::stats::wilson`]); the mean loss a normal 95%
//! interval (`mean ± 1.96 s/√n`, [`crate::stats::Mean`]) cut at 0 below (a loss is never
//! negative). The figures are given for every position together and by the seeds on the
//! board, in up to [`BUCKETS`] buckets of equal width over the seeds range (its upper end
//! lowered to the most seeds among the rated positions).

use crate::engine::perfect::{exact_values, oracle_values};
use crate::engine::{Engine, EngineGame, EngineSpec, Rng};
use crate::error::Fail;
use crate::json;
use crate::matches::{play_game_seen, DEFAULT_MAX_PLIES};
use crate::stats::{wilson, Mean, Rate};
use mancala_solver::any::AnyGame;
use mancala_solver::fourrow::FourRow;
use mancala_solver::morris::Morris;
use mancala_solver::search::Oracle;
use mancala_solver::{MarginGame, Notation, TwoRow};
use rayon::prelude::*;
use std::collections::HashSet;
use std::path::PathBuf;
use std::sync::Arc;

/// The engines whose games give the positions (see the module's docs).
pub const SOURCES: [&str; 4] = ["greedy", "alphabeta:depth=2", "alphabeta:depth=4", "mcts:iters=200"];
/// Mixed into the seed of the games that give the positions, so that they differ from the
/// rated engine's own draws.
pub const SAMPLE_SALT: u64 = 0x5A3F_1E77_0000_0001;
/// Games played at a time (in parallel, collected in order).
pub const BATCH: u64 = 16;
/// The most seeds on the board of a position the exact solver values when no table has it
/// (two-row games): a solve of that size takes at most a few milliseconds.
pub const SOLVER_SEEDS: u32 = 20;
/// The most buckets of seeds on the board.
pub const BUCKETS: u32 = 6;
/// The most positions `--positions` takes.
pub const MAX_POSITIONS: u32 = 100_000;
/// The positions `--positions` defaults to.
pub const DEFAULT_POSITIONS: u32 = 200;
/// The solver's table for one position, MiB.
const TT_MB: usize = 16;

/// The most games played to find `positions` positions.
pub fn max_games(positions: u32) -> u64 {
    100 + 20 * positions as u64
}

/// What the values of a family are counted in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    /// The final seed difference.
    Seeds,
    /// Win +1, draw 0, loss −1.
    Results,
}

impl Unit {
    /// `seeds` or `results`.
    pub fn as_str(self) -> &'static str {
        match self {
            Unit::Seeds => "seeds",
            Unit::Results => "results",
        }
    }
}

/// What rating needs of a rules type beyond [`EngineGame`].
pub trait Rated: EngineGame + Notation + 'static {
    /// Seeds (counters) on the board of `pos`, the figure positions are bucketed by.
    fn board_seeds(&self, pos: &Self::Position) -> u32;
    /// The value of a move that loses everything from `pos`, for the mover.
    fn forfeit(&self, pos: &Self::Position) -> i32;
    /// What values count.
    fn unit(&self) -> Unit;
    /// True when the exact solver may value a position of at most [`SOLVER_SEEDS`] seeds
    /// that no table has.
    fn solvable(&self) -> bool;
}

impl Rated for TwoRow {
    fn board_seeds(&self, pos: &Self::Position) -> u32 {
        // The two-row bound on the future is exactly the seeds on the board.
        self.future_bound(pos) as u32
    }
    fn forfeit(&self, pos: &Self::Position) -> i32 {
        self.margin(pos) - self.board_seeds(pos) as i32
    }
    fn unit(&self) -> Unit {
        Unit::Seeds
    }
    fn solvable(&self) -> bool {
        true
    }
}

impl Rated for FourRow {
    fn board_seeds(&self, pos: &Self::Position) -> u32 {
        self.seeds_held(pos).iter().sum()
    }
    fn forfeit(&self, _pos: &Self::Position) -> i32 {
        -1
    }
    fn unit(&self) -> Unit {
        Unit::Results
    }
    fn solvable(&self) -> bool {
        false
    }
}

impl Rated for Morris {
    fn board_seeds(&self, pos: &Self::Position) -> u32 {
        (0..2)
            .map(|s| pos.men[s].count_ones() + pos.hand[s] as u32)
            .sum()
    }
    fn forfeit(&self, _pos: &Self::Position) -> i32 {
        -1
    }
    fn unit(&self) -> Unit {
        Unit::Results
    }
    fn solvable(&self) -> bool {
        false
    }
}

/// A range of seeds on the board, both ends included.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeedsRange {
    /// The fewest seeds.
    pub lo: u32,
    /// The most seeds.
    pub hi: u32,
}

impl SeedsRange {
    /// Parses `a..b` (both ends included, `a ≤ b`).
    pub fn parse(text: &str) -> Result<SeedsRange, Fail> {
        let bad = || {
            Fail(format!(
                "invalid --seeds-range '{}': expected a..b, two whole numbers a <= b (seeds on the board, both included)",
                crate::error::shorten(text)
            ))
        };
        let (a, b) = text.split_once("..").ok_or_else(bad)?;
        let lo: u32 = a.trim().parse().map_err(|_| bad())?;
        let hi: u32 = b.trim().parse().map_err(|_| bad())?;
        if lo > hi || hi > 100_000 {
            return Err(bad());
        }
        Ok(SeedsRange { lo, hi })
    }

    /// True when `n` is within.
    pub fn holds(&self, n: u32) -> bool {
        (self.lo..=self.hi).contains(&n)
    }
}

/// What `mancala rate` asks for.
#[derive(Clone, Debug)]
pub struct RateRequest {
    /// The engine's spec, as written.
    pub engine: String,
    /// Positions to rate.
    pub positions: u32,
    /// The seeds on the board of the positions (`None`: every count that can be valued).
    pub seeds: Option<SeedsRange>,
    /// A folder of endgame tables.
    pub tablebases: Option<PathBuf>,
    /// The seed of the positions and the engine's draws.
    pub seed: u64,
    /// Worker threads.
    pub threads: usize,
}

/// The positions to rate and how they were found.
#[derive(Clone, Debug)]
pub struct Sample<P> {
    /// The positions, in the order drawn.
    pub positions: Vec<P>,
    /// Their values: every legal move's, in generation order.
    pub values: Vec<Vec<i32>>,
    /// How many were valued by the tables alone (the others by the solver).
    pub by_tables: u64,
    /// Games played to find them.
    pub games: u64,
    /// Positions in the pool they were drawn from.
    pub pool: u64,
}

/// Finds the positions of `g`'s games from `start` with seeds on the board within `range`
/// that `oracle` values (or, with `solver`, that have at most [`SOLVER_SEEDS`] seeds), and
/// draws `count` of them (the module's docs say how). Runs on the current rayon pool.
pub fn sample<G: Rated>(
    g: &G,
    start: &G::Position,
    oracle: Option<&dyn Oracle<G>>,
    solver: bool,
    range: SeedsRange,
    count: u32,
    seed: u64,
) -> Sample<G::Position> {
    let specs: Vec<EngineSpec> = SOURCES
        .iter()
        .map(|s| s.parse().expect("source engines parse"))
        .collect();
    let known = |pos: &G::Position| -> Option<bool> {
        if g.legal_moves(pos).len() < 2 || !range.holds(g.board_seeds(pos)) {
            return None;
        }
        if oracle.is_some_and(|o| oracle_values(g, o, pos).is_some()) {
            return Some(true);
        }
        (solver && g.board_seeds(pos) <= SOLVER_SEEDS).then_some(false)
    };
    let want = 4 * count as usize;
    let mut seen = HashSet::new();
    let mut pool: Vec<G::Position> = Vec::new();
    let mut games = 0u64;
    while pool.len() < want && games < max_games(count) {
        let batch: Vec<Vec<G::Position>> = (games..games + BATCH)
            .into_par_iter()
            .map(|i| {
                let (s, n) = ((i % 4) as usize, ((i / 4) % 4) as usize);
                let mut south = specs[s].build::<G>(None);
                let mut north = specs[n].build::<G>(None);
                let mut rng = Rng::for_game(seed ^ SAMPLE_SALT, i);
                let mut seen_here = Vec::new();
                play_game_seen(
                    g,
                    start,
                    [south.as_mut(), north.as_mut()],
                    &mut rng,
                    (1 + (i % 4) as u32, DEFAULT_MAX_PLIES),
                    &mut |p| seen_here.push(p.clone()),
                );
                seen_here
                    .into_iter()
                    .filter(|p| known(p).is_some())
                    .collect()
            })
            .collect();
        games += BATCH;
        for p in batch.into_iter().flatten() {
            if seen.insert((g.key(&p), g.margin(&p), g.to_move(&p))) {
                pool.push(p);
            }
        }
    }
    let pool_len = pool.len() as u64;
    let mut rng = Rng::for_game(seed ^ SAMPLE_SALT, u64::MAX);
    let mut positions = Vec::new();
    while positions.len() < count as usize && !pool.is_empty() {
        let i = rng.below(pool.len());
        positions.push(pool.swap_remove(i));
    }
    let valued: Vec<(Vec<i32>, bool)> = positions
        .par_iter()
        .map(|p| match oracle.and_then(|o| oracle_values(g, o, p)) {
            Some(v) => (v, true),
            None => (exact_values(g, oracle, p, TT_MB), false),
        })
        .collect();
    Sample {
        by_tables: valued.iter().filter(|v| v.1).count() as u64,
        values: valued.into_iter().map(|v| v.0).collect(),
        positions,
        games,
        pool: pool_len,
    }
}

/// The one call that asks an engine for its move: the index of the move among the legal
/// moves of `pos`, or why there is none (an engine that fails, or a move that is not legal).
pub fn ask<G: EngineGame>(
    engine: &mut dyn Engine<G>,
    g: &G,
    pos: &G::Position,
    rng: &mut Rng,
) -> Result<usize, String> {
    let mv = engine.choose(g, pos, rng);
    g.legal_moves(pos)
        .iter()
        .position(|&m| m == mv)
        .ok_or_else(|| "a move that is not legal".to_string())
}

/// One rated move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Judged {
    /// Seeds on the board.
    pub seeds: u32,
    /// The best move's value.
    pub best: i32,
    /// The played move's value (the forfeit's when the engine failed).
    pub played: i32,
    /// True when the engine gave no legal move.
    pub failed: bool,
}

impl Judged {
    /// The value lost against the best move.
    pub fn loss(&self) -> i32 {
        self.best - self.played
    }
}

/// The moves of `spec` in `positions` (each with its `values`) judged, position `k` with a
/// fresh engine and `Rng::for_game(seed, k)`; in order, on the current rayon pool.
pub fn judge<G: Rated>(
    g: &G,
    spec: &EngineSpec,
    oracle: Option<&Arc<dyn Oracle<G>>>,
    positions: &[G::Position],
    values: &[Vec<i32>],
    seed: u64,
) -> Vec<Judged> {
    positions
        .par_iter()
        .zip(values)
        .enumerate()
        .map(|(k, (pos, values))| {
            let mut e = spec.build(oracle.cloned());
            let best = *values.iter().max().expect("positions have moves");
            let asked = ask(e.as_mut(), g, pos, &mut Rng::for_game(seed, k as u64));
            Judged {
                seeds: g.board_seeds(pos),
                best,
                played: asked.as_ref().map_or(g.forfeit(pos), |&i| values[i]),
                failed: asked.is_err(),
            }
        })
        .collect()
}

/// The figures of a set of judged moves.
#[derive(Clone, Debug, PartialEq)]
pub struct Figures {
    /// Moves judged.
    pub positions: u64,
    /// Moves the engine failed to give.
    pub failures: u64,
    /// Won positions.
    pub won: u64,
    /// Won positions where the move threw the win away.
    pub wins_thrown: u64,
    /// Drawn positions.
    pub drawn: u64,
    /// Drawn positions where the move lost.
    pub draws_thrown: u64,
    /// Moves that lose value.
    pub losing: u64,
    /// The mean loss with its interval.
    pub loss: Mean,
}

impl Figures {
    /// The figures of `moves`.
    pub fn of<'a>(moves: impl Iterator<Item = &'a Judged>) -> Figures {
        let moves: Vec<&Judged> = moves.collect();
        let count = |f: &dyn Fn(&Judged) -> bool| moves.iter().filter(|j| f(j)).count() as u64;
        let losses: Vec<f64> = moves.iter().map(|j| j.loss() as f64).collect();
        Figures {
            positions: moves.len() as u64,
            failures: count(&|j| j.failed),
            won: count(&|j| j.best > 0),
            wins_thrown: count(&|j| j.best > 0 && j.played <= 0),
            drawn: count(&|j| j.best == 0),
            draws_thrown: count(&|j| j.best == 0 && j.played < 0),
            losing: count(&|j| j.loss() > 0),
            loss: Mean::of(&losses).clipped(0.0, f64::INFINITY),
        }
    }

    /// The share of won positions thrown away.
    pub fn wins_rate(&self) -> Rate {
        wilson(self.wins_thrown, self.won)
    }

    /// The share of drawn positions thrown away.
    pub fn draws_rate(&self) -> Rate {
        wilson(self.draws_thrown, self.drawn)
    }

    /// The share of moves that lose value.
    pub fn losing_rate(&self) -> Rate {
        wilson(self.losing, self.positions)
    }
}

/// The buckets of seeds on the board over `range` (see the module's docs).
pub fn buckets(range: SeedsRange) -> Vec<SeedsRange> {
    let span = range.hi - range.lo + 1;
    let width = span.div_ceil(BUCKETS).max(1);
    (range.lo..=range.hi)
        .step_by(width as usize)
        .map(|lo| SeedsRange {
            lo,
            hi: (lo + width - 1).min(range.hi),
        })
        .collect()
}

/// One engine rated: its figures, all together and by bucket.
#[derive(Clone, Debug, PartialEq)]
pub struct Rating {
    /// The engine's spec written out.
    pub engine: String,
    /// Every position.
    pub all: Figures,
    /// By the seeds on the board.
    pub buckets: Vec<(SeedsRange, Figures)>,
}

/// Rates `spec` on `sample`, its buckets over `range`.
pub fn rate_sample<G: Rated>(
    g: &G,
    spec: &EngineSpec,
    oracle: Option<&Arc<dyn Oracle<G>>>,
    sample: &Sample<G::Position>,
    range: SeedsRange,
    seed: u64,
) -> Rating {
    let judged = judge(g, spec, oracle, &sample.positions, &sample.values, seed);
    let most = judged.iter().map(|j| j.seeds).max().unwrap_or(range.lo);
    let shown = SeedsRange {
        lo: range.lo,
        hi: range.hi.min(most).max(range.lo),
    };
    Rating {
        engine: spec.to_string(),
        all: Figures::of(judged.iter()),
        buckets: buckets(shown)
            .into_iter()
            .map(|b| (b, Figures::of(judged.iter().filter(|j| b.holds(j.seeds)))))
            .collect(),
    }
}

/// The seeds range of a request on `g` (`total` seeds in play), checked: without tables
/// only the two-row games are rated, up to [`SOLVER_SEEDS`] seeds on the board.
fn range_of<G: Rated>(
    g: &G,
    total: u32,
    asked: Option<SeedsRange>,
    tables: bool,
) -> Result<SeedsRange, String> {
    let id = g.variant_id();
    if !tables && !g.solvable() {
        return Err(format!(
            "rate: {id} is rated only by its endgame tables: pass --tablebases DIR holding them (`mancala tablebase build {id} ...`)"
        ));
    }
    match asked {
        Some(r) if !tables && r.hi > SOLVER_SEEDS && total > SOLVER_SEEDS => Err(format!(
            "rate: positions of {id} with up to {} seeds on the board are too big for the exact solver without tables: pass --seeds-range {}..{SOLVER_SEEDS} or less, a smaller board (--width, --seeds), or --tablebases DIR",
            r.hi,
            r.lo.min(SOLVER_SEEDS)
        )),
        Some(r) => Ok(r),
        None if tables => Ok(SeedsRange { lo: 1, hi: total }),
        None => Ok(SeedsRange {
            lo: 1,
            hi: total.min(SOLVER_SEEDS),
        }),
    }
}

/// Rates the engine of `r` on `game` (a two-player game of any family; its position is
/// where the sampled games start).
pub fn rate(game: AnyGame, r: &RateRequest) -> Result<json::Rate, Fail> {
    let spec: EngineSpec = r.engine.parse()?;
    if !(1..=MAX_POSITIONS).contains(&r.positions) {
        return Err(Fail(format!(
            "invalid --positions {}: expected 1..{MAX_POSITIONS}",
            r.positions
        )));
    }
    let pool = crate::options::pool(r.threads)?;
    let err = |e: &mancala_tablebases::Error| Fail(crate::error::tables_message(e));
    let dir = r.tablebases.as_deref();
    match game {
        AnyGame::Two(g, pos) => {
            let total = g.board_seeds(&pos);
            let oracle = match dir {
                None => None,
                Some(d) => Some(Arc::new(
                    mancala_tablebases::Tablebases::open(d, &g).map_err(|e| err(&e))?,
                ) as Arc<dyn Oracle<TwoRow>>),
            };
            pool.install(|| rate_on(&*g, &pos, total, oracle, &spec, r))
        }
        AnyGame::Four(g, pos) => {
            let total = g.board_seeds(&pos);
            let oracle = crate::solve::four_tables(&g, dir)?.map(|t| Arc::new(t) as _);
            pool.install(|| rate_on(&g, &pos, total, oracle, &spec, r))
        }
        AnyGame::Morris(g, pos) => {
            let total = g.board_seeds(&pos);
            let oracle = match dir {
                None => None,
                Some(d) => {
                    let t = mancala_tablebases::morris::MorrisTables::open(d, &g)
                        .map_err(|e| err(&e))?;
                    (!t.is_empty()).then(|| Arc::new(t) as Arc<dyn Oracle<Morris>>)
                }
            };
            pool.install(|| rate_on(&g, &pos, total, oracle, &spec, r))
        }
        AnyGame::Isolo(g, _) => Err(Fail(format!(
            "rate: {} has no endgame tables and its positions are too big for the exact solver; rate engines on the two-row, four-row or morris games",
            g.kind().id()
        ))),
    }
}

/// [`rate`] on one game.
fn rate_on<G: Rated>(
    g: &G,
    start: &G::Position,
    total: u32,
    oracle: Option<Arc<dyn Oracle<G>>>,
    spec: &EngineSpec,
    r: &RateRequest,
) -> Result<json::Rate, Fail> {
    if g.outcome(start).is_some() {
        return Err(Fail("rate: the game is already over at the start".into()));
    }
    let range = range_of(g, total, r.seeds, oracle.is_some())?;
    let s = sample(
        g,
        start,
        oracle.as_deref(),
        g.solvable(),
        range,
        r.positions,
        r.seed,
    );
    if s.positions.is_empty() {
        return Err(Fail(format!(
            "rate: no position of {} with {}..{} seeds on the board was reached and valued in {} games: widen --seeds-range{}",
            g.variant_id(),
            range.lo,
            range.hi,
            s.games,
            if oracle.is_some() { " or build larger tables" } else { ", or pass --tablebases DIR" }
        )));
    }
    let rating = rate_sample(g, spec, oracle.as_ref(), &s, range, r.seed);
    Ok(json::Rate::new(g, start, g.unit(), range, r, &s, &rating))
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_solver::tworow::Kind;
    use mancala_solver::Game;

    fn small(kind: Kind) -> TwoRow {
        TwoRow::new(kind, 3, 2, Default::default()).unwrap()
    }

    fn rated(g: &TwoRow, engine: &str, n: u32, seed: u64) -> Rating {
        let range = SeedsRange { lo: 1, hi: 12 };
        let s = sample(g, &g.start(), None, true, range, n, seed);
        rate_sample(g, &engine.parse().unwrap(), None, &s, range, seed)
    }

    #[test]
    fn perfect_loses_nothing() {
        for kind in [Kind::Kalah, Kind::Oware] {
            let r = rated(&small(kind), "perfect", 40, 3);
            assert_eq!(r.all.positions, 40, "{kind:?}");
            assert_eq!(r.all.losing, 0);
            assert_eq!(r.all.wins_thrown + r.all.draws_thrown + r.all.failures, 0);
            assert_eq!(r.all.loss.mean, 0.0);
        }
    }

    #[test]
    fn random_loses_more_than_alphabeta() {
        let g = small(Kind::Oware);
        let random = rated(&g, "random", 60, 5);
        let ab = rated(&g, "alphabeta:depth=6", 60, 5);
        assert!(random.all.loss.mean > ab.all.loss.mean, "{random:?} {ab:?}");
        assert!(random.all.losing > ab.all.losing);
    }

    #[test]
    fn the_values_agree_with_a_solve_of_each_child() {
        // The sampled values are the exact values of the children, checked one by one by the
        // plain solver on the child (a separate path from `Solver::analyze`).
        let g = small(Kind::Kalah);
        let s = sample(&g, &g.start(), None, true, SeedsRange { lo: 1, hi: 12 }, 15, 2);
        for (p, vs) in s.positions.iter().zip(&s.values) {
            for (&m, &v) in g.legal_moves(p).iter().zip(vs) {
                let c = g.play(p, m);
                let child = if g.outcome(&c).is_some() {
                    g.final_margin(&c)
                } else {
                    mancala_solver::search::solve(&g, &c).value
                };
                let want = crate::engine::from_child(&g, p, &c, child);
                assert_eq!(v, want);
            }
        }
    }

    #[test]
    fn the_figures_of_a_hand_made_case() {
        let j = |seeds, best, played, failed| Judged {
            seeds,
            best,
            played,
            failed,
        };
        // Won and kept, won and thrown into a draw, drawn and lost, lost and worse, a failure.
        let moves = [
            j(2, 3, 3, false),
            j(3, 2, 0, false),
            j(5, 0, -2, false),
            j(6, -1, -3, false),
            j(6, 4, -6, true),
        ];
        let f = Figures::of(moves.iter());
        assert_eq!((f.positions, f.failures), (5, 1));
        assert_eq!((f.won, f.wins_thrown), (3, 2));
        assert_eq!((f.drawn, f.draws_thrown), (1, 1));
        assert_eq!(f.losing, 4);
        // Losses 0, 2, 2, 2, 10: mean 3.2, sample variance (3.2² + 3 · 1.2² + 6.8²) / 4 = 15.2.
        assert!((f.loss.mean - 3.2).abs() < 1e-12);
        let half = crate::stats::Z95 * (15.2f64 / 5.0).sqrt();
        assert!((f.loss.hi - (3.2 + half)).abs() < 1e-9);
        assert_eq!(f.loss.lo, 0.0, "cut at 0: {}", 3.2 - half);
        let w = f.wins_rate();
        assert!((w.p - 2.0 / 3.0).abs() < 1e-12 && w.lo < w.p && w.p < w.hi);
    }

    #[test]
    fn buckets_cover_the_range_in_equal_widths() {
        let b = buckets(SeedsRange { lo: 1, hi: 20 });
        let ends: Vec<(u32, u32)> = b.iter().map(|r| (r.lo, r.hi)).collect();
        assert_eq!(ends, [(1, 4), (5, 8), (9, 12), (13, 16), (17, 20)]);
        assert_eq!(buckets(SeedsRange { lo: 3, hi: 3 }).len(), 1);
        assert_eq!(buckets(SeedsRange { lo: 1, hi: 6 }).len(), 6);
    }

    #[test]
    fn a_range_parses_and_refuses() {
        assert_eq!(SeedsRange::parse("2..9").unwrap(), SeedsRange { lo: 2, hi: 9 });
        for bad in ["9..2", "x..3", "3", "1..-1", ""] {
            assert!(SeedsRange::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_sample_is_the_same_on_any_pool() {
        let g = small(Kind::Kalah);
        let run = |t: usize| {
            let pool = crate::options::pool(t).unwrap();
            pool.install(|| rated(&g, "mcts:iters=20", 30, 4))
        };
        assert_eq!(run(1), run(3));
    }

    #[test]
    fn a_failed_move_loses_everything() {
        // An engine that names an empty pit: not legal, counted as a failure losing every seed
        // on the board.
        struct Empty;
        impl Engine<TwoRow> for Empty {
            fn name(&self) -> String {
                "empty".into()
            }
            fn choose(&mut self, g: &TwoRow, pos: &mancala_solver::TwoRowPos, _: &mut Rng) -> u8 {
                let legal = g.legal_moves(pos);
                (0..g.width() as u8).find(|m| !legal.contains(m)).expect("an empty pit")
            }
        }
        let g = small(Kind::Oware);
        let pos = g.play(&g.start(), g.legal_moves(&g.start())[0]);
        let pos = g.play(&pos, g.legal_moves(&pos)[0]);
        let asked = ask(&mut Empty, &g, &pos, &mut Rng::new(1));
        assert!(asked.unwrap_err().contains("not legal"));
        assert_eq!(g.forfeit(&pos), -12, "no capture yet: every seed lost");
        let values = exact_values(&g, None, &pos, 4);
        assert!(values.iter().all(|&v| v >= g.forfeit(&pos)));
    }
}
