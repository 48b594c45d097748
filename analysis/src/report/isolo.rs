//! The Isolo section of `advantage.md`: exact values of reduced Isolo games, the kucheleka's
//! arrangements, and Isolo II's setup as a simultaneous game, from whole reachable graphs
//! ([`crate::isolo`]), and the full-width boards past them by the distance search. `mancala report isolo` rewrites this section alone (between its
//! markers); `mancala report advantage` writes it with the rest.

use super::base::{invalid, percent, plural, unknown, Files, Table};
use super::play::{image, play_csv, play_table, rate_chart, self_play_group, PlayGroup};
use super::svg::{bar_chart, Bar, Group};
use crate::isolo::{
    kucheleka, kucheleka_by_search, mixed_value, search_start, setup_game, Heavy, Kucheleka, Mixed,
    SearchedStart, SetupGame,
};
use crate::shape::line_names;
use mancala_solver::error::ConfigError;
use mancala_solver::isolo::solve::solve;
use mancala_solver::isolo::{Isolo, Kind, Options, Phase, Setup, UNLIMITED};
use mancala_solver::wdl::{Wdl, MAX_PLIES};
use std::io;
use std::path::Path;
use std::time::{Duration, Instant};

/// The section's first line.
pub(super) const BEGIN: &str = "<!-- isolo:begin -->";
/// The section's last line.
pub(super) const END: &str = "<!-- isolo:end -->";

/// What the section computes.
#[derive(Clone, Copy, Debug)]
pub(super) struct IsoloPreset {
    /// The budget's name.
    pub name: &'static str,
    /// Isolo I starts: (width, seeds, store; `None` for the main game from `--seeds` a hole).
    pub isolo: &'static [(usize, u32, Option<u32>)],
    /// Isolo II starts: (width, seeds, from the setup).
    pub isolo_ii: &'static [(usize, u32, bool)],
    /// Kucheleka: widths, the loser's seeds a hole, the winner's seeds up to.
    pub kucheleka: &'static [(usize, u32, u32)],
    /// Isolo II setup matrices: (width, seeds).
    pub setups: &'static [(usize, u32)],
    /// Positions one graph may hold.
    pub positions: usize,
    /// Seconds one graph may take.
    pub seconds: f64,
    /// Full-size self-play: (variant, engine, games); random play gets ten times as many.
    pub play: &'static [(Kind, &'static str, u32)],
    /// Starts past the graphs, by the distance search: (variant, width, seeds a hole), the
    /// main game (Isolo I) or play from the even board (Isolo II).
    pub searched: &'static [(Kind, usize, u32)],
    /// Kucheleka past the graphs, by the distance search: width, the loser's seeds a hole,
    /// the winner's seeds up to.
    pub searched_kucheleka: &'static [(usize, u32, u32)],
    /// Positions one distance search of a start may visit.
    pub search_nodes: u64,
    /// Positions the search of one kucheleka arrangement may visit.
    pub kucheleka_nodes: u64,
}

/// The CI budget: seconds.
const TINY: IsoloPreset = IsoloPreset {
    name: "tiny",
    isolo: &[(3, 1, None), (3, 1, Some(2))],
    isolo_ii: &[(2, 1, false), (2, 1, true)],
    kucheleka: &[(3, 1, 4)],
    setups: &[(2, 1)],
    positions: 1_000_000,
    seconds: 20.0,
    play: &[
        (Kind::IsoloI, "alphabeta:nodes=200", 2),
        (Kind::IsoloII, "alphabeta:nodes=200", 2),
    ],
    searched: &[(Kind::IsoloI, 6, 2), (Kind::IsoloII, 4, 1)],
    searched_kucheleka: &[(6, 2, 2)],
    search_nodes: 100_000,
    kucheleka_nodes: 10_000,
};

/// The committed section.
const MEDIUM: IsoloPreset = IsoloPreset {
    name: "medium",
    isolo: &[
        (3, 1, None),
        (3, 2, None),
        (4, 1, None),
        (4, 2, None),
        (5, 1, None),
        (5, 2, None),
        (3, 1, Some(1)),
        (3, 1, Some(2)),
        (3, 1, Some(3)),
        (3, 2, Some(1)),
        (3, 2, Some(2)),
        (3, 2, Some(3)),
        (4, 1, Some(1)),
        (4, 1, Some(2)),
        (4, 1, Some(3)),
        (4, 2, Some(1)),
        (4, 2, Some(2)),
    ],
    isolo_ii: &[
        (2, 1, false),
        (2, 2, false),
        (3, 1, false),
        (2, 1, true),
        (2, 2, true),
        (3, 1, true),
    ],
    kucheleka: &[(3, 1, 8), (3, 2, 10), (4, 1, 8), (4, 2, 8), (5, 1, 6)],
    setups: &[(2, 1), (2, 2), (3, 1)],
    positions: 14_000_000,
    seconds: 120.0,
    play: &[
        (Kind::IsoloI, "alphabeta:nodes=10000", 20),
        (Kind::IsoloI, "mcts:iters=300", 20),
        (Kind::IsoloII, "alphabeta:nodes=10000", 20),
    ],
    searched: &[
        (Kind::IsoloI, 6, 1),
        (Kind::IsoloI, 6, 2),
        (Kind::IsoloI, 6, 3),
        (Kind::IsoloI, 6, 4),
        (Kind::IsoloI, 7, 1),
        (Kind::IsoloI, 7, 2),
        (Kind::IsoloI, 7, 3),
        (Kind::IsoloI, 7, 4),
        (Kind::IsoloI, 8, 1),
        (Kind::IsoloI, 8, 2),
        (Kind::IsoloI, 8, 3),
        (Kind::IsoloI, 8, 4),
        (Kind::IsoloII, 4, 1),
        (Kind::IsoloII, 4, 2),
        (Kind::IsoloII, 5, 1),
        (Kind::IsoloII, 5, 2),
        (Kind::IsoloII, 8, 1),
        (Kind::IsoloII, 8, 2),
    ],
    searched_kucheleka: &[(8, 2, 5)],
    search_nodes: 20_000_000,
    kucheleka_nodes: 1_000_000,
};

impl IsoloPreset {
    /// The budget named `name` (tiny, small, medium).
    pub(super) fn named(name: &str) -> Result<IsoloPreset, ConfigError> {
        match name {
            "tiny" => Ok(TINY),
            "small" => Ok(IsoloPreset {
                name: "small",
                kucheleka: &[(3, 1, 6), (3, 2, 6), (4, 1, 5)],
                setups: &[(2, 1), (2, 2)],
                ..TINY
            }),
            "medium" => Ok(MEDIUM),
            _ => Err(ConfigError(format!(
                "unknown budget '{name}': expected tiny, small or medium"
            ))),
        }
    }

    /// The deadline of one graph started now.
    fn deadline(&self) -> Option<Instant> {
        Some(Instant::now() + Duration::from_secs_f64(self.seconds))
    }
}

/// A value in words, from the side to move's seat.
fn shown(w: Wdl) -> String {
    match w {
        Wdl::Win(d) => format!("win in {d}"),
        Wdl::Draw => "draw".into(),
        Wdl::Loss(d) => format!("loss in {d}"),
    }
}

/// A reduced start valued by its whole graph.
#[derive(Clone, Debug)]
pub(super) struct GraphStart {
    /// Variant id.
    pub game: &'static str,
    /// The board in words: `2x3, 1 a hole`.
    pub board: String,
    /// Which start: the main game, the fore-play with its store, the setup.
    pub start: String,
    /// Its value for the side to move and the graph's positions, or why it was not solved.
    pub value: Result<(Wdl, usize), String>,
}

/// The kucheleka of one board and seat order, the winner holding 1 to the budget's seeds.
#[derive(Clone, Debug)]
pub(super) struct KuchelekaRun {
    /// Holes a row.
    pub width: usize,
    /// The loser's seeds a hole.
    pub seeds: u32,
    /// True when the winner begins the main game.
    pub winner_first: bool,
    /// The winner holding 1, 2, ... seeds: every arrangement valued, or why not.
    pub results: Vec<Result<Kucheleka, String>>,
}

/// Isolo II's setup of one board as a simultaneous game.
#[derive(Clone, Debug)]
pub(super) struct SetupValues {
    /// The matrix of payoffs and its pure values.
    pub game: SetupGame,
    /// Its value in mixed strategies, or why the linear programs failed.
    pub mixed: Result<Mixed, String>,
    /// Back-heavy against front-heavy arrangements.
    pub heavy: Heavy,
}

/// One setup board: its game, or why it was not solved.
#[derive(Clone, Debug)]
pub(super) struct SetupResult {
    /// Holes a row.
    pub width: usize,
    /// Seeds a hole's worth each player arranges.
    pub seeds: u32,
    /// The game, or why not.
    pub values: Result<SetupValues, String>,
}

/// A start past the graphs, by the distance search.
#[derive(Clone, Debug)]
pub(super) struct SearchedRow {
    /// The variant.
    pub kind: Kind,
    /// Holes a row.
    pub width: usize,
    /// Seeds a hole.
    pub seeds: u32,
    /// What the search proved.
    pub result: SearchedStart,
    /// Its line of perfect play, as move names.
    pub line: Vec<String>,
}

/// Everything the section shows.
#[derive(Clone, Debug)]
pub(super) struct IsoloData {
    /// The budget it was computed within.
    pub budget: IsoloPreset,
    /// The seed of the self-play.
    pub seed: u64,
    /// The reduced starts, Isolo I then Isolo II.
    pub starts: Vec<GraphStart>,
    /// The kucheleka by whole graphs, in the budget's order, the loser beginning first.
    pub kucheleka: Vec<KuchelekaRun>,
    /// Isolo II's setup games.
    pub setups: Vec<SetupResult>,
    /// Starts past the graphs.
    pub searched: Vec<SearchedRow>,
    /// The kucheleka past the graphs, an arrangement a search.
    pub searched_kucheleka: Vec<Kucheleka>,
    /// Self-play at full size, Isolo I then Isolo II.
    pub play: Vec<PlayGroup>,
    /// Wall-clock seconds of the computation.
    pub seconds: f64,
}

/// Solves and plays everything the section shows within `b`.
pub(super) fn compute(
    b: &IsoloPreset,
    seed: u64,
    log: &(dyn Fn(&str) + Sync),
) -> io::Result<IsoloData> {
    let t0 = Instant::now();
    let starts = starts(b, log)?;
    let kucheleka = kucheleka_runs(b, log);
    let setups = setups(b, log);
    let searched = searched(b, log)?;
    let searched_kucheleka = searched_kucheleka(b, log)?;
    let play = play(b, seed, log);
    Ok(IsoloData {
        budget: *b,
        seed,
        starts,
        kucheleka,
        setups,
        searched,
        searched_kucheleka,
        play,
        seconds: t0.elapsed().as_secs_f64(),
    })
}

/// The reduced starts of both games, each by its whole graph.
fn starts(b: &IsoloPreset, log: &(dyn Fn(&str) + Sync)) -> io::Result<Vec<GraphStart>> {
    let mut out = Vec::new();
    for &(w, s, store) in b.isolo {
        log(&format!("isolo 2x{w}, {s} a hole, store {store:?}"));
        let (phase, start) = match store {
            Some(n) => (
                Phase::Fore,
                format!("fore-play, {n} store seed{} each", plural(n)),
            ),
            None => (Phase::Play, "main game".into()),
        };
        let setup = Setup {
            store: store.unwrap_or(UNLIMITED),
            phase,
            ..Setup::standard(Kind::IsoloI)
        };
        out.push(graph_start(Kind::IsoloI, w, s, setup, start, b)?);
    }
    for &(w, s, from_setup) in b.isolo_ii {
        log(&format!("isolo-ii 4x{w}, {s} a hole, setup {from_setup}"));
        let (phase, start) = if from_setup {
            (Phase::Arrange, "setup, North seeing South's arrangement")
        } else {
            (Phase::Play, "play from the even board")
        };
        let setup = Setup {
            phase,
            ..Setup::standard(Kind::IsoloII)
        };
        out.push(graph_start(Kind::IsoloII, w, s, setup, start.into(), b)?);
    }
    Ok(out)
}

/// The start of `kind` on `w` holes a row, `s` seeds a hole, valued by its whole graph.
fn graph_start(
    kind: Kind,
    w: usize,
    s: u32,
    setup: Setup,
    start: String,
    b: &IsoloPreset,
) -> io::Result<GraphStart> {
    let g = Isolo::new(kind, w, s, setup, Options::default()).map_err(invalid)?;
    let root = mancala_solver::Game::start(&g);
    let value = match solve(&g, &root, b.positions, b.deadline()) {
        Ok(sol) => Ok((sol.value(&root).expect("the root"), sol.len())),
        Err(e) => Err(e.to_string()),
    };
    let rows = if kind == Kind::IsoloI { 2 } else { 4 };
    Ok(GraphStart {
        game: kind.id(),
        board: format!("{rows}x{w}, {s} a hole"),
        start,
        value,
    })
}

/// The kucheleka of every board of the budget, the loser beginning, then the winner.
fn kucheleka_runs(b: &IsoloPreset, log: &(dyn Fn(&str) + Sync)) -> Vec<KuchelekaRun> {
    let mut out = Vec::new();
    for &(w, s, top) in b.kucheleka {
        for first in [false, true] {
            let results = (1..=top)
                .map(|bseeds| {
                    log(&format!("kucheleka 2x{w}, {s} a hole, B {bseeds}"));
                    kucheleka(w, s, bseeds, first, b.positions, b.deadline())
                })
                .collect();
            out.push(KuchelekaRun {
                width: w,
                seeds: s,
                winner_first: first,
                results,
            });
        }
    }
    out
}

/// Isolo II's setup games of the budget, with their mixed values.
fn setups(b: &IsoloPreset, log: &(dyn Fn(&str) + Sync)) -> Vec<SetupResult> {
    b.setups
        .iter()
        .map(|&(w, s)| {
            log(&format!("isolo-ii setup 4x{w}, {s} a hole"));
            let max_hole = Setup::standard(Kind::IsoloII).max_hole;
            let values = setup_game(w, s, max_hole, b.positions, b.deadline()).map(|game| {
                let mixed = mixed_value(&game.payoff);
                let heavy = game.heavy();
                SetupValues { game, mixed, heavy }
            });
            SetupResult {
                width: w,
                seeds: s,
                values,
            }
        })
        .collect()
}

/// The starts past the graphs, by the distance search.
fn searched(b: &IsoloPreset, log: &(dyn Fn(&str) + Sync)) -> io::Result<Vec<SearchedRow>> {
    let mut out = Vec::new();
    for &(kind, w, s) in b.searched {
        log(&format!("search {} width {w}, {s} a hole", kind.id()));
        let setup = Setup {
            phase: Phase::Play,
            ..Setup::standard(kind)
        };
        let g = Isolo::new(kind, w, s, setup, Options::default()).map_err(invalid)?;
        let root = mancala_solver::Game::start(&g);
        let result = search_start(&g, &root, b.search_nodes, MAX_PLIES);
        out.push(SearchedRow {
            kind,
            width: w,
            seeds: s,
            line: line_names(&g, &root, &result.line),
            result,
        });
    }
    Ok(out)
}

/// The kucheleka past the graphs: each arrangement valued by its own search.
fn searched_kucheleka(b: &IsoloPreset, log: &(dyn Fn(&str) + Sync)) -> io::Result<Vec<Kucheleka>> {
    let mut out = Vec::new();
    for &(w, s, top) in b.searched_kucheleka {
        for first in [false, true] {
            for bseeds in 1..=top {
                log(&format!(
                    "kucheleka by search 2x{w}, {s} a hole, B {bseeds}"
                ));
                let k = kucheleka_by_search(w, s, bseeds, first, b.kucheleka_nodes, MAX_PLIES)
                    .map_err(invalid)?;
                out.push(k);
            }
        }
    }
    Ok(out)
}

/// The engines of the self-play chart: each engine of either game once, then random; a
/// game's bar for an engine it does not play stays empty.
fn play_series(b: &IsoloPreset) -> Vec<&'static str> {
    let mut series: Vec<&str> = Vec::new();
    for p in b.play {
        if !series.contains(&p.1) {
            series.push(p.1);
        }
    }
    series.push("random");
    series
}

/// Self-play at full size of each game's engines, and random play (ten times the most
/// games of an engine).
fn play(b: &IsoloPreset, seed: u64, log: &(dyn Fn(&str) + Sync)) -> Vec<PlayGroup> {
    let mut groups = Vec::new();
    for (ki, kind) in [Kind::IsoloI, Kind::IsoloII].into_iter().enumerate() {
        let g = Isolo::standard(kind).for_engines(crate::engine::ISOLO_CANDIDATES);
        let mut engines: Vec<(&str, u32)> = b
            .play
            .iter()
            .filter(|p| p.0 == kind)
            .map(|p| (p.1, p.2))
            .collect();
        let random = engines.iter().map(|e| e.1).max().unwrap_or(1) * 10;
        engines.push(("random", random));
        let seed = seed ^ (0x150u64 << 40 | (ki as u64) << 32);
        groups.push(self_play_group(&g, kind.id(), &engines, seed, log));
    }
    groups
}

/// The section's CSV and SVG files.
pub(super) fn files(d: &IsoloData) -> Files {
    let mut f = Files::default();
    f.add("advantage-isolo.csv", starts_table(&d.starts).csv());
    f.add(
        "advantage-isolo-kucheleka.csv",
        kucheleka_table(&d.kucheleka).csv(),
    );
    f.add(
        "advantage-isolo-kucheleka.svg",
        kucheleka_chart(&d.kucheleka),
    );
    f.add("advantage-isolo-setup.csv", setup_table(&d.setups).csv());
    f.add(
        "advantage-isolo-search.csv",
        searched_table(&d.searched).csv(),
    );
    f.add(
        "advantage-isolo-kucheleka-search.csv",
        searched_kucheleka_table(&d.searched_kucheleka).csv(),
    );
    f.add("advantage-isolo-play.csv", play_csv(&d.play).csv());
    f.add("advantage-isolo-play.svg", play_chart(d));
    f
}

/// The section's Markdown, its markers included.
pub(super) fn markdown(d: &IsoloData) -> String {
    let b = &d.budget;
    let mut md = format!("{BEGIN}\n## The Isolo games: exact values and arrangements\n\n");
    md += &format!(
        "Generated by `mancala report isolo --budget {} --seed {}` (this section alone; `mancala report \
         advantage` writes it with the rest). Every value is exact: the whole graph reachable \
         from the position, solved by retrograde analysis (`mancala solve` and `mancala \
         analyze` of isolo and isolo-ii; at most {} positions and {} s a graph here, \"?\" \
         past that). Rules of docs/variants/isolo.md and isolo-ii.md, default options: in \
         Isolo I the loser of the fore-play begins the main game (`main-first=loser`). \
         Values are for the side to move (South at the starts); plies to the end under \
         perfect play, the winner hastening, the loser delaying.\n\n",
        b.name, d.seed, b.positions, b.seconds
    );
    md += "### Reduced games\n\n";
    md += &starts_table(&d.starts).markdown();
    md += &kucheleka_markdown(&d.kucheleka);
    md += &setup_markdown(&d.setups);
    md += &search_markdown(d);
    md += &play_markdown(d);
    md += &format!(
        "\nData: [advantage-isolo.csv](advantage-isolo.csv), \
         [advantage-isolo-kucheleka.csv](advantage-isolo-kucheleka.csv), \
         [advantage-isolo-setup.csv](advantage-isolo-setup.csv), \
         [advantage-isolo-search.csv](advantage-isolo-search.csv), \
         [advantage-isolo-kucheleka-search.csv](advantage-isolo-kucheleka-search.csv), \
         [advantage-isolo-play.csv](advantage-isolo-play.csv). Generated in {:.0} s.\n{END}\n",
        d.seconds
    );
    md
}

/// The table of reduced starts (also `advantage-isolo.csv`).
fn starts_table(starts: &[GraphStart]) -> Table {
    let mut t = Table::new(&["game", "board", "start", "value", "positions"]);
    for x in starts {
        let (value, positions) = match &x.value {
            Ok((v, n)) => (shown(*v), n.to_string()),
            Err(e) => (format!("? ({e})"), "?".into()),
        };
        t.push(vec![
            x.game.into(),
            x.board.clone(),
            x.start.clone(),
            value,
            positions,
        ]);
    }
    t
}

/// The kucheleka by whole graphs: its text, table and chart.
fn kucheleka_markdown(runs: &[KuchelekaRun]) -> String {
    let mut md = String::from("\n### Isolo I: the kucheleka\n\n");
    md += "Chaplin: \"When the fore-play results in a decision, the loser sets two beans in \
           each hole. The winner arranges his beans in the way he thinks most to his \
           advantage with no limitations as to number of beans used or holes occupied.\" \
           Below, the winner (South) holds *B* seeds and may put 1 to *B* of them in his holes \
           as he likes (C(B + W, W) - 1 arrangements) against the loser's row of *s* a hole; \
           each arrangement is valued by the whole graph of the main game after it. *best* is \
           the first arrangement (in the order of `mancala moves`) among those with the best \
           value for the winner: the fastest win, else the slowest loss.\n\n";
    md += &kucheleka_table(runs).markdown();
    md += "\n![share of winning kucheleka arrangements](advantage-isolo-kucheleka.svg)\n";
    md
}

/// Who begins the main game after the kucheleka.
fn begins(winner_first: bool) -> &'static str {
    if winner_first {
        "winner"
    } else {
        "loser"
    }
}

/// The kucheleka table (also `advantage-isolo-kucheleka.csv`): a row a board, seat order
/// and winner's seeds.
fn kucheleka_table(runs: &[KuchelekaRun]) -> Table {
    let mut t = Table::new(&[
        "board",
        "loser's seeds a hole",
        "B",
        "begins",
        "arrangements",
        "win",
        "draw",
        "loss",
        "share winning",
        "best",
        "its value",
        "using all B: win / of",
        "positions",
    ]);
    for run in runs {
        for (i, r) in run.results.iter().enumerate() {
            t.push(match r {
                Ok(k) => kucheleka_row(k),
                Err(why) => {
                    let mut row = vec![
                        format!("2x{}", run.width),
                        run.seeds.to_string(),
                        (i + 1).to_string(),
                        begins(run.winner_first).into(),
                    ];
                    row.extend(unknown(8));
                    row.push(why.clone());
                    row
                }
            });
        }
    }
    t
}

/// The chart of the share of winning arrangements, the loser beginning: a group a number of
/// the winner's seeds, a bar a board (0 where not solved).
fn kucheleka_chart(runs: &[KuchelekaRun]) -> String {
    let chart: Vec<(String, Vec<Option<f64>>)> = runs
        .iter()
        .filter(|r| !r.winner_first)
        .map(|r| {
            let label = format!("2x{}, loser {} a hole", r.width, r.seeds);
            let shares = r.results.iter().map(|k| k.as_ref().ok().map(share));
            (label, shares.collect())
        })
        .collect();
    let longest = chart.iter().map(|c| c.1.len()).max().unwrap_or(0);
    let series: Vec<&str> = chart.iter().map(|c| c.0.as_str()).collect();
    let groups: Vec<Group> = (0..longest)
        .map(|i| Group {
            label: format!("B = {}", i + 1),
            bars: chart
                .iter()
                .map(|c| Bar {
                    value: c.1.get(i).copied().flatten().unwrap_or(0.0) * 100.0,
                    interval: None,
                })
                .collect(),
        })
        .collect();
    bar_chart(
        "Isolo I kucheleka: arrangements that win (the loser begins)",
        "% of the winner's arrangements",
        &series,
        &groups,
        (0.0, 100.0),
    )
}

/// Isolo II's setup as a simultaneous game: its text and table.
fn setup_markdown(setups: &[SetupResult]) -> String {
    let mut md = String::from("\n### Isolo II: the setup as a simultaneous game\n\n");
    md += "Chaplin: \"each man fills his holes as he likes, with a maximum of 12 beans in any \
           one hole, and generally filling the back rows rather than the front ones.\" Each \
           player arranges his 2W x s seeds without seeing the other's; the payoff of a pair \
           of arrangements is South's exact value of the play that follows, South moving \
           first. *North sees* is the value when North arranges after seeing South's \
           arrangement (max-min, also the graph's value of the setup start); *South sees* the \
           other way round (min-max); *mixed* the value of the simultaneous game in mixed \
           strategies, by linear programming (microlp), certified by both players' programs \
           meeting within 1e-6. *Back-heavy*: more seeds in the back row than the front; the \
           two last columns are the mixed values of the game in which South may only arrange \
           back-heavy and North only front-heavy, and the other way round.\n\n";
    md += &setup_table(setups).markdown();
    md
}

/// The setup table (also `advantage-isolo-setup.csv`): a row a board.
fn setup_table(setups: &[SetupResult]) -> Table {
    let mut t = Table::new(&[
        "board",
        "arrangements each",
        "South wins / draws / loses (pairs)",
        "North sees",
        "South sees",
        "mixed",
        "South's optimal mixture",
        "mean, back-heavy vs uniform",
        "mean, front-heavy vs uniform",
        "back vs front",
        "front vs back",
        "positions",
    ]);
    for x in setups {
        let board = format!("4x{}, {} a hole", x.width, x.seeds);
        let Ok(v) = &x.values else {
            let mut row = vec![board];
            row.extend(unknown(10));
            row.push(x.values.as_ref().err().cloned().unwrap_or_default());
            t.push(row);
            continue;
        };
        let (g, h) = (&v.game, &v.heavy);
        let c = g.counts();
        let f = |x: Option<f64>| x.map_or("–".into(), |v| format!("{v:+.3}"));
        let (value, mix) = match &v.mixed {
            Ok(m) => (format!("{:+.3}", m.value), mixture(g, m)),
            Err(e) => ("?".into(), e.clone()),
        };
        t.push(vec![
            board,
            g.south.len().to_string(),
            format!("{} / {} / {}", c[0], c[1], c[2]),
            format!("{:+}", g.north_sees()),
            format!("{:+}", g.south_sees()),
            value,
            mix,
            f(h.back_mean),
            f(h.front_mean),
            f(h.back_against_front),
            f(h.front_against_back),
            g.positions.to_string(),
        ]);
    }
    t
}

/// South's optimal mixture in words: its four likeliest arrangements with their
/// probabilities, and how many more it uses.
fn mixture(g: &SetupGame, m: &Mixed) -> String {
    let mut support: Vec<(usize, f64)> = m
        .rows
        .iter()
        .copied()
        .enumerate()
        .filter(|&(_, p)| p > 1e-6)
        .collect();
    support.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    let shown: Vec<String> = support
        .iter()
        .take(4)
        .map(|&(i, p)| format!("`{}` {:.3}", g.south[i], p))
        .collect();
    let more = support.len().saturating_sub(4);
    let more = if more > 0 {
        format!(" and {more} more")
    } else {
        String::new()
    };
    format!("{}{more}", shown.join(", "))
}

/// Boards past the graphs, up to full width: starts and kucheleka by the distance search.
fn search_markdown(d: &IsoloData) -> String {
    let b = &d.budget;
    let mut md = format!(
        "\n### Past the graphs: the distance search\n\n\
         Boards whose graphs outgrow memory, up to Chaplin's full width, by the depth-limited \
         distance search beneath the graph (`mancala solve ... --depth N`, which `solve` also \
         falls back on when the graph exceeds `--memory`): distances 0, 1, 2, ... are tried \
         in turn, each as a forced win and as a forced loss, so the first found is the exact \
         distance; at most {} positions a search here. It proves no draw: \
         \"not within d\" means no forced end within d plies.\n\n",
        b.search_nodes
    );
    md += &searched_table(&d.searched).markdown();
    md += &format!(
        "\nThe kucheleka at full width: each of the winner's arrangements valued by its own \
         search (at most {} positions), as in the kucheleka table above.\n\n",
        b.kucheleka_nodes
    );
    md += &searched_kucheleka_table(&d.searched_kucheleka).markdown();
    md
}

/// The starts past the graphs (also `advantage-isolo-search.csv`).
fn searched_table(rows: &[SearchedRow]) -> Table {
    let mut t = Table::new(&[
        "game",
        "board",
        "start",
        "value",
        "line",
        "positions searched",
    ]);
    for x in rows {
        let r = &x.result;
        let (rows, start) = if x.kind == Kind::IsoloI {
            (2, "main game")
        } else {
            (4, "play from the even board")
        };
        t.push(vec![
            x.kind.id().into(),
            format!("{rows}x{}, {} a hole", x.width, x.seeds),
            start.into(),
            r.value.map_or(format!("not within {}", r.within), shown),
            if x.line.is_empty() {
                "–".into()
            } else {
                format!("`{}`", x.line.join(" "))
            },
            r.nodes.to_string(),
        ]);
    }
    t
}

/// The kucheleka past the graphs (also `advantage-isolo-kucheleka-search.csv`).
fn searched_kucheleka_table(ks: &[Kucheleka]) -> Table {
    let mut t = Table::new(&[
        "board",
        "loser's seeds a hole",
        "B",
        "begins",
        "arrangements",
        "win",
        "loss",
        "not proven",
        "share proven winning",
        "best proven",
        "its value",
        "positions searched",
    ]);
    for k in ks {
        let c = k.counts();
        let (best, value) = best(k);
        t.push(vec![
            format!("2x{}", k.width),
            k.seeds.to_string(),
            k.winner_seeds.to_string(),
            begins(k.winner_first).into(),
            k.values.len().to_string(),
            c[0].to_string(),
            c[2].to_string(),
            k.unproven().to_string(),
            percent(share(k)),
            best,
            value,
            k.positions.to_string(),
        ]);
    }
    t
}

/// Self-play at full size: its text, table and chart.
fn play_markdown(d: &IsoloData) -> String {
    let mut md = format!(
        "\n### The Isolo games at full size: results of play\n\n\
         Games from the standard starts (isolo 2x8 with the fore-play and its unlimited store; \
         isolo-ii 4x8 from the setup), default rules, each engine playing itself, its ties \
         broken at random, and random play (ten times as many games). The engines play \
         every phase: in an arrangement phase with more than {} arrangements they choose among \
         {} candidates (the holes as they stand, the seeds spread evenly, the back or the \
         front row filled first, all in one hole for each hole, and random ones: \
         docs/ENGINES.md). The alpha-beta's evaluation is the seeds held. A game that repeats \
         a position or reaches 1000 plies is a draw. Rates with 95% Wilson intervals; lengths \
         in plies. These are figures of play, not values. MCTS is left out of isolo-ii: its \
         random playouts of 4x8 sowings cost minutes a game.\n\n",
        crate::engine::ISOLO_CANDIDATES,
        crate::engine::ISOLO_CANDIDATES
    );
    md += &play_table(&d.play, true).markdown();
    md += &image(
        "first player's win rate, Isolo games",
        "advantage-isolo-play.svg",
    );
    md
}

/// The chart of the first player's win rate: a group a game, a bar an engine of either
/// game (empty where the game does not play it).
fn play_chart(d: &IsoloData) -> String {
    let series = play_series(&d.budget);
    let groups: Vec<Group> = d
        .play
        .iter()
        .map(|g| Group {
            label: g.variant.clone(),
            bars: series
                .iter()
                .map(|s| match g.rows.iter().find(|r| r.name == *s) {
                    Some(r) => r.bar(),
                    None => Bar {
                        value: 0.0,
                        interval: None,
                    },
                })
                .collect(),
        })
        .collect();
    rate_chart(
        "Isolo games: first player's win rate at full size (95% intervals)",
        &series,
        &groups,
    )
}

/// The share of the kucheleka's arrangements that win.
fn share(k: &Kucheleka) -> f64 {
    let c = k.counts();
    c[0] as f64 / k.values.len().max(1) as f64
}

/// The best proven arrangement as code and its value in words, or dashes.
fn best(k: &Kucheleka) -> (String, String) {
    k.best().map_or(("–".into(), "–".into()), |(n, v)| {
        (format!("`{n}`"), shown(v))
    })
}

/// A row of the kucheleka table.
fn kucheleka_row(k: &Kucheleka) -> Vec<String> {
    let c = k.counts();
    let (all, all_wins) = k.all_seeds();
    let (best, value) = best(k);
    vec![
        format!("2x{}", k.width),
        k.seeds.to_string(),
        k.winner_seeds.to_string(),
        begins(k.winner_first).into(),
        k.values.len().to_string(),
        c[0].to_string(),
        c[1].to_string(),
        c[2].to_string(),
        percent(share(k)),
        best,
        value,
        format!("{all_wins} / {all}"),
        k.positions.to_string(),
    ]
}

/// Replaces the section in `advantage.md` and writes its files: `mancala report isolo`.
pub(super) fn splice(
    out: &Path,
    b: &IsoloPreset,
    seed: u64,
    log: &(dyn Fn(&str) + Sync),
) -> io::Result<()> {
    let d = compute(b, seed, log)?;
    files(&d).write(out)?;
    super::base::splice(out, BEGIN, END, &markdown(&d), "isolo")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tiny_section_is_written_and_spliced() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join("advantage.md"),
            "# A\n\ntext\n\n## Every variant\n\nlist\n",
        )
        .unwrap();
        let b = IsoloPreset::named("tiny").unwrap();
        splice(dir.path(), &b, 1, &|_| {}).unwrap();
        let text = std::fs::read_to_string(dir.path().join("advantage.md")).unwrap();
        assert!(text.contains(BEGIN) && text.contains(END), "{text}");
        assert!(text.find(END).unwrap() < text.find("## Every variant").unwrap());
        assert!(
            text.contains("| isolo | 2x3, 1 a hole | main game |"),
            "{text}"
        );
        assert!(!text.contains("| ? |"), "{text}");
        // The 2x6 main game past the graphs: South's third hole wins in three.
        assert!(
            text.contains("| isolo | 2x6, 2 a hole | main game | win in 3 | `3 4 6` |"),
            "{text}"
        );
        for f in [
            "advantage-isolo.csv",
            "advantage-isolo-kucheleka.csv",
            "advantage-isolo-setup.csv",
            "advantage-isolo-kucheleka.svg",
            "advantage-isolo-play.csv",
            "advantage-isolo-play.svg",
            "advantage-isolo-search.csv",
            "advantage-isolo-kucheleka-search.csv",
        ] {
            assert!(dir.path().join(f).exists(), "{f}");
        }
    }
}
