//! Exact analysis of reduced boards of kpo for three and four players, one line a board:
//! graph size, paranoid values by graph and by search, max^n under each tie rule, times.
//!
//! `cargo run --release -p mancala-solver --example players_exact -- 3 3 1 [rules...]`
//! (players, width, seeds).

use mancala_solver::kpo_players::{KpoPlayers, Options};
use mancala_solver::nseat::analysis::{analyse, Effort};
use mancala_solver::nseat::{shares_text, SeatGame};

fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    let n: usize = a[0].parse().unwrap();
    let w: usize = a[1].parse().unwrap();
    let s: u32 = a[2].parse().unwrap();
    let opts = Options::parse(n, &a[3..]).unwrap();
    let g = KpoPlayers::new(n, w, s, opts).unwrap();
    let effort = Effort {
        graph_positions: 80_000_000,
        search_nodes: std::env::var("SEARCH_NODES").map_or(500_000_000, |v| v.parse().unwrap()),
        search_tt_mb: 256,
        kingmakers: 1_000_000,
    };
    let t = std::time::Instant::now();
    let an = analyse(&g, &g.start(), &effort, &|m| {
        eprintln!("[{:.1}s] {m}", t.elapsed().as_secs_f64())
    });
    let show = |v: &[u32]| {
        (0..n)
            .map(|i| shares_text(v[i], n))
            .collect::<Vec<_>>()
            .join(" / ")
    };
    println!(
        "{n}p 2x{w} s{s}: graph {:?}, paranoid {:?} search {:?}",
        an.graph_positions,
        an.paranoid_graph.map(|p| show(&p)),
        an.paranoid_search
    );
    for r in &an.maxn {
        println!(
            "  maxn {}: {} {:?}",
            r.tie.as_str(),
            show(&r.shares),
            r.stats
        );
    }
    println!(
        "  forced {:?} kingmakers {:?} in {:.1} s",
        an.forced_winners(),
        an.kingmakers(),
        an.seconds
    );
    let _ = g.seats();
}
