//! The relay kernel: runs of relay laps on one player's circuit in constant time a lap, with
//! an exact test that the run never ends. The module docs of [`super`] (section "Relay laps")
//! say why it is exact; this file says how it is computed.
//!
//! # Coordinates
//!
//! A run never lifts a seed from the opponent, so it works on the mover's circuit alone, `l`
//! holes in sowing order (clockwise sowing reads the circuit mirrored, so the kernel always
//! sows up the index). The sower drops one seed a step, into the hole after the one before,
//! so by step `T = rev·l + pos` (`pos` the hole of the last seed, `rev` the whole rounds) hole
//! `x` has received `rev + [x ≤ pos]` seeds, up to a constant. The kernel keeps, for each
//! hole, that count at the hole's last lift, `base[x]`, so that
//!
//! ```text
//!     content(x) = rev + [x <= pos] - base[x]        (mod 256; a hole holds at most 255)
//! ```
//!
//! A lap of `n` seeds is then `pos + n` split into `(pos, rev)` by one table load: no hole is
//! written but the one where the lap ends (lifted: `base[pos] = rev + 1`), whatever `n` is.
//! Counts are rebuilt from `base` only when the run stops and when a state is compared.
//!
//! # Known cycles
//!
//! A run without exits that goes on for [`LONG`] laps keeps about one state in `2^SPARSE` (by a
//! hash of the hand and the next three counts, so the choice does not depend on where the
//! circuit starts) in a process-wide set, [`KNOWN`], once the run is found never to end. A
//! later run that meets one of those states, turned round its circuit or not, is on that
//! cycle: it stops at once. Searches and `capture=may` listings meet the same few cycles over
//! and over (one chisolo-ii 4x5 listing went round one cycle of 2,276,987 laps 109 times).

use super::board::Dir;
use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::Mutex;

/// Holes a circuit may have, plus one (index by the circuit length).
const LENGTHS: usize = 33;
/// Walker position plus hand covered by [`DIVMOD`]: positions < 32, hands up to 511.
const SPAN: usize = 32 + 512;

/// `DIVMOD[l][t] = (t mod l, t / l)`: a lap's division by the circuit length as one load.
static DIVMOD: [[(u8, u8); SPAN]; LENGTHS] = divmod_table();

const fn divmod_table() -> [[(u8, u8); SPAN]; LENGTHS] {
    let mut t = [[(0u8, 0u8); SPAN]; LENGTHS];
    let mut l = 1;
    while l < LENGTHS {
        let mut v = 0;
        while v < SPAN {
            t[l][v] = ((v % l) as u8, (v / l) as u8);
            v += 1;
        }
        l += 1;
    }
    t
}

/// Laps a run without exits plays before it looks for known cycles (about 20 µs): shorter
/// runs cost less than the look-up would.
const LONG: u64 = 1 << 12;
/// One state in about `2^SPARSE` of a long run is kept or looked up.
const SPARSE: u32 = 8;
/// The most states kept of one cycle: a longer run keeps every second, then every fourth...
/// of its sampled states, so that they still spread over the cycle.
const PER_CYCLE: usize = 1 << 14;
/// The most states [`KNOWN`] holds (about 50 bytes each); when full it is emptied.
const MAX_KNOWN: usize = 1 << 19;

/// A state of a run without exits, turned so that the sower stands on the last hole: the
/// counts (then zeros), the seeds in hand, the circuit length.
type Key = ([u8; 32], u16, u8);

/// States of cycles found by runs without exits in this process (module docs).
static KNOWN: Mutex<Option<HashSet<Key, BuildHasherDefault<KeyHasher>>>> = Mutex::new(None);

/// A multiply-rotate hash for [`Key`]s (states of the rules, not chosen by an adversary).
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn write(&mut self, bytes: &[u8]) {
        for c in bytes.chunks(8) {
            let mut w = [0u8; 8];
            w[..c.len()].copy_from_slice(c);
            self.0 = (self.0.rotate_left(5) ^ u64::from_le_bytes(w))
                .wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        }
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// How a run of relay laps stopped. The circuit holds the counts at that point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Run {
    /// The last seed of a lap fell into hole `last`, which was empty.
    Empty(usize),
    /// The last seed of a lap fell into the occupied hole `last`, one of the run's exits:
    /// nothing was lifted, the variant's lap ending decides.
    Exit(usize),
    /// The laps came back to a state met before (or to a known cycle): the run never ends.
    Never,
}

/// The counts of a run in kernel coordinates (module docs): `base` twice over
/// (`base[x + l] == base[x]`, so that holes ahead read without a wrap), the whole rounds and
/// the sower's hole. Lanes from `l` on mean nothing.
#[inline]
fn contents(base: &[u8; 64], rev: u8, pos: usize) -> [u8; 32] {
    let mut c = [0u8; 32];
    for (x, v) in c.iter_mut().enumerate() {
        *v = rev.wrapping_add((x <= pos) as u8).wrapping_sub(base[x]);
    }
    c
}

/// The count `j` holes after the sower's (`1 ≤ j < l`): past the last hole, the hole `x - l`
/// has had its seed of this round.
#[inline]
fn ahead(base: &[u8; 64], rev: u8, pos: usize, j: usize, l: usize) -> u8 {
    let x = pos + j;
    rev.wrapping_add((x >= l) as u8).wrapping_sub(base[x])
}

/// The state turned so that the sower stands on the last hole.
fn key(base: &[u8; 64], rev: u8, pos: usize, hand: usize, l: usize) -> Key {
    let c = contents(base, rev, pos);
    let mut k = [0u8; 32];
    for (x, v) in k[..l].iter_mut().enumerate() {
        *v = c[(x + pos + 1) % l];
    }
    (k, hand as u16, l as u8)
}

/// True for the states a long run keeps or looks up, one in about `2^SPARSE`: a hash of the
/// hand and the next three counts, which do not depend on where the circuit starts.
#[inline]
fn sparse(base: &[u8; 64], rev: u8, pos: usize, hand: usize, l: usize) -> bool {
    let h = (hand as u32) << 8 | ahead(base, rev, pos, 1, l) as u32;
    h.wrapping_mul(0x9E37_79B1) >> (32 - SPARSE) == 0
}

/// Writes kernel-order counts `k` back into the circuit `c` of `l` holes.
#[inline]
fn store(c: &mut [u8; 32], k: &[u8; 32], l: usize, d: Dir) {
    match d {
        Dir::Ccw => c[..l].copy_from_slice(&k[..l]),
        Dir::Cw => {
            for x in 0..l {
                c[l - 1 - x] = k[x];
            }
        }
    }
}

/// Plays relay laps on the circuit `c` of `l` holes (`4 ≤ l ≤ 32`): `n` seeds in hand, the next
/// seed into hole `p`, sowing in direction `d`. A lap whose last seed falls into an occupied
/// hole relays (that hole is lifted and sown on from the next) unless the hole's bit is set in
/// `exits` (circuit indices). `Never` is exact (module docs of [`super`]); with no exits the
/// rules of a run do not depend on where the circuit starts, so a state equal to the reference
/// state turned round the circuit counts as a return too, and so does a known cycle.
pub(super) fn relay(c: &mut [u8; 32], l: usize, d: Dir, p: usize, n: u32, exits: u32) -> Run {
    debug_assert!((4..=32).contains(&l) && p < l && n > 0);
    let tab = &DIVMOD[l];
    // Kernel index of circuit hole i (and back: the mirror is its own inverse).
    let at = |i: usize| match d {
        Dir::Ccw => i,
        Dir::Cw => l - 1 - i,
    };
    let exits = match d {
        Dir::Ccw => exits,
        Dir::Cw => exits.reverse_bits() >> (32 - l),
    };
    // The sower stands on the hole before the next seed's, having just lifted (rev = 0).
    let mut pos = (at(p) + l - 1) % l;
    let mut rev = 0u8;
    let mut hand = n as usize;
    let mut base = [0u8; 64];
    for x in 0..l {
        base[x] = ((x <= pos) as u8).wrapping_sub(c[at(x)]);
        base[x + l] = base[x];
    }
    // The reference state: the first after a relay (hand, sower's hole, counts twice over so
    // that a rotation reads as one slice); none before the first relay.
    let mut ref_hand = 0usize;
    let mut ref_pos = 0usize;
    let mut twice = [0u8; 64];
    let turn = exits == 0;
    let lanes: u32 = if l == 32 { u32::MAX } else { (1 << l) - 1 };
    // One lap: breaks out of `$run` with how the run stopped, else ends after a relay.
    macro_rules! lap {
        ($run:lifetime) => {
            let t = pos + hand;
            let (np, carry) = if t < SPAN {
                tab[t]
            } else {
                ((t % l) as u8, (t / l) as u8)
            };
            rev = rev.wrapping_add(carry);
            pos = np as usize;
            let got = rev.wrapping_add(1).wrapping_sub(base[pos]);
            if got == 1 {
                break $run Run::Empty(at(pos));
            }
            if exits >> pos & 1 == 1 {
                break $run Run::Exit(at(pos));
            }
            base[pos] = rev.wrapping_add(1);
            base[pos + l] = base[pos];
            hand = got as usize;
            if ref_hand == 0 {
                ref_hand = hand;
                ref_pos = pos;
                let k = contents(&base, rev, pos);
                for (i, v) in twice.iter_mut().enumerate() {
                    *v = k[i % l];
                }
            } else if hand == ref_hand
                && (turn || pos == ref_pos)
                && ahead(&base, rev, pos, 1, l) == twice[ref_pos + 1]
            {
                // Equal to the reference turned by `r` holes: count(x) = reference(x - r).
                let r = (pos + l - ref_pos) % l;
                let k = contents(&base, rev, pos);
                let mut diff = 0u32;
                for x in 0..32 {
                    diff |= ((k[x] != twice[x + l - r]) as u32) << x;
                }
                if diff & lanes == 0 {
                    break $run Run::Never;
                }
            }
        };
    }
    // States kept by a long run without exits, added to KNOWN if it never ends: one sampled
    // state in `stride`, `seen` sampled so far.
    let mut kept: Vec<Key> = Vec::new();
    let (mut stride, mut seen) = (1usize, 0usize);
    let stop = 'run: {
        // A run with exits always stops (module docs of `super`): no clock in this loop.
        if !turn {
            loop {
                lap!('run);
            }
        }
        for _ in 0..LONG {
            lap!('run);
        }
        let mut laps = 0u32;
        loop {
            lap!('run);
            laps = laps.wrapping_add(1);
            if laps % (1 << 16) == 0 {
                crate::stop::check(); // before anything is remembered
            }
            if sparse(&base, rev, pos, hand, l) {
                let k = key(&base, rev, pos, hand, l);
                if known(&k) {
                    kept.clear();
                    break 'run Run::Never;
                }
                if seen % stride == 0 {
                    if kept.len() == 2 * PER_CYCLE {
                        let mut i = 0;
                        kept.retain(|_| {
                            i += 1;
                            i % 2 == 1
                        });
                        stride *= 2;
                    }
                    if seen % stride == 0 {
                        kept.push(k);
                    }
                }
                seen += 1;
            }
        }
    };
    if stop == Run::Never {
        remember(kept);
    }
    store(c, &contents(&base, rev, pos), l, d);
    stop
}

/// True when `key` is a state of a known cycle.
fn known(key: &Key) -> bool {
    let set = KNOWN.lock().unwrap_or_else(|e| e.into_inner());
    set.as_ref().is_some_and(|s| s.contains(key))
}

/// Adds the states kept by a run that never ends to the known cycles (emptied when full).
fn remember(kept: Vec<Key>) {
    if kept.is_empty() {
        return;
    }
    let mut set = KNOWN.lock().unwrap_or_else(|e| e.into_inner());
    let s = set.get_or_insert_with(HashSet::default);
    if s.len() + kept.len() > MAX_KNOWN {
        s.clear();
    }
    s.extend(kept);
}
