//! Criterion benchmarks of the exact search: whole solves from a cold table, with the lock-free
//! table the solver uses ([`Table`]) against a `DashMap` table ([`DashTable`]), on one and two
//! threads. `cargo bench --bench search`; figures in BENCHMARKS.md.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use mancala_solver::search::{Limits, Solver};
use mancala_solver::tt::{DashTable, Table};
use mancala_solver::{variant, Game};
use std::time::Duration;

/// (variant, width, seeds): solves of about 0.01 to 1 s, none of which fills a 64 MiB table
/// (4 M entries), so that on one thread both tables search the same tree
/// (`solver/tests/tables.rs`) and the times compare the tables alone.
const SOLVES: &[(&str, usize, u32)] = &[
    ("kalah", 4, 3),
    ("kalah", 5, 3),
    ("kalah", 6, 3),
    ("oware", 3, 3),
];

fn solves(c: &mut Criterion) {
    let mut group = c.benchmark_group("solve");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(8));
    for &(id, w, s) in SOLVES {
        let g = variant::build(id, Some(w), Some(s), &[]).unwrap();
        let start = g.start();
        for threads in [1, 2] {
            let limits = Limits {
                depth: None,
                threads,
                tt_mb: 64,
                deadline: None,
            };
            let name = format!("{id}-{w}x{s}-{threads}t");
            group.bench_with_input(BenchmarkId::new("lockfree", &name), &(), |b, _| {
                b.iter(|| {
                    Solver::with_table(&g, limits, Table::new(64))
                        .solve(&start)
                        .value
                })
            });
            group.bench_with_input(BenchmarkId::new("dashmap", &name), &(), |b, _| {
                b.iter(|| {
                    Solver::with_table(&g, limits, DashTable::new(64))
                        .solve(&start)
                        .value
                })
            });
        }
    }
    group.finish();
}

criterion_group!(benches, solves);
criterion_main!(benches);
