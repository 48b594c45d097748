//! The four-row part of the advantage report: exact results of reduced boards by the
//! whole-graph retrograde analysis, and self-play on the full board.

use crate::report::base::{or_empty, plural, proven_counts, Files, Preset, Table};
use crate::report::play::{image, play_table, rate_chart, self_play_group, PlayGroup};
use mancala_solver::fourrow::{retro, FourRow, Kind as FourKind};
use mancala_solver::game::Game;
use std::time::Instant;

/// One four-row reduced board: its start's exact value, if proven.
#[derive(Clone, Debug)]
pub(crate) struct FourSolved {
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
pub(crate) fn four_board(
    kind: FourKind,
    width: usize,
    seeds: u32,
    budget: &Preset,
) -> Option<FourSolved> {
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
pub(crate) fn four_cell(x: &FourSolved) -> String {
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

/// One four-row variant's reduced boards.
#[derive(Clone, Debug)]
pub(crate) struct FourBoards {
    /// The variant.
    pub kind: FourKind,
    /// The budget's boards (`four_boards`) in its order; `None` where the board does not
    /// exist (too many seeds).
    pub boards: Vec<Option<FourSolved>>,
}

/// The four-row part of the report.
#[derive(Clone, Debug)]
pub(crate) struct FourRowData {
    /// Exact results of the reduced boards, a variant each.
    pub exact: Vec<FourBoards>,
    /// Self-play on each variant's standard board.
    pub play: Vec<PlayGroup>,
}

/// The series of the four-row chart: the strong engine of each game, then random play.
const SERIES: [&str; 2] = ["alpha-beta (node budget)", "random"];

/// Solves the reduced boards and plays the full boards of every four-row game.
pub(super) fn compute(budget: &Preset, seed: u64, log: &(dyn Fn(&str) + Sync)) -> FourRowData {
    let exact = FourKind::ALL
        .into_iter()
        .map(|kind| FourBoards {
            kind,
            boards: budget
                .four_boards
                .iter()
                .map(|&(w, s)| {
                    let x = four_board(kind, w, s, budget)?;
                    log(&format!("{} 4x{w} {s}: {}", kind.id(), four_cell(&x)));
                    Some(x)
                })
                .collect(),
        })
        .collect();
    let play = FourKind::ALL
        .into_iter()
        .enumerate()
        .map(|(ki, kind)| {
            let play = budget.four_play_of(kind);
            let engines = [
                (play.strong, play.strong_games),
                ("random", play.random_games),
            ];
            let seed = seed ^ (0xF0u64 << 40 | (ki as u64) << 32);
            self_play_group(&FourRow::standard(kind), kind.id(), &engines, seed, log)
        })
        .collect();
    FourRowData { exact, play }
}

/// The files of the four-row part: `advantage-four-exact.csv` and `advantage-four.svg`.
pub(super) fn files(d: &FourRowData) -> Files {
    let mut f = Files::default();
    f.add("advantage-four-exact.csv", exact_csv(&d.exact).csv());
    let groups: Vec<_> = d.play.iter().map(PlayGroup::group).collect();
    f.add(
        "advantage-four.svg",
        rate_chart(
            "Four-row games: first player's win rate on the full-size board (95% intervals)",
            &SERIES,
            &groups,
        ),
    );
    f
}

/// The Markdown of the four-row part.
pub(super) fn markdown(d: &FourRowData, budget: &Preset) -> String {
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
    md += &exact_table(&d.exact, budget).markdown();
    let values: Vec<i32> = solved(&d.exact).filter_map(|x| x.value).collect();
    let wins = values.iter().filter(|&&v| v == 1).count();
    let draws = values.iter().filter(|&&v| v == 0).count();
    md += &format!(
        "\n{}. Data: [advantage-four-exact.csv](advantage-four-exact.csv).\n\n",
        proven_counts(wins, draws, values.len() - wins - draws)
    );
    md += &play_markdown(d, budget);
    md
}

/// Every reduced board that exists, variant by variant.
fn solved(exact: &[FourBoards]) -> impl Iterator<Item = &FourSolved> {
    exact.iter().flat_map(|k| k.boards.iter().flatten())
}

/// The table of results: a row a variant, a column a board (`–`: it does not exist).
fn exact_table(exact: &[FourBoards], budget: &Preset) -> Table {
    let mut head = vec!["variant".to_string()];
    head.extend(
        budget
            .four_boards
            .iter()
            .map(|&(w, s)| format!("4x{w}, {s} seed{}", plural(s))),
    );
    let mut t = Table::with_header(head);
    for k in exact {
        let mut row = vec![k.kind.id().to_string()];
        row.extend(
            k.boards
                .iter()
                .map(|x| x.as_ref().map_or("–".into(), four_cell)),
        );
        t.push(row);
    }
    t
}

/// `advantage-four-exact.csv`: every board that exists, proven or not.
fn exact_csv(exact: &[FourBoards]) -> Table {
    let mut t = Table::new(&[
        "variant",
        "width",
        "seeds",
        "value",
        "plies",
        "proven_by",
        "graph_positions",
        "seconds",
    ]);
    for x in solved(exact) {
        t.push(vec![
            x.variant.into(),
            x.width.to_string(),
            x.seeds.to_string(),
            or_empty(x.value),
            or_empty(x.plies),
            x.method.into(),
            or_empty(x.graph),
            format!("{:.3}", x.seconds),
        ]);
    }
    t
}

/// The Markdown of the self-play on the full boards.
fn play_markdown(d: &FourRowData, budget: &Preset) -> String {
    let mut md = format!(
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
    md += &play_table(&d.play, true).markdown();
    md += &image(
        "first player's win rate, four-row games",
        "advantage-four.svg",
    );
    md
}
