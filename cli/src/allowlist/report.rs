//! The lists' findings as a report writes them: one sentence per entry that matches nothing,
//! a text section, a JSON value and diagnostics for SARIF and GitHub. Every value from a file
//! is shown with [`show`] (escaped, cut) in sentences; JSON carries it whole up to
//! [`message::short`], and the sink escapes it.

use mcp_toolname_rules::lint::{self, Lint};
use mcp_toolname_rules::message::{self, show};
use serde_json::{Value, json};

use super::past::{How, Now};
use super::{List, Resolved, Unmatched};
use crate::diag::{self, Diagnostic, Place, Spot};
use crate::lint::{Level, Levels};
use crate::verdict;
use crate::wrap::plural;

/// The lint of every finding here.
pub const LINT: &Lint = &lint::ALLOWLIST_ENTRY_UNMATCHED;

/// The lists read and what was found in them.
#[derive(Debug, Default)]
pub struct Findings {
    /// The lists, in the order read.
    pub lists: Vec<List>,
    /// What matching them found.
    pub resolved: Resolved,
}

impl Findings {
    /// The level of `u` in this run (its client is what `--target` narrows to).
    #[must_use]
    pub fn level(&self, u: &Unmatched, levels: &Levels) -> Level {
        levels.of_about(LINT, None, Some(self.lists[u.list].client.id))
    }

    /// Whether a finding is at deny level.
    #[must_use]
    pub fn denied(&self, levels: &Levels) -> bool {
        self.resolved
            .unmatched
            .iter()
            .any(|u| self.level(u, levels) == Level::Deny)
    }

    /// The sentence of one finding.
    #[must_use]
    pub fn message(&self, u: &Unmatched) -> String {
        let list = &self.lists[u.list];
        // A per-server filter's field already names its server.
        let whose = match (&list.form, &u.server) {
            (super::Form::Qualified, Some(s)) => format!(" of server {}", show(s)),
            _ => String::new(),
        };
        let mut text = format!(
            "{}: entry {} of {} in {} matches no tool{whose} under {}, so {}",
            list.client.id,
            show(&u.entry),
            list.field,
            show(&list.file),
            list.client.title,
            list.effect.consequence()
        );
        if let Some(why) = &u.why {
            text.push_str(&format!(" ({why})"));
        }
        if let Some(was) = &u.was {
            text.push_str(&format!(
                "; in the baseline it matched {}, which {}",
                show(&was.tool),
                match &was.now {
                    Now::Gone => "the server no longer lists".to_owned(),
                    Now::Renamed { to, how } => format!(
                        "the server renamed to {} ({})",
                        show(to),
                        match how {
                            How::Alias => "it lists the old name as an alias of it",
                            How::SameSchema => "the one new tool with the old one's input schema",
                        }
                    ),
                }
            ));
        }
        match &u.nearest {
            Some(near) => text.push_str(&format!("; the nearest real name is {}", show(near))),
            None => text.push_str("; no real name is near it"),
        }
        text
    }

    /// The text section: one line per finding shown, and a count.
    #[must_use]
    pub fn text(&self, levels: &Levels) -> String {
        if self.lists.is_empty() {
            return String::new();
        }
        let r = &self.resolved;
        let entries: usize = self.lists.iter().map(|l| l.entries.len() + l.dropped).sum();
        let mut out = format!(
            "\n== tool lists: {} {}, {entries} {}\n",
            self.lists.len(),
            plural(self.lists.len(), "list", "lists"),
            plural(entries, "entry", "entries")
        );
        let mut hidden = 0;
        for u in &r.unmatched {
            let level = self.level(u, levels);
            if level == Level::Allow {
                hidden += 1;
                continue;
            }
            let help = diag::help_for(LINT, None)
                .map(|h| format!("; {h}"))
                .unwrap_or_default();
            out.push_str(&verdict::line(
                2,
                Some(level),
                &format!("[{}] {}{help}", LINT.name, self.message(u)),
            ));
        }
        let allowed = if hidden == 0 {
            String::new()
        } else {
            format!(" ({hidden} allowed)")
        };
        out.push_str(&crate::wrap::hanging(
            "",
            &format!(
                "{} matched, {} {} nothing{allowed}, {} not judged (a server not audited or not \
                 in the config), {} not about MCP tools",
                r.matched,
                r.unmatched.len(),
                plural(r.unmatched.len(), "matches", "match"),
                r.unjudged,
                r.other
            ),
            2,
        ));
        out
    }

    /// The JSON value: each list, and each entry that matches nothing.
    #[must_use]
    pub fn json(&self, levels: &Levels) -> Value {
        let lists: Vec<Value> = self
            .lists
            .iter()
            .map(|l| {
                json!({
                    "client": l.client.id,
                    "file": l.file,
                    "field": l.field,
                    "entries": l.entries.len() + l.dropped,
                    "not_read": l.dropped,
                })
            })
            .collect();
        let unmatched: Vec<Value> = self
            .resolved
            .unmatched
            .iter()
            .map(|u| {
                let list = &self.lists[u.list];
                json!({
                    "lint": LINT.name,
                    "level": self.level(u, levels),
                    "client": list.client.id,
                    "file": list.file,
                    "line": u.line,
                    "field": list.field,
                    "entry": message::short(&u.entry),
                    "server": u.server.as_deref().map(message::short),
                    "nearest": u.nearest.as_deref().map(message::short),
                    "baseline": u.was.as_ref().map(|was| json!({
                        "tool": message::short(&was.tool),
                        "now": match was.now { Now::Gone => "gone", Now::Renamed { .. } => "renamed" },
                        "renamed_to": match &was.now {
                            Now::Renamed { to, .. } => Some(message::short(to)),
                            Now::Gone => None,
                        },
                        "known_by": match &was.now {
                            Now::Renamed { how: How::Alias, .. } => Some("alias"),
                            Now::Renamed { how: How::SameSchema, .. } => Some("same_input_schema"),
                            Now::Gone => None,
                        },
                    })),
                    "message": self.message(u),
                })
            })
            .collect();
        let r = &self.resolved;
        json!({
            "lists": lists,
            "unmatched": unmatched,
            "matched": r.matched,
            "not_judged": r.unjudged,
            "not_mcp": r.other,
        })
    }

    /// The diagnostics of the findings not allowed, each pointing at its entry's line.
    #[must_use]
    pub fn diagnostics(&self, levels: &Levels) -> Vec<Diagnostic> {
        self.resolved
            .unmatched
            .iter()
            .filter_map(|u| {
                let level = self.level(u, levels);
                (level != Level::Allow).then(|| Diagnostic {
                    lint: LINT,
                    level,
                    message: self.message(u),
                    help: diag::help_for(LINT, None),
                    server: u.server.clone(),
                    places: vec![Place {
                        server: u.server.clone(),
                        item: Some(message::short(&u.entry).into_owned()),
                    }],
                    spot: Some(Spot {
                        path: self.lists[u.list].file.clone(),
                        line: u.line,
                    }),
                })
            })
            .collect()
    }
}
