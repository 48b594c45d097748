//! The command line's option values checked and made typed: threads, table sizes, memory,
//! time, phase, the search's [`Limits`] and the planner's [`Budget`]; a value out of range is
//! an [`Invalid`], whose text is the one-line error.

use crate::error::shorten;
use mancala_solver::any::{AnyGame, Setup};
use mancala_solver::search::Limits;
use mancala_solver::variant;
use mancala_solver::Budget;
use mancala_tablebases::tworow::plan;
use mancala_tablebases::Prefer;
use std::fmt;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// The most threads `--threads` takes (a thread count past the cores of any machine this
/// runs on only costs: every worker has its own stacks and search state).
pub const MAX_THREADS: usize = 256;

/// An option value refused, with what it expects.
#[derive(Clone, Debug, PartialEq)]
pub enum Invalid {
    /// `--tt-mb` outside 1..=65536.
    TtMb(usize),
    /// `--threads` outside 1..=[`MAX_THREADS`].
    Threads(usize),
    /// `--depth 0`.
    Depth0,
    /// `--time` not a positive number of seconds below 1e9.
    Time(f64),
    /// `--memory` not a size.
    Memory(String),
    /// `--phase` not a phase of an Isolo game.
    Phase(String),
    /// The thread pool could not start, and why.
    Pool(usize, String),
    /// `--method` not a prover.
    Method(String),
    /// An output path that may not be written, with why ([`crate::output::check`]).
    Output(String),
    /// A size past the memory this process may take: the option, its value as written, the
    /// most and what sets it ([`mancala_solver::budget::memory_ceiling`]).
    Ceiling(&'static str, String, u64, &'static str),
}

impl fmt::Display for Invalid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Invalid::TtMb(t) => write!(f, "invalid --tt-mb {t}: expected 1..65536"),
            Invalid::Threads(t) => write!(f, "invalid --threads {t}: expected 1..={MAX_THREADS}"),
            Invalid::Depth0 => write!(f, "invalid --depth 0: expected at least 1"),
            Invalid::Time(t) => {
                // 1e308 as written, not its 309 digits.
                let shown = if t.abs() < 1e9 || !t.is_finite() {
                    t.to_string()
                } else {
                    format!("{t:e}")
                };
                write!(
                    f,
                    "invalid --time {shown}: expected a positive number of seconds below 1e9"
                )
            }
            Invalid::Memory(m) => write!(
                f,
                "invalid --memory '{}': expected a size such as 512M or 8G (a plain number is MiB)",
                shorten(m)
            ),
            Invalid::Phase(p) => write!(
                f,
                "invalid --phase {p}: expected fore or main (isolo), setup or play (isolo-ii)"
            ),
            Invalid::Pool(n, why) => write!(f, "cannot start {n} threads: {why}"),
            Invalid::Method(m) => write!(
                f,
                "invalid --method '{}': expected auto, search, graph or proof",
                shorten(m)
            ),
            Invalid::Output(why) => write!(f, "{why}"),
            Invalid::Ceiling(option, value, most, what) => write!(
                f,
                "invalid {option} {}: more than the {} MiB this process may take ({what})",
                shorten(value),
                most >> 20
            ),
        }
    }
}

impl std::error::Error for Invalid {}

/// Refuses `bytes` of `option` (`value` as written) past the memory this process may take
/// ([`mancala_solver::budget::memory_ceiling`]): such a table or bound could not be
/// allocated, or would get the process ended by the system, after its work had begun.
pub fn within_memory(option: &'static str, value: &str, bytes: u64) -> Result<(), Invalid> {
    match mancala_solver::budget::memory_ceiling() {
        Some((most, what)) if bytes > most => {
            Err(Invalid::Ceiling(option, value.to_string(), most, what))
        }
        _ => Ok(()),
    }
}

/// The value of `--threads`: 1..=[`MAX_THREADS`]; by default the cores of this machine (at
/// most [`MAX_THREADS`]).
pub fn threads(t: Option<usize>) -> Result<usize, Invalid> {
    match t {
        Some(t) if !(1..=MAX_THREADS).contains(&t) => Err(Invalid::Threads(t)),
        Some(t) => Ok(t),
        None => Ok(std::thread::available_parallelism().map_or(1, |n| n.get().min(MAX_THREADS))),
    }
}

/// A pool of `threads` workers.
pub fn pool(threads: usize) -> Result<rayon::ThreadPool, Invalid> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| Invalid::Pool(threads, e.to_string()))
}

/// The value of an optional `--memory`: a size ([`memory`]) within what this process may
/// take ([`within_memory`]).
pub fn memory_within(text: Option<&str>) -> Result<Option<u64>, Invalid> {
    let checked = |t: &str| memory(t).and_then(|m| within_memory("--memory", t, m).map(|_| m));
    text.map(checked).transpose()
}

/// Parses `--memory`: a size with an optional binary unit (`512M`, `8G`, `1.5T`, `64K`), a
/// plain number being MiB.
pub fn memory(text: &str) -> Result<u64, Invalid> {
    let bad = || Invalid::Memory(text.to_string());
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

/// The table size `--tt-mb` defaults to ([`plan::default_tt_mb`] for a two-row root of
/// `seeds` on the board; the other families keep 256 MiB).
pub fn default_tt_mb(seeds: Option<u32>) -> usize {
    seeds.map_or(mancala_tablebases::plan::TT_MB, plan::default_tt_mb)
}

/// The value of `--phase`: one of the Isolo games' phases, or none.
pub fn phase(p: Option<&str>) -> Result<Option<&'static str>, Invalid> {
    p.map(|p| {
        let names = mancala_solver::isolo::PHASE_NAMES.iter();
        names
            .copied()
            .find(|n| *n == p)
            .ok_or_else(|| Invalid::Phase(p.to_string()))
    })
    .transpose()
}

/// The game and position the position options name (`--phase` as text).
pub fn setup(
    id: &str,
    size: variant::Size,
    phase_text: Option<&str>,
    rules: &[String],
    position: Option<&str>,
) -> Result<AnyGame, crate::error::Fail> {
    let size = variant::Size {
        phase: phase(phase_text)?,
        ..size
    };
    Ok(variant::setup(id, size, rules, position)?)
}

/// The game and position the position options name, of any number of players: kpo for
/// three or four when `players` is 3 or 4 ([`variant::setup_kpo_players`], from the width, seeds
/// and rules alone), else a two-player game of any family ([`setup`]).
pub fn setup_any(
    id: &str,
    size: variant::Size,
    players: Option<usize>,
    phase_text: Option<&str>,
    rules: &[String],
    position: Option<&str>,
) -> Result<Setup, crate::error::Fail> {
    match players.filter(|&p| p != 2) {
        Some(n) => variant::setup_kpo_players(id, n, size.width, size.seeds, rules, position)
            .map(|(g, pos)| Setup::KpoPlayers(Box::new(g), pos))
            .map_err(crate::error::Fail),
        None => setup(id, size, phase_text, rules, position).map(Setup::TwoPlayers),
    }
}

/// The options of the exact search as written (`solve`, `analyze`), checked once by
/// [`SearchText::parse`].
#[derive(Clone, Debug, Default)]
pub struct SearchText {
    /// `--threads`.
    pub threads: Option<usize>,
    /// `--tt-mb`.
    pub tt_mb: Option<usize>,
    /// `solve --depth`.
    pub depth: Option<u32>,
    /// `--tablebases`.
    pub tablebases: Option<PathBuf>,
    /// `--memory`, as written.
    pub memory: Option<String>,
    /// `--time`, seconds.
    pub time: Option<f64>,
    /// `--method`, as written.
    pub method: Option<String>,
    /// `solve --proof`: the file the certificate of a proven win or loss goes to.
    pub proof: Option<PathBuf>,
}

impl SearchText {
    /// The options checked and typed: a table size within 1..=65536 MiB, a thread count
    /// within 1..=256, a depth of at least 1, a time within (0, 1e9) seconds (its deadline
    /// counted from now), a memory size, a prover `solve` knows and a `--proof` file that
    /// may be written ([`crate::output::check`]).
    pub fn parse(&self) -> Result<Search, Invalid> {
        if let Some(tt_mb) = self.tt_mb.filter(|&t| t == 0 || t > 1 << 16) {
            return Err(Invalid::TtMb(tt_mb));
        }
        let threads = threads(self.threads)?;
        if self.depth == Some(0) {
            return Err(Invalid::Depth0);
        }
        let deadline = match self.time {
            Some(t) if !(t > 0.0 && t < 1e9) => return Err(Invalid::Time(t)),
            Some(t) => Some(Instant::now() + Duration::from_secs_f64(t)),
            None => None,
        };
        let method = match &self.method {
            None => None,
            Some(m) => Some(Prefer::from_name(m).ok_or_else(|| Invalid::Method(m.clone()))?),
        };
        let memory = memory_within(self.memory.as_deref())?;
        if let Some(t) = self.tt_mb {
            within_memory("--tt-mb", &t.to_string(), (t as u64) << 20)?;
        }
        if let Some(file) = &self.proof {
            crate::output::check("--proof", file, crate::output::Kind::File)
                .map_err(Invalid::Output)?;
        }
        Ok(Search {
            budget: Budget {
                threads,
                tt_mb: self.tt_mb,
                depth: self.depth,
                deadline,
                memory,
                tables: self.tablebases.clone(),
            },
            method,
            proof: self.proof.clone(),
        })
    }
}

/// The options of `solve` and `analyze`, checked and typed: what every family's planner may
/// spend, the prover asked for and the certificate's file; from the command line
/// ([`SearchText::parse`]) or a server's request ([`crate::solve::held_to`]).
#[derive(Clone, Debug)]
pub struct Search {
    /// What the solve may spend.
    pub budget: Budget,
    /// The prover asked for (`--method`); `None`: not given (auto).
    pub method: Option<Prefer>,
    /// `solve --proof`: the file the certificate of a proven win or loss goes to.
    pub proof: Option<PathBuf>,
}

impl Search {
    /// The plain options on `threads` threads: no limit, every default, no tables.
    pub fn new(threads: usize) -> Search {
        Search {
            budget: Budget::new(threads),
            method: None,
            proof: None,
        }
    }

    /// The limits of a search from a root with `seeds` on the board (two-row games; `None`
    /// for the other families, whose table keeps the plain default).
    pub fn limits(&self, seeds: Option<u32>) -> Limits {
        self.budget.limits(default_tt_mb(seeds))
    }

    /// The prover `--method` names (default `auto`).
    pub fn prefer(&self) -> Prefer {
        self.method.unwrap_or(Prefer::Auto)
    }

    /// True when a `solve` (not an `analyze`) is to be proved by the proof-number search:
    /// `--method proof`, or a `--proof` certificate asked for (the morris and Isolo games).
    pub fn by_proof(&self, every_move: bool) -> bool {
        !every_move && (self.prefer() == Prefer::Proof || self.proof.is_some())
    }
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

    /// Kpo for three and four players is set up where `--players` asks for it, any other
    /// game for two; the refusals are the game's own lines.
    #[test]
    fn setup_any_gives_each_game_its_family() {
        let size = || variant::Size::default();
        let any = |id: &str, players| setup_any(id, size(), players, None, &[], None);
        for players in [None, Some(2)] {
            assert!(matches!(any("kpo", players), Ok(Setup::TwoPlayers(_))));
        }
        for n in [3, 4] {
            let Ok(Setup::KpoPlayers(g, pos)) = any("kpo", Some(n)) else {
                panic!("kpo for {n} players")
            };
            assert_eq!(
                (g.players(), pos),
                (n, mancala_solver::nseat::SeatGame::start(&*g))
            );
        }
        let refused = |id, n| any(id, Some(n)).unwrap_err().0;
        assert!(refused("oware", 3).starts_with("--players 3: only kpo"));
        assert_eq!(
            refused("kpo", 5),
            "invalid --players 5 for kpo: expected 2, 3 or 4"
        );
    }

    #[test]
    fn memory_takes_binary_units_and_plain_mib() {
        assert_eq!(memory("512M"), Ok(512 << 20));
        assert_eq!(memory("8g"), Ok(8 << 30));
        assert_eq!(memory("1.5GiB"), Ok(3 << 29));
        assert_eq!(memory("64"), Ok(64 << 20));
        assert_eq!(memory("12Q"), Err(Invalid::Memory("12Q".into())));
        assert!(memory("-1G").is_err());
    }

    #[test]
    fn a_time_past_1e9_is_written_with_its_exponent() {
        let s = SearchText {
            time: Some(1e308),
            ..SearchText::default()
        };
        let e = s.parse().unwrap_err().to_string();
        assert_eq!(
            e,
            "invalid --time 1e308: expected a positive number of seconds below 1e9"
        );
    }
}
