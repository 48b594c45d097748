//! Win/draw/loss databases with distance for the main game (every counter entered) of the
//! morris games (mulabalaba-morris, nine-mens-morris and every rule set between), by the
//! counters each side has on the board.
//!
//! # Slices
//!
//! Once every counter is entered, a move takes one counter elsewhere; it either removes
//! nothing (an *internal* move: the slice `(m, o)` — `m` counters for the side to move, `o`
//! for the other — goes to `(o, m)`) or removes one opponent counter (an *exit*: to
//! `(o - 1, m)`; with `o - 1 < 3` the game is over, the opponent lost). The two slices
//! `(m, o)` and `(o, m)` form one *unit*, built together, and units are built in increasing
//! `m + o`, so every exit lands in a unit already built. Slices hold `3 <= m, o`; a build
//! `--counters N` holds every slice with `m, o <= N`, which is every main-game position of the
//! game with N counters a side.
//!
//! # Symmetry and index
//!
//! The rules keep the eight symmetries of the square and not the inside-out exchange of the
//! squares ([`mancala_solver::morris::symmetry`]: the corner rule lets outside corners fly).
//! With `corners=step` the exchange is a symmetry too; the tables still use the eight alone,
//! one index for every rule set.
//! A position is stored under its canonical image (the least mover's set, ties broken by the
//! least opponent's set). The index of a position is
//!
//! ```text
//! class(mover) * C(24 - m, o) + colex(opponent, within the points the mover leaves empty)
//! ```
//!
//! with `class` the rank of the canonical mover's set among the sets of `m` points that are
//! least in their orbit (sorted), and `colex` the colexicographic rank of the opponent's `o`
//! points numbered among the `24 - m` points the mover leaves. Every canonical position has
//! an index; an index whose mover's set has a symmetry of its own may hold a non-canonical
//! image too, which is built like any other position and never probed. The slices are about
//! eight times smaller than the positions they stand for.
//!
//! # Values
//!
//! One byte a position, the encoding of the four-row tables (`wdl-dtm`,
//! [`crate::wdl::decode`]): `0` a draw (neither side can force the end; a repeated
//! position is a draw, docs/RULES.md), `k >= 1` the game ends in `k - 1` plies under perfect
//! play, a win for the side to move when `k - 1` is odd.
//!
//! # Building
//!
//! [`build()`] first reads every position's exits from the built slices
//! (a position without an internal move is then final; one with an exit to a lost position
//! holds a provisional win that only a shorter win replaces), then works outwards in rounds
//! from the positions decided: round `r` takes the positions whose byte is `r - 1` and
//! visits their predecessors by internal moves ([`mancala_solver::morris::Morris::unmoves`]).
//! When the byte `r - 1` is a loss, each predecessor not yet won sooner is won with byte `r`;
//! when it is a win, a predecessor still undecided all of whose internal moves lead to wins
//! known by now (bytes below `r`) and whose exits all lead to wins is lost, with one byte more
//! than its longest child. A round writes only bytes of `r` or more, and reads only bytes
//! below `r` and the exits, so the tables do not depend on the order of the work or the
//! number of threads. Positions never decided are draws.

mod family;
mod fast;
pub mod plan;
mod retro;
mod slice;

pub use crate::wdl::{open_slice, Checked, ProbeResult, UnitReport};
pub use slice::{
    check_counters, file_name, game_id, in_tables_scope, split_of, units, MorrisSlice, EXTENSION,
    FEWEST, INDEX, MOST,
};

use crate::wdl::Tables;
use mancala_solver::morris::Morris;

/// The tables of one morris rule set found in a folder.
pub type MorrisTables = Tables<Morris>;

impl MorrisTables {
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
}
