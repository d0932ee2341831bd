//! `mcp-toolname diff OLD NEW`: the changes from one snapshot to the next, whether each
//! breaks a client, the semver level they ask for, and how much the tool definitions each
//! client hands its model grew (failing past `--max-token-growth`).

use std::path::PathBuf;

use chrono::Utc;
use clap::ArgMatches;

use crate::args::{DiffFormat, LintArgs};
use crate::cost::growth::Growth;
use crate::cost::threshold::GrowthArgs;
use crate::diag::Failure;
use crate::emit::{Doc, Report};
use crate::findings::Finding;
use crate::lint::Levels;
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
    /// The server's key in the clients' configs, which the entries of --settings name and
    /// each client's tool names start with (default: the server's name in the snapshots).
    #[arg(long = "server-key", value_name = "KEY")]
    pub server_key: Option<String>,
    #[command(flatten)]
    pub growth: GrowthArgs,
    #[command(flatten)]
    pub lints: LintArgs,
}

impl Args {
    /// Runs `diff` and returns its report: the changes from OLD to NEW, the entries of
    /// `--settings` about the server that the change breaks, and the growth of the tool
    /// definitions; its exit code is 1 when a change breaks a client or an entry, or a client's
    /// definitions grow past the threshold (at deny level), 2 when a file cannot be read.
    /// `matches` are `diff`'s, which order the lint flags.
    ///
    /// # Errors
    /// A lint option or config file that cannot be read.
    pub fn run(self, matches: Option<&ArgMatches>) -> Result<Box<dyn Report>, String> {
        let out = self.lints.output(false, matches)?;
        let threshold = self.growth.threshold(out.max_token_growth);
        let (old, new) = match (read(&self.old), read(&self.new)) {
            (Ok(old), Ok(new)) => (old, new),
            (Err(e), _) | (_, Err(e)) => return Ok(Failure::failed(e).report()),
        };
        let mut lists = Vec::new();
        for file in &self.settings {
            match crate::allowlist::settings::settings(file) {
                Ok(found) => lists.extend(found),
                Err(e) => return Ok(Failure::failed(e).report()),
            }
        }
        let key = self.server_key.unwrap_or_else(|| new.server.name.clone());
        let broken = crate::allowlist::past::broken(lists, &key, &old, &new);
        let changes = changes(&old, &new, Utc::now());
        let shown = |path: &std::path::Path| {
            format!(
                "snapshot {}",
                mcp_toolname_rules::message::show(&path.to_string_lossy())
            )
        };
        let labels = [shown(&self.old), shown(&self.new)];
        let growth = Growth::between(&old, &new, &key, threshold, [&labels[0], &labels[1]]);
        let findings = growth.findings();
        Ok(Box::new(Diff {
            old,
            new,
            changes,
            broken,
            growth,
            findings,
            levels: out.levels,
        }))
    }
}

/// What `diff` found.
struct Diff {
    old: Surface,
    new: Surface,
    changes: Vec<Change>,
    /// The permission entries the change breaks.
    broken: crate::allowlist::report::Findings,
    /// How much the tool definitions grew.
    growth: Growth,
    /// The clients whose definitions grew past the threshold.
    findings: Vec<Finding>,
    /// Each lint's level.
    levels: Levels,
}

impl Report for Diff {
    fn exit_code(&self) -> u8 {
        let code = exit_code(&self.changes);
        let broken = !self.broken.resolved.findings.is_empty();
        let grown = crate::report::denies(&self.findings, &self.levels);
        code.max(u8::from(broken || grown))
    }

    fn text(&self) -> String {
        let mut out = String::new();
        // Writing to a string cannot fail.
        let _ = self.write_text(&mut out);
        out
    }

    fn write_text(&self, out: &mut dyn std::fmt::Write) -> std::fmt::Result {
        lines("", (&self.old, &self.new), &self.changes, &self.growth, out)?;
        let seen = crate::verdict::visible(&self.findings, &self.levels);
        if !seen.is_empty() {
            out.write_char('\n')?;
        }
        let said: Vec<crate::verdict::Said<'_>> =
            seen.iter().map(crate::verdict::Said::of).collect();
        for (level, line) in crate::verdict::said_lines(&said, true) {
            out.write_str(&crate::verdict::line(2, Some(level), &line))?;
        }
        out.write_str(&self.broken.text(&self.levels))
    }

    fn json(&self) -> Doc<'_> {
        let doc = doc(
            (&self.old, &self.new),
            &self.changes,
            &self.growth,
            self.exit_code(),
        )
        .array(
            "findings",
            crate::report::findings(&self.findings, &self.levels),
        );
        if self.broken.lists.is_empty() {
            doc
        } else {
            doc.field("allowlists", self.broken.json(&self.levels))
        }
    }
}
