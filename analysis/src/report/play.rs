//! Self-play shared by the report sections: engines against themselves on a variant's
//! standard board ([`self_play_group`]), then their rows in the report's tables and play CSV
//! files and the chart of the first player's win rate, printed from the results.

use super::base::{interval_csv, pct, Table};
use super::svg::{bar_chart, Bar, Group};
use crate::engine::{EngineGame, EngineSpec};
use crate::r#match::games::{run_match, summarize, MatchConfig, Summary};
use crate::stats::{wilson, Rate};

/// One engine's games against itself on a variant's standard board.
#[derive(Clone, Debug)]
pub struct PlayRow {
    /// Variant id.
    pub variant: String,
    /// The engine as the budget names it.
    pub name: String,
    /// The engine, on both seats.
    pub spec: EngineSpec,
    /// The games' results.
    pub summary: Summary,
    /// The first player's win rate with its interval.
    pub first: Rate,
}

/// The self-play of several engines on one variant: a group of bars in its chart.
#[derive(Clone, Debug)]
pub struct PlayGroup {
    /// Variant id, the group's label.
    pub variant: String,
    /// One row an engine, in the order they were given.
    pub rows: Vec<PlayRow>,
}

impl PlayRow {
    /// Who played: "random vs random" or "`spec` vs itself".
    fn players(&self) -> String {
        if self.name == "random" {
            "random vs random".into()
        } else {
            format!("`{}` vs itself", self.spec)
        }
    }

    /// The row of the report's table; `ends` adds the games stopped by repetition and by
    /// the ply limit (the games whose rules cannot end every game).
    fn cells(&self, ends: bool) -> Vec<String> {
        let s = &self.summary;
        let mut row = vec![
            self.variant.clone(),
            self.players(),
            s.games.to_string(),
            pct(&self.first),
            pct(&wilson(s.by_seat[1], s.games)),
            pct(&wilson(s.by_seat[2], s.games)),
            format!("{:.1}", s.mean_plies),
        ];
        if ends {
            row.extend([s.ends[1].to_string(), s.ends[2].to_string()]);
        }
        row
    }

    /// The row of the play CSV: the results by seat, the first player's win rate with its
    /// interval, the mean length and how the games ended.
    fn csv(&self) -> Vec<String> {
        let (s, first) = (&self.summary, &self.first);
        let mut row = vec![
            self.variant.clone(),
            self.spec.to_string(),
            s.games.to_string(),
            s.by_seat[0].to_string(),
            s.by_seat[1].to_string(),
            s.by_seat[2].to_string(),
        ];
        row.extend(interval_csv(first.p, first.lo, first.hi));
        row.push(format!("{:.2}", s.mean_plies));
        row.extend(s.ends.iter().map(|n| n.to_string()));
        row
    }

    /// The first player's win rate as a bar with its interval.
    pub fn bar(&self) -> Bar {
        Bar {
            value: self.first.p,
            interval: Some((self.first.lo, self.first.hi)),
        }
    }
}

impl PlayGroup {
    /// The group of the win-rate chart: one bar an engine.
    pub fn group(&self) -> Group {
        Group {
            label: self.variant.clone(),
            bars: self.rows.iter().map(PlayRow::bar).collect(),
        }
    }
}

/// Self-play of `spec` on the standard board of a variant.
fn self_play<G: EngineGame + 'static>(g: &G, spec: &EngineSpec, games: u32, seed: u64) -> Summary {
    let cfg = MatchConfig {
        games,
        seed,
        ..MatchConfig::default()
    };
    summarize(&run_match(g, &g.start(), spec, spec, None, &cfg, &|| {}))
}

/// The self-play of each of `engines` (name, games) in `g`, variant `id`, engine `i` from
/// seed `seed ^ i`.
pub(super) fn self_play_group<G: EngineGame + 'static>(
    g: &G,
    id: &str,
    engines: &[(&str, u32)],
    seed: u64,
    log: &(dyn Fn(&str) + Sync),
) -> PlayGroup {
    let rows = engines
        .iter()
        .enumerate()
        .map(|(i, &(name, games))| {
            let spec: EngineSpec = name.parse().expect("budget engines parse");
            let summary = self_play(g, &spec, games, seed ^ i as u64);
            let first = wilson(summary.by_seat[0], summary.games);
            log(&format!(
                "{id} {name} self-play: first player {}",
                pct(&first)
            ));
            PlayRow {
                variant: id.into(),
                name: name.into(),
                spec,
                summary,
                first,
            }
        })
        .collect();
    PlayGroup {
        variant: id.into(),
        rows,
    }
}

/// The table of self-play results of `groups`; `ends` adds the columns of games stopped by
/// repetition and by the ply limit.
pub(super) fn play_table(groups: &[PlayGroup], ends: bool) -> Table {
    let mut head = vec![
        "variant",
        "players",
        "games",
        "first player wins",
        "draws",
        "second player wins",
        "mean length",
    ];
    if ends {
        head.extend(["by repetition", "by ply limit"]);
    }
    let mut t = Table::new(&head);
    for r in groups.iter().flat_map(|g| &g.rows) {
        t.push(r.cells(ends));
    }
    t
}

/// The play CSV of `groups` (`advantage-play.csv` and the other play CSV files).
pub(super) fn play_csv<'a>(groups: impl IntoIterator<Item = &'a PlayGroup>) -> Table {
    let mut t = Table::new(&[
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
    ]);
    for r in groups.into_iter().flat_map(|g| &g.rows) {
        t.push(r.csv());
    }
    t
}

/// The chart of the first player's win rate by game (`groups`) and engine (`series`).
pub(super) fn rate_chart(title: &str, series: &[&str], groups: &[Group]) -> String {
    bar_chart(title, "first player's win rate", series, groups, (0.0, 1.0))
}

/// The Markdown that shows the chart `file` (`alt` its text).
pub(super) fn image(alt: &str, file: &str) -> String {
    format!("\n![{alt}]({file})\n\n")
}
