//! The text report's one-line verdicts: a tool, a prompt or a finding across a list, at its
//! level for this run, ending with what to do, wrapped for a 100-column terminal ([`wrap`]).
//! `check`, `check --prompt`, `audit` and `audit --config` all write their lines here.

use mcp_toolname_rules::lint;
use mcp_toolname_rules::{CLIENTS, Verified, message, prompt_clients};
use serde_json::{Value, json};

use crate::diag::help_for;
use crate::findings::Finding;
use crate::lint::{Level, Levels, Lint};
use crate::names::NameReport;
use crate::wrap;
use crate::wrap::plural;

/// A finding and its level in this run (never [`Level::Allow`]).
#[derive(Debug, Clone, Copy)]
pub struct Seen<'a> {
    /// The finding.
    pub finding: &'a Finding,
    /// Its level.
    pub level: Level,
}

/// The findings this run shows (not allowed), in order.
#[must_use]
pub fn visible<'a>(findings: &'a [Finding], levels: &Levels) -> Vec<Seen<'a>> {
    findings
        .iter()
        .filter_map(|finding| {
            let level = levels.level(finding.kind.name, finding.contract, finding.client);
            (level > Level::Allow).then_some(Seen { finding, level })
        })
        .collect()
}

/// Width of the level column: `warning` and a space.
const LEVEL: usize = 9;

/// `error`, `warning` or `ok`, padded to the level column.
fn head(level: Option<Level>) -> String {
    format!("{:<LEVEL$}", level.map_or("ok", Level::label))
}

/// One verdict: `indent` spaces, the level, then `text` wrapped under itself.
#[must_use]
pub fn line(indent: usize, level: Option<Level>, text: &str) -> String {
    let head = format!("{}{}", " ".repeat(indent), head(level));
    wrap::hanging(&head, text, indent + LEVEL)
}

/// `` [a, b]`` naming the lints of `seen`, each once, in order.
pub fn lints(seen: &[Seen<'_>]) -> String {
    let mut names: Vec<&str> = Vec::new();
    for s in seen {
        if !names.contains(&s.finding.kind.name) {
            names.push(s.finding.kind.name);
        }
    }
    format!("[{}]", names.join(", "))
}

/// The highest level of `seen`, `None` when empty.
#[must_use]
pub fn worst(seen: &[Seen<'_>]) -> Option<Level> {
    seen.iter().map(|s| s.level).max()
}

/// `` `a`, `b` and `c` ``, or the first three and how many more.
fn some(ids: &[&str]) -> String {
    let shown: Vec<String> = ids.iter().take(3).map(|id| format!("`{id}`")).collect();
    match ids.len() {
        0..=3 => message::joined(&shown, "and"),
        n => format!("{} and {} more", shown.join(", "), n - 3),
    }
}

/// `problem` without the ``<noun> name `x` `` it opens with (the line names the item).
pub fn without_name(problem: &str, noun: &str, name: &str) -> String {
    let prefix = format!("{noun} name {} ", message::show(name));
    problem
        .strip_prefix(&prefix)
        .map_or_else(|| problem.to_owned(), str::to_owned)
}

/// A tool's verdict: its level (`None`: nothing to say) and its line's text, from `own`, its
/// findings this run shows.
#[must_use]
pub fn tool(report: &NameReport, own: &[Seen<'_>]) -> (Option<Level>, String) {
    let name = message::show(&report.name);
    let Some(level) = worst(own) else {
        return (None, name);
    };
    let mut parts = Vec::new();
    let refusing: Vec<&str> = own
        .iter()
        .filter(|s| s.finding.kind == &lint::SPEC || s.finding.kind == &lint::CONTRACT)
        .filter_map(|s| s.finding.contract)
        .collect();
    for reason in report.reasons() {
        let ids: Vec<&str> = reason
            .contracts
            .iter()
            .copied()
            .filter(|c| refusing.contains(c))
            .collect();
        if !ids.is_empty() {
            parts.push(format!(
                "{}, refused by {}",
                without_name(&reason.problem, "tool", &report.name),
                some(&ids)
            ));
        }
    }
    let clients: Vec<&str> = own
        .iter()
        .filter(|s| s.finding.kind == &lint::CLIENT)
        .filter_map(|s| s.finding.client)
        .collect();
    if !clients.is_empty() {
        parts.push(format!(
            "{} {} badly ({})",
            clients.len(),
            plural(clients.len(), "client handles it", "clients handle it"),
            some(&clients)
        ));
    }
    let fix = match report.fix() {
        Some(fix) => message::write_instead(&fix),
        None if report.no_readable_fix() => message::no_readable_fix(&report.name),
        None => own
            .iter()
            .max_by_key(|s| s.level)
            .map(|s| s.finding.kind.help.to_owned())
            .unwrap_or_default(),
    };
    parts.push(fix);
    (
        Some(level),
        format!("{name} {}: {}", lints(own), parts.join("; ")),
    )
}

/// A finding said on its own line (across a list, past the names): `[lint] client: message;
/// what to do`.
#[must_use]
pub fn finding(seen: &Seen<'_>) -> String {
    Said::of(seen).line()
}

/// A finding said on its own line, as [`said_lines`] groups them: its level, lint and client,
/// what it is about (the names or servers it names), its message and suggestion.
pub struct Said<'a> {
    pub level: Level,
    pub lint: &'static Lint,
    pub client: Option<&'static str>,
    pub about: String,
    pub message: &'a str,
    pub suggestion: Option<&'a str>,
}

impl<'a> Said<'a> {
    /// A finding of the per-server report.
    #[must_use]
    pub fn of(seen: &Seen<'a>) -> Self {
        let f = seen.finding;
        Self {
            level: seen.level,
            lint: f.kind,
            client: f.client,
            about: f.tools.join("\n"),
            message: &f.message,
            suggestion: f.suggestion.as_deref(),
        }
    }

    /// `[lint] client: message; what to do`.
    #[must_use]
    pub fn line(&self) -> String {
        let who = self.client.map(|c| format!("{c}: ")).unwrap_or_default();
        format!("[{}] {who}{}{}", self.lint.name, self.message, self.help())
    }

    fn help(&self) -> String {
        help_for(self.lint, self.suggestion)
            .map(|h| format!("; {h}"))
            .unwrap_or_default()
    }
}

/// The lines of `said`, in order. Where one lint finds the same names at one level under
/// several clients (two tools that become one name under seven clients), the default view
/// says it once, naming the clients, with the first client's words; `verbose` says each.
#[must_use]
pub fn said_lines(said: &[Said<'_>], verbose: bool) -> Vec<(Level, String)> {
    let mut groups: Vec<Vec<&Said<'_>>> = Vec::new();
    for s in said {
        let same = |g: &Vec<&Said<'_>>| {
            let first = g[0];
            !verbose
                && first.client.is_some()
                && s.client.is_some()
                && first.lint.name == s.lint.name
                && first.level == s.level
                && first.about == s.about
        };
        match groups.iter_mut().find(|g| same(g)) {
            Some(group) => group.push(s),
            None => groups.push(vec![s]),
        }
    }
    groups
        .into_iter()
        .map(|group| {
            let first = group[0];
            if group.len() == 1 {
                return (first.level, first.line());
            }
            let ids: Vec<&str> = group.iter().filter_map(|s| s.client).collect();
            let line = format!(
                "[{}] {} clients ({}): {}; likewise under the others, each in its own way \
                 (`--verbose` says each){}",
                first.lint.name,
                ids.len(),
                some(&ids),
                first.message,
                first.help()
            );
            (first.level, line)
        })
        .collect()
}

/// How many verdicts at each level: `1 error, 3 warnings, 4 ok`.
#[derive(Debug, Clone, Copy, Default)]
pub struct Tally {
    /// At deny.
    pub errors: usize,
    /// At warn.
    pub warnings: usize,
    /// With nothing to say.
    pub ok: usize,
}

impl Tally {
    /// Counts one verdict.
    pub fn add(&mut self, level: Option<Level>) {
        match level {
            Some(Level::Deny) => self.errors += 1,
            Some(Level::Warn) => self.warnings += 1,
            Some(Level::Allow) | None => self.ok += 1,
        }
    }

    /// `1 error, 3 warnings, 4 ok`.
    #[must_use]
    pub fn words(self) -> String {
        format!(
            "{} {}, {} {}, {} ok",
            self.errors,
            plural(self.errors, "error", "errors"),
            self.warnings,
            plural(self.warnings, "warning", "warnings"),
            self.ok
        )
    }
}

/// What the exit code says, for the summary: ``exit code 1: `spec` at deny level (1
/// finding)`` or `exit code 0: nothing at deny level`. `seen` are every finding shown, `more`
/// the lints of denied findings said elsewhere (the config file's own,
/// [`crate::lint::Levels::settings_denied`]).
#[must_use]
pub fn exit_line(seen: &[Seen<'_>], more: &[&'static str]) -> String {
    let mut denied: Vec<&str> = seen
        .iter()
        .filter(|s| s.level == Level::Deny)
        .map(|s| s.finding.kind.name)
        .collect();
    denied.extend_from_slice(more);
    exit_words(&denied)
}

/// [`exit_line`] from the lint names of the denied findings.
#[must_use]
pub fn exit_words(denied: &[&str]) -> String {
    let mut lints: Vec<String> = Vec::new();
    for name in denied {
        let name = format!("`{name}`");
        if !lints.contains(&name) {
            lints.push(name);
        }
    }
    if denied.is_empty() {
        "exit code 0: nothing at deny level".to_owned()
    } else {
        format!(
            "exit code 1: {} at deny level ({} {})",
            message::joined(&lints, "and"),
            denied.len(),
            plural(denied.len(), "finding", "findings")
        )
    }
}

/// What each client preset was verified against, on one line: `clients verified: claude_code
/// run on 2.1.332, 2026-12-01; ...`.
#[must_use]
pub fn verified_line() -> String {
    verified_of("clients", CLIENTS.iter().map(|c| (c.id, c.verified)))
}

/// What each client's prompt rule was verified against, on one line: `prompt clients
/// verified: claude_code run on 2.1.332, 2026-12-02; ...`.
#[must_use]
pub fn prompt_verified_line() -> String {
    let each = prompt_clients().filter_map(|c| Some((c.id, c.prompts?.verified)));
    verified_of("prompt clients", each)
}

fn verified_of(what: &str, each: impl Iterator<Item = (&'static str, Verified)>) -> String {
    let each: Vec<String> = each
        .map(|(id, verified)| format!("{id} {}", verified.describe()))
        .collect();
    format!("{what} verified: {}", each.join("; "))
}

/// A rule's `verified` as JSON: `{how, version, date}`; `version` is the version run or the
/// commit read, `null` for user reports.
#[must_use]
pub fn verified_json(verified: &Verified) -> Value {
    let version = Some(verified.version).filter(|v| !v.is_empty());
    json!({
        "how": verified.how.word(),
        "version": version,
        "date": verified.date,
    })
}
