//! `tablebase build|probe|stats|verify|info` for both families: the arguments, one dispatch
//! on the game's family, and the printing; the work is the tablebases library's.

use super::options::{setup_any, threads_or_all, Common};
use crate::Res;
use clap::{Args, Subcommand};
use mancala_analysis::json;
use mancala_solver::fourrow::retro::Wdl;
use mancala_solver::morris::{Morris, MorrisPos};
use mancala_solver::variant::AnyGame;
use mancala_solver::Notation;
use mancala_solver::{FourRow, FourRowPos, TwoRow, TwoRowPos};
use mancala_tablebases::fourrow::{self as four, FourTables};
use mancala_tablebases::morris::{self, MorrisTables};
use mancala_tablebases::Progress as P;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The folder tables are read from and written to unless `--dir` says otherwise.
pub(crate) const DEFAULT_DIR: &str = "tables";

/// Which game: variant, width and rule options.
#[derive(Args, Debug, Clone)]
pub(crate) struct GameArgs {
    /// Variant id (kalah, oware, warri, kale, kpo; four-row removal games: mulabalaba, toka,
    /// kanotta, nchuba, nakabili, kabwanga, chisolo, natatu).
    pub(crate) variant: String,
    /// Pits a side (holes a row for the four-row games) [default: the variant's own: 6 for
    /// the two-row games; mulabalaba 6, toka 12, kanotta, nakabili and kabwanga 8, nchuba 16,
    /// chisolo 5, natatu 7; `probe` reads it from its position text].
    #[arg(long)]
    pub(crate) width: Option<usize>,
    /// Rule option name=value (repeatable); see the variant's docs.
    #[arg(long = "rule", value_name = "NAME=VALUE")]
    pub(crate) rules: Vec<String>,
    /// The morris games: `build` holds every main-game position with at most this many
    /// counters a side (3..=12).
    #[arg(long)]
    pub(crate) counters: Option<u32>,
}

/// `mancala tablebase <command>`.
#[derive(Subcommand, Debug, Clone)]
pub(crate) enum TablebaseCommand {
    /// Build every slice from 0 up to --max-stones seeds (finished slices are kept).
    Build {
        /// The game.
        #[command(flatten)]
        game: GameArgs,
        /// Build slices up to this many seeds on the board (four-row games: the seeds of both
        /// players together); required except for the morris games, which take --counters.
        #[arg(long)]
        max_stones: Option<u32>,
        /// Folder of the tables.
        #[arg(long, default_value = DEFAULT_DIR)]
        dir: PathBuf,
        /// Worker threads, 1..=256 (default: all cores, at most 256).
        #[arg(long)]
        threads: Option<usize>,
        /// Print one JSON object on stdout.
        #[arg(long)]
        json: bool,
    },
    /// The value of a position and of each of its moves, from the tables.
    Probe {
        /// The game.
        #[command(flatten)]
        game: GameArgs,
        /// Position text (default: the start position).
        #[arg(long)]
        position: Option<String>,
        /// Folder of the tables.
        #[arg(long, default_value = DEFAULT_DIR)]
        dir: PathBuf,
        /// Print one JSON object on stdout.
        #[arg(long)]
        json: bool,
    },
    /// The distribution of values over every position of one slice.
    Stats {
        /// The game.
        #[command(flatten)]
        game: GameArgs,
        /// Seeds on the board (the morris games: counters on the board, both sides).
        #[arg(long)]
        stones: u32,
        /// Folder of the tables.
        #[arg(long, default_value = DEFAULT_DIR)]
        dir: PathBuf,
        /// Print one JSON object on stdout.
        #[arg(long)]
        json: bool,
    },
    /// Check every table of a folder: checksums, then every value from its successors.
    Verify {
        /// Folder of the tables.
        #[arg(long, default_value = DEFAULT_DIR)]
        dir: PathBuf,
        /// Print one JSON object on stdout.
        #[arg(long)]
        json: bool,
    },
    /// List the tables of a folder, each file checked whole: header, name and the checksum
    /// of its values (exit status 2 if one is refused; `verify` also re-derives every value).
    Info {
        /// Folder of the tables.
        #[arg(long, default_value = DEFAULT_DIR)]
        dir: PathBuf,
        /// Print one JSON object on stdout.
        #[arg(long)]
        json: bool,
    },
}

/// The refusal of a game the tablebase builder does not serve.
fn no_tables(g: &impl mancala_solver::Notation) -> crate::Fail {
    crate::Fail(format!(
        "{} has no endgame tables: its exact values come from `mancala solve`",
        g.variant_id()
    ))
}

impl GameArgs {
    /// The rules of either family, and `position` (default: the start).
    fn setup(&self, position: Option<String>) -> Result<AnyGame, crate::Fail> {
        setup_any(&Common {
            variant: self.variant.clone(),
            width: self.width,
            seeds: None,
            rules: self.rules.clone(),
            position,
            json: false,
            players: None,
            // The tables do not depend on the counters at the start: a position is read at
            // the count its text implies, `build` takes its bound apart.
            counters: None,
            store: None,
            max_hole: None,
            phase: None,
        })
    }
}

/// `mancala tablebase ...`: the game's family picks the builder, the probe and the
/// statistics; `verify` and `info` read a folder of either family's tables.
pub(crate) fn tablebase(cmd: TablebaseCommand) -> Res {
    use TablebaseCommand as T;
    match cmd {
        T::Build {
            game,
            max_stones,
            dir,
            threads,
            json,
        } => {
            let g = game.setup(None)?;
            let threads = threads_or_all(threads)?;
            let stones = || {
                max_stones.ok_or_else(|| {
                    crate::Fail(format!(
                        "tablebase build of {}: --max-stones is required",
                        game.variant
                    ))
                })
            };
            if game.counters.is_some() && !matches!(g, AnyGame::Morris(..)) {
                return Err(crate::Fail(format!(
                    "invalid --counters for {}: it is for the morris games",
                    game.variant
                )));
            }
            match g {
                AnyGame::Two(g, _) => build_two(&g, stones()?, &dir, threads, json),
                AnyGame::Four(g, _) => build_four(&g, stones()?, &dir, threads, json),
                AnyGame::Morris(g, _) => {
                    if max_stones.is_some() {
                        return Err(crate::Fail(format!(
                            "invalid --max-stones for {}: its tables take --counters N (the most counters a side)",
                            game.variant
                        )));
                    }
                    let n = game.counters.ok_or_else(|| {
                        crate::Fail(format!(
                            "tablebase build of {}: --counters N is required (the most counters a side the tables hold, 3..=12)",
                            game.variant
                        ))
                    })?;
                    build_morris(&g, n, &dir, threads, json)
                }
                AnyGame::Isolo(g, _) => Err(no_tables(&g)),
            }
        }
        T::Probe {
            game,
            position,
            dir,
            json,
        } => match game.setup(position)? {
            AnyGame::Two(g, pos) => probe_two(&g, &pos, &dir, json),
            AnyGame::Four(g, pos) => probe_four(&g, &pos, &dir, json),
            AnyGame::Morris(g, pos) => probe_morris(&g, &pos, &dir, json),
            AnyGame::Isolo(g, _) => Err(no_tables(&g)),
        },
        T::Stats {
            game,
            stones,
            dir,
            json,
        } => match game.setup(None)? {
            AnyGame::Two(g, _) => stats_two(&g, stones, &dir, json),
            AnyGame::Four(g, _) => stats_four(&g, stones, &dir, json),
            AnyGame::Morris(g, _) => stats_morris(&g, stones, &dir, json),
            AnyGame::Isolo(g, _) => Err(no_tables(&g)),
        },
        T::Verify { dir, json } => verify(&dir, json),
        T::Info { dir, json } => info(&dir, json),
    }
}

/// `tablebase build` of a two-row game, with a bar of each slice's passes.
fn build_two(g: &TwoRow, max_stones: u32, dir: &Path, threads: usize, json: bool) -> Res {
    let pb =
        indicatif::ProgressBar::with_draw_target(None, indicatif::ProgressDrawTarget::stderr());
    pb.set_style(
        indicatif::ProgressStyle::with_template("{prefix} [{bar:30}] {pos}/{len} {msg} {per_sec}")
            .expect("a valid template")
            .progress_chars("=> "),
    );
    let report = mancala_tablebases::build(g, dir, max_stones, threads, &|p| match p {
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
    let shape = json::TableBuild::new(&report, max_stones, dir, threads);
    if json {
        out!("{}", json::line(&shape));
    } else {
        out!(
            "{} slices, {} positions of {} in {:.3} s ({threads} threads)",
            report.slices.len(),
            shape.positions,
            report.game,
            report.seconds
        );
    }
    Ok(())
}

/// `tablebase probe` of a two-row position.
fn probe_two(g: &TwoRow, pos: &TwoRowPos, dir: &Path, json: bool) -> Res {
    let p = mancala_tablebases::probe(g, dir, pos)?;
    if json {
        out!("{}", json::line(&json::TableProbe::new(g, pos, &p)));
    } else {
        out!("value {:+} (future {:+})", p.value, p.future);
        for (m, v) in json::TableProbe::new(g, pos, &p).moves {
            out!("{m:>3}  {v:+}");
        }
    }
    Ok(())
}

/// `tablebase stats` of a two-row slice.
fn stats_two(g: &TwoRow, stones: u32, dir: &Path, json: bool) -> Res {
    let s = mancala_tablebases::stats(g, dir, stones)?;
    if json {
        out!("{}", json::line(&json::TableStats::new(&s)));
    } else {
        out!("{} positions with {} stones", s.positions, s.stones);
        for (v, c) in &s.histogram {
            out!("{v:>+4} {c}");
        }
    }
    Ok(())
}

/// One line on stderr for a win/draw/loss slice built (`built`: its seconds, `None` when kept).
fn slice_line(
    split: [u32; 2],
    positions: u64,
    built: Option<f64>,
    rounds: Option<u32>,
    counts: [u64; 3],
    max_plies: u32,
) {
    let how = match (built, rounds) {
        (None, _) => "kept".to_string(),
        (Some(t), None) => format!("{t:.3} s"),
        (Some(t), Some(r)) => format!("{t:.3} s, {r} rounds"),
    };
    eprintln!(
        "m={:<3} o={:<3} {positions:>11} positions {how}  win {} draw {} loss {}  longest {max_plies} plies",
        split[0], split[1], counts[0], counts[1], counts[2]
    );
}

/// `tablebase build` of a four-row removal game (win/draw/loss tables), a line a slice.
fn build_four(g: &FourRow, max_stones: u32, dir: &Path, threads: usize, json: bool) -> Res {
    let r = four::build(g, dir, max_stones, threads, &|u| {
        slice_line(
            u.split,
            u.positions,
            (!u.skipped).then_some(u.seconds),
            None,
            u.counts,
            u.max_plies,
        )
    })?;
    let shape = json::FourBuild::new(g, &r, max_stones, dir, threads);
    if json {
        out!("{}", json::line(&shape));
    } else {
        out!(
            "{} slices, {} positions of {} in {:.3} s ({threads} threads)",
            r.slices.len(),
            shape.positions,
            four::game_id(g),
            r.seconds
        );
    }
    Ok(())
}

/// `tablebase build` of a morris game (win/draw/loss tables of the main game), a line a
/// slice.
fn build_morris(g: &Morris, counters: u32, dir: &Path, threads: usize, json: bool) -> Res {
    let r = morris::build(g, dir, counters, threads, &|u| {
        slice_line(
            u.split,
            u.positions,
            (!u.skipped).then_some(u.seconds),
            Some(u.rounds),
            u.counts,
            u.max_plies,
        )
    })?;
    let shape = json::MorrisBuild::new(g, &r, counters, dir, threads);
    if json {
        out!("{}", json::line(&shape));
    } else {
        out!(
            "{} slices, {} positions of {} up to {counters} counters a side in {:.3} s ({threads} threads)",
            r.slices.len(),
            shape.positions,
            morris::game_id(g),
            r.seconds
        );
    }
    Ok(())
}

/// `tablebase probe` of a morris position.
fn probe_morris(g: &Morris, pos: &MorrisPos, dir: &Path, json: bool) -> Res {
    let p = MorrisTables::open(dir, g)?.probe(pos)?;
    print_probe(g, pos, p.value, &p.moves, json)
}

/// `tablebase stats` of the morris slices of `counters` counters on the board.
fn stats_morris(g: &Morris, counters: u32, dir: &Path, json: bool) -> Res {
    let st = MorrisTables::open(dir, g)?.stats(counters)?;
    print_stats(counters, &st, json)
}

/// `tablebase probe` of a four-row position.
fn probe_four(g: &FourRow, pos: &FourRowPos, dir: &Path, json: bool) -> Res {
    let p = FourTables::open(dir, g)?.probe(pos)?;
    print_probe(g, pos, p.value, &p.moves, json)
}

/// Prints a win/draw/loss probe: the position's value and each move's.
fn print_probe<G: Notation>(
    g: &G,
    pos: &G::Position,
    value: Wdl,
    moves: &[(String, Option<Wdl>)],
    json: bool,
) -> Res {
    let text = |v: Wdl| match v.plies() {
        Some(d) => format!("{} in {d} plies", v.word()),
        None => "draw".to_string(),
    };
    if json {
        let shape = json::FourProbe {
            at: json::Start::new(g, pos),
            metric: "wdl",
            value: json::WdlPlies::of(value),
            moves: moves
                .iter()
                .map(|(m, v)| (m.clone(), v.map(json::WdlPlies::of)))
                .collect(),
        };
        out!("{}", json::line(&shape));
    } else {
        out!(
            "value {} ({:+}) for {}",
            text(value),
            value.value(),
            g.to_move(pos)
        );
        for (m, v) in moves {
            out!(
                "{m:>8}  {}",
                v.map_or("not in the tables".to_string(), text)
            );
        }
    }
    Ok(())
}

/// `tablebase stats` of the four-row slices of `stones` seeds.
fn stats_four(g: &FourRow, stones: u32, dir: &Path, json: bool) -> Res {
    let st = FourTables::open(dir, g)?.stats(stones)?;
    print_stats(stones, &st, json)
}

/// Prints the statistics of the win/draw/loss slices of one total.
fn print_stats(stones: u32, st: &[four::tables::SliceStats], json: bool) -> Res {
    if json {
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
        let shape = json::FourStats { stones, slices };
        out!("{}", json::line(&shape));
    } else {
        for (s, c, m) in st {
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

/// `tablebase verify`: every table of the folder re-derived.
fn verify(dir: &Path, json: bool) -> Res {
    let r = mancala_tablebases::verify(dir)?;
    if json {
        let shape = json::Verify {
            ok: true,
            files: r.files,
            positions: r.positions,
            seconds: r.seconds,
        };
        out!("{}", json::line(&shape));
    } else {
        out!(
            "ok: {} files, {} positions verified in {:.3} s",
            r.files,
            r.positions,
            r.seconds
        );
    }

    Ok(())
}

/// `tablebase info`: the folder's files, each checked whole.
fn info(dir: &Path, json: bool) -> Res {
    let files = mancala_tablebases::info(dir)?;
    if json {
        out!("{}", json::line(&json::Info::new(dir, &files)));
    } else {
        if files.is_empty() {
            out!("no tablebase files (.mtb, .ftb, .mrb) in {}", dir.display());
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

    Ok(())
}
