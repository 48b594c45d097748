//! Games and their rules, positions and actions: `mancala.Game`.

use crate::*;
use mancala_analysis::args::{self};
use mancala_analysis::kpo_players;
use mancala_analysis::position;
use mancala_solver::any::{AnyGame, AnyMove, AnyPos, AnyRules, Setup};
use mancala_solver::game::{Game as _, Notation};
use mancala_solver::kpo_players::{KpoNMove, KpoNPos, KpoPlayers};
use mancala_solver::nseat::analysis::winners;
use mancala_solver::nseat::{SeatGame, SeatNotation};
use mancala_solver::rng::Rng;
use mancala_solver::side::Side;
use mancala_solver::variant::Size;
use numpy::{PyArray1, PyArray2, PyArrayMethods};
use pyo3::prelude::*;
use std::sync::Arc;

/// The rules of a game: two players of any family, or kpo for three or four.
pub(crate) enum Rules {
    /// Two players.
    Two(AnyRules),
    /// Kpo for three or four players (boxed: its sowing tables make it large).
    KpoPlayers(Box<KpoPlayers>),
}

/// A position of [`Rules`]' kind.
#[derive(Clone, PartialEq, Eq, Hash)]
pub(crate) enum Pos {
    /// Of a two-player game.
    Two(AnyPos),
    /// Of kpo for three or four players.
    KpoPlayers(KpoNPos),
}

/// How a result is scored (`State.returns`' `metric`).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Metric {
    /// Win, draw or loss.
    Wdl,
    /// The seed margin (the win/draw/loss games: win, draw or loss).
    Margin,
}

impl Metric {
    /// The metric named `name` (`wdl` or `margin`).
    pub(crate) fn parse(name: &str) -> PyResult<Metric> {
        match name {
            "wdl" => Ok(Metric::Wdl),
            "margin" => Ok(Metric::Margin),
            _ => Err(bad(format!("metric '{name}': expected wdl or margin"))),
        }
    }
}

/// A game and the options that named it (the tablebase commands take them as text).
pub(crate) struct Inner {
    pub(crate) rules: Rules,
    pub(crate) start: Pos,
    pub(crate) variant: String,
    pub(crate) width: Option<usize>,
    pub(crate) rule_texts: Vec<String>,
    pub(crate) counters: Option<u32>,
    pub(crate) candidates: Option<usize>,
    /// The keyword arguments the game was made with, for pickling.
    pub(crate) kwargs: Vec<(&'static str, PyObject)>,
    /// `repr` of the game, every option spelled out: two games are equal when theirs are.
    pub(crate) repr: String,
    /// The numbering of a four-row game's moves (`None`: the index in the move list).
    pub(crate) four_ids: Option<actions::FourIds>,
}

/// The most moves of a morris position: a point left (or none), a point played to and a
/// counter taken (or none).
pub(crate) const MORRIS_ACTIONS: usize = 25 * 24 * 25;

impl Inner {
    /// The legal moves of `pos` as [`Game`]'s actions (see `num_actions`).
    pub(crate) fn actions(&self, pos: &Pos) -> PyResult<Vec<usize>> {
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
            (Rules::KpoPlayers(g), Pos::KpoPlayers(p)) => {
                Ok(g.legal_moves(p).iter().map(|m| seat_action(g, m)).collect())
            }
            _ => unreachable!("a position of its own game"),
        }
    }

    /// The action of `m`, the `i`-th legal move of a four-row, morris or Isolo position:
    /// its fixed id (`actions`), or `i` where the game numbers no ids.
    pub(crate) fn id(&self, m: &AnyMove, i: usize) -> usize {
        match (m, &self.four_ids) {
            (AnyMove::Four(f), Some(ids)) => ids.id(f),
            (AnyMove::Morris(mm), _) => actions::morris_id(mm),
            _ => i,
        }
    }

    /// The move of `moves` (a position's legal moves) whose action is `a`.
    pub(crate) fn move_of(&self, moves: &[AnyMove], a: usize) -> Option<AnyMove> {
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
    pub(crate) fn listable(&self, g: &AnyRules, p: &AnyPos) -> PyResult<()> {
        // A game limited to candidate arrangements lists them, however many the full game has.
        match g.too_many_to_list(p).filter(|_| self.candidates.is_none()) {
            Some(why) => Err(bad(format!("moves: {why}"))),
            None => Ok(()),
        }
    }

    /// The position after the action `a`, refused when it is not a legal one.
    pub(crate) fn apply(&self, pos: &Pos, a: usize) -> PyResult<Pos> {
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
            (Rules::KpoPlayers(g), Pos::KpoPlayers(p)) => {
                let moves = g.legal_moves(p);
                let m = moves.iter().find(|m| seat_action(g, m) == a);
                Ok(Pos::KpoPlayers(g.play(p, *m.ok_or_else(illegal)?)))
            }
            _ => unreachable!("a position of its own game"),
        }
    }

    /// The move names of `pos`, in move order.
    pub(crate) fn moves(&self, pos: &Pos) -> PyResult<Vec<String>> {
        Ok(match (&self.rules, pos) {
            (Rules::Two(g), Pos::Two(p)) => {
                self.listable(g, p)?;
                let moves = g.legal_moves(p);
                moves.iter().map(|&m| g.move_name(p, m)).collect()
            }
            (Rules::KpoPlayers(g), Pos::KpoPlayers(p)) => kpo_players::moves(g, p).0.moves,
            _ => unreachable!("a position of its own game"),
        })
    }

    /// The move name of action `a` in `pos`.
    pub(crate) fn action_name(&self, pos: &Pos, a: usize) -> PyResult<String> {
        let illegal = || bad(format!("action {a} is not legal in this position"));
        match (&self.rules, pos) {
            (Rules::Two(g), Pos::Two(p)) => {
                let i = self.actions(pos)?.iter().position(|&x| x == a);
                let m = g.legal_moves(p)[i.ok_or_else(illegal)?];
                Ok(g.move_name(p, m))
            }
            (Rules::KpoPlayers(g), Pos::KpoPlayers(p)) => {
                let moves = g.legal_moves(p);
                let m = moves.iter().find(|m| seat_action(g, m) == a);
                Ok(g.move_name(p, *m.ok_or_else(illegal)?))
            }
            _ => unreachable!("a position of its own game"),
        }
    }

    /// The action of the move named `name` in `pos`, with the command line's refusal.
    pub(crate) fn action_of(&self, pos: &Pos, name: &str) -> PyResult<usize> {
        match (&self.rules, pos) {
            (Rules::Two(g), Pos::Two(p)) => {
                let m = g.parse_move(p, name).map_err(bad)?;
                let i = g.legal_moves(p).iter().position(|&x| x == m);
                Ok(self.actions(pos)?[i.expect("a parsed move is legal")])
            }
            (Rules::KpoPlayers(g), Pos::KpoPlayers(p)) => {
                let m = g.parse_move(p, name).map_err(bad)?;
                Ok(seat_action(g, &m))
            }
            _ => unreachable!("a position of its own game"),
        }
    }

    /// The observing player: `player` when given (refused when not a seat), else the seat
    /// to move.
    pub(crate) fn observer(&self, pos: &Pos, player: Option<i64>) -> PyResult<usize> {
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
    pub(crate) fn to_move(&self, pos: &Pos) -> usize {
        match (&self.rules, pos) {
            (Rules::Two(g), Pos::Two(p)) => g.to_move(p).index(),
            (Rules::KpoPlayers(g), Pos::KpoPlayers(p)) => g.to_move(p),
            _ => unreachable!("a position of its own game"),
        }
    }

    /// True when the game is over.
    pub(crate) fn over(&self, pos: &Pos) -> bool {
        match (&self.rules, pos) {
            (Rules::Two(AnyRules::Two(g)), Pos::Two(AnyPos::Two(p))) => g.outcome(p).is_some(),
            (Rules::Two(g), Pos::Two(p)) => g.outcome(p).is_some(),
            (Rules::KpoPlayers(g), Pos::KpoPlayers(p)) => g.is_over(p),
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
    pub(crate) fn result(&self, pos: &Pos, metric: Metric, adjudicate: bool) -> Option<Vec<f64>> {
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
            (Rules::KpoPlayers(g), Pos::KpoPlayers(p)) => {
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
    pub(crate) fn scores(&self, pos: &Pos) -> Vec<u32> {
        match (&self.rules, pos) {
            (Rules::Two(g), Pos::Two(p)) => match g.outcome(p) {
                Some(o) => o.score.to_vec(),
                None => g.captured(p).to_vec(),
            },
            (Rules::KpoPlayers(g), Pos::KpoPlayers(p)) => {
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
    pub(crate) fn text(&self, pos: &Pos) -> String {
        match (&self.rules, pos) {
            (Rules::Two(g), Pos::Two(p)) => g.format_position(p),
            (Rules::KpoPlayers(g), Pos::KpoPlayers(p)) => g.format_position(p),
            _ => unreachable!("a position of its own game"),
        }
    }

    /// The game of any family at `pos`, for the commands that take one.
    pub(crate) fn any_game(&self, pos: &Pos) -> Option<AnyGame> {
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
    pub(crate) fn show(&self, pos: &Pos) -> serde_json::Value {
        match (&self.rules, pos) {
            (Rules::Two(g), Pos::Two(p)) => objects::value(&position::show(g, p)),
            (Rules::KpoPlayers(g), Pos::KpoPlayers(p)) => objects::value(&kpo_players::state(g, p)),
            _ => unreachable!("a position of its own game"),
        }
    }

    /// The drawing of the board.
    pub(crate) fn draw(&self, pos: &Pos) -> String {
        match (&self.rules, pos) {
            (Rules::Two(g), Pos::Two(p)) => g.draw(p),
            (Rules::KpoPlayers(g), Pos::KpoPlayers(p)) => g.draw(p),
            _ => unreachable!("a position of its own game"),
        }
    }

    /// Plies of `games` random playouts from `pos` (at most `max_plies` each), in Rust.
    pub(crate) fn playouts(&self, pos: &Pos, games: u64, max_plies: u64, seed: u64) -> u64 {
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
            (Rules::KpoPlayers(g), Pos::KpoPlayers(p)) => {
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
pub(crate) fn seat_action(g: &KpoPlayers, m: &KpoNMove) -> usize {
    2 * (g.number_of(m.lane as usize) - 1) + m.cw as usize
}

/// Plies of `games` random playouts of one family (see [`Inner::playouts`]).
pub(crate) fn playouts_of<G: mancala_solver::game::Game>(
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
pub(crate) struct Game {
    pub(crate) inner: Arc<Inner>,
}

/// The rule options `name=value`, from `rules` as given.
pub(crate) fn rule_texts(rules: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<String>> {
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
    pub(crate) fn new(
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
        let size = Size {
            width,
            seeds,
            counters,
            store,
            max_hole,
            phase: None,
        };
        let setup = py
            .allow_threads(|| args::setup_any(variant, size, players, phase, &rule_texts, position))
            .map_err(|e| bad(e.0))?;
        let (rules, start) = match setup {
            Setup::KpoPlayers(g, p) => (Rules::KpoPlayers(g), Pos::KpoPlayers(p)),
            Setup::TwoPlayers(game) => {
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
        let described = described(&rules);
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

    pub(crate) fn __reduce__(&self, py: Python<'_>) -> PyResult<(PyObject, (String, PyObject))> {
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
    pub(crate) fn variant(&self) -> String {
        self.inner.variant.clone()
    }

    /// The number of players.
    #[getter]
    pub(crate) fn players(&self) -> usize {
        match &self.inner.rules {
            Rules::Two(_) => 2,
            Rules::KpoPlayers(g) => g.players(),
        }
    }

    /// The board family: `two-row`, `four-row`, `morris`, `isolo` or `seats`.
    #[getter]
    pub(crate) fn family(&self) -> &'static str {
        match &self.inner.rules {
            Rules::Two(AnyRules::Two(_)) => "two-row",
            Rules::Two(AnyRules::Four(_)) => "four-row",
            Rules::Two(AnyRules::Morris(_)) => "morris",
            Rules::Two(AnyRules::Isolo(_)) => "isolo",
            Rules::KpoPlayers(_) => "seats",
        }
    }

    /// Pits a side (holes a row), or `None` on the morris board.
    #[getter]
    pub(crate) fn width(&self) -> Option<usize> {
        match &self.inner.rules {
            Rules::Two(AnyRules::Two(g)) => Some(g.width()),
            Rules::Two(AnyRules::Four(g)) => Some(g.width()),
            Rules::Two(AnyRules::Morris(_)) => None,
            Rules::Two(AnyRules::Isolo(g)) => Some(g.width()),
            Rules::KpoPlayers(g) => Some(g.width()),
        }
    }

    /// The rule options as `name=value`, every option of the variant.
    #[getter]
    pub(crate) fn rules(&self) -> Vec<String> {
        described(&self.inner.rules)
    }

    /// Seeds a pit (hole) at the start, or `None` on the morris board.
    #[getter]
    pub(crate) fn seeds(&self) -> Option<u32> {
        match &self.inner.rules {
            Rules::Two(AnyRules::Two(g)) => Some(g.seeds()),
            Rules::Two(AnyRules::Four(g)) => Some(g.seeds()),
            Rules::Two(AnyRules::Morris(_)) => None,
            Rules::Two(AnyRules::Isolo(g)) => Some(g.seeds()),
            Rules::KpoPlayers(g) => Some(g.seeds()),
        }
    }

    /// Counters a side on the morris board, else `None`.
    #[getter]
    pub(crate) fn counters(&self) -> Option<u32> {
        match &self.inner.rules {
            Rules::Two(AnyRules::Morris(g)) => Some(g.counters()),
            _ => None,
        }
    }

    pub(crate) fn __copy__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    pub(crate) fn __deepcopy__(slf: Py<Self>, _memo: &Bound<'_, PyAny>) -> Py<Self> {
        slf
    }

    /// The Isolo games' arrangements offered a move when limited (`candidates`), else None.
    #[getter]
    pub(crate) fn candidates(&self) -> Option<usize> {
        self.inner.candidates
    }

    /// The size of the action space: every action is below it.
    #[getter]
    pub(crate) fn num_actions(&self) -> PyResult<usize> {
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
            Rules::KpoPlayers(g) => 2 * g.pits_per_player(),
        })
    }

    /// The start position (or the position the game was made with).
    pub(crate) fn start(&self) -> State {
        State::new(self.inner.clone(), self.inner.start.clone())
    }

    /// The state of the position text `text`, with the command line's refusal.
    pub(crate) fn state(&self, text: &str) -> PyResult<State> {
        let pos = match &self.inner.rules {
            Rules::Two(g) => Pos::Two(g.parse_position(text).map_err(bad)?),
            Rules::KpoPlayers(g) => Pos::KpoPlayers(g.parse_position(text).map_err(bad)?),
        };
        Ok(State::new(self.inner.clone(), pos))
    }

    /// The plies of `games` random playouts from `state`, at most `max_plies` each, played
    /// in Rust without the GIL (the batch form of a Python playout loop).
    #[pyo3(signature = (state, games, *, max_plies=10_000, seed=0))]
    pub(crate) fn playouts(
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
    pub(crate) fn random_steps(
        &self,
        states: Vec<PyRef<'_, State>>,
        seed: u64,
    ) -> PyResult<Vec<State>> {
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
    pub(crate) fn observation_size(&self) -> usize {
        observe::size(&self.inner.rules)
    }

    /// The observation tensors of `states` (one row each, float32) for `player` (by
    /// default each state's seat to move), seats counted from the player with `relative`.
    #[pyo3(signature = (states, player=None, *, relative=false))]
    pub(crate) fn observe<'py>(
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
    pub(crate) fn legal_mask<'py>(
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

    pub(crate) fn __repr__(&self) -> String {
        self.inner.repr.clone()
    }

    pub(crate) fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        match other.downcast::<Game>() {
            Ok(o) => same(&self.inner, &o.get().inner),
            Err(_) => false,
        }
    }

    pub(crate) fn __hash__(&self) -> u64 {
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
pub(crate) struct Fx(pub(crate) u64);

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
pub(crate) fn action_index(a: i64) -> PyResult<usize> {
    usize::try_from(a).map_err(|_| bad(format!("action {a} is not legal in this position")))
}

/// Every rule option of `rules` as `name=value`.
pub(crate) fn described(rules: &Rules) -> Vec<String> {
    match rules {
        Rules::Two(AnyRules::Two(g)) => g.options().describe(g.kind()),
        Rules::Two(AnyRules::Four(g)) => g.options().describe(g.kind()),
        Rules::Two(AnyRules::Morris(g)) => g.options().describe(),
        Rules::Two(AnyRules::Isolo(g)) => g.options().describe(g.kind()),
        Rules::KpoPlayers(g) => g.options().describe(),
    }
}

/// `text` as a Python string literal.
pub(crate) fn py_str(text: &str) -> String {
    let escaped = text.replace('\\', "\\\\").replace('\'', "\\'");
    format!("'{escaped}'")
}

/// True when `a` and `b` are the same game: the same object or equal options.
pub(crate) fn same(a: &Arc<Inner>, b: &Arc<Inner>) -> bool {
    Arc::ptr_eq(a, b) || a.repr == b.repr
}

/// Refuses a state of another game.
pub(crate) fn same_game(a: &Arc<Inner>, b: &Arc<Inner>) -> PyResult<()> {
    match same(a, b) {
        true => Ok(()),
        false => Err(bad(format!(
            "a state of another game: {} is not {}",
            b.repr, a.repr
        ))),
    }
}
