//! `snapshot`, `diff` and `audit --baseline` on two releases of a real
//! server, the workspace's `adr` example: a rename with an alias (carrying an argument), a
//! rename without one, an alias dropped before its window ends, a new required argument, a
//! new optional one, and a tool removed behind a tombstone.

use crate::common;

use std::path::Path;

use common::{Scratch, example, run};
use serde_json::Value;

fn adr() -> String {
    example("adr").to_string_lossy().into_owned()
}

/// Snapshots release `n` of the example into `file`.
fn snapshot(n: &str, file: &str) {
    let adr = adr();
    run(["snapshot", "--out", file, "--", &adr, "--release", n])
        .exits(0)
        .err_has(&format!("names of server `adr` `{n}.0.0` to "));
}

fn read(file: &str) -> Value {
    serde_json::from_str(&std::fs::read_to_string(file).expect("written")).expect("JSON")
}

#[test]
fn a_snapshot_is_every_name_a_client_can_call_sorted() {
    let dir = Scratch::new("snapshot", "file");
    let two = dir.file("v2.json");
    snapshot("2", &two);
    let doc = read(&two);
    assert_eq!(doc["schema_version"], 3);
    assert_eq!(doc["server"]["version"], "2.0.0");
    assert_eq!(doc["hidden_names_asked"], true);
    let tools = doc["tools"].as_array().expect("tools");
    let names: Vec<&str> = tools.iter().filter_map(|t| t["name"].as_str()).collect();
    assert_eq!(
        names,
        [
            "adr_stats",
            "export_adrs",
            "list_adrs",
            "search_adrs",
            "suggest_title",
            "validate_adr",
            "validate_adrs"
        ]
    );
    let alias = &tools[5];
    assert_eq!(alias["kind"], "alias");
    assert_eq!(alias["of"], "validate_adrs");
    assert_eq!(alias["args"], serde_json::json!({"mode": "single"}));
    assert_eq!(tools[0]["kind"], "tombstone");
    let search = &tools[3];
    assert_eq!(search["arguments"]["scope"]["required"], true);
    assert!(
        search["input_schema"]
            .as_str()
            .is_some_and(|d| d.starts_with("sha256:") && d.len() == 23)
    );
    // The same server gives the same bytes: a file to commit and review.
    let again = dir.file("again.json");
    snapshot("2", &again);
    assert_eq!(
        std::fs::read_to_string(&two).ok(),
        std::fs::read_to_string(&again).ok()
    );
}

#[test]
fn diff_says_which_changes_break_a_client() {
    let dir = Scratch::new("snapshot", "diff");
    let (one, two) = (dir.file("v1.json"), dir.file("v2.json"));
    snapshot("1", &one);
    snapshot("2", &two);
    let r = run(["diff", &one, &two]);
    r.exits(1)
        .out_has("\nbreaks a client\n")
        .out_has(
            "  major  alias `adr_export` of `export_adrs` was dropped before its window ends \
             (2099-01-01T00:00:00Z)",
        )
        .out_has(
            "  major  tool `suggest_adr_title` is gone and nothing answers its name: a client \
             that calls it fails; if it was renamed to `suggest_title`, keep the old name as its \
             alias (`alias = \"suggest_adr_title\"`)",
        )
        .out_has("  major  `search_adrs` now requires the argument `scope`")
        .out_has(
            "  major  tool `adr_stats` is gone; its name only says where it went (`list_adrs`)",
        )
        .out_has("\ndoes not break a client\n")
        .out_has(
            "  minor  tool `validate_adr` was renamed to `validate_adrs` and its old name kept \
             as an alias",
        )
        .out_has("  minor  `list_adrs` takes a new optional argument `status`")
        .out_has("verdict: major (4 breaking changes of 8)");
    let r = run(["diff", "--format", "json", &one, &two]);
    r.exits(1);
    let doc = r.json();
    assert_eq!(doc["verdict"], "major");
    assert_eq!(doc["exit_code"], 1);
    let breaking: Vec<(&str, &str)> = doc["changes"]
        .as_array()
        .expect("changes")
        .iter()
        .filter(|c| c["breaking"] == true)
        .map(|c| {
            (
                c["name"].as_str().unwrap_or(""),
                c["kind"].as_str().unwrap_or(""),
            )
        })
        .collect();
    assert_eq!(
        breaking,
        [
            ("adr_export", "alias_dropped_early"),
            ("adr_stats", "removed_with_tombstone"),
            ("search_adrs", "required_argument_added"),
            ("suggest_adr_title", "removed"),
        ]
    );
    // Nothing changed: no verdict, exit 0.
    run(["diff", &two, &two])
        .exits(0)
        .out_has("verdict: none: the surface is the same");
    // The other way round, the new names are gone (major), nothing is dropped early.
    run(["diff", &two, &one]).exits(1);
}

#[test]
fn audit_against_a_baseline_adds_the_changes_and_exits_1_when_one_breaks() {
    let dir = Scratch::new("snapshot", "baseline");
    let one = dir.file("v1.json");
    snapshot("1", &one);
    let adr = adr();
    let r = run(["audit", "--baseline", &one, "--", &adr, "--release", "2"]);
    r.exits(1)
        .out_has("\nagainst the baseline: from `adr` 1.0.0 (7 names) to `adr` 2.0.0 (7 names)\n")
        .out_has("verdict: major (4 breaking changes of 8)")
        // The summary, last, says the exit code the baseline raised.
        .out_has("exit code 1: 4 changes against the baseline break a client\n")
        // The names audited are what every client sees: no tombstone.
        .out_has(
            "\ntools\n  ok       `export_adrs`\n  ok       `list_adrs`\n  ok       `search_adrs`\n  \
             ok       `suggest_title`\n  ok       `validate_adr`\n  ok       `validate_adrs`\n",
        );
    assert!(!r.stdout.contains("exit code 0"), "{}", r.stdout);
    let r = run([
        "audit",
        "--format",
        "json",
        "--baseline",
        &one,
        "--",
        &adr,
        "--release",
        "1",
    ]);
    r.exits(0);
    let doc = r.json();
    assert_eq!(doc["baseline"]["verdict"], Value::Null);
    assert_eq!(doc["summary"]["exit_code"], 0);
}

#[test]
fn a_snapshot_from_a_config_entry_and_bad_input() {
    let dir = Scratch::new("snapshot", "config");
    let config = dir.file("mcp.json");
    let entry =
        serde_json::json!({"mcpServers": {"adr": {"command": adr(), "args": ["--release", "2"]}}});
    std::fs::write(&config, entry.to_string()).expect("config written");
    let out = dir.file("from-config.json");
    run([
        "snapshot", "--config", &config, "--server", "adr", "--out", &out,
    ])
    .exits(0);
    assert_eq!(read(&out)["server"]["version"], "2.0.0");
    run(["snapshot", "--config", &config, "--server", "ard"])
        .exits(2)
        .err_has("has no server `ard`; did you mean `adr`?");
    run(["snapshot"]).exits(2).err_has(
        "snapshot needs a server: a command after `--`, --url URL, or --config FILE --server KEY",
    );
    let not_json = dir.file("not.json");
    std::fs::write(&not_json, "{").expect("written");
    run(["diff", &not_json, &out])
        .exits(2)
        .err_has("is not JSON");
    let other = dir.file("other.json");
    std::fs::write(&other, r#"{"schema_version": 9}"#).expect("written");
    run(["diff", &other, &out])
        .exits(2)
        .err_has("has schema_version 9; this mcp-toolname reads 1 to 3");
    assert!(Path::new(&out).exists());
}

/// A config that hides a secret (`--token` in a server's arguments), and a server that names
/// a tool after it, and one after a plain word another server's flag stands before: the
/// snapshot never holds a masked name (a `diff` would see a change that is not there), so it
/// refuses with the reason and writes no file; with the plain word alone it is written whole.
#[test]
fn a_snapshot_never_holds_a_masked_name() {
    let dir = Scratch::new("snapshot", "masked");
    let secret = "ghpR4nd0mT0k3nV4lu3xYz01";
    let init = serde_json::json!({
        "protocolVersion": "2025-11-25",
        "capabilities": {"tools": {}},
        "serverInfo": {"name": "echo", "version": "1.0.0"},
    });
    let write = |name: &str, value: &Value| {
        let path = dir.file(name);
        std::fs::write(&path, value.to_string()).expect("written");
        path
    };
    let init_file = write("init.json", &init);
    let entry = |list: &str, extra: &[&str]| {
        let mut args = vec![
            "-c".to_owned(),
            common::FILE_SERVER.to_owned(),
            "sh".to_owned(),
            init_file.clone(),
            list.to_owned(),
        ];
        args.extend(extra.iter().map(|a| (*a).to_owned()));
        serde_json::json!({ "command": "sh", "args": args })
    };
    let tools = |names: &[&str]| {
        let tools: Vec<Value> = names
            .iter()
            .map(|n| serde_json::json!({"name": n, "inputSchema": {"type": "object"}}))
            .collect();
        serde_json::json!({ "tools": tools })
    };
    let secret_list = write("secret.json", &tools(&[&format!("{secret}_search"), "ok"]));
    let plain_list = write("plain.json", &tools(&["stdio_bridge", "ok"]));
    let config = serde_json::json!({ "mcpServers": {
        "leaky": entry(&secret_list, &["--token", secret]),
        "proxy": entry(&plain_list, &["-t", "stdio", "--password", "stdio"]),
    }});
    let config_file = write("mcp.json", &config);
    let out = dir.file("leaky.json");
    let r = run([
        "snapshot",
        "--config",
        &config_file,
        "--server",
        "leaky",
        "-o",
        &out,
    ]);
    r.exits(2)
        .err_has("a snapshot would hold it masked")
        .err_has("no snapshot written");
    assert!(!Path::new(&out).exists(), "no file is written");
    assert!(
        !r.stderr.contains(secret) && !r.stdout.contains(secret),
        "{}",
        r.stderr
    );
    // A plain word hidden by its flag (`--password stdio`) does not rewrite `stdio_bridge`.
    let out = dir.file("proxy.json");
    run([
        "snapshot",
        "--config",
        &config_file,
        "--server",
        "proxy",
        "-o",
        &out,
    ])
    .exits(0);
    let names: Vec<String> = read(&out)["tools"]
        .as_array()
        .expect("tools")
        .iter()
        .filter_map(|t| t["name"].as_str().map(str::to_owned))
        .collect();
    assert_eq!(names, ["ok", "stdio_bridge"]);
}
