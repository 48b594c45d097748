//! The calls the command line makes: probe with move values, value histograms, file listing.

use crate::error::{Error, Need};
use crate::files::{no_tables, table_files, GameId};
use crate::format::{Header, SliceFile};
use crate::probe::Tablebases;
use mancala_solver::morris::Morris;
use mancala_solver::{FourRow, Game, MarginGame, Notation, TwoRow, TwoRowPos};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Instant;

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
        .map_err(|e| Error::io(&path, "looking for", e))?
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
    let f = SliceFile::open(&path, Some((&id, stones)), true)?;
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

/// One table file found by [`info`].
#[derive(Clone, Debug)]
pub struct FileInfo {
    /// The file.
    pub path: PathBuf,
    /// Its size in bytes.
    pub bytes: u64,
    /// Its header, when sound.
    pub header: Option<Header>,
    /// Why its header is refused, when it is.
    pub problem: Option<String>,
}

/// Lists the table files in `dir` (two-row `*.mtb`, four-row `*.ftb`, morris `*.mrb`) with their
/// headers, checking each file whole (in parallel): its header, that the header matches its
/// name (variant, rules, width, stones or split, as the readers check it:
/// [`crate::verify::check_header`], [`crate::wdl::check_header`]) and the
/// checksum of its values. A file that fails is listed with the reason; see
/// [`ensure_sound`]. [`crate::verify()`] also re-derives every value.
pub fn info(dir: &Path) -> Result<Vec<FileInfo>, Error> {
    use rayon::prelude::*;
    /// Which reader checks a file's header against its name.
    #[derive(Clone, Copy)]
    enum Kind {
        Two,
        Four,
        Morris,
    }
    // The checks the readers and the builds make of a file they open, less the slice they
    // expect ([`SliceFile::open_checked`]).
    let checked = |path: &Path, kind: Kind| -> Result<Header, Error> {
        let check = |h: &Header| match kind {
            Kind::Two => crate::verify::check_header(path, h),
            Kind::Four => crate::wdl::check_header::<FourRow>(path, h).map(drop),
            Kind::Morris => crate::wdl::check_header::<Morris>(path, h).map(drop),
        };
        Ok(SliceFile::open_checked(path, check, true)?.header().clone())
    };
    let mut listed: Vec<(PathBuf, Kind)> = Vec::new();
    for (ext, kind) in [
        (crate::files::TWO_EXTENSION, Kind::Two),
        (crate::files::FOUR_EXTENSION, Kind::Four),
        (crate::files::MORRIS_EXTENSION, Kind::Morris),
    ] {
        for p in crate::files::files_with_extension(dir, ext)? {
            listed.push((p, kind));
        }
    }
    listed
        .into_par_iter()
        .with_max_len(1)
        .map(|(path, kind)| {
            let bytes = std::fs::metadata(&path)
                .map_err(|e| Error::io(&path, "reading the size of", e))?
                .len();
            let (header, problem) = match checked(&path, kind) {
                Ok(h) => (Some(h), None),
                Err(e) => (None, Some(e.to_string())),
            };
            Ok(FileInfo {
                path,
                bytes,
                header,
                problem,
            })
        })
        .collect()
}

/// `Ok` when no file of an [`info`] listing was refused; otherwise an error that says how
/// many were and names the first with its reason (`mancala tablebase info` lists the files,
/// then fails with it).
pub fn ensure_sound(files: &[FileInfo]) -> Result<(), Error> {
    let refused: Vec<&FileInfo> = files.iter().filter(|f| f.header.is_none()).collect();
    let Some(first) = refused.first() else {
        return Ok(());
    };
    let reason = first
        .problem
        .clone()
        .unwrap_or_else(|| format!("{}: refused without a reason given", first.path.display()));
    Err(Error::Refused {
        refused: refused.len(),
        total: files.len(),
        first: reason,
    })
}

/// The result of [`verify`]: every table file checked, all sound.
#[derive(Clone, Debug)]
pub struct VerifyReport {
    /// The two-row slices, by game then stones.
    pub slices: Vec<crate::verify::SliceCheck>,
    /// What the four-row verifier checked (no file when the folder holds none).
    pub four: crate::wdl::Checked,
    /// What the morris verifier checked (no file when the folder holds none).
    pub morris: crate::wdl::Checked,
    /// Files checked in all, two-row and four-row.
    pub files: usize,
    /// Positions checked in all, two-row and four-row.
    pub positions: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
}

/// Verifies every table file in `dir`, two-row, four-row and morris ([`crate::verify`](mod@crate::verify)), on the
/// current rayon pool. Every header is checked before any value; the first problem found is
/// returned as an error naming the file. A folder that holds no table file is an error too.
pub fn verify(dir: &Path) -> Result<VerifyReport, Error> {
    let t0 = Instant::now();
    let two = table_files(dir)?;
    let four = crate::files::four_files(dir)?;
    let morris = crate::files::files_with_extension(dir, crate::files::MORRIS_EXTENSION)?;
    if two.is_empty() && four.is_empty() && morris.is_empty() {
        return Err(Error::NoTables {
            dir: dir.to_path_buf(),
            reason: "holds no tablebase files (*.mtb, *.ftb or *.mrb): nothing to verify".into(),
            need: None,
        });
    }
    let games = crate::verify::headers_by_game(dir)?;
    crate::wdl::list::<FourRow>(dir)?;
    crate::wdl::list::<Morris>(dir)?;
    let mut slices = Vec::new();
    let mut total = 0;
    for (id, list) in games {
        let game = id
            .game()
            .map_err(|e| Error::corrupt(&list[0].0, e.to_string()))?;
        let mut files: Vec<Option<SliceFile>> = Vec::new();
        for (path, h) in &list {
            let f = SliceFile::open(path, Some((&id, h.stones)), true)?;
            let n = h.stones as usize;
            if files.len() <= n {
                files.resize_with(n + 1, || None);
            }
            files[n] = Some(f);
        }
        for (path, h) in &list {
            let n = h.stones;
            if let Some(m) = (0..n).find(|&m| files[m as usize].is_none()) {
                return Err(Error::MissingSlice {
                    path: path.clone(),
                    reason: format!(
                        "{}: cannot verify: the {m}-stone slice of {id} it depends on is missing",
                        path.display()
                    ),
                    need: None,
                });
            }
            let lower: Vec<&SliceFile> = files[..=n as usize]
                .iter()
                .map(|f| f.as_ref().expect("checked present"))
                .collect();
            let positions = crate::verify::verify_slice(&game, &lower)?;
            total += positions;
            slices.push(crate::verify::SliceCheck {
                path: path.clone(),
                game: id.clone(),
                stones: n,
                positions,
            });
        }
    }
    let none = crate::wdl::Checked {
        files: 0,
        positions: 0,
        seconds: 0.0,
    };
    let four = if four.is_empty() {
        none.clone()
    } else {
        crate::fourrow::verify(dir)?
    };
    let morris = if morris.is_empty() {
        none
    } else {
        crate::morris::verify(dir)?
    };
    Ok(VerifyReport {
        files: slices.len() + four.files + morris.files,
        positions: total + four.positions + morris.positions,
        slices,
        four,
        morris,
        seconds: t0.elapsed().as_secs_f64(),
    })
}
