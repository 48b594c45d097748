//! One hand-worked example per special rule of the four-row games, each with the source
//! sentence it implements (Chaplin 1956; Mancala World for natatu; docs/RULES.md). Boards are
//! written as in docs/NOTATION.md: North back, North front, South front, South back, each row left
//! to right as South sees it. South's circuit (anti-clockwise) is b1 b2 b3 f3 f2 f1 on 4x3.

use mancala_solver::fourrow::{FourRow, Kind, Options};
use mancala_solver::{Game, Notation, Side};

fn game(kind: Kind, width: usize, seeds: u32, rules: &[&str]) -> FourRow {
    let rules: Vec<String> = rules.iter().map(|s| s.to_string()).collect();
    FourRow::new(kind, width, seeds, Options::parse(kind, &rules).unwrap()).unwrap()
}

/// Plays `moves` from `from` and returns the position text.
fn after(g: &FourRow, from: &str, moves: &[&str]) -> String {
    let mut p = g.parse_position(from).unwrap();
    for m in moves {
        let mv = g.parse_move(&p, m).unwrap_or_else(|e| panic!("{m}: {e}"));
        p = g.play(&p, mv);
    }
    g.format_position(&p)
}

fn moves(g: &FourRow, from: &str) -> Vec<String> {
    g.move_names(&g.parse_position(from).unwrap())
}

#[test]
fn relay_sowing() {
    // Chaplin, Lozi: "if the last bean falls in a hole already occupied, that hole is emptied
    // and its total contents sown." b1 (2) -> b2, b3 (now 2): relay f3, f2; f2 was empty and
    // North's F2 is empty, so the move ends without capture.
    let g = game(Kind::Mulabalaba, 3, 2, &[]);
    assert_eq!(
        after(&g, "1,1,1/0,0,0/0,0,0/2,0,1 S", &["b1"]),
        "1,1,1/0,0,0/0,1,1/0,1,0 N captured=0,0"
    );
}

#[test]
fn capture_of_the_whole_file() {
    // Chaplin, Lozi: "If the last bean falls in an empty hole of the front row, and the
    // opponent's front hole of that file is occupied, then the opponent's beans in the whole
    // file are captured and removed from the board." b3 -> f3 (empty), F3 holds 1: North's
    // front and back holes of column 3 go.
    let g = game(Kind::Mulabalaba, 3, 2, &[]);
    assert_eq!(
        after(&g, "1,1,1/1,1,1/0,0,0/2,0,1 S", &["b3"]),
        "1,1,0/1,1,0/0,0,1/2,0,0 N captured=2,0"
    );
    // Relay then capture: b1 -> b2, b3 (2) relays to f3, f2 (empty), F2 occupied.
    assert_eq!(
        after(&g, "1,1,1/1,1,1/0,0,0/2,0,1 S", &["b1"]),
        "1,0,1/1,0,1/0,1,1/0,1,0 N captured=2,0"
    );
}

#[test]
fn no_capture_when_the_opponents_front_hole_is_empty() {
    // Same sentence: "and the opponent's front hole of that file is occupied". North's back
    // hole of column 3 holds a seed but his front hole is empty: nothing is taken.
    let g = game(Kind::Mulabalaba, 3, 2, &[]);
    assert_eq!(
        after(&g, "1,1,1/1,1,0/0,0,0/2,0,1 S", &["b3"]),
        "1,1,1/1,1,0/0,0,1/2,0,0 N captured=0,0"
    );
}

#[test]
fn long_laps_pass_the_starting_hole() {
    // docs/RULES.md: "Sowing never skips a hole: a lap of 2W or more seeds passes the starting hole
    // and drops a seed in it." b1 (7) on a circuit of 6: b2 b3 f3 f2 f1 b1 b2; b2 (2) relays
    // to b3, f3; f3 (2) relays to f2, f1; f1 (2) relays to b1, b2, which was empty: the end.
    let g = game(Kind::Mulabalaba, 3, 2, &[]);
    assert_eq!(
        after(&g, "1,1,1/1,1,1/0,0,0/7,0,0 S", &["b1"]),
        "1,1,1/1,1,1/0,2,0/2,1,2 N captured=0,0"
    );
}

#[test]
fn singleton_rule() {
    // Chaplin, Lozi: "When a player has only single beans in his holes, he must if possible
    // sow a single bean into an adjacent hole that is occupied, lifting them both and sowing
    // accordingly." Only b1 has an occupied next hole (b2).
    let g = game(Kind::Mulabalaba, 3, 2, &[]);
    assert_eq!(moves(&g, "1,1,1/1,1,1/0,0,0/1,1,0 S"), ["b1"]);
    // No single has an occupied next hole: any single may move.
    assert_eq!(moves(&g, "1,1,1/1,1,1/0,0,0/1,0,1 S"), ["b1", "b3"]);
}

#[test]
fn sowing_that_never_ends_is_illegal_and_no_move_loses() {
    // docs/RULES.md: "A move whose sowing never ends (relay laps that repeat a state) is not
    // legal." and "A player who cannot move (no seeds, or only sowings that never end)
    // loses." Kabwanga's mutwi f3 here relays for ever (a position found by the independent
    // Python reference, tools/reference/FOURROW-READINGS.md point 16).
    let g = game(Kind::Kabwanga, 5, 2, &[]);
    let p = g
        .parse_position("0,1,0,0,1/1,0,0,0,1/1,1,2,1,1/0,1,0,1,0 S captured=9,5")
        .unwrap();
    assert!(g.legal_moves(&p).is_empty());
    assert_eq!(g.outcome(&p).unwrap().winner, Some(Side::North));
}

#[test]
fn kanotta_setup_removals() {
    // Chaplin, Lunda: "Before play properly begins X takes the contents of four of Y's holes,
    // and Y takes the same number from X." South removes four times in a row, then North.
    let g = game(Kind::Kanotta, 3, 2, &[]);
    let start = g.format_position(&g.start());
    assert_eq!(
        moves(&g, &start),
        ["xB1", "xB2", "xB3", "xF1", "xF2", "xF3"]
    );
    assert_eq!(
        after(&g, &start, &["xB1"]),
        "0,2,2/2,2,2/2,2,2/2,2,2 S captured=2,0 removed=1,0"
    );
    assert_eq!(
        after(&g, &start, &["xB1", "xB2", "xF1", "xF3", "xF2"]),
        "0,0,2/0,2,0/2,0,2/2,2,2 N captured=8,2 removed=4,1"
    );
}

#[test]
fn kanotta_capture_takes_two_other_holes() {
    // Chaplin, Lunda: "besides taking the contents of the opponent's file opposite the empty
    // hole in which the player has landed, he may also remove the contents of any other two
    // of his opponent's holes." b3 captures column 3; 4 holes remain: C(4,2) = 6 choices.
    let g = game(Kind::Kanotta, 3, 2, &[]);
    let from = "1,1,1/1,1,1/0,0,0/2,0,1 S removed=4,4";
    let b3: Vec<String> = moves(&g, from)
        .into_iter()
        .filter(|m| m.starts_with("b3"))
        .collect();
    assert_eq!(b3.len(), 6, "{b3:?}");
    assert_eq!(
        after(&g, from, &["b3x(F2,B1)"]),
        "0,1,0/1,0,0/0,0,1/2,0,0 N captured=4,0 removed=4,4"
    );
}

#[test]
fn nchuba_extra_holes_by_capture_number() {
    // Chaplin, Tumbuka: "When X 'eats' for the first time, he takes the opponent's file, also
    // three other holes; when he 'eats' for the second time he takes the file and any two
    // other holes. After third and subsequent captures he removes the contents of the file
    // and any one other hole." b2 -> b3, f3 (empty, F3 occupied); 4 North holes remain.
    let g = game(Kind::Nchuba, 3, 2, &[]);
    for (made, count, extras) in [(0, 4, 3), (1, 6, 2), (2, 4, 1), (7, 4, 1)] {
        let from = format!("1,1,1/1,1,1/0,0,0/0,2,0 S captures={made},0");
        let ms = moves(&g, &from);
        assert_eq!(ms.len(), count, "{ms:?}");
        for m in &ms {
            assert_eq!(m.matches(['B', 'F']).count(), extras, "{m}");
        }
    }
    assert_eq!(
        after(
            &g,
            "1,1,1/1,1,1/0,0,0/0,2,0 S captures=1,0",
            &["b2x(B1,F1)"]
        ),
        "0,1,0/0,1,0/0,0,1/0,0,1 N captured=4,0 captures=2,0"
    );
}

#[test]
fn nchuba_no_singles_while_a_two_remains() {
    // Chaplin, Tumbuka: "While there are two beans in any hole on your side you may not move
    // singles." The Lozi game allows the single b3 in the same position.
    let from = "1,1,1/1,1,1/0,0,0/0,2,1 S";
    let nchuba = moves(&game(Kind::Nchuba, 3, 2, &[]), from);
    assert!(nchuba.iter().all(|m| m.starts_with("b2")), "{nchuba:?}");
    let lozi = moves(&game(Kind::Mulabalaba, 3, 2, &[]), from);
    assert!(lozi.iter().any(|m| m.starts_with("b3")), "{lozi:?}");
}

#[test]
fn nakabili_extra_holes_two_then_one() {
    // Chaplin, Bantu Botatwe: "When X 'eats' for the first time he removes the contents of Y's
    // file plus the contents of two other holes. ... On the second and subsequent captures he
    // removes the opponent's file plus one other hole."
    let g = game(Kind::Nakabili, 3, 2, &[]);
    assert_eq!(moves(&g, "1,1,1/1,1,1/0,0,0/0,2,0 S captures=0,0").len(), 6);
    assert_eq!(moves(&g, "1,1,1/1,1,1/0,0,0/0,2,0 S captures=1,0").len(), 4);
}

#[test]
fn mutwi() {
    // Chaplin, Bantu Botatwe: "If all the holes have singles except one which just two, this
    // is called mutwi (the head) and must be moved."
    let from = "1,1,1/1,1,1/0,0,1/1,2,0 S";
    let nak = moves(&game(Kind::Nakabili, 3, 2, &[]), from);
    assert!(nak.iter().all(|m| m.starts_with("b2")), "{nak:?}");
    let kab = moves(&game(Kind::Kabwanga, 3, 2, &[]), from);
    assert!(kab.iter().all(|m| m.starts_with("b2")), "{kab:?}");
    let lozi = moves(&game(Kind::Mulabalaba, 3, 2, &[]), from);
    assert!(lozi.len() >= 3, "{lozi:?}");
}

#[test]
fn kabwanga_another_lap_from_the_hole_ahead() {
    // Chaplin, Kabwanga: "If you end your lap in an empty hole and the hole ahead of it (i.e.
    // to the left of it) has two or more beans in it, then you have another lap; if the
    // following hole has only one bean in it, this advantage cannot be taken."
    // b1 -> b2 (empty); b3 ahead holds 3: another lap f3, f2, f1; f1 was empty, F1 is empty,
    // and b1 ahead is empty: the end.
    let g = game(Kind::Kabwanga, 3, 2, &[]);
    assert_eq!(
        after(&g, "1,1,1/0,0,0/0,0,0/1,0,3 S", &["b1"]),
        "1,1,1/0,0,0/1,1,1/0,1,0 N captured=0,0"
    );
    // The Lozi game ends in b2.
    let lozi = game(Kind::Mulabalaba, 3, 2, &[]);
    assert_eq!(
        after(&lozi, "1,1,1/0,0,0/0,0,0/1,0,3 S", &["b1"]),
        "1,1,1/0,0,0/0,0,0/0,1,3 N captured=0,0"
    );
    // Only one seed ahead: no other lap.
    assert_eq!(
        after(&g, "1,1,1/0,0,0/0,0,0/1,0,1 S", &["b1"]),
        "1,1,1/0,0,0/0,0,0/0,1,1 N captured=0,0"
    );
}

#[test]
fn chisolo_takes_one_other_hole() {
    // Chaplin, Tonga Chisolo I: "besides capturing the contents of the opponent's file, the
    // player may also take and discard the contents of any one other hole."
    let g = game(Kind::Chisolo, 3, 3, &[]);
    let mut b3: Vec<String> = moves(&g, "1,1,1/1,1,1/0,0,0/2,0,1 S")
        .into_iter()
        .filter(|m| m.starts_with("b3"))
        .collect();
    b3.sort();
    assert_eq!(b3, ["b3x(B1)", "b3x(B2)", "b3x(F1)", "b3x(F2)"]);
}

#[test]
fn natatu_clockwise_twos_and_capture() {
    // Mancala World: "The first player sows clockwise"; "takes the contents of one of his
    // holes, which must contain at least two stones"; "these enemy stones and, in addition,
    // any stones in the opponent's hole of the same file in the outer row are captured ...
    // The player is then entitled to capture the contents of any one other enemy hole".
    // 4x4 start, 2 seeds: South's f2 (1) may not move. b2 (cw) -> b1, f1 (3 now): relay f2,
    // f3, f4 (empty), North's F4 holds 2: file taken (4) and one more hole.
    let g = game(Kind::Natatu, 4, 2, &[]);
    let start = g.format_position(&g.start());
    assert_eq!(
        start,
        "2,2,2,2/0,0,1,2/2,1,0,0/2,2,2,2 S captured=0,0 dir=-"
    );
    let ms = moves(&g, &start);
    assert!(!ms.iter().any(|m| m.starts_with("f2")), "{ms:?}");
    assert_eq!(
        ms.iter().filter(|m| m.starts_with("b2")).count(),
        4,
        "{ms:?}"
    );
    assert_eq!(
        after(&g, &start, &["b2x(F3)"]),
        "2,2,2,0/0,0,0,0/0,2,1,1/3,0,2,2 N captured=5,0 dir=-"
    );
}

#[test]
fn natatu_north_chooses_and_keeps_a_direction() {
    // Mancala World: "the second player chooses a direction in his first turn, which he must
    // then maintain throughout the game."
    let g = game(Kind::Natatu, 4, 2, &[]);
    let p = "2,2,2,2/0,0,1,2/2,1,0,0/2,2,2,2 N dir=-";
    let ms = moves(&g, p);
    assert!(
        ms.iter().all(|m| m.contains("+cw") || m.contains("+ccw")),
        "{ms:?}"
    );
    let first_ccw = ms.iter().find(|m| m.contains("+ccw")).unwrap();
    let after_ccw = after(&g, p, &[first_ccw.as_str()]);
    assert!(after_ccw.ends_with("dir=ccw"), "{after_ccw}");
    let later = moves(&g, &after_ccw.replace(" S ", " N "));
    assert!(later.iter().all(|m| !m.contains('+')), "{later:?}");
}

#[test]
fn natatu_singles_only_into_empty_holes() {
    // Mancala World: "When a player has only singletons, he is permitted to move them, but
    // only in empty holes." South (clockwise) b1 -> f1 is occupied; f1 -> f2 is empty.
    let g = game(Kind::Natatu, 4, 2, &[]);
    assert_eq!(
        moves(&g, "2,2,2,2/0,0,1,2/1,0,0,0/1,0,0,0 S dir=cw"),
        ["f1"]
    );
}

#[test]
fn chisolo_ii_capture_is_resown() {
    // Chaplin, Tonga Chisolo II: "if the last is sown into an already occupied front hole,
    // the opponent's file opposite to this may be captured provided he has beans in the front
    // hole of the file. ... The captured beans are re-sown into the capturer's rows, the
    // re-sowing beginning at the hole next to the hole the filling of which enabled the
    // capture to be made." b3 -> f3 (occupied), F3 holds 2: the file (3) is sown from f2: f2,
    // f1, b1 (empty): the end.
    let g = game(Kind::ChisoloII, 3, 3, &[]);
    assert_eq!(
        after(&g, "1,1,1/1,1,2/0,0,1/0,0,1 S", &["b3"]),
        "1,1,0/1,1,0/1,1,2/1,0,0 N"
    );
}

#[test]
fn mwambulula_capture_resown_from_the_first_hole() {
    // Chaplin, Bemba: "If a player lands in a full hole he may 'eat' his opponent's opposite
    // file provided that the front hole has beans. If he is unable to 'eat,' the contents of
    // the hole are re-sown. The captured beans are re-entered, the sowing beginning at the
    // hole from which the 'eating' move commenced." b1 -> b2, b3 (occupied); F3 holds 2: the
    // file (3) is sown from b1: b1, b2, b3 (occupied, F3 now empty): relay f3, f2, f1.
    let from = "1,1,1/1,1,2/0,0,0/2,0,1 S stores=0,0 emptied=1,1";
    let g = game(Kind::Mwambulula, 3, 2, &[]);
    assert_eq!(
        after(&g, from, &["b1"]),
        "1,1,0/1,1,0/1,1,1/1,2,0 N stores=0,0 emptied=1,1"
    );
    // --rule resow=end: the move ends once the captured seeds are sown.
    let end = game(Kind::Mwambulula, 3, 2, &["resow=end"]);
    assert_eq!(
        after(&end, from, &["b1"]),
        "1,1,0/1,1,0/0,0,0/1,2,3 N stores=0,0 emptied=1,1"
    );
}

#[test]
fn mwambulula_store_once() {
    // Chaplin, Bemba: "the front rows are at once cleared to make a store." and "At any time
    // during the game when your own beans are running short you may empty your store and add
    // one bean to each of your holes."
    let g = game(Kind::Mwambulula, 3, 2, &[]);
    let start = g.format_position(&g.start());
    assert_eq!(start, "2,2,2/0,0,0/0,0,0/2,2,2 S stores=6,6 emptied=0,0");
    let once = after(&g, &start, &["store"]);
    assert_eq!(once, "2,2,2/0,0,0/1,1,1/3,3,3 N stores=0,6 emptied=1,0");
    let back = after(&g, &once, &["b1"]);
    assert!(!moves(&g, &back).contains(&"store".to_string()));
}

#[test]
fn kabwanga_ahead_front_reading() {
    // Chaplin, Kabwanga: "If you end your lap in an empty hole and the hole ahead of it (i.e.
    // to the left of it) has two or more beans in it, then you have another lap". b1 -> b2
    // (empty, back row); the next hole in sowing order is b3 (3 seeds), to the *right* of b2.
    // Default `ahead=circuit`: another lap from b3: f3, f2, f1 (empty, F1 occupied): North's
    // file 1 is captured. `ahead=front` ("to the left of it" taken literally, the front row
    // only): the move ends in b2.
    let from = "1,1,1/1,1,1/0,0,0/1,0,3 S captured=0,0";
    let circuit = game(Kind::Kabwanga, 3, 2, &[]);
    assert_eq!(
        after(&circuit, from, &["b1"]),
        "0,1,1/0,1,1/1,1,1/0,1,0 N captured=2,0"
    );
    let front = game(Kind::Kabwanga, 3, 2, &["ahead=front"]);
    assert_eq!(
        after(&front, from, &["b1"]),
        "1,1,1/1,1,1/0,0,0/0,1,3 N captured=0,0"
    );
    // In the front row both readings agree: f3 -> f2 (empty, F2 empty); f1 ahead holds 3:
    // another lap from f1: b1, b2, b3 (empty): the end.
    let from = "1,0,1/1,0,1/3,0,1/0,0,0 S captured=0,0";
    for g in [&circuit, &front] {
        assert_eq!(
            after(g, from, &["f3"]),
            "1,0,1/1,0,1/0,1,0/1,1,1 N captured=0,0"
        );
    }
}

#[test]
fn chisolo_ii_and_mwambulula_capture_may_be_declined() {
    // Chaplin, Tonga Chisolo II: "the opponent's file opposite to this may be captured
    // provided he has beans in the front hole of the file"; Bemba Mwambulula: "he may 'eat'
    // his opponent's opposite file provided that the front hole has beans. If he is unable
    // to 'eat,' the contents of the hole are re-sown." Default `capture=must`; under
    // `capture=may` each chance is a choice (c = capture, r = decline and relay).
    // chisolo-ii: f3 -> f2 (occupied), F2 holds 1 (B2 2): capturing takes 3 and sows them
    // from f1: f1, b1, b2 (empty); North has nothing left and loses. Declining relays f2's 2
    // to f1, b1 (empty).
    let from = "0,2,0/0,1,0/0,1,1/0,0,0 S";
    let must = game(Kind::ChisoloII, 3, 2, &[]);
    assert_eq!(moves(&must, from), ["f3"]);
    assert_eq!(after(&must, from, &["f3"]), "0,0,0/0,0,0/1,2,0/1,1,0 N");
    let may = game(Kind::ChisoloII, 3, 2, &["capture=may"]);
    assert_eq!(moves(&may, from), ["f3:c", "f3:r"]);
    assert_eq!(after(&may, from, &["f3:c"]), "0,0,0/0,0,0/1,2,0/1,1,0 N");
    let declined = may.parse_position("0,2,0/0,1,0/1,0,0/1,0,0 N").unwrap();
    assert_eq!(after(&may, from, &["f3:r"]), may.format_position(&declined));
    assert!(must
        .outcome(&must.parse_position("0,0,0/0,0,0/1,2,0/1,1,0 N").unwrap())
        .is_some());
    assert!(may.outcome(&declined).is_none());
    // mwambulula: f3 -> f2 (occupied), F2 holds 1: capturing re-sows it from f3 (empty):
    // the end. Declining relays f2's 2 to f1, b1 (empty).
    let from = "0,0,0/0,1,0/0,1,1/0,0,0 S stores=0,0 emptied=1,1";
    let must = game(Kind::Mwambulula, 3, 2, &[]);
    assert_eq!(moves(&must, from), ["f3"]);
    let may = game(Kind::Mwambulula, 3, 2, &["capture=may"]);
    assert_eq!(moves(&may, from), ["f3:c", "f3:r"]);
    assert_eq!(
        after(&may, from, &["f3:c"]),
        "0,0,0/0,0,0/0,2,1/0,0,0 N stores=0,0 emptied=1,1"
    );
    assert_eq!(
        after(&may, from, &["f3:r"]),
        "0,0,0/0,1,0/1,0,0/1,0,0 N stores=0,0 emptied=1,1"
    );
    // A name must list every choice the sowing meets, and only under capture=may.
    let p = must.parse_position(from).unwrap();
    assert!(must.parse_move(&p, "f3:c").is_err());
    let p = may.parse_position(from).unwrap();
    assert!(may.parse_move(&p, "f3").is_err());
    assert!(may.parse_move(&p, "f3:cc").is_err());
}

#[test]
fn singleton_if_possible_readings() {
    // Chaplin, Lozi (and so chisolo-ii, "the Lozi game with ..."): "When a player has only
    // single beans in his holes, he must if possible sow a single bean into an adjacent hole
    // that is occupied". South's singles are b2 (next hole f2 occupied) and f2 (next hole f1
    // empty). b2 -> f2 captures North's file 2 (10 seeds), whose re-sowing round the 4-hole
    // circuit never ends, so b2 is not legal (docs/RULES.md). Default `possible=legal`: no
    // preferred single can be moved, so any single may: f2. `possible=board` (the
    // independent reference's first reading): b2 is the one preferred single, it cannot
    // move, and South has no move: he loses.
    let from = "0,9/9,1/0,1/0,1 S";
    let legal = game(Kind::ChisoloII, 2, 3, &[]);
    assert_eq!(moves(&legal, from), ["f2"]);
    let board = game(Kind::ChisoloII, 2, 3, &["possible=board"]);
    assert!(moves(&board, from).is_empty());
    let p = board.parse_position(from).unwrap();
    assert_eq!(board.outcome(&p).unwrap().winner, Some(Side::North));
}
