//! Criterion benchmarks of the proof-number search: the value of a start by both sides'
//! searches, from empty tables, on one and two threads; and the replay of a certificate by the
//! reference rules. `cargo bench --bench proof`; figures in BENCHMARKS.md.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use mancala_solver::fourrow::reference::Reference;
use mancala_solver::fourrow::{FourRow, Kind, Options};
use mancala_solver::proof::{self, Bounds};
use mancala_solver::{Game, Notation};
use std::time::Duration;

/// (kind, width, seeds a hole): proofs of about 0.01 to 10 s.
const STARTS: &[(Kind, usize, u32)] = &[
    (Kind::Kanotta, 3, 2),
    (Kind::ChisoloII, 5, 3),
    (Kind::Chisolo, 5, 3),
];

fn proofs(c: &mut Criterion) {
    let mut group = c.benchmark_group("proof");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(20));
    for &(kind, w, s) in STARTS {
        let g = FourRow::new(kind, w, s, Options::default()).unwrap();
        let start = g.start();
        for threads in [1, 2] {
            let bounds = Bounds {
                memory: 1 << 30,
                deadline: None,
                threads,
            };
            let name = format!("{}-4x{w}-{threads}t", kind.id());
            group.bench_with_input(BenchmarkId::new("value", &name), &(), |b, _| {
                b.iter(|| proof::value(&g, &start, bounds, &mut |_, _| {}).value)
            });
        }
        // The certificate's replay by the reference rules.
        let bounds = Bounds {
            memory: 1 << 30,
            deadline: None,
            threads: 2,
        };
        let solved = proof::value(&g, &start, bounds, &mut |_, _| {});
        let (side, p) = solved.proof.expect("these starts are won or lost");
        let cert = p.certificate(&g, side, vec![]);
        let r = Reference::new(kind.id(), w, &[]);
        let name = format!("{}-4x{w}", kind.id());
        group.bench_with_input(BenchmarkId::new("check", &name), &(), |b, _| {
            b.iter(|| cert.check(&r, g.format_position(&start)).unwrap().nodes)
        });
    }
    group.finish();
}

criterion_group!(benches, proofs);
criterion_main!(benches);
