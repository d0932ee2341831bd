//! The report of `audit --config`: each server's own report, every client's model-facing
//! names and the cross-server findings, as text or as one JSON document.

use mcp_toolname_rules::message::{self, show};
use mcp_toolname_rules::{CLIENTS, Fate};
use serde_json::{Value, json};

use super::{CrossFinding, CrossKind, Outcome, Server, list, qualified};
use crate::check::plural;
use crate::config::Config;
use crate::names::fate_word;

// ---------------------------------------------------------------------------------------
// Text

/// Width of the kind and client columns, as in the single-server report.
const KIND: usize = 9;
const LABEL: usize = 12;

/// The text report.
pub(super) fn text(
    config: &Config,
    servers: &[Server],
    cross: &[CrossFinding],
    code: u8,
) -> String {
    let total = servers.len();
    let mut out = crate::redact::notice();
    out.push_str(&format!(
        "config {} ({}): {total} {}\n",
        show(&config.path.to_string_lossy()),
        config.flavor.title(),
        plural(total, "server", "servers")
    ));
    for note in &config.notes {
        out.push_str(&format!("  note: {note}\n"));
    }
    let width = servers
        .iter()
        .map(|s| show(&s.key).chars().count())
        .max()
        .unwrap_or(0)
        .min(40);
    for server in servers {
        let state = match &server.outcome {
            Outcome::Audited { listing, .. } => format!(
                "audited: {} {}",
                listing.names.len(),
                plural(listing.names.len(), "tool", "tools")
            ),
            Outcome::Skipped(reason) => format!("skipped: {reason}"),
            Outcome::Failed(_) => "could not be audited (below)".to_owned(),
        };
        out.push_str(&format!("  {:<width$}  {state}\n", show(&server.key)));
    }
    for (i, server) in servers.iter().enumerate() {
        out.push_str(&format!(
            "\n== server {} ({} of {total})\n",
            show(&server.key),
            i + 1
        ));
        match &server.outcome {
            Outcome::Audited {
                listing,
                reports,
                prompts,
                findings,
            } => {
                out.push_str(&crate::report::section(
                    listing,
                    &server.keys,
                    "its name in the config",
                    reports,
                    prompts,
                    findings,
                ));
                out.push_str(&format!(
                    "summary for {}: {}\n",
                    show(&server.key),
                    crate::report::counts(listing, reports, prompts, findings)
                ));
            }
            Outcome::Skipped(reason) => out.push_str(&format!("skipped: {reason}\n")),
            Outcome::Failed(msg) => out.push_str(&format!("error: {msg}\n")),
        }
    }
    out.push_str(&format!(
        "\n== across the {total} {}\n",
        plural(total, "server", "servers")
    ));
    names_table(servers, &mut out);
    if cross.is_empty() {
        out.push_str("\nno cross-server findings\n");
    } else {
        out.push_str("\ncross-server findings\n");
        for finding in cross {
            out.push_str(&format!(
                "  {:<KIND$} {:<LABEL$} {}\n",
                finding.kind.label(),
                finding.client.unwrap_or_default(),
                finding.message
            ));
        }
    }
    out.push('\n');
    out.push_str(&summary(servers, cross, code));
    out
}

/// Each client's model-facing name for every audited (server, tool).
fn names_table(servers: &[Server], out: &mut String) {
    if servers.iter().all(|s| s.tools().is_empty()) {
        out.push_str("no tools listed, so no model-facing names\n");
        return;
    }
    out.push_str("model-facing names, per client\n");
    for client in CLIENTS {
        let rows: Vec<(String, String)> = qualified(servers, client)
            .map(|(server, tool, q)| {
                let fate = match q.fate {
                    Fate::Kept => String::new(),
                    other => format!(" ({})", fate_word(other)),
                };
                let name = if q.fate == Fate::KeyRefused {
                    "(server not started)".to_owned()
                } else {
                    show(&q.name)
                };
                (
                    name,
                    format!("{} of {}{fate}", show(&tool.name), show(&server.key)),
                )
            })
            .collect();
        out.push_str(&format!("  {}\n", client.title));
        let width = rows
            .iter()
            .map(|(name, _)| name.chars().count())
            .max()
            .unwrap_or(0)
            .min(72);
        for (name, what) in rows {
            out.push_str(&format!("    {name:<width$}  {what}\n"));
        }
    }
}

/// How many servers were audited, skipped or could not be audited, and how many tools the
/// audited ones list.
struct Tally {
    audited: usize,
    skipped: usize,
    failed: usize,
    tools: usize,
}

impl Tally {
    fn of(servers: &[Server]) -> Self {
        let count = |f: fn(&Outcome) -> bool| servers.iter().filter(|s| f(&s.outcome)).count();
        Self {
            audited: count(|o| matches!(o, Outcome::Audited { .. })),
            skipped: count(|o| matches!(o, Outcome::Skipped(_))),
            failed: count(|o| matches!(o, Outcome::Failed(_))),
            tools: servers.iter().map(|s| s.tools().len()).sum(),
        }
    }
}

fn summary(servers: &[Server], cross: &[CrossFinding], code: u8) -> String {
    let Tally {
        audited,
        skipped,
        failed,
        tools,
    } = Tally::of(servers);
    let spec: usize = servers
        .iter()
        .map(|s| s.tools().iter().filter(|r| r.breaks_spec()).count())
        .sum();
    let kind = |k: CrossKind| cross.iter().filter(|f| f.kind == k).count();
    let verdict = match code {
        2 => format!(
            "exit code 2: {failed} {} could not be audited",
            plural(failed, "server", "servers")
        ),
        1 => {
            let bad: Vec<String> = servers
                .iter()
                .filter(|s| s.breaks_spec())
                .map(|s| show(&s.key))
                .collect();
            format!(
                "exit code 1: a tool name of {} breaks the MCP spec (or is listed twice)",
                list(&bad)
            )
        }
        _ if audited == 0 => "exit code 0: no stdio server to audit".to_owned(),
        _ => "exit code 0: every tool name is inside the MCP spec".to_owned(),
    };
    let prompts = match kind(CrossKind::PromptCollision) {
        0 => String::new(),
        n => format!(
            ", {n} prompt {} one command",
            plural(n, "set that makes", "sets that each make")
        ),
    };
    format!(
        "{}summary: {} {}: {audited} audited, {skipped} skipped, {failed} could not be audited; \
         {tools} {}, {spec} {} the MCP spec; across servers: {} key and {} name {} under some \
         client, {} {} of tool names on several servers{prompts}\n{verdict}\n",
        crate::check::verified_line(),
        servers.len(),
        plural(servers.len(), "server", "servers"),
        plural(tools, "tool", "tools"),
        plural(spec, "breaks", "break"),
        kind(CrossKind::KeyCollision),
        kind(CrossKind::NameCollision),
        plural(kind(CrossKind::NameCollision), "collision", "collisions"),
        kind(CrossKind::SharedName),
        plural(kind(CrossKind::SharedName), "set", "sets"),
    )
}

// ---------------------------------------------------------------------------------------
// JSON

/// The JSON document.
pub(super) fn json_doc(
    config: &Config,
    servers: &[Server],
    cross: &[CrossFinding],
    code: u8,
) -> Value {
    let entries: Vec<Value> = servers
        .iter()
        .map(|server| {
            let mut doc = json!({
                "key": server.key,
                "key_advice": server.keys.advice(),
            });
            let extra = match &server.outcome {
                Outcome::Audited {
                    listing,
                    reports,
                    prompts,
                    findings,
                } => {
                    let mut audited =
                        crate::report::json(listing, &server.keys, reports, prompts, findings);
                    audited["status"] = json!("audited");
                    if let Some(fields) = audited.as_object_mut() {
                        fields.remove("secrets"); // said once, at the top
                    }
                    audited
                }
                Outcome::Skipped(reason) => json!({ "status": "skipped", "reason": reason }),
                Outcome::Failed(msg) => json!({ "status": "error", "error": msg }),
            };
            if let (Some(doc), Value::Object(extra)) = (doc.as_object_mut(), extra) {
                doc.extend(extra);
            }
            doc
        })
        .collect();
    let clients: Vec<Value> = CLIENTS
        .into_iter()
        .map(|client| {
            let names: Vec<Value> = qualified(servers, client)
                .map(|(server, tool, q)| {
                    json!({
                        "server": server.key,
                        "tool": message::short(&tool.name),
                        "name": message::short(&q.name),
                        "fate": fate_word(q.fate),
                    })
                })
                .collect();
            json!({
                "id": client.id,
                "title": client.title,
                "verified": crate::check::verified_json(client),
                "names": names,
            })
        })
        .collect();
    let tally = Tally::of(servers);
    json!({
        "secrets": crate::redact::state(),
        "config": {
            "path": config.path.to_string_lossy(),
            "format": config.flavor.id(),
            "notes": config.notes,
        },
        "servers": entries,
        "clients": clients,
        "cross_server": cross,
        "summary": {
            "servers": servers.len(),
            "audited": tally.audited,
            "skipped": tally.skipped,
            "failed": tally.failed,
            "tools": tally.tools,
            "cross_server_findings": cross.len(),
            "exit_code": code,
        },
    })
}
