//! Sowings with many seeds: the fast rules agree with the slow reference on random positions
//! of up to 200 seeds, and the positions reported slow give the results the seed-by-seed
//! implementation gave (captured from it: its runs took minutes).

use mancala_solver::fourrow::reference::Reference;
use mancala_solver::fourrow::{Board, Dir, FourRow, Kind, Options};
use mancala_solver::perft::perft;
use mancala_solver::{Game, Notation, Side};
use proptest::prelude::*;

/// The rules a position text is read with: the variant's at the width of its first row.
fn rules(kind: Kind, text: &str) -> FourRow {
    let w = text.split('/').next().unwrap().split(',').count();
    FourRow::new(kind, w, kind.default_seeds(), Options::default()).unwrap()
}

fn names(g: &FourRow, text: &str) -> Vec<String> {
    g.move_names(&g.parse_position(text).unwrap())
}

#[test]
fn reported_positions_list_the_same_moves() {
    // `moves`: b5 never ends (a cycle of 1,817,643,710 laps after a capture).
    let text = "3,1,9,23,7/22,0,5,22,10/0,0,0,0,1/0,1,0,0,0 N";
    let g = rules(Kind::ChisoloII, text);
    assert_eq!(
        names(&g, text),
        ["b1", "b2", "b3", "b4", "f1", "f2", "f3", "f5"]
    );
}

#[test]
fn reported_play_reaches_the_same_position() {
    // `play ... f3`: North's moves, f3 played, then South's moves to say the game goes on
    // (South's b3 never ends: a cycle of 2,305,011,665 laps).
    let text = "5,0,0,0,0/1,5,1,0,0/14,46,12,4,1/2,28,7,16,35 N captured=20,41";
    let g = rules(Kind::Mulabalaba, text);
    let pos = g.parse_position(text).unwrap();
    let next = g.play(&pos, g.parse_move(&pos, "f3").unwrap());
    assert_eq!(
        g.format_position(&next),
        "5,0,0,0,0/1,5,0,1,0/14,46,12,0,1/2,28,7,0,35 S captured=20,61"
    );
    assert!(g.outcome(&next).is_none());
    assert_eq!(
        g.move_names(&next),
        ["b1", "b2", "b5", "f1", "f2", "f3", "f5"]
    );
}

#[test]
fn reported_perft_counts_the_same_nodes() {
    let text = "2,0,0,0,1/0,0,0,96,0/1,0,1,0,0/0,1,1,0,1 N";
    let g = rules(Kind::ChisoloII, text);
    let pos = g.parse_position(text).unwrap();
    let counts: Vec<u64> = (1..=3).map(|d| perft(&g, &pos, d)).collect();
    assert_eq!(counts, [3, 4, 24]);
}

/// Rule sets checked on random positions (the reference reads the same `--rule` strings);
/// `may`: with `capture=may` too.
fn rule_sets(kind: Kind, may: bool) -> Vec<Vec<String>> {
    let mut v = vec![vec![]];
    if matches!(kind, Kind::ChisoloII | Kind::Mwambulula) {
        v.push(vec!["singles=free".to_string()]);
        if may {
            v.push(vec!["capture=may".to_string()]);
        }
    }
    if kind == Kind::Mwambulula {
        v.push(vec!["resow=end".to_string()]);
    }
    v
}

/// The position of `kind` on 4x`width` with a seed dropped into hole `d mod 4W` for each `d`
/// of `drops` (both circuits), the other fields from `extra`; the moves by name with the
/// positions they lead to must be those of the reference, unless one of the reference's
/// sowings needs more than `budget` laps (it keeps every lap state).
fn agrees(
    kind: Kind,
    width: usize,
    rule: &[String],
    drops: &[u16],
    north: bool,
    extra: [u8; 4],
    budget: usize,
) -> Result<(), TestCaseError> {
    let g = FourRow::new(kind, width, 1, Options::parse(kind, rule).unwrap()).unwrap();
    let l = 2 * width;
    let mut b = Board::default();
    for d in drops {
        let h = *d as usize % (2 * l);
        b.0[h / l][h % l] += 1;
    }
    let mut pos = g.start();
    pos.board = b;
    pos.side = if north { Side::North } else { Side::South };
    pos.captures = [extra[1] % 3, extra[2] % 3];
    pos.removed = [4, 4];
    pos.stores = [extra[1] % 8, extra[2] % 8];
    pos.emptied = [extra[3] & 1 == 1, extra[3] & 2 == 2];
    if kind == Kind::Natatu {
        pos.dir = [None, Some(Dir::Cw), Some(Dir::Ccw)][extra[3] as usize % 3];
    }
    let text = g.format_position(&pos);
    prop_assume!(g.parse_position(&text).is_ok());
    let r = Reference::new(kind.id(), width, rule).with_lap_budget(budget);
    let Some(mut slow) = r.children(&text) else {
        return Ok(());
    };
    let mut fast: Vec<(String, String)> = g
        .legal_moves(&pos)
        .iter()
        .map(|&m| (g.move_name(&pos, m), g.format_position(&g.play(&pos, m))))
        .collect();
    fast.sort();
    slow.sort();
    prop_assert_eq!(fast, slow, "{} {:?} moves of {}", kind.id(), rule, text);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    /// Random positions of every variant with up to 200 seeds on the board (each dropped into
    /// a random hole, so that some holes hold dozens), on 4x3, 4x4 and the standard width.
    #[test]
    fn fast_sowing_agrees_with_the_reference_on_many_seeds(
        k in 0..Kind::ALL.len(),
        wide in any::<bool>(),
        set in 0usize..3,
        drops in prop::collection::vec(any::<u16>(), 1..=200),
        north in any::<bool>(),
        extra in any::<[u8; 4]>(),
    ) {
        let kind = Kind::ALL[k];
        let width = if wide { kind.default_width() } else { 3 + extra[0] as usize % 2 };
        let sets = rule_sets(kind, false);
        agrees(kind, width, &sets[set % sets.len()], &drops, north, extra, 3000)?;
    }

    /// Small boards (4x2, 4x3) with up to 40 seeds, where sowings that never end go round
    /// cycles short enough for the reference to find, `capture=may` included.
    #[test]
    fn fast_sowing_agrees_with_the_reference_on_sowings_that_never_end(
        k in 0..Kind::ALL.len(),
        set in 0usize..4,
        drops in prop::collection::vec(any::<u16>(), 1..=40),
        north in any::<bool>(),
        extra in any::<[u8; 4]>(),
    ) {
        let kind = Kind::ALL[k];
        let width = 2 + extra[0] as usize % 2;
        let sets = rule_sets(kind, true);
        agrees(kind, width, &sets[set % sets.len()], &drops, north, extra, 20_000)?;
    }
}
