//! What the win/draw/loss tables with distance share, the four-row tables
//! ([`crate::fourrow`]) and the morris tables ([`crate::morris`]): the value byte (encoding
//! `wdl-dtm`) and its decoding, a slice's statistics, the Bellman equation their verifiers
//! check, the check of a file's name against its header, and the reports of a build, a probe
//! and a verification.

use crate::driver::PassBytes;
use crate::error::Error;
use crate::files::GameId;
use crate::format::{Header, SliceFile};
use mancala_solver::wdl::Wdl;
use rayon::prelude::*;
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

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

/// The split of a win/draw/loss table file (four-row or morris), checked against its name:
/// the header must be of `index` (the family's `family` tables, files `.extension`) and the
/// file named as `name` names its game and split.
pub fn named_split(
    path: &Path,
    h: &Header,
    (index, family, extension): (&str, &str, &str),
    name: impl Fn(&GameId, [u32; 2]) -> String,
) -> Result<[u32; 2], Error> {
    let Some(split) = h.split.filter(|_| h.index == index) else {
        return Err(Error::mismatch(
            path,
            format!(
                "not a {family} table ({}) but under a {family} (.{extension}) name",
                h.index
            ),
        ));
    };
    let id = h.game_id();
    let want = name(&id, split);
    if path.file_name().and_then(|s| s.to_str()) != Some(want.as_str()) {
        return Err(Error::mismatch(
            path,
            format!(
                "holds slice m={} o={} of {id}, whose file is named {want}",
                split[0], split[1]
            ),
        ));
    }
    Ok(split)
}

/// The error of a slice absent from the tables of `dir`.
pub fn missing_slice(dir: &Path, split: [u32; 2]) -> Error {
    Error::MissingSlice {
        path: dir.to_path_buf(),
        reason: format!(
            "{}: no table for slice m={} o={}",
            dir.display(),
            split[0],
            split[1]
        ),
        need: None,
    }
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
    /// The bytes each exchange between ranks moved while its unit was built, one per round
    /// (empty on one process, and on the second slice of a unit).
    pub exchange: Vec<PassBytes>,
}

/// What a build did.
#[derive(Clone, Debug)]
pub struct BuildReport {
    /// The slices in build order.
    pub slices: Vec<UnitReport>,
    /// Wall-clock seconds.
    pub seconds: f64,
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

/// What a verifier of the tables checked ([`crate::fourrow::verify`],
/// [`crate::morris::verify`]).
#[derive(Clone, Debug)]
pub struct VerifyReport {
    /// Files checked.
    pub files: usize,
    /// Positions checked.
    pub positions: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
}

/// `e`, a slice missing while the file `p` was verified, said of that file.
pub fn missing_at(e: Error, p: &Path) -> Error {
    match e {
        Error::MissingSlice {
            reason: r, need, ..
        } => Error::MissingSlice {
            path: p.to_path_buf(),
            reason: format!("{}: {r}", p.display()),
            need,
        },
        e => e,
    }
}

/// The table files of a folder (`listed`, as a family lists them) grouped by game, each
/// game's slices in building order (fewest counters first). No file is an error: nothing
/// verified is not a pass (`family` names the files in the message).
#[allow(clippy::type_complexity)]
pub fn by_game(
    dir: &Path,
    listed: Vec<(PathBuf, Header)>,
    family: &str,
    extension: &str,
) -> Result<BTreeMap<GameId, Vec<(PathBuf, [u32; 2])>>, Error> {
    if listed.is_empty() {
        return Err(Error::NoTables {
            dir: dir.to_path_buf(),
            reason: format!("holds no {family} tablebase files (*.{extension}): nothing to verify"),
            need: None,
        });
    }
    let mut by_game: BTreeMap<GameId, Vec<(PathBuf, [u32; 2])>> = BTreeMap::new();
    for (p, h) in listed {
        let s = h.split.expect("listed files have a split");
        by_game.entry(h.game_id()).or_default().push((p, s));
    }
    for list in by_game.values_mut() {
        list.sort_by_key(|(_, s)| (s[0] + s[1], s[0]));
    }
    Ok(by_game)
}

/// Checks one slice file's values (`data`, `len` positions; position `i` is `unrank(i)`)
/// against the Bellman equation: `want` gives a position's value from its children's stored
/// values. The first position that differs is refused with the file's name, the position
/// (`show`) and both values.
pub fn check_slice<P>(
    path: &Path,
    data: &[u8],
    len: u64,
    unrank: &(dyn Fn(u64) -> P + Sync),
    want: &(dyn Fn(&P) -> Result<Wdl, Error> + Sync),
    show: &dyn Fn(&P) -> String,
) -> Result<(), Error> {
    let bad = (0..len)
        .into_par_iter()
        .map(|i| -> Result<Option<u64>, Error> {
            Ok((decode(data[i as usize]) != want(&unrank(i))?).then_some(i))
        })
        .collect::<Result<Vec<_>, Error>>()
        .map_err(|e| missing_at(e, path))?;
    let Some(i) = bad.into_iter().flatten().next() else {
        return Ok(());
    };
    let pos = unrank(i);
    Err(Error::Unsound {
        path: Some(path.to_path_buf()),
        reason: format!(
            "position {i} ({}) stores {}, its moves give {}",
            show(&pos),
            words(decode(data[i as usize])),
            want(&pos).map_or("a missing child".into(), words)
        ),
    })
}

/// Opens the slice file `path` that must hold slice `split` of the game `id`, checked whole as
/// `info` checks it: its header, the header against the file's name and the family's bounds
/// (`check`, giving the slice the header holds), the game, the slice, the values' checksum.
pub(crate) fn open_split(
    path: &Path,
    id: &GameId,
    split: [u32; 2],
    check: impl Fn(&Header) -> Result<[u32; 2], Error>,
) -> Result<SliceFile, Error> {
    let whole = |h: &Header| {
        let got = check(h)?;
        if h.game_id() != *id {
            return Err(Error::mismatch(
                path,
                format!("holds {}, expected {id}", h.game_id()),
            ));
        }
        if got != split {
            return Err(Error::mismatch(
                path,
                format!(
                    "holds the slice m={} o={}, expected m={} o={}",
                    got[0], got[1], split[0], split[1]
                ),
            ));
        }
        Ok(())
    };
    SliceFile::open_checked(path, whole, true)
}
