//! The commands, one file a group: each parses its options, calls the library crates and
//! prints (docs/NOTATION.md's text and JSON).

pub mod bench;
pub mod matches;
pub mod options;
pub mod players;
pub mod position;
pub mod report;
pub mod solve;
pub mod tables;
