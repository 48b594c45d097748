//! Matches between engines in games of `n` seats: every seat order, games in parallel,
//! reproducible from a seed whatever the thread count.
//!
//! # Games
//!
//! With engines `E0..E(k-1)` for `n` seats (`k = n`), game `i` seats them in the
//! `i mod n!`-th permutation in lexicographic order (seat `s` gets engine `order[s]`), with
//! fresh engines and the generator [`Rng::for_game`]`(seed, i)`; so a match of a multiple of
//! `n!` games gives every engine every seat equally often, and game `i` depends only on the
//! engines, the seed and `i`. An optional random opening (`opening` plies of uniformly
//! random moves from the same generator) varies the games of deterministic engines.
//!
//! # Unfinished games
//!
//! A game that repeats a position (board, seeds taken, seat to move) or reaches `max_plies`
//! plies is stopped, and the seeds still in play are shared equally: the rule the exact
//! analysis applies to endless play (RULES.md), so scores from play and exact values mean
//! the same thing. Scores are then fractional (thirds or quarters of a seed).
//!
//! # Statistics
//!
//! Means come with a 95% normal interval, `mean ± 1.96 s / √g` (`s` the sample standard
//! deviation of the `g` games); a *win* is the highest final score, shared equally by the
//! seats that tie for it, so the win shares of a game add up to one.

use super::engine::{SeatEngine, SeatEngineSpec};
use crate::engine::Rng;
use crate::r#match::games::End;
pub(crate) use crate::stats::Mean;
use mancala_solver::nseat::{SeatGame, MAX_SEATS};
use rayon::prelude::*;
use std::collections::HashSet;

/// The record of one game.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct SeatRecord {
    /// The game's index in the match.
    pub index: u32,
    /// The engine (its index in the match's list) at each seat.
    pub order: Vec<usize>,
    /// Each seat's final seeds (fractional when the seeds left were shared).
    pub scores: [f64; MAX_SEATS],
    /// Plies played (random opening included; passes are not plies).
    pub plies: u32,
    /// How the game ended.
    pub end: End,
}

impl SeatRecord {
    /// Each seat's share of the win: 1 for the sole highest score, shared at a tie.
    pub(crate) fn win_shares(&self, seats: usize) -> [f64; MAX_SEATS] {
        let top = self.scores[..seats]
            .iter()
            .cloned()
            .fold(f64::NEG_INFINITY, f64::max);
        let winners = self.scores[..seats].iter().filter(|&&s| s == top).count() as f64;
        let mut w = [0.0; MAX_SEATS];
        for (x, &s) in w.iter_mut().zip(&self.scores[..seats]) {
            if s == top {
                *x = 1.0 / winners;
            }
        }
        w
    }
}

/// How a match is run.
#[derive(Clone, Copy, Debug)]
pub struct SeatMatchConfig {
    /// Games.
    pub games: u32,
    /// The seed every game's generator derives from.
    pub seed: u64,
    /// Random plies at the start of each game.
    pub opening: u32,
    /// Ply limit of a game.
    pub max_plies: u32,
}

impl From<crate::r#match::games::MatchConfig> for SeatMatchConfig {
    fn from(c: crate::r#match::games::MatchConfig) -> SeatMatchConfig {
        SeatMatchConfig {
            games: c.games,
            seed: c.seed,
            opening: c.opening,
            max_plies: c.max_plies,
        }
    }
}

/// Every permutation of `0..n`, in lexicographic order.
pub(crate) fn permutations(n: usize) -> Vec<Vec<usize>> {
    if n == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for first in 0..n {
        for rest in permutations(n - 1) {
            let mut p = vec![first];
            p.extend(rest.into_iter().map(|x| if x >= first { x + 1 } else { x }));
            out.push(p);
        }
    }
    out
}

/// Plays one game from `start`, `engines[s]` at seat `s`; returns the final scores, plies
/// and how it ended.
pub(crate) fn play_seat_game<G: SeatGame>(
    game: &G,
    start: &G::Position,
    engines: &mut [Box<dyn SeatEngine<G>>],
    rng: &mut Rng,
    opening: u32,
    max_plies: u32,
) -> ([f64; MAX_SEATS], u32, End) {
    let mut pos = start.clone();
    let mut seen: HashSet<G::Position> = HashSet::new();
    seen.insert(pos.clone());
    let mut plies = 0;
    let end = loop {
        if game.is_over(&pos) {
            break End::Rules;
        }
        if plies >= max_plies {
            break End::PlyLimit;
        }
        let mv = if plies < opening {
            let ms = game.legal_moves(&pos);
            ms[rng.below(ms.len())]
        } else {
            let s = game.to_move(&pos);
            engines[s].choose(game, &pos, rng)
        };
        pos = game.play(&pos, mv);
        plies += 1;
        if !seen.insert(pos.clone()) {
            break End::Repetition;
        }
    };
    let n = game.seats();
    let scores = match end {
        End::Rules => game.final_scores(&pos).map(|v| v as f64),
        _ => {
            let left = game.in_play(&pos) as f64 / n as f64;
            let c = game.captured(&pos);
            std::array::from_fn(|i| if i < n { c[i] as f64 + left } else { 0.0 })
        }
    };
    (scores, plies, end)
}

/// Plays a match of `specs` (one engine a seat) from `start` on the current rayon pool;
/// `done` is called after each game. The games come back in index order.
pub(crate) fn run_seat_match<G: SeatGame + 'static>(
    game: &G,
    start: &G::Position,
    specs: &[SeatEngineSpec],
    cfg: &SeatMatchConfig,
    done: &(dyn Fn() + Sync),
) -> Vec<SeatRecord> {
    let perms = permutations(specs.len());
    (0..cfg.games)
        .into_par_iter()
        .map(|i| {
            let order = perms[i as usize % perms.len()].clone();
            let mut engines: Vec<Box<dyn SeatEngine<G>>> =
                order.iter().map(|&e| specs[e].build()).collect();
            let mut rng = Rng::for_game(cfg.seed, i as u64);
            let (scores, plies, end) = play_seat_game(
                game,
                start,
                &mut engines,
                &mut rng,
                cfg.opening,
                cfg.max_plies,
            );
            done();
            SeatRecord {
                index: i,
                order,
                scores,
                plies,
                end,
            }
        })
        .collect()
}

/// The summary of a match.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct SeatSummary {
    /// Games.
    pub games: u64,
    /// Each seat's final score, whoever sat there.
    pub seat_scores: Vec<Mean>,
    /// Each seat's share of the wins.
    pub seat_wins: Vec<Mean>,
    /// Each engine's final score, wherever it sat.
    pub engine_scores: Vec<Mean>,
    /// Each engine's share of the wins.
    pub engine_wins: Vec<Mean>,
    /// Mean game length in plies.
    pub mean_plies: f64,
    /// Games ended by the rules, by repetition, by the ply limit.
    pub ends: [u64; 3],
}

/// Summarises the games of a match of `engines` engines in a game of `seats` seats.
pub(crate) fn summarize_seats(games: &[SeatRecord], seats: usize, engines: usize) -> SeatSummary {
    let col = |f: &dyn Fn(&SeatRecord) -> Option<f64>| -> Mean {
        Mean::of(&games.iter().filter_map(f).collect::<Vec<_>>())
    };
    let seat_scores = (0..seats).map(|s| col(&|g| Some(g.scores[s]))).collect();
    let seat_wins = (0..seats)
        .map(|s| col(&|g| Some(g.win_shares(seats)[s])))
        .collect();
    let seat_of = |g: &SeatRecord, e: usize| g.order.iter().position(|&x| x == e);
    let engine_scores = (0..engines)
        .map(|e| col(&|g| seat_of(g, e).map(|s| g.scores[s])))
        .collect();
    let engine_wins = (0..engines)
        .map(|e| col(&|g| seat_of(g, e).map(|s| g.win_shares(seats)[s])))
        .collect();
    let ends = [End::Rules, End::Repetition, End::PlyLimit]
        .map(|e| games.iter().filter(|g| g.end == e).count() as u64);
    let plies: u64 = games.iter().map(|g| g.plies as u64).sum();
    SeatSummary {
        games: games.len() as u64,
        seat_scores,
        seat_wins,
        engine_scores,
        engine_wins,
        mean_plies: if games.is_empty() {
            0.0
        } else {
            plies as f64 / games.len() as f64
        },
        ends,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_solver::kpo_players::KpoPlayers;
    use mancala_solver::nseat::SeatNotation;

    #[test]
    fn matches_do_not_depend_on_the_thread_count() {
        let g = KpoPlayers::standard(3);
        let specs: Vec<SeatEngineSpec> = ["greedy", "paranoid:depth=2", "mcts:iters=30"]
            .iter()
            .map(|s| s.parse().unwrap())
            .collect();
        let cfg = SeatMatchConfig {
            games: 12,
            seed: 3,
            opening: 2,
            max_plies: 300,
        };
        let run = |threads| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap()
                .install(|| run_seat_match(&g, &g.start(), &specs, &cfg, &|| {}))
        };
        let one = run(1);
        assert_eq!(one, run(2));
        // Every seat order twice, and every game shares out all 36 seeds.
        let perms = permutations(3);
        for (i, r) in one.iter().enumerate() {
            assert_eq!(r.order, perms[i % 6]);
            assert!((r.scores.iter().sum::<f64>() - 36.0).abs() < 1e-9, "{r:?}");
        }
        let s = summarize_seats(&one, 3, 3);
        assert_eq!(s.games, 12);
        let wins: f64 = s.seat_wins.iter().map(|m| m.mean).sum();
        assert!((wins - 1.0).abs() < 1e-9);
    }

    #[test]
    fn every_engine_takes_the_squeeze() {
        // P1's pit 1 (one seed) sown ccw makes his pit 2 hold 2, and the next pit forward,
        // P2's, holds 3: 5 seeds. Every other move takes 2 or nothing.
        let g = KpoPlayers::standard(3);
        let pos = g.parse_position("0,0,0,1,0,0/1,1,3,0,0,2 P1").unwrap();
        for spec in [
            "greedy",
            "paranoid:depth=1",
            "paranoid:nodes=500",
            "maxn:depth=1",
            "maxn:depth=3:tie=hurt-next",
            "mcts:iters=300",
        ] {
            let s: SeatEngineSpec = spec.parse().unwrap();
            let mut e = s.build::<KpoPlayers>();
            let m = e.choose(&g, &pos, &mut Rng::new(1));
            assert_eq!(g.move_name(&pos, m), "1+ccw", "{spec}");
        }
    }

    #[test]
    fn permutations_are_lexicographic_and_complete() {
        assert_eq!(
            permutations(3),
            vec![
                vec![0, 1, 2],
                vec![0, 2, 1],
                vec![1, 0, 2],
                vec![1, 2, 0],
                vec![2, 0, 1],
                vec![2, 1, 0]
            ]
        );
        assert_eq!(permutations(4).len(), 24);
    }

    #[test]
    fn ties_share_the_win() {
        let r = SeatRecord {
            index: 0,
            order: vec![0, 1, 2],
            scores: [10.0, 10.0, 4.0, 0.0],
            plies: 1,
            end: End::Rules,
        };
        assert_eq!(r.win_shares(3), [0.5, 0.5, 0.0, 0.0]);
    }
}
