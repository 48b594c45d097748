//! `mpirun -np P mancala tablebase build ... --distributed` on localhost (the `mpi` feature,
//! Open MPI's `mpirun` on the path): with the values partitioned between the ranks, the files
//! are byte for byte those of a single-process build, for the two-row margin tables (the
//! fixpoint and the acyclic path) and the four-row win/draw/loss tables, at 2, 3 and 4 ranks
//! and 1 or 2 threads a rank, each rank holding its share; a rank killed from outside ends
//! the job (no hang: every wait has a deadline) and the build then resumes from the finished
//! slices; an error on one rank (a damaged file, a file that cannot be written) aborts the
//! job with its message.
#![cfg(feature = "mpi")]

mod common;
use common::*;

use std::path::Path;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

/// `mpirun -np ranks mancala args...` (started, not waited for).
fn mpirun(ranks: usize, args: &[&str]) -> Child {
    Command::new("mpirun")
        .args(["--oversubscribe", "--allow-run-as-root", "-np"])
        .arg(ranks.to_string())
        .arg(env!("CARGO_BIN_EXE_mancala"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("mpirun runs (Open MPI installed: .ci/run installs it)")
}

/// Waits for `child` at most `limit`; a job still running then is killed and fails the test.
fn wait(mut child: Child, limit: Duration) -> Output {
    let t = Instant::now();
    while child.try_wait().expect("waiting for mpirun").is_none() {
        if t.elapsed() > limit {
            let _ = child.kill();
            let out = child.wait_with_output().unwrap();
            panic!(
                "mpirun still running after {limit:?}: a hang; stderr: {}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    child.wait_with_output().unwrap()
}

/// Runs a distributed build that must succeed; returns its stdout.
fn mpi_ok(ranks: usize, args: &[&str]) -> String {
    let out = wait(mpirun(ranks, args), Duration::from_secs(300));
    assert!(
        out.status.success(),
        "mpirun -np {ranks} {args:?}: {:?}; stderr: {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

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

/// The single-process tables of `variant` up to `stones` in `dir`.
fn single(variant: &str, stones: &str, dir: &Path) {
    let d = dir.to_str().unwrap();
    ok(&[
        "tablebase",
        "build",
        variant,
        "--max-stones",
        stones,
        "--dir",
        d,
        "--threads",
        "2",
    ]);
}

#[test]
fn distributed_builds_write_the_bytes_of_a_single_process() {
    let t = tempfile::tempdir().unwrap();
    // oware (fixpoint path) to 12 stones, kalah (acyclic path), a four-row table set.
    for (variant, stones) in [("oware", "12"), ("kalah", "10"), ("mulabalaba", "6")] {
        let one = t.path().join(format!("{variant}-1"));
        single(variant, stones, &one);
        for (ranks, threads) in [(2, "1"), (2, "2"), (3, "1"), (4, "1")] {
            {
                let dir = t.path().join(format!("{variant}-{ranks}-{threads}"));
                let d = dir.to_str().unwrap();
                let j: serde_json::Value = serde_json::from_str(&mpi_ok(
                    ranks,
                    &[
                        "tablebase",
                        "build",
                        variant,
                        "--max-stones",
                        stones,
                        "--dir",
                        d,
                        "--threads",
                        threads,
                        "--distributed",
                        "--json",
                    ],
                ))
                .expect("one JSON report, from rank 0 alone");
                assert_eq!(j["ranks"], ranks);
                assert!(same_files(&one, &dir) > 10);
                // The ranks exchanged something for the largest slice, and each received what
                // the others sent.
                let slices = j["slices"].as_array().unwrap();
                let x = &slices.last().unwrap()["exchange"];
                let sum = |k: &str| -> u64 {
                    x[k].as_array()
                        .unwrap()
                        .iter()
                        .map(|v| v.as_u64().unwrap())
                        .sum()
                };
                assert!(sum("received") > 0, "{variant}: {x}");
                assert_eq!(sum("sent"), sum("received"));
                // Each rank holds its share of the values, and says its peak memory.
                let held: Vec<u64> = x["held"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|v| v.as_u64().unwrap())
                    .collect();
                assert_eq!(held.len(), ranks, "{x}");
                assert!(held.iter().all(|&h| h > 0), "{x}");
                assert!(x["peak_rss"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .all(|v| v.as_u64() > Some(0)));
            }
        }
    }
}

#[test]
fn distributed_morris_builds_write_the_bytes_of_a_single_process() {
    let t = tempfile::tempdir().unwrap();
    let one = t.path().join("one");
    let build = |dir: &Path| {
        [
            "tablebase",
            "build",
            "mulabalaba-morris",
            "--counters",
            "3",
            "--dir",
            dir.to_str().unwrap(),
            "--threads",
            "1",
        ]
        .map(String::from)
        .to_vec()
    };
    let args = build(&one);
    ok(&args.iter().map(|s| s.as_str()).collect::<Vec<_>>());
    for ranks in [2, 3, 4] {
        let dir = t.path().join(format!("r{ranks}"));
        let mut args = build(&dir);
        args.extend(["--distributed", "--json"].map(String::from));
        let args: Vec<&str> = args.iter().map(|s| s.as_str()).collect();
        let j: serde_json::Value = serde_json::from_str(&mpi_ok(ranks, &args)).unwrap();
        assert_eq!(j["ranks"], ranks);
        assert_eq!(same_files(&one, &dir), 1);
        let x = &j["slices"].as_array().unwrap().last().unwrap()["exchange"];
        assert_eq!(x["held"].as_array().unwrap().len(), ranks, "{x}");
    }
}

/// The processes of the ranks of a job building into `dir` (their command line names it).
fn ranks_of(dir: &str) -> Vec<u32> {
    let mut pids = Vec::new();
    for e in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = e.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let comm = std::fs::read_to_string(e.path().join("comm")).unwrap_or_default();
        let cmd = std::fs::read(e.path().join("cmdline")).unwrap_or_default();
        if comm.trim() == "mancala" && String::from_utf8_lossy(&cmd).contains(dir) {
            pids.push(pid);
        }
    }
    pids
}

#[test]
fn a_killed_rank_ends_the_job_and_the_build_resumes() {
    let t = tempfile::tempdir().unwrap();
    let dir = t.path().join("killed");
    let d = dir.to_str().unwrap();
    let args = |n: &'static str| {
        [
            "tablebase",
            "build",
            "oware",
            "--max-stones",
            n,
            "--dir",
            d,
            "--threads",
            "1",
            "--distributed",
        ]
    };
    // Far more than it can build before the kill.
    let job = mpirun(2, &args("24"));
    let t0 = Instant::now();
    let started = dir.join("oware-grandslam=illegal-w6-n12.mtb");
    while !started.exists() {
        assert!(t0.elapsed() < Duration::from_secs(120), "no slice built");
        std::thread::sleep(Duration::from_millis(20));
    }
    let pids = ranks_of(d);
    assert_eq!(pids.len(), 2, "the two ranks: {pids:?}");
    let killed = Command::new("kill")
        .args(["-KILL", &pids[1].to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let out = wait(job, Duration::from_secs(60));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "the job went on: {stderr}");
    assert!(stderr.contains("rank"), "mpirun names the rank: {stderr}");
    assert!(ranks_of(d).is_empty(), "a rank outlived the job");
    // Resumed: the slices finished before the kill are kept, the rest built, and the files
    // are those of a single process.
    let kept = std::fs::read_dir(&dir)
        .unwrap()
        .filter(|e| {
            let n = e.as_ref().unwrap().file_name();
            n.to_string_lossy().ends_with(".mtb")
        })
        .count();
    let mut resume = args("13").to_vec();
    resume.push("--json");
    let j: serde_json::Value = serde_json::from_str(&mpi_ok(2, &resume)).unwrap();
    let skipped = j["slices"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["skipped"] == true)
        .count();
    assert!(
        kept >= 13 && skipped >= 13,
        "kept {kept}, skipped {skipped}"
    );
    let one = t.path().join("one");
    single("oware", "13", &one);
    // Past 13 stones: the slices the killed job finished beyond the resumed bound.
    for e in std::fs::read_dir(&dir).unwrap() {
        let p = e.unwrap().path();
        if !one.join(p.file_name().unwrap()).exists() {
            std::fs::remove_file(p).unwrap();
        }
    }
    same_files(&one, &dir);
}

#[test]
fn an_error_on_a_rank_aborts_the_job_with_its_message() {
    let t = tempfile::tempdir().unwrap();
    let d = t.path().to_str().unwrap();
    single("oware", "6", t.path());
    let f = t.path().join("oware-grandslam=illegal-w6-n5.mtb");
    let mut bytes = std::fs::read(&f).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 0x55;
    std::fs::write(&f, bytes).unwrap();
    let job = mpirun(
        2,
        &[
            "tablebase",
            "build",
            "oware",
            "--max-stones",
            "8",
            "--dir",
            d,
            "--distributed",
        ],
    );
    let out = wait(job, Duration::from_secs(60));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        stderr.contains("w6-n5.mtb") && stderr.contains("checksum") && stderr.contains("of 2"),
        "{stderr}"
    );
    // Both ranks meet the damaged file: one line tells it.
    let told = stderr.lines().filter(|l| l.starts_with("error:")).count();
    assert_eq!(told, 1, "one error line a job: {stderr}");
}

#[test]
fn a_file_that_cannot_be_written_aborts_the_job_with_its_name() {
    let t = tempfile::tempdir().unwrap();
    let d = t.path().to_str().unwrap();
    // The temporary name of slice 4 is taken by a folder: rank 0 cannot write the slice.
    std::fs::create_dir(t.path().join("oware-grandslam=illegal-w6-n4.mtb.tmp")).unwrap();
    let args = [
        "tablebase",
        "build",
        "oware",
        "--max-stones",
        "8",
        "--dir",
        d,
        "--distributed",
    ];
    let out = wait(mpirun(3, &args), Duration::from_secs(60));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        stderr.contains("w6-n4.mtb.tmp") && stderr.contains("rank 0 of 3"),
        "{stderr}"
    );
    // The slices before it are kept for the next run.
    assert!(t.path().join("oware-grandslam=illegal-w6-n3.mtb").exists());
}

#[test]
fn a_refused_option_is_told_once_by_rank_0() {
    let t = tempfile::tempdir().unwrap();
    let d = t.path().to_str().unwrap();
    for args in [
        &[
            "tablebase",
            "build",
            "oware",
            "--max-stones",
            "x",
            "--dir",
            d,
            "--distributed",
        ][..],
        &[
            "tablebase",
            "build",
            "mulabalaba-morris",
            "--max-stones",
            "3",
            "--dir",
            d,
            "--distributed",
        ],
    ] {
        let out = wait(mpirun(3, args), Duration::from_secs(60));
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{args:?}");
        let lines: Vec<&str> = stderr.lines().filter(|l| l.starts_with("error:")).collect();
        assert_eq!(lines.len(), 1, "{args:?}: {stderr}");
    }
}
