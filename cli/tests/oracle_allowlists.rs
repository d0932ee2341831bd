//! The real clients as judges of `allowlist_entry_unmatched`: each client runs with tool
//! lists (Gemini CLI's `includeTools` and `excludeTools`, Codex's `enabled_tools` and
//! `disabled_tools`, Copilot CLI's `tools`, Claude Code's `permissions.deny`), one entry per
//! server, and `audit --config` reads the same lists over the same servers. Where the CLI says
//! an entry matches nothing, the client must have let it change nothing: a filter that keeps
//! only what it names sends none of the server's tools, a deny list all of them; where the CLI
//! says it matches, the client must have kept or removed some. Run as `oracles.rs` runs the
//! name corpus (the same `run.mjs`, fixture server and fake LLM API on 127.0.0.1).

use crate::common;

use std::collections::BTreeSet;
use std::path::Path;

use common::oracle::{client_bin, observe, report, scratch};
use common::{fixture_server_in, run};
use serde_json::{Value, json};

/// The tools of every server: a dot (kept by Gemini CLI, replaced by the others), an upper
/// case letter, a space.
const TOOLS: [&str; 4] = ["get.user", "list_items", "Search", "a b"];

/// What a list does with the tools it names.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Effect {
    /// Only what it names reaches the model.
    Only,
    /// What it names does not.
    Deny,
}

/// One server of a corpus: its key, its list's field and one entry.
struct Case {
    key: &'static str,
    field: &'static str,
    effect: Effect,
    entry: &'static str,
}

const fn case(key: &'static str, field: &'static str, effect: Effect, entry: &'static str) -> Case {
    Case {
        key,
        field,
        effect,
        entry,
    }
}

/// The raw-name filters' cases (Gemini CLI, Codex): `only` and `deny` are the client's
/// fields.
fn raw_cases(only: &'static str, deny: &'static str) -> Vec<Case> {
    vec![
        case("s0", only, Effect::Only, "get.user"),
        case("s1", only, Effect::Only, "get_user"),
        case("s2", only, Effect::Only, "list_items(x)"),
        case("s3", only, Effect::Only, "search"),
        case("s4", only, Effect::Only, "a b"),
        case("s5", only, Effect::Only, "a_b"),
        case("s6", only, Effect::Only, "get*"),
        case("s7", only, Effect::Only, "Search"),
        case("s8", deny, Effect::Deny, "Search"),
        case("s9", deny, Effect::Deny, "serch"),
    ]
}

/// The CLI's findings for `config` (and `extra` arguments): the servers whose entry matches
/// nothing or is skipped, and the model-facing names of `client`, each with its server.
fn audited(
    config: &str,
    extra: &[&str],
    client: &str,
) -> (BTreeSet<String>, Vec<(String, String)>) {
    let mut args = vec!["audit", "--config", config, "--format", "json"];
    args.extend_from_slice(extra);
    let r = run(&args);
    let doc = r.json();
    // An entry the client skips changes nothing either.
    let unmatched = doc["allowlists"]["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .filter(|f| {
            f["lint"] == "allowlist_entry_unmatched" || f["lint"] == "allowlist_entry_skipped"
        })
        .map(|u| u["server"].as_str().expect("server").to_owned())
        .collect();
    let names = common::client_names(&doc, client)
        .iter()
        .map(|n| {
            (
                n["name"].as_str().expect("name").to_owned(),
                n["server"].as_str().expect("server").to_owned(),
            )
        })
        .collect();
    (unmatched, names)
}

/// Checks the client's run against the CLI's findings: per server, how many of its tools the
/// client sent.
fn judge(
    id: &str,
    cases: &[Case],
    observed: &Value,
    unmatched: &BTreeSet<String>,
    names: &[(String, String)],
) {
    let version = observed["version"].as_str().unwrap_or("?");
    let sent = observed["tools"].as_array().expect("tools");
    let mut wrong = Vec::new();
    for (index, c) in cases.iter().enumerate() {
        let count = sent
            .iter()
            .filter(|t| match t["origin"].as_str() {
                Some(origin) => origin.split('.').next() == Some(&index.to_string()),
                // Claude Code's deferred tools: the name alone, traced back by the CLI's names.
                None => names
                    .iter()
                    .any(|(name, server)| t["name"] == name.as_str() && server == c.key),
            })
            .count();
        let says_unmatched = unmatched.contains(c.key);
        let client_ignored = match c.effect {
            Effect::Only => count == 0,
            Effect::Deny => count == TOOLS.len(),
        };
        report(&format!(
            "{id} {version}: {} {:?}: {count} of {} tools sent; the CLI says it {}",
            c.field,
            c.entry,
            TOOLS.len(),
            if says_unmatched {
                "matches nothing"
            } else {
                "matches"
            }
        ));
        if says_unmatched != client_ignored {
            wrong.push(format!("{} {:?} ({count} sent)", c.field, c.entry));
        }
    }
    assert!(
        wrong.is_empty(),
        "{id} {version}: the CLI's verdict differs from the client's for {wrong:?}\n{}",
        observed["output"]
    );
}

/// A folder's fixture server command per case, as the CLI's config starts it.
fn commands(dir: &Path, cases: &[Case]) -> Vec<Vec<String>> {
    cases
        .iter()
        .map(|c| {
            fixture_server_in(
                dir,
                &format!("tools-{}.json", c.key),
                &json!({ "tools": TOOLS }),
            )
        })
        .collect()
}

/// The run.mjs corpus: each case a server, with `extra` fields per case.
fn corpus(cases: &[Case], extra: impl Fn(&Case) -> Value) -> Value {
    json!({ "servers": cases.iter().map(|c| json!({ "key": c.key, "tools": TOOLS, "extra": extra(c) })).collect::<Vec<_>>() })
}

/// One case's filter, as a JSON object `{field: [entry]}`.
fn filter(c: &Case) -> Value {
    json!({ c.field: [c.entry] })
}

/// An `mcpServers` object starting the fixture server for each case, with `extra` fields.
fn mcp_servers(cases: &[Case], commands: &[Vec<String>], extra: impl Fn(&Case) -> Value) -> Value {
    let mut servers = serde_json::Map::new();
    for (c, command) in cases.iter().zip(commands) {
        let mut entry = json!({ "command": command[0], "args": command[1..] });
        if let (Some(e), Value::Object(x)) = (entry.as_object_mut(), extra(c)) {
            e.extend(x);
        }
        servers.insert(c.key.to_owned(), entry);
    }
    Value::Object(servers)
}

#[test]
fn gemini_cli_filters_agree_with_the_cli() {
    let Some(bin) = client_bin("gemini_cli") else {
        return;
    };
    let dir = scratch("allowlists", "gemini_cli");
    let cases = raw_cases("includeTools", "excludeTools");
    let config = json!({ "mcpServers": mcp_servers(&cases, &commands(&dir, &cases), filter) });
    let file = dir.join("settings.json");
    std::fs::write(&file, config.to_string()).expect("written");
    let (unmatched, names) = audited(file.to_str().expect("path"), &[], "gemini_cli");
    let observed = observe("gemini_cli", &bin, &corpus(&cases, filter), &dir);
    judge("gemini_cli", &cases, &observed, &unmatched, &names);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn codex_filters_agree_with_the_cli() {
    let Some(bin) = client_bin("codex") else {
        return;
    };
    let dir = scratch("allowlists", "codex");
    let cases = raw_cases("enabled_tools", "disabled_tools");
    let mut toml = String::new();
    for (c, command) in cases.iter().zip(commands(&dir, &cases)) {
        toml.push_str(&format!(
            "[mcp_servers.{}]\ncommand = {}\nargs = {}\n{} = {}\n",
            c.key,
            json!(command[0]),
            json!(command[1..]),
            c.field,
            json!([c.entry])
        ));
    }
    let file = dir.join("config.toml");
    std::fs::write(&file, toml).expect("written");
    let (unmatched, names) = audited(file.to_str().expect("path"), &[], "codex");
    let observed = observe("codex", &bin, &corpus(&cases, filter), &dir);
    judge("codex", &cases, &observed, &unmatched, &names);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn copilot_cli_tools_agree_with_the_cli() {
    let Some(bin) = client_bin("copilot_cli") else {
        return;
    };
    let dir = scratch("allowlists", "copilot_cli");
    let cases = vec![
        case("s0", "tools", Effect::Only, "*"),
        case("s1", "tools", Effect::Only, "get.user"),
        case("s2", "tools", Effect::Only, "get-user"),
        case("s3", "tools", Effect::Only, "s3-get-user"),
        case("s4", "tools", Effect::Only, "get*"),
        case("s5", "tools", Effect::Only, "list_items(x)"),
        case("s6", "tools", Effect::Only, "search"),
        case("s7", "tools", Effect::Only, "a b"),
    ];
    let local = |c: &Case| json!({ "type": "local", c.field: [c.entry] });
    let config = json!({ "mcpServers": mcp_servers(&cases, &commands(&dir, &cases), local) });
    let file = dir.join("mcp-config.json");
    std::fs::write(&file, config.to_string()).expect("written");
    let (unmatched, names) = audited(file.to_str().expect("path"), &[], "copilot_cli");
    let observed = observe("copilot_cli", &bin, &corpus(&cases, filter), &dir);
    judge("copilot_cli", &cases, &observed, &unmatched, &names);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn claude_code_permissions_agree_with_the_cli() {
    let Some(bin) = client_bin("claude_code") else {
        return;
    };
    let dir = scratch("allowlists", "claude_code");
    let deny = "permissions.deny";
    let cases = vec![
        case("s0", deny, Effect::Deny, "mcp__s0__get_user"),
        case("s1", deny, Effect::Deny, "mcp__s1__get.user"),
        case("s2", deny, Effect::Deny, "mcp__s2"),
        case("s3", deny, Effect::Deny, "mcp__s3__*"),
        case("s4", deny, Effect::Deny, "mcp__s4*"),
        case("s5", deny, Effect::Deny, "mcp__S5"),
        case("s6", deny, Effect::Deny, "mcp__s6__*s"),
        case("s7", deny, Effect::Deny, "mcp__s7__list_items(x)"),
        case("s8", deny, Effect::Deny, "mcp__s8__search"),
        case("s9", deny, Effect::Deny, "mcp__s9__a b"),
        case("s.10", deny, Effect::Deny, "mcp__s.10__a_b"),
        case("s.11", deny, Effect::Deny, "mcp__s_11__a_b"),
        case("s12", deny, Effect::Deny, "mcp__s12__"),
    ];
    let settings =
        json!({ "permissions": { "deny": cases.iter().map(|c| c.entry).collect::<Vec<_>>() } });
    let config =
        json!({ "mcpServers": mcp_servers(&cases, &commands(&dir, &cases), |_| json!({})) });
    let file = dir.join(".mcp.json");
    std::fs::write(&file, config.to_string()).expect("written");
    let settings_file = dir.join("settings.json");
    std::fs::write(&settings_file, settings.to_string()).expect("written");
    let (unmatched, names) = audited(
        file.to_str().expect("path"),
        &["--settings", settings_file.to_str().expect("path")],
        "claude_code",
    );
    let mut corpus = corpus(&cases, |_| json!({}));
    corpus["claude_settings"] = settings;
    let observed = observe("claude_code", &bin, &corpus, &dir);
    judge("claude_code", &cases, &observed, &unmatched, &names);
    let _ = std::fs::remove_dir_all(dir);
}
