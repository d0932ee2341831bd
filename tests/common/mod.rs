//! Shared by the integration tests: an rmcp client talking to a server over an in-memory
//! duplex (the real protocol, no process), and small result readers.
#![allow(dead_code)] // each test binary uses part of this module

use rmcp::model::{CallToolRequestParams, CallToolResult, JsonObject};
use rmcp::service::{RoleClient, RunningService, ServiceError};
use rmcp::{ServerHandler, ServiceExt};

pub type Client = RunningService<RoleClient, ()>;

/// Serves `server` on one end of a duplex and returns a client on the other.
pub async fn connect<S: ServerHandler>(server: S) -> Client {
    let (server_io, client_io) = tokio::io::duplex(1 << 16);
    tokio::spawn(async move {
        if let Ok(running) = server.serve(server_io).await {
            let _ = running.waiting().await;
        }
    });
    ().serve(client_io).await.expect("client connects")
}

pub async fn names(client: &Client) -> Vec<String> {
    let tools = client.list_all_tools().await.expect("tools/list");
    tools.into_iter().map(|t| t.name.into_owned()).collect()
}

pub fn args(a: i64, b: i64) -> JsonObject {
    serde_json::json!({ "a": a, "b": b })
        .as_object()
        .cloned()
        .unwrap_or_default()
}

pub async fn call(
    client: &Client,
    name: &str,
    arguments: Option<JsonObject>,
) -> Result<CallToolResult, ServiceError> {
    let mut params = CallToolRequestParams::new(name.to_owned());
    params.arguments = arguments;
    client.call_tool(params).await
}

pub fn text(result: &CallToolResult) -> String {
    result
        .content
        .iter()
        .filter_map(|c| c.as_text())
        .map(|t| t.text.clone())
        .collect()
}

/// The JSON-RPC error inside a failed call.
pub fn rpc_error(err: &ServiceError) -> &rmcp::ErrorData {
    match err {
        ServiceError::McpError(e) => e,
        other => panic!("expected a JSON-RPC error, got {other:?}"),
    }
}
