//! Kpo of the Vei for three and four players (Culin; RULES.md, "kpo for three and four
//! players"): `mancala <cmd> kpo --players 3|4`.
//!
//! Every rule below cites the sentence of Culin's account it implements; the quotations in
//! full, the project's choices and the notation are in `docs/variants/kpo-players.md` and
//! `docs/NOTATION-KPO-PLAYERS.md`.
//!
//! # Board
//!
//! The 2W pits form one circuit in anti-clockwise order, and each pit is one byte lane of a
//! [`Pits`] word (the two-row board core, one `u128`): lane `p` is circuit place `p`.
//!
//! ```text
//!   W = 6, drawn as South sees the board (lane numbers):
//!
//!        [11] [10] [ 9] [ 8] [ 7] [ 6]        North's row, sown right to left (ccw)
//!        [ 0] [ 1] [ 2] [ 3] [ 4] [ 5]        South's row, sown left to right (ccw)
//!
//!   three players:  P1 owns lanes 0 1 10 11, P2 2 3 8 9, P3 4 5 6 7 (a third of the columns)
//!   four players:   P1 owns lanes 0 1 2, P2 3 4 5, P3 6 7 8, P4 9 10 11 (half a row)
//! ```
//!
//! Sowing `n` seeds from lane `o` is `n / 2W` seeds in every lane (a lap of 2W or more comes
//! round to the origin, which gets its seed like any other pit) and one more in each of the
//! `n % 2W` lanes after `o` in the chosen direction: one table lookup and two additions.
//! Captures read and clear single lanes; a seat's seeds are a masked byte sum.

#[cfg(any(test, feature = "reference"))]
pub mod reference;
mod text;

use crate::error::{ConfigError, PositionError};
use crate::nseat::{Scores, SeatGame, MAX_SEATS};
use crate::rule_options::RuleSpec;
use crate::tworow::board::{lane_bytes, lane_ones, Pits, MAX_BOARD_SEEDS};
use arrayvec::ArrayVec;

/// The most seeds a player may have taken in position text: with the seeds on the board at
/// most 255, every count stays far from overflow.
pub const MAX_CAPTURED: u32 = 1 << 24;

/// The variant id: the three- and four-player games are `kpo` with `--players`.
pub const VARIANT: &str = "kpo";

/// Which pits are taken with the last one (`--rule squeeze=`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Squeeze {
    /// The next pit forward too, when one of the two pits is the mover's and the other an
    /// opponent's (Culin's "squeezing"; the default).
    #[default]
    Mixed,
    /// The next pit forward too, always.
    Always,
    /// The last pit alone.
    Never,
}

/// What a player with no seed does (`--rule empty=`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Empty {
    /// He passes (the default).
    #[default]
    Passes,
    /// The game ends as soon as the player to move has no seed.
    Ends,
}

/// The rule options in force.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Options {
    /// `squeeze=mixed|always|never`.
    pub squeeze: Squeeze,
    /// `empty=passes|ends`.
    pub empty: Empty,
}

/// The `--rule` options of the three- and four-player game (default value first).
pub const OPTIONS: &[RuleSpec] = &[
    RuleSpec {
        name: "squeeze",
        values: &["mixed", "always", "never"],
        help: "also take the next pit forward: when one of the two pits is the mover's and the other an opponent's, always, or never",
    },
    RuleSpec {
        name: "empty",
        values: &["passes", "ends"],
        help: "a player with no seed passes, or the game ends when the player to move has none",
    },
];

impl Options {
    /// Parses `name=value` options ([`crate::rule_options::choose`]; the errors name kpo with
    /// `players` players).
    pub fn parse(players: usize, rules: &[String]) -> Result<Options, ConfigError> {
        let c =
            crate::rule_options::choose(OPTIONS, &format!("kpo with {players} players"), rules)?;
        Ok(Options {
            squeeze: [Squeeze::Mixed, Squeeze::Always, Squeeze::Never][c[0]],
            empty: [Empty::Passes, Empty::Ends][c[1]],
        })
    }

    /// The options as `name=value` strings, every option listed.
    pub fn describe(&self) -> Vec<String> {
        crate::rule_options::describe(OPTIONS, |s| match s.name {
            "squeeze" => self.squeeze as usize,
            _ => self.empty as usize,
        })
    }

    /// Every combination of the options, the default first.
    pub fn all() -> Vec<Options> {
        let mut v = Vec::new();
        for empty in [Empty::Passes, Empty::Ends] {
            for squeeze in [Squeeze::Mixed, Squeeze::Always, Squeeze::Never] {
                v.push(Options { squeeze, empty });
            }
        }
        v
    }
}

/// A position: the board, the seat to move and the seeds each seat has taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct KpoNPos {
    pits: Pits,
    seat: u8,
    captured: [u32; MAX_SEATS],
}

impl KpoNPos {
    /// The board, lane `p` holding circuit place `p`.
    pub fn pits(&self) -> Pits {
        self.pits
    }
    /// The seat to move (0 for P1).
    pub fn seat(&self) -> usize {
        self.seat as usize
    }
}

/// A move: the circuit place sown from and the direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct KpoNMove {
    /// The circuit place (lane) whose seeds are lifted.
    pub lane: u8,
    /// Sown clockwise (`+cw`, decreasing places) rather than anti-clockwise (`+ccw`).
    pub cw: bool,
}

/// What the future of a position depends on: the board and the seat to move. (At width 8
/// the board fills all sixteen lanes of the word, so the seat cannot share it.)
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct KpoKey {
    /// The board's lanes ([`Pits`]).
    pub board: u128,
    /// The seat to move.
    pub seat: u8,
}

/// The most moves a position has: four own pits, two directions each.
pub const MAX_MOVES: usize = 8;

/// The legal moves of a position.
pub type Moves = ArrayVec<KpoNMove, MAX_MOVES>;

/// Kpo for three or four players: the board size, seeds and options.
#[derive(Clone, Debug)]
pub struct KpoPlayers {
    players: usize,
    width: usize,
    seeds: u32,
    opts: Options,
    ring: usize,
    owner: [u8; 16],
    per_seat: usize,
    own_lanes: [[u8; 4]; MAX_SEATS],
    own_bytes: [u128; MAX_SEATS],
    /// `run[cw][origin][r]`: ones in the `r` lanes after `origin` in that direction.
    run: [[[u128; 16]; 16]; 2],
}

impl KpoPlayers {
    /// The rules for `players` (3 or 4) on a 2 x `width` board with `seeds` a pit.
    pub fn new(
        players: usize,
        width: usize,
        seeds: u32,
        opts: Options,
    ) -> Result<KpoPlayers, ConfigError> {
        // "when three play, each takes four holes, two on each side, dividing the board
        // transversely into three parts": the columns split in thirds.
        // "when four play, each takes three holes": the circuit split in quarters.
        match players {
            3 if width % 3 == 0 && (3..=6).contains(&width) => {}
            3 => {
                return Err(ConfigError(format!(
                    "invalid --width {width} for kpo with 3 players: expected 3 or 6 (the columns split in three parts)"
                )))
            }
            4 if width % 2 == 0 && (2..=8).contains(&width) => {}
            4 => {
                return Err(ConfigError(format!(
                    "invalid --width {width} for kpo with 4 players: expected 2, 4, 6 or 8 (each player takes half a row)"
                )))
            }
            _ => {
                return Err(ConfigError(format!(
                    "invalid --players {players} for kpo: expected 2, 3 or 4"
                )))
            }
        }
        if seeds == 0 || 2 * width as u32 * seeds > MAX_BOARD_SEEDS {
            return Err(ConfigError(format!(
                "invalid --seeds {seeds}: expected 1..={} on a 2x{width} board (at most {MAX_BOARD_SEEDS} seeds in all)",
                MAX_BOARD_SEEDS / (2 * width as u32)
            )));
        }
        let ring = 2 * width;
        let mut owner = [0u8; 16];
        for (p, o) in owner.iter_mut().enumerate().take(ring) {
            *o = if players == 3 {
                // Circuit place p is column p on South's row, column 2W-1-p on North's.
                let column = if p < width { p } else { ring - 1 - p };
                (column / (width / 3)) as u8
            } else {
                (p / (width / 2)) as u8
            };
        }
        let per_seat = ring / players;
        let mut own_lanes = [[0u8; 4]; MAX_SEATS];
        let mut own_bytes = [0u128; MAX_SEATS];
        let mut count = [0usize; MAX_SEATS];
        // A player's pits are numbered 1.. by increasing circuit place (RULES.md).
        for (p, &o) in owner.iter().enumerate().take(ring) {
            let o = o as usize;
            own_lanes[o][count[o]] = p as u8;
            count[o] += 1;
            own_bytes[o] |= 0xFFu128 << (8 * p);
        }
        let mut run = [[[0u128; 16]; 16]; 2];
        for (cw, by_origin) in run.iter_mut().enumerate() {
            for (o, by_len) in by_origin.iter_mut().enumerate().take(ring) {
                for (r, mask) in by_len.iter_mut().enumerate().take(ring) {
                    for k in 1..=r {
                        let lane = (if cw == 1 { o + ring - k } else { o + k }) % ring;
                        *mask |= 1u128 << (8 * lane);
                    }
                }
            }
        }
        Ok(KpoPlayers {
            players,
            width,
            seeds,
            opts,
            ring,
            owner,
            per_seat,
            own_lanes,
            own_bytes,
            run,
        })
    }

    /// The standard game for `players`: 2x6, 3 seeds a pit, default options.
    pub fn standard(players: usize) -> KpoPlayers {
        KpoPlayers::new(players, 6, 3, Options::default()).expect("the standard board")
    }

    /// Players (3 or 4).
    pub fn players(&self) -> usize {
        self.players
    }
    /// Pits a row.
    pub fn width(&self) -> usize {
        self.width
    }
    /// Seeds a pit at the start.
    pub fn seeds(&self) -> u32 {
        self.seeds
    }
    /// The options in force.
    pub fn options(&self) -> Options {
        self.opts
    }
    /// Pits each player owns.
    pub fn pits_per_player(&self) -> usize {
        self.per_seat
    }
    /// The seat owning circuit place `place`.
    pub fn owner(&self, place: usize) -> usize {
        self.owner[place] as usize
    }
    /// The circuit place of `seat`'s pit number `number` (1-based).
    pub fn place_of(&self, seat: usize, number: usize) -> usize {
        self.own_lanes[seat][number - 1] as usize
    }
    /// The own pit number (1-based) of circuit place `place` for its owner.
    pub fn number_of(&self, place: usize) -> usize {
        let o = self.owner(place);
        1 + (0..self.per_seat)
            .position(|k| self.own_lanes[o][k] as usize == place)
            .expect("a place is one of its owner's pits")
    }
    /// Seeds in `seat`'s pits.
    pub fn held(&self, pos: &KpoNPos, seat: usize) -> u32 {
        pos.pits.sum_masked(self.own_bytes[seat])
    }
    /// The seeds each seat has taken.
    pub fn taken<'p>(&self, pos: &'p KpoNPos) -> &'p [u32] {
        &pos.captured[..self.players]
    }

    /// True when the game is over in a board with `seat` to move.
    #[inline]
    fn over(&self, pits: Pits, seat: usize) -> bool {
        // "The game ends when, at the start of a turn, at most one player has seeds"
        // (RULES.md); with `empty=ends`, also when the player to move has none.
        let mut with = 0;
        for s in 0..self.players {
            with += !pits.is_empty_in(self.own_bytes[s]) as u32;
        }
        with <= 1 || (self.opts.empty == Empty::Ends && pits.is_empty_in(self.own_bytes[seat]))
    }

    /// The seat that moves when the turn comes to `seat`: "A player with no seed in his
    /// pits passes" (RULES.md), so the turn goes on to the next player with seeds, unless
    /// the game is over. Passing is automatic: not a move, not a ply.
    #[inline]
    fn settle(&self, pits: Pits, mut seat: usize) -> u8 {
        if !self.over(pits, seat) {
            while pits.is_empty_in(self.own_bytes[seat]) {
                seat = (seat + 1) % self.players;
            }
        }
        seat as u8
    }

    /// A position from circuit-place counts, the seat to move and the seeds taken (checked;
    /// a seat to move without seeds passes at once, as in play).
    pub fn position(
        &self,
        places: &[u32],
        seat: usize,
        captured: &[u32],
    ) -> Result<KpoNPos, PositionError> {
        let mut problems = Vec::new();
        if places.len() != self.ring {
            problems.push(format!(
                "the board has {} pits, expected {}",
                places.len(),
                self.ring
            ));
        }
        let total: u64 = places.iter().map(|&c| c as u64).sum();
        if total > MAX_BOARD_SEEDS as u64 {
            problems.push(format!(
                "the board holds {total} seeds, at most {MAX_BOARD_SEEDS} fit"
            ));
        }
        if seat >= self.players {
            problems.push(format!(
                "seat P{} to move does not exist with {} players",
                seat + 1,
                self.players
            ));
        }
        if captured.len() != self.players {
            problems.push(format!(
                "captured has {} counts, expected {} (one a player)",
                captured.len(),
                self.players
            ));
        }
        for (i, &c) in captured.iter().enumerate() {
            if c > MAX_CAPTURED {
                problems.push(format!(
                    "P{}'s captured count {c} is too large, at most {MAX_CAPTURED}",
                    i + 1
                ));
            }
        }
        if !problems.is_empty() {
            return Err(PositionError { problems });
        }
        let mut pits = Pits::EMPTY;
        for (i, &c) in places.iter().enumerate() {
            pits.set(i, c as u8);
        }
        let mut cap = [0u32; MAX_SEATS];
        cap[..self.players].copy_from_slice(captured);
        Ok(KpoNPos {
            pits,
            seat: self.settle(pits, seat),
            captured: cap,
        })
    }

    /// The circuit-place counts of `pos`.
    pub fn places(&self, pos: &KpoNPos) -> Vec<u32> {
        (0..self.ring).map(|i| pos.pits.get(i) as u32).collect()
    }
}

impl SeatGame for KpoPlayers {
    type Position = KpoNPos;
    type Move = KpoNMove;
    type Moves = Moves;
    type Key = KpoKey;

    fn seats(&self) -> usize {
        self.players
    }

    fn start(&self) -> KpoNPos {
        // "when three or four play three beans are put in each hole" (`--seeds` on reduced
        // boards); player 1 moves first (our choice: RULES.md's "in turn 1, 2, 3(, 4)").
        KpoNPos {
            pits: Pits(lane_ones(self.ring) * self.seeds as u128),
            seat: 0,
            captured: [0; MAX_SEATS],
        }
    }

    fn to_move(&self, pos: &KpoNPos) -> usize {
        pos.seat as usize
    }

    #[inline]
    fn gen_moves(&self, pos: &KpoNPos, moves: &mut Moves) {
        moves.clear();
        if self.over(pos.pits, pos.seat as usize) {
            return;
        }
        // "A player may commence at any hole on his side": any own non-empty pit; "when
        // three or four play they may be dropped in either direction": two moves a pit.
        for &lane in &self.own_lanes[pos.seat as usize][..self.per_seat] {
            if pos.pits.get(lane as usize) != 0 {
                moves.push(KpoNMove { lane, cw: false });
                moves.push(KpoNMove { lane, cw: true });
            }
        }
    }

    #[inline]
    fn play(&self, pos: &KpoNPos, mv: KpoNMove) -> KpoNPos {
        let ring = self.ring;
        let mover = pos.seat as usize;
        let o = mv.lane as usize;
        let mut pits = pos.pits;
        let n = pits.take(o) as usize;
        // "His play ends when the pieces first taken up are played": one lap, no relay; a
        // lap of 2W or more seeds drops one in its origin too (no skip).
        let (laps, r) = (n / ring, n % ring);
        if laps > 0 {
            pits.add_each(lane_ones(ring), laps as u8);
        }
        pits.0 += self.run[mv.cw as usize][o][r];
        let last = if mv.cw {
            (o + ring - r) % ring
        } else {
            (o + r) % ring
        };
        let mut captured = pos.captured;
        let c = pits.get(last);
        // "He wins when the number in the last hole is increased to two or to three": the
        // last pit, anyone's, holding 2 or 3 after the sowing.
        if c == 2 || c == 3 {
            pits.take(last);
            // "when three or four play, when one completes two or three in a hole by his
            // play, he takes those in the next hole forward" ... "but this can only be done
            // when one of the pieces is in one of the player's own cups and the other one or
            // two in that of an opponent": the next pit in the sowing direction, whatever it
            // holds (our reading), when exactly one of the two pits is the mover's.
            let next = if mv.cw {
                (last + ring - 1) % ring
            } else {
                (last + 1) % ring
            };
            let squeeze = match self.opts.squeeze {
                Squeeze::Mixed => {
                    (self.owner[last] as usize == mover) != (self.owner[next] as usize == mover)
                }
                Squeeze::Always => true,
                Squeeze::Never => false,
            };
            let more = if squeeze { pits.take(next) } else { 0 };
            captured[mover] += c as u32 + more as u32;
        }
        // "Players move in turn 1, 2, 3(, 4)" (RULES.md), passes included.
        let seat = self.settle(pits, (mover + 1) % self.players);
        KpoNPos {
            pits,
            seat,
            captured,
        }
    }

    fn is_over(&self, pos: &KpoNPos) -> bool {
        self.over(pos.pits, pos.seat as usize)
    }

    fn captured(&self, pos: &KpoNPos) -> Scores {
        pos.captured
    }

    fn final_scores(&self, pos: &KpoNPos) -> Scores {
        // "each player then takes the seeds in his own pits" (RULES.md).
        let mut s = pos.captured;
        for (seat, v) in s.iter_mut().enumerate().take(self.players) {
            *v += pos.pits.sum_masked(self.own_bytes[seat]);
        }
        s
    }

    #[inline]
    fn in_play(&self, pos: &KpoNPos) -> u32 {
        pos.pits.sum_first(self.ring)
    }

    #[inline]
    fn key(&self, pos: &KpoNPos) -> KpoKey {
        KpoKey {
            board: pos.pits.0,
            seat: pos.seat,
        }
    }

    fn position_of(&self, key: KpoKey) -> KpoNPos {
        KpoNPos {
            pits: Pits(key.board & lane_bytes(self.ring)),
            seat: key.seat,
            captured: [0; MAX_SEATS],
        }
    }

    fn estimate(&self, pos: &KpoNPos) -> Scores {
        // The seeds in a player's pits are his if the game ended now.
        let mut s = [0; MAX_SEATS];
        let n = self.players as u32;
        for (seat, v) in s.iter_mut().enumerate().take(self.players) {
            *v = n * pos.pits.sum_masked(self.own_bytes[seat]);
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ownership_follows_the_rules() {
        let g = KpoPlayers::standard(3);
        let lanes: Vec<Vec<usize>> = (0..3)
            .map(|s| (1..=4).map(|k| g.place_of(s, k)).collect())
            .collect();
        assert_eq!(
            lanes,
            vec![vec![0, 1, 10, 11], vec![2, 3, 8, 9], vec![4, 5, 6, 7]]
        );
        let g = KpoPlayers::standard(4);
        assert_eq!(g.place_of(2, 1), 6);
        assert_eq!(g.number_of(11), 3);
    }

    #[test]
    fn keys_round_trip() {
        for (players, width) in [(3, 6), (4, 8), (4, 2)] {
            let g = KpoPlayers::new(players, width, 3, Options::default()).unwrap();
            let mut p = g.start();
            for _ in 0..5 {
                let m = g.legal_moves(&p)[1];
                p = g.play(&p, m);
                let k = g.key(&p);
                assert_eq!(g.key(&g.position_of(k)), k);
                assert_eq!(g.position_of(k).pits, p.pits);
                assert_eq!(g.position_of(k).seat, p.seat);
            }
        }
    }
}
