//! `mancala rate`: the strength of any engine measured against perfect play. The engine moves
//! in positions drawn from real games, and each move is scored by the exact values of every
//! legal move, read from endgame tables: those of `--tablebases` (the four-row and morris
//! games: required), and for the two-row games, tables built first by retrograde analysis
//! (exact) up to the top of the seeds range, in the `--tablebases` folder or in memory. Tables
//! rather than a search per position: the solver's alpha-beta takes seconds to minutes on
//! some oware positions of 18 seeds (the game has cycles), while every position of 6 pits and
//! up to 18 seeds is in tables built in a fraction of a second.
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
//! seeds range, and can be valued: its moves all known to the tables. Games are played until
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

pub mod json;
mod text;

use crate::engine::perfect::oracle_values;
use crate::engine::{Engine, EngineGame, EngineSpec, Rng};
use crate::error::Fail;
use crate::r#match::games::{play_game_seen, DEFAULT_MAX_PLIES};
use crate::stats::{wilson, Mean, Rate};
use mancala_solver::any::AnyGame;
use mancala_solver::fourrow::FourRow;
use mancala_solver::morris::Morris;
use mancala_solver::search::Oracle;
use mancala_solver::{MarginGame, Notation, TwoRow};
use rayon::prelude::*;
use std::collections::{BTreeMap, HashSet};
use std::path::PathBuf;
use std::sync::Arc;

/// The engines whose games give the positions (see the module's docs).
pub const SOURCES: [&str; 4] = [
    "greedy",
    "alphabeta:depth=2",
    "alphabeta:depth=4",
    "mcts:iters=200",
];
/// Mixed into the seed of the games that give the positions, so that they differ from the
/// rated engine's own draws.
pub const SAMPLE_SALT: u64 = 0x5A3F_1E77_0000_0001;
/// Games played at a time (in parallel, collected in order).
pub const BATCH: u64 = 16;
/// The most positions of two-row tables `rate` builds (every slice up to the range's top):
/// about ten seconds of building on one core; at width 6, every position of up to 14 seeds.
pub const MAX_TABLE_POSITIONS: u64 = 10_000_000;
/// The most buckets of seeds on the board.
pub const BUCKETS: u32 = 6;
/// The most positions `--positions` takes.
pub const MAX_POSITIONS: u32 = 100_000;
/// The positions `--positions` defaults to.
pub const DEFAULT_POSITIONS: u32 = 200;

/// The most games played to find `positions` positions: a game gives tens of positions, so
/// that most requests stop at four times the positions well before, and a small board whose
/// every position is met early stops there.
pub fn max_games(positions: u32) -> u64 {
    64 + positions as u64 / 2
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
    /// The seeds on the board of the positions (`None`: every count the tables can hold).
    pub seeds: Option<SeedsRange>,
    /// A folder of endgame tables (two-row games: a cache, read and written).
    pub tablebases: Option<PathBuf>,
    /// The seed of the positions and the engine's draws.
    pub seed: u64,
    /// Worker threads.
    pub threads: usize,
}

impl RateRequest {
    /// The request of `rate`'s options as written: `seeds` the `--seeds-range` text,
    /// `threads` the `--threads` value.
    pub fn of(
        engine: &str,
        positions: u32,
        seeds: Option<&str>,
        tablebases: Option<PathBuf>,
        seed: u64,
        threads: Option<usize>,
    ) -> Result<RateRequest, Fail> {
        Ok(RateRequest {
            engine: engine.to_string(),
            positions,
            seeds: seeds.map(SeedsRange::parse).transpose()?,
            tablebases,
            seed,
            threads: crate::args::threads(threads)?,
        })
    }
}

/// The positions to rate and how they were found.
#[derive(Clone, Debug)]
pub struct Sample<P> {
    /// The positions, in the order drawn.
    pub positions: Vec<P>,
    /// Their values: every legal move's, in generation order.
    pub values: Vec<Vec<i32>>,
    /// Games played to find them.
    pub games: u64,
    /// Positions in the pool they were drawn from.
    pub pool: u64,
}

/// Finds the positions of `g`'s games from `start` with seeds on the board within `range`
/// that `oracle` values, and draws `count` of them (the module's docs say how). Runs on the
/// current rayon pool.
pub fn sample<G: Rated>(
    g: &G,
    start: &G::Position,
    oracle: &dyn Oracle<G>,
    range: SeedsRange,
    count: u32,
    seed: u64,
) -> Sample<G::Position> {
    let specs: Vec<EngineSpec> = SOURCES
        .iter()
        .map(|s| s.parse().expect("source engines parse"))
        .collect();
    let known = |pos: &G::Position| {
        g.legal_moves(pos).len() >= 2
            && range.holds(g.board_seeds(pos))
            && oracle_values(g, oracle, pos).is_some()
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
                seen_here.into_iter().filter(|p| known(p)).collect()
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
    let rng = &mut Rng::for_game(seed ^ SAMPLE_SALT, u64::MAX);
    let positions = draw(pool, count as usize, rng);
    let values = positions
        .iter()
        .map(|p| oracle_values(g, oracle, p).expect("pooled positions are in the tables"))
        .collect();
    Sample {
        values,
        positions,
        games,
        pool: pool_len,
    }
}

/// `count` items of `pool` drawn at random without replacement (all of them when it holds
/// fewer), in the order drawn.
pub fn draw<P>(mut pool: Vec<P>, count: usize, rng: &mut Rng) -> Vec<P> {
    let mut out = Vec::new();
    while out.len() < count && !pool.is_empty() {
        let i = rng.below(pool.len());
        out.push(pool.swap_remove(i));
    }
    out
}

/// Why an engine gave no move: the kind of its fault (an external program's, see
/// [`crate::engine::FaultKind`]; `illegal` for a move that is not legal) and the detail.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// `start`, `time`, `illegal`, `protocol` or `crash`.
    pub kind: &'static str,
    /// What and where, in one line.
    pub detail: String,
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.kind, self.detail)
    }
}

/// The one call that asks an engine for its move: the index of the move among the legal
/// moves of `pos`, or why there is none (an engine that fails, or a move that is not legal).
pub fn ask<G: EngineGame>(
    engine: &mut dyn Engine<G>,
    g: &G,
    pos: &G::Position,
    rng: &mut Rng,
) -> Result<usize, Failure> {
    let mv = engine.try_choose(g, pos, rng).map_err(|f| Failure {
        kind: f.kind.as_str(),
        detail: f.detail,
    })?;
    g.legal_moves(pos)
        .iter()
        .position(|&m| m == mv)
        .ok_or_else(|| Failure {
            kind: crate::engine::FaultKind::Illegal.as_str(),
            detail: "a move that is not legal".to_string(),
        })
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
    /// The kind of the engine's failure when it gave no legal move ([`Failure::kind`]).
    pub failed: Option<&'static str>,
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
    judge_all(g, spec, oracle, positions, values, seed).0
}

/// [`judge`], and the first failure in the positions' order.
fn judge_all<G: Rated>(
    g: &G,
    spec: &EngineSpec,
    oracle: Option<&Arc<dyn Oracle<G>>>,
    positions: &[G::Position],
    values: &[Vec<i32>],
    seed: u64,
) -> (Vec<Judged>, Option<Failure>) {
    let asked: Vec<(Judged, Option<Failure>)> = positions
        .par_iter()
        .zip(values)
        .enumerate()
        .map(|(k, (pos, values))| {
            let mut e = spec.build(oracle.cloned());
            let best = *values.iter().max().expect("positions have moves");
            let asked = ask(e.as_mut(), g, pos, &mut Rng::for_game(seed, k as u64));
            let j = Judged {
                seeds: g.board_seeds(pos),
                best,
                played: asked.as_ref().map_or(g.forfeit(pos), |&i| values[i]),
                failed: asked.as_ref().err().map(|f| f.kind),
            };
            (j, asked.err())
        })
        .collect();
    let first = asked.iter().find_map(|(_, f)| f.clone());
    (asked.into_iter().map(|(j, _)| j).collect(), first)
}

/// The figures of a set of judged moves.
#[derive(Clone, Debug, PartialEq)]
pub struct Figures {
    /// Moves judged.
    pub positions: u64,
    /// Moves the engine failed to give.
    pub failures: u64,
    /// Those failures by kind ([`Failure::kind`]).
    pub failures_by_kind: BTreeMap<&'static str, u64>,
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
            failures: count(&|j| j.failed.is_some()),
            failures_by_kind: moves.iter().filter_map(|j| j.failed).fold(
                BTreeMap::new(),
                |mut m, k| {
                    *m.entry(k).or_insert(0) += 1;
                    m
                },
            ),
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
    /// The first failure, in the positions' order (`None`: none).
    pub first_failure: Option<Failure>,
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
    let (judged, first_failure) =
        judge_all(g, spec, oracle, &sample.positions, &sample.values, seed);
    let most = judged.iter().map(|j| j.seeds).max().unwrap_or(range.lo);
    let shown = SeedsRange {
        lo: range.lo,
        hi: range.hi.min(most).max(range.lo),
    };
    Rating {
        engine: spec.to_string(),
        first_failure,
        all: Figures::of(judged.iter()),
        buckets: buckets(shown)
            .into_iter()
            .map(|b| (b, Figures::of(judged.iter().filter(|j| b.holds(j.seeds)))))
            .collect(),
    }
}

/// The seeds range of a request: the one asked for, else `1..=top`.
fn range_of(asked: Option<SeedsRange>, top: u32) -> SeedsRange {
    asked.unwrap_or(SeedsRange { lo: 1, hi: top })
}

/// The most seeds on the board whose two-row tables (every slice up to it) at `width` hold
/// at most [`MAX_TABLE_POSITIONS`] positions.
pub fn table_seeds(width: usize) -> u32 {
    use mancala_tablebases::tworow::plan::whole_game_positions;
    (0..=255u32)
        .take_while(|&k| whole_game_positions(width, k).is_some_and(|n| n <= MAX_TABLE_POSITIONS))
        .last()
        .unwrap_or(0)
}

/// The tables valuing a two-row game's positions with up to `hi` seeds (`top`: the most
/// seeds in play): a complete `--tablebases` folder's as they are, else built up to `hi` (in
/// that folder, or in memory) when they hold at most [`MAX_TABLE_POSITIONS`] positions.
fn two_row_oracle(
    g: &TwoRow,
    r: &RateRequest,
    top: u32,
) -> Result<(SeedsRange, Arc<dyn Oracle<TwoRow>>), Fail> {
    let err = |e: &mancala_tablebases::Error| Fail(crate::error::tables_message(e));
    let held = match r.tablebases.as_deref() {
        Some(d) if d.exists() => mancala_tablebases::Tablebases::open(d, g)
            .map_err(|e| err(&e))?
            .complete_up_to()
            .unwrap_or(0),
        _ => 0,
    };
    let fits = table_seeds(g.width()).max(held);
    let range = range_of(r.seeds, top.min(fits));
    if range.hi.min(top) > fits {
        return Err(Fail(format!(
            "rate: valuing positions of {} with up to {} seeds on the board takes tables of more than {MAX_TABLE_POSITIONS} positions: pass --seeds-range {}..{fits} or less, a smaller board (--width, --seeds), or --tablebases DIR with tables built that far (`mancala tablebase build`)",
            g.variant_id(),
            range.hi.min(top),
            if range.lo <= fits { range.lo } else { 1 }
        )));
    }
    let budget = mancala_solver::Budget {
        tables: r.tablebases.clone(),
        ..mancala_solver::Budget::new(r.threads)
    };
    let planner = mancala_tablebases::tworow::plan::Planner::new(g, &budget);
    let t = planner
        .tables_for(range.hi.min(top), &mut |_| {})
        .map_err(|e| err(&e))?
        .ok_or_else(|| {
            Fail(format!(
                "rate: the tables of {} up to {} seeds do not fit in memory",
                g.variant_id(),
                range.hi.min(top)
            ))
        })?;
    Ok((range, Arc::new(t)))
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
    let pool = crate::args::pool(r.threads)?;
    let err = |e: &mancala_tablebases::Error| Fail(crate::error::tables_message(e));
    let dir = r.tablebases.as_deref();
    let required = |id: &str| {
        Fail(format!(
            "rate: {id} is rated only by its endgame tables: pass --tablebases DIR holding them (`mancala tablebase build {id} ...`)"
        ))
    };
    match game {
        AnyGame::Two(g, pos) => {
            let top = g.board_seeds(&pos);
            let (range, oracle) = pool.install(|| two_row_oracle(&g, r, top))?;
            pool.install(|| rate_on(&*g, &pos, range, oracle, &spec, r))
        }
        AnyGame::Four(g, pos) => {
            let oracle = crate::solve::four_tables(&g, dir)?.ok_or_else(|| required(g.variant_id()))?;
            let range = range_of(r.seeds, g.board_seeds(&pos));
            pool.install(|| rate_on(&g, &pos, range, Arc::new(oracle), &spec, r))
        }
        AnyGame::Morris(g, pos) => {
            let t = match dir {
                None => None,
                Some(d) => Some(
                    mancala_tablebases::morris::MorrisTables::open(d, &g).map_err(|e| err(&e))?,
                ),
            };
            let t = t.filter(|t| !t.is_empty()).ok_or_else(|| required(g.variant_id()))?;
            let range = range_of(r.seeds, g.board_seeds(&pos));
            pool.install(|| rate_on(&g, &pos, range, Arc::new(t), &spec, r))
        }
        AnyGame::Isolo(g, _) => Err(Fail(format!(
            "rate: {} has no endgame tables to value its positions; rate engines on the two-row, four-row or morris games",
            g.kind().id()
        ))),
    }
}

/// [`rate`] on one game, its positions' seeds within `range`, valued by `oracle`.
fn rate_on<G: Rated>(
    g: &G,
    start: &G::Position,
    range: SeedsRange,
    oracle: Arc<dyn Oracle<G>>,
    spec: &EngineSpec,
    r: &RateRequest,
) -> Result<json::Rate, Fail> {
    if g.outcome(start).is_some() {
        return Err(Fail("rate: the game is already over at the start".into()));
    }
    let s = sample(g, start, oracle.as_ref(), range, r.positions, r.seed);
    if s.positions.is_empty() {
        return Err(Fail(format!(
            "rate: no position of {} with {}..{} seeds on the board, at least two moves and every move in the tables was reached in {} games: widen --seeds-range or give larger tables",
            g.variant_id(),
            range.lo,
            range.hi,
            s.games,
        )));
    }
    let rating = rate_sample(g, spec, Some(&oracle), &s, range, r.seed);
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

    /// Every position of `g` (12 seeds at most), in tables built in memory.
    fn tables(g: &TwoRow) -> Arc<dyn Oracle<TwoRow>> {
        let one = mancala_solver::Budget::new(1);
        let planner = mancala_tablebases::tworow::plan::Planner::new(g, &one);
        Arc::new(planner.tables_for(12, &mut |_| {}).unwrap().unwrap())
    }

    fn rated(g: &TwoRow, engine: &str, n: u32, seed: u64) -> Rating {
        let range = SeedsRange { lo: 1, hi: 12 };
        let o = tables(g);
        let s = sample(g, &g.start(), o.as_ref(), range, n, seed);
        rate_sample(g, &engine.parse().unwrap(), Some(&o), &s, range, seed)
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
        // The tables' values are the exact values of the children, checked one by one by the
        // solver on each child.
        let g = small(Kind::Kalah);
        let o = tables(&g);
        let s = sample(
            &g,
            &g.start(),
            o.as_ref(),
            SeedsRange { lo: 1, hi: 12 },
            15,
            2,
        );
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
        let j = |seeds, best, played, failed: bool| Judged {
            seeds,
            best,
            played,
            failed: failed.then_some("illegal"),
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
        assert_eq!(f.failures_by_kind, BTreeMap::from([("illegal", 1)]));
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
        assert_eq!(
            SeedsRange::parse("2..9").unwrap(),
            SeedsRange { lo: 2, hi: 9 }
        );
        for bad in ["9..2", "x..3", "3", "1..-1", ""] {
            assert!(SeedsRange::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_sample_is_the_same_on_any_pool() {
        let g = small(Kind::Kalah);
        let run = |t: usize| {
            let pool = crate::args::pool(t).unwrap();
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
                (0..g.width() as u8)
                    .find(|m| !legal.contains(m))
                    .expect("an empty pit")
            }
        }
        let g = small(Kind::Oware);
        let pos = g.play(&g.start(), g.legal_moves(&g.start())[0]);
        let pos = g.play(&pos, g.legal_moves(&pos)[0]);
        let asked = ask(&mut Empty, &g, &pos, &mut Rng::new(1));
        let f = asked.unwrap_err();
        assert_eq!(
            (f.kind, f.detail.as_str()),
            ("illegal", "a move that is not legal")
        );
        assert_eq!(g.forfeit(&pos), -12, "no capture yet: every seed lost");
        let values = crate::engine::perfect::exact_values(&g, None, &pos, 4);
        assert!(values.iter().all(|&v| v >= g.forfeit(&pos)));
    }
}
