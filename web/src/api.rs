//! The JSON API: `GET /api/variants`, and `POST /api/<endpoint>` with a [`Request`] body for
//! `start`, `moves`, `play`, `analyze`, `solve`, `probe` and `engine`. Each answers the shape
//! the matching command prints with `--json` (docs/NOTATION.md), or a 4xx with
//! `{"error": "..."}`, one line saying what is wrong.

use crate::state::{Reply, State};
use mancala_analysis::args::{self, Search};
use mancala_analysis::engine::{alphabeta::Limit, external, EngineSpec};
use mancala_analysis::position::json::Variants;
use mancala_analysis::shape::line;
use mancala_analysis::{position, r#match, solve, tablebase};
use mancala_solver::any::AnyGame;
use mancala_solver::variant::{Size, VARIANTS};
use serde::Deserialize;
use std::time::{Duration, Instant};

/// The most moves a `play` request may list.
pub const MAX_MOVES: usize = 10_000;

/// The limits of the engines' counted budgets (their time limits are held to the request's).
pub const MAX_ALPHABETA_DEPTH: u32 = 8;
/// See [`MAX_ALPHABETA_DEPTH`].
pub const MAX_ALPHABETA_NODES: u64 = 5_000_000;
/// See [`MAX_ALPHABETA_DEPTH`].
pub const MAX_MCTS_ITERS: u32 = 20_000;

/// A request's body: the game (as the command line's options name it), the position, and what
/// the endpoint needs besides.
#[derive(Deserialize, Debug, Default, Clone)]
#[serde(deny_unknown_fields)]
pub struct Request {
    /// Variant id.
    pub variant: String,
    /// `--width`.
    pub width: Option<usize>,
    /// `--seeds`.
    pub seeds: Option<u32>,
    /// `--counters` (the morris games).
    pub counters: Option<u32>,
    /// `--store` (isolo).
    pub store: Option<u32>,
    /// `--max-hole` (isolo-ii).
    pub max_hole: Option<u32>,
    /// `--phase` (the Isolo games).
    pub phase: Option<String>,
    /// `--rule name=value`, each.
    #[serde(default)]
    pub rules: Vec<String>,
    /// `--position` (default: the start position).
    pub position: Option<String>,
    /// `--players`: 2 only (the board plays the two-player games).
    pub players: Option<usize>,
    /// `play`: the moves to play in turn.
    #[serde(default)]
    pub moves: Vec<String>,
    /// `analyze`, `solve`, `engine`: seconds, at most the server's limit (its default).
    pub time: Option<f64>,
    /// `engine`: the engine's spec, as `mancala match --a` takes it.
    pub engine: Option<String>,
    /// `engine`: the seed of its random choices (default 0).
    pub seed: Option<u64>,
}

/// An API error: status and message.
type Refusal = (u16, String);

fn bad(message: impl std::fmt::Display) -> Refusal {
    (400, message.to_string())
}

/// Answers `method` on the endpoint `name` (the path after `/api/`).
pub fn route(state: &State, method: &str, name: &str, body: &[u8]) -> Reply {
    const POSTED: [&str; 7] = [
        "start", "moves", "play", "analyze", "solve", "probe", "engine",
    ];
    let answer = match (method, name) {
        ("GET", "variants") => Ok(line(&Variants::new(VARIANTS))),
        (_, "variants") => Err((405, format!("{method} /api/variants: use GET"))),
        ("GET", "engines") => external::listed()
            .map(|engines| line(&serde_json::json!({ "engines": engines })))
            .map_err(|e| (500, e.to_string())),
        (_, "engines") => Err((405, format!("{method} /api/engines: use GET"))),
        ("POST", n) if POSTED.contains(&n) => parse(body).and_then(|r| answer(state, n, &r)),
        (_, n) if POSTED.contains(&n) => Err((405, format!("{method} /api/{n}: use POST"))),
        _ => Err((
            404,
            format!(
                "no endpoint /api/{}: expected variants, engines, {}",
                mancala_analysis::error::shorten(name),
                POSTED.join(", ")
            ),
        )),
    };
    match answer {
        Ok(body) => Reply::json(body),
        Err((status, message)) => Reply::error(status, &message),
    }
}

/// The request of `body`.
pub fn parse(body: &[u8]) -> Result<Request, Refusal> {
    let r: Request =
        serde_json::from_slice(body).map_err(|e| bad(format!("invalid request body: {e}")))?;
    if r.moves.len() > MAX_MOVES {
        return Err(bad(format!(
            "moves: {} listed, at most {MAX_MOVES}",
            r.moves.len()
        )));
    }
    if let Some(p) = r.players.filter(|&p| p != 2) {
        return Err(bad(format!(
            "players: {p}: the board plays the two-player games (kpo for {p}: the command line's --players)"
        )));
    }
    Ok(r)
}

/// The game and position `r` names.
fn game(r: &Request) -> Result<AnyGame, Refusal> {
    let size = Size {
        width: r.width,
        seeds: r.seeds,
        counters: r.counters,
        store: r.store,
        max_hole: r.max_hole,
        phase: None,
    };
    args::setup(
        &r.variant,
        size,
        r.phase.as_deref(),
        &r.rules,
        r.position.as_deref(),
    )
    .map_err(|e| bad(e.0))
}

/// The seconds `r` may compute: its `time`, at most the server's limit.
fn seconds(state: &State, r: &Request) -> Result<f64, Refusal> {
    let most = state.config.time;
    match r.time {
        None => Ok(most),
        Some(t) if t > 0.0 && t <= most => Ok(t),
        Some(t) => Err(bad(format!(
            "time {t}: expected a positive number of seconds, at most {most} (the server's limit)"
        ))),
    }
}

/// Answers the posted endpoint `name`.
fn answer(state: &State, name: &str, r: &Request) -> Result<String, Refusal> {
    let busy = || {
        (
            503,
            format!(
                "{name}: the server is running {} analyses already; try again when one ends",
                state.config.jobs
            ),
        )
    };
    match name {
        "start" => {
            let start = Request {
                position: None,
                ..r.clone()
            };
            let (g, pos) = game(&start)?.split();
            Ok(line(&position::json::State::new(&g, &pos)))
        }
        "moves" => {
            let (g, pos) = game(r)?.split();
            Ok(line(&position::moves(&g, &pos).map_err(|e| bad(e.0))?))
        }
        "play" => {
            let (g, pos) = game(r)?.split();
            let state = position::play(&g, pos, &r.moves).map_err(|e| bad(e.0))?;
            Ok(line(&state))
        }
        "analyze" | "solve" => {
            let g = game(r)?;
            let search = search(state, r, &g)?;
            let _slot = state.slot().ok_or_else(busy)?;
            let solved =
                solve::run(g, &search, name == "analyze", &|_| {}).map_err(|e| bad(e.0))?;
            Ok(line(&solved))
        }
        "probe" => {
            let Some(dir) = &state.config.tablebases else {
                return Err(bad(
                    "probe: the server has no tables folder (start it with --tablebases DIR)",
                ));
            };
            let g = game(r)?;
            Ok(line(&tablebase::probe(&g, dir).map_err(bad)?))
        }
        "engine" => {
            let g = game(r)?;
            let Some(text) = &r.engine else {
                return Err(bad(
                    "engine: no engine given (e.g. \"engine\": \"alphabeta:depth=4\")",
                ));
            };
            let secs = seconds(state, r)?;
            let spec = bounded(text, secs, state.config.tt_mb)?;
            let _slot = state.slot().ok_or_else(busy)?;
            let dir = state.config.tablebases.as_deref();
            let deadline = Instant::now() + Duration::from_secs_f64(secs);
            let seed = r.seed.unwrap_or(0);
            let m = r#match::engine_move(&g, &spec, seed, dir, Some(deadline)).map_err(bad)?;
            Ok(line(&m))
        }
        _ => unreachable!("route passes only the posted endpoints"),
    }
}

/// The search options of an analysis of `g` under the server's bounds: its threads, table
/// size, memory and the request's time ([`solve::held_to`]).
fn search(state: &State, r: &Request, g: &AnyGame) -> Result<Search, Refusal> {
    let c = &state.config;
    let deadline = Instant::now() + Duration::from_secs_f64(seconds(state, r)?);
    let dir = c.tablebases.as_deref();
    Ok(solve::held_to(
        g, c.threads, c.tt_mb, c.memory, dir, deadline,
    ))
}

/// The engine of `text`, held to the request's `seconds` and the server's table size: a
/// counted budget past the API's limits is refused, a perfect engine without a time limit
/// gets the request's.
pub fn bounded(text: &str, seconds: f64, tt_mb: usize) -> Result<EngineSpec, Refusal> {
    // A request must not make the server run a program, or read a file, of its choosing.
    let t = text.trim();
    let refused = || {
        bad(format!(
            "engine {}: the server runs only the external engines of its engines file, ext:NAME (GET /api/engines lists them)",
            mancala_analysis::error::shorten(t)
        ))
    };
    if t.starts_with("cmd") || t.starts_with("ext:") && t.contains('@') {
        return Err(refused());
    }
    let spec: EngineSpec = text.parse().map_err(|e| {
        // The engines file's name and contents are the server's own, not the client's.
        if t.starts_with("ext:") {
            bad(format!(
                "engine {}: the server has no such engine (GET /api/engines lists them)",
                mancala_analysis::error::shorten(t)
            ))
        } else {
            bad(e)
        }
    })?;
    if let EngineSpec::External(x) = &spec {
        // Whatever the spec's text, only an entry of the server's own engines file runs.
        if !x.label.starts_with("ext:") || x.label.contains('@') {
            return Err(refused());
        }
    }
    let ms = (seconds * 1000.0) as u64;
    let over = |what: String| bad(format!("engine {text}: {what}"));
    match spec {
        EngineSpec::AlphaBeta {
            limit: Limit::Depth(d),
        } if d > MAX_ALPHABETA_DEPTH => Err(over(format!(
            "depth {d}: at most {MAX_ALPHABETA_DEPTH} here (or give time=MS)"
        ))),
        EngineSpec::AlphaBeta {
            limit: Limit::Nodes(n),
        } if n > MAX_ALPHABETA_NODES => Err(over(format!(
            "nodes {n}: at most {MAX_ALPHABETA_NODES} here"
        ))),
        EngineSpec::AlphaBeta {
            limit: Limit::Time(t),
        } if t > ms => Err(over(format!("time {t} ms: at most {ms} (the request's)"))),
        EngineSpec::Mcts { iters, .. } if iters > MAX_MCTS_ITERS => Err(over(format!(
            "iters {iters}: at most {MAX_MCTS_ITERS} here"
        ))),
        EngineSpec::Perfect { tt_mb: t, .. } if t > tt_mb => {
            Err(over(format!("tt {t} MiB: at most {tt_mb} here")))
        }
        EngineSpec::Perfect {
            time_ms: Some(t), ..
        } if t > ms => Err(over(format!("time {t} ms: at most {ms} (the request's)"))),
        EngineSpec::Perfect {
            tt_mb,
            time_ms: None,
        } => Ok(EngineSpec::Perfect {
            tt_mb,
            time_ms: Some(ms),
        }),
        s => Ok(s),
    }
}
