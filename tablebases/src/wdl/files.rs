//! The file layer of the win/draw/loss tables: a file checked against its name and header,
//! a slice opened and checked whole, a folder's files listed, and a value read out of the
//! slices opened. The builder, the probing tables and the verifier all stand on it.

use super::{Built, Scope, WdlGame};
use crate::error::{Error, Need};
use crate::format::{read_header, Header, SliceFile};
use std::path::{Path, PathBuf};

/// The split of a win/draw/loss table file, checked against its name: the header must be of
/// the family's index and the file named as the family names its game and split.
fn named_split<G: WdlGame>(path: &Path, h: &Header) -> Result<[u32; 2], Error>
where
    G::Position: Send + Sync,
{
    let (family, extension) = (G::FAMILY, G::EXTENSION);
    let Some(split) = h.split.filter(|_| h.index == G::INDEX) else {
        return Err(Error::mismatch(
            path,
            format!(
                "not a {family} table ({}) but under a {family} (.{extension}) name",
                h.index
            ),
        ));
    };
    let id = h.game_id();
    let want = G::file_name(&id, split);
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

/// Checks a file's header (already read and checked by [`read_header`]) against the file: a
/// table of the family under the name its header gives, a slice the family holds, of a game
/// the tables handle, with the slice's number of positions. Returns the game and the split.
pub fn check_header<G: WdlGame>(path: &Path, h: &Header) -> Result<(G, [u32; 2]), Error>
where
    G::Position: Send + Sync,
{
    let split = named_split::<G>(path, h)?;
    G::check_split(path, split)?;
    let stones = split[0] as u64 + split[1] as u64;
    if stones != h.stones as u64 {
        return Err(Error::corrupt(
            path,
            format!(
                "slice m={} o={} has {stones} {}, but its header says {}",
                split[0],
                split[1],
                G::UNITS,
                h.stones
            ),
        ));
    }
    let game = G::game_of(&h.game_id(), path)?;
    match game.positions(split) {
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

/// The family's table files of `dir` with their headers, sorted by name; each checked as
/// [`check_header`] does.
pub fn list<G: WdlGame>(dir: &Path) -> Result<Vec<(PathBuf, Header)>, Error>
where
    G::Position: Send + Sync,
{
    let mut out = Vec::new();
    for p in crate::files::files_with_extension(dir, G::EXTENSION)? {
        let h = read_header(&p)?;
        check_header::<G>(&p, &h)?;
        out.push((p, h));
    }
    Ok(out)
}

/// Opens the file of slice `split` of `game` and checks it whole, as `info` does: its header,
/// the header against the file's name and the family's bounds ([`check_header`]), that it is
/// `game`'s slice `split`, and the checksum of its values.
pub fn open_slice<G: WdlGame>(game: &G, path: &Path, split: [u32; 2]) -> Result<SliceFile, Error>
where
    G::Position: Send + Sync,
{
    let id = game.game_id();
    let whole = |h: &Header| {
        let got = check_header::<G>(path, h)?.1;
        if h.game_id() != id {
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

/// The stored value byte of `pos` (a position in play, or one the rules settle) from
/// `built`, or an error naming the missing slice.
pub(crate) fn stored<G: WdlGame>(game: &G, built: &Built, pos: &G::Position) -> Result<u8, Error>
where
    G::Position: Send + Sync,
{
    if let Scope::Settled(v) = game.scope(pos) {
        return Ok(super::encode(v));
    }
    let split = game.split_of(pos);
    let f = built.get(&split).ok_or_else(|| Error::MissingSlice {
        path: PathBuf::new(),
        reason: format!("slice m={} o={} is missing", split[0], split[1]),
        need: Some(Need::AtLeast(G::bound(split))),
    })?;
    Ok(f.data()[game.rank(&game.slice(split), pos) as usize])
}

/// The error of a slice absent from the tables of `dir`.
pub(crate) fn missing_slice(dir: &Path, split: [u32; 2]) -> Error {
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
