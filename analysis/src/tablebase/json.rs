//! The `--json` shapes of `tablebase build|probe|stats|verify|info`, every family with tables.

use crate::shape::{ByName, Start};
use crate::solve::json::WdlPlies;
use mancala_solver::wdl::Wdl;
use mancala_solver::{FourRow, Notation, TwoRow};
use mancala_tablebases::tworow::Probe;
use mancala_tablebases::FileInfo;
use mancala_tablebases::GameId;
use serde::Serialize;
use std::collections::BTreeMap;
use std::path::Path;

/// `tablebase probe --json` of a two-row game.
#[derive(Serialize)]
pub struct TableProbe {
    /// The variant and position.
    #[serde(flatten)]
    pub at: Start,
    /// Seeds on the board.
    pub stones: u32,
    /// The value (final seed difference).
    pub value: i32,
    /// What is still to be won.
    pub future: i32,
    /// Each move's value.
    pub moves: ByName<i32>,
    /// The moves that keep the value.
    pub best_moves: Vec<String>,
}

impl TableProbe {
    /// The probe `p` of `pos`.
    pub fn new(g: &TwoRow, pos: &mancala_solver::TwoRowPos, p: &Probe) -> TableProbe {
        TableProbe {
            at: Start::new(g, pos),
            stones: pos.pits().sum_first(2 * g.width()),
            value: p.value,
            future: p.future,
            moves: p.moves.iter().cloned().collect(),
            best_moves: p
                .moves
                .iter()
                .filter(|(_, v)| *v == p.value)
                .map(|(m, _)| m.clone())
                .collect(),
        }
    }
}

/// One slice of `tablebase build --json` (two-row).
#[derive(Serialize)]
pub struct BuiltSlice {
    /// Seeds on the board.
    pub stones: u32,
    /// Positions.
    pub positions: u64,
    /// True when the file was there already and kept.
    pub skipped: bool,
    /// Seconds.
    pub seconds: f64,
    /// Position evaluations of the build.
    pub evaluations: u64,
    /// The file's name.
    pub file: Option<String>,
    /// What the ranks exchanged (`--distributed` builds of a slice not kept).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exchange: Option<Exchange>,
}

/// What the ranks of a distributed build exchanged and held for one slice (or one unit of
/// the four-row and morris builders), each list indexed by rank: every byte of the
/// all-to-all exchanges a rank sent to or received from another (requests, answers, marks,
/// notifications, the values gathered for the file); the few words of the reductions that
/// decide the passes are left out.
#[derive(Serialize)]
pub struct Exchange {
    /// Entries of `sent_by_pass`: one a pass (two-row), a potential level (kalah), or one
    /// for the whole unit (four-row, morris).
    pub passes: usize,
    /// Bytes each rank sent, all passes together.
    pub sent: Vec<u64>,
    /// Bytes each rank received, all passes together.
    pub received: Vec<u64>,
    /// Each pass: the bytes each rank sent.
    pub sent_by_pass: Vec<Vec<u64>>,
    /// Bytes of values and bitmaps each rank held for the slice: its shares of the finished
    /// slices and its working arrays of this one.
    pub held: Vec<u64>,
    /// Each rank's peak resident memory so far (`VmHWM`; 0 where the system does not say).
    pub peak_rss: Vec<u64>,
}

impl Exchange {
    /// The exchanges of a slice, `None` when there were none.
    pub fn of(
        log: &[mancala_tablebases::driver::PassBytes],
        memory: &mancala_tablebases::driver::RankMemory,
    ) -> Option<Exchange> {
        let ranks = log.first()?.sent.len();
        let total = |f: fn(&mancala_tablebases::driver::PassBytes) -> &Vec<u64>| {
            (0..ranks)
                .map(|r| log.iter().map(|p| f(p)[r]).sum())
                .collect()
        };
        Some(Exchange {
            passes: log.len(),
            sent: total(|p| &p.sent),
            received: total(|p| &p.received),
            sent_by_pass: log.iter().map(|p| p.sent.clone()).collect(),
            held: memory.held.clone(),
            peak_rss: memory.peak_rss.clone(),
        })
    }
}

/// What every `tablebase build` shape says of the build: the game, the folder, the
/// threads, and the positions and seconds of every slice together.
#[derive(Serialize)]
pub struct BuildFields {
    /// Variant id.
    pub variant: String,
    /// Rule options off their defaults.
    pub rules: Vec<String>,
    /// The folder.
    pub dir: String,
    /// Threads.
    pub threads: usize,
    /// Positions (table entries) of every slice.
    pub positions: u64,
    /// Seconds.
    pub seconds: f64,
    /// The game's identity, as the text names it.
    #[serde(skip)]
    pub game: String,
}

impl BuildFields {
    /// The build of the game `id` in `dir` on `threads`: `positions` in all, in `seconds`.
    pub fn new(
        id: &GameId,
        dir: &Path,
        threads: usize,
        positions: u64,
        seconds: f64,
    ) -> BuildFields {
        BuildFields {
            variant: id.variant.clone(),
            rules: id.rules.clone(),
            dir: dir.display().to_string(),
            threads,
            positions,
            seconds,
            game: id.to_string(),
        }
    }
}

/// `tablebase build --json` (two-row).
#[derive(Serialize)]
pub struct TableBuild {
    /// The game, folder, threads, positions and seconds.
    #[serde(flatten)]
    pub build: BuildFields,
    /// Pits a side.
    pub width: usize,
    /// The largest slice asked for.
    pub max_stones: u32,
    /// Each slice.
    pub slices: Vec<BuiltSlice>,
    /// MPI ranks (`--distributed` builds only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ranks: Option<usize>,
}

impl TableBuild {
    /// The report `r` of a build up to `max_stones` in `dir`.
    pub fn new(
        r: &mancala_tablebases::BuildReport<mancala_tablebases::SliceReport>,
        max_stones: u32,
        dir: &Path,
        threads: usize,
    ) -> TableBuild {
        let positions = r.slices.iter().map(|s| s.positions).sum();
        TableBuild {
            build: BuildFields::new(&r.game, dir, threads, positions, r.seconds),
            width: r.game.width,
            max_stones,
            slices: r
                .slices
                .iter()
                .map(|s| BuiltSlice {
                    stones: s.stones,
                    positions: s.positions,
                    skipped: s.skipped,
                    seconds: s.seconds,
                    evaluations: s.run.evaluations,
                    file: file_name(&s.path),
                    exchange: Exchange::of(&s.exchange, &s.memory),
                })
                .collect(),
            ranks: None,
        }
    }
}

/// The last part of `path`, as text.
fn file_name(path: &Path) -> Option<String> {
    path.file_name().map(|f| f.to_string_lossy().into_owned())
}

/// `tablebase stats --json` (two-row).
#[derive(Serialize)]
pub struct TableStats {
    /// Seeds on the board.
    pub stones: u32,
    /// Positions of the slice.
    pub positions: u64,
    /// Positions by value.
    pub histogram: ByName<u64>,
    /// Positions by value, in the order of the values (the text's order).
    #[serde(skip)]
    pub by_value: BTreeMap<i32, u64>,
}

impl TableStats {
    /// The statistics `s`.
    pub fn new(s: &mancala_tablebases::tworow::Stats) -> TableStats {
        TableStats {
            stones: s.stones,
            positions: s.positions,
            histogram: s
                .histogram
                .iter()
                .map(|(v, c)| (v.to_string(), *c))
                .collect(),
            by_value: s.histogram.clone(),
        }
    }
}

/// `tablebase verify --json`.
#[derive(Serialize)]
pub struct Verify {
    /// Always true (a failure is an error).
    pub ok: bool,
    /// Files verified.
    pub files: usize,
    /// Positions re-derived.
    pub positions: u64,
    /// Seconds.
    pub seconds: f64,
}

/// One file of `tablebase info --json`: its header, or why it is refused.
#[derive(Serialize)]
#[serde(untagged)]
pub enum InfoFile {
    /// A sound file.
    Sound {
        /// The file's name.
        file: Option<String>,
        /// Its size.
        bytes: u64,
        /// Variant id.
        variant: String,
        /// Rule options off their defaults.
        rules: Vec<String>,
        /// Pits a side (holes a row).
        width: usize,
        /// Seeds on the board.
        stones: u32,
        /// Positions.
        positions: u64,
        /// The values' encoding.
        encoding: String,
        /// The values' checksum.
        data_checksum: String,
    },
    /// A refused file.
    Refused {
        /// The file's name.
        file: Option<String>,
        /// Its size.
        bytes: u64,
        /// Why it is refused.
        error: Option<String>,
    },
}

/// `tablebase info --json`.
#[derive(Serialize)]
pub struct Info {
    /// The folder.
    pub dir: String,
    /// Its table files.
    pub files: Vec<InfoFile>,
}

impl Info {
    /// The files of `dir`.
    pub fn new(dir: &Path, files: &[FileInfo]) -> Info {
        let files = files
            .iter()
            .map(|f| match &f.header {
                Some(h) => InfoFile::Sound {
                    file: file_name(&f.path),
                    bytes: f.bytes,
                    variant: h.variant.clone(),
                    rules: h.rules.clone(),
                    width: h.width,
                    stones: h.stones,
                    positions: h.positions,
                    encoding: h.encoding.clone(),
                    data_checksum: h.data_checksum.clone(),
                },
                None => InfoFile::Refused {
                    file: file_name(&f.path),
                    bytes: f.bytes,
                    error: f.problem.clone(),
                },
            })
            .collect();
        Info {
            dir: dir.display().to_string(),
            files,
        }
    }
}

/// One slice of `tablebase build --json` (four-row).
#[derive(Serialize)]
pub struct FourBuiltSlice {
    /// Seeds of the mover and of the opponent.
    pub split: [u32; 2],
    /// Positions.
    pub positions: u64,
    /// True when the file was there already and kept.
    pub skipped: bool,
    /// Wins for the mover.
    pub win: u64,
    /// Draws.
    pub draw: u64,
    /// Losses.
    pub loss: u64,
    /// The longest win or loss, in plies.
    pub max_plies: u32,
    /// The file's name.
    pub file: Option<String>,
    /// What the ranks exchanged for the unit of this slice (`--distributed` builds, on the
    /// first slice of a unit not kept).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exchange: Option<Exchange>,
}

impl FourBuiltSlice {
    /// A win/draw/loss slice of either builder (four-row, morris): its split, entries,
    /// whether it was kept, its win/draw/loss counts, longest distance, file and exchanges.
    pub fn of(s: &mancala_tablebases::wdl::UnitReport) -> FourBuiltSlice {
        FourBuiltSlice {
            split: s.split,
            positions: s.positions,
            skipped: s.skipped,
            win: s.counts[0],
            draw: s.counts[1],
            loss: s.counts[2],
            max_plies: s.max_plies,
            file: file_name(&s.path),
            exchange: Exchange::of(&s.exchange, &s.memory),
        }
    }
}

/// `tablebase build --json` (four-row).
#[derive(Serialize)]
pub struct FourBuild {
    /// The game, folder, threads, positions and seconds.
    #[serde(flatten)]
    pub build: BuildFields,
    /// Holes a row.
    pub width: usize,
    /// `wdl`.
    pub metric: &'static str,
    /// The most seeds asked for.
    pub max_stones: u32,
    /// Each slice.
    pub slices: Vec<FourBuiltSlice>,
    /// MPI ranks (`--distributed` builds only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ranks: Option<usize>,
}

impl FourBuild {
    /// The report `r` of a build of `g` up to `max_stones` in `dir`.
    pub fn new(
        g: &FourRow,
        r: &mancala_tablebases::BuildReport<mancala_tablebases::wdl::UnitReport>,
        max_stones: u32,
        dir: &Path,
        threads: usize,
    ) -> FourBuild {
        let id = mancala_tablebases::fourrow::game_id(g);
        let positions = r.slices.iter().map(|s| s.positions).sum();
        FourBuild {
            build: BuildFields::new(&id, dir, threads, positions, r.seconds),
            width: id.width,
            metric: "wdl",
            max_stones,
            slices: r.slices.iter().map(FourBuiltSlice::of).collect(),
            ranks: None,
        }
    }
}

/// `tablebase build --json` (mulabalaba-morris).
#[derive(Serialize)]
pub struct MorrisBuild {
    /// The game, folder, threads, entries and seconds.
    #[serde(flatten)]
    pub build: BuildFields,
    /// `wdl`.
    pub metric: &'static str,
    /// The most counters a side asked for.
    pub counters: u32,
    /// Each slice (`split`: counters of the mover and of the opponent).
    pub slices: Vec<FourBuiltSlice>,
    /// MPI ranks (`--distributed` builds only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ranks: Option<usize>,
}

impl MorrisBuild {
    /// The report `r` of a build of `g` up to `counters` a side in `dir`.
    pub fn new(
        g: &mancala_solver::morris::Morris,
        r: &mancala_tablebases::BuildReport<mancala_tablebases::wdl::UnitReport>,
        counters: u32,
        dir: &Path,
        threads: usize,
    ) -> MorrisBuild {
        let id = mancala_tablebases::morris::game_id(g);
        let positions = r.slices.iter().map(|s| s.positions).sum();
        MorrisBuild {
            build: BuildFields::new(&id, dir, threads, positions, r.seconds),
            metric: "wdl",
            counters,
            slices: r.slices.iter().map(FourBuiltSlice::of).collect(),
            ranks: None,
        }
    }
}

/// `tablebase probe --json` (four-row).
#[derive(Serialize)]
pub struct FourProbe {
    /// The variant and position.
    #[serde(flatten)]
    pub at: Start,
    /// `wdl`.
    pub metric: &'static str,
    /// The value and plies.
    #[serde(flatten)]
    pub value: WdlPlies,
    /// Each move's value (null: not in the tables).
    pub moves: ByName<Option<WdlPlies>>,
    /// The side to move, for the text.
    #[serde(skip)]
    pub to_move: String,
    /// The value, for the text.
    #[serde(skip)]
    pub wdl: Wdl,
    /// Each move's value in the probe's order (the text's order).
    #[serde(skip)]
    pub listed: Vec<(String, Option<Wdl>)>,
}

impl FourProbe {
    /// The win/draw/loss probe of `pos` (four-row or morris): its `value` and each move's.
    pub fn new<G: Notation>(
        g: &G,
        pos: &G::Position,
        value: Wdl,
        moves: &[(String, Option<Wdl>)],
    ) -> FourProbe {
        FourProbe {
            at: Start::new(g, pos),
            metric: "wdl",
            value: WdlPlies::of(value),
            moves: moves
                .iter()
                .map(|(m, v)| (m.clone(), v.map(WdlPlies::of)))
                .collect(),
            to_move: g.to_move(pos).to_string(),
            wdl: value,
            listed: moves.to_vec(),
        }
    }
}

/// One slice of `tablebase stats --json` (four-row).
#[derive(Serialize)]
pub struct FourSliceStats {
    /// Seeds of the mover and of the opponent.
    pub split: [u32; 2],
    /// Wins for the mover.
    pub win: u64,
    /// Draws.
    pub draw: u64,
    /// Losses.
    pub loss: u64,
    /// The longest win or loss, in plies.
    pub max_plies: u32,
}

/// `tablebase stats --json` (four-row).
#[derive(Serialize)]
pub struct FourStats {
    /// Seeds on the board.
    pub stones: u32,
    /// Each slice of that many seeds.
    pub slices: Vec<FourSliceStats>,
}

/// `tablebase build --json` of a game of any family with tables: its family's shape.
#[derive(Serialize)]
#[serde(untagged)]
pub enum TablebaseBuild {
    /// A two-row game.
    Two(TableBuild),
    /// A four-row removal game.
    Four(FourBuild),
    /// A morris game.
    Morris(MorrisBuild),
}

/// `tablebase probe --json` of a game of any family with tables: its family's shape.
#[derive(Serialize)]
#[serde(untagged)]
pub enum TablebaseProbe {
    /// A two-row game (final seed difference).
    Two(TableProbe),
    /// A four-row or morris game (win, draw or loss).
    Wdl(FourProbe),
}

/// `tablebase stats --json` of a game of any family with tables: its family's shape.
#[derive(Serialize)]
#[serde(untagged)]
pub enum TablebaseStats {
    /// A two-row game.
    Two(TableStats),
    /// A four-row or morris game.
    Wdl(FourStats),
}

/// What a `tablebase` command prints: its subcommand's shape.
#[derive(Serialize)]
#[serde(untagged)]
pub enum Tablebase {
    /// `build`.
    Build(TablebaseBuild),
    /// `probe`.
    Probe(TablebaseProbe),
    /// `stats`.
    Stats(TablebaseStats),
    /// `verify`.
    Verify(Verify),
    /// `info`.
    Info(Info),
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::line;
    #[test]
    fn refused_files_carry_the_reason() {
        let f = FileInfo {
            path: "x/oware-default-w2-3.mtb".into(),
            bytes: 7,
            header: None,
            problem: Some("bad magic".into()),
        };
        let text = line(&Info::new(Path::new("x"), &[f]));
        assert_eq!(
            text,
            r#"{"dir":"x","files":[{"bytes":7,"error":"bad magic","file":"oware-default-w2-3.mtb"}]}"#
        );
    }

    #[test]
    fn histograms_are_keyed_by_value_text() {
        let s = mancala_tablebases::tworow::Stats {
            stones: 2,
            positions: 3,
            histogram: [(-2, 1), (0, 2)].into_iter().collect(),
        };
        assert_eq!(
            line(&TableStats::new(&s)),
            r#"{"histogram":{"-2":1,"0":2},"positions":3,"stones":2}"#
        );
    }
}
