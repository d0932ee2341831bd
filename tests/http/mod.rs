//! Shared by the Streamable HTTP tests: the `http` example as a real server process on a free
//! loopback port, and rmcp Streamable HTTP clients that count `tools/list_changed`.
#![allow(dead_code)] // each test binary uses part of this module

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

use rmcp::service::RunningService;
use rmcp::transport::StreamableHttpClientTransport;
use rmcp::{RoleClient, ServiceExt};

/// The `http` example, killed when dropped.
pub struct Server {
    child: Child,
    /// `http://127.0.0.1:PORT/mcp`.
    pub url: String,
}

impl Server {
    /// Starts the example with `args` and waits for the address it prints.
    pub fn start(args: &[&str]) -> Self {
        let mut child = Command::new(crate::common::example("http"))
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the http example starts");
        let stdout = child.stdout.take().expect("piped stdout");
        let mut line = String::new();
        BufReader::new(stdout)
            .read_line(&mut line)
            .expect("the http example prints its address");
        let url = line
            .trim()
            .strip_prefix("listening on ")
            .unwrap_or_else(|| panic!("unexpected first line {line:?}"))
            .to_owned();
        Self { child, url }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub use crate::common::Listener;

pub type Session = RunningService<RoleClient, Listener>;

/// Installs ring as the process's TLS crypto provider, once. reqwest is built with the CLI's
/// `rustls-no-provider` feature whenever the CLI is in the same build (cargo unifies a
/// dependency's features across the workspace), and then refuses to make a client, even for
/// `http://`, until a provider is installed.
fn crypto_provider() {
    let _ = rustls::crypto::ring::default_provider().install_default();
}

/// A new session with rmcp's Streamable HTTP client.
pub async fn connect(url: &str) -> (Session, Listener) {
    crypto_provider();
    let listener = Listener::default();
    let session = listener
        .clone()
        .serve(StreamableHttpClientTransport::from_uri(url.to_owned()))
        .await
        .expect("MCP initialize over Streamable HTTP");
    (session, listener)
}

/// `GET /metrics` of the example at `url` (`.../mcp`): the Prometheus text exposition.
pub async fn scrape(url: &str) -> String {
    crypto_provider();
    let metrics = format!("{}/metrics", url.strip_suffix("/mcp").expect("an /mcp URL"));
    let response = reqwest::get(&metrics).await.expect("GET /metrics");
    assert_eq!(response.status(), reqwest::StatusCode::OK, "GET {metrics}");
    let kind = response
        .headers()
        .get(reqwest::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    assert!(kind.starts_with("text/plain"), "content type {kind:?}");
    response.text().await.expect("a text body")
}

/// The sample of `metric` whose labels are exactly `labels`, from a Prometheus text
/// exposition: `None` when there is no such series. Reads the format as Prometheus does (a
/// sample is `name{label="value",...} number`, `\"` and `\\` escaped in values), not by
/// searching for a line, so a label set that only resembles the one asked for does not match.
pub fn sample(exposition: &str, metric: &str, labels: &[(&str, &str)]) -> Option<f64> {
    let mut wanted: Vec<(String, String)> = labels
        .iter()
        .map(|&(k, v)| (k.to_owned(), v.to_owned()))
        .collect();
    wanted.sort();
    let mut found = None;
    for line in exposition.lines().filter(|l| !l.starts_with('#')) {
        let Some((name, rest)) = line.split_once('{') else {
            continue;
        };
        if name != metric {
            continue;
        }
        let (mut set, value) = parse_labels(rest).unwrap_or_else(|| panic!("bad sample {line:?}"));
        set.sort();
        if set == wanted {
            assert!(found.is_none(), "two samples for one series: {exposition}");
            found = Some(
                value
                    .trim()
                    .parse()
                    .unwrap_or_else(|_| panic!("bad value {line:?}")),
            );
        }
    }
    found
}

/// `k="v",...} value` into the label pairs and the text after `}`.
fn parse_labels(mut rest: &str) -> Option<(Vec<(String, String)>, &str)> {
    let mut labels = Vec::new();
    loop {
        rest = rest.trim_start_matches(',');
        if let Some(after) = rest.strip_prefix('}') {
            return Some((labels, after));
        }
        let (key, after) = rest.split_once("=\"")?;
        let mut value = String::new();
        let mut chars = after.char_indices();
        let end = loop {
            match chars.next()? {
                (i, '"') => break i,
                (_, '\\') => match chars.next()?.1 {
                    'n' => value.push('\n'),
                    c => value.push(c),
                },
                (_, c) => value.push(c),
            }
        };
        labels.push((key.to_owned(), value));
        rest = &after[end + 1..];
    }
}

/// The `mcp_toolname_alias_calls` sample of the example's alias `minus` with `outcome`.
pub fn minus_calls(exposition: &str, outcome: &str) -> Option<f64> {
    sample(
        exposition,
        "mcp_toolname_alias_calls",
        &[
            ("mcp_method_name", "tools/call"),
            ("gen_ai_tool_name", "minus"),
            ("mcp_toolname_tool_canonical", "subtract"),
            ("mcp_toolname_alias_outcome", outcome),
        ],
    )
}

/// A client on protocol 2026-07-28 (`server/discover`, no session; each request on its own),
/// with rmcp's Streamable HTTP client.
pub async fn discover(url: &str) -> RunningService<RoleClient, ()> {
    crypto_provider();
    let lifecycle = rmcp::service::ClientLifecycleMode::Discover {
        preferred_versions: vec![rmcp::model::ProtocolVersion::V_2026_07_28],
    };
    rmcp::service::serve_client_with_lifecycle(
        (),
        StreamableHttpClientTransport::from_uri(url.to_owned()),
        lifecycle,
    )
    .await
    .expect("server/discover over Streamable HTTP")
}

/// A new session with rmcp's Streamable HTTP client, or why it could not be made.
pub async fn try_connect(url: &str) -> Result<Session, String> {
    crypto_provider();
    Listener::default()
        .serve(StreamableHttpClientTransport::from_uri(url.to_owned()))
        .await
        .map_err(|e| format!("{e:?}"))
}

/// A reqwest client whose connections come from `ip` (a loopback address such as
/// `127.0.0.2`: Linux answers the whole of 127.0.0.0/8), so that a test can be several peers.
pub fn client_from(ip: &str) -> reqwest::Client {
    crypto_provider();
    let ip: std::net::IpAddr = ip.parse().expect("an IP address");
    reqwest::Client::builder()
        .local_address(ip)
        .build()
        .expect("a reqwest client")
}

/// A new session with rmcp's Streamable HTTP client from the address `ip`, or why it could
/// not be made.
pub async fn try_connect_from(url: &str, ip: &str) -> Result<Session, String> {
    let transport = StreamableHttpClientTransport::with_client(
        client_from(ip),
        rmcp::transport::streamable_http_client::StreamableHttpClientTransportConfig::with_uri(
            url.to_owned(),
        ),
    );
    Listener::default()
        .serve(transport)
        .await
        .map_err(|e| format!("{e:?}"))
}

/// The JSON-RPC `initialize` request body of a client on protocol 2025-11-25.
pub const INITIALIZE: &str = r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#;

/// A bare `initialize` from `client` (no `notifications/initialized` after it): its status,
/// `Retry-After`, session id and body.
pub async fn bare_initialize(
    client: &reqwest::Client,
    url: &str,
) -> (u16, Option<String>, Option<String>, String) {
    let response = client
        .post(url)
        .header("content-type", "application/json")
        .header("accept", "application/json, text/event-stream")
        .body(INITIALIZE)
        .send()
        .await
        .expect("an answer to initialize");
    let header = |name: &str| {
        response
            .headers()
            .get(name)
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned)
    };
    let (status, retry, session) = (
        response.status().as_u16(),
        header("retry-after"),
        header("mcp-session-id"),
    );
    let body = response.text().await.expect("a body");
    (status, retry, session, body)
}

/// A POST of `body` on the session `id` from `client`: its status and body.
pub async fn post_on(client: &reqwest::Client, url: &str, id: &str, body: &str) -> (u16, String) {
    let response = client
        .post(url)
        .header("content-type", "application/json")
        .header("accept", "application/json, text/event-stream")
        .header("mcp-session-id", id)
        .header("mcp-protocol-version", "2025-11-25")
        .body(body.to_owned())
        .send()
        .await
        .expect("an answer");
    let status = response.status().as_u16();
    (status, response.text().await.expect("a body"))
}

/// A `ping` on the session `id`: `200` while the session is open, `404` once it is closed. Unlike
/// `notifications/initialized`, it cannot finish the handshake of an unfinished session.
pub async fn ping(client: &reqwest::Client, url: &str, id: &str) -> u16 {
    post_on(
        client,
        url,
        id,
        r#"{"jsonrpc":"2.0","id":7,"method":"ping"}"#,
    )
    .await
    .0
}

/// A finished session from `client` (`initialize`, then `notifications/initialized`), idle
/// after: its id.
pub async fn open_session(client: &reqwest::Client, url: &str) -> String {
    let (status, _, id, body) = bare_initialize(client, url).await;
    assert_eq!(status, 200, "initialize: {body}");
    let id = id.expect("a session id");
    let note = r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#;
    let (status, body) = post_on(client, url, &id, note).await;
    assert_eq!(status, 202, "notifications/initialized: {body}");
    id
}
