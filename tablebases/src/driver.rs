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
//! with the `mpi` feature; [`Threads`] in tests): the index range of every slice is
//! partitioned between them ([`Part`]), each rank holds and evaluates only its own share, and
//! what it needs of the others' travels in batched requests and answers; rank 0 gathers the
//! finished values and writes each file ([`write_gathered`]). A single process is the
//! single-process builder.

use crate::error::Error;
use std::ops::Range;
use std::path::{Path, PathBuf};

/// The bytes one exchange moved, per rank (index = rank).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PassBytes {
    /// Bytes each rank sent to the other ranks.
    pub sent: Vec<u64>,
    /// Bytes each rank received from the other ranks.
    pub received: Vec<u64>,
}

/// What a rank held while it built one slice (or unit), per rank (index = rank).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RankMemory {
    /// Bytes of values and bitmaps the rank held at the end of the slice: its shares of every
    /// finished slice and its working arrays of this one (exchange buffers left out: they are
    /// bounded by [`ROUND`] positions).
    pub held: Vec<u64>,
    /// The rank's peak resident memory so far (`VmHWM`), 0 where the system does not say.
    pub peak_rss: Vec<u64>,
}

/// What the ranks of a build do together. Every call is collective: every rank makes the same
/// calls in the same order (the passes of a slice and the rounds of a pass are decided by
/// [`Comm::max`] and [`Comm::sum`], so they are the same on every rank).
pub trait Comm {
    /// This process's rank, `0..ranks()`.
    fn rank(&self) -> usize;
    /// The number of ranks.
    fn ranks(&self) -> usize;
    /// Sends `out[r]` to rank `r` (one entry a rank; this rank's own comes back as it is) and
    /// returns what each rank sent to this one, in rank order.
    fn all_to_all(&self, out: Vec<Vec<u8>>) -> Vec<Vec<u8>>;
    /// The bytes this rank has sent to and received from the other ranks so far.
    fn traffic(&self) -> (u64, u64);

    /// Every rank's `x` (the same length on every rank), in rank order.
    fn all_gather(&self, x: &[u64]) -> Vec<u64> {
        let mine = words_to_bytes(x);
        let got = self.all_to_all(vec![mine; self.ranks()]);
        got.iter().flat_map(|b| bytes_to_words(b)).collect()
    }
    /// The sum of `x` over the ranks.
    fn sum(&self, x: u64) -> u64 {
        self.all_gather(&[x]).iter().sum()
    }
    /// The maximum of `x` over the ranks.
    fn max(&self, x: u64) -> u64 {
        self.all_gather(&[x]).into_iter().max().unwrap_or(x)
    }
    /// Rank 0's `x`, on every rank (a decision the ranks must not disagree on).
    fn agree(&self, x: bool) -> bool {
        self.all_gather(&[x as u64])[0] != 0
    }
    /// Waits for every rank.
    fn barrier(&self) {
        self.all_to_all(vec![Vec::new(); self.ranks()]);
    }
}

/// One process: every call is the identity, nothing is exchanged.
pub struct Single;

impl Comm for Single {
    fn rank(&self) -> usize {
        0
    }
    fn ranks(&self) -> usize {
        1
    }
    fn all_to_all(&self, out: Vec<Vec<u8>>) -> Vec<Vec<u8>> {
        out
    }
    fn traffic(&self) -> (u64, u64) {
        (0, 0)
    }
}

/// Words as little-endian bytes.
pub(crate) fn words_to_bytes(w: &[u64]) -> Vec<u8> {
    w.iter().flat_map(|x| x.to_le_bytes()).collect()
}

/// Little-endian bytes as words (a trailing part of a word is dropped).
pub(crate) fn bytes_to_words(b: &[u8]) -> Vec<u64> {
    b.chunks_exact(8)
        .map(|c| u64::from_le_bytes(c.try_into().expect("8 bytes")))
        .collect()
}

/// [`Comm::all_to_all`] of words.
pub(crate) fn all_to_all_words(comm: &dyn Comm, out: Vec<Vec<u64>>) -> Vec<Vec<u64>> {
    comm.all_to_all(out.iter().map(|w| words_to_bytes(w)).collect())
        .iter()
        .map(|b| bytes_to_words(b))
        .collect()
}

/// A position's index and a byte in one word (indices stay below `2^56`).
#[inline]
pub(crate) fn pack(index: u64, value: u8) -> u64 {
    index << 8 | value as u64
}

/// The index and byte of a [`pack`]ed word.
#[inline]
pub(crate) fn unpack(e: u64) -> (u64, u8) {
    (e >> 8, e as u8)
}

/// Positions a rank takes in one round of a pass at most: the requests, answers and marks of
/// a round are what a rank buffers, so this bounds the buffers whatever the slice.
pub const ROUND: usize = 1 << 16;

/// Positions per block of a partitioned slice: one page of a file's values (the data offset
/// of a file is page-aligned), so a rank reading its share of a file reads its own pages.
pub const PART_BLOCK: u64 = 1 << 12;

/// The partition of a slice's (or unit's) index range between ranks: block `b` of
/// [`PART_BLOCK`] positions is owned by rank `b % ranks`, which holds its value at the local
/// index `(b / ranks) * PART_BLOCK + i % PART_BLOCK`; every rank owns a share of every part
/// of the range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Part {
    /// This rank.
    pub rank: usize,
    /// All ranks.
    pub ranks: usize,
}

impl Part {
    /// The share of `comm`'s rank.
    pub fn of(comm: &dyn Comm) -> Part {
        Part {
            rank: comm.rank(),
            ranks: comm.ranks(),
        }
    }

    /// The rank that owns index `i`.
    #[inline]
    pub fn owner(self, i: u64) -> usize {
        // One process owns everything, without a division a child.
        if self.ranks == 1 {
            return 0;
        }
        ((i / PART_BLOCK) % self.ranks as u64) as usize
    }

    /// Whether this rank owns index `i`.
    #[inline]
    pub fn owns(self, i: u64) -> bool {
        self.owner(i) == self.rank
    }

    /// The local index of `i` on its owner.
    #[inline]
    pub fn local(self, i: u64) -> u64 {
        if self.ranks == 1 {
            return i;
        }
        (i / PART_BLOCK / self.ranks as u64) * PART_BLOCK + i % PART_BLOCK
    }

    /// The index whose local index on this rank is `l`.
    #[inline]
    pub fn global(self, l: u64) -> u64 {
        if self.ranks == 1 {
            return l;
        }
        ((l / PART_BLOCK) * self.ranks as u64 + self.rank as u64) * PART_BLOCK + l % PART_BLOCK
    }

    /// The positions this rank owns of a range of `len`.
    pub fn owned_len(self, len: u64) -> u64 {
        self.blocks(0..len).map(|r| r.end - r.start).sum()
    }

    /// This rank's parts of `range`, in index order (each within one block).
    pub fn blocks(self, range: Range<u64>) -> impl Iterator<Item = Range<u64>> {
        let first = range.start / PART_BLOCK;
        let last = range.end.div_ceil(PART_BLOCK);
        let p = self.ranks as u64;
        let start = first + (self.rank as u64 + p - first % p) % p;
        (start..last)
            .step_by(self.ranks)
            .map(move |b| (b * PART_BLOCK).max(range.start)..((b + 1) * PART_BLOCK).min(range.end))
            .filter(|r| r.start < r.end)
    }
}

/// The values of `range` of a partitioned index range, on rank 0 (empty on the others):
/// each rank sends its own (`owned`, by local index) and rank 0 puts the blocks in order.
/// Collective.
pub(crate) fn gather_range(
    comm: &dyn Comm,
    part: Part,
    owned: &[u8],
    range: Range<u64>,
) -> Vec<u8> {
    let mut mine = Vec::new();
    for r in part.blocks(range.clone()) {
        let l = part.local(r.start) as usize;
        mine.extend_from_slice(&owned[l..l + (r.end - r.start) as usize]);
    }
    let mut out = vec![Vec::new(); comm.ranks()];
    out[0] = mine;
    let got = comm.all_to_all(out);
    if comm.rank() != 0 {
        return Vec::new();
    }
    let mut at = vec![0usize; comm.ranks()];
    let mut v = Vec::with_capacity((range.end - range.start) as usize);
    let mut i = range.start;
    while i < range.end {
        let end = ((i / PART_BLOCK + 1) * PART_BLOCK).min(range.end);
        let o = part.owner(i);
        let k = (end - i) as usize;
        v.extend_from_slice(&got[o][at[o]..at[o] + k]);
        at[o] += k;
        i = end;
    }
    v
}

/// Writes `header` and the values of `range` of a partitioned index range (each rank's own
/// in `owned`) to `path` on rank 0, streamed a chunk at a time, with
/// [`crate::format::write_file`] (temporary name, sync, rename). Collective: the other ranks
/// send their values chunk by chunk and write nothing. An error of rank 0 (a refused file, a
/// full disk) is its own; an MPI job then ends every rank ([`crate::mpi`]).
pub(crate) fn write_gathered(
    comm: &dyn Comm,
    part: Part,
    owned: &[u8],
    range: Range<u64>,
    path: &Path,
    header: crate::format::Header,
) -> Result<(), Error> {
    let chunk = |at: u64, n: usize| range.start + at..range.start + at + n as u64;
    if comm.rank() == 0 {
        crate::format::write_file(path, header, |at, buf| {
            let v = gather_range(comm, part, owned, chunk(at, buf.len()));
            buf.copy_from_slice(&v);
        })
    } else {
        let len = range.end - range.start;
        let mut at = 0;
        while at < len {
            let n = (len - at).min(crate::format::WRITE_CHUNK as u64) as usize;
            gather_range(comm, part, owned, chunk(at, n));
            at += n as u64;
        }
        Ok(())
    }
}

/// This rank's values of `range` of `data` (a whole file's values), by local index.
pub(crate) fn own_share(part: Part, data: &[u8], range: Range<u64>) -> Vec<u8> {
    let mut v = Vec::with_capacity(part.owned_len(range.end - range.start) as usize);
    for r in part.blocks(range) {
        v.extend_from_slice(&data[r.start as usize..r.end as usize]);
    }
    v
}

/// The bytes this rank moved in each pass of one slice, and what it held: collected on every
/// rank by [`Meter::pass`] and put together for all ranks by [`Meter::finish`].
pub(crate) struct Meter {
    last: (u64, u64),
    passes: Vec<(u64, u64)>,
}

impl Meter {
    /// Starts counting from now.
    pub(crate) fn start(comm: &dyn Comm) -> Meter {
        Meter {
            last: comm.traffic(),
            passes: Vec::new(),
        }
    }

    /// Ends a pass (or round, or level): the bytes moved since the last one.
    pub(crate) fn pass(&mut self, comm: &dyn Comm) {
        let now = comm.traffic();
        self.passes.push((now.0 - self.last.0, now.1 - self.last.1));
        self.last = now;
    }

    /// Every rank's bytes, pass by pass, and every rank's memory (`held` bytes here).
    /// Collective: every rank ends the same passes.
    pub(crate) fn finish(self, comm: &dyn Comm, held: u64) -> (Vec<PassBytes>, RankMemory) {
        let p = comm.ranks();
        let mut mine: Vec<u64> = vec![held, peak_rss()];
        mine.extend(self.passes.iter().flat_map(|&(s, r)| [s, r]));
        let all = comm.all_gather(&mine);
        let k = mine.len();
        let at = |r: usize, j: usize| all[r * k + j];
        let passes = (0..self.passes.len())
            .map(|q| PassBytes {
                sent: (0..p).map(|r| at(r, 2 + 2 * q)).collect(),
                received: (0..p).map(|r| at(r, 3 + 2 * q)).collect(),
            })
            .collect();
        let memory = RankMemory {
            held: (0..p).map(|r| at(r, 0)).collect(),
            peak_rss: (0..p).map(|r| at(r, 1)).collect(),
        };
        (passes, memory)
    }
}

/// This process's peak resident memory in bytes (`VmHWM` of `/proc/self/status`), 0 where
/// the system does not say.
pub fn peak_rss() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse::<u64>().ok())
        })
        .map_or(0, |kb| kb * 1024)
}

/// The ranks of a job as threads of one process (tests, and measuring the exchanges
/// without MPI): [`Threads::run`] gives each thread its rank, and [`Comm::all_to_all`] meets
/// every thread at a barrier.
pub struct Threads {
    rank: usize,
    ranks: usize,
    board: std::sync::Arc<Board>,
    traffic: std::cell::Cell<(u64, u64)>,
}

/// What the threads of [`Threads`] exchange through: `slots[from][to]`.
struct Board {
    slots: std::sync::Mutex<Vec<Vec<Vec<u8>>>>,
    barrier: std::sync::Barrier,
}

impl Threads {
    /// Runs `f` on `ranks` threads, each with its rank's [`Comm`]; the results in rank order.
    /// A rank that panics makes the others wait for ever: `f` must not fail on one rank alone.
    pub fn run<T: Send>(ranks: usize, f: impl Fn(&Threads) -> T + Sync) -> Vec<T> {
        let board = std::sync::Arc::new(Board {
            slots: std::sync::Mutex::new(vec![vec![Vec::new(); ranks]; ranks]),
            barrier: std::sync::Barrier::new(ranks),
        });
        std::thread::scope(|s| {
            let hs: Vec<_> = (0..ranks)
                .map(|rank| {
                    let t = Threads {
                        rank,
                        ranks,
                        board: board.clone(),
                        traffic: Default::default(),
                    };
                    let f = &f;
                    s.spawn(move || f(&t))
                })
                .collect();
            hs.into_iter()
                .map(|h| h.join().expect("a rank thread panicked"))
                .collect()
        })
    }
}

impl Comm for Threads {
    fn rank(&self) -> usize {
        self.rank
    }
    fn ranks(&self) -> usize {
        self.ranks
    }
    fn all_to_all(&self, out: Vec<Vec<u8>>) -> Vec<Vec<u8>> {
        let me = self.rank;
        let sent: usize = out
            .iter()
            .enumerate()
            .filter(|&(r, _)| r != me)
            .map(|(_, v)| v.len())
            .sum();
        self.board.slots.lock().expect("the board")[me] = out;
        self.board.barrier.wait();
        let got: Vec<Vec<u8>> = {
            let mut s = self.board.slots.lock().expect("the board");
            (0..s.len())
                .map(|from| std::mem::take(&mut s[from][me]))
                .collect()
        };
        // Nobody writes the next call's slots before every rank took this call's.
        self.board.barrier.wait();
        let received: usize = got
            .iter()
            .enumerate()
            .filter(|&(r, _)| r != me)
            .map(|(_, v)| v.len())
            .sum();
        let (s, r) = self.traffic.get();
        self.traffic.set((s + sent as u64, r + received as u64));
        got
    }
    fn traffic(&self) -> (u64, u64) {
        self.traffic.get()
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
    std::fs::create_dir_all(dir).map_err(|e| Error::io(dir, "creating the folder", e))?;
    // A folder we cannot write into is refused before any work, by writing into it: its
    // permission bits alone do not say (they do not bind the superuser, nor a read-only
    // file system).
    let probe = dir.join(format!(".write-probe-{}", std::process::id()));
    std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .open(&probe)
        .map_err(|e| Error::io(dir, "writing into the folder", e))?;
    std::fs::remove_file(&probe).map_err(|e| Error::io(&probe, "removing", e))
}

/// True when the file is there (a finished slice: files appear complete or not at all).
pub(crate) fn present(path: &Path) -> Result<bool, Error> {
    path.try_exists()
        .map_err(|e| Error::io(path, "looking it up", e))
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

    #[cfg(target_os = "linux")]
    #[test]
    fn a_folder_that_cannot_be_written_is_refused_at_once() {
        // /proc exists and takes no new file, even from the superuser.
        let err = create_folder(Path::new("/proc")).unwrap_err();
        assert!(err.to_string().contains("writing into the folder"), "{err}");
        let d = tempfile::tempdir().unwrap();
        create_folder(d.path()).unwrap();
        assert_eq!(
            std::fs::read_dir(d.path()).unwrap().count(),
            0,
            "no probe left"
        );
    }

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
pub struct BuildReport<S> {
    /// The game.
    pub game: crate::files::GameId,
    /// One report a slice, in building order.
    pub slices: Vec<S>,
    /// Threads used.
    pub threads: usize,
    /// Wall-clock seconds of the whole build.
    pub seconds: f64,
}
