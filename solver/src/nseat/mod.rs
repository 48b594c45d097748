//! Games of two to four seats, scored by seeds: the interface that the multi-player
//! analysis is generic over (the engines and matches of `mancala-analysis` too), beside the two-player [`crate::Game`].
//!
//! A game of `n` seats implements [`SeatGame`]: seats are numbered `0..n` in turn order
//! (seat 0 moves first), and a position carries the seeds each seat has taken so far, a
//! *score vector* ([`Scores`]). Text lives in [`SeatNotation`], as [`crate::Notation`] does
//! for two players, so hot code never depends on it.
//!
//! # Values
//!
//! Every analysis here works on the *future* of a position: the seeds each seat will still
//! take from it. A game that would go on for ever shares the seeds left on the board equally
//! among all the seats (RULES.md), so values are kept in *shares*, units of `1/n` seed: a
//! seat's future in shares is `n` times its seeds, and the endless game gives each seat
//! [`SeatGame::in_play`] shares. The future of every seat then is an integer, and the
//! futures of all seats add up to `n` times the seeds in play.
//!
//! # Contract
//!
//! - [`SeatGame::gen_moves`] lists no move exactly when [`SeatGame::is_over`];
//! - a move never puts seeds back in play ([`SeatGame::in_play`] never rises), and a move
//!   that keeps the seeds in play takes none: seeds are only taken off the board. So a
//!   repeated position has had no capture between its two occurrences, and the positions
//!   with the same seeds in play (a *slice*) can be analysed after the slices below them;
//! - two positions with the same [`SeatGame::key`] have the same future: the same seat to
//!   move and the same board (the seeds taken so far are left out of the key).

pub mod analysis;
pub mod maxn;
pub mod paranoid;
pub mod retro;
mod table;

use crate::error::{MoveError, PositionError};
use crate::game::MoveList;
use std::fmt::Debug;
use std::hash::Hash;

/// The most seats a game may have.
pub const MAX_SEATS: usize = 4;

/// Seeds (or shares) per seat, seat 0 first; the entries past the game's seats are 0.
pub type Scores = [u32; MAX_SEATS];

/// The rules of a game of `n` seats with perfect information, scored by seeds.
pub trait SeatGame: Clone + Send + Sync {
    /// A position: everything that decides the legal moves, the seat to move and the rest
    /// of the game, and the seeds taken so far.
    type Position: Clone + Eq + Hash + Debug + Send + Sync;
    /// A move, including every choice made within it (a direction of sowing).
    type Move: Copy + Eq + Hash + Debug + Send + Sync;
    /// The container [`SeatGame::gen_moves`] fills.
    type Moves: MoveList<Self::Move>;
    /// The part of a position its future depends on (see the module's contract).
    type Key: Copy + Eq + Ord + Hash + Debug + Send + Sync;

    /// The number of seats, 2..=[`MAX_SEATS`].
    fn seats(&self) -> usize;
    /// The start position of a fresh game.
    fn start(&self) -> Self::Position;
    /// The seat to move, `0..seats()`.
    fn to_move(&self, pos: &Self::Position) -> usize;
    /// Clears `moves` and fills it with the legal moves of `pos`, in a fixed order.
    fn gen_moves(&self, pos: &Self::Position, moves: &mut Self::Moves);
    /// Plays a legal move, the turn passing on to the seat that moves next (automatic
    /// passes included). A move [`SeatGame::gen_moves`] did not list may give a meaningless
    /// position or panic, but never undefined behaviour.
    fn play(&self, pos: &Self::Position, mv: Self::Move) -> Self::Position;
    /// True when the game is over.
    fn is_over(&self, pos: &Self::Position) -> bool;
    /// Seeds each seat has taken off the board so far.
    fn captured(&self, pos: &Self::Position) -> Scores;
    /// For a finished game: each seat's final seeds (what it took, plus what the rules give
    /// it at the end).
    fn final_scores(&self, pos: &Self::Position) -> Scores;
    /// Seeds still in play: what the seats can still take.
    fn in_play(&self, pos: &Self::Position) -> u32;
    /// The key of `pos`.
    fn key(&self, pos: &Self::Position) -> Self::Key;
    /// A position with key `key` and nothing taken yet (the whole-graph analysis keeps keys
    /// only).
    fn position_of(&self, key: Self::Key) -> Self::Position;

    /// A heuristic guess of each seat's future, in shares, for searches cut at a horizon
    /// (never for proven values); it should add up to `seats() * in_play`. The default
    /// guesses equal shares.
    fn estimate(&self, pos: &Self::Position) -> Scores {
        let mut s = [0; MAX_SEATS];
        s[..self.seats()].fill(self.in_play(pos));
        s
    }

    /// The legal moves as a fresh list.
    fn legal_moves(&self, pos: &Self::Position) -> Self::Moves {
        let mut m = Self::Moves::default();
        self.gen_moves(pos, &mut m);
        m
    }

    /// Each seat's future in a finished game, in shares: `seats()` times what the end
    /// gives it beyond what it has taken.
    fn final_future(&self, pos: &Self::Position) -> Scores {
        let (f, c) = (self.final_scores(pos), self.captured(pos));
        let n = self.seats() as u32;
        std::array::from_fn(|i| n * (f[i] - c[i]))
    }

    /// Seeds each seat takes in the move from `pos` to `child`, in shares.
    fn gain(&self, pos: &Self::Position, child: &Self::Position) -> Scores {
        let (a, b) = (self.captured(pos), self.captured(child));
        let n = self.seats() as u32;
        std::array::from_fn(|i| n * (b[i] - a[i]))
    }
}

/// Text forms of positions and moves for a game of `n` seats (docs/NOTATION-KPO-PLAYERS.md).
pub trait SeatNotation: SeatGame {
    /// The variant id, as on the command line.
    fn variant_id(&self) -> &'static str;
    /// The name of seat `seat` (`P1` for seat 0).
    fn seat_name(&self, seat: usize) -> String {
        format!("P{}", seat + 1)
    }
    /// Parses position text, listing every problem found.
    fn parse_position(&self, text: &str) -> Result<Self::Position, PositionError>;
    /// Writes position text.
    fn format_position(&self, pos: &Self::Position) -> String;
    /// The name of a move from the mover's seat.
    fn move_name(&self, pos: &Self::Position, mv: Self::Move) -> String;
    /// Parses a move name and checks that the move is legal in `pos`.
    fn parse_move(&self, pos: &Self::Position, name: &str) -> Result<Self::Move, MoveError>;
    /// A drawing of the board for a terminal that shows whose pits are whose.
    fn draw(&self, pos: &Self::Position) -> String;
}

/// Perft: the move sequences of `depth` plies from `pos` (passes are not plies).
pub fn perft<G: SeatGame>(game: &G, pos: &G::Position, depth: u32) -> u64 {
    crate::perft::count::<G::Position, G::Move, G::Moves>(
        pos,
        depth,
        &|p, out| game.gen_moves(p, out),
        &|p, m| game.play(p, m),
    )
}

/// Perft split by first move: `(move, count)` for each legal move of `pos`.
pub fn divide<G: SeatGame>(game: &G, pos: &G::Position, depth: u32) -> Vec<(G::Move, u64)> {
    crate::perft::split::<G::Position, G::Move, G::Moves>(
        pos,
        depth,
        &|p, out| game.gen_moves(p, out),
        &|p, m| game.play(p, m),
    )
}

/// A value in shares (units of `1/n` seed) as seeds: `7`, `7 1/3`, `2/3`.
pub fn shares_text(shares: u32, seats: usize) -> String {
    let n = seats as u32;
    let (whole, rest) = (shares / n, shares % n);
    let g = gcd(rest, n);
    match (whole, rest) {
        (w, 0) => w.to_string(),
        (0, r) => format!("{}/{}", r / g, n / g),
        (w, r) => format!("{w} {}/{}", r / g, n / g),
    }
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 {
        a.max(1)
    } else {
        gcd(b, a % b)
    }
}

/// Runs `f` on a thread with a stack of `mb` MiB: the exact searches recurse once a ply,
/// and a slice of a game graph can hold lines thousands of plies long.
pub fn with_stack<T: Send>(mb: usize, f: impl FnOnce() -> T + Send) -> T {
    std::thread::scope(|s| {
        std::thread::Builder::new()
            .stack_size(mb << 20)
            .spawn_scoped(s, f)
            .expect("a search thread starts")
            .join()
            .unwrap_or_else(|e| std::panic::resume_unwind(e))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_read_as_seeds() {
        assert_eq!(shares_text(21, 3), "7");
        assert_eq!(shares_text(22, 3), "7 1/3");
        assert_eq!(shares_text(2, 3), "2/3");
        assert_eq!(shares_text(6, 4), "1 1/2");
        assert_eq!(shares_text(0, 4), "0");
    }
}
