//! A slow, plain reference of the morris rules, written apart from the bitboards: points are
//! names, the lines are the twenty of docs/RULES.md written out, two points are adjacent when
//! they stand next to each other in a line, and every rule is a loop over lists. Tested to
//! list the same moves as the fast rules (`tests` below and `solver/tests/morris.rs`).

use super::Options;

/// The twenty lines of three, as docs/RULES.md lists them.
pub const LINES: [[&str; 3]; 20] = [
    // The 12 sides of the three squares.
    ["a1", "a4", "a7"],
    ["a7", "d7", "g7"],
    ["g7", "g4", "g1"],
    ["g1", "d1", "a1"],
    ["b2", "b4", "b6"],
    ["b6", "d6", "f6"],
    ["f6", "f4", "f2"],
    ["f2", "d2", "b2"],
    ["c3", "c4", "c5"],
    ["c5", "d5", "e5"],
    ["e5", "e4", "e3"],
    ["e3", "d3", "c3"],
    // The 4 lines joining the midpoints.
    ["a4", "b4", "c4"],
    ["d7", "d6", "d5"],
    ["g4", "f4", "e4"],
    ["d1", "d2", "d3"],
    // The 4 joining the corners.
    ["a1", "b2", "c3"],
    ["a7", "b6", "c5"],
    ["g7", "f6", "e5"],
    ["g1", "f2", "e3"],
];

/// "a player having a counter at an outside corner may move it wherever he likes".
pub const OUTSIDE_CORNERS: [&str; 4] = ["a1", "a7", "g7", "g1"];

/// A position: who holds each point (`'S'`, `'N'` or `'.'`), by name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefPos {
    /// (point, holder) for every point of the lines.
    pub points: Vec<(String, char)>,
    /// Counters in hand, South's then North's.
    pub hand: [u32; 2],
    /// `'S'` or `'N'`.
    pub to_move: char,
}

impl RefPos {
    fn holder(&self, p: &str) -> char {
        self.points
            .iter()
            .find(|(q, _)| q == p)
            .map(|x| x.1)
            .expect("a point of the board")
    }

    fn set(&mut self, p: &str, c: char) {
        for (q, h) in &mut self.points {
            if q == p {
                *h = c;
            }
        }
    }
}

/// Every point, in the order the lines first name them.
pub fn points() -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for l in LINES {
        for p in l {
            if !out.iter().any(|q| q == p) {
                out.push(p.to_string());
            }
        }
    }
    out
}

/// The lines of the board: the twenty, or without the four diagonals (`diagonals=off`) the
/// sixteen of nine men's morris.
pub fn lines(options: Options) -> &'static [[&'static str; 3]] {
    if options.diagonals {
        &LINES
    } else {
        &LINES[..16]
    }
}

/// Two points next to each other in a line.
pub fn adjacent(a: &str, b: &str, options: Options) -> bool {
    lines(options).iter().any(|l| {
        (l[0] == a && l[1] == b)
            || (l[1] == a && l[0] == b)
            || (l[1] == a && l[2] == b)
            || (l[2] == a && l[1] == b)
    })
}

/// True when `who` holds a whole line through `p` in `pos`.
fn line_through(pos: &RefPos, p: &str, who: char, options: Options) -> bool {
    lines(options)
        .iter()
        .any(|l| l.contains(&p) && l.iter().all(|q| pos.holder(q) == who))
}

/// The legal moves of `pos` as names (`d2`, `a1-d5xg4`), in no particular order.
pub fn moves(pos: &RefPos, options: Options) -> Vec<String> {
    let me = pos.to_move;
    let them = if me == 'S' { 'N' } else { 'S' };
    let mi = if me == 'S' { 0 } else { 1 };
    let count = |c: char| pos.points.iter().filter(|x| x.1 == c).count();
    if pos.hand == [0, 0] {
        // Fewer than three counters, for either side, and the game is over.
        if count('S') < 3 || count('N') < 3 {
            return Vec::new();
        }
    }
    let empty: Vec<String> = pos
        .points
        .iter()
        .filter(|x| x.1 == '.')
        .map(|x| x.0.clone())
        .collect();
    // Each (from, to) play, then its removals.
    let mut plays: Vec<(Option<String>, String)> = Vec::new();
    if pos.hand[mi] > 0 {
        for e in &empty {
            plays.push((None, e.clone()));
        }
    } else {
        // "When a player has only three stones left, she may jump a stone to any vacant
        // point" (Gasser's nine men's morris, `fly=three`).
        let flies = options.fly_three && count(me) == 3;
        for (p, h) in &pos.points {
            if *h != me {
                continue;
            }
            let corner = options.corners_fly && OUTSIDE_CORNERS.contains(&p.as_str());
            for e in &empty {
                if flies || corner || adjacent(p, e, options) {
                    plays.push((Some(p.clone()), e.clone()));
                }
            }
        }
    }
    let mut out = Vec::new();
    for (from, to) in plays {
        let mut after = pos.clone();
        if let Some(f) = &from {
            after.set(f, '.');
        }
        after.set(&to, me);
        let name = match &from {
            Some(f) => format!("{f}-{to}"),
            None => to.clone(),
        };
        if !line_through(&after, &to, me, options) {
            out.push(name);
            continue;
        }
        let theirs: Vec<String> = after
            .points
            .iter()
            .filter(|x| x.1 == them)
            .map(|x| x.0.clone())
            .collect();
        let outside: Vec<String> = theirs
            .iter()
            .filter(|q| !line_through(&after, q, them, options))
            .cloned()
            .collect();
        let removable = if options.protect && !outside.is_empty() {
            outside
        } else {
            theirs
        };
        if removable.is_empty() {
            out.push(name.clone());
        }
        for r in removable {
            out.push(format!("{name}x{r}"));
        }
    }
    out
}

/// The position after the move named `name` (one of [`moves`]).
pub fn play(pos: &RefPos, name: &str) -> RefPos {
    let me = pos.to_move;
    let mut p = pos.clone();
    let (body, take) = match name.split_once('x') {
        Some((a, b)) => (a, Some(b)),
        None => (name, None),
    };
    match body.split_once('-') {
        Some((f, t)) => {
            p.set(f, '.');
            p.set(t, me);
        }
        None => {
            p.set(body, me);
            p.hand[if me == 'S' { 0 } else { 1 }] -= 1;
        }
    }
    if let Some(t) = take {
        p.set(t, '.');
    }
    p.to_move = if me == 'S' { 'N' } else { 'S' };
    p
}

/// The reference's position of a fast one (the points by name, the counters in hand).
pub fn of(pos: &super::MorrisPos) -> RefPos {
    let points = points()
        .into_iter()
        .map(|p| {
            let i = super::board::NAMES
                .iter()
                .position(|&n| n == p)
                .expect("a named point");
            let c = if pos.men[0] >> i & 1 == 1 {
                'S'
            } else if pos.men[1] >> i & 1 == 1 {
                'N'
            } else {
                '.'
            };
            (p, c)
        })
        .collect();
    RefPos {
        points,
        hand: [pos.hand[0] as u32, pos.hand[1] as u32],
        to_move: if pos.side == crate::Side::South {
            'S'
        } else {
            'N'
        },
    }
}

/// The fast position of a reference one, the removals counted in `taken` (which the rules
/// never read: it is the score the text shows).
fn back(r: &RefPos, taken: [u8; 2]) -> super::MorrisPos {
    let mut men = [0u32; 2];
    for (p, c) in &r.points {
        let i = super::board::NAMES
            .iter()
            .position(|n| n == p)
            .expect("a named point");
        match c {
            'S' => men[0] |= 1 << i,
            'N' => men[1] |= 1 << i,
            _ => {}
        }
    }
    super::MorrisPos {
        men,
        hand: [r.hand[0] as u8, r.hand[1] as u8],
        taken,
        side: if r.to_move == 'S' {
            crate::Side::South
        } else {
            crate::Side::North
        },
    }
}

/// The referee of morris certificates: position text read and written by the notation,
/// the moves, their positions and the ends by the reference rules above.
pub struct Referee(pub super::Morris);

impl crate::proof::cert::Referee for Referee {
    fn mover(&self, text: &str) -> crate::Side {
        use crate::game::{Game, Notation};
        self.0
            .parse_position(text)
            .map_or(crate::Side::South, |p| self.0.to_move(&p))
    }
    fn children(&self, text: &str) -> Result<Vec<(String, String)>, String> {
        use crate::game::Notation;
        let pos = self.0.parse_position(text).map_err(|e| e.to_string())?;
        let r = of(&pos);
        let me = if r.to_move == 'S' { 0 } else { 1 };
        Ok(moves(&r, self.0.options())
            .into_iter()
            .map(|name| {
                let q = play(&r, &name);
                let mut taken = pos.taken;
                if name.contains('x') {
                    taken[me] = taken[me].saturating_add(1);
                }
                let text = self.0.format_position(&back(&q, taken));
                (name, text)
            })
            .collect())
    }
    /// Once every counter is entered, a side with fewer than three has lost; else the
    /// mover, blocked, has.
    fn winner(&self, text: &str) -> Option<crate::Side> {
        use crate::game::Notation;
        let pos = self.0.parse_position(text).ok()?;
        let r = of(&pos);
        let count = |c: char| r.points.iter().filter(|x| x.1 == c).count();
        let mover = crate::proof::cert::Referee::mover(self, text);
        if r.hand == [0, 0] {
            if count('S') < 3 {
                return Some(crate::Side::North);
            }
            if count('N') < 3 {
                return Some(crate::Side::South);
            }
        }
        Some(mover.opponent())
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Morris, MorrisPos};
    use super::*;
    use crate::game::{Game, Notation};
    use crate::rng::Rng;

    fn to_ref(pos: &MorrisPos) -> RefPos {
        of(pos)
    }

    #[test]
    fn the_reference_and_the_bitboards_list_the_same_moves() {
        let mut rng = Rng::new(7);
        let nine = Options::defaults(super::super::Kind::NineMensMorris);
        let mulabalaba = Options::default();
        for (counters, o) in [
            (3, mulabalaba),
            (
                4,
                Options {
                    protect: true,
                    ..mulabalaba
                },
            ),
            (
                6,
                Options {
                    fly_three: true,
                    ..mulabalaba
                },
            ),
            (
                9,
                Options {
                    protect: true,
                    diagonals: false,
                    ..mulabalaba
                },
            ),
            (
                12,
                Options {
                    corners_fly: false,
                    ..mulabalaba
                },
            ),
            (3, nine),
            (5, nine),
            (9, nine),
            (
                7,
                Options {
                    protect: false,
                    ..nine
                },
            ),
        ] {
            let g = Morris::new(counters, o).unwrap();
            for _ in 0..40 {
                let mut pos = g.start();
                let mut r = to_ref(&pos);
                for _ in 0..120 {
                    let mut fast: Vec<String> = g
                        .legal_moves(&pos)
                        .iter()
                        .map(|&m| g.move_name(&pos, m))
                        .collect();
                    let mut slow = moves(&r, o);
                    fast.sort();
                    slow.sort();
                    assert_eq!(fast, slow, "{}", g.format_position(&pos));
                    if fast.is_empty() {
                        break;
                    }
                    let name = &fast[rng.below(fast.len())];
                    let m = g.parse_move(&pos, name).unwrap();
                    pos = g.play(&pos, m);
                    r = play(&r, name);
                    assert_eq!(r, to_ref(&pos));
                }
            }
        }
    }
}
