//! The planner contract of every family: what a solve may spend ([`Budget`], from the
//! solver), how a value was proven ([`Method`]), which prover the caller prefers ([`Prefer`]),
//! and the one table of defaults ([`DEFAULTS`]) for what the budget leaves unset.
//!
//! Each family keeps its planner in `<family>/plan.rs` as a `Planner` implementing [`Plan`]:
//! it takes the [`Budget`] by reference and reads the numbers it needs out of it in one
//! function (`Planner::new`), through [`memory`] and [`proof_bounds`] here and
//! [`Budget::limits`] in the solver, so that a bound is narrowed in one place.

use mancala_solver::budget::default_memory;
use mancala_solver::proof;
pub use mancala_solver::Budget;
use std::time::Instant;

/// A family's planner: the value of a position under its [`Budget`], its progress told to
/// `on`; the family's answer, or why it could not give one.
pub trait Plan {
    /// The positions it solves.
    type Position;
    /// What it reports while it works.
    type Step;
    /// What it proves about a position.
    type Answer;
    /// Why it gives no answer.
    type Refusal;

    /// The budget the planner was given.
    fn budget(&self) -> &Budget;

    /// The value of `pos`, by the family's plan (each `<family>/plan.rs` says which).
    fn solve(
        &self,
        pos: &Self::Position,
        on: &mut (dyn FnMut(Self::Step) + Send),
    ) -> Result<Self::Answer, Self::Refusal>;
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

/// Which prover answers (`--method`), for the win/draw/loss games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Prefer {
    /// The proof-number search first, then the alpha-beta search (or the whole graph).
    #[default]
    Auto,
    /// The alpha-beta search (the whole graph where the search cannot number the moves).
    Search,
    /// The whole reachable graph.
    Graph,
    /// The proof-number search alone.
    Proof,
}

impl Prefer {
    /// The method named `name` (`auto`, `search`, `graph`, `proof`).
    pub fn from_name(name: &str) -> Option<Prefer> {
        Some(match name {
            "auto" => Prefer::Auto,
            "search" => Prefer::Search,
            "graph" => Prefer::Graph,
            "proof" => Prefer::Proof,
            _ => return None,
        })
    }
}

/// The proof-number search's share of a time limit; the distance search has the rest when
/// the value is left unproven.
pub const PROOF_SHARE: f64 = 0.8;

/// The search's transposition table, MiB, where the budget leaves it unset (the two-row
/// planner sizes its own by the seeds, [`crate::tworow::plan::default_tt_mb`]).
pub const TT_MB: usize = 256;

/// What `--memory` is, for one user of it, when the budget leaves it unset.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Memory {
    /// Half of the memory this process may take ([`default_memory`]).
    HalfTheMachine,
    /// This many bytes.
    Bytes(u64),
}

impl Memory {
    /// The bytes this default stands for on this machine.
    pub fn bytes(self) -> u64 {
        match self {
            Memory::HalfTheMachine => default_memory(),
            Memory::Bytes(b) => b,
        }
    }
}

/// One row of [`DEFAULTS`]: who reads `--memory`, for what, and what it takes without it.
#[derive(Clone, Copy, Debug)]
pub struct Defaults {
    /// The reader: a family's planner, the proof search, the server.
    pub who: &'static str,
    /// What the bytes hold.
    pub holds: &'static str,
    /// Without `--memory`.
    pub memory: Memory,
}

/// The two-row planner: its endgame tables.
pub const TWO_ROW: Defaults = Defaults {
    who: "two-row games",
    holds: "the endgame tables the planner builds",
    memory: Memory::HalfTheMachine,
};
/// The proof-number search (the four-row planner's first prover, and `--method proof`).
pub const PROOF: Defaults = Defaults {
    who: "proof-number search",
    holds: "its table of proven and unproven positions",
    memory: Memory::Bytes(1 << 30),
};
/// The Isolo planner: the whole reachable graph, else the distance search's memo.
pub const ISOLO: Defaults = Defaults {
    who: "Isolo games",
    holds: "the whole reachable graph, else the distance search's memo",
    memory: Memory::Bytes(4 << 30),
};
/// `proof check`: the certificate read and replayed.
pub const PROOF_CHECK: Defaults = Defaults {
    who: "proof check",
    holds: "the certificate as it is read and replayed",
    memory: Memory::HalfTheMachine,
};
/// `serve`: any analysis a request runs.
pub const SERVER: Defaults = Defaults {
    who: "serve",
    holds: "one analysis of any family",
    memory: Memory::Bytes(1 << 30),
};

/// Every default of `--memory`, one row a reader. The morris planner takes no memory bound:
/// it builds its tables whole, up to a count of entries.
pub const DEFAULTS: [Defaults; 5] = [TWO_ROW, PROOF, ISOLO, PROOF_CHECK, SERVER];

/// The bytes `budget` gives, else `default`'s: the one narrowing of the budget's `u64` to
/// the platform's `usize` (a bound past the address space is the whole address space).
pub fn memory(budget: &Budget, default: Defaults) -> usize {
    narrow(budget.memory.unwrap_or_else(|| default.memory.bytes()))
}

/// `bytes` as a `usize`, at most `usize::MAX`.
pub fn narrow(bytes: u64) -> usize {
    bytes.min(usize::MAX as u64) as usize
}

/// The proof-number search's bounds under `budget`: its memory ([`PROOF`]'s default), its
/// threads, and [`PROOF_SHARE`] of the time to `deadline` (the phase's deadline, which may
/// be earlier than the budget's).
pub fn proof_bounds(budget: &Budget, deadline: Option<Instant>) -> proof::Bounds {
    proof::Bounds {
        memory: memory(budget, PROOF),
        deadline: proof::share_of(deadline, PROOF_SHARE),
        threads: budget.threads,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table of docs/SOLVER.md ("Memory") says what [`DEFAULTS`] holds, row for row.
    #[test]
    fn the_documented_defaults_are_the_planners() {
        let doc = include_str!("../../docs/SOLVER.md");
        for d in DEFAULTS {
            let default = match d.memory {
                Memory::HalfTheMachine => "half the machine's memory".to_string(),
                Memory::Bytes(b) => format!("{}G", b >> 30),
            };
            let row = format!("| {} | {} | {} |", d.who, d.holds, default);
            assert!(doc.contains(&row), "docs/SOLVER.md lacks the row {row}");
        }
    }

    /// A budget's memory is read as given, else as the default says, and a size past the
    /// address space is the whole of it.
    #[test]
    fn memory_reads_the_budget_then_the_default() {
        let mut b = Budget::new(1);
        assert_eq!(memory(&b, ISOLO), 4 << 30);
        assert_eq!(memory(&b, PROOF), 1 << 30);
        assert_eq!(memory(&b, TWO_ROW) as u64, default_memory());
        b.memory = Some(12345);
        assert_eq!(memory(&b, ISOLO), 12345);
        assert_eq!(narrow(u64::MAX), usize::MAX);
        assert_eq!(Prefer::from_name("graph"), Some(Prefer::Graph));
        assert_eq!(Prefer::from_name("x"), None);
        assert_eq!(Method::SearchWithTables.as_str(), "search+tables");
    }
}
