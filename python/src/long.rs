//! Long work (a solve, a perft, a table build) off the interpreter: it runs on a thread of
//! its own while the caller's thread, the GIL released between looks, hands its progress
//! messages to Python and checks for Ctrl-C. On Ctrl-C the call asks the solver to stop
//! ([`mancala_solver::stop::request`]: every search, proof, graph and table build of the
//! process stops as if its deadline had passed), waits for the worker a moment, and raises
//! `KeyboardInterrupt`; work that heeds no deadline (a perft) finishes in the background
//! and its result is dropped.

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, Sender};
use std::time::{Duration, Instant};

/// How often the caller looks for Ctrl-C while the work runs.
const LOOK: Duration = Duration::from_millis(50);

/// The name of the worker threads.
const WORKER: &str = "mancala-work";

/// How long a Ctrl-C waits for the worker to stop before it raises anyway.
const STOP_WAIT: Duration = Duration::from_secs(5);

/// Workers running now (the tests read it through `_native._running`).
static RUNNING: AtomicUsize = AtomicUsize::new(0);

/// The number of long computations running on threads of their own.
pub(crate) fn running() -> usize {
    RUNNING.load(Ordering::SeqCst)
}

/// Counts a worker from its start to its end, however it ends.
struct Running;

impl Running {
    fn start() -> Running {
        RUNNING.fetch_add(1, Ordering::SeqCst);
        Running
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        RUNNING.fetch_sub(1, Ordering::SeqCst);
    }
}

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
    quiet_when_stopped();
    let (tx, rx) = channel();
    let counted = Running::start();
    std::thread::Builder::new()
        .name(WORKER.into())
        .spawn(move || {
            let _counted = counted;
            let p = Progress(tx);
            let r = work(&p);
            let _ = p.0.send(Msg::Done(r));
        })
        .map_err(|e| PyRuntimeError::new_err(format!("cannot start a thread: {e}")))?;
    let mut rx = rx;
    // Signals are looked at on a clock, not only when no message comes: a busy worker sends
    // thousands of progress messages a second.
    let mut look_at = Instant::now() + LOOK;
    loop {
        let wait = look_at.saturating_duration_since(Instant::now());
        // The receiver goes into the GIL-free wait and comes back (it is `Send`, not `Sync`).
        let (got, back) = py.allow_threads(move || (rx.recv_timeout(wait), rx));
        rx = back;
        match got {
            Ok(Msg::Done(r)) => return Ok(r),
            Ok(Msg::Progress(m)) => {
                if let Err(e) = on(py, m) {
                    return Err(stop(py, rx, e));
                }
            }
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => {
                return Err(PyRuntimeError::new_err(
                    "the computation stopped without a result (a bug: please report it)",
                ))
            }
        }
        if Instant::now() >= look_at {
            look_at = Instant::now() + LOOK;
            if let Err(interrupt) = py.check_signals() {
                return Err(stop(py, rx, interrupt));
            }
        }
    }
}

/// Stops the worker whose messages come on `rx` (a Ctrl-C, or an error of the progress
/// callback): the solver asked to stop, the worker waited for, the stop withdrawn; `why`
/// is what the call raises.
fn stop<M: Send, T: Send>(py: Python<'_>, rx: Receiver<Msg<M, T>>, why: PyErr) -> PyErr {
    mancala_solver::stop::request();
    py.allow_threads(move || wait_for_end(rx));
    mancala_solver::stop::clear();
    why
}

/// Waits for the worker's result (dropped) or its end, at most [`STOP_WAIT`].
fn wait_for_end<M, T>(rx: Receiver<Msg<M, T>>) {
    let until = Instant::now() + STOP_WAIT;
    loop {
        let left = until.saturating_duration_since(Instant::now());
        match rx.recv_timeout(left) {
            Ok(Msg::Progress(_)) if !left.is_zero() => continue,
            _ => return,
        }
    }
}

/// Installs, once, a panic hook that keeps a worker stopped by a Ctrl-C quiet: work that
/// assumes it has no deadline (a search that needs every value proven) may panic when the
/// stop cuts it short, and its result is dropped anyway. Every other panic is reported as
/// before.
fn quiet_when_stopped() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let before = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let worker = std::thread::current().name() == Some(WORKER);
            if !(worker && mancala_solver::stop::requested()) {
                before(info);
            }
        }));
    });
}
