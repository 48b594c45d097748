//! Short codes for position keys made of seed counts, for the search's transposition table.
//!
//! A two-row key is the board word: one byte lane a pit, 16 lanes in a `u128`. While a search
//! runs, no pit can hold more seeds than the board held at its root (sowing moves seeds and
//! captures take them off; none come back), so each lane has fewer significant bits than its
//! 8. A [`Packing`] squeezes the lanes to that many bits, then stirs the result one to one:
//!
//! ```text
//!  key (byte lanes)  | 0 0 s11 | ... | 0 0 s1 | 0 0 s0 |        12 lanes x 8 bits
//!  packed            | s11 | ... | s1 | s0 |                   12 lanes x 6 bits = 72 bits
//!                    | high: bits 64..72 | low: bits 0..64 |
//!  code              | high | mix(low) ^ stir(high) |          72 bits
//! ```
//!
//! `mix` is a bijection of 64-bit words (xor-shifts and multiplications by odd numbers) and
//! `stir` any function of the high part, so the code gives back the packed key (and that the
//! key): it is a one-to-one code whose low bits depend on every pit. The code of a Kalah(6,4)
//! position (48 seeds, 6 bits a lane) has 72 bits; the table takes its low bits as the index of
//! a 64-byte line and keeps the others (at most 64) as the entry's tag. Index and tag together
//! give back the code: two positions never share an entry, and an entry needs 16 bytes instead
//! of 24 (`solver/src/tt.rs`). Codes have at least 64 bits (the mixed low word).

/// How the keys of a search are packed: `lanes` byte lanes each below `2^bits`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Packing {
    lanes: u32,
    bits: u32,
    /// The key bits that must be zero: above `bits` in each lane, and every lane past `lanes`.
    spill: u128,
}

impl Packing {
    /// Keys of `lanes` byte lanes (1..=16) each holding at most `max`.
    pub fn new(lanes: u32, max: u32) -> Packing {
        assert!((1..=16).contains(&lanes), "1 to 16 byte lanes, not {lanes}");
        let bits = (u32::BITS - max.max(1).leading_zeros()).min(8);
        let lane = (1u128 << bits) - 1;
        let kept = (0..lanes).fold(0u128, |m, i| m | lane << (8 * i));
        Packing {
            lanes,
            bits,
            spill: !kept,
        }
    }

    /// Bits of a code: every code is below `2^width()` (at least 64).
    pub fn width(&self) -> u32 {
        (self.lanes * self.bits).max(64)
    }

    /// Whether this packing also codes every key that `other` codes (same lanes, at least as
    /// many bits), so that codes made by both name the same positions.
    pub fn covers(&self, other: &Packing) -> bool {
        self.lanes == other.lanes && self.bits >= other.bits
    }

    /// The packing that covers both (the wider), if they have the same lanes.
    pub fn union(&self, other: &Packing) -> Option<Packing> {
        (self.lanes == other.lanes).then_some(if self.bits >= other.bits {
            *self
        } else {
            *other
        })
    }

    /// The code of `key`: its lanes packed, then stirred one to one (module docs).
    ///
    /// # Panics
    /// If a lane of `key` does not fit (a key this packing was not made for): coding it
    /// would make two positions share a code.
    #[inline(always)]
    pub fn code(&self, key: u128) -> u128 {
        if key & self.spill != 0 {
            self.does_not_fit(key);
        }
        let (low, high) = self.split(key);
        (high as u128) << 64 | (mix(low) ^ stir(high)) as u128
    }

    #[cold]
    #[inline(never)]
    fn does_not_fit(&self, key: u128) -> ! {
        panic!(
            "key {key:#x} does not fit a packing of {} lanes of {} bits",
            self.lanes, self.bits
        )
    }

    /// The packed key in two words: bits `0..64` and `64..`.
    #[inline(always)]
    fn split(&self, key: u128) -> (u64, u64) {
        let lo = pack_lanes(key as u64, self.bits);
        let hi = pack_lanes((key >> 64) as u64, self.bits);
        // Lanes 8.. start at bit `8 * bits` (64 at most).
        let s = 8 * self.bits;
        (lo | hi.checked_shl(s).unwrap_or(0), hi >> (64 - s))
    }

    /// The key of `code` (the inverse of [`Packing::code`]).
    pub fn key(&self, code: u128) -> u128 {
        let high = (code >> 64) as u64;
        let low = unmix(code as u64 ^ stir(high));
        let packed = (high as u128) << 64 | low as u128;
        let lane = (1u128 << self.bits) - 1;
        (0..self.lanes).fold(0u128, |k, i| {
            k | ((packed >> (i * self.bits)) & lane) << (8 * i)
        })
    }
}

/// Eight byte lanes, each below `2^bits` (`bits` in 1..=8), packed into the low `8 * bits`
/// bits: pairs of lanes into 16-bit lanes, then pairs of those into 32-bit lanes, then one.
#[inline(always)]
fn pack_lanes(x: u64, bits: u32) -> u64 {
    const B16: u64 = 0x00FF_00FF_00FF_00FF;
    const B32: u64 = 0x0000_FFFF_0000_FFFF;
    let y = (x & B16) | ((x >> 8) & B16) << bits;
    let z = (y & B32) | ((y >> 16) & B32) << (2 * bits);
    (z & 0xFFFF_FFFF) | (z >> 32) << (4 * bits)
}

const M1: u64 = 0xBF58_476D_1CE4_E5B9;
const M2: u64 = 0x94D0_49BB_1331_11EB;
const M3: u64 = 0x9E37_79B9_7F4A_7C15;

/// A bijection of 64-bit words that stirs every bit into the low ones (xor-shifts and
/// multiplications by odd numbers: SplitMix64's finaliser).
#[inline(always)]
pub(crate) fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(M1);
    x = (x ^ (x >> 27)).wrapping_mul(M2);
    x ^ (x >> 31)
}

/// The inverse of [`mix`].
pub(crate) fn unmix(mut x: u64) -> u64 {
    x = unshift(x, 31);
    x = unshift(x.wrapping_mul(inverse(M2)), 27);
    unshift(x.wrapping_mul(inverse(M1)), 30)
}

/// Any function of the high word whose low bits depend on all of it.
#[inline(always)]
fn stir(h: u64) -> u64 {
    let y = h.wrapping_mul(M3);
    y ^ (y >> 32)
}

/// The inverse of `x ^ (x >> s)` (`s >= 1`).
fn unshift(y: u64, s: u32) -> u64 {
    let mut x = y;
    let mut k = s;
    while k < 64 {
        x = y ^ (x >> s);
        k += s;
    }
    x
}

/// The inverse of an odd `a` modulo `2^64` (Newton's iteration).
fn inverse(a: u64) -> u64 {
    let mut x = a;
    for _ in 0..6 {
        x = x.wrapping_mul(2u64.wrapping_sub(a.wrapping_mul(x)));
    }
    x
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn widths() {
        assert_eq!(Packing::new(12, 48).width(), 72);
        assert_eq!(Packing::new(12, 63).width(), 72);
        assert_eq!(Packing::new(12, 64).width(), 84);
        assert_eq!(Packing::new(16, 255).width(), 128);
        assert_eq!(Packing::new(2, 0).width(), 64);
        assert!(Packing::new(12, 64).covers(&Packing::new(12, 3)));
        assert!(!Packing::new(12, 3).covers(&Packing::new(12, 64)));
        assert!(!Packing::new(10, 3).covers(&Packing::new(12, 3)));
        assert_eq!(
            Packing::new(12, 3).union(&Packing::new(12, 64)),
            Some(Packing::new(12, 100))
        );
        assert_eq!(Packing::new(10, 3).union(&Packing::new(12, 3)), None);
    }

    #[test]
    #[should_panic(expected = "does not fit")]
    fn a_lane_too_full_is_refused() {
        Packing::new(12, 48).code(64);
    }

    #[test]
    #[should_panic(expected = "does not fit")]
    fn a_lane_past_the_last_is_refused() {
        Packing::new(12, 48).code(1 << 96);
    }

    #[test]
    fn small_boards_code_one_to_one() {
        // Every key of 3 lanes below 8 seeds: distinct codes, each giving its key back.
        let p = Packing::new(3, 7);
        let mut codes = std::collections::HashSet::new();
        for a in 0..8u128 {
            for b in 0..8u128 {
                for c in 0..8u128 {
                    let key = a | b << 8 | c << 16;
                    let code = p.code(key);
                    assert!(codes.insert(code));
                    assert_eq!(p.key(code), key);
                }
            }
        }
    }

    proptest! {
        #[test]
        fn codes_round_trip(lanes in 1u32..=16, max in 0u32..=255, seed in any::<u128>()) {
            let p = Packing::new(lanes, max);
            // A key whose lanes are at most `max`.
            let key = (0..lanes).fold(0u128, |k, i| {
                let v = ((seed >> (8 * i)) as u32 & 0xFF) % (max + 1);
                k | (v as u128) << (8 * i)
            });
            let c = p.code(key);
            prop_assert!(p.width() == 128 || c >> p.width() == 0);
            prop_assert_eq!(p.key(c), key);
        }

        #[test]
        fn mix_inverts(x in any::<u64>()) {
            prop_assert_eq!(unmix(mix(x)), x);
        }
    }
}
