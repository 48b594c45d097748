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
    &["rate", "--positions", "5", "--engine"],
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
    "--seeds-range",
    "--tablebases",
    "1..5",
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

/// An argument of 5,000 characters, one word or many, to each option and place that quotes
/// it: refused with exit status 2 and one error line of at most `MAX_ERROR_LINE` characters.
#[test]
fn long_arguments_are_refused_in_short_lines() {
    let most = mancala_analysis::error::MAX_ERROR_LINE;
    let word = "x".repeat(5000);
    let words = "ab ".repeat(1666);
    // Relative paths, in the fresh folder `run` works in: too long for any folder to be made.
    let paths = ["p/".repeat(2500), format!("d/{words}")];
    let counts = "1,".repeat(2500);
    for (long, path) in [word.as_str(), words.as_str()].into_iter().zip(&paths) {
        let (name, value) = (format!("{long}=1"), format!("chain={long}"));
        let cases: Vec<Vec<&str>> = vec![
            vec!["solve", "warri", "--position", &counts],
            vec!["solve", "warri", "--position", long],
            vec!["play", "warri", long],
            vec!["solve", "warri", "--rule", &name],
            vec!["solve", "warri", "--rule", &value],
            vec!["solve", long],
            vec!["solve", "warri", "--memory", long],
            vec!["solve", "warri", "--time", long],
            vec!["solve", "warri", "--width", long],
            vec!["solve", "warri", "--tablebases", path],
            vec![
                "tablebase",
                "build",
                "warri",
                "--max-stones",
                "3",
                "--dir",
                path,
            ],
            vec!["tablebase", "verify", "--dir", path],
            vec!["proof", "check", path],
            vec!["match", "kalah", "--a", long, "--b", "random"],
            vec!["solve", "warri", long],
            vec![long],
        ];
        for args in cases {
            let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
            let (code, err, _) = run(&args, Duration::from_secs(20));
            let short: Vec<String> = args.iter().map(|a| a.chars().take(30).collect()).collect();
            assert_eq!(code, Some(2), "{short:?}: {err}");
            assert_eq!(err.lines().count(), 1, "{short:?}: {err}");
            let n = err.trim_end().chars().count();
            assert!(n <= most, "{short:?}: {n} characters: {err}");
        }
    }
}

/// Perft depths past what can ever finish, cases the fuzzer found: refused with exit status 2
/// and one line (the recursion of a cycling game once overflowed the stack on them).
#[test]
fn perft_depths_beyond_the_limit_are_refused_in_one_line() {
    for args in [
        &["perft", "--depth", "65200", "oware"][..],
        &["perft", "--depth", "65", "kpo", "--players", "3"],
        &["perft", "--depth", "18446744073709551615", "warri"],
    ] {
        let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
        let (code, err, _) = run(&args, Duration::from_secs(20));
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains("depth"), "{args:?}: {err}");
    }
}
