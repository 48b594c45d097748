//! Depth-first proof-number search (df-pn, Nagai 2002, with Pawlewicz and Lew's 1+ε
//! thresholds) of "this side can force a win", for any win/draw/loss [`Game`], and the proof
//! certificates it writes ([`cert`]).
//!
//! The search proves or disproves one side's win. A move's positions are listed when its
//! node is expanded, as many as the rules give (thousands are fine: nothing is numbered in a
//! fixed width). The transposition table holds every position by value and is bounded by a
//! memory budget: when full, the unsolved entries with the least work behind them go first;
//! proven entries are never dropped, so that the proof can be read back out of the table.
//!
//! Positions are known by [`Game::proof_key`] (the part of a position its future depends
//! on), in the table and in the rule of repetition; the proof read back keeps whole
//! positions, so that every node of a certificate is one position.
//!
//! Repetition. A position that repeats one on the current line is a draw (docs/RULES.md:
//! play that goes on for ever is worth nothing to either side), so it disproves the win. Such
//! a disproof depends on the line that reached it (the graph-history interaction): it is
//! kept only in the frames of the current line, never in the table, and a node disproven
//! through it is kept out of the table too. Proofs never depend on the line (a repeated
//! position only ever disproves), so proven entries are shared freely. Hence a proof is a
//! win whatever the line, and a disproof at the root is one from the root's own line: a win
//! by force has a line that never repeats (the distance to the end falls at every ply), so a
//! root the search disproves is not won.
//!
//! Heights. A proven entry records the height of the proof under it (0 for a won end, one
//! more than the lowest proven move at the winner's nodes and than the highest reply at the
//! loser's); read back lowest first, the heights fall at every ply, so the proof read out of
//! the table has no cycle.

pub mod cert;

use crate::game::Game;
use crate::side::Side;
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use std::collections::hash_map::Entry as Slot;
use std::time::Instant;

/// A proof or disproof number beyond any cost: solved.
pub const INF: u64 = 1 << 62;

/// Bytes a memo entry of the distance search takes beyond the position itself.
const ENTRY_OVERHEAD: usize = 48;

/// The bytes of a hash table of `buckets` slots of `(K, V)`: the slots and a control byte
/// each (the layout of the standard library's tables).
fn table_bytes<K, V>(buckets: usize) -> usize {
    buckets * (std::mem::size_of::<(K, V)>() + 1)
}

/// The most entries a table of `(K, V)` holds within `memory` bytes: seven eighths of the
/// largest power of two of slots that fits (the table grows by doubling its slots when
/// seven eighths are full), so that it never grows past the budget.
fn entries_within<K, V>(memory: usize) -> usize {
    let mut buckets = 1usize << 10;
    while table_bytes::<K, V>(buckets * 2) <= memory {
        buckets *= 2;
    }
    buckets / 8 * 7
}

/// The time between two progress reports.
const REPORT_EVERY: std::time::Duration = std::time::Duration::from_millis(100);

/// The bounds of one proof search.
#[derive(Clone, Copy, Debug)]
pub struct Bounds {
    /// Bytes the table may take.
    pub memory: usize,
    /// Stop at this instant.
    pub deadline: Option<Instant>,
    /// Threads: with two or more, [`value`] tries both sides' wins at once.
    pub threads: usize,
}

/// What the search has done so far, for a progress line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Nodes expanded.
    pub nodes: u64,
    /// The root's proof number (`INF` once disproven).
    pub pn: u64,
    /// The root's disproof number (`INF` once proven).
    pub dn: u64,
    /// Positions in the table.
    pub entries: usize,
    /// Bytes the table takes, by the estimate its budget is counted in.
    pub bytes: usize,
}

/// How a search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The side wins by force.
    Proven,
    /// The side cannot force a win.
    Disproven,
    /// The deadline passed first.
    OutOfTime,
    /// The proven positions alone filled the memory budget.
    OutOfMemory,
    /// The nodes given to [`Prover::prove_for`] are spent; the search can go on.
    Paused,
}

/// Why the search stopped before the root was solved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Halt {
    Time,
    Memory,
    Nodes,
}

#[derive(Clone, Copy, Debug)]
struct Entry {
    pn: u64,
    dn: u64,
    /// Height of the proof (proven entries only).
    height: u32,
    /// Nodes expanded under this position, for the choice of entries to drop.
    work: u64,
}

/// One move of an expanded node, as its frame sees it.
struct Child<P> {
    pos: P,
    pn: u64,
    dn: u64,
    height: u32,
    /// Disproven through a repetition of the current line: valid on this line only.
    by_line: bool,
}

/// The df-pn prover of one side's win in one game.
pub struct Prover<'g, G: Game> {
    game: &'g G,
    winner: Side,
    table: HashMap<G::Position, Entry>,
    capacity: usize,
    /// The most moves one position may list: a listing larger than a quarter of the
    /// memory budget stops the search ([`Verdict::OutOfMemory`]).
    max_moves: u128,
    /// The table has reached its largest number of slots (its count never falls).
    full_size: bool,
    line: HashSet<G::Position>,
    nodes: u64,
    deadline: Option<Instant>,
    root: (u64, u64),
    stop_at: u64,
    report: Option<Box<dyn FnMut(Progress) + Send + 'g>>,
    /// Reads the clock every few nodes, as many as take a few milliseconds.
    pacer: crate::stop::Pacer,
    reported: Instant,
}

/// The sum of proof numbers: `INF` when one is, else at most `INF - 1`.
fn sum(a: u64, b: u64) -> u64 {
    if a >= INF || b >= INF {
        INF
    } else {
        (a + b).min(INF - 1)
    }
}

impl<'g, G: Game> Prover<'g, G> {
    /// A prover that `winner` wins, with a table bounded by `bounds.memory`.
    pub fn new(game: &'g G, winner: Side, bounds: Bounds) -> Prover<'g, G> {
        Prover {
            game,
            winner,
            table: HashMap::default(),
            capacity: entries_within::<G::Position, Entry>(bounds.memory),
            max_moves: (bounds.memory / 4 / std::mem::size_of::<Child<G::Position>>()) as u128,
            full_size: false,
            line: HashSet::default(),
            nodes: 0,
            deadline: bounds.deadline,
            root: (1, 1),
            stop_at: u64::MAX,
            report: None,
            pacer: crate::stop::Pacer::new(),
            reported: Instant::now(),
        }
    }

    /// Calls `f` every few thousand nodes with the progress.
    pub fn on_progress(mut self, f: impl FnMut(Progress) + Send + 'g) -> Self {
        self.report = Some(Box::new(f));
        self
    }

    /// The side whose win is proven.
    pub fn winner(&self) -> Side {
        self.winner
    }

    /// Nodes expanded so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The progress now.
    pub fn progress(&self) -> Progress {
        Progress {
            nodes: self.nodes,
            pn: self.root.0,
            dn: self.root.1,
            entries: self.table.len(),
            bytes: table_bytes::<G::Position, Entry>(
                (self.table.capacity() / 7 * 8).next_power_of_two(),
            ),
        }
    }

    /// Proves or disproves the win from `root`.
    pub fn prove(&mut self, root: &G::Position) -> Verdict {
        self.prove_for(root, u64::MAX)
    }

    /// Searches from `root` for at most `nodes` more nodes: [`Verdict::Paused`] when they
    /// are spent first. The table keeps the work, so a later call goes on from it.
    pub fn prove_for(&mut self, root: &G::Position, nodes: u64) -> Verdict {
        self.stop_at = self.nodes.saturating_add(nodes);
        if let Some(o) = self.game.outcome(root) {
            let won = o.winner == Some(self.winner);
            self.root = if won { (0, INF) } else { (INF, 0) };
            return if won {
                Verdict::Proven
            } else {
                Verdict::Disproven
            };
        }
        self.line.clear();
        let deadline = self.deadline;
        let mut run = || -> Result<(u64, u64), Halt> {
            let mut c = self.child(root.clone());
            if c.pn != 0 && c.dn != 0 {
                self.mid(&mut c, INF, INF)?;
            }
            Ok((c.pn, c.dn))
        };
        let r = match deadline {
            Some(d) => match crate::stop::within(d, run) {
                Ok(r) => r,
                Err(crate::stop::Interrupted) => Err(Halt::Time),
            },
            None => run(),
        };
        match r {
            Ok((0, _)) => {
                self.root = (0, INF);
                Verdict::Proven
            }
            Ok((_, 0)) => {
                self.root = (INF, 0);
                Verdict::Disproven
            }
            Ok(_) => unreachable!("the root's thresholds are infinite"),
            Err(Halt::Time) => Verdict::OutOfTime,
            Err(Halt::Memory) => Verdict::OutOfMemory,
            Err(Halt::Nodes) => Verdict::Paused,
        }
    }

    /// The height of the proof of `pos`, if proven.
    fn proof_height(&self, pos: &G::Position) -> Option<u32> {
        if let Some(o) = self.game.outcome(pos) {
            return (o.winner == Some(self.winner)).then_some(0);
        }
        self.table
            .get(&self.game.proof_key(pos))
            .and_then(|e| (e.pn == 0).then_some(e.height))
    }

    /// The frame's view of a move to `pos`: a repetition of the line, the table's numbers,
    /// or fresh ones (an end is found when its node is searched: telling ends apart costs a
    /// listing of moves, which a position of thousands of moves cannot pay for each).
    fn child(&self, pos: G::Position) -> Child<G::Position> {
        let mut c = Child {
            pos,
            pn: 1,
            dn: 1,
            height: 0,
            by_line: false,
        };
        let key = self.game.proof_key(&c.pos);
        if self.line.contains(&key) {
            (c.pn, c.dn, c.by_line) = (INF, 0, true);
        } else if let Some(e) = self.table.get(&key) {
            (c.pn, c.dn, c.height) = (e.pn, e.dn, e.height);
        } else {
            (c.pn, c.dn) = self.guess(&c.pos);
        }
        c
    }

    /// The first numbers of a position not yet searched, from the sides' strengths
    /// ([`Game::strengths`], as in Allis's and Winands's initialisation by mobility): its
    /// proof number grows with the loser's, its disproof number with the winner's. An end
    /// found here is solved at once (its height is 0, as [`Prover::proof_height`] reads it).
    fn guess(&self, pos: &G::Position) -> (u64, u64) {
        let [mover, other] = self.game.strengths(pos);
        if mover == 0 {
            if let Some(o) = self.game.outcome(pos) {
                return if o.winner == Some(self.winner) {
                    (0, INF)
                } else {
                    (INF, 0)
                };
            }
        }
        let (winner, loser) = if self.game.to_move(pos) == self.winner {
            (mover, other)
        } else {
            (other, mover)
        };
        (u64::from(loser.max(1)), u64::from(winner.max(1)))
    }

    /// Searches `node` (neither an end nor on the line) until its proof number reaches
    /// `tpn` or its disproof number `tdn`, updating its numbers.
    fn mid(&mut self, node: &mut Child<G::Position>, tpn: u64, tdn: u64) -> Result<(), Halt> {
        // Solved meanwhile through another line: the table has it.
        let key = self.game.proof_key(&node.pos);
        if let Some(e) = self.table.get(&key) {
            if e.pn == 0 || e.dn == 0 {
                (node.pn, node.dn, node.height, node.by_line) = (e.pn, e.dn, e.height, false);
                return Ok(());
            }
        }
        if self.nodes >= self.stop_at {
            return Err(Halt::Nodes);
        }
        self.nodes += 1;
        if self.pacer.due() {
            self.tick()?;
        }
        let before = self.nodes;
        let or = self.game.to_move(&node.pos) == self.winner;
        if self
            .game
            .move_count(&node.pos)
            .is_some_and(|n| n > self.max_moves)
        {
            return Err(Halt::Memory);
        }
        let moves = self.game.legal_moves(&node.pos);
        if moves.is_empty() {
            let won = self.game.outcome(&node.pos).and_then(|o| o.winner) == Some(self.winner);
            (node.pn, node.dn, node.height, node.by_line) = if won {
                (0, INF, 0, false)
            } else {
                (INF, 0, 0, false)
            };
            return Ok(());
        }
        let root = self.line.is_empty();
        self.line.insert(key.clone());
        let mut kids: Vec<Child<G::Position>> = moves
            .iter()
            .map(|&m| self.child(self.game.play(&node.pos, m)))
            .collect();
        let r = loop {
            self.numbers(or, &kids, node);
            if root {
                self.root = (node.pn, node.dn);
            }
            if node.pn >= tpn || node.dn >= tdn || node.pn == 0 || node.dn == 0 {
                break Ok(());
            }
            // The best move (least proof number at the winner's nodes, least disproof
            // number at the other's) and the runner-up's number.
            let key = |c: &Child<G::Position>| if or { c.pn } else { c.dn };
            let mut best = 0;
            let mut second = INF;
            for i in 1..kids.len() {
                if key(&kids[i]) < key(&kids[best]) {
                    second = key(&kids[best]);
                    best = i;
                } else if key(&kids[i]) < second {
                    second = key(&kids[i]);
                }
            }
            let grow = |x: u64| {
                if x >= INF {
                    INF
                } else {
                    (x + 1).max(x + x / 4)
                }
            };
            let c = &kids[best];
            let (cpn, cdn) = if or {
                (
                    tpn.min(grow(second)),
                    tdn.saturating_sub(node.dn - c.dn).min(INF),
                )
            } else {
                (
                    tpn.saturating_sub(node.pn - c.pn).min(INF),
                    tdn.min(grow(second)),
                )
            };
            let mut c = std::mem::replace(
                &mut kids[best],
                Child {
                    pos: node.pos.clone(),
                    pn: 0,
                    dn: 0,
                    height: 0,
                    by_line: false,
                },
            );
            let r = self.mid(&mut c, cpn, cdn);
            kids[best] = c;
            if r.is_err() {
                break r;
            }
        };
        self.line.remove(&key);
        r?;
        let work = self.nodes - before;
        if !(node.dn == 0 && node.by_line) {
            self.store(key, node, work)?;
        }
        Ok(())
    }

    /// The numbers of a node from its moves'.
    fn numbers(&self, or: bool, kids: &[Child<G::Position>], node: &mut Child<G::Position>) {
        let (mut pn, mut dn) = if or { (INF, 0) } else { (0, INF) };
        for c in kids {
            if or {
                pn = pn.min(c.pn);
                dn = sum(dn, c.dn);
            } else {
                pn = sum(pn, c.pn);
                dn = dn.min(c.dn);
            }
        }
        node.pn = pn;
        node.dn = dn;
        node.by_line = false;
        if pn == 0 {
            let heights = kids.iter().filter(|c| c.pn == 0).map(|c| c.height);
            node.height = 1 + if or { heights.min() } else { heights.max() }.unwrap_or(0);
        } else if dn == 0 {
            // Disproven through the line when every disproof it rests on is: all the
            // moves at the winner's nodes, some reply at the other's.
            let mut lost = kids.iter().filter(|c| c.dn == 0);
            node.by_line = if or {
                lost.any(|c| c.by_line)
            } else {
                lost.all(|c| c.by_line)
            };
        }
    }

    fn store(&mut self, key: G::Position, n: &Child<G::Position>, work: u64) -> Result<(), Halt> {
        let e = Entry {
            pn: n.pn,
            dn: n.dn,
            height: n.height,
            work,
        };
        // At its largest size the table must not grow: before a new position goes in, it
        // is collected when full, or when the slots of dropped entries leave no room (the
        // insertion would double it).
        self.full_size |= self.table.capacity() >= self.capacity;
        let no_room = self.table.len() >= self.capacity
            || (self.full_size && self.table.len() == self.table.capacity());
        // Looked up only then: a second hash of every stored position costs.
        if no_room && !self.table.contains_key(&key) {
            self.collect()?;
        }
        match self.table.entry(key) {
            Slot::Occupied(mut o) => {
                let w = o.get().work;
                *o.get_mut() = Entry {
                    work: w + work,
                    ..e
                };
            }
            Slot::Vacant(v) => {
                v.insert(e);
            }
        }
        Ok(())
    }

    /// Drops the unsolved and disproven entries with the least work until the table holds
    /// three eighths of its capacity (below half: the next insertion then cleans the table
    /// in place rather than doubling it); fails when the proven entries alone hold that.
    fn collect(&mut self) -> Result<(), Halt> {
        let mut works: Vec<u64> = self
            .table
            .values()
            .filter(|e| e.pn != 0)
            .map(|e| e.work)
            .collect();
        let proven = self.table.len() - works.len();
        let keep = self.capacity / 8 * 3;
        if proven >= keep {
            return Err(Halt::Memory);
        }
        let drop = self.table.len().saturating_sub(keep).min(works.len());
        if drop == 0 {
            return Ok(());
        }
        let (_, &mut cut, _) = works.select_nth_unstable(drop - 1);
        let mut dropped = 0;
        self.table.retain(|_, e| {
            if e.pn != 0 && e.work <= cut && dropped < drop {
                dropped += 1;
                false
            } else {
                true
            }
        });
        Ok(())
    }

    fn tick(&mut self) -> Result<(), Halt> {
        if crate::stop::passed(self.deadline) {
            return Err(Halt::Time);
        }
        if self.pacer.last() >= self.reported + REPORT_EVERY {
            self.reported = self.pacer.last();
            if let Some(mut f) = self.report.take() {
                f(self.progress());
                self.report = Some(f);
            }
        }
        Ok(())
    }

    /// The proof of a proven `root`, read out of the table: at each of the winner's nodes
    /// the move to the proven position of least height, at the other's every reply.
    pub fn proof(&self, root: &G::Position) -> Option<Proof<G>> {
        let mut p = Proof {
            nodes: Vec::new(),
            index: HashMap::default(),
        };
        self.proof_node(root, &mut p)?;
        Some(p.ordered())
    }

    fn proof_node(&self, pos: &G::Position, p: &mut Proof<G>) -> Option<usize> {
        if let Some(&i) = p.index.get(pos) {
            return Some(i);
        }
        let h = self.proof_height(pos)?;
        let moves = self.game.legal_moves(pos);
        let winner_moves = self.game.to_move(pos) == self.winner;
        let mut chosen: Vec<(G::Move, G::Position)> = Vec::new();
        // An end (won: the height says so) keeps no move, whoever is to move.
        if !moves.is_empty() && winner_moves {
            let best = moves
                .iter()
                .map(|&m| (m, self.game.play(pos, m)))
                .filter_map(|(m, q)| Some((self.proof_height(&q)?, m, q)))
                .filter(|t| t.0 < h)
                .min_by_key(|t| t.0)?;
            chosen.push((best.1, best.2));
        } else {
            for &m in moves.iter() {
                let q = self.game.play(pos, m);
                if self.proof_height(&q)? >= h {
                    return None;
                }
                chosen.push((m, q));
            }
        }
        let i = p.nodes.len();
        p.index.insert(pos.clone(), i);
        p.nodes.push(ProofNode {
            pos: pos.clone(),
            moves: Vec::new(),
        });
        for (m, q) in chosen {
            let j = self.proof_node(&q, p)?;
            p.nodes[i].moves.push((m, j));
        }
        Some(i)
    }
}

/// A node of a proof: its position and the moves it keeps, each with its node.
pub struct ProofNode<G: Game> {
    /// The position.
    pub pos: G::Position,
    /// The winner's move (one) or every reply of the other side; none at an end.
    pub moves: Vec<(G::Move, usize)>,
}

/// A proof of a win: a graph without cycles whose first node is the root, every node
/// before the nodes its moves lead to.
pub struct Proof<G: Game> {
    /// The nodes, in an order where every move leads to a later node.
    pub nodes: Vec<ProofNode<G>>,
    index: HashMap<G::Position, usize>,
}

impl<G: Game> Proof<G> {
    /// Nodes numbered so that every move leads forward (reverse post-order from the root).
    fn ordered(self) -> Proof<G> {
        let n = self.nodes.len();
        let mut post = Vec::with_capacity(n);
        let mut seen = vec![false; n];
        // Iterative depth-first walk: (node, next move to follow).
        let mut stack = vec![(0usize, 0usize)];
        seen[0] = true;
        while let Some(&mut (v, ref mut k)) = stack.last_mut() {
            if let Some(&(_, w)) = self.nodes[v].moves.get(*k) {
                *k += 1;
                if !seen[w] {
                    seen[w] = true;
                    stack.push((w, 0));
                }
            } else {
                post.push(v);
                stack.pop();
            }
        }
        let mut new_of = vec![0; n];
        for (rank, &v) in post.iter().rev().enumerate() {
            new_of[v] = rank;
        }
        let mut slots: Vec<Option<ProofNode<G>>> = (0..n).map(|_| None).collect();
        for (v, mut node) in self.nodes.into_iter().enumerate() {
            for e in &mut node.moves {
                e.1 = new_of[e.1];
            }
            slots[new_of[v]] = Some(node);
        }
        let nodes: Vec<ProofNode<G>> = slots.into_iter().map(|s| s.expect("a rank each")).collect();
        let index = nodes
            .iter()
            .enumerate()
            .map(|(i, n)| (n.pos.clone(), i))
            .collect();
        Proof { nodes, index }
    }

    /// The longest line of the proof, in plies: the winner wins within this many.
    pub fn plies(&self) -> u32 {
        self.depths().first().copied().unwrap_or(0)
    }

    /// A line of the proof: the winner's moves, and at the other's nodes the reply that
    /// holds out longest within the proof.
    pub fn line(&self) -> Vec<G::Move> {
        let d = self.depths();
        let mut line = Vec::new();
        let mut i = 0;
        while let Some(&(m, j)) = self.nodes[i].moves.iter().max_by_key(|&&(_, j)| d[j]) {
            line.push(m);
            i = j;
        }
        line
    }

    /// Each node's longest line to an end within the proof.
    fn depths(&self) -> Vec<u32> {
        let mut d = vec![0u32; self.nodes.len()];
        for i in (0..self.nodes.len()).rev() {
            d[i] = self.nodes[i]
                .moves
                .iter()
                .map(|&(_, j)| d[j] + 1)
                .max()
                .unwrap_or(0);
        }
        d
    }
}

/// What a proof search of a position's value found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    /// The side to move wins.
    Win,
    /// Neither side can force a win.
    Draw,
    /// The side to move loses.
    Loss,
}

impl Value {
    /// +1, 0 or −1 for the side to move.
    pub fn sign(self) -> i32 {
        match self {
            Value::Win => 1,
            Value::Draw => 0,
            Value::Loss => -1,
        }
    }
}

/// One proof search of a side's win, as it ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tried {
    /// The side whose win was tried.
    pub side: Side,
    /// How it ended.
    pub verdict: Verdict,
    /// Its progress at the end (nodes, the root's numbers, the table).
    pub progress: Progress,
}

/// The value of a position by proof search, with the proof of a win or loss.
pub struct Solved<G: Game> {
    /// The value for the side to move; `None` when a search stopped first.
    pub value: Option<Value>,
    /// The two searches: the mover's win, then the opponent's.
    pub tried: Vec<Tried>,
    /// The proof of the winner's win (a win or a loss), read out of its table.
    pub proof: Option<(Side, Proof<G>)>,
}

impl<G: Game> Solved<G> {
    /// Nodes of every search together.
    pub fn nodes(&self) -> u64 {
        self.tried.iter().map(|t| t.progress.nodes).sum()
    }
}

/// Nodes of the first round of [`value`]; each round doubles it.
const FIRST_ROUND: u64 = 1 << 16;

/// The value of `root` by two proof searches, the mover's win and the opponent's, each with
/// half of `bounds.memory`, taken in rounds of doubling nodes (at once on two threads when
/// `bounds.threads` allows, else one after the other), so that whichever side wins is found
/// at about the cost of its own proof; both disproven is a draw. A search stopped by time or
/// memory leaves the value unknown. The rounds make the result, the nodes included, the
/// same on one thread or two. `report` hears the progress of both, with the side tried.
///
/// # Example
///
/// ```
/// use mancala_solver::fourrow::Kind;
/// use mancala_solver::proof::{self, Bounds, Value};
/// use mancala_solver::{FourRow, Game, Side};
///
/// // Mulabalaba on 4x2 with one seed a hole is South's win.
/// let game = FourRow::new(Kind::Mulabalaba, 2, 1, Default::default())?;
/// let bounds = Bounds { memory: 16 << 20, deadline: None, threads: 1 };
/// let solved = proof::value(&game, &game.start(), bounds, &mut |_, _| {});
/// assert_eq!(solved.value, Some(Value::Win));
/// let (winner, proof) = solved.proof.expect("a win has its proof");
/// assert_eq!(winner, Side::South);
/// assert_eq!(proof.plies(), 3);
/// # Ok::<(), mancala_solver::ConfigError>(())
/// ```
pub fn value<G: Game>(
    game: &G,
    root: &G::Position,
    bounds: Bounds,
    report: &mut (dyn FnMut(Side, Progress) + Send),
) -> Solved<G> {
    let me = game.to_move(root);
    let report = std::sync::Mutex::new(report);
    let half = Bounds {
        memory: bounds.memory / 2,
        ..bounds
    };
    let report = &report;
    let mut provers: Vec<Prover<G>> = [me, me.opponent()]
        .into_iter()
        .map(|side| {
            Prover::new(game, side, half).on_progress(move |p| {
                if let Ok(mut f) = report.lock() {
                    f(side, p)
                }
            })
        })
        .collect();
    let mut verdicts = [Verdict::Paused; 2];
    let mut round = FIRST_ROUND;
    loop {
        let open: Vec<(usize, &mut Prover<G>)> = provers
            .iter_mut()
            .enumerate()
            .filter(|(i, _)| verdicts[*i] == Verdict::Paused)
            .collect();
        if bounds.threads >= 2 && open.len() == 2 {
            let got: Vec<(usize, Verdict)> = std::thread::scope(|s| {
                let runs: Vec<_> = open
                    .into_iter()
                    .map(|(i, p)| s.spawn(move || (i, p.prove_for(root, round))))
                    .collect();
                runs.into_iter()
                    .map(|r| r.join().expect("a proof search does not panic"))
                    .collect()
            });
            for (i, v) in got {
                verdicts[i] = v;
            }
        } else {
            for (i, p) in open {
                verdicts[i] = p.prove_for(root, round);
            }
        }
        round = round.saturating_mul(2);
        let value = match verdicts {
            [Verdict::Proven, _] => Some((0, Value::Win)),
            [_, Verdict::Proven] => Some((1, Value::Loss)),
            [Verdict::Disproven, Verdict::Disproven] => None,
            v if v
                .iter()
                .any(|v| matches!(v, Verdict::OutOfTime | Verdict::OutOfMemory)) =>
            {
                // A search paused at the end of its round stopped for the same reason.
                let stop = if v.contains(&Verdict::OutOfTime) {
                    Verdict::OutOfTime
                } else {
                    Verdict::OutOfMemory
                };
                let v = v.map(|x| if x == Verdict::Paused { stop } else { x });
                return solved(&provers, v, None, None);
            }
            _ => continue,
        };
        return match value {
            Some((i, v)) => {
                let proof = provers[i].proof(root).map(|p| (provers[i].winner, p));
                solved(&provers, verdicts, Some(v), proof)
            }
            None => solved(&provers, verdicts, Some(Value::Draw), None),
        };
    }
}

fn solved<G: Game>(
    provers: &[Prover<G>],
    verdicts: [Verdict; 2],
    value: Option<Value>,
    proof: Option<(Side, Proof<G>)>,
) -> Solved<G> {
    Solved {
        value,
        tried: provers
            .iter()
            .zip(verdicts)
            .map(|(p, verdict)| Tried {
                side: p.winner,
                verdict,
                progress: p.progress(),
            })
            .collect(),
        proof,
    }
}

impl<G: crate::game::Notation> Proof<G> {
    /// The certificate of this proof that `winner` wins, for a game set up by `options`
    /// (the command-line words, written into the file for the checker).
    pub fn certificate(&self, game: &G, winner: Side, options: Vec<String>) -> cert::Certificate {
        cert::Certificate {
            variant: game.variant_id().to_string(),
            options,
            position: game.format_position(&self.nodes[0].pos),
            winner,
            nodes: self
                .nodes
                .iter()
                .map(|n| {
                    n.moves
                        .iter()
                        .map(|&(m, j)| (game.move_name(&n.pos, m), j))
                        .collect()
                })
                .collect(),
        }
    }
}

/// What the distance search ([`crate::wdl::Distances`]) proves of a position the proof
/// search left open, by `deadline` and within a memo of `memory` bytes: the largest `d` such
/// that neither side can force a win within `d` plies (every distance up to it tried as a
/// win and as a loss of the side to move); `None` when not even the first was done.
pub fn no_win_within<G: Game>(
    game: &G,
    root: &G::Position,
    memory: usize,
    deadline: Option<Instant>,
) -> Option<u32> {
    let per = std::mem::size_of::<G::Position>() + ENTRY_OVERHEAD;
    let bounds = crate::wdl::Bounds {
        nodes: u64::MAX,
        memo: (memory / per).max(1024),
        deadline,
    };
    let mut d = crate::wdl::Distances::new(game, |p: &G::Position| Some(game.proof_key(p)), bounds);
    let mut done = None;
    let found = d.prove(root, crate::wdl::MAX_PLIES, &mut |plies, _| {
        done = Some(plies)
    });
    match found.value {
        // A forced end within its distance: the plies before it had none.
        Some(w) => w.plies().and_then(|p| p.checked_sub(1)),
        None => done,
    }
}

/// The instant `share` of the way from now to `deadline`, if there is one.
pub fn share_of(deadline: Option<Instant>, share: f64) -> Option<Instant> {
    deadline.map(|d| {
        let now = Instant::now();
        now + d.saturating_duration_since(now).mul_f64(share)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fourrow::{FourRow, Kind, Options};

    #[test]
    fn the_table_never_grows_past_its_budget() {
        let g = FourRow::new(Kind::Kanotta, 4, 2, Options::default()).unwrap();
        let bounds = Bounds {
            memory: 1 << 17,
            deadline: None,
            threads: 1,
        };
        for side in [Side::South, Side::North] {
            let mut p = Prover::new(&g, side, bounds);
            let v = p.prove_for(&g.start(), 200_000);
            assert!(p.table.capacity() <= p.capacity, "{side:?}: {v:?}");
            assert!(p.capacity <= 1024, "{}", p.capacity);
        }
    }
}
