//! Hand-worked examples of Chaplin's rules, and the fast code against the reference.

use super::reference::successors;
use super::*;
use crate::game::Notation;
use crate::rng::Rng;

fn isolo(width: usize, phase: Phase) -> Isolo {
    let setup = Setup {
        phase,
        ..Setup::standard(Kind::IsoloI)
    };
    Isolo::new(Kind::IsoloI, width, 2, setup, Options::default()).unwrap()
}

/// An Isolo I position from each player's row, from his own left.
fn row_pos(south: &[u8], north: &[u8], side: Side, phase: Phase) -> IsoloPos {
    let mut rows = [[0u8; CIRCUIT]; 2];
    rows[0][..south.len()].copy_from_slice(south);
    rows[1][..north.len()].copy_from_slice(north);
    IsoloPos {
        rows,
        side,
        phase,
        store: if phase == Phase::Fore {
            [UNLIMITED; 2]
        } else {
            [0; 2]
        },
    }
}

/// Plays hole `h` (1-based, the mover's) and checks the fast code against the reference.
fn sow(g: &Isolo, pos: &IsoloPos, h: usize) -> IsoloPos {
    let mv = IsoloMove::Hole(h as u8 - 1);
    let after = g.play(pos, mv);
    let by_ref = successors(g, pos);
    assert_eq!(
        by_ref.iter().find(|(m, _)| *m == mv).map(|x| x.1),
        Some(after)
    );
    after
}

fn row(p: &IsoloPos, s: Side, w: usize) -> Vec<u8> {
    p.rows[s.index()][..w].to_vec()
}

#[test]
fn rule_1_a_capture_from_c_to_f_is_sown_again_from_a() {
    // "1. If the beans captured occupy holes C, D, E, F, they are re-sown beginning at a."
    let g = isolo(8, Phase::Play);
    // South's c holds one seed and d one; North's E (opposite d) three.
    let p = row_pos(
        &[0, 0, 1, 1, 0, 0, 0, 0],
        &[1, 1, 1, 1, 3, 1, 1, 1],
        Side::South,
        Phase::Play,
    );
    let q = sow(&g, &p, 3);
    assert_eq!(row(&q, Side::South, 8), [1, 1, 1, 2, 0, 0, 0, 0]);
    assert_eq!(row(&q, Side::North, 8), [1, 1, 1, 1, 0, 1, 1, 1]);
    assert_eq!(q.side, Side::North);
}

#[test]
fn rule_2_two_seeds_from_b_are_sown_again_from_a() {
    // "2. If there are two or more beans in holes A, B, G, H, they arc re-sown beginning at a."
    let g = isolo(8, Phase::Play);
    let p = row_pos(
        &[0, 0, 0, 0, 0, 1, 1, 0],
        &[0, 2, 0, 0, 0, 0, 0, 1],
        Side::South,
        Phase::Play,
    );
    let q = sow(&g, &p, 6);
    assert_eq!(row(&q, Side::South, 8), [1, 1, 0, 0, 0, 0, 2, 0]);
    assert_eq!(row(&q, Side::North, 8), [0, 0, 0, 0, 0, 0, 0, 1]);
}

#[test]
fn rule_3_the_single_seed_of_b_goes_to_h_and_with_a_is_sown_from_a() {
    // "3. If there is a single bean in B, on capture it is added to h; if A is also occupied
    // the contents arc captured, added to h and the tota1 contents of h re-sown beginning at a."
    let g = isolo(8, Phase::Play);
    let p = row_pos(
        &[0, 0, 0, 0, 0, 1, 1, 0],
        &[2, 1, 0, 0, 0, 0, 0, 1],
        Side::South,
        Phase::Play,
    );
    let q = sow(&g, &p, 6);
    assert_eq!(row(&q, Side::South, 8), [1, 1, 1, 0, 0, 0, 2, 0]);
    assert_eq!(row(&q, Side::North, 8), [0, 0, 0, 0, 0, 0, 0, 1]);
    // A empty: the single seed stays in h and the move ends (our choice).
    let p = row_pos(
        &[0, 0, 0, 0, 0, 1, 1, 0],
        &[0, 1, 0, 0, 0, 0, 0, 1],
        Side::South,
        Phase::Play,
    );
    let q = sow(&g, &p, 6);
    assert_eq!(row(&q, Side::South, 8), [0, 0, 0, 0, 0, 0, 2, 1]);
    assert_eq!(row(&q, Side::North, 8), [0, 0, 0, 0, 0, 0, 0, 1]);
}

#[test]
fn rule_4_the_single_seed_of_g_goes_to_a_and_with_h_is_sown_from_b() {
    // "4. If there is a single bean in G, on capture it is added to a; if H is occupied the
    // contents are captured, added to a, and the total contents of a are re-sown beginning at b."
    let g = isolo(8, Phase::Play);
    let p = row_pos(
        &[1, 1, 0, 0, 0, 0, 0, 0],
        &[1, 0, 0, 0, 0, 0, 1, 2],
        Side::South,
        Phase::Play,
    );
    let q = sow(&g, &p, 1);
    assert_eq!(row(&q, Side::South, 8), [0, 3, 1, 1, 0, 0, 0, 0]);
    assert_eq!(row(&q, Side::North, 8), [1, 0, 0, 0, 0, 0, 0, 0]);
    // H empty: the single seed stays in a and the move ends.
    let p = row_pos(
        &[1, 1, 0, 0, 0, 0, 0, 0],
        &[1, 0, 0, 0, 0, 0, 1, 0],
        Side::South,
        Phase::Play,
    );
    let q = sow(&g, &p, 1);
    assert_eq!(row(&q, Side::South, 8), [1, 2, 0, 0, 0, 0, 0, 0]);
    assert_eq!(row(&q, Side::North, 8), [1, 0, 0, 0, 0, 0, 0, 0]);
}

#[test]
fn rule_5_a_capture_ending_a_re_sowing_is_sown_again_from_a() {
    // "5. If any of the above re-sowings results in a further capture, the captured beans are
    // re-sown beginning at a."
    let g = isolo(8, Phase::Play);
    // c to d captures E's two; they go to a and b, b was occupied and faces G's three.
    let p = row_pos(
        &[0, 1, 1, 1, 0, 0, 0, 0],
        &[0, 0, 0, 0, 2, 0, 3, 0],
        Side::South,
        Phase::Play,
    );
    let q = sow(&g, &p, 3);
    assert_eq!(row(&q, Side::South, 8), [2, 3, 1, 2, 0, 0, 0, 0]);
    assert_eq!(row(&q, Side::North, 8), [0; 8]);
}

#[test]
fn rule_6_a_relay_then_a_capture_is_sown_from_the_hole_after_the_one_emptied() {
    // "6. If a player in sowing, or re-sowing, ends in a hole already occupied, but the
    // opposite hole is empty, then he takes the contents of his own hole and continues
    // sowing. If a capture now results, the captured beans are re-sown beginning at the hole
    // next to that emptied to begin the lap"
    let g = isolo(8, Phase::Play);
    // a into b (occupied, G empty): b's two go to c and d; d faces E's three.
    let p = row_pos(
        &[1, 1, 0, 1, 0, 0, 0, 0],
        &[1, 0, 0, 0, 3, 0, 0, 0],
        Side::South,
        Phase::Play,
    );
    let q = sow(&g, &p, 1);
    assert_eq!(row(&q, Side::South, 8), [0, 0, 2, 3, 1, 0, 0, 0]);
    assert_eq!(row(&q, Side::North, 8), [1, 0, 0, 0, 0, 0, 0, 0]);
}

#[test]
fn rule_7_the_store_seed_added_to_g_is_sown_from_h() {
    // "7. If the store bean is added to g, the contents of g are re-sown beginning at h, not a."
    let g = isolo(8, Phase::Fore);
    let p = row_pos(
        &[0, 0, 0, 0, 0, 1, 1, 0],
        &[2, 2, 2, 2, 2, 2, 2, 2],
        Side::South,
        Phase::Fore,
    );
    let q = sow(&g, &p, 7);
    assert_eq!(row(&q, Side::South, 8), [1, 0, 0, 0, 0, 1, 0, 1]);
    // "... sowed anti-clockwise beginning at the left-hand hole of his row": any other hole.
    let q = sow(&g, &p, 6);
    assert_eq!(row(&q, Side::South, 8), [1, 1, 0, 0, 0, 0, 1, 0]);
    assert_eq!(q.phase, Phase::Fore);
}

#[test]
fn the_fore_play_is_decided_when_the_loser_cannot_move_and_the_winner_arranges() {
    // "When the fore-play results in a decision, the loser sets two beans in each hole. The
    // winner arranges his beans ... with no limitations as to number of beans used or holes
    // occupied."
    let g = isolo(3, Phase::Fore);
    // South's a (one seed and the store's) sows a and b; b faces North's last seed, a single
    // in B (rule 3 at width 3), which goes to South's h; North's row is empty.
    let p = row_pos(&[1, 1, 0], &[0, 1, 0], Side::South, Phase::Fore);
    let q = sow(&g, &p, 1);
    assert_eq!(q.phase, Phase::Arrange);
    assert_eq!(q.side, Side::South);
    assert_eq!(row(&q, Side::South, 3), [1, 2, 1]);
    assert_eq!(row(&q, Side::North, 3), [2, 2, 2]);
    assert_eq!(g.format_position(&q), "2,2,2/1,2,1 S phase=set");
    // 1 to 4 seeds over 3 holes: C(4 + 3, 3) - 1 arrangements.
    assert_eq!(g.legal_moves(&q).len(), 34);
    assert_eq!(g.arrangements(&q), 34);
    let set = g.parse_move(&q, "set(0,4,0)").unwrap();
    let r = g.play(&q, set);
    assert_eq!(g.format_position(&r), "2,2,2/0,4,0 N phase=main");
    assert!(g.parse_move(&q, "set(0,5,0)").is_err());
    assert!(g.parse_move(&q, "set(0,0,0)").is_err());
    let winner = Isolo::new(
        Kind::IsoloI,
        3,
        2,
        Setup::standard(Kind::IsoloI),
        Options {
            main_first_winner: true,
        },
    )
    .unwrap();
    assert_eq!(winner.play(&q, set).side, Side::South);
}

#[test]
fn a_sowing_that_never_ends_is_not_a_move_and_both_codes_find_them() {
    // With North's holes empty every ending in an occupied hole relays: some sowings cycle.
    let g = isolo(3, Phase::Play);
    let mut never = 0;
    for a in 0..=4u8 {
        for b in 0..=4u8 {
            for c in 0..=4u8 {
                let p = row_pos(&[a, b, c], &[0, 0, 0], Side::South, Phase::Play);
                let fast: Vec<IsoloMove> = g.legal_moves(&p).to_vec();
                let slow: Vec<IsoloMove> = successors(&g, &p).into_iter().map(|x| x.0).collect();
                assert_eq!(fast, slow, "{:?}", [a, b, c]);
                never += [a, b, c].iter().filter(|&&x| x > 0).count() - fast.len();
            }
        }
    }
    assert!(never > 0, "no sowing that never ends was found");
}

#[test]
fn isolo_ii_captures_need_seeds_in_the_own_back_hole_and_the_opponent_front_hole() {
    // "If the last bean lands in an occupied front and there are also beans in the back row of
    // this file, then he can 'eat' his opponent's opposite file, provided there are beans in
    // the front row. The captures are re-sown beginning at the hole next to that which was
    // emptied to begin the lap"
    let g = Isolo::new(
        Kind::IsoloII,
        3,
        2,
        Setup {
            phase: Phase::Play,
            ..Setup::standard(Kind::IsoloII)
        },
        Options::default(),
    )
    .unwrap();
    // South's circuit: b1 b2 b3 f3 f2 f1; North's f1 (facing South's column 3) and b1.
    let at = |s: [u8; 6], n: [u8; 6]| {
        let mut rows = [[0u8; CIRCUIT]; 2];
        rows[0][..6].copy_from_slice(&s);
        rows[1][..6].copy_from_slice(&n);
        IsoloPos {
            rows,
            side: Side::South,
            phase: Phase::Play,
            store: [0; 2],
        }
    };
    // b2's two seeds end in f3 (occupied), b3 holds seeds, North's f1 too: the file (f1 and
    // b1, four seeds) is taken and sown from b3.
    let p = at([0, 2, 1, 1, 0, 0], [3, 0, 0, 0, 0, 1]);
    let q = g.play(&p, g.parse_move(&p, "b2").unwrap());
    assert_eq!(&q.rows[0][..6], &[0, 0, 3, 3, 1, 1]);
    assert_eq!(&q.rows[1][..6], &[0, 0, 0, 0, 0, 0]);
    // b3's one seed ends in f3, but b3 was emptied to begin the lap: a relay (f2, f1).
    let p = at([0, 0, 1, 1, 0, 0], [3, 0, 0, 0, 0, 1]);
    let q = g.play(&p, g.parse_move(&p, "b3").unwrap());
    assert_eq!(&q.rows[0][..6], &[0, 0, 0, 0, 1, 1]);
    assert_eq!(&q.rows[1][..6], &[3, 0, 0, 0, 0, 1]);
    // North's f1 empty: no capture however full his b1; f3 relays.
    let p = at([0, 2, 1, 1, 0, 0], [3, 0, 0, 0, 0, 0]);
    let q = g.play(&p, g.parse_move(&p, "b2").unwrap());
    assert_eq!(&q.rows[0][..6], &[0, 0, 2, 0, 1, 1]);
    for p in [
        at([0, 2, 1, 1, 0, 0], [3, 0, 0, 0, 0, 1]),
        at([0, 0, 1, 1, 0, 0], [3, 0, 0, 0, 0, 1]),
    ] {
        let fast: Vec<(IsoloMove, IsoloPos)> = g
            .legal_moves(&p)
            .iter()
            .map(|&m| (m, g.play(&p, m)))
            .collect();
        assert_eq!(fast, successors(&g, &p));
    }
}

/// Random play from the start of each size, every position's moves and children compared with
/// the reference, the text read back, the seeds counted.
fn agree_on_random_games(g: &Isolo, games: usize, seed: u64) {
    let mut rng = Rng::new(seed);
    for _ in 0..games {
        let mut p = g.start();
        for _ in 0..60 {
            let text = g.format_position(&p);
            assert_eq!(g.parse_position(&text).as_ref(), Ok(&p), "{text}");
            if p.phase == Phase::Arrange && g.arrangements(&p) > 20_000 {
                // Too many to list here: play the greedy arrangement (holes filled in order).
                let mut left = g.seeds_of(&p, p.side);
                let mut c = [0u8; CIRCUIT];
                for x in c[..g.circuit_len()].iter_mut() {
                    *x = left.min(g.hole_cap()) as u8;
                    left -= *x as u32;
                }
                assert!(g.is_arrangement(&p, &c), "{text}");
                p = g.play(&p, IsoloMove::Set(c));
                continue;
            }
            let fast: Vec<(IsoloMove, IsoloPos)> = g
                .legal_moves(&p)
                .iter()
                .map(|&m| (m, g.play(&p, m)))
                .collect();
            // The reference tries every vector of counts: only where they are few.
            let have = g.seeds_of(&p, p.side) as f64;
            if p.phase != Phase::Arrange || (have + 1.0).powi(g.circuit_len() as i32) < 1e5 {
                assert_eq!(fast, successors(g, &p), "{text}");
            }
            assert_eq!(fast.is_empty(), g.outcome(&p).is_some(), "{text}");
            if p.phase == Phase::Arrange {
                assert_eq!(g.arrangements(&p), fast.len() as u128);
            }
            for (m, q) in &fast {
                let name = g.move_name(&p, *m);
                assert_eq!(g.parse_move(&p, &name), Ok(*m), "{text} {name}");
                let grows = (p.phase == Phase::Fore) as u32;
                if q.phase == p.phase && p.phase != Phase::Arrange {
                    assert_eq!(g.total(q), g.total(&p) + grows, "{text} {name}");
                }
            }
            if fast.is_empty() {
                break;
            }
            p = fast[rng.below(fast.len())].1;
        }
    }
}

#[test]
fn the_fast_code_agrees_with_the_reference_on_random_games() {
    for w in 3..=6 {
        for (seeds, store) in [(1, 2), (2, 3), (1, UNLIMITED)] {
            let setup = Setup {
                store,
                ..Setup::standard(Kind::IsoloI)
            };
            let g = Isolo::new(Kind::IsoloI, w, seeds, setup, Options::default()).unwrap();
            agree_on_random_games(&g, 12, w as u64 * 31 + seeds as u64);
        }
        let main = Setup {
            phase: Phase::Play,
            ..Setup::standard(Kind::IsoloI)
        };
        let g = Isolo::new(Kind::IsoloI, w, 2, main, Options::default()).unwrap();
        agree_on_random_games(&g, 12, 77 + w as u64);
    }
    for w in 2..=3 {
        let g = Isolo::new(
            Kind::IsoloII,
            w,
            1,
            Setup::standard(Kind::IsoloII),
            Options::default(),
        )
        .unwrap();
        agree_on_random_games(&g, 12, 5 + w as u64);
        let play = Setup {
            phase: Phase::Play,
            ..Setup::standard(Kind::IsoloII)
        };
        let g = Isolo::new(Kind::IsoloII, w + 2, 2, play, Options::default()).unwrap();
        agree_on_random_games(&g, 12, 9 + w as u64);
    }
}

#[test]
fn the_standard_games_start_and_count_their_arrangements() {
    let g = Isolo::standard(Kind::IsoloI);
    let p = g.start();
    assert_eq!(
        g.format_position(&p),
        "2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 S phase=fore store=-,-"
    );
    assert_eq!(g.legal_moves(&p).len(), 8);
    let g = Isolo::standard(Kind::IsoloII);
    let p = g.start();
    assert_eq!(
        g.format_position(&p),
        "2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 S phase=setup"
    );
    // 32 seeds into 16 holes of at most 12: more than the program lists.
    assert!(g.arrangements(&p) > LIST_LIMIT);
    assert!(g.arrangements_to_list(&p).is_some());
    assert_eq!(count_vectors(4, 12, 8, 8), 165);
    assert_eq!(count_vectors(3, 2, 0, 6), 27);
}

#[test]
fn bad_text_is_refused_with_its_reason() {
    let g = isolo(3, Phase::Fore);
    for (text, why) in [
        (
            "2,2,2/2,2,2 S phase=main store=1,1",
            "belongs to the fore-play",
        ),
        ("2,2,2/2,2,2 S phase=fore store=0,3", "no fore-play move"),
        ("2,2,2/0,0,0 S phase=set", "his row is empty"),
        ("2,2,2/2,2,2 S phase=play", "expected fore, set, main"),
        ("2,2,2/2,2,2 S store=x,1", "not a count"),
        ("2,2/2,2,2 S", "row 1 has 2 holes"),
        ("200,2,2/200,2,2 S phase=main", "at most 255 fit"),
    ] {
        let e = g.parse_position(text).unwrap_err().to_string();
        assert!(e.contains(why), "{text}: {e}");
    }
}

#[test]
fn the_engines_choose_among_legal_distinct_candidates() {
    for g in [
        Isolo::standard(Kind::IsoloI),
        Isolo::standard(Kind::IsoloII),
    ] {
        let e = g.for_engines(48);
        // Isolo I: a kucheleka with 20 seeds (C(28, 8) - 1 arrangements); Isolo II: the start.
        let p = match g.kind() {
            Kind::IsoloI => g
                .parse_position("2,2,2,2,2,2,2,2/5,0,3,0,9,0,3,0 S phase=set")
                .unwrap(),
            Kind::IsoloII => g.start(),
        };
        let c = e.legal_moves(&p);
        assert_eq!(c.len(), 48);
        assert_eq!(c, e.legal_moves(&p), "the same list every time");
        for (i, m) in c.iter().enumerate() {
            let IsoloMove::Set(a) = m else {
                panic!("an arrangement")
            };
            assert!(g.is_arrangement(&p, a));
            assert!(!c[..i].contains(m));
        }
        // A small arrangement phase keeps every move.
        let q = isolo(3, Phase::Fore);
        let small = q.parse_position("2,2,2/1,2,1 S phase=set").unwrap();
        assert_eq!(q.for_engines(48).legal_moves(&small).len(), 34);
    }
}
