//! The ranks of an MPI job as a [`Comm`] (the `mpi` feature: the `mpi` crate over the
//! system's MPI library, Open MPI in CI), so that `mpirun -np P mancala tablebase build ...
//! --distributed` builds each slice on `P` processes.
//!
//! Every MPI call is made by the thread that created the [`Mpi`] (the builders run their
//! passes on a rayon pool and exchange between passes on the calling thread), so MPI is
//! initialised with `MPI_THREAD_FUNNELED`. An error on any rank ends the whole job
//! ([`Mpi::abort`]: `MPI_Abort`), so no rank waits for ever on one that has stopped; a rank
//! killed from outside makes `mpirun` end the others.

use crate::driver::Comm;
use crate::error::Error;
use ::mpi::collective::SystemOperation;
use ::mpi::datatype::{Partition, PartitionMut};
use ::mpi::environment::Universe;
use ::mpi::topology::SimpleCommunicator;
use ::mpi::traits::*;
use ::mpi::{Count, Threading};

/// This process's place in the MPI job.
pub struct Mpi {
    world: SimpleCommunicator,
    /// Bytes sent to and received from the other ranks so far.
    traffic: std::cell::Cell<(u64, u64)>,
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
            traffic: Default::default(),
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

    fn all_to_all(&self, out: Vec<Vec<u8>>) -> Vec<Vec<u8>> {
        let p = self.ranks();
        let me = self.rank();
        let count = |n: usize| {
            Count::try_from(n).unwrap_or_else(|_| {
                self.abort(&format!(
                    "an exchange of {n} bytes to one rank: MPI counts stop at {}",
                    Count::MAX
                ))
            })
        };
        let send_counts: Vec<Count> = out.iter().map(|v| count(v.len())).collect();
        let mut recv_counts: Vec<Count> = vec![0; p];
        self.world
            .all_to_all_into(&send_counts[..], &mut recv_counts[..]);
        let displs = |c: &[Count]| -> Vec<Count> {
            c.iter()
                .scan(0 as Count, |a, &n| {
                    let d = *a;
                    *a += n;
                    Some(d)
                })
                .collect()
        };
        let (sd, rd) = (displs(&send_counts), displs(&recv_counts));
        // One spare byte each, never sent: two empty buffers would share an address, which
        // Open MPI refuses as the same buffer for sending and receiving.
        let mut send: Vec<u8> = out.concat();
        send.push(0);
        let total: usize = recv_counts.iter().map(|&c| c as usize).sum();
        let mut recv = vec![0u8; total + 1];
        {
            let s = Partition::new(&send[..], &send_counts[..], &sd[..]);
            let mut r = PartitionMut::new(&mut recv[..], &recv_counts[..], &rd[..]);
            self.world.all_to_all_varcount_into(&s, &mut r);
        }
        let others = |c: &[Count]| -> u64 {
            c.iter()
                .enumerate()
                .filter(|&(r, _)| r != me)
                .map(|(_, &n)| n as u64)
                .sum()
        };
        let (s, r) = self.traffic.get();
        self.traffic
            .set((s + others(&send_counts), r + others(&recv_counts)));
        (0..p)
            .map(|k| recv[rd[k] as usize..rd[k] as usize + recv_counts[k] as usize].to_vec())
            .collect()
    }

    fn traffic(&self) -> (u64, u64) {
        self.traffic.get()
    }
}
