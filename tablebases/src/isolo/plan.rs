//! The Isolo planner: the value of a position by the whole graph reachable from it
//! ([`mancala_solver::isolo::solve`]) when it fits in the budget's memory; else by the
//! depth-limited distance search of [`mancala_solver::wdl::Distances`], which proves a win or
//! a loss with its exact distance when one is forced within the ply limit, and never proves
//! a draw.

use crate::plan::{self, Budget, Method, Plan};
use mancala_solver::game::Game;
use mancala_solver::isolo::solve::{solve, Solved, BYTES_PER_POSITION};
use mancala_solver::isolo::{Isolo, IsoloMove, IsoloPos};
use mancala_solver::wdl::{Bounds, Distances, RetroError, Stop, Wdl, MAX_PLIES};
use std::time::Instant;

/// Memory an entry of the fallback search's memo takes, an upper estimate in bytes: a 76-byte
/// position with its distance word and answer in an 85-byte hash slot at a load of 7/16 to
/// 7/8, both tables while it grows.
pub const MEMO_BYTES: usize = 320;

/// What [`Planner`] is doing, for a progress display.
#[derive(Clone, Copy, Debug)]
pub enum Step {
    /// Building and solving the graph.
    Graph,
    /// Searching: every distance up to `plies` is tried, `nodes` visited so far.
    Search {
        /// Distances tried.
        plies: u32,
        /// Positions visited.
        nodes: u64,
    },
}

/// The search's side of an [`Answer`].
#[derive(Clone, Debug)]
pub struct Searched {
    /// Why the graph was given up.
    pub graph_refused: Option<RetroError>,
    /// Every distance up to this was tried.
    pub within: u32,
    /// Positions visited.
    pub nodes: u64,
    /// Why the search stopped short of the ply limit, if it did.
    pub stop: Option<Stop>,
}

/// The planner's answer for a position and (for `analyze`) each of its moves.
pub struct Answer {
    /// The position's value for its side to move; `None`: not proven.
    pub value: Option<Wdl>,
    /// A line of perfect play (empty for a draw or an unproven value).
    pub line: Vec<IsoloMove>,
    /// Each legal move with its value for the mover (filled by `analyze` only).
    pub moves: Vec<(IsoloMove, Option<Wdl>)>,
    /// The graph, when it answered.
    pub graph: Option<Solved>,
    /// The search, when it answered.
    pub search: Option<Searched>,
    /// Wall-clock seconds in all.
    pub seconds: f64,
}

impl Answer {
    /// How the value was found.
    pub fn method(&self) -> Method {
        if self.graph.is_some() {
            Method::Retrograde
        } else {
            Method::Search
        }
    }
}

/// Memory one move of a listed position takes at most, in bytes: the move in a list that
/// may double as it grows, and the position it leads to while it is looked at.
pub const BYTES_PER_MOVE: usize =
    2 * std::mem::size_of::<IsoloMove>() + std::mem::size_of::<IsoloPos>();

/// Why [`Planner`] refused a position before it began.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The position has `moves` moves (arrangements), more than `memory` bytes can list at
    /// [`BYTES_PER_MOVE`] each.
    Moves {
        /// Its moves ([`Game::move_count`]).
        moves: u128,
        /// The budget's bytes.
        memory: usize,
    },
    /// A position has no exact key.
    NoExactKey,
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refusal::Moves { moves, memory } => write!(
                f,
                "the position has {moves} arrangements to choose from, and listing them takes {} bytes each, more than the {memory} bytes of the memory budget",
                BYTES_PER_MOVE
            ),
            Refusal::NoExactKey => write!(f, "{}", RetroError::NoExactKey),
        }
    }
}

/// The Isolo planner (module docs): a game and the budget it may spend.
pub struct Planner<'a> {
    game: &'a Isolo,
    budget: &'a Budget,
    /// Bytes for the graph, then (once the graph is given up) for the search's memo.
    memory: usize,
}

impl<'a> Planner<'a> {
    /// The planner of `game` under `budget`: the whole graph in its memory ([`plan::ISOLO`]'s
    /// default), else the search beneath it; a depth searches at once, up to that many plies.
    pub fn new(game: &'a Isolo, budget: &'a Budget) -> Planner<'a> {
        Planner {
            game,
            budget,
            memory: plan::memory(budget, plan::ISOLO),
        }
    }

    /// The value of every legal move of `pos` as well as its own, by the plan of
    /// [`Plan::solve`].
    pub fn analyze(
        &self,
        pos: &IsoloPos,
        on: &mut (dyn FnMut(Step) + Send),
    ) -> Result<Answer, Refusal> {
        self.plan(pos, true, on)
    }

    /// The value of `pos` (and with `every_move` of each of its moves) by the quickest proof the
    /// budget allows: the whole graph when it fits in memory; else the distance search, which
    /// proves the wins and losses forced within the ply limit. A position whose arrangements are
    /// too many to list in the budget's memory is refused before anything is allocated (one
    /// deeper in the graph or the search stops them as their bounds do); a deadline passed, in the graph or the search, leaves what was proven (in the
    /// graph: nothing), so that "not proven in time" is an answer, never an error.
    fn plan(
        &self,
        pos: &IsoloPos,
        every_move: bool,
        progress: &mut (dyn FnMut(Step) + Send),
    ) -> Result<Answer, Refusal> {
        let (g, budget, memory) = (self.game, self.budget, self.memory);
        let t = Instant::now();
        if let Some(moves) = g.move_count(pos) {
            if moves.saturating_mul(BYTES_PER_MOVE as u128) > memory as u128 {
                return Err(Refusal::Moves { moves, memory });
            }
        }
        let mut graph_refused = None;
        if budget.depth.is_none() {
            progress(Step::Graph);
            let limit = (memory / BYTES_PER_POSITION).max(1);
            match solve(g, pos, limit, budget.deadline) {
                Ok(solved) => {
                    let moves = if every_move {
                        let ms = g.legal_moves(pos);
                        ms.iter()
                            .map(|&m| (m, solved.move_value(g, pos, m)))
                            .collect()
                    } else {
                        Vec::new()
                    };
                    return Ok(Answer {
                        value: solved.value(pos),
                        line: solved.line(g, pos),
                        moves,
                        graph: Some(solved),
                        search: None,
                        seconds: t.elapsed().as_secs_f64(),
                    });
                }
                Err(e @ RetroError::TooBig(_)) => graph_refused = Some(e),
                Err(RetroError::NoExactKey) => return Err(Refusal::NoExactKey),
                Err(e @ RetroError::OutOfTime) => {
                    let moves = if every_move {
                        g.legal_moves(pos).iter().map(|&m| (m, None)).collect()
                    } else {
                        Vec::new()
                    };
                    return Ok(Answer {
                        value: None,
                        line: Vec::new(),
                        moves,
                        graph: None,
                        search: Some(Searched {
                            graph_refused: Some(e),
                            within: 0,
                            nodes: 0,
                            stop: Some(Stop::Time),
                        }),
                        seconds: t.elapsed().as_secs_f64(),
                    });
                }
            }
        }
        let bounds = Bounds {
            nodes: u64::MAX,
            memo: (memory / MEMO_BYTES).max(1),
            deadline: budget.deadline,
        };
        let mut d = Distances::new(g, |p: &IsoloPos| Some(*p), bounds);
        let max = budget.depth.unwrap_or(MAX_PLIES).min(MAX_PLIES);
        let mut report = |plies, nodes| progress(Step::Search { plies, nodes });
        let proof = d.prove(pos, max, &mut report);
        let (within, mut stop) = (proof.within, proof.stop);
        let line = match proof.value {
            Some(v) => match d.line(pos, v.value() > 0) {
                Ok((_, line)) => line,
                Err(s) => {
                    stop = Some(s);
                    Vec::new()
                }
            },
            None => Vec::new(),
        };
        let mut nodes = d.nodes;
        let mut moves = Vec::new();
        if every_move {
            // Each move by a search of its own, so that one move's long search does not fill the
            // memo the others need.
            for &m in g.legal_moves(pos).iter() {
                let c = g.play(pos, m);
                let mut dc = Distances::new(g, |p: &IsoloPos| Some(*p), bounds);
                let p = dc.prove(&c, max.saturating_sub(1), &mut report);
                nodes += dc.nodes;
                if p.stop == Some(Stop::Time) {
                    stop = p.stop;
                }
                moves.push((m, p.value.map(|v| v.before(c.side == pos.side))));
            }
        }
        Ok(Answer {
            value: proof.value,
            line,
            moves,
            graph: None,
            search: Some(Searched {
                graph_refused,
                within,
                nodes,
                stop,
            }),
            seconds: t.elapsed().as_secs_f64(),
        })
    }
}

impl Plan for Planner<'_> {
    type Position = IsoloPos;
    type Step = Step;
    type Answer = Answer;
    type Refusal = Refusal;

    fn budget(&self) -> &Budget {
        self.budget
    }

    fn solve(&self, pos: &IsoloPos, on: &mut (dyn FnMut(Step) + Send)) -> Result<Answer, Refusal> {
        self.plan(pos, false, on)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_solver::isolo::{Kind, Options, Phase, Setup};
    use mancala_solver::rng::Rng;

    /// With the graph given up, the search proves every decided position of small graphs
    /// with the graph's value, distance and line, the moves' values too, and no draw.
    #[test]
    fn the_search_beneath_the_graph_gives_the_graphs_values() {
        let setups = [
            (Kind::IsoloI, 3, 1, Phase::Play, 0),
            (Kind::IsoloI, 4, 1, Phase::Play, 0),
            (Kind::IsoloI, 3, 1, Phase::Fore, 2),
            (Kind::IsoloII, 2, 1, Phase::Play, 0),
            (Kind::IsoloII, 2, 1, Phase::Arrange, 0),
        ];
        let mut rng = Rng::new(9);
        let (mut decided, mut drawn) = (0, 0);
        for (kind, width, seeds, phase, store) in setups {
            let mut setup = Setup {
                phase,
                ..Setup::standard(kind)
            };
            if store > 0 {
                setup.store = store;
            }
            let g = Isolo::new(kind, width, seeds, setup, Options::default()).unwrap();
            let s = solve(&g, &g.start(), 5_000_000, None).unwrap();
            let mut p = g.start();
            for _ in 0..10 {
                let budget = Budget {
                    memory: Some(1 << 28),
                    depth: Some(60),
                    ..Budget::new(1)
                };
                let a = Planner::new(&g, &budget).analyze(&p, &mut |_| {}).unwrap();
                assert_eq!(a.method(), Method::Search);
                let v = s.value(&p).unwrap();
                if v == Wdl::Draw {
                    assert_eq!(a.value, None, "{p:?}");
                    drawn += 1;
                } else {
                    assert_eq!(a.value, Some(v), "{p:?}");
                    assert_eq!(a.line, s.line(&g, &p), "{p:?}");
                    decided += 1;
                }
                for &(m, mv) in &a.moves {
                    let by_graph = s.move_value(&g, &p, m).unwrap();
                    let want = (by_graph != Wdl::Draw).then_some(by_graph);
                    assert_eq!(mv, want, "{p:?} {m:?}");
                }
                let moves = g.legal_moves(&p);
                if moves.is_empty() {
                    break;
                }
                p = g.play(&p, moves[rng.below(moves.len())]);
            }
        }
        assert!(decided > 20, "{decided} decided, {drawn} drawn");
    }

    /// A graph past the memory falls back on the search; a deadline passed stops the graph
    /// with an error and the search with what it proved.
    #[test]
    fn the_plan_falls_back_on_the_search_and_keeps_to_the_deadline() {
        let setup = Setup {
            phase: Phase::Play,
            ..Setup::standard(Kind::IsoloI)
        };
        let g = Isolo::new(Kind::IsoloI, 4, 2, setup, Options::default()).unwrap();
        let root = g.start();
        let exact = solve(&g, &root, 5_000_000, None).unwrap().value(&root);
        let mut steps = Vec::new();
        let budget = Budget {
            memory: Some(100 * BYTES_PER_POSITION as u64),
            ..Budget::new(1)
        };
        let a = Planner::new(&g, &budget)
            .solve(&root, &mut |s| steps.push(s))
            .unwrap();
        assert_eq!(a.method(), Method::Search);
        assert_eq!(a.value, exact);
        let searched = a.search.unwrap();
        assert_eq!(searched.graph_refused, Some(RetroError::TooBig(100)));
        assert!(matches!(steps[0], Step::Graph));
        let past = Budget {
            memory: Some(1 << 28),
            deadline: Some(Instant::now()),
            ..budget
        };
        let late = Planner::new(&g, &past).solve(&root, &mut |_| {}).unwrap();
        assert_eq!(late.value, None);
        let searched = late.search.unwrap();
        assert_eq!(searched.graph_refused, Some(RetroError::OutOfTime));
        assert_eq!(searched.stop, Some(Stop::Time));
    }

    /// Arrangements past the memory: the standard Isolo II's first is refused before any is
    /// listed; the standard Isolo I's (deep in its graph, after the fore-play) stop the graph
    /// and the search as their bounds do, so that what is answered is "not proven".
    #[test]
    fn arrangements_past_the_memory_are_refused_or_bounded() {
        let budget = Budget {
            memory: Some(100 << 20),
            deadline: Some(Instant::now() + std::time::Duration::from_secs(20)),
            ..Budget::new(1)
        };
        let standard = |kind| Isolo::new(kind, 8, 2, Setup::standard(kind), Options::default());
        let g = standard(Kind::IsoloII).unwrap();
        let r = Planner::new(&g, &budget).analyze(&g.start(), &mut |_| {});
        let Err(Refusal::Moves { moves, memory }) = r else {
            panic!("not refused")
        };
        assert!(moves * BYTES_PER_MOVE as u128 > memory as u128);
        // Far fewer positions than the arrangements: the bound stops it, not the deadline.
        let small = Budget {
            memory: Some(1 << 20),
            ..budget
        };
        let g = standard(Kind::IsoloI).unwrap();
        let a = Planner::new(&g, &small)
            .solve(&g.start(), &mut |_| {})
            .unwrap();
        assert_eq!(a.value, None);
        let searched = a.search.unwrap();
        assert!(matches!(
            searched.graph_refused,
            Some(RetroError::TooBig(_))
        ));
        assert_eq!(searched.stop, Some(Stop::Budget));
        // Play lists a hole a move, never refused.
        let setup = Setup {
            phase: Phase::Play,
            ..Setup::standard(Kind::IsoloI)
        };
        let g = Isolo::new(Kind::IsoloI, 8, 2, setup, Options::default()).unwrap();
        assert_eq!(g.move_count(&g.start()), None);
    }
}
