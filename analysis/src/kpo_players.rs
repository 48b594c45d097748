//! What the kpo commands for three and four players (`mancala <cmd> kpo --players 3|4`)
//! decide: the game from the options, the checks and budget of `solve`, the set-up and
//! results of `match`, and the shape each command prints (docs/NOTATION-KPO-PLAYERS.md).

use crate::args::{self, Search};
use crate::bench::json::{Rows, SeatBench};
use crate::error::Fail;
use crate::nseat::bench::{bench_players, Row};
use crate::nseat::engine::SeatEngineSpec;
use crate::nseat::matches::{permutations, run_seat_match, summarize_seats, SeatMatchConfig};
use crate::position::json::{
    Moves, Perft, Position, SeatEnded, SeatMoves, SeatPlayed, SeatStart, SeatState,
};
use crate::position::Action;
use crate::r#match::json::{ByEngine, BySeat, Ends, MatchSetup, SeatMatch, SeatResult};
use crate::shape::{by_seat, Board, Start};
use crate::solve::json::SeatSolve;
use mancala_solver::kpo_players::{KpoNPos, KpoPlayers};
use mancala_solver::nseat::analysis::{analyse, winners, Effort};
use mancala_solver::nseat::{SeatGame, SeatNotation};
use std::time::Instant;

/// Runs the position command `action` from `pos`.
pub fn position(g: &KpoPlayers, pos: KpoNPos, action: Action) -> Result<Position, Fail> {
    use Position as P;
    Ok(match action {
        Action::Start => P::SeatStart(start(g, &pos)),
        Action::Show => P::SeatState(state(g, &pos)),
        Action::Moves => P::SeatMoves(moves(g, &pos)),
        Action::Play(names) => P::SeatPlayed(play(g, pos, names)?),
        Action::Perft(depth, divide) => {
            P::Perft(perft(g, &pos, crate::position::perft_depth(depth)?, divide))
        }
    })
}

/// The variant, players and position of `pos`, as every JSON shape names them.
pub fn at(g: &KpoPlayers, pos: &KpoNPos) -> Start {
    Start {
        variant: "kpo".into(),
        position: g.format_position(pos),
        players: Some(g.players()),
    }
}

/// `start`: the position.
pub fn start(g: &KpoPlayers, pos: &KpoNPos) -> SeatStart {
    SeatStart(at(g, pos))
}

/// `moves`: the legal moves of `pos`.
pub fn moves(g: &KpoPlayers, pos: &KpoNPos) -> SeatMoves {
    SeatMoves(Moves {
        at: at(g, pos),
        moves: g
            .legal_moves(pos)
            .iter()
            .map(|&m| g.move_name(pos, m))
            .collect(),
    })
}

/// `show`: the game state of `pos`, with its drawing.
pub fn state(g: &KpoPlayers, pos: &KpoNPos) -> SeatState {
    let over = g.is_over(pos);
    SeatState {
        at: at(g, pos),
        to_move: g.seat_name(pos.seat()),
        captured: by_seat(g, g.taken(pos)),
        game_over: over,
        result: over.then(|| {
            let s = g.final_scores(pos);
            let w = winners(&s, g.players());
            SeatEnded {
                winner: (w.len() == 1).then(|| g.seat_name(w[0])),
                leaders: w.iter().map(|&s| g.seat_name(s)).collect(),
                score: by_seat(g, &s),
            }
        }),
        board: board(g),
        drawing: g.draw(pos),
        seats: (0..g.players()).map(|i| g.seat_name(i)).collect(),
    }
}

fn board(g: &KpoPlayers) -> Board {
    Board::pits(g.width(), Some(g.seeds()), g.options().describe())
}

/// `play`: the state after the moves named by `names`, played from `pos` in turn; a name
/// that is not a legal move is the error, with its place in the list.
pub fn play(g: &KpoPlayers, mut pos: KpoNPos, names: &[String]) -> Result<SeatPlayed, String> {
    let total = names.len();
    for (i, name) in names.iter().enumerate() {
        let mv = g
            .parse_move(&pos, name)
            .map_err(|e| format!("{e} (move {} of {total})", i + 1))?;
        pos = g.play(&pos, mv);
    }
    Ok(SeatPlayed(state(g, &pos)))
}

/// Why `analyze` refuses a game of `players` players (`solve` gives the exact values).
pub fn analyze_refused(players: usize) -> String {
    format!(
        "analyze: not available for kpo with {players} players; `mancala solve kpo --players {players}` gives each player's exact values"
    )
}

/// The budget of `solve` from `pos` with a table of `s.budget.tt_mb` MiB (default 256); the
/// limits of the two-player search (a depth, time, memory or tables) are refused, the
/// analysis being exact.
pub fn solve_effort(g: &KpoPlayers, pos: &KpoNPos, s: &Search) -> Result<Effort, String> {
    if s.budget.depth.is_some()
        || s.budget.tables.is_some()
        || s.budget.deadline.is_some()
        || s.budget.memory.is_some()
    {
        return Err(format!(
            "solve kpo --players {}: --depth, --time, --memory and --tablebases are for two players (the analysis is exact, bounded by nodes)",
            g.players()
        ));
    }
    if g.is_over(pos) {
        return Err("the game is already over in the given position".into());
    }
    let tt_mb = s.budget.tt_mb.unwrap_or(256);
    Ok(Effort::for_solve(
        g.players(),
        g.in_play(pos),
        2 * g.width(),
        tt_mb,
    ))
}

/// `solve` under the options `s`: the budget of [`solve_effort`], then [`solve`] on a pool
/// of `s.budget.threads`.
pub fn solve_with(
    g: &KpoPlayers,
    pos: &KpoNPos,
    s: &Search,
    log: &(dyn Fn(&str) + Sync),
) -> Result<SeatSolve, Fail> {
    let effort = solve_effort(g, pos, s).map_err(Fail)?;
    let pool = args::pool(s.budget.threads)?;
    Ok(pool.install(|| solve(g, pos, &effort, log))?)
}

/// `solve`: each player's paranoid value (whole graph where it fits, and by search), what
/// each pair can force, and the max^n equilibria, on the current rayon pool; `log` hears the
/// progress. Paranoid values that disagree between the graph and the search are the error.
pub fn solve(
    g: &KpoPlayers,
    pos: &KpoNPos,
    effort: &Effort,
    log: &(dyn Fn(&str) + Sync),
) -> Result<SeatSolve, String> {
    let a = analyse(g, pos, effort, log);
    a.check()?;
    Ok(SeatSolve::new(g, pos, at(g, pos), board(g), &a))
}

/// `perft` of `depth` plies from `pos` (with `split`, the count under each first move).
pub fn perft(g: &KpoPlayers, pos: &KpoNPos, depth: u32, split: bool) -> Perft {
    use mancala_solver::nseat::{divide, perft};
    crate::position::measure_perft(
        at(g, pos),
        depth,
        split,
        || perft(g, pos, depth),
        || divide(g, pos, depth),
        |m| g.move_name(pos, m),
    )
}

/// A match as the options ask for it: one engine a seat, and the games rounded up so that
/// every seat order is played equally often.
#[derive(Clone, Debug)]
pub struct MatchPlan {
    /// The engines, one a seat, in label order.
    pub specs: Vec<SeatEngineSpec>,
    /// How the games are run (the games rounded up to a multiple of the seat orders).
    pub cfg: SeatMatchConfig,
    /// Seat orders: n! for n players.
    pub orders: u32,
    /// Worker threads.
    pub threads: usize,
}

/// Checks the options of `match` from `pos` and plans it: `engines` is the `--engines`
/// list, `two_player_engines` whether `--a` or `--b` was given, `tablebases` whether
/// `--tablebases` was, `asked` the games, seed, opening and ply limit asked for, and
/// `threads` the `--threads`.
pub fn match_plan(
    g: &KpoPlayers,
    pos: &KpoNPos,
    engines: Option<&str>,
    two_player_engines: bool,
    tablebases: bool,
    asked: SeatMatchConfig,
    threads: Option<usize>,
) -> Result<MatchPlan, String> {
    let n = g.players();
    if two_player_engines {
        return Err(format!(
            "kpo with {n} players: give one engine a seat with --engines A,B{} (not --a/--b)",
            if n == 3 { ",C" } else { ",C,D" }
        ));
    }
    if tablebases {
        return Err("--tablebases: the endgame tables are for two-row games of two players".into());
    }
    let Some(text) = engines else {
        return Err(format!(
            "kpo with {n} players: give the engines with --engines (one a seat, e.g. --engines paranoid,maxn,mcts{})",
            if n == 4 { ",random" } else { "" }
        ));
    };
    let specs = SeatEngineSpec::parse_list(text).map_err(|e| e.to_string())?;
    if specs.len() != n {
        return Err(format!(
            "--engines: {} engines given, kpo with {n} players needs {n} (one a seat)",
            specs.len()
        ));
    }
    if asked.games == 0 {
        return Err("invalid --games 0: expected at least 1".into());
    }
    if asked.max_plies == 0 {
        return Err("invalid --max-plies 0: expected at least 1".into());
    }
    if g.is_over(pos) {
        return Err("the game is already over in the given position".into());
    }
    let threads = args::threads(threads).map_err(|e| e.to_string())?;
    let orders = permutations(n).len() as u32;
    let cfg = SeatMatchConfig {
        games: asked.games.div_ceil(orders) * orders,
        ..asked
    };
    Ok(MatchPlan {
        specs,
        cfg,
        orders,
        threads,
    })
}

/// Plays the match `plan` from `pos` on a pool of `plan.threads` (`done` is called after
/// each game) and sums it up by seat and by engine.
pub fn play_match(
    g: &KpoPlayers,
    pos: &KpoNPos,
    plan: &MatchPlan,
    done: &(dyn Fn() + Sync),
) -> Result<SeatMatch, Fail> {
    let pool = args::pool(plan.threads)?;
    Ok(pool.install(|| summed_match(g, pos, plan, done)))
}

/// The match `plan` from `pos` on the current rayon pool, summed up.
fn summed_match(
    g: &KpoPlayers,
    pos: &KpoNPos,
    plan: &MatchPlan,
    done: &(dyn Fn() + Sync),
) -> SeatMatch {
    let n = g.players();
    let (specs, cfg) = (&plan.specs, &plan.cfg);
    let t = Instant::now();
    let recs = run_seat_match(g, pos, specs, cfg, done);
    let seconds = t.elapsed().as_secs_f64();
    let mut s = summarize_seats(&recs, n, n);
    // The normal intervals cut to what a mean can be: 0..every seed, 0..1 of the wins.
    let all = g.in_play(pos) as f64 + g.taken(pos).iter().sum::<u32>() as f64;
    for m in s.seat_scores.iter_mut().chain(s.engine_scores.iter_mut()) {
        *m = m.clipped(0.0, all);
    }
    for m in s.seat_wins.iter_mut().chain(s.engine_wins.iter_mut()) {
        *m = m.clipped(0.0, 1.0);
    }
    SeatMatch {
        at: at(g, pos),
        engines: specs.iter().map(|e| e.to_string()).collect(),
        setup: MatchSetup {
            games: s.games,
            seed: cfg.seed,
            opening: cfg.opening,
            max_plies: cfg.max_plies,
        },
        seat_orders: plan.orders,
        by_seat: (0..n)
            .map(|i| BySeat {
                seat: g.seat_name(i),
                result: SeatResult::of(&s.seat_scores[i], &s.seat_wins[i]),
            })
            .collect(),
        by_engine: (0..n)
            .map(|e| ByEngine {
                engine: specs[e].to_string(),
                label: ((b'A' + e as u8) as char).to_string(),
                result: SeatResult::of(&s.engine_scores[e], &s.engine_wins[e]),
            })
            .collect(),
        mean_plies: s.mean_plies,
        ended: Ends::of(s.ends),
        seconds,
    }
}

/// `bench players`: every measurement of [`bench_players`], `each` called with each row
/// as it is done.
pub fn bench(each: &mut dyn FnMut(&SeatBench)) -> Rows<SeatBench> {
    let shape = |r: &Row| SeatBench {
        what: r.what.clone(),
        nodes: r.nodes,
        seconds: r.seconds,
        nodes_per_second: r.rate(),
    };
    let rows = bench_players(&mut |r| each(&shape(r)));
    Rows {
        rows: rows.iter().map(shape).collect(),
    }
}
