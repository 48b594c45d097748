//! End-to-end tests of `mancala match`, `mancala report` and `mancala bench engines`.

use serde_json::Value;
use std::process::{Command, Output};

fn mancala(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(args)
        .env_remove("RUST_BACKTRACE")
        .output()
        .expect("the mancala binary runs")
}

fn json_of(out: &Output) -> Value {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

/// Exit status 2, one line on stderr containing `what`, nothing on stdout.
fn assert_fails(args: &[&str], what: &str) {
    let out = mancala(args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(out.stdout.is_empty(), "{args:?}");
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    assert!(err.contains(what), "{args:?}: {err}");
    assert!(!err.contains("panicked"), "{args:?}: {err}");
}

#[test]
fn a_seeded_match_is_reproducible_whatever_the_thread_count() {
    let args = |threads: &str| {
        vec![
            "match",
            "kalah",
            "--a",
            "mcts:iters=40",
            "--b",
            "greedy",
            "--games",
            "10",
            "--seed",
            "7",
            "--opening",
            "1",
            "--threads",
            threads,
            "--json",
        ]
        .into_iter()
        .map(String::from)
        .collect::<Vec<_>>()
    };
    let run = |t: &str| {
        let a = args(t);
        let refs: Vec<&str> = a.iter().map(|s| s.as_str()).collect();
        let mut v = json_of(&mancala(&refs));
        v.as_object_mut().unwrap().remove("seconds");
        v
    };
    let one = run("1");
    assert_eq!(one, run("1"));
    assert_eq!(one, run("2"));
    // The keys, and the counts add up.
    let n = |k: &str| one[k].as_u64().unwrap_or_else(|| panic!("{k} in {one}"));
    assert_eq!(n("wins") + n("draws") + n("losses"), 10);
    assert_eq!(n("games"), 10);
    let fp = &one["first_player"];
    assert_eq!(
        fp["wins"].as_u64().unwrap()
            + fp["draws"].as_u64().unwrap()
            + fp["losses"].as_u64().unwrap(),
        10
    );
    for k in ["score", "elo", "elo_lo", "elo_hi", "mean_plies", "ended"] {
        assert!(one.get(k).is_some(), "{k} missing in {one}");
    }
    assert_eq!(one["a"], "mcts:iters=40:c=1.4");
}

#[test]
fn another_seed_gives_other_games() {
    let run = |seed: &str| {
        let mut v = json_of(&mancala(&[
            "match", "oware", "--a", "random", "--b", "random", "--games", "20", "--seed", seed,
            "--json",
        ]));
        v.as_object_mut().unwrap().remove("seconds");
        v
    };
    assert_ne!(run("1")["mean_plies"], run("2")["mean_plies"]);
}

#[test]
fn four_row_games_play_matches_too() {
    let run = || {
        let mut v = json_of(&mancala(&[
            "match",
            "mulabalaba",
            "--a",
            "mcts:iters=20",
            "--b",
            "alphabeta:nodes=200",
            "--games",
            "4",
            "--seed",
            "2",
            "--json",
        ]));
        v.as_object_mut().unwrap().remove("seconds");
        v
    };
    let v = run();
    assert_eq!(v, run());
    let n = |k: &str| v[k].as_u64().unwrap();
    assert_eq!(n("wins") + n("draws") + n("losses"), 4);
}

#[test]
fn the_text_output_gives_the_score_and_elo() {
    let out = mancala(&[
        "match", "oware", "--a", "greedy", "--b", "random", "--games", "6", "--seed", "3",
    ]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("A: ") && text.contains("Elo difference"),
        "{text}"
    );
    assert!(text.contains("mean game length"), "{text}");
}

#[test]
fn bad_engine_specs_and_options_exit_2_with_one_line() {
    fn m(a: &str) -> [&str; 8] {
        ["match", "oware", "--a", a, "--b", "random", "--games", "2"]
    }
    assert_fails(&m("minimax"), "unknown engine 'minimax'");
    assert_fails(&m("alphabeta:depth=0"), "depth=0");
    assert_fails(&m("alphabeta:depth"), "not name=value");
    assert_fails(&m("mcts:iters=ten"), "iters=ten");
    assert_fails(&m("greedy:depth=2"), "takes no parameter");
    assert_fails(
        &m("alphabeta:depth=2:time=5"),
        "give one of depth, nodes, time",
    );
    assert_fails(&m("perfect:time=0"), "time=0");
    assert_fails(
        &[
            "match", "oware", "--a", "random", "--b", "random", "--games", "0",
        ],
        "--games 0",
    );
    assert_fails(
        &["match", "kuyata", "--a", "random", "--b", "random"],
        "kuyata",
    );
    assert_fails(&["match", "oware", "--a", "random"], "--b");
    assert_fails(
        &["report", "advantage", "--budget", "huge"],
        "invalid budget 'huge'",
    );
    assert_fails(&["report", "everything"], "everything");
}

#[test]
fn reports_are_generated_on_a_tiny_budget() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("reports");
    let tables = dir.path().join("tables");
    let o = mancala(&[
        "report",
        "all",
        "--budget",
        "tiny",
        "--out",
        out.to_str().unwrap(),
        "--tables",
        tables.to_str().unwrap(),
        "--threads",
        "2",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    for f in [
        "advantage.md",
        "advantage.svg",
        "advantage-exact.csv",
        "advantage-play.csv",
        "strength.md",
        "strength.svg",
        "strength-ladder.csv",
        "strength-errors.csv",
        "strength-rate.csv",
        "strength-rate.svg",
        "tablebase.md",
        "tablebase.csv",
        "tablebase-oware.svg",
        "advantage-four-exact.csv",
        "advantage-four.svg",
        "strength-four.svg",
    ] {
        let text = std::fs::read_to_string(out.join(f)).unwrap_or_else(|_| panic!("{f}"));
        assert!(!text.is_empty(), "{f}");
        if f.ends_with(".svg") {
            assert!(text.starts_with("<svg") && !text.contains("NaN"), "{f}");
        }
    }
    let adv = std::fs::read_to_string(out.join("advantage.md")).unwrap();
    for v in mancala_solver::variant::VARIANTS {
        assert!(adv.contains(&format!("| {} |", v.id)), "{} missing", v.id);
    }
    assert!(adv.contains("budget `tiny`"));
    // Kalah(1, 1): South sows its seed into its store and moves again from an empty row:
    // the game ends, North keeps its seed: value 0. Kalah(2, 1) is +2 (solver tests).
    let csv = std::fs::read_to_string(out.join("advantage-exact.csv")).unwrap();
    assert!(csv.contains("kalah,1,1,0,true"), "{csv}");
    // Four-row reduced boards: the report's value and plies are those of `mancala solve`.
    let four = std::fs::read_to_string(out.join("advantage-four-exact.csv")).unwrap();
    let solved = json_of(&mancala(&[
        "solve",
        "mulabalaba",
        "--width",
        "3",
        "--seeds",
        "1",
        "--json",
    ]));
    let row = format!(
        "mulabalaba,3,1,{},{},graph,",
        solved["value"], solved["plies"]
    );
    assert!(four.contains(&row), "{row} in {four}");
    assert!(adv.contains("Four-row games"));
    // The perfect engine never loses value on tablebase positions.
    let errs = std::fs::read_to_string(out.join("strength-errors.csv")).unwrap();
    let perfect: Vec<&str> = errs.lines().filter(|l| l.contains("perfect")).collect();
    assert!(!perfect.is_empty());
    // Four-row rows too (wdl tables of the removal games).
    assert!(perfect.iter().any(|l| l.starts_with("chisolo,")), "{errs}");
    for l in perfect {
        let cols: Vec<&str> = l.split(',').collect();
        assert_eq!(cols[3], "0.0000", "{l}");
        assert_eq!(cols[6], "0.0000", "{l}");
    }
    // Rated by perfect play: `perfect` loses nothing, and a row is what `mancala rate` says.
    let rated = std::fs::read_to_string(out.join("strength-rate.csv")).unwrap();
    for l in rated.lines().filter(|l| l.contains("perfect")) {
        let cols: Vec<&str> = l.split(',').collect();
        assert_eq!((cols[6], cols[8], cols[9]), ("0", "0", "0.0000"), "{l}");
    }
    let row = rated
        .lines()
        .find(|l| l.starts_with("kalah,greedy,1,6,"))
        .unwrap_or_else(|| panic!("kalah's greedy row in {rated}"));
    let by_rate = json_of(&mancala(&[
        "rate",
        "kalah",
        "--engine",
        "greedy",
        "--tablebases",
        tables.to_str().unwrap(),
        "--seeds-range",
        "1..6",
        "--positions",
        "10",
        "--seed",
        "1",
        "--json",
    ]));
    let all = &by_rate["all"];
    let mean = all["mean_loss"]["value"].as_f64().unwrap();
    let want = format!(
        "kalah,greedy,1,6,{},{},{},{},{},{mean:.4},",
        all["positions"], all["won"], all["wins_thrown"], all["drawn"], all["draws_thrown"]
    );
    assert!(row.starts_with(&want), "{row} is not {want}");
    // Same seed, same sampled figures (timings aside).
    let out2 = dir.path().join("again");
    let o = mancala(&[
        "report",
        "strength",
        "--budget",
        "tiny",
        "--out",
        out2.to_str().unwrap(),
        "--tables",
        tables.to_str().unwrap(),
        "--threads",
        "1",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    for f in [
        "strength-ladder.csv",
        "strength-errors.csv",
        "strength-rate.csv",
    ] {
        assert_eq!(
            std::fs::read_to_string(out.join(f)).unwrap(),
            std::fs::read_to_string(out2.join(f)).unwrap(),
            "{f}"
        );
    }
    // Reports made with another budget or seed are not overwritten without --force.
    let o = out.to_str().unwrap();
    for other in [["--budget", "small"], ["--seed", "2"]] {
        let mut args = vec!["report", "advantage", "--out", o];
        if other[0] == "--seed" {
            args.extend(["--budget", "tiny"]);
        }
        args.extend(other);
        assert_fails(&args, "--force");
    }
    let before = std::fs::read_to_string(out.join("advantage.md")).unwrap();
    assert!(before.contains("--budget tiny --seed 1"), "{before}");
    let o2 = mancala(&[
        "report",
        "advantage",
        "--budget",
        "tiny",
        "--seed",
        "2",
        "--out",
        o,
        "--force",
    ]);
    assert!(
        o2.status.success(),
        "{}",
        String::from_utf8_lossy(&o2.stderr)
    );
    let after = std::fs::read_to_string(out.join("advantage.md")).unwrap();
    assert!(after.contains("--budget tiny --seed 2"), "{after}");
}

#[test]
fn bench_engines_lists_every_engine() {
    let v = json_of(&mancala(&[
        "bench",
        "engines",
        "--variant",
        "kpo",
        "--json",
    ]));
    let rows = v["rows"].as_array().unwrap();
    assert_eq!(
        rows.len(),
        mancala_analysis::bench::engines::BENCH_ENGINES.len()
    );
    assert!(rows.iter().all(|r| r["nodes"].as_u64().unwrap() > 0));
    let v = json_of(&mancala(&[
        "bench",
        "engines",
        "--variant",
        "chisolo",
        "--json",
    ]));
    assert_eq!(
        v["rows"].as_array().unwrap().len(),
        mancala_analysis::bench::engines::BENCH_ENGINES_FOUR.len()
    );
    assert_fails(
        &["bench", "engines", "--variant", "nope"],
        "unknown variant",
    );
}
