//! Criterion benchmark of the retrograde builder: positions per second for one slice, one
//! thread.
//!
//! - `build/oware-w6/n9`: the whole analysis of the oware width-6 slice of 9 seeds (167,960
//!   positions): the fixpoint path, every pass until the fixpoint is proven.
//! - `build/kalah-w6/n12`: the kalah width-6 slice of 12 seeds (1,352,078 positions): the
//!   acyclic path, one evaluation per position.
//! - `build/mulabalaba-morris/counters3` and `build/nine-mens-morris/counters3`: the morris
//!   main-game tables of three counters a side (the 3-3 slice, 385,700 entries), built into
//!   a fresh folder each time, files written; throughput in entries.
//!
//! Each is [`SliceBuilder::new`] and [`SliceBuilder::run`] on a one-thread rayon pool, the
//! slices below built once beforehand and kept in memory. Throughput is in positions of the
//! slice, so criterion reports positions per second on one core. The bench uses only
//! `new`, `run` and `fill`, so the same file measures older builders too (BENCHMARKS.md).
//!
//! Run: `cargo bench -p mancala-tablebases --bench build`. See BENCHMARKS.md for figures.

use criterion::{
    black_box, criterion_group, criterion_main, BatchSize, Criterion, SamplingMode, Throughput,
};
use mancala_solver::morris;
use mancala_solver::tworow;
use mancala_solver::{Kind, TwoRow};
use mancala_tablebases::tworow::build::SliceBuilder;
use mancala_tablebases::tworow::index::Slice;

/// Pits a side.
const WIDTH: usize = 6;

/// Builds the slice of `n` seeds given the values of the slices below it.
fn build_slice(game: &TwoRow, n: u32, lower: &[Vec<u8>]) -> Vec<u8> {
    let slice = Slice::new(WIDTH, n).expect("a small slice");
    let lower: Vec<&[u8]> = lower.iter().map(|v| v.as_slice()).collect();
    let mut b = SliceBuilder::new(game, slice, &lower).expect("the slices below are given");
    b.run(&|_| {}, &mut |_, _| {}).expect("a sound build");
    let mut out = vec![0u8; slice.len() as usize];
    b.fill(0, &mut out);
    out
}

/// Benchmarks the slice of `stones` seeds of `kind` at width 6.
fn bench_slice(c: &mut Criterion, kind: Kind, stones: u32) {
    let game = TwoRow::new(kind, WIDTH, 1, tworow::Options::default()).expect("valid");
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .expect("a one-thread pool");
    let lower: Vec<Vec<u8>> = pool.install(|| {
        let mut lower = Vec::new();
        for n in 0..stones {
            let v = build_slice(&game, n, &lower);
            lower.push(v);
        }
        lower
    });
    let len = Slice::new(WIDTH, stones).expect("a small slice").len();
    let mut group = c.benchmark_group(format!("build/{}-w{WIDTH}", kind.id()));
    group.throughput(Throughput::Elements(len));
    group.sampling_mode(SamplingMode::Flat);
    group.sample_size(10);
    group.bench_function(format!("n{stones}"), |b| {
        b.iter(|| pool.install(|| black_box(build_slice(black_box(&game), stones, &lower))));
    });
    group.finish();
}

/// Benchmarks the morris tables of three counters a side of `kind`, on one thread.
fn bench_morris(c: &mut Criterion, kind: morris::Kind) {
    let game = morris::Morris::new(3, morris::Options::defaults(kind)).expect("valid");
    let entries = mancala_tablebases::morris::MorrisSlice::new([3, 3]).len();
    let mut group = c.benchmark_group(format!("build/{}", kind.id()));
    group.throughput(Throughput::Elements(entries));
    group.sampling_mode(SamplingMode::Flat);
    group.sample_size(10);
    group.bench_function("counters3", |b| {
        b.iter_batched(
            || tempfile::tempdir().expect("a temporary folder"),
            |dir| {
                let r = mancala_tablebases::wdl::build(&game, dir.path(), 3, 1, &|_| {})
                    .expect("a sound build");
                black_box(r.slices.len())
            },
            BatchSize::PerIteration,
        );
    });
    group.finish();
}

fn bench_build(c: &mut Criterion) {
    bench_slice(c, Kind::Oware, 9);
    bench_slice(c, Kind::Kalah, 12);
    bench_morris(c, morris::Kind::Mulabalaba);
    bench_morris(c, morris::Kind::NineMensMorris);
}

criterion_group!(benches, bench_build);
criterion_main!(benches);
