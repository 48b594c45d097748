//! Slow, readable reference implementation of the two-row rules (seed-by-seed sowing over a
//! plain vector), kept beside the bitpacked fast rules and tested to agree with them.
//!
//! It is written from `docs/RULES.md` and `docs/DECISIONS-TWO-ROW.md`, not from
//! [`crate::tworow`]: the board is **absolute** (it never turns round for the side to move),
//! seeds are dropped one at a time in a loop, and every capture is spelled out. Speed is not a
//! goal; the tests in `tests/reference.rs` check that both implementations list the same moves,
//! write the same position text after every move and end games with the same score.
//!
//! # Board
//!
//! `board` has `2W` entries in anti-clockwise sowing order:
//!
//! ```text
//!   index:   2W-1  ...  W+1   W          North's pits W..1 (North's 1 is index W)
//!            0     1    ...   W-1        South's pits 1..W
//! ```
//!
//! South's pit `k` (1-based) is `board[k-1]`; North's pit `k` is `board[W+k-1]`. Sowing walks
//! the indices upwards and wraps from `2W-1` to `0`. The pit opposite index `i` is `2W-1-i`.
//! A move is the mover's pit index `0..W` counted from his own left, as in the fast rules.
//!
//! Kalah's stores are not on this board: a seed sown into a store goes straight into
//! `captured` (which holds the stores for kalah).

use crate::game::{Game, Notation};
use crate::side::Side;
use crate::tworow::{Kind, Options, TwoRow, TwoRowPos};

/// A two-row position on an absolute board (see the module docs).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RefPos {
    /// `2W` pit counts: South's pits 1..W, then North's pits 1..W.
    pub board: Vec<u32>,
    /// Seeds taken off the board (kalah: the stores), `[South, North]`.
    pub captured: [u32; 2],
    /// The side to move.
    pub to_move: Side,
}

/// The rules of one two-row variant at one width, written for clarity rather than speed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefRules {
    /// Which variant.
    pub kind: Kind,
    /// Pits a side.
    pub width: usize,
    /// The rule options in force.
    pub opts: Options,
}

/// Where a seed lies: in a pit of the board, or in a player's store (kalah).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Hole {
    /// A pit, by absolute board index.
    Pit(usize),
    /// The store of the mover (kalah never sows into the opponent's store).
    MoverStore,
}

/// The effect of a move's sowing and capture, before any end-of-game share-out and before the
/// turn passes.
#[derive(Clone, Debug)]
struct MoveResult {
    /// The board after sowing and capture.
    board: Vec<u32>,
    /// Seeds the mover put into his store or captured with this move.
    gain: u32,
    /// The last seed fell in the mover's store (kalah): he moves again.
    again: bool,
}

impl RefPos {
    /// The start position: `seeds` in each of the `2 * width` pits, nothing captured, South
    /// to move.
    pub fn start(width: usize, seeds: u32) -> RefPos {
        RefPos {
            board: vec![seeds; 2 * width],
            captured: [0, 0],
            to_move: Side::South,
        }
    }

    /// Every seed of the position: on the board plus captured (stores).
    pub fn total_seeds(&self) -> u32 {
        self.board.iter().sum::<u32>() + self.captured[0] + self.captured[1]
    }
}

/// Reads a fast position into an absolute reference position, through the fast type's public
/// accessors only.
pub fn from_fast(g: &TwoRow, p: &TwoRowPos) -> RefPos {
    let w = g.width();
    let abs = p.absolute_pits(w);
    RefPos {
        board: (0..2 * w).map(|i| abs.get(i) as u32).collect(),
        captured: g.captured(p),
        to_move: p.side_to_move(),
    }
}

/// Builds the fast position equal to a reference position, with [`TwoRow::position`].
///
/// Panics if the position does not fit the fast board (more than 255 seeds on the board, or a
/// board of the wrong width).
pub fn to_fast(g: &TwoRow, p: &RefPos) -> TwoRowPos {
    let w = g.width();
    g.position(&p.board[..w], &p.board[w..], p.captured, p.to_move)
        .expect("reference position fits the fast board")
}

impl RefRules {
    /// The rules of `kind` on `width` pits a side with options `opts`.
    pub fn new(kind: Kind, width: usize, opts: Options) -> RefRules {
        assert!(width >= 1, "a board has at least one pit a side");
        RefRules { kind, width, opts }
    }

    /// The reference rules for the same variant, width and options as the fast rules `g`.
    pub fn of(g: &TwoRow) -> RefRules {
        RefRules::new(g.kind(), g.width(), g.options())
    }

    /// The start position with `seeds` a pit.
    pub fn start(&self, seeds: u32) -> RefPos {
        RefPos::start(self.width, seeds)
    }

    // ---------------------------------------------------------------------------------------
    // Geometry

    /// The absolute index of `side`'s pit `m` (0-based, from that player's left).
    fn index_of(&self, side: Side, m: usize) -> usize {
        match side {
            Side::South => m,
            Side::North => self.width + m,
        }
    }

    /// The absolute indices of `side`'s row, from his pit 1 to his pit W.
    fn row(&self, side: Side) -> std::ops::Range<usize> {
        let first = self.index_of(side, 0);
        first..first + self.width
    }

    /// True when absolute index `i` is on `side`'s row.
    fn is_on_row(&self, side: Side, i: usize) -> bool {
        self.row(side).contains(&i)
    }

    /// Seeds on `side`'s row of `board`.
    fn row_seeds(&self, board: &[u32], side: Side) -> u32 {
        self.row(side).map(|i| board[i]).sum()
    }

    /// The pit opposite absolute index `i` (same column, other row).
    fn opposite(&self, i: usize) -> usize {
        2 * self.width - 1 - i
    }

    /// True for the variants whose laps of 2W or more skip the pit the move started from.
    fn skips_origin(&self) -> bool {
        matches!(self.kind, Kind::Oware | Kind::Warri | Kind::Kale)
    }

    // ---------------------------------------------------------------------------------------
    // Sowing

    /// The hole after `h` for a seed sown by `mover` from the pit at `origin`.
    fn next_hole(&self, h: Hole, mover: Side, origin: usize) -> Hole {
        let ring = 2 * self.width;
        match h {
            // Kalah: after the mover's store comes the opponent's pit 1.
            Hole::MoverStore => Hole::Pit(self.index_of(mover.opponent(), 0)),
            Hole::Pit(i) => {
                // Kalah: after the mover's own last pit comes his store. (After the opponent's
                // last pit comes the mover's pit 1: the opponent's store is never sown into,
                // which the plain wrap-around below gives.)
                if self.kind == Kind::Kalah && i == self.index_of(mover, self.width - 1) {
                    return Hole::MoverStore;
                }
                let mut next = (i + 1) % ring;
                // Oware, warri, kale: a lap that comes back round to the origin passes over it.
                if self.skips_origin() && next == origin {
                    next = (next + 1) % ring;
                }
                Hole::Pit(next)
            }
        }
    }

    /// Lifts every seed of the mover's pit `m` and sows them one by one. Returns the new
    /// board, the seeds that fell in the mover's store, and the hole of the last seed.
    fn sow(&self, board: &[u32], mover: Side, m: usize) -> (Vec<u32>, u32, Hole) {
        let mut board = board.to_vec();
        let origin = self.index_of(mover, m);
        let mut in_hand = board[origin];
        board[origin] = 0;
        let mut store = 0;
        let mut here = Hole::Pit(origin);
        while in_hand > 0 {
            here = self.next_hole(here, mover, origin);
            match here {
                Hole::Pit(i) => board[i] += 1,
                Hole::MoverStore => store += 1,
            }
            in_hand -= 1;
        }
        (board, store, here)
    }

    // ---------------------------------------------------------------------------------------
    // Captures

    /// Sows the mover's pit `m` and makes the capture, as the variant says.
    fn sow_and_capture(&self, p: &RefPos, m: usize) -> MoveResult {
        let mover = p.to_move;
        let opponent = mover.opponent();
        let before = &p.board;
        let (mut board, store, last) = self.sow(before, mover, m);
        let mut gain = store;
        let mut again = false;
        match (self.kind, last) {
            (Kind::Kalah, Hole::MoverStore) => {
                // Last seed in own store: the same player moves again.
                again = true;
            }
            (Kind::Kalah, Hole::Pit(i)) => {
                // Last seed in an own pit that was empty (so it holds exactly that seed now):
                // it and the opposite pit's seeds go to the store; capture=empty does so even
                // when the opposite pit is empty, capture=nonempty only when it has seeds.
                let was_empty = board[i] == 1;
                if self.is_on_row(mover, i) && was_empty {
                    let opp = self.opposite(i);
                    if !self.opts.capture_nonempty || board[opp] > 0 {
                        gain += board[i] + board[opp];
                        board[i] = 0;
                        board[opp] = 0;
                    }
                }
            }
            (Kind::Oware | Kind::Warri, Hole::Pit(last)) => {
                let taken_pits = self.twos_and_threes(&board, mover, last);
                // Oware's grand slam (the capture would take every seed on the opponent's
                // side): with grandslam=forfeit the move is played and captures nothing. By
                // default (grandslam=illegal) the move is not legal (see `is_grand_slam`) and
                // never played.
                let forfeit = self.kind == Kind::Oware
                    && self.opts.grandslam_forfeit
                    && self.takes_everything(&board, opponent, &taken_pits);
                if !forfeit {
                    for &i in &taken_pits {
                        gain += board[i];
                        board[i] = 0;
                    }
                }
            }
            (Kind::Kale, Hole::Pit(last)) => {
                // The last seed lands on the opponent's side in a pit that held 1 or 2 before
                // the move: the mover takes that pit (all seeds now in it).
                // Exception: a single seed moved from the mover's rightmost pit into the
                // opponent's first pit captures nothing.
                let held_one_or_two = |i: usize| before[i] == 1 || before[i] == 2;
                let exception = m == self.width - 1 && before[self.index_of(mover, m)] == 1;
                if self.is_on_row(opponent, last) && held_one_or_two(last) && !exception {
                    gain += board[last];
                    board[last] = 0;
                    // chain=on: also the pits before it on the opponent's side that held 1 or
                    // 2 before the move, back to the first that held 0 or 3+ (or his pit 1).
                    if self.opts.kale_chain {
                        let mut i = last;
                        while i > self.index_of(opponent, 0) {
                            i -= 1;
                            if !held_one_or_two(i) {
                                break;
                            }
                            gain += board[i];
                            board[i] = 0;
                        }
                    }
                }
            }
            (Kind::Kpo, Hole::Pit(last)) => {
                // If the last seed makes its pit (either side) hold 2 or 3, the mover takes
                // that pit. Nothing opposite is taken.
                if board[last] == 2 || board[last] == 3 {
                    gain += board[last];
                    board[last] = 0;
                }
            }
            (_, Hole::MoverStore) => unreachable!("only kalah sows into a store"),
        }
        MoveResult { board, gain, again }
    }

    /// True when the mover's pit `m` holds seeds and, once sown and captured, leaves the
    /// opponent at least one seed (oware's and warri's feeding test).
    fn feeds(&self, p: &RefPos, m: usize) -> bool {
        if p.board[self.index_of(p.to_move, m)] == 0 {
            return false;
        }
        let r = self.sow_and_capture(p, m);
        self.row_seeds(&r.board, p.to_move.opponent()) > 0
    }

    /// The pits an oware or warri capture takes when the mover's last seed fell at `last` on
    /// the board `after` the sowing: nothing unless `last` is on the opponent's side and now
    /// holds 2 or 3; then that pit and the pits before it on the opponent's side while each
    /// holds 2 or 3 (warri `chain=uniform`: while each holds the same count as the last pit).
    fn twos_and_threes(&self, after: &[u32], mover: Side, last: usize) -> Vec<usize> {
        let opponent = mover.opponent();
        let count = after[last];
        let mut pits = Vec::new();
        if !self.is_on_row(opponent, last) || !(count == 2 || count == 3) {
            return pits;
        }
        let uniform = self.kind == Kind::Warri && self.opts.chain_uniform;
        let mut i = last;
        loop {
            let c = after[i];
            let takes = if uniform {
                c == count
            } else {
                c == 2 || c == 3
            };
            if !takes {
                break;
            }
            pits.push(i);
            if i == self.index_of(opponent, 0) {
                break; // the opponent's pit 1: the chain never leaves his side
            }
            i -= 1;
        }
        pits
    }

    /// True when taking `pits` would leave `opponent` no seed at all (a grand slam).
    fn takes_everything(&self, board: &[u32], opponent: Side, pits: &[usize]) -> bool {
        !pits.is_empty()
            && self
                .row(opponent)
                .all(|i| board[i] == 0 || pits.contains(&i))
    }

    /// Oware: would the mover's pit `m` capture every seed on the opponent's side?
    fn is_grand_slam(&self, p: &RefPos, m: usize) -> bool {
        let (board, _, last) = self.sow(&p.board, p.to_move, m);
        match last {
            Hole::Pit(last) => {
                let pits = self.twos_and_threes(&board, p.to_move, last);
                self.takes_everything(&board, p.to_move.opponent(), &pits)
            }
            Hole::MoverStore => false,
        }
    }

    // ---------------------------------------------------------------------------------------
    // Moves, play, end of game

    /// The legal moves: the mover's pit indices `0..W` (from his left), in increasing order.
    /// Empty exactly when [`RefRules::outcome`] is `Some`.
    pub fn legal_moves(&self, p: &RefPos) -> Vec<usize> {
        let mover = p.to_move;
        let non_empty: Vec<usize> = (0..self.width)
            .filter(|&m| p.board[self.index_of(mover, m)] > 0)
            .collect();
        match self.kind {
            Kind::Kalah => {
                // A side left empty ends the game (after a move; a position given as text
                // with an empty side is over too).
                if self.row_seeds(&p.board, mover.opponent()) == 0 {
                    return Vec::new();
                }
                non_empty
            }
            Kind::Oware => non_empty
                .into_iter()
                .filter(|&m| self.feeds(p, m))
                .filter(|&m| self.opts.grandslam_forfeit || !self.is_grand_slam(p, m))
                .collect(),
            // Humpidge rule 6: "The game is finished when there are four or fewer pieces on
            // the board" (a position with so few seeds is over, however it arose).
            Kind::Warri if p.board.iter().sum::<u32>() <= 4 => Vec::new(),
            // The feeding rule: a move must leave the opponent a seed when some move does.
            // When none does, the game is over (see `outcome`), so there is no move at all.
            Kind::Warri => non_empty
                .into_iter()
                .filter(|&m| self.feeds(p, m))
                .collect(),
            Kind::Kale | Kind::Kpo => non_empty,
        }
    }

    /// Plays the legal move `m` (the mover's pit index from his left).
    pub fn play(&self, p: &RefPos, m: usize) -> RefPos {
        assert!(m < self.width, "move {m} is outside the mover's row");
        let mover = p.to_move;
        let r = self.sow_and_capture(p, m);
        let mut board = r.board;
        let mut captured = p.captured;
        captured[mover.index()] += r.gain;
        let board_total: u32 = board.iter().sum();
        let some_side_empty = Side::ALL.iter().any(|&s| self.row_seeds(&board, s) == 0);
        let share_out = match self.kind {
            // Warri: the game ends after a move that leaves four or fewer seeds on the board;
            // each player takes those on his side.
            Kind::Warri => board_total <= 4,
            // Kalah: after any move that leaves either side empty, each player puts the seeds
            // on his side into his store and the game ends.
            Kind::Kalah => some_side_empty,
            _ => false,
        };
        if share_out {
            for s in Side::ALL {
                captured[s.index()] += self.row_seeds(&board, s);
            }
            board.iter_mut().for_each(|c| *c = 0);
        }
        RefPos {
            board,
            captured,
            // The extra move (kalah) is granted only while the game goes on.
            to_move: if r.again && !share_out {
                mover
            } else {
                mover.opponent()
            },
        }
    }

    /// The final score `[South, North]` when the game is over at `p`, else `None`.
    pub fn outcome(&self, p: &RefPos) -> Option<[u32; 2]> {
        let mover = p.to_move;
        let opponent = mover.opponent();
        let mine = self.row_seeds(&p.board, mover);
        let theirs = self.row_seeds(&p.board, opponent);
        let on_board = mine + theirs;
        // Each player takes the seeds on his own side.
        let each_own = [
            p.captured[0] + self.row_seeds(&p.board, Side::South),
            p.captured[1] + self.row_seeds(&p.board, Side::North),
        ];
        // One player takes every seed left on the board.
        let all_to = |s: Side| {
            let mut c = p.captured;
            c[s.index()] += on_board;
            c
        };
        match self.kind {
            Kind::Kalah => (mine == 0 || theirs == 0).then_some(each_own),
            // Oware: "if the mover has no seed, the game ends and the opponent takes the seeds
            // left on the board; if the mover has seeds but no legal move, the game ends and
            // the mover takes all the seeds left on the board" (docs/RULES.md).
            Kind::Oware if mine == 0 => Some(all_to(opponent)),
            Kind::Oware => self.legal_moves(p).is_empty().then(|| all_to(mover)),
            Kind::Warri => {
                if on_board <= 4 {
                    // Rule 6: "the pieces which remain becoming the property of the player on
                    // whose side of the board they are on."
                    Some(each_own)
                } else if mine == 0 {
                    // (a) The mover is unable to play: takes-all gives him every seed left.
                    Some(if self.opts.starved_owner {
                        each_own
                    } else {
                        all_to(mover)
                    })
                } else if (0..self.width).all(|m| !self.feeds(p, m)) {
                    // (b) No move leaves the opponent a seed: the opponent is the player unable
                    // to play, and takes-all gives him every seed left.
                    Some(if self.opts.starved_owner {
                        each_own
                    } else {
                        all_to(opponent)
                    })
                } else {
                    None
                }
            }
            // Kale: the game ends when the player to move has no seed; seeds left on the board
            // are not counted by either player.
            Kind::Kale => (mine == 0).then_some(p.captured),
            // Kpo: the game ends when the player to move has no seed, each taking his own.
            Kind::Kpo => (mine == 0).then_some(each_own),
        }
    }

    /// Perft: `perft(p, 0) = 1`, else the sum of `perft(child, depth - 1)` over the legal
    /// moves (a finished game counts 0 below depth 0).
    pub fn perft(&self, p: &RefPos, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.legal_moves(p)
            .into_iter()
            .map(|m| self.perft(&self.play(p, m), depth - 1))
            .sum()
    }

    // ---------------------------------------------------------------------------------------
    // Text

    /// Position text per docs/NOTATION.md: `<north row>/<south row> <S|N> captured=s,n` (kalah:
    /// `stores=s,n`), North's row written as South sees it (North's pit W first).
    pub fn format(&self, p: &RefPos) -> String {
        let w = self.width;
        let list = |indices: Vec<usize>| {
            indices
                .into_iter()
                .map(|i| p.board[i].to_string())
                .collect::<Vec<_>>()
                .join(",")
        };
        let north = list(
            (0..w)
                .rev()
                .map(|k| self.index_of(Side::North, k))
                .collect(),
        );
        let south = list((0..w).map(|k| self.index_of(Side::South, k)).collect());
        let key = if self.kind == Kind::Kalah {
            "stores"
        } else {
            "captured"
        };
        format!(
            "{north}/{south} {} {key}={},{}",
            p.to_move.letter(),
            p.captured[0],
            p.captured[1]
        )
    }

    /// Checks that a fast position and a reference position are the same: same text, same
    /// legal moves, same outcome. Returns a description of the first difference.
    pub fn compare(&self, g: &TwoRow, fast: &TwoRowPos, reference: &RefPos) -> Result<(), String> {
        let ft = g.format_position(fast);
        let rt = self.format(reference);
        if ft != rt {
            return Err(format!("position text: fast {ft}, reference {rt}"));
        }
        let fm: Vec<usize> = g.legal_moves(fast).iter().map(|&m| m as usize).collect();
        let rm = self.legal_moves(reference);
        if fm != rm {
            return Err(format!("at {rt}: moves: fast {fm:?}, reference {rm:?}"));
        }
        let fo = g.outcome(fast).map(|o| o.score);
        let ro = self.outcome(reference);
        if fo != ro {
            return Err(format!("at {rt}: outcome: fast {fo:?}, reference {ro:?}"));
        }
        Ok(())
    }
}
