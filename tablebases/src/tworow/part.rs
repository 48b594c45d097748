//! The two-row tables built by several ranks with the values partitioned between them: each
//! rank holds only its share ([`Part`]) of every slice, the one being built and the finished
//! ones below, and fetches the values it needs of the others' shares in batched requests.
//!
//! # Requests and answers
//!
//! A pass (or a potential level, on the acyclic path) goes in rounds. In a round each rank
//! takes up to [`ROUND`] of its selected positions, expands them ([`SliceRules::expand`]),
//! and asks the owner of every child it does not own for the child's value: one
//! [`Comm::all_to_all`] of requests (8 bytes: index and stones), one of answers (1 byte). It
//! then evaluates its positions exactly as the single-process builder does (module docs of
//! [`crate::tworow::build`]), and the predecessors of every value it changed are marked on
//! their owners: its own at once, the others' through a third all-to-all (8 bytes: index and
//! the threshold below which the mark is needed). A fourth, one word, says whether any rank
//! has positions left in the pass.
//!
//! Why requests rather than notifications of changes to the owners of the predecessors (as
//! Romein and Bal did): the update of a margin table is a maximum over every move whose
//! per-move values move either way, so re-evaluating a position needs all its children's
//! current values, not the one that changed; a notification would have to carry them all or
//! the owner keep a copy of every child's value (several times the memory of its share). A
//! request asks only for the children of the positions a pass selects, and the best exit of
//! each position (the moves that take seeds off, to the finished slices) is kept from its
//! first evaluation (one byte a position), so the later passes ask only for the children in
//! the slice being built.
//!
//! # Why the values are the same bytes
//!
//! The single-process argument ("Why the marking suffices") needs that every position is
//! evaluated again in a later pass after a change of a child it read, unless the change's
//! threshold shows it cannot matter. An owner answers a round's requests before it evaluates
//! its own positions of that round, so a value read through an answer was final for the round
//! before; a change after that read sends its mark in the same round, and marks are read by
//! the next pass only. Local reads happen in place, as on one process. The acyclic path reads
//! only final values (higher potentials, finished slices). So both paths compute the same
//! least fixpoint, whatever the ranks and threads, and the files hold the same bytes.
//!
//! # Memory
//!
//! A rank holds its share of every finished slice (1 byte a position) and, for the slice
//! being built, its share of the values, of the best exits and of three bitmaps (2.375 bytes
//! a position): about `1/P` of the replicated design's, plus the buffers of one round, which
//! [`ROUND`] bounds. Rank 0 streams each finished slice into its file a chunk at a time
//! ([`crate::driver::write_gathered`]); a kept slice (resume) is read back by every rank, each
//! its own pages.

use super::build::{
    best_of, bitmap, check_stones, check_update, fixpoint_passes, levels_held_all, settled, unless,
    Best, Marks, Pass, PassStats, Progress, RunStats, SliceReport, ValueArray, NEVER, UNSET,
};
use crate::driver::{
    all_to_all_words, own_share, pack, thread_pool, unit, unpack, write_gathered, BuildReport,
    Comm, Meter, Part, ROUND,
};
use crate::error::Error;
use crate::files::GameId;
use crate::format::slice_header;
use crate::tworow::index::{max_potential, rank, Slice};
use crate::tworow::rules::{Edges, SliceRules};
use mancala_solver::tt::prefetch_line as prefetch;
use mancala_solver::tworow::board::{Pits, MAX_WIDTH};
use mancala_solver::TwoRow;
use rayon::prelude::*;
use std::path::Path;
use std::sync::atomic::{AtomicI8, AtomicU64, Ordering::Relaxed};
use std::time::Instant;

/// Positions a worker expands or evaluates at a time within a round.
const TASK: usize = 1 << 10;

/// Requests between the prefetch of a value and its read.
const AHEAD: usize = 16;

/// Where the value of a child is read.
#[derive(Clone, Copy)]
enum Src {
    /// Not read: an exit, whose best is kept from the first evaluation.
    Skip,
    /// This rank's share of the slice being built, at this local index.
    Cur(u64),
    /// This rank's share of the finished slice of `.0` stones, at local index `.1`.
    Lower(u32, u64),
    /// The answer of rank `.0`, at place `.1` among this task's requests to it.
    Remote(u32, u32),
}

/// A position of a round: its local index, its board, its moves, and where each child's
/// value is read.
struct Exp {
    local: u64,
    pits: Pits,
    terminal: Option<i32>,
    succs: Edges,
    src: [Src; 2 * MAX_WIDTH],
}

impl Exp {
    fn empty() -> Exp {
        Exp {
            local: 0,
            pits: Pits::EMPTY,
            terminal: None,
            succs: Edges::new(),
            src: [Src::Skip; 2 * MAX_WIDTH],
        }
    }
}

/// One slice being built by this rank: its share of the values and of the state of the
/// passes.
struct Work<'a, R: SliceRules> {
    rules: &'a R,
    slice: Slice,
    part: Part,
    pool: &'a rayon::ThreadPool,
    /// This rank's share of every finished slice below, `lower[m]` for `m` stones.
    lower: &'a [ValueArray],
    values: ValueArray,
    /// The best exit (or terminal value) of each position, from its first evaluation
    /// ([`UNSET`]: none); empty on the acyclic path.
    exits: Vec<AtomicI8>,
    active: Vec<AtomicU64>,
    marks: Marks,
    skip_unaffected: bool,
    confirm: bool,
}

/// What a round did, for the pass's statistics.
#[derive(Default)]
struct Tally {
    st: PassStats,
    /// Marks for the other ranks, `pack(index, threshold)` by owner.
    marks: Vec<Vec<u64>>,
}

/// [`unless`] as the byte a mark travels with: 0 for [`NEVER`].
fn threshold_byte(u: i16) -> u8 {
    if u == NEVER {
        0
    } else {
        u as u8
    }
}

impl<'a, R: SliceRules> Work<'a, R> {
    fn new(
        rules: &'a R,
        slice: Slice,
        comm: &dyn Comm,
        pool: &'a rayon::ThreadPool,
        lower: &'a [ValueArray],
    ) -> Result<Self, Error> {
        let part = Part::of(comm);
        let n = part.owned_len(slice.len()) as usize;
        let acyclic = rules.acyclic_in_slice();
        let (exits, active, marks) = if acyclic {
            (Vec::new(), Vec::new(), Marks::new(0))
        } else {
            (
                (0..n).map(|_| AtomicI8::new(UNSET)).collect(),
                bitmap(n, true),
                Marks::new(n),
            )
        };
        Ok(Work {
            rules,
            slice,
            part,
            pool,
            lower,
            values: ValueArray::new(n, if acyclic { UNSET } else { 0 })?,
            exits,
            active,
            marks,
            skip_unaffected: rules.predecessors_complete(),
            confirm: !rules.predecessors_complete(),
        })
    }

    /// Bytes of the working arrays of this rank.
    fn held(&self) -> u64 {
        (self.values.len() + self.exits.len() + 8 * self.active.len() + self.marks.bytes()) as u64
    }

    /// Expands `xs` (local index, board) into the first `xs.len()` entries of `exps` (grown
    /// when needed, kept between rounds so that a round allocates nothing large) and asks the
    /// owners for the children's values that `first` (the first evaluation: exits too)
    /// needs; the answers, by rank, and each task's offset in them.
    fn fetch(
        &self,
        comm: &dyn Comm,
        xs: &[(u64, Pits)],
        first: bool,
        exps: &mut Vec<Exp>,
    ) -> (Vec<Vec<u8>>, Vec<Vec<u32>>) {
        let p = self.part.ranks;
        let n = self.slice.stones();
        let lanes = 2 * self.slice.width();
        if exps.len() < xs.len() {
            exps.resize_with(xs.len(), Exp::empty);
        }
        let tasks: Vec<Vec<Vec<u64>>> = self.pool.install(|| {
            exps[..xs.len()]
                .par_chunks_mut(TASK)
                .zip(xs.par_chunks(TASK))
                .map(|(es, xs)| {
                    let mut req = vec![Vec::new(); p];
                    for (e, &(local, pits)) in es.iter_mut().zip(xs) {
                        {
                            e.local = local;
                            e.pits = pits;
                            e.src = [Src::Skip; 2 * MAX_WIDTH];
                            e.terminal = self.rules.expand(pits, &mut e.succs);
                            for (k, s) in e.succs.iter().enumerate() {
                                if s.stones > n || (s.stones < n && !first) {
                                    continue;
                                }
                                let r = rank(s.pits, lanes);
                                let o = self.part.owner(r);
                                e.src[k] = if o != self.part.rank {
                                    req[o].push(pack(r, s.stones as u8));
                                    Src::Remote(o as u32, req[o].len() as u32 - 1)
                                } else if s.stones == n {
                                    Src::Cur(self.part.local(r))
                                } else {
                                    Src::Lower(s.stones, self.part.local(r))
                                };
                            }
                        }
                    }
                    req
                })
                .collect()
        });
        // Each task's requests follow the earlier tasks' in the list sent to each rank.
        let mut offsets = Vec::with_capacity(tasks.len());
        let mut out: Vec<Vec<u64>> = vec![Vec::new(); p];
        for req in tasks {
            offsets.push(out.iter().map(|v| v.len() as u32).collect());
            for (o, r) in out.iter_mut().zip(req) {
                o.extend(r);
            }
        }
        let asked = all_to_all_words(comm, out);
        // Every thread answers, whatever the number of ranks asking; the reads are at random
        // in this rank's shares, so each is prefetched a few requests ahead.
        let answers = self.pool.install(|| {
            asked
                .iter()
                .map(|q| {
                    let mut a = vec![0u8; q.len()];
                    a.par_chunks_mut(TASK * 8)
                        .zip(q.par_chunks(TASK * 8))
                        .for_each(|(a, q)| {
                            for (k, &w) in q.iter().enumerate() {
                                if let Some(&ahead) = q.get(k + AHEAD) {
                                    prefetch(self.place(ahead));
                                }
                                a[k] = self.answer(w);
                            }
                        });
                    a
                })
                .collect()
        });
        (comm.all_to_all(answers), offsets)
    }

    /// Where this rank holds the value a request (`pack(index, stones)`) asks for.
    #[inline]
    fn place(&self, w: u64) -> *const u8 {
        let (i, m) = unpack(w);
        let l = self.part.local(i) as usize;
        let v = if m as u32 == self.slice.stones() {
            &self.values
        } else {
            &self.lower[m as usize]
        };
        v.as_ptr().wrapping_add(l) as *const u8
    }

    /// The value this rank holds for a request (`pack(index, stones)`).
    #[inline]
    fn answer(&self, w: u64) -> u8 {
        let (i, m) = unpack(w);
        debug_assert!(self.part.owns(i));
        let l = self.part.local(i) as usize;
        if m as u32 == self.slice.stones() {
            self.values[l].load(Relaxed) as u8
        } else {
            self.lower[m as usize][l].load(Relaxed) as u8
        }
    }

    /// The value of child `k` of `e` (the `t`-th task of a round).
    #[inline]
    fn child(&self, e: &Exp, k: usize, answers: &[Vec<u8>], offsets: &[u32]) -> i32 {
        (match e.src[k] {
            Src::Skip => unreachable!("a child not fetched is not read"),
            Src::Cur(l) => self.values[l as usize].load(Relaxed),
            Src::Lower(m, l) => self.lower[m as usize][l as usize].load(Relaxed),
            Src::Remote(o, s) => answers[o as usize][(offsets[o as usize] + s) as usize] as i8,
        }) as i32
    }

    #[inline]
    fn mark_local(&self, l: u64, u: i16) {
        if u != NEVER && self.values[l as usize].load(Relaxed) as i16 >= u {
            return;
        }
        self.marks.set(l);
    }

    /// Evaluates the position `e` of the fixpoint path (see [`SliceBuilder`]'s `evaluate`).
    ///
    /// [`SliceBuilder`]: crate::tworow::build::SliceBuilder
    fn evaluate(
        &self,
        e: &Exp,
        first: bool,
        child: &dyn Fn(usize) -> i32,
        t: &mut Tally,
    ) -> Result<(), Error> {
        let n = self.slice.stones();
        let lanes = 2 * self.slice.width();
        let l = e.local as usize;
        t.st.evaluated += 1;
        let kept = (!first).then(|| match self.exits[l].load(Relaxed) {
            UNSET => i32::MIN,
            x => x as i32,
        });
        let Best { best, exits, open } = best_of(
            e.pits,
            lanes,
            e.terminal,
            &e.succs,
            n,
            self.skip_unaffected,
            kept,
            child,
        )?;
        if first {
            let x = if exits == i32::MIN {
                UNSET
            } else {
                exits as i8
            };
            self.exits[l].store(x, Relaxed);
        }
        let new = best;
        let old = self.values[l].load(Relaxed) as i32;
        check_update(e.pits, n, lanes, old, new)?;
        let n = n as i32;
        if new != old {
            self.values[l].store(new as i8, Relaxed);
            t.st.changed += 1;
            let u = unless(self.skip_unaffected, old, new);
            self.rules.predecessors(e.pits, &mut |p| {
                let r = rank(p, lanes);
                let o = self.part.owner(r);
                if o == self.part.rank {
                    self.mark_local(self.part.local(r), u);
                } else {
                    t.marks[o].push(pack(r, threshold_byte(u)));
                }
            });
        }
        if new == n || (!open && new == exits) {
            self.active[l / 64].fetch_and(!(1u64 << (l % 64)), Relaxed);
        }
        Ok(())
    }

    /// Up to [`ROUND`] positions this pass selects from local word `*w` on (the cursor moves
    /// past them).
    fn select(&self, pass: Pass, w: &mut usize, xs: &mut Vec<(u64, Pits)>) {
        xs.clear();
        while *w < self.active.len() && xs.len() < ROUND {
            let mut bits = self.active[*w].load(Relaxed);
            if pass == Pass::Marked {
                bits &= self.marks.read(*w);
            }
            while bits != 0 {
                let l = *w as u64 * 64 + bits.trailing_zeros() as u64;
                bits &= bits - 1;
                xs.push((l, self.slice.unrank(self.part.global(l))));
            }
            *w += 1;
        }
    }

    /// One pass of the fixpoint path on every rank: its statistics summed over the ranks.
    fn pass(
        &self,
        comm: &dyn Comm,
        pass: Pass,
        first: bool,
        done: &(dyn Fn(u64) + Sync),
    ) -> Result<PassStats, Error> {
        let p = self.part.ranks;
        let mut w = 0;
        let mut xs = Vec::new();
        let mut st = PassStats::default();
        let mut exps = Vec::new();
        loop {
            self.select(pass, &mut w, &mut xs);
            let (answers, offsets) = self.fetch(comm, &xs, first, &mut exps);
            let tallies: Vec<Result<Tally, Error>> = self.pool.install(|| {
                exps[..xs.len()]
                    .par_chunks(TASK)
                    .zip(offsets.par_iter())
                    .map(|(es, off)| {
                        let mut t = Tally {
                            st: PassStats::default(),
                            marks: vec![Vec::new(); p],
                        };
                        for e in es {
                            let child = |k: usize| self.child(e, k, &answers, off);
                            self.evaluate(e, first, &child, &mut t)?;
                        }
                        Ok(t)
                    })
                    .collect()
            });
            let mut out = vec![Vec::new(); p];
            for t in tallies {
                let t = t?;
                st = st.add(t.st);
                for (o, m) in out.iter_mut().zip(t.marks) {
                    o.extend(m);
                }
            }
            let got = all_to_all_words(comm, out);
            self.pool.install(|| {
                got.par_iter().flatten().for_each(|&m| {
                    let (r, u) = unpack(m);
                    let u = if u == 0 { NEVER } else { u as i16 };
                    self.mark_local(self.part.local(r), u);
                })
            });
            done(xs.len() as u64 * p as u64);
            if comm.sum((w < self.active.len()) as u64) == 0 {
                break;
            }
        }
        Ok(PassStats {
            evaluated: comm.sum(st.evaluated),
            changed: comm.sum(st.changed),
        })
    }

    /// The fixpoint path (see [`SliceBuilder`]'s), on every rank.
    ///
    /// [`SliceBuilder`]: crate::tworow::build::SliceBuilder
    fn fixpoint(
        &mut self,
        comm: &dyn Comm,
        done: &(dyn Fn(u64) + Sync),
        on_pass: &mut dyn FnMut(Pass, PassStats),
    ) -> Result<RunStats, Error> {
        let confirm = self.confirm;
        fixpoint_passes(
            self,
            confirm,
            |w, kind, first| w.pass(comm, kind, first, done),
            |w| comm.sum(w.marks.marked()) > 0,
            |w| &mut w.marks,
            on_pass,
        )
    }

    /// The acyclic path (see [`SliceBuilder::run_levels`]), on every rank: each potential
    /// level in rounds, every child's value fetched (final: a higher level or a finished
    /// slice).
    ///
    /// [`SliceBuilder::run_levels`]: crate::tworow::build::SliceBuilder::run_levels
    fn levels(
        &mut self,
        comm: &dyn Comm,
        done: &(dyn Fn(u64) + Sync),
        on_pass: &mut dyn FnMut(Pass, PassStats),
        meter: &mut Meter,
    ) -> Result<RunStats, Error> {
        let len = self.slice.len();
        let blocks: Vec<_> = self.part.blocks(0..len).collect();
        let mut rs = RunStats::default();
        let mut total = PassStats::default();
        let mut exps = Vec::new();
        for phi in (0..=max_potential(self.slice.width(), self.slice.stones())).rev() {
            let mut b = 0;
            loop {
                let mut xs = Vec::new();
                while b < blocks.len() && xs.len() < ROUND {
                    self.slice
                        .for_each_at_potential(phi, blocks[b].clone(), &mut |x, pits| {
                            xs.push((self.part.local(x), pits))
                        });
                    b += 1;
                }
                let (answers, offsets) = self.fetch(comm, &xs, true, &mut exps);
                let found: Result<Vec<u64>, Error> = self.pool.install(|| {
                    exps[..xs.len()]
                        .par_chunks(TASK)
                        .zip(offsets.par_iter())
                        .map(|(es, off)| {
                            for e in es {
                                self.settle(e, &|k| self.child(e, k, &answers, off))?;
                            }
                            Ok(es.len() as u64)
                        })
                        .collect()
                });
                let k: u64 = found?.iter().sum();
                total.evaluated += k;
                total.changed += k;
                done(k * self.part.ranks as u64);
                if comm.sum((b < blocks.len()) as u64) == 0 {
                    break;
                }
            }
            meter.pass(comm);
            rs.levels += 1;
        }
        let total = PassStats {
            evaluated: comm.sum(total.evaluated),
            changed: comm.sum(total.changed),
        };
        rs.evaluations = total.evaluated;
        levels_held_all(self.slice, total.evaluated)?;
        on_pass(Pass::Levels, total);
        Ok(rs)
    }

    /// The final value of `e` from the final values of its children (acyclic path).
    fn settle(&self, e: &Exp, child: &dyn Fn(usize) -> i32) -> Result<(), Error> {
        let lanes = 2 * self.slice.width();
        let best = settled(
            e.pits,
            lanes,
            e.terminal,
            &e.succs,
            self.slice.stones(),
            child,
        )?;
        self.values[e.local as usize].store(best as i8, Relaxed);
        Ok(())
    }
}

/// [`crate::tworow::build_on`] on two ranks or more: every slice built with the values
/// partitioned (module docs), written by rank 0, the same bytes as one process writes.
pub(super) fn build_on(
    comm: &dyn Comm,
    game: &TwoRow,
    dir: &Path,
    max_stones: u32,
    threads: usize,
    progress: &(dyn Fn(&Progress) + Sync),
) -> Result<BuildReport<SliceReport>, Error> {
    let t0 = Instant::now();
    check_stones(game, max_stones)?;
    let pool = thread_pool(threads)?;
    if comm.rank() == 0 {
        crate::driver::create_folder(dir)?;
    }
    comm.barrier();
    let part = Part::of(comm);
    let id = GameId::of(game);
    let mut lower: Vec<ValueArray> = Vec::new();
    let mut reports = Vec::new();
    for n in 0..=max_stones {
        let t = Instant::now();
        let slice = Slice::new(game.width(), n).expect("checked above");
        let len = slice.len();
        let path = dir.join(id.file_name(n));
        progress(&Progress::SliceStarted {
            stones: n,
            positions: len,
        });
        let below: u64 = lower.iter().map(|v| v.len() as u64).sum();
        let mut meter = Meter::start(comm);
        let mut run = RunStats::default();
        let mut built = None;
        let mut held = 0;
        let (kept, files) = unit(
            comm,
            std::slice::from_ref(&path),
            || {
                let mut w = Work::new(game, slice, comm, &pool, &lower)?;
                let count = |k: u64| {
                    progress(&Progress::Positions {
                        stones: n,
                        count: k,
                    })
                };
                let mut passes = 0;
                let mut on_pass = |kind, stats| {
                    passes += 1;
                    progress(&Progress::PassDone {
                        stones: n,
                        pass: passes,
                        kind,
                        stats,
                    })
                };
                run = if game.acyclic_in_slice() {
                    w.levels(comm, &count, &mut on_pass, &mut meter)?
                } else {
                    // One meter entry a pass.
                    let mut on = |kind, stats| {
                        meter.pass(comm);
                        on_pass(kind, stats)
                    };
                    w.fixpoint(comm, &count, &mut on)?
                };
                held = below + w.held();
                write_gathered(
                    comm,
                    part,
                    w.values.bytes(),
                    0..len,
                    &path,
                    slice_header(&id, n, len),
                )?;
                built = Some(w.values);
                Ok(())
            },
            // Rank 0 checks the whole file; the others its header (they read their pages).
            |_, p| super::verify::open_slice(p, &id, n, comm.rank() == 0),
        )?;
        let values = match built {
            Some(v) => v,
            None => ValueArray::from_bytes(&own_share(part, files[0].data(), 0..len))?,
        };
        if kept {
            held = below + values.len() as u64;
        }
        lower.push(values);
        let (exchange, memory) = meter.finish(comm, held);
        let report = SliceReport {
            stones: n,
            positions: len,
            skipped: kept,
            run,
            seconds: t.elapsed().as_secs_f64(),
            path,
            exchange,
            memory,
        };
        progress(&Progress::SliceDone(&report));
        reports.push(report);
    }
    Ok(BuildReport {
        game: id,
        slices: reports,
        threads,
        seconds: t0.elapsed().as_secs_f64(),
    })
}
