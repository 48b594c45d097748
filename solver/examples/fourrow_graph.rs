//! Counts the positions reachable from a four-row start (for sizing the whole-graph solver):
//! `cargo run --release -p mancala-solver --example fourrow_graph -- mulabalaba 4 1`.
use mancala_solver::fourrow::{FourRow, Kind, Options};
use mancala_solver::Game;
use std::collections::HashSet;

fn main() {
    let a: Vec<String> = std::env::args().collect();
    let kind = Kind::from_id(&a[1]).expect("variant id");
    let g = FourRow::new(
        kind,
        a[2].parse().unwrap(),
        a[3].parse().unwrap(),
        Options::default(),
    )
    .unwrap();
    let root = g.start();
    let mut seen: HashSet<u128> = HashSet::new();
    let mut stack = vec![root];
    seen.insert(g.exact_key(&root).unwrap());
    let mut moves = Vec::new();
    while let Some(p) = stack.pop() {
        g.gen_moves(&p, &mut moves);
        for &m in moves.iter() {
            let c = g.play(&p, m);
            if seen.insert(g.exact_key(&c).unwrap()) {
                stack.push(c);
            }
        }
        if seen.len() % 10_000_000 == 0 {
            eprintln!("{} so far", seen.len());
        }
    }
    println!("{} positions reachable", seen.len());
}
