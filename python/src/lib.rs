//! The Python module `mancala._native`: the toolkit's games, states, perft, solve, analyze,
//! tablebases and engines, bound through the `mancala-analysis` crate's public functions so
//! that every value and every error message is the command line's. The Python package
//! `mancala` (python/mancala/) wraps it with typed results, OpenSpiel and PettingZoo.
#![deny(missing_docs)]
// PyO3 0.22's `#[pymethods]` expansion converts each `PyResult` into itself.
#![allow(clippy::useless_conversion)]

mod actions;
mod episode;
mod long;
mod objects;
mod observe;

use mancala_analysis::args::{self, SearchText};
use mancala_analysis::engine::EngineSpec;
use mancala_analysis::json;
use mancala_analysis::position;
use mancala_analysis::seats::command;
use mancala_analysis::seats::SeatEngineSpec;
use mancala_analysis::solve::{self, Event};
use mancala_analysis::tables;
use mancala_solver::any::{AnyGame, AnyMove, AnyPos, AnyRules};
use mancala_solver::game::{Game as _, Notation};
use mancala_solver::kpo_players::{KpoNMove, KpoNPos, KpoPlayers};
use mancala_solver::nseat::analysis::winners;
use mancala_solver::nseat::{SeatGame, SeatNotation};
use mancala_solver::rng::Rng;
use mancala_solver::side::Side;
use mancala_solver::variant::Size;
use numpy::{PyArray1, PyArray2, PyArrayMethods, PyReadwriteArray1};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

/// A refusal of the user's input, as the command line words it, raised as `ValueError`.
fn bad(message: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(message.to_string())
}

/// The rules of a game: two players of any family, or kpo for three or four.
enum Rules {
    /// Two players.
    Two(AnyRules),
    /// Kpo for three or four players (boxed: its sowing tables make it large).
    Seats(Box<KpoPlayers>),
}

/// A position of [`Rules`]' kind.
#[derive(Clone, PartialEq, Eq, Hash)]
enum Pos {
    /// Of a two-player game.
    Two(AnyPos),
    /// Of kpo for three or four players.
    Seats(KpoNPos),
}

/// How a result is scored (`State.returns`' `metric`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Metric {
    /// Win, draw or loss.
    Wdl,
    /// The seed margin (the win/draw/loss games: win, draw or loss).
    Margin,
}

impl Metric {
    /// The metric named `name` (`wdl` or `margin`).
    fn parse(name: &str) -> PyResult<Metric> {
        match name {
            "wdl" => Ok(Metric::Wdl),
            "margin" => Ok(Metric::Margin),
            _ => Err(bad(format!("metric '{name}': expected wdl or margin"))),
        }
    }
}

/// A game and the options that named it (the tablebase commands take them as text).
struct Inner {
    rules: Rules,
    start: Pos,
    variant: String,
    width: Option<usize>,
    rule_texts: Vec<String>,
    counters: Option<u32>,
    candidates: Option<usize>,
    /// The keyword arguments the game was made with, for pickling.
    kwargs: Vec<(&'static str, PyObject)>,
    /// `repr` of the game, every option spelled out: two games are equal when theirs are.
    repr: String,
    /// The numbering of a four-row game's moves (`None`: the index in the move list).
    four_ids: Option<actions::FourIds>,
}

/// The most moves of a morris position: a point left (or none), a point played to and a
/// counter taken (or none).
const MORRIS_ACTIONS: usize = 25 * 24 * 25;

impl Inner {
    /// The legal moves of `pos` as [`Game`]'s actions (see `num_actions`).
    fn actions(&self, pos: &Pos) -> PyResult<Vec<usize>> {
        match (&self.rules, pos) {
            (Rules::Two(AnyRules::Two(g)), Pos::Two(AnyPos::Two(p))) => {
                Ok(g.legal_moves(p).iter().map(|&m| m as usize).collect())
            }
            (Rules::Two(g), Pos::Two(p)) => {
                self.listable(g, p)?;
                let moves = g.legal_moves(p);
                Ok(moves
                    .iter()
                    .enumerate()
                    .map(|(i, m)| self.id(m, i))
                    .collect())
            }
            (Rules::Seats(g), Pos::Seats(p)) => {
                Ok(g.legal_moves(p).iter().map(|m| seat_action(g, m)).collect())
            }
            _ => unreachable!("a position of its own game"),
        }
    }

    /// The action of `m`, the `i`-th legal move of a four-row, morris or Isolo position:
    /// its fixed id (`actions`), or `i` where the game numbers no ids.
    fn id(&self, m: &AnyMove, i: usize) -> usize {
        match (m, &self.four_ids) {
            (AnyMove::Four(f), Some(ids)) => ids.id(f),
            (AnyMove::Morris(mm), _) => actions::morris_id(mm),
            _ => i,
        }
    }

    /// The move of `moves` (a position's legal moves) whose action is `a`.
    fn move_of(&self, moves: &[AnyMove], a: usize) -> Option<AnyMove> {
        let numbered = matches!(
            (&self.rules, &self.four_ids),
            (Rules::Two(AnyRules::Morris(_)), _) | (Rules::Two(AnyRules::Four(_)), Some(_))
        );
        match numbered {
            true => moves
                .iter()
                .enumerate()
                .find(|(i, m)| self.id(m, *i) == a)
                .map(|x| *x.1),
            false => moves.get(a).copied(),
        }
    }

    /// Refuses a position whose moves are too many to list (an Isolo arrangement).
    fn listable(&self, g: &AnyRules, p: &AnyPos) -> PyResult<()> {
        // A game limited to candidate arrangements lists them, however many the full game has.
        match g.too_many_to_list(p).filter(|_| self.candidates.is_none()) {
            Some(why) => Err(bad(format!("moves: {why}"))),
            None => Ok(()),
        }
    }

    /// The position after the action `a`, refused when it is not a legal one.
    fn apply(&self, pos: &Pos, a: usize) -> PyResult<Pos> {
        let illegal = || bad(format!("action {a} is not legal in this position"));
        match (&self.rules, pos) {
            (Rules::Two(AnyRules::Two(g)), Pos::Two(AnyPos::Two(p))) => {
                let m = u8::try_from(a).map_err(|_| illegal())?;
                let ok = g.legal_moves(p).contains(&m);
                ok.then(|| Pos::Two(AnyPos::Two(g.play(p, m))))
                    .ok_or_else(illegal)
            }
            (Rules::Two(g), Pos::Two(p)) => {
                self.listable(g, p)?;
                let moves = g.legal_moves(p);
                let m = self.move_of(&moves, a).ok_or_else(illegal)?;
                Ok(Pos::Two(g.play(p, m)))
            }
            (Rules::Seats(g), Pos::Seats(p)) => {
                let moves = g.legal_moves(p);
                let m = moves.iter().find(|m| seat_action(g, m) == a);
                Ok(Pos::Seats(g.play(p, *m.ok_or_else(illegal)?)))
            }
            _ => unreachable!("a position of its own game"),
        }
    }

    /// The move names of `pos`, in move order.
    fn moves(&self, pos: &Pos) -> PyResult<Vec<String>> {
        Ok(match (&self.rules, pos) {
            (Rules::Two(g), Pos::Two(p)) => {
                self.listable(g, p)?;
                let moves = g.legal_moves(p);
                moves.iter().map(|&m| g.move_name(p, m)).collect()
            }
            (Rules::Seats(g), Pos::Seats(p)) => command::moves(g, p).0.moves,
            _ => unreachable!("a position of its own game"),
        })
    }

    /// The move name of action `a` in `pos`.
    fn action_name(&self, pos: &Pos, a: usize) -> PyResult<String> {
        let illegal = || bad(format!("action {a} is not legal in this position"));
        match (&self.rules, pos) {
            (Rules::Two(g), Pos::Two(p)) => {
                let i = self.actions(pos)?.iter().position(|&x| x == a);
                let m = g.legal_moves(p)[i.ok_or_else(illegal)?];
                Ok(g.move_name(p, m))
            }
            (Rules::Seats(g), Pos::Seats(p)) => {
                let moves = g.legal_moves(p);
                let m = moves.iter().find(|m| seat_action(g, m) == a);
                Ok(g.move_name(p, *m.ok_or_else(illegal)?))
            }
            _ => unreachable!("a position of its own game"),
        }
    }

    /// The action of the move named `name` in `pos`, with the command line's refusal.
    fn action_of(&self, pos: &Pos, name: &str) -> PyResult<usize> {
        match (&self.rules, pos) {
            (Rules::Two(g), Pos::Two(p)) => {
                let m = g.parse_move(p, name).map_err(bad)?;
                let i = g.legal_moves(p).iter().position(|&x| x == m);
                Ok(self.actions(pos)?[i.expect("a parsed move is legal")])
            }
            (Rules::Seats(g), Pos::Seats(p)) => {
                let m = g.parse_move(p, name).map_err(bad)?;
                Ok(seat_action(g, &m))
            }
            _ => unreachable!("a position of its own game"),
        }
    }

    /// The observing player: `player` when given (refused when not a seat), else the seat
    /// to move.
    fn observer(&self, pos: &Pos, player: Option<i64>) -> PyResult<usize> {
        let n = observe::players(&self.rules);
        match player {
            Some(p) if p < 0 || p as usize >= n => {
                Err(bad(format!("player {p}: expected a seat 0..{}", n - 1)))
            }
            Some(p) => Ok(p as usize),
            None => Ok(self.to_move(pos)),
        }
    }

    /// The seat to move: 0 for South (P1), 1 for North (P2), and so on.
    fn to_move(&self, pos: &Pos) -> usize {
        match (&self.rules, pos) {
            (Rules::Two(g), Pos::Two(p)) => g.to_move(p).index(),
            (Rules::Seats(g), Pos::Seats(p)) => g.to_move(p),
            _ => unreachable!("a position of its own game"),
        }
    }

    /// True when the game is over.
    fn over(&self, pos: &Pos) -> bool {
        match (&self.rules, pos) {
            (Rules::Two(AnyRules::Two(g)), Pos::Two(AnyPos::Two(p))) => g.outcome(p).is_some(),
            (Rules::Two(g), Pos::Two(p)) => g.outcome(p).is_some(),
            (Rules::Seats(g), Pos::Seats(p)) => g.is_over(p),
            _ => unreachable!("a position of its own game"),
        }
    }

    /// Each seat's result by `metric` of a finished game, or with `adjudicate` of a game
    /// stopped here (a ply limit, a repetition) as `mancala match` and the solver score
    /// endless play: by the seeds won so far, those in play going to nobody (`None` while
    /// the game goes on without `adjudicate`).
    ///
    /// [`Metric::Wdl`]: two players +1, -1 or 0; three or four, the leaders share 1.
    /// [`Metric::Margin`]: the two-row games the seed margin (own less the opponent's); kpo
    /// for three or four own seeds less the mean; the win/draw/loss games (four-row, morris,
    /// Isolo) +1, -1 or 0, and 0 for a game stopped before its end.
    fn result(&self, pos: &Pos, metric: Metric, adjudicate: bool) -> Option<Vec<f64>> {
        match (&self.rules, pos) {
            (Rules::Two(g), Pos::Two(p)) => {
                let (winner, margin) = match g.outcome(p) {
                    Some(o) => (o.winner, o.score[0] as f64 - o.score[1] as f64),
                    None if !adjudicate => return None,
                    None => {
                        let c = g.captured(p);
                        let m = match g {
                            AnyRules::Two(_) => c[0] as f64 - c[1] as f64,
                            _ => 0.0,
                        };
                        let w = match m.partial_cmp(&0.0) {
                            Some(std::cmp::Ordering::Greater) => Some(Side::South),
                            Some(std::cmp::Ordering::Less) => Some(Side::North),
                            _ => None,
                        };
                        (w, m)
                    }
                };
                let wdl = match winner {
                    None => 0.0,
                    Some(Side::South) => 1.0,
                    Some(Side::North) => -1.0,
                };
                let south = match (metric, g) {
                    (Metric::Margin, AnyRules::Two(_)) => margin,
                    _ => wdl,
                };
                Some(vec![south, 0.0 - south])
            }
            (Rules::Seats(g), Pos::Seats(p)) => {
                let scores = match g.is_over(p) {
                    true => g.final_scores(p),
                    false if adjudicate => g.captured(p),
                    false => return None,
                };
                let n = g.players();
                Some(match metric {
                    Metric::Wdl => {
                        let w = winners(&scores, n);
                        let share = 1.0 / w.len() as f64;
                        let mut r = vec![0.0; n];
                        w.iter().for_each(|&s| r[s] = share);
                        r
                    }
                    Metric::Margin => {
                        let mean = scores[..n].iter().map(|&x| x as f64).sum::<f64>() / n as f64;
                        scores[..n].iter().map(|&x| x as f64 - mean).collect()
                    }
                })
            }
            _ => unreachable!("a position of its own game"),
        }
    }

    /// Each seat's seeds: taken so far, or at the end the final score.
    fn scores(&self, pos: &Pos) -> Vec<u32> {
        match (&self.rules, pos) {
            (Rules::Two(g), Pos::Two(p)) => match g.outcome(p) {
                Some(o) => o.score.to_vec(),
                None => g.captured(p).to_vec(),
            },
            (Rules::Seats(g), Pos::Seats(p)) => {
                let s = match g.is_over(p) {
                    true => g.final_scores(p),
                    false => g.captured(p),
                };
                s[..g.players()].to_vec()
            }
            _ => unreachable!("a position of its own game"),
        }
    }

    /// The position text.
    fn text(&self, pos: &Pos) -> String {
        match (&self.rules, pos) {
            (Rules::Two(g), Pos::Two(p)) => g.format_position(p),
            (Rules::Seats(g), Pos::Seats(p)) => g.format_position(p),
            _ => unreachable!("a position of its own game"),
        }
    }

    /// The game of any family at `pos`, for the commands that take one.
    fn any_game(&self, pos: &Pos) -> Option<AnyGame> {
        let (Rules::Two(g), Pos::Two(p)) = (&self.rules, pos) else {
            return None;
        };
        Some(match (g.clone(), p.clone()) {
            (AnyRules::Two(g), AnyPos::Two(p)) => AnyGame::Two(g, p),
            (AnyRules::Four(g), AnyPos::Four(p)) => AnyGame::Four(g, p),
            (AnyRules::Morris(g), AnyPos::Morris(p)) => AnyGame::Morris(g, p),
            (AnyRules::Isolo(g), AnyPos::Isolo(p)) => AnyGame::Isolo(g, p),
            _ => unreachable!("a position of its own game"),
        })
    }

    /// The `show --json` object of `pos`.
    fn show(&self, pos: &Pos) -> serde_json::Value {
        match (&self.rules, pos) {
            (Rules::Two(g), Pos::Two(p)) => objects::value(&position::show(g, p)),
            (Rules::Seats(g), Pos::Seats(p)) => objects::value(&command::state(g, p)),
            _ => unreachable!("a position of its own game"),
        }
    }

    /// The drawing of the board.
    fn draw(&self, pos: &Pos) -> String {
        match (&self.rules, pos) {
            (Rules::Two(g), Pos::Two(p)) => g.draw(p),
            (Rules::Seats(g), Pos::Seats(p)) => g.draw(p),
            _ => unreachable!("a position of its own game"),
        }
    }

    /// Plies of `games` random playouts from `pos` (at most `max_plies` each), in Rust.
    fn playouts(&self, pos: &Pos, games: u64, max_plies: u64, seed: u64) -> u64 {
        match (&self.rules, pos) {
            (Rules::Two(AnyRules::Two(g)), Pos::Two(AnyPos::Two(p))) => {
                playouts_of(&**g, p, games, max_plies, seed)
            }
            (Rules::Two(AnyRules::Four(g)), Pos::Two(AnyPos::Four(p))) => {
                playouts_of(g, p, games, max_plies, seed)
            }
            (Rules::Two(AnyRules::Morris(g)), Pos::Two(AnyPos::Morris(p))) => {
                playouts_of(g, p, games, max_plies, seed)
            }
            (Rules::Two(AnyRules::Isolo(g)), Pos::Two(AnyPos::Isolo(p))) => {
                playouts_of(g, p, games, max_plies, seed)
            }
            (Rules::Seats(g), Pos::Seats(p)) => {
                let mut plies = 0;
                for i in 0..games {
                    let (mut rng, mut at) = (Rng::for_game(seed, i), *p);
                    for _ in 0..max_plies {
                        let moves = g.legal_moves(&at);
                        if g.is_over(&at) || moves.is_empty() {
                            break;
                        }
                        at = g.play(&at, moves[rng.below(moves.len())]);
                        plies += 1;
                    }
                }
                plies
            }
            _ => unreachable!("a position of its own game"),
        }
    }
}

/// The action of kpo's move `m`: twice the pit number from the mover's left less one, plus
/// one when sown clockwise.
fn seat_action(g: &KpoPlayers, m: &KpoNMove) -> usize {
    2 * (g.number_of(m.lane as usize) - 1) + m.cw as usize
}

/// Plies of `games` random playouts of one family (see [`Inner::playouts`]).
fn playouts_of<G: mancala_solver::game::Game>(
    g: &G,
    p: &G::Position,
    games: u64,
    max_plies: u64,
    seed: u64,
) -> u64 {
    let mut plies = 0;
    let mut moves = G::Moves::default();
    for i in 0..games {
        let (mut rng, mut at) = (Rng::for_game(seed, i), p.clone());
        for _ in 0..max_plies {
            g.gen_moves(&at, &mut moves);
            if moves.is_empty() {
                break;
            }
            at = g.play(&at, moves[rng.below(moves.len())]);
            plies += 1;
        }
    }
    plies
}

/// A game: a variant with its board size and rule options (see `mancala.Game`).
#[pyclass(frozen, module = "mancala._native")]
struct Game {
    inner: Arc<Inner>,
}

/// The rule options `name=value`, from `rules` as given.
fn rule_texts(rules: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<String>> {
    let Some(r) = rules else { return Ok(vec![]) };
    if let Ok(d) = r.downcast::<pyo3::types::PyDict>() {
        let mut out = vec![];
        for (k, v) in d.iter() {
            let v: String = match v.extract::<bool>() {
                Ok(b) => b.to_string(),
                Err(_) => v.str()?.to_string(),
            };
            out.push(format!("{}={v}", k.str()?.to_string().replace('_', "-")));
        }
        return Ok(out);
    }
    r.extract::<Vec<String>>()
        .map_err(|_| bad("rules: expected a dict of name: value or a list of 'name=value'"))
}

#[pymethods]
impl Game {
    #[new]
    #[pyo3(signature = (variant, *, width=None, seeds=None, rules=None, players=None, counters=None, store=None, max_hole=None, phase=None, position=None, candidates=None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        variant: &str,
        width: Option<usize>,
        seeds: Option<u32>,
        rules: Option<&Bound<'_, PyAny>>,
        players: Option<usize>,
        counters: Option<u32>,
        store: Option<u32>,
        max_hole: Option<u32>,
        phase: Option<&str>,
        position: Option<&str>,
        candidates: Option<usize>,
    ) -> PyResult<Game> {
        let rule_texts = rule_texts(rules)?;
        let kwargs: Vec<(&'static str, PyObject)> = vec![
            ("width", width.into_py(py)),
            ("seeds", seeds.into_py(py)),
            ("rules", rule_texts.clone().into_py(py)),
            ("players", players.into_py(py)),
            ("counters", counters.into_py(py)),
            ("store", store.into_py(py)),
            ("max_hole", max_hole.into_py(py)),
            ("phase", phase.into_py(py)),
            ("position", position.into_py(py)),
            ("candidates", candidates.into_py(py)),
        ];
        let (rules, start) = match players.filter(|&p| p != 2) {
            Some(n) => {
                let (g, p) = py
                    .allow_threads(|| {
                        command::setup(variant, n, width, seeds, &rule_texts, position)
                    })
                    .map_err(bad)?;
                (Rules::Seats(Box::new(g)), Pos::Seats(p))
            }
            None => {
                let size = Size {
                    width,
                    seeds,
                    counters,
                    store,
                    max_hole,
                    phase: None,
                };
                let game = py
                    .allow_threads(|| args::setup(variant, size, phase, &rule_texts, position))
                    .map_err(|e| bad(e.0))?;
                let (g, p) = game.split();
                let g = match (g, candidates) {
                    (AnyRules::Isolo(g), Some(n)) => AnyRules::Isolo(g.for_engines(n)),
                    (_, Some(_)) => {
                        return Err(bad(format!(
                            "{variant} takes no candidates: it is for the Isolo games' arrangements"
                        )))
                    }
                    (g, None) => g,
                };
                (Rules::Two(g), Pos::Two(p))
            }
        };
        let mut parts = vec![format!("{variant:?}")];
        let size = [("width", width), ("seeds", seeds.map(|x| x as usize))];
        let more = [
            ("players", players),
            ("counters", counters.map(|x| x as usize)),
            ("store", store.map(|x| x as usize)),
            ("max_hole", max_hole.map(|x| x as usize)),
        ];
        for (k, v) in size.into_iter().chain(more) {
            if let Some(v) = v {
                parts.push(format!("{k}={v}"));
            }
        }
        let texts = [("phase", phase), ("position", position)];
        for (k, v) in texts {
            if let Some(v) = v {
                parts.push(format!("{k}={}", py_str(v)));
            }
        }
        if let Some(c) = candidates {
            parts.push(format!("candidates={c}"));
        }
        let described = match &rules {
            Rules::Two(AnyRules::Two(g)) => g.options().describe(g.kind()),
            Rules::Two(AnyRules::Four(g)) => g.options().describe(g.kind()),
            Rules::Two(AnyRules::Morris(g)) => g.options().describe(),
            Rules::Two(AnyRules::Isolo(g)) => g.options().describe(g.kind()),
            Rules::Seats(g) => g.options().describe(),
        };
        if !described.is_empty() {
            let list: Vec<String> = described.iter().map(|r| py_str(r)).collect();
            parts.push(format!("rules=[{}]", list.join(", ")));
        }
        let four_ids = match &rules {
            Rules::Two(AnyRules::Four(g)) => actions::FourIds::of(g),
            _ => None,
        };
        Ok(Game {
            inner: Arc::new(Inner {
                four_ids,
                rules,
                start,
                variant: variant.to_string(),
                width,
                rule_texts,
                counters,
                candidates,
                kwargs,
                repr: format!("Game({})", parts.join(", ")),
            }),
        })
    }

    fn __reduce__(&self, py: Python<'_>) -> PyResult<(PyObject, (String, PyObject))> {
        // A game pickles as the options it was made with (`mancala._make_game`).
        let make = py.import_bound("mancala")?.getattr("_make_game")?.unbind();
        let kw = pyo3::types::PyDict::new_bound(py);
        for (k, v) in &self.inner.kwargs {
            kw.set_item(k, v.clone_ref(py))?;
        }
        Ok((make, (self.inner.variant.clone(), kw.into_any().unbind())))
    }

    /// The variant id.
    #[getter]
    fn variant(&self) -> String {
        self.inner.variant.clone()
    }

    /// The number of players.
    #[getter]
    fn players(&self) -> usize {
        match &self.inner.rules {
            Rules::Two(_) => 2,
            Rules::Seats(g) => g.players(),
        }
    }

    /// The board family: `two-row`, `four-row`, `morris`, `isolo` or `seats`.
    #[getter]
    fn family(&self) -> &'static str {
        match &self.inner.rules {
            Rules::Two(AnyRules::Two(_)) => "two-row",
            Rules::Two(AnyRules::Four(_)) => "four-row",
            Rules::Two(AnyRules::Morris(_)) => "morris",
            Rules::Two(AnyRules::Isolo(_)) => "isolo",
            Rules::Seats(_) => "seats",
        }
    }

    /// Pits a side (holes a row), or `None` on the morris board.
    #[getter]
    fn width(&self) -> Option<usize> {
        match &self.inner.rules {
            Rules::Two(AnyRules::Two(g)) => Some(g.width()),
            Rules::Two(AnyRules::Four(g)) => Some(g.width()),
            Rules::Two(AnyRules::Morris(_)) => None,
            Rules::Two(AnyRules::Isolo(g)) => Some(g.width()),
            Rules::Seats(g) => Some(g.width()),
        }
    }

    /// The rule options as `name=value`, every option of the variant.
    #[getter]
    fn rules(&self) -> Vec<String> {
        match &self.inner.rules {
            Rules::Two(AnyRules::Two(g)) => g.options().describe(g.kind()),
            Rules::Two(AnyRules::Four(g)) => g.options().describe(g.kind()),
            Rules::Two(AnyRules::Morris(g)) => g.options().describe(),
            Rules::Two(AnyRules::Isolo(g)) => g.options().describe(g.kind()),
            Rules::Seats(g) => g.options().describe(),
        }
    }

    /// Seeds a pit (hole) at the start, or `None` on the morris board.
    #[getter]
    fn seeds(&self) -> Option<u32> {
        match &self.inner.rules {
            Rules::Two(AnyRules::Two(g)) => Some(g.seeds()),
            Rules::Two(AnyRules::Four(g)) => Some(g.seeds()),
            Rules::Two(AnyRules::Morris(_)) => None,
            Rules::Two(AnyRules::Isolo(g)) => Some(g.seeds()),
            Rules::Seats(g) => Some(g.seeds()),
        }
    }

    /// Counters a side on the morris board, else `None`.
    #[getter]
    fn counters(&self) -> Option<u32> {
        match &self.inner.rules {
            Rules::Two(AnyRules::Morris(g)) => Some(g.counters()),
            _ => None,
        }
    }

    fn __copy__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    fn __deepcopy__(slf: Py<Self>, _memo: &Bound<'_, PyAny>) -> Py<Self> {
        slf
    }

    /// The Isolo games' arrangements offered a move when limited (`candidates`), else None.
    #[getter]
    fn candidates(&self) -> Option<usize> {
        self.inner.candidates
    }

    /// The size of the action space: every action is below it.
    #[getter]
    fn num_actions(&self) -> PyResult<usize> {
        Ok(match &self.inner.rules {
            Rules::Two(AnyRules::Two(g)) => g.width(),
            Rules::Two(AnyRules::Four(g)) => match &self.inner.four_ids {
                Some(ids) => ids.size(),
                None => usize::try_from(g.max_moves_bound())
                    .map_err(|_| bad("four-row: too many moves for an action space"))?,
            },
            Rules::Two(AnyRules::Morris(_)) => MORRIS_ACTIONS,
            Rules::Two(AnyRules::Isolo(g)) => match self.inner.candidates {
                Some(n) => g.circuit_len().max(n),
                None => {
                    return Err(bad(format!(
                        "{}: an action space needs candidates=N (an arrangement phase has up to 10^12 moves)",
                        self.inner.variant
                    )))
                }
            },
            Rules::Seats(g) => 2 * g.pits_per_player(),
        })
    }

    /// The start position (or the position the game was made with).
    fn start(&self) -> State {
        State::new(self.inner.clone(), self.inner.start.clone())
    }

    /// The state of the position text `text`, with the command line's refusal.
    fn state(&self, text: &str) -> PyResult<State> {
        let pos = match &self.inner.rules {
            Rules::Two(g) => Pos::Two(g.parse_position(text).map_err(bad)?),
            Rules::Seats(g) => Pos::Seats(g.parse_position(text).map_err(bad)?),
        };
        Ok(State::new(self.inner.clone(), pos))
    }

    /// The plies of `games` random playouts from `state`, at most `max_plies` each, played
    /// in Rust without the GIL (the batch form of a Python playout loop).
    #[pyo3(signature = (state, games, *, max_plies=10_000, seed=0))]
    fn playouts(
        &self,
        py: Python<'_>,
        state: &State,
        games: u64,
        max_plies: u64,
        seed: u64,
    ) -> PyResult<u64> {
        same_game(&self.inner, &state.game)?;
        let (inner, pos) = (self.inner.clone(), state.pos.clone());
        long::run(
            py,
            move |_| inner.playouts(&pos, games, max_plies, seed),
            |_, _: ()| Ok(()),
        )
    }

    /// Plays one random legal action in each state not over (its own generator, from
    /// `seed`), the batch step of many games at once: the states after, the finished ones
    /// as they were.
    #[pyo3(signature = (states, seed=0))]
    fn random_steps(&self, states: Vec<PyRef<'_, State>>, seed: u64) -> PyResult<Vec<State>> {
        let mut out = Vec::with_capacity(states.len());
        for (i, s) in states.iter().enumerate() {
            same_game(&self.inner, &s.game)?;
            let acts = match s.over() {
                true => vec![],
                false => s.actions()?,
            };
            let pos = match acts.len() {
                0 => s.pos.clone(),
                n => s.apply(acts[Rng::for_game(seed, i as u64).below(n)])?,
            };
            out.push(State::new(self.inner.clone(), pos));
        }
        Ok(out)
    }

    /// The length of the observation tensor (`State.observe`).
    #[getter]
    fn observation_size(&self) -> usize {
        observe::size(&self.inner.rules)
    }

    /// The observation tensors of `states` (one row each, float32) for `player` (by
    /// default each state's seat to move), seats counted from the player with `relative`.
    #[pyo3(signature = (states, player=None, *, relative=false))]
    fn observe<'py>(
        &self,
        py: Python<'py>,
        states: Vec<PyRef<'py, State>>,
        player: Option<i64>,
        relative: bool,
    ) -> PyResult<Bound<'py, PyArray2<f32>>> {
        let size = observe::size(&self.inner.rules);
        let mut out = vec![0f32; size * states.len()];
        for (s, row) in states.iter().zip(out.chunks_exact_mut(size)) {
            same_game(&self.inner, &s.game)?;
            let p = self.inner.observer(&s.pos, player)?;
            observe::encode(&self.inner, &s.pos, p, relative, s.over(), row);
        }
        PyArray1::from_vec_bound(py, out).reshape([states.len(), size])
    }

    /// The legal-action masks of `states` (one row of `num_actions` each, int8: 1 for a
    /// legal action; all 0 once the game is over).
    fn legal_mask<'py>(
        &self,
        py: Python<'py>,
        states: Vec<PyRef<'py, State>>,
    ) -> PyResult<Bound<'py, PyArray2<i8>>> {
        let size = self.num_actions()?;
        let mut out = vec![0i8; size * states.len()];
        for (s, row) in states.iter().zip(out.chunks_exact_mut(size)) {
            same_game(&self.inner, &s.game)?;
            s.mask_into(row)?;
        }
        PyArray1::from_vec_bound(py, out).reshape([states.len(), size])
    }

    fn __repr__(&self) -> String {
        self.inner.repr.clone()
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        match other.downcast::<Game>() {
            Ok(o) => same(&self.inner, &o.get().inner),
            Err(_) => false,
        }
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.inner.repr.hash(&mut h);
        h.finish()
    }
}

/// A multiply-rotate hasher (the Firefox one): a state's hash is taken on every step of a
/// game loop that watches for repetitions, and SipHash's resistance to chosen keys buys
/// nothing there.
#[derive(Default)]
struct Fx(u64);

impl std::hash::Hasher for Fx {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    fn write_u64(&mut self, v: u64) {
        self.0 = (self.0.rotate_left(5) ^ v).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_u8(&mut self, v: u8) {
        self.write_u64(v as u64);
    }

    fn write_u32(&mut self, v: u32) {
        self.write_u64(v as u64);
    }

    fn write_usize(&mut self, v: usize) {
        self.write_u64(v as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// An action from Python: a negative one is refused like any other illegal action.
fn action_index(a: i64) -> PyResult<usize> {
    usize::try_from(a).map_err(|_| bad(format!("action {a} is not legal in this position")))
}

/// `text` as a Python string literal.
fn py_str(text: &str) -> String {
    let escaped = text.replace('\\', "\\\\").replace('\'', "\\'");
    format!("'{escaped}'")
}

/// True when `a` and `b` are the same game: the same object or equal options.
fn same(a: &Arc<Inner>, b: &Arc<Inner>) -> bool {
    Arc::ptr_eq(a, b) || a.repr == b.repr
}

/// Refuses a state of another game.
fn same_game(a: &Arc<Inner>, b: &Arc<Inner>) -> PyResult<()> {
    match same(a, b) {
        true => Ok(()),
        false => Err(bad(format!(
            "a state of another game: {} is not {}",
            b.repr, a.repr
        ))),
    }
}

/// An immutable state of a game: a position (see `mancala.State`).
#[pyclass(frozen, module = "mancala._native")]
struct State {
    game: Arc<Inner>,
    pos: Pos,
    /// The legal moves of a four-row, morris or Isolo position, listed once when first
    /// needed: a step of a game loop asks for them up to four times (the actions, the move
    /// played, whether the game is over, the observation).
    listed: OnceLock<Vec<AnyMove>>,
}

impl State {
    fn new(game: Arc<Inner>, pos: Pos) -> State {
        State {
            game,
            pos,
            listed: OnceLock::new(),
        }
    }

    fn with(&self, pos: Pos) -> State {
        State::new(self.game.clone(), pos)
    }

    /// The legal moves of a family whose actions index them (four-row, morris, Isolo);
    /// `None` for the others.
    fn listed(&self) -> PyResult<Option<&[AnyMove]>> {
        match (&self.game.rules, &self.pos) {
            (Rules::Two(AnyRules::Two(_)), _) | (Rules::Seats(_), _) => Ok(None),
            (Rules::Two(g), Pos::Two(p)) => {
                self.game.listable(g, p)?;
                Ok(Some(self.listed.get_or_init(|| g.legal_moves(p))))
            }
            _ => unreachable!("a position of its own game"),
        }
    }

    /// The legal actions (see [`Inner::actions`]).
    fn actions(&self) -> PyResult<Vec<usize>> {
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
    fn apply(&self, a: usize) -> PyResult<Pos> {
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
    fn over(&self) -> bool {
        match (&self.game.rules, &self.pos) {
            (Rules::Two(g @ AnyRules::Four(_)), Pos::Two(p)) => {
                self.listed.get_or_init(|| g.legal_moves(p)).is_empty()
            }
            _ => self.game.over(&self.pos),
        }
    }

    /// Writes 1 at each legal action (none once over) into `out`, 0 elsewhere.
    fn mask_into(&self, out: &mut [i8]) -> PyResult<()> {
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
    fn game(&self) -> Game {
        Game {
            inner: self.game.clone(),
        }
    }

    /// The position text (docs/NOTATION.md).
    fn text(&self) -> String {
        self.game.text(&self.pos)
    }

    /// The legal moves by name, in move order.
    fn moves(&self) -> PyResult<Vec<String>> {
        self.game.moves(&self.pos)
    }

    /// The state after the move `name` (a `ValueError` when it is not legal).
    fn play(&self, name: &str) -> PyResult<State> {
        let pos = match (&self.game.rules, &self.pos) {
            (Rules::Two(g), Pos::Two(p)) => {
                let m = g.parse_move(p, name).map_err(bad)?;
                Pos::Two(g.play(p, m))
            }
            (Rules::Seats(g), Pos::Seats(p)) => {
                let m = g.parse_move(p, name).map_err(bad)?;
                Pos::Seats(g.play(p, m))
            }
            _ => unreachable!("a position of its own game"),
        };
        Ok(self.with(pos))
    }

    /// The legal moves as actions (integers below `game.num_actions`), ascending.
    fn legal_actions(&self) -> PyResult<Vec<usize>> {
        self.actions()
    }

    /// The state after the action `action`.
    fn apply_action(&self, action: i64) -> PyResult<State> {
        let action = action_index(action)?;
        Ok(self.with(self.apply(action)?))
    }

    /// The state after the action `action` and its seat to move, -4 (OpenSpiel's terminal
    /// player) once the game is over: one call for a step of a Python game loop.
    fn step(&self, action: i64) -> PyResult<(State, i64)> {
        let action = action_index(action)?;
        let next = self.with(self.apply(action)?);
        let mover = match next.over() {
            true => -4,
            false => self.game.to_move(&next.pos) as i64,
        };
        Ok((next, mover))
    }

    /// The move name of the legal action `action`.
    fn action_name(&self, action: i64) -> PyResult<String> {
        let action = action_index(action)?;
        self.game.action_name(&self.pos, action)
    }

    /// The action of the legal move `name`.
    fn action_of(&self, name: &str) -> PyResult<usize> {
        self.game.action_of(&self.pos, name)
    }

    /// The seat to move: 0 for South (P1), 1 for North (P2), 2 and 3 for P3 and P4.
    #[getter]
    fn to_move(&self) -> usize {
        self.game.to_move(&self.pos)
    }

    /// True when the game is over.
    #[getter]
    fn is_over(&self) -> bool {
        self.over()
    }

    /// Each seat's result of a finished game by `metric`, `None` while it goes on; with
    /// `adjudicate`, of the game stopped here (a ply limit, a repetition), scored by the
    /// seeds won so far as `mancala match` and the solver score endless play. `wdl`: two
    /// players +1 win, -1 loss, 0 draw; three or four, the leaders share 1. `margin`: the
    /// two-row games the seed margin; kpo for three or four own seeds less the mean; the
    /// win/draw/loss games (four-row, morris, Isolo) as `wdl`, 0 when stopped.
    #[pyo3(signature = (metric="wdl", *, adjudicate=false))]
    fn returns(&self, metric: &str, adjudicate: bool) -> PyResult<Option<Vec<f64>>> {
        Ok(self
            .game
            .result(&self.pos, Metric::parse(metric)?, adjudicate))
    }

    /// Each seat's seeds: taken so far, or once the game is over its final score.
    fn scores(&self) -> Vec<u32> {
        self.game.scores(&self.pos)
    }

    /// The `mancala show --json` object of this state: side to move, captured seeds,
    /// whether the game is over and its result, the rule options.
    fn info(&self, py: Python<'_>) -> PyResult<PyObject> {
        objects::to_py(py, &self.game.show(&self.pos))
    }

    /// The board drawn as the players see it (`mancala show`).
    fn draw(&self) -> String {
        self.game.draw(&self.pos)
    }

    /// The `perft --json` object: move paths of `depth` plies (with `divide`, the count
    /// under each first move), counted without the GIL.
    #[pyo3(signature = (depth, divide=false))]
    fn perft_raw(&self, py: Python<'_>, depth: u32, divide: bool) -> PyResult<PyObject> {
        let (game, pos) = (self.game.clone(), self.pos.clone());
        let shape = long::run(
            py,
            move |_| match (&game.rules, &pos) {
                (Rules::Two(g), Pos::Two(p)) => position::perft(g, p, depth, divide),
                (Rules::Seats(g), Pos::Seats(p)) => {
                    position::perft_depth(depth).map(|d| command::perft(g, p, d, divide))
                }
                _ => unreachable!("a position of its own game"),
            },
            |_, _: ()| Ok(()),
        )?;
        objects::to_py(py, &objects::value(&shape.map_err(|e| bad(e.0))?))
    }

    /// `solve` (`analyze` with `every_move`) of this state under the limits of the command
    /// line, as its `--json` line; `progress(message)` hears the spinner's messages.
    #[pyo3(signature = (every_move=false, *, threads=None, tt_mb=None, depth=None, tablebases=None, memory=None, time=None, method=None, proof=None, progress=None))]
    #[allow(clippy::too_many_arguments)]
    fn solve_raw(
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
        let s = text.parse().map_err(bad)?;
        let on = |py: Python<'_>, m: String| match &progress {
            Some(f) => f.call1(py, (m,)).map(|_| ()),
            None => Ok(()),
        };
        let line = match (&self.game.rules, &self.pos) {
            (Rules::Seats(g), Pos::Seats(p)) => {
                if every_move {
                    return Err(bad(command::analyze_refused(g.players())));
                }
                let (g, p) = (g.clone(), *p);
                long::run(
                    py,
                    move |tx| {
                        let log = |m: &str| {
                            let _ = tx.send(m.to_string());
                        };
                        command::solve_with(&g, &p, &s, &log).map(|r| objects::value(&r))
                    },
                    on,
                )?
            }
            _ => {
                let game = self.game.any_game(&self.pos).expect("two players");
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

    /// The move the engine `spec` chooses here (`mancala match`'s engines; kpo for three or
    /// four players, `match --engines`' seat engines), as the JSON of its choice; random
    /// choices drawn from `seed`; the perfect engine probes the tables of `tablebases`; with
    /// `time` (seconds), the best move found when it runs out (two players).
    #[pyo3(signature = (spec, *, seed=0, tablebases=None, time=None))]
    fn engine_raw(
        &self,
        py: Python<'_>,
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
        let Some(game) = self.game.any_game(&self.pos) else {
            let (Rules::Seats(g), Pos::Seats(p)) = (&self.game.rules, &self.pos) else {
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
                mancala_analysis::play::engine_move(&game, &spec, seed, dir, deadline)
            },
            |_, _: ()| Ok(()),
        )?;
        objects::to_py(py, &objects::value(&shape.map_err(bad)?))
    }

    /// Random playout plies from this state: `games` games of at most `max_plies` plies.
    #[pyo3(signature = (games, *, max_plies=10_000, seed=0))]
    fn playouts(&self, py: Python<'_>, games: u64, max_plies: u64, seed: u64) -> PyResult<u64> {
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
    fn observe<'py>(
        &self,
        py: Python<'py>,
        player: Option<i64>,
        relative: bool,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let mut out = vec![0f32; observe::size(&self.game.rules)];
        let p = self.game.observer(&self.pos, player)?;
        observe::encode(&self.game, &self.pos, p, relative, self.over(), &mut out);
        Ok(PyArray1::from_vec_bound(py, out))
    }

    /// `observe` as a list of floats (what OpenSpiel's `observation_tensor` returns).
    #[pyo3(signature = (player=None, *, relative=false))]
    fn observe_list(&self, player: Option<i64>, relative: bool) -> PyResult<Vec<f32>> {
        let mut out = vec![0f32; observe::size(&self.game.rules)];
        let p = self.game.observer(&self.pos, player)?;
        observe::encode(&self.game, &self.pos, p, relative, self.over(), &mut out);
        Ok(out)
    }

    /// Writes the observation tensor (see `observe`) into `out`, a float32 array of
    /// `game.observation_size` values.
    #[pyo3(signature = (out, player=None, *, relative=false))]
    fn observe_into(
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
    fn legal_mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<i8>>> {
        let size = self.game().num_actions()?;
        let mut out = vec![0i8; size];
        self.mask_into(&mut out)?;
        Ok(PyArray1::from_vec_bound(py, out))
    }

    fn __copy__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    fn __deepcopy__(slf: Py<Self>, _memo: &Bound<'_, PyAny>) -> Py<Self> {
        slf
    }

    fn __repr__(&self) -> String {
        format!("{}.state({})", self.game.repr, py_str(&self.text()))
    }

    fn __str__(&self) -> String {
        self.text()
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        match other.downcast::<State>() {
            Ok(o) => {
                let o = o.get();
                self.pos == o.pos && same(&self.game, &o.game)
            }
            Err(_) => false,
        }
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = Fx(0);
        self.pos.hash(&mut h);
        h.finish()
    }

    fn __reduce__(&self, py: Python<'_>) -> PyResult<(PyObject, (String,))> {
        // A state pickles as the game's `state` of its text (the game object goes along).
        let f = Game {
            inner: self.game.clone(),
        }
        .into_py(py)
        .getattr(py, "state")?;
        Ok((f, (self.text(),)))
    }
}

/// The game the tablebase commands name: the game's variant, width, rules and counters.
fn game_text(g: &Inner) -> tables::GameText<'_> {
    tables::GameText::new(&g.variant, g.width, &g.rule_texts, g.counters)
}

/// `mancala tablebase build` of `game` into `folder`, as its `--json` line; `progress` hears
/// each finished slice's line.
#[pyfunction]
#[pyo3(signature = (game, folder, *, max_stones=None, threads=None, progress=None))]
fn tablebase_build(
    py: Python<'_>,
    game: &Game,
    folder: PathBuf,
    max_stones: Option<u32>,
    threads: Option<usize>,
    progress: Option<PyObject>,
) -> PyResult<PyObject> {
    let g = game.inner.clone();
    if matches!(g.rules, Rules::Seats(_)) {
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
            let watch = tables::Watch {
                pass: &pass,
                slice: &slice,
            };
            let job = tables::Job::Build(game_text(&g), max_stones, threads, false);
            tables::run(job, &folder, &watch).map(|d| d.shape.map(|s| objects::value(&s)))
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
fn tablebase_probe(py: Python<'_>, state: &State, folder: PathBuf) -> PyResult<PyObject> {
    let Some(game) = state.game.any_game(&state.pos) else {
        return Err(bad(
            "kpo for three or four players has no endgame tables: `solve` gives its values",
        ));
    };
    let r = long::run(
        py,
        move |_| tables::probe(&game, &folder).map(|p| objects::value(&p)),
        |_, _: ()| Ok(()),
    )?;
    objects::to_py(py, &r.map_err(bad)?)
}

/// `mancala tablebase info` (`verify` with `verify`) of `folder`, as its `--json` line.
#[pyfunction]
#[pyo3(signature = (folder, verify=false))]
fn tablebase_info(py: Python<'_>, folder: PathBuf, verify: bool) -> PyResult<PyObject> {
    let r = long::run(
        py,
        move |_| match verify {
            true => tables::verify(&folder).map(|v| objects::value(&v)),
            false => tables::info(&folder).and_then(|(shape, sound)| {
                sound?;
                Ok(objects::value(&shape))
            }),
        },
        |_, _: ()| Ok(()),
    )?;
    objects::to_py(py, &r.map_err(bad)?)
}

/// Refuses an engine spec that parses neither as a two-player engine nor as a seat engine of
/// kpo for three or four, with the command line's message of the two-player engines.
#[pyfunction]
fn check_engine(spec: &str) -> PyResult<()> {
    match (spec.parse::<EngineSpec>(), spec.parse::<SeatEngineSpec>()) {
        (Err(e), Err(_)) => Err(bad(e)),
        _ => Ok(()),
    }
}

/// The move the seat engine `spec` chooses in `pos`, as the JSON of a two-player engine's
/// choice (`move`, `after`, `engine`, `nodes`, `seconds`, `variant`, `position`, `players`).
fn seat_engine_move(
    g: &KpoPlayers,
    pos: &KpoNPos,
    spec: &SeatEngineSpec,
    seed: u64,
) -> Result<serde_json::Value, String> {
    if g.is_over(pos) {
        return Err("the game is already over in the given position".into());
    }
    let t = std::time::Instant::now();
    let mut engine = spec.build::<KpoPlayers>();
    let mv = engine.choose(g, pos, &mut Rng::new(seed));
    let shape = serde_json::json!({
        "variant": "kpo",
        "players": g.players(),
        "position": g.format_position(pos),
        "engine": engine.name(),
        "move": g.move_name(pos, mv),
        "after": g.format_position(&g.play(pos, mv)),
        "nodes": engine.nodes(),
        "seconds": t.elapsed().as_secs_f64(),
    });
    Ok(shape)
}

/// `mancala variants --json`.
#[pyfunction]
fn variants_raw(py: Python<'_>) -> PyResult<PyObject> {
    let shape = json::Variants::new(mancala_solver::variant::VARIANTS);
    objects::to_py(py, &objects::value(&shape))
}

/// The module `mancala._native`.
/// The number of long computations (solve, analyze, perft, table builds, engine moves)
/// running on threads of their own: 0 once a Ctrl-C has stopped them.
#[pyfunction]
fn _running() -> usize {
    long::running()
}

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
