//! The text output of every command (what `mancala` prints without `--json`): the
//! [`std::fmt::Display`] of the shapes of [`crate::json`], one file a command group, so that
//! the command line only chooses between a shape's JSON line and its text. A shape's text may
//! use fields the JSON leaves out (`#[serde(skip)]`), never the other way round.

pub(crate) mod bench;
pub(crate) mod matches;
pub mod players;
pub(crate) mod position;
pub mod progress;
pub(crate) mod rate;
pub(crate) mod solve;
pub(crate) mod tables;
