//! A call by an alias runs its tool under the tool's own name, whatever the old name's length or
//! whether the request owns it, and the answer carries the deprecation notice.

use std::sync::{Arc, OnceLock};

use mcp_toolname_runtime::{Alias, DEPRECATION_META_KEY, ToolDef, ToolRegistry};
use rmcp::handler::server::router::tool::ToolRoute;
use rmcp::handler::server::tool::ToolCallContext;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, JsonObject,
    NumberOrString, Tool,
};
use rmcp::service::{NotificationContext, Peer, RequestContext};
use rmcp::{RoleServer, ServerHandler, ServiceExt, tool_handler};
use serde_json::json;

#[derive(Clone)]
struct Server {
    tools: ToolRegistry<Self>,
}

static PEER: OnceLock<Peer<RoleServer>> = OnceLock::new();

#[tool_handler(router = self.tools)]
impl ServerHandler for Server {
    async fn on_initialized(&self, context: NotificationContext<RoleServer>) {
        let _ = PEER.set(context.peer);
    }
}

/// A tool that answers with the name it was called under.
fn echo(name: &'static str) -> ToolRoute<Server> {
    ToolRoute::new_dyn(
        Tool::new(name, "demo", Arc::new(JsonObject::new())),
        |ctx| {
            let text = ctx.name.to_string();
            Box::pin(
                async move { Ok(CallToolResult::success(vec![ContentBlock::text(text)]).into()) },
            )
        },
    )
}

fn answer(result: &CallToolResult) -> (String, Option<serde_json::Value>) {
    let text = result.content[0].as_text().expect("text").text.clone();
    let notice = result
        .meta
        .as_ref()
        .and_then(|meta| meta.0.get(DEPRECATION_META_KEY).cloned());
    (text, notice)
}

#[tokio::test]
async fn an_alias_call_runs_the_tool_under_its_own_name() {
    let tools = ToolRegistry::builder()
        .tool(
            ToolDef::new(echo("add_numbers"))
                .alias(Alias::new("add"))
                .alias(Alias::new("calculator.add_two_numbers")),
        )
        .build()
        .unwrap();
    let server = Server {
        tools: tools.clone(),
    };
    let (server_io, client_io) = tokio::io::duplex(1 << 16);
    let served = server.clone();
    tokio::spawn(async move {
        if let Ok(running) = served.serve(server_io).await {
            let _ = running.waiting().await;
        }
    });
    let client = ().serve(client_io).await.unwrap();
    let notice = Some(json!({ "replacement": "add_numbers" }));

    // Over the wire the request owns the name: shorter and longer than the tool's.
    for called in ["add", "calculator.add_two_numbers", "add_numbers"] {
        let result = client
            .call_tool(CallToolRequestParams::new(called))
            .await
            .unwrap();
        let expected = (called != "add_numbers").then(|| notice.clone()).flatten();
        assert_eq!(
            answer(&result),
            ("add_numbers".to_owned(), expected),
            "{called}"
        );
    }

    // In process a name can be borrowed.
    while PEER.get().is_none() {
        tokio::task::yield_now().await;
    }
    let request = RequestContext::new(NumberOrString::Number(1), PEER.get().unwrap().clone());
    let context = ToolCallContext::new(&server, CallToolRequestParams::new("add"), request);
    let CallToolResponse::Complete(result) = tools.call(context).await.unwrap() else {
        panic!("a complete result")
    };
    assert_eq!(answer(&result), ("add_numbers".to_owned(), notice));
    client.cancel().await.unwrap();
}
