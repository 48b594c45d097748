//! `bench` (the search's signature), `bench engines` and `bench players`.

use super::{bar, show, Json};
use clap::Subcommand;
use mancala_analysis::bench::engines::{self as bench, BenchEvent};
use mancala_analysis::bench::json::{EngineBench, SignatureRow};
use mancala_analysis::bench::signature;
use mancala_analysis::error::Res;
use mancala_analysis::kpo_players;

/// `mancala bench <what>`.
#[derive(Subcommand)]
pub(crate) enum BenchWhat {
    /// Nodes a second and time a move (time to depth) of each engine on fixed positions.
    Engines {
        #[command(flatten)]
        out: Json,
        /// Only this variant.
        #[arg(long)]
        variant: Option<String>,
        /// Measure this engine instead of the built-in list (repeatable; any spec, `cmd:` and
        /// `ext:` too; a position without a move is a fault: exit status 1; docs/ENGINES.md).
        #[arg(long = "engine", value_name = "SPEC")]
        engines: Vec<String>,
    },
    /// Speed of kpo for three and four players: perft, searches, whole-graph analysis.
    Players(Json),
}

/// `mancala bench [engines|players]`: the text row by row as each is measured (the
/// signature's on stderr), the JSON once at the end.
pub(crate) fn run(what: Option<&BenchWhat>, as_json: bool, threads: usize) -> Res {
    match what {
        None => {
            let live = |r: &SignatureRow| (!as_json).then(|| eprintln!("{r}"));
            show(as_json, &signature::bench(threads, &mut |r| _ = live(r))?)
        }
        Some(BenchWhat::Players(Json { json })) => {
            let rows = kpo_players::bench(&mut |r| _ = (!json).then(|| show(false, r)));
            at_end(*json, &rows)
        }
        Some(BenchWhat::Engines {
            out: Json { json },
            variant,
            engines,
        }) => {
            // The rows go to stdout between the redraws of the bar of the moves chosen.
            let template = "[{bar:30}] {pos}/{len} moves  {elapsed_precise}  {msg}";
            let pb = bar(None, template);
            let on = &mut |e: BenchEvent| match e {
                BenchEvent::Planned(n) => pb.set_length(n),
                BenchEvent::Start { variant: v, engine } => pb.set_message(format!("{v} {engine}")),
                BenchEvent::Moved => pb.inc(1),
                BenchEvent::Row(r) if !json => _ = pb.suspend(|| show(false, &EngineBench::new(r))),
                BenchEvent::Row(_) => {}
            };
            let rows = bench::asked(engines, variant.as_deref(), on)?;
            pb.finish_and_clear();
            at_end(*json, &rows)?;
            // An engine that gave no move somewhere ends the program with status 1.
            if let Some(line) = rows.faults_line() {
                eprintln!("{line}");
                std::process::exit(1);
            }
            Ok(())
        }
    }
}

/// The JSON of rows whose text was printed as each was measured.
fn at_end<T: serde::Serialize + std::fmt::Display>(json: bool, rows: &T) -> Res {
    if json {
        show(true, rows)?;
    }
    Ok(())
}
