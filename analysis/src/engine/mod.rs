//! Game-playing engines behind one trait, for matches, strength ladders and reports.
//!
//! | spec | engine |
//! | --- | --- |
//! | `random` | a uniformly random legal move |
//! | `greedy` | the move with the best immediate gain (seeds won by this move alone, the final share-out included when it ends the game), ties broken at random |
//! | `alphabeta[:depth=D]`, `alphabeta:nodes=N`, `alphabeta:time=MS` | negamax alpha-beta by iterative deepening (ordering, a small table) with the heuristic evaluation of [`EngineGame::evaluate`] at the horizon, to depth D, or as deep as N nodes a move or MS milliseconds a move allow; ties broken at random (default depth 4) |
//! | `mcts[:iters=N][:c=C]` | UCT Monte-Carlo tree search with random playouts (default 1000 iterations, C = 1.4) |
//! | `cmd:<command line>`, `cmd[time=MS,...]:<command line>`, `ext:<name>[@<file>]` | an external program speaking the engine protocol (docs/ENGINE-PROTOCOL.md), see [`external`] |
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
//! Engines are generic over the rules traits ([`Game`](mancala_solver::game::Game),
//! [`MarginGame`](mancala_solver::game::MarginGame)); a rules type plugs
//! in by implementing [`EngineGame`], whose methods all have defaults (the seeds won so far),
//! and overrides them where its family needs: the two-row evaluation adds the seeds on each
//! row, the four-row games (won or lost, nothing counted before the end) score a finished
//! game as a win or loss and count the seeds held. `docs/ENGINES.md` explains each choice.

pub mod alphabeta;
mod describe;
pub mod external;
mod game;
pub(crate) mod greedy;
pub mod groups;
pub(crate) mod mcts;
pub(crate) mod perfect;
pub(crate) mod random;
mod spec;

pub use describe::Describe;
pub use game::{from_child, Engine, EngineGame, Fault, FaultKind, ISOLO_CANDIDATES, STDERR_LINES};
use mancala_solver::error::ConfigError;
pub use mancala_solver::rng::Rng;
use mancala_solver::search::Oracle;
pub(crate) use spec::SpecText;
use std::fmt;
use std::sync::Arc;

/// A parsed engine spec: which engine and its parameters.
///
/// # Example
///
/// ```
/// use mancala_analysis::engine::EngineSpec;
///
/// let spec: EngineSpec = "alphabeta:depth=6".parse()?;
/// assert_eq!(spec.to_string(), "alphabeta:depth=6");
/// // Commas between parameters read as colons; the spec is written back with colons.
/// let mcts: EngineSpec = "mcts:iters=200,c=1".parse()?;
/// assert_eq!(mcts.to_string(), "mcts:iters=200:c=1");
/// assert!("minimax".parse::<EngineSpec>().is_err());
/// # Ok::<(), mancala_solver::ConfigError>(())
/// ```
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
    /// A program speaking the engine protocol (docs/ENGINE-PROTOCOL.md).
    External(Box<external::ExternalSpec>),
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
            EngineSpec::External(x) => write!(f, "{}", x.label),
        }
    }
}

const ENGINES: &str = "random, greedy, alphabeta[:depth=D|:nodes=N|:time=MS], mcts[:iters=N][:c=C], perfect[:tt=MB][:time=MS], cmd:<command line>, cmd[time=MS,...]:<command line>, ext:<name>[@<file>]";

impl std::str::FromStr for EngineSpec {
    type Err = ConfigError;

    /// Parses `name[:param=value]...` (parameters also separated by commas).
    fn from_str(text: &str) -> Result<EngineSpec, ConfigError> {
        if let Some(x) = external::ExternalSpec::parse(text) {
            return Ok(EngineSpec::External(Box::new(x?)));
        }
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
        match self {
            EngineSpec::Random => Box::new(random::RandomEngine::default()),
            EngineSpec::Greedy => Box::new(greedy::Greedy::default()),
            EngineSpec::AlphaBeta { limit } => Box::new(alphabeta::AlphaBeta::with_limit(*limit)),
            EngineSpec::Mcts { iters, c } => Box::new(mcts::Mcts::new(*iters, *c)),
            EngineSpec::Perfect { tt_mb, time_ms } => {
                Box::new(perfect::Perfect::new(*tt_mb, oracle).with_time(*time_ms))
            }
            EngineSpec::External(x) => Box::new(external::External::new((**x).clone())),
        }
    }
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
