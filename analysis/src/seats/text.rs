//! The text of the kpo commands for three and four players (`mancala <cmd> kpo --players
//! 3|4`), per docs/NOTATION-KPO-PLAYERS.md. `start`, `moves` and `play` have their
//! text-only wrappers beside the other position shapes ([`crate::position::json`]).

use super::json::{SeatBench, SeatMatch, SeatResult, SeatSolve, SeatState};
use crate::stats::Mean;
use mancala_solver::nseat::shares_text;
use std::fmt;

/// `show`: the drawing, then the position text.
impl fmt::Display for SeatState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.drawing.trim_end())?;
        writeln!(f, "{}", self.at.position)
    }
}

/// `names`, or `nobody` when there are none.
fn or_nobody(names: &[String]) -> String {
    if names.is_empty() {
        "nobody".into()
    } else {
        names.join(", ")
    }
}

/// `solve`: the paranoid values, the coalitions of three players, each max^n profile, the
/// forced winners and kingmakers, and the seconds.
impl fmt::Display for SeatSolve {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.seats.len();
        let seeds = |v: u32| shares_text(v, n);
        let cells = |v: &[u32]| -> String {
            let cells: Vec<String> = (0..n)
                .map(|i| format!("{} {}", self.seats[i], seeds(v[i])))
                .collect();
            cells.join(", ")
        };
        writeln!(
            f,
            "kpo, {n} players, 2x{} board, {} seeds in play ({}), {} to move",
            self.board.width.unwrap_or_default(),
            self.seeds_in_play,
            self.board.rules.join(" "),
            self.to_move
        )?;
        match &self.paranoid_shares {
            Some(p) => {
                let how = match self.graph_positions {
                    Some(k) => format!("whole graph of {k} positions, and search"),
                    None => "search (the graph is too large)".into(),
                };
                writeln!(
                    f,
                    "paranoid values (seeds each can guarantee against all the others): {} [{how}]",
                    cells(p)
                )?;
                if n == 3 {
                    // What the other two can force is what the third cannot keep.
                    let pairs: Vec<String> = (0..3)
                        .map(|k| {
                            let (x, y) = ((k + 1) % 3, (k + 2) % 3);
                            let (x, y) = (x.min(y), x.max(y));
                            format!(
                                "{}+{} force {}",
                                self.seats[x],
                                self.seats[y],
                                seeds(n as u32 * self.seeds_in_play - p[k])
                            )
                        })
                        .collect();
                    writeln!(
                        f,
                        "coalitions (a pair against the third): {}",
                        pairs.join(", ")
                    )?;
                }
            }
            None => writeln!(f, "paranoid values: not proven within the node bound")?,
        }
        if self.ties.is_empty() {
            writeln!(f, "max^n: not computed (the graph is too large)")?;
        }
        for tie in &self.ties {
            let r = &self.maxn[tie];
            writeln!(
                f,
                "max^n, ties {tie}: {} (leader {}; {} positions where a player would gain by one other move)",
                cells(&r.shares),
                r.leaders.join(" and "),
                r.deviations
            )?;
        }
        if let Some(w) = &self.forced_winners {
            writeln!(
                f,
                "can force a win (more than half the seeds): {}",
                or_nobody(w)
            )?;
        }
        if let Some(k) = &self.kingmakers {
            writeln!(
                f,
                "kingmaker (loses, and its ties decide the winner): {}",
                or_nobody(k)
            )?;
        }
        writeln!(f, "{:.2} s", self.seconds)
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

/// One row of `bench players`: what, nodes, seconds and millions of nodes a second.
impl fmt::Display for SeatBench {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{:<72} {:>12} nodes {:>9.3} s {:>8.2} M nodes/s",
            self.what,
            self.nodes,
            self.seconds,
            self.nodes_per_second / 1e6
        )
    }
}
