//! Paranoid search: one seat against all the others playing together, a two-sided
//! zero-sum game. Its value is the most seeds the seat can guarantee whatever the others do
//! (Sturtevant & Korf's *paranoid* assumption, exact here).
//!
//! # Values
//!
//! The search works on the seat's *future* in shares (see [`crate::nseat`]): the seeds it
//! will still take, times the number of seats. The seat maximises it at its own turns, every
//! other seat minimises it. A finished game is worth what the end gives the seat; a game that
//! would go on for ever gives it [`SeatGame::in_play`] shares (the seeds left, shared
//! equally).
//!
//! # Repetitions
//!
//! As in the two-player search ([`crate::search`]): a position that repeats on the current
//! path (necessarily with no capture between, since captures take seeds off the board) is
//! scored as endless play. Cutting the tree at the first repetition gives the value of the
//! game in which endless play shares the board: the cycle's value is the same for every
//! cycle of a slice (the seeds in play do not change along it), so either side can hold the
//! other to the value with a positional strategy. A score that came from a repetition
//! depends on the path, though, so every result carries the lowest path ply a repetition in
//! its subtree referred to, and is stored in the table only when that ply is not above the
//! node. `tests/players_analysis.rs` checks the values against the whole-graph analysis
//! ([`crate::nseat::retro`]) on every tiny board.
//!
//! # Horizons
//!
//! The engines search to a depth, where [`SeatGame::estimate`] stands in for the future.
//! Results free of any horizon are stored as exact and reused at any depth.

use super::table::{Slot, Table, EXACT};
use super::SeatGame;
use crate::game::MoveList;
use std::collections::HashMap;

/// No repetition referred to a path ply.
const NONE: u32 = u32::MAX;
/// Bound values beyond every value (values are at most `4 * 255` shares).
const INF: i32 = 1 << 20;

#[derive(Clone, Copy, Debug)]
struct Res {
    v: i32,
    /// The lowest path ply a repetition in the subtree referred to ([`NONE`]: none).
    rep: u32,
    /// Free of any horizon.
    exact: bool,
}

/// A paranoid search for one seat.
pub struct Paranoid<'g, G: SeatGame> {
    game: &'g G,
    me: usize,
    table: Table<G::Key>,
    on_path: HashMap<G::Key, u32>,
    nodes: u64,
    cap: Option<u64>,
    aborted: bool,
}

/// The exact paranoid value of a position for one seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Proven {
    /// The seat's future, in shares.
    pub shares: u32,
    /// Nodes searched.
    pub nodes: u64,
}

impl<'g, G: SeatGame> Paranoid<'g, G> {
    /// A search for seat `me` with a table of about `tt_mb` MiB.
    pub fn new(game: &'g G, me: usize, tt_mb: usize) -> Paranoid<'g, G> {
        Paranoid {
            game,
            me,
            table: Table::with_mb(tt_mb),
            on_path: HashMap::new(),
            nodes: 0,
            cap: None,
            aborted: false,
        }
    }

    /// Nodes searched since the search was made.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The seat's exact future from `pos` (no horizon), or `None` past `max_nodes` nodes.
    /// Run it on a thread with a large stack ([`super::with_stack`]): it recurses once a ply.
    pub fn solve(&mut self, pos: &G::Position, max_nodes: Option<u64>) -> Option<Proven> {
        let start = self.nodes;
        self.cap = max_nodes.map(|n| self.nodes + n);
        self.aborted = false;
        // Null-window tests halve the range of the value (the seat's future lies in
        // 0..=seats * in_play shares): a test cuts far more than a full window does.
        let (mut lo, mut hi) = (
            0i32,
            (self.game.seats() as u32 * self.game.in_play(pos)) as i32,
        );
        while lo < hi {
            let mid = lo + (hi - lo + 1) / 2;
            let r = self.search(pos, EXACT, mid - 1, mid, 0);
            if self.aborted {
                self.cap = None;
                self.aborted = false;
                return None;
            }
            if r.v >= mid {
                lo = r.v.min(hi);
            } else {
                hi = r.v.max(lo);
            }
        }
        self.cap = None;
        Some(Proven {
            shares: lo as u32,
            nodes: self.nodes - start,
        })
    }

    /// The values of the moves of `pos` (which `me` must be to move in, the game not over)
    /// to `depth` plies: exact for the best moves, upper bounds below the best for the
    /// others; with whether the search met a horizon. `None` past the node cap.
    pub fn root_values(&mut self, pos: &G::Position, depth: u16) -> Option<(Vec<i32>, bool)> {
        let g = self.game;
        let moves = g.legal_moves(pos);
        let key = g.key(pos);
        let first = self.table.get(&key).map_or(u8::MAX, |e| e.best);
        let mut order: Vec<usize> = (0..moves.len()).collect();
        if (first as usize) < moves.len() {
            order.retain(|&i| i != first as usize);
            order.insert(0, first as usize);
        }
        let mut values = vec![-INF; moves.len()];
        let mut best = -INF;
        let mut exact = true;
        self.on_path.insert(key, 0);
        for i in order {
            let child = g.play(pos, moves[i]);
            let gain = g.gain(pos, &child)[self.me] as i32;
            let r = self.search(&child, depth.saturating_sub(1), best - 1 - gain, INF, 1);
            if self.aborted {
                self.on_path.clear();
                return None;
            }
            exact &= r.exact;
            values[i] = r.v + gain;
            best = best.max(values[i]);
        }
        self.on_path.clear();
        let idx = values.iter().position(|&v| v == best).expect("a move");
        self.table.put(Slot {
            key,
            lo: 0,
            hi: u16::MAX,
            depth: 0,
            best: idx as u8,
        });
        Some((values, !exact))
    }

    /// Sets the node cap of the next searches (`None`: no cap), counted from now.
    pub fn set_cap(&mut self, nodes: Option<u64>) {
        self.cap = nodes.map(|n| self.nodes + n);
        self.aborted = false;
    }

    fn search(&mut self, pos: &G::Position, depth: u16, alpha: i32, beta: i32, ply: u32) -> Res {
        self.nodes += 1;
        if self.cap.is_some_and(|c| self.nodes > c) {
            self.aborted = true;
            return Res {
                v: 0,
                rep: NONE,
                exact: false,
            };
        }
        let g = self.game;
        let me = self.me;
        if g.is_over(pos) {
            return Res {
                v: g.final_future(pos)[me] as i32,
                rep: NONE,
                exact: true,
            };
        }
        let key = g.key(pos);
        if let Some(&at) = self.on_path.get(&key) {
            // Endless play from here: the seeds in play shared equally.
            return Res {
                v: g.in_play(pos) as i32,
                rep: at,
                exact: true,
            };
        }
        if depth == 0 {
            return Res {
                v: g.estimate(pos)[me] as i32,
                rep: NONE,
                exact: false,
            };
        }
        let mut first = u8::MAX;
        if let Some(e) = self.table.get(&key) {
            first = e.best;
            if e.depth >= depth {
                let exact = e.depth == EXACT;
                let (lo, hi) = (e.lo as i32, e.hi as i32);
                if lo >= beta || lo == hi {
                    return Res {
                        v: lo,
                        rep: NONE,
                        exact,
                    };
                }
                if hi <= alpha {
                    return Res {
                        v: hi,
                        rep: NONE,
                        exact,
                    };
                }
            }
        }
        let maxing = g.to_move(pos) == me;
        let mut moves = G::Moves::default();
        g.gen_moves(pos, &mut moves);
        // Children in search order: the table's move, then by the seat's gain plus its
        // estimated future (best first for the seat, worst first for the others).
        let mut kids: Vec<(i32, usize, G::Position, i32)> = moves
            .iter()
            .enumerate()
            .map(|(i, &m)| {
                let c = g.play(pos, m);
                let gain = g.gain(pos, &c)[me] as i32;
                let guess = gain + g.estimate(&c)[me] as i32;
                let order = if i == first as usize {
                    -INF
                } else if maxing {
                    -guess
                } else {
                    guess
                };
                (order, i, c, gain)
            })
            .collect();
        kids.sort_by_key(|k| (k.0, k.1));
        moves.clear_moves();
        let next_depth = if depth == EXACT { EXACT } else { depth - 1 };
        self.on_path.insert(key, ply);
        let (mut a, mut b) = (alpha, beta);
        let mut best = if maxing { -INF } else { INF };
        let mut best_idx = u8::MAX;
        let mut rep = NONE;
        let mut exact = true;
        for (_, i, child, gain) in &kids {
            let r = self.search(child, next_depth, a - gain, b - gain, ply + 1);
            if self.aborted {
                self.on_path.remove(&key);
                return r;
            }
            let v = r.v + gain;
            rep = rep.min(r.rep);
            exact &= r.exact;
            if (maxing && v > best) || (!maxing && v < best) {
                best = v;
                best_idx = *i as u8;
            }
            if maxing {
                a = a.max(best);
            } else {
                b = b.min(best);
            }
            if a >= b {
                break;
            }
        }
        self.on_path.remove(&key);
        if rep >= ply {
            // Free of the path: a bound on the position's value wherever it is reached.
            let (lo, hi) = if best <= alpha {
                (0, best)
            } else if best >= beta {
                (best, u16::MAX as i32)
            } else {
                (best, best)
            };
            self.table.put(Slot {
                key,
                lo: lo.clamp(0, u16::MAX as i32) as u16,
                hi: hi.clamp(0, u16::MAX as i32) as u16,
                depth: if exact { EXACT } else { depth },
                best: best_idx,
            });
            rep = NONE;
        }
        Res {
            v: best,
            rep,
            exact,
        }
    }
}
