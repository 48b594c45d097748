//! The fast four-row rules agree with the slow reference (`fourrow::reference`) along many
//! random games of every variant and option, at several widths: same move names, leading to
//! the same positions (as text).

use mancala_solver::fourrow::reference::Reference;
use mancala_solver::fourrow::{FourRow, Kind, Options};
use mancala_solver::{Game, Notation};

/// A small deterministic generator (no dependency needed).
struct Lcg(u64);
impl Lcg {
    fn next(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

fn configs() -> Vec<(Kind, Vec<String>)> {
    let mut v = Vec::new();
    for k in Kind::ALL {
        v.push((k, vec![]));
    }
    v.push((Kind::Mwambulula, vec!["resow=end".to_string()]));
    v.push((Kind::Mwambulula, vec!["singles=free".to_string()]));
    v.push((Kind::ChisoloII, vec!["singles=free".to_string()]));
    v
}

fn agree(kind: Kind, rules: &[String], width: usize, seeds: u32, games: usize, seed: u64) -> usize {
    let g = FourRow::new(kind, width, seeds, Options::parse(kind, rules).unwrap()).unwrap();
    let r = Reference::new(kind.id(), width, rules).with_lap_budget(2000);
    let mut rng = Lcg(seed);
    let mut checked = 0;
    for _ in 0..games {
        let mut pos = g.start();
        for _ply in 0..200 {
            let text = g.format_position(&pos);
            assert_eq!(
                g.parse_position(&text).unwrap(),
                pos,
                "round trip of {text}"
            );
            // Relay sowings of many seeds can take millions of laps: such games stop here.
            let Some(mut slow) = r.children(&text) else {
                break;
            };
            let moves = g.legal_moves(&pos);
            let mut fast: Vec<(String, String)> = moves
                .iter()
                .map(|&m| (g.move_name(&pos, m), g.format_position(&g.play(&pos, m))))
                .collect();
            fast.sort();
            slow.sort();
            assert_eq!(fast, slow, "{} {rules:?} moves of {text}", kind.id());
            checked += 1;
            if moves.is_empty() {
                break;
            }
            pos = g.play(&pos, moves[rng.next(moves.len())]);
        }
    }
    checked
}

#[test]
fn fast_agrees_with_reference_on_random_games() {
    let mut total = 0;
    for (i, (kind, rules)) in configs().into_iter().enumerate() {
        for (width, seeds) in [
            (3, 1),
            (3, 2),
            (4, 2),
            (5, 3),
            (kind.default_width(), kind.default_seeds()),
        ] {
            total += agree(
                kind,
                &rules,
                width,
                seeds,
                6,
                17 + i as u64 * 101 + width as u64,
            );
        }
    }
    assert!(total > 1000, "only {total} positions checked");
}
