//! Naming and listing of table files, for both families: which game a set of tables is for
//! ([`GameId`]), the files of a folder, and what a folder holds when it lacks the tables asked
//! for. The lowest layer above the error type: every other module may use it.

use crate::error::{Error, Need};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The extension of two-row (margin) table files.
pub(crate) const TWO_EXTENSION: &str = "mtb";
/// The extension of four-row (win/draw/loss) table files.
pub(crate) const FOUR_EXTENSION: &str = "ftb";
/// The extension of morris (win/draw/loss) table files.
pub(crate) const MORRIS_EXTENSION: &str = "mrb";

/// Which game a set of tables is for: variant, rule options and width. The seeds a pit at
/// the start do not matter to an endgame table.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GameId {
    /// The variant id (`oware`, ...).
    pub variant: String,
    /// Every rule option as `name=value` ([`mancala_solver::tworow::Options::describe`]).
    pub rules: Vec<String>,
    /// Pits a side.
    pub width: usize,
}

impl GameId {
    /// The rules as they appear in file names: `name=value` joined by commas, or `default`
    /// for a variant without options.
    pub fn rules_text(&self) -> String {
        if self.rules.is_empty() {
            "default".to_string()
        } else {
            self.rules.join(",")
        }
    }

    /// The file name of the slice of `stones` seeds: `<variant>-<rules>-w<W>-n<N>.mtb`.
    pub fn file_name(&self, stones: u32) -> String {
        format!(
            "{}-{}-w{}-n{}.mtb",
            self.variant,
            self.rules_text(),
            self.width,
            stones
        )
    }
}

impl std::fmt::Display for GameId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} ({}) width {}",
            self.variant,
            self.rules_text(),
            self.width
        )
    }
}

/// The files of `dir` with extension `ext`, sorted by name.
pub(crate) fn files_with_extension(dir: &Path, ext: &str) -> Result<Vec<PathBuf>, Error> {
    let rd = std::fs::read_dir(dir).map_err(|e| Error::io(dir, "listing", e))?;
    let mut out = Vec::new();
    for e in rd {
        let p = e.map_err(|e| Error::io(dir, "listing", e))?.path();
        if p.extension().is_some_and(|x| x == ext) {
            out.push(p);
        }
    }
    out.sort();
    Ok(out)
}

/// The two-row table files (`*.mtb`) in `dir`, sorted by name.
pub(crate) fn table_files(dir: &Path) -> Result<Vec<PathBuf>, Error> {
    files_with_extension(dir, TWO_EXTENSION)
}

/// The four-row table files (`*.ftb`) in `dir`, sorted by name.
pub(crate) fn four_files(dir: &Path) -> Result<Vec<PathBuf>, Error> {
    files_with_extension(dir, FOUR_EXTENSION)
}

/// A summary of the table files in `dir`, one entry per game: the file name's game part
/// (`<variant>-<rules>-w<W>`), how many files and their stone range, e.g.
/// `oware-grandslam=forfeit-w6: 13 two-row files, 0 to 12 stones`; a table file whose name
/// does not parse is given by its name. Names only: no file is opened.
pub(crate) fn contents(dir: &Path) -> Result<Vec<String>, Error> {
    // Per game part and kind: files, fewest and most stones.
    let mut games: BTreeMap<(String, &str), (usize, u32, u32)> = BTreeMap::new();
    let mut odd = Vec::new();
    let two = table_files(dir)?;
    let four = four_files(dir)?;
    let name = |p: &Path| {
        p.file_name()
            .map_or(String::new(), |s| s.to_string_lossy().into_owned())
    };
    let mut add = |game: &str, kind: &'static str, n: u32| {
        let e = games.entry((game.to_string(), kind)).or_insert((0, n, n));
        e.0 += 1;
        e.1 = e.1.min(n);
        e.2 = e.2.max(n);
    };
    for p in &two {
        let file = name(p);
        let parsed = file
            .strip_suffix(".mtb")
            .and_then(|s| s.rsplit_once("-n"))
            .and_then(|(g, n)| Some((g, n.parse::<u32>().ok()?)));
        match parsed {
            Some((g, n)) => add(g, "two-row", n),
            None => odd.push(file),
        }
    }
    let morris = files_with_extension(dir, MORRIS_EXTENSION)?;
    for (files, ext, kind) in [
        (&four, FOUR_EXTENSION, "four-row"),
        (&morris, MORRIS_EXTENSION, "morris"),
    ] {
        for p in files {
            let file = name(p);
            let parsed = file
                .strip_suffix(&format!(".{ext}"))
                .and_then(|s| s.rsplit_once("-o"))
                .and_then(|(rest, o)| {
                    let (g, m) = rest.rsplit_once("-m")?;
                    Some((
                        g,
                        m.parse::<u32>().ok()?.checked_add(o.parse::<u32>().ok()?)?,
                    ))
                });
            match parsed {
                Some((g, n)) => add(g, kind, n),
                None => odd.push(file),
            }
        }
    }
    let mut out: Vec<String> = games
        .into_iter()
        .map(|((g, kind), (count, lo, hi))| {
            let s = if count == 1 { "" } else { "s" };
            if lo == hi {
                format!("{g}: {count} {kind} file{s}, {lo} stones")
            } else {
                format!("{g}: {count} {kind} file{s}, {lo} to {hi} stones")
            }
        })
        .collect();
    out.extend(odd);
    Ok(out)
}

/// The error of a folder that holds no table of `id`: names the folder, the game (variant,
/// rules, width) and what the folder holds instead ([`contents`]).
pub(crate) fn no_tables(dir: &Path, id: &GameId) -> Error {
    let held = match contents(dir) {
        Ok(c) if c.is_empty() => "it holds no tablebase files".to_string(),
        Ok(c) => format!("it holds {}", c.join("; ")),
        Err(e) => format!("its files cannot be listed: {e}"),
    };
    Error::NoTables {
        dir: dir.to_path_buf(),
        reason: format!("holds no tables of {id} ({held})"),
        need: Some(Need::Tables),
    }
}
