//! The morris part of the advantage report: the start of each morris game proven with few
//! counters a side, and self-play at full size.

use crate::report::base::{invalid, or_empty, Files, Preset, Table};
use crate::report::play::{image, play_table, rate_chart, self_play_group, PlayGroup};
use crate::report::svg::{bar_chart, Bar, Group};
use mancala_solver::morris::{Kind, Morris, Options};
use mancala_solver::search::Limits;
use mancala_solver::{Budget, Game, Notation};
use mancala_tablebases::morris::plan;
use mancala_tablebases::Plan as _;
use std::io;
use std::path::Path;
use std::time::{Duration, Instant};

/// One morris start proven (or not) with a reduced number of counters.
#[derive(Clone, Debug)]
pub(crate) struct MorrisStart {
    /// The game.
    pub kind: Kind,
    /// Counters a side.
    pub counters: u32,
    /// +1, 0 or −1 for South, the first player.
    pub value: i32,
    /// True when proven in time.
    pub exact: bool,
    /// Plies to the end under perfect play, when proven and not a draw.
    pub plies: Option<u32>,
    /// A best first move (empty when none was found).
    pub best: String,
    /// Search nodes.
    pub nodes: u64,
    /// Entries of the main-game tables used.
    pub table_entries: u64,
    /// Seconds building the tables.
    pub build_seconds: f64,
    /// Seconds in all.
    pub seconds: f64,
}

/// The morris part of the report.
#[derive(Clone, Debug)]
pub(crate) struct MorrisData {
    /// Each game's start with 3 to the budget's counters a side, game by game.
    pub starts: Vec<MorrisStart>,
    /// The engines of the self-play at full size (random play last).
    pub engines: Vec<String>,
    /// Self-play at full size, a game each.
    pub play: Vec<PlayGroup>,
}

/// Proves the starts (their tables built in `dir`) and plays the full-size games.
pub(super) fn compute(
    budget: &Preset,
    seed: u64,
    dir: &Path,
    log: &(dyn Fn(&str) + Sync),
) -> io::Result<MorrisData> {
    let mut starts = Vec::new();
    for kind in Kind::ALL {
        for n in 3..=budget.morris_counters {
            starts.push(start(kind, n, budget, dir, log)?);
        }
    }
    let mut engines: Vec<String> = budget
        .morris_engines
        .iter()
        .map(|e| e.to_string())
        .collect();
    engines.push("random".into());
    let mut play = Vec::new();
    for (ki, kind) in Kind::ALL.into_iter().enumerate() {
        let g = Morris::new(kind.default_counters(), Options::defaults(kind)).map_err(invalid)?;
        let games: Vec<(&str, u32)> = engines
            .iter()
            .map(|n| {
                let random = n == "random";
                (
                    n.as_str(),
                    budget.morris_games * if random { 10 } else { 1 },
                )
            })
            .collect();
        let seed = seed ^ (0xA0u64 << 40 | (ki as u64) << 32);
        play.push(self_play_group(&g, kind.id(), &games, seed, log));
    }
    Ok(MorrisData {
        starts,
        engines,
        play,
    })
}

/// The start of `kind` with `n` counters a side, proven by `mancala solve <id> --counters N`
/// within the budget's time, its tables in `dir`.
fn start(
    kind: Kind,
    n: u32,
    budget: &Preset,
    dir: &Path,
    log: &(dyn Fn(&str) + Sync),
) -> io::Result<MorrisStart> {
    let g = Morris::new(n, Options::defaults(kind)).map_err(invalid)?;
    let plan = Budget {
        deadline: Some(Instant::now() + Duration::from_secs_f64(budget.morris_seconds)),
        tt_mb: Some(Limits::default().tt_mb),
        tables: Some(dir.to_path_buf()),
        // One search thread: the node counts then repeat from run to run.
        ..Budget::new(1)
    };
    let a = plan::Planner::new(&g, &plan)
        .solve(&g.start(), &mut |_| {})
        .map_err(|e| io::Error::other(e.to_string()))?;
    log(&format!(
        "{} with {n} counters: {} in {:.1} s",
        kind.id(),
        if a.exact { "proven" } else { "not proven" },
        a.seconds
    ));
    Ok(MorrisStart {
        kind,
        counters: n,
        value: a.value,
        exact: a.exact,
        plies: a.plies.filter(|_| a.exact),
        best: a
            .best
            .map(|m| g.move_name(&g.start(), m))
            .unwrap_or_default(),
        nodes: a.nodes,
        table_entries: a.table_entries,
        build_seconds: a.build_seconds,
        seconds: a.seconds,
    })
}

/// The files of the morris part: `advantage-morris.svg`, `advantage-morris.csv` and
/// `advantage-morris-play.svg`.
pub(super) fn files(d: &MorrisData, budget: &Preset) -> Files {
    let mut f = Files::default();
    f.add("advantage-morris.svg", plies_chart(d, budget));
    f.add("advantage-morris.csv", starts_csv(d).csv());
    let series: Vec<&str> = d.engines.iter().map(|s| s.as_str()).collect();
    let groups: Vec<_> = d.play.iter().map(PlayGroup::group).collect();
    f.add(
        "advantage-morris-play.svg",
        rate_chart(
            "Morris games: first player's win rate at full size (95% intervals)",
            &series,
            &groups,
        ),
    );
    f
}

/// The Markdown of the morris part.
pub(super) fn markdown(d: &MorrisData, budget: &Preset) -> String {
    let mut md = format!(
        "## The morris games: exact values of reduced games\n\n\
         The start of mulabalaba-morris and of the reference variant nine-mens-morris (default \
         rules) with 3 to {} counters a side, proven by `mancala solve <id> --counters N`: the \
         main-game tables up to N counters, then the search of the placement phase above \
         them, scored by the distance to the end, within {} s a start, the search on one thread \
         (so that its node counts repeat). *plies* is the length \
         of the game under perfect play (the winner hastening, the loser delaying). Nine men's \
         morris with nine a side is Gasser's draw; mulabalaba with twelve is unsolved.\n\n",
        budget.morris_counters, budget.morris_seconds
    );
    md += &starts_table(d).markdown();
    md += "\n![plies to the end of the morris starts](advantage-morris.svg)\n\n\
           Data: [advantage-morris.csv](advantage-morris.csv).\n\n";
    md += &format!(
        "### The morris games at full size: results of play\n\n\
         Games from the start with each game's own counters (mulabalaba twelve a side, nine \
         men's morris nine), default rules: each engine playing itself, its ties broken at \
         random, and random play ({} games of each engine, ten times as many random ones). \
         The alpha-beta's evaluation is the counters held, the lines of two with an empty \
         third point and the counters free to move (docs/ENGINES.md); the MCTS plays random \
         playouts of at most {} plies. A game that repeats a position or reaches 1000 plies \
         is stopped and scored a draw (docs/RULES.md: a repeated position is a draw). Rates \
         with 95% Wilson intervals; lengths in plies. These are figures of play, not values: \
         the value of the full games is Gasser's draw for nine men's morris and unknown for \
         mulabalaba.\n\n",
        budget.morris_games,
        crate::engine::mcts::PLAYOUT_PLIES
    );
    md += &play_table(&d.play, true).markdown();
    md += &image(
        "first player's win rate, morris games",
        "advantage-morris-play.svg",
    );
    md
}

/// The table of the starts: value in words, plies, best first move and the cost.
fn starts_table(d: &MorrisData) -> Table {
    let mut t = Table::new(&[
        "variant",
        "counters",
        "value",
        "plies",
        "best first move",
        "nodes",
        "table entries",
        "seconds",
    ]);
    for a in &d.starts {
        let value = match (a.exact, a.value) {
            (false, _) => "not proven in time",
            (true, 1) => "South wins",
            (true, 0) => "draw",
            (true, _) => "North wins",
        };
        t.push(vec![
            a.kind.id().into(),
            a.counters.to_string(),
            value.to_string(),
            a.plies.map_or("–".into(), |p| p.to_string()),
            if a.exact {
                format!("`{}`", a.best)
            } else {
                String::new()
            },
            a.nodes.to_string(),
            a.table_entries.to_string(),
            format!("{:.1}", a.seconds),
        ]);
    }
    t
}

/// `advantage-morris.csv`: the starts with their values and costs.
fn starts_csv(d: &MorrisData) -> Table {
    let mut t = Table::new(&[
        "variant",
        "counters",
        "value",
        "exact",
        "plies",
        "best_move",
        "nodes",
        "table_entries",
        "build_seconds",
        "seconds",
    ]);
    for a in &d.starts {
        t.push(vec![
            a.kind.id().into(),
            a.counters.to_string(),
            a.value.to_string(),
            a.exact.to_string(),
            or_empty(a.plies),
            a.best.clone(),
            a.nodes.to_string(),
            a.table_entries.to_string(),
            format!("{:.3}", a.build_seconds),
            format!("{:.3}", a.seconds),
        ]);
    }
    t
}

/// The chart of plies to the end: a group a number of counters, a bar a game (0: not
/// proven), the scale up to the longest.
fn plies_chart(d: &MorrisData, budget: &Preset) -> String {
    let series: Vec<&str> = Kind::ALL.iter().map(|k| k.id()).collect();
    let plies = |a: &MorrisStart| a.plies.unwrap_or(0) as f64;
    let groups: Vec<Group> = (3..=budget.morris_counters)
        .map(|n| Group {
            label: format!("{n} counters"),
            bars: d
                .starts
                .iter()
                .filter(|a| a.counters == n)
                .map(|a| Bar {
                    value: plies(a),
                    interval: None,
                })
                .collect(),
        })
        .collect();
    let most = d.starts.iter().map(plies).fold(1.0f64, f64::max);
    bar_chart(
        "Morris starts: plies to the end under perfect play (0: not proven)",
        "plies",
        &series,
        &groups,
        (0.0, most),
    )
}
