//! `audit` and `audit --config` judge a server by one path: every lint of the table that
//! `audit` reports is found, of the same server, by both commands. Two servers between them
//! give a finding of each such lint: a `sh` server whose tools, prompts and instructions break
//! every rule one server can break, and the workspace's calculator example, whose aliases are
//! past their window.

use crate::common;

use std::collections::BTreeSet;
use std::ffi::{OsStr, OsString};
use std::path::Path;

use common::{calculator, run_env};
use mcp_toolname_rules::lint::{LINTS, Scope};
use serde_json::{Value, json};

/// A `sh` server that answers `initialize` with the file `$1`, `prompts/list` with `$3` and
/// every other request with `$2`, each as the `result` of the request's id.
const SERVER: &str = r#"reply() { id=$(printf '%s' "$l" | sed -n 's/.*"id":\([0-9]*\).*/\1/p'); printf '{"jsonrpc":"2.0","id":%s,"result":' "$id"; cat "$1"; printf '}\n'; }
read -r l || exit 0; reply "$1"
read -r l
while read -r l; do case "$l" in *'"prompts/list"'*) reply "$3" ;; *) reply "$2" ;; esac; done"#;

/// The key both commands give the `sh` server: a client refuses its space.
const KEY: &str = "a b";

fn tool(name: &str, description: &str, schema: Value) -> Value {
    json!({"name": name, "description": description, "inputSchema": schema})
}

fn with_keys(keys: &[&str]) -> Value {
    let properties: serde_json::Map<String, Value> = keys
        .iter()
        .map(|k| ((*k).to_owned(), json!({"type": "string"})))
        .collect();
    json!({"type": "object", "properties": properties})
}

/// Writes the `sh` server's answers into `dir` and returns its command.
fn breaking_server(dir: &Path) -> Vec<OsString> {
    let plain = || json!({"type": "object", "properties": {}});
    let same = "Lists the files of a folder.";
    let mut tools = vec![
        // spec, contract, client (past a budget) and tool_search_session (past a search's
        // reference), normalisation_collision (`a.b` and `a_b` under a client that turns the
        // dot into `_`), duplicate, case_collision, look_alike, confusable.
        tool("search documents", "A tool.", plain()),
        tool("admin.tools.list", "A tool.", plain()),
        tool(
            "export_customer_invoices_as_pdfs_with_line_item_details_and_m",
            "A tool.",
            plain(),
        ),
        tool("a.b", "A tool.", plain()),
        tool("a_b", "A tool.", plain()),
        tool("dup", "A tool.", plain()),
        tool("dup", "A tool.", plain()),
        tool("getUser", "A tool.", plain()),
        tool("GetUser", "A tool.", plain()),
        tool("run_query", "A tool.", plain()),
        tool("Run-Query", "A tool.", plain()),
        tool("list_files", same, with_keys(&["path"])),
        tool("list_file", same, with_keys(&["path"])),
        // argument_name (Anthropic), argument_contract (Gemini), schema_root, schema_strict.
        tool("bad_arg", "A tool.", with_keys(&["bad key!"])),
        tool("gem_arg", "A tool.", with_keys(&["a.b", "1x", "a-b"])),
        tool(
            "root_any",
            "A tool.",
            json!({"type": "object", "anyOf": [{"properties": {"a": {"type": "string"}}}]}),
        ),
        tool(
            "loose",
            "A tool.",
            json!({"type": "object", "properties": {"o": {"type": "object"}}}),
        ),
        // schema_ref: a `$ref` into `$defs`, which Continue CLI drops.
        tool(
            "nested",
            "A tool.",
            json!({
                "type": "object",
                "properties": {"at": {"$ref": "#/$defs/Point"}},
                "$defs": {"Point": {"type": "object", "properties": {"x": {"type": "integer"}}}}
            }),
        ),
        // description_cut: past Claude Code's 16,384 characters.
        tool("described", &"d".repeat(17_000), plain()),
        // underscore_name; key_stutter (under key `a b`, raised below).
        tool("__hidden", "A tool.", plain()),
        tool("a_b_stutter", "A tool.", plain()),
    ];
    // too_many_tools: past the 128 tools of OpenAI's API.
    tools.extend((0..130).map(|i| tool(&format!("t{i}"), "A tool.", plain())));
    // prompt_name, prompt_command, prompt_duplicate, prompt_look_alike, prompt_argument.
    let prompts = json!({"prompts": [
        {"name": "with space"}, {"name": "pdup"}, {"name": "pdup"},
        {"name": "code-review"}, {"name": "code_review"},
        {"name": "args", "arguments": [{"name": "a=b"}]},
    ]});
    // instructions_cut and instructions_not_sent.
    let init = json!({"protocolVersion": "2025-11-25",
        "capabilities": {"tools": {}, "prompts": {}},
        "serverInfo": {"name": "s", "version": "1"}, "instructions": "i".repeat(20_000)});
    let files = [
        ("init.json", init),
        ("list.json", json!({ "tools": tools })),
        ("prompts.json", prompts),
    ];
    let mut argv: Vec<OsString> = ["sh", "-c", SERVER, "sh"].map(OsString::from).to_vec();
    for (name, value) in files {
        let path = dir.join(name);
        std::fs::write(&path, value.to_string()).expect("write the server's answers");
        argv.push(path.into_os_string());
    }
    argv
}

/// The lints `audit -- ARGV` finds (`args`: before `--`).
fn audit(args: &[&str], argv: &[OsString], env: &[(&str, &OsStr)]) -> BTreeSet<String> {
    let mut all: Vec<OsString> = ["audit", "--format", "json"].map(OsString::from).to_vec();
    all.extend(args.iter().map(OsString::from));
    all.push("--".into());
    all.extend(argv.iter().cloned());
    lints(&run_env(all, env).json()["findings"])
}

/// The lints `audit --config` finds in its one server, run with `argv` under `key`.
fn audit_config(
    dir: &Path,
    key: &str,
    args: &[&str],
    argv: &[OsString],
    env: &[(&str, &OsStr)],
) -> BTreeSet<String> {
    let (command, rest) = argv.split_first().expect("a command");
    let rest: Vec<String> = rest
        .iter()
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    let config = dir.join(".mcp.json");
    let text = json!({"mcpServers": {key: {"command": command.to_string_lossy(), "args": rest}}});
    std::fs::write(&config, text.to_string()).expect("write the config");
    let mut all: Vec<OsString> = ["audit", "--format", "json", "--config"]
        .map(OsString::from)
        .to_vec();
    all.push(config.into_os_string());
    all.extend(args.iter().map(OsString::from));
    let report = run_env(all, env).json();
    let servers = report["servers"].as_array().expect("servers");
    assert_eq!(servers.len(), 1, "{report}");
    lints(&servers[0]["findings"])
}

fn lints(findings: &Value) -> BTreeSet<String> {
    findings
        .as_array()
        .unwrap_or_else(|| panic!("findings: {findings}"))
        .iter()
        .map(|f| f["lint"].as_str().expect("lint").to_owned())
        .collect()
}

#[test]
fn every_lint_audit_reports_is_found_by_both_commands() {
    let dir = std::env::temp_dir().join(format!("mcp-toolname-one-audit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temp dir");
    let mut found = BTreeSet::new();

    let argv = breaking_server(&dir);
    let strict = ["--warn", "schema_strict", "--warn", "key_stutter"];
    let alone = audit(&[&strict[..], &["--server-key", KEY]].concat(), &argv, &[]);
    let in_config = audit_config(&dir, KEY, &strict, &argv, &[]);
    assert_eq!(alone, in_config, "one server, two commands");
    found.extend(alone);

    // The calculator's aliases end 2027-03-01. Its clock is past that, so it no longer lists
    // them, but it still declares them, which only the whole surface shows; the audit's clock
    // is before.
    let argv: Vec<OsString> = vec![
        calculator().into(),
        "--now".into(),
        "2027-03-02T00:00:00Z".into(),
    ];
    let now = [("MCP_TOOLNAME_NOW", OsStr::new("2026-12-01T00:00:00Z"))];
    let alone = audit(&[], &argv, &now);
    let in_config = audit_config(&dir, "calc", &[], &argv, &now);
    assert_eq!(alone, in_config, "the calculator, two commands");
    found.extend(alone);

    let reported: BTreeSet<String> = LINTS
        .iter()
        // A lint of the project's own settings is about no server.
        .filter(|l| l.reported_by.contains("`audit`") && l.scope != Scope::Settings)
        .map(|l| {
            assert!(
                l.reported_by.contains("`audit --config`"),
                "lint `{}` is reported by `audit` but not by `audit --config`: {}",
                l.name,
                l.reported_by
            );
            assert!(
                !matches!(l.scope, Scope::Servers | Scope::List),
                "lint `{}` is about one server but scoped {:?}",
                l.name,
                l.scope
            );
            l.name.to_owned()
        })
        .collect();
    assert_eq!(
        found, reported,
        "the two servers find every lint `audit` reports"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
