//! The perft harness of the three- and four-player game: every `tests/perft/players/*.perft`
//! file (the format of tests/perft/README.md, with a `players N` line), whose counts come from
//! the independent Python reference `tools/reference/kpo_players_ref.py`.

use mancala_solver::kpo_players::{KpoPlayers, Options};
use mancala_solver::nseat::{perft, SeatNotation};
use std::path::Path;

/// Runs one golden file; returns the number of checks made.
fn run_file(path: &Path) -> usize {
    let text = std::fs::read_to_string(path).unwrap();
    let mut players = 0usize;
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
            "variant" => assert_eq!(rest.trim(), "kpo", "{at}"),
            "players" => players = rest.trim().parse().unwrap(),
            "rules" => rules = rest.split_whitespace().map(String::from).collect(),
            "position" => position = Some(rest.trim().to_string()),
            "perft" => {
                let mut it = rest.split_whitespace().map(|x| x.parse::<u64>().unwrap());
                let (depth, nodes) = (it.next().unwrap() as u32, it.next().unwrap());
                let text = position
                    .as_deref()
                    .unwrap_or_else(|| panic!("{at}: no position"));
                let width = text.split('/').next().unwrap().split(',').count();
                let opts = Options::parse(players, &rules).unwrap_or_else(|e| panic!("{at}: {e}"));
                let g = KpoPlayers::new(players, width, 1, opts)
                    .unwrap_or_else(|e| panic!("{at}: {e}"));
                let pos = g
                    .parse_position(text)
                    .unwrap_or_else(|e| panic!("{at}: {e}"));
                assert_eq!(
                    perft(&g, &pos, depth),
                    nodes,
                    "{at}: {players} players {rules:?} perft {depth} of {text}"
                );
                checks += 1;
            }
            other => panic!("{at}: unknown line kind '{other}'"),
        }
    }
    checks
}

#[test]
fn golden_perft_files_of_three_and_four_players() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/perft/players");
    for name in ["kpo-3.perft", "kpo-4.perft"] {
        let checks = run_file(&dir.join(name));
        assert!(checks > 100, "{name} checks only {checks} counts");
    }
}
