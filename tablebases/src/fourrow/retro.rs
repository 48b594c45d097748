//! The distance retrograde of one unit of the four-row tables (the parent module describes
//! it): every child of every position computed once, then rounds of a Jacobi iteration.

use super::slice::{split_of, FourSlice};
use crate::driver::{pack, unpack, Comm, Share};
use crate::error::Error;
use crate::wdl::{stored, Built};
use mancala_solver::fourrow::FourRow;
use mancala_solver::Game;
use rayon::prelude::*;

/// An edge to an exit: the child's value byte, flagged by this bit.
const EXIT: u32 = 1 << 31;

/// Positions per block of a unit's index range: block `b` is evaluated by rank
/// `b % ranks` ([`Share`]).
const BLOCK: u64 = 1 << 10;

/// The children of every position of a unit: an internal child's unit index, or
/// [`EXIT`]` | byte` for an exit.
fn edges(
    game: &FourRow,
    unit: &[[u32; 2]],
    built: &Built,
    share: Share,
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
    (0..total)
        .into_par_iter()
        .map_init(Vec::new, |moves, g| {
            if !share.owns_block(g / BLOCK) {
                // Another rank's: never evaluated here.
                return Ok(Vec::new());
            }
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

/// The values of the slices of one unit (in `unit` order) and the rounds it took after
/// round 0, on `pool`, by the ranks of `comm` together. Each round reads only the values of
/// the round before (a Jacobi iteration), so splitting it between ranks changes nothing: each
/// rank computes its blocks, then takes in the values the others changed.
pub(super) fn solve_unit(
    game: &FourRow,
    unit: &[[u32; 2]],
    built: &Built,
    pool: &rayon::ThreadPool,
    comm: &dyn Comm,
) -> Result<(Vec<Vec<u8>>, u32), Error> {
    let share = Share::of(comm);
    let e = pool.install(|| edges(game, unit, built, share))?;
    let n = e.len();
    let max_exit = comm.max(
        e.iter()
            .flatten()
            .filter(|&&c| c & EXIT != 0)
            .map(|&c| c & 0xff)
            .max()
            .unwrap_or(0) as u64,
    ) as u32;
    let owned = |i: usize| share.owns_block(i as u64 / BLOCK);
    // Round 0: no move, lost in 0 plies (byte 1).
    let mut val: Vec<u8> = pool.install(|| {
        e.par_iter()
            .enumerate()
            .map(|(i, k)| if k.is_empty() && owned(i) { 1 } else { 0 })
            .collect()
    });
    let take_in = |val: &mut Vec<u8>, mine: Vec<u64>| {
        for c in comm.exchange(&mine) {
            let (i, b) = unpack(c);
            val[i as usize] = b;
        }
    };
    if share.ranks > 1 {
        let mine = changed(pool, &val, None);
        take_in(&mut val, mine);
    }
    let mut d: u32 = 1;
    loop {
        let known = |c: u32| -> u32 {
            let b = if c & EXIT != 0 {
                c & 0xff
            } else {
                val[c as usize] as u32
            };
            // Known at round d: decided with distance below d.
            if b != 0 && b <= d {
                b
            } else {
                0
            }
        };
        let mut next: Vec<u8> = pool.install(|| {
            (0..n)
                .into_par_iter()
                .map(|i| {
                    if val[i] != 0 || !owned(i) {
                        return val[i];
                    }
                    let kids = &e[i];
                    let decided = if d % 2 == 1 {
                        // Won in d: a child lost in d - 1 (byte d, distance d - 1 even).
                        kids.iter().any(|&c| known(c) == d)
                    } else {
                        // Lost in d: every child a known win (odd distance below d).
                        kids.iter().all(|&c| {
                            let b = known(c);
                            b != 0 && (b - 1) % 2 == 1
                        })
                    };
                    if decided {
                        (d + 1).min(255) as u8
                    } else {
                        0
                    }
                })
                .collect()
        });
        let mine = changed(pool, &next, Some(&val));
        let changed = comm.sum(mine.len() as u64);
        if share.ranks > 1 {
            take_in(&mut next, mine);
        }
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
    let l0 = FourSlice::new(game, unit[0]).len() as usize;
    let second = val.split_off(l0);
    let mut out = vec![val];
    if unit.len() == 2 {
        out.push(second);
    }
    Ok((out, d))
}

/// The [`pack`]ed entries of `now` that differ from `before` (from 0 without it).
fn changed(pool: &rayon::ThreadPool, now: &[u8], before: Option<&[u8]>) -> Vec<u64> {
    pool.install(|| {
        now.par_iter()
            .enumerate()
            .filter(|&(i, &b)| b != before.map_or(0, |v| v[i]))
            .map(|(i, &b)| pack(i as u64, b))
            .collect()
    })
}
