//! Position text, move names and the drawing of the three- and four-player game
//! (docs/NOTATION-KPO-PLAYERS.md):
//!
//! ```text
//! <north row>/<south row> <P1|P2|P3|P4> [captured=<c1>,<c2>,<c3>[,<c4>]]
//! ```
//!
//! Rows are written left to right as South sees the board, as in every two-row game; the
//! seat to move is `P1`..`P4` (player 1 moves first); `captured=` lists the seeds each player
//! has taken, player 1 first. Moves are `<own pit>+ccw` or `<own pit>+cw`.

use super::{KpoNMove, KpoNPos, KpoPlayers, VARIANT};
use crate::error::{MoveError, PositionError};
use crate::nseat::{SeatGame, SeatNotation};
use crate::text::{parse_row, split_rows};

impl KpoPlayers {
    /// The seats as text, `P1..P3`.
    fn seat_range(&self) -> String {
        format!("P1..P{}", self.players())
    }

    /// `captured=0,0,0` with one zero a player (for messages).
    fn captured_example(&self) -> String {
        format!("captured={}", vec!["0"; self.players()].join(","))
    }

    fn parse_seat(&self, word: &str) -> Result<usize, String> {
        let n = word
            .strip_prefix('P')
            .and_then(|d| d.parse::<usize>().ok())
            .filter(|&k| (1..=self.players()).contains(&k));
        n.map(|k| k - 1).ok_or_else(|| {
            format!(
                "seat to move is '{word}', expected {} ({} players)",
                self.seat_range(),
                self.players()
            )
        })
    }

    fn parse_captured(&self, value: &str, problems: &mut Vec<String>) -> Vec<u32> {
        let parts: Vec<&str> = value.split(',').collect();
        let n = self.players();
        if parts.len() != n {
            problems.push(format!(
                "field captured='{value}' must be {n} counts, P1's first (e.g. {})",
                self.captured_example()
            ));
            return vec![0; n];
        }
        let mut out = vec![0; n];
        for (i, p) in parts.iter().enumerate() {
            let t = p.trim();
            match t.parse::<u32>() {
                Ok(v) if v <= super::MAX_CAPTURED => out[i] = v,
                Ok(_) => problems.push(format!(
                    "field captured='{value}': P{}'s count {t} is too large, at most {}",
                    i + 1,
                    super::MAX_CAPTURED
                )),
                Err(_) if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) => {
                    problems.push(format!(
                        "field captured='{value}': P{}'s count {t} is too large, at most {}",
                        i + 1,
                        super::MAX_CAPTURED
                    ))
                }
                Err(_) => problems.push(format!(
                    "field captured: '{p}' is not a non-negative number"
                )),
            }
        }
        out
    }

    /// The expected shape of a move name (for messages).
    fn move_shape(&self) -> String {
        format!(
            "an own pit number 1..{} and a direction, e.g. 1+ccw or 1+cw",
            self.pits_per_player()
        )
    }
}

impl SeatNotation for KpoPlayers {
    fn variant_id(&self) -> &'static str {
        VARIANT
    }

    fn parse_position(&self, text: &str) -> Result<KpoNPos, PositionError> {
        let mut problems = Vec::new();
        let (rows, mut words) = split_rows(text, 2, VARIANT)?;
        let w = self.width();
        let mut parsed = Vec::new();
        for (i, row) in rows.iter().enumerate() {
            let r = parse_row(row, i + 1, &mut problems);
            if r.len() != w && !row.trim().is_empty() {
                problems.push(format!("row {} has {} pits, expected {w}", i + 1, r.len()));
            }
            parsed.push(r);
        }
        let seat = match words.next() {
            None => {
                problems.push(format!(
                    "the seat to move is missing ({} after the rows)",
                    self.seat_range()
                ));
                0
            }
            Some(s) => self.parse_seat(s).unwrap_or_else(|e| {
                problems.push(e);
                0
            }),
        };
        let mut captured: Option<Vec<u32>> = None;
        for field in words {
            let Some((key, value)) = field.split_once('=') else {
                problems.push(format!("field '{field}' is not key=value"));
                continue;
            };
            match key {
                "captured" if captured.is_some() => {
                    problems.push("field captured is given twice".into())
                }
                "captured" => captured = Some(self.parse_captured(value, &mut problems)),
                other => problems.push(format!(
                    "unknown field '{other}' for kpo with {} players (expected {})",
                    self.players(),
                    self.captured_example()
                )),
            }
        }
        if !problems.is_empty() {
            return Err(PositionError { problems });
        }
        // Circuit place c < W is South's column c; place 2W-1-c is North's column c.
        let mut places = vec![0u32; 2 * w];
        for c in 0..w {
            places[c] = parsed[1][c];
            places[2 * w - 1 - c] = parsed[0][c];
        }
        let captured = captured.unwrap_or_else(|| vec![0; self.players()]);
        self.position(&places, seat, &captured)
    }

    fn format_position(&self, pos: &KpoNPos) -> String {
        let w = self.width();
        let p = self.places(pos);
        let row = |it: &mut dyn Iterator<Item = usize>| {
            it.map(|i| p[i].to_string()).collect::<Vec<_>>().join(",")
        };
        let north = row(&mut (0..w).map(|c| 2 * w - 1 - c));
        let south = row(&mut (0..w));
        let taken: Vec<String> = self.taken(pos).iter().map(|c| c.to_string()).collect();
        format!(
            "{north}/{south} P{} captured={}",
            pos.seat() + 1,
            taken.join(",")
        )
    }

    fn move_name(&self, _pos: &KpoNPos, mv: KpoNMove) -> String {
        format!(
            "{}+{}",
            self.number_of(mv.lane as usize),
            if mv.cw { "cw" } else { "ccw" }
        )
    }

    fn parse_move(&self, pos: &KpoNPos, name: &str) -> Result<KpoNMove, MoveError> {
        let malformed = || MoveError::Malformed {
            text: name.to_string(),
            expected: self.move_shape(),
        };
        let (number, dir) = name.split_once('+').ok_or_else(malformed)?;
        let k: usize = number.parse().map_err(|_| malformed())?;
        let cw = match dir {
            "ccw" => false,
            "cw" => true,
            _ => return Err(malformed()),
        };
        if !(1..=self.pits_per_player()).contains(&k) {
            return Err(MoveError::Illegal {
                text: name.to_string(),
                reason: format!(
                    "a player has pits 1..{} (pit {k} is not the mover's)",
                    self.pits_per_player()
                ),
            });
        }
        if self.is_over(pos) {
            return Err(MoveError::Illegal {
                text: name.to_string(),
                reason: "the game is over".into(),
            });
        }
        let seat = pos.seat();
        let lane = self.place_of(seat, k);
        if pos.pits().get(lane) == 0 {
            return Err(MoveError::Illegal {
                text: name.to_string(),
                reason: format!("P{}'s pit {k} is empty", seat + 1),
            });
        }
        Ok(KpoNMove {
            lane: lane as u8,
            cw,
        })
    }

    fn draw(&self, pos: &KpoNPos) -> String {
        let w = self.width();
        let p = self.places(pos);
        let cell = |s: String| format!("{s:>6}");
        let label = |place: usize| format!("P{}.{}", self.owner(place) + 1, self.number_of(place));
        let (mut top, mut north, mut south, mut bottom) =
            (String::new(), String::new(), String::new(), String::new());
        for c in 0..w {
            let (n, s) = (2 * w - 1 - c, c);
            top += &cell(label(n));
            north += &cell(p[n].to_string());
            south += &cell(p[s].to_string());
            bottom += &cell(label(s));
        }
        let rule = format!("     +{}+", "-".repeat(6 * w + 1));
        let mut out = String::new();
        out += &format!("      {top}\n{rule}\n");
        out += &format!("  N  |{north} |\n");
        out += &format!("  S  |{south} |\n");
        out += &format!("{rule}\n      {bottom}\n");
        out += "  Pk.j: player k's pit j; +ccw sows left to right along S, right to left along N\n";
        let taken: Vec<String> = self
            .taken(pos)
            .iter()
            .enumerate()
            .map(|(i, c)| format!("P{} {c}", i + 1))
            .collect();
        out += &format!("  captured: {}\n", taken.join(", "));
        if self.is_over(pos) {
            let s = self.final_scores(pos);
            let scores: Vec<String> = (0..self.players())
                .map(|i| format!("P{} {}", i + 1, s[i]))
                .collect();
            out += &format!("  game over: final score {}\n", scores.join(", "));
        } else {
            out += &format!("  P{} to move\n", pos.seat() + 1);
        }
        out
    }
}
