//! The text of `start`, `show`, `moves`, `play`, `perft` and `variants` (docs/NOTATION.md,
//! docs/NOTATION-KPO-PLAYERS.md).

use super::json::{
    Moves, Perft, Position, SeatMoves, SeatPlayed, SeatStart, SeatState, State, Variants,
};
use std::fmt;

impl fmt::Display for Moves {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.moves.join(" "))
    }
}

impl fmt::Display for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(d) = &self.drawing {
            writeln!(f, "{d}")?;
            return writeln!(f, "{}", self.at.position);
        }
        writeln!(f, "{}", self.at.position)?;
        match &self.result {
            Some(r) => writeln!(
                f,
                "game over: {}, South {} North {}",
                r.winner
                    .as_ref()
                    .map_or("draw".to_string(), |s| format!("{s} wins")),
                r.score.south,
                r.score.north
            ),
            None => Ok(()),
        }
    }
}

impl fmt::Display for Perft {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (m, n) in &self.listed {
            writeln!(f, "{m} {n}")?;
        }
        writeln!(f, "{}", self.nodes)
    }
}

impl Perft {
    /// The stderr line of the count's speed.
    pub fn speed(&self) -> String {
        format!(
            "perft {}: {} nodes in {:.3} s ({:.1} M nodes/s)",
            self.depth,
            self.nodes,
            self.seconds,
            self.nodes as f64 / self.seconds.max(1e-9) / 1e6
        )
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Position::Start(s) => s.fmt(f),
            Position::State(s) => s.fmt(f),
            Position::Moves(m) => m.fmt(f),
            Position::Perft(p) => p.fmt(f),
            Position::SeatStart(s) => s.fmt(f),
            Position::SeatState(s) => s.fmt(f),
            Position::SeatMoves(m) => m.fmt(f),
            Position::SeatPlayed(s) => s.fmt(f),
        }
    }
}

impl Position {
    /// The stderr line of a text `perft`: the count's speed ([`Perft::speed`]).
    pub fn speed(&self) -> Option<String> {
        match self {
            Position::Perft(p) => Some(p.speed()),
            _ => None,
        }
    }
}

impl fmt::Display for Variants {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for v in &self.variants {
            writeln!(
                f,
                "{:<18} {:<12} {:<26} {}",
                v.id, v.status, v.board, v.source
            )?;
        }
        Ok(())
    }
}

impl fmt::Display for SeatStart {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.0.position)
    }
}

impl fmt::Display for SeatMoves {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.0.moves.join(" "))
    }
}

impl fmt::Display for SeatPlayed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = &self.0;
        writeln!(f, "{}", s.at.position)?;
        let Some(r) = &s.result else {
            return Ok(());
        };
        let who = match &r.winner {
            Some(w) => format!("{w} wins"),
            None => format!("{} share the lead", r.leaders.join(" and ")),
        };
        let scores: Vec<String> = s
            .seats
            .iter()
            .map(|seat| format!("{seat} {}", r.score[seat]))
            .collect();
        writeln!(f, "game over: {who}, {}", scores.join(" "))
    }
}

/// `show`: the drawing, then the position text.
impl fmt::Display for SeatState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.drawing.trim_end())?;
        writeln!(f, "{}", self.at.position)
    }
}
