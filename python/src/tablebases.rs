//! The endgame tables: `mancala tablebase build`, `probe`, `info` and `verify`.

use crate::*;
use mancala_analysis::tablebase;
use pyo3::prelude::*;
use std::path::PathBuf;

/// The game the tablebase commands name: the game's variant, width, rules and counters.
pub(crate) fn game_text(g: &Inner) -> tablebase::GameText<'_> {
    tablebase::GameText::new(&g.variant, g.width, &g.rule_texts, g.counters)
}

/// `mancala tablebase build` of `game` into `folder`, as its `--json` line; `progress` hears
/// each finished slice's line.
#[pyfunction]
#[pyo3(signature = (game, folder, *, max_stones=None, threads=None, progress=None))]
pub(crate) fn tablebase_build(
    py: Python<'_>,
    game: &Game,
    folder: PathBuf,
    max_stones: Option<u32>,
    threads: Option<usize>,
    progress: Option<PyObject>,
) -> PyResult<PyObject> {
    let g = game.inner.clone();
    if matches!(g.rules, Rules::KpoPlayers(_)) {
        return Err(bad(
            "kpo for three or four players has no endgame tables: `solve` gives its values",
        ));
    }
    let done = long::run(
        py,
        move |tx| {
            let pass = |_: &mancala_tablebases::Progress| {};
            let slice = |line: &str| {
                let _ = tx.send(line.to_string());
            };
            let watch = tablebase::Watch {
                pass: &pass,
                slice: &slice,
            };
            let job = tablebase::Job::Build(game_text(&g), max_stones, threads, false);
            tablebase::run(job, &folder, &watch).map(|d| d.shape.map(|s| objects::value(&s)))
        },
        |py, line: String| match &progress {
            Some(f) => f.call1(py, (line,)).map(|_| ()),
            None => Ok(()),
        },
    )?;
    let shape = done.map_err(|e| bad(e.0))?;
    objects::to_py(py, &shape.unwrap_or_else(|| serde_json::json!({})))
}

/// `mancala tablebase probe` of `state` from the tables of `folder`, as its `--json` line.
#[pyfunction]
pub(crate) fn tablebase_probe(
    py: Python<'_>,
    state: &State,
    folder: PathBuf,
) -> PyResult<PyObject> {
    let Some(game) = state.game.any_game(&state.pos) else {
        return Err(bad(
            "kpo for three or four players has no endgame tables: `solve` gives its values",
        ));
    };
    let r = long::run(
        py,
        move |_| tablebase::probe(&game, &folder).map(|p| objects::value(&p)),
        |_, _: ()| Ok(()),
    )?;
    objects::to_py(py, &r.map_err(bad)?)
}

/// `mancala tablebase info` (`verify` with `verify`) of `folder`, as its `--json` line.
#[pyfunction]
#[pyo3(signature = (folder, verify=false))]
pub(crate) fn tablebase_info(py: Python<'_>, folder: PathBuf, verify: bool) -> PyResult<PyObject> {
    let r = long::run(
        py,
        move |_| match verify {
            true => tablebase::verify(&folder).map(|v| objects::value(&v)),
            false => tablebase::info(&folder).and_then(|(shape, sound)| {
                sound?;
                Ok(objects::value(&shape))
            }),
        },
        |_, _: ()| Ok(()),
    )?;
    objects::to_py(py, &r.map_err(bad)?)
}
