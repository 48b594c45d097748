//! `variants`, `start`, `show`, `moves`, `play` and `perft`: the rules and the text of any
//! family, per docs/NOTATION.md.

use super::options::Common;
use crate::{Fail, Res};
use mancala_solver::perft::{divide, perft};
use mancala_solver::variant::VARIANTS;
use mancala_solver::{FourRow, Notation, TwoRow};
use serde_json::{json, Value};
use std::io::Write;
use std::time::Instant;

/// Width and rule options as JSON, for any game.
pub(crate) trait Describe {
    fn describe(&self) -> Value;
}

impl Describe for TwoRow {
    fn describe(&self) -> Value {
        json!({"width": self.width(), "rules": self.options().describe(self.kind())})
    }
}

impl Describe for FourRow {
    fn describe(&self) -> Value {
        json!({"width": self.width(), "seeds": self.seeds(),
            "rules": self.options().describe(self.kind())})
    }
}

pub(crate) fn cmd_start<G: Notation>(g: &G, pos: &G::Position, c: &Common) -> Res {
    let text = g.format_position(pos);
    if c.json {
        out!("{}", json!({"variant": g.variant_id(), "position": text}));
    } else {
        out!("{text}");
    }
    Ok(())
}

pub(crate) fn cmd_show<G: Notation + Describe>(g: &G, pos: &G::Position, c: &Common) -> Res {
    if c.json {
        out!("{}", state_json(g, pos));
    } else {
        out!("{}", g.draw(pos).trim_end());
        out!("{}", g.format_position(pos));
    }
    Ok(())
}

pub(crate) fn cmd_moves<G: Notation>(g: &G, pos: &G::Position, c: &Common) -> Res {
    let names: Vec<String> = g
        .legal_moves(pos)
        .iter()
        .map(|&m| g.move_name(pos, m))
        .collect();
    if c.json {
        out!(
            "{}",
            json!({"variant": g.variant_id(), "position": g.format_position(pos), "moves": names})
        );
    } else {
        out!("{}", names.join(" "));
    }
    Ok(())
}

pub(crate) fn cmd_play<G: Notation + Describe>(
    g: &G,
    mut pos: G::Position,
    c: &Common,
    moves: &[String],
) -> Res {
    let total = moves.len();
    for (i, name) in moves.iter().enumerate() {
        let mv = g
            .parse_move(&pos, name)
            .map_err(|e| Fail(format!("{e} (move {} of {total})", i + 1)))?;
        pos = g.play(&pos, mv);
    }
    if c.json {
        out!("{}", state_json(g, &pos));
    } else {
        out!("{}", g.format_position(&pos));
        if let Some(o) = g.outcome(&pos) {
            out!(
                "game over: {}, South {} North {}",
                match o.winner {
                    Some(s) => format!("{s} wins"),
                    None => "draw".into(),
                },
                o.score[0],
                o.score[1]
            );
        }
    }
    Ok(())
}

pub(crate) fn cmd_perft<G: Notation>(
    g: &G,
    pos: &G::Position,
    c: &Common,
    depth: u32,
    split: bool,
) -> Res {
    let t = Instant::now();
    let (nodes, parts) = if split {
        let parts = divide(g, pos, depth);
        (parts.iter().map(|p| p.1).sum(), parts)
    } else {
        (perft(g, pos, depth), Vec::new())
    };
    let secs = t.elapsed().as_secs_f64();
    let parts: Vec<(String, u64)> = parts
        .into_iter()
        .map(|(m, n)| (g.move_name(pos, m), n))
        .collect();
    let ident = json!({"variant": g.variant_id(), "position": g.format_position(pos)});
    print_perft(c, ident, depth, nodes, secs, split.then_some(&parts[..]))
}

/// Prints a perft count: `ident` holds the JSON fields that name the game and the position,
/// `parts` the count after each move (`--divide`).
pub(crate) fn print_perft(
    c: &Common,
    mut ident: Value,
    depth: u32,
    nodes: u64,
    secs: f64,
    parts: Option<&[(String, u64)]>,
) -> Res {
    if c.json {
        ident["depth"] = json!(depth);
        ident["nodes"] = json!(nodes);
        ident["seconds"] = json!(secs);
        if let Some(parts) = parts {
            let d: serde_json::Map<String, Value> =
                parts.iter().map(|(m, n)| (m.clone(), json!(n))).collect();
            ident["divide"] = Value::Object(d);
        }
        out!("{ident}");
    } else {
        for (m, n) in parts.unwrap_or_default() {
            out!("{m} {n}");
        }
        out!("{nodes}");
        eprintln!(
            "perft {depth}: {nodes} nodes in {secs:.3} s ({:.1} M nodes/s)",
            nodes as f64 / secs.max(1e-9) / 1e6
        );
    }
    Ok(())
}

/// The game-state object of `play --json` (docs/NOTATION.md).
pub(crate) fn state_json<G: Notation + Describe>(g: &G, pos: &G::Position) -> Value {
    let c = g.captured(pos);
    let outcome = g.outcome(pos);
    let result = match outcome {
        None => Value::Null,
        Some(o) => json!({
            "winner": o.winner.map(|s| s.letter().to_string()),
            "score": {"S": o.score[0], "N": o.score[1]},
        }),
    };
    let mut v = json!({
        "variant": g.variant_id(),
        "position": g.format_position(pos),
        "to_move": g.to_move(pos).letter().to_string(),
        "captured": {"S": c[0], "N": c[1]},
        "game_over": outcome.is_some(),
        "result": result,
    });
    if let (Value::Object(m), Value::Object(d)) = (&mut v, g.describe()) {
        m.extend(d);
    }
    v
}

pub(crate) fn variants(as_json: bool) -> Res {
    if as_json {
        let list: Vec<Value> = VARIANTS
            .iter()
            .map(|v| {
                let specs = match (v.kind, v.four) {
                    (Some(k), _) => k.options(),
                    (_, Some(k)) => k.options(),
                    _ => &[],
                };
                let rules = rules_json(specs);
                let mut e = json!({
                    "id": v.id, "people": v.people, "source": v.source, "board": v.board,
                    "status": v.status.as_str(), "rules": rules,
                });
                if let Some(p) = players_json(v.id) {
                    e["players"] = p;
                }
                e
            })
            .collect();
        out!("{}", json!({ "variants": list }));
    } else {
        for v in VARIANTS {
            out!(
                "{:<18} {:<12} {:<26} {}",
                v.id,
                v.status.as_str(),
                v.board,
                v.source
            );
        }
    }
    Ok(())
}

/// The `players` entry of kpo in `variants --json`: the seat counts and the options of the
/// three- and four-player game.
fn players_json(id: &str) -> Option<Value> {
    (id == "kpo").then(|| {
        let rules = rules_json(mancala_solver::kpo_players::OPTIONS);
        json!({"counts": [2, 3, 4], "rules": rules})
    })
}

/// The `rules` list of `variants --json`: each option's name, values, default and meaning.
fn rules_json(specs: &[mancala_solver::options::RuleSpec]) -> Vec<Value> {
    specs
        .iter()
        .map(
            |r| json!({"name": r.name, "values": r.values, "default": r.values[0], "help": r.help}),
        )
        .collect()
}
