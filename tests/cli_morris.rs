//! The command line of mulabalaba-morris: start, show, moves, play and perft in text and
//! JSON, and the refusals (bad position text, bad moves, options of other families, the
//! commands it has no solver for), each with exit status 2 and one line.

mod common;

use common::*;

const M: &str = "mulabalaba-morris";

#[test]
fn start_show_moves_play_and_perft() {
    assert_eq!(
        ok(&["start", M]).trim(),
        "......../......../........ S hand=12,12 captured=0,0"
    );
    assert_eq!(
        ok(&["start", M, "--counters", "3"]).trim(),
        "......../......../........ S hand=3,3 captured=0,0"
    );
    let drawn = ok(&["show", M]);
    assert!(drawn.starts_with("7 .-----------.-----------."), "{drawn}");
    assert!(drawn.contains("  a   b   c   d   e   f   g"), "{drawn}");
    assert_eq!(ok(&["moves", M]).split_whitespace().count(), 24);
    // A line of three removes a counter; the game goes on into the movement phase.
    assert_eq!(
        ok(&[
            "play",
            M,
            "--counters",
            "3",
            "a1",
            "d7",
            "a4",
            "g7",
            "a7xg7"
        ])
        .trim(),
        "SSSN..../......../........ N hand=0,1 captured=1,0"
    );
    let j = json(&[
        "play",
        M,
        "--counters",
        "3",
        "a1",
        "d7",
        "a4",
        "g7",
        "a7xg7",
        "--json",
    ]);
    assert_eq!(j["variant"], M);
    assert_eq!(j["counters"], 3);
    assert_eq!(j["captured"]["S"], 1);
    assert_eq!(j["game_over"], false);
    assert!(j.get("width").is_none(), "{j}");
    // North enters his last counter: he has two, and loses once every counter is entered.
    let over = json(&[
        "play",
        M,
        "--counters",
        "3",
        "a1",
        "d7",
        "a4",
        "g7",
        "a7xg7",
        "b2",
        "--json",
    ]);
    assert_eq!(over["game_over"], true);
    assert_eq!(over["result"]["winner"], "S");
    assert_eq!(
        ok(&["perft", M, "--counters", "3", "--depth", "4"]).trim(),
        "255024"
    );
    // The counters of a position given without --counters are its own.
    let p = "..S...../.SS.NN.N/........ S hand=0,0 captured=0,0";
    let m = ok(&["moves", M, "--position", p]);
    assert!(m.contains("a7-b2xf6"), "{m}");
    let d = json(&[
        "perft",
        M,
        "--position",
        p,
        "--depth",
        "1",
        "--divide",
        "--json",
    ]);
    assert_eq!(d["nodes"], 25);
    assert_eq!(d["divide"]["a7-g1"], 1);
}

#[test]
fn solve_proves_a_win_by_a_line_of_three() {
    // South's a7-b2 makes b2-b4-b6 and takes a North counter: North, left with two once every
    // counter is entered, loses at once.
    let j = json(&[
        "solve",
        M,
        "--position",
        "..S...../.SS.NN.N/........ S hand=0,0 captured=0,0",
        "--threads",
        "1",
        "--json",
    ]);
    assert_eq!(j["value"], 1);
    assert_eq!(j["exact"], true);
    assert_eq!(j["metric"], "wdl");
    assert!(
        j["best_move"].as_str().unwrap().starts_with("a7-b2x"),
        "{j}"
    );
}

#[test]
fn the_catalogue_lists_its_options() {
    let v = json(&["variants", "--json"]);
    let m = v["variants"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["id"] == M)
        .unwrap()
        .clone();
    assert_eq!(m["status"], "playable");
    let names: Vec<&str> = m["rules"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["protect", "blocked"]);
}

#[test]
fn bad_input_is_refused_with_one_line() {
    for (args, want) in [
        (&["start", M, "--counters", "2"][..], "invalid --counters 2"),
        (&["start", M, "--width", "6"][..], "takes no --width"),
        (&["start", M, "--seeds", "2"][..], "takes no --seeds"),
        (
            &["start", "kalah", "--counters", "3"][..],
            "kalah takes no --counters",
        ),
        (&["start", M, "--rule", "protect=maybe"][..], "protect"),
        (
            &["show", M, "--position", "......../........ S"][..],
            "has 3",
        ),
        (&["play", M, "a1", "a1"][..], "a1 is not empty"),
        (&["play", M, "d2-d3"][..], "to enter"),
        (&["play", M, "zz"][..], "invalid move 'zz'"),
        (&["solve", M][..], "the search handles 256"),
        (
            &["solve", M, "--counters", "3", "--tablebases", "x"][..],
            "no endgame tables",
        ),
        (&["analyze", M][..], "no analysis"),
        (
            &["match", M, "--a", "random", "--b", "random"][..],
            "no analysis",
        ),
        (
            &["tablebase", "build", M, "--max-stones", "3"][..],
            "no analysis",
        ),
    ] {
        let e = fails(args);
        assert!(e.contains(want), "{args:?}: {e}");
        assert_eq!(e.trim().lines().count(), 1, "{args:?}: {e}");
    }
}
