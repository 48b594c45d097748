//! The distance retrograde of one unit of the four-row tables (the parent module describes
//! it): every child of every position computed once, then rounds of a Jacobi iteration.

use super::slice::{split_of, FourSlice};
use crate::driver::{all_to_all_words, Comm, Part, ROUND};
use crate::error::Error;
use crate::wdl::{stored, Built, UnitValues};
use mancala_solver::fourrow::FourRow;
use mancala_solver::Game;
use rayon::prelude::*;

/// An edge to an exit, or to a child whose value is learned: the child's value byte, flagged
/// by this bit.
const EXIT: u32 = 1 << 31;

/// The children of every position of a unit that this rank owns (by local index): an
/// internal child's unit index, or [`EXIT`]` | byte` for an exit.
fn edges(
    game: &FourRow,
    unit: &[[u32; 2]],
    built: &Built,
    part: Part,
) -> Result<Vec<Vec<u32>>, Error> {
    let slices: Vec<FourSlice> = unit.iter().map(|&s| FourSlice::new(game, s)).collect();
    let offsets: Vec<u64> = slices
        .iter()
        .scan(0u64, |a, s| {
            let o = *a;
            *a += s.len();
            Some(o)
        })
        .collect();
    let total: u64 = slices.iter().map(|s| s.len()).sum();
    if total >= EXIT as u64 {
        return Err(Error::OutOfRange(format!(
            "slices m={} o={}: {total} positions, too many for one build",
            unit[0][0], unit[0][1]
        )));
    }
    (0..part.owned_len(total))
        .into_par_iter()
        .map_init(Vec::new, |moves, l| {
            let g = part.global(l);
            let k = offsets.iter().rposition(|&o| o <= g).expect("offset 0");
            let pos = slices[k].unrank(game, g - offsets[k]);
            game.gen_moves(&pos, moves);
            let mut out = Vec::with_capacity(moves.len());
            for &mv in moves.iter() {
                let c = game.play(&pos, mv);
                if c.side == pos.side {
                    return Err(Error::Unsound {
                        path: None,
                        reason: "a move in play kept the turn".into(),
                    });
                }
                let s = split_of(game, &c);
                match unit.iter().position(|&u| u == s) {
                    Some(j) => out.push((offsets[j] + slices[j].rank(game, &c)) as u32),
                    None => out.push(EXIT | stored(game, built, &c)? as u32),
                }
            }
            out.sort_unstable();
            out.dedup();
            Ok(out)
        })
        .collect()
}

/// Positions a worker takes at a time within a batch of a round.
const TASK: usize = 1 << 10;

/// Round `d` for the positions `range` (local indices) of this rank: asks the owners for the
/// children of the undecided ones (the values of round `d - 1`, `val`), keeps the children
/// decided by now in `e`, and writes the positions decided in round `d` into `next`. Returns
/// how many it decided. Collective: every rank calls it, with an empty range if it has none
/// left.
#[allow(clippy::too_many_arguments)]
fn round_batch(
    comm: &dyn Comm,
    part: Part,
    e: &mut [Vec<u32>],
    val: &[u8],
    next: &mut [u8],
    range: std::ops::Range<usize>,
    d: u32,
    pool: &rayon::ThreadPool,
) -> u64 {
    let p = part.ranks;
    // The requests of each task, by owner, in the order the task reads them back (none on
    // one process).
    let reqs: Vec<Vec<Vec<u64>>> = if p == 1 {
        Vec::new()
    } else {
        pool.install(|| {
            e[range.clone()]
                .par_chunks(TASK)
                .zip(val[range.clone()].par_chunks(TASK))
                .map(|(es, vs)| {
                    let mut out = vec![Vec::new(); p];
                    for (kids, &v) in es.iter().zip(vs) {
                        if v == 0 {
                            for &c in kids {
                                if c & EXIT == 0 && !part.owns(c as u64) {
                                    out[part.owner(c as u64)].push(c as u64);
                                }
                            }
                        }
                    }
                    out
                })
                .collect()
        })
    };
    let mut offsets: Vec<Vec<usize>> = Vec::with_capacity(reqs.len());
    let mut out: Vec<Vec<u64>> = vec![Vec::new(); p];
    for r in reqs {
        offsets.push(out.iter().map(|v| v.len()).collect());
        for (o, q) in out.iter_mut().zip(r) {
            o.extend(q);
        }
    }
    let asked = all_to_all_words(comm, out);
    let answers: Vec<Vec<u8>> = pool.install(|| {
        asked
            .par_iter()
            .map(|q| q.iter().map(|&c| val[part.local(c) as usize]).collect())
            .collect()
    });
    let got = comm.all_to_all(answers);
    let known = |c: u32| -> u32 {
        let b = if c & EXIT != 0 { c & 0xff } else { 0 };
        // Known at round d: decided with distance below d.
        if b != 0 && b <= d {
            b
        } else {
            0
        }
    };
    let decided: u64 = pool.install(|| {
        e[range.clone()]
            .par_chunks_mut(TASK)
            .zip(val[range.clone()].par_chunks(TASK))
            .zip(next[range].par_chunks_mut(TASK))
            .enumerate()
            .map(|(t, ((es, vs), ns))| {
                let mut taken = offsets.get(t).cloned().unwrap_or_default();
                let mut count = 0;
                for ((kids, &v), nx) in es.iter_mut().zip(vs).zip(ns.iter_mut()) {
                    if v != 0 {
                        continue;
                    }
                    // Won in d (d odd): a child lost in d - 1 (byte d, distance d - 1 even).
                    // Lost in d (d even): every child a known win (odd distance below d).
                    let mut won = false;
                    let mut all_won = true;
                    for c in kids.iter_mut() {
                        if *c & EXIT == 0 {
                            // Learn the child's byte if it is decided by now.
                            let b = if part.owns(*c as u64) {
                                val[part.local(*c as u64) as usize]
                            } else {
                                let o = part.owner(*c as u64);
                                taken[o] += 1;
                                got[o][taken[o] - 1]
                            };
                            if b != 0 {
                                *c = EXIT | b as u32;
                            }
                        }
                        let b = known(*c);
                        won |= b == d;
                        all_won &= b != 0 && (b - 1) % 2 == 1;
                    }
                    let win = if d % 2 == 1 { won } else { all_won };
                    if win {
                        *nx = (d + 1).min(255) as u8;
                        count += 1;
                    }
                }
                count
            })
            .sum()
    });
    decided
}

/// The values of the slices of one unit (this rank's share of their index range, the slices
/// one after the other) and the rounds it took after round 0, on `pool`, by the ranks of
/// `comm` together. Each round reads only the values of the round before (a Jacobi
/// iteration), so splitting it between ranks changes nothing. A rank holds the values and
/// edges of its own positions; in each round it asks the owners for the values of the
/// children of its undecided positions, in batches of [`ROUND`] positions, and keeps a
/// child's value once it is decided (it never changes again), so each is fetched until it is
/// known.
pub(super) fn solve_unit(
    game: &FourRow,
    unit: &[[u32; 2]],
    built: &Built,
    pool: &rayon::ThreadPool,
    comm: &dyn Comm,
) -> Result<UnitValues, Error> {
    let part = Part::of(comm);
    let mut e = pool.install(|| edges(game, unit, built, part))?;
    let n = e.len();
    let max_exit = comm.max(
        e.iter()
            .flatten()
            .filter(|&&c| c & EXIT != 0)
            .map(|&c| c & 0xff)
            .max()
            .unwrap_or(0) as u64,
    ) as u32;
    // One process asks nothing of anyone: its rounds need no batches.
    let batch = if part.ranks == 1 { n.max(1) } else { ROUND };
    // Round 0: no move, lost in 0 plies (byte 1).
    let mut val: Vec<u8> = e.iter().map(|k| k.is_empty() as u8).collect();
    let mut d: u32 = 1;
    loop {
        let mut next = val.clone();
        let mut changed = 0u64;
        let mut at = 0;
        loop {
            let range = at..(at + batch).min(n);
            at = range.end;
            changed += round_batch(comm, part, &mut e, &val, &mut next, range, d, pool);
            if comm.sum((at < n) as u64) == 0 {
                break;
            }
        }
        let changed = comm.sum(changed);
        if changed > 0 && d + 1 > 255 {
            return Err(Error::OutOfRange(format!(
                "slices m={} o={}: a distance beyond 254 plies does not fit the encoding",
                unit[0][0], unit[0][1]
            )));
        }
        val = next;
        if changed == 0 && max_exit <= d {
            break;
        }
        d += 1;
    }
    let held = (val.len() + e.iter().map(|k| 24 + 4 * k.capacity()).sum::<usize>()) as u64;
    Ok(UnitValues {
        part,
        values: val,
        rounds: d,
        held,
    })
}
