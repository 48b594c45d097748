//! The verifier: checks stored tables without trusting the builder.
//!
//! For every file: header and data checksums; then for every position of every slice, the
//! stored value is re-derived from its successors through the rules' public [`Game`] and
//! [`MarginGame`] interface (not the builder's move expansion): a finished game must hold
//! `final_margin - margin`, any other position the best over its moves of the move's gain plus
//! or minus the stored value of the child (plus when the same player moves again). Every value
//! must also lie within `±` the stones on the board.
//!
//! [`crate::folder::verify`] checks every table file of a folder with it, two-row (`*.mtb`,
//! here) and four-row (`*.ftb`, [`crate::wdl::verify()`]); a folder without any is an error,
//! so that a verification that checked nothing never passes.
//!
//! This Bellman check catches any damaged or mis-built value that is not consistent with its
//! neighbours. On its own it cannot pin down values on cycles (a cycle of positions that all
//! claim the same unreachable value can be consistent); the tests therefore also compare whole
//! slices with the reference solver (`mancala_solver::refsolve`).

use crate::error::Error;
use crate::files::{table_files, GameId};
use crate::format::{read_header, Header, SliceFile, INDEX};
use crate::tworow::index::{self, Slice};
use mancala_solver::tworow::board::MAX_WIDTH;
use mancala_solver::{Game, MarginGame, Notation, Side, TwoRow};
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// One verified slice.
#[derive(Clone, Debug)]
pub struct SliceCheck {
    /// The file.
    pub path: PathBuf,
    /// The game.
    pub game: GameId,
    /// Seeds on the board.
    pub stones: u32,
    /// Positions checked.
    pub positions: u64,
}

/// Checks a two-row file's header (already read and checked by
/// [`read_header`]) against the file: a two-row table, under the
/// name its header gives (variant, rules, width and stones), of a game the rules know.
pub fn check_header(path: &Path, h: &Header) -> Result<(), Error> {
    if !h.is_wdl() {
        match index::slice_len(h.width, h.stones) {
            Some(n) if n == h.positions => {}
            Some(n) => {
                return Err(Error::corrupt(
                    path,
                    format!(
                        "{} positions, but width {} with {} stones has {n}",
                        h.positions, h.width, h.stones
                    ),
                ))
            }
            None => {
                return Err(Error::corrupt(
                    path,
                    format!(
                        "width {} with {} stones is not a slice the two-row tables hold (widths \
                         1 to {MAX_WIDTH}, positions counted in 63 bits)",
                        h.width, h.stones
                    ),
                ))
            }
        }
    }
    if h.index != INDEX || h.split.is_some() {
        return Err(Error::mismatch(
            path,
            format!("a four-row table ({}) under a two-row (.mtb) name", h.index),
        ));
    }
    let id = h.game_id();
    let want = id.file_name(h.stones);
    if path.file_name().and_then(|s| s.to_str()) != Some(want.as_str()) {
        return Err(Error::mismatch(
            path,
            format!(
                "holds the {}-stone slice of {id}, whose file is named {want}",
                h.stones
            ),
        ));
    }
    id.game().map_err(|e| Error::corrupt(path, e.to_string()))?;
    Ok(())
}

/// Opens the two-row table at `path` ([`SliceFile::open_checked`]): checked as [`check_header`]
/// checks it (as `info` does), and found to hold `id`'s slice of `stones` seeds.
pub fn open_slice(
    path: &Path,
    id: &GameId,
    stones: u32,
    check_data: bool,
) -> Result<SliceFile, Error> {
    let check = |header: &Header| {
        check_header(path, header)?;
        let got = header.game_id();
        if got != *id {
            return Err(Error::mismatch(path, format!("holds {got}, expected {id}")));
        }
        if header.stones != stones {
            return Err(Error::mismatch(
                path,
                format!("holds the {}-stone slice, expected {stones}", header.stones),
            ));
        }
        Ok(())
    };
    SliceFile::open_checked(path, check, check_data)
}

/// Reads every two-row table header in `dir`, checking each as [`check_header`] does.
/// Grouped by game, each group sorted by stones.
pub fn headers_by_game(dir: &Path) -> Result<BTreeMap<GameId, Vec<(PathBuf, Header)>>, Error> {
    let mut games: BTreeMap<GameId, Vec<(PathBuf, Header)>> = BTreeMap::new();
    for path in table_files(dir)? {
        let h = read_header(&path)?;
        check_header(&path, &h)?;
        games.entry(h.game_id()).or_default().push((path, h));
    }
    for v in games.values_mut() {
        v.sort_by_key(|(_, h)| h.stones);
    }
    Ok(games)
}

/// Re-derives every value of the last slice of `files` (`files[m]` holds the `m`-stone slice,
/// checksums already checked) from its successors. Returns the positions checked.
pub fn verify_slice(game: &TwoRow, files: &[&SliceFile]) -> Result<u64, Error> {
    let top = *files
        .last()
        .ok_or_else(|| Error::OutOfRange("no slice to verify".into()))?;
    let n = top.header().stones;
    let w = game.width();
    let lanes = 2 * w;
    let slice = Slice::new(w, n).ok_or_else(|| Error::OutOfRange("slice too large".into()))?;
    const PART: u64 = 1 << 14;
    let parts = slice.len().div_ceil(PART);
    (0..parts).into_par_iter().try_for_each(|c| {
        let range = c * PART..((c + 1) * PART).min(slice.len());
        for (i, pits) in slice.iter_range(range) {
            let stored = top.get(i) as i32;
            let mut south = [0u32; MAX_WIDTH];
            let mut north = [0u32; MAX_WIDTH];
            for k in 0..w {
                south[k] = pits.get(k) as u32;
                north[k] = pits.get(w + k) as u32;
            }
            let pos = game
                .position(&south[..w], &north[..w], [0, 0], Side::South)
                .map_err(|e| Error::Rules(e.to_string()))?;
            let unsound = |reason: String| Error::Unsound {
                path: Some(top.path().to_path_buf()),
                reason: format!(
                    "position {} (index {i}): {reason}",
                    game.format_position(&pos)
                ),
            };
            if stored.abs() > n as i32 {
                return Err(unsound(format!(
                    "stored value {stored} exceeds the {n} stones on the board"
                )));
            }
            let moves = game.legal_moves(&pos);
            let expected = if moves.is_empty() {
                game.final_margin(&pos) - game.margin(&pos)
            } else {
                let mut best = i32::MIN;
                for &m in moves.iter() {
                    let c = game.play(&pos, m);
                    let cp = c.pits();
                    let cs = cp.sum_first(lanes);
                    let Some(f) = files.get(cs as usize) else {
                        return Err(unsound(format!(
                            "move {} leads to {cs} stones, more than the {n} on the board",
                            game.move_name(&pos, m)
                        )));
                    };
                    let cv = f.get(index::rank(cp, lanes)) as i32;
                    let v = if game.to_move(&c) == Side::South {
                        game.margin(&c) + cv
                    } else {
                        -game.margin(&c) - cv
                    };
                    best = best.max(v);
                }
                best - game.margin(&pos)
            };
            if expected != stored {
                return Err(unsound(format!(
                    "stored value {stored}, but its moves give {expected}"
                )));
            }
        }
        Ok(())
    })?;
    Ok(slice.len())
}
