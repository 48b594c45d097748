//! `mancala match` for a game of any two-player family: the engines parsed, the tables the
//! `perfect` engine plays from chosen per family, the games run on their own thread pool and
//! summarized as [`json::Match`] (whose `Display` is the command's text).

pub mod games;
pub mod json;
mod text;

use crate::args;
use crate::engine::{EngineGame, EngineSpec, Rng, ISOLO_CANDIDATES};
use crate::error::Fail;
use crate::shape::Start;
use games::{run_match, summarize, MatchConfig};
use mancala_solver::any::AnyGame;
use mancala_solver::search::Oracle;
use mancala_solver::Budget;
use mancala_solver::{MarginGame, Notation, TwoRow};
use mancala_tablebases::fourrow::FourTables;
use mancala_tablebases::morris::MorrisTables;
use mancala_tablebases::tworow::plan::Step;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

/// What a match asks for.
#[derive(Clone, Debug)]
pub struct MatchRequest {
    /// Engine A's spec.
    pub a: String,
    /// Engine B's spec.
    pub b: String,
    /// Games, seed, opening and ply limit.
    pub cfg: MatchConfig,
    /// Worker threads.
    pub threads: usize,
    /// The `perfect` engine's tables: two-row games, a cache folder; four-row and morris
    /// games, a folder read as it is.
    pub tablebases: Option<PathBuf>,
    /// Two-row games: memory the perfect engine's tables may take.
    pub memory: u64,
}

impl MatchRequest {
    /// The request of `match`'s options for two players: engines `a` and `b` (not the seat
    /// games' `engines`), `threads` and `memory` as given.
    pub fn of(
        a: Option<&str>,
        b: Option<&str>,
        engines: Option<&str>,
        cfg: MatchConfig,
        threads: Option<usize>,
        tablebases: Option<PathBuf>,
        memory: Option<&str>,
    ) -> Result<MatchRequest, Fail> {
        let (Some(a), Some(b), None) = (a, b, engines) else {
            return Err(Fail(
                "--engines is for kpo with --players 3 or 4; two players take --a and --b".into(),
            ));
        };
        Ok(MatchRequest {
            a: a.to_string(),
            b: b.to_string(),
            cfg,
            threads: args::threads(threads)?,
            tablebases,
            memory: memory
                .map(args::memory)
                .transpose()?
                .unwrap_or_else(|| mancala_tablebases::plan::TWO_ROW.memory.bytes()),
        })
    }
}

/// True when either engine of `r` is the perfect one.
fn wants_perfect(r: &MatchRequest) -> bool {
    [&r.a, &r.b]
        .iter()
        .any(|e| matches!(e.parse::<EngineSpec>(), Ok(EngineSpec::Perfect { .. })))
}

/// Plays the match `r` from the game and position `game`; `on_plan` hears the two-row
/// planner building the perfect engine's tables, `done` each game finished.
pub fn play(
    game: AnyGame,
    r: &MatchRequest,
    on_plan: &mut (dyn FnMut(Step) + Send),
    done: &(dyn Fn() + Sync),
) -> Result<json::Match, String> {
    let err = crate::error::tables_message;
    match game {
        AnyGame::Two(g, pos) => {
            // The perfect engine plays from tables whenever the solve planner can have them:
            // the whole game from the start's seeds, built when it fits (in the --tablebases
            // folder, or in memory), else the folder's tables as they are.
            let oracle: Option<Arc<dyn Oracle<TwoRow>>> = if wants_perfect(r) {
                let budget = Budget {
                    memory: Some(r.memory),
                    tables: r.tablebases.clone(),
                    ..Budget::new(r.threads)
                };
                let planner = mancala_tablebases::tworow::plan::Planner::new(&g, &budget);
                let seeds = MarginGame::future_bound(&*g, &pos) as u32;
                let t = planner.tables_for(seeds, on_plan).map_err(|e| err(&e))?;
                t.map(|t| Arc::new(t) as _)
            } else {
                match &r.tablebases {
                    None => None,
                    Some(dir) => Some(Arc::new(
                        mancala_tablebases::Tablebases::open(dir, &g).map_err(|e| err(&e))?,
                    )),
                }
            };
            play_on(&*g, &pos, r, oracle, done)
        }
        AnyGame::Four(g, pos) => {
            // The win/draw/loss tables of a --tablebases folder tell the perfect engine
            // which moves keep the value; the search plays on from there.
            let oracle = crate::solve::four_tables(&g, r.tablebases.as_deref())?;
            play_on(&g, &pos, r, oracle.map(|t| Arc::new(t) as _), done)
        }
        AnyGame::Morris(g, pos) => {
            // The main-game tables of a --tablebases folder answer the perfect engine once
            // every counter is entered.
            let oracle = match &r.tablebases {
                None => None,
                Some(dir) => Some(Arc::new(
                    mancala_tablebases::morris::MorrisTables::open(dir, &g).map_err(|e| err(&e))?,
                ) as _),
            };
            play_on(&g, &pos, r, oracle, done)
        }
        // The engines choose an arrangement among candidates (docs/ENGINES.md).
        AnyGame::Isolo(g, pos) => {
            if wants_perfect(r) {
                return Err(format!(
                    "match: the perfect engine has no tables of {}; its exact values come from `mancala analyze` on reduced boards",
                    g.kind().id()
                ));
            }
            play_on(&g.for_engines(ISOLO_CANDIDATES), &pos, r, None, done)
        }
    }
}

/// The move engine `spec` chooses in `game`'s position (a game not over), drawing its random
/// choices from `seed`; the perfect engine probes the tables of `tablebases` that are of
/// this game, if any (a folder without them is no error: the engine searches alone). With
/// a `deadline` the engine plays the best move it has when it comes, whatever its own limit.
pub fn engine_move(
    game: &AnyGame,
    spec: &EngineSpec,
    seed: u64,
    tablebases: Option<&Path>,
    deadline: Option<Instant>,
) -> Result<json::EngineMove, String> {
    let perfect = matches!(spec, EngineSpec::Perfect { .. });
    let dir = tablebases.filter(|_| perfect);
    match game {
        AnyGame::Two(g, pos) => {
            let open = |d: &Path| mancala_tablebases::Tablebases::open(d, g);
            let oracle = tables_in(dir, open, |t| t.stones().is_empty())?.map(|t| Arc::new(t) as _);
            choose(&**g, pos, spec, oracle, (seed, deadline))
        }
        AnyGame::Four(g, pos) => {
            let open = |d: &Path| FourTables::open(d, g);
            let oracle = tables_in(dir, open, FourTables::is_empty)?.map(|t| Arc::new(t) as _);
            choose(g, pos, spec, oracle, (seed, deadline))
        }
        AnyGame::Morris(g, pos) => {
            let open = |d: &Path| MorrisTables::open(d, g);
            let oracle = tables_in(dir, open, MorrisTables::is_empty)?.map(|t| Arc::new(t) as _);
            choose(g, pos, spec, oracle, (seed, deadline))
        }
        AnyGame::Isolo(g, pos) => {
            let e = g.for_engines(ISOLO_CANDIDATES);
            choose(&e, pos, spec, None, (seed, deadline))
        }
    }
}

/// The tables `open` finds in `dir`, unless the folder holds none (`empty`).
fn tables_in<T>(
    dir: Option<&Path>,
    open: impl FnOnce(&Path) -> Result<T, mancala_tablebases::Error>,
    empty: impl FnOnce(&T) -> bool,
) -> Result<Option<T>, String> {
    let Some(d) = dir else { return Ok(None) };
    let tables = open(d).map_err(|e| crate::error::tables_message(&e))?;
    Ok((!empty(&tables)).then_some(tables))
}

/// [`engine_move`] on one game.
fn choose<G: EngineGame + Notation + 'static>(
    g: &G,
    pos: &G::Position,
    spec: &EngineSpec,
    oracle: Option<Arc<dyn Oracle<G>>>,
    (seed, deadline): (u64, Option<Instant>),
) -> Result<json::EngineMove, String> {
    if g.outcome(pos).is_some() {
        return Err("the game is already over in the given position".into());
    }
    let t = Instant::now();
    let mut engine = spec.build(oracle);
    let rng = &mut Rng::new(seed);
    // An external engine that gives no move is an error here, not a made-up move.
    let gave = |r: Result<_, crate::engine::Fault>| {
        r.map_err(|f| format!("engine {spec} gave no move: {f}"))
    };
    let mv = match deadline {
        None => gave(engine.try_choose(g, pos, rng))?,
        Some(d) => {
            // Listed before the deadline: a move to play whenever the engine is cut short.
            let moves = g.legal_moves(pos);
            engine.stop_at(d);
            match mancala_solver::stop::within(d, || engine.try_choose(g, pos, rng)) {
                Ok(m) => gave(m)?,
                Err(_) => {
                    moves[engine
                        .best_so_far()
                        .filter(|&i| i < moves.len())
                        .unwrap_or(0)]
                }
            }
        }
    };
    Ok(json::EngineMove {
        at: Start::new(g, pos),
        engine: engine.name(),
        chosen: g.move_name(pos, mv),
        after: g.format_position(&g.play(pos, mv)),
        nodes: engine.nodes(),
        seconds: t.elapsed().as_secs_f64(),
    })
}

/// The match `r` on one game.
fn play_on<G: EngineGame + Notation + 'static>(
    g: &G,
    pos: &G::Position,
    r: &MatchRequest,
    oracle: Option<Arc<dyn Oracle<G>>>,
    done: &(dyn Fn() + Sync),
) -> Result<json::Match, String> {
    let a: EngineSpec =
        r.a.parse()
            .map_err(|e: mancala_solver::error::ConfigError| e.to_string())?;
    let b: EngineSpec =
        r.b.parse()
            .map_err(|e: mancala_solver::error::ConfigError| e.to_string())?;
    if r.cfg.games == 0 {
        return Err("invalid --games 0: expected at least 1".into());
    }
    if r.cfg.max_plies == 0 {
        return Err("invalid --max-plies 0: expected at least 1".into());
    }
    if g.outcome(pos).is_some() {
        return Err("the game is already over in the given position".into());
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(r.threads)
        .build()
        .map_err(|e| format!("cannot start {} threads: {e}", r.threads))?;
    let t = Instant::now();
    let games = pool.install(|| run_match(g, pos, &a, &b, oracle, &r.cfg, done));
    let secs = t.elapsed().as_secs_f64();
    let s = summarize(&games);
    let setup = json::MatchSetup {
        games: s.games,
        seed: r.cfg.seed,
        opening: r.cfg.opening,
        max_plies: r.cfg.max_plies,
    };
    Ok(json::Match::new(
        g,
        pos,
        a.to_string(),
        b.to_string(),
        &s,
        setup,
        secs,
    ))
}
