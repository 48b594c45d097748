//! The `--json` shapes of the kpo commands for three and four players (`mancala <cmd> kpo
//! --players 3|4`), per docs/NOTATION-KPO-PLAYERS.md.

use crate::r#match::json::{Ends, MatchSetup};
use crate::shape::{Board, ByName, Start};
use mancala_solver::nseat::SeatNotation;
use serde::Serialize;

/// The seat-keyed counts of a game of three or four (`{"S": .., "E": .., ...}`).
pub fn by_seat<G: SeatNotation + mancala_solver::nseat::SeatGame, T: Copy>(
    g: &G,
    v: &[T],
) -> ByName<T> {
    (0..g.seats()).map(|s| (g.seat_name(s), v[s])).collect()
}

/// How a finished game of three or four ended.
#[derive(Serialize)]
pub struct SeatEnded {
    /// The one leader, if there is one.
    pub winner: Option<String>,
    /// Every leader.
    pub leaders: Vec<String>,
    /// The final scores by seat.
    pub score: ByName<u32>,
}

/// `show --json` and `play --json` of a game of three or four.
#[derive(Serialize)]
pub struct SeatState {
    /// The variant, players and position.
    #[serde(flatten)]
    pub at: Start,
    /// The seat to move.
    pub to_move: String,
    /// Seeds each seat has taken.
    pub captured: ByName<u32>,
    /// True when the game is over.
    pub game_over: bool,
    /// The result, when over.
    pub result: Option<SeatEnded>,
    /// Board size and rules.
    #[serde(flatten)]
    pub board: Board,
    /// The board as `show` draws it.
    #[serde(skip)]
    pub drawing: String,
    /// The seat names in seat order, for the text's scores (the JSON's maps sort by name).
    #[serde(skip)]
    pub seats: Vec<String>,
}

/// One max^n profile of `solve --json` for three or four players.
#[derive(Serialize)]
pub struct MaxnJson {
    /// Seeds each seat ends with.
    pub seeds: ByName<f64>,
    /// The same in shares (1/n seed).
    pub shares: Vec<u32>,
    /// The seats that lead.
    pub leaders: Vec<String>,
    /// Positions whose value came by the leaving rule.
    pub positions_leaving: u64,
    /// Positions of endless play.
    pub positions_endless: u64,
    /// Positions where a seat would gain by one other move.
    pub deviations: u64,
}

/// `solve --json` for three or four players: paranoid values, max^n profiles, forced wins
/// and kingmakers.
#[derive(Serialize)]
pub struct SeatSolve {
    /// The variant, players and position.
    #[serde(flatten)]
    pub at: Start,
    /// `seeds`.
    pub metric: &'static str,
    /// `1/n seed`.
    pub share_unit: String,
    /// Seeds still in play.
    pub seeds_in_play: u32,
    /// Each seat's paranoid value in seeds, when proven.
    pub paranoid: Option<ByName<f64>>,
    /// The same in shares.
    pub paranoid_shares: Option<Vec<u32>>,
    /// Positions of the whole graph, when it was built.
    pub graph_positions: Option<usize>,
    /// Nodes of each seat's paranoid search (null: not run or not finished).
    pub search_nodes: Vec<Option<u64>>,
    /// The max^n profile under each tie rule.
    pub maxn: ByName<MaxnJson>,
    /// The seats that can force a win, when known.
    pub forced_winners: Option<Vec<String>>,
    /// The kingmakers, when tested.
    pub kingmakers: Option<Vec<String>>,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// The seat to move.
    #[serde(skip)]
    pub to_move: String,
    /// Board size and rules, for the text's first line.
    #[serde(skip)]
    pub board: Board,
    /// The seat names in seat order (the JSON's maps sort by name).
    #[serde(skip)]
    pub seats: Vec<String>,
    /// The tie rules of `maxn` in the order the analysis ran them.
    #[serde(skip)]
    pub ties: Vec<String>,
}

impl SeatSolve {
    /// The analysis `a` of `pos` (which `at` names, on the board `board`), seats named by
    /// `g`.
    pub fn new<G: SeatNotation + mancala_solver::nseat::SeatGame>(
        g: &G,
        pos: &G::Position,
        at: Start,
        board: Board,
        a: &mancala_solver::nseat::analysis::Analysis,
    ) -> SeatSolve {
        use mancala_solver::nseat::analysis::winners;
        let n = g.seats();
        let seeds = |v: &[u32]| -> ByName<f64> {
            (0..n)
                .map(|i| (g.seat_name(i), v[i] as f64 / n as f64))
                .collect()
        };
        let names = |w: Vec<usize>| w.iter().map(|&s| g.seat_name(s)).collect::<Vec<_>>();
        let p = a.paranoid();
        SeatSolve {
            at,
            metric: "seeds",
            share_unit: format!("1/{n} seed"),
            seeds_in_play: a.total,
            paranoid: p.map(|p| seeds(&p)),
            paranoid_shares: p.map(|p| p[..n].to_vec()),
            graph_positions: a.graph_positions,
            search_nodes: a.paranoid_search.iter().map(|x| x.map(|y| y.1)).collect(),
            maxn: a
                .maxn
                .iter()
                .map(|r| {
                    let shape = MaxnJson {
                        seeds: seeds(&r.shares),
                        shares: r.shares[..n].to_vec(),
                        leaders: names(winners(&r.shares, n)),
                        positions_leaving: r.stats.left,
                        positions_endless: r.stats.endless,
                        deviations: r.stats.deviations,
                    };
                    (r.tie.as_str().to_string(), shape)
                })
                .collect(),
            forced_winners: a.forced_winners().map(names),
            kingmakers: a.kingmakers().map(names),
            seconds: a.seconds,
            to_move: g.seat_name(g.to_move(pos)),
            board,
            seats: (0..n).map(|i| g.seat_name(i)).collect(),
            ties: a.maxn.iter().map(|r| r.tie.as_str().to_string()).collect(),
        }
    }
}

/// A mean with its 95% interval, as `<key>`, `<key>_lo` and `<key>_hi` of a seat match.
#[derive(Serialize)]
pub struct SeatResult {
    /// Mean score (seeds at the end).
    pub score: f64,
    /// Its interval's low end.
    pub score_lo: f64,
    /// Its interval's high end.
    pub score_hi: f64,
    /// Share of games led.
    pub wins: f64,
    /// Its interval's low end.
    pub wins_lo: f64,
    /// Its interval's high end.
    pub wins_hi: f64,
}

impl SeatResult {
    /// From the score and win means.
    pub fn of(score: &crate::stats::Mean, wins: &crate::stats::Mean) -> SeatResult {
        SeatResult {
            score: score.mean,
            score_lo: score.lo,
            score_hi: score.hi,
            wins: wins.mean,
            wins_lo: wins.lo,
            wins_hi: wins.hi,
        }
    }
}

/// One seat of a seat match.
#[derive(Serialize)]
pub struct BySeat {
    /// The seat.
    pub seat: String,
    /// Its results.
    #[serde(flatten)]
    pub result: SeatResult,
}

/// One engine of a seat match.
#[derive(Serialize)]
pub struct ByEngine {
    /// The engine.
    pub engine: String,
    /// Its letter (A, B, ...).
    pub label: String,
    /// Its results.
    #[serde(flatten)]
    pub result: SeatResult,
}

/// `match --json` for three or four players.
#[derive(Serialize)]
pub struct SeatMatch {
    /// The variant, players and position.
    #[serde(flatten)]
    pub at: Start,
    /// The engines, in label order.
    pub engines: Vec<String>,
    /// Seed, opening and ply limit (and the games played).
    #[serde(flatten)]
    pub setup: MatchSetup,
    /// Seat orders played.
    pub seat_orders: u32,
    /// Results by seat.
    pub by_seat: Vec<BySeat>,
    /// Results by engine.
    pub by_engine: Vec<ByEngine>,
    /// Mean game length in plies.
    pub mean_plies: f64,
    /// How the games ended.
    pub ended: Ends,
    /// Wall-clock seconds.
    pub seconds: f64,
}

/// One row of `bench players --json`.
#[derive(Serialize)]
pub struct SeatBench {
    /// What was measured.
    pub what: String,
    /// Nodes.
    pub nodes: u64,
    /// Seconds.
    pub seconds: f64,
    /// Nodes a second.
    pub nodes_per_second: f64,
}
