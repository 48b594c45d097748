//! `bench` (the search's signature) and `bench engines`.

use super::options::threads_or_all;
use crate::Res;
use clap::Subcommand;
use mancala_analysis::json;
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

/// `mancala bench`: the signature set, each solve on stderr as it ends.
pub(crate) fn bench(as_json: bool, threads: usize) -> Res {
    let threads = threads_or_all(Some(threads))?;
    let rows = mancala_analysis::signature::run(threads, &mut |r| {
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
    super::show(as_json, &json::Bench::new(&rows, threads));
    Ok(())
}

/// `mancala bench engines`: each engine's speed, a row as it ends.
pub(crate) fn bench_engines(as_json: bool, variant: Option<String>) -> Res {
    use mancala_analysis::engine::bench::{
        bench_engines as run, BenchEvent, BENCH_ENGINES, BENCH_ENGINES_FOUR,
    };
    if let Some(v) = &variant {
        variant::setup(v, variant::Size::default(), &[], None)?;
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
        let rows = rows.iter().map(json::EngineBench::new).collect();
        out!("{}", json::line(&json::Rows { rows }));
    }
    Ok(())
}
