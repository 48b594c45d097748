//! The long calls on a state: perft, solve and analyze, an engine's move. Each runs on a
//! thread of its own without the GIL ([`crate::long`]), and hands back the command line's
//! `--json` shape as Python objects.

use crate::*;
use mancala_analysis::args::{self, SearchText};
use mancala_analysis::engine::EngineSpec;
use mancala_analysis::kpo_players;
use mancala_analysis::nseat::SeatEngineSpec;
use mancala_analysis::position;
use mancala_analysis::solve::{self, Event};
use pyo3::prelude::*;
use std::path::PathBuf;

/// The `perft --json` object of `state` to `depth` plies (with `divide`, each first move's).
pub(crate) fn perft(py: Python<'_>, state: &State, depth: u32, divide: bool) -> PyResult<PyObject> {
    let (game, pos) = (state.game.clone(), state.pos.clone());
    let shape = long::run(
        py,
        move |_| match (&game.rules, &pos) {
            (Rules::Two(g), Pos::Two(p)) => position::perft(g, p, depth, divide),
            (Rules::KpoPlayers(g), Pos::KpoPlayers(p)) => {
                position::perft_depth(depth).map(|d| kpo_players::perft(g, p, d, divide))
            }
            _ => unreachable!("a position of its own game"),
        },
        |_, _: ()| Ok(()),
    )?;
    objects::to_py(py, &objects::value(&shape.map_err(|e| bad(e.0))?))
}

/// The `solve --json` (`analyze --json` with `every_move`) object of `state` under the
/// limits `text`; `progress(message)` hears the spinner's messages.
pub(crate) fn solve(
    py: Python<'_>,
    state: &State,
    every_move: bool,
    text: SearchText,
    progress: Option<PyObject>,
) -> PyResult<PyObject> {
    let s = text.parse().map_err(bad)?;
    let on = |py: Python<'_>, m: String| match &progress {
        Some(f) => f.call1(py, (m,)).map(|_| ()),
        None => Ok(()),
    };
    let line = match (&state.game.rules, &state.pos) {
        (Rules::KpoPlayers(g), Pos::KpoPlayers(p)) => {
            if every_move {
                return Err(bad(kpo_players::analyze_refused(g.players())));
            }
            let (g, p) = (g.clone(), *p);
            long::run(
                py,
                move |tx| {
                    let log = |m: &str| {
                        let _ = tx.send(m.to_string());
                    };
                    kpo_players::solve_with(&g, &p, &s, &log).map(|r| objects::value(&r))
                },
                on,
            )?
        }
        _ => {
            let game = state.game.any_game(&state.pos).expect("two players");
            long::run(
                py,
                move |tx| {
                    let on = |e: Event| {
                        let m = match e {
                            Event::Spin(m) | Event::Line(m) | Event::Note(m) => m,
                        };
                        let _ = tx.send(m);
                    };
                    solve::run(game, &s, every_move, &on).map(|r| objects::value(&r))
                },
                on,
            )?
        }
    };
    objects::to_py(py, &line.map_err(|e| bad(e.0))?)
}

/// The choice of the engine `spec` in `state`, as the JSON object of `mancala match`'s
/// engines (see `State.engine_raw`).
pub(crate) fn engine_move(
    py: Python<'_>,
    state: &State,
    spec: &str,
    seed: u64,
    tablebases: Option<PathBuf>,
    time: Option<f64>,
) -> PyResult<PyObject> {
    let spec_text = spec;
    let deadline = match time {
        Some(t) if !(t > 0.0 && t < 1e9) => return Err(bad(args::Invalid::Time(t))),
        Some(t) => Some(std::time::Instant::now() + std::time::Duration::from_secs_f64(t)),
        None => None,
    };
    let Some(game) = state.game.any_game(&state.pos) else {
        let (Rules::KpoPlayers(g), Pos::KpoPlayers(p)) = (&state.game.rules, &state.pos) else {
            unreachable!("a game of two players is any family's")
        };
        let (g, p) = ((**g).clone(), *p);
        let spec: SeatEngineSpec = spec_text.parse().map_err(bad)?;
        let line = long::run(
            py,
            move |_| seat_engine_move(&g, &p, &spec, seed),
            |_, _: ()| Ok(()),
        )?;
        return objects::to_py(py, &line.map_err(bad)?);
    };
    let spec: EngineSpec = spec_text.parse().map_err(bad)?;
    let shape = long::run(
        py,
        move |_| {
            let dir = tablebases.as_deref();
            mancala_analysis::r#match::engine_move(&game, &spec, seed, dir, deadline)
        },
        |_, _: ()| Ok(()),
    )?;
    objects::to_py(py, &objects::value(&shape.map_err(bad)?))
}
