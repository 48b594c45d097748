//! The Bemba games Isolo I and Isolo II (Chaplin 1956), as docs/RULES.md reads them: games in
//! which each player sows only in his own holes, with a phase before play in which the
//! players put their seeds where they like.
//!
//! - this module: [`Isolo`] (kind, width, seeds, the size options, rule options) implementing
//!   [`Game`] and [`MarginGame`] (metric `wdl`);
//! - [`text`]: position text, move names and the drawing ([`Notation`](crate::Notation));
//! - `reference` (feature `referee`): a slow reference that follows Chaplin's numbered rules
//!   seed by seed, tested to agree, and the referee of `proof check`;
//! - [`solve`](mod@solve): exact values by the whole reachable graph.
//!
//! # Board
//!
//! A position holds one 32-byte *circuit* per player, his holes in his own sowing order. In
//! `isolo` a circuit is the player's one row, hole `1` (Chaplin's `a`) at index 0: he sows
//! from his left to his right and on from his rightmost hole to his leftmost, and his hole
//! index `i` faces the opponent's index `W - 1 - i`. In `isolo-ii` it is his two rows, laid
//! out as the four-row games lay them out ([`crate::fourrow::board`]): back row from his left,
//! then front row from his right.
//!
//! # Moves that never end
//!
//! A move is a sequence of laps. Between two captures the laps are *relays* (the last seed in
//! an occupied hole that captures nothing, lifted and sown on), and the opponent's holes do
//! not change. The relay lap is one-to-one on the states just after a lift (the argument of
//! [`crate::fourrow`]'s module docs: stepped back seed by seed, a lap that began in the middle
//! of another would begin at a hole that just received a seed, never an empty one), so a run
//! of relays that never ends comes back to the state after its first relay; that one state is
//! all the run is compared with. When no capture can stop the run (Isolo I: the opponent's row
//! is empty; Isolo II: his front row), its rules do not depend on where the circuit starts, so
//! a state equal to the first one turned round the circuit means the run never ends: found
//! after a fraction of the cycle (a 4x8 sowing whose cycle takes 0.16 s to go round is found in
//! 8 ms). A capture takes seeds from the opponent, who gains none during the move, so a move
//! makes finitely many captures and every move that never ends is found.

#[cfg(any(test, feature = "referee"))]
pub mod reference;
pub mod solve;
mod text;

use crate::error::ConfigError;
use crate::fourrow::board::{back_index, column, front_index, is_front, opp_back, opp_front};
use crate::game::{Game, MarginGame, MoveList, Outcome};
use crate::rule_options::RuleSpec;
use crate::side::Side;

/// The two Isolo games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Isolo I: one row each, the fore-play, the kucheleka, the main game.
    IsoloI,
    /// Isolo II: two rows each, a free arrangement by each player, then play.
    IsoloII,
}

impl Kind {
    /// The variant id.
    pub const fn id(self) -> &'static str {
        match self {
            Kind::IsoloI => "isolo",
            Kind::IsoloII => "isolo-ii",
        }
    }

    /// Holes a row in the standard game.
    pub const fn default_width(self) -> usize {
        8
    }

    /// The narrowest board: Isolo I needs the holes `A`, `B`, `G` and `H` of rules 3 and 4 to
    /// be three at least.
    pub const fn min_width(self) -> usize {
        match self {
            Kind::IsoloI => 3,
            Kind::IsoloII => 2,
        }
    }

    /// Seeds a hole at the start.
    pub const fn default_seeds(self) -> u32 {
        2
    }

    /// The `--rule` options (default first).
    pub fn options(self) -> &'static [RuleSpec] {
        match self {
            Kind::IsoloI => &[RuleSpec {
                name: "main-first",
                values: &["loser", "winner"],
                help: "the loser of the fore-play moves first in the main game (loser) or its winner (winner)",
            }],
            Kind::IsoloII => &[],
        }
    }

    /// The names of the phases, in the order of [`Phase`].
    pub const fn phase_names(self) -> [&'static str; 3] {
        match self {
            Kind::IsoloI => ["fore", "set", "main"],
            Kind::IsoloII => ["", "setup", "play"],
        }
    }
}

/// The phase of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Phase {
    /// Isolo I's fore-play (`phase=fore`).
    Fore,
    /// An arrangement is to be made: Isolo I's kucheleka (`phase=set`), Isolo II's setup
    /// (`phase=setup`).
    Arrange,
    /// Play: Isolo I's main game (`phase=main`), Isolo II's play (`phase=play`).
    Play,
}

/// The names `--phase` takes (each game starts in two of them).
pub const PHASE_NAMES: [&str; 4] = ["fore", "main", "setup", "play"];

/// Bytes per circuit.
pub const CIRCUIT: usize = 32;
/// The widest board (holes a row).
pub const MAX_WIDTH: usize = 16;
/// The most seeds on the board.
pub const MAX_BOARD: u32 = 255;
/// A store with no end ([`IsoloPos::store`]).
pub const UNLIMITED: u32 = u32::MAX;
/// The largest finite store.
pub const MAX_STORE: u32 = 65_535;
/// The most arrangements `moves` and `perft` list at one position.
pub const LIST_LIMIT: u128 = 10_000_000;

/// A position of either game. Fields a phase does not use stay zero.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct IsoloPos {
    /// Each player's circuit (index by [`Side::index`]).
    pub rows: [[u8; CIRCUIT]; 2],
    /// The side to move.
    pub side: Side,
    /// The phase.
    pub phase: Phase,
    /// Isolo I's fore-play: the store seeds each player may still take ([`UNLIMITED`] for
    /// no end); zero in the other phases.
    pub store: [u32; 2],
}

/// A move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IsoloMove {
    /// Sow from the mover's hole (circuit index); in the fore-play, after adding the store
    /// seed to it.
    Hole(u8),
    /// An arrangement of the mover's holes, in the order the move name lists them (Isolo I:
    /// his row from his left; Isolo II: back row from his left, then front row from his left).
    Set([u8; CIRCUIT]),
}

/// Rule options (`--rule name=value`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Hash)]
pub struct Options {
    /// Isolo I `main-first=winner`: the winner of the fore-play begins the main game.
    pub main_first_winner: bool,
}

impl Options {
    /// Parses `name=value` options for `kind`.
    pub fn parse(kind: Kind, rules: &[String]) -> Result<Options, ConfigError> {
        let chosen = crate::rule_options::choose(kind.options(), kind.id(), rules)?;
        Ok(Options {
            main_first_winner: chosen.first() == Some(&1),
        })
    }

    /// The options as `name=value` strings (every option of `kind`).
    pub fn describe(&self, kind: Kind) -> Vec<String> {
        crate::rule_options::describe(kind.options(), |_| self.main_first_winner as usize)
    }
}

/// The sizes and phase options of the command line (`--store`, `--max-hole`, `--phase`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setup {
    /// Isolo I: store seeds a player at the start of the fore-play ([`UNLIMITED`]).
    pub store: u32,
    /// Isolo II: the most seeds an arrangement puts in one hole.
    pub max_hole: u32,
    /// The phase the game starts in.
    pub phase: Phase,
}

impl Setup {
    /// The standard game's: an unlimited store, at most 12 a hole, starting at the beginning.
    pub fn standard(kind: Kind) -> Setup {
        Setup {
            store: UNLIMITED,
            max_hole: 12,
            phase: match kind {
                Kind::IsoloI => Phase::Fore,
                Kind::IsoloII => Phase::Arrange,
            },
        }
    }
}

/// The rules of one Isolo game at one size.
///
/// # Example
///
/// ```
/// use mancala_solver::isolo::{Isolo, Kind, Options, Setup};
/// use mancala_solver::{Game, Notation};
///
/// // Isolo I on three holes a row, two seeds a hole, a store of one seed a side.
/// let setup = Setup { store: 1, ..Setup::standard(Kind::IsoloI) };
/// let game = Isolo::new(Kind::IsoloI, 3, 2, setup, Options::default())?;
/// let start = game.start();
/// assert_eq!(game.format_position(&start), "2,2,2/2,2,2 S phase=fore store=1,1");
/// assert_eq!(game.legal_moves(&start).len(), 3);
/// # Ok::<(), mancala_solver::ConfigError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Isolo {
    kind: Kind,
    width: usize,
    seeds: u32,
    setup: Setup,
    opts: Options,
    /// The engines' game ([`Isolo::for_engines`]): an arrangement phase with more moves than
    /// this lists only [`Isolo::candidates`].
    candidates: Option<usize>,
}

impl Isolo {
    /// The rules of `kind` on a board `width` holes a row with `seeds` a hole at the start.
    pub fn new(
        kind: Kind,
        width: usize,
        seeds: u32,
        setup: Setup,
        opts: Options,
    ) -> Result<Isolo, ConfigError> {
        let id = kind.id();
        if !(kind.min_width()..=MAX_WIDTH).contains(&width) {
            return Err(ConfigError(format!(
                "invalid --width {width}: {id} is played with {} to {MAX_WIDTH} holes a row",
                kind.min_width()
            )));
        }
        let holes = 2 * width as u64 * if kind == Kind::IsoloII { 2 } else { 1 };
        if seeds == 0 || seeds as u64 * holes > MAX_BOARD as u64 {
            return Err(ConfigError(format!(
                "invalid --seeds {seeds}: expected 1 to {} on a board of {holes} holes (at most {MAX_BOARD} seeds)",
                MAX_BOARD as u64 / holes
            )));
        }
        if kind == Kind::IsoloII && !(seeds..=MAX_BOARD).contains(&setup.max_hole) {
            return Err(ConfigError(format!(
                "invalid --max-hole {}: expected {seeds} (the seeds a hole) to {MAX_BOARD}",
                setup.max_hole
            )));
        }
        if setup.store != UNLIMITED && setup.store > MAX_STORE {
            return Err(ConfigError(format!(
                "invalid --store {}: at most {MAX_STORE}",
                setup.store
            )));
        }
        Ok(Isolo {
            kind,
            width,
            seeds,
            setup,
            opts,
            candidates: None,
        })
    }

    /// The standard game of `kind`.
    pub fn standard(kind: Kind) -> Isolo {
        let w = kind.default_width();
        Isolo::new(
            kind,
            w,
            kind.default_seeds(),
            Setup::standard(kind),
            Options::default(),
        )
        .expect("standard sizes are valid")
    }

    /// The game the engines play: the same rules, except that an arrangement phase with more
    /// than `n` arrangements (the full game has up to 10^12) offers only the `n` of
    /// [`Isolo::candidates`], so that a search can choose among them. Every move it lists is
    /// legal in the full game.
    pub fn for_engines(mut self, n: usize) -> Isolo {
        self.candidates = Some(n.max(1));
        self
    }

    /// The engines' arrangements of `pos` (name order), `n` at most, distinct, every one legal:
    /// the holes as they stand (when that is an arrangement), the seeds spread evenly, for
    /// Isolo II the back row filled first and the front row first, all the seeds in one hole
    /// (or as few holes as the limit allows) for each hole in turn, and the rest drawn at
    /// random (a generator seeded by the position, so the list is the same every time), each
    /// using a number of seeds drawn from those allowed.
    pub fn candidates(&self, pos: &IsoloPos, n: usize) -> Vec<[u8; CIRCUIT]> {
        let l = self.circuit_len();
        let cap = self.hole_cap();
        let (lo, hi) = self.arrange_range(pos);
        let mut out: Vec<[u8; CIRCUIT]> = Vec::new();
        let add = |c: [u8; CIRCUIT], out: &mut Vec<[u8; CIRCUIT]>| {
            if out.len() < n && self.is_arrangement(pos, &c) && !out.contains(&c) {
                out.push(c);
            }
        };
        // Fills holes in `order` up to `cap` each, spreading `t` seeds round by round.
        let spread = |t: u32, order: &[usize]| -> [u8; CIRCUIT] {
            let mut c = [0u8; CIRCUIT];
            let mut left = t;
            while left > 0 {
                let before = left;
                for &k in order {
                    if left > 0 && (c[k] as u32) < cap {
                        c[k] += 1;
                        left -= 1;
                    }
                }
                if left == before {
                    break;
                }
            }
            c
        };
        // Fills holes in `order`, each to `cap` before the next.
        let pile = |t: u32, order: &[usize]| -> [u8; CIRCUIT] {
            let mut c = [0u8; CIRCUIT];
            let mut left = t;
            for &k in order {
                let x = left.min(cap);
                c[k] = x as u8;
                left -= x;
            }
            c
        };
        let mut now = [0u8; CIRCUIT];
        for (k, x) in now[..l].iter_mut().enumerate() {
            *x = pos.rows[pos.side.index()][self.set_index(k)];
        }
        add(now, &mut out);
        let all: Vec<usize> = (0..l).collect();
        add(spread(hi, &all), &mut out);
        if self.kind == Kind::IsoloII {
            let w = self.width;
            add(pile(hi, &all), &mut out);
            let front_first: Vec<usize> = (w..l).chain(0..w).collect();
            add(pile(hi, &front_first), &mut out);
        }
        for k in 0..l {
            let order: Vec<usize> = (k..l).chain(0..k).collect();
            add(pile(hi, &order), &mut out);
        }
        let mut rng = crate::rng::Rng::new(self.seed_of(pos));
        let mut tries = 0;
        while out.len() < n && tries < 64 * n {
            tries += 1;
            let t = lo + rng.below((hi - lo + 1) as usize) as u32;
            let mut c = [0u8; CIRCUIT];
            let mut left = t;
            let mut guard = 0;
            while left > 0 && guard < 100_000 {
                guard += 1;
                let k = rng.below(l);
                if (c[k] as u32) < cap {
                    c[k] += 1;
                    left -= 1;
                }
            }
            add(c, &mut out);
        }
        out
    }

    /// A seed for the candidates' generator from the position.
    fn seed_of(&self, pos: &IsoloPos) -> u64 {
        let mut h: u64 = 0x9E37_79B9_7F4A_7C15;
        for r in &pos.rows {
            for &x in r.iter() {
                h = (h ^ x as u64).wrapping_mul(0x100_0000_01B3);
            }
        }
        h ^ pos.side.index() as u64
    }

    /// The game.
    pub fn kind(&self) -> Kind {
        self.kind
    }
    /// Holes a row.
    pub fn width(&self) -> usize {
        self.width
    }
    /// Seeds a hole at the start (and in the loser's row at the kucheleka).
    pub fn seeds(&self) -> u32 {
        self.seeds
    }
    /// The size and phase options.
    pub fn setup(&self) -> Setup {
        self.setup
    }
    /// The rule options.
    pub fn options(&self) -> Options {
        self.opts
    }

    /// Holes in a player's circuit.
    pub fn circuit_len(&self) -> usize {
        match self.kind {
            Kind::IsoloI => self.width,
            Kind::IsoloII => 2 * self.width,
        }
    }

    /// Seeds in `side`'s holes.
    pub fn seeds_of(&self, pos: &IsoloPos, side: Side) -> u32 {
        pos.rows[side.index()][..self.circuit_len()]
            .iter()
            .map(|&x| x as u32)
            .sum()
    }

    /// Seeds on the board.
    pub fn total(&self, pos: &IsoloPos) -> u32 {
        self.seeds_of(pos, Side::South) + self.seeds_of(pos, Side::North)
    }

    /// The most seeds an arrangement of the side to move may put in a hole.
    pub fn hole_cap(&self) -> u32 {
        match self.kind {
            Kind::IsoloI => MAX_BOARD,
            Kind::IsoloII => self.setup.max_hole,
        }
    }

    /// The seeds an arrangement of the side to move may use: Isolo I's winner any number from
    /// one to all of his row's, Isolo II's player all of his.
    pub fn arrange_range(&self, pos: &IsoloPos) -> (u32, u32) {
        let b = self.seeds_of(pos, pos.side);
        match self.kind {
            Kind::IsoloI => (1, b),
            Kind::IsoloII => (b, b),
        }
    }

    /// The number of arrangements the side to move of an arrangement phase may make.
    pub fn arrangements(&self, pos: &IsoloPos) -> u128 {
        let (lo, hi) = self.arrange_range(pos);
        count_vectors(self.circuit_len(), self.hole_cap(), lo, hi)
    }

    /// Why the moves of `pos` are too many to list, if they are.
    pub fn arrangements_to_list(&self, pos: &IsoloPos) -> Option<String> {
        if pos.phase != Phase::Arrange {
            return None;
        }
        let n = self.arrangements(pos);
        (n > LIST_LIMIT).then(|| {
            format!(
                "{}: {n} arrangements, more than the {LIST_LIMIT} the program lists (play one with set(...))",
                self.kind.id()
            )
        })
    }

    /// The circuit index of the `k`-th hole of an arrangement's name (Isolo II: back row from
    /// the mover's left, then front row from his left).
    pub fn set_index(&self, k: usize) -> usize {
        match self.kind {
            Kind::IsoloI => k,
            Kind::IsoloII if k < self.width => back_index(k + 1),
            Kind::IsoloII => front_index(k - self.width + 1, self.width),
        }
    }

    /// The start of a fresh game (in the phase `--phase` names).
    pub fn start_in(&self, phase: Phase) -> IsoloPos {
        let mut p = IsoloPos {
            rows: [[0; CIRCUIT]; 2],
            side: Side::South,
            phase,
            store: [0; 2],
        };
        for r in p.rows.iter_mut() {
            for x in r[..self.circuit_len()].iter_mut() {
                *x = self.seeds as u8;
            }
        }
        if phase == Phase::Fore {
            p.store = [self.setup.store; 2];
            self.settle(&mut p);
        }
        p
    }

    /// Sows `n` seeds (at least one) round a circuit of `l` holes from hole `p` on; returns the
    /// hole of the last seed. Whole rounds are added at once.
    #[inline]
    fn sow(c: &mut [u8; CIRCUIT], l: usize, p: usize, n: u32) -> usize {
        let (q, r) = ((n as usize / l) as u8, n as usize % l);
        if q > 0 {
            for x in c[..l].iter_mut() {
                *x += q;
            }
        }
        let mut h = p;
        for _ in 0..r {
            c[h] += 1;
            h = if h + 1 == l { 0 } else { h + 1 };
        }
        (p + n as usize - 1) % l
    }

    /// Isolo I: the laps of `me` from a lap of `hand` seeds starting at `start`; `relay` when
    /// that lap is a relay (a capture ending it is re-sown from its start hole, rule 6; else
    /// from hole `a`, rules 1, 2 and 5). `false`: the laps never end.
    fn laps_row(
        &self,
        rows: &mut [[u8; CIRCUIT]; 2],
        me: Side,
        mut start: usize,
        mut hand: u32,
        mut relay: bool,
    ) -> bool {
        let w = self.width;
        let (mi, oi) = (me.index(), me.opponent().index());
        let mut first: Option<([u8; CIRCUIT], usize, u32)> = None;
        // With the opponent's row empty no capture can stop a run.
        let mut turned = rows[oi][..w].iter().all(|&x| x == 0);
        let mut laps = 0u32;
        loop {
            laps = laps.wrapping_add(1);
            if laps % 4096 == 0 {
                crate::stop::check(); // a run round a long cycle takes its time
            }
            let last = Self::sow(&mut rows[mi], w, start, hand);
            // (i) "If the final bean is sown in an empty hole, the lap is finished"
            if rows[mi][last] == 1 {
                return true;
            }
            let o = w - 1 - last;
            let got = rows[oi][o];
            if got == 0 {
                // (iii) rule 6: "the opposite hole is empty, then he takes the contents of his
                // own hole and continues sowing"
                hand = rows[mi][last] as u32;
                rows[mi][last] = 0;
                start = if last + 1 == w { 0 } else { last + 1 };
                relay = true;
                let state = (rows[mi], start, hand);
                match first {
                    None => first = Some(state),
                    Some(f) if returns(&f, &state, w, turned) => return false,
                    Some(_) => {}
                }
                continue;
            }
            // (ii) "If it lands in an occupied hole he can 'eat' his opponent's beans."
            first = None;
            rows[oi][o] = 0;
            turned = rows[oi][..w].iter().all(|&x| x == 0);
            if got == 1 && o == 1 {
                // Rule 3: a single bean from B goes to h; with A occupied, A too, and h is
                // re-sown from a.
                rows[mi][w - 1] += 1;
                let a = rows[oi][0];
                if a == 0 {
                    return true;
                }
                rows[oi][0] = 0;
                turned = rows[oi][..w].iter().all(|&x| x == 0);
                hand = (rows[mi][w - 1] + a) as u32;
                rows[mi][w - 1] = 0;
                (start, relay) = (0, false);
                continue;
            }
            if got == 1 && o == w - 2 {
                // Rule 4: a single bean from G goes to a; with H occupied, H too, and a is
                // re-sown from b.
                rows[mi][0] += 1;
                let h = rows[oi][w - 1];
                if h == 0 {
                    return true;
                }
                rows[oi][w - 1] = 0;
                turned = rows[oi][..w].iter().all(|&x| x == 0);
                hand = (rows[mi][0] + h) as u32;
                rows[mi][0] = 0;
                (start, relay) = (1, false);
                continue;
            }
            hand = got as u32;
            start = if relay { start } else { 0 };
            relay = false;
        }
    }

    /// Isolo II: the laps of `me` from a lap of `hand` seeds starting at `start`. `false`: the
    /// laps never end.
    fn laps_circuit(
        &self,
        rows: &mut [[u8; CIRCUIT]; 2],
        me: Side,
        mut start: usize,
        mut hand: u32,
    ) -> bool {
        let w = self.width;
        let l = 2 * w;
        let (mi, oi) = (me.index(), me.opponent().index());
        let mut first: Option<([u8; CIRCUIT], usize, u32)> = None;
        // With the opponent's front row empty no capture can stop a run.
        let front_empty = |o: &[u8; CIRCUIT]| o[w..l].iter().all(|&x| x == 0);
        let mut turned = front_empty(&rows[oi]);
        let mut laps = 0u32;
        loop {
            laps = laps.wrapping_add(1);
            if laps % 4096 == 0 {
                crate::stop::check(); // a run round a long cycle takes its time
            }
            let last = Self::sow(&mut rows[mi], l, start, hand);
            // "If the last bean lands in an empty hole, the lap ends."
            if rows[mi][last] == 1 {
                return true;
            }
            // "If the last bean lands in an occupied front and there are also beans in the back
            // row of this file, then he can 'eat' his opponent's opposite file, provided there
            // are beans in the front row."
            if is_front(last, w) && rows[mi][back_index(column(last, w))] > 0 {
                let (f, b) = (opp_front(last, w), opp_back(last, w));
                if rows[oi][f] > 0 {
                    hand = rows[oi][f] as u32 + rows[oi][b] as u32;
                    rows[oi][f] = 0;
                    rows[oi][b] = 0;
                    // "The captures are re-sown beginning at the hole next to that which was
                    // emptied to begin the lap": the capturing lap's own start.
                    first = None;
                    turned = front_empty(&rows[oi]);
                    continue;
                }
            }
            hand = rows[mi][last] as u32;
            rows[mi][last] = 0;
            start = if last + 1 == l { 0 } else { last + 1 };
            let state = (rows[mi], start, hand);
            match first {
                None => first = Some(state),
                Some(f) if returns(&f, &state, l, turned) => return false,
                Some(_) => {}
            }
        }
    }

    /// The position after sowing from hole `i`, before the turn passes (`None`: not a legal
    /// move: the hole is empty, the store is, or the laps never end).
    fn sown(&self, pos: &IsoloPos, i: usize) -> Option<IsoloPos> {
        let me = pos.side;
        let mi = me.index();
        if i >= self.circuit_len() || pos.rows[mi][i] == 0 {
            return None;
        }
        let mut p = *pos;
        let ok = match (self.kind, pos.phase) {
            (Kind::IsoloI, Phase::Fore) => {
                if p.store[mi] == 0 || self.total(pos) >= MAX_BOARD {
                    return None;
                }
                if p.store[mi] != UNLIMITED {
                    p.store[mi] -= 1;
                }
                // "one of the store beans ... is added to a hole and the entire contents are
                // removed and sowed ... beginning at the left-hand hole of his row"; rule 7:
                // "If the store bean is added to g, the contents of g are re-sown beginning at
                // h, not a."
                let hand = p.rows[mi][i] as u32 + 1;
                p.rows[mi][i] = 0;
                let start = if i == self.width - 2 {
                    self.width - 1
                } else {
                    0
                };
                self.laps_row(&mut p.rows, me, start, hand, false)
            }
            (Kind::IsoloI, Phase::Play) => {
                let hand = p.rows[mi][i] as u32;
                p.rows[mi][i] = 0;
                let start = (i + 1) % self.width;
                self.laps_row(&mut p.rows, me, start, hand, false)
            }
            (Kind::IsoloII, Phase::Play) => {
                let hand = p.rows[mi][i] as u32;
                p.rows[mi][i] = 0;
                self.laps_circuit(&mut p.rows, me, (i + 1) % (2 * self.width), hand)
            }
            _ => return None,
        };
        ok.then_some(p)
    }

    /// True when the side to move of a fore-play position has a fore-play move.
    fn has_fore_move(&self, pos: &IsoloPos) -> bool {
        (0..self.width).any(|i| self.sown(pos, i).is_some())
    }

    /// Ends the fore-play when the side to move cannot make a fore-play move: he has lost it,
    /// his row is set to `--seeds` a hole and the winner arranges (the kucheleka).
    fn settle(&self, p: &mut IsoloPos) {
        if p.phase != Phase::Fore || self.has_fore_move(p) {
            return;
        }
        let loser = p.side.index();
        for x in p.rows[loser][..self.width].iter_mut() {
            *x = self.seeds as u8;
        }
        p.side = p.side.opponent();
        p.phase = Phase::Arrange;
        p.store = [0; 2];
    }

    /// True when `pos` is a position of this game's phases whose side to move has a move or
    /// has lost: what [`text`] accepts. `Err`: why not.
    pub(crate) fn check(&self, pos: &IsoloPos) -> Result<(), String> {
        let names = self.kind.phase_names();
        let phase = names[pos.phase as usize];
        match pos.phase {
            Phase::Fore if !self.has_fore_move(pos) => Err(format!(
                "phase=fore with {} to move: he has no fore-play move, so the fore-play is decided (write the kucheleka position, phase=set)",
                pos.side
            )),
            Phase::Arrange => {
                let (lo, hi) = self.arrange_range(pos);
                if self.kind == Kind::IsoloI && hi == 0 {
                    return Err(format!(
                        "phase={phase} with {} to move: the winner of the fore-play arranges the seeds of his row, and his row is empty",
                        pos.side
                    ));
                }
                if count_vectors(self.circuit_len(), self.hole_cap(), lo, hi) == 0 {
                    return Err(format!(
                        "phase={phase}: {} has {hi} seeds, more than {} holes of at most {} (--max-hole) hold",
                        pos.side,
                        self.circuit_len(),
                        self.hole_cap()
                    ));
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }

    /// Plays an arrangement `c` (in name order).
    fn arranged(&self, pos: &IsoloPos, c: &[u8; CIRCUIT]) -> IsoloPos {
        let mut p = *pos;
        let mi = pos.side.index();
        let mut circuit = [0u8; CIRCUIT];
        for (k, &x) in c[..self.circuit_len()].iter().enumerate() {
            circuit[self.set_index(k)] = x;
        }
        p.rows[mi] = circuit;
        match self.kind {
            Kind::IsoloI => {
                p.phase = Phase::Play;
                if !self.opts.main_first_winner {
                    p.side = pos.side.opponent();
                }
            }
            Kind::IsoloII => {
                if pos.side == Side::South {
                    p.side = Side::North;
                } else {
                    p.side = Side::South;
                    p.phase = Phase::Play;
                }
            }
        }
        p
    }

    /// True when `c` (name order) is an arrangement the side to move of `pos` may make.
    pub fn is_arrangement(&self, pos: &IsoloPos, c: &[u8; CIRCUIT]) -> bool {
        let (lo, hi) = self.arrange_range(pos);
        let l = self.circuit_len();
        let sum: u32 = c[..l].iter().map(|&x| x as u32).sum();
        pos.phase == Phase::Arrange
            && c[l..].iter().all(|&x| x == 0)
            && c[..l].iter().all(|&x| x as u32 <= self.hole_cap())
            && (lo..=hi).contains(&sum)
    }
}

/// The number of vectors of `len` counts, each at most `cap`, whose sum lies in `lo..=hi`.
pub fn count_vectors(len: usize, cap: u32, lo: u32, hi: u32) -> u128 {
    if lo > hi {
        return 0;
    }
    // ways[s]: vectors of the holes so far summing to s.
    let hi = hi as usize;
    let mut ways = vec![0u128; hi + 1];
    ways[0] = 1;
    for _ in 0..len {
        let mut next = vec![0u128; hi + 1];
        for (s, &n) in ways.iter().enumerate() {
            if n == 0 {
                continue;
            }
            for x in 0..=(cap as usize).min(hi - s) {
                next[s + x] = next[s + x].saturating_add(n);
            }
        }
        ways = next;
    }
    ways[lo as usize..]
        .iter()
        .fold(0u128, |a, &n| a.saturating_add(n))
}

/// Calls `f` with every vector of `len` counts (each at most `cap`, sum in `lo..=hi`) in
/// lexicographic order.
fn each_vector(len: usize, cap: u32, lo: u32, hi: u32, f: &mut impl FnMut(&[u8; CIRCUIT])) {
    fn go(
        c: &mut [u8; CIRCUIT],
        k: usize,
        len: usize,
        cap: u32,
        sum: u32,
        (lo, hi): (u32, u32),
        f: &mut impl FnMut(&[u8; CIRCUIT]),
    ) {
        if k == len {
            if sum >= lo {
                f(c);
            }
            return;
        }
        let left = (len - k - 1) as u32 * cap;
        let least = lo.saturating_sub(sum + left);
        for x in least..=cap.min(hi - sum) {
            c[k] = x as u8;
            go(c, k + 1, len, cap, sum + x, (lo, hi), f);
        }
        c[k] = 0;
    }
    let mut c = [0u8; CIRCUIT];
    go(&mut c, 0, len, cap, 0, (lo, hi), f);
}

/// True when the relay state `now` (holes, start hole, seeds in hand) shows that a run whose
/// state after its first relay was `first` never ends: `now` is `first` itself, or, when no
/// capture can stop the run (`turned`: its rules then do not depend on where the circuit
/// starts), `first` turned round the circuit of `l` holes.
#[inline]
fn returns(
    first: &([u8; CIRCUIT], usize, u32),
    now: &([u8; CIRCUIT], usize, u32),
    l: usize,
    turned: bool,
) -> bool {
    if now.2 != first.2 {
        return false;
    }
    if !turned {
        return now == first;
    }
    let r = (now.1 + l - first.1) % l;
    (0..l).all(|i| now.0[(i + r) % l] == first.0[i])
}

impl Game for Isolo {
    type Position = IsoloPos;
    type Move = IsoloMove;
    type Moves = Vec<IsoloMove>;

    fn start(&self) -> IsoloPos {
        self.start_in(self.setup.phase)
    }

    fn to_move(&self, pos: &IsoloPos) -> Side {
        pos.side
    }

    fn gen_moves(&self, pos: &IsoloPos, moves: &mut Vec<IsoloMove>) {
        moves.clear_moves();
        if pos.phase == Phase::Arrange {
            if let Some(n) = self.candidates {
                if self.arrangements(pos) > n as u128 {
                    for c in self.candidates(pos, n) {
                        moves.push_move(IsoloMove::Set(c));
                    }
                    return;
                }
            }
            let (lo, hi) = self.arrange_range(pos);
            each_vector(self.circuit_len(), self.hole_cap(), lo, hi, &mut |c| {
                moves.push_move(IsoloMove::Set(*c))
            });
            return;
        }
        for i in 0..self.circuit_len() {
            if self.sown(pos, i).is_some() {
                moves.push_move(IsoloMove::Hole(i as u8));
            }
        }
    }

    /// The arrangements of an arrangement phase (as many as the engines' game lists).
    fn move_count(&self, pos: &IsoloPos) -> Option<u128> {
        if pos.phase != Phase::Arrange {
            return None;
        }
        let n = self.arrangements(pos);
        Some(self.candidates.map_or(n, |c| n.min(c as u128)))
    }

    fn play(&self, pos: &IsoloPos, mv: IsoloMove) -> IsoloPos {
        match mv {
            IsoloMove::Set(c) => self.arranged(pos, &c),
            IsoloMove::Hole(i) => {
                let mut p = self.sown(pos, i as usize).expect("a legal move");
                p.side = pos.side.opponent();
                self.settle(&mut p);
                p
            }
        }
    }

    /// A player in play who cannot move loses (the fore-play and the arrangements always have
    /// a move: `Isolo::settle` decides a fore-play at once).
    fn outcome(&self, pos: &IsoloPos) -> Option<Outcome> {
        if pos.phase != Phase::Play {
            return None;
        }
        if (0..self.circuit_len()).any(|i| self.sown(pos, i).is_some()) {
            return None;
        }
        Some(Outcome {
            winner: Some(pos.side.opponent()),
            score: [
                self.seeds_of(pos, Side::South),
                self.seeds_of(pos, Side::North),
            ],
        })
    }
}

impl MarginGame for Isolo {
    type Key = u128;

    /// A 128-bit hash of the position (positions hold 64 bytes of holes).
    fn key(&self, pos: &IsoloPos) -> u128 {
        use std::hash::{Hash, Hasher};
        let mut parts = [0u64; 2];
        for (salt, part) in parts.iter_mut().enumerate() {
            let mut h = std::collections::hash_map::DefaultHasher::new();
            salt.hash(&mut h);
            pos.hash(&mut h);
            *part = h.finish();
        }
        (parts[0] as u128) << 64 | parts[1] as u128
    }

    /// Won or lost games carry no margin before the end.
    fn margin(&self, _pos: &IsoloPos) -> i32 {
        0
    }

    /// The player to move with no legal move has lost: −1.
    fn final_margin(&self, _pos: &IsoloPos) -> i32 {
        -1
    }

    fn future_bound(&self, _pos: &IsoloPos) -> i32 {
        1
    }
}

#[cfg(test)]
mod tests;
