//! Retrograde analysis of one slice, in parallel, and the driver that builds every slice up to
//! a stone count into files.
//!
//! The algorithm and why it is exact are in the crate docs ([`crate`]). In short: each
//! position holds one signed byte `s`, 0 at first; `s > 0` means "proven: the mover wins at
//! least `s`", `s < 0` "proven: the mover wins at most `s`" (loses at least `-s`), 0 "nothing
//! proven yet" (and, at the end, "worth 0"). Evaluating a position sets
//!
//! ```text
//! a(m) = gain + v(child) or gain - v(child)      for a move out of the slice (exact, stored)
//! a(m) = s(child)  (same side)  or  -s(child)    for a move inside the slice (gain 0)
//! s(x) = max over the moves m of a(m)             (a terminal position: its terminal value)
//! ```
//!
//! Two paths find these values: the **fixpoint path** for every game (passes until nothing
//! changes), and the **acyclic path** for the games whose moves inside a slice make no cycle
//! (kalah), which evaluates every position once, in an order where its children come first.
//! The fixpoint path stays the reference for the acyclic one (tests: same bytes).
//!
//! # The fixpoint path: passes
//!
//! 1. A full pass evaluates every position. A position with no move inside the slice is
//!    final at once and never looked at again; so is, at any evaluation, a position whose
//!    value is `n`, or whose best move is an exit while every move inside the slice is worth
//!    less than 0 and can only fall (its child proven on the side that lowers it).
//! 2. Whenever a value changes, the positions that may have a move to it are marked (by
//!    un-sowing, [`SliceRules::predecessors`]), except those whose value already shows that
//!    the change cannot matter to them (below); the next pass evaluates only the marked ones.
//!    Marked passes repeat until a pass marks nothing.
//! 3. Unless the marking is proven complete ([`SliceRules::predecessors_complete`]: true for
//!    the two-row games), a confirming full pass evaluates every position that has a move
//!    inside the slice. If it changes nothing, the values are a fixpoint, whatever the marking
//!    did; otherwise (a predecessor was left out) the marked passes resume.
//!
//! Starting from 0, `s` only ever moves away from 0 (checked: a move towards 0 is reported as
//! an error, so a rules bug cannot loop for ever), so the order of the updates within a pass
//! and the number of threads change how much work it takes, not the result.
//!
//! ## Why the marking suffices when it is complete
//!
//! Suppose every change of a value `c: old -> new` marks every position with a move inside
//! the slice to it (complete predecessors) except, as below, predecessors it cannot affect,
//! and the passes stop when a pass marks nothing. Complete predecessors also mean that such a
//! move passes the turn (two-row games: checked at every evaluation), so its value for the
//! predecessor `x` goes from `-old` to `-new`; values only move away from 0, so the successive
//! values of `a(m)` move one way. A change does not mark `x` when `s(x)`, read after the
//! change, shows it cannot matter:
//!
//! - `a(m)` **falls** (`new > old >= 0`, so `a(m) <= 0`) and `s(x) > 0`: the maximum of `x` is
//!   positive, so it is made by another move and a lower `a(m)` changes nothing;
//! - `a(m)` **rises** to `-new > 0` and `s(x) >= -new`: `a(m)` does not exceed it.
//!
//! Take a position `x` still active (the others were found final by an evaluation, whose
//! value no later change of a child can change, see `evaluate`: no move inside the slice, or
//! every such move already worse than the best exit and only getting worse, or a value of
//! `n`), and its last evaluation `E`, which wrote `s_E = max_m a_E(m)` from the values it read.
//! For each move `m` to a child `c`: if `c` changed after `E` read it and the change marked
//! `x`, then `x` was evaluated again in the next pass (the marks of a pass are set before the
//! next one starts: a pass ends when all its ranges are joined, and that pass reads them
//! all), after `E`: impossible. So either `E` read `c`'s final value, or every later change
//! of `c` was one that did not mark `x`. In the second case, as `s(x)` only moves away from 0
//! and `E` was its last change, each skipping test read a value on the same side of 0 and at
//! most as far as `s_E`: after falls, `a(m) <= a_E(m) <= 0 < s_E`, so `m` did not make the
//! maximum and still does not; after rises, the final `a(m) <= s_E`, and if `m` made the
//! maximum, `a_E(m) = s_E` and it cannot rise past it. So the maximum of the final `a(m)` is
//! `s_E`: every position satisfies the update at the end, a fixpoint reached from 0 by updates
//! that never overshoot, hence the least one (crate docs), the same as with the confirming
//! pass. (The first pass evaluates every position, so `E` exists.)
//!
//! Completeness for the two-row games is proven in [`SliceRules::predecessors_complete`]
//! (`TwoRow`'s impl). The test `predecessor_candidates_cover_every_internal_move` checks it
//! move by move on small slices; `confirming_pass_never_changes_anything` runs the confirming
//! full pass anyway, marking and skipping as above, for every variant and option on small
//! slices and finds nothing to change; the verifier, which checks the update at every
//! position, would reject a table where a change had been missed.
//!
//! Memory: one byte per position for the values and three bits (the active and the two mark
//! bitmaps); the slices below are read through their memory maps. The values are in
//! anonymous memory backed by 2 MiB pages where the system allows (`ValueArray`), which
//! spares most address-translation misses of the random reads of large slices.
//!
//! # The acyclic path (kalah)
//!
//! Kalah has no cycles at all, and inside one slice it has a strict order. A move that stays in
//! the slice (same seeds on the board, gain 0) cannot drop a seed in the store (that seed
//! leaves the board) nor capture (docs/RULES.md: the last seed in an own empty pit takes itself and
//! the opposite pit's seeds into the store; both capture options take at least that seed off
//! whenever they capture, and under `capture=nonempty` a move that does not capture is just a
//! sowing), nor end the game (the share-out clears the board). So it is a sowing of the `k`
//! seeds of the mover's pit `i` into his pits `i + 1 ..= i + k`, `i + k < W`, and the turn
//! passes (an extra move needs the last seed in the store). With
//!
//! ```text
//! Φ = Σ over the 2W pits of seeds × place of the pit along its owner's row (0 ..= W-1)
//! ```
//!
//! ([`crate::tworow::index::potential`]; the normalising side swap exchanges the rows and keeps `Φ`)
//! such a move raises `Φ` by `Σ_{t=1..k} (i + t) - k·i = k(k+1)/2 >= 1`. So in decreasing
//! `Φ` every child inside the slice comes before its parent: evaluating the levels
//! `Φ = n(W-1), ..., 1, 0` in turn ([`SliceBuilder::run_levels`]) reads only final values, and
//! each position is evaluated once with `s(x) = max_m a(m)`, its exact value (on an acyclic
//! graph the update has one fixpoint, so this is the least fixpoint the other path finds: the
//! same bytes). Each level is enumerated directly, in index ranges
//! ([`Slice::for_each_at_potential`]), which may run on any threads in any order (the ranks
//! of an MPI job run the same levels on their shares: `tworow::part`); the units of work
//! stay the slice and, within a level, an index range.
//! [`SliceRules::acyclic_in_slice`] says which games take this path; the builder does not
//! trust it blindly: a position not yet evaluated is marked by the value `-128`, never a
//! value, and reading it through a move inside the slice is an error, as is a set of levels
//! that does not hold every position once. Memory: one byte per position, nothing else.
//!
//! # Speed
//!
//! A pass of the fixpoint path walks the selected positions of each 64-position word of the
//! bitmaps in index order (stepping from one board to the next, [`crate::tworow::index::next`], or
//! unranking the few selected ones). It takes them in batches of `BATCH` (16), filled across
//! words (a marked pass selects only a few a word): first it expands every position of the batch
//! (each move sown once, [`TwoRow::successors`]) and ranks each child, prefetching the byte
//! that holds the child's value; then it evaluates the positions one after the other, so that
//! the children's values, scattered over the slices, are mostly in the cache by then. The
//! indices to mark for the next pass are collected the same way and marked after the batch.
//! Expanding reads no value and marks are read only by the next pass, so the values read and
//! written are exactly those of evaluating one position at a time. The acyclic path batches
//! the positions of a level the same way.

use crate::driver::{unit, PassBytes, RankMemory, Single};
use crate::error::{Bound, Error};
use crate::files::GameId;
use crate::format::{write_slice, MAX_STONES};
use crate::tworow::index::{max_potential, rank, Slice};
use crate::tworow::probe::Tablebases;
use crate::tworow::rules::{Edges, SliceRules};
use arrayvec::ArrayVec;
use mancala_solver::tt::prefetch_line as prefetch;
use mancala_solver::tworow::board::{Pits, MAX_WIDTH};
use mancala_solver::TwoRow;
use rayon::prelude::*;
use std::ops::Range;
use std::path::PathBuf;
use std::sync::atomic::{AtomicI8, AtomicU64, Ordering::Relaxed};
use std::time::Instant;

/// Positions per work unit within a pass.
pub const CHUNK: u64 = 1 << 14;

/// Index range per work unit within a potential level (acyclic slices): a level holds about
/// one position in `max_potential` of the range, and a range without any costs only the few
/// steps that find so.
pub const LEVEL_CHUNK: u64 = 1 << 18;

/// The value of a position not evaluated yet, in the acyclic path (never a value: values lie
/// in `-127..=127`).
pub(super) const UNSET: i8 = i8::MIN;

/// A position to mark for the next pass unless its value is `unless` or more by then.
#[derive(Clone, Copy)]
struct Mark {
    index: u64,
    unless: i16,
}

/// [`Mark::unless`] for a mark set whatever the value.
pub(super) const NEVER: i16 = i16::MAX;

/// Positions expanded ahead of their evaluation, so that the values of their children are
/// being fetched from memory meanwhile.
const BATCH: usize = 16;

/// The moves of one position and the index of each child in its slice.
#[derive(Clone, Default)]
struct Expanded {
    terminal: Option<i32>,
    succs: Edges,
    ranks: [u64; 2 * MAX_WIDTH],
}

/// Which positions a pass looks at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pass {
    /// Every position that still has a move inside the slice (in the first pass, every
    /// position).
    Full,
    /// Only the positions marked in the previous pass (a child of theirs changed).
    Marked,
    /// Every position once, level by level in decreasing potential (acyclic slices:
    /// [`SliceBuilder::run_levels`]); reported once, at the end.
    Levels,
}

/// What one pass (or a part of one) did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PassStats {
    /// Positions evaluated.
    pub evaluated: u64,
    /// Values changed (for [`Pass::Levels`]: values found, every evaluation gives one).
    pub changed: u64,
}

impl PassStats {
    pub(super) fn add(self, o: PassStats) -> PassStats {
        PassStats {
            evaluated: self.evaluated + o.evaluated,
            changed: self.changed + o.changed,
        }
    }
}

/// What [`SliceBuilder::run`] did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RunStats {
    /// Passes over the whole slice (the fixpoint path: the first, and the confirming ones
    /// when the marking is not proven complete).
    pub full_passes: u32,
    /// Passes over marked positions.
    pub marked_passes: u32,
    /// Position evaluations in all passes.
    pub evaluations: u64,
    /// Values changed by full passes after the first: predecessors that
    /// [`SliceRules::predecessors`] left out (0 for the two-row games).
    pub late_changes: u64,
    /// Potential levels evaluated (the acyclic path: one evaluation per position).
    pub levels: u32,
}

/// The values of the slice being built: one atomic byte per position, in anonymous memory
/// that the kernel is asked to back with 2 MiB pages (transparent huge pages, where the system
/// allows them). Children's values are read at random over the whole slice; with 4 KiB pages
/// nearly every such read of a large slice also misses the address translation cache, with
/// 2 MiB pages far fewer do (BENCHMARKS.md: tablebases).
pub(super) struct ValueArray {
    map: memmap2::MmapMut,
    len: usize,
}

impl ValueArray {
    /// `len` values, each `init`.
    pub(super) fn new(len: usize, init: i8) -> Result<ValueArray, Error> {
        let map = memmap2::MmapMut::map_anon(len.max(1)).map_err(|e| {
            Error::Resources(format!("cannot allocate {len} bytes for the values: {e}"))
        })?;
        #[cfg(target_os = "linux")]
        {
            // A hint: without huge pages the build is slower, not wrong.
            let _ = map.advise(memmap2::Advice::HugePage);
        }
        let mut v = ValueArray { map, len };
        if init != 0 {
            v.fill(init);
        }
        Ok(v)
    }

    /// Sets every value to `x`.
    fn fill(&mut self, x: i8) {
        self.map.fill(x as u8);
    }

    /// The values `v`.
    pub(super) fn from_bytes(v: &[u8]) -> Result<ValueArray, Error> {
        let mut a = ValueArray::new(v.len(), 0)?;
        a.map[..v.len()].copy_from_slice(v);
        Ok(a)
    }

    /// The number of values.
    pub(super) fn len(&self) -> usize {
        self.len
    }

    /// The values as bytes (read while no pass runs).
    pub(super) fn bytes(&self) -> &[u8] {
        &self.map[..self.len]
    }
}

impl std::ops::Deref for ValueArray {
    type Target = [AtomicI8];

    #[inline]
    fn deref(&self) -> &[AtomicI8] {
        // SAFETY: `AtomicI8` has the size and alignment of `u8` (documented), so `len` bytes
        // are `len` atomics; the map holds at least `len` bytes and lives as long as `self`,
        // which this borrow keeps alive; the bytes are only written through these atomics
        // while it lasts (`fill` needs `&mut self`).
        unsafe { std::slice::from_raw_parts(self.map.as_ptr() as *const AtomicI8, self.len) }
    }
}

pub(super) fn bitmap(n: usize, ones: bool) -> Vec<AtomicU64> {
    (0..n.div_ceil(64))
        .map(|w| {
            let bits = (n - 64 * w).min(64);
            let word = if !ones {
                0
            } else if bits == 64 {
                u64::MAX
            } else {
                (1 << bits) - 1
            };
            AtomicU64::new(word)
        })
        .collect()
}

/// The retrograde analysis of one slice: its values in memory while they are being found.
///
/// The fixpoint path works in passes; each pass is split into index ranges
/// ([`SliceBuilder::pass_range`]) that may run on any threads in any order. A pass evaluates positions (`s(x) = max_m a(m)`, module docs) and, for each value
/// it changes, marks the positions that may have a move to it
/// ([`SliceRules::predecessors`]) for the next pass. [`SliceBuilder::run_fixpoint`] makes a
/// full pass, then passes over the marked positions until none is marked; then, unless the
/// marking is proven complete, a confirming full pass, and it stops when a full pass changes
/// nothing (which proves the fixpoint whatever was marked). The acyclic path
/// ([`SliceBuilder::run_levels`]) works in potential levels, each split into index ranges
/// ([`SliceBuilder::level_range`]) in the same way.
pub struct SliceBuilder<'a, R: SliceRules> {
    rules: &'a R,
    slice: Slice,
    /// Values of the slices with fewer stones, `lower[m]` for `m < stones`.
    lower: &'a [&'a [u8]],
    values: ValueArray,
    /// What every value holds before a run, `Some(0)` (fixpoint path) or `Some(UNSET)`
    /// (acyclic path); `None` once a run wrote them.
    init: Option<i8>,
    /// One bit per position: it may have a move inside the slice (cleared when its first
    /// evaluation finds none: its value is then final).
    active: Vec<AtomicU64>,
    /// Marks read by the current pass and set for the next one.
    marks: Marks,
    /// Whether the fixpoint path ends with a confirming full pass (see
    /// [`SliceBuilder::confirming_pass`]).
    confirm: bool,
    /// Whether a change leaves unmarked the predecessors it cannot affect (complete
    /// predecessors only: module docs).
    skip_unaffected: bool,
    /// Work stops with [`Error::TimeLimit`] when a work unit would start past it.
    deadline: Option<Instant>,
    /// The pool the passes run on (`None`: the current one).
    pool: Option<&'a rayon::ThreadPool>,
}

impl<'a, R: SliceRules> SliceBuilder<'a, R> {
    /// A builder for `slice`, given the finished values of every slice below it
    /// (`lower[m]` holds the `m`-stone slice, for every `m < slice.stones()`).
    pub fn new(rules: &'a R, slice: Slice, lower: &'a [&'a [u8]]) -> Result<Self, Error> {
        if slice.stones() > MAX_STONES {
            return Err(Error::OutOfRange(format!(
                "a slice of {} stones: at most {MAX_STONES} (values must fit a signed byte)",
                slice.stones()
            )));
        }
        if lower.len() != slice.stones() as usize {
            return Err(Error::OutOfRange(format!(
                "the {}-stone slice needs the {} slices below it, {} given",
                slice.stones(),
                slice.stones(),
                lower.len()
            )));
        }
        for (m, l) in lower.iter().enumerate() {
            let want = Slice::new(slice.width(), m as u32).map(|s| s.len());
            if Some(l.len() as u64) != want {
                return Err(Error::OutOfRange(format!(
                    "the {m}-stone slice has {} values, expected {}",
                    l.len(),
                    want.map_or_else(|| "none (no such slice)".to_string(), |n| n.to_string())
                )));
            }
        }
        let n = slice.len() as usize;
        // The acyclic path needs no bitmap: one byte per position in all.
        let acyclic = rules.acyclic_in_slice();
        let init = if acyclic { UNSET } else { 0 };
        let mut b = SliceBuilder {
            rules,
            slice,
            lower,
            values: ValueArray::new(n, init)?,
            init: Some(init),
            active: Vec::new(),
            marks: Marks::new(0),
            confirm: !rules.predecessors_complete(),
            skip_unaffected: rules.predecessors_complete(),
            deadline: None,
            pool: None,
        };
        if !acyclic {
            b.fixpoint_state();
        }
        Ok(b)
    }

    /// Makes the state the fixpoint path starts from: every value 0, every position active,
    /// nothing marked.
    fn fixpoint_state(&mut self) {
        let n = self.slice.len() as usize;
        if self.init != Some(0) {
            self.values.fill(0);
            self.init = Some(0);
        }
        self.active = bitmap(n, true);
        self.marks = Marks::new(n);
    }

    /// Whether the fixpoint path proves its fixpoint by a confirming full pass that must
    /// change nothing (the default when [`SliceRules::predecessors_complete`] is false), or by
    /// the completeness of the marking (module docs: "Why the marking suffices"). Forcing it on
    /// for rules with complete predecessors costs a pass and checks the proof: `late_changes`
    /// must stay 0.
    pub fn confirming_pass(mut self, on: bool) -> Self {
        self.confirm = on;
        self
    }

    /// Stops the run with [`Error::TimeLimit`] at `deadline`: it is checked before each work
    /// unit (a range of [`CHUNK`] or [`LEVEL_CHUNK`] positions), so a run overshoots it by one
    /// unit's time at most.
    pub fn with_deadline(mut self, deadline: Option<Instant>) -> Self {
        self.deadline = deadline;
        self
    }

    /// Runs the passes on `pool` (the default: the pool the caller runs on).
    pub fn with_pool(mut self, pool: &'a rayon::ThreadPool) -> Self {
        self.pool = Some(pool);
        self
    }

    /// `f` on the builder's pool.
    fn par<T: Send>(&self, f: impl FnOnce() -> T + Send) -> T {
        match self.pool {
            Some(p) => p.install(f),
            None => f(),
        }
    }

    /// The slice being built.
    pub fn slice(&self) -> Slice {
        self.slice
    }

    /// `Err` once the deadline has passed.
    #[inline]
    fn in_time(&self) -> Result<(), Error> {
        if mancala_solver::stop::passed(self.deadline) {
            Err(Error::TimeLimit {
                stones: self.slice.stones(),
            })
        } else {
            Ok(())
        }
    }

    /// Evaluates the positions of `range` that `pass` selects, against the values as they are
    /// now, and marks the predecessors of every value changed for the next pass. Ranges of one
    /// pass may run concurrently.
    pub fn pass_range(&self, range: Range<u64>, pass: Pass) -> Result<PassStats, Error> {
        if pass == Pass::Levels || self.active.is_empty() {
            return Err(Error::Unsound {
                path: None,
                reason: "a fixpoint pass on a builder made for the acyclic path (use run_fixpoint)"
                    .into(),
            });
        }
        let mut st = PassStats::default();
        // The selected positions of one 64-bit word of the bitmaps, then their moves.
        let mut selected: ArrayVec<(u64, Pits), 64> = ArrayVec::new();
        let mut batch: Vec<Expanded> = vec![Expanded::default(); BATCH];
        let mut group: ArrayVec<(u64, Pits), BATCH> = ArrayVec::new();
        // Positions to mark for the next pass, found by the current batch, each with the value
        // at or above which it needs no mark ([`Mark`]).
        let mut pending: Vec<Mark> = Vec::new();
        // The selected positions of the range, a 64-bit word at a time.
        let mut i = range.start;
        while i < range.end {
            let word = (i / 64) as usize;
            let stop = ((word as u64 + 1) * 64).min(range.end);
            let mut bits = self.active[word].load(Relaxed);
            if pass == Pass::Marked {
                bits &= self.marks.read(word);
            }
            bits >>= i % 64;
            if bits == 0 {
                i = stop;
                continue;
            }
            selected.clear();
            // Few positions selected: find each directly; many: walk the word.
            if bits.count_ones() <= 4 {
                let mut rest = bits;
                while rest != 0 {
                    let x = i + rest.trailing_zeros() as u64;
                    rest &= rest - 1;
                    if x < stop {
                        selected.push((x, self.slice.unrank(x)));
                    }
                }
            } else {
                for (x, pits) in self
                    .slice
                    .iter_range(i + bits.trailing_zeros() as u64..stop)
                {
                    if bits >> (x - i) & 1 == 1 {
                        selected.push((x, pits));
                    }
                }
            }
            // Into batches, which fill across words (a marked pass selects few a word).
            for &sel in &selected {
                group.push(sel);
                if group.is_full() {
                    self.evaluate_batch(&mut group, &mut batch, &mut pending, &mut st)?;
                }
            }
            i = stop;
        }
        self.evaluate_batch(&mut group, &mut batch, &mut pending, &mut st)?;
        Ok(st)
    }

    /// Evaluates the positions of `group` (then empties it): first every move of each
    /// position and the index of its child, whose value is prefetched; then each position in
    /// turn, in index order, as if one at a time (expanding reads no value); then the marks.
    fn evaluate_batch(
        &self,
        group: &mut ArrayVec<(u64, Pits), BATCH>,
        batch: &mut [Expanded],
        pending: &mut Vec<Mark>,
        st: &mut PassStats,
    ) -> Result<(), Error> {
        for (e, &(_, pits)) in batch.iter_mut().zip(group.iter()) {
            self.expand_one(pits, e);
        }
        for (e, &(x, pits)) in batch.iter().zip(group.iter()) {
            self.evaluate(x, pits, e, pending, st)?;
        }
        group.clear();
        self.set_marks(pending);
        Ok(())
    }

    /// Sets the marks of `pending` (then empties it), but those the value makes useless.
    fn set_marks(&self, pending: &mut Vec<Mark>) {
        // The marks are read by the next pass only: setting them after the batch, their words
        // prefetched meanwhile, changes nothing else.
        for &Mark { index, unless } in pending.iter() {
            if self.values[index as usize].load(Relaxed) as i16 >= unless {
                continue;
            }
            self.marks.set(index);
        }
        pending.clear();
    }

    /// The moves of `pits` into `e`, with the index of each child in its slice, and a
    /// prefetch of each child's value.
    #[inline]
    fn expand_one(&self, pits: Pits, e: &mut Expanded) {
        let n = self.slice.stones();
        let lanes = 2 * self.slice.width();
        e.terminal = self.rules.expand(pits, &mut e.succs);
        for (k, s) in e.succs.iter().enumerate() {
            let r = rank(s.pits, lanes);
            e.ranks[k] = r;
            if s.stones < n {
                prefetch(
                    self.lower[s.stones as usize]
                        .as_ptr()
                        .wrapping_add(r as usize),
                );
            } else if s.stones == n {
                prefetch(self.values.as_ptr().wrapping_add(r as usize) as *const u8);
            }
        }
    }

    /// Evaluates the position `x` (board `pits`, moves `e`) against the values as they are
    /// now; if its value changed, adds the indices of its predecessors to `marks`, to be
    /// marked for the next pass.
    #[inline]
    fn evaluate(
        &self,
        x: u64,
        pits: Pits,
        e: &Expanded,
        marks: &mut Vec<Mark>,
        st: &mut PassStats,
    ) -> Result<(), Error> {
        let n = self.slice.stones() as i32;
        let lanes = 2 * self.slice.width();
        st.evaluated += 1;
        let child = |k: usize| {
            let (s, r) = (&e.succs[k], e.ranks[k] as usize);
            if s.stones < n as u32 {
                self.lower[s.stones as usize][r] as i8 as i32
            } else {
                self.values[r].load(Relaxed) as i32
            }
        };
        let Best { best, exits, open } = best_of(
            pits,
            lanes,
            e.terminal,
            &e.succs,
            n as u32,
            self.skip_unaffected,
            None,
            child,
        )?;
        let new = best;
        let old = self.values[x as usize].load(Relaxed) as i32;
        check_update(pits, n as u32, lanes, old, new)?;
        if new != old {
            self.values[x as usize].store(new as i8, Relaxed);
            st.changed += 1;
            let unless = unless(self.skip_unaffected, old, new);
            self.rules.predecessors(pits, &mut |p| {
                let r = rank(p, lanes);
                prefetch(self.marks.next_word(r));
                if unless != NEVER {
                    prefetch(self.values.as_ptr().wrapping_add(r as usize) as *const u8);
                }
                marks.push(Mark { index: r, unless });
            });
        }
        // Final values: the position is never looked at again. A move inside the slice with
        // `a(m) < 0` has a child proven on the side that only makes `a(m)` fall (values only
        // move away from 0); so when every such move has `a(m) < 0` and the best move is an
        // exit, no later change of a child can change the maximum. That covers the positions
        // without a move inside the slice. A value of `n` cannot rise either.
        if new == n || (!open && new == exits) {
            self.active[(x / 64) as usize].fetch_and(!(1u64 << (x % 64)), Relaxed);
        }
        Ok(())
    }

    /// Positions marked for the next pass.
    pub fn marked(&self) -> u64 {
        self.marks.marked()
    }

    /// Ends a pass: the marks it set become the ones the next pass reads.
    pub fn next_pass(&mut self) {
        self.marks.advance();
    }

    /// One pass over the whole slice on the current rayon pool, in ranges of [`CHUNK`]
    /// positions; `done` is called with the size of each finished range.
    pub fn pass(&self, pass: Pass, done: &(dyn Fn(u64) + Sync)) -> Result<PassStats, Error> {
        let len = self.slice.len();
        self.par(|| {
            (0..len.div_ceil(CHUNK))
                .into_par_iter()
                .map(|c| {
                    self.in_time()?;
                    let r = c * CHUNK..((c + 1) * CHUNK).min(len);
                    let k = r.end - r.start;
                    let st = self.pass_range(r, pass)?;
                    done(k);
                    Ok(st)
                })
                .try_reduce(PassStats::default, |a, b| Ok(a.add(b)))
        })
    }

    /// Finds every value of the slice: [`SliceBuilder::run_levels`] when the rules say that
    /// moves inside a slice make no cycle ([`SliceRules::acyclic_in_slice`]: kalah), else
    /// [`SliceBuilder::run_fixpoint`]. `done` is called with the size of each finished range,
    /// `on_pass` after each pass with its kind and what it did.
    pub fn run(
        &mut self,
        done: &(dyn Fn(u64) + Sync),
        on_pass: &mut dyn FnMut(Pass, PassStats),
    ) -> Result<RunStats, Error> {
        if self.rules.acyclic_in_slice() {
            self.run_levels(done, on_pass)
        } else {
            self.run_fixpoint(done, on_pass)
        }
    }

    /// The acyclic path: evaluates every position once, the potential levels from the highest
    /// down, each level in parallel over index ranges of [`LEVEL_CHUNK`]
    /// ([`SliceBuilder::level_range`]); see the module docs for why every move inside the
    /// slice then reads a final value. Fails with [`Error::Unsound`] if one does not (the
    /// rules are not acyclic within the slice after all) or if the levels did not hold every
    /// position once. `done` is called with the positions evaluated in each range,
    /// `on_pass` once at the end.
    pub fn run_levels(
        &mut self,
        done: &(dyn Fn(u64) + Sync),
        on_pass: &mut dyn FnMut(Pass, PassStats),
    ) -> Result<RunStats, Error> {
        if self.init != Some(UNSET) {
            self.values.fill(UNSET);
        }
        // The values are being overwritten: a later run starts again from scratch.
        self.init = None;
        let len = self.slice.len();
        let mut rs = RunStats::default();
        let mut total = PassStats::default();
        let this = &*self;
        for phi in (0..=max_potential(this.slice.width(), this.slice.stones())).rev() {
            let st = this.par(|| {
                (0..len.div_ceil(LEVEL_CHUNK))
                    .into_par_iter()
                    .map(|c| {
                        this.in_time()?;
                        let r = c * LEVEL_CHUNK..((c + 1) * LEVEL_CHUNK).min(len);
                        let st = this.level_range(phi, r)?;
                        done(st.evaluated);
                        Ok(st)
                    })
                    .try_reduce(PassStats::default, |a, b| Ok(a.add(b)))
            })?;
            rs.levels += 1;
            total = total.add(st);
        }
        rs.evaluations = total.evaluated;
        levels_held_all(this.slice, total.evaluated)?;
        on_pass(Pass::Levels, total);
        Ok(rs)
    }

    /// Evaluates, once and for good, the positions of potential `phi` in `range` (acyclic
    /// path), given the final values of every position of higher potential. Ranges of one
    /// level may run concurrently, in any order.
    pub fn level_range(&self, phi: u32, range: Range<u64>) -> Result<PassStats, Error> {
        let mut st = PassStats::default();
        let mut group: ArrayVec<(u64, Pits), BATCH> = ArrayVec::new();
        let mut batch: Vec<Expanded> = vec![Expanded::default(); BATCH];
        let mut result = Ok(());
        // As in a pass: a batch expanded first (each child's value prefetched), then evaluated.
        let mut flush = |group: &mut ArrayVec<(u64, Pits), BATCH>, st: &mut PassStats| {
            for (e, &(_, pits)) in batch.iter_mut().zip(group.iter()) {
                self.expand_one(pits, e);
            }
            let mut r = Ok(());
            for (e, &(x, pits)) in batch.iter().zip(group.iter()) {
                r = r.and_then(|()| self.settle(x, pits, e, st));
            }
            group.clear();
            r
        };
        self.slice
            .for_each_at_potential(phi, range, &mut |x, pits| {
                if result.is_ok() {
                    group.push((x, pits));
                    if group.is_full() {
                        result = flush(&mut group, &mut st);
                    }
                }
            });
        if result.is_ok() && !group.is_empty() {
            result = flush(&mut group, &mut st);
        }
        result.map(|()| st)
    }

    /// The final value of the position `x` (board `pits`, moves `e`) from the final values
    /// of its children (acyclic path).
    #[inline]
    fn settle(&self, x: u64, pits: Pits, e: &Expanded, st: &mut PassStats) -> Result<(), Error> {
        let n = self.slice.stones();
        st.evaluated += 1;
        st.changed += 1;
        let best = settled(pits, 2 * self.slice.width(), e.terminal, &e.succs, n, |k| {
            let (s, r) = (&e.succs[k], e.ranks[k] as usize);
            if s.stones < n {
                self.lower[s.stones as usize][r] as i8 as i32
            } else {
                self.values[r].load(Relaxed) as i32
            }
        })?;
        self.values[x as usize].store(best as i8, Relaxed);
        Ok(())
    }

    /// The fixpoint path, for every game (the reference for the acyclic one): a full pass,
    /// passes over the marked positions until none is marked, then a confirming full pass,
    /// until a full pass changes nothing (see [`SliceBuilder`]).
    pub fn run_fixpoint(
        &mut self,
        done: &(dyn Fn(u64) + Sync),
        on_pass: &mut dyn FnMut(Pass, PassStats),
    ) -> Result<RunStats, Error> {
        if self.init != Some(0) || self.active.is_empty() {
            self.fixpoint_state();
        }
        self.init = None;
        let confirm = self.confirm;
        fixpoint_passes(
            self,
            confirm,
            |b, kind, _| b.pass(kind, done),
            |b| b.marked() > 0,
            |b| &mut b.marks,
            on_pass,
        )
    }

    /// Positions whose value may still depend on the slice itself.
    pub fn active_count(&self) -> u64 {
        self.active
            .iter()
            .map(|w| w.load(Relaxed).count_ones() as u64)
            .sum()
    }

    /// The value of the position with index `i`.
    pub fn value(&self, i: u64) -> i8 {
        self.values[i as usize].load(Relaxed)
    }

    /// Copies the values of the positions `at .. at + buf.len()` into `buf` (as bytes).
    pub fn fill(&self, at: u64, buf: &mut [u8]) {
        let src = &self.values[at as usize..at as usize + buf.len()];
        for (d, s) in buf.iter_mut().zip(src) {
            *d = s.load(Relaxed) as u8;
        }
    }
}

/// The value from which a predecessor of a position changed from `old` to `new` needs no
/// mark (module docs), or [`NEVER`] when the rules' predecessors are not complete
/// (`skip_unaffected` false).
#[inline]
pub(super) fn unless(skip_unaffected: bool, old: i32, new: i32) -> i16 {
    // A predecessor's move here passes the turn: it was worth `-old`, now `-new`.
    if !skip_unaffected {
        NEVER
    } else if new > old {
        // It fell (both <= 0): no matter to a predecessor proven positive.
        1
    } else {
        // It rose to `-new > 0`: no matter to a predecessor proven that much.
        -new as i16
    }
}

/// The marks of the fixpoint path, a bit a position: those the current pass reads and those
/// set for the next one.
pub(super) struct Marks {
    sets: [Vec<AtomicU64>; 2],
    cur: usize,
}

impl Marks {
    /// `n` positions, none marked.
    pub(super) fn new(n: usize) -> Marks {
        Marks {
            sets: [bitmap(n, false), bitmap(n, false)],
            cur: 0,
        }
    }

    /// The marks the current pass reads in bitmap word `word`.
    #[inline]
    pub(super) fn read(&self, word: usize) -> u64 {
        self.sets[self.cur][word].load(Relaxed)
    }

    /// Marks position `i` for the next pass.
    #[inline]
    pub(super) fn set(&self, i: u64) {
        let w = &self.sets[self.cur ^ 1][(i / 64) as usize];
        let bit = 1 << (i % 64);
        if w.load(Relaxed) & bit == 0 {
            w.fetch_or(bit, Relaxed);
        }
    }

    /// Where the mark of `i` for the next pass is held (to prefetch it).
    #[inline]
    pub(super) fn next_word(&self, i: u64) -> *const u8 {
        self.sets[self.cur ^ 1]
            .as_ptr()
            .wrapping_add((i / 64) as usize) as *const u8
    }

    /// Positions marked for the next pass.
    pub(super) fn marked(&self) -> u64 {
        self.sets[self.cur ^ 1]
            .iter()
            .map(|w| w.load(Relaxed).count_ones() as u64)
            .sum()
    }

    /// Ends a pass: the marks it set become the ones the next pass reads.
    pub(super) fn advance(&mut self) {
        for w in &self.sets[self.cur] {
            w.store(0, Relaxed);
        }
        self.cur ^= 1;
    }

    /// Bytes of the two bitmaps.
    pub(super) fn bytes(&self) -> usize {
        8 * (self.sets[0].len() + self.sets[1].len())
    }
}

/// The passes of the fixpoint path (module docs), for one process or the ranks of a build:
/// a full pass (`pass(s, kind, first)`), passes over the marked positions while `any_marked`
/// (on every rank), then, with `confirm`, a confirming full pass, until a full pass changes
/// nothing. `marks` gives the state's marks, advanced between passes.
pub(super) fn fixpoint_passes<S>(
    s: &mut S,
    confirm: bool,
    mut pass: impl FnMut(&S, Pass, bool) -> Result<PassStats, Error>,
    mut any_marked: impl FnMut(&S) -> bool,
    marks: impl Fn(&mut S) -> &mut Marks,
    on_pass: &mut dyn FnMut(Pass, PassStats),
) -> Result<RunStats, Error> {
    let mut rs = RunStats::default();
    loop {
        let st = pass(s, Pass::Full, rs.full_passes == 0)?;
        on_pass(Pass::Full, st);
        rs.full_passes += 1;
        rs.evaluations += st.evaluated;
        if rs.full_passes > 1 {
            rs.late_changes += st.changed;
        }
        if st.changed == 0 {
            return Ok(rs);
        }
        while any_marked(s) {
            marks(s).advance();
            let st = pass(s, Pass::Marked, false)?;
            on_pass(Pass::Marked, st);
            rs.marked_passes += 1;
            rs.evaluations += st.evaluated;
        }
        marks(s).advance();
        if !confirm {
            // Every predecessor of every change was looked at again: a fixpoint.
            return Ok(rs);
        }
    }
}

/// Refuses potential levels of `slice` that held `evaluated` positions, not each once.
pub(super) fn levels_held_all(slice: Slice, evaluated: u64) -> Result<(), Error> {
    if evaluated != slice.len() {
        return Err(Error::Unsound {
            path: None,
            reason: format!(
                "the potential levels of the {}-stone slice held {evaluated} positions, not {}",
                slice.stones(),
                slice.len()
            ),
        });
    }
    Ok(())
}

/// What the moves of a position give, on the fixpoint path (module docs).
pub(super) struct Best {
    /// The best move's value as far as proven (or the terminal value).
    pub(super) best: i32,
    /// The best exit (or terminal value), `i32::MIN` without one.
    pub(super) exits: i32,
    /// Whether some move inside the slice may still rise: its child not yet proven on the
    /// side that makes it fall.
    pub(super) open: bool,
}

/// [`Best`] of the position `pits` (`lanes` pits) of the `n`-stone slice, whose moves are `succs` (or
/// `terminal`), `child(k)` the value of the child of move `k` as far as proven; with
/// `exits`, the best exit kept from an earlier evaluation stands for the moves out of the
/// slice, whose children are not read. A move inside the slice that keeps the turn under
/// complete predecessors (`complete`), or a move that brings seeds back, is an error.
#[allow(clippy::too_many_arguments)]
pub(super) fn best_of(
    pits: Pits,
    lanes: usize,
    terminal: Option<i32>,
    succs: &Edges,
    n: u32,
    complete: bool,
    exits: Option<i32>,
    child: impl Fn(usize) -> i32,
) -> Result<Best, Error> {
    let mut b = Best {
        best: i32::MIN,
        exits: exits.unwrap_or(terminal.unwrap_or(i32::MIN)),
        open: false,
    };
    b.best = b.exits;
    for (k, s) in succs.iter().enumerate() {
        if s.stones < n {
            if exits.is_none() {
                let cv = child(k);
                let a = s.gain + if s.same_side { cv } else { -cv };
                b.exits = b.exits.max(a);
                b.best = b.best.max(a);
            }
        } else if s.stones == n && s.gain == 0 {
            if s.same_side && complete {
                return Err(Error::Unsound {
                    path: None,
                    reason: format!(
                        "the move from {} to {} ({n} stones) stays in the slice and keeps the \
                         turn, which complete predecessors exclude",
                        board_text(pits, lanes),
                        board_text(s.pits, lanes)
                    ),
                });
            }
            let cv = child(k);
            let a = if s.same_side { cv } else { -cv };
            b.open |= a >= 0;
            b.best = b.best.max(a);
        } else {
            return Err(bad_move(pits, n, lanes, s.stones, s.gain));
        }
    }
    Ok(b)
}

/// Refuses a value that leaves the stones' range or moves towards 0 (module docs: values only
/// move away from 0), so that a rules bug cannot loop for ever.
pub(super) fn check_update(
    pits: Pits,
    n: u32,
    lanes: usize,
    old: i32,
    new: i32,
) -> Result<(), Error> {
    if new.abs() > n as i32 || (old > 0 && new < old) || (old < 0 && new > old) {
        return Err(Error::Unsound {
            path: None,
            reason: format!(
                "the position {} ({n} stones) goes from value {old} to {new}: values must stay \
                 within the stones and only move away from 0",
                board_text(pits, lanes)
            ),
        });
    }
    Ok(())
}

/// The final value of the position `pits` (`lanes` pits) of an acyclic `n`-stone slice (moves `succs`, or
/// `terminal`) from its children's final values `child(k)`; a child inside the slice not yet
/// evaluated ([`UNSET`]: the slice is not acyclic) or a value beyond the stones is an error.
pub(super) fn settled(
    pits: Pits,
    lanes: usize,
    terminal: Option<i32>,
    succs: &Edges,
    n: u32,
    child: impl Fn(usize) -> i32,
) -> Result<i32, Error> {
    let mut best = terminal.unwrap_or(i32::MIN);
    for (k, s) in succs.iter().enumerate() {
        let a = if s.stones < n {
            let cv = child(k);
            s.gain + if s.same_side { cv } else { -cv }
        } else if s.stones == n && s.gain == 0 {
            let cv = child(k);
            if cv == UNSET as i32 {
                return Err(Error::Unsound {
                    path: None,
                    reason: format!(
                        "the move from {} to {} ({n} stones) stays in the slice without \
                         raising the potential: the slice is not acyclic",
                        board_text(pits, lanes),
                        board_text(s.pits, lanes)
                    ),
                });
            }
            if s.same_side {
                cv
            } else {
                -cv
            }
        } else {
            return Err(bad_move(pits, n, lanes, s.stones, s.gain));
        };
        best = best.max(a);
    }
    if best.abs() > n as i32 {
        return Err(Error::Unsound {
            path: None,
            reason: format!(
                "the position {} ({n} stones) has value {best}: values must stay within the \
                 stones",
                board_text(pits, lanes)
            ),
        });
    }
    Ok(best)
}

/// A board of a slice (`lanes` pits, mover's row first) as position text (docs/NOTATION.md),
/// the side to move as South: the opponent's row from his pit W to his pit 1, `/`, the
/// mover's row from his pit 1, then `S` (nothing captured, as in every slice).
pub(super) fn board_text(pits: Pits, lanes: usize) -> String {
    let v = pits.to_vec(lanes);
    let row =
        |it: &mut dyn Iterator<Item = &u8>| it.map(|c| c.to_string()).collect::<Vec<_>>().join(",");
    let w = lanes / 2;
    format!(
        "{}/{} S",
        row(&mut v[w..].iter().rev()),
        row(&mut v[..w].iter())
    )
}

/// The error for a move that brings seeds back or gains without taking seeds off.
pub(super) fn bad_move(pits: Pits, n: u32, lanes: usize, stones: u32, gain: i32) -> Error {
    Error::Unsound {
        path: None,
        reason: format!(
            "a move from {} ({n} stones) leads to {stones} stones with gain {gain}: \
             seeds must never come back, and a gain must take seeds off",
            board_text(pits, lanes),
        ),
    }
}

/// What happened to one slice in a build.
#[derive(Clone, Debug)]
pub struct SliceReport {
    /// Seeds on the board.
    pub stones: u32,
    /// Positions in the slice.
    pub positions: u64,
    /// True when a finished, valid file was found and kept (resume).
    pub skipped: bool,
    /// What the analysis did (all zero when skipped).
    pub run: RunStats,
    /// Seconds spent on the slice (analysis and writing).
    pub seconds: f64,
    /// The file.
    pub path: PathBuf,
    /// The bytes each rank sent and received in each pass (or potential level) of the slice
    /// (empty on one process).
    pub exchange: Vec<PassBytes>,
    /// What each rank held and its peak memory (empty on one process).
    pub memory: RankMemory,
}

/// Progress of a build, reported to the caller's callback (from worker threads for
/// [`Progress::Positions`], so the callback must be `Sync`).
#[derive(Clone, Debug)]
pub enum Progress<'a> {
    /// A slice is being built.
    SliceStarted {
        /// Seeds on the board.
        stones: u32,
        /// Positions in the slice.
        positions: u64,
    },
    /// A range of positions of the current pass was done.
    Positions {
        /// Seeds on the board.
        stones: u32,
        /// Positions in the range (whether or not the pass selected them).
        count: u64,
    },
    /// A pass finished.
    PassDone {
        /// Seeds on the board.
        stones: u32,
        /// The pass number within the slice, from 1.
        pass: u32,
        /// Full or marked.
        kind: Pass,
        /// What it did.
        stats: PassStats,
    },
    /// A slice is finished (or was found finished and kept).
    SliceDone(&'a SliceReport),
}

/// Refuses a stone count beyond what a table can hold or index at `game`'s width.
pub fn check_stones(game: &TwoRow, max_stones: u32) -> Result<(), Error> {
    if max_stones > MAX_STONES {
        return Err(Error::BadBound {
            bound: Bound::Stones(max_stones),
            reason: format!("at most {MAX_STONES} (values are stored in a signed byte)"),
        });
    }
    let width = game.width();
    if Slice::new(width, max_stones).is_none() {
        return Err(Error::OutOfRange(format!(
            "the slice of {max_stones} stones at width {width} has too many positions to index"
        )));
    }
    Ok(())
}

/// Builds the first slice `tables` lacks ([`Tablebases::next_stones`]) from the slices below
/// it, on `pool`, and adds it to `tables`: as a file of the tables' folder (written under a
/// temporary name and renamed when complete, then opened with its checksum checked; a file
/// already there is checked and kept instead), or in memory for tables without a folder.
/// With a `deadline`, the work stops with [`Error::TimeLimit`] once it has passed, and
/// `tables` keeps the slices it had.
pub fn build_next(
    game: &TwoRow,
    tables: &mut Tablebases,
    pool: &rayon::ThreadPool,
    deadline: Option<Instant>,
    progress: &(dyn Fn(&Progress) + Sync),
) -> Result<SliceReport, Error> {
    let t = Instant::now();
    let n = tables.next_stones();
    check_stones(game, n)?;
    let slice = Slice::new(game.width(), n).expect("checked above");
    let id = GameId::of(game);
    let path = tables.folder().map(|d| d.join(id.file_name(n)));
    progress(&Progress::SliceStarted {
        stones: n,
        positions: slice.len(),
    });
    let mut report = SliceReport {
        stones: n,
        positions: slice.len(),
        skipped: false,
        run: RunStats::default(),
        seconds: 0.0,
        path: path.clone().unwrap_or_default(),
        exchange: Vec::new(),
        memory: RankMemory::default(),
    };
    // The slice's values, from the slices below, into `fill`'s buffers.
    let solve = |fill: &mut dyn FnMut(&mut SliceBuilder<TwoRow>)| -> Result<RunStats, Error> {
        let lower = tables
            .lower(n)
            .expect("every slice below the next one is present");
        let mut b = SliceBuilder::new(game, slice, &lower)?
            .with_deadline(deadline)
            .with_pool(pool);
        let count = |k: u64| {
            progress(&Progress::Positions {
                stones: n,
                count: k,
            });
        };
        let mut passes = 0;
        let rs = b.run(&count, &mut |pass, st| {
            passes += 1;
            progress(&Progress::PassDone {
                stones: n,
                pass: passes,
                kind: pass,
                stats: st,
            })
        })?;
        fill(&mut b);
        Ok(rs)
    };
    match &path {
        Some(p) => {
            let mut run = RunStats::default();
            let (kept, mut files) = unit(
                &Single,
                std::slice::from_ref(p),
                || {
                    let mut written = Ok(());
                    run = solve(&mut |b| {
                        written = write_slice(p, &id, n, slice.len(), |at, buf| b.fill(at, buf));
                    })?;
                    written
                },
                |_, p| super::verify::open_slice(p, &id, n, true),
            )?;
            report.skipped = kept;
            report.run = run;
            tables.insert_file(n, files.pop().expect("one file"));
        }
        None => {
            let mut v = vec![0u8; slice.len() as usize];
            report.run = solve(&mut |b| b.fill(0, &mut v))?;
            tables.insert_memory(n, v);
        }
    }
    report.seconds = t.elapsed().as_secs_f64();
    progress(&Progress::SliceDone(&report));
    Ok(report)
}
