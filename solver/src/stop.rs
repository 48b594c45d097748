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
}
