//! Command-line tests of the four-row games: the commands work for all ten, and bad input
//! fails cleanly (exit status 2, one line on stderr, nothing on stdout).

use std::process::Command;

const FOUR_ROW: [&str; 10] = [
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
];

fn mancala(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(args)
        .output()
        .expect("runs")
}

fn ok(args: &[&str]) -> String {
    let o = mancala(args);
    assert!(
        o.status.success(),
        "mancala {args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8(o.stdout).unwrap()
}

fn fails(args: &[&str]) -> String {
    let o = mancala(args);
    let err = String::from_utf8(o.stderr).unwrap();
    assert_eq!(o.status.code(), Some(2), "mancala {args:?}: {err}");
    assert!(o.stdout.is_empty(), "mancala {args:?}: stdout not empty");
    assert_eq!(err.trim_end().lines().count(), 1, "mancala {args:?}: {err}");
    assert!(!err.contains("panicked"), "{err}");
    err
}

#[test]
fn every_command_works_for_every_variant() {
    for v in FOUR_ROW {
        let start = ok(&["start", v]);
        let text = start.trim();
        assert_eq!(text.split('/').count(), 4, "{v}: {text}");
        let shown = ok(&["show", v]);
        assert!(
            shown.contains("b1") && shown.contains("f1"),
            "{v}:\n{shown}"
        );
        let j: serde_json::Value = serde_json::from_str(&ok(&["moves", v, "--json"])).unwrap();
        let first = j["moves"][0].as_str().unwrap().to_string();
        let p: serde_json::Value =
            serde_json::from_str(&ok(&["play", v, &first, "--json"])).unwrap();
        assert_eq!(p["game_over"], false, "{v}");
        let n: serde_json::Value =
            serde_json::from_str(&ok(&["perft", v, "--depth", "2", "--json"])).unwrap();
        assert!(n["nodes"].as_u64().unwrap() > 0, "{v}");
        // The same position given as text.
        assert_eq!(ok(&["start", v, "--position", text]).trim(), text);
    }
}

#[test]
fn solve_gives_wdl_and_plies_on_a_reduced_board() {
    let j: serde_json::Value = serde_json::from_str(&ok(&[
        "solve",
        "chisolo",
        "--width",
        "3",
        "--seeds",
        "1",
        "--threads",
        "1",
        "--json",
    ]))
    .unwrap();
    assert_eq!(j["metric"], "wdl");
    let v = j["value"].as_i64().unwrap();
    assert!((-1..=1).contains(&v));
    let plies = j["plies"].as_u64().unwrap();
    assert_eq!(j["pv"].as_array().unwrap().len() as u64, plies);
}

#[test]
fn bad_input_fails_cleanly() {
    let e = fails(&["moves", "mulabalaba", "--position", "1,1/1,1/1,1 S"]);
    assert!(e.contains("rows"), "{e}");
    fails(&[
        "moves",
        "mulabalaba",
        "--position",
        "1,1,1/1,1,1/1,1,1/1,1 S",
    ]);
    fails(&[
        "moves",
        "mulabalaba",
        "--position",
        "1,1,1/1,1,1/1,x,1/1,1,1 S",
    ]);
    fails(&[
        "moves",
        "mulabalaba",
        "--position",
        "1,1,1/1,1,1/1,1,1/1,1,1 Q",
    ]);
    fails(&[
        "moves",
        "mulabalaba",
        "--position",
        "1,1,1/1,1,1/1,1,1/1,1,1 S stores=1,1",
    ]);
    fails(&[
        "moves",
        "kanotta",
        "--position",
        "2,2,2/2,2,2/2,2,2/2,2,2 N removed=1,0",
    ]);
    fails(&[
        "moves",
        "natatu",
        "--position",
        "2,2,2/2,2,2/2,2,2/2,2,2 S dir=up",
    ]);
    fails(&["play", "mulabalaba", "z9"]);
    fails(&["play", "mulabalaba", "f9"]);
    fails(&["play", "mulabalaba", "b1x(B1,B1)"]);
    fails(&["play", "mulabalaba", "store"]);
    fails(&["play", "kanotta", "b1"]);
    fails(&["play", "mwambulula", "f1"]);
    fails(&["start", "mwambulula", "--rule", "resow=sometimes"]);
    fails(&["start", "mulabalaba", "--rule", "resow=end"]);
    fails(&["start", "toka", "--width", "17"]);
    fails(&["start", "toka", "--width", "1"]);
    fails(&["start", "chisolo", "--seeds", "0"]);
    fails(&["start", "toka", "--width", "16", "--seeds", "9"]);
    fails(&[
        "solve",
        "mulabalaba",
        "--width",
        "3",
        "--tablebases",
        "/nonexistent",
    ]);
}
