//! Suppressions: a big config adopts the gate in one command (`--suppress-all`) and later
//! fails only on a new finding; fixed findings are pruned; SARIF fingerprints stay the same
//! across runs; a config row's reason reaches text, JSON and SARIF; a row without one is a
//! finding when `allow_without_reason` is raised.

use std::collections::BTreeSet;
use std::path::Path;

use serde_json::{Value, json};

use crate::common::{self, Scratch, run_in};

const FILE: &str = "mcp-toolname-suppressions.json";

/// A config of four fixture servers, each listing ten names with a space (each a `spec`
/// finding, at deny level) and three good ones; `extra` adds names to the first server.
fn config(dir: &Path, extra: &[&str], without: &[&str]) {
    let mut servers = serde_json::Map::new();
    for s in 0..4 {
        let mut names: Vec<String> = (0..10).map(|i| format!("tool {i}")).collect();
        names.extend((0..3).map(|i| format!("ok_{i}")));
        if s == 0 {
            names.extend(extra.iter().map(|n| (*n).to_owned()));
            names.retain(|n| !without.contains(&n.as_str()));
        }
        let argv =
            common::fixture_server_in(dir, &format!("s{s}.json"), &json!({ "tools": names }));
        servers.insert(
            format!("srv{s}"),
            json!({ "command": argv[0], "args": argv[1..] }),
        );
    }
    let text = serde_json::to_string_pretty(&json!({ "mcpServers": servers })).expect("json");
    std::fs::write(dir.join(".mcp.json"), text).expect("config");
}

fn audit(dir: &Path, more: &[&str]) -> common::Run {
    let mut args = vec!["audit", "--config", ".mcp.json", "--no-config-file"];
    args.extend(more);
    run_in(dir, args)
}

fn entries(dir: &Path) -> Vec<Value> {
    let text = std::fs::read_to_string(dir.join(FILE)).expect("suppressions file");
    let doc: Value = serde_json::from_str(&text).expect("json");
    doc["suppressions"].as_array().expect("list").clone()
}

/// Each SARIF result's fingerprint, and whether it is suppressed.
fn fingerprints(dir: &Path) -> BTreeSet<(String, bool)> {
    let r = audit(dir, &["--format", "sarif"]);
    let doc = r.json();
    doc["runs"][0]["results"]
        .as_array()
        .expect("results")
        .iter()
        .map(|x| {
            let print = x["partialFingerprints"]["mcpToolname/v1"]
                .as_str()
                .expect("every result has a fingerprint");
            (print.to_owned(), x.get("suppressions").is_some())
        })
        .collect()
}

#[test]
fn a_config_of_40_findings_adopts_the_gate_in_one_command_and_fails_only_on_new_ones() {
    let scratch = Scratch::new("suppress", "adopt");
    let dir = scratch.0.as_path();
    config(dir, &[], &[]);
    audit(dir, &[])
        .exits(1)
        .out_has("exit code 1: `spec` at deny level (40 findings)");
    audit(dir, &["--suppress-all"])
        .exits(0)
        .out_has("suppressed: 40 findings (40 by `mcp-toolname-suppressions.json`)")
        .out_has("wrote `mcp-toolname-suppressions.json`: 40 suppressions (40 added, 0 pruned)");
    let written = entries(dir);
    assert_eq!(written.len(), 40);
    assert_eq!(written[0]["lint"], "spec");
    assert_eq!(
        written[0]["places"],
        json!([{ "server": "srv0", "name": "tool 0" }])
    );
    // Later runs: nothing new, exit 0; the same SARIF fingerprints each time, the 40 marked.
    audit(dir, &[]).exits(0);
    let first = fingerprints(dir);
    assert_eq!(first, fingerprints(dir));
    assert_eq!(first.iter().filter(|(_, s)| *s).count(), 40);
    let listed: BTreeSet<String> = written
        .iter()
        .map(|e| e["fingerprint"].as_str().expect("fingerprint").to_owned())
        .collect();
    let suppressed: BTreeSet<String> = first
        .iter()
        .filter(|(_, s)| *s)
        .map(|(p, _)| p.clone())
        .collect();
    assert_eq!(
        listed, suppressed,
        "the file and SARIF give one fingerprint"
    );
    // A new bad name fails the run, and is the only finding at deny level; one fixed is
    // noted, then pruned.
    config(dir, &["new tool"], &["tool 3"]);
    let r = audit(dir, &["--format", "json"]);
    r.exits(1);
    let doc = r.json();
    let denied: Vec<Value> = doc["servers"]
        .as_array()
        .expect("servers")
        .iter()
        .flat_map(|s| s["findings"].as_array().cloned().unwrap_or_default())
        .filter(|f| f["level"] == "deny")
        .collect();
    assert_eq!(denied.len(), 1, "{denied:?}");
    assert_eq!(denied[0]["tools"], json!(["new tool"]));
    assert_eq!(
        doc["suppressions"]["suppressed"].as_array().map(Vec::len),
        Some(39)
    );
    assert_eq!(
        doc["suppressions"]["unused"].as_array().map(Vec::len),
        Some(1)
    );
    audit(dir, &[])
        .exits(1)
        .out_has("note: 1 entry of `mcp-toolname-suppressions.json` matches no finding now");
    audit(dir, &["--prune-suppressions"])
        .exits(1)
        .out_has("39 suppressions (0 added, 1 pruned)");
    assert_eq!(entries(dir).len(), 39);
    // `check` (and one server's `audit`) judge none of the config's servers: their entries are
    // neither unused nor pruned there.
    let r = run_in(
        dir,
        [
            "check",
            "--no-config-file",
            "--prune-suppressions",
            "get_user",
        ],
    );
    r.exits(0).out_has("39 suppressions (0 added, 0 pruned)");
    assert!(!r.stdout.contains("match no finding"), "{}", r.stdout);
    assert_eq!(entries(dir).len(), 39);
    // Elsewhere, by `--suppressions-location`.
    let elsewhere = dir.join("ci/suppressions.json");
    std::fs::create_dir_all(dir.join("ci")).expect("dir");
    let at = elsewhere.to_string_lossy().into_owned();
    audit(dir, &["--suppressions-location", &at, "--suppress-all"]).exits(0);
    audit(dir, &["--suppressions-location", &at]).exits(0);
}

#[test]
fn a_suppressions_file_with_a_mistake_names_the_file_and_the_entry() {
    let scratch = Scratch::new("suppress", "mistake");
    let dir = scratch.0.as_path();
    std::fs::write(
        dir.join(FILE),
        r#"{"version": 1, "suppressions": [{"lint": "spek", "places": []}]}"#,
    )
    .expect("file");
    run_in(dir, ["check", "--no-config-file", "a b"])
        .exits(2)
        .err_has("suppressions file `mcp-toolname-suppressions.json`: suppressions[0]: no lint is named `spek`");
    std::fs::write(dir.join(FILE), r#"{"version": 1, "suppressions": {}}"#).expect("file");
    run_in(dir, ["check", "--no-config-file", "a b"])
        .exits(2)
        .err_has("at line 1, column");
}

#[test]
fn a_reason_reaches_text_json_and_sarif_and_a_missing_one_is_a_finding_when_raised() {
    let scratch = Scratch::new("suppress", "reason");
    let dir = scratch.0.as_path();
    std::fs::write(
        dir.join("mcp-toolname.toml"),
        "[lints]\nclient = { level = \"allow\", reason = \"we ship to Claude Code only\" }\n\
         shared_name = \"allow\"\n",
    )
    .expect("toml");
    run_in(dir, ["check", "--verbose", "admin.tools.list"])
        .exits(0)
        .out_has("allowed with a reason in `")
        .out_has("[client]")
        .out_has("we ship to Claude Code only");
    let r = run_in(dir, ["check", "--format", "json", "admin.tools.list"]);
    let doc = r.json();
    let suppressed = doc["suppressions"]["suppressed"]
        .as_array()
        .expect("suppressed");
    assert!(!suppressed.is_empty());
    assert!(suppressed.iter().all(|s| s["lint"] == "client"
        && s["justification"] == "we ship to Claude Code only"
        && s["suppressed_by"] == "config"));
    let r = run_in(dir, ["check", "--format", "sarif", "admin.tools.list"]);
    let doc = r.json();
    let results = doc["runs"][0]["results"].as_array().expect("results");
    let with_reason: Vec<&Value> = results
        .iter()
        .filter(|x| x["suppressions"][0]["justification"] == "we ship to Claude Code only")
        .collect();
    assert!(!with_reason.is_empty(), "{results:?}");
    assert!(
        with_reason
            .iter()
            .all(|x| x["ruleId"] == "client" && x["level"] == "none")
    );
    // Off by default; raised, the row without a reason is a finding at its line.
    assert!(
        !results
            .iter()
            .any(|x| x["ruleId"] == "allow_without_reason")
    );
    run_in(
        dir,
        [
            "check",
            "--deny",
            "allow_without_reason",
            "admin.tools.list",
        ],
    )
    .exits(1)
    .out_has("`shared_name` is allowed in `")
    .out_has("line 3, with no reason")
    // The summary says the exit code the run gives.
    .out_has("exit code 1: `allow_without_reason` at deny level (1 finding)");
    let r = run_in(
        dir,
        [
            "check",
            "--deny",
            "allow_without_reason",
            "--format",
            "sarif",
            "admin.tools.list",
        ],
    );
    let doc = r.json();
    let raised = doc["runs"][0]["results"]
        .as_array()
        .expect("results")
        .iter()
        .find(|x| x["ruleId"] == "allow_without_reason")
        .cloned()
        .expect("the finding");
    assert_eq!(
        raised["locations"][0]["physicalLocation"]["region"]["startLine"],
        3
    );
    // A flag after the row takes the lint back: its reason no longer hides anything.
    let r = run_in(
        dir,
        [
            "check",
            "--warn",
            "client",
            "--format",
            "json",
            "admin.tools.list",
        ],
    );
    assert_eq!(r.json()["suppressions"]["suppressed"], json!([]));
}

/// A finding's name that holds a secret of the config is not written into the file that is
/// meant to be committed (as `snapshot` writes none), and the run says so and fails.
#[test]
fn a_secret_in_a_name_is_never_written_to_the_file() {
    let scratch = Scratch::new("suppress", "secret");
    let dir = scratch.0.as_path();
    let token = "ghp_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789";
    let argv = common::fixture_server_in(
        dir,
        "s.json",
        &json!({ "tools": [format!("use {token} now")] }),
    );
    let config = json!({"mcpServers": {"gh": {
        "command": argv[0], "args": argv[1..], "env": {"GITHUB_TOKEN": token}
    }}});
    std::fs::write(dir.join(".mcp.json"), config.to_string()).expect("config");
    let r = audit(dir, &["--suppress-all"]);
    r.exits(2)
        .out_has("is not written: a name of a finding holds a value this config hides");
    assert!(!dir.join(FILE).exists());
    assert!(!r.stdout.contains(token) && !r.stderr.contains(token));
}
