//! The transposition table: a fixed-size, lock-free table shared by the search threads.
//!
//! Each entry is three `AtomicU64` words written without locks (Hyatt's lockless hashing,
//! extended to a 128-bit key): `w0 = key_lo ^ data`, `w1 = key_hi ^ data`, `w2 = data`. A
//! reader accepts an entry only if `w0 ^ w2` and `w1 ^ w2` give back the full 128-bit key it
//! looks for, so an entry torn by a concurrent write (words from two different writes) is
//! rejected unless two different writes agree on all 192 bits. Keys are stored in full, not
//! hashed, so two positions are never confused by an index collision.
//!
//! The data word packs a lower and an upper bound on the position's value, the search depth
//! they hold for (`EXACT_DEPTH` for bounds proven without a search horizon), and the best move.
//!
//! ```text
//!  bits 63..48   47..32   31..24   23..16   15..0
//!  lower (i16)  upper(i16) depth    move+1   unused
//! ```
//!
//! Each index holds a bucket of two entries: the first is kept for the deeper (or exact)
//! result, the second always takes the newest.

use std::sync::atomic::{AtomicU64, Ordering};

/// The depth stored for bounds proven to the end of the game (no horizon).
pub const EXACT_DEPTH: u8 = u8::MAX;

/// One probe result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// A lower bound on the value.
    pub lower: i16,
    /// An upper bound on the value.
    pub upper: i16,
    /// The remaining depth the bounds hold for; `EXACT_DEPTH` when proven to the end.
    pub depth: u8,
    /// The best move found, if any (an index into the move list order of the variant).
    pub best: Option<u8>,
    /// The work the bounds cost: `log2` of the nodes searched under them (0 if unknown). Of
    /// two entries with equal depth the table keeps the costlier one.
    pub work: u8,
}

impl Entry {
    fn pack(self) -> u64 {
        ((self.lower as u16 as u64) << 48)
            | ((self.upper as u16 as u64) << 32)
            | ((self.depth as u64) << 24)
            | ((self.best.map_or(0, |m| m as u64 + 1)) << 16)
            | ((self.work as u64) << 8)
    }

    fn unpack(d: u64) -> Entry {
        let best = ((d >> 16) & 0xFF) as u8;
        Entry {
            lower: (d >> 48) as u16 as i16,
            upper: (d >> 32) as u16 as i16,
            depth: (d >> 24) as u8,
            best: best.checked_sub(1),
            work: (d >> 8) as u8,
        }
    }
}

#[repr(C)]
struct Slot {
    w: [AtomicU64; 3],
}

impl Slot {
    fn load(&self, key: u128) -> Option<Entry> {
        let w0 = self.w[0].load(Ordering::Relaxed);
        let w1 = self.w[1].load(Ordering::Relaxed);
        let d = self.w[2].load(Ordering::Relaxed);
        if d == 0 {
            return None;
        }
        let k = ((w1 ^ d) as u128) << 64 | (w0 ^ d) as u128;
        (k == key).then(|| Entry::unpack(d))
    }

    /// The replacement priority of whatever is stored, depth then work (0 if empty).
    fn priority(&self) -> u16 {
        let d = self.w[2].load(Ordering::Relaxed);
        ((d >> 16) & 0xFF00 | (d >> 8) & 0xFF) as u16
    }

    fn store(&self, key: u128, e: Entry) {
        let d = e.pack();
        self.w[0].store(key as u64 ^ d, Ordering::Relaxed);
        self.w[1].store((key >> 64) as u64 ^ d, Ordering::Relaxed);
        self.w[2].store(d, Ordering::Relaxed);
    }
}

/// What the search needs of a transposition table shared by its threads.
///
/// The search is generic over it so that table designs can be measured against each other
/// (`benches/search.rs`): [`Table`], the fixed-size lock-free table the solver uses, and
/// [`DashTable`], a `DashMap` keyed by the full position key.
pub trait TransTable: Send + Sync {
    /// Looks `key` up.
    fn probe(&self, key: u128) -> Option<Entry>;
    /// Stores bounds for `key` (the table may keep or drop them).
    fn store(&self, key: u128, e: Entry);
    /// Empties the table.
    fn clear(&mut self);
}

/// `n` empty slots from zeroed memory. `vec![0u64; _]` asks the allocator for zeroed pages,
/// which the system maps lazily, where filling a vector of atomics writes every byte first:
/// a cold 64 MiB table took ~15 ms to set up, more than a whole Kalah(4,3) solve
/// (`cargo bench --bench search`, BENCHMARKS.md).
const _: () = assert!(
    std::mem::size_of::<Slot>() == 3 * std::mem::size_of::<u64>()
        && std::mem::align_of::<Slot>() == std::mem::align_of::<u64>()
);

fn zeroed_slots(n: usize) -> Vec<Slot> {
    let words = std::mem::ManuallyDrop::new(vec![0u64; 3 * n]);
    let (ptr, len, cap) = (words.as_ptr() as *mut u64, words.len(), words.capacity());
    assert!(
        len == 3 * n && cap == len,
        "a zeroed vector of exactly 3n words"
    );
    // SAFETY: the allocation holds 3n initialised u64 (all zero) and was made with the layout
    // of `[u64; 3n]`, which is the layout of `[Slot; n]`: `Slot` is `repr(C)` over three
    // `AtomicU64`, each with the size, alignment and bit validity of `u64` (so 24 bytes, align
    // 8, no padding). Ownership moves from `words` (never dropped) to the new vector.
    unsafe { Vec::from_raw_parts(ptr as *mut Slot, n, n) }
}

/// The shared transposition table.
pub struct Table {
    slots: Vec<Slot>,
    mask: usize,
}

impl Table {
    /// A table of about `mb` megabytes (at least 1024 buckets; a power of two).
    pub fn new(mb: usize) -> Table {
        let bytes = mb.max(1) << 20;
        let per_bucket = 2 * std::mem::size_of::<Slot>();
        let buckets = (bytes / per_bucket).next_power_of_two().max(1024) >> 1;
        let slots = zeroed_slots(2 * buckets);
        Table {
            slots,
            mask: buckets - 1,
        }
    }

    #[inline]
    fn bucket(&self, key: u128) -> usize {
        let h = (key as u64 ^ (key >> 64) as u64 ^ (key >> 61) as u64)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15);
        ((h >> 20) as usize & self.mask) * 2
    }

    /// Looks `key` up.
    #[inline]
    pub fn probe_entry(&self, key: u128) -> Option<Entry> {
        let b = self.bucket(key);
        self.slots[b]
            .load(key)
            .or_else(|| self.slots[b + 1].load(key))
    }

    /// Stores bounds for `key`.
    #[inline]
    pub fn store_entry(&self, key: u128, e: Entry) {
        let b = self.bucket(key);
        let first = &self.slots[b];
        let priority = (e.depth as u16) << 8 | e.work as u16;
        if first.load(key).is_some() || priority >= first.priority() {
            first.store(key, e);
        } else {
            self.slots[b + 1].store(key, e);
        }
    }

    /// Empties the table.
    pub fn clear_all(&mut self) {
        for s in &mut self.slots {
            for w in &mut s.w {
                *w.get_mut() = 0;
            }
        }
    }

    /// Number of entries the table can hold.
    pub fn capacity(&self) -> usize {
        self.slots.len()
    }
}

impl TransTable for Table {
    #[inline]
    fn probe(&self, key: u128) -> Option<Entry> {
        self.probe_entry(key)
    }
    #[inline]
    fn store(&self, key: u128, e: Entry) {
        self.store_entry(key, e)
    }
    fn clear(&mut self) {
        self.clear_all()
    }
}

/// A transposition table on `dashmap::DashMap` (sharded locks), for comparison with [`Table`].
///
/// It keeps one entry per key, the newest, and stops taking new keys once it holds as many
/// entries as a [`Table`] of the same size would (no eviction).
pub struct DashTable {
    map: dashmap::DashMap<u128, Entry>,
    len: std::sync::atomic::AtomicUsize,
    cap: usize,
}

impl DashTable {
    /// A table of at most as many entries as `Table::new(mb)` holds.
    pub fn new(mb: usize) -> DashTable {
        DashTable {
            map: dashmap::DashMap::new(),
            len: std::sync::atomic::AtomicUsize::new(0),
            cap: Table::new(mb).capacity(),
        }
    }
}

impl TransTable for DashTable {
    #[inline]
    fn probe(&self, key: u128) -> Option<Entry> {
        self.map.get(&key).map(|e| *e)
    }
    #[inline]
    fn store(&self, key: u128, e: Entry) {
        if let Some(mut old) = self.map.get_mut(&key) {
            *old = e;
        } else if self.len.load(Ordering::Relaxed) < self.cap && self.map.insert(key, e).is_none() {
            self.len.fetch_add(1, Ordering::Relaxed);
        }
    }
    fn clear(&mut self) {
        self.map.clear();
        *self.len.get_mut() = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pack_round_trip() {
        for e in [
            Entry {
                lower: -255,
                upper: 255,
                depth: EXACT_DEPTH,
                best: Some(7),
                work: 40,
            },
            Entry {
                lower: 0,
                upper: 0,
                depth: 0,
                best: None,
                work: 0,
            },
            Entry {
                lower: -3,
                upper: 12,
                depth: 17,
                best: Some(0),
                work: 255,
            },
        ] {
            assert_eq!(Entry::unpack(e.pack()), e);
        }
    }

    #[test]
    fn store_and_probe_full_keys() {
        let t = Table::new(1);
        let k1 = 0x0404_0404_0404_0404_0404_0404u128;
        let k2 = k1 ^ (1u128 << 90);
        let e = Entry {
            lower: 1,
            upper: 2,
            depth: 3,
            best: Some(1),
            work: 3,
        };
        t.store(k1, e);
        assert_eq!(t.probe(k1), Some(e));
        assert_eq!(t.probe(k2), None);
        // A fresh table is empty everywhere (from zeroed memory).
        let fresh = Table::new(1);
        assert!((0..4096u128).all(|k| fresh.probe(k * 0x1_0001).is_none()));
        assert_eq!(fresh.capacity(), fresh.slots.len());
        let d = DashTable::new(1);
        d.store(k1, e);
        assert_eq!(d.probe(k1), Some(e));
        assert_eq!(d.probe(k2), None);
    }
}
