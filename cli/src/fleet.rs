//! `mcp-toolname audit --config FILE`: every server of a client's config, one after the
//! other, each under the key the config gives it; then what the servers do to each other
//! under each client: the model-facing name of every (server, tool), the pairs that end up
//! with one name, server keys that become one prefix, and tool names on several servers.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Duration;

use mcp_toolname_rules::{CLIENTS, ClientPreset, Fate, message::show, qualify};
use serde::Serialize;
use serde_json::{Value, json};

use crate::Format;
use crate::audit::{self, Failure, Listing};
use crate::check::plural;
use crate::config::{self, Config, Plan};
use crate::findings::{self, Finding};
use crate::names::{NameReport, check_server_key, fate_word};
use crate::report;

/// What `audit --config` was asked to do.
#[derive(Debug, Clone)]
pub struct Options {
    /// The config file.
    pub path: PathBuf,
    /// Limit on each server's audit.
    pub timeout: Duration,
    /// Text or JSON.
    pub format: Format,
}

/// What became of one server of the config.
#[derive(Debug)]
enum Outcome {
    Audited {
        listing: Listing,
        reports: Vec<NameReport>,
        findings: Vec<Finding>,
    },
    Skipped(String),
    Failed(String),
}

/// One server of the config and its audit.
#[derive(Debug)]
struct Server {
    /// The config's name for it.
    key: String,
    /// The key used for client forms: `key`, or a valid key made from it.
    key_used: String,
    /// Why `key` is not a valid server key, if it is not.
    key_problem: Option<String>,
    outcome: Outcome,
}

impl Server {
    fn tools(&self) -> &[NameReport] {
        match &self.outcome {
            Outcome::Audited { reports, .. } => reports,
            Outcome::Skipped(_) | Outcome::Failed(_) => &[],
        }
    }

    fn breaks_spec(&self) -> bool {
        matches!(&self.outcome, Outcome::Audited { findings, .. }
            if findings.iter().any(|f| f.kind.breaks_spec()))
    }
}

/// The kind of a cross-server finding; serialised in snake case.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CrossKind {
    /// Two server keys become one prefix under a client: their tools share a namespace.
    KeyCollision,
    /// Tools of different servers get one model-facing name under a client.
    NameCollision,
    /// One raw tool name on several servers (fine for clients that prefix the key).
    SharedName,
}

impl CrossKind {
    const fn label(self) -> &'static str {
        match self {
            Self::KeyCollision => "key",
            Self::NameCollision => "collision",
            Self::SharedName => "shared",
        }
    }
}

/// A server and, for tool-level findings, one of its tools.
#[derive(Debug, Clone, Serialize)]
pub struct Member {
    /// The server's key in the config.
    pub server: String,
    /// The tool's raw name.
    pub tool: Option<String>,
}

/// A finding across servers. Field names are stable: they are the JSON output.
#[derive(Debug, Clone, Serialize)]
pub struct CrossFinding {
    /// What kind of problem.
    pub kind: CrossKind,
    /// The client preset id, for collisions.
    pub client: Option<&'static str>,
    /// The model-facing name (or prefix) they share, for collisions.
    pub name: Option<String>,
    /// The servers (and tools) involved.
    pub members: Vec<Member>,
    /// The problem in words; every name in it is escaped.
    pub message: String,
}

/// Runs `audit --config` and returns the exit code: 2 when the config cannot be read or a
/// server could not be audited, else 1 when a server's tool name breaks the spec (or a
/// server lists one twice), else 0; 130 on Ctrl-C.
pub async fn run(opts: &Options) -> u8 {
    let config = match config::load(&opts.path) {
        Ok(config) => config,
        Err(msg) => {
            say!("error: {msg}");
            if opts.format == Format::Json {
                crate::emit(&format!("{:#}\n", json!({ "error": msg, "exit_code": 2 })));
            }
            return 2;
        }
    };
    say!(
        "read {} ({}): {} {}",
        show(&config.path.to_string_lossy()),
        config.flavor.title(),
        config.servers.len(),
        plural(config.servers.len(), "server", "servers")
    );
    for note in &config.notes {
        say!("note: {note}");
    }
    let total = config.servers.len();
    let mut servers = Vec::new();
    for (i, entry) in config.servers.iter().enumerate() {
        let (key_used, key_problem) = match check_server_key(&entry.key) {
            Ok(()) => (entry.key.clone(), None),
            Err(problem) => (sanitise_key(&entry.key), Some(problem)),
        };
        let shown = show(&entry.key);
        let outcome = match &entry.plan {
            Plan::Skip(reason) => {
                say!("server {shown} ({} of {total}): skipped: {reason}", i + 1);
                Outcome::Skipped(reason.clone())
            }
            Plan::Invalid(msg) => {
                say!("error: {msg}");
                Outcome::Failed(msg.clone())
            }
            Plan::Run(launch) => {
                say!("server {shown} ({} of {total}):", i + 1);
                match audit::audit_command(launch, opts.timeout).await {
                    Ok(listing) => {
                        let (reports, findings) = findings::audit_names(&listing.names, &key_used);
                        Outcome::Audited {
                            listing,
                            reports,
                            findings,
                        }
                    }
                    Err(Failure(_, 130)) => {
                        say!("error: interrupted");
                        return 130;
                    }
                    Err(Failure(msg, _)) => {
                        say!("error: server {shown} could not be audited: {msg}");
                        Outcome::Failed(msg)
                    }
                }
            }
        };
        servers.push(Server {
            key: entry.key.clone(),
            key_used,
            key_problem,
            outcome,
        });
    }
    let cross = cross_server(&servers);
    let code = exit_code(&servers);
    match opts.format {
        Format::Text => crate::emit(&text(&config, &servers, &cross, code)),
        Format::Json => crate::emit(&format!(
            "{:#}\n",
            json_doc(&config, &servers, &cross, code)
        )),
    }
    code
}

fn exit_code(servers: &[Server]) -> u8 {
    if servers
        .iter()
        .any(|s| matches!(s.outcome, Outcome::Failed(_)))
    {
        2
    } else {
        u8::from(servers.iter().any(Server::breaks_spec))
    }
}

/// A valid server key made from `key`: characters outside `A-Z a-z 0-9 _ -` become `_`,
/// runs of `_` one, no `_` at either end, at most 32 characters; `server` if nothing is left.
#[must_use]
pub fn sanitise_key(key: &str) -> String {
    let mut out = String::new();
    for c in key.chars() {
        let c = if c.is_ascii_alphanumeric() || c == '-' {
            c
        } else {
            '_'
        };
        if !(c == '_' && out.ends_with('_')) {
            out.push(c);
        }
    }
    let cut: String = out.trim_matches('_').chars().take(32).collect();
    let cut = cut.trim_end_matches('_');
    if cut.is_empty() {
        "server".to_owned()
    } else {
        cut.to_owned()
    }
}

/// `a`, `a and b`, `a, b and c`.
fn list(items: &[String]) -> String {
    match items.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => items.join(""),
    }
}

/// `` `tool` of `server` ``.
fn member_text(m: &Member) -> String {
    match &m.tool {
        Some(tool) => format!("{} of {}", show(tool), show(&m.server)),
        None => show(&m.server),
    }
}

/// Clients that put the server key in the name (Cline uses a random id per server instead,
/// which keeps servers apart).
fn prefixing_clients() -> impl Iterator<Item = &'static ClientPreset> {
    CLIENTS.into_iter().filter(|c| c.uses_server_key)
}

fn cross_server(servers: &[Server]) -> Vec<CrossFinding> {
    let mut out = Vec::new();
    // Keys that become one prefix: every server of the config, audited or not.
    for client in prefixing_clients() {
        let mut by_prefix: BTreeMap<String, Vec<&Server>> = BTreeMap::new();
        for server in servers {
            let prefix = qualify(client, &server.key_used, "").name;
            by_prefix.entry(prefix).or_default().push(server);
        }
        for (prefix, group) in by_prefix {
            if group.len() < 2 {
                continue;
            }
            let members: Vec<Member> = group
                .iter()
                .map(|s| Member {
                    server: s.key.clone(),
                    tool: None,
                })
                .collect();
            let shown: Vec<String> = members.iter().map(member_text).collect();
            out.push(CrossFinding {
                kind: CrossKind::KeyCollision,
                client: Some(client.id),
                name: Some(prefix.clone()),
                message: format!(
                    "server keys {} {} become the prefix {} under {}, so their tools share one \
                     namespace there; a tool name they have in common reaches only one server",
                    list(&shown),
                    if group.len() == 2 { "both" } else { "all" },
                    show(&prefix),
                    client.title
                ),
                members,
            });
        }
    }
    // Tools of different servers that get one model-facing name.
    for client in prefixing_clients() {
        let mut by_name: BTreeMap<String, Vec<Member>> = BTreeMap::new();
        let mut order = Vec::new();
        for server in servers {
            for tool in server.tools() {
                let q = qualify(client, &server.key_used, &tool.name);
                // A hash suffix keeps names apart; a refused or skipped name is not shown.
                if !matches!(q.fate, Fate::Kept | Fate::Normalised | Fate::Cut) {
                    continue;
                }
                let group = by_name.entry(q.name.clone()).or_default();
                if group.is_empty() {
                    order.push(q.name);
                }
                group.push(Member {
                    server: server.key.clone(),
                    tool: Some(tool.name.clone()),
                });
            }
        }
        for name in order {
            let Some(members) = by_name.remove(&name) else {
                continue;
            };
            let first = &members[0].server;
            if members.iter().all(|m| &m.server == first) {
                continue; // within one server: that server's own report has it
            }
            let shown: Vec<String> = members.iter().map(member_text).collect();
            out.push(CrossFinding {
                kind: CrossKind::NameCollision,
                client: Some(client.id),
                message: format!(
                    "tools {} {} become {} under {}; the model can reach only one of them",
                    list(&shown),
                    if members.len() == 2 { "both" } else { "all" },
                    show(&name),
                    client.title
                ),
                name: Some(name),
                members,
            });
        }
    }
    // Raw names on several servers: one finding per set of servers.
    let mut by_tool: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    let mut order = Vec::new();
    for server in servers {
        for tool in server.tools() {
            let group = by_tool.entry(tool.name.as_str()).or_default();
            if group.is_empty() {
                order.push(tool.name.as_str());
            }
            group.push(server.key.as_str());
        }
    }
    let mut by_servers: Vec<(Vec<&str>, Vec<&str>)> = Vec::new();
    for tool in order {
        let Some(keys) = by_tool.remove(tool) else {
            continue;
        };
        if keys.len() < 2 {
            continue;
        }
        match by_servers.iter_mut().find(|(k, _)| *k == keys) {
            Some((_, tools)) => tools.push(tool),
            None => by_servers.push((keys, vec![tool])),
        }
    }
    for (keys, tools) in by_servers {
        let members: Vec<Member> = tools
            .iter()
            .flat_map(|tool| {
                keys.iter().map(|key| Member {
                    server: (*key).to_owned(),
                    tool: Some((*tool).to_owned()),
                })
            })
            .collect();
        let shown_tools: Vec<String> = tools.iter().map(|t| show(t)).collect();
        let shown_keys: Vec<String> = keys.iter().map(|k| show(k)).collect();
        out.push(CrossFinding {
            kind: CrossKind::SharedName,
            client: None,
            name: (tools.len() == 1).then(|| tools[0].to_owned()),
            message: format!(
                "tool {} {} {} on servers {}; clients that prefix the server key keep them \
                 apart, but a client or agent that shows tools by bare name keeps only one of \
                 each",
                plural(tools.len(), "name", "names"),
                list(&shown_tools),
                plural(tools.len(), "is", "are"),
                list(&shown_keys)
            ),
            members,
        });
    }
    out
}

// ---------------------------------------------------------------------------------------
// Text

/// Width of the kind and client columns, as in the single-server report.
const KIND: usize = 9;
const LABEL: usize = 12;

fn text(config: &Config, servers: &[Server], cross: &[CrossFinding], code: u8) -> String {
    let total = servers.len();
    let mut out = format!(
        "config {} ({}): {total} {}\n",
        show(&config.path.to_string_lossy()),
        config.flavor.title(),
        plural(total, "server", "servers")
    );
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
        if let Some(problem) = &server.key_problem {
            out.push_str(&format!(
                "{problem}; hosts differ on such keys (Codex refuses a server name outside \
                 `A-Z a-z 0-9 _ -`), and the client forms below use {}\n",
                show(&server.key_used)
            ));
        }
        match &server.outcome {
            Outcome::Audited {
                listing,
                reports,
                findings,
            } => {
                out.push_str(&report::section(
                    listing,
                    &server.key_used,
                    "its name in the config",
                    reports,
                    findings,
                ));
                out.push_str(&format!(
                    "summary for {}: {}\n",
                    show(&server.key),
                    report::counts(listing, reports, findings)
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
        let rows: Vec<(String, String)> = servers
            .iter()
            .flat_map(|server| {
                server.tools().iter().map(move |tool| {
                    let q = qualify(client, &server.key_used, &tool.name);
                    let fate = match q.fate {
                        Fate::Kept => String::new(),
                        other => format!(" ({})", fate_word(other)),
                    };
                    (
                        show(&q.name),
                        format!("{} of {}{fate}", show(&tool.name), show(&server.key)),
                    )
                })
            })
            .collect();
        let note = if client.uses_server_key {
            ""
        } else {
            " (the `cxxxxx` part is a random id per server)"
        };
        out.push_str(&format!("  {}{note}\n", client.title));
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

fn summary(servers: &[Server], cross: &[CrossFinding], code: u8) -> String {
    let count = |f: fn(&Outcome) -> bool| servers.iter().filter(|s| f(&s.outcome)).count();
    let audited = count(|o| matches!(o, Outcome::Audited { .. }));
    let skipped = count(|o| matches!(o, Outcome::Skipped(_)));
    let failed = count(|o| matches!(o, Outcome::Failed(_)));
    let tools: usize = servers.iter().map(|s| s.tools().len()).sum();
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
    format!(
        "summary: {} {}: {audited} audited, {skipped} skipped, {failed} could not be audited; \
         {tools} {}, {spec} {} the MCP spec; across servers: {} key and {} name {} under some \
         client, {} {} of tool names on several servers\n{verdict}\n",
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

fn json_doc(config: &Config, servers: &[Server], cross: &[CrossFinding], code: u8) -> Value {
    let entries: Vec<Value> = servers
        .iter()
        .map(|server| {
            let mut doc = json!({
                "key": server.key,
                "key_used": server.key_used,
                "key_problem": server.key_problem,
            });
            let extra = match &server.outcome {
                Outcome::Audited {
                    listing,
                    reports,
                    findings,
                } => {
                    let mut audited = report::json(listing, &server.key_used, reports, findings);
                    audited["status"] = json!("audited");
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
            let names: Vec<Value> = servers
                .iter()
                .flat_map(|server| {
                    server.tools().iter().map(move |tool| {
                        let q = qualify(client, &server.key_used, &tool.name);
                        json!({
                            "server": server.key,
                            "tool": tool.name,
                            "name": q.name,
                            "fate": fate_word(q.fate),
                        })
                    })
                })
                .collect();
            json!({ "id": client.id, "title": client.title, "names": names })
        })
        .collect();
    let count = |f: fn(&Outcome) -> bool| servers.iter().filter(|s| f(&s.outcome)).count();
    json!({
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
            "audited": count(|o| matches!(o, Outcome::Audited { .. })),
            "skipped": count(|o| matches!(o, Outcome::Skipped(_))),
            "failed": count(|o| matches!(o, Outcome::Failed(_))),
            "tools": servers.iter().map(|s| s.tools().len()).sum::<usize>(),
            "cross_server_findings": cross.len(),
            "exit_code": code,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn audited(key: &str, names: &[&str]) -> Server {
        let names: Vec<String> = names.iter().map(|n| (*n).to_owned()).collect();
        let (reports, findings) = findings::audit_names(&names, key);
        Server {
            key: key.to_owned(),
            key_used: key.to_owned(),
            key_problem: None,
            outcome: Outcome::Audited {
                listing: Listing {
                    names,
                    ..Listing::default()
                },
                reports,
                findings,
            },
        }
    }

    fn collisions(servers: &[Server]) -> Vec<(Option<&'static str>, Option<String>)> {
        cross_server(servers)
            .into_iter()
            .filter(|f| f.kind == CrossKind::NameCollision)
            .map(|f| (f.client, f.name))
            .collect()
    }

    #[test]
    fn single_underscores_make_gemini_cli_and_vs_code_names_ambiguous() {
        // `mcp_a_b_c` is key `a` + tool `b_c`, and key `a_b` + tool `c`.
        let found = collisions(&[audited("a", &["b_c"]), audited("a_b", &["c"])]);
        let clients: Vec<_> = found.iter().filter_map(|(c, _)| *c).collect();
        assert!(clients.contains(&"gemini_cli") && clients.contains(&"vscode"));
        assert!(clients.contains(&"cursor"), "{found:?}");
        assert!(!clients.contains(&"claude_code") && !clients.contains(&"codex"));
    }

    #[test]
    fn vs_code_keeps_13_characters_of_the_key() {
        let servers = [
            audited("github-enterprise", &["search"]),
            audited("github-enterprise-eu", &["search"]),
        ];
        let found = cross_server(&servers);
        assert!(found.iter().any(|f| f.kind == CrossKind::KeyCollision
            && f.client == Some("vscode")
            && f.name.as_deref() == Some("mcp_github-enterp_")));
        assert_eq!(
            collisions(&servers),
            [(Some("vscode"), Some("mcp_github-enterp_search".to_owned()))]
        );
        assert!(found.iter().any(|f| f.kind == CrossKind::SharedName));
    }

    #[test]
    fn one_server_collides_with_nothing() {
        assert!(cross_server(&[audited("x", &["a", "b"])]).is_empty());
    }

    #[test]
    fn sanitised_keys_are_valid() {
        for key in [
            "my server",
            "__a__b__",
            "",
            "é",
            &"k".repeat(40),
            "a.b",
            "x_",
        ] {
            let clean = sanitise_key(key);
            assert!(check_server_key(&clean).is_ok(), "{key:?} -> {clean:?}");
        }
        assert_eq!(sanitise_key("my server"), "my_server");
        assert_eq!(sanitise_key("github"), "github");
    }
}
