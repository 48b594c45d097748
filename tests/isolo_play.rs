//! Every move of `tests/isolo/play.txt` (from the independent Python reference
//! `tools/reference/isolo_ref.py`) played by the program: the same resulting position text.

use mancala_solver::any::AnyGame;
use mancala_solver::variant;
use mancala_solver::{Game, Notation};
use std::path::Path;

#[test]
fn every_move_of_the_reference_gives_the_same_position() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/isolo/play.txt");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut checked = 0;
    for (n, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let at = format!("{}:{}", path.display(), n + 1);
        let f: Vec<&str> = line.split('|').collect();
        assert_eq!(f.len(), 5, "{at}: five fields");
        let rules: Vec<String> = f[1].split_whitespace().map(String::from).collect();
        let AnyGame::Isolo(g, pos) =
            variant::setup(f[0], variant::Size::default(), &rules, Some(f[2]))
                .unwrap_or_else(|e| panic!("{at}: {e}"))
        else {
            panic!("{at}: not an Isolo game")
        };
        let mv = g
            .parse_move(&pos, f[3])
            .unwrap_or_else(|e| panic!("{at}: {e}"));
        let after = g.play(&pos, mv);
        assert_eq!(g.format_position(&after), f[4], "{at}: {} {}", f[2], f[3]);
        checked += 1;
    }
    assert!(checked >= 300, "{checked} moves checked");
}
