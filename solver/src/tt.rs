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
//!  bits 63..48   47..32   31..24   23..16   15..8   7..0
//!  lower (i16)  upper(i16) depth    move+1   work   unused
//! ```
//!
//! Each index holds a bucket of four entries (96 bytes). A new key replaces the entry whose
//! subtree cost the least (`work`, the `log2` of the nodes searched under it; then the
//! shallower); a key already in the bucket is updated in place, except that a proven
//! (`EXACT_DEPTH`) bound is never replaced by a depth-limited one. Measured against the former
//! two-entry bucket that kept the deeper result in its first entry and the newest in its second
//! (one thread, `mancala solve kalah`, nodes): Kalah(6,3) with 16 MiB 258.8 M -> 17.9 M, with
//! 64 MiB 26.9 M -> 14.6 M; Kalah(4,5) with 64 MiB 45 M (with 256 MiB before) -> 27.9 M. Work
//! first rather than depth first: with 64 MiB Kalah(4,5) 50.5 M nodes by depth, 27.9 M by
//! work (exact results all have the same depth, so depth says nothing about their cost).
//!
//! Buckets start on a 64-byte cache line, so that a probe touches exactly two lines (from the
//! allocator's 16-byte offset they straddled two or three): one thread, eight alternating
//! runs each, median wall, Kalah(6,3) without tables 1.79 -> 1.68 s, Kalah(6,4) with tables to
//! 24 stones 2.60 -> 2.47 s (same node counts).
//!
//! The table asks Linux for 2 MiB pages (transparent huge pages, `madvise`): every probe lands
//! on a random page, and with 4 KiB pages nearly each one also missed the TLB.

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
    /// The work the bounds cost: `log2` of the nodes searched under them (0 if unknown). A new
    /// key replaces the entry of its bucket that cost the least.
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

    /// The replacement priority of whatever is stored, work then depth (0 if empty).
    fn priority(&self) -> u16 {
        let d = self.w[2].load(Ordering::Relaxed);
        if d == 0 {
            return 0;
        }
        (d & 0xFF00 | (d >> 24) & 0xFF) as u16
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
    /// Asks the processor to start loading where `key` would be stored, so that a probe
    /// soon after finds it in cache (a hint: the default does nothing).
    #[inline]
    fn prefetch(&self, _key: u128) {}
}

/// Asks the processor to start fetching the cache line at `p` (a hint, on x86-64 only; any
/// address, valid or not, is allowed). Also used by the tablebase builder.
#[inline(always)]
pub fn prefetch_line(p: *const u8) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch is a hint that reads no memory architecturally and never faults,
    // whatever the address; SSE, which it needs, is part of every x86-64 processor.
    #[allow(unused_unsafe)]
    unsafe {
        std::arch::x86_64::_mm_prefetch(p as *const i8, std::arch::x86_64::_MM_HINT_T0);
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = p;
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
    let slots = unsafe { Vec::from_raw_parts(ptr as *mut Slot, n, n) };
    advise_huge_pages(&slots);
    slots
}

/// Asks Linux to back the table with 2 MiB pages where it can (transparent huge pages in
/// `madvise` mode). Every probe lands on a random page: with 4 KiB pages nearly each one missed
/// the TLB, and the page walk cost more than the cache miss itself (`perf annotate`: half the
/// search's time on the table load).
fn advise_huge_pages(slots: &[Slot]) {
    #[cfg(target_os = "linux")]
    {
        const HUGE: usize = 2 << 20;
        let start = slots.as_ptr() as usize;
        let end = start + std::mem::size_of_val(slots);
        let (lo, hi) = (start.next_multiple_of(HUGE), end / HUGE * HUGE);
        if hi > lo {
            // SAFETY: `[lo, hi)` lies inside the allocation of `slots`, which is ours;
            // MADV_HUGEPAGE changes only how the pages are backed, never their contents. A
            // failure (e.g. a kernel without huge pages) leaves the table as it was.
            unsafe {
                libc::madvise(lo as *mut libc::c_void, hi - lo, libc::MADV_HUGEPAGE);
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = slots;
}

/// The shared transposition table.
pub struct Table {
    slots: Vec<Slot>,
    /// The first slot of bucket 0: buckets start on a cache-line boundary.
    base: usize,
    mask: usize,
}

/// Entries a bucket holds.
const WAYS: usize = 4;

impl Table {
    /// A table of about `mb` megabytes (at least 1024 buckets; a power of two).
    pub fn new(mb: usize) -> Table {
        let bytes = mb.max(1) << 20;
        let per_bucket = WAYS * std::mem::size_of::<Slot>();
        let buckets = (bytes / per_bucket).next_power_of_two().max(1024) >> 1;
        // Eight more slots than the buckets need: some offset below 8 puts bucket 0 on a
        // 64-byte line (slots are 24 bytes at an 8-byte aligned address).
        let slots = zeroed_slots(WAYS * buckets + 8);
        let addr = slots.as_ptr() as usize;
        let base = (0..8)
            .find(|k| (addr + k * std::mem::size_of::<Slot>()) % 64 == 0)
            .unwrap_or(0);
        Table {
            slots,
            base,
            mask: buckets - 1,
        }
    }

    #[inline]
    fn bucket(&self, key: u128) -> usize {
        let h = (key as u64 ^ (key >> 64) as u64 ^ (key >> 61) as u64)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15);
        self.base + ((h >> 20) as usize & self.mask) * WAYS
    }

    /// Looks `key` up.
    #[inline]
    pub fn probe_entry(&self, key: u128) -> Option<Entry> {
        let b = self.bucket(key);
        self.slots[b..b + WAYS].iter().find_map(|s| s.load(key))
    }

    /// Starts loading the bucket of `key` into cache (each cache line it touches: a bucket
    /// is 96 bytes).
    #[inline]
    pub fn prefetch_entry(&self, key: u128) {
        let b = self.bucket(key);
        let p = self.slots.as_ptr().wrapping_add(b) as *const u8;
        let last = p.wrapping_add(WAYS * std::mem::size_of::<Slot>() - 1);
        let mut line = p.wrapping_sub(p as usize & 63);
        while line <= last {
            prefetch_line(line);
            line = line.wrapping_add(64);
        }
    }

    /// Stores bounds for `key`.
    #[inline]
    pub fn store_entry(&self, key: u128, e: Entry) {
        let b = self.bucket(key);
        let bucket = &self.slots[b..b + WAYS];
        let mut victim = 0;
        let mut low = u16::MAX;
        for (i, s) in bucket.iter().enumerate() {
            if let Some(old) = s.load(key) {
                // A proven bound outlives any depth-limited one: keep it.
                if old.depth != EXACT_DEPTH || e.depth == EXACT_DEPTH {
                    s.store(key, e);
                }
                return;
            }
            let p = s.priority();
            if p < low {
                low = p;
                victim = i;
            }
        }
        bucket[victim].store(key, e);
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
        (self.mask + 1) * WAYS
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
    #[inline]
    fn prefetch(&self, key: u128) {
        self.prefetch_entry(key)
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
    fn replaces_the_cheapest_entry_and_keeps_proven_bounds() {
        let t = Table::new(1);
        // Five keys of one bucket.
        let b = t.bucket(1);
        let keys: Vec<u128> = (1..).filter(|&k| t.bucket(k) == b).take(5).collect();
        let entry = |depth: u8, work: u8| Entry {
            lower: -1,
            upper: 1,
            depth,
            best: Some(0),
            work,
        };
        for (i, &k) in keys[..4].iter().enumerate() {
            t.store(k, entry(EXACT_DEPTH, [9, 3, 7, 5][i]));
        }
        assert!(keys[..4].iter().all(|&k| t.probe(k).is_some()));
        // The fifth key evicts the cheapest (work 3), whatever their order.
        t.store(keys[4], entry(4, 6));
        assert_eq!(t.probe(keys[1]), None);
        assert!([0, 2, 3, 4].iter().all(|&i| t.probe(keys[i]).is_some()));
        // A depth-limited result does not replace a proven one of the same key...
        t.store(keys[0], entry(12, 20));
        assert_eq!(t.probe(keys[0]), Some(entry(EXACT_DEPTH, 9)));
        // ...but a proven one replaces a depth-limited one.
        t.store(keys[4], entry(EXACT_DEPTH, 2));
        assert_eq!(t.probe(keys[4]), Some(entry(EXACT_DEPTH, 2)));
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
        assert_eq!(fresh.capacity() + 8, fresh.slots.len());
        let d = DashTable::new(1);
        d.store(k1, e);
        assert_eq!(d.probe(k1), Some(e));
        assert_eq!(d.probe(k2), None);
    }
}
