//! Game-playing engines behind one trait, for matches, strength ladders and reports.
//!
//! | spec | engine |
//! | --- | --- |
//! | `random` | a uniformly random legal move |
//! | `greedy` | the move with the best immediate gain (seeds won by this move alone, the final share-out included when it ends the game), ties broken at random |
//! | `alphabeta[:depth=D]`, `alphabeta:nodes=N`, `alphabeta:time=MS` | negamax alpha-beta by iterative deepening (ordering, a small table) with the heuristic evaluation of [`EngineGame::evaluate`] at the horizon, to depth D, or as deep as N nodes a move or MS milliseconds a move allow; ties broken at random (default depth 4) |
//! | `mcts[:iters=N][:c=C]` | UCT Monte-Carlo tree search with random playouts (default 1000 iterations, C = 1.4) |
//! | `perfect[:tt=MB][:time=MS]` | the exact solver ([`mancala_solver::search::Solver`]), helped by tablebases when given: only for positions small enough to solve; with `time`, the solver's move when the time runs out (then not exact) |
//!
//! Parameters follow the name after colons, `name=value`, e.g. `alphabeta:depth=6`,
//! `mcts:iters=2000:c=1.0` (commas are accepted too: `mcts:iters=2000,c=1.0`).
//!
//! # Determinism
//!
//! An engine draws every random choice from the [`Rng`] it is handed, and keeps no state
//! from one game to the next that changes its choices, so a game is a function of the
//! engines' specs and the generator's seed, as long as the engines' budgets count work
//! (`depth`, `nodes`, `iters`). The time limits (`alphabeta:time=`, `perfect:time=`) depend
//! on the machine's speed and load, so games with them are not reproducible; the reports use
//! counted budgets only.
//!
//! # Games
//!
//! Engines are generic over the rules traits ([`Game`], [`MarginGame`]); a rules type plugs
//! in by implementing [`EngineGame`], whose methods all have defaults (the seeds won so far),
//! and overrides them where its family needs: the two-row evaluation adds the seeds on each
//! row, the four-row games (won or lost, nothing counted before the end) score a finished
//! game as a win or loss and count the seeds held. `docs/ENGINES.md` explains each choice.

pub mod alphabeta;
pub mod bench;
pub mod greedy;
pub mod mcts;
pub mod perfect;
pub mod random;
mod spec;

use mancala_solver::error::ConfigError;
use mancala_solver::game::{Game, MarginGame};
pub use mancala_solver::rng::Rng;
use mancala_solver::search::Oracle;
use mancala_solver::tworow::{Kind, TwoRow, TwoRowPos};
pub(crate) use spec::SpecText;
use std::fmt;
use std::sync::Arc;

/// A player: chooses a move in a position that is not over.
pub trait Engine<G: Game>: Send {
    /// The engine's spec with every parameter written out (e.g. `alphabeta:depth=4`).
    fn name(&self) -> String;
    /// Chooses a legal move of `pos`, which must have one. Random choices come from `rng`.
    fn choose(&mut self, game: &G, pos: &G::Position, rng: &mut Rng) -> G::Move;
    /// Nodes (positions visited) since the engine was made, for benchmarks.
    fn nodes(&self) -> u64 {
        0
    }
}

/// What the engines need of a rules type beyond [`MarginGame`]: a heuristic evaluation.
pub trait EngineGame: MarginGame<Key = u128> {
    /// A heuristic value of `pos` for the side to move, in quarter seeds, used by
    /// `alphabeta` at its horizon. The default is four times the seeds won so far
    /// ([`MarginGame::margin`]). It must differ from `4 * margin` only by a function of
    /// [`MarginGame::key`] (alpha-beta's table stores values less `4 * margin`).
    fn evaluate(&self, pos: &Self::Position) -> i32 {
        4 * self.margin(pos)
    }
    /// The value of a finished game for the side to move, on the scale of
    /// [`EngineGame::evaluate`]. The default is 4 × the final margin (seed games); a game
    /// scored only by win or loss returns ± [`alphabeta::WIN`], which alpha-beta shortens by
    /// the plies to the end.
    fn terminal(&self, pos: &Self::Position) -> i32 {
        4 * self.final_margin(pos)
    }
    /// Material for the side to move (mover minus opponent), for `greedy`'s immediate gain
    /// and alpha-beta's move ordering. The default is the seeds won so far.
    fn material(&self, pos: &Self::Position) -> i32 {
        self.margin(pos)
    }
}

/// The two-row evaluation, per family, in quarter seeds (mover minus opponent):
///
/// - every family: 4 × the seeds captured (or stored) so far;
/// - kalah, oware, kpo, warri: plus 1 × (seeds on the mover's row − seeds on the opponent's
///   row). In kalah, oware and kpo the seeds left on a row at the end go to its owner
///   (docs/RULES.md), so a seed on one's own row is worth something; in warri too, unless the
///   game ends by a starved player taking everything — a quarter seed is a mild guess;
/// - kale: nothing more, since the seeds left at the end count for nobody (Good: "The
///   counters that remain in the board at the end of the game are not counted by either
///   player").
impl EngineGame for TwoRow {
    fn evaluate(&self, pos: &TwoRowPos) -> i32 {
        let w = self.width();
        let own = pos.pits().sum_first(w) as i32;
        let opp = pos.pits().sum_first(2 * w) as i32 - own;
        let won = 4 * self.margin(pos);
        match self.kind() {
            Kind::Kale => won,
            Kind::Kalah | Kind::Oware | Kind::Kpo | Kind::Warri => won + own - opp,
        }
    }
}

/// The four-row games (metric `wdl`: nothing is won before the end; the player to move who
/// has no legal move has lost):
///
/// - a finished game is ± [`alphabeta::WIN`] (less the plies to it, in alpha-beta), far
///   beyond any evaluation, so a win within the horizon always counts first;
/// - material and the evaluation: the seeds a side holds (its two rows, plus its store in
///   mwambulula), mover minus opponent, the evaluation in quarter seeds (4 × material). A
///   player loses when he can no longer move, which comes from having few seeds left (the
///   removal games take captured seeds off the board; in chisolo-ii and mwambulula the
///   capturer re-sows them on his side, so the holdings move the same way), so the seed
///   difference is the natural guide; mobility would cost a move generation at every leaf.
impl EngineGame for mancala_solver::fourrow::FourRow {
    fn evaluate(&self, pos: &mancala_solver::fourrow::FourRowPos) -> i32 {
        4 * self.material(pos)
    }
    fn terminal(&self, pos: &mancala_solver::fourrow::FourRowPos) -> i32 {
        alphabeta::WIN * self.final_margin(pos).signum()
    }
    fn material(&self, pos: &mancala_solver::fourrow::FourRowPos) -> i32 {
        let held = self.seeds_held(pos);
        let me = self.to_move(pos).index();
        held[me] as i32 - held[1 - me] as i32
    }
}

/// The arrangements an engine chooses among in the Isolo games' arrangement phases.
pub const ISOLO_CANDIDATES: usize = 48;

/// The Isolo games (metric `wdl`; play [`Isolo::for_engines`], whose arrangement phases offer
/// a bounded list of candidates): a finished game is ± [`alphabeta::WIN`]; material and the
/// evaluation are the seeds a side holds, mover minus opponent (4 × material in quarter
/// seeds). Nothing leaves the board and a player loses when his holes are empty, so the seeds
/// held are the natural guide, as in the four-row games.
///
/// [`Isolo::for_engines`]: mancala_solver::isolo::Isolo::for_engines
impl EngineGame for mancala_solver::isolo::Isolo {
    fn evaluate(&self, pos: &mancala_solver::isolo::IsoloPos) -> i32 {
        4 * self.material(pos)
    }
    fn terminal(&self, pos: &mancala_solver::isolo::IsoloPos) -> i32 {
        alphabeta::WIN * self.final_margin(pos).signum()
    }
    fn material(&self, pos: &mancala_solver::isolo::IsoloPos) -> i32 {
        let me = pos.side;
        self.seeds_of(pos, me) as i32 - self.seeds_of(pos, me.opponent()) as i32
    }
}

/// The morris games (metric `wdl`): a finished game is ± [`alphabeta::WIN`]; material is the
/// counters a side still has (on the board and in hand), mover minus opponent; the
/// evaluation, for the side to move (mover minus opponent):
///
/// - 16 × material: a counter lost is a line the loser can no longer make, and three lost
///   short of the end is the game;
/// - 2 × the *open twos*: lines holding two of a side's counters and an empty third point,
///   each a line of three one move away (a placement, or a flight or a step into it);
/// - once every counter is entered, 1 × the counters that can move (an empty neighbour, or
///   an outside corner's flight, or any counter of a side that flies with three): a side
///   that cannot move has lost.
impl EngineGame for mancala_solver::morris::Morris {
    fn evaluate(&self, pos: &mancala_solver::morris::MorrisPos) -> i32 {
        use mancala_solver::morris::board::{ALL, OUTER_CORNERS};
        let me = pos.side.index();
        let empty = ALL & !(pos.men[0] | pos.men[1]);
        let open_twos = |s: usize| {
            let (mine, theirs) = (pos.men[s], pos.men[1 - s]);
            self.lines()
                .iter()
                .filter(|&&l| (mine & l).count_ones() == 2 && theirs & l == 0)
                .count() as i32
        };
        let mut v = 16 * self.material(pos) + 2 * (open_twos(me) - open_twos(1 - me));
        if mancala_solver::morris::Morris::entered(pos) {
            let o = self.options();
            let corners = if o.corners_fly { OUTER_CORNERS } else { 0 };
            let adj = self.adjacency();
            let mobile = |s: usize| {
                let men = pos.men[s];
                if empty == 0 || o.fly_three && men.count_ones() == 3 {
                    return if empty == 0 { 0 } else { 3 };
                }
                (0..adj.len())
                    .filter(|&p| {
                        men >> p & 1 == 1 && (corners >> p & 1 == 1 || adj[p] & empty != 0)
                    })
                    .count() as i32
            };
            v += mobile(me) - mobile(1 - me);
        }
        v
    }
    fn terminal(&self, pos: &mancala_solver::morris::MorrisPos) -> i32 {
        alphabeta::WIN * self.final_margin(pos).signum()
    }
    fn material(&self, pos: &mancala_solver::morris::MorrisPos) -> i32 {
        let me = pos.side.index();
        let held = |s: usize| pos.men[s].count_ones() as i32 + pos.hand[s] as i32;
        held(me) - held(1 - me)
    }
}

/// A parsed engine spec: which engine and its parameters.
#[derive(Clone, Debug, PartialEq)]
pub enum EngineSpec {
    /// Uniformly random legal moves.
    Random,
    /// Best immediate gain.
    Greedy,
    /// Alpha-beta by iterative deepening.
    AlphaBeta {
        /// Its depth, node budget or time limit.
        limit: alphabeta::Limit,
    },
    /// UCT Monte-Carlo tree search.
    Mcts {
        /// Playouts per move.
        iters: u32,
        /// The exploration constant of UCT.
        c: f64,
    },
    /// Exact solver (with tablebases when given).
    Perfect {
        /// Transposition table of the solver, MiB.
        tt_mb: usize,
        /// Milliseconds a move (`None`: solve exactly, however long it takes).
        time_ms: Option<u64>,
    },
}

impl fmt::Display for EngineSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineSpec::Random => write!(f, "random"),
            EngineSpec::Greedy => write!(f, "greedy"),
            EngineSpec::AlphaBeta { limit } => match limit {
                alphabeta::Limit::Depth(d) => write!(f, "alphabeta:depth={d}"),
                alphabeta::Limit::Nodes(n) => write!(f, "alphabeta:nodes={n}"),
                alphabeta::Limit::Time(ms) => write!(f, "alphabeta:time={ms}"),
            },
            EngineSpec::Mcts { iters, c } => write!(f, "mcts:iters={iters}:c={c}"),
            EngineSpec::Perfect { tt_mb, time_ms } => match time_ms {
                None => write!(f, "perfect:tt={tt_mb}"),
                Some(ms) => write!(f, "perfect:tt={tt_mb}:time={ms}"),
            },
        }
    }
}

const ENGINES: &str = "random, greedy, alphabeta[:depth=D|:nodes=N|:time=MS], mcts[:iters=N][:c=C], perfect[:tt=MB][:time=MS]";

impl std::str::FromStr for EngineSpec {
    type Err = ConfigError;

    /// Parses `name[:param=value]...` (parameters also separated by commas).
    fn from_str(text: &str) -> Result<EngineSpec, ConfigError> {
        let spec = SpecText::parse(
            text,
            |name| match name {
                "random" | "greedy" => Some(&[]),
                "alphabeta" => Some(&["depth", "nodes", "time"]),
                "mcts" => Some(&["iters", "c"]),
                "perfect" => Some(&["tt", "time"]),
                _ => None,
            },
            |name| format!("unknown engine '{name}': expected one of {ENGINES}"),
        )?;
        Ok(match spec.name {
            "random" => EngineSpec::Random,
            "greedy" => EngineSpec::Greedy,
            "alphabeta" => {
                let given: Vec<&str> = ["depth", "nodes", "time"]
                    .into_iter()
                    .filter(|k| spec.get(k).is_some())
                    .collect();
                if given.len() > 1 {
                    return Err(spec.bad(format!(
                        "give one of depth, nodes, time (got {})",
                        given.join(" and ")
                    )));
                }
                let limit = match given.first().copied() {
                    Some("nodes") => alphabeta::Limit::Nodes(spec.int("nodes", 0, 1, 1 << 40)?),
                    Some("time") => alphabeta::Limit::Time(spec.int("time", 0, 1, 86_400_000)?),
                    _ => alphabeta::Limit::Depth(spec.int("depth", 4, 1, 64)? as u32),
                };
                EngineSpec::AlphaBeta { limit }
            }
            "mcts" => EngineSpec::Mcts {
                iters: spec.int("iters", 1000, 1, 100_000_000)? as u32,
                c: spec.exploration()?,
            },
            _ => EngineSpec::Perfect {
                tt_mb: spec.int("tt", 16, 1, 65536)? as usize,
                time_ms: match spec.get("time") {
                    None => None,
                    Some(_) => Some(spec.int("time", 0, 1, 86_400_000)?),
                },
            },
        })
    }
}

impl EngineSpec {
    /// Makes the engine. `oracle` (endgame tablebases) is used by `perfect` only.
    pub fn build<G: EngineGame + 'static>(
        &self,
        oracle: Option<Arc<dyn Oracle<G>>>,
    ) -> Box<dyn Engine<G>> {
        match *self {
            EngineSpec::Random => Box::new(random::RandomEngine::default()),
            EngineSpec::Greedy => Box::new(greedy::Greedy::default()),
            EngineSpec::AlphaBeta { limit } => Box::new(alphabeta::AlphaBeta::with_limit(limit)),
            EngineSpec::Mcts { iters, c } => Box::new(mcts::Mcts::new(iters, c)),
            EngineSpec::Perfect { tt_mb, time_ms } => {
                Box::new(perfect::Perfect::new(tt_mb, oracle).with_time(time_ms))
            }
        }
    }
}

/// The value of `mv` in `pos` for the side to move, given the child's value `child` for the
/// child's side to move: the child's own side to move may be the same (an extra move).
pub fn from_child<G: Game>(game: &G, pos: &G::Position, child: &G::Position, v: i32) -> i32 {
    if game.to_move(child) == game.to_move(pos) {
        v
    } else {
        -v
    }
}

/// Picks uniformly among the indices of `values` that reach the maximum.
pub(crate) fn pick_best(values: &[i32], rng: &mut Rng) -> usize {
    let best = *values.iter().max().expect("at least one move");
    let ties: Vec<usize> = (0..values.len()).filter(|&i| values[i] == best).collect();
    ties[rng.below(ties.len())]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_parse_and_print() {
        let cases = [
            ("random", "random"),
            ("greedy", "greedy"),
            ("alphabeta", "alphabeta:depth=4"),
            ("alphabeta:depth=6", "alphabeta:depth=6"),
            ("mcts:iters=2000", "mcts:iters=2000:c=1.4"),
            ("mcts:iters=50,c=0.5", "mcts:iters=50:c=0.5"),
            ("perfect", "perfect:tt=16"),
            ("alphabeta:nodes=5000", "alphabeta:nodes=5000"),
            ("alphabeta:time=50", "alphabeta:time=50"),
            ("perfect:time=200", "perfect:tt=16:time=200"),
        ];
        for (text, shown) in cases {
            let s: EngineSpec = text.parse().unwrap();
            assert_eq!(s.to_string(), shown);
            assert_eq!(shown.parse::<EngineSpec>().unwrap(), s);
        }
    }

    #[test]
    fn bad_specs_say_why() {
        for (text, why) in [
            ("minimax", "unknown engine"),
            ("alphabeta:depth=0", "depth=0"),
            ("alphabeta:depth", "not name=value"),
            ("alphabeta:iters=3", "unknown parameter 'iters'"),
            ("random:depth=3", "takes no parameter"),
            ("mcts:c=-1", "c=-1"),
            (
                "alphabeta:depth=3:time=10",
                "give one of depth, nodes, time",
            ),
            ("alphabeta:nodes=0", "nodes=0"),
            ("perfect:time=x", "time=x"),
            ("", "unknown engine"),
        ] {
            let e = text.parse::<EngineSpec>().unwrap_err().to_string();
            assert!(e.contains(why), "{text}: {e}");
        }
    }
}
