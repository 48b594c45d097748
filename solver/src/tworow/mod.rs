//! The two-row variants: kalah, oware, warri, kale and kpo (two players).
//!
//! One rules type, [`TwoRow`], serves all five; its [`Kind`] and [`Options`] select the
//! sowing, capture and ending rules. Every rule below cites the sentence it implements; the
//! full quotations and the project's choices are in `docs/variants/<variant>.md` and
//! `docs/DECISIONS-TWO-ROW.md`.
//!
//! Positions are kept from the mover's point of view (see [`crate::tworow::board`]): the mover's pits
//! are lanes `0..W`, the opponent's `W..2W`, and `captured[0]` is the mover's.
//!
//! # How a move is played
//!
//! - [`Game::play`] and [`Game::gen_moves`] match on the kind once and run a copy of the rules
//!   compiled for that kind alone (the kind is a const generic parameter of the helpers).
//! - The board is split into its two rows, one `u64` each (width ≤ 8): the mover's row and the
//!   opponent's. Handing the move over is joining them the other way round.
//! - Sowing is table lookups made in [`TwoRow::new`]: for each origin, the pits a partial lap
//!   of `r` seeds reaches and where its last seed falls, and the pits of a whole lap. A sowing
//!   of `n` seeds is `n / lap` whole laps and a partial one, with no division: laps are rare,
//!   and then a multiplication by a reciprocal stands in for it.
//! - Captures and chains are byte-lane (SWAR) operations on the opponent's row.
//! - Oware and warri test "leaves the opponent a seed" without playing the moves out where a
//!   proven shortcut applies (`TwoRow::legal`).

pub mod board;
#[cfg(any(test, feature = "reference"))]
pub mod reference;
mod text;

use crate::error::{ConfigError, PositionError};
use crate::game::{Game, MarginGame, Outcome};
use crate::rule_options::RuleSpec;
use crate::side::Side;
use arrayvec::ArrayVec;
use board::{
    byte_sum, lane_bytes, lane_flags, lanes_equal, nonzero_lanes, run_ending_at, Pits, HIGH64,
    MAX_BOARD_SEEDS, MAX_WIDTH, ONES64,
};

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
                values: &["illegal", "forfeit"],
                help:
                    "a move that would capture every opposing seed is illegal, or captures nothing",
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

/// The rule options in force (each field only matters to the variants that have it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Options {
    /// kalah `capture=nonempty`: capture only when the opposite pit holds seeds.
    pub capture_nonempty: bool,
    /// oware `grandslam=forfeit`: a move capturing every opposing seed is played but captures
    /// nothing (the default, `illegal`, forbids it).
    pub grandslam_forfeit: bool,
    /// warri `chain=uniform`: a chain takes a row of twos or a row of threes only.
    pub chain_uniform: bool,
    /// warri `starved=owner`: at a starved end each player takes his own seeds.
    pub starved_owner: bool,
    /// kale `chain=on`: captures chain backwards over pits that held 1 or 2.
    pub kale_chain: bool,
}

impl Options {
    /// Parses `name=value` options for `kind` ([`crate::rule_options::choose`]).
    ///
    /// # Example
    ///
    /// ```
    /// use mancala_solver::tworow::Options;
    /// use mancala_solver::{Game, Kind, Notation, TwoRow};
    ///
    /// // Oware with a grand slam forfeited: on 1x1 the only move captures nothing.
    /// let rules = ["grandslam=forfeit".to_string()];
    /// let opts = Options::parse(Kind::Oware, &rules)?;
    /// let game = TwoRow::new(Kind::Oware, 1, 1, opts)?;
    /// assert_eq!(mancala_solver::search::solve(&game, &game.start()).value, 0);
    /// assert!(Options::parse(Kind::Oware, &["grandslam=maybe".to_string()]).is_err());
    /// # Ok::<(), mancala_solver::ConfigError>(())
    /// ```
    pub fn parse(kind: Kind, rules: &[String]) -> Result<Options, ConfigError> {
        let chosen = crate::rule_options::choose(kind.options(), kind.id(), rules)?;
        let mut o = Options::default();
        for (spec, &c) in kind.options().iter().zip(&chosen) {
            *o.flag(kind, spec.name) = c != 0;
        }
        Ok(o)
    }

    /// The flag of option `name` of `kind` (every option has two values: the flag is set
    /// for the second).
    fn flag(&mut self, kind: Kind, name: &str) -> &mut bool {
        match (kind, name) {
            (Kind::Kalah, "capture") => &mut self.capture_nonempty,
            (Kind::Oware, "grandslam") => &mut self.grandslam_forfeit,
            (Kind::Warri, "chain") => &mut self.chain_uniform,
            (Kind::Warri, "starved") => &mut self.starved_owner,
            (Kind::Kale, "chain") => &mut self.kale_chain,
            _ => unreachable!("option table and flags disagree"),
        }
    }

    /// The options as `name=value` strings, every option of `kind` listed.
    pub fn describe(&self, kind: Kind) -> Vec<String> {
        crate::rule_options::describe(kind.options(), |s| {
            let mut o = *self;
            *o.flag(kind, s.name) as usize
        })
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
    /// The position with board `pits` given from the side to move (mover's row in lanes
    /// `0..W`, the opponent's in `W..2W`, see [`crate::tworow::board`]), South to move, nothing
    /// captured: what a tablebase slice stores. It checks nothing and costs nothing: the
    /// caller ensures that lanes `2W..16` are empty and that the board holds at most
    /// [`MAX_BOARD_SEEDS`] seeds, as every board of a slice does.
    #[inline]
    pub const fn from_relative(pits: Pits) -> TwoRowPos {
        TwoRowPos {
            pits,
            captured: [0, 0],
            to_move: Side::South,
        }
    }

    /// The pits, mover's row in lanes `0..W` (see [`crate::tworow::board`]).
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

/// One legal move of a position and what it leads to (see [`TwoRow::successors`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Successor {
    /// The move.
    pub mv: Pit,
    /// The position after it: `Game::play(pos, mv)`.
    pub child: TwoRowPos,
    /// Seeds won by the mover with the move minus seeds won by the opponent (an end-of-game
    /// share-out can give seeds to both): the change of the margin seen from the mover's side.
    pub gain: i32,
}

/// The successors of a two-row position: at most one per pit of the mover's row.
pub type Successors = ArrayVec<Successor, MAX_WIDTH>;

/// The kinds as const generic parameters of the per-kind code paths (an enum cannot be one on
/// stable Rust). [`Game::play`] and [`Game::gen_moves`] match on [`TwoRow::kind`] once per call
/// and run a copy of the rules compiled for that kind alone.
const KALAH: u8 = 0;
const OWARE: u8 = 1;
const WARRI: u8 = 2;
const KALE: u8 = 3;
const KPO: u8 = 4;

/// The most holes in one lap of a sowing: kalah's 2W pits and the mover's store.
const MAX_CYCLE: usize = 2 * MAX_WIDTH + 1;

/// The hole "the mover's store" (kalah) in [`Step::last`] and [`lap_holes`].
const STORE: u8 = u8::MAX;

/// The seeds a sowing drops, on the board split into its two rows: the mover's row (lanes
/// `0..W` of the [`crate::tworow::board`] layout) and the opponent's row (lanes `W..2W`), each in lanes
/// `0..W` of a `u64`. Width ≤ 8 keeps each row in 64 bits.
#[derive(Clone, Copy, Debug, Default)]
struct Step {
    /// `0x01` in each of the mover's pits that gets a seed, less one seed in the origin for
    /// each hole: added to the mover's row (wrapping) it also empties the origin, as the
    /// seeds taken from it, `r + q * cycle` for `q` laps and `r` more holes, are all counted.
    /// The sum is exact modulo 2^64 and its true value has every lane in `0..=255`, so the
    /// borrows of the intermediate terms cancel.
    own: u64,
    /// `0x01` in each of the opponent's pits that gets a seed.
    opp: u64,
    /// The lane (`0..2W`, of the [`crate::tworow::board`] layout) of the last seed, or [`STORE`].
    last: u8,
    /// Seeds dropped in the mover's store (kalah).
    store: u8,
}

/// The sowing tables of one rules value, a function of its kind and width.
#[derive(Clone)]
struct Tables {
    /// `step[from][r]` for `r < cycle`: the first `r` holes of a lap from pit `from`, the last
    /// of them in `last`. `step[from][0].last` is the last hole of a whole lap, where the last
    /// seed of a sowing of whole laps falls.
    step: [[Step; MAX_CYCLE]; MAX_WIDTH],
    /// `lap[from]`: every hole of one lap from pit `from`.
    lap: [Step; MAX_WIDTH],
    /// Holes in one lap: 2W + 1 for kalah, 2W for kpo, 2W - 1 where the origin is skipped.
    cycle: u32,
    /// `n / cycle == (n * recip) >> 16` for every `n <= 255` (see [`reciprocal`]).
    recip: u32,
}

/// The holes of one lap from pit `from`, in sowing order: lanes of the [`crate::tworow::board`] layout,
/// and [`STORE`] for kalah's store.
fn lap_holes(kind: Kind, width: usize, from: usize) -> Vec<u8> {
    let ring = 2 * width;
    let mut holes = Vec::with_capacity(ring + 1);
    for k in 1..=ring {
        let lane = (from + k) % ring;
        match kind {
            // Kalah: the mover's ring is his W pits, his store, the opponent's W pits.
            Kind::Kalah => {
                if lane == width {
                    holes.push(STORE);
                }
                holes.push(lane as u8);
            }
            // Humpidge rule 4: "If a player, in making his move, has enough pieces to go more
            // than once round the board, he must pass over the till from where he started his
            // move, leaving it empty." Oware and Kale (Good: "he must skip the pocket from
            // which he started") likewise: the ring has 2W-1 holes for this move.
            Kind::Oware | Kind::Warri | Kind::Kale => {
                if lane != from {
                    holes.push(lane as u8);
                }
            }
            // Kpo, one lap, no skip: a lap of 2W or more drops a seed in the origin.
            Kind::Kpo => holes.push(lane as u8),
        }
    }
    holes
}

/// The seeds dropped in `holes` by a sowing from pit `from`, and the last of them. `own` also
/// takes the seeds out of the origin, one for each hole (wrapping: see [`Step::own`]).
fn step_of(width: usize, from: usize, holes: &[u8], last: u8) -> Step {
    let mut s = Step {
        own: 0u64.wrapping_sub((holes.len() as u64) << (8 * from)),
        last,
        ..Step::default()
    };
    for &h in holes {
        let h = h as usize;
        if h == STORE as usize {
            s.store += 1;
        } else if h < width {
            s.own = s.own.wrapping_add(1 << (8 * h));
        } else {
            s.opp += 1 << (8 * (h - width));
        }
    }
    s
}

/// A multiplier `m` with `n / d == (n * m) >> 16` for `n <= 255` and `1 <= d <= MAX_CYCLE`.
///
/// With `m = floor(2^16 / d) + 1 = 2^16 / d + e`, `0 < e <= 1`: `n * m / 2^16 = n / d + n e /
/// 2^16`, and `n e / 2^16 <= 255 / 2^16 < 1 / d`, which is the least distance from `n / d` up
/// to the next integer, so the floor is `n / d` (checked for every case by a test).
const fn reciprocal(d: u32) -> u32 {
    (1 << 16) / d + 1
}

/// What a sowing did: the rows after it and where its last seed fell.
#[derive(Clone, Copy, Debug)]
struct Sown {
    /// The mover's row.
    own: u64,
    /// The opponent's row.
    opp: u64,
    /// Lane of the last seed (`0..2W`), or [`STORE`].
    last: usize,
    /// Seeds sown into the mover's store (kalah).
    store: u32,
    /// Seeds the origin held.
    n: u32,
}

/// A move's effect from the mover's point of view, before the side to move changes.
#[derive(Clone, Copy, Debug)]
struct Played {
    /// The mover's row.
    own: u64,
    /// The opponent's row.
    opp: u64,
    /// Seeds the mover won with this move (stores included).
    gain: u32,
    /// The same player moves again (kalah).
    again: bool,
}

/// The rules of one two-row variant at one size, with its options.
///
/// Equality, hashing and `Debug` see the kind, size and options only: the other fields are
/// derived from them in [`TwoRow::new`].
///
/// # Example
///
/// ```
/// use mancala_solver::{Game, Kind, Notation, Side, TwoRow};
///
/// let kalah = TwoRow::standard(Kind::Kalah);
/// let start = kalah.start();
/// // Pit 3's four seeds go to pits 4, 5 and 6 and the store: South moves again.
/// let next = kalah.play(&start, kalah.parse_move(&start, "3")?);
/// assert_eq!(kalah.to_move(&next), Side::South);
/// assert_eq!(kalah.captured(&next), [1, 0]);
/// assert_eq!(kalah.legal_moves(&next).len(), 5);
/// // An empty pit is no move.
/// assert!(kalah.parse_move(&next, "3").is_err());
/// # Ok::<(), mancala_solver::MoveError>(())
/// ```
#[derive(Clone)]
pub struct TwoRow {
    kind: Kind,
    width: usize,
    seeds: u8,
    opts: Options,
    /// `2^(8W)`: multiplying a row by it moves it to lanes `W..2W` of the board word.
    up: u128,
    /// `2^(64 - 8W)`: see [`TwoRow::split`].
    down: u64,
    /// Bytes of the lanes `0..W` of a row.
    row: u64,
    /// `W - i` in lane `i < W`: the seeds pit `i` needs to reach the opponent's row.
    reach: u64,
    /// The sowing tables.
    t: Tables,
}

impl TwoRow {
    /// What defines the rules: the fields the others are derived from.
    fn defining(&self) -> (Kind, usize, u8, Options) {
        (self.kind, self.width, self.seeds, self.opts)
    }
}

impl PartialEq for TwoRow {
    fn eq(&self, other: &TwoRow) -> bool {
        self.defining() == other.defining()
    }
}

impl Eq for TwoRow {}

impl std::hash::Hash for TwoRow {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.defining().hash(state)
    }
}

impl std::fmt::Debug for TwoRow {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TwoRow")
            .field("kind", &self.kind)
            .field("width", &self.width)
            .field("seeds", &self.seeds)
            .field("opts", &self.opts)
            .finish_non_exhaustive()
    }
}

/// The most seeds a side may ever have captured (or hold in his store): far above any board's
/// total, low enough that no sum of captures can overflow a `u32`.
///
/// [`TwoRow::position`] (and so position text) accepts a position only when each side's
/// captured seeds plus every seed on the board stay within this limit: no move puts more seeds
/// on the board, so every position reached from an accepted one is accepted too (its text
/// parses back).
pub const MAX_CAPTURED: u32 = 1 << 24;

/// The move type of the two-row variants: the mover's pit index `0..W` (pit name minus one).
pub type Pit = u8;

/// `MOVE_LISTS[m]`: the pits whose bits are set in `m`, in increasing order, then zeros; and
/// how many there are.
static MOVE_LISTS: [([Pit; MAX_WIDTH], u8); 1 << MAX_WIDTH] = {
    let mut lists = [([0; MAX_WIDTH], 0); 1 << MAX_WIDTH];
    let mut m = 0;
    while m < lists.len() {
        let mut i = 0;
        while i < MAX_WIDTH {
            if m >> i & 1 == 1 {
                lists[m].0[lists[m].1 as usize] = i as Pit;
                lists[m].1 += 1;
            }
            i += 1;
        }
        m += 1;
    }
    lists
};

/// Fills `moves` with the pits whose bits are set in `legal` (bits `0..MAX_WIDTH`), in
/// increasing order.
#[inline(always)]
fn set_moves(moves: &mut ArrayVec<Pit, MAX_WIDTH>, legal: u32) {
    let (list, len) = MOVE_LISTS[legal as u8 as usize];
    *moves = ArrayVec::from(list);
    moves.truncate(len as usize);
}

impl TwoRow {
    /// The rules of `kind` on a board of `width` pits a side with `seeds` seeds a pit.
    pub fn new(kind: Kind, width: usize, seeds: u32, opts: Options) -> Result<TwoRow, ConfigError> {
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
        let mut t = Tables {
            step: [[Step::default(); MAX_CYCLE]; MAX_WIDTH],
            lap: [Step::default(); MAX_WIDTH],
            cycle: 0,
            recip: 0,
        };
        for from in 0..width {
            let holes = lap_holes(kind, width, from);
            let cycle = holes.len();
            t.cycle = cycle as u32;
            t.lap[from] = step_of(width, from, &holes, holes[cycle - 1]);
            for r in 0..cycle {
                let last = if r == 0 { cycle - 1 } else { r - 1 };
                t.step[from][r] = step_of(width, from, &holes[..r], holes[last]);
            }
        }
        t.recip = reciprocal(t.cycle);
        let row = lane_bytes(width) as u64;
        Ok(TwoRow {
            kind,
            width,
            seeds: seeds as u8,
            opts,
            up: 1 << (8 * width),
            down: 1 << (64 - 8 * width),
            row,
            reach: (0..width).map(|i| ((width - i) as u64) << (8 * i)).sum(),
            t,
        })
    }

    /// The default rules of `kind`: width 6, 4 seeds.
    pub fn standard(kind: Kind) -> TwoRow {
        TwoRow::new(kind, 6, 4, Options::default()).expect("standard size is valid")
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
    pub fn options(&self) -> Options {
        self.opts
    }

    /// Builds a position from absolute rows: `south[i]` is South's pit `i+1`, `north[i]` is
    /// North's pit `i+1` (from North's left), `captured` is `[South, North]`. Each side's
    /// captured seeds plus the seeds on the board must be at most [`MAX_CAPTURED`].
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
        let key = if self.kind.has_stores() {
            "stores"
        } else {
            "captured"
        };
        for (name, c) in [("South", captured[0]), ("North", captured[1])] {
            // In u64: neither term can make the sum wrap.
            if c as u64 + total > MAX_CAPTURED as u64 {
                problems.push(format!(
                    "field {key}={},{}: {name}'s {c} plus the {total} seeds on the board could \
                     reach {}, at most {MAX_CAPTURED} fit",
                    captured[0],
                    captured[1],
                    c as u64 + total
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

    /// The two rows of a board, `(mover's, opponent's)`, each in lanes `0..W` of a `u64`.
    ///
    /// The opponent's row is `p >> 8W` truncated to 64 bits, computed with multiplications
    /// (a variable shift of a `u128` compiles to a shift pair and conditional moves): with
    /// `p = hi * 2^64 + lo` and `down = 2^(64 - 8W)`, `(p >> 8W) mod 2^64` is the high half of
    /// `lo * down` plus `hi * down mod 2^64`.
    #[inline(always)]
    fn split(&self, p: Pits) -> (u64, u64) {
        let lo = p.0 as u64;
        let hi = (p.0 >> 64) as u64;
        let opp = ((lo as u128 * self.down as u128) >> 64) as u64 + hi.wrapping_mul(self.down);
        (lo & self.row, opp)
    }

    /// The board with row `low` in lanes `0..W` and row `high` in lanes `W..2W` (shifted up
    /// by a multiplication, as in [`TwoRow::split`]).
    #[inline(always)]
    fn join(&self, low: u64, high: u64) -> Pits {
        Pits(low as u128 | (high as u128 * self.up))
    }

    /// Sows the seeds of pit `from` of the mover's row `own`, the opponent's row being `opp`:
    /// a partial lap from [`Tables::step`] and whole laps from [`Tables::lap`] (where each
    /// variant's ring and its origin skip are built in, see [`lap_holes`]). No lane carries
    /// into the next: the board never holds more than 255 seeds.
    #[inline(always)]
    fn sow<const K: u8>(&self, own: u64, opp: u64, from: usize) -> Sown {
        let n = (own >> (8 * from)) as u8 as u32;
        let cycle = self.t.cycle;
        let (q, r) = if n < cycle {
            (0, n)
        } else {
            let q = (n * self.t.recip) >> 16;
            (q, n - q * cycle)
        };
        let s = &self.t.step[from][r as usize];
        let mut sown = Sown {
            own: own.wrapping_add(s.own),
            opp: opp + s.opp,
            last: s.last as usize,
            store: s.store as u32,
            n,
        };
        if q > 0 {
            // Whole laps: `q` seeds in each hole of the lap; the last seed of the sowing falls
            // on the last hole of the partial lap, or of the lap when there is none (r == 0).
            let lap = &self.t.lap[from];
            sown.own = sown.own.wrapping_add(lap.own.wrapping_mul(q as u64));
            sown.opp += lap.opp * q as u64;
            if K == KALAH {
                sown.store += lap.store as u32 * q;
            }
        }
        sown
    }

    /// Sows and captures: the move's effect before any end-of-game share-out and before the
    /// turn passes.
    #[inline(always)]
    fn sow_and_capture<const K: u8>(&self, own: u64, opp: u64, from: usize) -> Played {
        let w = self.width;
        let s = self.sow::<K>(own, opp, from);
        let last = s.last;
        let mut p = Played {
            own: s.own,
            opp: s.opp,
            gain: s.store,
            again: false,
        };
        if K == OWARE || K == WARRI {
            // Humpidge: "A player 'takes' by finishing his move on his opponent's side of
            // the board in a till in which there are already either one or two pieces which
            // become, by his move, either two or three." and "He can also take ... any twos
            // or threes consecutively behind the finishing till".
            if last >= w {
                let top = last - w;
                let c = (p.opp >> (8 * top)) as u8;
                if c == 2 || c == 3 {
                    // The chain: the pits from the last one back, on the opponent's side,
                    // while each holds 2 or 3 (`b & !1 == 2`), or under warri's chain=uniform
                    // the same count as the last.
                    let flags = if K == WARRI && self.opts.chain_uniform {
                        lanes_equal(p.opp, c)
                    } else {
                        lanes_equal(p.opp & !ONES64, 2)
                    };
                    let chain = run_ending_at(flags, top);
                    let rest = p.opp & !chain;
                    // Oware's grand slam takes every opposing seed. By default (docs/RULES.md: "a
                    // move that would capture every seed the opponent has (a grand slam) is
                    // not legal") the capture is made, which leaves the opponent no seed and
                    // so marks the move illegal; under grandslam=forfeit it captures nothing.
                    let grand_slam = K == OWARE && rest == 0;
                    if !grand_slam || !self.opts.grandslam_forfeit {
                        p.gain += byte_sum(p.opp & chain);
                        p.opp = rest;
                    }
                }
            }
        }
        if K == KALE {
            // Good: "until one manages to make his last counter fall in a pocket on his
            // opponent's side, where there were only one or two counters."
            if last >= w {
                let top = last - w;
                let before = (opp >> (8 * top)) as u8;
                let single_from_right = from == w - 1 && s.n == 1;
                if (before == 1 || before == 2) && !single_from_right {
                    // chain=on: also the pits before it, back to the first that held 0 or 3+
                    // before the move (or the opponent's first pit).
                    let taken = if self.opts.kale_chain {
                        run_ending_at(lanes_equal(opp, 1) | lanes_equal(opp, 2), top)
                    } else {
                        0xFF << (8 * top)
                    };
                    p.gain += byte_sum(p.opp & taken);
                    p.opp &= !taken;
                }
            }
        }
        if K == KPO {
            // Culin: "He wins when the number in the last hole is increased to two or to
            // three. He does not take those in the hole opposite."
            let (row, sh) = if last < w {
                (&mut p.own, 8 * last)
            } else {
                (&mut p.opp, 8 * (last - w))
            };
            let c = (*row >> sh) as u8;
            if c == 2 || c == 3 {
                p.gain += c as u32;
                *row &= !(0xFF << sh);
            }
        }
        if K == KALAH {
            // Last seed in an own pit that was empty: it and the opposite pit's seeds go
            // to the store (capture=empty: even when the opposite pit is empty).
            // (`last` is never below `w` when it is the store.)
            if last < w && (p.own >> (8 * last)) as u8 == 1 {
                let opposite = 8 * (w - 1 - last);
                let o = (p.opp >> opposite) as u8;
                if !self.opts.capture_nonempty || o > 0 {
                    p.gain += 1 + o as u32;
                    p.own &= !(0xFF << (8 * last));
                    p.opp &= !(0xFF << opposite);
                }
            }
            p.again = last == STORE as usize;
        }
        p
    }

    /// The legal moves of `pos` as a mask: bit `i` for the mover's pit `i` (from his left).
    #[inline(always)]
    fn legal_mask(&self, pos: &TwoRowPos) -> u32 {
        let (own, opp) = self.split(pos.pits);
        match self.kind {
            Kind::Kalah => self.legal::<KALAH>(own, opp),
            Kind::Oware => self.legal::<OWARE>(own, opp),
            Kind::Warri => self.legal::<WARRI>(own, opp),
            Kind::Kale => self.legal::<KALE>(own, opp),
            Kind::Kpo => self.legal::<KPO>(own, opp),
        }
    }

    /// The legal moves of a position whose rows are `own` and `opp`: bit `i` for pit `i`.
    #[inline(always)]
    fn legal<const K: u8>(&self, own: u64, opp: u64) -> u32 {
        let nonempty = lane_flags(nonzero_lanes(own));
        match K {
            // Kalah: the game is over once either side is empty.
            KALAH => {
                if opp == 0 {
                    0
                } else {
                    nonempty
                }
            }
            KALE | KPO => nonempty,
            // Humpidge rule 6: "The game is finished when there are four or fewer pieces on
            // the board": a state rule, whatever led to the position.
            WARRI if byte_sum(own + opp) <= 4 => 0,
            // Oware: "A move is legal only if the opponent has a seed after it."
            // Humpidge rule 5: "A player must keep his opponent provided with a piece with
            // which to play." When no move feeds, warri's game ends (no legal move).
            _ if K == OWARE && self.opts.grandslam_forfeit => {
                // Under grandslam=forfeit no move needs to be played out:
                // - When the opponent has a seed, every move leaves him one. Sowing takes
                //   seeds only from the origin, on the mover's side, so his row keeps its
                //   seeds; then a capture either leaves him one or would take them all, a
                //   grand slam, which captures nothing.
                // - When he has none, a move leaves him one exactly when its seeds reach his
                //   row, when pit `i` holds at least `W - i`: the first `W - i` holes after
                //   pit `i` are the mover's pits `i+1..W` and then the opponent's first pit
                //   (a lap skips only the origin). A capture can not empty his row again: it
                //   would take every seed on it, a grand slam.
                if opp != 0 {
                    nonempty
                } else {
                    // Lane `i` of `own` is at least `reach` lane `i` (1..=8): for a byte
                    // `b < 128`, `(b | 0x80) - t` keeps its top bit exactly when `b >= t`,
                    // and never borrows from the next lane; a byte of 128 or more has it.
                    let ge = (((own & !HIGH64) | HIGH64) - self.reach) | own;
                    nonempty & lane_flags(ge & HIGH64)
                }
            }
            // Warri, and oware under its default grandslam=illegal.
            _ => {
                // When the opponent has a pit of 4 or more, every move leaves him a seed:
                // sowing takes no seed from his row (the origin is the mover's) and a capture
                // takes only pits that hold 2 or 3 after the sowing, so that pit keeps its
                // seeds. Otherwise play each move out.
                if opp & !(ONES64 * 3) != 0 {
                    nonempty
                } else {
                    self.feeding::<K>(own, opp, nonempty)
                }
            }
        }
    }

    /// The moves among `candidates` (bit `i` for pit `i`, each pit non-empty) that leave the
    /// opponent a seed, found by playing each out.
    #[inline(never)]
    fn feeding<const K: u8>(&self, own: u64, opp: u64, candidates: u32) -> u32 {
        let mut feeding = 0;
        let mut rest = candidates;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if self.sow_and_capture::<K>(own, opp, i).opp != 0 {
                feeding |= 1 << i;
            }
        }
        feeding
    }

    /// [`Game::play`] for kind `K` (a function of its own, so that each kind's path is
    /// register-allocated alone).
    #[inline(never)]
    fn play_as<const K: u8>(&self, pos: &TwoRowPos, from: usize) -> TwoRowPos {
        let (own, opp) = self.split(pos.pits);
        let r = self.sow_and_capture::<K>(own, opp, from);
        self.finish::<K>(pos, r).0
    }

    /// The end of a move of `pos` whose sowing and capture gave `r`: the end-of-game
    /// share-outs, and the turn passing unless the mover moves again. Returns the new
    /// position and the seeds the move won for the mover minus those it won for the opponent.
    #[inline(always)]
    fn finish<const K: u8>(&self, pos: &TwoRowPos, r: Played) -> (TwoRowPos, i32) {
        let (mut own, mut opp) = (r.own, r.opp);
        // Seeds won by the move: [mover, opponent].
        let mut won = [r.gain, 0];
        let mut again = r.again;
        // (Lane-wise `own + opp` does not carry: the board holds at most 255 seeds.)
        //
        // Humpidge rule 6: "The game is finished when there are four or fewer pieces on
        // the board, the pieces which remain becoming the property of the player on whose
        // side of the board they are on."
        if K == WARRI && byte_sum(own + opp) <= 4 {
            won[0] += byte_sum(own);
            won[1] += byte_sum(opp);
            own = 0;
            opp = 0;
        }
        // Kalah: after any move that leaves either side empty, the other player takes all
        // remaining seeds and the game ends.
        // The extra move is granted only while the game goes on.
        if K == KALAH && (own == 0 || opp == 0) {
            won[0] += byte_sum(own);
            won[1] += byte_sum(opp);
            own = 0;
            opp = 0;
            again = false;
        }
        let cap = [pos.captured[0] + won[0], pos.captured[1] + won[1]];
        let child = if again {
            TwoRowPos {
                pits: self.join(own, opp),
                captured: cap,
                to_move: pos.to_move,
            }
        } else {
            TwoRowPos {
                pits: self.join(opp, own),
                captured: [cap[1], cap[0]],
                to_move: pos.to_move.opponent(),
            }
        };
        (child, won[0] as i32 - won[1] as i32)
    }

    /// Every legal move of `pos` with the position it leads to and what it wins, in the
    /// order of [`Game::gen_moves`], sowing each move once (`out` is cleared first). The same
    /// as [`Game::gen_moves`] followed by [`Game::play`] of each move, which tests check.
    pub fn successors(&self, pos: &TwoRowPos, out: &mut Successors) {
        match self.kind {
            Kind::Kalah => self.successors_as::<KALAH>(pos, out),
            Kind::Oware => self.successors_as::<OWARE>(pos, out),
            Kind::Warri => self.successors_as::<WARRI>(pos, out),
            Kind::Kale => self.successors_as::<KALE>(pos, out),
            Kind::Kpo => self.successors_as::<KPO>(pos, out),
        }
    }

    /// [`TwoRow::successors`] for kind `K`.
    #[inline(never)]
    fn successors_as<const K: u8>(&self, pos: &TwoRowPos, out: &mut Successors) {
        out.clear();
        let (own, opp) = self.split(pos.pits);
        let nonempty = lane_flags(nonzero_lanes(own));
        // Kalah: the game is over once either side is empty; warri once four or fewer seeds
        // are on the board (as in `legal`).
        let over = (K == KALAH && opp == 0) || (K == WARRI && byte_sum(own + opp) <= 4);
        let mut rest = if over { 0 } else { nonempty };
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let r = self.sow_and_capture::<K>(own, opp, i);
            // Oware and warri: a move is legal only if it leaves the opponent a seed (the
            // definition that `legal`'s shortcuts are tested against).
            if (K == OWARE || K == WARRI) && r.opp == 0 {
                continue;
            }
            let (child, gain) = self.finish::<K>(pos, r);
            out.push(Successor {
                mv: i as Pit,
                child,
                gain,
            });
        }
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
        set_moves(moves, self.legal_mask(pos));
    }

    fn mobility(&self, pos: &TwoRowPos) -> u32 {
        self.legal_mask(pos).count_ones()
    }

    /// Kalah alone gives another turn: when the last seed falls in the mover's store, that is
    /// when pit `i` (from his left) holds `W - i` seeds plus whole laps of `2W + 1` holes (his
    /// pits, his store, the opponent's pits; the origin is not skipped); unless the move
    /// empties his row and so ends the game (a last pit's single seed, no other seed on his
    /// side).
    fn extra_turns(&self, pos: &TwoRowPos) -> u32 {
        if self.kind != Kind::Kalah {
            return 0;
        }
        let (own, opp) = self.split(pos.pits);
        if own == 0 || opp == 0 {
            return 0;
        }
        let w = self.width as u32;
        let cycle = 2 * w + 1;
        // All lanes at once: the pits holding exactly `W - i` (the lanes of `own ^ reach`
        // that are zero, found without carries between lanes)...
        const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
        const HIGH: u64 = 0x8080_8080_8080_8080;
        let x = own ^ self.reach;
        let zero = !(((x & LOW7) + LOW7) | x | LOW7);
        let mut again = (zero & self.row).count_ones();
        // ... and, one by one, those holding more than a lap (`(n | 0x80) - (cycle + 1)` keeps
        // bit 7 just when `n > cycle`, for `n < 128`; larger `n` have bit 7 already).
        let laps = 0x0101_0101_0101_0101 * (cycle as u64 + 1);
        let mut big = (((own | HIGH) - laps) | own) & HIGH & self.row;
        while big != 0 {
            let i = big.trailing_zeros() / 8;
            big &= big - 1;
            let n = (own >> (8 * i)) as u8 as u32;
            again += (n % cycle == w - i) as u32;
        }
        let ends = own == 1 << (8 * (w - 1));
        again - ends as u32
    }

    fn play(&self, pos: &TwoRowPos, mv: Pit) -> TwoRowPos {
        let from = mv as usize;
        debug_assert!(
            from < self.width && pos.pits.get(from) > 0,
            "play of an illegal move"
        );
        match self.kind {
            Kind::Kalah => self.play_as::<KALAH>(pos, from),
            Kind::Oware => self.play_as::<OWARE>(pos, from),
            Kind::Warri => self.play_as::<WARRI>(pos, from),
            Kind::Kale => self.play_as::<KALE>(pos, from),
            Kind::Kpo => self.play_as::<KPO>(pos, from),
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
        let (own_row, opp_row) = self.split(pos.pits);
        let c = pos.captured;
        let own = byte_sum(own_row);
        let opp = byte_sum(opp_row);
        let each_own = [c[0] + own, c[1] + opp];
        match self.kind {
            Kind::Kalah => (own == 0 || opp == 0).then_some(each_own),
            // docs/RULES.md, oware: "if the mover has no seed, the game ends and the opponent
            // takes the seeds left on the board; if the mover has seeds but no legal move,
            // the game ends and the mover takes all the seeds left on the board."
            Kind::Oware => {
                if own == 0 {
                    Some(each_own)
                } else if self.legal::<OWARE>(own_row, opp_row) == 0 {
                    Some([c[0] + own + opp, c[1]])
                } else {
                    None
                }
            }
            Kind::Warri => {
                let takes_all = !self.opts.starved_owner;
                if own + opp <= 4 {
                    // Humpidge rule 6: "The game is finished when there are four or fewer
                    // pieces on the board, the pieces which remain becoming the property of
                    // the player on whose side of the board they are on."
                    Some(each_own)
                } else if own == 0 {
                    // Humpidge rule 5: "If either player is unable to play because there are
                    // no pieces on his side of the board, he takes all the remaining pieces".
                    Some(if takes_all {
                        [c[0] + own + opp, c[1]]
                    } else {
                        each_own
                    })
                } else if self.legal::<WARRI>(own_row, opp_row) == 0 {
                    // No move leaves the opponent a seed: he has, or would be left with, no
                    // piece; he is the player unable to play (docs/DECISIONS-TWO-ROW.md).
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

    /// The key is the board word, one byte lane a pit; no pit ever holds more seeds than the
    /// board holds at `root` (sowing moves seeds, captures take them off the board, and none
    /// come back).
    fn key_packing(&self, root: &TwoRowPos) -> Option<crate::keys::Packing> {
        Some(crate::keys::Packing::new(
            2 * self.width as u32,
            self.future_bound(root) as u32,
        ))
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
        let (own, opp) = self.split(pos.pits);
        // Lane-wise `own + opp` does not carry: the board holds at most 255 seeds.
        byte_sum(own + opp) as i32
    }

    // Kalah: a move that puts no seed in a store stays on the mover's side and moves seeds
    // strictly nearer his store, so (seeds in stores, -distance of seeds to stores) rises.
    fn acyclic(&self) -> bool {
        self.kind == Kind::Kalah
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `extra_turns` counts the moves that give another turn, for every width and every count
    /// of one pit (laps of `2W + 1` and counts of 128 and more included), beside a second pit
    /// of the mover's and with seeds on the opponent's side.
    #[test]
    fn extra_turns_counts_every_pit_count() {
        for w in 1..=MAX_WIDTH {
            let g = TwoRow::new(Kind::Kalah, w, 1, Options::default()).unwrap();
            for i in 0..w {
                for other in [0, 1, 2, w as u32 + 1] {
                    for n in 1..=250u32 {
                        let mut south = vec![0; w];
                        south[i] = n;
                        let j = (i + 1) % w;
                        if j != i {
                            south[j] = other;
                        }
                        let mut north = vec![0; w];
                        north[0] = 1;
                        let Ok(p) = g.position(&south, &north, [0, 0], Side::South) else {
                            continue;
                        };
                        let again = g
                            .legal_moves(&p)
                            .iter()
                            .filter(|&&m| g.to_move(&g.play(&p, m)) == Side::South)
                            .count() as u32;
                        assert_eq!(g.extra_turns(&p), again, "width {w} pit {i} count {n}");
                    }
                }
            }
        }
    }

    #[test]
    fn from_relative_is_the_checked_position() {
        let g = TwoRow::standard(Kind::Oware);
        let counts = [3u32, 0, 7, 1, 0, 2, 5, 0, 0, 9, 4, 1];
        let pits = Pits::from_slice(&counts.map(|c| c as u8));
        let checked = g.position(&counts[..6], &counts[6..], [0, 0], Side::South);
        assert_eq!(Ok(TwoRowPos::from_relative(pits)), checked);
    }

    #[test]
    fn reciprocal_divides() {
        for d in 1..=MAX_CYCLE as u32 {
            let m = reciprocal(d);
            for n in 0..=255u32 {
                assert_eq!((n * m) >> 16, n / d, "{n} / {d}");
            }
        }
    }

    /// The tables against a seed-by-seed walk of the ring.
    #[test]
    fn tables_match_a_walk() {
        for kind in Kind::ALL {
            for width in 1..=MAX_WIDTH {
                let g = TwoRow::new(kind, width, 1, Options::default()).unwrap();
                let ring = 2 * width;
                for from in 0..width {
                    for n in 1..=255u32 {
                        // Walk: the hole after `h`, kalah's store after the mover's pit W.
                        let mut counts = vec![0u32; ring];
                        let mut store = 0;
                        let mut h = from as isize;
                        for _ in 0..n {
                            loop {
                                h = match kind {
                                    Kind::Kalah if h == width as isize - 1 => -1,
                                    Kind::Kalah if h == -1 => width as isize,
                                    _ => (h + 1) % ring as isize,
                                };
                                let skip = matches!(kind, Kind::Oware | Kind::Warri | Kind::Kale)
                                    && h == from as isize;
                                if !skip {
                                    break;
                                }
                            }
                            if h == -1 {
                                store += 1;
                            } else {
                                counts[h as usize] += 1;
                            }
                        }
                        let cycle = g.t.cycle;
                        let (q, r) = (n / cycle, n % cycle);
                        let st = g.t.step[from][r as usize];
                        let lap = g.t.lap[from];
                        let own = ((n as u64) << (8 * from))
                            .wrapping_add(st.own)
                            .wrapping_add(lap.own.wrapping_mul(q as u64));
                        let opp = st.opp + q as u64 * lap.opp;
                        let row = |lanes: &[u32]| -> u64 {
                            lanes.iter().rev().fold(0, |acc, &c| acc << 8 | c as u64)
                        };
                        let at = format!("{kind:?} w={width} from={from} n={n}");
                        assert_eq!(own, row(&counts[..width]), "{at}");
                        assert_eq!(opp, row(&counts[width..]), "{at}");
                        assert_eq!(st.store as u32 + q * lap.store as u32, store, "{at}");
                        let last = if h == -1 { STORE } else { h as u8 };
                        assert_eq!(st.last, last, "{at}");
                    }
                }
            }
        }
    }

    /// The shortcuts of [`TwoRow::legal`] (oware, warri) against playing every move out.
    #[test]
    fn feeding_shortcuts_match_playing_out() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        let mut rand = move |n: u64| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x % n
        };
        let options = [
            (Kind::Oware, Options::default()),
            (
                Kind::Oware,
                Options {
                    grandslam_forfeit: true,
                    ..Options::default()
                },
            ),
            (Kind::Warri, Options::default()),
            (
                Kind::Warri,
                Options {
                    chain_uniform: true,
                    ..Options::default()
                },
            ),
        ];
        for (kind, opts) in options {
            // Positions where some move does not feed, with the opponent's row empty or not:
            // the shortcuts are put to the test.
            let mut starving = [0u32; 2];
            for width in 1..=MAX_WIDTH {
                let g = TwoRow::new(kind, width, 1, opts).unwrap();
                for _ in 0..20_000 {
                    // At most 255 seeds: often an empty row, often only 0..3 seeds a pit.
                    let mut left = [4, 12, 48, 255][rand(4) as usize];
                    let mut rows = [0u64; 2];
                    for row in rows.iter_mut() {
                        let most = [0, 4, 8, 40][rand(4) as usize];
                        for i in 0..width {
                            let c = rand(left + 1).min(rand(most + 1));
                            left -= c;
                            *row |= c << (8 * i);
                        }
                    }
                    let [own, opp] = rows;
                    let nonempty = lane_flags(nonzero_lanes(own));
                    let legal = match kind {
                        Kind::Oware => g.legal::<OWARE>(own, opp),
                        _ => g.legal::<WARRI>(own, opp),
                    };
                    let played_out = match kind {
                        Kind::Oware => g.feeding::<OWARE>(own, opp, nonempty),
                        // Four or fewer seeds: warri is over (Humpidge rule 6), no move.
                        _ if byte_sum(own + opp) <= 4 => 0,
                        _ => g.feeding::<WARRI>(own, opp, nonempty),
                    };
                    assert_eq!(
                        legal, played_out,
                        "{kind:?} {opts:?} w={width}: {own:x} / {opp:x}"
                    );
                    starving[(opp != 0) as usize] += (played_out != nonempty) as u32;
                }
            }
            let forfeit = kind == Kind::Oware && opts.grandslam_forfeit;
            assert!(starving[0] > 1000, "{kind:?} {opts:?}: {starving:?}");
            if forfeit {
                assert_eq!(starving[1], 0, "{kind:?} {opts:?}: {starving:?}");
            } else {
                assert!(starving[1] > 1000, "{kind:?} {opts:?}: {starving:?}");
            }
        }
    }
}
