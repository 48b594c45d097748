//! `mancala`: the command line of the mancala toolkit: the commands and their dispatch, the
//! exit status and the one-line errors. Each command group is a file of [`cli`]; the work is
//! in the library crates. The interface follows docs/NOTATION.md: position text, move names,
//! `--json` output and perft.

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use mancala_solver::variant::AnyGame;
use std::process::ExitCode;

/// Prints a line on stdout; a closed pipe (e.g. `| head`) ends the program quietly.
macro_rules! out {
    ($($arg:tt)*) => {{
        let mut o = std::io::stdout().lock();
        if writeln!(o, $($arg)*).is_err() {
            std::process::exit(0);
        }
    }};
}

mod cli;
use cli::bench::{bench_engines, BenchWhat};
use cli::matches::{play_match, MatchArgs};
use cli::options::{setup_any, Common, SearchOpts};
use cli::position::{cmd_moves, cmd_perft, cmd_play, cmd_show, cmd_start, variants};
use cli::report::{report, ReportArgs};
use cli::solve::{analyze, analyze_four, solve, solve_four};
use cli::tables::tablebase;

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
        /// principal variation is empty ("pv": []; the best move is still given). Isolo
        /// games: skip the whole graph and prove by the distance search, wins and losses
        /// forced within this many plies (exact; else "value": null).
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
        command: cli::tables::TablebaseCommand,
    },
}

/// A user error: printed as one line, exit status 2.
pub(crate) struct Fail(pub(crate) String);

impl<E: std::fmt::Display> From<E> for Fail {
    fn from(e: E) -> Fail {
        Fail(e.to_string())
    }
}

pub(crate) type Res = Result<(), Fail>;

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
pub(crate) fn shorten(s: &str) -> String {
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
    if let Some(res) = cli::players::dispatch(&cmd) {
        return res;
    }
    match cmd {
        Command::Variants { json } => variants(json),
        Command::Start(c) => {
            let (g, pos) = setup_any(&c)?.split();
            cmd_start(&g, &pos, &c)
        }
        Command::Show(c) => {
            let (g, pos) = setup_any(&c)?.split();
            cmd_show(&g, &pos, &c)
        }
        Command::Moves(c) => {
            let (g, pos) = setup_any(&c)?.split();
            cmd_moves(&g, &pos, &c)
        }
        Command::Play { common, moves } => {
            let (g, pos) = setup_any(&common)?.split();
            cmd_play(&g, pos, &common, &moves)
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
                AnyGame::Morris(g, pos) => cli::solve::solve_morris(&g, &pos, &common, &search),
                AnyGame::Isolo(g, pos) => cli::solve::solve_isolo(&g, &pos, &common, &search),
            }
        }
        Command::Analyze { common, search } => match setup_any(&common)? {
            AnyGame::Two(..) => analyze(&common, &search),
            AnyGame::Four(g, pos) => analyze_four(&g, &pos, &common, &search),
            AnyGame::Morris(g, pos) => cli::solve::analyze_morris(&g, &pos, &common, &search),
            AnyGame::Isolo(g, pos) => cli::solve::analyze_isolo(&g, &pos, &common, &search),
        },
        Command::Bench {
            what: Some(BenchWhat::Engines { json, variant }),
            ..
        } => bench_engines(json, variant),
        Command::Bench {
            what: Some(BenchWhat::Players { json }),
            ..
        } => cli::players::bench(json),
        Command::Bench { json, threads, .. } => cli::bench::bench(json, threads),
        Command::Match(m) => play_match(&m),
        Command::Report(r) => report(&r),
        Command::Perft {
            common,
            depth,
            divide: split,
        } => {
            let (g, pos) = setup_any(&common)?.split();
            cmd_perft(&g, &pos, &common, depth, split)
        }
        Command::Tablebase { command } => tablebase(command),
    }
}
