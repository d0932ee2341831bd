//! The report of `audit --config` for machines: each server's own report, every client's
//! model-facing names and the cross-server findings, as CI findings or as one JSON document
//! (the text is [`super::text`]).

use mcp_toolname_rules::message::{self, show};
use mcp_toolname_rules::{CLIENTS, prompt_clients};
use serde_json::{Value, json};

use super::text::Tally;
use super::{CrossFinding, Outcome, Server, prompt_verdicts, total_cost};
use crate::args::Output;
use crate::config::Config;
use crate::diag::{self, Diagnostic, Spot};
use crate::emit::Doc;
use crate::lint::{Level, Levels};

/// Every finding of the run, each server's and across servers, as CI formats write them: each
/// pointing at the config file and the line of its server's entry.
pub(super) fn found(
    config: &Config,
    servers: &[Server],
    cross: &[CrossFinding],
    out: &Output,
) -> diag::Found<'static> {
    let spot = |key: &str| spot(config, key);
    let mut diagnostics: Vec<Diagnostic> = Vec::new();
    let mut failures = Vec::new();
    for server in servers {
        let at = spot(&server.key);
        let key = message::short(&server.key);
        diagnostics.extend(
            server
                .findings()
                .iter()
                .filter_map(|f| diag::of_finding(f, &out.levels, Some(&key), Some(&at))),
        );
        if let Outcome::Failed(msg) = &server.outcome {
            failures.push(diag::Failure {
                message: format!("server {} could not be audited: {msg}", show(&server.key)),
                exit: diag::Exit::Failed,
                spot: Some(at),
            });
        }
    }
    for finding in cross {
        let d = cross_diagnostic(finding, &out.levels, |key| spot(key));
        if d.level > Level::Allow {
            diagnostics.push(d);
        }
    }
    diag::Found::new(diagnostics, failures)
}

/// Where server `key`'s entry is in the config file.
pub(super) fn spot(config: &Config, key: &str) -> Spot {
    Spot {
        path: config.path.to_string_lossy().into_owned(),
        line: diag::line_of_key(&config.text, key),
        column: None,
    }
}

/// A finding across servers as a diagnostic at its level, allowed or not, pointing at the
/// entry of its first server (`spot` gives it from a key).
pub(super) fn cross_diagnostic(
    finding: &CrossFinding,
    levels: &Levels,
    spot: impl Fn(&str) -> Spot,
) -> Diagnostic {
    let lint = finding.kind;
    let places = finding
        .members
        .iter()
        .map(|m| diag::Place {
            server: Some(message::short(&m.server).into_owned()),
            item: m.tool.clone(),
        })
        .collect();
    let mut d = Diagnostic::new(
        lint,
        finding.level(levels),
        finding.message.clone(),
        places,
        None,
        finding.client,
    );
    d.help = diag::help_for(lint, None);
    d.spot = finding.members.first().map(|m| spot(&m.server));
    d
}

// ---------------------------------------------------------------------------------------
// JSON

/// The JSON document, each server's tools and findings made while they are written.
pub(super) fn json_doc<'a>(
    config: &Config,
    servers: &'a [Server],
    cross: &[CrossFinding],
    code: u8,
    levels: &'a Levels,
) -> Doc<'a> {
    let entries: Vec<Doc<'a>> = servers.iter().map(|s| server_doc(s, levels)).collect();
    // Each client's verdict on each tool is in `servers[].tools[].clients[]`, written once.
    let clients: Vec<Value> = CLIENTS
        .iter()
        .map(|client| {
            json!({
                "id": client.id,
                "title": client.title,
                "verified": crate::verdict::verified_json(&client.verified),
            })
        })
        .collect();
    let prompt_clients: Vec<Value> = prompt_clients()
        .filter_map(|client| {
            let rule = client.prompts?;
            let prompts: Vec<Value> = prompt_verdicts(servers, client)
                .into_iter()
                .map(|(server, prompt, v)| {
                    json!({
                        "server": server.key,
                        "prompt": message::short(&prompt.name),
                        "command": message::short(&v.command),
                        "fate": v.fate.word(),
                        "renamed": v.renamed.as_deref().map(message::short),
                        "meets_server": v.meets_server.map(|s| servers[s].key.as_str()),
                    })
                })
                .collect();
            Some(json!({
                "id": client.id,
                "title": client.title,
                "verified": crate::verdict::verified_json(&rule.verified),
                "prompts": prompts,
            }))
        })
        .collect();
    let tally = Tally::of(servers);
    let doc = json!({
        "secrets": crate::redact::state(),
        "config": {
            "path": config.path.to_string_lossy(),
            "format": config.flavor.id(),
            "notes": config.notes,
        },
        "clients": clients,
        "prompt_clients": prompt_clients,
        "cost": total_cost(servers).json(),
        "cross_server": cross.iter().map(|f| {
            let mut value = serde_json::to_value(f).unwrap_or_default();
            value["lint"] = json!(f.kind.name);
            value["level"] = json!(f.level(levels));
            value
        }).collect::<Vec<_>>(),
        "summary": {
            "servers": servers.len(),
            "audited": tally.audited,
            "skipped": tally.skipped,
            "failed": tally.failed,
            "tools": tally.tools,
            "cross_server_findings": cross.len(),
            "exit_code": code,
        },
    });
    Doc::new(doc).objects("servers", entries)
}

/// One server of the JSON document: `key`, `key_advice`, `status`, and what it says: for an
/// audited server the fields of an `audit` document but `secrets` (said once, at the top).
fn server_doc<'a>(server: &'a Server, levels: &'a Levels) -> Doc<'a> {
    let doc = match &server.outcome {
        Outcome::Audited(judged) => {
            let audited = judged.view(&server.keys);
            let code = u8::from(crate::report::denies(audited.findings, levels));
            crate::report::json_stream(&audited, levels, code)
                .without("secrets")
                .field("status", json!("audited"))
        }
        Outcome::Skipped(reason) => Doc::new(json!({ "status": "skipped", "reason": reason })),
        Outcome::Failed(msg) => Doc::new(json!({ "status": "error", "error": msg })),
    };
    doc.field("key", json!(server.key))
        .field("key_advice", json!(server.keys.advice()))
}
