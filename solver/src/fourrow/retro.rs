//! Exact win/draw/loss values and plies to the end by retrograde analysis of the whole game
//! graph reachable from a root (small boards only).
//!
//! Nodes are positions identified by [`FourRow::exact_key`] (the mover-relative key: equal
//! keys have equal futures from the mover's point of view). A node without a legal move is
//! lost in 0 plies. Working backwards in order of distance: a node with a child lost in `d`
//! is won in `d + 1` (the first such child found is the nearest, since distances come out in
//! order); a node all of whose children are won is lost in `1 +` the largest of their
//! distances (the loser delays). A move that keeps the turn (kanotta's setup removals) keeps
//! the point of view: there a child won is good for the parent. Nodes never reached this way are draws: neither side can
//! force an end, so play goes on for ever (RULES.md: worth 0). This is the usual
//! distance-to-mate retrograde; it gives the value of the game without any path rule, which
//! for win/loss/draw games equals the value the search finds with repetitions scored 0.

use super::{FourRow, FourRowPos};
use crate::game::Game;
use std::collections::{HashMap, VecDeque};

/// A value with its distance to the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wdl {
    /// The side to move wins in this many plies.
    Win(u32),
    /// Neither side can force an end.
    Draw,
    /// The side to move loses in this many plies.
    Loss(u32),
}

impl Wdl {
    /// +1, 0 or −1.
    pub fn value(self) -> i32 {
        match self {
            Wdl::Win(_) => 1,
            Wdl::Draw => 0,
            Wdl::Loss(_) => -1,
        }
    }
    /// Plies to the end (`None` for a draw).
    pub fn plies(self) -> Option<u32> {
        match self {
            Wdl::Win(d) | Wdl::Loss(d) => Some(d),
            Wdl::Draw => None,
        }
    }
}

/// Why a graph could not be solved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RetroError {
    /// More nodes than the limit.
    TooBig(usize),
    /// A position whose key does not fit 128 bits exactly.
    NoExactKey,
}

impl std::fmt::Display for RetroError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RetroError::TooBig(n) => write!(f, "the game graph has more than {n} positions"),
            RetroError::NoExactKey => write!(f, "a position does not fit a 128-bit exact key"),
        }
    }
}

/// The solved graph of one root.
pub struct RetroSolution {
    index: HashMap<u128, usize>,
    values: Vec<Wdl>,
}

impl RetroSolution {
    /// The value of `pos`, if it was in the graph.
    pub fn value(&self, game: &FourRow, pos: &FourRowPos) -> Option<Wdl> {
        let k = game.exact_key(pos)?;
        self.index.get(&k).map(|&i| self.values[i])
    }
    /// A line of perfect play from `pos` to the end: the winner takes the first move (in
    /// generation order) that wins soonest, the loser the first that loses last. Empty for a
    /// draw or a position outside the graph.
    pub fn line(&self, game: &FourRow, pos: &FourRowPos) -> Vec<super::FourMove> {
        let mut line = Vec::new();
        let mut p = *pos;
        while let Some(v) = self.value(game, &p) {
            let (want_other, want_same) = match v {
                Wdl::Win(d) if d > 0 => (Wdl::Loss(d - 1), Wdl::Win(d - 1)),
                Wdl::Loss(d) if d > 0 => (Wdl::Win(d - 1), Wdl::Loss(d - 1)),
                _ => break,
            };
            let moves = game.legal_moves(&p);
            let Some(&m) = moves.iter().find(|&&m| {
                let c = game.play(&p, m);
                let want = if c.side == p.side {
                    want_same
                } else {
                    want_other
                };
                self.value(game, &c) == Some(want)
            }) else {
                break;
            };
            line.push(m);
            p = game.play(&p, m);
        }
        line
    }

    /// Number of nodes.
    pub fn len(&self) -> usize {
        self.values.len()
    }
    /// True when empty (never for a solved root).
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }
}

/// Solves every position reachable from `root`, failing beyond `limit` nodes.
pub fn solve(game: &FourRow, root: &FourRowPos, limit: usize) -> Result<RetroSolution, RetroError> {
    let mut index: HashMap<u128, usize> = HashMap::new();
    let mut positions: Vec<FourRowPos> = Vec::new();

    // Children by node: (child index << 1) | 1 when the move keeps the turn.
    let mut children: Vec<Vec<u32>> = Vec::new();
    let k = game.exact_key(root).ok_or(RetroError::NoExactKey)?;
    index.insert(k, 0);
    positions.push(*root);
    let mut i = 0;
    let mut moves = Vec::new();
    while i < positions.len() {
        let p = positions[i];

        game.gen_moves(&p, &mut moves);
        let mut kids: Vec<u32> = Vec::with_capacity(moves.len());
        for &m in moves.iter() {
            let c = game.play(&p, m);
            let ck = game.exact_key(&c).ok_or(RetroError::NoExactKey)?;
            let j = *index.entry(ck).or_insert_with(|| {
                positions.push(c);
                positions.len() - 1
            });
            kids.push((j as u32) << 1 | (c.side == p.side) as u32);
        }
        kids.sort_unstable();
        kids.dedup();
        children.push(kids);
        if positions.len() > limit {
            return Err(RetroError::TooBig(limit));
        }
        i += 1;
    }
    drop(positions);
    let n = children.len();
    let mut parents: Vec<Vec<u32>> = vec![Vec::new(); n];
    for (p, kids) in children.iter().enumerate() {
        for &c in kids {
            parents[(c >> 1) as usize].push((p as u32) << 1 | (c & 1));
        }
    }
    let mut left: Vec<u32> = children.iter().map(|k| k.len() as u32).collect();
    let mut values = vec![Wdl::Draw; n];
    let mut done = vec![false; n];
    let mut queue = VecDeque::new();
    for v in 0..n {
        if children[v].is_empty() {
            values[v] = Wdl::Loss(0);
            done[v] = true;
            queue.push_back(v);
        }
    }
    while let Some(v) = queue.pop_front() {
        for &pe in &parents[v] {
            let (p, keeps) = ((pe >> 1) as usize, pe & 1 == 1);
            if done[p] {
                continue;
            }
            // A move that keeps the turn (kanotta's setup) keeps the point of view.
            let (good, d) = match (values[v], keeps) {
                (Wdl::Loss(d), false) | (Wdl::Win(d), true) => (true, d),
                (Wdl::Win(d), false) | (Wdl::Loss(d), true) => (false, d),
                (Wdl::Draw, _) => unreachable!("only decided nodes are queued"),
            };
            if good {
                values[p] = Wdl::Win(d + 1);
                done[p] = true;
                queue.push_back(p);
            } else {
                left[p] -= 1;
                if left[p] == 0 {
                    values[p] = Wdl::Loss(d + 1);
                    done[p] = true;
                    queue.push_back(p);
                }
            }
        }
    }
    Ok(RetroSolution { index, values })
}

/// A plain minimax reference for tiny graphs: the value of `pos` by depth-first search with
/// the path as the repetition rule (a position repeated on the path is a draw). Slow; used in
/// tests to check [`solve`] on tiny boards.
pub fn minimax(game: &FourRow, pos: &FourRowPos, path: &mut Vec<u128>) -> i32 {
    let k = game.exact_key(pos).expect("tiny boards have exact keys");
    if path.contains(&k) {
        return 0;
    }
    let moves = game.legal_moves(pos);
    if moves.is_empty() {
        return -1;
    }
    path.push(k);
    let mut best = -2;
    for &m in moves.iter() {
        let c = game.play(pos, m);
        let v = if c.side == pos.side {
            minimax(game, &c, path)
        } else {
            -minimax(game, &c, path)
        };
        best = best.max(v);
        if best == 1 {
            break;
        }
    }
    path.pop();
    best
}

/// Plies to the end of a won or lost position by depth-limited search, for graphs too large
/// for [`solve`]: the smallest `d` such that the side to move can force a win within `d`
/// plies (a win) or must lose within `d` plies whatever he does (a loss). That is the same
/// distance as the retrograde's (the winner hastens, the loser delays). `None` when the
/// value is a draw, or when `budget` nodes did not suffice.
pub fn plies_by_search(game: &FourRow, pos: &FourRowPos, value: i32, budget: u64) -> Option<u32> {
    if value == 0 {
        return None;
    }
    let mut memo: HashMap<(u128, u32, bool), bool> = HashMap::new();
    let mut nodes = 0u64;
    for d in 0..=400 {
        let r = within(game, pos, d, value > 0, &mut memo, &mut nodes, budget)?;
        if r {
            return Some(d);
        }
    }
    None
}

/// `win`: can the side to move force a win within `d` plies; else: must he lose within `d`.
fn within(
    game: &FourRow,
    pos: &FourRowPos,
    d: u32,
    win: bool,
    memo: &mut HashMap<(u128, u32, bool), bool>,
    nodes: &mut u64,
    budget: u64,
) -> Option<bool> {
    *nodes += 1;
    if *nodes > budget {
        return None;
    }
    let key = game.exact_key(pos)?;
    if let Some(&r) = memo.get(&(key, d, win)) {
        return Some(r);
    }
    let moves = game.legal_moves(pos);
    let r = if moves.is_empty() {
        !win
    } else if d == 0 {
        false
    } else if win {
        let mut any = false;
        for &m in moves.iter() {
            let c = game.play(pos, m);
            let same = c.side == pos.side;
            if within(game, &c, d - 1, same, memo, nodes, budget)? {
                any = true;
                break;
            }
        }
        any
    } else {
        let mut all = true;
        for &m in moves.iter() {
            let c = game.play(pos, m);
            let same = c.side == pos.side;
            if !within(game, &c, d - 1, !same, memo, nodes, budget)? {
                all = false;
                break;
            }
        }
        all
    };
    memo.insert((key, d, win), r);
    Some(r)
}
