//! Exact values of Isolo positions: the whole graph reachable from the position, by the
//! retrograde analysis of [`crate::wdl`] (win/draw/loss with plies to the end, a repeated
//! position a draw). The graph takes in every phase: a fore-play position's graph holds the
//! kucheleka and the main games after it, an arrangement's every arrangement. Positions are
//! their own keys (no two positions are merged), so every value is exact.
//!
//! Where the graph is larger than the memory allows, the Isolo planner (in the tables crate)
//! falls back on the depth-limited distance search of [`crate::wdl::Distances`].

use super::{Isolo, IsoloMove, IsoloPos};
use crate::game::Game;
use crate::wdl::{solve_graph, wdl_line, RetroError, Wdl, WdlGraph};
use std::time::Instant;

/// Memory the analysis takes per position, an upper estimate in bytes: the index (an 80-byte
/// position and its number in a hash slot, both tables while it grows), the frontier, 8 bytes
/// a move each way and the values. Callers bound the positions by memory / this.
pub const BYTES_PER_POSITION: usize = 320;

/// The solved graph of a root.
pub struct Solved {
    graph: WdlGraph<IsoloPos>,
    /// Wall-clock seconds of the analysis.
    pub seconds: f64,
}

impl Solved {
    /// The value of `pos` for its side to move, if it is in the graph.
    pub fn value(&self, pos: &IsoloPos) -> Option<Wdl> {
        self.graph.value_of(pos)
    }
    /// Positions of the graph.
    pub fn len(&self) -> usize {
        self.graph.len()
    }
    /// True when empty (never for a solved root).
    pub fn is_empty(&self) -> bool {
        self.graph.is_empty()
    }
    /// Positions won, drawn and lost for the side to move.
    pub fn counts(&self) -> [usize; 3] {
        self.graph.counts()
    }
    /// A line of perfect play from `pos` (the winner hastening, the loser delaying; empty for a
    /// draw).
    pub fn line(&self, g: &Isolo, pos: &IsoloPos) -> Vec<IsoloMove> {
        wdl_line(g, pos, &|p| self.value(p))
    }
    /// The value of move `mv` of `pos` for the mover, counting the move in its plies.
    pub fn move_value(&self, g: &Isolo, pos: &IsoloPos, mv: IsoloMove) -> Option<Wdl> {
        let c = g.play(pos, mv);
        Some(self.value(&c)?.before(c.side == pos.side))
    }
}

/// Solves every position reachable from `root`, at most `limit` of them, before `deadline`.
pub fn solve(
    g: &Isolo,
    root: &IsoloPos,
    limit: usize,
    deadline: Option<Instant>,
) -> Result<Solved, RetroError> {
    let t = Instant::now();
    let graph = solve_graph(g, root, |p| Some(*p), limit, deadline)?;
    Ok(Solved {
        graph,
        seconds: t.elapsed().as_secs_f64(),
    })
}

/// Orders two values for the mover: a win sooner beats a win later, a draw beats a loss, a
/// loss later beats a loss sooner.
pub fn better(a: Wdl, b: Wdl) -> bool {
    let rank = |w: Wdl| -> i64 {
        match w {
            Wdl::Win(d) => i64::MAX - d as i64,
            Wdl::Draw => 0,
            Wdl::Loss(d) => i64::MIN + d as i64 + 1,
        }
    };
    rank(a) > rank(b)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::isolo::{Kind, Options, Phase, Setup};
    use crate::rng::Rng;
    use crate::wdl::minimax;

    /// The graph's value of every position of random games agrees with plain minimax, and
    /// each position's value is the best of its moves' values.
    #[test]
    fn the_graph_agrees_with_minimax_and_with_its_moves() {
        let games = [
            Isolo::new(
                Kind::IsoloI,
                3,
                1,
                Setup {
                    phase: Phase::Play,
                    ..Setup::standard(Kind::IsoloI)
                },
                Options::default(),
            ),
            Isolo::new(
                Kind::IsoloI,
                3,
                1,
                Setup {
                    store: 2,
                    ..Setup::standard(Kind::IsoloI)
                },
                Options::default(),
            ),
            Isolo::new(
                Kind::IsoloII,
                2,
                1,
                Setup {
                    phase: Phase::Play,
                    ..Setup::standard(Kind::IsoloII)
                },
                Options::default(),
            ),
        ];
        let mut rng = Rng::new(4);
        for g in games {
            let g = g.unwrap();
            let root = g.start();
            let s = solve(&g, &root, 5_000_000, None).unwrap();
            let mut p = root;
            for _ in 0..12 {
                let v = s.value(&p).unwrap();
                if s.len() < 3000 {
                    assert_eq!(minimax(&g, &p, &mut Vec::new()), v.value(), "{p:?}");
                }
                let moves = g.legal_moves(&p);
                if moves.is_empty() {
                    assert_eq!(v, Wdl::Loss(0));
                    break;
                }
                let best = moves
                    .iter()
                    .map(|&m| s.move_value(&g, &p, m).unwrap())
                    .reduce(|a, b| if better(b, a) { b } else { a })
                    .unwrap();
                assert_eq!(best, v, "{p:?}");
                let line = s.line(&g, &p);
                if let Some(d) = v.plies() {
                    assert_eq!(line.len() as u32, d);
                }
                p = g.play(&p, moves[rng.below(moves.len())]);
            }
        }
    }
}
