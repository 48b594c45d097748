//! Property tests of the fast two-row rules over random variants, options and sizes: random
//! games from the start, and random positions built from random pit counts (at most 255 seeds on
//! the board), random captured seeds and a random side to move.
//!
//! At every position reached: seeds are conserved by every move; every listed move starts from
//! a non-empty pit of the mover's own row; position text round-trips; every listed move plays
//! and its name parses back, while every other name fails with an error; the game is over
//! exactly when there is no move; and the turn passes after every move except a kalah move that
//! ends in the store; and the sow-once successors agree with the listed moves played one by one.

use mancala_solver::tworow;
use mancala_solver::tworow::MAX_CAPTURED;
use mancala_solver::{Game, Kind, Notation, Side, Successors, TwoRow, TwoRowPos};
use proptest::prelude::*;
use proptest::test_runner::Config as ProptestConfig;

/// A variant with its options and size.
#[derive(Clone, Debug)]
struct Setup {
    kind: Kind,
    opts: tworow::Options,
    width: usize,
    seeds: u32,
}

impl Setup {
    fn game(&self) -> TwoRow {
        TwoRow::new(self.kind, self.width, self.seeds, self.opts).expect("valid size")
    }
}

/// Any two-row variant, any option values, widths 1..6 (kalah 1..8), 1..4 seeds a pit.
fn setup() -> impl Strategy<Value = Setup> {
    (0..Kind::ALL.len(), any::<[bool; 2]>(), 1usize..=8, 1u32..=4).prop_map(
        |(k, [a, b], w, seeds)| {
            let kind = Kind::ALL[k];
            let width = if kind == Kind::Kalah {
                w
            } else {
                (w - 1) % 6 + 1
            };
            let opts = tworow::Options {
                capture_nonempty: kind == Kind::Kalah && a,
                grandslam_forfeit: kind == Kind::Oware && a,
                chain_uniform: kind == Kind::Warri && a,
                starved_owner: kind == Kind::Warri && b,
                kale_chain: kind == Kind::Kale && a,
            };
            Setup {
                kind,
                opts,
                width,
                seeds,
            }
        },
    )
}

/// Pit counts for 16 lanes at one of several scales (so that laps of 2W or more occur), to be
/// cut to `2W` pits and capped at 255 seeds in all.
fn counts() -> impl Strategy<Value = Vec<u32>> {
    prop_oneof![Just(3u32), Just(8), Just(40), Just(255)]
        .prop_flat_map(|max| prop::collection::vec(0..=max, 16))
}

/// A random position of `g`: the first `2W` counts, each cut so that the board holds at most
/// 255 seeds.
fn position(g: &TwoRow, counts: &[u32], captured: [u32; 2], north: bool) -> TwoRowPos {
    let w = g.width();
    let mut left = 255u32;
    let board: Vec<u32> = counts[..2 * w]
        .iter()
        .map(|&c| {
            let c = c.min(left);
            left -= c;
            c
        })
        .collect();
    let side = if north { Side::North } else { Side::South };
    g.position(&board[..w], &board[w..], captured, side)
        .expect("a valid position")
}

/// Seeds on the board plus seeds captured (stores).
fn total(g: &TwoRow, p: &TwoRowPos) -> u32 {
    let w = g.width();
    let abs = p.absolute_pits(w);
    let board: u32 = (0..2 * w).map(|i| abs.get(i) as u32).sum();
    let c = g.captured(p);
    board + c[0] + c[1]
}

/// Seeds in the mover's pit `m` (0-based from his left), read from the absolute board.
fn own_pit(g: &TwoRow, p: &TwoRowPos, m: usize) -> u32 {
    let w = g.width();
    let abs = p.absolute_pits(w);
    let offset = match p.side_to_move() {
        Side::South => 0,
        Side::North => w,
    };
    abs.get(offset + m) as u32
}

/// Every property that concerns one position and its moves.
fn check_position(g: &TwoRow, p: &TwoRowPos) -> Result<(), TestCaseError> {
    let w = g.width();
    let moves: Vec<usize> = g.legal_moves(p).iter().map(|&m| m as usize).collect();
    let text = g.format_position(p);

    // The game is over exactly when there is no move.
    prop_assert_eq!(
        moves.is_empty(),
        g.outcome(p).is_some(),
        "moves {:?} at {}",
        moves,
        text
    );

    // Position text round-trips both ways.
    let parsed = g.parse_position(&text);
    prop_assert_eq!(parsed.as_ref(), Ok(p), "parse(format(p)) at {}", text);
    prop_assert_eq!(g.format_position(&parsed.unwrap()), text.clone());

    // The count of moves the search orders by agrees with the list.
    prop_assert_eq!(g.mobility(p) as usize, moves.len(), "mobility at {}", text);
    let again = moves
        .iter()
        .filter(|&&m| g.to_move(&g.play(p, m as u8)) == g.to_move(p))
        .count();
    prop_assert_eq!(g.extra_turns(p) as usize, again, "extra turns at {}", text);

    // Listed moves: in the mover's row, from non-empty pits, in increasing order.
    for pair in moves.windows(2) {
        prop_assert!(pair[0] < pair[1], "moves {:?} at {}", moves, text);
    }
    let before = total(g, p);
    for &m in &moves {
        prop_assert!(m < w, "move {} outside 0..{} at {}", m, w, text);
        let seeds = own_pit(g, p, m);
        prop_assert!(seeds > 0, "move {} from an empty pit at {}", m + 1, text);

        // Its name parses back to it.
        let name = g.move_name(p, m as u8);
        prop_assert_eq!(name.clone(), (m + 1).to_string());
        prop_assert_eq!(g.parse_move(p, &name), Ok(m as u8), "{} at {}", name, text);

        // It plays, conserving seeds, and hands the turn over unless a kalah sowing ends in
        // the store (the store is W - m steps from pit m on a cycle of 2W + 1 holes) and the
        // game goes on: an extra move is granted only while the game is not over.
        let child = g.play(p, m as u8);
        prop_assert_eq!(
            total(g, &child),
            before,
            "seeds not conserved by {} at {}",
            m + 1,
            text
        );
        let in_store = g.kind() == Kind::Kalah
            && seeds as usize % (2 * w + 1) == w - m
            && g.outcome(&child).is_none();
        let expected = if in_store {
            p.side_to_move()
        } else {
            p.side_to_move().opponent()
        };
        prop_assert_eq!(
            child.side_to_move(),
            expected,
            "side after {} at {}",
            m + 1,
            text
        );
    }

    // The sow-once successors are the listed moves played one by one, each with what it won
    // (the change of the margin seen from the mover's side).
    let mut succs = Successors::new();
    g.successors(p, &mut succs);
    let listed: Vec<(u8, TwoRowPos, i32)> = succs.iter().map(|s| (s.mv, s.child, s.gain)).collect();
    let margin = |q: &TwoRowPos| {
        let c = g.captured(q)[p.side_to_move().index()] as i32;
        let o = g.captured(q)[p.side_to_move().opponent().index()] as i32;
        c - o
    };
    let played: Vec<(u8, TwoRowPos, i32)> = moves
        .iter()
        .map(|&m| {
            let c = g.play(p, m as u8);
            (m as u8, c, margin(&c) - margin(p))
        })
        .collect();
    prop_assert_eq!(listed, played, "successors at {}", text);

    // Every other name fails with an error (and does not panic).
    let mut others: Vec<String> = (0..=w + 1)
        .filter(|&n| n == 0 || n > w || !moves.contains(&(n - 1)))
        .map(|n| n.to_string())
        .collect();
    others.extend(["x", "", "-1", " 1", "1.0", "+"].map(String::from));
    for name in others {
        prop_assert!(
            g.parse_move(p, &name).is_err(),
            "name '{}' accepted at {}",
            name,
            text
        );
    }
    Ok(())
}

/// Plays the moves picked by `choices` (each taken modulo the number of legal moves) from
/// `p`, checking every position on the way.
fn check_game(g: &TwoRow, mut p: TwoRowPos, choices: &[u16]) -> Result<(), TestCaseError> {
    check_position(g, &p)?;
    for &c in choices {
        let moves = g.legal_moves(&p);
        if moves.is_empty() {
            break;
        }
        p = g.play(&p, moves[c as usize % moves.len()]);
        check_position(g, &p)?;
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 4000,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn games_from_the_start(
        s in setup(),
        choices in prop::collection::vec(any::<u16>(), 0..200),
    ) {
        let g = s.game();
        check_game(&g, g.start(), &choices)?;
    }

    #[test]
    fn games_from_random_positions(
        s in setup(),
        counts in counts(),
        captured in any::<[u16; 2]>(),
        north in any::<bool>(),
        choices in prop::collection::vec(any::<u16>(), 0..60),
    ) {
        let g = s.game();
        let captured = [captured[0] as u32, captured[1] as u32];
        let p = position(&g, &counts, captured, north);
        check_game(&g, p, &choices)?;
    }

    /// Captured counts at or just below the limit (each side's captured seeds plus the seeds on
    /// the board at most `MAX_CAPTURED`): every position reached prints text that parses back,
    /// and one seed more than the limit is refused.
    #[test]
    fn games_near_the_captured_limit_round_trip(
        s in setup(),
        counts in counts(),
        below in any::<[u8; 2]>(),
        north in any::<bool>(),
        choices in prop::collection::vec(any::<u16>(), 0..60),
    ) {
        let g = s.game();
        let w = g.width();
        let p0 = position(&g, &counts, [0, 0], north);
        let abs = p0.absolute_pits(w);
        let board: Vec<u32> = (0..2 * w).map(|i| abs.get(i) as u32).collect();
        let on_board: u32 = board.iter().sum();
        let captured = [
            MAX_CAPTURED - on_board - (below[0] % 3) as u32,
            MAX_CAPTURED - on_board - (below[1] % 3) as u32,
        ];
        let side = p0.side_to_move();
        let p = g
            .position(&board[..w], &board[w..], captured, side)
            .expect("at the limit");
        check_game(&g, p, &choices)?;
        for over in [[captured[0] + 3, captured[1]], [captured[0], captured[1] + 3]] {
            prop_assert!(g.position(&board[..w], &board[w..], over, side).is_err());
        }
    }

    #[test]
    fn text_round_trips_for_random_positions(
        s in setup(),
        counts in counts(),
        captured in any::<[u16; 2]>(),
        north in any::<bool>(),
    ) {
        let g = s.game();
        let p = position(&g, &counts, [captured[0] as u32, captured[1] as u32], north);
        let text = g.format_position(&p);
        let back = g.parse_position(&text);
        prop_assert_eq!(back.as_ref(), Ok(&p), "{}", text);
        prop_assert_eq!(g.format_position(&back.unwrap()), text);
    }
}
