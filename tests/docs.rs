//! The help and the README against the program: every option a command's help or the
//! README's command table names is one the command accepts, every engine form they name is
//! accepted and every engine parameter the program accepts is named, and the per-family
//! defaults in the help are the catalogue's.

mod common;

use common::*;
use mancala_solver::fourrow::Kind as FourKind;

/// The subcommands (with their parent, for `tablebase ...` and `bench engines`).
const COMMANDS: &[&[&str]] = &[
    &["variants"],
    &["start"],
    &["show"],
    &["moves"],
    &["play"],
    &["perft"],
    &["solve"],
    &["analyze"],
    &["bench"],
    &["bench", "engines"],
    &["match"],
    &["rate"],
    &["report"],
    &["tablebase", "build"],
    &["tablebase", "probe"],
    &["tablebase", "stats"],
    &["tablebase", "verify"],
    &["tablebase", "info"],
];

fn help(cmd: &[&str]) -> String {
    let mut args = cmd.to_vec();
    args.push("--help");
    ok(&args)
}

/// The `--long` options of a help text's option list (lines that start with them).
fn declared(help: &str) -> Vec<String> {
    help.lines()
        .filter_map(|l| {
            let t = l.trim_start();
            let t = t.strip_prefix("-h, ").unwrap_or(t);
            let t = t.split_once(", ").map_or(t, |(short, rest)| {
                if short.starts_with('-') && !short.starts_with("--") {
                    rest
                } else {
                    t
                }
            });
            t.starts_with("--")
                .then(|| t.split([' ', '=', '<']).next().unwrap().to_string())
        })
        .collect()
}

/// Every `--long` token anywhere in a text.
fn mentioned(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (i, _) in text.match_indices("--") {
        let rest = &text[i + 2..];
        let name: String = rest
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
            .collect();
        let before = text[..i].chars().last();
        if !name.is_empty()
            && name.starts_with(|c: char| c.is_ascii_lowercase())
            && before.map_or(true, |c| !c.is_ascii_alphanumeric() && c != '-')
        {
            out.push(format!("--{name}"));
        }
    }
    out
}

#[test]
fn every_option_a_help_names_is_the_commands() {
    for cmd in COMMANDS {
        let h = help(cmd);
        let own = declared(&h);
        assert!(own.contains(&"--help".to_string()), "{cmd:?}: {own:?}");
        for m in mentioned(&h) {
            assert!(
                own.contains(&m),
                "`mancala {} --help` names {m}, which it does not take:\n{h}",
                cmd.join(" ")
            );
        }
    }
}

#[test]
fn every_option_of_the_readme_table_is_accepted() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"))
        .expect("README.md");
    let mut rows = 0;
    for line in readme.lines().filter(|l| l.starts_with("| `mancala ")) {
        let usage = line.split('`').nth(1).unwrap();
        let words: Vec<&str> = usage.split_whitespace().collect();
        // The longest command of COMMANDS the usage starts with.
        let cmd = COMMANDS
            .iter()
            .filter(|c| {
                c.iter().enumerate().all(|(i, w)| {
                    words.get(i + 1).is_some_and(|x| {
                        x.split('|')
                            .any(|alt| alt.trim_matches(['\\', '[', ']']) == *w)
                    })
                })
            })
            .max_by_key(|c| c.len());
        let Some(cmd) = cmd else {
            // `tablebase probe|stats|verify|info ...`: the alternatives are checked one by one.
            continue;
        };
        rows += 1;
        let own = declared(&help(cmd));
        for m in mentioned(usage) {
            assert!(
                own.contains(&m),
                "README names `mancala {} {m}`, which it does not take",
                cmd.join(" ")
            );
        }
    }
    assert!(rows >= 12, "{rows} README rows checked");
}

#[test]
fn every_engine_form_is_documented_and_accepted() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"))
        .expect("README.md");
    let help = help(&["match"]);
    // Every engine and parameter the program accepts, named in both.
    for word in [
        "random",
        "greedy",
        "alphabeta",
        "depth=",
        "nodes=",
        "time=",
        "mcts",
        "iters=",
        "c=",
        "perfect",
        "tt=",
        "cmd:",
        "ext:",
    ] {
        assert!(help.contains(word), "`match --help` does not name {word}");
        assert!(readme.contains(word), "README does not name {word}");
    }
    // Every command that takes an engine takes an external one, and says so.
    for cmd in [&["rate"][..], &["report"], &["bench", "engines"]] {
        let h = self::help(cmd);
        assert!(h.contains("cmd:") && h.contains("ext:"), "{cmd:?} --help");
    }
    // Every form accepted (a one-game match on a tiny board).
    for spec in [
        "random",
        "greedy",
        "alphabeta:depth=2",
        "alphabeta:nodes=100",
        "alphabeta:time=20",
        "mcts:iters=10",
        "mcts:iters=10:c=1.4",
        "perfect:tt=4",
        "perfect:tt=4:time=50",
        concat!(
            "cmd:sh ",
            env!("CARGO_MANIFEST_DIR"),
            "/examples/engines/random.sh"
        ),
        concat!(
            "ext:random-sh@",
            env!("CARGO_MANIFEST_DIR"),
            "/examples/engines/engines.toml"
        ),
    ] {
        ok(&[
            "match",
            "kalah",
            "--width",
            "2",
            "--seeds",
            "1",
            "--a",
            spec,
            "--b",
            "random",
            "--games",
            "1",
            "--threads",
            "1",
        ]);
    }
    says(
        &fails(&[
            "match",
            "kalah",
            "--a",
            "alphabeta:iters=3",
            "--b",
            "random",
        ]),
        &["iters", "depth, nodes, time"],
    );
}

/// The help gives each family's default width and seeds, as the catalogue has them.
#[test]
fn the_help_gives_the_per_family_defaults() {
    let h = help(&["start"]).replace('\n', " ");
    let h = h.split_whitespace().collect::<Vec<_>>().join(" ");
    let width = &h[h.find("--width").unwrap()..h.find("--seeds").unwrap()];
    let seeds = &h[h.find("--seeds").unwrap()..h.find("--rule").unwrap()];
    assert!(width.contains("6 for the two-row games"), "{width}");
    assert!(seeds.contains("4 for the two-row games"), "{seeds}");
    // The first number after a variant's id is its default.
    let after = |text: &str, id: &str| -> Option<u32> {
        let i = text.find(&format!(" {id}"))?;
        let digits: String = text[i..]
            .chars()
            .skip_while(|c| !c.is_ascii_digit())
            .take_while(|c| c.is_ascii_digit())
            .collect();
        digits.parse().ok()
    };
    for k in FourKind::ALL {
        assert_eq!(
            after(width, k.id()),
            Some(k.default_width() as u32),
            "--width default of {}: {width}",
            k.id()
        );
        let listed = after(seeds, k.id());
        let expected = k.default_seeds();
        match listed {
            Some(n) => assert_eq!(n, expected, "--seeds default of {}: {seeds}", k.id()),
            None => assert_eq!(expected, 2, "{} is not listed: {seeds}", k.id()),
        }
        // And `start` does start there.
        let j = json(&["start", k.id(), "--json"]);
        let first = j["position"].as_str().unwrap().split('/').next().unwrap();
        assert_eq!(first.split(',').count(), k.default_width(), "{}", k.id());
    }
}
