//! The exact analysis of kpo for three and four players, checked two ways on every tiny
//! board: the paranoid search agrees with the whole-graph analysis in every position of the
//! graph (every rule option on the tiniest boards), and the whole-graph max^n agrees with the
//! first-cycle search wherever no position can repeat.

use mancala_solver::kpo_players::{KpoPlayers, Options};
use mancala_solver::nseat::maxn::{MaxN, Tie};
use mancala_solver::nseat::paranoid::Paranoid;
use mancala_solver::nseat::retro;
use mancala_solver::nseat::{with_stack, SeatGame, MAX_SEATS};

/// The max^n runs checked: each rule for every seat.
fn runs() -> Vec<[Tie; MAX_SEATS]> {
    Tie::ALL.iter().map(|&t| [t; MAX_SEATS]).collect()
}

fn graph(g: &KpoPlayers) -> retro::Graph<mancala_solver::kpo_players::KpoKey> {
    retro::solve(g, &g.start(), 1_000_000, &runs(), &|_| {}).expect("a tiny board")
}

/// Every position of the graph, every seat: the search's value is the graph's.
fn paranoid_agrees_everywhere(g: &KpoPlayers) -> usize {
    let gr = graph(g);
    let mut checked = 0;
    with_stack(256, || {
        for seat in 0..g.seats() {
            // One search a seat for all positions: what it stores never depends on the path.
            let mut s = Paranoid::new(g, seat, 4);
            for (b, key, v) in gr.iter() {
                let pos = g.position_of(*key);
                let got = s.solve(&pos, None).expect("no node cap").shares;
                assert_eq!(
                    got,
                    v[seat] as u32,
                    "{} players 2x{} {:?}: seat {seat}, {b} in play, {key:?}",
                    g.players(),
                    g.width(),
                    g.options()
                );
                checked += 1;
            }
        }
    });
    checked
}

#[test]
fn paranoid_search_agrees_with_the_whole_graph_in_every_position() {
    let mut checked = 0;
    for (players, width, seeds) in [
        (3, 3, 1),
        (3, 3, 2),
        (4, 2, 1),
        (4, 2, 2),
        (4, 2, 3),
        (4, 4, 1),
    ] {
        let g = KpoPlayers::new(players, width, seeds, Options::default()).unwrap();
        checked += paranoid_agrees_everywhere(&g);
    }
    // Every rule option on the tiniest boards.
    for opts in Options::all() {
        for (players, width, seeds) in [(3, 3, 1), (4, 2, 3)] {
            let g = KpoPlayers::new(players, width, seeds, opts).unwrap();
            checked += paranoid_agrees_everywhere(&g);
        }
    }
    assert!(checked > 20_000, "{checked} values checked");
}

#[test]
fn paranoid_values_at_the_start_agree_on_the_larger_tiny_boards() {
    for (players, width, seeds) in [(4, 4, 2), (3, 6, 1)] {
        // 2x6 with one seed a pit: the searches that finish within the cap are compared.
        let g = KpoPlayers::new(players, width, seeds, Options::default()).unwrap();
        let gr = graph(&g);
        let root = g.start();
        let v = gr.paranoid(g.in_play(&root), &g.key(&root)).unwrap();
        for (seat, &want) in v.iter().enumerate().take(players) {
            let got = with_stack(256, || {
                Paranoid::new(&g, seat, 64)
                    .solve(&root, Some(2_000_000))
                    .map(|p| p.shares)
            });
            if let Some(got) = got {
                assert_eq!(got, want as u32, "{players} players 2x{width} s{seeds}");
            }
        }
    }
}

#[test]
fn whole_graph_maxn_is_backward_induction_where_nothing_repeats() {
    let mut acyclic = 0;
    for (players, width, seeds) in [(3, 3, 1), (3, 3, 2), (4, 2, 2), (4, 2, 3), (4, 4, 1)] {
        let g = KpoPlayers::new(players, width, seeds, Options::default()).unwrap();
        let gr = graph(&g);
        let keys: Vec<_> = gr.iter().map(|(b, k, _)| (b, *k)).collect();
        with_stack(256, || {
            for (r, ties) in runs().iter().enumerate() {
                let mut s = MaxN::new(&g, *ties);
                for &(b, key) in &keys {
                    let e = s
                        .solve(&g.position_of(key), Some(5_000))
                        .filter(|e| e.acyclic);
                    let Some(e) = e else { continue };
                    let v = gr.maxn(r, b, &key).unwrap();
                    assert_eq!(
                        &e.shares[..players],
                        &v.map(|x| x as u32)[..players],
                        "{players} players 2x{width} s{seeds} {ties:?} {key:?}"
                    );
                    acyclic += 1;
                }
            }
        });
    }
    assert!(acyclic > 1000, "{acyclic} acyclic positions compared");
}

#[test]
fn values_are_shares_of_the_seeds_in_play() {
    for (players, width, seeds) in [(3, 3, 2), (4, 4, 1), (4, 2, 3)] {
        let g = KpoPlayers::new(players, width, seeds, Options::default()).unwrap();
        let gr = graph(&g);
        let n = players as u32;
        for (b, key, p) in gr.iter() {
            for (r, _) in runs().iter().enumerate() {
                let v = gr.maxn(r, b, key).unwrap();
                // Max^n shares out everything in play: the futures add up to n shares a seed.
                let sum: u32 = v[..players].iter().map(|&x| x as u32).sum();
                assert_eq!(sum, n * b, "{key:?}");
            }
            // A seat's guaranteed seeds never exceed the seeds in play, and the seats
            // together can be held to at most everything.
            assert!(p[..players].iter().all(|&x| x as u32 <= n * b));
            let guaranteed: u32 = p[..players].iter().map(|&x| x as u32).sum();
            assert!(guaranteed <= n * b, "{key:?}");
        }
    }
}
