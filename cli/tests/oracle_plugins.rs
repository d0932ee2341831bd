//! The real clients as judges of what besides a config key names a server's tools: Claude
//! Code's plugins (`check --plugin`, `audit --config PLUGIN`), Codex's
//! `non_prefixed_mcp_tool_names` (`check --codex-non-prefixed`, `audit --config config.toml`),
//! and two servers announcing the same `serverInfo` (Claude Code names them by key alone).
//! Each client is started for real (`oracles/run.mjs`) against fixture servers and the fake
//! LLM API; the CLI must predict exactly the names it sent, and the tools it left out. Run
//! when `MCP_TOOLNAME_ORACLE_CLAUDE_CODE` / `MCP_TOOLNAME_ORACLE_CODEX` name the client's
//! executable (`.ci/run` sets them), skipped otherwise except in CI.

use crate::common;

use std::path::Path;

use common::oracle::{client_bin, observe, report, scratch};
use mcp_toolname_rules::{Verification, client_by_id};
use serde_json::{Value, json};

/// One fixture server: its key, tools, and what else the corpus and the CLI are told of it.
struct Server {
    key: &'static str,
    tools: Vec<String>,
    /// The corpus fields besides `key` and `tools` (`plugin`, `plugin_mcp`, `server_info`).
    extra: Value,
    /// The arguments `check` is given besides the key and the tools.
    args: Vec<&'static str>,
}

fn server(key: &'static str, tools: &[&str], extra: Value, args: &[&'static str]) -> Server {
    Server {
        key,
        tools: tools.iter().map(|t| (*t).to_owned()).collect(),
        extra,
        args: args.to_vec(),
    }
}

/// A tool name of `len` characters (`c` repeated).
fn long(c: char, len: usize) -> String {
    c.to_string().repeat(len)
}

/// The corpus `run.mjs` reads, with `top` merged in.
fn corpus(servers: &[Server], top: Value) -> Value {
    let mut corpus = json!({
        "servers": servers.iter().map(|s| {
            let mut entry = json!({"key": s.key, "tools": s.tools});
            if let (Some(entry), Some(extra)) = (entry.as_object_mut(), s.extra.as_object()) {
                entry.extend(extra.clone());
            }
            entry
        }).collect::<Vec<_>>(),
    });
    if let (Some(corpus), Some(top)) = (corpus.as_object_mut(), top.as_object()) {
        corpus.extend(top.clone());
    }
    corpus
}

/// `check --server-key KEY ARGS --format json -- TOOLS`, read for `client`: each tool's
/// predicted name, `None` where the client leaves it out.
fn predict(client: &str, server: &Server) -> Vec<Option<String>> {
    let mut args: Vec<String> = vec!["check".into(), "--server-key".into(), server.key.into()];
    args.extend(server.args.iter().map(|a| (*a).to_owned()));
    args.extend(["--format".into(), "json".into(), "--".into()]);
    args.extend(server.tools.iter().cloned());
    let report = common::run(&args).json();
    let names = report["names"].as_array().expect("names");
    names
        .iter()
        .map(|entry| {
            let verdict = entry["clients"]
                .as_array()
                .and_then(|c| c.iter().find(|c| c["id"] == client))
                .expect("the client's verdict");
            sent(verdict)
        })
        .collect()
}

/// The name a verdict (of `check`, or of `audit --config`'s `clients[].names`) says the
/// client sends, `None` when it leaves the tool out.
fn sent(verdict: &Value) -> Option<String> {
    let fate = verdict["fate"].as_str().expect("fate");
    (!matches!(fate, "skipped" | "key_refused" | "shadowed"))
        .then(|| verdict["name"].as_str().expect("name").to_owned())
}

/// Every name the client sent the model (described or in the deferred list), sorted.
fn observed_names(observed: &Value) -> Vec<String> {
    let mut names: Vec<String> = observed["tools"]
        .as_array()
        .expect("tools")
        .iter()
        .filter_map(|t| t["name"].as_str().map(str::to_owned))
        .collect();
    names.sort();
    names
}

/// Holds `predicted` (sorted here) to the names the client sent, after checking the client
/// is the version its preset was verified on; reports the count.
fn hold(id: &str, what: &str, observed: &Value, mut predicted: Vec<String>, pinned_on: &str) {
    let version = observed["version"].as_str().unwrap_or_default();
    predicted.sort();
    let sent = observed_names(observed);
    report(&format!(
        "oracle {id} {what} ({version}): {} names predicted, {} sent, {}",
        predicted.len(),
        sent.len(),
        if predicted == sent {
            "agree"
        } else {
            "DISAGREE"
        }
    ));
    assert!(
        version.contains(pinned_on),
        "{id}: ran {version:?}, but this was verified on {pinned_on}: re-verify, then update \
         the preset's `verified`"
    );
    let missing: Vec<&String> = predicted.iter().filter(|n| !sent.contains(n)).collect();
    let extra: Vec<&String> = sent.iter().filter(|n| !predicted.contains(n)).collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "{id} {what}: predicted but not sent: {missing:?}; sent but not predicted: {extra:?}"
    );
}

/// The version a client's preset was verified on by running it.
fn pinned(id: &str) -> &'static str {
    let preset = client_by_id(id).expect("a preset");
    assert_eq!(preset.verified.how, Verification::Run);
    preset.verified.version
}

/// Plugins whose names and keys Claude Code replaces, refuses, or keeps; names around 64 and
/// 128 (`mcp__plugin_lenp_lens__` is 23); servers in `.mcp.json`, inline in the manifest, and
/// in a file the manifest names, in one plugin; and a server outside any plugin.
fn plugin_corpus() -> Vec<Server> {
    let fixed = "mcp__plugin_lenp_lens__".len();
    let lens = [
        long('x', 64 - fixed),
        long('y', 65 - fixed),
        long('w', 128 - fixed),
        long('v', 129 - fixed),
    ];
    let lens: Vec<&str> = lens.iter().map(String::as_str).collect();
    vec![
        server(
            "Srv.Key-1",
            &["create_issue", "a.b"],
            json!({"plugin": "my-Plugin.x"}),
            &["--plugin", "my-Plugin.x"],
        ),
        server(
            "in line",
            &["t2"],
            json!({"plugin": "mixed", "plugin_mcp": "inline"}),
            &["--plugin", "mixed"],
        ),
        server(
            "s😀",
            &["t3"],
            json!({"plugin": "mixed", "plugin_mcp": "./servers.json"}),
            &["--plugin", "mixed"],
        ),
        server(
            "dflt",
            &["t4"],
            json!({"plugin": "mixed"}),
            &["--plugin", "mixed"],
        ),
        server(
            "数据",
            &["t5"],
            json!({"plugin": "ünï"}),
            &["--plugin", "ünï"],
        ),
        server(
            "k",
            &["t6"],
            json!({"plugin": "ｆｕｌｌ"}),
            &["--plugin", "ｆｕｌｌ"],
        ),
        server(
            "z\u{200b}w",
            &["t7"],
            json!({"plugin": "zw"}),
            &["--plugin", "zw"],
        ),
        server(
            "lens",
            &lens,
            json!({"plugin": "lenp"}),
            &["--plugin", "lenp"],
        ),
        server("k", &["t8"], json!({"plugin": "p a"}), &["--plugin", "p a"]),
        server("k", &["t9"], json!({"plugin": "a:b"}), &["--plugin", "a:b"]),
        server("plain", &["t10"], json!({}), &[]),
    ]
}

#[test]
fn claude_code_names_plugin_servers_as_check_plugin_predicts() {
    let id = "claude_code";
    let Some(bin) = client_bin(id) else { return };
    let dir = scratch("oracle-plugins", id);
    let servers = plugin_corpus();
    let observed = observe(id, &bin, &corpus(&servers, json!({})), &dir);
    let predicted: Vec<String> = servers
        .iter()
        .flat_map(|s| predict(id, s))
        .flatten()
        .collect();
    hold(id, "plugins, check", &observed, predicted, pinned(id));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The plugins of [`plugin_corpus`] that Claude Code loads, installed from a local
/// marketplace that lists them under other names: Claude Code still names their servers by
/// the manifest's `name`, as `check --plugin` (and `audit --config settings.json`) take it.
#[test]
fn claude_code_names_installed_plugins_by_their_manifest() {
    let id = "claude_code";
    let Some(bin) = client_bin(id) else { return };
    let dir = scratch("oracle-plugins-installed", id);
    let servers: Vec<Server> = plugin_corpus()
        .into_iter()
        .filter(|s| s.extra["plugin"] == "my-Plugin.x" || s.extra["plugin"] == "lenp")
        .collect();
    let observed = observe(
        id,
        &bin,
        &corpus(&servers, json!({"plugin_install": true})),
        &dir,
    );
    let predicted: Vec<String> = servers
        .iter()
        .flat_map(|s| predict(id, s))
        .flatten()
        .collect();
    hold(id, "installed plugins", &observed, predicted, pinned(id));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The `mixed` plugin of [`plugin_corpus`] as a folder (`.mcp.json`, a file its manifest
/// names, a server inline), audited with `audit --config`: Claude Code's names for its tools.
#[test]
fn claude_code_names_a_plugin_folder_as_audit_config_predicts() {
    let id = "claude_code";
    let Some(bin) = client_bin(id) else { return };
    let dir = scratch("oracle-plugin-folder", id);
    let servers: Vec<Server> = plugin_corpus()
        .into_iter()
        .filter(|s| s.extra["plugin"] == "mixed")
        .collect();
    let observed = observe(id, &bin, &corpus(&servers, json!({})), &dir);

    let root = dir.join("mixed");
    std::fs::create_dir_all(root.join(".claude-plugin")).expect("plugin folder");
    let entry = |s: &Server, i: usize| {
        let spec = json!({"tools": s.tools, "prefix": format!("{i}.")});
        let argv = common::fixture_server_in(&root, &format!("tools-{i}.json"), &spec);
        json!({"command": argv[0], "args": argv[1..]})
    };
    let mut file = serde_json::Map::new();
    let mut default = serde_json::Map::new();
    let mut inline = serde_json::Map::new();
    for (i, s) in servers.iter().enumerate() {
        let into = match s.extra["plugin_mcp"].as_str() {
            Some("inline") => &mut inline,
            Some(_) => &mut file,
            None => &mut default,
        };
        into.insert(s.key.to_owned(), entry(s, i));
    }
    let write = |path: &Path, value: &Value| {
        std::fs::write(path, value.to_string()).expect("plugin file");
    };
    write(&root.join(".mcp.json"), &json!({"mcpServers": default}));
    write(&root.join("servers.json"), &json!({"mcpServers": file}));
    write(
        &root.join(".claude-plugin/plugin.json"),
        &json!({"name": "mixed", "mcpServers": ["./servers.json", inline]}),
    );
    let audit = common::run([
        "audit",
        "--config",
        &root.to_string_lossy(),
        "--format",
        "json",
    ]);
    let report = audit.json();
    let predicted: Vec<String> = common::client_names(&report, id)
        .iter()
        .filter_map(sent)
        .collect();
    assert_eq!(predicted.len(), 3, "{report}");
    hold(
        id,
        "plugin folder, audit --config",
        &observed,
        predicted,
        pinned(id),
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Two servers (and a plugin's) announcing the same `serverInfo` name and version, and one
/// another version: Claude Code names each by its key, drops none and numbers none.
#[test]
fn claude_code_names_servers_by_key_whatever_their_server_info() {
    let id = "claude_code";
    let Some(bin) = client_bin(id) else { return };
    let dir = scratch("oracle-server-info", id);
    let same = json!({"server_info": {"name": "same", "version": "1.0.0"}});
    let servers = vec![
        server("one", &["a"], same.clone(), &[]),
        server("two", &["a", "b"], same.clone(), &[]),
        server(
            "three",
            &["c"],
            json!({"plugin": "px", "server_info": same["server_info"]}),
            &["--plugin", "px"],
        ),
        server(
            "four",
            &["d"],
            json!({"server_info": {"name": "same", "version": "2.0.0"}}),
            &[],
        ),
    ];
    let predicted: Vec<String> = servers
        .iter()
        .flat_map(|s| predict(id, s))
        .flatten()
        .collect();
    let observed = observe(id, &bin, &corpus(&servers, json!({})), &dir);
    hold(
        id,
        "same serverInfo",
        &observed,
        predicted.clone(),
        pinned(id),
    );
    // In the project's `.mcp.json` too, where anthropics/claude-code#74635 (2026-07-06)
    // reported that neither of two such servers had its tools exposed.
    let project = json!({"claude_scope": "project"});
    let observed = observe(id, &bin, &corpus(&servers, project), &dir);
    hold(
        id,
        "same serverInfo, project",
        &observed,
        predicted,
        pinned(id),
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// `[features] non_prefixed_mcp_tool_names = true`: every server without `mcp__`, past 128
/// hashed as before (`long__` is 6).
#[test]
fn codex_without_its_prefix_as_check_predicts() {
    let id = "codex";
    let Some(bin) = client_bin(id) else { return };
    let dir = scratch("oracle-non-prefixed", id);
    let fixed = "long__".len();
    let lens = [long('x', 128 - fixed), long('y', 129 - fixed)];
    let lens: Vec<&str> = lens.iter().map(String::as_str).collect();
    let flag = &["--codex-non-prefixed"];
    let servers = vec![
        server("alpha", &["t", "a.b"], json!({}), flag),
        server("my-srv.x", &["a.b"], json!({}), flag),
        server("mcp__pre", &["t"], json!({}), flag),
        server("long", &lens, json!({}), flag),
    ];
    let top = json!({"codex_toml": "[features]\nnon_prefixed_mcp_tool_names = true"});
    let observed = observe(id, &bin, &corpus(&servers, top), &dir);
    let predicted: Vec<String> = servers
        .iter()
        .flat_map(|s| predict(id, s))
        .flatten()
        .collect();
    hold(
        id,
        "non_prefixed_mcp_tool_names",
        &observed,
        predicted,
        pinned(id),
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// `[features.non_prefixed_mcp_tool_names]` with `server_names`: a `config.toml` with the
/// same table, audited with `audit --config`, predicts which servers lose `mcp__`.
#[test]
fn codex_server_names_as_audit_config_reads_them() {
    let id = "codex";
    let Some(bin) = client_bin(id) else { return };
    let dir = scratch("oracle-server-names", id);
    let table = "[features.non_prefixed_mcp_tool_names]\nenabled = true\nserver_names = \
                 [\"my-srv\"]";
    let servers = vec![
        server("alpha", &["t"], json!({}), &[]),
        server("my-srv", &["t", "u.v"], json!({}), &[]),
    ];
    let observed = observe(
        id,
        &bin,
        &corpus(&servers, json!({"codex_toml": table})),
        &dir,
    );

    let mut config = String::new();
    for (i, s) in servers.iter().enumerate() {
        let spec = json!({"tools": s.tools, "prefix": format!("{i}.")});
        let argv = common::fixture_server_in(&dir, &format!("tools-{i}.json"), &spec);
        let args: Vec<String> = argv[1..].iter().map(|a| json!(a).to_string()).collect();
        config.push_str(&format!(
            "[mcp_servers.{}]\ncommand = {}\nargs = [{}]\n",
            json!(s.key),
            json!(argv[0]),
            args.join(", ")
        ));
    }
    config.push_str(table);
    config.push('\n');
    let file = dir.join("config.toml");
    std::fs::write(&file, config).expect("config.toml");
    let report = common::run([
        "audit",
        "--config",
        &file.to_string_lossy(),
        "--format",
        "json",
    ])
    .json();
    let predicted: Vec<String> = common::client_names(&report, id)
        .iter()
        .filter_map(sent)
        .collect();
    assert_eq!(predicted.len(), 3, "{report}");
    hold(
        id,
        "server_names, audit --config",
        &observed,
        predicted,
        pinned(id),
    );
    let _ = std::fs::remove_dir_all(&dir);
}
