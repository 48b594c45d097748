//! The win/draw/loss tables with distance, one layer for every family that has them: the
//! four-row removal games ([`crate::fourrow`]) and the morris games ([`crate::morris`]).
//!
//! A family supplies its slicing and indexing and the retrograde of one unit by implementing
//! [`WdlGame`] on its rules; this layer does the rest once: the value byte (encoding
//! `wdl-dtm`) and its decoding, the check of a file against its name and header, opening
//! and listing a folder's slices ([`open_slice`], [`list`]), the probing tables ([`Tables`]), the
//! build loop over units with its reports ([`build()`]), and the verifier of the Bellman
//! equations ([`verify()`]).

mod build;
mod files;
mod tables;
mod verify;

pub use crate::driver::BuildReport;
pub use build::{build, build_on};
pub(crate) use files::stored;
pub use files::{check_header, list, open_slice};
pub use tables::Tables;
pub use verify::verify;

use crate::driver::{Comm, Part, PassBytes, RankMemory};
use crate::error::{Bound, Error};
use crate::files::GameId;
use crate::format::SliceFile;
use mancala_solver::wdl::Wdl;
use mancala_solver::Notation;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Where a position stands with respect to a family's tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// Not a position the tables hold (a setup or placement phase).
    Outside,
    /// Decided by the rules without a table (a morris side left with fewer than three
    /// counters has lost).
    Settled(Wdl),
    /// Held by the slice with this split (mover's and opponent's seeds or counters).
    In([u32; 2]),
}

/// The rules of a family with win/draw/loss tables: how its positions are sliced and
/// indexed, how its files are named and checked, and the retrograde of one unit. The
/// generic layer ([`Tables`], [`build()`], [`verify()`]) does everything else.
pub trait WdlGame: Notation + Clone + Send + Sync + Sized + 'static
where
    Self::Position: Send + Sync,
{
    /// One slice's index: a perfect ranking of its positions.
    type Slice: Copy + Send + Sync;

    /// The family in messages: `four-row`, `morris`.
    const FAMILY: &'static str;
    /// The header's index name of the family's files.
    const INDEX: &'static str;
    /// The file extension, without the dot.
    const EXTENSION: &'static str;
    /// What a slice's split counts, in messages: `stones`, `counters`.
    const UNITS: &'static str;
    /// What a position's split counts when a probe names it: `seeds`, `counters`.
    const PROBE_UNITS: &'static str;
    /// Why a probe outside [`Scope::In`] is refused.
    const OUT_OF_SCOPE: &'static str;

    /// The game's id in file names and headers.
    fn game_id(&self) -> GameId;
    /// The file name of slice `split` of the game `id`.
    fn file_name(id: &GameId, split: [u32; 2]) -> String;
    /// The game a header names, or the error that `path` is corrupt.
    fn game_of(id: &GameId, path: &Path) -> Result<Self, Error>;
    /// Refuses a game the tables cannot hold.
    fn check_game(&self) -> Result<(), Error> {
        Ok(())
    }
    /// Refuses a file's split the family's tables never hold.
    fn check_split(_path: &Path, _split: [u32; 2]) -> Result<(), Error> {
        Ok(())
    }
    /// Refuses a build bound the family cannot take.
    fn check_bound(max: u32) -> Result<(), Error>;
    /// The bound a build must reach to hold slice `split`.
    fn bound(split: [u32; 2]) -> Bound;

    /// The index of slice `split`.
    fn slice(&self, split: [u32; 2]) -> Self::Slice;
    /// Positions of a slice.
    fn slice_len(s: &Self::Slice) -> u64;
    /// The index of `pos` in its slice `s`.
    fn rank(&self, s: &Self::Slice, pos: &Self::Position) -> u64;
    /// The position at index `i` of slice `s`.
    fn unrank(&self, s: &Self::Slice, i: u64) -> Self::Position;
    /// The number of positions of slice `split`, `None` when it does not fit a `u64`.
    fn positions(&self, split: [u32; 2]) -> Option<u64> {
        Some(Self::slice_len(&self.slice(split)))
    }

    /// The split of `pos`: the mover's seeds or counters, then the opponent's.
    fn split_of(&self, pos: &Self::Position) -> [u32; 2];
    /// Where `pos` stands with respect to the tables.
    fn scope(&self, pos: &Self::Position) -> Scope;
    /// The slices with `total` seeds or counters on the board, by the mover's.
    fn splits_with(total: u32) -> Vec<[u32; 2]>;
    /// The units a build up to `max` makes, in building order: each the slices built
    /// together (a split and its mirror).
    fn units(max: u32) -> Vec<Vec<[u32; 2]>>;
    /// True when `other` has these rules (the seeds or counters at the start aside).
    fn same_rules(&self, other: &Self) -> bool;
    /// The value of a position without a legal move.
    fn blocked(&self) -> Wdl {
        Wdl::Loss(0)
    }
    /// False when the tables surely do not hold `pos` (a search skips probing it).
    fn may_hold(_pos: &Self::Position) -> bool {
        true
    }

    /// The value bytes of the slices of `unit` (this rank's share of their index range, the
    /// slices in `unit` order one after the other) and the rounds the retrograde took,
    /// reading exits from `built`, on `pool`, by the ranks of `comm`, stopped with
    /// [`Error::TimeLimit`] past `deadline`.
    fn solve_unit(
        &self,
        unit: &[[u32; 2]],
        built: &Built,
        pool: &rayon::ThreadPool,
        comm: &dyn Comm,
        deadline: Option<Instant>,
    ) -> Result<UnitValues, Error>;
}

/// The values of one unit on one rank: its share ([`Part`]) of the index range of the unit's
/// slices taken one after the other.
pub struct UnitValues {
    /// The partition (the whole range on one process).
    pub part: Part,
    /// This rank's values, by local index.
    pub values: Vec<u8>,
    /// Rounds of the retrograde.
    pub rounds: u32,
    /// Bytes of values, edges and counters this rank held for the unit.
    pub held: u64,
}

/// The value byte of `v`: `0` a draw, `d + 1` the end in `d` plies.
pub fn encode(v: Wdl) -> u8 {
    match v {
        Wdl::Draw => 0,
        Wdl::Win(d) | Wdl::Loss(d) => (d + 1).min(255) as u8,
    }
}

/// Decodes a value byte (`0` draw, `k` the end in `k - 1` plies, odd a win).
pub fn decode(b: u8) -> Wdl {
    match b {
        0 => Wdl::Draw,
        k if (k - 1) % 2 == 1 => Wdl::Win(k as u32 - 1),
        k => Wdl::Loss(k as u32 - 1),
    }
}

/// A value in words, for messages: `a win in 3 plies`, `a draw`, `a loss in 0 plies`.
pub fn words(v: Wdl) -> String {
    match v {
        Wdl::Win(d) => format!("a win in {d} plies"),
        Wdl::Draw => "a draw".to_string(),
        Wdl::Loss(d) => format!("a loss in {d} plies"),
    }
}

/// One slice's split, positions won, drawn and lost for the side to move, longest distance.
pub type SliceStats = ([u32; 2], [u64; 3], u32);

/// The value a position must have given its children's stored values (the Bellman
/// equation of distance to the end): no move, lost in 0; a child lost in `k`, won in `1 +`
/// the least such `k`; else a drawn child, drawn; else lost in `1 +` the largest child
/// distance.
pub fn bellman(children: &[Wdl]) -> Wdl {
    if children.is_empty() {
        return Wdl::Loss(0);
    }
    let win = children
        .iter()
        .filter_map(|v| match v {
            Wdl::Loss(k) => Some(*k),
            _ => None,
        })
        .min();
    if let Some(k) = win {
        return Wdl::Win(k + 1);
    }
    if children.contains(&Wdl::Draw) {
        return Wdl::Draw;
    }
    let far = children.iter().filter_map(|v| v.plies()).max().unwrap_or(0);
    Wdl::Loss(far + 1)
}

/// Statistics of one slice's bytes: won, drawn, lost and the longest distance.
pub fn tally(v: &[u8]) -> ([u64; 3], u32) {
    let mut c = [0u64; 3];
    let mut max = 0;
    for &b in v {
        if b == 0 {
            c[1] += 1;
        } else {
            let d = b as u32 - 1;
            max = max.max(d);
            c[if d % 2 == 1 { 0 } else { 2 }] += 1;
        }
    }
    (c, max)
}

/// The slices built so far, by split: their files, memory-mapped, so that a build holds in
/// memory only the unit it is building (the finished slices are paged in by the system as
/// they are read, and can be dropped by it).
pub type Built = HashMap<[u32; 2], SliceFile>;

/// One built (or kept) slice.
#[derive(Clone, Debug)]
pub struct UnitReport {
    /// Mover's and opponent's seeds (four-row) or counters (morris).
    pub split: [u32; 2],
    /// Positions.
    pub positions: u64,
    /// Found complete and kept.
    pub skipped: bool,
    /// Seconds spent on the unit this slice belongs to.
    pub seconds: f64,
    /// Rounds of the retrograde of its unit (0 when kept).
    pub rounds: u32,
    /// The file.
    pub path: PathBuf,
    /// Positions won, drawn and lost for the side to move.
    pub counts: [u64; 3],
    /// The longest distance in the slice.
    pub max_plies: u32,
    /// The bytes each rank sent and received while its unit was built, one entry for the
    /// unit (empty on one process, and on the second slice of a unit).
    pub exchange: Vec<PassBytes>,
    /// What each rank held and its peak memory (empty on one process, and on the second
    /// slice of a unit).
    pub memory: RankMemory,
}

/// A probe of the tables: the value of a position and of each move.
#[derive(Clone, Debug)]
pub struct ProbeResult {
    /// The position's value.
    pub value: Wdl,
    /// Each move's name and the value of the child for the *mover* (so a winning move is
    /// `Win`), `None` when the child's slice is absent.
    pub moves: Vec<(String, Option<Wdl>)>,
}

/// What the verifier of a family's tables checked ([`verify()`]).
#[derive(Clone, Debug)]
pub struct Checked {
    /// Files checked.
    pub files: usize,
    /// Positions checked.
    pub positions: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
}
