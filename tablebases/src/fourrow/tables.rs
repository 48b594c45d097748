//! Opening, probing and verifying the four-row tables.

use super::files::{game_of, list, lookup, open_slice};
use super::slice::{check_game, game_id, in_tables_scope, split_of, splits, FourSlice, EXTENSION};
use crate::error::{Bound, Error, Need};
use crate::format::SliceFile;
use crate::wdl::{
    bellman, by_game, check_slice, decode, missing_slice, tally, Built, ProbeResult, SliceStats,
    VerifyReport,
};
use mancala_solver::fourrow::{FourMove, FourRow, FourRowPos};
use mancala_solver::search::Oracle;
use mancala_solver::wdl::Wdl;
use mancala_solver::{Game, Notation};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The tables of one four-row game found in a folder.
pub struct FourTables {
    game: FourRow,
    dir: PathBuf,
    slices: HashMap<[u32; 2], SliceFile>,
}

impl FourTables {
    /// Opens every slice file of `game` in `dir`, checking each; a damaged or mismatched file
    /// (of any four-row game) is an error naming it, and so is a folder without any slice of
    /// `game` (naming the tables it holds instead, [`crate::files::no_tables`]).
    pub fn open(dir: &Path, game: &FourRow) -> Result<FourTables, Error> {
        check_game(game)?;
        if !dir.is_dir() {
            return Err(Error::NoFolder {
                dir: dir.to_path_buf(),
                make: false,
            });
        }
        let id = game_id(game);
        let mut slices = HashMap::new();
        for (path, h) in list(dir)? {
            if h.game_id() != id {
                continue;
            }
            let split = h.split.expect("four-row headers have a split");
            slices.insert(split, open_slice(game, &path, split)?);
        }
        if slices.is_empty() {
            return Err(crate::files::no_tables(dir, &id));
        }
        Ok(FourTables {
            game: *game,
            dir: dir.to_path_buf(),
            slices,
        })
    }

    /// The folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Number of slices present.
    pub fn len(&self) -> usize {
        self.slices.len()
    }

    /// The slices `(m, o)` absent with no more seeds than the largest one present: holes in
    /// the folder (a slice deleted, or renamed to another game) that a search probing it goes
    /// on without.
    pub fn gaps(&self) -> Vec<[u32; 2]> {
        let top = self.slices.keys().map(|s| s[0] + s[1]).max().unwrap_or(0);
        splits(top)
            .into_iter()
            .filter(|s| !self.slices.contains_key(s))
            .collect()
    }

    /// True when no slice of the game was found (never for tables [`FourTables::open`] gave:
    /// it refuses such a folder).
    pub fn is_empty(&self) -> bool {
        self.slices.is_empty()
    }

    /// True when `game` has these tables' rules and width (the seeds a hole at the start do
    /// not matter).
    pub fn is_for(&self, game: &FourRow) -> bool {
        game.kind() == self.game.kind()
            && game.width() == self.game.width()
            && game.options() == self.game.options()
    }

    /// The value of `pos`, when its slice is present and it is in play.
    pub fn value(&self, pos: &FourRowPos) -> Option<Wdl> {
        if !in_tables_scope(&self.game, pos) {
            return None;
        }
        let split = split_of(&self.game, pos);
        let f = self.slices.get(&split)?;
        let i = FourSlice::new(&self.game, split).rank(&self.game, pos);
        Some(decode(f.get(i) as u8))
    }

    /// A line of perfect play from `pos` to the end by the tables
    /// ([`mancala_solver::fourrow::retro::wdl_line`]). Empty for a draw or a position outside
    /// the tables.
    pub fn line(&self, pos: &FourRowPos) -> Vec<FourMove> {
        mancala_solver::fourrow::retro::wdl_line(&self.game, pos, &|p| self.value(p))
    }

    /// For each slice with `stones` seeds on the board (by the mover's seeds): its split,
    /// positions won, drawn and lost for the side to move, and the longest distance; an error
    /// when one is absent.
    pub fn stats(&self, stones: u32) -> Result<Vec<SliceStats>, Error> {
        (0..=stones)
            .map(|m| {
                let split = [m, stones - m];
                let f = self
                    .slices
                    .get(&split)
                    .ok_or_else(|| missing_slice(&self.dir, split))?;
                let (c, max) = tally(f.data());
                Ok((split, c, max))
            })
            .collect()
    }

    /// The value of `pos` and of each of its moves; an error when its slice is absent.
    pub fn probe(&self, pos: &FourRowPos) -> Result<ProbeResult, Error> {
        let g = &self.game;
        if !in_tables_scope(g, pos) {
            return Err(Error::OutOfRange(
                "the tables hold positions in play, not kanotta's setup phase".into(),
            ));
        }
        let split = split_of(g, pos);
        let value = self.value(pos).ok_or_else(|| Error::MissingSlice {
            path: self.dir.clone(),
            reason: format!(
                "{}: no table for this position (mover {} seeds, opponent {})",
                self.dir.display(),
                split[0],
                split[1],
            ),
            need: Some(Need::To(Bound::Stones(split[0] + split[1]))),
        })?;
        let moves = g
            .legal_moves(pos)
            .iter()
            .map(|&m| {
                let c = g.play(pos, m);
                let v = self.value(&c).map(|v| v.before(false));
                (g.move_name(pos, m), v)
            })
            .collect();
        Ok(ProbeResult { value, moves })
    }
}

impl Oracle<FourRow> for FourTables {
    /// +1, 0 or −1 for the side to move (the four-row margin game's final margins).
    fn probe(&self, game: &FourRow, pos: &FourRowPos) -> Option<i32> {
        if !self.is_for(game) {
            return None;
        }
        self.value(pos).map(Wdl::value)
    }
}

impl std::fmt::Debug for FourTables {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FourTables")
            .field("game", &game_id(&self.game))
            .field("dir", &self.dir)
            .field("slices", &self.slices.len())
            .finish()
    }
}

/// Checks every four-row table of `dir`: checksums, then every position's value from its
/// children's stored values ([`bellman`]), using the game's own move generator, not the
/// builder's edge lists. Since distances strictly decrease along the equations, a table
/// satisfying them everywhere (with its children's slices correct) is exact. A folder
/// without four-row table files is an error (nothing verified is not a pass).
pub fn verify(dir: &Path) -> Result<VerifyReport, Error> {
    let t0 = Instant::now();
    let (mut files, mut positions) = (0, 0);
    for (id, list) in by_game(dir, list(dir)?, "four-row", EXTENSION)? {
        let game = game_of(&id, &list[0].0)?;
        let mut built: Built = HashMap::new();
        for (p, s) in &list {
            built.insert(*s, open_slice(&game, p, *s)?);
        }
        let want = |pos: &FourRowPos| -> Result<Wdl, Error> {
            let moves = game.legal_moves(pos);
            let kids = moves.iter().map(|&m| {
                let c = game.play(pos, m);
                lookup(&game, &built, &c).map(decode)
            });
            Ok(bellman(&kids.collect::<Result<Vec<_>, _>>()?))
        };
        for (p, s) in &list {
            let slice = FourSlice::new(&game, *s);
            let unrank = |i| slice.unrank(&game, i);
            let show = |pos: &FourRowPos| game.format_position(pos);
            check_slice(p, built[s].data(), slice.len(), &unrank, &want, &show)?;
            files += 1;
            positions += slice.len();
        }
    }
    Ok(VerifyReport {
        files,
        positions,
        seconds: t0.elapsed().as_secs_f64(),
    })
}
