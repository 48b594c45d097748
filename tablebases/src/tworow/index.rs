//! The perfect index of a slice: every distribution of `n` seeds over the `2W` pits of a
//! two-row board, side to move normalised (the board as [`Pits`], mover's row in lanes `0..W`).
//!
//! # Ranking
//!
//! A distribution `a_0, ..., a_{k-1}` of `n` seeds over `k = 2W` pits is a "stars and bars"
//! picture: `n` seeds and `k - 1` bars. With the prefix sums `s_j = a_0 + ... + a_j`, the bars
//! stand at the distinct places `c_j = s_j + j` (`j = 0..k-1`) among `n + k - 1`, so the
//! distribution is a `(k-1)`-subset of `{0, ..., n+k-2}`, and the combinatorial number system
//! ranks it:
//!
//! ```text
//! rank(a) = C(c_0, 1) + C(c_1, 2) + ... + C(c_{k-2}, k-1),    c_j = s_j + j
//! ```
//!
//! This is a bijection from the distributions onto `0 .. C(n+k-1, k-1)`
//! ([`slice_len`]). Its order is the colexicographic order of the subsets: by `s_{k-2}` (the
//! seeds outside the last pit) first, then `s_{k-3}`, ..., then `s_0`; so rank 0 is every seed
//! in the last lane and the last rank every seed in lane 0. The rank does not depend on `n`
//! (the last pit is implied), so one binomial table serves every slice.
//!
//! [`rank`] costs `k - 1` table look-ups; [`unrank`] walks the bars down from the top;
//! [`next`] steps to the following rank in a few operations, which is how the builder walks an
//! index range. `reference_rank` (tests only) is a slow, plainly written enumeration kept
//! beside the fast code and tested against it.

use mancala_solver::tworow::board::{lane_ones, Pits, LANES, MAX_BOARD_SEEDS, MAX_WIDTH};
use std::ops::Range;

/// Rows of the binomial table: places `0 ..= MAX_BOARD_SEEDS + LANES - 1`.
const BIN_ROWS: usize = MAX_BOARD_SEEDS as usize + LANES;
/// Columns of the binomial table: `C(m, 0..=LANES)`.
const BIN_COLS: usize = LANES + 1;

/// `C(m, r)` for `m < BIN_ROWS`, `r <= LANES`, saturating at `u64::MAX`.
static BINOMIAL: [[u64; BIN_COLS]; BIN_ROWS] = binomials();

const fn binomials() -> [[u64; BIN_COLS]; BIN_ROWS] {
    let mut t = [[0u64; BIN_COLS]; BIN_ROWS];
    let mut m = 0;
    while m < BIN_ROWS {
        t[m][0] = 1;
        let mut r = 1;
        while r < BIN_COLS {
            t[m][r] = if m == 0 {
                0
            } else {
                t[m - 1][r - 1].saturating_add(t[m - 1][r])
            };
            r += 1;
        }
        m += 1;
    }
    t
}

/// `C(m, r)`, saturating at `u64::MAX`; 0 when `r > m`.
#[inline]
pub fn binomial(m: usize, r: usize) -> u64 {
    BINOMIAL[m][r]
}

/// The number of positions of the slice of `width` pits a side and `stones` seeds on the
/// board: `C(stones + 2W - 1, 2W - 1)`; `None` when the width is outside `1..=8`, the stones
/// exceed what a board holds (255), or the count does not fit in 63 bits.
pub fn slice_len(width: usize, stones: u32) -> Option<u64> {
    if !(1..=MAX_WIDTH).contains(&width) || stones > MAX_BOARD_SEEDS {
        return None;
    }
    let k = 2 * width;
    let len = binomial(stones as usize + k - 1, k - 1);
    (len < 1 << 63).then_some(len)
}

/// One slice: the distributions of `stones` seeds over `2 * width` pits, side to move
/// normalised. The unit of work of the builder; index ranges within it are the sub-units.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Slice {
    width: usize,
    stones: u32,
    len: u64,
}

impl Slice {
    /// The slice of `stones` seeds at `width`; `None` under the conditions of [`slice_len`].
    pub fn new(width: usize, stones: u32) -> Option<Slice> {
        Some(Slice {
            width,
            stones,
            len: slice_len(width, stones)?,
        })
    }

    /// Pits a side.
    #[inline]
    pub fn width(&self) -> usize {
        self.width
    }

    /// Seeds on the board.
    #[inline]
    pub fn stones(&self) -> u32 {
        self.stones
    }

    /// Number of positions.
    #[inline]
    pub fn len(&self) -> u64 {
        self.len
    }

    /// True when the slice has no position (never: the empty board is one position).
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The index of `pits` (which must hold exactly [`Slice::stones`] seeds in lanes
    /// `0..2W`).
    #[inline]
    pub fn rank(&self, pits: Pits) -> u64 {
        debug_assert_eq!(pits.sum_first(2 * self.width), self.stones);
        rank(pits, 2 * self.width)
    }

    /// The position at `index` (`index < len`).
    #[inline]
    pub fn unrank(&self, index: u64) -> Pits {
        debug_assert!(index < self.len);
        unrank(index, 2 * self.width, self.stones)
    }

    /// The positions of an index range, in order, with their indices.
    pub fn iter_range(&self, range: Range<u64>) -> RangeIter {
        let range = range.start.min(self.len)..range.end.min(self.len);
        let pits = if range.is_empty() {
            Pits::EMPTY
        } else {
            self.unrank(range.start)
        };
        RangeIter {
            pits,
            next: range.start,
            end: range.end,
            lanes: 2 * self.width,
        }
    }
}

/// Walks an index range of a slice (see [`Slice::iter_range`]).
pub struct RangeIter {
    pits: Pits,
    next: u64,
    end: u64,
    lanes: usize,
}

impl Iterator for RangeIter {
    type Item = (u64, Pits);

    #[inline]
    fn next(&mut self) -> Option<(u64, Pits)> {
        if self.next >= self.end {
            return None;
        }
        let item = (self.next, self.pits);
        self.next += 1;
        if self.next < self.end {
            self.pits = next(self.pits, self.lanes);
        }
        Some(item)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = (self.end - self.next) as usize;
        (n, Some(n))
    }
}

/// `RANK_TERMS[j][s] = C(s + j, j + 1)`: the term of bar `j` in [`rank`] when the prefix sum
/// `s_j` is `s` (a board holds at most 255 seeds), laid out by bar so that one bar's terms lie
/// together.
static RANK_TERMS: [[u64; 256]; LANES - 1] = {
    let b = binomials();
    let mut t = [[0u64; 256]; LANES - 1];
    let mut j = 0;
    while j < LANES - 1 {
        let mut s = 0;
        while s < 256 {
            t[j][s] = b[s + j][j + 1];
            s += 1;
        }
        j += 1;
    }
    t
};

/// The rank of a distribution over `lanes` pits (the module docs give the formula).
///
/// The prefix sums `s_j` come from one multiplication: the product of the board by `0x01` in
/// every lane holds `a_0 + ... + a_j` in lane `j`, with no carry between lanes as a board
/// holds at most 255 seeds; the `k - 1` table look-ups are then independent of each other.
#[inline]
pub fn rank(pits: Pits, lanes: usize) -> u64 {
    let prefix = pits.0.wrapping_mul(lane_ones(LANES));
    let mut r = 0u64;
    for (j, terms) in RANK_TERMS.iter().enumerate().take(lanes - 1) {
        r += terms[(prefix >> (8 * j)) as u8 as usize];
    }
    r
}

/// The distribution of `stones` seeds over `lanes` pits with rank `index`.
pub fn unrank(index: u64, lanes: usize, stones: u32) -> Pits {
    let mut idx = index;
    // Bar places c_j, found from the top: the largest c with C(c, j+1) <= idx.
    let mut c = [0usize; LANES];
    let mut hi = stones as usize + lanes - 2;
    for j in (0..lanes - 1).rev() {
        let mut x = hi;
        while BINOMIAL[x][j + 1] > idx {
            x -= 1;
        }
        c[j] = x;
        idx -= BINOMIAL[x][j + 1];
        hi = x.saturating_sub(1);
    }
    let mut p = Pits::EMPTY;
    let mut prev = 0usize;
    for (j, &cj) in c.iter().enumerate().take(lanes - 1) {
        let s = cj - j;
        p.set(j, (s - prev) as u8);
        prev = s;
    }
    p.set(lanes - 1, (stones as usize - prev) as u8);
    p
}

/// The distribution that follows `pits` in rank order (same number of seeds). The last one
/// (every seed in lane 0) has no successor and is returned unchanged.
#[inline]
pub fn next(pits: Pits, lanes: usize) -> Pits {
    // Find the first lane j+1 > 0 holding seeds; the bar c_j moves up one place: lanes 0..j
    // are emptied into lane j, which gets one more seed, taken from lane j+1.
    let mut p = pits;
    let mut s = 0u8;
    for j in 0..lanes - 1 {
        let here = p.get(j);
        let after = p.get(j + 1);
        if after > 0 {
            if j > 0 {
                // Lanes 0..j are emptied: clear their bytes.
                p.0 &= !mancala_solver::tworow::board::lane_bytes(j);
            }
            p.set(j, s + here + 1);
            p.set(j + 1, after - 1);
            return p;
        }
        s += here;
    }
    pits
}

/// The potential `Φ` of a board of `width` pits a side: each seed counts the place of its pit
/// along its owner's row in sowing order (0 for the first pit, `width - 1` for the last one,
/// next to the store), summed over both rows, `Φ = Σ_lane a_lane · (lane mod width)`. A side
/// swap (the normalisation of the side to move) leaves it unchanged. It lies in
/// `0..=stones · (width - 1)` ([`max_potential`]). Used to order the positions of the slices in
/// which every move that stays in the slice raises it (kalah: `build` module docs).
#[inline]
pub fn potential(pits: Pits, width: usize) -> u32 {
    let mut phi = 0;
    for lane in 0..2 * width {
        phi += pits.get(lane) as u32 * (lane % width) as u32;
    }
    phi
}

/// The largest [`potential`] of a board of the slice: every seed in a last pit.
pub fn max_potential(width: usize, stones: u32) -> u32 {
    stones * (width as u32 - 1)
}

impl Slice {
    /// Calls `f(index, pits)` for every position of the slice with [`potential`] `phi` whose
    /// index lies in `range`, in increasing index order; returns how many there were.
    ///
    /// The positions are enumerated directly, lane by lane from the last one (the rank order:
    /// module docs) and never by scanning the range: choosing the seeds of lanes
    /// `2W - 1 ..= l` fixes the bars `c_{l-1} ..= c_{2W-2}`, so the positions below that
    /// choice have consecutive indices, `base + 0 .. base + C(r + l - 1, l - 1)` for the `r`
    /// seeds left to lanes `0..l`, and a choice whose indices miss `range` is skipped whole.
    /// The seeds of each lane are only chosen among those that leave a potential the seeds
    /// below can make: lanes `0..l` have the weights `0 ..= m` (every integer, `m` the
    /// largest), so `r` seeds make exactly the potentials `0 ..= r · m`, which bounds the
    /// seeds of lane `l` from both sides; every choice followed therefore leads to at least one
    /// position, and the cost is a few steps per position found.
    pub fn for_each_at_potential(
        &self,
        phi: u32,
        range: Range<u64>,
        f: &mut impl FnMut(u64, Pits),
    ) -> u64 {
        let range = range.start.min(self.len)..range.end.min(self.len);
        if range.is_empty() || phi > max_potential(self.width, self.stones) {
            return 0;
        }
        let mut count = 0;
        let mut visit = |i: u64, p: Pits| {
            count += 1;
            f(i, p)
        };
        at_potential(
            self.width,
            2 * self.width - 1,
            self.stones,
            phi,
            0,
            Pits::EMPTY,
            &range,
            &mut visit,
        );
        count
    }

    /// The number of positions of each [`potential`], `0 ..= max_potential`, counted by
    /// walking the slice (for tests and measurements).
    pub fn potential_histogram(&self) -> Vec<u64> {
        let mut h = vec![0; max_potential(self.width, self.stones) as usize + 1];
        for (_, p) in self.iter_range(0..self.len) {
            h[potential(p, self.width) as usize] += 1;
        }
        h
    }
}

/// `x / d` for `d` in `1..=7` and `x < 2^20`, by a multiplication: with
/// `m = floor(2^32 / d) + 1`, `x·m / 2^32` exceeds `x / d` by less than `x / 2^32 < 2^-12`,
/// too little to reach the next integer (the fraction of `x / d` is at most `6/7`).
#[inline]
fn div_small(x: u32, d: u32) -> u32 {
    const MUL: [u64; 8] = {
        let mut m = [0u64; 8];
        let mut d = 1;
        while d < 8 {
            m[d] = (1u64 << 32) / d as u64 + 1;
            d += 1;
        }
        m
    };
    debug_assert!((1..8).contains(&d) && x < 1 << 20);
    ((x as u64 * MUL[d as usize]) >> 32) as u32
}

/// The positions below a choice of the lanes above `lane` (see
/// [`Slice::for_each_at_potential`]): `left` seeds and the potential `phi` still to place in
/// lanes `0..=lane`, whose indices are `base` plus the rank of that sub-distribution.
#[allow(clippy::too_many_arguments)]
fn at_potential(
    width: usize,
    lane: usize,
    left: u32,
    phi: u32,
    base: u64,
    pits: Pits,
    range: &Range<u64>,
    f: &mut impl FnMut(u64, Pits),
) {
    if lane == 0 {
        // Lane 0 weighs nothing: it takes every seed left, and the potential must be made.
        if phi == 0 && range.contains(&base) {
            let mut p = pits;
            p.set(0, left as u8);
            f(base, p);
        }
        return;
    }
    if lane == 1 && width > 1 {
        // Lane 1 weighs 1 and lane 0 nothing: lane 1 holds the potential left, lane 0 the
        // rest (its bar term is `C(r, 1) = r`).
        if phi <= left {
            let r = left - phi;
            let i = base + r as u64;
            if range.contains(&i) {
                let mut p = pits;
                p.set(1, phi as u8);
                p.set(0, r as u8);
                f(i, p);
            }
        }
        return;
    }
    let w = (lane % width) as u32;
    // The largest weight of lanes 0..lane.
    let below = (lane - 1).min(width - 1) as u32;
    // The seeds `a` of this lane, the `r = left - a` below it making `phi - a·w`:
    // `a·w <= phi`, and `phi - a·w <= r·below`, i.e. `a·(w - below) >= phi - left·below`.
    let mut a_hi = left;
    if w > 0 {
        a_hi = a_hi.min(div_small(phi, w));
    }
    let mut a_lo = 0;
    let need = phi as i64 - left as i64 * below as i64;
    if w > below {
        // Lanes 1..W-1 (w = below + 1).
        a_lo = need.max(0) as u32;
    } else if need > 0 {
        return;
    } else if w < below {
        a_hi = a_hi.min(div_small((-need) as u32, below - w));
    }
    if a_lo > a_hi {
        return;
    }
    // `r` seeds left below this lane, increasing: the index increases with it.
    for r in left - a_hi..=left - a_lo {
        let a = left - r;
        debug_assert!(a * w <= phi && phi - a * w <= r * below);
        let sub = base + RANK_TERMS[lane - 1][r as usize];
        if sub >= range.end {
            break;
        }
        if sub + binomial(r as usize + lane - 1, lane - 1) <= range.start {
            continue;
        }
        let mut p = pits;
        p.set(lane, a as u8);
        at_potential(width, lane - 1, r, phi - a * w, sub, p, range, f);
    }
}

/// Every distribution of `stones` seeds over `lanes` pits, in the plain lexicographic order of
/// the pit counts (lane 0 first). For the reference.
pub fn enumerate(lanes: usize, stones: u32) -> Vec<Vec<u8>> {
    fn go(out: &mut Vec<Vec<u8>>, cur: &mut Vec<u8>, left: u32, lanes: usize) {
        if cur.len() == lanes - 1 {
            cur.push(left as u8);
            out.push(cur.clone());
            cur.pop();
            return;
        }
        for a in 0..=left {
            cur.push(a as u8);
            go(out, cur, left - a, lanes);
            cur.pop();
        }
    }
    let mut out = Vec::new();
    go(&mut out, &mut Vec::with_capacity(lanes), stones, lanes);
    out
}

/// The slow reference rank: enumerate every distribution of the same seeds, sort them by the
/// prefix sums taken from the top, `(s_{k-2}, s_{k-3}, ..., s_0)`, and return the place of
/// `pits` in that list. Quadratic and allocating; for tests only.
#[cfg(any(test, feature = "reference"))]
pub fn reference_rank(pits: Pits, lanes: usize) -> u64 {
    let stones = pits.sum_first(lanes);
    let key = |a: &[u8]| -> Vec<u32> {
        let mut s = 0u32;
        let mut pre: Vec<u32> = a[..lanes - 1]
            .iter()
            .map(|&x| {
                s += x as u32;
                s
            })
            .collect();
        pre.reverse();
        pre
    };
    let mut all = enumerate(lanes, stones);
    all.sort_by_key(|a| key(a));
    let me = pits.to_vec(lanes);
    all.iter()
        .position(|a| *a == me)
        .expect("a distribution of its own seeds") as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_binomials() {
        assert_eq!(binomial(5, 2), 10);
        assert_eq!(binomial(2, 3), 0);
        assert_eq!(binomial(0, 0), 1);
        assert_eq!(binomial(270, 16), u64::MAX);
    }

    #[test]
    fn slice_lengths() {
        assert_eq!(slice_len(6, 0), Some(1));
        assert_eq!(slice_len(6, 1), Some(12));
        assert_eq!(slice_len(6, 48), Some(binomial(59, 11)));
        assert_eq!(slice_len(6, 24), Some(417_225_900));
        assert_eq!(slice_len(1, 255), Some(256));
        assert_eq!(slice_len(0, 1), None);
        assert_eq!(slice_len(9, 1), None);
        assert_eq!(slice_len(8, 255), None);
    }

    #[test]
    fn first_and_last() {
        let s = Slice::new(2, 3).unwrap();
        assert_eq!(s.unrank(0).to_vec(4), vec![0, 0, 0, 3]);
        assert_eq!(s.unrank(s.len() - 1).to_vec(4), vec![3, 0, 0, 0]);
    }

    #[test]
    fn small_divisions() {
        for d in 1..8 {
            for x in (0..1 << 20).step_by(7).chain((1 << 20) - 64..1 << 20) {
                assert_eq!(div_small(x, d), x / d, "{x} / {d}");
            }
        }
    }

    #[test]
    fn potential_levels_enumerate_each_position_once() {
        for w in 1..=4 {
            for n in 0..=6 {
                let s = Slice::new(w, n).unwrap();
                let hist = s.potential_histogram();
                assert_eq!(hist.iter().sum::<u64>(), s.len());
                // Every level, whole and in pieces, gives its positions in index order.
                for (phi, &want) in hist.iter().enumerate() {
                    let phi = phi as u32;
                    for step in [1, 3, s.len().max(1)] {
                        let mut got = Vec::new();
                        let mut at = 0;
                        while at < s.len() {
                            let r = at..(at + step).min(s.len());
                            let k = s.for_each_at_potential(phi, r.clone(), &mut |i, p| {
                                assert!(r.contains(&i));
                                assert_eq!(s.unrank(i), p);
                                assert_eq!(potential(p, w), phi);
                                got.push(i);
                            });
                            assert!(k <= r.end - r.start);
                            at = r.end;
                        }
                        assert_eq!(got.len() as u64, want, "w{w} n{n} phi{phi}");
                        assert!(got.windows(2).all(|x| x[0] < x[1]));
                    }
                }
                assert_eq!(
                    s.for_each_at_potential(hist.len() as u32, 0..s.len(), &mut |_, _| {}),
                    0
                );
            }
        }
    }

    #[test]
    fn walk_matches_unrank_everywhere() {
        for w in 1..=3 {
            for n in 0..=7 {
                let s = Slice::new(w, n).unwrap();
                let mut count = 0;
                for (i, p) in s.iter_range(0..s.len()) {
                    assert_eq!(p, s.unrank(i));
                    assert_eq!(s.rank(p), i);
                    assert_eq!(reference_rank(p, 2 * w), i);
                    count += 1;
                }
                assert_eq!(count, s.len());
            }
        }
    }
}
