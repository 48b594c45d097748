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

/// The process ids `misbehave.py` wrote to `file` (MISBEHAVE_PID_FILE).
fn recorded(file: &Path) -> Vec<u32> {
    std::fs::read_to_string(file)
        .unwrap_or_default()
        .lines()
        .filter_map(|l| l.trim().parse().ok())
        .collect()
}

/// True while `pid` runs (a zombie, dead but not yet reaped by its parent, does not).
#[cfg(target_os = "linux")]
fn alive(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Err(_) => false,
        Ok(s) => !s
            .rsplit(')')
            .next()
            .unwrap_or("")
            .trim_start()
            .starts_with('Z'),
    }
}

/// The processes of `pids` still running after `within` (none, when all have ended by
/// then).
#[cfg(target_os = "linux")]
fn left_after(pids: &[u32], within: Duration) -> Vec<u32> {
    let until = std::time::Instant::now() + within;
    while pids.iter().any(|&p| alive(p)) && std::time::Instant::now() < until {
        std::thread::sleep(Duration::from_millis(20));
    }
    pids.iter().copied().filter(|&p| alive(p)).collect()
}

/// A long match of `misbehave.py <mode>` (an engine that starts a `sleep` child) against
/// alpha-beta, started in a process group of its own (as a terminal's job), once both
/// processes of its first game have been recorded in `pids`.
#[cfg(target_os = "linux")]
fn long_match(mode: &str, pids: &Path) -> std::process::Child {
    use std::os::unix::process::CommandExt;
    let a = format!("cmd[time=5000]:python3 {} {mode}", example("misbehave.py"));
    let child = Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args([
            "match",
            "oware",
            "--a",
            &a,
            "--b",
            "alphabeta:time=200",
            "--games",
            "200",
            "--threads",
            "2",
            "--json",
        ])
        .env("MISBEHAVE_PID_FILE", pids)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .process_group(0)
        .spawn()
        .unwrap();
    let until = std::time::Instant::now() + Duration::from_secs(20);
    while recorded(pids).len() < 2 && std::time::Instant::now() < until {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(recorded(pids).len() >= 2, "the engine started its child");
    child
}

/// Sends `signal` (a name `kill` knows) to the process group `pgid`.
#[cfg(target_os = "linux")]
fn signal_group(signal: &str, pgid: u32) {
    let ok = Command::new("kill")
        .args([&format!("-{signal}"), "--", &format!("-{pgid}")])
        .status()
        .unwrap()
        .success();
    assert!(ok, "kill -{signal} -{pgid}");
}

#[cfg(target_os = "linux")]
#[test]
fn an_interrupted_match_ends_its_engines_and_their_children() {
    use std::os::unix::process::ExitStatusExt;
    // A child in the engine's group, one in a session of its own, and an engine that
    // ignores TERM (killed after the grace period).
    for (mode, signal, number) in [
        ("sleeper", "INT", 2),
        ("setsid", "TERM", 15),
        ("deaf", "HUP", 1),
    ] {
        let dir = scratch(&format!("interrupted-{mode}"));
        let pids = dir.join("pids");
        let mut m = long_match(mode, &pids);
        // Ctrl-C in a terminal: the signal goes to the manager's group, not the engines'.
        signal_group(signal, m.id());
        let status = m.wait().unwrap();
        assert_eq!(status.signal(), Some(number), "{mode}: {status:?}");
        let pids = recorded(&pids);
        // The manager ended them before it ended: nothing is left at all.
        let left = left_after(&pids, Duration::from_millis(100));
        assert!(
            left.is_empty(),
            "{mode}: left running: {left:?} of {pids:?}"
        );
    }
}

#[cfg(target_os = "linux")]
#[test]
fn a_killed_manager_takes_its_engines_and_their_children_along() {
    for mode in ["sleeper", "setsid"] {
        let dir = scratch(&format!("killed-{mode}"));
        let pids = dir.join("pids");
        let mut m = long_match(mode, &pids);
        // Once the manager has surveyed the engine's descendants.
        std::thread::sleep(Duration::from_millis(300));
        m.kill().unwrap();
        m.wait().unwrap();
        let pids = recorded(&pids);
        let left = left_after(&pids, Duration::from_secs(2));
        assert!(
            left.is_empty(),
            "{mode}: left running: {left:?} of {pids:?}"
        );
    }
}

#[cfg(target_os = "linux")]
#[test]
fn a_match_that_ends_leaves_no_process_of_its_engines() {
    // A child out of the engine's group, and an engine that ignores `quit` and TERM.
    for mode in ["setsid", "deaf"] {
        let dir = scratch(&format!("ended-{mode}"));
        let pids = dir.join("pids");
        let a = format!("cmd[time=5000]:python3 {} {mode}", example("misbehave.py"));
        let env = [("MISBEHAVE_PID_FILE", pids.to_str().unwrap())];
        let m = match_json(
            &[
                "match", "kalah", "--width", "3", "--seeds", "2", "--a", &a, "--b", "random",
                "--games", "2", "--json",
            ],
            &env,
        );
        assert!(m.get("forfeits").is_none(), "{mode}: {m}");
        let pids = recorded(&pids);
        assert_eq!(pids.len(), 4, "{mode}: an engine and its child a game");
        let left = left_after(&pids, Duration::from_millis(100));
        assert!(
            left.is_empty(),
            "{mode}: left running: {left:?} of {pids:?}"
        );
    }
}

#[cfg(target_os = "linux")]
#[test]
fn an_engine_that_exits_while_its_child_holds_its_output_crashes() {
    let dir = scratch("exitchild");
    let pids = dir.join("pids");
    let env = [("MISBEHAVE_PID_FILE", pids.to_str().unwrap())];
    // Seen at once, not after the 5 s of the move: every game the same verdict.
    let t = std::time::Instant::now();
    let f = forfeits(&misbehave("exitchild"), "crash", &env);
    for x in &f {
        let why = x["reason"].as_str().unwrap();
        assert!(
            why.contains("exited") && why.contains("exit status: 4"),
            "{why}"
        );
    }
    assert!(t.elapsed() < Duration::from_secs(15), "{:?}", t.elapsed());
    let pids = recorded(&pids);
    let left = left_after(&pids, Duration::from_millis(100));
    assert!(left.is_empty(), "left running: {left:?} of {pids:?}");
}

#[test]
fn the_exchange_log_has_whole_lines_each_with_its_game() {
    let dir = scratch("log-lines");
    let log = dir.join("exchange.log");
    let a = format!("cmd[time=5000]:sh {}", example("random.sh"));
    let env = [("MANCALA_ENGINE_LOG", log.to_str().unwrap())];
    let args = [
        "match",
        "oware",
        "--a",
        &a,
        "--b",
        &a,
        "--games",
        "6",
        "--threads",
        "2",
        "--json",
    ];
    match_json(&args, &env);
    let text = std::fs::read_to_string(&log).unwrap();
    let mut games = std::collections::BTreeMap::new();
    for line in text.lines() {
        let w: Vec<&str> = line.splitn(4, ' ').collect();
        assert_eq!(w.len(), 4, "{line:?}");
        assert!(
            w[0].starts_with('g') && w[0][1..].parse::<u64>().is_ok(),
            "{line:?}"
        );
        assert!(
            w[1].parse::<u32>().is_ok() && ["<", ">"].contains(&w[2]),
            "{line:?}"
        );
        let known = [
            "mancala-protocol",
            "protocolok",
            "id",
            "variant",
            "newgame",
            "isready",
        ];
        let more = [
            "readyok", "position", "board", "legal", "go", "bestmove", "quit",
        ];
        let first = w[3].split(' ').next().unwrap();
        assert!(known.contains(&first) || more.contains(&first), "{line:?}");
        // One process a game: a game id names one process, and the other way round.
        assert_eq!(*games.entry(w[0]).or_insert(w[1]), w[1], "{line:?}");
    }
    // Two engines a game.
    assert_eq!(games.len(), 12, "{games:?}");
    // Capped: whole lines up to the cap, then a note, then nothing.
    let capped = dir.join("capped.log");
    let env = [
        ("MANCALA_ENGINE_LOG", capped.to_str().unwrap()),
        ("MANCALA_ENGINE_LOG_MAX", "3000"),
    ];
    match_json(&args, &env);
    let text = std::fs::read_to_string(&capped).unwrap();
    let (body, note) = text.trim_end().rsplit_once('\n').unwrap();
    assert!(body.len() < 3000, "{}", body.len());
    assert!(note.contains("cap of 3000 bytes"), "{note}");
    assert!(body.lines().all(|l| l.starts_with('g')), "{body}");
}

#[test]
fn bench_engines_reports_faults_not_moves() {
    let a = format!(
        "cmd[time=5000]:python3 {} illegal 0",
        example("misbehave.py")
    );
    let out = mancala(&[
        "bench",
        "engines",
        "--variant",
        "oware",
        "--engine",
        &a,
        "--json",
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    assert!(err.contains("illegal: move '99'"), "{err}");
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let row = &v["rows"][0];
    // No move of it is counted: the positions' moves were the manager's, not the engine's.
    assert_eq!(row["moves"], 0, "{row}");
    let faults = row["faults"].as_u64().unwrap();
    assert!(faults >= 1, "{row}");
    assert_eq!(
        row["faults_by_kind"]["illegal"].as_u64(),
        Some(faults),
        "{row}"
    );
    assert!(
        row["first_fault"]
            .as_str()
            .unwrap()
            .starts_with("illegal: "),
        "{row}"
    );
    assert_eq!(row["seconds"], 0.0, "{row}");
}

#[test]
fn an_engine_that_never_starts_is_a_fault_in_bench_engines() {
    let file = quick_engines();
    let a = format!("ext:hang@{}", file.display());
    let out = mancala(&[
        "bench",
        "engines",
        "--variant",
        "kalah",
        "--engine",
        &a,
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let row = &v["rows"][0];
    assert_eq!(row["moves"], 0, "{row}");
    assert_eq!(row["faults"], row["faults_by_kind"]["start"], "{row}");
    assert_eq!(row["seconds_per_move"], 0.0, "{row}");
}

/// `mancala serve` with the engines file `file`, `args` and `env`, and where it listens.
fn serve_with(file: &Path, args: &[&str], env: &[(&str, &str)]) -> (std::process::Child, String) {
    use std::io::BufRead;
    let mut child = Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(["serve", "--port", "0", "--threads", "1"])
        .args(args)
        .envs(env.iter().copied())
        .env("MANCALA_ENGINES", file)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    std::io::BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let url = line
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .unwrap_or_else(|| panic!("{line:?}"));
    let addr = url.trim_start_matches("http://").trim_end_matches('/');
    (child, addr.to_string())
}

/// `POST /api/engine` with `body` to the server at `addr`: the status and the body.
fn post_engine(addr: &str, body: &str) -> (u16, String) {
    use std::io::{Read, Write};
    let mut tcp = std::net::TcpStream::connect(addr).unwrap();
    let head = format!(
        "POST /api/engine HTTP/1.1\r\nHost: {addr}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    tcp.write_all(head.as_bytes()).unwrap();
    tcp.write_all(body.as_bytes()).unwrap();
    let mut answer = String::new();
    tcp.read_to_string(&mut answer).unwrap();
    let status = answer.split_whitespace().nth(1).unwrap().parse().unwrap();
    let body = answer.split_once("\r\n\r\n").map(|x| x.1).unwrap_or("");
    (status, body.to_string())
}

#[test]
fn serve_holds_an_engine_to_the_requests_time_whatever_its_margin() {
    let dir = scratch("serve-margin");
    let file = dir.join("engines.toml");
    let script = example("misbehave.py");
    std::fs::write(
        &file,
        format!(
            "[engine.slow]\ncommand = [\"python3\", {script:?}, \"slow\"]\nmargin = 20000\n\
             [engine.good]\ncommand = [\"python3\", {script:?}, \"slow\", \"1000\"]\nmargin = 20000\n"
        ),
    )
    .unwrap();
    let (mut server, addr) = serve_with(&file, &["--time", "2"], &[]);
    let t = std::time::Instant::now();
    let (status, body) = post_engine(&addr, r#"{"variant":"oware","engine":"ext:slow"}"#);
    let took = t.elapsed();
    assert_eq!(status, 400, "{body}");
    assert!(body.contains("time: no move within"), "{body}");
    assert!(took < Duration::from_secs(3), "{took:?}");
    // An engine that answers at once within the time the margin leaves.
    let (status, body) = post_engine(&addr, r#"{"variant":"oware","engine":"ext:good","time":1}"#);
    assert_eq!(status, 200, "{body}");
    // A name the file lacks: the server's file is not shown to the client.
    let (status, body) = post_engine(&addr, r#"{"variant":"oware","engine":"ext:nosuch"}"#);
    assert_eq!(status, 400, "{body}");
    assert!(
        body.contains("no such engine") && !body.contains("engines.toml"),
        "{body}"
    );
    let _ = server.kill();
    let _ = server.wait();
}

#[test]
fn rate_says_why_an_engine_failed() {
    let a = format!(
        "cmd[time=5000]:python3 {} illegal 0",
        example("misbehave.py")
    );
    let args = [
        "rate",
        "oware",
        "--width",
        "3",
        "--seeds",
        "2",
        "--engine",
        &a,
        "--positions",
        "6",
        "--seed",
        "3",
    ];
    let v = common::json(&[&args[..], &["--json"]].concat());
    let all = &v["all"];
    assert_eq!(
        (all["positions"].as_u64(), all["failures"].as_u64()),
        (Some(6), Some(6))
    );
    assert_eq!(
        all["failures_by_kind"],
        serde_json::json!({"illegal": 6}),
        "{all}"
    );
    let first = v["first_failure"].as_str().unwrap();
    assert!(first.starts_with("illegal: move '99'"), "{first}");
    let text = common::ok(&args);
    let last = text.lines().last().unwrap();
    assert!(
        last.starts_with("failures by kind: illegal 6; the first: illegal: move '99'"),
        "{text}"
    );
    // An engine that never fails: no kinds, no first failure.
    let b = format!("cmd[time=5000]:sh {}", example("random.sh"));
    let v = common::json(&[
        "rate",
        "oware",
        "--width",
        "3",
        "--seeds",
        "2",
        "--engine",
        &b,
        "--positions",
        "4",
        "--json",
    ]);
    assert_eq!(v["all"]["failures_by_kind"], serde_json::json!({}));
    assert_eq!(v["first_failure"], Value::Null);
}

#[cfg(target_os = "linux")]
#[test]
fn a_terminated_server_ends_the_engine_it_runs() {
    use std::os::unix::process::ExitStatusExt;
    let dir = scratch("serve-term");
    let file = dir.join("engines.toml");
    let pids = dir.join("pids");
    std::fs::write(
        &file,
        format!(
            "[engine.forked]\ncommand = [\"python3\", {:?}, \"forked\"]\ntime = 60000\n",
            example("misbehave.py")
        ),
    )
    .unwrap();
    let env = [("MISBEHAVE_PID_FILE", pids.to_str().unwrap())];
    let (mut server, addr) = serve_with(&file, &["--time", "60"], &env);
    // The engine starts a child and never answers: the request waits.
    let request = std::thread::spawn(move || {
        let body = r#"{"variant":"oware","engine":"ext:forked"}"#;
        let _ = std::panic::catch_unwind(|| post_engine(&addr, body));
    });
    let until = std::time::Instant::now() + Duration::from_secs(20);
    while recorded(&pids).is_empty() && std::time::Instant::now() < until {
        std::thread::sleep(Duration::from_millis(20));
    }
    let child = recorded(&pids);
    assert_eq!(child.len(), 1, "the engine started its child");
    let ok = Command::new("kill")
        .args(["-TERM", &server.id().to_string()])
        .status()
        .unwrap()
        .success();
    assert!(ok);
    let status = server.wait().unwrap();
    assert_eq!(status.signal(), Some(15), "{status:?}");
    let left = left_after(&child, Duration::from_millis(100));
    assert!(left.is_empty(), "left running: {left:?}");
    request.join().unwrap();
}
