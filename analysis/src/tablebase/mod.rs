//! `mancala tablebase build|probe|stats|verify|info`: the game's family picks the builder,
//! the probe and the statistics of the tablebases library; `verify` and `info` read a folder
//! of any family's tables. Each returns the shape of [`json`] the command prints, or
//! the message of its error.

pub mod json;
mod text;

use crate::error::Fail;
use mancala_solver::any::AnyGame;
use mancala_solver::variant;
use mancala_solver::Notation;
use mancala_tablebases::driver::Comm;
use mancala_tablebases::fourrow::FourTables;
use mancala_tablebases::morris::MorrisTables;
use mancala_tablebases::{Progress, SliceReport};
use std::path::Path;

/// The folder tables are read from and written to unless `--dir` says otherwise.
pub const DEFAULT_DIR: &str = "tables";

/// Where a build reports while it runs.
pub struct Watch<'a> {
    /// Every progress event of the two-row builder but the end of a slice (for a bar).
    pub pass: &'a (dyn Fn(&Progress) + Sync),
    /// The line of each finished slice, of any family.
    pub slice: &'a (dyn Fn(&str) + Sync),
}

/// The game and position of a `tablebase` command: `variant` at `width` with the `rules`
/// options, at `position` (default: the start). The tables do not depend on the counters at
/// the start: a position is read at the count its text implies, `build` takes its bound
/// apart.
pub fn game(
    variant: &str,
    width: Option<usize>,
    rules: &[String],
    position: Option<&str>,
) -> Result<AnyGame, Fail> {
    let size = variant::Size {
        width,
        ..variant::Size::default()
    };
    crate::args::setup(variant, size, None, rules, position)
}

/// The game a `tablebase` command names: the variant id, `--width`, the `--rule` options and
/// `--counters`.
#[derive(Clone, Copy, Debug)]
pub struct GameText<'a> {
    /// Variant id.
    pub variant: &'a str,
    /// Pits a side (holes a row), when given.
    pub width: Option<usize>,
    /// The rule options, `name=value`.
    pub rules: &'a [String],
    /// The morris games: the most counters a side `build` holds.
    pub counters: Option<u32>,
}

impl<'a> GameText<'a> {
    /// The game `variant` at `width` with the `rules` options, and `counters` for `build`.
    pub fn new(
        variant: &'a str,
        width: Option<usize>,
        rules: &'a [String],
        counters: Option<u32>,
    ) -> GameText<'a> {
        GameText {
            variant,
            width,
            rules,
            counters,
        }
    }

    /// The game at `position` (default: the start), by [`game`].
    pub fn setup(&self, position: Option<&str>) -> Result<AnyGame, Fail> {
        game(self.variant, self.width, self.rules, position)
    }
}

/// A `tablebase` command with its own options (the folder apart).
#[derive(Clone, Copy, Debug)]
pub enum Job<'a> {
    /// `build` ([`build`]) up to `--max-stones`, on `--threads` (default: every core), on
    /// every rank of the MPI job with `--distributed`.
    Build(GameText<'a>, Option<u32>, Option<usize>, bool),
    /// `probe` of the position text (default: the start).
    Probe(GameText<'a>, Option<&'a str>),
    /// `stats` of the slice of this many seeds (the morris games: counters).
    Stats(GameText<'a>, u32),
    /// `verify`.
    Verify,
    /// `info`.
    Info,
}

/// What a `tablebase` command ends with.
pub struct Done {
    /// The shape to print; none on the ranks of a distributed build but the first (one
    /// report a job).
    pub shape: Option<json::Tablebase>,
    /// The refusal to report once the shape is printed, if any: `info` of a folder with a
    /// refused file (listing it is not a pass).
    pub sound: Result<(), String>,
}

/// `mancala tablebase ...`: `job` on the tables of `dir`, a build reporting to `watch`.
pub fn run(job: Job, dir: &Path, watch: &Watch) -> Result<Done, Fail> {
    use json::Tablebase as T;
    let shape = match job {
        Job::Build(game, max_stones, threads, distributed) => {
            crate::output::check("--dir", dir, crate::output::Kind::Folder)?;
            let g = game.setup(None)?;
            let threads = crate::args::threads(threads)?;
            let (v, counters) = (game.variant, game.counters);
            let built = build(
                &g,
                v,
                max_stones,
                counters,
                dir,
                threads,
                distributed,
                watch,
            )?;
            built.map(T::Build)
        }
        Job::Probe(game, position) => Some(T::Probe(probe(&game.setup(position)?, dir)?)),
        Job::Stats(game, stones) => Some(T::Stats(stats(&game.setup(None)?, stones, dir)?)),
        Job::Verify => Some(T::Verify(verify(dir)?)),
        Job::Info => {
            let (shape, sound) = info(dir)?;
            let shape = Some(T::Info(shape));
            return Ok(Done { shape, sound });
        }
    };
    let sound = Ok(());
    Ok(Done { shape, sound })
}

/// The refusal of a game the tablebase builder does not serve.
fn no_tables(g: &impl Notation) -> String {
    format!(
        "{} has no endgame tables: its exact values come from `mancala solve`",
        g.variant_id()
    )
}

/// The message of a tablebases error, as the command prints it.
fn text(e: mancala_tablebases::Error) -> String {
    crate::error::tables_message(&e)
}

/// The refusal of `--distributed` by a binary built without MPI.
pub const NO_MPI: &str = "built without the mpi feature: `tablebase build --distributed` needs \
     a binary built with `--features mpi`, run under mpirun or srun";

/// `tablebase build` of `game` into `dir`: up to `max_stones` seeds, or for the morris games
/// up to `counters` a side (`variant`: the id as given, for the refusals). With
/// `distributed`, every rank of the MPI job this process belongs to builds the tables
/// together (`mancala_tablebases::mpi`); rank 0 reports (the others return `None` and print
/// nothing), and an error on any rank ends the job with its message.
#[allow(clippy::too_many_arguments)]
pub fn build(
    game: &AnyGame,
    variant: &str,
    max_stones: Option<u32>,
    counters: Option<u32>,
    dir: &Path,
    threads: usize,
    distributed: bool,
    watch: &Watch,
) -> Result<Option<json::TablebaseBuild>, String> {
    if !distributed {
        let single = &mancala_tablebases::driver::Single;
        return build_on(
            single, game, variant, max_stones, counters, dir, threads, watch,
        )
        .map(Some);
    }
    if let AnyGame::Isolo(g, _) = game {
        return Err(no_tables(g));
    }
    distributed_build(game, variant, max_stones, counters, dir, threads, watch)
}

#[cfg(not(feature = "mpi"))]
fn distributed_build(
    _: &AnyGame,
    _: &str,
    _: Option<u32>,
    _: Option<u32>,
    _: &Path,
    _: usize,
    _: &Watch,
) -> Result<Option<json::TablebaseBuild>, String> {
    Err(NO_MPI.into())
}

#[cfg(feature = "mpi")]
fn distributed_build(
    game: &AnyGame,
    variant: &str,
    max_stones: Option<u32>,
    counters: Option<u32>,
    dir: &Path,
    threads: usize,
    watch: &Watch,
) -> Result<Option<json::TablebaseBuild>, String> {
    let mpi = mancala_tablebases::mpi::Mpi::init().map_err(text)?;
    let root = mpi.rank() == 0;
    // One report for the job: rank 0's.
    let pass = |p: &Progress| {
        if root {
            (watch.pass)(p)
        }
    };
    let slice = |l: &str| {
        if root {
            (watch.slice)(l)
        }
    };
    let quiet = Watch {
        pass: &pass,
        slice: &slice,
    };
    let built = build_on(
        &mpi, game, variant, max_stones, counters, dir, threads, &quiet,
    );
    let mut shape = match built {
        Ok(s) => s,
        Err(e) => mpi.abort(&e),
    };
    let ranks = Some(mpi.ranks());
    match &mut shape {
        json::TablebaseBuild::Two(j) => j.ranks = ranks,
        json::TablebaseBuild::Four(j) => j.ranks = ranks,
        json::TablebaseBuild::Morris(j) => j.ranks = ranks,
    }
    Ok(root.then_some(shape))
}

/// The build of `game` on the ranks of `comm`.
#[allow(clippy::too_many_arguments)]
fn build_on(
    comm: &dyn Comm,
    game: &AnyGame,
    variant: &str,
    max_stones: Option<u32>,
    counters: Option<u32>,
    dir: &Path,
    threads: usize,
    watch: &Watch,
) -> Result<json::TablebaseBuild, String> {
    let stones = || {
        max_stones.ok_or_else(|| format!("tablebase build of {variant}: --max-stones is required"))
    };
    if counters.is_some() && !matches!(game, AnyGame::Morris(..)) {
        return Err(format!(
            "invalid --counters for {variant}: it is for the morris games"
        ));
    }
    let shape = match game {
        AnyGame::Two(g, _) => {
            let max_stones = stones()?;
            let r = mancala_tablebases::build_on(comm, g, dir, max_stones, threads, &|p| match p {
                Progress::SliceDone(r) => (watch.slice)(&two_slice_line(r)),
                _ => (watch.pass)(p),
            })
            .map_err(text)?;
            json::TablebaseBuild::Two(json::TableBuild::new(&r, max_stones, dir, threads))
        }
        AnyGame::Four(g, _) => {
            let max_stones = stones()?;
            let r =
                mancala_tablebases::wdl::build_on(comm, g, dir, max_stones, threads, None, &|u| {
                    (watch.slice)(&wdl_slice_line(
                        u.split,
                        u.positions,
                        (!u.skipped).then_some(u.seconds),
                        None,
                        u.counts,
                        u.max_plies,
                    ))
                })
                .map_err(text)?;
            json::TablebaseBuild::Four(json::FourBuild::new(g, &r, max_stones, dir, threads))
        }
        AnyGame::Morris(g, _) => {
            if max_stones.is_some() {
                return Err(format!(
                    "invalid --max-stones for {variant}: its tables take --counters N (the most counters a side)"
                ));
            }
            let n = counters.ok_or_else(|| {
                format!(
                    "tablebase build of {variant}: --counters N is required (the most counters a side the tables hold, 3..=12)"
                )
            })?;
            let r = mancala_tablebases::wdl::build_on(comm, g, dir, n, threads, None, &|u| {
                (watch.slice)(&wdl_slice_line(
                    u.split,
                    u.positions,
                    (!u.skipped).then_some(u.seconds),
                    Some(u.rounds),
                    u.counts,
                    u.max_plies,
                ))
            })
            .map_err(text)?;
            json::TablebaseBuild::Morris(json::MorrisBuild::new(g, &r, n, dir, threads))
        }
        AnyGame::Isolo(g, _) => return Err(no_tables(g)),
    };
    Ok(shape)
}

/// The line of a two-row slice built or kept.
fn two_slice_line(r: &SliceReport) -> String {
    if r.skipped {
        format!("n={:<3} {:>13} positions  kept", r.stones, r.positions)
    } else {
        format!(
            "n={:<3} {:>13} positions {:>9.3} s {:>8.3} M positions/s",
            r.stones,
            r.positions,
            r.seconds,
            r.positions as f64 / r.seconds.max(1e-9) / 1e6
        )
    }
}

/// The line of a win/draw/loss slice (`built`: its seconds, `None` when kept; `rounds`: the
/// morris builder's).
fn wdl_slice_line(
    split: [u32; 2],
    positions: u64,
    built: Option<f64>,
    rounds: Option<u32>,
    counts: [u64; 3],
    max_plies: u32,
) -> String {
    let how = match (built, rounds) {
        (None, _) => "kept".to_string(),
        (Some(t), None) => format!("{t:.3} s"),
        (Some(t), Some(r)) => format!("{t:.3} s, {r} rounds"),
    };
    format!(
        "m={:<3} o={:<3} {positions:>11} positions {how}  win {} draw {} loss {}  longest {max_plies} plies",
        split[0], split[1], counts[0], counts[1], counts[2]
    )
}

/// `tablebase probe`: the value of `game`'s position and of each of its moves, from the
/// tables of `dir`.
pub fn probe(game: &AnyGame, dir: &Path) -> Result<json::TablebaseProbe, String> {
    Ok(match game {
        AnyGame::Two(g, pos) => {
            let p = mancala_tablebases::tworow::probe(g, dir, pos).map_err(text)?;
            json::TablebaseProbe::Two(json::TableProbe::new(g, pos, &p))
        }
        AnyGame::Four(g, pos) => {
            let p = FourTables::open(dir, g)
                .and_then(|t| t.probe(pos))
                .map_err(text)?;
            json::TablebaseProbe::Wdl(json::FourProbe::new(g, pos, p.value, &p.moves))
        }
        AnyGame::Morris(g, pos) => {
            let p = MorrisTables::open(dir, g)
                .and_then(|t| t.probe(pos))
                .map_err(text)?;
            json::TablebaseProbe::Wdl(json::FourProbe::new(g, pos, p.value, &p.moves))
        }
        AnyGame::Isolo(g, _) => return Err(no_tables(g)),
    })
}

/// `tablebase stats`: the values of every position with `stones` seeds (the morris games:
/// counters) on the board, from the tables of `dir`.
pub fn stats(game: &AnyGame, stones: u32, dir: &Path) -> Result<json::TablebaseStats, String> {
    let wdl = |st: Vec<mancala_tablebases::wdl::SliceStats>| {
        let slices = st
            .iter()
            .map(|(s, c, m)| json::FourSliceStats {
                split: *s,
                win: c[0],
                draw: c[1],
                loss: c[2],
                max_plies: *m,
            })
            .collect();
        json::TablebaseStats::Wdl(json::FourStats { stones, slices })
    };
    Ok(match game {
        AnyGame::Two(g, _) => {
            let s = mancala_tablebases::tworow::stats(g, dir, stones).map_err(text)?;
            json::TablebaseStats::Two(json::TableStats::new(&s))
        }
        AnyGame::Four(g, _) => wdl(FourTables::open(dir, g)
            .and_then(|t| t.stats(stones))
            .map_err(text)?),
        AnyGame::Morris(g, _) => wdl(MorrisTables::open(dir, g)
            .and_then(|t| t.stats(stones))
            .map_err(text)?),
        AnyGame::Isolo(g, _) => return Err(no_tables(g)),
    })
}

/// `tablebase verify`: every table of `dir` re-derived.
pub fn verify(dir: &Path) -> Result<json::Verify, String> {
    let r = mancala_tablebases::verify(dir).map_err(text)?;
    Ok(json::Verify {
        ok: true,
        files: r.files,
        positions: r.positions,
        seconds: r.seconds,
    })
}

/// `tablebase info`: the files of `dir`, each checked whole, and the refusal to report once
/// they are listed (listing a refused file is not a pass).
pub fn info(dir: &Path) -> Result<(json::Info, Result<(), String>), String> {
    let files = mancala_tablebases::info(dir).map_err(text)?;
    let sound = mancala_tablebases::ensure_sound(&files).map_err(text);
    Ok((json::Info::new(dir, &files), sound))
}
