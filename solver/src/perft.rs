//! Perft: the number of move sequences of a given length, the standard check of move
//! generation (docs/NOTATION.md): `perft(p, 0) = 1`, and `perft(p, d)` is the sum of
//! `perft(child, d - 1)` over the legal moves of `p`, so a finished game counts 0 below depth 0.

use crate::game::{Game, MoveList};

/// Counts the leaves of the game tree of `pos` at `depth` plies.
pub fn perft<G: Game>(game: &G, pos: &G::Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = G::Moves::default();
    game.gen_moves(pos, &mut moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|&m| perft(game, &game.play(pos, m), depth - 1))
        .sum()
}

/// Perft split by first move: `(move, count)` for each legal move of `pos`.
pub fn divide<G: Game>(game: &G, pos: &G::Position, depth: u32) -> Vec<(G::Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let moves = game.legal_moves(pos);
    moves
        .iter()
        .map(|&m| (m, perft(game, &game.play(pos, m), depth - 1)))
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
