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
/// headers (data checksums are not read: see [`crate::verify()`]). A file whose header is
/// refused is listed with the reason.
pub fn info(dir: &Path) -> Result<Vec<FileInfo>, Error> {
    let mut out = Vec::new();
    let mut files = table_files(dir)?;
    files.extend(crate::fourrow::tables::files(dir)?);
    for path in files {
        let bytes = std::fs::metadata(&path)
            .map_err(|e| Error::io(&path, "reading the size of", e))?
            .len();
        let (header, problem) = match read_header(&path) {
            Ok(h) => (Some(h), None),
            Err(e) => (None, Some(e.to_string())),
        };
        out.push(FileInfo {
            path,
            bytes,
            header,
            problem,
        });
    }
    Ok(out)
}
