//! The search probing partial tables (children the tables know are valued without a search,
//! and their entries prefetched) gives the reference solver's values, for every variant and
//! rule option: at the start and along a pseudo-random line, the root value and every move's
//! value (`analyze`).

mod common;

use common::{all_rule_sets, quiet};
use mancala_solver::refsolve::solve_graph;
use mancala_solver::search::{Limits, Solver};
use mancala_solver::tworow;
use mancala_solver::{Game, MarginGame, TwoRow};
use mancala_tablebases::{build, Tablebases};

/// Solves the start of `game` (and the positions along a fixed pseudo-random line, at most 16) with the
/// tables up to `max` stones as oracle, and checks every value against the reference.
fn agree_with_tables(game: &TwoRow, max: u32, seed: u64) -> usize {
    let dir = tempfile::tempdir().unwrap();
    build(game, dir.path(), max, 2, &quiet).unwrap();
    let tb = Tablebases::open(dir.path(), game).unwrap();
    let limits = Limits {
        depth: None,
        threads: 1,
        tt_mb: 4,
        deadline: None,
    };
    let solver = Solver::new(game, limits).with_oracle(&tb);
    let mut pos = game.start();
    let mut rng = seed;
    let mut checked = 0;
    // At most 16 positions: a line of a game with cycles need not end.
    for _ in 0..16 {
        let moves = game.legal_moves(&pos);
        if moves.is_empty() {
            break;
        }
        let reference = solve_graph(game, &pos, 2_000_000).unwrap();
        let want = reference.future(game, &pos).unwrap();
        let r = solver.solve(&pos);
        let what = format!("{:?} {:?} at {:?}", game.kind(), game.options(), pos);
        assert!(r.exact, "{what}");
        assert_eq!(r.future, want, "{what}: root value");
        for mv in solver.analyze(&pos) {
            let c = game.play(&pos, mv.mv);
            let fc = reference.future(game, &c).unwrap();
            let v = if game.to_move(&c) == game.to_move(&pos) {
                game.margin(&c) + fc
            } else {
                -(game.margin(&c) + fc)
            };
            assert_eq!(mv.value, v, "{what}: move {:?}", mv.mv);
        }
        checked += 1;
        // xorshift: the next move of the line.
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        pos = game.play(&pos, moves[(rng % moves.len() as u64) as usize]);
    }
    checked
}

#[test]
fn search_with_partial_tables_agrees_with_the_reference() {
    for (kind, rules) in all_rule_sets() {
        let opts = tworow::Options::parse(kind, &rules).unwrap();
        // Width 3, 2 seeds a pit (12 seeds), tables to 5 stones: the search starts well
        // above them and ends in them.
        let g = TwoRow::new(kind, 3, 2, opts).unwrap();
        let n: usize = (0..4)
            .map(|line| agree_with_tables(&g, 5, 0x9E37_79B9_7F4A_7C15 ^ ((line + 1) << 32)))
            .sum();
        assert!(
            n >= 8,
            "{kind:?} {rules:?}: only {n} positions on the lines"
        );
    }
}
