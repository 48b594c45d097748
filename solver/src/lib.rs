//! Board core and rules of the mancala toolkit.
//!
//! - [`pits`]: the bitpacked two-row board (one `u128`, its layout drawn in the docs);
//! - [`game`]: the rules trait ([`Game`]) that perft, search and retrograde analysis are
//!   generic over, with [`MarginGame`] for seed-scored games and [`Notation`] for text;
//! - [`tworow`]: kalah, oware, warri, kale and kpo;
//! - [`nseat`]: the interface of games of two to four seats ([`nseat::SeatGame`]), with the
//!   multi-player analysis (paranoid values, max^n), engines and matches generic over it;
//! - [`kpo_players`]: kpo for three and four players;
//! - [`text`]: position text per docs/NOTATION.md;
//! - [`variant`]: the catalogue of variants and building rules from options;
//! - [`perft`]: move-path counting; [`line`](mod@line): lines of perfect play from exact values;
//! - [`engine`]: game-playing engines, [`matches`](mod@matches) between them and their [`stats`];
//! - [`report`]: Markdown, CSV and SVG writers and the advantage and strength reports.
#![deny(missing_docs)]

pub mod engine;
pub mod error;
pub mod fourrow;
pub mod game;
pub mod keys;
pub mod kpo_players;
pub mod line;
pub mod matches;
pub mod nseat;
pub mod perft;
pub mod pits;
pub mod reference;
pub mod refsolve;
pub mod report;
pub mod search;
pub mod side;
pub mod signature;
pub mod stats;
pub mod text;
pub mod tt;
pub mod tworow;
pub mod variant;

pub use error::{ConfigError, MoveError, PositionError};
pub use fourrow::{FourMove, FourRow, FourRowPos};
pub use game::{Game, MarginGame, MoveList, Notation, Outcome};
pub use pits::Pits;
pub use side::Side;
pub use tworow::{Kind, RuleOptions, Successor, Successors, TwoRow, TwoRowPos};
