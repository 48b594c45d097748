//! Errors of building, opening, probing and verifying tablebases.
//!
//! Every error that concerns a file names it. Malformed bytes become [`Error::Corrupt`] or
//! [`Error::Mismatch`], never a panic and never a silently wrong value.

use std::fmt;
use std::path::{Path, PathBuf};

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
    /// A sound file that is not the one expected here: another variant, rule set, width or
    /// stone count than its name or the caller says.
    Mismatch {
        /// The file.
        path: PathBuf,
        /// What differs.
        reason: String,
    },
    /// A request that cannot be met: a width or stone count out of range, a slice missing.
    Invalid(String),
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
    pub(crate) fn io(path: &Path, action: &'static str, source: std::io::Error) -> Error {
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
            Error::Invalid(msg) => f.write_str(msg),
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
