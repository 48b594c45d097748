//! Times four-row move listing (what `mancala moves` and `mancala play` compute) over a corpus
//! of random and fuzzed positions of every four-row variant, up to 200 seeds on the board.
//!
//! ```text
//! cargo run --release -p mancala-solver --example fourrow_sowing -- [--per-kind N] [--cap S] [--out FILE]
//! ```
//!
//! The corpus (deterministic, the same on every build): the positions users reported slow,
//! then for each variant at its standard size `N` random positions (default 50: 1 to 200 seeds
//! dropped one by one into random holes, either side to move) and `N` fuzzed ones (a random
//! game from the start, then up to 150 seeds added to random holes, at most 200 on the board).
//! For each position it times `moves` (the legal moves and their names) and `play` (the legal
//! moves, the middle one played, and the moves of the position reached, which `play` needs to
//! say whether the game is over), each in a fresh child process as a command runs (so nothing
//! found by one call helps another), stopped after `S` seconds (default 60; such a call is
//! counted at the cap and marked `>`): the binary also measures builds whose listing can run
//! for hours.
//!
//! Prints each variant's median, p99 and max, the overall figures and the slowest positions;
//! `--out` writes one line a position (variant, ms for moves and play, a digest of the moves
//! and the positions they lead to, the position) so that two builds can be diffed.
//! `--warm FILE` instead lists the positions of FILE in one process, each for about 2 ms, and
//! prints the distribution of the warm time of `moves` (what a search pays).

use mancala_solver::fourrow::{FourRow, Kind};
use mancala_solver::{FourRowPos, Game, Notation, Side};
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// The positions reported slow: (variant, position).
const REPORTED: &[(&str, &str)] = &[
    (
        "chisolo-ii",
        "3,1,9,23,7/22,0,5,22,10/0,0,0,0,1/0,1,0,0,0 N",
    ),
    (
        "mulabalaba",
        "5,0,0,0,0/1,5,1,0,0/14,46,12,4,1/2,28,7,16,35 N captured=20,41",
    ),
    (
        "mulabalaba",
        "5,0,0,0,0/1,5,0,1,0/14,46,12,0,1/2,28,7,0,35 S captured=20,61",
    ),
    ("chisolo-ii", "2,0,0,0,1/0,0,0,96,0/1,0,1,0,0/0,1,1,0,1 N"),
];

/// The most seeds the corpus puts on the board.
const MAX_SEEDS: u32 = 200;

struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// The rules a position text is read with: the variant's, at the width of its first row (as
/// the command line does).
fn rules(variant: &str, text: &str) -> FourRow {
    let kind = Kind::from_id(variant).expect("a four-row variant");
    let w = text.split('/').next().unwrap().split(',').count();
    FourRow::new(kind, w, kind.default_seeds(), Default::default()).expect("valid rules")
}

/// The position after the setup phase and outside any special state, with `board`.
fn with_board(g: &FourRow, board: mancala_solver::fourrow::Board, side: Side) -> FourRowPos {
    let mut p = g.start();
    p.board = board;
    p.side = side;
    if g.kind() == Kind::Kanotta {
        p.removed = [4, 4];
    }
    p
}

/// The corpus: (variant, position text).
fn corpus(per_kind: usize) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = REPORTED
        .iter()
        .map(|&(v, p)| (v.to_string(), p.to_string()))
        .collect();
    for (ki, kind) in Kind::ALL.into_iter().enumerate() {
        let g = FourRow::standard(kind);
        let l = 2 * g.width();
        let mut rng = Lcg(1 + ki as u64);
        let push = |p: &FourRowPos, out: &mut Vec<(String, String)>| {
            let text = g.format_position(p);
            if g.parse_position(&text).is_ok() {
                out.push((kind.id().to_string(), text));
            }
        };
        for _ in 0..per_kind {
            let mut b = mancala_solver::fourrow::Board::default();
            for _ in 0..1 + rng.below(MAX_SEEDS as usize) {
                let h = rng.below(2 * l);
                b.0[h / l][h % l] += 1;
            }
            let side = if rng.below(2) == 0 {
                Side::South
            } else {
                Side::North
            };
            push(&with_board(&g, b, side), &mut out);
        }
        for _ in 0..per_kind {
            let mut p = g.start();
            for _ in 0..rng.below(60) {
                let ms = g.legal_moves(&p);
                if ms.is_empty() {
                    break;
                }
                p = g.play(&p, ms[rng.below(ms.len())]);
            }
            if g.in_setup(&p) {
                p = with_board(&g, p.board, p.side);
            }
            let room = MAX_SEEDS.saturating_sub(p.board.total(g.width()));
            for _ in 0..rng.below(room.min(150) as usize + 1) {
                let h = rng.below(2 * l);
                p.board.0[h / l][h % l] += 1;
            }
            push(&p, &mut out);
        }
    }
    out
}

/// FNV-1a, for digests that are the same on every build.
fn fnv(h: &mut u64, s: &str) {
    for b in s.bytes().chain([0xff]) {
        *h = (*h ^ b as u64).wrapping_mul(0x100000001b3);
    }
}

/// Child side: reads one `variant<TAB>position` line, times `job` (`moves` or `play`) on it
/// and answers `ns digest` (the digest of the moves and the positions they lead to, for
/// `moves`; `-` for `play`).
fn child(job: &str) {
    let mut line = String::new();
    std::io::stdin().read_line(&mut line).unwrap();
    let (variant, text) = line.trim_end().split_once('\t').unwrap();
    let g = rules(variant, text);
    let pos = g.parse_position(text).unwrap();
    let t = Instant::now();
    let moves = g.legal_moves(&pos);
    let names: Vec<String> = moves.iter().map(|&m| g.move_name(&pos, m)).collect();
    if job == "play" {
        // The move in the middle of the list played, then the moves after it (the command
        // says whether the game is over).
        if let Some(&m) = moves.get(names.len() / 2) {
            std::hint::black_box(g.outcome(&g.play(&pos, m)));
        }
        println!("{} -", t.elapsed().as_nanos());
        return;
    }
    let ns = t.elapsed().as_nanos();
    let mut h = 0xcbf29ce484222325u64;
    for (&m, name) in moves.iter().zip(&names) {
        fnv(&mut h, name);
        fnv(&mut h, &g.format_position(&g.play(&pos, m)));
    }
    println!("{ns} {h:016x}");
}

/// One position's result: ms of `moves` and of `play` (`None` past the cap), the digest of
/// its moves.
type Timing = (Option<f64>, Option<f64>, Option<String>);

/// Times `job` on one position in a fresh process (as a command would run), stopped after
/// `cap`: (ms, digest).
fn one(job: &str, variant: &str, text: &str, cap: Duration) -> Option<(f64, String)> {
    let mut kid = Command::new(std::env::current_exe().unwrap())
        .args(["--child", job])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("start the child");
    let mut to = kid.stdin.take().unwrap();
    writeln!(to, "{variant}\t{text}").unwrap();
    drop(to);
    let from = BufReader::new(kid.stdout.take().unwrap());
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut line = String::new();
        let _ = { from }.read_line(&mut line);
        let _ = tx.send(line);
    });
    let got = rx.recv_timeout(cap).ok();
    if got.is_none() {
        eprintln!("{job} over {cap:?}: {variant} {text}");
        let _ = kid.kill();
    }
    let _ = kid.wait();
    let line = got?;
    let (ns, digest) = line.trim().split_once(' ')?;
    Some((ns.parse::<f64>().ok()? / 1e6, digest.to_string()))
}

/// Times `moves` and `play` on every position.
fn measure(positions: &[(String, String)], cap: Duration) -> Vec<Timing> {
    let mut out = Vec::new();
    for (i, (v, p)) in positions.iter().enumerate() {
        let m = one("moves", v, p, cap);
        let q = one("play", v, p, cap);
        out.push((m.as_ref().map(|x| x.0), q.map(|x| x.0), m.map(|x| x.1)));
        if (i + 1) % 100 == 0 {
            eprintln!("{} / {}", i + 1, positions.len());
        }
    }
    out
}

/// `--warm FILE`: the positions of FILE (`variant<TAB>position` lines, as `--out` writes them
/// with the figures cut out) listed in this process, each again and again for about 2 ms:
/// the time of `moves` once the process is warm, which is what a search pays.
fn warm(file: &str) {
    let text = std::fs::read_to_string(file).expect("--warm FILE");
    let mut us = Vec::new();
    let t = Instant::now();
    for line in text.lines().filter(|l| !l.is_empty()) {
        let (variant, pos) = line.split_once('\t').expect("variant<TAB>position");
        let g = rules(variant, pos);
        let p = g.parse_position(pos).expect("a position");
        let (mut k, t1) = (0u32, Instant::now());
        while k < 3 || t1.elapsed() < Duration::from_millis(2) {
            let moves = g.legal_moves(&p);
            let names: Vec<String> = moves.iter().map(|&m| g.move_name(&p, m)).collect();
            std::hint::black_box(names);
            k += 1;
        }
        us.push(t1.elapsed().as_secs_f64() * 1e6 / k as f64);
    }
    let total = t.elapsed().as_secs_f64();
    let mut v = us.clone();
    v.sort_by(f64::total_cmp);
    let q = |f: f64| v[((v.len() - 1) as f64 * f).round() as usize];
    println!(
        "{} positions, moves warm: median {:.2} us, p99 {:.1} us, max {:.1} us, sum {:.1} ms; {:.1} s",
        v.len(),
        q(0.5),
        q(0.99),
        q(1.0),
        us.iter().sum::<f64>() / 1e3,
        total
    );
}

/// "median p99 max" of `xs` in ms (`>` marks a figure at the cap).
fn summary(xs: &[Option<f64>], cap: f64) -> String {
    let mut v: Vec<f64> = xs.iter().map(|x| x.unwrap_or(cap)).collect();
    v.sort_by(f64::total_cmp);
    let q = |f: f64| {
        let x = v[((v.len() - 1) as f64 * f).round() as usize];
        if x >= cap {
            format!(">{:.0}", cap)
        } else {
            format!("{x:.3}")
        }
    };
    format!("{:>9} {:>9} {:>9}", q(0.5), q(0.99), q(1.0))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--child") {
        child(&args[1]);
        return;
    }
    let opt = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    if let Some(file) = opt("--warm") {
        warm(&file);
        return;
    }
    let per_kind: usize = opt("--per-kind").map_or(50, |s| s.parse().expect("--per-kind N"));
    let cap = Duration::from_secs_f64(opt("--cap").map_or(60.0, |s| s.parse().expect("--cap S")));
    let positions = corpus(per_kind);
    let seeds: Vec<u32> = positions
        .iter()
        .map(|(v, p)| {
            rules(v, p)
                .parse_position(p)
                .unwrap()
                .board
                .total(rules(v, p).width())
        })
        .collect();
    eprintln!(
        "{} positions, {} to {} seeds on the board",
        positions.len(),
        seeds.iter().min().unwrap(),
        seeds.iter().max().unwrap()
    );
    let t = Instant::now();
    let res = measure(&positions, cap);
    let cap_ms = cap.as_secs_f64() * 1e3;
    println!(
        "{:<11} {:>5}   {:>9} {:>9} {:>9}   {:>9} {:>9} {:>9}",
        "variant", "count", "moves ms", "p99", "max", "play ms", "p99", "max"
    );
    let mut ids: Vec<&str> = Kind::ALL.iter().map(|k| k.id()).collect();
    ids.push("all");
    for id in ids {
        let rows: Vec<&Timing> = positions
            .iter()
            .zip(&res)
            .filter(|((v, _), _)| id == "all" || v == id)
            .map(|(_, r)| r)
            .collect();
        let m: Vec<Option<f64>> = rows.iter().map(|r| r.0).collect();
        let p: Vec<Option<f64>> = rows.iter().map(|r| r.1).collect();
        println!(
            "{id:<11} {:>5}   {}   {}",
            rows.len(),
            summary(&m, cap_ms),
            summary(&p, cap_ms)
        );
    }
    let worst = |r: &Timing| r.0.unwrap_or(cap_ms).max(r.1.unwrap_or(cap_ms));
    let mut slow: Vec<(f64, usize)> = res.iter().enumerate().map(|(i, r)| (worst(r), i)).collect();
    slow.sort_by(|a, b| b.0.total_cmp(&a.0));
    println!("slowest (ms, the larger of moves and play; > at the cap):");
    for &(ms, i) in slow.iter().take(12) {
        let (v, p) = &positions[i];
        let mark = if ms >= cap_ms { ">" } else { " " };
        println!("  {mark}{ms:>10.3}  {v} '{p}'");
    }
    println!("total {:.1} s", t.elapsed().as_secs_f64());
    if let Some(path) = opt("--out") {
        let mut f = std::fs::File::create(path).expect("--out file");
        let ms = |x: Option<f64>| x.map_or(">".to_string(), |x| format!("{x:.3}"));
        for ((v, p), r) in positions.iter().zip(&res) {
            let h = r.2.as_deref().unwrap_or("-");
            writeln!(f, "{v}\t{}\t{}\t{h}\t{p}", ms(r.0), ms(r.1)).unwrap();
        }
    }
}
