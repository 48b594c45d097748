//! The `--json` shape of `mancala rate`: an engine's moves scored against perfect play.

use crate::rate::{Figures, RateRequest, Rating, Sample, SeedsRange, Unit};
use crate::shape::Start;
use crate::stats::{Mean, Rate as Share};
use mancala_solver::Notation;
use serde::Serialize;

/// A share with its 95% Wilson interval.
#[derive(Serialize)]
pub struct Interval {
    /// The share (or mean).
    pub value: f64,
    /// Lower end.
    pub lo: f64,
    /// Upper end.
    pub hi: f64,
}

impl Interval {
    /// From a share.
    pub fn share(r: Share) -> Interval {
        Interval {
            value: r.p,
            lo: r.lo,
            hi: r.hi,
        }
    }

    /// From a mean.
    pub fn mean(m: Mean) -> Interval {
        Interval {
            value: m.mean,
            lo: m.lo,
            hi: m.hi,
        }
    }
}

/// The figures of a set of rated moves.
#[derive(Serialize)]
pub struct RateFigures {
    /// The fewest and most seeds on the board of the set's positions (both included).
    pub seeds: [u32; 2],
    /// Positions (moves judged).
    pub positions: u64,
    /// Moves the engine failed to give (an error or a move that is not legal), each counted
    /// as losing everything.
    pub failures: u64,
    /// Those failures by kind: `start`, `time`, `illegal`, `protocol`, `crash`
    /// (docs/ENGINE-PROTOCOL.md; `illegal` too for a built-in engine's move that is not legal).
    pub failures_by_kind: std::collections::BTreeMap<&'static str, u64>,
    /// Won positions.
    pub won: u64,
    /// Won positions where the engine's move throws the win away (to a draw or a loss).
    pub wins_thrown: u64,
    /// `wins_thrown / won` with its 95% Wilson interval.
    pub wins_thrown_share: Interval,
    /// Drawn positions.
    pub drawn: u64,
    /// Drawn positions where the engine's move loses.
    pub draws_thrown: u64,
    /// `draws_thrown / drawn` with its 95% Wilson interval.
    pub draws_thrown_share: Interval,
    /// Moves that lose value against the best move.
    pub losing_moves: u64,
    /// `losing_moves / positions` with its 95% Wilson interval.
    pub losing_share: Interval,
    /// The mean value lost per move against the best move, with its normal 95% interval
    /// (cut at 0).
    pub mean_loss: Interval,
}

impl RateFigures {
    /// The shape of `f` over `seeds`.
    pub fn new(seeds: SeedsRange, f: &Figures) -> RateFigures {
        RateFigures {
            seeds: [seeds.lo, seeds.hi],
            positions: f.positions,
            failures: f.failures,
            failures_by_kind: f.failures_by_kind.clone(),
            won: f.won,
            wins_thrown: f.wins_thrown,
            wins_thrown_share: Interval::share(f.wins_rate()),
            drawn: f.drawn,
            draws_thrown: f.draws_thrown,
            draws_thrown_share: Interval::share(f.draws_rate()),
            losing_moves: f.losing,
            losing_share: Interval::share(f.losing_rate()),
            mean_loss: Interval::mean(f.loss),
        }
    }
}

/// `rate --json`.
#[derive(Serialize)]
pub struct Rate {
    /// The variant and the position the sampled games start from.
    #[serde(flatten)]
    pub at: Start,
    /// The engine's spec with every parameter written out.
    pub engine: String,
    /// What values count: `seeds` (final seed difference) or `results` (win 1, draw 0,
    /// loss −1).
    pub unit: &'static str,
    /// The seed of the positions and of the engine's random choices.
    pub seed: u64,
    /// Positions asked for.
    pub positions_asked: u32,
    /// Games played to find the positions.
    pub games: u64,
    /// Distinct positions found, from which the rated ones were drawn.
    pub pool: u64,
    /// The folder of endgame tables given (`null`: two-row tables built in memory).
    pub tablebases: Option<String>,
    /// Every rated position (`seeds`: the seeds range asked for, or the default).
    pub all: RateFigures,
    /// By the seeds on the board, in order.
    pub buckets: Vec<RateFigures>,
    /// The first failure, in the positions' order, as `kind: detail` (`null`: none).
    pub first_failure: Option<String>,
}

impl Rate {
    /// The shape of `rating` on `g` from `start`.
    pub fn new<G: Notation>(
        g: &G,
        start: &G::Position,
        unit: Unit,
        range: SeedsRange,
        r: &RateRequest,
        s: &Sample<G::Position>,
        rating: &Rating,
    ) -> Rate {
        Rate {
            at: Start::new(g, start),
            engine: rating.engine.clone(),
            unit: unit.as_str(),
            seed: r.seed,
            positions_asked: r.positions,
            games: s.games,
            pool: s.pool,
            tablebases: r.tablebases.as_ref().map(|d| d.display().to_string()),
            all: RateFigures::new(range, &rating.all),
            buckets: rating
                .buckets
                .iter()
                .map(|(b, f)| RateFigures::new(*b, f))
                .collect(),
            first_failure: rating.first_failure.as_ref().map(|f| f.to_string()),
        }
    }
}
