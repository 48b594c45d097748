//! `mancala proof check`: a certificate read, its game set up from the words it names, and
//! its proof replayed with the family's slow reference rules.

use crate::error::Fail;
use mancala_solver::any::AnyGame;
use mancala_solver::proof::cert::{side_word, Certificate};
use mancala_solver::variant::Size;
use mancala_solver::{Game, Notation};
use serde::Serialize;
use std::path::Path;

/// `proof check --json`: a valid certificate.
#[derive(Serialize)]
pub struct ProofCheck {
    /// The file read.
    pub file: String,
    /// Always true: an invalid certificate is an error.
    pub valid: bool,
    /// The variant id.
    pub variant: String,
    /// The words that set the game up.
    pub options: Vec<String>,
    /// The position proven.
    pub position: String,
    /// `S` or `N`: the side that wins.
    pub winner: &'static str,
    /// +1 or -1: the value for the side to move in the position.
    pub value: i32,
    /// Positions of the proof.
    pub nodes: usize,
    /// The proof's longest line in plies.
    pub plies: u32,
    /// The file's checksum line.
    pub checksum: String,
    /// True when the position proven is the game's start.
    pub standard_start: bool,
    /// The game's name with its board (`chisolo 4x5`), for the text.
    #[serde(skip)]
    pub game: String,
}

impl std::fmt::Display for ProofCheck {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let winner = if self.winner == "S" { "South" } else { "North" };
        writeln!(
            f,
            "proof valid: {} {}{} {} wins ({:+} for the side to move), {} nodes, won within {} plies, from {} {}",
            self.variant,
            if self.options.is_empty() { "" } else { "(" },
            if self.options.is_empty() {
                self.position.clone()
            } else {
                format!("{}) {}", self.options.join(" "), self.position)
            },
            winner,
            self.value,
            self.nodes,
            self.plies,
            if self.standard_start {
                "the start of"
            } else {
                "a position other than the start of"
            },
            self.game
        )
    }
}

/// Reads the certificate in `file` (a regular file) as it streams in, held to `memory`
/// bytes ([`Certificate::read`]); with its checksum line's value.
fn read(file: &Path, memory: usize) -> Result<(Certificate, String), Fail> {
    let name = file.display();
    let f = mancala_tablebases::format::open_regular(file).map_err(|e| Fail(e.to_string()))?;
    let input = std::io::BufReader::with_capacity(1 << 16, f);
    Certificate::read(input, memory).map_err(|e| Fail(format!("{name}: {e}")))
}

/// The game a certificate's variant and words set up, with its rule words.
fn setup(c: &Certificate) -> Result<(AnyGame, Vec<String>), String> {
    let mut size = Size::default();
    let mut rules = Vec::new();
    let mut words = c.options.iter();
    while let Some(w) = words.next() {
        let value = words
            .next()
            .ok_or_else(|| format!("the option {w} has no value"))?;
        // A number past its type's range is refused, never wrapped.
        let num = || -> Result<u32, String> {
            value.parse().map_err(|_| {
                format!(
                    "{w} '{}' is not a number of 0..={}",
                    crate::error::shorten(value),
                    u32::MAX
                )
            })
        };
        match w.as_str() {
            "--width" => size.width = Some(num()? as usize),
            "--seeds" => size.seeds = Some(num()?),
            "--counters" => size.counters = Some(num()?),
            "--store" => size.store = Some(num()?),
            "--max-hole" => size.max_hole = Some(num()?),
            "--rule" => rules.push(value.clone()),
            _ => return Err(format!("unknown option {w}")),
        }
    }
    let game = mancala_solver::variant::setup(&c.variant, size, &rules, Some(&c.position))
        .map_err(|e| e.to_string())?;
    Ok((game, rules))
}

/// Checks the certificate in `file`: read, checksum, game, replay; the reading and the
/// replay held to `memory` bytes (default: half the machine's memory,
/// [`mancala_tablebases::plan::PROOF_CHECK`]).
pub fn check(file: &Path, memory: Option<u64>) -> Result<ProofCheck, Fail> {
    let name = file.display();
    let memory = mancala_tablebases::plan::narrow(
        memory.unwrap_or_else(|| mancala_tablebases::plan::PROOF_CHECK.memory.bytes()),
    );
    let (c, checksum) = read(file, memory)?;
    let (game, _rules) = setup(&c).map_err(|e| Fail(format!("{name}: {e}")))?;
    use mancala_solver::proof::cert::Referee;
    // The referee, the root and its mover, and the start's text and the game's name.
    let (referee, root, mover, start, game_name): (Box<dyn Referee>, String, _, _, _) = match &game
    {
        AnyGame::Four(g, pos) => {
            let rules = mancala_tablebases::fourrow::game_id(g).rules;
            let r = mancala_solver::fourrow::reference::Reference::new(
                g.variant_id(),
                g.width(),
                &rules,
            );
            let name = format!("{} 4x{}", g.variant_id(), g.width());
            let start = g.format_position(&g.start());
            (
                Box::new(r),
                g.format_position(pos),
                g.to_move(pos),
                start,
                name,
            )
        }
        AnyGame::Morris(g, pos) => {
            let r = mancala_solver::morris::reference::Referee(g.clone());
            let start = g.format_position(&g.start());
            let name = c.variant.clone();
            (
                Box::new(r),
                g.format_position(pos),
                g.to_move(pos),
                start,
                name,
            )
        }
        AnyGame::Isolo(g, pos) => {
            let r = mancala_solver::isolo::reference::Referee(*g);
            let start = g.format_position(&g.start());
            let name = c.variant.clone();
            (
                Box::new(r),
                g.format_position(pos),
                g.to_move(pos),
                start,
                name,
            )
        }
        AnyGame::Two(..) => {
            return Err(Fail(format!(
                "{name}: {} is scored by seeds: certificates are of win/draw/loss games",
                c.variant
            )))
        }
    };
    let checked = c
        .check_within(referee.as_ref(), root.clone(), memory)
        .map_err(|e| Fail(format!("proof invalid: {name}: {e}")))?;
    Ok(ProofCheck {
        standard_start: root == start,
        file: name.to_string(),
        valid: true,
        variant: c.variant.clone(),
        options: c.options.clone(),
        position: root,
        winner: if side_word(c.winner) == "South" {
            "S"
        } else {
            "N"
        },
        value: if mover == c.winner { 1 } else { -1 },
        nodes: checked.nodes,
        plies: checked.plies,
        checksum,
        game: game_name,
    })
}
