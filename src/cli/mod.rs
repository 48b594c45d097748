//! The commands, one file a group: each parses its options, calls the library crates and
//! prints (docs/NOTATION.md's text and JSON).

pub mod bench;
pub mod r#match;
pub mod options;
pub mod position;
pub mod proof;
pub mod rate;
pub mod report;
pub mod serve;
pub mod solve;
pub mod tablebase;

use mancala_analysis::error::Res;
use std::io::Write;

/// The one option of a command whose only choice is the form of its output.
#[derive(clap::Args)]
pub(crate) struct Json {
    /// Print one JSON object.
    #[arg(long)]
    pub(crate) json: bool,
}

/// Prints `shape` as its JSON line (`--json`) or its text.
pub(crate) fn show<T: serde::Serialize + std::fmt::Display>(json: bool, shape: &T) -> Res {
    // The text carries its own line ends; an empty text prints nothing.
    let text = match json {
        true => mancala_analysis::shape::line(shape) + "\n",
        false => shape.to_string(),
    };
    // A closed pipe (e.g. `| head`) ends the program quietly.
    if std::io::stdout().lock().write_all(text.as_bytes()).is_err() {
        std::process::exit(0);
    }
    Ok(())
}

/// A spinner on stderr (hidden when stderr is not a terminal).
pub(crate) fn spinner() -> indicatif::ProgressBar {
    let pb = indicatif::ProgressBar::new_spinner();
    pb.set_draw_target(indicatif::ProgressDrawTarget::stderr());
    pb.enable_steady_tick(std::time::Duration::from_millis(200));
    pb
}

/// A bar on stderr (hidden when stderr is not a terminal) of `len` steps drawn by `template`.
pub(crate) fn bar(len: Option<u64>, template: &str) -> indicatif::ProgressBar {
    let pb = indicatif::ProgressBar::with_draw_target(len, indicatif::ProgressDrawTarget::stderr());
    if !template.is_empty() {
        let style = indicatif::ProgressStyle::with_template(template).expect("a valid template");
        pb.set_style(style.progress_chars("=> "));
    }
    pb
}
