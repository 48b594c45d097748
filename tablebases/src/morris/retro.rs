//! The retrograde of one unit of the morris tables (the parent module describes it): the
//! exits read first, then rounds outwards from the positions decided, by un-moving. The
//! single-process [`solve_unit`] here is the readable reference, by positions and moves,
//! that the builder's fast one ([`super::fast`]) is tested against; [`solve_unit_on`] is
//! the partitioned build.

use super::slice::{split_of, MorrisSlice};
use crate::driver::{all_to_all_words, pack, unpack, Comm, Part, ROUND};
use crate::error::Error;
use crate::wdl::{stored, Built, UnitValues};
use mancala_solver::morris::{Morris, MorrisMove, MorrisPos, NONE};
use mancala_solver::Game;
use rayon::prelude::*;
use std::sync::atomic::{AtomicU16, AtomicU32, AtomicU8, Ordering::Relaxed};
#[cfg(test)]
use std::time::Instant;

/// Positions a worker takes at a time in a pass.
#[cfg(test)]
const CHUNK: u64 = 1 << 14;

/// The positions of one unit: its slices with their offsets in the unit's value array.
struct Unit {
    slices: Vec<MorrisSlice>,
    offsets: Vec<u64>,
    len: u64,
}

impl Unit {
    fn new(splits: &[[u32; 2]]) -> Unit {
        let slices: Vec<MorrisSlice> = splits.iter().map(|&s| MorrisSlice::new(s)).collect();
        let mut offsets = Vec::new();
        let mut len = 0;
        for s in &slices {
            offsets.push(len);
            len += s.len();
        }
        Unit {
            slices,
            offsets,
            len,
        }
    }

    fn unrank(&self, g: u64) -> MorrisPos {
        let k = if self.slices.len() > 1 && g >= self.offsets[1] {
            1
        } else {
            0
        };
        self.slices[k].unrank(g - self.offsets[k])
    }

    /// The unit index of a position of the unit.
    fn rank(&self, pos: &MorrisPos) -> usize {
        let split = split_of(pos);
        let k = if self.slices[0].split == split { 0 } else { 1 };
        (self.offsets[k] + self.slices[k].rank(pos)) as usize
    }
}

/// [`First::exits`] when some exit does not lead to a win.
const NOT_ALL_WINS: u8 = u8::MAX;

/// What the exits of a position say before any internal move is known.
struct First {
    /// The byte they decide (0: not decided).
    byte: u8,
    /// The weight of its internal moves (each counted by the symmetries of the position it
    /// leads to).
    internal: u32,
    /// The largest byte of its exits when every exit leads to a win (0 without exits), else
    /// [`NOT_ALL_WINS`]: what a loss found later adds to its internal moves' bytes.
    exits: u8,
}

/// What the exits of a position say before any internal move is known, and the weight of
/// its internal moves (each counted by the symmetries of the position it leads to).
#[cfg(test)]
fn first_value(
    game: &Morris,
    built: &Built,
    pos: &MorrisPos,
    moves: &mut Vec<MorrisMove>,
) -> Result<(u8, u32), Error> {
    first(game, built, pos, moves).map(|f| (f.byte, f.internal))
}

/// [`first_value`] with the summary of the exits.
fn first(
    game: &Morris,
    built: &Built,
    pos: &MorrisPos,
    moves: &mut Vec<MorrisMove>,
) -> Result<First, Error> {
    game.gen_moves(pos, moves);
    if moves.is_empty() {
        // Blocked: lost in 0, or a draw under `blocked=draw` (never decided).
        return Ok(First {
            byte: if game.options().blocked_draw { 0 } else { 1 },
            internal: 0,
            exits: NOT_ALL_WINS,
        });
    }
    let mut internal = 0;
    let mut least_loss = u32::MAX;
    let mut most_win = 0u32;
    let mut drawn = false;
    for &m in moves.iter() {
        if m.take == NONE {
            internal += stabiliser(&game.play(pos, m));
            continue;
        }
        let b = stored(game, built, &game.play(pos, m))? as u32;
        match b {
            0 => drawn = true,
            b if b % 2 == 1 => least_loss = least_loss.min(b),
            b => most_win = most_win.max(b),
        }
    }
    let b = if least_loss != u32::MAX {
        // Won through an exit; an internal move may still win sooner.
        byte(least_loss + 1)?
    } else if internal == 0 && !drawn {
        byte(most_win + 1)?
    } else {
        0
    };
    let exits = if least_loss == u32::MAX && !drawn {
        byte(most_win)?
    } else {
        NOT_ALL_WINS
    };
    Ok(First {
        byte: b,
        internal,
        exits,
    })
}

/// The symmetries that map `pos`'s pair of sets onto itself (the identity included).
fn stabiliser(pos: &MorrisPos) -> u32 {
    use mancala_solver::morris::symmetry::{apply, COUNT};
    let [a, b] = [pos.men[pos.side.index()], pos.men[1 - pos.side.index()]];
    (0..COUNT)
        .filter(|&g| apply(g, a) == a && apply(g, b) == b)
        .count() as u32
}

/// True when `pos` (South to move) is its own canonical image.
fn is_canonical(pos: &MorrisPos) -> bool {
    let (a, b, _) = mancala_solver::morris::symmetry::canonical(pos.men[0], pos.men[1]);
    (a, b) == (pos.men[0], pos.men[1])
}

/// Whether a predecessor of byte `v` of a position lost with byte `r - 1` takes the win
/// with byte `r`: it is undecided, or won only later (through an exit), not sooner.
#[inline]
fn takes_win(v: u32, r: u32) -> bool {
    v == 0 || (v % 2 == 0 && v > r)
}

/// A distance byte, or the error of a distance the encoding cannot hold.
fn byte(b: u32) -> Result<u8, Error> {
    u8::try_from(b).map_err(|_| {
        Error::OutOfRange("a distance beyond 254 plies does not fit the encoding".into())
    })
}

/// The loss byte of `pos` at round `r` when every internal move leads to a win known before
/// `r` and every exit to a win: one more than its longest child; `None` otherwise.
#[cfg(test)]
fn loss_byte(
    game: &Morris,
    unit: &Unit,
    built: &Built,
    val: &[AtomicU8],
    pos: &MorrisPos,
    r: u32,
    moves: &mut Vec<MorrisMove>,
) -> Result<Option<u32>, Error> {
    game.gen_moves(pos, moves);
    let mut most = 0;
    for &m in moves.iter() {
        let c = game.play(pos, m);
        let b = if m.take == NONE {
            let b = val[unit.rank(&c)].load(Relaxed) as u32;
            if b >= r {
                return Ok(None);
            }
            b
        } else {
            stored(game, built, &c)? as u32
        };
        if b == 0 || b % 2 == 1 {
            return Ok(None);
        }
        most = most.max(b);
    }
    Ok(Some(most + 1))
}

/// The values of the slices of one unit (in `unit` order) and the rounds it took.
#[cfg(test)]
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
    let unit = Unit::new(splits);
    let n = unit.len;
    let chunks = n.div_ceil(CHUNK);
    let val: Vec<AtomicU8> = (0..n).map(|_| AtomicU8::new(0)).collect();
    // The weight of the internal moves not yet known to lead to wins (module docs).
    let left: Vec<AtomicU16> = (0..n).map(|_| AtomicU16::new(0)).collect();
    let top = AtomicU32::new(0);
    (0..chunks)
        .into_par_iter()
        .try_for_each_init(Vec::new, |moves, c| -> Result<(), Error> {
            late()?;
            for i in c * CHUNK..((c + 1) * CHUNK).min(n) {
                let pos = unit.unrank(i);
                if !is_canonical(&pos) {
                    continue; // filled from its canonical image at the end
                }
                let (b, w) = first_value(game, built, &pos, moves)?;
                val[i as usize].store(b, Relaxed);
                let w = u16::try_from(w).map_err(|_| {
                    Error::OutOfRange("a position with too many moves for the build".into())
                })?;
                left[i as usize].store(w, Relaxed);
                top.fetch_max(b as u32, Relaxed);
            }
            Ok(())
        })?;
    let mut r: u32 = 2;
    while r - 1 <= top.load(Relaxed) {
        let target = (r - 1) as u8;
        let lost = target % 2 == 1;
        (0..chunks).into_par_iter().try_for_each_init(
            || (Vec::new(), Vec::new()),
            |(preds, moves), c| -> Result<(), Error> {
                late()?;
                for i in c * CHUNK..((c + 1) * CHUNK).min(n) {
                    if val[i as usize].load(Relaxed) != target {
                        continue;
                    }
                    game.unmoves(&unit.unrank(i), preds);
                    for p in preds.iter() {
                        let j = unit.rank(p);
                        let v = val[j].load(Relaxed) as u32;
                        if lost {
                            if takes_win(v, r) {
                                val[j].store(byte(r)?, Relaxed);
                                top.fetch_max(r, Relaxed);
                            }
                        } else if v == 0 {
                            // The move to this win's orbit is known: once every internal
                            // move is, the position is lost unless an exit saves it.
                            let w = stabiliser(p) as u16;
                            if left[j].fetch_sub(w, Relaxed) == w {
                                if let Some(l) = loss_byte(game, &unit, built, &val, p, r, moves)? {
                                    val[j].store(byte(l)?, Relaxed);
                                    top.fetch_max(l, Relaxed);
                                }
                            }
                        }
                    }
                }
                Ok(())
            },
        )?;
        r += 1;
    }
    // An index whose mover's set has a symmetry of its own may hold a non-canonical image:
    // it takes its canonical image's value.
    (0..chunks).into_par_iter().for_each(|c| {
        for i in c * CHUNK..((c + 1) * CHUNK).min(n) {
            let pos = unit.unrank(i);
            if !is_canonical(&pos) {
                let v = val[unit.rank(&pos)].load(Relaxed);
                val[i as usize].store(v, Relaxed);
            }
        }
    });
    let mut all: Vec<u8> = val.into_iter().map(AtomicU8::into_inner).collect();
    let second = all.split_off(unit.slices[0].len() as usize);
    let mut out = vec![all];
    if splits.len() == 2 {
        out.push(second);
    }
    Ok((out, r - 2))
}

/// [`solve_unit`] on the ranks of `comm`, each holding its share ([`Part`]) of the unit:
/// the same rounds, with the predecessors' updates sent to their owners (a notification of
/// 8 bytes: the predecessor's index and the weight of the move). A round's updates commute
/// (every notification of round `r` comes from a position of byte `r - 1`, and each sets
/// bytes of `r` or more, from the byte `r - 1` and the exits only), so their order, and the
/// ranks, change nothing. A loss found when the last internal move is known takes one byte
/// more than its longest child: the child that completed it has the byte `r - 1`, every
/// other internal child a byte below, so the longest is `r - 1` or the longest exit, which
/// [`First::exits`] kept. The non-canonical images at the end ask the owner of their
/// canonical image for its byte.
pub(super) fn solve_unit_on(
    game: &Morris,
    splits: &[[u32; 2]],
    built: &Built,
    pool: &rayon::ThreadPool,
    comm: &dyn Comm,
) -> Result<UnitValues, Error> {
    let unit = Unit::new(splits);
    let part = Part::of(comm);
    let p = part.ranks;
    let m = part.owned_len(unit.len) as usize;
    let firsts: Vec<(u8, u16, u8)> = pool.install(|| {
        (0..m)
            .into_par_iter()
            .map_init(Vec::new, |moves, l| {
                let pos = unit.unrank(part.global(l as u64));
                if !is_canonical(&pos) {
                    return Ok((0, 0, NOT_ALL_WINS));
                }
                let f = first(game, built, &pos, moves)?;
                let w = u16::try_from(f.internal).map_err(|_| {
                    Error::OutOfRange("a position with too many moves for the build".into())
                })?;
                Ok((f.byte, w, f.exits))
            })
            .collect::<Result<_, Error>>()
    })?;
    let val: Vec<AtomicU8> = firsts.iter().map(|f| AtomicU8::new(f.0)).collect();
    let left: Vec<AtomicU16> = firsts.iter().map(|f| AtomicU16::new(f.1)).collect();
    let exits: Vec<u8> = firsts.iter().map(|f| f.2).collect();
    let mut top = comm.max(firsts.iter().map(|f| f.0).max().unwrap_or(0) as u64) as u32;
    drop(firsts);
    let mut r: u32 = 2;
    while r - 1 <= top {
        let target = (r - 1) as u8;
        let lost = target % 2 == 1;
        let most = AtomicU32::new(0);
        let mut at = 0;
        loop {
            let range = at..(at + ROUND).min(m);
            at = range.end;
            let out: Vec<Vec<u64>> = pool.install(|| {
                range
                    .into_par_iter()
                    .filter(|&l| val[l].load(Relaxed) == target)
                    .fold(
                        || vec![Vec::new(); p],
                        |mut out, l| {
                            let mut preds = Vec::new();
                            game.unmoves(&unit.unrank(part.global(l as u64)), &mut preds);
                            for q in &preds {
                                let j = unit.rank(q) as u64;
                                out[part.owner(j)].push(pack(j, stabiliser(q) as u8));
                            }
                            out
                        },
                    )
                    .reduce(
                        || vec![Vec::new(); p],
                        |mut a, b| {
                            for (x, y) in a.iter_mut().zip(b) {
                                x.extend(y);
                            }
                            a
                        },
                    )
            });
            // The updates of a round commute: applied by every thread, in any order.
            let got = all_to_all_words(comm, out);
            pool.install(|| {
                got.par_iter()
                    .flatten()
                    .try_for_each(|&w| -> Result<(), Error> {
                        let (j, w) = unpack(w);
                        let l = part.local(j) as usize;
                        let v = val[l].load(Relaxed) as u32;
                        if lost {
                            if takes_win(v, r) {
                                val[l].store(byte(r)?, Relaxed);
                                most.fetch_max(r, Relaxed);
                            }
                        } else if v == 0 {
                            // The last internal move known: lost, one byte past its longest child.
                            let w = w as u16;
                            if left[l].fetch_sub(w, Relaxed) == w && exits[l] != NOT_ALL_WINS {
                                let b = (r - 1).max(exits[l] as u32) + 1;
                                val[l].store(byte(b)?, Relaxed);
                                most.fetch_max(b, Relaxed);
                            }
                        }
                        Ok(())
                    })
            })?;
            if comm.sum((at < m) as u64) == 0 {
                break;
            }
        }
        top = top.max(comm.max(most.into_inner() as u64) as u32);
        r += 1;
    }
    let held = (val.len() + 2 * left.len() + exits.len()) as u64;
    let mut val: Vec<u8> = val.into_iter().map(AtomicU8::into_inner).collect();
    // The non-canonical images take their canonical image's byte, from its owner.
    let mut at = 0;
    loop {
        let range = at..(at + ROUND).min(m);
        at = range.end;
        let mut out: Vec<Vec<u64>> = vec![Vec::new(); p];
        let mut asked = Vec::new();
        for l in range {
            let pos = unit.unrank(part.global(l as u64));
            if !is_canonical(&pos) {
                let j = unit.rank(&pos) as u64;
                asked.push((l, part.owner(j)));
                out[part.owner(j)].push(j);
            }
        }
        let questions = all_to_all_words(comm, out);
        let answers = questions
            .iter()
            .map(|q| q.iter().map(|&j| val[part.local(j) as usize]).collect())
            .collect();
        let got = comm.all_to_all(answers);
        let mut taken = vec![0usize; p];
        for (l, o) in asked {
            val[l] = got[o][taken[o]];
            taken[o] += 1;
        }
        if comm.sum((at < m) as u64) == 0 {
            break;
        }
    }
    Ok(UnitValues {
        part,
        values: val,
        rounds: r - 2,
        held,
    })
}
