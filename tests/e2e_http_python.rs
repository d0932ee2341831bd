//! Interop over Streamable HTTP: the official Python MCP SDK's client (PyPI `mcp`, installed
//! by `.ci/run`, named by `MCP_TOOLNAME_PYTHON`) drives the `http` example with two sessions
//! at once. Skipped, with the reason printed, when the variable is unset.

use crate::common;
use crate::http;

use std::process::Command;

#[test]
fn python_sdk_sessions_share_aliases_and_hear_each_change_once() {
    let Some(python) = std::env::var_os("MCP_TOOLNAME_PYTHON").filter(|p| !p.is_empty()) else {
        common::skipped::skipped("set MCP_TOOLNAME_PYTHON to run this interop test");
        return;
    };
    let server = http::Server::start(&["--alias-for", "20"]);
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/interop/python_http_client.py"
    );
    let out = Command::new(python)
        .arg(script)
        .arg(&server.url)
        .output()
        .expect("python starts");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "the Python SDK client failed:\n{stdout}\n{stderr}"
    );
    assert_eq!(stdout.matches("ok: ").count(), 21, "{stdout}");
    assert!(!stdout.contains("FAIL"), "{stdout}");
}
