//! Observation tensors and legal-action masks, written straight into numpy arrays.
//!
//! Every field of a position is encoded, so that the tensor is Markov: equal tensors are
//! equal positions (with the observer and the seat to move). The layout, per family, in
//! blocks of one value per seat (seats in order `0, 1, ..`; with `relative`, counted from
//! the observing player: his own first):
//!
//! - two-row: each seat's pits from that player's left (the action order); each seat's
//!   seeds won (stores for kalah);
//! - kpo for three or four: each seat's pits `1..P` from its left; each seat's seeds taken;
//! - four-row: each seat's circuit of `2W` holes in its sowing order (back row from its
//!   left, then front row from its right); each seat's seeds removed, captures made, setup
//!   holes emptied, store seeds, store move made (0/1); North's chosen direction one-hot
//!   (none yet, anti-clockwise, clockwise);
//! - morris: each seat's counters on the 24 points (1 where it has one); each seat's
//!   counters in hand; each seat's counters taken;
//! - Isolo: each seat's circuit (Isolo I its row from its left; Isolo II back row from its
//!   left, then front row from its left); the phase one-hot (fore-play, arrangement,
//!   play); each seat's store seeds still to take (0 when unlimited); each seat's
//!   unlimited store (0/1);
//!
//! then, for every family, the seat to move one-hot (all zero once the game is over) and
//! the observing player one-hot. Counts are seed (counter) counts, unscaled.

use crate::{Inner, Pos, Rules};
use mancala_solver::any::{AnyPos, AnyRules};
use mancala_solver::fourrow::Dir;
use mancala_solver::isolo::{Phase, UNLIMITED};
use mancala_solver::morris::board::POINTS;
use mancala_solver::side::Side;

/// The side of seat index `s` (0 South, 1 North).
fn side(s: usize) -> Side {
    Side::ALL[s]
}

/// The length of the observation tensor of `rules`.
pub(crate) fn size(rules: &Rules) -> usize {
    let (board, fields) = match rules {
        Rules::Two(AnyRules::Two(g)) => (2 * g.width(), 2),
        Rules::Two(AnyRules::Four(g)) => (4 * g.width(), 13),
        Rules::Two(AnyRules::Morris(_)) => (2 * POINTS, 4),
        Rules::Two(AnyRules::Isolo(g)) => (2 * g.circuit_len(), 7),
        Rules::KpoPlayers(g) => (g.players() * g.pits_per_player(), g.players()),
    };
    board + fields + 2 * players(rules)
}

/// The number of seats of `rules`.
pub(crate) fn players(rules: &Rules) -> usize {
    match rules {
        Rules::Two(_) => 2,
        Rules::KpoPlayers(g) => g.players(),
    }
}

/// Writes the observation of `pos` for `player` into `out` (its length [`size`]; every
/// value is written); `over` is whether the game is over there.
pub(crate) fn encode(
    game: &Inner,
    pos: &Pos,
    player: usize,
    relative: bool,
    over: bool,
    out: &mut [f32],
) {
    let n = players(&game.rules);
    // The seat shown in block place `k`.
    let seat = |k: usize| if relative { (player + k) % n } else { k };
    let mut at = 0;
    let mut put = |v: f32| {
        out[at] = v;
        at += 1;
    };
    match (&game.rules, pos) {
        (Rules::Two(AnyRules::Two(g)), Pos::Two(AnyPos::Two(p))) => {
            let (w, pits, mover) = (g.width(), p.pits(), p.side_to_move().index());
            let won = p.captured_relative();
            for k in 0..2 {
                let base = if seat(k) == mover { 0 } else { w };
                (0..w).for_each(|i| put(pits.get(base + i) as f32));
            }
            for k in 0..2 {
                put(won[(seat(k) != mover) as usize] as f32);
            }
        }
        (Rules::Two(AnyRules::Four(g)), Pos::Two(AnyPos::Four(p))) => {
            let len = 2 * g.width();
            for k in 0..2 {
                let c = p.board.circuit(side(seat(k)));
                c[..len].iter().for_each(|&x| put(x as f32));
            }
            let fields: [[f32; 2]; 5] = [
                p.captured.map(|x| x as f32),
                p.captures.map(|x| x as f32),
                p.removed.map(|x| x as f32),
                p.stores.map(|x| x as f32),
                p.emptied.map(|x| x as u8 as f32),
            ];
            for f in fields {
                (0..2).for_each(|k| put(f[seat(k)]));
            }
            put((p.dir.is_none()) as u8 as f32);
            put((p.dir == Some(Dir::Ccw)) as u8 as f32);
            put((p.dir == Some(Dir::Cw)) as u8 as f32);
        }
        (Rules::Two(AnyRules::Morris(_)), Pos::Two(AnyPos::Morris(p))) => {
            for k in 0..2 {
                let men = p.men[seat(k)];
                (0..POINTS).for_each(|i| put((men >> i & 1) as f32));
            }
            (0..2).for_each(|k| put(p.hand[seat(k)] as f32));
            (0..2).for_each(|k| put(p.taken[seat(k)] as f32));
        }
        (Rules::Two(AnyRules::Isolo(g)), Pos::Two(AnyPos::Isolo(p))) => {
            let len = g.circuit_len();
            for k in 0..2 {
                p.rows[seat(k)][..len].iter().for_each(|&x| put(x as f32));
            }
            put((p.phase == Phase::Fore) as u8 as f32);
            put((p.phase == Phase::Arrange) as u8 as f32);
            put((p.phase == Phase::Play) as u8 as f32);
            for k in 0..2 {
                let s = p.store[seat(k)];
                put(if s == UNLIMITED { 0.0 } else { s as f32 });
            }
            (0..2).for_each(|k| put((p.store[seat(k)] == UNLIMITED) as u8 as f32));
        }
        (Rules::KpoPlayers(g), Pos::KpoPlayers(p)) => {
            let pits = p.pits();
            for k in 0..n {
                for number in 1..=g.pits_per_player() {
                    put(pits.get(g.place_of(seat(k), number)) as f32);
                }
            }
            let taken = g.taken(p);
            (0..n).for_each(|k| put(taken[seat(k)] as f32));
        }
        _ => unreachable!("a position of its own game"),
    }
    let mover = (!over).then(|| game.to_move(pos));
    (0..n).for_each(|k| put((Some(seat(k)) == mover) as u8 as f32));
    (0..n).for_each(|k| put((seat(k) == player) as u8 as f32));
    debug_assert_eq!(at, out.len(), "every value of the observation written");
}
