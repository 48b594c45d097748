//! The rules of mulabalaba-morris, one hand-worked position a rule (each quoting the sentence
//! of Chaplin 1956 or docs/RULES.md it checks), and properties over random games.

use mancala_solver::game::{Game, Notation};
use mancala_solver::morris::{Morris, MorrisPos, Options};
use mancala_solver::side::Side;
use proptest::prelude::*;

fn game(counters: u32, rules: &[&str]) -> Morris {
    let rules: Vec<String> = rules.iter().map(|s| s.to_string()).collect();
    Morris::new(counters, Options::parse(&rules).unwrap()).unwrap()
}

fn moves(g: &Morris, text: &str) -> Vec<String> {
    let p = g.parse_position(text).unwrap();
    let mut v: Vec<String> = g
        .legal_moves(&p)
        .iter()
        .map(|&m| g.move_name(&p, m))
        .collect();
    v.sort();
    v
}

fn after(g: &Morris, text: &str, names: &[&str]) -> MorrisPos {
    let mut p = g.parse_position(text).unwrap();
    for n in names {
        let m = g.parse_move(&p, n).unwrap();
        p = g.play(&p, m);
    }
    p
}

#[test]
fn counters_are_entered_alternately_south_first() {
    // "Each man has 12 and these are entered alternately."
    let g = game(12, &[]);
    let s = g.start();
    assert_eq!(g.to_move(&s), Side::South);
    assert_eq!(g.legal_moves(&s).len(), 24);
    let p = after(&g, &g.format_position(&s), &["d2"]);
    assert_eq!(p.hand, [11, 12]);
    assert_eq!(p.side, Side::North);
    // While a counter is in hand it is entered: no move along a line yet.
    assert!(g.parse_move(&p, "d2-d3").is_err());
}

#[test]
fn a_line_of_three_removes_any_opponent_counter() {
    // "When either makes a line of three he can remove anyone of his opponent's counters."
    let g = game(4, &[]);
    // South holds a1 and a4, North b4 and b6, two each in hand.
    let text = "SS....../.NN...../........ S hand=2,2 captured=0,0";
    let m = moves(&g, text);
    // a7 completes a1-a4-a7: one move for each North counter.
    assert!(m.contains(&"a7xb4".to_string()) && m.contains(&"a7xb6".to_string()));
    assert!(
        !m.contains(&"a7".to_string()),
        "the removal is part of the move"
    );
    // Any other point makes no line and removes nothing.
    assert!(m.contains(&"d2".to_string()) && !m.iter().any(|x| x.starts_with("d2x")));
    let p = after(&g, text, &["a7xb4"]);
    assert_eq!(p.taken, [1, 0]);
    assert_eq!(p.men[1].count_ones(), 1);
}

#[test]
fn protect_keeps_counters_in_lines_while_others_are_outside() {
    // RULES.md option protect=on: "not from a line of three while the opponent has counters
    // outside lines".
    // North holds the line b2-b4-b6 and f6; he has taken two South counters.
    let text = "SS....../NNN.N.../........ S hand=2,2 captured=0,2";
    let free = moves(&game(6, &[]), text);
    assert!(free.contains(&"a7xb2".to_string()));
    let kept = moves(&game(6, &["protect=on"]), text);
    // b2 b4 b6 is North's line: only f6 (outside every line) may go.
    assert!(kept.contains(&"a7xf6".to_string()), "{kept:?}");
    assert!(!kept.iter().any(|m| m.starts_with("a7xb")), "{kept:?}");
}

#[test]
fn counters_move_to_a_neighbour_and_outside_corners_anywhere() {
    // "counters being moved along the straight lines ... Jumping is not allowed except that a
    // player having a counter at an outside corner may move it wherever he likes."
    let g = game(3, &[]);
    let text = "S......./.S......./........ S hand=0,0 captured=0,0";
    assert!(
        g.parse_position(text).is_err(),
        "a malformed square is refused"
    );
    let text = "S......./SN..N.../S....N.. S hand=0,0 captured=0,0";
    let m = moves(&g, text);
    // a1 is an outside corner: it may go to any of the 18 empty points.
    assert_eq!(
        m.iter().filter(|x| x.starts_with("a1-")).count(),
        18,
        "{m:?}"
    );
    // b2 (a middle corner, with the diagonals) moves to its empty neighbours only: d2 (a1 and
    // c3 are South's, b4 is North's).
    let b2: Vec<_> = m.iter().filter(|x| x.starts_with("b2-")).collect();
    assert_eq!(b2, ["b2-d2"], "{m:?}");
    // c3 goes to c4 or d3; e.g. not to d5.
    assert!(m.contains(&"c3-d3".to_string()) && !m.contains(&"c3-d5".to_string()));
}

#[test]
fn fewer_than_three_loses_once_all_are_entered() {
    // RULES.md (our choice): "once all counters are entered, a player with fewer than three
    // counters loses at once (whoever is to move)".
    let g = game(3, &[]);
    let p = g
        .parse_position("SSS...../N.N...../........ N hand=0,0 captured=1,0")
        .unwrap();
    let o = g.outcome(&p).expect("over");
    assert_eq!(o.winner, Some(Side::South));
    assert!(g.legal_moves(&p).is_empty());
    // The same count with a counter still in hand is not over.
    let p = g
        .parse_position("SSS...../N......./........ N hand=0,1 captured=1,0")
        .unwrap();
    assert!(g.outcome(&p).is_none());
}

#[test]
fn a_blocked_player_loses_or_draws() {
    // RULES.md: "a player with no legal move when he must move loses (option
    // blocked=loss|draw: he draws instead)". South's c3 c4 c5 (no outside corner) hemmed in by
    // North's b2 b4 b6 d5 d3.
    let text = "....N.../NNN...../SSSN...N S hand=0,0 captured=0,3";
    let lose = game(6, &[]);
    let draw = game(6, &["blocked=draw"]);
    let p = lose.parse_position(text).unwrap();
    assert!(lose.legal_moves(&p).is_empty(), "{:?}", moves(&lose, text));
    assert_eq!(lose.outcome(&p).unwrap().winner, Some(Side::North));
    assert_eq!(draw.outcome(&p).unwrap().winner, None);
}

#[test]
fn a_full_board_blocks_south() {
    // RULES.md: "With 12 counters each and no line made while placing, the board is full and
    // South cannot move."
    let g = game(12, &[]);
    let text = "SNSNSNSN/NSNSNSNS/SNSNSNSN S hand=0,0 captured=0,0";
    let p = g.parse_position(text).unwrap();
    assert!(g.legal_moves(&p).is_empty());
    assert_eq!(g.outcome(&p).unwrap().winner, Some(Side::North));
}

#[test]
fn bad_text_is_refused_with_the_reason() {
    let g = game(12, &[]);
    for (text, want) in [
        ("", "empty"),
        ("......../........ S", "3 (outer/middle/inner"),
        ("......../......../.......X S", "point d3 is 'X'"),
        (
            "......../......../........ S hand=12,11",
            "entered alternately",
        ),
        (
            "S......./......../........ S hand=12,12",
            "counters, expected 12",
        ),
        ("......../......../........ W", "side to move 'W'"),
        ("......../......../........ S hand=1", "two counts"),
        ("......../......../........ S stores=0,0", "unknown field"),
    ] {
        let e = g.parse_position(text).unwrap_err().to_string();
        assert!(e.contains(want), "{text}: {e}");
    }
    let s = g.start();
    for (name, want) in [
        ("z9", "expected a point"),
        ("d2-d3", "to enter"),
        ("d2xa1", "no line of three"),
    ] {
        let e = g.parse_move(&s, name).unwrap_err().to_string();
        assert!(e.contains(want), "{name}: {e}");
    }
    assert!(Morris::new(2, Options::default()).is_err());
    assert!(Morris::new(13, Options::default()).is_err());
}

/// The rule set whose options are the bits of `bits`: protect, blocked, diagonals, corners,
/// fly (every combination of the options of both games).
fn options_of(bits: u32) -> Options {
    Options {
        protect: bits & 1 != 0,
        blocked_draw: bits & 2 != 0,
        diagonals: bits & 4 != 0,
        corners_fly: bits & 8 != 0,
        fly_three: bits & 16 != 0,
        ..Options::default()
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Over random games: every counter is on the board, in hand or taken; text round-trips;
    /// each move name parses back to its move; no move is listed exactly when the game is over.
    #[test]
    fn random_games_keep_the_invariants(counters in 3u32..=12, seed in any::<u64>(), rules in 0u32..32) {
        let g = Morris::new(counters, options_of(rules)).unwrap();
        let mut p = g.start();
        let mut rng = mancala_solver::rng::Rng::new(seed);
        for _ in 0..200 {
            for s in 0..2 {
                let total = p.men[s].count_ones() + p.hand[s] as u32 + p.taken[1 - s] as u32;
                prop_assert_eq!(total, counters);
            }
            prop_assert_eq!(p.men[0] & p.men[1], 0);
            let text = g.format_position(&p);
            prop_assert_eq!(g.parse_position(&text).unwrap(), p);
            let ms = g.legal_moves(&p);
            prop_assert_eq!(ms.is_empty(), g.outcome(&p).is_some());
            if ms.is_empty() {
                break;
            }
            for &m in ms.iter() {
                prop_assert_eq!(g.parse_move(&p, &g.move_name(&p, m)).unwrap(), m);
            }
            p = g.play(&p, ms[rng.below(ms.len())]);
        }
    }
}

/// A random main-game position: `m` counters for the side to move, `o` for the other.
fn random_main(rng: &mut mancala_solver::rng::Rng, m: u32, o: u32, side: Side) -> MorrisPos {
    let mut men = [0u32; 2];
    let mover = side.index();
    for (s, n) in [(mover, m), (1 - mover, o)] {
        while men[s].count_ones() < n {
            let p = rng.below(24);
            if (men[0] | men[1]) >> p & 1 == 0 {
                men[s] |= 1 << p;
            }
        }
    }
    MorrisPos {
        men,
        hand: [0, 0],
        taken: [0, 0],
        side,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(192))]

    /// The retrograde move generator is the forward one read backwards: the positions it
    /// gives are exactly those (among every way of moving one of the last mover's counters
    /// back) with a move without removal to the position.
    #[test]
    fn unmoves_are_the_moves_read_backwards(m in 3u32..=9, o in 3u32..=9, seed in any::<u64>(), rules in 0u32..32, north in any::<bool>()) {
        prop_assume!(m + o <= 24);
        let g = Morris::new(12, options_of(rules)).unwrap();
        let mut rng = mancala_solver::rng::Rng::new(seed);
        let side = if north { Side::North } else { Side::South };
        let pos = random_main(&mut rng, m, o, side);
        let mut got = Vec::new();
        g.unmoves(&pos, &mut got);
        let mut got: Vec<_> = got.iter().map(|p| (p.men, p.side)).collect();
        got.sort();
        // Every position with one counter of the last mover elsewhere, kept when one of its
        // moves leads to `pos` and removes nothing.
        let prev = side.opponent().index();
        let mut want = Vec::new();
        for t in 0..24 {
            for f in 0..24 {
                let occupied = pos.men[0] | pos.men[1];
                if pos.men[prev] >> t & 1 == 0 || occupied >> f & 1 == 1 {
                    continue;
                }
                let mut p = pos;
                p.men[prev] = pos.men[prev] & !(1 << t) | 1 << f;
                p.side = side.opponent();
                if g.legal_moves(&p).iter().any(|&mv| mv.take == mancala_solver::morris::NONE && g.play(&p, mv).men == pos.men) {
                    want.push((p.men, p.side));
                }
            }
        }
        want.sort();
        prop_assert_eq!(got, want);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(192))]

    /// The builder's move generator (`for_each_main_move`) gives the moves of `gen_moves`,
    /// in its order: the mover's counters after each move and the counters it may remove.
    #[test]
    fn main_moves_without_building_them_are_the_legal_moves(m in 3u32..=12, o in 3u32..=12, seed in any::<u64>(), rules in 0u32..32) {
        prop_assume!(m + o <= 24);
        let g = Morris::new(12, options_of(rules)).unwrap();
        let mut rng = mancala_solver::rng::Rng::new(seed);
        let pos = random_main(&mut rng, m, o, Side::South);
        let mut want = Vec::new();
        for mv in g.legal_moves(&pos).iter() {
            let after = g.play(&pos, *mv);
            let take = if mv.take == mancala_solver::morris::NONE { 0 } else { 1u32 << mv.take };
            match want.last_mut() {
                Some((a, t)) if *a == after.men[0] && take != 0 => *t |= take,
                _ => want.push((after.men[0], take)),
            }
        }
        let mut got = Vec::new();
        g.for_each_main_move(pos.men[0], pos.men[1], |after, takes| got.push((after, takes)));
        prop_assert_eq!(got, want);
    }
}

/// OpenSpiel's points, row by row from the top, by our names.
const OPENSPIEL_POINTS: [&str; 24] = [
    "a7", "d7", "g7", "b6", "d6", "f6", "c5", "d5", "e5", "a4", "b4", "c4", "e4", "f4", "g4", "c3",
    "d3", "e3", "b2", "d2", "f2", "a1", "d1", "g1",
];

/// OpenSpiel's first action of a move: the placement or the move, without the removal.
fn openspiel_action(m: &mancala_solver::morris::MorrisMove) -> u32 {
    use mancala_solver::morris::{board::NAMES, NONE};
    let os = |p: u8| {
        OPENSPIEL_POINTS
            .iter()
            .position(|&n| n == NAMES[p as usize])
            .unwrap() as u32
    };
    if m.from == NONE {
        os(m.to)
    } else {
        24 + 24 * os(m.from) + os(m.to)
    }
}

#[test]
fn nine_mens_morris_plays_openspiels_game_move_for_move() {
    // An independent implementation's game (solver/tests/data): at every state it prints,
    // the same legal moves, and the same end.
    use mancala_solver::morris::{board::point, Kind};
    let text = include_str!("data/openspiel-nine-mens-morris.txt");
    let mut history = Vec::new();
    let mut legal = std::collections::BTreeMap::new();
    let mut missing = std::collections::BTreeMap::new();
    let mut end = None;
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let mut w = line.split_whitespace();
        let tag = w.next().unwrap();
        let nums: Vec<u32> = w.clone().filter_map(|x| x.parse().ok()).collect();
        match tag {
            "history" => history = nums,
            "legal" => {
                legal.insert(nums[0] as usize, nums[1..].to_vec());
            }
            "missing" => {
                missing.insert(nums[0] as usize, nums[1..].to_vec());
            }
            "end" => end = Some((nums[0] as usize, w.nth(1).unwrap().to_string())),
            _ => panic!("unknown line {line}"),
        }
    }
    let g = Morris::new(
        Kind::NineMensMorris.default_counters(),
        Options::defaults(Kind::NineMensMorris),
    )
    .unwrap();
    let ours = |os: u32| point(OPENSPIEL_POINTS[os as usize]).unwrap() as u8;
    let mut pos = g.start();
    let mut k = 0;
    let mut checked = 0;
    while k < history.len() {
        assert!(g.outcome(&pos).is_none(), "over early, after {k} actions");
        let moves = g.legal_moves(&pos);
        if let Some(listed) = legal.get(&k) {
            let mut got: Vec<u32> = moves.iter().map(openspiel_action).collect();
            got.sort();
            got.dedup();
            // Theirs and the slides to a7 the recording version left out (each a slide, not
            // a flight: the mover has more than three counters).
            let gap = missing.get(&k).cloned().unwrap_or_default();
            for &a in &gap {
                assert!(
                    a >= 24 && (a - 24) % 24 == 0,
                    "{a} is not a move to point 0"
                );
                assert!(pos.men[pos.side.index()].count_ones() > 3);
            }
            let mut want = listed.clone();
            want.extend(gap);
            want.sort();
            assert_eq!(
                got,
                want,
                "legal actions after {k}: {}",
                g.format_position(&pos)
            );
            checked += 1;
        }
        let same: Vec<_> = moves
            .iter()
            .filter(|m| openspiel_action(m) == history[k])
            .collect();
        assert!(
            !same.is_empty(),
            "action {} after {k} is not legal here",
            history[k]
        );
        let m = if same[0].take == mancala_solver::morris::NONE {
            k += 1;
            *same[0]
        } else {
            // A line of three: OpenSpiel's next action is the removal.
            assert!(!legal.contains_key(&(k + 1)));
            let take = ours(history[k + 1]);
            k += 2;
            **same
                .iter()
                .find(|m| m.take == take)
                .expect("the removal is legal")
        };
        pos = g.play(&pos, m);
    }
    assert_eq!(checked, legal.len());
    let (at, winner) = end.unwrap();
    assert_eq!(at, history.len());
    let o = g.outcome(&pos).expect("the game is over");
    assert_eq!(
        o.winner,
        Some(if winner == "W" {
            Side::South
        } else {
            Side::North
        })
    );
}
