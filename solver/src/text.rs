//! Text helpers shared by every family's position text (docs/NOTATION.md): rows of counts,
//! `name=a,b` fields, and the split of a position into rows and words; and [`clip`], which
//! every message quoting its input goes through.

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

/// The longest word (a stretch without a space) that [`clip`] leaves whole: longer ones, which
/// only long input makes (file paths are far shorter), are cut to this with an ellipsis.
pub const MAX_QUOTE: usize = 200;

/// The shortest [`clip`] cuts a word or a stretch between quotes to before it cuts the end.
const MIN_STRETCH: usize = 24;

/// `text` made fit to print in a line of at most `most` characters, for a message that quotes
/// its input: every control character written as its escape (a newline as `\n`, an escape
/// sequence as `\u{1b}...`: one line that drives no terminal), every word longer than
/// [`MAX_QUOTE`] (or `most`) cut to that with `...`; then, while the line is longer than
/// `most`, the longest word cut further, then the longest stretch between two quotes (`'`)
/// cut in its middle, and last the line's end. The words around a quoted excerpt stay: a
/// message names the input it refuses, it does not echo all of it.
pub fn clip(text: &str, most: usize) -> String {
    let escaped: String = text
        .chars()
        .flat_map(|c| {
            let escaped = c.is_control().then(|| c.escape_default());
            let plain = (!c.is_control()).then_some(c);
            escaped.into_iter().flatten().chain(plain)
        })
        .collect();
    let mut words: Vec<Vec<char>> = escaped
        .split(' ')
        .map(|w| cut_end(&w.chars().collect::<Vec<_>>(), MAX_QUOTE.min(most)))
        .collect();
    shorten_longest(&mut words, most, cut_end);
    let line: String = join(&words, ' ');
    let mut stretches: Vec<Vec<char>> = line.split('\'').map(|s| s.chars().collect()).collect();
    shorten_longest(&mut stretches, most, cut_middle);
    cut_end(&join(&stretches, '\'').chars().collect::<Vec<_>>(), most)
        .into_iter()
        .collect()
}

/// Cuts the longest of `parts` (joined by one character) with `cut`, down to [`MIN_STRETCH`]
/// characters at the least, until all of them fit in `most` characters or none is longer.
fn shorten_longest(parts: &mut [Vec<char>], most: usize, cut: fn(&[char], usize) -> Vec<char>) {
    loop {
        let len = parts.iter().map(Vec::len).sum::<usize>() + parts.len().saturating_sub(1);
        let Some(i) = (0..parts.len()).max_by_key(|&i| (parts[i].len(), usize::MAX - i)) else {
            return;
        };
        if len <= most || parts[i].len() <= MIN_STRETCH {
            return;
        }
        let keep = parts[i].len().saturating_sub(len - most).max(MIN_STRETCH);
        parts[i] = cut(&parts[i], keep);
    }
}

/// `parts` joined by `sep`.
fn join(parts: &[Vec<char>], sep: char) -> String {
    let mut out = String::new();
    for (i, p) in parts.iter().enumerate() {
        if i > 0 {
            out.push(sep);
        }
        out.extend(p);
    }
    out
}

/// `s`, or its first characters and `...` in `most` characters when it is longer.
fn cut_end(s: &[char], most: usize) -> Vec<char> {
    if s.len() <= most {
        return s.to_vec();
    }
    let head = most.saturating_sub(3);
    s[..head]
        .iter()
        .copied()
        .chain("...".chars())
        .take(most)
        .collect()
}

/// `s`, or its first two thirds and its last third with `...` between in `most` characters
/// when it is longer (the end of a stretch is often what the message says of it).
fn cut_middle(s: &[char], most: usize) -> Vec<char> {
    if s.len() <= most {
        return s.to_vec();
    }
    let kept = most.saturating_sub(3);
    let tail = kept / 3;
    let head = kept - tail;
    s[..head]
        .iter()
        .copied()
        .chain("...".chars())
        .chain(s[s.len() - tail..].iter().copied())
        .take(most)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_escaped() {
        assert_eq!(
            clip("error: a\nb\x1b[2Jc\td", 400),
            "error: a\\nb\\u{1b}[2Jc\\td"
        );
        assert_eq!(clip("plain é ok", 400), "plain é ok");
    }

    #[test]
    fn long_words_are_cut_at_their_end() {
        let word = "x".repeat(300);
        assert_eq!(
            clip(&format!("error: bad {word}"), 400),
            format!("error: bad {}...", "x".repeat(MAX_QUOTE - 3))
        );
        assert_eq!(clip(&word, 43), format!("{}...", "x".repeat(40)));
        assert_eq!(clip("short", 43), "short");
    }

    #[test]
    fn a_long_line_keeps_what_it_says_around_the_quote() {
        // Many short words: the quoted stretch is cut in its middle, the words after it stay.
        let line = format!(
            "error: invalid move '{}': expected a pit",
            "ab ".repeat(1000)
        );
        let c = clip(&line, 400);
        assert_eq!(c.chars().count(), 400, "{c}");
        assert!(c.starts_with("error: invalid move 'ab ab"), "{c}");
        assert!(c.ends_with("ab ': expected a pit"), "{c}");
        // A long word and a long tail: the word gives way first.
        let list = "warri, kale, ".repeat(20);
        let line = format!(
            "error: unknown variant '{}': expected one of {list}",
            "v".repeat(5000)
        );
        let c = clip(&line, 400);
        assert_eq!(c.chars().count(), 400, "{c}");
        assert!(c.ends_with(&format!("... expected one of {list}")), "{c}");
        // No quote and no space: the end goes.
        let c = clip(&"ab,".repeat(1000).replace(',', " "), 400);
        assert!(c.chars().count() <= 400, "{c}");
        for most in [0, 1, 3, 5, 30, 100] {
            assert!(clip(&"a 'b' ".repeat(100), most).chars().count() <= most);
        }
    }
}
