//! Rules, perft and exact search of the mancala toolkit.
//!
//! A game is a value implementing [`Game`] (its moves) and [`Notation`] (position text and
//! move names, docs/NOTATION.md); perft, the search and the proofs are generic over it:
//!
//! ```
//! use mancala_solver::perft::perft;
//! use mancala_solver::tworow::Options;
//! use mancala_solver::{search, Game, Kind, Notation, TwoRow};
//!
//! // Oware on its standard board: six pits a side, four seeds a pit.
//! let oware = TwoRow::standard(Kind::Oware);
//! let start = oware.start();
//! assert_eq!(oware.format_position(&start), "4,4,4,4,4,4/4,4,4,4,4,4 S captured=0,0");
//! // South's moves, named by pit from the mover's left.
//! let names: Vec<String> =
//!     oware.legal_moves(&start).iter().map(|&m| oware.move_name(&start, m)).collect();
//! assert_eq!(names, ["1", "2", "3", "4", "5", "6"]);
//! // Move paths three plies deep, as OpenSpiel publishes them.
//! assert_eq!(perft(&oware, &start, 3), 190);
//!
//! // Oware on two pits a side with two seeds a pit, solved: South wins by two seeds,
//! // starting from pit 1.
//! let small = TwoRow::new(Kind::Oware, 2, 2, Options::default())?;
//! let report = search::solve(&small, &small.start());
//! assert!(report.exact);
//! assert_eq!(report.value, 2);
//! assert_eq!(small.move_name(&small.start(), report.best.unwrap()), "1");
//! # Ok::<(), mancala_solver::ConfigError>(())
//! ```
//!
//! The modules, one a line:
//!
//! - [`tworow`]: kalah, oware, warri, kale and kpo: the bitpacked board ([`tworow::board`],
//!   one `u128`, its layout drawn in the docs), the rules and the text;
//! - [`fourrow`]: the four-row games of Zambia: board, rules, text, relay-lap kernel and
//!   whole-graph win/draw/loss solver;
//! - [`isolo`]: the Bemba games Isolo I and II, their setup phase and exact values;
//! - [`morris`]: mulabalaba-morris and nine men's morris on the morris board (bitboards, the
//!   board's symmetries);
//! - [`kpo_players`]: kpo for three and four players;
//! - [`nseat`]: the interface of games of two to four seats ([`nseat::SeatGame`]), with the
//!   multi-player analysis (paranoid values, max^n) generic over it;
//! - [`game`]: the rules trait ([`Game`]) that perft, search and retrograde analysis are
//!   generic over, with [`MarginGame`] for seed-scored games and [`Notation`] for text;
//! - [`side`]: the two seats, [`Side`];
//! - [`any`]: a game of any family behind one type, for the commands every family shares;
//! - [`variant`]: the catalogue of variants and building rules from options;
//! - [`rule_options`]: the `--rule name=value` options of every family, one type and one parser;
//! - [`text`]: the helpers every family's position text shares (docs/NOTATION.md), and the
//!   clip of input quoted in messages;
//! - [`error`]: the typed errors (position text, move names, options, a whole-graph
//!   analysis that gave no values);
//! - [`perft`]: move-path counting;
//! - [`search`]: alpha-beta solving of seed-scored games;
//! - [`budget`]: what a solve may spend ([`Budget`]), in every family;
//! - [`tt`]: the lock-free transposition table (and, with the feature `bench-dashmap`, the
//!   `DashMap` table it is measured against);
//! - [`keys`]: short codes for position keys, for the transposition table;
//! - [`wdl`]: win/draw/loss values and plies to the end by whole-graph retrograde analysis;
//! - [`proof`]: proof-number search of win/draw/loss games and its certificates;
//! - [`line`](mod@line): lines of perfect play from exact values;
//! - [`stop`]: a deadline the rules' long loops heed, for callers bound in time;
//! - [`rng`]: the small seeded generator that tests, playouts and random openings share;
//! - `refsolve` (feature `reference`, for tests and benchmarks only): the plain, slow
//!   whole-graph solver the search is tested against; each family's `reference` module, under
//!   the same feature, is its slow seed-by-seed rules. The four-row, morris and Isolo ones are
//!   also the referees that replay a proof's certificate, under the runtime feature `referee`.
//!
//! Engines, matches, statistics and reports are the `mancala-analysis` crate's, above this one
//! and the tablebases.
#![deny(missing_docs)]
#![warn(unreachable_pub)]

pub mod any;
pub mod budget;
pub mod error;
pub mod fourrow;
pub mod game;
pub mod isolo;
mod keys;
pub mod kpo_players;
pub mod line;
pub mod morris;
pub mod nseat;
pub mod perft;
pub mod proof;
#[cfg(any(test, feature = "reference"))]
pub mod refsolve;
pub mod rng;
pub mod rule_options;
pub mod search;
pub mod side;
pub mod stop;
pub mod text;
pub mod tt;
pub mod tworow;
pub mod variant;
pub mod wdl;

pub use budget::Budget;
pub use error::{ConfigError, MoveError, PositionError, RetroError};
pub use fourrow::{FourMove, FourRow, FourRowPos};
pub use game::{Game, MarginGame, MoveList, Notation, Outcome};
pub use side::Side;
pub use tworow::board::Pits;
pub use tworow::{Kind, Successor, Successors, TwoRow, TwoRowPos};
