//! The text of `mancala bench`: the search's signature and its rows, the rows of `bench
//! engines` and `bench players`, and any list of rows.

use super::json::Bench;
use super::json::SeatBench;
use std::fmt;

impl fmt::Display for Bench {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Nodes searched: {}", self.nodes)?;
        writeln!(f, "Nodes/second: {:.0}", self.nodes_per_second)?;
        writeln!(f, "Seconds: {:.3}", self.seconds)
    }
}

impl fmt::Display for super::json::SignatureRow {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:<6} {}x{}  value {:+3}  {:>11} nodes  {:7.3} s  {:6.2} M nodes/s",
            self.variant,
            self.width,
            self.seeds,
            self.value,
            self.nodes,
            self.seconds,
            self.nodes as f64 / self.seconds.max(1e-9) / 1e6
        )
    }
}

impl fmt::Display for super::json::EngineBench {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:<10} {:<24} {:>12} nodes {:>10.3} ms/move {:>8.2} M nodes/s",
            self.variant,
            self.engine,
            self.nodes,
            1e3 * self.seconds_per_move,
            self.nodes_per_second / 1e6
        )?;
        if let Some(first) = &self.first_fault {
            let kinds: Vec<String> = self
                .faults_by_kind
                .iter()
                .map(|(k, n)| format!("{k} {n}"))
                .collect();
            write!(
                f,
                "  {} moves, {} faults ({}), the first {first}",
                self.moves,
                self.faults,
                kinds.join(", ")
            )?;
        }
        writeln!(f)
    }
}

impl<T: fmt::Display> fmt::Display for super::json::Rows<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.rows.iter().try_for_each(|r| r.fmt(f))
    }
}

/// One row of `bench players`: what, nodes, seconds and millions of nodes a second.
impl fmt::Display for SeatBench {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{:<72} {:>12} nodes {:>9.3} s {:>8.2} M nodes/s",
            self.what,
            self.nodes,
            self.seconds,
            self.nodes_per_second / 1e6
        )
    }
}

impl super::json::Rows<super::json::EngineBench> {
    /// The error line of `bench engines` when an engine gave no move somewhere (its rows say
    /// where and why), else `None`.
    pub fn faults_line(&self) -> Option<String> {
        let faults: u64 = self.rows.iter().map(|r| r.faults).sum();
        let first = self.rows.iter().find(|r| r.faults > 0)?;
        let line = format!(
            "error: bench engines: {faults} positions without a move; the first: {} on {}, {}",
            first.engine,
            first.variant,
            first.first_fault.as_deref().unwrap_or("")
        );
        Some(mancala_solver::text::clip(
            &line,
            crate::error::MAX_ERROR_LINE,
        ))
    }
}
