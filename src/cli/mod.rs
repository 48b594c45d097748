//! The commands, one file a group: each parses its options, calls the library crates and
//! prints (docs/NOTATION.md's text and JSON).

pub mod bench;
pub mod matches;
pub mod options;
pub mod players;
pub mod position;
pub mod report;
pub mod solve;
pub mod tables;

/// Prints `shape` as its JSON line (`--json`) or its text.
pub(crate) fn show<T: serde::Serialize + std::fmt::Display>(json: bool, shape: &T) {
    use std::io::Write;
    if json {
        out!("{}", mancala_analysis::json::line(shape));
    } else {
        // The text carries its own line ends; an empty text prints nothing.
        let text = shape.to_string();
        let mut o = std::io::stdout().lock();
        if o.write_all(text.as_bytes()).is_err() {
            std::process::exit(0);
        }
    }
}
