//! The text of `mancala solve` and `mancala analyze`, every family.

use super::json::{
    Analyze, EveryMove, FourAnalyze, FourSolve, IsoloAnalyze, IsoloSearch, IsoloSolve, Line,
    MorrisAnalyze, MorrisSolve, MovePlies, ProofFields, ProofSolve, SeatSolve, Solve, Solved,
};
use mancala_solver::nseat::shares_text;
use std::fmt;

/// The note under a proven value whose line `--time` cut short while it was built.
const PV_CUT: &str =
    "note: the principal variation stops short (the time limit passed while it was built)";

/// The note when the time limit left moves unproven.
const MOVES_CUT: &str = "note: the time limit passed before every move was proven";

/// A win/draw/loss value in a word.
fn wdl_word(v: i32) -> &'static str {
    match v {
        1 => "win",
        0 => "draw",
        _ => "loss",
    }
}

/// `, N plies to the end` when the plies are known.
fn plies_to_end(plies: Option<u32>) -> String {
    match plies {
        Some(1) => ", 1 ply to the end".to_string(),
        Some(n) => format!(", {n} plies to the end"),
        None => String::new(),
    }
}

/// A move's value as `analyze` shows it: `+1 in 7 plies`, `+1`, or `not proven`.
fn move_value(value: Option<i32>, plies: Option<u32>) -> String {
    match (value, plies) {
        (Some(v), Some(p)) => format!("{v:+} in {p} plies"),
        (Some(v), None) => format!("{v:+}"),
        (None, _) => "not proven".to_string(),
    }
}

/// The `pv` line, when there is a line.
fn pv_line(f: &mut fmt::Formatter<'_>, pv: &[String]) -> fmt::Result {
    if pv.is_empty() {
        return Ok(());
    }
    writeln!(f, "pv {}", pv.join(" "))
}

/// `  best` after a best move.
fn best_mark(best: bool) -> &'static str {
    if best {
        "  best"
    } else {
        ""
    }
}

impl Solve {
    /// How the answer was proven, in words: `retrograde, tables to 12 stones in memory`.
    fn method_words(&self) -> String {
        let tables = self.plan.tables.as_ref().map(|t| {
            let to = t.complete_to.map_or("none".to_string(), |k| k.to_string());
            let place = match &t.folder {
                Some(f) => format!("in {}", f.display()),
                None => "in memory".to_string(),
            };
            if t.built > 0 {
                format!("tables to {to} stones ({} slices built {place})", t.built)
            } else {
                format!("tables to {to} stones {place}")
            }
        });
        match tables {
            Some(t) if self.line.method != mancala_tablebases::Method::Search.as_str() => {
                format!("{}, {t}", self.line.method)
            }
            _ => self.line.method.to_string(),
        }
    }
}

impl fmt::Display for Solve {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let how = if self.head.exact {
            format!("exact, {}", self.method_words())
        } else if self.depth_limited {
            "heuristic, depth-limited".to_string()
        } else {
            "not proven: the time limit passed".to_string()
        };
        writeln!(
            f,
            "value {:+} ({how}), best move {}",
            self.head.value,
            self.line.best_move.as_deref().unwrap_or("none (game over)")
        )?;
        pv_line(f, &self.line.pv)?;
        if self.head.exact && !self.run.pv_complete {
            writeln!(f, "{PV_CUT}")?;
        }
        let phases: Vec<String> = self
            .plan
            .phases
            .iter()
            .map(|p| format!("{} {:.2} s", p.phase, p.seconds))
            .collect();
        let threads = if self.run.threads == 1 {
            "1 thread".to_string()
        } else {
            format!("{} threads", self.run.threads)
        };
        writeln!(
            f,
            "{} nodes, {:.3} s ({}; {threads})",
            self.nodes,
            self.head.seconds,
            phases.join(", ")
        )
    }
}

impl fmt::Display for Analyze {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.every.move_order.is_empty() {
            writeln!(
                f,
                "no legal move: the game is over (value {:+})",
                self.margin
            )?;
        }
        move_rows(f, &self.every, self.head.value, 3, self.head.exact)
    }
}

impl fmt::Display for FourSolve {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let head = &self.head;
        if let Some(p) = &self.proof {
            let answer = Proven {
                value: head.exact.then_some(head.value),
                to_move: head.to_move,
                plies: self.plies,
                line: &self.line,
                seconds: head.seconds,
            };
            return proof_text(f, &answer, p);
        }
        // The whole graph stopped by the time limit proves nothing, not even a guess.
        if !head.exact && self.search.is_none() {
            writeln!(
                f,
                "value unknown for {}, best move none proven",
                head.to_move
            )?;
            writeln!(
                f,
                "note: not proven (the time limit passed before the whole-graph solver finished)"
            )?;
            return writeln!(f, "retrograde analysis stopped after {:.3} s", head.seconds);
        }
        writeln!(
            f,
            "value {} for {} ({:+}){}, best move {}",
            wdl_word(head.value),
            head.to_move,
            head.value,
            plies_to_end(self.plies),
            self.line.best_move.as_deref().unwrap_or("none (game over)")
        )?;
        if !head.exact {
            let why = if !self.exact_key {
                "the position is too large for the search's exact key"
            } else if self.depth_limited {
                "the depth limit stopped the search: the value is a heuristic"
            } else {
                "the time limit passed: the value is the last finished iteration's"
            };
            writeln!(f, "note: not proven ({why})")?;
        }
        if let Some(why) = self.search.as_ref().and_then(|s| s.plies_stopped) {
            writeln!(
                f,
                "note: plies to the end not counted ({why}); the line is the search's"
            )?;
        }
        pv_line(f, &self.line.pv)?;
        let Some(search) = &self.search else {
            return writeln!(
                f,
                "{} positions in the reachable graph (retrograde analysis) in {:.3} s",
                self.nodes, head.seconds
            );
        };
        if self.search_exact && !search.run.pv_complete {
            writeln!(f, "{PV_CUT}")?;
        }
        writeln!(f, "{} nodes in {:.3} s", self.nodes, head.seconds)
    }
}

impl fmt::Display for FourAnalyze {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let (true, Some(v)) = (self.every.move_order.is_empty(), self.head.value) {
            writeln!(f, "no legal move: the game is over (value {v:+})")?;
        }
        move_rows(f, &self.every, self.head.value, 12, self.head.exact)
    }
}

impl fmt::Display for MorrisSolve {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (head, line) = (&self.head, &self.line);
        let plies = self
            .plies
            .map_or(String::new(), |p| format!(" in {p} plies"));
        writeln!(
            f,
            "value {}{plies} for {} ({:+}), best move {}",
            wdl_word(head.value),
            head.to_move,
            head.value,
            line.best_move.as_deref().unwrap_or("none (game over)")
        )?;
        if !head.exact {
            writeln!(
                f,
                "note: not proven (the depth or time limit stopped the search)"
            )?;
        }
        pv_line(f, &line.pv)?;
        if head.exact && head.value == 0 && line.pv.is_empty() {
            writeln!(
                f,
                "note: a draw gets no line (it would wander over the drawn positions for ever)"
            )?;
        } else if head.exact && !self.run.pv_complete {
            writeln!(f, "{PV_CUT}")?;
        }
        writeln!(
            f,
            "method {}: {} nodes, tables of {} entries ({:.3} s to build), {:.3} s in all",
            line.method, self.nodes, self.table_entries, self.build_seconds, head.seconds
        )
    }
}

impl fmt::Display for MorrisAnalyze {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.every.move_order.is_empty() {
            writeln!(
                f,
                "no legal move: the game is over (value {})",
                self.head
                    .value
                    .map_or("not proven".into(), |v| format!("{v:+}"))
            )?;
        }
        plied_rows(f, &self.every, &self.plied)?;
        if !self.head.exact {
            writeln!(f, "{MOVES_CUT}")?;
        }
        Ok(())
    }
}

/// Each move's value and plies in move order (the win/draw/loss games whose `analyze` counts
/// plies), the best marked.
fn plied_rows(f: &mut fmt::Formatter<'_>, every: &EveryMove, plied: &MovePlies) -> fmt::Result {
    for name in &every.move_order {
        writeln!(
            f,
            "{name:>10}  {}{}",
            move_value(every.moves[name], plied.move_plies[name]),
            best_mark(plied.best_moves.contains(name))
        )?;
    }
    Ok(())
}

/// The notes under an Isolo answer the search gave, and its count of positions.
fn isolo_search_note(
    f: &mut fmt::Formatter<'_>,
    search: &Option<IsoloSearch>,
    proven: bool,
) -> fmt::Result {
    let Some(sh) = search else { return Ok(()) };
    if let Some(why) = &sh.graph_refused {
        writeln!(f, "note: the whole graph was given up ({why}, what --memory holds); the distance search answered")?;
    }
    if !proven {
        let why = match sh.stopped {
            Some("time limit") => "the time limit stopped it",
            Some(_) => "its memo filled --memory",
            None => "the ply limit stopped it",
        };
        writeln!(
            f,
            "note: not proven: no forced win or loss within {} plies ({why}; the search proves no draw)",
            sh.searched_plies
        )?;
    }
    writeln!(f, "{} positions searched", sh.nodes)
}

impl fmt::Display for IsoloSolve {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let head = &self.head;
        let word = head.value.map_or("unknown", wdl_word);
        writeln!(
            f,
            "value {word} for {}{}{}, best move {}",
            head.to_move,
            head.value.map_or(String::new(), |v| format!(" ({v:+})")),
            plies_to_end(self.plies),
            self.line.best_move.as_deref().unwrap_or(if head.exact {
                "none (game over)"
            } else {
                "none proven"
            })
        )?;
        pv_line(f, &self.line.pv)?;
        isolo_search_note(f, &self.search, head.exact)?;
        match self.graph_positions {
            Some(n) => writeln!(
                f,
                "{n} positions in the reachable graph (retrograde analysis) in {:.3} s",
                head.seconds
            ),
            None => writeln!(f, "distance search in {:.3} s", head.seconds),
        }
    }
}

impl fmt::Display for IsoloAnalyze {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.every.moves.is_empty() {
            writeln!(
                f,
                "no legal move: the game is over (value {:+})",
                self.head.value.unwrap_or(-1)
            )?;
        }
        plied_rows(f, &self.every, &self.plied)?;
        isolo_search_note(f, &self.search, self.head.value.is_some())?;
        writeln!(
            f,
            "moves won {}, drawn {}, lost {}{}; {:.3} s",
            self.move_values[0],
            self.move_values[1],
            self.move_values[2],
            match self.graph_positions {
                Some(n) => format!("; {n} positions in the reachable graph"),
                None => String::new(),
            },
            self.head.seconds
        )
    }
}

/// Each move's value in move order, names right-aligned to `width`, the best marked, and the
/// note when not every move was proven.
fn move_rows(
    f: &mut fmt::Formatter<'_>,
    every: &EveryMove,
    value: Option<i32>,
    width: usize,
    exact: bool,
) -> fmt::Result {
    for name in &every.move_order {
        let v = every.moves[name];
        writeln!(
            f,
            "{name:>width$}  {}{}",
            move_value(v, None),
            best_mark(v.is_some() && v == value)
        )?;
    }
    if !exact {
        writeln!(f, "{MOVES_CUT}")?;
    }
    Ok(())
}

impl fmt::Display for Solved {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Solved::Two(s) => s.fmt(f),
            Solved::TwoMoves(s) => s.fmt(f),
            Solved::Four(s) => s.fmt(f),
            Solved::FourMoves(s) => s.fmt(f),
            Solved::Morris(s) => s.fmt(f),
            Solved::MorrisMoves(s) => s.fmt(f),
            Solved::Isolo(s) => s.fmt(f),
            Solved::IsoloMoves(s) => s.fmt(f),
            Solved::Proof(s) => s.fmt(f),
            Solved::KpoPlayers(s) => s.fmt(f),
        }
    }
}

impl fmt::Display for ProofSolve {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let answer = Proven {
            value: self.head.value,
            to_move: self.head.to_move,
            plies: None,
            line: &self.line,
            seconds: self.head.seconds,
        };
        proof_text(f, &answer, &self.proof)
    }
}

/// What the text of a proof search's answer shows besides its fields.
struct Proven<'a> {
    value: Option<i32>,
    to_move: mancala_solver::Side,
    plies: Option<u32>,
    line: &'a Line,
    seconds: f64,
}

/// A solve the proof-number search answered.
fn proof_text(f: &mut fmt::Formatter<'_>, s: &Proven, p: &ProofFields) -> fmt::Result {
    let nodes: u64 = p.proof_searches.iter().map(|t| t.nodes).sum();
    let Some(value) = s.value else {
        writeln!(f, "value unknown for {}, best move none proven", s.to_move)?;
        for t in &p.proof_searches {
            let side = if t.side == "S" { "South" } else { "North" };
            let num = |x: Option<u64>| x.map_or("inf".to_string(), |x| x.to_string());
            writeln!(
                f,
                "note: not proven: {side} wins? {} after {} nodes (root pn {} dn {})",
                t.result,
                t.nodes,
                num(t.pn),
                num(t.dn)
            )?;
        }
        if let Some(d) = p.no_win_within {
            writeln!(f, "proven: neither side can force a win within {d} plies")?;
        }
        return writeln!(f, "{nodes} proof-search nodes in {:.3} s", s.seconds);
    };
    writeln!(
        f,
        "value {} for {} ({:+}){}, best move {}",
        wdl_word(value),
        s.to_move,
        value,
        plies_to_end(s.plies),
        s.line.best_move.as_deref().unwrap_or(if value == 0 {
            "none proven (a draw)"
        } else {
            "none (game over)"
        })
    )?;
    if let (None, Some(d)) = (s.plies, p.proof_plies) {
        match p.plies_stopped {
            Some(why) => writeln!(
                f,
                "note: plies to the end not counted ({why}); the proof wins within {d} plies"
            )?,
            None => writeln!(f, "note: the proof wins within {d} plies")?,
        }
    }
    pv_line(f, &s.line.pv)?;
    if let Some(n) = p.proof_nodes {
        write!(f, "proof of {n} positions")?;
        if let (Some(file), Some(sum)) = (&p.certificate, &p.certificate_checksum) {
            write!(f, ", certificate {file} ({sum})")?;
        }
        writeln!(f)?;
    }
    writeln!(f, "{nodes} proof-search nodes in {:.3} s", s.seconds)
}

/// `names`, or `nobody` when there are none.
fn or_nobody(names: &[String]) -> String {
    if names.is_empty() {
        "nobody".into()
    } else {
        names.join(", ")
    }
}

/// `solve`: the paranoid values, the coalitions of three players, each max^n profile, the
/// forced winners and kingmakers, and the seconds.
impl fmt::Display for SeatSolve {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.seats.len();
        let seeds = |v: u32| shares_text(v, n);
        let cells = |v: &[u32]| -> String {
            let cells: Vec<String> = (0..n)
                .map(|i| format!("{} {}", self.seats[i], seeds(v[i])))
                .collect();
            cells.join(", ")
        };
        writeln!(
            f,
            "kpo, {n} players, 2x{} board, {} seeds in play ({}), {} to move",
            self.board.width.unwrap_or_default(),
            self.seeds_in_play,
            self.board.rules.join(" "),
            self.to_move
        )?;
        match &self.paranoid_shares {
            Some(p) => {
                let how = match self.graph_positions {
                    Some(k) => format!("whole graph of {k} positions, and search"),
                    None => "search (the graph is too large)".into(),
                };
                writeln!(
                    f,
                    "paranoid values (seeds each can guarantee against all the others): {} [{how}]",
                    cells(p)
                )?;
                if n == 3 {
                    // What the other two can force is what the third cannot keep.
                    let pairs: Vec<String> = (0..3)
                        .map(|k| {
                            let (x, y) = ((k + 1) % 3, (k + 2) % 3);
                            let (x, y) = (x.min(y), x.max(y));
                            format!(
                                "{}+{} force {}",
                                self.seats[x],
                                self.seats[y],
                                seeds(n as u32 * self.seeds_in_play - p[k])
                            )
                        })
                        .collect();
                    writeln!(
                        f,
                        "coalitions (a pair against the third): {}",
                        pairs.join(", ")
                    )?;
                }
            }
            None => writeln!(f, "paranoid values: not proven within the node bound")?,
        }
        if self.ties.is_empty() {
            writeln!(f, "max^n: not computed (the graph is too large)")?;
        }
        for tie in &self.ties {
            let r = &self.maxn[tie];
            writeln!(
                f,
                "max^n, ties {tie}: {} (leader {}; {} positions where a player would gain by one other move)",
                cells(&r.shares),
                r.leaders.join(" and "),
                r.deviations
            )?;
        }
        if let Some(w) = &self.forced_winners {
            writeln!(
                f,
                "can force a win (more than half the seeds): {}",
                or_nobody(w)
            )?;
        }
        if let Some(k) = &self.kingmakers {
            writeln!(
                f,
                "kingmaker (loses, and its ties decide the winner): {}",
                or_nobody(k)
            )?;
        }
        writeln!(f, "{:.2} s", self.seconds)
    }
}
