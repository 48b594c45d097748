//! `mancala tablebase verify|info|probe` and `solve --tablebases` on folders that are damaged,
//! empty or hold other games' tables: exit status 2 and one line on stderr naming the file or
//! folder and the reason; never an `ok` for tables that were not checked.

mod common;
use common::*;

use std::path::Path;

fn copy_dir(from: &Path, to: &Path) {
    for e in std::fs::read_dir(from).unwrap() {
        let p = e.unwrap().path();
        std::fs::copy(&p, to.join(p.file_name().unwrap())).unwrap();
    }
}

const M22: &str = "mulabalaba-default-w2-m2-o2.ftb";

/// A folder of mulabalaba 4x2 tables up to 4 seeds (15 files).
fn mulabalaba(d: &str) {
    ok(&[
        "tablebase",
        "build",
        "mulabalaba",
        "--width",
        "2",
        "--max-stones",
        "4",
        "--dir",
        d,
    ]);
}

fn oware(d: &str) {
    ok(&[
        "tablebase",
        "build",
        "oware",
        "--width",
        "2",
        "--max-stones",
        "3",
        "--dir",
        d,
    ]);
}

/// A damage: the file the error must name, a part of its reason, and what to do to a folder.
type Damage<'a> = (&'a str, &'a str, &'a dyn Fn(&Path));

#[test]
fn verify_refuses_damaged_four_row_files_alone_or_beside_two_row_ones() {
    let good = tempfile::tempdir().unwrap();
    let g = good.path().to_str().unwrap();
    mulabalaba(g);
    assert!(ok(&["tablebase", "verify", "--dir", g]).starts_with("ok: 15 files"));
    let mixed = tempfile::tempdir().unwrap();
    let m = mixed.path().to_str().unwrap();
    copy_dir(good.path(), mixed.path());
    oware(m);
    assert!(ok(&["tablebase", "verify", "--dir", m]).starts_with("ok: 19 files"));
    let j: serde_json::Value =
        serde_json::from_str(&ok(&["tablebase", "verify", "--dir", m, "--json"])).unwrap();
    assert_eq!(
        (j["ok"].as_bool(), j["files"].as_u64()),
        (Some(true), Some(19))
    );
    let damages: [Damage; 4] = [
        (M22, "truncated", &|d| {
            let p = d.join(M22);
            let b = std::fs::read(&p).unwrap();
            std::fs::write(&p, &b[..b.len() - 20]).unwrap();
        }),
        (M22, "truncated", &|d| {
            std::fs::write(d.join(M22), b"").unwrap()
        }),
        (M22, "bad magic", &|d| {
            std::fs::write(d.join(M22), b"hello world\n".repeat(100)).unwrap()
        }),
        ("junk.ftb", "bad magic", &|d| {
            std::fs::write(d.join("junk.ftb"), b"junk ".repeat(20)).unwrap()
        }),
    ];
    for base in [good.path(), mixed.path()] {
        for (file, reason, damage) in damages {
            let t = tempfile::tempdir().unwrap();
            copy_dir(base, t.path());
            damage(t.path());
            let d = t.path().to_str().unwrap();
            says(
                &fails(&["tablebase", "verify", "--dir", d]),
                &[file, reason],
            );
            says(
                &fails(&["tablebase", "verify", "--dir", d, "--json"]),
                &[file, reason],
            );
        }
    }
}

#[test]
fn verify_of_a_folder_without_tables_fails() {
    let d = tempfile::tempdir().unwrap();
    let p = d.path().to_str().unwrap();
    says(
        &fails(&["tablebase", "verify", "--dir", p]),
        &[p, "holds no tablebase files"],
    );
    says(
        &fails(&["tablebase", "verify", "--dir", p, "--json"]),
        &["holds no tablebase files"],
    );
}

#[test]
fn info_of_a_folder_without_tables_says_so() {
    let d = tempfile::tempdir().unwrap();
    let p = d.path().to_str().unwrap();
    says(
        &ok(&["tablebase", "info", "--dir", p]),
        &["no tablebase files", p],
    );
    assert_eq!(
        json(&["tablebase", "info", "--dir", p, "--json"])["files"],
        serde_json::json!([])
    );
}

#[test]
fn info_lists_refused_files_then_fails() {
    let d = tempfile::tempdir().unwrap();
    let p = d.path().to_str().unwrap();
    oware(p);
    mulabalaba(p);
    assert_eq!(ok(&["tablebase", "info", "--dir", p]).lines().count(), 19);
    // An oware table under a warri name, the 2-stone slice under the 3-stone name, a
    // truncated four-row file.
    let warri = "warri-chain=mixed,starved=takes-all-w2-n3.mtb";
    let o3 = "oware-grandslam=illegal-w2-n3.mtb";
    let o2 = "oware-grandslam=illegal-w2-n2.mtb";
    for (what, file, reason) in [
        ("warri", warri, "whose file is named"),
        ("slice", o3, "2-stone slice"),
        ("truncated", M22, "truncated"),
    ] {
        let t = tempfile::tempdir().unwrap();
        copy_dir(d.path(), t.path());
        match what {
            "warri" => std::fs::copy(t.path().join(o3), t.path().join(warri)).map(|_| ()),
            "slice" => std::fs::copy(t.path().join(o2), t.path().join(o3)).map(|_| ()),
            _ => std::fs::write(t.path().join(M22), b"\x89MTB").map(|_| ()),
        }
        .unwrap();
        let d = t.path().to_str().unwrap();
        for json in [false, true] {
            let mut args = vec!["tablebase", "info", "--dir", d];
            if json {
                args.push("--json");
            }
            let o = mancala(&args);
            let out = String::from_utf8(o.stdout).unwrap();
            let err = String::from_utf8(o.stderr).unwrap();
            assert_eq!(o.status.code(), Some(2), "{what}: {err}");
            assert_eq!(err.trim_end().lines().count(), 1, "{what}: {err}");
            says(&err, &["1 of", "refused", file, reason]);
            if json {
                let j: serde_json::Value = serde_json::from_str(&out).unwrap();
                let list = j["files"].as_array().unwrap();
                let bad: Vec<_> = list.iter().filter(|f| f.get("error").is_some()).collect();
                assert_eq!(bad.len(), 1, "{what}: {out}");
                assert_eq!(bad[0]["file"], file);
            } else {
                let refused: Vec<&str> = out.lines().filter(|l| l.contains("refused")).collect();
                assert_eq!(refused.len(), 1, "{what}: {out}");
                says(refused[0], &[file, reason]);
            }
        }
    }
}

/// `--tablebases` names a cache folder: the solve planner builds the whole game's slices
/// there when they fit (beside other games' tables), and a later call reuses them.
#[test]
fn solve_fills_and_reuses_a_cache_folder() {
    let four = tempfile::tempdir().unwrap();
    let f = four.path().to_str().unwrap();
    mulabalaba(f);
    let pos = "1,0/0,1 S";
    let first = json(&[
        "solve",
        "oware",
        "--position",
        pos,
        "--tablebases",
        f,
        "--json",
    ]);
    assert_eq!(first["method"], "retrograde");
    assert_eq!(first["tables"]["built"], 3, "slices 0, 1, 2: {first}");
    assert_eq!(first["tables"]["folder"], f);
    for n in 0..=2 {
        let name = format!("oware-grandslam=illegal-w2-n{n}.mtb");
        assert!(four.path().join(&name).is_file(), "{name}");
    }
    let again = json(&[
        "solve",
        "oware",
        "--position",
        pos,
        "--tablebases",
        f,
        "--json",
    ]);
    assert_eq!(again["method"], "retrograde");
    assert_eq!(again["tables"]["built"], 0);
    assert_eq!(again["value"], first["value"]);
    let a = json(&[
        "analyze",
        "oware",
        "--position",
        pos,
        "--tablebases",
        f,
        "--json",
    ]);
    assert_eq!(a["method"], "retrograde");
    assert_eq!(a["value"], first["value"]);
    // A folder that does not exist yet is made.
    let fresh = four.path().join("new");
    let n = fresh.to_str().unwrap();
    ok(&["solve", "oware", "--position", pos, "--tablebases", n]);
    assert!(fresh.join("oware-grandslam=illegal-w2-n2.mtb").is_file());
}

/// The planner on two of the sources' reduced boards (docs/RULES.md: oware as the databases play
/// it, warri with Humpidge's four-or-fewer end): the whole game by retrograde analysis, its
/// value, every optimal first move, and a principal variation that replays to the value.
#[test]
fn solve_proves_reduced_boards_through_the_planner() {
    for (variant, w, s, value) in [("oware", "4", "2", 0), ("warri", "5", "1", 0)] {
        let j = json(&["solve", variant, "--width", w, "--seeds", s, "--json"]);
        assert_eq!(j["method"], "retrograde", "{variant} {w}x{s}: {j}");
        assert_eq!(j["exact"], true);
        assert_eq!(j["value"], value, "{variant} {w}x{s}");
        let best = j["best_moves"]
            .as_array()
            .expect("every move's value is known");
        assert!(best.contains(&j["best_move"]), "{j}");
        let a = json(&["analyze", variant, "--width", w, "--seeds", s, "--json"]);
        for m in best {
            assert_eq!(a["moves"][m.as_str().unwrap()], value, "{a}");
        }
        let pv: Vec<&str> = j["pv"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap())
            .collect();
        let mut args = vec!["play", variant, "--width", w, "--seeds", s, "--json"];
        args.extend(pv);
        let end = json(&args);
        if end["game_over"] == true {
            let score = &end["result"]["score"];
            let margin = score["S"].as_i64().unwrap() - score["N"].as_i64().unwrap();
            assert_eq!(margin, value as i64, "{variant} {w}x{s}: {end}");
        }
    }
}

#[test]
fn probe_with_another_width_or_rule_names_the_tables_there() {
    let d = tempfile::tempdir().unwrap();
    let p = d.path().to_str().unwrap();
    mulabalaba(p);
    oware(p);
    let held = [
        "mulabalaba-default-w2: 15 four-row files, 0 to 4 stones",
        "oware-grandslam=illegal-w2: 4 two-row files, 0 to 3 stones",
    ];
    let probe = |extra: &[&str], wanted: &str| {
        let args = [&["tablebase", "probe"][..], extra, &["--dir", p]].concat();
        let err = fails(&args);
        says(&err, &[&format!("holds no tables of {wanted}")]);
        says(&err, &held);
        assert!(!err.contains("--max-stones"), "{err}");
    };
    probe(
        &[
            "mulabalaba",
            "--width",
            "3",
            "--position",
            "0,0,0/0,1,0/0,1,0/0,0,0 S",
        ],
        "mulabalaba (default) width 3",
    );
    probe(
        &[
            "mulabalaba",
            "--width",
            "2",
            "--rule",
            "possible=board",
            "--position",
            "0,0/0,1/0,1/0,0 S",
        ],
        "mulabalaba (possible=board) width 2",
    );
    probe(
        &["oware", "--width", "3", "--position", "0,0,1/0,1,0 S"],
        "oware (grandslam=illegal) width 3",
    );
    probe(
        &[
            "oware",
            "--rule",
            "grandslam=forfeit",
            "--position",
            "1,0/0,1 S",
        ],
        "oware (grandslam=forfeit) width 2",
    );
    // The tables' own game still probes, and a missing slice is still named as one.
    ok(&[
        "tablebase",
        "probe",
        "mulabalaba",
        "--width",
        "2",
        "--position",
        "0,0/0,1/0,1/0,0 S",
        "--dir",
        p,
    ]);
    ok(&[
        "tablebase",
        "probe",
        "oware",
        "--position",
        "1,0/0,1 S",
        "--dir",
        p,
    ]);
    says(
        &fails(&[
            "tablebase",
            "probe",
            "oware",
            "--position",
            "2,2/2,2 S",
            "--dir",
            p,
        ]),
        &["no table for 8 stones"],
    );
}

/// A slice deleted from a folder, below the largest one there: `solve` and `analyze` say on
/// stderr which slices they went on without, and `--json` lists them (`missing_slices`); the
/// info command then checks every file whole.
#[test]
fn solve_names_the_slices_a_folder_lacks() {
    let d = tempfile::tempdir().unwrap();
    let p = d.path().to_str().unwrap();
    ok(&[
        "tablebase",
        "build",
        "oware",
        "--width",
        "3",
        "--max-stones",
        "6",
        "--dir",
        p,
    ]);
    std::fs::remove_file(d.path().join("oware-grandslam=illegal-w3-n4.mtb")).unwrap();
    // Too little memory for the whole game: the search probes the folder as it is.
    let pos = "0,2,2/2,2,2 S";
    let args = [
        "solve",
        "oware",
        "--position",
        pos,
        "--tablebases",
        p,
        "--memory",
        "1K",
    ];
    let out = mancala(&[&args[..], &["--json"]].concat());
    assert!(out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("lacks the slices of 4 stones"), "{stderr}");
    let j: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(j["missing_slices"], serde_json::json!([4]));
    assert_eq!(j["method"], "search+tables");
    let out = mancala(&[
        "analyze",
        "oware",
        "--position",
        pos,
        "--tablebases",
        p,
        "--memory",
        "1K",
    ]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("lacks the slices of 4 stones"));
    // With the memory for it, the plan builds the slice again instead.
    let j = json(&[
        "solve",
        "oware",
        "--position",
        pos,
        "--tablebases",
        p,
        "--json",
    ]);
    assert_eq!(j["method"], "retrograde");
    assert_eq!(j["missing_slices"], serde_json::json!([]));
    assert!(d.path().join("oware-grandslam=illegal-w3-n4.mtb").is_file());
}

/// `tablebase info` checks each file's data checksum, not only its header: a flipped value
/// byte is refused with exit status 2.
#[test]
fn info_checks_the_data() {
    let d = tempfile::tempdir().unwrap();
    let p = d.path().to_str().unwrap();
    oware(p);
    let f = d.path().join("oware-grandslam=illegal-w2-n3.mtb");
    let mut bytes = std::fs::read(&f).unwrap();
    let n = bytes.len();
    bytes[n - 1] ^= 1;
    std::fs::write(&f, bytes).unwrap();
    let out = mancala(&["tablebase", "info", "--dir", p]);
    assert_eq!(out.status.code(), Some(2));
    let listing = String::from_utf8_lossy(&out.stdout);
    let line = listing
        .lines()
        .find(|l| l.starts_with("oware-grandslam=illegal-w2-n3.mtb"))
        .unwrap();
    assert!(
        line.contains("refused") && line.contains("checksum"),
        "{line}"
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    says(
        stderr.trim_end(),
        &["oware-grandslam=illegal-w2-n3.mtb", "checksum"],
    );
}

#[cfg(not(feature = "mpi"))]
#[test]
fn distributed_builds_need_the_mpi_feature() {
    let d = tempfile::tempdir().unwrap();
    let dir = d.path().to_str().unwrap();
    let line = fails(&[
        "tablebase",
        "build",
        "oware",
        "--max-stones",
        "4",
        "--dir",
        dir,
        "--distributed",
    ]);
    assert!(line.contains("built without the mpi feature"), "{line}");
    assert_eq!(
        std::fs::read_dir(d.path()).unwrap().count(),
        0,
        "nothing built"
    );
}

#[test]
fn the_games_without_tables_refuse_distributed_builds() {
    let line = fails(&[
        "tablebase",
        "build",
        "isolo",
        "--max-stones",
        "3",
        "--dir",
        "unused",
        "--distributed",
    ]);
    assert!(line.contains("isolo"), "{line}");
    assert!(!std::path::Path::new("unused").exists());
}

const O0: &str = "oware-grandslam=illegal-w3-n0.mtb";

/// The commands that read a folder of oware 2x3 tables ([`table_readers`]).
fn oware_readers(dir: &str) -> Vec<Vec<&str>> {
    table_readers(
        dir,
        &["oware", "--width", "3"],
        ["--max-stones", "6"],
        "1,0,0/0,1,0 S",
    )
}

/// A build keeps the slices it finds only once they pass the checks every reader makes: a
/// two-row file under another slice's name, or whose header is a four-row table's (its
/// checksums recomputed), is refused by the build as by `info`, `verify`, `probe` and
/// `solve`, by name and reason.
#[test]
fn a_build_refuses_a_kept_slice_whose_header_is_not_its_name() {
    let d = tempfile::tempdir().unwrap();
    let dir = d.path().to_str().unwrap();
    ok(&oware_readers(dir)[0]);
    let f = d.path().join(O0);
    let good = std::fs::read(&f).unwrap();
    // The one-stone slice under the name of the empty one.
    std::fs::copy(d.path().join("oware-grandslam=illegal-w3-n1.mtb"), &f).unwrap();
    all_refuse(
        dir,
        &oware_readers(dir),
        O0,
        "holds the 1-stone slice of oware (grandslam=illegal) width 3, whose file is named \
         oware-grandslam=illegal-w3-n1.mtb",
    );
    // The empty slice with a four-row header.
    std::fs::write(&f, &good).unwrap();
    rewrite_header(&f, |h| {
        h.metric = "wdl".into();
        h.encoding = "wdl-dtm".into();
        h.index = "fourrow-state-mover-opponent".into();
        h.split = Some([0, 0]);
    });
    all_refuse(
        dir,
        &oware_readers(dir),
        O0,
        "a four-row table (fourrow-state-mover-opponent) under a two-row (.mtb) name",
    );
    std::fs::write(&f, &good).unwrap();
    let b = json(&[&oware_readers(dir)[0][..], &["--json"]].concat());
    assert_eq!(b["slices"][0]["skipped"], true, "{b}");
}

/// A FIFO under a slice's name is never opened (it would block the reader for ever): every
/// command refuses it at once, by name; so is a folder. A link to a table file is read.
#[cfg(unix)]
#[test]
fn a_fifo_under_a_slice_name_is_refused_at_once() {
    let d = tempfile::tempdir().unwrap();
    special_files_are_refused(d.path(), &oware_readers, O0, "ok: 7 files");
}
