//! `audit --url` and the remote entries of `audit --config`: real Streamable HTTP servers on
//! loopback (the workspace's `http` example, the npm reference server in its Streamable
//! HTTP mode), and servers that refuse, hang or answer garbage. Header values never show.

use crate::common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;
use std::process::{Command, Stdio};

use common::{Run, Server, calculator, http_example, run};
use serde_json::json;

const SECRET: &str = "sekrit-value-9f3a";

fn no_secret(r: &Run) {
    assert!(
        !r.stdout.contains(SECRET) && !r.stderr.contains(SECRET),
        "a header value was shown\n--- stdout\n{}\n--- stderr\n{}",
        r.stdout,
        r.stderr
    );
}

#[test]
fn audit_url_lists_the_http_example_and_never_shows_a_header_value() {
    let (_server, url) = http_example();
    let header = format!("Authorization: Bearer {SECRET}");
    let r = run(["audit", "--url", &url, "--header", &header]);
    r.exits(0)
        .out_has(&format!("(at `{url}`, over Streamable HTTP)"))
        .out_has("5 tools in 1 page")
        .err_has("initialized: server `http` `1.0.0`");
    no_secret(&r);
    let r = run([
        "audit", "--url", &url, "--header", &header, "--format", "json",
    ]);
    r.exits(0);
    no_secret(&r);
    let doc = r.json();
    assert_eq!(doc["server"]["url"], url.as_str());
    assert_eq!(doc["server"]["name"], "http");
    assert_eq!(doc["summary"]["tools"], 5);
}

/// A one-shot HTTP server on loopback answering every request with `response`.
fn canned(response: &'static str) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
    let url = format!("http://{}/mcp", listener.local_addr().expect("addr"));
    std::thread::spawn(move || {
        // Bounded: a handful of requests at most.
        for stream in listener.incoming().take(8) {
            let Ok(mut stream) = stream else { return };
            let mut buf = [0; 4096];
            let _ = stream.read(&mut buf);
            let _ = stream.write_all(response.as_bytes());
        }
    });
    url
}

#[test]
fn bad_urls_and_bad_servers_end_in_a_message_naming_the_url() {
    run(["audit", "--url", "ftp://example.invalid/mcp"])
        .exits(2)
        .err_has("URL `ftp://example.invalid/mcp` is not an http or https URL with a host");
    run([
        "audit",
        "--url",
        "http://127.0.0.1:9/mcp",
        "--header",
        "no colon",
    ])
    .exits(2)
    .err_has("expected `Name: value`");
    let r = run([
        "audit",
        "--url",
        "http://127.0.0.1:9/mcp",
        "--header",
        &format!("X Bad: {SECRET}"),
    ]);
    r.exits(2)
        .err_has("header name `X Bad` is not a valid HTTP header name");
    no_secret(&r);

    // Nothing listens on a port just freed.
    let port = TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let dead = format!("http://127.0.0.1:{port}/mcp");
    run(["audit", "--url", &dead]).exits(2).err_has(&format!(
        "server `{dead}` failed before answering `initialize`"
    ));

    let (_server, url) = http_example();
    let missing = url.replace("/mcp", "/nope");
    run(["audit", "--url", &missing])
        .exits(2)
        .err_has(&format!(
            "server `{missing}` failed before answering `initialize`"
        ))
        .err_has("404");

    let broken = canned(
        "HTTP/1.1 500 Internal Server Error\r\ncontent-length: 4\r\nconnection: close\r\n\r\nboom",
    );
    run(["audit", "--url", &broken]).exits(2).err_has("500");
    let garbage = canned(
        "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 9\r\nconnection: close\r\n\r\nnot json!",
    );
    run(["audit", "--url", &garbage]).exits(2).err_has(&format!(
        "server `{garbage}` failed before answering `initialize`"
    ));

    // Accepts connections and never answers: the time limit ends it.
    let hang = TcpListener::bind("127.0.0.1:0").expect("bind");
    let hung = format!("http://{}/mcp", hang.local_addr().unwrap());
    run(["audit", "--timeout", "1", "--url", &hung])
        .exits(2)
        .err_has("did not finish within 1 s (it was waiting for the answer to `initialize`)");
    drop(hang);
}

fn write(path: &std::path::Path, text: &str) -> String {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
    path.to_str().unwrap().to_owned()
}

fn scratch(name: &str) -> std::path::PathBuf {
    let dir =
        std::env::temp_dir().join(format!("mcp-toolname-remote-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn config_remote_entries_are_audited_in_order_with_jobs() {
    let (_server, url) = http_example();
    let calc = calculator().to_str().unwrap().to_owned();
    let dir = scratch("claude");
    let config = json!({ "mcpServers": {
        "a_first": { "command": calc },
        "b_web": { "type": "http", "url": url, "headers": { "Authorization": format!("Bearer {SECRET}") } },
        "legacy": { "type": "sse", "url": url },
        "login": { "type": "http", "url": url, "oauth": { "clientId": "x" } },
        "helper": { "type": "http", "url": url, "headersHelper": "./get-token.sh" },
        "c_last": { "command": calc },
    }});
    let file = write(&dir.join(".mcp.json"), &config.to_string());
    let r = run(["audit", "--jobs", "3", "--config", &file]);
    r.exits(0)
        .out_has("`b_web`    audited: 5 tools")
        .out_has("skipped: a server over the legacy SSE transport")
        .out_has("skipped: its auth is OAuth, which needs a browser")
        .out_has("skipped: its headers come from a helper command (`headersHelper`)")
        .out_has("3 audited, 3 skipped");
    no_secret(&r);
    let first = r
        .stdout
        .find("== server `a_first`")
        .expect("first reported");
    let web = r.stdout.find("== server `b_web`").expect("web reported");
    let last = r.stdout.find("== server `c_last`").expect("last reported");
    // Whichever finishes first, the report keeps the order of the servers as read.
    assert!(
        first < web && web < last,
        "the order as read:\n{}",
        r.stdout
    );
    let r = run([
        "audit", "--jobs", "2", "--format", "json", "--config", &file,
    ]);
    no_secret(&r);
    r.exits(0);

    let vscode = write(
        &scratch("vscode").join(".vscode").join("mcp.json"),
        &json!({ "servers": { "web": { "type": "http", "url": url, "headers": { "X-Key": SECRET } } } })
            .to_string(),
    );
    let r = run(["audit", "--config", &vscode]);
    r.exits(0).out_has("audited: 5 tools");
    no_secret(&r);

    let codex = write(
        &scratch("codex").join("config.toml"),
        &format!(
            "[mcp_servers.web]\nurl = {}\nbearer_token_env_var = \"MCP_TOOLNAME_TEST_TOKEN\"\n\
             [mcp_servers.unset]\nurl = {}\nbearer_token_env_var = \"MCP_TOOLNAME_TEST_UNSET\"\n",
            json!(url),
            json!(url)
        ),
    );
    let output = Command::new(env!("CARGO_BIN_EXE_mcp-toolname"))
        .args(["audit", "--config", &codex])
        .env("MCP_TOOLNAME_TEST_TOKEN", SECRET)
        .env_remove("MCP_TOOLNAME_TEST_UNSET")
        .output()
        .expect("runs");
    let r = Run {
        code: output.status.code(),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    };
    r.exits(0)
        .out_has("audited: 5 tools")
        .out_has("`MCP_TOOLNAME_TEST_UNSET`, which is not set here");
    no_secret(&r);
}

/// The official TypeScript "everything" server from npm (`.ci/run` installs it and names it
/// in `MCP_TOOLNAME_NPM_SERVER`) in its Streamable HTTP mode, on a free loopback port.
#[test]
fn the_npm_reference_server_over_streamable_http() {
    let Some(server) = common::npm_server() else {
        return;
    };
    let port = TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port();
    let mut child = Command::new(server)
        .arg("streamableHttp")
        .env("PORT", port.to_string())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("mcp-server-everything starts");
    let stderr = child.stderr.take().expect("piped");
    let _server = Server(child);
    // It says so on stderr once it listens; at most 50 lines are read.
    let mut lines = BufReader::new(stderr).lines();
    let ready = lines
        .by_ref()
        .take(50)
        .map_while(Result::ok)
        .any(|line| line.contains("listening on port"));
    // Keep reading, so that the server never writes into a closed pipe; ends with it.
    std::thread::spawn(move || lines.for_each(drop));
    assert!(
        ready,
        "mcp-server-everything did not say it listens on port {port}"
    );
    let url = format!("http://127.0.0.1:{port}/mcp");
    let header = format!("X-Api-Key: {SECRET}");
    let r = run([
        "audit", "--url", &url, "--header", &header, "--format", "json",
    ]);
    r.exits(0);
    no_secret(&r);
    let doc = r.json();
    assert_eq!(doc["server"]["name"], "mcp-servers/everything");
    assert_eq!(doc["server"]["url"], url.as_str());
    let tools = doc["tools"].as_array().expect("tools[]");
    assert!(tools.iter().any(|t| t["name"] == "get-sum"), "{tools:?}");
}
