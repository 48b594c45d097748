//! `tablebase build|probe|stats|verify|info` for both families: parse, call the tablebases
//! library, print.

use super::options::{setup, setup_any, threads_or_all, Common};
use crate::{Fail, Res};
use mancala_solver::variant::{self, AnyGame};
use mancala_solver::{FourRow, FourRowPos, Game, Notation};
use serde_json::{json, Value};
use std::io::Write;

/// `mancala tablebase ...`: parse, call the tablebases library, print.
pub(crate) fn tablebase(cmd: mancala_tablebases::cli::TablebaseCommand) -> Res {
    use mancala_tablebases::cli::{GameArgs, TablebaseCommand as T};
    use mancala_tablebases::Progress as P;
    let rules = |a: &GameArgs, position: Option<String>| {
        setup(&Common {
            variant: a.variant.clone(),
            width: a.width,
            seeds: None,
            rules: a.rules.clone(),
            position,
            json: false,
            players: None,
        })
    };
    if let Some(r) = tablebase_four(&cmd) {
        return r;
    }
    match cmd {
        T::Build {
            game,
            max_stones,
            dir,
            threads,
            json,
        } => {
            let (g, _) = rules(&game, None)?;
            let threads = threads_or_all(threads)?;
            let pb = indicatif::ProgressBar::with_draw_target(
                None,
                indicatif::ProgressDrawTarget::stderr(),
            );
            pb.set_style(
                indicatif::ProgressStyle::with_template(
                    "{prefix} [{bar:30}] {pos}/{len} {msg} {per_sec}",
                )
                .expect("a valid template")
                .progress_chars("=> "),
            );
            let report = mancala_tablebases::build(&g, &dir, max_stones, threads, &|p| match p {
                P::SliceStarted { stones, positions } => {
                    pb.reset();
                    pb.set_length(*positions);
                    pb.set_prefix(format!("n={stones}"));
                    pb.set_message("pass 1");
                }
                P::Positions { count, .. } => pb.inc(*count),
                P::PassDone { pass, stats, .. } => {
                    pb.set_position(0);
                    pb.set_message(format!("pass {} ({} changed)", pass + 1, stats.changed));
                }
                P::SliceDone(r) => {
                    let line = if r.skipped {
                        format!("n={:<3} {:>13} positions  kept", r.stones, r.positions)
                    } else {
                        format!(
                            "n={:<3} {:>13} positions {:>9.3} s {:>8.3} M positions/s",
                            r.stones,
                            r.positions,
                            r.seconds,
                            r.positions as f64 / r.seconds.max(1e-9) / 1e6
                        )
                    };
                    if pb.is_hidden() {
                        eprintln!("{line}");
                    } else {
                        pb.println(line);
                    }
                }
            });
            pb.finish_and_clear();
            let report = report?;
            let positions: u64 = report.slices.iter().map(|s| s.positions).sum();
            if json {
                let slices: Vec<Value> = report
                    .slices
                    .iter()
                    .map(|s| {
                        json!({"stones": s.stones, "positions": s.positions, "skipped": s.skipped,
                            "seconds": s.seconds, "evaluations": s.run.evaluations,
                            "file": s.path.file_name().map(|f| f.to_string_lossy())})
                    })
                    .collect();
                out!(
                    "{}",
                    json!({"variant": report.game.variant, "rules": report.game.rules,
                        "width": report.game.width, "max_stones": max_stones, "dir": dir,
                        "threads": threads, "positions": positions, "seconds": report.seconds,
                        "slices": slices})
                );
            } else {
                out!(
                    "{} slices, {positions} positions of {} in {:.3} s ({threads} threads)",
                    report.slices.len(),
                    report.game,
                    report.seconds
                );
            }
        }
        T::Probe {
            game,
            position,
            dir,
            json,
        } => {
            let (g, pos) = rules(&game, position)?;
            let j = mancala_tablebases::probe_json(&g, &dir, &pos)?;
            if json {
                out!("{j}");
            } else {
                let int = |v: &Value| v.as_i64().unwrap_or_default();
                out!(
                    "value {:+} (future {:+})",
                    int(&j["value"]),
                    int(&j["future"])
                );
                for (m, v) in j["moves"].as_object().into_iter().flatten() {
                    out!("{m:>3}  {:+}", int(v));
                }
            }
        }
        T::Stats {
            game,
            stones,
            dir,
            json,
        } => {
            let (g, _) = rules(&game, None)?;
            let s = mancala_tablebases::stats(&g, &dir, stones)?;
            if json {
                out!("{}", s.to_json());
            } else {
                out!("{} positions with {} stones", s.positions, s.stones);
                for (v, c) in &s.histogram {
                    out!("{v:>+4} {c}");
                }
            }
        }
        T::Verify { dir, json } => {
            let r = mancala_tablebases::verify(&dir)?;
            if json {
                out!(
                    "{}",
                    json!({"ok": true, "files": r.files, "positions": r.positions,
                        "seconds": r.seconds})
                );
            } else {
                out!(
                    "ok: {} files, {} positions verified in {:.3} s",
                    r.files,
                    r.positions,
                    r.seconds
                );
            }
        }
        T::Info { dir, json } => {
            let files = mancala_tablebases::info(&dir)?;
            if json {
                let list: Vec<Value> = files.iter().map(|f| f.to_json()).collect();
                out!("{}", json!({"dir": dir, "files": list}));
            } else {
                if files.is_empty() {
                    out!("no tablebase files (.mtb, .ftb) in {}", dir.display());
                }
                for f in &files {
                    let name = f.path.file_name().unwrap_or_default().to_string_lossy();
                    match &f.header {
                        Some(h) => out!(
                            "{name}  {} positions  {} bytes  checksums ok",
                            h.positions,
                            f.bytes
                        ),
                        None => out!("{name}  refused: {}", f.problem.as_deref().unwrap_or("")),
                    }
                }
            }
            // Listing a refused file is not a pass: fail after the listing.
            mancala_tablebases::ensure_sound(&files)?;
        }
    }
    Ok(())
}

/// `mancala tablebase build|probe|stats` for the four-row removal games (wdl tables);
/// `None` when the command is for two-row tables (`verify` and `info` cover both kinds).
pub(crate) fn tablebase_four(cmd: &mancala_tablebases::cli::TablebaseCommand) -> Option<Res> {
    use mancala_tablebases::cli::{GameArgs, TablebaseCommand as T};
    use mancala_tablebases::fourrow::{self as four, FourTables};
    let is_four = |a: &GameArgs| variant::find(&a.variant).is_ok_and(|i| i.four.is_some());
    let session = |a: &GameArgs, position: Option<String>| -> Result<(FourRow, FourRowPos), Fail> {
        match setup_any(&Common {
            variant: a.variant.clone(),
            width: a.width,
            seeds: None,
            rules: a.rules.clone(),
            position,
            json: false,
            players: None,
        })? {
            AnyGame::Four(g, p) => Ok((g, p)),
            AnyGame::Two(..) => unreachable!("a four-row variant"),
        }
    };
    let plies =
        |v: mancala_solver::fourrow::retro::Wdl| v.plies().map_or(Value::Null, |d| json!(d));
    let text = |v: mancala_solver::fourrow::retro::Wdl| match v.plies() {
        Some(d) => format!("{} in {d} plies", v.word()),
        None => "draw".to_string(),
    };
    let four = match cmd {
        T::Build { game, .. } | T::Probe { game, .. } | T::Stats { game, .. } => is_four(game),
        _ => false,
    };
    if !four {
        return None;
    }
    Some((|| -> Res {
        match cmd {
            T::Build {
                game,
                max_stones,
                dir,
                threads,
                json,
            } => {
                let (g, _) = session(game, None)?;
                let threads = threads_or_all(*threads)?;
                let r = four::build(&g, dir, *max_stones, threads, &|u| {
                    eprintln!(
                        "m={:<3} o={:<3} {:>11} positions {}  win {} draw {} loss {}  longest {} plies",
                        u.split[0], u.split[1], u.positions,
                        if u.skipped { "kept".to_string() } else { format!("{:.3} s", u.seconds) },
                        u.counts[0], u.counts[1], u.counts[2], u.max_plies
                    )
                })?;
                let positions: u64 = r.slices.iter().map(|s| s.positions).sum();
                let id = four::game_id(&g);
                if *json {
                    let slices: Vec<Value> = r
                        .slices
                        .iter()
                        .map(|s| {
                            json!({
                        "split": s.split, "positions": s.positions, "skipped": s.skipped,
                        "win": s.counts[0], "draw": s.counts[1], "loss": s.counts[2],
                        "max_plies": s.max_plies,
                        "file": s.path.file_name().map(|f| f.to_string_lossy())})
                        })
                        .collect();
                    out!(
                        "{}",
                        json!({"variant": id.variant, "rules": id.rules, "width": id.width,
                        "metric": "wdl", "max_stones": max_stones, "dir": dir, "threads": threads,
                        "positions": positions, "seconds": r.seconds, "slices": slices})
                    );
                } else {
                    out!(
                        "{} slices, {positions} positions of {id} in {:.3} s ({threads} threads)",
                        r.slices.len(),
                        r.seconds
                    );
                }
                Ok(())
            }
            T::Probe {
                game,
                position,
                dir,
                json,
            } => {
                let (g, pos) = session(game, position.clone())?;
                let p = FourTables::open(dir, &g)?.probe(&pos)?;
                if *json {
                    let moves: serde_json::Map<String, Value> = p
                        .moves
                        .iter()
                        .map(|(m, v)| {
                            (
                                m.clone(),
                                match v {
                                    Some(v) => json!({"value": v.value(), "plies": plies(*v)}),
                                    None => Value::Null,
                                },
                            )
                        })
                        .collect();
                    out!(
                        "{}",
                        json!({"variant": g.variant_id(), "position": g.format_position(&pos),
                        "metric": "wdl", "value": p.value.value(), "plies": plies(p.value),
                        "moves": moves})
                    );
                } else {
                    out!(
                        "value {} ({:+}) for {}",
                        text(p.value),
                        p.value.value(),
                        g.to_move(&pos)
                    );
                    for (m, v) in &p.moves {
                        out!(
                            "{m:>8}  {}",
                            v.map_or("not in the tables".to_string(), text)
                        );
                    }
                }
                Ok(())
            }
            T::Stats {
                game,
                stones,
                dir,
                json,
            } => {
                let (g, _) = session(game, None)?;
                let st = FourTables::open(dir, &g)?.stats(*stones)?;
                if *json {
                    let v: Vec<Value> = st
                        .iter()
                        .map(|(s, c, m)| {
                            json!({"split": s, "win": c[0], "draw": c[1], "loss": c[2],
                                "max_plies": m})
                        })
                        .collect();
                    out!("{}", json!({"stones": stones, "slices": v}));
                } else {
                    for (s, c, m) in &st {
                        out!(
                            "m={} o={}  win {} draw {} loss {}  longest {m} plies",
                            s[0],
                            s[1],
                            c[0],
                            c[1],
                            c[2]
                        );
                    }
                }
                Ok(())
            }
            _ => unreachable!("only build, probe and stats reach here"),
        }
    })())
}
