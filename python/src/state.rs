//! States of a game: `mancala.State`, its moves, actions, observations, returns and the
//! long calls on it (perft, solve, engine moves, playouts).

use crate::*;
use mancala_analysis::args::SearchText;
use mancala_solver::any::{AnyMove, AnyRules};
use mancala_solver::game::{Game as _, Notation};
use mancala_solver::nseat::{SeatGame, SeatNotation};
use numpy::{PyArray1, PyReadwriteArray1};
use pyo3::prelude::*;
use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

/// An immutable state of a game: a position (see `mancala.State`).
#[pyclass(frozen, module = "mancala._native")]
pub(crate) struct State {
    pub(crate) game: Arc<Inner>,
    pub(crate) pos: Pos,
    /// The legal moves of a four-row, morris or Isolo position, listed once when first
    /// needed: a step of a game loop asks for them up to four times (the actions, the move
    /// played, whether the game is over, the observation).
    pub(crate) listed: OnceLock<Vec<AnyMove>>,
}

impl State {
    pub(crate) fn new(game: Arc<Inner>, pos: Pos) -> State {
        State {
            game,
            pos,
            listed: OnceLock::new(),
        }
    }

    pub(crate) fn with(&self, pos: Pos) -> State {
        State::new(self.game.clone(), pos)
    }

    /// The legal moves of a family whose actions index them (four-row, morris, Isolo);
    /// `None` for the others.
    pub(crate) fn listed(&self) -> PyResult<Option<&[AnyMove]>> {
        match (&self.game.rules, &self.pos) {
            (Rules::Two(AnyRules::Two(_)), _) | (Rules::KpoPlayers(_), _) => Ok(None),
            (Rules::Two(g), Pos::Two(p)) => {
                self.game.listable(g, p)?;
                Ok(Some(self.listed.get_or_init(|| g.legal_moves(p))))
            }
            _ => unreachable!("a position of its own game"),
        }
    }

    /// The legal actions (see [`Inner::actions`]).
    pub(crate) fn actions(&self) -> PyResult<Vec<usize>> {
        let mut ids = match self.listed()? {
            Some(moves) => moves
                .iter()
                .enumerate()
                .map(|(i, m)| self.game.id(m, i))
                .collect(),
            None => self.game.actions(&self.pos)?,
        };
        ids.sort_unstable();
        Ok(ids)
    }

    /// The position after action `a` (see [`Inner::apply`]).
    pub(crate) fn apply(&self, a: usize) -> PyResult<Pos> {
        match (self.listed()?, &self.game.rules, &self.pos) {
            (Some(moves), Rules::Two(g), Pos::Two(p)) => {
                let illegal = || bad(format!("action {a} is not legal in this position"));
                Ok(Pos::Two(
                    g.play(p, self.game.move_of(moves, a).ok_or_else(illegal)?),
                ))
            }
            _ => self.game.apply(&self.pos, a),
        }
    }

    /// True when the game is over (a four-row game: when the mover has no move).
    pub(crate) fn over(&self) -> bool {
        match (&self.game.rules, &self.pos) {
            (Rules::Two(g @ AnyRules::Four(_)), Pos::Two(p)) => {
                self.listed.get_or_init(|| g.legal_moves(p)).is_empty()
            }
            _ => self.game.over(&self.pos),
        }
    }

    /// The observation tensor for `player` (by default the seat to move; see `observe`).
    pub(crate) fn observation(&self, player: Option<i64>, relative: bool) -> PyResult<Vec<f32>> {
        let mut out = vec![0f32; observe::size(&self.game.rules)];
        let p = self.game.observer(&self.pos, player)?;
        observe::encode(&self.game, &self.pos, p, relative, self.over(), &mut out);
        Ok(out)
    }

    /// Writes 1 at each legal action (none once over) into `out`, 0 elsewhere.
    pub(crate) fn mask_into(&self, out: &mut [i8]) -> PyResult<()> {
        out.fill(0);
        if !self.over() {
            for a in self.actions()? {
                out[a] = 1;
            }
        }
        Ok(())
    }
}

#[pymethods]
impl State {
    /// The game of this state.
    #[getter]
    pub(crate) fn game(&self) -> Game {
        Game {
            inner: self.game.clone(),
        }
    }

    /// The position text (docs/NOTATION.md).
    pub(crate) fn text(&self) -> String {
        self.game.text(&self.pos)
    }

    /// The legal moves by name, in move order.
    pub(crate) fn moves(&self) -> PyResult<Vec<String>> {
        self.game.moves(&self.pos)
    }

    /// The state after the move `name` (a `ValueError` when it is not legal).
    pub(crate) fn play(&self, name: &str) -> PyResult<State> {
        let pos = match (&self.game.rules, &self.pos) {
            (Rules::Two(g), Pos::Two(p)) => {
                let m = g.parse_move(p, name).map_err(bad)?;
                Pos::Two(g.play(p, m))
            }
            (Rules::KpoPlayers(g), Pos::KpoPlayers(p)) => {
                let m = g.parse_move(p, name).map_err(bad)?;
                Pos::KpoPlayers(g.play(p, m))
            }
            _ => unreachable!("a position of its own game"),
        };
        Ok(self.with(pos))
    }

    /// The legal moves as actions (integers below `game.num_actions`), ascending.
    pub(crate) fn legal_actions(&self) -> PyResult<Vec<usize>> {
        self.actions()
    }

    /// The state after the action `action`.
    pub(crate) fn apply_action(&self, action: i64) -> PyResult<State> {
        let action = action_index(action)?;
        Ok(self.with(self.apply(action)?))
    }

    /// The state after the action `action` and its seat to move, -4 (OpenSpiel's terminal
    /// player) once the game is over: one call for a step of a Python game loop.
    pub(crate) fn step(&self, action: i64) -> PyResult<(State, i64)> {
        let action = action_index(action)?;
        let next = self.with(self.apply(action)?);
        let mover = match next.over() {
            true => -4,
            false => self.game.to_move(&next.pos) as i64,
        };
        Ok((next, mover))
    }

    /// The move name of the legal action `action`.
    pub(crate) fn action_name(&self, action: i64) -> PyResult<String> {
        let action = action_index(action)?;
        self.game.action_name(&self.pos, action)
    }

    /// The action of the legal move `name`.
    pub(crate) fn action_of(&self, name: &str) -> PyResult<usize> {
        self.game.action_of(&self.pos, name)
    }

    /// The seat to move: 0 for South (P1), 1 for North (P2), 2 and 3 for P3 and P4.
    #[getter]
    pub(crate) fn to_move(&self) -> usize {
        self.game.to_move(&self.pos)
    }

    /// True when the game is over.
    #[getter]
    pub(crate) fn is_over(&self) -> bool {
        self.over()
    }

    /// Each seat's result of a finished game by `metric`, `None` while it goes on; with
    /// `adjudicate`, of the game stopped here (a ply limit, a repetition), scored by the
    /// seeds won so far as `mancala match` and the solver score endless play. `wdl`: two
    /// players +1 win, -1 loss, 0 draw; three or four, the leaders share 1. `margin`: the
    /// two-row games the seed margin; kpo for three or four own seeds less the mean; the
    /// win/draw/loss games (four-row, morris, Isolo) as `wdl`, 0 when stopped.
    #[pyo3(signature = (metric="wdl", *, adjudicate=false))]
    pub(crate) fn returns(&self, metric: &str, adjudicate: bool) -> PyResult<Option<Vec<f64>>> {
        Ok(self
            .game
            .result(&self.pos, Metric::parse(metric)?, adjudicate))
    }

    /// Each seat's seeds: taken so far, or once the game is over its final score.
    pub(crate) fn scores(&self) -> Vec<u32> {
        self.game.scores(&self.pos)
    }

    /// The `mancala show --json` object of this state: side to move, captured seeds,
    /// whether the game is over and its result, the rule options.
    pub(crate) fn info(&self, py: Python<'_>) -> PyResult<PyObject> {
        objects::to_py(py, &self.game.show(&self.pos))
    }

    /// The board drawn as the players see it (`mancala show`).
    pub(crate) fn draw(&self) -> String {
        self.game.draw(&self.pos)
    }

    /// The `perft --json` object: move paths of `depth` plies (with `divide`, the count
    /// under each first move), counted without the GIL.
    #[pyo3(signature = (depth, divide=false))]
    pub(crate) fn perft_raw(&self, py: Python<'_>, depth: u32, divide: bool) -> PyResult<PyObject> {
        solving::perft(py, self, depth, divide)
    }

    /// `solve` (`analyze` with `every_move`) of this state under the limits of the command
    /// line, as its `--json` line; `progress(message)` hears the spinner's messages.
    #[pyo3(signature = (every_move=false, *, threads=None, tt_mb=None, depth=None, tablebases=None, memory=None, time=None, method=None, proof=None, progress=None))]
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn solve_raw(
        &self,
        py: Python<'_>,
        every_move: bool,
        threads: Option<usize>,
        tt_mb: Option<usize>,
        depth: Option<u32>,
        tablebases: Option<PathBuf>,
        memory: Option<String>,
        time: Option<f64>,
        method: Option<String>,
        proof: Option<PathBuf>,
        progress: Option<PyObject>,
    ) -> PyResult<PyObject> {
        let text = SearchText {
            threads,
            tt_mb,
            depth,
            tablebases,
            memory,
            time,
            method,
            proof,
        };
        solving::solve(py, self, every_move, text, progress)
    }

    /// The move the engine `spec` chooses here (`mancala match`'s engines; kpo for three or
    /// four players, `match --engines`' seat engines), as the JSON of its choice; random
    /// choices drawn from `seed`; the perfect engine probes the tables of `tablebases`; with
    /// `time` (seconds), the best move found when it runs out (two players).
    #[pyo3(signature = (spec, *, seed=0, tablebases=None, time=None))]
    pub(crate) fn engine_raw(
        &self,
        py: Python<'_>,
        spec: &str,
        seed: u64,
        tablebases: Option<PathBuf>,
        time: Option<f64>,
    ) -> PyResult<PyObject> {
        solving::engine_move(py, self, spec, seed, tablebases, time)
    }

    /// Random playout plies from this state: `games` games of at most `max_plies` plies.
    #[pyo3(signature = (games, *, max_plies=10_000, seed=0))]
    pub(crate) fn playouts(
        &self,
        py: Python<'_>,
        games: u64,
        max_plies: u64,
        seed: u64,
    ) -> PyResult<u64> {
        let (g, pos) = (self.game.clone(), self.pos.clone());
        long::run(
            py,
            move |_| g.playouts(&pos, games, max_plies, seed),
            |_, _: ()| Ok(()),
        )
    }

    /// The observation tensor (float32, `game.observation_size` values; the layout in
    /// docs/PYTHON.md) for `player` (by default the seat to move), seats counted from the
    /// player with `relative`.
    #[pyo3(signature = (player=None, *, relative=false))]
    pub(crate) fn observe<'py>(
        &self,
        py: Python<'py>,
        player: Option<i64>,
        relative: bool,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        Ok(PyArray1::from_vec_bound(
            py,
            self.observation(player, relative)?,
        ))
    }

    /// `observe` as a list of floats (what OpenSpiel's `observation_tensor` returns).
    #[pyo3(signature = (player=None, *, relative=false))]
    pub(crate) fn observe_list(&self, player: Option<i64>, relative: bool) -> PyResult<Vec<f32>> {
        self.observation(player, relative)
    }

    /// Writes the observation tensor (see `observe`) into `out`, a float32 array of
    /// `game.observation_size` values.
    #[pyo3(signature = (out, player=None, *, relative=false))]
    pub(crate) fn observe_into(
        &self,
        mut out: PyReadwriteArray1<'_, f32>,
        player: Option<i64>,
        relative: bool,
    ) -> PyResult<()> {
        let size = observe::size(&self.game.rules);
        let p = self.game.observer(&self.pos, player)?;
        let out = out
            .as_slice_mut()
            .ok()
            .filter(|o| o.len() == size)
            .ok_or_else(|| {
                bad(format!(
                    "out: expected a contiguous float32 array of {size} values"
                ))
            })?;
        observe::encode(&self.game, &self.pos, p, relative, self.over(), out);
        Ok(())
    }

    /// The legal-action mask (int8, `game.num_actions` values: 1 for a legal action).
    pub(crate) fn legal_mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<i8>>> {
        let size = self.game().num_actions()?;
        let mut out = vec![0i8; size];
        self.mask_into(&mut out)?;
        Ok(PyArray1::from_vec_bound(py, out))
    }

    pub(crate) fn __copy__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    pub(crate) fn __deepcopy__(slf: Py<Self>, _memo: &Bound<'_, PyAny>) -> Py<Self> {
        slf
    }

    pub(crate) fn __repr__(&self) -> String {
        format!("{}.state({})", self.game.repr, py_str(&self.text()))
    }

    pub(crate) fn __str__(&self) -> String {
        self.text()
    }

    pub(crate) fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        match other.downcast::<State>() {
            Ok(o) => {
                let o = o.get();
                self.pos == o.pos && same(&self.game, &o.game)
            }
            Err(_) => false,
        }
    }

    pub(crate) fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = Fx(0);
        self.pos.hash(&mut h);
        h.finish()
    }

    pub(crate) fn __reduce__(&self, py: Python<'_>) -> PyResult<(PyObject, (String,))> {
        // A state pickles as the game's `state` of its text (the game object goes along).
        let f = Game {
            inner: self.game.clone(),
        }
        .into_py(py)
        .getattr(py, "state")?;
        Ok((f, (self.text(),)))
    }
}
