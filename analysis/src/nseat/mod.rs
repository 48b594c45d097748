//! Engines, matches and the bench set of the games of three and four seats, generic over
//! [`mancala_solver::nseat::SeatGame`].

pub(crate) mod bench;
pub(crate) mod engine;
pub(crate) mod matches;

pub use engine::SeatEngineSpec;
