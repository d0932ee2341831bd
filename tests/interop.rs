//! Interop with clients no one here wrote, driving the calculator example:
//! - the official Python MCP SDK client (PyPI `mcp`), through `tests/interop/python_client.py`:
//!   list, canonical call, listed and hidden alias calls, deprecation `_meta`, unknown tool,
//!   expired alias (a tool error result), and `notifications/tools/list_changed` when a window closes;
//! - the MCP Inspector CLI (npm `@modelcontextprotocol/inspector`, 0.15.0: the last without a
//!   Node 22 requirement): list, canonical call, alias call, expired alias. It makes one
//!   request per run, so it cannot wait for `list_changed`.
//!
//! `.ci/run` installs both and names them in `MCP_TOOLNAME_PYTHON` and
//! `MCP_TOOLNAME_INSPECTOR`; in CI they are required, elsewhere each test runs when its
//! variable is set.

use crate::common;

use std::ffi::OsString;
use std::process::Command;

fn tool(var: &str) -> Option<OsString> {
    let value = std::env::var_os(var);
    if value.is_none() {
        common::skipped::skipped(&format!("set {var} to run this interop test"));
    }
    value
}

#[test]
fn the_python_sdk_client_sees_renames_work() {
    let Some(python) = tool("MCP_TOOLNAME_PYTHON") else {
        return;
    };
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/interop/python_client.py"
    );
    let out = Command::new(python)
        .arg(script)
        .arg(common::example("calculator"))
        .output()
        .expect("python runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for check in [
        "ok: a call to the listed alias runs subtract",
        "ok: the alias call's _meta names the replacement",
        "ok: a call to the hidden alias runs add_numbers",
        "ok: an expired alias is a tool error naming the new name and the date",
        "ok: notifications/tools/list_changed arrives when the window closes",
        "ok: after it the alias is gone",
    ] {
        assert!(stdout.contains(check), "missing {check:?} in:\n{stdout}");
    }
}

fn inspector(now: &str, method: &[&str]) -> (bool, String) {
    let cli = std::env::var_os("MCP_TOOLNAME_INSPECTOR").expect("checked by the caller");
    let out = Command::new(cli)
        .arg("--cli")
        .arg(common::example("calculator"))
        .args(["--now", now, "--method"])
        .args(method)
        .output()
        .expect("the inspector runs");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.success(), text)
}

#[test]
fn the_mcp_inspector_cli_sees_renames_work() {
    if tool("MCP_TOOLNAME_INSPECTOR").is_none() {
        return;
    }
    let before = "2026-12-01T00:00:00Z";
    let (ok, listed) = inspector(before, &["tools/list"]);
    assert!(ok, "{listed}");
    let doc: serde_json::Value = serde_json::from_str(&listed).expect("tools/list is JSON");
    let names: Vec<&str> = doc["tools"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|t| t["name"].as_str())
        .collect();
    assert_eq!(
        names,
        ["add_numbers", "divide", "minus", "multiply", "subtract"]
    );
    let call = |now: &str, name: &str| {
        inspector(
            now,
            &[
                "tools/call",
                "--tool-name",
                name,
                "--tool-arg",
                "a=5",
                "--tool-arg",
                "b=7",
            ],
        )
    };
    let (ok, result) = call(before, "add_numbers");
    assert!(ok && result.contains("\"text\": \"12\""), "{result}");
    let (ok, result) = call(before, "minus");
    assert!(
        ok && result.contains("\"text\": \"-2\"")
            && result.contains("\"replacement\": \"subtract\""),
        "{result}"
    );
    let (ok, result) = call("2027-03-01T00:00:00Z", "calc.add");
    assert!(
        ok && result.contains("\"isError\": true")
            && result.contains("tool `calc.add` was renamed to `add_numbers`"),
        "an expired alias is a tool error result the inspector shows: {result}"
    );
}
