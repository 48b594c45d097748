//! Exact values of Isolo positions: the whole graph reachable from the position, by the
//! retrograde analysis of [`crate::wdl`] (win/draw/loss with plies to the end, a repeated
//! position a draw). The graph takes in every phase: a fore-play position's graph holds the
//! kucheleka and the main games after it, an arrangement's every arrangement. Positions are
//! their own keys (no two positions are merged), so every value is exact.
//!
//! Where the graph is larger than the memory allows, [`plan`] falls back on the depth-limited
//! distance search of [`crate::wdl::Distances`]: it proves a win or a loss with its exact
//! distance when one is forced within the ply limit, and never proves a draw.

use super::{Isolo, IsoloMove, IsoloPos};
pub use crate::budget::Method;
use crate::game::Game;
use crate::wdl::{
    solve_graph, wdl_line, Bounds, Distances, RetroError, Stop, Wdl, WdlGraph, MAX_PLIES,
};
use std::time::Instant;

/// Memory the analysis takes per position, an upper estimate in bytes: the index (an 80-byte
/// position and its number in a hash slot, both tables while it grows), the frontier, 8 bytes
/// a move each way and the values. Callers bound the positions by memory / this.
pub const BYTES_PER_POSITION: usize = 320;

/// The solved graph of a root.
pub struct Solved {
    graph: WdlGraph<IsoloPos>,
    /// Wall-clock seconds of the analysis.
    pub seconds: f64,
}

impl Solved {
    /// The value of `pos` for its side to move, if it is in the graph.
    pub fn value(&self, pos: &IsoloPos) -> Option<Wdl> {
        self.graph.value_of(pos)
    }
    /// Positions of the graph.
    pub fn len(&self) -> usize {
        self.graph.len()
    }
    /// True when empty (never for a solved root).
    pub fn is_empty(&self) -> bool {
        self.graph.is_empty()
    }
    /// Positions won, drawn and lost for the side to move.
    pub fn counts(&self) -> [usize; 3] {
        self.graph.counts()
    }
    /// A line of perfect play from `pos` (the winner hastening, the loser delaying; empty for a
    /// draw).
    pub fn line(&self, g: &Isolo, pos: &IsoloPos) -> Vec<IsoloMove> {
        wdl_line(g, pos, &|p| self.value(p))
    }
    /// The value of move `mv` of `pos` for the mover, counting the move in its plies.
    pub fn move_value(&self, g: &Isolo, pos: &IsoloPos, mv: IsoloMove) -> Option<Wdl> {
        let c = g.play(pos, mv);
        Some(self.value(&c)?.before(c.side == pos.side))
    }
}

/// Solves every position reachable from `root`, at most `limit` of them, before `deadline`.
pub fn solve(
    g: &Isolo,
    root: &IsoloPos,
    limit: usize,
    deadline: Option<Instant>,
) -> Result<Solved, RetroError> {
    let t = Instant::now();
    let graph = solve_graph(g, root, |p| Some(*p), limit, deadline)?;
    Ok(Solved {
        graph,
        seconds: t.elapsed().as_secs_f64(),
    })
}

/// Orders two values for the mover: a win sooner beats a win later, a draw beats a loss, a
/// loss later beats a loss sooner.
pub fn better(a: Wdl, b: Wdl) -> bool {
    let rank = |w: Wdl| -> i64 {
        match w {
            Wdl::Win(d) => i64::MAX - d as i64,
            Wdl::Draw => 0,
            Wdl::Loss(d) => i64::MIN + d as i64 + 1,
        }
    };
    rank(a) > rank(b)
}

/// Memory an entry of the fallback search's memo takes, an upper estimate in bytes: a 76-byte
/// position with its distance word and answer in an 85-byte hash slot at a load of 7/16 to
/// 7/8, both tables while it grows.
pub const MEMO_BYTES: usize = 320;

/// What [`plan`] may spend.
#[derive(Clone, Copy, Debug)]
pub struct PlanBounds {
    /// Bytes for the graph, then (once the graph is given up) for the search's memo.
    pub memory: usize,
    /// The longest distance the search looks for (at most [`MAX_PLIES`]).
    pub max_plies: u32,
    /// Stop at this instant.
    pub deadline: Option<Instant>,
    /// Skip the graph and search at once.
    pub search_only: bool,
}

impl PlanBounds {
    /// The Isolo planner's bounds under `budget`: the whole graph in its memory (default
    /// 4 GiB), else the search beneath it; a depth searches at once, up to that many plies.
    pub fn of(budget: &crate::Budget) -> PlanBounds {
        PlanBounds {
            memory: budget
                .memory
                .map_or(4 << 30, |m| m.min(usize::MAX as u64) as usize),
            max_plies: budget.depth.unwrap_or(MAX_PLIES),
            deadline: budget.deadline,
            search_only: budget.depth.is_some(),
        }
    }
}

/// What [`plan`] is doing, for a progress display.
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

/// Why [`plan`] refused a position before it began.
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

/// The value of `pos` (and with `every_move` of each of its moves) by the quickest proof the
/// budget allows: the whole graph when it fits in memory; else the distance search, which
/// proves the wins and losses forced within the ply limit. A position whose arrangements are
/// too many to list in the budget's memory is refused before anything is allocated (one
/// deeper in the graph or the search stops them as their bounds do); a deadline passed, in the graph or the search, leaves what was proven (in the
/// graph: nothing), so that "not proven in time" is an answer, never an error.
pub fn plan(
    g: &Isolo,
    pos: &IsoloPos,
    budget: PlanBounds,
    every_move: bool,
    progress: &mut dyn FnMut(Step),
) -> Result<Answer, Refusal> {
    let t = Instant::now();
    if let Some(moves) = g.move_count(pos) {
        if moves.saturating_mul(BYTES_PER_MOVE as u128) > budget.memory as u128 {
            return Err(Refusal::Moves {
                moves,
                memory: budget.memory,
            });
        }
    }
    let mut graph_refused = None;
    if !budget.search_only {
        progress(Step::Graph);
        let limit = (budget.memory / BYTES_PER_POSITION).max(1);
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
        memo: (budget.memory / MEMO_BYTES).max(1),
        deadline: budget.deadline,
    };
    let mut d = Distances::new(g, |p: &IsoloPos| Some(*p), bounds);
    let max = budget.max_plies.min(MAX_PLIES);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::isolo::{Kind, Options, Phase, Setup};
    use crate::rng::Rng;
    use crate::wdl::minimax;

    /// The graph's value of every position of random games agrees with plain minimax, and
    /// each position's value is the best of its moves' values.
    #[test]
    fn the_graph_agrees_with_minimax_and_with_its_moves() {
        let games = [
            Isolo::new(
                Kind::IsoloI,
                3,
                1,
                Setup {
                    phase: Phase::Play,
                    ..Setup::standard(Kind::IsoloI)
                },
                Options::default(),
            ),
            Isolo::new(
                Kind::IsoloI,
                3,
                1,
                Setup {
                    store: 2,
                    ..Setup::standard(Kind::IsoloI)
                },
                Options::default(),
            ),
            Isolo::new(
                Kind::IsoloII,
                2,
                1,
                Setup {
                    phase: Phase::Play,
                    ..Setup::standard(Kind::IsoloII)
                },
                Options::default(),
            ),
        ];
        let mut rng = Rng::new(4);
        for g in games {
            let g = g.unwrap();
            let root = g.start();
            let s = solve(&g, &root, 5_000_000, None).unwrap();
            let mut p = root;
            for _ in 0..12 {
                let v = s.value(&p).unwrap();
                if s.len() < 3000 {
                    assert_eq!(minimax(&g, &p, &mut Vec::new()), v.value(), "{p:?}");
                }
                let moves = g.legal_moves(&p);
                if moves.is_empty() {
                    assert_eq!(v, Wdl::Loss(0));
                    break;
                }
                let best = moves
                    .iter()
                    .map(|&m| s.move_value(&g, &p, m).unwrap())
                    .reduce(|a, b| if better(b, a) { b } else { a })
                    .unwrap();
                assert_eq!(best, v, "{p:?}");
                let line = s.line(&g, &p);
                if let Some(d) = v.plies() {
                    assert_eq!(line.len() as u32, d);
                }
                p = g.play(&p, moves[rng.below(moves.len())]);
            }
        }
    }

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
                let budget = PlanBounds {
                    memory: 1 << 28,
                    max_plies: 60,
                    deadline: None,
                    search_only: true,
                };
                let a = plan(&g, &p, budget, true, &mut |_| {}).unwrap();
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
        let budget = PlanBounds {
            memory: 100 * BYTES_PER_POSITION,
            max_plies: 40,
            deadline: None,
            search_only: false,
        };
        let a = plan(&g, &root, budget, false, &mut |s| steps.push(s)).unwrap();
        assert_eq!(a.method(), Method::Search);
        assert_eq!(a.value, exact);
        let searched = a.search.unwrap();
        assert_eq!(searched.graph_refused, Some(RetroError::TooBig(100)));
        assert!(matches!(steps[0], Step::Graph));
        let past = PlanBounds {
            memory: 1 << 28,
            deadline: Some(Instant::now()),
            ..budget
        };
        let late = plan(&g, &root, past, false, &mut |_| {}).unwrap();
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
        let budget = PlanBounds {
            memory: 100 << 20,
            max_plies: 40,
            deadline: Some(Instant::now() + std::time::Duration::from_secs(20)),
            search_only: false,
        };
        let standard = |kind| Isolo::new(kind, 8, 2, Setup::standard(kind), Options::default());
        let g = standard(Kind::IsoloII).unwrap();
        let r = plan(&g, &g.start(), budget, true, &mut |_| {});
        let Err(Refusal::Moves { moves, memory }) = r else {
            panic!("not refused")
        };
        assert!(moves * BYTES_PER_MOVE as u128 > memory as u128);
        // Far fewer positions than the arrangements: the bound stops it, not the deadline.
        let small = PlanBounds {
            memory: 1 << 20,
            ..budget
        };
        let g = standard(Kind::IsoloI).unwrap();
        let a = plan(&g, &g.start(), small, false, &mut |_| {}).unwrap();
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
