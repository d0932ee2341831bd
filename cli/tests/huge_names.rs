//! A server that lists 10 MB tool names, or announces a 10 MB name of its own: what `audit`
//! writes and holds grows with the number of tools, not with their length. Each name is whole
//! once (the tool's own `name` in JSON); everywhere else, text and JSON, it is cut with its
//! length and digest.
//!
//! Each memory bound is that of the case's own runs, each read when it is reaped
//! (`common::peak`), so the cases are tests of their own and run beside others.

use crate::common;

use std::path::{Path, PathBuf};

use common::peak::run;
use serde_json::Value;

/// Characters in the long names; one line of `tools/list` stays under the 16 MiB the audit
/// reads (as clients do).
const LONG: usize = 10_000_000;
const HALF: usize = LONG / 2;

/// A scratch directory for this file's test `test`.
fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("mcp-toolname-huge-{}-{test}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("create a temp dir");
    dir
}

/// A 10 MB name, a 5 MB one that shares all but its last character with it, and a short one.
fn names() -> [String; 3] {
    let a = "a".repeat(LONG);
    let mut b = "a".repeat(HALF - 1);
    b.push('b');
    [a, b, "ok.tool".to_owned()]
}

/// A `sh` server that answers `initialize`, then every `tools/list` with the file `list`.
fn server(dir: &Path) -> String {
    let tools: Vec<Value> = names()
        .iter()
        .map(|n| serde_json::json!({"name": n, "inputSchema": {"type": "object"}}))
        .collect();
    let list = dir.join("list.json");
    std::fs::write(&list, serde_json::json!({ "tools": tools }).to_string()).expect("write");
    format!(
        r#"reply() {{ read -r l || exit 0; id=$(printf '%s' "$l" | sed -n 's/.*"id":\([0-9]*\).*/\1/p'); printf '{{"jsonrpc":"2.0","id":%s,"result":' "$id"; printf '%s' "$1"; printf '}}\n'; }}
reply '{{"protocolVersion":"2025-11-25","capabilities":{{"tools":{{}}}},"serverInfo":{{"name":"huge","version":"1"}}}}'
read -r l
while :; do reply "$(cat '{}')"; done"#,
        list.display()
    )
}

/// Every string in `value` longer than 4 KiB (a message is shorter), with its path.
fn long_strings(value: &Value, path: String, out: &mut Vec<(String, usize)>) {
    match value {
        Value::String(s) if s.len() > 4096 => out.push((path, s.len())),
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                long_strings(item, format!("{path}[{i}]"), out);
            }
        }
        Value::Object(fields) => {
            for (k, v) in fields {
                long_strings(v, format!("{path}.{k}"), out);
            }
        }
        _ => {}
    }
}

/// The bytes of all the names a server listed.
fn input() -> usize {
    names().iter().map(String::len).sum()
}

/// Panics when `peak`, the most a run held, is `times` the names or more.
fn held_below(peak: u64, times: usize, what: &str) {
    held_below_of(peak, times, input(), what);
}

/// Tools of the server that announces a huge name: dotted, so that every one has findings
/// (each naming the server) and every client a verdict (each reading the server's name).
const NAMED_TOOLS: usize = 24;

/// A server that announces a 10 MB name and lists short dotted tool names. Before
/// 2026-12-04 each tool's verdict under each client that names servers by `serverInfo` held a
/// copy of the name, and each finding copied and hashed it: 60 copies for 57 tools, and a
/// minute for SARIF.
#[test]
fn an_audit_of_a_server_with_a_huge_name() {
    let dir = scratch("server-name");
    let name = "n".repeat(LONG);
    let init = serde_json::json!({
        "protocolVersion": "2025-11-25",
        "capabilities": {"tools": {}},
        "serverInfo": {"name": name, "version": "1"},
    });
    let tools: Vec<Value> = (0..NAMED_TOOLS)
        .map(
            |i| serde_json::json!({"name": format!("tool.{i}"), "inputSchema": {"type": "object"}}),
        )
        .collect();
    let (init_file, list_file) = (dir.join("init.json"), dir.join("list.json"));
    std::fs::write(&init_file, init.to_string()).expect("write");
    std::fs::write(
        &list_file,
        serde_json::json!({ "tools": tools }).to_string(),
    )
    .expect("write");
    let mut peak = 0;
    for format in ["sarif", "text"] {
        let mut args: Vec<String> = ["audit", "--format", format, "--"]
            .map(str::to_owned)
            .into();
        args.extend(common::file_server(&init_file, &list_file));
        let (r, held) = run(&args);
        peak = peak.max(held);
        // Dotted names are warnings: the run succeeds.
        r.exits(0);
        assert!(
            r.stdout.len() < 256 * 1024,
            "{format} report of {} bytes for a server of a {LONG}-character name",
            r.stdout.len()
        );
        r.out_has(&format!(
            "({LONG} characters, sha1 {})",
            message_digest(&name)
        ));
    }
    held_below_of(peak, 16, LONG, "audit of a server with a huge name");
    let _ = std::fs::remove_dir_all(dir);
}

/// One server listing the huge names, audited in JSON and in text. Before 2026-12-02 an audit
/// wrote each name about 33 times and held 47 times the names.
#[test]
fn an_audit_of_one_server() {
    let dir = scratch("audit");
    let script = server(&dir);
    let args = |format: &'static str| ["audit", "--format", format, "--", "sh", "-c", &script];

    let (r, json_peak) = run(args("json"));
    r.exits(1);
    assert!(
        r.stdout.len() < input() + 256 * 1024,
        "JSON report of {} bytes for {} bytes of names",
        r.stdout.len(),
        input()
    );
    let doc = r.json();
    let mut long = Vec::new();
    long_strings(&doc, String::new(), &mut long);
    assert_eq!(
        long,
        [
            (".tools[0].name".to_owned(), LONG),
            (".tools[1].name".to_owned(), HALF)
        ],
        "each long name is whole once, as its tool's `name`"
    );
    let [a, b, _] = names();
    assert_eq!(doc["tools"][0]["name"].as_str(), Some(a.as_str()));
    assert_eq!(doc["tools"][1]["name"].as_str(), Some(b.as_str()));
    // Elsewhere each is cut with its length and digest, and the two stay apart.
    let cut_a = mcp_toolname_rules::message::short(&a).into_owned();
    let cut_b = mcp_toolname_rules::message::short(&b).into_owned();
    assert_ne!(cut_a, cut_b);
    assert!(cut_a.ends_with(&format!(
        "… ({LONG} characters, sha1 {})",
        message_digest(&a)
    )));
    let findings = doc["findings"].as_array().expect("findings");
    for (cut, name) in [(&cut_a, "a"), (&cut_b, "b")] {
        assert!(
            findings.iter().any(|f| f["tools"][0] == cut.as_str()),
            "a finding about name {name} carries it cut: {cut}"
        );
    }

    let (r, text_peak) = run(args("text"));
    r.exits(1);
    assert!(
        r.stdout.len() < 256 * 1024,
        "text report of {} bytes",
        r.stdout.len()
    );
    for (name, len) in [(&a, LONG), (&b, HALF)] {
        r.out_has(&format!(
            "({len} characters, sha1 {})",
            message_digest(name)
        ));
    }

    // Held: 15.1 to 15.7 times the names in runs of 2026-12-05 (225 to 235 MB), the most of
    // it each client's qualified form of each long name (`NameReport::new`: 75 of the 205 MB
    // of heap at the peak, in massif). The bound leaves room for the resident set to vary
    // from run to run, which a bound of 16 did not; the 47 times of before it still fails.
    held_below(json_peak.max(text_peak), 18, "audit of one server");
    let _ = std::fs::remove_dir_all(dir);
}

/// Three servers of one config, each listing the same huge names: the config report carries
/// each server's names whole once, in that server's `tools[]`.
#[test]
fn an_audit_of_a_config_of_three() {
    let dir = scratch("config");
    let script = server(&dir);
    let servers: serde_json::Map<String, Value> = ["one", "two", "three"]
        .into_iter()
        .map(|key| {
            (
                key.to_owned(),
                serde_json::json!({"command": "sh", "args": ["-c", script]}),
            )
        })
        .collect();
    let config = dir.join(".mcp.json");
    std::fs::write(
        &config,
        serde_json::json!({ "mcpServers": servers }).to_string(),
    )
    .expect("write");
    let config = config.to_str().expect("UTF-8 temp path");

    let (r, peak) = run(["audit", "--format", "json", "--config", config]);
    r.exits(1);
    assert!(
        // Beside the names, about 270 KB: every client's view of every server, and its cost.
        r.stdout.len() < 3 * input() + 512 * 1024,
        "config report of {} bytes for 3 servers of {} bytes of names",
        r.stdout.len(),
        input()
    );
    let mut long = Vec::new();
    long_strings(&r.json(), String::new(), &mut long);
    let paths: Vec<&str> = long.iter().map(|(p, _)| p.as_str()).collect();
    assert_eq!(
        paths,
        [
            ".servers[0].tools[0].name",
            ".servers[0].tools[1].name",
            ".servers[1].tools[0].name",
            ".servers[1].tools[1].name",
            ".servers[2].tools[0].name",
            ".servers[2].tools[1].name",
        ]
    );

    // Held: 46.4 times the names (664 MB); three servers of them, each as above.
    held_below(peak, 3 * 18, "audit of a config of three servers");
    let _ = std::fs::remove_dir_all(dir);
}

fn message_digest(name: &str) -> String {
    mcp_toolname_rules::message::digest(name)
}

/// Panics when `peak`, the most a run held, is `times` `input` bytes or more.
fn held_below_of(peak: u64, times: usize, input: usize, what: &str) {
    common::peak::held_below(peak, times, input, what, "names");
}
