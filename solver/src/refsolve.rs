//! A plain, slow reference solver: the whole game graph and a fixpoint for cycles, kept beside
//! the fast search and tested to agree with it.
//!
//! It shares no method with [`crate::search`]: no alpha-beta, no transposition table, no
//! repetition detection on a path. It builds the complete game graph reachable from a root and
//! solves it bottom-up with threshold (attractor) games. It is meant for boards of a few
//! thousand to a few hundred thousand positions; `tests/solver_agreement.rs` checks that the
//! fast search gives the same values.
//!
//! # The graph
//!
//! A *node* is a pair (`key`, side to move), where `key` is [`MarginGame::key`]: positions with
//! the same key and side have the same legal moves and the same future (the key leaves out
//! the seeds already captured). One representative position per node is kept to generate the
//! moves. Every position reachable from the root is enumerated breadth-first. For each node we
//! record:
//!
//! - its side to move and its *seeds*: [`MarginGame::future_bound`], the seeds still on the
//!   board;
//! - its moves, each as (child node, *gain*), where the gain is what the move wins for the
//!   mover: the change of [`MarginGame::margin`] seen from the mover, i.e.
//!   `margin(child) - margin(pos)` when the mover moves again, else
//!   `-margin(child) - margin(pos)`;
//! - for a node with no legal move, its *terminal value* `final_margin(pos) - margin(pos)`.
//!
//! # Values
//!
//! The *future* of a node is what the side to move will still win minus what the opponent will
//! still win under perfect play: the sum of the gains of the moves still to be played plus the
//! terminal value where the game ends. A play that goes on for ever is worth 0 for the future
//! (docs/RULES.md, "Values and endings common to all variants"). Below, values are first computed
//! from South's point of view (a move's gain counts for South when South moves and against him
//! when North moves), then turned to the mover's point of view.
//!
//! # Method
//!
//! Seeds never come back onto the board, so a move never increases the seeds, and a move that
//! wins or loses anything takes seeds off the board. The solver checks both facts on every move
//! of the graph (and refuses the graph otherwise). Hence every cycle of the graph lies among
//! nodes with the same number of seeds and gains nothing: a play that goes on for ever
//! eventually stays in one *group* (the nodes with one seed count) and from then on its gains
//! are all 0, so its total is the finite sum of gains before it entered that group for ever,
//! plus 0.
//!
//! The groups are solved in increasing order of seeds. When a group is solved, every move out
//! of it (an *exit*, to a node with fewer seeds) leads to a node whose value is already known,
//! so the exit's value `x` (seen from South) is the move's gain for South plus the child's
//! value. A terminal node of the group is an exit too, with its terminal value. Inside the
//! group every move gains 0. So from a node of the group, each play either takes an exit of
//! value `x` (and, with perfect play from there, the game is worth `x`) or stays in the group
//! for ever (worth 0).
//!
//! For a threshold `t`, South can force a result of at least `t` exactly when:
//!
//! - `t > 0`: he can force the play to take an exit worth at least `t` (staying in the group is
//!   not good enough). This is a reachability game: its winning set is South's *attractor* of
//!   those exits;
//! - `t <= 0`: North cannot force the play to take an exit worth less than `t` (any other play
//!   is worth at least `t`, staying for ever included). North's winning set is his attractor
//!   of the exits worth less than `t`; South's is its complement.
//!
//! The attractor of a set of exits for a player P is computed in the classical way: a node
//! where P moves is in it when one of its exits is a target or one of its moves leads into the
//! attractor; a node where the opponent moves is in it when all its moves are target exits or
//! lead into the attractor (a counter per node of the moves not yet known to do so, decreased
//! through the predecessor lists); a terminal node is in it when it is a target itself.
//! Reachability games are determined and the attractor is exactly the winner's region, so for
//! each node and threshold exactly one player can force his side of `t`.
//!
//! The value of a node (from South) is then the largest threshold `t` that South can force.
//! Every play's result is one of finitely many numbers: an exit value of the group or 0; so it
//! suffices to try these numbers as thresholds. If `v` is the largest one South can force and
//! `v'` the next candidate above it, North can force a result below `v'`, hence at most `v`:
//! `v` is the exact value. (When South can force `t` with a strategy that continues, after the
//! exit, with an optimal strategy in the lower group, the whole game is worth at least `t`; the
//! same holds for North; by induction on the groups this gives exact values everywhere.)
//!
//! The cost is the number of thresholds times the size of each group: fine for the small boards
//! it is made for.

use crate::game::{Game, MarginGame};
use crate::side::Side;
use std::collections::{BTreeMap, HashMap};

/// One move of the game graph: the child node and the gain for the mover.
#[derive(Clone, Copy, Debug)]
struct Edge {
    to: usize,
    gain: i32,
}

/// One node of the game graph.
#[derive(Clone, Debug)]
struct Node {
    side: Side,
    seeds: i32,
    edges: Vec<Edge>,
    /// The future value of a node without legal moves, from the mover's point of view.
    terminal: Option<i32>,
}

/// The solved game graph of one root: the exact future value of every reachable position.
pub struct RefSolution<G: Game> {
    index: HashMap<(u128, Side), usize>,
    positions: Vec<G::Position>,
    /// Future values from the point of view of the side to move, by node.
    values: Vec<i32>,
}

impl<G: MarginGame<Key = u128>> RefSolution<G> {
    /// The future value of `pos` (seeds the side to move will still win minus those the
    /// opponent will still win, under perfect play), or `None` if `pos` is not in the graph
    /// (no position with its key and side to move was reachable from the root).
    pub fn future(&self, game: &G, pos: &G::Position) -> Option<i32> {
        self.index
            .get(&(game.key(pos), game.to_move(pos)))
            .map(|&i| self.values[i])
    }

    /// The number of nodes (distinct key and side to move) in the graph.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// True when the graph has no node (never the case for a solved root).
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// One representative position per node, in breadth-first order from the root (the root
    /// first).
    pub fn positions(&self) -> &[G::Position] {
        &self.positions
    }

    /// The future value of the node of `positions()[i]`, from its mover's point of view.
    pub fn future_at(&self, i: usize) -> i32 {
        self.values[i]
    }
}

/// Builds the game graph reachable from `root` and solves it exactly (see the module docs).
///
/// Fails when the graph has more than `max_nodes` nodes, or when the game breaks the facts the
/// method relies on: a move that adds seeds to the board, a move that wins or loses something
/// without taking seeds off the board, or a value outside `±future_bound`.
pub fn solve_graph<G: MarginGame<Key = u128>>(
    game: &G,
    root: &G::Position,
    max_nodes: usize,
) -> Result<RefSolution<G>, String> {
    let (index, positions, nodes) = build_graph(game, root, max_nodes)?;
    let values = solve_nodes(&nodes)?;
    Ok(RefSolution {
        index,
        positions,
        values,
    })
}

type Graph<P> = (HashMap<(u128, Side), usize>, Vec<P>, Vec<Node>);

/// Breadth-first enumeration of the nodes reachable from `root`.
fn build_graph<G: MarginGame<Key = u128>>(
    game: &G,
    root: &G::Position,
    max_nodes: usize,
) -> Result<Graph<G::Position>, String> {
    let too_many = || format!("the game graph has more than {max_nodes} nodes");
    let mut index: HashMap<(u128, Side), usize> = HashMap::new();
    let mut positions: Vec<G::Position> = Vec::new();
    let mut nodes: Vec<Node> = Vec::new();
    if max_nodes == 0 {
        return Err(too_many());
    }
    index.insert((game.key(root), game.to_move(root)), 0);
    positions.push(root.clone());
    // `positions` doubles as the queue: node `next` is expanded once all before it are.
    let mut next = 0;
    while next < positions.len() {
        let pos = positions[next].clone();
        let side = game.to_move(&pos);
        let seeds = game.future_bound(&pos);
        let margin = game.margin(&pos);
        let moves = game.legal_moves(&pos);
        let mut edges = Vec::with_capacity(moves.len());
        for &m in moves.iter() {
            let child = game.play(&pos, m);
            let child_side = game.to_move(&child);
            let gain = if child_side == side {
                game.margin(&child) - margin
            } else {
                -game.margin(&child) - margin
            };
            let child_seeds = game.future_bound(&child);
            if child_seeds > seeds || (child_seeds == seeds && gain != 0) {
                return Err(format!(
                    "a move from {pos:?} goes from {seeds} to {child_seeds} seeds on the board \
                     with gain {gain}: seeds must never come back, and a gain must take seeds off"
                ));
            }
            let id = match index.get(&(game.key(&child), child_side)) {
                Some(&id) => id,
                None => {
                    if positions.len() >= max_nodes {
                        return Err(too_many());
                    }
                    let id = positions.len();
                    index.insert((game.key(&child), child_side), id);
                    positions.push(child);
                    id
                }
            };
            edges.push(Edge { to: id, gain });
        }
        let terminal = edges.is_empty().then(|| game.final_margin(&pos) - margin);
        nodes.push(Node {
            side,
            seeds,
            edges,
            terminal,
        });
        next += 1;
    }
    Ok((index, positions, nodes))
}

/// The sign that turns a value seen from `side` into one seen from South.
fn south_sign(side: Side) -> i32 {
    match side {
        Side::South => 1,
        Side::North => -1,
    }
}

/// One group of nodes with the same seeds, indexed locally, values seen from South.
struct Group {
    side: Vec<Side>,
    /// Terminal value (from South) of a node without moves.
    terminal: Vec<Option<i32>>,
    /// Values (from South) of the moves that leave the group.
    exits: Vec<Vec<i32>>,
    /// Number of moves that stay in the group, by node (one per move, even to the same child).
    inner_moves: Vec<usize>,
    /// For each node, the nodes with a move to it inside the group (once per move).
    preds: Vec<Vec<usize>>,
}

impl Group {
    /// The nodes from which `player` can force the play to end at a target: a move out of the
    /// group whose value satisfies `target`, or a terminal node whose value does.
    fn attractor(&self, player: Side, target: impl Fn(i32) -> bool) -> Vec<bool> {
        let n = self.side.len();
        let mut inside = vec![false; n];
        // For the opponent's nodes: moves not yet known to lead into the attractor.
        let mut pending = vec![0usize; n];
        let mut queue = Vec::new();
        for x in 0..n {
            let hit = if let Some(v) = self.terminal[x] {
                target(v)
            } else if self.side[x] == player {
                self.exits[x].iter().any(|&v| target(v))
            } else {
                // A move out of the group that misses the target can never count.
                let misses = self.exits[x].iter().filter(|&&v| !target(v)).count();
                pending[x] = misses + self.inner_moves[x];
                pending[x] == 0
            };
            if hit {
                inside[x] = true;
                queue.push(x);
            }
        }
        while let Some(y) = queue.pop() {
            for &x in &self.preds[y] {
                if inside[x] {
                    continue;
                }
                let joins = if self.side[x] == player {
                    true
                } else {
                    pending[x] -= 1;
                    pending[x] == 0
                };
                if joins {
                    inside[x] = true;
                    queue.push(x);
                }
            }
        }
        inside
    }
}

/// Solves the graph group by group in increasing order of seeds; values from the mover's
/// point of view.
fn solve_nodes(nodes: &[Node]) -> Result<Vec<i32>, String> {
    let mut groups: BTreeMap<i32, Vec<usize>> = BTreeMap::new();
    for (i, n) in nodes.iter().enumerate() {
        groups.entry(n.seeds).or_default().push(i);
    }
    // Values seen from South; `None` until the node's group is solved.
    let mut south: Vec<Option<i32>> = vec![None; nodes.len()];
    let mut local = vec![usize::MAX; nodes.len()];
    for (&seeds, members) in &groups {
        for (l, &i) in members.iter().enumerate() {
            local[i] = l;
        }
        let n = members.len();
        let mut group = Group {
            side: Vec::with_capacity(n),
            terminal: Vec::with_capacity(n),
            exits: vec![Vec::new(); n],
            inner_moves: vec![0; n],
            preds: vec![Vec::new(); n],
        };
        // Every result a play from this group can have: an exit value, or 0 for ever.
        let mut candidates = vec![0];
        for (l, &i) in members.iter().enumerate() {
            let node = &nodes[i];
            let sign = south_sign(node.side);
            group.side.push(node.side);
            group.terminal.push(node.terminal.map(|v| sign * v));
            candidates.extend(group.terminal[l]);
            for e in &node.edges {
                if nodes[e.to].seeds == seeds {
                    group.inner_moves[l] += 1;
                    group.preds[local[e.to]].push(l);
                } else {
                    let child = south[e.to].expect("groups with fewer seeds are solved first");
                    let v = sign * e.gain + child;
                    group.exits[l].push(v);
                    candidates.push(v);
                }
            }
        }
        candidates.sort_unstable();
        candidates.dedup();
        // best[l]: the largest threshold South is known to force so far.
        let mut best = vec![None; n];
        for &t in &candidates {
            let wins = if t > 0 {
                group.attractor(Side::South, |v| v >= t)
            } else {
                let north = group.attractor(Side::North, |v| v < t);
                north.iter().map(|&b| !b).collect()
            };
            let mut any = false;
            for l in 0..n {
                if wins[l] {
                    best[l] = Some(t);
                    any = true;
                }
            }
            if !any {
                break; // South's winning sets only shrink as the threshold grows.
            }
        }
        for (l, &i) in members.iter().enumerate() {
            let v = best[l].expect("the smallest candidate is always forced");
            if v.abs() > seeds {
                return Err(format!(
                    "node {i} has future {v} (from South) with only {seeds} seeds on the board"
                ));
            }
            south[i] = Some(v);
            local[i] = usize::MAX;
        }
    }
    Ok(nodes
        .iter()
        .zip(&south)
        .map(|(node, v)| south_sign(node.side) * v.expect("every group is solved"))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, Outcome};
    use crate::tworow::{self, Kind, TwoRow};

    fn two_row(kind: Kind, width: usize, seeds: u32, rules: &[&str]) -> TwoRow {
        let rules: Vec<String> = rules.iter().map(|s| s.to_string()).collect();
        let opts = tworow::Options::parse(kind, &rules).unwrap();
        TwoRow::new(kind, width, seeds, opts).unwrap()
    }

    fn start_future(g: &TwoRow) -> i32 {
        let s = g.start();
        let sol = solve_graph(g, &s, 100_000).unwrap();
        sol.future(g, &s).unwrap()
    }

    #[test]
    fn kalah_1x1_is_a_draw() {
        // South's only move puts his seed in his store, which empties his side: North takes
        // his own seed. 1-1.
        assert_eq!(start_future(&two_row(Kind::Kalah, 1, 1, &[])), 0);
    }

    #[test]
    fn kalah_1x2_loses_two() {
        // South's two seeds: one to his store, one to North's pit. South's side is empty, so
        // North takes his 3: 1-3.
        assert_eq!(start_future(&two_row(Kind::Kalah, 1, 2, &[])), -2);
    }

    #[test]
    fn kalah_2x1_wins_two() {
        // Pit 2 into the store, move again, pit 1 into the empty pit 2 captures it with North's
        // pit 1 (3 in the store); South's side is empty, North takes his 1: 3-1. Pit 1 instead
        // lets North sow his pit 1 onto his pit 2, leaving South only his pit 2: 1-3.
        let g = two_row(Kind::Kalah, 2, 1, &[]);
        let s = g.start();
        let sol = solve_graph(&g, &s, 100_000).unwrap();
        assert_eq!(sol.future(&g, &s), Some(2));
        let after_pit1 = g.play(&s, 0);
        assert_eq!(g.to_move(&after_pit1), Side::North);
        assert_eq!(sol.future(&g, &after_pit1), Some(2)); // North's point of view
        let after_pit2 = g.play(&s, 1);
        assert_eq!(g.to_move(&after_pit2), Side::South);
        assert_eq!(sol.future(&g, &after_pit2), Some(1)); // the store seed is already won
    }

    #[test]
    fn kpo_1x1_captures_two() {
        // South's seed makes North's pit hold 2: South takes it, North has no seed left.
        assert_eq!(start_future(&two_row(Kind::Kpo, 1, 1, &[])), 2);
    }

    #[test]
    fn kpo_cycle_is_worth_zero() {
        // One seed passed back and forth for ever: no capture, no end.
        let g = two_row(Kind::Kpo, 1, 1, &[]);
        let p = g.position(&[1], &[0], [3, 1], Side::South).unwrap();
        let sol = solve_graph(&g, &p, 100).unwrap();
        assert_eq!(sol.len(), 2);
        assert_eq!(sol.future(&g, &p), Some(0));
        let q = g.play(&p, 0);
        assert_eq!(sol.future(&g, &q), Some(0));
    }

    #[test]
    fn warri_1x1_has_four_or_fewer() {
        // Humpidge rule 6: "The game is finished when there are four or fewer pieces on the
        // board": the 1x1 start holds two, so it is over at once, each keeping his own,
        // under either starving rule.
        for opts in [&[][..], &["starved=owner"]] {
            let g = two_row(Kind::Warri, 1, 1, opts);
            assert_eq!(solve_graph(&g, &g.start(), 100).unwrap().len(), 1);
            assert_eq!(start_future(&g), 0);
        }
    }

    #[test]
    fn oware_1x1_grand_slam() {
        // illegal (default): South's one move would take North's every seed, so he has
        // seeds but no legal move and takes the two seeds left: +2.
        let g = two_row(Kind::Oware, 1, 1, &[]);
        let s = g.start();
        let sol = solve_graph(&g, &s, 100).unwrap();
        assert_eq!(sol.len(), 1);
        assert_eq!(sol.future(&g, &s), Some(2));
        // forfeit: the seeds travel round for ever (grand slams capture nothing): 0.
        let g = two_row(Kind::Oware, 1, 1, &["grandslam=forfeit"]);
        let s = g.start();
        let sol = solve_graph(&g, &s, 100).unwrap();
        assert_eq!(sol.future(&g, &s), Some(0));
        assert!(sol.len() >= 3);
    }

    #[test]
    fn max_nodes_is_enforced() {
        let g = two_row(Kind::Kalah, 2, 2, &[]);
        assert!(solve_graph(&g, &g.start(), 3).is_err());
        assert!(solve_graph(&g, &g.start(), 100_000).is_ok());
    }

    /// One node of a [`Toy`] game: side to move, seeds on the board, moves (child, gain for
    /// the mover), terminal future for the mover when there is no move.
    type ToyNode = (Side, i32, Vec<(usize, i32)>, i32);

    /// A game given as an explicit graph, to test cycles with choices on both sides.
    #[derive(Clone)]
    struct Toy {
        nodes: Vec<ToyNode>,
    }

    #[derive(Clone, Debug, PartialEq, Eq, Hash)]
    struct ToyPos {
        node: usize,
        /// Seeds won, mover first.
        won: [i32; 2],
    }

    impl Game for Toy {
        type Position = ToyPos;
        type Move = usize;
        type Moves = Vec<usize>;
        fn start(&self) -> ToyPos {
            ToyPos {
                node: 0,
                won: [0, 0],
            }
        }
        fn to_move(&self, pos: &ToyPos) -> Side {
            self.nodes[pos.node].0
        }
        fn gen_moves(&self, pos: &ToyPos, moves: &mut Vec<usize>) {
            moves.clear();
            moves.extend(0..self.nodes[pos.node].2.len());
        }
        fn play(&self, pos: &ToyPos, mv: usize) -> ToyPos {
            let (to, gain) = self.nodes[pos.node].2[mv];
            let won = [pos.won[0] + gain, pos.won[1]];
            let won = if self.nodes[to].0 == self.nodes[pos.node].0 {
                won
            } else {
                [won[1], won[0]]
            };
            ToyPos { node: to, won }
        }
        fn outcome(&self, pos: &ToyPos) -> Option<Outcome> {
            // Not used by the reference solver.
            self.nodes[pos.node]
                .2
                .is_empty()
                .then(|| Outcome::from_score([0, 0]))
        }
    }

    impl MarginGame for Toy {
        type Key = u128;
        fn key(&self, pos: &ToyPos) -> u128 {
            pos.node as u128
        }
        fn margin(&self, pos: &ToyPos) -> i32 {
            pos.won[0] - pos.won[1]
        }
        fn final_margin(&self, pos: &ToyPos) -> i32 {
            self.margin(pos) + self.nodes[pos.node].3
        }
        fn future_bound(&self, pos: &ToyPos) -> i32 {
            self.nodes[pos.node].1
        }
    }

    fn toy_values(toy: &Toy) -> Vec<i32> {
        let sol = solve_graph(toy, &toy.start(), 100).unwrap();
        (0..toy.nodes.len())
            .map(|n| {
                let p = ToyPos {
                    node: n,
                    won: [5, 2],
                };
                sol.future(toy, &p).unwrap()
            })
            .collect()
    }

    const S: Side = Side::South;
    const N: Side = Side::North;

    #[test]
    fn toy_cycles() {
        // 0 (South) <-> 1 (North); South may leave to 2 (terminal, a for South), North may
        // leave to 3 (terminal, b for North). All with 2 seeds, no gains.
        let toy = |a: i32, b: i32| Toy {
            nodes: vec![
                (S, 2, vec![(1, 0), (2, 0)], 0),
                (N, 2, vec![(0, 0), (3, 0)], 0),
                (S, 2, vec![], a),
                (N, 2, vec![], b),
            ],
        };
        // Both exits bad for the side that could take them: the cycle, 0.
        assert_eq!(toy_values(&toy(-1, -1)), vec![0, 0, -1, -1]);
        // South's exit is good: he takes it; North at 1 then prefers his own exit (-1 for him)
        // to letting South reach +2.
        assert_eq!(toy_values(&toy(2, -1)), vec![2, -1, 2, -1]);
        // South's exit gives +1, North's gives him +2: North leaves at once.
        assert_eq!(toy_values(&toy(1, 2)), vec![1, 2, 1, 2]);
        // South's exit gives -1, North's gives him +1: South has no good answer.
        assert_eq!(toy_values(&toy(-1, 1)), vec![-1, 1, -1, 1]);
    }

    #[test]
    fn toy_exits_with_gains() {
        // 0 (South, 3 seeds) <-> 1 (North, 3 seeds). South may capture 1 into node 2
        // (North, 2 seeds), where North's only move leads to a terminal worth 2 for North.
        // North may capture 2 into node 3 (South, 1 seed, terminal worth 1 for South).
        let toy = Toy {
            nodes: vec![
                (S, 3, vec![(1, 0), (2, 1)], 0),
                (N, 3, vec![(0, 0), (3, 2)], 0),
                (N, 2, vec![(4, 0)], 0),
                (S, 1, vec![], 1),
                (N, 2, vec![], 2),
            ],
        };
        // Node 2: North will win 2. Exit from 0: 1 - 2 = -1 for South.
        // Exit from 1: 2 - 1 = +1 for North, i.e. -1 for South.
        // South at 0: exit -1, or cycle to 1 where North exits (-1) or cycles (0): North exits.
        assert_eq!(toy_values(&toy), vec![-1, 1, 2, 1, 2]);
    }

    #[test]
    fn toy_rejects_gains_inside_a_group() {
        let toy = Toy {
            nodes: vec![(S, 2, vec![(1, 1)], 0), (N, 2, vec![], 0)],
        };
        assert!(solve_graph(&toy, &toy.start(), 100).is_err());
    }
}
