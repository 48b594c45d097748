//! Storage, resume, thread-count independence, corruption refusal, verification, probing.

mod common;

use common::{all_rule_sets, game, quiet};
use mancala_solver::search::{Limits, Solver};
use mancala_solver::tworow;
use mancala_solver::{Game, Kind, MarginGame, Notation, TwoRow};
use mancala_tablebases::format::{temp_path, write_file, write_slice, Header, SliceFile};
use mancala_tablebases::tworow::index::Slice;
use mancala_tablebases::tworow::rules::{relative_position, unsow_candidates, Edges, SliceRules};
use mancala_tablebases::tworow::stats;
use mancala_tablebases::{build, info, probe, verify, Error, GameId, Tablebases};
use std::collections::HashSet;
use std::fs;
use std::path::{Path, PathBuf};

fn files_of(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut v: Vec<_> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .map(|p| {
            (
                p.file_name().unwrap().to_string_lossy().into_owned(),
                fs::read(&p).unwrap(),
            )
        })
        .collect();
    v.sort();
    v
}

#[test]
fn one_and_two_threads_give_identical_bytes() {
    for (kind, w, max) in [
        (Kind::Oware, 4, 9),
        (Kind::Kalah, 4, 9),
        (Kind::Warri, 3, 9),
        (Kind::Kale, 3, 9),
        (Kind::Kpo, 3, 9),
    ] {
        let g = game(kind, w, &[]);
        let a = tempfile::tempdir().unwrap();
        let b = tempfile::tempdir().unwrap();
        build(&g, a.path(), max, 1, &quiet).unwrap();
        build(&g, b.path(), max, 2, &quiet).unwrap();
        let fa = files_of(a.path());
        assert_eq!(fa.len(), max as usize + 1);
        assert!(fa == files_of(b.path()), "{kind:?}: files differ");
    }
}

#[test]
fn predecessor_candidates_cover_every_internal_move() {
    // Every move that stays in its slice (no seed taken off) is found again by un-sowing its
    // child, for every variant and option at small widths (the builder's confirming pass,
    // forced on, never finds a value the marked passes missed: tests/paths.rs).
    for (kind, rules) in all_rule_sets() {
        let opts = tworow::Options::parse(kind, &rules).unwrap();
        for w in 1..=4 {
            let g = TwoRow::new(kind, w, 1, opts).unwrap();
            let mut succs = Edges::new();
            for n in 0..=7 {
                let s = Slice::new(w, n).unwrap();
                for (_, pits) in s.iter_range(0..s.len()) {
                    if g.expand(pits, &mut succs).is_some() {
                        continue;
                    }
                    for c in succs.iter().filter(|c| c.stones == n) {
                        assert!(!c.same_side, "{kind:?}: an internal move keeps the turn");
                        let mut found = HashSet::new();
                        unsow_candidates(w, c.pits, &mut |p| {
                            found.insert(p.0);
                        });
                        assert!(
                            found.contains(&pits.0),
                            "{kind:?} {rules:?} w{w}: {:?} -> {:?} not found by un-sowing",
                            pits.to_vec(2 * w),
                            c.pits.to_vec(2 * w)
                        );
                    }
                }
            }
        }
    }
}

/// A small oware table set (width 2, up to 6 stones) plus a kalah one and an oware one with
/// other rules and width, in separate folders.
struct Fixture {
    _dirs: Vec<tempfile::TempDir>,
    oware: PathBuf,
    kalah: PathBuf,
    oware_forfeit: PathBuf,
    oware_w3: PathBuf,
}

fn fixture() -> Fixture {
    let mk = |g: &TwoRow| {
        let d = tempfile::tempdir().unwrap();
        build(g, d.path(), 6, 2, &quiet).unwrap();
        d
    };
    let dirs = vec![
        mk(&game(Kind::Oware, 2, &[])),
        mk(&game(Kind::Kalah, 2, &[])),
        mk(&game(Kind::Oware, 2, &["grandslam=forfeit"])),
        mk(&game(Kind::Oware, 3, &[])),
    ];
    Fixture {
        oware: dirs[0].path().to_path_buf(),
        kalah: dirs[1].path().to_path_buf(),
        oware_forfeit: dirs[2].path().to_path_buf(),
        oware_w3: dirs[3].path().to_path_buf(),
        _dirs: dirs,
    }
}

fn name(g: &TwoRow, n: u32) -> String {
    GameId::of(g).file_name(n)
}

/// Copies the oware folder, applies `damage` to the 5-stone file, and checks that opening,
/// verifying, computing stats and resuming a build are all refused with an error that names
/// the file and contains `reason`.
fn refused(fx: &Fixture, reason: &str, damage: impl Fn(&Path)) {
    let g = game(Kind::Oware, 2, &[]);
    let d = tempfile::tempdir().unwrap();
    for (n, bytes) in files_of(&fx.oware) {
        fs::write(d.path().join(n), bytes).unwrap();
    }
    let target = d.path().join(name(&g, 5));
    damage(&target);
    let file = name(&g, 5);
    let check = |what: &str, e: Error| {
        let msg = e.to_string();
        assert!(
            msg.contains(&file) && msg.contains(reason),
            "{what}: expected an error naming {file} with '{reason}', got: {msg}"
        );
    };
    check("open", Tablebases::open(d.path(), &g).unwrap_err());
    check("verify", verify(d.path()).unwrap_err());
    check("stats", stats(&g, d.path(), 5).unwrap_err());
    check("build", build(&g, d.path(), 6, 1, &quiet).unwrap_err());
    // Another slice of the same folder is still usable on its own.
    assert!(stats(&g, d.path(), 4).is_ok());
}

/// `f()` on another thread; the test fails (instead of hanging) when it has not returned
/// within 20 seconds.
#[cfg(unix)]
fn within<T: Send + 'static>(what: &str, f: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(f());
    });
    rx.recv_timeout(std::time::Duration::from_secs(20))
        .unwrap_or_else(|_| panic!("{what}: still blocked after 20 s"))
}

/// Only a regular file, or a link to one, is opened as a table: a FIFO (which would block the
/// open for ever), a socket or a folder under a slice's name is refused at once by every
/// reader and by a build, naming it; and so is a FIFO under the name a build writes to.
#[cfg(unix)]
#[test]
fn only_regular_files_are_opened() {
    use std::os::unix::net::UnixListener;
    let fx = fixture();
    let g = game(Kind::Oware, 2, &[]);
    for kind in ["a FIFO", "a socket", "a folder", "a link"] {
        let d = tempfile::tempdir().unwrap();
        for (n, bytes) in files_of(&fx.oware) {
            fs::write(d.path().join(n), bytes).unwrap();
        }
        let target = d.path().join(name(&g, 3));
        let aside = tempfile::tempdir().unwrap();
        let kept = aside.path().join(name(&g, 3));
        fs::rename(&target, &kept).unwrap();
        let _listener = match kind {
            "a FIFO" => {
                let st = std::process::Command::new("mkfifo")
                    .arg(&target)
                    .status()
                    .unwrap();
                assert!(st.success());
                None
            }
            "a socket" => Some(UnixListener::bind(&target).unwrap()),
            "a folder" => {
                fs::create_dir(&target).unwrap();
                None
            }
            _ => {
                std::os::unix::fs::symlink(&kept, &target).unwrap();
                None
            }
        };
        let dir = d.path().to_path_buf();
        let results = within(kind, move || {
            let g = game(Kind::Oware, 2, &[]);
            [
                ("open", Tablebases::open(&dir, &g).err()),
                ("verify", verify(&dir).err()),
                ("stats", stats(&g, &dir, 3).err()),
                (
                    "info",
                    mancala_tablebases::ensure_sound(&info(&dir).unwrap()).err(),
                ),
                ("build", build(&g, &dir, 6, 1, &quiet).err()),
            ]
            .map(|(what, e)| (what, e.map(|e| e.to_string())))
        });
        for (what, e) in results {
            if kind == "a link" {
                assert_eq!(e, None, "{what}: a link to a table file is read");
            } else {
                let e = e.unwrap_or_else(|| panic!("{what}: {kind} accepted"));
                let want = format!("{}: not a regular file ({kind})", target.display());
                assert!(e.contains(&want), "{what}: {e}");
            }
        }
    }
    // A FIFO under the temporary name of a slice to write.
    let d = tempfile::tempdir().unwrap();
    let tmp = temp_path(&d.path().join(name(&g, 0)));
    let st = std::process::Command::new("mkfifo")
        .arg(&tmp)
        .status()
        .unwrap();
    assert!(st.success());
    let dir = d.path().to_path_buf();
    let e = within("build", move || {
        build(&game(Kind::Oware, 2, &[]), &dir, 2, 1, &quiet).unwrap_err()
    });
    let want = format!("{}: not a regular file (a FIFO)", tmp.display());
    assert!(e.to_string().contains(&want), "{e}");
}

/// The slices are opened and checked in parallel; with several damaged files the error names
/// the smallest damaged slice, whatever the thread count.
#[test]
fn the_smallest_damaged_slice_is_named() {
    let fx = fixture();
    let g = game(Kind::Oware, 2, &[]);
    let d = tempfile::tempdir().unwrap();
    for (n, bytes) in files_of(&fx.oware) {
        fs::write(d.path().join(n), bytes).unwrap();
    }
    for n in [3, 6] {
        let p = d.path().join(name(&g, n));
        let mut b = fs::read(&p).unwrap();
        let last = b.len() - 1;
        b[last] ^= 1;
        fs::write(&p, b).unwrap();
    }
    for threads in [1, 2, 4] {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        let msg = pool
            .install(|| Tablebases::open(d.path(), &g))
            .unwrap_err()
            .to_string();
        assert!(
            msg.contains(&name(&g, 3)) && msg.contains("data checksum mismatch"),
            "{threads} threads: {msg}"
        );
    }
}

#[test]
fn damaged_or_foreign_files_are_refused() {
    let fx = fixture();
    let g = game(Kind::Oware, 2, &[]);
    let len = fs::metadata(fx.oware.join(name(&g, 5))).unwrap().len();
    let flip = |at: u64| {
        move |p: &Path| {
            let mut b = fs::read(p).unwrap();
            b[at as usize] ^= 0x01;
            fs::write(p, b).unwrap();
        }
    };
    refused(&fx, "truncated", |p| {
        let b = fs::read(p).unwrap();
        fs::write(p, &b[..b.len() - 1]).unwrap();
    });
    refused(&fx, "truncated", |p| {
        let b = fs::read(p).unwrap();
        fs::write(p, &b[..100]).unwrap();
    });
    refused(&fx, "truncated", |p| fs::write(p, b"").unwrap());
    refused(&fx, "trailing bytes", |p| {
        let mut b = fs::read(p).unwrap();
        b.push(0);
        fs::write(p, b).unwrap();
    });
    refused(&fx, "data checksum mismatch", flip(len - 1));
    refused(&fx, "data checksum mismatch", flip(4096));
    // Header bytes: the JSON, the padding, the stored checksum itself.
    for at in [30, 60, 200, 4000, 17] {
        refused(&fx, "header checksum mismatch", flip(at));
    }
    refused(&fx, "bad magic", flip(0));
    refused(&fx, "format version", |p| {
        let mut b = fs::read(p).unwrap();
        b[8] = 2;
        fs::write(p, b).unwrap();
    });
    // A header with another count of positions or an impossible width, checksums recomputed:
    // the count the slice has is said as a number.
    let rewrite = |change: fn(&mut Header)| {
        move |p: &Path| {
            let f = SliceFile::open(p, true).unwrap();
            let data = f.data().to_vec();
            let mut h = f.header().clone();
            drop(f);
            change(&mut h);
            write_file(p, h, |at, buf| {
                buf.copy_from_slice(&data[at as usize..at as usize + buf.len()])
            })
            .unwrap();
        }
    };
    refused(
        &fx,
        "10 positions, but width 2 with 5 stones has 56",
        rewrite(|h| h.positions = 10),
    );
    refused(
        &fx,
        "width 9 with 5 stones is not a slice the two-row tables hold",
        rewrite(|h| h.width = 9),
    );
    // Sound files of another variant, rule set, width or stone count under this name.
    let foreign = |src: PathBuf| move |p: &Path| fs::copy(&src, p).map(|_| ()).unwrap();
    let kalah = game(Kind::Kalah, 2, &[]);
    let forfeit = game(Kind::Oware, 2, &["grandslam=forfeit"]);
    let w3 = game(Kind::Oware, 3, &[]);
    refused(
        &fx,
        "kalah (capture=empty)",
        foreign(fx.kalah.join(name(&kalah, 5))),
    );
    refused(
        &fx,
        "grandslam=forfeit",
        foreign(fx.oware_forfeit.join(name(&forfeit, 5))),
    );
    refused(&fx, "width 3", foreign(fx.oware_w3.join(name(&w3, 5))));
    refused(&fx, "4-stone slice", foreign(fx.oware.join(name(&g, 4))));
}

#[test]
fn verify_finds_an_unsound_value_with_sound_checksums() {
    let fx = fixture();
    let g = game(Kind::Oware, 2, &[]);
    let ok = verify(&fx.oware).unwrap();
    assert_eq!(ok.slices.len(), 7);
    assert_eq!(
        ok.positions,
        (0..=6)
            .map(|n| Slice::new(2, n).unwrap().len())
            .sum::<u64>()
    );
    // Rewrite the 6-stone slice with one value changed, through the writer (checksums valid).
    let d = tempfile::tempdir().unwrap();
    for (n, bytes) in files_of(&fx.oware) {
        fs::write(d.path().join(n), bytes).unwrap();
    }
    let path = d.path().join(name(&g, 6));
    let f = SliceFile::open(&path, true).unwrap();
    let mut data = f.data().to_vec();
    drop(f);
    data[37] = (data[37] as i8 + 1) as u8;
    write_slice(&path, &GameId::of(&g), 6, data.len() as u64, |at, buf| {
        buf.copy_from_slice(&data[at as usize..at as usize + buf.len()])
    })
    .unwrap();
    let e = verify(d.path()).unwrap_err();
    let msg = e.to_string();
    assert!(matches!(e, Error::Unsound { .. }), "{msg}");
    assert!(
        msg.contains(&name(&g, 6)) && msg.contains("index 37"),
        "{msg}"
    );
    // A missing lower slice is reported, not skipped.
    fs::remove_file(d.path().join(name(&g, 2))).unwrap();
    let msg = verify(d.path()).unwrap_err().to_string();
    assert!(
        msg.contains("2-stone slice") && msg.contains("missing"),
        "{msg}"
    );
}

#[test]
fn interrupted_build_resumes_to_identical_files() {
    let g = game(Kind::Oware, 3, &[]);
    let fresh = tempfile::tempdir().unwrap();
    build(&g, fresh.path(), 8, 2, &quiet).unwrap();
    let d = tempfile::tempdir().unwrap();
    build(&g, d.path(), 7, 2, &quiet).unwrap();
    // A build killed while writing the 8-stone slice leaves a partial temporary file; one
    // killed earlier may leave stray garbage under another slice's temporary name.
    let full8 = fs::read(fresh.path().join(name(&g, 8))).unwrap();
    fs::write(temp_path(&d.path().join(name(&g, 8))), &full8[..5000]).unwrap();
    fs::write(temp_path(&d.path().join(name(&g, 9))), b"garbage").unwrap();
    let r = build(&g, d.path(), 8, 1, &quiet).unwrap();
    assert!(r.slices[..8].iter().all(|s| s.skipped));
    assert!(!r.slices[8].skipped);
    assert!(!temp_path(&d.path().join(name(&g, 8))).exists());
    let mut got = files_of(d.path());
    // The stray temporary file of a slice not built yet is left alone; finished files match.
    got.retain(|(n, _)| n.ends_with(".mtb"));
    assert!(got == files_of(fresh.path()), "resumed files differ");
    // Temporary files are not tables: info and verify ignore them.
    assert_eq!(info(d.path()).unwrap().len(), 9);
    verify(d.path()).unwrap();
}

#[test]
fn probing_agrees_with_the_search() {
    // Oware 2x3 with 3 seeds a pit (18 seeds): the tables up to 18 stones hold the start
    // itself. Values against the search, with and without the tables as its oracle, and the
    // tables' move values against `analyze`.
    let g = TwoRow::new(Kind::Oware, 3, 3, tworow::Options::default()).unwrap();
    let d = tempfile::tempdir().unwrap();
    build(&g, d.path(), 18, 2, &quiet).unwrap();
    let tb = Tablebases::open(d.path(), &g).unwrap();
    assert_eq!(tb.complete_up_to(), Some(18));
    let limits = Limits {
        depth: None,
        threads: 1,
        tt_mb: 16,
        deadline: None,
    };
    let plain = Solver::new(&g, limits);
    let start = g.start();
    let a = plain.solve(&start);
    assert!(a.exact);
    assert_eq!(tb.probe(&start), Some(a.future));
    // With tables below the start only (up to 12 stones), the search still proves the value.
    let low = tempfile::tempdir().unwrap();
    for n in 0..=12 {
        let f = name(&g, n);
        fs::copy(d.path().join(&f), low.path().join(&f)).unwrap();
    }
    let tb12 = Tablebases::open(low.path(), &g).unwrap();
    let with_tb = Solver::new(&g, limits).with_oracle(&tb12);
    let b = with_tb.solve(&start);
    assert!(b.exact);
    assert_eq!(a.value, b.value);
    assert!(b.nodes < a.nodes, "the tables save work");
    // The probe's values equal analyze's, captured seeds included.
    let texts = [
        "0,1,2/1,0,3 S captured=3,3".to_string(),
        "1,0,4/2,2,0 N captured=5,1".to_string(),
        start_text(&g),
    ];
    for text in &texts {
        let pos = g.parse_position(text).unwrap();
        let p = probe(&g, d.path(), &pos).unwrap();
        let values = plain.analyze(&pos);
        let best = values.iter().map(|v| v.value).max().unwrap();
        assert_eq!(p.value, best, "{text}");
        assert_eq!(p.future, best - g.margin(&pos), "{text}");
        assert_eq!(p.moves.len(), values.len(), "{text}");
        for v in &values {
            let name = g.move_name(&pos, v.mv);
            let got = p.moves.iter().find(|(m, _)| *m == name).map(|m| m.1);
            assert_eq!(got, Some(v.value), "{text}");
        }
    }
    // Tables of other rules are never consulted.
    use mancala_solver::search::Oracle;
    let other = TwoRow::new(
        Kind::Oware,
        3,
        3,
        tworow::Options::parse(Kind::Oware, &["grandslam=forfeit".into()]).unwrap(),
    )
    .unwrap();
    assert_eq!(Oracle::probe(&tb, &other, &other.start()), None);
    let w4 = TwoRow::new(Kind::Oware, 4, 2, tworow::Options::default()).unwrap();
    assert_eq!(Oracle::probe(&tb, &w4, &w4.start()), None);
    let pos = relative_position(&g, start.pits());
    assert_eq!(Oracle::probe(&tb, &g, &pos), Some(a.future));
}

fn start_text(g: &TwoRow) -> String {
    g.format_position(&g.start())
}

#[test]
fn stats_and_info() {
    let fx = fixture();
    let g = game(Kind::Oware, 2, &[]);
    let s = stats(&g, &fx.oware, 6).unwrap();
    assert_eq!(s.positions, 84);
    assert_eq!(s.histogram.values().sum::<u64>(), 84);
    assert!(s.histogram.keys().all(|v| v.abs() <= 6));
    assert_eq!(s.stones, 6);
    let files = info(&fx.oware).unwrap();
    assert_eq!(files.len(), 7);
    assert!(files
        .iter()
        .all(|f| f.header.is_some() && f.problem.is_none()));
    assert_eq!(files[0].header.as_ref().unwrap().variant, "oware");
    assert!(stats(&g, &fx.oware, 9).is_err());
}
