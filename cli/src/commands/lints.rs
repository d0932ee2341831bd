//! `mcp-toolname lints`: every lint with its level in this run (after the config file and the
//! flags), its default and what it finds; `--format json` for scripts.

use serde_json::json;

use crate::emit::{Doc, Report};
use mcp_toolname_rules::lint::Build;

use crate::args::{DiffFormat, LintArgs};
use crate::lint::{LINTS, Levels, help_uri};

/// The flags of `lints`: how to report, and the lint options whose levels it lists.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Output format (text or json).
    #[arg(long, value_enum, default_value_t = DiffFormat::Text)]
    pub format: DiffFormat,
    #[command(flatten)]
    pub lints: LintArgs,
}

/// Width of the name column: the longest lint name and a space.
const NAME: usize = 24;

/// The lints at their levels in this run.
pub struct Listed {
    levels: Levels,
}

/// Runs `lints`: every lint at its level in this run; exit code 0.
#[must_use]
pub fn run(levels: Levels) -> Listed {
    Listed { levels }
}

impl Report for Listed {
    fn exit_code(&self) -> u8 {
        0
    }

    fn json(&self) -> Doc<'_> {
        let levels = &self.levels;
        Doc::new(json!({
            "targets": levels.targets(),
            "lints": LINTS.iter().map(|l| json!({
                "name": l.name,
                "level": levels.of(l),
                "default": l.level,
                "summary": l.summary,
                "help_uri": help_uri(l),
                "build": match l.build {
                    Build::Silent => "silent",
                    Build::Error => "error",
                    Build::Warning => "warning",
                },
                "old_names": l.old_names,
            })).collect::<Vec<_>>(),
        }))
    }

    fn text(&self) -> String {
        let levels = &self.levels;
        let mut out = format!("{:<NAME$} {:<6} {:<8} finds\n", "lint", "level", "default");
        for lint in LINTS {
            let head = format!(
                "{:<NAME$} {:<6} {:<8} ",
                lint.name,
                levels.of(lint).word(),
                lint.level.word()
            );
            out.push_str(&crate::wrap::hanging(&head, lint.summary, NAME + 17));
        }
        if let Some(targets) = levels.targets() {
            out.push_str(&crate::wrap::hanging(
                "",
                &format!(
                    "\ntargets: {}; a finding about another contract or client is allowed, and \
                     one about a target is denied unless its lint's level was set",
                    targets.join(", ")
                ),
                2,
            ));
        }
        out.push_str("\nEach lint's page: docs/lints.md; set levels with --deny, --warn, --allow or mcp-toolname.toml.\n");
        out
    }
}
