//! `mcp-toolname audit -- COMMAND`: a real server (the workspace's calculator example) and
//! servers that misbehave, written as `sh -c` one-liners. Each must end with a clear message
//! and the right exit code, without waiting for a stuck server to end by itself (told by a
//! file the server would write at its end, not by the clock).

use crate::common;

use common::{calculator, run, run_env, scratch_dir};

fn sh(script: &str) -> [&str; 4] {
    ["--", "sh", "-c", script]
}

/// A file that `SCRIPT; touch FILE` writes only if the audit let the script run to its end (a
/// stopped server never writes it), and the script with that ending.
fn ends_by_itself(what: &str, script: &str) -> (std::path::PathBuf, String) {
    let marker = scratch_dir(what).join("ended-by-itself");
    let script = format!("{script}; touch '{}'", marker.display());
    (marker, script)
}

#[test]
fn the_calculator_example_is_clean() {
    let calc = calculator();
    let calc = calc.to_str().expect("UTF-8 target path");
    // Both clocks inside the aliases' windows (they end 2027-03-01), so that the audit is
    // clean whatever the day it runs.
    let now = "2026-12-01T00:00:00Z";
    let clock = [("MCP_TOOLNAME_NOW", std::ffi::OsStr::new(now))];
    let r = run_env(["audit", "--", calc, "--now", now], &clock);
    r.exits(0)
        .err_has("initialized: server `calculator` `1.0.0`")
        .out_has("server `calculator` `1.0.0` (started as `")
        .out_has("5 tools in 1 page")
        .out_has(
            "\ntools\n  ok       `add_numbers`\n  ok       `divide`\n  ok       `minus`\n  ok       \
             `multiply`\n  ok       `subtract`\n",
        )
        .out_has("summary: 5 tools: 0 errors, 0 warnings, 5 ok; across the lists: 0 errors, 0 warnings\n")
        .out_has("exit code 0: nothing at deny level");
    let r = run_env(
        ["audit", "--format", "json", "--", calc, "--now", now],
        &clock,
    );
    r.exits(0);
    let doc = r.json();
    assert_eq!(doc["server"]["name"], "calculator");
    assert_eq!(doc["server"]["demo"], false);
    assert_eq!(doc["findings"], serde_json::json!([]));
}

#[test]
fn a_server_that_exits_at_once() {
    let r = run(["audit"]
        .into_iter()
        .chain(sh("echo 'cannot open config' >&2; exit 3")));
    r.exits(2)
        .err_has(
            "error: server `sh -c 'echo '\\''cannot open config'\\'' >&2; exit 3'` exited with \
             code 3 before answering `initialize`",
        )
        .err_has("last lines of its stderr:\n  | cannot open config");
    assert_eq!(r.stdout, "", "no report on stdout");
}

#[test]
fn a_server_that_prints_garbage_then_sleeps() {
    let (marker, script) = ends_by_itself("garbage", "echo not json; sleep 60");
    let r = run(["audit"].into_iter().chain(sh(&script)));
    r.exits(2).err_has(
        "broke the protocol before answering `initialize`: it wrote a line on stdout that is \
         not JSON: `not json`; an MCP stdio server must write only JSON-RPC messages on stdout",
    );
    assert!(!marker.exists(), "the audit waited for the server to end");
}

#[test]
fn a_server_that_hangs_is_stopped_at_the_timeout() {
    let (marker, script) = ends_by_itself("hangs", "sleep 60");
    let r = run(["audit", "--timeout", "2"].into_iter().chain(sh(&script)));
    r.exits(2)
        .err_has("error: server `sh -c 'sleep 60; touch ")
        .err_has(
            "did not finish within 2 s (it was waiting for the answer to `initialize`); it was \
             stopped",
        );
    assert!(!marker.exists(), "the audit waited for the server to end");
}

#[test]
fn a_command_that_does_not_exist() {
    run(["audit", "--", "mcp-toolname-no-such-server"])
        .exits(2)
        .err_has("error: cannot start server `mcp-toolname-no-such-server`: command not found");
}

#[test]
fn json_errors_are_json() {
    let r = run(["audit", "--format", "json"]
        .into_iter()
        .chain(sh("exit 3")));
    r.exits(2);
    let doc = r.json();
    assert_eq!(doc["exit_code"], 2);
    assert!(
        doc["error"]
            .as_str()
            .is_some_and(|e| e.contains("exited with code 3"))
    );
}

/// A scripted server: answers `initialize`, then each `tools/list` with `$LIST`, matching
/// request ids.
const SCRIPTED: &str = r#"reply() { read -r l || exit 0; id=$(printf '%s' "$l" | sed -n 's/.*"id":\([0-9]*\).*/\1/p'); printf '{"jsonrpc":"2.0","id":%s,"result":%s}\n' "$id" "$1"; }
reply '{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"scripted","version":"1"}}'
read -r l
while :; do reply "$LIST"; done"#;

fn scripted(list: &str, extra: &[&str]) -> common::Run {
    let script = format!("LIST='{list}'\n{SCRIPTED}");
    let mut args = vec!["audit", "--timeout", "10"];
    args.extend_from_slice(extra);
    args.extend(["--", "sh", "-c", &script]);
    run(args)
}

#[test]
fn a_name_listed_twice_is_a_duplicate() {
    let tool = r#"{"name":"search","inputSchema":{"type":"object"}}"#;
    let r = scripted(&format!(r#"{{"tools":[{tool},{tool}]}}"#), &[]);
    r.exits(1)
        .out_has(
            "\nacross the tool list\n  error    [duplicate] the server listed tool name `search` 2 \
             times; tool names must be unique within a server",
        )
        .out_has("give each tool a name of its own\n")
        .out_has("exit code 1: `duplicate` at deny level (1 finding)");
    // Its level can be lowered like any other lint's.
    scripted(
        &format!(r#"{{"tools":[{tool},{tool}]}}"#),
        &["--warn", "duplicate"],
    )
    .exits(0)
    .out_has("  warning  [duplicate] the server listed tool name `search` 2 times");
}

#[test]
fn a_cursor_that_loops_is_refused() {
    let r = scripted(
        r#"{"tools":[{"name":"a","inputSchema":{"type":"object"}}],"nextCursor":"again"}"#,
        &[],
    );
    r.exits(2).err_has(
        "page 2 of `tools/list` gave the cursor `again` again, so the list would never end",
    );
}

#[test]
fn an_invalid_tool_list_is_explained() {
    let r = scripted(r#"{"tools":[{"name":"a"}]}"#, &[]);
    r.exits(2).err_has(
        "broke the protocol during `tools/list` (page 1): its `tools/list` result is not a valid \
         tool list: `missing field 'inputSchema'",
    );
}

#[test]
fn a_server_that_crashes_during_tools_list() {
    let script = r#"read -r l; id=$(printf '%s' "$l" | sed -n 's/.*"id":\([0-9]*\).*/\1/p'); printf '{"jsonrpc":"2.0","id":%s,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"crashy","version":"1"}}}\n' "$id"; read -r l; read -r l; echo 'panicked at src/tools.rs:12' >&2; kill -SEGV $$"#;
    let r = run(["audit", "--", "sh", "-c", script]);
    r.exits(2)
        .err_has("was killed by signal 11 during `tools/list` (page 1)")
        .err_has("  | panicked at src/tools.rs:12");
}

/// A server written in another language: the official TypeScript "everything" server from
/// npm, which `.ci/run` installs and names in `MCP_TOOLNAME_NPM_SERVER`. Required in CI;
/// elsewhere it runs when the variable is set.
#[test]
fn a_typescript_server_from_npm() {
    let Some(server) = common::npm_server() else {
        return;
    };
    let r = run([
        "audit",
        "--format",
        "json",
        "--server-key",
        "everything",
        "--",
        &server,
        "stdio",
    ]);
    r.exits(0);
    let doc = r.json();
    assert_eq!(doc["server"]["name"], "mcp-servers/everything");
    let tools = doc["tools"].as_array().expect("tools[]");
    assert!(tools.len() >= 10, "{} tools", tools.len());
    assert!(tools.iter().any(|t| t["name"] == "get-sum"), "{tools:?}");
    // Its dashed names are spec-valid; a long server key pushes the longest past budgets.
    let key = "the-everything-reference-server"; // 31: `mcp__<key>__` + 30 > 64
    let r = run(["audit", "--server-key", key, "--", &server, "stdio"]);
    r.exits(0)
        .out_has("trigger-long-running-operation")
        .out_has("Claude Code");
}
