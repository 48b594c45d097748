//! Exact win/draw/loss values and plies to the end of four-row positions by retrograde
//! analysis of the whole game graph reachable from a root (small boards only): the analysis of
//! [`crate::wdl`], with positions identified by [`FourRow::exact_key`] (the mover-relative key:
//! equal keys have equal futures from the mover's point of view); and, for graphs too large
//! for it, the distance to the end by depth-limited search.

use super::{FourRow, FourRowPos};
use crate::wdl::{solve_graph, Distances, WdlGraph};
use std::time::Instant;

pub use crate::wdl::{wdl_line, Bounds, RetroError, Stop, Wdl, MAX_PLIES};

/// The solved graph of one root.
pub struct RetroSolution(WdlGraph<u128>);

impl RetroSolution {
    /// The value of `pos`, if it was in the graph.
    pub fn value(&self, game: &FourRow, pos: &FourRowPos) -> Option<Wdl> {
        self.0.value_of(&game.exact_key(pos)?)
    }
    /// A line of perfect play from `pos` to the end ([`wdl_line`] over the graph's values).
    /// Empty for a draw or a position outside the graph.
    pub fn line(&self, game: &FourRow, pos: &FourRowPos) -> Vec<super::FourMove> {
        wdl_line(game, pos, &|p| self.value(game, p))
    }

    /// Number of nodes.
    pub fn len(&self) -> usize {
        self.0.len()
    }
    /// True when empty (never for a solved root).
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
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

/// Like [`solve`], also stopping with [`RetroError::OutOfTime`] once `deadline` has passed:
/// [`crate::wdl::solve_graph`] keyed by the exact key (mover-relative, so that a position and
/// its mirror image with the other side to move are one node).
pub fn solve_until(
    game: &FourRow,
    root: &FourRowPos,
    limit: usize,
    deadline: Option<Instant>,
) -> Result<RetroSolution, RetroError> {
    solve_graph(game, root, |p| game.exact_key(p), limit, deadline).map(RetroSolution)
}

/// A plain minimax reference for tiny graphs: the value of `pos` by depth-first search with
/// the path as the repetition rule (a position repeated on the path is a draw). Slow; used in
/// tests to check [`solve`] on tiny boards.
#[cfg(any(test, feature = "reference"))]
pub fn minimax(game: &FourRow, pos: &FourRowPos, path: &mut Vec<u128>) -> i32 {
    use crate::game::Game;
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
    let bounds = Bounds {
        nodes: budget,
        memo: usize::MAX,
        deadline: None,
    };
    distances(game, bounds).distance(pos, value > 0).ok()
}

/// Bytes an entry of the distance search's memo takes, an upper estimate: a 33-byte slot of
/// the hash map at a load of 7/16 to 7/8, and both tables while it grows (at most 113).
pub const MEMO_BYTES: usize = 128;

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
    distances(game, bounds).line(pos, value > 0)
}

/// The memoised distance search keyed by the exact key as two words (a 24-byte memo key).
fn distances(
    game: &FourRow,
    bounds: Bounds,
) -> Distances<'_, FourRow, [u64; 2], impl Fn(&FourRowPos) -> Option<[u64; 2]> + '_> {
    Distances::new(
        game,
        |p: &FourRowPos| game.exact_key(p).map(|k| [k as u64, (k >> 64) as u64]),
        bounds,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fourrow::{Kind, Options};
    use crate::game::Game;

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
