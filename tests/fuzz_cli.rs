//! The command line fuzzed: argument lists drawn from the commands, the variants, their
//! options and hostile values (negative, huge, empty, control characters, escape sequences,
//! long words) are each answered with exit status 0, or 2 and one clean error line on stderr
//! (no raw control character, at most the documented length); never a panic, a signal or a
//! second line. A command still working after a few seconds is stopped: not a failure (a
//! real job on a random board), and bounded so the test stays short.

use proptest::prelude::*;
use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const COMMANDS: &[&[&str]] = &[
    &["start"],
    &["show"],
    &["moves"],
    &["play"],
    &["perft", "--depth"],
    &["solve", "--time", "1"],
    &["analyze", "--time", "1"],
    &["match", "--games", "2", "--a"],
    &["tablebase", "info", "--dir"],
    &["tablebase", "probe", "--dir"],
    &["tablebase", "build", "--max-stones"],
    &["variants"],
    &["bench", "--threads"],
];

const WORDS: &[&str] = &[
    "kalah",
    "oware",
    "warri",
    "kale",
    "kpo",
    "chisolo",
    "chisolo-ii",
    "toka",
    "nchuba",
    "kanotta",
    "natatu",
    "mwambulula",
    "isolo",
    "isolo-ii",
    "mulabalaba",
    "mulabalaba-morris",
    "nine-mens-morris",
    "--width",
    "--seeds",
    "--counters",
    "--rule",
    "--position",
    "--players",
    "--phase",
    "--store",
    "--max-hole",
    "--json",
    "--memory",
    "--tt-mb",
    "--threads",
    "--time",
    "--depth",
    "--dir",
    "--b",
    "3",
    "-1",
    "0",
    "99999999999999999999",
    "1e308",
    "NaN",
    "",
    "4,4,4/4,4,4 S",
    "1,2/3 S",
    "x=y",
    "capture=may",
    "grandslam=illegal",
    "1G",
    "10T",
    "alphabeta:depth=2",
    "random",
    "a\nb",
    "\u{1b}[2J",
    "\u{7}bell",
    "é",
    "/dev/null",
    "/no/such",
    "play",
    "fore",
    "-",
];

/// Runs `args` in a fresh folder for at most `limit`: the exit code (`None`: stopped) and
/// stderr.
fn run(args: &[String], limit: Duration) -> (Option<i32>, String, Option<i32>) {
    let dir = tempfile::tempdir().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(args)
        .current_dir(dir.path())
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stderr = child.stderr.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = stderr.read_to_end(&mut s);
        s
    });
    let t = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break Some(s);
        }
        if t.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let err = String::from_utf8_lossy(&reader.join().unwrap()).into_owned();
    #[cfg(unix)]
    let signal = status.and_then(|s| std::os::unix::process::ExitStatusExt::signal(&s));
    #[cfg(not(unix))]
    let signal = None;
    (status.and_then(|s| s.code()), err, signal)
}

fn argv() -> impl Strategy<Value = Vec<String>> {
    (
        0..COMMANDS.len(),
        prop::collection::vec(
            prop_oneof![
                3 => (0..WORDS.len()).prop_map(|i| WORDS[i].to_string()),
                1 => "[ -~\\n\\t\\x1b]{0,12}",
                1 => "[0-9]{1,30}",
            ],
            0..6,
        ),
    )
        .prop_map(|(c, rest)| {
            let mut a: Vec<String> = COMMANDS[c].iter().map(|s| s.to_string()).collect();
            // The command's own value (a count, a folder, an engine) first, then the rest.
            a.extend(rest);
            a
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn every_command_line_is_answered_or_refused_in_one_line(args in argv()) {
        let (code, err, signal) = run(&args, Duration::from_secs(4));
        prop_assert!(signal.is_none(), "{args:?}: killed by signal {signal:?}: {err}");
        if let Some(code) = code {
            prop_assert!(code == 0 || code == 2, "{args:?}: exit {code}: {err}");
            prop_assert!(!err.contains("panicked"), "{args:?}: {err}");
            if code == 2 {
                let lines: Vec<&str> = err.lines().filter(|l| l.starts_with("error:")).collect();
                prop_assert_eq!(lines.len(), 1, "{:?}: {}", args, err);
                let line = lines[0];
                prop_assert!(!line.chars().any(|c| c.is_control()), "{args:?}: {line:?}");
                prop_assert!(
                    line.chars().count() <= mancala_analysis::error::MAX_ERROR_LINE,
                    "{args:?}: {} characters", line.chars().count()
                );
            }
        }
    }
}
