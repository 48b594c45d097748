//! A deadline that the rules' own long loops heed, on the caller's thread: listing the moves
//! of one four-row position with chosen captures can take seconds (runs of relay laps round
//! long cycles), longer than a request's whole time. [`within`] runs a computation under a
//! deadline; once it passes, the next [`check`] unwinds the computation to [`within`], so
//! that nothing half-listed is ever seen. Without [`within`] the checks cost a thread-local
//! read and never stop anything.

use std::cell::Cell;
use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};
use std::time::Instant;

thread_local! {
    static DEADLINE: Cell<Option<Instant>> = const { Cell::new(None) };
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
    if DEADLINE
        .with(|d| d.get())
        .is_some_and(|t| Instant::now() >= t)
    {
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
