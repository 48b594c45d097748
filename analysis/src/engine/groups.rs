//! The external engines' processes, ended with their manager.
//!
//! Each engine runs in a process group of its own, so that a terminal's Ctrl-C reaches the
//! manager alone, and the manager ends the engines itself. Every group is kept in one
//! registry, and ended:
//!
//! - when its engine is done ([`Group::end`]): KILL to the group, and to every descendant
//!   that left it (a child that called `setsid`);
//! - on SIGINT, SIGTERM or SIGHUP, once the program asked for it with [`end_on_signals`]
//!   (the `mancala` binary; a library user such as the Python package keeps its own
//!   signal handling and ends its engines when it drops them): TERM to every group and
//!   descendant, KILL to what is left after [`GRACE`], then the signal's default action (the
//!   exit status 128 + the signal);
//! - when the manager is killed outright (SIGKILL, or a crash): the kernel sends the engine
//!   SIGKILL as its parent dies (`PR_SET_PDEATHSIG`, Linux), and a watchdog process (`sh`,
//!   in a group of its own) that reads a pipe from the manager sees it close and kills
//!   every group and every descendant the manager had found.
//!
//! The descendants that leave the group are found by walking `/proc` (Linux) down from the
//! engine, through the kernel's lists of each process's children where it keeps them (else
//! by reading every process): every [`SURVEY`] while an engine runs, before it is asked to
//! quit, when it faults and when it is ended. One that leaves the group and loses its
//! parent between two walks is not found: the alternative, a cgroup, needs a delegated
//! cgroup v2 subtree that an ordinary session rarely has. Elsewhere on Unix only the groups
//! are ended (no `/proc`, no `PR_SET_PDEATHSIG`; the watchdog still kills the groups).

use std::process::{Child, Command};
use std::time::Duration;

/// How long the engines have to end after TERM, on a signal, before they are killed.
pub const GRACE: Duration = Duration::from_millis(500);
/// How often the descendants of the running engines are looked for.
pub const SURVEY: Duration = Duration::from_millis(100);

/// Makes SIGINT, SIGTERM and SIGHUP end every engine before the program ends: the handler is
/// installed with the first engine (a program that runs none keeps the default handling).
pub fn end_on_signals() {
    #[cfg(unix)]
    unix::end_on_signals();
}

/// An engine's process group, registered until it is ended.
pub(crate) struct Group {
    #[cfg(unix)]
    inner: unix::Member,
}

impl Group {
    /// Starts `cmd` as the leader of a new process group, registered.
    pub(crate) fn spawn(cmd: Command) -> std::io::Result<(Child, Group)> {
        #[cfg(unix)]
        {
            let (child, inner) = unix::spawn(cmd)?;
            Ok((child, Group { inner }))
        }
        #[cfg(not(unix))]
        {
            let mut cmd = cmd;
            Ok((cmd.spawn()?, Group {}))
        }
    }

    /// Records the group's descendants now, before its leader may exit and orphan them.
    pub(crate) fn survey(&self) {
        #[cfg(unix)]
        self.inner.survey();
    }

    /// Kills the group and every descendant found, and reaps the leader `child`.
    pub(crate) fn end(self, child: &mut Child) {
        #[cfg(unix)]
        self.inner.end();
        let _ = child.kill();
        let _ = child.wait();
    }
}

#[cfg(unix)]
mod unix {
    use super::{GRACE, SURVEY};
    use nix::sys::signal::{kill, killpg, Signal};
    use nix::unistd::Pid;
    use std::collections::{BTreeMap, BTreeSet};
    use std::io::Write;
    use std::os::unix::process::CommandExt;
    use std::process::{Child, ChildStdin, Command, Stdio};
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::mpsc::{self, Sender};
    use std::sync::{Mutex, MutexGuard, Once};
    use std::time::Instant;

    /// The watchdog: it keeps the ids written to it (`+ ID`, `- ID` to forget one; a
    /// negative id is a group) and kills them all when its input closes, that is when the
    /// manager has ended, however it ended.
    const WATCHDOG: &str = "p=' '
while read -r op id; do
  case $op in
    +) p=\"$p$id \" ;;
    -) case $p in *\" $id \"*) p=\"${p%% $id *} ${p#* $id }\" ;; esac ;;
  esac
done
for id in $p; do kill -KILL $id 2>/dev/null; done";

    /// A spawn request for the spawner thread, and where its answer goes.
    type Spawn = (Command, Sender<std::io::Result<Child>>);

    /// The registry of the running engines.
    struct Registry {
        next: u64,
        groups: BTreeMap<u64, Entry>,
        /// The watchdog's input (`None`: not started, or gone).
        watchdog: Option<ChildStdin>,
        watchdog_tried: bool,
        /// The thread that starts the engines (`None`: not started yet).
        spawner: Option<Sender<Spawn>>,
        /// True while the survey thread runs.
        surveying: bool,
    }

    /// A registered group: its leader (the engine, whose pid is the group's id) and the
    /// descendants found outside the group, with their start times (a pid is only
    /// signalled while its start time is the one recorded, never once it names another
    /// process).
    struct Entry {
        leader: u32,
        found: BTreeMap<u32, u64>,
    }

    static REGISTRY: Mutex<Registry> = Mutex::new(Registry {
        next: 0,
        groups: BTreeMap::new(),
        watchdog: None,
        watchdog_tried: false,
        spawner: None,
        surveying: false,
    });
    static ON_SIGNALS: AtomicBool = AtomicBool::new(false);
    static HANDLER: Once = Once::new();

    fn registry() -> MutexGuard<'static, Registry> {
        // A panic elsewhere must not leave the engines running: the registry stays usable.
        REGISTRY.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub(super) fn end_on_signals() {
        ON_SIGNALS.store(true, Ordering::SeqCst);
        if !registry().groups.is_empty() {
            install_handler();
        }
    }

    /// The handler thread: on SIGINT, SIGTERM or SIGHUP, every engine ended, then the
    /// signal's default action.
    fn install_handler() {
        use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
        HANDLER.call_once(|| {
            let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP])
            else {
                return;
            };
            std::thread::spawn(move || {
                if let Some(sig) = signals.forever().next() {
                    let _held = end_all();
                    let _ = signal_hook::low_level::emulate_default_handler(sig);
                    std::process::exit(128 + sig);
                }
            });
        });
    }

    /// Ends every registered engine: TERM, then KILL after [`GRACE`] to what is left; the
    /// registry is returned locked, so that nothing starts or reports an engine's end until
    /// the program has ended.
    fn end_all() -> MutexGuard<'static, Registry> {
        let mut r = registry();
        survey_all(&mut r, &Source::new());
        let targets: Vec<(u32, Vec<(u32, u64)>)> = r
            .groups
            .values()
            .map(|e| (e.leader, e.found.iter().map(|(&p, &s)| (p, s)).collect()))
            .collect();
        let signal_all = |sig: Signal| {
            for (leader, found) in &targets {
                let _ = killpg(Pid::from_raw(*leader as i32), sig);
                for &(p, s) in found {
                    signal_if(p, s, sig);
                }
            }
        };
        signal_all(Signal::SIGTERM);
        let until = Instant::now() + GRACE;
        while Instant::now() < until {
            let ps = processes();
            let running = |pid: u32, start: u64| match &ps {
                Some(ps) => ps
                    .iter()
                    .any(|p| p.pid == pid && p.start == start && !p.zombie),
                None => kill(Pid::from_raw(pid as i32), None).is_ok(),
            };
            let group = |leader: u32| match &ps {
                Some(ps) => ps.iter().any(|p| p.pgid == leader && !p.zombie),
                None => killpg(Pid::from_raw(leader as i32), None).is_ok(),
            };
            if !targets
                .iter()
                .any(|(l, found)| group(*l) || found.iter().any(|&(p, s)| running(p, s)))
            {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        signal_all(Signal::SIGKILL);
        r
    }

    /// Sends `sig` to `pid` if it is still the process that started at `start`.
    fn signal_if(pid: u32, start: u64, sig: Signal) {
        if start_time(pid) == Some(start) {
            let _ = kill(Pid::from_raw(pid as i32), sig);
        }
    }

    /// A line to the watchdog (dropped when it is gone).
    fn tell(r: &mut Registry, line: String) {
        if let Some(w) = &mut r.watchdog {
            if w.write_all(line.as_bytes()).is_err() {
                r.watchdog = None;
            }
        }
    }

    /// Starts the watchdog once: `sh` in a group of its own, reading a pipe the manager
    /// alone holds.
    fn start_watchdog(r: &mut Registry) {
        if r.watchdog_tried {
            return;
        }
        r.watchdog_tried = true;
        let mut cmd = Command::new("/bin/sh");
        cmd.args(["-c", WATCHDOG])
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .process_group(0);
        if let Ok(mut w) = cmd.spawn() {
            r.watchdog = w.stdin.take();
            // Never waited for: it ends after the manager, whose end it watches.
            std::mem::forget(w);
        }
    }

    /// The thread that starts every engine: the kernel's parent-death signal is tied to
    /// the thread that forked the child, so that thread must last as long as the program.
    fn spawner(r: &mut Registry) -> Sender<Spawn> {
        r.spawner
            .get_or_insert_with(|| {
                let (tx, rx) = mpsc::channel::<Spawn>();
                std::thread::spawn(move || {
                    for (mut cmd, answer) in rx {
                        let _ = answer.send(cmd.spawn());
                    }
                });
                tx
            })
            .clone()
    }

    /// A registered group, unregistered (and killed) when dropped.
    pub(super) struct Member {
        id: u64,
    }

    pub(super) fn spawn(mut cmd: Command) -> std::io::Result<(Child, Member)> {
        cmd.process_group(0);
        #[cfg(target_os = "linux")]
        {
            let parent = std::process::id();
            // SAFETY: the closure runs in the forked child before `exec`, where only
            // async-signal-safe calls are allowed: `prctl` and `getppid` are system calls
            // that neither allocate nor lock, and an error made of an errno allocates nothing.
            unsafe {
                cmd.pre_exec(move || {
                    nix::sys::prctl::set_pdeathsig(Signal::SIGKILL)?;
                    // The manager may have died before the signal was asked for.
                    if nix::unistd::getppid().as_raw() as u32 != parent {
                        return Err(nix::errno::Errno::ESRCH.into());
                    }
                    Ok(())
                });
            }
        }
        let mut r = registry();
        start_watchdog(&mut r);
        let (tx, rx) = mpsc::channel();
        spawner(&mut r)
            .send((cmd, tx))
            .map_err(|_| std::io::Error::other("the spawner thread has ended"))?;
        let child = rx
            .recv()
            .map_err(|_| std::io::Error::other("the spawner thread has ended"))??;
        let id = r.next;
        r.next += 1;
        let leader = child.id();
        r.groups.insert(
            id,
            Entry {
                leader,
                found: BTreeMap::new(),
            },
        );
        tell(&mut r, format!("+ -{leader}\n"));
        if !r.surveying && cfg!(target_os = "linux") {
            r.surveying = true;
            std::thread::spawn(survey_thread);
        }
        drop(r);
        if ON_SIGNALS.load(Ordering::SeqCst) {
            install_handler();
        }
        Ok((child, Member { id }))
    }

    /// Surveys the running engines every [`SURVEY`], until none runs.
    fn survey_thread() {
        loop {
            std::thread::sleep(SURVEY);
            let mut r = registry();
            if r.groups.is_empty() {
                r.surveying = false;
                return;
            }
            survey_all(&mut r, &Source::new());
        }
    }

    /// Records the descendants of every registered group that left it.
    fn survey_all(r: &mut Registry, src: &Source) {
        let ids: Vec<u64> = r.groups.keys().copied().collect();
        for id in ids {
            survey_one(r, id, src);
        }
    }

    /// Records the descendants of group `id` that left it (`ps`: every process).
    fn survey_one(r: &mut Registry, id: u64, src: &Source) {
        let Some(e) = r.groups.get_mut(&id) else {
            return;
        };
        // From the leader, and from those found before (their parents may have exited).
        let mut todo: Vec<u32> = vec![e.leader];
        todo.extend(
            e.found
                .iter()
                .filter(|(&p, &s)| start_time(p) == Some(s))
                .map(|(&p, _)| p),
        );
        let mut seen: BTreeSet<u32> = todo.iter().copied().collect();
        let mut new = Vec::new();
        while let Some(p) = todo.pop() {
            for c in src.children(p) {
                if seen.insert(c.pid) {
                    todo.push(c.pid);
                    if c.pgid != e.leader && !e.found.contains_key(&c.pid) {
                        e.found.insert(c.pid, c.start);
                        new.push(c.pid);
                    }
                }
            }
        }
        for p in new {
            tell(r, format!("+ {p}\n"));
        }
    }

    impl Member {
        pub(super) fn survey(&self) {
            survey_one(&mut registry(), self.id, &Source::new());
        }

        /// Ends the group: its `Drop`.
        pub(super) fn end(self) {}
    }

    impl Drop for Member {
        fn drop(&mut self) {
            let mut r = registry();
            survey_one(&mut r, self.id, &Source::new());
            let Some(e) = r.groups.remove(&self.id) else {
                return;
            };
            let _ = killpg(Pid::from_raw(e.leader as i32), Signal::SIGKILL);
            for (&p, &s) in &e.found {
                signal_if(p, s, Signal::SIGKILL);
            }
            tell(&mut r, format!("- -{}\n", e.leader));
            for p in e.found.keys() {
                tell(&mut r, format!("- {p}\n"));
            }
        }
    }

    /// Where the children of a process are read.
    enum Source {
        /// The kernel's lists, `/proc/<pid>/task/<thread>/children`: a few reads a survey.
        Lists,
        /// Every process, read once (a kernel without those lists).
        Scan(Vec<Proc>),
        /// Nowhere: no `/proc`.
        Nowhere,
    }

    impl Source {
        fn new() -> Source {
            static LISTS: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
            let lists = *LISTS.get_or_init(|| {
                let task = std::fs::read_dir("/proc/self/task")
                    .ok()
                    .and_then(|mut d| d.next()?.ok());
                task.is_some_and(|t| t.path().join("children").exists())
            });
            if lists {
                return Source::Lists;
            }
            match processes() {
                Some(ps) => Source::Scan(ps),
                None => Source::Nowhere,
            }
        }

        /// The children of `pid` that run.
        fn children(&self, pid: u32) -> Vec<Proc> {
            match self {
                Source::Lists => {
                    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
                        return Vec::new();
                    };
                    tasks
                        .filter_map(|t| {
                            std::fs::read_to_string(t.ok()?.path().join("children")).ok()
                        })
                        .flat_map(|list| {
                            list.split_whitespace()
                                .filter_map(|c| c.parse().ok())
                                .collect::<Vec<u32>>()
                        })
                        .filter_map(stat)
                        .filter(|c| c.ppid == pid)
                        .collect()
                }
                Source::Scan(ps) => ps.iter().filter(|p| p.ppid == pid).cloned().collect(),
                Source::Nowhere => Vec::new(),
            }
        }
    }

    /// A process as `/proc/<pid>/stat` tells it.
    #[derive(Clone)]
    struct Proc {
        pid: u32,
        ppid: u32,
        pgid: u32,
        /// Clock ticks from boot to its start.
        start: u64,
        zombie: bool,
    }

    /// Every process (`None`: no `/proc`).
    fn processes() -> Option<Vec<Proc>> {
        if !cfg!(target_os = "linux") {
            return None;
        }
        let dir = std::fs::read_dir("/proc").ok()?;
        Some(
            dir.filter_map(|d| d.ok()?.file_name().to_str()?.parse::<u32>().ok())
                .filter_map(stat)
                .collect(),
        )
    }

    /// The process `pid`, from `/proc/<pid>/stat`.
    fn stat(pid: u32) -> Option<Proc> {
        let text = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
        // The command's name, in parentheses, may hold spaces and parentheses: the fields
        // are those after the last ')'.
        let rest = &text[text.rfind(')')? + 1..];
        let f: Vec<&str> = rest.split_whitespace().collect();
        Some(Proc {
            pid,
            zombie: *f.first()? == "Z",
            ppid: f.get(1)?.parse().ok()?,
            pgid: f.get(2)?.parse().ok()?,
            start: f.get(19)?.parse().ok()?,
        })
    }

    /// The start time of `pid` while it runs (`None`: gone, or a zombie).
    fn start_time(pid: u32) -> Option<u64> {
        stat(pid).filter(|p| !p.zombie).map(|p| p.start)
    }
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;
    use std::io::BufRead;
    use std::process::Stdio;

    /// True while `pid` runs (a zombie does not).
    fn alive(pid: u32) -> bool {
        std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|s| {
            !s.rsplit(')')
                .next()
                .unwrap_or("")
                .trim_start()
                .starts_with('Z')
        })
    }

    #[test]
    fn an_ended_group_takes_its_children_and_those_that_left_it() {
        let mut cmd = Command::new("sh");
        cmd.args(["-c", "setsid sleep 30 & echo $!; sleep 30 & echo $!; wait"])
            .stdout(Stdio::piped());
        let (mut child, group) = Group::spawn(cmd).unwrap();
        let mut out = std::io::BufReader::new(child.stdout.take().unwrap());
        let pids: Vec<u32> = (0..2)
            .map(|_| {
                let mut line = String::new();
                out.read_line(&mut line).unwrap();
                line.trim().parse().unwrap()
            })
            .collect();
        assert!(pids.iter().all(|&p| alive(p)), "{pids:?}");
        group.survey();
        group.end(&mut child);
        // Signalled before `end` returns: gone, or dead and waiting to be reaped.
        let until = std::time::Instant::now() + Duration::from_secs(2);
        while pids.iter().any(|&p| alive(p)) && std::time::Instant::now() < until {
            std::thread::sleep(Duration::from_millis(10));
        }
        assert!(!pids.iter().any(|&p| alive(p)), "left running: {pids:?}");
    }
}
