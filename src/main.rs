//! `mancala`: the command line of the mancala toolkit (clap only; the work is in the library
//! crates). The interface follows the project's NOTATION.md: position text, move names,
//! `--json` output and perft.

use clap::{Args, Parser, Subcommand};
use mancala_solver::perft::{divide, perft};
use mancala_solver::variant::{self, VARIANTS};
use mancala_solver::{Game, Notation, TwoRow};
use serde_json::{json, Value};
use std::process::ExitCode;
use std::time::Instant;

#[derive(Parser)]
#[command(
    name = "mancala",
    version,
    about = "Game-theoretic analysis of the mancala games of Africa"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List the variants with their sources and status.
    Variants {
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Print the start position of a variant.
    Start(Common),
    /// Draw the board as the players see it.
    Show(Common),
    /// List the legal moves.
    Moves(Common),
    /// Play moves from a position and print the result.
    Play {
        #[command(flatten)]
        common: Common,
        /// Moves to play in order (pit numbers from the mover's left).
        #[arg(value_name = "MOVE")]
        moves: Vec<String>,
    },
    /// Count move paths of a given length (NOTATION.md).
    Perft {
        #[command(flatten)]
        common: Common,
        /// Plies to count.
        #[arg(long, short)]
        depth: u32,
        /// Also print the count under each first move.
        #[arg(long)]
        divide: bool,
    },
}

/// Options every position command takes.
#[derive(Args)]
struct Common {
    /// Variant id (see `mancala variants`).
    variant: String,
    /// Pits a side (default 6; inferred from --position when not given).
    #[arg(long)]
    width: Option<usize>,
    /// Seeds a pit at the start (default 4).
    #[arg(long)]
    seeds: Option<u32>,
    /// Rule option name=value (repeatable); see the variant's docs.
    #[arg(long = "rule", value_name = "NAME=VALUE")]
    rules: Vec<String>,
    /// Position text (default: the start position).
    #[arg(long)]
    position: Option<String>,
    /// Print one JSON object on stdout.
    #[arg(long)]
    json: bool,
}

/// A user error: printed as one line, exit status 2.
struct Fail(String);

impl<E: std::fmt::Display> From<E> for Fail {
    fn from(e: E) -> Fail {
        Fail(e.to_string())
    }
}

type Res = Result<(), Fail>;

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            use clap::error::ErrorKind::*;
            if matches!(
                e.kind(),
                DisplayHelp | DisplayVersion | DisplayHelpOnMissingArgumentOrSubcommand
            ) {
                let _ = e.print();
                return if e.kind() == DisplayHelpOnMissingArgumentOrSubcommand {
                    ExitCode::from(2)
                } else {
                    ExitCode::SUCCESS
                };
            }
            let text = e.render().to_string();
            let line = text.lines().next().unwrap_or("error: invalid arguments");
            eprintln!("{line}");
            return ExitCode::from(2);
        }
    };
    match run(cli.command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Fail(msg)) => {
            eprintln!("error: {msg}");
            ExitCode::from(2)
        }
    }
}

fn run(cmd: Command) -> Res {
    match cmd {
        Command::Variants { json } => variants(json),
        Command::Start(c) => {
            let (g, pos) = setup(&c)?;
            let text = g.format_position(&pos);
            if c.json {
                println!("{}", json!({"variant": g.variant_id(), "position": text}));
            } else {
                println!("{text}");
            }
            Ok(())
        }
        Command::Show(c) => {
            let (g, pos) = setup(&c)?;
            if c.json {
                println!("{}", state_json(&g, &pos));
            } else {
                print!("{}", g.draw(&pos));
                println!("{}", g.format_position(&pos));
            }
            Ok(())
        }
        Command::Moves(c) => {
            let (g, pos) = setup(&c)?;
            let names: Vec<String> = g
                .legal_moves(&pos)
                .iter()
                .map(|&m| g.move_name(&pos, m))
                .collect();
            if c.json {
                println!(
                    "{}",
                    json!({"variant": g.variant_id(), "position": g.format_position(&pos), "moves": names})
                );
            } else {
                println!("{}", names.join(" "));
            }
            Ok(())
        }
        Command::Play { common, moves } => {
            let (g, mut pos) = setup(&common)?;
            let total = moves.len();
            for (i, name) in moves.iter().enumerate() {
                let mv = g
                    .parse_move(&pos, name)
                    .map_err(|e| Fail(format!("{e} (move {} of {total})", i + 1)))?;
                pos = g.play(&pos, mv);
            }
            if common.json {
                println!("{}", state_json(&g, &pos));
            } else {
                println!("{}", g.format_position(&pos));
                if let Some(o) = g.outcome(&pos) {
                    println!(
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
        Command::Perft {
            common,
            depth,
            divide: split,
        } => {
            let (g, pos) = setup(&common)?;
            let t = Instant::now();
            let (nodes, parts) = if split {
                let parts = divide(&g, &pos, depth);
                (parts.iter().map(|p| p.1).sum(), parts)
            } else {
                (perft(&g, &pos, depth), Vec::new())
            };
            let secs = t.elapsed().as_secs_f64();
            if common.json {
                let mut v = json!({
                    "variant": g.variant_id(), "position": g.format_position(&pos),
                    "depth": depth, "nodes": nodes, "seconds": secs,
                });
                if split {
                    let d: serde_json::Map<String, Value> = parts
                        .iter()
                        .map(|&(m, n)| (g.move_name(&pos, m), json!(n)))
                        .collect();
                    v["divide"] = Value::Object(d);
                }
                println!("{v}");
            } else {
                for (m, n) in &parts {
                    println!("{} {n}", g.move_name(&pos, *m));
                }
                println!("{nodes}");
                eprintln!(
                    "perft {depth}: {nodes} nodes in {secs:.3} s ({:.1} M nodes/s)",
                    nodes as f64 / secs.max(1e-9) / 1e6
                );
            }
            Ok(())
        }
    }
}

/// Builds the rules and the position from the common options.
fn setup(c: &Common) -> Result<(TwoRow, mancala_solver::TwoRowPos), Fail> {
    // Check the variant name first, so an unknown variant is the error reported.
    variant::find(&c.variant)?;
    let width = c.width.or_else(|| {
        let text = c.position.as_deref()?;
        let first_row = text.split_whitespace().next()?.split('/').next()?;
        let n = first_row.split(',').count();
        (1..=mancala_solver::pits::MAX_WIDTH)
            .contains(&n)
            .then_some(n)
    });
    let g = variant::build(&c.variant, width, c.seeds, &c.rules)?;
    let pos = match &c.position {
        Some(text) => g.parse_position(text)?,
        None => g.start(),
    };
    Ok((g, pos))
}

/// The game-state object of `play --json` (NOTATION.md).
fn state_json(g: &TwoRow, pos: &mancala_solver::TwoRowPos) -> Value {
    let c = g.captured(pos);
    let outcome = g.outcome(pos);
    let result = match outcome {
        None => Value::Null,
        Some(o) => json!({
            "winner": o.winner.map(|s| s.letter().to_string()),
            "score": {"S": o.score[0], "N": o.score[1]},
        }),
    };
    json!({
        "variant": g.variant_id(),
        "position": g.format_position(pos),
        "to_move": g.to_move(pos).letter().to_string(),
        "captured": {"S": c[0], "N": c[1]},
        "game_over": outcome.is_some(),
        "result": result,
        "width": g.width(),
        "rules": g.options().describe(g.kind()),
    })
}

fn variants(as_json: bool) -> Res {
    if as_json {
        let list: Vec<Value> = VARIANTS
            .iter()
            .map(|v| {
                let rules: Vec<Value> = v
                    .kind
                    .map(|k| {
                        k.options()
                            .iter()
                            .map(|r| json!({"name": r.name, "values": r.values, "default": r.values[0], "help": r.help}))
                            .collect()
                    })
                    .unwrap_or_default();
                json!({
                    "id": v.id, "people": v.people, "source": v.source, "board": v.board,
                    "status": v.status.as_str(), "rules": rules,
                })
            })
            .collect();
        println!("{}", json!({ "variants": list }));
    } else {
        for v in VARIANTS {
            println!(
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
