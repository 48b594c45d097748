//! Fixed action ids of the four-row and morris games: an id names the same move in every
//! position (docs/PYTHON.md, "Actions", has the formulas).
//!
//! - four-row, `L = 2W` holes a circuit, `D` directions (3 for natatu: none chosen,
//!   anti-clockwise, clockwise; else 1), `k` extra holes a capture may take (nchuba 3;
//!   kanotta, nakabili 2; chisolo, natatu 1; else 0), `S = C(L,0) + .. + C(L,k)` sets of
//!   extra holes: a sowing is `hole + L * (dir + D * set)`, `set` the rank of its extra
//!   holes (opponent's circuit indices) among the sets of at most `k` (by size, then in
//!   colex order); then `L` ids of kanotta's setup removals (`L * D * S + hole`), then
//!   mwambulula's store move (`L * D * S + L`): `L * D * S + L + 1` ids.
//! - morris: `(from * 24 + to) * 25 + take`, `from` and `take` 24 when none: 15,000 ids.
//!
//! Under `capture=may` (chisolo-ii, mwambulula) a move carries up to 31 capture choices, too
//! many to number: those games keep the index of the move in the legal move list.

use mancala_solver::fourrow::{Dir, Kind};
use mancala_solver::morris::MorrisMove;
use mancala_solver::{FourMove, FourRow};

/// `n` choose `k` (0 when `k > n`).
fn choose(n: usize, k: usize) -> usize {
    if k > n {
        return 0;
    }
    (0..k).fold(1, |a, i| a * (n - i) / (i + 1))
}

/// The numbering of a four-row game's moves.
#[derive(Clone, Copy, Debug)]
pub(crate) struct FourIds {
    /// Holes a circuit.
    l: usize,
    /// Direction codes.
    dirs: usize,
    /// The most extra holes a capture takes.
    k: usize,
}

impl FourIds {
    /// The numbering of `g`, or `None` under `capture=may` (see the module docs).
    pub(crate) fn of(g: &FourRow) -> Option<FourIds> {
        let chosen = matches!(g.kind(), Kind::ChisoloII | Kind::Mwambulula);
        if chosen && g.options().capture_may {
            return None;
        }
        let k = match g.kind() {
            Kind::Nchuba => 3,
            Kind::Kanotta | Kind::Nakabili => 2,
            Kind::Chisolo | Kind::Natatu => 1,
            _ => 0,
        };
        let dirs = if g.kind() == Kind::Natatu { 3 } else { 1 };
        Some(FourIds {
            l: 2 * g.width(),
            dirs,
            k,
        })
    }

    /// Sets of at most `k` extra holes.
    fn sets(&self) -> usize {
        (0..=self.k).map(|j| choose(self.l, j)).sum()
    }

    /// The ids of sowings.
    fn sowings(&self) -> usize {
        self.l * self.dirs * self.sets()
    }

    /// The number of ids.
    pub(crate) fn size(&self) -> usize {
        self.sowings() + self.l + 1
    }

    /// The rank of the set of extra holes `bits` (see the module docs).
    fn set_rank(&self, bits: u32) -> usize {
        let size = bits.count_ones() as usize;
        let below: usize = (0..size).map(|j| choose(self.l, j)).sum();
        let mut rank = 0;
        let mut rest = bits;
        let mut i = 0;
        while rest != 0 {
            let c = rest.trailing_zeros() as usize;
            rank += choose(c, i + 1);
            rest &= rest - 1;
            i += 1;
        }
        below + rank
    }

    /// The id of move `m`.
    pub(crate) fn id(&self, m: &FourMove) -> usize {
        match *m {
            FourMove::Sow {
                hole, dir, extras, ..
            } => {
                let d = match dir {
                    None => 0,
                    Some(Dir::Ccw) => 1,
                    Some(Dir::Cw) => 2,
                };
                hole as usize + self.l * (d + self.dirs * self.set_rank(extras))
            }
            FourMove::Remove { hole } => self.sowings() + hole as usize,
            FourMove::Store => self.sowings() + self.l,
        }
    }
}

/// The id of morris move `m` (see the module docs).
pub(crate) fn morris_id(m: &MorrisMove) -> usize {
    (m.from as usize * 24 + m.to as usize) * 25 + m.take as usize
}
