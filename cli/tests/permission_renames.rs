//! Renames that keep permissions: an entry on a renamed tool's old name, listed as an alias
//! or answered hidden (`audit --config`), and the entries a change between two snapshots
//! breaks (`diff OLD NEW --settings`).

use crate::audit_allowlists::write;
use crate::common;

use common::{fixture_server_in, run, scratch_dir};
use serde_json::json;

#[test]
fn an_entry_on_an_alias_is_told_apart_from_one_on_a_hidden_alias() {
    // The calculator lists `minus` as an alias of `subtract` and answers `calc.add` as a
    // hidden one of `add_numbers` (both until 2027-03-01).
    let dir = scratch_dir("allowlists-aliases");
    let calc = common::calculator();
    let config = json!({ "mcpServers": { "calc": { "command": calc } } });
    let file = write(&dir.join(".mcp.json"), &config.to_string());
    let settings = json!({ "permissions": {
        "allow": ["mcp__calc__calc_add", "mcp__calc__minus", "mcp__calc__add_numbers"],
    }});
    let settings = write(&dir.join("settings.json"), &settings.to_string());
    let doc = run([
        "audit",
        "--config",
        &file,
        "--settings",
        &settings,
        "--format",
        "json",
    ])
    .json();
    let findings = doc["allowlists"]["findings"].as_array().expect("findings");
    let got: Vec<(&str, &str)> = findings
        .iter()
        .map(|f| {
            (
                f["lint"].as_str().expect("lint"),
                f["entry"].as_str().expect("entry"),
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            ("allowlist_entry_unmatched", "mcp__calc__calc_add"),
            ("allowlist_entry_alias", "mcp__calc__minus")
        ]
    );
    assert_eq!(findings[0]["nearest"], "mcp__calc__add_numbers");
    assert!(
        findings[0]["message"]
            .as_str()
            .is_some_and(|m| m.contains("hidden alias of `add_numbers`")),
        "{}",
        findings[0]["message"]
    );
    assert_eq!(findings[1]["write"], json!(["mcp__calc__subtract"]));
    assert_eq!(findings[1]["until"], "2027-03-01T00:00:00Z");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn diff_names_the_permission_entries_a_rename_breaks() {
    let dir = scratch_dir("permissions-diff");
    // Release 1 lists `get_user` and `list`; release 2 renamed `get_user` to `fetch_user`
    // (the one tool gone and the one new, with one input schema).
    let mut snapshots = Vec::new();
    for (name, tools) in [
        ("one", ["get_user", "list"]),
        ("two", ["fetch_user", "list"]),
    ] {
        let server = fixture_server_in(&dir, &format!("{name}.json"), &json!({ "tools": tools }));
        let file = dir.join(format!("{name}.snapshot.json"));
        let file = file.to_str().expect("path").to_owned();
        let mut args = vec!["snapshot", "--out", &file, "--"];
        args.extend(server.iter().map(String::as_str));
        run(&args).exits(0);
        snapshots.push(file);
    }
    let settings = json!({ "permissions": {
        "allow": ["mcp__alpha__get_user", "mcp__alpha__list", "mcp__alpha__gone"],
    }});
    let settings = write(&dir.join("settings.json"), &settings.to_string());
    let args = [
        "diff",
        &snapshots[0],
        &snapshots[1],
        "--settings",
        &settings,
        "--server-key",
        "alpha",
    ];
    // The entry the rename breaks, and only it: `mcp__alpha__gone` matched nothing before.
    let r = run(args);
    r.exits(1)
        .out_has("claude_code: entry `mcp__alpha__get_user` of `permissions.allow` in")
        .out_has("in the baseline it matched `get_user`, which the server renamed to `fetch_user`")
        .out_has("the nearest real name is `mcp__alpha__fetch_user`");
    assert!(!r.stdout.contains("mcp__alpha__gone"), "{}", r.stdout);
    let doc = run(args.iter().copied().chain(["--format", "json"])).json();
    let unmatched = doc["allowlists"]["unmatched"]
        .as_array()
        .expect("unmatched");
    assert_eq!(unmatched.len(), 1);
    assert_eq!(unmatched[0]["baseline"]["renamed_to"], "fetch_user");
    // A release that keeps the old name as a hidden alias breaks no call, so no client: but
    // no client lists a hidden alias, so the entry matches nothing, and the diff fails on it.
    let mut hidden: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&snapshots[1]).expect("read"))
            .expect("snapshot");
    hidden["tools"].as_array_mut().expect("tools").insert(
        1,
        json!({ "name": "get_user", "kind": "alias", "listed": false, "of": "fetch_user" }),
    );
    let three = write(&dir.join("three.snapshot.json"), &hidden.to_string());
    run(["diff", &snapshots[0], &three]).exits(0);
    run([
        "diff",
        &snapshots[0],
        &three,
        "--settings",
        &settings,
        "--server-key",
        "alpha",
    ])
    .exits(1)
    .out_has("the server answers it as a hidden alias of `fetch_user`, but Claude Code never lists")
    .out_has("the nearest real name is `mcp__alpha__fetch_user`");
    // Without --settings, the diff is as before: no rename of a tool breaks an entry.
    let plain = run(["diff", &snapshots[0], &snapshots[1], "--format", "json"]).json();
    assert!(plain.get("allowlists").is_none());
    let _ = std::fs::remove_dir_all(dir);
}
