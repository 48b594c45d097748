//! End-to-end tests of `mancala <cmd> kpo --players 3|4` against docs/NOTATION-KPO-PLAYERS.md:
//! position text, move names, `--json` objects, matches, and bad input (exit status 2, one
//! line on stderr, never a panic).

mod common;
use common::*;

#[test]
fn start_and_show_say_whose_pits_are_whose() {
    assert_eq!(
        ok(&["start", "kpo", "--players", "3"]).trim(),
        "3,3,3,3,3,3/3,3,3,3,3,3 P1 captured=0,0,0"
    );
    assert_eq!(
        ok(&[
            "start",
            "kpo",
            "--players",
            "4",
            "--width",
            "4",
            "--seeds",
            "2"
        ])
        .trim(),
        "2,2,2,2/2,2,2,2 P1 captured=0,0,0,0"
    );
    let drawing = ok(&["show", "kpo", "--players", "3"]);
    // North's row as South sees it: P1's pits 4 and 3 above his pits 1 and 2.
    says(
        &drawing,
        &[
            "P1.4  P1.3  P2.4  P2.3  P3.4  P3.3",
            "P1.1  P1.2  P2.1  P2.2  P3.1  P3.2",
            "P1 to move",
        ],
    );
    let drawing = ok(&["show", "kpo", "--players", "4"]);
    says(
        &drawing,
        &[
            "P4.3  P4.2  P4.1  P3.3  P3.2  P3.1",
            "P1.1  P1.2  P1.3  P2.1  P2.2  P2.3",
        ],
    );
    let v = json(&["show", "kpo", "--players", "4", "--json"]);
    assert_eq!(v["players"], 4);
    assert_eq!(v["to_move"], "P1");
    assert_eq!(v["captured"]["P4"], 0);
}

#[test]
fn moves_play_and_the_end_of_a_game() {
    assert_eq!(
        ok(&["moves", "kpo", "--players", "3"]).trim(),
        "1+ccw 1+cw 2+ccw 2+cw 3+ccw 3+cw 4+ccw 4+cw"
    );
    // The squeeze: P1's pit 2 made 2, P2's pit 1 next to it holds 3.
    let p = "0,0,0,1,0,0/1,1,3,0,0,2 P1";
    assert_eq!(
        ok(&["play", "kpo", "--players", "3", "--position", p, "1+ccw"]).trim(),
        "0,0,0,1,0,0/0,0,0,0,0,2 P2 captured=5,0,0"
    );
    assert_eq!(
        ok(&[
            "play",
            "kpo",
            "--players",
            "3",
            "--rule",
            "squeeze=never",
            "--position",
            p,
            "1+ccw"
        ])
        .trim(),
        "0,0,0,1,0,0/0,0,3,0,0,2 P2 captured=2,0,0"
    );
    // A pass, and with empty=ends the end.
    let p = "0,0,0,0,0,1/1,0,0,0,0,0 P1";
    assert_eq!(
        ok(&["play", "kpo", "--players", "3", "--position", p, "1+cw"]).trim(),
        "1,0,0,0,0,1/0,0,0,0,0,0 P3 captured=0,0,0"
    );
    let v = json(&[
        "play",
        "kpo",
        "--players",
        "3",
        "--rule",
        "empty=ends",
        "--position",
        p,
        "1+cw",
        "--json",
    ]);
    assert_eq!(v["game_over"], true);
    assert_eq!(v["result"]["score"]["P1"], 1);
    assert_eq!(v["result"]["winner"], serde_json::Value::Null);
    assert_eq!(v["result"]["leaders"], serde_json::json!(["P1", "P3"]));
    let out = ok(&[
        "play",
        "kpo",
        "--players",
        "3",
        "--rule",
        "empty=ends",
        "--position",
        p,
        "1+cw",
    ]);
    says(&out, &["game over: P1 and P3 share the lead"]);
}

#[test]
fn perft_agrees_with_the_golden_files() {
    let v = json(&["perft", "kpo", "--players", "3", "--depth", "5", "--json"]);
    assert_eq!(v["nodes"], 24672);
    let v = json(&[
        "perft",
        "kpo",
        "--players",
        "4",
        "--width",
        "4",
        "--depth",
        "4",
        "--divide",
        "--json",
    ]);
    let parts: u64 = v["divide"]
        .as_object()
        .unwrap()
        .values()
        .map(|x| x.as_u64().unwrap())
        .sum();
    assert_eq!(parts, v["nodes"].as_u64().unwrap());
}

#[test]
fn solve_gives_the_exact_values_of_a_tiny_board() {
    let v = json(&[
        "solve",
        "kpo",
        "--players",
        "3",
        "--width",
        "3",
        "--seeds",
        "1",
        "--json",
    ]);
    assert_eq!(v["paranoid_shares"], serde_json::json!([9, 6, 0]));
    assert_eq!(v["graph_positions"], 87);
    assert_eq!(v["maxn"]["first"]["shares"], serde_json::json!([9, 6, 3]));
    let text = ok(&[
        "solve",
        "kpo",
        "--players",
        "4",
        "--width",
        "2",
        "--seeds",
        "3",
    ]);
    says(
        &text,
        &[
            "paranoid values",
            "P3 3",
            "max^n, ties hurt-next: P1 0, P2 2, P3 5, P4 5",
        ],
    );
}

#[test]
fn a_match_plays_every_seat_order() {
    let v = json(&[
        "match",
        "kpo",
        "--players",
        "3",
        "--engines",
        "greedy,random,mcts:iters=20,c=1",
        "--games",
        "7",
        "--json",
    ]);
    assert_eq!(v["games"], 12, "rounded up to every seat order twice");
    assert_eq!(v["engines"][2], "mcts:iters=20:c=1");
    let seats = v["by_seat"].as_array().unwrap();
    assert_eq!(seats.len(), 3);
    let total: f64 = seats.iter().map(|s| s["score"].as_f64().unwrap()).sum();
    assert!((total - 36.0).abs() < 1e-9, "{total}");
    // The same match twice, on other thread counts: the same numbers.
    let again = json(&[
        "match",
        "kpo",
        "--players",
        "3",
        "--engines",
        "greedy,random,mcts:iters=20,c=1",
        "--games",
        "7",
        "--json",
        "--threads",
        "1",
    ]);
    assert_eq!(again["by_engine"], v["by_engine"]);
}

#[test]
fn bad_input_is_refused_in_one_line() {
    let cases: &[(&[&str], &[&str])] = &[
        (
            &["start", "kpo", "--players", "5"],
            &["--players 5", "2, 3 or 4"],
        ),
        (&["start", "warri", "--players", "3"], &["only kpo"]),
        (
            &["start", "kpo", "--players", "3", "--width", "4"],
            &["--width 4", "3 or 6"],
        ),
        (
            &["start", "kpo", "--players", "4", "--width", "5"],
            &["--width 5", "2, 4, 6 or 8"],
        ),
        (
            &["start", "kpo", "--players", "3", "--seeds", "0"],
            &["--seeds 0"],
        ),
        (
            &[
                "start",
                "kpo",
                "--players",
                "3",
                "--rule",
                "squeeze=sometimes",
            ],
            &["squeeze", "mixed, always, never"],
        ),
        (
            &["start", "kpo", "--players", "3", "--rule", "chain=on"],
            &["unknown rule option 'chain'"],
        ),
        (
            &[
                "start",
                "kpo",
                "--players",
                "3",
                "--rule",
                "empty=ends",
                "--rule",
                "empty=passes",
            ],
            &["given twice"],
        ),
        (
            &[
                "moves",
                "kpo",
                "--players",
                "3",
                "--position",
                "3,3,3,3,3,3/3,3,3 P1",
            ],
            &["row 2 has 3 pits, expected 6"],
        ),
        (
            &[
                "moves",
                "kpo",
                "--players",
                "3",
                "--position",
                "3,3,3,3,3,3/3,3,3,3,3,3 P4",
            ],
            &["'P4'", "P1..P3"],
        ),
        (
            &[
                "moves",
                "kpo",
                "--players",
                "3",
                "--position",
                "3,3,3,3,3,3/3,3,3,3,3,3 S",
            ],
            &["'S'"],
        ),
        (
            &[
                "moves",
                "kpo",
                "--players",
                "4",
                "--position",
                "3,3,3,3,3,3/3,3,3,3,3,3 P1 captured=0,0,0",
            ],
            &["4 counts"],
        ),
        (
            &[
                "moves",
                "kpo",
                "--players",
                "3",
                "--position",
                "3,3,3,3,3,3/3,3,3,3,3,3 P1 stores=0,0",
            ],
            &["unknown field 'stores'"],
        ),
        (
            &["play", "kpo", "--players", "3", "5+ccw"],
            &["'5+ccw'", "pits 1..4"],
        ),
        (
            &["play", "kpo", "--players", "3", "1"],
            &["'1'", "direction"],
        ),
        (&["play", "kpo", "--players", "3", "1+up"], &["'1+up'"]),
        (
            &[
                "play",
                "kpo",
                "--players",
                "3",
                "--position",
                "0,0,0,0,0,1/1,0,0,0,0,0 P1",
                "2+ccw",
            ],
            &["P1's pit 2 is empty"],
        ),
        (
            &["play", "kpo", "--players", "3", "1+ccw", "1+ccw", "9+cw"],
            &["move 3 of 3"],
        ),
        (&["analyze", "kpo", "--players", "3"], &["analyze"]),
        (
            &["solve", "kpo", "--players", "3", "--depth", "3"],
            &["--depth"],
        ),
        (
            &[
                "match",
                "kpo",
                "--players",
                "3",
                "--a",
                "random",
                "--b",
                "random",
            ],
            &["--engines"],
        ),
        (
            &[
                "match",
                "kpo",
                "--players",
                "3",
                "--engines",
                "random,random",
            ],
            &["2 engines", "needs 3"],
        ),
        (
            &[
                "match",
                "kpo",
                "--players",
                "4",
                "--engines",
                "random,alphabeta,random,random",
            ],
            &["unknown engine 'alphabeta'"],
        ),
        (
            &["match", "kpo", "--engines", "random,random"],
            &["--engines is for kpo with --players 3 or 4"],
        ),
    ];
    for (args, parts) in cases {
        let line = fails(args);
        says(&line, parts);
    }
}

#[test]
fn two_players_are_untouched() {
    assert_eq!(
        ok(&["start", "kpo", "--players", "2"]).trim(),
        ok(&["start", "kpo"]).trim()
    );
    assert_eq!(
        ok(&["start", "kpo"]).trim(),
        "4,4,4,4,4,4/4,4,4,4,4,4 S captured=0,0"
    );
    let v = json(&["variants", "--json"]);
    let kpo = v["variants"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["id"] == "kpo")
        .unwrap();
    assert_eq!(kpo["players"]["counts"], serde_json::json!([2, 3, 4]));
}
