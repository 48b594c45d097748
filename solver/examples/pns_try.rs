use mancala_solver::fourrow::{FourRow, Kind};
use mancala_solver::proof::{self, Bounds};
use mancala_solver::Game;
use std::time::{Duration, Instant};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let kind = Kind::from_id(&args[1]).unwrap();
    let secs: u64 = args[2].parse().unwrap();
    let mut g = FourRow::standard(kind);
    if let Some(w) = args.get(3) {
        g = FourRow::new(
            kind,
            w.parse().unwrap(),
            kind.default_seeds(),
            Default::default(),
        )
        .unwrap();
    }
    let t0 = Instant::now();
    let b = Bounds {
        memory: 4 << 30,
        deadline: Some(Instant::now() + Duration::from_secs(secs)),
    };
    let (v, n) = proof::value(&g, &g.start(), b, &mut |s, p| {
        if p.nodes % (1 << 20) == 0 {
            eprintln!("{:?} {:?} {:.1}s", s, p, t0.elapsed().as_secs_f64())
        }
    });
    println!(
        "{} {} {:?} nodes {} {:.1}s",
        args[1],
        g.width(),
        v,
        n,
        t0.elapsed().as_secs_f64()
    );
}
