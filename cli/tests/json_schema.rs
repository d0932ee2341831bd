//! Every JSON document the CLI writes has `schema_version` 2 and exactly the fields
//! docs/cli.md documents between its `<!-- json:... -->` markers (top level, and the fields of
//! an object or array whose items the guide lists).

use crate::common;

use std::collections::BTreeSet;

use common::{calculator, run};
use serde_json::Value;

/// The fields docs/cli.md lists for document `kind`: each top-level field with its listed
/// sub-fields (empty when the guide describes them in prose). A field is each backticked name before
/// the item's first `: `; `x[]` is an array of objects.
fn documented(kind: &str) -> Vec<(String, Vec<String>)> {
    let readme = include_str!("../../docs/cli.md");
    let start = format!("<!-- json:{kind} -->");
    let end = format!("<!-- /json:{kind} -->");
    let from = readme.find(&start).expect("docs/cli.md has the section") + start.len();
    let to = readme[from..]
        .find(&end)
        .expect("docs/cli.md closes the section")
        + from;
    let mut out: Vec<(String, Vec<String>)> = Vec::new();
    for line in readme[from..to].lines() {
        let (nested, item) = if let Some(item) = line.strip_prefix("  - ") {
            (true, item)
        } else if let Some(item) = line.strip_prefix("- ") {
            (false, item)
        } else {
            continue;
        };
        let head = item.split(": ").next().unwrap_or(item);
        let names = head
            .split('`')
            .skip(1)
            .step_by(2)
            .map(str::to_owned)
            .collect::<Vec<_>>();
        if nested {
            out.last_mut()
                .expect("a nested item follows a field")
                .1
                .extend(names);
        } else {
            out.extend(names.into_iter().map(|n| (n, Vec::new())));
        }
    }
    out
}

fn keys(value: &Value) -> BTreeSet<String> {
    value
        .as_object()
        .map(|o| {
            o.keys()
                .map(|k| {
                    let array = o[k]
                        .as_array()
                        .is_some_and(|a| a.first().is_some_and(Value::is_object));
                    if array { format!("{k}[]") } else { k.clone() }
                })
                .collect()
        })
        .unwrap_or_default()
}

fn matches_readme(kind: &str, doc: &Value) {
    assert_eq!(doc["schema_version"], 2, "{kind}: {doc:#}");
    let fields = documented(kind);
    let listed: BTreeSet<String> = fields.iter().map(|(n, _)| n.clone()).collect();
    assert_eq!(
        keys(doc),
        listed,
        "{kind}: top-level fields differ from docs/cli.md"
    );
    for (name, sub) in fields.iter().filter(|(_, sub)| !sub.is_empty()) {
        let key = name.trim_end_matches("[]");
        let value = if name.ends_with("[]") {
            &doc[key][0]
        } else {
            &doc[key]
        };
        let sub: BTreeSet<String> = sub.iter().cloned().collect();
        assert_eq!(
            keys(value),
            sub,
            "{kind}: fields of `{name}` differ from docs/cli.md"
        );
    }
}

#[test]
fn check_matches_the_readme() {
    let r = run(["check", "--format", "json", "search documents"]);
    matches_readme("check", &r.json());
}

#[test]
fn audit_matches_the_readme() {
    let r = run(["audit", "--format", "json"]);
    matches_readme("audit", &r.json());
    let r = run(["audit", "--format", "json", "--", "/nonexistent/mcp-server"]);
    r.exits(2);
    assert_eq!(
        keys(&r.json()),
        ["error", "exit_code", "schema_version", "secrets"]
            .map(String::from)
            .into(),
    );
}

#[test]
fn lints_matches_the_readme() {
    let r = run(["lints", "--format", "json", "--no-config-file"]);
    r.exits(0);
    matches_readme("lints", &r.json());
}

#[test]
fn audit_config_matches_the_readme() {
    let dir = std::env::temp_dir().join(format!("mcp-toolname-schema-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join(".mcp.json");
    let config = serde_json::json!({ "mcpServers": {
        "calc": { "command": calculator() },
        "calc-too": { "command": calculator() },
    }});
    std::fs::write(&file, config.to_string()).expect("write config");
    let r = run([
        "audit",
        "--config",
        file.to_str().expect("UTF-8"),
        "--format",
        "json",
    ]);
    let _ = std::fs::remove_dir_all(&dir);
    r.exits(0);
    let doc = r.json();
    matches_readme("config", &doc);
    assert_eq!(
        doc["servers"][0]["schema_version"],
        Value::Null,
        "said once, at the top"
    );
}

/// Writes a server listing `tools` (no description, an empty object schema) and a config of it
/// as `one` into `dir`; the config's path and the bytes of the `tools/list` result.
fn listing_config(dir: &std::path::Path, tools: &[String]) -> (String, usize) {
    let tools: Vec<Value> = tools
        .iter()
        .map(|name| serde_json::json!({"name": name, "inputSchema": {"type": "object"}}))
        .collect();
    let (argv, sent) = common::listing_server(dir, &tools);
    let config = dir.join(".mcp.json");
    let servers =
        serde_json::json!({"mcpServers": {"one": {"command": argv[0], "args": argv[1..]}}});
    std::fs::write(&config, servers.to_string()).expect("write");
    (config.to_string_lossy().into_owned(), sent)
}

/// A config audit's JSON is a small multiple of what its server sent, for short dotted names
/// (each breaking six contracts and five clients) and for names of 128 characters (seven
/// contracts and fifteen clients): what is said alike of several contracts or clients is one
/// finding, and each client's name for each tool is written once. Measured 2026-12-06 with
/// fifteen clients: 91 and 87 times (81 and 82 with fourteen); with each contract's and
/// client's finding written apart, 116 times for the dotted names (version 1, pretty-printed,
/// wrote 238 times for them with fourteen).
#[test]
fn json_is_a_small_multiple_of_what_the_server_sent() {
    let dotted: Vec<String> = (0..200).map(|i| format!("g{}.t{i}", i % 10)).collect();
    let long: Vec<String> = (0..60)
        .map(|i| format!("{i:03}{}", "abcdef0123456789".repeat(8))[..128].to_owned())
        .collect();
    for (shape, names) in [("dotted", dotted), ("long", long)] {
        let dir = std::env::temp_dir().join(format!(
            "mcp-toolname-json-size-{}-{shape}",
            std::process::id()
        ));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let (config, sent) = listing_config(&dir, &names);
        let r = run(["audit", "--config", &config, "--format", "json"]);
        let _ = std::fs::remove_dir_all(&dir);
        r.exits(0);
        let doc = r.json();
        assert_eq!(
            doc["servers"][0]["tools"].as_array().map(Vec::len),
            Some(names.len()),
            "{shape}: every tool is in the report"
        );
        let times = r.stdout.len() / sent;
        eprintln!(
            "{shape}: {} bytes, {times} times the {sent} sent",
            r.stdout.len()
        );
        assert!(
            times < 100,
            "{shape}: the JSON is {} bytes, {times} times the {sent} bytes of tools/list",
            r.stdout.len()
        );
    }
}
