//! The command line of mulabalaba-morris: start, show, moves, play and perft in text and
//! JSON, solve through the main-game tables, the tablebase commands, and the refusals (bad
//! position text, bad moves, options of other families, the commands it has no engine for),
//! each with exit status 2 and one line.

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
    assert_eq!(names, ["protect", "blocked", "diagonals", "corners", "fly"]);
    // Nine men's morris: the same options, its own defaults first.
    let nine = v["variants"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["id"] == "nine-mens-morris")
        .unwrap()
        .clone();
    assert_eq!(nine["status"], "playable");
    let defaults: Vec<String> = nine["rules"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            format!(
                "{}={}",
                r["name"].as_str().unwrap(),
                r["values"][0].as_str().unwrap()
            )
        })
        .collect();
    assert_eq!(
        defaults,
        [
            "protect=on",
            "blocked=loss",
            "diagonals=off",
            "corners=step",
            "fly=three"
        ]
    );
}

#[test]
fn engines_play_matches_and_the_perfect_one_plays_from_the_tables() {
    let m = json(&[
        "match",
        M,
        "--a",
        "alphabeta:nodes=500",
        "--b",
        "random",
        "--games",
        "6",
        "--json",
    ]);
    assert_eq!(m["games"], 6);
    let a = m["wins"].as_u64().unwrap() + m["draws"].as_u64().unwrap();
    assert!(a >= 5, "alpha-beta should beat random play: {m}");
    // With the main-game tables the perfect engine never loses a won main game.
    let d = tempfile::tempdir().unwrap();
    let dir = d.path().to_str().unwrap();
    ok(&["tablebase", "build", M, "--counters", "3", "--dir", dir]);
    let p = json(&[
        "match",
        M,
        "--counters",
        "3",
        "--a",
        "perfect",
        "--b",
        "mcts:iters=50",
        "--games",
        "4",
        "--tablebases",
        dir,
        "--json",
    ]);
    assert_eq!(p["games"], 4);
}

#[test]
fn nine_mens_morris_is_the_board_without_diagonals_and_flies_with_three() {
    const N: &str = "nine-mens-morris";
    assert_eq!(
        ok(&["start", N]).trim(),
        "......../......../........ S hand=9,9 captured=0,0"
    );
    let drawn = ok(&["show", N]);
    // The row under the outer square's top side: no diagonal leaves its corners.
    assert_eq!(
        drawn.lines().nth(1),
        Some("  |           |           |"),
        "{drawn}"
    );
    assert_eq!(
        ok(&["show", M]).lines().nth(1),
        Some("  | \\         |         / |")
    );
    // South has three counters (a1 a7 g7): each flies to any of the 17 empty points, and two
    // flights (a1-d7, g7-a4) make a line and remove any of North's four; North, with four,
    // slides.
    let three = "S.S.S.../.NN...../NN...... S hand=0,0 captured=5,6";
    assert_eq!(
        ok(&["moves", N, "--position", three])
            .split_whitespace()
            .count(),
        3 * 17 + 2 * 3
    );
    let slides = "S.S.S.../.NN...../NN...... N hand=0,0 captured=5,6";
    let mut m: Vec<String> = ok(&["moves", N, "--position", slides])
        .split_whitespace()
        .map(String::from)
        .collect();
    m.sort();
    assert_eq!(
        m,
        ["b4-a4", "b4-b2", "b6-d6", "c3-d3", "c4-c5"].map(String::from)
    );
    // A move to a point it cannot reach says why under these rules.
    let e = fails(&["play", N, "--position", slides, "b6-g1"]);
    assert!(
        e.contains("cannot reach") && e.contains("three counters"),
        "{e}"
    );
    // Its tables are its own files.
    let d = tempfile::tempdir().unwrap();
    let dir = d.path().to_str().unwrap();
    ok(&["tablebase", "build", N, "--counters", "3", "--dir", dir]);
    assert!(d.path().join("nine-mens-morris-default-m3-o3.mrb").exists());
    let info = ok(&["tablebase", "info", "--dir", dir]);
    assert!(info.contains("nine-mens-morris"), "{info}");
    // Four a side is a draw, proven (the tables built for it here); a draw gets no line.
    let s = json(&["solve", N, "--counters", "4", "--tablebases", dir, "--json"]);
    assert_eq!(s["value"], 0);
    assert_eq!(s["exact"], true);
    assert_eq!(s["plies"], serde_json::Value::Null);
    assert_eq!(s["pv"], serde_json::json!([]));
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
            &["solve", M, "--counters", "3", "--memory", "1G"][..],
            "--memory is for the two-row planner",
        ),
        (&["analyze", M][..], "the search handles 256"),
        (
            &["match", M, "--a", "random", "--b", "random", "--games", "0"][..],
            "invalid --games 0",
        ),
        (
            &["tablebase", "build", M, "--max-stones", "3"][..],
            "its tables take --counters N",
        ),
        (&["tablebase", "build", M][..], "--counters N is required"),
        (
            &["tablebase", "build", M, "--counters", "13"][..],
            "invalid --counters 13",
        ),
        (
            &[
                "tablebase",
                "build",
                "oware",
                "--counters",
                "3",
                "--max-stones",
                "2",
            ][..],
            "it is for the morris games",
        ),
        (
            &["tablebase", "probe", M, "--dir", "/nonexistent-mancala-dir"][..],
            "no such tablebase folder",
        ),
    ] {
        let e = fails(args);
        assert!(e.contains(want), "{args:?}: {e}");
        assert_eq!(e.trim().lines().count(), 1, "{args:?}: {e}");
    }
}

#[test]
fn solve_and_the_tablebase_commands_use_the_main_game_tables() {
    let d = tempfile::tempdir().unwrap();
    let dir = d.path().to_str().unwrap();
    let b = json(&[
        "tablebase",
        "build",
        M,
        "--counters",
        "3",
        "--dir",
        dir,
        "--threads",
        "2",
        "--json",
    ]);
    assert_eq!(b["counters"], 3);
    assert_eq!(b["slices"][0]["split"], serde_json::json!([3, 3]));
    let entries = b["positions"].as_u64().unwrap();
    assert!(entries > 0);
    // The start of the three-counter game: the search of the placement phase above the
    // tables, the same with the tables built in a temporary folder.
    let s = json(&["solve", M, "--counters", "3", "--tablebases", dir, "--json"]);
    let t = json(&["solve", M, "--counters", "3", "--json"]);
    for k in [
        "value",
        "plies",
        "best_move",
        "exact",
        "method",
        "table_entries",
    ] {
        assert_eq!(s[k], t[k], "{k}");
    }
    assert_eq!(s["method"], "search+tables");
    assert_eq!(s["exact"], true);
    assert_eq!(s["table_entries"].as_u64(), Some(entries));
    let plies = s["plies"].as_u64().expect("a decisive start") as usize;
    // The line runs to the end in as many plies, and playing it ends the game as the value
    // says.
    let pv: Vec<&str> = s["pv"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    assert_eq!(pv.len(), plies, "{s}");
    let mut args = vec!["play", M, "--counters", "3", "--json"];
    args.extend(&pv);
    let end = json(&args);
    assert_eq!(end["game_over"], true, "{end}");
    // A main-game position is read from the tables; probe gives every move's value.
    let pos = "S.S.N.../..S.N.../....N... S hand=0,0";
    let p = json(&[
        "tablebase",
        "probe",
        M,
        "--position",
        pos,
        "--dir",
        dir,
        "--json",
    ]);
    assert_eq!(p["value"], 1);
    assert_eq!(p["plies"], 1);
    assert_eq!(p["moves"]["a1-c5xg7"]["plies"], 1);
    let a = json(&["solve", M, "--position", pos, "--tablebases", dir, "--json"]);
    assert_eq!(a["method"], "tables");
    assert_eq!(a["plies"], 1);
    // analyze gives every move the value probe reads from the tables, and the start's
    // value, plies and best move are solve's.
    let an = json(&[
        "analyze",
        M,
        "--position",
        pos,
        "--tablebases",
        dir,
        "--json",
    ]);
    let probed = p["moves"].as_object().unwrap();
    assert_eq!(an["moves"].as_object().unwrap().len(), probed.len());
    for (m, v) in probed {
        assert_eq!(an["moves"][m], v["value"], "{m}");
        assert_eq!(an["move_plies"][m], v["plies"], "{m}");
    }
    assert_eq!(
        (an["value"].clone(), an["plies"].clone()),
        (1.into(), 1.into())
    );
    let an = json(&[
        "analyze",
        M,
        "--counters",
        "3",
        "--tablebases",
        dir,
        "--json",
    ]);
    assert_eq!(an["exact"], true);
    assert_eq!(an["value"], s["value"]);
    assert_eq!(an["plies"], s["plies"]);
    let best = an["best_moves"].as_array().unwrap();
    assert!(best.contains(&s["best_move"]), "{an}");
    for m in best {
        let m = m.as_str().unwrap();
        assert_eq!(an["moves"][m], 1, "{m}");
        assert_eq!(an["move_plies"][m], s["plies"], "{m}");
    }
    let st = ok(&["tablebase", "stats", M, "--stones", "6", "--dir", dir]);
    assert!(st.starts_with("m=3 o=3  win "), "{st}");
    let v = ok(&["tablebase", "verify", "--dir", dir]);
    assert!(v.starts_with("ok: 1 files"), "{v}");
    let i = ok(&["tablebase", "info", "--dir", dir]);
    assert!(i.contains("mulabalaba-morris-default-m3-o3.mrb"), "{i}");
    // A damaged file is refused by name.
    let f = d.path().join("mulabalaba-morris-default-m3-o3.mrb");
    let mut bytes = std::fs::read(&f).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(&f, bytes).unwrap();
    let e = fails(&["tablebase", "probe", M, "--position", pos, "--dir", dir]);
    assert!(e.contains("m3-o3.mrb") && e.contains("checksum"), "{e}");
}

/// The commands that read a folder of the three-counter tables ([`table_readers`]).
fn readers(dir: &str) -> Vec<Vec<&str>> {
    let pos = "S.S.N.../..S.N.../....N... S hand=0,0";
    table_readers(dir, &[M], ["--counters", "3"], pos)
}

const M33: &str = "mulabalaba-morris-default-m3-o3.mrb";

/// A build keeps the slices it finds only once they pass the checks every reader makes: a
/// file whose header claims other counters than its name (its checksums recomputed) is
/// refused by the build as by `info`, `verify`, `probe` and `solve`, by name and reason.
#[test]
fn a_build_refuses_a_kept_slice_whose_header_is_not_its_name() {
    let d = tempfile::tempdir().unwrap();
    let dir = d.path().to_str().unwrap();
    let build = readers(dir)[0].clone();
    ok(&build);
    let f = d.path().join(M33);
    let good = std::fs::read(&f).unwrap();
    // Seven counters in a slice of three against three.
    rewrite_header(&f, |h| h.stones = 7);
    all_refuse(
        dir,
        &readers(dir),
        M33,
        "has 6 counters, but its header says 7",
    );
    // The header of the slice of three against four.
    std::fs::write(&f, &good).unwrap();
    rewrite_header(&f, |h| {
        h.split = Some([3, 4]);
        h.stones = 7;
    });
    all_refuse(
        dir,
        &readers(dir),
        M33,
        "holds slice m=3 o=4 of mulabalaba-morris (default) width 24, whose file is named \
         mulabalaba-morris-default-m3-o4.mrb",
    );
    // Restored, it is kept.
    std::fs::write(&f, &good).unwrap();
    let b = json(&[&build[..], &["--json"]].concat());
    assert_eq!(b["slices"][0]["skipped"], true, "{b}");
}

/// A FIFO under a slice's name is never opened (it would block the reader for ever): every
/// command refuses it at once, by name; so is a folder. A link to a table file is read.
#[cfg(unix)]
#[test]
fn a_fifo_under_a_slice_name_is_refused_at_once() {
    let d = tempfile::tempdir().unwrap();
    special_files_are_refused(d.path(), &readers, M33, "ok: 1 files");
}

/// A build that cannot write (a full disk, here a file size limit: the write fails with
/// "File too large") stops with one line naming the file and the reason, and keeps every
/// finished slice: the next build keeps them and goes on.
#[cfg(target_os = "linux")]
#[test]
fn a_build_that_cannot_write_stops_and_keeps_its_finished_slices() {
    let d = tempfile::tempdir().unwrap();
    let dir = d.path().to_str().unwrap();
    let args = [
        "tablebase",
        "build",
        "nine-mens-morris",
        "--counters",
        "4",
        "--threads",
        "2",
        "--dir",
        dir,
    ];
    // 1000 blocks of 512 bytes: the 3-3 slice (385,700 entries) fits, the 3-4 one does not.
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg("trap '' XFSZ; ulimit -f 1000; exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_mancala"))
        .args(args)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{stderr}");
    let last = stderr.lines().last().unwrap_or_default();
    assert!(
        last.contains("nine-mens-morris-default-m3-o4.mrb") && last.contains("File too large"),
        "{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
    let info = ok(&["tablebase", "info", "--dir", dir]);
    assert_eq!(info.lines().count(), 1, "{info}");
    assert!(
        info.contains("nine-mens-morris-default-m3-o3.mrb") && info.contains("checksums ok"),
        "{info}"
    );
    let b = json(&[&args[..], &["--json"]].concat());
    assert_eq!(b["slices"][0]["skipped"], true, "{b}");
    assert_eq!(b["slices"][1]["skipped"], false, "{b}");
}
