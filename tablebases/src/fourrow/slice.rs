//! The slices of the four-row tables: the identity of a game's tables and their file names,
//! the extra state of a position, and the index of a position within its slice (the parent
//! module describes them).

use crate::error::{Bound, Error};
use crate::files::GameId;
use crate::tworow::index;
use mancala_solver::fourrow::{Dir, FourRow, FourRowPos, Kind, KANOTTA_SETUP};
use mancala_solver::tworow::board::Pits;
use mancala_solver::{Game, Side};

/// The value encoding in the file header.
pub const ENCODING: &str = crate::format::FOUR_ENCODING;
/// The metric in the file header.
pub const METRIC: &str = crate::format::FOUR_METRIC;
/// The position order in the file header.
pub const INDEX: &str = crate::format::FOUR_INDEX;
/// The extension of four-row table files.
pub const EXTENSION: &str = crate::files::FOUR_EXTENSION;
/// The widest board the index handles (a circuit of `2W` holes in 16 lanes).
pub const MAX_WIDTH: usize = mancala_solver::tworow::board::MAX_WIDTH;

/// The identity of `game`'s tables. Its rules are the options that differ from their
/// defaults (none under the standard rules), so that tables keep their names and bytes when
/// a variant gains an option.
pub fn game_id(game: &FourRow) -> GameId {
    let kind = game.kind();
    let defaults = mancala_solver::fourrow::Options::default().describe(kind);
    GameId {
        variant: kind.id().to_string(),
        rules: game
            .options()
            .describe(kind)
            .into_iter()
            .filter(|r| !defaults.contains(r))
            .collect(),
        width: game.width(),
    }
}

/// The file name of slice `(m, o)`: `<variant>-<rules>-w<W>-m<m>-o<o>.ftb`.
pub fn file_name(id: &GameId, split: [u32; 2]) -> String {
    format!(
        "{}-{}-w{}-m{}-o{}.{EXTENSION}",
        id.variant,
        id.rules_text(),
        id.width,
        split[0],
        split[1]
    )
}

/// Checks that tables can be built for `game`: a removal game at width `<= 8`.
pub fn check_game(game: &FourRow) -> Result<(), Error> {
    if !game.kind().removes() {
        return Err(Error::Rules(format!(
            "{}: tablebases are for the four-row games whose captures remove seeds; captures are re-sown here",
            game.kind().id()
        )));
    }
    if game.width() > MAX_WIDTH {
        return Err(Error::BadBound {
            bound: Bound::Width(game.width()),
            reason: format!("four-row tablebases go up to width {MAX_WIDTH}"),
        });
    }
    Ok(())
}

/// The number of extra states of `kind` (module docs).
pub fn states(kind: Kind) -> u32 {
    match kind {
        Kind::Nchuba => 9,
        Kind::Nakabili => 4,
        Kind::Natatu => 6,
        _ => 1,
    }
}

/// Cap of a capture counter: counts from this on act alike.
fn counter_cap(kind: Kind) -> u8 {
    match kind {
        Kind::Nchuba => 2,
        _ => 1,
    }
}

/// The extra state of `pos` (module docs).
pub fn state_of(kind: Kind, pos: &FourRowPos) -> u32 {
    let me = pos.side;
    match kind {
        Kind::Nchuba | Kind::Nakabili => {
            let cap = counter_cap(kind);
            let r = cap as u32 + 1;
            let a = pos.captures[me.index()].min(cap) as u32;
            let b = pos.captures[me.opponent().index()].min(cap) as u32;
            a * r + b
        }
        Kind::Natatu => {
            let d = match pos.dir {
                None => 0,
                Some(Dir::Cw) => 1,
                Some(Dir::Ccw) => 2,
            };
            me.index() as u32 * 3 + d
        }
        _ => 0,
    }
}

/// Positions of one player's circuit with `n` seeds over `2W` holes.
pub fn circuit_len(width: usize, n: u32) -> u64 {
    index::binomial(n as usize + 2 * width - 1, 2 * width - 1)
}

/// One slice: the side to move has `split[0]` seeds, the opponent `split[1]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FourSlice {
    /// Mover's and opponent's seeds.
    pub split: [u32; 2],
    width: usize,
    states: u32,
    lens: [u64; 2],
}

impl FourSlice {
    /// The slice `split` of `game`.
    pub fn new(game: &FourRow, split: [u32; 2]) -> FourSlice {
        let w = game.width();
        FourSlice {
            split,
            width: w,
            states: states(game.kind()),
            lens: [circuit_len(w, split[0]), circuit_len(w, split[1])],
        }
    }

    /// Number of positions.
    pub fn len(&self) -> u64 {
        self.states as u64 * self.lens[0] * self.lens[1]
    }

    /// True when the slice has no position (never).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The index of `pos`, which must belong to this slice (side to move normalised inside).
    pub fn rank(&self, game: &FourRow, pos: &FourRowPos) -> u64 {
        let l = 2 * self.width;
        let me = pos.side;
        let c = |s: Side| {
            let mut p = Pits::EMPTY;
            for (i, &x) in pos.board.circuit(s)[..l].iter().enumerate() {
                p.set(i, x);
            }
            index::rank(p, l)
        };
        let st = state_of(game.kind(), pos) as u64;
        (st * self.lens[0] + c(me)) * self.lens[1] + c(me.opponent())
    }

    /// The position at `i` (`i < len`), with nothing captured.
    pub fn unrank(&self, game: &FourRow, i: u64) -> FourRowPos {
        let l = 2 * self.width;
        let ro = i % self.lens[1];
        let rest = i / self.lens[1];
        let rm = rest % self.lens[0];
        let st = (rest / self.lens[0]) as u32;
        let kind = game.kind();
        let mut pos = game.start();
        pos.captured = [0; 2];
        pos.captures = [0; 2];
        pos.dir = None;
        if kind == Kind::Kanotta {
            pos.removed = [KANOTTA_SETUP; 2];
        }
        let me = match kind {
            Kind::Natatu if st >= 3 => Side::North,
            _ => Side::South,
        };
        match kind {
            Kind::Nchuba | Kind::Nakabili => {
                let r = counter_cap(kind) as u32 + 1;
                pos.captures[me.index()] = (st / r) as u8;
                pos.captures[me.opponent().index()] = (st % r) as u8;
            }
            Kind::Natatu => {
                pos.dir = match st % 3 {
                    0 => None,
                    1 => Some(Dir::Cw),
                    _ => Some(Dir::Ccw),
                };
            }
            _ => {}
        }
        pos.side = me;
        let pm = index::unrank(rm, l, self.split[0]);
        let po = index::unrank(ro, l, self.split[1]);
        let b = &mut pos.board;
        *b = Default::default();
        for k in 0..l {
            b.circuit_mut(me)[k] = pm.get(k);
            b.circuit_mut(me.opponent())[k] = po.get(k);
        }
        pos
    }
}

/// The split `[mover's seeds, opponent's seeds]` of `pos`.
pub fn split_of(game: &FourRow, pos: &FourRowPos) -> [u32; 2] {
    let w = game.width();
    [
        pos.board.seeds_of(pos.side, w),
        pos.board.seeds_of(pos.side.opponent(), w),
    ]
}

/// True when `pos` is of the kind the tables hold (kanotta: past the setup phase).
pub fn in_tables_scope(game: &FourRow, pos: &FourRowPos) -> bool {
    !game.in_setup(pos)
}

/// Every split with at most `max_stones` seeds on the board, in build order: by total, then
/// by the mover's seeds.
pub fn splits(max_stones: u32) -> Vec<[u32; 2]> {
    let mut v = Vec::new();
    for n in 0..=max_stones {
        for m in 0..=n {
            v.push([m, n - m]);
        }
    }
    v
}
