//! Position text (docs/NOTATION.md), move names and the terminal drawing of the two-row
//! variants: their [`Notation`] implementation.
//!
//! ```text
//! <north row>/<south row> <S|N> [captured=<S>,<N>] [stores=<S>,<N>]
//! ```
//!
//! Rows are written left to right as South sees the board: North's row therefore lists North's
//! pit W first and North's pit 1 last. Omitted fields take the values of a fresh game.

use super::{Pit, TwoRow, TwoRowPos, MAX_CAPTURED};
use crate::error::{MoveError, PositionError};
use crate::game::{Game, Notation};
use crate::side::Side;
use crate::text::{parse_pair, parse_row, split_rows};

/// Parses two-row position text for `game`.
pub(super) fn parse_two_row(game: &TwoRow, text: &str) -> Result<TwoRowPos, PositionError> {
    let mut problems = Vec::new();
    let (rows, mut words) = split_rows(text, 2, game.variant_id())?;
    let w = game.width();
    let mut parsed = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        let r = parse_row(row, i + 1, &mut problems);
        if r.len() != w && !row.trim().is_empty() {
            problems.push(format!("row {} has {} pits, expected {w}", i + 1, r.len()));
        }
        parsed.push(r);
    }
    let side = crate::text::parse_side(words.next(), &mut problems);
    let mut captured: Option<[u32; 2]> = None;
    let mut stores: Option<[u32; 2]> = None;
    for field in words {
        let Some((key, value)) = field.split_once('=') else {
            problems.push(format!("field '{field}' is not key=value"));
            continue;
        };
        match key {
            "captured" if captured.is_some() => {
                problems.push("field captured is given twice".into())
            }
            "captured" => captured = Some(parse_pair(key, value, MAX_CAPTURED, &mut problems)),
            "stores" if !game.kind().has_stores() => problems.push(format!(
                "field stores: {} has no stores (use captured=S,N)",
                game.variant_id()
            )),
            "stores" if stores.is_some() => problems.push("field stores is given twice".into()),
            "stores" => stores = Some(parse_pair(key, value, MAX_CAPTURED, &mut problems)),
            other => problems.push(format!(
                "unknown field '{other}' for {} (expected {})",
                game.variant_id(),
                if game.kind().has_stores() {
                    "stores=S,N"
                } else {
                    "captured=S,N"
                }
            )),
        }
    }
    let won = match (captured, stores) {
        (Some(c), Some(s)) if c != s => {
            problems.push(
                "kalah's captured seeds are its stores: give stores=S,N (or equal captured=)"
                    .into(),
            );
            c
        }
        (Some(c), _) => c,
        (None, Some(s)) => s,
        (None, None) => [0, 0],
    };
    if !problems.is_empty() {
        return Err(PositionError { problems });
    }
    // Rows are drawn as South sees them: North's row lists North's pit W first.
    let north: Vec<u32> = parsed[0].iter().rev().copied().collect();
    game.position(&parsed[1], &north, won, side)
}

/// Writes position text; the captured (or stores) field is always written.
pub(super) fn format_two_row(game: &TwoRow, pos: &TwoRowPos) -> String {
    let w = game.width();
    let abs = pos.absolute_pits(w);
    let join = |it: &mut dyn Iterator<Item = usize>| {
        it.map(|i| abs.get(i).to_string())
            .collect::<Vec<_>>()
            .join(",")
    };
    let north = join(&mut (w..2 * w).rev());
    let south = join(&mut (0..w));
    let c = game.captured(pos);
    let key = if game.kind().has_stores() {
        "stores"
    } else {
        "captured"
    };
    format!(
        "{north}/{south} {} {key}={},{}",
        pos.side_to_move().letter(),
        c[0],
        c[1]
    )
}

/// Draws the board as the players see it, with pit names from each player's seat.
pub(super) fn draw_two_row(game: &TwoRow, pos: &TwoRowPos) -> String {
    let w = game.width();
    let abs = pos.absolute_pits(w);
    let c = game.captured(pos);
    let cell = |v: String| format!("{v:>4}");
    let mut top_labels = String::new();
    let mut north = String::new();
    let mut south = String::new();
    let mut bottom_labels = String::new();
    for col in 0..w {
        // Column `col` from South's left: North's pit w-col, South's pit col+1.
        top_labels += &cell(format!("N{}", w - col));
        north += &cell(abs.get(2 * w - 1 - col).to_string());
        south += &cell(abs.get(col).to_string());
        bottom_labels += &cell(format!("S{}", col + 1));
    }
    let rule = format!("    +{}+", "-".repeat(4 * w + 2));
    let won = if game.kind().has_stores() {
        "store"
    } else {
        "captured"
    };
    let mut s = String::new();
    s += &format!("      {top_labels}\n");
    s += &format!("{rule}\n");
    s += &format!("  N | {north} |   North {won}: {}\n", c[1]);
    s += &format!("  S | {south} |   South {won}: {}\n", c[0]);
    s += &format!("{rule}\n");
    s += &format!("      {bottom_labels}\n");
    match game.outcome_text(pos) {
        Some(t) => s += &t,
        None => {
            s += &format!(
                "{} to move\n",
                match pos.side_to_move() {
                    Side::South => "South",
                    Side::North => "North",
                }
            )
        }
    }
    s
}

impl TwoRow {
    /// A line describing the end of the game, if it is over.
    fn outcome_text(&self, pos: &TwoRowPos) -> Option<String> {
        use crate::game::Game;
        let o = self.outcome(pos)?;
        let who = match o.winner {
            Some(Side::South) => "South wins",
            Some(Side::North) => "North wins",
            None => "draw",
        };
        Some(format!(
            "game over: {who}, final score South {} North {}\n",
            o.score[0], o.score[1]
        ))
    }
}

impl Notation for TwoRow {
    fn variant_id(&self) -> &'static str {
        self.kind().id()
    }

    fn parse_position(&self, text: &str) -> Result<TwoRowPos, PositionError> {
        parse_two_row(self, text)
    }

    fn format_position(&self, pos: &TwoRowPos) -> String {
        format_two_row(self, pos)
    }

    fn move_name(&self, _pos: &TwoRowPos, mv: Pit) -> String {
        (mv as usize + 1).to_string()
    }

    fn parse_move(&self, pos: &TwoRowPos, name: &str) -> Result<Pit, MoveError> {
        let w = self.width();
        let pit = match name.parse::<usize>() {
            Ok(n) if (1..=w).contains(&n) => n - 1,
            _ => {
                return Err(MoveError::Malformed {
                    text: name.to_string(),
                    expected: format!("a pit number 1..{w} counted from the mover's left"),
                })
            }
        };
        let illegal = |reason: String| MoveError::Illegal {
            text: name.to_string(),
            reason,
        };
        if self.outcome(pos).is_some() {
            return Err(illegal("the game is over".into()));
        }
        if pos.pits().get(pit) == 0 {
            return Err(illegal(format!(
                "{}'s pit {} is empty",
                pos.side_to_move().letter(),
                pit + 1
            )));
        }
        if !self.is_legal(pos, pit as Pit) {
            return Err(illegal(format!(
                "it leaves {} without a seed while another move does not",
                pos.side_to_move().opponent().letter()
            )));
        }
        Ok(pit as Pit)
    }

    fn draw(&self, pos: &TwoRowPos) -> String {
        draw_two_row(self, pos)
    }

    fn captured(&self, pos: &TwoRowPos) -> [u32; 2] {
        let c = pos.captured_relative();
        match pos.side_to_move() {
            Side::South => c,
            Side::North => [c[1], c[0]],
        }
    }
}
