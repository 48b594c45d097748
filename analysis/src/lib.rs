//! Engines, matches, statistics and reports of the mancala toolkit: everything that plays
//! games or writes about them, above the rules and search (`mancala-solver`) and the
//! endgame tables and solve planner (`mancala-tablebases`).
//!
//! One folder a command, named as the command is, each holding the command's work, its
//! `--json` shapes (`json.rs`) and their text (`text.rs`, the shapes' `Display`), so that the
//! command line only parses, chooses between a shape's JSON line and its text, and prints:
//!
//! - [`position`]: `variants`, `start`, `show`, `moves`, `play` and `perft` of any
//!   two-player family;
//! - [`solve`](mod@solve): `mancala solve` and `mancala analyze` of every family, from typed
//!   options to their shapes, with the progress lines the commands show;
//! - [`tablebase`]: `mancala tablebase` of every family with tables;
//! - [`match`](mod@match): `mancala match` between two engines, with the games it runs
//!   ([`games`](match::games)) that `rate` and the reports play too;
//! - [`rate`](mod@rate): `mancala rate`, an engine's strength against perfect play;
//! - [`bench`](mod@bench): `mancala bench`, the search's signature and the engines' speed;
//! - [`proof`]: `mancala proof check`;
//! - [`report`]: `mancala report`, the Markdown, CSV and SVG reports (first-player
//!   advantage, engine strength, tablebase statistics, the seats of kpo for three and four);
//! - [`seats`]: the commands of kpo for three and four players, with their engines, matches
//!   and bench set.
//!
//! Beneath the commands:
//!
//! - [`engine`]: the game-playing engines and the games they play ([`engine::Describe`]
//!   names a game's board);
//! - [`shape`]: what the commands' shapes share (the JSON line, [`shape::Start`]);
//! - [`stats`]: the statistics of matches; [`isolo`]: the arrangement questions of Isolo;
//! - [`args`]: the command line's option values checked and typed; [`error`]: its one-line
//!   errors; [`output`]: the files and folders a command writes.
#![deny(missing_docs)]
#![warn(unreachable_pub)]

pub mod args;
pub mod bench;
pub mod engine;
pub mod error;
pub mod isolo;
pub mod r#match;
pub mod output;
pub mod position;
pub mod proof;
pub mod rate;
pub mod report;
pub mod seats;
pub mod shape;
pub mod solve;
pub mod stats;
pub mod tablebase;
