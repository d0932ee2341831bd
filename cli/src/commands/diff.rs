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
    /// A file of permission rules (as `audit --config --settings` reads them: Claude Code's
    /// or Qwen Code's `settings.json`, the Continue CLI's `permissions.yaml`): the entries the
    /// change breaks are reported, and break the diff (exit 1). Repeatable.
    #[arg(long = "settings", value_name = "FILE")]
    pub settings: Vec<PathBuf>,
    /// The server's key in the clients' configs, which the entries name (default: the
    /// server's name in the snapshots).
    #[arg(long = "server-key", value_name = "KEY", requires = "settings")]
    pub server_key: Option<String>,
}

/// Runs `diff` and returns its report: the changes from `old` to `new`, and the entries of
/// `settings`' permission rules about server `key` that the change breaks; its exit code is 1
/// when one breaks a client or an entry, 2 when a file cannot be read.
#[must_use]
pub fn run(old: &Path, new: &Path, settings: &[PathBuf], key: Option<&str>) -> Box<dyn Report> {
    let (old, new) = match (read(old), read(new)) {
        (Ok(old), Ok(new)) => (old, new),
        (Err(e), _) | (_, Err(e)) => return Failure::failed(e).report(),
    };
    let mut lists = Vec::new();
    for file in settings {
        match crate::allowlist::settings::settings(file) {
            Ok(found) => lists.extend(found),
            Err(e) => return Failure::failed(e).report(),
        }
    }
    let key = key.map_or_else(|| new.server.name.clone(), str::to_owned);
    let broken = crate::allowlist::past::broken(lists, &key, &old, &new);
    let changes = changes(&old, &new, Utc::now());
    Box::new(Diff {
        old,
        new,
        changes,
        broken,
    })
}

/// What `diff` found.
struct Diff {
    old: Surface,
    new: Surface,
    changes: Vec<Change>,
    /// The permission entries the change breaks.
    broken: crate::allowlist::report::Findings,
}

impl Report for Diff {
    fn exit_code(&self) -> u8 {
        let code = exit_code(&self.changes);
        if code == 0 && !self.broken.resolved.findings.is_empty() {
            1
        } else {
            code
        }
    }

    fn text(&self) -> String {
        let mut out = String::new();
        // Writing to a string cannot fail.
        let _ = self.write_text(&mut out);
        out
    }

    fn write_text(&self, out: &mut dyn std::fmt::Write) -> std::fmt::Result {
        lines("", &self.old, &self.new, &self.changes, out)?;
        out.write_str(&self.broken.text(&crate::lint::Levels::default()))
    }

    fn json(&self) -> Doc<'_> {
        let doc = doc(&self.old, &self.new, &self.changes);
        if self.broken.lists.is_empty() {
            doc
        } else {
            doc.field(
                "allowlists",
                self.broken.json(&crate::lint::Levels::default()),
            )
        }
    }
}
