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

/// Plays `games` random games, checking every position met; returns the positions checked
/// and the moves among theirs that name capture choices (`:`).
fn agree(
    kind: Kind,
    rules: &[String],
    width: usize,
    seeds: u32,
    games: usize,
    seed: u64,
) -> (usize, usize) {
    let g = FourRow::new(kind, width, seeds, Options::parse(kind, rules).unwrap()).unwrap();
    let r = Reference::new(kind.id(), width, rules).with_lap_budget(2000);
    let mut rng = Lcg(seed);
    let (mut checked, mut chosen) = (0, 0);
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
            chosen += fast.iter().filter(|(name, _)| name.contains(':')).count();
            if moves.is_empty() {
                break;
            }
            pos = g.play(&pos, moves[rng.next(moves.len())]);
        }
    }
    (checked, chosen)
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
            )
            .0;
        }
    }
    assert!(total > 1000, "only {total} positions checked");
}

/// Under `capture=may` too (chisolo-ii and mwambulula): the fast listing explores the
/// sequences of choices with Brent's detection and remembers the cycles of laps it found
/// (`FourRow::explore`); the reference follows every way with sets of lap states.
#[test]
fn fast_agrees_with_reference_when_captures_may_be_declined() {
    let (mut total, mut chosen) = (0, 0);
    for (i, kind) in [Kind::ChisoloII, Kind::Mwambulula].into_iter().enumerate() {
        let mut rule_sets = vec![vec!["capture=may"], vec!["capture=may", "singles=free"]];
        if kind == Kind::Mwambulula {
            rule_sets.push(vec!["capture=may", "resow=end"]);
        }
        for rules in rule_sets {
            let rules: Vec<String> = rules.into_iter().map(String::from).collect();
            for (width, seeds) in [(2, 1), (2, 2), (3, 1), (3, 2), (4, 1)] {
                let seed = 7 + i as u64 * 31 + width as u64;
                let (t, c) = agree(kind, &rules, width, seeds, 4, seed);
                total += t;
                chosen += c;
            }
        }
    }
    eprintln!("{total} positions, {chosen} moves with choices");
    assert!(total > 300, "only {total} positions checked");
    assert!(chosen > 1000, "only {chosen} moves with capture choices");
}
