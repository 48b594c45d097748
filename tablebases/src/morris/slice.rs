//! The slices of the morris tables: the identity of a rule set's tables and their file
//! names, the units of a build, and the index of a position within its slice under the
//! board's symmetries (the parent module describes them).

use crate::error::{Bound, Error};
use crate::files::GameId;
use mancala_solver::morris::board::{ALL, POINTS};
use mancala_solver::morris::symmetry::{canonical, least, symmetries_of};
use mancala_solver::morris::{Morris, MorrisPos};
use mancala_solver::Side;
use memmap2::MmapMut;
use std::sync::OnceLock;

/// The extension of morris table files.
pub const EXTENSION: &str = crate::files::MORRIS_EXTENSION;
/// The position order in the file header.
pub const INDEX: &str = crate::format::MORRIS_INDEX;
/// The fewest counters a side in the main game (fewer has lost).
pub const FEWEST: u32 = 3;
/// The most counters a side.
pub const MOST: u32 = 12;

/// The identity of `game`'s tables: the variant, the rule options that differ from their
/// defaults, and the points of the board as the width.
pub fn game_id(game: &Morris) -> GameId {
    GameId {
        variant: game.options().kind.id().to_string(),
        rules: game.options().changed(),
        width: POINTS,
    }
}

/// The file name of slice `(m, o)`: `<variant>-<rules>-m<m>-o<o>.mrb`.
pub fn file_name(id: &GameId, split: [u32; 2]) -> String {
    format!(
        "{}-{}-m{}-o{}.{EXTENSION}",
        id.variant,
        id.rules_text(),
        split[0],
        split[1]
    )
}

/// The units of a build up to `counters` a side, in build order (by counters on the board,
/// then by the mover's): each the slice `(m, o)` with `m <= o` and its mirror.
pub fn units(counters: u32) -> Vec<Vec<[u32; 2]>> {
    let mut v = Vec::new();
    for total in 2 * FEWEST..=2 * counters {
        for m in FEWEST..=counters {
            let o = total.saturating_sub(m);
            if o < m || o > counters {
                continue;
            }
            v.push(if m == o {
                vec![[m, o]]
            } else {
                vec![[m, o], [o, m]]
            });
        }
    }
    v
}

/// Checks a `--counters` bound of a build.
pub fn check_counters(counters: u32) -> Result<(), Error> {
    if !(FEWEST..=MOST).contains(&counters) {
        return Err(Error::BadBound {
            bound: Bound::Counters(counters),
            reason: format!("morris tables hold {FEWEST} to {MOST} counters a side"),
        });
    }
    Ok(())
}

/// `C(n, k)` for `n <= 24`.
const BIN: [[u64; 25]; 25] = {
    let mut t = [[0u64; 25]; 25];
    let mut n = 0;
    while n < 25 {
        t[n][0] = 1;
        let mut k = 1;
        while k <= n {
            t[n][k] = t[n - 1][k - 1] + if k < n { t[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    t
};

/// For every set of points least in its orbit, its rank among those of its size in
/// increasing order (other sets: unused), four bytes a set in native order; with the sets
/// themselves by size.
struct Classes {
    /// The ranks in an anonymous map that the system may back with huge pages (a lookup is
    /// a random read of 64 MiB, and with small pages nearly every one also misses the
    /// processor's address cache), or on the heap where no map is given.
    map: Option<MmapMut>,
    heap: Vec<u8>,
    by_size: Vec<Vec<u32>>,
}

impl Classes {
    fn ranks(&self) -> &[u8] {
        self.map.as_deref().unwrap_or(&self.heap)
    }
}

/// The classes of the mover's sets (built once, 64 MiB: a lookup is one read where a search
/// of the sorted sets took a fifth of a build).
fn class_table() -> &'static Classes {
    static TABLE: OnceLock<Classes> = OnceLock::new();
    TABLE.get_or_init(|| {
        let len = 4 << POINTS;
        let mut map = MmapMut::map_anon(len).ok();
        #[cfg(target_os = "linux")]
        if let Some(m) = &map {
            // Only advice: small pages serve as well, slower.
            let _ = m.advise(memmap2::Advice::HugePage);
        }
        let mut heap = if map.is_some() {
            Vec::new()
        } else {
            vec![0u8; len]
        };
        let rank: &mut [u8] = map.as_deref_mut().unwrap_or(&mut heap);
        let mut by_size = vec![Vec::new(); POINTS + 1];
        for x in 0..=ALL {
            if least(x) == x {
                let v: &mut Vec<u32> = &mut by_size[x.count_ones() as usize];
                let k = 4 * x as usize;
                rank[k..k + 4].copy_from_slice(&(v.len() as u32).to_ne_bytes());
                v.push(x);
            }
        }
        Classes { map, heap, by_size }
    })
}

/// The sets of `m` points least in their orbit, sorted: the mover's classes.
fn classes(m: u32) -> &'static [u32] {
    &class_table().by_size[m as usize]
}

/// One slice: the side to move has `split[0]` counters, the other `split[1]`.
#[derive(Clone, Copy, Debug)]
pub struct MorrisSlice {
    /// Mover's and opponent's counters.
    pub split: [u32; 2],
    classes: &'static [u32],
    ranks: &'static [u8],
    opponents: u64,
}

impl MorrisSlice {
    /// The slice `split` (both counts within `0..=24` and their sum at most 24).
    pub fn new(split: [u32; 2]) -> MorrisSlice {
        let [m, o] = split;
        debug_assert!(m + o <= POINTS as u32);
        MorrisSlice {
            split,
            classes: classes(m),
            ranks: class_table().ranks(),
            opponents: BIN[POINTS - m as usize][o as usize],
        }
    }

    /// Number of positions.
    pub fn len(&self) -> u64 {
        self.classes.len() as u64 * self.opponents
    }

    /// True when the slice has no position (never).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The index of the counters of the side to move and of the other (which must have this
    /// slice's counts), under the canonical image.
    #[inline]
    pub fn rank_sets(&self, mover: u32, opponent: u32) -> u64 {
        let (a, b, _) = canonical(mover, opponent);
        let k = 4 * a as usize;
        let class = <[u8; 4]>::try_from(&self.ranks[k..k + 4]).map_or(0, u32::from_ne_bytes) as u64;
        debug_assert_eq!(self.classes[class as usize], a);
        // The opponent's points numbered among the free ones, then their colex rank.
        let mut rest = compress(b, ALL & !a);
        let mut r = 0;
        let mut i = 1;
        while rest != 0 {
            r += BIN[rest.trailing_zeros() as usize][i];
            rest &= rest - 1;
            i += 1;
        }
        class * self.opponents + r
    }

    /// The index of `pos` (every counter entered, its counts this slice's).
    #[inline]
    pub fn rank(&self, pos: &MorrisPos) -> u64 {
        let me = pos.side.index();
        self.rank_sets(pos.men[me], pos.men[1 - me])
    }

    /// The position at `i` (`i < len`): South to move, every counter entered, none taken.
    pub fn unrank(&self, i: u64) -> MorrisPos {
        let [a, b] = self.unrank_sets(i);
        MorrisPos {
            men: [a, b],
            hand: [0, 0],
            taken: [0, 0],
            side: Side::South,
        }
    }

    /// The mover's and the opponent's counters at `i` (`i < len`).
    #[inline]
    pub fn unrank_sets(&self, i: u64) -> [u32; 2] {
        let a = self.classes[(i / self.opponents) as usize];
        let free = free_points(a);
        [a, deposit(self.colex_unrank(i % self.opponents), &free)]
    }

    /// The combination of rank `r` (colexicographic) of the opponent's counters among the
    /// points the mover leaves, as bits of that numbering.
    fn colex_unrank(&self, mut r: u64) -> u32 {
        let mut c = POINTS - self.split[0] as usize;
        let mut out = 0u32;
        for k in (1..=self.split[1] as usize).rev() {
            // The largest c with C(c, k) <= r is the k-th point (colex order).
            c -= 1;
            while BIN[c][k] > r {
                c -= 1;
            }
            r -= BIN[c][k];
            out |= 1 << c;
        }
        out
    }

    /// The indices `start..end` of the slice in order, with each one's mover's and
    /// opponent's counters and the symmetries of its mover's set (bit `g` for symmetry `g`
    /// that maps it onto itself): [`MorrisSlice::unrank_sets`] step by step.
    pub fn walk(&self, start: u64, end: u64, mut f: impl FnMut(u64, u32, u32, u8)) {
        if start >= end {
            return;
        }
        let o = self.split[1];
        let n = POINTS as u32 - self.split[0];
        let last = ((1u32 << o) - 1) << (n - o);
        let mut class = (start / self.opponents) as usize;
        let mut a = self.classes[class];
        let mut free = free_points(a);
        let mut stab = stabiliser(a);
        let mut c = self.colex_unrank(start % self.opponents);
        for i in start..end {
            f(i, a, deposit(c, &free), stab);
            if c == last {
                class += 1;
                if class == self.classes.len() {
                    break;
                }
                a = self.classes[class];
                free = free_points(a);
                stab = stabiliser(a);
                c = (1 << o) - 1;
            } else {
                // The next combination of as many bits (Gosper).
                let low = c & c.wrapping_neg();
                let ripple = c + low;
                c = ripple | (((c ^ ripple) >> 2) / low);
            }
        }
    }

    /// The number of the mover's classes.
    pub fn class_count(&self) -> u64 {
        self.classes.len() as u64
    }

    /// The mover's set of class `k`.
    pub fn class_set(&self, k: u64) -> u32 {
        self.classes[k as usize]
    }

    /// The positions of one mover's class (the opponent's sets).
    pub fn per_class(&self) -> u64 {
        self.opponents
    }
}

/// For each byte of points `f` and byte `x`, the bits of `x` at the points of `f`, packed
/// (numbered among the points of `f`).
static PACK: [[u8; 256]; 256] = {
    let mut t = [[0u8; 256]; 256];
    let mut f = 0;
    while f < 256 {
        let mut x = 0;
        while x < 256 {
            let (mut out, mut n, mut p) = (0u8, 0, 0);
            while p < 8 {
                if f >> p & 1 == 1 {
                    if x >> p & 1 == 1 {
                        out |= 1 << n;
                    }
                    n += 1;
                }
                p += 1;
            }
            t[f][x] = out;
            x += 1;
        }
        f += 1;
    }
    t
};

/// The points of `b` (within `free`) numbered among the points of `free`, as bits: the
/// inverse of [`deposit`], a square (byte) at a time.
#[inline]
fn compress(b: u32, free: u32) -> u32 {
    let byte = |x: u32, k: u32| (x >> (8 * k) & 0xff) as usize;
    // A table where the processor may lack a population count instruction.
    let n0 = PACK[byte(free, 0)][byte(free, 0)].trailing_ones();
    let n1 = n0 + PACK[byte(free, 1)][byte(free, 1)].trailing_ones();
    PACK[byte(free, 0)][byte(b, 0)] as u32
        | (PACK[byte(free, 1)][byte(b, 1)] as u32) << n0
        | (PACK[byte(free, 2)][byte(b, 2)] as u32) << n1
}

/// The points `a` leaves empty, in increasing order (the rest of the array unused).
#[inline]
fn free_points(a: u32) -> [u8; POINTS] {
    let mut free = [0u8; POINTS];
    let mut n = 0;
    for p in 0..POINTS {
        if a >> p & 1 == 0 {
            free[n] = p as u8;
            n += 1;
        }
    }
    free
}

/// The points of `free` that the bits of `c` number.
#[inline]
fn deposit(mut c: u32, free: &[u8; POINTS]) -> u32 {
    let mut b = 0;
    while c != 0 {
        b |= 1 << free[c.trailing_zeros() as usize];
        c &= c - 1;
    }
    b
}

/// The symmetries that map `set` onto itself, bit `g` for symmetry `g` (bit 0, the
/// identity, always set).
#[inline]
pub(crate) fn stabiliser(set: u32) -> u8 {
    symmetries_of(set)
}

/// The split `[mover's counters, opponent's counters]` of `pos`.
pub fn split_of(pos: &MorrisPos) -> [u32; 2] {
    let me = pos.side.index();
    [pos.men[me].count_ones(), pos.men[1 - me].count_ones()]
}

/// True when `pos` is of the kind the tables hold: every counter entered, at least three a
/// side.
pub fn in_tables_scope(pos: &MorrisPos) -> bool {
    Morris::entered(pos) && split_of(pos).iter().all(|&c| c >= FEWEST)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_index_is_a_perfect_ranking_of_the_canonical_positions() {
        for split in [[3, 3], [4, 3], [3, 5], [5, 4]] {
            let s = MorrisSlice::new(split);
            // Every index unranks to a position that ranks back to it, or (a symmetric
            // mover's set) to the index of its canonical image, which holds that image.
            let mut canonical_seen = 0u64;
            let n = s.len();
            let step = (n / 20_000).max(1);
            let mut i = 0;
            while i < n {
                let p = s.unrank(i);
                assert_eq!(split_of(&p), split);
                let j = s.rank(&p);
                let (a, b, _) = canonical(p.men[0], p.men[1]);
                if (a, b) == (p.men[0], p.men[1]) {
                    assert_eq!(j, i, "{split:?} {i}");
                    canonical_seen += 1;
                } else {
                    assert_eq!(s.unrank(j).men, [a, b]);
                }
                i += step;
            }
            assert!(canonical_seen > 0);
        }
        // The mover's classes: orbits of the eight symmetries (Burnside: 2024 sets of three
        // points fall into 261 orbits, checked by counting orbits directly).
        let orbits: std::collections::BTreeSet<u32> = {
            let mut v = std::collections::BTreeSet::new();
            for x in 0u32..1 << 24 {
                if x.count_ones() == 3 {
                    v.insert(least(x));
                }
            }
            v
        };
        assert_eq!(classes(3).len(), orbits.len());
        assert_eq!(MorrisSlice::new([3, 3]).len(), orbits.len() as u64 * 1330);
    }

    #[test]
    fn units_are_built_lower_counts_first() {
        let u = units(4);
        assert_eq!(u, vec![vec![[3, 3]], vec![[3, 4], [4, 3]], vec![[4, 4]]]);
        assert!(check_counters(2).is_err() && check_counters(13).is_err());
    }
}
