//! Parity: one server written twice from the same source, once with rmcp's `#[tool_router]`
//! and `#[tool]`, once with `#[tool_registry]` and `#[mcp_tool]` (the README's swap and
//! nothing else), both served by a bare rmcp `#[tool_handler]`. A real rmcp client sees the
//! same `initialize`, `tools/list`, results and error codes from both. The one wording that
//! differs on purpose (an unknown tool's message names the tool) is checked as such.

use crate::common;

use common::{Client, call, connect};
use rmcp::handler::server::wrapper::{Json, Parameters};
use rmcp::model::JsonObject;
use rmcp::{ServerHandler, schemars, tool_handler};
use serde_json::{Value, json};

#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
struct Pair {
    /// Left operand.
    a: i64,
    /// Right operand.
    b: i64,
}

#[derive(Debug, serde::Serialize, schemars::JsonSchema)]
struct Sum {
    sum: i64,
}

/// The same impl under the given router and tool attributes.
macro_rules! server {
    ($ty:ident, $router:path, $tool:path) => {
        #[derive(Clone, Default)]
        struct $ty;

        #[$router]
        impl $ty {
            /// Adds two integers.
            #[$tool(name = "add_numbers", annotations(read_only_hint = true))]
            fn add(&self, Parameters(Pair { a, b }): Parameters<Pair>) -> Json<Sum> {
                Json(Sum { sum: a + b })
            }

            /// Divides `a` by `b`.
            #[$tool(title = "Divide")]
            async fn divide(
                &self,
                Parameters(Pair { a, b }): Parameters<Pair>,
            ) -> Result<String, String> {
                a.checked_div(b)
                    .map(|q| q.to_string())
                    .ok_or_else(|| "division by zero".to_owned())
            }

            #[$tool(description = "Says pong.")]
            fn ping(&self) -> String {
                "pong".to_owned()
            }
        }

        #[tool_handler(name = "parity", version = "1.0.0")]
        impl ServerHandler for $ty {}
    };
}

server!(Rmcp, rmcp::tool_router, rmcp::tool);
server!(Ours, mcp_toolname::tool_registry, mcp_toolname::mcp_tool);

fn object(value: Value) -> Option<JsonObject> {
    value.as_object().cloned()
}

/// What one call gave: the result as JSON, or the JSON-RPC error's code.
async fn outcome(client: &Client, name: &str, arguments: Option<JsonObject>) -> Value {
    match call(client, name, arguments).await {
        Ok(result) => serde_json::to_value(result).unwrap(),
        Err(e) => json!({ "error_code": common::rpc_error(&e).code.0 }),
    }
}

#[tokio::test]
async fn rmcp_and_the_swap_serve_the_same_list_results_and_errors() {
    let rmcp = connect(Rmcp).await;
    let ours = connect(Ours).await;

    let info = |c: &Client| serde_json::to_value(c.peer_info().unwrap()).unwrap();
    assert_eq!(info(&rmcp), info(&ours), "initialize");

    let list = |tools: Vec<rmcp::model::Tool>| serde_json::to_value(tools).unwrap();
    let (theirs, mine) = (
        list(rmcp.list_all_tools().await.unwrap()),
        list(ours.list_all_tools().await.unwrap()),
    );
    assert_eq!(theirs, mine, "tools/list");
    assert_eq!(mine.as_array().unwrap().len(), 3);

    let calls: [(&str, Option<JsonObject>); 6] = [
        ("add_numbers", object(json!({ "a": 2, "b": 3 }))),
        ("divide", object(json!({ "a": 7, "b": 2 }))),
        ("divide", object(json!({ "a": 1, "b": 0 }))),
        ("divide", object(json!({ "a": "x" }))),
        ("ping", None),
        ("no_such_tool", None),
    ];
    for (name, arguments) in calls {
        let theirs = outcome(&rmcp, name, arguments.clone()).await;
        let mine = outcome(&ours, name, arguments).await;
        assert_eq!(theirs, mine, "tools/call {name}");
    }

    // Same code; our message says which tool was not found.
    let theirs = call(&rmcp, "no_such_tool", None).await.unwrap_err();
    let mine = call(&ours, "no_such_tool", None).await.unwrap_err();
    let (theirs, mine) = (common::rpc_error(&theirs), common::rpc_error(&mine));
    assert_eq!(theirs.code, mine.code);
    assert_eq!(theirs.message, "tool not found");
    assert!(mine.message.contains("`no_such_tool`"), "{}", mine.message);
    rmcp.cancel().await.unwrap();
    ours.cancel().await.unwrap();
}
