//! The two transposition tables the search can run on (`solver/src/tt.rs`): the fixed-size
//! lock-free `Table` the solver uses and the `DashMap` one it is measured against
//! (`benches/search.rs`). Where the search fills neither, both keep the same bounds for every
//! key, so one thread searches the same tree on either: same value, same line, same nodes.
//! That makes the benchmark a comparison of the tables' hot paths alone.

use mancala_solver::search::{Limits, Solver};
use mancala_solver::tt::{DashTable, Table};
use mancala_solver::{variant, Game};

#[test]
fn both_tables_search_the_same_tree() {
    let limits = Limits {
        depth: None,
        threads: 1,
        tt_mb: 64,
        deadline: None,
    };
    // Games without cycles and with them (where the table also meets repetitions).
    for (id, w, s) in [
        ("kalah", 4, 3),
        ("kalah", 5, 2),
        ("oware", 3, 2),
        ("warri", 3, 3),
        ("kale", 3, 2),
        ("kpo", 4, 2),
    ] {
        let g = variant::build(id, Some(w), Some(s), &[]).unwrap();
        let start = g.start();
        let a = Solver::with_table(&g, limits, Table::new(64)).solve(&start);
        let b = Solver::with_table(&g, limits, DashTable::new(64)).solve(&start);
        let what = format!("{id} {w}x{s}");
        assert!(a.exact && b.exact, "{what}: both exact");
        assert_eq!(a.value, b.value, "{what}: value");
        assert_eq!(a.pv, b.pv, "{what}: line");
        assert_eq!(a.nodes, b.nodes, "{what}: nodes");
        assert!(a.nodes > 100, "{what}: a real search ({} nodes)", a.nodes);
    }
}
