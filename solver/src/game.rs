//! The rules interface that perft, search and retrograde analysis are generic over.
//!
//! A variant implements [`Game`] with four required hooks — [`Game::start`],
//! [`Game::gen_moves`], [`Game::play`] and [`Game::outcome`] — plus the side to move. Text
//! (position text, move names, a drawing) lives in the separate [`Notation`] trait so that hot
//! code never depends on it. Margin games (scored by seeds) add [`MarginGame`], which gives the
//! search what it needs: the score so far, the final score of a finished game, and a key that
//! identifies the part of the position the future depends on.
//!
//! The trait is shaped for boards other than two rows: positions and moves are associated
//! types (a four-row capture that takes extra holes is one move value), and a move list is any
//! container that derefs to a slice of moves.

use crate::side::Side;
use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{Deref, DerefMut};

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The winner, or `None` for a draw.
    pub winner: Option<Side>,
    /// Final seeds of South and North (index by [`Side::index`]).
    pub score: [u32; 2],
}

impl Outcome {
    /// The outcome decided by comparing final scores.
    pub fn from_score(score: [u32; 2]) -> Outcome {
        let winner = match score[0].cmp(&score[1]) {
            std::cmp::Ordering::Greater => Some(Side::South),
            std::cmp::Ordering::Less => Some(Side::North),
            std::cmp::Ordering::Equal => None,
        };
        Outcome { winner, score }
    }
}

/// A growable list of moves that a variant fills in [`Game::gen_moves`].
pub trait MoveList<M>: Default + Deref<Target = [M]> + DerefMut {
    /// Appends a move.
    fn push_move(&mut self, m: M);
    /// Removes every move.
    fn clear_moves(&mut self);
}

impl<M> MoveList<M> for Vec<M> {
    fn push_move(&mut self, m: M) {
        self.push(m)
    }
    fn clear_moves(&mut self) {
        self.clear()
    }
}

impl<M, const N: usize> MoveList<M> for arrayvec::ArrayVec<M, N> {
    #[inline]
    fn push_move(&mut self, m: M) {
        self.push(m)
    }
    #[inline]
    fn clear_moves(&mut self) {
        self.clear()
    }
}

/// The rules of a two-player game with perfect information.
///
/// Contract: [`Game::gen_moves`] yields no move exactly when [`Game::outcome`] is `Some`.
pub trait Game: Clone + Send + Sync {
    /// A position: everything that decides the legal moves and the rest of the game.
    type Position: Clone + Eq + Hash + Debug + Send + Sync;
    /// A move, including every choice made within it.
    type Move: Copy + Eq + Hash + Debug + Send + Sync;
    /// The container [`Game::gen_moves`] fills.
    type Moves: MoveList<Self::Move>;

    /// The start position of a fresh game.
    fn start(&self) -> Self::Position;
    /// The side to move in `pos`.
    fn to_move(&self, pos: &Self::Position) -> Side;
    /// Clears `moves` and fills it with the legal moves of `pos`, in a fixed order.
    fn gen_moves(&self, pos: &Self::Position, moves: &mut Self::Moves);
    /// Plays a legal move. Playing a move that [`Game::gen_moves`] did not list may give a
    /// meaningless position or panic, but never undefined behaviour.
    fn play(&self, pos: &Self::Position, mv: Self::Move) -> Self::Position;
    /// `Some` when the game is over.
    fn outcome(&self, pos: &Self::Position) -> Option<Outcome>;

    /// How many moves `pos` has, for the games where one position can have too many to list
    /// (an Isolo arrangement), so that a solver bounded in memory refuses before it lists
    /// them; `None` (the default): the moves are few enough to list whatever the budget.
    fn move_count(&self, _pos: &Self::Position) -> Option<u128> {
        None
    }

    /// What a proof search ([`crate::proof`]) knows `pos` by in its table and its rule of
    /// repetition: positions with equal keys must have the same future (the same moves to
    /// positions of equal keys, the same ends). The default: the whole position.
    fn proof_key(&self, pos: &Self::Position) -> Self::Position {
        pos.clone()
    }

    /// The number of legal moves of `pos`: what [`Game::gen_moves`] would list. Games with a
    /// cheaper count than listing the moves override it (the search calls it for every child,
    /// to try first the moves that leave the opponent the fewest replies).
    fn mobility(&self, pos: &Self::Position) -> u32 {
        self.legal_moves(pos).len() as u32
    }

    /// How many legal moves of `pos` give the mover another turn. Games with a cheaper count
    /// than playing every move override it (the search weighs the replies a move leaves the
    /// opponent, and a reply that moves again counts twice).
    fn extra_turns(&self, pos: &Self::Position) -> u32 {
        let side = self.to_move(pos);
        self.legal_moves(pos)
            .iter()
            .filter(|&&m| self.to_move(&self.play(pos, m)) == side)
            .count() as u32
    }

    /// A cheap guess of each side's strength in `pos`, the side to move's first, for the
    /// initial proof and disproof numbers of a proof search ([`crate::proof`]): a new
    /// position is thought the harder to win the stronger the defender, the harder to
    /// refute the stronger the attacker. Only the search's order depends on them, never what
    /// it proves. 0 for the side to move says it may have no move: the search then asks
    /// [`Game::outcome`]. The default, `[1, 1]`, knows nothing.
    fn strengths(&self, _pos: &Self::Position) -> [u32; 2] {
        [1, 1]
    }

    /// The legal moves as a fresh list.
    fn legal_moves(&self, pos: &Self::Position) -> Self::Moves {
        let mut m = Self::Moves::default();
        self.gen_moves(pos, &mut m);
        m
    }

    /// True when `mv` is legal in `pos`.
    fn is_legal(&self, pos: &Self::Position, mv: Self::Move) -> bool {
        self.legal_moves(pos).contains(&mv)
    }

    /// Plays `mv` if it is legal.
    fn try_play(&self, pos: &Self::Position, mv: Self::Move) -> Option<Self::Position> {
        self.is_legal(pos, mv).then(|| self.play(pos, mv))
    }
}

/// A game scored by seeds, whose value is the final seed difference (`margin`).
pub trait MarginGame: Game {
    /// A key such that positions with equal keys have equal futures: the same legal moves and
    /// the same seeds still to be won by each side (it leaves out seeds already captured).
    type Key: Copy + Eq + Hash + Debug + Send + Sync;

    /// The key of `pos`.
    fn key(&self, pos: &Self::Position) -> Self::Key;
    /// How the keys of every position reachable from `root` can be packed into fewer bits
    /// for the search's table ([`crate::keys::Packing`]), if they can: for keys made of byte
    /// lanes that count seeds on the board. The default, `None`, keeps keys as they are.
    fn key_packing(&self, _root: &Self::Position) -> Option<crate::keys::Packing> {
        None
    }
    /// Seeds already won by the side to move minus those won by the opponent.
    fn margin(&self, pos: &Self::Position) -> i32;
    /// For a finished game: the final seed difference, side to move minus opponent.
    fn final_margin(&self, pos: &Self::Position) -> i32;
    /// An upper bound on how much the side to move can still gain or lose from `pos` on:
    /// the final margin always lies in `margin ± future_bound`.
    fn future_bound(&self, pos: &Self::Position) -> i32;
    /// A heuristic guess of the future value, used only at a search horizon (never for
    /// proven values). The default guesses 0.
    fn estimate(&self, _pos: &Self::Position) -> i32 {
        0
    }
    /// True when no position can repeat in a game (the game graph has no cycles). The search
    /// then skips repetition checks and searches without a depth horizon once it has a guess.
    /// The default, `false`, is always safe.
    fn acyclic(&self) -> bool {
        false
    }
}

/// Text forms of positions and moves per the project's notation (docs/NOTATION.md).
///
/// # Example
///
/// ```
/// use mancala_solver::fourrow::Kind;
/// use mancala_solver::{FourRow, Game, Notation};
///
/// let game = FourRow::standard(Kind::Chisolo);
/// let text = "0,3,3,3,3/3,3,3,3,3/3,3,3,3,3/3,3,3,3,4 N captured=0,0";
/// let pos = game.parse_position(text)?;
/// assert_eq!(game.format_position(&pos), text);
/// assert_eq!(game.to_move(&pos), mancala_solver::Side::North);
/// // Text that is no position is refused with what is wrong.
/// assert!(game.parse_position("3,3/3,3 S").is_err());
/// # Ok::<(), mancala_solver::PositionError>(())
/// ```
pub trait Notation: Game {
    /// The variant id, as on the command line.
    fn variant_id(&self) -> &'static str;
    /// Parses position text, listing every problem found.
    fn parse_position(&self, text: &str) -> Result<Self::Position, crate::error::PositionError>;
    /// Writes position text.
    fn format_position(&self, pos: &Self::Position) -> String;
    /// The name of a move from the mover's seat.
    fn move_name(&self, pos: &Self::Position, mv: Self::Move) -> String;
    /// Parses a move name and checks that the move is legal in `pos`.
    fn parse_move(
        &self,
        pos: &Self::Position,
        name: &str,
    ) -> Result<Self::Move, crate::error::MoveError>;
    /// A drawing of the board for a terminal, with pit labels as a player reads them.
    fn draw(&self, pos: &Self::Position) -> String;
    /// Seeds each side has taken off the board (or holds in its store), South first.
    fn captured(&self, pos: &Self::Position) -> [u32; 2];
    /// Why the moves of `pos` are too many for `moves` and `perft` to list, if they are (a
    /// free arrangement can be one move among billions). The default: never.
    fn too_many_to_list(&self, _pos: &Self::Position) -> Option<String> {
        None
    }
}
