//! The builder's paths against each other: the acyclic path (kalah: one evaluation per
//! position, in decreasing potential) against the general fixpoint path, which stays the
//! reference: the same bytes for every slice, width and rule option; a game wrongly claimed
//! acyclic is refused; and the fixpoint path without its confirming full pass (the marking is
//! proven complete for the two-row games) against the same path with it.

mod common;

use common::{all_rule_sets, game};
use mancala_solver::tworow;
use mancala_solver::tworow::board::Pits;
use mancala_solver::{Kind, Notation, TwoRow};
use mancala_tablebases::tworow::build::{Pass, SliceBuilder};
use mancala_tablebases::tworow::index::{potential, Slice};
use mancala_tablebases::tworow::rules::{Edges, SliceRules};
use mancala_tablebases::Error;

/// The values of every slice up to `max`, by the fixpoint path and by the acyclic path (each
/// slice built by both from the same lower slices); panics on the first difference.
fn compare(g: &TwoRow, max: u32, threads: usize) {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    let w = g.width();
    let mut lower: Vec<Vec<u8>> = Vec::new();
    for n in 0..=max {
        let slice = Slice::new(w, n).unwrap();
        let refs: Vec<&[u8]> = lower.iter().map(|v| v.as_slice()).collect();
        let mut values = [
            vec![0u8; slice.len() as usize],
            vec![0u8; slice.len() as usize],
        ];
        for (k, out) in values.iter_mut().enumerate() {
            let mut b = SliceBuilder::new(g, slice, &refs).unwrap();
            let mut kinds = Vec::new();
            let rs = pool
                .install(|| {
                    let mut on_pass = |p: Pass, _| kinds.push(p);
                    if k == 0 {
                        b.run_fixpoint(&|_| {}, &mut on_pass)
                    } else {
                        b.run(&|_| {}, &mut on_pass)
                    }
                })
                .unwrap();
            if k == 1 {
                // `run` took the acyclic path: one evaluation per position.
                assert_eq!(kinds, vec![Pass::Levels]);
                assert_eq!(rs.evaluations, slice.len());
                assert_eq!(rs.levels, n * (w as u32 - 1) + 1);
            }
            b.fill(0, out);
        }
        assert!(
            values[0] == values[1],
            "{:?} {:?} width {w}, {n} stones: the two paths differ",
            g.kind(),
            g.options()
        );
        lower.push(values[0].clone());
    }
}

#[test]
fn kalah_levels_match_the_fixpoint_every_option_and_width() {
    for (kind, rules) in all_rule_sets()
        .into_iter()
        .filter(|(k, _)| *k == Kind::Kalah)
    {
        let opts = tworow::Options::parse(kind, &rules).unwrap();
        for (w, max) in [(1, 12), (2, 10), (3, 9), (4, 8), (5, 7), (6, 7)] {
            let g = TwoRow::new(kind, w, 1, opts).unwrap();
            compare(&g, max, 2);
        }
    }
}

#[test]
fn kalah_levels_one_and_two_threads_and_larger_slices() {
    let g = game(Kind::Kalah, 6, &[]);
    compare(&g, 10, 1);
    let g = game(Kind::Kalah, 4, &["capture=nonempty"]);
    compare(&g, 12, 2);
}

#[test]
fn kalah_moves_inside_a_slice_raise_the_potential() {
    // The argument of the build module docs, checked move by move on small slices.
    for (kind, rules) in all_rule_sets()
        .into_iter()
        .filter(|(k, _)| *k == Kind::Kalah)
    {
        let opts = tworow::Options::parse(kind, &rules).unwrap();
        for w in 1..=6 {
            let g = TwoRow::new(kind, w, 1, opts).unwrap();
            assert!(g.acyclic_in_slice());
            let mut succs = Edges::new();
            for n in 0..=6 {
                let s = Slice::new(w, n).unwrap();
                for (_, p) in s.iter_range(0..s.len()) {
                    if g.expand(p, &mut succs).is_some() {
                        continue;
                    }
                    for c in succs.iter().filter(|c| c.stones == n) {
                        assert_eq!(c.gain, 0);
                        assert!(!c.same_side);
                        assert!(potential(c.pits, w) > potential(p, w));
                    }
                }
            }
        }
    }
    for kind in [Kind::Oware, Kind::Warri, Kind::Kale, Kind::Kpo] {
        assert!(!game(kind, 6, &[]).acyclic_in_slice());
    }
}

/// Oware rules that claim, wrongly, to be acyclic within a slice.
struct Claimed(TwoRow);

impl SliceRules for Claimed {
    fn width(&self) -> usize {
        self.0.width()
    }
    fn expand(&self, pits: Pits, out: &mut Edges) -> Option<i32> {
        self.0.expand(pits, out)
    }
    fn acyclic_in_slice(&self) -> bool {
        true
    }
}

#[test]
fn a_cyclic_game_claimed_acyclic_is_refused() {
    let g = Claimed(game(Kind::Oware, 2, &[]));
    let mut lower: Vec<Vec<u8>> = Vec::new();
    let mut refused = false;
    for n in 0..=6 {
        let slice = Slice::new(2, n).unwrap();
        let refs: Vec<&[u8]> = lower.iter().map(|v| v.as_slice()).collect();
        let mut b = SliceBuilder::new(&g, slice, &refs).unwrap();
        match b.run(&|_| {}, &mut |_, _| {}) {
            Ok(_) => {}
            Err(Error::Unsound { reason, .. }) => {
                assert!(reason.contains("not acyclic"), "{reason}");
                // Both boards are given as position text, which the game reads back.
                let boards = reason
                    .strip_prefix("the move from ")
                    .and_then(|r| r.split_once(" ("))
                    .and_then(|(b, _)| b.split_once(" to "))
                    .unwrap_or_else(|| panic!("{reason}"));
                for b in [boards.0, boards.1] {
                    let pos = g.0.parse_position(b).unwrap_or_else(|e| panic!("{b}: {e}"));
                    assert_eq!(g.0.format_position(&pos), format!("{b} captured=0,0"));
                }
                refused = true;
                break;
            }
            Err(e) => panic!("{e}"),
        }
        // Built by the fixpoint path for the next slice.
        b.run_fixpoint(&|_| {}, &mut |_, _| {}).unwrap();
        let mut v = vec![0u8; slice.len() as usize];
        b.fill(0, &mut v);
        lower.push(v);
    }
    assert!(
        refused,
        "an oware slice has a move inside it that lowers the potential"
    );
}

/// Builds the slices up to `max` by the fixpoint path with and without the confirming full
/// pass: the confirming pass must change nothing and the values must be the same.
fn confirm_changes_nothing(g: &TwoRow, max: u32) {
    let w = g.width();
    let mut lower: Vec<Vec<u8>> = Vec::new();
    for n in 0..=max {
        let slice = Slice::new(w, n).unwrap();
        let refs: Vec<&[u8]> = lower.iter().map(|v| v.as_slice()).collect();
        let mut values = [
            vec![0u8; slice.len() as usize],
            vec![0u8; slice.len() as usize],
        ];
        for (k, out) in values.iter_mut().enumerate() {
            let mut b = SliceBuilder::new(g, slice, &refs)
                .unwrap()
                .confirming_pass(k == 1);
            let rs = b.run_fixpoint(&|_| {}, &mut |_, _| {}).unwrap();
            if k == 1 {
                assert_eq!(rs.late_changes, 0, "{:?} {:?} n={n}", g.kind(), g.options());
                assert!((1..=2).contains(&rs.full_passes));
            } else {
                assert_eq!(rs.full_passes, 1);
            }
            b.fill(0, out);
        }
        assert!(
            values[0] == values[1],
            "{:?} n={n}: the values differ",
            g.kind()
        );
        lower.push(values[0].clone());
    }
}

#[test]
fn confirming_pass_never_changes_anything() {
    for (kind, rules) in all_rule_sets() {
        let opts = tworow::Options::parse(kind, &rules).unwrap();
        for (w, max) in [(1, 12), (2, 10), (3, 8), (4, 7)] {
            let g = TwoRow::new(kind, w, 1, opts).unwrap();
            assert!(g.predecessors_complete());
            confirm_changes_nothing(&g, max);
        }
    }
    confirm_changes_nothing(&game(Kind::Oware, 6, &[]), 8);
}
