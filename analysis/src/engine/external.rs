//! External engines: programs that speak the engine protocol (docs/ENGINE-PROTOCOL.md) on
//! their standard input and output, named `cmd:<command line>` (with limits,
//! `cmd[time=MS,margin=MS,nodes=N,depth=D,startup=MS]:<command line>`) or `ext:<name>` (an
//! entry of an engines file, docs/ENGINES.md).
//!
//! The manager never trusts the program: every line is read by a thread of its own and
//! waited for with a deadline, every line sent goes through a writer thread (a program that
//! reads nothing cannot block the manager), its exit is looked for while a line is awaited
//! (a child that holds its output cannot hide it), and the program runs in a process group
//! of its own that is killed, children included (those that left the group too), when it
//! faults, when the engine is dropped, or when the manager ends ([`super::groups`]).

use super::groups::Group;
use super::{Engine, EngineGame, Fault, FaultKind, Rng, STDERR_LINES};
use mancala_solver::error::ConfigError;
use serde::Deserialize;
use std::collections::{BTreeMap, VecDeque};
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender, SyncSender};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The protocol version this manager speaks.
pub const PROTOCOL_VERSION: u32 = 1;
/// The environment variable naming the engines file that `ext:<name>` looks names up in.
pub const ENGINES_FILE_VAR: &str = "MANCALA_ENGINES";
/// The environment variable naming a file that every line exchanged with an external engine
/// is appended to (with `info` lines, the protocol's logging).
pub const ENGINE_LOG_VAR: &str = "MANCALA_ENGINE_LOG";
/// The environment variable giving the most bytes the exchange log may hold
/// ([`ENGINE_LOG_MAX`] when unset).
pub const ENGINE_LOG_MAX_VAR: &str = "MANCALA_ENGINE_LOG_MAX";
/// The exchange log's size past which nothing more is written to it, by default: 64 MiB.
pub const ENGINE_LOG_MAX: u64 = 64 << 20;
/// The longest line the manager reads from an engine, in bytes (a longer one is a fault).
pub const MAX_LINE: usize = 65_536;
/// The lines read from an engine and not yet taken by the manager, at most.
const LINES_QUEUED: usize = 1024;

/// The limits of an external engine's moves and start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Milliseconds a move, sent as `go movetime`.
    pub time_ms: u64,
    /// Milliseconds past `time_ms` the manager waits before the move is lost on time.
    pub margin_ms: u64,
    /// Nodes a move, sent as `go nodes` when given.
    pub nodes: Option<u64>,
    /// Depth, sent as `go depth` when given.
    pub depth: Option<u32>,
    /// Milliseconds the program has to answer the handshake and each `isready`.
    pub startup_ms: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            time_ms: 1000,
            margin_ms: 500,
            nodes: None,
            depth: None,
            startup_ms: 10_000,
        }
    }
}

/// How to run an external engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExternalSpec {
    /// The spec as written (`cmd:...` or `ext:...`), the engine's name in reports.
    pub label: String,
    /// The program and its arguments.
    pub argv: Vec<String>,
    /// The folder it runs in (`None`: the manager's).
    pub dir: Option<PathBuf>,
    /// `setoption` lines sent after the handshake, name and value.
    pub options: Vec<(String, String)>,
    /// Its limits.
    pub limits: Limits,
}

/// An entry of an engines file (docs/ENGINES.md).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Entry {
    command: Command1,
    dir: Option<PathBuf>,
    #[serde(default)]
    options: BTreeMap<String, toml::Value>,
    time: Option<u64>,
    margin: Option<u64>,
    nodes: Option<u64>,
    depth: Option<u32>,
    startup: Option<u64>,
}

/// A command: one string split as a POSIX shell would, or its words.
#[derive(Deserialize)]
#[serde(untagged)]
enum Command1 {
    Line(String),
    Words(Vec<String>),
}

/// An engines file: `[engine.<name>]` tables.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct EnginesFile {
    #[serde(default)]
    engine: BTreeMap<String, Entry>,
}

/// The error of spec `text`, saying why.
fn bad(text: &str, why: impl std::fmt::Display) -> ConfigError {
    ConfigError(format!("invalid engine '{text}': {why}"))
}

impl ExternalSpec {
    /// Parses `cmd:<command line>` or `ext:<name>[@<file>]`; `None` when `text` is neither.
    pub fn parse(text: &str) -> Option<Result<ExternalSpec, ConfigError>> {
        let t = text.trim();
        if let Some(line) = t.strip_prefix("cmd:") {
            Some(Self::command(t, "", line))
        } else if let Some(rest) = t.strip_prefix("cmd[") {
            Some(match rest.split_once("]:") {
                Some((limits, line)) => Self::command(t, limits, line),
                None => Err(bad(t, "expected cmd[name=value,...]:<command line>")),
            })
        } else {
            t.strip_prefix("ext:").map(|rest| Self::named(t, rest))
        }
    }

    /// `cmd[<limits>]:<line>`: the words of `line`, the limits `name=value,...` over the
    /// defaults.
    fn command(text: &str, limits: &str, line: &str) -> Result<ExternalSpec, ConfigError> {
        let mut given = Given::default();
        for p in limits.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (k, v) = p
                .split_once('=')
                .ok_or_else(|| bad(text, format!("limit '{p}' is not name=value")))?;
            let n: u64 = v
                .trim()
                .parse()
                .map_err(|_| bad(text, format!("{p}: expected a whole number")))?;
            let slot = match k.trim() {
                "time" => &mut given.time,
                "margin" => &mut given.margin,
                "nodes" => &mut given.nodes,
                "depth" => &mut given.depth,
                "startup" => &mut given.startup,
                other => {
                    return Err(bad(
                        text,
                        format!(
                            "unknown limit '{other}': expected time, margin, nodes, depth, startup"
                        ),
                    ))
                }
            };
            if slot.replace(n).is_some() {
                return Err(bad(text, format!("limit '{}' given twice", k.trim())));
            }
        }
        let limits = given.limits(text)?;
        let argv = split(text, line)?;
        check_program(text, &argv[0], None)?;
        Ok(ExternalSpec {
            label: text.to_string(),
            argv,
            dir: None,
            options: Vec::new(),
            limits,
        })
    }

    /// `ext:<name>[@<file>]`: the entry `name` of the engines file.
    fn named(text: &str, rest: &str) -> Result<ExternalSpec, ConfigError> {
        let (name, file) = match rest.split_once('@') {
            Some((n, f)) => (n.trim(), PathBuf::from(f.trim())),
            None => match std::env::var_os(ENGINES_FILE_VAR) {
                Some(f) => (rest.trim(), PathBuf::from(f)),
                None => {
                    return Err(bad(
                        text,
                        format!("no engines file: set {ENGINES_FILE_VAR} or write ext:NAME@FILE"),
                    ))
                }
            },
        };
        let parsed = read_file(text, &file)?;
        let Some(entry) = parsed.engine.get(name) else {
            let names: Vec<&str> = parsed.engine.keys().map(|k| k.as_str()).collect();
            return Err(bad(
                text,
                format!(
                    "no engine '{name}' in {} (it names: {})",
                    file.display(),
                    if names.is_empty() {
                        "none".to_string()
                    } else {
                        names.join(", ")
                    }
                ),
            ));
        };
        // Relative folders are the engines file's, so that a file and its engines move together.
        let base = file.parent().unwrap_or(Path::new("")).to_path_buf();
        let dir = match &entry.dir {
            Some(d) => base.join(d),
            None => base,
        };
        let argv = match &entry.command {
            Command1::Line(l) => split(text, l)?,
            Command1::Words(w) if !w.is_empty() => w.clone(),
            Command1::Words(_) => return Err(bad(text, "empty command")),
        };
        check_program(text, &argv[0], Some(&dir))?;
        let mut options = Vec::new();
        for (k, v) in &entry.options {
            if k.is_empty() || k.chars().any(char::is_whitespace) {
                return Err(bad(text, format!("option name '{k}' is not one word")));
            }
            let v = match v {
                toml::Value::String(s) => s.clone(),
                toml::Value::Integer(i) => i.to_string(),
                toml::Value::Float(x) => x.to_string(),
                toml::Value::Boolean(b) => b.to_string(),
                _ => {
                    return Err(bad(
                        text,
                        format!("option {k}: give a string, number or boolean"),
                    ))
                }
            };
            if v.contains(['\n', '\r']) {
                return Err(bad(text, format!("option {k}: a value of one line")));
            }
            options.push((k.clone(), v));
        }
        let limits = Given {
            time: entry.time,
            margin: entry.margin,
            nodes: entry.nodes,
            depth: entry.depth.map(u64::from),
            startup: entry.startup,
        }
        .limits(text)?;
        Ok(ExternalSpec {
            label: text.to_string(),
            argv,
            dir: Some(dir),
            options,
            limits,
        })
    }
}

/// The limits a spec gives, each checked by [`Given::limits`].
#[derive(Default)]
struct Given {
    time: Option<u64>,
    margin: Option<u64>,
    nodes: Option<u64>,
    depth: Option<u64>,
    startup: Option<u64>,
}

impl Given {
    /// The limits over the defaults: times 1..=86,400,000 ms (the margin from 0), nodes from
    /// 1, depth 1..=1000.
    fn limits(&self, text: &str) -> Result<Limits, ConfigError> {
        let d = Limits::default();
        for (key, v, lo, hi) in [
            ("time", self.time.unwrap_or(d.time_ms), 1, 86_400_000),
            ("margin", self.margin.unwrap_or(d.margin_ms), 0, 86_400_000),
            (
                "startup",
                self.startup.unwrap_or(d.startup_ms),
                1,
                86_400_000,
            ),
            ("nodes", self.nodes.unwrap_or(1), 1, u64::MAX),
            ("depth", self.depth.unwrap_or(1), 1, 1000),
        ] {
            if !(lo..=hi).contains(&v) {
                return Err(bad(text, format!("{key} = {v}: expected {lo}..{hi}")));
            }
        }
        Ok(Limits {
            time_ms: self.time.unwrap_or(d.time_ms),
            margin_ms: self.margin.unwrap_or(d.margin_ms),
            nodes: self.nodes,
            depth: self.depth.map(|x| x as u32),
            startup_ms: self.startup.unwrap_or(d.startup_ms),
        })
    }
}

/// The engines file `file`, read and parsed (errors name `text`, the spec being read).
fn read_file(text: &str, file: &Path) -> Result<EnginesFile, ConfigError> {
    let body = std::fs::read_to_string(file)
        .map_err(|e| bad(text, format!("cannot read {}: {e}", file.display())))?;
    toml::from_str(&body).map_err(|e| {
        let line = e
            .span()
            .map(|s| body[..s.start.min(body.len())].matches('\n').count() + 1);
        let at = line.map(|l| format!(" line {l}")).unwrap_or_default();
        let msg = e.message().replace('\n', " ");
        bad(text, format!("{}{at}: {}", file.display(), msg.trim()))
    })
}

/// The specs (`ext:<name>`) of the engines of the file `MANCALA_ENGINES` names, in name
/// order; none when it is not set.
pub fn listed() -> Result<Vec<String>, ConfigError> {
    let Some(file) = std::env::var_os(ENGINES_FILE_VAR) else {
        return Ok(Vec::new());
    };
    let parsed = read_file(ENGINES_FILE_VAR, Path::new(&file))?;
    Ok(parsed.engine.keys().map(|k| format!("ext:{k}")).collect())
}

/// The words of `line` as a POSIX shell splits them (quotes respected, nothing expanded).
fn split(text: &str, line: &str) -> Result<Vec<String>, ConfigError> {
    match shlex::split(line) {
        None => Err(bad(text, "unbalanced quotes or a trailing backslash")),
        Some(w) if w.is_empty() => Err(bad(text, "empty command")),
        Some(w) => Ok(w),
    }
}

/// Checks that `program` can be run: a path (with a `/`) names a file, relative to `dir`
/// when given; a bare name is found on `PATH`.
fn check_program(text: &str, program: &str, dir: Option<&Path>) -> Result<(), ConfigError> {
    if program.contains('/') {
        let p = match dir {
            Some(d) => d.join(program),
            None => PathBuf::from(program),
        };
        if p.is_dir() {
            return Err(bad(text, format!("program {} is a folder", p.display())));
        }
        if !p.is_file() {
            return Err(bad(text, format!("program {} not found", p.display())));
        }
        return Ok(());
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    if std::env::split_paths(&path).any(|d| d.join(program).is_file()) {
        Ok(())
    } else {
        Err(bad(text, format!("program '{program}' not found on PATH")))
    }
}

/// A line read from the engine, or why reading stopped.
enum Heard {
    Line(String),
    /// End of its output.
    Closed,
    /// A line the protocol refuses (too long, not UTF-8), or a read error.
    Bad(String),
    /// A write to its input failed: it closed its input.
    InputClosed(String),
    /// It exited (whoever still holds its output; its status is the child's, kept).
    Exited,
    /// The caller asked every computation to stop ([`mancala_solver::stop::request`]: the
    /// Python package on Ctrl-C).
    Stopped,
}

/// A running program and the threads around its pipes.
struct Process {
    child: Child,
    /// Its process group, registered (`None` once ended).
    group: Option<Group>,
    to: Option<Sender<String>>,
    from: Receiver<Heard>,
    stderr: Arc<Mutex<VecDeque<String>>>,
    stderr_done: Receiver<()>,
}

impl Process {
    /// Starts `spec`'s program in a process group of its own.
    fn spawn(spec: &ExternalSpec) -> Result<Process, Fault> {
        let mut program = PathBuf::from(&spec.argv[0]);
        if let (Some(d), true) = (&spec.dir, spec.argv[0].contains('/')) {
            if program.is_relative() {
                program = d.join(program);
            }
        }
        let mut cmd = Command::new(&program);
        cmd.args(&spec.argv[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        if let Some(d) = &spec.dir {
            cmd.current_dir(d);
        }
        let (mut child, group) = Group::spawn(cmd).map_err(|e| Fault {
            kind: FaultKind::Start,
            detail: format!("cannot start {}: {e}", program.display()),
            stderr: Vec::new(),
        })?;
        let (stdin, stdout, stderr) = (
            child.stdin.take().expect("piped"),
            child.stdout.take().expect("piped"),
            child.stderr.take().expect("piped"),
        );
        let pid = child.id();
        // One process a game: the exchange log's id of the game is the process's.
        let game: Arc<str> = format!("g{}", GAMES.fetch_add(1, Ordering::Relaxed) + 1).into();
        let (to, rx) = mpsc::channel::<String>();
        // Bounded: an engine that writes faster than the manager reads is held up by its pipe.
        let (tx, from) = mpsc::sync_channel(LINES_QUEUED);
        let werr = tx.clone();
        let wgame = game.clone();
        std::thread::spawn(move || {
            let mut stdin = stdin;
            for line in rx {
                note(&wgame, pid, '>', &line);
                // The line and its end in one write.
                let r = stdin
                    .write_all(format!("{line}\n").as_bytes())
                    .and_then(|_| stdin.flush());
                if let Err(e) = r {
                    let _ = werr.send(Heard::InputClosed(e.to_string()));
                    return;
                }
            }
        });
        let rgame = game.clone();
        std::thread::spawn(move || read_lines(stdout, tx, rgame, pid));
        let tail = Arc::new(Mutex::new(VecDeque::new()));
        let (done_tx, stderr_done) = mpsc::channel();
        let t2 = tail.clone();
        std::thread::spawn(move || {
            let mut r = BufReader::new(stderr);
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match (&mut r).take(MAX_LINE as u64).read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        let s = String::from_utf8_lossy(&buf);
                        let s = s.trim_end_matches(['\n', '\r']);
                        let mut q = t2.lock().expect("stderr tail");
                        if q.len() == STDERR_LINES {
                            q.pop_front();
                        }
                        q.push_back(clip(s, 400));
                    }
                }
            }
            let _ = done_tx.send(());
        });
        Ok(Process {
            child,
            group: Some(group),
            to: Some(to),
            from,
            stderr: tail,
            stderr_done,
        })
    }

    /// Sends one line (never blocks: the writer thread writes it).
    fn send(&self, line: &str) {
        if let Some(to) = &self.to {
            let _ = to.send(line.to_string());
        }
    }

    /// The next line before `deadline`; `Err(None)` when the deadline comes first.
    fn next(&mut self, deadline: Instant) -> Result<String, Option<Heard>> {
        loop {
            // Checked before each line, so that an engine writing without end still times out.
            let now = Instant::now();
            if now >= deadline {
                return Err(None);
            }
            match self.from.recv_timeout((deadline - now).min(EXIT_POLL)) {
                Ok(Heard::Line(l)) => return Ok(l),
                Ok(other) => return Err(Some(other)),
                Err(RecvTimeoutError::Disconnected) => return Err(Some(Heard::Closed)),
                Err(RecvTimeoutError::Timeout) => {}
            }
            if mancala_solver::stop::requested() {
                return Err(Some(Heard::Stopped));
            }
            // A program that has exited answers nothing more, whoever holds its output:
            // the lines it wrote before are taken first.
            if let Ok(Some(_)) = self.child.try_wait() {
                return match self.from.recv_timeout(EXIT_POLL) {
                    Ok(Heard::Line(l)) => Ok(l),
                    Ok(Heard::Closed) | Err(_) => Err(Some(Heard::Exited)),
                    Ok(other) => Err(Some(other)),
                };
            }
        }
    }

    /// Kills the program and every process it started, reaps it, and returns its last
    /// stderr lines and how it ended; with `grace`, a program that may be ending of itself
    /// (its output closed) is given a moment first.
    fn kill(mut self, grace: bool) -> (Vec<String>, String) {
        if let Some(g) = &self.group {
            g.survey();
        }
        self.to = None;
        let wait = Duration::from_millis(if grace { 100 } else { 0 });
        let until = Instant::now() + wait;
        let mut status = self.child.try_wait().ok().flatten();
        while status.is_none() && Instant::now() < until {
            std::thread::sleep(Duration::from_millis(2));
            status = self.child.try_wait().ok().flatten();
        }
        self.end();
        // Whatever the program wrote before it ended is read to the end, briefly.
        let _ = self.stderr_done.recv_timeout(Duration::from_millis(300));
        let lines = self
            .stderr
            .lock()
            .expect("stderr tail")
            .iter()
            .cloned()
            .collect();
        let how = match status {
            Some(s) => s.to_string(),
            None => "still running: killed".to_string(),
        };
        (lines, how)
    }

    /// Asks the program to quit, waits a little, then kills it and what it started.
    fn quit(mut self) {
        // Its descendants are found while it runs: once it has quit, they are orphans.
        if let Some(g) = &self.group {
            g.survey();
        }
        self.send("quit");
        self.to = None;
        let until = Instant::now() + Duration::from_millis(200);
        while Instant::now() < until {
            if let Ok(Some(_)) = self.child.try_wait() {
                break;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        self.end();
    }

    /// Kills the process group and the descendants found outside it, and reaps the program.
    fn end(&mut self) {
        if let Some(g) = self.group.take() {
            g.end(&mut self.child);
        }
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        self.end();
    }
}

/// The engines' processes started, for the exchange log's game ids.
static GAMES: AtomicU64 = AtomicU64::new(0);
/// How often the manager looks whether the program has exited while it awaits a line.
const EXIT_POLL: Duration = Duration::from_millis(20);

/// The exchange log: one file for every engine of the program, each entry one whole line
/// written at once, under one lock, up to its size cap.
struct Log {
    /// The file's name (as `MANCALA_ENGINE_LOG` gave it) and the file (`None`: it cannot
    /// be opened).
    path: std::ffi::OsString,
    file: Option<std::fs::File>,
    /// Bytes in the file, and the most it may hold.
    size: u64,
    cap: u64,
    /// True once the cap was reached (and said so in the file).
    full: bool,
}

static LOG: Mutex<Option<Log>> = Mutex::new(None);

/// Appends `line` (`dir`: `>` sent, `<` read) of the program `pid` in game `game` to the
/// exchange log, if one is kept: `g<N> <pid> <dir> <line>`.
fn note(game: &str, pid: u32, dir: char, line: &str) {
    let Some(path) = std::env::var_os(ENGINE_LOG_VAR) else {
        return;
    };
    let entry = format!("{game} {pid} {dir} {line}\n");
    let mut log = LOG.lock().unwrap_or_else(|e| e.into_inner());
    if log.as_ref().map_or(true, |l| l.path != path) {
        *log = Some(Log::open(path));
    }
    let l = log.as_mut().expect("opened");
    l.write(&entry);
}

impl Log {
    /// The log `path`, opened to append, its cap from `MANCALA_ENGINE_LOG_MAX`.
    fn open(path: std::ffi::OsString) -> Log {
        let file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&path)
            .ok();
        let size = file
            .as_ref()
            .and_then(|f| f.metadata().ok())
            .map_or(0, |m| m.len());
        let given = std::env::var(ENGINE_LOG_MAX_VAR).ok();
        let cap = given.as_deref().and_then(|v| v.trim().parse::<u64>().ok());
        let mut log = Log {
            path,
            file,
            size,
            cap: cap.unwrap_or(ENGINE_LOG_MAX),
            full: false,
        };
        if let (Some(v), None) = (&given, cap) {
            log.say(&format!(
                "mancala: {ENGINE_LOG_MAX_VAR}={} is not a number of bytes: the cap is {ENGINE_LOG_MAX} bytes\n",
                clip(v, 40)
            ));
        }
        log
    }

    /// Writes `entry` (one line) whole, or, once the cap is reached, a note saying so and
    /// nothing more.
    fn write(&mut self, entry: &str) {
        if self.full {
            return;
        }
        if self.size + entry.len() as u64 > self.cap {
            self.full = true;
            let note = format!(
                "mancala: the log reached its cap of {} bytes ({ENGINE_LOG_MAX_VAR}): later lines are not written\n",
                self.cap
            );
            self.say(&note);
            return;
        }
        self.say(entry);
    }

    /// Appends `text` in one write.
    fn say(&mut self, text: &str) {
        if let Some(f) = &mut self.file {
            if f.write_all(text.as_bytes()).is_ok() {
                self.size += text.len() as u64;
            }
        }
    }
}

/// `s` on one line, its control characters shown as `?`, cut to `n` bytes at most (on a
/// character boundary).
fn clip(s: &str, n: usize) -> String {
    let s: String = s
        .trim_end_matches(['\n', '\r'])
        .chars()
        .map(|c| if c.is_control() { '?' } else { c })
        .collect();
    if s.len() <= n {
        return s;
    }
    let mut end = n;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}...", &s[..end])
}

/// Reads the engine's output line by line into `tx` until it ends or breaks the protocol.
fn read_lines(out: std::process::ChildStdout, tx: SyncSender<Heard>, game: Arc<str>, pid: u32) {
    let mut r = BufReader::new(out);
    let mut buf = Vec::new();
    loop {
        buf.clear();
        let heard = match (&mut r)
            .take(MAX_LINE as u64 + 1)
            .read_until(b'\n', &mut buf)
        {
            Ok(0) => Heard::Closed,
            Err(e) => Heard::Bad(format!("reading its output: {e}")),
            Ok(_) if buf.len() > MAX_LINE && buf.last() != Some(&b'\n') => {
                Heard::Bad(format!("a line longer than {MAX_LINE} bytes"))
            }
            Ok(_) => match std::str::from_utf8(&buf) {
                Ok(s) => Heard::Line(s.trim_end_matches(['\n', '\r']).to_string()),
                Err(_) => Heard::Bad(format!(
                    "a line that is not UTF-8: {}",
                    clip(&String::from_utf8_lossy(&buf), 80)
                )),
            },
        };
        let last = !matches!(heard, Heard::Line(_));
        if let Heard::Line(l) = &heard {
            note(&game, pid, '<', l);
        }
        if tx.send(heard).is_err() || last {
            return;
        }
    }
}

/// An external engine: a program speaking the engine protocol, started at its first move.
pub struct External<G: EngineGame> {
    spec: Arc<ExternalSpec>,
    process: Option<Process>,
    /// The fault that ended the program, repeated to every later request.
    dead: Option<Fault>,
    /// The name the program gave (`id name`).
    id_name: Option<String>,
    /// The game's start as far as the engine has heard, and the moves since, by name.
    start: Option<G::Position>,
    moves: Vec<String>,
    /// Where those moves lead.
    current: Option<G::Position>,
    /// A deadline over the engine's own time ([`Engine::stop_at`]).
    deadline: Option<Instant>,
    /// The last fault [`Engine::choose`] hid behind a legal move.
    last_fault: Option<Fault>,
}

impl<G: EngineGame> External<G> {
    /// An engine that runs `spec` when it is first asked for a move.
    pub fn new(spec: ExternalSpec) -> External<G> {
        External {
            spec: Arc::new(spec),
            process: None,
            dead: None,
            id_name: None,
            start: None,
            moves: Vec::new(),
            current: None,
            deadline: None,
            last_fault: None,
        }
    }

    /// The name the program gave in the handshake (`id name`), once it has started.
    pub fn id_name(&self) -> Option<&str> {
        self.id_name.as_deref()
    }

    /// The fault behind the last move [`Engine::choose`] made up (the first legal move).
    pub fn last_fault(&self) -> Option<&Fault> {
        self.last_fault.as_ref()
    }

    /// Ends the program on `kind` and `detail`: it is killed, and its fault kept.
    fn fail(&mut self, kind: FaultKind, detail: String) -> Fault {
        let mut stderr = Vec::new();
        let mut detail = detail;
        if let Some(p) = self.process.take() {
            // A program late on time is still running: no moment to end of itself.
            let (lines, how) = p.kill(kind != FaultKind::Time);
            stderr = lines;
            if kind == FaultKind::Crash {
                detail = format!("{detail} ({how})");
            }
        }
        let f = Fault {
            kind,
            detail: clip(&detail, 300),
            stderr,
        };
        self.dead = Some(f.clone());
        f
    }

    /// The fault of `heard`, a line that was not the one awaited (`None`: the deadline).
    fn broken(&mut self, heard: Option<Heard>, late: FaultKind, waiting: &str) -> Fault {
        match heard {
            None => self.fail(late, format!("no {waiting} in time")),
            Some(Heard::InputClosed(e)) => {
                self.fail(FaultKind::Crash, format!("closed its input ({e})"))
            }
            Some(Heard::Closed) => self.fail(
                FaultKind::Crash,
                format!("closed its output while the manager awaited {waiting}"),
            ),
            Some(Heard::Stopped) => self.fail(
                FaultKind::Time,
                format!("stopped by the caller while the manager awaited {waiting} (killed)"),
            ),
            Some(Heard::Exited) => self.fail(
                FaultKind::Crash,
                format!("exited while the manager awaited {waiting}"),
            ),
            Some(Heard::Bad(why)) => self.fail(FaultKind::Protocol, why),
            Some(Heard::Line(_)) => unreachable!("a line is handled by the caller"),
        }
    }

    /// Waits until `deadline` for a line whose first word is `word`, passing `info` and
    /// unknown lines by; returns the rest of that line.
    fn await_word(
        &mut self,
        word: &str,
        deadline: Instant,
        late: FaultKind,
    ) -> Result<String, Fault> {
        loop {
            let p = self.process.as_mut().expect("running");
            match p.next(deadline) {
                Ok(line) => {
                    let mut parts = line.trim().splitn(2, char::is_whitespace);
                    let first = parts.next().unwrap_or("");
                    let rest = parts.next().unwrap_or("").trim().to_string();
                    if first == word {
                        return Ok(rest);
                    }
                    if word == "protocolok" && first == "id" {
                        if let Some(n) = rest.strip_prefix("name") {
                            if n.starts_with(char::is_whitespace) {
                                self.id_name = Some(clip(n.trim(), 200));
                            }
                        }
                    }
                }
                Err(h) => {
                    let awaited = format!("'{word}'");
                    return Err(self.broken(h, late, &awaited));
                }
            }
        }
    }

    /// Starts the program: the handshake, its options, the variant, a game.
    fn start_program(&mut self, game: &G) -> Result<(), Fault> {
        let p = Process::spawn(&self.spec).inspect_err(|f| self.dead = Some(f.clone()))?;
        self.process = Some(p);
        self.send(&format!("mancala-protocol {PROTOCOL_VERSION}"));
        let (deadline, late) = self.startup_deadline(FaultKind::Start);
        let v = self.await_word("protocolok", deadline, late)?;
        if v.split_whitespace().next() != Some("1") {
            return Err(self.fail(
                FaultKind::Start,
                format!("speaks protocol version '{v}', the manager {PROTOCOL_VERSION}"),
            ));
        }
        for (k, v) in self.spec.options.clone() {
            self.send(&format!("setoption name {k} value {v}"));
        }
        self.send(&variant_line(game));
        self.send("newgame");
        self.send("isready");
        let (deadline, late) = self.startup_deadline(FaultKind::Start);
        self.await_word("readyok", deadline, late)?;
        Ok(())
    }

    /// The deadline of a `readyok` or `protocolok` from now: the start time, cut to the
    /// caller's deadline ([`Engine::stop_at`]); and the fault when it passes, `late`, or
    /// `time` when the caller's deadline is the nearer.
    fn startup_deadline(&self, late: FaultKind) -> (Instant, FaultKind) {
        let own = Instant::now() + Duration::from_millis(self.spec.limits.startup_ms);
        match self.deadline {
            Some(d) if d < own => (d, FaultKind::Time),
            _ => (own, late),
        }
    }

    fn send(&self, line: &str) {
        if let Some(p) = &self.process {
            p.send(line);
        }
    }

    /// Makes the history end at `pos`: when the moves heard do not lead there, the game is
    /// taken to start at `pos`.
    fn sync(&mut self, game: &G, pos: &G::Position) {
        if self.current.as_ref() != Some(pos) {
            self.start = Some(pos.clone());
            self.current = Some(pos.clone());
            self.moves.clear();
        }
        let _ = game;
    }
}

/// The protocol's `variant` line of `game`: its id and options as `mancala` spells them.
pub fn variant_line<G: EngineGame>(game: &G) -> String {
    let b = game.board();
    let mut w = vec!["variant".to_string(), game.variant_id().to_string()];
    if let Some(x) = b.width {
        w.extend(["--width".into(), x.to_string()]);
    }
    if let Some(x) = b.seeds {
        w.extend(["--seeds".into(), x.to_string()]);
    }
    if let Some(x) = b.counters {
        w.extend(["--counters".into(), x.to_string()]);
    }
    w.extend(game.size_options());
    for r in b.rules {
        w.extend(["--rule".into(), r]);
    }
    w.join(" ")
}

impl<G: EngineGame> Engine<G> for External<G> {
    fn name(&self) -> String {
        self.spec.label.clone()
    }

    fn choose(&mut self, game: &G, pos: &G::Position, rng: &mut Rng) -> G::Move {
        match self.try_choose(game, pos, rng) {
            Ok(m) => m,
            Err(f) => {
                self.last_fault = Some(f);
                game.legal_moves(pos)[0]
            }
        }
    }

    fn stop_at(&mut self, deadline: Instant) {
        self.deadline = Some(deadline);
    }

    fn heard(&mut self, game: &G, before: &G::Position, mv: G::Move) {
        self.sync(game, before);
        self.moves.push(game.move_name(before, mv));
        self.current = Some(game.play(before, mv));
    }

    fn try_choose(&mut self, game: &G, pos: &G::Position, rng: &mut Rng) -> Result<G::Move, Fault> {
        let seed = rng.next_u64();
        if let Some(f) = &self.dead {
            return Err(f.clone());
        }
        self.sync(game, pos);
        if self.process.is_none() {
            self.start_program(game)?;
        } else {
            // Every line the engine wrote before is passed by: a second `bestmove` to one
            // `go` cannot answer the next.
            self.send("isready");
            let (deadline, late) = self.startup_deadline(FaultKind::Time);
            self.await_word("readyok", deadline, late)?;
        }
        let start = self.start.as_ref().expect("synced");
        let mut line = format!("position {}", game.format_position(start));
        if !self.moves.is_empty() {
            line.push_str(" moves ");
            line.push_str(&self.moves.join(" "));
        }
        self.send(&line);
        self.send(&format!("board {}", game.format_position(pos)));
        let legal: Vec<String> = game
            .legal_moves(pos)
            .iter()
            .map(|&m| game.move_name(pos, m))
            .collect();
        self.send(&format!("legal {}", legal.join(" ")));
        let l = self.spec.limits;
        let (mut time, mut margin) = (l.time_ms, l.margin_ms);
        if let Some(d) = self.deadline {
            // The margin comes out of the caller's time, never on top of it (half of it at
            // most, so that the engine keeps time to think).
            let left = d.saturating_duration_since(Instant::now()).as_millis() as u64;
            margin = margin.min(left / 2);
            time = time.min(left - margin).max(1);
            margin = margin.min(left.saturating_sub(time));
        }
        let mut go = format!("go movetime {time}");
        if let Some(n) = l.nodes {
            go.push_str(&format!(" nodes {n}"));
        }
        if let Some(d) = l.depth {
            go.push_str(&format!(" depth {d}"));
        }
        go.push_str(&format!(" seed {seed}"));
        let t = Instant::now();
        self.send(&go);
        let deadline = t + Duration::from_millis(time + margin);
        let rest = match self.await_word("bestmove", deadline, FaultKind::Time) {
            Ok(r) => r,
            Err(mut f) => {
                if f.detail == "no 'bestmove' in time" {
                    f.detail =
                        format!("no move within {time} ms and the margin of {margin} ms (killed)");
                    self.dead = Some(f.clone());
                }
                return Err(f);
            }
        };
        let Some(name) = rest.split_whitespace().next() else {
            return Err(self.fail(FaultKind::Protocol, "'bestmove' without a move".into()));
        };
        match game.parse_move(pos, name) {
            Ok(mv) => Ok(mv),
            Err(e) => {
                let name = clip(name, 60);
                let why = e.to_string();
                self.fail(FaultKind::Illegal, format!("move '{name}': {why}"));
                let f = self.dead.clone().expect("failed");
                Err(f)
            }
        }
    }
}

impl<G: EngineGame> Drop for External<G> {
    fn drop(&mut self) {
        if let Some(p) = self.process.take() {
            p.quit();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_lines_split_like_a_shell() {
        let s = ExternalSpec::parse("cmd:sh -c 'echo \"a b\"' x")
            .unwrap()
            .unwrap();
        assert_eq!(s.argv, ["sh", "-c", "echo \"a b\"", "x"]);
        assert_eq!(s.label, "cmd:sh -c 'echo \"a b\"' x");
        for (text, why) in [
            ("cmd:", "empty command"),
            ("cmd:sh 'oops", "unbalanced quotes"),
            ("cmd:no-such-program-here x", "not found on PATH"),
            ("cmd:./no/such/file", "not found"),
        ] {
            let e = ExternalSpec::parse(text).unwrap().unwrap_err().to_string();
            assert!(e.contains(why), "{text}: {e}");
        }
        assert!(ExternalSpec::parse("greedy").is_none());
        let s = ExternalSpec::parse("cmd[time=5000, margin=0,depth=4]:sh -c 'exit 0'")
            .unwrap()
            .unwrap();
        assert_eq!(s.argv, ["sh", "-c", "exit 0"]);
        let l = s.limits;
        assert_eq!(
            (l.time_ms, l.margin_ms, l.depth, l.nodes),
            (5000, 0, Some(4), None)
        );
        assert_eq!(l.startup_ms, Limits::default().startup_ms);
        for (text, why) in [
            ("cmd[time=5000 sh", "expected cmd[name=value,...]"),
            ("cmd[time]:sh", "not name=value"),
            ("cmd[time=0]:sh", "time = 0: expected 1..86400000"),
            ("cmd[depth=0]:sh", "depth = 0"),
            ("cmd[speed=3]:sh", "unknown limit 'speed'"),
            ("cmd[time=x]:sh", "expected a whole number"),
            ("cmd[time=100,time=200]:sh", "limit 'time' given twice"),
            ("cmd[depth=3, depth = 3]:sh", "limit 'depth' given twice"),
            ("cmd:/tmp", "program /tmp is a folder"),
        ] {
            let e = ExternalSpec::parse(text).unwrap().unwrap_err().to_string();
            assert!(e.contains(why), "{text}: {e}");
        }
    }

    #[test]
    fn engines_files_name_commands_folders_options_and_limits() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("engines.toml");
        std::fs::write(
            &file,
            "[engine.a]\ncommand = \"sh -c 'exit 0'\"\ndir = \"sub\"\ntime = 250\nnodes = 9\n\
             [engine.a.options]\nLevel = 3\nStyle = \"calm sea\"\n\
             [engine.b]\ncommand = [\"sh\", \"-c\", \"exit 0\"]\n",
        )
        .unwrap();
        let s = ExternalSpec::parse(&format!("ext:a@{}", file.display()))
            .unwrap()
            .unwrap();
        assert_eq!(s.argv, ["sh", "-c", "exit 0"]);
        assert_eq!(s.dir, Some(dir.path().join("sub")));
        assert_eq!(
            s.options,
            [
                ("Level".into(), "3".into()),
                ("Style".into(), "calm sea".into())
            ]
        );
        assert_eq!((s.limits.time_ms, s.limits.nodes), (250, Some(9)));
        assert_eq!(s.limits.margin_ms, Limits::default().margin_ms);
        let b = ExternalSpec::parse(&format!("ext:b@{}", file.display()))
            .unwrap()
            .unwrap();
        assert_eq!(b.dir, Some(dir.path().to_path_buf()));
        let e = ExternalSpec::parse(&format!("ext:c@{}", file.display()))
            .unwrap()
            .unwrap_err()
            .to_string();
        assert!(e.contains("no engine 'c'") && e.contains("a, b"), "{e}");
        std::fs::write(&file, "[engine.a]\ncommand = \"sh\"\ntimes = 3\n").unwrap();
        let e = ExternalSpec::parse(&format!("ext:a@{}", file.display()))
            .unwrap()
            .unwrap_err()
            .to_string();
        assert!(e.contains("line 3") && e.contains("times"), "{e}");
        assert!(!e.contains('\n'));
    }
}
