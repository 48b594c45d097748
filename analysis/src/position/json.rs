//! The `--json` shapes of `start`, `show`, `moves`, `play`, `perft` and `variants`
//! (docs/NOTATION.md), kpo for three and four players included
//! (docs/NOTATION-KPO-PLAYERS.md): its `start`, `moves` and `play` share their JSON with the
//! other games but not their text, so each has a text-only wrapper here.

use crate::engine::Describe;
use crate::shape::{Board, ByName, Start};
use mancala_solver::rule_options::RuleSpec;
use mancala_solver::variant::VariantInfo;
use mancala_solver::Notation;
use serde::Serialize;

/// `moves --json`: the legal moves by name.
#[derive(Serialize)]
pub struct Moves {
    /// The variant and position.
    #[serde(flatten)]
    pub at: Start,
    /// Legal moves, in move order.
    pub moves: Vec<String>,
}

impl Moves {
    /// The legal moves of `pos`.
    pub fn new<G: Notation>(g: &G, pos: &G::Position) -> Moves {
        Moves {
            at: Start::new(g, pos),
            moves: g
                .legal_moves(pos)
                .iter()
                .map(|&m| g.move_name(pos, m))
                .collect(),
        }
    }
}

/// South's and North's counts.
#[derive(Serialize)]
pub struct Pair {
    /// South's.
    #[serde(rename = "S")]
    pub south: u32,
    /// North's.
    #[serde(rename = "N")]
    pub north: u32,
}

impl Pair {
    fn of(v: [u32; 2]) -> Pair {
        Pair {
            south: v[0],
            north: v[1],
        }
    }
}

/// How a finished two-player game ended.
#[derive(Serialize)]
pub struct Ended {
    /// `S`, `N`, or null for a draw.
    pub winner: Option<String>,
    /// The final scores.
    pub score: Pair,
}

/// `show --json` and `play --json`: the game state.
#[derive(Serialize)]
pub struct State {
    /// The variant and position.
    #[serde(flatten)]
    pub at: Start,
    /// `S` or `N`.
    pub to_move: String,
    /// Seeds each side has taken.
    pub captured: Pair,
    /// True when the game is over.
    pub game_over: bool,
    /// The result, when over.
    pub result: Option<Ended>,
    /// Board size and rules.
    #[serde(flatten)]
    pub board: Board,
    /// The board as `show` draws it (`play` prints the position alone).
    #[serde(skip)]
    pub drawing: Option<String>,
}

impl State {
    /// The state of `pos`.
    pub fn new<G: Notation + Describe>(g: &G, pos: &G::Position) -> State {
        let outcome = g.outcome(pos);
        State {
            at: Start::new(g, pos),
            to_move: g.to_move(pos).letter().to_string(),
            captured: Pair::of(g.captured(pos)),
            game_over: outcome.is_some(),
            result: outcome.map(|o| Ended {
                winner: o.winner.map(|s| s.letter().to_string()),
                score: Pair::of(o.score),
            }),
            board: g.board(),
            drawing: None,
        }
    }
}

/// `perft --json`.
#[derive(Serialize)]
pub struct Perft {
    /// The variant and position (and players, for the seat games).
    #[serde(flatten)]
    pub at: Start,
    /// Plies counted.
    pub depth: u32,
    /// Move paths of that length.
    pub nodes: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// The count under each first move (`--divide`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub divide: Option<ByName<u64>>,
    /// The count under each first move in move order (the text's order).
    #[serde(skip)]
    pub listed: Vec<(String, u64)>,
}

/// What a position command prints (`start`, `show`, `moves`, `play`, `perft`), of a
/// two-player game or of kpo for three and four: the command's own shape.
#[derive(Serialize)]
#[serde(untagged)]
pub enum Position {
    /// `start` of a two-player game.
    Start(Start),
    /// `show` or `play` of a two-player game.
    State(State),
    /// `moves` of any game.
    Moves(Moves),
    /// `perft` of any game.
    Perft(Perft),
    /// `start` of kpo for three and four.
    SeatStart(SeatStart),
    /// `show` of kpo for three and four.
    SeatState(SeatState),
    /// `moves` of kpo for three and four.
    SeatMoves(SeatMoves),
    /// `play` of kpo for three and four.
    SeatPlayed(SeatPlayed),
}

/// `start`: the [`Start`] shape, printed as the position text.
#[derive(Serialize)]
#[serde(transparent)]
pub struct SeatStart(pub Start);

/// `moves`: the [`Moves`] shape, printed as the move names on one line.
#[derive(Serialize)]
#[serde(transparent)]
pub struct SeatMoves(pub Moves);

/// `play`: the [`SeatState`] after the moves, printed as the position text and, once the
/// game is over, who leads and every seat's score.
#[derive(Serialize)]
#[serde(transparent)]
pub struct SeatPlayed(pub SeatState);

/// One rule option in `variants --json`.
#[derive(Serialize)]
pub struct RuleJson {
    /// Its name.
    pub name: &'static str,
    /// Its values, the default first.
    pub values: &'static [&'static str],
    /// The default value.
    pub default: &'static str,
    /// What it decides.
    pub help: &'static str,
}

/// The rule options of `specs`.
pub fn rules(specs: &[RuleSpec]) -> Vec<RuleJson> {
    specs
        .iter()
        .map(|r| RuleJson {
            name: r.name,
            values: r.values,
            default: r.values[0],
            help: r.help,
        })
        .collect()
}

/// The seat counts of a variant that more than two can play, and their options.
#[derive(Serialize)]
pub struct Players {
    /// Seat counts.
    pub counts: Vec<usize>,
    /// The options of the game of three and four.
    pub rules: Vec<RuleJson>,
}

/// One variant of `variants --json`.
#[derive(Serialize)]
pub struct VariantJson {
    /// Its id.
    pub id: &'static str,
    /// The people who play it.
    pub people: &'static str,
    /// Its source.
    pub source: &'static str,
    /// Its board.
    pub board: &'static str,
    /// playable, or why not yet.
    pub status: &'static str,
    /// Its rule options.
    pub rules: Vec<RuleJson>,
    /// For kpo: the games of three and four.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub players: Option<Players>,
}

/// `variants --json`.
#[derive(Serialize)]
pub struct Variants {
    /// Every variant of the catalogue.
    pub variants: Vec<VariantJson>,
}

impl Variants {
    /// The catalogue.
    pub fn new(list: &[VariantInfo]) -> Variants {
        let variants = list
            .iter()
            .map(|v| {
                use mancala_solver::variant::Family;
                let specs = match v.family {
                    Family::TwoRow(k) => k.options(),
                    Family::FourRow(k) => k.options(),
                    Family::Morris(k) => k.options(),
                    Family::Isolo(k) => k.options(),
                    Family::None => &[],
                };
                VariantJson {
                    id: v.id,
                    people: v.people,
                    source: v.source,
                    board: v.board,
                    status: v.status.as_str(),
                    rules: rules(specs),
                    players: (v.id == "kpo").then(|| Players {
                        counts: vec![2, 3, 4],
                        rules: rules(mancala_solver::kpo_players::OPTIONS),
                    }),
                }
            })
            .collect();
        Variants { variants }
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::line;
    use mancala_solver::any::AnyGame;
    use mancala_solver::variant::setup;
    use mancala_solver::TwoRow;

    fn two(variant: &str) -> (TwoRow, mancala_solver::TwoRowPos) {
        match setup(variant, Default::default(), &[], None).unwrap() {
            AnyGame::Two(g, p) => (*g, p),
            _ => unreachable!("a two-row variant"),
        }
    }

    #[test]
    fn keys_come_out_sorted_and_state_has_the_notation_keys() {
        let (g, pos) = two("kalah");
        let text = line(&State::new(&g, &pos));
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        let keys: Vec<&String> = v.as_object().unwrap().keys().collect();
        let mut sorted = keys.clone();
        sorted.sort();
        assert_eq!(keys, sorted);
        for k in [
            "variant",
            "position",
            "to_move",
            "captured",
            "game_over",
            "result",
            "width",
            "rules",
        ] {
            assert!(v.get(k).is_some(), "{k} missing: {text}");
        }
        // A two-row state names no seeds; the start has no result yet.
        assert!(v.get("seeds").is_none());
        assert_eq!(v["result"], serde_json::Value::Null);
        assert_eq!(v["captured"]["S"], 0);
        assert!(text.find("\"board\"").is_none(), "flattened: {text}");
    }

    #[test]
    fn optional_fields_are_left_out_not_null() {
        let (g, pos) = two("oware");
        let start = line(&Start::new(&g, &pos));
        assert!(!start.contains("players"), "{start}");
        let perft = line(&Perft {
            at: Start::new(&g, &pos),
            depth: 1,
            nodes: 6,
            seconds: 0.0,
            divide: None,
            listed: Vec::new(),
        });
        assert!(!perft.contains("divide"), "{perft}");
    }
}
