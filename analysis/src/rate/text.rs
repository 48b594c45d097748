//! The text of `mancala rate`: a line of what was rated, then a table of the figures by the
//! seeds on the board and for every position.

use super::json::{Interval, Rate, RateFigures};
use std::fmt;

/// `k/n p% [lo–hi]`, or `–` when `n` is 0.
fn share(k: u64, n: u64, i: &Interval) -> String {
    if n == 0 {
        return "–".into();
    }
    format!(
        "{k}/{n} {:.1}% [{:.1}–{:.1}]",
        100.0 * i.value,
        100.0 * i.lo,
        100.0 * i.hi
    )
}

/// One row of the table.
fn row(label: String, f: &RateFigures) -> [String; 7] {
    [
        label,
        f.positions.to_string(),
        f.failures.to_string(),
        share(f.wins_thrown, f.won, &f.wins_thrown_share),
        share(f.draws_thrown, f.drawn, &f.draws_thrown_share),
        share(f.losing_moves, f.positions, &f.losing_share),
        if f.positions == 0 {
            "–".into()
        } else {
            let m = &f.mean_loss;
            format!("{:.3} [{:.3}–{:.3}]", m.value, m.lo, m.hi)
        },
    ]
}

impl fmt::Display for Rate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{} rated on {} from {}: {} positions with {}..{} seeds on the board (drawn from {} found in {} games, seed {}), valued by the tables {}; values in {}",
            self.engine,
            self.at.variant,
            self.at.position,
            self.all.positions,
            self.all.seeds[0],
            self.all.seeds[1],
            self.pool,
            self.games,
            self.seed,
            self.tablebases.as_deref().unwrap_or("built in memory"),
            self.unit
        )?;
        let head = [
            "seeds".to_string(),
            "positions".into(),
            "failures".into(),
            "wins thrown".into(),
            "draws thrown".into(),
            "losing moves".into(),
            "mean loss".into(),
        ];
        let mut rows = vec![head];
        for b in &self.buckets {
            rows.push(row(format!("{}-{}", b.seeds[0], b.seeds[1]), b));
        }
        rows.push(row("all".into(), &self.all));
        let widths: Vec<usize> = (0..7)
            .map(|c| rows.iter().map(|r| r[c].chars().count()).max().unwrap_or(0))
            .collect();
        for r in rows {
            let cells: Vec<String> = r
                .iter()
                .zip(&widths)
                .map(|(c, &w)| format!("{c:<w$}"))
                .collect();
            writeln!(f, "{}", cells.join("  ").trim_end())?;
        }
        if let Some(first) = &self.first_failure {
            let kinds: Vec<String> = self
                .all
                .failures_by_kind
                .iter()
                .map(|(k, n)| format!("{k} {n}"))
                .collect();
            writeln!(
                f,
                "failures by kind: {}; the first: {first}",
                kinds.join(", ")
            )?;
        }
        Ok(())
    }
}
