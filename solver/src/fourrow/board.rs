//! The four-row board: each player's two rows form his own circuit of `2W` holes.
//!
//! # Layout
//!
//! A board is 64 bytes, `[[u8; 32]; 2]`: one 32-byte circuit per player, indexed by
//! [`Side::index`] (South 0, North 1). Within a circuit, holes are stored in the player's own
//! **anti-clockwise sowing order** (docs/RULES.md: "own back row from his left to his right,
//! then own front row from right to left"):
//!
//! ```text
//!  index:  0 .. W-1                      W .. 2W-1                 2W .. 31
//!          back row, columns 1..W        front row, columns W..1   always zero
//!          (from the owner's left)       (from the owner's right)
//!
//!  W = 4, South's circuit drawn as South sees it (North's is the same from North's seat):
//!
//!        front  [ 7 ] [ 6 ] [ 5 ] [ 4 ]      f1 f2 f3 f4
//!        back   [ 0 ] [ 1 ] [ 2 ] [ 3 ]      b1 b2 b3 b4
//!                 --> anti-clockwise: 0, 1, 2, 3, then up to 4 and back left to 7, then 0
//! ```
//!
//! So anti-clockwise sowing adds 1 to the index (mod `2W`) and clockwise sowing subtracts 1.
//! A hole holds 0..=255 seeds; a variant never puts more than 255 seeds on the board.
//!
//! Column `c` (counted from the owner's left) is back index `c - 1` and front index `2W - c`.
//! The opponent sits facing the owner, so the owner's column `c` is the opponent's column
//! `W + 1 - c`: for a hole in the owner's column `c` the opponent's front hole of that file has
//! index `W - 1 + c` in the opponent's circuit and his back hole index `W - c`
//! ([`opp_front`], [`opp_back`]).

use crate::side::Side;

/// The largest number of holes in a row.
pub const MAX_WIDTH: usize = 16;
/// Bytes per circuit.
pub(crate) const CIRCUIT: usize = 32;

const _: () = assert!(2 * MAX_WIDTH <= CIRCUIT);

/// Hole counts of a 4xW board: one circuit per player in his own sowing order (module docs).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Board(pub [[u8; CIRCUIT]; 2]);

impl Default for Board {
    fn default() -> Board {
        Board([[0; CIRCUIT]; 2])
    }
}

impl Board {
    /// The circuit of `side`.
    #[inline]
    pub fn circuit(&self, side: Side) -> &[u8; CIRCUIT] {
        &self.0[side.index()]
    }

    /// The circuit of `side`, mutable.
    #[inline]
    pub fn circuit_mut(&mut self, side: Side) -> &mut [u8; CIRCUIT] {
        &mut self.0[side.index()]
    }

    /// Seeds in the first `2w` holes of `side`'s circuit.
    #[inline]
    pub fn seeds_of(&self, side: Side, w: usize) -> u32 {
        self.0[side.index()][..2 * w]
            .iter()
            .map(|&x| x as u32)
            .sum()
    }

    /// Seeds on the whole board.
    pub fn total(&self, w: usize) -> u32 {
        self.seeds_of(Side::South, w) + self.seeds_of(Side::North, w)
    }
}

/// The owner's column (1-based, from his left) of circuit index `i`.
#[inline]
pub(crate) const fn column(i: usize, w: usize) -> usize {
    if i < w {
        i + 1
    } else {
        2 * w - i
    }
}

/// True when circuit index `i` is in the front row.
#[inline]
pub(crate) const fn is_front(i: usize, w: usize) -> bool {
    i >= w
}

/// Circuit index of the back hole in column `c` (1-based).
#[inline]
pub(crate) const fn back_index(c: usize) -> usize {
    c - 1
}

/// Circuit index of the front hole in column `c` (1-based).
#[inline]
pub(crate) const fn front_index(c: usize, w: usize) -> usize {
    2 * w - c
}

/// Index, in the opponent's circuit, of his front hole in the file of the owner's hole `i`.
#[inline]
pub(crate) const fn opp_front(i: usize, w: usize) -> usize {
    w - 1 + column(i, w)
}

/// Index, in the opponent's circuit, of his back hole in the file of the owner's hole `i`.
#[inline]
pub(crate) const fn opp_back(i: usize, w: usize) -> usize {
    w - column(i, w)
}

/// The name of the mover's own hole `i`: `f<c>` or `b<c>`.
pub(crate) fn own_name(i: usize, w: usize) -> String {
    format!("{}{}", if is_front(i, w) { 'f' } else { 'b' }, column(i, w))
}

/// The name, from the mover's seat, of the opponent's hole with index `k` in the opponent's
/// circuit: `F<c>` or `B<c>` with `c` counted from the mover's left.
pub(crate) fn opp_name(k: usize, w: usize) -> String {
    let c = w + 1 - column(k, w);
    format!("{}{}", if is_front(k, w) { 'F' } else { 'B' }, c)
}

/// A sowing direction, as seen from above with South at the bottom.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dir {
    /// Anti-clockwise: up the circuit index.
    Ccw,
    /// Clockwise: down the circuit index.
    Cw,
}

impl Dir {
    /// `cw` or `ccw`.
    pub const fn name(self) -> &'static str {
        match self {
            Dir::Ccw => "ccw",
            Dir::Cw => "cw",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_and_files() {
        let w = 4;
        assert_eq!(column(0, w), 1);
        assert_eq!(column(3, w), 4);
        assert_eq!(column(4, w), 4);
        assert_eq!(column(7, w), 1);
        for c in 1..=w {
            assert_eq!(column(back_index(c), w), c);
            assert_eq!(column(front_index(c, w), w), c);
            // The opponent's front hole facing my column c is named F<c> from my seat.
            assert_eq!(
                opp_name(opp_front(front_index(c, w), w), w),
                format!("F{c}")
            );
            assert_eq!(opp_name(opp_back(back_index(c), w), w), format!("B{c}"));
        }
    }
}
