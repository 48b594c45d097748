//! The section of `advantage.md` on kpo for three and four players: exact values of reduced
//! boards (paranoid values, coalitions, max^n under each tie rule, what they say about the
//! seats) and seat statistics of play on the full board. `mancala report players` writes
//! this section alone into an existing `advantage.md` (between its markers), and
//! `mancala report advantage` writes it with the rest.

use super::base::{interval_csv, or_empty, players_word, plural, unknown, Files, Table};
use crate::nseat::engine::SeatEngineSpec;
use crate::nseat::matches::{run_seat_match, summarize_seats, SeatMatchConfig, SeatSummary};
use mancala_solver::error::ConfigError;
use mancala_solver::kpo_players::{KpoPlayers, Options};
use mancala_solver::nseat::analysis::{analyse, winners, Analysis, Effort};
use mancala_solver::nseat::maxn::Tie;
use mancala_solver::nseat::{shares_text, SeatGame};
use std::io;
use std::path::Path;
use std::time::Instant;

/// The line that opens the section in `advantage.md`.
pub(super) const BEGIN: &str = "<!-- kpo-players:begin -->";
/// The line that closes it.
pub(super) const END: &str = "<!-- kpo-players:end -->";

/// How much work the section may do.
#[derive(Clone, Debug)]
pub(super) struct PlayersPreset {
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

impl PlayersPreset {
    /// The preset `name`: `tiny` (CI), `small`, `medium` (the committed report).
    pub(super) fn named(name: &str) -> Result<PlayersPreset, ConfigError> {
        Ok(match name {
            "tiny" => PlayersPreset {
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
            "small" => PlayersPreset {
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
            "medium" => PlayersPreset {
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
    pub(super) fn describe(&self) -> String {
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

/// One reduced board and its exact analysis.
#[derive(Clone, Debug)]
pub(super) struct Board {
    /// Players.
    pub players: usize,
    /// Pits a player.
    pub width: usize,
    /// Seeds a pit.
    pub seeds: u32,
    /// Paranoid values, max^n profiles, kingmakers.
    pub analysis: Analysis,
    /// True when every player's paranoid search finished and gave the graph's value.
    pub agrees: bool,
}

/// One match on the full board: an engine on every seat, or one engine a seat.
#[derive(Clone, Debug)]
pub(super) struct SeatMatch {
    /// Players.
    pub players: usize,
    /// The engine of each seat (of the first game: every seat order is played).
    pub specs: Vec<SeatEngineSpec>,
    /// The results by seat and by engine.
    pub summary: SeatSummary,
    /// Seeds on the board, the most a player can score.
    pub board_seeds: f64,
}

/// Everything the section shows.
#[derive(Clone, Debug)]
pub(super) struct PlayersData {
    /// The budget it was computed within.
    pub budget: PlayersPreset,
    /// The seed of the matches.
    pub seed: u64,
    /// The reduced boards analysed, in the budget's order.
    pub boards: Vec<Board>,
    /// Self-play of each engine and of random play, three players then four.
    pub self_play: Vec<SeatMatch>,
    /// The mixed match of three players, then of four.
    pub mixed: Vec<SeatMatch>,
    /// Wall-clock seconds of the computation.
    pub seconds: f64,
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

/// The board as the tables name it: `2x3, 1 seed`.
fn board_name(b: &Board) -> String {
    format!("2x{}, {} seed{}", b.width, b.seeds, plural(b.seeds))
}

/// Analyses the reduced boards and plays the matches of the section within `budget`.
pub(super) fn compute(
    budget: &PlayersPreset,
    seed: u64,
    log: &(dyn Fn(&str) + Sync),
) -> PlayersData {
    let t0 = Instant::now();
    let boards = budget
        .boards
        .iter()
        .map(|&(players, width, seeds)| board(players, width, seeds, budget, log))
        .collect();
    let self_play = self_play(budget, seed, log);
    let mixed = mixed(budget, seed, log);
    PlayersData {
        budget: budget.clone(),
        seed,
        boards,
        self_play,
        mixed,
        seconds: t0.elapsed().as_secs_f64(),
    }
}

/// The exact analysis of one reduced board; panics when the paranoid search contradicts the
/// graph (a bug in one of them).
fn board(
    players: usize,
    width: usize,
    seeds: u32,
    budget: &PlayersPreset,
    log: &(dyn Fn(&str) + Sync),
) -> Board {
    let g =
        KpoPlayers::new(players, width, seeds, Options::default()).expect("a budget board exists");
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
        "the paranoid search disagrees with the graph on 2x{width} with {seeds} seeds"
    );
    Board {
        players,
        width,
        seeds,
        analysis: a,
        agrees,
    }
}

/// Self-play of each engine of the budget and random play on the full board, three
/// players then four.
fn self_play(budget: &PlayersPreset, seed: u64, log: &(dyn Fn(&str) + Sync)) -> Vec<SeatMatch> {
    let mut out = Vec::new();
    for players in [3usize, 4] {
        let mut series: Vec<&str> = budget.self_play.to_vec();
        series.push("random");
        for (ei, name) in series.iter().enumerate() {
            let spec: SeatEngineSpec = name.parse().expect("budget engines parse");
            let games = if *name == "random" {
                budget.random_games
            } else {
                budget.self_play_games
            };
            let specs = vec![spec; players];
            let seed = seed ^ ((players as u64) << 40 | ei as u64);
            out.push(play(players, specs, games, seed, log));
        }
    }
    out
}

/// The budget's mixed match on the full board, three players then four (`random` the
/// fourth).
fn mixed(budget: &PlayersPreset, seed: u64, log: &(dyn Fn(&str) + Sync)) -> Vec<SeatMatch> {
    [3usize, 4]
        .into_iter()
        .map(|players| {
            let mut specs: Vec<SeatEngineSpec> = budget
                .mixed
                .iter()
                .map(|e| e.parse().expect("budget engines parse"))
                .collect();
            if players == 4 {
                specs.push(SeatEngineSpec::Random);
            }
            let seed = seed ^ (0xA5 << 32 | players as u64);
            play(players, specs, budget.mixed_games, seed, log)
        })
        .collect()
}

/// A match of `specs` on the full board of `players`, `games` rounded up to every seat
/// order.
fn play(
    players: usize,
    specs: Vec<SeatEngineSpec>,
    games: u32,
    seed: u64,
    log: &(dyn Fn(&str) + Sync),
) -> SeatMatch {
    let g = KpoPlayers::standard(players);
    let n = g.players();
    let orders: u32 = (1..=n as u32).product();
    let cfg = SeatMatchConfig {
        games: games.div_ceil(orders) * orders,
        seed,
        opening: 0,
        max_plies: crate::r#match::games::DEFAULT_MAX_PLIES,
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
    let recs = run_seat_match(&g, &g.start(), &specs, &cfg, &|| {});
    SeatMatch {
        players,
        summary: summarize_seats(&recs, n, specs.len()),
        specs,
        board_seeds: g.seeds() as f64 * 2.0 * g.width() as f64,
    }
}

/// The section's CSV files: `players-exact.csv`, `players-maxn.csv`, `players-play.csv`.
pub(super) fn files(d: &PlayersData) -> Files {
    let mut f = Files::default();
    f.add("players-exact.csv", exact_csv(&d.boards).csv());
    f.add("players-maxn.csv", maxn_csv(&d.boards).csv());
    f.add("players-play.csv", play_csv(d).csv());
    f
}

/// The section's Markdown, its markers included.
pub(super) fn markdown(d: &PlayersData) -> String {
    let mut md = format!("{BEGIN}\n## Kpo for three and four players\n\n");
    md += &format!(
        "Generated by `mancala report players --budget {} --seed {}` (this section alone; \
         `mancala report advantage` writes it with the rest; {}). Culin: \"Two, three, or \
         four play.\" The rules are those of RULES.md (docs/variants/kpo-players.md): 3 seeds \
         a pit, either direction on each move, the squeeze of the next pit forward, a player \
         without seeds passing; default options (`squeeze=mixed`, `empty=passes`), P1 moving \
         first. Values are seeds. A game that would go on for ever shares the seeds left \
         equally among all the players, so values come in thirds or quarters of a seed.\n\n",
        d.budget.name,
        d.seed,
        d.budget.describe()
    );
    md += &paranoid_markdown(&d.boards, &d.budget);
    md += &maxn_markdown(&d.boards);
    md += &seat_summary(&d.boards, d.budget.kingmaker_positions);
    md += &play_markdown(d);
    md += &format!(
        "Data: [players-exact.csv](players-exact.csv), [players-maxn.csv](players-maxn.csv), \
         [players-play.csv](players-play.csv). Generated in {:.0} s.\n{END}\n",
        d.seconds
    );
    md
}

/// The boards of `players` players, in the budget's order.
fn boards_of(boards: &[Board], players: usize) -> impl Iterator<Item = &Board> {
    boards.iter().filter(move |b| b.players == players)
}

/// The paranoid values: a table for three players and one for four, and what they prove.
fn paranoid_markdown(boards: &[Board], budget: &PlayersPreset) -> String {
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
    for players in [3, 4] {
        md += &format!(
            "#### {} players: paranoid values\n\n",
            players_word(players)
        );
        md += &paranoid_table(boards, players).markdown();
        md += "\n";
    }
    let forcing: Vec<String> = boards
        .iter()
        .filter(|b| b.analysis.forced_winners().is_some_and(|w| !w.is_empty()))
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
    md
}

/// The paranoid values of the boards of `players` players; for three, what each pair can
/// force against the third.
fn paranoid_table(boards: &[Board], players: usize) -> Table {
    let n = players;
    let mut head = vec!["board", "seeds in play", "positions"];
    head.extend(&SEATS[..n]);
    head.push("search");
    if n == 3 {
        head.extend(["P2+P3 force", "P1+P3 force", "P1+P2 force"]);
    }
    head.push("more than half");
    let mut t = Table::new(&head);
    for b in boards_of(boards, players) {
        let a = &b.analysis;
        let mut row = vec![
            board_name(b),
            a.total.to_string(),
            a.graph_positions
                .map_or("too many".into(), |p| p.to_string()),
        ];
        let p = a.paranoid();
        row.extend((0..n).map(|s| p.map_or("?".into(), |p| shares_text(p[s], n))));
        row.push(if b.agrees { "agrees" } else { "–" }.into());
        if n == 3 {
            for k in 0..3 {
                row.push(p.map_or("?".into(), |p| shares_text(n as u32 * a.total - p[k], n)));
            }
        }
        row.push(a.forced_winners().map_or("?".into(), |w| seats_text(&w)));
        t.push(row);
    }
    t
}

/// The seats' names, P1 to P4.
const SEATS: [&str; 4] = ["P1", "P2", "P3", "P4"];

/// The max^n profiles under each tie rule: a table for three players and one for four.
fn maxn_markdown(boards: &[Board]) -> String {
    let mut md = String::from(
        "### Max^n on reduced boards\n\n\
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
        move, the others kept).\n\n",
    );
    for players in [3, 4] {
        let mut head = vec!["board", "ties"];
        head.extend(&SEATS[..players]);
        head.extend(["leader", "left", "repaired", "deviations"]);
        let mut t = Table::new(&head);
        for b in boards_of(boards, players) {
            let name = format!("2x{}, {}", b.width, b.seeds);
            for r in &b.analysis.maxn {
                let mut row = vec![name.clone(), format!("`{}`", r.tie.as_str())];
                row.extend((0..players).map(|s| shares_text(r.shares[s], players)));
                row.push(seats_text(&winners(&r.shares, players)));
                row.push(r.stats.left.to_string());
                row.push(r.stats.repaired.to_string());
                row.push(r.stats.deviations.to_string());
                t.push(row);
            }
            if b.analysis.maxn.is_empty() {
                let mut row = vec![name, "–".into()];
                row.extend(unknown(players));
                row.extend(["?".into(), String::new(), String::new(), String::new()]);
                t.push(row);
            }
        }
        md += &format!("#### {} players: max^n\n\n", players_word(players));
        md += &t.markdown();
        md += "\n";
    }
    md
}

/// `players-exact.csv`: a row a board, three players then four.
fn exact_csv(boards: &[Board]) -> Table {
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
    for b in [3, 4].into_iter().flat_map(|n| boards_of(boards, n)) {
        let (a, n) = (&b.analysis, b.players);
        let nodes: u64 = a.paranoid_search.iter().flatten().map(|x| x.1).sum();
        let mut c = vec![
            n.to_string(),
            b.width.to_string(),
            b.seeds.to_string(),
            a.total.to_string(),
            or_empty(a.graph_positions),
        ];
        let p = a.paranoid();
        c.extend((0..4).map(|s| match p {
            Some(p) if s < n => format!("{:.4}", p[s] as f64 / n as f64),
            _ => String::new(),
        }));
        c.push(b.agrees.to_string());
        c.push(nodes.to_string());
        c.push(format!("{:.2}", a.seconds));
        csv.push(c);
    }
    csv
}

/// `players-maxn.csv`: a row a board and tie rule, three players then four.
fn maxn_csv(boards: &[Board]) -> Table {
    let mut csv = Table::new(&[
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
    for b in [3, 4].into_iter().flat_map(|n| boards_of(boards, n)) {
        let n = b.players;
        for r in &b.analysis.maxn {
            let mut c = vec![
                n.to_string(),
                b.width.to_string(),
                b.seeds.to_string(),
                r.tie.as_str().into(),
            ];
            c.extend((0..4).map(|s| {
                if s < n {
                    format!("{:.4}", r.shares[s] as f64 / n as f64)
                } else {
                    String::new()
                }
            }));
            let leaders: Vec<String> = winners(&r.shares, n).iter().map(|&s| seat(s)).collect();
            c.push(leaders.join(" "));
            c.push(r.stats.left.to_string());
            c.push(r.stats.repaired.to_string());
            c.push(r.stats.deviations.to_string());
            csv.push(c);
        }
    }
    csv
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
    md += &seats_table(boards).markdown();
    let (mut counted, mut equal, mut first_best, mut last_worst) = (0, 0, 0, 0);
    for b in boards {
        let n = b.players;
        if let Some(p) = b.analysis.paranoid() {
            counted += 1;
            let p = &p[..n];
            if p.iter().all(|&x| x == p[0]) {
                equal += 1;
            } else {
                first_best += p[1..].iter().all(|&x| x <= p[0]) as u32;
                last_worst += p[..n - 1].iter().all(|&x| x >= p[n - 1]) as u32;
            }
        }
    }
    md += &format!(
        "\nOf the {counted} boards, {equal} give every player the same paranoid value; on the \
         {} others the first player (P1) has the highest (alone or tied) on {first_best}, and \
         the last player in turn the lowest (alone or tied) on {last_worst}.\n\n",
        counted - equal
    );
    md
}

/// The seats each board favours, under the paranoid values and each max^n tie rule, and its
/// kingmakers.
fn seats_table(boards: &[Board]) -> Table {
    let mut t = Table::new(&[
        "players",
        "board",
        "favoured (paranoid)",
        "leads (max^n first)",
        "leads (hurt-next)",
        "leads (help-next)",
        "kingmaker",
    ]);
    for b in boards {
        let (a, n) = (&b.analysis, b.players);
        let fav = a.paranoid().map(|p| winners(&p, n));
        let lead = |tie: Tie| {
            a.maxn
                .iter()
                .find(|r| r.tie == tie)
                .map_or("?".into(), |r| seats_text(&winners(&r.shares, n)))
        };
        t.push(vec![
            n.to_string(),
            board_name(b),
            fav.map_or("?".into(), |w| seats_text(&w)),
            lead(Tie::First),
            lead(Tie::HurtNext),
            lead(Tie::HelpNext),
            a.kingmakers().map_or("–".into(), |k| seats_text(&k)),
        ]);
    }
    t
}

/// The matches on the full board: self-play by seat, then the mixed matches by engine.
fn play_markdown(d: &PlayersData) -> String {
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
    for players in [3usize, 4] {
        md += &format!("#### {} players\n\n", players_word(players));
        md += &self_play_table(&d.self_play, players).markdown();
        md += "\n";
    }
    md += "### Full board: engines against each other\n\n\
        One engine a seat, every seat order equally often (`mancala match kpo --players 3 \
        --engines A,B,C`); a fourth player, `random`, joins for four. Mean final seeds and \
        share of wins of each engine, wherever it sat, with 95% intervals.\n\n";
    let mut t = Table::new(&["players", "engine", "games", "mean seeds", "share of wins"]);
    for m in &d.mixed {
        let s = &m.summary;
        for (e, spec) in m.specs.iter().enumerate() {
            t.push(vec![
                m.players.to_string(),
                format!("`{spec}`"),
                s.games.to_string(),
                s.engine_scores[e].clipped(0.0, m.board_seeds).text(2),
                s.engine_wins[e].clipped(0.0, 1.0).text(3),
            ]);
        }
    }
    md += &t.markdown();
    md += "\n";
    md
}

/// The self-play of `players` players: a row an engine, its seeds and wins by seat.
fn self_play_table(matches: &[SeatMatch], players: usize) -> Table {
    let mut head: Vec<String> = vec!["engine".into(), "games".into()];
    head.extend(SEATS[..players].iter().map(|s| format!("{s} seeds")));
    head.extend(SEATS[..players].iter().map(|s| format!("{s} wins")));
    head.extend([
        "mean length".into(),
        "by repetition".into(),
        "by ply limit".into(),
    ]);
    let mut t = Table::with_header(head);
    for m in matches.iter().filter(|m| m.players == players) {
        let s = &m.summary;
        let mut row = vec![
            format!("`{}` (every seat)", m.specs[0]),
            s.games.to_string(),
        ];
        row.extend((0..players).map(|i| s.seat_scores[i].clipped(0.0, m.board_seeds).text(2)));
        row.extend((0..players).map(|i| s.seat_wins[i].clipped(0.0, 1.0).text(3)));
        row.extend([
            format!("{:.1}", s.mean_plies),
            s.ends[1].to_string(),
            s.ends[2].to_string(),
        ]);
        t.push(row);
    }
    t
}

/// `players-play.csv`: the self-play by seat, then the mixed matches by engine.
fn play_csv(d: &PlayersData) -> Table {
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
    for m in &d.self_play {
        let spec = m.specs[0].to_string();
        for i in 0..m.players {
            csv.push(csv_row(m, &spec, &seat(i), i, true));
        }
    }
    for m in &d.mixed {
        let label: Vec<String> = m.specs.iter().map(|e| e.to_string()).collect();
        for (e, spec) in label.iter().enumerate() {
            csv.push(csv_row(m, &label.join(" "), spec, e, false));
        }
    }
    csv
}

/// A row of `players-play.csv`: seat `i`'s figures (`by_seat`) or engine `i`'s.
fn csv_row(m: &SeatMatch, engines: &str, who: &str, i: usize, by_seat: bool) -> Vec<String> {
    let s = &m.summary;
    let (sc, w) = if by_seat {
        (s.seat_scores[i], s.seat_wins[i])
    } else {
        (s.engine_scores[i], s.engine_wins[i])
    };
    let mut row = vec![
        m.players.to_string(),
        engines.into(),
        s.games.to_string(),
        who.into(),
    ];
    row.extend(interval_csv(sc.mean, sc.lo, sc.hi));
    row.extend(interval_csv(w.mean, w.lo, w.hi));
    row.extend([
        format!("{:.2}", s.mean_plies),
        s.ends[1].to_string(),
        s.ends[2].to_string(),
    ]);
    row
}

/// Replaces the section in `advantage.md` (between [`BEGIN`] and [`END`]; before "## Every
/// variant" when it has none yet) and writes the CSV files: what `mancala report players`
/// does.
pub(super) fn splice(
    out: &Path,
    budget: &PlayersPreset,
    seed: u64,
    log: &(dyn Fn(&str) + Sync),
) -> io::Result<()> {
    let d = compute(budget, seed, log);
    files(&d).write(out)?;
    super::base::splice(out, BEGIN, END, &markdown(&d), "players")
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
        let b = PlayersPreset::named("tiny").unwrap();
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
