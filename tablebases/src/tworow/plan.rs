//! The solve planner: one call that proves the value of a two-row position by whichever
//! method gets there soonest, within a memory budget.
//!
//! The methods:
//!
//! - **retrograde** ([`Method::Retrograde`]): every slice of the position's width up to the
//!   seeds on its board, built by retrograde analysis ([`crate::build_next`]), then probed:
//!   exact, cycles included, with every move's value. Tables live in memory, or in the cache
//!   folder the caller names (`--tablebases`), where a later call finds and reuses them.
//! - **search with tables** ([`Method::SearchWithTables`]): the exact search
//!   ([`mancala_solver::search`]) probing the slices built so far, or found in the cache
//!   folder.
//! - **search** ([`Method::Search`]): the search alone.
//!
//! # The plan
//!
//! 1. With a depth limit the search runs alone (a heuristic value, as the caller asked).
//! 2. When the cache folder already holds every slice up to the position's seeds, the tables
//!    answer at once.
//! 3. When the whole game does not fit in the memory budget ([`whole_game_bytes`]), the
//!    search runs above tables: the cache folder's slices, and the slices up to [`beneath`]
//!    built first (in a quarter of the time left at most; after a short search when they
//!    take longer than it). A few seconds of tables halve or quarter a large search
//!    (Kalah(6,4), non-empty capture: 298 M nodes alone, 54.5 M above tables to 18 seeds).
//! 4. Otherwise, unless the whole game is tiny ([`TINY_POSITIONS`]), a short search comes
//!    first ([`QUICK_SECONDS`], a small table): it proves in milliseconds what a table build
//!    would take minutes for (most Kalah boards). Then the slices are built in increasing
//!    stones. Each time the build has taken four times as long as at the last check (from
//!    [`FIRST_CHECK_SECONDS`] on), the search is tried again with the slices built so far,
//!    for [`TRIAL_SHARE`] of the build time (at least [`MIN_TRIAL_SECONDS`]): deep enough
//!    tables often let it finish long before the whole game is built (kpo 5x3: tables to 20
//!    seeds, then 5 s of search, against 12 minutes for all 30). The trials cost a few
//!    percent of the build at most. When the last slice is built, the tables answer.
//!
//! A deadline stops any phase; the answer is then the best the finished phases gave, marked
//! not exact. Slices finished in the cache folder stay there: a later call resumes.
//!
//! The choice depends on the position, the memory budget and the clock (which trial, if any,
//! finishes first); the value never does: every method proves the same exact value.

use crate::driver::thread_pool;
use crate::error::Error;
use crate::plan::{self, Budget, Method, Plan};
use crate::tworow::build::{build_next, Progress as BuildProgress};
use crate::tworow::index::slice_len;
use crate::tworow::probe::Tablebases;
use mancala_solver::line::{line_order, move_value, perfect_line};
use mancala_solver::search::{Limits, Progress as SearchProgress, Report, Solver};
use mancala_solver::tworow::Pit;
use mancala_solver::{Game, MarginGame, TwoRow, TwoRowPos};
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Seconds of the first search, before any table is built.
pub const QUICK_SECONDS: f64 = 1.0;

/// Table size (MiB) of the trial searches: small, so that a trial that fails costs little
/// more than its time (a fresh table's pages are paid for when first written).
pub const TRIAL_TT_MB: usize = 64;

/// Build seconds before the first trial of the search with the slices built so far; later
/// trials come each time the build time has grown fourfold.
pub const FIRST_CHECK_SECONDS: f64 = 4.0;

/// A trial search runs for this share of the build time so far.
pub const TRIAL_SHARE: f64 = 0.05;

/// The least time of a trial search.
pub const MIN_TRIAL_SECONDS: f64 = 0.5;

/// A whole game with at most this many positions left to build is built at once, without a
/// search first (a fraction of a second).
pub const TINY_POSITIONS: u64 = 2_000_000;

/// Tables beneath a search hold at most this many positions (Kalah at width 6: every slice
/// to 20 seeds, 226 M positions, about 40 CPU seconds to build).
pub const BENEATH_POSITIONS: u64 = 1 << 28;

/// Tables beneath a search of at most this many positions are built before any search (under
/// a second on one core for Kalah); larger ones after a short search ([`QUICK_SECONDS`]).
pub const QUICK_POSITIONS: u64 = 4_000_000;

/// What one phase of a plan did and how long it took.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Phase {
    /// `search`, `build` or `probe`.
    pub phase: &'static str,
    /// For a search: the tables it probed (stones, complete from 0), if any; for a build: the
    /// slices it built (from, to, inclusive).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tables_to: Option<u32>,
    /// For a build: the first slice built.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from: Option<u32>,
    /// For a search: whether it proved the value.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub proved: Option<bool>,
    /// Search nodes, or positions built.
    pub work: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
}

/// The tables a plan used or built.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TablesUsed {
    /// Every slice from 0 to this many stones is present.
    pub complete_to: Option<u32>,
    /// Slices built by this plan.
    pub built: u32,
    /// Positions of the slices built by this plan.
    pub built_positions: u64,
    /// Bytes of all the values held (one a position).
    pub bytes: u64,
    /// The folder, or `None` for tables in memory.
    pub folder: Option<PathBuf>,
}

/// What the planner proved about a position.
#[derive(Clone, Debug)]
pub struct Answer {
    /// How the value was found.
    pub method: Method,
    /// Final seed difference, side to move minus opponent, seeds already captured included.
    pub value: i32,
    /// The part of `value` still to be won.
    pub future: i32,
    /// True when proven (a search stopped by a deadline or a depth limit is not).
    pub exact: bool,
    /// The best move (the first of `pv`, or the search's choice when not exact); `None` when
    /// the game is over.
    pub best: Option<Pit>,
    /// Every legal move with its exact value, in generation order, when the tables gave them
    /// (retrograde); empty otherwise.
    pub moves: Vec<(Pit, i32)>,
    /// The principal variation (empty when not exact).
    pub pv: Vec<Pit>,
    /// False when the line stops short of the end (a deadline, or a line too long).
    pub pv_complete: bool,
    /// Search nodes of the proving search (0 for retrograde).
    pub nodes: u64,
    /// The depth of the proving search's last iteration (0 for retrograde).
    pub depth: u32,
    /// The phases in order.
    pub phases: Vec<Phase>,
    /// The tables used, when any.
    pub tables: Option<TablesUsed>,
    /// Slices up to the position's seeds that the tables lack below their largest one (a
    /// search went on without them); empty when the tables answered.
    pub missing_slices: Vec<u32>,
    /// Wall-clock seconds of the whole plan.
    pub seconds: f64,
}

/// Progress of a plan, for a spinner.
#[derive(Clone, Copy, Debug)]
pub enum Step {
    /// A search is running, probing tables to `tables_to` stones if any.
    Search {
        /// Tables probed (complete to this many stones).
        tables_to: Option<u32>,
        /// The search's own progress.
        progress: SearchProgress,
    },
    /// A slice is being built.
    Build {
        /// Stones of the slice.
        stones: u32,
        /// The last slice the plan will build.
        last: u32,
        /// Positions of this slice evaluated so far in its current pass.
        done: u64,
        /// Positions in the slice.
        positions: u64,
    },
}

/// The search's table size by default: 64 MiB at 36 seeds on the board, doubled for every 3
/// seeds more and halved for every 3 fewer, between 16 MiB and 2048 MiB. A Kalah proof grows
/// about fourfold with every 4 seeds (Kalah(6,3), 36 seeds: 1.22 M nodes; Kalah(6,4), 48:
/// 64 M), and the table need hold no more than the proof: Kalah(6,3) on one thread searches
/// 1,219,772 nodes with 64 MiB and 1,219,681 with 256 MiB, whose first-touch pages cost more
/// than the whole search (BENCHMARKS.md, section 3.1), while a table far smaller than the proof
/// costs more than memory (Kalah(6,4), 48 seeds, on 2 threads: 155 s with 256 MiB, 45 s with
/// 1 GiB, 49 s with 2 GiB). It depends on the position alone, so the same command gives the
/// same node count on any machine.
pub fn default_tt_mb(seeds: u32) -> usize {
    1 << ((seeds / 3).clamp(10, 17) - 6)
}

/// The last slice of the tables a search from a position with `stones` seeds builds beneath
/// it when the whole game does not fit: `2 * stones / 3 - 14`, and no more than
/// [`BENEATH_POSITIONS`] positions and `memory` bytes hold; `None` for none. The search grows
/// about twofold with every 2 seeds on the board, the tables (at width 6) about threefold with
/// every 2 seeds they hold, so the best depth of the tables grows by two thirds of the seeds:
/// Kalah(6,3) (36 seeds) is fastest above tables to 10 seeds and Kalah(6,4) (48) above tables
/// to 18 (non-empty capture, one thread: 298 M nodes alone, 123 M above tables to 16 seeds,
/// 54.5 M above tables to 18; BENCHMARKS.md, section 3.1).
pub fn beneath(width: usize, stones: u32, memory: u64) -> Option<u32> {
    let fits = |k: u32| {
        whole_game_positions(width, k).is_some_and(|p| p <= BENEATH_POSITIONS)
            && whole_game_bytes(width, k).is_some_and(|b| b <= memory)
    };
    (0..=(2 * stones / 3).checked_sub(14)?)
        .rev()
        .find(|&k| fits(k))
}

/// Positions of every slice from 0 to `stones` seeds at `width`: what the whole game holds
/// (`None` when a slice cannot be indexed).
pub fn whole_game_positions(width: usize, stones: u32) -> Option<u64> {
    (0..=stones).try_fold(0u64, |acc, n| acc.checked_add(slice_len(width, n)?))
}

/// The most memory a whole-game build to `stones` seeds needs: a byte a position for every
/// slice, and while the largest slice is built, its bitmaps (three bits a position) and, in
/// memory, the copy of its values.
pub fn whole_game_bytes(width: usize, stones: u32) -> Option<u64> {
    let all = whole_game_positions(width, stones)?;
    let top = slice_len(width, stones)?;
    all.checked_add(top / 8 * 3 + top)
}

/// The planner for one game.
pub struct Planner<'a> {
    game: &'a TwoRow,
    budget: &'a Budget,
    /// Bytes the tables may take.
    memory: u64,
}

/// Every legal move with its exact value, `None` where not proven (in generation order).
pub type MoveValues = Vec<(Pit, Option<i32>)>;

/// Positions of the slices `first..=last` of a board of `width` pits (all of them when
/// too many to count).
fn positions_between(width: usize, first: u32, last: u32) -> u64 {
    whole_game_positions(width, last).unwrap_or(u64::MAX)
        - first
            .checked_sub(1)
            .and_then(|k| whole_game_positions(width, k))
            .unwrap_or(0)
}

/// The state of a plan under way.
struct Run<'b> {
    t0: Instant,
    /// Seeds on the position's board.
    stones: u32,
    phases: Vec<Phase>,
    tables: Tablebases,
    built: u32,
    built_positions: u64,
    on: &'b mut (dyn FnMut(Step) + Send),
}

impl<'b> Run<'b> {
    /// A plan from a position with `stones` on the board, starting from `tables`.
    fn new(stones: u32, tables: Tablebases, on: &'b mut (dyn FnMut(Step) + Send)) -> Run<'b> {
        Run {
            t0: Instant::now(),
            stones,
            phases: Vec::new(),
            tables,
            built: 0,
            built_positions: 0,
            on,
        }
    }
}

impl<'a> Planner<'a> {
    /// A planner for `game` with `budget`.
    pub fn new(game: &'a TwoRow, budget: &'a Budget) -> Planner<'a> {
        Planner {
            game,
            budget,
            memory: budget
                .memory
                .unwrap_or_else(|| plan::TWO_ROW.memory.bytes()),
        }
    }

    /// The bytes the tables may take: the budget's memory, else [`plan::TWO_ROW`]'s default.
    pub fn memory(&self) -> u64 {
        self.memory
    }

    /// True when every slice up to `stones` seeds fits in the memory budget.
    pub fn whole_game_fits(&self, stones: u32) -> bool {
        whole_game_bytes(self.game.width(), stones).is_some_and(|b| b <= self.memory())
    }

    /// The tables of the cache folder (every file of this game checked), or empty tables:
    /// in the folder when one is named, else in memory.
    fn start_tables(&self) -> Result<Tablebases, Error> {
        let Some(dir) = &self.budget.tables else {
            return Ok(Tablebases::in_memory(self.game));
        };
        if !dir.is_dir() {
            // A new cache folder is made, but only inside one that exists: a mistyped path is
            // refused rather than made.
            let parent = dir.parent().filter(|p| !p.as_os_str().is_empty());
            if dir.exists() || parent.is_some_and(|p| !p.is_dir()) {
                return Err(Error::NoFolder {
                    dir: dir.clone(),
                    make: true,
                });
            }
            std::fs::create_dir(dir).map_err(|e| Error::io(dir, "creating the folder", e))?;
            return Ok(Tablebases::empty_in(self.game, dir));
        }
        match Tablebases::open(dir, self.game) {
            Ok(t) => Ok(t),
            // A folder without this game's tables: a cache to fill.
            Err(Error::NoTables { .. }) if !has_tables_of(dir, self.game)? => {
                Ok(Tablebases::empty_in(self.game, dir))
            }
            Err(e) => Err(e),
        }
    }

    /// [`Plan::solve`], also giving back the tables the plan ended with.
    fn plan(
        &self,
        pos: &TwoRowPos,
        on: &mut (dyn FnMut(Step) + Send),
    ) -> Result<(Answer, Tablebases), Error> {
        let tables = self.start_tables()?;
        let g = self.game;
        let stones = g.future_bound(pos) as u32;
        let mut run = Run::new(stones, tables, on);
        let have = run.tables.complete_up_to();
        if self.budget.depth.is_some() || g.outcome(pos).is_some() {
            let method = probing_method(&run);
            let r = self.search(&mut run, pos, self.budget.deadline, None);
            return Ok(self.answer_of_search(run, r, method));
        }
        if have.is_some_and(|k| k >= stones) {
            return Ok(self.answer_of_tables(run, pos));
        }
        if !self.whole_game_fits(stones) {
            return self.search_above_tables(run, pos);
        }
        let first = run.tables.next_stones();
        let left = positions_between(g.width(), first, stones);
        let mut fallback = None;
        if left > TINY_POSITIONS {
            let method = probing_method(&run);
            let r = self.search(&mut run, pos, self.soon(QUICK_SECONDS), Some(TRIAL_TT_MB));
            if r.exact {
                return Ok(self.answer_of_search(run, r, method));
            }
            fallback = Some((r, method));
        }
        let pool = thread_pool(self.budget.threads.max(1))?;
        let mut build_seconds = 0.0;
        let mut next_check = FIRST_CHECK_SECONDS;
        for n in first..=stones {
            let built = self.build_slice(&mut run, &pool, stones, self.budget.deadline)?;
            let Some(secs) = built else {
                return Ok(match fallback {
                    Some((r, method)) => self.answer_of_search(run, r, method),
                    None => {
                        let method = probing_method(&run);
                        let r = self.search(&mut run, pos, Some(Instant::now()), None);
                        self.answer_of_search(run, r, method)
                    }
                });
            };
            build_seconds += secs;
            if n < stones && build_seconds >= next_check {
                next_check = build_seconds * 4.0;
                let trial = (build_seconds * TRIAL_SHARE).max(MIN_TRIAL_SECONDS);
                let r = self.search(&mut run, pos, self.soon(trial), Some(TRIAL_TT_MB));
                if r.exact {
                    return Ok(self.answer_of_search(run, r, Method::SearchWithTables));
                }
                fallback = Some((r, Method::SearchWithTables));
            }
        }
        Ok(self.answer_of_tables(run, pos))
    }

    /// Step 3 of the plan: the search, above the slices of the cache folder and the tables
    /// built beneath it ([`beneath`]): a short search first where the build would take longer
    /// than it ([`QUICK_POSITIONS`]), the build within a quarter of the time left, then the
    /// search probing every slice finished.
    fn search_above_tables(
        &self,
        mut run: Run,
        pos: &TwoRowPos,
    ) -> Result<(Answer, Tablebases), Error> {
        let g = self.game;
        let first = run.tables.next_stones();
        let last = beneath(g.width(), run.stones, self.memory()).filter(|&k| k >= first);
        if let Some(last) = last {
            let positions = positions_between(g.width(), first, last);
            if positions > QUICK_POSITIONS {
                let method = probing_method(&run);
                let r = self.search(&mut run, pos, self.soon(QUICK_SECONDS), Some(TRIAL_TT_MB));
                if r.exact {
                    return Ok(self.answer_of_search(run, r, method));
                }
            }
            let deadline = self.budget.deadline.map(|d| {
                let now = Instant::now();
                now + d.saturating_duration_since(now) / 4
            });
            let pool = thread_pool(self.budget.threads.max(1))?;
            for _ in first..=last {
                if self.build_slice(&mut run, &pool, last, deadline)?.is_none() {
                    break;
                }
            }
        }
        let method = probing_method(&run);
        let r = self.search(&mut run, pos, self.budget.deadline, None);
        Ok(self.answer_of_search(run, r, method))
    }

    /// Builds the next slice of `run`'s tables (the last the plan builds: `last`), recording
    /// the phase; `None` when `deadline` stopped it.
    fn build_slice(
        &self,
        run: &mut Run,
        pool: &rayon::ThreadPool,
        last: u32,
        deadline: Option<Instant>,
    ) -> Result<Option<f64>, Error> {
        let g = self.game;
        let n = run.tables.next_stones();
        let t = Instant::now();
        let positions = slice_len(g.width(), n).unwrap_or(0);
        let done = AtomicU64::new(0);
        let result = {
            let on = std::sync::Mutex::new(&mut *run.on);
            let progress = |p: &BuildProgress| {
                if let BuildProgress::Positions { count, .. } = p {
                    let d = done.fetch_add(*count, Ordering::Relaxed) + count;
                    if let Ok(mut f) = on.try_lock() {
                        f(Step::Build {
                            stones: n,
                            last,
                            done: d.min(positions),
                            positions,
                        });
                    }
                }
                if let BuildProgress::PassDone { .. } = p {
                    done.store(0, Ordering::Relaxed);
                }
            };
            build_next(g, &mut run.tables, pool, deadline, &progress)
        };
        let secs = t.elapsed().as_secs_f64();
        match result {
            Ok(rep) => {
                if !rep.skipped {
                    run.built += 1;
                    run.built_positions += rep.positions;
                }
                record_build(&mut run.phases, n, rep.positions, secs);
                Ok(Some(secs))
            }
            Err(Error::TimeLimit { .. }) => {
                record_build(&mut run.phases, n, 0, secs);
                Ok(None)
            }
            Err(e) => Err(e),
        }
    }

    /// The exact value of every legal move of `pos`, in generation order, by the plan of
    /// [`Plan::solve`]: from the tables when it ends with them, else by the search, each
    /// move solved exactly (probing the tables the plan left). With a deadline that passes
    /// first, `None` for the moves not proven (all of them when the plan did not prove the
    /// position's value).
    pub fn analyze(
        &self,
        pos: &TwoRowPos,
        on: &mut (dyn FnMut(Step) + Send),
    ) -> Result<(Answer, MoveValues), Error> {
        let (answer, tables) = self.plan(pos, on)?;
        if answer.method == Method::Retrograde {
            let moves = answer.moves.iter().map(|&(m, v)| (m, Some(v))).collect();
            return Ok((answer, moves));
        }
        let legal = self.game.legal_moves(pos);
        if !answer.exact {
            return Ok((answer, legal.iter().map(|&m| (m, None)).collect()));
        }
        // Proven by the search: each move solved the same way, probing the same tables.
        let limits = self.limits(pos, self.budget.deadline, None);
        let tables_to = tables.complete_up_to();
        let mut solver = Solver::new(self.game, limits);
        if tables_to.is_some() {
            solver = solver.with_oracle(&tables);
        }
        let moves = solver.analyze_in_time(pos, &mut |_, _, nodes| {
            on(Step::Search {
                tables_to,
                progress: SearchProgress {
                    depth: 0,
                    lower: answer.future,
                    upper: answer.future,
                    nodes,
                },
            })
        });
        Ok((answer, moves))
    }

    /// Whole-game tables for play from positions with up to `stones` seeds: the cache
    /// folder's when complete, else built (in the folder, or in memory) when they fit the
    /// budget; `None` when they do not fit (the cache folder's partial tables are then
    /// returned if there are any).
    pub fn tables_for(
        &self,
        stones: u32,
        on: &mut (dyn FnMut(Step) + Send),
    ) -> Result<Option<Tablebases>, Error> {
        let tables = self.start_tables()?;
        if tables.complete_up_to().is_some_and(|k| k >= stones) {
            return Ok(Some(tables));
        }
        if !self.whole_game_fits(stones) {
            return Ok(tables.complete_up_to().is_some().then_some(tables));
        }
        let pool = thread_pool(self.budget.threads.max(1))?;
        let mut run = Run::new(stones, tables, on);
        while run.tables.next_stones() <= stones {
            let n = run.tables.next_stones();
            if self
                .build_slice(&mut run, &pool, stones, self.budget.deadline)?
                .is_none()
            {
                return Err(Error::TimeLimit { stones: n });
            }
        }
        let tables = run.tables;
        Ok(Some(tables))
    }

    /// An instant `seconds` from now, or the budget's deadline if sooner.
    fn soon(&self, seconds: f64) -> Option<Instant> {
        let t = Instant::now() + Duration::from_secs_f64(seconds);
        Some(self.budget.deadline.map_or(t, |d| d.min(t)))
    }

    /// The search's limits from `pos`.
    fn limits(&self, pos: &TwoRowPos, deadline: Option<Instant>, tt_mb: Option<usize>) -> Limits {
        let seeds = self.game.future_bound(pos) as u32;
        Limits {
            depth: self.budget.depth,
            threads: self.budget.threads.max(1),
            tt_mb: tt_mb
                .map(|t| t.min(self.budget.tt_mb.unwrap_or(usize::MAX)))
                .or(self.budget.tt_mb)
                .unwrap_or_else(|| default_tt_mb(seeds)),
            deadline,
        }
    }

    /// Runs the search from `pos` probing the tables held, if any, and records the phase.
    fn search(
        &self,
        run: &mut Run,
        pos: &TwoRowPos,
        deadline: Option<Instant>,
        tt_mb: Option<usize>,
    ) -> Report<Pit> {
        let limits = self.limits(pos, deadline, tt_mb);
        let tables_to = run.tables.complete_up_to();
        let mut solver = Solver::new(self.game, limits);
        if tables_to.is_some() {
            solver = solver.with_oracle(&run.tables);
        }
        let on = &mut run.on;
        let r = solver.solve_with_progress(pos, &mut |p| {
            on(Step::Search {
                tables_to,
                progress: p,
            })
        });
        run.phases.push(Phase {
            phase: "search",
            tables_to,
            from: None,
            proved: Some(r.exact),
            work: r.nodes,
            seconds: r.seconds,
        });
        r
    }

    fn tables_used(&self, run: &Run) -> Option<TablesUsed> {
        let complete_to = run.tables.complete_up_to();
        (complete_to.is_some() || run.built > 0).then(|| TablesUsed {
            complete_to,
            built: run.built,
            built_positions: run.built_positions,
            bytes: run.tables.bytes(),
            folder: run.tables.folder().map(Path::to_path_buf),
        })
    }

    fn answer_of_search(&self, run: Run, r: Report<Pit>, method: Method) -> (Answer, Tablebases) {
        let tables = if method == Method::Search {
            None
        } else {
            self.tables_used(&run)
        };
        let missing_slices = if method == Method::Search {
            Vec::new()
        } else {
            run.tables.gaps(run.stones)
        };
        let answer = Answer {
            method,
            value: r.value,
            future: r.future,
            exact: r.exact,
            best: r.best,
            moves: Vec::new(),
            pv: r.pv,
            pv_complete: r.pv_complete,
            nodes: r.nodes,
            depth: r.depth,
            phases: run.phases,
            tables,
            missing_slices,
            seconds: run.t0.elapsed().as_secs_f64(),
        };
        (answer, run.tables)
    }

    /// The answer of complete tables: every move's value by probing, the line by
    /// [`perfect_line`].
    fn answer_of_tables(&self, mut run: Run, pos: &TwoRowPos) -> (Answer, Tablebases) {
        let t = Instant::now();
        let g = self.game;
        let tb = &run.tables;
        let probe = |p: &TwoRowPos| tb.probe(p);
        let future = probe(pos).expect("every slice up to the position's seeds is present");
        let moves: Vec<(Pit, i32)> = g
            .legal_moves(pos)
            .iter()
            .map(|&m| {
                let c = g.play(pos, m);
                let fc = if g.outcome(&c).is_some() {
                    0
                } else {
                    probe(&c).expect("a child has no more seeds than its parent")
                };
                (m, move_value(g, pos, &c, fc))
            })
            .collect();
        let value = g.margin(pos) + future;
        let (pv, pv_complete) = perfect_line(g, pos, &probe, 100_000);
        let best = pv.first().copied().or_else(|| {
            line_order(g, pos)
                .into_iter()
                .find(|m| moves.iter().any(|&(x, v)| x == *m && v == value))
        });
        run.phases.push(Phase {
            phase: "probe",
            tables_to: tb.complete_up_to(),
            from: None,
            proved: Some(true),
            work: moves.len() as u64 + 1,
            seconds: t.elapsed().as_secs_f64(),
        });
        let tables = self.tables_used(&run);
        let answer = Answer {
            method: Method::Retrograde,
            value,
            future,
            exact: true,
            best,
            moves,
            pv,
            pv_complete,
            nodes: 0,
            depth: 0,
            phases: run.phases,
            tables,
            missing_slices: Vec::new(),
            seconds: run.t0.elapsed().as_secs_f64(),
        };
        (answer, run.tables)
    }
}

impl Plan for Planner<'_> {
    type Position = TwoRowPos;
    type Step = Step;
    type Answer = Answer;
    type Refusal = Error;

    fn budget(&self) -> &Budget {
        self.budget
    }

    /// Proves the value of `pos` (see the module docs for the plan), calling `on` with
    /// progress. Errors are those of the tables (a damaged file in the cache folder, a disk
    /// that fills).
    fn solve(&self, pos: &TwoRowPos, on: &mut (dyn FnMut(Step) + Send)) -> Result<Answer, Error> {
        self.plan(pos, on).map(|(a, _)| a)
    }
}

/// The method of a search from here: with tables when some are held.
fn probing_method(run: &Run) -> Method {
    if run.tables.complete_up_to().is_some() {
        Method::SearchWithTables
    } else {
        Method::Search
    }
}

/// Adds slice `n` to the build phase that ends with `n - 1`, or starts one.
fn record_build(phases: &mut Vec<Phase>, n: u32, positions: u64, seconds: f64) {
    if let Some(p) = phases.last_mut() {
        if p.phase == "build" && p.tables_to.map(|k| k + 1) == Some(n) {
            p.tables_to = Some(n);
            p.work += positions;
            p.seconds += seconds;
            return;
        }
    }
    phases.push(Phase {
        phase: "build",
        tables_to: Some(n),
        from: Some(n),
        proved: None,
        work: positions,
        seconds,
    });
}

/// True when `dir` holds a table file of `game`'s (by name).
fn has_tables_of(dir: &Path, game: &TwoRow) -> Result<bool, Error> {
    let first = crate::files::GameId::of(game).file_name(0);
    let prefix = first.strip_suffix("0.mtb").unwrap_or(&first).to_string();
    Ok(crate::files::table_files(dir)?.iter().any(|p| {
        p.file_name()
            .and_then(|s| s.to_str())
            .is_some_and(|s| s.starts_with(&prefix))
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_solver::{tworow, Kind};

    fn game(kind: Kind, w: usize, s: u32) -> TwoRow {
        TwoRow::new(kind, w, s, tworow::Options::default()).unwrap()
    }

    /// Every method gives the search's exact value; the tables' line realises it.
    #[test]
    fn every_method_agrees_with_the_search() {
        for kind in Kind::ALL {
            for (w, s) in [(2, 2), (3, 2), (4, 1)] {
                let g = game(kind, w, s);
                let start = g.start();
                let searched = mancala_solver::search::solve(&g, &start);
                let one = Budget::new(1);
                let planner = Planner::new(&g, &one);
                let a = planner.solve(&start, &mut |_| {}).unwrap();
                assert!(a.exact);
                assert_eq!(a.value, searched.value, "{kind:?} {w}x{s}");
                // A tiny whole game is built at once: no search first.
                assert_eq!(a.method, Method::Retrograde, "{kind:?} {w}x{s}");
                let best: Vec<i32> = a.moves.iter().map(|m| m.1).collect();
                assert_eq!(best.iter().max().copied(), Some(a.value));
                let budget = Budget {
                    memory: Some(0),
                    ..Budget::new(1)
                };
                let no_tables = Planner::new(&g, &budget);
                let b = no_tables.solve(&start, &mut |_| {}).unwrap();
                assert_eq!(b.method, Method::Search);
                assert_eq!(b.value, a.value);
            }
        }
    }

    #[test]
    fn a_board_too_large_for_the_whole_game_is_searched_above_tables_built_beneath() {
        // Kalah(4,3), 24 seeds: the whole game (10,518,300 positions) does not fit in 1 MiB,
        // the slices to 2 seeds (45 positions) do; both rules of capture, as the search alone.
        for opts in ["capture=empty", "capture=nonempty"] {
            let o = tworow::Options::parse(Kind::Kalah, &[opts.to_string()]).unwrap();
            let g = TwoRow::new(Kind::Kalah, 4, 3, o).unwrap();
            let start = g.start();
            let searched = mancala_solver::search::solve(&g, &start);
            let budget = Budget {
                memory: Some(1 << 20),
                ..Budget::new(1)
            };
            let planner = Planner::new(&g, &budget);
            let a = planner.solve(&start, &mut |_| {}).unwrap();
            assert!(a.exact, "{opts}");
            assert_eq!(a.value, searched.value, "{opts}");
            assert_eq!(a.method, Method::SearchWithTables, "{opts}");
            assert_eq!(a.phases[0].phase, "build", "{opts}");
            assert_eq!(a.phases[0].tables_to, Some(2), "{opts}");
            assert_eq!(a.tables.as_ref().and_then(|t| t.complete_to), Some(2));
        }
    }

    #[test]
    fn a_depth_limit_searches_alone() {
        let g = game(Kind::Oware, 3, 2);
        let budget = Budget {
            depth: Some(2),
            ..Budget::new(1)
        };
        let planner = Planner::new(&g, &budget);
        let a = planner.solve(&g.start(), &mut |_| {}).unwrap();
        assert_eq!(a.method, Method::Search);
        assert!(a.tables.is_none());
    }

    #[test]
    fn the_whole_game_size() {
        // 2 stones on 2 pits: slices 0, 1, 2 hold 1, 2, 3 positions.
        assert_eq!(whole_game_positions(1, 2), Some(6));
        assert_eq!(whole_game_bytes(1, 2), Some(6 + 3));
        assert_eq!(default_tt_mb(48), 1024);
        assert_eq!(default_tt_mb(36), 64);
        assert_eq!(default_tt_mb(10), 16);
        assert_eq!(default_tt_mb(60), 2048);
        // Tables beneath a search: two thirds of the seeds less 14, within the positions and
        // the memory.
        assert_eq!(beneath(6, 36, 1 << 40), Some(10));
        assert_eq!(beneath(6, 48, 1 << 40), Some(18));
        assert_eq!(beneath(6, 60, 1 << 40), Some(20));
        assert_eq!(beneath(6, 48, 1 << 20), Some(9));
        assert_eq!(beneath(6, 20, 1 << 40), None);
    }
}
