//! Builds the tables of one variant and prints per-slice figures, for benchmarking:
//! `cargo run --release -p mancala-tablebases --example measure -- oware 6 12 2 /tmp/tb`
//! (variant, width, max stones, threads, folder). With `MEASURE_PASSES` set in the
//! environment it also prints what each pass did. Per slice: full and marked passes (the
//! fixpoint path), potential levels (the acyclic path: kalah), and evaluations.

use mancala_solver::variant;
use mancala_tablebases::{build, Progress};
use std::path::PathBuf;

fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    let id = a.first().map_or("oware", |s| s.as_str());
    let width: usize = a.get(1).map_or(6, |s| s.parse().unwrap());
    let max: u32 = a.get(2).map_or(10, |s| s.parse().unwrap());
    let threads: usize = a.get(3).map_or(1, |s| s.parse().unwrap());
    let dir = PathBuf::from(a.get(4).map_or("/tmp/tb-measure", |s| s.as_str()));
    let game = variant::build(id, Some(width), Some(1), &[]).unwrap();
    let passes = std::env::var_os("MEASURE_PASSES").is_some();
    let report = build(&game, &dir, max, threads, &|p| {
        if let (true, Progress::PassDone { stones, pass, kind, stats }) = (passes, p) {
            eprintln!(
                "n={stones:>3} pass {pass:>3} {kind:?}: evaluated {:>10} changed {:>10}",
                stats.evaluated, stats.changed
            );
        }
        if let Progress::SliceDone(r) = p {
            eprintln!(
                "n={:>3} positions={:>12} passes={:>2}+{:<3} levels={:<3} late={} evaluations={:>13} {:8.3} s {:>7.2} M pos/s {}",
                r.stones,
                r.positions,
                r.run.full_passes,
                r.run.marked_passes,
                r.run.levels,
                r.run.late_changes,
                r.run.evaluations,
                r.seconds,
                r.positions as f64 / r.seconds.max(1e-9) / 1e6,
                if r.skipped { "(kept)" } else { "" }
            );
        }
    })
    .unwrap();
    let positions: u64 = report.slices.iter().map(|s| s.positions).sum();
    println!(
        "{id} width {width} up to {max} stones, {threads} threads: {positions} positions in {:.3} s ({:.3} M positions/s)",
        report.seconds,
        positions as f64 / report.seconds / 1e6
    );
}
