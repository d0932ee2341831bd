//! `audit --config` with tool lists: each list form (Gemini CLI's `includeTools` and
//! `excludeTools`, Codex's `enabled_tools` and `disabled_tools`, Copilot CLI's `tools`, Claude
//! Code's `permissions` with `--settings`, its agents' and skills' front matter with
//! `--agents`), every format, and hostile entries. The fixture server (`tests/oracles/
//! server.mjs`) serves the tools.

use crate::common;

use std::path::{Path, PathBuf};

use common::{fixture_server_in, run, scratch_dir};
use serde_json::{Value, json};

/// The tools every server of these tests serves.
const TOOLS: [&str; 3] = ["get.user", "list_items", "Search"];

/// A fresh folder for one test, with the fixture server's spec in it.
fn folder(test: &str) -> (PathBuf, Vec<String>) {
    let dir = scratch_dir(&format!("allowlists-{test}"));
    let command = fixture_server_in(&dir, "tools.json", &json!({ "tools": TOOLS }));
    (dir, command)
}

pub(crate) fn write(path: &Path, text: &str) -> String {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).expect("folder");
    }
    std::fs::write(path, text).expect("written");
    path.to_str().expect("UTF-8 path").to_owned()
}

/// An `mcpServers` entry starting the fixture server, with `extra` fields.
fn entry(command: &[String], extra: &Value) -> Value {
    let mut entry = json!({ "command": command[0], "args": command[1..] });
    if let (Some(e), Some(x)) = (entry.as_object_mut(), extra.as_object()) {
        e.extend(x.clone());
    }
    entry
}

/// `(entry, nearest, line)` of each finding of a JSON report.
fn unmatched(doc: &Value) -> Vec<(String, Option<String>, Option<u64>)> {
    doc["allowlists"]["unmatched"]
        .as_array()
        .expect("unmatched")
        .iter()
        .map(|u| {
            (
                u["entry"].as_str().expect("entry").to_owned(),
                u["nearest"].as_str().map(str::to_owned),
                u["line"].as_u64(),
            )
        })
        .collect()
}

fn owned(
    entry: &str,
    nearest: Option<&str>,
    line: Option<u64>,
) -> (String, Option<String>, Option<u64>) {
    (entry.to_owned(), nearest.map(str::to_owned), line)
}

#[test]
fn gemini_cli_filters_take_the_raw_name() {
    let (dir, command) = folder("gemini");
    let config = json!({ "mcpServers": { "alpha": entry(&command, &json!({
        "includeTools": ["get.user", "list_items(x)", "get_user", "mcp_alpha_Search"],
        "excludeTools": ["serch"],
        "trust": false,
    })) }});
    let file = write(
        &dir.join("settings.json"),
        &serde_json::to_string_pretty(&config).expect("json"),
    );
    let r = run(["audit", "--config", &file]);
    r.exits(0)
        .out_has("== tool lists: 2 lists, 5 entries")
        .out_has(
            "warning  [allowlist_entry_unmatched] gemini_cli: entry `get_user` of `includeTools` \
             of server `alpha` in",
        )
        .out_has("matches no tool under Gemini CLI, so the tool it meant is left out; the nearest real name is `get.user`")
        .out_has("(it is the name Gemini CLI gives the model, and this list takes the tool's name as the server lists it); the nearest real name is `Search`")
        .out_has("so the tool it meant is not blocked; the nearest real name is `Search`")
        .out_has("2 matched, 3 match nothing");
    let doc = run(["audit", "--config", &file, "--format", "json"]).json();
    // Each entry's line in the pretty-printed file: `"includeTools": [` is line 11, one entry
    // a line after it.
    let text = std::fs::read_to_string(&file).expect("read");
    let line_of = |needle: &str| {
        text.lines()
            .position(|l| l.contains(needle))
            .map(|i| i as u64 + 1)
    };
    assert_eq!(
        unmatched(&doc),
        [
            owned("get_user", Some("get.user"), line_of("\"get_user\"")),
            owned(
                "mcp_alpha_Search",
                Some("Search"),
                line_of("\"mcp_alpha_Search\"")
            ),
            owned("serch", Some("Search"), line_of("\"serch\"")),
        ]
    );
    assert!(line_of("\"serch\"").is_some());
    assert_eq!(doc["allowlists"]["matched"], 2);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn codex_filters_take_the_raw_name() {
    let (dir, command) = folder("codex");
    let toml = format!(
        "[mcp_servers.alpha]\ncommand = {}\nargs = {}\nenabled_tools = [\"get.user\", \"get_user\", \"list_items(x)\"]\ndisabled_tools = [\"Search\", \"search\"]\n",
        json!(command[0]),
        json!(command[1..])
    );
    let file = write(&dir.join("config.toml"), &toml);
    let doc = run(["audit", "--config", &file, "--format", "json"]).json();
    assert_eq!(
        unmatched(&doc),
        [
            owned("get_user", Some("get.user"), Some(4)),
            owned("list_items(x)", None, Some(4)),
            owned("search", Some("Search"), Some(5)),
        ]
    );
    assert_eq!(doc["allowlists"]["unmatched"][0]["client"], "codex");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn copilot_cli_tools_take_the_raw_name_or_a_lone_star() {
    let (dir, command) = folder("copilot");
    let mut server = entry(
        &command,
        &json!({ "tools": ["*", "get.user", "alpha-list_items", "get*"] }),
    );
    server["type"] = json!("local");
    let config = json!({ "mcpServers": { "alpha": server } });
    let file = write(&dir.join("mcp-config.json"), &config.to_string());
    let r = run(["audit", "--config", &file, "--format", "json"]);
    r.exits(0);
    assert_eq!(
        unmatched(&r.json()),
        [
            owned("alpha-list_items", Some("list_items"), Some(1)),
            owned("get*", None, Some(1)),
        ]
    );
    run(["audit", "--config", &file])
        .out_has("(GitHub Copilot CLI reads no wildcard in this list but `*` alone)");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn claude_code_permissions_take_the_model_facing_name() {
    let (dir, command) = folder("claude");
    let config = json!({ "mcpServers": { "alpha": entry(&command, &json!({})) } });
    let file = write(&dir.join(".mcp.json"), &config.to_string());
    let settings = json!({ "permissions": {
        "allow": ["Bash(npm test)", "Read", "mcp__alpha__get_user", "mcp__alpha__get.user", "mcp__github__x"],
        "ask": ["mcp__alpha__list_*"],
        "deny": ["mcp__alpha", "mcp__ALPHA__Search", "mcp__alpha__*x"],
    }});
    let settings = write(
        &dir.join(".claude/settings.json"),
        &serde_json::to_string_pretty(&settings).expect("json"),
    );
    let r = run(["audit", "--config", &file, "--settings", &settings]);
    r.exits(0)
        .out_has("claude_code: entry `mcp__alpha__get.user` of `permissions.allow` in")
        .out_has(
            "matches no tool of server `alpha` under Claude Code, so the tool it meant still \
             asks for permission (the entry holds the tool's name as the server lists it, and \
             Claude Code matches the name it gives the model (`mcp__alpha__get_user`)); the \
             nearest real name is `mcp__alpha__get_user`",
        )
        .out_has("so the tool it meant is not blocked; the nearest real name is `mcp__alpha__Search`")
        .out_has("3 matched, 3 match nothing, 1 not judged (a server not audited or not in the config), 2 not about MCP tools; 2 more findings (too broad, shadowed or on an alias)");
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
    let found: Vec<String> = unmatched(&doc).into_iter().map(|u| u.0).collect();
    assert_eq!(
        found,
        [
            "mcp__alpha__get.user",
            "mcp__ALPHA__Search",
            "mcp__alpha__*x"
        ]
    );
    // SARIF and GitHub point at the settings file and the entry's line.
    let sarif = run([
        "audit",
        "--config",
        &file,
        "--settings",
        &settings,
        "--format",
        "sarif",
    ])
    .json();
    let results = sarif["runs"][0]["results"].as_array().expect("results");
    let ours: Vec<&Value> = results
        .iter()
        .filter(|r| r["ruleId"] == "allowlist_entry_unmatched")
        .collect();
    assert_eq!(ours.len(), 3);
    let location = &ours[0]["locations"][0]["physicalLocation"];
    assert!(
        location["artifactLocation"]["uri"]
            .as_str()
            .expect("uri")
            .ends_with("settings.json")
    );
    assert_eq!(location["region"]["startLine"], 7);
    // The entry's opening quote, six spaces in.
    assert_eq!(location["region"]["startColumn"], 7);
    assert_eq!(sarif["runs"][0]["columnKind"], "unicodeCodePoints");
    run([
        "audit",
        "--config",
        &file,
        "--settings",
        &settings,
        "--format",
        "github",
    ])
    .out_has("::warning file=")
    .out_has("settings.json,line=7,col=7,");
    // And in the sentence every format writes (text wraps it), beside the file.
    assert!(
        doc["allowlists"]["findings"][0]["message"]
            .as_str()
            .is_some_and(|m| m.contains("settings.json` (line 7, column 7) matches no tool")),
        "{}",
        doc["allowlists"]["findings"][0]["message"]
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn agents_and_skills_front_matter() {
    let (dir, command) = folder("agents");
    let config = json!({ "mcpServers": { "alpha": entry(&command, &json!({})) } });
    let file = write(&dir.join(".mcp.json"), &config.to_string());
    write(
        &dir.join(".claude/agents/reviewer.md"),
        "---\nname: reviewer\ndescription: reads, then writes\ntools: Read, mcp__alpha__list_items, mcp__alpha__serach\ndisallowedTools: [mcp__alpha__get.user]\n---\nYou review.\n",
    );
    write(
        &dir.join(".claude/skills/lookup/SKILL.md"),
        "---\nname: lookup\nallowed-tools:\n  - mcp__alpha__Search\n  - \"mcp__alpha__search\"\n---\nLook things up.\n",
    );
    let agents = dir.join(".claude/agents");
    let skills = dir.join(".claude/skills");
    let args = [
        "audit",
        "--config",
        &file,
        "--agents",
        agents.to_str().expect("path"),
        "--agents",
        skills.to_str().expect("path"),
    ];
    run(args)
        .exits(0)
        .out_has("claude_code: entry `mcp__alpha__serach` of `tools` of agent `reviewer` in")
        .out_has("so the tool it meant is left out; the nearest real name is `mcp__alpha__Search`")
        .out_has("entry `mcp__alpha__get.user` of `disallowedTools` of agent `reviewer`")
        .out_has("entry `mcp__alpha__search` of `allowed-tools` of skill `lookup`");
    let doc = run(args.iter().copied().chain(["--format", "json"])).json();
    assert_eq!(
        unmatched(&doc),
        [
            owned("mcp__alpha__serach", Some("mcp__alpha__Search"), Some(4)),
            owned(
                "mcp__alpha__get.user",
                Some("mcp__alpha__get_user"),
                Some(5)
            ),
            owned("mcp__alpha__search", Some("mcp__alpha__Search"), Some(5)),
        ]
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn at_deny_level_the_exit_code_is_1_and_the_summary_says_why() {
    let (dir, command) = folder("deny");
    let config =
        json!({ "mcpServers": { "alpha": entry(&command, &json!({ "includeTools": ["nope"] })) } });
    let file = write(&dir.join("settings.json"), &config.to_string());
    run([
        "audit",
        "--config",
        &file,
        "--deny",
        "allowlist_entry_unmatched",
    ])
    .exits(1)
    .out_has("error    [allowlist_entry_unmatched] gemini_cli")
    .out_has("exit code 1: `allowlist_entry_unmatched` at deny level (1 finding)");
    // A target other than Gemini CLI hides it; Gemini CLI as a target denies it.
    run(["audit", "--config", &file, "--target", "codex"])
        .exits(0)
        .out_has("1 matches nothing, ")
        .out_has("not about MCP tools (1 allowed)");
    run(["audit", "--config", &file, "--target", "gemini_cli"]).exits(1);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn hostile_entries_are_escaped_and_bounded_in_every_format() {
    let (dir, command) = folder("hostile");
    let config = json!({ "mcpServers": { "alpha": entry(&command, &json!({})) } });
    let file = write(&dir.join(".mcp.json"), &config.to_string());
    let huge = format!("mcp__alpha__{}", "x".repeat(200_000));
    let settings = json!({ "permissions": { "deny": [
        "mcp__alpha__a\u{1b}[31mred\u{7}\r\n::error::forged",
        "mcp__alpha__b\u{202e}gnp.exe\u{200b}",
        huge,
    ]}});
    let settings = write(&dir.join("settings.json"), &settings.to_string());
    for format in ["text", "json", "sarif", "github"] {
        let r = run([
            "audit",
            "--config",
            &file,
            "--settings",
            &settings,
            "--format",
            format,
        ]);
        r.exits(0);
        for bad in ['\u{1b}', '\u{7}', '\r', '\u{202e}', '\u{200b}'] {
            assert!(
                !r.stdout.contains(bad),
                "{format}: {bad:?} in\n{}",
                r.stdout
            );
        }
        assert!(
            !r.stdout.lines().any(|l| l.starts_with("::error::forged")),
            "{format}: a forged workflow command\n{}",
            r.stdout
        );
        // The 200,000-character entry is cut: what is left is the report itself (SARIF's
        // table of every lint is about 70 KB of it).
        assert!(
            r.stdout.len() < 100_000,
            "{format}: {} bytes",
            r.stdout.len()
        );
    }
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
    let entries = unmatched(&doc);
    assert_eq!(entries.len(), 3);
    assert!(
        entries[2].0.contains("200012 characters, sha1"),
        "{}",
        entries[2].0
    );
    // A settings file past 1 MiB is not read.
    let big = write(
        &dir.join("big.json"),
        &format!("{{\"x\": \"{}\"}}", "a".repeat(1 << 21)),
    );
    run(["audit", "--config", &file, "--settings", &big])
        .exits(2)
        .err_has("is 2.0 MiB, more than the 1.0 MiB mcp-toolname reads");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_settings_file_that_cannot_be_read_stops_the_run() {
    let (dir, command) = folder("errors");
    let config = json!({ "mcpServers": { "alpha": entry(&command, &json!({})) } });
    let file = write(&dir.join(".mcp.json"), &config.to_string());
    let missing = dir.join("missing.json");
    run([
        "audit",
        "--config",
        &file,
        "--settings",
        missing.to_str().expect("path"),
    ])
    .exits(2)
    .err_has("cannot read settings file");
    let broken = write(&dir.join("broken.json"), "{\"permissions\": [");
    run(["audit", "--config", &file, "--settings", &broken])
        .exits(2)
        .err_has("is not valid JSON: line 1");
    let not_object = write(&dir.join("p.json"), "{\"permissions\": []}");
    run(["audit", "--config", &file, "--settings", &not_object])
        .exits(2)
        .err_has("`permissions` must be an object");
    // --settings needs --config.
    run(["audit", "--settings", &broken]).exits(2);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_baseline_tells_which_entries_a_rename_broke() {
    let dir = scratch_dir("allowlists-baseline");
    // Release 1 lists `get_user` and `list`; release 2 renamed `get_user` to `fetch_user`
    // (the one tool gone and the one new, with one input schema); an entry also names
    // `drop_me`, which neither lists.
    let one = fixture_server_in(&dir, "one.json", &json!({ "tools": ["get_user", "list"] }));
    let two = fixture_server_in(
        &dir,
        "two.json",
        &json!({ "tools": ["fetch_user", "list"] }),
    );
    let snapshot = dir.join("one.snapshot.json");
    let snapshot = snapshot.to_str().expect("path");
    let mut args = vec!["snapshot", "--out", snapshot, "--"];
    args.extend(one.iter().map(String::as_str));
    run(&args).exits(0);
    let config = json!({ "mcpServers": { "alpha": entry(&two, &json!({
        "includeTools": ["get_user", "drop_me", "list"],
    })) }, "tools": { "allowed": ["mcp_alpha_get_user"] } });
    let file = write(&dir.join("settings.json"), &config.to_string());
    let settings =
        json!({ "permissions": { "allow": ["mcp__alpha__get_user", "mcp__alpha__list"] } });
    let settings = write(&dir.join(".claude/settings.json"), &settings.to_string());
    let args = [
        "audit",
        "--config",
        &file,
        "--settings",
        &settings,
        "--baseline",
        snapshot,
    ];
    // The entries the rename broke are a break, as the tool gone is: deny, exit 1.
    run(args)
        .exits(1)
        .out_has("error    [allowlist_entry_unmatched] gemini_cli: entry `get_user` of `includeTools` of")
        .out_has("gemini_cli: entry `get_user` of `includeTools` of server `alpha` in")
        .out_has(
            "so the tool it meant is left out; in the baseline it matched `get_user`, which the \
             server renamed to `fetch_user` (the one new tool with the old one's input schema); \
             the nearest real name is `fetch_user`",
        )
        .out_has("entry `drop_me` of `includeTools` of server `alpha` in")
        .out_has("so the tool it meant is left out; no real name is near it")
        .out_has("claude_code: entry `mcp__alpha__get_user` of `permissions.allow` in")
        .out_has("the nearest real name is `mcp__alpha__fetch_user`")
        // Gemini CLI's policy settings, in the same file.
        .out_has("gemini_cli: entry `mcp_alpha_get_user` of `tools.allowed` in")
        .out_has("the nearest real name is `mcp_alpha_fetch_user`");
    let doc = run(args.iter().copied().chain(["--format", "json"])).json();
    let baseline: Vec<&Value> = doc["allowlists"]["unmatched"]
        .as_array()
        .expect("unmatched")
        .iter()
        .map(|u| &u["baseline"])
        .collect();
    assert_eq!(
        baseline[0],
        &json!({ "tool": "get_user", "now": "renamed", "renamed_to": "fetch_user", "known_by": "same_input_schema" })
    );
    assert_eq!(
        baseline[1],
        &Value::Null,
        "`drop_me` was not in the baseline"
    );
    assert_eq!(baseline[2]["renamed_to"], "fetch_user");
    // Each entry that matches nothing has the fields docs/cli.md gives it, and no others.
    let fields: Vec<&str> = doc["allowlists"]["unmatched"][0]
        .as_object()
        .expect("entry")
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(
        fields,
        [
            "baseline", "client", "column", "entry", "field", "file", "level", "line", "lint",
            "message", "nearest", "server"
        ]
    );
    // Without the baseline, the same entries are reported, without their past.
    let plain = run([
        "audit",
        "--config",
        &file,
        "--settings",
        &settings,
        "--format",
        "json",
    ])
    .json();
    assert_eq!(plain["allowlists"]["unmatched"][0]["baseline"], Value::Null);
    assert_eq!(plain["allowlists"]["unmatched"][0]["nearest"], Value::Null);
    // A snapshot of another server is not used, and said so.
    let other = write(
        &dir.join("other.json"),
        &std::fs::read_to_string(snapshot)
            .expect("read")
            .replace("oracle-fixture", "another"),
    );
    run(["audit", "--config", &file, "--baseline", &other])
        .exits(0)
        .err_has("no audited server of the config announces `another`");
    // Without --config, one baseline at most.
    run([
        "audit",
        "--baseline",
        snapshot,
        "--baseline",
        snapshot,
        "--",
        "true",
    ])
    .exits(2);
    let _ = std::fs::remove_dir_all(dir);
}
