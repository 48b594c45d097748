//! [`Describe`]: the board and rules of a game as its state's JSON names them.

use crate::shape::Board;
use mancala_solver::{FourRow, TwoRow};

/// The board and rules of a game, for the state of `show` and `play`.
pub trait Describe {
    /// Width, seeds where they matter, and the rule options.
    fn board(&self) -> Board;
}

impl Describe for TwoRow {
    fn board(&self) -> Board {
        Board::pits(self.width(), None, self.options().describe(self.kind()))
    }
}

impl Describe for FourRow {
    fn board(&self) -> Board {
        let rules = self.options().describe(self.kind());
        Board::pits(self.width(), Some(self.seeds()), rules)
    }
}

impl Describe for mancala_solver::isolo::Isolo {
    fn board(&self) -> Board {
        let rules = self.options().describe(self.kind());
        Board::pits(self.width(), Some(self.seeds()), rules)
    }
}

impl Describe for mancala_solver::morris::Morris {
    fn board(&self) -> Board {
        Board {
            width: None,
            counters: Some(self.counters()),
            seeds: None,
            rules: self.options().describe(),
        }
    }
}

impl Describe for mancala_solver::any::AnyRules {
    fn board(&self) -> Board {
        use mancala_solver::any::AnyRules;
        match self {
            AnyRules::Two(g) => g.board(),
            AnyRules::Four(g) => g.board(),
            AnyRules::Morris(g) => g.board(),
            AnyRules::Isolo(g) => g.board(),
        }
    }
}
