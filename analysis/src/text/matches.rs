//! The text of `mancala match` (two players).

use crate::json::Match;
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
        writeln!(
            f,
            "mean game length {:.1} plies; first player {} wins, {} draws, {} losses; ended by the rules {}, by repetition {}, by the ply limit {}",
            self.mean_plies, p.wins, p.draws, p.losses, e.rules, e.repetition, e.ply_limit
        )
    }
}
