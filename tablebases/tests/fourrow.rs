//! Four-row wdl tablebases: index, agreement with the whole-graph solver, files, verifier,
//! probing through the search's oracle.

use mancala_solver::fourrow::retro::{self, Wdl};
use mancala_solver::fourrow::{FourRow, Kind, Options};
use mancala_solver::search::{Limits, Solver};
use mancala_solver::{Game, Notation};
use mancala_tablebases::format::{write_file, SliceFile};
use mancala_tablebases::fourrow::{
    file_name, game_id, split_of, splits, states, FourSlice, FourTables,
};
use mancala_tablebases::wdl::{build, verify};
use mancala_tablebases::Error;
use proptest::prelude::*;
use std::fs;
use std::path::Path;

/// The removal kinds the tables cover.
const REMOVAL: [Kind; 8] = [
    Kind::Mulabalaba,
    Kind::Toka,
    Kind::Kanotta,
    Kind::Nchuba,
    Kind::Nakabili,
    Kind::Kabwanga,
    Kind::Chisolo,
    Kind::Natatu,
];

fn game(kind: Kind, width: usize) -> FourRow {
    FourRow::new(kind, width, 1, Options::default()).unwrap()
}

fn quiet(_: &mancala_tablebases::fourrow::UnitReport) {}

fn files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut v: Vec<_> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, fs::read(&p).unwrap())
        })
        .collect();
    v.sort();
    v
}

proptest! {
    #[test]
    fn rank_and_unrank_are_inverse(
        k in 0usize..8,
        width in 2usize..=4,
        m in 0u32..6,
        o in 0u32..6,
        seed in any::<u64>(),
    ) {
        let g = game(REMOVAL[k], width);
        let s = FourSlice::new(&g, [m, o]);
        let i = seed % s.len();
        let pos = s.unrank(&g, i);
        prop_assert_eq!(split_of(&g, &pos), [m, o]);
        prop_assert_eq!(s.rank(&g, &pos), i);
    }
}

#[test]
fn slice_len_counts_every_position() {
    // Small enough to enumerate: every index gives a distinct position.
    for kind in REMOVAL {
        let g = game(kind, 2);
        for split in splits(4) {
            let s = FourSlice::new(&g, split);
            let all: std::collections::HashSet<_> = (0..s.len()).map(|i| s.unrank(&g, i)).collect();
            assert_eq!(all.len() as u64, s.len(), "{kind:?} {split:?}");
            assert_eq!(
                s.len(),
                states(kind) as u64
                    * [split[0], split[1]]
                        .iter()
                        .map(|&n| (n + 1..=n + 3).product::<u32>() as u64 / 6)
                        .product::<u64>()
            );
        }
    }
}

/// Every position of every slice up to `n` seeds agrees with the whole-graph retrograde
/// solver of `mancala_solver::fourrow::retro` (value and plies).
fn agrees_with_retro(kind: Kind, width: usize, n: u32) {
    let g = game(kind, width);
    let dir = tempfile::tempdir().unwrap();
    build(&g, dir.path(), n, 2, &quiet).unwrap();
    let tb = FourTables::open(dir.path(), &g).unwrap();
    let mut checked = 0;
    for split in splits(n) {
        let s = FourSlice::new(&g, split);
        for i in 0..s.len() {
            let pos = s.unrank(&g, i);
            let sol = retro::solve(&g, &pos, 1_000_000).unwrap();
            let want = sol.value(&g, &pos).unwrap();
            let got = tb.value(&pos).unwrap();
            assert!(
                want == got,
                "{kind:?} w{width} {}: tables {got:?}, retro {want:?}",
                g.format_position(&pos)
            );
            checked += 1;
        }
    }
    assert!(checked > 0);
}

#[test]
fn agrees_with_whole_graph_solver_mulabalaba() {
    agrees_with_retro(Kind::Mulabalaba, 2, 5);
}

#[test]
fn agrees_with_whole_graph_solver_every_removal_kind() {
    for kind in REMOVAL {
        agrees_with_retro(kind, 2, 4);
    }
}

#[test]
fn agrees_with_whole_graph_solver_width_3() {
    agrees_with_retro(Kind::Chisolo, 3, 3);
    agrees_with_retro(Kind::Nchuba, 3, 3);
}

#[test]
fn bytes_do_not_depend_on_threads_and_builds_resume() {
    let g = game(Kind::Chisolo, 3);
    let a = tempfile::tempdir().unwrap();
    let b = tempfile::tempdir().unwrap();
    build(&g, a.path(), 5, 1, &quiet).unwrap();
    build(&g, b.path(), 5, 3, &quiet).unwrap();
    assert_eq!(files(a.path()), files(b.path()));
    // A second build keeps every slice.
    let r = build(&g, a.path(), 5, 2, &quiet).unwrap();
    assert!(r.slices.iter().all(|s| s.skipped));
    assert_eq!(files(a.path()), files(b.path()));
    // No temporary file is left.
    assert!(files(a.path()).iter().all(|(n, _)| n.ends_with(".ftb")));
}

#[test]
fn a_build_stopped_midway_resumes_to_the_same_bytes() {
    // The builder reads the finished lower slices through their memory-mapped files. A build
    // killed midway leaves complete files of the units before it and at most a temporary
    // file of the unit it was writing; resuming keeps the complete ones (checked), rebuilds
    // the rest from the files, and gives the same bytes as a build that was never stopped.
    let g = game(Kind::Mulabalaba, 3);
    let whole = tempfile::tempdir().unwrap();
    build(&g, whole.path(), 6, 2, &quiet).unwrap();
    let cut = tempfile::tempdir().unwrap();
    build(&g, cut.path(), 4, 1, &quiet).unwrap();
    let names: Vec<String> = files(cut.path()).into_iter().map(|(n, _)| n).collect();
    let last = names
        .iter()
        .find(|n| n.contains("-m2-o2."))
        .unwrap()
        .clone();
    // The unit being written when the build was killed: only a temporary file of it.
    let tmp = mancala_tablebases::format::temp_path(&cut.path().join(&last));
    fs::write(&tmp, b"partial").unwrap();
    fs::remove_file(cut.path().join(&last)).unwrap();
    let r = build(&g, cut.path(), 6, 2, &quiet).unwrap();
    assert!(r.slices.iter().any(|s| s.skipped));
    assert!(r.slices.iter().any(|s| !s.skipped && s.split == [2, 2]));
    assert_eq!(files(cut.path()), files(whole.path()));
}

#[test]
fn damaged_or_mismatched_files_are_refused_by_name() {
    let g = game(Kind::Mulabalaba, 2);
    let dir = tempfile::tempdir().unwrap();
    build(&g, dir.path(), 4, 2, &quiet).unwrap();
    let id = game_id(&g);
    let path = dir.path().join(file_name(&id, [2, 1]));
    let good = fs::read(&path).unwrap();
    let expect = |e: Error, what: &str| {
        let text = e.to_string();
        assert!(text.contains(&file_name(&id, [2, 1])), "{text}");
        assert!(text.contains(what), "{text}");
    };

    // A value byte flipped.
    let mut bad = good.clone();
    let last = bad.len() - 1;
    bad[last] ^= 0x40;
    fs::write(&path, &bad).unwrap();
    expect(
        FourTables::open(dir.path(), &g).unwrap_err(),
        "data checksum mismatch",
    );
    // Truncated.
    fs::write(&path, &good[..good.len() - 1]).unwrap();
    expect(FourTables::open(dir.path(), &g).unwrap_err(), "truncated");
    // Another slice's file under this name.
    fs::copy(dir.path().join(file_name(&id, [1, 2])), &path).unwrap();
    expect(
        FourTables::open(dir.path(), &g).unwrap_err(),
        "whose file is named",
    );
    fs::write(&path, &good).unwrap();
    FourTables::open(dir.path(), &g).unwrap();

    // A sound file that holds another game's slice, opened as this one.
    let other = game(Kind::Chisolo, 2);
    let odir = tempfile::tempdir().unwrap();
    build(&other, odir.path(), 3, 1, &quiet).unwrap();
    let opath = odir.path().join(file_name(&game_id(&other), [2, 1]));
    let err = mancala_tablebases::fourrow::open_slice(&g, &opath, [2, 1]).unwrap_err();
    assert!(matches!(err, Error::Mismatch { .. }), "{err}");
    assert!(err.to_string().contains("chisolo"), "{err}");
}

#[test]
fn verify_accepts_built_tables_and_finds_a_wrong_value() {
    let g = game(Kind::Nakabili, 2);
    let dir = tempfile::tempdir().unwrap();
    build(&g, dir.path(), 4, 2, &quiet).unwrap();
    let r = verify::<FourRow>(dir.path()).unwrap();
    assert_eq!(r.files, splits(4).len());
    // Rewrite one slice with a wrong value but a sound checksum.
    let id = game_id(&g);
    let path = dir.path().join(file_name(&id, [2, 2]));
    let f = SliceFile::open(&path, true).unwrap();
    let mut data = f.data().to_vec();
    let header = f.header().clone();
    drop(f);
    let i = data.iter().position(|&b| b != 0).unwrap();
    data[i] = if data[i] == 1 { 3 } else { data[i] - 1 };
    write_file(&path, header, |at, buf| {
        buf.copy_from_slice(&data[at as usize..at as usize + buf.len()])
    })
    .unwrap();
    let err = verify::<FourRow>(dir.path()).unwrap_err();
    assert!(matches!(err, Error::Unsound { .. }), "{err}");
    assert!(err.to_string().contains(&file_name(&id, [2, 2])), "{err}");
    // Both values in words: "stores a win in 3 plies, its moves give a loss in 2 plies".
    let msg = err.to_string();
    let (_, values) = msg
        .split_once(") stores a ")
        .expect("the stored value in words");
    let (stored, given) = values
        .split_once(", its moves give a ")
        .expect("the Bellman value");
    for v in [stored, given] {
        let words: Vec<&str> = v.split(' ').collect();
        assert!(
            matches!(words[..], ["draw"] | ["win" | "loss", "in", _, "plies"]),
            "{msg}"
        );
    }
}

#[test]
fn solve_with_the_tables_as_oracle_agrees() {
    let g = game(Kind::Chisolo, 2);
    let dir = tempfile::tempdir().unwrap();
    build(&g, dir.path(), 6, 2, &quiet).unwrap();
    let tb = FourTables::open(dir.path(), &g).unwrap();
    // Positions with 7 seeds: the search must reach the tables to use them.
    let s = FourSlice::new(&g, [4, 3]);
    for i in (0..s.len()).step_by(7) {
        let pos = s.unrank(&g, i);
        let plain = Solver::new(&g, Limits::default()).solve(&pos);
        let with = Solver::new(&g, Limits::default())
            .with_oracle(&tb)
            .solve(&pos);
        assert_eq!(plain.value, with.value, "{}", g.format_position(&pos));
        // And the tables' own children give the same value as the search.
        let p = tb.probe(&pos);
        assert!(p.is_err(), "7 seeds are beyond the tables");
        let moves = g.legal_moves(&pos);
        let best = moves
            .iter()
            .map(|&m| {
                let c = g.play(&pos, m);
                match split_of(&g, &c)[0] + split_of(&g, &c)[1] {
                    n if n <= 6 => Some(-tb.value(&c).unwrap().value()),
                    _ => None,
                }
            })
            .collect::<Vec<_>>();
        if let Some(b) = best.iter().copied().collect::<Option<Vec<_>>>() {
            let v = b.into_iter().max().unwrap_or(-1);
            assert_eq!(v, plain.value, "{}", g.format_position(&pos));
        }
    }
}

#[test]
fn probe_lists_the_moves_with_their_values() {
    let g = game(Kind::Mulabalaba, 2);
    let dir = tempfile::tempdir().unwrap();
    build(&g, dir.path(), 4, 1, &quiet).unwrap();
    let tb = FourTables::open(dir.path(), &g).unwrap();
    let s = FourSlice::new(&g, [2, 2]);
    for i in 0..s.len() {
        let pos = s.unrank(&g, i);
        let p = tb.probe(&pos).unwrap();
        assert_eq!(p.moves.len(), g.legal_moves(&pos).len());
        let kids: Vec<Wdl> = p
            .moves
            .iter()
            .map(|(_, v)| match v.unwrap() {
                Wdl::Win(d) => Wdl::Loss(d - 1),
                Wdl::Loss(d) => Wdl::Win(d - 1),
                Wdl::Draw => Wdl::Draw,
            })
            .collect();
        assert_eq!(mancala_tablebases::wdl::bellman(&kids), p.value);
    }
}

#[test]
fn re_sowing_games_are_refused() {
    let g = game(Kind::ChisoloII, 2);
    let dir = tempfile::tempdir().unwrap();
    let err = build(&g, dir.path(), 3, 1, &quiet).unwrap_err();
    assert!(err.to_string().contains("re-sown"), "{err}");
}
