//! The real clients as judges of argument names: each client run here is started against a
//! fixture server whose tools each carry one argument name (a key of the input schema's
//! top-level `properties`) that an API's rule refuses, or none, and a fake LLM API that records
//! what reaches the model. `audit` must predict, for every tool, what the client did:
//! `argument_refused` (Claude Code leaves the tool out, name and all) exactly where the tool
//! is missing from what the client sent; and wherever the client sent a tool's schema, its
//! argument names as the server wrote them (no client renames them, so the API behind decides).
//! Clients that send names only up front (Qwen Code, Droid) show no schema to compare; their
//! tools are still judged present or missing. Served beside the schema shapes, in the same run
//! of each client (`oracle_schemas.rs`).

use crate::common;

use common::oracle::verdict;

use serde_json::{Value, json};

/// Each tool's one argument name: refused by Anthropic's rule (`[`, a space, 65 characters,
/// CJK), refused by Gemini's `parameters` rule only (`-`, `.`), or plain.
const KEYS: [(&str, &str); 7] = [
    ("t_bracket", "rule_name[]"),
    ("t_space", "issue types"),
    ("t_hyphen", "issue-type"),
    ("t_dot", "a.b"),
    (
        "t_long",
        "kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk",
    ),
    ("t_cjk", "数据"),
    ("t_plain", "query"),
];

pub fn spec() -> Value {
    let tools: Vec<&str> = KEYS.iter().map(|(tool, _)| *tool).collect();
    let schemas: Vec<Value> = KEYS
        .iter()
        .map(|(_, key)| json!({"type": "object", "properties": {*key: {"type": "string"}}}))
        .collect();
    json!({"tools": tools, "schemas": schemas})
}

/// How many of the tools of `spec()`, served as server `server` of a client run, `observed`
/// agrees with `doc` (their `audit`) on, and a line for each that does not.
pub fn judge(id: &str, observed: &Value, doc: &Value, server: usize) -> (usize, Vec<String>) {
    let sent = observed["tools"].as_array().expect("tools");
    let mut agree = 0;
    let mut disagree = Vec::new();
    for (t, (tool, key)) in KEYS.iter().enumerate() {
        let verdict = verdict(doc, tool, id);
        let origin = format!("{server}.{t}");
        let present = sent
            .iter()
            .any(|s| s["origin"] == origin.as_str() || s["name"] == verdict["name"]);
        let predicted_present = verdict["fate"] != "argument_refused";
        // Where a schema went out, the argument name is as the server wrote it.
        let keys_as_written = observed["arguments"]
            .get(&origin)
            .and_then(Value::as_array)
            .is_none_or(|keys| keys.iter().any(|k| k == key));
        if present == predicted_present && keys_as_written {
            agree += 1;
        } else {
            disagree.push(format!(
                "{tool} (`{key}`): audit says {}, the client {}{}",
                verdict["fate"],
                if present { "sent it" } else { "left it out" },
                if keys_as_written {
                    String::new()
                } else {
                    format!(", with argument names {}", observed["arguments"][&origin])
                }
            ));
        }
    }
    // A run that sent no schema at all would judge nothing about argument names: at least
    // the plain tool must reach the model.
    assert!(
        sent.iter()
            .any(|s| s["origin"] == format!("{server}.6").as_str()
                || s["name"].as_str().is_some_and(|n| n.ends_with("t_plain"))),
        "{id} sent no fixture tool: {}",
        observed["output"]
    );
    (agree, disagree)
}
