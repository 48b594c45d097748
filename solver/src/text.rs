//! Text helpers shared by every family's position text (docs/NOTATION.md): rows of counts,
//! `name=a,b` fields, and the split of a position into rows and words.

use crate::error::PositionError;

/// Parses one row of comma-separated counts; problems are pushed with the row's number.
pub(crate) fn parse_row(row: &str, number: usize, problems: &mut Vec<String>) -> Vec<u32> {
    let mut out = Vec::new();
    if row.trim().is_empty() {
        problems.push(format!("row {number} is empty"));
        return out;
    }
    for (i, cell) in row.split(',').enumerate() {
        let cell = cell.trim();
        match cell.parse::<u32>() {
            Ok(v) if v <= 255 => out.push(v),
            Ok(v) => {
                problems.push(format!(
                    "row {number} pit {} holds {v} seeds, at most 255 fit",
                    i + 1
                ));
                out.push(0);
            }
            Err(_) => {
                let what = if cell.starts_with('-') {
                    "is negative"
                } else if cell.is_empty() {
                    "is empty"
                } else {
                    "is not a number"
                };
                problems.push(format!("row {number} pit {} '{cell}' {what}", i + 1));
                out.push(0);
            }
        }
    }
    out
}

/// Parses a `name=a,b` pair of counts, each at most `max`; problems are pushed with the field's
/// name (a count above `max`, or too large for any counter, is reported as too large).
pub(crate) fn parse_pair(key: &str, value: &str, max: u32, problems: &mut Vec<String>) -> [u32; 2] {
    let parts: Vec<&str> = value.split(',').collect();
    if parts.len() != 2 {
        problems.push(format!(
            "field {key}='{value}' must be two counts, South's then North's (e.g. {key}=0,0)"
        ));
        return [0, 0];
    }
    let mut out = [0u32; 2];
    for (i, p) in parts.iter().enumerate() {
        let who = if i == 0 { "South's" } else { "North's" };
        let t = p.trim();
        match t.parse::<u32>() {
            Ok(v) if v <= max => out[i] = v,
            Ok(_) => problems.push(format!(
                "field {key}='{value}': {who} count {t} is too large, at most {max}"
            )),
            Err(_) if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) => problems.push(
                format!("field {key}='{value}': {who} count {t} is too large, at most {max}"),
            ),
            Err(_) => problems.push(format!("field {key}: '{p}' is not a non-negative number")),
        }
    }
    out
}

/// Splits position text into its rows (the first word, `/`-separated; `expected` of them for
/// variant `id`) and the remaining words (side to move, fields).
pub(crate) fn split_rows<'a>(
    text: &'a str,
    expected: usize,
    id: &str,
) -> Result<(Vec<&'a str>, std::str::SplitWhitespace<'a>), PositionError> {
    let mut words = text.split_whitespace();
    let Some(board) = words.next() else {
        return Err(PositionError::one("the text is empty"));
    };
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != expected {
        return Err(PositionError::one(format!(
            "the board has {} row{}, {id} has {expected} (rows separated by '/')",
            rows.len(),
            if rows.len() == 1 { "" } else { "s" }
        )));
    }
    Ok((rows, words))
}

/// Reads the side to move, the word after the rows (South when it is missing or wrong, the
/// problem pushed).
pub(crate) fn parse_side(word: Option<&str>, problems: &mut Vec<String>) -> crate::side::Side {
    use crate::side::Side;
    match word {
        None => {
            problems.push("the side to move is missing (S or N after the rows)".into());
            Side::South
        }
        Some(s) => s.parse::<Side>().unwrap_or_else(|e| {
            problems.push(e);
            Side::South
        }),
    }
}

/// Splits the `key=value` fields after the side to move; a word without `=` and a key given
/// again are pushed as problems and left out.
pub(crate) fn key_values<'a>(
    words: impl Iterator<Item = &'a str>,
    problems: &mut Vec<String>,
) -> Vec<(&'a str, &'a str)> {
    let mut out: Vec<(&str, &str)> = Vec::new();
    for field in words {
        let Some((key, value)) = field.split_once('=') else {
            problems.push(format!("field '{field}' is not key=value"));
            continue;
        };
        if out.iter().any(|&(k, _)| k == key) {
            problems.push(format!("field {key} is given twice"));
            continue;
        }
        out.push((key, value));
    }
    out
}
