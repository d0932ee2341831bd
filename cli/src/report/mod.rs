//! The `audit` report: text for people (here), one JSON document for CI ([`json`]).
//!
//! The text gives a one-line verdict per tool and per prompt, at its level for this run
//! ([`crate::verdict`]), then each finding across a list on its own line, each ending with what
//! to do; `--verbose` adds every finding of each tool and each client's name for it.

mod audit;
mod json;

use mcp_toolname_rules::lint::{self, Lint, Scope};
use std::collections::HashMap;
use std::fmt;

use mcp_toolname_rules::message;

pub use audit::{Audit, Baseline, Judged};
pub use json::{denies, findings, json_stream};

use crate::args::Output;
use crate::findings::Finding;
use crate::keys::Keys;
use crate::lint::{Level, Levels};
use crate::listing::Listing;
use crate::names::NameReport;
use crate::prompts::{self, PromptReport};
use crate::verdict::{self, Seen, Tally};
use crate::wrap;
use crate::wrap::plural;

/// Width of the kind column of `--verbose` details.
const KIND: usize = 9;
/// Width of the contract or client column of `--verbose` details.
const LABEL: usize = 12;

fn server_line(listing: &Listing) -> String {
    let origin = match (&listing.url, &listing.command) {
        (Some(_), Some(url)) => format!("at {url}, over Streamable HTTP"),
        (None, Some(command)) => format!("started as {command}"),
        (_, None) => "the bundled demo, in-process".to_owned(),
    };
    wrap::hanging(
        "",
        &format!(
            "server {} {} ({origin}), protocol {}",
            message::show(&listing.name),
            message::show(&listing.version),
            message::show(&listing.protocol)
        ),
        2,
    )
}

/// The text report of one server, written into `text` as it is made: its section, the
/// changes against a baseline (`audit --baseline`: the words of the diff and how many of them
/// break a client), then a summary saying the exit code, which a breaking change raises to 1.
///
/// # Errors
/// When `text` fails.
pub fn write_text(
    text: &mut dyn fmt::Write,
    server: &Audited<'_>,
    out: &Output,
    baseline: Option<&audit::Baseline>,
) -> fmt::Result {
    let Audited {
        listing,
        reports,
        prompts,
        findings,
        ..
    } = *server;
    text.write_str(&crate::redact::notice())?;
    section(text, server, "set with --server-key", out)?;
    text.write_char('\n')?;
    let breaking = baseline.map_or(0, |b| b.changes.iter().filter(|c| c.breaking()).count());
    if let Some(b) = baseline {
        crate::surface::report::lines(
            "against the baseline: ",
            (&b.baseline, &b.live),
            &b.changes,
            &b.growth,
            text,
        )?;
        text.write_char('\n')?;
    }
    if out.verbose {
        text.write_str(&wrap::hanging("", &crate::verdict::verified_line(), 2))?;
    }
    text.write_str(&wrap::hanging(
        "",
        &format!(
            "summary: {}",
            counts(listing, reports, prompts, findings, &out.levels)
        ),
        2,
    ))?;
    let seen = verdict::visible(findings, &out.levels);
    let exit = verdict::exit_line(&seen, &out.levels.settings_denied());
    let exit = match (
        listing.command.is_none(),
        exit.strip_prefix("exit code 1: "),
    ) {
        (true, Some(why)) => {
            format!("a real server with these names would exit 1: {why}; the demo exits 0")
        }
        _ => exit,
    };
    let broken = format!(
        "{breaking} {} against the baseline {} a client",
        wrap::plural(breaking, "change", "changes"),
        wrap::plural(breaking, "breaks", "break")
    );
    let exit = match exit.strip_prefix("exit code 0: ") {
        _ if breaking == 0 => exit,
        Some(_) => format!("exit code 1: {broken}"),
        None => format!("{exit}; and {broken}"),
    };
    text.write_str(&wrap::hanging("", &exit, 2))
}

/// One audited server, as its text report reads it.
#[derive(Debug, Clone, Copy)]
pub struct Audited<'a> {
    /// What every client is shown.
    pub listing: &'a Listing,
    /// The server's key under each client.
    pub keys: &'a Keys,
    /// Each listed tool's verdicts.
    pub reports: &'a [NameReport],
    /// Each prompt's verdicts.
    pub prompts: &'a [PromptReport],
    /// Every finding, allowed ones included.
    pub findings: &'a [Finding],
}

/// Whether a finding of this kind is said on its tool's line.
fn is_per_tool(kind: &Lint) -> bool {
    kind.scope == Scope::Name
}

/// The report on one server without its summary, written into `text` tool by tool: the
/// server, a verdict per tool (errors first, then warnings, then the rest, each in list
/// order), findings across its list and past the names, and its prompts. `key_origin` says
/// where the key came from.
///
/// # Errors
/// When `text` fails.
pub fn section(
    text: &mut dyn fmt::Write,
    server: &Audited<'_>,
    key_origin: &str,
    out: &Output,
) -> fmt::Result {
    let Audited {
        listing,
        keys,
        reports,
        prompts,
        findings,
    } = *server;
    text.write_str(&server_line(listing))?;
    text.write_str(&wrap::hanging(
        "",
        &format!(
            "{} {} in {} {}; server key {} ({key_origin})",
            listing.tools.len(),
            plural(listing.tools.len(), "tool", "tools"),
            listing.pages,
            plural(listing.pages, "page", "pages"),
            message::show(&keys.key)
        ),
        2,
    ))?;
    if let Some(advice) = keys.advice() {
        text.write_str(&wrap::hanging("", &advice, 2))?;
    }
    let seen = verdict::visible(findings, &out.levels);
    let mut by_tool: HashMap<&str, Vec<Seen<'_>>> = HashMap::new();
    for s in seen.iter().filter(|s| is_per_tool(s.finding.kind)) {
        by_tool.entry(s.finding.tool.as_str()).or_default().push(*s);
    }
    let own: Vec<Vec<Seen<'_>>> = reports
        .iter()
        .map(|report| {
            by_tool
                .remove(message::short(&report.name).as_ref())
                .unwrap_or_default()
        })
        .collect();
    // The key's line comes before the tools', so every tool is weighed before one is written.
    let mut blame = KeyBlame::new(keys);
    let blamed: Vec<Option<usize>> = own.iter().map(|own| blame.take(own)).collect();
    if let Some(said) = blame.summary() {
        text.write_str(&wrap::hanging("", &said, 2))?;
    }
    if !reports.is_empty() {
        text.write_str("\ntools\n")?;
    }
    // Errors first, then warnings, then the rest; each in list order.
    let mut order: Vec<(Option<Level>, usize)> = own
        .iter()
        .enumerate()
        .map(|(i, own)| (verdict::worst(own), i))
        .collect();
    order.sort_by_key(|&(level, _)| std::cmp::Reverse(level));
    for (level, i) in order {
        let (report, own) = (&reports[i], &own[i]);
        let line = match blamed[i] {
            Some(clients) => blame.line(report, clients),
            None => verdict::tool(report, own).1,
        };
        text.write_str(&verdict::line(2, level, &line))?;
        if out.verbose && level.is_some() {
            text.write_str(&details(report, own))?;
        }
    }
    for (heading, past) in [("across the tool list", false), ("past the names", true)] {
        let found: Vec<&Seen<'_>> = seen
            .iter()
            .filter(|s| {
                let kind = s.finding.kind;
                !is_per_tool(kind)
                    && !kind.scope.is_prompt()
                    && (kind.scope == Scope::Beside) == past
            })
            .collect();
        if found.is_empty() {
            continue;
        }
        write!(text, "\n{heading}\n")?;
        let said: Vec<verdict::Said<'_>> = found.iter().map(|s| verdict::Said::of(s)).collect();
        for (level, line) in verdict::said_lines(&said, out.verbose) {
            text.write_str(&verdict::line(2, Some(level), &line))?;
        }
    }
    text.write_str(&prompts::audit::text(listing, prompts, findings, out))?;
    if out.verbose {
        text.write_str(
            &crate::cost::Cost::of(listing, reports).text("cost to the model, per client"),
        )?;
    }
    Ok(())
}

/// Tools whose every client finding comes from the server's key, not their name (`a.b`, whose
/// dot Cursor sends and Cline hashes; the findings carry `suggested_key`): said once for the
/// key, each such tool's line pointing at it, rather than the same clients and a fix the name
/// does not need on every line.
struct KeyBlame {
    /// The key as written.
    key: String,
    /// A key every client takes.
    suggested: Option<String>,
    tools: usize,
    clients: Vec<&'static str>,
}

impl KeyBlame {
    fn new(keys: &Keys) -> Self {
        Self {
            key: keys.key.clone(),
            suggested: None,
            tools: 0,
            clients: Vec::new(),
        }
    }

    /// Counts a tool whose findings here all blame the key, and returns how many clients
    /// they are; `None` for any other tool.
    fn take(&mut self, own: &[Seen<'_>]) -> Option<usize> {
        let suggested = own.first()?.finding.suggested_key.as_ref()?;
        let clients: Vec<&'static str> = own
            .iter()
            .map(|s| s.finding.suggested_key.as_ref().and(s.finding.client))
            .collect::<Option<_>>()?;
        self.suggested.get_or_insert_with(|| suggested.clone());
        self.tools += 1;
        for c in &clients {
            if !self.clients.contains(c) {
                self.clients.push(c);
            }
        }
        Some(clients.len())
    }

    /// The line of a tool [`Self::take`] counted, for its `clients`.
    fn line(&self, report: &NameReport, clients: usize) -> String {
        format!(
            "{} [client]: {} {} badly, for the server key {} (above), not for its name",
            message::show(&report.name),
            clients,
            plural(clients, "client handles it", "clients handle it"),
            message::show(&self.key)
        )
    }

    /// The line said once for the key, after every tool's [`Self::line`].
    fn summary(&self) -> Option<String> {
        let suggested = self.suggested.as_ref()?;
        let tools = self.tools;
        if tools == 0 {
            return None;
        }
        let ids: Vec<String> = self.clients.iter().map(|c| format!("`{c}`")).collect();
        Some(format!(
            "the server key {} is why {tools} {} badly by {} {} ({}): a key of `A-Z a-z 0-9 _ \
             -` that no other server of the config has (such as {}) ends those findings",
            message::show(&self.key),
            plural(tools, "tool is handled", "tools are handled"),
            ids.len(),
            plural(ids.len(), "client", "clients"),
            message::joined(&ids, "and"),
            message::show(suggested)
        ))
    }
}

/// A tool's findings one by one, for `--verbose`: each contract reason once (the JSON keeps
/// one finding per contract), then each client's problem, then the fix.
fn details(report: &NameReport, own: &[Seen<'_>]) -> String {
    let mut out = String::new();
    let pad = " ".repeat(4 + KIND + LABEL + 1);
    let refusing: Vec<&str> = own.iter().filter_map(|s| s.finding.contract).collect();
    for reason in report.reasons() {
        if !reason.contracts.iter().any(|c| refusing.contains(c)) {
            continue;
        }
        let label = if reason.breaks_spec() {
            &lint::SPEC
        } else {
            &lint::CONTRACT
        };
        out.push_str(&wrap::hanging(
            &format!("    {:<KIND$} {:<LABEL$} ", label.name, ""),
            &format!("{}; {}", reason.problem, reason.detail),
            pad.len(),
        ));
    }
    for s in own.iter().filter(|s| s.finding.kind == &lint::CLIENT) {
        out.push_str(&wrap::hanging(
            &format!(
                "    {:<KIND$} {:<LABEL$} ",
                s.finding.kind.name,
                s.finding.client.unwrap_or_default()
            ),
            &s.finding.message,
            pad.len(),
        ));
    }
    if let Some(fix) = report.fix() {
        let fits = if report.over_a_budget() {
            "passes every contract and fits every client's budget"
        } else {
            "passes every contract"
        };
        out.push_str(&wrap::hanging(
            &format!("    {:<KIND$} {:<LABEL$} ", "fix", ""),
            &format!(
                "{} ({fits}; no other tool has it)",
                message::write_instead(&fix)
            ),
            pad.len(),
        ));
    }
    out
}

/// One server's counts, one line without its end: `8 tools: 1 error, 3 warnings, 4 ok; 4
/// prompts: ...; across the lists: ...`.
#[must_use]
pub fn counts(
    listing: &Listing,
    reports: &[NameReport],
    prompts: &[PromptReport],
    findings: &[Finding],
    levels: &Levels,
) -> String {
    let seen = verdict::visible(findings, levels);
    // The worst level said on each tool's (or prompt's) own line, found in one pass: looking
    // it up per name in every finding made 8,000 tools take seconds.
    let mut worst: HashMap<(bool, &str), Level> = HashMap::new();
    for s in &seen {
        let tool = !s.finding.kind.scope.is_prompt();
        let own = if tool {
            is_per_tool(s.finding.kind)
        } else {
            s.finding.kind.scope == Scope::Prompt
        };
        if own {
            let level = worst
                .entry((tool, s.finding.tool.as_str()))
                .or_insert(s.level);
            *level = (*level).max(s.level);
        }
    }
    let level_of =
        |name: &str, tool: bool| worst.get(&(tool, message::short(name).as_ref())).copied();
    let mut tools = Tally::default();
    for report in reports {
        tools.add(level_of(&report.name, true));
    }
    let mut out = format!(
        "{} {}: {}",
        listing.tools.len(),
        plural(listing.tools.len(), "tool", "tools"),
        tools.words()
    );
    if !prompts.is_empty() {
        let mut tally = Tally::default();
        for report in prompts {
            tally.add(level_of(&report.name, false));
        }
        out.push_str(&format!(
            "; {} {}: {}",
            prompts.len(),
            plural(prompts.len(), "prompt", "prompts"),
            tally.words()
        ));
    }
    let across: Vec<&Seen<'_>> = seen
        .iter()
        .filter(|s| !is_per_tool(s.finding.kind) && s.finding.kind.scope != Scope::Prompt)
        .collect();
    let errors = across.iter().filter(|s| s.level == Level::Deny).count();
    out.push_str(&format!(
        "; across the lists: {errors} {}, {} {}",
        plural(errors, "error", "errors"),
        across.len() - errors,
        plural(across.len() - errors, "warning", "warnings")
    ));
    let allowed: Vec<&Finding> = findings
        .iter()
        .filter(|f| levels.level(f.kind.name, f.contract, f.client) == Level::Allow)
        .collect();
    if !allowed.is_empty() {
        let mut names: Vec<String> = Vec::new();
        for f in &allowed {
            let name = format!("`{}`", f.kind.name);
            if !names.contains(&name) {
                names.push(name);
            }
        }
        out.push_str(&format!(
            "; {} {} allowed ({})",
            allowed.len(),
            plural(allowed.len(), "finding", "findings"),
            message::joined(&names, "and")
        ));
    }
    out
}
