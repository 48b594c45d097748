//! Typed errors: bad input (position text, move names, variant options) and a whole-graph
//! analysis that gave no values.

use std::fmt;

/// Position text that could not be read, with every problem found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionError {
    /// One entry per problem, each saying what and where.
    pub problems: Vec<String>,
}

impl PositionError {
    /// An error with one problem.
    pub fn one(p: impl Into<String>) -> PositionError {
        PositionError {
            problems: vec![p.into()],
        }
    }
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid position: {}", self.problems.join("; "))
    }
}

impl std::error::Error for PositionError {}

/// A move name that is malformed or names an illegal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The text is not a move name of this variant.
    Malformed {
        /// The text given.
        text: String,
        /// What a move name looks like here.
        expected: String,
    },
    /// A well-formed move that is not legal in the position.
    Illegal {
        /// The move name given.
        text: String,
        /// Why it is not legal.
        reason: String,
    },
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Malformed { text, expected } => {
                write!(f, "invalid move '{text}': expected {expected}")
            }
            MoveError::Illegal { text, reason } => write!(f, "illegal move '{text}': {reason}"),
        }
    }
}

impl std::error::Error for MoveError {}

/// A variant name, size or rule option that is not accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfigError(pub String);

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ConfigError {}

/// Why a whole-graph retrograde analysis (`wdl`, `nseat::retro`) gave no values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RetroError {
    /// More positions than the limit.
    TooBig(usize),
    /// A position without a key (the caller's key function gave none).
    NoExactKey,
    /// The deadline passed.
    OutOfTime,
}

impl fmt::Display for RetroError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RetroError::TooBig(n) => write!(f, "the game graph has more than {n} positions"),
            RetroError::NoExactKey => write!(f, "a position does not fit a 128-bit exact key"),
            RetroError::OutOfTime => write!(f, "the time limit passed"),
        }
    }
}

impl std::error::Error for RetroError {}
