//! An alias whose notice is read once (`notice_once`): on protocol 2026-07-28, which has no
//! sessions, once per client as it names itself in each request's `clientInfo`, across
//! connections; a client of another name or version hears it again.

use std::sync::Arc;

use chrono::{DateTime, Utc};
use mcp_toolname::{Alias, DEPRECATION_META_KEY, FixedClock, ToolDef, ToolRegistry};
use rmcp::handler::server::router::tool::ToolRoute;
use rmcp::model::{
    CallToolRequestParams, CallToolResult, ClientCapabilities, ClientConfig, Implementation,
    JsonObject, ProtocolVersion, Tool,
};
use rmcp::service::{ClientLifecycleMode, RoleClient, RunningService};
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
