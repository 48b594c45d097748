//! The text of `mancala match` (two players).

use super::json::Match;
use crate::stats::elo_text;
use std::fmt;

impl fmt::Display for Match {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{} games of {}: A = {}, B = {}, seed {}",
            self.setup.games, self.at.variant, self.a, self.b, self.setup.seed
        )?;
        writeln!(
            f,
            "A: {} wins, {} draws, {} losses; score {:.3}",
            self.wins, self.draws, self.losses, self.score
        )?;
        writeln!(
            f,
            "Elo difference A-B: {} (95% interval {} to {})",
            elo_text(self.elo, self.score - 0.5),
            elo_text(self.elo_lo, -1.0),
            elo_text(self.elo_hi, 1.0)
        )?;
        let (p, e) = (&self.first_player, &self.ended);
        write!(
            f,
            "mean game length {:.1} plies; first player {} wins, {} draws, {} losses; ended by the rules {}, by repetition {}, by the ply limit {}",
            self.mean_plies, p.wins, p.draws, p.losses, e.rules, e.repetition, e.ply_limit
        )?;
        match e.forfeit {
            Some(n) => writeln!(f, ", by forfeit {n}")?,
            None => writeln!(f)?,
        }
        for x in &self.forfeits {
            let who = if x.engine == "a" { &self.a } else { &self.b };
            writeln!(
                f,
                "game {}: {} ({}, {}) forfeits: {}: {}",
                x.game,
                x.engine.to_uppercase(),
                who,
                x.side,
                x.kind,
                x.reason
            )?;
            for l in &x.stderr {
                writeln!(f, "  stderr: {l}")?;
            }
        }
        Ok(())
    }
}
