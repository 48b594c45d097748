//! The Python module `mancala._native`: the toolkit's games, states, perft, solve, analyze,
//! tablebases and engines, bound through the `mancala-analysis` crate's public functions so
//! that every value and every error message is the command line's. The Python package
//! `mancala` (python/mancala/) wraps it with typed results, OpenSpiel and PettingZoo.
//!
//! By concern: [`game`] (games, their rules and actions), [`state`] (states, their moves,
//! observations and returns), [`actions`] (fixed action ids), [`observe`] (observation
//! tensors), [`episode`] (a learning loop's game), [`solving`] (perft, solve, engine
//! moves), [`engines`], [`tablebases`], [`long`] (work off the interpreter, Ctrl-C) and
//! [`objects`] (the command line's shapes as Python objects).
#![deny(missing_docs)]
// PyO3 0.22's `#[pymethods]` expansion converts each `PyResult` into itself.
#![allow(clippy::useless_conversion)]

mod actions;
mod engines;
mod episode;
mod game;
mod long;
mod objects;
mod observe;
mod solving;
mod state;
mod tablebases;

pub(crate) use engines::*;
pub(crate) use game::*;
pub(crate) use state::*;
pub(crate) use tablebases::*;

use mancala_analysis::position::json;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// A refusal of the user's input, as the command line words it, raised as `ValueError`.
fn bad(message: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(message.to_string())
}

/// `mancala variants --json`.
#[pyfunction]
fn variants_raw(py: Python<'_>) -> PyResult<PyObject> {
    let shape = json::Variants::new(mancala_solver::variant::VARIANTS);
    objects::to_py(py, &objects::value(&shape))
}

/// The number of long computations (solve, analyze, perft, table builds, engine moves)
/// running on threads of their own: 0 once a Ctrl-C has stopped them.
#[pyfunction]
fn _running() -> usize {
    long::running()
}

/// The module `mancala._native`.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Game>()?;
    m.add_class::<State>()?;
    m.add_class::<episode::Episode>()?;
    m.add_function(wrap_pyfunction!(variants_raw, m)?)?;
    m.add_function(wrap_pyfunction!(check_engine, m)?)?;
    m.add_function(wrap_pyfunction!(tablebase_build, m)?)?;
    m.add_function(wrap_pyfunction!(tablebase_probe, m)?)?;
    m.add_function(wrap_pyfunction!(tablebase_info, m)?)?;
    m.add_function(wrap_pyfunction!(_running, m)?)?;
    Ok(())
}
