//! What the engines share: the [`Engine`] trait, what they need of a rules type
//! ([`EngineGame`], with each family's evaluation), the value of a won game and the choice
//! among equal moves.

use crate::engine::Describe;
use mancala_solver::game::{Game, MarginGame};
use mancala_solver::rng::Rng;
use mancala_solver::tworow::{Kind, TwoRow, TwoRowPos};
use mancala_solver::Notation;

/// The value of a won game for the side to move in games whose [`EngineGame::terminal`]
/// gives it (the four-row games), less the plies from the root to the end (a nearer win is
/// worth more). Values within [`MATE_RANGE`] of it are such "mate" scores.
pub const WIN: i32 = 1_000_000;
/// See [`WIN`].
pub const MATE_RANGE: i32 = 10_000;

/// A player: chooses a move in a position that is not over.
///
/// # Example
///
/// ```
/// use mancala_analysis::engine::{Engine, EngineSpec, Rng};
/// use mancala_solver::{Game, Kind, TwoRow};
///
/// // An engine chooses a legal move, its random choices all drawn from the generator: the
/// // same seed, the same move.
/// let game = TwoRow::standard(Kind::Oware);
/// let start = game.start();
/// let mut random: Box<dyn Engine<TwoRow>> = EngineSpec::Random.build(None);
/// assert_eq!(random.name(), "random");
/// let m = random.choose(&game, &start, &mut Rng::new(3));
/// assert!(game.is_legal(&start, m));
/// assert_eq!(random.choose(&game, &start, &mut Rng::new(3)), m);
/// ```
pub trait Engine<G: Game>: Send {
    /// The engine's spec with every parameter written out (e.g. `alphabeta:depth=4`).
    fn name(&self) -> String;
    /// Chooses a legal move of `pos`, which must have one. Random choices come from `rng`.
    fn choose(&mut self, game: &G, pos: &G::Position, rng: &mut Rng) -> G::Move;
    /// Nodes (positions visited) since the engine was made, for benchmarks.
    fn nodes(&self) -> u64 {
        0
    }
    /// Holds the engine's moves to `deadline`, over its own limit: when it comes, the move
    /// is the best the engine has (a legal one at worst). Engines whose move is a bounded
    /// amount of work (random, greedy) need not heed it.
    fn stop_at(&mut self, _deadline: std::time::Instant) {}
    /// The index among the legal moves of the best move found so far, for a move whose
    /// search was cut short by [`mancala_solver::stop`] (`None`: none yet).
    fn best_so_far(&self) -> Option<usize> {
        None
    }
    /// Chooses a move like [`Engine::choose`], or says why the engine gave none (an external
    /// program that crashed, overran its time or named an illegal move): the game is then
    /// lost by forfeit. The engines of this crate cannot fail; the default calls `choose`.
    fn try_choose(&mut self, game: &G, pos: &G::Position, rng: &mut Rng) -> Result<G::Move, Fault> {
        Ok(self.choose(game, pos, rng))
    }
    /// Hears a move `mv` played from `before` by either side (the random opening's too), so
    /// that an engine that keeps the game's history (an external program is sent the moves
    /// since the start) can follow it. The default ignores it.
    fn heard(&mut self, _game: &G, _before: &G::Position, _mv: G::Move) {}
}

/// Why an engine gave no move ([`Engine::try_choose`]): its game is lost by forfeit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fault {
    /// What went wrong.
    pub kind: FaultKind,
    /// What and where, in one line (the move named, the time taken, the exit status).
    pub detail: String,
    /// The engine's last lines on its standard error (at most [`STDERR_LINES`]).
    pub stderr: Vec<String>,
}

/// The standard-error lines a [`Fault`] keeps, the last ones.
pub const STDERR_LINES: usize = 20;

/// The kinds of [`Fault`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FaultKind {
    /// The program could not be started, or failed the handshake.
    Start,
    /// No move within the time for the move and its margin (the program is killed).
    Time,
    /// A move that is not legal, or not a move name.
    Illegal,
    /// A line the protocol does not allow (too long, not UTF-8, `bestmove` without a move).
    Protocol,
    /// The program exited, or closed its input or output.
    Crash,
}

impl FaultKind {
    /// A short word for tables and JSON.
    pub fn as_str(self) -> &'static str {
        match self {
            FaultKind::Start => "start",
            FaultKind::Time => "time",
            FaultKind::Illegal => "illegal",
            FaultKind::Protocol => "protocol",
            FaultKind::Crash => "crash",
        }
    }
}

impl std::fmt::Display for Fault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.kind.as_str(), self.detail)
    }
}

/// What the engines need of a rules type beyond [`MarginGame`]: a heuristic evaluation, and
/// the text forms ([`Notation`], [`Describe`]) an external engine is sent.
pub trait EngineGame: MarginGame<Key = u128> + Notation + Describe {
    /// A heuristic value of `pos` for the side to move, in quarter seeds, used by
    /// `alphabeta` at its horizon. The default is four times the seeds won so far
    /// ([`MarginGame::margin`]). It must differ from `4 * margin` only by a function of
    /// [`MarginGame::key`] (alpha-beta's table stores values less `4 * margin`).
    fn evaluate(&self, pos: &Self::Position) -> i32 {
        4 * self.margin(pos)
    }
    /// The value of a finished game for the side to move, on the scale of
    /// [`EngineGame::evaluate`]. The default is 4 × the final margin (seed games); a game
    /// scored only by win or loss returns ± [`WIN`], which alpha-beta shortens by
    /// the plies to the end.
    fn terminal(&self, pos: &Self::Position) -> i32 {
        4 * self.final_margin(pos)
    }
    /// Material for the side to move (mover minus opponent), for `greedy`'s immediate gain
    /// and alpha-beta's move ordering. The default is the seeds won so far.
    fn material(&self, pos: &Self::Position) -> i32 {
        self.margin(pos)
    }
    /// True when no position of the game has more moves than the exact search numbers
    /// ([`mancala_solver::search::MAX_MOVES`]), so that `perfect` may search it.
    fn searchable(&self) -> bool {
        true
    }
    /// Command-line options of the game's size beyond [`Describe`]'s width, seeds, counters
    /// and rules, as `mancala` spells them (`--store N`), for the protocol's `variant` line.
    fn size_options(&self) -> Vec<String> {
        Vec::new()
    }
}

/// The two-row evaluation, per family, in quarter seeds (mover minus opponent):
///
/// - every family: 4 × the seeds captured (or stored) so far;
/// - kalah, oware, kpo, warri: plus 1 × (seeds on the mover's row − seeds on the opponent's
///   row). In kalah, oware and kpo the seeds left on a row at the end go to its owner
///   (docs/RULES.md), so a seed on one's own row is worth something; in warri too, unless the
///   game ends by a starved player taking everything — a quarter seed is a mild guess;
/// - kale: nothing more, since the seeds left at the end count for nobody (Good: "The
///   counters that remain in the board at the end of the game are not counted by either
///   player").
impl EngineGame for TwoRow {
    fn evaluate(&self, pos: &TwoRowPos) -> i32 {
        let w = self.width();
        let own = pos.pits().sum_first(w) as i32;
        let opp = pos.pits().sum_first(2 * w) as i32 - own;
        let won = 4 * self.margin(pos);
        match self.kind() {
            Kind::Kale => won,
            Kind::Kalah | Kind::Oware | Kind::Kpo | Kind::Warri => won + own - opp,
        }
    }
}

/// The four-row games (metric `wdl`: nothing is won before the end; the player to move who
/// has no legal move has lost):
///
/// - a finished game is ± [`WIN`] (less the plies to it, in alpha-beta), far
///   beyond any evaluation, so a win within the horizon always counts first;
/// - material and the evaluation: the seeds a side holds (its two rows, plus its store in
///   mwambulula), mover minus opponent, the evaluation in quarter seeds (4 × material). A
///   player loses when he can no longer move, which comes from having few seeds left (the
///   removal games take captured seeds off the board; in chisolo-ii and mwambulula the
///   capturer re-sows them on his side, so the holdings move the same way), so the seed
///   difference is the natural guide; mobility would cost a move generation at every leaf.
impl EngineGame for mancala_solver::fourrow::FourRow {
    fn evaluate(&self, pos: &mancala_solver::fourrow::FourRowPos) -> i32 {
        4 * self.material(pos)
    }
    fn searchable(&self) -> bool {
        self.max_moves_bound() <= mancala_solver::search::MAX_MOVES
    }
    fn terminal(&self, pos: &mancala_solver::fourrow::FourRowPos) -> i32 {
        WIN * self.final_margin(pos).signum()
    }
    fn material(&self, pos: &mancala_solver::fourrow::FourRowPos) -> i32 {
        let held = self.seeds_held(pos);
        let me = self.to_move(pos).index();
        held[me] as i32 - held[1 - me] as i32
    }
}

/// The arrangements an engine chooses among in the Isolo games' arrangement phases.
pub const ISOLO_CANDIDATES: usize = 48;

/// The Isolo games (metric `wdl`; play [`Isolo::for_engines`], whose arrangement phases offer
/// a bounded list of candidates): a finished game is ± [`WIN`]; material and the
/// evaluation are the seeds a side holds, mover minus opponent (4 × material in quarter
/// seeds). Nothing leaves the board and a player loses when his holes are empty, so the seeds
/// held are the natural guide, as in the four-row games.
///
/// [`Isolo::for_engines`]: mancala_solver::isolo::Isolo::for_engines
impl EngineGame for mancala_solver::isolo::Isolo {
    fn size_options(&self) -> Vec<String> {
        use mancala_solver::isolo::{Kind, Setup};
        let (setup, standard) = (self.setup(), Setup::standard(self.kind()));
        let mut out = Vec::new();
        if self.kind() == Kind::IsoloI && setup.store != standard.store {
            out.extend(["--store".to_string(), setup.store.to_string()]);
        }
        if self.kind() == Kind::IsoloII && setup.max_hole != standard.max_hole {
            out.extend(["--max-hole".to_string(), setup.max_hole.to_string()]);
        }
        out
    }
    fn evaluate(&self, pos: &mancala_solver::isolo::IsoloPos) -> i32 {
        4 * self.material(pos)
    }
    fn terminal(&self, pos: &mancala_solver::isolo::IsoloPos) -> i32 {
        WIN * self.final_margin(pos).signum()
    }
    fn material(&self, pos: &mancala_solver::isolo::IsoloPos) -> i32 {
        let me = pos.side;
        self.seeds_of(pos, me) as i32 - self.seeds_of(pos, me.opponent()) as i32
    }
}

/// The morris games (metric `wdl`): a finished game is ± [`WIN`]; material is the
/// counters a side still has (on the board and in hand), mover minus opponent; the
/// evaluation, for the side to move (mover minus opponent):
///
/// - 16 × material: a counter lost is a line the loser can no longer make, and three lost
///   short of the end is the game;
/// - 2 × the *open twos*: lines holding two of a side's counters and an empty third point,
///   each a line of three one move away (a placement, or a flight or a step into it);
/// - once every counter is entered, 1 × the counters that can move (an empty neighbour, or
///   an outside corner's flight, or any counter of a side that flies with three): a side
///   that cannot move has lost.
impl EngineGame for mancala_solver::morris::Morris {
    fn evaluate(&self, pos: &mancala_solver::morris::MorrisPos) -> i32 {
        use mancala_solver::morris::board::{ALL, OUTER_CORNERS};
        let me = pos.side.index();
        let empty = ALL & !(pos.men[0] | pos.men[1]);
        let open_twos = |s: usize| {
            let (mine, theirs) = (pos.men[s], pos.men[1 - s]);
            self.lines()
                .iter()
                .filter(|&&l| (mine & l).count_ones() == 2 && theirs & l == 0)
                .count() as i32
        };
        let mut v = 16 * self.material(pos) + 2 * (open_twos(me) - open_twos(1 - me));
        if mancala_solver::morris::Morris::entered(pos) {
            let o = self.options();
            let corners = if o.corners_fly { OUTER_CORNERS } else { 0 };
            let adj = self.adjacency();
            let mobile = |s: usize| {
                let men = pos.men[s];
                if empty == 0 || o.fly_three && men.count_ones() == 3 {
                    return if empty == 0 { 0 } else { 3 };
                }
                (0..adj.len())
                    .filter(|&p| {
                        men >> p & 1 == 1 && (corners >> p & 1 == 1 || adj[p] & empty != 0)
                    })
                    .count() as i32
            };
            v += mobile(me) - mobile(1 - me);
        }
        v
    }
    fn terminal(&self, pos: &mancala_solver::morris::MorrisPos) -> i32 {
        WIN * self.final_margin(pos).signum()
    }
    fn material(&self, pos: &mancala_solver::morris::MorrisPos) -> i32 {
        let me = pos.side.index();
        let held = |s: usize| pos.men[s].count_ones() as i32 + pos.hand[s] as i32;
        held(me) - held(1 - me)
    }
}

/// The value of `mv` in `pos` for the side to move, given the child's value `child` for the
/// child's side to move: the child's own side to move may be the same (an extra move).
pub fn from_child<G: Game>(game: &G, pos: &G::Position, child: &G::Position, v: i32) -> i32 {
    if game.to_move(child) == game.to_move(pos) {
        v
    } else {
        -v
    }
}

/// Picks uniformly among the indices of `values` that reach the maximum.
pub(crate) fn pick_best(values: &[i32], rng: &mut Rng) -> usize {
    let best = *values.iter().max().expect("at least one move");
    let ties: Vec<usize> = (0..values.len()).filter(|&i| values[i] == best).collect();
    ties[rng.below(ties.len())]
}
