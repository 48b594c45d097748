//! Helpers shared by the integration tests.
#![allow(dead_code)]

use mancala_solver::tworow;
use mancala_solver::{Kind, TwoRow};

/// The rules of `kind` at `width` with the given `name=value` options.
pub fn game(kind: Kind, width: usize, rules: &[&str]) -> TwoRow {
    let rules: Vec<String> = rules.iter().map(|s| s.to_string()).collect();
    let opts = tworow::Options::parse(kind, &rules).unwrap();
    TwoRow::new(kind, width, 1, opts).unwrap()
}

/// Every rule set of every two-row variant: each option's values in turn, all combinations.
pub fn all_rule_sets() -> Vec<(Kind, Vec<String>)> {
    let mut out = Vec::new();
    for kind in Kind::ALL {
        let mut sets: Vec<Vec<String>> = vec![vec![]];
        for spec in kind.options() {
            let mut next = Vec::new();
            for s in &sets {
                for v in spec.values {
                    let mut t = s.clone();
                    t.push(format!("{}={}", spec.name, v));
                    next.push(t);
                }
            }
            sets = next;
        }
        for s in sets {
            out.push((kind, s));
        }
    }
    out
}

/// Silences a build's progress.
pub fn quiet(_: &mancala_tablebases::Progress) {}
