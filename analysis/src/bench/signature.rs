//! The search's signature: a fixed set of small exact solves, one thread each on a new table
//! of [`TT_MB`] MiB, whose total node count changes whenever the search's course does
//! (`mancala bench`; BENCHMARKS.md gives the present signature).

use super::json::{Bench, SignatureRow};
use crate::error::Fail;
use mancala_solver::error::ConfigError;
use mancala_solver::search::{Limits, Solver};
use mancala_solver::variant;
use mancala_solver::Game;

/// The positions of the signature: the start of each (variant, width, seeds), a small exact
/// solve of every two-row variant.
pub const POSITIONS: &[(&str, usize, u32)] = &[
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

/// The table of each solve (MiB): fixed, so that the count does not depend on the machine.
pub const TT_MB: usize = 64;

/// Solves every position of [`POSITIONS`] on `threads` threads (the signature is the total
/// of one thread), calling `on` after each.
pub fn run(
    threads: usize,
    on: &mut dyn FnMut(&SignatureRow),
) -> Result<Vec<SignatureRow>, ConfigError> {
    let mut rows = Vec::new();
    for &(id, width, seeds) in POSITIONS {
        let g = variant::build(id, Some(width), Some(seeds), &[])?;
        let solver = Solver::new(
            &g,
            Limits {
                depth: None,
                threads: threads.max(1),
                tt_mb: TT_MB,
                deadline: None,
            },
        );
        let r = solver.solve(&g.start());
        let row = SignatureRow {
            variant: id,
            width,
            seeds,
            value: r.value,
            exact: r.exact,
            nodes: r.nodes,
            seconds: r.seconds,
        };
        on(&row);
        rows.push(row);
    }
    Ok(rows)
}

/// `mancala bench`: [`run`] on `threads` threads (the `--threads` given, checked), and its
/// shape.
pub fn bench(threads: usize, on: &mut dyn FnMut(&SignatureRow)) -> Result<Bench, Fail> {
    let threads = crate::args::threads(Some(threads))?;
    let rows = run(threads, on)?;
    Ok(Bench::new(&rows, threads))
}
