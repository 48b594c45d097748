//! The generic perft harness: every `tests/perft/*.perft` file (format in its README).

use mancala_solver::any::AnyGame;
use mancala_solver::perft::perft;
use mancala_solver::variant;
use std::path::Path;

/// Perft of position text in any game.
/// Runs one golden file; returns the number of checks made.
fn run_file(path: &Path) -> usize {
    let name = path.file_stem().unwrap().to_string_lossy().to_string();
    let text = std::fs::read_to_string(path).unwrap();
    let mut var = name.clone();
    let mut rules: Vec<String> = Vec::new();
    let mut position: Option<String> = None;
    let mut checks = 0;
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        let at = format!("{}:{}", path.display(), n + 1);
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        match word {
            "variant" => var = rest.trim().to_string(),
            "rules" => rules = rest.split_whitespace().map(String::from).collect(),
            "position" => position = Some(rest.trim().to_string()),
            "perft" => {
                let mut it = rest.split_whitespace().map(|x| x.parse::<u64>().unwrap());
                let (depth, nodes) = (it.next().unwrap() as u32, it.next().unwrap());
                let pos_text = position
                    .as_deref()
                    .unwrap_or_else(|| panic!("{at}: no position"));
                // The width is the position's (its first row's pits).
                let got =
                    match variant::setup(&var, variant::Size::default(), &rules, Some(pos_text))
                        .unwrap_or_else(|e| panic!("{at}: {e}"))
                    {
                        AnyGame::Two(g, pos) => perft(&*g, &pos, depth),
                        AnyGame::Four(g, pos) => perft(&g, &pos, depth),
                        AnyGame::Morris(g, pos) => perft(&g, &pos, depth),
                        AnyGame::Isolo(g, pos) => perft(&g, &pos, depth),
                    };
                assert_eq!(
                    got, nodes,
                    "{at}: {var} {rules:?} perft {depth} of {pos_text}"
                );
                checks += 1;
            }
            other => panic!("{at}: unknown line kind '{other}'"),
        }
    }
    checks
}

#[test]
fn golden_perft_files() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/perft");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "perft"))
        .collect();
    files.sort();
    let mut variants = Vec::new();
    for f in &files {
        let checks = run_file(f);
        assert!(checks > 0, "{} checks nothing", f.display());
        variants.push(f.file_stem().unwrap().to_string_lossy().to_string());
    }
    for v in [
        "kalah",
        "kale",
        "kpo",
        "oware",
        "warri",
        "mulabalaba",
        "toka",
        "kanotta",
        "nchuba",
        "nakabili",
        "kabwanga",
        "chisolo",
        "natatu",
        "chisolo-ii",
        "mwambulula",
        "isolo",
        "isolo-ii",
    ] {
        assert!(variants.iter().any(|x| x == v), "no perft file for {v}");
    }
}
