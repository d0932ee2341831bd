//! What a server costs the model: `audit`'s `cost` against the bytes computed here from the
//! calculator's own `tools/list` answer, read over stdio by this test without the CLI.

use crate::common;

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use common::{calculator, run, scratch_dir};
use serde_json::{Value, json};

/// The calculator's `tools/list` answer, read with three newline-delimited JSON-RPC messages.
fn listed_tools() -> Vec<Value> {
    let mut child = Command::new(calculator())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the calculator starts");
    let mut stdin = child.stdin.take().expect("stdin");
    let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
    let mut send = |message: Value| {
        writeln!(stdin, "{message}").expect("write to the server");
        stdin.flush().expect("flush");
    };
    let mut answer = |id: u64| -> Value {
        // Bounded: the server answers each request once; notifications in between are skipped.
        for _ in 0..100 {
            let mut line = String::new();
            let read = stdout.read_line(&mut line).expect("read from the server");
            assert!(read > 0, "the server closed before answering {id}");
            let value: Value = serde_json::from_str(&line).expect("a JSON-RPC message");
            if value["id"] == id {
                return value;
            }
        }
        panic!("no answer to request {id}");
    };
    send(
        json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {},
        "clientInfo": {"name": "test", "version": "0"}}}),
    );
    answer(1);
    send(json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
    send(json!({"jsonrpc": "2.0", "id": 2, "method": "tools/list", "params": {}}));
    let list = answer(2);
    let _ = child.kill();
    let _ = child.wait();
    assert!(
        list["result"]["nextCursor"].is_null(),
        "one page expected: {list}"
    );
    list["result"]["tools"].as_array().expect("tools").clone()
}

/// Bytes of the JSON text of each tool's name as `name` writes it, its description and its
/// input schema.
fn expected_bytes(tools: &[Value], name: impl Fn(&str) -> String) -> u64 {
    let len = |v: &Value| serde_json::to_string(v).expect("JSON").len() as u64;
    tools
        .iter()
        .map(|t| {
            let description = if t["description"].is_null() {
                0
            } else {
                len(&t["description"])
            };
            len(&json!(name(t["name"].as_str().expect("a name"))))
                + description
                + len(&t["inputSchema"])
        })
        .sum()
}

fn client<'a>(cost: &'a Value, id: &str) -> &'a Value {
    cost["clients"]
        .as_array()
        .expect("clients")
        .iter()
        .find(|c| c["id"] == id)
        .unwrap_or_else(|| panic!("no {id} in {cost:#}"))
}

#[test]
fn audit_counts_the_bytes_each_client_sends() {
    let tools = listed_tools();
    assert!(!tools.is_empty());
    let calc = calculator();
    let r = run([
        "audit",
        "--server-key",
        "calc",
        "--format",
        "json",
        "--",
        calc.to_str().expect("UTF-8 path"),
    ]);
    let doc = r.json();
    let cost = &doc["cost"];
    assert_eq!(cost["bytes_per_token"], 4);
    assert_eq!(cost["window_tokens"], 128_000);
    assert!(
        cost["method"]
            .as_str()
            .expect("method")
            .contains("estimate")
    );
    // Claude Code and Gemini CLI write the server part differently.
    let claude = expected_bytes(&tools, |n| format!("mcp__calc__{n}"));
    let gemini = expected_bytes(&tools, |n| format!("mcp_calc_{n}"));
    for (id, bytes, loading) in [
        ("claude_code", claude, "deferred"),
        ("gemini_cli", gemini, "sends_all"),
    ] {
        let c = client(cost, id);
        assert_eq!(c["tools"], tools.len(), "{id}: {c}");
        assert_eq!(c["bytes"], bytes, "{id}: {c}");
        assert_eq!(c["tokens"], bytes.div_ceil(4), "{id}: {c}");
        assert_eq!(c["loading"], loading, "{id}: {c}");
    }
    let claude_share = client(cost, "claude_code")["window_share"]
        .as_f64()
        .expect("a share");
    #[allow(clippy::cast_precision_loss)]
    let want = claude.div_ceil(4) as f64 / 1_000_000.0;
    assert_eq!(client(cost, "claude_code")["window"]["tokens"], 1_000_000);
    assert_eq!(client(cost, "claude_code")["auto_defer"]["over"], false);
    assert!(
        (claude_share - want).abs() < 0.000_1,
        "{claude_share} vs {want}"
    );
    let gemini_cap = &client(cost, "gemini_cli")["tool_cap"];
    assert_eq!(gemini_cap["max"], 512);
    assert_eq!(gemini_cap["over"], false);
    assert!(client(cost, "claude_code")["tool_cap"].is_null());

    // The text, under --verbose only.
    let calc = calc.to_str().expect("UTF-8 path");
    let plain = run(["audit", "--server-key", "calc", "--", calc]);
    assert!(
        !plain.stdout.contains("cost to the model"),
        "{}",
        plain.stdout
    );
    let verbose = run(["audit", "-v", "--server-key", "calc", "--", calc]);
    verbose
        .out_has("cost to the model, per client")
        .out_has(&format!(
            "claude_code {} tools, {} bytes, ~{} tokens",
            tools.len(),
            thousands(claude),
            thousands(claude.div_ceil(4))
        ))
        .out_has("deferred behind its tool search")
        .out_has("~4 bytes per token");
}

#[test]
fn audit_config_totals_each_client_over_its_servers() {
    let tools = listed_tools();
    let dir = scratch_dir("cost-config");
    let calc = calculator().to_str().expect("UTF-8 path").to_owned();
    let config = json!({ "mcpServers": {
        "one": { "command": calc },
        "two": { "command": calc },
    }});
    let file = dir.join(".mcp.json");
    std::fs::write(&file, config.to_string()).expect("config written");
    let file = file.to_str().expect("UTF-8 path");
    let r = run(["audit", "--config", file, "--format", "json"]);
    let doc = r.json();
    let one = expected_bytes(&tools, |n| format!("mcp__one__{n}"));
    let two = expected_bytes(&tools, |n| format!("mcp__two__{n}"));
    let servers = doc["servers"].as_array().expect("servers");
    assert_eq!(client(&servers[0]["cost"], "claude_code")["bytes"], one);
    assert_eq!(client(&servers[1]["cost"], "claude_code")["bytes"], two);
    let total = client(&doc["cost"], "claude_code");
    assert_eq!(total["bytes"], one + two, "{total}");
    assert_eq!(total["tools"], 2 * tools.len(), "{total}");
    let verbose = run(["audit", "--config", file, "-v"]);
    verbose
        .out_has("cost to the model, all servers together, per client")
        .out_has(&format!(
            "claude_code {} tools, {} bytes",
            2 * tools.len(),
            thousands(one + two)
        ));
    // One server: its own block only, not the same figures again as a total.
    let single = dir.join("single.json");
    let config = json!({ "mcpServers": { "one": { "command": calc } } });
    std::fs::write(&single, config.to_string()).expect("config written");
    let single = single.to_str().expect("UTF-8 path");
    let verbose = run(["audit", "--config", single, "-v"]);
    let text = &verbose.stdout;
    assert_eq!(text.matches("cost to the model").count(), 1, "{text}");
    assert!(!text.contains("all servers together"), "{text}");
}

/// Bytes of the fixture server's tool `index` sent as `name`: the name, its description
/// (`oracle tool INDEX` and `extra`) and its empty input schema, as JSON text.
fn fixture_bytes(name: &str, index: usize, extra: &str) -> u64 {
    let len = |v: Value| serde_json::to_string(&v).expect("JSON").len() as u64;
    len(json!(name))
        + len(json!(format!("oracle tool {index}{extra}")))
        + len(json!({"type": "object", "properties": {}}))
}

#[test]
fn tools_that_race_for_a_name_count_once_in_the_config_total() {
    // `my server` and `my.server` are one server part under Claude Code, OpenCode and Kilo
    // Code (`my_server`), `x_y` and `x.y` one tool part: three names the two servers' tools
    // race for; the larger of each pair (a longer description) is of the first server for two
    // of them and of the second for one.
    let dir = common::Scratch::new("cost", "raced");
    let longer = " longer";
    let first = common::fixture_server_in(
        &dir.0,
        "first.json",
        &json!({"tools": ["a", "shared", "x_y", "mine"],
                "descriptions": [longer, "", longer, ""]}),
    );
    let second = common::fixture_server_in(
        &dir.0,
        "second.json",
        &json!({"tools": ["a", "shared", "x.y", "own"],
                "descriptions": ["", longer, "", ""]}),
    );
    let servers = [("my server", &first[..]), ("my.server", &second[..])];
    let doc = common::audit_config_of(&dir.0, &servers).json();
    assert_eq!(doc["servers"][0]["key"], "my server", "in this order");
    let listed = 8;
    let mut racing = Vec::new();
    for id in ["claude_code", "opencode", "kilo_code"] {
        let verdicts = common::client_names(&doc, id);
        let fates: Vec<&str> = verdicts.iter().filter_map(|v| v["fate"].as_str()).collect();
        assert_eq!(fates.len(), listed, "{id}: {verdicts:?}");
        let mut raced: Vec<&str> = verdicts
            .iter()
            .filter(|v| v["fate"] == "raced")
            .filter_map(|v| v["name"].as_str())
            .collect();
        let members = raced.len();
        raced.sort_unstable();
        raced.dedup();
        assert_eq!(
            (members, raced.len()),
            (6, 3),
            "{id}: three pairs race: {verdicts:?}"
        );
        assert!(
            fates
                .iter()
                .all(|f| ["raced", "kept", "normalised"].contains(f)),
            "{id}: every other tool is sent: {fates:?}"
        );
        // Each group of a name is one tool sent: listed - (size - 1) per group.
        let want = listed - (members - raced.len());
        assert_eq!(client(&doc["cost"], id)["tools"], want, "{id}");
        racing.push(id);
    }
    assert_eq!(racing.len(), 3);
    // The bytes: of each pair the larger, then `mine` and `own`.
    let want = fixture_bytes("mcp__my_server__a", 0, longer)
        + fixture_bytes("mcp__my_server__shared", 1, longer)
        + fixture_bytes("mcp__my_server__x_y", 2, longer)
        + fixture_bytes("mcp__my_server__mine", 3, "")
        + fixture_bytes("mcp__my_server__own", 3, "");
    let claude = client(&doc["cost"], "claude_code");
    assert_eq!(claude["bytes"], want, "{claude}");
    // Each server alone: its tools of the pairs are sent on some starts, so each counts.
    for server in doc["servers"].as_array().expect("servers") {
        let own = client(&server["cost"], "claude_code");
        assert_eq!(own["tools"], 4, "{}: {own}", server["key"]);
    }
}

/// `1,234`.
fn thousands(n: impl ToString) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}
