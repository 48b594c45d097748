//! What a solve may spend, in every family: one typed budget that the command line and the
//! server build once from their options, and that each family's planner reads (the two-row
//! tables planner, the four-row and morris planners, the Isolo planner, the proof search).

use crate::search::Limits;
use std::path::PathBuf;
use std::time::Instant;

/// What a solve may spend. A bound a family does not take stays `None`, and each family
/// reads its own default for what is `None`.
#[derive(Clone, Debug)]
pub struct Budget {
    /// Search and build threads (at least 1).
    pub threads: usize,
    /// The search's transposition table, MiB; `None`: the family's default.
    pub tt_mb: Option<usize>,
    /// A depth limit (plies, at least 1): the search alone, a heuristic value.
    pub depth: Option<u32>,
    /// Stop every phase at this instant.
    pub deadline: Option<Instant>,
    /// Bytes the tables, graphs or proof table may take; `None`: the family's default.
    pub memory: Option<u64>,
    /// A folder of endgame tables (for the two-row planner, where they are also built).
    pub tables: Option<PathBuf>,
}

impl Budget {
    /// No bound but `threads` threads: every default, no tables.
    pub fn new(threads: usize) -> Budget {
        Budget {
            threads,
            tt_mb: None,
            depth: None,
            deadline: None,
            memory: None,
            tables: None,
        }
    }

    /// The alpha-beta search's limits, with a table of `default_tt_mb` MiB unless one is given.
    pub fn limits(&self, default_tt_mb: usize) -> Limits {
        Limits {
            depth: self.depth,
            threads: self.threads,
            tt_mb: self.tt_mb.unwrap_or(default_tt_mb),
            deadline: self.deadline,
        }
    }
}

/// Half of the machine's physical memory (at least 256 MiB); 4 GiB where it cannot be read:
/// what the two-row planner's tables may take by default.
pub fn default_memory() -> u64 {
    physical_memory().map_or(4 << 30, |m| (m / 2).max(256 << 20))
}

#[cfg(target_os = "linux")]
fn physical_memory() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

#[cfg(not(target_os = "linux"))]
fn physical_memory() -> Option<u64> {
    None
}

/// How a planner proved a value, in every family.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Retrograde analysis: every slice up to the position's seeds built and probed (two-row
    /// games), or the whole reachable graph (four-row and Isolo games).
    Retrograde,
    /// Read from the win/draw/loss tables (morris games).
    Tables,
    /// The search, probing endgame tables.
    SearchWithTables,
    /// The search alone (alpha-beta, or the Isolo games' distance search).
    Search,
    /// The proof-number search.
    Proof,
}

impl Method {
    /// The method's name in the `method` field of `--json`: `retrograde`, `tables`,
    /// `search+tables`, `search` or `proof-number`.
    pub fn as_str(self) -> &'static str {
        match self {
            Method::Retrograde => "retrograde",
            Method::Tables => "tables",
            Method::SearchWithTables => "search+tables",
            Method::Search => "search",
            Method::Proof => "proof-number",
        }
    }
}
