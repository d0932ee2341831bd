//! `mcp-toolname diff OLD NEW`: the changes from one snapshot to the next, whether each
//! breaks a client, and the semver level they ask for.

use std::path::{Path, PathBuf};

use chrono::Utc;

use crate::args::DiffFormat;
use crate::diag::Failure;
use crate::emit::{Doc, Report};
use crate::surface::Surface;
use crate::surface::diff::{Change, changes};
use crate::surface::report::{doc, exit_code, lines, read};

/// The flags of `diff`: the two snapshots, and how to report.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The snapshot of the release clients know.
    #[arg(value_name = "OLD")]
    pub old: PathBuf,
    /// The snapshot of the release to ship.
    #[arg(value_name = "NEW")]
    pub new: PathBuf,
    /// Output format.
    #[arg(long, value_enum, default_value_t = DiffFormat::Text)]
    pub format: DiffFormat,
}

/// Runs `diff` and returns its report: the changes from `old` to `new`; its exit code is 1
/// when one breaks a client, 2 when a file cannot be read.
#[must_use]
pub fn run(old: &Path, new: &Path) -> Box<dyn Report> {
    let (old, new) = match (read(old), read(new)) {
        (Ok(old), Ok(new)) => (old, new),
        (Err(e), _) | (_, Err(e)) => return Failure::failed(e).report(),
    };
    let changes = changes(&old, &new, Utc::now());
    Box::new(Diff { old, new, changes })
}

/// What `diff` found.
struct Diff {
    old: Surface,
    new: Surface,
    changes: Vec<Change>,
}

impl Report for Diff {
    fn exit_code(&self) -> u8 {
        exit_code(&self.changes)
    }

    fn text(&self) -> String {
        let mut out = String::new();
        // Writing to a string cannot fail.
        let _ = self.write_text(&mut out);
        out
    }

    fn write_text(&self, out: &mut dyn std::fmt::Write) -> std::fmt::Result {
        lines("", &self.old, &self.new, &self.changes, out)
    }

    fn json(&self) -> Doc<'_> {
        doc(&self.old, &self.new, &self.changes)
    }
}
