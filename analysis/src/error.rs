//! The command line's one-line errors: [`Fail`], a refusal of the user's input (exit status
//! 2), and the lines made of clap's errors, every quoted word cut short.

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
        clip(&format!("error: {}", self.0))
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

/// The longest unbroken stretch (a word: no space) an error line quotes; longer ones, which
/// only long input makes (file paths are far shorter), are cut with an ellipsis.
pub const MAX_QUOTE: usize = 200;

/// The longest error line printed.
pub const MAX_ERROR_LINE: usize = 600;

/// An error line with every control character it echoes written as its escape (a newline as
/// `\n`, an escape sequence as `\u{1b}...`: one line that drives no terminal), every word
/// longer than [`MAX_QUOTE`] characters cut to that length with an ellipsis, and the whole
/// line to [`MAX_ERROR_LINE`]: an error names the input it refuses, it does not echo all of it.
pub fn clip(line: &str) -> String {
    let line: String = line
        .chars()
        .flat_map(|c| {
            let escaped = c.is_control().then(|| c.escape_default());
            let plain = (!c.is_control()).then_some(c);
            escaped.into_iter().flatten().chain(plain)
        })
        .collect();
    let cut = |s: &str, most: usize| -> String {
        if s.chars().count() <= most {
            s.to_string()
        } else {
            format!("{}...", s.chars().take(most - 3).collect::<String>())
        }
    };
    let words: Vec<String> = line.split(' ').map(|w| cut(w, MAX_QUOTE)).collect();
    cut(&words.join(" "), MAX_ERROR_LINE)
}

/// The line of a clap error about a negative number given to an option that takes a count
/// (`--width: -1 is not a positive number`), from the `value` and the `option` clap names, if
/// it is one.
pub fn negative_value_line(value: &str, option: &str) -> Option<String> {
    let option = option.split_whitespace().next()?;
    (value.starts_with('-') && option.starts_with("--") && value[1..].parse::<f64>().is_ok()).then(
        || {
            clip(&format!(
                "error: {option}: {} is not a positive number",
                shorten(value)
            ))
        },
    )
}

/// The one line of clap's `rendered` error: its first paragraph, lines joined, clipped.
pub fn clap_line(rendered: &str) -> String {
    let lines: Vec<&str> = rendered
        .lines()
        .map(str::trim)
        .take_while(|l| !l.is_empty())
        .collect();
    clip(&lines.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_escaped() {
        assert_eq!(
            clip("error: a\nb\x1b[2Jc\td"),
            "error: a\\nb\\u{1b}[2Jc\\td"
        );
        assert_eq!(clip("plain é ok"), "plain é ok");
    }

    #[test]
    fn long_words_and_lines_are_cut() {
        let word = "x".repeat(300);
        let line = Fail(format!("bad {word}")).line();
        assert_eq!(line, format!("error: bad {}...", "x".repeat(MAX_QUOTE - 3)));
        assert_eq!(clip(&"ab ".repeat(400)).chars().count(), MAX_ERROR_LINE);
        assert_eq!(
            negative_value_line("-1", "--width <WIDTH>").as_deref(),
            Some("error: --width: -1 is not a positive number")
        );
        assert_eq!(negative_value_line("-x", "--width <WIDTH>"), None);
    }
}
