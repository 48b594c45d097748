//! The retrograde of one unit of the morris tables on one process, the same bytes as the
//! reference ([`super::retro::solve_unit`]) with less work a position:
//!
//! - positions are point sets, walked in index order ([`MorrisSlice::walk`]) rather than
//!   unranked one by one, and moved without building moves
//!   ([`Morris::for_each_main_move`], [`Morris::for_each_unmove`]);
//! - the exits read the slices below through their data, looked up once a unit;
//! - the symmetries of a mover's set are known with its class, so that a position's own
//!   symmetries (the weight of a move) take no work when the set has none;
//! - a round visits only the blocks of the unit that hold a position of the byte it
//!   takes (each block keeps the set of bytes ever written into it), not the whole unit;
//! - a position found lost takes one byte more than the longest of its exits and of the
//!   child that completed it (every other internal child has a smaller byte), so only its
//!   exits are read again.

use super::slice::{stabiliser, MorrisSlice, FEWEST};
use crate::error::{Error, Need};
use crate::wdl::Built;
use mancala_solver::morris::symmetry::{apply, symmetries_of};
use mancala_solver::morris::Morris;
use rayon::prelude::*;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU16, AtomicU32, AtomicU64, AtomicU8, Ordering::Relaxed};
use std::time::Instant;

/// Positions a worker takes at a time in the first pass.
const CHUNK: u64 = 1 << 14;
/// Positions a block of the round scans: a round skips a block without its byte.
const BLOCK: u64 = 1 << 10;

/// The byte of an exit to a side left with two counters: lost in 0 for the side to move.
const LOST_NOW: u8 = 1;

/// One slice of the unit: its index, its offset in the unit's values, the slice of its
/// exits (none when they leave two counters) with that slice's values, and the slice of
/// the unit its predecessors lie in.
struct Part<'a> {
    slice: MorrisSlice,
    offset: u64,
    exits: Option<(MorrisSlice, &'a [u8])>,
    preds: usize,
}

/// The unit's values, the weights of the internal moves not yet known to lead to wins, and
/// the bytes written into each block.
struct State {
    val: Vec<AtomicU8>,
    left: Vec<AtomicU16>,
    marks: Vec<[AtomicU64; 4]>,
    top: AtomicU32,
}

impl State {
    /// Writes byte `b` at `i`.
    #[inline]
    fn set(&self, i: u64, b: u8) {
        self.val[i as usize].store(b, Relaxed);
        let m = &self.marks[(i / BLOCK) as usize][(b / 64) as usize];
        let bit = 1u64 << (b % 64);
        if m.load(Relaxed) & bit == 0 {
            m.fetch_or(bit, Relaxed);
        }
        self.top.fetch_max(b as u32, Relaxed);
    }

    /// True when block `k` ever held byte `b`.
    #[inline]
    fn marked(&self, k: usize, b: u8) -> bool {
        self.marks[k][(b / 64) as usize].load(Relaxed) >> (b % 64) & 1 == 1
    }
}

/// A distance byte, or the error of a distance the encoding cannot hold.
fn byte(b: u32) -> Result<u8, Error> {
    u8::try_from(b).map_err(|_| {
        Error::OutOfRange("a distance beyond 254 plies does not fit the encoding".into())
    })
}

/// The symmetries in `stab` (bit `g`) that map `set` onto itself, counted.
#[inline]
fn fixing(stab: u8, set: u32) -> u32 {
    if stab == 1 {
        return 1;
    }
    (stab & symmetries_of(set)).count_ones()
}

/// True when the position with the mover's set `a` (least in its orbit, with the
/// symmetries `stab`) and the opponent's `b` is its own canonical image.
#[inline]
fn canonical(a: u32, stab: u8, b: u32) -> bool {
    let mut rest = stab & !1;
    while rest != 0 {
        let g = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        if apply(g, b) < b {
            return false;
        }
    }
    debug_assert_eq!(mancala_solver::morris::symmetry::least(a), a);
    true
}

impl Part<'_> {
    /// The byte of the exit from (`after` against `theirs`) that removes the opponent
    /// counter `t`: the side left moves with `theirs` less `t`.
    #[inline]
    fn exit(&self, theirs: u32, t: u32, after: u32) -> u8 {
        match &self.exits {
            None => LOST_NOW,
            Some((s, data)) => data[s.rank_sets(theirs & !(1 << t), after) as usize],
        }
    }

    /// The longest exit of the mover `mine` against `theirs` when every exit leads to a
    /// win (0 without exits), `None` otherwise.
    fn exits_all_won(&self, game: &Morris, mine: u32, theirs: u32) -> Option<u32> {
        let mut most = 0u32;
        let mut all = true;
        game.for_each_main_move(mine, theirs, |after, takes| {
            let mut rest = takes;
            while rest != 0 && all {
                let t = rest.trailing_zeros();
                rest &= rest - 1;
                let b = self.exit(theirs, t, after) as u32;
                if b == 0 || b % 2 == 1 {
                    all = false;
                }
                most = most.max(b);
            }
        });
        all.then_some(most)
    }
}

/// The values of the slices of one unit (in `splits` order) and the rounds it took: the
/// bytes of [`super::retro::solve_unit`].
pub(super) fn solve_unit(
    game: &Morris,
    splits: &[[u32; 2]],
    built: &Built,
    deadline: Option<Instant>,
) -> Result<(Vec<Vec<u8>>, u32), Error> {
    let late = || -> Result<(), Error> {
        if mancala_solver::stop::passed(deadline) {
            Err(Error::TimeLimit {
                stones: splits[0][0] + splits[0][1],
            })
        } else {
            Ok(())
        }
    };
    let mut parts = Vec::new();
    let mut n = 0u64;
    for &[m, o] in splits {
        let slice = MorrisSlice::new([m, o]);
        let exits = if o - 1 < FEWEST {
            None
        } else {
            let split = [o - 1, m];
            let f = built.get(&split).ok_or_else(|| Error::MissingSlice {
                path: PathBuf::new(),
                reason: format!("slice m={} o={} is missing", split[0], split[1]),
                need: Some(Need::AtLeast(crate::error::Bound::Counters(m.max(o - 1)))),
            })?;
            Some((MorrisSlice::new(split), f.data()))
        };
        let preds = splits.iter().position(|&s| s == [o, m]).unwrap_or(0);
        parts.push(Part {
            slice,
            offset: n,
            exits,
            preds,
        });
        n += slice.len();
    }
    let blocked = if game.options().blocked_draw { 0 } else { 1 };
    let st = State {
        val: (0..n).map(|_| AtomicU8::new(0)).collect(),
        left: (0..n).map(|_| AtomicU16::new(0)).collect(),
        marks: (0..n.div_ceil(BLOCK)).map(|_| Default::default()).collect(),
        top: AtomicU32::new(0),
    };
    // The first pass: what the exits decide, and the weight of the internal moves.
    let chunks: Vec<(usize, u64)> = parts
        .iter()
        .enumerate()
        .flat_map(|(k, p)| (0..p.slice.len().div_ceil(CHUNK)).map(move |c| (k, c * CHUNK)))
        .collect();
    chunks
        .par_iter()
        .try_for_each(|&(k, start)| -> Result<(), Error> {
            late()?;
            let p = &parts[k];
            let end = (start + CHUNK).min(p.slice.len());
            let mut res = Ok(());
            p.slice.walk(start, end, |i, a, b, stab_a| {
                if res.is_err() || !canonical(a, stab_a, b) {
                    return; // filled from its canonical image at the end
                }
                let stab_b = stabiliser(b);
                let (mut any, mut internal, mut drawn) = (false, 0u32, false);
                let (mut least_loss, mut most_win) = (u32::MAX, 0u32);
                game.for_each_main_move(a, b, |after, takes| {
                    any = true;
                    if takes == 0 {
                        // The child (b against after) counted by its own symmetries.
                        internal += fixing(stab_b, after);
                        return;
                    }
                    let mut rest = takes;
                    while rest != 0 {
                        let t = rest.trailing_zeros();
                        rest &= rest - 1;
                        match p.exit(b, t, after) as u32 {
                            0 => drawn = true,
                            x if x % 2 == 1 => least_loss = least_loss.min(x),
                            x => most_win = most_win.max(x),
                        }
                    }
                });
                let v = if !any {
                    blocked
                } else if least_loss != u32::MAX {
                    // Won through an exit; an internal move may still win sooner.
                    match byte(least_loss + 1) {
                        Ok(v) => v,
                        Err(e) => return res = Err(e),
                    }
                } else if internal == 0 && !drawn {
                    match byte(most_win + 1) {
                        Ok(v) => v,
                        Err(e) => return res = Err(e),
                    }
                } else {
                    0
                };
                let g = p.offset + i;
                if v != 0 {
                    st.set(g, v);
                }
                match u16::try_from(internal) {
                    Ok(w) => st.left[g as usize].store(w, Relaxed),
                    Err(_) => {
                        res = Err(Error::OutOfRange(
                            "a position with too many moves for the build".into(),
                        ))
                    }
                }
            });
            res
        })?;
    // The rounds, outwards from the positions decided.
    let blocks: Vec<u64> = (0..n.div_ceil(BLOCK)).collect();
    let mut r: u32 = 2;
    while r - 1 <= st.top.load(Relaxed) {
        let target = byte(r - 1)?;
        let lost = target % 2 == 1;
        let rb = byte(r)?;
        // The predecessors are gathered (index, counters before the move, the other
        // side's counters, their part, the weight of the move), their bytes read all at
        // once so that the reads overlap, then each one updated: the round's updates
        // commute, so the order is free.
        let apply_all = |found: &mut Vec<(u64, u32, u32, usize, u16)>| -> Result<(), Error> {
            for &(j, _, _, _, _) in found.iter() {
                std::hint::black_box(st.val[j as usize].load(Relaxed));
                if !lost {
                    std::hint::black_box(st.left[j as usize].load(Relaxed));
                }
            }
            for &(j, before, a, kq, w) in found.iter() {
                let v = st.val[j as usize].load(Relaxed) as u32;
                if lost {
                    if v == 0 || (v % 2 == 0 && v > r) {
                        st.set(j, rb);
                    }
                } else if v == 0 && st.left[j as usize].fetch_sub(w, Relaxed) == w {
                    // Every internal move is known to lead to a win: lost unless an exit
                    // saves it.
                    if let Some(most) = parts[kq].exits_all_won(game, before, a) {
                        st.set(j, byte((r - 1).max(most) + 1)?);
                    }
                }
            }
            found.clear();
            Ok(())
        };
        blocks
            .par_chunks(16)
            .try_for_each_init(Vec::new, |found, ks| -> Result<(), Error> {
                late()?;
                for &k in ks {
                    if !st.marked(k as usize, target) {
                        continue;
                    }
                    for g in k * BLOCK..((k + 1) * BLOCK).min(n) {
                        if st.val[g as usize].load(Relaxed) != target {
                            continue;
                        }
                        let kp = if parts.len() > 1 && g >= parts[1].offset {
                            1
                        } else {
                            0
                        };
                        let p = &parts[kp];
                        let [a, b] = p.slice.unrank_sets(g - p.offset);
                        let q = &parts[p.preds];
                        let stab_a = if lost { 1 } else { stabiliser(a) };
                        // Each predecessor: the opponent's counters before his move, against a.
                        game.for_each_unmove(b, a, |before| {
                            let j = q.offset + q.slice.rank_sets(before, a);
                            found.push((j, before, a, p.preds, fixing(stab_a, before) as u16));
                        });
                        if found.len() >= 1024 {
                            apply_all(found)?;
                        }
                    }
                }
                apply_all(found)
            })?;
        r += 1;
    }
    // An index whose mover's set has a symmetry of its own may hold a non-canonical image:
    // it takes its canonical image's value.
    let symmetric: Vec<(usize, u64)> = parts
        .iter()
        .enumerate()
        .flat_map(|(k, p)| {
            (0..p.slice.class_count())
                .filter(|&c| stabiliser(p.slice.class_set(c)) != 1)
                .map(move |c| (k, c))
        })
        .collect();
    symmetric.par_iter().for_each(|&(k, c)| {
        let p = &parts[k];
        let per = p.slice.per_class();
        p.slice.walk(c * per, (c + 1) * per, |i, a, b, stab_a| {
            if !canonical(a, stab_a, b) {
                let j = p.offset + p.slice.rank_sets(a, b);
                let v = st.val[j as usize].load(Relaxed);
                st.val[(p.offset + i) as usize].store(v, Relaxed);
            }
        });
    });
    let mut all: Vec<u8> = st.val.into_iter().map(AtomicU8::into_inner).collect();
    let second = all.split_off(parts[0].slice.len() as usize);
    let mut out = vec![all];
    if splits.len() == 2 {
        out.push(second);
    }
    Ok((out, r - 2))
}

#[cfg(test)]
mod tests {
    use super::super::slice::units;
    use crate::wdl::open_slice;
    use mancala_solver::morris::{Kind, Morris, Options};

    /// Builds `game`'s tables unit by unit to `counters` (`units` of them) with the fast
    /// retrograde and checks every unit against the reference's bytes and rounds.
    fn agrees(game: &Morris, counters: u32, units_checked: usize) {
        let dir = tempfile::tempdir().unwrap();
        let mut built = crate::wdl::Built::new();
        for unit in units(counters).into_iter().take(units_checked) {
            let (fast, rounds) = super::solve_unit(game, &unit, &built, None).unwrap();
            let (slow, slow_rounds) =
                super::super::retro::solve_unit(game, &unit, &built, None).unwrap();
            assert_eq!(rounds, slow_rounds, "{unit:?}");
            for ((s, f), r) in unit.iter().zip(&fast).zip(&slow) {
                assert!(f == r, "{:?} {s:?}: the fast bytes differ", game.options());
                assert!(f.iter().any(|&b| b != 0), "{s:?}: something decided");
                // Written as the builder writes it, for the units above.
                let id = crate::wdl::WdlGame::game_id(game);
                let path = dir
                    .path()
                    .join(<Morris as crate::wdl::WdlGame>::file_name(&id, *s));
                let header = crate::format::wdl_header(id, *s, super::super::INDEX, f.len() as u64);
                crate::format::write_file(&path, header, |at, buf| {
                    buf.copy_from_slice(&f[at as usize..at as usize + buf.len()])
                })
                .unwrap();
                built.insert(*s, open_slice(game, &path, *s).unwrap());
            }
        }
    }

    #[test]
    fn the_fast_retrograde_writes_the_reference_bytes() {
        let nine = Morris::new(4, Options::defaults(Kind::NineMensMorris)).unwrap();
        agrees(&nine, 4, 2);
        let lozi = Morris::new(3, Options::default()).unwrap();
        agrees(&lozi, 3, 1);
        let rules = [
            "blocked=draw".to_string(),
            "protect=on".to_string(),
            "corners=step".to_string(),
        ];
        let other = Morris::new(3, Options::parse(&rules).unwrap()).unwrap();
        agrees(&other, 3, 1);
    }
}
