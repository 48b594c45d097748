//! The transposition table: a fixed-size, lock-free table shared by the search threads.
//!
//! The table is an array of 64-byte cache lines. It has two layouts, chosen when the search
//! says which keys it will use ([`TransTable::reset`]):
//!
//! - **Lines** (keys of at most `64 + log2(lines)` bits: the packed codes of the two-row
//!   games, `solver/src/keys.rs`). A line is a bucket of four 16-byte entries. The low bits of
//!   the key choose the line and the others, at most 64, are the entry's tag: index and tag
//!   give back the whole key, so two positions never share an entry. Each entry is two
//!   `AtomicU64` words written without locks (Hyatt's lockless hashing): `w0 = tag ^ data`,
//!   `w1 = data`; a reader accepts it only if `w0 ^ w1` is the tag it looks for, so an entry
//!   torn by two concurrent writes of one key is rejected (its data words differ).
//! - **Wide** (any 128-bit key: the four-row games). A bucket is four 24-byte entries (96
//!   bytes, two lines), each three words `w0 = key_lo ^ data`, `w1 = key_hi ^ data`,
//!   `w2 = data`, accepted only if both give back the full key.
//!
//! One-line buckets touch one line a probe instead of two and hold 4 entries in 64 bytes
//! instead of 96. The wide hash stirs each half of the key apart: an index that folded the
//! halves by XOR first would give every two Kalah boards whose pits `i` and `i + 8` hold the
//! same XOR (a swap of their seeds, say) one bucket, whose four ways whole families of
//! positions would fight over (measured: BENCHMARKS.md, "What the search is made of").
//!
//! The data word packs a lower and an upper bound on the position's value, the search depth
//! they hold for (`EXACT_DEPTH` for bounds proven without a search horizon), and the best move.
//!
//! ```text
//!  bits 63..48   47..32   31..24   23..16   15..8   7..0
//!  lower (i16)  upper(i16) depth    move+1   work   unused
//! ```
//!
//! A new key replaces the entry of its bucket whose subtree cost the least (`work`, the
//! `log2` of the nodes searched under it; then the shallower); a key already in the bucket is
//! updated in place, except that a proven (`EXACT_DEPTH`) bound is never replaced by a
//! depth-limited one. Work rather than depth decides: exact results all have the same depth,
//! so depth says nothing about their cost (measured: BENCHMARKS.md).
//!
//! Buckets start on a 64-byte cache line, so that a wide probe touches exactly two lines (at
//! the allocator's 16-byte offset they would straddle two or three).
//!
//! The table asks Linux for 2 MiB pages (transparent huge pages, `madvise`): every probe lands
//! on a random page, and with 4 KiB pages nearly each one also missed the TLB.

use crate::keys::mix;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

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

/// An entry of the wide layout: three words (see the module docs).
#[repr(C)]
struct Wide {
    w: [AtomicU64; 3],
}

/// An entry of the line layout: two words (see the module docs).
#[repr(C)]
struct Narrow {
    w: [AtomicU64; 2],
}

/// The replacement priority of a stored data word: work, then depth (0 if empty).
#[inline]
fn priority(d: u64) -> u16 {
    if d == 0 {
        return 0;
    }
    (d & 0xFF00 | (d >> 24) & 0xFF) as u16
}

impl Wide {
    #[inline]
    fn data(&self, key: u128) -> Option<u64> {
        let w0 = self.w[0].load(Ordering::Relaxed);
        let w1 = self.w[1].load(Ordering::Relaxed);
        let d = self.w[2].load(Ordering::Relaxed);
        let k = ((w1 ^ d) as u128) << 64 | (w0 ^ d) as u128;
        (d != 0 && k == key).then_some(d)
    }

    #[inline]
    fn write(&self, key: u128, d: u64) {
        self.w[0].store(key as u64 ^ d, Ordering::Relaxed);
        self.w[1].store((key >> 64) as u64 ^ d, Ordering::Relaxed);
        self.w[2].store(d, Ordering::Relaxed);
    }
}

impl Narrow {
    #[inline]
    fn data(&self, tag: u64) -> Option<u64> {
        let w0 = self.w[0].load(Ordering::Relaxed);
        let d = self.w[1].load(Ordering::Relaxed);
        (d != 0 && w0 ^ d == tag).then_some(d)
    }

    #[inline]
    fn write(&self, tag: u64, d: u64) {
        self.w[0].store(tag ^ d, Ordering::Relaxed);
        self.w[1].store(d, Ordering::Relaxed);
    }
}

/// Stores `d` in a bucket whose entries answer `data(e)` (the stored data word when the entry
/// holds the key) and `raw(e)` (the stored data word whatever the key): in place if the key is
/// there (unless that would replace a proven bound by a depth-limited one), else over the
/// entry of least priority.
#[inline]
fn store_in<E>(
    bucket: &[E],
    d: u64,
    data: impl Fn(&E) -> Option<u64>,
    raw: impl Fn(&E) -> u64,
    write: impl Fn(&E, u64),
) {
    let mut victim = 0;
    let mut low = u16::MAX;
    for (i, e) in bucket.iter().enumerate() {
        if let Some(old) = data(e) {
            if replaces(Entry::unpack(old), Entry::unpack(d)) {
                write(e, d);
            }
            return;
        }
        let p = priority(raw(e));
        if p < low {
            low = p;
            victim = i;
        }
    }
    write(&bucket[victim], d);
}

/// Whether new bounds for a key replace the old ones held for it: always, except that a
/// proven bound outlives any depth-limited one (both tables keep this rule).
#[inline(always)]
fn replaces(old: Entry, new: Entry) -> bool {
    old.depth != EXACT_DEPTH || new.depth == EXACT_DEPTH
}

/// What the search needs of a transposition table shared by its threads.
///
/// The search is generic over it so that table designs can be measured against each other
/// (`benches/search.rs`): [`Table`], the fixed-size lock-free table the solver uses, and
/// `DashTable` (feature `bench-dashmap`), a `DashMap` keyed by the full position key.
pub trait TransTable: Send + Sync {
    /// Looks `key` up.
    fn probe(&self, key: u128) -> Option<Entry>;
    /// Stores bounds for `key` (the table may keep or drop them).
    fn store(&self, key: u128, e: Entry);
    /// Empties the table.
    fn clear(&mut self);
    /// Empties the table and readies it for keys below `2^key_bits` (from now on every key
    /// is; keys given before may have meant other positions).
    fn reset(&self, key_bits: u32);
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

/// `n` zeroed words. `vec![0u64; _]` asks the allocator for zeroed pages, which the system
/// maps lazily, where filling a vector of atomics writes every byte first: that way a cold
/// 64 MiB table takes ~15 ms to set up, more than a whole Kalah(4,3) solve (`cargo bench
/// --bench search`, BENCHMARKS.md).
fn zeroed_words(n: usize) -> Vec<AtomicU64> {
    let words = std::mem::ManuallyDrop::new(vec![0u64; n]);
    let (ptr, len, cap) = (words.as_ptr() as *mut u64, words.len(), words.capacity());
    // SAFETY: the allocation holds `len` initialised u64 (all zero) with capacity `cap`, made
    // with the layout of `[u64; cap]`, which is the layout of `[AtomicU64; cap]` (same size,
    // alignment and bit validity). Ownership moves from `words` (never dropped) to the new
    // vector.
    let words = unsafe { Vec::from_raw_parts(ptr as *mut AtomicU64, len, cap) };
    advise_huge_pages(&words);
    words
}

/// Asks Linux to back the table with 2 MiB pages where it can (transparent huge pages in
/// `madvise` mode). Every probe lands on a random page: with 4 KiB pages nearly each one missed
/// the TLB, and the page walk cost more than the cache miss itself (`perf annotate`: half the
/// search's time on the table load).
fn advise_huge_pages(words: &[AtomicU64]) {
    #[cfg(target_os = "linux")]
    {
        const HUGE: usize = 2 << 20;
        let start = words.as_ptr() as usize;
        let end = start + std::mem::size_of_val(words);
        let (lo, hi) = (start.next_multiple_of(HUGE), end / HUGE * HUGE);
        if hi > lo {
            // SAFETY: `[lo, hi)` lies inside the allocation of `words`, which is ours;
            // MADV_HUGEPAGE changes only how the pages are backed, never their contents. A
            // failure (e.g. a kernel without huge pages) leaves the table as it was.
            unsafe {
                libc::madvise(lo as *mut libc::c_void, hi - lo, libc::MADV_HUGEPAGE);
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = words;
}

/// The shared transposition table.
pub struct Table {
    words: Vec<AtomicU64>,
    /// The first word of line 0: lines start on a 64-byte boundary.
    base: usize,
    /// Lines of 64 bytes, a power of two: `1 << shift`.
    shift: u32,
    /// The line layout (else the wide one).
    lines: AtomicBool,
    /// Something was stored since the table was last emptied.
    used: AtomicBool,
}

/// Entries a bucket holds, in either layout.
const WAYS: usize = 4;
/// Words in a 64-byte line.
const LINE: usize = 8;

impl Table {
    /// A table of at most `mb` megabytes (a power of two lines, at least 1024), in the wide
    /// layout until [`TransTable::reset`] says which keys come.
    pub fn new(mb: usize) -> Table {
        let bytes = mb.max(1) << 20;
        let lines = ((bytes / 64 + 1).next_power_of_two() >> 1).max(1024);
        // Eight more words than the lines need: some offset below 8 starts line 0 on a
        // 64-byte boundary (words are 8-byte aligned).
        let words = zeroed_words(LINE * lines + LINE);
        let addr = words.as_ptr() as usize;
        let base = (0..LINE).find(|k| (addr + k * 8) % 64 == 0).unwrap_or(0);
        Table {
            words,
            base,
            shift: lines.trailing_zeros(),
            lines: AtomicBool::new(false),
            used: AtomicBool::new(false),
        }
    }

    /// The bucket of `key` in the wide layout: half as many buckets as lines, 96 bytes each.
    #[inline(always)]
    fn wide(&self, key: u128) -> &[Wide] {
        // Keys of this layout are not mixed: stir both halves into the index (for each high
        // half, distinct low halves get distinct hashes).
        let h = mix(key as u64 ^ mix((key >> 64) as u64));
        let b = (h >> (65 - self.shift)) as usize;
        let at = self.base + b * WAYS * 3;
        // SAFETY: `at + 12 <= base + 8 * lines` words (`b < lines / 2`), inside `words`;
        // `Wide` is `repr(C)` over three `AtomicU64`, so twelve words from `at` are four
        // entries, borrowed from `self`.
        unsafe { std::slice::from_raw_parts(self.words.as_ptr().add(at) as *const Wide, WAYS) }
    }

    /// The bucket (one line) and tag of `key` in the line layout.
    #[inline(always)]
    fn line(&self, key: u128) -> (&[Narrow], u64) {
        let l = (key as usize) & ((1 << self.shift) - 1);
        let at = self.base + l * LINE;
        // SAFETY: `at + 8 <= base + 8 * lines` words, inside `words`; `Narrow` is `repr(C)`
        // over two `AtomicU64`, so the line's eight words are four entries, borrowed from
        // `self`.
        let bucket = unsafe {
            std::slice::from_raw_parts(self.words.as_ptr().add(at) as *const Narrow, WAYS)
        };
        (bucket, (key >> self.shift) as u64)
    }

    /// Looks `key` up.
    #[inline(always)]
    pub fn probe_entry(&self, key: u128) -> Option<Entry> {
        if self.lines.load(Ordering::Relaxed) {
            let (b, tag) = self.line(key);
            b.iter().find_map(|e| e.data(tag)).map(Entry::unpack)
        } else {
            self.wide(key)
                .iter()
                .find_map(|e| e.data(key))
                .map(Entry::unpack)
        }
    }

    /// Starts loading the bucket of `key` into cache (each line it touches).
    #[inline(always)]
    pub fn prefetch_entry(&self, key: u128) {
        if self.lines.load(Ordering::Relaxed) {
            prefetch_line(self.line(key).0.as_ptr() as *const u8);
        } else {
            let p = self.wide(key).as_ptr() as *const u8;
            prefetch_line(p);
            prefetch_line(p.wrapping_add(WAYS * 24 - 1));
        }
    }

    /// Stores bounds for `key`.
    #[inline(always)]
    pub fn store_entry(&self, key: u128, e: Entry) {
        if !self.used.load(Ordering::Relaxed) {
            self.used.store(true, Ordering::Relaxed);
        }
        let d = e.pack();
        if self.lines.load(Ordering::Relaxed) {
            let (b, tag) = self.line(key);
            store_in(
                b,
                d,
                |s| s.data(tag),
                |s| s.w[1].load(Ordering::Relaxed),
                |s, d| s.write(tag, d),
            );
        } else {
            store_in(
                self.wide(key),
                d,
                |s| s.data(key),
                |s| s.w[2].load(Ordering::Relaxed),
                |s, d| s.write(key, d),
            );
        }
    }

    /// Empties the table.
    pub fn clear_all(&mut self) {
        for w in &mut self.words {
            *w.get_mut() = 0;
        }
        *self.used.get_mut() = false;
    }

    /// Number of entries the table can hold (in its present layout).
    pub fn capacity(&self) -> usize {
        let lines = 1usize << self.shift;
        if self.lines.load(Ordering::Relaxed) {
            lines * WAYS
        } else {
            lines / 2 * WAYS
        }
    }

    /// Whether keys are stored in the line layout (see the module docs).
    pub fn in_lines(&self) -> bool {
        self.lines.load(Ordering::Relaxed)
    }
}

impl TransTable for Table {
    #[inline(always)]
    fn probe(&self, key: u128) -> Option<Entry> {
        self.probe_entry(key)
    }
    #[inline(always)]
    fn store(&self, key: u128, e: Entry) {
        self.store_entry(key, e)
    }
    fn clear(&mut self) {
        self.clear_all()
    }
    /// Empties the table (unless nothing was stored since it was last emptied, so that a
    /// fresh table is never written: its pages stay unmapped until used) and picks the layout:
    /// lines when every key fits `64 + log2(lines)` bits, else wide.
    fn reset(&self, key_bits: u32) {
        if self.used.swap(false, Ordering::Relaxed) {
            for w in &self.words {
                w.store(0, Ordering::Relaxed);
            }
        }
        self.lines
            .store(key_bits <= 64 + self.shift, Ordering::Relaxed);
    }
    #[inline(always)]
    fn prefetch(&self, key: u128) {
        self.prefetch_entry(key)
    }
}

/// A transposition table on `dashmap::DashMap` (sharded locks), for comparison with [`Table`].
///
/// Behind the feature `bench-dashmap`, so that the solver does not depend on `dashmap`.
///
/// It keeps one entry per key, replaced as [`Table`] replaces one (the newest, but a proven
/// bound is never replaced by a depth-limited one), and stops taking new keys once it holds
/// as many entries as a [`Table`] of the same size would (no eviction). Where the search does
/// not fill either table the two keep the same bounds, so that the comparison
/// (`benches/search.rs`) measures the hot path alone.
#[cfg(feature = "bench-dashmap")]
pub struct DashTable {
    map: dashmap::DashMap<u128, Entry>,
    len: std::sync::atomic::AtomicUsize,
    cap: usize,
}

#[cfg(feature = "bench-dashmap")]
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

#[cfg(feature = "bench-dashmap")]
impl TransTable for DashTable {
    #[inline]
    fn probe(&self, key: u128) -> Option<Entry> {
        self.map.get(&key).map(|e| *e)
    }
    #[inline]
    fn store(&self, key: u128, e: Entry) {
        if let Some(mut old) = self.map.get_mut(&key) {
            if replaces(*old, e) {
                *old = e;
            }
        } else if self.len.load(Ordering::Relaxed) < self.cap && self.map.insert(key, e).is_none() {
            self.len.fetch_add(1, Ordering::Relaxed);
        }
    }
    fn clear(&mut self) {
        self.map.clear();
        *self.len.get_mut() = 0;
    }
    fn reset(&self, _key_bits: u32) {
        self.map.clear();
        self.len.store(0, Ordering::Relaxed);
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

    /// Keys that share a bucket with key 1, in the table's present layout.
    fn same_bucket(t: &Table, n: usize) -> Vec<u128> {
        let at = |k: u128| {
            if t.in_lines() {
                t.line(k).0.as_ptr() as usize
            } else {
                t.wide(k).as_ptr() as usize
            }
        };
        let b = at(1);
        (1..).filter(|&k| at(k) == b).take(n).collect()
    }

    #[test]
    fn replaces_the_cheapest_entry_and_keeps_proven_bounds() {
        for bits in [72, 128] {
            let t = Table::new(1);
            t.reset(bits);
            assert_eq!(t.in_lines(), bits == 72);
            // Five keys of one bucket.
            let keys = same_bucket(&t, 5);
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
    }

    #[test]
    fn store_and_probe_full_keys() {
        let e = Entry {
            lower: 1,
            upper: 2,
            depth: 3,
            best: Some(1),
            work: 3,
        };
        // 1 MiB: 16,384 lines, 14 index bits, so keys of up to 78 bits go in lines.
        let t = Table::new(1);
        assert_eq!(t.capacity(), 8192 * WAYS);
        for (bits, k1) in [
            (128, 0x0404_0404_0404_0404_0404_0404u128),
            (78, 0x3F_0404_0404_0404_0404u128),
        ] {
            t.reset(bits);
            assert_eq!(t.in_lines(), bits == 78);
            // Keys that differ in one bit only, in the index or in the tag.
            let k2 = k1 ^ (1u128 << (bits - 1));
            let k3 = k1 ^ 1;
            t.store(k1, e);
            assert_eq!(t.probe(k1), Some(e));
            assert_eq!(t.probe(k2), None);
            assert_eq!(t.probe(k3), None);
            // `reset` empties the table.
            t.reset(bits);
            assert_eq!(t.probe(k1), None);
        }
        assert_eq!(t.capacity(), 16384 * WAYS);
        // A fresh table is empty everywhere (from zeroed memory).
        let fresh = Table::new(1);
        assert!((0..4096u128).all(|k| fresh.probe(k * 0x1_0001).is_none()));
        fresh.reset(70);
        assert!((0..4096u128).all(|k| fresh.probe(k * 0x1_0001).is_none()));
    }

    #[cfg(feature = "bench-dashmap")]
    #[test]
    fn dash_table_stores_and_probes_full_keys() {
        let e = Entry {
            lower: 1,
            upper: 2,
            depth: 3,
            best: Some(1),
            work: 3,
        };
        let k1 = 0x0404_0404_0404_0404_0404_0404u128;
        let d = DashTable::new(1);
        d.store(k1, e);
        assert_eq!(d.probe(k1), Some(e));
        assert_eq!(d.probe(k1 ^ 1), None);
        d.reset(128);
        assert_eq!(d.probe(k1), None);
    }
}
