//! The transposition table of the n-seat searches: a fixed number of slots, one entry a
//! slot, indexed by a hash of the key. Single-threaded (each search owns its table), so a
//! search's result depends on its inputs alone.

use std::hash::{Hash, Hasher};

/// Entries searched without a horizon: valid at any depth.
pub(super) const EXACT: u16 = u16::MAX;

/// One stored result: bounds on a value, the depth they were searched to, the best move.
#[derive(Clone, Copy, Debug)]
pub(super) struct Slot<K> {
    /// The position's key.
    pub key: K,
    /// Lower bound.
    pub lo: u16,
    /// Upper bound.
    pub hi: u16,
    /// Plies searched below the position ([`EXACT`]: no horizon).
    pub depth: u16,
    /// Index of the best move found (`u8::MAX`: none).
    pub best: u8,
}

/// A fixed-size table of [`Slot`]s.
#[derive(Clone, Debug)]
pub(super) struct Table<K> {
    slots: Vec<Option<Slot<K>>>,
    mask: usize,
}

/// FxHash's step (rustc's hasher): a fast, fixed hash, so that a table's contents never
/// depend on a random seed.
#[derive(Default)]
struct Fx(u64);

impl Hasher for Fx {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut b = [0u8; 8];
            b[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(b));
        }
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = (self.0.rotate_left(5) ^ v).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_u128(&mut self, v: u128) {
        self.write_u64(v as u64);
        self.write_u64((v >> 64) as u64);
    }
    fn write_u8(&mut self, v: u8) {
        self.write_u64(v as u64);
    }
}

/// A fixed hash of `key`.
pub(super) fn hash_of<K: Hash>(key: &K) -> u64 {
    let mut h = Fx::default();
    key.hash(&mut h);
    // The last multiplication leaves the low bits weakest: mix the high ones down.
    let x = h.finish();
    x ^ (x >> 29) ^ (x >> 47)
}

impl<K: Copy + Eq + Hash> Table<K> {
    /// A table of about `mb` MiB (a power of two of slots, at least 1024).
    pub(super) fn with_mb(mb: usize) -> Table<K> {
        let per = std::mem::size_of::<Option<Slot<K>>>().max(1);
        let want = ((mb << 20) / per).max(1024);
        let n = 1usize << (usize::BITS - 1 - want.leading_zeros());
        Table {
            slots: vec![None; n],
            mask: n - 1,
        }
    }

    /// The entry of `key`, if stored.
    #[inline]
    pub(super) fn get(&self, key: &K) -> Option<Slot<K>> {
        let s = self.slots[hash_of(key) as usize & self.mask]?;
        (s.key == *key).then_some(s)
    }

    /// Stores an entry: it replaces another key's entry, and one of the same key unless that
    /// one was searched deeper; at equal depth the bounds are combined.
    #[inline]
    pub(super) fn put(&mut self, mut e: Slot<K>) {
        let i = hash_of(&e.key) as usize & self.mask;
        if let Some(old) = self.slots[i] {
            if old.key == e.key {
                if old.depth > e.depth {
                    return;
                }
                // Bounds of searches cut at a horizon may cross (each used the table
                // differently): the new ones are kept alone then.
                if old.depth == e.depth && e.lo.max(old.lo) <= e.hi.min(old.hi) {
                    e.lo = e.lo.max(old.lo);
                    e.hi = e.hi.min(old.hi);
                    if e.best == u8::MAX {
                        e.best = old.best;
                    }
                }
            }
        }
        self.slots[i] = Some(e);
    }
}
