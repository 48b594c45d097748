//! The morris board: 24 points in the bits of a `u32`, its 20 lines of three and its
//! adjacency as masks.
//!
//! Points are numbered square by square, outer (0..8), middle (8..16), inner (16..24); within
//! a square in the order docs/RULES.md lists them, from the bottom-left corner up the left
//! side and round clockwise: corner, midpoint, corner, ... (even `i` a corner, odd `i` a
//! midpoint). Point names are those of morris software on a 7x7 grid:
//!
//! ```text
//! outer   a1 a4 a7 d7 g7 g4 g1 d1     bits  0..8
//! middle  b2 b4 b6 d6 f6 f4 f2 d2     bits  8..16
//! inner   c3 c4 c5 d5 e5 e4 e3 d3     bits 16..24
//! ```
//!
//! Point `8s + i` lies on the side lines of its square with `8s + i ± 1`, and on the line
//! across the squares with `i`'s other two points: the 4 midpoint lines (odd `i`) and, on
//! this board, the 4 corner diagonals (even `i`).

/// Points on the board.
pub const POINTS: usize = 24;

/// Every point.
pub const ALL: u32 = (1 << POINTS) - 1;

/// Point names, by index.
pub const NAMES: [&str; POINTS] = [
    "a1", "a4", "a7", "d7", "g7", "g4", "g1", "d1", //
    "b2", "b4", "b6", "d6", "f6", "f4", "f2", "d2", //
    "c3", "c4", "c5", "d5", "e5", "e4", "e3", "d3",
];

/// The outside corners a1, a7, g7, g1: a counter there may move to any empty point.
pub const OUTER_CORNERS: u32 = 1 << 0 | 1 << 2 | 1 << 4 | 1 << 6;

/// The point named `name`, if there is one.
pub fn point(name: &str) -> Option<usize> {
    NAMES.iter().position(|&n| n == name)
}

/// The lines of three: the 12 sides of the squares, the 4 lines joining midpoints, and with
/// `diagonals` the 4 joining corners.
pub const fn lines(diagonals: bool) -> ([u32; 20], usize) {
    let mut out = [0u32; 20];
    let mut n = 0;
    let mut s = 0;
    while s < 3 {
        let mut i = 0;
        while i < 8 {
            // The side from corner i through midpoint i + 1 to corner i + 2.
            out[n] = 1 << (8 * s + i) | 1 << (8 * s + i + 1) | 1 << (8 * s + (i + 2) % 8);
            n += 1;
            i += 2;
        }
        s += 1;
    }
    let mut i = 0;
    while i < 8 {
        if i % 2 == 1 || diagonals {
            out[n] = 1 << i | 1 << (8 + i) | 1 << (16 + i);
            n += 1;
        }
        i += 1;
    }
    (out, n)
}

/// The points next to each point along a line.
pub const fn adjacency(diagonals: bool) -> [u32; POINTS] {
    let (ls, n) = lines(diagonals);
    let mut adj = [0u32; POINTS];
    let mut k = 0;
    while k < n {
        // The middle point of a line is next to both ends; the ends to the middle.
        let l = ls[k];
        let mut p = 0;
        let mut pts = [0usize; 3];
        let mut m = 0;
        while p < POINTS {
            if l >> p & 1 == 1 {
                pts[m] = p;
                m += 1;
            }
            p += 1;
        }
        let mid = middle(pts);
        let mut j = 0;
        while j < 3 {
            if pts[j] != mid {
                adj[pts[j]] |= 1 << mid;
                adj[mid] |= 1 << pts[j];
            }
            j += 1;
        }
        k += 1;
    }
    adj
}

/// The middle point of a line given by its three points: on a side, the midpoint (odd `i`);
/// across the squares, the middle square's point.
const fn middle(pts: [usize; 3]) -> usize {
    let mut j = 0;
    while j < 3 {
        let p = pts[j];
        if pts[0] / 8 == pts[1] / 8 {
            if p % 2 == 1 {
                return p;
            }
        } else if p / 8 == 1 {
            return p;
        }
        j += 1;
    }
    pts[1]
}

/// For each point, the lines through it (up to three).
pub const fn lines_through(diagonals: bool) -> [[u32; 3]; POINTS] {
    let (ls, n) = lines(diagonals);
    let mut out = [[0u32; 3]; POINTS];
    let mut p = 0;
    while p < POINTS {
        let mut m = 0;
        let mut k = 0;
        while k < n {
            if ls[k] >> p & 1 == 1 {
                out[p][m] = ls[k];
                m += 1;
            }
            k += 1;
        }
        p += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_has_twenty_lines_and_its_named_neighbours() {
        let (ls, n) = lines(true);
        assert_eq!(n, 20);
        let name = |l: u32| -> Vec<&str> {
            (0..POINTS)
                .filter(|&p| l >> p & 1 == 1)
                .map(|p| NAMES[p])
                .collect()
        };
        // Every line of docs/RULES.md, and no other.
        let want = [
            "a1 a4 a7", "a7 d7 g7", "g7 g4 g1", "g1 d1 a1", "b2 b4 b6", "b6 d6 f6", "f6 f4 f2",
            "f2 d2 b2", "c3 c4 c5", "c5 d5 e5", "e5 e4 e3", "e3 d3 c3", "a4 b4 c4", "d7 d6 d5",
            "g4 f4 e4", "d1 d2 d3", "a1 b2 c3", "a7 b6 c5", "g7 f6 e5", "g1 f2 e3",
        ];
        let mut got: Vec<Vec<&str>> = ls[..n].iter().map(|&l| name(l)).collect();
        let mut want: Vec<Vec<&str>> = want
            .iter()
            .map(|w| {
                let mut v: Vec<&str> = w.split(' ').collect();
                v.sort();
                v
            })
            .collect();
        for g in &mut got {
            g.sort();
        }
        got.sort();
        want.sort();
        assert_eq!(got, want);
        let adj = adjacency(true);
        let of = |p: &str| {
            let mut v = name(adj[point(p).unwrap()]);
            v.sort();
            v.join(" ")
        };
        assert_eq!(of("a1"), "a4 b2 d1");
        assert_eq!(of("b2"), "a1 b4 c3 d2");
        assert_eq!(of("d2"), "b2 d1 d3 f2");
        assert_eq!(of("c4"), "b4 c3 c5");
        // Without diagonals: the nine men's morris board (16 lines, corners on two).
        assert_eq!(lines(false).1, 16);
        assert_eq!(adjacency(false)[point("b2").unwrap()].count_ones(), 2);
        assert_eq!(lines_through(true)[point("b2").unwrap()][2].count_ones(), 3);
    }
}
