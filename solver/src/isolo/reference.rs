//! A slow reference for the Isolo games: Chaplin's rules one at a time, seed by seed, every
//! lap-start state of a move kept in a set. The fast code in the parent module is tested to
//! give the same moves and positions.

use super::{Isolo, IsoloMove, IsoloPos, Kind, Phase, CIRCUIT, MAX_BOARD, UNLIMITED};
use crate::proof::cert::MAX_CHILDREN;
use crate::side::Side;
use std::collections::HashSet;

/// Where a capture is re-sown from, by the kind of lap that made it (Isolo I).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
enum Lap {
    /// The move's first lap, or a re-sowing: rules 1, 2 and 5, from hole `a`.
    FromA,
    /// A relay lap: rule 6, from the hole after the one emptied to begin it.
    Relay,
}

/// A player's holes as a list in his sowing order, and the opponent's.
struct Sides {
    mine: Vec<u32>,
    theirs: Vec<u32>,
}

impl Sides {
    fn of(g: &Isolo, pos: &IsoloPos) -> Sides {
        let l = g.circuit_len();
        let me = pos.side.index();
        Sides {
            mine: pos.rows[me][..l].iter().map(|&x| x as u32).collect(),
            theirs: pos.rows[1 - me][..l].iter().map(|&x| x as u32).collect(),
        }
    }

    fn into_pos(self, pos: &IsoloPos) -> IsoloPos {
        let mut p = *pos;
        let me = pos.side.index();
        p.rows = [[0; CIRCUIT]; 2];
        for (i, &x) in self.mine.iter().enumerate() {
            p.rows[me][i] = x as u8;
        }
        for (i, &x) in self.theirs.iter().enumerate() {
            p.rows[1 - me][i] = x as u8;
        }
        p
    }
}

/// Sows `hand` seeds one by one from hole `at`; returns the hole of the last seed.
fn sow_one_by_one(row: &mut [u32], mut at: usize, hand: u32) -> usize {
    let mut last = at;
    for _ in 0..hand {
        row[at] += 1;
        last = at;
        at = (at + 1) % row.len();
    }
    last
}

/// Isolo I: the laps from (`start`, `hand`, `lap`); `false` when they never end.
fn isolo_laps(s: &mut Sides, mut start: usize, mut hand: u32, mut lap: Lap) -> bool {
    let w = s.mine.len();
    let mut seen = HashSet::new();
    loop {
        if !seen.insert((s.mine.clone(), s.theirs.clone(), start, hand, lap)) {
            return false;
        }
        let last = sow_one_by_one(&mut s.mine, start, hand);
        if s.mine[last] == 1 {
            return true; // he "sleeps"
        }
        // Own hole `last` (from his left) faces the opponent's hole w - 1 - last.
        let opposite = w - 1 - last;
        if s.theirs[opposite] == 0 {
            // Rule 6: take the contents of his own hole and continue sowing.
            hand = s.mine[last];
            s.mine[last] = 0;
            start = (last + 1) % w;
            lap = Lap::Relay;
            continue;
        }
        let eaten = s.theirs[opposite];
        s.theirs[opposite] = 0;
        let (big_a, big_b, big_g, big_h) = (0, 1, w - 2, w - 1);
        let (a, b, h) = (0, 1, w - 1);
        if opposite == big_b && eaten == 1 {
            // Rule 3: the mwipinda of B goes to h; A's seeds join it and h is re-sown from a.
            s.mine[h] += 1;
            if s.theirs[big_a] == 0 {
                return true;
            }
            s.mine[h] += s.theirs[big_a];
            s.theirs[big_a] = 0;
            hand = s.mine[h];
            s.mine[h] = 0;
            start = a;
            lap = Lap::FromA;
        } else if opposite == big_g && eaten == 1 {
            // Rule 4: the mwipinda of G goes to a; H's seeds join it and a is re-sown from b.
            s.mine[a] += 1;
            if s.theirs[big_h] == 0 {
                return true;
            }
            s.mine[a] += s.theirs[big_h];
            s.theirs[big_h] = 0;
            hand = s.mine[a];
            s.mine[a] = 0;
            start = b;
            lap = Lap::FromA;
        } else {
            // Rules 1, 2 and 5 (from a) or 6 (from the hole after the one emptied).
            hand = eaten;
            if lap == Lap::FromA {
                start = a;
            }
            lap = Lap::FromA;
        }
    }
}

/// Isolo II: the laps from (`start`, `hand`); `false` when they never end.
fn isolo_ii_laps(s: &mut Sides, w: usize, mut start: usize, mut hand: u32) -> bool {
    let l = 2 * w;
    let mut seen = HashSet::new();
    // Column (from the owner's left) and row of each circuit index.
    let col = |i: usize| if i < w { i + 1 } else { l - i };
    let front = |i: usize| i >= w;
    let back_of_col = |c: usize| c - 1;
    let front_of_col = |c: usize| l - c;
    loop {
        if !seen.insert((s.mine.clone(), s.theirs.clone(), start, hand)) {
            return false;
        }
        let last = sow_one_by_one(&mut s.mine, start, hand);
        if s.mine[last] == 1 {
            return true;
        }
        let c = col(last);
        // The opponent's facing column is w + 1 - c from his left.
        let oc = w + 1 - c;
        let (of, ob) = (front_of_col(oc), back_of_col(oc));
        if front(last) && s.mine[back_of_col(c)] > 0 && s.theirs[of] > 0 {
            hand = s.theirs[of] + s.theirs[ob];
            s.theirs[of] = 0;
            s.theirs[ob] = 0;
            continue; // re-sown from this lap's own start
        }
        hand = s.mine[last];
        s.mine[last] = 0;
        start = (last + 1) % l;
    }
}

/// The position after the mover sows from hole `i` (turn not passed), if legal.
fn sow_from(g: &Isolo, pos: &IsoloPos, i: usize) -> Option<IsoloPos> {
    let w = g.width();
    let me = pos.side.index();
    let mut s = Sides::of(g, pos);
    if s.mine[i] == 0 {
        return None;
    }
    let mut p = *pos;
    let ended = match (g.kind(), pos.phase) {
        (Kind::IsoloI, Phase::Fore) => {
            let total: u32 = s.mine.iter().chain(&s.theirs).sum();
            if pos.store[me] == 0 || total >= MAX_BOARD {
                return None;
            }
            if pos.store[me] != UNLIMITED {
                p.store[me] -= 1;
            }
            s.mine[i] += 1;
            let hand = s.mine[i];
            s.mine[i] = 0;
            let start = if i + 2 == w { w - 1 } else { 0 };
            isolo_laps(&mut s, start, hand, Lap::FromA)
        }
        (Kind::IsoloI, Phase::Play) => {
            let hand = s.mine[i];
            s.mine[i] = 0;
            isolo_laps(&mut s, (i + 1) % w, hand, Lap::FromA)
        }
        (Kind::IsoloII, Phase::Play) => {
            let hand = s.mine[i];
            s.mine[i] = 0;
            isolo_ii_laps(&mut s, w, (i + 1) % (2 * w), hand)
        }
        _ => return None,
    };
    ended.then(|| s.into_pos(&p))
}

/// Every arrangement the mover may make, counts in name order: every vector of hole counts
/// (the last hole counting fastest), a hole at most the cap, the sum within the phase's
/// range; a branch whose sum is already past it, or can no longer reach it, is not followed.
fn arrangements(g: &Isolo, pos: &IsoloPos) -> Vec<[u8; CIRCUIT]> {
    let l = g.circuit_len();
    let have: u32 = pos.rows[pos.side.index()][..l]
        .iter()
        .map(|&x| x as u32)
        .sum();
    let (cap, lo) = match g.kind() {
        Kind::IsoloI => (have, 1),
        Kind::IsoloII => (g.setup().max_hole.min(have), have),
    };
    let mut out = Vec::new();
    let mut c = [0u8; CIRCUIT];
    vectors(&mut c, 0, l, 0, (cap, lo, have), &mut out);
    out
}

/// The vectors of [`arrangements`] that extend `c[..k]` (whose counts sum to `sum`).
fn vectors(
    c: &mut [u8; CIRCUIT],
    k: usize,
    l: usize,
    sum: u32,
    (cap, lo, hi): (u32, u32, u32),
    out: &mut Vec<[u8; CIRCUIT]>,
) {
    if k == l {
        if (lo..=hi).contains(&sum) {
            out.push(*c);
        }
        return;
    }
    for x in 0..=cap {
        let s = sum + x;
        if s > hi {
            break;
        }
        if s + cap * (l - k - 1) as u32 >= lo {
            c[k] = x as u8;
            vectors(c, k + 1, l, s, (cap, lo, hi), out);
        }
    }
    c[k] = 0;
}

/// The legal moves of `pos` and the positions they lead to, in the fast code's order.
pub fn successors(g: &Isolo, pos: &IsoloPos) -> Vec<(IsoloMove, IsoloPos)> {
    let l = g.circuit_len();
    let mut out = Vec::new();
    if pos.phase == Phase::Arrange {
        for c in arrangements(g, pos) {
            let mut p = *pos;
            let me = pos.side.index();
            for (k, &x) in c[..l].iter().enumerate() {
                p.rows[me][g.set_index(k)] = x;
            }
            match (g.kind(), pos.side) {
                (Kind::IsoloI, side) => {
                    p.phase = Phase::Play;
                    p.side = if g.options().main_first_winner {
                        side
                    } else {
                        side.opponent()
                    };
                }
                (Kind::IsoloII, Side::South) => p.side = Side::North,
                (Kind::IsoloII, Side::North) => {
                    p.side = Side::South;
                    p.phase = Phase::Play;
                }
            }
            out.push((IsoloMove::Set(c), p));
        }
        return out;
    }
    for i in 0..l {
        if let Some(mut p) = sow_from(g, pos, i) {
            p.side = pos.side.opponent();
            decide_fore_play(g, &mut p);
            out.push((IsoloMove::Hole(i as u8), p));
        }
    }
    out
}

/// When the side to move of a fore-play position cannot move, he has lost the fore-play:
/// "the loser sets two beans in each hole" and the winner arranges.
fn decide_fore_play(g: &Isolo, p: &mut IsoloPos) {
    if p.phase != Phase::Fore {
        return;
    }
    if (0..g.width()).any(|i| sow_from(g, p, i).is_some()) {
        return;
    }
    let loser = p.side.index();
    for i in 0..g.width() {
        p.rows[loser][i] = g.seeds() as u8;
    }
    p.side = p.side.opponent();
    p.phase = Phase::Arrange;
    p.store = [0; 2];
}

/// The referee of Isolo certificates: position text read and written by the notation, the
/// moves and their positions by [`successors`], the end's winner by the game's outcome.
pub struct Referee(pub Isolo);

impl crate::proof::cert::Referee for Referee {
    fn mover(&self, text: &str) -> Side {
        use crate::game::{Game, Notation};
        self.0
            .parse_position(text)
            .map_or(Side::South, |p| self.0.to_move(&p))
    }
    /// An arrangement phase of more than [`MAX_CHILDREN`] arrangements is refused by their
    /// count, before any is listed.
    fn children(&self, text: &str) -> Result<Vec<(String, String)>, String> {
        use crate::game::Notation;
        let pos = self.0.parse_position(text).map_err(|e| e.to_string())?;
        let n = (pos.phase == Phase::Arrange).then(|| self.0.arrangements(&pos));
        if let Some(n) = n.filter(|&n| n > MAX_CHILDREN as u128) {
            return Err(format!(
                "{n} arrangements, more than the {MAX_CHILDREN} moves a check lists at one node"
            ));
        }
        Ok(successors(&self.0, &pos)
            .into_iter()
            .map(|(m, q)| (self.0.move_name(&pos, m), self.0.format_position(&q)))
            .collect())
    }
    fn winner(&self, text: &str) -> Option<Side> {
        use crate::game::{Game, Notation};
        let pos = self.0.parse_position(text).ok()?;
        self.0.outcome(&pos).and_then(|o| o.winner)
    }
}
