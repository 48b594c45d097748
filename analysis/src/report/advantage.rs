//! The first-player advantage report (`advantage.md`): exact values on reduced boards,
//! sampled results of strong and random play on the full-size board, every variant listed.

use super::base::{pct, write, Budget, Table};
use super::play::{
    play_csv_row, play_csv_table, rate_chart, self_play, self_play_group, self_play_table,
};
use super::svg::{bar_chart, Bar, Group};
use crate::engine::EngineSpec;
use crate::stats::wilson;
use mancala_solver::fourrow::{retro, FourRow, Kind as FourKind};
use mancala_solver::game::{Game, Notation};
use mancala_solver::tworow::{RuleOptions, TwoRow};
use mancala_solver::variant::{Family, Status, VARIANTS};
use mancala_tablebases::plan::Budget as PlanBudget;
use mancala_tablebases::Planner;
use std::collections::HashMap;
use std::io;
use std::path::Path;
use std::time::{Duration, Instant};

/// One exact solve of a reduced board's start position.
#[derive(Clone, Debug)]
pub struct Solved {
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
pub struct Proved {
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
pub fn prove(
    g: &TwoRow,
    budget: &Budget,
    tables: &Path,
    deadline: Instant,
    log: &(dyn Fn(&str) + Sync),
) -> Proved {
    let plan = PlanBudget {
        memory: budget.table_memory,
        deadline: Some(deadline),
        cache: Some(tables.to_path_buf()),
        ..PlanBudget::new(budget.threads)
    };
    match Planner::new(g, plan).solve(&g.start(), &mut |_| {}) {
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
pub fn reduced_boards(
    variant: &'static str,
    budget: &Budget,
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
            let Ok(g) = TwoRow::new(kind, w, s, RuleOptions::default()) else {
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

/// One four-row reduced board: its start's exact value, if proven.
#[derive(Clone, Debug)]
pub struct FourSolved {
    /// Variant id.
    pub variant: &'static str,
    /// Holes a row.
    pub width: usize,
    /// Seeds a full hole.
    pub seeds: u32,
    /// +1, 0, −1 for South (the first player), when proven.
    pub value: Option<i32>,
    /// Plies to the end under perfect play (the winner hastens, the loser delays), when
    /// known.
    pub plies: Option<u32>,
    /// How it was proven: `graph` (whole-graph retrograde analysis) or `-` (not proven).
    pub method: &'static str,
    /// Positions of the game graph, when it was solved whole.
    pub graph: Option<usize>,
    /// Seconds for everything.
    pub seconds: f64,
}

/// The start of a four-row reduced board by the whole-graph retrograde analysis (win/draw/
/// loss and plies) when the graph has at most `budget.four_graph` positions (a tenth of it
/// for chisolo-ii and mwambulula, whose move generation is slow); otherwise not proven.
/// This is what `mancala solve` runs for plies. (The search is not used here: once it has
/// proven a value it computes a principal variation without a time limit, which in these
/// cyclic games can take far longer than the budget.)
pub fn four_board(kind: FourKind, width: usize, seeds: u32, budget: &Budget) -> Option<FourSolved> {
    let g = FourRow::new(kind, width, seeds, Default::default()).ok()?;
    let start = g.start();
    let t0 = Instant::now();
    let mut out = FourSolved {
        variant: kind.id(),
        width,
        seeds,
        value: None,
        plies: None,
        method: "-",
        graph: None,
        seconds: 0.0,
    };
    if g.exact_key(&start).is_none() {
        return Some(out); // beyond the exact keys
    }
    // The graph of a slow game (re-sown captures) is tried only a tenth as large.
    let graph = if kind.removes() {
        budget.four_graph
    } else {
        budget.four_graph / 10
    };
    if let Ok(sol) = retro::solve(&g, &start, graph) {
        let w = sol.value(&g, &start).expect("the root is in its graph");
        out.value = Some(w.value());
        out.plies = w.plies();
        out.method = "graph";
        out.graph = Some(sol.len());
    }
    out.seconds = t0.elapsed().as_secs_f64();
    Some(out)
}

/// A four-row result as a cell: `W 9` (South wins in 9 plies), `L 14`, `D`, `W` (plies not
/// found within the budget), `?` (not proven).
pub fn four_cell(x: &FourSolved) -> String {
    let word = match x.value {
        None => return "?".into(),
        Some(1) => "W",
        Some(0) => "D",
        Some(_) => "L",
    };
    match x.plies {
        Some(p) if x.value != Some(0) => format!("{word} {p}"),
        _ => word.into(),
    }
}

/// Writes `advantage.md`, `advantage-exact.csv`, `advantage-play.csv` and `advantage.svg`
/// into `out`, the tables of the exact values kept in `tables`.
pub fn advantage(
    out: &Path,
    budget: &Budget,
    seed: u64,
    tables: &Path,
    log: &(dyn Fn(&str) + Sync),
) -> io::Result<()> {
    let t0 = Instant::now();
    let mut md = String::from("# First-player advantage\n\n");
    md += &format!(
        "Generated by `mancala report advantage --budget {} --seed {seed}` ({}). \
         Exact values are proven by the solver (`mancala solve`); figures from play are \
         samples, with 95% Wilson intervals. The first player is South.\n\n",
        budget.name,
        budget.describe()
    );
    let mut exact_csv = Table::new(&[
        "variant",
        "width",
        "seeds",
        "value",
        "exact",
        "proven_by",
        "nodes",
        "seconds",
    ]);
    let mut play_csv = play_csv_table();
    md += "## Exact values on reduced boards\n\n\
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
        in time depends on the machine's speed and load; the proven values never do.\n\n";
    let playable: Vec<_> = VARIANTS
        .iter()
        .filter(|v| v.family.two_row().is_some())
        .collect();
    for v in &playable {
        let solved = reduced_boards(v.id, budget, tables, log);
        md += &format!("### {}\n\n", v.id);
        let mut head = vec!["pits \\ seeds".to_string()];
        head.extend((1..=budget.max_seeds).map(|s| s.to_string()));
        let mut t = Table {
            header: head,
            rows: Vec::new(),
        };
        for w in 1..=budget.max_width {
            let mut row = vec![w.to_string()];
            for s in 1..=budget.max_seeds {
                let cell = solved
                    .iter()
                    .find(|x| x.width == w && x.seeds == s)
                    .map(|x| {
                        if x.proved.exact && x.proved.value == 0 {
                            "0".into()
                        } else if x.proved.exact {
                            format!("{:+}", x.proved.value)
                        } else {
                            "?".into()
                        }
                    })
                    .unwrap_or_default();
                row.push(cell);
            }
            t.push(row);
        }
        md += &t.markdown();
        let proven: Vec<_> = solved.iter().filter(|x| x.proved.exact).collect();
        let wins = proven.iter().filter(|x| x.proved.value > 0).count();
        let draws = proven.iter().filter(|x| x.proved.value == 0).count();
        md += &format!(
            "\n{} boards proven: the first player wins {wins}, draws {draws}, loses {}.\n\n",
            proven.len(),
            proven.len() - wins - draws
        );
        for x in &solved {
            exact_csv.push(vec![
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
    }

    md += "## Full-size boards: results of play\n\n\
        Games from the standard start (2x6, 4 seeds a pit, default rules). Each strong engine \
        plays itself (its ties broken at random, so games differ), and random players play \
        each other (the figure Ludii reports for its games). Games that repeat a position or \
        reach 1000 plies are scored by the seeds won so far (see `mancala_analysis::matches`). \
        Rates are of games, with 95% Wilson intervals; lengths are in plies. The intervals \
        measure the sampling of these engines' games only: an engine with few ties plays \
        nearly the same game every time (alpha-beta in kalah), and its row then describes \
        that line of play rather than the game's value, which only the exact values above \
        give.\n\n";
    let mut t = Table::new(&[
        "variant",
        "players",
        "games",
        "first player wins",
        "draws",
        "second player wins",
        "mean length",
    ]);
    let mut series: Vec<String> = budget.strong.iter().map(|s| s.to_string()).collect();
    series.push("random".into());
    let mut groups = Vec::new();
    for (vi, v) in playable.iter().enumerate() {
        let g = mancala_solver::variant::build(v.id, None, None, &[]).expect("standard board");
        let mut bars = Vec::new();
        for (ei, name) in series.iter().enumerate() {
            let spec: EngineSpec = name.parse().expect("budget engines parse");
            let games = if name == "random" {
                budget.random_games
            } else {
                budget.strong_games
            };
            let s = self_play(&g, &spec, games, seed ^ ((vi as u64) << 32 | ei as u64));
            let first = wilson(s.by_seat[0], s.games);
            log(&format!(
                "{} {name} self-play: first player {}",
                v.id,
                pct(&first)
            ));
            t.push(vec![
                v.id.into(),
                if name == "random" {
                    "random vs random".into()
                } else {
                    format!("`{}` vs itself", spec)
                },
                s.games.to_string(),
                pct(&first),
                pct(&wilson(s.by_seat[1], s.games)),
                pct(&wilson(s.by_seat[2], s.games)),
                format!("{:.1}", s.mean_plies),
            ]);
            play_csv.push(play_csv_row(v.id, &spec, &s, &first));
            bars.push(Bar {
                value: first.p,
                interval: Some((first.lo, first.hi)),
            });
        }
        groups.push(Group {
            label: v.id.into(),
            bars,
        });
    }
    md += &t.markdown();
    md += "\n![first player's win rate](advantage.svg)\n\n";
    let names: Vec<&str> = series.iter().map(|s| s.as_str()).collect();
    write(
        out,
        "advantage.svg",
        &bar_chart(
            "First player's win rate on the full-size board (95% intervals)",
            "first player's win rate",
            &names,
            &groups,
            (0.0, 1.0),
        ),
    )?;

    md += &four_row_section(out, budget, seed, &mut play_csv, log)?;
    md += &morris_section(
        out,
        budget,
        seed,
        &tables.join("morris"),
        &mut play_csv,
        log,
    )?;

    let players = super::players::PlayersBudget::named(budget.name)
        .map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e.to_string()))?;
    md += &super::players::section(out, &players, seed, log)?;
    md += "\n";
    let isolo = super::isolo::IsoloBudget::named(budget.name)
        .map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e.to_string()))?;
    md += &super::isolo::section(out, &isolo, seed, log)?;
    md += "\n";
    md += &super::full_size::section(out);
    md += "\n";

    md += "## Every variant\n\n";
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
    md += &format!(
        "\nData: [advantage-exact.csv](advantage-exact.csv), [advantage-play.csv](advantage-play.csv). \
         Generated in {:.0} s.\n",
        t0.elapsed().as_secs_f64()
    );
    write(out, "advantage.md", &md)?;
    write(out, "advantage-exact.csv", &exact_csv.csv())?;
    write(out, "advantage-play.csv", &play_csv.csv())?;
    Ok(())
}

/// The four-row part of the advantage report: exact results on reduced boards
/// (`advantage-four-exact.csv`), play on the full board (rows of `play_csv`,
/// `advantage-four.svg`); returns its Markdown.
fn four_row_section(
    out: &Path,
    budget: &Budget,
    seed: u64,
    play_csv: &mut Table,
    log: &(dyn Fn(&str) + Sync),
) -> io::Result<String> {
    let mut md = String::from(
        "## Four-row games (metric wdl)\n\n\
         The four-row games of Zambia are won by the player who leaves the other without a \
         legal move; seeds are not counted. \
         A game that can never end (neither side can force an end) is a draw (docs/RULES.md).\n\n\
         ### Exact results on reduced boards\n\n\
         The start pattern of each variant scaled to a 4xW board, S seeds in a full hole, \
         default rules, South (the first player) to move. `W 9`: South wins, the game \
         lasting 9 plies under perfect play (the winner hastens, the loser delays); `L`: \
         South loses; `D`: a draw; `?`: not solved within the budget (its game graph has more \
         positions than the budget allows); `–`: the board does not exist (too many seeds). \
         Each board is solved whole by retrograde analysis of every position reachable from \
         its start (`mancala_solver::fourrow::retro`, what `mancala solve` runs for plies; \
         `graph_positions` in the CSV), exact with no horizon. Larger boards are solved by \
         the search with `mancala solve` (docs/DECISIONS-FOUR-ROW.md lists those \
         results).\n\n",
    );
    let mut head = vec!["variant".to_string()];
    head.extend(
        budget
            .four_boards
            .iter()
            .map(|&(w, s)| format!("4x{w}, {s} seed{}", if s == 1 { "" } else { "s" })),
    );
    let mut t = Table {
        header: head,
        rows: Vec::new(),
    };
    let mut csv = Table::new(&[
        "variant",
        "width",
        "seeds",
        "value",
        "plies",
        "proven_by",
        "graph_positions",
        "seconds",
    ]);
    let (mut wins, mut draws, mut losses) = (0, 0, 0);
    for kind in FourKind::ALL {
        let mut row = vec![kind.id().to_string()];
        for &(w, s) in budget.four_boards {
            match four_board(kind, w, s, budget) {
                None => row.push("–".into()),
                Some(x) => {
                    log(&format!("{} 4x{w} {s}: {}", kind.id(), four_cell(&x)));
                    match x.value {
                        Some(1) => wins += 1,
                        Some(0) => draws += 1,
                        Some(_) => losses += 1,
                        None => {}
                    }
                    row.push(four_cell(&x));
                    csv.push(vec![
                        kind.id().into(),
                        w.to_string(),
                        s.to_string(),
                        x.value.map_or(String::new(), |v| v.to_string()),
                        x.plies.map_or(String::new(), |p| p.to_string()),
                        x.method.into(),
                        x.graph.map_or(String::new(), |n| n.to_string()),
                        format!("{:.3}", x.seconds),
                    ]);
                }
            }
        }
        t.push(row);
    }
    md += &t.markdown();
    md += &format!(
        "\n{} boards proven: the first player wins {wins}, draws {draws}, loses {losses}. \
         Data: [advantage-four-exact.csv](advantage-four-exact.csv).\n\n",
        wins + draws + losses
    );
    write(out, "advantage-four-exact.csv", &csv.csv())?;

    md += &format!(
        "### Full-size boards: results of play\n\n\
         Games from each variant's standard start (its board and seeds: docs/RULES.md). The \
         strong engine is `{}` (alpha-beta as deep as that many nodes a move allow, its \
         evaluation the seeds held: docs/ENGINES.md) playing itself, its ties broken at \
         random; beside it random play, the figure Ludii reports. Chisolo-ii and \
         mwambulula get `{}` and fewer games: their move generation is far slower (a \
         re-sown capture can start a sowing that cycles for millions of laps before it is \
         found illegal). A game that repeats a \
         position (board, side to move and counters) or reaches 1000 plies is stopped and \
         scored a draw: nothing is counted before the end in these games, so the \
         seeds-won rule of `mancala_analysis::matches` gives a draw, the value docs/RULES.md gives \
         to play that goes on for ever. The columns *by repetition* and *by ply limit* count \
         such games. Rates with 95% Wilson intervals; lengths in plies.\n\n",
        budget.four_play.strong, budget.four_play_slow.strong
    );
    let mut t = self_play_table();
    let series = ["alpha-beta (node budget)", "random"];
    let mut groups = Vec::new();
    for (ki, kind) in FourKind::ALL.into_iter().enumerate() {
        let g = FourRow::standard(kind);
        let play = budget.four_play_of(kind);
        let engines = [
            (play.strong, play.strong_games),
            ("random", play.random_games),
        ];
        let seed = seed ^ (0xF0u64 << 40 | (ki as u64) << 32);
        let rows = (&mut t, &mut *play_csv);
        groups.push(self_play_group(&g, kind.id(), &engines, seed, rows, log));
    }
    md += &t.markdown();
    md += &rate_chart(
        out,
        (
            "advantage-four.svg",
            "first player's win rate, four-row games",
        ),
        "Four-row games: first player's win rate on the full-size board (95% intervals)",
        &series,
        &groups,
    )?;
    Ok(md)
}

/// The morris part of the advantage report: the start of each morris game proven for 3 to
/// the budget's `morris_counters` a side (`advantage-morris.csv`, `advantage-morris.svg`),
/// its tables built in `dir`, and self-play at full size (rows of `play_csv`,
/// `advantage-morris-play.svg`); returns its Markdown.
fn morris_section(
    out: &Path,
    budget: &Budget,
    seed: u64,
    dir: &Path,
    play_csv: &mut Table,
    log: &(dyn Fn(&str) + Sync),
) -> io::Result<String> {
    use mancala_solver::morris::{Kind, Morris, Options};
    use mancala_solver::search::Limits;
    use mancala_tablebases::morris::plan;
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
    let mut csv = Table::new(&[
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
    let series: Vec<&str> = Kind::ALL.iter().map(|k| k.id()).collect();
    let mut groups: Vec<Group> = (3..=budget.morris_counters)
        .map(|n| Group {
            label: format!("{n} counters"),
            bars: Vec::new(),
        })
        .collect();
    let mut most = 1.0f64;
    for kind in Kind::ALL {
        for (k, n) in (3..=budget.morris_counters).enumerate() {
            let g = Morris::new(n, Options::defaults(kind))
                .map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e.to_string()))?;
            let limits = Limits {
                deadline: Some(Instant::now() + Duration::from_secs_f64(budget.morris_seconds)),
                // One search thread: the node counts then repeat from run to run.
                threads: 1,
                ..Limits::default()
            };
            let a = plan::solve(&g, &g.start(), limits, Some(dir), &mut |_| {})
                .map_err(|e| io::Error::other(e.to_string()))?;
            log(&format!(
                "{} with {n} counters: {} in {:.1} s",
                kind.id(),
                if a.exact { "proven" } else { "not proven" },
                a.seconds
            ));
            let value = if !a.exact {
                "not proven in time".to_string()
            } else {
                match a.value {
                    1 => "South wins",
                    0 => "draw",
                    _ => "North wins",
                }
                .to_string()
            };
            let plies = a.plies.filter(|_| a.exact);
            let best = a
                .best
                .map(|m| g.move_name(&g.start(), m))
                .unwrap_or_default();
            t.push(vec![
                kind.id().into(),
                n.to_string(),
                value.clone(),
                plies.map_or("–".into(), |p| p.to_string()),
                if a.exact {
                    format!("`{best}`")
                } else {
                    String::new()
                },
                a.nodes.to_string(),
                a.table_entries.to_string(),
                format!("{:.1}", a.seconds),
            ]);
            csv.push(vec![
                kind.id().into(),
                n.to_string(),
                a.value.to_string(),
                a.exact.to_string(),
                plies.map_or(String::new(), |p| p.to_string()),
                best,
                a.nodes.to_string(),
                a.table_entries.to_string(),
                format!("{:.3}", a.build_seconds),
                format!("{:.3}", a.seconds),
            ]);
            let p = plies.unwrap_or(0) as f64;
            most = most.max(p);
            groups[k].bars.push(Bar {
                value: p,
                interval: None,
            });
        }
    }
    md += &t.markdown();
    md += "\n![plies to the end of the morris starts](advantage-morris.svg)\n\n\
           Data: [advantage-morris.csv](advantage-morris.csv).\n\n";
    write(
        out,
        "advantage-morris.svg",
        &bar_chart(
            "Morris starts: plies to the end under perfect play (0: not proven)",
            "plies",
            &series,
            &groups,
            (0.0, most),
        ),
    )?;
    write(out, "advantage-morris.csv", &csv.csv())?;

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
    let mut t = self_play_table();
    let mut names: Vec<String> = budget
        .morris_engines
        .iter()
        .map(|e| e.to_string())
        .collect();
    names.push("random".into());
    let mut groups = Vec::new();
    for (ki, kind) in Kind::ALL.into_iter().enumerate() {
        let g = Morris::new(kind.default_counters(), Options::defaults(kind))
            .map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e.to_string()))?;
        let engines: Vec<(&str, u32)> = names
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
        let rows = (&mut t, &mut *play_csv);
        groups.push(self_play_group(&g, kind.id(), &engines, seed, rows, log));
    }
    md += &t.markdown();
    let series: Vec<&str> = names.iter().map(|s| s.as_str()).collect();
    md += &rate_chart(
        out,
        (
            "advantage-morris-play.svg",
            "first player's win rate, morris games",
        ),
        "Morris games: first player's win rate at full size (95% intervals)",
        &series,
        &groups,
    )?;
    Ok(md)
}
