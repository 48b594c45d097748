//! A slow, readable reference of the four-row rules, written apart from the fast code: it
//! reads and writes position text itself, keeps the four rows as drawn (`Vec<Vec<u32>>`),
//! walks a player's circuit cell by cell and sows seed by seed, and detects sowings that
//! never end with a set of every lap-start state seen (under `capture=may`, one set for each
//! run of laps between two choices, every way of choosing followed). Tests check that it
//! lists the same moves (by name) leading to the same positions (as text) as
//! [`super::FourRow`].

use std::collections::{BTreeMap, HashSet};

/// A position as drawn: rows top to bottom, each left to right as South sees it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct RefPos {
    rows: Vec<Vec<u32>>,
    south: bool,
    fields: BTreeMap<String, [i64; 2]>,
    dir: Option<bool>, // natatu North: Some(true) = clockwise
}

/// The reference rules of one variant.
pub struct Reference {
    id: String,
    w: usize,
    resow_end: bool,
    singles_free: bool,
    capture_may: bool,
    max_laps: usize,
}

/// A sowing under `capture=may` at the start of a lap: the board, where the lap starts, the
/// seeds in hand, and the choices made so far.
#[derive(Clone)]
struct Way {
    rows: Vec<Vec<u32>>,
    at: usize,
    hand: u32,
    choices: String,
}

/// Why a sowing gave no result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stop {
    /// A lap-start state repeated: the sowing never ends.
    Never,
    /// More laps than the reference's budget (`Reference::with_lap_budget`, for tests).
    TooLong,
}

fn pair(s: &str) -> [i64; 2] {
    let v: Vec<i64> = s.split(',').map(|x| x.parse().expect("count")).collect();
    [v[0], v[1]]
}

impl Reference {
    /// The reference for variant `id` on 4x`w` with `--rule` options `rules`.
    pub fn new(id: &str, w: usize, rules: &[String]) -> Reference {
        Reference {
            id: id.to_string(),
            w,
            resow_end: rules.iter().any(|r| r == "resow=end"),
            singles_free: rules.iter().any(|r| r == "singles=free"),
            capture_may: rules.iter().any(|r| r == "capture=may")
                && matches!(id, "chisolo-ii" | "mwambulula"),
            max_laps: usize::MAX,
        }
    }

    /// Gives up (see [`Reference::children`]) on a sowing of more than `laps` laps. Relay
    /// sowings with many seeds in a circuit can run for millions of laps before they end,
    /// which the seed-by-seed reference with its table of states cannot afford.
    #[cfg(any(test, feature = "reference"))]
    pub fn with_lap_budget(mut self, laps: usize) -> Reference {
        self.max_laps = laps;
        self
    }

    fn parse(&self, text: &str) -> RefPos {
        let mut words = text.split_whitespace();
        let rows = words
            .next()
            .unwrap()
            .split('/')
            .map(|r| r.split(',').map(|x| x.parse().unwrap()).collect())
            .collect();
        let south = words.next().unwrap() == "S";
        let mut fields = BTreeMap::new();
        let mut dir = None;
        for f in words {
            let (k, v) = f.split_once('=').unwrap();
            if k == "dir" {
                dir = match v {
                    "cw" => Some(true),
                    "ccw" => Some(false),
                    _ => None,
                };
            } else {
                fields.insert(k.to_string(), pair(v));
            }
        }
        RefPos {
            rows,
            south,
            fields,
            dir,
        }
    }

    fn field(&self, p: &RefPos, k: &str) -> [i64; 2] {
        p.fields.get(k).copied().unwrap_or([0, 0])
    }

    fn format(&self, p: &RefPos) -> String {
        let rows: Vec<String> = p
            .rows
            .iter()
            .map(|r| {
                r.iter()
                    .map(|x| x.to_string())
                    .collect::<Vec<_>>()
                    .join(",")
            })
            .collect();
        let mut t = format!("{} {}", rows.join("/"), if p.south { "S" } else { "N" });
        let id = self.id.as_str();
        let mut keys: Vec<&str> = Vec::new();
        if !matches!(id, "chisolo-ii" | "mwambulula") {
            keys.push("captured");
        }
        if matches!(id, "nchuba" | "nakabili") {
            keys.push("captures");
        }
        if id == "kanotta" {
            keys.push("removed");
        }
        for k in keys {
            let v = self.field(p, k);
            t += &format!(" {k}={},{}", v[0], v[1]);
        }
        if id == "natatu" {
            t += match p.dir {
                None => " dir=-",
                Some(true) => " dir=cw",
                Some(false) => " dir=ccw",
            };
        }
        if id == "mwambulula" {
            let s = self.field(p, "stores");
            let e = self.field(p, "emptied");
            t += &format!(" stores={},{} emptied={},{}", s[0], s[1], e[0], e[1]);
        }
        t
    }

    /// The mover's circuit as (row, column) cells in anti-clockwise order.
    fn circuit(&self, south: bool) -> Vec<(usize, usize)> {
        let w = self.w;
        if south {
            let mut v: Vec<_> = (0..w).map(|c| (3, c)).collect();
            v.extend((0..w).rev().map(|c| (2, c)));
            v
        } else {
            let mut v: Vec<_> = (0..w).rev().map(|c| (0, c)).collect();
            v.extend((0..w).map(|c| (1, c)));
            v
        }
    }

    /// The name of a cell from the mover's seat.
    fn name(&self, south: bool, cell: (usize, usize)) -> String {
        let (r, c) = cell;
        let col = if south { c + 1 } else { self.w - c };
        let mine = if south { r >= 2 } else { r <= 1 };
        let front = r == 1 || r == 2;
        let l = match (mine, front) {
            (true, true) => 'f',
            (true, false) => 'b',
            (false, true) => 'F',
            (false, false) => 'B',
        };
        format!("{l}{col}")
    }

    fn opp_front_row(south: bool) -> usize {
        if south {
            1
        } else {
            2
        }
    }
    fn opp_back_row(south: bool) -> usize {
        if south {
            0
        } else {
            3
        }
    }
    fn own_front_row(south: bool) -> usize {
        if south {
            2
        } else {
            1
        }
    }

    /// Takes the opponent's file of text column `c` (front and back hole) off the board of
    /// the player `south` says; returns its seeds.
    fn take_file(rows: &mut [Vec<u32>], south: bool, c: usize) -> u32 {
        let (f, b) = (Self::opp_front_row(south), Self::opp_back_row(south));
        let got = rows[f][c] + rows[b][c];
        rows[f][c] = 0;
        rows[b][c] = 0;
        got
    }

    /// Sows from circuit position `start`; `Err` if never ending. Returns the board after
    /// the laps and, for a Lozi capture, the text column of the captured file.
    fn sow(
        &self,
        p: &RefPos,
        start: usize,
        cw: bool,
    ) -> Result<(Vec<Vec<u32>>, Option<usize>), Stop> {
        let circ = self.circuit(p.south);
        let n = circ.len();
        let mut rows = p.rows.clone();
        let next = |i: usize| if cw { (i + n - 1) % n } else { (i + 1) % n };
        let (r0, c0) = circ[start];
        let mut hand = rows[r0][c0];
        rows[r0][c0] = 0;
        let mut at = next(start);
        let mut seen: HashSet<(Vec<Vec<u32>>, usize, u32)> = HashSet::new();
        loop {
            if !seen.insert((rows.clone(), at, hand)) {
                return Err(Stop::Never);
            }
            if seen.len() > self.max_laps {
                return Err(Stop::TooLong);
            }
            // One lap, seed by seed.
            let mut last = at;
            while hand > 0 {
                let (r, c) = circ[at];
                rows[r][c] += 1;
                hand -= 1;
                last = at;
                if hand > 0 {
                    at = next(at);
                }
            }
            let (r, c) = circ[last];
            let was_empty = rows[r][c] == 1;
            let front = r == Self::own_front_row(p.south);
            let facing = rows[Self::opp_front_row(p.south)][c] > 0;
            match self.id.as_str() {
                "chisolo-ii" => {
                    if was_empty {
                        return Ok((rows, None));
                    }
                    if front && facing {
                        hand = Self::take_file(&mut rows, p.south, c);
                    } else {
                        hand = rows[r][c];
                        rows[r][c] = 0;
                    }
                    at = next(last);
                }
                "mwambulula" => {
                    if was_empty {
                        return Ok((rows, None));
                    }
                    if facing {
                        hand = Self::take_file(&mut rows, p.south, c);
                        at = start;
                        if self.resow_end {
                            while hand > 0 {
                                let (r, c) = circ[at];
                                rows[r][c] += 1;
                                hand -= 1;
                                at = next(at);
                            }
                            return Ok((rows, None));
                        }
                    } else {
                        hand = rows[r][c];
                        rows[r][c] = 0;
                        at = next(last);
                    }
                }
                id => {
                    if was_empty {
                        if front && facing {
                            return Ok((rows, Some(c)));
                        }
                        let ahead = next(last);
                        let (ra, ca) = circ[ahead];
                        if id == "kabwanga" && rows[ra][ca] >= 2 {
                            hand = rows[ra][ca];
                            rows[ra][ca] = 0;
                            at = next(ahead);
                        } else {
                            return Ok((rows, None));
                        }
                    } else {
                        hand = rows[r][c];
                        rows[r][c] = 0;
                        at = next(last);
                    }
                }
            }
        }
    }

    /// Under `capture=may` (chisolo-ii, mwambulula): every way the sowing from circuit
    /// position `start` may go, as (board after the move, choices made: `c` captured, `r`
    /// declined so that the hole relays). A way that meets a choice point (board and hole of
    /// the last seed) already met on its own way is not a move, nor one whose laps repeat a
    /// state between two choices; after 31 choices every chance captures.
    #[allow(clippy::type_complexity)]
    fn sow_may(&self, p: &RefPos, start: usize) -> Result<Vec<(Vec<Vec<u32>>, String)>, Stop> {
        let n = self.circuit(p.south).len();
        let (r0, c0) = self.circuit(p.south)[start];
        let mut rows = p.rows.clone();
        let hand = rows[r0][c0];
        rows[r0][c0] = 0;
        let mut out = Vec::new();
        let way = Way {
            rows,
            at: (start + 1) % n,
            hand,
            choices: String::new(),
        };
        self.ways(p.south, start, way, &mut Vec::new(), &mut out)?;
        Ok(out)
    }

    /// Every way the sowing from `start` goes: (board, text column of a Lozi capture, choices
    /// under `capture=may`); `Err(Stop::Never)` when it never ends (there is no way).
    #[allow(clippy::type_complexity)]
    fn sowings(
        &self,
        p: &RefPos,
        start: usize,
        cw: bool,
    ) -> Result<Vec<(Vec<Vec<u32>>, Option<usize>, String)>, Stop> {
        if self.capture_may {
            let ways = self.sow_may(p, start)?;
            if ways.is_empty() {
                return Err(Stop::Never);
            }
            return Ok(ways.into_iter().map(|(r, c)| (r, None, c)).collect());
        }
        let (rows, capture) = self.sow(p, start, cw)?;
        Ok(vec![(rows, capture, String::new())])
    }

    #[allow(clippy::type_complexity)]
    fn ways(
        &self,
        south: bool,
        start: usize,
        mut way: Way,
        met: &mut Vec<(Vec<Vec<u32>>, usize)>,
        out: &mut Vec<(Vec<Vec<u32>>, String)>,
    ) -> Result<(), Stop> {
        let circ = self.circuit(south);
        let n = circ.len();
        let mut seen: HashSet<(Vec<Vec<u32>>, usize, u32)> = HashSet::new();
        loop {
            if !seen.insert((way.rows.clone(), way.at, way.hand)) {
                return Ok(());
            }
            if seen.len() > self.max_laps {
                return Err(Stop::TooLong);
            }
            let mut last = way.at;
            while way.hand > 0 {
                let (r, c) = circ[way.at];
                way.rows[r][c] += 1;
                way.hand -= 1;
                last = way.at;
                if way.hand > 0 {
                    way.at = (way.at + 1) % n;
                }
            }
            let (r, c) = circ[last];
            if way.rows[r][c] == 1 {
                out.push((way.rows, way.choices));
                return Ok(());
            }
            let facing = way.rows[Self::opp_front_row(south)][c] > 0;
            let front = r == Self::own_front_row(south);
            let chance = facing && (front || self.id == "mwambulula");
            let resow = |w: &mut Way, take: bool| -> bool {
                if take {
                    w.hand = Self::take_file(&mut w.rows, south, c);
                    if self.id == "mwambulula" {
                        w.at = start;
                        if self.resow_end {
                            while w.hand > 0 {
                                let (r, c) = circ[w.at];
                                w.rows[r][c] += 1;
                                w.hand -= 1;
                                w.at = (w.at + 1) % n;
                            }
                            return true;
                        }
                        return false;
                    }
                } else {
                    w.hand = w.rows[r][c];
                    w.rows[r][c] = 0;
                }
                w.at = (last + 1) % n;
                false
            };
            if chance && way.choices.len() < 31 {
                if met.contains(&(way.rows.clone(), last)) {
                    return Ok(());
                }
                met.push((way.rows.clone(), last));
                for (take, letter) in [(true, 'c'), (false, 'r')] {
                    let mut w = way.clone();
                    w.choices.push(letter);
                    if resow(&mut w, take) {
                        out.push((w.rows, w.choices));
                    } else {
                        self.ways(south, start, w, met, out)?;
                    }
                }
                met.pop();
                return Ok(());
            }
            if resow(&mut way, chance) {
                out.push((way.rows, way.choices));
                return Ok(());
            }
        }
    }

    fn extra_count(&self, p: &RefPos) -> usize {
        let me = if p.south { 0 } else { 1 };
        let made = self.field(p, "captures")[me];
        match self.id.as_str() {
            "kanotta" => 2,
            "chisolo" | "natatu" => 1,
            "nchuba" => [3, 2, 1][made.min(2) as usize],
            "nakabili" => {
                if made == 0 {
                    2
                } else {
                    1
                }
            }
            _ => 0,
        }
    }

    /// Every legal move of `text` by name, with the position it leads to, in no fixed order;
    /// `None` when a sowing ran over the lap budget.
    pub fn children(&self, text: &str) -> Option<Vec<(String, String)>> {
        let p = self.parse(text);
        let me = if p.south { 0 } else { 1 };
        let id = self.id.as_str();
        let circ = self.circuit(p.south);
        let opp_cells: Vec<(usize, usize)> = self.circuit(!p.south);
        let mut out = Vec::new();
        let pass = |mut q: RefPos| {
            q.south = !q.south;
            q
        };
        // kanotta setup phase.
        if id == "kanotta" {
            let removed = self.field(&p, "removed");
            if removed[0] < 4 || removed[1] < 4 {
                for &(r, c) in &opp_cells {
                    if p.rows[r][c] > 0 {
                        let mut q = p.clone();
                        let mut cap = self.field(&q, "captured");
                        cap[me] += q.rows[r][c] as i64;
                        q.rows[r][c] = 0;
                        q.fields.insert("captured".into(), cap);
                        let mut rm = removed;
                        rm[me] += 1;
                        q.fields.insert("removed".into(), rm);
                        q.south = if rm[0] < 4 { true } else { rm[1] >= 4 };
                        out.push((format!("x{}", self.name(p.south, (r, c))), self.format(&q)));
                    }
                }
                return Some(out);
            }
        }
        let counts: Vec<u32> = circ.iter().map(|&(r, c)| p.rows[r][c]).collect();
        let seeded: Vec<usize> = (0..circ.len()).filter(|&i| counts[i] > 0).collect();
        let twos: Vec<usize> = seeded.iter().copied().filter(|&i| counts[i] >= 2).collect();
        let n = circ.len();
        // (circuit start, clockwise, suffix)
        let mut starts: Vec<(usize, bool, &str)> = Vec::new();
        let mut too_long = false;
        if id == "natatu" {
            let dirs: Vec<(bool, &str)> = if p.south {
                vec![(true, "")]
            } else {
                match p.dir {
                    Some(cw) => vec![(cw, "")],
                    None => vec![(true, "+cw"), (false, "+ccw")],
                }
            };
            for &i in &seeded {
                for &(cw, sfx) in &dirs {
                    let nx = if cw { (i + n - 1) % n } else { (i + 1) % n };
                    if (twos.is_empty() && counts[nx] == 0) || counts[i] >= 2 {
                        starts.push((i, cw, sfx));
                    }
                }
            }
        } else if id == "nchuba" && !twos.is_empty() {
            starts = twos.iter().map(|&i| (i, false, "")).collect();
        } else if matches!(id, "nakabili" | "kabwanga") && twos.len() == 1 && counts[twos[0]] == 2 {
            starts = vec![(twos[0], false, "")];
        } else if twos.is_empty() && !self.singles_free {
            let pref: Vec<usize> = seeded
                .iter()
                .copied()
                .filter(|&i| counts[(i + 1) % n] > 0)
                .filter(|&i| match self.sowings(&p, i, false) {
                    Ok(ways) => !ways.is_empty(),
                    Err(Stop::Never) => false,
                    Err(Stop::TooLong) => {
                        too_long = true;
                        false
                    }
                })
                .collect();
            let pick = if pref.is_empty() { &seeded } else { &pref };
            starts = pick.iter().map(|&i| (i, false, "")).collect();
        } else {
            starts = seeded.iter().map(|&i| (i, false, "")).collect();
        }
        for (i, cw, sfx) in starts {
            let ways = match self.sowings(&p, i, cw) {
                Ok(ways) => ways,
                Err(Stop::Never) => continue,
                Err(Stop::TooLong) => return None,
            };
            for (rows, capture, choices) in ways {
                let mut q = p.clone();
                q.rows = rows;
                if !sfx.is_empty() {
                    q.dir = Some(cw);
                }
                let base = if choices.is_empty() {
                    format!("{}{sfx}", self.name(p.south, circ[i]))
                } else {
                    format!("{}:{choices}{sfx}", self.name(p.south, circ[i]))
                };
                match capture {
                    None => out.push((base, self.format(&pass(q)))),
                    Some(c) => {
                        let got = Self::take_file(&mut q.rows, p.south, c) as i64;
                        let mut made = self.field(&q, "captures");
                        made[me] += 1;
                        if matches!(id, "nchuba" | "nakabili") {
                            q.fields.insert("captures".into(), made);
                        }
                        let left: Vec<(usize, usize)> = opp_cells
                            .iter()
                            .copied()
                            .filter(|&(r, c)| q.rows[r][c] > 0)
                            .collect();
                        let k = self.extra_count(&p).min(left.len());
                        for choice in combinations(&left, k) {
                            let mut q2 = q.clone();
                            let mut g = got;
                            for &(r, c) in &choice {
                                g += q2.rows[r][c] as i64;
                                q2.rows[r][c] = 0;
                            }
                            let mut cap = self.field(&q2, "captured");
                            cap[me] += g;
                            q2.fields.insert("captured".into(), cap);
                            let mut names: Vec<(bool, usize, String)> = choice
                                .iter()
                                .map(|&cell| {
                                    let nm = self.name(p.south, cell);
                                    (nm.starts_with('F'), nm[1..].parse().unwrap(), nm)
                                })
                                .collect();
                            names.sort();
                            let name = if names.is_empty() {
                                base.clone()
                            } else {
                                let l: Vec<String> = names.into_iter().map(|x| x.2).collect();
                                format!("{base}x({})", l.join(","))
                            };
                            out.push((name, self.format(&pass(q2))));
                        }
                    }
                }
            }
        }
        if id == "mwambulula" {
            let e = self.field(&p, "emptied");
            let mut s = self.field(&p, "stores");
            if e[me] == 0 && s[me] > 0 {
                let mut q = p.clone();
                for k in 0..s[me] as usize {
                    let (r, c) = circ[k % n];
                    q.rows[r][c] += 1;
                }
                s[me] = 0;
                let mut e2 = e;
                e2[me] = 1;
                q.fields.insert("stores".into(), s);
                q.fields.insert("emptied".into(), e2);
                out.push(("store".into(), self.format(&pass(q))));
            }
        }
        (!too_long).then_some(out)
    }

    /// Perft by the reference (slow).
    #[cfg(any(test, feature = "reference"))]
    pub fn perft(&self, text: &str, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.children(text)
            .expect("within the lap budget")
            .iter()
            .map(|(_, t)| self.perft(t, depth - 1))
            .sum()
    }
}

/// Every `k`-element subset of `items`.
fn combinations<T: Copy>(items: &[T], k: usize) -> Vec<Vec<T>> {
    if k == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for i in 0..items.len() {
        for mut rest in combinations(&items[i + 1..], k - 1) {
            rest.insert(0, items[i]);
            out.push(rest);
        }
    }
    out
}

impl crate::proof::cert::Referee for Reference {
    fn mover(&self, text: &str) -> crate::Side {
        if self.parse(text).south {
            crate::Side::South
        } else {
            crate::Side::North
        }
    }
    fn children(&self, text: &str) -> Result<Vec<(String, String)>, String> {
        Reference::children(self, text)
            .ok_or_else(|| "a sowing runs past the reference's lap budget".to_string())
    }
    /// A player without a move has lost.
    fn winner(&self, text: &str) -> Option<crate::Side> {
        Some(crate::proof::cert::Referee::mover(self, text).opponent())
    }
}
