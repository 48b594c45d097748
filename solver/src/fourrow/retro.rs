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
//! force an end, so play goes on for ever (docs/RULES.md: worth 0). This is the usual
//! distance-to-mate retrograde; it gives the value of the game without any path rule, which
//! for win/loss/draw games equals the value the search finds with repetitions scored 0.

use super::{FourRow, FourRowPos};
use crate::game::Game;
use std::collections::{HashMap, VecDeque};
use std::time::Instant;

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
    /// `win`, `draw` or `loss`.
    pub fn word(self) -> &'static str {
        match self {
            Wdl::Win(_) => "win",
            Wdl::Draw => "draw",
            Wdl::Loss(_) => "loss",
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
    /// The deadline passed ([`solve_until`]).
    OutOfTime,
}

impl std::fmt::Display for RetroError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RetroError::TooBig(n) => write!(f, "the game graph has more than {n} positions"),
            RetroError::NoExactKey => write!(f, "a position does not fit a 128-bit exact key"),
            RetroError::OutOfTime => write!(f, "the time limit passed"),
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
    /// A line of perfect play from `pos` to the end ([`wdl_line`] over the graph's values).
    /// Empty for a draw or a position outside the graph.
    pub fn line(&self, game: &FourRow, pos: &FourRowPos) -> Vec<super::FourMove> {
        wdl_line(game, pos, &|p| self.value(game, p))
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

/// A line of perfect play from `pos` to the end by the values `value` gives (the graph's, the
/// tables'): the winner takes the first move (in generation order) that wins soonest, the
/// loser the first that loses last (a move after which the same side moves again keeps its
/// value's sign). It stops at a draw or where a value is unknown.
pub fn wdl_line<G: crate::Game>(
    game: &G,
    pos: &G::Position,
    value: &dyn Fn(&G::Position) -> Option<Wdl>,
) -> Vec<G::Move> {
    let mut line = Vec::new();
    let mut p = pos.clone();
    while let Some(v) = value(&p) {
        let (want_other, want_same) = match v {
            Wdl::Win(d) if d > 0 => (Wdl::Loss(d - 1), Wdl::Win(d - 1)),
            Wdl::Loss(d) if d > 0 => (Wdl::Win(d - 1), Wdl::Loss(d - 1)),
            _ => break,
        };
        let moves = game.legal_moves(&p);
        let Some(&m) = moves.iter().find(|&&m| {
            let c = game.play(&p, m);
            let want = if game.to_move(&c) == game.to_move(&p) {
                want_same
            } else {
                want_other
            };
            value(&c) == Some(want)
        }) else {
            break;
        };
        line.push(m);
        p = game.play(&p, m);
    }
    line
}

/// Solves every position reachable from `root`, failing beyond `limit` nodes.
pub fn solve(game: &FourRow, root: &FourRowPos, limit: usize) -> Result<RetroSolution, RetroError> {
    solve_until(game, root, limit, None)
}

/// Memory [`solve_until`] takes per position of the graph, an upper estimate in bytes from its
/// layout: the index (a 33-byte hash slot at a load of 7/16 to 7/8, both tables while it
/// grows), 8 bytes a move (4 each way) and about 40 bytes of offsets, values and counters.
/// `mancala solve` measured a peak of 200 MB (120 bytes a position) on mulabalaba
/// `1,1,0/0,1,2/1,2,3/3,0,1 N` stopped at 1,677,721 positions. Callers bound the memory by
/// `limit` = bytes / this.
pub const BYTES_PER_POSITION: usize = 160;

/// Like [`solve`], also stopping with [`RetroError::OutOfTime`] once `deadline` has passed.
pub fn solve_until(
    game: &FourRow,
    root: &FourRowPos,
    limit: usize,
    deadline: Option<Instant>,
) -> Result<RetroSolution, RetroError> {
    // Node numbers take 31 bits in the move lists.
    let limit = limit.min(u32::MAX as usize >> 1);
    let late = |i: usize| i % 4096 == 0 && deadline.is_some_and(|d| Instant::now() >= d);
    let mut index: HashMap<u128, usize> = HashMap::new();
    // Positions found and not yet expanded, in the order of their numbers.
    let mut frontier: VecDeque<FourRowPos> = VecDeque::new();
    // The moves of node v are kids[start[v]..start[v + 1]]: (child << 1) | 1 when the move
    // keeps the turn.
    let mut kids: Vec<u32> = Vec::new();
    let mut start: Vec<usize> = vec![0];
    let k = game.exact_key(root).ok_or(RetroError::NoExactKey)?;
    index.insert(k, 0);
    frontier.push_back(*root);
    let mut moves = Vec::new();
    while let Some(p) = frontier.pop_front() {
        if late(start.len()) {
            return Err(RetroError::OutOfTime);
        }
        game.gen_moves(&p, &mut moves);
        let from = kids.len();
        for &m in moves.iter() {
            let c = game.play(&p, m);
            let ck = game.exact_key(&c).ok_or(RetroError::NoExactKey)?;
            let next = index.len();
            let j = *index.entry(ck).or_insert_with(|| {
                frontier.push_back(c);
                next
            });
            kids.push((j as u32) << 1 | (c.side == p.side) as u32);
        }
        kids[from..].sort_unstable();
        let mut w = from;
        for r in from..kids.len() {
            if r == from || kids[r] != kids[w - 1] {
                kids[w] = kids[r];
                w += 1;
            }
        }
        kids.truncate(w);
        start.push(kids.len());
        if index.len() > limit {
            return Err(RetroError::TooBig(limit));
        }
    }
    drop(frontier);
    kids.shrink_to_fit();
    let n = start.len() - 1;
    // The parents of node v: parents[pstart[v]..pstart[v + 1]], (parent << 1) | keeps.
    let mut pstart = vec![0usize; n + 1];
    for &c in &kids {
        pstart[(c >> 1) as usize + 1] += 1;
    }
    for v in 0..n {
        pstart[v + 1] += pstart[v];
    }
    let mut fill = pstart.clone();
    let mut parents = vec![0u32; kids.len()];
    for p in 0..n {
        for &c in &kids[start[p]..start[p + 1]] {
            let v = (c >> 1) as usize;
            parents[fill[v]] = (p as u32) << 1 | (c & 1);
            fill[v] += 1;
        }
    }
    drop(fill);
    let mut left: Vec<u32> = (0..n).map(|v| (start[v + 1] - start[v]) as u32).collect();
    drop(kids);
    drop(start);
    let mut values = vec![Wdl::Draw; n];
    let mut done = vec![false; n];
    let mut queue = VecDeque::new();
    for v in 0..n {
        if left[v] == 0 {
            values[v] = Wdl::Loss(0);
            done[v] = true;
            queue.push_back(v);
        }
    }
    let mut popped = 0usize;
    while let Some(v) = queue.pop_front() {
        popped += 1;
        if late(popped) {
            return Err(RetroError::OutOfTime);
        }
        for &pe in &parents[pstart[v]..pstart[v + 1]] {
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
    let mut s = Distances::new(
        game,
        Bounds {
            nodes: budget,
            memo: usize::MAX,
            deadline: None,
        },
    );
    s.distance(pos, value > 0).ok()
}

/// The longest distance [`line_by_search`] and [`plies_by_search`] look for.
pub const MAX_PLIES: u32 = 400;

/// What a depth-limited distance search may spend.
#[derive(Clone, Copy, Debug)]
pub struct Bounds {
    /// Positions visited, at most.
    pub nodes: u64,
    /// Entries of its memo, at most (about [`MEMO_BYTES`] each).
    pub memo: usize,
    /// Stop at this instant.
    pub deadline: Option<Instant>,
}

/// Bytes an entry of the distance search's memo takes, an upper estimate: a 33-byte slot of
/// the hash map at a load of 7/16 to 7/8, and both tables while it grows (at most 113).
pub const MEMO_BYTES: usize = 128;

/// Why a depth-limited distance search stopped without an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The node or memo bound of its [`Bounds`], or no distance up to [`MAX_PLIES`], or a
    /// position without an exact key.
    Budget,
    /// The deadline passed.
    Time,
}

/// The distance to the end of a won (`value` 1) or lost (−1) position and a line of perfect
/// play to that end, by depth-limited search: the same distance and the same line as
/// [`solve`] and [`RetroSolution::line`] give (the winner takes the first move, in
/// generation order, that wins soonest; the loser the first that loses last), for graphs too
/// large for them. `value` must be the position's true value (from the search).
pub fn line_by_search(
    game: &FourRow,
    pos: &FourRowPos,
    value: i32,
    bounds: Bounds,
) -> Result<(u32, Vec<super::FourMove>), Stop> {
    if value == 0 {
        return Err(Stop::Budget);
    }
    let mut s = Distances::new(game, bounds);
    let plies = s.distance(pos, value > 0)?;
    let (mut p, mut win, mut left) = (*pos, value > 0, plies);
    let mut line = Vec::with_capacity(plies as usize);
    while left > 0 {
        let mut chosen = None;
        for &m in game.legal_moves(&p).iter() {
            let c = game.play(&p, m);
            let same = c.side == p.side;
            // The child's status from its mover's point of view: the winner's move leads to
            // a child the winner still wins (same mover) or the opponent loses.
            let child_wins = if win { same } else { !same };
            // Every move of a loser within `left` ends within `left - 1`; the delaying one in
            // exactly `left - 1`. The winner's first move ending within `left - 1` ends in
            // exactly that (none ends sooner, or the position would).
            let hit = s.within(&c, left - 1, child_wins)?
                && (win || left == 1 || !s.within(&c, left - 2, child_wins)?);
            if hit {
                chosen = Some((m, c, child_wins));
                break;
            }
        }
        let Some((m, c, child_wins)) = chosen else {
            // Only when `value` was not the position's value.
            return Err(Stop::Budget);
        };
        line.push(m);
        p = c;
        win = child_wins;
        left -= 1;
    }
    Ok((plies, line))
}

/// The memoised depth-limited search of [`line_by_search`] and [`plies_by_search`].
struct Distances<'a> {
    game: &'a FourRow,
    /// Known answers by (key as two words, `d << 1 | win`).
    memo: HashMap<([u64; 2], u32), bool>,
    nodes: u64,
    bounds: Bounds,
}

impl<'a> Distances<'a> {
    fn new(game: &'a FourRow, bounds: Bounds) -> Self {
        Distances {
            game,
            memo: HashMap::new(),
            nodes: 0,
            bounds,
        }
    }

    /// The smallest `d` with [`Distances::within`]`(pos, d, win)`.
    fn distance(&mut self, pos: &FourRowPos, win: bool) -> Result<u32, Stop> {
        for d in 0..=MAX_PLIES {
            if self.within(pos, d, win)? {
                return Ok(d);
            }
        }
        Err(Stop::Budget)
    }

    /// `win`: can the side to move force a win within `d` plies; else: must he lose within
    /// `d`.
    fn within(&mut self, pos: &FourRowPos, d: u32, win: bool) -> Result<bool, Stop> {
        self.nodes += 1;
        if self.nodes > self.bounds.nodes || self.memo.len() >= self.bounds.memo {
            return Err(Stop::Budget);
        }
        if self.nodes % 4096 == 0 && self.bounds.deadline.is_some_and(|t| Instant::now() >= t) {
            return Err(Stop::Time);
        }
        let game = self.game;
        let key = game.exact_key(pos).ok_or(Stop::Budget)?;
        let key = ([key as u64, (key >> 64) as u64], d << 1 | win as u32);
        if let Some(&r) = self.memo.get(&key) {
            return Ok(r);
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
                if self.within(&c, d - 1, same)? {
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
                if !self.within(&c, d - 1, !same)? {
                    all = false;
                    break;
                }
            }
            all
        };
        self.memo.insert(key, r);
        Ok(r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fourrow::{Kind, Options};

    /// The depth-limited search gives the retrograde's plies and line (the same moves, in
    /// generation order: the winner's fastest, the loser's slowest) on every decided position
    /// of small graphs, including kanotta's turn-keeping setup moves.
    #[test]
    fn line_by_search_is_the_retrograde_line() {
        let mut checked = 0;
        for (kind, width, seeds) in [
            (Kind::Mulabalaba, 2, 2),
            (Kind::Chisolo, 3, 1),
            (Kind::Kanotta, 3, 1),
            (Kind::Natatu, 3, 1),
            (Kind::Nchuba, 2, 2),
        ] {
            let g = FourRow::new(kind, width, seeds, Options::default()).unwrap();
            let root = g.start();
            let sol = solve(&g, &root, 1_000_000).unwrap();
            // The root, its children and grandchildren.
            let mut todo = vec![root];
            for &m in g.legal_moves(&root).iter() {
                let c = g.play(&root, m);
                todo.extend(g.legal_moves(&c).iter().map(|&m2| g.play(&c, m2)));
                todo.push(c);
            }
            for p in todo.iter().take(40) {
                let w = sol.value(&g, p).unwrap();
                let bounds = Bounds {
                    nodes: u64::MAX,
                    memo: usize::MAX,
                    deadline: None,
                };
                let got = line_by_search(&g, p, w.value(), bounds);
                match w.plies() {
                    Some(d) => {
                        assert_eq!(got, Ok((d, sol.line(&g, p))), "{} {p:?}", kind.id());
                        checked += 1;
                    }
                    None => assert_eq!(got, Err(Stop::Budget)),
                }
            }
        }
        assert!(checked > 50, "{checked}");
    }

    /// The bounds stop the analyses with the reason.
    #[test]
    fn bounds_stop_the_analyses() {
        let g = FourRow::new(Kind::Mulabalaba, 3, 2, Options::default()).unwrap();
        let root = g.start();
        let past = Some(Instant::now());
        assert!(matches!(
            solve_until(&g, &root, 1_000_000, past),
            Err(RetroError::OutOfTime)
        ));
        assert!(matches!(solve(&g, &root, 10), Err(RetroError::TooBig(10))));
        let tiny = Bounds {
            nodes: 100,
            memo: usize::MAX,
            deadline: None,
        };
        assert_eq!(line_by_search(&g, &root, 1, tiny), Err(Stop::Budget));
        let late = Bounds {
            nodes: u64::MAX,
            memo: usize::MAX,
            deadline: past,
        };
        assert_eq!(line_by_search(&g, &root, 1, late), Err(Stop::Time));
    }
}
