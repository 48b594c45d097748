//! Exact win/draw/loss values and plies to the end by retrograde analysis of the whole game
//! graph reachable from a root, for any [`Game`] whose positions (or a key of them) fit in
//! memory; its tests hold a plain minimax beside it, the slow reference it is checked against.
//!
//! Nodes are positions identified by a caller's key (equal keys must have equal futures from
//! the mover's point of view). A node without a legal move is lost in 0 plies. Working
//! backwards in order of distance: a node with a child lost in `d` is won in `d + 1` (the
//! first such child found is the nearest, since distances come out in order); a node all of
//! whose children are won is lost in `1 +` the largest of their distances (the loser delays).
//! A move that keeps the turn keeps the point of view: there a child won is good for the
//! parent. Nodes never reached this way are draws: neither side can force an end, so play
//! goes on for ever (docs/RULES.md: worth 0). This is the usual distance-to-mate retrograde;
//! it gives the value of the game without any path rule, which for win/loss/draw games equals
//! the value a search finds with repetitions scored 0.

pub use crate::error::RetroError;
use crate::game::Game;
use std::collections::{HashMap, VecDeque};
use std::hash::Hash;
use std::time::Instant;

/// A value with its distance to the end.
///
/// # Example
///
/// ```
/// use mancala_solver::wdl::Wdl;
///
/// // A move into a position lost in 4 plies for the opponent wins in 5.
/// let after = Wdl::Loss(4);
/// assert_eq!(after.before(false), Wdl::Win(5));
/// assert_eq!(after.before(false).value(), 1);
/// assert_eq!(Wdl::Draw.plies(), None);
/// assert_eq!(Wdl::Win(5).word(), "win");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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
    /// The value, for the mover, of a move leading to a position of this value: one ply
    /// more, and the other side's point of view unless the move keeps the turn (`same_side`).
    pub fn before(self, same_side: bool) -> Wdl {
        match (self, same_side) {
            (Wdl::Draw, _) => Wdl::Draw,
            (Wdl::Win(d), true) | (Wdl::Loss(d), false) => Wdl::Win(d + 1),
            (Wdl::Loss(d), true) | (Wdl::Win(d), false) => Wdl::Loss(d + 1),
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

/// The solved graph of one root: the value of every position reachable from it, by key.
pub struct WdlGraph<K> {
    index: HashMap<K, usize>,
    values: Vec<Wdl>,
}

impl<K: Hash + Eq> WdlGraph<K> {
    /// The value of the position with key `k`, if it was in the graph.
    pub fn value_of(&self, k: &K) -> Option<Wdl> {
        self.index.get(k).map(|&i| self.values[i])
    }
    /// Number of nodes.
    pub fn len(&self) -> usize {
        self.values.len()
    }
    /// True when empty (never for a solved root).
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }
    /// How many nodes have each value: wins, draws, losses.
    pub fn counts(&self) -> [usize; 3] {
        let mut c = [0; 3];
        for v in &self.values {
            c[(1 - v.value()) as usize] += 1;
        }
        c
    }
}

/// Solves every position reachable from `root` (keys by `key`; a position without one
/// stops the analysis with [`RetroError::NoExactKey`]), failing beyond `limit` nodes or once
/// `deadline` has passed. The index's growth (a move of every entry) is timed, and the
/// analysis stops when the next one, twice as long, would end past the deadline; an
/// allocation the system refuses is a graph too big ([`RetroError::TooBig`]).
///
/// # Example
///
/// ```
/// use mancala_solver::fourrow::Kind;
/// use mancala_solver::wdl::{solve_graph, Wdl};
/// use mancala_solver::{FourRow, Game};
///
/// // Mulabalaba on 4x2 with one seed a hole: South wins in 3 plies.
/// let game = FourRow::new(Kind::Mulabalaba, 2, 1, Default::default())?;
/// let start = game.start();
/// let graph = solve_graph(&game, &start, |p| game.exact_key(p), 1 << 20, None)?;
/// assert_eq!(graph.counts().iter().sum::<usize>(), graph.len());
/// assert_eq!(graph.value_of(&game.exact_key(&start).unwrap()), Some(Wdl::Win(3)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve_graph<G: Game, K: Hash + Eq + Clone>(
    game: &G,
    root: &G::Position,
    key: impl Fn(&G::Position) -> Option<K>,
    limit: usize,
    deadline: Option<Instant>,
) -> Result<WdlGraph<K>, RetroError> {
    // Node numbers take 31 bits in the move lists.
    let limit = limit.min(u32::MAX as usize >> 1);
    let late = || crate::stop::passed(deadline);
    // Moves played since the clock was last read: a position can have thousands.
    let mut work = 0usize;
    let mut index: HashMap<K, usize> = HashMap::new();
    // Positions found and not yet expanded, in the order of their numbers.
    let mut frontier: VecDeque<G::Position> = VecDeque::new();
    // The moves of node v are kids[start[v]..start[v + 1]]: (child << 1) | 1 when the move
    // keeps the turn.
    let mut kids: Vec<u32> = Vec::new();
    let mut start: Vec<usize> = vec![0];
    let k = key(root).ok_or(RetroError::NoExactKey)?;
    index.insert(k, 0);
    frontier.push_back(root.clone());
    let mut moves = G::Moves::default();
    // Seconds the index's last growth took.
    let mut growth = 0.0f64;
    let too_big = |_| RetroError::TooBig(limit);
    while let Some(p) = frontier.pop_front() {
        if work >= 4096 {
            work = 0;
            if late() {
                return Err(RetroError::OutOfTime);
            }
        }
        // A list of more moves than the graph may hold positions would overflow it anyway.
        if game.move_count(&p).is_some_and(|n| n > limit as u128) {
            return Err(RetroError::TooBig(limit));
        }
        game.gen_moves(&p, &mut moves);
        work += moves.len() + 1;
        if index.len() + moves.len() > index.capacity() {
            let next = Instant::now() + std::time::Duration::from_secs_f64(2.0 * growth);
            if deadline.is_some_and(|d| next > d) {
                return Err(RetroError::OutOfTime);
            }
            let t = Instant::now();
            index
                .try_reserve(index.len().max(moves.len()))
                .map_err(too_big)?;
            growth = t.elapsed().as_secs_f64();
        }
        frontier.try_reserve(moves.len()).map_err(too_big)?;
        kids.try_reserve(moves.len()).map_err(too_big)?;
        start.try_reserve(1).map_err(too_big)?;
        let from = kids.len();
        let side = game.to_move(&p);
        for (i, &m) in moves.iter().enumerate() {
            // A position can have millions of moves (an Isolo arrangement).
            if i % 4096 == 4095 && late() {
                return Err(RetroError::OutOfTime);
            }
            let c = game.play(&p, m);
            let ck = key(&c).ok_or(RetroError::NoExactKey)?;
            let keeps = game.to_move(&c) == side;
            let next = index.len();
            let j = *index.entry(ck).or_insert_with(|| {
                frontier.push_back(c);
                next
            });
            kids.push((j as u32) << 1 | keeps as u32);
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
    if late() {
        return Err(RetroError::OutOfTime);
    }
    // The parents of node v: parents[pstart[v]..pstart[v + 1]], (parent << 1) | keeps.
    let mut pstart = filled(n + 1, 0usize).map_err(too_big)?;
    for &c in &kids {
        pstart[(c >> 1) as usize + 1] += 1;
    }
    for v in 0..n {
        pstart[v + 1] += pstart[v];
    }
    let mut fill = filled(n + 1, 0usize).map_err(too_big)?;
    fill.copy_from_slice(&pstart);
    let mut parents = filled(kids.len(), 0u32).map_err(too_big)?;
    for p in 0..n {
        for &c in &kids[start[p]..start[p + 1]] {
            let v = (c >> 1) as usize;
            parents[fill[v]] = (p as u32) << 1 | (c & 1);
            fill[v] += 1;
        }
    }
    drop(fill);
    if late() {
        return Err(RetroError::OutOfTime);
    }
    let mut left = filled(n, 0u32).map_err(too_big)?;
    for (v, l) in left.iter_mut().enumerate() {
        *l = (start[v + 1] - start[v]) as u32;
    }
    drop(kids);
    drop(start);
    let mut values = filled(n, Wdl::Draw).map_err(too_big)?;
    let mut done = filled(n, false).map_err(too_big)?;
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
        if popped % 4096 == 0 && late() {
            return Err(RetroError::OutOfTime);
        }
        for &pe in &parents[pstart[v]..pstart[v + 1]] {
            let (p, keeps) = ((pe >> 1) as usize, pe & 1 == 1);
            if done[p] {
                continue;
            }
            // A move that keeps the turn keeps the point of view.
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
    Ok(WdlGraph { index, values })
}

/// `n` copies of `x`, or the allocation's failure (never an abort).
fn filled<T: Clone>(n: usize, x: T) -> Result<Vec<T>, std::collections::TryReserveError> {
    let mut v = Vec::new();
    v.try_reserve_exact(n)?;
    v.resize(n, x);
    Ok(v)
}

/// A line of perfect play from `pos` to the end by the values `value` gives (the graph's, the
/// tables'): the winner takes the first move (in generation order) that wins soonest, the
/// loser the first that loses last (a move after which the same side moves again keeps its
/// value's sign). It stops at a draw or where a value is unknown.
pub fn wdl_line<G: Game>(
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

/// The longest distance the depth-limited search ([`Distances`]) looks for.
pub const MAX_PLIES: u32 = 400;

/// What a depth-limited distance search may spend.
#[derive(Clone, Copy, Debug)]
pub struct Bounds {
    /// Positions visited, at most.
    pub nodes: u64,
    /// Entries of its memo, at most.
    pub memo: usize,
    /// Stop at this instant.
    pub deadline: Option<Instant>,
}

/// Why a depth-limited distance search stopped without an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The node or memo bound of its [`Bounds`], or no distance up to [`MAX_PLIES`], or a
    /// position without a key.
    Budget,
    /// The deadline passed.
    Time,
}

/// What [`Distances::prove`] found: the value if some distance up to its limit proves one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Proof {
    /// A win or loss with the shortest distance that forces it; `None`: none within `within`.
    pub value: Option<Wdl>,
    /// Every distance up to this was tried (the value's distance when one is found).
    pub within: u32,
    /// Why the search stopped short of its ply limit, if it did.
    pub stop: Option<Stop>,
}

/// A memoised depth-limited search of the distance to the end, for graphs too large for
/// [`solve_graph`]: `within(pos, d, true)` asks whether the side to move can force a win
/// within `d` plies, `within(pos, d, false)` whether he must lose within `d` whatever he
/// does. The smallest such `d` is the retrograde's distance (the winner hastens, the loser
/// delays), so a value it proves is exact; a draw it never proves (play that goes on for ever
/// has no depth). Positions are memoised by the caller's key, as in [`solve_graph`].
pub struct Distances<'a, G: Game, K, F> {
    game: &'a G,
    key: F,
    /// Known answers by (key, `d << 1 | win`).
    memo: HashMap<(K, u32), bool>,
    /// Positions visited so far (memo hits included).
    pub nodes: u64,
    bounds: Bounds,
    pacer: crate::stop::Pacer,
}

impl<'a, G: Game, K: Hash + Eq, F: Fn(&G::Position) -> Option<K>> Distances<'a, G, K, F> {
    /// An empty search of `game` keyed by `key` within `bounds`.
    pub fn new(game: &'a G, key: F, bounds: Bounds) -> Self {
        Distances {
            game,
            key,
            memo: HashMap::new(),
            nodes: 0,
            bounds,
            pacer: crate::stop::Pacer::new(),
        }
    }

    /// Entries of the memo.
    pub fn memo_len(&self) -> usize {
        self.memo.len()
    }

    /// The smallest `d` with [`Distances::within`]`(pos, d, win)`, up to [`MAX_PLIES`].
    pub fn distance(&mut self, pos: &G::Position, win: bool) -> Result<u32, Stop> {
        for d in 0..=MAX_PLIES {
            if self.within(pos, d, win)? {
                return Ok(d);
            }
        }
        Err(Stop::Budget)
    }

    /// The value of `pos` when the side to move can force a win, or must lose, within
    /// `max_plies`: distances 0, 1, 2, ... in turn, each asked as a win and as a loss, so the
    /// first found is the shortest. `progress` hears each distance tried and the nodes so far.
    pub fn prove(
        &mut self,
        pos: &G::Position,
        max_plies: u32,
        progress: &mut dyn FnMut(u32, u64),
    ) -> Proof {
        let mut within = 0;
        for d in 0..=max_plies.min(MAX_PLIES) {
            for win in [true, false] {
                match self.within(pos, d, win) {
                    Ok(true) => {
                        let value = Some(if win { Wdl::Win(d) } else { Wdl::Loss(d) });
                        return Proof {
                            value,
                            within: d,
                            stop: None,
                        };
                    }
                    Ok(false) => {}
                    Err(stop) => {
                        return Proof {
                            value: None,
                            within,
                            stop: Some(stop),
                        }
                    }
                }
            }
            within = d;
            progress(d, self.nodes);
        }
        Proof {
            value: None,
            within,
            stop: None,
        }
    }

    /// The distance of a won (`win`) or lost position and a line of perfect play to its end:
    /// the winner takes the first move, in generation order, that wins soonest; the loser the
    /// first that loses last ([`wdl_line`]'s line over the retrograde's values).
    pub fn line(&mut self, pos: &G::Position, win: bool) -> Result<(u32, Vec<G::Move>), Stop> {
        let game = self.game;
        let plies = self.distance(pos, win)?;
        let (mut p, mut win, mut left) = (pos.clone(), win, plies);
        let mut line = Vec::with_capacity(plies as usize);
        while left > 0 {
            let mut chosen = None;
            for &m in game.legal_moves(&p).iter() {
                let c = game.play(&p, m);
                let same = game.to_move(&c) == game.to_move(&p);
                // The child's status from its mover's point of view: the winner's move leads
                // to a child the winner still wins (same mover) or the opponent loses.
                let child_wins = if win { same } else { !same };
                // Every move of a loser within `left` ends within `left - 1`; the delaying
                // one in exactly `left - 1`. The winner's first move ending within `left - 1`
                // ends in exactly that (none ends sooner, or the position would).
                let hit = self.within(&c, left - 1, child_wins)?
                    && (win || left == 1 || !self.within(&c, left - 2, child_wins)?);
                if hit {
                    chosen = Some((m, c, child_wins));
                    break;
                }
            }
            let Some((m, c, child_wins)) = chosen else {
                // Only when `win` was not the position's status.
                return Err(Stop::Budget);
            };
            line.push(m);
            p = c;
            win = child_wins;
            left -= 1;
        }
        Ok((plies, line))
    }

    /// `win`: can the side to move force a win within `d` plies; else: must he lose within
    /// `d`. A position without a legal move is lost in 0.
    pub fn within(&mut self, pos: &G::Position, d: u32, win: bool) -> Result<bool, Stop> {
        self.nodes += 1;
        if self.nodes > self.bounds.nodes || self.memo.len() >= self.bounds.memo {
            return Err(Stop::Budget);
        }
        if self.pacer.late(self.bounds.deadline) {
            return Err(Stop::Time);
        }
        let game = self.game;
        let key = ((self.key)(pos).ok_or(Stop::Budget)?, d << 1 | win as u32);
        if let Some(&r) = self.memo.get(&key) {
            return Ok(r);
        }
        // A list longer than the memo may hold is past the memory the bounds allow.
        if game
            .move_count(pos)
            .is_some_and(|n| n > self.bounds.memo as u128)
        {
            return Err(Stop::Budget);
        }
        let moves = game.legal_moves(pos);
        let side = game.to_move(pos);
        let r = if moves.is_empty() {
            !win
        } else if d == 0 {
            false
        } else if win {
            let mut any = false;
            for &m in moves.iter() {
                let c = game.play(pos, m);
                let same = game.to_move(&c) == side;
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
                let same = game.to_move(&c) == side;
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

/// A plain minimax reference for tiny graphs: the value of `pos` (+1, 0, −1 for the side to
/// move) by depth-first search with the path as the repetition rule (a position repeated on
/// the path is a draw). Exponential; for tests of [`solve_graph`] on tiny boards.
#[cfg(test)]
pub(crate) fn minimax<G: Game>(game: &G, pos: &G::Position, path: &mut Vec<G::Position>) -> i32 {
    if path.contains(pos) {
        return 0;
    }
    let moves = game.legal_moves(pos);
    if moves.is_empty() {
        return -1;
    }
    path.push(pos.clone());
    let mut best = -2;
    for &m in moves.iter() {
        let c = game.play(pos, m);
        let v = if game.to_move(&c) == game.to_move(pos) {
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
