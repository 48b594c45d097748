//! The text of the progress the commands show on stderr while they work (the spinners'
//! messages): the two-row planner's steps, a search's depth and speed.

use mancala_tablebases::tworow::plan::Step;
use std::time::Instant;

/// A rate for display: three significant figures, at most one decimal, and its prefix.
pub fn rate(count: u64, secs: f64) -> String {
    let r = count as f64 / secs.max(1e-9);
    if r >= 1e6 {
        format!("{:.1} M", r / 1e6)
    } else if r >= 1e3 {
        format!("{:.1} k", r / 1e3)
    } else {
        format!("{r:.0} ")
    }
}

/// A search's depth, `bounds` text, nodes and speed after `secs` seconds.
pub fn depth(depth: u32, bounds: &str, nodes: u64, secs: f64) -> String {
    format!(
        "depth {depth}{bounds}  {:.1} M nodes  {}nodes/s",
        nodes as f64 / 1e6,
        rate(nodes, secs)
    )
}

/// The two-row planner's steps as text, each phase's speed from the phase's start.
pub struct PlanText {
    t0: Instant,
    phase: Option<(u8, u32)>,
}

impl Default for PlanText {
    fn default() -> PlanText {
        PlanText {
            t0: Instant::now(),
            phase: None,
        }
    }
}

impl PlanText {
    /// The text of `step`.
    pub fn text(&mut self, step: Step) -> String {
        let phase = match step {
            Step::Search { tables_to, .. } => (0, tables_to.unwrap_or(u32::MAX)),
            Step::Build { stones, .. } => (1, stones),
        };
        if self.phase != Some(phase) {
            self.phase = Some(phase);
            self.t0 = Instant::now();
        }
        let secs = self.t0.elapsed().as_secs_f64();
        match step {
            Step::Search {
                tables_to,
                progress: p,
            } => {
                let with =
                    tables_to.map_or(String::new(), |k| format!(" with tables to {k} stones"));
                let bounds = if p.lower <= p.upper {
                    format!("  future in [{}, {}]", p.lower, p.upper)
                } else {
                    String::new()
                };
                format!("search{with}: {}", depth(p.depth, &bounds, p.nodes, secs))
            }
            Step::Build {
                stones,
                last,
                done,
                positions,
            } => format!(
                "building tables: slice {stones} of 0..={last}  {:.0}% of {positions} positions",
                100.0 * done as f64 / positions.max(1) as f64
            ),
        }
    }
}

/// The proof-number search's progress line: whose win is tried, nodes, the root's proof
/// and disproof numbers, the table.
pub fn proof(side: mancala_solver::Side, p: mancala_solver::proof::Progress, secs: f64) -> String {
    let num = |x: u64| {
        if x >= mancala_solver::proof::INF {
            "inf".to_string()
        } else {
            x.to_string()
        }
    };
    format!(
        "proof search: {} wins?  {:.1} M nodes  pn {} dn {}  table {} MB  {}nodes/s",
        mancala_solver::proof::cert::side_word(side),
        p.nodes as f64 / 1e6,
        num(p.pn),
        num(p.dn),
        p.bytes >> 20,
        rate(p.nodes, secs)
    )
}
