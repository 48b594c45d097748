//! End-to-end tests of the `mancala` binary against the interface of docs/NOTATION.md: position
//! text, `--json` objects, and bad input (exit status 2, one line on stderr, nothing on stdout,
//! never a panic).

mod common;
use common::*;

use serde_json::Value;

const PLAYABLE: [&str; 5] = ["kalah", "oware", "warri", "kale", "kpo"];

/// Every variant id of docs/RULES.md.
const ALL_IDS: [&str; 20] = [
    "warri",
    "kale",
    "kpo",
    "oware",
    "kalah",
    "mulabalaba",
    "toka",
    "kanotta",
    "nchuba",
    "nakabili",
    "kabwanga",
    "chisolo",
    "natatu",
    "chisolo-ii",
    "mwambulula",
    "isolo",
    "isolo-ii",
    "mulabalaba-morris",
    "nine-mens-morris",
    "kuyata",
];

// ---------------------------------------------------------------------------------------------
// variants, start, show
// ---------------------------------------------------------------------------------------------

#[test]
fn variants_json_lists_every_id_with_status() {
    let v = json(&["variants", "--json"]);
    let list = v["variants"].as_array().expect("variants is an array");
    let ids: Vec<&str> = list.iter().map(|e| e["id"].as_str().unwrap()).collect();
    for id in ALL_IDS {
        assert!(ids.contains(&id), "variant {id} missing from {ids:?}");
    }
    assert_eq!(ids.len(), ALL_IDS.len(), "{ids:?}");
    for e in list {
        let id = e["id"].as_str().unwrap();
        let status = e["status"]
            .as_str()
            .unwrap_or_else(|| panic!("{id}: no status"));
        let expected = if id == "kuyata" {
            "not-analysed"
        } else {
            "playable"
        };
        assert_eq!(status, expected, "status of {id}");
    }
}

#[test]
fn variants_plain_lists_every_id() {
    let out = ok(&["variants"]);
    let first_words: Vec<&str> = out
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    for id in ALL_IDS {
        assert!(first_words.contains(&id), "{id} missing from:\n{out}");
    }
}

#[test]
fn start_prints_documented_text() {
    for v in PLAYABLE {
        let (key, small) = if v == "kalah" {
            ("stores", "2,2,2/2,2,2 S stores=0,0")
        } else {
            ("captured", "2,2,2/2,2,2 S captured=0,0")
        };
        assert_eq!(
            ok(&["start", v]),
            format!("4,4,4,4,4,4/4,4,4,4,4,4 S {key}=0,0\n"),
            "start {v}"
        );
        assert_eq!(
            ok(&["start", v, "--width", "3", "--seeds", "2"]),
            format!("{small}\n"),
            "start {v} --width 3 --seeds 2"
        );
        let j = json(&["start", v, "--json"]);
        assert_eq!(j["variant"], v);
        assert_eq!(
            j["position"],
            format!("4,4,4,4,4,4/4,4,4,4,4,4 S {key}=0,0")
        );
    }
}

#[test]
fn start_other_sizes() {
    assert_eq!(
        ok(&["start", "oware", "--width", "8"]),
        "4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4 S captured=0,0\n"
    );
    assert_eq!(
        ok(&["start", "kalah", "--width", "1", "--seeds", "1"]),
        "1/1 S stores=0,0\n"
    );
    // The most seeds that fit at width 6: 21 a pit (252 on the board).
    assert_eq!(
        ok(&["start", "warri", "--seeds", "21"]),
        "21,21,21,21,21,21/21,21,21,21,21,21 S captured=0,0\n"
    );
}

#[test]
fn show_prints_pit_labels() {
    for v in PLAYABLE {
        let out = ok(&["show", v]);
        for i in 1..=6 {
            for label in [format!("S{i}"), format!("N{i}")] {
                assert!(out.contains(&label), "show {v}: no label {label}:\n{out}");
            }
        }
        assert!(!out.contains("S7") && !out.contains("N7"), "{out}");
    }
    // Labels follow the width; North's pit 1 is above South's pit W (South's top right).
    let out = ok(&["show", "warri", "--position", "1,2,3/4,5,6 N"]);
    let label_line = out.lines().next().unwrap();
    let labels: Vec<&str> = label_line.split_whitespace().collect();
    assert_eq!(labels, vec!["N3", "N2", "N1"], "{out}");
    let south_labels = out
        .lines()
        .find(|l| l.contains("S1"))
        .expect("a line with South's labels");
    assert_eq!(
        south_labels.split_whitespace().collect::<Vec<_>>(),
        vec!["S1", "S2", "S3"]
    );
    assert!(out.contains("1,2,3/4,5,6 N captured=0,0"), "{out}");
}

// ---------------------------------------------------------------------------------------------
// moves, play, perft
// ---------------------------------------------------------------------------------------------

#[test]
fn moves_json_from_start() {
    for v in PLAYABLE {
        let j = json(&["moves", v, "--json"]);
        assert_eq!(j["variant"], v);
        assert!(j["position"].as_str().unwrap().starts_with("4,4,4,4,4,4/"));
        assert_eq!(
            j["moves"],
            serde_json::json!(["1", "2", "3", "4", "5", "6"]),
            "{v}"
        );
    }
    // Plain text: the names separated by spaces.
    assert_eq!(ok(&["moves", "warri"]), "1 2 3 4 5 6\n");
}

#[test]
fn moves_json_skips_empty_pits_and_obeys_feeding() {
    let j = json(&[
        "moves",
        "kale",
        "--position",
        "4,4,4,4,4,4/0,3,0,1,0,2 S",
        "--json",
    ]);
    assert_eq!(j["moves"], serde_json::json!(["2", "4", "6"]));
    // Warri: North has nothing; only South's pit 6 reaches him.
    let j = json(&[
        "moves",
        "warri",
        "--position",
        "0,0,0,0,0,0/3,0,0,2,0,1 S",
        "--json",
    ]);
    assert_eq!(j["moves"], serde_json::json!(["6"]));
    // North to move: names are North's own pit numbers.
    let j = json(&[
        "moves",
        "kpo",
        "--position",
        "0,1,0,0,0,2/4,4,4,4,4,4 N",
        "--json",
    ]);
    assert_eq!(j["moves"], serde_json::json!(["1", "5"]));
    // A finished game has no moves.
    let j = json(&[
        "moves",
        "kale",
        "--position",
        "1,0,0,0,0,0/0,0,0,0,0,0 S",
        "--json",
    ]);
    assert_eq!(j["moves"], serde_json::json!([]));
}

/// Checks the keys docs/NOTATION.md requires of `play --json`.
fn check_state_keys(j: &Value) {
    for key in [
        "variant",
        "position",
        "to_move",
        "captured",
        "game_over",
        "result",
    ] {
        assert!(j.get(key).is_some(), "key {key} missing from {j}");
    }
    assert!(
        j["captured"]["S"].is_u64() && j["captured"]["N"].is_u64(),
        "{j}"
    );
    assert!(j["game_over"].is_boolean(), "{j}");
    let to_move = j["to_move"].as_str().unwrap();
    assert!(to_move == "S" || to_move == "N", "{j}");
    assert_eq!(j["game_over"].as_bool().unwrap(), !j["result"].is_null());
}

#[test]
fn play_json_while_the_game_goes_on() {
    // Humpidge: "if A's first move is from till 4 he places his four pieces in tills 5, 6, 7,
    // and 8".
    let j = json(&["play", "warri", "4", "--json"]);
    check_state_keys(&j);
    assert_eq!(j["variant"], "warri");
    assert_eq!(j["position"], "4,4,4,4,5,5/4,4,4,0,5,5 N captured=0,0");
    assert_eq!(j["to_move"], "N");
    assert_eq!(j["captured"], serde_json::json!({"S": 0, "N": 0}));
    assert_eq!(j["game_over"], false);
    assert!(j["result"].is_null());
    // Two moves, and a capture: Humpidge's 16 pieces in till 6 take 10.
    let j = json(&[
        "play",
        "warri",
        "--position",
        "0,0,0,0,0,0/0,0,0,0,0,16 S captured=10,12",
        "6",
        "--json",
    ]);
    check_state_keys(&j);
    assert_eq!(j["position"], "1,0,0,0,0,0/1,1,1,1,1,0 N captured=20,12");
    assert_eq!(j["captured"], serde_json::json!({"S": 20, "N": 12}));
    assert_eq!(j["to_move"], "N");
    assert!(j["result"].is_null());
    // Kalah: an extra turn keeps South to move.
    let j = json(&["play", "kalah", "3", "--json"]);
    check_state_keys(&j);
    assert_eq!(j["position"], "4,4,4,4,4,4/4,4,0,5,5,5 S stores=1,0");
    assert_eq!(j["to_move"], "S");
    assert_eq!(j["captured"], serde_json::json!({"S": 1, "N": 0}));
}

#[test]
fn play_json_finished_game_given_as_position() {
    // Kale: South to move has no seed: the game is over; the seed left on the board is not
    // counted (Good: "The counters that remain in the board at the end of the game are not
    // counted by either player").
    let j = json(&[
        "play",
        "kale",
        "--position",
        "1,0,0,0,0,0/0,0,0,0,0,0 S captured=5,3",
        "--json",
    ]);
    check_state_keys(&j);
    assert_eq!(j["game_over"], true);
    assert_eq!(
        j["result"],
        serde_json::json!({"winner": "S", "score": {"S": 5, "N": 3}})
    );
    // A draw: winner null.
    let j = json(&[
        "play",
        "kale",
        "--position",
        "3,0,0,0,0,0/0,0,0,0,0,0 S captured=4,4",
        "--json",
    ]);
    assert_eq!(
        j["result"],
        serde_json::json!({"winner": null, "score": {"S": 4, "N": 4}})
    );
    // North wins, North to move with no seed in kpo: each takes his own side.
    let j = json(&[
        "play",
        "kpo",
        "--position",
        "0,0,0,0,0,0/1,0,0,0,0,2 N captured=10,20",
        "--json",
    ]);
    assert_eq!(j["to_move"], "N");
    assert_eq!(
        j["result"],
        serde_json::json!({"winner": "N", "score": {"S": 13, "N": 20}})
    );
}

#[test]
fn play_json_game_ended_by_a_move() {
    // Warri, Humpidge rule 6: South's pit 5 (2) to S6 and N1 (1 -> 2, taken); 4 seeds remain
    // (3 in S6, 1 in N3): each takes his own. South 21 + 2 + 3 = 26, North 22 + 1 = 23.
    let j = json(&[
        "play",
        "warri",
        "--position",
        "0,0,0,1,0,1/0,0,0,0,2,2 S captured=21,22",
        "5",
        "--json",
    ]);
    check_state_keys(&j);
    assert_eq!(j["position"], "0,0,0,0,0,0/0,0,0,0,0,0 N captured=26,23");
    assert_eq!(j["game_over"], true);
    assert_eq!(
        j["result"],
        serde_json::json!({"winner": "S", "score": {"S": 26, "N": 23}})
    );
    // Humpidge's endgame: A plays 5, B is forced from 7 to 8, A plays 6 and takes two.
    let j = json(&[
        "play",
        "warri",
        "--position",
        "0,0,0,0,0,0/3,3,0,0,2,1 S",
        "5",
        "1",
        "6",
        "--json",
    ]);
    assert_eq!(j["position"], "0,0,0,0,0,1/3,3,0,0,0,0 N captured=2,0");
    assert_eq!(j["game_over"], false);
}

#[test]
fn play_text_reports_the_end() {
    let out = ok(&[
        "play",
        "kale",
        "--position",
        "1,0,0,0,0,0/0,0,0,0,0,0 S captured=5,3",
    ]);
    let mut lines = out.lines();
    assert_eq!(lines.next(), Some("1,0,0,0,0,0/0,0,0,0,0,0 S captured=5,3"));
    let end = lines.next().expect("a game-over line");
    assert!(end.contains("game over"), "{out}");
}

#[test]
fn perft_json() {
    for v in PLAYABLE {
        let j = json(&["perft", v, "--depth", "0", "--json"]);
        assert_eq!(j["variant"], v);
        assert_eq!(j["depth"], 0);
        assert_eq!(j["nodes"], 1, "perft(start, 0) = 1 for {v}");
        let j = json(&["perft", v, "--depth", "1", "--json"]);
        assert_eq!(j["depth"], 1);
        assert_eq!(j["nodes"], 6, "{v}");
    }
    // OpenSpiel's oware perft from the start: 6, 36, 190, 1014, 5219.
    let j = json(&["perft", "oware", "--depth", "5", "--json"]);
    assert_eq!(j["nodes"], 5219);
    let j = json(&["perft", "oware", "-d", "4", "--json"]);
    assert_eq!(j["nodes"], 1014);
}

#[test]
fn perft_of_a_finished_game() {
    // perft(p, 0) = 1 even when the game is over; 0 below that.
    let pos = "1,0,0,0,0,0/0,0,0,0,0,0 S captured=5,3";
    let j = json(&["perft", "kale", "--position", pos, "--depth", "0", "--json"]);
    assert_eq!(j["nodes"], 1);
    let j = json(&["perft", "kale", "--position", pos, "--depth", "3", "--json"]);
    assert_eq!(j["nodes"], 0);
}

#[test]
fn perft_plain_and_divide() {
    let out = ok(&["perft", "oware", "--depth", "2"]);
    assert_eq!(out.trim_end().lines().last(), Some("36"));
    let j = json(&["perft", "oware", "--depth", "2", "--divide", "--json"]);
    assert_eq!(j["nodes"], 36);
    let d = j["divide"].as_object().expect("divide is an object");
    assert_eq!(d.len(), 6);
    assert_eq!(d.values().map(|n| n.as_u64().unwrap()).sum::<u64>(), 36);
}

// ---------------------------------------------------------------------------------------------
// Position text round trip
// ---------------------------------------------------------------------------------------------

#[test]
fn text_round_trip() {
    let cases = [
        ("warri", "4,4,4,4,4,4/4,4,4,4,4,4 S captured=0,0"),
        ("warri", "1,2,3,4,5,6/7,8,9,10,11,0 N captured=3,4"),
        ("warri", "0,0,0,0,0,12/3,0,0,0,0,0 N captured=20,13"),
        ("oware", "0,5,0,2,0,1/3,0,7,0,0,9 N captured=11,12"),
        ("kale", "6,0,0,1,2,3/0,9,0,4,0,5 S captured=7,9"),
        ("kpo", "2,2,2/0,0,1 N captured=10,5"),
        ("kalah", "1,0,3,0,5,0/0,2,0,4,0,6 N stores=10,9"),
        ("kalah", "0,0,0,0,0,0,0,1/1,0,0,0,0,0,0,0 S stores=30,32"),
        ("oware", "0/255 S captured=0,0"),
        ("warri", "0,0,0,0,0,0/0,0,0,0,0,16 S captured=16,16"),
    ];
    for (v, text) in cases {
        assert_eq!(
            ok(&["play", v, "--position", text]),
            format!("{text}\n"),
            "{v}: play with no moves prints the position back"
        );
        let j = json(&["play", v, "--position", text, "--json"]);
        assert_eq!(j["position"], text, "{v}");
        let j = json(&["moves", v, "--position", text, "--json"]);
        assert_eq!(j["position"], text, "{v}");
    }
}

#[test]
fn text_omitted_fields_take_fresh_values() {
    assert_eq!(
        ok(&["play", "warri", "--position", "4,4,4,4,4,4/4,4,4,4,4,4 S"]),
        "4,4,4,4,4,4/4,4,4,4,4,4 S captured=0,0\n"
    );
    // Kalah accepts captured= as a synonym of stores=.
    assert_eq!(
        ok(&[
            "play",
            "kalah",
            "--position",
            "4,4,4,4,4,4/4,4,4,4,4,4 N captured=2,3"
        ]),
        "4,4,4,4,4,4/4,4,4,4,4,4 N stores=2,3\n"
    );
}

#[test]
fn captured_counts_are_reported_per_side() {
    // North to move: captured stays South's then North's.
    let j = json(&[
        "play",
        "oware",
        "--position",
        "1,2,3,4,5,6/6,5,4,3,2,1 N captured=7,9",
        "--json",
    ]);
    assert_eq!(j["to_move"], "N");
    assert_eq!(j["captured"], serde_json::json!({"S": 7, "N": 9}));
}

// ---------------------------------------------------------------------------------------------
// Bad input: exit status 2, one line on stderr, empty stdout, no panic
// ---------------------------------------------------------------------------------------------

#[test]
fn err_position_without_slash() {
    let line = fails(&["play", "warri", "--position", "4,4,4,4,4,4 S"]);
    says(&line, &["invalid position", "rows"]);
}

#[test]
fn err_position_with_three_rows() {
    let line = fails(&[
        "play",
        "warri",
        "--position",
        "4,4,4,4,4,4/4,4,4,4,4,4/4,4,4,4,4,4 S",
    ]);
    says(&line, &["invalid position", "3 rows"]);
}

#[test]
fn err_wrong_pit_count() {
    let line = fails(&["play", "warri", "--position", "4,4,4,4,4,4/4,4,4,4,4 S"]);
    says(&line, &["row 2 has 5 pits, expected 6"]);
    let line = fails(&[
        "moves",
        "oware",
        "--width",
        "6",
        "--position",
        "4,4,4,4,4,4,4/4,4,4,4,4,4 S",
    ]);
    says(&line, &["row 1 has 7 pits, expected 6"]);
    // Without --width the width is taken from the first row (7 here), so row 2 is the one
    // reported.
    let line = fails(&[
        "moves",
        "oware",
        "--position",
        "4,4,4,4,4,4,4/4,4,4,4,4,4 S",
    ]);
    says(&line, &["row 2 has 6 pits, expected 7"]);
}

#[test]
fn err_width_disagrees_with_position() {
    let line = fails(&[
        "play",
        "warri",
        "--width",
        "5",
        "--position",
        "4,4,4,4,4,4/4,4,4,4,4,4 S",
    ]);
    says(&line, &["expected 5"]);
}

#[test]
fn err_not_a_number() {
    let line = fails(&["play", "warri", "--position", "4,4,4,4,4,4/4,4,x,4,4,4 S"]);
    says(&line, &["row 2 pit 3", "not a number"]);
}

#[test]
fn err_empty_pit_field() {
    let line = fails(&["play", "warri", "--position", "4,,4,4,4,4/4,4,4,4,4,4 S"]);
    says(&line, &["row 1 pit 2"]);
}

#[test]
fn err_negative_count() {
    let line = fails(&["play", "kale", "--position", "4,4,4,4,4,4/4,4,-1,4,4,4 S"]);
    says(&line, &["row 2 pit 3", "negative"]);
}

#[test]
fn err_pit_over_255() {
    let line = fails(&["play", "warri", "--position", "0,0,0,0,0,0/0,0,256,0,0,0 S"]);
    says(&line, &["256", "255"]);
}

#[test]
fn err_board_over_255_seeds() {
    let line = fails(&["play", "warri", "--position", "4,4,4,4,4,4/4,4,255,4,4,4 S"]);
    says(&line, &["299 seeds", "255"]);
    // 128 + 128 = 256: each pit fits, the board does not.
    let line = fails(&["perft", "kpo", "--depth", "1", "--position", "128/128 S"]);
    says(&line, &["256 seeds"]);
}

#[test]
fn err_bad_side() {
    let line = fails(&["play", "warri", "--position", "4,4,4,4,4,4/4,4,4,4,4,4 X"]);
    says(&line, &["'X'", "S or N"]);
    let line = fails(&["play", "warri", "--position", "4,4,4,4,4,4/4,4,4,4,4,4 s"]);
    says(&line, &["S or N"]);
}

#[test]
fn err_missing_side() {
    let line = fails(&["play", "warri", "--position", "4,4,4,4,4,4/4,4,4,4,4,4"]);
    says(&line, &["side to move is missing"]);
}

#[test]
fn err_unknown_field() {
    let line = fails(&[
        "play",
        "warri",
        "--position",
        "4,4,4,4,4,4/4,4,4,4,4,4 S foo=1",
    ]);
    says(&line, &["unknown field 'foo'"]);
    // Warri has no stores.
    let line = fails(&[
        "play",
        "warri",
        "--position",
        "4,4,4,4,4,4/4,4,4,4,4,4 S stores=0,0",
    ]);
    says(&line, &["stores"]);
}

#[test]
fn err_malformed_captured() {
    let line = fails(&[
        "play",
        "warri",
        "--position",
        "4,4,4,4,4,4/4,4,4,4,4,4 S captured=1",
    ]);
    says(&line, &["captured"]);
    let line = fails(&[
        "play",
        "warri",
        "--position",
        "4,4,4,4,4,4/4,4,4,4,4,4 S captured=1,-2",
    ]);
    says(&line, &["captured"]);
}

#[test]
fn err_empty_position() {
    fails(&["play", "warri", "--position", ""]);
    fails(&["play", "warri", "--position", "/ S"]);
}

#[test]
fn err_bad_position_in_every_command() {
    let bad = "4,4,4,4,4,4/4,4,4,4,4 S";
    for args in [
        vec!["start", "warri", "--position", bad],
        vec!["show", "warri", "--position", bad],
        vec!["moves", "warri", "--position", bad],
        vec!["play", "warri", "--position", bad, "--json"],
        vec!["perft", "warri", "--position", bad, "--depth", "1"],
    ] {
        let line = fails(&args);
        says(&line, &["row 2 has 5 pits, expected 6"]);
    }
}

#[test]
fn err_move_from_empty_pit() {
    let line = fails(&[
        "play",
        "warri",
        "--position",
        "4,4,4,4,4,4/4,4,0,4,4,4 S",
        "3",
    ]);
    says(&line, &["illegal move '3'", "empty"]);
    // The third move of a sequence: kalah South 4 (last seed in N1), North 1, then South's 4,
    // which is empty.
    let line = fails(&["play", "kalah", "4", "1", "4", "--json"]);
    says(&line, &["'4'", "move 3 of 3"]);
}

#[test]
fn err_move_pit_zero() {
    let line = fails(&["play", "warri", "0"]);
    says(&line, &["'0'", "1..6"]);
}

#[test]
fn err_move_pit_seven_at_width_6() {
    let line = fails(&["play", "oware", "7"]);
    says(&line, &["'7'", "1..6"]);
    let line = fails(&["play", "oware", "--width", "3", "4"]);
    says(&line, &["'4'", "1..3"]);
}

#[test]
fn err_move_not_a_number() {
    let line = fails(&["play", "kpo", "1", "x"]);
    says(&line, &["'x'", "move 2 of 2"]);
}

#[test]
fn err_move_after_the_game_is_over() {
    let line = fails(&[
        "play",
        "kale",
        "--position",
        "1,0,0,0,0,0/0,0,0,0,0,0 S captured=5,3",
        "1",
    ]);
    says(&line, &["game is over"]);
    // Ended by a move: warri's four-or-fewer rule, then another move.
    let line = fails(&[
        "play",
        "warri",
        "--position",
        "0,0,0,1,0,1/0,0,0,0,2,2 S captured=21,22",
        "5",
        "1",
    ]);
    says(&line, &["game is over", "move 2 of 2"]);
}

#[test]
fn err_warri_move_that_does_not_feed() {
    // North has nothing; South's 1 (to 2, 3, 4) leaves him nothing while 6 feeds him.
    let line = fails(&[
        "play",
        "warri",
        "--position",
        "0,0,0,0,0,0/3,0,0,2,0,1 S",
        "1",
    ]);
    says(&line, &["illegal move '1'"]);
    // Oware's feeding rule alike.
    let line = fails(&[
        "play",
        "oware",
        "--position",
        "0,0,0,0,0,0/3,0,0,2,0,1 S",
        "4",
    ]);
    says(&line, &["illegal move '4'"]);
}

#[test]
fn err_oware_grand_slam_when_illegal() {
    // The default rules: "a move that would capture every seed the opponent has (a grand
    // slam) is not legal" (docs/RULES.md, oware).
    let line = fails(&[
        "play",
        "oware",
        "--position",
        "0,0,0,0,1,1/1,0,0,0,0,2 S",
        "6",
    ]);
    says(&line, &["illegal move '6'"]);
}

#[test]
fn err_unknown_variant() {
    let line = fails(&["start", "wari"]);
    says(&line, &["unknown variant 'wari'", "warri"]);
    fails(&["perft", "nope", "--depth", "1"]);
}

#[test]
fn err_unknown_rule_option() {
    let line = fails(&["play", "warri", "--rule", "nope=1"]);
    says(&line, &["'nope'", "chain"]);
    let line = fails(&["start", "kpo", "--rule", "chain=on"]);
    says(&line, &["'chain'", "kpo"]);
    // An option of another variant.
    let line = fails(&["moves", "kalah", "--rule", "grandslam=illegal"]);
    says(&line, &["'grandslam'"]);
}

#[test]
fn err_bad_rule_value() {
    let line = fails(&["play", "warri", "--rule", "chain=bogus"]);
    says(&line, &["'bogus'", "mixed", "uniform"]);
    let line = fails(&["play", "kale", "--rule", "chain"]);
    says(&line, &["name=value"]);
}

#[test]
fn err_width_zero() {
    let line = fails(&["start", "warri", "--width", "0"]);
    says(&line, &["width 0"]);
}

#[test]
fn err_width_nine() {
    let line = fails(&["start", "kalah", "--width", "9"]);
    says(&line, &["width 9"]);
    let line = fails(&["start", "kalah", "--width", "x"]);
    says(&line, &["'x'", "--width"]);
}

#[test]
fn err_seeds_zero() {
    let line = fails(&["start", "warri", "--seeds", "0"]);
    says(&line, &["seed count 0"]);
}

#[test]
fn err_seeds_too_many() {
    // 2 x 6 x 22 = 264 > 255.
    let line = fails(&["start", "warri", "--seeds", "22"]);
    says(&line, &["seed count 22", "255"]);
    let line = fails(&["start", "oware", "--width", "8", "--seeds", "16"]);
    says(&line, &["seed count 16"]);
    fails(&["start", "oware", "--seeds", "4294967296"]);
}

#[test]
fn err_not_analysed_variant() {
    let line = fails(&["moves", "kuyata"]);
    says(&line, &["kuyata"]);
    fails(&["play", "kuyata", "f1", "--json"]);
}

#[test]
fn err_unknown_subcommand() {
    let line = fails(&["solve-everything", "warri"]);
    says(&line, &["solve-everything"]);
}

#[test]
fn err_unknown_flag() {
    let line = fails(&["play", "warri", "--bogus"]);
    says(&line, &["--bogus"]);
}

#[test]
fn err_missing_depth() {
    // docs/NOTATION.md: "one line on stderr that says what was wrong and where": the line must name
    // the missing argument.
    let line = fails(&["perft", "warri"]);
    says(&line, &["--depth"]);
}

#[test]
fn err_missing_variant() {
    let line = fails(&["moves"]);
    says(&line, &["VARIANT"]);
}

// ---------------------------------------------------------------------------------------------
// solve, analyze, bench
// ---------------------------------------------------------------------------------------------

/// Final seed difference of the game after playing `pv` from `position`, seen from the side
/// to move at `position`; a line that stops before the end (a repetition: infinite play, worth
/// 0 from there) counts the seeds captured so far.
fn replay_margin(variant: &str, width: &str, position: &str, pv: &[String]) -> i64 {
    let mut args = vec!["play", variant, "--width", width, "--position", position];
    args.extend(pv.iter().map(String::as_str));
    args.push("--json");
    let end = json(&args);
    let root_side = position.split_whitespace().nth(1).unwrap();
    let other = if root_side == "S" { "N" } else { "S" };
    let score = if end["result"].is_null() {
        &end["captured"]
    } else {
        &end["result"]["score"]
    };
    score[root_side].as_i64().unwrap() - score[other].as_i64().unwrap()
}

#[test]
fn solve_json_keys_and_pv_replays() {
    for (variant, width, seeds) in [
        ("kalah", "3", "3"),
        ("oware", "3", "2"),
        ("warri", "3", "2"),
        ("kale", "2", "3"),
        ("kpo", "3", "2"),
    ] {
        let v = json(&[
            "solve",
            variant,
            "--width",
            width,
            "--seeds",
            seeds,
            "--threads",
            "1",
            "--json",
        ]);
        for key in [
            "variant",
            "position",
            "metric",
            "value",
            "best_move",
            "pv",
            "nodes",
            "seconds",
        ] {
            assert!(v.get(key).is_some(), "{variant}: key {key} missing in {v}");
        }
        assert_eq!(v["metric"], "margin");
        assert_eq!(v["exact"], true);
        assert_eq!(v["pv_complete"], true);
        let pv: Vec<String> = v["pv"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap().to_string())
            .collect();
        assert_eq!(v["best_move"].as_str(), pv.first().map(String::as_str));
        let position = v["position"].as_str().unwrap();
        assert_eq!(
            replay_margin(variant, width, position, &pv),
            v["value"].as_i64().unwrap(),
            "{variant} {width}x{seeds}: the pv does not replay to the value"
        );
    }
}

#[test]
fn solve_from_a_position_counts_captured_seeds() {
    // Humpidge's 16 from till 6 takes 10 at once; the value includes the 5 already captured.
    let v = json(&[
        "solve",
        "warri",
        "--position",
        "0,0,0,0,0,0/0,0,0,0,0,16 S captured=5,0",
        "--json",
    ]);
    assert_eq!(v["exact"], true);
    let pv: Vec<String> = v["pv"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .collect();
    assert_eq!(
        replay_margin("warri", "6", "0,0,0,0,0,0/0,0,0,0,0,16 S captured=5,0", &pv),
        v["value"].as_i64().unwrap()
    );
}

#[test]
fn solve_thread_count_does_not_change_the_answer() {
    let one = json(&[
        "solve",
        "kalah",
        "--width",
        "4",
        "--seeds",
        "2",
        "--threads",
        "1",
        "--json",
    ]);
    let two = json(&[
        "solve",
        "kalah",
        "--width",
        "4",
        "--seeds",
        "2",
        "--threads",
        "2",
        "--json",
    ]);
    for key in ["value", "best_move", "pv", "exact"] {
        assert_eq!(one[key], two[key], "{key}");
    }
}

#[test]
fn solve_depth_limited_is_not_exact() {
    let v = json(&["solve", "kalah", "--depth", "2", "--json"]);
    assert_eq!(v["exact"], false);
    assert_eq!(v["depth"], 2);
}

#[test]
fn analyze_values_every_move() {
    let a = json(&[
        "analyze",
        "kalah",
        "--position",
        "3,3,3,3/3,3,3,3 S stores=0,0",
        "--json",
    ]);
    let s = json(&[
        "solve",
        "kalah",
        "--position",
        "3,3,3,3/3,3,3,3 S stores=0,0",
        "--json",
    ]);
    let moves = a["moves"].as_object().unwrap();
    assert_eq!(moves.len(), 4);
    let best = moves.values().map(|v| v.as_i64().unwrap()).max().unwrap();
    assert_eq!(best, s["value"].as_i64().unwrap());
    assert_eq!(a["value"], s["value"]);
    let best_moves = a["best_moves"].as_array().unwrap();
    assert!(best_moves.contains(&s["best_move"]));
}

/// `analyze` probes the tables given with `--tablebases` and uses `--threads`: the values are
/// the same with or without tables and on one or two threads; a folder that is not there is
/// refused.
#[test]
fn analyze_with_tables_and_threads() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let out = mancala(&[
        "tablebase",
        "build",
        "kalah",
        "--width",
        "4",
        "--max-stones",
        "8",
        "--dir",
        d,
    ]);
    assert!(out.status.success());
    let pos = "3,3,3,3/3,3,3,3 S stores=0,0";
    let base = json(&[
        "analyze",
        "kalah",
        "--position",
        pos,
        "--threads",
        "1",
        "--json",
    ]);
    assert_eq!(base["moves"].as_object().unwrap().len(), 4);
    for threads in ["1", "2"] {
        for tables in [false, true] {
            let mut args = vec!["analyze", "kalah", "--position", pos, "--threads", threads];
            if tables {
                args.extend(["--tablebases", d]);
            }
            args.push("--json");
            let a = json(&args);
            assert_eq!(
                a["moves"], base["moves"],
                "threads {threads}, tables {tables}"
            );
            assert_eq!(a["value"], base["value"]);
        }
    }
    says(
        &fails(&["analyze", "kalah", "--tablebases", "/no/such/folder"]),
        &["/no/such/folder"],
    );
}

#[test]
fn bench_signature_is_deterministic() {
    let a = json(&["bench", "--json"]);
    let b = json(&["bench", "--json"]);
    assert_eq!(a["nodes"], b["nodes"]);
    assert!(a["nodes"].as_u64().unwrap() > 0);
    assert_eq!(a["positions"].as_array().unwrap().len(), 9);
}

#[test]
fn err_solve_bad_search_options() {
    says(
        &fails(&["solve", "kalah", "--threads", "0"]),
        &["--threads"],
    );
    says(&fails(&["solve", "kalah", "--tt-mb", "0"]), &["--tt-mb"]);
    says(&fails(&["solve", "kalah", "--depth", "0"]), &["--depth"]);
    says(&fails(&["analyze", "kalah", "--depth", "3"]), &["--depth"]);
    says(&fails(&["analyze", "kalah", "--time", "0"]), &["--time"]);
    says(
        &fails(&["solve", "kalah", "--threads", "x"]),
        &["--threads"],
    );
}

#[test]
fn err_sizes_past_the_memory_limit_are_refused_before_any_allocation() {
    // Under an address-space limit of 2 GiB, a 64 GiB table or a 64G bound cannot be had:
    // one line and exit status 2, never an abort.
    let limited = |args: &str| {
        let out = std::process::Command::new("sh")
            .arg("-c")
            .arg(format!("ulimit -v 2097152 && exec \"$0\" {args}"))
            .arg(env!("CARGO_BIN_EXE_mancala"))
            .env_remove("RUST_BACKTRACE")
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args}: {out:?}");
        assert!(out.stdout.is_empty());
        let err = String::from_utf8_lossy(&out.stderr).into_owned();
        assert_eq!(err.lines().count(), 1, "{err}");
        err
    };
    says(
        &limited("solve kalah --tt-mb 65536"),
        &["invalid --tt-mb 65536", "2048 MiB", "ulimit"],
    );
    says(
        &limited("solve isolo --memory 64G --time 1"),
        &["invalid --memory 64G", "2048 MiB"],
    );
    says(
        &limited("serve --port 0 --tt-mb 65536"),
        &["invalid --tt-mb 65536"],
    );
}

/// `analyze --time`: the moves not proven when the limit passes are null ("not proven"),
/// and the whole is marked not exact.
#[test]
fn analyze_time_limit_reports_unproven_moves() {
    let j = json(&[
        "analyze",
        "kalah",
        "--time",
        "0.3",
        "--threads",
        "1",
        "--json",
    ]);
    assert_eq!(j["exact"], false, "{j}");
    let moves = j["moves"].as_object().unwrap();
    assert_eq!(moves.len(), 6);
    assert!(moves.values().any(|v| v.is_null()), "{j}");
    let out = ok(&["analyze", "kalah", "--time", "0.3", "--threads", "1"]);
    assert!(out.contains("not proven"), "{out}");
    assert!(out.contains("time limit"), "{out}");
}

#[test]
fn solve_time_limit_reports_an_unproven_value() {
    // Kalah(6,6) cannot be proven in a tenth of a second: the last finished iteration is
    // reported, marked not exact, with a legal best move.
    let v = json(&[
        "solve",
        "kalah",
        "--seeds",
        "6",
        "--time",
        "0.1",
        "--threads",
        "1",
        "--json",
    ]);
    assert_eq!(v["exact"], false);
    let best = v["best_move"].as_str().unwrap();
    assert!(["1", "2", "3", "4", "5", "6"].contains(&best), "{best}");
    let line = fails(&["solve", "kalah", "--time", "0"]);
    assert!(line.contains("--time"), "{line}");
}

#[test]
fn captured_limit_counts_the_seeds_on_the_board() {
    // The audit's reproduction: 16777216 captured with 3 seeds on the board could print
    // 16777217, beyond the counter's limit; the position is refused, naming field and limit.
    let line = fails(&[
        "play",
        "warri",
        "--position",
        "0,0,0,0,1,1/1,0,0,0,0,0 S captured=16777216,0",
        "1",
    ]);
    says(
        &line,
        &["captured=16777216,0", "3 seeds on the board", "16777216"],
    );
    let line = fails(&[
        "moves",
        "kalah",
        "--position",
        "0,0,0,0,1,1/1,0,0,0,0,0 S stores=0,16777214",
    ]);
    says(&line, &["stores=0,16777214", "North", "16777216"]);
    // At the limit: accepted, and what play prints parses back (South's one seed captures
    // itself, his side is empty, North stores his two).
    let v = json(&[
        "play",
        "kalah",
        "--position",
        "0,0,0,0,1,1/1,0,0,0,0,0 S stores=16777213,16777213",
        "1",
        "--json",
    ]);
    let after = v["position"].as_str().unwrap();
    assert_eq!(after, "0,0,0,0,0,0/0,0,0,0,0,0 N stores=16777214,16777215");
    ok(&["moves", "kalah", "--position", after]);
    // A count too large for any counter says so (it is not "not a number").
    let line = fails(&[
        "moves",
        "warri",
        "--position",
        "4,4,4,4,4,4/4,4,4,4,4,4 S captured=4294967296,0",
    ]);
    says(&line, &["captured", "4294967296", "too large", "16777216"]);
}

/// `--threads` takes 1..=256 on every command that has it (a huge count would start that many
/// threads: `--threads 99999999999` would run until killed), and says so naming the option.
#[test]
fn err_threads_out_of_range_on_every_command() {
    let dir = std::env::temp_dir().join(format!("mancala-threads-range-{}", std::process::id()));
    let dir = dir.to_str().unwrap().to_string();
    let commands: [Vec<&str>; 6] = [
        vec![
            "solve", "warri", "--width", "2", "--seeds", "2", "--tt-mb", "8",
        ],
        vec!["analyze", "warri", "--width", "2", "--seeds", "1"],
        vec!["bench"],
        vec![
            "match", "warri", "--a", "random", "--b", "random", "--games", "2",
        ],
        vec!["report", "advantage", "--budget", "tiny", "--out", &dir],
        vec![
            "tablebase",
            "build",
            "warri",
            "--width",
            "2",
            "--max-stones",
            "2",
            "--dir",
            &dir,
        ],
    ];
    for cmd in &commands {
        for t in ["0", "257", "100000", "99999999999"] {
            let mut args = cmd.clone();
            args.extend(["--threads", t]);
            says(&fails(&args), &["--threads", t, "1..=256"]);
        }
        let mut args = cmd.clone();
        args.extend(["--threads", "256"]);
        if cmd[0] == "solve" {
            // The largest count is accepted (and gives the one-thread answer).
            let v = json(&[&args[..], &["--json"]].concat());
            let one = json(&[&cmd[..], &["--threads", "1", "--json"]].concat());
            assert_eq!(v["value"], one["value"]);
            assert_eq!(v["threads"], 256);
        }
    }
    assert!(!std::path::Path::new(&dir).exists(), "nothing written");
    let help = ok(&["solve", "--help"]);
    assert!(help.contains("1..=256"), "{help}");
}

/// A negative number given to an option names the option (not clap's "unexpected argument
/// '-1' found"), and `--time`'s error does not print 309 digits.
#[test]
fn err_negative_numbers_name_their_option() {
    for (args, opt) in [
        (&["solve", "warri", "--width", "-1"][..], "--width"),
        (&["solve", "warri", "--threads", "-1"], "--threads"),
        (&["solve", "warri", "--depth", "-1"], "--depth"),
        (&["solve", "warri", "--tt-mb", "-1"], "--tt-mb"),
        (&["solve", "warri", "--seeds", "-2"], "--seeds"),
        (&["perft", "warri", "--depth", "-1"], "--depth"),
        (&["bench", "--threads", "-3"], "--threads"),
        (
            &[
                "match", "warri", "--a", "random", "--b", "random", "--games", "-5",
            ],
            "--games",
        ),
        (
            &["tablebase", "build", "warri", "--max-stones", "-2"],
            "--max-stones",
        ),
    ] {
        let line = fails(args);
        says(&line, &[opt, "-", "not a positive number"]);
    }
    for t in ["-1", "-0.5", "0", "1e308", "-1e308", "inf", "NaN"] {
        let line = fails(&["solve", "warri", "--time", t]);
        says(&line, &["--time", "positive number of seconds"]);
        assert!(line.len() < 120, "{line}");
    }
}

/// `analyze` of a finished game gives its value, as `solve` does (not null).
#[test]
fn analyze_a_finished_game_gives_its_value() {
    let pos = "0,0,0,0,0,0/0,0,0,0,0,0 S captured=30,18";
    let a = json(&["analyze", "warri", "--position", pos, "--json"]);
    let s = json(&["solve", "warri", "--position", pos, "--json"]);
    assert_eq!(s["value"], 12);
    assert_eq!(a["value"], s["value"]);
    assert_eq!(a["moves"].as_object().unwrap().len(), 0);
}

/// A depth-limited solve names a best move but gives no principal variation (documented in
/// `--help`: the line is only built from proven values).
#[test]
fn solve_depth_limited_has_a_best_move_and_an_empty_pv() {
    let v = json(&[
        "solve", "kalah", "--width", "4", "--seeds", "3", "--depth", "2", "--json",
    ]);
    assert_eq!(v["exact"], false);
    assert!(v["best_move"].is_string(), "{v}");
    assert_eq!(v["pv"], serde_json::json!([]));
    assert_eq!(v["pv_complete"], false);
    let help = ok(&["solve", "--help"]);
    assert!(help.contains("principal variation is empty"), "{help}");
}

/// A rule option given twice is refused, naming it, rather than the last one silently winning.
#[test]
fn err_rule_option_given_twice() {
    let line = fails(&[
        "moves",
        "warri",
        "--rule",
        "chain=mixed",
        "--rule",
        "chain=uniform",
    ]);
    says(&line, &["chain", "twice"]);
    let line = fails(&[
        "moves",
        "mwambulula",
        "--rule",
        "resow=end",
        "--rule",
        "resow=end",
    ]);
    says(&line, &["resow", "twice"]);
}

/// An error names the input it refuses, quoting at most a fixed stretch of it with an
/// ellipsis, never all of a long value.
#[test]
fn errors_quote_long_input_short() {
    let long = "x".repeat(5000);
    let position = format!("{}/4,4 S", "4,".repeat(2500));
    let rule = format!("chain={long}");
    for args in [
        vec!["start", long.as_str()],
        vec!["moves", "warri", "--position", position.as_str()],
        vec!["moves", "warri", "--rule", rule.as_str()],
        vec!["solve", "kalah", "--memory", long.as_str()],
        vec!["match", "kalah", "--a", long.as_str(), "--b", "random"],
    ] {
        let line = fails(&args);
        let most = mancala_analysis::error::MAX_ERROR_LINE;
        assert!(line.chars().count() <= most, "{} chars: {line}", line.len());
        assert!(!line.contains(&"x".repeat(201)), "{line}");
    }
}
