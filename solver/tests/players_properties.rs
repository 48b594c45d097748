//! Property tests of kpo for three and four players: seeds are conserved over board and
//! captures, moves start only from the mover's own non-empty pits, move names and position
//! text round-trip, and bad move names are refused.

use mancala_solver::kpo_players::{KpoNPos, KpoPlayers, Options};
use mancala_solver::nseat::{SeatGame, SeatNotation};
use mancala_solver::MoveError;
use proptest::prelude::*;

/// A board, its options, and any position on it.
fn game_and_position() -> impl Strategy<Value = (KpoPlayers, KpoNPos)> {
    let boards = prop_oneof![
        Just((3usize, 3usize)),
        Just((3, 6)),
        Just((4, 2)),
        Just((4, 4)),
        Just((4, 6)),
        Just((4, 8)),
    ];
    (boards, 0..6usize, any::<u64>()).prop_flat_map(|((players, width), opt, _)| {
        let opts = Options::all()[opt];
        (
            proptest::collection::vec(0u32..8, 2 * width),
            0..players,
            proptest::collection::vec(0u32..40, players),
        )
            .prop_map(move |(pits, seat, captured)| {
                let g = KpoPlayers::new(players, width, 3, opts).unwrap();
                let pos = g.position(&pits, seat, &captured).unwrap();
                (g, pos)
            })
    })
}

fn total(g: &KpoPlayers, p: &KpoNPos) -> u32 {
    g.in_play(p) + g.taken(p).iter().sum::<u32>()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn seeds_are_conserved_and_moves_are_the_movers((g, pos) in game_and_position()) {
        let moves = g.legal_moves(&pos);
        prop_assert_eq!(moves.is_empty(), g.is_over(&pos));
        let seat = g.to_move(&pos);
        for &m in moves.iter() {
            // Only the mover's own pits, and only non-empty ones.
            prop_assert_eq!(g.owner(m.lane as usize), seat);
            prop_assert!(pos.pits().get(m.lane as usize) > 0);
            let c = g.play(&pos, m);
            prop_assert_eq!(total(&g, &c), total(&g, &pos));
            // Only the mover takes seeds; nobody's count goes down.
            for s in 0..g.players() {
                let (a, b) = (g.taken(&pos)[s], g.taken(&c)[s]);
                prop_assert!(b == a || (s == seat && b > a));
            }
            // The seat to move holds seeds, unless the game is over.
            prop_assert!(g.is_over(&c) || g.held(&c, g.to_move(&c)) > 0);
            // A move's name reads back as the move.
            let name = g.move_name(&pos, m);
            prop_assert_eq!(g.parse_move(&pos, &name), Ok(m));
        }
        if g.is_over(&pos) {
            let f = g.final_scores(&pos);
            prop_assert_eq!(f[..g.players()].iter().sum::<u32>(), total(&g, &pos));
        }
    }

    #[test]
    fn text_round_trips((g, pos) in game_and_position()) {
        let text = g.format_position(&pos);
        prop_assert_eq!(g.parse_position(&text), Ok(pos));
    }

    #[test]
    fn move_names_outside_the_rules_are_refused((g, pos) in game_and_position(), k in 0usize..7, cw in any::<bool>()) {
        let name = format!("{k}+{}", if cw { "cw" } else { "ccw" });
        let legal = g
            .legal_moves(&pos)
            .iter()
            .any(|&m| g.move_name(&pos, m) == name);
        match g.parse_move(&pos, &name) {
            Ok(m) => {
                prop_assert!(legal);
                prop_assert_eq!(g.owner(m.lane as usize), g.to_move(&pos));
            }
            Err(MoveError::Illegal { .. }) => prop_assert!(!legal),
            Err(e) => prop_assert!(false, "{name}: {e}"),
        }
        for bad in ["", "3", "+cw", "3+", "3+up", "x+ccw", "-1+cw", "3 +cw"] {
            prop_assert!(g.parse_move(&pos, bad).is_err());
        }
    }
}
