//! The first-player advantage report (`advantage.md`): exact values on reduced boards,
//! sampled results of strong and random play on the full-size board, every variant listed.
//!
//! [`compute`] plays and solves everything into an [`AdvantageData`]; [`markdown`] and
//! [`files`] print it; [`advantage`] writes what they print.

mod four_row;
mod morris;

pub(super) use four_row::FourRowData;
pub(super) use morris::MorrisData;

use super::base::{invalid, proven_counts, Files, Preset, Table};
use super::full_size::{self, FullSizeData};
use super::isolo::{self, IsoloData, IsoloPreset};
use super::play::{image, play_csv, play_table, rate_chart, self_play_group, PlayGroup};
use super::players::{self, PlayersData, PlayersPreset};
use mancala_solver::game::{Game, Notation};
use mancala_solver::tworow;
use mancala_solver::tworow::TwoRow;
use mancala_solver::variant::{Family, Status, VARIANTS};
use mancala_solver::Budget;
use mancala_tablebases::tworow::plan::Planner;
use mancala_tablebases::Plan;
use std::collections::HashMap;
use std::io;
use std::path::Path;
use std::time::Instant;

/// One exact solve of a reduced board's start position.
#[derive(Clone, Debug)]
pub(super) struct Solved {
    /// Variant id.
    pub variant: &'static str,
    /// Pits a side.
    pub width: usize,
    /// Seeds a pit.
    pub seeds: u32,
    /// The solve (value for South, the first player).
    pub proved: Proved,
}

/// What proving a start position gave: the value, how, and at what cost.
#[derive(Clone, Debug)]
pub(super) struct Proved {
    /// Final seed difference for the side to move (South at the start).
    pub value: i32,
    /// True when proven.
    pub exact: bool,
    /// The method (`retrograde`, `search+tables`, `search`), as the solve planner names it.
    pub method: &'static str,
    /// Search nodes (0 when the tables alone answered).
    pub nodes: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
}

/// Proves the start of `g` by the solve planner (what `mancala solve` does) within the
/// budget's table memory and threads and by `deadline`, its tables kept in `tables` (boards
/// of one width share them). A failure is logged and gives a board not proven.
pub(super) fn prove(
    g: &TwoRow,
    budget: &Preset,
    tables: &Path,
    deadline: Instant,
    log: &(dyn Fn(&str) + Sync),
) -> Proved {
    let plan = Budget {
        memory: Some(budget.table_memory),
        deadline: Some(deadline),
        tables: Some(tables.to_path_buf()),
        ..Budget::new(budget.threads)
    };
    match Planner::new(g, &plan).solve(&g.start(), &mut |_| {}) {
        Ok(a) => Proved {
            value: a.value,
            exact: a.exact,
            method: a.method.as_str(),
            nodes: a.nodes,
            seconds: a.seconds,
        },
        Err(e) => {
            log(&format!(
                "{} {}x{}: {}",
                g.variant_id(),
                g.width(),
                g.seeds(),
                crate::error::tables_message(&e)
            ));
            Proved {
                value: 0,
                exact: false,
                method: "-",
                nodes: 0,
                seconds: 0.0,
            }
        }
    }
}

/// Exact values of the start positions of reduced boards of `variant`, by increasing size,
/// each proven by [`prove`] within the budget's time for one solve, its tables in `tables`. A size is left out when the
/// next smaller one in its row (fewer seeds) or column (fewer pits) was not proven in time:
/// sizes grow fast, so this keeps the whole within a small multiple of the budget.
pub(super) fn reduced_boards(
    variant: &'static str,
    budget: &Preset,
    tables: &Path,
    log: &(dyn Fn(&str) + Sync),
) -> Vec<Solved> {
    let kind = mancala_solver::variant::find(variant)
        .ok()
        .and_then(|v| v.family.two_row())
        .expect("a playable two-row variant");
    let mut over: HashMap<(usize, u32), bool> = HashMap::new();
    let mut out = Vec::new();
    for w in 1..=budget.max_width {
        for s in 1..=budget.max_seeds {
            let blocked = (s > 1 && over.get(&(w, s - 1)).copied().unwrap_or(true))
                || (w > 1 && over.get(&(w - 1, s)).copied().unwrap_or(true));
            let Ok(g) = TwoRow::new(kind, w, s, tworow::Options::default()) else {
                continue;
            };
            if blocked {
                continue;
            }
            let deadline =
                Instant::now() + std::time::Duration::from_secs_f64(budget.solve_seconds);
            let r = prove(&g, budget, tables, deadline, log);
            log(&format!(
                "{variant} {w}x{s}: {:+} {} ({}) in {:.2} s",
                r.value,
                if r.exact { "exact" } else { "not proven" },
                r.method,
                r.seconds
            ));
            over.insert((w, s), !r.exact);
            out.push(Solved {
                variant,
                width: w,
                seeds: s,
                proved: r,
            });
        }
    }
    out
}

/// The exact values of one two-row variant's reduced boards.
#[derive(Clone, Debug)]
pub(super) struct VariantExact {
    /// Variant id.
    pub variant: &'static str,
    /// The boards tried, by increasing size ([`reduced_boards`]).
    pub solved: Vec<Solved>,
}

/// Everything `advantage.md` and its files show.
#[derive(Clone, Debug)]
pub(super) struct AdvantageData {
    /// The budget it was computed within.
    pub budget: Preset,
    /// The seed of every sampled figure.
    pub seed: u64,
    /// Two-row games: exact values on reduced boards, a variant each.
    pub exact: Vec<VariantExact>,
    /// Two-row games: self-play on the full-size board, a variant each.
    pub play: Vec<PlayGroup>,
    /// The four-row games.
    pub four_row: FourRowData,
    /// The morris games.
    pub morris: MorrisData,
    /// Kpo for three and four players.
    pub players: PlayersData,
    /// The Isolo games.
    pub isolo: IsoloData,
    /// The full-size campaign as `full-size.csv` holds it (`None`: not run yet).
    pub full_size: Option<FullSizeData>,
    /// Wall-clock seconds of the whole computation.
    pub seconds: f64,
}

/// The two-row variants the report analyses (those with rules), in the variant list's order.
fn two_row_ids() -> impl Iterator<Item = &'static str> {
    VARIANTS
        .iter()
        .filter(|v| v.family.two_row().is_some())
        .map(|v| v.id)
}

/// Solves and plays everything the report shows, within `budget`, sampled figures from
/// `seed`: the tables of the exact values kept in `tables`, the full-size section read from
/// `out/full-size.csv`.
pub(super) fn compute(
    out: &Path,
    budget: &Preset,
    seed: u64,
    tables: &Path,
    log: &(dyn Fn(&str) + Sync),
) -> io::Result<AdvantageData> {
    let t0 = Instant::now();
    let exact = two_row_ids()
        .map(|variant| VariantExact {
            variant,
            solved: reduced_boards(variant, budget, tables, log),
        })
        .collect();
    let play = two_row_play(budget, seed, log);
    let four_row = four_row::compute(budget, seed, log);
    let morris = morris::compute(budget, seed, &tables.join("morris"), log)?;
    let players_budget = PlayersPreset::named(budget.name).map_err(invalid)?;
    let players = players::compute(&players_budget, seed, log);
    let isolo_budget = IsoloPreset::named(budget.name).map_err(invalid)?;
    let isolo = isolo::compute(&isolo_budget, seed, log)?;
    Ok(AdvantageData {
        budget: budget.clone(),
        seed,
        exact,
        play,
        four_row,
        morris,
        players,
        isolo,
        full_size: full_size::read(out),
        seconds: t0.elapsed().as_secs_f64(),
    })
}

/// The engines of the two-row self-play: the budget's strong ones, then random play.
fn two_row_series(budget: &Preset) -> Vec<&'static str> {
    let mut series = budget.strong.to_vec();
    series.push("random");
    series
}

/// Self-play of the strong engines and random play on each two-row variant's standard
/// board, variant `vi` from seed `seed ^ vi << 32`.
fn two_row_play(budget: &Preset, seed: u64, log: &(dyn Fn(&str) + Sync)) -> Vec<PlayGroup> {
    let engines: Vec<(&str, u32)> = two_row_series(budget)
        .into_iter()
        .map(|name| match name {
            "random" => (name, budget.random_games),
            _ => (name, budget.strong_games),
        })
        .collect();
    two_row_ids()
        .enumerate()
        .map(|(vi, id)| {
            let g = mancala_solver::variant::build(id, None, None, &[]).expect("standard board");
            self_play_group(&g, id, &engines, seed ^ ((vi as u64) << 32), log)
        })
        .collect()
}

/// Writes `advantage.md`, `advantage-exact.csv`, `advantage-play.csv` and `advantage.svg`
/// into `out`, with the files of the four-row, morris, players and Isolo sections, the
/// tables of the exact values kept in `tables`.
pub(super) fn advantage(
    out: &Path,
    budget: &Preset,
    seed: u64,
    tables: &Path,
    log: &(dyn Fn(&str) + Sync),
) -> io::Result<()> {
    let d = compute(out, budget, seed, tables, log)?;
    files(&d).write(out)
}

/// Every file of the report, `advantage.md` included.
pub(super) fn files(d: &AdvantageData) -> Files {
    let mut f = Files::default();
    let series = two_row_series(&d.budget);
    let groups: Vec<_> = d.play.iter().map(PlayGroup::group).collect();
    f.add(
        "advantage.svg",
        rate_chart(
            "First player's win rate on the full-size board (95% intervals)",
            &series,
            &groups,
        ),
    );
    f.extend(four_row::files(&d.four_row));
    f.extend(morris::files(&d.morris, &d.budget));
    f.extend(players::files(&d.players));
    f.extend(isolo::files(&d.isolo));
    f.add("advantage.md", markdown(d));
    f.add("advantage-exact.csv", exact_csv(&d.exact).csv());
    let play = d.play.iter().chain(&d.four_row.play).chain(&d.morris.play);
    f.add("advantage-play.csv", play_csv(play).csv());
    f
}

/// The text of `advantage.md`.
pub(super) fn markdown(d: &AdvantageData) -> String {
    let mut md = String::from("# First-player advantage\n\n");
    md += &format!(
        "Generated by `mancala report advantage --budget {} --seed {}` ({}). \
         Exact values are proven by the solver (`mancala solve`); figures from play are \
         samples, with 95% Wilson intervals. The first player is South.\n\n",
        d.budget.name,
        d.seed,
        d.budget.describe()
    );
    md += &exact_markdown(&d.exact, &d.budget);
    md += &play_markdown(&d.play);
    md += &four_row::markdown(&d.four_row, &d.budget);
    md += &morris::markdown(&d.morris, &d.budget);
    md += &players::markdown(&d.players);
    md += "\n";
    md += &isolo::markdown(&d.isolo);
    md += "\n";
    md += &full_size::markdown(d.full_size.as_ref());
    md += "\n";
    md += &every_variant();
    md += &format!(
        "\nData: [advantage-exact.csv](advantage-exact.csv), [advantage-play.csv](advantage-play.csv). \
         Generated in {:.0} s.\n",
        d.seconds
    );
    md
}

/// The section of exact values on reduced boards: a table a variant, pits by seeds.
fn exact_markdown(exact: &[VariantExact], budget: &Preset) -> String {
    let mut md = String::from(
        "## Exact values on reduced boards\n\n\
        The value of the start position under perfect play: the first player's final seed \
        difference (seeds won by South minus seeds won by North), as Irving, Donkers & \
        Uiterwijk tabulated it for Kalah(m, n). Rows are pits a side, columns seeds a pit, \
        default rules of each variant. Every value shown is exact (proven) by the solve \
        planner of `mancala solve`, which picks for each board the method that proves it \
        soonest within the budget's memory: the whole game by retrograde analysis \
        (tablebases up to the board's total seeds, cycles included; `proven_by` = \
        `retrograde` in the CSV), the search probing the tables built so far \
        (`search+tables`), or the search alone (`search`). `?`: not proven \
        within the budget's time for one solve; a blank cell was not attempted, because a \
        smaller board in its row or column was not proven in time. Which boards are proven \
        in time depends on the machine's speed and load; the proven values never do.\n\n",
    );
    for v in exact {
        md += &format!("### {}\n\n", v.variant);
        md += &exact_table(&v.solved, budget).markdown();
        let proven: Vec<_> = v.solved.iter().filter(|x| x.proved.exact).collect();
        let wins = proven.iter().filter(|x| x.proved.value > 0).count();
        let draws = proven.iter().filter(|x| x.proved.value == 0).count();
        let losses = proven.len() - wins - draws;
        md += &format!("\n{}.\n\n", proven_counts(wins, draws, losses));
    }
    md
}

/// One variant's exact values, pits a side by seeds a pit: `+3`, `0`, `?` (not proven) or
/// blank (not attempted).
fn exact_table(solved: &[Solved], budget: &Preset) -> Table {
    let mut head = vec!["pits \\ seeds".to_string()];
    head.extend((1..=budget.max_seeds).map(|s| s.to_string()));
    let mut t = Table::with_header(head);
    let cell = |x: &Solved| match x.proved {
        Proved {
            exact: true,
            value: 0,
            ..
        } => "0".to_string(),
        Proved {
            exact: true, value, ..
        } => format!("{value:+}"),
        _ => "?".into(),
    };
    for w in 1..=budget.max_width {
        let mut row = vec![w.to_string()];
        for s in 1..=budget.max_seeds {
            let x = solved.iter().find(|x| x.width == w && x.seeds == s);
            row.push(x.map(cell).unwrap_or_default());
        }
        t.push(row);
    }
    t
}

/// `advantage-exact.csv`: every reduced board tried, proven or not.
fn exact_csv(exact: &[VariantExact]) -> Table {
    let mut t = Table::new(&[
        "variant",
        "width",
        "seeds",
        "value",
        "exact",
        "proven_by",
        "nodes",
        "seconds",
    ]);
    for x in exact.iter().flat_map(|v| &v.solved) {
        t.push(vec![
            x.variant.into(),
            x.width.to_string(),
            x.seeds.to_string(),
            x.proved.value.to_string(),
            x.proved.exact.to_string(),
            x.proved.method.into(),
            x.proved.nodes.to_string(),
            format!("{:.3}", x.proved.seconds),
        ]);
    }
    t
}

/// The section of play on the full-size two-row boards.
fn play_markdown(play: &[PlayGroup]) -> String {
    let mut md = String::from(
        "## Full-size boards: results of play\n\n\
        Games from the standard start (2x6, 4 seeds a pit, default rules). Each strong engine \
        plays itself (its ties broken at random, so games differ), and random players play \
        each other (the figure Ludii reports for its games). Games that repeat a position or \
        reach 1000 plies are scored by the seeds won so far (see `mancala_analysis::matches`). \
        Rates are of games, with 95% Wilson intervals; lengths are in plies. The intervals \
        measure the sampling of these engines' games only: an engine with few ties plays \
        nearly the same game every time (alpha-beta in kalah), and its row then describes \
        that line of play rather than the game's value, which only the exact values above \
        give.\n\n",
    );
    md += &play_table(play, false).markdown();
    md += &image("first player's win rate", "advantage.svg");
    md
}

/// The list of every variant and what this report says of it.
fn every_variant() -> String {
    let mut md = String::from("## Every variant\n\n");
    let mut t = Table::new(&["variant", "people", "board", "status", "in this report"]);
    for v in VARIANTS {
        let here = match (v.status, v.family) {
            (Status::Playable, Family::Morris(_)) => {
                "exact values of reduced games (main-game tables and the placement search); self-play at full size"
            }
            (Status::Playable, Family::Isolo(_)) => {
                "playable (rules, perft); its exact values and arrangements are not in this report yet"
            }
            (Status::Playable, Family::FourRow(_)) => {
                "four-row (metric wdl): exact win/draw/loss on reduced boards; play on the full board"
            }
            (Status::Playable, _) => "exact values on reduced boards; play on the full board",
            (Status::Planned, _) => "not yet analysable: its rules are not implemented yet",
            (Status::NotAnalysed, _) => "not analysed: not a game of strategy",
        };
        t.push(vec![
            v.id.into(),
            v.people.into(),
            v.board.into(),
            v.status.as_str().into(),
            here.into(),
        ]);
    }
    md += &t.markdown();
    md
}
