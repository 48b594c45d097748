//! The `--json` output of every command (docs/NOTATION.md): one serializable type a command,
//! built from the libraries' typed results with the game that names the moves and writes
//! the positions. The command line prints [`line()`] of one of them; a later front end (the
//! browser board) serves the same shapes.
//!
//! Keys come out in sorted order ([`line()`] writes through [`serde_json::Value`], whose
//! objects are sorted maps), so a shape's field order is free and the bytes stay stable;
//! fields that shapes share live in one struct flattened into each (`#[serde(flatten)]`),
//! which writes the same keys as fields of the shape itself.
//!
//! One private file a command group, as in [`crate::text`] (which writes the same shapes as
//! text); every shape is named from here alone (`json::Solve`).

mod bench;
mod matches;
mod players;
mod position;
mod rate;
mod solve;
mod tables;

pub use bench::*;
pub use matches::*;
pub use players::*;
pub use position::*;
pub use rate::*;
pub use solve::*;
pub use tables::*;

use mancala_solver::Notation;
use serde::Serialize;
use std::collections::BTreeMap;

/// One JSON line of `shape`, its keys sorted.
pub fn line<T: Serialize>(shape: &T) -> String {
    serde_json::to_value(shape)
        .expect("every shape is plain data")
        .to_string()
}

/// Moves (or any named things) by name, in sorted order.
pub type ByName<T> = BTreeMap<String, T>;

/// The names of the moves of `line`, played from `pos` in turn.
pub fn line_names<G: Notation>(g: &G, pos: &G::Position, line: &[G::Move]) -> Vec<String> {
    let mut p = pos.clone();
    line.iter()
        .map(|&m| {
            let n = g.move_name(&p, m);
            p = g.play(&p, m);
            n
        })
        .collect()
}
