//! Opening, probing and verifying the morris tables.

pub use super::files::open_slice;
use super::files::stored_byte;
use super::slice::{
    file_name, game_id, in_tables_scope, split_of, units, MorrisSlice, EXTENSION, FEWEST, INDEX,
    MOST,
};
use crate::error::{Bound, Error, Need};
use crate::files::GameId;
use crate::format::{read_header, Header};
use crate::wdl::{
    bellman, by_game, check_slice, decode, missing_slice, named_split, tally, Built, ProbeResult,
    SliceStats, VerifyReport,
};
use mancala_solver::morris::board::POINTS;
use mancala_solver::morris::{Kind, Morris, MorrisMove, MorrisPos, Options};
use mancala_solver::search::Oracle;
use mancala_solver::wdl::Wdl;
use mancala_solver::{Game, Notation};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Checks a morris file's header (already read and checked by [`read_header`]) against the
/// file: a morris table under the name its header gives, with counts the tables hold and the
/// slice's number of positions. Returns the game and the split.
pub fn check_header(path: &Path, h: &Header) -> Result<(Morris, [u32; 2]), Error> {
    let split = named_split(path, h, (INDEX, "morris", EXTENSION), file_name)?;
    let id = h.game_id();
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
    if split[0] + split[1] != h.stones {
        return Err(Error::corrupt(
            path,
            format!(
                "slice m={} o={} has {} counters, but its header says {}",
                split[0],
                split[1],
                split[0] + split[1],
                h.stones
            ),
        ));
    }
    let game = game_of(&id, path)?;
    let n = MorrisSlice::new(split).len();
    if n != h.positions {
        return Err(Error::corrupt(
            path,
            format!(
                "{} positions, the slice m={} o={} has {n}",
                h.positions, split[0], split[1]
            ),
        ));
    }
    Ok((game, split))
}

/// The game a header names: mulabalaba-morris on its 24 points, its rules named as
/// [`game_id`] names them.
pub fn game_of(id: &GameId, path: &Path) -> Result<Morris, Error> {
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

/// The morris table files (`*.mrb`) of `dir` with their headers, sorted by name; each checked
/// as [`check_header`] does.
pub fn list(dir: &Path) -> Result<Vec<(PathBuf, Header)>, Error> {
    let mut out = Vec::new();
    for p in crate::files::files_with_extension(dir, EXTENSION)? {
        let h = read_header(&p)?;
        check_header(&p, &h)?;
        out.push((p, h));
    }
    Ok(out)
}

/// The tables of one morris rule set found in a folder.
pub struct MorrisTables {
    game: Morris,
    dir: PathBuf,
    slices: Built,
}

impl MorrisTables {
    /// Opens every slice file of `game`'s rules in `dir`, checking each; a damaged or
    /// mismatched morris file is an error naming it, and so is a folder without any slice of
    /// these rules.
    pub fn open(dir: &Path, game: &Morris) -> Result<MorrisTables, Error> {
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
            let split = h.split.expect("morris headers have a split");
            slices.insert(split, open_slice(game, &path, split)?);
        }
        if slices.is_empty() {
            return Err(crate::files::no_tables(dir, &id));
        }
        Ok(MorrisTables {
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

    /// True when no slice was found (never for tables [`MorrisTables::open`] gave).
    pub fn is_empty(&self) -> bool {
        self.slices.is_empty()
    }

    /// The most counters a side up to which every slice is present (0 when `(3, 3)` is
    /// absent).
    pub fn complete_up_to(&self) -> u32 {
        (FEWEST..=MOST)
            .take_while(|&n| {
                units(n)
                    .iter()
                    .flatten()
                    .all(|s| self.slices.contains_key(s))
            })
            .last()
            .unwrap_or(0)
    }

    /// True when `game` has these tables' rules (the counters at the start do not matter).
    pub fn is_for(&self, game: &Morris) -> bool {
        game.options() == self.game.options()
    }

    /// The value of `pos` for the side to move: from its slice once every counter is
    /// entered, lost in 0 plies when the mover has fewer than three counters; `None` in the
    /// placement phase or when the slice is absent.
    pub fn value(&self, pos: &MorrisPos) -> Option<Wdl> {
        if !Morris::entered(pos) {
            return None;
        }
        let split = split_of(pos);
        if split[0] < FEWEST {
            return Some(Wdl::Loss(0));
        }
        if !in_tables_scope(pos) {
            return None;
        }
        let f = self.slices.get(&split)?;
        Some(decode(f.data()[MorrisSlice::new(split).rank(pos) as usize]))
    }

    /// A line of perfect play from `pos` to the end by the tables. Empty for a draw or a
    /// position outside the tables.
    pub fn line(&self, pos: &MorrisPos) -> Vec<MorrisMove> {
        mancala_solver::fourrow::retro::wdl_line(&self.game, pos, &|p| self.value(p))
    }

    /// For each slice with `counters` counters on the board (by the mover's): its split,
    /// entries won, drawn and lost for the side to move, and the longest distance; an error
    /// when one is absent.
    pub fn stats(&self, counters: u32) -> Result<Vec<SliceStats>, Error> {
        (FEWEST..=counters.saturating_sub(FEWEST))
            .filter(|&m| counters - m <= MOST && m <= MOST)
            .map(|m| {
                let split = [m, counters - m];
                let f = self
                    .slices
                    .get(&split)
                    .ok_or_else(|| missing_slice(&self.dir, split))?;
                let (c, max) = tally(f.data());
                Ok((split, c, max))
            })
            .collect()
    }

    /// The value of `pos` and of each of its moves; an error outside the tables.
    pub fn probe(&self, pos: &MorrisPos) -> Result<ProbeResult, Error> {
        let g = &self.game;
        if !in_tables_scope(pos) {
            return Err(Error::OutOfRange(
                "the morris tables hold positions of the main game (every counter entered, three or more a side)".into(),
            ));
        }
        let split = split_of(pos);
        let value = self.value(pos).ok_or_else(|| Error::MissingSlice {
            path: self.dir.clone(),
            reason: format!(
                "{}: no table for this position (mover {} counters, opponent {})",
                self.dir.display(),
                split[0],
                split[1],
            ),
            need: Some(Need::To(Bound::Counters(split[0].max(split[1])))),
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

impl Oracle<Morris> for MorrisTables {
    /// +1, 0 or −1 for the side to move (the morris game's final margins).
    fn probe(&self, game: &Morris, pos: &MorrisPos) -> Option<i32> {
        if !self.is_for(game) {
            return None;
        }
        self.value(pos).map(Wdl::value)
    }

    fn prefetch(&self, _game: &Morris, pos: &MorrisPos) -> bool {
        Morris::entered(pos)
    }
}

impl std::fmt::Debug for MorrisTables {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MorrisTables")
            .field("game", &game_id(&self.game))
            .field("dir", &self.dir)
            .field("slices", &self.slices.len())
            .finish()
    }
}

/// Checks every morris table of `dir`: checksums, then every entry's value from its
/// children's stored values ([`bellman`]), using the game's own move generator, not the
/// builder's retrograde moves. A folder without morris table files is an error.
pub fn verify(dir: &Path) -> Result<VerifyReport, Error> {
    let t0 = Instant::now();
    let (mut files, mut positions) = (0, 0);
    for (id, list) in by_game(dir, list(dir)?, "morris", EXTENSION)? {
        let game = game_of(&id, &list[0].0)?;
        let mut built: Built = HashMap::new();
        for (p, s) in &list {
            built.insert(*s, open_slice(&game, p, *s)?);
        }
        let blocked = if game.options().blocked_draw {
            Wdl::Draw
        } else {
            Wdl::Loss(0)
        };
        let want = |pos: &MorrisPos| -> Result<Wdl, Error> {
            let kids = game
                .legal_moves(pos)
                .iter()
                .map(|&m| stored_byte(&built, &game.play(pos, m)).map(decode))
                .collect::<Result<Vec<_>, _>>()?;
            Ok(if kids.is_empty() {
                blocked
            } else {
                bellman(&kids)
            })
        };
        for (p, s) in &list {
            let slice = MorrisSlice::new(*s);
            let show = |pos: &MorrisPos| game.format_position(pos);
            check_slice(
                p,
                built[s].data(),
                slice.len(),
                &|i| slice.unrank(i),
                &want,
                &show,
            )?;
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
