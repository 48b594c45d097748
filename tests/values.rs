//! Known values as data (`tests/values/two-row.txt`, `tests/values/four-row.txt`): published
//! values and values computed independently or by the project, each checked through the
//! search alone and through the endgame tables, as its row says, by the command line a user
//! runs.

mod common;

use common::*;
use serde_json::Value;

/// One row of the data file.
struct Row {
    variant: String,
    rules: Vec<String>,
    width: String,
    position: Option<String>,
    seeds: Option<String>,
    value: i64,
    best: Option<Vec<String>>,
    moves: Option<Vec<(String, i64)>>,
    by: Vec<String>,
    source: String,
}

/// The data lines of a values file (comments and blank lines left out), each split at `|`
/// into `n` trimmed fields, with the line itself.
fn data_lines(text: &str, n: usize) -> impl Iterator<Item = (Vec<&str>, &str)> {
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(move |l| {
            let f: Vec<&str> = l.split('|').map(str::trim).collect();
            assert_eq!(f.len(), n, "{n} fields: {l}");
            (f, l)
        })
}

/// The seeds on the board of position text (its first word's counts).
fn board_seeds(text: &str) -> u32 {
    text.split_whitespace()
        .next()
        .unwrap()
        .split(['/', ','])
        .map(|c| c.parse::<u32>().unwrap())
        .sum()
}

fn rows() -> Vec<Row> {
    data_lines(include_str!("values/two-row.txt"), 9)
        .map(|(f, l)| {
            let (position, seeds) = match f[3].strip_prefix("start ") {
                Some(s) => (None, Some(s.to_string())),
                None => (Some(f[3].to_string()), None),
            };
            Row {
                variant: f[0].to_string(),
                rules: f[1].split_whitespace().map(str::to_string).collect(),
                width: f[2].to_string(),
                position,
                seeds,
                value: f[4].parse().unwrap_or_else(|_| panic!("value of {l}")),
                best: (f[5] != "-").then(|| f[5].split_whitespace().map(str::to_string).collect()),
                moves: (f[6] != "-").then(|| {
                    f[6].split_whitespace()
                        .map(|mv| {
                            let (m, v) = mv.split_once(':').expect("name:value");
                            (m.to_string(), v.parse().expect("a value"))
                        })
                        .collect()
                }),
                by: f[7].split_whitespace().map(str::to_string).collect(),
                source: f[8].to_string(),
            }
        })
        .collect()
}

impl Row {
    /// The game and position arguments of a command.
    fn args(&self) -> Vec<String> {
        let mut a = vec![
            self.variant.clone(),
            "--width".to_string(),
            self.width.clone(),
        ];
        for r in &self.rules {
            a.extend(["--rule".to_string(), r.clone()]);
        }
        match (&self.position, &self.seeds) {
            (Some(p), _) => a.extend(["--position".to_string(), p.clone()]),
            (None, Some(s)) => a.extend(["--seeds".to_string(), s.clone()]),
            (None, None) => unreachable!("a position or the start"),
        }
        a
    }

    fn run(&self, command: &[&str], more: &[&str]) -> Value {
        let mut args: Vec<String> = command.iter().map(|s| s.to_string()).collect();
        args.extend(self.args());
        args.extend(more.iter().map(|s| s.to_string()));
        args.push("--json".to_string());
        let refs: Vec<&str> = args.iter().map(String::as_str).collect();
        json(&refs)
    }

    fn what(&self) -> String {
        format!("{} {:?} ({})", self.variant, self.args(), self.source)
    }

    /// The best moves and the move values of a `moves` object of value per move name.
    fn check_best(&self, moves: &Value, how: &str) {
        for (m, v) in self.moves.iter().flatten() {
            assert_eq!(
                moves[m].as_i64(),
                Some(*v),
                "move {m} by {how}: {}",
                self.what()
            );
        }
        let Some(best) = &self.best else { return };
        let mut got: Vec<String> = moves
            .as_object()
            .unwrap()
            .iter()
            .filter(|(_, v)| v.as_i64() == Some(self.value))
            .map(|(m, _)| m.clone())
            .collect();
        got.sort();
        let mut want = best.clone();
        want.sort();
        assert_eq!(got, want, "best moves by {how}: {}", self.what());
    }
}

#[test]
fn known_values_by_the_search() {
    for row in rows().iter().filter(|r| r.by.iter().any(|b| b == "search")) {
        let j = row.run(&["solve"], &["--memory", "0", "--threads", "2"]);
        assert_eq!(j["method"], "search", "{}", row.what());
        assert_eq!(j["exact"], true, "{}", row.what());
        assert_eq!(j["value"].as_i64(), Some(row.value), "{}", row.what());
        if row.best.is_some() || row.moves.is_some() {
            let a = row.run(&["analyze"], &["--memory", "0", "--threads", "2"]);
            row.check_best(&a["moves"], "the search");
        }
    }
}

#[test]
fn known_values_by_the_tables() {
    for row in rows().iter().filter(|r| r.by.iter().any(|b| b == "tables")) {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path().to_str().unwrap();
        // The position's seeds: every slice up to them.
        let start = row.run(&["start"], &[]);
        let text = start["position"].as_str().unwrap().to_string();
        let seeds = board_seeds(&text);
        let mut build = vec![
            "tablebase",
            "build",
            row.variant.as_str(),
            "--width",
            row.width.as_str(),
        ];
        for r in &row.rules {
            build.extend(["--rule", r.as_str()]);
        }
        let stones = seeds.to_string();
        build.extend([
            "--max-stones",
            stones.as_str(),
            "--dir",
            d,
            "--threads",
            "2",
        ]);
        ok(&build);
        let mut probe = vec!["tablebase", "probe", row.variant.as_str()];
        for r in &row.rules {
            probe.extend(["--rule", r.as_str()]);
        }
        probe.extend(["--position", text.as_str(), "--dir", d, "--json"]);
        let p = json(&probe);
        assert_eq!(p["value"].as_i64(), Some(row.value), "{}", row.what());
        row.check_best(&p["moves"], "the tables");
        // The solve planner, given the folder, answers from it.
        let j = row.run(&["solve"], &["--tablebases", d]);
        assert_eq!(j["value"].as_i64(), Some(row.value), "{}", row.what());
    }
}

/// One row of `tests/values/four-row.txt`.
struct FourRowValue {
    variant: String,
    rules: Vec<String>,
    width: String,
    position: String,
    value: i64,
    plies: Option<u64>,
    by: Vec<String>,
    source: String,
}

fn four_row_values() -> Vec<FourRowValue> {
    data_lines(include_str!("values/four-row.txt"), 8)
        .map(|(f, l)| FourRowValue {
            variant: f[0].to_string(),
            rules: f[1].split_whitespace().map(str::to_string).collect(),
            width: f[2].to_string(),
            position: f[3].to_string(),
            value: f[4].parse().unwrap_or_else(|_| panic!("value of {l}")),
            plies: (f[5] != "-").then(|| f[5].parse().expect("plies")),
            by: f[6].split_whitespace().map(str::to_string).collect(),
            source: f[7].to_string(),
        })
        .collect()
}

impl FourRowValue {
    /// `command` on the row's game and position (`--json`), with `more` options.
    fn run(&self, command: &[&str], more: &[&str]) -> Value {
        let mut args: Vec<&str> = command.to_vec();
        args.extend([self.variant.as_str(), "--width", self.width.as_str()]);
        for r in &self.rules {
            args.extend(["--rule", r.as_str()]);
        }
        args.extend(["--position", self.position.as_str()]);
        args.extend(more);
        args.push("--json");
        json(&args)
    }

    fn what(&self) -> String {
        format!("{} {} ({})", self.variant, self.position, self.source)
    }

    fn check(&self, j: &Value, how: &str) {
        assert_eq!(
            j["value"].as_i64(),
            Some(self.value),
            "{how}: {}",
            self.what()
        );
        assert_eq!(j["plies"].as_u64(), self.plies, "{how}: {}", self.what());
    }
}

#[test]
fn four_row_values_by_the_search() {
    for row in four_row_values()
        .iter()
        .filter(|r| r.by.iter().any(|b| b == "search"))
    {
        let j = row.run(&["solve"], &["--threads", "2"]);
        assert_eq!(j["exact"], true, "{}", row.what());
        row.check(&j, "solve");
    }
}

#[test]
fn four_row_values_by_the_tables() {
    for row in four_row_values()
        .iter()
        .filter(|r| r.by.iter().any(|b| b == "tables"))
    {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path().to_str().unwrap();
        let seeds = board_seeds(&row.position);
        let stones = seeds.to_string();
        let mut build = vec![
            "tablebase",
            "build",
            row.variant.as_str(),
            "--width",
            row.width.as_str(),
        ];
        for r in &row.rules {
            build.extend(["--rule", r.as_str()]);
        }
        build.extend([
            "--max-stones",
            stones.as_str(),
            "--dir",
            d,
            "--threads",
            "2",
        ]);
        ok(&build);
        let p = row.run(&["tablebase", "probe"], &["--dir", d]);
        row.check(&p, "the tables");
        // The search over the same tables gives the same value and plies.
        let j = row.run(&["solve"], &["--tablebases", d, "--threads", "2"]);
        row.check(&j, "solve over the tables");
    }
}
