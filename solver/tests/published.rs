//! Published figures that pin the rules down.
use mancala_solver::perft::{perft, perft_slow};
use mancala_solver::{Game, Kind, TwoRow};

/// OpenSpiel's `oware` perft from the start (independent implementation).
#[test]
fn oware_perft_openspiel() {
    let g = TwoRow::standard(Kind::Oware);
    let start = g.start();
    let expected = [6u64, 36, 190, 1014, 5219, 27332, 139157, 711414];
    for (d, &n) in expected.iter().enumerate() {
        assert_eq!(perft(&g, &start, d as u32 + 1), n, "depth {}", d + 1);
    }
}

#[test]
fn bulk_counting_agrees_with_plain_perft() {
    for kind in Kind::ALL {
        let g = TwoRow::standard(kind);
        let s = g.start();
        for d in 0..5 {
            assert_eq!(
                perft(&g, &s, d),
                perft_slow(&g, &s, d),
                "{kind:?} depth {d}"
            );
        }
    }
}
