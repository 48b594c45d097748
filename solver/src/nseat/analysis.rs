//! The exact analysis of one board's start: paranoid values (by the whole graph and by
//! search), what each coalition can force, max^n profiles under each tie rule, and what
//! they say about the seats (who is favoured, who can force a win, who is kingmaker).
//!
//! # Readings
//!
//! - **Paranoid value** of a seat: the most seeds it can guarantee against all the others
//!   playing together (a zero-sum game: endless play shares the seeds left equally).
//! - **Coalition**: a set of seats playing together against the rest. The game is
//!   determined, so a coalition can force exactly the seeds the rest cannot guarantee: for a
//!   pair against the third seat of three, the total less the third seat's paranoid value.
//! - **Max^n**: every seat maximising its own seeds, by backward induction over the whole
//!   graph with the leaving rule for capture-free cycles ([`super::retro`]), under a tie rule
//!   that every seat follows.
//! - **Forcing a win**: a seat whose paranoid value is more than half the seeds ends with
//!   more than every other seat whatever they do. (A seat can win by less when the others
//!   split the rest, so this is a sufficient test only.)
//! - **Kingmaker**: a seat that leads under none of the rules and whose choice among moves it
//!   values equally decides who leads: with the other seats' tie rule fixed (`first`), the
//!   leader changes when this seat alone switches between `hurt-next` and `help-next`.

use super::maxn::Tie;
use super::paranoid::Paranoid;
use super::retro::{self, MaxnStats};
use super::{with_stack, Scores, SeatGame, MAX_SEATS};
use std::time::Instant;

/// How far the analysis goes.
#[derive(Clone, Copy, Debug)]
pub struct Effort {
    /// The whole-graph analysis is tried up to this many positions.
    pub graph_positions: usize,
    /// The paranoid search of each seat stops past this many nodes (0: no search).
    pub search_nodes: u64,
    /// Its table, MiB.
    pub search_tt_mb: usize,
    /// The kingmaker tests (two more max^n profiles a seat) run when the graph has at most
    /// this many positions (the graph is then solved a second time with them).
    pub kingmakers: usize,
}

impl Effort {
    /// What `mancala solve` spends on a position of `seats` seats with `seeds` in play on
    /// `pits` pits: the whole graph up to [`GRAPH_LIMIT`] positions, unless every arrangement
    /// of the seeds times the seats exceeds [`ARRANGEMENTS_LIMIT`]; the paranoid search to
    /// [`SEARCH_NODES`] a seat with a table of `tt_mb` MiB; the kingmaker tests on graphs of
    /// at most [`KINGMAKER_LIMIT`] positions.
    pub fn for_solve(seats: usize, seeds: u32, pits: usize, tt_mb: usize) -> Effort {
        let arrangements = arrangements(seeds, pits).saturating_mul(seats as u64);
        Effort {
            graph_positions: if arrangements <= ARRANGEMENTS_LIMIT {
                GRAPH_LIMIT
            } else {
                0
            },
            search_nodes: SEARCH_NODES,
            search_tt_mb: tt_mb,
            kingmakers: KINGMAKER_LIMIT,
        }
    }
}

/// The whole-graph analysis of `solve` stops beyond this many positions (about 60 bytes a
/// position while it runs).
pub const GRAPH_LIMIT: usize = 60_000_000;

/// The kingmaker tests of `solve` (two more max^n profiles a seat, the graph solved a second
/// time) run on graphs of at most this many positions.
pub const KINGMAKER_LIMIT: usize = 1_000_000;

/// The paranoid search of `solve` stops past this many nodes a seat (a minute or two).
pub const SEARCH_NODES: u64 = 100_000_000;

/// The whole-graph analysis is not tried where every arrangement of the seeds, times the
/// seats, exceeds this: such graphs have always proved larger than [`GRAPH_LIMIT`] (three
/// players on 2x6 with 2 seeds a pit: 3.7 billion arrangements, more than 80 million
/// positions reachable), and finding that out costs minutes and gigabytes.
pub const ARRANGEMENTS_LIMIT: u64 = 3_000_000_000;

/// The arrangements of up to `seeds` seeds over `pits` pits: C(seeds + pits, pits)
/// (saturating).
pub fn arrangements(seeds: u32, pits: usize) -> u64 {
    let (n, k) = (seeds as u64 + pits as u64, pits as u64);
    let mut c: u64 = 1;
    for i in 0..k {
        c = c.saturating_mul(n - i) / (i + 1);
    }
    c
}

/// A max^n profile at the start.
#[derive(Clone, Copy, Debug)]
pub struct MaxnResult {
    /// The tie rule every seat follows.
    pub tie: Tie,
    /// Each seat's future, in shares.
    pub shares: Scores,
    /// How the profile was reached over the whole graph.
    pub stats: MaxnStats,
}

/// The exact analysis of a start position.
#[derive(Clone, Debug)]
pub struct Analysis {
    /// Seats.
    pub seats: usize,
    /// Seeds in play at the start.
    pub total: u32,
    /// Positions of the reachable graph, when it was solved whole.
    pub graph_positions: Option<usize>,
    /// Paranoid values by the whole graph, in shares.
    pub paranoid_graph: Option<Scores>,
    /// Paranoid values by search, in shares, with the nodes it took (`None` for a seat whose
    /// search stopped at the node cap or was not run).
    pub paranoid_search: Vec<Option<(u32, u64)>>,
    /// The max^n profiles under each rule, when the graph was solved.
    pub maxn: Vec<MaxnResult>,
    /// The leaders under each seat's kingmaker test: `(hurt-next, help-next)`.
    pub king_test: Vec<(Vec<usize>, Vec<usize>)>,
    /// Seconds for everything.
    pub seconds: f64,
}

impl Analysis {
    /// The paranoid values, from the graph or else from search, when known for every seat.
    pub fn paranoid(&self) -> Option<Scores> {
        if let Some(p) = self.paranoid_graph {
            return Some(p);
        }
        let mut s = [0; MAX_SEATS];
        for (i, v) in self.paranoid_search.iter().enumerate() {
            s[i] = v.as_ref()?.0;
        }
        Some(s)
    }

    /// The paranoid values of the whole graph and of the search, seat by seat, where both
    /// are known: `Err` names the first seat where they differ (a defect, never a choice).
    pub fn check(&self) -> Result<(), String> {
        let Some(gv) = self.paranoid_graph else {
            return Ok(());
        };
        for (i, v) in self.paranoid_search.iter().enumerate() {
            if let Some((v, _)) = *v {
                if v != gv[i] {
                    return Err(format!(
                        "internal disagreement: seat {i}'s paranoid value is {} by the graph, {v} by search",
                        gv[i]
                    ));
                }
            }
        }
        Ok(())
    }

    /// The seats that can force a win (paranoid value above half the seeds).
    pub fn forced_winners(&self) -> Option<Vec<usize>> {
        let p = self.paranoid()?;
        let all = self.seats as u32 * self.total; // every seed, in shares
        Some((0..self.seats).filter(|&s| 2 * p[s] > all).collect())
    }

    /// The kingmakers (see the module docs), when the tests were run.
    pub fn kingmakers(&self) -> Option<Vec<usize>> {
        if self.king_test.is_empty() {
            return None;
        }
        let leaders: Vec<usize> = self
            .maxn
            .iter()
            .flat_map(|r| winners(&r.shares, self.seats))
            .collect();
        Some(
            self.king_test
                .iter()
                .enumerate()
                .filter(|(k, (a, b))| {
                    a != b && !a.contains(k) && !b.contains(k) && !leaders.contains(k)
                })
                .map(|(k, _)| k)
                .collect(),
        )
    }
}

/// The seats with the highest value.
pub fn winners(v: &Scores, seats: usize) -> Vec<usize> {
    let top = v[..seats].iter().copied().max().unwrap_or(0);
    (0..seats).filter(|&s| v[s] == top).collect()
}

/// The max^n runs of an analysis: every seat under each rule, then for each seat its two
/// kingmaker tests.
pub fn runs(seats: usize, kingmakers: bool) -> Vec<[Tie; MAX_SEATS]> {
    let mut r: Vec<[Tie; MAX_SEATS]> = Tie::ALL.iter().map(|&t| [t; MAX_SEATS]).collect();
    if kingmakers {
        for k in 0..seats {
            for t in [Tie::HurtNext, Tie::HelpNext] {
                let mut ties = [Tie::First; MAX_SEATS];
                ties[k] = t;
                r.push(ties);
            }
        }
    }
    r
}

/// Analyses `root` of `game`.
pub fn analyse<G: SeatGame>(
    game: &G,
    root: &G::Position,
    effort: &Effort,
    log: &(dyn Fn(&str) + Sync),
) -> Analysis {
    let t0 = Instant::now();
    let seats = game.seats();
    let total = game.in_play(root);
    let key = game.key(root);
    let mut graph = retro::solve(game, root, effort.graph_positions, &runs(seats, false), log).ok();
    let kings = graph.as_ref().is_some_and(|g| g.len() <= effort.kingmakers);
    if kings {
        log("again, with the kingmaker tests");
        graph = retro::solve(game, root, effort.graph_positions, &runs(seats, true), log).ok();
    }
    let mut maxn = Vec::new();
    let mut king_test = Vec::new();
    let mut paranoid_graph = None;
    let mut graph_positions = None;
    if let Some(g) = &graph {
        graph_positions = Some(g.len());
        let at = |v: retro::Values| -> Scores { v.map(|x| x as u32) };
        paranoid_graph = g.paranoid(total, &key).map(at);
        for (r, &tie) in Tie::ALL.iter().enumerate() {
            maxn.push(MaxnResult {
                tie,
                shares: at(g.maxn(r, total, &key).expect("the root is in its graph")),
                stats: g.maxn_stats()[r],
            });
        }
        if kings {
            for k in 0..seats {
                let lead = |r: usize| {
                    winners(
                        &at(g.maxn(r, total, &key).expect("the root is in its graph")),
                        seats,
                    )
                };
                king_test.push((lead(3 + 2 * k), lead(4 + 2 * k)));
            }
        }
    }
    drop(graph);
    let paranoid_search = (0..seats)
        .map(|s| {
            if effort.search_nodes == 0 {
                return None;
            }
            log(&format!("paranoid search for P{}", s + 1));
            with_stack(1024, || {
                Paranoid::new(game, s, effort.search_tt_mb)
                    .solve(root, Some(effort.search_nodes))
                    .map(|p| (p.shares, p.nodes))
            })
        })
        .collect();
    Analysis {
        seats,
        total,
        graph_positions,
        paranoid_graph,
        paranoid_search,
        maxn,
        king_test,
        seconds: t0.elapsed().as_secs_f64(),
    }
}
