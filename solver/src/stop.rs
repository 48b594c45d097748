//! A deadline that the rules' own long loops heed, on the caller's thread: listing the moves
//! of one four-row position with chosen captures can take seconds (runs of relay laps round
//! long cycles), longer than a request's whole time. [`within`] runs a computation under a
//! deadline; once it passes, the next [`check`] unwinds the computation to [`within`], so
//! that nothing half-listed is ever seen. Without [`within`] the checks cost a thread-local
//! read and never stop anything.
//!
//! Beside the deadlines, a stop asked of the whole process ([`request`]): every computation
//! that heeds a deadline ([`passed`]: the searches, the proof search, the graph solvers, the
//! table builds) stops as if its deadline had passed, so that a caller can interrupt work
//! it runs on other threads (Ctrl-C in the Python package).

use std::cell::Cell;
use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

thread_local! {
    static DEADLINE: Cell<Option<Instant>> = const { Cell::new(None) };
}

/// Set by [`request`], cleared by [`clear`].
static REQUESTED: AtomicBool = AtomicBool::new(false);

/// Asks every computation of the process that heeds a deadline to stop now, as if its
/// deadline had passed (its answer is then the partial one a time limit gives).
pub fn request() {
    REQUESTED.store(true, Ordering::Relaxed);
}

/// Withdraws [`request`]: computations started afterwards run to their own limits.
pub fn clear() {
    REQUESTED.store(false, Ordering::Relaxed);
}

/// True while a stop is [`request`]ed.
#[inline]
pub fn requested() -> bool {
    REQUESTED.load(Ordering::Relaxed)
}

/// True once `deadline` has passed, or a stop is [`request`]ed: the one test every long
/// computation makes of its time.
#[inline]
pub fn passed(deadline: Option<Instant>) -> bool {
    requested() || deadline.is_some_and(|d| Instant::now() >= d)
}

/// How often a loop whose steps cost anything from nanoseconds to milliseconds (a node of
/// a proof search on a wide board) reads the clock: every `every` steps, with `every`
/// halved or doubled at each reading so that readings fall about [`Pacer::INTERVAL`] apart.
#[derive(Clone, Debug)]
pub struct Pacer {
    left: u32,
    every: u32,
    last: Instant,
}

impl Default for Pacer {
    fn default() -> Pacer {
        Pacer::new()
    }
}

impl Pacer {
    /// The time aimed at between two readings: a deadline is met within a few of them.
    pub const INTERVAL: std::time::Duration = std::time::Duration::from_millis(5);
    /// The most steps between two readings.
    const MOST: u32 = 1 << 14;

    /// A pacer that reads at the first step.
    pub fn new() -> Pacer {
        Pacer {
            left: 1,
            every: 1,
            last: Instant::now(),
        }
    }

    /// Counts a step; true when the clock is due: [`Pacer::INTERVAL`] or so since the last.
    #[inline]
    pub fn due(&mut self) -> bool {
        self.left -= 1;
        if self.left > 0 {
            return false;
        }
        self.refill();
        true
    }

    /// The instant of the last reading.
    pub fn last(&self) -> Instant {
        self.last
    }

    /// One step past the deadline: [`Pacer::due`] and [`passed`] together.
    #[inline]
    pub fn late(&mut self, deadline: Option<Instant>) -> bool {
        self.due() && passed(deadline)
    }

    #[cold]
    fn refill(&mut self) {
        let now = Instant::now();
        let took = now.saturating_duration_since(self.last);
        self.last = now;
        if took > 2 * Pacer::INTERVAL {
            self.every = (self.every / 2).max(1);
        } else if took < Pacer::INTERVAL / 2 {
            self.every = (self.every * 2).min(Pacer::MOST);
        }
        self.left = self.every;
    }
}

/// The computation of [`within`] was stopped by its deadline.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Interrupted;

/// Runs `f` on this thread with the rules' loops stopping it at `deadline`.
pub fn within<R>(deadline: Instant, f: impl FnOnce() -> R) -> Result<R, Interrupted> {
    let before = DEADLINE.with(|d| d.replace(Some(deadline)));
    let r = catch_unwind(AssertUnwindSafe(f));
    DEADLINE.with(|d| d.set(before));
    match r {
        Ok(v) => Ok(v),
        Err(p) if p.is::<Interrupted>() => Err(Interrupted),
        Err(p) => resume_unwind(p),
    }
}

/// Unwinds to [`within`] once its deadline has passed. `resume_unwind` skips the panic
/// hook: nothing is printed.
#[inline]
pub fn check() {
    let deadline = DEADLINE.with(|d| d.get());
    if deadline.is_some() && passed(deadline) {
        resume_unwind(Box::new(Interrupted));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_passed_deadline_unwinds_to_within_and_nothing_else() {
        check(); // no deadline: nothing happens
        let past = Instant::now();
        assert_eq!(within(past, check), Err(Interrupted));
        let far = Instant::now() + Duration::from_secs(3600);
        assert_eq!(within(far, || 7), Ok(7));
        // The deadline is the innermost's, and gone after it.
        assert_eq!(within(far, || within(past, check)), Ok(Err(Interrupted)));
        check();
        // Other panics go on.
        assert!(catch_unwind(|| within(far, || panic!("other"))).is_err());
    }

    #[test]
    fn a_pacer_reads_the_clock_often_when_steps_are_slow_and_seldom_when_fast() {
        let mut fast = Pacer::new();
        let mut reads = 0;
        for _ in 0..1_000_000 {
            reads += fast.due() as u32;
        }
        assert!(reads < 1_000, "{reads} readings of a million cheap steps");
        // A step of a whole interval or more never lets the readings thin out.
        let mut slow = Pacer::new();
        let mut reads = 0;
        for _ in 0..6 {
            std::thread::sleep(Pacer::INTERVAL);
            reads += slow.due() as u32;
        }
        assert_eq!(reads, 6, "readings of six slow steps");
        let past = Some(Instant::now());
        assert!(slow.late(past));
    }
}
