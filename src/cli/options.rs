//! The options shared by the commands (`Common`, `SearchOpts`) and the game and position
//! they name; `mancala_analysis::args` checks their values.

use clap::Args;
use mancala_analysis::args::{self, SearchText};
use mancala_analysis::error::Fail;
use mancala_solver::any::Setup;
use mancala_solver::variant::Size;
use std::path::PathBuf;

/// Which game: the variant, its size and its rule options; `S` is the `--seeds` option
/// ([`Seeds`]), or none for the tablebase commands, whose tables hold every count of seeds.
#[derive(Args, Debug, Clone)]
pub(crate) struct GameArgs<S: Args> {
    /// Variant id (see `mancala variants`).
    pub(crate) variant: String,
    /// Pits a side (holes a row for the four-row games) [default: read from the position text
    /// when one is given, else the variant's own: 6 for the two-row games; mulabalaba 6, toka 12,
    /// kanotta, nakabili, kabwanga and mwambulula 8, nchuba 16, chisolo and chisolo-ii 5,
    /// natatu 7].
    #[arg(long)]
    pub(crate) width: Option<usize>,
    #[command(flatten)]
    pub(crate) seeds: S,
    /// Rule option name=value (repeatable); see the variant's docs.
    #[arg(long = "rule", value_name = "NAME=VALUE")]
    pub(crate) rules: Vec<String>,
    /// Counters a side, 3..=12, for the morris games [default: 12, nine-mens-morris 9]
    /// (`tablebase build`: every main-game position with at most this many).
    #[arg(long)]
    pub(crate) counters: Option<u32>,
}

/// The `--seeds` option of a game.
#[derive(Args, Debug, Clone)]
pub(crate) struct Seeds {
    /// Seeds a pit at the start [default: 4 for the two-row games; 2 for the four-row games
    /// but chisolo, chisolo-ii and natatu, 3] (each variant's start pattern scales with it).
    #[arg(long)]
    pub(crate) seeds: Option<u32>,
}

/// No `--seeds` option.
#[derive(Args, Debug, Clone)]
pub(crate) struct NoSeeds {}

impl GameArgs<Seeds> {
    /// The size options, with the Isolo games' `store` and `max_hole`.
    pub(crate) fn size(&self, store: Option<u32>, max_hole: Option<u32>) -> Size {
        let (width, seeds, counters) = (self.width, self.seeds.seeds, self.counters);
        let phase = None;
        Size {
            width,
            seeds,
            counters,
            store,
            max_hole,
            phase,
        }
    }
}

/// Options every position command takes.
#[derive(Args)]
pub(crate) struct Common {
    #[command(flatten)]
    pub(crate) game: GameArgs<Seeds>,
    /// Position text (default: the start position).
    #[arg(long)]
    pub(crate) position: Option<String>,
    /// Print one JSON object on stdout.
    #[arg(long)]
    pub(crate) json: bool,
    /// Players: 2 (default), or 3 or 4 for kpo (docs/variants/kpo-players.md).
    #[arg(long)]
    pub(crate) players: Option<usize>,
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

impl Common {
    /// The game (of any family, kpo for three and four players too) and position named.
    pub(crate) fn setup(&self) -> Result<Setup, Fail> {
        let (g, size) = (&self.game, self.game.size(self.store, self.max_hole));
        let (phase, position) = (self.phase.as_deref(), self.position.as_deref());
        args::setup_any(&g.variant, size, self.players, phase, &g.rules, position)
    }
}

/// Options of the exact search.
#[derive(Args)]
pub(crate) struct SearchOpts {
    /// Search threads, 1..=256 (default: all cores, at most 256).
    #[arg(long)]
    pub(crate) threads: Option<usize>,
    /// Transposition table size in MiB, 1..=65536 [default: 256; two-row games: by the seeds,
    /// 16..2048] (docs/SOLVER.md, "The options").
    #[arg(long)]
    pub(crate) tt_mb: Option<usize>,
    /// A folder of endgame tables: two-row games' cache, four-row games' win/draw/loss
    /// tables, morris games' main-game tables (docs/SOLVER.md, "The options").
    #[arg(long, value_name = "DIR")]
    pub(crate) tablebases: Option<PathBuf>,
    /// Memory a solve may hold, e.g. 512M, 8G (a plain number is MiB); what it bounds and its
    /// default in each family: docs/SOLVER.md, "Memory".
    #[arg(long, value_name = "SIZE")]
    pub(crate) memory: Option<String>,
    /// Stop after this many seconds (below 1e9), every phase: the value found so far, with
    /// "exact": false (docs/SOLVER.md, "The options").
    #[arg(long, value_name = "SECONDS")]
    pub(crate) time: Option<f64>,
    /// The prover: auto (default), search, graph or proof (docs/SOLVER.md, "The options").
    #[arg(long, value_name = "METHOD")]
    pub(crate) method: Option<String>,
}

impl SearchOpts {
    /// The options as written, with `solve`'s `--depth` and `--proof`, for the library to check.
    pub(crate) fn lib(&self, depth: Option<u32>, proof: &Option<PathBuf>) -> SearchText {
        SearchText {
            threads: self.threads,
            tt_mb: self.tt_mb,
            depth,
            tablebases: self.tablebases.clone(),
            memory: self.memory.clone(),
            time: self.time,
            method: self.method.clone(),
            proof: proof.clone(),
        }
    }
}
