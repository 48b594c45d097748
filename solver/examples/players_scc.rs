//! Measures the capture-free cycles of reduced boards: strongly connected components of the
//! moves that keep the seeds in play.
use mancala_solver::kpo_players::{KpoPlayers, Options};
use mancala_solver::nseat::SeatGame;
use std::collections::HashMap;

fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    let n: usize = a[0].parse().unwrap();
    let w: usize = a[1].parse().unwrap();
    let s: u32 = a[2].parse().unwrap();
    let g = KpoPlayers::new(n, w, s, Options::default()).unwrap();
    let mut idx: HashMap<_, usize> = HashMap::new();
    let mut keys = vec![];
    let root = g.key(&g.start());
    idx.insert(root, 0);
    keys.push(root);
    let mut edges: Vec<Vec<usize>> = vec![];
    let mut i = 0;
    while i < keys.len() {
        let p = g.position_of(keys[i]);
        let b = g.in_play(&p);
        let mut e = vec![];
        for &m in g.legal_moves(&p).iter() {
            let c = g.play(&p, m);
            let k = g.key(&c);
            let j = *idx.entry(k).or_insert_with(|| {
                keys.push(k);
                keys.len() - 1
            });
            if g.in_play(&c) == b {
                e.push(j);
            }
        }
        edges.push(e);
        i += 1;
    }
    // Tarjan, iterative.
    let nn = keys.len();
    let (mut index, mut low, mut on) = (vec![usize::MAX; nn], vec![0; nn], vec![false; nn]);
    let mut stack = vec![];
    let mut next = 0;
    let mut sizes = vec![];
    for r in 0..nn {
        if index[r] != usize::MAX {
            continue;
        }
        let mut call = vec![(r, 0usize)];
        index[r] = next;
        low[r] = next;
        next += 1;
        stack.push(r);
        on[r] = true;
        while let Some(&mut (v, ref mut k)) = call.last_mut() {
            if *k < edges[v].len() {
                let wv = edges[v][*k];
                *k += 1;
                if index[wv] == usize::MAX {
                    index[wv] = next;
                    low[wv] = next;
                    next += 1;
                    stack.push(wv);
                    on[wv] = true;
                    call.push((wv, 0));
                } else if on[wv] {
                    low[v] = low[v].min(index[wv]);
                }
            } else {
                call.pop();
                if let Some(&(u, _)) = call.last() {
                    low[u] = low[u].min(low[v]);
                }
                if low[v] == index[v] {
                    let mut sz = 0;
                    loop {
                        let x = stack.pop().unwrap();
                        on[x] = false;
                        sz += 1;
                        if x == v {
                            break;
                        }
                    }
                    sizes.push(sz);
                }
            }
        }
    }
    sizes.sort_unstable_by(|a, b| b.cmp(a));
    let nontriv: usize = sizes.iter().filter(|&&x| x > 1).sum();
    println!(
        "{n}p 2x{w} s{s}: {nn} positions, {} SCCs, largest {:?}, {} positions in cycles",
        sizes.len(),
        &sizes[..sizes.len().min(8)],
        nontriv
    );
}
