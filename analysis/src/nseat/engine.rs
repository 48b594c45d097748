//! Engines for games of `n` seats, behind one trait, for matches and reports.
//!
//! | spec | engine |
//! | --- | --- |
//! | `random` | a uniformly random legal move |
//! | `greedy` | the move that takes the most seeds at once (the end's share-out included), ties at random |
//! | `maxn[:depth=D\|:nodes=N][:tie=T]` | max^n ([`mancala_solver::nseat::maxn`]) by iterative deepening to depth D (default 3) or as deep as N nodes a move allow; inner ties by rule T (`first`, `hurt-next`, `help-next`; default `first`), ties at the root at random |
//! | `paranoid[:depth=D\|:nodes=N]` | alpha-beta for the mover against all the others together ([`mancala_solver::nseat::paranoid`]), by iterative deepening to depth D (default 4) or as deep as N nodes a move allow; ties at random |
//! | `mcts[:iters=N][:c=C]` | UCT for `n` players: each node keeps the mean share of every seat, and the seat to move chooses by its own (default 1000 iterations, C = 1.4) |
//!
//! At a horizon both searches use [`SeatGame::estimate`]: for kpo, the seeds in a player's
//! own pits (his if the game ended now). Every random choice comes from the [`Rng`] handed
//! to the engine, and an engine keeps nothing from one game to the next, so a game is a
//! function of the specs and the generator's seed.

use crate::engine::mcts::{most_visited, random_playout};
use crate::engine::{Rng, SpecText};
use mancala_solver::error::ConfigError;
use mancala_solver::nseat::maxn::{MaxN, Tie};
use mancala_solver::nseat::paranoid::Paranoid;
use mancala_solver::nseat::{Scores, SeatGame, MAX_SEATS};
use std::fmt;

/// A player of a game of `n` seats.
pub trait SeatEngine<G: SeatGame>: Send {
    /// The spec with every parameter written out.
    fn name(&self) -> String;
    /// Chooses a legal move of `pos`, which must have one.
    fn choose(&mut self, game: &G, pos: &G::Position, rng: &mut Rng) -> G::Move;
    /// Nodes (positions visited) since the engine was made.
    fn nodes(&self) -> u64 {
        0
    }
}

/// How deep a search goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// To this many plies.
    Depth(u32),
    /// As deep as this many nodes a move allow (the last iteration that finished).
    Nodes(u64),
}

/// A parsed engine spec.
#[derive(Clone, Debug, PartialEq)]
pub enum SeatEngineSpec {
    /// Uniformly random.
    Random,
    /// The biggest immediate take.
    Greedy,
    /// Max^n.
    MaxN {
        /// Depth or nodes.
        limit: Limit,
        /// Inner tie rule.
        tie: Tie,
    },
    /// Paranoid alpha-beta.
    Paranoid {
        /// Depth or nodes.
        limit: Limit,
    },
    /// UCT.
    Mcts {
        /// Iterations a move.
        iters: u32,
        /// Exploration constant.
        c: f64,
    },
}

const ENGINES: &str = "random, greedy, maxn[:depth=D|:nodes=N][:tie=first|hurt-next|help-next], paranoid[:depth=D|:nodes=N], mcts[:iters=N][:c=C]";

impl fmt::Display for SeatEngineSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let lim = |l: &Limit| match l {
            Limit::Depth(d) => format!("depth={d}"),
            Limit::Nodes(n) => format!("nodes={n}"),
        };
        match self {
            SeatEngineSpec::Random => write!(f, "random"),
            SeatEngineSpec::Greedy => write!(f, "greedy"),
            SeatEngineSpec::MaxN { limit, tie } => {
                write!(f, "maxn:{}:tie={}", lim(limit), tie.as_str())
            }
            SeatEngineSpec::Paranoid { limit } => write!(f, "paranoid:{}", lim(limit)),
            SeatEngineSpec::Mcts { iters, c } => write!(f, "mcts:iters={iters}:c={c}"),
        }
    }
}

impl SeatEngineSpec {
    /// The engines of a comma-separated list, one a seat: a piece `name=value` with no `:`
    /// continues the spec before it (`mcts:iters=200,c=1` is one engine).
    pub fn parse_list(text: &str) -> Result<Vec<SeatEngineSpec>, ConfigError> {
        let mut specs: Vec<String> = Vec::new();
        for piece in text.split(',') {
            let piece = piece.trim();
            match specs.last_mut() {
                Some(last) if piece.contains('=') && !piece.contains(':') => {
                    last.push(':');
                    last.push_str(piece);
                }
                _ => specs.push(piece.to_string()),
            }
        }
        specs.iter().map(|s| s.parse()).collect()
    }
}

impl std::str::FromStr for SeatEngineSpec {
    type Err = ConfigError;

    fn from_str(text: &str) -> Result<SeatEngineSpec, ConfigError> {
        let spec = SpecText::parse(
            text,
            |name| match name {
                "random" | "greedy" => Some(&[]),
                "maxn" => Some(&["depth", "nodes", "tie"]),
                "paranoid" => Some(&["depth", "nodes"]),
                "mcts" => Some(&["iters", "c"]),
                _ => None,
            },
            |name| {
                format!(
                    "unknown engine '{name}' for more than two players: expected one of {ENGINES}"
                )
            },
        )?;
        let limit = |default: u32| -> Result<Limit, ConfigError> {
            match (spec.get("depth"), spec.get("nodes")) {
                (Some(_), Some(_)) => Err(spec.bad("give depth or nodes, not both".into())),
                (_, Some(_)) => Ok(Limit::Nodes(spec.int("nodes", 0, 1, 1 << 40)?)),
                _ => Ok(Limit::Depth(
                    spec.int("depth", default as u64, 1, 64)? as u32
                )),
            }
        };
        Ok(match spec.name {
            "random" => SeatEngineSpec::Random,
            "greedy" => SeatEngineSpec::Greedy,
            "maxn" => SeatEngineSpec::MaxN {
                limit: limit(3)?,
                tie: match spec.get("tie") {
                    None => Tie::First,
                    Some(t) => t.parse().map_err(|why| spec.bad(why))?,
                },
            },
            "paranoid" => SeatEngineSpec::Paranoid { limit: limit(4)? },
            _ => SeatEngineSpec::Mcts {
                iters: spec.int("iters", 1000, 1, 100_000_000)? as u32,
                c: spec.exploration()?,
            },
        })
    }
}

impl SeatEngineSpec {
    /// Makes the engine.
    pub fn build<G: SeatGame + 'static>(&self) -> Box<dyn SeatEngine<G>> {
        match *self {
            SeatEngineSpec::Random => Box::new(RandomSeat),
            SeatEngineSpec::Greedy => Box::new(GreedySeat { nodes: 0 }),
            SeatEngineSpec::MaxN { limit, tie } => Box::new(MaxNEngine {
                limit,
                tie,
                nodes: 0,
            }),
            SeatEngineSpec::Paranoid { limit } => Box::new(ParanoidEngine { limit, nodes: 0 }),
            SeatEngineSpec::Mcts { iters, c } => Box::new(MctsSeat {
                iters: iters.max(1),
                c,
                nodes: 0,
            }),
        }
    }
}

/// Picks uniformly among the indices whose value is the largest.
fn pick_max<T: PartialOrd + Copy>(values: &[T], rng: &mut Rng) -> usize {
    let mut best = values[0];
    for &v in values {
        if v > best {
            best = v;
        }
    }
    let ties: Vec<usize> = (0..values.len()).filter(|&i| values[i] == best).collect();
    ties[rng.below(ties.len())]
}

/// `random`.
struct RandomSeat;

impl<G: SeatGame> SeatEngine<G> for RandomSeat {
    fn name(&self) -> String {
        "random".into()
    }
    fn choose(&mut self, game: &G, pos: &G::Position, rng: &mut Rng) -> G::Move {
        let ms = game.legal_moves(pos);
        ms[rng.below(ms.len())]
    }
}

/// `greedy`.
struct GreedySeat {
    nodes: u64,
}

/// The seeds (shares) `mv` gives the mover at once: its captures, plus the end's share-out
/// when it ends the game.
fn immediate<G: SeatGame>(game: &G, pos: &G::Position, mv: G::Move) -> u32 {
    let me = game.to_move(pos);
    let c = game.play(pos, mv);
    let mut v = game.gain(pos, &c)[me];
    if game.is_over(&c) {
        v += game.final_future(&c)[me];
    }
    v
}

impl<G: SeatGame> SeatEngine<G> for GreedySeat {
    fn name(&self) -> String {
        "greedy".into()
    }
    fn choose(&mut self, game: &G, pos: &G::Position, rng: &mut Rng) -> G::Move {
        let ms = game.legal_moves(pos);
        self.nodes += ms.len() as u64;
        let v: Vec<u32> = ms.iter().map(|&m| immediate(game, pos, m)).collect();
        ms[pick_max(&v, rng)]
    }
    fn nodes(&self) -> u64 {
        self.nodes
    }
}

/// The deepest iteration of the `nodes` mode.
const MAX_DEPTH: u32 = 64;

/// `maxn`.
struct MaxNEngine {
    limit: Limit,
    tie: Tie,
    nodes: u64,
}

impl<G: SeatGame> SeatEngine<G> for MaxNEngine {
    fn name(&self) -> String {
        SeatEngineSpec::MaxN {
            limit: self.limit,
            tie: self.tie,
        }
        .to_string()
    }
    fn choose(&mut self, game: &G, pos: &G::Position, rng: &mut Rng) -> G::Move {
        let me = game.to_move(pos);
        let mut s = MaxN::new(game, [self.tie; MAX_SEATS]);
        let (max_depth, cap) = match self.limit {
            Limit::Depth(d) => (d, None),
            Limit::Nodes(n) => (MAX_DEPTH, Some(n)),
        };
        let mut last: Option<Vec<Scores>> = None;
        for depth in 1..=max_depth {
            // The first iteration always finishes, so that there is a move to play.
            s.set_cap(if depth == 1 {
                None
            } else {
                cap.map(|c| c.saturating_sub(s.nodes()))
            });
            let Some((values, horizon)) = s.root_values(pos, depth) else {
                break;
            };
            last = Some(values);
            if !horizon {
                break;
            }
        }
        self.nodes += s.nodes();
        let values = last.expect("the first iteration finishes");
        let mine: Vec<u32> = values.iter().map(|v| v[me]).collect();
        game.legal_moves(pos)[pick_max(&mine, rng)]
    }
    fn nodes(&self) -> u64 {
        self.nodes
    }
}

/// `paranoid`.
struct ParanoidEngine {
    limit: Limit,
    nodes: u64,
}

/// The table of an engine's search, MiB (each game's engines have their own).
const ENGINE_TT_MB: usize = 4;

impl<G: SeatGame> SeatEngine<G> for ParanoidEngine {
    fn name(&self) -> String {
        SeatEngineSpec::Paranoid { limit: self.limit }.to_string()
    }
    fn choose(&mut self, game: &G, pos: &G::Position, rng: &mut Rng) -> G::Move {
        let me = game.to_move(pos);
        let mut s = Paranoid::new(game, me, ENGINE_TT_MB);
        let (max_depth, cap) = match self.limit {
            Limit::Depth(d) => (d, None),
            Limit::Nodes(n) => (MAX_DEPTH, Some(n)),
        };
        let mut last: Option<Vec<i32>> = None;
        for depth in 1..=max_depth {
            s.set_cap(if depth == 1 {
                None
            } else {
                cap.map(|c| c.saturating_sub(s.nodes()))
            });
            let Some((values, horizon)) = s.root_values(pos, depth as u16) else {
                break;
            };
            last = Some(values);
            if !horizon {
                break;
            }
        }
        self.nodes += s.nodes();
        let values = last.expect("the first iteration finishes");
        game.legal_moves(pos)[pick_max(&values, rng)]
    }
    fn nodes(&self) -> u64 {
        self.nodes
    }
}

/// `mcts`.
struct MctsSeat {
    iters: u32,
    c: f64,
    nodes: u64,
}

/// Each seat's share of all the seeds of the game at the end of a playout (the seeds still
/// in play shared equally when it was cut), so rewards lie in `[0, 1]`.
fn shares_of<G: SeatGame>(game: &G, pos: &G::Position) -> [f64; MAX_SEATS] {
    let n = game.seats();
    let s = if game.is_over(pos) {
        game.final_scores(pos).map(|v| v as f64)
    } else {
        let left = game.in_play(pos) as f64 / n as f64;
        game.captured(pos).map(|v| v as f64 + left)
    };
    let total: f64 = s[..n].iter().sum();
    s.map(|v| if total > 0.0 { v / total } else { 0.0 })
}

struct MNode<G: SeatGame> {
    pos: G::Position,
    mover: usize,
    moves: Vec<G::Move>,
    children: Vec<usize>,
    visits: u32,
    sum: [f64; MAX_SEATS],
    over: Option<[f64; MAX_SEATS]>,
}

fn mnode<G: SeatGame>(game: &G, pos: G::Position, rng: &mut Rng) -> MNode<G> {
    let mut moves: Vec<G::Move> = game.legal_moves(&pos).to_vec();
    for i in (1..moves.len()).rev() {
        moves.swap(i, rng.below(i + 1));
    }
    let over = game.is_over(&pos).then(|| shares_of(game, &pos));
    MNode {
        mover: game.to_move(&pos),
        pos,
        moves,
        children: Vec::new(),
        visits: 0,
        sum: [0.0; MAX_SEATS],
        over,
    }
}

impl<G: SeatGame> SeatEngine<G> for MctsSeat {
    fn name(&self) -> String {
        SeatEngineSpec::Mcts {
            iters: self.iters,
            c: self.c,
        }
        .to_string()
    }

    fn choose(&mut self, game: &G, pos: &G::Position, rng: &mut Rng) -> G::Move {
        let mut tree: Vec<MNode<G>> = vec![mnode(game, pos.clone(), rng)];
        let mut path = Vec::new();
        for _ in 0..self.iters {
            path.clear();
            let mut at = 0;
            path.push(at);
            loop {
                let n = &tree[at];
                if n.over.is_some() {
                    break;
                }
                if n.children.len() < n.moves.len() {
                    let child = game.play(&n.pos, n.moves[n.children.len()]);
                    let node = mnode(game, child, rng);
                    tree.push(node);
                    let id = tree.len() - 1;
                    tree[at].children.push(id);
                    path.push(id);
                    at = id;
                    break;
                }
                // UCB1 on the mean share of the seat choosing here.
                let ln = (n.visits.max(1) as f64).ln();
                let mut best = (f64::NEG_INFINITY, 0);
                for &ch in &n.children {
                    let c = &tree[ch];
                    let u =
                        c.sum[n.mover] / c.visits as f64 + self.c * (ln / c.visits as f64).sqrt();
                    if u > best.0 {
                        best = (u, ch);
                    }
                }
                at = best.1;
                path.push(at);
            }
            let r = match tree[at].over {
                Some(r) => r,
                None => {
                    let (p, plies) = random_playout(tree[at].pos.clone(), rng, |p, rng| {
                        let ms = game.legal_moves(p);
                        (!ms.is_empty()).then(|| game.play(p, ms[rng.below(ms.len())]))
                    });
                    self.nodes += plies as u64;
                    shares_of(game, &p)
                }
            };
            for &i in &path {
                tree[i].visits += 1;
                for (sum, x) in tree[i].sum.iter_mut().zip(r) {
                    *sum += x;
                }
            }
        }
        self.nodes += tree.len() as u64;
        let root = &tree[0];
        most_visited(&root.moves, &root.children, |ch| tree[ch].visits)
    }

    fn nodes(&self) -> u64 {
        self.nodes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_list_splits_at_commas_and_keeps_parameters_with_their_engine() {
        let l = SeatEngineSpec::parse_list("mcts:iters=200,c=1, random,paranoid:depth=2").unwrap();
        let shown: Vec<String> = l.iter().map(|e| e.to_string()).collect();
        assert_eq!(shown, ["mcts:iters=200:c=1", "random", "paranoid:depth=2"]);
        assert!(SeatEngineSpec::parse_list("random,bogus").is_err());
    }

    #[test]
    fn specs_parse_and_print() {
        for (text, shown) in [
            ("random", "random"),
            ("greedy", "greedy"),
            ("maxn", "maxn:depth=3:tie=first"),
            (
                "maxn:nodes=5000:tie=hurt-next",
                "maxn:nodes=5000:tie=hurt-next",
            ),
            ("paranoid", "paranoid:depth=4"),
            ("paranoid:nodes=20000", "paranoid:nodes=20000"),
            ("mcts:iters=200", "mcts:iters=200:c=1.4"),
        ] {
            let s: SeatEngineSpec = text.parse().unwrap();
            assert_eq!(s.to_string(), shown);
            assert_eq!(shown.parse::<SeatEngineSpec>().unwrap(), s);
        }
        for (text, why) in [
            ("alphabeta", "unknown engine"),
            ("maxn:tie=nice", "tie rule 'nice'"),
            ("paranoid:depth=2:nodes=3", "not both"),
            ("paranoid:tie=first", "unknown parameter 'tie'"),
            ("greedy:depth=1", "takes no parameter"),
        ] {
            let e = text.parse::<SeatEngineSpec>().unwrap_err().to_string();
            assert!(e.contains(why), "{text}: {e}");
        }
    }
}
