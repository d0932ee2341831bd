//! The real clients as judges of permission rules: each client runs headless with allow, ask
//! and deny rules over fixture servers, and the fake model calls every tool it is offered
//! (`run.mjs` with `call`). A tool the client executed is one its rules allow; one it refused
//! (headless, asking is refusing) or left out is one they ask about, deny or leave at the
//! default, each client in its own way ([`outcome`]). `audit --config` reads the same rules
//! over the same servers, and its decision for every tool (`allowlists.decisions`) must be
//! what the client did. Its findings must name the entries the client skipped, and the entry that reached
//! another server's tool. Run as `oracles.rs` runs the name corpus (the same `run.mjs`,
//! fixture server and fake LLM API on 127.0.0.1).

use crate::common;

use std::collections::BTreeSet;
use std::path::Path;

use common::oracle::{client_bin, observe, report, scratch};
use common::{fixture_server_in, run};
use serde_json::{Value, json};

/// The tools of every server but those a case gives.
pub(crate) const TOOLS: [&str; 2] = ["get_user", "list_items"];

/// A server of a corpus: its key, tools, and fields added to its entry.
pub(crate) struct Server {
    pub(crate) key: &'static str,
    pub(crate) tools: &'static [&'static str],
    pub(crate) extra: Option<fn() -> Value>,
}

pub(crate) const fn server(key: &'static str) -> Server {
    Server {
        key,
        tools: &TOOLS,
        extra: None,
    }
}

/// Gemini CLI's `trust: true` on a server's entry.
fn trusted() -> Value {
    json!({ "trust": true })
}

/// A trusted Gemini CLI server whose filter leaves `get_user` out.
fn trusted_but_one() -> Value {
    json!({ "trust": true, "excludeTools": ["get_user"] })
}

/// The config's `mcpServers`, each server a fixture server in `dir` serving its tools.
pub(crate) fn mcp_servers(dir: &Path, servers: &[Server]) -> Value {
    let mut out = serde_json::Map::new();
    for (index, s) in servers.iter().enumerate() {
        let file = format!("tools-{index}.json");
        let command = fixture_server_in(dir, &file, &json!({ "tools": s.tools }));
        let mut entry = json!({ "command": command[0], "args": command[1..] });
        if let (Some(e), Some(Value::Object(x))) = (entry.as_object_mut(), s.extra.map(|f| f())) {
            e.extend(x);
        }
        out.insert(s.key.to_owned(), entry);
    }
    Value::Object(out)
}

/// `audit --config` of `config` (with `extra` arguments) as JSON.
pub(crate) fn audited(config: &Path, extra: &[&str]) -> Value {
    let mut args = vec![
        "audit",
        "--config",
        config.to_str().expect("path"),
        "--format",
        "json",
    ];
    args.extend_from_slice(extra);
    run(&args).json()
}

/// What a headless client does with a tool its rules decide `decision` for, as each was run:
/// `executed`, `refused` (called, and the client answered the model with a refusal) or
/// `absent` (never offered to the model); more than one where the run cannot tell them apart.
fn outcome(id: &str, decision: &str) -> &'static [&'static str] {
    match (id, decision) {
        (_, "allow") => &["executed"],
        // Claude Code leaves a denied tool out of the request; it refuses one it would ask
        // about.
        ("claude_code", "deny") => &["absent"],
        // Gemini CLI offers only the tools its rules allow or ask about, and refuses to ask.
        ("gemini_cli", "ask") => &["refused"],
        ("gemini_cli", _) => &["absent"],
        // The Continue CLI, headless, runs a tool no rule names and leaves out one it would
        // ask about, as one it excludes.
        ("continue_cli", "default") => &["executed"],
        ("continue_cli", _) => &["absent"],
        // OpenCode runs a tool no rule names, leaves a denied one out, and rejects one it
        // would ask about (its run goes on: `continue_loop_on_deny`).
        ("opencode", "default") => &["executed"],
        ("opencode", "deny") => &["absent"],
        _ => &["refused"],
    }
}

/// Checks the client's run against the CLI's decisions: for each tool, the client did what
/// [`outcome`] says of the decision. Returns the findings of the audit, as `(lint, entry)`.
pub(crate) fn judge(
    id: &str,
    servers: &[Server],
    observed: &Value,
    doc: &Value,
) -> BTreeSet<(String, String)> {
    let version = observed["version"].as_str().unwrap_or("?");
    let called: BTreeSet<&str> = observed["called"]
        .as_array()
        .expect("called")
        .iter()
        .filter_map(Value::as_str)
        .collect();
    let decisions = doc["allowlists"]["decisions"]
        .as_array()
        .expect("decisions");
    let mut wrong = Vec::new();
    let mut count = 0;
    for (index, s) in servers.iter().enumerate() {
        for (t, tool) in s.tools.iter().enumerate() {
            let at = format!("{index}.{t}");
            let decision = decisions
                .iter()
                .find(|d| d["client"] == id && d["server"] == s.key && d["tool"] == *tool)
                .map_or("none", |d| d["decision"].as_str().unwrap_or("?"));
            let result = observed["results"][&at].as_str();
            // A call that ran answers `oracle called S.T`: under a client that sends two
            // servers' tools under one name (the Continue CLI), that of the server it ran.
            let did = if called.contains(at.as_str())
                || result.is_some_and(|r| r.contains("oracle called "))
            {
                "executed"
            } else if result.is_some() {
                "refused"
            } else {
                "absent"
            };
            report(&format!(
                "{id} {version}: {}/{tool}: {did}; the CLI decides {decision}",
                s.key
            ));
            count += 1;
            if !outcome(id, decision).contains(&did) {
                wrong.push(format!(
                    "{}/{tool}: CLI {decision}, client {did}: {}",
                    s.key,
                    result.unwrap_or("(not offered)")
                ));
            }
        }
    }
    report(&format!(
        "{id} {version}: permission rules: {}/{count} tools agree",
        count - wrong.len()
    ));
    assert!(
        wrong.is_empty(),
        "{id} {version}: the CLI's decisions differ from the client's for {wrong:?}\n{}",
        observed["output"]
    );
    doc["allowlists"]["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .map(|f| {
            (
                f["lint"].as_str().expect("lint").to_owned(),
                f["entry"].as_str().expect("entry").to_owned(),
            )
        })
        .collect()
}

/// The run.mjs corpus of `servers`.
pub(crate) fn corpus(servers: &[Server]) -> Value {
    json!({
        "call": true,
        "servers": servers.iter().map(|s| json!({ "key": s.key, "tools": s.tools, "extra": s.extra.map_or(json!({}), |f| f()) })).collect::<Vec<_>>(),
    })
}

#[test]
fn claude_code_permission_rules_agree_with_the_cli() {
    let Some(bin) = client_bin("claude_code") else {
        return;
    };
    let dir = scratch("permissions", "claude_code");
    let servers = [
        server("a0"),
        server("a1"),
        server("a2"),
        server("a3"),
        server("a4"),
        server("a5"),
        server("a6"),
        server("a7"),
        server("a8"),
        server("a.9"),
        server("a10"),
    ];
    let permissions = json!({
        "allow": [
            "mcp__a0__get_user", "mcp__a1__*", "mcp__a2*", "mcp__a3", "mcp__a4__get_*",
            "mcp__a5__list_items(x)", "mcp__a6__get_user", "mcp__a7__get_user",
            "mcp__a8__Get_user", "mcp__a_9__get_user", "mcp__a10__*", "mcp__*", "*"
        ],
        "ask": ["mcp__a6__*"],
        "deny": ["mcp__a7*", "mcp__a10__get_user"],
    });
    let config = dir.join(".mcp.json");
    std::fs::write(
        &config,
        json!({ "mcpServers": mcp_servers(&dir, &servers) }).to_string(),
    )
    .expect("written");
    let settings = dir.join("settings.json");
    let settings_doc = json!({ "permissions": permissions });
    std::fs::write(
        &settings,
        serde_json::to_string_pretty(&settings_doc).expect("JSON"),
    )
    .expect("written");
    let doc = audited(&config, &["--settings", settings.to_str().expect("path")]);
    let mut corpus = corpus(&servers);
    corpus["claude_settings"] = settings_doc;
    corpus["claude_env"] = json!({ "ENABLE_TOOL_SEARCH": "false" });
    let observed = observe("claude_code", &bin, &corpus, &dir);
    let findings = judge("claude_code", &servers, &observed, &doc);
    // The skipped allow rules, each with the client's own notice in its output.
    for entry in ["mcp__a2*", "mcp__*", "*", "mcp__a5__list_items(x)"] {
        assert!(
            findings.contains(&("allowlist_entry_skipped".to_owned(), entry.to_owned())),
            "{entry} not reported as skipped: {findings:?}"
        );
        assert!(
            observed["output"].as_str().is_some_and(
                |o| o.contains(&format!("Invalid permission rule \"{entry}\" was skipped"))
            ),
            "the client did not say it skipped {entry}"
        );
    }
    // A deny rule's glob anywhere is valid, and the ask rule wins over the allow rule.
    assert!(
        !findings
            .iter()
            .any(|(_, e)| e == "mcp__a7*" || e == "mcp__a6__*"),
        "{findings:?}"
    );
    assert!(findings.contains(&(
        "allowlist_entry_shadowed".to_owned(),
        "mcp__a6__get_user".to_owned()
    )));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn qwen_code_permission_rules_agree_with_the_cli() {
    let Some(bin) = client_bin("qwen_code") else {
        return;
    };
    let dir = scratch("permissions", "qwen_code");
    let servers = [
        server("q0"),
        Server {
            key: "foo.bar",
            tools: &["get_user"],
            extra: None,
        },
        Server {
            key: "foo_bar",
            tools: &["evil"],
            extra: None,
        },
        server("q3"),
        server("q3x"),
        server("q5"),
        server("q6"),
        server("q7"),
        server("q8"),
        server("q9"),
    ];
    let permissions = json!({
        "allow": [
            "mcp__q0__get_user", "mcp__foo.bar", "mcp__q3*", "mcp__q5__get_user", "mcp__q6",
            "mcp__q7__get_user(x)", "mcp__q8__get_*", "mcp__q9__Get_user", "*"
        ],
        "ask": ["mcp__q5__*"],
        "deny": ["mcp__q6__get_user"],
    });
    let settings_doc =
        json!({ "mcpServers": mcp_servers(&dir, &servers), "permissions": permissions });
    let qwen = dir.join(".qwen");
    std::fs::create_dir_all(&qwen).expect("folder");
    let settings = qwen.join("settings.json");
    std::fs::write(
        &settings,
        serde_json::to_string_pretty(&settings_doc).expect("JSON"),
    )
    .expect("written");
    let doc = audited(&settings, &[]);
    let mut corpus = corpus(&servers);
    corpus["qwen_permissions"] = permissions;
    let observed = observe("qwen_code", &bin, &corpus, &dir);
    let findings = judge("qwen_code", &servers, &observed, &doc);
    // `mcp__foo.bar` reaches the tool of server `foo_bar`; `mcp__q3*` that of `q3x`.
    for entry in ["mcp__foo.bar", "mcp__q3*"] {
        assert!(
            findings.contains(&("allowlist_entry_too_broad".to_owned(), entry.to_owned())),
            "{entry} not reported as too broad: {findings:?}"
        );
    }
    assert!(findings.contains(&(
        "allowlist_entry_skipped".to_owned(),
        "mcp__q7__get_user(x)".to_owned()
    )));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn gemini_cli_policy_settings_agree_with_the_cli() {
    let Some(bin) = client_bin("gemini_cli") else {
        return;
    };
    let dir = scratch("permissions", "gemini_cli");
    let servers = [
        server("g0"),
        server("g1"),
        server("g2"),
        Server {
            key: "g4",
            tools: &TOOLS,
            extra: Some(trusted),
        },
        server("g5"),
        server("g6"),
        server("g7"),
        server("G8"),
        Server {
            key: "g9",
            tools: &TOOLS,
            extra: Some(trusted_but_one),
        },
    ];
    let policy = json!({
        "tools": {
            "allowed": [
                "mcp_g0_get_user", "mcp_g1_*", "mcp_g2_get_*", "mcp_g5_*", "get_user",
                "mcp_g7_*", "mcp_g8_*"
            ],
            "exclude": ["mcp_g4_get_user"],
            "confirmationRequired": ["mcp_g5_list_items"],
        },
        "mcp": { "excluded": ["g7"] },
    });
    let mut settings_doc = policy.clone();
    settings_doc["mcpServers"] = mcp_servers(&dir, &servers);
    let settings = dir.join("settings.json");
    std::fs::write(
        &settings,
        serde_json::to_string_pretty(&settings_doc).expect("JSON"),
    )
    .expect("written");
    let doc = audited(&settings, &[]);
    let mut first = corpus(&servers);
    first["gemini_settings"] = policy;
    let observed = observe("gemini_cli", &bin, &first, &dir);
    let findings = judge("gemini_cli", &servers, &observed, &doc);
    // A `*` Gemini CLI does not read as a wildcard matches nothing, and says nothing.
    assert!(findings.contains(&(
        "allowlist_entry_unmatched".to_owned(),
        "mcp_g2_get_*".to_owned()
    )));
    // `mcp.allowed` starts only the servers it names, and allows their tools.
    let servers = [server("h0"), server("h1")];
    let policy = json!({ "mcp": { "allowed": ["h0"] } });
    let mut settings_doc = policy.clone();
    settings_doc["mcpServers"] = mcp_servers(&dir, &servers);
    std::fs::write(&settings, settings_doc.to_string()).expect("written");
    let doc = audited(&settings, &[]);
    let mut second = corpus(&servers);
    second["gemini_settings"] = policy;
    let observed = observe("gemini_cli", &bin, &second, &dir);
    judge("gemini_cli", &servers, &observed, &doc);
    let _ = std::fs::remove_dir_all(dir);
}
