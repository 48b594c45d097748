//! Published Kalah values (Irving, Donkers & Uiterwijk, "Solving Kalah", ICGA Journal 23(3),
//! 2000, with the empty-capture rule this project's `kalah` default follows; Kalah(6,6) by
//! M. Rawlings, 2015): the search, probing endgame tables built here, must find them.
//!
//! Kalah(6,4) runs in CI: tables to 20 stones (226 M positions, about a minute of CPU on
//! 2 cores, 226 MB in a temporary folder), then the search (about 32 M nodes on one thread,
//! about 15 s of CPU). Kalah(6,5) takes longer than CI allows and is ignored; run it
//! by hand with `cargo test --release -p mancala-tablebases --test published_kalah --
//! --ignored` (tables to 28 stones: 5.6 G positions, 5.6 GB on disk, about 20 minutes to build
//! on 2 cores; then about 70 s of search with a 2 GiB table, about 8 GB of memory with the
//! tables' pages; BENCHMARKS.md, search section). Set `MANCALA_KALAH_TABLES=DIR` to build the tables into
//! `DIR` and keep them (a later run reuses them, adding only missing slices) rather than into a
//! temporary folder.

mod common;

use common::quiet;
use mancala_solver::search::{Limits, Solver};
use mancala_solver::{Game, Kind};
use mancala_tablebases::{build, Tablebases};

/// Builds kalah width-6 tables to `stones` (in `MANCALA_KALAH_TABLES` if set, else in a
/// temporary folder), solves the start with
/// `seeds` a pit (2 threads, a table of `tt_mb` MiB), and returns the value and the principal variation's replayed margin.
fn solve_kalah6(seeds: u32, stones: u32, tt_mb: usize) -> (i32, bool) {
    let g = mancala_solver::TwoRow::new(Kind::Kalah, 6, seeds, Default::default()).unwrap();
    let tmp = tempfile::tempdir().unwrap();
    let dir = std::env::var_os("MANCALA_KALAH_TABLES")
        .map_or_else(|| tmp.path().to_path_buf(), std::path::PathBuf::from);
    build(&g, &dir, stones, 2, &quiet).unwrap();
    let tb = Tablebases::open(&dir, &g).unwrap();
    let limits = Limits {
        depth: None,
        threads: 2,
        tt_mb,
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
fn kalah_6x4_is_a_win_by_10() {
    assert_eq!(solve_kalah6(4, 20, 512), (10, true));
}

#[test]
#[ignore = "20 minutes on 2 cores (most of it building the tables), 8 GB of memory: run by hand"]
fn kalah_6x5_is_a_win_by_12() {
    assert_eq!(solve_kalah6(5, 28, 2048), (12, true));
}
