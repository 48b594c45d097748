//! `tablebase build|probe|stats|verify|info`: the arguments, a two-row build's bar, the printing.

use super::options::NoSeeds;
use super::show;
use clap::{Args, Subcommand};
use mancala_analysis::error::Res;
use mancala_analysis::tablebase;
use mancala_tablebases::Progress as P;
use std::path::PathBuf;

/// The game of a tablebase command.
type GameArgs = super::options::GameArgs<NoSeeds>;

/// The folder of the tables and the form of the output.
#[derive(Args, Debug, Clone)]
pub(crate) struct Folder {
    /// Folder of the tables.
    #[arg(long, default_value = tablebase::DEFAULT_DIR)]
    dir: PathBuf,
    /// Print one JSON object on stdout.
    #[arg(long)]
    json: bool,
}

/// `mancala tablebase <command>`.
#[derive(Subcommand, Debug, Clone)]
pub(crate) enum TablebaseCommand {
    /// Build every slice from 0 up to --max-stones seeds (finished slices are kept).
    Build {
        #[command(flatten)]
        game: GameArgs,
        /// Build slices up to this many seeds on the board (four-row games: the seeds of both
        /// players together); required except for the morris games, which take --counters.
        #[arg(long)]
        max_stones: Option<u32>,
        #[command(flatten)]
        out: Folder,
        /// Worker threads, 1..=256 (default: all cores, at most 256).
        #[arg(long)]
        threads: Option<usize>,
        /// Build on every rank of the MPI job (`mpirun -np P mancala tablebase build ...
        /// --distributed`; needs a binary built with the mpi feature).
        #[arg(long)]
        distributed: bool,
    },
    /// The value of a position and of each of its moves, from the tables.
    Probe {
        #[command(flatten)]
        game: GameArgs,
        /// Position text (default: the start position).
        #[arg(long)]
        position: Option<String>,
        #[command(flatten)]
        out: Folder,
    },
    /// The distribution of values over every position of one slice.
    Stats {
        #[command(flatten)]
        game: GameArgs,
        /// Seeds on the board (the morris games: counters on the board, both sides).
        #[arg(long)]
        stones: u32,
        #[command(flatten)]
        out: Folder,
    },
    /// Check every table of a folder: checksums, then every value from its successors.
    Verify(Folder),
    /// List the tables of a folder, each file checked whole: header, name and the checksum
    /// of its values (exit status 2 if one is refused; `verify` also re-derives every value).
    Info(Folder),
}

impl GameArgs {
    /// The game as the library reads it.
    fn text(&self) -> tablebase::GameText<'_> {
        tablebase::GameText::new(&self.variant, self.width, &self.rules, self.counters)
    }
}

/// `mancala tablebase ...`: the library's command, printed.
pub(crate) fn run(cmd: &TablebaseCommand) -> Res {
    use tablebase::Job;
    use TablebaseCommand as T;
    let (job, out) = match cmd {
        T::Build {
            game,
            max_stones,
            out,
            threads,
            distributed,
        } => (
            Job::Build(game.text(), *max_stones, *threads, *distributed),
            out,
        ),
        T::Probe {
            game,
            position,
            out,
        } => (Job::Probe(game.text(), position.as_deref()), out),
        T::Stats { game, stones, out } => (Job::Stats(game.text(), *stones), out),
        T::Verify(out) => (Job::Verify, out),
        T::Info(out) => (Job::Info, out),
    };
    let done = watched(|watch| tablebase::run(job, &out.dir, watch))?;
    if let Some(shape) = done.shape {
        show(out.json, &shape)?;
    }
    Ok(done.sound?)
}

/// Runs `work` with a build's reports on stderr: a bar that appears with the first two-row
/// slice, and the line of each finished slice of any family.
fn watched<T>(work: impl FnOnce(&tablebase::Watch) -> T) -> T {
    let bar = std::sync::OnceLock::new();
    let template = "{prefix} [{bar:30}] {pos}/{len} {msg} {per_sec}";
    let pass = &|p: &P| {
        let pb = bar.get_or_init(|| super::bar(None, template));
        match p {
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
            P::SliceDone(_) => {}
        }
    };
    let slice = &|line: &str| match bar.get() {
        Some(pb) if !pb.is_hidden() => pb.println(line),
        _ => eprintln!("{line}"),
    };
    let done = work(&tablebase::Watch { pass, slice });
    if let Some(pb) = bar.get() {
        pb.finish_and_clear();
    }
    done
}
