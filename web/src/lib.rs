//! The analysis board of the mancala toolkit: `mancala serve`, a local web server that puts a
//! page and a small JSON API in front of the rules, the solve planner, the tables and the
//! engines (docs/SERVE.md).
//!
//! The server's answers, without a socket: [`handle`] takes a request's method, path and body.
//!
//! ```
//! use mancala_web::{handle, Config, State};
//!
//! let state = State::new(Config { threads: 1, ..Config::default() });
//! // The moves of oware's start, as `mancala moves oware --json` lists them.
//! let reply = handle(&state, "POST", "/api/moves", br#"{"variant":"oware"}"#);
//! assert_eq!(reply.status, 200);
//! let json: serde_json::Value = serde_json::from_slice(&reply.body)?;
//! assert_eq!(json["moves"], serde_json::json!(["1", "2", "3", "4", "5", "6"]));
//! // The page, and a refusal that says why.
//! assert_eq!(handle(&state, "GET", "/", b"").content_type, "text/html; charset=utf-8");
//! let refused = handle(&state, "POST", "/api/moves", br#"{"variant":"chess"}"#);
//! assert_eq!(refused.status, 400);
//! assert!(refused.text().contains("chess"));
//! # Ok::<(), serde_json::Error>(())
//! ```
//!
//! - [`api`]: the endpoints, each a function from a request's JSON to the shape the command
//!   line's `--json` prints, with the bounds every request is held to;
//! - [`page`]: the static files of the page and the variants' rules pages, built into the
//!   binary;
//! - [`state`]: the config, the analyses running and the reply, shared by the handlers;
//! - [`http`]: the [`Server`], a bounded HTTP/1.1 layer that reads each request within its
//!   limits on a thread of its own and hands it to [`handle`], a panic in one request
//!   answered 500 without stopping the others.
#![deny(missing_docs)]

pub mod api;
pub mod http;
pub mod page;
pub mod state;

pub use http::{Limits, Server};
pub use state::{Config, Reply, Slot, State, MAX_BODY};

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
