//! Engines, matches and the bench set of the games of three and four seats, generic over
//! [`mancala_solver::nseat::SeatGame`].

pub(crate) mod bench;
pub mod command;
pub(crate) mod engine;
pub mod json;
pub(crate) mod matches;
pub mod text;

pub use engine::SeatEngineSpec;
