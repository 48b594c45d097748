//! Engines, matches and the bench set of the games of three and four seats, generic over
//! [`mancala_solver::nseat::SeatGame`].

pub mod bench;
pub mod command;
pub mod engine;
pub mod matches;
