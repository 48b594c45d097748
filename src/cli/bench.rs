//! `bench` (the search's signature), `bench engines` and `bench players`.

use super::{bar, show};
use clap::Subcommand;
use mancala_analysis::engine::bench::{
    bench_engines, BenchEvent, BENCH_ENGINES, BENCH_ENGINES_FOUR,
};
use mancala_analysis::error::Res;
use mancala_analysis::{json, options, seats, signature};
use mancala_solver::variant;
use std::io::Write;

/// `mancala bench <what>`.
#[derive(Subcommand)]
pub(crate) enum BenchWhat {
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

/// `mancala bench [engines|players]`: the text row by row as each is measured (the
/// signature's on stderr), the JSON once at the end.
pub(crate) fn run(what: Option<BenchWhat>, as_json: bool, threads: usize) -> Res {
    match what {
        None => {
            let threads = options::threads(Some(threads))?;
            let rows = signature::run(threads, &mut |r| {
                if !as_json {
                    eprintln!("{r}");
                }
            })?;
            show(as_json, &json::Bench::new(&rows, threads))
        }
        Some(BenchWhat::Players { json }) => {
            let rows = seats::command::bench(&mut |r| {
                if !json {
                    let _ = show(false, r);
                }
            });
            if json {
                out!("{}", json::line(&rows));
            }
            Ok(())
        }
        Some(BenchWhat::Engines { json, variant }) => {
            if let Some(v) = &variant {
                variant::setup(v, variant::Size::default(), &[], None)?;
            }
            // The rows go to stdout between the redraws of the bar of the moves chosen.
            let pb = bar(
                None,
                "[{bar:30}] {pos}/{len} moves  {elapsed_precise}  {msg}",
            );
            let rows = bench_engines(
                BENCH_ENGINES,
                BENCH_ENGINES_FOUR,
                variant.as_deref(),
                &mut |e| match e {
                    BenchEvent::Planned(n) => pb.set_length(n),
                    BenchEvent::Start { variant, engine } => {
                        pb.set_message(format!("{variant} {engine}"))
                    }
                    BenchEvent::Moved => pb.inc(1),
                    BenchEvent::Row(r) if !json => {
                        pb.suspend(|| out!("{}", json::EngineBench::new(r)))
                    }
                    BenchEvent::Row(_) => {}
                },
            );
            pb.finish_and_clear();
            let rows = rows.iter().map(json::EngineBench::new).collect();
            if json {
                out!("{}", json::line(&json::Rows { rows }));
            }
            Ok(())
        }
    }
}
