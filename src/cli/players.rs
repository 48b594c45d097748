//! The command line of the three- and four-player game (`mancala <cmd> kpo --players 3|4`):
//! start, show, moves, play, perft, solve and match. The work is in
//! `mancala_solver::{kpo_players, nseat}`; text and JSON follow
//! docs/NOTATION-KPO-PLAYERS.md.

use super::matches::MatchArgs;
use super::options::{pool, threads_or_all, Common, SearchOpts};
use crate::{Command, Fail, Res};
use mancala_analysis::json;
use mancala_analysis::seats::engine::SeatEngineSpec;
use mancala_analysis::seats::matches::{
    permutations, run_seat_match, summarize_seats, SeatMatchConfig,
};
use mancala_solver::kpo_players::{KpoNPos, KpoPlayers, Options};
use mancala_solver::nseat::analysis::{analyse, winners, Effort};
use mancala_solver::nseat::{divide, perft, shares_text, SeatGame, SeatNotation};
use mancala_solver::variant;
use std::io::Write;
use std::time::Instant;

/// Runs `cmd` when it is for three or four players; `None` hands it back to the two-player
/// code (no `--players`, or `--players 2`).
pub fn dispatch(cmd: &Command) -> Option<Res> {
    let c = match cmd {
        Command::Start(c) | Command::Show(c) | Command::Moves(c) => c,
        Command::Play { common, .. }
        | Command::Solve { common, .. }
        | Command::Analyze { common, .. }
        | Command::Perft { common, .. } => common,
        Command::Match(m) => &m.common,
        _ => return None,
    };
    let players = c.players?;
    if players == 2 {
        return None;
    }
    Some(run(cmd, c, players))
}

fn run(cmd: &Command, c: &Common, players: usize) -> Res {
    let (g, pos) = setup(c, players)?;
    match cmd {
        Command::Start(_) => {
            if c.json {
                out!("{}", json::line(&at(&g, &pos)));
            } else {
                out!("{}", g.format_position(&pos));
            }
            Ok(())
        }
        Command::Show(_) => {
            if c.json {
                out!("{}", json::line(&state(&g, &pos)));
            } else {
                out!("{}", g.draw(&pos).trim_end());
                out!("{}", g.format_position(&pos));
            }
            Ok(())
        }
        Command::Moves(_) => {
            let names: Vec<String> = g
                .legal_moves(&pos)
                .iter()
                .map(|&m| g.move_name(&pos, m))
                .collect();
            if c.json {
                let shape = json::Moves {
                    at: at(&g, &pos),
                    moves: names,
                };
                out!("{}", json::line(&shape));
            } else {
                out!("{}", names.join(" "));
            }
            Ok(())
        }
        Command::Play { moves, .. } => play(&g, pos, c, moves),
        Command::Perft { depth, divide, .. } => cmd_perft(&g, &pos, c, *depth, *divide),
        Command::Solve { search, depth, .. } => solve(&g, &pos, c, search, *depth),
        Command::Analyze { .. } => Err(Fail(format!(
            "analyze: not available for kpo with {players} players; `mancala solve kpo --players {players}` gives each player's exact values"
        ))),
        Command::Match(m) => play_match(&g, &pos, m),
        _ => unreachable!("dispatch passes only position commands"),
    }
}

/// The rules and position from the common options.
fn setup(c: &Common, players: usize) -> Result<(KpoPlayers, KpoNPos), Fail> {
    variant::find(&c.variant)?;
    if c.variant != "kpo" {
        return Err(Fail(format!(
            "--players {players}: only kpo has a game for more than two players (Culin: \"Two, three, or four play\"); {} is for two",
            c.variant
        )));
    }
    if !(2..=4).contains(&players) {
        return Err(Fail(format!(
            "invalid --players {players} for kpo: expected 2, 3 or 4"
        )));
    }
    let width = c.width.or_else(|| {
        let text = c.position.as_deref()?;
        let first_row = text.split_whitespace().next()?.split('/').next()?;
        Some(first_row.split(',').count())
    });
    let opts = Options::parse(players, &c.rules)?;
    let g = KpoPlayers::new(players, width.unwrap_or(6), c.seeds.unwrap_or(3), opts)?;
    let pos = match &c.position {
        Some(text) => g.parse_position(text)?,
        None => g.start(),
    };
    Ok((g, pos))
}

/// The variant, players and position of `pos`, as every JSON shape names them.
fn at(g: &KpoPlayers, pos: &KpoNPos) -> json::Start {
    json::Start {
        variant: "kpo".into(),
        position: g.format_position(pos),
        players: Some(g.players()),
    }
}

/// The game-state object of `show --json` and `play --json`.
fn state(g: &KpoPlayers, pos: &KpoNPos) -> json::SeatState {
    let over = g.is_over(pos);
    json::SeatState {
        at: at(g, pos),
        to_move: g.seat_name(pos.seat()),
        captured: json::by_seat(g, g.taken(pos)),
        game_over: over,
        result: over.then(|| {
            let s = g.final_scores(pos);
            let w = winners(&s, g.players());
            json::SeatEnded {
                winner: (w.len() == 1).then(|| g.seat_name(w[0])),
                leaders: w.iter().map(|&s| g.seat_name(s)).collect(),
                score: json::by_seat(g, &s),
            }
        }),
        board: json::Board {
            width: Some(g.width()),
            counters: None,
            seeds: Some(g.seeds()),
            rules: g.options().describe(),
        },
    }
}

fn play(g: &KpoPlayers, mut pos: KpoNPos, c: &Common, moves: &[String]) -> Res {
    let total = moves.len();
    for (i, name) in moves.iter().enumerate() {
        let mv = g
            .parse_move(&pos, name)
            .map_err(|e| Fail(format!("{e} (move {} of {total})", i + 1)))?;
        pos = g.play(&pos, mv);
    }
    if c.json {
        out!("{}", json::line(&state(g, &pos)));
    } else {
        out!("{}", g.format_position(&pos));
        if g.is_over(&pos) {
            let s = g.final_scores(&pos);
            let w = winners(&s, g.players());
            let scores: Vec<String> = (0..g.players())
                .map(|i| format!("{} {}", g.seat_name(i), s[i]))
                .collect();
            let who = if w.len() == 1 {
                format!("{} wins", g.seat_name(w[0]))
            } else {
                let names: Vec<String> = w.iter().map(|&s| g.seat_name(s)).collect();
                format!("{} share the lead", names.join(" and "))
            };
            out!("game over: {who}, {}", scores.join(" "));
        }
    }
    Ok(())
}

fn cmd_perft(g: &KpoPlayers, pos: &KpoNPos, c: &Common, depth: u32, split: bool) -> Res {
    super::position::timed_perft(
        c,
        at(g, pos),
        depth,
        split,
        || perft(g, pos, depth),
        || divide(g, pos, depth),
        |m| g.move_name(pos, m),
    )
}

/// `solve`: each player's paranoid value (whole graph where it fits, and by search), what
/// each pair can force, and the max^n equilibria.
fn solve(g: &KpoPlayers, pos: &KpoNPos, c: &Common, s: &SearchOpts, depth: Option<u32>) -> Res {
    if depth.is_some() || s.tablebases.is_some() || s.time.is_some() || s.memory.is_some() {
        return Err(Fail(format!(
            "solve kpo --players {}: --depth, --time, --memory and --tablebases are for two players (the analysis is exact, bounded by nodes)",
            g.players()
        )));
    }
    if g.is_over(pos) {
        return Err(Fail(
            "the game is already over in the given position".into(),
        ));
    }
    let tt_mb = s.tt_mb.unwrap_or(256);
    if tt_mb == 0 || tt_mb > 1 << 16 {
        return Err(Fail(format!("invalid --tt-mb {tt_mb}: expected 1..65536")));
    }
    let threads = threads_or_all(s.threads)?;
    let effort = Effort::for_solve(g.players(), g.in_play(pos), 2 * g.width(), tt_mb);
    let pb = super::options::spinner();
    let a = pool(threads)?.install(|| analyse(g, pos, &effort, &|m| pb.set_message(m.to_string())));
    pb.finish_and_clear();
    a.check().map_err(Fail)?;
    let n = g.players();
    let seeds = |v: u32| shares_text(v, n);
    let p = a.paranoid();
    if c.json {
        out!("{}", json::line(&json::SeatSolve::new(g, at(g, pos), &a)));
        return Ok(());
    }
    out!(
        "kpo, {n} players, 2x{} board, {} seeds in play ({}), {} to move",
        g.width(),
        a.total,
        g.options().describe().join(" "),
        g.seat_name(pos.seat())
    );
    match p {
        Some(p) => {
            let cells: Vec<String> = (0..n)
                .map(|i| format!("{} {}", g.seat_name(i), seeds(p[i])))
                .collect();
            let how = match a.graph_positions {
                Some(k) => format!("whole graph of {k} positions, and search"),
                None => "search (the graph is too large)".into(),
            };
            out!(
                "paranoid values (seeds each can guarantee against all the others): {} [{how}]",
                cells.join(", ")
            );
            if n == 3 {
                let pairs: Vec<String> = (0..3)
                    .map(|k| {
                        let (x, y) = ((k + 1) % 3, (k + 2) % 3);
                        let (x, y) = (x.min(y), x.max(y));
                        format!(
                            "{}+{} force {}",
                            g.seat_name(x),
                            g.seat_name(y),
                            seeds(n as u32 * a.total - p[k])
                        )
                    })
                    .collect();
                out!(
                    "coalitions (a pair against the third): {}",
                    pairs.join(", ")
                );
            }
        }
        None => out!("paranoid values: not proven within the node bound"),
    }
    if a.maxn.is_empty() {
        out!("max^n: not computed (the graph is too large)");
    }
    for r in &a.maxn {
        let cells: Vec<String> = (0..n)
            .map(|i| format!("{} {}", g.seat_name(i), seeds(r.shares[i])))
            .collect();
        let w: Vec<String> = winners(&r.shares, n)
            .iter()
            .map(|&s| g.seat_name(s))
            .collect();
        out!(
            "max^n, ties {}: {} (leader {}; {} positions where a player would gain by one other move)",
            r.tie.as_str(),
            cells.join(", "),
            w.join(" and "),
            r.stats.deviations
        );
    }
    if let Some(w) = a.forced_winners() {
        let names: Vec<String> = w.iter().map(|&s| g.seat_name(s)).collect();
        out!(
            "can force a win (more than half the seeds): {}",
            if names.is_empty() {
                "nobody".into()
            } else {
                names.join(", ")
            }
        );
    }
    if let Some(k) = a.kingmakers() {
        let names: Vec<String> = k.iter().map(|&s| g.seat_name(s)).collect();
        out!(
            "kingmaker (loses, and its ties decide the winner): {}",
            if names.is_empty() {
                "nobody".into()
            } else {
                names.join(", ")
            }
        );
    }
    out!("{:.2} s", a.seconds);
    Ok(())
}

fn play_match(g: &KpoPlayers, pos: &KpoNPos, m: &MatchArgs) -> Res {
    let n = g.players();
    if m.a.is_some() || m.b.is_some() {
        return Err(Fail(format!(
            "kpo with {n} players: give one engine a seat with --engines A,B{} (not --a/--b)",
            if n == 3 { ",C" } else { ",C,D" }
        )));
    }
    if m.tablebases.is_some() {
        return Err(Fail(
            "--tablebases: the endgame tables are for two-row games of two players".into(),
        ));
    }
    let Some(text) = &m.engines else {
        return Err(Fail(format!(
            "kpo with {n} players: give the engines with --engines (one a seat, e.g. --engines paranoid,maxn,mcts{})",
            if n == 4 { ",random" } else { "" }
        )));
    };
    let specs = SeatEngineSpec::parse_list(text)?;
    if specs.len() != n {
        return Err(Fail(format!(
            "--engines: {} engines given, kpo with {n} players needs {n} (one a seat)",
            specs.len()
        )));
    }
    if m.games == 0 {
        return Err(Fail("invalid --games 0: expected at least 1".into()));
    }
    if m.max_plies == 0 {
        return Err(Fail("invalid --max-plies 0: expected at least 1".into()));
    }
    if g.is_over(pos) {
        return Err(Fail(
            "the game is already over in the given position".into(),
        ));
    }
    let threads = threads_or_all(m.threads)?;
    // Every seat order equally often: the games are rounded up to a multiple of n!.
    let orders = permutations(n).len() as u32;
    let games = m.games.div_ceil(orders) * orders;
    let cfg = SeatMatchConfig {
        games,
        seed: m.seed,
        opening: m.opening,
        max_plies: m.max_plies,
    };
    let pb = indicatif::ProgressBar::with_draw_target(
        Some(games as u64),
        indicatif::ProgressDrawTarget::stderr(),
    );
    let t = Instant::now();
    let recs = pool(threads)?.install(|| run_seat_match(g, pos, &specs, &cfg, &|| pb.inc(1)));
    pb.finish_and_clear();
    let secs = t.elapsed().as_secs_f64();
    let mut s = summarize_seats(&recs, n, n);
    // The normal intervals cut to what a mean can be: 0..every seed, 0..1 of the wins.
    let all = g.in_play(pos) as f64 + g.taken(pos).iter().sum::<u32>() as f64;
    for m in s.seat_scores.iter_mut().chain(s.engine_scores.iter_mut()) {
        *m = m.clipped(0.0, all);
    }
    for m in s.seat_wins.iter_mut().chain(s.engine_wins.iter_mut()) {
        *m = m.clipped(0.0, 1.0);
    }
    let letter = |e: usize| ((b'A' + e as u8) as char).to_string();
    if m.common.json {
        let shape = json::SeatMatch {
            at: at(g, pos),
            engines: specs.iter().map(|e| e.to_string()).collect(),
            setup: json::MatchSetup {
                games: s.games,
                seed: m.seed,
                opening: m.opening,
                max_plies: m.max_plies,
            },
            seat_orders: orders,
            by_seat: (0..n)
                .map(|i| json::BySeat {
                    seat: g.seat_name(i),
                    result: json::SeatResult::of(&s.seat_scores[i], &s.seat_wins[i]),
                })
                .collect(),
            by_engine: (0..n)
                .map(|e| json::ByEngine {
                    engine: specs[e].to_string(),
                    label: letter(e),
                    result: json::SeatResult::of(&s.engine_scores[e], &s.engine_wins[e]),
                })
                .collect(),
            mean_plies: s.mean_plies,
            ended: json::Ends::of(s.ends),
            seconds: secs,
        };
        out!("{}", json::line(&shape));
        return Ok(());
    }
    let names: Vec<String> = (0..n)
        .map(|e| format!("{} = {}", letter(e), specs[e]))
        .collect();
    out!(
        "{} games of kpo with {n} players (every seat order {} times), seed {}: {}",
        s.games,
        s.games / orders as u64,
        m.seed,
        names.join(", ")
    );
    out!("mean final seeds and share of wins, 95% intervals:");
    for i in 0..n {
        out!(
            "  seat {}  seeds {}  wins {}",
            g.seat_name(i),
            s.seat_scores[i].text(2),
            s.seat_wins[i].text(3)
        );
    }
    for (e, spec) in specs.iter().enumerate() {
        out!(
            "  engine {} ({})  seeds {}  wins {}",
            letter(e),
            spec,
            s.engine_scores[e].text(2),
            s.engine_wins[e].text(3)
        );
    }
    out!(
        "mean game length {:.1} plies; ended by the rules {}, by repetition {}, by the ply limit {}",
        s.mean_plies,
        s.ends[0],
        s.ends[1],
        s.ends[2]
    );
    Ok(())
}

/// `mancala bench players`: perft, the engines' searches, the exact search and the whole-graph
/// analysis, one line each (nodes, seconds, nodes a second).
pub fn bench(as_json: bool) -> Res {
    let rows = mancala_analysis::seats::bench::bench_players(&mut |r| {
        if !as_json {
            out!(
                "{:<72} {:>12} nodes {:>9.3} s {:>8.2} M nodes/s",
                r.what,
                r.nodes,
                r.seconds,
                r.rate() / 1e6
            );
        }
    });
    if as_json {
        let rows = rows
            .iter()
            .map(|r| json::SeatBench {
                what: r.what.clone(),
                nodes: r.nodes,
                seconds: r.seconds,
                nodes_per_second: r.rate(),
            })
            .collect();
        out!("{}", json::line(&json::Rows { rows }));
    }
    Ok(())
}
