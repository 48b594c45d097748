//! Opening and probing the win/draw/loss tables of one game.

use super::files::{list, missing_slice, open_slice};
use super::{decode, tally, Built, ProbeResult, Scope, SliceStats, WdlGame};
use crate::error::{Error, Need};
use mancala_solver::search::Oracle;
use mancala_solver::wdl::Wdl;
use mancala_solver::MarginGame;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// The tables of one game found in a folder, every slice memory-mapped.
pub struct Tables<G: WdlGame>
where
    G::Position: Send + Sync,
{
    pub(crate) game: G,
    dir: PathBuf,
    pub(crate) slices: Built,
}

impl<G: WdlGame> Tables<G>
where
    G::Position: Send + Sync,
{
    /// Opens every slice file of `game`'s rules in `dir`, checking each; a damaged or
    /// mismatched file of the family is an error naming it, and so is a folder without any
    /// slice of these rules (naming the tables it holds instead, [`crate::files::no_tables`]).
    pub fn open(dir: &Path, game: &G) -> Result<Tables<G>, Error> {
        game.check_game()?;
        if !dir.is_dir() {
            return Err(Error::NoFolder {
                dir: dir.to_path_buf(),
                make: false,
            });
        }
        let id = game.game_id();
        let mut slices = HashMap::new();
        for (path, h) in list::<G>(dir)? {
            if h.game_id() != id {
                continue;
            }
            let split = h.split.expect("listed headers have a split");
            slices.insert(split, open_slice(game, &path, split)?);
        }
        if slices.is_empty() {
            return Err(crate::files::no_tables(dir, &id));
        }
        Ok(Tables {
            game: game.clone(),
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

    /// True when no slice was found (never for tables [`Tables::open`] gave: it refuses
    /// such a folder).
    pub fn is_empty(&self) -> bool {
        self.slices.is_empty()
    }

    /// True when `game` has these tables' rules (the seeds or counters at the start do not
    /// matter).
    pub fn is_for(&self, game: &G) -> bool {
        self.game.same_rules(game)
    }

    /// The value of `pos` for the side to move, when the rules settle it or its slice is
    /// present.
    pub fn value(&self, pos: &G::Position) -> Option<Wdl> {
        match self.game.scope(pos) {
            Scope::Outside => None,
            Scope::Settled(v) => Some(v),
            Scope::In(split) => {
                let f = self.slices.get(&split)?;
                let i = self.game.rank(&self.game.slice(split), pos);
                Some(decode(f.data()[i as usize]))
            }
        }
    }

    /// A line of perfect play from `pos` to the end by the tables
    /// ([`mancala_solver::fourrow::retro::wdl_line`]). Empty for a draw or a position outside
    /// the tables.
    pub fn line(&self, pos: &G::Position) -> Vec<G::Move> {
        mancala_solver::fourrow::retro::wdl_line(&self.game, pos, &|p| self.value(p))
    }

    /// For each slice with `total` seeds or counters on the board (by the mover's): its
    /// split, positions won, drawn and lost for the side to move, and the longest distance;
    /// an error when one is absent.
    pub fn stats(&self, total: u32) -> Result<Vec<SliceStats>, Error> {
        G::splits_with(total)
            .into_iter()
            .map(|split| {
                let f = self
                    .slices
                    .get(&split)
                    .ok_or_else(|| missing_slice(&self.dir, split))?;
                let (c, max) = tally(f.data());
                Ok((split, c, max))
            })
            .collect()
    }

    /// The value of `pos` and of each of its moves; an error outside the tables or when its
    /// slice is absent.
    pub fn probe(&self, pos: &G::Position) -> Result<ProbeResult, Error> {
        let g = &self.game;
        let Scope::In(split) = g.scope(pos) else {
            return Err(Error::OutOfRange(G::OUT_OF_SCOPE.into()));
        };
        let value = self.value(pos).ok_or_else(|| Error::MissingSlice {
            path: self.dir.clone(),
            reason: format!(
                "{}: no table for this position (mover {} {}, opponent {})",
                self.dir.display(),
                split[0],
                G::PROBE_UNITS,
                split[1],
            ),
            need: Some(Need::To(G::bound(split))),
        })?;
        let moves = g
            .legal_moves(pos)
            .iter()
            .map(|&m| {
                let v = self.value(&g.play(pos, m)).map(|v| v.before(false));
                (g.move_name(pos, m), v)
            })
            .collect();
        Ok(ProbeResult { value, moves })
    }
}

impl<G: WdlGame + MarginGame> Oracle<G> for Tables<G>
where
    G::Position: Send + Sync,
{
    /// +1, 0 or −1 for the side to move (the final margins of a win/draw/loss game).
    fn probe(&self, game: &G, pos: &G::Position) -> Option<i32> {
        if !self.is_for(game) {
            return None;
        }
        self.value(pos).map(Wdl::value)
    }

    fn prefetch(&self, _game: &G, pos: &G::Position) -> bool {
        G::may_hold(pos)
    }
}

impl<G: WdlGame> std::fmt::Debug for Tables<G>
where
    G::Position: Send + Sync,
{
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tables")
            .field("game", &self.game.game_id())
            .field("dir", &self.dir)
            .field("slices", &self.slices.len())
            .finish()
    }
}
