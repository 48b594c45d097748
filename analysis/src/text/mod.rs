//! The text output of every command (what `mancala` prints without `--json`): the
//! [`std::fmt::Display`] of the shapes of [`crate::json`], one file a command group, so that
//! the command line only chooses between a shape's JSON line and its text. A shape's text may
//! use fields the JSON leaves out (`#[serde(skip)]`), never the other way round.

pub mod bench;
pub mod matches;
pub mod players;
pub mod position;
pub mod progress;
pub mod rate;
pub mod solve;
pub mod tables;
