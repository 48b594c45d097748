//! Published Kalah values (Irving, Donkers & Uiterwijk, "Solving Kalah", ICGA Journal 23(3),
//! 2000, with the empty-capture rule this project's `kalah` default follows; Kalah(6,6) by
//! M. Rawlings, 2015): the search, probing endgame tables built here, must find them.
//!
//! Both take longer than CI allows on 2 cores and are ignored; run them by hand with
//! `cargo test --release -p mancala-tablebases --test published_kalah -- --ignored`.
//! Kalah(6,4) is proven (+10, exact, with a line that replays) in 642 M nodes with a 1 GiB
//! table (the size used here): about 4 CPU minutes, 18 minutes of wall time on 2 heavily
//! loaded cores (BENCHMARKS.md, search section).
//! Kalah(6,5) has not been run.

mod common;

use common::quiet;
use mancala_solver::search::{Limits, Solver};
use mancala_solver::{Game, Kind};
use mancala_tablebases::{build, Tablebases};

/// Builds kalah width-6 tables to `stones` in a temporary folder, solves the start with
/// `seeds` a pit, and returns the value and the principal variation's replayed margin.
fn solve_kalah6(seeds: u32, stones: u32) -> (i32, bool) {
    let g = mancala_solver::TwoRow::new(Kind::Kalah, 6, seeds, Default::default()).unwrap();
    let d = tempfile::tempdir().unwrap();
    build(&g, d.path(), stones, 2, &quiet).unwrap();
    let tb = Tablebases::open(d.path(), &g).unwrap();
    let limits = Limits {
        depth: None,
        threads: 2,
        tt_mb: 1024,
        deadline: None,
    };
    let solver = Solver::new(&g, limits).with_oracle(&tb);
    let r = solver.solve(&g.start());
    // The line, played out, must give the value.
    let mut pos = g.start();
    for &m in &r.pv {
        pos = g.play(&pos, m);
    }
    let o = g
        .outcome(&pos)
        .expect("a Kalah line ends the game (no cycles)");
    let margin = o.score[0] as i32 - o.score[1] as i32;
    assert_eq!(
        margin, r.value,
        "the principal variation realises the value"
    );
    (r.value, r.exact)
}

#[test]
#[ignore = "minutes on 2 cores (about 4 CPU minutes): run by hand"]
fn kalah_6x4_is_a_win_by_10() {
    assert_eq!(solve_kalah6(4, 14), (10, true));
}

#[test]
#[ignore = "minutes to hours on 2 cores: run by hand"]
fn kalah_6x5_is_a_win_by_12() {
    assert_eq!(solve_kalah6(5, 18), (12, true));
}
