//! The sources' worked examples, checked against the rules library.
//!
//! Every test quotes the sentence it checks (Humpidge 1938 for warri; Good and Culin in Culin
//! 1896 for kale and kpo; docs/RULES.md for the reference variants oware and kalah) and works the
//! expected board out by hand in comments.
//!
//! Position text (docs/NOTATION.md): `<north row>/<south row> <S|N> captured=s,n`, each row written
//! left to right as South sees it, so North's row lists North's pit 6 first and pit 1 last.
//! Humpidge's tills 1..6 are South's pits 1..6 and tills 7..12 are North's pits 1..6, so the
//! North row lists tills 12, 11, 10, 9, 8, 7.

use mancala_solver::tworow;
use mancala_solver::{Game, Kind, Notation, Side, TwoRow, TwoRowPos};

/// The rules of `kind` at the standard size (2x6, 4 seeds) with default options.
fn rules(kind: Kind) -> TwoRow {
    TwoRow::standard(kind)
}

/// The rules of `kind` at the standard size with the given options.
fn rules_with(kind: Kind, opts: tworow::Options) -> TwoRow {
    TwoRow::new(kind, 6, 4, opts).expect("standard size")
}

/// Parses position text, failing the test with the parser's message.
fn pos(g: &TwoRow, text: &str) -> TwoRowPos {
    g.parse_position(text)
        .unwrap_or_else(|e| panic!("{}: cannot parse '{text}': {e}", g.variant_id()))
}

/// Seeds on the board plus seeds captured (stores for kalah).
fn total(g: &TwoRow, p: &TwoRowPos) -> u32 {
    let w = g.width();
    let board: u32 = p
        .absolute_pits(w)
        .to_vec(2 * w)
        .iter()
        .map(|&c| c as u32)
        .sum();
    let c = g.captured(p);
    board + c[0] + c[1]
}

/// Humpidge's tills 1..12 (index 0 is till 1): South's pits 1..6, then North's pits 1..6.
fn tills(g: &TwoRow, p: &TwoRowPos) -> Vec<u32> {
    let w = g.width();
    p.absolute_pits(w)
        .to_vec(2 * w)
        .iter()
        .map(|&c| c as u32)
        .collect()
}

/// Plays `moves` (names from the mover's seat) from `text`, checking each move is legal and
/// that no seed is created or lost (board + captured is the same before and after each move).
fn play(g: &TwoRow, text: &str, moves: &[&str]) -> TwoRowPos {
    let mut p = pos(g, text);
    let seeds = total(g, &p);
    for (i, name) in moves.iter().enumerate() {
        let mv = g.parse_move(&p, name).unwrap_or_else(|e| {
            panic!(
                "{}: move {} ('{name}') from '{}' rejected: {e}",
                g.variant_id(),
                i + 1,
                g.format_position(&p)
            )
        });
        p = g.play(&p, mv);
        assert_eq!(
            total(g, &p),
            seeds,
            "{}: seeds not conserved after move {} ('{name}') from '{text}': now '{}'",
            g.variant_id(),
            i + 1,
            g.format_position(&p)
        );
    }
    p
}

/// Plays `moves` from `text` and checks the resulting position text.
fn check(g: &TwoRow, text: &str, moves: &[&str], expected: &str) -> TwoRowPos {
    let p = play(g, text, moves);
    assert_eq!(
        g.format_position(&p),
        expected,
        "{} from '{text}' after {moves:?}",
        g.variant_id()
    );
    p
}

/// The legal moves of a position, by name.
fn moves(g: &TwoRow, text: &str) -> Vec<String> {
    let p = pos(g, text);
    g.legal_moves(&p)
        .iter()
        .map(|&m| g.move_name(&p, m))
        .collect()
}

/// The final score (South, North) and winner of a finished game.
fn result(g: &TwoRow, p: &TwoRowPos) -> (Option<Side>, [u32; 2]) {
    let o = g
        .outcome(p)
        .unwrap_or_else(|| panic!("game not over at '{}'", g.format_position(p)));
    assert!(
        g.legal_moves(p).is_empty(),
        "a finished game has no legal move"
    );
    (o.winner, o.score)
}

fn warri_opts(chain_uniform: bool, starved_owner: bool) -> tworow::Options {
    tworow::Options {
        chain_uniform,
        starved_owner,
        ..tworow::Options::default()
    }
}

// ---------------------------------------------------------------------------------------------
// Warri: Humpidge, "An African Game", Nigeria 16 (1938)
// ---------------------------------------------------------------------------------------------

/// "Thus if A's first move is from till 4 he places his four pieces in tills 5, 6, 7, and 8."
#[test]
fn humpidge_first_move_from_till_4() {
    let g = rules(Kind::Warri);
    // Start: 4 in every till. Till 4 is emptied; tills 5, 6 (South 5, 6) and 7, 8 (North 1, 2)
    // get one each: South 4,4,4,0,5,5; North (tills 7..12) 5,5,4,4,4,4, written 12..7.
    let p = check(
        &g,
        "4,4,4,4,4,4/4,4,4,4,4,4 S",
        &["4"],
        "4,4,4,4,5,5/4,4,4,0,5,5 N captured=0,0",
    );
    assert_eq!(tills(&g, &p), vec![4, 4, 4, 0, 5, 5, 5, 5, 4, 4, 4, 4]);
    assert_eq!(g.to_move(&p), Side::North);
}

/// "suppose it is A's turn to play, and he moves from till No. 3 in which he has 8 pieces. His
/// move will finish in till 11."
#[test]
fn humpidge_eight_from_till_3_finishes_in_till_11() {
    let g = rules(Kind::Warri);
    // 8 pieces from till 3 go to tills 4, 5, 6, 7, 8, 9, 10, 11: the last in till 11 (North's
    // pit 5). With every other till empty each of those holds 1: no capture; till 12 stays 0.
    let p = check(
        &g,
        "0,0,0,0,0,0/0,0,8,0,0,0 S",
        &["3"],
        "0,1,1,1,1,1/0,0,0,1,1,1 N captured=0,0",
    );
    assert_eq!(tills(&g, &p), vec![0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 0]);
}

/// "If at the finish of his move there are either two or three pieces in till 11 he takes
/// them."
#[test]
fn humpidge_till_11_with_two_is_taken() {
    let g = rules(Kind::Warri);
    // Tills 1..6 = 1,1,8,0,0,0; tills 7..12 = 4,4,4,0,1,4 (written 12..7: 4,1,0,4,4,4).
    // After the sowing: tills 4,5,6 = 1; 7,8,9 = 5; 10 = 1; 11 = 2; 12 = 4.
    // Till 11 holds 2: taken. Till 10 holds 1: the chain stops. A takes 2.
    let p = check(
        &g,
        "4,1,0,4,4,4/1,1,8,0,0,0 S",
        &["3"],
        "4,0,1,5,5,5/1,1,0,1,1,1 N captured=2,0",
    );
    assert_eq!(g.captured(&p), [2, 0]);
}

/// "If there are also two or three in till 10 he takes those too, and also from till 9
/// provided that he has taken from 10 and so on back to till 7."
#[test]
fn humpidge_chain_from_till_11_back() {
    let g = rules(Kind::Warri);
    // Tills 7..12 = 1,4,1,2,2,3 (written 12..7: 3,2,2,1,4,1); till 3 = 8.
    // After the sowing tills 7..11 = 2,5,2,3,3 and till 12 = 3 (not reached).
    // Till 11 = 3 taken, till 10 = 3 taken, till 9 = 2 taken (a mixed row of threes and twos),
    // till 8 = 5 stops the chain, so till 7 (2) is NOT taken although it holds two.
    // Taken: 3 + 3 + 2 = 8. North is left 2,5,0,0,0,3 (tills 7..12).
    check(
        &g,
        "3,2,2,1,4,1/1,1,8,0,0,0 S",
        &["3"],
        "3,0,0,0,5,2/1,1,0,1,1,1 N captured=8,0",
    );
}

/// "... and so on back to till 7." A chain of twos from till 11 all the way back to till 7.
#[test]
fn humpidge_chain_back_to_till_7() {
    let g = rules(Kind::Warri);
    // Tills 7..11 hold 1 each, till 12 holds 4. After the sowing tills 7..11 hold 2 each:
    // all five taken (10); the chain ends at till 7, B's first till (never onto A's side).
    // Till 12 (4) is left for B, so the move feeds him.
    let p = check(
        &g,
        "4,1,1,1,1,1/1,1,8,0,0,0 S",
        &["3"],
        "4,0,0,0,0,0/1,1,0,1,1,1 N captured=10,0",
    );
    assert!(g.outcome(&p).is_none());
}

/// "A player "takes" by finishing his move ... in a till in which there are already either one
/// or two pieces which become, by his move, either two or three." Till 11 becoming four takes
/// nothing, even with twos behind it.
#[test]
fn humpidge_no_capture_unless_last_till_is_two_or_three() {
    let g = rules(Kind::Warri);
    // Tills 7..12 = 4,4,1,1,3,4 (written 12..7: 4,3,1,1,4,4). After: tills 7..11 = 5,5,2,2,4.
    // Till 11 holds 4: no capture at all, tills 9 and 10 (twos) stay.
    check(
        &g,
        "4,3,1,1,4,4/1,1,8,0,0,0 S",
        &["3"],
        "4,4,2,2,5,5/1,1,0,1,1,1 N captured=0,0",
    );
}

/// "if A can contrive to collect 16 pieces in till No. 6, and to wait until there are no pieces
/// at all on B's side, he can then move from No. 6, putting one piece into each till on the
/// first round, and finishing up at No. 11 on the second round, taking 10 pieces. One piece is
/// left in No. 12 for B to play with when it is his turn."
#[test]
fn humpidge_sixteen_in_till_6() {
    let g = rules(Kind::Warri);
    // 16 from till 6, skipping till 6 (rule 4): first round tills 7..12 and 1..5 (11 pieces),
    // then tills 7, 8, 9, 10, 11 (5 pieces). Tills 7..11 hold 2, till 12 holds 1, tills 1..5
    // hold 1, till 6 is empty. Last in till 11 (2): take 11, 10, 9, 8, 7 = 10 pieces.
    let p = check(
        &g,
        "0,0,0,0,0,0/0,0,0,0,0,16 S",
        &["6"],
        "1,0,0,0,0,0/1,1,1,1,1,0 N captured=10,0",
    );
    assert_eq!(tills(&g, &p)[11], 1, "one piece left in till 12");
    assert_eq!(g.captured(&p)[0], 10);
    assert_eq!(moves(&g, &g.format_position(&p)), vec!["6"]);
}

/// "When there are few pieces left on the board, A should get one piece into till 6 and two
/// into till 5 and then move up his other pieces as slowly as possible until B has none on his
/// side. A then moves from No. 5, B is forced to move from 7 to 8 and loses two."
#[test]
fn humpidge_endgame_one_in_6_two_in_5() {
    let g = rules(Kind::Warri);
    // Tills 1..6 = 3,3,0,0,2,1 (other pieces far left: 9 on the board, so rule 6's four or
    // fewer does not end the game); B has none.
    let start = "0,0,0,0,0,0/3,3,0,0,2,1 S";
    // A must feed B (rule 5): till 1 (to 2,3,4) and till 2 (to 3,4,5) do not reach B's side;
    // till 5 (to 6, 7) and till 6 (to 7) do.
    assert_eq!(moves(&g, start), vec!["5", "6"]);
    // A moves from 5: till 6 = 2, till 7 = 1 (it held 0: no capture).
    let after_a = check(&g, start, &["5"], "0,0,0,0,0,1/3,3,0,0,0,2 N captured=0,0");
    // B's only move is till 7 (North's pit 1), to till 8.
    assert_eq!(
        moves(&g, &g.format_position(&after_a)),
        vec!["1"],
        "B is forced to move from 7"
    );
    let after_b = check(
        &g,
        start,
        &["5", "1"],
        "0,0,0,0,1,0/3,3,0,0,0,2 S captured=0,0",
    );
    assert!(g.outcome(&after_b).is_none());
    // A moves from 6 (two pieces): till 7 gets 1, till 8 goes from 1 to 2 and is taken; till 7
    // holds 1, so the chain stops. B "loses two" and keeps one piece in till 7.
    let p = check(
        &g,
        start,
        &["5", "1", "6"],
        "0,0,0,0,0,1/3,3,0,0,0,0 N captured=2,0",
    );
    assert!(g.outcome(&p).is_none());
}

/// Rule 4: "If a player, in making his move, has enough pieces to go more than once round the
/// board, he must pass over the till from where he started his move, leaving it empty."
#[test]
fn humpidge_rule_4_skips_the_origin() {
    let g = rules(Kind::Warri);
    // 12 from till 1: tills 2..12 (11 pieces), till 1 passed over, the 12th in till 2.
    // Till 1 is left empty; till 2 holds 2 (A's own side: nothing taken).
    check(
        &g,
        "0,0,0,0,0,0/12,0,0,0,0,0 S",
        &["1"],
        "1,1,1,1,1,1/0,2,1,1,1,1 N captured=0,0",
    );
    // 22 from till 1: two rounds of the 11 other tills, the last piece in till 12 (the till
    // just before the origin), which holds 2. Tills 7..12 held 0,0,2,0,0,0, now 2,2,4,2,2,2:
    // take 12, 11, 10 (2 each = 6); till 9 (4) stops the chain. Till 1 stays empty.
    check(
        &g,
        "0,0,0,2,0,0/22,0,0,0,0,0 S",
        &["1"],
        "0,0,0,4,2,2/0,2,2,2,2,2 N captured=6,0",
    );
}

/// Rule 5: "A player must keep his opponent provided with a piece or with which to play."
#[test]
fn humpidge_rule_5_a_move_must_feed_when_one_can() {
    let g = rules(Kind::Warri);
    // B has nothing. Till 1 (3: tills 2,3,4) and till 4 (2: tills 5,6) leave him nothing; till
    // 6 (1: till 7) feeds him. Only 6 is legal.
    let text = "0,0,0,0,0,0/3,0,0,2,0,1 S";
    assert_eq!(moves(&g, text), vec!["6"]);
    let p = pos(&g, text);
    assert!(g.outcome(&p).is_none());
    for bad in ["1", "4"] {
        assert!(
            g.parse_move(&p, bad).is_err(),
            "move {bad} starves B while 6 feeds him"
        );
    }
    check(&g, text, &["6"], "0,0,0,0,0,1/3,0,0,2,0,0 N captured=0,0");
}

/// Rule 5: "If either player is unable to play because there are no pieces on his side of the
/// board, he takes all the remaining pieces which are in play, thus ending the game."
/// (starved=takes-all, the default; starved=owner: each takes his own side.)
#[test]
fn humpidge_rule_5_no_feeding_move_ends_the_game() {
    // A holds 2,2,1 in tills 1..3 and B nothing: no move of A reaches B's side (till 1 -> 2,3;
    // till 2 -> 3,4; till 3 -> 4). B is the player unable to play: he takes the 5 pieces.
    let text = "0,0,0,0,0,0/2,2,1,0,0,0 S captured=20,23";
    let g = rules(Kind::Warri);
    let p = pos(&g, text);
    assert!(moves(&g, text).is_empty());
    assert_eq!(result(&g, &p), (Some(Side::North), [20, 23 + 5]));
    // starved=owner: each takes the pieces on his own side: A 20 + 5, B 23.
    let g = rules_with(Kind::Warri, warri_opts(false, true));
    let p = pos(&g, text);
    assert_eq!(result(&g, &p), (Some(Side::South), [25, 23]));
}

/// Rule 5 again, the mover himself with no piece: "he takes all the remaining pieces".
#[test]
fn humpidge_rule_5_mover_without_pieces_takes_all() {
    // A to move with nothing; B has 5 (tills 7, 8, 9 hold 1, 2, 2: written 12..7 as
    // 0,0,0,2,2,1), more than rule 6's four.
    let text = "0,0,0,2,2,1/0,0,0,0,0,0 S captured=20,24";
    let g = rules(Kind::Warri);
    let p = pos(&g, text);
    assert_eq!(result(&g, &p), (Some(Side::South), [20 + 5, 24]));
    let g = rules_with(Kind::Warri, warri_opts(false, true));
    let p = pos(&g, text);
    assert_eq!(result(&g, &p), (Some(Side::North), [20, 24 + 5]));
}

/// Rule 6: "The game is finished when there are four or fewer pieces on the board, the pieces
/// which remain becoming the property of the player on whose side of the board they are on."
#[test]
fn humpidge_rule_6_four_or_fewer_pieces_end_the_game() {
    let g = rules(Kind::Warri);
    // Tills 5, 6 = 2, 2; tills 7 and 9 = 1 each (written 12..7: 0,0,0,1,0,1): 6 pieces.
    // A moves from 5: till 6 = 3, till 7 = 2, taken (the chain starts at B's first till).
    // B keeps till 9 (1), so the move feeds him. 4 pieces remain (3 in till 6, 1 in till 9):
    // the game is over, A takes 3 and B takes 1. A: 21 + 2 + 3 = 26, B: 22 + 1 = 23.
    let p = check(
        &g,
        "0,0,0,1,0,1/0,0,0,0,2,2 S captured=21,22",
        &["5"],
        "0,0,0,0,0,0/0,0,0,0,0,0 N captured=26,23",
    );
    assert_eq!(result(&g, &p), (Some(Side::South), [26, 23]));
    // With 2 pieces in till 9 instead, 5 remain and the game goes on.
    let p = check(
        &g,
        "0,0,0,2,0,1/0,0,0,0,2,2 S captured=21,22",
        &["5"],
        "0,0,0,2,0,0/0,0,0,0,0,3 N captured=23,22",
    );
    assert!(g.outcome(&p).is_none());
    // A state rule: a position given with 4 pieces is over too, however it arose, each
    // taking the pieces on his side (A 1 + 1, B 2), and it has no move.
    let text = "0,0,0,0,0,2/0,0,0,0,1,1 S captured=22,22";
    let p = pos(&g, text);
    assert!(moves(&g, text).is_empty());
    assert_eq!(result(&g, &p), (None, [24, 24]));
    assert_eq!(mancala_solver::perft::perft(&g, &p, 1), 0);
    // So is the start of a reduced board with four seeds (2x1), even where no one is
    // starved: each keeps his two.
    let small = TwoRow::new(Kind::Warri, 2, 1, tworow::Options::default()).unwrap();
    assert_eq!(small.outcome(&small.start()).map(|o| o.score), Some([2, 2]));
    // Rule 6 comes before rule 5: A has nothing to move, yet with four or fewer pieces on the
    // board each takes his own; with five, A (unable to play) would take them all.
    let p = pos(&g, "0,0,0,0,3,1/0,0,0,0,0,0 S captured=20,24");
    assert_eq!(result(&g, &p), (Some(Side::North), [20, 28]));
}

/// "A variation which improves the game by making it more difficult is made by ruling that in
/// taking a row, only a row of twos or a row of threes may be taken, instead of a mixed row as
/// allowed in the game already described."
#[test]
fn humpidge_variation_uniform_chain() {
    let uniform = rules_with(Kind::Warri, warri_opts(true, false));
    let mixed = rules(Kind::Warri);
    // Tills 7..12 = 4,4,4,1,2,4; 8 from till 3. After: tills 7..11 = 5,5,5,2,3.
    // Mixed: till 11 (3) and till 10 (2) are taken = 5; till 9 (5) stops.
    // Uniform: till 11 (3) is taken; till 10 (2) differs: the row stops there = 3.
    let text = "4,2,1,4,4,4/1,1,8,0,0,0 S";
    check(
        &mixed,
        text,
        &["3"],
        "4,0,0,5,5,5/1,1,0,1,1,1 N captured=5,0",
    );
    check(
        &uniform,
        text,
        &["3"],
        "4,0,2,5,5,5/1,1,0,1,1,1 N captured=3,0",
    );
    // Tills 11, 10, 9 = 3, 3, 2 (the chain example above): uniform takes the two threes (6)
    // and stops at the two in till 9; mixed took 8.
    check(
        &uniform,
        "3,2,2,1,4,1/1,1,8,0,0,0 S",
        &["3"],
        "3,0,0,2,5,2/1,1,0,1,1,1 N captured=6,0",
    );
    // A row of twos back to till 7 is taken whole under both readings.
    check(
        &uniform,
        "4,1,1,1,1,1/1,1,8,0,0,0 S",
        &["3"],
        "4,0,0,0,0,0/1,1,0,1,1,1 N captured=10,0",
    );
}

/// Rule 3: "He can take from his opponent's side only." A two or three made on the mover's own
/// side is not taken.
#[test]
fn humpidge_rule_3_no_capture_on_own_side() {
    let g = rules(Kind::Warri);
    // Till 1 = 2: to tills 2 (1 -> 2) and 3 (2 -> 3). Till 3 holds 3, but it is A's own.
    check(
        &g,
        "4,4,4,4,4,4/2,1,2,0,0,0 S",
        &["1"],
        "4,4,4,4,4,4/0,2,3,0,0,0 N captured=0,0",
    );
}

// ---------------------------------------------------------------------------------------------
// Kale: Good, in Culin (1896)
// ---------------------------------------------------------------------------------------------

/// "They move thus alternately until one manages to make his last counter fall in a pocket on
/// his opponent's side, where there were only one or two counters. When he has done so he has
/// won the counters in that pocket, including his own last counter."
#[test]
fn good_kale_capture_of_a_pocket_that_held_one_or_two() {
    let g = rules(Kind::Kale);
    // South 1,0,0,0,3,0; North pits 1..6 = 4,1,4,4,4,4 (written 4,4,4,4,1,4).
    // South's pit 5 (3): S6, N1, N2. N2 held 1, now 2: won (2).
    check(
        &g,
        "4,4,4,4,1,4/1,0,0,0,3,0 S",
        &["5"],
        "4,4,4,4,0,5/1,0,0,0,0,1 N captured=2,0",
    );
    // N2 held 2, now 3: won (3).
    check(
        &g,
        "4,4,4,4,2,4/1,0,0,0,3,0 S",
        &["5"],
        "4,4,4,4,0,5/1,0,0,0,0,1 N captured=3,0",
    );
    // N2 held 0 or 3: nothing won.
    check(
        &g,
        "4,4,4,4,0,4/1,0,0,0,3,0 S",
        &["5"],
        "4,4,4,4,1,5/1,0,0,0,0,1 N captured=0,0",
    );
    check(
        &g,
        "4,4,4,4,3,4/1,0,0,0,3,0 S",
        &["5"],
        "4,4,4,4,4,5/1,0,0,0,0,1 N captured=0,0",
    );
}

/// "where there were only one or two counters": the count *before* the move decides. On a lap
/// a pocket gets two counters: one that held 2 (now 4) is won, one that held 0 (now 2) is not.
/// "When a pocket has accumulated twelve or more counters, so that a player drops clear around
/// and back to where he began, he must skip the pocket from which he started."
#[test]
fn good_kale_count_before_the_move_and_skip_origin() {
    let g = rules(Kind::Kale);
    // 13 from South's pit 6: N1..N6, S1..S5 (11), S6 skipped, then N1, N2. Last in N2.
    // North held 4,2,4,4,4,4: now N1 = 6, N2 = 4, N3..N6 = 5; N2 held 2: won (4). S6 empty.
    check(
        &g,
        "4,4,4,4,2,4/0,0,0,0,0,13 S",
        &["6"],
        "5,5,5,5,0,6/1,1,1,1,1,0 N captured=4,0",
    );
    // N2 held 0, now 2: not won in kale...
    check(
        &g,
        "4,4,4,4,0,4/0,0,0,0,0,13 S",
        &["6"],
        "5,5,5,5,2,6/1,1,1,1,1,0 N captured=0,0",
    );
    // ... while warri ("which become, by his move, either two or three") takes it.
    check(
        &rules(Kind::Warri),
        "4,4,4,4,0,4/0,0,0,0,0,13 S",
        &["6"],
        "5,5,5,5,0,6/1,1,1,1,1,0 N captured=2,0",
    );
    // 12 from South's pit 1: S2..S6, N1..N6 (11), S1 skipped, the 12th in S2 (own side).
    check(
        &g,
        "0,0,0,0,0,0/12,0,0,0,0,0 S",
        &["1"],
        "1,1,1,1,1,1/0,2,1,1,1,1 N captured=0,0",
    );
}

/// "A single counter taken from last pocket on player's right can not win from opponent's first
/// pocket opposite, even though it contains only one or two counters."
#[test]
fn good_kale_single_counter_from_the_right_wins_nothing() {
    let g = rules(Kind::Kale);
    // S6 = 1 into N1, which held 1 (now 2): nothing won.
    check(
        &g,
        "4,4,4,4,4,1/2,0,0,0,0,1 S",
        &["6"],
        "4,4,4,4,4,2/2,0,0,0,0,0 N captured=0,0",
    );
    check(
        &g,
        "4,4,4,4,4,2/2,0,0,0,0,1 S",
        &["6"],
        "4,4,4,4,4,3/2,0,0,0,0,0 N captured=0,0",
    );
    // Two counters from S6: N1 (1 -> 2) and N2 (1 -> 2): N2 is won (2).
    check(
        &g,
        "4,4,4,4,1,1/2,0,0,0,0,2 S",
        &["6"],
        "4,4,4,4,0,2/2,0,0,0,0,0 N captured=2,0",
    );
    // Twelve counters from S6 end in N1 after a lap (N1..N6, S1..S5, S6 skipped, N1): not a
    // single counter, so N1 (held 1, now 3) is won.
    check(
        &g,
        "4,4,4,4,4,1/0,0,0,0,0,12 S",
        &["6"],
        "5,5,5,5,5,0/1,1,1,1,1,0 N captured=3,0",
    );
}

/// "The game is sometimes varied thus: When a counter wins as above, not only the contents of
/// that pocket is won, but of the pocket or pockets before it on the opponent's side that has
/// contained only one or two counters back until one is reached that has been empty or had
/// three or more counters before the play."
#[test]
fn good_kale_variation_chain() {
    let on = rules_with(
        Kind::Kale,
        tworow::Options {
            kale_chain: true,
            ..tworow::Options::default()
        },
    );
    let off = rules(Kind::Kale);
    // S6 = 4: N1..N4. North held 3,1,2,1,4,4 (written 4,4,1,2,1,3), now 4,2,3,2,4,4.
    // N4 held 1: won (2). Chain: N3 held 2 (3 won), N2 held 1 (2 won), N1 held 3: stop. 7.
    let text = "4,4,1,2,1,3/1,0,0,0,0,4 S";
    check(&on, text, &["6"], "4,4,0,0,0,4/1,0,0,0,0,0 N captured=7,0");
    check(&off, text, &["6"], "4,4,0,3,2,4/1,0,0,0,0,0 N captured=2,0");
    // North held 1,0,2,1,4,4: now 2,1,3,2. N4 (held 1) won, N3 (held 2) won, N2 had been empty:
    // stop; N1 (held 1) is not won. 2 + 3 = 5.
    check(
        &on,
        "4,4,1,2,0,1/1,0,0,0,0,4 S",
        &["6"],
        "4,4,0,0,1,2/1,0,0,0,0,0 N captured=5,0",
    );
}

/// Kale's end (DECISIONS: "The game ends when the player to move has no seed. Seeds left on the
/// board are not counted by either player."), Good: "The counters that remain in the board at
/// the end of the game are not counted by either player."
#[test]
fn good_kale_end_leaves_board_counters_uncounted() {
    let g = rules(Kind::Kale);
    // South's pit 5 (2): S6, N1. N1 held 1 (North's only counter): won (2). North, to move, has
    // nothing: the game is over. South's counter in S6 is not counted: 13 to 12.
    let p = check(
        &g,
        "0,0,0,0,0,1/0,0,0,0,2,0 S captured=11,12",
        &["5"],
        "0,0,0,0,0,0/0,0,0,0,0,1 N captured=13,12",
    );
    assert_eq!(result(&g, &p), (Some(Side::South), [13, 12]));
    // The mover has no counter while the opponent has four: over, 4 to 4, a draw.
    let p = pos(&g, "3,0,0,0,0,1/0,0,0,0,0,0 S captured=4,4");
    assert_eq!(result(&g, &p), (None, [4, 4]));
}

// ---------------------------------------------------------------------------------------------
// Kpo: Culin (1896), after Prince Momolu Massaquoi
// ---------------------------------------------------------------------------------------------

/// "His play ends when the pieces first taken up are played. He wins when the number in the
/// last hole is increased to two or to three. He does not take those in the hole opposite."
#[test]
fn culin_kpo_last_hole_made_two_or_three() {
    let g = rules(Kind::Kpo);
    // On the opponent's side: S6 (2) to N1 (4 -> 5), N2 (1 -> 2): wins N2's 2.
    check(
        &g,
        "4,4,4,4,1,4/1,0,0,0,0,2 S",
        &["6"],
        "4,4,4,4,0,5/1,0,0,0,0,0 N captured=2,0",
    );
    // On his own side: S1 (2) to S2 (0 -> 1), S3 (2 -> 3): wins S3's 3. N4, the hole opposite
    // S3, holds 2 and is not taken.
    let p = check(
        &g,
        "4,4,2,4,4,4/2,0,2,0,0,0 S",
        &["1"],
        "4,4,2,4,4,4/0,1,0,0,0,0 N captured=3,0",
    );
    assert!(g.outcome(&p).is_none());
    // Nothing but the last hole: S6 (3) to N1, N2, N3, each 1 -> 2; only N3 is won (2).
    check(
        &g,
        "4,4,4,1,1,1/1,0,0,0,0,3 S",
        &["6"],
        "4,4,4,0,2,2/1,0,0,0,0,0 N captured=2,0",
    );
}

/// Kpo sows one lap with no origin skip (docs/RULES.md: "one lap only, no origin skip"): a lap of
/// 12 or more drops a seed in the starting hole, and that hole may be won.
#[test]
fn culin_kpo_no_origin_skip() {
    let g = rules(Kind::Kpo);
    // 12 from S1: S2..S6, N1..N6, and the 12th back in S1 (0 -> 1): nothing won.
    check(
        &g,
        "0,0,0,0,0,0/12,0,0,0,0,0 S",
        &["1"],
        "1,1,1,1,1,1/1,1,1,1,1,1 N captured=0,0",
    );
    // 13 from S1: as above, then the 13th in S2 (1 -> 2, on his own side): won (2).
    check(
        &g,
        "0,0,0,0,0,0/13,0,0,0,0,0 S",
        &["1"],
        "1,1,1,1,1,1/1,0,1,1,1,1 N captured=2,0",
    );
    // 24 from S1: two seeds in every hole, the last in S1 itself (0 -> 2): won (2).
    check(
        &g,
        "0,0,0,0,0,0/24,0,0,0,0,0 S",
        &["1"],
        "2,2,2,2,2,2/0,2,2,2,2,2 N captured=2,0",
    );
}

/// Kpo's end (docs/RULES.md: "the game ends when the player to move has no seed, each taking the
/// seeds on his side"); Culin: "When two play, a winner takes only what he "kills" (fá)".
#[test]
fn culin_kpo_end_each_takes_his_own_side() {
    let g = rules(Kind::Kpo);
    // S6 (1) to N1 (1 -> 2): won. North has nothing left and is to move: the game is over;
    // South takes his 2 on the board: 22 + 2 = 24 to 21.
    let p = check(
        &g,
        "0,0,0,0,0,1/2,0,0,0,0,1 S captured=20,21",
        &["6"],
        "0,0,0,0,0,0/2,0,0,0,0,0 N captured=22,21",
    );
    assert_eq!(result(&g, &p), (Some(Side::South), [24, 21]));
}

// ---------------------------------------------------------------------------------------------
// Oware (abapa): docs/RULES.md
// ---------------------------------------------------------------------------------------------

/// "Capture: last seed on the opponent's side making 2 or 3 takes it, then the pits before it
/// on the opponent's side while each holds 2 or 3."
#[test]
fn oware_capture_chain() {
    let g = rules(Kind::Oware);
    // As Humpidge's till-3 example: North 1,4,1,2,2,3 -> 2,5,2,3,3 (N1..N5); N5, N4, N3 taken
    // (3 + 3 + 2 = 8), N2 (5) stops, N1 (2) stays.
    check(
        &g,
        "3,2,2,1,4,1/1,1,8,0,0,0 S",
        &["3"],
        "3,0,0,0,5,2/1,1,0,1,1,1 N captured=8,0",
    );
}

/// docs/RULES.md, oware: "A move is legal only if the opponent holds a seed after it, its capture
/// included: a move that would capture every seed the opponent has (a *grand slam*) is not
/// legal." and "Option `grandslam=illegal|forfeit` (`forfeit`: a grand slam is played but
/// captures nothing, as in many tournament rule sets)."
#[test]
fn oware_grand_slam() {
    let illegal = rules(Kind::Oware);
    let forfeit = rules_with(
        Kind::Oware,
        tworow::Options {
            grandslam_forfeit: true,
            ..tworow::Options::default()
        },
    );
    // North holds N1 = N2 = 1 only. S6 (2): N1, N2 -> 2, 2, which would take every North seed.
    let text = "0,0,0,0,1,1/1,0,0,0,0,2 S";
    check(
        &forfeit,
        text,
        &["6"],
        "0,0,0,0,2,2/1,0,0,0,0,0 N captured=0,0",
    );
    assert_eq!(moves(&forfeit, text), vec!["1", "6"]);
    assert_eq!(moves(&illegal, text), vec!["1"]);
    assert!(illegal.parse_move(&pos(&illegal, text), "6").is_err());
    // With a seed in N6 as well the capture does not take everything: 4 taken either way.
    let text = "1,0,0,0,1,1/1,0,0,0,0,2 S";
    for g in [&forfeit, &illegal] {
        check(g, text, &["6"], "1,0,0,0,0,0/1,0,0,0,0,0 N captured=4,0");
    }
}

/// docs/RULES.md, oware: "A move is legal only if the opponent holds a seed after it" and "End: if
/// the mover has no seed, the game ends and the opponent takes the seeds left on the board; if
/// the mover has seeds but no legal move, the game ends and the mover takes all the seeds left
/// on the board."
#[test]
fn oware_feeding_and_end() {
    let g = rules(Kind::Oware);
    let forfeit = rules_with(
        Kind::Oware,
        tworow::Options {
            grandslam_forfeit: true,
            ..tworow::Options::default()
        },
    );
    // North empty: S1 (3: S2..S4) and S4 (2: S5, S6) leave him nothing; S6 (1: N1) feeds.
    let text = "0,0,0,0,0,0/3,0,0,2,0,1 S";
    assert_eq!(moves(&g, text), vec!["6"]);
    assert!(g.parse_move(&pos(&g, text), "1").is_err());
    // No move feeds: over, South (who has seeds) takes the 5 left: 20 + 5 against 23.
    let p = pos(&g, "0,0,0,0,0,0/2,2,1,0,0,0 S captured=20,23");
    assert_eq!(result(&g, &p), (Some(Side::South), [25, 23]));
    assert_eq!(result(&forfeit, &p), (Some(Side::South), [25, 23]));
    // South's only move, S6 (2: N1, N2 -> 2, 2), is a grand slam: by default he has seeds but
    // no legal move and takes all four left, North's two included.
    let text = "0,0,0,0,1,1/0,0,0,0,0,2 S captured=20,22";
    assert!(moves(&g, text).is_empty());
    assert_eq!(result(&g, &pos(&g, text)), (Some(Side::South), [24, 22]));
    assert_eq!(moves(&forfeit, text), vec!["6"]);
    // The mover without a seed: the opponent takes the seeds left.
    let p = pos(&g, "0,0,0,1,1,0/0,0,0,0,0,0 S captured=20,22");
    assert_eq!(result(&g, &p), (Some(Side::North), [20, 24]));
}

// ---------------------------------------------------------------------------------------------
// Kalah(6,4): docs/RULES.md after Irving, Donkers & Uiterwijk (2000)
// ---------------------------------------------------------------------------------------------

/// "Last seed in own store: move again."
#[test]
fn kalah_extra_turn() {
    let g = rules(Kind::Kalah);
    // From the start, S3 (4): S4, S5, S6, store. South moves again.
    let p = check(
        &g,
        "4,4,4,4,4,4/4,4,4,4,4,4 S",
        &["3"],
        "4,4,4,4,4,4/4,4,0,5,5,5 S stores=1,0",
    );
    assert_eq!(g.to_move(&p), Side::South);
    // Then S1 (4): S2..S5, last in S5 (6): North's turn.
    let p = check(
        &g,
        "4,4,4,4,4,4/4,4,4,4,4,4 S",
        &["3", "1"],
        "4,4,4,4,4,4/0,5,1,6,6,5 N stores=1,0",
    );
    assert_eq!(g.to_move(&p), Side::North);
}

/// "Last seed in an empty own pit: it and the opposite pit's seeds go to the store, even if the
/// opposite pit is empty (option `capture=empty|nonempty`)."
#[test]
fn kalah_capture_from_an_empty_own_pit() {
    let empty = rules(Kind::Kalah);
    let nonempty = rules_with(
        Kind::Kalah,
        tworow::Options {
            capture_nonempty: true,
            ..tworow::Options::default()
        },
    );
    // S1 (1) into S2, which was empty. S2 is opposite N5 (South's pit i faces North's 7 - i).
    // N5 empty: capture=empty takes the single seed; capture=nonempty leaves it.
    let text = "2,0,2,2,2,2/1,0,0,3,0,0 S";
    check(&empty, text, &["1"], "2,0,2,2,2,2/0,0,0,3,0,0 N stores=1,0");
    check(
        &nonempty,
        text,
        &["1"],
        "2,0,2,2,2,2/0,1,0,3,0,0 N stores=0,0",
    );
    // N5 holds 3: 1 + 3 = 4 to the store under both readings.
    let text = "2,3,2,2,2,2/1,0,0,3,0,0 S";
    for g in [&empty, &nonempty] {
        check(g, text, &["1"], "2,0,2,2,2,2/0,0,0,3,0,0 N stores=4,0");
    }
}

/// "Sow anti-clockwise into own store, not the opponent's; no origin skip."
#[test]
fn kalah_long_lap_passes_the_origin() {
    let g = rules(Kind::Kalah);
    // 14 from S1: S2..S6 (5), South's store (1), N1..N6 (6), North's store skipped, S1 (the
    // origin, 13th), S2 (14th). S2 now holds 2 (was empty, then two seeds): no capture.
    check(
        &g,
        "1,1,1,1,1,1/14,0,0,0,0,0 S",
        &["1"],
        "2,2,2,2,2,2/1,2,1,1,1,1 N stores=1,0",
    );
    // 13 from S1: the 13th lands in the emptied origin (now 1): it and N6 (opposite S1, now 2)
    // go to the store: 1 + 1 + 2 = 4.
    check(
        &g,
        "1,1,1,1,1,1/13,0,0,0,0,0 S",
        &["1"],
        "0,2,2,2,2,2/0,1,1,1,1,1 N stores=4,0",
    );
}

/// "After any move that leaves either side empty, the other player takes all remaining seeds
/// and the game ends."
#[test]
fn kalah_end_when_a_side_is_empty() {
    let g = rules(Kind::Kalah);
    // S6 (1) into the store: South's side is empty. North takes his N1, N2 (2): 23 to 26.
    // The game is over, so the last seed in the store earns no extra move: the turn passes
    // (docs/DECISIONS-TWO-ROW.md).
    let p = check(
        &g,
        "0,0,0,0,1,1/0,0,0,0,0,1 S stores=22,24",
        &["6"],
        "0,0,0,0,0,0/0,0,0,0,0,0 N stores=23,26",
    );
    assert_eq!(result(&g, &p), (Some(Side::North), [23, 26]));
    // S1 (1) into the empty S2, opposite N5 (3): 4 to the store; North is empty, so South
    // takes his S6 (2): 6 to 0.
    let p = check(
        &g,
        "0,3,0,0,0,0/1,0,0,0,0,2 S",
        &["1"],
        "0,0,0,0,0,0/0,0,0,0,0,0 N stores=6,0",
    );
    assert_eq!(result(&g, &p), (Some(Side::South), [6, 0]));
}

// ---------------------------------------------------------------------------------------------
// Text: North to move and the mover-relative encoding
// ---------------------------------------------------------------------------------------------

/// The examples mirrored: North playing the same move from the same (rotated) position gives
/// the rotated result. Humpidge's first move, played by B from till 10 (North's pit 4).
#[test]
fn humpidge_first_move_mirrored_for_north() {
    let g = rules(Kind::Warri);
    // North's pit 4 (till 10) to North's 5, 6 (tills 11, 12), South's 1, 2.
    let p = check(
        &g,
        "4,4,4,4,4,4/4,4,4,4,4,4 N",
        &["4"],
        "5,5,0,4,4,4/5,5,4,4,4,4 S captured=0,0",
    );
    assert_eq!(tills(&g, &p), vec![5, 5, 4, 4, 4, 4, 4, 4, 4, 0, 5, 5]);
    // And B capturing: till 9 (North's 3) holds 8: to tills 10, 11, 12, 1..5; till 5 (South's
    // 5) held 1, now 2: taken; till 4 held 2, now 3: taken; till 3 (4 -> 5) stops. 5 for B.
    check(
        &g,
        "4,4,4,8,0,0/0,4,4,2,1,4 N captured=1,2",
        &["3"],
        "5,5,5,0,0,0/1,5,5,0,0,4 S captured=1,7",
    );
}
