//! The `audit` report as one JSON document: `{server, tools[], prompts[], findings[], cost,
//! summary}`, each finding with its `lint` and its `level` in this run.

use mcp_toolname_rules::message;
use serde_json::{Value, json};

use crate::emit::Doc;
use crate::findings::Finding;
use crate::keys::Keys;
use crate::lint::{Level, Levels};
use crate::listing::Listing;
use crate::names::{NameReport, fate_word};
use crate::prompts::{self, PromptReport};

/// The JSON report: `{server, tools[], prompts[], findings[], summary}`. Field names are
/// stable.
#[must_use]
pub fn json(
    listing: &Listing,
    keys: &Keys,
    reports: &[NameReport],
    prompts: &[PromptReport],
    findings: &[Finding],
    levels: &Levels,
) -> Value {
    let code = u8::from(denies(findings, levels));
    let mut doc = head(listing, keys, reports, prompts, findings, code);
    doc["tools"] = reports.iter().map(tool_json).collect();
    doc["prompts"] = prompts.iter().map(prompts::audit::json).collect();
    doc["findings"] = findings.iter().map(|f| finding(f, levels)).collect();
    doc
}

/// One finding of the JSON report: its fields, then its `lint` and its `level` in this run.
#[must_use]
pub fn finding(f: &Finding, levels: &Levels) -> Value {
    let mut value = serde_json::to_value(f).unwrap_or_default();
    value["lint"] = json!(f.kind.name());
    value["level"] = json!(levels.level(f.kind.name(), f.contract, f.client));
    value
}

/// Whether a finding of `findings` is at deny level in this run.
#[must_use]
pub fn denies(findings: &[Finding], levels: &Levels) -> bool {
    findings
        .iter()
        .any(|f| levels.level(f.kind.name(), f.contract, f.client) == Level::Deny)
}

/// [`json`] made while it is written, one tool's `Value` at a time, its summary giving
/// `exit_code` (a baseline can raise it).
#[must_use]
pub fn json_stream<'a>(
    listing: &Listing,
    keys: &Keys,
    reports: &'a [NameReport],
    prompts: &'a [PromptReport],
    findings: &'a [Finding],
    levels: &'a Levels,
    exit_code: u8,
) -> Doc<'a> {
    Doc::new(head(listing, keys, reports, prompts, findings, exit_code))
        .array("tools", reports.iter().map(tool_json))
        .array("prompts", prompts.iter().map(prompts::audit::json))
        .array("findings", findings.iter().map(|f| finding(f, levels)))
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
            "meets_server": v.qualified.meets_server.as_deref().map(message::short),
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
    exit_code: u8,
) -> Value {
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
        "cost": crate::cost::Cost::of(listing, reports).json(),
        "summary": {
            "tools": listing.tools.len(),
            "prompts": prompts.len(),
            "breaks_spec": reports.iter().filter(|r| r.breaks_spec()).count(),
            "findings": findings.len(),
            "exit_code": exit_code,
        },
    })
}
