//! What the reports share: the work [`Preset`], the Markdown [`Table`], writing a file, a
//! rate as text and the splice of a section into `advantage.md`.

use crate::engine::EngineSpec;
use mancala_solver::error::ConfigError;
use std::io;
use std::path::Path;

/// The play of the four-row part of a budget.
#[derive(Clone, Debug)]
pub struct FourPlay {
    /// The strong engine of the full-board self-play (a node budget, since the branching
    /// differs so much from one game to another).
    pub strong: &'static str,
    /// Its self-play games.
    pub strong_games: u32,
    /// Random-play games on the full board.
    pub random_games: u32,
    /// The engines of the ladder.
    pub ladder: &'static [&'static str],
    /// Games per pair of the ladder.
    pub ladder_games: u32,
}

/// How much work a report may do. The presets are named; the header of each report says
/// which one produced it.
#[derive(Clone, Debug)]
pub struct Preset {
    /// The preset's name.
    pub name: &'static str,
    /// Reduced boards: widths `1..=max_width` and seeds `1..=max_seeds` are tried.
    pub max_width: usize,
    /// See `max_width`.
    pub max_seeds: u32,
    /// Seconds one exact solve may take (its deadline); when it is not proven in time the
    /// larger sizes of its row and column are left out.
    pub solve_seconds: f64,
    /// Self-play games of each strong engine on the full-size board.
    pub strong_games: u32,
    /// The strong engines whose self-play measures the first player's advantage.
    pub strong: &'static [&'static str],
    /// Random-play games on the full-size board (the Ludii-style figure).
    pub random_games: u32,
    /// The engines of the strength ladder.
    pub ladder: &'static [&'static str],
    /// Engines added to the two-row ladders and ratings (`report strength --engine`), after
    /// the preset's own.
    pub engines: Vec<EngineSpec>,
    /// Games per pair of the ladder (both seat orders).
    pub ladder_games: u32,
    /// Tablebase positions on which each engine's errors are counted.
    pub error_positions: u32,
    /// Tablebases are built up to this many seeds on the board.
    pub tb_stones: u32,
    /// Bytes the solve planner's tables may take for one reduced board: the whole game is
    /// solved by retrograde analysis (tables up to its total seeds) when it fits.
    pub table_memory: u64,
    /// Threads for the solver and the matches.
    pub threads: usize,
    /// Four-row games: the reduced boards (width, seeds a full hole) whose start is solved.
    pub four_boards: &'static [(usize, u32)],
    /// Four-row games: the whole-graph retrograde analysis (plies to the end) is tried up to
    /// this many positions.
    pub four_graph: usize,
    /// Four-row games: play on the full board.
    pub four_play: FourPlay,
    /// The same for chisolo-ii and mwambulula, whose move generation is far slower (their
    /// re-sown captures can make sowings that cycle for millions of laps before they are
    /// found illegal: up to a second for one position's moves).
    pub four_play_slow: FourPlay,
    /// Four-row removal games: win/draw/loss tables on the standard board up to this many
    /// seeds, for the error counts.
    pub four_tb_stones: u32,
    /// Four-row games: tablebase positions on which each engine's errors are counted.
    pub four_error_positions: u32,
    /// The morris games: main-game tables and the start solved up to this many counters a
    /// side.
    pub morris_counters: u32,
    /// Seconds one morris start may take to solve (tables included).
    pub morris_seconds: f64,
    /// The morris games at full size: the engines whose self-play measures the first
    /// player's advantage (beside random play).
    pub morris_engines: &'static [&'static str],
    /// Self-play games of each (random play: ten times as many).
    pub morris_games: u32,
}

impl Preset {
    /// The engines of the two-row ladders and ratings: the preset's, then those added.
    pub fn two_row_ladder(&self) -> Vec<EngineSpec> {
        let own = self
            .ladder
            .iter()
            .map(|s| s.parse().expect("preset engines parse"));
        own.chain(self.engines.iter().cloned()).collect()
    }

    /// The preset `name`: `tiny` (CI, seconds), `small` (a minute or two), `medium` (the
    /// committed reports, several minutes on two cores).
    pub fn named(name: &str, threads: usize) -> Result<Preset, ConfigError> {
        match name {
            "tiny" => Ok(Preset::tiny(threads)),
            "small" => Ok(Preset::small(threads)),
            "medium" => Ok(Preset::medium(threads)),
            _ => Err(ConfigError(format!(
                "invalid budget '{name}': expected tiny, small or medium"
            ))),
        }
    }

    /// The CI preset: every report in seconds.
    fn tiny(threads: usize) -> Preset {
        Preset {
            name: "tiny",
            max_width: 3,
            max_seeds: 3,
            solve_seconds: 0.5,
            strong_games: 4,
            strong: &["alphabeta:depth=2"],
            random_games: 20,
            ladder: &["random", "greedy", "alphabeta:depth=2", "mcts:iters=30"],
            ladder_games: 2,
            engines: Vec::new(),
            error_positions: 10,
            tb_stones: 6,
            table_memory: 1 << 20,
            threads,
            four_boards: &[(2, 1), (3, 1)],
            four_graph: 500_000,
            four_play: FourPlay {
                strong: "alphabeta:nodes=100",
                strong_games: 2,
                random_games: 6,
                ladder: &["random", "greedy", "alphabeta:nodes=100"],
                ladder_games: 2,
            },
            four_play_slow: FourPlay {
                strong: "alphabeta:nodes=100",
                strong_games: 2,
                random_games: 6,
                ladder: &["random", "greedy", "alphabeta:nodes=100"],
                ladder_games: 2,
            },
            four_tb_stones: 3,
            four_error_positions: 10,
            morris_counters: 3,
            morris_seconds: 20.0,
            morris_engines: &["alphabeta:nodes=100", "mcts:iters=20"],
            morris_games: 2,
        }
    }

    /// A minute or two.
    fn small(threads: usize) -> Preset {
        Preset {
            name: "small",
            max_width: 6,
            max_seeds: 6,
            solve_seconds: 2.0,
            strong_games: 20,
            strong: &["alphabeta:depth=6", "mcts:iters=300"],
            random_games: 1000,
            ladder: &[
                "random",
                "greedy",
                "alphabeta:depth=2",
                "alphabeta:depth=4",
                "mcts:iters=300",
            ],
            ladder_games: 10,
            engines: Vec::new(),
            error_positions: 200,
            tb_stones: 8,
            table_memory: 64 << 20,
            threads,
            four_boards: &[(2, 1), (2, 2), (3, 1), (3, 2), (4, 1)],
            four_graph: 1_500_000,
            four_play: FourPlay {
                strong: "alphabeta:nodes=3000",
                strong_games: 20,
                random_games: 200,
                ladder: &[
                    "random",
                    "greedy",
                    "alphabeta:nodes=300",
                    "alphabeta:nodes=3000",
                    "mcts:iters=100",
                ],
                ladder_games: 6,
            },
            four_play_slow: FourPlay {
                strong: "alphabeta:nodes=100",
                strong_games: 4,
                random_games: 20,
                ladder: &["random", "greedy", "alphabeta:nodes=100"],
                ladder_games: 4,
            },
            four_tb_stones: 5,
            four_error_positions: 200,
            morris_counters: 3,
            morris_seconds: 60.0,
            morris_engines: &["alphabeta:nodes=2000", "mcts:iters=200"],
            morris_games: 20,
        }
    }

    /// The committed reports.
    fn medium(threads: usize) -> Preset {
        Preset {
            name: "medium",
            max_width: 6,
            max_seeds: 6,
            solve_seconds: 30.0,
            strong_games: 40,
            strong: &["alphabeta:depth=7", "mcts:iters=1000"],
            random_games: 4000,
            ladder: &[
                "random",
                "greedy",
                "alphabeta:depth=2",
                "alphabeta:depth=4",
                "alphabeta:depth=6",
                "mcts:iters=1000",
            ],
            ladder_games: 16,
            engines: Vec::new(),
            error_positions: 400,
            tb_stones: 10,
            table_memory: 2 << 30,
            threads,
            four_boards: &[
                (2, 1),
                (2, 2),
                (2, 3),
                (3, 1),
                (3, 2),
                (3, 3),
                (4, 1),
                (5, 1),
            ],
            four_graph: 3_000_000,
            four_play: FourPlay {
                strong: "alphabeta:nodes=10000",
                strong_games: 40,
                random_games: 1000,
                ladder: &[
                    "random",
                    "greedy",
                    "alphabeta:nodes=300",
                    "alphabeta:nodes=3000",
                    "alphabeta:nodes=10000",
                    "mcts:iters=300",
                ],
                ladder_games: 10,
            },
            four_play_slow: FourPlay {
                strong: "alphabeta:nodes=300",
                strong_games: 10,
                random_games: 100,
                ladder: &["random", "greedy", "alphabeta:nodes=300"],
                ladder_games: 6,
            },
            four_tb_stones: 6,
            four_error_positions: 400,
            morris_counters: 4,
            morris_seconds: 300.0,
            morris_engines: &["alphabeta:nodes=10000", "mcts:iters=1000"],
            morris_games: 100,
        }
    }

    /// The four-row play budget of `kind`.
    pub fn four_play_of(&self, kind: mancala_solver::fourrow::Kind) -> &FourPlay {
        if kind.removes() {
            &self.four_play
        } else {
            &self.four_play_slow
        }
    }

    /// A one-line description for report headers.
    pub fn describe(&self) -> String {
        format!(
            "budget `{}`: reduced boards up to width {} and {} seeds, {} s and {} MiB of tables a solve; {} self-play games of each strong engine, {} random games; ladder {} games a pair; {} tablebase positions up to {} seeds; four-row: {} reduced boards, graphs up to {} positions, {} self-play games of `{}`, {} random games, ladder {} games a pair (chisolo-ii and mwambulula: {} games of `{}`, {} random, ladder {} games a pair), {} positions of tables up to {} seeds; morris: tables and starts up to {} counters a side, {} s a start, {} self-play games of each of {}; {} threads",
            self.name,
            self.max_width,
            self.max_seeds,
            self.solve_seconds,
            self.table_memory >> 20,
            self.strong_games,
            self.random_games,
            self.ladder_games,
            self.error_positions,
            self.tb_stones,
            self.four_boards.len(),
            self.four_graph,
            self.four_play.strong_games,
            self.four_play.strong,
            self.four_play.random_games,
            self.four_play.ladder_games,
            self.four_play_slow.strong_games,
            self.four_play_slow.strong,
            self.four_play_slow.random_games,
            self.four_play_slow.ladder_games,
            self.four_error_positions,
            self.four_tb_stones,
            self.morris_counters,
            self.morris_seconds,
            self.morris_games,
            self.morris_engines.join(", "),
            self.threads
        )
    }
}

/// A table of text cells, written as Markdown or CSV.
#[derive(Clone, Debug, Default)]
pub struct Table {
    /// Column names.
    pub header: Vec<String>,
    /// Rows of cells.
    pub rows: Vec<Vec<String>>,
}

impl Table {
    /// A table with these column names.
    pub fn new(header: &[&str]) -> Table {
        Table {
            header: header.iter().map(|s| s.to_string()).collect(),
            rows: Vec::new(),
        }
    }

    /// A table with these column names, built elsewhere (headers that depend on the data).
    pub fn with_header(header: Vec<String>) -> Table {
        Table {
            header,
            rows: Vec::new(),
        }
    }

    /// Adds a row.
    pub fn push(&mut self, row: Vec<String>) {
        self.rows.push(row);
    }

    /// The table in Markdown (cells' `|` escaped).
    pub fn markdown(&self) -> String {
        let line = |cells: &[String]| {
            let c: Vec<String> = cells.iter().map(|c| c.replace('|', "\\|")).collect();
            format!("| {} |\n", c.join(" | "))
        };
        let mut s = line(&self.header);
        s += &format!("|{}\n", " --- |".repeat(self.header.len()));
        for r in &self.rows {
            s += &line(r);
        }
        s
    }

    /// The table in CSV (RFC 4180 quoting).
    pub fn csv(&self) -> String {
        let line = |cells: &[String]| {
            let c: Vec<String> = cells
                .iter()
                .map(|c| {
                    if c.contains([',', '"', '\n']) {
                        format!("\"{}\"", c.replace('"', "\"\""))
                    } else {
                        c.clone()
                    }
                })
                .collect();
            c.join(",") + "\n"
        };
        let mut s = line(&self.header);
        for r in &self.rows {
            s += &line(r);
        }
        s
    }
}

/// Writes `contents` to `dir/name` whole ([`crate::output::write_whole`]), creating `dir`.
pub fn write(dir: &Path, name: &str, contents: &str) -> io::Result<()> {
    std::fs::create_dir_all(dir)?;
    crate::output::write_whole("--out", &dir.join(name), contents.as_bytes())
        .map_err(io::Error::other)
}

/// The files a report writes beside its Markdown (CSV data, SVG charts), by name: printed
/// from the report's data first, so that writing them is one step at the end.
#[derive(Clone, Debug, Default)]
pub struct Files(pub Vec<(String, String)>);

impl Files {
    /// Adds the file `name` with `contents`.
    pub fn add(&mut self, name: impl Into<String>, contents: String) {
        self.0.push((name.into(), contents));
    }

    /// Adds every file of `other` after these.
    pub fn extend(&mut self, other: Files) {
        self.0.extend(other.0);
    }

    /// Writes every file into `out`, in the order they were added.
    pub fn write(&self, out: &Path) -> io::Result<()> {
        self.0
            .iter()
            .try_for_each(|(name, text)| write(out, name, text))
    }
}

/// A rate and its interval as `p% [lo–hi]`.
pub fn pct(r: &crate::stats::Rate) -> String {
    format!(
        "{:.1}% [{:.1}–{:.1}]",
        100.0 * r.p,
        100.0 * r.lo,
        100.0 * r.hi
    )
}

/// A share as a percentage with one decimal: `33.8%`.
pub(super) fn percent(share: f64) -> String {
    format!("{:.1}%", 100.0 * share)
}

/// A figure and its interval as three CSV cells with four decimals.
pub(super) fn interval_csv(value: f64, lo: f64, hi: f64) -> [String; 3] {
    [value, lo, hi].map(|x| format!("{x:.4}"))
}

/// `s` when `n` is not one: the plural ending of a count.
pub(super) fn plural<T: PartialEq + From<u8>>(n: T) -> &'static str {
    if n == T::from(1) {
        ""
    } else {
        "s"
    }
}

/// `text` as inline code, or empty when there is no text (an empty cell, not two backticks).
pub(super) fn code_or_empty(text: &str) -> String {
    if text.is_empty() {
        String::new()
    } else {
        format!("`{text}`")
    }
}

/// An optional figure as a cell: empty when absent.
pub(super) fn or_empty<T: std::fmt::Display>(x: Option<T>) -> String {
    x.map_or(String::new(), |v| v.to_string())
}

/// `n` cells of `?`, for the figures of a board that could not be computed.
pub(super) fn unknown(n: usize) -> impl Iterator<Item = String> {
    (0..n).map(|_| "?".to_string())
}

/// A rules or setup error as an I/O error (invalid input), for the reports' `io::Result`s.
pub(super) fn invalid(e: impl std::fmt::Display) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidInput, e.to_string())
}

/// "Three" or "Four": the headings of the sections by number of players.
pub(super) fn players_word(players: usize) -> &'static str {
    if players == 3 {
        "Three"
    } else {
        "Four"
    }
}

/// How many boards are proven and how many of them the first player wins, draws, loses.
pub(super) fn proven_counts(wins: usize, draws: usize, losses: usize) -> String {
    format!(
        "{} boards proven: the first player wins {wins}, draws {draws}, loses {losses}",
        wins + draws + losses
    )
}

/// Replaces the section between `begin` and `end` in `out/advantage.md` by `new` (markers
/// included in it), or puts it before "## Every variant" when the report has none yet: what
/// `mancala report <command>` does for a section written alone.
pub fn splice(out: &Path, begin: &str, end: &str, new: &str, command: &str) -> io::Result<()> {
    let path = out.join("advantage.md");
    let old = std::fs::read_to_string(&path).map_err(|e| {
        io::Error::new(
            e.kind(),
            format!(
                "{}: {e} (`mancala report {command}` rewrites a section of an existing report; run `mancala report advantage` first)",
                path.display()
            ),
        )
    })?;
    let text = match (old.find(begin), old.find(end)) {
        (Some(a), Some(b)) if a < b => {
            let b = b + end.len() + old[b + end.len()..].starts_with('\n') as usize;
            format!("{}{new}{}", &old[..a], &old[b..])
        }
        _ => match old.find("## Every variant") {
            Some(i) => format!("{}{new}\n{}", &old[..i], &old[i..]),
            None => format!("{old}\n{new}"),
        },
    };
    write(out, "advantage.md", &text)
}
