//! The slow reference rules (`mancala_solver::reference`) against the fast bitpacked rules
//! (`mancala_solver::tworow`): for every variant and option value, widths 1..6 (kalah 1..8) and
//! 1..4 seeds a pit, both must list the same moves, write the same position text after every
//! move and end every game with the same score. Random choices come from a fixed-seed xorshift
//! generator, so every run plays the same games.

use mancala_solver::perft::perft;
use mancala_solver::tworow;
use mancala_solver::tworow::reference::{from_fast, to_fast, RefPos, RefRules};
use mancala_solver::tworow::MAX_CAPTURED;
use mancala_solver::{Game, Kind, Notation, Side, TwoRow, TwoRowPos};

/// xorshift64*: a small deterministic generator.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    /// A number in `0..n` (`n > 0`).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Every combination of option values of `kind`, the defaults first.
fn option_sets(kind: Kind) -> Vec<tworow::Options> {
    let d = tworow::Options::default();
    match kind {
        Kind::Kalah => vec![
            d,
            tworow::Options {
                capture_nonempty: true,
                ..d
            },
        ],
        Kind::Oware => vec![
            d,
            tworow::Options {
                grandslam_forfeit: true,
                ..d
            },
        ],
        Kind::Warri => {
            let mut v = Vec::new();
            for chain_uniform in [false, true] {
                for starved_owner in [false, true] {
                    v.push(tworow::Options {
                        chain_uniform,
                        starved_owner,
                        ..d
                    });
                }
            }
            v
        }
        Kind::Kale => vec![
            d,
            tworow::Options {
                kale_chain: true,
                ..d
            },
        ],
        Kind::Kpo => vec![d],
    }
}

fn max_width(kind: Kind) -> usize {
    if kind == Kind::Kalah {
        8
    } else {
        6
    }
}

/// Every variant, option set and width, with the seeds a pit 1..4.
fn configs() -> Vec<(TwoRow, u32)> {
    let mut out = Vec::new();
    for kind in Kind::ALL {
        for opts in option_sets(kind) {
            for width in 1..=max_width(kind) {
                for seeds in 1..=4 {
                    let g = TwoRow::new(kind, width, seeds, opts).expect("valid size");
                    out.push((g, seeds));
                }
            }
        }
    }
    out
}

/// A short name of a configuration for failure messages.
fn describe(g: &TwoRow, seeds: u32) -> String {
    format!(
        "{} width={} seeds={} [{}]",
        g.kind().id(),
        g.width(),
        seeds,
        g.options().describe(g.kind()).join(" ")
    )
}

/// Checks that the two positions agree in every way both can show.
fn agree(g: &TwoRow, r: &RefRules, fast: &TwoRowPos, refp: &RefPos) -> Result<(), String> {
    r.compare(g, fast, refp)?;
    let back = from_fast(g, fast);
    if &back != refp {
        return Err(format!("from_fast gives {back:?}, reference has {refp:?}"));
    }
    if to_fast(g, refp) != *fast {
        return Err(format!("to_fast of {} differs", r.format(refp)));
    }
    Ok(())
}

/// Plays one move in both and checks the results agree.
fn step(
    g: &TwoRow,
    r: &RefRules,
    fast: &TwoRowPos,
    refp: &RefPos,
    m: usize,
) -> Result<(TwoRowPos, RefPos), String> {
    let before = r.format(refp);
    let f2 = g.play(fast, m as u8);
    let r2 = r.play(refp, m);
    agree(g, r, &f2, &r2).map_err(|e| format!("after move {} from {before}: {e}", m + 1))?;
    Ok((f2, r2))
}

/// A random playout of at most `plies` moves from the given pair, checked at every step.
fn playout(
    g: &TwoRow,
    r: &RefRules,
    fast: TwoRowPos,
    refp: RefPos,
    plies: usize,
    rng: &mut Rng,
) -> Result<usize, String> {
    agree(g, r, &fast, &refp)?;
    let (mut fast, mut refp) = (fast, refp);
    for ply in 0..plies {
        let moves = r.legal_moves(&refp);
        if moves.is_empty() {
            return Ok(ply);
        }
        let m = moves[rng.below(moves.len())];
        (fast, refp) = step(g, r, &fast, &refp, m)?;
    }
    Ok(plies)
}

/// Runs `check` on every configuration and reports every configuration that failed.
fn for_all_configs(mut check: impl FnMut(&TwoRow, &RefRules, u32, &mut Rng) -> Result<(), String>) {
    let mut failures = Vec::new();
    for (i, (g, seeds)) in configs().into_iter().enumerate() {
        let r = RefRules::of(&g);
        let mut rng = Rng::new(0x5EED_0000 + i as u64);
        if let Err(e) = check(&g, &r, seeds, &mut rng) {
            failures.push(format!("{}: {e}", describe(&g, seeds)));
        }
    }
    assert!(
        failures.is_empty(),
        "{} configuration(s) disagree:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn random_playouts_from_the_start_agree() {
    let mut games = 0;
    for_all_configs(|g, r, seeds, rng| {
        for _ in 0..25 {
            playout(g, r, g.start(), r.start(seeds), 300, rng)?;
            games += 1;
        }
        Ok(())
    });
    assert!(games > 5000);
}

/// A random position: `2W` counts with at most 255 on the board (some pits large enough for
/// laps of 2W or more), random captured seeds and side to move.
fn random_position(r: &RefRules, rng: &mut Rng) -> RefPos {
    let w = r.width;
    let cap = [8, 30, 80, 255][rng.below(4)];
    let mut left = [20, 60, 120, 255][rng.below(4)];
    let mut board = vec![0u32; 2 * w];
    for c in board.iter_mut() {
        let v = match rng.below(6) {
            0 => 0,
            1..=3 => rng.below(5) as u32,
            _ => rng.below(cap + 1) as u32,
        };
        *c = v.min(left);
        left -= *c;
    }
    // Spread the big pits around.
    for i in (1..board.len()).rev() {
        board.swap(i, rng.below(i + 1));
    }
    RefPos {
        board,
        captured: [rng.below(100) as u32, rng.below(100) as u32],
        to_move: if rng.below(2) == 0 {
            Side::South
        } else {
            Side::North
        },
    }
}

#[test]
fn random_positions_agree() {
    for_all_configs(|g, r, _seeds, rng| {
        for _ in 0..150 {
            let refp = random_position(r, rng);
            let fast = to_fast(g, &refp);
            agree(g, r, &fast, &refp)?;
            // Every move of the position, then a short playout.
            for m in r.legal_moves(&refp) {
                step(g, r, &fast, &refp, m)?;
            }
            playout(g, r, fast, refp, 40, rng)?;
        }
        Ok(())
    });
}

/// Walks both game trees together to `depth`, comparing every node.
fn walk(
    g: &TwoRow,
    r: &RefRules,
    fast: &TwoRowPos,
    refp: &RefPos,
    depth: u32,
) -> Result<u64, String> {
    if depth == 0 {
        return Ok(1);
    }
    let mut n = 0;
    for m in r.legal_moves(refp) {
        let (f2, r2) = step(g, r, fast, refp, m)?;
        n += walk(g, r, &f2, &r2, depth - 1)?;
    }
    Ok(n)
}

#[test]
fn game_trees_agree_node_by_node() {
    for_all_configs(|g, r, seeds, _rng| {
        let depth = if g.width() <= 4 { 5 } else { 4 };
        let n = walk(g, r, &g.start(), &r.start(seeds), depth)?;
        let p = perft(g, &g.start(), depth);
        if n != p {
            return Err(format!(
                "tree walk counts {n} at depth {depth}, fast perft {p}"
            ));
        }
        Ok(())
    });
}

#[test]
fn perft_agrees() {
    for_all_configs(|g, r, seeds, _rng| {
        let depth = match g.width() {
            1..=5 => 6,
            6 => 5,
            _ => 5,
        };
        let start = r.start(seeds);
        for d in 0..=depth {
            let (rp, fp) = (r.perft(&start, d), perft(g, &g.start(), d));
            if rp != fp {
                return Err(format!("perft({d}): reference {rp}, fast {fp}"));
            }
        }
        Ok(())
    });
}

// -------------------------------------------------------------------------------------------
// The reference alone against the worked examples of the variant pages (docs/variants/*.md),
// with a small parser of its own, so that it is anchored to the rules text and not only to the
// fast code.

fn rules(kind: Kind, opts: tworow::Options) -> RefRules {
    RefRules::new(kind, 6, opts)
}

/// Parses `<north>/<south> <S|N> [captured=s,n | stores=s,n]` onto an absolute board.
fn parse(text: &str) -> RefPos {
    let mut words = text.split_whitespace();
    let rows: Vec<Vec<u32>> = words
        .next()
        .unwrap()
        .split('/')
        .map(|row| row.split(',').map(|c| c.parse().unwrap()).collect())
        .collect();
    let to_move = match words.next().unwrap() {
        "S" => Side::South,
        _ => Side::North,
    };
    let mut captured = [0, 0];
    if let Some(field) = words.next() {
        let (_, v) = field.split_once('=').unwrap();
        let (s, n) = v.split_once(',').unwrap();
        captured = [s.parse().unwrap(), n.parse().unwrap()];
    }
    let mut board = rows[1].clone();
    board.extend(rows[0].iter().rev());
    RefPos {
        board,
        captured,
        to_move,
    }
}

/// Checks the legal moves (pit names) and the position after `mv` (a pit name).
fn example(r: &RefRules, before: &str, moves: &[usize], mv: usize, after: &str) {
    let p = parse(before);
    assert_eq!(r.format(&p).split(' ').next(), before.split(' ').next());
    if !moves.is_empty() {
        let names: Vec<usize> = r.legal_moves(&p).iter().map(|m| m + 1).collect();
        assert_eq!(names, moves, "moves of {before}");
    }
    assert_eq!(r.format(&r.play(&p, mv - 1)), after, "{before} then {mv}");
}

#[test]
fn reference_follows_the_kale_examples() {
    let off = rules(Kind::Kale, tworow::Options::default());
    let on = rules(
        Kind::Kale,
        tworow::Options {
            kale_chain: true,
            ..Default::default()
        },
    );
    let p = "4,3,0,1,1,2/3,2,0,5,0,1 S captured=14,12";
    example(
        &off,
        p,
        &[1, 2, 4, 6],
        4,
        "4,3,0,0,2,3/3,2,0,0,1,2 N captured=16,12",
    );
    example(
        &on,
        p,
        &[1, 2, 4, 6],
        4,
        "4,3,0,0,0,0/3,2,0,0,1,2 N captured=21,12",
    );
    example(&off, p, &[], 6, "4,3,0,1,1,3/3,2,0,5,0,0 N captured=14,12");
    let lap = "0,0,0,0,2,1/1,0,0,0,0,13 S captured=16,15";
    example(
        &off,
        lap,
        &[],
        6,
        "1,1,1,1,0,3/2,1,1,1,1,0 N captured=20,15",
    );
    example(&on, lap, &[], 6, "1,1,1,1,0,0/2,1,1,1,1,0 N captured=23,15");
    example(
        &off,
        "0,0,0,0,0,1/1,0,0,0,0,13 S captured=16,17",
        &[],
        6,
        "1,1,1,1,2,3/2,1,1,1,1,0 N captured=16,17",
    );
    let over = parse("0,0,0,0,0,0/1,0,2,0,0,0 N captured=20,25");
    assert_eq!(off.outcome(&over), Some([20, 25]));
    assert!(off.legal_moves(&over).is_empty());
}

#[test]
fn reference_follows_the_warri_examples() {
    let mixed = rules(Kind::Warri, tworow::Options::default());
    let uniform = rules(
        Kind::Warri,
        tworow::Options {
            chain_uniform: true,
            ..Default::default()
        },
    );
    let owner = rules(
        Kind::Warri,
        tworow::Options {
            starved_owner: true,
            ..Default::default()
        },
    );
    let a = "4,1,2,1,2,1/2,0,8,1,3,2 S captured=10,11";
    example(
        &mixed,
        a,
        &[],
        3,
        "4,0,0,0,0,0/2,0,0,2,4,3 N captured=22,11",
    );
    example(
        &uniform,
        a,
        &[],
        3,
        "4,0,3,2,3,2/2,0,0,2,4,3 N captured=12,11",
    );
    let b = "0,0,0,0,0,0/0,0,0,0,0,16 S captured=0,0";
    example(
        &mixed,
        b,
        &[6],
        6,
        "1,0,0,0,0,0/1,1,1,1,1,0 N captured=10,0",
    );
    let c = "0,0,0,0,0,0/1,1,1,1,2,1 S captured=21,20";
    example(
        &mixed,
        c,
        &[5, 6],
        5,
        "0,0,0,0,0,1/1,1,1,1,0,2 N captured=21,20",
    );
    let c1 = "0,0,0,0,0,1/1,1,1,1,0,2 N captured=21,20";
    example(
        &mixed,
        c1,
        &[1],
        1,
        "0,0,0,0,1,0/1,1,1,1,0,2 S captured=21,20",
    );
    let c2 = "0,0,0,0,1,0/1,1,1,1,0,2 S captured=21,20";
    example(
        &mixed,
        c2,
        &[],
        6,
        "0,0,0,0,0,1/1,1,1,1,0,0 N captured=23,20",
    );
    let starved = parse("0,0,0,0,1,1/0,0,0,4,3,2 S captured=18,19");
    assert!(mixed.legal_moves(&starved).is_empty());
    assert_eq!(mixed.outcome(&starved), Some([18, 30]));
    assert_eq!(owner.outcome(&starved), Some([27, 21]));
    // From the start, South's till 4 sows tills 5, 6, 7 and 8.
    let start = mixed.start(4);
    assert_eq!(
        mixed.format(&mixed.play(&start, 3)),
        "4,4,4,4,5,5/4,4,4,0,5,5 N captured=0,0"
    );
    // Exhaustion: "The game is finished when there are four or fewer pieces on the board":
    // a move that leaves four or fewer ends the game, each taking his own...
    let few = parse("0,0,0,1,1,0/0,0,0,0,1,2 S captured=19,23");
    assert_eq!(mixed.outcome(&few), None);
    let after = mixed.play(&few, 5); // South 6: N1 = 1, N2 = 2 taken; three left
    assert_eq!(
        mixed.format(&after),
        "0,0,0,0,0,0/0,0,0,0,0,0 N captured=22,25"
    );
    assert_eq!(mixed.outcome(&after), Some([22, 25]));
    // ... and so does a position given as text with four or fewer.
    let four = parse("0,0,0,0,0,1/0,0,0,0,1,2 S captured=20,23");
    assert!(mixed.legal_moves(&four).is_empty());
    assert_eq!(mixed.outcome(&four), Some([23, 24]));
}

#[test]
fn reference_follows_the_oware_examples() {
    let illegal = rules(Kind::Oware, tworow::Options::default());
    let forfeit = rules(
        Kind::Oware,
        tworow::Options {
            grandslam_forfeit: true,
            ..Default::default()
        },
    );
    let chain = "4,1,2,1,2,1/2,0,8,1,3,2 S captured=10,11";
    example(
        &forfeit,
        chain,
        &[],
        3,
        "4,0,0,0,0,0/2,0,0,2,4,3 N captured=22,11",
    );
    let lap = "0,0,0,0,0,0/0,0,0,0,0,16 S captured=0,0";
    example(
        &forfeit,
        lap,
        &[6],
        6,
        "1,0,0,0,0,0/1,1,1,1,1,0 N captured=10,0",
    );
    let gs = "0,1,2,1,2,1/2,0,8,1,3,2 S captured=12,13";
    example(
        &forfeit,
        gs,
        &[1, 3, 4, 5, 6],
        3,
        "0,2,3,2,3,2/2,0,0,2,4,3 N captured=12,13",
    );
    let names: Vec<usize> = illegal
        .legal_moves(&parse(gs))
        .iter()
        .map(|m| m + 1)
        .collect();
    assert_eq!(names, [1, 4, 5, 6]);
    let none = "0,0,0,0,1,1/0,0,0,4,3,2 S captured=18,19";
    example(
        &forfeit,
        none,
        &[4, 5, 6],
        6,
        "0,0,0,0,2,2/0,0,0,4,3,0 N captured=18,19",
    );
    // By default South has seeds but no legal move: he takes all 11 left.
    assert!(illegal.legal_moves(&parse(none)).is_empty());
    assert_eq!(illegal.outcome(&parse(none)), Some([29, 19]));
    // OpenSpiel's oware perft from the start.
    let start = forfeit.start(4);
    for (d, n) in [6u64, 36, 190, 1014, 5219, 27332].into_iter().enumerate() {
        assert_eq!(forfeit.perft(&start, d as u32 + 1), n, "depth {}", d + 1);
    }
}

#[test]
fn reference_follows_the_kalah_examples() {
    let empty = rules(Kind::Kalah, tworow::Options::default());
    let nonempty = rules(
        Kind::Kalah,
        tworow::Options {
            capture_nonempty: true,
            ..Default::default()
        },
    );
    let start = "4,4,4,4,4,4/4,4,4,4,4,4 S stores=0,0";
    example(
        &empty,
        start,
        &[1, 2, 3, 4, 5, 6],
        3,
        "4,4,4,4,4,4/4,4,0,5,5,5 S stores=1,0",
    );
    let cap = "4,3,4,4,4,4/1,0,4,4,4,4 S stores=4,4";
    example(&empty, cap, &[], 1, "4,0,4,4,4,4/0,0,4,4,4,4 N stores=8,4");
    let lone = "4,0,4,4,4,4/1,0,4,4,4,4 S stores=4,7";
    example(&empty, lone, &[], 1, "4,0,4,4,4,4/0,0,4,4,4,4 N stores=5,7");
    example(
        &nonempty,
        lone,
        &[],
        1,
        "4,0,4,4,4,4/0,1,4,4,4,4 N stores=4,7",
    );
    let end = parse("0,0,0,0,0,1/0,0,0,0,0,1 S stores=20,26");
    let after = empty.play(&end, 5);
    assert_eq!(after.board, vec![0; 12]);
    assert_eq!(after.captured, [21, 27]);
    assert_eq!(empty.outcome(&after), Some([21, 27]));
    assert!(empty.legal_moves(&after).is_empty());
    // Depth 2 from the start: 35 (after `3` South moves again with 5 choices).
    assert_eq!(empty.perft(&empty.start(4), 2), 35);
}

#[test]
fn reference_follows_the_kpo_examples() {
    let r = rules(Kind::Kpo, tworow::Options::default());
    let p = "1,0,3,2,0,4/2,3,0,0,1,6 S captured=13,13";
    example(
        &r,
        p,
        &[1, 2, 5, 6],
        2,
        "1,0,3,2,0,4/2,0,1,1,0,6 N captured=15,13",
    );
    example(&r, p, &[], 6, "0,1,4,3,1,5/2,3,0,0,1,0 N captured=15,13");
    example(&r, p, &[], 1, "1,0,3,2,0,4/0,4,1,0,1,6 N captured=13,13");
    example(
        &r,
        "0,0,0,0,0,0/13,0,0,0,0,0 S captured=0,0",
        &[1],
        1,
        "1,1,1,1,1,1/1,0,1,1,1,1 N captured=2,0",
    );
    example(
        &r,
        "0,0,0,0,0,0/12,0,0,0,0,0 S captured=0,0",
        &[1],
        1,
        "1,1,1,1,1,1/1,1,1,1,1,1 N captured=0,0",
    );
    let over = parse("0,0,0,0,0,0/0,0,0,0,1,3 N captured=20,24");
    assert_eq!(r.outcome(&over), Some([24, 24]));
}

// -------------------------------------------------------------------------------------------
// Large captured counts: the fast rules count captures in u32 and accept up to MAX_CAPTURED
// (a u16 counter would wrap here).

#[test]
fn large_captured_counts_are_kept() {
    let g = TwoRow::new(Kind::Kpo, 6, 4, tworow::Options::default()).unwrap();
    let r = RefRules::of(&g);
    let text = "0,0,0,0,0,1/0,0,0,0,1,1 S captured=65535,0";
    let refp = parse(text);
    let fast = to_fast(&g, &refp);
    // South's pit 5: one seed into S6, which then holds 2 and is taken.
    let r2 = r.play(&refp, 4);
    assert_eq!(r.format(&r2), "0,0,0,0,0,1/0,0,0,0,0,0 N captured=65537,0");
    let f2 = g.play(&fast, 4);
    assert_eq!(r2.total_seeds(), refp.total_seeds());
    assert_eq!(from_fast(&g, &f2), r2, "fast rules lost captured seeds");
    let over = format!("0,0,0,0,0,1/0,0,0,0,1,1 S captured={},0", MAX_CAPTURED + 1);
    assert!(g.parse_position(&over).is_err());
}
