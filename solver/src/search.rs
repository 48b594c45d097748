//! Exact search for seed-scored (`margin`) games: iterative deepening MTD(f) over a fail-soft
//! alpha-beta with a shared transposition table, lazy SMP on several threads.
//!
//! # Threads
//!
//! With `--threads N`, N workers run the same deepening on one shared table; the helpers
//! perturb their move order and start the root at another move. They also tell each other
//! which nodes (with 8 or more seeds on the board) they are searching, and a worker puts a
//! child another is on (never its first child) at the end of its move loop (ABDADA-style, the
//! private `Busy` marks): by then the other's result is usually in the table. Only the order
//! of the search depends on the threads; values, best moves and lines do not.
//!
//! # Values
//!
//! The search works on the *future* of a position: the seeds the side to move will still win,
//! minus those the opponent will still win, under perfect play. The reported `margin` adds the
//! seeds already captured ([`MarginGame::margin`]). A game that would go on for ever is worth
//! 0 in the future (docs/RULES.md), and the future always lies within `±` the seeds on the board
//! ([`MarginGame::future_bound`]), which clamps every window.
//!
//! # Repetitions and the transposition table
//!
//! A position that repeats on the current path (same key, same side to move, and necessarily no
//! capture in between, since captures take seeds off the board) is scored 0 for the future: the
//! play between the two occurrences gained nothing and could be repeated for ever. Searching
//! the game tree cut at the first repetition gives the true value of the game in which infinite
//! play is worth 0 (the *first-cycle game*: either side can hold the other to the cycle's value
//! with a positional strategy). Such a score depends on the path, though: the same position
//! reached by another path may not repeat. So every search result carries the lowest path ply
//! that a repetition in its subtree referred to, and a result is stored in the table only when
//! that ply is not above the node: its value then does not depend on how the node was reached,
//! and every stored bound is a bound on the position's true value. Results that depend on the
//! path are returned to the parent but never stored, so graph-history interaction cannot leak
//! a path-dependent value into another path.
//!
//! # Exactness
//!
//! Iterative deepening cuts the tree at a depth horizon, where a heuristic value (0) is used.
//! Each result also carries whether any horizon value (or any table bound found under a
//! horizon) contributed to it. Results free of horizons are stored with depth [`EXACT_DEPTH`]
//! and are reused at any depth. The deepening stops as soon as the root's MTD(f) bounds both
//! come from horizon-free searches: the value is then proven, and the report says `exact`.
//!
//! # Games without cycles
//!
//! When [`MarginGame::acyclic`] says no position can repeat (Kalah), the repetition scan is
//! skipped; every result then has no repetition in it and is stored. The deepening also stops
//! adding plies at depth 25 (`EXACT_FROM`): from there on it searches without a horizon, so the
//! next iteration proves the value.
//!
//! # Oracle (endgame tablebases)
//!
//! A position the [`Oracle`] knows is worth its exact value and is not searched. A node makes
//! all its children first, asks the oracle to start loading each child's entry (or the
//! transposition table to load the bucket of a child the oracle does not know), then reads
//! the oracle's values: a known child that refutes the window ends the node at once, the
//! best known child starts the node's best value, and only the other children are searched.
//!
//! # Principal variation
//!
//! Once the root value is proven, the variation is rebuilt from proven values only, so the best
//! move and the line do not depend on the thread count. In a game with cycles the first move
//! that keeps the value need not make progress (a line of such moves can close a capture-free
//! cycle while the value says seeds are still to be won), so the line is built segment by
//! segment: from each position, a breadth-first search over the value-keeping moves (in
//! `Solver::pv_order`) finds the shortest line to a move that takes seeds off the board or ends
//! the game. A non-zero value is always won this way (the winning side's strategy forces a
//! capture, since infinite play is worth 0); only a future of 0 may have no such line, and the
//! line then ends at a repetition (infinite play, worth 0 from there).
//!
//! A move keeps the value when one null-window test on the child proves that the move gives
//! the mover at least the proven value (no move gives more: the value is their maximum);
//! solving each child exactly costs more nodes than the root's own solve, and a second
//! test (not more than the value) only repeated what the maximum already says. Each test
//! deepens like the solve (a search without horizon lacks the ordering the shallow iterations
//! give). The moves of a position are tried in an order fixed by the position alone: moves
//! that give another turn first, then by seeds won, then generation order
//! (`Solver::pv_order`); so the value-keeping move usually comes first and few moves need
//! a proof that they are worse.

use crate::game::{Game, MarginGame};
use crate::keys::Packing;
use crate::line::{line_of, LineValues, Unknown};
use crate::side::Side;
use crate::tt::{Entry, Table, TransTable, EXACT_DEPTH};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard};
use std::time::Instant;

/// Exact values of small positions, supplied from outside (endgame tablebases).
pub trait Oracle<G: MarginGame>: Send + Sync {
    /// The future value of `pos` (seeds the side to move will still win minus the opponent's,
    /// under perfect play), if this oracle knows it.
    fn probe(&self, game: &G, pos: &G::Position) -> Option<i32>;

    /// Starts loading what [`Oracle::probe`] will read for `pos` (a hint), and says whether
    /// the oracle may know `pos` at all: `false` means that probing it would surely give
    /// `None`. The default loads nothing and says `true`.
    #[inline]
    fn prefetch(&self, _game: &G, _pos: &G::Position) -> bool {
        true
    }
}

/// How a solve is run.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Stop deepening at this depth (plies); `None` searches until the value is proven.
    pub depth: Option<u32>,
    /// Search threads (lazy SMP); at least 1.
    pub threads: usize,
    /// Transposition table size in MiB.
    pub tt_mb: usize,
    /// Stop searching at this instant: the solve then reports the last finished iteration,
    /// with `exact: false` unless that iteration had already proven the value.
    pub deadline: Option<Instant>,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            depth: None,
            threads: 1,
            tt_mb: 64,
            deadline: None,
        }
    }
}

/// What one iteration of the deepening found, for progress displays.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    /// The depth of this iteration (plies); for a search without horizon, the longest line it
    /// has gone down so far.
    pub depth: u32,
    /// Proven lower bound on the future value so far in this iteration.
    pub lower: i32,
    /// Upper bound on the future value so far in this iteration.
    pub upper: i32,
    /// Nodes searched so far (all threads).
    pub nodes: u64,
}

/// The result of a solve.
#[derive(Clone, Debug)]
pub struct Report<M> {
    /// Final seed difference, side to move minus opponent, seeds already captured included.
    pub value: i32,
    /// The future part of `value` (seeds still to be won, mover minus opponent).
    pub future: i32,
    /// The best move (the first move of the principal variation: among the best, the first in
    /// the order moves that give another turn, then by seeds won, then generation order),
    /// `None` if the game is over.
    pub best: Option<M>,
    /// The principal variation (empty when not exact). Played out, it gives `value`, unless
    /// it is incomplete (`pv_complete`).
    pub pv: Vec<M>,
    /// False when the deadline of the limits passed while the principal variation was being
    /// built after the value was proven: `pv` is then the part built (every move of it keeps
    /// the value, but it stops short of the end); false also when the value is not exact.
    pub pv_complete: bool,
    /// True when the value is proven (no depth horizon contributed).
    pub exact: bool,
    /// The last depth searched (plies); after a search without horizon (games without
    /// cycles, from depth 25 on), the longest line that search went down.
    pub depth: u32,
    /// Nodes searched, all threads together.
    pub nodes: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
}

/// The value of one move at the root.
#[derive(Clone, Debug)]
pub struct MoveValue<M> {
    /// The move.
    pub mv: M,
    /// The final seed difference after this move under perfect play (mover's point of view).
    pub value: i32,
}

const NO_REP: u32 = u32::MAX;

/// The fewest seeds on the board of a node that the threads tell each other they are
/// searching ([`Busy`]): below it a subtree is too small to be worth the shared writes.
/// Kalah(6,4) on two threads, three runs each in turn: 0 seeds 70.0/77.2/71.6 M nodes, 8 seeds
/// 73.4/71.0/75.9 M, 12 seeds 78.8/73.6/73.8 M, 20 seeds 78.5/70.1/79.0 M, none 77.8/89.5/83.7
/// M (times within the machine's noise of each other, all but `none`).
const BUSY_MIN_SEEDS: i32 = 8;

/// The nodes the threads of one search are on now (ABDADA, Weill 1996, simplified): one slot
/// a hash, holding the low word of the table key of a node some thread is searching. A thread
/// leaves such a child for the end of its move loop, by when the other has often put its
/// value in the table. Where one slot is wanted by two nodes the later wins and the former
/// looks free: either way only the order of the search changes, never its result.
struct Busy {
    slots: Vec<AtomicU64>,
}

impl Busy {
    /// log2 of the slots: 16 K slots, 128 KiB, which stay in the cores' caches.
    const BITS: u32 = 14;

    fn new() -> Busy {
        Busy {
            slots: (0..1usize << Self::BITS)
                .map(|_| AtomicU64::new(0))
                .collect(),
        }
    }

    /// The slot of a table key and the word that marks the key there (never 0, the free
    /// mark).
    #[inline(always)]
    fn slot(&self, key: u128) -> (&AtomicU64, u64) {
        let tag = (key as u64) | 1;
        let i = (tag.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - Self::BITS)) as usize;
        (&self.slots[i], tag)
    }

    /// Whether some thread is searching the node of `key`.
    #[inline(always)]
    fn is_busy(&self, key: u128) -> bool {
        let (s, tag) = self.slot(key);
        s.load(Ordering::Relaxed) == tag
    }

    /// This thread starts searching the children of the node of `key`.
    #[inline(always)]
    fn enter(&self, key: u128) {
        let (s, tag) = self.slot(key);
        s.store(tag, Ordering::Relaxed);
    }

    /// This thread is done with the node of `key` (the slot is freed if it still marks it).
    #[inline(always)]
    fn leave(&self, key: u128) {
        let (s, tag) = self.slot(key);
        let _ = s.compare_exchange(tag, 0, Ordering::Relaxed, Ordering::Relaxed);
    }
}

/// The most moves a position may have for the search to number them (a byte): a game whose
/// positions may have more is not searched (the four-row boards with many extra-hole
/// choices, the morris game with more than four counters).
pub const MAX_MOVES: u64 = 256;

/// The deadline of the limits passed while the principal variation was being built.
struct OutOfTime;

/// In games without cycles, the deepening searches without a horizon from this depth on
/// (rather than going on in steps of 4): the shallow iterations have ordered the moves, and
/// every deeper depth-limited iteration repeats most of the proof (measured: BENCHMARKS.md,
/// "What the search is made of").
const EXACT_FROM: u32 = 25;

/// The depth of the next iteration of the deepening. Deeper iterations cost more than they
/// gain in ordering: steps of 2, then 4; in games without cycles, no horizon from
/// [`EXACT_FROM`] on.
fn next_depth(depth: u32, acyclic: bool) -> u32 {
    let next = depth + if depth < 8 { 2 } else { 4 };
    if acyclic && (EXACT_FROM..FULL_DEPTH).contains(&next) {
        FULL_DEPTH
    } else {
        next
    }
}

/// For a move from a position where `side` was to move with captured margin `margin` to
/// `child`: whether `side` moves again, and the seeds the move won (mover's margin gained).
#[inline(always)]
fn move_gain<G: MarginGame>(g: &G, side: Side, margin: i32, child: &G::Position) -> (bool, i32) {
    let same = g.to_move(child) == side;
    let m = g.margin(child);
    (same, if same { m - margin } else { -m - margin })
}

/// The depth of a search "without horizon": more plies than any game without cycles lasts
/// (should one ever reach it, the result says it is not exact and the deepening goes on).
const FULL_DEPTH: u32 = 1 << 20;

/// A search result: the fail-soft value, the lowest path ply a repetition referred to, and
/// whether it is free of horizon values.
#[derive(Clone, Copy, Debug)]
struct Res {
    v: i32,
    rep: u32,
    exact: bool,
}

/// What every worker of one search shares besides the table: how it codes keys.
#[derive(Clone, Copy, Debug)]
struct Run {
    packing: Option<Packing>,
}

impl Run {
    /// The table key of a position key.
    #[inline(always)]
    fn code(&self, key: u128) -> u128 {
        match &self.packing {
            Some(p) => p.code(key),
            None => key,
        }
    }
}

/// What [`Worker::conclude`] needs to know of the node it concludes.
#[derive(Clone, Copy)]
struct Node {
    key: u128,
    probed: Option<Entry>,
    alpha0: i32,
    beta: i32,
    bound: i32,
    depth: u32,
    count0: u64,
    ply: u32,
}

/// One path entry for repetition detection.
#[derive(Clone, Copy)]
struct PathEntry {
    key: u128,
    side: Side,
    seeds: i32,
}

struct Worker<'a, G: MarginGame<Key = u128>, T: TransTable> {
    game: &'a G,
    tt: &'a T,
    oracle: Option<&'a dyn Oracle<G>>,
    stop: &'a AtomicBool,
    deadline: Option<Instant>,
    shared_nodes: &'a AtomicU64,
    nodes: u64,
    /// Nodes searched by this worker since it started (never reset): measures subtree work.
    count: u64,
    /// The game has no cycles: no repetition checks, and a horizon-free search.
    acyclic: bool,
    path: Vec<PathEntry>,
    /// History scores by move index, for ordering quiet moves.
    history: Vec<u32>,
    /// Lazy-SMP helpers perturb their move order with this.
    salt: usize,
    /// Child buffers by ply, reused to avoid allocation.
    stack: Vec<Vec<Child<G>>>,
    aborted: bool,
    /// The longest path this worker went down (plies from the root), for reports.
    max_ply: u32,
    /// How keys are coded for the table in this search.
    run: Run,
    /// The nodes the threads are on, where more than one thread searches.
    busy: Option<&'a Busy>,
}

struct Child<G: Game> {
    pos: G::Position,
    /// The child's table key, made once for the prefetch, the cutoff test and its search (0
    /// while the oracle may know the child).
    key: u128,
    idx: u8,
    gain: i32,
    same: bool,
    order: i64,
    /// The oracle may know this child (its entry is being loaded).
    oracle: bool,
}

impl<'a, G: MarginGame<Key = u128>, T: TransTable> Worker<'a, G, T> {
    fn new(
        game: &'a G,
        tt: &'a T,
        oracle: Option<&'a dyn Oracle<G>>,
        stop: &'a AtomicBool,
        shared_nodes: &'a AtomicU64,
        salt: usize,
        run: Run,
    ) -> Self {
        Worker {
            game,
            tt,
            oracle,
            stop,
            deadline: None,
            shared_nodes,
            nodes: 0,
            count: 0,
            acyclic: game.acyclic(),
            path: Vec::with_capacity(256),
            history: vec![0; 256],
            salt,
            stack: Vec::new(),
            aborted: false,
            max_ply: 0,
            run,
            busy: None,
        }
    }

    /// The table key of `pos`: its key, packed if the search packs keys.
    #[inline(always)]
    fn code(&self, pos: &G::Position) -> u128 {
        self.run.code(self.game.key(pos))
    }

    fn stack_at(&mut self, ply: usize) -> &mut Vec<Child<G>> {
        if self.stack.len() <= ply {
            self.stack.resize_with(ply + 1, Vec::new);
        }
        &mut self.stack[ply]
    }

    fn flush_nodes(&mut self) {
        self.shared_nodes.fetch_add(self.nodes, Ordering::Relaxed);
        self.nodes = 0;
    }

    /// Fail-soft alpha-beta on the future value of `pos`.
    /// `key` is the table key of `pos` ([`Worker::code`]).
    fn search(
        &mut self,
        pos: &G::Position,
        key: u128,
        mut alpha: i32,
        beta: i32,
        depth: u32,
    ) -> Res {
        let g = self.game;
        self.nodes += 1;
        self.count += 1;
        let count0 = self.count;
        if self.nodes & 0xFFF == 0 {
            self.flush_nodes();
        }
        // Helpers look for the main worker's stop, and with a deadline the main worker reads
        // the clock, every 16 nodes: a node can take milliseconds (first writes to the pages of
        // a fresh table, a four-row sowing), and a deadline must be met within a tenth of a
        // second, helpers joined.
        if self.nodes & 0xF == 0 {
            if self.salt != 0 && self.stop.load(Ordering::Relaxed) {
                self.aborted = true;
            }
            if crate::stop::passed(self.deadline) {
                self.stop.store(true, Ordering::Relaxed);
                self.aborted = true;
            }
        }
        if self.aborted {
            return Res {
                v: 0,
                rep: 0,
                exact: false,
            };
        }
        let ply = self.path.len() as u32;
        self.max_ply = self.max_ply.max(ply);
        let side = g.to_move(pos);
        let bound = g.future_bound(pos);
        // Repetition: scan back over the positions with as many seeds on the board.
        if !self.acyclic {
            for (j, e) in self.path.iter().enumerate().rev() {
                if e.seeds != bound {
                    break;
                }
                if e.key == key && e.side == side {
                    return Res {
                        v: 0,
                        rep: j as u32,
                        exact: true,
                    };
                }
            }
        }
        let mut moves = G::Moves::default();
        g.gen_moves(pos, &mut moves);
        if moves.is_empty() {
            return Res {
                v: g.final_margin(pos) - g.margin(pos),
                rep: NO_REP,
                exact: true,
            };
        }
        // Window clamping: the future lies within ±(seeds on the board).
        if bound <= alpha {
            return Res {
                v: bound,
                rep: NO_REP,
                exact: true,
            };
        }
        if -bound >= beta {
            return Res {
                v: -bound,
                rep: NO_REP,
                exact: true,
            };
        }
        if let Some(o) = self.oracle {
            if let Some(v) = o.probe(g, pos) {
                return Res {
                    v,
                    rep: NO_REP,
                    exact: true,
                };
            }
        }
        let mut tt_move = None;
        let probed = self.tt.probe(key);
        if let Some(e) = probed {
            tt_move = e.best;
            if e.depth == EXACT_DEPTH || e.depth as u32 >= depth {
                let exact = e.depth == EXACT_DEPTH;
                let (lo, up) = (e.lower as i32, e.upper as i32);
                if lo >= beta || lo == up {
                    return Res {
                        v: lo,
                        rep: NO_REP,
                        exact,
                    };
                }
                if up <= alpha {
                    return Res {
                        v: up,
                        rep: NO_REP,
                        exact,
                    };
                }
            }
        }
        if depth == 0 {
            return Res {
                v: g.estimate(pos).clamp(-bound, bound),
                rep: NO_REP,
                exact: false,
            };
        }

        // Children, ordered: the table's move (searched alone first in games without cycles),
        // then extra turns (nearest the store first), then the others by immediate gain less a
        // quarter of a seed for each reply they leave the opponent, then history.
        let margin = g.margin(pos);
        let alpha0 = alpha;
        let node = Node {
            key,
            probed,
            alpha0,
            beta,
            bound,
            depth,
            count0,
            ply,
        };
        let mut best = i32::MIN;
        let mut best_idx = 0u8;
        let mut rep = NO_REP;
        let mut exact = true;
        // In games without cycles (where the table's move turns the enhanced transposition
        // cutoff below off), the table's move is searched before the other children are made:
        // where it refutes the window (most of the time it is there), they never are. Not at
        // the root, where lazy-SMP helpers start elsewhere.
        let mut first = None;
        if self.acyclic && ply > 0 {
            if let Some(t) = tt_move {
                if let Some(&m) = moves.get(t as usize) {
                    let c = g.play(pos, m);
                    let (same, gain) = move_gain(g, side, margin, &c);
                    let ck = self.code(&c);
                    self.path.push(PathEntry {
                        key,
                        side,
                        seeds: bound,
                    });
                    let (v, r) = self.search_child(&c, ck, same, gain, alpha, beta, depth);
                    self.path.pop();
                    first = Some(t);
                    rep = r.rep;
                    exact = r.exact;
                    best = v;
                    best_idx = t;
                    alpha = alpha.max(v);
                    if alpha >= beta || self.aborted {
                        if !self.aborted {
                            self.reward(t, bound, depth);
                        }
                        return self.conclude(node, best, best_idx, rep, exact);
                    }
                }
            }
        }
        let mut children = std::mem::take(self.stack_at(ply as usize));
        children.clear();
        // Children the oracle knows are not searched: their exact values are taken here
        // (best of them in `known`), and one that refutes the window ends the search. The
        // children are made first and every table entry they need (oracle or transposition
        // table) starts loading at once, so that the cache misses overlap.
        let mut known = i32::MIN;
        let mut known_idx = 0u8;
        for (i, &m) in moves.iter().enumerate() {
            if first == Some(i as u8) {
                continue;
            }
            let c = g.play(pos, m);
            let (same, gain) = move_gain(g, side, margin, &c);
            let oracle = self.oracle.is_some_and(|o| o.prefetch(g, &c));
            let mut key = 0;
            if !oracle {
                // The enhanced transposition cutoff below, or the child's own search, probes
                // its table entry.
                key = self.code(&c);
                self.tt.prefetch(key);
            }
            // Extra turns first, then by gain.
            let mut order = (same as i64) << 40 | (gain as i64) << 24;
            order += self.history[i] as i64 >> 8;
            if same {
                // Among extra turns, the highest move index first: in the two-row games the
                // moves are the mover's pits from his left, and sowing runs to the right, so
                // that is the extra turn nearest the store, whose sowing passes none of the
                // others; played first, it leaves every other extra turn still there to be
                // chained. 2^20 a move index (at most 15 of them: below a seed of gain, 2^24;
                // history scores reach 2^24 as well, so a strong history still counts).
                order += (i.min(15) as i64) << 20;
            }
            if !same {
                // Among moves that pass the turn, the fewer replies they leave the opponent,
                // the sooner: where the move refutes, the opponent's node must try every
                // reply, so a move that leaves few makes a small proof. A quarter of a seed
                // of gain a reply (2^22); a reply that gives the opponent another turn counts
                // twice (it opens a node of his more). Measured: BENCHMARKS.md, "Move order".
                order -= ((g.mobility(&c) + g.extra_turns(&c)) as i64) << 22;
            }
            if tt_move == Some(i as u8) {
                order = i64::MAX;
            } else if self.salt != 0 {
                order ^= ((i + self.salt) % 3) as i64;
            }
            children.push(Child {
                pos: c,
                key,
                idx: i as u8,
                gain,
                same,
                order,
                oracle,
            });
        }
        if let Some(o) = self.oracle {
            let mut k = 0;
            while k < children.len() {
                let c = &mut children[k];
                if !c.oracle {
                    k += 1;
                    continue;
                }
                let Some(v) = o.probe(g, &c.pos) else {
                    c.oracle = false;
                    c.key = self.code(&c.pos);
                    self.tt.prefetch(c.key);
                    k += 1;
                    continue;
                };
                let v = if c.same { c.gain + v } else { c.gain - v };
                if v > known {
                    known = v;
                    known_idx = c.idx;
                }
                if v >= beta {
                    self.stack[ply as usize] = children;
                    return Res {
                        v,
                        rep: NO_REP,
                        exact: true,
                    };
                }
                children.swap_remove(k);
            }
        }
        // Enhanced transposition cutoff: a child whose stored bound already refutes the
        // window ends the search here.
        // In acyclic games not one ply above the horizon, where it costs more than it cuts;
        // cyclic games keep it. Nor, in acyclic games, where the table has a move for the
        // node: that move nearly always cuts, and the other children's entries would be
        // loaded for nothing (measured: BENCHMARKS.md, "What the search is made of").
        let etc = if !self.acyclic || (depth >= 2 && tt_move.is_none()) {
            children.len()
        } else {
            0
        };
        for c in children.iter().take(etc) {
            let Some(e) = self.tt.probe(c.key) else {
                continue;
            };
            if e.depth != EXACT_DEPTH && (e.depth as u32) < depth - 1 {
                continue;
            }
            let v = if c.same {
                c.gain + e.lower as i32
            } else {
                c.gain - e.upper as i32
            };
            if v >= beta {
                let exact = e.depth == EXACT_DEPTH;
                self.stack[ply as usize] = children;
                return Res {
                    v,
                    rep: NO_REP,
                    exact,
                };
            }
        }
        children.sort_unstable_by_key(|c| std::cmp::Reverse(c.order));
        // Lazy-SMP helpers start the root at another move (rotated by the salt), so that the
        // threads prove different subtrees and meet in the table (measured: BENCHMARKS.md,
        // "What the search is made of").
        if self.salt != 0 && ply == 0 && children.len() > 1 {
            let k = self.salt % children.len();
            children.rotate_left(k);
        }

        self.path.push(PathEntry {
            key,
            side,
            seeds: bound,
        });
        if known > best {
            best = known;
            best_idx = known_idx;
        } else if first.is_none() && known == i32::MIN {
            best_idx = children[0].idx;
        }
        alpha = alpha.max(known);
        // Where threads share the search, a child (other than the first searched) that
        // another thread is on now is left for the end of the loop ([`Busy`]).
        let busy = self.busy.filter(|_| bound >= BUSY_MIN_SEEDS);
        if let Some(b) = busy {
            b.enter(key);
        }
        let n = children.len();
        // Children left for later (indices into `children`), and the next of them to search.
        let mut later = [0u16; 64];
        let (mut nl, mut k, mut j) = (0, 0, 0);
        let searched_one = first.is_some();
        loop {
            let i = if k < n {
                k += 1;
                k - 1
            } else if j < nl {
                j += 1;
                later[j - 1] as usize
            } else {
                break;
            };
            let c = &children[i];
            if j == 0 && (i > 0 || searched_one) && nl < later.len() && i <= u16::MAX as usize {
                if let Some(b) = busy {
                    if b.is_busy(c.key) {
                        later[nl] = i as u16;
                        nl += 1;
                        continue;
                    }
                }
            }
            let (v, r) = self.search_child(&c.pos, c.key, c.same, c.gain, alpha, beta, depth);
            rep = rep.min(r.rep);
            exact &= r.exact;
            if v > best {
                best = v;
                best_idx = c.idx;
            }
            if best > alpha {
                alpha = best;
            }
            if alpha >= beta {
                // The bonus of a cutoff: the square of what is left below the node, the depth
                // in games with cycles, the seeds on the board in games without (where a search
                // without horizon makes every depth alike, and the seeds are what still has to
                // be played out; BENCHMARKS.md, "Move order").
                self.reward(c.idx, bound, depth);
                break;
            }
        }
        if let Some(b) = busy {
            b.leave(key);
        }
        self.path.pop();
        self.stack[ply as usize] = children;
        self.conclude(node, best, best_idx, rep, exact)
    }

    /// Searches a child reached by a move that won `gain` seeds (`same`: the mover moves
    /// again) within the parent's window `(alpha, beta)`: its value to the parent's mover and
    /// the child's result.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn search_child(
        &mut self,
        child: &G::Position,
        key: u128,
        same: bool,
        gain: i32,
        alpha: i32,
        beta: i32,
        depth: u32,
    ) -> (i32, Res) {
        if same {
            let r = self.search(child, key, alpha - gain, beta - gain, depth - 1);
            (gain + r.v, r)
        } else {
            let r = self.search(child, key, gain - beta, gain - alpha, depth - 1);
            (gain - r.v, r)
        }
    }

    /// The history bonus of a cutoff by move `idx` at a node with `bound` seeds on the board
    /// searched to `depth` (see the move loop of [`Worker::search`]).
    #[inline(always)]
    fn reward(&mut self, idx: u8, bound: i32, depth: u32) {
        let left = if self.acyclic { bound as u32 } else { depth }.min(64);
        let h = &mut self.history[idx as usize];
        *h = h.saturating_add(left * left);
    }

    /// The end of [`Worker::search`] of a node that searched its children: stores what the
    /// search proved in the table and returns it.
    #[inline(always)]
    fn conclude(&mut self, node: Node, best: i32, best_idx: u8, rep: u32, exact: bool) -> Res {
        let Node {
            key,
            probed,
            alpha0,
            beta,
            bound,
            depth,
            count0,
            ply,
        } = node;
        if self.aborted {
            return Res {
                v: 0,
                rep: 0,
                exact: false,
            };
        }
        // log2 of the nodes searched under this node, 1..=64.
        let work = 64 - (self.count - count0 + 1).leading_zeros() as u8;
        if rep >= ply {
            let d = if exact {
                EXACT_DEPTH
            } else {
                depth.min(EXACT_DEPTH as u32 - 1) as u8
            };
            let (mut lo, mut up) = if best <= alpha0 {
                (-bound, best)
            } else if best >= beta {
                (best, bound)
            } else {
                (best, best)
            };
            if let Some(e) = probed {
                if e.depth == d {
                    lo = lo.max(e.lower as i32);
                    up = up.min(e.upper as i32);
                }
            }
            if lo <= up {
                self.tt.store(
                    key,
                    Entry {
                        lower: lo as i16,
                        upper: up as i16,
                        depth: d,
                        best: Some(best_idx),
                        work,
                    },
                );
            }
        } else if probed.is_none() {
            // A path-dependent result proves nothing about the position, but its best move
            // still orders the next search: store it with bounds that cut nothing.
            self.tt.store(
                key,
                Entry {
                    lower: -bound as i16,
                    upper: bound as i16,
                    depth: 0,
                    best: Some(best_idx),
                    work: 0,
                },
            );
        }
        Res {
            v: best,
            rep,
            exact,
        }
    }

    /// MTD(f) at one depth: narrows [lower, upper] with null-window searches from `guess`.
    /// Returns the value and whether both final bounds are horizon-free.
    fn mtdf(
        &mut self,
        root: &G::Position,
        guess: i32,
        depth: u32,
        progress: &mut dyn FnMut(Progress),
    ) -> (i32, bool) {
        let b = self.game.future_bound(root);
        let (mut lower, mut upper) = (-b, b);
        let (mut lo_exact, mut up_exact) = (true, true);
        let mut g = guess.clamp(lower, upper);
        while lower < upper {
            let beta = if g == lower { g + 1 } else { g };
            self.path.clear();
            let r = self.search(root, self.code(root), beta - 1, beta, depth);
            if self.aborted {
                return (g, false);
            }
            if r.v < beta {
                upper = r.v;
                up_exact = r.exact;
            } else {
                lower = r.v;
                lo_exact = r.exact;
            }
            g = r.v;
            self.flush_nodes();
            progress(Progress {
                depth: self.shown_depth(depth),
                lower,
                upper,
                nodes: self.shared_nodes.load(Ordering::Relaxed),
            });
        }
        (lower, lo_exact && up_exact)
    }

    /// The depth to report for a search at `depth`: the longest line gone down when the
    /// search has no horizon.
    fn shown_depth(&self, depth: u32) -> u32 {
        if depth >= FULL_DEPTH {
            self.max_ply
        } else {
            depth
        }
    }

    /// Iterative deepening until the value is proven or `max_depth` is reached.
    fn deepen(
        &mut self,
        root: &G::Position,
        max_depth: Option<u32>,
        progress: &mut dyn FnMut(Progress),
    ) -> (i32, bool, u32) {
        let mut guess = 0;
        let mut depth = (1 + (self.salt as u32 % 2)).min(max_depth.unwrap_or(u32::MAX).max(1));
        let mut finished = 0;
        loop {
            let (v, exact) = self.mtdf(root, guess, depth, progress);
            if self.aborted {
                // Stopped inside this iteration: report the last finished one (never exact).
                return (guess, false, finished);
            }
            guess = v;
            finished = self.shown_depth(depth);
            if exact || max_depth.is_some_and(|m| depth >= m) {
                return (v, exact, self.shown_depth(depth));
            }
            depth = next_depth(depth, self.acyclic);
            if let Some(m) = max_depth {
                depth = depth.min(m);
            }
        }
    }
}

/// Solves positions of one game, keeping its transposition table between calls.
///
/// The table is the lock-free [`Table`] unless another [`TransTable`] is given
/// ([`Solver::with_table`]).
///
/// # Example
///
/// ```
/// use mancala_solver::search::{Limits, Solver};
/// use mancala_solver::tworow::Options;
/// use mancala_solver::{Game, Kind, TwoRow};
///
/// // Every first move of kale on three pits a side, two seeds a pit, valued exactly.
/// let kale = TwoRow::new(Kind::Kale, 3, 2, Options::default())?;
/// let solver = Solver::new(&kale, Limits { tt_mb: 1, ..Limits::default() });
/// let values = solver.analyze(&kale.start());
/// assert_eq!(values.len(), 3);
/// let best = values.iter().map(|v| v.value).max();
/// assert_eq!(best, Some(solver.solve(&kale.start()).value));
/// # Ok::<(), mancala_solver::ConfigError>(())
/// ```
pub struct Solver<'a, G: MarginGame<Key = u128>, T: TransTable = Table> {
    game: &'a G,
    tt: T,
    limits: Limits,
    oracle: Option<&'a dyn Oracle<G>>,
    /// How the keys in the table were coded: `None` before the first search, then the
    /// packing every search since has used (`Some(None)`: keys as they are). Held for the
    /// whole of a search ([`Solver::begin`]).
    keys: Mutex<Option<Option<Packing>>>,
    /// Whether a proven value of 0 gets its principal variation ([`Solver::without_drawn_line`]).
    drawn_line: bool,
}

impl<'a, G: MarginGame<Key = u128>> Solver<'a, G> {
    /// A solver for `game` with the given limits.
    pub fn new(game: &'a G, limits: Limits) -> Self {
        Solver::with_table(game, limits, Table::new(limits.tt_mb))
    }
}

impl<'a, G: MarginGame<Key = u128>, T: TransTable> Solver<'a, G, T> {
    /// A solver for `game` with the given limits and transposition table (`limits.tt_mb` is
    /// then not used).
    pub fn with_table(game: &'a G, limits: Limits, tt: T) -> Self {
        Solver {
            game,
            tt,
            limits,
            oracle: None,
            keys: Mutex::new(None),
            drawn_line: true,
        }
    }

    /// Builds no principal variation for a proven value of 0 (its `pv` is then empty and
    /// `pv_complete` false; `best` is the table's move at the root). The line of a draw in a
    /// game whose bound never falls ([`MarginGame::future_bound`]) is a search over every
    /// position that keeps the draw, which can be far longer than the proof.
    pub fn without_drawn_line(mut self) -> Self {
        self.drawn_line = false;
        self
    }

    /// Starts a search from `root`: the packing of its table keys, and the lock that keeps
    /// other searches of this solver waiting until it is dropped. The table keeps its keys
    /// while the packing it has codes every key `root` can reach (same lanes, as many bits: a
    /// later position of a game, a child of the previous root); otherwise it is emptied and
    /// set up anew, since codes of two packings could name different positions alike. Every
    /// position a search meets descends from its root, so one packing serves the whole of it.
    fn begin(&self, root: &G::Position) -> (MutexGuard<'_, Option<Option<Packing>>>, Run) {
        let want = self.game.key_packing(root);
        let mut keys = self.keys.lock().unwrap_or_else(|e| e.into_inner());
        let next = match (*keys, want) {
            (Some(Some(have)), Some(w)) if have.covers(&w) => {
                return (
                    keys,
                    Run {
                        packing: Some(have),
                    },
                )
            }
            (Some(None), None) => return (keys, Run { packing: None }),
            (Some(Some(have)), Some(w)) => have.union(&w).or(Some(w)),
            (_, w) => w,
        };
        self.tt.reset(next.map_or(128, |p| p.width()));
        *keys = Some(next);
        (keys, Run { packing: next })
    }

    /// Probes `oracle` (e.g. endgame tablebases) for exact values during the search.
    pub fn with_oracle(mut self, oracle: &'a dyn Oracle<G>) -> Self {
        self.oracle = Some(oracle);
        self
    }

    /// Solves `root`: its value, best move and principal variation.
    pub fn solve(&self, root: &G::Position) -> Report<G::Move> {
        self.solve_with_progress(root, &mut |_| {})
    }

    /// Like [`Solver::solve`], calling `progress` after every null-window search.
    pub fn solve_with_progress(
        &self,
        root: &G::Position,
        progress: &mut dyn FnMut(Progress),
    ) -> Report<G::Move> {
        let t0 = Instant::now();
        let (_lock, run) = self.begin(root);
        let stop = AtomicBool::new(false);
        let nodes = AtomicU64::new(0);
        let (future, exact, depth) = self.run_threads(root, run, &stop, &nodes, progress);
        let (pv, pv_complete) = if exact && (future != 0 || self.drawn_line) {
            self.principal_variation(root, run, future, &nodes)
        } else {
            (Vec::new(), false)
        };
        let best = pv.first().copied().or_else(|| {
            // Not proven: the table move at the root, else the first legal move.
            let moves = self.game.legal_moves(root);
            let i = self
                .tt
                .probe(run.code(self.game.key(root)))
                .and_then(|e| e.best)
                .unwrap_or(0) as usize;
            moves.get(i).or(moves.first()).copied()
        });
        Report {
            value: self.game.margin(root) + future,
            future,
            best,
            pv,
            pv_complete,
            exact,
            depth,
            nodes: nodes.load(Ordering::Relaxed),
            seconds: t0.elapsed().as_secs_f64(),
        }
    }

    fn run_threads(
        &self,
        root: &G::Position,
        run: Run,
        stop: &AtomicBool,
        nodes: &AtomicU64,
        progress: &mut dyn FnMut(Progress),
    ) -> (i32, bool, u32) {
        let max_depth = self.limits.depth;
        self.parallel(
            stop,
            nodes,
            run,
            |w| w.deepen(root, max_depth, progress),
            |w| {
                w.deepen(root, max_depth, &mut |_| {});
            },
        )
    }

    /// Runs `main` on the main worker (the one with the deadline) and `helper` on a lazy-SMP
    /// helper in each further thread, all on the shared table; the helpers stop once `main`
    /// is done.
    fn parallel<R>(
        &self,
        stop: &AtomicBool,
        nodes: &AtomicU64,
        run: Run,
        main: impl FnOnce(&mut Worker<'_, G, T>) -> R,
        helper: impl Fn(&mut Worker<'_, G, T>) + Sync,
    ) -> R {
        let busy = (self.limits.threads > 1).then(Busy::new);
        let busy = busy.as_ref();
        std::thread::scope(|s| {
            for salt in 1..self.limits.threads.max(1) {
                let helper = &helper;
                s.spawn(move || {
                    let mut w =
                        Worker::new(self.game, &self.tt, self.oracle, stop, nodes, salt, run);
                    w.busy = busy;
                    helper(&mut w);
                    w.flush_nodes();
                });
            }
            let mut w = Worker::new(self.game, &self.tt, self.oracle, stop, nodes, 0, run);
            w.busy = busy;
            w.deadline = self.limits.deadline;
            let r = main(&mut w);
            w.flush_nodes();
            stop.store(true, Ordering::Relaxed);
            r
        })
    }

    /// The proven future value of `pos` (searching from scratch where the table lacks it), or
    /// `None` when `deadline` passes first.
    fn exact_future(
        &self,
        pos: &G::Position,
        run: Run,
        nodes: &AtomicU64,
        deadline: Option<Instant>,
    ) -> Option<i32> {
        let stop = AtomicBool::new(false);
        let (v, exact, _) = self.parallel(
            &stop,
            nodes,
            run,
            |w| {
                w.deadline = deadline;
                w.deepen(pos, None, &mut |_| {})
            },
            |w| {
                w.deepen(pos, None, &mut |_| {});
            },
        );
        debug_assert!(exact || deadline.is_some());
        exact.then_some(v)
    }

    /// True when the future of `pos` is proven to be at least `beta`: null-window searches
    /// at rising depth until one is free of horizons (a single horizon-free one in acyclic
    /// games). Much cheaper than the exact value when only a test is needed.
    fn future_at_least(
        &self,
        pos: &G::Position,
        run: Run,
        beta: i32,
        nodes: &AtomicU64,
    ) -> Result<bool, OutOfTime> {
        let b = self.game.future_bound(pos);
        if beta > b {
            return Ok(false);
        }
        if beta <= -b {
            return Ok(true);
        }
        // Rising depths, as in the solve, even where the game has no cycles: the shallow
        // searches order the moves of the deeper ones.
        let test = |w: &mut Worker<'_, G, T>| -> Result<bool, OutOfTime> {
            let mut depth = 1;
            loop {
                w.path.clear();
                let r = w.search(pos, w.code(pos), beta - 1, beta, depth);
                if w.aborted {
                    return Err(OutOfTime);
                }
                if r.exact {
                    return Ok(r.v >= beta);
                }
                depth = next_depth(depth, w.acyclic);
            }
        };
        // On the limits' threads, as the solve: lazy-SMP helpers run the same test until the
        // main worker has its answer (the answer is the main worker's alone, so the line does
        // not depend on the threads).
        let stop = AtomicBool::new(false);
        self.parallel(&stop, nodes, run, test, |w| {
            let _ = test(w);
        })
    }

    /// If playing `m` in `pos` keeps the proven future `value` of `pos` (mover's point of
    /// view): the child and its proven future.
    fn keeps_value(
        &self,
        pos: &G::Position,
        run: Run,
        m: G::Move,
        value: i32,
        nodes: &AtomicU64,
    ) -> Result<Option<(G::Position, i32)>, OutOfTime> {
        let g = self.game;
        let c = g.play(pos, m);
        // The child's future that gives `value` to the mover of `pos`.
        let fc = if g.to_move(&c) == g.to_move(pos) {
            value - g.margin(&c) + g.margin(pos)
        } else {
            -g.margin(&c) - g.margin(pos) - value
        };
        // No move does better than the proven value (it is their maximum), so one null-window
        // test decides: the mover gets at least `value`. When he moves again that is a child
        // future of at least `fc`; when the opponent moves, one of at most `fc`.
        let keeps = if g.to_move(&c) == g.to_move(pos) {
            self.future_at_least(&c, run, fc, nodes)?
        } else {
            !self.future_at_least(&c, run, fc + 1, nodes)?
        };
        Ok(keeps.then_some((c, fc)))
    }

    /// The legal moves of `pos` in the order the principal variation tries them: moves that
    /// give another turn first (the one nearest the store first, as in the search), then by
    /// seeds won, then in generation order. It depends on the position alone (not on the
    /// table or the threads), so the line is the same on any number of threads; and the
    /// value-keeping move comes early, so that few moves have to be proven worse before it
    /// (each such proof is a search of its own).
    fn pv_order(&self, pos: &G::Position) -> Vec<G::Move> {
        let g = self.game;
        let side = g.to_move(pos);
        let margin = g.margin(pos);
        let mut moves: Vec<(i64, G::Move)> = g
            .legal_moves(pos)
            .iter()
            .enumerate()
            .map(|(i, &m)| {
                let (same, gain) = move_gain(g, side, margin, &g.play(pos, m));
                let near = if same { i.min(255) as i64 } else { 0 };
                (
                    (same as i64) << 32 | ((gain + 0x8000) as i64) << 8 | near,
                    m,
                )
            })
            .collect();
        // A stable sort keeps generation order among equals.
        moves.sort_by_key(|&(k, _)| std::cmp::Reverse(k));
        moves.into_iter().map(|(_, m)| m).collect()
    }

    /// Rebuilds the principal variation of a proven root value: the walk of
    /// [`crate::line::line_of`] (segments between captures, each the shortest value-keeping
    /// line to a capture or the end; a repetition when the rest is infinite play) over the
    /// moves in `Solver::pv_order`, each move's value proven by a null-window search.
    ///
    /// Returns the line and whether it is complete: when the deadline of the limits passes
    /// first, the line built so far (each of its moves keeps the value, but it stops short).
    fn principal_variation(
        &self,
        root: &G::Position,
        run: Run,
        future: i32,
        nodes: &AtomicU64,
    ) -> (Vec<G::Move>, bool) {
        let proofs = Proofs {
            solver: self,
            run,
            nodes,
        };
        line_of(self.game, &proofs, root, future, usize::MAX)
    }

    /// The proven value of every legal move of `root`, in generation order, each solved on
    /// the limits' threads (the limits' deadline is not used: every value is proven).
    pub fn analyze(&self, root: &G::Position) -> Vec<MoveValue<G::Move>> {
        self.analyze_with_progress(root, &mut |_, _, _| {})
    }

    /// Like [`Solver::analyze`], calling `progress(done, moves, nodes)` before the first move
    /// and after each move is solved.
    pub fn analyze_with_progress(
        &self,
        root: &G::Position,
        progress: &mut dyn FnMut(usize, usize, u64),
    ) -> Vec<MoveValue<G::Move>> {
        self.analyze_moves(root, None, progress)
            .into_iter()
            .map(|(mv, v)| MoveValue {
                mv,
                value: v.expect("no deadline: every value is proven"),
            })
            .collect()
    }

    /// Like [`Solver::analyze_with_progress`], within the limits' deadline: the moves not
    /// proven when it passes have `None`.
    pub fn analyze_in_time(
        &self,
        root: &G::Position,
        progress: &mut dyn FnMut(usize, usize, u64),
    ) -> Vec<(G::Move, Option<i32>)> {
        self.analyze_moves(root, self.limits.deadline, progress)
    }

    fn analyze_moves(
        &self,
        root: &G::Position,
        deadline: Option<Instant>,
        progress: &mut dyn FnMut(usize, usize, u64),
    ) -> Vec<(G::Move, Option<i32>)> {
        let g = self.game;
        let (_lock, run) = self.begin(root);
        let nodes = AtomicU64::new(0);
        let side = g.to_move(root);
        let moves = g.legal_moves(root);
        progress(0, moves.len(), 0);
        let mut values = Vec::with_capacity(moves.len());
        for (i, &m) in moves.iter().enumerate() {
            let c = g.play(root, m);
            let late = crate::stop::passed(deadline);
            let fc = if late {
                None
            } else {
                self.exact_future(&c, run, &nodes, deadline)
            };
            // The child's margin is from its mover's point of view.
            let value = fc.map(|fc| {
                if g.to_move(&c) == side {
                    g.margin(&c) + fc
                } else {
                    -(g.margin(&c) + fc)
                }
            });
            values.push((m, value));
            progress(i + 1, moves.len(), nodes.load(Ordering::Relaxed));
        }
        values
    }
}

/// The search's proofs as the values of a line: a move keeps the value when a null-window
/// search proves it (out of time: not known).
struct Proofs<'s, 'a, G: MarginGame<Key = u128>, T: TransTable> {
    solver: &'s Solver<'a, G, T>,
    run: Run,
    nodes: &'s AtomicU64,
}

impl<G: MarginGame<Key = u128>, T: TransTable> LineValues<G> for Proofs<'_, '_, G, T> {
    fn order(&self, pos: &G::Position) -> Vec<G::Move> {
        self.solver.pv_order(pos)
    }

    fn keeps(
        &self,
        pos: &G::Position,
        future: i32,
        m: G::Move,
    ) -> Result<Option<(G::Position, i32)>, Unknown> {
        self.solver
            .keeps_value(pos, self.run, m, future, self.nodes)
            .map_err(|OutOfTime| Unknown)
    }

    fn over(&self, pos: &G::Position) -> bool {
        self.solver.game.legal_moves(pos).is_empty()
    }

    // No move keeps the value on its own: the line has reached what the oracle answers (its
    // tables carry the line on).
    const NONE_KEEPING_COMPLETES: bool = true;
}

impl<G: MarginGame<Key = u128>, T: TransTable> Solver<'_, G, T> {
    /// Clears the transposition table (for reproducible node counts).
    pub fn clear(&mut self) {
        self.tt.clear();
        *self.keys.get_mut().unwrap_or_else(|e| e.into_inner()) = None;
    }
}

/// Solves `pos` with default limits: a convenience for tests and small positions.
///
/// # Example
///
/// ```
/// use mancala_solver::tworow::Options;
/// use mancala_solver::{search, Game, Kind, Notation, TwoRow};
///
/// // Warri on two pits a side with two seeds a pit: South ends six seeds ahead, starting
/// // from pit 1.
/// let warri = TwoRow::new(Kind::Warri, 2, 2, Options::default())?;
/// let report = search::solve(&warri, &warri.start());
/// assert!(report.exact);
/// assert_eq!(report.value, 6);
/// assert_eq!(warri.move_name(&warri.start(), report.best.unwrap()), "1");
/// # Ok::<(), mancala_solver::ConfigError>(())
/// ```
pub fn solve<G: MarginGame<Key = u128>>(game: &G, pos: &G::Position) -> Report<G::Move> {
    Solver::new(game, Limits::default()).solve(pos)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{tworow, Kind, TwoRow, TwoRowPos};

    /// `analyze_with_progress` reports before the first move and after each one, and gives
    /// the values `analyze` gives.
    #[test]
    fn analyze_reports_each_move() {
        let g = TwoRow::new(Kind::Kalah, 4, 3, tworow::Options::default()).unwrap();
        let solver = Solver::new(&g, Limits::default());
        let mut calls = Vec::new();
        let values = solver.analyze_with_progress(&g.start(), &mut |done, moves, nodes| {
            calls.push((done, moves, nodes))
        });
        let n = g.legal_moves(&g.start()).len();
        assert_eq!(values.len(), n);
        let done: Vec<usize> = calls.iter().map(|c| c.0).collect();
        assert_eq!(done, (0..=n).collect::<Vec<_>>());
        assert!(calls.iter().all(|c| c.1 == n));
        assert!(calls.windows(2).all(|w| w[0].2 <= w[1].2) && calls[n].2 > 0);
        let plain: Vec<i32> = solver.analyze(&g.start()).iter().map(|v| v.value).collect();
        assert_eq!(values.iter().map(|v| v.value).collect::<Vec<_>>(), plain);
    }

    /// One solver, roots whose keys pack differently: a root with more seeds in a pit than
    /// the table's packing holds empties the table and codes keys anew, one with fewer keeps
    /// it; every value and line is the one a fresh solver finds.
    #[test]
    fn a_reused_solver_codes_keys_for_each_root() {
        let g = TwoRow::new(Kind::Kalah, 3, 2, tworow::Options::default()).unwrap();
        let roots: Vec<TwoRowPos> = [
            "9,0,1/0,3,7 N stores=4,0",
            "2,2,2/2,2,2 S",
            "1,0,1/0,0,2 S stores=10,3",
            "30,0,1/0,3,0 S",
            "2,2,2/2,2,2 S",
        ]
        .iter()
        .map(|t| crate::game::Notation::parse_position(&g, t).unwrap())
        .collect();
        // Seeds on the board at each root: 20, 12, 4, 34, 12, so 5, 4, 3, 6, 4 bits a pit.
        let bits = [5, 5, 5, 6, 6];
        for tt_mb in [1, 16] {
            let limits = Limits {
                tt_mb,
                ..Limits::default()
            };
            let reused = Solver::new(&g, limits);
            assert_eq!(*reused.keys.lock().unwrap(), None);
            for (root, bits) in roots.iter().zip(bits) {
                let fresh = Solver::new(&g, limits).solve(root);
                let again = reused.solve(root);
                assert_eq!((again.value, again.exact), (fresh.value, true));
                assert_eq!(again.pv, fresh.pv);
                assert_eq!(
                    *reused.keys.lock().unwrap(),
                    Some(Some(Packing::new(6, (1 << bits) - 1)))
                );
            }
        }
    }

    /// A node stays marked busy until its thread leaves it, and only that key frees it.
    #[test]
    fn busy_marks_a_node_until_its_thread_leaves_it() {
        let b = Busy::new();
        let (k1, k2) = (0x1234_5678_9abc_def0_u128, 0x0fed_cba9_8765_4321_u128);
        assert!(!b.is_busy(k1) && !b.is_busy(k2));
        b.enter(k1);
        assert!(b.is_busy(k1));
        assert!(!b.is_busy(k2) || b.slot(k1).0.as_ptr() == b.slot(k2).0.as_ptr());
        // Leaving another key does not free the slot; leaving this one does.
        b.leave(k2);
        assert!(b.is_busy(k1) || b.slot(k1).0.as_ptr() == b.slot(k2).0.as_ptr());
        b.leave(k1);
        assert!(!b.is_busy(k1));
        // Key 0 is marked too (its mark is not the free word).
        b.enter(0);
        assert!(b.is_busy(0));
    }

    /// The deadline also bounds the building of the principal variation: with the deadline
    /// passed, the line stops short and says so, and what was built is the start of the whole
    /// line (the line depends on proven values only).
    #[test]
    fn deadline_cuts_the_principal_variation() {
        let g = TwoRow::new(Kind::Kalah, 5, 3, tworow::Options::default()).unwrap();
        let root = g.start();
        let limits = Limits {
            depth: None,
            threads: 1,
            tt_mb: 16,
            deadline: None,
        };
        let full = Solver::new(&g, limits).solve(&root);
        assert!(full.exact && full.pv_complete && !full.pv.is_empty());
        let late = Solver::new(
            &g,
            Limits {
                deadline: Some(Instant::now()),
                ..limits
            },
        );
        let nodes = AtomicU64::new(0);
        let (_lock, run) = late.begin(&root);
        let (pv, complete) = late.principal_variation(&root, run, full.future, &nodes);
        assert!(
            !complete,
            "the line of Kalah(5,3) needs more than one check's worth of nodes"
        );
        assert!(pv.len() < full.pv.len());
        assert_eq!(pv[..], full.pv[..pv.len()]);
    }
}
