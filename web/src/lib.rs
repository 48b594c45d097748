//! The analysis board of the mancala toolkit: `mancala serve`, a local web server that puts a
//! page and a small JSON API in front of the rules, the solve planner, the tables and the
//! engines (docs/SERVE.md).
//!
//! - [`api`]: the endpoints, each a function from a request's JSON to the shape the command
//!   line's `--json` prints, with the bounds every request is held to;
//! - [`page`]: the static files of the page and the variants' rules pages, built into the
//!   binary;
//! - [`Server`]: the HTTP loop (tiny_http) that hands each request to [`handle`], on a few
//!   worker threads, a panic in one request answered 500 without stopping the others.
#![deny(missing_docs)]

pub mod api;
pub mod page;

use mancala_analysis::error::Fail;
use mancala_analysis::options;
use std::io::Read;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

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
    /// Memory an analysis may take (the two-row planner's tables, the Isolo graph), as
    /// `--memory` reads it.
    pub memory: String,
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
            memory: "1G".into(),
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
            return Err(options::Invalid::Time(time).into());
        }
        options::memory(&memory)?;
        if tt_mb == 0 || tt_mb > 1 << 16 {
            return Err(options::Invalid::TtMb(tt_mb).into());
        }
        if jobs == 0 || jobs > 64 {
            return Err(Fail(format!("invalid --jobs {jobs}: expected 1..=64")));
        }
        if let Some(dir) = tablebases.as_ref().filter(|d| !d.is_dir()) {
            return Err(Fail(format!(
                "--tablebases: {} is not a folder",
                dir.display()
            )));
        }
        let threads = options::threads(threads)?;
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

    /// An error: `{"error": message}` with `status`.
    pub fn error(status: u16, message: &str) -> Reply {
        let body = serde_json::json!({ "error": mancala_analysis::error::clip(message) });
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

/// Answers one request: `method` and `url` (path and query) with its `body`. A panic in a
/// handler is answered 500 with its message, the server going on.
pub fn handle(state: &State, method: &str, url: &str, body: &[u8]) -> Reply {
    let path = url.split(['?', '#']).next().unwrap_or("");
    let run = || match (method, path) {
        (_, p) if p.starts_with("/api/") => api::route(state, method, &p[5..], body),
        ("GET" | "HEAD", p) => page::get(p),
        (m, _) => Reply::error(
            405,
            &format!("method {m} not allowed: the page is read by GET"),
        ),
    };
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(run)) {
        Ok(r) => r,
        Err(p) => {
            let why = p
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| p.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown".into());
            Reply::error(500, &format!("internal error: {why}"))
        }
    }
}

/// The HTTP server: a listening socket and its workers.
pub struct Server {
    http: Arc<tiny_http::Server>,
    state: Arc<State>,
}

impl Server {
    /// Listens on `addr` (port 0: one the system picks).
    pub fn bind(addr: SocketAddr, config: Config) -> Result<Server, String> {
        let http =
            tiny_http::Server::http(addr).map_err(|e| format!("cannot listen on {addr}: {e}"))?;
        Ok(Server {
            http: Arc::new(http),
            state: Arc::new(State::new(config)),
        })
    }

    /// The address it listens on.
    pub fn addr(&self) -> Option<SocketAddr> {
        self.http.server_addr().to_ip()
    }

    /// Serves requests on `workers` threads until the process ends.
    pub fn run(self, workers: usize) {
        let handles: Vec<_> = (0..workers.max(1))
            .map(|_| {
                let (http, state) = (self.http.clone(), self.state.clone());
                std::thread::spawn(move || {
                    while let Ok(req) = http.recv() {
                        serve_one(&state, req);
                    }
                })
            })
            .collect();
        for h in handles {
            let _ = h.join();
        }
    }
}

/// Reads one request's body (at most [`MAX_BODY`] bytes), answers it and sends the answer.
fn serve_one(state: &State, mut req: tiny_http::Request) {
    let method = req.method().as_str().to_string();
    let url = req.url().to_string();
    let reply = if req.body_length().is_some_and(|n| n > MAX_BODY) {
        Reply::error(413, &format!("request body over {MAX_BODY} bytes"))
    } else {
        let mut body = Vec::new();
        let read = req
            .as_reader()
            .take(MAX_BODY as u64 + 1)
            .read_to_end(&mut body);
        match read {
            Err(e) => Reply::error(400, &format!("cannot read the request body: {e}")),
            Ok(_) if body.len() > MAX_BODY => {
                Reply::error(413, &format!("request body over {MAX_BODY} bytes"))
            }
            Ok(_) => handle(state, &method, &url, &body),
        }
    };
    let head = |k: &str, v: &str| tiny_http::Header::from_bytes(k, v).expect("an ASCII header");
    let response = tiny_http::Response::from_data(reply.body)
        .with_status_code(reply.status)
        .with_header(head("Content-Type", reply.content_type))
        .with_header(head("Cache-Control", "no-store"))
        .with_header(head("X-Content-Type-Options", "nosniff"));
    // A client gone before the answer is no error of the server's.
    let _ = req.respond(response);
}
