//! `variants`, `start`, `show`, `moves`, `play` and `perft`: the rules and the text of any
//! family, per docs/NOTATION.md.

use super::options::Common;
use crate::{Fail, Res};
use mancala_analysis::json::{self, Describe};
use mancala_solver::any::{AnyPos, AnyRules};
use mancala_solver::variant::VARIANTS;
use mancala_solver::Notation;
use std::io::Write;
use std::time::Instant;

pub(crate) fn cmd_start<G: Notation>(g: &G, pos: &G::Position, c: &Common) -> Res {
    let text = g.format_position(pos);
    if c.json {
        out!("{}", json::line(&json::Start::new(g, pos)));
    } else {
        out!("{text}");
    }
    Ok(())
}

pub(crate) fn cmd_show<G: Notation + Describe>(g: &G, pos: &G::Position, c: &Common) -> Res {
    if c.json {
        out!("{}", json::line(&json::State::new(g, pos)));
    } else {
        out!("{}", g.draw(pos).trim_end());
        out!("{}", g.format_position(pos));
    }
    Ok(())
}

pub(crate) fn cmd_moves<G: Notation>(g: &G, pos: &G::Position, c: &Common) -> Res {
    if let Some(why) = g.too_many_to_list(pos) {
        return Err(Fail(format!("moves: {why}")));
    }
    let m = json::Moves::new(g, pos);
    if c.json {
        out!("{}", json::line(&m));
    } else {
        out!("{}", m.moves.join(" "));
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
        out!("{}", json::line(&json::State::new(g, &pos)));
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

pub(crate) fn cmd_perft(g: &AnyRules, pos: &AnyPos, c: &Common, depth: u32, split: bool) -> Res {
    if let Some(why) = g.too_many_to_list(pos).filter(|_| depth > 0) {
        return Err(Fail(format!("perft: {why}")));
    }
    timed_perft(
        c,
        json::Start::new(g, pos),
        depth,
        split,
        || g.perft(pos, depth),
        || g.divide(pos, depth),
        |m| g.move_name(pos, m),
    )
}

/// Times a perft of `depth` plies and prints it for the position `at` names: `count` gives
/// the total, or with `--divide` (`split`) `divide` the count under each first move, named by
/// `name`.
pub(crate) fn timed_perft<M>(
    c: &Common,
    at: json::Start,
    depth: u32,
    split: bool,
    count: impl FnOnce() -> u64,
    divide: impl FnOnce() -> Vec<(M, u64)>,
    name: impl Fn(M) -> String,
) -> Res {
    let t = Instant::now();
    let (nodes, parts) = if split {
        let parts: Vec<(String, u64)> = divide().into_iter().map(|(m, n)| (name(m), n)).collect();
        (parts.iter().map(|p| p.1).sum(), Some(parts))
    } else {
        (count(), None)
    };
    let seconds = t.elapsed().as_secs_f64();
    if c.json {
        let divide = parts.map(|p| p.into_iter().collect());
        let shape = json::Perft {
            at,
            depth,
            nodes,
            seconds,
            divide,
        };
        out!("{}", json::line(&shape));
    } else {
        for (m, n) in parts.unwrap_or_default() {
            out!("{m} {n}");
        }
        out!("{nodes}");
        eprintln!(
            "perft {depth}: {nodes} nodes in {seconds:.3} s ({:.1} M nodes/s)",
            nodes as f64 / seconds.max(1e-9) / 1e6
        );
    }
    Ok(())
}

pub(crate) fn variants(as_json: bool) -> Res {
    if as_json {
        out!("{}", json::line(&json::Variants::new(VARIANTS)));
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
