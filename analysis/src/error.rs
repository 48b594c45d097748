//! The command line's one-line errors: [`Fail`], a refusal of the user's input (exit status
//! 2), and the lines made of clap's errors, each clipped to [`MAX_ERROR_LINE`] characters
//! ([`clip`]).

use mancala_solver::text::clip;

/// A user error: the command line prints [`Fail::line`] and exits with status 2.
#[derive(Debug)]
pub struct Fail(pub String);

impl<E: std::fmt::Display> From<E> for Fail {
    fn from(e: E) -> Fail {
        Fail(e.to_string())
    }
}

impl Fail {
    /// The one line printed on stderr: `error: ` and the message, clipped ([`clip`]).
    pub fn line(&self) -> String {
        clip(&format!("error: {}", self.0), MAX_ERROR_LINE)
    }
}

/// This process's rank in a parallel job, as the launchers tell it in the environment (Open
/// MPI's `mpirun`, PMIx, MPICH's PMI, Slurm's `srun`); `None` outside one.
pub fn launcher_rank() -> Option<usize> {
    [
        "OMPI_COMM_WORLD_RANK",
        "PMIX_RANK",
        "PMI_RANK",
        "SLURM_PROCID",
    ]
    .iter()
    .find_map(|v| std::env::var(v).ok()?.trim().parse().ok())
}

/// True when this process prints the job's error line: any process outside a parallel job,
/// rank 0 within one (every rank meets the same refusal of its options; one line a job).
pub fn speaks() -> bool {
    launcher_rank().unwrap_or(0) == 0
}

/// What a command gives: its shape was printed, or a [`Fail`].
pub type Res = Result<(), Fail>;

/// The message of a tablebases error as the command line prints it: the error's own text,
/// and where a build would make what is missing, the command and option that make it (the
/// tablebases name no command or option).
pub fn tables_message(e: &mancala_tablebases::Error) -> String {
    use mancala_tablebases::{Bound, Error, Need};
    let option = |b: &Bound| match b {
        Bound::Stones(n) => format!("--max-stones {n}"),
        Bound::Counters(n) => format!("--counters {n}"),
        Bound::Width(w) => format!("--width {w}"),
    };
    match e {
        Error::MissingSlice {
            need: Some(need), ..
        } => match need {
            Need::Tables => format!("{e} (build it with `mancala tablebase build`)"),
            Need::To(b) => format!("{e}: build with {}", option(b)),
            Need::AtLeast(b) => format!("{e}: build with {} or more", option(b)),
        },
        Error::NoTables { need: Some(_), .. } => {
            format!("{e}; build them with `mancala tablebase build`")
        }
        Error::BadBound { bound, reason } => format!("invalid {}: {reason}", option(bound)),
        Error::NeedsTables { variant, need, .. } => format!(
            "{e}: build them with `mancala tablebase build {variant} {}` and pass the folder",
            option(need)
        ),
        e => e.to_string(),
    }
}

/// `s`, cut to 24 characters with an ellipsis when longer (for echoing input in errors).
pub fn shorten(s: &str) -> String {
    if s.chars().count() <= 24 {
        s.to_string()
    } else {
        format!("{}...", s.chars().take(21).collect::<String>())
    }
}

/// The longest error line printed: longer ones quote less of their input ([`clip`]).
pub const MAX_ERROR_LINE: usize = 400;

/// The line of a clap error about a negative number given to an option that takes a count
/// (`--width: -1 is not a positive number`), from the `value` and the `option` clap names, if
/// it is one.
pub fn negative_value_line(value: &str, option: &str) -> Option<String> {
    let option = option.split_whitespace().next()?;
    (value.starts_with('-') && option.starts_with("--") && value[1..].parse::<f64>().is_ok()).then(
        || {
            clip(
                &format!(
                    "error: {option}: {} is not a positive number",
                    shorten(value)
                ),
                MAX_ERROR_LINE,
            )
        },
    )
}

/// The line of a command line that names no command.
pub const NO_COMMAND: &str = "error: no command given (try 'mancala --help')";

/// The one line of clap's `rendered` error: its first paragraph, lines joined, clipped.
pub fn clap_line(rendered: &str) -> String {
    let lines: Vec<&str> = rendered
        .lines()
        .map(str::trim)
        .take_while(|l| !l.is_empty())
        .collect();
    clip(&lines.join(" "), MAX_ERROR_LINE)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_words_and_lines_are_cut() {
        let word = "x".repeat(300);
        let line = Fail(format!("bad {word}\n")).line();
        assert_eq!(line, format!("error: bad {}...", "x".repeat(197)));
        let line = Fail(format!("bad '{}': why", "ab ".repeat(400))).line();
        assert_eq!(line.chars().count(), MAX_ERROR_LINE);
        assert!(line.ends_with("': why"), "{line}");
        assert_eq!(
            negative_value_line("-1", "--width <WIDTH>").as_deref(),
            Some("error: --width: -1 is not a positive number")
        );
        assert_eq!(negative_value_line("-x", "--width <WIDTH>"), None);
    }
}
