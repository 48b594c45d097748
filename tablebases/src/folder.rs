//! The commands over a whole folder of tables, every family at once: the files listed and
//! checked whole (`info`), and every value verified (`verify`).

use crate::error::Error;
use crate::files::table_files;
use crate::format::{Header, SliceFile};
use mancala_solver::morris::Morris;
use mancala_solver::FourRow;
use std::path::{Path, PathBuf};
use std::time::Instant;

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
/// [`crate::tworow::verify::check_header`], [`crate::wdl::check_header`]) and the
/// checksum of its values. A file that fails is listed with the reason; see
/// [`ensure_sound`]. [`verify()`] also re-derives every value.
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
            Kind::Two => crate::tworow::verify::check_header(path, h),
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
                .map_err(|e| Error::io(&path, "reading its size", e))?
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
    pub slices: Vec<crate::tworow::verify::SliceCheck>,
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

/// Verifies every table file in `dir`, two-row, four-row and morris ([`crate::tworow::verify`](mod@crate::tworow::verify)), on the
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
    let games = crate::tworow::verify::headers_by_game(dir)?;
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
            let f = crate::tworow::verify::open_slice(path, &id, h.stones, true)?;
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
            let positions = crate::tworow::verify::verify_slice(&game, &lower)?;
            total += positions;
            slices.push(crate::tworow::verify::SliceCheck {
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
        crate::wdl::verify::<mancala_solver::fourrow::FourRow>(dir)?
    };
    let morris = if morris.is_empty() {
        none
    } else {
        crate::wdl::verify::<mancala_solver::morris::Morris>(dir)?
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
