//! Max^n (Luckhardt & Irani 1986): every seat maximises its own seeds, the equilibrium found
//! by backward induction. Where a seat has several best moves the choice among them changes
//! what the others get, so a tie-breaking rule ([`Tie`]) is part of the definition.
//!
//! # The game solved
//!
//! Backward induction needs a finite game. The exact analysis solves the *first-cycle game*:
//! play stops at the first repetition of a position, and the seeds then in play are shared
//! equally (the rule for endless play, RULES.md). This is the game a search cut at the first
//! repetition sees, and its equilibrium is unique once the tie rule is fixed.
//!
//! # Exact search
//!
//! [`MaxN::solve`] searches the whole first-cycle game tree. A result may be reused for
//! another path to the same position only when it cannot depend on the path:
//!
//! - a position whose slice (seeds in play) was entered by the move to it: no position of the
//!   path above can recur below it (a repetition needs the same seeds in play), so its value
//!   is the same wherever it is reached that way;
//! - a position below which no repetition within its slice occurred: its slice's reachable
//!   part below it has no cycle, so no position of any path to it can recur below it.
//!
//! Other results (inside a slice, below a repetition) are searched again on every path: the
//! first-cycle value there depends on the positions above. The search may then take far more
//! nodes than the graph has positions; it stops at a node cap.
//!
//! # Horizons
//!
//! The engine `maxn` searches to a depth, where [`SeatGame::estimate`] stands in for the
//! future, with no reuse (max^n allows little pruning and no bounds to store).

use super::{Scores, SeatGame, MAX_SEATS};
use crate::game::MoveList;
use std::collections::HashMap;
use std::str::FromStr;

/// How a seat chooses among moves that give it the same.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tie {
    /// The first of them in the fixed move order (own pit 1 first, `+ccw` before `+cw`).
    First,
    /// The one that leaves the least to the next seat in turn, then to the one after, and so
    /// on (then the first): spite towards the player who moves next.
    HurtNext,
    /// The one that leaves the most to the next seat in turn, then to the one after (then
    /// the first).
    HelpNext,
}

impl Tie {
    /// Every rule.
    pub const ALL: [Tie; 3] = [Tie::First, Tie::HurtNext, Tie::HelpNext];

    /// The rule's name, as in engine specs (`maxn:tie=hurt-next`).
    pub fn as_str(self) -> &'static str {
        match self {
            Tie::First => "first",
            Tie::HurtNext => "hurt-next",
            Tie::HelpNext => "help-next",
        }
    }
}

impl FromStr for Tie {
    type Err = String;
    fn from_str(s: &str) -> Result<Tie, String> {
        Tie::ALL
            .into_iter()
            .find(|t| t.as_str() == s)
            .ok_or_else(|| format!("tie rule '{s}': expected first, hurt-next or help-next"))
    }
}

/// True when seat `m` prefers `a` to `b` (both futures in shares) under rule `tie`.
pub fn prefers(a: &Scores, b: &Scores, m: usize, seats: usize, tie: Tie) -> bool {
    if a[m] != b[m] {
        return a[m] > b[m];
    }
    for k in 1..seats {
        let s = (m + k) % seats;
        if a[s] != b[s] {
            return match tie {
                Tie::First => false,
                Tie::HurtNext => a[s] < b[s],
                Tie::HelpNext => a[s] > b[s],
            };
        }
    }
    false
}

const NONE: u32 = u32::MAX;

/// A stored result: the equilibrium future, whether its slice had a cycle below it, and
/// whether any slice had one.
#[derive(Clone, Copy, Debug)]
struct Memo {
    v: Scores,
    acyclic: bool,
    none_below: bool,
}

/// Max^n search with one tie rule per seat.
pub struct MaxN<'g, G: SeatGame> {
    game: &'g G,
    tie: [Tie; MAX_SEATS],
    memo: HashMap<G::Key, Memo>,
    on_path: HashMap<G::Key, u32>,
    nodes: u64,
    cap: Option<u64>,
    aborted: bool,
}

/// The exact max^n equilibrium of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Equilibrium {
    /// Each seat's future, in shares.
    pub shares: Scores,
    /// Nodes searched.
    pub nodes: u64,
    /// Positions whose results were kept for reuse.
    pub stored: usize,
    /// No position repeated anywhere below the root: the game from it is finite, and its
    /// equilibrium is plain backward induction.
    pub acyclic: bool,
}

impl<'g, G: SeatGame> MaxN<'g, G> {
    /// A search in which seat `s` breaks ties by `tie[s]`.
    pub fn new(game: &'g G, tie: [Tie; MAX_SEATS]) -> MaxN<'g, G> {
        MaxN {
            game,
            tie,
            memo: HashMap::new(),
            on_path: HashMap::new(),
            nodes: 0,
            cap: None,
            aborted: false,
        }
    }

    /// Nodes searched so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The exact equilibrium of the first-cycle game from `pos`, or `None` past `max_nodes`
    /// nodes. Run it on a thread with a large stack ([`super::with_stack`]).
    pub fn solve(&mut self, pos: &G::Position, max_nodes: Option<u64>) -> Option<Equilibrium> {
        let start = self.nodes;
        self.cap = max_nodes.map(|n| self.nodes + n);
        self.aborted = false;
        let (v, _, _, any) = self.exact(pos, 0, true);
        self.cap = None;
        self.on_path.clear();
        if self.aborted {
            self.aborted = false;
            return None;
        }
        Some(Equilibrium {
            shares: v,
            nodes: self.nodes - start,
            stored: self.memo.len(),
            acyclic: !any,
        })
    }

    /// `(future, lowest path ply a repetition referred to, a repetition in this slice
    /// occurred below, a repetition occurred below at all)`.
    fn exact(&mut self, pos: &G::Position, ply: u32, entered: bool) -> (Scores, u32, bool, bool) {
        self.nodes += 1;
        if self.cap.is_some_and(|c| self.nodes > c) {
            self.aborted = true;
            return ([0; MAX_SEATS], NONE, false, false);
        }
        let g = self.game;
        let n = g.seats();
        if g.is_over(pos) {
            return (g.final_future(pos), NONE, false, false);
        }
        let key = g.key(pos);
        if let Some(&at) = self.on_path.get(&key) {
            let mut v = [0; MAX_SEATS];
            v[..n].fill(g.in_play(pos));
            return (v, at, true, true);
        }
        if let Some(m) = self.memo.get(&key) {
            if m.acyclic || entered {
                return (m.v, NONE, !m.acyclic, !m.none_below);
            }
        }
        let b = g.in_play(pos);
        let me = g.to_move(pos);
        let mut moves = G::Moves::default();
        g.gen_moves(pos, &mut moves);
        self.on_path.insert(key, ply);
        let mut best: Option<Scores> = None;
        let mut rep = NONE;
        let mut cyclic = false;
        let mut any = false;
        for &m in moves.iter() {
            let c = g.play(pos, m);
            let down = g.in_play(&c) < b;
            let (cv, r, cy, an) = self.exact(&c, ply + 1, down);
            if self.aborted {
                self.on_path.remove(&key);
                return (cv, NONE, false, false);
            }
            rep = rep.min(r);
            any |= an;
            // A cycle in a lower slice cannot bring back a position of this one.
            cyclic |= cy && !down;
            let gain = g.gain(pos, &c);
            let v: Scores = std::array::from_fn(|i| cv[i] + gain[i]);
            if best.map_or(true, |bv| prefers(&v, &bv, me, n, self.tie[me])) {
                best = Some(v);
            }
        }
        moves.clear_moves();
        self.on_path.remove(&key);
        let v = best.expect("a position that is not over has a move");
        if !cyclic || entered {
            self.memo.insert(
                key,
                Memo {
                    v,
                    acyclic: !cyclic,
                    none_below: !any,
                },
            );
        }
        (v, if rep >= ply { NONE } else { rep }, cyclic, any)
    }

    /// The futures (shares) of each move of `pos` to `depth` plies, the horizon valued by
    /// [`SeatGame::estimate`]; `None` past the node cap ([`MaxN::set_cap`]).
    pub fn root_values(&mut self, pos: &G::Position, depth: u32) -> Option<(Vec<Scores>, bool)> {
        let g = self.game;
        let moves = g.legal_moves(pos);
        let key = g.key(pos);
        self.on_path.insert(key, 0);
        let mut out = Vec::with_capacity(moves.len());
        let mut horizon = false;
        for &m in moves.iter() {
            let c = g.play(pos, m);
            let Some((cv, h)) = self.limited(&c, depth.saturating_sub(1), 1) else {
                self.on_path.clear();
                return None;
            };
            horizon |= h;
            let gain = g.gain(pos, &c);
            out.push(std::array::from_fn(|i| cv[i] + gain[i]));
        }
        self.on_path.clear();
        Some((out, horizon))
    }

    /// Sets the node cap of the next searches (`None`: none), counted from now.
    pub fn set_cap(&mut self, nodes: Option<u64>) {
        self.cap = nodes.map(|n| self.nodes + n);
        self.aborted = false;
    }

    fn limited(&mut self, pos: &G::Position, depth: u32, ply: u32) -> Option<(Scores, bool)> {
        self.nodes += 1;
        if self.cap.is_some_and(|c| self.nodes > c) {
            return None;
        }
        let g = self.game;
        let n = g.seats();
        if g.is_over(pos) {
            return Some((g.final_future(pos), false));
        }
        let key = g.key(pos);
        if self.on_path.contains_key(&key) {
            let mut v = [0; MAX_SEATS];
            v[..n].fill(g.in_play(pos));
            return Some((v, false));
        }
        if depth == 0 {
            return Some((g.estimate(pos), true));
        }
        let me = g.to_move(pos);
        let moves = g.legal_moves(pos);
        self.on_path.insert(key, ply);
        let mut best: Option<Scores> = None;
        let mut horizon = false;
        for &m in moves.iter() {
            let c = g.play(pos, m);
            let Some((cv, h)) = self.limited(&c, depth - 1, ply + 1) else {
                self.on_path.remove(&key);
                return None;
            };
            horizon |= h;
            let gain = g.gain(pos, &c);
            let v: Scores = std::array::from_fn(|i| cv[i] + gain[i]);
            if best.map_or(true, |bv| prefers(&v, &bv, me, n, self.tie[me])) {
                best = Some(v);
            }
        }
        self.on_path.remove(&key);
        best.map(|b| (b, horizon))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ties_are_broken_as_named() {
        let a = [3, 1, 2, 0];
        let b = [3, 2, 1, 0];
        assert!(!prefers(&a, &b, 0, 3, Tie::First));
        assert!(prefers(&a, &b, 0, 3, Tie::HurtNext));
        assert!(!prefers(&a, &b, 0, 3, Tie::HelpNext));
        assert!(prefers(&b, &a, 0, 3, Tie::HelpNext));
        assert!(prefers(&[4, 0, 0, 0], &b, 0, 3, Tie::First));
        // Seat 2's next seat is seat 0.
        assert!(prefers(&[1, 5, 3, 0], &[2, 4, 3, 0], 2, 3, Tie::HurtNext));
    }
}
