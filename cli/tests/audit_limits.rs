//! `audit` past the names: a server with more tools than an API takes in one
//! request, a description and instructions a client cuts or never sends, and a name Claude
//! Code's tool search cannot load; each a finding of its own kind that says what to do. The
//! server is the oracles' fixture (`oracles/server.mjs`, run by Node.js), so what `audit`
//! reads is what the clients were run against.

use crate::common;

use std::path::PathBuf;

use common::run;
use serde_json::{Value, json};

/// The fixture server serving `spec`, in a fresh folder: the folder, and `node server.mjs FILE`.
fn fixture(test: &str, spec: &Value) -> (PathBuf, Vec<String>) {
    common::fixture_server("limits", test, spec)
}

fn words(len: usize) -> String {
    let mut out = String::new();
    while out.len() < len {
        out.push_str(" word");
    }
    out.truncate(len);
    out
}

fn kinds(doc: &Value) -> Vec<(String, Option<String>)> {
    doc["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .flat_map(|f| {
            common::finding_clients(f)
                .into_iter()
                .map(|client| (f["kind"].as_str().unwrap_or_default().to_owned(), client))
        })
        .collect()
}

#[test]
fn limits_past_the_names_are_findings_of_their_own() {
    // 130 tools: one described past Claude Code's 16,384, one whose name Claude Code's tool
    // search cannot load under the key `limits` (13 + 55 = 68 > 64), instructions of 5,000.
    let mut tools: Vec<String> = (0..128).map(|i| format!("t{i:03}")).collect();
    tools.push("described".to_owned());
    tools.push("r".repeat(55));
    // The fixture puts `oracle tool 128` (15 characters) before each description.
    let mut descriptions = vec![String::new(); 128];
    descriptions.push(words(20_000 - 15));
    let spec = json!({
        "tools": tools,
        "descriptions": descriptions,
        "instructions": format!("use the tools{}", words(5_000 - 13)),
    });
    let (dir, server) = fixture("server", &spec);
    let mut args = vec!["audit", "--server-key", "limits", "--format", "json", "--"];
    args.extend(server.iter().map(String::as_str));
    let r = run(&args);
    r.exits(0);
    let doc = r.json();
    let found = kinds(&doc);
    let has = |kind: &str, client: Option<&str>| {
        found
            .iter()
            .any(|(k, c)| k == kind && c.as_deref() == client)
    };
    // 130 > 128: the four clients run against OpenAI Chat Completions, in one finding.
    assert!(has("too_many_tools", None), "{found:?}");
    let too_many = &doc["findings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["kind"] == "too_many_tools")
        .unwrap()["message"];
    let too_many = too_many.as_str().unwrap();
    assert!(
        too_many.starts_with("this server lists 130 tools; Cline, OpenCode, Continue CLI, GitHub Copilot CLI and Kilo Code CLI send every tool in each request")
            && too_many.contains("the OpenAI Chat Completions API refuses more than 128"),
        "{too_many}"
    );
    assert!(
        !too_many.contains("Gemini"),
        "130 is within Gemini's 512: {too_many}"
    );
    assert!(has("description_cut", Some("claude_code")), "{found:?}");
    assert!(has("instructions_cut", Some("claude_code")), "{found:?}");
    assert!(has("instructions_not_sent", None), "{found:?}");
    assert!(
        doc["findings"]
            .as_array()
            .unwrap()
            .iter()
            .any(|f| f["kind"] == "instructions_not_sent" && f["level"] == "allow")
    );
    assert!(has("tool_search_session", Some("claude_code")), "{found:?}");
    // None of these breaks the spec: the exit code stays 0.
    assert_eq!(doc["summary"]["exit_code"], 0);

    // The text report: its own section, each line ending with what to do.
    let mut args = vec!["audit", "--server-key", "limits", "--"];
    args.extend(server.iter().map(String::as_str));
    let r = run(&args);
    r.exits(0)
        .out_has("\npast the names\n")
        .out_has(
            "Claude Code cuts the description of tool `described` (20,000 characters) after \
             16,384 and appends `… [truncated]`, so the model never reads the rest: put what it \
             needs first, or shorten the description",
        )
        .out_has("Claude Code cuts this server's instructions (5,000 characters) after 4,096")
        .out_has("Claude Code loads tools by tool search, and 1 tool name of this server is longer than 64 characters")
        .out_has("; 1 finding allowed (`instructions_not_sent`)\n");
    // `instructions_not_sent` is allowed by default: said only when asked for.
    assert!(!r.stdout.contains("never pass"), "{}", r.stdout);
    let mut args = vec!["audit", "--warn", "instructions_not_sent", "--"];
    args.extend(server.iter().map(String::as_str));
    run(&args).exits(0).out_has(
        "  warning  [instructions_not_sent] Cline, Continue CLI and GitHub Copilot CLI never pass \
         a server's instructions to the model",
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_server_within_every_limit_has_none() {
    let spec = json!({"tools": ["search", "fetch"], "descriptions": [words(100), ""], "instructions": "short"});
    let (dir, server) = fixture("quiet", &spec);
    let mut args = vec!["audit", "--format", "json", "--"];
    args.extend(server.iter().map(String::as_str));
    let r = run(&args);
    r.exits(0);
    let doc = r.json();
    let found = kinds(&doc);
    assert!(
        found.iter().all(|(k, _)| k == "instructions_not_sent"),
        "only the clients that drop instructions: {found:?}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_config_whose_servers_together_pass_a_cap_says_so() {
    let many = |n: usize, tag: &str| json!({"tools": (0..n).map(|i| format!("{tag}{i:03}")).collect::<Vec<_>>()});
    let (dir_a, a) = fixture("config-a", &many(70, "a"));
    let (dir_b, b) = fixture("config-b", &many(70, "b"));
    let r = common::audit_config_of(&dir_a, &[("alpha", &a), ("beta", &b)]);
    r.exits(0);
    let doc = r.json();
    let cross = doc["cross_server"].as_array().expect("cross_server");
    let found = cross
        .iter()
        .find(|f| f["kind"] == "too_many_tools")
        .unwrap_or_else(|| panic!("no too_many_tools in {cross:#?}"));
    let message = found["message"].as_str().unwrap();
    assert!(
        message.starts_with("the servers of this config give the model 140 tools;"),
        "{message}"
    );
    assert_eq!(found["members"].as_array().map(Vec::len), Some(2));
    // Each server alone is within every cap.
    for server in doc["servers"].as_array().expect("servers") {
        let own = server["findings"].as_array().cloned().unwrap_or_default();
        assert!(own.iter().all(|f| f["kind"] != "too_many_tools"), "{own:?}");
    }
    let _ = std::fs::remove_dir_all(dir_a);
    let _ = std::fs::remove_dir_all(dir_b);
}

#[test]
fn a_config_past_a_cap_is_said_for_the_clients_that_send_past_it() {
    // The same 70 names on two servers whose keys are one server part under OpenCode and Kilo
    // Code (`my_server`: the tools race, one of each name sent) and GitHub Copilot CLI
    // (`my-server`: the key sorting last wins), not under Cline (each key hashed apart) nor
    // Continue CLI (bare names, every one sent): 140 listed, 70 sent by the first three.
    let names: Vec<String> = (0..70).map(|i| format!("t{i:03}")).collect();
    let (dir, first) = fixture("sent-a", &json!({ "tools": names }));
    let second = common::fixture_server_in(&dir, "second.json", &json!({ "tools": names }));
    let r = common::audit_config_of(&dir, &[("my server", &first), ("my.server", &second)]);
    let doc = r.json();
    let sent = |id: &str| {
        let clients = doc["cost"]["clients"].as_array().expect("clients");
        clients.iter().find(|c| c["id"] == id).expect("a client")["tools"].clone()
    };
    for (id, tools) in [
        ("cline", 140),
        ("continue_cli", 140),
        ("opencode", 70),
        ("kilo_code", 70),
        ("copilot_cli", 70),
    ] {
        assert_eq!(sent(id), tools, "{id}");
    }
    let found: Vec<&str> = doc["cross_server"]
        .as_array()
        .expect("cross_server")
        .iter()
        .filter(|f| f["kind"] == "too_many_tools")
        .filter_map(|f| f["message"].as_str())
        .collect();
    assert_eq!(found.len(), 1, "{found:#?}");
    assert!(
        found[0].starts_with(
            "the servers of this config give the model 140 tools; Cline and Continue CLI send \
             every tool in each request"
        ),
        "{}",
        found[0]
    );
    let _ = std::fs::remove_dir_all(dir);
}
