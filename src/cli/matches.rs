//! `match`: two engines over many games, both seat orders.

use super::options::{
    board_seeds, parse_memory, plan_spinner, pool, setup_any, threads_or_all, Common,
};
use super::solve::open_four_tables;
use crate::{Fail, Res};
use clap::Args;
use mancala_analysis::json;
use mancala_solver::variant::AnyGame;
use mancala_solver::{Notation, TwoRow};
use std::io::Write;
use std::time::Instant;

/// Options of `mancala match`.
#[derive(Args)]
pub(crate) struct MatchArgs {
    #[command(flatten)]
    pub(crate) common: Common,
    /// Engine A: random, greedy, alphabeta[:depth=D|:nodes=N|:time=MS],
    /// mcts[:iters=N][:c=C], perfect[:tt=MB][:time=MS] (docs/ENGINES.md).
    #[arg(long, required_unless_present = "engines")]
    pub(crate) a: Option<String>,
    /// Engine B (same forms as --a).
    #[arg(long, required_unless_present = "engines")]
    pub(crate) b: Option<String>,
    /// kpo with --players 3 or 4: one engine a seat, A,B,C[,D] (random, greedy,
    /// maxn[:depth=D|:nodes=N][:tie=T], paranoid[:depth=D|:nodes=N], mcts[:iters=N][:c=C]);
    /// every seat order is played, the games rounded up to a multiple of their number.
    #[arg(long)]
    pub(crate) engines: Option<String>,
    /// Games (A is South, the first player, in even games, North in odd ones).
    #[arg(long, default_value_t = 100)]
    pub(crate) games: u32,
    /// Seed of every game's random generator (game i uses (seed, i)).
    #[arg(long, default_value_t = 1)]
    pub(crate) seed: u64,
    /// Random plies at the start of each game.
    #[arg(long, default_value_t = 0)]
    pub(crate) opening: u32,
    /// Ply limit of a game (then scored by the seeds won so far).
    #[arg(long, default_value_t = mancala_analysis::matches::DEFAULT_MAX_PLIES)]
    pub(crate) max_plies: u32,
    /// Worker threads, 1..=256 (default: all cores, at most 256); results do not depend on it.
    #[arg(long)]
    pub(crate) threads: Option<usize>,
    /// Endgame tablebases for the `perfect` engine: two-row games, a cache folder where the
    /// whole game's tables are looked for, and built when they fit in --memory; four-row
    /// games, a folder of win/draw/loss tables (`mancala tablebase build`) read as they are.
    #[arg(long, value_name = "DIR")]
    pub(crate) tablebases: Option<std::path::PathBuf>,
    /// Two-row games with a `perfect` engine: memory its tables may take, e.g. 512M, 8G (a
    /// plain number is MiB) [default: half the machine's memory]. When every position with
    /// up to the start's seeds fits, the whole game is built first and every move of
    /// `perfect` is read from it.
    #[arg(long, value_name = "SIZE")]
    pub(crate) memory: Option<String>,
}

pub(crate) fn play_match(m: &MatchArgs) -> Res {
    use mancala_solver::search::Oracle;
    match setup_any(&m.common)? {
        AnyGame::Two(g, pos) => {
            use mancala_analysis::engine::EngineSpec;
            let perfect = [&m.a, &m.b].iter().any(|e| {
                matches!(
                    e.as_deref().map(str::parse::<EngineSpec>),
                    Some(Ok(EngineSpec::Perfect { .. }))
                )
            });
            // The perfect engine plays from tables whenever the solve planner can have them:
            // the whole game from the start's seeds, built when it fits (in the --tablebases
            // folder, or in memory), else the folder's tables as they are.
            let oracle: Option<std::sync::Arc<dyn Oracle<TwoRow>>> = if perfect {
                let budget = mancala_tablebases::plan::Budget {
                    memory: match &m.memory {
                        Some(x) => parse_memory(x)?,
                        None => mancala_tablebases::plan::default_memory(),
                    },
                    cache: m.tablebases.clone(),
                    ..mancala_tablebases::plan::Budget::new(threads_or_all(m.threads)?)
                };
                let planner = mancala_tablebases::Planner::new(&g, budget);
                let (pb, mut on) = plan_spinner();
                let t = planner.tables_for(board_seeds(&g, &pos), &mut on);
                pb.finish_and_clear();
                t?.map(|t| std::sync::Arc::new(t) as _)
            } else {
                match &m.tablebases {
                    None => None,
                    Some(dir) => Some(std::sync::Arc::new(mancala_tablebases::Tablebases::open(
                        dir, &g,
                    )?)),
                }
            };
            play_match_on(&*g, &pos, m, oracle)
        }
        AnyGame::Four(g, pos) => {
            // The win/draw/loss tables of a --tablebases folder tell the perfect engine
            // which moves keep the value; the search plays on from there.
            let oracle = open_four_tables(&g, m.tablebases.as_deref())?;
            play_match_on(&g, &pos, m, oracle.map(|t| std::sync::Arc::new(t) as _))
        }
        AnyGame::Morris(g, pos) => {
            // The main-game tables of a --tablebases folder answer the perfect engine once
            // every counter is entered.
            let oracle = match &m.tablebases {
                None => None,
                Some(dir) => Some(std::sync::Arc::new(
                    mancala_tablebases::morris::MorrisTables::open(dir, &g)?,
                ) as _),
            };
            play_match_on(&g, &pos, m, oracle)
        }
        // The engines choose an arrangement among candidates (docs/ENGINES.md).
        AnyGame::Isolo(g, pos) => {
            use mancala_analysis::engine::EngineSpec;
            if [&m.a, &m.b].iter().any(|e| {
                matches!(
                    e.as_deref().map(str::parse::<EngineSpec>),
                    Some(Ok(EngineSpec::Perfect { .. }))
                )
            }) {
                return Err(Fail(format!(
                    "match: the perfect engine has no tables of {}; its exact values come from `mancala analyze` on reduced boards",
                    g.kind().id()
                )));
            }
            play_match_on(
                &g.for_engines(mancala_analysis::engine::ISOLO_CANDIDATES),
                &pos,
                m,
                None,
            )
        }
    }
}

/// `mancala match` on a game of either kind.
pub(crate) fn play_match_on<G: mancala_analysis::engine::EngineGame + Notation + 'static>(
    g: &G,
    pos: &G::Position,
    m: &MatchArgs,
    oracle: Option<std::sync::Arc<dyn mancala_solver::search::Oracle<G>>>,
) -> Res {
    use mancala_analysis::engine::EngineSpec;
    use mancala_analysis::matches::{run_match, summarize, MatchConfig};
    let (Some(a), Some(b), None) = (&m.a, &m.b, &m.engines) else {
        return Err(Fail(
            "--engines is for kpo with --players 3 or 4; two players take --a and --b".into(),
        ));
    };
    let a: EngineSpec = a.parse()?;
    let b: EngineSpec = b.parse()?;
    if m.games == 0 {
        return Err(Fail("invalid --games 0: expected at least 1".into()));
    }
    if m.max_plies == 0 {
        return Err(Fail("invalid --max-plies 0: expected at least 1".into()));
    }
    let threads = threads_or_all(m.threads)?;
    if g.outcome(pos).is_some() {
        return Err(Fail(
            "the game is already over in the given position".into(),
        ));
    }
    let cfg = MatchConfig {
        games: m.games,
        seed: m.seed,
        opening: m.opening,
        max_plies: m.max_plies,
    };
    let pb = indicatif::ProgressBar::with_draw_target(
        Some(m.games as u64),
        indicatif::ProgressDrawTarget::stderr(),
    );
    let t = Instant::now();
    let games = pool(threads)?.install(|| run_match(g, pos, &a, &b, oracle, &cfg, &|| pb.inc(1)));
    pb.finish_and_clear();
    let secs = t.elapsed().as_secs_f64();
    let s = summarize(&games);
    let e = s.elo;
    if m.common.json {
        let setup = json::MatchSetup {
            games: s.games,
            seed: m.seed,
            opening: m.opening,
            max_plies: m.max_plies,
        };
        let shape = json::Match::new(g, pos, a.to_string(), b.to_string(), &s, setup, secs);
        out!("{}", json::line(&shape));
    } else {
        use mancala_analysis::report::elo_text;
        out!(
            "{} games of {}: A = {a}, B = {b}, seed {}",
            s.games,
            g.variant_id(),
            m.seed
        );
        out!(
            "A: {} wins, {} draws, {} losses; score {:.3}",
            s.wins,
            s.draws,
            s.losses,
            e.score
        );
        out!(
            "Elo difference A-B: {} (95% interval {} to {})",
            elo_text(e.diff, e.score - 0.5),
            elo_text(e.lo, -1.0),
            elo_text(e.hi, 1.0)
        );
        out!(
            "mean game length {:.1} plies; first player {} wins, {} draws, {} losses; ended by the rules {}, by repetition {}, by the ply limit {}",
            s.mean_plies,
            s.by_seat[0],
            s.by_seat[1],
            s.by_seat[2],
            s.ends[0],
            s.ends[1],
            s.ends[2]
        );
    }
    Ok(())
}
