//! The two-row variants: kalah, oware, warri, kale and kpo (two players).
//!
//! One rules type, [`TwoRow`], serves all five; its [`Kind`] and [`RuleOptions`] select the
//! sowing, capture and ending rules. Every rule below cites the sentence it implements; the
//! full quotations and the project's choices are in `docs/variants/<variant>.md` and
//! `docs/DECISIONS-TWO-ROW.md`.
//!
//! Positions are kept from the mover's point of view (see [`crate::pits`]): the mover's pits
//! are lanes `0..W`, the opponent's `W..2W`, and `captured[0]` is the mover's.

use crate::error::{ConfigError, MoveError, PositionError};
use crate::game::{Game, MarginGame, MoveList, Notation, Outcome};
use crate::pits::{lane_bytes, lane_ones, Pits, MAX_BOARD_SEEDS, MAX_WIDTH};
use crate::side::Side;
use arrayvec::ArrayVec;

/// Which two-row game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Kalah(m, n), Irving, Donkers & Uiterwijk 2000.
    Kalah,
    /// Oware/Awari abapa, the rules of Romein & Bal's and Lincke's databases.
    Oware,
    /// Warri, Humpidge 1938 (Nigeria).
    Warri,
    /// Kale of the Fan, Gabon (Good, in Culin).
    Kale,
    /// Kpo of the Vei, Liberia (Culin), two players.
    Kpo,
}

impl Kind {
    /// All two-row kinds.
    pub const ALL: [Kind; 5] = [Kind::Kalah, Kind::Oware, Kind::Warri, Kind::Kale, Kind::Kpo];

    /// The variant id used on the command line.
    pub const fn id(self) -> &'static str {
        match self {
            Kind::Kalah => "kalah",
            Kind::Oware => "oware",
            Kind::Warri => "warri",
            Kind::Kale => "kale",
            Kind::Kpo => "kpo",
        }
    }

    /// True for the variants with stores on the board (kalah).
    pub const fn has_stores(self) -> bool {
        matches!(self, Kind::Kalah)
    }

    /// The `--rule` options of this variant: name, accepted values (default first), meaning.
    pub const fn options(self) -> &'static [RuleSpec] {
        match self {
            Kind::Kalah => &[RuleSpec {
                name: "capture",
                values: &["empty", "nonempty"],
                help: "capture from an own empty pit even when the opposite pit is empty",
            }],
            Kind::Oware => &[RuleSpec {
                name: "grandslam",
                values: &["forfeit", "illegal"],
                help:
                    "a move that would capture every opposing seed captures nothing, or is illegal",
            }],
            Kind::Warri => &[
                RuleSpec {
                    name: "chain",
                    values: &["mixed", "uniform"],
                    help: "a capture chain takes any twos and threes, or a row of one count only",
                },
                RuleSpec {
                    name: "starved",
                    values: &["takes-all", "owner"],
                    help: "at a starved end the player unable to play takes all, or each his own",
                },
            ],
            Kind::Kale => &[RuleSpec {
                name: "chain",
                values: &["off", "on"],
                help: "also take the pits before the last that held 1 or 2 before the move",
            }],
            Kind::Kpo => &[],
        }
    }
}

/// One `--rule name=value` option of a variant.
#[derive(Clone, Copy, Debug)]
pub struct RuleSpec {
    /// The option name.
    pub name: &'static str,
    /// Accepted values, the default first.
    pub values: &'static [&'static str],
    /// What the option decides.
    pub help: &'static str,
}

/// The rule options in force (each field only matters to the variants that have it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct RuleOptions {
    /// kalah `capture=nonempty`: capture only when the opposite pit holds seeds.
    pub capture_nonempty: bool,
    /// oware `grandslam=illegal`: a move capturing every opposing seed is not legal.
    pub grandslam_illegal: bool,
    /// warri `chain=uniform`: a chain takes a row of twos or a row of threes only.
    pub chain_uniform: bool,
    /// warri `starved=owner`: at a starved end each player takes his own seeds.
    pub starved_owner: bool,
    /// kale `chain=on`: captures chain backwards over pits that held 1 or 2.
    pub kale_chain: bool,
}

impl RuleOptions {
    /// Parses `name=value` options for `kind`, rejecting unknown names and values.
    pub fn parse(kind: Kind, rules: &[String]) -> Result<RuleOptions, ConfigError> {
        let mut o = RuleOptions::default();
        for r in rules {
            let (name, value) = r.split_once('=').ok_or_else(|| {
                ConfigError(format!("invalid rule option '{r}': expected name=value"))
            })?;
            let spec = kind
                .options()
                .iter()
                .find(|s| s.name == name)
                .ok_or_else(|| {
                    let known: Vec<_> = kind.options().iter().map(|s| s.name).collect();
                    ConfigError(format!(
                        "unknown rule option '{name}' for {}: {}",
                        kind.id(),
                        if known.is_empty() {
                            "it has none".to_string()
                        } else {
                            format!("expected one of {}", known.join(", "))
                        }
                    ))
                })?;
            let alt = spec
                .values
                .iter()
                .position(|v| *v == value)
                .ok_or_else(|| {
                    ConfigError(format!(
                        "invalid value '{value}' for rule option {name} of {}: expected one of {}",
                        kind.id(),
                        spec.values.join(", ")
                    ))
                })?
                != 0;
            match (kind, name) {
                (Kind::Kalah, "capture") => o.capture_nonempty = alt,
                (Kind::Oware, "grandslam") => o.grandslam_illegal = alt,
                (Kind::Warri, "chain") => o.chain_uniform = alt,
                (Kind::Warri, "starved") => o.starved_owner = alt,
                (Kind::Kale, "chain") => o.kale_chain = alt,
                _ => unreachable!("option table and parser disagree"),
            }
        }
        Ok(o)
    }

    /// The options as `name=value` strings, every option of `kind` listed.
    pub fn describe(&self, kind: Kind) -> Vec<String> {
        kind.options()
            .iter()
            .map(|s| {
                let alt = match (kind, s.name) {
                    (Kind::Kalah, "capture") => self.capture_nonempty,
                    (Kind::Oware, "grandslam") => self.grandslam_illegal,
                    (Kind::Warri, "chain") => self.chain_uniform,
                    (Kind::Warri, "starved") => self.starved_owner,
                    (Kind::Kale, "chain") => self.kale_chain,
                    _ => false,
                };
                format!("{}={}", s.name, s.values[alt as usize])
            })
            .collect()
    }
}

/// A two-row position, kept from the mover's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TwoRowPos {
    pits: Pits,
    captured: [u32; 2],
    to_move: Side,
}

impl TwoRowPos {
    /// The pits, mover's row in lanes `0..W` (see [`crate::pits`]).
    #[inline]
    pub fn pits(&self) -> Pits {
        self.pits
    }

    /// Seeds won so far (stores for kalah): `[mover, opponent]`.
    #[inline]
    pub fn captured_relative(&self) -> [u32; 2] {
        self.captured
    }

    /// The side to move.
    #[inline]
    pub fn side_to_move(&self) -> Side {
        self.to_move
    }

    /// The board with South's row in lanes `0..W` and North's in `W..2W`.
    pub fn absolute_pits(&self, width: usize) -> Pits {
        match self.to_move {
            Side::South => self.pits,
            Side::North => self.pits.flip(width),
        }
    }
}

/// What the sowing of one move did, before captures.
#[derive(Clone, Copy, Debug)]
struct Sown {
    pits: Pits,
    /// Lane of the last seed (unused when `in_store`).
    last: usize,
    /// Seeds sown into the mover's store (kalah).
    store: u32,
    /// The last seed fell in the mover's store (kalah).
    in_store: bool,
}

/// A move's effect from the mover's point of view, before the side to move changes.
#[derive(Clone, Copy, Debug)]
struct Played {
    pits: Pits,
    /// Seeds the mover won with this move (stores included).
    gain: u32,
    /// The same player moves again (kalah).
    again: bool,
}

/// The rules of one two-row variant at one size, with its options.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TwoRow {
    kind: Kind,
    width: usize,
    seeds: u8,
    opts: RuleOptions,
    /// Bytes of the mover's lanes.
    own: u128,
    /// Bytes of the opponent's lanes.
    opp: u128,
    /// Ones in every used lane.
    ones: u128,
}

/// The most seeds a side may have captured in a position given as text: far above any
/// board's total, low enough that no sum of captures can overflow.
pub const MAX_CAPTURED: u32 = 1 << 24;

/// `(n / d, n % d)`, without a division in the common case of a lap shorter than the ring.
#[inline(always)]
fn div_small(n: usize, d: usize) -> (usize, usize) {
    if n < d {
        (0, n)
    } else {
        (n / d, n % d)
    }
}

/// `i % m` for `i < 2m`.
#[inline(always)]
fn wrap(i: usize, m: usize) -> usize {
    if i >= m {
        i - m
    } else {
        i
    }
}

/// The move type of the two-row variants: the mover's pit index `0..W` (pit name minus one).
pub type Pit = u8;

impl TwoRow {
    /// The rules of `kind` on a board of `width` pits a side with `seeds` seeds a pit.
    pub fn new(
        kind: Kind,
        width: usize,
        seeds: u32,
        opts: RuleOptions,
    ) -> Result<TwoRow, ConfigError> {
        if !(1..=MAX_WIDTH).contains(&width) {
            return Err(ConfigError(format!(
                "invalid width {width} for {}: expected 1..{MAX_WIDTH}",
                kind.id()
            )));
        }
        if seeds == 0 || 2 * width as u32 * seeds > MAX_BOARD_SEEDS {
            return Err(ConfigError(format!(
                "invalid seed count {seeds} for {} at width {width}: expected 1..{} (at most {MAX_BOARD_SEEDS} seeds on the board)",
                kind.id(),
                MAX_BOARD_SEEDS / (2 * width as u32)
            )));
        }
        Ok(TwoRow {
            kind,
            width,
            seeds: seeds as u8,
            opts,
            own: lane_bytes(width),
            opp: lane_bytes(2 * width) ^ lane_bytes(width),
            ones: lane_ones(2 * width),
        })
    }

    /// The default rules of `kind`: width 6, 4 seeds.
    pub fn standard(kind: Kind) -> TwoRow {
        TwoRow::new(kind, 6, 4, RuleOptions::default()).expect("standard size is valid")
    }

    /// Which variant.
    pub fn kind(&self) -> Kind {
        self.kind
    }
    /// Pits a side.
    pub fn width(&self) -> usize {
        self.width
    }
    /// Seeds a pit at the start.
    pub fn seeds(&self) -> u32 {
        self.seeds as u32
    }
    /// The rule options in force.
    pub fn options(&self) -> RuleOptions {
        self.opts
    }

    /// Builds a position from absolute rows: `south[i]` is South's pit `i+1`, `north[i]` is
    /// North's pit `i+1` (from North's left), `captured` is `[South, North]`.
    pub fn position(
        &self,
        south: &[u32],
        north: &[u32],
        captured: [u32; 2],
        to_move: Side,
    ) -> Result<TwoRowPos, PositionError> {
        let w = self.width;
        let mut problems = Vec::new();
        for (name, row) in [("South", south), ("North", north)] {
            if row.len() != w {
                problems.push(format!("{name}'s row has {} pits, expected {w}", row.len()));
            }
        }
        let total: u64 = south.iter().chain(north).map(|&c| c as u64).sum();
        if total > MAX_BOARD_SEEDS as u64 {
            problems.push(format!(
                "{total} seeds on the board, at most {MAX_BOARD_SEEDS} fit"
            ));
        }
        for (name, c) in [("South", captured[0]), ("North", captured[1])] {
            if c > MAX_CAPTURED {
                problems.push(format!(
                    "{name} has {c} seeds captured, at most {MAX_CAPTURED}"
                ));
            }
        }
        if !problems.is_empty() {
            return Err(PositionError { problems });
        }
        let mut lanes = Vec::with_capacity(2 * w);
        lanes.extend(south.iter().map(|&c| c as u8));
        lanes.extend(north.iter().map(|&c| c as u8));
        let abs = Pits::from_slice(&lanes);
        let (pits, captured) = match to_move {
            Side::South => (abs, captured),
            Side::North => (abs.flip(w), [captured[1], captured[0]]),
        };
        Ok(TwoRowPos {
            pits,
            captured,
            to_move,
        })
    }

    /// Seeds on the mover's side.
    #[inline]
    fn own_seeds(&self, p: Pits) -> u32 {
        p.sum_masked(self.own)
    }

    /// Seeds on the opponent's side.
    #[inline]
    fn opp_seeds(&self, p: Pits) -> u32 {
        p.sum_masked(self.opp)
    }

    /// Sows the seeds of lane `from`.
    #[inline]
    fn sow(&self, pits: Pits, from: usize) -> Sown {
        let ring = 2 * self.width;
        let mut p = pits;
        let n = p.take(from) as usize;
        match self.kind {
            // Humpidge rule 4: "If a player, in making his move, has enough pieces to go more
            // than once round the board, he must pass over the till from where he started his
            // move, leaving it empty." Oware and Kale (Good: "he must skip the pocket from
            // which he started") likewise: the ring has 2W-1 holes for this move.
            Kind::Oware | Kind::Warri | Kind::Kale => {
                let eff = ring - 1;
                if eff == 0 {
                    unreachable!("width >= 1 gives a ring of at least two pits");
                }
                let (q, r) = div_small(n, eff);
                if q > 0 {
                    p.add_each(self.ones & !(1u128 << (8 * from)), q as u8);
                }
                p.add_run(from, r, ring);
                // r == 0 only after whole laps: the last seed fell just before the origin.
                let last = wrap(from + if r == 0 { ring - 1 } else { r }, ring);
                Sown {
                    pits: p,
                    last,
                    store: 0,
                    in_store: false,
                }
            }
            // Kpo, one lap, no skip: a lap of 2W or more drops a seed in the origin.
            Kind::Kpo => {
                let (q, r) = div_small(n, ring);
                if q > 0 {
                    p.add_each(self.ones, q as u8);
                }
                p.add_run(from, r, ring);
                Sown {
                    pits: p,
                    last: wrap(from + r, ring),
                    store: 0,
                    in_store: false,
                }
            }
            // Kalah: the mover's ring is his W pits, his store, the opponent's W pits.
            Kind::Kalah => {
                let w = self.width;
                let cycle = ring + 1;
                let (q, r) = div_small(n, cycle);
                if q > 0 {
                    p.add_each(self.ones, q as u8);
                }
                // The store is `w - from` steps after the origin.
                let hit = (r >= w - from) as usize;
                p.add_run(from, r - hit, ring);
                let k = wrap(from + r, cycle);
                Sown {
                    pits: p,
                    last: if k < w { k } else { k.saturating_sub(1) },
                    store: (q + hit) as u32,
                    in_store: k == w,
                }
            }
        }
    }

    /// Sows and captures: the move's effect before any end-of-game share-out and before the
    /// turn passes. `grand_slam` reports an oware capture of every opposing seed (forfeited).
    #[inline]
    fn sow_and_capture(&self, pits: Pits, from: usize) -> Played {
        let w = self.width;
        let s = self.sow(pits, from);
        let mut p = s.pits;
        let mut gain = s.store;
        match self.kind {
            Kind::Oware | Kind::Warri => {
                // Humpidge: "A player 'takes' by finishing his move on his opponent's side of
                // the board in a till in which there are already either one or two pieces which
                // become, by his move, either two or three." and "He can also take ... any twos
                // or threes consecutively behind the finishing till".
                let last = s.last;
                let c = p.get(last);
                if last >= w && (c == 2 || c == 3) {
                    let mut taken = 0u32;
                    let mut mask = 0u128;
                    let mut i = last;
                    loop {
                        let v = p.get(i);
                        let ok = if self.opts.chain_uniform && self.kind == Kind::Warri {
                            v == c
                        } else {
                            v == 2 || v == 3
                        };
                        if !ok {
                            break;
                        }
                        taken += v as u32;
                        mask |= 0xFFu128 << (8 * i);
                        if i == w {
                            break;
                        }
                        i -= 1;
                    }
                    let grand_slam = self.kind == Kind::Oware && (p.0 & self.opp & !mask) == 0;
                    if !grand_slam {
                        p.0 &= !mask;
                        gain += taken;
                    } else if self.opts.grandslam_illegal {
                        // Leave the capture to make the move visibly illegal: the opponent is
                        // left with no seed.
                        p.0 &= !mask;
                        gain += taken;
                    }
                }
            }
            Kind::Kale => {
                // Good: "until one manages to make his last counter fall in a pocket on his
                // opponent's side, where there were only one or two counters."
                let last = s.last;
                let before = pits.get(last);
                let single_from_right = from == w - 1 && pits.get(from) == 1;
                if last >= w && (before == 1 || before == 2) && !single_from_right {
                    gain += p.take(last) as u32;
                    if self.opts.kale_chain {
                        let mut i = last;
                        while i > w {
                            i -= 1;
                            let b = pits.get(i);
                            if b == 1 || b == 2 {
                                gain += p.take(i) as u32;
                            } else {
                                break;
                            }
                        }
                    }
                }
            }
            Kind::Kpo => {
                // Culin: "He wins when the number in the last hole is increased to two or to
                // three. He does not take those in the hole opposite."
                let c = p.get(s.last);
                if c == 2 || c == 3 {
                    gain += p.take(s.last) as u32;
                }
            }
            Kind::Kalah => {
                // Last seed in an own pit that was empty: it and the opposite pit's seeds go
                // to the store (capture=empty: even when the opposite pit is empty).
                if !s.in_store && s.last < w && p.get(s.last) == 1 {
                    let opposite = 2 * w - 1 - s.last;
                    if !self.opts.capture_nonempty || p.get(opposite) > 0 {
                        gain += p.take(s.last) as u32 + p.take(opposite) as u32;
                    }
                }
            }
        }
        Played {
            pits: p,
            gain,
            again: s.in_store,
        }
    }

    /// True when the move's result leaves the opponent a seed.
    #[inline]
    fn feeds(&self, p: &Played) -> bool {
        !p.pits.is_empty_in(self.opp)
    }

    /// For warri and oware: does some move of the mover leave the opponent a seed?
    fn some_move_feeds(&self, pits: Pits) -> bool {
        (0..self.width).any(|i| pits.get(i) > 0 && self.feeds(&self.sow_and_capture(pits, i)))
    }
}

impl Game for TwoRow {
    type Position = TwoRowPos;
    type Move = Pit;
    type Moves = ArrayVec<Pit, MAX_WIDTH>;

    fn start(&self) -> TwoRowPos {
        TwoRowPos {
            pits: Pits::filled(2 * self.width, self.seeds),
            captured: [0, 0],
            to_move: Side::South,
        }
    }

    #[inline]
    fn to_move(&self, pos: &TwoRowPos) -> Side {
        pos.to_move
    }

    fn gen_moves(&self, pos: &TwoRowPos, moves: &mut Self::Moves) {
        moves.clear_moves();
        let p = pos.pits;
        match self.kind {
            Kind::Kalah => {
                if p.is_empty_in(self.own) || p.is_empty_in(self.opp) {
                    return;
                }
                for i in 0..self.width {
                    if p.get(i) > 0 {
                        moves.push_move(i as Pit);
                    }
                }
            }
            Kind::Kale | Kind::Kpo => {
                for i in 0..self.width {
                    if p.get(i) > 0 {
                        moves.push_move(i as Pit);
                    }
                }
            }
            Kind::Oware | Kind::Warri => {
                // Oware: "A move is legal only if the opponent has a seed after it."
                // Humpidge rule 5: "A player must keep his opponent provided with a piece with
                // which to play." When no move feeds, warri's game ends (no legal move).
                for i in 0..self.width {
                    if p.get(i) > 0 && self.feeds(&self.sow_and_capture(p, i)) {
                        moves.push_move(i as Pit);
                    }
                }
            }
        }
    }

    fn play(&self, pos: &TwoRowPos, mv: Pit) -> TwoRowPos {
        let w = self.width;
        let from = mv as usize;
        debug_assert!(
            from < w && pos.pits.get(from) > 0,
            "play of an illegal move"
        );
        let r = self.sow_and_capture(pos.pits, from);
        let mut pits = r.pits;
        let mut cap = pos.captured;
        cap[0] += r.gain;
        let mut again = r.again;
        match self.kind {
            // Humpidge rule 6: "The game is finished when there are four or fewer pieces on
            // the board, the pieces which remain becoming the property of the player on whose
            // side of the board they are on."
            Kind::Warri if pits.sum_masked(self.own | self.opp) <= 4 => {
                cap[0] += self.own_seeds(pits);
                cap[1] += self.opp_seeds(pits);
                pits = Pits::EMPTY;
            }
            // Kalah: after any move that leaves either side empty, the other player takes all
            // remaining seeds and the game ends.
            // The extra move is granted only while the game goes on.
            Kind::Kalah if pits.is_empty_in(self.own) || pits.is_empty_in(self.opp) => {
                cap[0] += self.own_seeds(pits);
                cap[1] += self.opp_seeds(pits);
                pits = Pits::EMPTY;
                again = false;
            }
            _ => {}
        }
        if again {
            TwoRowPos {
                pits,
                captured: cap,
                to_move: pos.to_move,
            }
        } else {
            TwoRowPos {
                pits: pits.flip(w),
                captured: [cap[1], cap[0]],
                to_move: pos.to_move.opponent(),
            }
        }
    }

    fn outcome(&self, pos: &TwoRowPos) -> Option<Outcome> {
        let rel = self.final_relative(pos)?;
        let score = match pos.to_move {
            Side::South => rel,
            Side::North => [rel[1], rel[0]],
        };
        Some(Outcome::from_score(score))
    }
}

impl TwoRow {
    /// When the game is over at `pos`: final seeds `[mover, opponent]`.
    fn final_relative(&self, pos: &TwoRowPos) -> Option<[u32; 2]> {
        let p = pos.pits;
        let c = pos.captured;
        let own = self.own_seeds(p);
        let opp = self.opp_seeds(p);
        let each_own = [c[0] + own, c[1] + opp];
        match self.kind {
            Kind::Kalah => (own == 0 || opp == 0).then_some(each_own),
            // Oware: "If the mover has no seeds, or no legal move, the game ends and each
            // player takes the seeds on his side."
            Kind::Oware => (own == 0 || !self.some_move_feeds(p)).then_some(each_own),
            Kind::Warri => {
                let takes_all = !self.opts.starved_owner;
                if own == 0 {
                    // Humpidge rule 5: "If either player is unable to play because there are
                    // no pieces on his side of the board, he takes all the remaining pieces".
                    Some(if takes_all {
                        [c[0] + own + opp, c[1]]
                    } else {
                        each_own
                    })
                } else if !self.some_move_feeds(p) {
                    // The opponent has, or would be left with, no piece: he is the player
                    // unable to play (docs/DECISIONS-TWO-ROW.md).
                    Some(if takes_all {
                        [c[0], c[1] + own + opp]
                    } else {
                        each_own
                    })
                } else {
                    None
                }
            }
            // Good: "The counters that remain in the board at the end of the game are not
            // counted by either player."
            Kind::Kale => (own == 0).then_some(c),
            // Kpo: the game ends when the player to move has no seed, each taking the seeds on
            // his side.
            Kind::Kpo => (own == 0).then_some(each_own),
        }
    }
}

impl MarginGame for TwoRow {
    type Key = u128;

    #[inline]
    fn key(&self, pos: &TwoRowPos) -> u128 {
        pos.pits.0
    }

    #[inline]
    fn margin(&self, pos: &TwoRowPos) -> i32 {
        pos.captured[0] as i32 - pos.captured[1] as i32
    }

    fn final_margin(&self, pos: &TwoRowPos) -> i32 {
        let f = self
            .final_relative(pos)
            .expect("final_margin of a game that is not over");
        f[0] as i32 - f[1] as i32
    }

    #[inline]
    fn future_bound(&self, pos: &TwoRowPos) -> i32 {
        pos.pits.sum_masked(self.own | self.opp) as i32
    }
}

impl Notation for TwoRow {
    fn variant_id(&self) -> &'static str {
        self.kind.id()
    }

    fn parse_position(&self, text: &str) -> Result<TwoRowPos, PositionError> {
        crate::text::parse_two_row(self, text)
    }

    fn format_position(&self, pos: &TwoRowPos) -> String {
        crate::text::format_two_row(self, pos)
    }

    fn move_name(&self, _pos: &TwoRowPos, mv: Pit) -> String {
        (mv as usize + 1).to_string()
    }

    fn parse_move(&self, pos: &TwoRowPos, name: &str) -> Result<Pit, MoveError> {
        let w = self.width;
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
        if pos.pits.get(pit) == 0 {
            return Err(illegal(format!(
                "{}'s pit {} is empty",
                pos.to_move.letter(),
                pit + 1
            )));
        }
        if !self.is_legal(pos, pit as Pit) {
            return Err(illegal(format!(
                "it leaves {} without a seed while another move does not",
                pos.to_move.opponent().letter()
            )));
        }
        Ok(pit as Pit)
    }

    fn draw(&self, pos: &TwoRowPos) -> String {
        crate::text::draw_two_row(self, pos)
    }

    fn captured(&self, pos: &TwoRowPos) -> [u32; 2] {
        let c = pos.captured;
        match pos.to_move {
            Side::South => c,
            Side::North => [c[1], c[0]],
        }
    }
}
