//! The tablebase report (`tablebase.md`): for each two-row variant, the slices built for the
//! report with their sizes and build times, the distribution of values in each slice, and
//! the longest principal line found in each; then the same for the four-row removal games'
//! win/draw/loss tables, whose longest lines are exact distances, and the morris games'
//! main-game tables.
//!
//! [`compute`] builds and measures the tables into a [`TablebaseData`]; [`markdown`] and
//! [`files`] print it.

use super::base::{code_or_empty, percent, Files, Preset, Table};
use super::svg::{bar_chart, Bar, Group};
use crate::engine::perfect::oracle_values;
use mancala_solver::any::AnyGame;
use mancala_solver::fourrow::{FourRow, Kind as FourKind};
use mancala_solver::variant::VARIANTS;
use mancala_solver::{Game, MarginGame, Notation, Side, TwoRow, TwoRowPos};
use mancala_tablebases::fourrow::UnitReport;
use mancala_tablebases::tworow::index::Slice;
use mancala_tablebases::tworow::probe::Tablebases;
use mancala_tablebases::tworow::stats;
use mancala_tablebases::tworow::{build, SliceReport};
use mancala_tablebases::Error;
use std::collections::HashSet;
use std::path::Path;
use std::time::Instant;

/// Positions per slice whose principal line is followed (evenly spaced in index order).
pub(super) const LINE_SAMPLE: u64 = 300;

/// The principal line from `pos`: both sides play the first move of best exact value (in
/// generation order) until the game ends, a position repeats (infinite play, worth 0), or
/// 2000 plies. Returns its length in plies and whether it ended by the rules.
pub(super) fn principal_line(g: &TwoRow, tb: &Tablebases, pos: &TwoRowPos) -> Option<(u32, bool)> {
    let mut p = *pos;
    let mut seen = HashSet::new();
    let mut plies = 0;
    loop {
        if g.outcome(&p).is_some() {
            return Some((plies, true));
        }
        if plies >= 2000 || !seen.insert((g.key(&p), g.to_move(&p))) {
            return Some((plies, false));
        }
        let values = oracle_values(g, tb, &p)?;
        let best = *values.iter().max()?;
        let i = values.iter().position(|&v| v == best)?;
        p = g.play(&p, g.legal_moves(&p)[i]);
        plies += 1;
    }
}

/// One slice of a two-row game's tables.
#[derive(Clone, Debug)]
pub(super) struct TwoRowSlice {
    /// Seeds on the board.
    pub stones: u32,
    /// Positions in the slice.
    pub positions: u64,
    /// Bytes of its file.
    pub bytes: u64,
    /// Seconds building it.
    pub seconds: f64,
    /// True when a file already there was kept.
    pub kept: bool,
    /// Shares of positions won, drawn and lost by the side to move.
    pub share: [f64; 3],
    /// The mean future value.
    pub mean: f64,
    /// The longest principal line found: plies, whether it ended by the rules (rather than
    /// by a repetition), and a position that starts it.
    pub longest: Option<(u32, bool, String)>,
}

/// One game's tables as the report shows them: a row a slice, or a number of seeds.
#[derive(Clone, Debug)]
pub(super) struct GameTables<S> {
    /// Variant id.
    pub id: &'static str,
    /// Holes a row of the board they were built for, when not the game's own (four-row games).
    pub width: Option<usize>,
    /// Seconds building them.
    pub seconds: f64,
    /// The rows, in build order.
    pub rows: Vec<S>,
}

impl<S> GameTables<S> {
    /// The game as headings and charts name it: `kalah`, `toka (4x8)`.
    fn name(&self) -> String {
        match self.width {
            Some(w) => format!("{} (4x{w})", self.id),
            None => self.id.to_string(),
        }
    }
}

/// What a row of the win/draw/loss tables (four-row and morris games) shows of its slices:
/// their size, build time, values and longest distance.
#[derive(Clone, Debug)]
pub(super) struct WdlFigures {
    /// Positions (entries up to symmetry in the morris games).
    pub positions: u64,
    /// Bytes of the files.
    pub bytes: u64,
    /// Seconds building them (their units').
    pub seconds: f64,
    /// True when every file was already there and kept.
    pub kept: bool,
    /// Shares won, drawn and lost by the side to move.
    pub share: [f64; 3],
    /// The longest distance to the end under perfect play.
    pub longest: u32,
    /// The first position at that distance (empty when every position is drawn).
    pub from: String,
}

impl WdlFigures {
    /// The columns of [`WdlFigures::value_cells`].
    const VALUE_HEAD: [&'static str; 5] = ["win", "draw", "loss", "longest", "from"];
    /// The columns of [`WdlFigures::value_csv`].
    const VALUE_CSV_HEAD: [&'static str; 5] =
        ["win", "draw", "loss", "longest_plies", "longest_position"];

    /// Positions, bytes and build time as the report's table prints them.
    fn size_cells(&self) -> [String; 3] {
        [
            self.positions.to_string(),
            self.bytes.to_string(),
            build_cell(self.kept, self.seconds),
        ]
    }

    /// The shares and the longest distance with its position as the table prints them: `–`
    /// and an empty cell when every position is drawn.
    fn value_cells(&self) -> Vec<String> {
        let mut cells = share_cells(&self.share).to_vec();
        cells.push(if self.from.is_empty() {
            "–".to_string()
        } else {
            self.longest.to_string()
        });
        cells.push(code_or_empty(&self.from));
        cells
    }

    /// Positions, bytes, build time and whether kept, as CSV cells.
    fn size_csv(&self) -> [String; 4] {
        [
            self.positions.to_string(),
            self.bytes.to_string(),
            format!("{:.4}", self.seconds),
            self.kept.to_string(),
        ]
    }

    /// The shares, the longest distance and its position as CSV cells (both empty when every
    /// position is drawn).
    fn value_csv(&self) -> Vec<String> {
        let mut cells = self.share.map(|x| format!("{x:.6}")).to_vec();
        cells.push(if self.from.is_empty() {
            String::new()
        } else {
            self.longest.to_string()
        });
        cells.push(self.from.clone());
        cells
    }
}

/// The slices of a four-row game's tables with the same seeds on the board, added up.
#[derive(Clone, Debug)]
pub(super) struct FourSeeds {
    /// Seeds on the board.
    pub seeds: u32,
    /// Slices added up.
    pub slices: usize,
    /// Their figures.
    pub figures: WdlFigures,
}

/// One slice of a morris game's main-game tables.
#[derive(Clone, Debug)]
pub(super) struct MorrisSliceStats {
    /// Counters of the side to move and of the other.
    pub split: [u32; 2],
    /// Rounds of the retrograde analysis.
    pub rounds: u32,
    /// Its figures.
    pub figures: WdlFigures,
}

/// Everything `tablebase.md` and its files show.
#[derive(Clone, Debug)]
pub(super) struct TablebaseData {
    /// The budget they were built within.
    pub budget: Preset,
    /// The two-row variants' tables.
    pub two_row: Vec<GameTables<TwoRowSlice>>,
    /// The four-row removal games' tables.
    pub four_row: Vec<GameTables<FourSeeds>>,
    /// The morris games' tables.
    pub morris: Vec<GameTables<MorrisSliceStats>>,
    /// Wall-clock seconds of the whole computation.
    pub seconds: f64,
}

/// Builds the tables of every two-row variant's standard board up to the budget's stones in
/// `dir` (slices already there are kept, and reported as kept), and writes `tablebase.md`,
/// `tablebase.csv` and one `tablebase-<variant>.svg` into `out`; then the same for the
/// four-row removal games (in `dir/four`) and the morris games (in `dir/morris`).
pub(super) fn tablebase_report(
    out: &Path,
    dir: &Path,
    budget: &Preset,
    log: &(dyn Fn(&str) + Sync),
) -> Result<(), Error> {
    let d = compute(dir, budget, log)?;
    files(&d)
        .write(out)
        .map_err(|e| Error::io(out, "writing the report in it", e))
}

/// Builds every table of the report in `dir` within `budget` and measures them.
pub(super) fn compute(
    dir: &Path,
    budget: &Preset,
    log: &(dyn Fn(&str) + Sync),
) -> Result<TablebaseData, Error> {
    let t0 = Instant::now();
    let mut two_row = Vec::new();
    for v in VARIANTS.iter().filter(|v| v.family.two_row().is_some()) {
        two_row.push(two_row_tables(v.id, dir, budget, log)?);
    }
    let four_row = four_row_tables(&dir.join("four"), budget, log)?;
    let morris = morris_tables(&dir.join("morris"), budget, log)?;
    Ok(TablebaseData {
        budget: budget.clone(),
        two_row,
        four_row,
        morris,
        seconds: t0.elapsed().as_secs_f64(),
    })
}

/// Builds the tables of two-row variant `id` and measures each slice.
fn two_row_tables(
    id: &'static str,
    dir: &Path,
    budget: &Preset,
    log: &(dyn Fn(&str) + Sync),
) -> Result<GameTables<TwoRowSlice>, Error> {
    let g = mancala_solver::variant::build(id, None, None, &[])
        .map_err(|e| Error::Rules(e.to_string()))?;
    let rep = build(&g, dir, budget.tb_stones, budget.threads.max(1), &|_| {})?;
    log(&format!("{id} tables built in {:.1} s", rep.seconds));
    let tb = Tablebases::open(dir, &g)?;
    let rows = rep
        .slices
        .iter()
        .map(|s| two_row_slice(&g, dir, &tb, s))
        .collect::<Result<_, _>>()?;
    Ok(GameTables {
        id,
        width: None,
        seconds: rep.seconds,
        rows,
    })
}

/// The value distribution of one two-row slice, and the longest principal line from a
/// sample of [`LINE_SAMPLE`] of its positions.
fn two_row_slice(
    g: &TwoRow,
    dir: &Path,
    tb: &Tablebases,
    s: &SliceReport,
) -> Result<TwoRowSlice, Error> {
    let st = stats(g, dir, s.stones)?;
    let total = st.positions.max(1) as f64;
    let sum = |f: &dyn Fn(i32) -> bool| {
        st.histogram
            .iter()
            .filter(|(v, _)| f(**v))
            .map(|(_, c)| *c)
            .sum::<u64>() as f64
            / total
    };
    let share = [sum(&|v| v > 0), sum(&|v| v == 0), sum(&|v| v < 0)];
    let mean = st
        .histogram
        .iter()
        .map(|(v, c)| *v as f64 * *c as f64)
        .sum::<f64>()
        / total;
    Ok(TwoRowSlice {
        stones: s.stones,
        positions: s.positions,
        bytes: file_bytes(&s.path)?,
        seconds: s.seconds,
        kept: s.skipped,
        share,
        mean,
        longest: longest_line(g, tb, s.stones)?,
    })
}

/// The size of a table's file.
fn file_bytes(path: &Path) -> Result<u64, Error> {
    Ok(std::fs::metadata(path)
        .map_err(|e| Error::io(path, "reading its size", e))?
        .len())
}

/// The longest principal line from evenly spaced positions of the `stones`-seed slice (the
/// first found among equals): plies, ended by the rules, its start as text.
fn longest_line(
    g: &TwoRow,
    tb: &Tablebases,
    stones: u32,
) -> Result<Option<(u32, bool, String)>, Error> {
    let slice = Slice::new(g.width(), stones).expect("built slice");
    let step = (slice.len() / LINE_SAMPLE).max(1);
    let mut longest: Option<(u32, bool, TwoRowPos)> = None;
    let mut i = 0;
    while i < slice.len() {
        let pits = slice.unrank(i).to_vec(2 * g.width());
        let south: Vec<u32> = pits[..g.width()].iter().map(|&c| c as u32).collect();
        let north: Vec<u32> = pits[g.width()..].iter().map(|&c| c as u32).collect();
        let pos = g
            .position(&south, &north, [0, 0], Side::South)
            .map_err(|e| Error::Rules(e.to_string()))?;
        if let Some((n, ended)) = principal_line(g, tb, &pos) {
            if longest.as_ref().map_or(true, |l| n > l.0) {
                longest = Some((n, ended, pos));
            }
        }
        i += step;
    }
    Ok(longest.map(|(n, ended, p)| (n, ended, g.format_position(&p))))
}

/// The width of the four-row tables of `kind` in the report: its standard board, or the
/// widest the tables allow when the standard board is wider.
fn four_report_width(kind: FourKind) -> usize {
    kind.default_width()
        .min(mancala_tablebases::fourrow::MAX_WIDTH)
}

/// Builds the win/draw/loss tables with distances of every four-row removal game in `dir`,
/// up to the budget's `four_tb_stones` seeds on the board, and adds up their slices by seeds.
fn four_row_tables(
    dir: &Path,
    budget: &Preset,
    log: &(dyn Fn(&str) + Sync),
) -> Result<Vec<GameTables<FourSeeds>>, Error> {
    let mut out = Vec::new();
    for v in VARIANTS.iter() {
        let Some(kind) = v.family.four_row().filter(|k| k.removes()) else {
            continue;
        };
        let width = four_report_width(kind);
        let size = mancala_solver::variant::Size {
            width: Some(width),
            ..Default::default()
        };
        let g = match mancala_solver::variant::setup(v.id, size, &[], None)
            .map_err(|e| Error::Rules(e.to_string()))?
        {
            AnyGame::Four(g, _) => g,
            AnyGame::Two(..) | AnyGame::Morris(..) | AnyGame::Isolo(..) => continue,
        };
        let threads = budget.threads.max(1);
        let rep = mancala_tablebases::wdl::build(&g, dir, budget.four_tb_stones, threads, &|_| {})?;
        log(&format!(
            "{} four-row tables built in {:.1} s",
            v.id, rep.seconds
        ));
        let mut rows = Vec::new();
        for n in 0..=budget.four_tb_stones {
            rows.extend(four_seeds(&g, &rep.slices, n)?);
        }
        out.push(GameTables {
            id: v.id,
            width: Some(width),
            seconds: rep.seconds,
            rows,
        });
    }
    Ok(out)
}

/// The slices of `g` with `n` seeds on the board added up; `None` when there are none.
fn four_seeds(g: &FourRow, all: &[UnitReport], n: u32) -> Result<Option<FourSeeds>, Error> {
    let slices: Vec<_> = all
        .iter()
        .filter(|s| s.split[0] + s.split[1] == n)
        .collect();
    if slices.is_empty() {
        return Ok(None);
    }
    let positions: u64 = slices.iter().map(|s| s.positions).sum();
    let mut counts = [0u64; 3];
    let mut bytes = 0;
    let mut seconds = 0.0;
    for s in &slices {
        for (c, x) in counts.iter_mut().zip(s.counts) {
            *c += x;
        }
        bytes += file_bytes(&s.path)?;
        // A unit is two slices built together, each reporting the unit's time.
        if s.split[0] <= s.split[1] {
            seconds += s.seconds;
        }
    }
    let longest = slices.iter().map(|s| s.max_plies).max().unwrap_or(0);
    // The first position (by slice, then index) at the longest distance.
    let mut from = String::new();
    if counts[0] + counts[2] > 0 {
        for s in slices.iter().filter(|s| s.max_plies == longest) {
            let f = mancala_tablebases::wdl::open_slice(g, &s.path, s.split)?;
            if let Some(i) = f.data().iter().position(|&b| b as u32 == longest + 1) {
                let pos =
                    mancala_tablebases::fourrow::FourSlice::new(g, s.split).unrank(g, i as u64);
                from = g.format_position(&pos);
                break;
            }
        }
    }
    let total = positions.max(1) as f64;
    Ok(Some(FourSeeds {
        seeds: n,
        slices: slices.len(),
        figures: WdlFigures {
            positions,
            bytes,
            seconds,
            kept: slices.iter().all(|s| s.skipped),
            share: counts.map(|c| c as f64 / total),
            longest,
            from,
        },
    }))
}

/// Builds the main-game win/draw/loss tables of each morris game in `dir`, default rules,
/// every slice up to the budget's `morris_counters` a side, and measures each slice.
fn morris_tables(
    dir: &Path,
    budget: &Preset,
    log: &(dyn Fn(&str) + Sync),
) -> Result<Vec<GameTables<MorrisSliceStats>>, Error> {
    use mancala_solver::morris::{Kind, Morris, Options};
    use mancala_tablebases::morris::MorrisSlice;
    let n = budget.morris_counters;
    let mut out = Vec::new();
    for kind in Kind::ALL {
        let g = Morris::new(n, Options::defaults(kind)).map_err(|e| Error::Rules(e.to_string()))?;
        let rep = mancala_tablebases::wdl::build(&g, dir, n, budget.threads.max(1), &|_| {})?;
        log(&format!(
            "{} morris tables built in {:.1} s",
            kind.id(),
            rep.seconds
        ));
        let mut rows = Vec::new();
        for s in &rep.slices {
            let total = s.positions.max(1) as f64;
            let mut from = String::new();
            if s.counts[0] + s.counts[2] > 0 {
                let f = mancala_tablebases::wdl::open_slice(&g, &s.path, s.split)?;
                if let Some(i) = f.data().iter().position(|&b| b as u32 == s.max_plies + 1) {
                    from = g.format_position(&MorrisSlice::new(s.split).unrank(i as u64));
                }
            }
            rows.push(MorrisSliceStats {
                split: s.split,
                rounds: s.rounds,
                figures: WdlFigures {
                    positions: s.positions,
                    bytes: file_bytes(&s.path)?,
                    seconds: s.seconds,
                    kept: s.skipped,
                    share: s.counts.map(|c| c as f64 / total),
                    longest: s.max_plies,
                    from,
                },
            });
        }
        out.push(GameTables {
            id: kind.id(),
            width: None,
            seconds: rep.seconds,
            rows,
        });
    }
    Ok(out)
}

/// A row of a game's tables that its chart shows: a group of the value distribution.
trait Distributed {
    /// The group's label: the slice's seeds or counters.
    fn label(&self) -> String;
    /// Shares won, drawn and lost by the side to move.
    fn share(&self) -> [f64; 3];
}

impl Distributed for TwoRowSlice {
    fn label(&self) -> String {
        self.stones.to_string()
    }
    fn share(&self) -> [f64; 3] {
        self.share
    }
}

impl Distributed for FourSeeds {
    fn label(&self) -> String {
        self.seeds.to_string()
    }
    fn share(&self) -> [f64; 3] {
        self.figures.share
    }
}

impl Distributed for MorrisSliceStats {
    fn label(&self) -> String {
        format!("{}-{}", self.split[0], self.split[1])
    }
    fn share(&self) -> [f64; 3] {
        self.figures.share
    }
}

/// A family of tables in the report: the prefix of its charts' names and what tells the
/// groups of its charts apart.
struct Family {
    /// `tablebase-<prefix><id>.svg`.
    prefix: &'static str,
    /// The charts' title ends "per <per>".
    per: &'static str,
}

/// The two-row games' tables, by seeds on the board.
const TWO_ROW: Family = Family {
    prefix: "",
    per: "seeds on the board",
};
/// The four-row removal games' tables, their slices added up by seeds on the board.
const FOUR_ROW: Family = Family {
    prefix: "four-",
    per: "seeds on the board",
};
/// The morris games' main-game tables, by counters of each side.
const MORRIS: Family = Family {
    prefix: "morris-",
    per: "counters (side to move - other)",
};

/// Every file of the report: the charts, `tablebase.md` and the CSV files.
pub(super) fn files(d: &TablebaseData) -> Files {
    let mut f = Files::default();
    charts(&mut f, &TWO_ROW, &d.two_row);
    charts(&mut f, &FOUR_ROW, &d.four_row);
    charts(&mut f, &MORRIS, &d.morris);
    f.add("tablebase.md", markdown(d));
    f.add("tablebase.csv", two_row_csv(&d.two_row).csv());
    f.add("tablebase-four.csv", four_csv(&d.four_row).csv());
    f.add("tablebase-morris.csv", morris_csv(&d.morris).csv());
    f
}

/// The chart of each game's value distribution, a group a row.
fn charts<S: Distributed>(f: &mut Files, family: &Family, games: &[GameTables<S>]) {
    for t in games {
        let groups: Vec<Group> = t
            .rows
            .iter()
            .map(|r| Group {
                label: r.label(),
                bars: r
                    .share()
                    .iter()
                    .map(|&value| Bar {
                        value,
                        interval: None,
                    })
                    .collect(),
            })
            .collect();
        let chart = bar_chart(
            &format!(
                "{}: positions by value for the side to move, per {}",
                t.name(),
                family.per
            ),
            "share of positions",
            &["win", "draw", "loss"],
            &groups,
            (0.0, 1.0),
        );
        f.add(svg_name(family, t), chart);
    }
}

/// The file of a game's chart: `tablebase-kalah.svg`, `tablebase-four-toka.svg`.
fn svg_name<S>(family: &Family, t: &GameTables<S>) -> String {
    format!("tablebase-{}{}.svg", family.prefix, t.id)
}

/// The Markdown of each game's tables: a heading (`level` its hashes), the build time, the
/// table and the chart.
fn games_markdown<S>(
    level: &str,
    family: &Family,
    games: &[GameTables<S>],
    table: fn(&GameTables<S>) -> Table,
) -> String {
    games
        .iter()
        .map(|t| {
            format!(
                "{level} {}\n\nBuilt in {:.2} s.\n\n{}\n![value distribution of {}]({})\n\n",
                t.name(),
                t.seconds,
                table(t).markdown(),
                t.id,
                svg_name(family, t)
            )
        })
        .collect()
}

/// The text of `tablebase.md`.
pub(super) fn markdown(d: &TablebaseData) -> String {
    let budget = &d.budget;
    let mut md = String::from("# Endgame tablebases\n\n");
    md += &format!(
        "Generated by `mancala report tablebase --budget {}` ({}). Tables of the standard \
         board (2x6, default rules) of each two-row variant, every slice from 0 to {} seeds \
         on the board, built by `mancala_tablebases::tworow::build` with {} threads. All figures are \
         exact and complete except the principal lines, which are followed from a sample of \
         at most {LINE_SAMPLE} positions a slice.\n\n",
        budget.name,
        budget.describe(),
        budget.tb_stones,
        budget.threads
    );
    md += "Columns: *positions*, every distribution of the seeds over the 12 pits (reachable \
        or not), South to move; *win / draw / loss*, shares of positions whose future value \
        (seeds the mover will still win minus the opponent's, under perfect play) is \
        positive, zero, negative; *mean*, the mean future value; *longest line*, the longest \
        principal line found (both sides play the first best move) in plies, with a position \
        that starts it, marked ∞ when it ends in a repetition rather than by the rules. \
        The tables hold values, not distances, so these are not distance-to-end figures.\n\n";
    md += &games_markdown("##", &TWO_ROW, &d.two_row, two_row_table);
    md += "Data: [tablebase.csv](tablebase.csv).\n\n";
    md += &four_markdown(d);
    md += "Data: [tablebase-four.csv](tablebase-four.csv).\n\n";
    md += &morris_markdown(d);
    md += &format!(
        "Data: [tablebase-morris.csv](tablebase-morris.csv). Generated in {:.0} s.\n",
        d.seconds
    );
    md
}

/// A slice's build time, or `kept` when its file was already there.
fn build_cell(kept: bool, seconds: f64) -> String {
    if kept {
        "kept".into()
    } else {
        format!("{seconds:.3}")
    }
}

/// The shares won, drawn and lost as percentages.
fn share_cells(share: &[f64; 3]) -> [String; 3] {
    share.map(percent)
}

/// One two-row variant's table: a row a slice.
fn two_row_table(t: &GameTables<TwoRowSlice>) -> Table {
    let mut table = Table::new(&[
        "seeds",
        "positions",
        "file bytes",
        "build s",
        "win",
        "draw",
        "loss",
        "mean",
        "longest line",
        "from",
    ]);
    for s in &t.rows {
        let (line, from) = line_cells(s);
        let mut row = vec![
            s.stones.to_string(),
            s.positions.to_string(),
            s.bytes.to_string(),
            build_cell(s.kept, s.seconds),
        ];
        row.extend(share_cells(&s.share));
        row.extend([format!("{:+.3}", s.mean), line, code_or_empty(&from)]);
        table.push(row);
    }
    table
}

/// The longest principal line of a two-row slice (`51 ∞` when it ends in a repetition) and
/// the position that starts it, or two empty cells.
fn line_cells(s: &TwoRowSlice) -> (String, String) {
    match &s.longest {
        Some((n, ended, p)) => (format!("{n}{}", if *ended { "" } else { " ∞" }), p.clone()),
        None => (String::new(), String::new()),
    }
}

/// `tablebase.csv`: a row a two-row slice.
fn two_row_csv(tables: &[GameTables<TwoRowSlice>]) -> Table {
    let mut csv = Table::new(&[
        "variant",
        "stones",
        "positions",
        "bytes",
        "build_seconds",
        "kept",
        "win",
        "draw",
        "loss",
        "mean",
        "longest_line",
        "longest_line_position",
    ]);
    for t in tables {
        for s in &t.rows {
            let (line, from) = line_cells(s);
            let mut row = vec![
                t.id.into(),
                s.stones.to_string(),
                s.positions.to_string(),
                s.bytes.to_string(),
                format!("{:.4}", s.seconds),
                s.kept.to_string(),
            ];
            row.extend(s.share.map(|x| format!("{x:.6}")));
            row.extend([format!("{:.6}", s.mean), line, from]);
            csv.push(row);
        }
    }
    csv
}

/// The four-row section: its text, and a table and chart a game.
fn four_markdown(d: &TablebaseData) -> String {
    let mut md = format!(
        "## Four-row removal games (metric wdl)\n\n\
         Win/draw/loss tables with the distance to the end (`mancala tablebase build <id>`, \
         `.ftb` files, encoding `wdl-dtm`) of the eight four-row games whose captures take \
         seeds off the board, on each game's standard board (toka and nchuba, wider than the \
         tables' limit of {} holes a row, at width {}), default rules, every slice up to {} \
         seeds on the board. A slice is keyed by the seeds of the side to move and of the \
         opponent (and, for nchuba, nakabili and natatu, the captures made or the sowing \
         direction); the rows below add up the slices with the same seeds on the board. \
         *win / draw / loss* are shares of all positions (reachable or not) for the side to \
         move; *longest* is the longest distance to the end under perfect play (the winner \
         hastens, the loser delays), exact, with a position that has it (the first in index \
         order). Chisolo-ii and mwambulula re-sow their captures, so their seed counts never \
         fall and they have no such tables.\n\n",
        mancala_tablebases::fourrow::MAX_WIDTH,
        mancala_tablebases::fourrow::MAX_WIDTH,
        d.budget.four_tb_stones
    );
    md += &games_markdown("###", &FOUR_ROW, &d.four_row, four_table);
    md
}

/// One four-row game's table: a row a number of seeds on the board.
fn four_table(t: &GameTables<FourSeeds>) -> Table {
    let head = ["seeds", "slices", "positions", "file bytes", "build s"];
    let mut table = Table::new(&[&head[..], &WdlFigures::VALUE_HEAD].concat());
    for r in &t.rows {
        let mut row = vec![r.seeds.to_string(), r.slices.to_string()];
        row.extend(r.figures.size_cells());
        row.extend(r.figures.value_cells());
        table.push(row);
    }
    table
}

/// `tablebase-four.csv`: a row a four-row game and number of seeds.
fn four_csv(tables: &[GameTables<FourSeeds>]) -> Table {
    let head = [
        "variant",
        "width",
        "stones",
        "slices",
        "positions",
        "bytes",
        "build_seconds",
        "kept",
    ];
    let mut csv = Table::new(&[&head[..], &WdlFigures::VALUE_CSV_HEAD].concat());
    for t in tables {
        for r in &t.rows {
            let mut row = vec![
                t.id.into(),
                t.width.unwrap_or_default().to_string(),
                r.seeds.to_string(),
                r.slices.to_string(),
            ];
            row.extend(r.figures.size_csv());
            row.extend(r.figures.value_csv());
            csv.push(row);
        }
    }
    csv
}

/// The morris section: its text, and a table and chart a game.
fn morris_markdown(d: &TablebaseData) -> String {
    let n = d.budget.morris_counters;
    let mut md = format!(
        "## The morris games, main game (metric wdl)\n\n\
         Win/draw/loss tables with the distance to the end (`mancala tablebase build <id> \
         --counters {n}`, `.mrb` files) of the main game (every counter entered) of \
         mulabalaba-morris and of the reference variant nine-mens-morris, default rules, every \
         slice of 3 to {n} counters a side. A slice *m-o* holds the positions with *m* \
         counters for the side to move and *o* for the other, one entry a position up to the \
         eight symmetries of the square; *win / draw / loss* are shares of the entries for the \
         side to move; *build s* is the time of the slice's unit (*m-o* and *o-m* are built \
         together); *longest* is the longest distance to the end under perfect play, in \
         plies, with the first entry that has it.\n\n"
    );
    md += &games_markdown("###", &MORRIS, &d.morris, morris_table);
    md
}

/// One morris game's table: a row a slice.
fn morris_table(t: &GameTables<MorrisSliceStats>) -> Table {
    let head = ["slice", "entries", "file bytes", "build s", "rounds"];
    let mut table = Table::new(&[&head[..], &WdlFigures::VALUE_HEAD].concat());
    for s in &t.rows {
        let mut row = vec![s.label()];
        row.extend(s.figures.size_cells());
        row.push(s.rounds.to_string());
        row.extend(s.figures.value_cells());
        table.push(row);
    }
    table
}

/// `tablebase-morris.csv`: a row a morris game and slice.
fn morris_csv(tables: &[GameTables<MorrisSliceStats>]) -> Table {
    let head = [
        "variant",
        "mover",
        "opponent",
        "entries",
        "bytes",
        "build_seconds",
        "kept",
        "rounds",
    ];
    let mut csv = Table::new(&[&head[..], &WdlFigures::VALUE_CSV_HEAD].concat());
    for t in tables {
        for s in &t.rows {
            let mut row = vec![t.id.into(), s.split[0].to_string(), s.split[1].to_string()];
            row.extend(s.figures.size_csv());
            row.push(s.rounds.to_string());
            row.extend(s.figures.value_csv());
            csv.push(row);
        }
    }
    csv
}
