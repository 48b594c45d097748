//! Lines of perfect play of the seed-margin games, read from exact values (tablebases, a solved
//! graph) or from the search's proofs.
//!
//! In a game with cycles, following any move that keeps the value need not make progress: a
//! line can go round a cycle for ever while the value says that one side wins seeds. So the
//! line is built in segments between captures: within a segment (positions with as many
//! seeds on the board), a breadth-first search over the value-keeping moves finds the
//! shortest line to a move that takes seeds off the board or ends the game. Only when no
//! such line exists is the segment's future 0 (infinite play); the line then follows the
//! first value-keeping moves until a position repeats. One walk ([`line_of`]) serves exact
//! values ([`Futures`]) and the search's principal variation ([`crate::search`]).

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

/// A value a line needs is not known (a missing table entry, the search's deadline): the
/// line stops there, incomplete.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unknown;

/// What a line of perfect play reads its values from: exact futures ([`Futures`]) or the
/// search's proofs.
pub trait LineValues<G: MarginGame> {
    /// The moves of `pos` in the order the line tries them (it plays the first that keeps the
    /// value).
    fn order(&self, pos: &G::Position) -> Vec<G::Move>;
    /// The child of `m` from `pos` and its future when the move keeps `future`, the future
    /// value of `pos` (the mover's value is its maximum over the moves); `Ok(None)` when the
    /// move gives less.
    fn keeps(
        &self,
        pos: &G::Position,
        future: i32,
        m: G::Move,
    ) -> Result<Option<(G::Position, i32)>, Unknown>;
    /// True when the line ends at `pos` (the game is over).
    fn over(&self, pos: &G::Position) -> bool;
    /// Whether a line that reaches a position where no move keeps the value on its own is
    /// complete: the search's oracle proves values its tables carry on, exact futures never
    /// leave a position so.
    const NONE_KEEPING_COMPLETES: bool;
}

/// Exact future values of every position reachable (tables, a solved graph), tried in
/// [`line_order`].
pub struct Futures<'f, G: MarginGame> {
    /// The game.
    pub game: &'f G,
    /// The future value of a position not over (`None` where it is not known).
    pub future: &'f dyn Fn(&G::Position) -> Option<i32>,
}

impl<G: MarginGame> LineValues<G> for Futures<'_, G> {
    fn order(&self, pos: &G::Position) -> Vec<G::Move> {
        line_order(self.game, pos)
    }

    fn keeps(
        &self,
        pos: &G::Position,
        future: i32,
        m: G::Move,
    ) -> Result<Option<(G::Position, i32)>, Unknown> {
        let g = self.game;
        let c = g.play(pos, m);
        let fc = if g.outcome(&c).is_some() {
            0
        } else {
            (self.future)(&c).ok_or(Unknown)?
        };
        let target = g.margin(pos) + future;
        Ok((move_value(g, pos, &c, fc) == target).then_some((c, fc)))
    }

    fn over(&self, pos: &G::Position) -> bool {
        self.game.outcome(pos).is_some()
    }

    const NONE_KEEPING_COMPLETES: bool = false;
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
    let Some(value) = future(pos) else {
        return (Vec::new(), false);
    };
    line_of(game, &Futures { game, future }, pos, value, max_plies)
}

/// The line of perfect play from `pos`, whose future value is `value`, by `values`: in
/// segments between captures (the module's note), at most `max_plies` long (a segment is
/// played whole); whether it is complete.
pub fn line_of<G: MarginGame, V: LineValues<G>>(
    game: &G,
    values: &V,
    pos: &G::Position,
    value: i32,
    max_plies: usize,
) -> (Vec<G::Move>, bool) {
    let mut line = Vec::new();
    let mut at = pos.clone();
    let mut value = value;
    while line.len() < max_plies {
        if values.over(&at) {
            return (line, true);
        }
        match segment(game, values, &at, value) {
            Err(Unknown) => return (line, false),
            Ok(Some((seg, c, fc))) => {
                line.extend(seg);
                at = c;
                value = fc;
            }
            Ok(None) => return repetition(game, values, line, at, value, max_plies),
        }
    }
    (line, false)
}

/// The shortest value-keeping line from `start` (whose future is `value`) to a move that
/// takes seeds off the board or ends the game: the moves, the position reached and its
/// future. `None` if every value-keeping line stays in the segment for ever.
#[allow(clippy::type_complexity)]
fn segment<G: MarginGame, V: LineValues<G>>(
    game: &G,
    values: &V,
    start: &G::Position,
    value: i32,
) -> Result<Option<(Vec<G::Move>, G::Position, i32)>, Unknown> {
    let seeds = game.future_bound(start);
    let mut nodes: Vec<Visit<G>> = vec![(start.clone(), value, usize::MAX, None)];
    let mut seen: HashSet<(G::Key, Side)> = HashSet::new();
    seen.insert((game.key(start), game.to_move(start)));
    let mut head = 0;
    while head < nodes.len() {
        let (p, v) = (nodes[head].0.clone(), nodes[head].1);
        for m in values.order(&p) {
            let Some((c, fc)) = values.keeps(&p, v, m)? else {
                continue;
            };
            if game.future_bound(&c) < seeds || values.over(&c) {
                let mut seg = vec![m];
                let mut i = head;
                while let Some(pm) = nodes[i].3 {
                    seg.push(pm);
                    i = nodes[i].2;
                }
                seg.reverse();
                return Ok(Some((seg, c, fc)));
            }
            if seen.insert((game.key(&c), game.to_move(&c))) {
                nodes.push((c, fc, head, Some(m)));
            }
        }
        head += 1;
    }
    Ok(None)
}

/// The rest of a line with no capture ahead under best play (infinite play, worth 0 from
/// here): the first value-keeping moves until a position repeats.
fn repetition<G: MarginGame, V: LineValues<G>>(
    game: &G,
    values: &V,
    mut line: Vec<G::Move>,
    mut at: G::Position,
    mut value: i32,
    max_plies: usize,
) -> (Vec<G::Move>, bool) {
    let mut seen: HashSet<(G::Key, Side)> = HashSet::new();
    while line.len() < max_plies {
        if !seen.insert((game.key(&at), game.to_move(&at))) {
            return (line, true);
        }
        let mut next = None;
        for m in values.order(&at) {
            match values.keeps(&at, value, m) {
                Err(Unknown) => return (line, false),
                Ok(Some(kept)) => {
                    next = Some((m, kept));
                    break;
                }
                Ok(None) => {}
            }
        }
        let Some((m, (c, fc))) = next else {
            return (line, V::NONE_KEEPING_COMPLETES);
        };
        line.push(m);
        at = c;
        value = fc;
    }
    (line, false)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::refsolve::solve_graph;
    use crate::tworow::{self, Kind, TwoRow};

    /// On small boards of every variant, the line from exact values ends the game with the
    /// start's value (or repeats, with the value already won), and every move keeps it.
    #[test]
    fn lines_realise_the_value() {
        for kind in Kind::ALL {
            for (w, s) in [(2, 2), (3, 1), (3, 2)] {
                let g = TwoRow::new(kind, w, s, tworow::Options::default()).unwrap();
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
