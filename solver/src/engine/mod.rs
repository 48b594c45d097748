//! Game-playing engines behind one trait, for matches, strength ladders and reports.
//!
//! | spec | engine |
//! | --- | --- |
//! | `random` | a uniformly random legal move |
//! | `greedy` | the move with the best immediate gain (seeds won by this move alone, the final share-out included when it ends the game), ties broken at random |
//! | `alphabeta[:depth=D]` | fixed-depth negamax alpha-beta with the heuristic evaluation of [`EngineGame::evaluate`] at the horizon, ties broken at random (default depth 4) |
//! | `mcts[:iters=N][:c=C]` | UCT Monte-Carlo tree search with random playouts (default 1000 iterations, C = 1.4) |
//! | `perfect[:tt=MB]` | the exact solver ([`crate::search::Solver`]), helped by tablebases when given: only for positions small enough to solve |
//!
//! Parameters follow the name after colons, `name=value`, e.g. `alphabeta:depth=6`,
//! `mcts:iters=2000:c=1.0` (commas are accepted too: `mcts:iters=2000,c=1.0`).
//!
//! # Determinism
//!
//! An engine draws every random choice from the [`Rng`] it is handed, and keeps no state
//! from one game to the next that changes its choices, so a game is a function of the
//! engines' specs and the generator's seed. Node-count budgets (`depth`, `iters`) are used
//! instead of time limits for this reason.
//!
//! # Games
//!
//! Engines are generic over the rules traits ([`Game`], [`MarginGame`]); a rules type plugs
//! in by implementing [`EngineGame`], whose only method has a default (the seeds won so far),
//! so a new family (the four-row games) needs one line, `impl EngineGame for FourRow {}`,
//! and may later give a better evaluation.

pub mod alphabeta;
pub mod bench;
pub mod greedy;
pub mod mcts;
pub mod perfect;
pub mod random;
pub mod rng;

use crate::error::ConfigError;
use crate::game::{Game, MarginGame};
use crate::search::Oracle;
use crate::tworow::{Kind, TwoRow, TwoRowPos};
pub use rng::Rng;
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
    /// ([`MarginGame::margin`]); a finished game is scored by the search itself.
    fn evaluate(&self, pos: &Self::Position) -> i32 {
        4 * self.margin(pos)
    }
}

/// The two-row evaluation, per family, in quarter seeds (mover minus opponent):
///
/// - every family: 4 × the seeds captured (or stored) so far;
/// - kalah, oware, kpo, warri: plus 1 × (seeds on the mover's row − seeds on the opponent's
///   row). In kalah, oware and kpo the seeds left on a row at the end go to its owner
///   (RULES.md), so a seed on one's own row is worth something; in warri too, unless the
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

/// The four-row games (metric `wdl`: the final margin is ±1, nothing is won before the end)
/// take the default evaluation, 0 for every unfinished position: alpha-beta then only sees
/// wins and losses within its horizon, and MCTS is unaffected. A better evaluation (seeds on
/// the board, mobility) is left for later.
impl EngineGame for crate::fourrow::FourRow {}

/// A parsed engine spec: which engine and its parameters.
#[derive(Clone, Debug, PartialEq)]
pub enum EngineSpec {
    /// Uniformly random legal moves.
    Random,
    /// Best immediate gain.
    Greedy,
    /// Fixed-depth alpha-beta.
    AlphaBeta {
        /// Plies searched (extra moves count as plies).
        depth: u32,
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
    },
}

impl fmt::Display for EngineSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineSpec::Random => write!(f, "random"),
            EngineSpec::Greedy => write!(f, "greedy"),
            EngineSpec::AlphaBeta { depth } => write!(f, "alphabeta:depth={depth}"),
            EngineSpec::Mcts { iters, c } => write!(f, "mcts:iters={iters}:c={c}"),
            EngineSpec::Perfect { tt_mb } => write!(f, "perfect:tt={tt_mb}"),
        }
    }
}

const ENGINES: &str = "random, greedy, alphabeta[:depth=D], mcts[:iters=N][:c=C], perfect[:tt=MB]";

impl std::str::FromStr for EngineSpec {
    type Err = ConfigError;

    /// Parses `name[:param=value]...` (parameters also separated by commas).
    fn from_str(text: &str) -> Result<EngineSpec, ConfigError> {
        let bad = |why: String| ConfigError(format!("invalid engine '{text}': {why}"));
        let mut parts = text.split([':', ',']);
        let name = parts.next().unwrap_or("").trim();
        let mut params = Vec::new();
        for p in parts {
            let (k, v) = p
                .split_once('=')
                .ok_or_else(|| bad(format!("parameter '{p}' is not name=value")))?;
            params.push((k.trim(), v.trim()));
        }
        let allowed: &[&str] = match name {
            "random" | "greedy" => &[],
            "alphabeta" => &["depth"],
            "mcts" => &["iters", "c"],
            "perfect" => &["tt"],
            _ => {
                return Err(bad(format!(
                    "unknown engine '{name}': expected one of {ENGINES}"
                )))
            }
        };
        for (k, _) in &params {
            if !allowed.contains(k) {
                return Err(bad(if allowed.is_empty() {
                    format!("{name} takes no parameter, got '{k}'")
                } else {
                    format!(
                        "unknown parameter '{k}' of {name}: expected {}",
                        allowed.join(", ")
                    )
                }));
            }
        }
        let get = |k: &str| params.iter().rev().find(|p| p.0 == k).map(|p| p.1);
        let int = |k: &str, default: u64, lo: u64, hi: u64| -> Result<u64, ConfigError> {
            match get(k) {
                None => Ok(default),
                Some(v) => match v.parse::<u64>() {
                    Ok(n) if (lo..=hi).contains(&n) => Ok(n),
                    _ => Err(bad(format!("{k}={v}: expected an integer {lo}..{hi}"))),
                },
            }
        };
        Ok(match name {
            "random" => EngineSpec::Random,
            "greedy" => EngineSpec::Greedy,
            "alphabeta" => EngineSpec::AlphaBeta {
                depth: int("depth", 4, 1, 64)? as u32,
            },
            "mcts" => {
                let c = match get("c") {
                    None => 1.4,
                    Some(v) => match v.parse::<f64>() {
                        Ok(c) if c.is_finite() && (0.0..=100.0).contains(&c) => c,
                        _ => return Err(bad(format!("c={v}: expected a number 0..100"))),
                    },
                };
                EngineSpec::Mcts {
                    iters: int("iters", 1000, 1, 100_000_000)? as u32,
                    c,
                }
            }
            _ => EngineSpec::Perfect {
                tt_mb: int("tt", 16, 1, 65536)? as usize,
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
            EngineSpec::AlphaBeta { depth } => Box::new(alphabeta::AlphaBeta::new(depth)),
            EngineSpec::Mcts { iters, c } => Box::new(mcts::Mcts::new(iters, c)),
            EngineSpec::Perfect { tt_mb } => Box::new(perfect::Perfect::new(tt_mb, oracle)),
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
            ("", "unknown engine"),
        ] {
            let e = text.parse::<EngineSpec>().unwrap_err().to_string();
            assert!(e.contains(why), "{text}: {e}");
        }
    }
}
