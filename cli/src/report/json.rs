//! The `audit` report as one JSON document: `{server, tools[], prompts[], findings[], cost,
//! summary}`, each finding with its `lint` and its `level` in this run, those that differ only
//! in contract or client made one.

use mcp_toolname_rules::message;
use serde_json::{Value, json};

use crate::emit::Doc;
use crate::findings::Finding;
use crate::lint::{Level, Levels};
use crate::names::{NameReport, fate_word};
use crate::prompts;

/// The findings of the JSON report: those of one lint at one level about the same tools with
/// the same fix, whose messages say one thing of each ([`crate::diag::clusters`]), made one,
/// each `{lint, kind, level, tools, contracts, clients, message, suggestion, suggested_key}`:
/// a dotted name refused by six contracts is one finding listing the six, its message saying
/// what they share once. Made while it is written: only which findings go together is held.
pub fn findings<'a>(
    findings: &'a [Finding],
    levels: &'a Levels,
) -> impl Iterator<Item = Value> + 'a {
    groups(findings, levels)
        .into_iter()
        .flat_map(move |(level, members)| {
            let messages: Vec<&str> = members
                .iter()
                .map(|&i| findings[i].message.as_str())
                .collect();
            crate::diag::clusters(&messages)
                .into_iter()
                .map(|(cluster, sentence)| {
                    let cluster: Vec<&Finding> =
                        cluster.iter().map(|&j| &findings[members[j]]).collect();
                    one(&cluster, level, sentence)
                })
                .collect::<Vec<_>>()
        })
}

/// The indices of `findings` that may make one finding of the JSON report (one lint, one
/// level, the same tools and fix), in the order each first appears, with their level.
fn groups(findings: &[Finding], levels: &Levels) -> Vec<(Level, Vec<usize>)> {
    let keyed = findings.iter().enumerate().map(|(i, f)| {
        let level = levels.level(f.kind.name, f.contract, f.client);
        let fix = (f.suggestion.as_deref(), f.suggested_key.as_deref());
        ((f.kind.name, level, f.tools.as_slice(), fix), i)
    });
    crate::group::in_order(keyed)
        .into_iter()
        .map(|((_, level, ..), members)| (level, members))
        .collect()
}

/// One finding of the JSON report, made of `members` (one lint, one level, the same tools and
/// fix), whose messages say `message`.
fn one(members: &[&Finding], level: Level, message: String) -> Value {
    let first = members[0];
    let mut contracts: Vec<&str> = Vec::new();
    let mut clients: Vec<&str> = Vec::new();
    for f in members {
        contracts.extend(f.contract.filter(|c| !contracts.contains(c)));
        clients.extend(f.client.filter(|c| !clients.contains(c)));
    }
    json!({
        "lint": first.kind.name,
        "kind": first.kind,
        "level": level,
        "tools": first.tools,
        "contracts": contracts,
        "clients": clients,
        "message": message,
        "suggestion": first.suggestion,
        "suggested_key": first.suggested_key,
    })
}

/// Whether a finding of `findings` is at deny level in this run.
#[must_use]
pub fn denies(findings: &[Finding], levels: &Levels) -> bool {
    findings
        .iter()
        .any(|f| levels.level(f.kind.name, f.contract, f.client) == Level::Deny)
}

/// The JSON report, `{secrets, server, clients[], tools[], prompts[], findings[], cost,
/// summary}`, made while it is written, one tool's `Value` at a time, its summary giving
/// `exit_code` (a baseline can raise it). Field names are stable.
#[must_use]
pub fn json_stream<'a>(server: &super::Audited<'a>, levels: &'a Levels, exit_code: u8) -> Doc<'a> {
    Doc::new(head(server, exit_code))
        .array("tools", server.reports.iter().map(tool_json))
        .array("prompts", server.prompts.iter().map(prompts::audit::json))
        .array("findings", self::findings(server.findings, levels))
}

/// One tool of the JSON report.
fn tool_json(r: &NameReport) -> Value {
    json!({
        "name": r.name,
        "breaks_spec": r.breaks_spec(),
        "contracts": r.contracts.iter().map(|v| json!({
            "id": v.contract.id,
            "pass": v.error.is_none(),
        })).collect::<Vec<_>>(),
        "clients": r.clients.iter().map(|v| json!({
            "id": v.client.id,
            "name": message::short(&v.qualified.name),
            "fate": fate_word(v.qualified.fate),
            "refs_lost": v.refs_lost,
            "meets": v.qualified.meets.as_deref().map(message::short),
            "meets_server": v.qualified.meets_server.as_deref().map(message::short),
            "fine": v.is_fine(),
        })).collect::<Vec<_>>(),
        "suggestion": r.fix(),
        "no_readable_suggestion": r.no_readable_fix(),
    })
}

/// The JSON report without `tools`, `prompts` and `findings`.
fn head(server: &super::Audited<'_>, exit_code: u8) -> Value {
    let (listing, reports, prompts) = (server.listing, server.reports, server.prompts);
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
            "server_key": server.keys.key,
            "server_key_advice": server.keys.advice(),
            "tools_capability": listing.has_tools,
            "pages": listing.pages,
            "prompts_capability": listing.has_prompts,
            "prompt_pages": listing.prompt_pages,
            "prompts_error": listing.prompts_note,
        },
        "clients": mcp_toolname_rules::CLIENTS.iter().map(|c| json!({
            "id": c.id,
            "title": c.title,
            "verified": crate::verdict::verified_json(&c.verified),
        })).collect::<Vec<_>>(),
        "cost": crate::cost::Cost::of(listing, reports).json(),
        "summary": {
            "tools": listing.tools.len(),
            "prompts": prompts.len(),
            "breaks_spec": reports.iter().filter(|r| r.breaks_spec()).count(),
            "findings": server.findings.len(),
            "exit_code": exit_code,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn finding(
        contract: Option<&'static str>,
        client: Option<&'static str>,
        message: &str,
    ) -> Finding {
        Finding {
            kind: if client.is_some() {
                &mcp_toolname_rules::lint::CLIENT
            } else {
                &mcp_toolname_rules::lint::CONTRACT
            },
            tool: "a.b".to_owned(),
            tools: vec!["a.b".to_owned()],
            contract,
            client,
            message: message.to_owned(),
            suggestion: Some("a_b".to_owned()),
            suggested_key: None,
        }
    }

    /// Findings that say one thing of several contracts are one, listing them; a finding that
    /// says another thing, or of another lint, keeps its own message and its own ids.
    #[test]
    fn findings_alike_are_one_and_each_keeps_what_it_says() {
        let dot = |by: &str| {
            format!("tool name `a.b` contains a dot `.` at index 1, which {by} does not allow")
        };
        let findings = [
            finding(Some("openai"), None, &dot("the OpenAI API")),
            finding(
                Some("gemini"),
                None,
                "tool name `a.b` is fine for Gemini but too long",
            ),
            finding(Some("bedrock"), None, &dot("Amazon Bedrock")),
            finding(
                None,
                Some("cline"),
                "Cline hashes it: the model sees `s__a_b_1234`",
            ),
            finding(
                None,
                Some("goose"),
                "Goose sends `s__a.b`, which the API refuses",
            ),
        ];
        let out: Vec<Value> = super::findings(&findings, &Levels::default()).collect();
        let said: Vec<(&Value, &Value, &str)> = out
            .iter()
            .map(|f| {
                (
                    &f["contracts"],
                    &f["clients"],
                    f["message"].as_str().unwrap_or_default(),
                )
            })
            .collect();
        assert_eq!(
            said,
            [
                (
                    &json!(["openai", "bedrock"]),
                    &json!([]),
                    "tool name `a.b` contains a dot `.` at index 1, which the OpenAI API and \
                     Amazon Bedrock do not allow"
                ),
                (
                    &json!(["gemini"]),
                    &json!([]),
                    "tool name `a.b` is fine for Gemini but too long"
                ),
                (
                    &json!([]),
                    &json!(["cline"]),
                    "Cline hashes it: the model sees `s__a_b_1234`"
                ),
                (
                    &json!([]),
                    &json!(["goose"]),
                    "Goose sends `s__a.b`, which the API refuses"
                ),
            ]
        );
        assert!(
            out.iter()
                .all(|f| f["tools"] == json!(["a.b"]) && f["suggestion"] == "a_b")
        );
    }
}
