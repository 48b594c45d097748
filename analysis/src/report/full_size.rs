//! The full-size section of `advantage.md`: every source game at the sizes its source gives,
//! its start tried by the proof-number search (`mancala solve --method proof`) within the
//! budget's time and memory, proven values with their certificates, and for the others the
//! strongest statement proven (neither side forces a win within so many plies).
//!
//! `mancala report full-size` runs the campaign, writes `full-size.csv` and the certificates
//! under `proofs/`, and rewrites this section alone (between its markers); `mancala report
//! advantage` writes the section again from `full-size.csv`, without running the campaign.

use super::base::{or_empty, plural, write, Table};
use crate::args::Search;
use mancala_solver::error::ConfigError;
use mancala_solver::variant::{self, Size};
use mancala_tablebases::Prefer;
use rayon::prelude::*;
use serde_json::Value;
use std::io;
use std::path::Path;
use std::time::{Duration, Instant};

/// The section's first line.
pub(super) const BEGIN: &str = "<!-- full-size:begin -->";
/// The section's last line.
pub(super) const END: &str = "<!-- full-size:end -->";

/// Certificates larger than this are not kept in the reports folder (the command beside
/// them writes them again).
pub(super) const KEEP_BYTES: u64 = 10 << 20;

/// The games at the sizes their sources give: variant and holes a row (`None`: the
/// variant's own board).
pub(super) const GAMES: &[(&str, Option<usize>)] = &[
    ("chisolo-ii", Some(5)),
    ("chisolo", Some(5)),
    ("nakabili", Some(8)),
    ("kanotta", Some(8)),
    ("natatu", Some(7)),
    ("natatu", Some(8)),
    ("natatu", Some(9)),
    ("natatu", Some(10)),
    ("mulabalaba", Some(6)),
    ("mulabalaba", Some(8)),
    ("toka", Some(12)),
    ("toka", Some(16)),
    ("kabwanga", Some(8)),
    ("mwambulula", Some(8)),
    ("nchuba", Some(16)),
    ("isolo", None),
    ("isolo-ii", None),
    ("mulabalaba-morris", None),
    ("nine-mens-morris", None),
];

/// What the campaign spends on each game.
#[derive(Clone, Copy, Debug)]
pub(super) struct FullSizePreset {
    /// The budget's name.
    pub name: &'static str,
    /// Seconds a game (`--time`).
    pub seconds: f64,
    /// The proof search's table a game, in MiB (`--memory`).
    pub memory_mib: usize,
    /// Threads a game (`--threads`: both sides' wins at once with two).
    pub threads: usize,
}

impl FullSizePreset {
    /// The budget named `name`: tiny (a smoke run), small (a minute a game), medium (the
    /// committed section: ten minutes a game).
    pub(super) fn named(name: &str) -> Result<FullSizePreset, ConfigError> {
        let (seconds, memory_mib, threads) = match name {
            "tiny" => (2.0, 256, 1),
            "small" => (60.0, 2048, 2),
            "medium" => (600.0, 4096, 2),
            _ => {
                return Err(ConfigError(format!(
                    "invalid --budget {name}: expected tiny, small or medium"
                )))
            }
        };
        Ok(FullSizePreset {
            name: match name {
                "tiny" => "tiny",
                "small" => "small",
                _ => "medium",
            },
            seconds,
            memory_mib,
            threads,
        })
    }
}

/// The words of the command line that set game `id` at `width` up.
fn size_words(width: Option<usize>) -> Vec<String> {
    width.map_or(Vec::new(), |w| vec!["--width".into(), w.to_string()])
}

/// The board as the section names it.
fn board(id: &str, width: Option<usize>) -> String {
    match (id, width) {
        (_, Some(w)) => format!("4x{w}"),
        ("isolo", None) => "2x8, fore-play".into(),
        ("isolo-ii", None) => "4x8, from the setup".into(),
        ("mulabalaba-morris", None) => "12 counters".into(),
        _ => "9 counters".into(),
    }
}

/// The certificate's file name of game `id` at `width`.
fn proof_name(id: &str, width: Option<usize>) -> String {
    match width {
        Some(w) => format!("{id}-4x{w}.proof"),
        None => format!("{id}.proof"),
    }
}

/// The CSV's columns.
const COLUMNS: [&str; 15] = [
    "variant",
    "board",
    "value",
    "plies",
    "proof_plies",
    "proof_nodes",
    "certificate_bytes",
    "certificate_checksum",
    "certificate",
    "no_win_within",
    "nodes",
    "seconds",
    "searches",
    "error",
    "command",
];

/// One game of the campaign: a row of `full-size.csv`, each cell as written there (empty
/// where the figure is unknown).
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct FullSizeRow {
    /// Variant id.
    pub variant: String,
    /// The board as the section names it.
    pub board: String,
    /// `+1`, `0`, `-1` when proven.
    pub value: String,
    /// Plies to the end under perfect play, where the whole count finished.
    pub plies: String,
    /// The longest line of the proof.
    pub proof_plies: String,
    /// Positions of the proof.
    pub proof_nodes: String,
    /// Bytes of the certificate.
    pub certificate_bytes: String,
    /// Its checksum.
    pub certificate_checksum: String,
    /// Its file under the reports folder (empty when not kept).
    pub certificate: String,
    /// Neither side forces a win within this many plies.
    pub no_win_within: String,
    /// Search nodes.
    pub nodes: String,
    /// Wall-clock seconds.
    pub seconds: String,
    /// What each proof search ended with.
    pub searches: String,
    /// Why the solve was refused.
    pub error: String,
    /// The command line that reproduces the row.
    pub command: String,
}

impl FullSizeRow {
    /// The cells in the order of [`COLUMNS`].
    fn cells(&self) -> Vec<String> {
        [
            &self.variant,
            &self.board,
            &self.value,
            &self.plies,
            &self.proof_plies,
            &self.proof_nodes,
            &self.certificate_bytes,
            &self.certificate_checksum,
            &self.certificate,
            &self.no_win_within,
            &self.nodes,
            &self.seconds,
            &self.searches,
            &self.error,
            &self.command,
        ]
        .map(String::clone)
        .to_vec()
    }

    /// The row from its cells in the order of [`COLUMNS`] (missing cells empty).
    fn from_cells(r: &csv::StringRecord) -> FullSizeRow {
        let f = |k: usize| r.get(k).unwrap_or_default().to_string();
        FullSizeRow {
            variant: f(0),
            board: f(1),
            value: f(2),
            plies: f(3),
            proof_plies: f(4),
            proof_nodes: f(5),
            certificate_bytes: f(6),
            certificate_checksum: f(7),
            certificate: f(8),
            no_win_within: f(9),
            nodes: f(10),
            seconds: f(11),
            searches: f(12),
            error: f(13),
            command: f(14),
        }
    }
}

/// The campaign as `full-size.csv` holds it.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct FullSizeData {
    /// The budget's name (`?` when the file does not say).
    pub budget: String,
    /// A row a game, in the order of [`GAMES`].
    pub rows: Vec<FullSizeRow>,
}

/// The command line that solves game `id` at `width` as the campaign does, its certificate
/// `name` under `out/proofs`.
fn command_line(out: &Path, b: &FullSizePreset, id: &str, width: Option<usize>) -> String {
    let mut command = format!("mancala solve {id}");
    for w in size_words(width) {
        command += &format!(" {w}");
    }
    command += &format!(
        " --method proof --time {} --memory {}M --threads {} --proof {}/proofs/{}",
        b.seconds,
        b.memory_mib,
        b.threads,
        out.display(),
        proof_name(id, width)
    );
    command
}

/// The answer of `mancala solve ID [--width W] --method proof --json` within `b`, the
/// certificate written to `file`, or `{"error": ...}`.
fn solve_json(b: &FullSizePreset, id: &str, width: Option<usize>, file: &Path) -> Value {
    let size = Size {
        width,
        ..Size::default()
    };
    let s = Search {
        budget: mancala_solver::Budget {
            memory: Some((b.memory_mib as u64) << 20),
            deadline: Some(Instant::now() + Duration::from_secs_f64(b.seconds)),
            ..mancala_solver::Budget::new(b.threads)
        },
        method: Some(Prefer::Proof),
        proof: Some(file.to_path_buf()),
    };
    match variant::setup(id, size, &[], None) {
        Ok(game) => match crate::solve::run(game, &s, false, &|_| {}) {
            Ok(solved) => serde_json::to_value(&solved).unwrap_or(Value::Null),
            Err(e) => serde_json::json!({ "error": e.0 }),
        },
        Err(e) => serde_json::json!({ "error": e.to_string() }),
    }
}

/// The certificate's size, if written, and whether it is kept (one over [`KEEP_BYTES`] is
/// removed).
fn keep_certificate(file: &Path) -> (Option<u64>, bool) {
    let bytes = std::fs::metadata(file).map(|m| m.len()).ok();
    let kept = match bytes {
        Some(n) if n > KEEP_BYTES => {
            let _ = std::fs::remove_file(file);
            false
        }
        Some(_) => true,
        None => false,
    };
    (bytes, kept)
}

/// What each proof search of the answer `j` ended with: `South wins? proven after 9 nodes
/// (pn 0 dn inf)`, joined by `; `.
fn searches_text(j: &Value) -> String {
    let searches: Vec<String> = j["proof_searches"].as_array().map_or(Vec::new(), |a| {
        a.iter()
            .map(|t| {
                let n = |k: &str| t[k].as_u64().map_or("inf".to_string(), |v| v.to_string());
                format!(
                    "{} wins? {} after {} nodes (pn {} dn {})",
                    if t["side"] == "S" { "South" } else { "North" },
                    t["result"].as_str().unwrap_or(""),
                    n("nodes"),
                    n("pn"),
                    n("dn")
                )
            })
            .collect()
    });
    searches.join("; ")
}

/// Solves one start as `mancala solve ID [--width W] --method proof` would, writing the
/// certificate into `out/proofs`.
fn run_one(out: &Path, b: &FullSizePreset, id: &str, width: Option<usize>) -> FullSizeRow {
    let name = proof_name(id, width);
    let file = out.join("proofs").join(&name);
    let command = command_line(out, b, id, width);
    let t0 = Instant::now();
    let j = solve_json(b, id, width, &file);
    let num = |k: &str| j[k].as_u64().map_or(String::new(), |v| v.to_string());
    let (bytes, kept) = keep_certificate(&file);
    FullSizeRow {
        variant: id.to_string(),
        board: board(id, width),
        value: match (&j["exact"], j["value"].as_i64()) {
            (Value::Bool(true), Some(v)) => format!("{v:+}"),
            _ => String::new(),
        },
        plies: num("plies"),
        proof_plies: num("proof_plies"),
        proof_nodes: num("proof_nodes"),
        certificate_bytes: or_empty(bytes),
        certificate_checksum: j["certificate_checksum"]
            .as_str()
            .unwrap_or_default()
            .to_string(),
        certificate: if kept {
            format!("proofs/{name}")
        } else {
            String::new()
        },
        no_win_within: num("no_win_within"),
        nodes: num("nodes"),
        seconds: format!("{:.1}", t0.elapsed().as_secs_f64()),
        searches: searches_text(&j),
        error: j["error"].as_str().unwrap_or_default().to_string(),
        command,
    }
}

/// Runs the campaign under `b` (as many games at once as the current pool's threads allow,
/// `b.threads` each), the certificates written into `out/proofs`.
pub(super) fn compute(
    out: &Path,
    b: &FullSizePreset,
    log: &(dyn Fn(&str) + Sync),
) -> io::Result<FullSizeData> {
    std::fs::create_dir_all(out.join("proofs"))?;
    let at_once = (rayon::current_num_threads() / b.threads).max(1);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(at_once)
        .build()
        .map_err(io::Error::other)?;
    let done = std::sync::atomic::AtomicUsize::new(0);
    let rows = pool.install(|| {
        GAMES
            .par_iter()
            .map(|&(id, w)| {
                let r = run_one(out, b, id, w);
                let n = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                log(&format!(
                    "full size: {n} of {} games ({id} {})",
                    GAMES.len(),
                    board(id, w)
                ));
                r
            })
            .collect()
    });
    Ok(FullSizeData {
        budget: b.name.to_string(),
        rows,
    })
}

/// The text of `full-size.csv`: the budget on a comment line, then the rows.
pub(super) fn csv(d: &FullSizeData) -> String {
    let mut t = Table::new(&COLUMNS);
    for r in &d.rows {
        t.push(r.cells());
    }
    format!("# budget {}\n{}", d.budget, t.csv())
}

/// Runs the campaign under `b`, writing `full-size.csv` and the certificates into `out`.
pub(super) fn campaign(
    out: &Path,
    b: &FullSizePreset,
    log: &(dyn Fn(&str) + Sync),
) -> io::Result<()> {
    let d = compute(out, b, log)?;
    write(out, "full-size.csv", &csv(&d))
}

/// The campaign as `out/full-size.csv` holds it; `None` when it has not been run.
pub(super) fn read(out: &Path) -> Option<FullSizeData> {
    let text = std::fs::read_to_string(out.join("full-size.csv")).ok()?;
    let budget = text
        .lines()
        .next()
        .and_then(|l| l.strip_prefix("# budget "))
        .unwrap_or("?")
        .to_string();
    let mut reader = csv::ReaderBuilder::new()
        .comment(Some(b'#'))
        .from_reader(text.as_bytes());
    let rows = reader
        .records()
        .filter_map(Result::ok)
        .map(|r| FullSizeRow::from_cells(&r))
        .collect();
    Some(FullSizeData { budget, rows })
}

/// The section from `out/full-size.csv`, or a note that the campaign has not been run.
pub(super) fn section(out: &Path) -> String {
    markdown(read(out).as_ref())
}

/// The section's Markdown (markers included) for the campaign `d`, or a note that it has not
/// been run.
pub(super) fn markdown(d: Option<&FullSizeData>) -> String {
    let mut md = format!("{BEGIN}\n## The full-size games\n\n");
    let Some(d) = d else {
        md += "Not yet run: `mancala report full-size` tries every source game at its real \
               size.\n";
        return md + END + "\n";
    };
    md += &intro(&d.budget);
    md += &table(&d.rows).markdown();
    let open: Vec<String> = d.rows.iter().filter_map(not_proven).collect();
    if !open.is_empty() {
        md += "\nNot proven within the budget, and what was proven instead (the proof \
               searches' root proof and disproof numbers at the end say how far each was \
               from its goal):\n\n";
        md += &open.join("\n");
        md += "\n";
    }
    md += "\nEach row is reproduced by the `command` column of `full-size.csv`. Longer runs \
           of single games, and the values they proved, are in docs/FULL-SIZE.md.\n";
    md + END + "\n"
}

/// The section's opening paragraph, naming the budget of the campaign.
fn intro(budget: &str) -> String {
    let b = FullSizePreset::named(budget).ok();
    format!(
        "Generated by `mancala report full-size --budget {budget}` (this section alone; \
         `mancala report advantage` writes it again from `full-size.csv`). Each source game \
         at the size its source gives, its start tried by the proof-number search \
         (`mancala solve --method proof`, docs/FULL-SIZE.md){}. A proven value comes with \
         its certificate, which `mancala proof check FILE` replays with the reference rules; \
         a value not proven in time gets the strongest statement proven instead, by the \
         distance search in the last fifth of the time. Values are for the side to move at \
         the start (South). `plies`: to the end under perfect play where the whole count \
         finished; `proof plies`: the longest line of the proof (the winner wins within \
         it).\n\n",
        b.map_or(String::new(), |b| format!(
            ": {} s, {} MiB of table and {} thread{} a game",
            b.seconds,
            b.memory_mib,
            b.threads,
            plural(b.threads)
        ))
    )
}

/// The value in words: `South wins (+1)`, `draw (0)`, `not proven`.
fn value_words(r: &FullSizeRow) -> &'static str {
    match r.value.as_str() {
        "+1" => "South wins (+1)",
        "-1" => "North wins (-1)",
        "+0" | "0" => "draw (0)",
        _ => "not proven",
    }
}

/// The section's table: a row a game.
fn table(rows: &[FullSizeRow]) -> Table {
    let mut t = Table::new(&[
        "game",
        "board",
        "value",
        "plies",
        "proof plies",
        "proof positions",
        "certificate",
        "search nodes",
        "seconds",
    ]);
    for r in rows {
        let (file, bytes, sum) = (
            &r.certificate,
            &r.certificate_bytes,
            &r.certificate_checksum,
        );
        let cert = match (file.as_str(), bytes.as_str()) {
            ("", "") => String::new(),
            ("", bytes) => format!("{bytes} bytes, {sum} (not kept: its command writes it)"),
            (file, bytes) => format!("`{file}`, {bytes} bytes, {sum}"),
        };
        t.push(vec![
            r.variant.clone(),
            r.board.clone(),
            value_words(r).to_string(),
            r.plies.clone(),
            r.proof_plies.clone(),
            r.proof_nodes.clone(),
            cert,
            r.nodes.clone(),
            r.seconds.clone(),
        ]);
    }
    t
}

/// For a game not proven, the item that says what was proven instead and why it stopped.
fn not_proven(r: &FullSizeRow) -> Option<String> {
    if value_words(r) != "not proven" {
        return None;
    }
    // A side's win disproven is proven for good: that side cannot force a win.
    let cannot: Vec<&str> = ["South", "North"]
        .into_iter()
        .filter(|side| r.searches.contains(&format!("{side} wins? disproven")))
        .collect();
    let mut statement = match cannot.as_slice() {
        [side] => format!("{side} cannot force a win (its win is disproven)"),
        _ => String::new(),
    };
    if !r.no_win_within.is_empty() {
        if !statement.is_empty() {
            statement += "; ";
        }
        statement += &format!(
            "neither side can force a win within {} plies",
            r.no_win_within
        );
    }
    if statement.is_empty() {
        statement = "nothing proven within the budget".into();
    }
    let why = if r.error.is_empty() {
        r.searches.clone()
    } else {
        format!("refused: {}", r.error)
    };
    Some(format!("- {} {}: {statement}. {why}.", r.variant, r.board))
}

/// Runs the campaign and rewrites the section of `out/advantage.md` from `full-size.csv`.
pub(super) fn splice(
    out: &Path,
    b: &FullSizePreset,
    log: &(dyn Fn(&str) + Sync),
) -> io::Result<()> {
    campaign(out, b, log)?;
    super::base::splice(out, BEGIN, END, &section(out), "full-size")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_section_reads_the_campaign_and_names_what_is_proven() {
        let dir = tempfile::tempdir().unwrap();
        let mut t = Table::new(&COLUMNS);
        let row = |v: &str, within: &str, file: &str| -> Vec<String> {
            [
                "chisolo",
                "4x5",
                v,
                "",
                "53",
                "17732",
                "189515",
                "xxh3-64:00",
                file,
                within,
                "3311254",
                "12.0",
                "South wins? proven",
                "",
                "mancala solve chisolo",
            ]
            .map(str::to_string)
            .to_vec()
        };
        t.push(row("+1", "", "proofs/chisolo-4x5.proof"));
        t.push(row("", "13", ""));
        let mut half = row("", "8", "");
        half[12] =
            "South wins? time limit after 9 nodes; North wins? disproven after 9 nodes".into();
        t.push(half);
        write(
            dir.path(),
            "full-size.csv",
            &format!("# budget small\n{}", t.csv()),
        )
        .unwrap();
        let s = section(dir.path());
        assert!(s.starts_with(BEGIN) && s.trim_end().ends_with(END), "{s}");
        assert!(s.contains("South wins (+1)"), "{s}");
        assert!(s.contains("`proofs/chisolo-4x5.proof`"), "{s}");
        assert!(
            s.contains("neither side can force a win within 13 plies"),
            "{s}"
        );
        assert!(s.contains("60 s, 2048 MiB"), "{s}");
        assert!(
            s.contains("North cannot force a win (its win is disproven); neither side can force a win within 8 plies"),
            "{s}"
        );
        let none = tempfile::tempdir().unwrap();
        assert!(section(none.path()).contains("Not yet run"));
    }
}
