//! The work of `mancala solve` and `mancala analyze` of every family, from typed options to
//! the shapes of [`json`]: one command trait ([`SolveCommand`]) that each family keeps in a
//! file of its own (the budgets it takes, the refusals, the notes), called by the command
//! line and the server alike through [`run`], so that they only parse, show progress and
//! print.

mod fourrow;
mod isolo;
pub mod json;
mod morris;
pub mod progress;
mod text;
mod tworow;

pub use fourrow::{analyze_four, four_analyzable, four_missing_note, four_tables, solve_four};
pub use isolo::{isolo_options, isolo_plan, isolo_words};
pub use morris::{morris_options, morris_words};
pub use tworow::{analyze, missing_note, solve};

use crate::args::{Search, SearchText};
use crate::error::Fail;
use json::Solved;
use mancala_solver::any::{AnyGame, Setup};
use mancala_solver::{Budget, Notation};
use mancala_tablebases::fourrow::FourTables;
use mancala_tablebases::plan;
use std::path::Path;
use std::time::Instant;

/// What `solve` asks of every family: the answer for a position (every move's value with
/// `every_move`: `analyze`) under the typed options `s`, its progress and notes told to
/// `on`; the answer's shape, or the one line that refuses it (an option the family does not
/// take, a position it cannot solve).
pub trait SolveCommand: Notation {
    /// The answer for `pos` under `s`.
    fn answer(
        &self,
        pos: &Self::Position,
        s: &Search,
        every_move: bool,
        on: &(dyn Fn(Event) + Sync),
    ) -> Result<Solved, Fail>;
}

/// Writes `certificate` to `file` whole or not at all ([`crate::output::write_whole`]): its
/// checksum, or the reason it could not be written.
pub fn write_certificate(
    file: &Path,
    certificate: &mancala_solver::proof::cert::Certificate,
) -> Result<String, String> {
    let text = certificate.to_text();
    let sum = mancala_solver::proof::cert::Certificate::checksum_of(&text)
        .unwrap_or_default()
        .to_string();
    crate::output::write_whole("--proof", file, text.as_bytes())?;
    Ok(sum)
}

/// `solve --method proof` of a win/draw/loss game of any family: both sides' wins tried by
/// the proof-number search under the options `s`, the certificate of a win or loss written
/// to `s.proof` (the game set up by the command-line words `setup`).
pub fn by_proof<G: Notation>(
    g: &G,
    pos: &G::Position,
    s: &Search,
    setup: Vec<String>,
    on: &(dyn Fn(Event) + Sync),
) -> Result<json::ProofSolve, Fail> {
    if s.budget.depth.is_some() || s.budget.tables.is_some() {
        return Err(Fail(format!(
            "solve: --depth and --tablebases are for the other provers of {}, not --method proof",
            g.variant_id()
        )));
    }
    let limits = s.limits(None);
    let bounds = plan::proof_bounds(&s.budget, limits.deadline);
    let memory = bounds.memory;
    let t0 = Instant::now();
    let solved = mancala_solver::proof::value(g, pos, bounds, &mut |side, p| {
        on(Event::Spin(progress::proof(
            side,
            p,
            t0.elapsed().as_secs_f64(),
        )))
    });
    let mut shape = json::ProofSolve::new(g, pos, &solved, 0.0);
    if solved.value.is_none() && limits.deadline.is_some() {
        on(Event::Spin(
            "distance search: wins within a number of plies".into(),
        ));
        shape.proof.no_win_within =
            mancala_solver::proof::no_win_within(g, pos, memory, limits.deadline);
    }
    shape.head.seconds = t0.elapsed().as_secs_f64();
    if let Some(file) = &s.proof {
        match &solved.proof {
            Some((side, p)) => {
                let sum = write_certificate(file, &p.certificate(g, *side, setup)).map_err(Fail)?;
                shape.proof.certificate = Some(file.display().to_string());
                shape.proof.certificate_checksum = Some(sum);
            }
            None => on(Event::Note(format!(
                "note: no certificate written to {}: the proof-number search proved no win or loss",
                file.display()
            ))),
        }
    }
    Ok(shape)
}

/// The search options of an analysis of `g` held to a server's bounds (`threads`, a table of
/// `tt_mb` MiB, `memory` bytes, until `deadline`): the tables folder only where the family
/// reads it (a four-row folder only when it holds tables of this game), no memory bound for
/// the morris planner (it builds its tables whole), neither tables nor a transposition table
/// for the Isolo planner.
pub fn held_to(
    g: &AnyGame,
    threads: usize,
    tt_mb: usize,
    memory: u64,
    tablebases: Option<&Path>,
    deadline: Instant,
) -> Search {
    let dir = tablebases.map(Path::to_path_buf);
    let (tablebases, tt_mb) = match g {
        AnyGame::Two(..) | AnyGame::Morris(..) => (dir, Some(tt_mb)),
        AnyGame::Four(g4, _) => {
            let has = |d: &std::path::PathBuf| FourTables::open(d, g4).is_ok_and(|t| !t.is_empty());
            (dir.filter(has), Some(tt_mb))
        }
        AnyGame::Isolo(..) => (None, None),
    };
    Search {
        budget: Budget {
            tt_mb,
            tables: tablebases,
            memory: (!matches!(g, AnyGame::Morris(..))).then_some(memory),
            deadline: Some(deadline),
            ..Budget::new(threads)
        },
        method: None,
        proof: None,
    }
}

/// What `solve` and `analyze` report while they work, for the command line to show.
pub enum Event {
    /// The progress line (a spinner's message).
    Spin(String),
    /// A line above the progress, shown on a terminal only.
    Line(String),
    /// A note on stderr.
    Note(String),
}

/// `solve` (`analyze` with `every_move`) of the game `setup` names under the options `s` as
/// written: [`run`] for a game of two players; kpo for three and four players by its exact
/// analysis ([`crate::kpo_players::solve_with`], no certificate), `analyze` refused.
pub fn run_setup(
    setup: Setup,
    s: &SearchText,
    every_move: bool,
    on: &(dyn Fn(Event) + Sync),
) -> Result<json::Solved, Fail> {
    use crate::kpo_players::{analyze_refused, solve_with};
    match setup {
        Setup::KpoPlayers(g, _) if every_move => Err(Fail(analyze_refused(g.players()))),
        Setup::KpoPlayers(g, pos) => {
            let s = &SearchText {
                proof: None,
                ..s.clone()
            }
            .parse()?;
            let log = |m: &str| on(Event::Spin(m.to_string()));
            Ok(Solved::KpoPlayers(solve_with(&g, &pos, s, &log)?))
        }
        Setup::TwoPlayers(game) => run(game, &s.parse()?, every_move, on),
    }
}

/// `solve` (`analyze` with `every_move`) of `game` under the search options `s`, each in
/// its family's way, with the refusals of options the family does not take; `on` hears the
/// progress and the notes.
pub fn run(
    game: AnyGame,
    s: &Search,
    every_move: bool,
    on: &(dyn Fn(Event) + Sync),
) -> Result<json::Solved, Fail> {
    // The provers are chosen, and certificates written, for a solve of a win/draw/loss game.
    if s.proof.is_some() && matches!(game, AnyGame::Two(..)) {
        return Err(Fail(
            "solve: --proof is for the win/draw/loss games (four-row, Isolo, morris): a seed margin has no certificate".into(),
        ));
    }
    if s.method.is_some() {
        let prefer = s.prefer();
        if every_move {
            return Err(Fail(
                "analyze: --method is for solve (analyze takes each family's own planner)".into(),
            ));
        }
        if matches!(game, AnyGame::Two(..)) && prefer != plan::Prefer::Auto {
            return Err(Fail(
                "solve: --method is for the win/draw/loss games (four-row, Isolo, morris); the two-row games go through their own planner".into(),
            ));
        }
    }
    match game {
        AnyGame::Two(g, pos) => g.answer(&pos, s, every_move, on),
        AnyGame::Four(g, pos) => g.answer(&pos, s, every_move, on),
        AnyGame::Morris(g, pos) => g.answer(&pos, s, every_move, on),
        AnyGame::Isolo(g, pos) => g.answer(&pos, s, every_move, on),
    }
}
