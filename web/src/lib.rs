//! The analysis board of the mancala toolkit: `mancala serve`, a local web server that puts a
//! page and a small JSON API in front of the rules, the solve planner, the tables and the
//! engines (docs/SERVE.md).
//!
//! - [`api`]: the endpoints, each a function from a request's JSON to the shape the command
//!   line's `--json` prints, with the bounds every request is held to;
//! - [`page`]: the static files of the page and the variants' rules pages, built into the
//!   binary;
//! - [`state`]: the config, the analyses running and the reply, shared by the handlers;
//! - [`Server`]: the HTTP loop (tiny_http) that hands each request to [`handle`], on a few
//!   worker threads, a panic in one request answered 500 without stopping the others.
#![deny(missing_docs)]

pub mod api;
pub mod page;
pub mod state;

pub use state::{Config, Reply, Slot, State, MAX_BODY};

use std::io::Read;
use std::net::SocketAddr;
use std::sync::Arc;

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
