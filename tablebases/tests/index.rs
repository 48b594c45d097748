//! Property tests of the perfect index: rank and unrank are inverse, agree with the slow
//! reference, and walking a range visits the ranks in order.

use mancala_solver::tworow::board::Pits;
use mancala_tablebases::tworow::index::{self, reference_rank, Slice};
use proptest::prelude::*;

/// A distribution of `stones` seeds over `lanes` pits, from `cuts` (random bar places).
fn distribution(lanes: usize, stones: u32, cuts: &[u32]) -> Pits {
    let mut c: Vec<u32> = cuts
        .iter()
        .take(lanes - 1)
        .map(|x| x % (stones + 1))
        .collect();
    c.sort_unstable();
    let mut p = Pits::EMPTY;
    let mut prev = 0;
    for (j, &x) in c.iter().enumerate() {
        p.set(j, (x - prev) as u8);
        prev = x;
    }
    p.set(lanes - 1, (stones - prev) as u8);
    p
}

proptest! {
    #[test]
    fn rank_unrank_inverse(width in 1usize..=8, stones in 0u32..=40, cuts in prop::collection::vec(0u32..1000, 15)) {
        let s = Slice::new(width, stones).unwrap();
        let p = distribution(2 * width, stones, &cuts);
        let r = s.rank(p);
        prop_assert!(r < s.len());
        prop_assert_eq!(s.unrank(r), p);
    }

    #[test]
    fn unrank_rank_inverse(width in 1usize..=8, stones in 0u32..=127, x in any::<u64>()) {
        if let Some(s) = Slice::new(width, stones) {
            let i = x % s.len();
            let p = s.unrank(i);
            prop_assert_eq!(p.sum_first(2 * width), stones);
            if width < 8 {
                prop_assert_eq!(p.0 >> (16 * width as u32), 0, "lanes beyond 2W are empty");
            }
            prop_assert_eq!(s.rank(p), i);
            if i + 1 < s.len() {
                prop_assert_eq!(index::next(p, 2 * width), s.unrank(i + 1));
            }
        }
    }

    #[test]
    fn agrees_with_reference(width in 1usize..=3, stones in 0u32..=8, cuts in prop::collection::vec(0u32..1000, 15)) {
        let s = Slice::new(width, stones).unwrap();
        let p = distribution(2 * width, stones, &cuts);
        prop_assert_eq!(s.rank(p), reference_rank(p, 2 * width));
    }
}

#[test]
fn lengths_are_binomials() {
    // C(n + 2W - 1, 2W - 1), counted by enumeration for small slices.
    for w in 1..=3 {
        for n in 0..=6 {
            let s = Slice::new(w, n).unwrap();
            assert_eq!(s.len() as usize, index::enumerate(2 * w, n).len());
        }
    }
    // Every oware slice up to 24 stones: 1.25e9 positions together.
    let total: u64 = (0..=24).map(|n| Slice::new(6, n).unwrap().len()).sum();
    assert_eq!(total, 1_251_677_700);
}

#[test]
fn ranges_walk_in_order() {
    let s = Slice::new(4, 9).unwrap();
    let items: Vec<_> = s.iter_range(100..300).collect();
    assert_eq!(items.len(), 200);
    for (i, p) in items {
        assert_eq!(s.unrank(i), p);
    }
    assert_eq!(s.iter_range(s.len() - 2..s.len() + 5).count(), 2);
}
