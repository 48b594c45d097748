//! What the builder needs from the rules, and the identity of a set of tables.
//!
//! The builder is generic over [`SliceRules`]: for a board given as [`Pits`] (side to move
//! normalised, nothing captured yet), either the game is over (a terminal value) or the list
//! of moves, each with the child board, the seeds the mover wins by it and whether he moves
//! again. [`TwoRow`] implements it through its public [`Game`] and [`MarginGame`] interface.
//! A four-row `wdl` game would implement the same trait with values in `{-1, 0, 1}`.

use crate::error::Error;
use arrayvec::ArrayVec;
use mancala_solver::pits::{Pits, MAX_WIDTH};
use mancala_solver::tworow::TwoRowPos;
use mancala_solver::{variant, Game, MarginGame, Side, TwoRow};

/// One move of a position: where it leads and what it wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Succ {
    /// The child board, normalised to the child's side to move.
    pub pits: Pits,
    /// Seeds on the child board.
    pub stones: u32,
    /// Seeds won by the mover with this move minus seeds won by the opponent (a share-out at
    /// the end of the game can give seeds to both).
    pub gain: i32,
    /// The same player moves again (a kalah extra turn).
    pub same_side: bool,
}

/// A move list: at most one move per pit of the mover's row.
pub type Succs = ArrayVec<Succ, { 2 * MAX_WIDTH }>;

/// The rules as the builder sees them.
pub trait SliceRules: Sync {
    /// Pits a side; slices have `2 * width` pits.
    fn width(&self) -> usize;
    /// Fills `out` with the moves of `pits` (cleared first) and returns `None`, or returns
    /// the terminal value (the final margin still to come, mover minus opponent) when the game
    /// is over at `pits`, leaving `out` empty.
    fn expand(&self, pits: Pits, out: &mut Succs) -> Option<i32>;

    /// Calls `visit` with boards of the same slice that may have a move *inside the slice*
    /// (no seed taken off) to `child`: at least every such predecessor, possibly more, each at
    /// least once. The builder uses it only to choose which positions to look at again after
    /// `child` changed; every value is still computed from [`SliceRules::expand`], and a final
    /// sweep over the whole slice catches any predecessor left out, so exactness never depends
    /// on this method, only speed. The default un-sows a single lap sequence that passed the
    /// turn (see [`unsow_candidates`]).
    fn predecessors(&self, child: Pits, visit: &mut dyn FnMut(Pits)) {
        unsow_candidates(self.width(), child, visit)
    }
}

/// The boards from which one sowing that passes the turn and takes nothing off the board can
/// give `child` (side to move normalised): every predecessor by such a move in the two-row
/// games, and some boards that are not.
///
/// The previous mover's board after his move is `child` seen from his side
/// (`child.flip(W)`). For each of his pits `i` and each count `k`, the `k` seeds were sown one
/// a pit from `i + 1` on round the `2W` pits, either skipping the origin on laps (oware,
/// warri, kale) or not (kpo, and kalah moves that stay in the mover's row): taking one seed
/// back from each sown pit must leave no pit negative, and the origin must then hold exactly
/// what was sown into it (it was emptied). The board with those seeds put back into pit `i`
/// is a candidate. Sowings that passed a store, made a capture or ended the game leave the
/// slice and need no predecessor here.
pub fn unsow_candidates(width: usize, child: Pits, visit: &mut dyn FnMut(Pits)) {
    let ring = 2 * width;
    let after = child.flip(width);
    let stones = after.sum_first(ring);
    for origin in 0..width {
        for skip in [true, false] {
            // The common prefix (k < 2W) is emitted by the skipping pass only.
            let mut sown = [0u8; 2 * MAX_WIDTH];
            let mut lane = origin;
            for k in 1..=stones {
                lane = (lane + 1) % ring;
                if skip && lane == origin {
                    lane = (lane + 1) % ring;
                }
                sown[lane] += 1;
                if sown[lane] > after.get(lane) {
                    break;
                }
                if !skip && k < ring as u32 {
                    continue;
                }
                if after.get(origin) != sown[origin] {
                    continue;
                }
                let mut p = after;
                for (l, &c) in sown.iter().enumerate().take(ring) {
                    if c > 0 {
                        p.set(l, after.get(l) - c);
                    }
                }
                p.set(origin, k as u8);
                visit(p);
            }
        }
    }
}

/// The position of a board given side to move normalised: South to move, nothing captured.
pub fn relative_position(game: &TwoRow, pits: Pits) -> TwoRowPos {
    let w = game.width();
    let mut south = [0u32; MAX_WIDTH];
    let mut north = [0u32; MAX_WIDTH];
    for i in 0..w {
        south[i] = pits.get(i) as u32;
        north[i] = pits.get(w + i) as u32;
    }
    game.position(&south[..w], &north[..w], [0, 0], Side::South)
        .expect("a slice board holds at most 127 seeds, which is a valid position")
}

impl SliceRules for TwoRow {
    fn width(&self) -> usize {
        TwoRow::width(self)
    }

    fn expand(&self, pits: Pits, out: &mut Succs) -> Option<i32> {
        out.clear();
        let pos = relative_position(self, pits);
        let moves = self.legal_moves(&pos);
        if moves.is_empty() {
            return Some(self.final_margin(&pos) - self.margin(&pos));
        }
        let lanes = 2 * TwoRow::width(self);
        for &m in moves.iter() {
            let c = self.play(&pos, m);
            let same_side = self.to_move(&c) == Side::South;
            let gain = if same_side {
                self.margin(&c)
            } else {
                -self.margin(&c)
            };
            let p = c.pits();
            out.push(Succ {
                pits: p,
                stones: p.sum_first(lanes),
                gain,
                same_side,
            });
        }
        None
    }
}

/// Which game a set of tables is for: variant, rule options and width. The seeds a pit at
/// the start do not matter to an endgame table.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GameId {
    /// The variant id (`oware`, ...).
    pub variant: String,
    /// Every rule option as `name=value` ([`mancala_solver::RuleOptions::describe`]).
    pub rules: Vec<String>,
    /// Pits a side.
    pub width: usize,
}

impl GameId {
    /// The identity of `game`'s tables.
    pub fn of(game: &TwoRow) -> GameId {
        GameId {
            variant: game.kind().id().to_string(),
            rules: game.options().describe(game.kind()),
            width: TwoRow::width(game),
        }
    }

    /// The rules this identity names (with 1 seed a pit, which tables do not depend on).
    pub fn game(&self) -> Result<TwoRow, Error> {
        let g = variant::build(&self.variant, Some(self.width), Some(1), &self.rules)
            .map_err(|e| Error::Invalid(e.to_string()))?;
        if GameId::of(&g) != *self {
            return Err(Error::Invalid(format!(
                "rules {} do not name one rule set of {}",
                self.rules.join(","),
                self.variant
            )));
        }
        Ok(g)
    }

    /// The rules as they appear in file names: `name=value` joined by commas, or `default`
    /// for a variant without options.
    pub fn rules_text(&self) -> String {
        if self.rules.is_empty() {
            "default".to_string()
        } else {
            self.rules.join(",")
        }
    }

    /// The file name of the slice of `stones` seeds: `<variant>-<rules>-w<W>-n<N>.mtb`.
    pub fn file_name(&self, stones: u32) -> String {
        format!(
            "{}-{}-w{}-n{}.mtb",
            self.variant,
            self.rules_text(),
            self.width,
            stones
        )
    }
}

impl std::fmt::Display for GameId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} ({}) width {}",
            self.variant,
            self.rules_text(),
            self.width
        )
    }
}
