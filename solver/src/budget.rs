//! What a solve may spend, in every family: one typed budget that the command line and the
//! server build once from their options, and that each family's planner reads (the planners
//! live in the tables crate, whose `plan` module holds their contract and defaults).

use crate::search::Limits;
use std::path::PathBuf;
use std::time::Instant;

/// What a solve may spend. A bound a family does not take stays `None`, and each family
/// reads its own default for what is `None`.
#[derive(Clone, Debug)]
pub struct Budget {
    /// Search and build threads (at least 1).
    pub threads: usize,
    /// The search's transposition table, MiB; `None`: the family's default.
    pub tt_mb: Option<usize>,
    /// A depth limit (plies, at least 1): the search alone, a heuristic value.
    pub depth: Option<u32>,
    /// Stop every phase at this instant.
    pub deadline: Option<Instant>,
    /// Bytes the tables, graphs or proof table may take; `None`: the family's default.
    pub memory: Option<u64>,
    /// A folder of endgame tables (for the two-row planner, where they are also built).
    pub tables: Option<PathBuf>,
}

impl Budget {
    /// No bound but `threads` threads: every default, no tables.
    pub fn new(threads: usize) -> Budget {
        Budget {
            threads,
            tt_mb: None,
            depth: None,
            deadline: None,
            memory: None,
            tables: None,
        }
    }

    /// The alpha-beta search's limits, with a table of `default_tt_mb` MiB unless one is given.
    pub fn limits(&self, default_tt_mb: usize) -> Limits {
        Limits {
            depth: self.depth,
            threads: self.threads,
            tt_mb: self.tt_mb.unwrap_or(default_tt_mb),
            deadline: self.deadline,
        }
    }
}

/// Half of the memory this process may take ([`memory_ceiling`]; at least 256 MiB); 4 GiB
/// where it cannot be read: what the two-row planner's tables may take by default.
pub fn default_memory() -> u64 {
    memory_ceiling().map_or(4 << 30, |(m, _)| (m / 2).max(256 << 20))
}

/// The most memory this process may take, and what sets it: the machine's physical memory,
/// its control group's limit (`memory.max`, Linux) or its address-space or data limit
/// (`ulimit -v`, `ulimit -d`), whichever is least; `None` where none can be read. A table or
/// a bound larger than this is refused before it is allocated: past it the allocation would
/// fail, or the system end the process.
pub fn memory_ceiling() -> Option<(u64, &'static str)> {
    [
        physical_memory().map(|m| (m, "the machine's memory")),
        cgroup_limit().map(|m| (m, "the control group's memory limit")),
        rlimit().map(|m| (m, "the process's memory limit (ulimit)")),
    ]
    .into_iter()
    .flatten()
    .min_by_key(|&(m, _)| m)
}

/// The least `memory.max` of this process's control group and those above it (cgroup v2),
/// or the v1 memory controller's limit.
#[cfg(target_os = "linux")]
fn cgroup_limit() -> Option<u64> {
    let read = |p: &str| std::fs::read_to_string(p).ok()?.trim().parse::<u64>().ok();
    let groups = std::fs::read_to_string("/proc/self/cgroup").ok()?;
    let mut least = None::<u64>;
    if let Some(path) = groups.lines().find_map(|l| l.strip_prefix("0::")) {
        let mut dir = std::path::PathBuf::from("/sys/fs/cgroup").join(path.trim_start_matches('/'));
        loop {
            if let Some(m) = read(&dir.join("memory.max").to_string_lossy()) {
                least = Some(least.map_or(m, |l| l.min(m)));
            }
            if !dir.pop() || !dir.starts_with("/sys/fs/cgroup") {
                break;
            }
        }
    }
    // cgroup v1 writes a number near 2^63 for "no limit".
    let v1 = read("/sys/fs/cgroup/memory/memory.limit_in_bytes").filter(|&m| m < 1 << 60);
    match (least, v1) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

#[cfg(not(target_os = "linux"))]
fn cgroup_limit() -> Option<u64> {
    None
}

/// The soft address-space and data-segment limits, the lesser, where one is set.
#[cfg(unix)]
// `rlim_t` is u64 on Linux, and another width on some other systems.
#[allow(clippy::unnecessary_cast)]
fn rlimit() -> Option<u64> {
    let soft = |resource| {
        let mut r = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: getrlimit writes one `rlimit` into the struct it is given, which lives
        // across the call.
        let ok = unsafe { libc::getrlimit(resource, &mut r) } == 0;
        (ok && r.rlim_cur != libc::RLIM_INFINITY).then_some(r.rlim_cur as u64)
    };
    [soft(libc::RLIMIT_AS), soft(libc::RLIMIT_DATA)]
        .into_iter()
        .flatten()
        .min()
}

#[cfg(not(unix))]
fn rlimit() -> Option<u64> {
    None
}

#[cfg(target_os = "linux")]
fn physical_memory() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

#[cfg(not(target_os = "linux"))]
fn physical_memory() -> Option<u64> {
    None
}
