//! Position text, move names and the drawing of the Isolo games (docs/NOTATION.md, section
//! "Isolo and isolo-ii").
//!
//! ```text
//! <North row>/<South row> <S|N> phase=fore|set|main [store=S,N]                  isolo
//! <North back>/<North front>/<South front>/<South back> <S|N> phase=setup|play     isolo-ii
//! ```
//!
//! Rows are written left to right as South sees them, so North's list his hole `W` (column
//! `W`) first. `store` belongs to the fore-play alone (`-` for an unlimited store).

use super::{Isolo, IsoloMove, IsoloPos, Kind, Phase, CIRCUIT, MAX_BOARD, MAX_STORE, UNLIMITED};
use crate::error::{MoveError, PositionError};
use crate::fourrow::board::own_name;
use crate::game::{Game, Notation};
use crate::side::Side;
use crate::text::{parse_row, split_rows};

/// A side's name in a sentence.
fn who(s: Side) -> &'static str {
    match s {
        Side::South => "South",
        Side::North => "North",
    }
}

impl Isolo {
    /// Rows of the position text.
    fn text_rows(&self) -> usize {
        match self.kind() {
            Kind::IsoloI => 2,
            Kind::IsoloII => 4,
        }
    }

    /// Circuit index (and owner) of cell `j` of text row `r` (0-based).
    fn cell(&self, r: usize, j: usize) -> (Side, usize) {
        let w = self.width();
        match (self.kind(), r) {
            (Kind::IsoloI, 0) => (Side::North, w - 1 - j),
            (Kind::IsoloI, _) => (Side::South, j),
            (Kind::IsoloII, 0) => (Side::North, w - 1 - j),
            (Kind::IsoloII, 1) => (Side::North, w + j),
            (Kind::IsoloII, 2) => (Side::South, 2 * w - 1 - j),
            (Kind::IsoloII, _) => (Side::South, j),
        }
    }

    /// The phase named `name`, if this game has it.
    fn phase_named(&self, name: &str) -> Option<Phase> {
        let names = self.kind().phase_names();
        [Phase::Fore, Phase::Arrange, Phase::Play]
            .into_iter()
            .find(|&p| !names[p as usize].is_empty() && names[p as usize] == name)
    }

    /// The phase's name in position text (and for `--phase`).
    pub fn phase_name(&self, p: Phase) -> &'static str {
        self.kind().phase_names()[p as usize]
    }

    /// Reads `--phase`: one of this game's starting phases.
    pub fn parse_phase(kind: Kind, name: &str) -> Result<Phase, String> {
        let ok: &[(&str, Phase)] = match kind {
            Kind::IsoloI => &[("fore", Phase::Fore), ("main", Phase::Play)],
            Kind::IsoloII => &[("setup", Phase::Arrange), ("play", Phase::Play)],
        };
        ok.iter()
            .find(|(n, _)| *n == name)
            .map(|&(_, p)| p)
            .ok_or_else(|| {
                let names: Vec<&str> = ok.iter().map(|(n, _)| *n).collect();
                format!(
                    "invalid --phase {name}: {} starts in {}",
                    kind.id(),
                    names.join(" or ")
                )
            })
    }

    fn parse(&self, text: &str) -> Result<IsoloPos, PositionError> {
        let w = self.width();
        let id = self.kind().id();
        let mut problems = Vec::new();
        let (rows, mut words) = split_rows(text, self.text_rows(), id)?;
        let mut pos = IsoloPos {
            rows: [[0; CIRCUIT]; 2],
            side: Side::South,
            phase: self.setup().phase,
            store: [0; 2],
        };
        for (r, row) in rows.iter().enumerate() {
            let v = parse_row(row, r + 1, &mut problems);
            if v.len() != w && !row.trim().is_empty() {
                problems.push(format!("row {} has {} holes, expected {w}", r + 1, v.len()));
                continue;
            }
            for (j, &x) in v.iter().enumerate() {
                let (s, i) = self.cell(r, j);
                pos.rows[s.index()][i] = x as u8;
            }
        }
        pos.side = crate::text::parse_side(words.next(), &mut problems);
        let mut store: Option<[u32; 2]> = None;
        for (key, value) in crate::text::key_values(words, &mut problems) {
            match key {
                "phase" => match self.phase_named(value) {
                    Some(p) => pos.phase = p,
                    None => {
                        let names: Vec<&str> = self
                            .kind()
                            .phase_names()
                            .into_iter()
                            .filter(|n| !n.is_empty())
                            .collect();
                        problems.push(format!(
                            "field phase='{value}': expected {}",
                            names.join(", ")
                        ));
                    }
                },
                "store" if self.kind() == Kind::IsoloI => {
                    store = Some(parse_store(value, &mut problems));
                }
                "store" => problems.push(format!("field store: {id} has no such field")),
                _ => problems.push(format!("unknown field '{key}'")),
            }
        }
        if !problems.is_empty() {
            return Err(PositionError { problems });
        }
        match (pos.phase, store) {
            (Phase::Fore, s) => pos.store = s.unwrap_or([self.setup().store; 2]),
            (_, Some(_)) => {
                return Err(PositionError::one(format!(
                    "field store: the store belongs to the fore-play, and the position is phase={}",
                    self.phase_name(pos.phase)
                )))
            }
            (_, None) => {}
        }
        let total = self.total(&pos);
        if total > MAX_BOARD {
            return Err(PositionError::one(format!(
                "the board holds {total} seeds, at most {MAX_BOARD} fit"
            )));
        }
        self.check(&pos).map_err(PositionError::one)?;
        Ok(pos)
    }

    /// The name of a move in name order counts: `set(3,0,5)`.
    fn set_name(&self, c: &[u8; CIRCUIT]) -> String {
        let counts: Vec<String> = c[..self.circuit_len()]
            .iter()
            .map(|x| x.to_string())
            .collect();
        format!("set({})", counts.join(","))
    }

    /// A hole's name from its owner's seat.
    fn hole_name(&self, i: usize) -> String {
        match self.kind() {
            Kind::IsoloI => (i + 1).to_string(),
            Kind::IsoloII => own_name(i, self.width()),
        }
    }

    /// The circuit index named `name`, if it names a hole.
    fn hole_named(&self, name: &str) -> Option<usize> {
        (0..self.circuit_len()).find(|&i| self.hole_name(i) == name)
    }

    /// The counts of `set(a,b,...)`, if `name` is such a text.
    fn parse_set(&self, name: &str) -> Option<Result<[u8; CIRCUIT], String>> {
        let inner = name.strip_prefix("set(")?.strip_suffix(')')?;
        let l = self.circuit_len();
        let parts: Vec<&str> = inner.split(',').collect();
        if parts.len() != l {
            return Some(Err(format!(
                "an arrangement lists {l} holes, this one {}",
                parts.len()
            )));
        }
        let mut c = [0u8; CIRCUIT];
        for (k, p) in parts.iter().enumerate() {
            match p.trim().parse::<u32>() {
                Ok(x) if x <= MAX_BOARD => c[k] = x as u8,
                _ => {
                    return Some(Err(format!(
                        "hole {} of the arrangement, '{p}', is not a count 0..{MAX_BOARD}",
                        k + 1
                    )))
                }
            }
        }
        Some(Ok(c))
    }
}

/// Reads `store=S,N`: counts up to [`MAX_STORE`] or `-` for no end.
fn parse_store(value: &str, problems: &mut Vec<String>) -> [u32; 2] {
    let parts: Vec<&str> = value.split(',').collect();
    if parts.len() != 2 {
        problems.push(format!(
            "field store='{value}' must be two counts or '-', South's then North's (e.g. store=-,-)"
        ));
        return [0; 2];
    }
    let mut out = [0; 2];
    for (i, p) in parts.iter().enumerate() {
        out[i] = match p.trim() {
            "-" => UNLIMITED,
            t => match t.parse::<u32>() {
                Ok(x) if x <= MAX_STORE => x,
                _ => {
                    problems.push(format!(
                        "field store='{value}': {} store '{t}' is not a count 0..{MAX_STORE} or '-'",
                        if i == 0 { "South's" } else { "North's" }
                    ));
                    0
                }
            },
        };
    }
    out
}

impl Notation for Isolo {
    fn variant_id(&self) -> &'static str {
        self.kind().id()
    }

    fn parse_position(&self, text: &str) -> Result<IsoloPos, PositionError> {
        self.parse(text)
    }

    fn format_position(&self, pos: &IsoloPos) -> String {
        let w = self.width();
        let rows: Vec<String> = (0..self.text_rows())
            .map(|r| {
                (0..w)
                    .map(|j| {
                        let (s, i) = self.cell(r, j);
                        pos.rows[s.index()][i].to_string()
                    })
                    .collect::<Vec<_>>()
                    .join(",")
            })
            .collect();
        let mut s = format!(
            "{} {} phase={}",
            rows.join("/"),
            pos.side.letter(),
            self.phase_name(pos.phase)
        );
        if pos.phase == Phase::Fore {
            let f = |x: u32| {
                if x == UNLIMITED {
                    "-".to_string()
                } else {
                    x.to_string()
                }
            };
            s += &format!(" store={},{}", f(pos.store[0]), f(pos.store[1]));
        }
        s
    }

    fn move_name(&self, _pos: &IsoloPos, mv: IsoloMove) -> String {
        match mv {
            IsoloMove::Hole(i) => self.hole_name(i as usize),
            IsoloMove::Set(c) => self.set_name(&c),
        }
    }

    fn parse_move(&self, pos: &IsoloPos, name: &str) -> Result<IsoloMove, MoveError> {
        let name = name.trim();
        let illegal = |reason: String| {
            Err(MoveError::Illegal {
                text: name.into(),
                reason,
            })
        };
        let l = self.circuit_len();
        if let Some(set) = self.parse_set(name) {
            let c = match set {
                Ok(c) => c,
                Err(why) => {
                    return Err(MoveError::Malformed {
                        text: name.into(),
                        expected: format!("set( ) with {l} counts: {why}"),
                    })
                }
            };
            if pos.phase != Phase::Arrange {
                return illegal(format!(
                    "an arrangement is made only in phase {}, and the position is phase={}",
                    self.phase_name(Phase::Arrange),
                    self.phase_name(pos.phase)
                ));
            }
            if !self.is_arrangement(pos, &c) {
                let (lo, hi) = self.arrange_range(pos);
                let sum: u32 = c[..l].iter().map(|&x| x as u32).sum();
                if let Some(k) = (0..l).find(|&k| c[k] as u32 > self.hole_cap()) {
                    return illegal(format!(
                        "hole {} of the arrangement holds {}, at most {} (--max-hole)",
                        k + 1,
                        c[k],
                        self.hole_cap()
                    ));
                }
                return illegal(if lo == hi {
                    format!(
                        "the arrangement holds {sum} seeds, and {} has {hi} to arrange",
                        who(pos.side)
                    )
                } else {
                    format!(
                        "the arrangement holds {sum} seeds, and {} may use 1 to {hi}",
                        who(pos.side)
                    )
                });
            }
            return Ok(IsoloMove::Set(c));
        }
        let Some(i) = self.hole_named(name) else {
            let holes = match self.kind() {
                Kind::IsoloI => format!("a hole 1..{}", self.width()),
                Kind::IsoloII => format!("a hole b1..b{w} or f1..f{w}", w = self.width()),
            };
            return Err(MoveError::Malformed {
                text: name.into(),
                expected: format!("{holes} or an arrangement set(...) of {l} counts"),
            });
        };
        if pos.phase == Phase::Arrange {
            return illegal(format!(
                "phase={}: {} arranges his holes (set(...) with {l} counts)",
                self.phase_name(pos.phase),
                who(pos.side)
            ));
        }
        let mv = IsoloMove::Hole(i as u8);
        if self.sown(pos, i).is_some() {
            return Ok(mv);
        }
        if self.outcome(pos).is_some() {
            return illegal("the game is over".into());
        }
        let mi = pos.side.index();
        if pos.rows[mi][i] == 0 {
            return illegal(format!("hole {name} is empty"));
        }
        if pos.phase == Phase::Fore && pos.store[mi] == 0 {
            return illegal(format!("{}'s store is empty", who(pos.side)));
        }
        if pos.phase == Phase::Fore && self.total(pos) >= MAX_BOARD {
            return illegal(format!(
                "the board holds {MAX_BOARD} seeds, no store seed fits"
            ));
        }
        illegal("its sowing never ends".into())
    }

    fn draw(&self, pos: &IsoloPos) -> String {
        let w = self.width();
        let labels = |r: usize| -> String {
            (0..w)
                .map(|j| {
                    let (_, i) = self.cell(r, j);
                    format!("{:>4}", self.hole_name(i))
                })
                .collect()
        };
        let counts = |r: usize| -> String {
            (0..w)
                .map(|j| {
                    let (s, i) = self.cell(r, j);
                    format!("{:>4}", pos.rows[s.index()][i])
                })
                .collect()
        };
        let n = self.text_rows();
        let mut s = format!("North  {}   (North's names)\n", labels(0));
        for r in 0..n / 2 {
            s += &format!("       {}\n", counts(r));
        }
        if n == 4 {
            s += &format!("North  {}\n", labels(1));
        }
        s += &format!("       {}\n", "----".repeat(w));
        if n == 4 {
            s += &format!("South  {}\n", labels(2));
        }
        for r in n / 2..n {
            s += &format!("       {}\n", counts(r));
        }
        s += &format!("South  {}   (South's names)\n", labels(n - 1));
        let mut line = format!("phase {}", self.phase_name(pos.phase));
        if pos.phase == Phase::Fore {
            let f = |x: u32| {
                if x == UNLIMITED {
                    "unlimited".to_string()
                } else {
                    x.to_string()
                }
            };
            line += &format!(", stores S {} N {}", f(pos.store[0]), f(pos.store[1]));
        }
        s += &format!("{line}\n{} to move\n", who(pos.side));
        s
    }

    /// Nothing leaves the board: captured seeds are sown again.
    fn captured(&self, _pos: &IsoloPos) -> [u32; 2] {
        [0, 0]
    }

    fn too_many_to_list(&self, pos: &IsoloPos) -> Option<String> {
        self.arrangements_to_list(pos)
    }
}
