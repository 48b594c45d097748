//! The fast search (`search.rs`) agrees with the plain reference solver (`refsolve.rs`) on
//! every two-row variant and rule option, on small boards: the value of the start and of a
//! sample of other positions of the game graph, the principal variations (which must replay to
//! the reported value), and the per-move values of `Solver::analyze`.
//!
//! Run with `cargo test --release -p mancala-solver --test solver_agreement` (set
//! `AGREEMENT_VERBOSE=1` and pass `--nocapture` for the time of each board). Boards: every
//! variant and every combination of its rule options, widths 1..3 with seeds 1..3, and width
//! 4 with seeds 1..2; on each, the start and about 300 other positions of the graph (every k-th
//! node of the reference's breadth-first order) are solved with one solver whose table is kept
//! between positions, every tenth of them again with a fresh solver on graphs of up to 3,000
//! nodes, and every third one analyzed. One test is ignored, saying why: `slow_boards_agree`
//! (the boards where the fast search needs minutes or more).

use mancala_solver::refsolve::{solve_graph, RefSolution};
use mancala_solver::search::{Limits, Report, Solver};
use mancala_solver::tworow;
use mancala_solver::{Game, Kind, MarginGame, Notation, Side, TwoRow, TwoRowPos};

/// Enough for every board tested here.
const MAX_NODES: usize = 2_000_000;
/// About this many positions of each graph are solved (the start among them).
const SAMPLES: usize = 300;
/// Positions are also solved with a fresh solver on graphs up to this size (on larger ones the
/// fast search is slow from scratch on some positions of the games with cycles).
const FRESH_MAX_NODES: usize = 3_000;

const ONE_THREAD: Limits = Limits {
    depth: None,
    threads: 1,
    tt_mb: 16,
    deadline: None,
};
const TWO_THREADS: Limits = Limits {
    depth: None,
    threads: 2,
    tt_mb: 16,
    deadline: None,
};

/// Every combination of the rule options of `kind`, as `name=value` lists.
fn option_sets(kind: Kind) -> Vec<Vec<String>> {
    let mut sets = vec![Vec::new()];
    for spec in kind.options() {
        sets = sets
            .into_iter()
            .flat_map(|set| {
                spec.values.iter().map(move |v| {
                    let mut s = set.clone();
                    s.push(format!("{}={v}", spec.name));
                    s
                })
            })
            .collect();
    }
    sets
}

/// One game to check: the rules and a label for messages.
struct Case {
    g: TwoRow,
    label: String,
}

impl Case {
    fn new(kind: Kind, rules: &[String], width: usize, seeds: u32) -> Case {
        let opts = tworow::Options::parse(kind, rules).expect("valid options");
        Case {
            g: TwoRow::new(kind, width, seeds, opts).expect("valid size"),
            label: format!(
                "{} {} width {width} seeds {seeds}",
                kind.id(),
                rules.join(" ")
            ),
        }
    }
}

/// The reference future of `pos`, which must be in the graph.
fn reference(case: &Case, sol: &RefSolution<TwoRow>, pos: &TwoRowPos) -> i32 {
    sol.future(&case.g, pos).unwrap_or_else(|| {
        panic!(
            "{}: {} is not in the reference graph",
            case.label,
            case.g.format_position(pos)
        )
    })
}

/// The value of playing `mv` in `pos` (final margin, mover's point of view) by the reference.
fn reference_move_value(
    case: &Case,
    sol: &RefSolution<TwoRow>,
    pos: &TwoRowPos,
    mv: u8,
) -> (TwoRowPos, i32) {
    let g = &case.g;
    let c = g.play(pos, mv);
    let after = g.margin(&c) + reference(case, sol, &c);
    let v = if g.to_move(&c) == g.to_move(pos) {
        after
    } else {
        -after
    };
    (c, v)
}

/// What disagreed, kept in two lists: the values (and the moves of the principal variation),
/// and whether the principal variation, played out, scores the reported value.
#[derive(Default)]
struct Problems {
    values: Vec<String>,
    pv_ends: Vec<String>,
}

/// Checks one report of `Solver::solve(pos)` against the reference: the value, the best move,
/// and each move of the principal variation (legal, and optimal by the reference). Then plays
/// the line out and checks where it ends (see [`pv_end`]); that problem goes to its own list.
fn check_report(
    case: &Case,
    sol: &RefSolution<TwoRow>,
    pos: &TwoRowPos,
    r: &Report<u8>,
    problems: &mut Problems,
) {
    let g = &case.g;
    let text = g.format_position(pos);
    let want = reference(case, sol, pos);
    let value_problem = if !r.exact {
        Some("the result is not exact".to_string())
    } else if r.future != want {
        Some(format!(
            "search future {} (value {}), reference future {want}",
            r.future, r.value
        ))
    } else if r.value != g.margin(pos) + r.future {
        Some(format!(
            "value {} is not margin {} + future {}",
            r.value,
            g.margin(pos),
            r.future
        ))
    } else if r.best != r.pv.first().copied() {
        Some(format!("best {:?} but pv {:?}", r.best, r.pv))
    } else {
        pv_moves(case, sol, pos, r).err()
    };
    if let Some(e) = value_problem {
        problems
            .values
            .push(format!("{}: {text}: pv {:?}: {e}", case.label, r.pv));
    } else if let Err(e) = pv_end(case, pos, r) {
        problems
            .pv_ends
            .push(format!("{}: {text}: pv {:?}: {e}", case.label, r.pv));
    }
}

/// Every move of the principal variation is legal and optimal by the reference (it keeps the
/// value of the position), and the line never goes on after a repetition.
fn pv_moves(
    case: &Case,
    sol: &RefSolution<TwoRow>,
    pos: &TwoRowPos,
    r: &Report<u8>,
) -> Result<(), String> {
    let g = &case.g;
    if r.pv.is_empty() && g.outcome(pos).is_none() {
        return Err("no line from a position that is not finished".into());
    }
    let mut seen = vec![(g.key(pos), g.to_move(pos))];
    let mut p = *pos;
    for (i, &m) in r.pv.iter().enumerate() {
        if !g.is_legal(&p, m) {
            return Err(format!("move {i} ({m}) is not legal"));
        }
        let best = g.margin(&p) + reference(case, sol, &p);
        let (c, v) = reference_move_value(case, sol, &p, m);
        if v != best {
            return Err(format!(
                "move {i} ({m}) at {} is worth {v}, the position {best}",
                g.format_position(&p)
            ));
        }
        p = c;
        let k = (g.key(&p), g.to_move(&p));
        if seen.contains(&k) && i + 1 < r.pv.len() {
            return Err(format!("the line goes on after a repetition at move {i}"));
        }
        seen.push(k);
    }
    Ok(())
}

/// Plays the principal variation out: it must end in a finished game whose score makes the
/// reported value, or in a repetition (infinite play, worth 0 from there) at which the seeds
/// already won make the reported value.
fn pv_end(case: &Case, pos: &TwoRowPos, r: &Report<u8>) -> Result<(), String> {
    let g = &case.g;
    let root_side = g.to_move(pos);
    let from_root = |x: i32, side: Side| if side == root_side { x } else { -x };
    let mut seen = vec![(g.key(pos), g.to_move(pos))];
    let mut p = *pos;
    for &m in &r.pv {
        p = g.play(&p, m);
        seen.push((g.key(&p), g.to_move(&p)));
    }
    if let Some(o) = g.outcome(&p) {
        let [s, n] = o.score.map(|x| x as i32);
        let result = from_root(s - n, Side::South);
        if result != r.value {
            return Err(format!(
                "the line ends in {} scored {:?}, not the value {}",
                g.format_position(&p),
                o.score,
                r.value
            ));
        }
        return Ok(());
    }
    let last = seen.pop().expect("the root is in the list");
    if !seen.contains(&last) {
        return Err(format!(
            "the line ends in {}, neither finished nor repeated",
            g.format_position(&p)
        ));
    }
    let won = from_root(g.margin(&p), g.to_move(&p));
    if won != r.value {
        return Err(format!(
            "the line ends in a repetition at {} with margin {won}, not the value {}",
            g.format_position(&p),
            r.value
        ));
    }
    Ok(())
}

/// Checks `Solver::analyze(pos)` against the reference.
fn check_analyze(
    case: &Case,
    sol: &RefSolution<TwoRow>,
    solver: &Solver<TwoRow>,
    pos: &TwoRowPos,
    value: i32,
) -> Result<(), String> {
    let g = &case.g;
    let text = g.format_position(pos);
    let moves = solver.analyze(pos);
    let legal = g.legal_moves(pos);
    if moves.iter().map(|m| m.mv).collect::<Vec<_>>() != legal.to_vec() {
        return Err(format!("{}: {text}: analyze lists other moves", case.label));
    }
    if let Some(max) = moves.iter().map(|m| m.value).max() {
        if max != value {
            return Err(format!(
                "{}: {text}: best analyzed move {max}, solve value {value}",
                case.label
            ));
        }
    }
    for m in &moves {
        let (_, want) = reference_move_value(case, sol, pos, m.mv);
        if m.value != want {
            return Err(format!(
                "{}: {text}: move {} analyzed {}, reference {want}",
                case.label,
                m.mv + 1,
                m.value
            ));
        }
    }
    Ok(())
}

/// Counts of what was checked.
#[derive(Default, Debug)]
struct Counts {
    cases: usize,
    nodes: usize,
    solved: usize,
    fresh: usize,
    analyzed: usize,
}

/// Solves the start and a sample of the graph with one solver (its table kept between
/// positions), some positions again with a fresh solver, and analyzes every third one.
fn check_case(case: &Case, limits: Limits, problems: &mut Problems, counts: &mut Counts) {
    let g = &case.g;
    let start = g.start();
    let sol = solve_graph(g, &start, MAX_NODES).unwrap_or_else(|e| panic!("{}: {e}", case.label));
    counts.cases += 1;
    counts.nodes += sol.len();
    let solver = Solver::new(g, limits);
    let step = sol.len().div_ceil(SAMPLES).max(1);
    // Node 0 is the start.
    for (n, i) in (0..sol.len()).step_by(step).enumerate() {
        let pos = &sol.positions()[i];
        let r = solver.solve(pos);
        counts.solved += 1;
        let before = problems.values.len();
        check_report(case, &sol, pos, &r, problems);
        if problems.values.len() > before {
            continue;
        }
        if n % 10 == 0 && sol.len() <= FRESH_MAX_NODES {
            let fresh = Solver::new(g, limits).solve(pos);
            counts.fresh += 1;
            let mut p = Problems::default();
            check_report(case, &sol, pos, &fresh, &mut p);
            problems
                .values
                .extend(p.values.into_iter().map(|e| format!("fresh solver: {e}")));
            if fresh.pv != r.pv {
                problems.values.push(format!(
                    "{}: {}: pv {:?} from a fresh solver, {:?} from a used one",
                    case.label,
                    g.format_position(pos),
                    fresh.pv,
                    r.pv
                ));
            }
        }
        if n % 3 == 0 {
            counts.analyzed += 1;
            if let Err(e) = check_analyze(case, &sol, &solver, pos, r.value) {
                problems.values.push(e);
            }
        }
    }
}

/// The boards on which the fast search needs a minute or (much) more, while the reference
/// solves each in about a second: long capture-free cycles of sowings make the search deepen
/// to hundreds of plies before no horizon is left. They are checked by `slow_boards_agree`
/// (ignored).
fn is_slow(kind: Kind, rules: &[String], width: usize, seeds: u32) -> bool {
    match kind {
        Kind::Kalah | Kind::Kpo => false,
        Kind::Oware => width >= 4,
        Kind::Warri => {
            width >= 4
                || (width, seeds) == (3, 3)
                    && rules.iter().any(|r| r == "chain=mixed")
                    && rules.iter().any(|r| r == "starved=owner")
        }
        Kind::Kale => width >= 4 || (width, seeds) == (3, 3),
    }
}

/// Which boards [`check_kinds`] takes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Boards {
    /// Those the fast search solves in seconds.
    Quick,
    /// Those listed by [`is_slow`].
    Slow,
}

/// Checks every option set of each kind on the given sizes (the quick or the slow boards);
/// returns the problems found.
fn check_kinds(kinds: &[Kind], sizes: &[(usize, u32)], boards: Boards) -> Problems {
    let mut problems = Problems::default();
    let mut counts = Counts::default();
    let t0 = std::time::Instant::now();
    for &kind in kinds {
        for rules in option_sets(kind) {
            for &(width, seeds) in sizes {
                if is_slow(kind, &rules, width, seeds) != (boards == Boards::Slow) {
                    continue;
                }
                let case = Case::new(kind, &rules, width, seeds);
                let t = std::time::Instant::now();
                check_case(&case, ONE_THREAD, &mut problems, &mut counts);
                if std::env::var_os("AGREEMENT_VERBOSE").is_some() {
                    eprintln!("{}: {:.2} s", case.label, t.elapsed().as_secs_f64());
                }
            }
        }
    }
    let ids: Vec<_> = kinds.iter().map(|k| k.id()).collect();
    eprintln!(
        "{} {sizes:?}: {} boards, {} graph nodes, {} positions solved ({} also fresh), \
         {} analyzed, {} lines short of their value, {:.1} s",
        ids.join(","),
        counts.cases,
        counts.nodes,
        counts.solved,
        counts.fresh,
        counts.analyzed,
        problems.pv_ends.len(),
        t0.elapsed().as_secs_f64()
    );
    problems
}

/// Fails with the value problems (the principal variations that end short of their value are
/// checked by `principal_variations_realise_values`).
fn assert_values_agree(problems: Problems) {
    let mut all = problems.values;
    if !all.is_empty() {
        let n = all.len();
        all.truncate(20);
        panic!("{n} disagreements:\n{}", all.join("\n"));
    }
}

/// Widths 1..3 with seeds 1..3.
fn small_sizes() -> Vec<(usize, u32)> {
    (1..=3).flat_map(|w| (1..=3).map(move |s| (w, s))).collect()
}

#[test]
fn kalah_agrees() {
    assert_values_agree(check_kinds(&[Kind::Kalah], &small_sizes(), Boards::Quick));
}

#[test]
fn oware_agrees() {
    assert_values_agree(check_kinds(&[Kind::Oware], &small_sizes(), Boards::Quick));
}

#[test]
fn warri_agrees() {
    assert_values_agree(check_kinds(&[Kind::Warri], &small_sizes(), Boards::Quick));
}

#[test]
fn kale_agrees() {
    assert_values_agree(check_kinds(&[Kind::Kale], &small_sizes(), Boards::Quick));
}

#[test]
fn kpo_agrees() {
    assert_values_agree(check_kinds(&[Kind::Kpo], &small_sizes(), Boards::Quick));
}

/// Width 4, seeds 1 and 2, where the fast search is quick (kalah and kpo).
#[test]
fn width_four_agrees() {
    assert_values_agree(check_kinds(&Kind::ALL, &[(4, 1), (4, 2)], Boards::Quick));
}

/// The boards of [`is_slow`]: the same checks, for a run by hand.
#[test]
#[ignore = "the fast search needs minutes to hours on these boards (long capture-free cycles)"]
fn slow_boards_agree() {
    let mut sizes = small_sizes();
    sizes.extend([(4, 1), (4, 2)]);
    assert_values_agree(check_kinds(&Kind::ALL, &sizes, Boards::Slow));
}

/// Lazy SMP on two threads gives the same values and the same lines as one thread.
#[test]
fn two_threads_agree() {
    let mut problems = Problems::default();
    for kind in Kind::ALL {
        for rules in option_sets(kind) {
            let case = Case::new(kind, &rules, 3, 2);
            let g = &case.g;
            let sol = solve_graph(g, &g.start(), MAX_NODES).expect("small graph");
            let one = Solver::new(g, ONE_THREAD);
            let two = Solver::new(g, TWO_THREADS);
            let step = sol.len().div_ceil(12).max(1);
            for i in (0..sol.len()).step_by(step) {
                let pos = &sol.positions()[i];
                let r2 = two.solve(pos);
                check_report(&case, &sol, pos, &r2, &mut problems);
                let r1 = one.solve(pos);
                if r1.pv != r2.pv {
                    problems.values.push(format!(
                        "{}: {}: pv {:?} on one thread, {:?} on two",
                        case.label,
                        g.format_position(pos),
                        r1.pv,
                        r2.pv
                    ));
                }
            }
        }
    }
    assert_values_agree(problems);
}

/// Every principal variation, played out, realises its value: it ends in a finished game
/// scoring the value, or in a repetition when the seeds already won make the value.
///
/// This once failed on games with cycles (70 lines of the quick boards), when the line took
/// the first value-keeping move at each position: such moves need not make progress, and the
/// line could close a cycle without captures while the value said one side wins seeds. The
/// smallest case, checked by hand: oware `grandslam=illegal`, width 2, seeds 3,
/// `0,4/1,3 S captured=2,2`, value 6, where value-keeping moves alone give the line
/// `1 1 2 2 1 2`, back at the same position. The line is built by a shortest search for the
/// next capture among value-keeping moves.
#[test]
fn principal_variations_realise_values() {
    let mut lines = Vec::new();
    for kind in Kind::ALL {
        lines.extend(check_kinds(&[kind], &small_sizes(), Boards::Quick).pv_ends);
    }
    let n = lines.len();
    lines.truncate(30);
    assert!(
        n == 0,
        "{n} lines short of their value:\n{}",
        lines.join("\n")
    );
}
