//! Engines, matches, statistics and reports of the mancala toolkit: everything that plays
//! games or writes about them, above the rules and search (`mancala-solver`) and the
//! endgame tables and solve planner (`mancala-tablebases`).
//!
//! - [`engine`]: the game-playing engines of the two-player games and their bench set;
//! - [`matches`](mod@matches): matches between two engines, with their [`stats`];
//!   [`play`] runs `mancala match` for a game of any family;
//! - [`nseat`]: engines, matches and the bench set of the games of three and four seats;
//! - [`kpo_players`]: the commands of kpo for three and four players;
//! - [`signature`]: the search's bench set, whose node count is `mancala bench`'s signature;
//! - [`solve`](mod@solve): `mancala solve` and `mancala analyze` of every family, from typed
//!   options to their shapes;
//! - [`tables`](mod@tables): `mancala tablebase` of every family with tables, from typed
//!   options to their shapes;
//! - [`position`]: `start`, `show`, `moves`, `play` and `perft` of any two-player family;
//! - [`args`]: the command line's option values checked and typed; [`error`]: its
//!   one-line errors;
//! - [`json`](mod@json): the `--json` output of every command, one serializable type each;
//! - [`text`]: the text output of every command, the `Display` of those types;
//! - [`report`]: the Markdown, CSV and SVG reports (first-player advantage, engine strength,
//!   tablebase statistics, the seats of kpo for three and four).
#![deny(missing_docs)]
#![warn(unreachable_pub)]

pub mod args;
pub mod engine;
pub mod error;
pub mod isolo;
pub mod json;
pub mod kpo_players;
pub mod matches;
pub mod nseat;
pub mod output;
pub mod play;
pub mod position;
pub mod proof;
pub mod rate;
pub mod report;
pub mod signature;
pub mod solve;
pub mod stats;
pub mod tables;
pub mod text;
