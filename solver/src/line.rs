//! Lines of perfect play read from exact values (tablebases, a solved graph).
//!
//! In a game with cycles, following any move that keeps the value need not make progress: a
//! line can go round a cycle for ever while the value says that one side wins seeds. So the
//! line is built in segments between captures: within a segment (positions with as many
//! seeds on the board), a breadth-first search over the value-keeping moves finds the
//! shortest line to a move that takes seeds off the board or ends the game. Only when no
//! such line exists is the segment's future 0 (infinite play); the line then follows the
//! first value-keeping moves until a position repeats. The search builds its principal
//! variation the same way ([`crate::search`]).

use crate::game::MarginGame;
use crate::side::Side;
use std::collections::HashSet;

/// The moves of `pos` in the order lines try them: moves that give another turn first, then
/// by seeds won (most first), then in generation order. The search's best move is the first
/// best move in this order.
pub fn line_order<G: MarginGame>(game: &G, pos: &G::Position) -> Vec<G::Move> {
    let side = game.to_move(pos);
    let margin = game.margin(pos);
    let mut moves: Vec<(bool, i32, usize, G::Move)> = game
        .legal_moves(pos)
        .iter()
        .enumerate()
        .map(|(i, &m)| {
            let c = game.play(pos, m);
            let again = game.to_move(&c) == side;
            let won = if again {
                game.margin(&c) - margin
            } else {
                -game.margin(&c) - margin
            };
            (!again, -won, i, m)
        })
        .collect();
    moves.sort_by_key(|&(a, w, i, _)| (a, w, i));
    moves.into_iter().map(|(.., m)| m).collect()
}

/// The value of the move from `pos` to `child` for the mover of `pos` (final seed
/// difference, seeds already won included), given the child's future value (`None` when the
/// child is over: its final margin is used).
pub fn move_value<G: MarginGame>(
    game: &G,
    pos: &G::Position,
    child: &G::Position,
    child_future: i32,
) -> i32 {
    let v = if game.outcome(child).is_some() {
        game.final_margin(child)
    } else {
        game.margin(child) + child_future
    };
    if game.to_move(child) == game.to_move(pos) {
        v
    } else {
        -v
    }
}

/// A position met by the breadth-first search of a segment: the position, its future, the
/// index of its parent and the move from there.
type Visit<G> = (
    <G as crate::game::Game>::Position,
    i32,
    usize,
    Option<<G as crate::game::Game>::Move>,
);

/// A line of perfect play from `pos` given `future`, the exact future value of any position
/// reachable from it (`None` where it is not known: the line stops there). The line ends
/// with the game, with a repetition when the rest is infinite play, after `max_plies`, or
/// where a value is missing; the second element says whether it reached the end of the game
/// or the repetition (a complete line).
pub fn perfect_line<G: MarginGame>(
    game: &G,
    pos: &G::Position,
    future: &dyn Fn(&G::Position) -> Option<i32>,
    max_plies: usize,
) -> (Vec<G::Move>, bool) {
    let mut line = Vec::new();
    let mut at = pos.clone();
    let Some(mut value) = future(&at) else {
        return (line, false);
    };
    // The mover's value of the move `m` from `p`, and the child, when `future` knows it.
    let keeps = |p: &G::Position, v: i32, m: G::Move| -> Option<Option<(G::Position, i32)>> {
        let c = game.play(p, m);
        let fc = if game.outcome(&c).is_some() {
            0
        } else {
            future(&c)?
        };
        let target = game.margin(p) + v;
        Some((move_value(game, p, &c, fc) == target).then_some((c, fc)))
    };
    while line.len() < max_plies {
        if game.outcome(&at).is_some() {
            return (line, true);
        }
        let seeds = game.future_bound(&at);
        // Breadth-first over value-keeping moves.
        let mut nodes: Vec<Visit<G>> = vec![(at.clone(), value, usize::MAX, None)];
        let mut seen: HashSet<(G::Key, Side)> = HashSet::new();
        seen.insert((game.key(&at), game.to_move(&at)));
        let mut found = None;
        let mut head = 0;
        'bfs: while head < nodes.len() {
            let (p, v) = (nodes[head].0.clone(), nodes[head].1);
            for m in line_order(game, &p) {
                let Some(kept) = keeps(&p, v, m) else {
                    return (line, false);
                };
                let Some((c, fc)) = kept else { continue };
                if game.future_bound(&c) < seeds || game.outcome(&c).is_some() {
                    let mut seg = vec![m];
                    let mut i = head;
                    while let Some(pm) = nodes[i].3 {
                        seg.push(pm);
                        i = nodes[i].2;
                    }
                    seg.reverse();
                    found = Some((seg, c, fc));
                    break 'bfs;
                }
                if seen.insert((game.key(&c), game.to_move(&c))) {
                    nodes.push((c, fc, head, Some(m)));
                }
            }
            head += 1;
        }
        match found {
            Some((seg, c, fc)) => {
                line.extend(seg);
                at = c;
                value = fc;
            }
            None => {
                // No capture ahead under best play: infinite play, worth 0 from here.
                let mut seen: HashSet<(G::Key, Side)> = HashSet::new();
                while line.len() < max_plies {
                    if !seen.insert((game.key(&at), game.to_move(&at))) {
                        return (line, true);
                    }
                    let mut next = None;
                    for m in line_order(game, &at) {
                        match keeps(&at, value, m) {
                            None => return (line, false),
                            Some(Some(kept)) => {
                                next = Some((m, kept));
                                break;
                            }
                            Some(None) => {}
                        }
                    }
                    let Some((m, (c, fc))) = next else {
                        return (line, false);
                    };
                    line.push(m);
                    at = c;
                    value = fc;
                }
                return (line, false);
            }
        }
    }
    (line, false)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::refsolve::solve_graph;
    use crate::tworow::{Kind, RuleOptions, TwoRow};

    /// On small boards of every variant, the line from exact values ends the game with the
    /// start's value (or repeats, with the value already won), and every move keeps it.
    #[test]
    fn lines_realise_the_value() {
        for kind in Kind::ALL {
            for (w, s) in [(2, 2), (3, 1), (3, 2)] {
                let g = TwoRow::new(kind, w, s, RuleOptions::default()).unwrap();
                let start = g.start();
                let sol = solve_graph(&g, &start, 1_000_000).unwrap();
                let future = |p: &<TwoRow as Game>::Position| sol.future(&g, p);
                let v0 = future(&start).unwrap();
                let (line, complete) = perfect_line(&g, &start, &future, 10_000);
                assert!(complete, "{kind:?} {w}x{s}");
                let mut p = start;
                for &m in &line {
                    p = g.play(&p, m);
                }
                let south = |p: &<TwoRow as Game>::Position, v: i32| {
                    if g.to_move(p) == Side::South {
                        v
                    } else {
                        -v
                    }
                };
                let end = match g.outcome(&p) {
                    Some(o) => o.score[0] as i32 - o.score[1] as i32,
                    None => south(&p, g.margin(&p) + future(&p).unwrap()),
                };
                assert_eq!(end, v0, "{kind:?} {w}x{s}: line {line:?}");
                if g.outcome(&p).is_none() {
                    assert_eq!(future(&p), Some(0), "{kind:?} {w}x{s}: a repetition");
                }
            }
        }
    }
}
