//! The text of `check`: a verdict line per name, and under `--verbose` each contract, each
//! client's model-facing name and the fix, then the summary.

use mcp_toolname_rules::message;

use super::{ID_WIDTH, Input};
use crate::args::Output;
use crate::findings::Finding;
use crate::keys::Keys;
use crate::names::{NameReport, fate_word};
use crate::verdict::verified_line;
use crate::verdict::{self, Seen};
use crate::wrap;

/// The text report: a verdict line per name (and every detail under `--verbose`), then the
/// summary.
#[must_use]
pub(super) fn text(
    inputs: &[Input],
    keys: &Keys,
    key_findings: &[Finding],
    per_name: &[Vec<Finding>],
    out: &Output,
) -> String {
    let mut text = String::new();
    if let Some(advice) = keys.advice() {
        text.push_str(&wrap::hanging("", &advice, 2));
        text.push('\n');
    }
    let key_seen = verdict::visible(key_findings, &out.levels);
    for seen in &key_seen {
        text.push_str(&verdict::line(0, Some(seen.level), &verdict::finding(seen)));
    }
    if !key_seen.is_empty() {
        text.push('\n');
    }
    let verdict_of = |input: &Input, own: &[Seen<'_>]| match input {
        Input::Name(report) => verdict::tool(report, own),
        Input::NotUtf8 {
            lossy, suggestion, ..
        } => {
            let fix = suggestion
                .as_deref()
                .map_or_else(|| message::no_readable_fix(lossy), message::write_instead);
            let level = verdict::worst(own);
            let why = own.first().map_or_else(String::new, |s| {
                format!(" [{}]: {}", s.finding.kind.name, s.finding.message)
            });
            let line = if level.is_some() {
                format!("{} (not valid UTF-8){why}; {fix}", message::show(lossy))
            } else {
                format!("{} (not valid UTF-8)", message::show(lossy))
            };
            (level, line)
        }
    };
    let detail_of = |input: &Input| {
        let mut detail = String::new();
        match input {
            Input::Name(report) => name_text(&mut detail, report, keys),
            Input::NotUtf8 {
                lossy,
                reason,
                suggestion,
            } => {
                detail.push_str("  contracts:\n");
                detail.push_str(&format!("    {:<ID_WIDTH$} {reason}\n", "all"));
                suggestion_line(
                    &mut detail,
                    lossy,
                    suggestion.as_deref(),
                    false,
                    "passes every contract",
                );
            }
        }
        detail
    };
    let levels = &out.levels;
    let (tally, own) = verdict::check_lines(
        &mut text,
        inputs,
        per_name,
        levels,
        out.verbose,
        verdict_of,
        detail_of,
    );
    let mut all = key_seen;
    all.extend(own);
    verdict::check_summary(
        &mut text,
        out.verbose,
        &verified_line(),
        (inputs.len(), ("name", "names")),
        tally,
        "each contract and each client's name",
        &all,
    );
    text
}

fn name_text(out: &mut String, report: &NameReport, keys: &Keys) {
    out.push_str("  contracts:\n");
    // Each reason once, then the contracts (and clients) it breaks.
    let passing: Vec<&str> = report
        .contracts
        .iter()
        .filter(|v| v.error.is_none())
        .map(|v| v.contract.id)
        .collect();
    let passing = match passing.len() {
        0 => "none".to_owned(),
        n if n == report.contracts.len() => "every contract".to_owned(),
        _ => passing.join(", "),
    };
    out.push_str(&format!("    {:<ID_WIDTH$} {passing}\n", "pass"));
    for reason in report.reasons() {
        out.push_str(&format!(
            "    {:<ID_WIDTH$} {}\n",
            "problem", reason.problem
        ));
        out.push_str(&format!("    {:<ID_WIDTH$} {}\n", "", reason.detail));
    }
    out.push_str(&format!(
        "  clients (server key {}{}):\n",
        message::show(&keys.key),
        keys.scope()
    ));
    for verdict in &report.clients {
        out.push_str(&format!(
            "    {:<ID_WIDTH$} {:<11} {}\n",
            verdict.client.id,
            fate_word(verdict.qualified.fate),
            message::show(&verdict.qualified.name)
        ));
        if let Some(problem) = verdict.problem(&report.name) {
            out.push_str(&format!("    {:<ID_WIDTH$} {problem}\n", ""));
        }
    }
    // The fix `audit` gives too: within every client's budget when a prefix pushes the name
    // over one, else the nearest name that passes every contract.
    let fix = report.fix();
    let scope = if report.over_a_budget() {
        "passes every contract and fits every client's budget"
    } else {
        "passes every contract"
    };
    suggestion_line(
        out,
        &report.name,
        fix.as_deref(),
        report.no_readable_fix(),
        scope,
    );
}

fn suggestion_line(
    out: &mut String,
    name: &str,
    suggestion: Option<&str>,
    no_readable: bool,
    scope: &str,
) {
    match suggestion {
        Some(s) => out.push_str(&format!(
            "  suggestion:  {} ({scope})\n",
            message::write_instead(s)
        )),
        None if no_readable => out.push_str(&format!(
            "  suggestion:  {}\n",
            message::no_readable_fix(name)
        )),
        None => out.push_str("  suggestion:  none needed\n"),
    }
}
