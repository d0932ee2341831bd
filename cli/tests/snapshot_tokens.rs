//! The token growth of the tool definitions from one snapshot to the next (`diff`) and from a
//! snapshot to the live server (`audit --baseline`), on the workspace's `adr` example: each
//! release snapshotted for real, then one description made longer or shorter in the file, so
//! that no name changes and only the growth can fail the run.

use crate::common;

use common::{Scratch, example, run};
use serde_json::Value;

fn adr() -> String {
    example("adr").to_string_lossy().into_owned()
}

/// Snapshots release `n` of the example into `file`.
fn snapshot(n: &str, file: &str) {
    run(["snapshot", "--out", file, "--", &adr(), "--release", n]).exits(0);
}

fn read(file: &str) -> Value {
    serde_json::from_str(&std::fs::read_to_string(file).expect("written")).expect("JSON")
}

/// `file` again at `to`, with `tool`'s description as `change` makes it.
fn edited(file: &str, to: &str, tool: &str, change: impl FnOnce(&str) -> String) {
    let mut doc = read(file);
    let entry = doc["tools"]
        .as_array_mut()
        .expect("tools")
        .iter_mut()
        .find(|t| t["name"] == tool)
        .expect("the tool");
    let was = entry["definition"]["description"]
        .as_str()
        .unwrap_or_default();
    entry["definition"]["description"] = change(was).into();
    std::fs::write(to, serde_json::to_string_pretty(&doc).expect("JSON")).expect("written");
}

/// What `diff --format json` says of client `id`.
fn client(doc: &Value, id: &str) -> Value {
    doc["token_growth"]["clients"]
        .as_array()
        .and_then(|c| c.iter().find(|c| c["id"] == id))
        .cloned()
        .expect("the client")
}

#[test]
fn a_snapshot_holds_each_listed_tools_definition() {
    let dir = Scratch::new("tokens", "definition");
    let two = dir.file("v2.json");
    snapshot("2", &two);
    let doc = read(&two);
    assert_eq!(doc["schema_version"], 3);
    let tools = doc["tools"].as_array().expect("tools");
    let search = tools
        .iter()
        .find(|t| t["name"] == "search_adrs")
        .expect("search_adrs");
    assert!(search["definition"]["description"].is_string());
    assert_eq!(search["definition"]["input_schema"]["type"], "object");
    // A tombstone is listed to no client: nothing of it reaches a model.
    let tombstone = tools
        .iter()
        .find(|t| t["name"] == "adr_stats")
        .expect("adr_stats");
    assert!(tombstone.get("definition").is_none(), "{tombstone}");
}

/// One description twenty times as long: past a threshold of 20 tokens `diff` exits 1, naming
/// the threshold, where it was set and the tool; under 100,000 it exits 0 with the same
/// figures; without a threshold it only reports.
#[test]
fn diff_fails_past_the_threshold_with_the_tools_that_grew() {
    let dir = Scratch::new("tokens", "diff");
    let (one, longer) = (dir.file("v1.json"), dir.file("v1-longer.json"));
    snapshot("1", &one);
    edited(&one, &longer, "list_adrs", |d| d.repeat(20));
    let r = run(["diff", "--max-token-growth", "20", &one, &longer]);
    r.exits(1)
        .out_has("verdict: none: the surface is the same")
        .out_has("token growth of the tool definitions, per client (before → after)")
        .out_has("threshold: 20 tokens more, set by `--max-token-growth`: exceeded by 15 clients")
        .out_has("error    [token_growth] codex: the tool definitions grew by ")
        .out_has(
            "past the threshold of 20 tokens set by `--max-token-growth`; most by `list_adrs` +",
        );
    let doc = run([
        "diff",
        "--format",
        "json",
        "--max-token-growth",
        "20",
        &one,
        &longer,
    ])
    .json();
    assert_eq!(doc["exit_code"], 1);
    let codex = client(&doc, "codex");
    assert_eq!(codex["method"], "o200k_base");
    assert_eq!(codex["over"], true);
    assert_eq!(codex["tools"][0]["name"], "list_adrs");
    assert!(codex["delta"].as_i64().is_some_and(|d| d > 20), "{codex}");
    assert_eq!(client(&doc, "claude_code")["method"], "estimate");
    assert_eq!(doc["findings"][0]["lint"], "token_growth");
    // Under the threshold: the same report, exit 0.
    run(["diff", "--max-token-growth", "100000", &one, &longer])
        .exits(0)
        .out_has("exceeded by 0 clients");
    run(["diff", &one, &longer])
        .exits(0)
        .out_has("no threshold: the growth is reported, never a failure");
    // `--warn token_growth` reports it without failing.
    run([
        "diff",
        "--max-token-growth",
        "20",
        "--warn",
        "token_growth",
        &one,
        &longer,
    ])
    .exits(0)
    .out_has("warning  [token_growth] codex:");
}

/// `max_token_growth` in the config file sets the threshold, named by file and line; the flag
/// replaces it; a wrong value or a misspelt key is an error naming the file and the line.
#[test]
fn the_config_file_sets_the_threshold_and_the_flag_wins() {
    let dir = Scratch::new("tokens", "config");
    let (one, longer) = (dir.file("v1.json"), dir.file("v1-longer.json"));
    snapshot("1", &one);
    edited(&one, &longer, "list_adrs", |d| d.repeat(20));
    let config = dir.file("mcp-toolname.toml");
    std::fs::write(
        &config,
        "targets = [\"codex\"]\nmax_token_growth = \"5%\"\n",
    )
    .expect("written");
    let r = run(["diff", "--config-file", &config, &one, &longer]);
    r.exits(1).out_has("past the threshold of 5% set by `");
    assert!(
        r.stdout.contains("mcp-toolname.toml`, line 2"),
        "{}",
        r.stdout
    );
    run([
        "diff",
        "--config-file",
        &config,
        "--max-token-growth",
        "90%",
        &one,
        &longer,
    ])
    .exits(0)
    .out_has("threshold: 90% more, set by `--max-token-growth`");
    std::fs::write(&config, "\nmax_token_growth = \"lots\"\n").expect("written");
    run(["diff", "--config-file", &config, &one, &longer])
        .exits(2)
        .err_has("mcp-toolname.toml`, line 2: `max_token_growth` is a number of tokens");
    std::fs::write(&config, "max_token_grow = 5\n").expect("written");
    run(["diff", "--config-file", &config, &one, &longer])
        .exits(2)
        .err_has("line 1: unknown key `max_token_grow`; did you mean `max_token_growth`?");
}

/// A version-2 snapshot holds no definitions: the growth is not counted, said so, and no
/// threshold fails on it.
#[test]
fn an_old_snapshot_is_read_and_its_growth_not_counted() {
    let dir = Scratch::new("tokens", "old");
    let (one, old) = (dir.file("v1.json"), dir.file("v1-old.json"));
    snapshot("1", &one);
    let mut doc = read(&one);
    doc["schema_version"] = 2.into();
    for tool in doc["tools"].as_array_mut().expect("tools") {
        tool.as_object_mut().expect("an entry").remove("definition");
    }
    std::fs::write(&old, doc.to_string()).expect("written");
    run(["diff", "--max-token-growth", "0", &old, &one])
        .exits(0)
        .err_has("it holds no tool definitions, so the tokens they cost are not compared")
        .out_has("token growth of the tool definitions: not counted: snapshot `");
}

/// `audit --baseline` counts the same way: the live server's definitions against a snapshot in
/// which one description was shorter; past the threshold it is a finding of the audit (exit 1,
/// in JSON and the summary), under it the audit passes.
#[test]
fn audit_against_a_baseline_fails_past_the_threshold() {
    let dir = Scratch::new("tokens", "baseline");
    let (two, shorter) = (dir.file("v2.json"), dir.file("v2-shorter.json"));
    snapshot("2", &two);
    edited(&two, &shorter, "search_adrs", |_| "Searches.".to_owned());
    let adr = adr();
    let args = |limit: &'static str| {
        vec![
            "audit".to_owned(),
            "--baseline".to_owned(),
            shorter.clone(),
            "--max-token-growth".to_owned(),
            limit.to_owned(),
            "--".to_owned(),
            adr.clone(),
            "--release".to_owned(),
            "2".to_owned(),
        ]
    };
    run(args("3"))
        .exits(1)
        .out_has("\npast the names\n")
        .out_has("[token_growth] 15 clients (`claude_code`, `codex`, ")
        .out_has("most by `search_adrs` +")
        .out_has("exit code 1: `token_growth` at deny level (15 findings)")
        .out_has("verdict: none: the surface is the same");
    run(args("100000"))
        .exits(0)
        .out_has("exceeded by 0 clients");
    let mut json = args("3");
    json.insert(1, "--format".to_owned());
    json.insert(2, "json".to_owned());
    let doc = run(json).json();
    assert_eq!(doc["summary"]["exit_code"], 1);
    assert_eq!(doc["baseline"]["token_growth"]["counted"], true);
    let found = doc["findings"].as_array().expect("findings");
    assert!(
        found.iter().any(|f| f["lint"] == "token_growth"),
        "{found:?}"
    );
    // Without a baseline there is nothing to count from.
    run(["audit", "--max-token-growth", "3", "--", &adr])
        .exits(2)
        .err_has("--max-token-growth needs one server's --baseline");
}
