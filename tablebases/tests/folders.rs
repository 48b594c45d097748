//! Whole folders: `verify` checks every table file, two-row and four-row, and refuses a folder
//! with none; `info` checks each header against its file name; opening a folder without tables
//! of the game asked for says so and lists what the folder holds.

mod common;

use common::{game, quiet};
use mancala_solver::fourrow::{FourRow, Kind as FourKind, Options};
use mancala_solver::{Game, Kind};
use mancala_tablebases::fourrow::FourTables;
use mancala_tablebases::tworow::stats;
use mancala_tablebases::wdl;
use mancala_tablebases::{build, ensure_sound, info, probe, verify, GameId, Tablebases};
use std::fs;
use std::path::Path;

fn four(kind: FourKind, width: usize, rules: &[&str]) -> FourRow {
    let rules: Vec<String> = rules.iter().map(|s| s.to_string()).collect();
    FourRow::new(kind, width, 1, Options::parse(kind, &rules).unwrap()).unwrap()
}

fn four_quiet(_: &wdl::UnitReport) {}

/// Mulabalaba 4x2 tables up to 4 seeds (15 files).
fn mulabalaba(dir: &Path) {
    wdl::build(&four(FourKind::Mulabalaba, 2, &[]), dir, 4, 2, &four_quiet).unwrap();
}

fn copy_dir(from: &Path, to: &Path) {
    for e in fs::read_dir(from).unwrap() {
        let p = e.unwrap().path();
        fs::copy(&p, to.join(p.file_name().unwrap())).unwrap();
    }
}

const M22: &str = "mulabalaba-default-w2-m2-o2.ftb";

/// A damage: the file the error must name, a part of its reason, and what to do to a folder.
type Damage = (&'static str, &'static str, Box<dyn Fn(&Path)>);

/// Each damage of a four-row file, as the audit found `verify` passing them: the file that
/// must be named and a part of the reason.
fn four_row_damages(good: &Path, chisolo: &Path) -> Vec<Damage> {
    let good = good.to_path_buf();
    let chisolo = chisolo.to_path_buf();
    vec![
        (
            M22,
            "truncated",
            Box::new(|d: &Path| {
                let p = d.join(M22);
                let b = fs::read(&p).unwrap();
                fs::write(&p, &b[..b.len() - 20]).unwrap();
            }),
        ),
        (
            M22,
            "truncated",
            Box::new(|d: &Path| fs::write(d.join(M22), b"").unwrap()),
        ),
        (
            M22,
            "bad magic",
            Box::new(|d: &Path| fs::write(d.join(M22), b"hello world\n".repeat(1000)).unwrap()),
        ),
        (
            M22,
            "whose file is named chisolo-default-w2-m2-o2.ftb",
            Box::new(move |d: &Path| {
                fs::copy(chisolo.join("chisolo-default-w2-m2-o2.ftb"), d.join(M22)).unwrap();
            }),
        ),
        (
            "mulabalaba-default-w2-m3-o1.ftb",
            "whose file is named mulabalaba-default-w2-m1-o3.ftb",
            Box::new(move |d: &Path| {
                fs::copy(
                    good.join("mulabalaba-default-w2-m1-o3.ftb"),
                    d.join("mulabalaba-default-w2-m3-o1.ftb"),
                )
                .unwrap();
            }),
        ),
        (
            "junk.ftb",
            "bad magic",
            Box::new(|d: &Path| {
                fs::write(d.join("junk.ftb"), b"not a table\n".repeat(10)).unwrap()
            }),
        ),
    ]
}

#[test]
fn verify_checks_four_row_tables_and_refuses_damaged_ones() {
    let good = tempfile::tempdir().unwrap();
    mulabalaba(good.path());
    let chisolo = tempfile::tempdir().unwrap();
    wdl::build(
        &four(FourKind::Chisolo, 2, &[]),
        chisolo.path(),
        4,
        2,
        &four_quiet,
    )
    .unwrap();
    let r = verify(good.path()).unwrap();
    assert_eq!((r.files, r.four.files, r.slices.len()), (15, 15, 0));
    assert_eq!(r.positions, r.four.positions);
    assert!(r.positions > 0);
    // A folder of both kinds: every file is checked.
    let mixed = tempfile::tempdir().unwrap();
    copy_dir(good.path(), mixed.path());
    build(&game(Kind::Oware, 2, &[]), mixed.path(), 3, 1, &quiet).unwrap();
    let r = verify(mixed.path()).unwrap();
    assert_eq!((r.files, r.four.files, r.slices.len()), (19, 15, 4));
    for base in [good.path(), mixed.path()] {
        for (file, reason, damage) in four_row_damages(good.path(), chisolo.path()) {
            let d = tempfile::tempdir().unwrap();
            copy_dir(base, d.path());
            damage(d.path());
            let msg = verify(d.path()).unwrap_err().to_string();
            assert!(
                msg.contains(file) && msg.contains(reason),
                "expected {file} and '{reason}', got: {msg}"
            );
        }
    }
}

#[test]
fn verify_refuses_a_folder_without_table_files() {
    let d = tempfile::tempdir().unwrap();
    let msg = verify(d.path()).unwrap_err().to_string();
    assert!(msg.contains("holds no tablebase files"), "{msg}");
    // Temporary and unrelated files are not tables.
    fs::write(d.path().join("oware-grandslam=illegal-w2-n3.mtb.tmp"), b"x").unwrap();
    fs::write(d.path().join("README"), b"x").unwrap();
    let msg = verify(d.path()).unwrap_err().to_string();
    assert!(msg.contains("holds no tablebase files"), "{msg}");
    // The four-row verifier alone refuses a folder without four-row files.
    build(&game(Kind::Oware, 2, &[]), d.path(), 2, 1, &quiet).unwrap();
    assert_eq!(verify(d.path()).unwrap().files, 3);
    let msg = wdl::verify::<FourRow>(d.path()).unwrap_err().to_string();
    assert!(msg.contains("holds no four-row tablebase files"), "{msg}");
}

#[test]
fn info_checks_each_header_against_its_name() {
    let d = tempfile::tempdir().unwrap();
    let oware = game(Kind::Oware, 2, &[]);
    build(&oware, d.path(), 4, 1, &quiet).unwrap();
    mulabalaba(d.path());
    let files = info(d.path()).unwrap();
    assert_eq!(files.len(), 5 + 15);
    assert!(files.iter().all(|f| f.header.is_some()));
    ensure_sound(&files).unwrap();
    let warri = GameId::of(&game(Kind::Warri, 2, &[])).file_name(4);
    let id = GameId::of(&oware);
    let cases: [(&str, String, &str); 4] = [
        // An oware table under a warri name.
        (&id.file_name(4), warri, "whose file is named"),
        // The 3-stone slice under the 4-stone name.
        (&id.file_name(3), id.file_name(4), "3-stone slice"),
        // A four-row table under a two-row name, and the other way round.
        (M22, id.file_name(4), "four-row table"),
        (&id.file_name(4), M22.to_string(), "not a four-row table"),
    ];
    for (from, to, reason) in cases {
        let c = tempfile::tempdir().unwrap();
        copy_dir(d.path(), c.path());
        fs::copy(d.path().join(from), c.path().join(&to)).unwrap();
        let files = info(c.path()).unwrap();
        let bad: Vec<_> = files.iter().filter(|f| f.header.is_none()).collect();
        assert_eq!(bad.len(), 1, "{from} as {to}");
        let problem = bad[0].problem.as_deref().unwrap();
        assert!(
            bad[0].path.ends_with(&to) && problem.contains(&to) && problem.contains(reason),
            "{from} as {to}: {problem}"
        );
        let e = ensure_sound(&files).unwrap_err().to_string();
        let count = format!("1 of {} tablebase files refused", files.len());
        assert!(e.contains(&count) && e.contains(problem), "{e}");
    }
}

#[test]
fn a_folder_without_the_games_tables_is_refused_with_what_it_holds() {
    let empty = tempfile::tempdir().unwrap();
    let oware = game(Kind::Oware, 2, &[]);
    let msg = Tablebases::open(empty.path(), &oware)
        .unwrap_err()
        .to_string();
    assert!(
        msg.contains("holds no tables of oware (grandslam=illegal) width 2")
            && msg.contains("it holds no tablebase files"),
        "{msg}"
    );
    let mula = four(FourKind::Mulabalaba, 2, &[]);
    let msg = FourTables::open(empty.path(), &mula)
        .unwrap_err()
        .to_string();
    assert!(msg.contains("holds no tables of mulabalaba"), "{msg}");

    let d = tempfile::tempdir().unwrap();
    build(&oware, d.path(), 3, 1, &quiet).unwrap();
    mulabalaba(d.path());
    let held = [
        "oware-grandslam=illegal-w2: 4 two-row files, 0 to 3 stones",
        "mulabalaba-default-w2: 15 four-row files, 0 to 4 stones",
    ];
    let refused = |msg: String, wanted: &str| {
        assert!(
            msg.contains(&format!("holds no tables of {wanted}")),
            "{msg}"
        );
        for h in held {
            assert!(msg.contains(h), "{msg}");
        }
        assert!(!msg.contains("--max-stones"), "{msg}");
    };
    // Another width or rule set than the tables'.
    let w3 = game(Kind::Oware, 3, &[]);
    refused(
        Tablebases::open(d.path(), &w3).unwrap_err().to_string(),
        "oware (grandslam=illegal) width 3",
    );
    let forfeit = game(Kind::Oware, 2, &["grandslam=forfeit"]);
    refused(
        probe(&forfeit, d.path(), &forfeit.start())
            .unwrap_err()
            .to_string(),
        "oware (grandslam=forfeit) width 2",
    );
    refused(
        stats(&forfeit, d.path(), 2).unwrap_err().to_string(),
        "oware (grandslam=forfeit) width 2",
    );
    let kalah = game(Kind::Kalah, 2, &[]);
    refused(
        Tablebases::open(d.path(), &kalah).unwrap_err().to_string(),
        "kalah",
    );
    refused(
        FourTables::open(d.path(), &four(FourKind::Mulabalaba, 3, &[]))
            .unwrap_err()
            .to_string(),
        "mulabalaba (default) width 3",
    );
    refused(
        FourTables::open(
            d.path(),
            &four(FourKind::Mulabalaba, 2, &["possible=board"]),
        )
        .unwrap_err()
        .to_string(),
        "mulabalaba (possible=board) width 2",
    );
    refused(
        FourTables::open(d.path(), &four(FourKind::Toka, 2, &[]))
            .unwrap_err()
            .to_string(),
        "toka (default) width 2",
    );
    // The tables' own game opens; a missing slice of it is still named as before.
    Tablebases::open(d.path(), &oware).unwrap();
    FourTables::open(d.path(), &mula).unwrap();
    let msg = stats(&oware, d.path(), 5).unwrap_err().to_string();
    assert!(msg.contains("no such table"), "{msg}");
}
