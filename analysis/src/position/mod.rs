//! `start`, `show`, `moves`, `play` and `perft` of a two-player game of any family: the
//! checks and the shapes of [`json`] they print.

pub mod json;
mod text;

use crate::engine::Describe;
use crate::error::Fail;
use crate::shape::Start;
use mancala_solver::any::{AnyGame, AnyPos, AnyRules};
use mancala_solver::Notation;
use std::time::Instant;

/// A position command with its own arguments.
#[derive(Clone, Copy, Debug)]
pub enum Action<'a> {
    /// `start`: the start position.
    Start,
    /// `show`: the board as the players see it.
    Show,
    /// `moves`: the legal moves.
    Moves,
    /// `play`: these moves in order.
    Play(&'a [String]),
    /// `perft`: move paths of this many plies, counted under each first move when `true`.
    Perft(u32, bool),
}

/// The deepest perft counted: far beyond any count that ends in a lifetime (the counts grow
/// geometrically), and a bound on the recursion, which a game that cycles would otherwise
/// carry until the stack overflows.
pub const MAX_PERFT_DEPTH: u32 = 64;

/// `depth` if a perft may count it, else the one-line refusal.
pub fn perft_depth(depth: u32) -> Result<u32, Fail> {
    if depth > MAX_PERFT_DEPTH {
        return Err(Fail(format!(
            "invalid --depth {depth}: perft counts at most {MAX_PERFT_DEPTH} plies"
        )));
    }
    Ok(depth)
}

/// Runs the position command `action` on the game and position of `game`.
pub fn run(game: AnyGame, action: Action) -> Result<json::Position, Fail> {
    use json::Position as P;
    let (g, pos) = game.split();
    Ok(match action {
        Action::Start => P::Start(Start::new(&g, &pos)),
        Action::Show => P::State(show(&g, &pos)),
        Action::Moves => P::Moves(moves(&g, &pos)?),
        Action::Play(names) => P::State(play(&g, pos, names)?),
        Action::Perft(depth, divide) => P::Perft(perft(&g, &pos, depth, divide)?),
    })
}

/// `show`: the state of `pos` with its drawing.
pub fn show<G: Notation + Describe>(g: &G, pos: &G::Position) -> json::State {
    json::State {
        drawing: Some(g.draw(pos).trim_end().to_string()),
        ..json::State::new(g, pos)
    }
}

/// `moves`: the legal moves of `pos`, unless there are too many to list.
pub fn moves<G: Notation>(g: &G, pos: &G::Position) -> Result<json::Moves, Fail> {
    match g.too_many_to_list(pos) {
        Some(why) => Err(Fail(format!("moves: {why}"))),
        None => Ok(json::Moves::new(g, pos)),
    }
}

/// `play`: the state after the moves `names` from `pos`, in turn; a refused move names its
/// place in the list.
pub fn play<G: Notation + Describe>(
    g: &G,
    mut pos: G::Position,
    names: &[String],
) -> Result<json::State, Fail> {
    for (i, name) in names.iter().enumerate() {
        let mv = g
            .parse_move(&pos, name)
            .map_err(|e| Fail(format!("{e} (move {} of {})", i + 1, names.len())))?;
        pos = g.play(&pos, mv);
    }
    Ok(json::State::new(g, &pos))
}

/// `perft` of `depth` plies from `pos` (with `split`, the count under each first move).
pub fn perft(g: &AnyRules, pos: &AnyPos, depth: u32, split: bool) -> Result<json::Perft, Fail> {
    let depth = perft_depth(depth)?;
    if let Some(why) = g.too_many_to_list(pos).filter(|_| depth > 0) {
        return Err(Fail(format!("perft: {why}")));
    }
    Ok(measure_perft(
        Start::new(g, pos),
        depth,
        split,
        || g.perft(pos, depth),
        || g.divide(pos, depth),
        |m| g.move_name(pos, m),
    ))
}

/// Times a perft of `depth` plies from the position `at` names: `count` gives the total, or
/// with `split` `divide` the count under each first move, named by `name`.
pub fn measure_perft<M>(
    at: Start,
    depth: u32,
    split: bool,
    count: impl FnOnce() -> u64,
    divide: impl FnOnce() -> Vec<(M, u64)>,
    name: impl Fn(M) -> String,
) -> json::Perft {
    let t = Instant::now();
    let listed: Vec<(String, u64)> = if split {
        divide().into_iter().map(|(m, n)| (name(m), n)).collect()
    } else {
        Vec::new()
    };
    let nodes = if split {
        listed.iter().map(|p| p.1).sum()
    } else {
        count()
    };
    json::Perft {
        at,
        depth,
        nodes,
        seconds: t.elapsed().as_secs_f64(),
        divide: split.then(|| listed.iter().cloned().collect()),
        listed,
    }
}
