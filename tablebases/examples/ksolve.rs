//! Solves a two-row start with tables, printing each MTD(f) step, for measuring the search:
//! `cargo run --release -p mancala-tablebases --example ksolve -- kalah 6 4 1 1024 /tmp/tb`
//! (variant, width, seeds, threads, table MiB, tables folder or `-`).

use mancala_solver::search::{Limits, Solver};
use mancala_solver::{variant, Game};
use mancala_tablebases::Tablebases;
use std::path::Path;
use std::time::Instant;

fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    let id = a.first().map_or("kalah", |s| s.as_str());
    let width: usize = a.get(1).map_or(6, |s| s.parse().unwrap());
    let seeds: u32 = a.get(2).map_or(4, |s| s.parse().unwrap());
    let threads: usize = a.get(3).map_or(1, |s| s.parse().unwrap());
    let tt_mb: usize = a.get(4).map_or(1024, |s| s.parse().unwrap());
    let dir = a.get(5).map_or("-", |s| s.as_str());
    let game = variant::build(id, Some(width), Some(seeds), &[]).unwrap();
    let tables = (dir != "-").then(|| Tablebases::open(Path::new(dir), &game).unwrap());
    let limits = Limits {
        depth: None,
        threads,
        tt_mb,
        deadline: None,
    };
    let mut solver = Solver::new(&game, limits);
    if let Some(t) = &tables {
        solver = solver.with_oracle(t);
    }
    let t0 = Instant::now();
    let mut last = 0;
    let r = solver.solve_with_progress(&game.start(), &mut |p| {
        eprintln!(
            "{:8.2} s depth {:3} [{:4}, {:4}] {:12} nodes (+{})",
            t0.elapsed().as_secs_f64(),
            p.depth,
            p.lower,
            p.upper,
            p.nodes,
            p.nodes - last
        );
        last = p.nodes;
    });
    println!(
        "value {} exact {} depth {} nodes {} (value {}, line {}) {:.2} s, {:.2} M nodes/s",
        r.value,
        r.exact,
        r.depth,
        r.nodes,
        last,
        r.nodes - last,
        r.seconds,
        r.nodes as f64 / r.seconds / 1e6
    );
}
