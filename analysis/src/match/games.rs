//! Matches between engines: games in parallel (rayon), both seat orders, reproducible from a
//! seed whatever the thread count.
//!
//! # Games
//!
//! Game `i` of a match is played with the generator [`Rng::for_game`]`(seed, i)` and fresh
//! engines, A taking South (the first player) in even games and North in odd ones, so the
//! record of game `i` depends only on the engines, the seed and `i`; the games run in
//! parallel and are collected in index order. An optional random opening (`opening` plies
//! of uniformly random moves, drawn from the same generator) varies the games of
//! deterministic engines.
//!
//! # Unfinished games
//!
//! A game that does not end by the rules is stopped and adjudicated in two cases:
//!
//! - **repetition**: the position after a move (board, seeds won, side to move) already
//!   occurred in the game. No seeds were won in between, and the same play could go on for
//!   ever;
//! - **ply limit**: `max_plies` plies were played (default [`DEFAULT_MAX_PLIES`]).
//!
//! Either way the game is scored as if it ended there with the seeds still on the board
//! going to nobody: the player who has won more seeds so far wins, equal is a draw. This is
//! the rule the solver applies to infinite play (docs/RULES.md: a game that goes on for ever is
//! worth 0 for the future), so match results and exact values mean the same thing.
//!
//! # Forfeits
//!
//! An engine that gives no move ([`Engine::try_choose`]: an external program that crashed,
//! overran its time or named an illegal move) loses the game by forfeit, whatever the
//! seeds; the margin is the seeds won so far, and the fault is kept in the record. Every
//! game has engines of its own, so the next game starts afresh.

use crate::engine::{Engine, EngineGame, EngineSpec, Fault, Rng};

use crate::stats::{elo, wilson, Elo, Rate};
use mancala_solver::search::Oracle;
use mancala_solver::side::Side;
use rayon::prelude::*;
use std::collections::HashSet;
use std::sync::Arc;

/// The default ply limit of a game.
pub const DEFAULT_MAX_PLIES: u32 = 1000;

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum End {
    /// By the rules.
    Rules,
    /// A position repeated; adjudicated by seeds won so far.
    Repetition,
    /// The ply limit; adjudicated by seeds won so far.
    PlyLimit,
    /// An engine gave no move ([`Played::forfeit`]); its opponent wins.
    Forfeit,
}

impl End {
    /// A short word for tables and JSON.
    pub fn as_str(self) -> &'static str {
        match self {
            End::Rules => "rules",
            End::Repetition => "repetition",
            End::PlyLimit => "ply-limit",
            End::Forfeit => "forfeit",
        }
    }
}

/// The record of one game.
#[derive(Clone, Debug, PartialEq)]
pub struct Played {
    /// The winner (`None`: draw).
    pub winner: Option<Side>,
    /// Final seed difference, South minus North (seeds won; plus the rules' share-out when
    /// the game ended by the rules).
    pub margin: i32,
    /// Plies played (random opening included).
    pub plies: u32,
    /// How it ended.
    pub end: End,
    /// The side that forfeited and why (with [`End::Forfeit`]).
    pub forfeit: Option<(Side, Fault)>,
}

/// Plays one game from `start` between `south` and `north`.
pub fn play_game<G: EngineGame>(
    game: &G,
    start: &G::Position,
    engines: [&mut dyn Engine<G>; 2],
    rng: &mut Rng,
    opening: u32,
    max_plies: u32,
) -> Played {
    play_game_seen(game, start, engines, rng, (opening, max_plies), &mut |_| {})
}

/// [`play_game`] with `(opening, max_plies)`, showing `seen_by` each position of the game
/// once, in turn (the start included; a position met again ends the game unshown).
pub fn play_game_seen<G: EngineGame>(
    game: &G,
    start: &G::Position,
    engines: [&mut dyn Engine<G>; 2],
    rng: &mut Rng,
    (opening, max_plies): (u32, u32),
    seen_by: &mut dyn FnMut(&G::Position),
) -> Played {
    let [south, north] = engines;
    let mut pos = start.clone();
    let mut seen: HashSet<(G::Key, i32, Side)> = HashSet::new();
    seen.insert((game.key(&pos), game.margin(&pos), game.to_move(&pos)));
    let mut plies = 0;
    let mut forfeit = None;
    let south_view = |pos: &G::Position, v: i32| {
        if game.to_move(pos) == Side::South {
            v
        } else {
            -v
        }
    };
    let end = loop {
        seen_by(&pos);
        if game.outcome(&pos).is_some() {
            break End::Rules;
        }
        if plies >= max_plies {
            break End::PlyLimit;
        }
        let mover = game.to_move(&pos);
        let mv = if plies < opening {
            let ms = game.legal_moves(&pos);
            ms[rng.below(ms.len())]
        } else {
            let e = if mover == Side::South {
                &mut *south
            } else {
                &mut *north
            };
            match e.try_choose(game, &pos, rng) {
                Ok(mv) => mv,
                Err(f) => {
                    forfeit = Some((mover, f));
                    break End::Forfeit;
                }
            }
        };
        south.heard(game, &pos, mv);
        north.heard(game, &pos, mv);
        pos = game.play(&pos, mv);
        plies += 1;
        if !seen.insert((game.key(&pos), game.margin(&pos), game.to_move(&pos))) {
            break End::Repetition;
        }
    };
    let (winner, margin) = match end {
        End::Rules => {
            let o = game.outcome(&pos).expect("over");
            (o.winner, south_view(&pos, game.final_margin(&pos)))
        }
        End::Forfeit => {
            let loser = forfeit.as_ref().expect("a fault").0;
            (Some(loser.opponent()), south_view(&pos, game.margin(&pos)))
        }
        _ => {
            let m = south_view(&pos, game.margin(&pos));
            let w = match m.signum() {
                1 => Some(Side::South),
                -1 => Some(Side::North),
                _ => None,
            };
            (w, m)
        }
    };
    Played {
        winner,
        margin,
        plies,
        end,
        forfeit,
    }
}

/// How a match is run.
#[derive(Clone, Copy, Debug)]
pub struct MatchConfig {
    /// Games (A takes South in even games, North in odd ones).
    pub games: u32,
    /// The seed every game's generator derives from.
    pub seed: u64,
    /// Random plies at the start of each game.
    pub opening: u32,
    /// Ply limit of a game.
    pub max_plies: u32,
}

impl Default for MatchConfig {
    fn default() -> Self {
        MatchConfig {
            games: 100,
            seed: 1,
            opening: 0,
            max_plies: DEFAULT_MAX_PLIES,
        }
    }
}

/// One game of a match, from A's side.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchGame {
    /// The game's index.
    pub index: u32,
    /// A's seat.
    pub a_side: Side,
    /// The game record.
    pub played: Played,
}

impl MatchGame {
    /// A's points: 1 win, ½ draw, 0 loss.
    pub fn a_score(&self) -> f64 {
        match self.played.winner {
            None => 0.5,
            Some(s) if s == self.a_side => 1.0,
            Some(_) => 0.0,
        }
    }
}

/// Plays a match of A against B from `start` on the current rayon pool; `done` is called
/// after each game (from worker threads). The games come back in index order.
pub fn run_match<G: EngineGame + 'static>(
    game: &G,
    start: &G::Position,
    a: &EngineSpec,
    b: &EngineSpec,
    oracle: Option<Arc<dyn Oracle<G>>>,
    cfg: &MatchConfig,
    done: &(dyn Fn() + Sync),
) -> Vec<MatchGame> {
    (0..cfg.games)
        .into_par_iter()
        .map(|i| {
            let mut ea = a.build(oracle.clone());
            let mut eb = b.build(oracle.clone());
            let mut rng = Rng::for_game(cfg.seed, i as u64);
            let a_side = if i % 2 == 0 { Side::South } else { Side::North };
            let engines: [&mut dyn Engine<G>; 2] = if a_side == Side::South {
                [ea.as_mut(), eb.as_mut()]
            } else {
                [eb.as_mut(), ea.as_mut()]
            };
            let played = play_game(game, start, engines, &mut rng, cfg.opening, cfg.max_plies);
            done();
            MatchGame {
                index: i,
                a_side,
                played,
            }
        })
        .collect()
}

/// The summary of a match from A's side.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    /// Games.
    pub games: u64,
    /// A's wins.
    pub wins: u64,
    /// Draws.
    pub draws: u64,
    /// A's losses.
    pub losses: u64,
    /// A's score and Elo difference with its 95% interval.
    pub elo: Elo,
    /// A's win rate with its Wilson interval.
    pub win_rate: Rate,
    /// Mean game length in plies.
    pub mean_plies: f64,
    /// Games won by South (the first player), drawn, won by North.
    pub by_seat: [u64; 3],
    /// Games ended by the rules, by repetition, by the ply limit.
    pub ends: [u64; 3],
    /// The games lost by forfeit, in game order: the game, whether A forfeited it (else B),
    /// the side, and the fault.
    pub forfeits: Vec<(u32, bool, Side, Fault)>,
}

/// Summarises match games.
pub fn summarize(games: &[MatchGame]) -> Summary {
    let n = games.len() as u64;
    let count = |f: &dyn Fn(&MatchGame) -> bool| games.iter().filter(|g| f(g)).count() as u64;
    let wins = count(&|g| g.a_score() == 1.0);
    let draws = count(&|g| g.played.winner.is_none());
    let losses = n - wins - draws;
    let ends = [End::Rules, End::Repetition, End::PlyLimit].map(|e| count(&|g| g.played.end == e));
    let by_seat = [
        count(&|g| g.played.winner == Some(Side::South)),
        draws,
        count(&|g| g.played.winner == Some(Side::North)),
    ];
    let plies: u64 = games.iter().map(|g| g.played.plies as u64).sum();
    Summary {
        games: n,
        wins,
        draws,
        losses,
        elo: elo(wins, draws, losses),
        win_rate: wilson(wins, n),
        mean_plies: if n == 0 { 0.0 } else { plies as f64 / n as f64 },
        by_seat,
        ends,
        forfeits: games
            .iter()
            .filter_map(|g| {
                let (side, f) = g.played.forfeit.clone()?;
                Some((g.index, side == g.a_side, side, f))
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::FaultKind;
    use mancala_solver::game::Game;
    use mancala_solver::tworow::{Kind, Pit, TwoRow, TwoRowPos};

    #[test]
    fn matches_do_not_depend_on_the_thread_count() {
        let g = TwoRow::standard(Kind::Oware);
        let a: EngineSpec = "greedy".parse().unwrap();
        let b: EngineSpec = "mcts:iters=30".parse().unwrap();
        let cfg = MatchConfig {
            games: 12,
            seed: 5,
            opening: 2,
            ..Default::default()
        };
        let run = |threads| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap()
                .install(|| run_match(&g, &g.start(), &a, &b, None, &cfg, &|| {}))
        };
        let one = run(1);
        assert_eq!(one, run(3));
        // Seats alternate and every game is distinct enough to matter.
        assert!(one
            .iter()
            .all(|m| (m.a_side == Side::South) == (m.index % 2 == 0)));
        let s = summarize(&one);
        assert_eq!(s.wins + s.draws + s.losses, 12);
        assert_eq!(s.by_seat.iter().sum::<u64>(), 12);
    }

    #[test]
    fn random_games_end_and_conserve_the_margin_rule() {
        // Kale keeps no share-out: a random game's margin is the seeds captured.
        let g = TwoRow::standard(Kind::Kpo);
        let mut r1 = crate::engine::random::RandomEngine::default();
        let mut r2 = crate::engine::random::RandomEngine::default();
        for seed in 0..20 {
            let p = play_game(
                &g,
                &g.start(),
                [&mut r1, &mut r2],
                &mut Rng::new(seed),
                0,
                DEFAULT_MAX_PLIES,
            );
            assert!(p.plies > 0);
            let expect = match p.margin.signum() {
                1 => Some(Side::South),
                -1 => Some(Side::North),
                _ => None,
            };
            assert_eq!(p.winner, expect);
        }
    }

    /// Plays the first legal move `good` times, then faults.
    struct Faulty {
        good: u32,
        heard: Vec<usize>,
    }

    impl Engine<TwoRow> for Faulty {
        fn name(&self) -> String {
            "faulty".into()
        }
        fn choose(&mut self, g: &TwoRow, pos: &TwoRowPos, _: &mut Rng) -> Pit {
            g.legal_moves(pos)[0]
        }
        fn try_choose(&mut self, g: &TwoRow, pos: &TwoRowPos, rng: &mut Rng) -> Result<Pit, Fault> {
            if self.good == 0 {
                return Err(Fault {
                    kind: FaultKind::Illegal,
                    detail: "move 'x'".into(),
                    stderr: vec!["last words".into()],
                });
            }
            self.good -= 1;
            Ok(self.choose(g, pos, rng))
        }
        fn heard(&mut self, g: &TwoRow, before: &TwoRowPos, mv: Pit) {
            let i = g.legal_moves(before).iter().position(|&m| m == mv).unwrap();
            self.heard.push(i);
        }
    }

    #[test]
    fn a_fault_loses_the_game_by_forfeit_whatever_the_seeds() {
        let g = TwoRow::standard(Kind::Oware);
        let mut f = Faulty {
            good: 2,
            heard: Vec::new(),
        };
        let mut r = crate::engine::random::RandomEngine::default();
        let p = play_game(&g, &g.start(), [&mut r, &mut f], &mut Rng::new(3), 1, 100);
        // South plays the opening ply and his own; North faults on his third move.
        assert_eq!((p.plies, p.end), (5, End::Forfeit));
        assert_eq!(p.winner, Some(Side::South));
        let (side, fault) = p.forfeit.clone().unwrap();
        assert_eq!((side, fault.kind), (Side::North, FaultKind::Illegal));
        assert_eq!(fault.stderr, ["last words"]);
        // Every move played was heard, the faulting engine's own two included.
        assert_eq!(f.heard.len(), 5);
        assert_eq!((f.heard[1], f.heard[3]), (0, 0));
        let games = [MatchGame {
            index: 4,
            a_side: Side::North,
            played: p,
        }];
        let s = summarize(&games);
        assert_eq!((s.wins, s.losses, s.ends), (0, 1, [0, 0, 0]));
        assert_eq!(s.forfeits, [(4, true, Side::North, fault)]);
    }

    #[test]
    fn a_ply_limit_adjudicates_by_seeds_won() {
        let g = TwoRow::standard(Kind::Oware);
        let mut r1 = crate::engine::random::RandomEngine::default();
        let mut r2 = crate::engine::random::RandomEngine::default();
        let p = play_game(&g, &g.start(), [&mut r1, &mut r2], &mut Rng::new(1), 0, 3);
        assert_eq!((p.plies, p.end), (3, End::PlyLimit));
        assert_eq!(p.margin, 0); // no capture is possible in the first three plies
        assert_eq!(p.winner, None);
    }
}
