//! Endgame tablebases of the mancala toolkit: exact values of every position up to a bound,
//! built by parallel retrograde analysis (on one machine, or on the ranks of an MPI job),
//! stored one byte a position in checksummed files, probed through memory maps, and checked
//! by an independent verifier.
//!
//! Build the tables of a small game into a folder, open them and probe a position, or hand
//! them to the search as its oracle:
//!
//! ```
//! use mancala_solver::search::{Limits, Solver};
//! use mancala_solver::tworow::Options;
//! use mancala_solver::{Game, Kind, TwoRow};
//! use mancala_tablebases::{build, Tablebases};
//!
//! // Oware on two pits a side, two seeds a pit: every position of up to 8 seeds.
//! let game = TwoRow::new(Kind::Oware, 2, 2, Options::default())?;
//! let dir = tempfile::tempdir()?;
//! build(&game, dir.path(), 8, 1, &|_| {})?;
//!
//! let tables = Tablebases::open(dir.path(), &game)?;
//! assert_eq!(tables.stones(), (0..=8).collect::<Vec<u32>>());
//! // Nothing is captured at the start: its future is the whole value, South two seeds ahead.
//! assert_eq!(tables.probe(&game.start()), Some(2));
//! let limits = Limits { tt_mb: 1, ..Limits::default() };
//! let report = Solver::new(&game, limits).with_oracle(&tables).solve(&game.start());
//! assert_eq!(report.value, 2);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! - [`tworow`]: the two-row games (kalah, oware, warri, kale, kpo): the future seed margin
//!   of every position with up to `N` seeds on the board, sliced by seeds (the algorithm and
//!   why it is exact: [`tworow`]'s docs), their index ([`tworow::index`], the stars-and-bars
//!   ranking) and their solve planner ([`tworow::plan`]);
//! - [`wdl`]: the win/draw/loss tables with distance, one generic layer (open, probe, build,
//!   verify) for the families below, each supplying its slices, index and retrograde
//!   ([`wdl::WdlGame`]);
//! - [`fourrow`]: the four-row removal games of Zambia, sliced by the seeds of each player;
//! - [`morris`]: the main game of the morris games, sliced by the counters of each player and
//!   reduced by the board's symmetries;
//! - shared by every family, naming none: [`format`](mod@format) (the file header and data,
//!   `FORMAT.md` beside this crate), `files` (names, listing), [`driver`] (the worker pool,
//!   units of files, and the distributed build's ranks: [`driver::Comm`], the partition of a
//!   slice between ranks: [`driver::Part`]), `folder` (`info` and `verify` over a whole
//!   folder), `error`; `mpi` (feature `mpi`): [`driver::Comm`] over MPI.
//!
//! # Files
//!
//! Two-row tables: one file per (variant, rules, width, stones): `<variant>-<rules>-w<W>-n<N>.mtb`,
//! a checksummed header and one signed byte per position, page-aligned for memory mapping
//! ([`format`](mod@format), and `FORMAT.md` beside this crate). A build writes each slice under a
//! temporary name and renames it when complete, and keeps the finished slices it finds once
//! they pass the checks every reader makes (header, name, game, data checksum; a name that
//! holds no regular file is refused, [`format::open_regular`]).
#![deny(missing_docs)]
#![warn(unreachable_pub)]

pub mod driver;
mod error;
mod files;
mod folder;
pub mod format;
pub mod fourrow;
pub mod isolo;
pub mod morris;
#[cfg(feature = "mpi")]
pub mod mpi;
pub mod plan;
pub mod tworow;
pub mod wdl;

pub use driver::BuildReport;
pub use error::{Bound, Error, Need};
pub use files::GameId;
pub use folder::{ensure_sound, info, verify, FileInfo, VerifyReport};
pub use format::Header;
pub use plan::{Budget, Method, Plan, Prefer};
pub use tworow::{build, build_on, probe, Probe, Progress, SliceReport, Tablebases};
