//! An alias whose notice is read once (`notice_once`): on protocol 2026-07-28, which has no
//! sessions, once per client as it names itself in each request's `clientInfo`, across
//! connections; a client of another name or version hears it again.

use std::sync::Arc;

use chrono::{DateTime, Utc};
use mcp_toolname::{Alias, DEPRECATION_META_KEY, FixedClock, ToolDef, ToolRegistry};
use rmcp::handler::server::router::tool::ToolRoute;
use rmcp::model::{
    CallToolRequest, CallToolRequestParams, CallToolResult, ClientCapabilities, ClientConfig,
    ClientRequest, Implementation, JsonObject, ProtocolVersion, RequestMetaObject, ServerResult,
    Tool,
};
use rmcp::service::{ClientLifecycleMode, PeerRequestOptions, RoleClient, RunningService};
use rmcp::{ServerHandler, ServiceExt, tool_handler};

fn at(text: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(text)
        .expect("test timestamps are valid")
        .to_utc()
}

#[derive(Clone)]
struct Server {
    tools: ToolRegistry<Self>,
}

#[tool_handler(router = self.tools)]
impl ServerHandler for Server {}

/// `subtract`, with the alias `minus` (inside its window) whose notice is read once.
fn server() -> Server {
    let route = ToolRoute::new_dyn(
        Tool::new("subtract", "", Arc::new(JsonObject::new())),
        |_| Box::pin(async { Ok(CallToolResult::default().into()) }),
    );
    let tools = ToolRegistry::builder()
        .tool(
            ToolDef::new(route).alias(
                Alias::new("minus")
                    .until(at("2027-03-01T00:00:00Z"))
                    .notice_once(),
            ),
        )
        .clock(FixedClock(at("2027-02-01T00:00:00Z")))
        .build()
        .expect("valid");
    Server { tools }
}

/// A 2026-07-28 client (no handshake) naming itself `name` `version`, to `server`.
async fn client(
    server: Server,
    name: &str,
    version: &str,
) -> RunningService<RoleClient, ClientConfig> {
    let (server_io, client_io) = tokio::io::duplex(1 << 16);
    tokio::spawn(async move {
        if let Ok(running) = server.serve(server_io).await {
            let _ = running.waiting().await;
        }
    });
    let me = ClientConfig::new(
        ClientCapabilities::default(),
        Implementation::new(name, version),
    );
    let lifecycle = ClientLifecycleMode::Discover {
        preferred_versions: vec![ProtocolVersion::V_2026_07_28],
    };
    rmcp::service::serve_client_with_lifecycle(me, client_io, lifecycle)
        .await
        .expect("server/discover")
}

/// Whether a call to `minus` carries the notice.
async fn noticed(client: &RunningService<RoleClient, ClientConfig>) -> bool {
    let result = client
        .call_tool(CallToolRequestParams::new("minus"))
        .await
        .expect("tools/call");
    result
        .meta
        .is_some_and(|m| m.0.contains_key(DEPRECATION_META_KEY))
}

#[tokio::test]
async fn one_notice_per_client_across_connections_by_client_info() {
    // One registry behind every connection, as a stateless HTTP server has.
    let served = server();
    let first = client(served.clone(), "claude-ai", "1.0").await;
    assert!(noticed(&first).await, "the first call hears it");
    assert!(
        !noticed(&first).await,
        "the same client's second call does not"
    );
    let _ = first.cancel().await;

    let again = client(served.clone(), "claude-ai", "1.0").await;
    assert!(
        !noticed(&again).await,
        "the same clientInfo on a new connection has heard it"
    );
    let _ = again.cancel().await;

    for (name, version) in [("cursor", "1.0"), ("claude-ai", "1.1")] {
        let other = client(served.clone(), name, version).await;
        assert!(noticed(&other).await, "{name} {version} hears it");
        assert!(!noticed(&other).await, "{name} {version}: once");
        let _ = other.cancel().await;
    }
}

/// Whether a call to `minus` that names its client `name` in its own `_meta` (as a gateway
/// relaying many clients' requests over one connection does) carries the notice.
async fn noticed_as(client: &RunningService<RoleClient, ClientConfig>, name: &str) -> bool {
    let mut meta = RequestMetaObject::new();
    meta.set_client_info(Implementation::new(name, "1.0"));
    let mut options = PeerRequestOptions::no_options();
    options.meta = Some(meta);
    let request =
        ClientRequest::CallToolRequest(CallToolRequest::new(CallToolRequestParams::new("minus")));
    let answer = client
        .peer()
        .send_request_with_option(request, options)
        .await
        .expect("tools/call sent")
        .await_response()
        .await
        .expect("tools/call answered");
    let ServerResult::CallToolResult(result) = answer else {
        panic!("tools/call answered {answer:?}");
    };
    result
        .meta
        .is_some_and(|m| m.0.contains_key(DEPRECATION_META_KEY))
}

/// The clients remembered are bounded: after thousands of others, a client is forgotten and
/// hears the notice again; until then, it is remembered.
#[tokio::test]
async fn a_client_is_forgotten_only_after_thousands_of_others() {
    const MOST_TRIED: usize = 20_000;
    let gateway = client(server(), "gateway", "1.0").await;
    assert!(
        noticed_as(&gateway, "first").await,
        "the first call hears it"
    );
    let mut forgotten_after = None;
    for i in 1..=MOST_TRIED {
        assert!(
            noticed_as(&gateway, &format!("other-{i}")).await,
            "other-{i}"
        );
        if noticed_as(&gateway, "first").await {
            forgotten_after = Some(i);
            break;
        }
    }
    let _ = gateway.cancel().await;
    let forgotten_after = forgotten_after
        .unwrap_or_else(|| panic!("`first` still remembered after {MOST_TRIED} other clients"));
    eprintln!("`first` forgotten after {forgotten_after} other clients");
    assert!(
        forgotten_after >= 1000,
        "`first` forgotten after only {forgotten_after} other clients"
    );
}
