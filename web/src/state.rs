//! What every handler shares: the server's [`Config`], the [`State`] of the analyses
//! running, and the [`Reply`] each request gets.

use mancala_analysis::args;
use mancala_analysis::error::Fail;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The largest request body read (a position, a list of moves and options fit many times).
pub const MAX_BODY: usize = 64 * 1024;

/// How the server is set up: its bounds and its tables folder.
#[derive(Clone, Debug)]
pub struct Config {
    /// The folder of endgame tables probed (and, for the two-row planner, written); no
    /// request reads or writes any other file.
    pub tablebases: Option<PathBuf>,
    /// The most seconds a request may compute (and its default).
    pub time: f64,
    /// Bytes an analysis may take (the two-row planner's tables, the Isolo graph, the proof
    /// table), read from `--memory` once.
    pub memory: u64,
    /// Transposition table of a search, MiB.
    pub tt_mb: usize,
    /// Threads of a search.
    pub threads: usize,
    /// Analyses (solve, analyze, probe, engine) run at once; one more is answered 503.
    pub jobs: usize,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            tablebases: None,
            time: 10.0,
            memory: mancala_tablebases::plan::SERVER.memory.bytes(),
            tt_mb: 64,
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            jobs: 2,
        }
    }
}

impl Config {
    /// The config of `mancala serve`'s options, each checked as the other commands check it.
    pub fn checked(
        tablebases: Option<PathBuf>,
        time: f64,
        memory: String,
        tt_mb: usize,
        threads: Option<usize>,
        jobs: usize,
    ) -> Result<Config, Fail> {
        if !(time > 0.0 && time < 1e9) {
            return Err(args::Invalid::Time(time).into());
        }
        let text = memory;
        let memory = args::memory(&text)?;
        if tt_mb == 0 || tt_mb > 1 << 16 {
            return Err(args::Invalid::TtMb(tt_mb).into());
        }
        args::within_memory("--memory", &text, memory)?;
        args::within_memory("--tt-mb", &tt_mb.to_string(), (tt_mb as u64) << 20)?;
        if jobs == 0 || jobs > 64 {
            return Err(Fail(format!("invalid --jobs {jobs}: expected 1..=64")));
        }
        if let Some(dir) = tablebases.as_ref().filter(|d| !d.is_dir()) {
            return Err(Fail(format!(
                "--tablebases: {} is not a folder",
                dir.display()
            )));
        }
        let threads = args::threads(threads)?;
        Ok(Config {
            tablebases,
            time,
            memory,
            tt_mb,
            threads,
            jobs,
        })
    }
}

/// A response: status, content type and body.
#[derive(Debug, Clone, PartialEq)]
pub struct Reply {
    /// The HTTP status.
    pub status: u16,
    /// The `Content-Type`.
    pub content_type: &'static str,
    /// The body.
    pub body: Vec<u8>,
}

impl Reply {
    /// A JSON body with status 200.
    pub fn json(body: String) -> Reply {
        Reply {
            status: 200,
            content_type: "application/json",
            body: body.into_bytes(),
        }
    }

    /// An error: `{"error": message}` with `status`, the message on one line as the command
    /// line prints it (control characters it echoes written as their escapes).
    pub fn error(status: u16, message: &str) -> Reply {
        let line = mancala_solver::text::clip(message, mancala_analysis::error::MAX_ERROR_LINE);
        let body = serde_json::json!({ "error": line });
        Reply {
            status,
            ..Reply::json(body.to_string())
        }
    }

    /// The body as text (tests).
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
}

/// The shared state of the request handlers: the config and the analyses running.
pub struct State {
    /// The bounds and tables folder.
    pub config: Config,
    busy: AtomicUsize,
}

impl State {
    /// The state of a server set up by `config`.
    pub fn new(config: Config) -> State {
        State {
            config,
            busy: AtomicUsize::new(0),
        }
    }

    /// Takes one of the [`Config::jobs`] analysis slots, if one is free; it is given back
    /// when the guard drops.
    pub fn slot(&self) -> Option<Slot<'_>> {
        let jobs = self.config.jobs.max(1);
        self.busy
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| {
                (n < jobs).then_some(n + 1)
            })
            .ok()
            .map(|_| Slot(&self.busy))
    }
}

/// An analysis slot taken by [`State::slot`].
pub struct Slot<'a>(&'a AtomicUsize);

impl Drop for Slot<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}
