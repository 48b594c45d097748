//! Long work (a solve, a perft, a table build) off the interpreter: it runs on a thread of
//! its own while the caller's thread, the GIL released between looks, hands its progress
//! messages to Python and checks for Ctrl-C. On Ctrl-C the call raises `KeyboardInterrupt`
//! at once; the worker, which has no stop flag to heed but its own time limit, finishes
//! in the background and its result is dropped.

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use std::sync::mpsc::{channel, RecvTimeoutError, Sender};
use std::time::Duration;

/// How often the caller looks for Ctrl-C while the work runs.
const LOOK: Duration = Duration::from_millis(50);

/// What the worker sends: a progress message, or its result.
enum Msg<M, T> {
    Progress(M),
    Done(T),
}

/// A sender of progress messages for the worker.
pub(crate) struct Progress<M, T>(Sender<Msg<M, T>>);

impl<M, T> Progress<M, T> {
    /// Sends a progress message (dropped when the caller has gone).
    pub(crate) fn send(&self, m: M) -> Result<(), ()> {
        self.0.send(Msg::Progress(m)).map_err(|_| ())
    }
}

/// Runs `work` on a thread of its own, calling `on` with each message it sends, on the
/// caller's thread and with the GIL; a Ctrl-C, or an error of `on`, ends the call.
pub(crate) fn run<T, M>(
    py: Python<'_>,
    work: impl FnOnce(&Progress<M, T>) -> T + Send + 'static,
    mut on: impl FnMut(Python<'_>, M) -> PyResult<()>,
) -> PyResult<T>
where
    T: Send + 'static,
    M: Send + 'static,
{
    let (tx, rx) = channel();
    std::thread::Builder::new()
        .name("mancala-work".into())
        .spawn(move || {
            let p = Progress(tx);
            let r = work(&p);
            let _ = p.0.send(Msg::Done(r));
        })
        .map_err(|e| PyRuntimeError::new_err(format!("cannot start a thread: {e}")))?;
    let mut rx = rx;
    loop {
        // The receiver goes into the GIL-free wait and comes back (it is `Send`, not `Sync`).
        let (got, back) = py.allow_threads(move || (rx.recv_timeout(LOOK), rx));
        rx = back;
        match got {
            Ok(Msg::Done(r)) => return Ok(r),
            Ok(Msg::Progress(m)) => on(py, m)?,
            Err(RecvTimeoutError::Timeout) => py.check_signals()?,
            Err(RecvTimeoutError::Disconnected) => {
                return Err(PyRuntimeError::new_err(
                    "the computation stopped without a result (a bug: please report it)",
                ))
            }
        }
    }
}
