//! The four-row games of Zambia (Chaplin 1956; Mancala World for natatu): the Lozi game
//! *mulabalaba* and its nine relatives, as docs/RULES.md states them.
//!
//! - [`board`]: the 64-byte board, one circuit of `2W` holes per player (layout drawn there);
//! - this module: [`FourRow`] (variant kind, width, seeds, options) implementing [`Game`] and
//!   [`MarginGame`] (metric `wdl`: a win is +1, a loss −1, infinite play 0);
//! - [`text`]: position text, move names and the drawing ([`Notation`]);
//! - `reference` (feature `referee`): a slow, seed-by-seed reference implementation, tested
//!   to agree, and the referee of `proof check`;
//! - [`retro`]: an exact whole-graph solver giving win/draw/loss and plies to the end.
//!
//! # Relay laps, and sowings that never end
//!
//! A move is a sequence of laps. Most lap endings are relays (the last seed falls into an
//! occupied hole, which is lifted and sown on from the next); the others are few: the end of
//! the move, a capture or a capture choice of the re-sowing games (chisolo-ii, mwambulula),
//! and kabwanga's lap from the hole ahead. So a move is computed as *runs* of relay laps (the
//! private module `relay`, the kernel) joined by those other endings; a run stops at its
//! *exits*, the holes where a lap ending in an occupied hole may capture (`FourRow::exits`).
//!
//! **A lap costs the same whatever its seeds.** A run sows only in the mover's circuit, and
//! the sower drops one seed a hole in circuit order, so after `T` seeds from a fixed origin
//! hole `x` has received a number of seeds that depends only on `T` and `x`. The kernel keeps,
//! per hole, that number at the hole's last lift; a hole's count is the difference. A lap of
//! `n` seeds moves `T` on by `n` (one table load gives the new hole and the whole rounds) and
//! writes only the hole it ends in: no loop over the seeds, nor over the holes (a lap of 96
//! seeds over 10 holes costs what a lap of 2 costs, about 5 ns).
//!
//! **A run that never ends is found on its first return.** Take one seed as a step: the state
//! after a step is (counts, the hole of the seed, seeds left in hand). The step before is
//! determined by the state after: if the hole of the seed is empty, that step lifted it (the
//! hand was one seed, the hole held one less than the hand now), else it dropped one seed
//! there. So the step map is one-to-one, and so is the relay lap map on the states just after
//! a lift (two laps ending in the same state would, stepped back seed by seed, make one of
//! them start in the middle of the other, where the sower's hole cannot be empty). A walk of a
//! one-to-one map on a finite set that never stops comes back to its first state: there is no
//! tail before the cycle. So a run is compared with a single state, the one after its first
//! relay, and a run that never ends is known after exactly one cycle, `λ` laps (Brent's
//! algorithm would need up to `μ + 2λ`: 2.2λ on the first example below). When the run has
//! no exit, its rules do not depend on where the circuit starts: if the state after `m` laps
//! is the first state turned round the circuit by `r` holes, the laps from there are those
//! from the first state turned by `r`, so the run never ends; it is then found after `λ / k`
//! laps, `k` the order of `r` (most often `2W`, or a divisor of it).
//!
//! **Only runs without exits can go on for ever.** On a cycle every hole is lifted again and
//! again (a hole never lifted would gain a seed each round without end), and a lift is a lap
//! ending in that hole while it is occupied; at an exit that ending stops the run. So every
//! sowing that never ends does so in a run without exits: in the Lozi games any run, in the
//! re-sowing games one after the captures have emptied the facing front holes.
//!
//! **Between runs.** A capture takes seeds from the opponent, who gains none during a move, so
//! the captures of a move cannot repeat. Kabwanga's laps from the hole ahead are not one-to-one
//! (such a lap and a relay can end in the same state), so the states that start runs go
//! through Brent's algorithm (compare each with one saved state, saved afresh whenever the
//! count of runs reaches a power of two). A move whose sowing never ends is not legal
//! (docs/RULES.md) and is never generated. The reference keeps every lap-start state in a hash set
//! instead.
//!
//! **Some sowings are long.** A cycle has to be gone round once (or `1/k` of it), and relay
//! cycles of 100 to 200 seeds run to 10^8 laps and more, with no structure known to shorten
//! them. chisolo-ii `3,1,9,23,7/22,0,5,22,10/0,0,0,0,1/0,1,0,0,0 N`, North's `b5`: after 4
//! laps and a capture (which empties South's front row), a cycle of 1,817,643,710 laps, found
//! after 181,764,376 laps (a tenth: the state comes back turned by 3 holes), about 1 s.
//! mulabalaba 4x5 `5,0,0,0,0/1,5,1,0,0/14,46,12,4,1/2,28,7,16,35 S captured=20,41`, South's
//! `b3`: the state comes back turned by 3 holes after 10,133,314,460 laps (a tenth of a cycle
//! of 101,333,144,590), about a minute. Random positions rarely meet one: BENCHMARKS.md (rules,
//! four-row) gives the spread. The kernel remembers, process-wide, a sample of the states of
//! each long cycle it has gone round, so that a search or a `capture=may` listing that meets
//! the same cycle again stops within a few thousand laps.

pub(crate) mod board;
#[cfg(any(test, feature = "referee"))]
pub mod reference;
mod relay;
pub mod retro;
mod text;

use crate::error::ConfigError;
use crate::game::{Game, MarginGame, MoveList, Notation, Outcome};
use crate::rule_options::RuleSpec;
use crate::side::Side;
use board::{is_front, opp_back, opp_front};
pub use board::{Board, Dir, MAX_WIDTH};
use relay::{relay, Run};

/// The ten four-row variants.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Lozi mulabalaba, the common core.
    Mulabalaba,
    /// Toka mulabalaba: the Lozi game on 4x12.
    Toka,
    /// Lunda kanotta: setup removals, captures take two more holes.
    Kanotta,
    /// Tumbuka nchuba: 3/2/1 extra holes by capture number, no singles while a 2 remains.
    Nchuba,
    /// Bantu Botatwe nakabili: 2/1 extra holes, mutwi.
    Nakabili,
    /// Bantu Botatwe kabwanga: another lap from the hole ahead, mutwi.
    Kabwanga,
    /// Tonga chisolo I (Chaplin): capture takes one more hole.
    Chisolo,
    /// Ila chisolo I (Mancala World): directions, moves from twos, one more hole.
    Natatu,
    /// Tonga chisolo II: captures are re-sown, nothing leaves the board.
    ChisoloII,
    /// Bemba mwambulula: stores, captures re-sown from the move's first hole.
    Mwambulula,
}

impl Kind {
    /// Every four-row kind.
    pub const ALL: [Kind; 10] = [
        Kind::Mulabalaba,
        Kind::Toka,
        Kind::Kanotta,
        Kind::Nchuba,
        Kind::Nakabili,
        Kind::Kabwanga,
        Kind::Chisolo,
        Kind::Natatu,
        Kind::ChisoloII,
        Kind::Mwambulula,
    ];

    /// The variant id.
    pub const fn id(self) -> &'static str {
        match self {
            Kind::Mulabalaba => "mulabalaba",
            Kind::Toka => "toka",
            Kind::Kanotta => "kanotta",
            Kind::Nchuba => "nchuba",
            Kind::Nakabili => "nakabili",
            Kind::Kabwanga => "kabwanga",
            Kind::Chisolo => "chisolo",
            Kind::Natatu => "natatu",
            Kind::ChisoloII => "chisolo-ii",
            Kind::Mwambulula => "mwambulula",
        }
    }

    /// The kind with this id.
    pub fn from_id(id: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.id() == id)
    }

    /// Holes a row in the standard game.
    pub const fn default_width(self) -> usize {
        match self {
            Kind::Mulabalaba => 6,
            Kind::Toka => 12,
            Kind::Nchuba => 16,
            Kind::Chisolo | Kind::ChisoloII => 5,
            Kind::Natatu => 7,
            _ => 8,
        }
    }

    /// Seeds in a full hole in the standard game.
    pub const fn default_seeds(self) -> u32 {
        match self {
            Kind::Chisolo | Kind::ChisoloII | Kind::Natatu => 3,
            _ => 2,
        }
    }

    /// True for the games whose captures take seeds off the board (`captured=` field).
    pub const fn removes(self) -> bool {
        !matches!(self, Kind::ChisoloII | Kind::Mwambulula)
    }

    /// True when the number of captures made changes the rule (`captures=` field).
    pub const fn counts_captures(self) -> bool {
        matches!(self, Kind::Nchuba | Kind::Nakabili)
    }

    /// True for the games with the mutwi rule.
    pub const fn has_mutwi(self) -> bool {
        matches!(self, Kind::Nakabili | Kind::Kabwanga)
    }

    /// The `--rule` options of this kind: name, accepted values (default first), meaning.
    pub fn options(self) -> &'static [RuleSpec] {
        const RESOW: RuleSpec = RuleSpec {
            name: "resow",
            values: &["continue", "end"],
            help: "after re-sowing a capture, the lap's ending counts as usual (continue) or the move ends (end)",
        };
        const SINGLES: RuleSpec = RuleSpec {
            name: "singles",
            values: &["lozi", "free"],
            help: "the Lozi singleton rule applies (lozi) or any single may be moved (free)",
        };
        const CAPTURE: RuleSpec = RuleSpec {
            name: "capture",
            values: &["must", "may"],
            help: "a lap ending that can capture must capture (must) or the mover chooses, declining relays (may; moves name the choices, e.g. b2:cr)",
        };
        const POSSIBLE: RuleSpec = RuleSpec {
            name: "possible",
            values: &["legal", "board"],
            help: "singleton rule 'if possible': a preferred single whose sowing ends (legal; else any single) or any preferred single on the board, even if none may move (board)",
        };
        const AHEAD: RuleSpec = RuleSpec {
            name: "ahead",
            values: &["circuit", "front"],
            help: "another lap from the next hole in sowing order after any empty ending (circuit) or only from a front hole into the front hole to its left (front)",
        };
        match self {
            Kind::Mwambulula => &[RESOW, SINGLES, CAPTURE, POSSIBLE],
            Kind::ChisoloII => &[SINGLES, CAPTURE, POSSIBLE],
            Kind::Kabwanga => &[AHEAD, POSSIBLE],
            Kind::Natatu => &[],
            _ => &[POSSIBLE],
        }
    }
}

/// Rule options (`--rule name=value`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Options {
    /// mwambulula `resow=end`: the move ends after a capture is re-sown.
    pub resow_end: bool,
    /// chisolo-ii, mwambulula `singles=free`: no singleton rule.
    pub singles_free: bool,
    /// chisolo-ii, mwambulula `capture=may`: each capture is the mover's choice.
    pub capture_may: bool,
    /// Every variant with the singleton rule, `possible=board`: "if possible" judged on the
    /// counts alone (a never-ending preferred single is simply not legal, with no fallback).
    pub possible_board: bool,
    /// kabwanga `ahead=front`: another lap only from a front hole into the front hole to its
    /// left.
    pub ahead_front: bool,
}

impl Options {
    /// Parses `name=value` options for `kind`.
    pub fn parse(kind: Kind, rules: &[String]) -> Result<Options, ConfigError> {
        let chosen = crate::rule_options::choose(kind.options(), kind.id(), rules)?;
        let mut o = Options::default();
        for (spec, &c) in kind.options().iter().zip(&chosen) {
            *o.flag(spec.name) = c != 0;
        }
        Ok(o)
    }

    /// The flag of option `name` (every option has two values: the flag is set for the
    /// second).
    fn flag(&mut self, name: &str) -> &mut bool {
        match name {
            "resow" => &mut self.resow_end,
            "singles" => &mut self.singles_free,
            "capture" => &mut self.capture_may,
            "possible" => &mut self.possible_board,
            "ahead" => &mut self.ahead_front,
            _ => unreachable!("option table and flags disagree"),
        }
    }

    /// The options as `name=value` strings (every option of `kind`).
    pub fn describe(&self, kind: Kind) -> Vec<String> {
        crate::rule_options::describe(kind.options(), |s| {
            let mut o = *self;
            *o.flag(s.name) as usize
        })
    }
}

/// The most seeds a side may ever have taken off the board ([`FourRowPos::captured`] is a
/// `u16`, which keeps the position compact). Position text is accepted only when each side's
/// `captured` plus every seed on the board stays within this limit; no move adds seeds to the
/// board of a removal game, so no capture from an accepted position can overflow the counter.
pub const MAX_CAPTURED: u32 = u16::MAX as u32;

/// Holes each player empties in kanotta's setup phase (Chaplin: "four of Y's holes").
pub const KANOTTA_SETUP: u8 = 4;

/// A four-row position. The board is absolute (each side's circuit in his own sowing order);
/// the fields that a variant does not use stay at their fresh-game values (zero).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FourRowPos {
    /// The holes.
    pub board: Board,
    /// The side to move.
    pub side: Side,
    /// Seeds removed from the board by South and North (removal games); each plus the seeds
    /// on the board is at most [`MAX_CAPTURED`].
    pub captured: [u16; 2],
    /// Captures made by South and North (nchuba, nakabili).
    pub captures: [u8; 2],
    /// Holes emptied in the setup phase by South and North (kanotta).
    pub removed: [u8; 2],
    /// North's chosen direction (natatu; `None` before his first move).
    pub dir: Option<Dir>,
    /// Store contents (mwambulula).
    pub stores: [u8; 2],
    /// Whether each player has made his store move (mwambulula).
    pub emptied: [bool; 2],
}

/// A four-row move, with every choice made within it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FourMove {
    /// Sow from the mover's hole (circuit index). `dir` is `Some` only when the move chooses
    /// the direction (natatu, North's first move). `extras` holds the extra holes taken in a
    /// capture, a bit per index of the opponent's circuit.
    Sow {
        /// Circuit index of the start hole.
        hole: u8,
        /// The direction chosen by this move, if it chooses one.
        dir: Option<Dir>,
        /// Extra holes taken, a bit per opponent circuit index.
        extras: u32,
        /// The capture choices of the move under `capture=may` (chisolo-ii, mwambulula):
        /// 0 when the move meets no choice; else `1 << k | declined` for `k` choices met,
        /// bit `i` of `declined` set when the `i`-th capture was declined (a relay).
        choices: u32,
    },
    /// kanotta setup: empty the opponent's hole with this circuit index.
    Remove {
        /// Circuit index in the opponent's circuit.
        hole: u8,
    },
    /// mwambulula: empty the store, a seed into each own hole.
    Store,
}

/// How the laps of a move ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ending {
    /// The move is over, nothing more to take.
    Done,
    /// The last seed fell into the empty own front hole `i` facing an occupied opponent front
    /// hole: the opponent's file is to be removed (removal games).
    Capture(usize),
}

/// Capture choices a move may make under `capture=may`; later opportunities capture.
pub const MAX_CHOICES: u32 = 31;

/// The rules of one four-row variant at one size.
///
/// # Example
///
/// ```
/// use mancala_solver::fourrow::Kind;
/// use mancala_solver::perft::perft;
/// use mancala_solver::{FourRow, Game, Notation};
///
/// // Chaplin's chisolo: four rows of five holes, three seeds a hole.
/// let chisolo = FourRow::standard(Kind::Chisolo);
/// let start = chisolo.start();
/// assert_eq!(
///     chisolo.format_position(&start),
///     "3,3,3,3,3/3,3,3,3,3/3,3,3,3,3/3,3,3,3,3 S captured=0,0"
/// );
/// // A move is a hole and a direction, every choice within the sowing included.
/// assert_eq!(chisolo.legal_moves(&start).len(), 45);
/// assert_eq!(perft(&chisolo, &start, 2), 1317);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FourRow {
    kind: Kind,
    width: usize,
    seeds: u32,
    opts: Options,
}

impl FourRow {
    /// Rules of `kind` on a 4x`width` board with `seeds` in a full hole.
    pub fn new(
        kind: Kind,
        width: usize,
        seeds: u32,
        opts: Options,
    ) -> Result<FourRow, ConfigError> {
        if !(2..=MAX_WIDTH).contains(&width) {
            return Err(ConfigError(format!(
                "invalid --width {width}: {} is played on 4x2 to 4x{MAX_WIDTH} boards",
                kind.id()
            )));
        }
        if seeds == 0 {
            return Err(ConfigError("invalid --seeds 0: expected at least 1".into()));
        }
        let g = FourRow {
            kind,
            width,
            seeds: seeds.min(255),
            opts,
        };
        let total = g.start_total();
        if seeds > 255 || total > 255 {
            return Err(ConfigError(format!(
                "invalid --seeds {seeds}: the start would hold {} seeds, at most 255 fit",
                if seeds > 255 {
                    seeds as u64 * 4 * width as u64
                } else {
                    total as u64
                }
            )));
        }
        Ok(g)
    }

    /// The standard game of `kind`.
    pub fn standard(kind: Kind) -> FourRow {
        FourRow::new(
            kind,
            kind.default_width(),
            kind.default_seeds(),
            Options::default(),
        )
        .expect("standard sizes are valid")
    }

    /// The variant kind.
    pub fn kind(&self) -> Kind {
        self.kind
    }
    /// Holes a row.
    pub fn width(&self) -> usize {
        self.width
    }
    /// Seeds in a full hole at the start.
    pub fn seeds(&self) -> u32 {
        self.seeds
    }
    /// The rule options.
    pub fn options(&self) -> Options {
        self.opts
    }

    /// Seeds of one player at the start (board and store).
    fn start_total(&self) -> u32 {
        let p = self.start();
        p.board.total(self.width) + p.stores[0] as u32 + p.stores[1] as u32
    }

    /// The start hole counts of one player's circuit (the variant's start pattern, scaled to
    /// the width; `docs/variants/<id>.md` draws it).
    pub fn start_circuit(&self) -> [u8; 32] {
        let (w, s) = (self.width, self.seeds as u8);
        let mut c = [0u8; 32];
        for col in 1..=w {
            c[board::back_index(col)] = s;
        }
        let mut front = |col: usize, v: u8| c[board::front_index(col, w)] = v;
        match self.kind {
            Kind::Nchuba | Kind::Mwambulula => {}
            Kind::Nakabili => {
                for col in 1..=w {
                    front(col, s);
                }
                front(1, 0);
                front(2, 1.min(s));
            }
            Kind::Kabwanga => {
                front(w, s);
                front(w - 1, 1.min(s));
            }
            Kind::Natatu => {
                // From the player's right: 0, 0, 1, 2, then full holes.
                for (k, col) in (1..=w).rev().enumerate() {
                    front(col, [0, 0, 1, 2].get(k).copied().unwrap_or(s).min(s));
                }
            }
            _ => {
                for col in 1..=w {
                    front(col, s);
                }
            }
        }
        c
    }

    /// True while kanotta's setup phase lasts.
    pub fn in_setup(&self, pos: &FourRowPos) -> bool {
        self.kind == Kind::Kanotta
            && (pos.removed[0] < KANOTTA_SETUP || pos.removed[1] < KANOTTA_SETUP)
    }

    /// The side to move a position should have, given its setup counters (kanotta), if forced.
    pub fn setup_mover(&self, pos: &FourRowPos) -> Option<Side> {
        if self.kind != Kind::Kanotta {
            return None;
        }
        if pos.removed[0] < KANOTTA_SETUP {
            Some(Side::South)
        } else if pos.removed[1] < KANOTTA_SETUP {
            Some(Side::North)
        } else {
            None
        }
    }

    /// The directions `me` may sow in, and whether the move names its direction.
    fn dirs(&self, pos: &FourRowPos, me: Side) -> (&'static [Dir], bool) {
        if self.kind != Kind::Natatu {
            return (&[Dir::Ccw], false);
        }
        match (me, pos.dir) {
            (Side::South, _) => (&[Dir::Cw], false),
            (Side::North, Some(Dir::Cw)) => (&[Dir::Cw], false),
            (Side::North, Some(Dir::Ccw)) => (&[Dir::Ccw], false),
            (Side::North, None) => (&[Dir::Cw, Dir::Ccw], true),
        }
    }

    #[inline]
    fn step(&self, i: usize, d: Dir) -> usize {
        let l = 2 * self.width;
        match d {
            Dir::Ccw => {
                if i + 1 == l {
                    0
                } else {
                    i + 1
                }
            }
            Dir::Cw => {
                if i == 0 {
                    l - 1
                } else {
                    i - 1
                }
            }
        }
    }

    /// Sows `n` seeds of `me` into his circuit from hole `p` on, in direction `d`; returns the
    /// hole of the last seed. Whole rounds of `2W` are added at once. For a lap whose ending
    /// is not looked at (mwambulula `resow=end`); relay laps go through [`relay`].
    #[inline]
    fn lap(&self, b: &mut Board, me: Side, p: usize, n: u32, d: Dir) -> usize {
        let l = 2 * self.width;
        let c = b.circuit_mut(me);
        let (q, r) = ((n as usize / l) as u8, n as usize % l);
        if q > 0 {
            for x in c[..l].iter_mut() {
                *x += q;
            }
        }
        let mut h = p;
        for _ in 0..r {
            c[h] += 1;
            h = self.step(h, d);
        }
        // The last seed is n-1 holes after p.
        let k = (n as usize - 1) % l;
        match d {
            Dir::Ccw => (p + k) % l,
            Dir::Cw => (p + l - k) % l,
        }
    }

    /// Takes the opponent's file of `me`'s hole `i` off the board; returns the seeds.
    fn take_file(&self, b: &mut Board, me: Side, i: usize) -> u32 {
        let w = self.width;
        let o = b.circuit_mut(me.opponent());
        let (f, k) = (opp_front(i, w), opp_back(i, w));
        let n = o[f] as u32 + o[k] as u32;
        o[f] = 0;
        o[k] = 0;
        n
    }

    /// The holes of `me` (a bit per circuit index) where a lap ending in an occupied hole is
    /// not a plain relay: in a re-sowing game (chisolo-ii, mwambulula) those where a capture
    /// is possible, made or (under `capture=may`) chosen; none in the Lozi games.
    fn exits(&self, b: &Board, me: Side) -> u32 {
        let w = self.width;
        let o = b.circuit(me.opponent());
        let holes = match self.kind {
            // "last seed in an occupied own front hole whose opposite front hole is occupied"
            Kind::ChisoloII => w..2 * w,
            // "last seed in an occupied hole (either row): if the opponent's front hole of
            // that file is occupied"
            Kind::Mwambulula => 0..2 * w,
            _ => return 0,
        };
        holes
            .filter(|&i| o[opp_front(i, w)] > 0)
            .fold(0, |m, i| m | 1 << i)
    }

    /// Relay laps of `me` from lap-start state (`b`, `p`, `n`) until one stops ([`Run`]).
    fn run(&self, b: &mut Board, me: Side, d: Dir, (p, n): (usize, u32)) -> Run {
        let exits = self.exits(b, me);
        relay(b.circuit_mut(me), 2 * self.width, d, p, n, exits)
    }

    /// The ending of a lap of a re-sowing game whose last seed fell into the occupied exit
    /// hole `last` ([`FourRow::exits`]): with `take` the capture is made and re-sown (`Ok`:
    /// the next lap's start and seeds), else the hole relays. `Err(Done)`: the move ends
    /// (mwambulula `resow=end`).
    fn exit_lap(
        &self,
        b: &mut Board,
        me: Side,
        start: usize,
        last: usize,
        d: Dir,
        take: bool,
    ) -> Result<(usize, u32), Ending> {
        if !take {
            let c = b.circuit_mut(me);
            let n = c[last] as u32;
            c[last] = 0;
            return Ok((self.step(last, d), n));
        }
        let n = self.take_file(b, me, last);
        match self.kind {
            // "re-sow the captured seeds into the captor's own holes, starting at the hole
            // after the one whose filling made the capture"
            Kind::ChisoloII => Ok((self.step(last, d), n)),
            // "re-sow the captured seeds starting in the hole where the move began"
            _ if self.opts.resow_end => {
                self.lap(b, me, start, n, d);
                Err(Ending::Done)
            }
            _ => Ok((start, n)),
        }
    }

    /// The ending of a lap whose last seed fell into the hole `last`, which was empty:
    /// `Ok` for kabwanga's lap from the hole ahead (its start and seeds), else how the move
    /// ends.
    fn empty_lap(
        &self,
        b: &mut Board,
        me: Side,
        last: usize,
        d: Dir,
    ) -> Result<(usize, u32), Ending> {
        let w = self.width;
        if !self.kind.removes() {
            return Err(Ending::Done);
        }
        if is_front(last, w) && b.0[me.opponent().index()][opp_front(last, w)] > 0 {
            return Err(Ending::Capture(last));
        }
        // kabwanga: "If you end your lap in an empty hole and the hole ahead of it (i.e. to
        // the left of it) has two or more beans in it, then you have another lap".
        // `ahead=front`: only from a front hole into the front hole to its left.
        let next = self.step(last, d);
        let ahead_ok = !self.opts.ahead_front || (is_front(last, w) && is_front(next, w));
        let c = b.circuit_mut(me);
        if self.kind == Kind::Kabwanga && ahead_ok && c[next] >= 2 {
            let n = c[next] as u32;
            c[next] = 0;
            Ok((self.step(next, d), n))
        } else {
            Err(Ending::Done)
        }
    }

    /// Plays the laps of a sowing from `start` in direction `d` on `b`, every possible
    /// capture made. `Err(())` when the sowing never ends (module docs).
    fn sow(&self, b: &mut Board, me: Side, start: usize, d: Dir) -> Result<Ending, ()> {
        let n = b.0[me.index()][start] as u32;
        debug_assert!(n > 0);
        b.0[me.index()][start] = 0;
        let p = self.step(start, d);
        self.sow_from(b, me, start, d, (p, n))
    }

    /// The laps of a sowing from lap-start state (`b`, `p`, `n`) on, every possible capture
    /// made: runs of relay laps ([`relay`]) joined by the lap endings that are not relays, with
    /// Brent's cycle detection over the states that start a run (module docs).
    fn sow_from(
        &self,
        b: &mut Board,
        me: Side,
        start: usize,
        d: Dir,
        (mut p, mut n): (usize, u32),
    ) -> Result<Ending, ()> {
        let mut saved = (*b, p, n);
        let (mut power, mut lam) = (1u64, 0u64);
        loop {
            let next = match self.run(b, me, d, (p, n)) {
                Run::Never => return Err(()),
                Run::Exit(last) => self.exit_lap(b, me, start, last, d, true),
                Run::Empty(last) => self.empty_lap(b, me, last, d),
            };
            match next {
                Ok(s) => (p, n) = s,
                Err(e) => return Ok(e),
            }
            if saved.1 == p && saved.2 == n && saved.0 == *b {
                return Err(());
            }
            lam += 1;
            if lam == power {
                saved = (*b, p, n);
                power *= 2;
                lam = 0;
            }
        }
    }

    /// Plays a sowing under `capture=may` with its recorded `choices` (see
    /// [`FourMove::Sow`]); the move is known to end.
    fn sow_chosen(&self, b: &mut Board, me: Side, start: usize, d: Dir, choices: u32) {
        let mut n = b.0[me.index()][start] as u32;
        b.0[me.index()][start] = 0;
        let mut p = self.step(start, d);
        let made = if choices == 0 {
            0
        } else {
            31 - choices.leading_zeros()
        };
        let mut k = 0;
        loop {
            let Run::Exit(last) = self.run(b, me, d, (p, n)) else {
                return;
            };
            let mut take = true;
            if k < MAX_CHOICES {
                debug_assert!(k < made, "choices {choices:b} end too early");
                take = choices >> k & 1 == 0;
                k += 1;
            }
            match self.exit_lap(b, me, start, last, d, take) {
                Ok(next) => (p, n) = next,
                Err(_) => return,
            }
        }
    }

    /// Every way a sowing may go under `capture=may`, from lap-start state (`b`, `p`, `n`)
    /// after `k` choices (`declined` as in [`FourMove::Sow`]): pushes (board after the move,
    /// choices) to `out`. A sequence of choices that meets a choice point it has met before
    /// (same board, same last hole: `marks` holds those of the path) is not a move, nor is
    /// one whose sowing never ends. A run of relay laps with a choice on the way always stops
    /// (module docs), so only runs past the last capture can go round a cycle; many
    /// sequences of one sowing run into the same few (one chisolo-ii 4x5 listing went round
    /// a cycle of 2,276,987 laps 109 times), which the kernel remembers ([`relay`]).
    #[allow(clippy::too_many_arguments)]
    fn explore(
        &self,
        mut b: Board,
        me: Side,
        start: usize,
        d: Dir,
        (mut p, mut n): (usize, u32),
        (k, declined): (u32, u32),
        marks: &mut Vec<(Board, usize)>,
        out: &mut Vec<(Board, u32)>,
    ) {
        loop {
            crate::stop::check();
            match self.run(&mut b, me, d, (p, n)) {
                Run::Never => return,
                Run::Empty(_) => {
                    out.push((b, if k == 0 { 0 } else { 1 << k | declined }));
                    return;
                }
                Run::Exit(last) if k < MAX_CHOICES => {
                    if marks.contains(&(b, last)) {
                        return;
                    }
                    marks.push((b, last));
                    for (take, bit) in [(true, 0), (false, 1u32 << k)] {
                        let mut c = b;
                        let chosen = (k + 1, declined | bit);
                        match self.exit_lap(&mut c, me, start, last, d, take) {
                            Ok(next) => self.explore(c, me, start, d, next, chosen, marks, out),
                            Err(_) => out.push((c, 1 << chosen.0 | chosen.1)),
                        }
                    }
                    marks.pop();
                    return;
                }
                Run::Exit(last) => match self.exit_lap(&mut b, me, start, last, d, true) {
                    Ok(next) => (p, n) = next,
                    Err(_) => {
                        out.push((b, 1 << k | declined));
                        return;
                    }
                },
            }
        }
    }

    /// True when captures are the mover's choice (`capture=may` in a re-sowing game).
    fn captures_chosen(&self) -> bool {
        self.opts.capture_may && matches!(self.kind, Kind::ChisoloII | Kind::Mwambulula)
    }

    /// Extra holes a capture by `me` takes now.
    pub fn extra_holes(&self, pos: &FourRowPos, me: Side) -> u32 {
        let made = pos.captures[me.index()];
        match self.kind {
            Kind::Kanotta => 2,
            Kind::Chisolo | Kind::Natatu => 1,
            Kind::Nchuba => match made {
                0 => 3,
                1 => 2,
                _ => 1,
            },
            Kind::Nakabili => {
                if made == 0 {
                    2
                } else {
                    1
                }
            }
            _ => 0,
        }
    }

    /// Pushes the legal sowings from `hole` in `d` (every choice of extra holes); returns how
    /// many were pushed (0 when the sowing never ends).
    fn push_sowings(
        &self,
        pos: &FourRowPos,
        hole: usize,
        d: Dir,
        named: bool,
        out: &mut Vec<FourMove>,
    ) -> usize {
        let me = pos.side;
        let mut b = pos.board;
        let dir = named.then_some(d);
        if self.captures_chosen() {
            let n = b.0[me.index()][hole] as u32;
            b.0[me.index()][hole] = 0;
            let mut ways = Vec::new();
            let first = (self.step(hole, d), n);
            let mut marks = Vec::new();
            self.explore(b, me, hole, d, first, (0, 0), &mut marks, &mut ways);
            for &(_, choices) in &ways {
                out.push(FourMove::Sow {
                    hole: hole as u8,
                    dir,
                    extras: 0,
                    choices,
                });
            }
            return ways.len();
        }
        match self.sow(&mut b, me, hole, d) {
            Err(()) => 0,
            Ok(Ending::Done) => {
                out.push(FourMove::Sow {
                    hole: hole as u8,
                    dir,
                    extras: 0,
                    choices: 0,
                });
                1
            }
            Ok(Ending::Capture(last)) => {
                self.take_file(&mut b, me, last);
                let k = self.extra_holes(pos, me) as usize;
                let o = b.circuit(me.opponent());
                let left: Vec<usize> = (0..2 * self.width).filter(|&i| o[i] > 0).collect();
                let before = out.len();
                if left.len() <= k {
                    let extras = left.iter().fold(0u32, |m, &i| m | 1 << i);
                    out.push(FourMove::Sow {
                        hole: hole as u8,
                        dir,
                        extras,
                        choices: 0,
                    });
                } else {
                    subsets(&left, k, 0, 0, &mut |extras| {
                        out.push(FourMove::Sow {
                            hole: hole as u8,
                            dir,
                            extras,
                            choices: 0,
                        })
                    });
                }
                out.len() - before
            }
        }
    }

    /// The legal moves of `pos` (the [`Game::gen_moves`] body).
    fn moves_into(&self, pos: &FourRowPos, out: &mut Vec<FourMove>) {
        out.clear();
        let me = pos.side;
        let w = self.width;
        if self.in_setup(pos) {
            let o = pos.board.circuit(me.opponent());
            // In the opponent's circuit, in the order of the mover's names: B1..BW, F1..FW.
            for c in 1..=w {
                let k = board::back_index(w + 1 - c);
                if o[k] > 0 {
                    out.push(FourMove::Remove { hole: k as u8 });
                }
            }
            for c in 1..=w {
                let k = board::front_index(w + 1 - c, w);
                if o[k] > 0 {
                    out.push(FourMove::Remove { hole: k as u8 });
                }
            }
            return;
        }
        let c = pos.board.circuit(me);
        // Own holes in the order of their names: b1..bW, f1..fW.
        let order: Vec<usize> = (1..=w)
            .map(board::back_index)
            .chain((1..=w).map(|col| board::front_index(col, w)))
            .collect();
        let (dirs, named) = self.dirs(pos, me);
        let seeded: Vec<usize> = order.iter().copied().filter(|&i| c[i] > 0).collect();
        let big: Vec<usize> = seeded.iter().copied().filter(|&i| c[i] >= 2).collect();
        if self.kind == Kind::Natatu {
            // "which must contain at least two stones"; "When a player has only singletons, he
            // is permitted to move them, but only in empty holes."
            for &i in &seeded {
                for &d in dirs {
                    let ok = if big.is_empty() {
                        c[self.step(i, d)] == 0
                    } else {
                        c[i] >= 2
                    };
                    if ok {
                        self.push_sowings(pos, i, d, named, out);
                    }
                }
            }
            return;
        }
        let d = dirs[0];
        // nchuba: "While there are two beans in any hole on your side you may not move
        // singles." Mutwi: "If all the holes have singles except one which just two, this is
        // called mutwi (the head) and must be moved." (Board conditions: no fallback.)
        let only_big = (self.kind == Kind::Nchuba && !big.is_empty())
            || (self.kind.has_mutwi() && big.len() == 1 && c[big[0]] == 2);
        let cands: Vec<usize> = if only_big {
            big.clone()
        } else if big.is_empty() && !seeded.is_empty() && !self.opts.singles_free {
            // Singleton rule: a single whose next hole is occupied, if any such move is
            // legal; otherwise any single. `possible=board`: if any such single is on the
            // board (its never-ending sowings are simply not legal, and there is no fallback).
            if self.opts.possible_board {
                let pref: Vec<usize> = seeded
                    .iter()
                    .copied()
                    .filter(|&i| c[self.step(i, d)] > 0)
                    .collect();
                if !pref.is_empty() {
                    for &i in &pref {
                        self.push_sowings(pos, i, d, named, out);
                    }
                    self.push_store(pos, out);
                    return;
                }
            }
            let mut pushed = 0;
            for &i in &seeded {
                if c[self.step(i, d)] > 0 {
                    pushed += self.push_sowings(pos, i, d, named, out);
                }
            }
            if pushed > 0 {
                self.push_store(pos, out);
                return;
            }
            seeded.clone()
        } else {
            seeded.clone()
        };
        for &i in &cands {
            self.push_sowings(pos, i, d, named, out);
        }
        self.push_store(pos, out);
    }

    fn push_store(&self, pos: &FourRowPos, out: &mut Vec<FourMove>) {
        let me = pos.side.index();
        if self.kind == Kind::Mwambulula && !pos.emptied[me] && pos.stores[me] > 0 {
            out.push(FourMove::Store);
        }
    }

    /// Seeds on each side of the board plus stores, South first.
    pub fn seeds_held(&self, pos: &FourRowPos) -> [u32; 2] {
        [Side::South, Side::North]
            .map(|s| pos.board.seeds_of(s, self.width) + pos.stores[s.index()] as u32)
    }
}

/// Calls `f` with every `k`-subset of `items` (as a bit mask), in lexicographic order.
fn subsets(items: &[usize], k: usize, from: usize, acc: u32, f: &mut dyn FnMut(u32)) {
    if k == 0 {
        f(acc);
        return;
    }
    for j in from..=items.len() - k {
        subsets(items, k - 1, j + 1, acc | 1 << items[j], f);
    }
}

impl Game for FourRow {
    type Position = FourRowPos;
    type Move = FourMove;
    type Moves = Vec<FourMove>;

    fn start(&self) -> FourRowPos {
        let c = self.start_circuit();
        let board = Board([c, c]);
        let store = if self.kind == Kind::Mwambulula {
            (self.width as u32 * self.seeds).min(255) as u8
        } else {
            0
        };
        FourRowPos {
            board,
            side: Side::South,
            captured: [0; 2],
            captures: [0; 2],
            removed: [0; 2],
            dir: None,
            stores: [store; 2],
            emptied: [false; 2],
        }
    }

    fn to_move(&self, pos: &FourRowPos) -> Side {
        pos.side
    }

    fn gen_moves(&self, pos: &FourRowPos, moves: &mut Vec<FourMove>) {
        self.moves_into(pos, moves);
    }

    fn play(&self, pos: &FourRowPos, mv: FourMove) -> FourRowPos {
        let me = pos.side;
        let mut p = *pos;
        match mv {
            FourMove::Remove { hole } => {
                let o = p.board.circuit_mut(me.opponent());
                p.captured[me.index()] += o[hole as usize] as u16;
                o[hole as usize] = 0;
                p.removed[me.index()] += 1;
                p.side = if p.removed[me.index()] < KANOTTA_SETUP {
                    me
                } else {
                    me.opponent()
                };
                // After North's removals play starts with South.
                if !self.in_setup(&p) {
                    p.side = Side::South;
                }
            }
            FourMove::Store => {
                let n = p.stores[me.index()] as usize;
                let l = 2 * self.width;
                let c = p.board.circuit_mut(me);
                for k in 0..n {
                    c[k % l] += 1;
                }
                p.stores[me.index()] = 0;
                p.emptied[me.index()] = true;
                p.side = me.opponent();
            }
            FourMove::Sow {
                hole,
                dir,
                extras,
                choices,
            } => {
                let d = dir.unwrap_or(self.dirs(pos, me).0[0]);
                if let Some(d) = dir {
                    p.dir = Some(d);
                }
                if self.captures_chosen() {
                    self.sow_chosen(&mut p.board, me, hole as usize, d, choices);
                    p.side = me.opponent();
                    return p;
                }
                let ending = self
                    .sow(&mut p.board, me, hole as usize, d)
                    .expect("play of a sowing that never ends");
                if let Ending::Capture(last) = ending {
                    let mut n = self.take_file(&mut p.board, me, last);
                    let o = p.board.circuit_mut(me.opponent());
                    for (k, x) in o.iter_mut().enumerate() {
                        if extras >> k & 1 == 1 {
                            n += *x as u32;
                            *x = 0;
                        }
                    }
                    p.captured[me.index()] += n as u16;
                    if self.kind.counts_captures() {
                        p.captures[me.index()] = p.captures[me.index()].saturating_add(1);
                    }
                }
                p.side = me.opponent();
            }
        }
        p
    }

    /// A player who cannot move has lost: each side's strength is the number of its holes
    /// that hold seeds (a bound on the holes it can start a move from, counted without
    /// listing a move), plus its store. Measured: BENCHMARKS.md, "Proof search".
    fn strengths(&self, pos: &FourRowPos) -> [u32; 2] {
        let l = 2 * self.width;
        [pos.side, pos.side.opponent()].map(|s| {
            let holes = pos.board.circuit(s)[..l].iter().filter(|&&x| x > 0).count() as u32;
            holes + (pos.stores[s.index()] > 0) as u32
        })
    }

    /// The seeds taken so far change nothing ahead (a game ends when a player cannot move).
    fn proof_key(&self, pos: &FourRowPos) -> FourRowPos {
        FourRowPos {
            captured: [0; 2],
            ..*pos
        }
    }

    fn outcome(&self, pos: &FourRowPos) -> Option<Outcome> {
        let mut m = Vec::new();
        self.moves_into(pos, &mut m);
        m.is_empty().then(|| Outcome {
            winner: Some(pos.side.opponent()),
            score: self.seeds_held(pos),
        })
    }
}

/// A writer of bits into a `u128`, failing when they do not fit.
struct Bits {
    word: u128,
    used: u32,
    overflow: bool,
}

impl Bits {
    fn push(&mut self, value: u128, bits: u32) {
        if self.used + bits > 128 {
            self.overflow = true;
            return;
        }
        self.word |= value << self.used;
        self.used += bits;
    }
    /// `n` in unary: `n` ones and a zero.
    fn unary(&mut self, n: u32) {
        if n >= 127 {
            self.overflow = true;
            return;
        }
        self.push((1u128 << n) - 1, n + 1);
    }
}

impl FourRow {
    /// The part of a position its future depends on, from the mover's point of view, as
    /// bits: the mover's circuit then the opponent's, every hole in unary (`n` ones and a
    /// zero), then the small counters. `None` when that needs more than 128 bits.
    pub fn exact_key(&self, pos: &FourRowPos) -> Option<u128> {
        let me = pos.side;
        let l = 2 * self.width;
        let mut b = Bits {
            word: 0,
            used: 0,
            overflow: false,
        };
        for s in [me, me.opponent()] {
            for &x in &pos.board.circuit(s)[..l] {
                b.unary(x as u32);
            }
        }
        let ix = [me.index(), me.opponent().index()];
        if self.kind.counts_captures() {
            for i in ix {
                b.push(pos.captures[i].min(3) as u128, 2);
            }
        }
        if self.kind == Kind::Kanotta {
            for i in ix {
                b.push(pos.removed[i].min(7) as u128, 3);
            }
            b.push(me.index() as u128, 1);
        }
        if self.kind == Kind::Natatu {
            let d = match pos.dir {
                None => 0,
                Some(Dir::Cw) => 1,
                Some(Dir::Ccw) => 2,
            };
            b.push(d, 2);
            b.push(me.index() as u128, 1);
        }
        if self.kind == Kind::Mwambulula {
            for i in ix {
                b.unary(pos.stores[i] as u32);
                b.push(pos.emptied[i] as u128, 1);
            }
        }
        (!b.overflow).then_some(b.word)
    }
}

impl MarginGame for FourRow {
    type Key = u128;

    /// The exact key where it fits in 128 bits (every reduced board the solver can finish);
    /// otherwise a 128-bit hash of the same data (then two positions could in principle
    /// share a key: `solve` says so).
    fn key(&self, pos: &FourRowPos) -> u128 {
        if let Some(k) = self.exact_key(pos) {
            return k;
        }
        use std::hash::{Hash, Hasher};
        let mut parts = [0u64; 2];
        for (salt, part) in parts.iter_mut().enumerate() {
            let mut h = std::collections::hash_map::DefaultHasher::new();
            salt.hash(&mut h);
            let mut q = *pos;
            q.captured = [0; 2];
            q.hash(&mut h);
            *part = h.finish();
        }
        (parts[0] as u128) << 64 | parts[1] as u128 | 1u128 << 127
    }

    /// Won or lost games carry no margin before the end.
    fn margin(&self, _pos: &FourRowPos) -> i32 {
        0
    }

    /// The player to move with no legal move has lost: −1.
    fn final_margin(&self, _pos: &FourRowPos) -> i32 {
        -1
    }

    fn future_bound(&self, _pos: &FourRowPos) -> i32 {
        1
    }
}

impl FourRow {
    /// Counts the seeds of a position: board, stores and captured.
    pub fn conserved_total(&self, pos: &FourRowPos) -> u32 {
        pos.board.total(self.width)
            + pos.stores.iter().map(|&x| x as u32).sum::<u32>()
            + pos.captured.iter().map(|&x| x as u32).sum::<u32>()
    }

    /// An upper bound on the number of legal moves in any position of this game: every start
    /// hole (in both directions for natatu's North), each with every choice of extra holes,
    /// plus the store move.
    pub fn max_moves_bound(&self) -> u64 {
        let l = 2 * self.width as u64;
        let k = match self.kind {
            Kind::Nchuba => 3,
            Kind::Kanotta | Kind::Nakabili => 2,
            Kind::Chisolo | Kind::Natatu => 1,
            _ => 0,
        };
        let choose = |n: u64, k: u64| (0..k).fold(1u64, |a, i| a * (n - i) / (i + 1));
        let dirs = if self.kind == Kind::Natatu { 2 } else { 1 };
        if self.captures_chosen() {
            // Every start hole with every sequence of choices, plus the store move.
            return l * (1u64 << (MAX_CHOICES + 1)) + 1;
        }
        (l * dirs * choose(l.saturating_sub(2), k)).max(l) + 1
    }

    /// The legal moves as names (for tests and tools).
    pub fn move_names(&self, pos: &FourRowPos) -> Vec<String> {
        let ms = self.legal_moves(pos);
        ms.iter().map(|&m| self.move_name(pos, m)).collect()
    }
}

#[allow(dead_code)]
fn _assert_movelist() {
    fn f<M, L: MoveList<M>>() {}
    f::<FourMove, Vec<FourMove>>();
}
