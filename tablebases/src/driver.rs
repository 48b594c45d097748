//! The slice driver the three builders stand on (two-row [`crate::tworow::build`](mod@crate::tworow::build),
//! four-row and morris [`crate::wdl::build()`]): the worker pool, the folder, and one
//! *unit* of a build (the slices built together, one file each). A unit whose files are all
//! there is kept: a file only ever appears complete ([`crate::format::write_file`] writes it
//! under a temporary name, syncs it and renames it), so a build killed at any point resumes
//! from its finished slices.
//! Every file of a unit, kept or just written, is then opened with its header, name and
//! checksum checked before the slices above read it.
//!
//! A build may run on several processes ([`Comm`]: the ranks of an MPI job, `crate::mpi`
//! with the `mpi` feature): each rank evaluates its [`Share`] of every pass and every rank
//! receives the values the others changed, so every rank holds the whole slice when it ends;
//! rank 0 alone writes the files. A single process is the same code with [`Single`].

use crate::error::Error;
use std::path::{Path, PathBuf};

/// The bytes one exchange moved, per rank (index = rank).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PassBytes {
    /// Bytes each rank sent (its changes, once to each other rank).
    pub sent: Vec<u64>,
    /// Bytes each rank received (the changes of every other rank).
    pub received: Vec<u64>,
}

/// What the ranks of a build do together between passes. Every call is collective: every
/// rank makes the same calls in the same order (the passes of a slice are decided by
/// [`Comm::sum`], so they are the same on every rank).
pub trait Comm {
    /// This process's rank, `0..ranks()`.
    fn rank(&self) -> usize;
    /// The number of ranks.
    fn ranks(&self) -> usize;
    /// The sum of `x` over the ranks.
    fn sum(&self, x: u64) -> u64;
    /// The maximum of `x` over the ranks.
    fn max(&self, x: u64) -> u64;
    /// Rank 0's `x`, on every rank (a decision the ranks must not disagree on).
    fn agree(&self, x: bool) -> bool;
    /// Waits for every rank.
    fn barrier(&self);
    /// The changes of every *other* rank (entries packed by [`pack`]), in rank order; the
    /// bytes moved are logged for [`Comm::take_log`].
    fn exchange(&self, mine: &[u64]) -> Vec<u64>;
    /// The bytes of every exchange since the last call, in order.
    fn take_log(&self) -> Vec<PassBytes>;
}

/// One process: every call is the identity, nothing is exchanged or logged.
pub struct Single;

impl Comm for Single {
    fn rank(&self) -> usize {
        0
    }
    fn ranks(&self) -> usize {
        1
    }
    fn sum(&self, x: u64) -> u64 {
        x
    }
    fn max(&self, x: u64) -> u64 {
        x
    }
    fn agree(&self, x: bool) -> bool {
        x
    }
    fn barrier(&self) {}
    fn exchange(&self, _mine: &[u64]) -> Vec<u64> {
        Vec::new()
    }
    fn take_log(&self) -> Vec<PassBytes> {
        Vec::new()
    }
}

/// A position's index and its new value byte in one word (indices stay below `2^56`).
#[inline]
pub(crate) fn pack(index: u64, value: u8) -> u64 {
    index << 8 | value as u64
}

/// The index and value byte of a [`pack`]ed change.
#[inline]
pub(crate) fn unpack(e: u64) -> (u64, u8) {
    (e >> 8, e as u8)
}

/// Which index ranges of a slice a rank evaluates: block `b` (of `block` indices) belongs
/// to rank `b % ranks`, so every rank takes a share of every part of the slice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Share {
    /// This rank.
    pub rank: usize,
    /// All ranks.
    pub ranks: usize,
}

impl Share {
    /// The whole slice: one process.
    pub(crate) const ALL: Share = Share { rank: 0, ranks: 1 };

    /// The share of `comm`'s rank.
    pub(crate) fn of(comm: &dyn Comm) -> Share {
        Share {
            rank: comm.rank(),
            ranks: comm.ranks(),
        }
    }

    /// Whether block `b` is this rank's.
    #[inline]
    pub(crate) fn owns_block(self, b: u64) -> bool {
        self.ranks == 1 || (b % self.ranks as u64) as usize == self.rank
    }
}

/// A log of exchanges, for the [`Comm`] implementations that move bytes.
#[cfg(feature = "mpi")]
#[derive(Default)]
pub(crate) struct Log(std::cell::RefCell<Vec<PassBytes>>);

#[cfg(feature = "mpi")]
impl Log {
    /// Records one exchange in which rank `r` contributed `counts[r]` entries of `entry`
    /// bytes, each sent once to every other rank.
    pub(crate) fn record(&self, counts: &[u64], entry: u64) {
        let total: u64 = counts.iter().sum();
        let others = counts.len() as u64 - 1;
        self.0.borrow_mut().push(PassBytes {
            sent: counts.iter().map(|c| c * entry * others).collect(),
            received: counts.iter().map(|c| (total - c) * entry).collect(),
        });
    }

    /// The records so far, emptied.
    pub(crate) fn take(&self) -> Vec<PassBytes> {
        std::mem::take(&mut self.0.borrow_mut())
    }
}

/// A rayon pool of `threads` workers for building; 0 is refused.
pub(crate) fn thread_pool(threads: usize) -> Result<rayon::ThreadPool, Error> {
    if threads == 0 {
        return Err(Error::Resources(
            "invalid thread count 0: expected at least 1".into(),
        ));
    }
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| Error::Resources(format!("cannot start {threads} threads: {e}")))
}

/// Creates the folder of the tables (and its parents) if it is not there.
pub(crate) fn create_folder(dir: &Path) -> Result<(), Error> {
    std::fs::create_dir_all(dir).map_err(|e| Error::io(dir, "creating the folder", e))
}

/// True when the file is there (a finished slice: files appear complete or not at all).
pub(crate) fn present(path: &Path) -> Result<bool, Error> {
    path.try_exists()
        .map_err(|e| Error::io(path, "looking for", e))
}

/// One unit of a build: kept when every one of `paths` is there, else built by `make` (which
/// writes them all); then each file opened by `open` (given its place in `paths`), which
/// checks it whole. Returns whether the unit was kept, and the opened files. On the ranks of
/// `comm`, rank 0 decides whether the unit is kept (so that every rank takes the same path),
/// every rank runs `make` (which writes the files on rank 0 only), and every rank opens the
/// files once rank 0 has written them.
pub(crate) fn unit<T>(
    comm: &dyn Comm,
    paths: &[PathBuf],
    make: impl FnOnce() -> Result<(), Error>,
    open: impl Fn(usize, &Path) -> Result<T, Error>,
) -> Result<(bool, Vec<T>), Error> {
    let mut kept = true;
    if comm.rank() == 0 {
        for p in paths {
            kept &= present(p)?;
        }
    }
    let kept = comm.agree(kept);
    if !kept {
        make()?;
        comm.barrier();
    }
    let files = paths
        .iter()
        .enumerate()
        .map(|(i, p)| open(i, p))
        .collect::<Result<Vec<T>, Error>>()?;
    Ok((kept, files))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_unit_is_kept_only_when_all_its_files_are_there() {
        let d = tempfile::tempdir().unwrap();
        let paths = [d.path().join("a"), d.path().join("b")];
        std::fs::write(&paths[0], b"x").unwrap();
        // One file missing: built, both written, both opened.
        let (kept, files) = unit(
            &Single,
            &paths,
            || {
                for p in &paths {
                    std::fs::write(p, b"y").unwrap();
                }
                Ok(())
            },
            |i, p| Ok((i, std::fs::read(p).unwrap())),
        )
        .unwrap();
        assert!(!kept);
        assert_eq!(files, [(0, b"y".to_vec()), (1, b"y".to_vec())]);
        // Both there: kept, never rebuilt.
        let (kept, _) = unit(&Single, &paths, || panic!("rebuilt"), |_, _| Ok(())).unwrap();
        assert!(kept);
        // A file refused on opening fails the unit, by the file's own error.
        let err = unit(
            &Single,
            &paths,
            || Ok(()),
            |_, p| Err::<(), _>(Error::corrupt(p, "bad")),
        )
        .unwrap_err();
        assert!(err.to_string().contains("bad"), "{err}");
        assert!(thread_pool(0).is_err());
    }
}

/// What a build did, in every family: the slices built or kept, each reported as the
/// family reports a slice (two-row by stones with its analysis, win/draw/loss by split).
#[derive(Clone, Debug)]
pub struct BuildReport<S = crate::tworow::build::SliceReport> {
    /// The game.
    pub game: crate::files::GameId,
    /// One report a slice, in building order.
    pub slices: Vec<S>,
    /// Threads used.
    pub threads: usize,
    /// Wall-clock seconds of the whole build.
    pub seconds: f64,
}
