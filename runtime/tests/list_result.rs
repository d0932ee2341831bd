//! `tools/list` over the wire on protocol 2026-07-28, read as the bytes the server wrote: the
//! result says it is complete (`resultType`), which that revision requires and without which
//! Claude Code drops every tool of the server.

use std::sync::Arc;
use std::time::Duration;

use mcp_toolname_runtime::{ToolDef, ToolRegistry};
use rmcp::handler::server::router::tool::ToolRoute;
use rmcp::model::{
    CallToolResult, JsonObject, ListToolsResult, PaginatedRequestParams, ProtocolVersion, Tool,
};
use rmcp::service::RequestContext;
use rmcp::{
    ClientLifecycleMode, ClientServiceExt, ErrorData, RoleServer, ServerHandler, ServiceExt,
    tool_handler,
};
use serde_json::Value;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader, DuplexStream};
use tokio::sync::mpsc;

#[derive(Clone)]
struct Server {
    tools: ToolRegistry<Self>,
}

#[tool_handler(router = self.tools)]
impl ServerHandler for Server {
    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        Ok(self.tools.list_tools_result(&context))
    }
}

fn search() -> ToolRoute<Server> {
    ToolRoute::new_dyn(
        Tool::new("search", "demo", Arc::new(JsonObject::new())),
        |_| Box::pin(async { Ok(CallToolResult::default().into()) }),
    )
}

/// Carries the bytes between the server's end and the client's, and each line the server
/// writes to `lines` too: what the client is sent, before it parses anything.
fn tap(server: DuplexStream, client: DuplexStream, lines: mpsc::UnboundedSender<String>) {
    let (mut server_read, mut server_write) = tokio::io::split(server);
    let (client_read, mut client_write) = tokio::io::split(client);
    tokio::spawn(async move {
        let mut client_read = client_read;
        let _ = tokio::io::copy(&mut client_read, &mut server_write).await;
    });
    tokio::spawn(async move {
        let mut from_server = BufReader::new(&mut server_read).lines();
        while let Ok(Some(line)) = from_server.next_line().await {
            let _ = lines.send(line.clone());
            let written = client_write.write_all(format!("{line}\n").as_bytes()).await;
            if written.is_err() || client_write.flush().await.is_err() {
                break;
            }
        }
    });
}

#[tokio::test]
async fn tools_list_on_2026_07_28_says_its_result_is_complete() {
    let tools = ToolRegistry::builder()
        .list_ttl(Duration::from_secs(60))
        .tool(ToolDef::new(search()))
        .build()
        .unwrap();
    let (server_io, server_end) = tokio::io::duplex(1 << 16);
    let (client_end, client_io) = tokio::io::duplex(1 << 16);
    let (sent, mut lines) = mpsc::unbounded_channel();
    tap(server_end, client_end, sent);
    tokio::spawn(async move {
        if let Ok(running) = (Server { tools }).serve(server_io).await {
            let _ = running.waiting().await;
        }
    });
    let client = ()
        .serve_with_lifecycle(
            client_io,
            ClientLifecycleMode::Discover {
                preferred_versions: vec![ProtocolVersion::V_2026_07_28],
            },
        )
        .await
        .unwrap();
    let negotiated = client.peer_info().map(|info| info.protocol_version.clone());
    assert_eq!(negotiated, Some(ProtocolVersion::V_2026_07_28));
    let listed = client.list_tools(None).await.unwrap();
    assert_eq!(listed.tools.len(), 1);

    let mut answer = None;
    while let Ok(line) = lines.try_recv() {
        let message: Value = serde_json::from_str(&line).expect("a JSON-RPC message");
        if message["result"]["tools"].is_array() {
            answer = Some(message["result"].clone());
        }
    }
    let result = answer.expect("the tools/list answer went through the tap");
    assert_eq!(result["resultType"], "complete", "{result}");
    // Written by the registry's own answer, not rmcp's generated one (which sends 0).
    assert_eq!(result["ttlMs"], 60_000, "{result}");
    client.cancel().await.unwrap();
}
