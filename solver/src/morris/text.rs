//! Position text, move names and the drawing of the morris game (docs/NOTATION.md, its
//! morris section).
//!
//! ```text
//! <outer>/<middle>/<inner> <S|N> [hand=<S>,<N>] [captured=<S>,<N>]
//! ```
//!
//! Each square is eight cells in the order of [`super::board`] (`a1 a4 a7 d7 g7 g4 g1 d1` for
//! the outer one): `S` a South counter, `N` a North counter, `.` an empty point. `hand` is
//! the counters each still has to enter, `captured` the opponent counters each has removed;
//! omitted fields take the values of a fresh game (every counter in hand, none taken).
//! Moves: `d2` (a placement), `d2-d3` (a move), a removal appended as `xg7`.

use super::board::{point, ALL, NAMES, POINTS};
use super::{Morris, MorrisMove, MorrisPos, NONE};
use crate::error::{MoveError, PositionError};
use crate::game::{Game, Notation};
use crate::side::Side;
use crate::text::parse_pair;

impl Morris {
    /// The counters a side that position text implies (South's on the board, in hand and
    /// taken by North), when it can be read and that is a count of [`super::COUNTERS`]: the
    /// count a position given without `--counters` is read at.
    pub fn counters_of(text: &str) -> Option<u32> {
        let mut words = text.split_whitespace();
        let on = words.next()?.chars().filter(|&c| c == 'S').count() as u32;
        let mut hand = None;
        let mut lost = 0;
        for w in words {
            match w.split_once('=') {
                Some(("hand", v)) => hand = v.split(',').next()?.trim().parse::<u32>().ok(),
                Some(("captured", v)) => lost = v.split(',').nth(1)?.trim().parse().ok()?,
                _ => {}
            }
        }
        let n = on + hand? + lost;
        super::COUNTERS.contains(&n).then_some(n)
    }

    /// Parses position text (every problem listed).
    pub fn parse_text(&self, text: &str) -> Result<MorrisPos, PositionError> {
        let mut problems = Vec::new();
        let mut words = text.split_whitespace();
        let Some(board) = words.next() else {
            return Err(PositionError::one("the text is empty"));
        };
        let squares: Vec<&str> = board.split('/').collect();
        if squares.len() != 3 {
            return Err(PositionError::one(format!(
                "the board has {} square{}, the morris board has 3 (outer/middle/inner, separated by '/')",
                squares.len(),
                if squares.len() == 1 { "" } else { "s" }
            )));
        }
        let mut men = [0u32; 2];
        for (s, sq) in squares.iter().enumerate() {
            let cells: Vec<char> = sq.chars().collect();
            if cells.len() != 8 {
                problems.push(format!(
                    "square {} has {} points, expected 8 (S, N or .)",
                    s + 1,
                    cells.len()
                ));
                continue;
            }
            for (i, c) in cells.iter().enumerate() {
                let p = 8 * s + i;
                match c {
                    'S' => men[0] |= 1 << p,
                    'N' => men[1] |= 1 << p,
                    '.' => {}
                    other => problems.push(format!(
                        "point {} is '{other}', expected S, N or .",
                        NAMES[p]
                    )),
                }
            }
        }
        let side = match words.next() {
            Some("S") => Side::South,
            Some("N") => Side::North,
            Some(w) => {
                problems.push(format!("side to move '{w}' is not S or N"));
                Side::South
            }
            None => {
                problems.push("the side to move (S or N) is missing".into());
                Side::South
            }
        };
        let n = self.counters();
        let mut hand = None;
        let mut taken = None;
        for w in words {
            match w.split_once('=') {
                Some(("hand", v)) if hand.is_none() => {
                    hand = Some(parse_pair("hand", v, n, &mut problems))
                }
                Some(("captured", v)) if taken.is_none() => {
                    taken = Some(parse_pair("captured", v, n, &mut problems))
                }
                Some((k @ ("hand" | "captured"), _)) => {
                    problems.push(format!("field {k} is given twice"))
                }
                _ => problems.push(format!(
                    "unknown field '{w}': expected hand=S,N or captured=S,N"
                )),
            }
        }
        let hand = hand.unwrap_or([n, n]);
        let taken = taken.unwrap_or([0, 0]);
        if !problems.is_empty() {
            return Err(PositionError { problems });
        }
        // Counters are entered alternately, South first.
        let entered = hand == [0, 0];
        let turn_ok = match side {
            Side::South => hand[0] == hand[1],
            Side::North => hand[1] == hand[0] + 1,
        };
        if !(entered || turn_ok) {
            problems.push(format!(
                "hand={},{} with {side} to move: counters are entered alternately, South first (equal hands with South to move, North one more with North to move)",
                hand[0], hand[1]
            ));
        }
        for s in [Side::South, Side::North] {
            let i = s.index();
            let on = men[i].count_ones();
            let lost = taken[1 - i];
            if on + hand[i] + lost != n {
                problems.push(format!(
                    "{s} has {on} on the board, {} in hand and {lost} taken: {} counters, expected {n} (--counters)",
                    hand[i],
                    on + hand[i] + lost
                ));
            }
        }
        if !problems.is_empty() {
            return Err(PositionError { problems });
        }
        Ok(MorrisPos {
            men,
            hand: [hand[0] as u8, hand[1] as u8],
            taken: [taken[0] as u8, taken[1] as u8],
            side,
        })
    }

    /// The cells of `pos`, square by square.
    fn cells(pos: &MorrisPos) -> [char; POINTS] {
        let mut c = ['.'; POINTS];
        for (p, cell) in c.iter_mut().enumerate() {
            if pos.men[0] >> p & 1 == 1 {
                *cell = 'S';
            } else if pos.men[1] >> p & 1 == 1 {
                *cell = 'N';
            }
        }
        c
    }

    /// Reads a move name: `d2`, `d2-d3`, either with `xg7`.
    fn read_move(name: &str) -> Option<MorrisMove> {
        let (play, take) = match name.split_once('x') {
            Some((a, b)) => (a, Some(point(b)? as u8)),
            None => (name, None),
        };
        let (from, to) = match play.split_once('-') {
            Some((a, b)) => (point(a)? as u8, point(b)? as u8),
            None => (NONE, point(play)? as u8),
        };
        Some(MorrisMove {
            from,
            to,
            take: take.unwrap_or(NONE),
        })
    }
}

impl Notation for Morris {
    fn variant_id(&self) -> &'static str {
        self.options().kind.id()
    }

    fn parse_position(&self, text: &str) -> Result<MorrisPos, PositionError> {
        self.parse_text(text)
    }

    fn format_position(&self, pos: &MorrisPos) -> String {
        let c = Morris::cells(pos);
        let sq = |s: usize| c[8 * s..8 * s + 8].iter().collect::<String>();
        format!(
            "{}/{}/{} {} hand={},{} captured={},{}",
            sq(0),
            sq(1),
            sq(2),
            pos.side.letter(),
            pos.hand[0],
            pos.hand[1],
            pos.taken[0],
            pos.taken[1]
        )
    }

    fn move_name(&self, _pos: &MorrisPos, mv: MorrisMove) -> String {
        let mut s = String::new();
        if mv.from != NONE {
            s.push_str(NAMES[mv.from as usize]);
            s.push('-');
        }
        s.push_str(NAMES[mv.to as usize]);
        if mv.take != NONE {
            s.push('x');
            s.push_str(NAMES[mv.take as usize]);
        }
        s
    }

    fn parse_move(&self, pos: &MorrisPos, name: &str) -> Result<MorrisMove, MoveError> {
        let Some(mv) = Morris::read_move(name.trim()) else {
            return Err(MoveError::Malformed {
                text: name.into(),
                expected: "a point a1..g7 to place on (d2), or from-to (d2-d3), then x and the opponent counter removed after a line of three (d2xg7)".into(),
            });
        };
        let legal = self.legal_moves(pos);
        if legal.contains(&mv) {
            return Ok(mv);
        }
        let illegal = |reason: String| {
            Err(MoveError::Illegal {
                text: name.into(),
                reason,
            })
        };
        if legal.is_empty() {
            return illegal("the game is over".into());
        }
        let me = pos.side.index();
        let placing = pos.hand[me] > 0;
        let empty = ALL & !(pos.men[0] | pos.men[1]);
        let to = NAMES[mv.to as usize];
        if placing && mv.from != NONE {
            return illegal(format!(
                "{} still has {} counter(s) to enter: name a point to place on",
                pos.side, pos.hand[me]
            ));
        }
        if !placing && mv.from == NONE {
            return illegal("every counter is entered: a move names from-to (d2-d3)".into());
        }
        if mv.from != NONE && pos.men[me] >> mv.from & 1 == 0 {
            return illegal(format!(
                "{} holds no counter of {}",
                NAMES[mv.from as usize], pos.side
            ));
        }
        if empty >> mv.to & 1 == 0 {
            return illegal(format!("{to} is not empty"));
        }
        let same_play = legal.iter().filter(|m| m.from == mv.from && m.to == mv.to);
        let takes: Vec<String> = same_play
            .filter(|m| m.take != NONE)
            .map(|m| format!("x{}", NAMES[m.take as usize]))
            .collect();
        if legal.iter().any(|m| m.from == mv.from && m.to == mv.to) {
            return illegal(if takes.is_empty() {
                "it makes no line of three: nothing is removed".into()
            } else {
                format!(
                    "it makes a line of three: append the counter removed, one of {}",
                    takes.join(" ")
                )
            });
        }
        let o = self.options();
        let flying = match (o.corners_fly, o.fly_three) {
            (true, true) => {
                "only a counter on an outside corner, or one of three, moves to any point"
            }
            (true, false) => "only a counter on an outside corner moves to any point",
            (false, true) => "only a player with three counters moves to any point",
            (false, false) => "a counter moves to a neighbour",
        };
        illegal(format!(
            "{} cannot reach {to} ({flying})",
            NAMES[mv.from as usize]
        ))
    }

    fn draw(&self, pos: &MorrisPos) -> String {
        let c = Morris::cells(pos);
        let at = |name: &str| c[point(name).expect("a point")];
        // The 7x7 grid, a point every 4 columns; '#' marks where the point named follows.
        let rows: [(&str, &[&str]); 13] = [
            ("7 #-----------#-----------#", &["a7", "d7", "g7"]),
            ("  | \\         |         / |", &[]),
            ("6 |   #-------#-------#   |", &["b6", "d6", "f6"]),
            ("  |   | \\     |     / |   |", &[]),
            ("5 |   |   #---#---#   |   |", &["c5", "d5", "e5"]),
            ("  |   |   |       |   |   |", &[]),
            (
                "4 #---#---#       #---#---#",
                &["a4", "b4", "c4", "e4", "f4", "g4"],
            ),
            ("  |   |   |       |   |   |", &[]),
            ("3 |   |   #---#---#   |   |", &["c3", "d3", "e3"]),
            ("  |   | /     |     \\ |   |", &[]),
            ("2 |   #-------#-------#   |", &["b2", "d2", "f2"]),
            ("  | /         |         \\ |", &[]),
            ("1 #-----------#-----------#", &["a1", "d1", "g1"]),
        ];
        let diagonals = self.options().diagonals;
        let mut out = String::new();
        for (line, names) in rows {
            let mut names = names.iter();
            for ch in line.chars() {
                if ch == '#' {
                    out.push(at(names.next().expect("a name for each mark")));
                } else if !diagonals && (ch == '/' || ch == '\\') {
                    out.push(' ');
                } else {
                    out.push(ch);
                }
            }
            out.push('\n');
        }
        out.push_str("  a   b   c   d   e   f   g\n");
        out.push_str(&format!(
            "in hand: S {}, N {}; taken: S {}, N {}; {} to move\n",
            pos.hand[0], pos.hand[1], pos.taken[0], pos.taken[1], pos.side
        ));
        out
    }

    fn captured(&self, pos: &MorrisPos) -> [u32; 2] {
        [pos.taken[0] as u32, pos.taken[1] as u32]
    }
}
