//! Prompt names (issue 21 §4): `check --prompt`.

mod common;

use std::collections::BTreeSet;

use common::run;
use serde_json::{Value, json};

fn keys(value: &Value) -> BTreeSet<&str> {
    value
        .as_object()
        .expect("an object")
        .keys()
        .map(String::as_str)
        .collect()
}

#[test]
fn check_prompt_says_what_each_client_makes_of_a_name() {
    let r = run([
        "check",
        "--prompt",
        "--server-key",
        "github",
        "review-pr",
        "review pr",
    ]);
    r.exits(1)
        .out_has("`review-pr`\n  contract:\n    prompt       pass\n")
        .out_has("    claude_code  runs        `/mcp__github__review-pr`\n")
        .out_has(
            "`review pr`\n  contract:\n    prompt       prompt name `review pr` contains a space \
             at index 6, which the slash-command rule for prompts does not allow",
        )
        .out_has("    claude_code  cannot run  `/mcp__github__review pr`\n")
        .out_has("    gemini_cli   runs        `/review-pr`\n")
        .out_has("    vscode       unknown     `/mcp.github.review pr`\n")
        // `review-pr` is taken by the other name: the fix is one of a set.
        .out_has(
            "  suggestion:  write `review_pr` instead (passes the slash-command rule for \
             prompts)\n",
        )
        .out_has("prompt clients verified: claude_code run on ")
        .out_has(
            "summary: 2 prompt names; 1 breaks the slash-command rule for prompts; 1 cannot be \
             run by at least one client\n",
        );
    // Names every client runs: exit 0, nothing to fix.
    let r = run([
        "check",
        "--prompt",
        "dot.name",
        "colon:name",
        "slash/x",
        "üml",
    ]);
    r.exits(0).out_has("  suggestion:  none needed\n");
    assert!(!r.stdout.contains("cannot run"), "{}", r.stdout);
}

#[test]
fn check_prompt_json_has_its_own_shape() {
    let r = run([
        "check", "--prompt", "--format", "json", "a b", "a_b", "plain",
    ]);
    r.exits(1);
    let doc = r.json();
    assert_eq!(
        keys(&doc),
        BTreeSet::from(["schema_version", "kind", "server_key", "names"])
    );
    assert_eq!(doc["schema_version"], 1);
    assert_eq!(doc["kind"], "prompt");
    assert_eq!(doc["server_key"], "server");
    let names = doc["names"].as_array().expect("names");
    assert_eq!(names.len(), 3);
    assert_eq!(
        keys(&names[0]),
        BTreeSet::from(["name", "pass", "problem", "clients", "suggestion"])
    );
    assert_eq!(names[0]["pass"], false);
    // `a_b` is in use: the fix of `a b` is the next free name.
    assert_eq!(names[0]["suggestion"], "a_b_2");
    assert_eq!(
        names[0]["clients"],
        json!([
            {"id": "claude_code", "command": "/mcp__server__a b", "runs": false},
            {"id": "gemini_cli", "command": "/a-b", "runs": true},
            {"id": "vscode", "command": "/mcp.server.a b", "runs": null},
        ])
    );
    assert!(
        names[0]["problem"]
            .as_str()
            .is_some_and(|p| p.starts_with("prompt name `a b` contains a space at index 1")),
        "{}",
        names[0]["problem"]
    );
    assert_eq!(names[2]["pass"], true);
    assert_eq!(names[2]["problem"], Value::Null);
    assert_eq!(names[2]["suggestion"], Value::Null);
}

#[cfg(unix)]
#[test]
fn check_prompt_refuses_a_name_that_is_not_utf8() {
    use std::os::unix::ffi::OsStringExt;
    let bad = std::ffi::OsString::from_vec(vec![b'a', 0xFF]);
    let args: Vec<std::ffi::OsString> = ["check", "--prompt", "--format", "json"]
        .into_iter()
        .map(Into::into)
        .chain([bad])
        .collect();
    let r = run(&args);
    r.exits(1);
    let doc = r.json();
    assert_eq!(doc["names"][0]["pass"], false);
    assert!(
        doc["names"][0]["problem"]
            .as_str()
            .is_some_and(|p| p.contains("not valid UTF-8 (byte 0xFF at byte index 1)")),
        "{doc:#}"
    );
}
