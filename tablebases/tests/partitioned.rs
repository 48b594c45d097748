//! The builds with the values partitioned between ranks, on ranks that are threads of this
//! process ([`Threads`]; `tests/cli_mpi.rs` runs the same builds under `mpirun`): the files
//! are byte for byte those of one process at 2, 3 and 4 ranks for the two-row cyclic games,
//! kalah's acyclic path, the four-row and the morris tables; each rank holds about `1/P` of the values;
//! every request is answered by its owner; a folder with finished slices resumes.

mod common;
use common::{game, quiet};
use mancala_solver::fourrow::{FourRow, Kind as FourKind, Options};
use mancala_solver::Kind;
use mancala_tablebases::driver::{Comm, Part, Threads, PART_BLOCK};
use mancala_tablebases::{build, build_on, wdl};
use std::path::Path;

/// Every file of `a` and `b`, by name: the same names, the same bytes.
fn same_files(a: &Path, b: &Path) -> usize {
    let names = |d: &Path| {
        let mut v: Vec<_> = std::fs::read_dir(d)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        v.sort();
        v
    };
    let (na, nb) = (names(a), names(b));
    assert_eq!(na, nb, "the files of {a:?} and {b:?}");
    for n in &na {
        let (x, y) = (
            std::fs::read(a.join(n)).unwrap(),
            std::fs::read(b.join(n)).unwrap(),
        );
        assert!(x == y, "{n:?} differs between {a:?} and {b:?}");
    }
    na.len()
}

#[test]
fn the_partition_covers_every_index_once() {
    for ranks in 1..=5 {
        for len in [0, 1, PART_BLOCK - 1, PART_BLOCK, 7 * PART_BLOCK + 5, 40_000] {
            let parts: Vec<Part> = (0..ranks).map(|rank| Part { rank, ranks }).collect();
            let mut seen = vec![0u8; len as usize];
            for p in &parts {
                let owned = p.owned_len(len);
                let mut l = 0;
                for r in p.blocks(0..len) {
                    for i in r {
                        assert_eq!(p.owner(i), p.rank);
                        assert_eq!(p.local(i), l, "rank {} index {i}", p.rank);
                        assert_eq!(p.global(l), i);
                        seen[i as usize] += 1;
                        l += 1;
                    }
                }
                assert_eq!(l, owned);
            }
            assert!(seen.iter().all(|&k| k == 1), "{ranks} ranks, {len}");
            // A range inside: the blocks cut at its ends.
            let r = len / 3..len - len / 5;
            let inside: u64 = parts
                .iter()
                .flat_map(|p| p.blocks(r.clone()))
                .map(|b| b.end - b.start)
                .sum();
            assert_eq!(inside, r.end - r.start);
        }
    }
}

#[test]
fn threads_exchange_what_each_rank_sent() {
    let got = Threads::run(3, |c| {
        let out = (0..3).map(|to| vec![c.rank() as u8, to as u8]).collect();
        let back = c.all_to_all(out);
        (
            back,
            c.sum(c.rank() as u64 + 1),
            c.max(c.rank() as u64),
            c.traffic(),
        )
    });
    for (me, (back, sum, max, traffic)) in got.into_iter().enumerate() {
        assert_eq!(
            back,
            (0..3)
                .map(|from| vec![from as u8, me as u8])
                .collect::<Vec<_>>()
        );
        assert_eq!((sum, max), (6, 2));
        // Two bytes to each of two others, then the words of the sum and the maximum.
        assert_eq!(traffic, (4 + 2 * 16, 4 + 2 * 16));
    }
}

/// The two-row tables of `g` to `stones` on `ranks` thread ranks of 1 thread each, in
/// `dir`; rank 0's report.
fn two_row_on(
    ranks: usize,
    g: &mancala_solver::TwoRow,
    stones: u32,
    dir: &Path,
) -> mancala_tablebases::BuildReport<mancala_tablebases::SliceReport> {
    Threads::run(ranks, |c| build_on(c, g, dir, stones, 1, &quiet).unwrap())
        .into_iter()
        .next()
        .unwrap()
}

#[test]
fn two_row_partitioned_builds_write_the_bytes_of_one_process() {
    let t = tempfile::tempdir().unwrap();
    for (kind, width, stones, rules) in [
        (Kind::Oware, 6, 9, &[][..]),
        (Kind::Warri, 4, 10, &[][..]),
        (Kind::Kale, 4, 9, &[][..]),
        (Kind::Kpo, 4, 9, &[][..]),
        (Kind::Kalah, 6, 8, &[][..]),
        (Kind::Kalah, 4, 10, &["capture=nonempty"][..]),
    ] {
        let g = game(kind, width, rules);
        let name = format!("{}-{width}-{}", kind.id(), rules.len());
        let one = t.path().join(format!("{name}-1"));
        build(&g, &one, stones, 2, &quiet).unwrap();
        for ranks in [2, 3, 4] {
            let dir = t.path().join(format!("{name}-{ranks}"));
            let r = two_row_on(ranks, &g, stones, &dir);
            assert_eq!(
                same_files(&one, &dir),
                stones as usize + 1,
                "{name} at {ranks}"
            );
            let last = r.slices.last().unwrap();
            assert_eq!(last.memory.held.len(), ranks);
            assert!(last.exchange.iter().any(|p| p.sent.iter().all(|&b| b > 0)));
        }
    }
}

#[test]
fn a_rank_holds_its_share_of_the_values() {
    let t = tempfile::tempdir().unwrap();
    let g = game(Kind::Oware, 6, &[]);
    let stones = 10;
    let held = |ranks: usize| -> Vec<u64> {
        let r = two_row_on(ranks, &g, stones, &t.path().join(format!("m{ranks}")));
        r.slices.last().unwrap().memory.held.clone()
    };
    // The values of every slice, plus 1 byte a position (best exits) and 3 bits a position
    // (bitmaps) of the last one: what one process would hold.
    let all: u64 = (0..=stones)
        .map(|n| mancala_tablebases::tworow::index::slice_len(6, n).unwrap())
        .sum();
    let last = mancala_tablebases::tworow::index::slice_len(6, stones).unwrap();
    let whole = all + last + 3 * last / 8;
    for ranks in [2, 3, 4] {
        let h = held(ranks);
        let most = *h.iter().max().unwrap();
        // About 1/P of the whole: the blocks split the slices evenly but for a block.
        let share = whole as f64 / ranks as f64;
        assert!(
            (most as f64) < share * 1.05 + 64.0 * PART_BLOCK as f64,
            "{ranks} ranks hold {h:?}, 1/P of {whole} is {share}"
        );
        assert!(h.iter().sum::<u64>() >= whole - 1024, "{h:?}");
    }
}

#[test]
fn four_row_partitioned_builds_write_the_bytes_of_one_process() {
    let t = tempfile::tempdir().unwrap();
    for (kind, width, stones) in [(FourKind::Mulabalaba, 4, 6), (FourKind::Kanotta, 4, 5)] {
        let g = FourRow::new(kind, width, 1, Options::default()).unwrap();
        let one = t.path().join(format!("{kind:?}-1"));
        wdl::build(&g, &one, stones, 2, &|_| {}).unwrap();
        for ranks in [2, 3, 4] {
            let dir = t.path().join(format!("{kind:?}-{ranks}"));
            Threads::run(ranks, |c| {
                wdl::build_on(c, &g, &dir, stones, 1, None, &|_| {}).unwrap();
            });
            assert!(same_files(&one, &dir) > 4, "{kind:?} at {ranks}");
        }
    }
}

#[test]
fn morris_partitioned_builds_write_the_bytes_of_one_process() {
    use mancala_solver::morris::{Kind as MorrisKind, Morris, Options as MorrisOptions};
    let t = tempfile::tempdir().unwrap();
    // Four counters a side: a unit of two slices (3 against 4, 4 against 3) above one.
    for (name, g, counters, rank_counts) in [
        (
            "mulabalaba",
            Morris::new(4, MorrisOptions::default()).unwrap(),
            4,
            &[2, 4][..],
        ),
        (
            "nine",
            Morris::new(3, MorrisOptions::defaults(MorrisKind::NineMensMorris)).unwrap(),
            3,
            &[3][..],
        ),
    ] {
        let one = t.path().join(format!("{name}-1"));
        wdl::build(&g, &one, counters, 2, &|_| {}).unwrap();
        for &ranks in rank_counts {
            let dir = t.path().join(format!("{name}-{ranks}"));
            Threads::run(ranks, |c| {
                wdl::build_on(c, &g, &dir, counters, 1, None, &|_| {}).unwrap();
            });
            assert!(same_files(&one, &dir) >= 1, "{name} at {ranks}");
        }
    }
}

#[test]
fn a_partitioned_build_resumes_from_its_finished_slices() {
    let t = tempfile::tempdir().unwrap();
    let g = game(Kind::Oware, 4, &[]);
    let one = t.path().join("one");
    build(&g, &one, 12, 1, &quiet).unwrap();
    let dir = t.path().join("three");
    two_row_on(3, &g, 8, &dir);
    // A slice written by one process, a slice left half-written: both as a killed job leaves.
    std::fs::write(dir.join("x.tmp"), b"partial").unwrap();
    let r = two_row_on(2, &g, 12, &dir);
    assert!(r.slices[..=8].iter().all(|s| s.skipped));
    assert!(r.slices[9..].iter().all(|s| !s.skipped));
    std::fs::remove_file(dir.join("x.tmp")).unwrap();
    assert_eq!(same_files(&one, &dir), 13);
}
