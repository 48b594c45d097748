//! Engines, matches, statistics and reports of the mancala toolkit: everything that plays
//! games or writes about them, above the rules and search (`mancala-solver`) and the
//! endgame tables and solve planner (`mancala-tablebases`).
//!
//! - [`engine`]: the game-playing engines of the two-player games and their bench set;
//! - [`matches`](mod@matches): matches between two engines, with their [`stats`];
//! - [`seats`]: engines, matches and the bench set of the games of three and four seats;
//! - [`signature`]: the search's bench set, whose node count is `mancala bench`'s signature;
//! - [`json`](mod@json): the `--json` output of every command, one serializable type each;
//! - [`report`]: the Markdown, CSV and SVG reports (first-player advantage, engine strength,
//!   tablebase statistics, the seats of kpo for three and four).
#![deny(missing_docs)]

pub mod engine;
pub mod isolo;
pub mod json;
pub mod matches;
pub mod report;
pub mod seats;
pub mod signature;
pub mod stats;
