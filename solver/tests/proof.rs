//! The proof-number search agrees with the whole-graph retrograde analysis on small four-row
//! boards (starts and positions of random games), and every win it proves gives a
//! certificate that the seed-by-seed reference rules accept; a certificate changed in one
//! move is refused.

use mancala_solver::fourrow::reference::Reference;
use mancala_solver::fourrow::retro::{self, Wdl};
use mancala_solver::fourrow::{FourRow, Kind, Options};
use mancala_solver::proof::cert::Certificate;
use mancala_solver::proof::{self, Bounds, Prover, Value, Verdict};
use mancala_solver::rng::Rng;
use mancala_solver::{FourRowPos, Game, Notation};

const BOUNDS: Bounds = Bounds {
    memory: 64 << 20,
    deadline: None,
    threads: 1,
};

/// The start and positions met in a few random games.
fn positions(g: &FourRow, n: usize, seed: u64) -> Vec<FourRowPos> {
    let mut rng = Rng::new(seed);
    let mut out = vec![g.start()];
    while out.len() < n {
        let mut p = g.start();
        for _ in 0..rng.below(12) {
            let m = g.legal_moves(&p);
            if m.is_empty() {
                break;
            }
            p = g.play(&p, m[rng.below(m.len())]);
        }
        out.push(p);
    }
    out
}

fn certify(g: &FourRow, pos: &FourRowPos, rules: &[String]) -> (Certificate, u32) {
    let me = g.to_move(pos);
    let mut p = Prover::new(g, me, BOUNDS);
    assert_eq!(p.prove(pos), Verdict::Proven);
    let proof = p.proof(pos).expect("a proven root reads back");
    let c = proof.certificate(g, me, vec![]);
    let r = Reference::new(g.variant_id(), g.width(), rules);
    let checked = c
        .check(&r, g.format_position(pos))
        .unwrap_or_else(|e| panic!("{}: {e}", g.variant_id()));
    assert_eq!(checked.nodes, proof.nodes.len());
    assert_eq!(checked.plies, proof.plies());
    (c, checked.plies)
}

fn agree(kind: Kind, width: usize, seeds: u32) {
    let g = FourRow::new(kind, width, seeds, Options::default()).unwrap();
    let sol = retro::solve(&g, &g.start(), 2_000_000).unwrap();
    for pos in positions(&g, 12, width as u64 * 31 + seeds as u64) {
        let truth = sol.value(&g, &pos).unwrap();
        let solved = proof::value(&g, &pos, BOUNDS, &mut |_, _| {});
        let v = solved.value.ok_or(solved.tried.last().unwrap().verdict);
        let want = match truth {
            Wdl::Win(_) => Value::Win,
            Wdl::Draw => Value::Draw,
            Wdl::Loss(_) => Value::Loss,
        };
        let at = format!("{} 4x{width} {}", kind.id(), g.format_position(&pos));
        assert_eq!(v, Ok(want), "{at}");
        if let Wdl::Win(d) = truth {
            let (_, plies) = certify(&g, &pos, &[]);
            // The proof's longest line is no shorter than the fastest win.
            assert!(plies >= d, "{at}: a proof of {plies} plies, a win in {d}");
        }
        // A win or a loss comes with the winner's proof, whose line ends the game.
        match (truth, &solved.proof) {
            (Wdl::Draw, None) => {}
            (Wdl::Win(_) | Wdl::Loss(_), Some((side, p))) => {
                let mut q = pos;
                for &m in &p.line() {
                    q = g.play(&q, m);
                }
                assert!(g.legal_moves(&q).is_empty(), "{at}: the line stops short");
                assert_eq!(g.to_move(&q), side.opponent(), "{at}: the line's loser");
            }
            (t, p) => panic!("{at}: {t:?} with a proof: {}", p.is_some()),
        }
    }
}

#[test]
fn proof_search_agrees_with_the_whole_graph_on_small_boards() {
    for kind in Kind::ALL {
        for (w, s) in [(2, 1), (2, 2), (3, 1)] {
            if FourRow::new(kind, w, s, Options::default()).is_ok() {
                agree(kind, w, s);
            }
        }
    }
}

#[test]
fn a_certificate_with_a_changed_move_is_refused() {
    let g = FourRow::new(Kind::Kanotta, 3, 2, Options::default()).unwrap();
    let pos = g.start();
    let (c, _) = certify(&g, &pos, &[]);
    let r = Reference::new("kanotta", 3, &[]);
    // Drop a reply at the loser's first node with several, or change the winner's move.
    let mut bad = c.clone();
    let i = (0..bad.nodes.len())
        .find(|&i| bad.nodes[i].len() > 1)
        .expect("a node with replies");
    bad.nodes[i].pop();
    let e = bad.check(&r, g.format_position(&pos)).unwrap_err();
    assert!(
        e.contains(&format!("node {i}")) && e.contains("not answered"),
        "{e}"
    );
    let mut bad = c.clone();
    bad.nodes[0][0].0 = "Z9".into();
    let e = bad.check(&r, g.format_position(&pos)).unwrap_err();
    assert!(e.contains("Z9 is not a legal move"), "{e}");
    // And through the file: the text reads back whole.
    assert_eq!(Certificate::parse(&c.to_text()).unwrap(), c);
}

/// A game on a small directed graph: positions are its nodes, each with a side to move and
/// its moves to other nodes; a node without a move is lost by its mover. Cycles make draws
/// and the repetitions the proof search must handle on its line. Each node has given
/// strengths for the search's first numbers (0 at the mover's side may be anything).
#[derive(Clone, Debug)]
struct Graph {
    moves: Vec<Vec<usize>>,
    mover: Vec<mancala_solver::Side>,
    strengths: Vec<[u32; 2]>,
}

impl Game for Graph {
    type Position = usize;
    type Move = usize;
    type Moves = Vec<usize>;
    fn start(&self) -> usize {
        0
    }
    fn to_move(&self, pos: &usize) -> mancala_solver::Side {
        self.mover[*pos]
    }
    fn gen_moves(&self, pos: &usize, moves: &mut Vec<usize>) {
        moves.clear();
        moves.extend(0..self.moves[*pos].len());
    }
    fn play(&self, pos: &usize, mv: usize) -> usize {
        self.moves[*pos][mv]
    }
    fn outcome(&self, pos: &usize) -> Option<mancala_solver::Outcome> {
        self.moves[*pos]
            .is_empty()
            .then(|| mancala_solver::Outcome {
                winner: Some(self.mover[*pos].opponent()),
                score: [0, 0],
            })
    }
    fn strengths(&self, pos: &usize) -> [u32; 2] {
        self.strengths[*pos]
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2048))]

    /// On random graphs with cycles (so draws, and repetitions on the search's line whose
    /// disproofs must not be kept for other lines), with random first numbers (they steer,
    /// they never decide), the proof search gives every node the whole-graph retrograde's
    /// value, and the proof it reads back is a finite strategy:
    /// one move at the winner's nodes, every move at the other's, won ends only, no cycle.
    #[test]
    fn proof_search_agrees_with_the_retrograde_on_random_graphs(
        edges in proptest::collection::vec(proptest::collection::vec(0usize..24, 0..4), 2..24),
        sides in proptest::collection::vec(proptest::bool::ANY, 24),
        strengths in proptest::collection::vec([0u32..6, 0u32..6], 24),
    ) {
        use mancala_solver::wdl::{solve_graph, Wdl};
        use mancala_solver::Side;
        let n = edges.len();
        let g = Graph {
            moves: edges.iter().map(|e| e.iter().map(|&j| j % n).collect()).collect(),
            mover: (0..n).map(|i| if sides[i] { Side::South } else { Side::North }).collect(),
            strengths: strengths[..n].to_vec(),
        };
        let bounds = Bounds { memory: 1 << 20, deadline: None, threads: 1 };
        for root in 0..n {
            let truth = solve_graph(&g, &root, |p| Some(*p), 1000, None).unwrap();
            let want = match truth.value_of(&root).unwrap() {
                Wdl::Win(_) => Value::Win,
                Wdl::Draw => Value::Draw,
                Wdl::Loss(_) => Value::Loss,
            };
            let solved = proof::value(&g, &root, bounds, &mut |_, _| {});
            proptest::prop_assert_eq!(solved.value, Some(want), "root {}", root);
            if let Some((side, p)) = &solved.proof {
                for (i, node) in p.nodes.iter().enumerate() {
                    let moves = &g.moves[node.pos];
                    if moves.is_empty() {
                        proptest::prop_assert_eq!(g.mover[node.pos], side.opponent());
                    } else if g.mover[node.pos] == *side {
                        proptest::prop_assert_eq!(node.moves.len(), 1);
                    } else {
                        proptest::prop_assert_eq!(node.moves.len(), moves.len());
                    }
                    for &(m, j) in &node.moves {
                        proptest::prop_assert!(j > i, "the proof goes forward");
                        proptest::prop_assert_eq!(p.nodes[j].pos, moves[m]);
                    }
                }
            }
        }
    }
}
