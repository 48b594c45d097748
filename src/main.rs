//! `mancala`: the command line of the mancala toolkit (clap only; the work is in the library
//! crates). The interface follows the project's NOTATION.md: position text, move names,
//! `--json` output and perft.

use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand};
use mancala_solver::fourrow::retro;
use mancala_solver::perft::{divide, perft};
use mancala_solver::search::{Limits, Progress, Solver};
use mancala_solver::variant::{self, Built, VARIANTS};
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
    /// Count move paths of a given length (NOTATION.md).
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
    /// Write a report (Markdown, CSV, SVG): advantage, strength, tablebase or all.
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
    /// Pits a side (default 6; inferred from --position when not given).
    #[arg(long)]
    width: Option<usize>,
    /// Seeds a pit at the start (default 4).
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
}

/// Options of the exact search.
#[derive(Args)]
struct SearchOpts {
    /// Search threads, 1..=256 (default: all cores, at most 256).
    #[arg(long)]
    threads: Option<usize>,
    /// Transposition table size in MiB, 1..=65536 [default: 256; two-row games: doubled for
    /// every 6 seeds on the board past 36, up to 2048]. Four-row `solve`: the count of plies
    /// that follows the search keeps to the same memory once the search's table is freed:
    /// the whole reachable graph (160 bytes a position, at most 3,000,000 positions), else a
    /// depth-limited search (128 bytes a memo entry); past both, "plies" is null and
    /// "plies_stopped" says why.
    #[arg(long)]
    tt_mb: Option<usize>,
    /// Stop at this depth (plies): the value is then a heuristic, not exact, and the
    /// principal variation is empty ("pv": []; the best move is still given).
    #[arg(long)]
    depth: Option<u32>,
    /// Probe the endgame tablebases in this folder (built by `mancala tablebase build`).
    #[arg(long, value_name = "DIR")]
    tablebases: Option<std::path::PathBuf>,
    /// Stop after this many seconds (below 1e9): the result of the last finished iteration
    /// is then reported with "exact": false (and an empty principal variation) unless the
    /// value was already proven. Four-row `solve`: the count of plies after the search stops
    /// too ("plies": null, "plies_stopped": "time limit").
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

/// The table size `--tt-mb` defaults to: 256 MiB, doubled for every 6 seeds on the board past
/// 36, at most 2048 MiB. The search grows about fourfold with every 4 seeds, and a table far
/// smaller than it costs more than memory: Kalah(6,4) (48 seeds) on 2 threads took 155 s with
/// 256 MiB, 45 s with 1 GiB and 49 s with 2 GiB (BENCHMARKS.md, session 7). It depends on the
/// position alone, so the same command gives the same node count on any machine.
fn default_tt_mb(seeds: Option<u32>) -> usize {
    let doublings = seeds.map_or(0, |s| s.saturating_sub(36) / 6).min(3);
    256 << doublings
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
                eprintln!("{line}");
                return ExitCode::from(2);
            }
            let text = e.render().to_string();
            let line: Vec<&str> = text
                .lines()
                .map(str::trim)
                .take_while(|l| !l.is_empty())
                .collect();
            eprintln!("{}", line.join(" "));
            return ExitCode::from(2);
        }
    };
    match run(cli.command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Fail(msg)) => {
            eprintln!("error: {msg}");
            ExitCode::from(2)
        }
    }
}

fn run(cmd: Command) -> Res {
    match cmd {
        Command::Variants { json } => variants(json),
        Command::Start(c) => with_game!(&c, g, pos, cmd_start(&g, &pos, &c)),
        Command::Show(c) => with_game!(&c, g, pos, cmd_show(&g, &pos, &c)),
        Command::Moves(c) => with_game!(&c, g, pos, cmd_moves(&g, &pos, &c)),
        Command::Play { common, moves } => {
            with_game!(&common, g, pos, cmd_play(&g, pos, &common, &moves))
        }
        Command::Solve { common, search } => match setup_any(&common)? {
            Session::Two(..) => solve(&common, &search),
            Session::Four(g, pos) => solve_four(&g, &pos, &common, &search),
        },
        Command::Analyze { common, search } => match setup_any(&common)? {
            Session::Two(..) => analyze(&common, &search),
            Session::Four(g, pos) => analyze_four(&g, &pos, &common, &search),
        },
        Command::Bench {
            what: Some(BenchWhat::Engines { json, variant }),
            ..
        } => bench_engines(json, variant),
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

/// A built game and its position: two-row or four-row.
enum Session {
    Two(Box<TwoRow>, mancala_solver::TwoRowPos),
    Four(FourRow, FourRowPos),
}

/// Runs `$body` with `$g` and `$pos` bound to the game and position of either kind.
macro_rules! with_game {
    ($c:expr, $g:ident, $pos:ident, $body:expr) => {
        match setup_any($c)? {
            Session::Two($g, $pos) => {
                let $g = *$g;
                $body
            }
            Session::Four($g, $pos) => $body,
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

/// Builds the rules (of either kind) and the position from the common options.
fn setup_any(c: &Common) -> Result<Session, Fail> {
    let info = variant::find(&c.variant)?;
    if info.four.is_none() {
        let (g, pos) = setup(c)?;
        return Ok(Session::Two(Box::new(g), pos));
    }
    let width = c.width.or_else(|| {
        let text = c.position.as_deref()?;
        let first_row = text.split_whitespace().next()?.split('/').next()?;
        let n = first_row.split(',').count();
        (2..=mancala_solver::fourrow::MAX_WIDTH)
            .contains(&n)
            .then_some(n)
    });
    let Built::Four(g) = variant::build_any(&c.variant, width, c.seeds, &c.rules)? else {
        unreachable!("a four-row catalogue entry builds four-row rules")
    };
    let pos = match &c.position {
        Some(text) => g.parse_position(text)?,
        None => g.start(),
    };
    Ok(Session::Four(g, pos))
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
    if c.json {
        let mut v = json!({
            "variant": g.variant_id(), "position": g.format_position(pos),
            "depth": depth, "nodes": nodes, "seconds": secs,
        });
        if split {
            let d: serde_json::Map<String, Value> = parts
                .iter()
                .map(|&(m, n)| (g.move_name(pos, m), json!(n)))
                .collect();
            v["divide"] = Value::Object(d);
        }
        out!("{v}");
    } else {
        for (m, n) in &parts {
            out!("{} {n}", g.move_name(pos, *m));
        }
        out!("{nodes}");
        eprintln!(
            "perft {depth}: {nodes} nodes in {secs:.3} s ({:.1} M nodes/s)",
            nodes as f64 / secs.max(1e-9) / 1e6
        );
    }
    Ok(())
}

/// Positions beyond which `solve` does not try the whole-graph count of plies.
const RETRO_LIMIT: usize = 3_000_000;

/// The positions the whole-graph analysis of a four-row `solve` may hold within `--tt-mb`
/// MiB (it runs after the search, whose table is then freed): at most [`RETRO_LIMIT`].
fn retro_limit(tt_mb: usize) -> usize {
    ((tt_mb << 20) / retro::BYTES_PER_POSITION).min(RETRO_LIMIT)
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
    // Four-row wdl tables (removal games): probed by the search as its oracle.
    let tables = open_four_tables(g, s)?;
    let limits = s.limits(None)?;
    // The search numbers a position's moves with a byte (search.rs): on boards where a
    // position could have more, the whole reachable graph is solved by retrograde analysis
    // instead when it is small enough; otherwise `solve` refuses.
    if g.max_moves_bound() > 256 {
        return solve_four_retro(g, pos, c, s, &limits);
    }
    let exact_key = g.exact_key(pos).is_some();
    let mut solver = Solver::new(g, limits);
    if let Some(t) = &tables {
        solver = solver.with_oracle(t);
    }
    // A root inside the tables has its plies there.
    let stored = tables.as_ref().and_then(|t| t.value(pos));
    let pb = spinner();
    let t0 = Instant::now();
    let r = solver.solve_with_progress(pos, &mut |p: Progress| {
        pb.set_message(format!(
            "depth {}  value in [{}, {}]  {:.1} M nodes",
            p.depth,
            p.lower,
            p.upper,
            p.nodes as f64 / 1e6
        ));
    });
    let exact = r.exact && exact_key;
    // The count of plies runs after the search and within the same memory (`--tt-mb`): the
    // search's table is freed first.
    drop(solver);
    let bytes = limits.tt_mb << 20;
    // Why the plies of a won or lost root are not given, when they are not.
    let mut plies_stop: Option<&str> = None;
    // Plies to the end: the whole reachable graph, when small enough (exact).
    let retro = if exact && s.depth.is_none() && stored.is_none() {
        pb.set_message("plies: retrograde analysis of the reachable graph");
        let limit = retro_limit(limits.tt_mb);
        match retro::solve_until(g, pos, limit, limits.deadline) {
            Ok(t) => Some(t),
            Err(retro::RetroError::OutOfTime) => {
                plies_stop = Some("time limit");
                None
            }
            Err(_) => None,
        }
    } else {
        None
    };
    let wdl = retro.as_ref().and_then(|t| t.value(g, pos));
    if let Some(w) = wdl {
        if w.value() != r.value {
            pb.finish_and_clear();
            return Err(Fail(format!(
                "internal disagreement: search value {} but retrograde {:?}",
                r.value, w
            )));
        }
    }
    let mut plies = wdl
        .and_then(|w| w.plies())
        .or(stored.and_then(|v| v.plies()));
    // The distance-optimal line found with the plies by the depth-limited search.
    let mut found = None;
    if plies.is_none()
        && retro.is_none()
        && stored.is_none()
        && plies_stop.is_none()
        && exact
        && r.value != 0
    {
        // Graph too large: the same distance and line by a depth-limited search, if short.
        pb.set_message("plies: depth-limited search");
        let bounds = retro::Bounds {
            nodes: 20_000_000,
            memo: bytes / retro::MEMO_BYTES,
            deadline: limits.deadline,
        };
        match retro::line_by_search(g, pos, r.value, bounds) {
            Ok((d, line)) => {
                plies = Some(d);
                found = Some(line);
            }
            Err(retro::Stop::Time) => plies_stop = Some("time limit"),
            Err(retro::Stop::Budget) => plies_stop = Some("search bound"),
        }
    }
    pb.finish_and_clear();
    // With plies known, the line is the distance-optimal one (the move, the line and the plies
    // of one analysis); else the search's.
    let (line, line_complete) = match (found, &retro, plies, &tables) {
        (Some(line), ..) => (line, true),
        (None, Some(t), Some(_), _) => (t.line(g, pos), true),
        (None, None, Some(_), Some(t)) if stored.is_some() => (t.line(pos), true),
        _ => (r.pv.clone(), r.pv_complete),
    };
    let mut names = Vec::new();
    let mut p = *pos;
    for &m in &line {
        names.push(g.move_name(&p, m));
        p = g.play(&p, m);
    }
    let best = line
        .first()
        .or(r.best.as_ref())
        .map(|&m| g.move_name(pos, m));
    let secs = t0.elapsed().as_secs_f64();
    if c.json {
        out!(
            "{}",
            json!({
                "variant": g.variant_id(), "position": g.format_position(pos),
                "metric": "wdl", "value": r.value, "plies": plies,
                "best_move": best, "pv": names, "pv_complete": line_complete,
                "nodes": r.nodes, "seconds": secs,
                "exact": exact, "depth": r.depth, "threads": limits.threads,
                "graph_positions": retro.as_ref().map(|t| t.len()),
                "plies_stopped": plies_stop,
            })
        );
    } else {
        let word = match r.value {
            1 => "win",
            0 => "draw",
            _ => "loss",
        };
        out!(
            "value {word} for {} ({:+}){}, best move {}",
            g.to_move(pos),
            r.value,
            match plies {
                Some(n) => format!(", {n} plies to the end"),
                None => String::new(),
            },
            best.as_deref().unwrap_or("none (game over)")
        );
        if !exact {
            out!(
                "note: not proven (depth or time limit, or a position too large for an exact key)"
            );
        }
        if let Some(why) = plies_stop {
            out!("note: plies to the end not counted ({why}); the line is the search's");
        }
        if !names.is_empty() {
            out!("pv {}", names.join(" "));
        }
        if r.exact && !line_complete {
            out!("{PV_CUT}");
        }
        out!("{} nodes in {:.3} s", r.nodes, secs);
    }
    Ok(())
}

/// `solve` by whole-graph retrograde analysis alone, for boards where a position can have
/// more moves than the search numbers (256).
fn solve_four_retro(
    g: &FourRow,
    pos: &FourRowPos,
    c: &Common,
    s: &SearchOpts,
    limits: &Limits,
) -> Res {
    let refuse = |why: &str| {
        Err(Fail(format!(
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
        )))
    };
    if s.depth.is_some() || s.tablebases.is_some() {
        return refuse("--depth and --tablebases need the search");
    }
    let t0 = Instant::now();
    let pb = spinner();
    pb.set_message("whole-graph retrograde analysis (more than 256 moves possible)");
    let t = retro::solve_until(g, pos, retro_limit(limits.tt_mb), limits.deadline);
    pb.finish_and_clear();
    let t = match t {
        Ok(t) => t,
        Err(retro::RetroError::NoExactKey) => {
            return refuse("the whole-graph solver needs positions that fit its 128-bit key")
        }
        Err(retro::RetroError::TooBig(n)) => {
            return refuse(&format!(
                "the whole-graph solver stops beyond {n} positions (what --tt-mb {} holds; at most {RETRO_LIMIT})",
                limits.tt_mb
            ))
        }
        Err(retro::RetroError::OutOfTime) => {
            return refuse("--time ran out before the whole-graph solver finished")
        }
    };
    let w = t.value(g, pos).expect("the root is in its graph");
    let line = t.line(g, pos);
    let mut names = Vec::new();
    let mut p = *pos;
    for &m in &line {
        names.push(g.move_name(&p, m));
        p = g.play(&p, m);
    }
    let best = line.first().map(|&m| g.move_name(pos, m));
    let secs = t0.elapsed().as_secs_f64();
    let value = w.value();
    if c.json {
        out!(
            "{}",
            json!({
                "variant": g.variant_id(), "position": g.format_position(pos),
                "metric": "wdl", "value": value, "plies": w.plies(),
                "best_move": best, "pv": names, "nodes": t.len(), "seconds": secs,
                "exact": true, "method": "retrograde", "graph_positions": t.len(),
            })
        );
    } else {
        let word = match value {
            1 => "win",
            0 => "draw",
            _ => "loss",
        };
        out!(
            "value {word} for {} ({value:+}){}, best move {}",
            g.to_move(pos),
            match w.plies() {
                Some(n) => format!(", {n} plies to the end"),
                None => String::new(),
            },
            best.as_deref().unwrap_or("none (game over)")
        );
        if !names.is_empty() {
            out!("pv {}", names.join(" "));
        }
        out!(
            "{} positions in the reachable graph (retrograde analysis) in {secs:.3} s",
            t.len()
        );
    }
    Ok(())
}

fn analyze_four(g: &FourRow, pos: &FourRowPos, c: &Common, s: &SearchOpts) -> Res {
    if s.depth.is_some() || s.time.is_some() {
        return Err(Fail(
            "analyze gives exact values only: --depth and --time are not accepted".into(),
        ));
    }
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
    // A finished game has its value all the same (what `solve` gives: the mover lost).
    let best = values
        .iter()
        .map(|v| v.value)
        .max()
        .or_else(|| Some(solver.solve(pos).value));
    if c.json {
        let moves: serde_json::Map<String, Value> = values
            .iter()
            .map(|v| (g.move_name(pos, v.mv), json!(v.value)))
            .collect();
        out!(
            "{}",
            json!({
                "variant": g.variant_id(), "position": g.format_position(pos),
                "metric": "wdl", "value": best, "moves": moves,
                "seconds": t0.elapsed().as_secs_f64(),
            })
        );
    } else {
        if let (true, Some(v)) = (values.is_empty(), best) {
            out!("no legal move: the game is over (value {v:+})");
        }
        for v in &values {
            out!(
                "{:>12}  {:+}{}",
                g.move_name(pos, v.mv),
                v.value,
                if Some(v.value) == best { "  best" } else { "" }
            );
        }
    }
    Ok(())
}

/// Builds the two-row rules and the position from the common options.
fn setup(c: &Common) -> Result<(TwoRow, mancala_solver::TwoRowPos), Fail> {
    // Check the variant name first, so an unknown variant is the error reported.
    variant::find(&c.variant)?;
    let width = c.width.or_else(|| {
        let text = c.position.as_deref()?;
        let first_row = text.split_whitespace().next()?.split('/').next()?;
        let n = first_row.split(',').count();
        (1..=mancala_solver::pits::MAX_WIDTH)
            .contains(&n)
            .then_some(n)
    });
    let g = variant::build(&c.variant, width, c.seeds, &c.rules)?;
    let pos = match &c.position {
        Some(text) => g.parse_position(text)?,
        None => g.start(),
    };
    Ok((g, pos))
}

/// The game-state object of `play --json` (NOTATION.md).
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
                json!({
                    "id": v.id, "people": v.people, "source": v.source, "board": v.board,
                    "status": v.status.as_str(), "rules": rules,
                })
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

/// `Solver::analyze` with a spinner on stderr: moves solved so far and nodes.
fn analyze_moves<G: mancala_solver::MarginGame<Key = u128>>(
    solver: &Solver<'_, G>,
    pos: &G::Position,
) -> Vec<mancala_solver::search::MoveValue<G::Move>> {
    let pb = spinner();
    let t0 = Instant::now();
    let values = solver.analyze_with_progress(pos, &mut |done, moves, nodes| {
        let secs = t0.elapsed().as_secs_f64().max(1e-9);
        pb.set_message(format!(
            "{done} of {moves} moves solved  {:.1} M nodes  {:.1} M nodes/s",
            nodes as f64 / 1e6,
            nodes as f64 / secs / 1e6
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

/// Opens the tablebases named by `--tablebases`, if any, checking the files on `--threads`
/// threads.
fn open_tables(g: &TwoRow, s: &SearchOpts) -> Result<Option<mancala_tablebases::Tablebases>, Fail> {
    match &s.tablebases {
        None => Ok(None),
        Some(dir) => {
            let threads = threads_or_all(s.threads)?;
            Ok(Some(pool(threads)?.install(|| {
                mancala_tablebases::Tablebases::open(dir, g)
            })?))
        }
    }
}

fn solve(c: &Common, s: &SearchOpts) -> Res {
    let (g, pos) = setup(c)?;
    let limits = s.limits(Some(board_seeds(&g, &pos)))?;
    let tables = open_tables(&g, s)?;
    let mut solver = Solver::new(&g, limits);
    if let Some(t) = &tables {
        solver = solver.with_oracle(t);
    }
    let pb = spinner();
    let t0 = Instant::now();
    let r = solver.solve_with_progress(&pos, &mut |p: Progress| {
        let secs = t0.elapsed().as_secs_f64().max(1e-9);
        pb.set_message(format!(
            "depth {}  future in [{}, {}]  {:.1} M nodes  {:.1} M nodes/s",
            p.depth,
            p.lower,
            p.upper,
            p.nodes as f64 / 1e6,
            p.nodes as f64 / secs / 1e6
        ));
    });
    pb.finish_and_clear();
    let names: Vec<String> = pv_names(&g, &pos, &r.pv);
    let best = r.best.map(|m| g.move_name(&pos, m));
    if c.json {
        out!(
            "{}",
            json!({
                "variant": g.variant_id(), "position": g.format_position(&pos),
                "metric": "margin", "value": r.value, "future": r.future,
                "best_move": best, "pv": names, "pv_complete": r.pv_complete,
                "nodes": r.nodes, "seconds": r.seconds,
                "exact": r.exact, "depth": r.depth, "threads": limits.threads,
            })
        );
    } else {
        out!(
            "value {:+} ({}), best move {}",
            r.value,
            if r.exact {
                "exact"
            } else {
                "heuristic, depth-limited"
            },
            best.as_deref().unwrap_or("none (game over)")
        );
        if !names.is_empty() {
            out!("pv {}", names.join(" "));
        }
        if r.exact && !r.pv_complete {
            out!("{PV_CUT}");
        }
        out!(
            "{} nodes in {:.3} s ({:.1} M nodes/s, {} threads)",
            r.nodes,
            r.seconds,
            r.nodes as f64 / r.seconds.max(1e-9) / 1e6,
            limits.threads
        );
    }
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
    if s.depth.is_some() || s.time.is_some() {
        return Err(Fail(
            "analyze gives exact values only: --depth and --time are not accepted".into(),
        ));
    }
    let limits = s.limits(Some(board_seeds(&g, &pos)))?;
    let tables = open_tables(&g, s)?;
    let mut solver = Solver::new(&g, limits);
    if let Some(t) = &tables {
        solver = solver.with_oracle(t);
    }
    let t0 = Instant::now();
    let values = analyze_moves(&solver, &pos);
    // A finished game has its value all the same (what `solve` gives: the final margin).
    let best = values
        .iter()
        .map(|v| v.value)
        .max()
        .or_else(|| Some(solver.solve(&pos).value));
    if c.json {
        let moves: serde_json::Map<String, Value> = values
            .iter()
            .map(|v| (g.move_name(&pos, v.mv), json!(v.value)))
            .collect();
        out!(
            "{}",
            json!({
                "variant": g.variant_id(), "position": g.format_position(&pos),
                "metric": "margin", "value": best, "moves": moves,
                "best_moves": values.iter().filter(|v| Some(v.value) == best)
                    .map(|v| g.move_name(&pos, v.mv)).collect::<Vec<_>>(),
                "seconds": t0.elapsed().as_secs_f64(),
            })
        );
    } else {
        if let (true, Some(v)) = (values.is_empty(), best) {
            out!("no legal move: the game is over (value {v:+})");
        }
        for v in &values {
            out!(
                "{:>3}  {:+}{}",
                g.move_name(&pos, v.mv),
                v.value,
                if Some(v.value) == best { "  best" } else { "" }
            );
        }
    }
    Ok(())
}

/// The positions of `mancala bench`: small exact solves of every two-row variant.
const BENCH: &[(&str, usize, u32)] = &[
    ("kalah", 4, 3),
    ("kalah", 5, 3),
    ("kalah", 6, 2),
    ("oware", 3, 2),
    ("oware", 3, 3),
    ("warri", 3, 3),
    ("kale", 3, 2),
    ("kpo", 4, 2),
    ("kpo", 5, 2),
];

fn bench(as_json: bool, threads: usize) -> Res {
    let threads = threads_or_all(Some(threads))?;
    let mut rows = Vec::new();
    let (mut nodes, mut secs) = (0u64, 0f64);
    for &(id, w, s) in BENCH {
        let g = variant::build(id, Some(w), Some(s), &[])?;
        let solver = Solver::new(
            &g,
            Limits {
                depth: None,
                threads,
                tt_mb: 64,
                deadline: None,
            },
        );
        let r = solver.solve(&g.start());
        nodes += r.nodes;
        secs += r.seconds;
        if !as_json {
            eprintln!(
                "{id:<6} {w}x{s}  value {:+3}  {:>11} nodes  {:7.3} s  {:6.2} M nodes/s",
                r.value,
                r.nodes,
                r.seconds,
                r.nodes as f64 / r.seconds.max(1e-9) / 1e6
            );
        }
        rows.push(
            json!({"variant": id, "width": w, "seeds": s, "value": r.value,
            "exact": r.exact, "nodes": r.nodes, "seconds": r.seconds}),
        );
    }
    let nps = nodes as f64 / secs.max(1e-9);
    if as_json {
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
                        Some(h) => out!("{name}  {} positions  {} bytes", h.positions, f.bytes),
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
}

/// Options of `mancala match`.
#[derive(Args)]
struct MatchArgs {
    #[command(flatten)]
    common: Common,
    /// Engine A: random, greedy, alphabeta[:depth=D], mcts[:iters=N][:c=C], perfect[:tt=MB].
    #[arg(long)]
    a: String,
    /// Engine B (same forms as --a).
    #[arg(long)]
    b: String,
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
    /// Endgame tablebases for the `perfect` engine.
    #[arg(long, value_name = "DIR")]
    tablebases: Option<std::path::PathBuf>,
}

/// Which report.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum ReportWhat {
    Advantage,
    Strength,
    Tablebase,
    All,
}

/// Options of `mancala report`.
#[derive(Args)]
struct ReportArgs {
    /// advantage, strength, tablebase or all.
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
        Session::Two(g, pos) => {
            let oracle: Option<std::sync::Arc<dyn Oracle<TwoRow>>> = match &m.tablebases {
                None => None,
                Some(dir) => Some(std::sync::Arc::new(mancala_tablebases::Tablebases::open(
                    dir, &g,
                )?)),
            };
            play_match_on(&*g, &pos, m, oracle)
        }
        Session::Four(g, pos) => {
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
    let a: EngineSpec = m.a.parse()?;
    let b: EngineSpec = m.b.parse()?;
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
    use mancala_solver::report::{advantage::advantage, strength::strength, Budget};
    use mancala_solver::search::Oracle;
    let threads = threads_or_all(r.threads)?;
    let budget = Budget::named(&r.budget, threads)?;
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
        if matches!(what, ReportWhat::Advantage | ReportWhat::All) {
            // Small reduced boards are solved whole: every slice up to the board's seeds.
            let whole = |g: &TwoRow, total: u32| -> Option<i32> {
                mancala_tablebases::build(g, &tables, total, threads, &|_| {}).ok()?;
                let tb = mancala_tablebases::Tablebases::open(&tables, g).ok()?;
                tb.probe(&g.start())
            };
            pool.install(|| advantage(&r.out, &budget, r.seed, &whole, &log))?;
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
        variant::build_any(v, None, None, &[])?;
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
        })? {
            Session::Four(g, p) => Ok((g, p)),
            Session::Two(..) => unreachable!("a four-row variant"),
        }
    };
    let plies = |v: four::Value| v.plies().map_or(Value::Null, |d| json!(d));
    let text = |v: four::Value| match v.plies() {
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
                                    Some(v) => json!({"value": v.sign(), "plies": plies(*v)}),
                                    None => Value::Null,
                                },
                            )
                        })
                        .collect();
                    out!(
                        "{}",
                        json!({"variant": g.variant_id(), "position": g.format_position(&pos),
                        "metric": "wdl", "value": p.value.sign(), "plies": plies(p.value),
                        "moves": moves})
                    );
                } else {
                    out!(
                        "value {} ({:+}) for {}",
                        text(p.value),
                        p.value.sign(),
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
        assert_eq!(sizes, [256, 256, 256, 256, 512, 1024, 2048, 2048, 2048]);
    }
}
