//! Whole-graph retrograde analysis: every position reachable from a root, each seat's
//! paranoid value and the max^n equilibrium under given tie rules in every one of them,
//! cycles included.
//!
//! # Slices
//!
//! A move never puts seeds back in play and a move that keeps the seeds in play takes none
//! (the contract of [`SeatGame`]), so the positions group into *slices* by the seeds in play,
//! and a slice's moves stay in it or leave it for a lower one. The slices are found from the
//! root down (a breadth-first search within each, the positions below it kept for later) and
//! solved from the lowest up: a move out of a slice is an *exit* whose value is known, the
//! seeds it takes plus the value of the position it leads to.
//!
//! # Paranoid values: one slice, one seat
//!
//! Within a slice of `B` seeds, endless play gives every seat `B` shares, the same for every
//! cycle. Seat `i` maximises its future, the others minimise it: a zero-sum game whose
//! outcomes are the exits' values and `B`. It is solved by attractors, as in the retrograde
//! analysis of a game with terminal payoffs:
//!
//! - values above `B`: for thresholds `t` taken from the exit values above `B`, highest
//!   first, the positions where seat `i` can force an exit worth at least `t` grow as an
//!   attractor (seat `i`'s positions need one such move, the others' need all their moves
//!   such); a position first reached at threshold `t` is worth `t`;
//! - values below `B`: the same from the lowest exit value up, the roles swapped (the others
//!   force an exit worth at most `t`, endless play being worth more to seat `i`);
//! - every other position is worth `B`: neither side can do better than endless play.
//!
//! Each move is counted once at each threshold, so a slice costs its moves twice a seat.
//!
//! # Max^n: one slice, one set of tie rules
//!
//! Every seat maximises its own future, breaking ties by its rule ([`Tie`]). Backward
//! induction decides a position once all its moves lead to decided positions or out of the
//! slice. Where it stalls, every undecided position lies on or leads into a capture-free
//! cycle, and backward induction alone cannot say who leaves the cycle. Our rule (the source
//! says nothing of the kind): among the undecided positions whose player prefers a decided
//! move to endless play, the one whose player gets the most from leaving (then the lowest in
//! key order) leaves by its best decided move; backward induction then goes on. When no
//! player prefers leaving, the undecided positions stay in their cycles: endless play, `B`
//! shares each. The result is a stationary strategy for every seat with its realised values.
//! A player who left a cycle may find afterwards that it offered more (another player left
//! it later, his way): repair rounds then let every player who would gain by one other move
//! take it, the values being those the new moves realise, until no one would (or for at most
//! 32 rounds, the round with the fewest such positions kept). [`MaxnStats`] counts the
//! positions where a player would still gain by changing one move, so that a table can say
//! whether the profile is an equilibrium in that sense (no player gains by changing one
//! move, the others' moves kept).
//!
//! The values are a function of the graph alone: the slices are sorted, and the parallel
//! parts (making each position's moves, one seat's or one rule's analysis) write to fixed
//! places, so they do not depend on the thread count.

use super::maxn::{prefers, Tie};
use super::{SeatGame, MAX_SEATS};
use crate::error::RetroError;
use rayon::prelude::*;
use std::collections::{BTreeMap, BinaryHeap, HashSet};

/// Values of one position: each seat's future in shares.
pub type Values = [u16; MAX_SEATS];

/// The positions of one slice (sorted keys) and their values.
#[derive(Clone, Debug)]
struct Slice<K> {
    keys: Vec<K>,
    paranoid: Vec<Values>,
    /// One vector a position for each max^n run.
    maxn: Vec<Vec<Values>>,
}

/// How the max^n profile of one set of tie rules was reached, over the whole graph.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MaxnStats {
    /// Positions decided by the leaving rule (backward induction had stalled).
    pub left: u64,
    /// Positions left in endless play by the first pass (before the repair rounds).
    pub endless: u64,
    /// Moves changed in the repair rounds (a player who would gain by another move takes it).
    pub repaired: u64,
    /// Positions where the player would still gain by changing his move, the others kept.
    pub deviations: u64,
}

/// The solved graph.
#[derive(Clone, Debug)]
pub struct Graph<K> {
    seats: usize,
    runs: Vec<[Tie; MAX_SEATS]>,
    stats: Vec<MaxnStats>,
    slices: BTreeMap<u32, Slice<K>>,
}

/// The moves of one slice's positions, in move order.
struct SliceMoves {
    mover: Vec<u8>,
    /// Options of position `i`: `opts[start[i]..start[i + 1]]`.
    start: Vec<u32>,
    /// An option: a position of the slice, or (with [`EXIT`] set) an exit's index.
    opts: Vec<u32>,
    exits: Vec<Exit>,
}

/// An option that leaves the slice (or ends the game).
#[derive(Clone, Copy)]
struct Exit {
    /// The slice of the position reached ([`OVER`]: the game ended, `gain` is then the end's
    /// future).
    slice: u32,
    /// Its index there.
    index: u32,
    /// Seeds taken by the move, in shares.
    gain: Values,
}

const EXIT: u32 = 1 << 31;
const OVER: u32 = u32::MAX;
/// Not decided yet.
const OPEN: u16 = u16::MAX;

impl<K: Copy + Ord + std::hash::Hash + Send + Sync + std::fmt::Debug> Graph<K> {
    /// Positions in the graph.
    pub fn len(&self) -> usize {
        self.slices.values().map(|s| s.keys.len()).sum()
    }

    /// True when the graph holds no position.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Positions a slice, by seeds in play.
    pub fn slice_sizes(&self) -> Vec<(u32, usize)> {
        self.slices
            .iter()
            .map(|(&b, s)| (b, s.keys.len()))
            .collect()
    }

    fn find(&self, in_play: u32, key: &K) -> Option<(&Slice<K>, usize)> {
        let s = self.slices.get(&in_play)?;
        let i = s.keys.binary_search(key).ok()?;
        Some((s, i))
    }

    /// Each seat's paranoid future (shares) in the position with key `key` and `in_play`
    /// seeds in play, if it is in the graph.
    pub fn paranoid(&self, in_play: u32, key: &K) -> Option<Values> {
        self.find(in_play, key).map(|(s, i)| s.paranoid[i])
    }

    /// Each seat's future (shares) under max^n run `run` (the index of its tie rules in the
    /// list given to [`solve`]).
    pub fn maxn(&self, run: usize, in_play: u32, key: &K) -> Option<Values> {
        self.find(in_play, key).map(|(s, i)| s.maxn[run][i])
    }

    /// The tie rules of each max^n run.
    pub fn runs(&self) -> &[[Tie; MAX_SEATS]] {
        &self.runs
    }

    /// How each max^n run's profile was reached.
    pub fn maxn_stats(&self) -> &[MaxnStats] {
        &self.stats
    }

    /// Every position of the graph: `(seeds in play, key, paranoid values)`.
    pub fn iter(&self) -> impl Iterator<Item = (u32, &K, &Values)> {
        self.slices
            .iter()
            .flat_map(|(&b, s)| s.keys.iter().zip(&s.paranoid).map(move |(k, v)| (b, k, v)))
    }

    /// Seats.
    pub fn seats(&self) -> usize {
        self.seats
    }

    /// The value of exit `e` for the analysis whose slice values `of` gives.
    fn exit_value(&self, e: &Exit, of: impl Fn(&Slice<K>, usize) -> Values) -> Values {
        if e.slice == OVER {
            return e.gain;
        }
        let s = &self.slices[&e.slice];
        let v = of(s, e.index as usize);
        std::array::from_fn(|i| v[i] + e.gain[i])
    }
}

/// Finds every position reachable from `root` and solves, in all of them, each seat's
/// paranoid value and the max^n profile of each set of tie rules in `runs` (seat `s`
/// breaking ties by `runs[r][s]`); refuses past `limit` positions. `log` hears of each
/// slice as it is done.
pub fn solve<G: SeatGame>(
    game: &G,
    root: &G::Position,
    limit: usize,
    runs: &[[Tie; MAX_SEATS]],
    log: &(dyn Fn(&str) + Sync),
) -> Result<Graph<G::Key>, RetroError> {
    let found = enumerate(game, root, limit, log)?;
    let mut graph = Graph {
        seats: game.seats(),
        runs: runs.to_vec(),
        stats: vec![MaxnStats::default(); runs.len()],
        slices: BTreeMap::new(),
    };
    for (b, keys) in found {
        let moves = slice_moves(game, &graph, b, &keys);
        let paranoid = paranoid_slice(&graph, b, &moves);
        let results: Vec<(Vec<Values>, MaxnStats)> = runs
            .par_iter()
            .enumerate()
            .map(|(r, ties)| maxn_slice(&graph, r, ties, b, &moves))
            .collect();
        let mut maxn = Vec::with_capacity(runs.len());
        for (r, (v, st)) in results.into_iter().enumerate() {
            graph.stats[r].left += st.left;
            graph.stats[r].endless += st.endless;
            graph.stats[r].repaired += st.repaired;
            graph.stats[r].deviations += st.deviations;
            maxn.push(v);
        }
        log(&format!("slice {b}: {} positions solved", keys.len()));
        graph.slices.insert(
            b,
            Slice {
                keys,
                paranoid,
                maxn,
            },
        );
    }
    Ok(graph)
}

/// One slice as found: its seeds in play and its positions' keys, sorted.
type Found<K> = (u32, Vec<K>);

/// The positions reachable from `root`, by slice (sorted keys), lowest slice first.
fn enumerate<G: SeatGame>(
    game: &G,
    root: &G::Position,
    limit: usize,
    log: &(dyn Fn(&str) + Sync),
) -> Result<Vec<Found<G::Key>>, RetroError> {
    let mut pending: BTreeMap<u32, HashSet<G::Key>> = BTreeMap::new();
    pending
        .entry(game.in_play(root))
        .or_default()
        .insert(game.key(root));
    let mut out = Vec::new();
    let mut total = 0usize;
    let mut moves = G::Moves::default();
    while let Some((b, mut seen)) = pending.pop_last() {
        let mut queue: Vec<G::Key> = seen.iter().copied().collect();
        while let Some(k) = queue.pop() {
            let pos = game.position_of(k);
            game.gen_moves(&pos, &mut moves);
            for &m in moves.iter() {
                let c = game.play(&pos, m);
                let ck = game.key(&c);
                let cb = game.in_play(&c);
                if cb == b {
                    if seen.insert(ck) {
                        queue.push(ck);
                    }
                } else {
                    pending.entry(cb).or_default().insert(ck);
                }
            }
            if total + seen.len() > limit {
                return Err(RetroError::TooBig(limit));
            }
        }
        let mut keys: Vec<G::Key> = seen.into_iter().collect();
        keys.sort_unstable();
        total += keys.len();
        log(&format!("slice {b}: {} positions found", keys.len()));
        out.push((b, keys));
    }
    out.reverse();
    Ok(out)
}

/// The moves of a slice's positions, in move order.
fn slice_moves<G: SeatGame>(
    game: &G,
    graph: &Graph<G::Key>,
    b: u32,
    keys: &[G::Key],
) -> SliceMoves {
    const CHUNK: usize = 1 << 14;
    struct Part {
        mover: Vec<u8>,
        count: Vec<u32>,
        opts: Vec<u32>,
        exits: Vec<Exit>,
    }
    let parts: Vec<Part> = keys
        .par_chunks(CHUNK)
        .map(|chunk| {
            let mut part = Part {
                mover: Vec::with_capacity(chunk.len()),
                count: Vec::with_capacity(chunk.len()),
                opts: Vec::new(),
                exits: Vec::new(),
            };
            let mut moves = G::Moves::default();
            for k in chunk {
                let pos = game.position_of(*k);
                part.mover.push(game.to_move(&pos) as u8);
                if game.is_over(&pos) {
                    // One option: the end, worth its share-out.
                    part.count.push(1);
                    part.opts.push(EXIT | part.exits.len() as u32);
                    part.exits.push(Exit {
                        slice: OVER,
                        index: 0,
                        gain: game.final_future(&pos).map(|v| v as u16),
                    });
                    continue;
                }
                game.gen_moves(&pos, &mut moves);
                part.count.push(moves.len() as u32);
                for &m in moves.iter() {
                    let c = game.play(&pos, m);
                    let ck = game.key(&c);
                    let cb = game.in_play(&c);
                    if cb == b {
                        let t = keys.binary_search(&ck).expect("a slice holds its moves");
                        part.opts.push(t as u32);
                    } else {
                        let s = &graph.slices[&cb];
                        let t = s.keys.binary_search(&ck).expect("lower slices come first");
                        part.opts.push(EXIT | part.exits.len() as u32);
                        part.exits.push(Exit {
                            slice: cb,
                            index: t as u32,
                            gain: game.gain(&pos, &c).map(|v| v as u16),
                        });
                    }
                }
            }
            part
        })
        .collect();
    let mut all = SliceMoves {
        mover: Vec::with_capacity(keys.len()),
        start: Vec::with_capacity(keys.len() + 1),
        opts: Vec::new(),
        exits: Vec::new(),
    };
    all.start.push(0);
    for p in parts {
        let base = all.exits.len() as u32;
        all.mover.extend(p.mover);
        for c in p.count {
            let last = *all.start.last().expect("an offset");
            all.start.push(last + c);
        }
        all.opts.extend(
            p.opts
                .into_iter()
                .map(|o| if o & EXIT != 0 { o + base } else { o }),
        );
        all.exits.extend(p.exits);
    }
    all
}

/// Predecessors within the slice (a move counted once per move): `(start, preds)`.
fn predecessors(m: &SliceMoves) -> (Vec<u32>, Vec<u32>) {
    let n = m.mover.len();
    let mut start = vec![0u32; n + 1];
    for &o in &m.opts {
        if o & EXIT == 0 {
            start[o as usize + 1] += 1;
        }
    }
    for i in 0..n {
        start[i + 1] += start[i];
    }
    let mut fill = start.clone();
    let mut preds = vec![0u32; start[n] as usize];
    for p in 0..n {
        for &o in &m.opts[m.start[p] as usize..m.start[p + 1] as usize] {
            if o & EXIT == 0 {
                preds[fill[o as usize] as usize] = p as u32;
                fill[o as usize] += 1;
            }
        }
    }
    (start, preds)
}

/// Each seat's paranoid values in one slice (see the module docs).
fn paranoid_slice<K>(graph: &Graph<K>, b: u32, m: &SliceMoves) -> Vec<Values>
where
    K: Copy + Ord + std::hash::Hash + Send + Sync + std::fmt::Debug,
{
    let n = m.mover.len();
    let (start, preds) = predecessors(m);
    let count: Vec<u32> = (0..n).map(|p| m.start[p + 1] - m.start[p]).collect();
    // The exits' values, and which position each belongs to.
    let mut owner = vec![0u32; m.exits.len()];
    for p in 0..n {
        for &o in &m.opts[m.start[p] as usize..m.start[p + 1] as usize] {
            if o & EXIT != 0 {
                owner[(o & !EXIT) as usize] = p as u32;
            }
        }
    }
    let exit_values: Vec<Values> = m
        .exits
        .iter()
        .map(|e| graph.exit_value(e, |s, i| s.paranoid[i]))
        .collect();
    let cycle = b as u16;
    let seats = graph.seats;
    let results: Vec<Vec<u16>> = (0..seats)
        .into_par_iter()
        .map(|seat| {
            let mut value = vec![OPEN; n];
            let events = |keep: &dyn Fn(u16) -> bool| -> Vec<(u16, u32)> {
                exit_values
                    .iter()
                    .zip(&owner)
                    .filter(|(v, _)| keep(v[seat]))
                    .map(|(v, &p)| (v[seat], p))
                    .collect()
            };
            // Values above endless play: seat `seat` forces a good exit.
            let mut hi = events(&|v| v > cycle);
            hi.sort_unstable_by(|x, y| y.cmp(x));
            let ctx = Attract {
                count: &count,
                mover: &m.mover,
                seat: seat as u8,
                start: &start,
                preds: &preds,
            };
            ctx.run(&hi, true, &mut value);
            // Values below: the others force a bad one.
            let mut lo = events(&|v| v < cycle);
            lo.sort_unstable();
            ctx.run(&lo, false, &mut value);
            for v in value.iter_mut() {
                if *v == OPEN {
                    *v = cycle;
                }
            }
            value
        })
        .collect();
    (0..n)
        .map(|i| std::array::from_fn(|s| if s < seats { results[s][i] } else { 0 }))
        .collect()
}

/// What an attractor needs of a slice.
struct Attract<'a> {
    count: &'a [u32],
    mover: &'a [u8],
    seat: u8,
    start: &'a [u32],
    preds: &'a [u32],
}

impl Attract<'_> {
    /// Grows an attractor over thresholds taken from `events` (exit value, position), in the
    /// order given. `for_seat`: the side that needs one good move is the seat (values above
    /// endless play); otherwise it is the others (values below). A position reached at a
    /// threshold gets it as its value; positions already valued are left alone.
    fn run(&self, events: &[(u16, u32)], for_seat: bool, value: &mut [u16]) {
        // Moves of each position not yet known to be good for the side that needs them all.
        let mut left: Vec<u32> = self.count.to_vec();
        let one_will_do = |p: usize| (self.mover[p] == self.seat) == for_seat;
        let mut stack: Vec<u32> = Vec::new();
        for &(t, p) in events {
            let p = p as usize;
            if value[p] != OPEN {
                continue;
            }
            if !one_will_do(p) {
                left[p] -= 1;
                if left[p] > 0 {
                    continue;
                }
            }
            value[p] = t;
            stack.push(p as u32);
            while let Some(q) = stack.pop() {
                let q = q as usize;
                for &r in &self.preds[self.start[q] as usize..self.start[q + 1] as usize] {
                    let r = r as usize;
                    if value[r] != OPEN {
                        continue;
                    }
                    if !one_will_do(r) {
                        left[r] -= 1;
                        if left[r] > 0 {
                            continue;
                        }
                    }
                    value[r] = t;
                    stack.push(r as u32);
                }
            }
        }
    }
}

/// The max^n profile of one set of tie rules in one slice (see the module docs).
fn maxn_slice<K>(
    graph: &Graph<K>,
    run: usize,
    ties: &[Tie; MAX_SEATS],
    b: u32,
    m: &SliceMoves,
) -> (Vec<Values>, MaxnStats)
where
    K: Copy + Ord + std::hash::Hash + Send + Sync + std::fmt::Debug,
{
    let n = m.mover.len();
    let seats = graph.seats;
    let (pstart, preds) = predecessors(m);
    let exit_values: Vec<Values> = m
        .exits
        .iter()
        .map(|e| graph.exit_value(e, |s, i| s.maxn[run][i]))
        .collect();
    let cycle: Values = std::array::from_fn(|s| if s < seats { b as u16 } else { 0 });
    let mut value: Vec<Values> = vec![[OPEN; MAX_SEATS]; n];
    let opts = |p: usize| &m.opts[m.start[p] as usize..m.start[p + 1] as usize];
    let as_scores = |v: &Values| -> super::Scores { v.map(|x| x as u32) };
    // The value of an option, if decided.
    let option = |o: u32, value: &[Values]| -> Option<Values> {
        if o & EXIT != 0 {
            Some(exit_values[(o & !EXIT) as usize])
        } else {
            let v = value[o as usize];
            (v[0] != OPEN).then_some(v)
        }
    };
    // The player's best decided option, in move order under his tie rule.
    let best_known = |p: usize, value: &[Values]| -> Option<Values> {
        let me = m.mover[p] as usize;
        let mut best: Option<Values> = None;
        for &o in opts(p) {
            if let Some(v) = option(o, value) {
                if best.map_or(true, |bv| {
                    prefers(&as_scores(&v), &as_scores(&bv), me, seats, ties[me])
                }) {
                    best = Some(v);
                }
            }
        }
        best
    };
    let mut pending: Vec<u32> = (0..n)
        .map(|p| opts(p).iter().filter(|&&o| o & EXIT == 0).count() as u32)
        .collect();
    // The best the player has seen so far for himself (to rank who leaves first).
    let mut seen_best: Vec<u16> = vec![0; n];
    let mut heap: BinaryHeap<(u16, std::cmp::Reverse<u32>)> = BinaryHeap::new();
    let mut ready: Vec<u32> = Vec::new();
    for p in 0..n {
        if pending[p] == 0 {
            ready.push(p as u32);
        }
        if let Some(v) = best_known(p, &value) {
            seen_best[p] = v[m.mover[p] as usize];
            heap.push((seen_best[p], std::cmp::Reverse(p as u32)));
        }
    }
    ready.reverse();
    let mut stats = MaxnStats::default();
    let decide = |p: usize,
                  v: Values,
                  value: &mut Vec<Values>,
                  ready: &mut Vec<u32>,
                  heap: &mut BinaryHeap<(u16, std::cmp::Reverse<u32>)>,
                  seen_best: &mut Vec<u16>,
                  pending: &mut Vec<u32>| {
        value[p] = v;
        for &q in &preds[pstart[p] as usize..pstart[p + 1] as usize] {
            let q = q as usize;
            if value[q][0] != OPEN {
                continue;
            }
            pending[q] -= 1;
            if pending[q] == 0 {
                ready.push(q as u32);
            }
            let mine = v[m.mover[q] as usize];
            if mine > seen_best[q] {
                seen_best[q] = mine;
                heap.push((mine, std::cmp::Reverse(q as u32)));
            }
        }
    };
    loop {
        // Backward induction: every option decided.
        while let Some(p) = ready.pop() {
            let p = p as usize;
            if value[p][0] != OPEN {
                continue;
            }
            let v = best_known(p, &value).expect("a position has an option");
            decide(
                p,
                v,
                &mut value,
                &mut ready,
                &mut heap,
                &mut seen_best,
                &mut pending,
            );
        }
        // Stalled: the player who gains most by leaving leaves, if anyone prefers leaving.
        let mut left_one = false;
        while let Some((x, std::cmp::Reverse(p))) = heap.pop() {
            let p = p as usize;
            if value[p][0] != OPEN || x != seen_best[p] {
                continue;
            }
            if x < cycle[0] {
                heap.clear();
                break;
            }
            let me = m.mover[p] as usize;
            let v = best_known(p, &value).expect("a ranked position has a decided option");
            if prefers(&as_scores(&v), &as_scores(&cycle), me, seats, ties[me]) {
                stats.left += 1;
                decide(
                    p,
                    v,
                    &mut value,
                    &mut ready,
                    &mut heap,
                    &mut seen_best,
                    &mut pending,
                );
                left_one = true;
                break;
            }
        }
        if !left_one {
            break;
        }
    }
    for v in value.iter_mut() {
        if v[0] == OPEN {
            *v = cycle;
            stats.endless += 1;
        }
    }
    // The move each player makes: the first option worth what he was given.
    let mut sigma: Vec<u32> = (0..n)
        .map(|p| {
            let os = opts(p);
            *os.iter()
                .find(|&&o| option(o, &value) == Some(value[p]))
                .unwrap_or(&os[0])
        })
        .collect();
    // Positions where one changed move would help the player, and the better move.
    let improve = |value: &[Values]| -> Vec<(usize, u32)> {
        (0..n)
            .into_par_iter()
            .filter_map(|p| {
                let me = m.mover[p] as usize;
                let mut best: Option<(Values, u32)> = None;
                for &o in opts(p) {
                    let v = option(o, value).expect("every position is decided");
                    if best.map_or(true, |(bv, _)| {
                        prefers(&as_scores(&v), &as_scores(&bv), me, seats, ties[me])
                    }) {
                        best = Some((v, o));
                    }
                }
                let (v, o) = best.expect("a position has an option");
                (v[me] > value[p][me]).then_some((p, o))
            })
            .collect()
    };
    let mut better = improve(&value);
    // Repair rounds: the players who would gain change their move, and the values are those
    // the new moves realise; up to REPAIR_ROUNDS rounds, the round with the fewest such
    // positions kept.
    let mut kept = (better.len(), value.clone());
    for _ in 0..REPAIR_ROUNDS {
        if better.is_empty() {
            break;
        }
        stats.repaired += better.len() as u64;
        for &(p, o) in &better {
            sigma[p] = o;
        }
        value = realise(&sigma, &exit_values, cycle);
        better = improve(&value);
        if better.len() < kept.0 {
            kept = (better.len(), value.clone());
        }
    }
    let value = kept.1;
    stats.deviations = kept.0 as u64;
    (value, stats)
}

/// At most this many repair rounds a slice.
const REPAIR_ROUNDS: usize = 32;

/// The values the moves `sigma` realise: a position's moves lead out of the slice (the exit's
/// value) or round a cycle for ever (`cycle`).
fn realise(sigma: &[u32], exit_values: &[Values], cycle: Values) -> Vec<Values> {
    let n = sigma.len();
    let mut value = vec![[OPEN; MAX_SEATS]; n];
    // 0: not seen, 1: on the current walk, 2: valued.
    let mut state = vec![0u8; n];
    let mut walk = Vec::new();
    for p in 0..n {
        if state[p] == 2 {
            continue;
        }
        walk.clear();
        let mut q = p;
        let v = loop {
            match state[q] {
                2 => break value[q],
                1 => break cycle,
                _ => {}
            }
            state[q] = 1;
            walk.push(q);
            let o = sigma[q];
            if o & EXIT != 0 {
                break exit_values[(o & !EXIT) as usize];
            }
            q = o as usize;
        };
        for &x in &walk {
            value[x] = v;
            state[x] = 2;
        }
    }
    value
}
