//! The morris solve planner: the tables of the main game, then the search of the placement
//! phase above them.
//!
//! 1. The tables needed are every slice up to the most counters a side can still have on the
//!    board once all are entered (on the board now plus in hand). They come from the folder
//!    the caller names, which a build completes (finished slices are kept there for the next
//!    call); without a folder, from a temporary one, deleted afterwards. A build is started
//!    only while the slices missing hold at most [`AUTO_ENTRIES`] entries; beyond that the
//!    planner uses what is there.
//! 2. A main-game position in the tables is answered by them: value, plies, a perfect line.
//! 3. Otherwise the search ([`mancala_solver::search`]) runs with the tables as its oracle:
//!    every main-game position it meets is answered by them, so it only expands the
//!    placement phase. With every slice present it proves the distance as well: the placement
//!    phase lasts a fixed number of plies (one a counter in hand), so under perfect play the
//!    end comes that many plies plus the main-game distance of the position where the last
//!    counter is entered, and the search over [`Distance`] (which scores a main-game position
//!    by its distance) finds it.

use super::slice::{in_tables_scope, units, MorrisSlice, FEWEST, MOST};
use super::MorrisTables;
use crate::error::{Bound, Error};
use crate::plan::{self, Budget, Method, Plan};
use crate::wdl::UnitReport;
use mancala_solver::game::{Game, MarginGame, Outcome};
use mancala_solver::morris::{Morris, MorrisMove, MorrisPos};
use mancala_solver::search::{Limits, Oracle, Progress, Solver, MAX_MOVES};
use mancala_solver::wdl::Wdl;
use mancala_solver::Side;
use std::path::Path;
use std::time::Instant;

/// The most entries the planner builds by itself (every slice up to 5 counters a side holds
/// 105 million).
pub const AUTO_ENTRIES: u64 = 200_000_000;

/// The score of a win in 0 plies in the [`Distance`] search: a win in `d` plies scores
/// `SCALE - d`, a loss `-(SCALE - d)`, a draw 0.
pub const SCALE: i32 = 1000;

/// What the planner reports while it works.
pub enum Step {
    /// A slice built (or kept).
    Built(UnitReport),
    /// A search iteration.
    Search(Progress),
}

/// The planner's answer.
#[derive(Clone, Debug)]
pub struct Answer {
    /// +1, 0 or −1 for the side to move.
    pub value: i32,
    /// Plies to the end under perfect play (the winner hastening, the loser delaying), when
    /// proven; `None` for a draw.
    pub plies: Option<u32>,
    /// A best move.
    pub best: Option<MorrisMove>,
    /// A line of perfect play.
    pub pv: Vec<MorrisMove>,
    /// True when the line reaches the end of the game (or a draw's repetition).
    pub pv_complete: bool,
    /// True when the value is proven.
    pub exact: bool,
    /// The method.
    pub method: Method,
    /// Search nodes.
    pub nodes: u64,
    /// The search's last depth.
    pub depth: u32,
    /// Entries of the tables used.
    pub table_entries: u64,
    /// Seconds spent building tables.
    pub build_seconds: f64,
    /// Seconds in all.
    pub seconds: f64,
}

/// The most counters a side can have on the board once every counter is entered, from
/// `pos` (at least three: the tables start there).
pub fn counters_needed(pos: &MorrisPos) -> u32 {
    (0..2)
        .map(|s| pos.men[s].count_ones() + pos.hand[s] as u32)
        .max()
        .unwrap_or(0)
        .clamp(FEWEST, MOST)
}

/// Entries of every slice up to `counters` a side.
pub fn entries(counters: u32) -> u64 {
    units(counters)
        .iter()
        .flatten()
        .map(|&s| MorrisSlice::new(s).len())
        .sum()
}

/// The most moves a position of the placement phase can have: a point for each empty one,
/// times a removal for each opponent counter on the board.
pub fn placement_moves_bound(game: &Morris) -> u64 {
    (0..=game.counters() as u64)
        .map(|o| (24 - o).max(1) * o.max(1))
        .max()
        .unwrap_or(24)
}

/// One legal move and its proven value from the mover's side (`None`: the time limit passed
/// first).
#[derive(Clone, Debug)]
pub struct MoveValue {
    /// The move.
    pub mv: MorrisMove,
    /// +1, 0 or −1 for the side that plays it.
    pub value: Option<i32>,
    /// Plies to the end after (and counting) the move, for a proven win or loss.
    pub plies: Option<u32>,
}

/// The planner's analysis of every legal move of `pos`.
#[derive(Clone, Debug)]
pub struct Analysis {
    /// Each legal move, in generation order.
    pub moves: Vec<MoveValue>,
    /// The position's value when proven: the best move's once every move is proven, or a
    /// proven win; a finished game's own value.
    pub value: Option<i32>,
    /// Plies to the end of the position under perfect play, when its value is a proven win
    /// or loss and every move is proven.
    pub plies: Option<u32>,
    /// True when every move is proven.
    pub exact: bool,
    /// Search nodes, every move together.
    pub nodes: u64,
    /// Entries of the tables used.
    pub table_entries: u64,
    /// Seconds spent building tables.
    pub build_seconds: f64,
    /// Seconds in all.
    pub seconds: f64,
}

/// The morris planner (module docs): a game and the budget it may spend; its tables are
/// the budget's folder (`None`: a temporary one).
pub struct Planner<'a> {
    game: &'a Morris,
    budget: &'a Budget,
    /// The search's limits under the budget.
    limits: Limits,
}

impl<'a> Planner<'a> {
    /// The planner of `game` under `budget`.
    pub fn new(game: &'a Morris, budget: &'a Budget) -> Planner<'a> {
        Planner {
            game,
            budget,
            limits: budget.limits(plan::TT_MB),
        }
    }

    /// The search's limits under the budget.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// The value of every legal move of `pos`: the tables are made ready once (as for
    /// [`Plan::solve`]), then each move's position is solved above them. A move not proven before
    /// `limits.deadline` is left unproven.
    pub fn analyze(
        &self,
        pos: &MorrisPos,
        progress: &mut (dyn FnMut(Step) + Send),
    ) -> Result<Analysis, Error> {
        let (game, limits, dir) = (self.game, self.limits, self.budget.tables.as_deref());
        let t0 = Instant::now();
        let ready = prepare(game, counters_needed(pos), limits, dir, progress)?;
        let mut legal = Vec::new();
        game.gen_moves(pos, &mut legal);
        let mut nodes = 0;
        let mut moves = Vec::with_capacity(legal.len());
        for &mv in &legal {
            let late = mancala_solver::stop::passed(limits.deadline);
            let after = (!late)
                .then(|| answer(game, &game.play(pos, mv), &ready, limits, progress, t0))
                .transpose()?;
            nodes += after.as_ref().map_or(0, |a| a.nodes);
            let proven = after.filter(|a| a.exact);
            moves.push(MoveValue {
                mv,
                value: proven.as_ref().map(|a| -a.value),
                plies: proven.as_ref().and_then(|a| a.plies.map(|p| p + 1)),
            });
        }
        let exact = moves.iter().all(|m| m.value.is_some());
        let (value, plies) = if moves.is_empty() {
            let a = answer(game, pos, &ready, limits, progress, t0)?;
            nodes += a.nodes;
            (a.exact.then_some(a.value), a.plies)
        } else {
            position_value(&moves, exact)
        };
        Ok(Analysis {
            moves,
            value,
            plies,
            exact,
            nodes,
            table_entries: ready.table_entries,
            build_seconds: ready.build_seconds,
            seconds: t0.elapsed().as_secs_f64(),
        })
    }
}

impl Plan for Planner<'_> {
    type Position = MorrisPos;
    type Step = Step;
    type Answer = Answer;
    type Refusal = Error;

    fn budget(&self) -> &Budget {
        self.budget
    }

    /// Proves the value of `pos` (module docs), with the tables of the budget's folder
    /// (built up to the counters the position needs, when small enough), or of a temporary
    /// one.
    fn solve(
        &self,
        pos: &MorrisPos,
        progress: &mut (dyn FnMut(Step) + Send),
    ) -> Result<Answer, Error> {
        let (game, limits, dir) = (self.game, self.limits, self.budget.tables.as_deref());
        let t0 = Instant::now();
        let ready = prepare(game, counters_needed(pos), limits, dir, progress)?;
        answer(game, pos, &ready, limits, progress, t0)
    }
}

impl Analysis {
    /// The proven moves that keep the position's value and, where it is known, its distance.
    pub fn best(&self) -> impl Iterator<Item = &MoveValue> {
        self.moves.iter().filter(move |m| {
            self.value.is_some()
                && m.value == self.value
                && (self.plies.is_none() || m.plies == self.plies)
        })
    }
}

/// The position's value and distance from its moves' (the winner takes the quickest win,
/// the loser the slowest loss): known once every move is proven; a proven win proves the
/// value alone.
fn position_value(moves: &[MoveValue], exact: bool) -> (Option<i32>, Option<u32>) {
    let wins = moves.iter().filter(|m| m.value == Some(1));
    if !exact {
        // A proven win proves the value; a move not proven might win sooner.
        let won = wins.count() > 0;
        return (won.then_some(1), None);
    }
    if let Some(fast) = wins.filter_map(|m| m.plies).min() {
        return (Some(1), Some(fast));
    }
    let best = moves.iter().filter_map(|m| m.value).max();
    let plies = match best {
        Some(-1) => moves.iter().filter_map(|m| m.plies).max(),
        _ => None,
    };
    (best, plies)
}

/// The tables made ready for one or more solves.
struct Ready {
    tables: Option<MorrisTables>,
    /// Every slice up to the counters asked for is present.
    full: bool,
    table_entries: u64,
    build_seconds: f64,
    /// The temporary folder the tables live in, deleted when dropped.
    _temporary: Option<tempfile::TempDir>,
}

/// Opens the tables of `dir` (or of a temporary folder) and builds the slices missing up to
/// `need` counters a side when they hold at most [`AUTO_ENTRIES`] entries.
fn prepare(
    game: &Morris,
    need: u32,
    limits: Limits,
    dir: Option<&Path>,
    progress: &mut (dyn FnMut(Step) + Send),
) -> Result<Ready, Error> {
    let temporary = match dir {
        Some(_) => None,
        None => Some(
            tempfile::tempdir()
                .map_err(|e| Error::io(&std::env::temp_dir(), "creating a folder in it", e))?,
        ),
    };
    let dir = match (&temporary, dir) {
        (Some(t), _) => t.path(),
        (None, Some(d)) => d,
        (None, None) => unreachable!("a temporary folder is made when none is named"),
    };
    let present = |d: &Path| -> Result<Option<MorrisTables>, Error> {
        if !d.is_dir() || crate::wdl::list::<Morris>(d)?.is_empty() {
            return Ok(None);
        }
        match MorrisTables::open(d, game) {
            Ok(t) => Ok(Some(t)),
            Err(Error::NoTables { .. }) => Ok(None),
            Err(e) => Err(e),
        }
    };
    let mut tables = present(dir)?;
    let complete =
        |t: &Option<MorrisTables>| t.as_ref().is_some_and(|t| t.complete_up_to() >= need);
    let t_build = Instant::now();
    if !complete(&tables) && entries(need) <= AUTO_ENTRIES {
        // The builder reports from the thread that called it; the lock only makes that
        // visible to the compiler.
        let report = std::sync::Mutex::new(&mut *progress);
        let built = crate::wdl::build_on(
            &crate::driver::Single,
            game,
            dir,
            need,
            limits.threads,
            limits.deadline,
            &|u| (report.lock().expect("no panic while held"))(Step::Built(u.clone())),
        );
        // Out of time, the slices finished are kept and the search goes on with them.
        match built {
            Ok(_) | Err(Error::TimeLimit { .. }) => {}
            Err(e) => return Err(e),
        }
        tables = present(dir)?;
    }
    let build_seconds = t_build.elapsed().as_secs_f64();
    let full = complete(&tables);
    let table_entries = tables.as_ref().map_or(0, |t| {
        units(t.complete_up_to().max(FEWEST))
            .iter()
            .flatten()
            .map(|&s| MorrisSlice::new(s).len())
            .sum()
    });
    Ok(Ready {
        tables,
        full,
        table_entries,
        build_seconds,
        _temporary: temporary,
    })
}

/// Proves the value of `pos` with the tables `ready` (module docs, steps 2 and 3); `t0` is
/// when the caller started, for [`Answer::seconds`].
fn answer(
    game: &Morris,
    pos: &MorrisPos,
    ready: &Ready,
    limits: Limits,
    progress: &mut (dyn FnMut(Step) + Send),
    t0: Instant,
) -> Result<Answer, Error> {
    let need = counters_needed(pos);
    let answer = |value: i32, plies, best, pv, pv_complete, exact, method, nodes, depth| Answer {
        value,
        plies,
        best,
        pv,
        pv_complete,
        exact,
        method,
        nodes,
        depth,
        table_entries: ready.table_entries,
        build_seconds: ready.build_seconds,
        seconds: t0.elapsed().as_secs_f64(),
    };
    let (tables, full) = (&ready.tables, ready.full);
    if let Some(t) = &tables {
        if in_tables_scope(pos) {
            if let Some(v) = t.value(pos) {
                let pv = t.line(pos);
                return Ok(answer(
                    v.value(),
                    v.plies(),
                    pv.first().copied(),
                    pv,
                    true,
                    true,
                    Method::Tables,
                    0,
                    0,
                ));
            }
        }
    }
    let bound = if full {
        placement_moves_bound(game)
    } else {
        game.max_moves_bound()
    };
    if bound > MAX_MOVES {
        let id = game.options().kind.id();
        return Err(Error::NeedsTables {
            reason: format!(
                "{id} with {need} counters a side can have up to {bound} moves in a position and the search handles {MAX_MOVES}; the tables up to {need} counters ({} entries) would answer the main game",
                entries(need),
            ),
            variant: id.to_string(),
            need: Bound::Counters(need),
        });
    }
    let method = if tables.is_some() {
        Method::SearchWithTables
    } else {
        Method::Search
    };
    let mut on_progress = |p: Progress| progress(Step::Search(p));
    if let (true, Some(t)) = (full, &tables) {
        // Every main-game position is in the tables: search for the distance directly (on the
        // decisive starts a win/draw/loss search takes several times the nodes).
        let dg = Distance(game.clone());
        let oracle = DistanceOracle(t);
        // A draw gets no line: it would wander over every drawn position of the tables.
        let r = Solver::new(&dg, limits)
            .with_oracle(&oracle)
            .without_drawn_line()
            .solve_with_progress(pos, &mut on_progress);
        let v = r.value.signum();
        // The search's line stops where the tables answer; they carry it to the end.
        let mut pv = r.pv.clone();
        let mut end = *pos;
        for &m in &pv {
            end = game.play(&end, m);
        }
        pv.extend(t.line(&end));
        let plies = (v != 0 && r.exact).then(|| {
            let placements = pos.hand[0] as u32 + pos.hand[1] as u32;
            placements + (SCALE - r.value.abs()) as u32
        });
        return Ok(answer(
            v,
            plies,
            r.best,
            pv,
            r.pv_complete,
            r.exact,
            method,
            r.nodes,
            r.depth,
        ));
    }
    let solver = Solver::new(game, limits);
    let r = match &tables {
        Some(t) => solver
            .with_oracle(t)
            .solve_with_progress(pos, &mut on_progress),
        None => solver.solve_with_progress(pos, &mut on_progress),
    };
    Ok(answer(
        r.value,
        None,
        r.best,
        r.pv,
        r.pv_complete,
        r.exact,
        method,
        r.nodes,
        r.depth,
    ))
}

/// The morris game scored by distance: a main-game position's value is its tables' distance
/// ([`SCALE`] less the plies to the end, for the side that wins), so that a search over the
/// placement phase, whose every line lasts the same number of plies, finds the quickest win
/// and the slowest loss. Only searched with every main-game position in the oracle.
#[derive(Clone, Debug)]
pub struct Distance(pub Morris);

impl Game for Distance {
    type Position = MorrisPos;
    type Move = MorrisMove;
    type Moves = Vec<MorrisMove>;

    fn start(&self) -> MorrisPos {
        self.0.start()
    }
    fn to_move(&self, pos: &MorrisPos) -> Side {
        self.0.to_move(pos)
    }
    fn gen_moves(&self, pos: &MorrisPos, moves: &mut Vec<MorrisMove>) {
        self.0.gen_moves(pos, moves)
    }
    fn play(&self, pos: &MorrisPos, mv: MorrisMove) -> MorrisPos {
        self.0.play(pos, mv)
    }
    fn outcome(&self, pos: &MorrisPos) -> Option<Outcome> {
        self.0.outcome(pos)
    }
}

impl MarginGame for Distance {
    type Key = u128;

    fn key(&self, pos: &MorrisPos) -> u128 {
        self.0.key(pos)
    }
    fn margin(&self, _pos: &MorrisPos) -> i32 {
        0
    }
    /// The end, met only where the oracle is not asked: lost or won in 0 plies.
    fn final_margin(&self, pos: &MorrisPos) -> i32 {
        self.0.final_margin(pos) * SCALE
    }
    fn future_bound(&self, _pos: &MorrisPos) -> i32 {
        SCALE
    }
}

/// The tables as the oracle of the [`Distance`] search.
struct DistanceOracle<'a>(&'a MorrisTables);

impl Oracle<Distance> for DistanceOracle<'_> {
    fn probe(&self, game: &Distance, pos: &MorrisPos) -> Option<i32> {
        if !self.0.is_for(&game.0) {
            return None;
        }
        self.0.value(pos).map(|v| match v {
            Wdl::Win(d) => SCALE - d as i32,
            Wdl::Loss(d) => -(SCALE - d as i32),
            Wdl::Draw => 0,
        })
    }

    fn prefetch(&self, _game: &Distance, pos: &MorrisPos) -> bool {
        Morris::entered(pos)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_solver::Notation;

    #[test]
    fn a_position_gets_its_distance_only_once_every_move_is_proven() {
        let g = Morris::new(3, mancala_solver::morris::Options::default()).unwrap();
        let start = g.start();
        let mv = |name: &str| g.parse_move(&start, name).unwrap();
        let value = |m: &str, v: Option<i32>, p: Option<u32>| MoveValue {
            mv: mv(m),
            value: v,
            plies: p,
        };
        let all = [
            value("a1", Some(1), Some(11)),
            value("a4", Some(-1), Some(16)),
            value("b2", Some(0), None),
        ];
        assert_eq!(position_value(&all, true), (Some(1), Some(11)));
        // A move not proven might win sooner: the win is proven, its distance is not.
        let open = [all[0].clone(), value("a7", None, None)];
        assert_eq!(position_value(&open, false), (Some(1), None));
        let lost = [all[1].clone(), value("d7", Some(-1), Some(20))];
        assert_eq!(position_value(&lost, true), (Some(-1), Some(20)));
        assert_eq!(
            position_value(&[all[1].clone(), open[1].clone()], false),
            (None, None)
        );
        assert_eq!(
            position_value(&[all[1].clone(), all[2].clone()], true),
            (Some(0), None)
        );
    }
}
