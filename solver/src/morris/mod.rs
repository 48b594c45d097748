//! Mulabalaba, the Lozi three-in-a-row game (Chaplin 1956; docs/variants/mulabalaba-morris.md):
//! the twelve-counter morris board with diagonals, placement, removal, movement along the
//! lines, and the rule found nowhere else: a counter on an outside corner may move to any
//! empty point.
//!
//! A position is the two sides' counters as bitboards ([`board`]), the counters each still
//! holds in hand, the counters each has taken and the side to move. South enters first;
//! while the mover holds a counter he places it, and once every counter is entered a move
//! takes a counter to an adjacent empty point (from an outside corner, to any). A placement
//! or move that makes a line of three through the point played removes one opponent counter
//! from the board, of the mover's choice.
//!
//! The same board and moves, with the corner diagonals dropped, corner flights off and
//! flights with three counters on, are nine men's morris ([`Kind::NineMensMorris`]), the
//! reference variant whose value Gasser proved; [`Options`] holds every rule of the family.

pub mod board;
#[cfg(any(test, feature = "referee"))]
pub mod reference;
pub mod symmetry;
mod text;

use crate::error::ConfigError;
use crate::game::{Game, MarginGame, Outcome};
use crate::rule_options::RuleSpec;
use crate::side::Side;
use board::{adjacency, lines_through, ALL, OUTER_CORNERS, POINTS};

/// The variant id of mulabalaba.
pub const VARIANT: &str = "mulabalaba-morris";

/// The counters each player has at the start of mulabalaba unless `--counters` says
/// otherwise.
pub const DEFAULT_COUNTERS: u32 = 12;

/// The counter counts `--counters` takes (a line needs three).
pub const COUNTERS: std::ops::RangeInclusive<u32> = 3..=12;

/// No point: the `from` of a placement, the `take` of a move that removes nothing.
pub const NONE: u8 = POINTS as u8;

/// The games of the family: one board, lines and moves chosen by [`Options`]; a game is the
/// set of defaults the options start from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Kind {
    /// Mulabalaba (Chaplin 1956): the diagonals, outside corners fly, any counter removed,
    /// twelve a side.
    #[default]
    Mulabalaba,
    /// Nine men's morris as Gasser solved it, the check of the machinery on a known game:
    /// no diagonals, no corner flying, a player with three counters flies, counters in
    /// lines protected, nine a side.
    NineMensMorris,
}

impl Kind {
    /// Every game of the family.
    pub const ALL: [Kind; 2] = [Kind::Mulabalaba, Kind::NineMensMorris];

    /// The variant id.
    pub fn id(self) -> &'static str {
        match self {
            Kind::Mulabalaba => VARIANT,
            Kind::NineMensMorris => "nine-mens-morris",
        }
    }

    /// The game of variant `id`, if it is one of the family.
    pub fn from_id(id: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.id() == id)
    }

    /// Counters a side unless `--counters` says otherwise.
    pub fn default_counters(self) -> u32 {
        match self {
            Kind::Mulabalaba => DEFAULT_COUNTERS,
            Kind::NineMensMorris => 9,
        }
    }

    /// The `--rule` options, each with this game's default first.
    pub fn options(self) -> &'static [RuleSpec] {
        match self {
            Kind::Mulabalaba => OPTIONS,
            Kind::NineMensMorris => NINE_OPTIONS,
        }
    }
}

const PROTECT: &str = "a line of three gives any opponent counter (off), or none in a line of three while he has counters outside lines (on)";
const BLOCKED: &str = "once every counter is entered, a player with no legal move when he must move loses (loss) or draws (draw)";
const DIAGONALS: &str =
    "the four lines joining the corners of the squares are lines of three and ways to move (on) or not (off)";
const CORNERS: &str =
    "a counter on an outside corner moves to any empty point (fly) or to a neighbour (step)";
const FLY: &str = "once every counter is entered, a player with three counters moves any of them to any empty point (three) or not (never)";

/// A two-valued option, `first` its default.
macro_rules! rule {
    ($name:literal, $first:literal, $second:literal, $help:expr) => {
        RuleSpec {
            name: $name,
            values: &[$first, $second],
            help: $help,
        }
    };
}

/// The `--rule` options of mulabalaba (default first).
pub const OPTIONS: &[RuleSpec] = &[
    rule!("protect", "off", "on", PROTECT),
    rule!("blocked", "loss", "draw", BLOCKED),
    rule!("diagonals", "on", "off", DIAGONALS),
    rule!("corners", "fly", "step", CORNERS),
    rule!("fly", "never", "three", FLY),
];

/// The `--rule` options of nine men's morris: those of mulabalaba, its defaults first.
pub const NINE_OPTIONS: &[RuleSpec] = &[
    rule!("protect", "on", "off", PROTECT),
    rule!("blocked", "loss", "draw", BLOCKED),
    rule!("diagonals", "off", "on", DIAGONALS),
    rule!("corners", "step", "fly", CORNERS),
    rule!("fly", "three", "never", FLY),
];

/// Rule options in force, and the game whose defaults they start from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Options {
    /// The game: its variant id and defaults.
    pub kind: Kind,
    /// `protect=on`: a counter in a line of three is not removed while the opponent has
    /// counters outside lines.
    pub protect: bool,
    /// `blocked=draw`: a player who cannot move draws instead of losing.
    pub blocked_draw: bool,
    /// `diagonals=on`: the four corner diagonals are lines and ways to move.
    pub diagonals: bool,
    /// `corners=fly`: a counter on an outside corner moves to any empty point.
    pub corners_fly: bool,
    /// `fly=three`: with every counter entered, a player with three counters flies.
    pub fly_three: bool,
}

/// Mulabalaba's rules.
impl Default for Options {
    fn default() -> Options {
        Options::defaults(Kind::Mulabalaba)
    }
}

impl Options {
    /// The rules of `kind` with every option at its default.
    pub fn defaults(kind: Kind) -> Options {
        let nine = kind == Kind::NineMensMorris;
        Options {
            kind,
            protect: nine,
            blocked_draw: false,
            diagonals: !nine,
            corners_fly: !nine,
            fly_three: nine,
        }
    }

    /// Parses `name=value` options of mulabalaba ([`crate::rule_options::choose`]).
    pub fn parse(rules: &[String]) -> Result<Options, ConfigError> {
        Options::parse_for(Kind::Mulabalaba, rules)
    }

    /// Parses `name=value` options of `kind`; those not given take its defaults.
    pub fn parse_for(kind: Kind, rules: &[String]) -> Result<Options, ConfigError> {
        let specs = kind.options();
        let c = crate::rule_options::choose(specs, kind.id(), rules)?;
        let on = |name: &str, value: &str| {
            let k = specs
                .iter()
                .position(|s| s.name == name)
                .expect("an option");
            specs[k].values[c[k]] == value
        };
        Ok(Options {
            kind,
            protect: on("protect", "on"),
            blocked_draw: on("blocked", "draw"),
            diagonals: on("diagonals", "on"),
            corners_fly: on("corners", "fly"),
            fly_three: on("fly", "three"),
        })
    }

    /// The options as `name=value` strings, every option listed.
    pub fn describe(&self) -> Vec<String> {
        let value = |s: &RuleSpec, yes: bool, v: &str| {
            s.values
                .iter()
                .position(|x| (*x == v) == yes)
                .expect("a value")
        };
        crate::rule_options::describe(self.kind.options(), |s| match s.name {
            "protect" => value(s, self.protect, "on"),
            "blocked" => value(s, self.blocked_draw, "draw"),
            "diagonals" => value(s, self.diagonals, "on"),
            "corners" => value(s, self.corners_fly, "fly"),
            _ => value(s, self.fly_three, "three"),
        })
    }

    /// The options that differ from the defaults of their game, as `name=value` strings.
    pub fn changed(&self) -> Vec<String> {
        let defaults = Options::defaults(self.kind).describe();
        self.describe()
            .into_iter()
            .filter(|r| !defaults.contains(r))
            .collect()
    }
}

/// A position: each side's counters on the board, in hand and taken; the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MorrisPos {
    /// Counters on the board, South's then North's (bit `p` for point `p`).
    pub men: [u32; 2],
    /// Counters still to be entered, South's then North's.
    pub hand: [u8; 2],
    /// Opponent counters each side has removed.
    pub taken: [u8; 2],
    /// The side to move.
    pub side: Side,
}

/// A move: a placement (`from` is [`NONE`]) or a move from `from` to `to`, with the opponent
/// counter it removes (`take`, or [`NONE`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MorrisMove {
    /// The point left, or [`NONE`] for a placement.
    pub from: u8,
    /// The point played to.
    pub to: u8,
    /// The opponent counter removed, or [`NONE`].
    pub take: u8,
}

/// The rules for one counter count and rule set.
///
/// # Example
///
/// ```
/// use mancala_solver::morris::{Morris, Options};
/// use mancala_solver::{Game, Notation};
///
/// // Mulabalaba-morris with three counters a side: South enters one on any of the 24 points.
/// let game = Morris::new(3, Options::default())?;
/// let start = game.start();
/// assert_eq!(game.format_position(&start), "......../......../........ S hand=3,3 captured=0,0");
/// assert_eq!(game.legal_moves(&start).len(), 24);
/// assert_eq!(mancala_solver::perft::perft(&game, &start, 2), 552);
/// # Ok::<(), mancala_solver::ConfigError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Morris {
    counters: u32,
    options: Options,
    /// The neighbours of each point on this board.
    adj: &'static [u32; POINTS],
    /// The lines through each point on this board.
    through: &'static [[u32; 3]; POINTS],
    /// The points a counter flies from (`corners=fly`: the outside corners).
    corners: u32,
}

/// The adjacency of the board without and with diagonals.
const ADJ: [[u32; POINTS]; 2] = [adjacency(false), adjacency(true)];
/// The lines through each point on the board without and with diagonals.
const THROUGH: [[[u32; 3]; POINTS]; 2] = [lines_through(false), lines_through(true)];
/// The lines of the board without and with diagonals (the first 16 or 20 of each).
const LINES: [([u32; 20], usize); 2] = [board::lines(false), board::lines(true)];

impl Morris {
    /// The game with `counters` a side (3..=12) and `options`.
    pub fn new(counters: u32, options: Options) -> Result<Morris, ConfigError> {
        if !COUNTERS.contains(&counters) {
            return Err(ConfigError(format!(
                "invalid --counters {counters}: expected {}..={}",
                COUNTERS.start(),
                COUNTERS.end()
            )));
        }
        let d = options.diagonals as usize;
        Ok(Morris {
            counters,
            options,
            adj: &ADJ[d],
            through: &THROUGH[d],
            corners: if options.corners_fly {
                OUTER_CORNERS
            } else {
                0
            },
        })
    }

    /// Counters a side at the start.
    pub fn counters(&self) -> u32 {
        self.counters
    }

    /// The rule options.
    pub fn options(&self) -> Options {
        self.options
    }

    /// The lines of three of this board (16, or 20 with the diagonals).
    pub fn lines(&self) -> &'static [u32] {
        let (ls, n) = &LINES[self.options.diagonals as usize];
        &ls[..*n]
    }

    /// The neighbours of each point on this board.
    pub fn adjacency(&self) -> &'static [u32; POINTS] {
        self.adj
    }

    /// True when `men` holds a line of three through point `p`.
    #[inline]
    fn line_at(&self, men: u32, p: usize) -> bool {
        self.through[p].iter().any(|&l| l != 0 && men & l == l)
    }

    /// The opponent counters a line of three may remove: all of `men`, or with
    /// `protect=on` those outside lines of three while there are any.
    #[inline]
    fn removable(&self, men: u32) -> u32 {
        if !self.options.protect {
            return men;
        }
        let mut free = 0;
        let mut rest = men;
        while rest != 0 {
            let p = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if !self.line_at(men, p) {
                free |= 1 << p;
            }
        }
        if free != 0 {
            free
        } else {
            men
        }
    }

    /// True when a player with the counters `men` on the board flies every one of them
    /// (`fly=three`, three left).
    #[inline]
    fn flies(&self, men: u32) -> bool {
        self.options.fly_three && men.count_ones() == 3
    }

    /// The points a counter on `from` may move to, given the empty points and whether its
    /// side flies.
    #[inline]
    fn targets(&self, from: usize, empty: u32, flies: bool) -> u32 {
        if flies || self.corners >> from & 1 == 1 {
            empty
        } else {
            self.adj[from] & empty
        }
    }

    /// Pushes the move to `to` (from `from`) with each removal it allows.
    fn push_with_removals(
        &self,
        pos: &MorrisPos,
        from: u8,
        to: usize,
        after: u32,
        out: &mut Vec<MorrisMove>,
    ) {
        let opp = pos.men[pos.side.opponent().index()];
        let mut take = if self.line_at(after, to) {
            self.removable(opp)
        } else {
            0
        };
        if take == 0 {
            // No line, or a line with no opponent counter on the board: nothing removed.
            out.push(MorrisMove {
                from,
                to: to as u8,
                take: NONE,
            });
            return;
        }
        while take != 0 {
            let t = take.trailing_zeros();
            take &= take - 1;
            out.push(MorrisMove {
                from,
                to: to as u8,
                take: t as u8,
            });
        }
    }

    /// An upper bound on the moves of any position of this game: while entering, a point for
    /// each empty one times a removal for each opponent counter; once all are entered, each
    /// own counter to each empty point (the outside corners reach them all) times the
    /// removals, over every count of counters left (three or more a side).
    pub fn max_moves_bound(&self) -> u64 {
        let n = self.counters as u64;
        let mut most = POINTS as u64 * n;
        for m in 3..=n {
            for o in 3..=n {
                most = most.max(m * (POINTS as u64 - m - o) * o);
            }
        }
        most
    }

    /// True once every counter of both sides is entered.
    pub fn entered(pos: &MorrisPos) -> bool {
        pos.hand == [0, 0]
    }

    /// The positions from which a move *without removal* in the main game leads to `pos`
    /// (every counter entered; the opponent of `pos`'s mover made the move): for each of his
    /// counters on a point `t` not in a line of three of his (a move completing a line
    /// removes a counter whenever the other side has one), each empty point `f` it may have
    /// come from (a neighbour of `t`, or a point a counter flies from: with `corners=fly`
    /// any outside corner, and any point when his side flies with three).
    /// Nothing counts the counters taken: the positions keep `pos`'s.
    pub fn unmoves(&self, pos: &MorrisPos, out: &mut Vec<MorrisPos>) {
        out.clear();
        if !Morris::entered(pos) {
            return;
        }
        let prev = pos.side.opponent();
        let other = pos.men[pos.side.index()];
        self.for_each_unmove(pos.men[prev.index()], other, |before| {
            let mut p = *pos;
            p.men[prev.index()] = before;
            p.side = prev;
            if p.men.iter().all(|m| m.count_ones() >= 3) {
                out.push(p);
            }
        });
    }

    /// The sets `his` held before a main-game move without removal that left his counters
    /// on `his` and the other side's on `other` ([`Morris::unmoves`] without the positions:
    /// `f` gets his counters before the move, in the order `unmoves` lists them).
    #[inline]
    pub fn for_each_unmove(&self, his: u32, other: u32, mut f: impl FnMut(u32)) {
        let empty = ALL & !(his | other);
        let flies = self.flies(his);
        let other_removable = self.removable(other) != 0;
        let mut men = his;
        while men != 0 {
            let t = men.trailing_zeros() as usize;
            men &= men - 1;
            if other_removable && self.line_at(his, t) {
                continue;
            }
            let mut from = if flies {
                empty
            } else {
                (self.adj[t] | self.corners) & empty
            };
            while from != 0 {
                let p = from.trailing_zeros() as usize;
                from &= from - 1;
                f(his & !(1 << t) | 1 << p);
            }
        }
    }

    /// The main-game moves of the side with the counters `mine` against `theirs` (every
    /// counter entered): `f(after, takes)` for each move of one counter, in the order of
    /// [`Game::gen_moves`], with the mover's counters after it and the opponent counters it
    /// removes one of (0 for a move without removal). The moves of `gen_moves` without
    /// building them.
    #[inline]
    pub fn for_each_main_move(&self, mine: u32, theirs: u32, mut f: impl FnMut(u32, u32)) {
        let empty = ALL & !(mine | theirs);
        let flies = self.flies(mine);
        let mut removable = None;
        let mut rest = mine;
        while rest != 0 {
            let from = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let mut t = self.targets(from, empty, flies);
            while t != 0 {
                let to = t.trailing_zeros() as usize;
                t &= t - 1;
                let after = mine & !(1 << from) | 1 << to;
                let takes = if self.line_at(after, to) {
                    *removable.get_or_insert_with(|| self.removable(theirs))
                } else {
                    0
                };
                f(after, takes);
            }
        }
    }
}

impl Game for Morris {
    type Position = MorrisPos;
    type Move = MorrisMove;
    type Moves = Vec<MorrisMove>;

    fn start(&self) -> MorrisPos {
        MorrisPos {
            men: [0, 0],
            hand: [self.counters as u8; 2],
            taken: [0, 0],
            side: Side::South,
        }
    }

    fn to_move(&self, pos: &MorrisPos) -> Side {
        pos.side
    }

    fn gen_moves(&self, pos: &MorrisPos, out: &mut Vec<MorrisMove>) {
        out.clear();
        // Once every counter is entered, fewer than three ends the game; a blocked mover
        // simply lists no move (the outcome says what it gives).
        if Morris::entered(pos) && pos.men.iter().any(|m| m.count_ones() < 3) {
            return;
        }
        let me = pos.side.index();
        let empty = ALL & !(pos.men[0] | pos.men[1]);
        if pos.hand[me] > 0 {
            let mut e = empty;
            while e != 0 {
                let to = e.trailing_zeros() as usize;
                e &= e - 1;
                self.push_with_removals(pos, NONE, to, pos.men[me] | 1 << to, out);
            }
            return;
        }
        let flies = self.flies(pos.men[me]);
        let mut mine = pos.men[me];
        while mine != 0 {
            let from = mine.trailing_zeros() as usize;
            mine &= mine - 1;
            let mut t = self.targets(from, empty, flies);
            while t != 0 {
                let to = t.trailing_zeros() as usize;
                t &= t - 1;
                let after = pos.men[me] & !(1 << from) | 1 << to;
                self.push_with_removals(pos, from as u8, to, after, out);
            }
        }
    }

    fn play(&self, pos: &MorrisPos, mv: MorrisMove) -> MorrisPos {
        let me = pos.side.index();
        let them = 1 - me;
        let mut p = *pos;
        if mv.from == NONE {
            p.hand[me] -= 1;
        } else {
            p.men[me] &= !(1 << mv.from);
        }
        p.men[me] |= 1 << mv.to;
        if mv.take != NONE {
            p.men[them] &= !(1 << mv.take);
            p.taken[me] += 1;
        }
        p.side = pos.side.opponent();
        p
    }

    fn outcome(&self, pos: &MorrisPos) -> Option<Outcome> {
        if !Morris::entered(pos) {
            return None;
        }
        let win = |s: Side| {
            let mut score = [0, 0];
            score[s.index()] = 1;
            Some(Outcome {
                winner: Some(s),
                score,
            })
        };
        // Once every counter is entered, fewer than three loses at once, whoever moves.
        for s in [pos.side, pos.side.opponent()] {
            if pos.men[s.index()].count_ones() < 3 {
                return win(s.opponent());
            }
        }
        let me = pos.side.index();
        let empty = ALL & !(pos.men[0] | pos.men[1]);
        let flies = self.flies(pos.men[me]);
        let mut mine = pos.men[me];
        while mine != 0 {
            let from = mine.trailing_zeros() as usize;
            mine &= mine - 1;
            if self.targets(from, empty, flies) != 0 {
                return None;
            }
        }
        if self.options.blocked_draw {
            Some(Outcome {
                winner: None,
                score: [0, 0],
            })
        } else {
            win(pos.side.opponent())
        }
    }
}

/// The search's view (metric `wdl`): no margin before the end, and a final margin of +1, 0
/// or −1 for the side to move.
impl MarginGame for Morris {
    type Key = u128;

    /// The counters on the board, in hand, and the side to move (the counters taken do not
    /// change the rest of the game).
    fn key(&self, pos: &MorrisPos) -> u128 {
        pos.men[0] as u128
            | (pos.men[1] as u128) << 24
            | (pos.hand[0] as u128) << 48
            | (pos.hand[1] as u128) << 56
            | (pos.side.index() as u128) << 64
    }

    fn margin(&self, _pos: &MorrisPos) -> i32 {
        0
    }

    fn final_margin(&self, pos: &MorrisPos) -> i32 {
        match self.outcome(pos).and_then(|o| o.winner) {
            Some(w) if w == pos.side => 1,
            Some(_) => -1,
            None => 0,
        }
    }

    fn future_bound(&self, _pos: &MorrisPos) -> i32 {
        1
    }
}
