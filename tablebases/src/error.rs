//! Errors of building, opening, probing and verifying tablebases.
//!
//! Every error that concerns a file names it. Malformed bytes become [`Error::Corrupt`] or
//! [`Error::Mismatch`], never a panic and never a silently wrong value.

use std::fmt;
use std::path::{Path, PathBuf};

/// A bound of a build: the command line words it (this crate names no command or option).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// Seeds on the board (two-row and four-row tables).
    Stones(u32),
    /// Counters a side (morris tables).
    Counters(u32),
    /// Holes a row (four-row tables).
    Width(usize),
}

impl fmt::Display for Bound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Bound::Stones(n) => write!(f, "stone bound {n}"),
            Bound::Counters(n) => write!(f, "counter bound {n}"),
            Bound::Width(w) => write!(f, "width {w}"),
        }
    }
}

/// What a build must reach to make a table that is missing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Need {
    /// A build of the game's tables.
    Tables,
    /// A build to this bound.
    To(Bound),
    /// A build to this bound or beyond.
    AtLeast(Bound),
}

/// What went wrong.
#[derive(Debug)]
pub enum Error {
    /// Reading or writing a file failed.
    Io {
        /// The file or folder.
        path: PathBuf,
        /// What was being done.
        action: &'static str,
        /// The system's error.
        source: std::io::Error,
    },
    /// A file's bytes are damaged: bad magic, unknown version, truncated, checksum mismatch,
    /// unreadable header.
    Corrupt {
        /// The file.
        path: PathBuf,
        /// Why it is refused.
        reason: String,
    },
    /// A table file's name that holds no regular file (nor a link to one): a FIFO, a socket,
    /// a device or a folder, which is never opened (a FIFO would block the reader).
    NotAFile {
        /// The name.
        path: PathBuf,
        /// What it holds instead: `a FIFO`, `a folder`, ...
        kind: &'static str,
    },
    /// A sound file that is not the one expected here: another variant, rule set, width or
    /// stone count than its name or the caller says.
    Mismatch {
        /// The file.
        path: PathBuf,
        /// What differs.
        reason: String,
    },
    /// A tablebase folder that does not exist.
    NoFolder {
        /// The folder.
        dir: PathBuf,
        /// True when the folder was to be made, but its parent does not exist either.
        make: bool,
    },
    /// A folder that exists but holds none of the tables asked for.
    NoTables {
        /// The folder.
        dir: PathBuf,
        /// What was looked for and what the folder holds instead.
        reason: String,
        /// What a build must reach to make them, when one would.
        need: Option<Need>,
    },
    /// A slice that a probe, a search or a verification needs is not in the tables.
    MissingSlice {
        /// The folder, or the file that should hold the slice.
        path: PathBuf,
        /// Which slice.
        reason: String,
        /// What a build must reach to hold it, when one would.
        need: Option<Need>,
    },
    /// A bound of a build beyond what the tables can hold or index.
    BadBound {
        /// The bound asked for.
        bound: Bound,
        /// What the tables hold.
        reason: String,
    },
    /// A search too large for the solver that tables would answer.
    NeedsTables {
        /// Why the search is refused, and what the tables would hold.
        reason: String,
        /// The variant whose tables would answer it.
        variant: String,
        /// The bound of the build that makes them.
        need: Bound,
    },
    /// A width, stone count, slice or position beyond what the tables can hold or index.
    OutOfRange(String),
    /// Rules or a position that no table can be made for (a variant, option or position the
    /// rules refuse).
    Rules(String),
    /// The machine refused what a build needs: threads or memory.
    Resources(String),
    /// Some of a folder's files are refused (each for its own reason: corrupt, mismatched).
    Refused {
        /// Files refused.
        refused: usize,
        /// Files looked at.
        total: usize,
        /// The first refusal, with its file's name.
        first: String,
    },
    /// A stored value disagrees with its successors (found by the verifier), or the rules
    /// broke an assumption of the builder.
    Unsound {
        /// The file, where one is concerned.
        path: Option<PathBuf>,
        /// What was found.
        reason: String,
    },
    /// A build was stopped at its deadline; the slices finished before it are kept.
    TimeLimit {
        /// Stones of the slice that was being built.
        stones: u32,
    },
}

impl Error {
    /// An I/O failure on `path` while `action` ("reading", "writing the report in it"), a
    /// phrase that reads whole in the line `PATH: ACTION failed: WHY`.
    pub fn io(path: &Path, action: &'static str, source: std::io::Error) -> Error {
        Error::Io {
            path: path.to_path_buf(),
            action,
            source,
        }
    }

    pub(crate) fn corrupt(path: &Path, reason: impl Into<String>) -> Error {
        Error::Corrupt {
            path: path.to_path_buf(),
            reason: reason.into(),
        }
    }

    pub(crate) fn mismatch(path: &Path, reason: impl Into<String>) -> Error {
        Error::Mismatch {
            path: path.to_path_buf(),
            reason: reason.into(),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Io {
                path,
                action,
                source,
            } => write!(f, "{}: {action} failed: {source}", path.display()),
            Error::Corrupt { path, reason } => {
                write!(f, "{}: corrupt tablebase file: {reason}", path.display())
            }
            Error::Mismatch { path, reason } => {
                write!(f, "{}: wrong tablebase file: {reason}", path.display())
            }
            Error::NotAFile { path, kind } => {
                write!(f, "{}: not a regular file ({kind})", path.display())
            }
            Error::NoFolder { dir, make: false } => {
                write!(f, "{}: no such tablebase folder", dir.display())
            }
            Error::NoFolder { dir, make: true } => write!(
                f,
                "{}: no such tablebase folder (nor a folder to make it in)",
                dir.display()
            ),
            Error::NoTables { dir, reason, .. } => write!(f, "{}: {reason}", dir.display()),
            Error::MissingSlice { reason, .. } => f.write_str(reason),
            Error::BadBound { bound, reason } => write!(f, "invalid {bound}: {reason}"),
            Error::NeedsTables { reason, .. } => f.write_str(reason),
            Error::OutOfRange(msg) | Error::Rules(msg) | Error::Resources(msg) => f.write_str(msg),
            Error::Refused {
                refused,
                total,
                first,
            } => write!(
                f,
                "{refused} of {total} tablebase files refused; the first: {first}"
            ),
            Error::Unsound { path, reason } => match path {
                Some(p) => write!(f, "{}: {reason}", p.display()),
                None => f.write_str(reason),
            },
            Error::TimeLimit { stones } => write!(
                f,
                "the time limit passed while the {stones}-stone slice was being built"
            ),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Io { source, .. } => Some(source),
            _ => None,
        }
    }
}
