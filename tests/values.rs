//! Known values as data (`tests/values/*.csv`, described in `tests/values/README.md`):
//! published values and values computed independently or by the project, each checked by
//! the command line a user runs, through the ways its row's `by` column names.

mod common;

use common::*;
use serde_json::Value;

/// One row of a values file.
#[derive(Debug)]
struct Row {
    variant: String,
    options: Vec<String>,
    position: Option<String>,
    /// The value as written: one number, or every player's paranoid value (kpo for three
    /// and four players: `3 2 0`, a fraction as `4/3`).
    value: String,
    plies: Option<u64>,
    best: Option<Vec<String>>,
    moves: Vec<(String, i64)>,
    by: Vec<String>,
    source: String,
}

/// The rows of `tests/values/{name}.csv`.
fn rows(name: &str) -> Vec<Row> {
    let path = format!("{}/tests/values/{name}.csv", env!("CARGO_MANIFEST_DIR"));
    let mut reader = csv::Reader::from_path(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let header: Vec<String> = reader
        .headers()
        .unwrap()
        .iter()
        .map(str::to_string)
        .collect();
    assert_eq!(
        header,
        ["variant", "options", "position", "value", "plies", "best", "moves", "by", "source"],
        "{path}: the columns"
    );
    let words = |s: &str| -> Vec<String> { s.split_whitespace().map(str::to_string).collect() };
    reader
        .records()
        .map(|r| {
            let f = r.unwrap_or_else(|e| panic!("{path}: {e}"));
            let what = format!("{path}: {f:?}");
            Row {
                variant: f[0].to_string(),
                options: words(&f[1]),
                position: (!f[2].is_empty()).then(|| f[2].to_string()),
                value: f[3]
                    .parse()
                    .unwrap_or_else(|_| panic!("the value of {what}")),
                plies: (!f[4].is_empty()).then(|| {
                    f[4].parse()
                        .unwrap_or_else(|_| panic!("the plies of {what}"))
                }),
                best: (!f[5].is_empty()).then(|| words(&f[5])),
                moves: words(&f[6])
                    .iter()
                    .map(|mv| {
                        let (m, v) = mv.split_once(':').expect("name:value");
                        (m.to_string(), v.parse().expect("a value"))
                    })
                    .collect(),
                by: words(&f[7]),
                source: f[8].to_string(),
            }
        })
        .collect()
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

impl Row {
    /// The value, one number.
    fn value(&self) -> i64 {
        self.value
            .parse()
            .unwrap_or_else(|_| panic!("the value of {}", self.what()))
    }

    /// Every player's paranoid value in shares (1/P seed, P players), as `solve` gives them
    /// in `paranoid_shares`.
    fn paranoid_shares(&self, players: i64) -> Vec<i64> {
        self.value
            .split_whitespace()
            .map(|v| {
                let (num, den) = v.split_once('/').unwrap_or((v, "1"));
                let (num, den): (i64, i64) = (num.parse().unwrap(), den.parse().unwrap());
                assert_eq!(num * players % den, 0, "{v} in 1/{players} seed");
                num * players / den
            })
            .collect()
    }

    fn what(&self) -> String {
        format!(
            "{} {:?} {:?} ({})",
            self.variant, self.options, self.position, self.source
        )
    }

    /// `command` on the row's game, options and position (`--json`), with `more` options.
    fn run(&self, command: &[&str], more: &[&str]) -> Value {
        let mut args: Vec<&str> = command.to_vec();
        args.push(&self.variant);
        args.extend(self.options.iter().map(String::as_str));
        if let Some(p) = &self.position {
            args.extend(["--position", p.as_str()]);
        }
        args.extend(more);
        args.push("--json");
        json(&args)
    }

    /// The row's options among `names` (each with its value): those that name the game
    /// rather than its start, for the tablebase commands.
    fn options_named(&self, names: &[&str]) -> Vec<&str> {
        self.options
            .chunks(2)
            .filter(|pair| names.contains(&pair[0].as_str()))
            .flatten()
            .map(String::as_str)
            .collect()
    }

    /// The value and the plies (where the row gives them) of a result.
    fn check_value(&self, j: &Value, how: &str) {
        assert_eq!(
            j["value"].as_i64(),
            Some(self.value()),
            "value by {how}: {}",
            self.what()
        );
        if self.plies.is_some() {
            assert_eq!(
                j["plies"].as_u64(),
                self.plies,
                "plies by {how}: {}",
                self.what()
            );
        }
    }

    /// The best moves and the move values of a `moves` object of value per move name.
    fn check_best(&self, moves: &Value, how: &str) {
        for (m, v) in &self.moves {
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
            .filter(|(_, v)| v.as_i64() == Some(self.value()))
            .map(|(m, _)| m.clone())
            .collect();
        got.sort();
        let mut want = best.clone();
        want.sort();
        assert_eq!(got, want, "best moves by {how}: {}", self.what());
    }

    /// `solve` (the planner as it chooses, or the search alone with no memory for tables),
    /// and `analyze` the same way where the row gives best moves or move values.
    fn check_solve(&self, search_alone: bool) {
        let mut more = vec!["--threads", "2"];
        if search_alone {
            more.extend(["--memory", "0"]);
        }
        let j = self.run(&["solve"], &more);
        if let Some(players) = self.options_named(&["--players"]).get(1) {
            let players = players.parse().unwrap();
            let shares: Vec<i64> = j["paranoid_shares"]
                .as_array()
                .unwrap_or_else(|| panic!("paranoid_shares: {}", self.what()))
                .iter()
                .map(|v| v.as_i64().unwrap())
                .collect();
            assert_eq!(
                shares,
                self.paranoid_shares(players),
                "paranoid values by solve: {}",
                self.what()
            );
            return;
        }
        if search_alone {
            assert_eq!(j["method"], "search", "{}", self.what());
        }
        assert_eq!(j["exact"], true, "{}", self.what());
        self.check_value(&j, "solve");
        if self.best.is_some() || !self.moves.is_empty() {
            let a = self.run(&["analyze"], &more);
            self.check_best(&a["moves"], "analyze");
        }
    }

    /// `tablebase build` up to the position (every slice up to its seeds; the morris games
    /// by their counters), `tablebase probe`, and `solve` over the folder.
    fn check_tables(&self) {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path().to_str().unwrap();
        let text = match &self.position {
            Some(p) => p.clone(),
            None => self.run(&["start"], &[])["position"]
                .as_str()
                .unwrap()
                .to_string(),
        };
        let mut build = vec!["tablebase", "build", self.variant.as_str()];
        build.extend(self.options_named(&["--width", "--rule", "--counters"]));
        let stones;
        if !self.options.iter().any(|o| o == "--counters") {
            stones = board_seeds(&text).to_string();
            build.extend(["--max-stones", stones.as_str()]);
        }
        build.extend(["--dir", d, "--threads", "2"]);
        ok(&build);
        let mut probe = vec!["tablebase", "probe", self.variant.as_str()];
        probe.extend(self.options_named(&["--width", "--rule"]));
        probe.extend(["--position", text.as_str(), "--dir", d, "--json"]);
        let p = json(&probe);
        self.check_value(&p, "the tables");
        self.check_best(&p["moves"], "the tables");
        let j = self.run(&["solve"], &["--tablebases", d, "--threads", "2"]);
        self.check_value(&j, "solve over the tables");
    }
}

impl Row {
    /// `solve --method proof --proof FILE`: the value, and the certificate of a win or loss
    /// replayed by `proof check` with the same value.
    fn check_proof(&self) {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("p.proof");
        let f = file.to_str().unwrap();
        let j = self.run(
            &["solve"],
            &["--method", "proof", "--proof", f, "--threads", "2"],
        );
        assert_eq!(j["exact"], true, "{}", self.what());
        assert_eq!(j["method"], "proof-number", "{}", self.what());
        assert_eq!(
            j["value"].as_i64(),
            Some(self.value()),
            "value by the proof search: {}",
            self.what()
        );
        if self.value() != 0 {
            self.check_certificate(f);
        }
    }

    /// `proof check FILE`: a valid certificate of the row's position and value.
    fn check_certificate(&self, file: &str) {
        let c = json(&["proof", "check", file, "--json"]);
        assert_eq!(c["valid"], true, "{}", self.what());
        assert_eq!(
            c["variant"].as_str(),
            Some(self.variant.as_str()),
            "{}",
            self.what()
        );
        assert_eq!(
            c["value"].as_i64(),
            Some(self.value()),
            "value by the certificate: {}",
            self.what()
        );
        let start = self.run(&["start"], &[])["position"].clone();
        assert_eq!(
            c["position"],
            start,
            "the certificate's position: {}",
            self.what()
        );
    }
}

/// The committed certificate a `by` word names (`certificate:PATH`, from the repository's
/// root).
fn certificate_of(by: &str) -> Option<String> {
    by.strip_prefix("certificate:")
        .map(|p| format!("{}/{p}", env!("CARGO_MANIFEST_DIR")))
}

/// Checks every row of `tests/values/{name}.csv` whose `by` names `by`; at least one does.
fn check(name: &str, by: &str) {
    let rows: Vec<Row> = rows(name)
        .into_iter()
        .filter(|r| {
            r.by.iter()
                .any(|b| b == by || (by == "certificate" && b.starts_with("certificate:")))
        })
        .collect();
    assert!(!rows.is_empty(), "{name}.csv: no row checked by {by}");
    for row in &rows {
        match by {
            "search" => row.check_solve(true),
            "solve" => row.check_solve(false),
            "tables" => row.check_tables(),
            "proof" => row.check_proof(),
            "certificate" => {
                for file in row.by.iter().filter_map(|b| certificate_of(b)) {
                    row.check_certificate(&file);
                }
            }
            _ => unreachable!("a way to check"),
        }
    }
}

#[test]
fn every_row_names_known_ways() {
    for name in ["two-row", "four-row", "isolo", "morris", "players"] {
        for row in rows(name) {
            assert!(!row.by.is_empty(), "{}", row.what());
            for b in &row.by {
                assert!(
                    ["search", "solve", "tables", "proof"].contains(&b.as_str())
                        || certificate_of(b).is_some_and(|f| std::path::Path::new(&f).is_file()),
                    "{name}.csv: by {b}: {}",
                    row.what()
                );
            }
            assert!(!row.source.is_empty(), "{}", row.what());
        }
    }
}

#[test]
fn two_row_values_by_the_search() {
    check("two-row", "search");
}

#[test]
fn two_row_values_by_the_tables() {
    check("two-row", "tables");
}

#[test]
fn four_row_values_by_solve() {
    check("four-row", "solve");
}

#[test]
fn four_row_values_by_the_tables() {
    check("four-row", "tables");
}

#[test]
fn isolo_values_by_solve() {
    check("isolo", "solve");
}

#[test]
fn morris_values_by_solve() {
    check("morris", "solve");
}

#[test]
fn players_values_by_solve() {
    check("players", "solve");
}

#[test]
fn morris_values_by_the_tables() {
    check("morris", "tables");
}

#[test]
fn four_row_values_by_the_proof_search() {
    check("four-row", "proof");
}

#[test]
fn isolo_values_by_the_proof_search() {
    check("isolo", "proof");
}

#[test]
fn morris_values_by_the_proof_search() {
    check("morris", "proof");
}

#[test]
fn four_row_values_by_their_certificates() {
    check("four-row", "certificate");
}
