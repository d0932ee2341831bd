//! What stopped a run or part of it ([`Failure`]), and the exit code it ends with ([`Exit`]):
//! the one shape of a failed audit, `audit --config`, `snapshot` and `diff`.

use super::Spot;

/// The exit code of a run that did not end clean.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub enum Exit {
    /// A finding at deny level, or a change that breaks a client.
    Found = 1,
    /// A usage error, or something that could not be done (a file that cannot be read, a
    /// server that could not be audited).
    Failed = 2,
    /// Ctrl-C: 128 plus SIGINT's number, as a shell reports it.
    Interrupted = 130,
}

impl From<Exit> for u8 {
    fn from(exit: Exit) -> Self {
        exit as Self
    }
}

/// A problem that stopped the run or part of it (a server that could not be audited), or a
/// change that breaks the baseline: not a finding, but CI must see it.
#[derive(Debug, Clone)]
pub struct Failure {
    /// What went wrong.
    pub message: String,
    /// The exit code it ends the run with, when it ends it.
    pub exit: Exit,
    /// Where, when it is a file's entry.
    pub spot: Option<Spot>,
}

impl Failure {
    /// A failure with `message` that ends the run with `exit`, about no file.
    #[must_use]
    pub fn new(message: impl Into<String>, exit: Exit) -> Self {
        Self {
            message: message.into(),
            exit,
            spot: None,
        }
    }

    /// A failure with `message` that ends the run with exit code 2, about no file.
    #[must_use]
    pub fn failed(message: impl Into<String>) -> Self {
        Self::new(message, Exit::Failed)
    }

    /// This failure, about the file at `path`.
    #[must_use]
    pub fn at(self, path: &std::path::Path) -> Self {
        Self {
            spot: Some(Spot {
                path: path.to_string_lossy().into_owned(),
                line: None,
                column: None,
            }),
            ..self
        }
    }
}
