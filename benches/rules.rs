//! Criterion benchmarks of the two-row rules: move generation, playing one move, and perft.
//!
//! For each of kalah, oware, warri, kale and kpo at the standard size (2x6, 4 seeds):
//!
//! - `gen_moves/<variant>/start` and `gen_moves/<variant>/mid`: one [`Game::gen_moves`] into a
//!   reused move list;
//! - `play/<variant>/start/pit<N>` and `play/<variant>/mid/pit<N>`: one [`Game::play`] of the
//!   legal move `N` (pit name, from the mover's left), one bench per legal move.
//!
//! and `perft/oware/7`: perft to depth 7 from the oware start, with throughput in nodes.
//!
//! The mid-game position is reached from the start by [`MID_PLIES`] plies; at ply `k` (from 0)
//! the mover plays the legal move at index `(3k + 1) mod n` of the `n` legal moves, in
//! [`Game::gen_moves`] order. Rules and positions go through `black_box`, so the compiler
//! cannot specialise the code to one variant or fold a move at compile time.
//!
//! Run: `cargo bench --bench rules -- --warm-up-time 1 --measurement-time 3` (a filter such as
//! `play/oware` selects benches). See BENCHMARKS.md for figures.

use criterion::{black_box, criterion_group, criterion_main, Criterion, SamplingMode, Throughput};
use mancala_solver::perft::perft;
use mancala_solver::{Game, Kind, TwoRow, TwoRowPos};

/// Plies from the start to the mid-game position.
const MID_PLIES: usize = 10;

/// Depth of the oware perft bench.
const PERFT_DEPTH: u32 = 7;

/// The mid-game position of `g`: [`MID_PLIES`] plies from the start, the move at index
/// `(3k + 1) mod n` at ply `k`.
fn mid_game(g: &TwoRow) -> TwoRowPos {
    let mut pos = g.start();
    for k in 0..MID_PLIES {
        let moves = g.legal_moves(&pos);
        assert!(
            !moves.is_empty(),
            "{} ended after {k} plies on the way to the mid-game position",
            g.kind().id()
        );
        pos = g.play(&pos, moves[(3 * k + 1) % moves.len()]);
    }
    assert!(
        !g.legal_moves(&pos).is_empty(),
        "{}: the mid-game position is over",
        g.kind().id()
    );
    pos
}

/// `gen_moves/<variant>/{start,mid}` and `play/<variant>/{start,mid}/pit<N>`.
fn rules(c: &mut Criterion) {
    for kind in Kind::ALL {
        let g = TwoRow::standard(kind);
        let positions = [("start", g.start()), ("mid", mid_game(&g))];

        let mut group = c.benchmark_group(format!("gen_moves/{}", kind.id()));
        for (phase, pos) in &positions {
            let mut moves = <TwoRow as Game>::Moves::default();
            group.bench_function(*phase, |b| {
                b.iter(|| {
                    black_box(&g).gen_moves(black_box(pos), &mut moves);
                    black_box(&moves);
                });
            });
        }
        group.finish();

        let mut group = c.benchmark_group(format!("play/{}", kind.id()));
        for (phase, pos) in &positions {
            for &mv in &g.legal_moves(pos) {
                group.bench_function(format!("{phase}/pit{}", mv as usize + 1), |b| {
                    b.iter(|| black_box(black_box(&g).play(black_box(pos), black_box(mv))));
                });
            }
        }
        group.finish();
    }
}

/// `perft/oware/7`, throughput in nodes (leaves counted).
fn perft_oware(c: &mut Criterion) {
    let g = TwoRow::standard(Kind::Oware);
    let start = g.start();
    let nodes = perft(&g, &start, PERFT_DEPTH);
    let mut group = c.benchmark_group("perft/oware");
    group.throughput(Throughput::Elements(nodes));
    // Milliseconds an iteration: flat sampling, fewer samples.
    group.sampling_mode(SamplingMode::Flat);
    group.sample_size(20);
    group.bench_function(PERFT_DEPTH.to_string(), |b| {
        b.iter(|| {
            black_box(perft(
                black_box(&g),
                black_box(&start),
                black_box(PERFT_DEPTH),
            ))
        });
    });
    group.finish();
}

criterion_group!(benches, rules, perft_oware);
criterion_main!(benches);
