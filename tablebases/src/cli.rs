//! The arguments of `mancala tablebase ...` (with the `cli` feature), so that the binary only
//! dispatches and prints.

use clap::{Args, Subcommand};
use std::path::PathBuf;

/// The folder tables are read from and written to unless `--dir` says otherwise.
pub const DEFAULT_DIR: &str = "tables";

/// Which game: variant, width and rule options.
#[derive(Args, Debug, Clone)]
pub struct GameArgs {
    /// Variant id (kalah, oware, warri, kale, kpo; four-row removal games: mulabalaba, toka,
    /// kanotta, nchuba, nakabili, kabwanga, chisolo, natatu).
    pub variant: String,
    /// Pits a side (holes a row for the four-row games) [default: the variant's own: 6 for
    /// the two-row games; mulabalaba 6, toka 12, kanotta, nakabili and kabwanga 8, nchuba 16,
    /// chisolo 5, natatu 7; `probe` reads it from its position text].
    #[arg(long)]
    pub width: Option<usize>,
    /// Rule option name=value (repeatable); see the variant's docs.
    #[arg(long = "rule", value_name = "NAME=VALUE")]
    pub rules: Vec<String>,
}

/// `mancala tablebase <command>`.
#[derive(Subcommand, Debug, Clone)]
pub enum TablebaseCommand {
    /// Build every slice from 0 up to --max-stones seeds (finished slices are kept).
    Build {
        /// The game.
        #[command(flatten)]
        game: GameArgs,
        /// Build slices up to this many seeds on the board (four-row games: the seeds of both
        /// players together).
        #[arg(long)]
        max_stones: u32,
        /// Folder of the tables.
        #[arg(long, default_value = DEFAULT_DIR)]
        dir: PathBuf,
        /// Worker threads, 1..=256 (default: all cores, at most 256).
        #[arg(long)]
        threads: Option<usize>,
        /// Print one JSON object on stdout.
        #[arg(long)]
        json: bool,
    },
    /// The value of a position and of each of its moves, from the tables.
    Probe {
        /// The game.
        #[command(flatten)]
        game: GameArgs,
        /// Position text (default: the start position).
        #[arg(long)]
        position: Option<String>,
        /// Folder of the tables.
        #[arg(long, default_value = DEFAULT_DIR)]
        dir: PathBuf,
        /// Print one JSON object on stdout.
        #[arg(long)]
        json: bool,
    },
    /// The distribution of values over every position of one slice.
    Stats {
        /// The game.
        #[command(flatten)]
        game: GameArgs,
        /// Seeds on the board.
        #[arg(long)]
        stones: u32,
        /// Folder of the tables.
        #[arg(long, default_value = DEFAULT_DIR)]
        dir: PathBuf,
        /// Print one JSON object on stdout.
        #[arg(long)]
        json: bool,
    },
    /// Check every table of a folder: checksums, then every value from its successors.
    Verify {
        /// Folder of the tables.
        #[arg(long, default_value = DEFAULT_DIR)]
        dir: PathBuf,
        /// Print one JSON object on stdout.
        #[arg(long)]
        json: bool,
    },
    /// List the tables of a folder, each file checked whole: header, name and the checksum
    /// of its values (exit status 2 if one is refused; `verify` also re-derives every value).
    Info {
        /// Folder of the tables.
        #[arg(long, default_value = DEFAULT_DIR)]
        dir: PathBuf,
        /// Print one JSON object on stdout.
        #[arg(long)]
        json: bool,
    },
}
