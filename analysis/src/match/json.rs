//! The `--json` shapes of `match`, of two players and of kpo for three and four
//! ([`SeatMatch`], docs/NOTATION-KPO-PLAYERS.md), with the setup and endings they share.

use crate::r#match::games::Summary;
use crate::shape::Start;
use mancala_solver::Notation;
use serde::Serialize;

/// Wins, draws and losses.
#[derive(Serialize)]
pub struct Wdl3 {
    /// Wins.
    pub wins: u64,
    /// Draws.
    pub draws: u64,
    /// Losses.
    pub losses: u64,
}

/// How the games of a match ended.
#[derive(Serialize)]
pub struct Ends {
    /// By the rules.
    pub rules: u64,
    /// Stopped at a repeated position.
    pub repetition: u64,
    /// Stopped at the ply limit.
    pub ply_limit: u64,
    /// Lost by an engine that gave no move (written only when some game was).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub forfeit: Option<u64>,
}

impl Ends {
    /// From the counts by rules, repetition and ply limit.
    pub fn of(e: [u64; 3]) -> Ends {
        Ends {
            rules: e[0],
            repetition: e[1],
            ply_limit: e[2],
            forfeit: None,
        }
    }
}

/// What a match was asked to play.
#[derive(Serialize)]
pub struct MatchSetup {
    /// Games.
    pub games: u64,
    /// The seed of the games.
    pub seed: u64,
    /// Random plies at the start of each game.
    pub opening: u32,
    /// The ply limit.
    pub max_plies: u32,
}

/// One engine move from a position (the board page's engine): the engine's spec written
/// out, its move and the position after it.
#[derive(Serialize)]
pub struct EngineMove {
    /// The variant and the position the engine moved in.
    #[serde(flatten)]
    pub at: Start,
    /// The engine's spec with every parameter written out.
    pub engine: String,
    /// The move it chose.
    #[serde(rename = "move")]
    pub chosen: String,
    /// The position after the move.
    pub after: String,
    /// Nodes the engine visited.
    pub nodes: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
}

/// `match --json` between two engines.
#[derive(Serialize)]
pub struct Match {
    /// The variant and position.
    #[serde(flatten)]
    pub at: Start,
    /// Engine A.
    pub a: String,
    /// Engine B.
    pub b: String,
    /// Seed, opening and ply limit (and the games played).
    #[serde(flatten)]
    pub setup: MatchSetup,
    /// A's wins.
    pub wins: u64,
    /// Draws.
    pub draws: u64,
    /// A's losses.
    pub losses: u64,
    /// A's score, win 1 and draw ½, over games.
    pub score: f64,
    /// Elo difference A−B (null: unbounded).
    pub elo: Option<f64>,
    /// Its 95% interval's low end.
    pub elo_lo: Option<f64>,
    /// Its 95% interval's high end.
    pub elo_hi: Option<f64>,
    /// Mean game length in plies.
    pub mean_plies: f64,
    /// The first player's results.
    pub first_player: Wdl3,
    /// How the games ended.
    pub ended: Ends,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// The games lost by forfeit, in game order (written only when some game was).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub forfeits: Vec<Forfeit>,
}

/// A game lost by an engine that gave no move (docs/ENGINE-PROTOCOL.md, "Faults").
#[derive(Serialize)]
pub struct Forfeit {
    /// The game's index.
    pub game: u32,
    /// `a` or `b`: the engine that forfeited.
    pub engine: String,
    /// Its seat, `S` or `N`.
    pub side: String,
    /// `start`, `time`, `illegal`, `protocol` or `crash`.
    pub kind: String,
    /// What and where, in one line.
    pub reason: String,
    /// The engine's last lines on its standard error.
    pub stderr: Vec<String>,
}

impl Match {
    /// The summary `s` of a match of `a` against `b` from `pos`.
    #[allow(clippy::too_many_arguments)]
    pub fn new<G: Notation>(
        g: &G,
        pos: &G::Position,
        a: String,
        b: String,
        s: &Summary,
        setup: MatchSetup,
        seconds: f64,
    ) -> Match {
        Match {
            at: Start::new(g, pos),
            a,
            b,
            setup: MatchSetup {
                games: s.games,
                ..setup
            },
            wins: s.wins,
            draws: s.draws,
            losses: s.losses,
            score: s.elo.score,
            elo: s.elo.diff,
            elo_lo: s.elo.lo,
            elo_hi: s.elo.hi,
            mean_plies: s.mean_plies,
            first_player: Wdl3 {
                wins: s.by_seat[0],
                draws: s.by_seat[1],
                losses: s.by_seat[2],
            },
            ended: Ends {
                forfeit: (!s.forfeits.is_empty()).then_some(s.forfeits.len() as u64),
                ..Ends::of(s.ends)
            },
            seconds,
            forfeits: s
                .forfeits
                .iter()
                .map(|(game, a, side, f)| Forfeit {
                    game: *game,
                    engine: if *a { "a" } else { "b" }.to_string(),
                    side: side.letter().to_string(),
                    kind: f.kind.as_str().to_string(),
                    reason: f.detail.clone(),
                    stderr: f.stderr.clone(),
                })
                .collect(),
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
