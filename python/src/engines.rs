//! The engines: specs checked, and the seat engines of kpo for three or four players.

use crate::*;
use mancala_analysis::engine::EngineSpec;
use mancala_analysis::nseat::SeatEngineSpec;
use mancala_solver::kpo_players::{KpoNPos, KpoPlayers};
use mancala_solver::nseat::{SeatGame, SeatNotation};
use mancala_solver::rng::Rng;
use pyo3::prelude::*;

/// Refuses an engine spec that parses neither as a two-player engine nor as a seat engine of
/// kpo for three or four, with the command line's message of the two-player engines.
#[pyfunction]
pub(crate) fn check_engine(spec: &str) -> PyResult<()> {
    match (spec.parse::<EngineSpec>(), spec.parse::<SeatEngineSpec>()) {
        (Err(e), Err(_)) => Err(bad(e)),
        _ => Ok(()),
    }
}

/// The move the seat engine `spec` chooses in `pos`, as the JSON of a two-player engine's
/// choice (`move`, `after`, `engine`, `nodes`, `seconds`, `variant`, `position`, `players`).
pub(crate) fn seat_engine_move(
    g: &KpoPlayers,
    pos: &KpoNPos,
    spec: &SeatEngineSpec,
    seed: u64,
) -> Result<serde_json::Value, String> {
    if g.is_over(pos) {
        return Err("the game is already over in the given position".into());
    }
    let t = std::time::Instant::now();
    let mut engine = spec.build::<KpoPlayers>();
    let mv = engine.choose(g, pos, &mut Rng::new(seed));
    let shape = serde_json::json!({
        "variant": "kpo",
        "players": g.players(),
        "position": g.format_position(pos),
        "engine": engine.name(),
        "move": g.move_name(pos, mv),
        "after": g.format_position(&g.play(pos, mv)),
        "nodes": engine.nodes(),
        "seconds": t.elapsed().as_secs_f64(),
    });
    Ok(shape)
}
