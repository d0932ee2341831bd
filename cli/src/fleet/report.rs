//! The report of `audit --config`: each server's own report, every client's model-facing
//! names and the cross-server findings, as text or as one JSON document.

use mcp_toolname_rules::message::{self, show};
use mcp_toolname_rules::{CLIENTS, Fate, PROMPT_CLIENTS};
use serde_json::{Value, json};

use super::{CrossFinding, Outcome, Server, list, prompt_verdicts, qualified};
use crate::args::Output;
use crate::config::Config;
use crate::diag::{self, Diagnostic, Spot};
use crate::lint::{Level, Levels};
use crate::names::fate_word;
use crate::verdict;
use crate::wrap;
use crate::wrap::plural;

// ---------------------------------------------------------------------------------------
// Text

/// What other checks of the run add to the text report: their section (before the summary)
/// and the lint of each of their findings at deny level (for the summary's verdict).
pub(super) struct Extra<'a> {
    pub section: &'a str,
    pub denied: Vec<&'static str>,
}

/// The text report: the config and each server's state, each server's section, then what
/// the servers do to each other (every client's names only under `--verbose`), `extra`, and
/// a summary.
pub(super) fn text(
    config: &Config,
    servers: &[Server],
    cross: &[CrossFinding],
    code: u8,
    out: &Output,
    extra: &Extra<'_>,
) -> String {
    let total = servers.len();
    let mut text = crate::redact::notice();
    text.push_str(&wrap::hanging(
        "",
        &format!(
            "config {} ({}): {total} {}",
            show(&config.path.to_string_lossy()),
            config.flavor.title(),
            plural(total, "server", "servers")
        ),
        2,
    ));
    for note in &config.notes {
        text.push_str(&wrap::hanging("  note: ", note, 4));
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
                listing.tools.len(),
                plural(listing.tools.len(), "tool", "tools")
            ),
            Outcome::Skipped(reason) => format!("skipped: {reason}"),
            Outcome::Failed(_) => "could not be audited (below)".to_owned(),
        };
        let head = format!("  {:<width$}  ", show(&server.key));
        let indent = head.chars().count();
        text.push_str(&wrap::hanging(&head, &state, indent));
    }
    for (i, server) in servers.iter().enumerate() {
        text.push_str(&format!(
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
                text.push_str(&crate::report::section(
                    listing,
                    &server.keys,
                    "its name in the config",
                    reports,
                    prompts,
                    findings,
                    out,
                ));
                text.push_str(&wrap::hanging(
                    "",
                    &format!(
                        "summary for {}: {}",
                        show(&server.key),
                        crate::report::counts(listing, reports, prompts, findings, &out.levels)
                    ),
                    2,
                ));
            }
            Outcome::Skipped(reason) => text.push_str(&wrap::hanging("skipped: ", reason, 2)),
            Outcome::Failed(msg) => text.push_str(&wrap::hanging("error: ", msg, 2)),
        }
    }
    text.push_str(&format!(
        "\n== across the {total} {}\n",
        plural(total, "server", "servers")
    ));
    if out.verbose {
        names_table(servers, &mut text);
        let audited = servers
            .iter()
            .filter(|s| matches!(s.outcome, Outcome::Audited { .. }))
            .count();
        // With one server the total is that server's block again.
        if audited > 1 {
            text.push_str(
                &total_cost(servers).text("cost to the model, all servers together, per client"),
            );
        }
    } else {
        text.push_str("--verbose shows each client's model-facing name for every tool\n");
    }
    let shown: Vec<(&CrossFinding, Level)> = cross
        .iter()
        .map(|f| (f, f.level(&out.levels)))
        .filter(|(_, level)| *level > Level::Allow)
        .collect();
    if shown.is_empty() {
        text.push_str("\nno cross-server findings\n");
    } else {
        text.push_str("\ncross-server findings\n");
        // Repeated tool collisions are said with the one that causes or leads them.
        let messages = super::cross::folded_messages(
            &shown.iter().map(|(f, _)| *f).collect::<Vec<_>>(),
            out.verbose,
        );
        let said: Vec<verdict::Said<'_>> = shown
            .iter()
            .zip(&messages)
            .filter_map(|((finding, level), message)| {
                Some(verdict::Said {
                    level: *level,
                    lint: finding.kind.lint(),
                    client: finding.client,
                    about: finding
                        .members
                        .iter()
                        .map(|m| format!("{}\n{}", m.server, m.tool.as_deref().unwrap_or("")))
                        .collect::<Vec<_>>()
                        .join("\n"),
                    message: message.as_deref()?,
                    suggestion: None,
                })
            })
            .collect();
        for (level, line) in verdict::said_lines(&said, out.verbose) {
            text.push_str(&verdict::line(2, Some(level), &line));
        }
    }
    text.push_str(extra.section);
    text.push('\n');
    if out.verbose {
        text.push_str(&wrap::hanging("", &crate::check::verified_line(), 2));
    }
    text.push_str(&summary(
        servers,
        cross,
        &shown,
        code,
        &out.levels,
        &extra.denied,
    ));
    text
}

/// What the audited servers together cost each client's model.
fn total_cost(servers: &[Server]) -> crate::cost::Cost {
    let mut total = crate::cost::Cost::default();
    for server in servers {
        if let Outcome::Audited {
            listing, reports, ..
        } = &server.outcome
        {
            total.add(&crate::cost::Cost::of(listing, reports));
        }
    }
    total
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
            let head = format!("    {name:<width$}  ");
            let indent = head.chars().count().min(60);
            out.push_str(&wrap::hanging(&head, &what, indent));
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

fn summary(
    servers: &[Server],
    all_cross: &[CrossFinding],
    cross: &[(&CrossFinding, Level)],
    code: u8,
    levels: &Levels,
    extra_denied: &[&'static str],
) -> String {
    let Tally {
        audited,
        skipped,
        failed,
        tools,
    } = Tally::of(servers);
    let mut denied: Vec<&str> = Vec::new();
    for server in servers {
        for seen in verdict::visible(server.findings(), levels) {
            if seen.level == Level::Deny {
                denied.push(seen.finding.kind.name());
            }
        }
    }
    for (finding, level) in cross {
        if *level == Level::Deny {
            denied.push(finding.kind.name());
        }
    }
    denied.extend_from_slice(extra_denied);
    let verdict = match code {
        2 => format!(
            "exit code 2: {failed} {} could not be audited",
            plural(failed, "server", "servers")
        ),
        1 => {
            let bad: Vec<String> = servers
                .iter()
                .filter(|s| s.denied(levels))
                .map(|s| show(&s.key))
                .collect();
            let whose = if bad.is_empty() {
                String::new()
            } else {
                format!(
                    ", in {} {}",
                    plural(bad.len(), "server", "servers"),
                    list(&bad)
                )
            };
            format!("{}{whose}", verdict::exit_words(&denied))
        }
        _ if audited == 0 => "exit code 0: no server to audit".to_owned(),
        _ => verdict::exit_words(&denied),
    };
    let errors = cross.iter().filter(|(_, l)| *l == Level::Deny).count();
    let allowed: Vec<&str> = {
        let mut names: Vec<&str> = Vec::new();
        for f in all_cross.iter().filter(|f| f.level(levels) == Level::Allow) {
            if !names.contains(&f.kind.name()) {
                names.push(f.kind.name());
            }
        }
        names
    };
    let hidden = all_cross
        .iter()
        .filter(|f| f.level(levels) == Level::Allow)
        .count();
    let allowed = if hidden == 0 {
        String::new()
    } else {
        let names: Vec<String> = allowed.iter().map(|n| format!("`{n}`")).collect();
        format!(
            " ({hidden} more allowed: {})",
            message::joined(&names, "and")
        )
    };
    let line = format!(
        "summary: {} {}: {audited} audited, {skipped} skipped, {failed} could not be audited; \
         {tools} {}; across servers: {errors} {}, {} {}{allowed}",
        servers.len(),
        plural(servers.len(), "server", "servers"),
        plural(tools, "tool", "tools"),
        plural(errors, "error", "errors"),
        cross.len() - errors,
        plural(cross.len() - errors, "warning", "warnings"),
    );
    format!(
        "{}{}",
        wrap::hanging("", &line, 2),
        wrap::hanging("", &verdict, 2)
    )
}

/// Every finding of the run, each server's and across servers, as CI formats write them: each
/// pointing at the config file and the line of its server's entry.
pub(super) fn found(
    config: &Config,
    servers: &[Server],
    cross: &[CrossFinding],
    out: &Output,
) -> diag::Found<'static> {
    let path = config.path.to_string_lossy().into_owned();
    // Read again for its lines only: the same bound as when it was loaded.
    let text =
        crate::file::read_text(&config.path, "config", crate::file::MAX_CONFIG).unwrap_or_default();
    let spot = |key: &str| Spot {
        path: path.clone(),
        line: diag::line_of_key(&text, key),
    };
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
                spot: Some(at),
            });
        }
    }
    for finding in cross {
        let level = finding.level(&out.levels);
        if level == Level::Allow {
            continue;
        }
        let lint = finding.kind.lint();
        diagnostics.push(Diagnostic {
            lint,
            level,
            message: finding.message.clone(),
            help: diag::help_for(lint, None),
            server: None,
            places: finding
                .members
                .iter()
                .map(|m| diag::Place {
                    server: Some(message::short(&m.server).into_owned()),
                    item: m.tool.clone(),
                })
                .collect(),
            spot: finding.members.first().map(|m| spot(&m.server)),
        });
    }
    diag::Found::new(diagnostics, failures)
}

// ---------------------------------------------------------------------------------------
// JSON

/// The JSON document.
pub(super) fn json_doc(
    config: &Config,
    servers: &[Server],
    cross: &[CrossFinding],
    code: u8,
    levels: &Levels,
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
                    let mut audited = crate::report::json(
                        listing,
                        &server.keys,
                        reports,
                        prompts,
                        findings,
                        levels,
                    );
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
                        "meets": q.meets.as_deref().map(message::short),
                        "meets_server": q.meets_server.as_deref().map(message::short),
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
    let prompt_clients: Vec<Value> = PROMPT_CLIENTS
        .into_iter()
        .map(|client| {
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
            json!({
                "id": client.id,
                "title": client.title,
                "verified": {
                    "how": client.verified.how.word(),
                    "version": Some(client.verified.version).filter(|v| !v.is_empty()),
                    "date": client.verified.date,
                },
                "prompts": prompts,
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
        "prompt_clients": prompt_clients,
        "cost": total_cost(servers).json(),
        "cross_server": cross.iter().map(|f| {
            let mut value = serde_json::to_value(f).unwrap_or_default();
            value["lint"] = json!(f.kind.name());
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
    })
}
