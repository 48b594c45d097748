//! Command-line tests of the four-row games: the commands work for all ten, and bad input
//! fails cleanly (exit status 2, one line on stderr, nothing on stdout).

mod common;
use common::*;

use std::process::Command;

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

/// A fresh folder under the target directory (no extra dependency).
fn scratch(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("mancala-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

#[test]
fn tablebases_build_probe_verify_and_solve() {
    let dir = scratch("ftb");
    let d = dir.to_str().unwrap();
    let base = ["--width", "2", "--dir", d];
    let b: serde_json::Value = serde_json::from_str(&ok(&[
        &[
            "tablebase",
            "build",
            "chisolo",
            "--max-stones",
            "5",
            "--json",
        ][..],
        &base[..],
    ]
    .concat()))
    .unwrap();
    assert_eq!(b["slices"].as_array().unwrap().len(), 21);
    assert_eq!(b["metric"], "wdl");
    assert!(ok(&["tablebase", "verify", "--dir", d]).starts_with("ok: 21 files"));
    // A position with 5 seeds on the board: probe, and solve with and without the tables.
    let pos = "1,1/0,0/1,1/0,1 S captured=10,9";
    let p: serde_json::Value = serde_json::from_str(&ok(&[
        &["tablebase", "probe", "chisolo", "--position", pos, "--json"][..],
        &base[..],
    ]
    .concat()))
    .unwrap();
    // `solve` or `analyze` of `pos`, with `extra` options.
    let run = |cmd: &str, extra: &[&str]| -> serde_json::Value {
        let args = [&[cmd, "chisolo", "--position", pos, "--json"][..], extra].concat();
        serde_json::from_str(&ok(&args)).unwrap()
    };
    let plain = run("solve", &[]);
    let with = run("solve", &["--tablebases", d]);
    assert_eq!(p["value"], plain["value"]);
    assert_eq!(p["plies"], plain["plies"]);
    assert_eq!(with["value"], plain["value"]);
    assert_eq!(with["plies"], plain["plies"]);
    assert_eq!(
        with["pv"].as_array().map(|v| v.len() as u64),
        plain["plies"].as_u64()
    );
    // `analyze` probes the same tables: the same value for every move.
    let a_plain = run("analyze", &[]);
    assert!(!a_plain["moves"].as_object().unwrap().is_empty());
    assert_eq!(
        run("analyze", &["--tablebases", d])["moves"],
        a_plain["moves"]
    );
    assert_eq!(a_plain["value"], plain["value"]);
    // `match` plays the perfect engine from the same tables.
    let m: serde_json::Value = serde_json::from_str(&ok(&[
        "match",
        "chisolo",
        "--position",
        pos,
        "--a",
        "perfect",
        "--b",
        "random",
        "--games",
        "2",
        "--tablebases",
        d,
        "--json",
    ]))
    .unwrap();
    assert_eq!(m["games"], 2);
    // Stats: the slices of 5 seeds; with no seed, the mover has lost in 0.
    let st = ok(&[
        &["tablebase", "stats", "chisolo", "--stones", "5"][..],
        &base[..],
    ]
    .concat());
    assert_eq!(st.lines().count(), 6, "{st}");
    assert!(st.starts_with("m=0 o=5  win 0 draw 0 loss "), "{st}");
    // A damaged file is refused, by name, with exit status 2.
    let f = dir.join("chisolo-default-w2-m3-o2.ftb");
    let mut bytes = std::fs::read(&f).unwrap();
    let n = bytes.len();
    bytes[n - 1] ^= 1;
    std::fs::write(&f, bytes).unwrap();
    let err = fails(&["tablebase", "verify", "--dir", d]);
    assert!(err.contains("chisolo-default-w2-m3-o2.ftb"), "{err}");
    assert!(err.contains("checksum"), "{err}");
    let err = fails(&["solve", "chisolo", "--position", pos, "--tablebases", d]);
    assert!(err.contains("chisolo-default-w2-m3-o2.ftb"), "{err}");
    let err = fails(&["analyze", "chisolo", "--position", pos, "--tablebases", d]);
    assert!(err.contains("chisolo-default-w2-m3-o2.ftb"), "{err}");
    let err = fails(&[
        "match",
        "chisolo",
        "--position",
        pos,
        "--a",
        "perfect",
        "--b",
        "random",
        "--tablebases",
        d,
    ]);
    assert!(err.contains("chisolo-default-w2-m3-o2.ftb"), "{err}");
    // Tables of another width are not these.
    let err = fails(&[
        "solve",
        "chisolo",
        "--width",
        "3",
        "--seeds",
        "1",
        "--tablebases",
        d,
    ]);
    assert!(err.contains("holds no tables of chisolo"), "{err}");
    // Games whose captures are re-sown have no tables.
    fails(
        &[
            &["tablebase", "build", "mwambulula", "--max-stones", "2"][..],
            &base[..],
        ]
        .concat(),
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn rule_options_for_the_open_readings() {
    // kabwanga ahead=circuit|front (docs/variants/kabwanga.md, rule 8).
    let p = "1,1,1/1,1,1/0,0,0/1,0,3 S captured=0,0";
    let circuit = ok(&["play", "kabwanga", "--position", p, "b1"]);
    assert!(
        circuit.contains("0,1,1/0,1,1/1,1,1/0,1,0 N captured=2,0"),
        "{circuit}"
    );
    let front = ok(&[
        "play",
        "kabwanga",
        "--position",
        p,
        "b1",
        "--rule",
        "ahead=front",
    ]);
    assert!(
        front.contains("1,1,1/1,1,1/0,0,0/0,1,3 N captured=0,0"),
        "{front}"
    );
    // chisolo-ii capture=must|may: the choices are named.
    let p = "0,2,0/0,1,0/0,1,1/0,0,0 S";
    assert_eq!(ok(&["moves", "chisolo-ii", "--position", p]).trim(), "f3");
    let may = ok(&[
        "moves",
        "chisolo-ii",
        "--position",
        p,
        "--rule",
        "capture=may",
    ]);
    assert_eq!(may.trim(), "f3:c f3:r");
    let r = ok(&[
        "play",
        "chisolo-ii",
        "--position",
        p,
        "--rule",
        "capture=may",
        "f3:r",
    ]);
    assert!(r.contains("0,2,0/0,1,0/1,0,0/1,0,0 N"), "{r}");
    let e = fails(&["play", "chisolo-ii", "--position", p, "f3:r"]);
    assert!(e.contains("capture=may"), "{e}");
    // possible=legal|board (docs/DECISIONS-FOUR-ROW.md, point 3).
    let p = "0,9/9,1/0,1/0,1 S";
    assert_eq!(ok(&["moves", "chisolo-ii", "--position", p]).trim(), "f2");
    let board = ok(&[
        "moves",
        "chisolo-ii",
        "--position",
        p,
        "--rule",
        "possible=board",
    ]);
    assert_eq!(board.trim(), "");
    // Listed with their values and defaults.
    let v = ok(&["variants", "--json"]);
    for needle in [
        "\"name\":\"ahead\"",
        "\"name\":\"capture\"",
        "\"name\":\"possible\"",
        "\"default\":\"circuit\"",
        "\"default\":\"must\"",
        "\"default\":\"legal\"",
    ] {
        assert!(v.contains(needle), "{needle} missing");
    }
    fails(&["start", "chisolo-ii", "--rule", "capture=sometimes"]);
    fails(&["start", "mulabalaba", "--rule", "ahead=front"]);
    fails(&["start", "natatu", "--rule", "possible=board"]);
    // capture=may allows more moves than the alpha-beta search numbers: solve proves by the
    // proof-number search, or by the whole-graph retrograde analysis when asked, and both
    // agree (the plies and the line from the whole graph).
    let p = "0,2,0/0,1,0/0,1,1/0,0,0 S";
    for (method, name) in [("auto", "proof-number"), ("graph", "retrograde")] {
        let s = ok(&[
            "solve",
            "chisolo-ii",
            "--position",
            p,
            "--rule",
            "capture=may",
            "--method",
            method,
            "--json",
        ]);
        assert!(s.contains(&format!("\"method\":\"{name}\"")), "{s}");
        assert!(s.contains("\"value\":1"), "{s}");
        assert!(s.contains("\"plies\":1"), "{s}");
        assert!(s.contains("\"best_move\":\"f3:c\""), "{s}");
    }
    let e = fails(&[
        "solve",
        "chisolo-ii",
        "--position",
        p,
        "--rule",
        "capture=may",
        "--depth",
        "3",
    ]);
    assert!(e.contains("256"), "{e}");
}

/// The removal games count captured seeds in 16 bits: `captured=` is refused unless each count
/// plus every seed on the board fits (65535), so no later capture can wrap the counter; near the
/// limit the count is exact and the text printed parses back.
#[test]
fn captured_counts_leave_room_for_every_seed_on_the_board() {
    // The eight removal games (chisolo-ii re-sows its captures; mwambulula has stores).
    for v in FOUR_ROW
        .into_iter()
        .filter(|v| !matches!(*v, "chisolo-ii" | "mwambulula"))
    {
        for c in ["65535,0", "0,65528", "65535,65535"] {
            let p = format!("1,1/1,1/1,1/1,1 S captured={c}");
            let e = fails(&["moves", v, "--position", &p]);
            assert!(
                e.contains("captured") && e.contains("65535") && e.contains("8 seeds on the board"),
                "{v} {c}: {e}"
            );
        }
        ok(&[
            "moves",
            v,
            "--position",
            "1,1/1,1/1,1/1,1 S captured=65527,65527",
        ]);
    }
    // The audit's reproduction, at the limit: South captures four of the eight seeds.
    let j: serde_json::Value = serde_json::from_str(&ok(&[
        "play",
        "mulabalaba",
        "--position",
        "1,1/1,1/1,1/1,1 S captured=65527,0",
        "b2",
        "b2",
        "f2",
        "--json",
    ]))
    .unwrap();
    assert_eq!(j["captured"]["S"], 65531, "{j}");
    let after = j["position"].as_str().unwrap();
    assert!(after.contains("captured=65531,0"), "{after}");
    ok(&["moves", "mulabalaba", "--position", after]);
    // A number too large for any counter says so.
    let e = fails(&[
        "moves",
        "mulabalaba",
        "--position",
        "1,1/1,1/1,1/1,1 S captured=4294967296,0",
    ]);
    assert!(e.contains("too large") && e.contains("65535"), "{e}");
}

/// docs/NOTATION.md: every variant with captures or stores accepts `captured=`. In mwambulula the
/// seeds off the board are those in the stores, so `captured=` is another name for `stores=`
/// (as in kalah); chisolo-ii never takes a seed off the board and has neither field.
#[test]
fn mwambulula_accepts_captured_as_its_stores() {
    let p = "2,2,2/0,0,0/0,0,0/2,2,2 S captured=0,0";
    let a = ok(&["start", "mwambulula", "--position", p]);
    assert_eq!(a.trim(), "2,2,2/0,0,0/0,0,0/2,2,2 S stores=0,0 emptied=0,0");
    ok(&["moves", "mwambulula", "--position", p]);
    let b = ok(&[
        "start",
        "mwambulula",
        "--position",
        "2,2,2/0,0,0/0,0,0/2,2,2 S captured=3,4",
    ]);
    assert_eq!(b.trim(), "2,2,2/0,0,0/0,0,0/2,2,2 S stores=3,4 emptied=0,0");
    ok(&[
        "start",
        "mwambulula",
        "--position",
        "2,2,2/0,0,0/0,0,0/2,2,2 S stores=3,4 captured=3,4",
    ]);
    let e = fails(&[
        "start",
        "mwambulula",
        "--position",
        "2,2,2/0,0,0/0,0,0/2,2,2 S stores=3,4 captured=4,3",
    ]);
    assert!(e.contains("stores"), "{e}");
    let e = fails(&[
        "start",
        "mwambulula",
        "--position",
        "2,2,2/0,0,0/0,0,0/2,2,2 S captured=300,0",
    ]);
    assert!(e.contains("too large") && e.contains("255"), "{e}");
    // The JSON "captured" of mwambulula is its stores, and the same text parses back.
    let j: serde_json::Value = serde_json::from_str(&ok(&[
        "play",
        "mwambulula",
        "--position",
        "2,2,2/0,0,0/0,0,0/2,2,2 S captured=3,4",
        "store",
        "--json",
    ]))
    .unwrap();
    assert_eq!(j["captured"], serde_json::json!({"S": 0, "N": 4}), "{j}");
    fails(&[
        "moves",
        "chisolo-ii",
        "--position",
        "2,2,2/2,2,2/2,2,2/2,2,2 S captured=0,0",
    ]);
}

/// Solves `pos` (mulabalaba 3x2) and checks that the answer is one consistent result: the
/// best move is the first of the line, the line played with `play` ends the game in `plies`
/// plies with the reported value, and the best move's child is worth the opposite value in
/// one ply fewer. Returns the solve's object.
fn solve_consistent(pos: &str, extra: &[&str]) -> serde_json::Value {
    let mut args = vec!["solve", "mulabalaba", "--position", pos, "--json"];
    args.extend(extra);
    let j = json(&args);
    assert_eq!(j["exact"], true, "{j}");
    let plies = j["plies"].as_u64().unwrap_or_else(|| panic!("plies: {j}"));
    let pv: Vec<&str> = j["pv"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    assert_eq!(j["pv_complete"], true, "{j}");
    assert_eq!(
        pv.len() as u64,
        plies,
        "the line is as long as the plies: {j}"
    );
    assert_eq!(j["best_move"].as_str(), pv.first().copied(), "{j}");
    let mover = ok(&["play", "mulabalaba", "--position", pos, "--json"]);
    let mover: serde_json::Value = serde_json::from_str(&mover).unwrap();
    let mover = mover["to_move"].as_str().unwrap().to_string();
    let mut play = vec!["play", "mulabalaba", "--position", pos, "--json"];
    play.extend(&pv);
    let end = json(&play);
    assert_eq!(end["game_over"], true, "the line ends the game: {end}");
    let winner = end["result"]["winner"].as_str();
    match j["value"].as_i64().unwrap() {
        1 => assert_eq!(winner, Some(mover.as_str()), "{end}"),
        -1 => assert!(winner.is_some() && winner != Some(mover.as_str()), "{end}"),
        v => panic!("value {v}"),
    }
    // The best move's child: the opposite value, one ply fewer.
    let child = ok(&["play", "mulabalaba", "--position", pos, pv[0]]);
    let mut args = vec!["solve", "mulabalaba", "--position", child.trim(), "--json"];
    args.extend(extra);
    let c = json(&args);
    assert_eq!(c["value"].as_i64(), j["value"].as_i64().map(|v| -v), "{c}");
    assert_eq!(c["plies"].as_u64(), Some(plies - 1), "{c}");
    j
}

/// A graph too large for the whole-graph analysis (`graph_positions` null): the best move,
/// the line and the plies come from one analysis, the depth-limited count of plies (the
/// search's own line wins, but not soonest: its best move b2 gives a game of 24 plies): the
/// fastest win, f1, whose line `play` replays to the end in 7 plies; and the loser's slowest
/// loss likewise. Same on one and two threads.
#[test]
fn solve_best_move_line_and_plies_agree_when_the_graph_is_too_big() {
    let root = "1,1,0/0,1,2/1,2,3/3,1,0 S";
    let j = solve_consistent(root, &["--threads", "1", "--tt-mb", "4"]);
    assert_eq!(j["graph_positions"], serde_json::Value::Null, "{j}");
    assert_eq!(j["value"], 1);
    assert_eq!(j["plies"], 7);
    assert_eq!(j["best_move"], "f1");
    let two = json(&[
        "solve",
        "mulabalaba",
        "--position",
        root,
        "--threads",
        "2",
        "--tt-mb",
        "4",
        "--json",
    ]);
    for k in ["value", "plies", "best_move", "pv"] {
        assert_eq!(two[k], j[k], "{k}");
    }
    // A loss: the loser's line is the slowest.
    let j = solve_consistent(
        "1,0,0/0,0,2/1,1,5/1,0,2 N captured=2,0",
        &["--threads", "1", "--tt-mb", "4"],
    );
    assert_eq!(j["value"], -1);
    assert_eq!(j["plies"], 6);
}

/// Peak resident memory (KiB) of a run of `mancala` (Linux: sampled from /proc).
#[cfg(target_os = "linux")]
fn peak_kib(args: &[&str]) -> (u64, std::time::Duration, std::process::ExitStatus) {
    let t0 = std::time::Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(args)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("runs");
    let mut peak = 0;
    loop {
        if let Ok(s) = std::fs::read_to_string(format!("/proc/{}/status", child.id())) {
            if let Some(l) = s.lines().find(|l| l.starts_with("VmHWM:")) {
                let kib: u64 = l.split_whitespace().nth(1).unwrap().parse().unwrap();
                peak = peak.max(kib);
            }
        }
        if let Some(status) = child.try_wait().unwrap() {
            return (peak, t0.elapsed(), status);
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
}

/// The count of plies after the search keeps to `--tt-mb` (3,000,000 positions whatever
/// `--tt-mb` says would be 527 MB with `--tt-mb 4`) and to `--time` (it stops and says so; a
/// count that ignored it would run 12 s with `--time 2`).
#[cfg(target_os = "linux")]
#[test]
fn solve_four_row_keeps_to_tt_mb_and_time() {
    let root = "1,1,0/0,1,2/1,2,3/3,1,0 S";
    let (kib, _, status) = peak_kib(&[
        "solve",
        "mulabalaba",
        "--position",
        root,
        "--threads",
        "1",
        "--tt-mb",
        "4",
    ]);
    assert!(status.success());
    assert!(kib < 64 << 10, "peak {kib} KiB with --tt-mb 4");
    let t0 = std::time::Instant::now();
    let j = json(&[
        "solve",
        "mulabalaba",
        "--position",
        root,
        "--threads",
        "1",
        "--tt-mb",
        "64",
        "--time",
        "0.5",
        "--json",
    ]);
    let secs = t0.elapsed().as_secs_f64();
    assert!(secs < 4.0, "--time 0.5 took {secs} s");
    // Whatever was finished in time is reported as such, and nothing else.
    if j["exact"] == true && j["plies"].is_null() {
        assert_eq!(j["plies_stopped"], "time limit", "{j}");
    }
    if !j["plies"].is_null() {
        assert_eq!(
            j["pv"].as_array().unwrap().len() as u64,
            j["plies"].as_u64().unwrap()
        );
    }
}

/// `--time` is a ceiling on the widest boards too, where one node of the proof search can
/// take milliseconds: the search reads the clock by time, not every so many nodes (a
/// generous margin for a loaded machine; the speed itself is in the benches).
#[cfg(target_os = "linux")]
#[test]
fn solve_keeps_to_time_on_a_wide_board() {
    for method in ["auto", "proof"] {
        let args = [
            "solve", "nakabili", "--width", "16", "--time", "1", "--method", method,
        ];
        let (_, took, status) = peak_kib(&args);
        assert!(status.success(), "{method}: {status}");
        let secs = took.as_secs_f64();
        assert!(secs < 4.0, "{method}: --time 1 took {secs} s");
    }
}

/// Four-row `analyze` of a finished game gives the value `solve` gives (−1: the mover has
/// no move and has lost), not null.
#[test]
fn analyze_a_finished_four_row_game_gives_its_value() {
    let pos = "0,0,0/0,0,0/1,0,6/0,0,0 N captured=5,3";
    let a = json(&["analyze", "mulabalaba", "--position", pos, "--json"]);
    let s = json(&["solve", "mulabalaba", "--position", pos, "--json"]);
    assert_eq!(s["value"], -1);
    assert_eq!(a["value"], s["value"]);
    assert_eq!(s["plies"], 0);
}

const C00: &str = "chisolo-default-w2-m0-o0.ftb";

/// The commands that read a folder of chisolo 4x2 tables ([`table_readers`]).
fn chisolo_readers(dir: &str) -> Vec<Vec<&str>> {
    let pos = "1,1/0,0/1,0/0,0 S";
    table_readers(
        dir,
        &["chisolo", "--width", "2"],
        ["--max-stones", "3"],
        pos,
    )
}

/// A build keeps the slices it finds only once they pass the checks every reader makes: a
/// file under another slice's name, or whose header claims other seeds than its name (its
/// checksums recomputed), is refused by the build as by `info`, `verify`, `probe` and
/// `solve`, by name and reason.
#[test]
fn a_build_refuses_a_kept_slice_whose_header_is_not_its_name() {
    let d = tempfile::tempdir().unwrap();
    let dir = d.path().to_str().unwrap();
    ok(&chisolo_readers(dir)[0]);
    let f = d.path().join(C00);
    let good = std::fs::read(&f).unwrap();
    // The slice m=0 o=1 under the name of m=0 o=0.
    std::fs::copy(d.path().join("chisolo-default-w2-m0-o1.ftb"), &f).unwrap();
    all_refuse(
        dir,
        &chisolo_readers(dir),
        C00,
        "holds slice m=0 o=1 of chisolo (default) width 2, whose file is named \
         chisolo-default-w2-m0-o1.ftb",
    );
    // One seed in the slice without any.
    std::fs::write(&f, &good).unwrap();
    rewrite_header(&f, |h| h.stones = 1);
    all_refuse(
        dir,
        &chisolo_readers(dir),
        C00,
        "slice m=0 o=0 has 0 stones, but its header says 1",
    );
    std::fs::write(&f, &good).unwrap();
    let b: serde_json::Value =
        serde_json::from_str(&ok(&[&chisolo_readers(dir)[0][..], &["--json"]].concat())).unwrap();
    assert_eq!(b["slices"][0]["skipped"], true, "{b}");
}

/// A FIFO under a slice's name is never opened (it would block the reader for ever): every
/// command refuses it at once, by name; so is a folder. A link to a table file is read.
#[cfg(unix)]
#[test]
fn a_fifo_under_a_slice_name_is_refused_at_once() {
    let d = tempfile::tempdir().unwrap();
    special_files_are_refused(d.path(), &chisolo_readers, C00, "ok: 10 files");
}
