//! Position text, move names and the drawing of the four-row games (docs/NOTATION.md, its
//! four-row extensions).
//!
//! ```text
//! <North back>/<North front>/<South front>/<South back> <S|N> [captured=S,N] [captures=S,N]
//!     [removed=S,N] [dir=cw|ccw|-] [stores=S,N] [emptied=0|1,0|1]
//! ```
//!
//! Each row is written left to right as South sees it, so North's rows list his column `W`
//! first. Fields appear only for the variants that have them, in this order; omitted fields
//! take fresh-game values.

use super::board::{self, column, is_front, opp_name, own_name};
use super::{Dir, FourMove, FourRow, FourRowPos, Kind, KANOTTA_SETUP, MAX_CAPTURED};
use crate::error::{MoveError, PositionError};
use crate::game::{Game, Notation};
use crate::side::Side;
use crate::text::{parse_pair, parse_row, split_rows};

/// Circuit index (and owner) of cell `j` of text row `r` (0-based).
fn cell(r: usize, j: usize, w: usize) -> (Side, usize) {
    match r {
        0 => (Side::North, w - 1 - j),
        1 => (Side::North, w + j),
        2 => (Side::South, 2 * w - 1 - j),
        _ => (Side::South, j),
    }
}

impl FourRow {
    fn parse(&self, text: &str) -> Result<FourRowPos, PositionError> {
        let w = self.width();
        let kind = self.kind();
        let mut problems = Vec::new();
        let (rows, mut words) = split_rows(text, 4, kind.id())?;
        let mut pos = self.start();
        pos.board = board::Board::default();
        for (r, row) in rows.iter().enumerate() {
            let v = parse_row(row, r + 1, &mut problems);
            if v.len() != w && !row.trim().is_empty() {
                problems.push(format!("row {} has {} holes, expected {w}", r + 1, v.len()));
                continue;
            }
            for (j, &x) in v.iter().enumerate() {
                let (s, i) = cell(r, j, w);
                pos.board.circuit_mut(s)[i] = x as u8;
            }
        }
        pos.side = crate::text::parse_side(words.next(), &mut problems);
        // mwambulula's captured= (its stores), checked against stores= below.
        let mut store_alias: Option<[u8; 2]> = None;
        let mut captured_text = "";
        let fields = crate::text::key_values(words, &mut problems);
        for &(key, value) in &fields {
            let allowed = match key {
                // mwambulula: another name for stores= (as in kalah), docs/NOTATION.md.
                "captured" => kind.removes() || kind == Kind::Mwambulula,
                "captures" => kind.counts_captures(),
                "removed" => kind == Kind::Kanotta,
                "dir" => kind == Kind::Natatu,
                "stores" | "emptied" => kind == Kind::Mwambulula,
                _ => {
                    problems.push(format!("unknown field '{key}'"));
                    continue;
                }
            };
            if !allowed {
                problems.push(format!("field {key}: {} has no such field", kind.id()));
                continue;
            }
            match key {
                "dir" => {
                    pos.dir = match value {
                        "cw" => Some(Dir::Cw),
                        "ccw" => Some(Dir::Ccw),
                        "-" => None,
                        _ => {
                            problems.push(format!("field dir='{value}': expected cw, ccw or -"));
                            None
                        }
                    }
                }
                "emptied" => {
                    let p = parse_pair(key, value, u32::MAX, &mut problems);
                    if p.iter().any(|&x| x > 1) {
                        problems.push(format!("field emptied='{value}': each must be 0 or 1"));
                    }
                    pos.emptied = [p[0] == 1, p[1] == 1];
                }
                _ => {
                    let limit = match key {
                        "captured" if kind.removes() => MAX_CAPTURED,
                        "removed" => KANOTTA_SETUP as u32,
                        _ => 255,
                    };
                    let before = problems.len();
                    let p = parse_pair(key, value, limit, &mut problems);
                    if problems.len() > before {
                        continue;
                    }
                    match key {
                        "captured" if kind.removes() => {
                            captured_text = value;
                            pos.captured = p.map(|x| x as u16);
                        }
                        "captured" => store_alias = Some(p.map(|x| x as u8)),
                        "captures" => pos.captures = p.map(|x| x as u8),
                        "removed" => pos.removed = p.map(|x| x as u8),
                        _ => pos.stores = p.map(|x| x as u8),
                    }
                }
            }
        }
        if let Some(a) = store_alias {
            if fields.iter().any(|f| f.0 == "stores") && a != pos.stores {
                problems.push(format!(
                    "{}'s captured seeds are its stores: give stores=S,N (or an equal captured=)",
                    kind.id()
                ));
            }
            pos.stores = a;
        }
        if problems.is_empty() && kind.removes() {
            // No capture may overflow the u16 counters: each side can at most capture every
            // seed now on the board (MAX_CAPTURED). In u32: 65535 + 255 cannot wrap.
            let on_board = pos.board.total(w);
            for (name, c) in [("South", pos.captured[0]), ("North", pos.captured[1])] {
                let most = c as u32 + on_board;
                if most > MAX_CAPTURED {
                    problems.push(format!(
                        "field captured={}: {name}'s {c} plus the {on_board} seeds on the board \
                         could reach {most}, at most {MAX_CAPTURED} fit",
                        captured_text.trim()
                    ));
                }
            }
        }
        if problems.is_empty() {
            let total = pos.board.total(w) + pos.stores.iter().map(|&x| x as u32).sum::<u32>();
            if total > 255 {
                problems.push(format!(
                    "the board and stores hold {total} seeds, at most 255 fit"
                ));
            }
            if let Some(s) = self.setup_mover(&pos) {
                if s != pos.side {
                    problems.push(format!(
                        "removed={},{} is kanotta's setup phase, where {} removes, not {}",
                        pos.removed[0],
                        pos.removed[1],
                        s.letter(),
                        pos.side.letter()
                    ));
                }
            }
        }
        if problems.is_empty() {
            Ok(pos)
        } else {
            Err(PositionError { problems })
        }
    }

    fn format(&self, pos: &FourRowPos) -> String {
        let w = self.width();
        let kind = self.kind();
        let rows: Vec<String> = (0..4)
            .map(|r| {
                (0..w)
                    .map(|j| {
                        let (s, i) = cell(r, j, w);
                        pos.board.circuit(s)[i].to_string()
                    })
                    .collect::<Vec<_>>()
                    .join(",")
            })
            .collect();
        let mut t = format!("{} {}", rows.join("/"), pos.side.letter());
        let pair = |name: &str, a: u32, b: u32| format!(" {name}={a},{b}");
        if kind.removes() {
            t += &pair("captured", pos.captured[0] as u32, pos.captured[1] as u32);
        }
        if kind.counts_captures() {
            t += &pair("captures", pos.captures[0] as u32, pos.captures[1] as u32);
        }
        if kind == Kind::Kanotta {
            t += &pair("removed", pos.removed[0] as u32, pos.removed[1] as u32);
        }
        if kind == Kind::Natatu {
            t += &format!(" dir={}", pos.dir.map_or("-", |d| d.name()));
        }
        if kind == Kind::Mwambulula {
            t += &pair("stores", pos.stores[0] as u32, pos.stores[1] as u32);
            t += &pair("emptied", pos.emptied[0] as u32, pos.emptied[1] as u32);
        }
        t
    }

    fn name(&self, mv: FourMove) -> String {
        let w = self.width();
        match mv {
            FourMove::Store => "store".into(),
            FourMove::Remove { hole } => format!("x{}", opp_name(hole as usize, w)),
            FourMove::Sow {
                hole,
                dir,
                extras,
                choices,
            } => {
                let mut s = own_name(hole as usize, w);
                if choices != 0 {
                    // capture=may: `:` then a letter per choice, c = captured, r = declined
                    // (the hole relays).
                    s += ":";
                    let k = 31 - choices.leading_zeros();
                    for i in 0..k {
                        s.push(if choices >> i & 1 == 1 { 'r' } else { 'c' });
                    }
                }
                if let Some(d) = dir {
                    s += "+";
                    s += d.name();
                }
                if extras != 0 {
                    // Canonical order: B holes by column, then F holes by column (mover's).
                    let mut list: Vec<(bool, usize, String)> = (0..2 * w)
                        .filter(|&k| extras >> k & 1 == 1)
                        .map(|k| (is_front(k, w), w + 1 - column(k, w), opp_name(k, w)))
                        .collect();
                    list.sort();
                    let names: Vec<String> = list.into_iter().map(|x| x.2).collect();
                    s += &format!("x({})", names.join(","));
                }
                s
            }
        }
    }

    /// Parses a hole name `<letter><column>`; `letter` is one of `letters`.
    fn hole(&self, t: &str, front: char, back: char) -> Option<(bool, usize)> {
        let mut ch = t.chars();
        let l = ch.next()?;
        let col: usize = ch.as_str().parse().ok()?;
        if !(1..=self.width()).contains(&col) || ch.as_str().starts_with('+') {
            return None;
        }
        if l == front {
            Some((true, col))
        } else if l == back {
            Some((false, col))
        } else {
            None
        }
    }

    fn parse_name(&self, name: &str) -> Option<FourMove> {
        let w = self.width();
        if name == "store" {
            return Some(FourMove::Store);
        }
        if let Some(rest) = name.strip_prefix('x') {
            let (front, col) = self.hole(rest, 'F', 'B')?;
            let mine = w + 1 - col;
            let k = if front {
                board::front_index(mine, w)
            } else {
                board::back_index(mine)
            };
            return Some(FourMove::Remove { hole: k as u8 });
        }
        // <hole>[+dir][x(list)] or <hole>[x(list)][+dir], or <hole>:<c|r>... (capture=may)
        let mut rest = name;
        let mut dir = None;
        let mut extras = 0u32;
        if let Some((head, list)) = name.split_once(':') {
            let (front, col) = self.hole(head, 'f', 'b')?;
            let k = list.len();
            if k == 0
                || k > super::MAX_CHOICES as usize
                || !list.chars().all(|c| c == 'c' || c == 'r')
            {
                return None;
            }
            let declined = list
                .chars()
                .enumerate()
                .fold(0u32, |m, (i, c)| m | ((c == 'r') as u32) << i);
            return Some(FourMove::Sow {
                hole: if front {
                    board::front_index(col, w)
                } else {
                    board::back_index(col)
                } as u8,
                dir: None,
                extras: 0,
                choices: 1 << k | declined,
            });
        }
        let split = rest.find(['+', 'x']).unwrap_or(rest.len());
        let (front, col) = self.hole(&rest[..split], 'f', 'b')?;
        let hole = if front {
            board::front_index(col, w)
        } else {
            board::back_index(col)
        };
        rest = &rest[split..];
        let mut had_x = false;
        while !rest.is_empty() {
            if let Some(r) = rest.strip_prefix("+ccw") {
                if dir.is_some() {
                    return None;
                }
                dir = Some(Dir::Ccw);
                rest = r;
            } else if let Some(r) = rest.strip_prefix("+cw") {
                if dir.is_some() {
                    return None;
                }
                dir = Some(Dir::Cw);
                rest = r;
            } else if let Some(r) = rest.strip_prefix("x(") {
                if had_x {
                    return None;
                }
                had_x = true;
                let end = r.find(')')?;
                for item in r[..end].split(',') {
                    let (f, c) = self.hole(item.trim(), 'F', 'B')?;
                    let theirs = w + 1 - c;
                    let k = if f {
                        board::front_index(theirs, w)
                    } else {
                        board::back_index(theirs)
                    };
                    if extras >> k & 1 == 1 {
                        return None; // a duplicate
                    }
                    extras |= 1 << k;
                }
                rest = &r[end + 1..];
            } else {
                return None;
            }
        }
        Some(FourMove::Sow {
            hole: hole as u8,
            dir,
            extras,
            choices: 0,
        })
    }

    fn drawing(&self, pos: &FourRowPos) -> String {
        let w = self.width();
        let mut s = String::new();
        let labels = |front: bool, north: bool| -> String {
            (0..w)
                .map(|j| {
                    let col = if north { w - j } else { j + 1 };
                    format!("{:>4}", format!("{}{}", if front { 'f' } else { 'b' }, col))
                })
                .collect()
        };
        let counts = |r: usize| -> String {
            (0..w)
                .map(|j| {
                    let (side, i) = cell(r, j, w);
                    format!("{:>4}", pos.board.circuit(side)[i])
                })
                .collect()
        };
        s += &format!("North  {}   (North's names)\n", labels(false, true));
        s += &format!("       {}\n", counts(0));
        s += &format!("       {}\n", counts(1));
        s += &format!("North  {}\n", labels(true, true));
        s += &format!("       {}\n", "----".repeat(w));
        s += &format!("South  {}\n", labels(true, false));
        s += &format!("       {}\n", counts(2));
        s += &format!("       {}\n", counts(3));
        s += &format!("South  {}   (South's names)\n", labels(false, false));
        let mut extra = Vec::new();
        if self.kind().removes() {
            extra.push(format!(
                "captured S {} N {}",
                pos.captured[0], pos.captured[1]
            ));
        }
        if self.kind() == Kind::Mwambulula {
            extra.push(format!("stores S {} N {}", pos.stores[0], pos.stores[1]));
        }
        extra.push(format!(
            "{} to move",
            if pos.side == Side::South {
                "South"
            } else {
                "North"
            }
        ));
        s += &extra.join(", ");
        s.push('\n');
        s
    }
}

impl Notation for FourRow {
    fn variant_id(&self) -> &'static str {
        self.kind().id()
    }

    fn parse_position(&self, text: &str) -> Result<FourRowPos, PositionError> {
        self.parse(text)
    }

    fn format_position(&self, pos: &FourRowPos) -> String {
        self.format(pos)
    }

    fn move_name(&self, _pos: &FourRowPos, mv: FourMove) -> String {
        self.name(mv)
    }

    fn parse_move(&self, pos: &FourRowPos, name: &str) -> Result<FourMove, MoveError> {
        let w = self.width();
        let Some(mv) = self.parse_name(name.trim()) else {
            return Err(MoveError::Malformed {
                text: name.into(),
                expected: format!(
                    "a hole f1..f{w} or b1..b{w}, then +cw/+ccw where the move chooses a \
                     direction and x(B2,F5) for extra holes taken, or :cr.. for the capture \
                     choices under capture=may, or x<hole> in a setup phase, or store"
                ),
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
        match mv {
            FourMove::Sow { choices, .. } if choices != 0 && !self.options().capture_may => {
                illegal("capture choices (:c/:r) are named only under --rule capture=may".into())
            }
            FourMove::Sow { hole, dir, .. } => {
                let seeds = pos.board.circuit(pos.side)[hole as usize];
                if self.in_setup(pos) {
                    return illegal("the setup phase: remove an opponent's hole (x<hole>)".into());
                }
                if seeds == 0 {
                    return illegal(format!("hole {} is empty", own_name(hole as usize, w)));
                }
                let same: Vec<FourMove> = legal
                    .iter()
                    .copied()
                    .filter(|m| matches!(m, FourMove::Sow { hole: h, dir: d, .. } if *h == hole && *d == dir))
                    .collect();
                if let Some(&m) = same.first() {
                    if matches!(m, FourMove::Sow { choices, .. } if choices != 0) {
                        return illegal(format!(
                            "this sowing meets capture choices and must name each (c = capture, r = relay), e.g. {}",
                            self.name(m)
                        ));
                    }
                    return illegal(format!(
                        "this sowing captures and must name the extra holes taken, e.g. {}",
                        self.name(m)
                    ));
                }
                let other_dir = legal
                    .iter()
                    .find(|m| matches!(m, FourMove::Sow { hole: h, .. } if *h == hole));
                if let Some(&m) = other_dir {
                    return illegal(format!("the move is written {}", self.name(m)));
                }
                illegal(format!(
                    "hole {} may not be moved here (the rules restrict which holes move, or its sowing never ends); legal: {}",
                    own_name(hole as usize, w),
                    legal.iter().take(12).map(|&m| self.name(m)).collect::<Vec<_>>().join(" ")
                ))
            }
            FourMove::Remove { .. } => illegal(if self.in_setup(pos) {
                "that hole is empty".into()
            } else {
                "removals are setup moves (kanotta, before play)".into()
            }),
            FourMove::Store => illegal(if self.kind() != Kind::Mwambulula {
                format!("{} has no store", self.kind().id())
            } else {
                "the store is empty or was already emptied".into()
            }),
        }
    }

    fn draw(&self, pos: &FourRowPos) -> String {
        self.drawing(pos)
    }

    fn captured(&self, pos: &FourRowPos) -> [u32; 2] {
        if self.kind().removes() {
            pos.captured.map(|x| x as u32)
        } else {
            pos.stores.map(|x| x as u32)
        }
    }
}
