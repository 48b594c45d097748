//! The command line of isolo and isolo-ii: start, show, moves, play and perft in text and
//! JSON, the phases and size options, and the refusals (bad position text, bad moves and
//! arrangements, options of other families, the commands not served yet), each with exit
//! status 2 and one line.

mod common;

use common::*;

#[test]
fn isolo_start_show_moves_play_and_perft() {
    assert_eq!(
        ok(&["start", "isolo"]).trim(),
        "2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 S phase=fore store=-,-"
    );
    assert_eq!(
        ok(&["start", "isolo", "--width", "3", "--store", "2"]).trim(),
        "2,2,2/2,2,2 S phase=fore store=2,2"
    );
    assert_eq!(
        ok(&["start", "isolo", "--width", "4", "--phase", "main"]).trim(),
        "2,2,2,2/2,2,2,2 S phase=main"
    );
    let drawn = ok(&["show", "isolo", "--width", "3"]);
    assert!(drawn.contains("North     3   2   1"), "{drawn}");
    assert!(drawn.contains("South     1   2   3"), "{drawn}");
    assert_eq!(ok(&["moves", "isolo"]).trim(), "1 2 3 4 5 6 7 8");
    // Rule 7: the store seed added to g (hole 7) is sown from h: h and a.
    assert_eq!(
        ok(&[
            "play",
            "isolo",
            "--width",
            "8",
            "--position",
            "2,2,2,2,2,2,2,2/0,0,0,0,0,1,1,0 S phase=fore",
            "7"
        ])
        .trim(),
        "2,2,2,2,2,2,2,2/1,0,0,0,0,1,0,1 N phase=fore store=-,-"
    );
    // The fore-play decided: North's last seed taken, South arranges, then North begins.
    let set = ok(&[
        "play",
        "isolo",
        "--position",
        "0,1,0/1,1,0 S phase=fore",
        "1",
    ]);
    assert_eq!(set.trim(), "2,2,2/1,2,1 S phase=set");
    assert_eq!(
        ok(&["moves", "isolo", "--position", "2,2,2/1,2,1 S phase=set"])
            .split_whitespace()
            .count(),
        34
    );
    assert_eq!(
        ok(&[
            "play",
            "isolo",
            "--position",
            "2,2,2/1,2,1 S phase=set",
            "set(0,4,0)"
        ])
        .trim(),
        "2,2,2/0,4,0 N phase=main"
    );
    assert_eq!(
        ok(&[
            "play",
            "isolo",
            "--rule",
            "main-first=winner",
            "--position",
            "2,2,2/1,2,1 S phase=set",
            "set(0,4,0)"
        ])
        .trim(),
        "2,2,2/0,4,0 S phase=main"
    );
    let v = json(&[
        "perft", "isolo", "--width", "3", "--store", "1", "--depth", "3", "--json",
    ]);
    assert_eq!(v["depth"], 3);
    assert!(v["nodes"].as_u64().unwrap() > 0);
    let v = json(&["show", "isolo", "--width", "3", "--json"]);
    assert_eq!(v["position"], "2,2,2/2,2,2 S phase=fore store=-,-");
}

#[test]
fn isolo_ii_setup_then_play() {
    assert_eq!(
        ok(&["start", "isolo-ii", "--width", "2"]).trim(),
        "2,2/2,2/2,2/2,2 S phase=setup"
    );
    let drawn = ok(&["show", "isolo-ii", "--width", "2"]);
    assert!(drawn.contains("b2  b1"), "{drawn}");
    // 8 seeds over 4 holes: C(11, 3) arrangements.
    assert_eq!(
        ok(&["moves", "isolo-ii", "--width", "2"])
            .split_whitespace()
            .count(),
        165
    );
    let after = ok(&[
        "play",
        "isolo-ii",
        "--width",
        "2",
        "set(4,4,0,0)",
        "set(0,0,8,0)",
    ]);
    assert_eq!(after.trim(), "0,0/0,8/0,0/4,4 S phase=play");
    assert_eq!(
        ok(&["start", "isolo-ii", "--width", "3", "--phase", "play"]).trim(),
        "2,2,2/2,2,2/2,2,2/2,2,2 S phase=play"
    );
    assert_eq!(
        ok(&["moves", "isolo-ii", "--width", "3", "--phase", "play"])
            .split_whitespace()
            .count(),
        6
    );
}

#[test]
fn bad_input_is_refused_with_one_line() {
    says(
        &fails(&["moves", "isolo-ii"]),
        &["arrangements", "set(...)"],
    );
    says(
        &fails(&["perft", "isolo-ii", "--depth", "1"]),
        &["arrangements"],
    );
    says(
        &fails(&["start", "isolo", "--width", "2"]),
        &["--width 2", "3 to 16"],
    );
    says(
        &fails(&["start", "isolo", "--max-hole", "4"]),
        &["--max-hole"],
    );
    says(&fails(&["start", "isolo-ii", "--store", "4"]), &["--store"]);
    says(
        &fails(&["start", "isolo-ii", "--max-hole", "1"]),
        &["--max-hole 1"],
    );
    says(
        &fails(&["start", "isolo", "--phase", "setup"]),
        &["--phase setup", "fore or main"],
    );
    says(
        &fails(&["start", "isolo", "--phase", "later"]),
        &["--phase later"],
    );
    says(
        &fails(&["start", "warri", "--phase", "main"]),
        &["--phase", "Isolo"],
    );
    says(
        &fails(&["start", "isolo", "--counters", "3"]),
        &["--counters"],
    );
    says(
        &fails(&["start", "isolo", "--store", "70000"]),
        &["--store 70000"],
    );
    says(
        &fails(&["start", "isolo", "--rule", "main-first=nobody"]),
        &["main-first"],
    );
    says(
        &fails(&[
            "show",
            "isolo",
            "--position",
            "2,2,2/2,2,2 S phase=main store=1,1",
        ]),
        &["store", "fore-play"],
    );
    says(
        &fails(&[
            "show",
            "isolo",
            "--position",
            "2,2,2/2,2,2 S phase=fore store=0,1",
        ]),
        &["no fore-play move"],
    );
    says(
        &fails(&[
            "show",
            "isolo-ii",
            "--position",
            "2,2/2,2/2,2/2,2 S phase=fore",
        ]),
        &["phase='fore'"],
    );
    says(
        &fails(&[
            "play",
            "isolo",
            "--position",
            "2,2,2/1,2,1 S phase=set",
            "set(0,5,0)",
        ]),
        &["illegal move 'set(0,5,0)'", "1 to 4"],
    );
    says(
        &fails(&[
            "play",
            "isolo",
            "--position",
            "2,2,2/1,2,1 S phase=set",
            "2",
        ]),
        &["arranges"],
    );
    says(
        &fails(&["play", "isolo-ii", "--width", "2", "set(13,0,0,0)"]),
        &["illegal move", "at most 12 (--max-hole)"],
    );
    says(
        &fails(&[
            "play",
            "isolo-ii",
            "--width",
            "2",
            "--max-hole",
            "5",
            "set(6,2,0,0)",
        ]),
        &["at most 5"],
    );
    says(
        &fails(&["play", "isolo-ii", "--width", "2", "set(1,1,1,1)"]),
        &["holds 4 seeds", "has 8"],
    );
    says(
        &fails(&[
            "play",
            "isolo",
            "--width",
            "3",
            "--phase",
            "main",
            "--position",
            "2,2,2/0,2,2 S phase=main",
            "1",
        ]),
        &["hole 1 is empty"],
    );
    says(
        &fails(&["solve", "isolo", "--width", "3", "--tt-mb", "4"]),
        &["--tt-mb", "whole reachable graph"],
    );
    says(
        &fails(&["solve", "isolo", "--width", "3", "--memory", "1Q"]),
        &["--memory"],
    );
    says(
        &fails(&["match", "isolo", "--a", "perfect", "--b", "random"]),
        &["perfect engine", "isolo"],
    );
    says(
        &fails(&["tablebase", "build", "isolo", "--max-stones", "4"]),
        &["no endgame tables"],
    );
}

#[test]
fn solve_and_analyze_by_the_whole_graph() {
    // The 2x3 main game from two a hole: South's first hole takes North's whole row.
    let v = json(&[
        "solve", "isolo", "--width", "3", "--phase", "main", "--json",
    ]);
    assert_eq!(v["value"], 1);
    assert_eq!(v["plies"], 1);
    assert_eq!(v["best_move"], "1");
    assert_eq!(v["method"], "retrograde");
    // The fore-play with two store seeds each: South wins in 4 plies through the kucheleka.
    let v = json(&["solve", "isolo", "--width", "3", "--store", "2", "--json"]);
    assert_eq!(v["value"], 1);
    assert_eq!(v["plies"], 4);
    assert_eq!(v["pv"].as_array().unwrap().len(), 4);
    // Every arrangement of the winner's four seeds against the loser's 2,2,2 loses: the
    // loser moves first (main-first=loser) and wins at once.
    let a = json(&[
        "analyze",
        "isolo",
        "--position",
        "2,2,2/1,2,1 S phase=set",
        "--json",
    ]);
    assert_eq!(a["moves"].as_object().unwrap().len(), 34);
    assert_eq!(a["move_values"], serde_json::json!([0, 0, 34]));
    assert_eq!(a["value"], -1);
    let text = ok(&["analyze", "isolo", "--position", "2,2,2/1,2,1 S phase=set"]);
    assert!(text.contains("set(0,4,0)  -1 in 2 plies"), "{text}");
    let v = json(&[
        "solve", "isolo-ii", "--width", "2", "--seeds", "1", "--json",
    ]);
    assert_eq!(v["value"], 1);
    assert_eq!(v["plies"], 13);
}

#[test]
fn past_the_graph_the_distance_search_answers() {
    // A graph larger than --memory: the search proves the graph's value, distance and line.
    let by_graph = json(&[
        "solve", "isolo", "--width", "4", "--phase", "main", "--json",
    ]);
    let v = json(&[
        "solve", "isolo", "--width", "4", "--phase", "main", "--memory", "1M", "--json",
    ]);
    assert_eq!(v["method"], "search");
    assert_eq!(v["graph_positions"], serde_json::Value::Null);
    assert!(v["graph_refused"].as_str().unwrap().contains("more than"));
    for k in ["value", "plies", "pv", "best_move"] {
        assert_eq!(v[k], by_graph[k], "{k}");
    }
    assert_eq!(v["exact"], true);
    // --depth searches at once; the full-width main game from two a hole: South wins in 7.
    let v = json(&[
        "solve", "isolo", "--phase", "main", "--depth", "20", "--json",
    ]);
    assert_eq!(v["method"], "search");
    assert_eq!(v["graph_refused"], serde_json::Value::Null);
    assert_eq!(
        (v["value"].as_i64(), v["plies"].as_i64()),
        (Some(1), Some(7))
    );
    assert_eq!(v["pv"].as_array().unwrap().len(), 7);
    // Too little memory for the graph and for the search's memo: not proven, and why.
    let text = ok(&["solve", "isolo", "--width", "3", "--memory", "1K"]);
    assert!(
        text.contains("given up") && text.contains("its memo filled --memory"),
        "{text}"
    );
    // Too few plies: not proven, with the reason.
    let v = json(&[
        "solve", "isolo", "--phase", "main", "--depth", "3", "--json",
    ]);
    assert_eq!(v["value"], serde_json::Value::Null);
    assert_eq!(v["exact"], false);
    assert_eq!(v["searched_plies"], 3);
    let text = ok(&["solve", "isolo", "--phase", "main", "--depth", "3"]);
    assert!(
        text.contains("value unknown") && text.contains("within 3 plies"),
        "{text}"
    );
    // analyze by the search: every move proven, the graph's values.
    let by_graph = json(&[
        "analyze", "isolo", "--width", "4", "--phase", "main", "--json",
    ]);
    let a = json(&[
        "analyze", "isolo", "--width", "4", "--phase", "main", "--memory", "1M", "--json",
    ]);
    assert_eq!(a["method"], "search");
    for k in ["moves", "move_plies", "best_moves", "value"] {
        assert_eq!(a[k], by_graph[k], "{k}");
    }
}

#[test]
fn engines_play_both_games() {
    let v = json(&[
        "match",
        "isolo",
        "--width",
        "3",
        "--store",
        "3",
        "--a",
        "alphabeta:nodes=200",
        "--b",
        "random",
        "--games",
        "4",
        "--json",
    ]);
    assert_eq!(v["games"], 4);
    assert_eq!(v["ended"]["rules"], 4);
    let v = json(&[
        "match",
        "isolo-ii",
        "--width",
        "3",
        "--a",
        "mcts:iters=50",
        "--b",
        "random",
        "--games",
        "2",
        "--json",
    ]);
    assert_eq!(v["games"], 2);
}

/// The graph of a fore-play position holds tens of millions of positions (an arrangement of
/// millions of moves among them): `--time` stops it, and the whole command, well within a
/// few seconds of the limit (the clock is read within a position's moves too).
#[test]
fn the_graph_build_ends_with_its_time_limit() {
    let t0 = std::time::Instant::now();
    let j = json(&[
        "solve",
        "isolo",
        "--position",
        "0,2,3,3,3,3,1,0/0,2,0,0,2,2,0,1 N phase=fore store=-,-",
        "--time",
        "1",
        "--threads",
        "1",
        "--json",
    ]);
    assert_eq!(j["stopped"], "time limit", "{j}");
    assert_eq!(j["exact"], false, "{j}");
    let took = t0.elapsed();
    assert!(took < std::time::Duration::from_secs(5), "{took:?}");
}
