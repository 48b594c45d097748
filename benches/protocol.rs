//! Criterion benchmark of the engine protocol's round trip (docs/ENGINE-PROTOCOL.md): one
//! move asked of an external engine and answered, through its pipes.
//!
//! - `protocol/random.sh`: the POSIX shell example engine (`sh`), which reads the `legal`
//!   line and answers from the seed alone;
//! - `protocol/greedy.py`: the Python example engine, which also sows each legal move.
//!
//! Each iteration is one [`Engine::try_choose`] in the oware start position: the manager
//! writes `position`, `board`, `legal` and `go`, and reads `bestmove`; the program is started
//! (and its handshake done) before the measurement. Moves a second through the pipe are
//! 1 / the time an iteration.
//!
//! Run: `cargo bench --bench protocol -- --warm-up-time 1 --measurement-time 5`. See
//! BENCHMARKS.md for figures.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use mancala_analysis::engine::external::{External, ExternalSpec};
use mancala_analysis::engine::{Engine, Rng};
use mancala_solver::{Game, Kind, TwoRow};

fn round_trip(c: &mut Criterion) {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/engines");
    let g = TwoRow::standard(Kind::Oware);
    let pos = g.start();
    let mut group = c.benchmark_group("protocol");
    group.throughput(Throughput::Elements(1));
    for (name, line) in [
        ("random.sh", format!("cmd:sh {dir}/random.sh")),
        ("greedy.py", format!("cmd:python3 {dir}/greedy.py")),
    ] {
        let spec = ExternalSpec::parse(&line)
            .expect("an external spec")
            .expect("the example engine is there");
        let mut e: External<TwoRow> = External::new(spec);
        let mut rng = Rng::new(1);
        e.try_choose(&g, &pos, &mut rng).expect("the engine starts");
        group.bench_function(name, |b| {
            b.iter(|| e.try_choose(&g, &pos, &mut rng).expect("a move"))
        });
    }
    group.finish();
}

criterion_group!(benches, round_trip);
criterion_main!(benches);
