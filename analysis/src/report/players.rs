//! The section of `advantage.md` on kpo for three and four players: exact values of reduced
//! boards (paranoid values, coalitions, max^n under each tie rule, what they say about the
//! seats) and seat statistics of play on the full board. `mancala report players` writes
//! this section alone into an existing `advantage.md` (between its markers), and
//! `mancala report advantage` writes it with the rest.

use super::base::{write, Table};
use crate::seats::engine::SeatEngineSpec;
use crate::seats::matches::{run_seat_match, summarize_seats, SeatMatchConfig, SeatSummary};
use mancala_solver::error::ConfigError;
use mancala_solver::kpo_players::{KpoPlayers, Options};
use mancala_solver::nseat::analysis::{analyse, winners, Analysis, Effort};
use mancala_solver::nseat::maxn::Tie;
use mancala_solver::nseat::{shares_text, SeatGame};
use std::io;
use std::path::Path;
use std::time::Instant;

/// The line that opens the section in `advantage.md`.
pub const BEGIN: &str = "<!-- kpo-players:begin -->";
/// The line that closes it.
pub const END: &str = "<!-- kpo-players:end -->";

/// How much work the section may do.
#[derive(Clone, Debug)]
pub struct PlayersBudget {
    /// The preset's name (the same names as [`super::base::Budget`]).
    pub name: &'static str,
    /// Reduced boards analysed exactly: (players, width, seeds a pit).
    pub boards: &'static [(usize, usize, u32)],
    /// The whole-graph analysis is tried up to this many positions.
    pub graph_positions: usize,
    /// The paranoid search of each player stops past this many nodes.
    pub search_nodes: u64,
    /// The kingmaker tests run on boards whose graph has at most this many positions.
    pub kingmaker_positions: usize,
    /// Engines whose self-play on the full board measures the seats.
    pub self_play: &'static [&'static str],
    /// Self-play games of each engine (rounded up to every seat order).
    pub self_play_games: u32,
    /// Random games on the full board.
    pub random_games: u32,
    /// The engines of the mixed match of three players (a fourth, `random`, joins for four).
    pub mixed: [&'static str; 3],
    /// Games of the mixed match (rounded up to every seat order).
    pub mixed_games: u32,
}

impl PlayersBudget {
    /// The preset `name`: `tiny` (CI), `small`, `medium` (the committed report).
    pub fn named(name: &str) -> Result<PlayersBudget, ConfigError> {
        Ok(match name {
            "tiny" => PlayersBudget {
                name: "tiny",
                boards: &[(3, 3, 1), (4, 2, 1), (4, 2, 2)],
                graph_positions: 100_000,
                search_nodes: 200_000,
                kingmaker_positions: 1_000_000,
                self_play: &["paranoid:depth=1"],
                self_play_games: 6,
                random_games: 6,
                mixed: ["greedy", "paranoid:depth=1", "mcts:iters=20"],
                mixed_games: 6,
            },
            "small" => PlayersBudget {
                name: "small",
                boards: &[
                    (3, 3, 1),
                    (3, 3, 2),
                    (3, 6, 1),
                    (4, 2, 1),
                    (4, 2, 2),
                    (4, 2, 3),
                    (4, 4, 1),
                    (4, 6, 1),
                ],
                graph_positions: 2_000_000,
                search_nodes: 5_000_000,
                kingmaker_positions: 1_000_000,
                self_play: &["paranoid:depth=3", "maxn:depth=2", "mcts:iters=200"],
                self_play_games: 24,
                random_games: 240,
                mixed: ["paranoid:depth=3", "maxn:depth=2", "mcts:iters=200"],
                mixed_games: 24,
            },
            "medium" => PlayersBudget {
                name: "medium",
                boards: &[
                    (3, 3, 1),
                    (3, 3, 2),
                    (3, 3, 3),
                    (3, 6, 1),
                    (4, 2, 1),
                    (4, 2, 2),
                    (4, 2, 3),
                    (4, 4, 1),
                    (4, 4, 2),
                    (4, 4, 3),
                    (4, 6, 1),
                ],
                graph_positions: 40_000_000,
                search_nodes: 10_000_000,
                kingmaker_positions: 1_000_000,
                self_play: &["paranoid:depth=6", "maxn:depth=4", "mcts:iters=2000"],
                self_play_games: 240,
                random_games: 6000,
                mixed: ["paranoid:depth=6", "maxn:depth=4", "mcts:iters=2000"],
                mixed_games: 240,
            },
            _ => {
                return Err(ConfigError(format!(
                    "invalid budget '{name}': expected tiny, small or medium"
                )))
            }
        })
    }

    /// A one-line description for the section's header.
    pub fn describe(&self) -> String {
        format!(
            "budget `{}`: {} reduced boards, graphs up to {} positions, searches up to {} nodes a player; self-play {} games of each of {}, {} random games; a mixed match of {} games",
            self.name,
            self.boards.len(),
            self.graph_positions,
            self.search_nodes,
            self.self_play_games,
            self.self_play.iter().map(|e| format!("`{e}`")).collect::<Vec<_>>().join(", "),
            self.random_games,
            self.mixed_games
        )
    }
}

/// One board's analysis and its rules.
struct Board {
    players: usize,
    width: usize,
    seeds: u32,
    a: Analysis,
}

fn seat(s: usize) -> String {
    format!("P{}", s + 1)
}

fn seats_text(v: &[usize]) -> String {
    if v.is_empty() {
        "nobody".into()
    } else {
        v.iter().map(|&s| seat(s)).collect::<Vec<_>>().join(", ")
    }
}

/// Writes the section's CSV files into `out` and returns its Markdown (markers included).
pub fn section(
    out: &Path,
    budget: &PlayersBudget,
    seed: u64,
    log: &(dyn Fn(&str) + Sync),
) -> io::Result<String> {
    let t0 = Instant::now();
    let mut md = format!("{BEGIN}\n## Kpo for three and four players\n\n");
    md += &format!(
        "Generated by `mancala report players --budget {} --seed {seed}` (this section alone; \
         `mancala report advantage` writes it with the rest; {}). Culin: \"Two, three, or \
         four play.\" The rules are those of RULES.md (docs/variants/kpo-players.md): 3 seeds \
         a pit, either direction on each move, the squeeze of the next pit forward, a player \
         without seeds passing; default options (`squeeze=mixed`, `empty=passes`), P1 moving \
         first. Values are seeds. A game that would go on for ever shares the seeds left \
         equally among all the players, so values come in thirds or quarters of a seed.\n\n",
        budget.name,
        budget.describe()
    );
    let mut boards = Vec::new();
    for &(players, width, seeds) in budget.boards {
        let g = KpoPlayers::new(players, width, seeds, Options::default())
            .expect("a budget board exists");
        let effort = Effort {
            graph_positions: budget.graph_positions,
            search_nodes: budget.search_nodes,
            search_tt_mb: 256,
            kingmakers: budget.kingmaker_positions,
        };
        log(&format!(
            "kpo {players} players 2x{width} {seeds} seeds: exact analysis"
        ));
        let a = analyse(&g, &g.start(), &effort, log);
        boards.push(Board {
            players,
            width,
            seeds,
            a,
        });
    }
    md += &exact_tables(out, &boards, budget)?;
    md += &play_tables(out, budget, seed, log)?;
    md += &format!(
        "Data: [players-exact.csv](players-exact.csv), [players-maxn.csv](players-maxn.csv), \
         [players-play.csv](players-play.csv). Generated in {:.0} s.\n{END}\n",
        t0.elapsed().as_secs_f64()
    );
    Ok(md)
}

fn exact_tables(out: &Path, boards: &[Board], budget: &PlayersBudget) -> io::Result<String> {
    let mut md = String::from(
        "### Exact values on reduced boards\n\n\
         **Paranoid values**: the most seeds each player can guarantee against all the others \
         playing together (a zero-sum game of one against the rest). Every position reachable \
         from the start is solved by whole-graph retrograde analysis (`positions`: how many; \
         `mancala_solver::nseat::retro`), and each player's value at the start again by \
         paranoid alpha-beta search (`search`: `agrees` when every player's search finished \
         and gave the graph's value, as the code requires; `–` when some search did not finish \
         within the budget's nodes). **Pairs**: what two players together can force against \
         the third; the game being determined, it is the seeds the third cannot guarantee. \
         **More than half**: a player who can guarantee more than half the seeds ends ahead \
         of every other whatever they do (a sufficient test of forcing a win).\n\n",
    );
    let mut csv = Table::new(&[
        "players",
        "width",
        "seeds",
        "seeds_in_play",
        "graph_positions",
        "paranoid_p1",
        "paranoid_p2",
        "paranoid_p3",
        "paranoid_p4",
        "search_agrees",
        "search_nodes",
        "seconds",
    ]);
    let mut maxn_csv = Table::new(&[
        "players",
        "width",
        "seeds",
        "ties",
        "p1",
        "p2",
        "p3",
        "p4",
        "leaders",
        "left",
        "repaired",
        "deviations",
    ]);
    for players in [3, 4] {
        let mut head = vec!["board", "seeds in play", "positions"];
        let names = ["P1", "P2", "P3", "P4"];
        head.extend(&names[..players]);
        head.push("search");
        if players == 3 {
            head.extend(["P2+P3 force", "P1+P3 force", "P1+P2 force"]);
        }
        head.push("more than half");
        let mut t = Table::new(&head);
        for b in boards.iter().filter(|b| b.players == players) {
            let a = &b.a;
            let n = players;
            let mut row = vec![
                format!(
                    "2x{}, {} seed{}",
                    b.width,
                    b.seeds,
                    if b.seeds == 1 { "" } else { "s" }
                ),
                a.total.to_string(),
                a.graph_positions
                    .map_or("too many".into(), |p| p.to_string()),
            ];
            let p = a.paranoid();
            for s in 0..n {
                row.push(p.map_or("?".into(), |p| shares_text(p[s], n)));
            }
            let searched = a.paranoid_search.iter().all(|x| x.is_some());
            let agrees = searched
                && a.paranoid_graph.is_some_and(|g| {
                    a.paranoid_search
                        .iter()
                        .enumerate()
                        .all(|(s, x)| x.is_some_and(|(v, _)| v == g[s]))
                });
            assert!(
                !searched || a.paranoid_graph.is_none() || agrees,
                "the paranoid search disagrees with the graph on 2x{} with {} seeds",
                b.width,
                b.seeds
            );
            row.push(if agrees {
                "agrees".into()
            } else {
                "–".into()
            });
            if n == 3 {
                for k in 0..3 {
                    row.push(p.map_or("?".into(), |p| shares_text(n as u32 * a.total - p[k], n)));
                }
            }
            row.push(a.forced_winners().map_or("?".into(), |w| seats_text(&w)));
            t.push(row);
            let nodes: u64 = a.paranoid_search.iter().flatten().map(|x| x.1).sum();
            let mut c = vec![
                players.to_string(),
                b.width.to_string(),
                b.seeds.to_string(),
                a.total.to_string(),
                a.graph_positions.map_or(String::new(), |p| p.to_string()),
            ];
            for s in 0..4 {
                c.push(match p {
                    Some(p) if s < n => format!("{:.4}", p[s] as f64 / n as f64),
                    _ => String::new(),
                });
            }
            c.push(agrees.to_string());
            c.push(nodes.to_string());
            c.push(format!("{:.2}", a.seconds));
            csv.push(c);
            for r in &a.maxn {
                let mut c = vec![
                    players.to_string(),
                    b.width.to_string(),
                    b.seeds.to_string(),
                    r.tie.as_str().into(),
                ];
                for s in 0..4 {
                    c.push(if s < n {
                        format!("{:.4}", r.shares[s] as f64 / n as f64)
                    } else {
                        String::new()
                    });
                }
                c.push(
                    winners(&r.shares, n)
                        .iter()
                        .map(|&s| seat(s))
                        .collect::<Vec<_>>()
                        .join(" "),
                );
                c.push(r.stats.left.to_string());
                c.push(r.stats.repaired.to_string());
                c.push(r.stats.deviations.to_string());
                maxn_csv.push(c);
            }
        }
        md += &format!(
            "#### {} players: paranoid values\n\n",
            if players == 3 { "Three" } else { "Four" }
        );
        md += &t.markdown();
        md += "\n";
    }
    let forcing: Vec<String> = boards
        .iter()
        .filter(|b| b.a.forced_winners().is_some_and(|w| !w.is_empty()))
        .map(|b| format!("{} players on 2x{} with {}", b.players, b.width, b.seeds))
        .collect();
    md += &if forcing.is_empty() {
        "On no board here can a player guarantee more than half the seeds: every player \
         can be held to less by the others together.\n\n"
            .to_string()
    } else {
        format!(
            "A player can guarantee more than half the seeds on: {}.\n\n",
            forcing.join("; ")
        )
    };
    md += &format!(
        "Larger boards (2x6 with 2 or 3 seeds a pit) do not fit: their reachable graphs \
         exceed the budget's {} positions (three players, 2x6 with 2 seeds: more than \
         80,000,000 positions, 11 GB, when tried), and the paranoid search does not finish \
         there either.\n\n",
        budget.graph_positions
    );
    md += "### Max^n on reduced boards\n\n\
        Every player maximises his own seeds, the profile found by backward induction over \
        the whole graph. Where several moves give a player the same, the choice among them \
        changes what the others get, so the tie rule is part of the answer: `first` (the \
        first such move in move order: own pit 1 first, `+ccw` before `+cw`), `hurt-next` \
        (the one leaving least to the next player in turn, then the one after), `help-next` \
        (the one leaving most to the next player). Capture-free cycles need a rule of their \
        own (ours, `mancala_solver::nseat::retro`): where backward induction stalls, the \
        player who gains most by leaving a cycle leaves it, and if nobody prefers leaving \
        the play goes on for ever (the seeds shared); repair rounds then let any player who \
        would gain by one other move take it. `left`: positions decided by leaving; \
        `repaired`: moves changed by the repair rounds; `deviations`: positions where a \
        player would still gain by changing one move (0: no player gains by changing one \
        move, the others kept).\n\n";
    for players in [3, 4] {
        let names = ["P1", "P2", "P3", "P4"];
        let mut head = vec!["board", "ties"];
        head.extend(&names[..players]);
        head.extend(["leader", "left", "repaired", "deviations"]);
        let mut t = Table::new(&head);
        for b in boards.iter().filter(|b| b.players == players) {
            for r in &b.a.maxn {
                let mut row = vec![
                    format!("2x{}, {}", b.width, b.seeds),
                    format!("`{}`", r.tie.as_str()),
                ];
                for s in 0..players {
                    row.push(shares_text(r.shares[s], players));
                }
                row.push(seats_text(&winners(&r.shares, players)));
                row.push(r.stats.left.to_string());
                row.push(r.stats.repaired.to_string());
                row.push(r.stats.deviations.to_string());
                t.push(row);
            }
            if b.a.maxn.is_empty() {
                let mut row = vec![format!("2x{}, {}", b.width, b.seeds), "–".into()];
                row.extend((0..players).map(|_| "?".to_string()));
                row.extend(["?".into(), String::new(), String::new(), String::new()]);
                t.push(row);
            }
        }
        md += &format!(
            "#### {} players: max^n\n\n",
            if players == 3 { "Three" } else { "Four" }
        );
        md += &t.markdown();
        md += "\n";
    }
    md += &seat_summary(boards, budget.kingmaker_positions);
    write(out, "players-exact.csv", &csv.csv())?;
    write(out, "players-maxn.csv", &maxn_csv.csv())?;
    Ok(md)
}

/// The seat advantage the values imply, board by board, and the kingmakers.
fn seat_summary(boards: &[Board], king_limit: usize) -> String {
    let mut md = format!(
        "### What the values say about the seats\n\n\
         `favoured`: the player(s) with the highest paranoid value (the most seeds one can \
         guarantee alone), and the leader(s) of the max^n profile under each tie rule. \
         **Kingmaker**: a player who leads under no rule and whose tie-breaking alone decides \
         who leads: with the others breaking ties by `first`, the leader changes when this \
         player switches between `hurt-next` and `help-next` (tested on graphs of at most \
         {king_limit} positions; `–` otherwise).\n\n"
    );
    let mut t = Table::new(&[
        "players",
        "board",
        "favoured (paranoid)",
        "leads (max^n first)",
        "leads (hurt-next)",
        "leads (help-next)",
        "kingmaker",
    ]);
    let (mut counted, mut equal, mut first_best, mut last_worst) = (0, 0, 0, 0);
    for b in boards {
        let n = b.players;
        let a = &b.a;
        let fav = a.paranoid().map(|p| winners(&p, n));
        if let Some(p) = a.paranoid() {
            counted += 1;
            let p = &p[..n];
            if p.iter().all(|&x| x == p[0]) {
                equal += 1;
            } else {
                first_best += p[1..].iter().all(|&x| x <= p[0]) as u32;
                last_worst += p[..n - 1].iter().all(|&x| x >= p[n - 1]) as u32;
            }
        }
        let lead = |tie: Tie| {
            a.maxn
                .iter()
                .find(|r| r.tie == tie)
                .map_or("?".into(), |r| seats_text(&winners(&r.shares, n)))
        };
        t.push(vec![
            n.to_string(),
            format!(
                "2x{}, {} seed{}",
                b.width,
                b.seeds,
                if b.seeds == 1 { "" } else { "s" }
            ),
            fav.map_or("?".into(), |w| seats_text(&w)),
            lead(Tie::First),
            lead(Tie::HurtNext),
            lead(Tie::HelpNext),
            a.kingmakers().map_or("–".into(), |k| seats_text(&k)),
        ]);
    }
    md += &t.markdown();
    md += &format!(
        "\nOf the {counted} boards, {equal} give every player the same paranoid value; on the \
         {} others the first player (P1) has the highest (alone or tied) on {first_best}, and \
         the last player in turn the lowest (alone or tied) on {last_worst}.\n\n",
        counted - equal
    );
    md
}

fn play_tables(
    out: &Path,
    budget: &PlayersBudget,
    seed: u64,
    log: &(dyn Fn(&str) + Sync),
) -> io::Result<String> {
    let mut md = String::from(
        "### Full board (2x6, 3 seeds a pit): self-play\n\n\
         Each engine plays every seat (`paranoid`: alpha-beta for the mover against all the \
         others; `maxn`: max^n; `mcts`: UCT for n players; at a horizon both searches count \
         the seeds in a player's own pits as his: docs/ENGINES.md), its ties broken at random \
         so that games differ; random play beside them. A game that repeats a position or \
         reaches 1000 plies is stopped and the seeds left are shared equally. Mean final \
         seeds and share of wins (the highest score wins; a tie shares the win) by seat, with \
         95% normal intervals.\n\n",
    );
    let mut csv = Table::new(&[
        "players",
        "engines",
        "games",
        "seat_or_engine",
        "mean_seeds",
        "seeds_lo",
        "seeds_hi",
        "win_share",
        "win_lo",
        "win_hi",
        "mean_plies",
        "repetitions",
        "ply_limits",
    ]);
    for players in [3usize, 4] {
        let g = KpoPlayers::standard(players);
        let names = ["P1", "P2", "P3", "P4"];
        let mut head: Vec<String> = vec!["engine".into(), "games".into()];
        head.extend(names[..players].iter().map(|s| format!("{s} seeds")));
        head.extend(names[..players].iter().map(|s| format!("{s} wins")));
        head.extend([
            "mean length".into(),
            "by repetition".into(),
            "by ply limit".into(),
        ]);
        let mut t = Table {
            header: head,
            rows: Vec::new(),
        };
        let mut series: Vec<&str> = budget.self_play.to_vec();
        series.push("random");
        for (ei, name) in series.iter().enumerate() {
            let spec: SeatEngineSpec = name.parse().expect("budget engines parse");
            let games = if *name == "random" {
                budget.random_games
            } else {
                budget.self_play_games
            };
            let specs = vec![spec.clone(); players];
            let s = play(
                &g,
                &specs,
                games,
                seed ^ ((players as u64) << 40 | ei as u64),
                log,
            );
            let mut row = vec![format!("`{spec}` (every seat)"), s.games.to_string()];
            let all = g.seeds() as f64 * 2.0 * g.width() as f64;
            for i in 0..players {
                row.push(s.seat_scores[i].clipped(0.0, all).text(2));
            }
            for i in 0..players {
                row.push(s.seat_wins[i].clipped(0.0, 1.0).text(3));
            }
            row.extend([
                format!("{:.1}", s.mean_plies),
                s.ends[1].to_string(),
                s.ends[2].to_string(),
            ]);
            t.push(row);
            for i in 0..players {
                csv.push(csv_row(players, &spec.to_string(), &s, &seat(i), i, true));
            }
        }
        md += &format!(
            "#### {} players\n\n",
            if players == 3 { "Three" } else { "Four" }
        );
        md += &t.markdown();
        md += "\n";
    }
    md += "### Full board: engines against each other\n\n\
        One engine a seat, every seat order equally often (`mancala match kpo --players 3 \
        --engines A,B,C`); a fourth player, `random`, joins for four. Mean final seeds and \
        share of wins of each engine, wherever it sat, with 95% intervals.\n\n";
    let mut t = Table::new(&["players", "engine", "games", "mean seeds", "share of wins"]);
    for players in [3usize, 4] {
        let g = KpoPlayers::standard(players);
        let mut specs: Vec<SeatEngineSpec> = budget
            .mixed
            .iter()
            .map(|e| e.parse().expect("budget engines parse"))
            .collect();
        if players == 4 {
            specs.push(SeatEngineSpec::Random);
        }
        let s = play(
            &g,
            &specs,
            budget.mixed_games,
            seed ^ (0xA5 << 32 | players as u64),
            log,
        );
        let label: Vec<String> = specs.iter().map(|e| e.to_string()).collect();
        for (e, spec) in label.iter().enumerate() {
            t.push(vec![
                players.to_string(),
                format!("`{spec}`"),
                s.games.to_string(),
                s.engine_scores[e]
                    .clipped(0.0, 2.0 * g.width() as f64 * g.seeds() as f64)
                    .text(2),
                s.engine_wins[e].clipped(0.0, 1.0).text(3),
            ]);
            csv.push(csv_row(players, &label.join(" "), &s, spec, e, false));
        }
    }
    md += &t.markdown();
    md += "\n";
    write(out, "players-play.csv", &csv.csv())?;
    Ok(md)
}

fn play(
    g: &KpoPlayers,
    specs: &[SeatEngineSpec],
    games: u32,
    seed: u64,
    log: &(dyn Fn(&str) + Sync),
) -> SeatSummary {
    let n = g.players();
    let orders: u32 = (1..=n as u32).product();
    let cfg = SeatMatchConfig {
        games: games.div_ceil(orders) * orders,
        seed,
        opening: 0,
        max_plies: crate::matches::DEFAULT_MAX_PLIES,
    };
    log(&format!(
        "kpo {n} players: {} games of {}",
        cfg.games,
        specs
            .iter()
            .map(|s| s.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    ));
    let recs = run_seat_match(g, &g.start(), specs, &cfg, &|| {});
    summarize_seats(&recs, n, specs.len())
}

fn csv_row(
    players: usize,
    engines: &str,
    s: &SeatSummary,
    who: &str,
    i: usize,
    by_seat: bool,
) -> Vec<String> {
    let (sc, w) = if by_seat {
        (s.seat_scores[i], s.seat_wins[i])
    } else {
        (s.engine_scores[i], s.engine_wins[i])
    };
    vec![
        players.to_string(),
        engines.into(),
        s.games.to_string(),
        who.into(),
        format!("{:.4}", sc.mean),
        format!("{:.4}", sc.lo),
        format!("{:.4}", sc.hi),
        format!("{:.4}", w.mean),
        format!("{:.4}", w.lo),
        format!("{:.4}", w.hi),
        format!("{:.2}", s.mean_plies),
        s.ends[1].to_string(),
        s.ends[2].to_string(),
    ]
}

/// Replaces the section in `advantage.md` (between [`BEGIN`] and [`END`]; before "## Every
/// variant" when it has none yet) and writes the CSV files: what `mancala report players`
/// does.
pub fn splice(
    out: &Path,
    budget: &PlayersBudget,
    seed: u64,
    log: &(dyn Fn(&str) + Sync),
) -> io::Result<()> {
    let new = section(out, budget, seed, log)?;
    super::base::splice(out, BEGIN, END, &new, "players")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_section_is_spliced_in_place() {
        let dir = std::env::temp_dir().join(format!("players-report-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(
            dir.join("advantage.md"),
            "# A\n\ntext\n\n## Every variant\n\nlist\n",
        )
        .unwrap();
        let b = PlayersBudget::named("tiny").unwrap();
        splice(&dir, &b, 1, &|_| {}).unwrap();
        let once = std::fs::read_to_string(dir.join("advantage.md")).unwrap();
        assert!(once.contains(BEGIN) && once.contains(END), "{once}");
        assert!(once.find(END).unwrap() < once.find("## Every variant").unwrap());
        splice(&dir, &b, 1, &|_| {}).unwrap();
        let twice = std::fs::read_to_string(dir.join("advantage.md")).unwrap();
        // The same budget and seed give the same section, timings aside.
        let strip = |s: &str| {
            s.lines()
                .filter(|l| !l.contains("Generated in"))
                .collect::<Vec<_>>()
                .join("\n")
        };
        assert_eq!(strip(&once), strip(&twice));
        assert!(
            twice.contains("| 2x3, 1 seed | 6 | 87 | 3 | 2 | 0 | agrees |"),
            "{twice}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
