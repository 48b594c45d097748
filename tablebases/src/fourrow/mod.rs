//! Win/draw/loss tablebases with distance for the four-row removal games (mulabalaba, toka,
//! kanotta in play, nchuba, nakabili, kabwanga, chisolo, natatu).
//!
//! # Slices
//!
//! Each player sows only in his own circuit of `2W` holes and a capture only takes seeds off
//! the *opponent's* circuit, so a move either keeps both players' seed counts (an *internal*
//! move: the slice `(m, o)`, side to move first, goes to `(o, m)`) or lowers the opponent's
//! (an *exit*: to `(o', m)` with `o' < o`, fewer seeds on the board). A slice is keyed by the
//! seeds of the side to move `m` and of the opponent `o`; the two slices `(m, o)` and
//! `(o, m)` form one *unit*, built together, and units are built in increasing `m + o`, so
//! every exit lands in a unit already built.
//!
//! Within a slice a position is the mover's circuit, the opponent's circuit and the
//! variant's extra *state*:
//!
//! - nchuba: the captures made by the mover and by the opponent, each `0, 1, 2+` (3 x 3
//!   states: the number of extra holes a capture takes is 3, 2, then 1);
//! - nakabili: each `0, 1+` (2 x 2 states: 2 extra holes, then 1);
//! - natatu: the side to move (South sows clockwise, North chooses at his first move) and
//!   North's direction (none yet, cw, ccw): 2 x 3 states;
//! - the others: one state. Kanotta's setup phase is left out: the tables hold positions in
//!   play (both players have made their four removals).
//!
//! The index of a position is `(state * len(m) + rank(mover)) * len(o) + rank(opponent)`,
//! with `rank` the stars-and-bars rank of a circuit (the [`index`](crate::tworow::index) module's,
//! a circuit as a [`Pits`](mancala_solver::tworow::board::Pits) of `2W` lanes, so `W <= 8`)
//! and `len(n) = C(n + 2W - 1, 2W - 1)`.
//!
//! # Values
//!
//! One byte a position (encoding `wdl-dtm`, [`crate::wdl`]): `0` = draw (neither side can
//! force the end: play goes on for ever, worth 0 by docs/RULES.md), `k >= 1` = the game ends
//! in `d = k - 1` plies under perfect play (the winner hastens, the loser delays). Every move
//! in play passes the turn, so the side to move wins exactly when `d` is odd, and loses when
//! `d` is even (`d = 0`: no legal move). Distances above 254 do not fit and stop the build with an error.
//!
//! # Building
//!
//! [`build()`] computes every child of every position of a unit once (in
//! parallel), reading exits from the built slices, then runs the distance retrograde in
//! rounds: round 0 marks the positions without a move lost in 0; round `d` marks won in `d`
//! every undecided position with a child lost in `d - 1`, and lost in `d` every undecided
//! position all of whose children are known wins (distance `< d`). Each round reads only the
//! values of earlier rounds, so the result does not depend on the thread count. Positions
//! never marked are draws.

mod family;
pub mod plan;
mod retro;
mod slice;

pub use crate::wdl::{decode, open_slice, Checked, ProbeResult, UnitReport};
pub use slice::{
    check_game, circuit_len, file_name, game_id, in_tables_scope, split_of, splits, state_of,
    states, FourSlice, ENCODING, EXTENSION, INDEX, MAX_WIDTH, METRIC,
};

use crate::wdl::Tables;
use mancala_solver::fourrow::FourRow;

/// The tables of one four-row game found in a folder.
pub type FourTables = Tables<FourRow>;

impl FourTables {
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
}
