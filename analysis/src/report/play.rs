//! Self-play shared by the report sections: engines against themselves on a variant's
//! standard board, their rows in the report's tables and play CSV files, and the chart of
//! the first player's win rate.

use super::base::{pct, write, Table};
use super::svg::{bar_chart, Bar, Group};
use crate::engine::{EngineGame, EngineSpec};
use crate::matches::{run_match, summarize, MatchConfig, Summary};
use crate::stats::wilson;
use std::io;
use std::path::Path;

/// One row of the self-play CSV: the variant, the players, the games, the results by seat,
/// the first player's win rate with its interval, the mean length and how the games ended.
pub(super) fn play_csv_row(
    id: &str,
    spec: &EngineSpec,
    s: &Summary,
    first: &crate::stats::Rate,
) -> Vec<String> {
    vec![
        id.into(),
        spec.to_string(),
        s.games.to_string(),
        s.by_seat[0].to_string(),
        s.by_seat[1].to_string(),
        s.by_seat[2].to_string(),
        format!("{:.4}", first.p),
        format!("{:.4}", first.lo),
        format!("{:.4}", first.hi),
        format!("{:.2}", s.mean_plies),
        s.ends[0].to_string(),
        s.ends[1].to_string(),
        s.ends[2].to_string(),
    ]
}

/// Self-play of `spec` on the standard board of a variant.
pub(super) fn self_play<G: EngineGame + 'static>(
    g: &G,
    spec: &EngineSpec,
    games: u32,
    seed: u64,
) -> Summary {
    let cfg = MatchConfig {
        games,
        seed,
        ..MatchConfig::default()
    };
    summarize(&run_match(g, &g.start(), spec, spec, None, &cfg, &|| {}))
}

/// The table of self-play results that [`self_play_row`] fills.
/// The columns of `advantage-play.csv`, and of the other play CSV files.
pub(super) fn play_csv_table() -> Table {
    Table::new(&[
        "variant",
        "engine",
        "games",
        "first_wins",
        "draws",
        "second_wins",
        "first_win_rate",
        "first_win_lo",
        "first_win_hi",
        "mean_plies",
        "ended_by_rules",
        "repetitions",
        "ply_limits",
    ])
}

/// The table of self-play results.
pub(super) fn self_play_table() -> Table {
    Table::new(&[
        "variant",
        "players",
        "games",
        "first player wins",
        "draws",
        "second player wins",
        "mean length",
        "by repetition",
        "by ply limit",
    ])
}

/// The self-play of each of `engines` (name, games) in `g`, variant `id`, engine `i` from
/// seed `seed ^ i`: its rows added to the table and the play CSV (`rows`), its first player's
/// win rates as one chart group.
pub(super) fn self_play_group<G: EngineGame + 'static>(
    g: &G,
    id: &str,
    engines: &[(&str, u32)],
    seed: u64,
    rows: (&mut Table, &mut Table),
    log: &(dyn Fn(&str) + Sync),
) -> Group {
    let (t, csv) = rows;
    let bars = engines
        .iter()
        .enumerate()
        .map(|(i, &(name, games))| {
            self_play_row(
                g,
                id,
                name,
                games,
                seed ^ i as u64,
                (&mut *t, &mut *csv),
                log,
            )
        })
        .collect();
    Group {
        label: id.into(),
        bars,
    }
}

/// Plays `games` games of engine `name` against itself (from `seed`) in `g`, variant `id`, and
/// adds its row to the report's table and to the play CSV (`rows`); returns the first
/// player's win rate as a bar with its interval.
fn self_play_row<G: EngineGame + 'static>(
    g: &G,
    id: &str,
    name: &str,
    games: u32,
    seed: u64,
    rows: (&mut Table, &mut Table),
    log: &(dyn Fn(&str) + Sync),
) -> Bar {
    let spec: EngineSpec = name.parse().expect("budget engines parse");
    let s = self_play(g, &spec, games, seed);
    let first = wilson(s.by_seat[0], s.games);
    log(&format!(
        "{id} {name} self-play: first player {}",
        pct(&first)
    ));
    rows.0.push(vec![
        id.into(),
        if name == "random" {
            "random vs random".into()
        } else {
            format!("`{spec}` vs itself")
        },
        s.games.to_string(),
        pct(&first),
        pct(&wilson(s.by_seat[1], s.games)),
        pct(&wilson(s.by_seat[2], s.games)),
        format!("{:.1}", s.mean_plies),
        s.ends[1].to_string(),
        s.ends[2].to_string(),
    ]);
    rows.1.push(play_csv_row(id, &spec, &s, &first));
    Bar {
        value: first.p,
        interval: Some((first.lo, first.hi)),
    }
}

/// Writes the chart of the first player's win rate by game and engine as `file` in `out`;
/// returns the Markdown that shows it (`alt` its text).
pub(super) fn rate_chart(
    out: &Path,
    (file, alt): (&str, &str),
    title: &str,
    series: &[&str],
    groups: &[Group],
) -> io::Result<String> {
    let chart = bar_chart(title, "first player's win rate", series, groups, (0.0, 1.0));
    write(out, file, &chart)?;
    Ok(format!("\n![{alt}]({file})\n\n"))
}
