//! A published Awari value: the test position of the README of Romein & Bal's Awari score
//! database (J. W. Romein and H. E. Bal, "Solving Awari with Parallel Retrograde Analysis",
//! IEEE Computer 36(10), 2003), whose rules the `oware` default follows (docs/RULES.md: a grand
//! slam is not legal; a player with seeds and no legal move takes the seeds left):
//!
//! ```text
//! $ python db_lookup.py 1 1 1 1 1 2 4 2 3 0 0 0
//! board: 1 1 1 1 1 2 4 2 3 0 0 0
//! score: 0
//! children scores:  -1 -1 -2 -2 -2 0
//! ```
//!
//! The pits are listed anti-clockwise from the mover's leftmost pit (South 1..6, then North
//! 1..6); "score" is the future value for the mover and each child's score the value of that
//! move for him. Here the 16-stone slice and every one below it are built (30 M positions, a
//! byte each, in a temporary folder) and probed through the solve planner.

mod common;

use mancala_solver::{Kind, Notation, RuleOptions, TwoRow};
use mancala_tablebases::plan::{Budget, Method, Planner};

#[test]
fn romein_bal_test_position() {
    let g = TwoRow::new(Kind::Oware, 6, 4, RuleOptions::default()).unwrap();
    // North's row is written as South sees it (pit 6 first): 0,0,0,3,2,4.
    let pos = g.parse_position("0,0,0,3,2,4/1,1,1,1,1,2 S").unwrap();
    let dir = tempfile::tempdir().unwrap();
    mancala_tablebases::build(&g, dir.path(), 16, 2, &common::quiet).unwrap();
    let planner = Planner::new(
        &g,
        Budget {
            cache: Some(dir.path().to_path_buf()),
            ..Budget::new(2)
        },
    );
    let (answer, moves) = planner.analyze(&pos, &mut |_| {}).unwrap();
    assert_eq!(answer.method, Method::Retrograde);
    assert_eq!(answer.value, 0);
    let values: Vec<Option<i32>> = moves.iter().map(|m| m.1).collect();
    let published = [-1, -1, -2, -2, -2, 0].map(Some);
    assert_eq!(values, published);
}
