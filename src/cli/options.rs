//! The options shared by the commands (`Common`, `SearchOpts`), their checks, the game
//! and position they name, and the progress spinners.

use crate::{shorten, Fail};
use clap::Args;
use mancala_solver::search::Limits;
use mancala_solver::variant::{self, AnyGame};
use mancala_solver::{Game, TwoRow};
use std::time::Instant;

/// Options every position command takes.
#[derive(Args)]
pub(crate) struct Common {
    /// Variant id (see `mancala variants`).
    pub(crate) variant: String,
    /// Pits a side (holes a row for the four-row games) [default: read from --position when
    /// given, else the variant's own: 6 for the two-row games; mulabalaba 6, toka 12,
    /// kanotta, nakabili, kabwanga and mwambulula 8, nchuba 16, chisolo and chisolo-ii 5,
    /// natatu 7].
    #[arg(long)]
    pub(crate) width: Option<usize>,
    /// Seeds a pit at the start [default: 4 for the two-row games; 2 for the four-row games
    /// but chisolo, chisolo-ii and natatu, 3] (each variant's start pattern scales with it).
    #[arg(long)]
    pub(crate) seeds: Option<u32>,
    /// Rule option name=value (repeatable); see the variant's docs.
    #[arg(long = "rule", value_name = "NAME=VALUE")]
    pub(crate) rules: Vec<String>,
    /// Position text (default: the start position).
    #[arg(long)]
    pub(crate) position: Option<String>,
    /// Print one JSON object on stdout.
    #[arg(long)]
    pub(crate) json: bool,
    /// Players: 2 (default), or 3 or 4 for kpo (docs/variants/kpo-players.md).
    #[arg(long)]
    pub(crate) players: Option<usize>,
    /// Counters a side, 3..=12, for the morris games [default: 12, nine-mens-morris 9].
    #[arg(long)]
    pub(crate) counters: Option<u32>,
    /// isolo: store seeds each player may take in the fore-play, 0..=65535 [default:
    /// unlimited].
    #[arg(long)]
    pub(crate) store: Option<u32>,
    /// isolo-ii: the most seeds an arrangement puts in one hole [default: 12].
    #[arg(long)]
    pub(crate) max_hole: Option<u32>,
    /// The phase an Isolo game starts in: isolo `fore` (default) or `main`, isolo-ii `setup`
    /// (default) or `play` (`--seeds` in every hole).
    #[arg(long)]
    pub(crate) phase: Option<String>,
}

/// Options of the exact search.
#[derive(Args)]
pub(crate) struct SearchOpts {
    /// Search threads, 1..=256 (default: all cores, at most 256).
    #[arg(long)]
    pub(crate) threads: Option<usize>,
    /// Transposition table size in MiB, 1..=65536 [default: 256; two-row games: 64 at 36
    /// seeds on the board, doubled for every 3 more and halved for every 3 fewer, 16..2048]. Four-row `solve`: the count of plies
    /// that follows the search keeps to the same memory once the search's table is freed:
    /// the whole reachable graph (160 bytes a position, at most 3,000,000 positions), else a
    /// depth-limited search (128 bytes a memo entry); past both, "plies" is null and
    /// "plies_stopped" says why.
    #[arg(long)]
    pub(crate) tt_mb: Option<usize>,
    /// Set from `solve --depth` (analyze gives exact values only).
    #[arg(skip)]
    pub(crate) depth: Option<u32>,
    /// A folder of endgame tables. Two-row games: a cache: the tables found there are
    /// probed, and tables the plan builds (every slice up to the position's seeds, when they
    /// fit in --memory) are written there and reused by later calls (without it they are
    /// built in memory and dropped). Four-row removal games: the win/draw/loss tables that
    /// `mancala tablebase build` wrote there are probed. Morris games: the main-game tables,
    /// read there and, up to 200 million entries, built there (without it, in a temporary
    /// folder).
    #[arg(long, value_name = "DIR")]
    pub(crate) tablebases: Option<std::path::PathBuf>,
    /// Two-row games: memory the endgame tables may take, e.g. 512M, 8G (a plain number is
    /// MiB) [default: half the machine's memory]. The whole game is solved by retrograde
    /// analysis when every position with up to the position's seeds fits. Isolo games: the
    /// memory of the whole reachable graph (320 bytes a position) [default: 4G], and past it
    /// of the distance search's memo (320 bytes an entry).
    #[arg(long, value_name = "SIZE")]
    pub(crate) memory: Option<String>,
    /// Stop after this many seconds (below 1e9), every phase (table builds included):
    /// `solve` then reports the last finished search iteration with "exact": false (and an
    /// empty principal variation) unless the value was already proven; `analyze` gives the
    /// moves proven in time and "not proven" (null) for the others. Four-row `solve`: the
    /// count of plies after the search stops too ("plies": null, "plies_stopped": "time
    /// limit").
    #[arg(long, value_name = "SECONDS")]
    pub(crate) time: Option<f64>,
}

impl SearchOpts {
    /// The limits of a search from a root with `seeds` on the board (two-row games; `None`
    /// for four-row games, whose table keeps the plain default).
    pub(crate) fn limits(&self, seeds: Option<u32>) -> Result<Limits, Fail> {
        let tt_mb = self.tt_mb.unwrap_or_else(|| default_tt_mb(seeds));
        if tt_mb == 0 || tt_mb > 1 << 16 {
            return Err(Fail(format!("invalid --tt-mb {tt_mb}: expected 1..65536")));
        }
        let threads = threads_or_all(self.threads)?;
        if self.depth == Some(0) {
            return Err(Fail("invalid --depth 0: expected at least 1".into()));
        }
        let deadline = match self.time {
            Some(t) if !(t > 0.0 && t < 1e9) => {
                // 1e308 as written, not its 309 digits.
                let shown = if t.abs() < 1e9 || !t.is_finite() {
                    t.to_string()
                } else {
                    format!("{t:e}")
                };
                return Err(Fail(format!(
                    "invalid --time {shown}: expected a positive number of seconds below 1e9"
                )));
            }
            Some(t) => Some(std::time::Instant::now() + std::time::Duration::from_secs_f64(t)),
            None => None,
        };
        Ok(Limits {
            depth: self.depth,
            threads,
            tt_mb,
            deadline,
        })
    }
}

/// The seeds on the board of a two-row position (what the search can still win or lose).
pub(crate) fn board_seeds(g: &TwoRow, pos: &<TwoRow as Game>::Position) -> u32 {
    mancala_solver::MarginGame::future_bound(g, pos) as u32
}

/// The table size `--tt-mb` defaults to ([`mancala_tablebases::plan::default_tt_mb`]; the
/// four-row games keep 256 MiB).
pub(crate) fn default_tt_mb(seeds: Option<u32>) -> usize {
    seeds.map_or(256, mancala_tablebases::plan::default_tt_mb)
}

/// Parses `--memory`: a size with an optional binary unit (`512M`, `8G`, `1.5T`, `64K`), a
/// plain number being MiB.
pub(crate) fn parse_memory(text: &str) -> Result<u64, Fail> {
    let bad = || {
        Fail(format!(
            "invalid --memory '{}': expected a size such as 512M or 8G (a plain number is MiB)",
            shorten(text)
        ))
    };
    let t = text.trim();
    let (num, unit) = match t.char_indices().find(|(_, c)| c.is_ascii_alphabetic()) {
        Some((i, _)) => (&t[..i], &t[i..]),
        None => (t, "M"),
    };
    let shift = match unit
        .to_ascii_uppercase()
        .trim_end_matches("IB")
        .trim_end_matches('B')
    {
        "K" => 10,
        "M" => 20,
        "G" => 30,
        "T" => 40,
        _ => return Err(bad()),
    };
    let x: f64 = num.trim().parse().map_err(|_| bad())?;
    let bytes = x * (1u64 << shift) as f64;
    if !(bytes.is_finite() && bytes >= 0.0 && bytes < 2f64.powi(60)) {
        return Err(bad());
    }
    Ok(bytes as u64)
}

/// Builds the rules (of any family) and the position from the common options.
pub(crate) fn setup_any(c: &Common) -> Result<AnyGame, Fail> {
    let phase = match c.phase.as_deref() {
        None => None,
        Some(p) => Some(
            mancala_solver::isolo::PHASE_NAMES
                .iter()
                .copied()
                .find(|n| *n == p)
                .ok_or_else(|| {
                    Fail(format!(
                        "invalid --phase {p}: expected fore or main (isolo), setup or play (isolo-ii)"
                    ))
                })?,
        ),
    };
    let size = variant::Size {
        width: c.width,
        seeds: c.seeds,
        counters: c.counters,
        store: c.store,
        max_hole: c.max_hole,
        phase,
    };
    Ok(variant::setup(
        &c.variant,
        size,
        &c.rules,
        c.position.as_deref(),
    )?)
}

/// Builds the two-row rules and the position from the common options (a caller that has
/// seen the variant is a two-row one).
pub(crate) fn setup(c: &Common) -> Result<(TwoRow, mancala_solver::TwoRowPos), Fail> {
    match setup_any(c)? {
        AnyGame::Two(g, pos) => Ok((*g, pos)),
        AnyGame::Four(..) | AnyGame::Morris(..) | AnyGame::Isolo(..) => Err(Fail(format!(
            "{}: a four-row variant where a two-row one is needed",
            c.variant
        ))),
    }
}

/// A spinner on stderr (hidden when stderr is not a terminal).
pub(crate) fn spinner() -> indicatif::ProgressBar {
    let pb = indicatif::ProgressBar::new_spinner();
    pb.set_draw_target(indicatif::ProgressDrawTarget::stderr());
    pb.enable_steady_tick(std::time::Duration::from_millis(200));
    pb
}

/// The planner's budget from the search options, for a position with `seeds` on the board.
pub(crate) fn plan_budget(
    s: &SearchOpts,
    seeds: u32,
) -> Result<mancala_tablebases::plan::Budget, Fail> {
    let limits = s.limits(Some(seeds))?;
    let memory = match &s.memory {
        Some(m) => parse_memory(m)?,
        None => mancala_tablebases::plan::default_memory(),
    };
    Ok(mancala_tablebases::plan::Budget {
        memory,
        threads: limits.threads,
        tt_mb: s.tt_mb.map(|_| limits.tt_mb),
        depth: limits.depth,
        deadline: limits.deadline,
        cache: s.tablebases.clone(),
    })
}

/// Rounds a rate for display: three significant figures, at most one decimal.
pub(crate) fn rate(count: u64, secs: f64) -> String {
    let r = count as f64 / secs.max(1e-9);
    if r >= 1e6 {
        format!("{:.1} M", r / 1e6)
    } else if r >= 1e3 {
        format!("{:.1} k", r / 1e3)
    } else {
        format!("{r:.0} ")
    }
}

/// A spinner naming the planner's phase, and the callback that feeds it.
pub(crate) fn plan_spinner() -> (
    indicatif::ProgressBar,
    impl FnMut(mancala_tablebases::plan::Step) + Send,
) {
    use mancala_tablebases::plan::Step;
    let pb = spinner();
    let bar = pb.clone();
    let mut t0 = Instant::now();
    let mut last_phase = None;
    let on = move |step: Step| {
        let phase = match step {
            Step::Search { tables_to, .. } => (0, tables_to.unwrap_or(u32::MAX)),
            Step::Build { stones, .. } => (1, stones),
        };
        if last_phase != Some(phase) {
            last_phase = Some(phase);
            t0 = Instant::now();
        }
        let secs = t0.elapsed().as_secs_f64();
        let msg = match step {
            Step::Search {
                tables_to,
                progress: p,
            } => {
                let with =
                    tables_to.map_or(String::new(), |k| format!(" with tables to {k} stones"));
                let bounds = if p.lower <= p.upper {
                    format!("  future in [{}, {}]", p.lower, p.upper)
                } else {
                    String::new()
                };
                format!(
                    "search{with}: depth {}{bounds}  {:.1} M nodes  {}nodes/s",
                    p.depth,
                    p.nodes as f64 / 1e6,
                    rate(p.nodes, secs)
                )
            }
            Step::Build {
                stones,
                last,
                done,
                positions,
            } => format!(
                "building tables: slice {stones} of 0..={last}  {:.0}% of {positions} positions",
                100.0 * done as f64 / positions.max(1) as f64
            ),
        };
        bar.set_message(msg);
    };
    (pb, on)
}

/// The most threads `--threads` takes (a thread count past the cores of any machine this
/// runs on only costs: every worker has its own stacks and search state).
pub(crate) const MAX_THREADS: usize = 256;

/// The value of `--threads`: 1..=[`MAX_THREADS`]; by default the cores of this machine (at
/// most [`MAX_THREADS`]).
pub(crate) fn threads_or_all(t: Option<usize>) -> Result<usize, Fail> {
    match t {
        Some(t) if !(1..=MAX_THREADS).contains(&t) => Err(Fail(format!(
            "invalid --threads {t}: expected 1..={MAX_THREADS}"
        ))),
        Some(t) => Ok(t),
        None => Ok(std::thread::available_parallelism().map_or(1, |n| n.get().min(MAX_THREADS))),
    }
}

pub(crate) fn pool(threads: usize) -> Result<rayon::ThreadPool, Fail> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| Fail(format!("cannot start {threads} threads: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_table_grows_with_the_seeds() {
        let sizes: Vec<usize> = [
            None,
            Some(0),
            Some(36),
            Some(41),
            Some(42),
            Some(48),
            Some(54),
        ]
        .into_iter()
        .chain([Some(60), Some(255)])
        .map(default_tt_mb)
        .collect();
        assert_eq!(sizes, [256, 16, 64, 128, 256, 1024, 2048, 2048, 2048]);
    }
}
