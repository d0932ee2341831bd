//! Every snapshot holds the whole surface: prompts beside tools (aliases, windows,
//! arguments), each tool's and prompt's arguments with a verdict for each change, files read in
//! any order, and over Streamable HTTP the hidden aliases a stdio server shows. Each verdict is
//! held on a real snapshot of a server built with this crate, changed the one way the test
//! names.

use crate::common;

use common::{Scratch, example, http_example, run};
use serde_json::{Value, json};

fn read(file: &str) -> Value {
    serde_json::from_str(&std::fs::read_to_string(file).expect("written")).expect("JSON")
}

fn write(file: &str, doc: &Value) {
    std::fs::write(file, serde_json::to_string_pretty(doc).expect("JSON")).expect("written");
}

/// A snapshot of the `prompts` example (prompt `code_review` with the listed alias `review`,
/// prompt `summarize_thread`, tool `lint`), taken over stdio into `dir`.
fn prompts_snapshot(dir: &Scratch) -> String {
    let file = dir.file("prompts.json");
    let server = example("prompts").to_string_lossy().into_owned();
    run(["snapshot", "--out", &file, "--", &server])
        .exits(0)
        .err_has("names of server `review` `1.0.0` to ");
    file
}

/// The entry named `name` in the `list` (`tools` or `prompts`) of `doc`.
fn entry<'a>(doc: &'a mut Value, list: &str, name: &str) -> &'a mut Value {
    doc[list]
        .as_array_mut()
        .expect("a list")
        .iter_mut()
        .find(|e| e["name"] == name)
        .unwrap_or_else(|| panic!("{list} has no {name}"))
}

/// Diffs the real snapshot `old` with a copy changed by `change`, and returns the changes
/// (`item`, `name`, `kind`, `breaking`) and the exit code.
fn diff_after(dir: &Scratch, old: &str, change: impl FnOnce(&mut Value)) -> (Vec<Value>, i32) {
    let mut doc = read(old);
    change(&mut doc);
    let new = dir.file("changed.json");
    write(&new, &doc);
    let r = run(["diff", "--format", "json", old, &new]);
    let out = r.json();
    let code = out["exit_code"].as_i64().expect("exit code");
    let changes = out["changes"]
        .as_array()
        .expect("changes")
        .iter()
        .map(|c| json!([c["item"], c["name"], c["kind"], c["breaking"]]))
        .collect();
    (changes, i32::try_from(code).expect("small"))
}

#[test]
fn a_snapshot_holds_prompts_with_aliases_windows_and_arguments() {
    let dir = Scratch::new("surface", "prompts");
    let doc = read(&prompts_snapshot(&dir));
    assert_eq!(doc["schema_version"], 3);
    let prompts = doc["prompts"].as_array().expect("prompts");
    let names: Vec<&str> = prompts.iter().filter_map(|p| p["name"].as_str()).collect();
    // `summarize` is past its window: no client can call it, so it is left out.
    assert_eq!(names, ["code_review", "review", "summarize_thread"]);
    assert_eq!(prompts[0]["kind"], "prompt");
    assert_eq!(
        prompts[0]["arguments"],
        json!({
            "focus": {"types": ["string"], "required": false},
            "path": {"types": ["string"], "required": true},
        })
    );
    assert_eq!(prompts[1]["kind"], "alias");
    assert_eq!(prompts[1]["of"], "code_review");
    assert_eq!(prompts[1]["until"], "2030-01-01T00:00:00Z");
    let tools: Vec<&str> = doc["tools"]
        .as_array()
        .expect("tools")
        .iter()
        .filter_map(|t| t["name"].as_str())
        .collect();
    assert_eq!(tools, ["lint"]);
}

#[test]
fn a_prompt_renamed_without_an_alias_breaks_a_client() {
    let dir = Scratch::new("surface", "prompt-renamed");
    let old = prompts_snapshot(&dir);
    let (changes, code) = diff_after(&dir, &old, |doc| {
        entry(doc, "prompts", "summarize_thread")["name"] = "summarize_threads".into();
    });
    assert_eq!(code, 1);
    assert!(changes.contains(&json!(["prompt", "summarize_thread", "removed", true])));
    assert!(changes.contains(&json!([
        "prompt",
        "summarize_threads",
        "prompt_added",
        false
    ])));
    // In words: it names the prompt and the alias to keep.
    let mut doc = read(&old);
    entry(&mut doc, "prompts", "summarize_thread")["name"] = "summarize_threads".into();
    let new = dir.file("renamed.json");
    write(&new, &doc);
    run(["diff", &old, &new]).exits(1).out_has(
        "  major  prompt `summarize_thread` is gone and nothing answers its name: a client that \
         calls it fails; if it was renamed to `summarize_threads`, keep the old name as its \
         alias",
    );
}

/// A tool renamed away from a name the LLM APIs refuse keeps the old name hidden: listed, it
/// would reach every client as a name they refuse, and the build would warn of it.
#[test]
fn a_dotted_tool_renamed_is_told_to_keep_a_hidden_alias() {
    let dir = Scratch::new("surface", "dotted-rename");
    let real = prompts_snapshot(&dir);
    let mut doc = read(&real);
    entry(&mut doc, "tools", "lint")["name"] = "code.lint".into();
    let old = dir.file("dotted.json");
    write(&old, &doc);
    entry(&mut doc, "tools", "code.lint")["name"] = "code_lint".into();
    let new = dir.file("underscored.json");
    write(&new, &doc);
    run(["diff", &old, &new]).exits(1).out_has(
        "  major  tool `code.lint` is gone and nothing answers its name: a client that calls it \
         fails; if it was renamed to `code_lint`, keep the old name as its hidden alias \
         (`alias(name = \"code.lint\", hidden)`), callable but not listed, since LLM APIs \
         refuse it as a listed name",
    );
}

#[test]
fn a_prompt_renamed_with_an_alias_is_minor() {
    let dir = Scratch::new("surface", "prompt-alias");
    let new = prompts_snapshot(&dir);
    // The release before: `review` was the prompt itself, with no alias.
    let mut doc = read(&new);
    let prompts = doc["prompts"].as_array_mut().expect("prompts");
    prompts.retain(|p| p["name"] != "code_review");
    let review = prompts
        .iter_mut()
        .find(|p| p["name"] == "review")
        .expect("review");
    *review = json!({"name": "review", "kind": "prompt", "listed": true,
                     "arguments": review["arguments"].clone()});
    let old = dir.file("before-rename.json");
    write(&old, &doc);
    let r = run(["diff", "--format", "json", &old, &new]);
    r.exits(0);
    let changes: Vec<Value> = r.json()["changes"]
        .as_array()
        .expect("changes")
        .iter()
        .map(|c| json!([c["item"], c["name"], c["kind"], c["level"]]))
        .collect();
    assert_eq!(
        changes,
        [
            json!(["prompt", "code_review", "prompt_added", "minor"]),
            json!(["prompt", "review", "renamed_with_alias", "minor"]),
        ]
    );
}

#[test]
fn a_prompt_alias_dropped_before_its_window_breaks_a_client() {
    let dir = Scratch::new("surface", "prompt-alias-dropped");
    let old = prompts_snapshot(&dir);
    let (changes, code) = diff_after(&dir, &old, |doc| {
        let prompts = doc["prompts"].as_array_mut().expect("prompts");
        prompts.retain(|p| p["name"] != "review");
    });
    assert_eq!(code, 1);
    assert_eq!(
        changes,
        [json!(["prompt", "review", "alias_dropped_early", true])]
    );
}

#[test]
fn a_prompt_argument_removed_or_newly_required_breaks_a_client() {
    let dir = Scratch::new("surface", "prompt-arguments");
    let old = prompts_snapshot(&dir);
    let (changes, code) = diff_after(&dir, &old, |doc| {
        let arguments = &mut entry(doc, "prompts", "code_review")["arguments"];
        arguments
            .as_object_mut()
            .expect("arguments")
            .remove("focus");
    });
    assert_eq!(code, 1);
    assert_eq!(
        changes,
        [json!(["prompt", "code_review", "argument_removed", true])]
    );
    let (changes, code) = diff_after(&dir, &old, |doc| {
        entry(doc, "prompts", "code_review")["arguments"]["focus"]["required"] = true.into();
    });
    assert_eq!(code, 1);
    assert_eq!(
        changes,
        [json!([
            "prompt",
            "code_review",
            "argument_now_required",
            true
        ])]
    );
}

#[test]
fn each_tool_argument_change_has_its_verdict() {
    let dir = Scratch::new("surface", "tool-arguments");
    let old = prompts_snapshot(&dir);
    let lint = |doc: &mut Value| -> Value { entry(doc, "tools", "lint")["arguments"].clone() };
    let set = |doc: &mut Value, arguments: Value| {
        entry(doc, "tools", "lint")["arguments"] = arguments;
    };
    // Removed.
    let (changes, code) = diff_after(&dir, &old, |doc| {
        let mut args = lint(doc);
        args.as_object_mut().expect("arguments").remove("focus");
        set(doc, args);
    });
    assert_eq!(
        (changes, code),
        (vec![json!(["tool", "lint", "argument_removed", true])], 1)
    );
    // Made required.
    let (changes, code) = diff_after(&dir, &old, |doc| {
        let mut args = lint(doc);
        args["focus"]["required"] = true.into();
        set(doc, args);
    });
    assert_eq!(
        (changes, code),
        (
            vec![json!(["tool", "lint", "argument_now_required", true])],
            1
        )
    );
    // A new required one.
    let (changes, code) = diff_after(&dir, &old, |doc| {
        let mut args = lint(doc);
        args["depth"] = json!({"types": ["integer"], "required": true});
        set(doc, args);
    });
    assert_eq!(
        (changes, code),
        (
            vec![json!(["tool", "lint", "required_argument_added", true])],
            1
        )
    );
    // Its type changed.
    let (changes, code) = diff_after(&dir, &old, |doc| {
        let mut args = lint(doc);
        args["path"]["types"] = json!(["array"]);
        set(doc, args);
    });
    assert_eq!(
        (changes, code),
        (
            vec![json!(["tool", "lint", "argument_type_changed", true])],
            1
        )
    );
    // Renamed: the old name is no longer accepted.
    let (changes, code) = diff_after(&dir, &old, |doc| {
        let mut args = lint(doc);
        let path = args.as_object_mut().expect("arguments").remove("path");
        args["file"] = path.expect("path");
        set(doc, args);
    });
    assert_eq!(
        (changes, code),
        (vec![json!(["tool", "lint", "argument_renamed", true])], 1)
    );
    // Renamed with the old name still accepted (both in the schema): only a new optional
    // argument, minor.
    let (changes, code) = diff_after(&dir, &old, |doc| {
        let mut args = lint(doc);
        args["path"]["required"] = false.into();
        args["file"] = json!({"types": ["string"], "required": false});
        set(doc, args);
    });
    assert_eq!(
        (changes, code),
        (
            vec![json!(["tool", "lint", "optional_argument_added", false])],
            0
        )
    );
}

/// `value` written with every object's keys and every list in reverse order, except that a
/// list of types keeps its items: as if a hand or a merge had reordered the file.
fn reversed(value: &Value) -> String {
    match value {
        Value::Object(map) => {
            let items: Vec<String> = map
                .iter()
                .rev()
                .map(|(k, v)| format!("{}: {}", Value::String(k.clone()), reversed(v)))
                .collect();
            format!("{{{}}}", items.join(", "))
        }
        Value::Array(items) => {
            let items: Vec<String> = items.iter().rev().map(reversed).collect();
            format!("[{}]", items.join(", "))
        }
        other => other.to_string(),
    }
}

/// Writes `file` reordered by [`reversed`] and diffs it with `file`: the same, exit 0.
fn same_reordered(dir: &Scratch, file: &str, check: impl FnOnce(&str)) {
    let text = reversed(&read(file));
    check(&text);
    let shuffled = dir.file("reordered.json");
    std::fs::write(&shuffled, text).expect("written");
    run(["diff", file, &shuffled])
        .exits(0)
        .out_has("verdict: none: the surface is the same");
}

#[test]
fn a_snapshot_is_read_in_any_order() {
    let dir = Scratch::new("surface", "order");
    // Seven tools, aliases and a tombstone.
    let adr = example("adr").to_string_lossy().into_owned();
    let file = dir.file("adr.json");
    run(["snapshot", "--out", &file, "--", &adr, "--release", "2"]).exits(0);
    same_reordered(&dir, &file, |text| {
        assert!(text.find("\"adr_stats\"") > text.find("\"validate_adrs\""));
    });
    // Prompts beside tools, and a union's types.
    let file = prompts_snapshot(&dir);
    same_reordered(&dir, &file, |text| {
        assert!(text.find("\"code_review\"") > text.find("\"summarize_thread\""));
        assert!(text.contains("[\"string\", \"null\"]"));
    });
}

#[test]
fn a_version_1_file_is_read_and_says_it_holds_no_prompts() {
    let dir = Scratch::new("surface", "version-1");
    let new = prompts_snapshot(&dir);
    let mut doc = read(&new);
    doc["schema_version"] = 1.into();
    doc.as_object_mut().expect("object").remove("prompts");
    let old = dir.file("v1.json");
    write(&old, &doc);
    run(["diff", &old, &new])
        .exits(0)
        .err_has("has schema_version 1: it holds no prompts, so prompts are not compared")
        .out_has("verdict: none: the surface is the same");
    // A name given twice is refused, naming it.
    let mut doc = read(&new);
    let first = doc["prompts"][0].clone();
    doc["prompts"].as_array_mut().expect("prompts").push(first);
    let twice = dir.file("twice.json");
    write(&twice, &doc);
    run(["diff", &twice, &new])
        .exits(2)
        .err_has("names the prompt `code_review` twice");
}

#[test]
fn over_http_a_server_shows_its_hidden_aliases_and_a_dropped_one_breaks() {
    let dir = Scratch::new("surface", "http");
    let (_server, url) = http_example();
    let file = dir.file("http.json");
    run(["snapshot", "--out", &file, "--url", &url]).exits(0);
    let doc = read(&file);
    assert_eq!(doc["hidden_names_asked"], true);
    let sub = doc["tools"]
        .as_array()
        .expect("tools")
        .iter()
        .find(|t| t["name"] == "sub")
        .expect("the hidden alias `sub` is in the snapshot")
        .clone();
    assert_eq!(sub["kind"], "alias");
    assert_eq!(sub["listed"], false);
    assert_eq!(sub["of"], "subtract");
    // The same server against its own snapshot: the same.
    run(["audit", "--baseline", &file, "--url", &url])
        .exits(0)
        .out_has("verdict: none: the surface is the same");
    // A release before had another hidden alias, which this one dropped before its window.
    let mut doc = doc;
    let mut gone = sub;
    gone["name"] = "take_away".into();
    doc["tools"].as_array_mut().expect("tools").push(gone);
    let baseline = dir.file("before.json");
    write(&baseline, &doc);
    let r = run(["audit", "--baseline", &baseline, "--url", &url]);
    r.exits(1).out_has(
        "  major  alias `take_away` of `subtract` was dropped before its window ends \
         (2099-01-01T00:00:00Z)",
    );
    // What every client sees is audited: the hidden alias is not among the tools.
    assert!(!r.stdout.contains("`sub`\n"));
}
