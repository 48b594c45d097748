//! The file layer of the four-row tables: checking a file against its name and its game,
//! opening slices, listing a folder's slices, and reading values out of opened slices. The
//! builder and the probing tables both stand on it.

use super::slice::{
    check_game, circuit_len, file_name, game_id, split_of, states, FourSlice, EXTENSION, INDEX,
};
use crate::error::{Bound, Error, Need};
use crate::files::GameId;
use crate::format::{read_header, Header, SliceFile};
use crate::wdl::{named_split, Built};
use mancala_solver::fourrow::{FourRow, FourRowPos, Kind, Options};
use std::path::{Path, PathBuf};

/// Opens the file of slice `split` of `game` and checks it whole, as `info` does: its header,
/// the header against the file's name and a game the tables handle ([`check_header`]), that
/// it is `game`'s slice `split`, and the checksum of its values.
pub fn open_slice(game: &FourRow, path: &Path, split: [u32; 2]) -> Result<SliceFile, Error> {
    crate::wdl::open_split(
        path,
        &game_id(game),
        split,
        |h| Ok(check_header(path, h)?.1),
    )
}

/// The four-row table files (`*.ftb`) of `dir`, sorted by name.
pub fn files(dir: &Path) -> Result<Vec<PathBuf>, Error> {
    crate::files::four_files(dir)
}

/// The number of positions of slice `split` of `game`, `None` when it does not fit a `u64`.
pub fn positions(game: &FourRow, split: [u32; 2]) -> Option<u64> {
    let w = game.width();
    (states(game.kind()) as u64)
        .checked_mul(circuit_len(w, split[0]))?
        .checked_mul(circuit_len(w, split[1]))
}

/// Checks a four-row file's header (already read and checked by [`read_header`]) against the
/// file: a four-row table, under the name its header gives (variant, rules, width and
/// split), of a removal game and width the tables handle, with the slice's number of
/// positions. Returns the game (1 seed a hole) and the split.
pub fn check_header(path: &Path, h: &Header) -> Result<(FourRow, [u32; 2]), Error> {
    let split = named_split(path, h, (INDEX, "four-row", EXTENSION), file_name)?;
    let id = h.game_id();
    if split[0] as u64 + split[1] as u64 != h.stones as u64 {
        return Err(Error::corrupt(
            path,
            format!(
                "slice m={} o={} has {} stones, but its header says {}",
                split[0],
                split[1],
                split[0] as u64 + split[1] as u64,
                h.stones
            ),
        ));
    }
    let game = game_of(&id, path)?;
    match positions(&game, split) {
        Some(n) if n == h.positions => Ok((game, split)),
        n => Err(Error::corrupt(
            path,
            format!(
                "{} positions, the slice m={} o={} has {}",
                h.positions,
                split[0],
                split[1],
                n.map_or("too many".to_string(), |n| n.to_string())
            ),
        )),
    }
}

/// The four-row table files (`*.ftb`) of `dir` with their headers, sorted by name; each is
/// checked as [`check_header`] does.
pub fn list(dir: &Path) -> Result<Vec<(PathBuf, Header)>, Error> {
    let mut out = Vec::new();
    for p in files(dir)? {
        let h = read_header(&p)?;
        check_header(&p, &h)?;
        out.push((p, h));
    }
    Ok(out)
}

/// The game a header names: a removal game the tables handle, its rules named as
/// [`game_id`] names them.
pub fn game_of(id: &GameId, path: &Path) -> Result<FourRow, Error> {
    let kind = Kind::from_id(&id.variant)
        .ok_or_else(|| Error::corrupt(path, format!("unknown variant {}", id.variant)))?;
    let opts = Options::parse(kind, &id.rules).map_err(|e| Error::corrupt(path, e.to_string()))?;
    let game =
        FourRow::new(kind, id.width, 1, opts).map_err(|e| Error::corrupt(path, e.to_string()))?;
    check_game(&game).map_err(|e| Error::corrupt(path, e.to_string()))?;
    if game_id(&game) != *id {
        return Err(Error::corrupt(
            path,
            format!(
                "rules {} do not name one rule set of {}",
                id.rules_text(),
                id.variant
            ),
        ));
    }
    Ok(game)
}

/// The value byte of `pos` from `built`, or an error naming the missing slice.
pub fn lookup(game: &FourRow, built: &Built, pos: &FourRowPos) -> Result<u8, Error> {
    let split = split_of(game, pos);
    let v = built.get(&split).ok_or_else(|| Error::MissingSlice {
        path: PathBuf::new(),
        reason: format!("slice m={} o={} is missing", split[0], split[1]),
        need: Some(Need::AtLeast(Bound::Stones(split[0] + split[1]))),
    })?;
    Ok(v.data()[FourSlice::new(game, split).rank(game, pos) as usize])
}
