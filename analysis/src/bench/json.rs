//! The `--json` shapes of `bench`: the search's signature and the measured rows of `bench
//! engines` and `bench players`.

use serde::Serialize;

/// `bench --json`: the search's signature.
#[derive(Serialize)]
pub struct Bench {
    /// Nodes of every solve: the signature.
    pub nodes: u64,
    /// Seconds of every solve.
    pub seconds: f64,
    /// Nodes a second.
    pub nodes_per_second: f64,
    /// Threads.
    pub threads: usize,
    /// Each solve.
    pub positions: Vec<SignatureRow>,
}

impl Bench {
    /// The signature's solves `rows`, run with `threads`.
    pub fn new(rows: &[SignatureRow], threads: usize) -> Bench {
        let nodes: u64 = rows.iter().map(|r| r.nodes).sum();
        let seconds: f64 = rows.iter().map(|r| r.seconds).sum();
        Bench {
            nodes,
            seconds,
            nodes_per_second: nodes as f64 / seconds.max(1e-9),
            threads,
            positions: rows.to_vec(),
        }
    }
}

/// `bench engines --json` and `bench players --json`: measured rows.
#[derive(Serialize)]
pub struct Rows<T> {
    /// One row a measurement.
    pub rows: Vec<T>,
}

/// One row of `bench engines --json`.
#[derive(Serialize)]
pub struct EngineBench {
    /// Variant id.
    pub variant: String,
    /// The engine.
    pub engine: String,
    /// Moves chosen.
    pub moves: u64,
    /// Nodes searched.
    pub nodes: u64,
    /// Seconds.
    pub seconds: f64,
    /// Seconds a move.
    pub seconds_per_move: f64,
    /// Nodes a second.
    pub nodes_per_second: f64,
    /// Positions where the engine gave no move (an external program's faults).
    pub faults: u64,
    /// Those faults by kind (`start`, `time`, `illegal`, `protocol`, `crash`).
    pub faults_by_kind: std::collections::BTreeMap<&'static str, u64>,
    /// The first fault, as `kind: detail` (`null`: none).
    pub first_fault: Option<String>,
}

/// One solve of the signature (an entry of `bench --json`'s `positions`).
#[derive(Clone, Debug, serde::Serialize)]
pub struct SignatureRow {
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

/// One row of `bench players --json`.
#[derive(Serialize)]
pub struct SeatBench {
    /// What was measured.
    pub what: String,
    /// Nodes.
    pub nodes: u64,
    /// Seconds.
    pub seconds: f64,
    /// Nodes a second.
    pub nodes_per_second: f64,
}
