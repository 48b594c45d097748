//! The ranks of an MPI job as a [`Comm`] (the `mpi` feature: the `mpi` crate over the
//! system's MPI library, Open MPI in CI), so that `mpirun -np P mancala tablebase build ...
//! --distributed` builds each slice on `P` processes.
//!
//! Every MPI call is made by the thread that created the [`Mpi`] (the builders run their
//! passes on a rayon pool and exchange between passes on the calling thread), so MPI is
//! initialised with `MPI_THREAD_FUNNELED`. An error on any rank ends the whole job
//! ([`Mpi::abort`]: `MPI_Abort`), so no rank waits for ever on one that has stopped; a rank
//! killed from outside makes `mpirun` end the others.

use crate::driver::{Comm, Log, PassBytes};
use crate::error::Error;
use ::mpi::collective::SystemOperation;
use ::mpi::datatype::PartitionMut;
use ::mpi::environment::Universe;
use ::mpi::topology::SimpleCommunicator;
use ::mpi::traits::*;
use ::mpi::{Count, Threading};

/// Entries each rank sends in one collective call of an exchange at most: an exchange larger
/// than that goes in several batches (MPI counts are 32-bit, and the receive buffer of one
/// batch stays at `ranks × 64 MiB`).
pub const BATCH_ENTRIES: usize = 1 << 23;

/// This process's place in the MPI job.
pub struct Mpi {
    world: SimpleCommunicator,
    log: Log,
    // Dropped last: finalises MPI.
    _universe: Universe,
}

impl Mpi {
    /// Initialises MPI (once per process); a process started without `mpirun` is a job of
    /// one rank.
    pub fn init() -> Result<Mpi, Error> {
        let (universe, provided) = ::mpi::initialize_with_threading(Threading::Funneled)
            .ok_or_else(|| Error::Resources("MPI is already initialised".into()))?;
        if provided < Threading::Funneled {
            return Err(Error::Resources(format!(
                "the MPI library provides thread level {provided:?}, the build needs Funneled"
            )));
        }
        Ok(Mpi {
            world: universe.world(),
            log: Log::default(),
            _universe: universe,
        })
    }

    /// Ends every rank of the job: `message` on stderr with this rank's number, then
    /// `MPI_Abort` with exit status 2. The other ranks wait a moment first, so that an error
    /// every rank meets (a refused folder) is told once, by rank 0, whose abort ends them
    /// before they speak; an error of one rank alone is still told, named by its rank.
    pub fn abort(&self, message: &str) -> ! {
        if self.rank() > 0 {
            std::thread::sleep(std::time::Duration::from_millis(1500));
        }
        eprintln!(
            "error: {message} (rank {} of {}: aborting the MPI job)",
            self.rank(),
            self.ranks()
        );
        self.world.abort(2)
    }
}

impl Comm for Mpi {
    fn rank(&self) -> usize {
        self.world.rank() as usize
    }

    fn ranks(&self) -> usize {
        self.world.size() as usize
    }

    fn sum(&self, x: u64) -> u64 {
        let mut out = 0u64;
        self.world
            .all_reduce_into(&x, &mut out, SystemOperation::sum());
        out
    }

    fn max(&self, x: u64) -> u64 {
        let mut out = 0u64;
        self.world
            .all_reduce_into(&x, &mut out, SystemOperation::max());
        out
    }

    fn agree(&self, x: bool) -> bool {
        let mut b = x as u8;
        self.world.process_at_rank(0).broadcast_into(&mut b);
        b != 0
    }

    fn barrier(&self) {
        self.world.barrier();
    }

    fn exchange(&self, mine: &[u64]) -> Vec<u64> {
        let p = self.ranks();
        let me = self.rank();
        let mut counts = vec![0u64; p];
        self.world
            .all_gather_into(&(mine.len() as u64), &mut counts[..]);
        self.log.record(&counts, 8);
        let others: u64 = counts.iter().sum::<u64>() - counts[me];
        let mut out = Vec::with_capacity(others as usize);
        let most = *counts.iter().max().expect("one rank at least") as usize;
        // Batch k carries entries k*B .. (k+1)*B of every rank.
        let mut at = 0;
        while at < most {
            let part: Vec<Count> = counts
                .iter()
                .map(|&c| (c as usize).saturating_sub(at).min(BATCH_ENTRIES) as Count)
                .collect();
            let displs: Vec<Count> = part
                .iter()
                .scan(0, |a, &c| {
                    let d = *a;
                    *a += c;
                    Some(d)
                })
                .collect();
            let total: usize = part.iter().map(|&c| c as usize).sum();
            let mut buf = vec![0u64; total];
            let send = &mine[at.min(mine.len())..(at + BATCH_ENTRIES).min(mine.len())];
            {
                let mut recv = PartitionMut::new(&mut buf[..], &part[..], &displs[..]);
                self.world.all_gather_varcount_into(send, &mut recv);
            }
            for r in (0..p).filter(|&r| r != me) {
                let d = displs[r] as usize;
                out.extend_from_slice(&buf[d..d + part[r] as usize]);
            }
            at += BATCH_ENTRIES;
        }
        out
    }

    fn take_log(&self) -> Vec<PassBytes> {
        self.log.take()
    }
}
