//! The calls the command line makes: probe with move values, value histograms, file listing.

use crate::error::Error;
use crate::format::{read_header, Header, SliceFile};
use crate::probe::Tablebases;
use crate::rules::GameId;
use crate::verify::table_files;
use mancala_solver::{Game, MarginGame, Notation, TwoRow, TwoRowPos};
use serde_json::{json, Map, Value};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

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
    let missing = |p: &TwoRowPos| {
        Error::Invalid(format!(
            "no table for {} stones of {} in {}",
            p.pits().sum_first(lanes),
            tb.game_id(),
            tb.dir().display()
        ))
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

/// [`probe`] as the JSON object of `mancala tablebase probe --json`:
/// `{"variant", "position", "stones", "value", "future", "moves": {"<move>": value},
/// "best_moves"}`.
pub fn probe_json(game: &TwoRow, dir: &Path, pos: &TwoRowPos) -> Result<Value, Error> {
    let p = probe(game, dir, pos)?;
    let moves: Map<String, Value> = p.moves.iter().map(|(m, v)| (m.clone(), json!(v))).collect();
    let best: Vec<&String> = p
        .moves
        .iter()
        .filter(|(_, v)| *v == p.value)
        .map(|(m, _)| m)
        .collect();
    Ok(json!({
        "variant": game.variant_id(),
        "position": game.format_position(pos),
        "stones": pos.pits().sum_first(2 * game.width()),
        "value": p.value,
        "future": p.future,
        "moves": moves,
        "best_moves": best,
    }))
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

impl Stats {
    /// `{"stones", "positions", "histogram": {"<value>": count}}`, values in increasing order.
    pub fn to_json(&self) -> Value {
        let h: Map<String, Value> = self
            .histogram
            .iter()
            .map(|(v, c)| (v.to_string(), json!(c)))
            .collect();
        json!({"stones": self.stones, "positions": self.positions, "histogram": h})
    }
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
        return Err(Error::Invalid(format!(
            "{}: no such table (build it with `mancala tablebase build`)",
            path.display()
        )));
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

impl FileInfo {
    /// The entry as JSON: `{"file", "bytes", "variant", "rules", "width", "stones",
    /// "positions"}` or `{"file", "bytes", "error"}`.
    pub fn to_json(&self) -> Value {
        let name = self
            .path
            .file_name()
            .map(|s| s.to_string_lossy().into_owned());
        match (&self.header, &self.problem) {
            (Some(h), _) => json!({
                "file": name, "bytes": self.bytes, "variant": h.variant, "rules": h.rules,
                "width": h.width, "stones": h.stones, "positions": h.positions,
                "encoding": h.encoding, "data_checksum": h.data_checksum,
            }),
            (None, p) => json!({"file": name, "bytes": self.bytes, "error": p}),
        }
    }
}

/// Lists the table files in `dir` (two-row `*.mtb`, then four-row `*.ftb`) with their
/// headers, checking each file whole (in parallel): its header, that the header matches its
/// name (variant, rules, width, stones or split, as the readers check it:
/// [`crate::verify::check_header`], [`crate::fourrow::tables::check_header`]) and the
/// checksum of its values. A file that fails is listed with the reason; see
/// [`ensure_sound`]. [`crate::verify()`] also re-derives every value.
pub fn info(dir: &Path) -> Result<Vec<FileInfo>, Error> {
    use rayon::prelude::*;
    let two = table_files(dir)?;
    let four = crate::fourrow::tables::files(dir)?;
    let checked = |path: &Path, is_four: bool| -> Result<Header, Error> {
        let h = read_header(path)?;
        if is_four {
            crate::fourrow::tables::check_header(path, &h)?;
        } else {
            crate::verify::check_header(path, &h)?;
        }
        SliceFile::open(path, None, true)?;
        Ok(h)
    };
    let listed: Vec<(PathBuf, bool)> = two
        .into_iter()
        .map(|p| (p, false))
        .chain(four.into_iter().map(|p| (p, true)))
        .collect();
    listed
        .into_par_iter()
        .with_max_len(1)
        .map(|(path, is_four)| {
            let bytes = std::fs::metadata(&path)
                .map_err(|e| Error::io(&path, "reading the size of", e))?
                .len();
            let (header, problem) = match checked(&path, is_four) {
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
    Err(Error::Invalid(format!(
        "{} of {} tablebase files refused; the first: {reason}",
        refused.len(),
        files.len()
    )))
}

/// A summary of the table files in `dir`, one entry per game: the file name's game part
/// (`<variant>-<rules>-w<W>`), how many files and their stone range, e.g.
/// `oware-grandslam=forfeit-w6: 13 two-row files, 0 to 12 stones`; a table file whose name
/// does not parse is given by its name. Names only: no file is opened.
pub fn contents(dir: &Path) -> Result<Vec<String>, Error> {
    // Per game part and kind: files, fewest and most stones.
    let mut games: BTreeMap<(String, &str), (usize, u32, u32)> = BTreeMap::new();
    let mut odd = Vec::new();
    let two = table_files(dir)?;
    let four = crate::fourrow::tables::files(dir)?;
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
    for p in &four {
        let file = name(p);
        let parsed = file
            .strip_suffix(&format!(".{}", crate::fourrow::EXTENSION))
            .and_then(|s| s.rsplit_once("-o"))
            .and_then(|(rest, o)| {
                let (g, m) = rest.rsplit_once("-m")?;
                Some((
                    g,
                    m.parse::<u32>().ok()?.checked_add(o.parse::<u32>().ok()?)?,
                ))
            });
        match parsed {
            Some((g, n)) => add(g, "four-row", n),
            None => odd.push(file),
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
pub fn no_tables(dir: &Path, id: &GameId) -> Error {
    let held = match contents(dir) {
        Ok(c) if c.is_empty() => "it holds no tablebase files".to_string(),
        Ok(c) => format!("it holds {}", c.join("; ")),
        Err(e) => format!("its files cannot be listed: {e}"),
    };
    Error::Invalid(format!(
        "{}: holds no tables of {id} ({held}); build them with `mancala tablebase build`",
        dir.display()
    ))
}
