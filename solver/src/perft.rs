//! Perft: the number of move sequences of a given length, the standard check of move
//! generation (docs/NOTATION.md): `perft(p, 0) = 1`, and `perft(p, d)` is the sum of
//! `perft(child, d - 1)` over the legal moves of `p`, so a finished game counts 0 below depth 0.

use crate::game::{Game, MoveList};

/// Counts the leaves of the game tree of `pos` at `depth` plies.
///
/// # Example
///
/// ```
/// use mancala_solver::perft::perft;
/// use mancala_solver::{Game, Kind, TwoRow};
///
/// let kalah = TwoRow::standard(Kind::Kalah);
/// let counts: Vec<u64> = (0..4).map(|d| perft(&kalah, &kalah.start(), d)).collect();
/// assert_eq!(counts, [1, 6, 35, 185]);
/// ```
pub fn perft<G: Game>(game: &G, pos: &G::Position, depth: u32) -> u64 {
    count::<G::Position, G::Move, G::Moves>(
        pos,
        depth,
        &|p, out| game.gen_moves(p, out),
        &|p, m| game.play(p, m),
    )
}

/// Perft split by first move: `(move, count)` for each legal move of `pos`.
///
/// # Example
///
/// ```
/// use mancala_solver::perft::divide;
/// use mancala_solver::{Game, Kind, Notation, TwoRow};
///
/// // Each of oware's six first moves has six replies.
/// let oware = TwoRow::standard(Kind::Oware);
/// let start = oware.start();
/// let split = divide(&oware, &start, 2);
/// assert_eq!(split.len(), 6);
/// assert!(split.iter().all(|&(_, n)| n == 6));
/// assert_eq!(oware.move_name(&start, split[0].0), "1");
/// ```
pub fn divide<G: Game>(game: &G, pos: &G::Position, depth: u32) -> Vec<(G::Move, u64)> {
    split::<G::Position, G::Move, G::Moves>(
        pos,
        depth,
        &|p, out| game.gen_moves(p, out),
        &|p, m| game.play(p, m),
    )
}

/// Perft over any game tree: the moves of a position from `moves` (into a cleared list),
/// the position after one from `play`; the last ply is counted in bulk. Shared by the
/// two-player games and the games of three and four seats ([`crate::nseat::perft`]).
pub fn count<P, M: Copy, L: MoveList<M>>(
    pos: &P,
    depth: u32,
    moves: &impl Fn(&P, &mut L),
    play: &impl Fn(&P, M) -> P,
) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut list = L::default();
    moves(pos, &mut list);
    if depth == 1 {
        return list.len() as u64;
    }
    list.iter()
        .map(|&m| count(&play(pos, m), depth - 1, moves, play))
        .sum()
}

/// [`count`] split by first move: `(move, count)` for each move of `pos`, in move order.
pub fn split<P, M: Copy, L: MoveList<M>>(
    pos: &P,
    depth: u32,
    moves: &impl Fn(&P, &mut L),
    play: &impl Fn(&P, M) -> P,
) -> Vec<(M, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let mut list = L::default();
    moves(pos, &mut list);
    list.iter()
        .map(|&m| (m, count(&play(pos, m), depth - 1, moves, play)))
        .collect()
}

/// A plain recursive perft without bulk counting at the last ply, for cross-checking.
pub fn perft_slow<G: Game>(game: &G, pos: &G::Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = G::Moves::default();
    moves.clear_moves();
    game.gen_moves(pos, &mut moves);
    moves
        .iter()
        .map(|&m| perft_slow(game, &game.play(pos, m), depth - 1))
        .sum()
}
