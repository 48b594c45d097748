//! What the builder needs from the rules.
//!
//! The builder is generic over [`SliceRules`]: for a board given as [`Pits`] (side to move
//! normalised, nothing captured yet), either the game is over (a terminal value) or the list
//! of moves, each with the child board, the seeds the mover wins by it and whether he moves
//! again. [`TwoRow`] implements it with its sow-once [`TwoRow::successors`], which gives every
//! move's child and gain in one pass, and [`MarginGame::final_margin`] at the end of a game.
//! A four-row `wdl` game would implement the same trait with values in `{-1, 0, 1}`.

use arrayvec::ArrayVec;
use mancala_solver::tworow::board::{Pits, MAX_WIDTH};
use mancala_solver::tworow::TwoRowPos;
use mancala_solver::{Kind, MarginGame, Side, Successors, TwoRow};

/// One edge of the slice graph: where a move of a position leads and what it wins (the
/// builder's view of a [`mancala_solver::Successor`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Edge {
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
pub type Edges = ArrayVec<Edge, { 2 * MAX_WIDTH }>;

/// The rules as the builder sees them.
pub trait SliceRules: Sync {
    /// Pits a side; slices have `2 * width` pits.
    fn width(&self) -> usize;
    /// Fills `out` with the moves of `pits` (cleared first) and returns `None`, or returns
    /// the terminal value (the final margin still to come, mover minus opponent) when the game
    /// is over at `pits`, leaving `out` empty.
    fn expand(&self, pits: Pits, out: &mut Edges) -> Option<i32>;

    /// Calls `visit` with boards of the same slice that may have a move *inside the slice*
    /// (no seed taken off) to `child`: at least every such predecessor, possibly more, each at
    /// least once. The builder uses it only to choose which positions to look at again after
    /// `child` changed; every value is still computed from [`SliceRules::expand`]. Unless
    /// [`SliceRules::predecessors_complete`] says otherwise, a final sweep over the whole slice
    /// catches any predecessor left out, so exactness does not depend on this method, only
    /// speed. The default un-sows a single lap sequence that passed the turn (see
    /// [`unsow_candidates`]).
    fn predecessors(&self, child: Pits, visit: &mut dyn FnMut(Pits)) {
        unsow_candidates(self.width(), child, visit)
    }

    /// True when [`SliceRules::predecessors`] is proven to visit *every* position with a move
    /// inside the slice to `child` (not merely tested to): the builder then trusts the marking
    /// and skips the confirming full pass (the proof that this is exact is in the
    /// [`build`](mod@crate::tworow::build) module docs). False by default.
    fn predecessors_complete(&self) -> bool {
        false
    }

    /// True when every move that stays inside a slice raises the potential
    /// [`potential`](crate::tworow::index::potential) strictly (kalah: the proof is in the
    /// [`build`](mod@crate::tworow::build) module docs). The builder then evaluates the positions once
    /// each, in decreasing potential, instead of iterating to a fixpoint; it checks as it goes
    /// that no move inside the slice reaches a position not yet evaluated, and fails with
    /// [`Error::Unsound`](crate::Error::Unsound) if one does, so a wrong `true` cannot give a wrong table.
    fn acyclic_in_slice(&self) -> bool {
        false
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
    // The lane after `lane` round the ring.
    let step = |lane: usize| if lane + 1 == ring { 0 } else { lane + 1 };
    for origin in 0..width {
        let origin_bit = 1u128 << (8 * origin);
        // `sown` holds one seed for each seed sown so far in each lane: taking it back from
        // `after` never borrows across lanes, as a walk stops before a lane would go negative.
        // A candidate: every sown seed taken back, the origin (emptied by the move, so holding
        // only what was sown into it) refilled with the `k` seeds.
        let candidate = |sown: Pits, k: u32| Pits(after.0 - sown.0 + origin_bit * k as u128);
        // The first 2W - 1 seeds fall in the same lanes whether laps skip the origin or not:
        // the lanes after the origin round to the one before it. The origin gets none of them.
        let mut sown = Pits::EMPTY;
        let mut lane = origin;
        let mut k = 0;
        let mut blocked = false;
        while k < stones && k + 1 < ring as u32 {
            k += 1;
            lane = step(lane);
            sown.0 += 1u128 << (8 * lane);
            if sown.get(lane) > after.get(lane) {
                blocked = true;
                break;
            }
            if after.get(origin) == 0 {
                visit(candidate(sown, k));
            }
        }
        if blocked || k == stones {
            continue;
        }
        // 2W seeds or more: laps that skip the origin, or (kpo, kalah) laps that do not.
        for skip in [true, false] {
            let mut sown = sown;
            let mut lane = lane;
            for k in ring as u32..=stones {
                lane = step(lane);
                if skip && lane == origin {
                    lane = step(lane);
                }
                sown.0 += 1u128 << (8 * lane);
                if sown.get(lane) > after.get(lane) {
                    break;
                }
                if after.get(origin) == sown.get(origin) {
                    visit(candidate(sown, k));
                }
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

    fn expand(&self, pits: Pits, out: &mut Edges) -> Option<i32> {
        out.clear();
        let pos = TwoRowPos::from_relative(pits);
        let mut children = Successors::new();
        self.successors(&pos, &mut children);
        if children.is_empty() {
            // Nothing captured yet: the final margin is all still to come.
            return Some(self.final_margin(&pos));
        }
        let lanes = 2 * TwoRow::width(self);
        for s in &children {
            let p = s.child.pits();
            out.push(Edge {
                pits: p,
                stones: p.sum_first(lanes),
                gain: s.gain,
                same_side: s.child.side_to_move() == Side::South,
            });
        }
        None
    }

    /// True: [`unsow_candidates`] finds every predecessor by a move inside the slice in the
    /// two-row games. Such a move has gain 0, so it took no seed off the board: no capture, no
    /// seed in a store, no share-out; it did not keep the turn either (kalah's extra move needs
    /// the last seed in the store). What is left of a move is its sowing, and the two-row
    /// sowings are exactly the ones `unsow_candidates` inverts: the `k` seeds of pit `i` dropped
    /// one a pit in the lanes after `i` round the ring of `2W` pits, laps skipping the origin
    /// (oware, warri and kale: `lap_holes` in the rules) or not (kpo; kalah moves that stay in
    /// the slice never reach the store, so never lap). For every pit `i` and count `k` it takes
    /// the seeds back; a sowing that took them from `i` is one of the candidates visited. The
    /// test `predecessor_candidates_cover_every_internal_move` checks it move by move for every
    /// variant and option, widths 1 to 4, up to 7 stones.
    fn predecessors_complete(&self) -> bool {
        true
    }

    /// Kalah only: a move that stays in its slice raises the potential (`build` module docs).
    fn acyclic_in_slice(&self) -> bool {
        self.kind() == Kind::Kalah
    }
}
