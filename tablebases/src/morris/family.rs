//! The morris games as a family of win/draw/loss tables: their slicing, symmetry-reduced
//! index and file names for the generic layer ([`crate::wdl`]).

use super::slice::{
    check_counters, file_name, game_id, in_tables_scope, split_of, units, MorrisSlice, EXTENSION,
    FEWEST, INDEX, MOST,
};
use crate::driver::Comm;
use crate::error::{Bound, Error};
use crate::files::GameId;
use crate::wdl::{Built, Scope, WdlGame};
use mancala_solver::morris::board::POINTS;
use mancala_solver::morris::{Kind, Morris, MorrisPos, Options};
use mancala_solver::wdl::Wdl;
use std::path::Path;
use std::time::Instant;

impl WdlGame for Morris {
    type Slice = MorrisSlice;

    const FAMILY: &'static str = "morris";
    const INDEX: &'static str = INDEX;
    const EXTENSION: &'static str = EXTENSION;
    const UNITS: &'static str = "counters";
    const PROBE_UNITS: &'static str = "counters";
    const OUT_OF_SCOPE: &'static str = "the morris tables hold positions of the main game \
        (every counter entered, three or more a side)";

    fn game_id(&self) -> GameId {
        game_id(self)
    }

    fn file_name(id: &GameId, split: [u32; 2]) -> String {
        file_name(id, split)
    }

    /// Mulabalaba-morris on its 24 points, its rules named as [`game_id`] names them.
    fn game_of(id: &GameId, path: &Path) -> Result<Morris, Error> {
        let kind = Kind::from_id(&id.variant).filter(|_| id.width == POINTS);
        let Some(kind) = kind else {
            return Err(Error::corrupt(
                path,
                format!("{id} is not a game the morris tables are for"),
            ));
        };
        let opts =
            Options::parse_for(kind, &id.rules).map_err(|e| Error::corrupt(path, e.to_string()))?;
        let game = Morris::new(MOST, opts).map_err(|e| Error::corrupt(path, e.to_string()))?;
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

    fn check_split(path: &Path, split: [u32; 2]) -> Result<(), Error> {
        let counts = FEWEST..=MOST;
        if !counts.contains(&split[0]) || !counts.contains(&split[1]) {
            return Err(Error::corrupt(
                path,
                format!(
                    "slice m={} o={} is not one the morris tables hold ({FEWEST} to {MOST} \
                     counters a side)",
                    split[0], split[1]
                ),
            ));
        }
        Ok(())
    }

    fn check_bound(max: u32) -> Result<(), Error> {
        check_counters(max)
    }

    fn bound(split: [u32; 2]) -> Bound {
        Bound::Counters(split[0].max(split[1]))
    }

    fn slice(&self, split: [u32; 2]) -> MorrisSlice {
        MorrisSlice::new(split)
    }

    fn slice_len(s: &MorrisSlice) -> u64 {
        s.len()
    }

    fn rank(&self, s: &MorrisSlice, pos: &MorrisPos) -> u64 {
        s.rank(pos)
    }

    fn unrank(&self, s: &MorrisSlice, i: u64) -> MorrisPos {
        s.unrank(i)
    }

    fn split_of(&self, pos: &MorrisPos) -> [u32; 2] {
        split_of(pos)
    }

    /// The main game with three counters or more a side; a mover left with fewer has lost.
    fn scope(&self, pos: &MorrisPos) -> Scope {
        if !Morris::entered(pos) {
            return Scope::Outside;
        }
        let split = split_of(pos);
        if split[0] < FEWEST {
            Scope::Settled(Wdl::Loss(0))
        } else if in_tables_scope(pos) {
            Scope::In(split)
        } else {
            Scope::Outside
        }
    }

    fn splits_with(total: u32) -> Vec<[u32; 2]> {
        (FEWEST..=total.saturating_sub(FEWEST))
            .filter(|&m| total - m <= MOST && m <= MOST)
            .map(|m| [m, total - m])
            .collect()
    }

    fn units(max: u32) -> Vec<Vec<[u32; 2]>> {
        units(max)
    }

    fn same_rules(&self, other: &Morris) -> bool {
        other.options() == self.options()
    }

    /// Lost in 0, or a draw under `blocked=draw`.
    fn blocked(&self) -> Wdl {
        if self.options().blocked_draw {
            Wdl::Draw
        } else {
            Wdl::Loss(0)
        }
    }

    fn may_hold(pos: &MorrisPos) -> bool {
        Morris::entered(pos)
    }

    /// Morris units on one process, or on the ranks of `comm` each with its share.
    fn solve_unit(
        &self,
        unit: &[[u32; 2]],
        built: &Built,
        pool: &rayon::ThreadPool,
        comm: &dyn Comm,
        deadline: Option<Instant>,
    ) -> Result<crate::wdl::UnitValues, Error> {
        if comm.ranks() > 1 {
            return super::retro::solve_unit_on(self, unit, built, pool, comm);
        }
        let (v, rounds) = pool.install(|| super::fast::solve_unit(self, unit, built, deadline))?;
        let values = v.concat();
        Ok(crate::wdl::UnitValues {
            part: crate::driver::Part::of(comm),
            held: 3 * values.len() as u64,
            values,
            rounds,
        })
    }
}
