//! Every position of small slices agrees with the reference solver (whole game graph and
//! threshold attractors, `mancala_solver::refsolve`), for every variant and rule option.

mod common;

use common::{all_rule_sets, quiet};
use mancala_solver::refsolve::solve_graph;
use mancala_solver::tworow;
use mancala_solver::{Kind, TwoRow};
use mancala_tablebases::tworow::index::Slice;
use mancala_tablebases::tworow::rules::relative_position;
use mancala_tablebases::{build, Tablebases};
use std::collections::HashSet;

/// Builds the tables up to `max` stones and checks every position of every slice against the
/// reference solver; returns the positions checked.
fn agree(game: &TwoRow, max: u32) -> usize {
    let dir = tempfile::tempdir().unwrap();
    build(game, dir.path(), max, 2, &quiet).unwrap();
    let tb = Tablebases::open(dir.path(), game).unwrap();
    assert_eq!(tb.complete_up_to(), Some(max));
    let w = game.width();
    let mut covered: HashSet<u128> = HashSet::new();
    for n in 0..=max {
        let slice = Slice::new(w, n).unwrap();
        for (_, pits) in slice.iter_range(0..slice.len()) {
            if covered.contains(&pits.0) {
                continue;
            }
            let root = relative_position(game, pits);
            let sol = solve_graph(game, &root, 2_000_000).unwrap();
            for (i, p) in sol.positions().iter().enumerate() {
                let want = sol.future_at(i);
                let got = tb.probe(p);
                assert_eq!(
                    got,
                    Some(want),
                    "{:?} {:?} width {w}: position {:?} (relative pits {:?})",
                    game.kind(),
                    game.options(),
                    p,
                    p.pits().to_vec(2 * w)
                );
                covered.insert(p.pits().0);
            }
        }
    }
    covered.len()
}

fn check_all(width: usize, max: u32) {
    for (kind, rules) in all_rule_sets() {
        let opts = tworow::Options::parse(kind, &rules).unwrap();
        let g = TwoRow::new(kind, width, 1, opts).unwrap();
        let n = agree(&g, max);
        assert!(n > 0);
    }
}

#[test]
fn width_1_every_variant() {
    check_all(1, 14);
}

#[test]
fn width_2_every_variant() {
    check_all(2, 10);
}

#[test]
fn width_3_every_variant() {
    check_all(3, 7);
}

#[test]
fn width_4_kalah_and_oware() {
    for kind in [Kind::Kalah, Kind::Oware] {
        for rules in all_rule_sets()
            .into_iter()
            .filter(|(k, _)| *k == kind)
            .map(|(_, r)| r)
        {
            let opts = tworow::Options::parse(kind, &rules).unwrap();
            let g = TwoRow::new(kind, 4, 1, opts).unwrap();
            agree(&g, 5);
        }
    }
}
