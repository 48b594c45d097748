//! The text of `mancala match`, of two players and of kpo for three and four.

use super::json::{Match, SeatMatch, SeatResult};
use crate::stats::elo_text;
use crate::stats::Mean;
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

/// The score and win means of `r` with their intervals, as the match text writes them.
fn means(r: &SeatResult) -> (String, String) {
    let mean = |mean, lo, hi| Mean { mean, lo, hi, n: 0 };
    (
        mean(r.score, r.score_lo, r.score_hi).text(2),
        mean(r.wins, r.wins_lo, r.wins_hi).text(3),
    )
}

/// `match`: the engines, then the results by seat and by engine, and how the games ended.
impl fmt::Display for SeatMatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<String> = self
            .by_engine
            .iter()
            .map(|e| format!("{} = {}", e.label, e.engine))
            .collect();
        writeln!(
            f,
            "{} games of kpo with {} players (every seat order {} times), seed {}: {}",
            self.setup.games,
            self.by_seat.len(),
            self.setup.games / self.seat_orders as u64,
            self.setup.seed,
            names.join(", ")
        )?;
        writeln!(f, "mean final seeds and share of wins, 95% intervals:")?;
        for s in &self.by_seat {
            let (seeds, wins) = means(&s.result);
            writeln!(f, "  seat {}  seeds {seeds}  wins {wins}", s.seat)?;
        }
        for e in &self.by_engine {
            let (seeds, wins) = means(&e.result);
            writeln!(
                f,
                "  engine {} ({})  seeds {seeds}  wins {wins}",
                e.label, e.engine
            )?;
        }
        let e = &self.ended;
        writeln!(
            f,
            "mean game length {:.1} plies; ended by the rules {}, by repetition {}, by the ply limit {}",
            self.mean_plies, e.rules, e.repetition, e.ply_limit
        )
    }
}
