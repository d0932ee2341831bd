//! The real clients as judges of the rule files that are the config itself or beside it:
//! OpenCode's `permission` (the last matching rule decides) and the Continue CLI's
//! `permissions.yaml` (the first, exclude before ask before allow), each run headless as
//! `oracle_permissions.rs` runs the others, with its helpers.

use crate::common;
use crate::oracle_permissions::{Server, audited, corpus, judge, mcp_servers, server};

use std::collections::BTreeSet;
use std::path::Path;

use common::fixture_server_in;
use common::oracle::{client_bin, observe, scratch};
use serde_json::{Value, json};

/// One OpenCode run over `servers` with `rules` (in order), judged; the audit's findings.
fn opencode_run(
    bin: &Path,
    dir: &Path,
    servers: &[Server],
    rules: &[(&str, &str)],
) -> BTreeSet<(String, String)> {
    let mut mcp = serde_json::Map::new();
    for (index, s) in servers.iter().enumerate() {
        let command = fixture_server_in(
            dir,
            &format!("tools-{index}.json"),
            &json!({ "tools": s.tools }),
        );
        mcp.insert(
            s.key.to_owned(),
            json!({ "type": "local", "command": command }),
        );
    }
    // Written by hand, so the rules keep their order (a JSON map here would sort them).
    let permission: Vec<String> = rules
        .iter()
        .map(|(rule, action)| format!("    {}: {}", json!(rule), json!(action)))
        .collect();
    let text = format!(
        "{{\n  \"mcp\": {},\n  \"permission\": {{\n{}\n  }}\n}}\n",
        Value::Object(mcp),
        permission.join(",\n")
    );
    let config = dir.join("opencode.json");
    std::fs::write(&config, text).expect("written");
    let doc = audited(&config, &[]);
    let mut corpus = corpus(servers);
    corpus["opencode_permission"] = json!(rules);
    let observed = observe("opencode", bin, &corpus, dir);
    judge("opencode", servers, &observed, &doc)
}

#[test]
fn opencode_permission_rules_agree_with_the_cli() {
    let Some(bin) = client_bin("opencode") else {
        return;
    };
    let dir = scratch("permissions", "opencode");
    // In this order: the last rule that matches a tool decides.
    let servers = [
        server("o0"),
        server("o1"),
        server("o2"),
        server("o2x"),
        server("o3"),
        server("o4"),
        server("o5"),
    ];
    let findings = opencode_run(
        &bin,
        &dir,
        &servers,
        &[
            ("o0_*", "allow"),
            ("o0_list_items", "deny"),
            ("o1_*", "deny"),
            ("o2*", "allow"),
            ("o4_list_items", "deny"),
            ("o4_*", "allow"),
            ("O3_get_user", "deny"),
            ("o3_list_item?", "deny"),
            ("o5_get_use?", "ask"),
            ("o5_list_itmes", "deny"),
        ],
    );
    for (lint, entry) in [
        ("allowlist_entry_too_broad", "o2*"),
        ("allowlist_entry_shadowed", "o4_list_items"),
        ("allowlist_entry_unmatched", "O3_get_user"),
        ("allowlist_entry_unmatched", "o5_list_itmes"),
    ] {
        assert!(
            findings.contains(&(lint.to_owned(), entry.to_owned())),
            "{lint} {entry}: {findings:?}"
        );
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn continue_cli_permissions_yaml_agrees_with_the_cli() {
    let Some(bin) = client_bin("continue_cli") else {
        return;
    };
    let dir = scratch("permissions", "continue_cli");
    // The Continue CLI sends each tool's name alone: `get_user` is the tool of two servers.
    let servers = [
        server("c0"),
        Server {
            key: "c1",
            tools: &["get_user"],
            extra: None,
        },
        Server {
            key: "c2",
            tools: &["c2_get", "c2_list", "C2_x"],
            extra: None,
        },
    ];
    let permissions = json!({
        "exclude": ["c2_list", "Get_user"],
        "ask": ["c2_g?t"],
        "allow": ["get_user", "c2_*"],
    });
    let config = dir.join("mcp.json");
    std::fs::write(
        &config,
        json!({ "mcpServers": mcp_servers(&dir, &servers) }).to_string(),
    )
    .expect("written");
    // Written as YAML block lists, as users write the file.
    let yaml: String = ["exclude", "ask", "allow"]
        .iter()
        .map(|k| {
            let items: Vec<String> = permissions[k]
                .as_array()
                .expect("list")
                .iter()
                .map(|e| format!("  - {}\n", e.as_str().expect("entry")))
                .collect();
            format!("{k}:\n{}", items.concat())
        })
        .collect();
    let file = dir.join("permissions.yaml");
    std::fs::write(&file, yaml).expect("written");
    let doc = audited(&config, &["--settings", file.to_str().expect("path")]);
    let mut corpus = corpus(&servers);
    corpus["continue_permissions"] = permissions;
    let observed = observe("continue_cli", &bin, &corpus, &dir);
    let findings = judge("continue_cli", &servers, &observed, &doc);
    for (lint, entry) in [
        ("allowlist_entry_too_broad", "get_user"),
        ("allowlist_entry_unmatched", "Get_user"),
        ("allowlist_entry_shadowed", "c2_*"),
    ] {
        assert!(
            findings.contains(&(lint.to_owned(), entry.to_owned())),
            "{lint} {entry}: {findings:?}"
        );
    }
    let _ = std::fs::remove_dir_all(dir);
}
