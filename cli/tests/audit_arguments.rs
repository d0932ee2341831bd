//! `audit` of the tools' input schemas: an argument name the Anthropic API refuses is one
//! finding for every tool it breaks, naming the APIs and the serde rename that fixes it; a
//! key only Gemini's `parameters` rule refuses is a warning; a top-level `anyOf` is a schema
//! finding naming its source; strict-mode findings are looked for only once their lint is raised
//! (`--warn schema_strict`). The server is the oracles' fixture (`oracles/server.mjs`), serving
//! the schemas given.

use crate::common;

use common::run;
use serde_json::{Value, json};

#[test]
fn a_refused_argument_name_is_one_finding_for_every_tool_it_breaks() {
    let bracketed = json!({"type": "object", "properties": {"rule_name[]": {"type": "string"}}});
    let spec = json!({
        "tools": ["search", "count", "label", "either"],
        "schemas": [
            bracketed,
            bracketed,
            {"type": "object", "properties": {"issue-type": {"type": "string"}}},
            {"type": "object", "anyOf": [{"required": ["a"]}, {"required": ["b"]}],
             "properties": {"a": {}, "b": {}}},
        ],
    });
    let (dir, server) = common::fixture_server("arguments", "json", &spec);
    let mut args = vec!["audit", "--format", "json", "--"];
    args.extend(server.iter().map(String::as_str));
    let r = run(&args);
    assert_eq!(r.code, Some(1), "a denied finding: {}", r.stderr);
    let doc: Value = serde_json::from_str(&r.stdout).expect("json");
    let findings = doc["findings"].as_array().expect("findings");
    let of =
        |kind: &str| -> Vec<&Value> { findings.iter().filter(|f| f["kind"] == kind).collect() };
    let named = of("argument_name");
    assert_eq!(named.len(), 1, "{findings:#?}");
    assert_eq!(named[0]["tools"], json!(["search", "count"]));
    assert_eq!(named[0]["contracts"], json!(["anthropic"]));
    assert_eq!(named[0]["suggestion"], "rule_name");
    let text = named[0]["message"].as_str().unwrap();
    assert!(
        text.starts_with("tools `search` and `count`: argument name `rule_name[]` contains `[`"),
        "{text}"
    );
    assert!(
        text.contains("`#[serde(rename = \"rule_name\")]`"),
        "{text}"
    );
    assert!(
        text.contains("refused by Gemini (`FunctionDeclaration.parameters`) too"),
        "{text}"
    );
    let contract = of("argument_contract");
    assert_eq!(contract.len(), 1, "{findings:#?}");
    assert_eq!(contract[0]["tools"], json!(["label"]));
    assert_eq!(contract[0]["contracts"], json!(["gemini"]));
    let root = of("schema_root");
    assert_eq!(root.len(), 1, "{findings:#?}");
    let text = root[0]["message"].as_str().unwrap();
    assert!(
        text.contains("tool `either`: input schema at `/`: `anyOf`"),
        "{text}"
    );
    assert!(text.contains("code-yeongyu/senpi/issues/1947"), "{text}");
    // Allowed by default, and then not looked for: no client run here turns strict mode on.
    assert!(of("schema_strict").is_empty(), "{findings:#?}");
    let mut args = vec!["audit", "--format", "json", "--warn", "schema_strict", "--"];
    args.extend(server.iter().map(String::as_str));
    let r = run(&args);
    let doc: Value = serde_json::from_str(&r.stdout).expect("json");
    let strict: Vec<&Value> = doc["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .filter(|f| f["kind"] == "schema_strict")
        .collect();
    assert!(!strict.is_empty(), "{doc:#?}");
    assert!(strict.iter().all(|f| f["level"] == "warn"), "{strict:#?}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_text_report_says_the_refused_name_once() {
    let bracketed = json!({"type": "object", "properties": {"rule_name[]": {"type": "string"}}});
    let spec = json!({"tools": ["search", "count"], "schemas": [bracketed, bracketed]});
    let (dir, server) = common::fixture_server("arguments", "text", &spec);
    let mut args = vec!["audit", "--"];
    args.extend(server.iter().map(String::as_str));
    let r = run(&args);
    assert_eq!(r.code, Some(1), "{}", r.stderr);
    assert_eq!(
        r.stdout.matches("argument name `rule_name[]`").count(),
        1,
        "{}",
        r.stdout
    );
    assert!(!r.stdout.contains("[schema_strict]"), "{}", r.stdout);
    let _ = std::fs::remove_dir_all(dir);
}
