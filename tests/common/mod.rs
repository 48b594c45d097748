//! Helpers shared by the end-to-end tests of the `mancala` binary (`tests/cli*.rs`): run it,
//! require success or a clean failure (exit status 2, one line on stderr, nothing on stdout,
//! never a panic), read its `--json` output.
#![allow(dead_code)] // each test binary uses its own subset

use serde_json::Value;
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Output, Stdio};

/// The playable four-row variants.
pub const FOUR_ROW: [&str; 10] = [
    "mulabalaba",
    "toka",
    "kanotta",
    "nchuba",
    "nakabili",
    "kabwanga",
    "chisolo",
    "natatu",
    "chisolo-ii",
    "mwambulula",
];

pub fn mancala(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(args)
        .env_remove("RUST_BACKTRACE")
        .env_remove("RUST_LIB_BACKTRACE")
        .output()
        .expect("the mancala binary runs")
}

/// Runs a command that must succeed; returns its stdout.
pub fn ok(args: &[&str]) -> String {
    let out = mancala(args);
    let stdout = String::from_utf8(out.stdout).expect("stdout is UTF-8");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "mancala {args:?} failed ({:?}): {stderr}",
        out.status.code()
    );
    stdout
}

/// Runs a `--json` command that must succeed; returns the one JSON object it prints.
pub fn json(args: &[&str]) -> Value {
    let stdout = ok(args);
    let v: Value = serde_json::from_str(stdout.trim_end()).unwrap_or_else(|e| {
        panic!("mancala {args:?}: stdout is not one JSON value ({e}): {stdout}")
    });
    assert!(v.is_object(), "mancala {args:?}: not an object: {v}");
    assert_eq!(
        stdout.trim_end().lines().count(),
        1,
        "mancala {args:?}: one JSON object on one line"
    );
    v
}

/// Runs the binary as [`mancala`] does, but kills it and fails the test when it has not ended
/// within `limit` (a command that blocks, on a FIFO say, fails instead of hanging the tests).
pub fn mancala_within(args: &[&str], limit: std::time::Duration) -> Output {
    use std::io::Read;
    use std::time::Instant;
    let mut child = Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(args)
        .env_remove("RUST_BACKTRACE")
        .env_remove("RUST_LIB_BACKTRACE")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the mancala binary runs");
    let drain = |mut r: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut b = Vec::new();
            let _ = r.read_to_end(&mut b);
            b
        })
    };
    let out = drain(Box::new(child.stdout.take().expect("stdout piped")));
    let err = drain(Box::new(child.stderr.take().expect("stderr piped")));
    let t0 = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().expect("waiting for mancala") {
            break s;
        }
        if t0.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("mancala {args:?} still runs after {limit:?}: killed");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    Output {
        status,
        stdout: out.join().expect("stdout read"),
        stderr: err.join().expect("stderr read"),
    }
}

/// [`fails`], the command killed and the test failed when it runs beyond 20 seconds.
pub fn fails_promptly(args: &[&str]) -> String {
    refused(
        args,
        mancala_within(args, std::time::Duration::from_secs(20)),
    )
}

/// Checks that every one of `commands` fails promptly ([`fails_promptly`]), and that
/// `tablebase info --dir dir` lists the folder and then fails, each with one error line that
/// names `file` and says `reason`.
pub fn all_refuse(dir: &str, commands: &[Vec<&str>], file: &str, reason: &str) {
    for args in commands {
        let e = fails_promptly(args);
        assert!(e.contains(file) && e.contains(reason), "{args:?}: {e}");
    }
    let args = ["tablebase", "info", "--dir", dir];
    let out = mancala_within(&args, std::time::Duration::from_secs(20));
    let err = String::from_utf8(out.stderr).expect("stderr is UTF-8");
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    assert!(
        err.contains(file) && err.contains(reason),
        "{args:?}: {err}"
    );
}

/// Makes a FIFO (a named pipe) at `path`.
pub fn mkfifo(path: &std::path::Path) {
    let st = Command::new("mkfifo")
        .arg(path)
        .status()
        .expect("mkfifo runs");
    assert!(st.success(), "mkfifo {}", path.display());
}

/// Rewrites the table file `path` with its values and its header changed by `change`, through
/// the tables' own writer: the header and data checksums are those of the new bytes.
pub fn rewrite_header(
    path: &std::path::Path,
    change: impl FnOnce(&mut mancala_tablebases::format::Header),
) {
    use mancala_tablebases::format::{write_file, SliceFile};
    let f = SliceFile::open(path, true).expect("a sound table file");
    let data = f.data().to_vec();
    let mut header = f.header().clone();
    drop(f);
    change(&mut header);
    write_file(path, header, |at, buf| {
        buf.copy_from_slice(&data[at as usize..at as usize + buf.len()])
    })
    .expect("the file is rewritten");
}

/// Runs a command that must fail on bad input: exit status 2, nothing on stdout, exactly one
/// non-empty line on stderr, no panic or backtrace. Returns that line.
pub fn fails(args: &[&str]) -> String {
    refused(args, mancala(args))
}

/// Checks the output `out` of `args` as [`fails`] does.
fn refused(args: &[&str], out: Output) -> String {
    let stderr = String::from_utf8(out.stderr).expect("stderr is UTF-8");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(2),
        "mancala {args:?}: exit status; stderr: {stderr}"
    );
    assert!(
        out.stdout.is_empty(),
        "mancala {args:?}: stdout must be empty, got: {stdout}"
    );
    assert!(
        !stderr.contains("panicked") && !stderr.contains("RUST_BACKTRACE"),
        "mancala {args:?}: a panic: {stderr}"
    );
    let line = stderr.strip_suffix('\n').unwrap_or(&stderr);
    assert!(
        !line.trim().is_empty(),
        "mancala {args:?}: stderr must say what was wrong"
    );
    assert!(
        !line.contains('\n') && !line.contains('\r'),
        "mancala {args:?}: stderr must be exactly one line, got:\n{stderr}"
    );
    line.to_string()
}

/// Asserts that `line` contains every one of `parts`.
pub fn says(line: &str, parts: &[&str]) {
    for p in parts {
        assert!(line.contains(p), "error line {line:?} should contain {p:?}");
    }
}

/// A `mancala serve --port 0 ...` on the port the system picked, stopped when dropped.
pub struct Served {
    child: Child,
    /// Where it listens: `http://127.0.0.1:PORT`.
    pub url: String,
    /// The same as `host:port`.
    pub addr: String,
}

impl Served {
    /// The server's process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts `mancala serve --port 0` with `args`, once it says where it listens.
pub fn serve(args: &[&str]) -> Served {
    let mut child = Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(["serve", "--port", "0"])
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("mancala serve starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().expect("stdout piped"))
        .read_line(&mut line)
        .expect("serve prints where it listens");
    let url = line
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .unwrap_or_else(|| panic!("no address in serve's first line: {line:?}"))
        .trim_end_matches('/')
        .to_string();
    let addr = url.trim_start_matches("http://").to_string();
    Served { child, url, addr }
}

/// A FIFO, then a folder, under the slice file `name` of the tables folder `d`: the build
/// (`readers[0]`) refuses the FIFO in an empty folder; once built, every reader refuses
/// either in place of the slice, by name, at once; a link to the real file is read, and
/// `verify` (`readers[1]`) then says `verified` (its first words).
#[cfg(unix)]
pub fn special_files_are_refused(
    d: &std::path::Path,
    readers: &dyn for<'a> Fn(&'a str) -> Vec<Vec<&'a str>>,
    name: &str,
    verified: &str,
) {
    let dir = d.to_str().unwrap();
    let f = d.join(name);
    mkfifo(&f);
    let e = fails_promptly(&readers(dir)[0]);
    assert!(
        e.contains(name) && e.contains("not a regular file (a FIFO)"),
        "{e}"
    );
    std::fs::remove_file(&f).unwrap();
    ok(&readers(dir)[0]);
    let aside = tempfile::tempdir().unwrap();
    let kept = aside.path().join(name);
    std::fs::rename(&f, &kept).unwrap();
    mkfifo(&f);
    all_refuse(dir, &readers(dir), name, "not a regular file (a FIFO)");
    std::fs::remove_file(&f).unwrap();
    std::fs::create_dir(&f).unwrap();
    all_refuse(dir, &readers(dir), name, "not a regular file (a folder)");
    std::fs::remove_dir(&f).unwrap();
    std::os::unix::fs::symlink(&kept, &f).unwrap();
    let v = ok(&readers(dir)[1]);
    assert!(v.starts_with(verified), "{v}");
}

/// The commands that read a folder `dir` of the tables of `game` (variant and size options):
/// a build up to `bound` (option and value) that resumes from it, `verify`, and `probe`,
/// `solve` and `analyze` of `position` with the tables (`info` aside: it lists, then fails).
pub fn table_readers<'a>(
    dir: &'a str,
    game: &[&'a str],
    bound: [&'a str; 2],
    position: &'a str,
) -> Vec<Vec<&'a str>> {
    let pos = ["--position", position];
    let t = ["--tablebases", dir];
    vec![
        [&["tablebase", "build"][..], game, &bound, &["--dir", dir]].concat(),
        vec!["tablebase", "verify", "--dir", dir],
        [&["tablebase", "probe"][..], game, &pos, &["--dir", dir]].concat(),
        [&["solve"][..], game, &pos, &t].concat(),
        [&["analyze"][..], game, &pos, &t].concat(),
    ]
}
