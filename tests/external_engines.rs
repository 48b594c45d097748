//! End-to-end tests of external engines (docs/ENGINE-PROTOCOL.md): `mancala match` between
//! the example engines of `examples/engines/` (Python, POSIX shell) and the built-in ones,
//! and the manager's verdict on every misbehaviour of `examples/engines/misbehave.py`, each
//! game lost by forfeit and the match going on.

mod common;

use common::mancala;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::Duration;

/// The path of an example engine.
fn example(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("examples/engines")
        .join(name)
        .display()
        .to_string()
}

/// `mancala` with `env` set, its `--json` object (the command must succeed).
fn match_json(args: &[&str], env: &[(&str, &str)]) -> Value {
    let mut c = Command::new(env!("CARGO_BIN_EXE_mancala"));
    c.args(args).env_remove("RUST_BACKTRACE");
    for (k, v) in env {
        c.env(k, v);
    }
    let out: Output = c.output().expect("the mancala binary runs");
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

/// The lines the manager sent to the engines in a match of `args`, from the exchange log
/// written to `log` (`MANCALA_ENGINE_LOG`).
fn sent_lines(args: &[&str], log: &Path) -> Vec<String> {
    match_json(args, &[("MANCALA_ENGINE_LOG", log.to_str().unwrap())]);
    let text = std::fs::read_to_string(log).unwrap();
    text.lines()
        .filter_map(|l| l.split_once(" > ").map(|x| x.1.to_string()))
        .collect()
}

/// A folder of this test binary's own, emptied.
fn scratch(name: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn the_python_engine_plays_a_match_against_a_built_in_one() {
    // A generous time a move: a loaded machine must not turn the test into a forfeit.
    let a = format!("cmd[time=5000]:python3 {}", example("greedy.py"));
    let args = [
        "match",
        "oware",
        "--a",
        &a,
        "--b",
        "greedy",
        "--games",
        "6",
        "--opening",
        "2",
        "--json",
    ];
    let m = match_json(&args, &[]);
    assert_eq!(m["a"], a.as_str());
    assert_eq!(m["games"], 6);
    assert!(m.get("forfeits").is_none(), "{m}");
    assert!(m["ended"].get("forfeit").is_none(), "{m}");
    let e = &m["ended"];
    let ended = ["rules", "repetition", "ply_limit"].map(|k| e[k].as_u64().unwrap());
    assert_eq!(ended.iter().sum::<u64>(), 6);
    assert!(m["mean_plies"].as_f64().unwrap() > 10.0);
    // The engine draws its ties from the seed of `go`: the same match gives the same games.
    let again = match_json(&args, &[]);
    for k in [
        "wins",
        "draws",
        "losses",
        "mean_plies",
        "ended",
        "first_player",
    ] {
        assert_eq!(m[k], again[k], "{k}");
    }
}

#[test]
fn the_python_greedy_engine_beats_random_play() {
    let a = format!("cmd[time=5000]:python3 {}", example("greedy.py"));
    let m = match_json(
        &[
            "match", "oware", "--a", &a, "--b", "random", "--games", "10", "--json",
        ],
        &[],
    );
    // Capturing whenever it can wins nearly every game against random moves.
    assert!(m["score"].as_f64().unwrap() >= 0.8, "{m}");
}

#[test]
fn the_shell_engine_plays_every_family() {
    let a = format!("cmd[time=5000]:sh {}", example("random.sh"));
    for v in [
        "kalah",
        "mulabalaba",
        "natatu",
        "mulabalaba-morris",
        "isolo",
        "isolo-ii",
    ] {
        let m = match_json(
            &[
                "match", v, "--a", &a, "--b", "random", "--games", "2", "--json",
            ],
            &[],
        );
        assert!(m.get("forfeits").is_none(), "{v}: {m}");
        assert_eq!(m["games"], 2, "{v}");
    }
}

#[test]
fn the_moves_sent_lead_to_the_board_sent() {
    let dir = scratch("history");
    let log = dir.join("exchange.log");
    let a = format!("cmd[time=5000]:sh {}", example("random.sh"));
    let args = [
        "match",
        "kalah",
        "--width",
        "4",
        "--seeds",
        "3",
        "--a",
        &a,
        "--b",
        "greedy",
        "--games",
        "1",
        "--opening",
        "3",
        "--json",
    ];
    let sent = sent_lines(&args, &log);
    assert_eq!(sent[0], "mancala-protocol 1");
    assert_eq!(sent[1], "variant kalah --width 4 --rule capture=empty");
    let mut checked = 0;
    for w in sent.windows(2) {
        let (Some(p), Some(board)) = (w[0].strip_prefix("position "), w[1].strip_prefix("board "))
        else {
            continue;
        };
        // The start and the moves, replayed by `mancala play`, give the board.
        let (start, moves) = match p.split_once(" moves ") {
            Some((s, m)) => (s, m.split(' ').collect::<Vec<_>>()),
            None => (p, Vec::new()),
        };
        assert!(
            !moves.is_empty(),
            "an opening of 3 plies precedes every move"
        );
        let mut play = vec!["play", "kalah", "--position", start];
        play.extend(moves);
        let out = common::ok(&play);
        assert_eq!(out.trim_end(), board, "{p}");
        checked += 1;
    }
    assert!(checked >= 2, "{sent:?}");
}

/// A match of `misbehave.py <mode> 1` (one good move, then the fault) as A against greedy,
/// three games: every one is lost by A's forfeit of `kind`, and the match goes on to the end.
fn forfeits(spec: &str, kind: &str, env: &[(&str, &str)]) -> Vec<Value> {
    let m = match_json(
        &[
            "match", "oware", "--a", spec, "--b", "greedy", "--games", "3", "--json",
        ],
        env,
    );
    assert_eq!(m["games"], 3, "{spec}");
    assert_eq!(m["losses"], 3, "{spec}: {m}");
    assert_eq!(m["ended"]["forfeit"], 3, "{spec}: {m}");
    let f = m["forfeits"].as_array().expect("forfeits listed").clone();
    assert_eq!(f.len(), 3);
    for (i, x) in f.iter().enumerate() {
        assert_eq!(x["game"], i as u64);
        assert_eq!(x["engine"], "a");
        assert_eq!(x["side"], if i % 2 == 0 { "S" } else { "N" });
        assert_eq!(x["kind"], kind, "{spec}: {x}");
    }
    f
}

/// The misbehaving engine in `mode` after one good move, with a generous time a move (its
/// faults here are not on time; a loaded machine must not make them so).
fn misbehave(mode: &str) -> String {
    format!(
        "cmd[time=5000]:python3 {} {mode} 1",
        example("misbehave.py")
    )
}

#[test]
fn an_illegal_or_unparsable_move_loses_naming_the_move() {
    let f = forfeits(&misbehave("illegal"), "illegal", &[]);
    assert!(
        f[0]["reason"].as_str().unwrap().contains("move '99'"),
        "{}",
        f[0]
    );
    let f = forfeits(&misbehave("garbage"), "illegal", &[]);
    let why = f[0]["reason"].as_str().unwrap();
    assert!(why.contains("move '~~garbage~~'"), "{why}");
    assert!(why.contains("expected a pit number"), "{why}");
}

#[test]
fn a_crash_loses_and_keeps_the_last_stderr_lines() {
    let f = forfeits(&misbehave("crash"), "crash", &[]);
    let why = f[0]["reason"].as_str().unwrap();
    assert!(why.contains("exit status: 3"), "{why}");
    assert_eq!(
        f[1]["stderr"],
        serde_json::json!([
            "misbehave: about to crash",
            "Traceback (most recent call last): deliberate"
        ])
    );
}

#[test]
fn closed_pipes_lose_as_crashes() {
    let f = forfeits(&misbehave("closed"), "crash", &[]);
    assert!(f[0]["reason"]
        .as_str()
        .unwrap()
        .contains("closed its output"));
    let f = forfeits(&misbehave("noinput"), "crash", &[]);
    assert!(f[2]["reason"]
        .as_str()
        .unwrap()
        .contains("closed its input"));
}

#[test]
fn lines_the_protocol_refuses_lose() {
    let f = forfeits(&misbehave("binary"), "protocol", &[]);
    let why = f[0]["reason"].as_str().unwrap();
    assert!(why.contains("not UTF-8") && !why.contains('\n'), "{why}");
    let f = forfeits(&misbehave("long"), "protocol", &[]);
    let why = f[0]["reason"].as_str().unwrap();
    assert_eq!(why, "a line longer than 65536 bytes");
    let f = forfeits(&misbehave("nomove"), "protocol", &[]);
    assert!(f[0]["reason"].as_str().unwrap().contains("without a move"));
}

/// An engines file of quick limits for the misbehaving engine, and its path.
fn quick_engines() -> PathBuf {
    let dir = scratch("quick-engines");
    let file = dir.join("engines.toml");
    let script = example("misbehave.py");
    let mut text = String::new();
    for mode in ["slow", "silent", "flood", "forked", "hang", "oldproto"] {
        text += &format!(
            "[engine.{mode}]\ncommand = [\"python3\", {script:?}, \"{mode}\", \"1\"]\n\
             time = 200\nmargin = 300\nstartup = 2000\n"
        );
    }
    std::fs::write(&file, text).unwrap();
    file
}

#[test]
fn a_slow_or_silent_engine_loses_on_time_and_is_killed() {
    let file = quick_engines();
    for mode in ["slow", "silent", "flood"] {
        let f = forfeits(&format!("ext:{mode}@{}", file.display()), "time", &[]);
        let why = f[0]["reason"].as_str().unwrap();
        assert_eq!(
            why,
            "no move within 200 ms and the margin of 300 ms (killed)"
        );
    }
    // The same limits in the spec itself.
    let spec = format!(
        "cmd[time=150,margin=250]:python3 {} silent 1",
        example("misbehave.py")
    );
    let f = forfeits(&spec, "time", &[]);
    assert_eq!(
        f[2]["reason"],
        "no move within 150 ms and the margin of 250 ms (killed)"
    );
}

#[test]
fn a_failed_handshake_loses_at_the_start() {
    let file = quick_engines();
    let f = forfeits(&format!("ext:hang@{}", file.display()), "start", &[]);
    assert!(f[0]["reason"].as_str().unwrap().contains("no 'protocolok'"));
    let f = forfeits(&format!("ext:oldproto@{}", file.display()), "start", &[]);
    assert!(f[0]["reason"].as_str().unwrap().contains("version '99'"));
}

#[cfg(target_os = "linux")]
#[test]
fn a_hung_engine_is_killed_with_its_children() {
    let file = quick_engines();
    let dir = scratch("forked");
    let pids = dir.join("pids");
    let env = [("MISBEHAVE_PID_FILE", pids.to_str().unwrap())];
    forfeits(&format!("ext:forked@{}", file.display()), "time", &env);
    let listed = std::fs::read_to_string(&pids).unwrap();
    let pids: Vec<&str> = listed.lines().collect();
    assert_eq!(pids.len(), 3, "one child a game");
    // Killed children are gone (or dead, waiting for their parent to reap them) at once.
    let alive = |p: &str| match std::fs::read_to_string(format!("/proc/{p}/stat")) {
        Err(_) => false,
        Ok(s) => !s
            .rsplit(')')
            .next()
            .unwrap_or("")
            .trim_start()
            .starts_with('Z'),
    };
    let until = std::time::Instant::now() + Duration::from_secs(5);
    while pids.iter().any(|p| alive(p)) && std::time::Instant::now() < until {
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(
        !pids.iter().any(|p| alive(p)),
        "children left running: {pids:?}"
    );
}

#[test]
fn bad_external_specs_exit_2_with_one_line() {
    let dir = scratch("bad-specs");
    let file = dir.join("engines.toml");
    std::fs::write(&file, "[engine.x]\ncommand = \"sh\"\ntimes = 3\n").unwrap();
    let bad_file = format!("ext:x@{}", file.display());
    let missing = format!("ext:y@{}", dir.join("none.toml").display());
    for (spec, why) in [
        ("cmd:sh 'unclosed", "unbalanced quotes"),
        ("cmd:", "empty command"),
        ("cmd:no-such-engine-program", "not found on PATH"),
        ("ext:x@/", "cannot read"),
        (bad_file.as_str(), "line 3"),
        (missing.as_str(), "cannot read"),
    ] {
        let out = mancala(&["match", "oware", "--a", spec, "--b", "greedy"]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{spec}: {err}");
        assert!(out.stdout.is_empty(), "{spec}");
        assert_eq!(err.trim_end().lines().count(), 1, "{spec}: {err}");
        assert!(err.contains(why), "{spec}: {err}");
        assert!(err.len() <= 400 + 8, "{spec}: {err}");
    }
    let out = Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(["match", "oware", "--a", "ext:x", "--b", "greedy"])
        .env_remove("MANCALA_ENGINES")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("MANCALA_ENGINES"));
}

#[test]
fn the_examples_engines_file_names_the_example_engines() {
    let file = example("engines.toml");
    let m = match_json(
        &[
            "match",
            "oware",
            "--a",
            "ext:greedy-py",
            "--b",
            "ext:random-sh",
            "--games",
            "2",
            "--json",
        ],
        &[("MANCALA_ENGINES", &file)],
    );
    assert_eq!(
        (m["a"].as_str(), m["b"].as_str()),
        (Some("ext:greedy-py"), Some("ext:random-sh"))
    );
    assert!(m.get("forfeits").is_none(), "{m}");
}

#[test]
fn an_engines_file_sends_its_options_and_limits() {
    let dir = scratch("options");
    let file = dir.join("engines.toml");
    let log = dir.join("exchange.log");
    std::fs::write(
        &file,
        format!(
            "[engine.r]\ncommand = [\"sh\", {:?}]\ntime = 700\nnodes = 5000\ndepth = 3\n\
             [engine.r.options]\nLevel = 3\nStyle = \"calm sea\"\n",
            example("random.sh")
        ),
    )
    .unwrap();
    let spec = format!("ext:r@{}", file.display());
    let args = [
        "match",
        "mulabalaba",
        "--width",
        "3",
        "--a",
        &spec,
        "--b",
        "random",
        "--games",
        "1",
        "--json",
    ];
    let sent = sent_lines(&args, &log);
    assert_eq!(
        sent[..4],
        [
            "mancala-protocol 1",
            "setoption name Level value 3",
            "setoption name Style value calm sea",
            "variant mulabalaba --width 3 --seeds 2 --rule possible=legal",
        ]
    );
    let go = sent.iter().find(|l| l.starts_with("go ")).unwrap();
    assert!(
        go.starts_with("go movetime 700 nodes 5000 depth 3 seed "),
        "{go}"
    );
    assert_eq!(sent.last().map(String::as_str), Some("quit"));
}

#[test]
fn bench_engines_measures_an_external_engine() {
    let a = format!("cmd:sh {}", example("random.sh"));
    let out = common::json(&[
        "bench",
        "engines",
        "--variant",
        "kalah",
        "--engine",
        &a,
        "--engine",
        "greedy",
        "--json",
    ]);
    let rows = out["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0]["engine"], a.as_str());
    // A move in each bench position, as the built-in engine.
    assert_eq!(rows[0]["moves"], rows[1]["moves"]);
    assert!(rows[0]["moves"].as_u64().unwrap() >= 3);
    assert_eq!(
        rows[0]["nodes"], 0,
        "an external engine's nodes are not counted"
    );
    assert!(rows[0]["seconds"].as_f64().unwrap() > 0.0);
    assert_eq!(rows[1]["engine"], "greedy");
}

#[test]
fn a_stray_answer_is_dropped_not_taken_for_the_next_move() {
    let a = format!("cmd[time=5000]:python3 {} twice 0", example("misbehave.py"));
    let m = match_json(
        &[
            "match", "kalah", "--width", "3", "--seeds", "2", "--a", &a, "--b", "random",
            "--games", "2", "--json",
        ],
        &[],
    );
    assert!(m.get("forfeits").is_none(), "{m}");
}

#[test]
fn the_strength_report_ladders_and_rates_an_external_engine() {
    let a = format!("cmd[time=5000]:sh {}", example("random.sh"));
    let out = scratch("strength-external");
    let out_s = out.display().to_string();
    let args = [
        "report", "strength", "--budget", "tiny", "--seed", "3", "--out", &out_s, "--engine", &a,
    ];
    common::ok(&args);
    let md = std::fs::read_to_string(out.join("strength.md")).unwrap();
    assert!(
        md.contains(&format!("--engine '{a}'`")),
        "the header names the engine added"
    );
    // In every two-row ladder and rated beside the built-in engines.
    let ladder = std::fs::read_to_string(out.join("strength-ladder.csv")).unwrap();
    let rate = std::fs::read_to_string(out.join("strength-rate.csv")).unwrap();
    for id in ["kalah", "oware", "warri", "kale", "kpo"] {
        assert!(
            ladder
                .lines()
                .any(|l| l.starts_with(&format!("{id},")) && l.contains(a.as_str())),
            "{id} ladder"
        );
        assert!(
            rate.lines()
                .any(|l| l.starts_with(&format!("{id},")) && l.contains(a.as_str())),
            "{id} rating"
        );
    }
    // Only the strength report takes engines; a bad spec is refused before any work.
    let e = common::fails(&["report", "advantage", "--engine", &a, "--out", &out_s]);
    assert!(e.contains("strength report only"), "{e}");
    let e = common::fails(&["report", "strength", "--engine", "cmd:", "--out", &out_s]);
    assert!(e.starts_with("error: invalid --engine"), "{e}");
}
