//! The text of `mancala bench` (the search's signature).

use crate::json::Bench;
use std::fmt;

impl fmt::Display for Bench {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Nodes searched: {}", self.nodes)?;
        writeln!(f, "Nodes/second: {:.0}", self.nodes_per_second)?;
        writeln!(f, "Seconds: {:.3}", self.seconds)
    }
}
