//! The Isolo section of `advantage.md`: exact values of reduced Isolo games, the kucheleka's
//! arrangements, and Isolo II's setup as a simultaneous game, from whole reachable graphs
//! ([`crate::isolo`]), and the full-width boards past them by the distance search. `mancala report isolo` rewrites this section alone (between its
//! markers); `mancala report advantage` writes it with the rest.

use super::base::{write, Table};
use super::svg::{bar_chart, Bar, Group};
use crate::isolo::{
    kucheleka, kucheleka_by_search, mixed_value, search_start, setup_game, Kucheleka,
};
use crate::json::line_names;
use mancala_solver::error::ConfigError;
use mancala_solver::isolo::solve::solve;
use mancala_solver::isolo::{Isolo, Kind, Options, Phase, Setup, UNLIMITED};
use mancala_solver::wdl::{Wdl, MAX_PLIES};
use std::io;
use std::path::Path;
use std::time::{Duration, Instant};

/// The section's first line.
pub const BEGIN: &str = "<!-- isolo:begin -->";
/// The section's last line.
pub const END: &str = "<!-- isolo:end -->";

/// What the section computes.
#[derive(Clone, Copy, Debug)]
pub struct IsoloBudget {
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

impl IsoloBudget {
    /// The budget named `name` (tiny, small, medium).
    pub fn named(name: &str) -> Result<IsoloBudget, ConfigError> {
        const TINY: IsoloBudget = IsoloBudget {
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
        const MEDIUM: IsoloBudget = IsoloBudget {
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
        match name {
            "tiny" => Ok(TINY),
            "small" => Ok(IsoloBudget {
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

/// Writes the section's CSV and SVG files into `out` and returns its Markdown (markers
/// included).
pub fn section(
    out: &Path,
    b: &IsoloBudget,
    seed: u64,
    log: &(dyn Fn(&str) + Sync),
) -> io::Result<String> {
    let t0 = Instant::now();
    let mut md = format!("{BEGIN}\n## The Isolo games: exact values and arrangements\n\n");
    md += &format!(
        "Generated by `mancala report isolo --budget {} --seed {seed}` (this section alone; `mancala report \
         advantage` writes it with the rest). Every value is exact: the whole graph reachable \
         from the position, solved by retrograde analysis (`mancala solve` and `mancala \
         analyze` of isolo and isolo-ii; at most {} positions and {} s a graph here, \"?\" \
         past that). Rules of docs/variants/isolo.md and isolo-ii.md, default options: in \
         Isolo I the loser of the fore-play begins the main game (`main-first=loser`). \
         Values are for the side to move (South at the starts); plies to the end under \
         perfect play, the winner hastening, the loser delaying.\n\n",
        b.name, b.positions, b.seconds
    );
    // Starts.
    let mut starts = Table::new(&["game", "board", "start", "value", "positions"]);
    for &(w, s, store) in b.isolo {
        log(&format!("isolo 2x{w}, {s} a hole, store {store:?}"));
        let setup = Setup {
            store: store.unwrap_or(UNLIMITED),
            phase: if store.is_some() {
                Phase::Fore
            } else {
                Phase::Play
            },
            ..Setup::standard(Kind::IsoloI)
        };
        let g = Isolo::new(Kind::IsoloI, w, s, setup, Options::default())
            .map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e.to_string()))?;
        let start = match store {
            Some(n) => format!(
                "fore-play, {n} store seed{} each",
                if n == 1 { "" } else { "s" }
            ),
            None => "main game".into(),
        };
        starts.push(graph_row(
            "isolo",
            &format!("2x{w}, {s} a hole"),
            start,
            &g,
            b,
        ));
    }
    for &(w, s, from_setup) in b.isolo_ii {
        log(&format!("isolo-ii 4x{w}, {s} a hole, setup {from_setup}"));
        let setup = Setup {
            phase: if from_setup {
                Phase::Arrange
            } else {
                Phase::Play
            },
            ..Setup::standard(Kind::IsoloII)
        };
        let g = Isolo::new(Kind::IsoloII, w, s, setup, Options::default())
            .map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e.to_string()))?;
        let start = if from_setup {
            "setup, North seeing South's arrangement"
        } else {
            "play from the even board"
        };
        starts.push(graph_row(
            "isolo-ii",
            &format!("4x{w}, {s} a hole"),
            start.into(),
            &g,
            b,
        ));
    }
    md += "### Reduced games\n\n";
    md += &starts.markdown();
    write(out, "advantage-isolo.csv", &starts.csv())?;
    // Kucheleka.
    md += "\n### Isolo I: the kucheleka\n\n";
    md += "Chaplin: \"When the fore-play results in a decision, the loser sets two beans in \
           each hole. The winner arranges his beans in the way he thinks most to his \
           advantage with no limitations as to number of beans used or holes occupied.\" \
           Below, the winner (South) holds *B* seeds and may put 1 to *B* of them in his holes \
           as he likes (C(B + W, W) - 1 arrangements) against the loser's row of *s* a hole; \
           each arrangement is valued by the whole graph of the main game after it. *best* is \
           the first arrangement (in the order of `mancala moves`) among those with the best \
           value for the winner: the fastest win, else the slowest loss.\n\n";
    let mut kt = Table::new(&[
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
    let mut chart: Vec<(String, Vec<Option<f64>>)> = Vec::new();
    for &(w, s, top) in b.kucheleka {
        for first in [false, true] {
            let mut shares = Vec::new();
            for bseeds in 1..=top {
                log(&format!("kucheleka 2x{w}, {s} a hole, B {bseeds}"));
                let r = kucheleka(w, s, bseeds, first, b.positions, b.deadline());
                let begins = if first { "winner" } else { "loser" };
                match r {
                    Ok(k) => {
                        shares.push(Some(share(&k)));
                        kt.push(kucheleka_row(&k, begins));
                    }
                    Err(why) => {
                        shares.push(None);
                        let mut row = vec![
                            format!("2x{w}"),
                            s.to_string(),
                            bseeds.to_string(),
                            begins.into(),
                        ];
                        row.extend((0..8).map(|_| "?".to_string()));
                        row.push(why);
                        kt.push(row);
                    }
                }
            }
            if !first {
                chart.push((format!("2x{w}, loser {s} a hole"), shares));
            }
        }
    }
    md += &kt.markdown();
    write(out, "advantage-isolo-kucheleka.csv", &kt.csv())?;
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
    write(
        out,
        "advantage-isolo-kucheleka.svg",
        &bar_chart(
            "Isolo I kucheleka: arrangements that win (the loser begins)",
            "% of the winner's arrangements",
            &series,
            &groups,
            (0.0, 100.0),
        ),
    )?;
    md += "\n![share of winning kucheleka arrangements](advantage-isolo-kucheleka.svg)\n";
    // Setup matrices.
    md += "\n### Isolo II: the setup as a simultaneous game\n\n";
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
    let mut st = Table::new(&[
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
    for &(w, s) in b.setups {
        log(&format!("isolo-ii setup 4x{w}, {s} a hole"));
        let max_hole = Setup::standard(Kind::IsoloII).max_hole;
        match setup_game(w, s, max_hole, b.positions, b.deadline()) {
            Ok(g) => {
                let c = g.counts();
                let m = mixed_value(&g.payoff);
                let h = g.heavy();
                let f = |x: Option<f64>| x.map_or("–".into(), |v| format!("{v:+.3}"));
                let (value, mix) = match &m {
                    Ok(m) => {
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
                        (
                            format!("{:+.3}", m.value),
                            format!(
                                "{}{}",
                                shown.join(", "),
                                if more > 0 {
                                    format!(" and {more} more")
                                } else {
                                    String::new()
                                }
                            ),
                        )
                    }
                    Err(e) => ("?".into(), e.clone()),
                };
                st.push(vec![
                    format!("4x{w}, {s} a hole"),
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
            Err(why) => {
                let mut row = vec![format!("4x{w}, {s} a hole")];
                row.extend((0..10).map(|_| "?".to_string()));
                row.push(why);
                st.push(row);
            }
        }
    }
    md += &st.markdown();
    write(out, "advantage-isolo-setup.csv", &st.csv())?;
    md += &search_part(out, b, log)?;
    md += &play_part(out, b, seed, log)?;
    md += &format!(
        "\nData: [advantage-isolo.csv](advantage-isolo.csv), \
         [advantage-isolo-kucheleka.csv](advantage-isolo-kucheleka.csv), \
         [advantage-isolo-setup.csv](advantage-isolo-setup.csv), \
         [advantage-isolo-search.csv](advantage-isolo-search.csv), \
         [advantage-isolo-kucheleka-search.csv](advantage-isolo-kucheleka-search.csv), \
         [advantage-isolo-play.csv](advantage-isolo-play.csv). Generated in {:.0} s.\n{END}\n",
        t0.elapsed().as_secs_f64()
    );
    Ok(md)
}

/// Boards past the graphs, up to full width: starts and kucheleka by the distance search.
fn search_part(out: &Path, b: &IsoloBudget, log: &(dyn Fn(&str) + Sync)) -> io::Result<String> {
    let nodes = b.search_nodes;
    let mut md = format!(
        "\n### Past the graphs: the distance search\n\n\
         Boards whose graphs outgrow memory, up to Chaplin's full width, by the depth-limited \
         distance search beneath the graph (`mancala solve ... --depth N`, which `solve` also \
         falls back on when the graph exceeds `--memory`): distances 0, 1, 2, ... are tried \
         in turn, each as a forced win and as a forced loss, so the first found is the exact \
         distance; at most {nodes} positions a search here. It proves no draw: \
         \"not within d\" means no forced end within d plies.\n\n"
    );
    let knodes = b.kucheleka_nodes;
    let mut t = Table::new(&[
        "game",
        "board",
        "start",
        "value",
        "line",
        "positions searched",
    ]);
    for &(kind, w, s) in b.searched {
        log(&format!("search {} width {w}, {s} a hole", kind.id()));
        let setup = Setup {
            phase: Phase::Play,
            ..Setup::standard(kind)
        };
        let g = Isolo::new(kind, w, s, setup, Options::default())
            .map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e.to_string()))?;
        let root = mancala_solver::Game::start(&g);
        let r = search_start(&g, &root, nodes, MAX_PLIES);
        let rows = if kind == Kind::IsoloI { 2 } else { 4 };
        t.push(vec![
            kind.id().into(),
            format!("{rows}x{w}, {s} a hole"),
            if kind == Kind::IsoloI {
                "main game"
            } else {
                "play from the even board"
            }
            .into(),
            r.value.map_or(format!("not within {}", r.within), shown),
            if r.line.is_empty() {
                "–".into()
            } else {
                format!("`{}`", line_names(&g, &root, &r.line).join(" "))
            },
            r.nodes.to_string(),
        ]);
    }
    md += &t.markdown();
    write(out, "advantage-isolo-search.csv", &t.csv())?;
    md += &format!(
        "\nThe kucheleka at full width: each of the winner's arrangements valued by its own \
         search (at most {knodes} positions), as in the kucheleka table above.\n\n"
    );
    let mut kt = Table::new(&[
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
    for &(w, s, top) in b.searched_kucheleka {
        for first in [false, true] {
            for bseeds in 1..=top {
                log(&format!(
                    "kucheleka by search 2x{w}, {s} a hole, B {bseeds}"
                ));
                let k = kucheleka_by_search(w, s, bseeds, first, knodes, MAX_PLIES)
                    .map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e))?;
                let c = k.counts();
                let (best, value) = k.best().map_or(("–".into(), "–".into()), |(n, v)| {
                    (format!("`{n}`"), shown(v))
                });
                kt.push(vec![
                    format!("2x{w}"),
                    s.to_string(),
                    bseeds.to_string(),
                    if first { "winner" } else { "loser" }.into(),
                    k.values.len().to_string(),
                    c[0].to_string(),
                    c[2].to_string(),
                    k.unproven().to_string(),
                    format!("{:.1}%", share(&k) * 100.0),
                    best,
                    value,
                    k.positions.to_string(),
                ]);
            }
        }
    }
    md += &kt.markdown();
    write(out, "advantage-isolo-kucheleka-search.csv", &kt.csv())?;
    Ok(md)
}

/// Self-play at full size: the table and chart of each engine playing itself, and random play.
fn play_part(
    out: &Path,
    b: &IsoloBudget,
    seed: u64,
    log: &(dyn Fn(&str) + Sync),
) -> io::Result<String> {
    use super::play::{play_csv_table, rate_chart, self_play_group, self_play_table};
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
    let mut t = self_play_table();
    let mut csv = play_csv_table();
    // One series an engine of either game, then random; a game's bar for an engine it does
    // not play stays empty.
    let mut series: Vec<&str> = Vec::new();
    for p in b.play {
        if !series.contains(&p.1) {
            series.push(p.1);
        }
    }
    series.push("random");
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
        let mut group = self_play_group(&g, kind.id(), &engines, seed, (&mut t, &mut csv), log);
        group.bars = series
            .iter()
            .map(|s| match engines.iter().position(|e| e.0 == *s) {
                Some(i) => group.bars[i],
                None => Bar {
                    value: 0.0,
                    interval: None,
                },
            })
            .collect();
        groups.push(group);
    }
    md += &t.markdown();
    write(out, "advantage-isolo-play.csv", &csv.csv())?;
    md += &rate_chart(
        out,
        (
            "advantage-isolo-play.svg",
            "first player's win rate, Isolo games",
        ),
        "Isolo games: first player's win rate at full size (95% intervals)",
        &series,
        &groups,
    )?;
    Ok(md)
}

/// The share of the kucheleka's arrangements that win.
fn share(k: &Kucheleka) -> f64 {
    let c = k.counts();
    c[0] as f64 / k.values.len().max(1) as f64
}

fn kucheleka_row(k: &Kucheleka, begins: &str) -> Vec<String> {
    let c = k.counts();
    let (all, all_wins) = k.all_seeds();
    let (best, value) = k.best().map_or(("–".into(), "–".into()), |(n, v)| {
        (format!("`{n}`"), shown(v))
    });
    vec![
        format!("2x{}", k.width),
        k.seeds.to_string(),
        k.winner_seeds.to_string(),
        begins.into(),
        k.values.len().to_string(),
        c[0].to_string(),
        c[1].to_string(),
        c[2].to_string(),
        format!("{:.1}%", share(k) * 100.0),
        best,
        value,
        format!("{all_wins} / {all}"),
        k.positions.to_string(),
    ]
}

/// A row of the table of starts: the value of `g`'s start by its whole graph, or "?".
fn graph_row(id: &str, board: &str, start: String, g: &Isolo, b: &IsoloBudget) -> Vec<String> {
    let root = mancala_solver::Game::start(g);
    match solve(g, &root, b.positions, b.deadline()) {
        Ok(s) => vec![
            id.into(),
            board.into(),
            start,
            shown(s.value(&root).expect("the root")),
            s.len().to_string(),
        ],
        Err(e) => vec![
            id.into(),
            board.into(),
            start,
            format!("? ({e})"),
            "?".into(),
        ],
    }
}

/// Replaces the section in `advantage.md` and writes its files: `mancala report isolo`.
pub fn splice(
    out: &Path,
    b: &IsoloBudget,
    seed: u64,
    log: &(dyn Fn(&str) + Sync),
) -> io::Result<()> {
    let new = section(out, b, seed, log)?;
    super::base::splice(out, BEGIN, END, &new, "isolo")
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
        let b = IsoloBudget::named("tiny").unwrap();
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
