//! `mancala`: the commands, their dispatch and the exit status; each command group is a file
//! of [`cli`], the work is in the library crates (interface: docs/NOTATION.md).

use clap::{CommandFactory, FromArgMatches, Parser};
use std::process::ExitCode;

mod cli;
use cli::options::{Common, SearchOpts};
use mancala_analysis::error::{self, Res};
use mancala_analysis::position::json;
use mancala_analysis::position::Action;
use mancala_solver::variant::VARIANTS;

/// Game-theoretic analysis of the mancala games of Africa
#[derive(Parser)]
#[command(name = "mancala", version)]
enum Command {
    /// List the variants with their sources and status.
    Variants(cli::Json),
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
        /// Stop at this depth (plies): a heuristic value, and the principal variation is empty;
        /// Isolo games: wins and losses forced within it (docs/SOLVER.md, "The options").
        #[arg(long)]
        depth: Option<u32>,
        /// Write the certificate of a win or loss the proof-number search proves to this
        /// file (`mancala proof check FILE` replays it).
        #[arg(long, value_name = "FILE")]
        proof: Option<std::path::PathBuf>,
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
        what: Option<cli::bench::BenchWhat>,
        #[command(flatten)]
        out: cli::Json,
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
    Match(cli::r#match::MatchArgs),
    /// Rate an engine against perfect play: its moves in positions of real games scored by
    /// exact values (docs/ENGINES.md).
    Rate(cli::rate::RateArgs),
    /// Write a report (Markdown, CSV, SVG): advantage, players, strength, tablebase or all.
    Report(cli::report::ReportArgs),
    /// The analysis board in the browser: a local web server (docs/SERVE.md).
    Serve(cli::serve::ServeArgs),
    /// Proof certificates: check.
    #[command(subcommand)]
    Proof(cli::proof::ProofCommand),
    /// Endgame tablebases: build, probe, stats, verify, info.
    #[command(subcommand)]
    Tablebase(cli::tablebase::TablebaseCommand),
}

/// Lets every option that takes a value take a negative number (`--width -1`), so that the
/// check of its value names the option, rather than clap's "unexpected argument '-1'".
fn negatives_as_values(cmd: clap::Command) -> clap::Command {
    cmd.mut_args(|a| {
        let option = !a.is_positional() && a.get_action().takes_values();
        a.allow_negative_numbers(option)
    })
    .mut_subcommands(negatives_as_values)
}

/// The line of a clap error, naming a negative number given to an option that takes a count.
fn clap_error_line(e: &clap::Error) -> String {
    use clap::error::{ContextKind as K, ContextValue::String as S};
    let negative = match (e.get(K::InvalidValue), e.get(K::InvalidArg)) {
        (Some(S(value)), Some(S(option))) => error::negative_value_line(value, option),
        _ => None,
    };
    negative.unwrap_or_else(|| error::clap_line(&e.render().to_string()))
}

fn main() -> ExitCode {
    use clap::error::ErrorKind::*;
    // An interrupted command ends the external engines it started before it ends.
    mancala_analysis::engine::groups::end_on_signals();
    let parsed = negatives_as_values(Command::command())
        .try_get_matches()
        .and_then(|m| Command::from_arg_matches(&m));
    let line = match parsed.map(run) {
        Ok(Ok(())) => return ExitCode::SUCCESS,
        Ok(Err(e)) => e.line(),
        Err(e) if matches!(e.kind(), DisplayHelp | DisplayVersion) => {
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) if e.kind() == DisplayHelpOnMissingArgumentOrSubcommand => error::NO_COMMAND.into(),
        Err(e) => clap_error_line(&e),
    };
    if error::speaks() {
        eprintln!("{line}");
    }
    ExitCode::from(2)
}

fn run(cmd: Command) -> Res {
    use cli::position::run as position;
    match &cmd {
        Command::Variants(o) => cli::show(o.json, &json::Variants::new(VARIANTS)),
        Command::Start(c) => position(c, Action::Start),
        Command::Show(c) => position(c, Action::Show),
        Command::Moves(c) => position(c, Action::Moves),
        Command::Play { common, moves } => position(common, Action::Play(moves)),
        Command::Perft {
            common,
            depth,
            divide,
        } => position(common, Action::Perft(*depth, *divide)),
        Command::Solve {
            common,
            search,
            depth,
            proof,
        } => cli::solve::run(common, &search.lib(*depth, proof), false),
        Command::Analyze { common, search } => {
            cli::solve::run(common, &search.lib(None, &None), true)
        }
        Command::Bench { what, out, threads } => cli::bench::run(what.as_ref(), out.json, *threads),
        Command::Match(m) => cli::r#match::run(m),
        Command::Rate(a) => cli::rate::run(a),
        Command::Report(r) => cli::report::run(r),
        Command::Serve(a) => cli::serve::run(a),
        Command::Proof(c) => cli::proof::run(c),
        Command::Tablebase(c) => cli::tablebase::run(c),
    }
}
