//! The report of a run with suppressions: the command's own report, then what was
//! suppressed and why, what the suppressions file now holds, and the config rows that allow a
//! lint without a reason (`allow_without_reason`).

use std::collections::HashSet;

use mcp_toolname_rules::lint::ALLOW_WITHOUT_REASON;
use mcp_toolname_rules::message::show;
use serde_json::{Value, json};

use super::file::{Entry, Suppressions};
use super::{By, Run};
use crate::diag::{Diagnostic, Found, Spot};
use crate::emit::{Doc, Report};
use crate::lint::Level;
use crate::wrap::plural;

/// `inner` with the run's suppressions said, and the suppressions file written when
/// `--suppress-all` or `--prune-suppressions` asks; `inner` as it is outside such a run and
/// for a run that stopped before it judged anything.
#[must_use]
pub fn gate(inner: Box<dyn Report>) -> Box<dyn Report> {
    match super::take() {
        Some(run) if !inner.stopped() => Box::new(Gate::new(inner, run)),
        _ => inner,
    }
}

/// What the run did to the suppressions file.
#[derive(Debug, Default)]
struct Written {
    /// Entries now in it.
    entries: usize,
    /// Entries `--suppress-all` added.
    added: usize,
    /// Entries `--prune-suppressions` dropped.
    pruned: usize,
    /// Why it could not be written, if so.
    error: Option<String>,
}

struct Gate {
    inner: Box<dyn Report>,
    run: Run,
    written: Option<Written>,
    /// The fingerprints of the file's entries no finding matched.
    unused: HashSet<String>,
    /// `allow_without_reason` findings, at their level.
    unreasoned: Vec<Diagnostic>,
}

impl Gate {
    fn new(inner: Box<dyn Report>, run: Run) -> Self {
        // A server that could not be audited found nothing: its entries are not unused (nor
        // are those of servers this run did not judge at all).
        let complete = inner.exit_code() < 2;
        let unused: HashSet<String> = run
            .file
            .entries
            .iter()
            .filter(|e| !run.matched.contains(&e.fingerprint) && run.in_scope(e))
            .map(|e| e.fingerprint.clone())
            .collect();
        let written = (run.suppress_all || run.prune).then(|| write(&run, &unused, complete));
        let unreasoned = run
            .unreasoned
            .iter()
            .filter(|_| run.unreasoned_level > Level::Allow)
            .map(|(name, row)| {
                let mut d = Diagnostic::new(
                    &ALLOW_WITHOUT_REASON,
                    run.unreasoned_level,
                    format!(
                        "`{name}` is allowed in {}, with no reason; give the row one: `{name} = \
                         {{ level = \"allow\", reason = \"...\" }}`",
                        row.at()
                    ),
                    Vec::new(),
                    None,
                    None,
                );
                d.spot = Some(Spot {
                    path: row.path.clone(),
                    line: Some(row.line),
                    column: None,
                });
                d
            })
            .collect();
        Self {
            inner,
            unused: if complete { unused } else { HashSet::new() },
            run,
            written,
            unreasoned,
        }
    }

    fn shown(&self) -> String {
        show(&self.run.file.shown)
    }

    /// What the text adds after the command's own report.
    fn lines(&self) -> Vec<String> {
        let mut out = Vec::new();
        for d in &self.unreasoned {
            out.push(crate::verdict::line(
                0,
                Some(d.level),
                &format!("{} [{}]", d.message, d.lint.name),
            ));
        }
        let suppressed = &self.run.suppressed;
        if !suppressed.is_empty() {
            let by_file = suppressed
                .iter()
                .filter(|d| matches!(d.suppressed.as_ref().map(|s| &s.by), Some(By::File(_))))
                .count();
            let by_config = suppressed.len() - by_file;
            let config =
                suppressed
                    .iter()
                    .find_map(|d| match d.suppressed.as_ref().map(|s| &s.by) {
                        Some(By::Config(path, _)) => Some(show(path)),
                        _ => None,
                    });
            let mut parts = Vec::new();
            if by_file > 0 {
                parts.push(format!("{by_file} by {}", self.shown()));
            }
            if by_config > 0 {
                parts.push(format!(
                    "{by_config} allowed with a reason in {}",
                    config.unwrap_or_default()
                ));
            }
            let hint = if self.run.verbose {
                ":"
            } else {
                "; --verbose lists them"
            };
            out.push(crate::wrap::hanging(
                "",
                &format!(
                    "suppressed: {} {} ({}){hint}",
                    suppressed.len(),
                    plural(suppressed.len(), "finding", "findings"),
                    parts.join(", ")
                ),
                2,
            ));
            if self.run.verbose {
                for d in suppressed {
                    out.push(crate::wrap::hanging("  ", &suppressed_text(d), 4));
                }
            }
        }
        if !self.unused.is_empty() && !self.run.prune {
            out.push(crate::wrap::hanging(
                "",
                &format!(
                    "note: {} {} of {} {} no finding now (fixed?); --prune-suppressions drops {}",
                    self.unused.len(),
                    plural(self.unused.len(), "entry", "entries"),
                    self.shown(),
                    plural(self.unused.len(), "matches", "match"),
                    plural(self.unused.len(), "it", "them"),
                ),
                2,
            ));
        }
        if let Some(w) = &self.written {
            out.push(match &w.error {
                Some(e) => format!("error: {e}"),
                None => format!(
                    "wrote {}: {} {} ({} added, {} pruned)",
                    self.shown(),
                    w.entries,
                    plural(w.entries, "suppression", "suppressions"),
                    w.added,
                    w.pruned
                ),
            });
        }
        out
    }
}

/// A suppressed finding in one line: its lint, what it is about, its words, and why it is
/// suppressed.
fn suppressed_text(d: &Diagnostic) -> String {
    let why = d.suppressed.as_ref().map_or(String::new(), |s| {
        let by = match &s.by {
            By::File(path) => format!("listed in {}", show(path)),
            By::Config(path, line) => format!("allowed in {}, line {line}", show(path)),
        };
        match &s.justification {
            Some(reason) => format!("{by}: {}", show(reason)),
            None => by,
        }
    });
    let mut servers: Vec<String> = d
        .places
        .iter()
        .filter_map(|p| p.server.as_deref().map(show))
        .collect();
    servers.dedup();
    let of = if servers.is_empty() {
        String::new()
    } else {
        format!(
            " {} {}:",
            plural(servers.len(), "server", "servers"),
            mcp_toolname_rules::message::joined(&servers, "and")
        )
    };
    format!("[{}]{of} {} ({why})", d.lint.name, d.text())
}

/// Writes the file `--suppress-all` and `--prune-suppressions` ask for: the entries there,
/// without the `unused` ones when pruning a `complete` run, with those added.
fn write(run: &Run, unused: &HashSet<String>, complete: bool) -> Written {
    let mut entries: Vec<Entry> = run.file.entries.clone();
    let before = entries.len();
    if run.prune && complete {
        entries.retain(|e| !unused.contains(&e.fingerprint));
    }
    let pruned = before - entries.len();
    entries.extend(run.added.iter().cloned());
    let mut w = Written {
        entries: entries.len(),
        added: run.added.len(),
        pruned,
        error: None,
    };
    if run.prune && !complete {
        say!(
            "note: {} is not pruned: a server could not be audited, so its findings are unknown",
            show(&run.file.shown)
        );
    }
    let text = Suppressions::text(&entries);
    // A name that holds a secret of the config would be committed with it; masked, it would
    // never match its finding again. As `snapshot`, write nothing.
    let masked = crate::redact::text(&text);
    if masked != text && !crate::redact::secrets_shown() {
        w.error = Some(format!(
            "{} is not written: a name of a finding holds a value this config hides in it (a \
             secret of its command line, env or headers), which the file would hold as it is; \
             rename the tool, or pass --show-secrets to write it",
            show(&run.file.shown)
        ));
        return w;
    }
    if let Err(e) = std::fs::write(&run.file.path, text) {
        w.error = Some(format!("cannot write {}: {e}", show(&run.file.shown)));
    }
    w
}

/// A suppressed finding in JSON.
fn suppressed_json(d: &Diagnostic) -> Value {
    let entry = Entry::of(d);
    let (by, at) = match d.suppressed.as_ref().map(|s| &s.by) {
        Some(By::File(path)) => ("file", path.clone()),
        Some(By::Config(path, line)) => ("config", format!("{path}:{line}")),
        None => ("", String::new()),
    };
    json!({
        "fingerprint": d.fingerprint,
        "lint": d.lint.name,
        "level": d.level,
        "places": entry.places,
        "contract": d.contract,
        "client": d.client,
        "message": d.text(),
        "suppressed_by": by,
        "at": at,
        "justification": d.suppressed.as_ref().and_then(|s| s.justification.clone()),
    })
}

impl Report for Gate {
    fn exit_code(&self) -> u8 {
        let mut code = self.inner.exit_code();
        if self.unreasoned.iter().any(|d| d.level == Level::Deny) {
            code = code.max(1);
        }
        if self.written.as_ref().is_some_and(|w| w.error.is_some()) {
            code = code.max(2);
        }
        code
    }

    fn text(&self) -> String {
        let mut text = String::new();
        // Writing into a `String` does not fail.
        let _ = self.write_text(&mut text);
        text
    }

    fn write_text(&self, out: &mut dyn std::fmt::Write) -> std::fmt::Result {
        self.inner.write_text(out)?;
        for line in self.lines() {
            out.write_str(line.trim_end_matches('\n'))?;
            out.write_char('\n')?;
        }
        Ok(())
    }

    fn json(&self) -> Doc<'_> {
        let written = self.written.as_ref().map(|w| {
            json!({
                "entries": w.entries,
                "added": w.added,
                "pruned": w.pruned,
                "error": w.error,
            })
        });
        let without_reason: Vec<Value> = self
            .unreasoned
            .iter()
            .map(|d| {
                json!({
                    "level": d.level,
                    "message": d.message,
                    "line": d.spot.as_ref().and_then(|s| s.line),
                })
            })
            .collect();
        let mut unused: Vec<&String> = self.unused.iter().collect();
        unused.sort();
        self.inner.json().field(
            "suppressions",
            json!({
                "file": self.run.file.shown,
                "read": self.run.file.existed,
                "entries": self.run.file.entries.len(),
                "unused": unused,
                "written": written,
                "suppressed": self.run.suppressed.iter().map(suppressed_json).collect::<Vec<_>>(),
                "without_reason": without_reason,
            }),
        )
    }

    fn found(&self) -> Found<'_> {
        let Found {
            mut diagnostics,
            failures,
        } = self.inner.found();
        diagnostics.extend(self.unreasoned.iter().cloned());
        diagnostics.extend(self.run.suppressed.iter().cloned());
        let unwritten = self
            .written
            .as_ref()
            .and_then(|w| w.error.clone())
            .map(crate::diag::Failure::failed);
        Found {
            diagnostics,
            failures: Box::new(failures.chain(unwritten)),
        }
    }
}
