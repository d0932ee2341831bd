//! The `audit` report: text for people, one JSON document for CI.

use std::collections::HashMap;

use mcp_toolname_rules::message;
use serde_json::{Value, json};

use crate::audit::Listing;
use crate::check::plural;
use crate::findings::{Finding, Kind};
use crate::keys::Keys;
use crate::names::{NameReport, fate_word};
use crate::prompts::{self, PromptReport};
use crate::stream::Doc;

/// Width of the label column.
const LABEL: usize = 12;

fn server_line(listing: &Listing) -> String {
    let origin = match (&listing.url, &listing.command) {
        (Some(_), Some(url)) => format!("at {url}, over Streamable HTTP"),
        (None, Some(command)) => format!("started as {command}"),
        (_, None) => "the bundled demo, in-process".to_owned(),
    };
    format!(
        "server {} {} ({origin}), protocol {}\n",
        message::show(&listing.name),
        message::show(&listing.version),
        message::show(&listing.protocol)
    )
}

/// The text report: the server, then each tool that has findings with its findings, then
/// the tools with none, then findings about the whole list, then the prompts, then a summary.
#[must_use]
pub fn text(
    listing: &Listing,
    keys: &Keys,
    reports: &[NameReport],
    prompts: &[PromptReport],
    findings: &[Finding],
) -> String {
    let mut out = crate::redact::notice();
    out.push_str(&section(
        listing,
        keys,
        "set with --server-key",
        reports,
        prompts,
        findings,
    ));
    out.push('\n');
    out.push_str(&summary(listing, reports, prompts, findings));
    out
}

/// The report on one server without its summary: the server, each tool with findings, the
/// tools with none, findings across its list, and its prompts. `key_origin` says where the
/// key came from.
#[must_use]
pub fn section(
    listing: &Listing,
    keys: &Keys,
    key_origin: &str,
    reports: &[NameReport],
    prompts: &[PromptReport],
    findings: &[Finding],
) -> String {
    let mut out = server_line(listing);
    out.push_str(&format!(
        "{} {} in {} {}; server key {} ({key_origin})\n",
        listing.names.len(),
        plural(listing.names.len(), "tool", "tools"),
        listing.pages,
        plural(listing.pages, "page", "pages"),
        message::show(&keys.key)
    ));
    if let Some(advice) = keys.advice() {
        out.push_str(&format!("{advice}\n"));
    }
    let mut by_tool: HashMap<&str, Vec<&Finding>> = HashMap::new();
    for finding in findings.iter().filter(|f| is_per_tool(f.kind)) {
        by_tool
            .entry(finding.tool.as_str())
            .or_default()
            .push(finding);
    }
    let mut clean = Vec::new();
    for report in reports {
        let own = by_tool
            .remove(message::short(&report.name).as_ref())
            .unwrap_or_default();
        if own.is_empty() {
            clean.push(message::show(&report.name));
            continue;
        }
        out.push_str(&format!("\n{}\n", message::show(&report.name)));
        // Contract refusals: each reason once (the JSON keeps one finding per contract).
        for reason in report.reasons() {
            let label = if reason.breaks_spec() {
                Kind::Spec
            } else {
                Kind::Contract
            };
            out.push_str(&format!(
                "  {:<9} {}\n  {:<9} {}\n",
                label.label(),
                reason.problem,
                "",
                reason.detail
            ));
        }
        for finding in own.iter().filter(|f| f.kind == Kind::Client) {
            let id = finding.contract.or(finding.client).unwrap_or_default();
            out.push_str(&format!(
                "  {:<9} {id:<LABEL$} {}\n",
                finding.kind.label(),
                finding.message
            ));
        }
        if let Some(fix) = report.fix() {
            let fits = if report.over_a_budget() {
                "passes every contract and fits every client's budget"
            } else {
                "passes every contract"
            };
            out.push_str(&format!(
                "  {:<9} {:<LABEL$} {} ({fits}; no other tool has it)\n",
                "fix",
                "",
                message::write_instead(&fix)
            ));
        } else if report.no_readable_fix() {
            out.push_str(&format!(
                "  {:<9} {:<LABEL$} {}\n",
                "fix",
                "",
                message::no_readable_fix(&report.name)
            ));
        }
    }
    if !clean.is_empty() {
        out.push_str(&format!(
            "\nfine under every contract and client: {}\n",
            clean.join(", ")
        ));
    }
    for (heading, past) in [("across the tool list", false), ("past the names", true)] {
        let found: Vec<&Finding> = findings
            .iter()
            .filter(|f| {
                !is_per_tool(f.kind) && !f.kind.is_prompt() && f.kind.past_the_names() == past
            })
            .collect();
        if found.is_empty() {
            continue;
        }
        out.push_str(&format!("\n{heading}\n"));
        for finding in &found {
            out.push_str(&format!(
                "  {:<9} {:<LABEL$} {}\n",
                finding.kind.label(),
                finding.client.unwrap_or_default(),
                finding.message
            ));
        }
    }
    out.push_str(&prompts::audit::text(listing, prompts, findings));
    out
}

fn is_per_tool(kind: Kind) -> bool {
    matches!(kind, Kind::Spec | Kind::Contract | Kind::Client)
}

/// One server's counts, one line without its end: `5 tools; 0 break the MCP spec; ...`, and
/// its prompts when it has any.
#[must_use]
pub fn counts(
    listing: &Listing,
    reports: &[NameReport],
    prompts: &[PromptReport],
    findings: &[Finding],
) -> String {
    let count = |kind: Kind| findings.iter().filter(|f| f.kind == kind).count();
    let spec = reports.iter().filter(|r| r.breaks_spec()).count();
    let llm = reports.iter().filter(|r| r.refused_by_llm_apis()).count();
    let client = reports
        .iter()
        .filter(|r| r.clients.iter().any(|c| !c.is_fine()))
        .count();
    let prompts = prompts::audit::counts(prompts)
        .map(|c| format!("; {c}"))
        .unwrap_or_default();
    format!(
        "{} {}; {spec} {} the MCP spec; {llm} refused by the common LLM API contract; {client} \
         handled badly by at least one client; {} listed more than once; {} case, {} look-alike \
         and {} normalisation collisions; {} past the names{prompts}",
        listing.names.len(),
        plural(listing.names.len(), "tool", "tools"),
        plural(spec, "breaks", "break"),
        count(Kind::Duplicate),
        count(Kind::CaseCollision),
        count(Kind::LookAlike),
        count(Kind::NormalisationCollision),
        findings.iter().filter(|f| f.kind.past_the_names()).count(),
    )
}

fn summary(
    listing: &Listing,
    reports: &[NameReport],
    prompts: &[PromptReport],
    findings: &[Finding],
) -> String {
    let spec = reports.iter().filter(|r| r.breaks_spec()).count();
    let duplicates = findings
        .iter()
        .filter(|f| f.kind == Kind::Duplicate)
        .count();
    let verdict = match (spec, duplicates) {
        (0, 0) => "exit code 0: every tool name is inside the MCP spec".to_owned(),
        (_, 0) => format!(
            "exit code 1: {spec} tool {} the MCP spec",
            plural(spec, "name breaks", "names break")
        ),
        (0, _) => format!(
            "exit code 1: {duplicates} tool {} more than once",
            plural(duplicates, "name is listed", "names are listed")
        ),
        _ => format!(
            "exit code 1: {spec} tool {} the MCP spec, and {duplicates} {} more than once",
            plural(spec, "name breaks", "names break"),
            plural(duplicates, "is listed", "are listed")
        ),
    };
    let verdict = match (
        listing.command.is_none(),
        verdict.strip_prefix("exit code 1: "),
    ) {
        (true, Some(why)) => {
            format!("a real server with these names would exit 1 ({why}); the demo exits 0")
        }
        _ => verdict,
    };
    format!(
        "{}summary: {}\n{verdict}\n",
        crate::check::verified_line(),
        counts(listing, reports, prompts, findings)
    )
}

/// The JSON report: `{server, tools[], prompts[], findings[], summary}`. Field names are
/// stable.
#[must_use]
pub fn json(
    listing: &Listing,
    keys: &Keys,
    reports: &[NameReport],
    prompts: &[PromptReport],
    findings: &[Finding],
) -> Value {
    let mut doc = head(listing, keys, reports, prompts, findings);
    doc["tools"] = reports.iter().map(tool_json).collect();
    doc["prompts"] = prompts.iter().map(prompts::audit::json).collect();
    doc["findings"] = json!(findings);
    doc
}

/// [`json`] made while it is written: one tool's `Value` at a time.
#[must_use]
pub fn json_stream<'a>(
    listing: &Listing,
    keys: &Keys,
    reports: &'a [NameReport],
    prompts: &'a [PromptReport],
    findings: &'a [Finding],
) -> Doc<'a> {
    Doc::new(head(listing, keys, reports, prompts, findings))
        .array("tools", reports.iter().map(tool_json))
        .array("prompts", prompts.iter().map(prompts::audit::json))
        .array(
            "findings",
            findings
                .iter()
                .map(|f| serde_json::to_value(f).unwrap_or_default()),
        )
}

/// One tool of the JSON report.
fn tool_json(r: &NameReport) -> Value {
    json!({
        "name": r.name,
        "breaks_spec": r.breaks_spec(),
        "contracts": r.contracts.iter().map(|v| json!({
            "id": v.contract.id,
            "pass": v.refusal.is_none(),
        })).collect::<Vec<_>>(),
        "clients": r.clients.iter().map(|v| json!({
            "id": v.client.id,
            "name": message::short(&v.qualified.name),
            "fate": fate_word(v.qualified.fate),
            "meets": v.qualified.meets.as_deref().map(message::short),
            "fine": v.is_fine(),
        })).collect::<Vec<_>>(),
        "suggestion": r.fix(),
        "no_readable_suggestion": r.no_readable_fix(),
    })
}

/// The JSON report without `tools`, `prompts` and `findings`.
fn head(
    listing: &Listing,
    keys: &Keys,
    reports: &[NameReport],
    prompts: &[PromptReport],
    findings: &[Finding],
) -> Value {
    let breaks = findings.iter().any(|f| f.kind.breaks_spec());
    json!({
        "secrets": crate::redact::state(),
        "server": {
            "name": listing.name,
            "title": listing.title,
            "version": listing.version,
            "protocol_version": listing.protocol,
            "command": listing.argv,
            "url": listing.url,
            "demo": listing.command.is_none(),
            "server_key": keys.key,
            "server_key_advice": keys.advice(),
            "tools_capability": listing.has_tools,
            "pages": listing.pages,
            "prompts_capability": listing.has_prompts,
            "prompt_pages": listing.prompt_pages,
            "prompts_error": listing.prompts_note,
        },
        "clients": mcp_toolname_rules::CLIENTS.iter().map(|c| json!({
            "id": c.id,
            "title": c.title,
            "verified": crate::check::verified_json(c),
        })).collect::<Vec<_>>(),
        "summary": {
            "tools": listing.names.len(),
            "prompts": prompts.len(),
            "breaks_spec": reports.iter().filter(|r| r.breaks_spec()).count(),
            "findings": findings.len(),
            "exit_code": u8::from(breaks),
        },
    })
}
