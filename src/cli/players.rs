//! The command line of the three- and four-player game (`mancala <cmd> kpo --players 3|4`):
//! start, show, moves, play, perft, solve and match. The decisions are in
//! `mancala_analysis::seats::command`, the text in `mancala_analysis::text::players`.

use super::matches::MatchArgs;
use super::options::{pool, threads_or_all, Common, SearchOpts};
use super::show;
use crate::{Command, Fail, Res};
use mancala_analysis::json;
use mancala_analysis::seats::command;
use mancala_analysis::seats::matches::SeatMatchConfig;
use mancala_solver::kpo_players::{KpoNPos, KpoPlayers};
use mancala_solver::nseat::{divide, perft, SeatNotation};
use std::io::Write;

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
    let (g, pos) = command::setup(
        &c.variant,
        players,
        c.width,
        c.seeds,
        &c.rules,
        c.position.as_deref(),
    )?;
    match cmd {
        Command::Start(_) => show(c.json, &command::start(&g, &pos)),
        Command::Show(_) => show(c.json, &command::state(&g, &pos)),
        Command::Moves(_) => show(c.json, &command::moves(&g, &pos)),
        Command::Play { moves, .. } => show(c.json, &command::play(&g, pos, moves)?),
        Command::Perft { depth, divide, .. } => return cmd_perft(&g, &pos, c, *depth, *divide),
        Command::Solve { search, depth, .. } => solve(&g, &pos, c, search, *depth)?,
        Command::Analyze { .. } => return Err(Fail(command::analyze_refused(players))),
        Command::Match(m) => play_match(&g, &pos, m)?,
        _ => unreachable!("dispatch passes only position commands"),
    }
    Ok(())
}

fn cmd_perft(g: &KpoPlayers, pos: &KpoNPos, c: &Common, depth: u32, split: bool) -> Res {
    super::position::timed_perft(
        c,
        command::at(g, pos),
        depth,
        split,
        || perft(g, pos, depth),
        || divide(g, pos, depth),
        |m| g.move_name(pos, m),
    )
}

fn solve(g: &KpoPlayers, pos: &KpoNPos, c: &Common, s: &SearchOpts, depth: Option<u32>) -> Res {
    let two_player_limits =
        depth.is_some() || s.tablebases.is_some() || s.time.is_some() || s.memory.is_some();
    let effort = command::solve_effort(g, pos, two_player_limits, s.tt_mb)?;
    let threads = threads_or_all(s.threads)?;
    let pb = super::options::spinner();
    let solved = pool(threads)?
        .install(|| command::solve(g, pos, &effort, &|m| pb.set_message(m.to_string())));
    pb.finish_and_clear();
    show(c.json, &solved?);
    Ok(())
}

fn play_match(g: &KpoPlayers, pos: &KpoNPos, m: &MatchArgs) -> Res {
    let asked = SeatMatchConfig {
        games: m.games,
        seed: m.seed,
        opening: m.opening,
        max_plies: m.max_plies,
    };
    let plan = command::match_plan(
        g,
        pos,
        m.engines.as_deref(),
        m.a.is_some() || m.b.is_some(),
        m.tablebases.is_some(),
        asked,
    )?;
    let threads = threads_or_all(m.threads)?;
    let pb = indicatif::ProgressBar::with_draw_target(
        Some(plan.cfg.games as u64),
        indicatif::ProgressDrawTarget::stderr(),
    );
    let shape = pool(threads)?.install(|| command::play_match(g, pos, &plan, &|| pb.inc(1)));
    pb.finish_and_clear();
    show(m.common.json, &shape);
    Ok(())
}

/// `mancala bench players`: perft, the engines' searches, the exact search and the whole-graph
/// analysis, one line each (nodes, seconds, nodes a second).
pub fn bench(as_json: bool) -> Res {
    // The text comes row by row as each is measured; the JSON once at the end.
    let rows = command::bench(&mut |r| {
        if !as_json {
            show(false, r);
        }
    });
    if as_json {
        out!("{}", json::line(&rows));
    }
    Ok(())
}
