//! The search's signature: a fixed set of small exact solves, one thread each on a new table
//! of [`TT_MB`] MiB, whose total node count changes whenever the search's course does
//! (`mancala bench`; BENCHMARKS.md gives the present signature).

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

/// One solve of the signature (an entry of `bench --json`'s `positions`).
#[derive(Clone, Debug, serde::Serialize)]
pub struct Row {
    /// Variant id.
    pub variant: &'static str,
    /// Pits a side.
    pub width: usize,
    /// Seeds a pit at the start.
    pub seeds: u32,
    /// The exact value of the start.
    pub value: i32,
    /// Whether the solve proved it.
    pub exact: bool,
    /// Nodes searched.
    pub nodes: u64,
    /// Seconds of the search.
    pub seconds: f64,
}

/// Solves every position of [`POSITIONS`] on `threads` threads (the signature is the total
/// of one thread), calling `on` after each.
pub fn run(threads: usize, on: &mut dyn FnMut(&Row)) -> Result<Vec<Row>, ConfigError> {
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
        let row = Row {
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
pub fn bench(threads: usize, on: &mut dyn FnMut(&Row)) -> Result<super::json::Bench, Fail> {
    let threads = crate::args::threads(Some(threads))?;
    let rows = run(threads, on)?;
    Ok(super::json::Bench::new(&rows, threads))
}
