//! The wdl solvers agree on tiny four-row boards: the MTD(f) search (margin ±1, repetition 0),
//! the whole-graph retrograde (`fourrow::retro`, also giving plies) and a plain minimax with
//! the path as repetition rule. Also checks that the plies are consistent move by move.

use mancala_solver::fourrow::retro::{self, Wdl};
use mancala_solver::fourrow::{FourRow, Kind, Options};
use mancala_solver::search::{Limits, Solver};
use mancala_solver::Game;

fn check(kind: Kind, width: usize, seeds: u32, minimax: bool) {
    let g = FourRow::new(kind, width, seeds, Options::default()).unwrap();
    let root = g.start();
    let sol = retro::solve(&g, &root, 2_000_000).unwrap();
    let solver = Solver::new(&g, Limits::default());
    // The root and the first positions of the graph's breadth-first order.
    let mut todo = vec![root];
    for &m in g.legal_moves(&root).iter() {
        let c = g.play(&root, m);
        todo.extend(g.legal_moves(&c).iter().map(|&m2| g.play(&c, m2)));
        todo.push(c);
    }
    for (i, p) in todo.iter().take(12).enumerate() {
        let r = sol.value(&g, p).unwrap();
        let s = solver.solve(p);
        assert!(s.exact);
        // The depth-limited distance search agrees with the retrograde's plies.
        assert_eq!(
            retro::plies_by_search(&g, p, r.value(), u64::MAX),
            r.plies(),
            "{} {width}x{seeds}: plies",
            kind.id()
        );
        assert_eq!(
            s.value,
            r.value(),
            "{} {width}x{seeds}: search vs retro",
            kind.id()
        );
        if minimax && i == 0 {
            let m = retro::minimax(&g, p, &mut Vec::new());
            assert_eq!(
                m,
                r.value(),
                "{} {width}x{seeds}: minimax vs retro",
                kind.id()
            );
        }
        // Plies: a win in d has a move to a loss in d-1 and none faster; a loss in d has
        // every move to a win in at most d-1 and one in exactly d-1.
        // (Seen from the mover of `p`: a child with the same mover is turned round.)
        let kids: Vec<Wdl> = g
            .legal_moves(p)
            .iter()
            .map(|&m| {
                let c = g.play(p, m);
                let v = sol.value(&g, &c).unwrap();
                match (v, c.side == p.side) {
                    (Wdl::Win(d), true) => Wdl::Loss(d),
                    (Wdl::Loss(d), true) => Wdl::Win(d),
                    (v, _) => v,
                }
            })
            .collect();
        match r {
            Wdl::Win(d) => {
                assert!(kids.contains(&Wdl::Loss(d - 1)));
                assert!(!kids.iter().any(|k| matches!(k, Wdl::Loss(e) if *e + 1 < d)));
            }
            Wdl::Loss(0) => assert!(kids.is_empty()),
            Wdl::Loss(d) => {
                assert!(kids.contains(&Wdl::Win(d - 1)));
                assert!(kids.iter().all(|k| matches!(k, Wdl::Win(e) if *e < d)));
            }
            Wdl::Draw => {
                assert!(!kids.iter().any(|k| matches!(k, Wdl::Loss(_))));
                assert!(kids.contains(&Wdl::Draw));
            }
        }
    }
}

#[test]
fn solvers_agree_on_tiny_boards() {
    for kind in Kind::ALL {
        check(kind, 2, 1, true);
        check(kind, 2, 2, false);
    }
}

#[test]
fn solvers_agree_on_4x3_one_seed() {
    for kind in [Kind::Chisolo, Kind::Nakabili, Kind::Natatu, Kind::Kanotta] {
        check(kind, 3, 1, false);
    }
}
