//! The morris tables: built, verified by the game's own move generator, agreeing with the
//! search, kept across a resumed build, and refused when damaged.

use mancala_solver::fourrow::retro::Wdl;
use mancala_solver::morris::{Morris, Options};
use mancala_solver::search::{Limits, Solver};
use mancala_solver::Game;
use mancala_tablebases::morris::{self, MorrisSlice, MorrisTables};
use mancala_tablebases::wdl;
use std::time::{Duration, Instant};

fn game() -> Morris {
    Morris::new(3, Options::default()).unwrap()
}

#[test]
fn three_against_three_is_built_verified_and_agrees_with_the_search() {
    check_three_against_three(&game());
}

#[test]
fn nine_mens_morris_three_against_three_too() {
    // Another rule set of the family: no diagonals, no corner flights, flights with three,
    // protected lines; its own files beside mulabalaba's.
    use mancala_solver::morris::Kind;
    let g = Morris::new(3, Options::defaults(Kind::NineMensMorris)).unwrap();
    let id = morris::game_id(&g);
    assert_eq!(id.variant, "nine-mens-morris");
    assert!(id.rules.is_empty());
    assert_ne!(id, morris::game_id(&game()));
    check_three_against_three(&g);
}

/// Builds the 3-3 slice of `g` and checks it: resumed, rebuilt on one thread to the same
/// bytes, verified, agreeing with the search, its lines of play as long as its distances.
fn check_three_against_three(g: &Morris) {
    let d = tempfile::tempdir().unwrap();
    let r = wdl::build(g, d.path(), 3, 2, &|_| {}).unwrap();
    assert_eq!(r.slices.len(), 1);
    assert!(!r.slices[0].skipped);
    // A build killed mid-way leaves at most a temporary file; the next build keeps the
    // finished slice, byte for byte, and ignores the leftover.
    let file = r.slices[0].path.clone();
    let bytes = std::fs::read(&file).unwrap();
    std::fs::write(d.path().join("x.mrb.tmp"), b"partial").unwrap();
    let again = wdl::build(g, d.path(), 3, 1, &|_| {}).unwrap();
    assert!(again.slices[0].skipped);
    assert_eq!(std::fs::read(&file).unwrap(), bytes);
    // Rebuilt on one thread, the same bytes.
    std::fs::remove_file(&file).unwrap();
    let one = wdl::build(g, d.path(), 3, 1, &|_| {}).unwrap();
    assert!(!one.slices[0].skipped);
    assert_eq!(std::fs::read(&file).unwrap(), bytes);
    let v = wdl::verify::<Morris>(d.path()).unwrap();
    assert_eq!(v.positions, MorrisSlice::new([3, 3]).len());
    let t = MorrisTables::open(d.path(), g).unwrap();
    // Positions spread over the slice: the search alone (no tables) gives the same
    // win/draw/loss wherever it proves a value within its time.
    let s = MorrisSlice::new([3, 3]);
    let (mut proven, mut tried) = (0, 0);
    let mut seen = [0; 3];
    for k in 0..60u64 {
        let pos = s.unrank(k * 6421 % s.len());
        let want = t.value(&pos).unwrap();
        let limits = Limits {
            deadline: Some(Instant::now() + Duration::from_millis(300)),
            ..Limits::default()
        };
        let rep = Solver::new(g, limits).solve(&pos);
        tried += 1;
        if rep.exact {
            proven += 1;
            assert_eq!(rep.value, want.value(), "{pos:?}: tables {want:?}");
            seen[(1 - want.value()) as usize] += 1;
        }
    }
    assert!(
        proven * 2 >= tried,
        "the search proved only {proven} of {tried}"
    );
    assert!(
        seen[0] > 0 && seen[2] > 0,
        "wins and losses among the proven: {seen:?}"
    );
    // A line of perfect play ends the game as the value says, in as many plies.
    for k in 0..20u64 {
        let pos = s.unrank(k * 17_389 % s.len());
        let v = t.value(&pos).unwrap();
        let line = t.line(&pos);
        match v {
            Wdl::Draw => assert!(line.is_empty()),
            Wdl::Win(n) | Wdl::Loss(n) => {
                assert_eq!(line.len() as u32, n, "{pos:?}");
                let mut p = pos;
                for m in &line {
                    p = g.play(&p, *m);
                }
                let o = g.outcome(&p).expect("the line ends the game");
                let mover_won = o.winner == Some(pos.side);
                assert_eq!(mover_won, matches!(v, Wdl::Win(_)));
            }
        }
    }
}

#[test]
fn analyze_gives_each_move_the_value_of_its_position_solved_alone() {
    // Two counters a side in hand, one on the board each: a placement position whose every
    // move the planner analyzes once, compared with solving each move's position by itself.
    use mancala_tablebases::morris::plan::Planner;
    use mancala_tablebases::{Budget, Plan};
    let g = game();
    let d = tempfile::tempdir().unwrap();
    let one = g.play(&g.start(), first_move(&g, &g.start()));
    let pos = g.play(&one, first_move(&g, &one));
    assert_eq!(pos.hand, [2, 2]);
    let budget = Budget {
        tt_mb: Some(Limits::default().tt_mb),
        tables: Some(d.path().to_path_buf()),
        ..Budget::new(Limits::default().threads)
    };
    let planner = Planner::new(&g, &budget);
    let a = planner.analyze(&pos, &mut |_| {}).unwrap();
    assert!(a.exact);
    assert!(!a.moves.is_empty());
    let mut values = Vec::new();
    for m in &a.moves {
        let alone = planner.solve(&g.play(&pos, m.mv), &mut |_| {}).unwrap();
        assert!(alone.exact);
        assert_eq!(m.value, Some(-alone.value), "{:?}", m.mv);
        assert_eq!(m.plies, alone.plies.map(|p| p + 1), "{:?}", m.mv);
        values.push(-alone.value);
    }
    let whole = planner.solve(&pos, &mut |_| {}).unwrap();
    assert_eq!(a.value, Some(whole.value));
    assert_eq!(a.plies, whole.plies);
    assert_eq!(a.value, values.iter().copied().max());
    assert!(a.best().any(|m| Some(m.mv) == whole.best));
}

fn first_move(
    g: &Morris,
    pos: &mancala_solver::morris::MorrisPos,
) -> mancala_solver::morris::MorrisMove {
    let mut moves = Vec::new();
    g.gen_moves(pos, &mut moves);
    moves[0]
}
