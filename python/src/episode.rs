//! A game being played by a learning loop (the OpenSpiel registration's state): the state,
//! the actions played, the positions met, and the end by the rules, a ply limit or a
//! repetition (as `mancala match` ends a game). One call a step, however the game ends.

use crate::{bad, Fx, Pos, State};
use pyo3::prelude::*;
use std::collections::HashSet;
use std::hash::BuildHasherDefault;

/// OpenSpiel's player id of a finished game.
const TERMINAL: i64 = -4;

/// A game being played (see the module docs).
#[pyclass(module = "mancala._native")]
pub(crate) struct Episode {
    state: Py<State>,
    history: Vec<usize>,
    seen: HashSet<Pos, BuildHasherDefault<Fx>>,
    max_plies: usize,
    /// Whether a repeated position ends the game.
    repetition: bool,
    player: i64,
}

impl Episode {
    /// The seat to move in `state` after `plies` plies, or [`TERMINAL`].
    fn player_of(state: &State, plies: usize, max_plies: usize, repeated: bool) -> i64 {
        match state.over() || plies >= max_plies || repeated {
            true => TERMINAL,
            false => state.game.to_move(&state.pos) as i64,
        }
    }
}

#[pymethods]
impl Episode {
    /// A game from `state` with `history` already played (the positions met: `seen`, the
    /// seat to move: `player`), stopped after `max_plies` plies, and with `repetition` when
    /// a position repeats.
    #[new]
    #[pyo3(signature = (state, max_plies, repetition=true, history=None, seen=None, player=None))]
    fn new(
        state: Bound<'_, State>,
        max_plies: usize,
        repetition: bool,
        history: Option<Vec<usize>>,
        seen: Option<Vec<PyRef<'_, State>>>,
        player: Option<i64>,
    ) -> PyResult<Episode> {
        let s = state.get();
        let mut met: HashSet<Pos, BuildHasherDefault<Fx>> = HashSet::default();
        for x in seen.iter().flatten() {
            if !crate::same(&x.game, &s.game) {
                return Err(bad("seen: a state of another game"));
            }
            met.insert(x.pos.clone());
        }
        met.insert(s.pos.clone());
        let history = history.unwrap_or_default();
        let player =
            player.unwrap_or_else(|| Episode::player_of(s, history.len(), max_plies, false));
        Ok(Episode {
            state: state.unbind(),
            history,
            seen: met,
            max_plies,
            repetition,
            player,
        })
    }

    /// The state now.
    #[getter]
    fn state(&self, py: Python<'_>) -> Py<State> {
        self.state.clone_ref(py)
    }

    /// The seat to move, or -4 (OpenSpiel's terminal player) once the game has ended.
    #[getter]
    fn player(&self) -> i64 {
        self.player
    }

    /// The plies played.
    #[getter]
    fn plies(&self) -> usize {
        self.history.len()
    }

    /// The actions played.
    fn history(&self) -> Vec<usize> {
        self.history.clone()
    }

    /// Plays `action` and returns the seat to move then (-4 once the game has ended).
    fn step(&mut self, py: Python<'_>, action: i64) -> PyResult<i64> {
        let action = crate::action_index(action)?;
        if self.player == TERMINAL {
            return Err(bad("the game has ended: no action is legal"));
        }
        let now = self.state.get();
        let next = now.with(now.apply(action)?);
        let repeated = self.repetition && !self.seen.insert(next.pos.clone());
        self.history.push(action);
        self.player = Episode::player_of(&next, self.history.len(), self.max_plies, repeated);
        self.state = Py::new(py, next)?;
        Ok(self.player)
    }

    /// The legal actions of `player` (by default the seat to move): none for another seat
    /// or once the game has ended.
    #[pyo3(signature = (player=None))]
    fn legal_actions(&self, player: Option<i64>) -> PyResult<Vec<usize>> {
        if self.player == TERMINAL || player.is_some_and(|p| p != self.player) {
            return Ok(vec![]);
        }
        self.state.get().actions()
    }

    /// The observation tensor of `player` (by default the seat to move) as a list.
    #[pyo3(signature = (player=None, *, relative=false))]
    fn observe_list(&self, player: Option<i64>, relative: bool) -> PyResult<Vec<f32>> {
        self.state.get().observation(player, relative)
    }

    fn __copy__(&self, py: Python<'_>) -> Episode {
        Episode {
            state: self.state.clone_ref(py),
            history: self.history.clone(),
            seen: self.seen.clone(),
            max_plies: self.max_plies,
            repetition: self.repetition,
            player: self.player,
        }
    }

    fn __deepcopy__(&self, py: Python<'_>, _memo: &Bound<'_, PyAny>) -> Episode {
        self.__copy__(py)
    }

    fn __reduce__(&self, py: Python<'_>) -> PyResult<(PyObject, PyObject)> {
        let game = &self.state.get().game;
        let seen = self
            .seen
            .iter()
            .map(|p| Py::new(py, State::new(game.clone(), p.clone())));
        let seen = seen.collect::<PyResult<Vec<_>>>()?;
        let cls = py.get_type_bound::<Episode>().into_any().unbind();
        let args = (
            self.state.clone_ref(py),
            self.max_plies,
            self.repetition,
            self.history.clone(),
            seen,
            self.player,
        );
        Ok((cls, args.into_py(py)))
    }
}
