//! The tables of the two-row games (kalah, oware, warri, kale, kpo): exact values of every
//! position with up to `N` seeds on the board, built by parallel retrograde analysis, one
//! signed byte a position.
//!
//! ## Slices and values
//!
//! A *slice* is every distribution of `n` seeds over the `2W` pits, the side to move
//! normalised (the board as [`Pits`](mancala_solver::Pits): mover's row in lanes `0..W`). The
//! [`index`](crate::tworow::index) module ranks them perfectly (combinatorial number system). The future of a
//! position does not depend on the seeds already captured, so one value per board suffices:
//! the **future value**, seeds the side to move will still win minus the opponent's under
//! perfect play, infinite play worth 0 (docs/RULES.md). It lies in `-n..=n`.
//!
//! Seeds never come back onto the board, so a move either *leaves* the slice (it captured or
//! stored seeds, or ended the game with a share-out: an **exit**, worth `gain ± v(child)` with
//! the child in a smaller slice, `+` when the same side moves again) or *stays* in it (gain 0:
//! an **internal** move). Slices are built in increasing `n`, so exit values are known when a
//! slice is built. A position without legal move is worth `final_margin - margin`.
//!
//! ## The algorithm: threshold games, all thresholds at once
//!
//! Within one slice, play is a game on a finite graph whose cycles all gain nothing: each
//! play either ends at an exit (its value) or goes on for ever (0). For a threshold `t >= 1`
//! let `WIN_t = {v >= t}` and `LOSS_t = {v <= -t}`. They are the least sets such that
//!
//! - `x ∈ WIN_t` if some exit of `x` is worth `>= t`, or some internal move goes to a child
//!   in `LOSS_t` (opponent to move) or in `WIN_t` (same side to move);
//! - `x ∈ LOSS_t` if every exit is worth `<= -t`, every internal move that passes the turn
//!   goes to `WIN_t` and every one that keeps it goes to `LOSS_t`
//!
//! (a terminal position counts as one exit with its terminal value). These are the classical
//! attractor computations of a reachability game: a player wins `WIN_t` exactly when he can
//! force the play to an exit worth `t` or more, since staying for ever (0) is not enough; he
//! is in `LOSS_t` exactly when he cannot avoid an exit worth `-t` or less, since staying for
//! ever (0) would be better. Reachability games are determined, so positions in neither set
//! are worth exactly 0 for `t = 1`, and in general `v(x) = max{t : x ∈ WIN_t}`, or
//! `-max{t : x ∈ LOSS_t}`, or 0.
//!
//! The builder computes every threshold in the same pass ([`build`](mod@build) module). Each
//! position holds one signed byte `s`: `s = w > 0` records "`x ∈ WIN_t` for every `t <= w`",
//! `s = -l` records "`x ∈ LOSS_t` for every `t <= l`", 0 records nothing. A position cannot be
//! proven in both (`v >= 1` and `v <= -1` exclude each other), so one byte holds both. Let
//! `a(m)` be a move's value read from `s`: exact for an exit, `s(child)` for an internal move
//! that keeps the turn, `-s(child)` for one that passes it. The two rules above, for every
//! `t` at once, read
//!
//! ```text
//! x ∈ WIN_t   <=>  max_m a(m) >= t                    so  w(x) = max(0, max_m a(m))
//! x ∈ LOSS_t  <=>  max_m b(m) <= -t                   so  l(x) = max(0, -max_m b(m))
//!                  (b(m) = a(m) for an exit, min(0, a(m)) for an internal move)
//! ```
//!
//! A position becomes positive as soon as *one* move is proven positive, and negative only
//! when *every* move is proven negative: an internal move to a child not yet proven counts as
//! a possible 0 (staying for ever). When `max a > 0` the second line gives 0; when
//! `max a <= 0` every `a(m) <= 0`, so `b = a` and the second line gives `-max a`. Both lines
//! together are therefore just
//!
//! ```text
//! s(x) = max_m a(m)
//! ```
//!
//! the Bellman (negamax) update, *started from 0 everywhere*. The builder applies it to every
//! position, then again to the positions that may have a move to a changed value (found by
//! un-sowing), until nothing changes (the [`build`](mod@build) module docs prove that this
//! marking misses no change in the two-row games; for rules where that is not proven it ends
//! with a full pass that must change nothing).
//!
//! Kalah has no cycle inside a slice: every move that stays in it raises a potential (seeds
//! weighted by the place of their pit along their owner's row), so the builder evaluates each
//! position once, in decreasing potential, every child already final
//! ([`build`](mod@build) module docs: "The acyclic path"). On an acyclic graph the update has
//! a single fixpoint, so this is the same table, byte for byte (tests compare both paths).
//!
//! ### Why it is exact
//!
//! For each `t` the update is a monotone operator on sets and every `s` starts at 0 (the empty
//! sets), so iterating it computes, for every threshold at once, the least fixpoint, which is
//! the attractor, which is `{v >= t}` (resp. `{v <= -t}`) by the determinacy of reachability
//! games; the value is then read off as above, and infinite play comes out as 0 because a
//! position that no threshold proves stays at 0. Updates only ever move `s` away from 0 and
//! never past the fixpoint (a monotone operator applied to an under-approximation gives an
//! under-approximation), so they may run in any order, in place, concurrently with relaxed
//! atomic reads, on any subset of positions; the build ends only after a full pass that
//! changed nothing, which read a constant state that is therefore a fixpoint, hence the least
//! one. The result is the same, byte for byte, for any thread count or marking. (With a
//! marking proven complete, the last evaluation of every position read the final values of
//! its children, which proves the fixpoint without the confirming pass: `build` module docs.)
//!
//! The start from 0 matters: Bellman iteration from another start (or any Bellman fixpoint)
//! need not be exact here, since on a cycle the equations can hold for a value that no
//! strategy forces (positions that all claim to win 5 through one another, with no exit worth
//! 5). The verifier ([`crate::folder::verify()`]) checks the Bellman equations, which every correct table
//! satisfies; agreement with the reference solver on small slices (tests) checks the cycles.
//!
//! # Modules
//!
//! - [`index`]: the stars-and-bars ranking of a slice's boards (the four-row tables rank
//!   their circuits with it too);
//! - [`build`](mod@build): the builder of one slice; [`build`](build()) and [`build_on`]
//!   every slice, on one process or the ranks of an MPI job (`part`, the partitioned build);
//! - [`rules`]: what the builder needs from the rules ([`SliceRules`]);
//! - [`probe`](mod@probe): the slices of one game memory-mapped ([`Tablebases`]), probed
//!   with move values, and their value histograms;
//! - [`verify`](mod@verify): the verifier, re-deriving every value from its successors;
//! - [`plan`]: the solve planner of the two-row games: the tables a solve needs, built when
//!   they fit, then the search.

pub mod build;
pub mod index;
mod part;
pub mod plan;
pub mod probe;
pub mod rules;
pub mod verify;

use crate::driver::{create_folder, thread_pool, BuildReport, Comm, Single};
use crate::error::Error;
use crate::files::GameId;
use mancala_solver::{variant, TwoRow};
use std::path::Path;
use std::time::Instant;

pub use build::{build_next, check_stones, Progress, SliceBuilder, SliceReport};
pub use probe::{probe, probe_with, stats, Probe, Stats, Tablebases};
pub use rules::{Edge, SliceRules};

/// Builds every slice of `game` from 0 up to `max_stones` seeds into `dir` (created if
/// needed), with `threads` worker threads. Slices whose file is already present and valid are
/// kept (resume); a present file that is damaged or belongs to another game is an error.
pub fn build(
    game: &TwoRow,
    dir: &Path,
    max_stones: u32,
    threads: usize,
    progress: &(dyn Fn(&Progress) + Sync),
) -> Result<BuildReport<SliceReport>, Error> {
    build_on(&Single, game, dir, max_stones, threads, progress)
}

/// [`build`] on the ranks of `comm` (every rank calls it with the same arguments): on two
/// ranks or more each slice is built by all of them with its values partitioned between
/// them (`tworow::part`) and written by rank 0, the same bytes as
/// [`build`] writes; the folder must be the same one for every rank (a shared file system).
pub fn build_on(
    comm: &dyn Comm,
    game: &TwoRow,
    dir: &Path,
    max_stones: u32,
    threads: usize,
    progress: &(dyn Fn(&Progress) + Sync),
) -> Result<BuildReport<SliceReport>, Error> {
    if comm.ranks() > 1 {
        return part::build_on(comm, game, dir, max_stones, threads, progress);
    }
    let t0 = Instant::now();
    check_stones(game, max_stones)?;
    let pool = thread_pool(threads)?;
    create_folder(dir)?;
    let mut tables = Tablebases::empty_in(game, dir);
    let mut reports = Vec::new();
    for n in 0..=max_stones {
        reports.push(build_next(game, &mut tables, &pool, None, progress)?);
        debug_assert_eq!(tables.next_stones(), n + 1);
    }
    Ok(BuildReport {
        game: GameId::of(game),
        slices: reports,
        threads,
        seconds: t0.elapsed().as_secs_f64(),
    })
}

/// The identity of two-row tables.
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
            .map_err(|e| Error::Rules(e.to_string()))?;
        if GameId::of(&g) != *self {
            return Err(Error::Rules(format!(
                "rules {} do not name one rule set of {}",
                self.rules.join(","),
                self.variant
            )));
        }
        Ok(g)
    }
}
