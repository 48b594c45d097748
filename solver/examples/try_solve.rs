use mancala_solver::search::{Limits, Solver};
use mancala_solver::tworow;
use mancala_solver::{Game, Kind, TwoRow};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let kind = match args[1].as_str() {
        "kalah" => Kind::Kalah,
        "oware" => Kind::Oware,
        "warri" => Kind::Warri,
        "kale" => Kind::Kale,
        _ => Kind::Kpo,
    };
    let w: usize = args[2].parse().unwrap();
    let s: u32 = args[3].parse().unwrap();
    let threads: usize = args.get(4).map(|x| x.parse().unwrap()).unwrap_or(1);
    let g = TwoRow::new(kind, w, s, tworow::Options::default()).unwrap();
    let solver = Solver::new(
        &g,
        Limits {
            depth: None,
            threads,
            tt_mb: args.get(5).map(|x| x.parse().unwrap()).unwrap_or(256),
            deadline: None,
        },
    );
    let r = solver.solve(&g.start());
    println!(
        "value {} exact {} depth {} nodes {} secs {:.3} Mn/s {:.2} pv {:?}",
        r.value,
        r.exact,
        r.depth,
        r.nodes,
        r.seconds,
        r.nodes as f64 / r.seconds / 1e6,
        r.pv.iter().map(|m| m + 1).collect::<Vec<_>>()
    );
}
