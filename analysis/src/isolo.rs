//! The arrangement questions of the Isolo games, which no source answers: every value below
//! comes from the whole reachable graph ([`mancala_solver::isolo::solve`]), so it is exact.
//!
//! - **Kucheleka** (Isolo I): the winner of the fore-play, holding `B` seeds, arranges them as
//!   he likes against the loser's row of `--seeds` a hole. [`kucheleka`] values every
//!   arrangement: how many win, draw and lose, and the best (the fastest win, else the best
//!   draw or the slowest loss).
//! - **Setup** (Isolo II): each player arranges his seeds without seeing the other's, so the
//!   setup is a simultaneous game. [`setup_game`] builds the payoff matrix, arrangement against
//!   arrangement (South's value with South to move first), and [`mixed_value`] its value in
//!   mixed strategies by linear programming (both players' programs, whose optima must meet:
//!   the minimax theorem is the certificate). Beside it the values of the sequential setups:
//!   North seeing South's arrangement first (`max_i min_j`, which is also the value of the
//!   setup start as the command line plays it), and South seeing North's (`min_j max_i`).
//! - **Back rows or front rows**: Chaplin's remark that players "generally \[fill\] the back
//!   rows rather than the front ones", tested by [`SetupGame::heavy`] on the same matrix.
//!
//! Past the graphs, at full width, [`search_start`] and [`kucheleka_by_search`] value
//! positions by the depth-limited distance search ([`mancala_solver::wdl::Distances`]) within
//! a node bound: what it proves is exact, what it does not is left unproven.

use mancala_solver::isolo::solve::{better, solve, Solved, BYTES_PER_POSITION};
use mancala_solver::isolo::{Isolo, IsoloMove, IsoloPos, Kind, Options, Phase, Setup, CIRCUIT};
use mancala_solver::side::Side;
use mancala_solver::wdl::{Bounds, Distances, RetroError, Wdl};
use mancala_solver::{Game, Notation};
use std::time::Instant;

/// The most positions one analysis holds by default: the Isolo planner's default memory
/// ([`mancala_tablebases::plan::ISOLO`]) of graph.
pub const DEFAULT_LIMIT: usize = match mancala_tablebases::plan::ISOLO.memory {
    mancala_tablebases::plan::Memory::Bytes(b) => b as usize / BYTES_PER_POSITION,
    mancala_tablebases::plan::Memory::HalfTheMachine => {
        panic!("the Isolo planner's default memory is a number of bytes")
    }
};

/// Every arrangement of the kucheleka valued.
#[derive(Clone, Debug)]
pub struct Kucheleka {
    /// Holes a row.
    pub width: usize,
    /// Seeds a hole of the loser's row.
    pub seeds: u32,
    /// Seeds the winner arranges (he may use 1 to all of them).
    pub winner_seeds: u32,
    /// True under `main-first=winner` (the winner begins the main game).
    pub winner_first: bool,
    /// The arrangements, in move order, each with its value for the winner (counting the
    /// arrangement in its plies; `None`: not proven by the search).
    pub values: Vec<(String, Option<Wdl>)>,
    /// The seeds each arrangement uses, in the same order.
    pub used: Vec<u32>,
    /// Positions of the graph, or visited by the searches.
    pub positions: usize,
    /// Seconds.
    pub seconds: f64,
}

impl Kucheleka {
    /// Arrangements proven won, drawn and lost by the winner.
    pub fn counts(&self) -> [usize; 3] {
        let mut c = [0; 3];
        for v in self.values.iter().filter_map(|x| x.1) {
            c[(1 - v.value()) as usize] += 1;
        }
        c
    }
    /// Arrangements the search did not prove (none for a graph's).
    pub fn unproven(&self) -> usize {
        self.values.iter().filter(|x| x.1.is_none()).count()
    }
    /// The best proven arrangement (the first in move order among equals) and its value.
    pub fn best(&self) -> Option<(&str, Wdl)> {
        self.values
            .iter()
            .filter_map(|(n, v)| Some((n.as_str(), (*v)?)))
            .reduce(|a, b| if better(b.1, a.1) { b } else { a })
    }
    /// The arrangements that use every seed: how many there are and how many win.
    pub fn all_seeds(&self) -> (usize, usize) {
        let full: Vec<&Option<Wdl>> = self
            .values
            .iter()
            .zip(&self.used)
            .filter(|&(_, &u)| u == self.winner_seeds)
            .map(|(x, _)| &x.1)
            .collect();
        let wins = full
            .iter()
            .filter(|v| v.is_some_and(|v| v.value() == 1))
            .count();
        (full.len(), wins)
    }
}

/// The kucheleka of a 2x`width` Isolo I board: South won the fore-play holding
/// `winner_seeds`, North's row holds `seeds` a hole.
pub fn kucheleka(
    width: usize,
    seeds: u32,
    winner_seeds: u32,
    winner_first: bool,
    limit: usize,
    deadline: Option<Instant>,
) -> Result<Kucheleka, String> {
    let t = Instant::now();
    let (g, root) = kucheleka_root(width, seeds, winner_seeds, winner_first)?;
    let s = solve(&g, &root, limit, deadline).map_err(|e| e.to_string())?;
    let values = |m| s.move_value(&g, &root, m);
    let mut k = kucheleka_of(&g, &root, seeds, winner_seeds, values, s.len());
    k.seconds = t.elapsed().as_secs_f64();
    Ok(k)
}

/// [`kucheleka`] at boards whose graphs are too large: each arrangement valued by the
/// distance search within `nodes` positions and `max_plies` plies (unproven past them).
pub fn kucheleka_by_search(
    width: usize,
    seeds: u32,
    winner_seeds: u32,
    winner_first: bool,
    nodes: u64,
    max_plies: u32,
) -> Result<Kucheleka, String> {
    let t = Instant::now();
    let (g, root) = kucheleka_root(width, seeds, winner_seeds, winner_first)?;
    let mut visited = 0;
    let values = |m| {
        let c = g.play(&root, m);
        let r = search_start(&g, &c, nodes, max_plies.saturating_sub(1));
        visited += r.nodes as usize;
        r.value.map(|v| v.before(c.side == root.side))
    };
    let mut k = kucheleka_of(&g, &root, seeds, winner_seeds, values, 0);
    k.positions = visited;
    k.seconds = t.elapsed().as_secs_f64();
    Ok(k)
}

/// The game and position of a kucheleka: South won the fore-play holding `winner_seeds`,
/// North's row holds `seeds` a hole.
fn kucheleka_root(
    width: usize,
    seeds: u32,
    winner_seeds: u32,
    winner_first: bool,
) -> Result<(Isolo, IsoloPos), String> {
    let g = Isolo::new(
        Kind::IsoloI,
        width,
        seeds,
        Setup::standard(Kind::IsoloI),
        Options {
            main_first_winner: winner_first,
        },
    )
    .map_err(|e| e.to_string())?;
    let mut rows = [[0u8; CIRCUIT]; 2];
    if winner_seeds == 0 || winner_seeds > 255 {
        return Err(format!("the winner holds {winner_seeds} seeds: 1 to 255"));
    }
    rows[0][0] = winner_seeds as u8;
    for x in rows[1][..width].iter_mut() {
        *x = seeds as u8;
    }
    let root = IsoloPos {
        rows,
        side: Side::South,
        phase: Phase::Arrange,
        store: [0; 2],
    };
    if g.total(&root) > 255 {
        return Err(format!(
            "the board would hold {} seeds, at most 255",
            g.total(&root)
        ));
    }
    Ok((g, root))
}

/// Every arrangement of `root` with the value `value` gives it.
fn kucheleka_of(
    g: &Isolo,
    root: &IsoloPos,
    seeds: u32,
    winner_seeds: u32,
    mut value: impl FnMut(IsoloMove) -> Option<Wdl>,
    positions: usize,
) -> Kucheleka {
    let moves = g.legal_moves(root);
    let values = moves
        .iter()
        .map(|&m| (g.move_name(root, m), value(m)))
        .collect();
    let used = moves
        .iter()
        .map(|m| match m {
            IsoloMove::Set(c) => c.iter().map(|&x| x as u32).sum(),
            IsoloMove::Hole(_) => unreachable!("the kucheleka's moves are arrangements"),
        })
        .collect();
    Kucheleka {
        width: g.width(),
        seeds,
        used,
        winner_seeds,
        winner_first: g.options().main_first_winner,
        values,
        positions,
        seconds: 0.0,
    }
}

/// What [`search_start`] proved.
#[derive(Clone, Debug)]
pub struct SearchedStart {
    /// The value for the side to move, if proven.
    pub value: Option<Wdl>,
    /// Every distance up to this was tried.
    pub within: u32,
    /// A line of perfect play (empty when not proven).
    pub line: Vec<IsoloMove>,
    /// Positions visited.
    pub nodes: u64,
}

/// The value of `pos` by the distance search within `nodes` positions and `max_plies` plies:
/// deterministic, whatever the machine's speed.
pub fn search_start(g: &Isolo, pos: &IsoloPos, nodes: u64, max_plies: u32) -> SearchedStart {
    let bounds = Bounds {
        nodes,
        memo: usize::MAX,
        deadline: None,
    };
    let mut d = Distances::new(g, |p: &IsoloPos| Some(*p), bounds);
    let proof = d.prove(pos, max_plies, &mut |_, _| {});
    let line = match proof.value {
        Some(v) => d.line(pos, v.value() > 0).map_or(Vec::new(), |x| x.1),
        None => Vec::new(),
    };
    SearchedStart {
        value: proof.value,
        within: proof.within,
        line,
        nodes: d.nodes,
    }
}

/// Isolo II's setup as a matrix game.
#[derive(Clone, Debug)]
pub struct SetupGame {
    /// Holes a row.
    pub width: usize,
    /// Seeds a hole's worth each player arranges.
    pub seeds: u32,
    /// The most seeds in one hole.
    pub max_hole: u32,
    /// South's arrangements (move names), the matrix's rows.
    pub south: Vec<String>,
    /// North's arrangements, its columns.
    pub north: Vec<String>,
    /// South's seeds in his back row for each of his arrangements (rows), and North's for his
    /// (columns): back row minus front row.
    pub south_lean: Vec<i32>,
    /// See `south_lean`.
    pub north_lean: Vec<i32>,
    /// `payoff[i][j]`: South's value (+1, 0, −1) of play after South's `i` and North's `j`,
    /// South to move.
    pub payoff: Vec<Vec<i8>>,
    /// The value of the setup start as played on the command line (South arranges, North sees
    /// it and arranges): the graph's, which must equal `max_i min_j payoff`.
    pub sequential: Wdl,
    /// Positions of the graph.
    pub positions: usize,
    /// Seconds of the graph.
    pub seconds: f64,
}

/// The setup game of a 4x`width` Isolo II board, `seeds` a hole's worth each, at most
/// `max_hole` a hole.
pub fn setup_game(
    width: usize,
    seeds: u32,
    max_hole: u32,
    limit: usize,
    deadline: Option<Instant>,
) -> Result<SetupGame, String> {
    let g = Isolo::new(
        Kind::IsoloII,
        width,
        seeds,
        Setup {
            max_hole,
            ..Setup::standard(Kind::IsoloII)
        },
        Options::default(),
    )
    .map_err(|e| e.to_string())?;
    let root = g.start();
    let s: Solved = solve(&g, &root, limit, deadline).map_err(|e: RetroError| e.to_string())?;
    let south_moves = g.legal_moves(&root);
    let after: Vec<IsoloPos> = south_moves.iter().map(|&m| g.play(&root, m)).collect();
    let north_moves = g.legal_moves(&after[0]);
    let lean = |m: &IsoloMove| -> i32 {
        let IsoloMove::Set(c) = m else {
            unreachable!("setup moves are arrangements")
        };
        let back: i32 = c[..width].iter().map(|&x| x as i32).sum();
        let front: i32 = c[width..2 * width].iter().map(|&x| x as i32).sum();
        back - front
    };
    let mut payoff = Vec::with_capacity(after.len());
    for p in &after {
        let row: Vec<i8> = north_moves
            .iter()
            .map(|&m| {
                let q = g.play(p, m);
                debug_assert_eq!(q.side, Side::South);
                s.value(&q).expect("in the graph").value() as i8
            })
            .collect();
        payoff.push(row);
    }
    Ok(SetupGame {
        width,
        seeds,
        max_hole,
        south: south_moves.iter().map(|&m| g.move_name(&root, m)).collect(),
        north: north_moves
            .iter()
            .map(|&m| g.move_name(&after[0], m))
            .collect(),
        south_lean: south_moves.iter().map(lean).collect(),
        north_lean: north_moves.iter().map(lean).collect(),
        payoff,
        sequential: s.value(&root).expect("the root"),
        positions: s.len(),
        seconds: s.seconds,
    })
}

impl SetupGame {
    /// `max_i min_j payoff`: North sees South's arrangement.
    pub fn north_sees(&self) -> i32 {
        self.payoff
            .iter()
            .map(|r| *r.iter().min().unwrap() as i32)
            .max()
            .unwrap()
    }
    /// `min_j max_i payoff`: South sees North's arrangement.
    pub fn south_sees(&self) -> i32 {
        (0..self.north.len())
            .map(|j| self.payoff.iter().map(|r| r[j] as i32).max().unwrap())
            .min()
            .unwrap()
    }
    /// Cells won, drawn and lost by South.
    pub fn counts(&self) -> [usize; 3] {
        let mut c = [0; 3];
        for r in &self.payoff {
            for &x in r {
                c[(1 - x as i32) as usize] += 1;
            }
        }
        c
    }
    /// The mean payoff of South's rows with lean `> 0` (back-heavy) and `< 0` (front-heavy)
    /// against North's uniform mixture, and the value in pure strategies of South restricted
    /// to back-heavy against North restricted to front-heavy and the other way round.
    pub fn heavy(&self) -> Heavy {
        let rows = |f: &dyn Fn(i32) -> bool| -> Vec<usize> {
            (0..self.south.len())
                .filter(|&i| f(self.south_lean[i]))
                .collect()
        };
        let cols = |f: &dyn Fn(i32) -> bool| -> Vec<usize> {
            (0..self.north.len())
                .filter(|&j| f(self.north_lean[j]))
                .collect()
        };
        let mean = |rs: &[usize]| -> Option<f64> {
            if rs.is_empty() {
                return None;
            }
            let n = (rs.len() * self.north.len()) as f64;
            Some(
                rs.iter()
                    .flat_map(|&i| self.payoff[i].iter().map(|&x| x as f64))
                    .sum::<f64>()
                    / n,
            )
        };
        let sub = |rs: &[usize], cs: &[usize]| -> Option<f64> {
            if rs.is_empty() || cs.is_empty() {
                return None;
            }
            let m: Vec<Vec<i8>> = rs
                .iter()
                .map(|&i| cs.iter().map(|&j| self.payoff[i][j]).collect())
                .collect();
            mixed_value(&m).ok().map(|v| v.value)
        };
        let (back_s, front_s) = (rows(&|l| l > 0), rows(&|l| l < 0));
        let (back_n, front_n) = (cols(&|l| l > 0), cols(&|l| l < 0));
        Heavy {
            back_rows: back_s.len(),
            front_rows: front_s.len(),
            back_mean: mean(&back_s),
            front_mean: mean(&front_s),
            back_against_front: sub(&back_s, &front_n),
            front_against_back: sub(&front_s, &back_n),
        }
    }
}

/// Back-heavy against front-heavy arrangements ([`SetupGame::heavy`]).
#[derive(Clone, Copy, Debug)]
pub struct Heavy {
    /// South's arrangements with more seeds in the back row than the front.
    pub back_rows: usize,
    /// With more in the front row.
    pub front_rows: usize,
    /// The mean payoff of the back-heavy ones against North's uniform mixture.
    pub back_mean: Option<f64>,
    /// The same for the front-heavy ones.
    pub front_mean: Option<f64>,
    /// The mixed value when South arranges back-heavy and North front-heavy.
    pub back_against_front: Option<f64>,
    /// The mixed value when South arranges front-heavy and North back-heavy.
    pub front_against_back: Option<f64>,
}

/// A matrix game's value in mixed strategies and optimal mixtures of both players.
#[derive(Clone, Debug)]
pub struct Mixed {
    /// The value for the row player (South).
    pub value: f64,
    /// The row player's optimal mixture.
    pub rows: Vec<f64>,
    /// The column player's optimal mixture.
    pub cols: Vec<f64>,
}

/// The value of the zero-sum matrix game `m` (row player maximising) by the two linear
/// programs, each player's; their optima agree within 1e-6 (else an error: the solve is not
/// trusted), and each mixture guarantees the value against every pure reply of the other.
pub fn mixed_value(m: &[Vec<i8>]) -> Result<Mixed, String> {
    use microlp::{ComparisonOp, OptimizationDirection, Problem};
    let (r, c) = (m.len(), m.first().map_or(0, |x| x.len()));
    if r == 0 || c == 0 {
        return Err("an empty matrix".into());
    }
    // Rows: maximise v with sum_i x_i m[i][j] >= v for every column j.
    let mut p = Problem::new(OptimizationDirection::Maximize);
    let v = p.add_var(1.0, (-1.0, 1.0));
    let x: Vec<_> = (0..r).map(|_| p.add_var(0.0, (0.0, 1.0))).collect();
    for j in 0..c {
        let mut e: Vec<_> = x
            .iter()
            .zip(m)
            .map(|(&xi, row)| (xi, row[j] as f64))
            .collect();
        e.push((v, -1.0));
        p.add_constraint(e.as_slice(), ComparisonOp::Ge, 0.0);
    }
    let ones: Vec<_> = x.iter().map(|&xi| (xi, 1.0)).collect();
    p.add_constraint(ones.as_slice(), ComparisonOp::Eq, 1.0);
    let sol = p
        .solve()
        .map_err(|e| e.to_string())?
        .into_solution()
        .map_err(|_| "the row program was interrupted".to_string())?;
    let rows: Vec<f64> = x.iter().map(|&xi| sol.var_value(xi).max(0.0)).collect();
    // Columns: minimise w with sum_j y_j m[i][j] <= w for every row i.
    let mut q = Problem::new(OptimizationDirection::Minimize);
    let w = q.add_var(1.0, (-1.0, 1.0));
    let y: Vec<_> = (0..c).map(|_| q.add_var(0.0, (0.0, 1.0))).collect();
    for row in m {
        let mut e: Vec<_> = (0..c).map(|j| (y[j], row[j] as f64)).collect();
        e.push((w, -1.0));
        q.add_constraint(e.as_slice(), ComparisonOp::Le, 0.0);
    }
    let ones: Vec<_> = y.iter().map(|&yj| (yj, 1.0)).collect();
    q.add_constraint(ones.as_slice(), ComparisonOp::Eq, 1.0);
    let dual = q
        .solve()
        .map_err(|e| e.to_string())?
        .into_solution()
        .map_err(|_| "the column program was interrupted".to_string())?;
    let cols: Vec<f64> = y.iter().map(|&yj| dual.var_value(yj).max(0.0)).collect();
    let (lo, hi) = (sol.objective(), dual.objective());
    // The certificate: each mixture's guarantee against the other's pure replies.
    let guarantee_rows = (0..c)
        .map(|j| (0..r).map(|i| rows[i] * m[i][j] as f64).sum::<f64>())
        .fold(f64::INFINITY, f64::min);
    let guarantee_cols = m
        .iter()
        .map(|row| (0..c).map(|j| cols[j] * row[j] as f64).sum::<f64>())
        .fold(f64::NEG_INFINITY, f64::max);
    if (hi - lo).abs() > 1e-6 || (guarantee_cols - guarantee_rows).abs() > 1e-6 {
        return Err(format!(
            "the two programs disagree: {lo} against {hi} (guarantees {guarantee_rows}, {guarantee_cols})"
        ));
    }
    Ok(Mixed {
        value: (lo + hi) / 2.0,
        rows,
        cols,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matrix_games_with_known_values() {
        // Matching pennies: value 0, each side half and half.
        let m = mixed_value(&[vec![1, -1], vec![-1, 1]]).unwrap();
        assert!(m.value.abs() < 1e-9);
        assert!((m.rows[0] - 0.5).abs() < 1e-6 && (m.cols[1] - 0.5).abs() < 1e-6);
        // A saddle point: the pure value.
        let m = mixed_value(&[vec![1, 0], vec![-1, -1]]).unwrap();
        assert!(m.value.abs() < 1e-9);
        assert!((m.rows[0] - 1.0).abs() < 1e-6);
        // Rock, paper, scissors.
        let m = mixed_value(&[vec![0, -1, 1], vec![1, 0, -1], vec![-1, 1, 0]]).unwrap();
        assert!(m.value.abs() < 1e-9);
        assert!(m.rows.iter().all(|&p| (p - 1.0 / 3.0).abs() < 1e-6));
    }

    #[test]
    fn the_setup_game_of_the_smallest_board() {
        let s = setup_game(2, 1, 12, DEFAULT_LIMIT, None).unwrap();
        // Four seeds over four holes: C(7, 3) arrangements each.
        assert_eq!(s.south.len(), 35);
        assert_eq!(s.north.len(), 35);
        // The command line's sequential setup is the graph's root: max-min of the matrix.
        assert_eq!(s.sequential.value(), s.north_sees());
        let m = mixed_value(&s.payoff).unwrap();
        assert!(m.value >= s.north_sees() as f64 - 1e-9);
        assert!(m.value <= s.south_sees() as f64 + 1e-9);
    }

    #[test]
    fn kucheleka_counts_every_arrangement() {
        let k = kucheleka(3, 1, 3, false, DEFAULT_LIMIT, None).unwrap();
        // 1 to 3 seeds over 3 holes: C(6, 3) - 1.
        assert_eq!(k.values.len(), 19);
        assert_eq!(k.counts().iter().sum::<usize>(), 19);
        assert_eq!(k.all_seeds().0, 10);
        assert!(k.best().is_some());
    }

    /// The search values every kucheleka arrangement of a small board as its graph does, and
    /// leaves the graph's draws unproven.
    #[test]
    fn kucheleka_by_search_agrees_with_the_graph() {
        for first in [false, true] {
            let k = kucheleka(3, 1, 4, first, DEFAULT_LIMIT, None).unwrap();
            let by_search = kucheleka_by_search(3, 1, 4, first, u64::MAX, 200).unwrap();
            let drawn: Vec<_> = k
                .values
                .iter()
                .map(|(n, v)| (n.clone(), v.filter(|&v| v != Wdl::Draw)))
                .collect();
            assert_eq!(drawn, by_search.values);
            assert_eq!(by_search.unproven(), k.counts()[1]);
            assert!(by_search.positions > 0);
        }
    }
}
