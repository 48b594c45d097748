//! The bitpacked two-row board: up to 16 pit counts in the byte lanes of one `u128`.
//!
//! # Layout
//!
//! Pits are stored in **sowing order relative to the player to move**: lane 0 is the mover's
//! leftmost pit (his pit `1`), lanes `0..W` are the mover's row left to right as he sees it,
//! lanes `W..2W` are the opponent's row from the opponent's left (the opponent's pit `1` first).
//! Anti-clockwise sowing therefore walks the lanes in increasing order, wrapping from lane
//! `2W-1` back to lane 0. Each lane is 8 bits wide, so a pit holds 0..=255 seeds; lanes
//! `2W..16` are always zero.
//!
//! ```text
//!  bit 127                                                               bit 0
//!  +--------+--------+-----+----------+-----------+-----+---------+---------+
//!  | lane15 | lane14 | ... | lane 2W-1| lane 2W-2 | ... | lane 1  | lane 0  |
//!  |  zero  |  zero  |     | opp. W   | opp. W-1  |     | mover 2 | mover 1 |
//!  +--------+--------+-----+----------+-----------+-----+---------+---------+
//!
//!  W = 6, drawn as the mover sees the board:
//!
//!          opp 6    opp 5    opp 4    opp 3    opp 2    opp 1
//!        [lane11] [lane10] [lane 9] [lane 8] [lane 7] [lane 6]
//!        [lane 0] [lane 1] [lane 2] [lane 3] [lane 4] [lane 5]
//!         mover 1  mover 2  mover 3  mover 4  mover 5  mover 6      --> sowing
//! ```
//!
//! Handing the move to the other player is a rotation of the `2W` used lanes by `W` lanes
//! ([`Pits::flip`]), so the rules are written once, from the mover's point of view, and two
//! positions that differ only in who is to move share one encoding.
//!
//! Whole-board updates use lane arithmetic: adding one seed to a run of pits is the addition of
//! a precomputed mask with a `0x01` byte in each lane of the run ([`lane_ones`]). No lane ever
//! carries into its neighbour because a validated position never holds more than 255 seeds on
//! the board ([`MAX_BOARD_SEEDS`]).

/// Bits per lane.
pub const LANE_BITS: u32 = 8;
/// Number of lanes in the word.
pub const LANES: usize = 16;
/// The largest number of pits on one side of a two-row board.
pub const MAX_WIDTH: usize = LANES / 2;
/// The largest number of seeds a position may hold on the board: the capacity of one lane, so
/// that no sowing can carry out of a lane.
pub const MAX_BOARD_SEEDS: u32 = (1 << LANE_BITS) - 1;

// The lanes must exactly tile the word and two rows of MAX_WIDTH pits must fit.
const _: () = assert!(LANES * LANE_BITS as usize == u128::BITS as usize);
const _: () = assert!(2 * MAX_WIDTH <= LANES);
const _: () = assert!(MAX_BOARD_SEEDS <= u8::MAX as u32);

/// A mask with the byte `0x01` in each of lanes `0..k` (`k <= 16`).
#[inline]
pub const fn lane_ones(k: usize) -> u128 {
    if k >= LANES {
        u128::MAX / 0xFF
    } else {
        (u128::MAX / 0xFF) & ((1u128 << (k as u32 * LANE_BITS)) - 1)
    }
}

/// A mask with `0xFF` in each of lanes `0..k`.
#[inline]
pub const fn lane_bytes(k: usize) -> u128 {
    lane_ones(k) * 0xFF
}

/// Pit counts of a two-row board in the byte lanes of a `u128` (see the module docs).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Pits(pub u128);

impl Pits {
    /// The empty board.
    pub const EMPTY: Pits = Pits(0);

    /// `count` seeds in each of the `lanes` first lanes.
    #[inline]
    pub const fn filled(lanes: usize, count: u8) -> Pits {
        Pits(lane_ones(lanes) * count as u128)
    }

    /// Seeds in lane `i`.
    #[inline]
    pub const fn get(self, i: usize) -> u8 {
        (self.0 >> (i as u32 * LANE_BITS)) as u8
    }

    /// Sets lane `i` to `v`.
    #[inline]
    pub fn set(&mut self, i: usize, v: u8) {
        let sh = i as u32 * LANE_BITS;
        self.0 = (self.0 & !(0xFFu128 << sh)) | ((v as u128) << sh);
    }

    /// Empties lane `i`, returning what it held.
    #[inline]
    pub fn take(&mut self, i: usize) -> u8 {
        let v = self.get(i);
        self.0 &= !(0xFFu128 << (i as u32 * LANE_BITS));
        v
    }

    /// Adds one seed to each of the `len` lanes that follow `from` going round a ring of
    /// `ring` lanes (`len <= ring`), i.e. lanes `from+1, from+2, ...` modulo `ring`.
    #[inline]
    pub fn add_run(&mut self, from: usize, len: usize, ring: usize) {
        let start = from + 1;
        let end = start + len;
        if end <= ring {
            self.0 += lane_ones(end) - lane_ones(start);
        } else if start >= ring {
            // `from` is the last lane: the run starts at lane 0.
            self.0 += lane_ones(end - ring);
        } else {
            self.0 += (lane_ones(ring) - lane_ones(start)) + lane_ones(end - ring);
        }
    }

    /// Adds `q` seeds to every lane selected by `ones` (a mask of `0x01` bytes).
    #[inline]
    pub fn add_each(&mut self, ones: u128, q: u8) {
        self.0 += ones * q as u128;
    }

    /// Total seeds in the lanes selected by `bytes` (a mask of `0xFF` bytes).
    #[inline]
    pub fn sum_masked(self, bytes: u128) -> u32 {
        let x = self.0 & bytes;
        // Horizontal byte sum in two halves; each half's sum fits easily in a u64 lane-sum.
        let lo = x as u64;
        let hi = (x >> 64) as u64;
        byte_sum(lo) + byte_sum(hi)
    }

    /// Total seeds in lanes `0..n`.
    #[inline]
    pub fn sum_first(self, n: usize) -> u32 {
        self.sum_masked(lane_bytes(n))
    }

    /// True when every lane selected by `bytes` is zero.
    #[inline]
    pub const fn is_empty_in(self, bytes: u128) -> bool {
        self.0 & bytes == 0
    }

    /// Rotates the `2 * width` used lanes by `width` lanes: the opponent's row becomes lanes
    /// `0..width`. Applying it twice is the identity.
    #[inline]
    pub const fn flip(self, width: usize) -> Pits {
        let half = width as u32 * LANE_BITS;
        let low = self.0 & lane_bytes(width);
        Pits((self.0 >> half) | (low << half))
    }

    /// The lane counts `0..n` as a vector (for display and tests).
    pub fn to_vec(self, n: usize) -> Vec<u8> {
        (0..n).map(|i| self.get(i)).collect()
    }

    /// Builds a board from lane counts (lanes beyond the slice are zero). The caller ensures
    /// the slice has at most 16 entries.
    pub fn from_slice(counts: &[u8]) -> Pits {
        let mut p = Pits::EMPTY;
        for (i, &c) in counts.iter().enumerate() {
            p.set(i, c);
        }
        p
    }
}

impl std::fmt::Debug for Pits {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Pits{:?}", self.to_vec(LANES))
    }
}

/// `0x01` in each of the eight byte lanes of a `u64`.
pub(crate) const ONES64: u64 = u64::MAX / 0xFF;
/// `0x80` in each of the eight byte lanes of a `u64`.
pub(crate) const HIGH64: u64 = ONES64 << 7;

/// The `0x80` bit of each byte lane of `x` that is not zero.
///
/// Exact, with no carry between lanes: `(b & 0x7F) + 0x7F <= 0xFE` for every byte `b`, and it
/// reaches `0x80` exactly when `b & 0x7F != 0`; or-ing `b` back in covers `b == 0x80`.
#[inline(always)]
pub(crate) const fn nonzero_lanes(x: u64) -> u64 {
    (((x & !HIGH64).wrapping_add(!HIGH64)) | x) & HIGH64
}

/// The `0x80` bit of each byte lane of `x` that equals `b`.
#[inline(always)]
pub(crate) const fn lanes_equal(x: u64, b: u8) -> u64 {
    !nonzero_lanes(x ^ (ONES64 * b as u64)) & HIGH64
}

/// Gathers the `0x80` bits of the eight lanes of `x` (only those bits may be set) into bits
/// `0..8` of the result, lane `i` giving bit `i`.
///
/// After `>> 7` lane `i` holds bit `8i`; the multiplier has bits `7k` for `k` in `0..8`, so the
/// partial products land on bits `8i + 7k`, all distinct (no carries), and bit `49 + i` comes
/// from `k = 7 - i` alone.
#[inline(always)]
pub(crate) const fn lane_flags(x: u64) -> u32 {
    (((x >> 7).wrapping_mul(0x0002_0408_1020_4081)) >> 49) as u32 & 0xFF
}

/// Bytes `0xFF` in lanes `0..=top` of a `u64` (`top < 8`).
#[inline(always)]
pub(crate) const fn bytes_through(top: usize) -> u64 {
    u64::MAX >> (56 - 8 * top as u32)
}

/// The bytes of the longest run of lanes `..=top` that ends at lane `top` and whose lanes all
/// have their `0x80` bit set in `flags` (lane `top` must have it set).
///
/// The lanes at or below `top` that break the run are `!flags` there; the run starts just
/// above the highest of them, or at lane 0 when there is none. For a highest break in lane `h`
/// its top bit is bit `8h + 7`, so `u64::MAX >> leading_zeros` covers lanes `0..=h`.
#[inline(always)]
pub(crate) const fn run_ending_at(flags: u64, top: usize) -> u64 {
    let upto = bytes_through(top);
    let breaks = !flags & upto & HIGH64;
    let below = match u64::MAX.checked_shr(breaks.leading_zeros()) {
        Some(b) => b,
        None => 0,
    };
    upto & !below
}

/// The total of the eight byte lanes of `x`.
#[inline(always)]
pub(crate) const fn byte_sum(x: u64) -> u32 {
    // Pairwise add bytes into 16-bit fields, then multiply to gather them. Each 16-bit field
    // holds at most 2 * 255, and the total of all eight bytes at most 2040, which fits in the
    // top 16 bits of the product.
    let pairs = (x & 0x00FF_00FF_00FF_00FF) + ((x >> 8) & 0x00FF_00FF_00FF_00FF);
    (pairs.wrapping_mul(0x0001_0001_0001_0001) >> 48) as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lane_masks() {
        assert_eq!(lane_ones(0), 0);
        assert_eq!(lane_ones(1), 1);
        assert_eq!(lane_ones(2), 0x0101);
        assert_eq!(lane_ones(16), u128::MAX / 0xFF);
        assert_eq!(lane_bytes(16), u128::MAX);
    }

    #[test]
    fn add_run_wraps() {
        let mut p = Pits::EMPTY;
        p.add_run(10, 4, 12); // lanes 11, 0, 1, 2
        assert_eq!(p.to_vec(12), vec![1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
        let mut p = Pits::EMPTY;
        p.add_run(11, 3, 12); // lanes 0, 1, 2
        assert_eq!(p.to_vec(12), vec![1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
        let mut p = Pits::EMPTY;
        p.add_run(3, 12, 12); // every lane once, ending on lane 3
        assert_eq!(p.to_vec(12), vec![1; 12]);
    }

    #[test]
    fn swar_helpers() {
        let x = u64::from_le_bytes([0, 1, 0x80, 0xFF, 2, 3, 0x7F, 0]);
        assert_eq!(lane_flags(nonzero_lanes(x)), 0b0111_1110);
        assert_eq!(lane_flags(lanes_equal(x, 0)), 0b1000_0001);
        assert_eq!(lane_flags(lanes_equal(x, 2)), 0b0001_0000);
        assert_eq!(lane_flags(lanes_equal(x, 0xFF)), 0b0000_1000);
        assert_eq!(byte_sum(x), 1 + 0x80 + 0xFF + 2 + 3 + 0x7F);
        assert_eq!(bytes_through(0), 0xFF);
        assert_eq!(bytes_through(7), u64::MAX);
        // Flags set in lanes 1, 2, 3 and 5.
        let f = HIGH64 & u64::from_le_bytes([0, 0xFF, 0xFF, 0xFF, 0, 0xFF, 0, 0]);
        assert_eq!(run_ending_at(f, 3), 0xFFFF_FF00);
        assert_eq!(run_ending_at(f, 5), 0xFF00_0000_0000);
        assert_eq!(run_ending_at(HIGH64, 7), u64::MAX);
        assert_eq!(run_ending_at(HIGH64, 2), 0xFF_FFFF);
        // Every byte value, against the obvious definitions.
        for b in 0..=255u8 {
            for lane in 0..8 {
                let x = (b as u64) << (8 * lane);
                assert_eq!(lane_flags(nonzero_lanes(x)), ((b != 0) as u32) << lane);
                let only = if b == 0 { 0xFF } else { 1 << lane };
                assert_eq!(lane_flags(lanes_equal(x, b)), only);
                assert_eq!(lanes_equal(x, 2) != 0, b == 2);
                assert_eq!(
                    lane_flags(lanes_equal(x, 0)),
                    0xFF & !(((b != 0) as u32) << lane)
                );
            }
        }
    }

    #[test]
    fn sums_and_flip() {
        let p = Pits::from_slice(&[255, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
        assert_eq!(p.sum_first(16), 255 + (1..16).sum::<u32>());
        assert_eq!(p.sum_first(3), 258);
        let q = Pits::from_slice(&[1, 2, 3, 4, 5, 6]);
        assert_eq!(q.flip(3).to_vec(6), vec![4, 5, 6, 1, 2, 3]);
        assert_eq!(q.flip(3).flip(3), q);
    }
}
