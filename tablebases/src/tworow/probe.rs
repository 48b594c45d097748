//! Probing: the slices of one game, memory-mapped, answering the future value of a position.

use crate::error::{Error, Need};
use crate::files::{no_tables, table_files, GameId};
use crate::format::{SliceFile, MAX_STONES};
use crate::tworow::index;
use mancala_solver::search::Oracle;
use mancala_solver::tworow;
use mancala_solver::tworow::board::Pits;
use mancala_solver::{Game, Kind, MarginGame, Notation, TwoRow, TwoRowPos};
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The values of one slice: a memory-mapped file, or built in memory and never written.
enum Slab {
    File(SliceFile),
    Memory(Vec<u8>),
}

impl Slab {
    #[inline]
    fn data(&self) -> &[u8] {
        match self {
            Slab::File(f) => f.data(),
            Slab::Memory(v) => v,
        }
    }
}

/// The tables of one game (variant, rules, width): slices found in a folder, memory-mapped,
/// or built in memory ([`Tablebases::in_memory`]).
///
/// # Example
///
/// ```
/// use mancala_solver::{Game, Kind, TwoRow};
/// use mancala_tablebases::{build, Tablebases};
///
/// let game = TwoRow::standard(Kind::Kalah);
/// let dir = tempfile::tempdir()?;
/// // A folder without tables of the game is refused, by name.
/// let err = Tablebases::open(dir.path(), &game).unwrap_err();
/// assert!(err.to_string().contains(&*dir.path().to_string_lossy()));
/// // With the slices of up to 3 seeds, a position of 3 seeds has a value; the start has none.
/// build(&game, dir.path(), 3, 1, &|_| {})?;
/// let tables = Tablebases::open(dir.path(), &game)?;
/// assert_eq!(tables.complete_up_to(), Some(3));
/// assert_eq!(tables.probe(&game.start()), None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Tablebases {
    id: GameId,
    kind: Kind,
    width: usize,
    options: tworow::Options,
    /// The folder the files were opened from; `None` for tables held in memory alone.
    dir: Option<PathBuf>,
    /// `slices[n]`: the `n`-stone slice, when present.
    slices: Vec<Option<Slab>>,
}

impl Tablebases {
    /// Opens every slice file of `game` in `dir` (names as [`GameId::file_name`]), checking
    /// each header and data checksum (the files in parallel, on rayon's pool). Slices that are
    /// absent are simply not probed; a file that is present but damaged, or holds another game
    /// or stone count, is an error (the one of the fewest stones, if several are). A folder
    /// without any slice of `game` is an error that lists the tables it holds instead
    /// ([`crate::files::no_tables`]).
    pub fn open(dir: &Path, game: &TwoRow) -> Result<Tablebases, Error> {
        if !dir.is_dir() {
            return Err(Error::NoFolder {
                dir: dir.to_path_buf(),
                make: false,
            });
        }
        let id = GameId::of(game);
        let mut paths = Vec::new();
        for n in 0..=MAX_STONES {
            let path = dir.join(id.file_name(n));
            let present = path
                .try_exists()
                .map_err(|e| Error::io(&path, "looking it up", e))?;
            paths.push(present.then_some(path));
        }
        // The files are checked in parallel (reading and hashing every value is most of the
        // time of opening); the error reported is that of the smallest slice that fails, so
        // the message does not depend on the thread count.
        let opened: Vec<Result<Option<SliceFile>, Error>> = paths
            .par_iter()
            .enumerate()
            // One file a task: the few largest slices hold most of the data.
            .with_max_len(1)
            .map(|(n, path)| {
                path.as_ref()
                    .map(|p| super::verify::open_slice(p, &id, n as u32, true))
                    .transpose()
            })
            .collect();
        let mut slices: Vec<Option<Slab>> = opened
            .into_iter()
            .map(|r| r.map(|f| f.map(Slab::File)))
            .collect::<Result<Vec<_>, Error>>()?;
        while matches!(slices.last(), Some(None)) {
            slices.pop();
        }
        if slices.is_empty() {
            return Err(crate::files::no_tables(dir, &id));
        }
        Ok(Tablebases {
            dir: Some(dir.to_path_buf()),
            slices,
            ..Tablebases::in_memory(game)
        })
    }

    /// Tables of `game` with no slice yet, held in memory: slices are added by
    /// [`Tablebases::insert_memory`] or [`Tablebases::insert_file`].
    pub fn in_memory(game: &TwoRow) -> Tablebases {
        Tablebases {
            id: GameId::of(game),
            kind: game.kind(),
            width: game.width(),
            options: game.options(),
            dir: None,
            slices: Vec::new(),
        }
    }

    /// Tables of `game` with no slice yet whose slices will be files of `dir`.
    pub fn empty_in(game: &TwoRow, dir: &Path) -> Tablebases {
        Tablebases {
            dir: Some(dir.to_path_buf()),
            ..Tablebases::in_memory(game)
        }
    }

    fn insert(&mut self, stones: u32, slab: Slab) {
        let n = stones as usize;
        if self.slices.len() <= n {
            self.slices.resize_with(n + 1, || None);
        }
        self.slices[n] = Some(slab);
    }

    /// Adds the slice of `stones` seeds, given its values (built in memory).
    pub fn insert_memory(&mut self, stones: u32, values: Vec<u8>) {
        self.insert(stones, Slab::Memory(values));
    }

    /// Adds the slice of `stones` seeds, an opened (and checked) file of it.
    pub fn insert_file(&mut self, stones: u32, file: SliceFile) {
        self.insert(stones, Slab::File(file));
    }

    /// The stones of the first slice missing: one more than [`Tablebases::complete_up_to`].
    pub fn next_stones(&self) -> u32 {
        self.complete_up_to().map_or(0, |k| k + 1)
    }

    /// The values of every slice `0..n` where all of them are present, `lower[m]` for the
    /// `m`-stone slice: what [`crate::SliceBuilder::new`] needs to build slice `n`.
    pub fn lower(&self, n: u32) -> Option<Vec<&[u8]>> {
        (0..n)
            .map(|m| self.slices.get(m as usize)?.as_ref().map(Slab::data))
            .collect()
    }

    /// The game these tables are for.
    pub fn game_id(&self) -> &GameId {
        &self.id
    }

    /// The folder they were opened from (`in memory` for tables built in memory), for messages.
    pub fn dir(&self) -> &Path {
        self.dir.as_deref().unwrap_or(Path::new("in memory"))
    }

    /// The folder they were opened from, `None` for tables built in memory.
    pub fn folder(&self) -> Option<&Path> {
        self.dir.as_deref()
    }

    /// Bytes of values held (one a position).
    pub fn bytes(&self) -> u64 {
        self.slices
            .iter()
            .flatten()
            .map(|s| s.data().len() as u64)
            .sum()
    }

    /// The stone counts present.
    pub fn stones(&self) -> Vec<u32> {
        (0..self.slices.len() as u32)
            .filter(|&n| self.slices[n as usize].is_some())
            .collect()
    }

    /// The slices absent below the largest present one, up to `stones`: holes in a folder
    /// (a slice deleted, or renamed to another game) that a search probing it goes on without.
    pub fn gaps(&self, stones: u32) -> Vec<u32> {
        let top = (self.slices.len() as u32).min(stones.saturating_add(1));
        (0..top)
            .filter(|&n| self.slices[n as usize].is_none())
            .collect()
    }

    /// The largest `n` such that every slice `0..=n` is present.
    pub fn complete_up_to(&self) -> Option<u32> {
        let k = self.slices.iter().take_while(|s| s.is_some()).count();
        (k > 0).then(|| k as u32 - 1)
    }

    /// The values of the slice of `stones` seeds, when present.
    pub fn slice(&self, stones: u32) -> Option<&[u8]> {
        self.slices.get(stones as usize)?.as_ref().map(Slab::data)
    }

    /// True when `game` has the rules and width of these tables (the seeds a pit at the start
    /// do not matter).
    pub fn is_for(&self, game: &TwoRow) -> bool {
        game.kind() == self.kind && game.width() == self.width && game.options() == self.options
    }

    /// The stored future value of a board given side to move normalised (mover's row in lanes
    /// `0..W`), when its slice is present.
    pub fn probe_pits(&self, pits: Pits) -> Option<i32> {
        let (f, i) = self.locate(pits)?;
        Some(f[i as usize] as i8 as i32)
    }

    /// The slice holding a normalised board and the board's index in it, when present.
    #[inline]
    fn locate(&self, pits: Pits) -> Option<(&[u8], u64)> {
        let lanes = 2 * self.width;
        let f = self.slice(pits.sum_first(lanes))?;
        Some((f, index::rank(pits, lanes)))
    }

    /// The future value of `pos` (seeds the side to move will still win minus the opponent's,
    /// under perfect play; infinite play worth 0), when its slice is present. The position
    /// must belong to these tables' game ([`Tablebases::is_for`]).
    pub fn probe(&self, pos: &TwoRowPos) -> Option<i32> {
        self.probe_pits(pos.pits())
    }
}

impl Oracle<TwoRow> for Tablebases {
    fn probe(&self, game: &TwoRow, pos: &TwoRowPos) -> Option<i32> {
        if !self.is_for(game) {
            return None;
        }
        self.probe_pits(pos.pits())
    }

    #[inline]
    fn prefetch(&self, game: &TwoRow, pos: &TwoRowPos) -> bool {
        if !self.is_for(game) {
            return false;
        }
        let Some((f, i)) = self.locate(pos.pits()) else {
            return false;
        };
        mancala_solver::tt::prefetch_line(f.as_ptr().wrapping_add(i as usize));
        true
    }
}

impl std::fmt::Debug for Tablebases {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tablebases")
            .field("game", &self.id)
            .field("dir", &self.dir)
            .field("stones", &self.stones())
            .finish()
    }
}

/// The tables' answer for one position and each of its moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Probe {
    /// Final seed difference under perfect play, side to move minus opponent, seeds already
    /// captured included (as `mancala solve` reports it).
    pub value: i32,
    /// The future part of `value`: what is still to be won.
    pub future: i32,
    /// Each legal move (name) with its value for the side to move, final difference as
    /// `value`; in move order.
    pub moves: Vec<(String, i32)>,
}

/// Probes `pos` and its moves in the tables of `game` in `dir`.
///
/// # Example
///
/// ```
/// use mancala_solver::tworow::Options;
/// use mancala_solver::{Game, Kind, TwoRow};
/// use mancala_tablebases::{build, probe};
///
/// // Kale on two pits a side, two seeds a pit: South ends seven seeds ahead by pit 2, not 1.
/// let game = TwoRow::new(Kind::Kale, 2, 2, Options::default())?;
/// let dir = tempfile::tempdir()?;
/// build(&game, dir.path(), 8, 1, &|_| {})?;
/// let p = probe(&game, dir.path(), &game.start())?;
/// assert_eq!(p.value, 7);
/// assert_eq!(p.moves.len(), 2);
/// assert_eq!(p.moves[1], ("2".to_string(), 7));
/// assert!(p.moves[0].1 < 7);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn probe(game: &TwoRow, dir: &Path, pos: &TwoRowPos) -> Result<Probe, Error> {
    let tb = Tablebases::open(dir, game)?;
    probe_with(&tb, game, pos)
}

/// Like [`probe`], with tables already open.
pub fn probe_with(tb: &Tablebases, game: &TwoRow, pos: &TwoRowPos) -> Result<Probe, Error> {
    let lanes = 2 * game.width();
    let missing = |p: &TwoRowPos| Error::MissingSlice {
        path: tb.dir().to_path_buf(),
        reason: format!(
            "no table for {} stones of {} in {}",
            p.pits().sum_first(lanes),
            tb.game_id(),
            tb.dir().display()
        ),
        need: None,
    };
    let future = tb.probe(pos).ok_or_else(|| missing(pos))?;
    let margin = game.margin(pos);
    let side = game.to_move(pos);
    let mut moves = Vec::new();
    for &m in game.legal_moves(pos).iter() {
        let c = game.play(pos, m);
        let fc = tb.probe(&c).ok_or_else(|| missing(&c))?;
        let v = if game.to_move(&c) == side {
            game.margin(&c) + fc
        } else {
            -(game.margin(&c) + fc)
        };
        moves.push((game.move_name(pos, m), v));
    }
    Ok(Probe {
        value: margin + future,
        future,
        moves,
    })
}

/// The distribution of values in one slice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stats {
    /// Seeds on the board.
    pub stones: u32,
    /// Positions in the slice (every distribution with South to move, reachable or not).
    pub positions: u64,
    /// Positions by future value (mover's point of view); values with no position left out.
    pub histogram: BTreeMap<i32, u64>,
}

/// The value histogram of the `stones`-seed slice of `game` in `dir` (checksum checked).
pub fn stats(game: &TwoRow, dir: &Path, stones: u32) -> Result<Stats, Error> {
    let id = GameId::of(game);
    let path = dir.join(id.file_name(stones));
    if !path
        .try_exists()
        .map_err(|e| Error::io(&path, "looking it up", e))?
    {
        let first = id.file_name(0);
        let prefix = first.strip_suffix("0.mtb").unwrap_or(&first);
        let any = dir.is_dir()
            && table_files(dir)?.iter().any(|p| {
                p.file_name()
                    .and_then(|s| s.to_str())
                    .and_then(|s| s.strip_prefix(prefix))
                    .is_some_and(|rest| rest.trim_end_matches(".mtb").parse::<u32>().is_ok())
            });
        if dir.is_dir() && !any {
            return Err(no_tables(dir, &id));
        }
        return Err(Error::MissingSlice {
            reason: format!("{}: no such table", path.display()),
            path,
            need: Some(Need::Tables),
        });
    }
    let f = super::verify::open_slice(&path, &id, stones, true)?;
    let mut counts = [0u64; 256];
    for &b in f.data() {
        counts[b as usize] += 1;
    }
    let histogram = (0..256)
        .filter(|&b| counts[b] > 0)
        .map(|b| (b as u8 as i8 as i32, counts[b]))
        .collect();
    Ok(Stats {
        stones,
        positions: f.header().positions,
        histogram,
    })
}
