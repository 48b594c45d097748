//! The file layer of the morris tables that the builder and the probing tables both stand on:
//! opening a slice's file, and reading a value out of the slices opened.

use super::slice::{game_id, split_of, MorrisSlice, FEWEST};
use super::tables::check_header;
use crate::error::{Bound, Error, Need};
use crate::format::SliceFile;
use crate::wdl::Built;
use mancala_solver::morris::{Morris, MorrisPos};
use std::path::{Path, PathBuf};

/// Opens the file of slice `split` of `game` and checks it whole, as `info` does: its header,
/// the header against the file's name and the counts the tables hold
/// ([`check_header`]), that it is `game`'s slice `split`, and the checksum of its values.
pub fn open_slice(game: &Morris, path: &Path, split: [u32; 2]) -> Result<SliceFile, Error> {
    crate::wdl::open_split(
        path,
        &game_id(game),
        split,
        |h| Ok(check_header(path, h)?.1),
    )
}

/// The stored value byte of a main-game position (after an exit, a move that removed a
/// counter): lost at once (byte 1) when the side to move is left with fewer than three, else
/// read from the built slices.
pub(crate) fn stored_byte(built: &Built, child: &MorrisPos) -> Result<u8, Error> {
    let split = split_of(child);
    if split[0] < FEWEST {
        return Ok(1);
    }
    let f = built.get(&split).ok_or_else(|| Error::MissingSlice {
        path: PathBuf::new(),
        reason: format!("slice m={} o={} is missing", split[0], split[1]),
        need: Some(Need::AtLeast(Bound::Counters(split[0].max(split[1])))),
    })?;
    Ok(f.data()[MorrisSlice::new(split).rank(child) as usize])
}
