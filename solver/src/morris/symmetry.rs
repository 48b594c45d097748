//! The symmetries of the board that the rules keep.
//!
//! The three squares with their lines form the board of nine men's morris with the corner
//! diagonals added; its symmetries are the eight of the square (four rotations, four
//! reflections), applied to the three squares at once, and the exchange of the inner and
//! outer squares (lines and adjacency are kept: the middle square stays in the middle of
//! every line across). The corner rule breaks the exchange: a counter on an *outside* corner
//! may fly, one on an inner corner may not, so a position and its inside-out image can differ
//! in value (with `corners=step` the exchange is kept, but this module offers the eight
//! that every rule set keeps). The rules therefore keep the eight symmetries of the square
//! and no more; each maps outside corners to outside corners, lines to lines and
//! neighbours to neighbours (tested below).
//!
//! In the point numbering of [`super::board`] (`8s + i`, `i` round the square from a
//! corner), a rotation by a quarter turn is `i -> i + 2 (mod 8)` and the reflection in the
//! diagonal through `i = 0` is `i -> -i (mod 8)`, in every square alike.

use super::board::POINTS;

/// The number of symmetries.
pub const COUNT: usize = 8;

/// The image of point index `i` (0..8 within its square) under symmetry `g`: reflect when
/// `g >= 4`, then turn by `g % 4` quarter turns.
const fn image(g: usize, i: usize) -> usize {
    let r = if g >= 4 { (8 - i) % 8 } else { i };
    (r + 2 * (g % 4)) % 8
}

/// For each symmetry, the image of each byte of eight points (one square).
const BYTES: [[u8; 256]; COUNT] = {
    let mut t = [[0u8; 256]; COUNT];
    let mut g = 0;
    while g < COUNT {
        let mut b = 0;
        while b < 256 {
            let mut out = 0u8;
            let mut i = 0;
            while i < 8 {
                if b >> i & 1 == 1 {
                    out |= 1 << image(g, i);
                }
                i += 1;
            }
            t[g][b] = out;
            b += 1;
        }
        g += 1;
    }
    t
};

/// The image of a set of points under symmetry `g` (0..[`COUNT`]; 0 is the identity).
#[inline]
pub fn apply(g: usize, mask: u32) -> u32 {
    let t = &BYTES[g];
    t[(mask & 0xff) as usize] as u32
        | (t[(mask >> 8 & 0xff) as usize] as u32) << 8
        | (t[(mask >> 16 & 0xff) as usize] as u32) << 16
}

/// The image of point `p` under symmetry `g`.
pub fn point(g: usize, p: usize) -> usize {
    debug_assert!(p < POINTS);
    p / 8 * 8 + image(g, p % 8)
}

/// For each byte of eight points (one square), the symmetries (bit `g` for symmetry `g`)
/// that map it onto itself.
const FIXES: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        let mut g = 0;
        while g < COUNT {
            if BYTES[g][b] as usize == b {
                t[b] |= 1 << g;
            }
            g += 1;
        }
        b += 1;
    }
    t
};

/// For each byte of eight points, the symmetries that give its least image.
const LEAST_BY: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        let mut least = 255u8;
        let mut g = 0;
        while g < COUNT {
            if BYTES[g][b] < least {
                least = BYTES[g][b];
            }
            g += 1;
        }
        g = 0;
        while g < COUNT {
            if BYTES[g][b] == least {
                t[b] |= 1 << g;
            }
            g += 1;
        }
        b += 1;
    }
    t
};

/// The symmetries that map a set of points onto itself (bit `g` for symmetry `g`; bit 0,
/// the identity, always set): a symmetry acts on each square alike, so it fixes the set
/// when it fixes each square's byte.
#[inline]
pub fn symmetries_of(mask: u32) -> u8 {
    FIXES[(mask & 0xff) as usize]
        & FIXES[(mask >> 8 & 0xff) as usize]
        & FIXES[(mask >> 16 & 0xff) as usize]
}

/// The canonical image of a pair of point sets (the side to move's, then the opponent's):
/// of the eight images, the least first set, ties broken by the least second set. Returns
/// the pair and the (first) symmetry that gives it. The images compare from the inner
/// square (the high byte) down, so the symmetries giving the least first set are found a
/// square at a time, most often all but one gone after the first;
/// [`canonical_by_images`] is the plain comparison of the eight images.
#[inline]
pub fn canonical(mover: u32, opponent: u32) -> (u32, u32, usize) {
    let mut cand = LEAST_BY[(mover >> 16) as usize & 0xff];
    let mut shift = 8;
    while cand & (cand - 1) != 0 {
        // Several symmetries give the same bytes so far: the next square decides.
        let x = (mover >> shift & 0xff) as usize;
        let mut least = u8::MAX;
        let mut set = 0u8;
        let mut rest = cand;
        while rest != 0 {
            let g = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let y = BYTES[g][x];
            if y < least {
                least = y;
                set = 1 << g;
            } else if y == least {
                set |= 1 << g;
            }
        }
        cand = set;
        if shift == 0 {
            break;
        }
        shift -= 8;
    }
    let g = cand.trailing_zeros() as usize;
    let mut best = (apply(g, mover), apply(g, opponent), g);
    let mut rest = cand & (cand - 1);
    while rest != 0 {
        // The mover's set has symmetries of its own: the least second set decides.
        let h = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let b = apply(h, opponent);
        if b < best.1 {
            best = (best.0, b, h);
        }
    }
    best
}

/// [`canonical`] by comparing the eight images one after the other (the reference).
pub fn canonical_by_images(mover: u32, opponent: u32) -> (u32, u32, usize) {
    let mut best = (mover, opponent, 0);
    for g in 1..COUNT {
        let a = apply(g, mover);
        if a > best.0 {
            continue;
        }
        let b = apply(g, opponent);
        if a < best.0 || b < best.1 {
            best = (a, b, g);
        }
    }
    best
}

/// The least image of one set of points.
#[inline]
pub fn least(mask: u32) -> u32 {
    (1..COUNT).map(|g| apply(g, mask)).fold(mask, u32::min)
}

#[cfg(test)]
mod tests {
    use super::super::board::{adjacency, lines, OUTER_CORNERS};
    use super::*;

    #[test]
    fn the_eight_symmetries_keep_lines_neighbours_and_the_flying_corners() {
        let (ls, n) = lines(true);
        let adj = adjacency(true);
        let mut images = std::collections::BTreeSet::new();
        for g in 0..COUNT {
            assert_eq!(apply(g, OUTER_CORNERS), OUTER_CORNERS, "symmetry {g}");
            let mut mapped: Vec<u32> = ls[..n].iter().map(|&l| apply(g, l)).collect();
            let mut orig = ls[..n].to_vec();
            mapped.sort();
            orig.sort();
            assert_eq!(mapped, orig, "symmetry {g} keeps the lines");
            for p in 0..POINTS {
                assert_eq!(apply(g, 1 << p), 1 << point(g, p));
                assert_eq!(apply(g, adj[p]), adj[point(g, p)], "neighbours of {p}");
            }
            // Eight different maps: the image of two points off every axis tells them apart.
            images.insert((point(g, 1), point(g, 2)));
        }
        assert_eq!(images.len(), COUNT);
        // The inside-out exchange keeps the lines but not the flying corners.
        let swap = |m: u32| (m & 0xff) << 16 | (m & 0xff00) | (m >> 16 & 0xff);
        let mut swapped: Vec<u32> = ls[..n].iter().map(|&l| swap(l)).collect();
        let mut orig = ls[..n].to_vec();
        swapped.sort();
        orig.sort();
        assert_eq!(swapped, orig);
        assert_ne!(swap(OUTER_CORNERS), OUTER_CORNERS);
    }

    #[test]
    fn the_canonical_image_is_the_least_and_the_same_for_every_image() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for _ in 0..2000 {
            let a = (next() as u32) & 0xff_ffff;
            let b = (next() as u32) & 0xff_ffff & !a;
            let (ca, cb, g) = canonical(a, b);
            assert_eq!((ca, cb, g), canonical_by_images(a, b));
            assert_eq!((apply(g, a), apply(g, b)), (ca, cb));
            let fixed = (0..COUNT).filter(|&h| apply(h, a) == a);
            assert_eq!(symmetries_of(a), fixed.fold(0, |s, h| s | 1 << h));
            assert_eq!(ca, least(a));
            for h in 0..COUNT {
                let (da, db, _) = canonical(apply(h, a), apply(h, b));
                assert_eq!((da, db), (ca, cb));
                // Sets with symmetries of their own, where the ties are.
                let (sa, sb) = (a & apply(h, a), b & apply(h, b) & !(a | apply(h, a)));
                assert_eq!(canonical(sa, sb), canonical_by_images(sa, sb));
                let sym = sa | apply(4, sa);
                assert_eq!(canonical(sym, sb), canonical_by_images(sym, sb));
            }
        }
    }
}
