//! Engines, matches, statistics and reports of the mancala toolkit: everything that plays
//! games or writes about them, above the rules and search (`mancala-solver`) and the
//! endgame tables and solve planner (`mancala-tablebases`).
//!
//! An engine from its spec plays a game against another: the perfect engine, South, gets at
//! least the game's value against any opponent.
//!
//! ```
//! use mancala_analysis::engine::{EngineSpec, Rng};
//! use mancala_solver::tworow::Options;
//! use mancala_solver::{search, Game, Kind, MarginGame, Side, TwoRow};
//!
//! // Kalah on three pits a side, three seeds a pit.
//! let game = TwoRow::new(Kind::Kalah, 3, 3, Options::default())?;
//! let value = search::solve(&game, &game.start()).value;
//! assert_eq!(value, 2);
//!
//! let mut south = "perfect:tt=1".parse::<EngineSpec>()?.build::<TwoRow>(None);
//! let mut north = "random".parse::<EngineSpec>()?.build::<TwoRow>(None);
//! let mut rng = Rng::new(7);
//! let mut pos = game.start();
//! while game.outcome(&pos).is_none() {
//!     let engine = if game.to_move(&pos) == Side::South { &mut south } else { &mut north };
//!     let m = engine.choose(&game, &pos, &mut rng);
//!     pos = game.play(&pos, m);
//! }
//! // Kalah has no cycles: the game ends, and South is at least two seeds ahead.
//! let south_margin = match game.to_move(&pos) {
//!     Side::South => game.final_margin(&pos),
//!     Side::North => -game.final_margin(&pos),
//! };
//! assert!(south_margin >= value);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! A proof of a win, written as a certificate and checked as `mancala proof check` does, by
//! the slow reference rules:
//!
//! ```
//! use mancala_solver::fourrow::Kind;
//! use mancala_solver::proof::{self, Bounds};
//! use mancala_solver::{FourRow, Game};
//!
//! let game = FourRow::new(Kind::Mulabalaba, 2, 1, Default::default())?;
//! let bounds = Bounds { memory: 16 << 20, deadline: None, threads: 1 };
//! let (winner, proof) = proof::value(&game, &game.start(), bounds, &mut |_, _| {}).proof.unwrap();
//! let options = ["--width", "2", "--seeds", "1"].map(String::from).to_vec();
//! let dir = tempfile::tempdir()?;
//! let file = dir.path().join("mulabalaba.proof");
//! std::fs::write(&file, proof.certificate(&game, winner, options).to_text())?;
//!
//! let checked = mancala_analysis::proof::check(&file, None).map_err(|e| e.0)?;
//! assert!(checked.valid && checked.standard_start);
//! assert_eq!((checked.winner, checked.value, checked.plies), ("S", 1, 3));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
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
//! - [`kpo_players`]: every command of kpo for three and four players, over [`nseat`]: the
//!   engines, matches and bench set of the games of three and four seats.
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
pub mod kpo_players;
pub mod r#match;
pub mod nseat;
pub mod output;
pub mod position;
pub mod proof;
pub mod rate;
pub mod report;
pub mod shape;
pub mod solve;
pub mod stats;
pub mod tablebase;
