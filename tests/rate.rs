//! End-to-end tests of `mancala rate`: its text and JSON, the same bytes on any number of
//! threads, and clean refusals (exit status 2, one line).

mod common;
use common::{fails, json, ok, says};
use std::process::Command;

/// Exit status 2, one line on stderr containing `what`, nothing on stdout.
fn assert_fails(args: &[&str], what: &str) {
    says(&fails(args), &[what]);
}

const SMALL: [&str; 5] = ["oware", "--width", "3", "--seeds", "2"];

fn args<'a>(engine: &'a str, more: &[&'a str]) -> Vec<&'a str> {
    let mut a = vec!["rate"];
    a.extend(SMALL);
    a.extend(["--engine", engine, "--positions", "60", "--seed", "3"]);
    a.extend(more);
    a
}

#[test]
fn the_json_counts_add_up_and_perfect_play_loses_nothing() {
    let v = json(&args("greedy", &["--json"]));
    assert_eq!(v["variant"], "oware");
    assert_eq!(v["engine"], "greedy");
    assert_eq!(v["unit"], "seeds");
    let all = &v["all"];
    assert_eq!(all["positions"], 60);
    assert_eq!(all["seeds"], serde_json::json!([1, 12]));
    // The buckets split every position, and every count of them.
    let buckets = v["buckets"].as_array().unwrap();
    assert!(!buckets.is_empty());
    for key in [
        "positions",
        "won",
        "wins_thrown",
        "drawn",
        "draws_thrown",
        "losing_moves",
    ] {
        let sum: u64 = buckets.iter().map(|b| b[key].as_u64().unwrap()).sum();
        assert_eq!(sum, all[key].as_u64().unwrap(), "{key}");
    }
    assert!(all["wins_thrown"].as_u64() <= all["won"].as_u64());
    let m = &all["mean_loss"];
    assert!(m["lo"].as_f64() <= m["value"].as_f64() && m["value"].as_f64() <= m["hi"].as_f64());

    let p = json(&args("perfect", &["--json"]));
    assert_eq!(p["all"]["losing_moves"], 0);
    assert_eq!(p["all"]["mean_loss"]["value"], 0.0);
    assert_eq!(p["all"]["wins_thrown"], 0);
    // The same positions whatever the engine: the same counts of won and drawn ones.
    assert_eq!(p["all"]["won"], all["won"]);
    assert_eq!(p["all"]["drawn"], all["drawn"]);
}

#[test]
fn the_text_has_a_row_a_bucket_and_a_total() {
    let text = ok(&args("random", &[]));
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("random rated on oware"), "{text}");
    assert!(lines[0].contains("60 positions"), "{text}");
    assert!(
        lines[1].starts_with("seeds") && lines[1].contains("mean loss"),
        "{text}"
    );
    assert!(lines.last().unwrap().starts_with("all    60"), "{text}");
}

#[test]
fn the_seeds_range_keeps_the_positions_within() {
    let v = json(&args("greedy", &["--seeds-range", "4..7", "--json"]));
    assert_eq!(v["all"]["seeds"], serde_json::json!([4, 7]));
    for b in v["buckets"].as_array().unwrap() {
        let s = b["seeds"].as_array().unwrap();
        assert!(s[0].as_u64().unwrap() >= 4 && s[1].as_u64().unwrap() <= 7);
    }
}

#[test]
fn the_same_bytes_on_any_number_of_threads() {
    let run = |env_threads: &str, threads: &str| {
        let a = args("mcts:iters=50", &["--threads", threads, "--json"]);
        let out = Command::new(env!("CARGO_BIN_EXE_mancala"))
            .args(&a)
            .env("RAYON_NUM_THREADS", env_threads)
            .output()
            .unwrap();
        assert!(out.status.success());
        out.stdout
    };
    let one = run("1", "1");
    assert_eq!(one, run("2", "2"));
    assert_eq!(one, run("2", "3"));
}

#[test]
fn bad_input_is_refused_in_one_line() {
    assert_fails(&args("minimax", &[]), "unknown engine 'minimax'");
    assert_fails(
        &args("greedy", &["--seeds-range", "9..2"]),
        "invalid --seeds-range '9..2'",
    );
    assert_fails(
        &args("greedy", &["--seeds-range", "x"]),
        "invalid --seeds-range",
    );
    assert_fails(
        &["rate", "oware", "--engine", "greedy", "--positions", "0"],
        "invalid --positions 0",
    );
    assert_fails(&args("greedy", &["--threads", "0"]), "invalid --threads 0");
    assert_fails(
        &[
            "rate",
            "kalah",
            "--engine",
            "greedy",
            "--seeds-range",
            "1..30",
        ],
        "pass --seeds-range 1..14 or less",
    );
    assert_fails(
        &["rate", "chisolo", "--engine", "greedy"],
        "pass --tablebases DIR",
    );
    assert_fails(
        &["rate", "isolo", "--engine", "greedy"],
        "no endgame tables",
    );
    assert_fails(&["rate", "nosuch", "--engine", "greedy"], "nosuch");
    assert_fails(
        &[
            "rate",
            "oware",
            "--width",
            "2",
            "--seeds",
            "1",
            "--engine",
            "greedy",
            "--seeds-range",
            "9..9",
        ],
        "no position of oware with 9..9 seeds",
    );
}

#[test]
fn four_row_games_are_rated_by_their_tables() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    ok(&[
        "tablebase",
        "build",
        "chisolo",
        "--max-stones",
        "4",
        "--dir",
        d,
    ]);
    let v = json(&[
        "rate",
        "chisolo",
        "--engine",
        "greedy",
        "--tablebases",
        d,
        "--positions",
        "20",
        "--json",
    ]);
    assert_eq!(v["unit"], "results");
    assert!(v["all"]["positions"].as_u64().unwrap() > 0);
    let p = json(&[
        "rate",
        "chisolo",
        "--engine",
        "perfect",
        "--tablebases",
        d,
        "--positions",
        "20",
        "--json",
    ]);
    assert_eq!(p["all"]["losing_moves"], 0);
}

#[test]
fn morris_games_are_rated_by_their_tables() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    ok(&[
        "tablebase",
        "build",
        "nine-mens-morris",
        "--counters",
        "3",
        "--dir",
        d,
    ]);
    let args = |engine| {
        json(&[
            "rate",
            "nine-mens-morris",
            "--counters",
            "3",
            "--engine",
            engine,
            "--tablebases",
            d,
            "--positions",
            "20",
            "--json",
        ])
    };
    let (g, p) = (args("greedy"), args("perfect"));
    assert_eq!(g["unit"], "results");
    assert_eq!(g["all"]["positions"], 20);
    assert_eq!(p["all"]["losing_moves"], 0);
    // A loss is at most 2 results (a win thrown into a loss).
    assert!(g["all"]["mean_loss"]["value"].as_f64().unwrap() <= 2.0);
}
