//! `mancala`: the command line of the mancala toolkit (clap only; the work is in the library
//! crates). The interface follows docs/NOTATION.md: position text, move names,
//! `--json` output and perft.

use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand};
use mancala_solver::perft::{divide, perft};
use mancala_solver::search::{Limits, Solver};
use mancala_solver::variant::{self, AnyGame, VARIANTS};
use mancala_solver::{FourRow, FourRowPos, Game, Notation, TwoRow};
use serde_json::{json, Value};
use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

/// Prints a line on stdout; a closed pipe (e.g. `| head`) ends the program quietly.
macro_rules! out {
    ($($arg:tt)*) => {{
        let mut o = std::io::stdout().lock();
        if writeln!(o, $($arg)*).is_err() {
            std::process::exit(0);
        }
    }};
}

mod players;

#[derive(Parser)]
#[command(
    name = "mancala",
    version,
    about = "Game-theoretic analysis of the mancala games of Africa"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List the variants with their sources and status.
    Variants {
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Print the start position of a variant.
    Start(Common),
    /// Draw the board as the players see it.
    Show(Common),
    /// List the legal moves.
    Moves(Common),
    /// Play moves from a position and print the result.
    Play {
        #[command(flatten)]
        common: Common,
        /// Moves to play in order (pit numbers from the mover's left).
        #[arg(value_name = "MOVE")]
        moves: Vec<String>,
    },
    /// Solve a position exactly: value, best move, principal variation.
    Solve {
        #[command(flatten)]
        common: Common,
        #[command(flatten)]
        search: SearchOpts,
        /// Stop at this depth (plies): the value is then a heuristic, not exact, and the
        /// principal variation is empty ("pv": []; the best move is still given).
        #[arg(long)]
        depth: Option<u32>,
    },
    /// The exact value of every legal move.
    Analyze {
        #[command(flatten)]
        common: Common,
        #[command(flatten)]
        search: SearchOpts,
    },
    /// Solve a fixed set of positions; the total node count is a signature of the search.
    Bench {
        /// What to measure instead of the solver: `engines`.
        #[command(subcommand)]
        what: Option<BenchWhat>,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
        /// Search threads, 1..=256 (the signature is defined with 1).
        #[arg(long, default_value_t = 1)]
        threads: usize,
    },
    /// Count move paths of a given length (docs/NOTATION.md).
    Perft {
        #[command(flatten)]
        common: Common,
        /// Plies to count.
        #[arg(long, short)]
        depth: u32,
        /// Also print the count under each first move.
        #[arg(long)]
        divide: bool,
    },
    /// Play a match between two engines (games in parallel, both seat orders).
    Match(MatchArgs),
    /// Write a report (Markdown, CSV, SVG): advantage, players, strength, tablebase or all.
    Report(ReportArgs),
    /// Endgame tablebases: build, probe, stats, verify, info.
    Tablebase {
        #[command(subcommand)]
        command: mancala_tablebases::cli::TablebaseCommand,
    },
}

/// Options every position command takes.
#[derive(Args)]
struct Common {
    /// Variant id (see `mancala variants`).
    variant: String,
    /// Pits a side (holes a row for the four-row games) [default: read from --position when
    /// given, else the variant's own: 6 for the two-row games; mulabalaba 6, toka 12,
    /// kanotta, nakabili, kabwanga and mwambulula 8, nchuba 16, chisolo and chisolo-ii 5,
    /// natatu 7].
    #[arg(long)]
    width: Option<usize>,
    /// Seeds a pit at the start [default: 4 for the two-row games; 2 for the four-row games
    /// but chisolo, chisolo-ii and natatu, 3] (each variant's start pattern scales with it).
    #[arg(long)]
    seeds: Option<u32>,
    /// Rule option name=value (repeatable); see the variant's docs.
    #[arg(long = "rule", value_name = "NAME=VALUE")]
    rules: Vec<String>,
    /// Position text (default: the start position).
    #[arg(long)]
    position: Option<String>,
    /// Print one JSON object on stdout.
    #[arg(long)]
    json: bool,
    /// Players: 2 (default), or 3 or 4 for kpo (docs/variants/kpo-players.md).
    #[arg(long)]
    players: Option<usize>,
}

/// Options of the exact search.
#[derive(Args)]
struct SearchOpts {
    /// Search threads, 1..=256 (default: all cores, at most 256).
    #[arg(long)]
    threads: Option<usize>,
    /// Transposition table size in MiB, 1..=65536 [default: 256; two-row games: 64 at 36
    /// seeds on the board, doubled for every 3 more and halved for every 3 fewer, 16..2048]. Four-row `solve`: the count of plies
    /// that follows the search keeps to the same memory once the search's table is freed:
    /// the whole reachable graph (160 bytes a position, at most 3,000,000 positions), else a
    /// depth-limited search (128 bytes a memo entry); past both, "plies" is null and
    /// "plies_stopped" says why.
    #[arg(long)]
    tt_mb: Option<usize>,
    /// Set from `solve --depth` (analyze gives exact values only).
    #[arg(skip)]
    depth: Option<u32>,
    /// A folder of endgame tables. Two-row games: a cache: the tables found there are
    /// probed, and tables the plan builds (every slice up to the position's seeds, when they
    /// fit in --memory) are written there and reused by later calls (without it they are
    /// built in memory and dropped). Four-row removal games: the win/draw/loss tables that
    /// `mancala tablebase build` wrote there are probed.
    #[arg(long, value_name = "DIR")]
    tablebases: Option<std::path::PathBuf>,
    /// Two-row games: memory the endgame tables may take, e.g. 512M, 8G (a plain number is
    /// MiB) [default: half the machine's memory]. The whole game is solved by retrograde
    /// analysis when every position with up to the position's seeds fits.
    #[arg(long, value_name = "SIZE")]
    memory: Option<String>,
    /// Stop after this many seconds (below 1e9), every phase (table builds included):
    /// `solve` then reports the last finished search iteration with "exact": false (and an
    /// empty principal variation) unless the value was already proven; `analyze` gives the
    /// moves proven in time and "not proven" (null) for the others. Four-row `solve`: the
    /// count of plies after the search stops too ("plies": null, "plies_stopped": "time
    /// limit").
    #[arg(long, value_name = "SECONDS")]
    time: Option<f64>,
}

impl SearchOpts {
    /// The limits of a search from a root with `seeds` on the board (two-row games; `None`
    /// for four-row games, whose table keeps the plain default).
    fn limits(&self, seeds: Option<u32>) -> Result<Limits, Fail> {
        let tt_mb = self.tt_mb.unwrap_or_else(|| default_tt_mb(seeds));
        if tt_mb == 0 || tt_mb > 1 << 16 {
            return Err(Fail(format!("invalid --tt-mb {tt_mb}: expected 1..65536")));
        }
        let threads = threads_or_all(self.threads)?;
        if self.depth == Some(0) {
            return Err(Fail("invalid --depth 0: expected at least 1".into()));
        }
        let deadline = match self.time {
            Some(t) if !(t > 0.0 && t < 1e9) => {
                // 1e308 as written, not its 309 digits.
                let shown = if t.abs() < 1e9 || !t.is_finite() {
                    t.to_string()
                } else {
                    format!("{t:e}")
                };
                return Err(Fail(format!(
                    "invalid --time {shown}: expected a positive number of seconds below 1e9"
                )));
            }
            Some(t) => Some(std::time::Instant::now() + std::time::Duration::from_secs_f64(t)),
            None => None,
        };
        Ok(Limits {
            depth: self.depth,
            threads,
            tt_mb,
            deadline,
        })
    }
}

/// The seeds on the board of a two-row position (what the search can still win or lose).
fn board_seeds(g: &TwoRow, pos: &<TwoRow as Game>::Position) -> u32 {
    mancala_solver::MarginGame::future_bound(g, pos) as u32
}

/// The table size `--tt-mb` defaults to ([`mancala_tablebases::plan::default_tt_mb`]; the
/// four-row games keep 256 MiB).
fn default_tt_mb(seeds: Option<u32>) -> usize {
    seeds.map_or(256, mancala_tablebases::plan::default_tt_mb)
}

/// Parses `--memory`: a size with an optional binary unit (`512M`, `8G`, `1.5T`, `64K`), a
/// plain number being MiB.
fn parse_memory(text: &str) -> Result<u64, Fail> {
    let bad = || {
        Fail(format!(
            "invalid --memory '{}': expected a size such as 512M or 8G (a plain number is MiB)",
            shorten(text)
        ))
    };
    let t = text.trim();
    let (num, unit) = match t.char_indices().find(|(_, c)| c.is_ascii_alphabetic()) {
        Some((i, _)) => (&t[..i], &t[i..]),
        None => (t, "M"),
    };
    let shift = match unit
        .to_ascii_uppercase()
        .trim_end_matches("IB")
        .trim_end_matches('B')
    {
        "K" => 10,
        "M" => 20,
        "G" => 30,
        "T" => 40,
        _ => return Err(bad()),
    };
    let x: f64 = num.trim().parse().map_err(|_| bad())?;
    let bytes = x * (1u64 << shift) as f64;
    if !(bytes.is_finite() && bytes >= 0.0 && bytes < 2f64.powi(60)) {
        return Err(bad());
    }
    Ok(bytes as u64)
}

/// A user error: printed as one line, exit status 2.
struct Fail(String);

impl<E: std::fmt::Display> From<E> for Fail {
    fn from(e: E) -> Fail {
        Fail(e.to_string())
    }
}

type Res = Result<(), Fail>;

/// Lets every option that takes a value take a negative number (`--width -1`), so that the
/// check of its value names the option, rather than clap's "unexpected argument '-1'".
fn negatives_as_values(cmd: clap::Command) -> clap::Command {
    cmd.mut_args(|a| {
        if !a.is_positional() && a.get_action().takes_values() {
            a.allow_negative_numbers(true)
        } else {
            a
        }
    })
    .mut_subcommands(negatives_as_values)
}

/// The one line of a clap error about a negative number given to an option that takes a
/// count (`--width: -1 is not a positive number`), if `e` is one.
fn negative_value_line(e: &clap::Error) -> Option<String> {
    use clap::error::{ContextKind, ContextValue};
    let text = |k| match e.get(k)? {
        ContextValue::String(s) => Some(s.clone()),
        _ => None,
    };
    let value = text(ContextKind::InvalidValue)?;
    let option = text(ContextKind::InvalidArg)?;
    let option = option.split_whitespace().next()?;
    (value.starts_with('-') && option.starts_with("--") && value[1..].parse::<f64>().is_ok()).then(
        || {
            format!(
                "error: {option}: {} is not a positive number",
                shorten(&value)
            )
        },
    )
}

/// `s`, cut to 24 characters with an ellipsis when longer (for echoing input in errors).
fn shorten(s: &str) -> String {
    if s.chars().count() <= 24 {
        s.to_string()
    } else {
        format!("{}...", s.chars().take(21).collect::<String>())
    }
}

/// The longest unbroken stretch (a word: no space) an error line quotes; longer ones, which
/// only long input makes (file paths are far shorter), are cut with an ellipsis.
const MAX_QUOTE: usize = 200;

/// The longest error line printed.
const MAX_ERROR_LINE: usize = 600;

/// An error line with every word longer than [`MAX_QUOTE`] characters cut to that length with
/// an ellipsis, and the whole line to [`MAX_ERROR_LINE`]: an error names the input it refuses,
/// it does not echo all of it.
fn clip_error(line: &str) -> String {
    let cut = |s: &str, most: usize| -> String {
        if s.chars().count() <= most {
            s.to_string()
        } else {
            format!("{}...", s.chars().take(most - 3).collect::<String>())
        }
    };
    let words: Vec<String> = line.split(' ').map(|w| cut(w, MAX_QUOTE)).collect();
    cut(&words.join(" "), MAX_ERROR_LINE)
}

fn main() -> ExitCode {
    let parsed = negatives_as_values(Cli::command())
        .try_get_matches()
        .and_then(|m| Cli::from_arg_matches(&m));
    let cli = match parsed {
        Ok(c) => c,
        Err(e) => {
            use clap::error::ErrorKind::*;
            if matches!(e.kind(), DisplayHelp | DisplayVersion) {
                let _ = e.print();
                return ExitCode::SUCCESS;
            }
            if e.kind() == DisplayHelpOnMissingArgumentOrSubcommand {
                eprintln!("error: no command given (try 'mancala --help')");
                return ExitCode::from(2);
            }
            if let Some(line) = negative_value_line(&e) {
                eprintln!("{}", clip_error(&line));
                return ExitCode::from(2);
            }
            let text = e.render().to_string();
            let line: Vec<&str> = text
                .lines()
                .map(str::trim)
                .take_while(|l| !l.is_empty())
                .collect();
            eprintln!("{}", clip_error(&line.join(" ")));
            return ExitCode::from(2);
        }
    };
    match run(cli.command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Fail(msg)) => {
            eprintln!("{}", clip_error(&format!("error: {msg}")));
            ExitCode::from(2)
        }
    }
}

fn run(cmd: Command) -> Res {
    if let Some(res) = players::dispatch(&cmd) {
        return res;
    }
    match cmd {
        Command::Variants { json } => variants(json),
        Command::Start(c) => with_game!(&c, g, pos, cmd_start(&g, &pos, &c)),
        Command::Show(c) => with_game!(&c, g, pos, cmd_show(&g, &pos, &c)),
        Command::Moves(c) => with_game!(&c, g, pos, cmd_moves(&g, &pos, &c)),
        Command::Play { common, moves } => {
            with_game!(&common, g, pos, cmd_play(&g, pos, &common, &moves))
        }
        Command::Solve {
            common,
            mut search,
            depth,
        } => {
            search.depth = depth;
            match setup_any(&common)? {
                AnyGame::Two(..) => solve(&common, &search),
                AnyGame::Four(g, pos) => solve_four(&g, &pos, &common, &search),
            }
        }
        Command::Analyze { common, search } => match setup_any(&common)? {
            AnyGame::Two(..) => analyze(&common, &search),
            AnyGame::Four(g, pos) => analyze_four(&g, &pos, &common, &search),
        },
        Command::Bench {
            what: Some(BenchWhat::Engines { json, variant }),
            ..
        } => bench_engines(json, variant),
        Command::Bench {
            what: Some(BenchWhat::Players { json }),
            ..
        } => players::bench(json),
        Command::Bench { json, threads, .. } => bench(json, threads),
        Command::Match(m) => play_match(&m),
        Command::Report(r) => report(&r),
        Command::Perft {
            common,
            depth,
            divide: split,
        } => with_game!(&common, g, pos, cmd_perft(&g, &pos, &common, depth, split)),
        Command::Tablebase { command } => tablebase(command),
    }
}

/// Runs `$body` with `$g` and `$pos` bound to the game and position of either kind.
macro_rules! with_game {
    ($c:expr, $g:ident, $pos:ident, $body:expr) => {
        match setup_any($c)? {
            AnyGame::Two($g, $pos) => {
                let $g = *$g;
                $body
            }
            AnyGame::Four($g, $pos) => $body,
        }
    };
}
use with_game;

/// Width and rule options as JSON, for any game.
trait Describe {
    fn describe(&self) -> Value;
}

impl Describe for TwoRow {
    fn describe(&self) -> Value {
        json!({"width": self.width(), "rules": self.options().describe(self.kind())})
    }
}

impl Describe for FourRow {
    fn describe(&self) -> Value {
        json!({"width": self.width(), "seeds": self.seeds(),
            "rules": self.options().describe(self.kind())})
    }
}

/// Builds the rules (of either family) and the position from the common options.
fn setup_any(c: &Common) -> Result<AnyGame, Fail> {
    Ok(variant::setup(
        &c.variant,
        c.width,
        c.seeds,
        &c.rules,
        c.position.as_deref(),
    )?)
}

fn cmd_start<G: Notation>(g: &G, pos: &G::Position, c: &Common) -> Res {
    let text = g.format_position(pos);
    if c.json {
        out!("{}", json!({"variant": g.variant_id(), "position": text}));
    } else {
        out!("{text}");
    }
    Ok(())
}

fn cmd_show<G: Notation + Describe>(g: &G, pos: &G::Position, c: &Common) -> Res {
    if c.json {
        out!("{}", state_json(g, pos));
    } else {
        out!("{}", g.draw(pos).trim_end());
        out!("{}", g.format_position(pos));
    }
    Ok(())
}

fn cmd_moves<G: Notation>(g: &G, pos: &G::Position, c: &Common) -> Res {
    let names: Vec<String> = g
        .legal_moves(pos)
        .iter()
        .map(|&m| g.move_name(pos, m))
        .collect();
    if c.json {
        out!(
            "{}",
            json!({"variant": g.variant_id(), "position": g.format_position(pos), "moves": names})
        );
    } else {
        out!("{}", names.join(" "));
    }
    Ok(())
}

fn cmd_play<G: Notation + Describe>(
    g: &G,
    mut pos: G::Position,
    c: &Common,
    moves: &[String],
) -> Res {
    let total = moves.len();
    for (i, name) in moves.iter().enumerate() {
        let mv = g
            .parse_move(&pos, name)
            .map_err(|e| Fail(format!("{e} (move {} of {total})", i + 1)))?;
        pos = g.play(&pos, mv);
    }
    if c.json {
        out!("{}", state_json(g, &pos));
    } else {
        out!("{}", g.format_position(&pos));
        if let Some(o) = g.outcome(&pos) {
            out!(
                "game over: {}, South {} North {}",
                match o.winner {
                    Some(s) => format!("{s} wins"),
                    None => "draw".into(),
                },
                o.score[0],
                o.score[1]
            );
        }
    }
    Ok(())
}

fn cmd_perft<G: Notation>(g: &G, pos: &G::Position, c: &Common, depth: u32, split: bool) -> Res {
    let t = Instant::now();
    let (nodes, parts) = if split {
        let parts = divide(g, pos, depth);
        (parts.iter().map(|p| p.1).sum(), parts)
    } else {
        (perft(g, pos, depth), Vec::new())
    };
    let secs = t.elapsed().as_secs_f64();
    let parts: Vec<(String, u64)> = parts
        .into_iter()
        .map(|(m, n)| (g.move_name(pos, m), n))
        .collect();
    let ident = json!({"variant": g.variant_id(), "position": g.format_position(pos)});
    print_perft(c, ident, depth, nodes, secs, split.then_some(&parts[..]))
}

/// Prints a perft count: `ident` holds the JSON fields that name the game and the position,
/// `parts` the count after each move (`--divide`).
fn print_perft(
    c: &Common,
    mut ident: Value,
    depth: u32,
    nodes: u64,
    secs: f64,
    parts: Option<&[(String, u64)]>,
) -> Res {
    if c.json {
        ident["depth"] = json!(depth);
        ident["nodes"] = json!(nodes);
        ident["seconds"] = json!(secs);
        if let Some(parts) = parts {
            let d: serde_json::Map<String, Value> =
                parts.iter().map(|(m, n)| (m.clone(), json!(n))).collect();
            ident["divide"] = Value::Object(d);
        }
        out!("{ident}");
    } else {
        for (m, n) in parts.unwrap_or_default() {
            out!("{m} {n}");
        }
        out!("{nodes}");
        eprintln!(
            "perft {depth}: {nodes} nodes in {secs:.3} s ({:.1} M nodes/s)",
            nodes as f64 / secs.max(1e-9) / 1e6
        );
    }
    Ok(())
}

/// Opens the four-row tables named by `--tablebases`, if any; a folder without tables of `g`
/// is an error.
fn open_four_tables(
    g: &FourRow,
    s: &SearchOpts,
) -> Result<Option<mancala_tablebases::fourrow::FourTables>, Fail> {
    let Some(dir) = &s.tablebases else {
        return Ok(None);
    };
    let t = mancala_tablebases::fourrow::FourTables::open(dir, g)?;
    if t.is_empty() {
        return Err(Fail(format!(
            "--tablebases: {} holds no tables of {} (build them with `mancala tablebase build`)",
            dir.display(),
            mancala_tablebases::fourrow::game_id(g)
        )));
    }
    Ok(Some(t))
}

fn solve_four(g: &FourRow, pos: &FourRowPos, c: &Common, s: &SearchOpts) -> Res {
    use mancala_tablebases::fourrow::plan;
    // Four-row wdl tables (removal games): probed by the search as its oracle.
    let tables = open_four_tables(g, s)?;
    let limits = s.limits(None)?;
    // The search numbers a position's moves with a byte (search.rs): on boards where a
    // position could have more, the whole reachable graph is solved instead when it is
    // small enough; otherwise `solve` refuses.
    let by_graph = g.max_moves_bound() > 256;
    let refuse = |why: &str| {
        Fail(format!(
            "solve: {} at width {}{} can have up to {} moves in a position and the search handles 256; {why}; use a smaller --width or fewer seeds",
            g.variant_id(),
            g.width(),
            {
                let defaults = mancala_solver::fourrow::Options::default().describe(g.kind());
                g.options()
                    .describe(g.kind())
                    .iter()
                    .filter(|r| !defaults.contains(r))
                    .map(|r| format!(" --rule {r}"))
                    .collect::<String>()
            },
            g.max_moves_bound()
        ))
    };
    if by_graph && (s.depth.is_some() || s.tablebases.is_some()) {
        return Err(refuse("--depth and --tablebases need the search"));
    }
    let pb = spinner();
    let t0 = Instant::now();
    let answer = if by_graph {
        pb.set_message("whole-graph retrograde analysis (more than 256 moves possible)");
        plan::solve_by_graph(g, pos, limits)
    } else {
        if let Some(t) = &tables {
            let missing = t.gaps();
            if !missing.is_empty() {
                let list: Vec<String> = missing
                    .iter()
                    .map(|s| format!("{}+{}", s[0], s[1]))
                    .collect();
                eprintln!(
                    "note: {} lacks the slices (mover+opponent seeds) {} of {}: the search went on without them",
                    s.tablebases.as_ref().map_or(String::new(), |d| d.display().to_string()),
                    list.join(", "),
                    mancala_tablebases::fourrow::game_id(g)
                );
            }
        }
        plan::solve(g, pos, limits, tables.as_ref(), &mut |step| match step {
            plan::Step::Search(p) => {
                let bounds = if p.lower <= p.upper {
                    format!("  value in [{}, {}]", p.lower, p.upper)
                } else {
                    String::new()
                };
                pb.set_message(format!(
                    "depth {}{bounds}  {:.1} M nodes  {}nodes/s",
                    p.depth,
                    p.nodes as f64 / 1e6,
                    rate(p.nodes, t0.elapsed().as_secs_f64())
                ));
            }
            plan::Step::GraphPlies => {
                pb.set_message("plies: retrograde analysis of the reachable graph")
            }
            plan::Step::SearchPlies => pb.set_message("plies: depth-limited search"),
        })
    };
    pb.finish_and_clear();
    let a = match answer {
        Ok(a) => a,
        Err(plan::Refusal::Graph(why)) => return Err(refuse(&why)),
        Err(e) => return Err(Fail(e.to_string())),
    };
    let mut names = Vec::new();
    let mut p = *pos;
    for &m in &a.line {
        names.push(g.move_name(&p, m));
        p = g.play(&p, m);
    }
    let best = a.best.map(|m| g.move_name(pos, m));
    if c.json {
        let mut j = json!({
            "variant": g.variant_id(), "position": g.format_position(pos),
            "metric": "wdl", "value": a.value, "plies": a.plies,
            "best_move": best, "pv": names, "nodes": a.nodes, "seconds": a.seconds,
            "exact": a.exact, "method": a.method.as_str(),
            "graph_positions": a.graph_positions,
        });
        if !by_graph {
            let o = j.as_object_mut().expect("an object");
            o.insert("missing_slices".into(), json!(a.missing));
            o.insert("pv_complete".into(), json!(a.line_complete));
            o.insert("depth".into(), json!(a.depth));
            o.insert("threads".into(), json!(limits.threads));
            o.insert("plies_stopped".into(), json!(a.plies_stopped));
        }
        out!("{j}");
        return Ok(());
    }
    let word = match a.value {
        1 => "win",
        0 => "draw",
        _ => "loss",
    };
    out!(
        "value {word} for {} ({:+}){}, best move {}",
        g.to_move(pos),
        a.value,
        match a.plies {
            Some(1) => ", 1 ply to the end".to_string(),
            Some(n) => format!(", {n} plies to the end"),
            None => String::new(),
        },
        best.as_deref().unwrap_or("none (game over)")
    );
    if !a.exact {
        let why = if !a.exact_key {
            "the position is too large for the search's exact key"
        } else if s.depth.is_some() {
            "the depth limit stopped the search: the value is a heuristic"
        } else {
            "the time limit passed: the value is the last finished iteration's"
        };
        out!("note: not proven ({why})");
    }
    if let Some(why) = a.plies_stopped {
        out!("note: plies to the end not counted ({why}); the line is the search's");
    }
    if !names.is_empty() {
        out!("pv {}", names.join(" "));
    }
    if by_graph {
        out!(
            "{} positions in the reachable graph (retrograde analysis) in {:.3} s",
            a.nodes,
            a.seconds
        );
        return Ok(());
    }
    if a.search_exact && !a.line_complete {
        out!("{PV_CUT}");
    }
    out!("{} nodes in {:.3} s", a.nodes, a.seconds);
    Ok(())
}

fn analyze_four(g: &FourRow, pos: &FourRowPos, c: &Common, s: &SearchOpts) -> Res {
    if g.max_moves_bound() > 256 {
        return Err(Fail(format!(
            "analyze: {} at width {} can have up to {} moves in a position, the search handles 256; use a smaller --width",
            g.variant_id(),
            g.width(),
            g.max_moves_bound()
        )));
    }
    let limits = s.limits(None)?;
    let tables = open_four_tables(g, s)?;
    let mut solver = Solver::new(g, limits);
    if let Some(t) = &tables {
        solver = solver.with_oracle(t);
    }
    let t0 = Instant::now();
    let values = analyze_moves(&solver, pos);
    let all = values.iter().all(|v| v.1.is_some());
    // The position's value: the best move's when every move is proven, or a proven win;
    // a finished game has its value all the same (what `solve` gives: the mover lost).
    let top = values.iter().filter_map(|v| v.1).max();
    let best = if values.is_empty() {
        Some(solver.solve(pos).value)
    } else if all || top == Some(1) {
        top
    } else {
        None
    };
    if c.json {
        let moves: serde_json::Map<String, Value> = values
            .iter()
            .map(|v| (g.move_name(pos, v.0), json!(v.1)))
            .collect();
        out!(
            "{}",
            json!({
                "variant": g.variant_id(), "position": g.format_position(pos),
                "metric": "wdl", "value": best, "moves": moves, "exact": all,
                "seconds": t0.elapsed().as_secs_f64(),
            })
        );
    } else {
        if let (true, Some(v)) = (values.is_empty(), best) {
            out!("no legal move: the game is over (value {v:+})");
        }
        for v in &values {
            let shown = v.1.map_or("not proven".to_string(), |x| format!("{x:+}"));
            out!(
                "{:>12}  {shown}{}",
                g.move_name(pos, v.0),
                if v.1.is_some() && v.1 == best {
                    "  best"
                } else {
                    ""
                }
            );
        }
        if !all {
            out!("note: the time limit passed before every move was proven");
        }
    }
    Ok(())
}

/// Builds the two-row rules and the position from the common options (a caller that has
/// seen the variant is a two-row one).
fn setup(c: &Common) -> Result<(TwoRow, mancala_solver::TwoRowPos), Fail> {
    match setup_any(c)? {
        AnyGame::Two(g, pos) => Ok((*g, pos)),
        AnyGame::Four(..) => Err(Fail(format!(
            "{}: a four-row variant where a two-row one is needed",
            c.variant
        ))),
    }
}

/// The game-state object of `play --json` (docs/NOTATION.md).
fn state_json<G: Notation + Describe>(g: &G, pos: &G::Position) -> Value {
    let c = g.captured(pos);
    let outcome = g.outcome(pos);
    let result = match outcome {
        None => Value::Null,
        Some(o) => json!({
            "winner": o.winner.map(|s| s.letter().to_string()),
            "score": {"S": o.score[0], "N": o.score[1]},
        }),
    };
    let mut v = json!({
        "variant": g.variant_id(),
        "position": g.format_position(pos),
        "to_move": g.to_move(pos).letter().to_string(),
        "captured": {"S": c[0], "N": c[1]},
        "game_over": outcome.is_some(),
        "result": result,
    });
    if let (Value::Object(m), Value::Object(d)) = (&mut v, g.describe()) {
        m.extend(d);
    }
    v
}

fn variants(as_json: bool) -> Res {
    if as_json {
        let list: Vec<Value> = VARIANTS
            .iter()
            .map(|v| {
                let rules: Vec<Value> = v
                    .kind
                    .map(|k| {
                        k.options()
                            .iter()
                            .map(|r| json!({"name": r.name, "values": r.values, "default": r.values[0], "help": r.help}))
                            .collect()
                    })
                    .unwrap_or_default();
                let rules: Vec<Value> = match v.four {
                    Some(k) => k
                        .options()
                        .iter()
                        .map(|r| json!({"name": r.0, "values": r.1, "default": r.1[0], "help": r.2}))
                        .collect(),
                    None => rules,
                };
                let mut e = json!({
                    "id": v.id, "people": v.people, "source": v.source, "board": v.board,
                    "status": v.status.as_str(), "rules": rules,
                });
                if let Some(p) = players::variant_json(v.id) {
                    e["players"] = p;
                }
                e
            })
            .collect();
        out!("{}", json!({ "variants": list }));
    } else {
        for v in VARIANTS {
            out!(
                "{:<18} {:<12} {:<26} {}",
                v.id,
                v.status.as_str(),
                v.board,
                v.source
            );
        }
    }
    Ok(())
}

/// The note printed when `--time` ran out while the principal variation was being built.
const PV_CUT: &str =
    "note: the principal variation stops short (the time limit passed while it was built)";

/// `Solver::analyze_in_time` with a spinner on stderr: moves solved so far and nodes.
fn analyze_moves<G: mancala_solver::MarginGame<Key = u128>>(
    solver: &Solver<'_, G>,
    pos: &G::Position,
) -> Vec<(G::Move, Option<i32>)> {
    let pb = spinner();
    let t0 = Instant::now();
    let values = solver.analyze_in_time(pos, &mut |done, moves, nodes| {
        pb.set_message(format!(
            "{done} of {moves} moves solved  {:.1} M nodes  {}nodes/s",
            nodes as f64 / 1e6,
            rate(nodes, t0.elapsed().as_secs_f64())
        ));
    });
    pb.finish_and_clear();
    values
}

/// A spinner on stderr (hidden when stderr is not a terminal).
fn spinner() -> indicatif::ProgressBar {
    let pb = indicatif::ProgressBar::new_spinner();
    pb.set_draw_target(indicatif::ProgressDrawTarget::stderr());
    pb.enable_steady_tick(std::time::Duration::from_millis(200));
    pb
}

/// The planner's budget from the search options, for a position with `seeds` on the board.
fn plan_budget(s: &SearchOpts, seeds: u32) -> Result<mancala_tablebases::plan::Budget, Fail> {
    let limits = s.limits(Some(seeds))?;
    let memory = match &s.memory {
        Some(m) => parse_memory(m)?,
        None => mancala_tablebases::plan::default_memory(),
    };
    Ok(mancala_tablebases::plan::Budget {
        memory,
        threads: limits.threads,
        tt_mb: s.tt_mb.map(|_| limits.tt_mb),
        depth: limits.depth,
        deadline: limits.deadline,
        cache: s.tablebases.clone(),
    })
}

/// Rounds a rate for display: three significant figures, at most one decimal.
fn rate(count: u64, secs: f64) -> String {
    let r = count as f64 / secs.max(1e-9);
    if r >= 1e6 {
        format!("{:.1} M", r / 1e6)
    } else if r >= 1e3 {
        format!("{:.1} k", r / 1e3)
    } else {
        format!("{r:.0} ")
    }
}

/// A spinner naming the planner's phase, and the callback that feeds it.
fn plan_spinner() -> (
    indicatif::ProgressBar,
    impl FnMut(mancala_tablebases::plan::Step) + Send,
) {
    use mancala_tablebases::plan::Step;
    let pb = spinner();
    let bar = pb.clone();
    let mut t0 = Instant::now();
    let mut last_phase = None;
    let on = move |step: Step| {
        let phase = match step {
            Step::Search { tables_to, .. } => (0, tables_to.unwrap_or(u32::MAX)),
            Step::Build { stones, .. } => (1, stones),
        };
        if last_phase != Some(phase) {
            last_phase = Some(phase);
            t0 = Instant::now();
        }
        let secs = t0.elapsed().as_secs_f64();
        let msg = match step {
            Step::Search {
                tables_to,
                progress: p,
            } => {
                let with =
                    tables_to.map_or(String::new(), |k| format!(" with tables to {k} stones"));
                let bounds = if p.lower <= p.upper {
                    format!("  future in [{}, {}]", p.lower, p.upper)
                } else {
                    String::new()
                };
                format!(
                    "search{with}: depth {}{bounds}  {:.1} M nodes  {}nodes/s",
                    p.depth,
                    p.nodes as f64 / 1e6,
                    rate(p.nodes, secs)
                )
            }
            Step::Build {
                stones,
                last,
                done,
                positions,
            } => format!(
                "building tables: slice {stones} of 0..={last}  {:.0}% of {positions} positions",
                100.0 * done as f64 / positions.max(1) as f64
            ),
        };
        bar.set_message(msg);
    };
    (pb, on)
}

/// The planner's answer as `solve --json` prints it (docs/NOTATION.md's keys and more).
fn answer_json(
    g: &TwoRow,
    pos: &mancala_solver::TwoRowPos,
    a: &mancala_tablebases::Answer,
    budget: &mancala_tablebases::plan::Budget,
) -> Value {
    let best_moves: Vec<String> = a
        .moves
        .iter()
        .filter(|&&(_, v)| v == a.value)
        .map(|&(m, _)| g.move_name(pos, m))
        .collect();
    json!({
        "variant": g.variant_id(), "position": g.format_position(pos),
        "metric": "margin", "value": a.value, "future": a.future,
        "best_move": a.best.map(|m| g.move_name(pos, m)),
        "best_moves": if a.moves.is_empty() { Value::Null } else { json!(best_moves) },
        "pv": pv_names(g, pos, &a.pv), "pv_complete": a.pv_complete,
        "nodes": a.nodes, "seconds": a.seconds,
        "exact": a.exact, "depth": a.depth, "threads": budget.threads,
        "method": a.method.as_str(), "phases": a.phases, "tables": a.tables,
        "missing_slices": a.missing_slices, "memory": budget.memory,
    })
}

/// The stderr line naming the slices a `--tablebases` folder lacks that the search went on
/// without, if any.
fn note_missing(g: &TwoRow, a: &mancala_tablebases::Answer) {
    let (Some(t), false) = (&a.tables, a.missing_slices.is_empty()) else {
        return;
    };
    let list: Vec<String> = a.missing_slices.iter().map(u32::to_string).collect();
    let place = t
        .folder
        .as_ref()
        .map_or("the tables".to_string(), |f| f.display().to_string());
    eprintln!(
        "note: {place} lacks the slices of {} stones of {}: the search went on without them",
        list.join(", "),
        mancala_tablebases::GameId::of(g)
    );
}

/// How the answer was proven, in words: `retrograde: tables to 12 stones built in memory`.
fn method_words(a: &mancala_tablebases::Answer) -> String {
    let tables = a.tables.as_ref().map(|t| {
        let to = t.complete_to.map_or("none".to_string(), |k| k.to_string());
        let place = match &t.folder {
            Some(f) => format!("in {}", f.display()),
            None => "in memory".to_string(),
        };
        if t.built > 0 {
            format!("tables to {to} stones ({} slices built {place})", t.built)
        } else {
            format!("tables to {to} stones {place}")
        }
    });
    match (a.method, tables) {
        (mancala_tablebases::Method::Search, _) | (_, None) => a.method.as_str().to_string(),
        (m, Some(t)) => format!("{}, {t}", m.as_str()),
    }
}

fn solve(c: &Common, s: &SearchOpts) -> Res {
    let (g, pos) = setup(c)?;
    let budget = plan_budget(s, board_seeds(&g, &pos))?;
    let planner = mancala_tablebases::Planner::new(&g, budget.clone());
    let (pb, mut on) = plan_spinner();
    let a = planner.solve(&pos, &mut on);
    pb.finish_and_clear();
    let a = a?;
    note_missing(&g, &a);
    if c.json {
        out!("{}", answer_json(&g, &pos, &a, &budget));
        return Ok(());
    }
    let names = pv_names(&g, &pos, &a.pv);
    let how = if a.exact {
        format!("exact, {}", method_words(&a))
    } else if budget.depth.is_some() {
        "heuristic, depth-limited".to_string()
    } else {
        "not proven: the time limit passed".to_string()
    };
    out!(
        "value {:+} ({how}), best move {}",
        a.value,
        a.best
            .map(|m| g.move_name(&pos, m))
            .as_deref()
            .unwrap_or("none (game over)")
    );
    if !names.is_empty() {
        out!("pv {}", names.join(" "));
    }
    if a.exact && !a.pv_complete {
        out!("{PV_CUT}");
    }
    let phases: Vec<String> = a
        .phases
        .iter()
        .map(|p| format!("{} {:.2} s", p.phase, p.seconds))
        .collect();
    let threads = if budget.threads == 1 {
        "1 thread".to_string()
    } else {
        format!("{} threads", budget.threads)
    };
    out!(
        "{} nodes, {:.3} s ({}; {threads})",
        a.nodes,
        a.seconds,
        phases.join(", ")
    );
    Ok(())
}

/// Names the moves of a line played from `pos`.
fn pv_names(
    g: &TwoRow,
    pos: &mancala_solver::TwoRowPos,
    pv: &[mancala_solver::tworow::Pit],
) -> Vec<String> {
    let mut p = *pos;
    pv.iter()
        .map(|&m| {
            let n = g.move_name(&p, m);
            p = g.play(&p, m);
            n
        })
        .collect()
}

fn analyze(c: &Common, s: &SearchOpts) -> Res {
    let (g, pos) = setup(c)?;
    let budget = plan_budget(s, board_seeds(&g, &pos))?;
    let planner = mancala_tablebases::Planner::new(&g, budget.clone());
    let (pb, mut on) = plan_spinner();
    let r = planner.analyze(&pos, &mut on);
    pb.finish_and_clear();
    let (a, values) = r?;
    note_missing(&g, &a);
    // The position's value when proven (a finished game has its value all the same: what
    // `solve` gives, the final margin).
    let best = a.exact.then_some(a.value);
    let all = values.iter().all(|v| v.1.is_some());
    if c.json {
        let moves: serde_json::Map<String, Value> = values
            .iter()
            .map(|&(m, v)| (g.move_name(&pos, m), json!(v)))
            .collect();
        out!(
            "{}",
            json!({
                "variant": g.variant_id(), "position": g.format_position(&pos),
                "metric": "margin", "value": best, "moves": moves,
                "best_moves": values.iter().filter(|v| v.1.is_some() && v.1 == best)
                    .map(|v| g.move_name(&pos, v.0)).collect::<Vec<_>>(),
                "exact": all && a.exact,
                "seconds": a.seconds, "method": a.method.as_str(), "phases": a.phases,
                "tables": a.tables, "missing_slices": a.missing_slices,
            })
        );
    } else {
        if values.is_empty() {
            out!("no legal move: the game is over (value {:+})", a.value);
        }
        for &(m, v) in &values {
            let shown = v.map_or("not proven".to_string(), |v| format!("{v:+}"));
            out!(
                "{:>3}  {shown}{}",
                g.move_name(&pos, m),
                if v.is_some() && v == best {
                    "  best"
                } else {
                    ""
                }
            );
        }
        if !(all && a.exact) {
            out!("note: the time limit passed before every move was proven");
        }
    }
    Ok(())
}

fn bench(as_json: bool, threads: usize) -> Res {
    let threads = threads_or_all(Some(threads))?;
    let rows = mancala_solver::signature::run(threads, &mut |r| {
        if !as_json {
            eprintln!(
                "{:<6} {}x{}  value {:+3}  {:>11} nodes  {:7.3} s  {:6.2} M nodes/s",
                r.variant,
                r.width,
                r.seeds,
                r.value,
                r.nodes,
                r.seconds,
                r.nodes as f64 / r.seconds.max(1e-9) / 1e6
            );
        }
    })?;
    let nodes: u64 = rows.iter().map(|r| r.nodes).sum();
    let secs: f64 = rows.iter().map(|r| r.seconds).sum();
    let nps = nodes as f64 / secs.max(1e-9);
    if as_json {
        let rows: Vec<Value> = rows
            .iter()
            .map(|r| {
                json!({"variant": r.variant, "width": r.width, "seeds": r.seeds, "value": r.value,
                    "exact": r.exact, "nodes": r.nodes, "seconds": r.seconds})
            })
            .collect();
        out!(
            "{}",
            json!({"nodes": nodes, "seconds": secs, "nodes_per_second": nps,
                "threads": threads, "positions": rows})
        );
    } else {
        out!("Nodes searched: {nodes}");
        out!("Nodes/second: {:.0}", nps);
        out!("Seconds: {secs:.3}");
    }
    Ok(())
}

/// `mancala tablebase ...`: parse, call the tablebases library, print.
fn tablebase(cmd: mancala_tablebases::cli::TablebaseCommand) -> Res {
    use mancala_tablebases::cli::{GameArgs, TablebaseCommand as T};
    use mancala_tablebases::Progress as P;
    let rules = |a: &GameArgs, position: Option<String>| {
        setup(&Common {
            variant: a.variant.clone(),
            width: a.width,
            seeds: None,
            rules: a.rules.clone(),
            position,
            json: false,
            players: None,
        })
    };
    if let Some(r) = tablebase_four(&cmd) {
        return r;
    }
    match cmd {
        T::Build {
            game,
            max_stones,
            dir,
            threads,
            json,
        } => {
            let (g, _) = rules(&game, None)?;
            let threads = threads_or_all(threads)?;
            let pb = indicatif::ProgressBar::with_draw_target(
                None,
                indicatif::ProgressDrawTarget::stderr(),
            );
            pb.set_style(
                indicatif::ProgressStyle::with_template(
                    "{prefix} [{bar:30}] {pos}/{len} {msg} {per_sec}",
                )
                .expect("a valid template")
                .progress_chars("=> "),
            );
            let report = mancala_tablebases::build(&g, &dir, max_stones, threads, &|p| match p {
                P::SliceStarted { stones, positions } => {
                    pb.reset();
                    pb.set_length(*positions);
                    pb.set_prefix(format!("n={stones}"));
                    pb.set_message("pass 1");
                }
                P::Positions { count, .. } => pb.inc(*count),
                P::PassDone { pass, stats, .. } => {
                    pb.set_position(0);
                    pb.set_message(format!("pass {} ({} changed)", pass + 1, stats.changed));
                }
                P::SliceDone(r) => {
                    let line = if r.skipped {
                        format!("n={:<3} {:>13} positions  kept", r.stones, r.positions)
                    } else {
                        format!(
                            "n={:<3} {:>13} positions {:>9.3} s {:>8.3} M positions/s",
                            r.stones,
                            r.positions,
                            r.seconds,
                            r.positions as f64 / r.seconds.max(1e-9) / 1e6
                        )
                    };
                    if pb.is_hidden() {
                        eprintln!("{line}");
                    } else {
                        pb.println(line);
                    }
                }
            });
            pb.finish_and_clear();
            let report = report?;
            let positions: u64 = report.slices.iter().map(|s| s.positions).sum();
            if json {
                let slices: Vec<Value> = report
                    .slices
                    .iter()
                    .map(|s| {
                        json!({"stones": s.stones, "positions": s.positions, "skipped": s.skipped,
                            "seconds": s.seconds, "evaluations": s.run.evaluations,
                            "file": s.path.file_name().map(|f| f.to_string_lossy())})
                    })
                    .collect();
                out!(
                    "{}",
                    json!({"variant": report.game.variant, "rules": report.game.rules,
                        "width": report.game.width, "max_stones": max_stones, "dir": dir,
                        "threads": threads, "positions": positions, "seconds": report.seconds,
                        "slices": slices})
                );
            } else {
                out!(
                    "{} slices, {positions} positions of {} in {:.3} s ({threads} threads)",
                    report.slices.len(),
                    report.game,
                    report.seconds
                );
            }
        }
        T::Probe {
            game,
            position,
            dir,
            json,
        } => {
            let (g, pos) = rules(&game, position)?;
            let j = mancala_tablebases::probe_json(&g, &dir, &pos)?;
            if json {
                out!("{j}");
            } else {
                let int = |v: &Value| v.as_i64().unwrap_or_default();
                out!(
                    "value {:+} (future {:+})",
                    int(&j["value"]),
                    int(&j["future"])
                );
                for (m, v) in j["moves"].as_object().into_iter().flatten() {
                    out!("{m:>3}  {:+}", int(v));
                }
            }
        }
        T::Stats {
            game,
            stones,
            dir,
            json,
        } => {
            let (g, _) = rules(&game, None)?;
            let s = mancala_tablebases::stats(&g, &dir, stones)?;
            if json {
                out!("{}", s.to_json());
            } else {
                out!("{} positions with {} stones", s.positions, s.stones);
                for (v, c) in &s.histogram {
                    out!("{v:>+4} {c}");
                }
            }
        }
        T::Verify { dir, json } => {
            let r = mancala_tablebases::verify(&dir)?;
            if json {
                out!(
                    "{}",
                    json!({"ok": true, "files": r.files, "positions": r.positions,
                        "seconds": r.seconds})
                );
            } else {
                out!(
                    "ok: {} files, {} positions verified in {:.3} s",
                    r.files,
                    r.positions,
                    r.seconds
                );
            }
        }
        T::Info { dir, json } => {
            let files = mancala_tablebases::info(&dir)?;
            if json {
                let list: Vec<Value> = files.iter().map(|f| f.to_json()).collect();
                out!("{}", json!({"dir": dir, "files": list}));
            } else {
                if files.is_empty() {
                    out!("no tablebase files (.mtb, .ftb) in {}", dir.display());
                }
                for f in &files {
                    let name = f.path.file_name().unwrap_or_default().to_string_lossy();
                    match &f.header {
                        Some(h) => out!(
                            "{name}  {} positions  {} bytes  checksums ok",
                            h.positions,
                            f.bytes
                        ),
                        None => out!("{name}  refused: {}", f.problem.as_deref().unwrap_or("")),
                    }
                }
            }
            // Listing a refused file is not a pass: fail after the listing.
            mancala_tablebases::ensure_sound(&files)?;
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------
// Engines: `match`, `report`, `bench engines` (the logic is in mancala_solver::{engine,
// matches, report} and mancala_tablebases::report).

/// `mancala bench <what>`.
#[derive(Subcommand)]
enum BenchWhat {
    /// Nodes a second and time a move (time to depth) of each engine on fixed positions.
    Engines {
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
        /// Only this variant.
        #[arg(long)]
        variant: Option<String>,
    },
    /// Speed of kpo for three and four players: perft, searches, whole-graph analysis.
    Players {
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
}

/// Options of `mancala match`.
#[derive(Args)]
struct MatchArgs {
    #[command(flatten)]
    common: Common,
    /// Engine A: random, greedy, alphabeta[:depth=D|:nodes=N|:time=MS],
    /// mcts[:iters=N][:c=C], perfect[:tt=MB][:time=MS] (docs/ENGINES.md).
    #[arg(long, required_unless_present = "engines")]
    a: Option<String>,
    /// Engine B (same forms as --a).
    #[arg(long, required_unless_present = "engines")]
    b: Option<String>,
    /// kpo with --players 3 or 4: one engine a seat, A,B,C[,D] (random, greedy,
    /// maxn[:depth=D|:nodes=N][:tie=T], paranoid[:depth=D|:nodes=N], mcts[:iters=N][:c=C]);
    /// every seat order is played, the games rounded up to a multiple of their number.
    #[arg(long)]
    engines: Option<String>,
    /// Games (A is South, the first player, in even games, North in odd ones).
    #[arg(long, default_value_t = 100)]
    games: u32,
    /// Seed of every game's random generator (game i uses (seed, i)).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Random plies at the start of each game.
    #[arg(long, default_value_t = 0)]
    opening: u32,
    /// Ply limit of a game (then scored by the seeds won so far).
    #[arg(long, default_value_t = mancala_solver::matches::DEFAULT_MAX_PLIES)]
    max_plies: u32,
    /// Worker threads, 1..=256 (default: all cores, at most 256); results do not depend on it.
    #[arg(long)]
    threads: Option<usize>,
    /// Endgame tablebases for the `perfect` engine (two-row games): a cache folder where the
    /// whole game's tables are looked for, and built when they fit in --memory.
    #[arg(long, value_name = "DIR")]
    tablebases: Option<std::path::PathBuf>,
    /// Two-row games with a `perfect` engine: memory its tables may take, e.g. 512M, 8G (a
    /// plain number is MiB) [default: half the machine's memory]. When every position with
    /// up to the start's seeds fits, the whole game is built first and every move of
    /// `perfect` is read from it.
    #[arg(long, value_name = "SIZE")]
    memory: Option<String>,
}

/// Which report.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum ReportWhat {
    Advantage,
    /// The section of advantage.md on kpo for three and four players, alone.
    Players,
    Strength,
    Tablebase,
    All,
}

/// Options of `mancala report`.
#[derive(Args)]
struct ReportArgs {
    /// advantage, players (the section of advantage.md on kpo for three and four players,
    /// rewritten alone), strength, tablebase or all.
    #[arg(value_enum)]
    what: ReportWhat,
    /// Folder the reports are written to.
    #[arg(long, default_value = "reports")]
    out: std::path::PathBuf,
    /// Work budget: tiny (CI), small, medium (the committed reports).
    #[arg(long, default_value = "small")]
    budget: String,
    /// Seed of every sampled figure.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads, 1..=256 (default: all cores, at most 256).
    #[arg(long)]
    threads: Option<usize>,
    /// Folder of the tablebases built for the report (default: a temporary folder, removed).
    #[arg(long, value_name = "DIR")]
    tables: Option<std::path::PathBuf>,
    /// Overwrite reports in --out that were made with another budget or seed.
    #[arg(long)]
    force: bool,
}

/// Refuses to overwrite a report of `out` that this run writes but another budget or seed
/// made (its header says which: "Generated by `mancala report <what> --budget B --seed S`"),
/// so that a quick trial run does not replace the committed reports by accident.
fn check_overwrite(r: &ReportArgs) -> Res {
    if r.force {
        return Ok(());
    }
    let names: &[&str] = match r.what {
        ReportWhat::Advantage => &["advantage"],
        ReportWhat::Strength => &["strength"],
        ReportWhat::Tablebase => &["tablebase"],
        ReportWhat::All => &["advantage", "strength", "tablebase"],
        ReportWhat::Players => &["advantage"],
    };
    for name in names {
        let path = r.out.join(format!("{name}.md"));
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let Some(line) = text
            .lines()
            .find(|l| l.starts_with("Generated by `mancala report"))
        else {
            continue;
        };
        let command = line.split('`').nth(1).unwrap_or("");
        let word = |key: &str| {
            let mut w = command.split_whitespace();
            w.find(|&x| x == key)
                .and_then(|_| w.next())
                .map(str::to_string)
        };
        let seed_differs = *name != "tablebase" && word("--seed") != Some(r.seed.to_string());
        if word("--budget").as_deref() != Some(r.budget.as_str()) || seed_differs {
            return Err(Fail(format!(
                "{} was made by `{command}`; pass --force to overwrite it with --budget {} --seed {}, or choose another --out",
                path.display(),
                r.budget,
                r.seed
            )));
        }
    }
    Ok(())
}

/// The most threads `--threads` takes (a thread count past the cores of any machine this
/// runs on only costs: every worker has its own stacks and search state).
const MAX_THREADS: usize = 256;

/// The value of `--threads`: 1..=[`MAX_THREADS`]; by default the cores of this machine (at
/// most [`MAX_THREADS`]).
fn threads_or_all(t: Option<usize>) -> Result<usize, Fail> {
    match t {
        Some(t) if !(1..=MAX_THREADS).contains(&t) => Err(Fail(format!(
            "invalid --threads {t}: expected 1..={MAX_THREADS}"
        ))),
        Some(t) => Ok(t),
        None => Ok(std::thread::available_parallelism().map_or(1, |n| n.get().min(MAX_THREADS))),
    }
}

fn pool(threads: usize) -> Result<rayon::ThreadPool, Fail> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| Fail(format!("cannot start {threads} threads: {e}")))
}

fn play_match(m: &MatchArgs) -> Res {
    use mancala_solver::search::Oracle;
    match setup_any(&m.common)? {
        AnyGame::Two(g, pos) => {
            use mancala_solver::engine::EngineSpec;
            let perfect = [&m.a, &m.b].iter().any(|e| {
                matches!(
                    e.as_deref().map(str::parse::<EngineSpec>),
                    Some(Ok(EngineSpec::Perfect { .. }))
                )
            });
            // The perfect engine plays from tables whenever the solve planner can have them:
            // the whole game from the start's seeds, built when it fits (in the --tablebases
            // folder, or in memory), else the folder's tables as they are.
            let oracle: Option<std::sync::Arc<dyn Oracle<TwoRow>>> = if perfect {
                let budget = mancala_tablebases::plan::Budget {
                    memory: match &m.memory {
                        Some(x) => parse_memory(x)?,
                        None => mancala_tablebases::plan::default_memory(),
                    },
                    cache: m.tablebases.clone(),
                    ..mancala_tablebases::plan::Budget::new(threads_or_all(m.threads)?)
                };
                let planner = mancala_tablebases::Planner::new(&g, budget);
                let (pb, mut on) = plan_spinner();
                let t = planner.tables_for(board_seeds(&g, &pos), &mut on);
                pb.finish_and_clear();
                t?.map(|t| std::sync::Arc::new(t) as _)
            } else {
                match &m.tablebases {
                    None => None,
                    Some(dir) => Some(std::sync::Arc::new(mancala_tablebases::Tablebases::open(
                        dir, &g,
                    )?)),
                }
            };
            play_match_on(&*g, &pos, m, oracle)
        }
        AnyGame::Four(g, pos) => {
            if m.tablebases.is_some() {
                return Err(Fail(
                    "--tablebases: the endgame tables are for two-row games only".into(),
                ));
            }
            play_match_on(&g, &pos, m, None)
        }
    }
}

/// `mancala match` on a game of either kind.
fn play_match_on<G: mancala_solver::engine::EngineGame + Notation + 'static>(
    g: &G,
    pos: &G::Position,
    m: &MatchArgs,
    oracle: Option<std::sync::Arc<dyn mancala_solver::search::Oracle<G>>>,
) -> Res {
    use mancala_solver::engine::EngineSpec;
    use mancala_solver::matches::{run_match, summarize, MatchConfig};
    let (Some(a), Some(b), None) = (&m.a, &m.b, &m.engines) else {
        return Err(Fail(
            "--engines is for kpo with --players 3 or 4; two players take --a and --b".into(),
        ));
    };
    let a: EngineSpec = a.parse()?;
    let b: EngineSpec = b.parse()?;
    if m.games == 0 {
        return Err(Fail("invalid --games 0: expected at least 1".into()));
    }
    if m.max_plies == 0 {
        return Err(Fail("invalid --max-plies 0: expected at least 1".into()));
    }
    let threads = threads_or_all(m.threads)?;
    if g.outcome(pos).is_some() {
        return Err(Fail(
            "the game is already over in the given position".into(),
        ));
    }
    let cfg = MatchConfig {
        games: m.games,
        seed: m.seed,
        opening: m.opening,
        max_plies: m.max_plies,
    };
    let pb = indicatif::ProgressBar::with_draw_target(
        Some(m.games as u64),
        indicatif::ProgressDrawTarget::stderr(),
    );
    let t = Instant::now();
    let games = pool(threads)?.install(|| run_match(g, pos, &a, &b, oracle, &cfg, &|| pb.inc(1)));
    pb.finish_and_clear();
    let secs = t.elapsed().as_secs_f64();
    let s = summarize(&games);
    let e = s.elo;
    if m.common.json {
        out!(
            "{}",
            json!({
                "variant": g.variant_id(), "position": g.format_position(pos),
                "a": a.to_string(), "b": b.to_string(), "games": s.games, "seed": m.seed,
                "opening": m.opening, "max_plies": m.max_plies,
                "wins": s.wins, "draws": s.draws, "losses": s.losses, "score": e.score,
                "elo": e.diff, "elo_lo": e.lo, "elo_hi": e.hi,
                "mean_plies": s.mean_plies,
                "first_player": {"wins": s.by_seat[0], "draws": s.by_seat[1], "losses": s.by_seat[2]},
                "ended": {"rules": s.ends[0], "repetition": s.ends[1], "ply_limit": s.ends[2]},
                "seconds": secs,
            })
        );
    } else {
        use mancala_solver::report::elo_text;
        out!(
            "{} games of {}: A = {a}, B = {b}, seed {}",
            s.games,
            g.variant_id(),
            m.seed
        );
        out!(
            "A: {} wins, {} draws, {} losses; score {:.3}",
            s.wins,
            s.draws,
            s.losses,
            e.score
        );
        out!(
            "Elo difference A-B: {} (95% interval {} to {})",
            elo_text(e.diff, e.score - 0.5),
            elo_text(e.lo, -1.0),
            elo_text(e.hi, 1.0)
        );
        out!(
            "mean game length {:.1} plies; first player {} wins, {} draws, {} losses; ended by the rules {}, by repetition {}, by the ply limit {}",
            s.mean_plies,
            s.by_seat[0],
            s.by_seat[1],
            s.by_seat[2],
            s.ends[0],
            s.ends[1],
            s.ends[2]
        );
    }
    Ok(())
}

fn report(r: &ReportArgs) -> Res {
    use mancala_solver::report::advantage::{advantage, Proved};
    use mancala_solver::report::{strength::strength, Budget};
    use mancala_solver::search::Oracle;
    let threads = threads_or_all(r.threads)?;
    let budget = Budget::named(&r.budget, threads)?;
    check_overwrite(r)?;
    let pb = spinner();
    let log = |msg: &str| pb.set_message(msg.to_string());
    let (tables, temporary) = match &r.tables {
        Some(d) => (d.clone(), false),
        None => (
            std::env::temp_dir().join(format!("mancala-report-{}", std::process::id())),
            true,
        ),
    };
    let run = || -> Res {
        let what = r.what;
        let pool = pool(threads)?;
        if matches!(what, ReportWhat::Tablebase | ReportWhat::All) {
            pool.install(|| {
                mancala_tablebases::report::tablebase_report(&r.out, &tables, &budget, &log)
            })?;
        }
        if matches!(what, ReportWhat::Strength | ReportWhat::All) {
            // The error counts need the tables (a no-op when the tablebase report built them).
            for v in VARIANTS.iter().filter(|v| v.kind.is_some()) {
                let g = variant::build(v.id, None, None, &[])?;
                mancala_tablebases::build(&g, &tables, budget.tb_stones, threads, &|_| {})?;
            }
            let oracle_for = |g: &TwoRow| -> Option<std::sync::Arc<dyn Oracle<TwoRow>>> {
                mancala_tablebases::Tablebases::open(&tables, g)
                    .ok()
                    .map(|t| std::sync::Arc::new(t) as _)
            };
            // Four-row win/draw/loss tables on the standard boards of the removal games
            // (the others, or boards wider than the tables allow, have none).
            let four_dir = tables.join("four");
            let oracle_four = |g: &FourRow| -> Option<std::sync::Arc<dyn Oracle<FourRow>>> {
                log(&format!("{}: four-row tables", g.variant_id()));
                mancala_tablebases::fourrow::build(
                    g,
                    &four_dir,
                    budget.four_tb_stones,
                    threads,
                    &|_| {},
                )
                .ok()?;
                let t = mancala_tablebases::fourrow::FourTables::open(&four_dir, g).ok()?;
                (!t.is_empty()).then(|| std::sync::Arc::new(t) as _)
            };
            pool.install(|| strength(&r.out, &budget, r.seed, &oracle_for, &oracle_four, &log))?;
        }
        if what == ReportWhat::Players {
            let b = mancala_solver::report::players::PlayersBudget::named(&r.budget)?;
            pool.install(|| mancala_solver::report::players::splice(&r.out, &b, r.seed, &log))?;
        }
        if matches!(what, ReportWhat::Advantage | ReportWhat::All) {
            // Each reduced board by the solve planner, its tables kept in the report's folder
            // (boards of one width share them).
            let prove = |g: &TwoRow, deadline: Instant| -> Proved {
                let plan = mancala_tablebases::plan::Budget {
                    memory: budget.table_memory,
                    deadline: Some(deadline),
                    cache: Some(tables.clone()),
                    ..mancala_tablebases::plan::Budget::new(threads)
                };
                match mancala_tablebases::Planner::new(g, plan).solve(&g.start(), &mut |_| {}) {
                    Ok(a) => Proved {
                        value: a.value,
                        exact: a.exact,
                        method: a.method.as_str(),
                        nodes: a.nodes,
                        seconds: a.seconds,
                    },
                    Err(e) => {
                        log(&format!(
                            "{} {}x{}: {e}",
                            g.variant_id(),
                            g.width(),
                            g.seeds()
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
            };
            pool.install(|| advantage(&r.out, &budget, r.seed, &prove, &log))?;
        }
        Ok(())
    };
    let res = run();
    if temporary {
        let _ = std::fs::remove_dir_all(&tables);
    }
    pb.finish_and_clear();
    res?;
    eprintln!("reports written to {}", r.out.display());
    Ok(())
}

fn bench_engines(as_json: bool, variant: Option<String>) -> Res {
    use mancala_solver::engine::bench::{
        bench_engines as run, BenchEvent, BENCH_ENGINES, BENCH_ENGINES_FOUR,
    };
    if let Some(v) = &variant {
        variant::setup(v, None, None, &[], None)?;
    }
    // A bar of the moves chosen on stderr (hidden when stderr is not a terminal); the rows go
    // to stdout between its redraws.
    let pb =
        indicatif::ProgressBar::with_draw_target(None, indicatif::ProgressDrawTarget::stderr());
    pb.set_style(
        indicatif::ProgressStyle::with_template(
            "[{bar:30}] {pos}/{len} moves  {elapsed_precise}  {msg}",
        )
        .expect("a valid template")
        .progress_chars("=> "),
    );
    let rows = run(
        BENCH_ENGINES,
        BENCH_ENGINES_FOUR,
        variant.as_deref(),
        &mut |e| match e {
            BenchEvent::Planned(n) => pb.set_length(n),
            BenchEvent::Start { variant, engine } => pb.set_message(format!("{variant} {engine}")),
            BenchEvent::Moved => pb.inc(1),
            BenchEvent::Row(r) if !as_json => pb.suspend(|| {
                out!(
                    "{:<10} {:<24} {:>12} nodes {:>10.3} ms/move {:>8.2} M nodes/s",
                    r.variant,
                    r.engine,
                    r.nodes,
                    1e3 * r.seconds_per_move(),
                    r.nodes_per_second() / 1e6
                )
            }),
            BenchEvent::Row(_) => {}
        },
    );
    pb.finish_and_clear();
    if as_json {
        let v: Vec<Value> = rows
            .iter()
            .map(|r| {
                json!({"variant": r.variant, "engine": r.engine, "moves": r.moves,
                    "nodes": r.nodes, "seconds": r.seconds,
                    "seconds_per_move": r.seconds_per_move(),
                    "nodes_per_second": r.nodes_per_second()})
            })
            .collect();
        out!("{}", json!({ "rows": v }));
    }
    Ok(())
}

/// `mancala tablebase build|probe|stats` for the four-row removal games (wdl tables);
/// `None` when the command is for two-row tables (`verify` and `info` cover both kinds).
fn tablebase_four(cmd: &mancala_tablebases::cli::TablebaseCommand) -> Option<Res> {
    use mancala_tablebases::cli::{GameArgs, TablebaseCommand as T};
    use mancala_tablebases::fourrow::{self as four, FourTables};
    let is_four = |a: &GameArgs| variant::find(&a.variant).is_ok_and(|i| i.four.is_some());
    let session = |a: &GameArgs, position: Option<String>| -> Result<(FourRow, FourRowPos), Fail> {
        match setup_any(&Common {
            variant: a.variant.clone(),
            width: a.width,
            seeds: None,
            rules: a.rules.clone(),
            position,
            json: false,
            players: None,
        })? {
            AnyGame::Four(g, p) => Ok((g, p)),
            AnyGame::Two(..) => unreachable!("a four-row variant"),
        }
    };
    let plies =
        |v: mancala_solver::fourrow::retro::Wdl| v.plies().map_or(Value::Null, |d| json!(d));
    let text = |v: mancala_solver::fourrow::retro::Wdl| match v.plies() {
        Some(d) => format!("{} in {d} plies", v.word()),
        None => "draw".to_string(),
    };
    let four = match cmd {
        T::Build { game, .. } | T::Probe { game, .. } | T::Stats { game, .. } => is_four(game),
        _ => false,
    };
    if !four {
        return None;
    }
    Some((|| -> Res {
        match cmd {
            T::Build {
                game,
                max_stones,
                dir,
                threads,
                json,
            } => {
                let (g, _) = session(game, None)?;
                let threads = threads_or_all(*threads)?;
                let r = four::build(&g, dir, *max_stones, threads, &|u| {
                    eprintln!(
                        "m={:<3} o={:<3} {:>11} positions {}  win {} draw {} loss {}  longest {} plies",
                        u.split[0], u.split[1], u.positions,
                        if u.skipped { "kept".to_string() } else { format!("{:.3} s", u.seconds) },
                        u.counts[0], u.counts[1], u.counts[2], u.max_plies
                    )
                })?;
                let positions: u64 = r.slices.iter().map(|s| s.positions).sum();
                let id = four::game_id(&g);
                if *json {
                    let slices: Vec<Value> = r
                        .slices
                        .iter()
                        .map(|s| {
                            json!({
                        "split": s.split, "positions": s.positions, "skipped": s.skipped,
                        "win": s.counts[0], "draw": s.counts[1], "loss": s.counts[2],
                        "max_plies": s.max_plies,
                        "file": s.path.file_name().map(|f| f.to_string_lossy())})
                        })
                        .collect();
                    out!(
                        "{}",
                        json!({"variant": id.variant, "rules": id.rules, "width": id.width,
                        "metric": "wdl", "max_stones": max_stones, "dir": dir, "threads": threads,
                        "positions": positions, "seconds": r.seconds, "slices": slices})
                    );
                } else {
                    out!(
                        "{} slices, {positions} positions of {id} in {:.3} s ({threads} threads)",
                        r.slices.len(),
                        r.seconds
                    );
                }
                Ok(())
            }
            T::Probe {
                game,
                position,
                dir,
                json,
            } => {
                let (g, pos) = session(game, position.clone())?;
                let p = FourTables::open(dir, &g)?.probe(&pos)?;
                if *json {
                    let moves: serde_json::Map<String, Value> = p
                        .moves
                        .iter()
                        .map(|(m, v)| {
                            (
                                m.clone(),
                                match v {
                                    Some(v) => json!({"value": v.value(), "plies": plies(*v)}),
                                    None => Value::Null,
                                },
                            )
                        })
                        .collect();
                    out!(
                        "{}",
                        json!({"variant": g.variant_id(), "position": g.format_position(&pos),
                        "metric": "wdl", "value": p.value.value(), "plies": plies(p.value),
                        "moves": moves})
                    );
                } else {
                    out!(
                        "value {} ({:+}) for {}",
                        text(p.value),
                        p.value.value(),
                        g.to_move(&pos)
                    );
                    for (m, v) in &p.moves {
                        out!(
                            "{m:>8}  {}",
                            v.map_or("not in the tables".to_string(), text)
                        );
                    }
                }
                Ok(())
            }
            T::Stats {
                game,
                stones,
                dir,
                json,
            } => {
                let (g, _) = session(game, None)?;
                let st = FourTables::open(dir, &g)?.stats(*stones)?;
                if *json {
                    let v: Vec<Value> = st
                        .iter()
                        .map(|(s, c, m)| {
                            json!({"split": s, "win": c[0], "draw": c[1], "loss": c[2],
                                "max_plies": m})
                        })
                        .collect();
                    out!("{}", json!({"stones": stones, "slices": v}));
                } else {
                    for (s, c, m) in &st {
                        out!(
                            "m={} o={}  win {} draw {} loss {}  longest {m} plies",
                            s[0],
                            s[1],
                            c[0],
                            c[1],
                            c[2]
                        );
                    }
                }
                Ok(())
            }
            _ => unreachable!("only build, probe and stats reach here"),
        }
    })())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_table_grows_with_the_seeds() {
        let sizes: Vec<usize> = [
            None,
            Some(0),
            Some(36),
            Some(41),
            Some(42),
            Some(48),
            Some(54),
        ]
        .into_iter()
        .chain([Some(60), Some(255)])
        .map(default_tt_mb)
        .collect();
        assert_eq!(sizes, [256, 16, 64, 128, 256, 1024, 2048, 2048, 2048]);
    }
}
