//! Board core and rules of the mancala toolkit.
//!
//! - [`tworow`]: kalah, oware, warri, kale and kpo: the bitpacked board ([`tworow::board`],
//!   one `u128`, its layout drawn in the docs), the rules, the text and a seed-by-seed
//!   reference;
//! - [`fourrow`]: the four-row games of Zambia: their board, rules, text, relay-lap kernel,
//!   seed-by-seed reference and whole-graph win/draw/loss solver;
//! - [`game`]: the rules trait ([`Game`]) that perft, search and retrograde analysis are
//!   generic over, with [`MarginGame`] for seed-scored games and [`Notation`] for text;
//! - [`morris`]: mulabalaba, the Lozi three-in-a-row game on the morris board (bitboards);
//! - [`nseat`]: the interface of games of two to four seats ([`nseat::SeatGame`]), with the
//!   multi-player analysis (paranoid values, max^n) generic over it;
//! - [`kpo_players`]: kpo for three and four players;
//! - [`text`]: the helpers every family's position text shares (docs/NOTATION.md);
//! - [`options`]: the `--rule name=value` options of every family, one type and one parser;
//! - [`variant`]: the catalogue of variants and building rules from options; [`any`]: a game
//!   of any family behind one type, for the commands every family shares;
//! - [`perft`]: move-path counting; [`line`](mod@line): lines of perfect play from exact values;
//! - [`search`]: alpha-beta solving with a transposition table ([`tt`]);
//! - [`stop`]: a deadline the rules' long loops heed, for callers bound in time;
//! - [`rng`]: the small seeded generator that tests, playouts and random openings share.
//!
//! Engines, matches, statistics and reports are the `mancala-analysis` crate's, above this one
//! and the tablebases.
#![deny(missing_docs)]

pub mod any;
pub mod error;
pub mod fourrow;
pub mod game;
pub mod isolo;
pub mod keys;
pub mod kpo_players;
pub mod line;
pub mod morris;
pub mod nseat;
pub mod options;
pub mod perft;
pub mod proof;
#[cfg(any(test, feature = "reference"))]
pub mod refsolve;
pub mod rng;
pub mod search;
pub mod side;
pub mod stop;
pub mod text;
pub mod tt;
pub mod tworow;
pub mod variant;
pub mod wdl;

pub use error::{ConfigError, MoveError, PositionError, RetroError};
pub use fourrow::{FourMove, FourRow, FourRowPos};
pub use game::{Game, MarginGame, MoveList, Notation, Outcome};
pub use side::Side;
pub use tworow::board::Pits;
pub use tworow::{Kind, RuleOptions, Successor, Successors, TwoRow, TwoRowPos};
