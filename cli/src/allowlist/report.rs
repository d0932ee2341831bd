//! The lists' findings as a report writes them: one sentence per entry that matches nothing,
//! a text section, a JSON value and diagnostics for SARIF and GitHub. Every value from a file
//! is shown with [`show`] (escaped, cut) in sentences; JSON carries it whole up to
//! [`message::short`], and the sink escapes it.

use mcp_toolname_rules::lint::{self, Lint};
use mcp_toolname_rules::message::{self, show};
use serde_json::{Value, json};

use super::past::{How, Now};
use super::{Finding, Kind, List, Resolved};
use crate::diag::{self, Diagnostic, Place, Spot};
use crate::lint::{Level, Levels};
use crate::verdict;
use crate::wrap::plural;

/// The lint of a finding of this kind.
#[must_use]
pub const fn lint_of(kind: &Kind) -> &'static Lint {
    match kind {
        Kind::Unmatched => &lint::ALLOWLIST_ENTRY_UNMATCHED,
        Kind::Skipped { .. } => &lint::ALLOWLIST_ENTRY_SKIPPED,
        Kind::TooBroad { .. } => &lint::ALLOWLIST_ENTRY_TOO_BROAD,
        Kind::Shadowed { .. } => &lint::ALLOWLIST_ENTRY_SHADOWED,
        Kind::Alias { .. } => &lint::ALLOWLIST_ENTRY_ALIAS,
    }
}

/// A list of names, each shown, the first few and a count of the rest.
fn names_shown(names: &[String]) -> String {
    const SHOWN: usize = 8;
    let mut out = names
        .iter()
        .take(SHOWN)
        .map(|n| show(n))
        .collect::<Vec<_>>()
        .join(", ");
    if names.len() > SHOWN {
        out.push_str(&format!(" and {} more", names.len() - SHOWN));
    }
    out
}

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
    pub fn level(&self, u: &Finding, levels: &Levels) -> Level {
        let level = levels.of_about(lint_of(&u.kind), None, Some(self.lists[u.list].client.id));
        // An entry that a baseline's change of names broke is a break, as a tool gone is:
        // raised to deny unless its level was set lower.
        if u.was.is_some() && level == Level::Warn {
            Level::Deny
        } else {
            level
        }
    }

    /// Whether a finding is at deny level.
    #[must_use]
    pub fn denied(&self, levels: &Levels) -> bool {
        self.resolved
            .findings
            .iter()
            .any(|u| self.level(u, levels) == Level::Deny)
    }

    /// The sentence of one finding.
    #[must_use]
    pub fn message(&self, u: &Finding) -> String {
        let list = &self.lists[u.list];
        // A per-server filter's field already names its server.
        let whose = match (&list.form, &u.server) {
            (super::Form::Qualified, Some(s)) => format!(" of server {}", show(s)),
            _ => String::new(),
        };
        // Where the entry is, in the text too: line and column where known.
        let at = match (u.line, u.column) {
            (Some(l), Some(c)) => format!(" (line {l}, column {c})"),
            (Some(l), None) => format!(" (line {l})"),
            _ => String::new(),
        };
        let head = format!(
            "{}: entry {} of {} in {}{at}",
            list.client.id,
            show(&u.entry),
            list.field,
            show(&list.file)
        );
        match &u.kind {
            Kind::Unmatched => {}
            Kind::Skipped { reason, write, .. } => {
                return format!(
                    "{head} is skipped by {} ({reason}), so it does nothing; {}",
                    list.client.title,
                    if write.is_empty() {
                        "no tool it names is listed".to_owned()
                    } else {
                        format!("write {} instead", names_shown(write))
                    }
                );
            }
            Kind::TooBroad {
                others,
                tools,
                every,
                write,
            } => {
                let named = u
                    .server
                    .as_ref()
                    .map_or_else(String::new, |s| format!(" written for server {}", show(s)));
                let instead = match (write.is_empty(), u.server.is_some()) {
                    (true, _) => String::new(),
                    (false, true) => format!(
                        "; to grant that server's tools alone, write {}",
                        names_shown(write)
                    ),
                    (false, false) => format!(
                        "; to grant one server's tools alone, write that server's of {}",
                        names_shown(write)
                    ),
                };
                return format!(
                    "{head}{named} grants {} under {}: {tools} {} of {} {}{instead}",
                    match (every, u.server.is_some()) {
                        (true, _) => "every MCP tool of every server",
                        (false, true) => "tools of other servers",
                        (false, false) => "the tools of more than one server",
                    },
                    list.client.title,
                    plural(*tools, "tool", "tools"),
                    plural(others.len(), "server", "servers"),
                    names_shown(others)
                );
            }
            Kind::Alias { alias, now, until } => {
                return format!(
                    "{head} matches only {}, an old name{whose} served as an alias {}: once it \
                     is gone the entry matches nothing under {}; write {} beside it",
                    show(alias),
                    until
                        .as_deref()
                        .map_or_else(|| "for a while".to_owned(), |d| format!("until {d}")),
                    list.client.title,
                    show(now)
                );
            }
            Kind::Shadowed {
                by,
                field,
                file,
                line,
                repeat,
            } => {
                let at = format!(
                    "{} of {field} in {}{}",
                    show(by),
                    show(file),
                    line.map_or_else(String::new, |l| format!(", line {l}"))
                );
                return if *repeat {
                    format!("{head} repeats {at}, so it does nothing")
                } else {
                    format!(
                        "{head} does nothing under {}: every tool it matches{whose} is also \
                         matched by {at}, which wins",
                        list.client.title
                    )
                };
            }
        }
        let mut text = format!(
            "{head} matches no tool{whose} under {}, so {}",
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
        for u in &r.findings {
            let level = self.level(u, levels);
            if level == Level::Allow {
                hidden += 1;
                continue;
            }
            let lint = lint_of(&u.kind);
            let help = diag::help_for(lint, None)
                .map(|h| format!("; {h}"))
                .unwrap_or_default();
            out.push_str(&verdict::line(
                2,
                Some(level),
                &format!("[{}] {}{help}", lint.name, self.message(u)),
            ));
        }
        let unmatched = r.unmatched().len();
        let skipped = r
            .findings
            .iter()
            .filter(|f| matches!(f.kind, Kind::Skipped { .. }))
            .count();
        // The entries add up to the list's; the other findings are about entries that match.
        let more = r.findings.len() - unmatched - skipped;
        let allowed = if hidden == 0 {
            String::new()
        } else {
            format!(" ({hidden} allowed)")
        };
        out.push_str(&crate::wrap::hanging(
            "",
            &format!(
                "{} matched, {unmatched} {} nothing{}, {} not judged (a server not audited or \
                 not in the config), {} not about MCP tools{}{allowed}",
                r.matched,
                plural(unmatched, "matches", "match"),
                if skipped == 0 {
                    String::new()
                } else {
                    format!(", {skipped} skipped by the client")
                },
                r.unjudged,
                r.other,
                if more == 0 {
                    String::new()
                } else {
                    format!(
                        "; {more} more {} (too broad, shadowed or on an alias)",
                        plural(more, "finding", "findings")
                    )
                },
            ),
            2,
        ));
        out
    }

    /// The JSON value: each list, every finding, and (as before) each entry that matches
    /// nothing.
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
        let one = |u: &Finding| {
            let list = &self.lists[u.list];
            let mut doc = json!({
                "lint": lint_of(&u.kind).name,
                "level": self.level(u, levels),
                "client": list.client.id,
                "file": list.file,
                "line": u.line,
                "column": u.column,
                "field": list.field,
                "effect": list.effect.word(),
                "entry": message::short(&u.entry),
                "server": u.server.as_deref().map(message::short),
                "nearest": u.nearest.as_deref().map(message::short),
                "message": self.message(u),
            });
            let more = match &u.kind {
                Kind::Unmatched => json!({}),
                Kind::Skipped { message, write, .. } => json!({
                    "client_says": message::short(message),
                    "write": write.iter().map(|w| message::short(w)).collect::<Vec<_>>(),
                }),
                Kind::TooBroad {
                    others,
                    tools,
                    every,
                    write,
                } => json!({
                    "other_servers": others.iter().map(|o| message::short(o)).collect::<Vec<_>>(),
                    "other_tools": tools,
                    "every_tool": every,
                    "write": write.iter().map(|w| message::short(w)).collect::<Vec<_>>(),
                }),
                Kind::Alias { alias, now, until } => json!({
                    "alias": message::short(alias),
                    "write": [message::short(now)],
                    "until": until,
                }),
                Kind::Shadowed {
                    by,
                    field,
                    file,
                    line,
                    repeat,
                } => json!({
                    "by": { "entry": message::short(by), "field": field, "file": file, "line": line },
                    "repeat": repeat,
                }),
            };
            if let (Value::Object(d), Value::Object(m)) = (&mut doc, more) {
                d.extend(m);
            }
            doc
        };
        let findings: Vec<Value> = self.resolved.findings.iter().map(one).collect();
        // The entries that match nothing, as before: each the same document, with its
        // baseline and without the effect.
        let unmatched: Vec<Value> = self
            .resolved
            .findings
            .iter()
            .zip(&findings)
            .filter(|(u, _)| u.kind == Kind::Unmatched)
            .map(|(u, doc)| {
                let mut doc = doc.clone();
                if let Value::Object(d) = &mut doc {
                    d.remove("effect");
                    d.insert(
                        "baseline".to_owned(),
                        u.was.as_ref().map_or(Value::Null, |was| json!({
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
                    );
                }
                doc
            })
            .collect();
        let r = &self.resolved;
        let decisions: Vec<Value> = r
            .decisions
            .iter()
            .map(|d| {
                json!({
                    "client": d.client,
                    "server": message::short(&d.server),
                    "tool": message::short(&d.tool),
                    "name": message::short(&d.name),
                    "decision": d.effect.map_or("default", super::Effect::word),
                    "by": d.by.as_deref().map(message::short),
                })
            })
            .collect();
        json!({
            "lists": lists,
            "findings": findings,
            "decisions": decisions,
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
            .findings
            .iter()
            .map(|u| self.diagnostic(u, levels))
            .filter(|d| d.level != Level::Allow)
            .collect()
    }

    /// Finding `u` as a diagnostic at its level, allowed or not, pointing at its entry.
    #[must_use]
    pub fn diagnostic(&self, u: &Finding, levels: &Levels) -> Diagnostic {
        let lint = lint_of(&u.kind);
        let d = Diagnostic::new(
            lint,
            self.level(u, levels),
            self.message(u),
            vec![Place {
                server: u.server.clone(),
                item: Some(message::short(&u.entry).into_owned()),
            }],
            None,
            Some(self.lists[u.list].client.id),
        );
        // The same entry in another list or file is another finding.
        let list = &self.lists[u.list];
        let file = crate::suppress::plain_path(&list.file);
        let mut d = d.with_detail(format!("{file} {}", list.field));
        d.help = diag::help_for(lint, None);
        d.server = u.server.clone();
        d.spot = Some(Spot {
            path: self.lists[u.list].file.clone(),
            line: u.line,
            column: u.column,
        });
        d
    }
}
