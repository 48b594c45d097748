//! The four-row games as a family of win/draw/loss tables: their slicing, indexing and file
//! names for the generic layer ([`crate::wdl`]).

use super::slice::{
    check_game, circuit_len, file_name, game_id, in_tables_scope, split_of, splits, states,
    FourSlice, EXTENSION, INDEX,
};
use crate::driver::Comm;
use crate::error::{Bound, Error};
use crate::files::GameId;
use crate::format;
use crate::wdl::{Built, Scope, WdlGame};
use mancala_solver::fourrow::{FourRow, FourRowPos, Kind, Options};
use std::path::Path;
use std::time::Instant;

impl WdlGame for FourRow {
    type Slice = FourSlice;

    const FAMILY: &'static str = "four-row";
    const INDEX: &'static str = INDEX;
    const EXTENSION: &'static str = EXTENSION;
    const UNITS: &'static str = "stones";
    const PROBE_UNITS: &'static str = "seeds";
    const OUT_OF_SCOPE: &'static str =
        "the tables hold positions in play, not kanotta's setup phase";

    fn game_id(&self) -> GameId {
        game_id(self)
    }

    fn file_name(id: &GameId, split: [u32; 2]) -> String {
        file_name(id, split)
    }

    /// A removal game the tables handle, its rules named as [`game_id`] names them (1 seed a
    /// hole: the start does not matter to the tables).
    fn game_of(id: &GameId, path: &Path) -> Result<FourRow, Error> {
        let kind = Kind::from_id(&id.variant)
            .ok_or_else(|| Error::corrupt(path, format!("unknown variant {}", id.variant)))?;
        let opts =
            Options::parse(kind, &id.rules).map_err(|e| Error::corrupt(path, e.to_string()))?;
        let game = FourRow::new(kind, id.width, 1, opts)
            .map_err(|e| Error::corrupt(path, e.to_string()))?;
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

    fn check_game(&self) -> Result<(), Error> {
        check_game(self)
    }

    fn check_bound(max: u32) -> Result<(), Error> {
        if max > format::MAX_STONES {
            return Err(Error::BadBound {
                bound: Bound::Stones(max),
                reason: format!("at most {}", format::MAX_STONES),
            });
        }
        Ok(())
    }

    fn bound(split: [u32; 2]) -> Bound {
        Bound::Stones(split[0] + split[1])
    }

    fn slice(&self, split: [u32; 2]) -> FourSlice {
        FourSlice::new(self, split)
    }

    fn slice_len(s: &FourSlice) -> u64 {
        s.len()
    }

    fn rank(&self, s: &FourSlice, pos: &FourRowPos) -> u64 {
        s.rank(self, pos)
    }

    fn unrank(&self, s: &FourSlice, i: u64) -> FourRowPos {
        s.unrank(self, i)
    }

    fn positions(&self, split: [u32; 2]) -> Option<u64> {
        let w = self.width();
        (states(self.kind()) as u64)
            .checked_mul(circuit_len(w, split[0]))?
            .checked_mul(circuit_len(w, split[1]))
    }

    fn split_of(&self, pos: &FourRowPos) -> [u32; 2] {
        split_of(self, pos)
    }

    fn scope(&self, pos: &FourRowPos) -> Scope {
        if in_tables_scope(self, pos) {
            Scope::In(split_of(self, pos))
        } else {
            Scope::Outside
        }
    }

    fn splits_with(total: u32) -> Vec<[u32; 2]> {
        (0..=total).map(|m| [m, total - m]).collect()
    }

    /// Every split with its mirror, by seeds on the board, then by the mover's seeds.
    fn units(max: u32) -> Vec<Vec<[u32; 2]>> {
        splits(max)
            .into_iter()
            .filter(|s| s[0] <= s[1])
            .map(|s| {
                if s[0] == s[1] {
                    vec![s]
                } else {
                    vec![s, [s[1], s[0]]]
                }
            })
            .collect()
    }

    fn same_rules(&self, other: &FourRow) -> bool {
        other.kind() == self.kind()
            && other.width() == self.width()
            && other.options() == self.options()
    }

    /// Four-row builds have no deadline: the planner bounds them by the positions they hold.
    fn solve_unit(
        &self,
        unit: &[[u32; 2]],
        built: &Built,
        pool: &rayon::ThreadPool,
        comm: &dyn Comm,
        _deadline: Option<Instant>,
    ) -> Result<crate::wdl::UnitValues, Error> {
        super::retro::solve_unit(self, unit, built, pool, comm)
    }
}
