//! What the `--json` shapes of every command share (docs/NOTATION.md): the one line a shape
//! is printed as, the names of moves (and of the seats of kpo for three and four), and the variant and position ([`Start`]) and board
//! ([`Board`]) that most shapes carry. Each command keeps its own shapes (`json.rs`) and their
//! text (`text.rs`) in its folder.
//!
//! Keys come out in sorted order ([`line()`] writes through [`serde_json::Value`], whose
//! objects are sorted maps), so a shape's field order is free and the bytes stay stable;
//! fields that shapes share live in one struct flattened into each (`#[serde(flatten)]`),
//! which writes the same keys as fields of the shape itself.

use mancala_solver::nseat::SeatNotation;
use mancala_solver::Notation;
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt;

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

/// `start --json`: the variant and the position text.
#[derive(Serialize)]
pub struct Start {
    /// Variant id.
    pub variant: String,
    /// Position text.
    pub position: String,
    /// Players, for the games of three and four seats only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub players: Option<usize>,
}

impl Start {
    /// The start shape of `pos`.
    pub fn new<G: Notation>(g: &G, pos: &G::Position) -> Start {
        Start {
            variant: g.variant_id().to_string(),
            position: g.format_position(pos),
            players: None,
        }
    }
}

impl fmt::Display for Start {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.position)
    }
}

/// The board size and rule options a state names (`width`, `seeds` for the four-row games,
/// `rules` as `name=value`).
#[derive(Serialize)]
pub struct Board {
    /// Pits a side (holes a row); none on the morris board.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub width: Option<usize>,
    /// Counters a side at the start (the morris game).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub counters: Option<u32>,
    /// Seeds a hole at the start (four-row games and the seat games).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seeds: Option<u32>,
    /// Every rule option, `name=value`.
    pub rules: Vec<String>,
}

impl Board {
    /// A board of `width` pits a side (holes a row), with `seeds` a hole where the game
    /// names them, under the rule options `rules`.
    pub fn pits(width: usize, seeds: Option<u32>, rules: Vec<String>) -> Board {
        Board {
            width: Some(width),
            counters: None,
            seeds,
            rules,
        }
    }
}

/// The seat-keyed counts of a game of three or four (`{"S": .., "E": .., ...}`).
pub fn by_seat<G: SeatNotation + mancala_solver::nseat::SeatGame, T: Copy>(
    g: &G,
    v: &[T],
) -> ByName<T> {
    (0..g.seats()).map(|s| (g.seat_name(s), v[s])).collect()
}
