//! Feature `metrics`: every call by an alias name is counted through the `metrics` facade,
//! read back here from metrics-util's `DebuggingRecorder` after real `tools/call`s over an
//! in-memory MCP session. Run: `cargo test -p mcp-toolname-runtime --features metrics`.
#![cfg(feature = "metrics")]

use std::collections::HashMap;
use std::sync::Arc;

use chrono::{DateTime, Utc};
use mcp_toolname_runtime::{
    ALIAS_CALLS, Alias, CANONICAL_ATTRIBUTE, ManualClock, OUTCOME_ATTRIBUTE, ToolDef, ToolRegistry,
};
use metrics_util::MetricKind;
use metrics_util::debugging::{DebugValue, DebuggingRecorder, Snapshotter};
use rmcp::handler::server::router::tool::ToolRoute;
use rmcp::model::{CallToolRequestParams, CallToolResult, JsonObject, Tool};
use rmcp::{ServerHandler, ServiceExt, tool_handler};

#[derive(Clone)]
struct Server {
    tools: ToolRegistry<Self>,
}

#[tool_handler(router = self.tools)]
impl ServerHandler for Server {}

fn at(text: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(text).unwrap().to_utc()
}

fn route(name: &'static str) -> ToolRoute<Server> {
    ToolRoute::new_dyn(
        Tool::new(name, "demo", Arc::new(JsonObject::new())),
        |_ctx| Box::pin(async { Ok(CallToolResult::default().into()) }),
    )
}

/// The counter values of [`ALIAS_CALLS`] by (called name, canonical, outcome), checking the
/// OpenTelemetry attributes on the way.
fn counts(snapshotter: &Snapshotter) -> HashMap<(String, String, String), u64> {
    let mut out = HashMap::new();
    for (key, _, _, value) in snapshotter.snapshot().into_vec() {
        if key.kind() != MetricKind::Counter || key.key().name() != ALIAS_CALLS {
            continue;
        }
        let label = |name: &str| {
            key.key()
                .labels()
                .find(|l| l.key() == name)
                .map(|l| l.value().to_owned())
                .unwrap_or_else(|| panic!("{name} missing on {key:?}"))
        };
        assert_eq!(label("mcp.method.name"), "tools/call");
        let DebugValue::Counter(n) = value else {
            panic!("{ALIAS_CALLS} is a counter")
        };
        out.insert(
            (
                label("gen_ai.tool.name"),
                label(CANONICAL_ATTRIBUTE),
                label(OUTCOME_ATTRIBUTE),
            ),
            n,
        );
    }
    out
}

fn series(alias: &str, tool: &str, outcome: &str) -> (String, String, String) {
    (alias.to_owned(), tool.to_owned(), outcome.to_owned())
}

#[tokio::test]
async fn every_alias_call_served_or_refused_is_counted_and_read_back() {
    let recorder = DebuggingRecorder::new();
    let snapshotter = recorder.snapshotter();
    recorder
        .install()
        .expect("the only recorder of this test binary");

    let clock = Arc::new(ManualClock::new(at("2026-12-01T00:00:00Z")));
    let tools = ToolRegistry::builder()
        .tool(
            ToolDef::new(route("add_numbers")).alias(
                Alias::new("calc.add")
                    .until(at("2027-03-01T00:00:00Z"))
                    .hidden(),
            ),
        )
        .tool(ToolDef::new(route("subtract")).alias(Alias::new("minus")))
        .clock(Arc::clone(&clock))
        .build()
        .unwrap();
    // Registered at zero when the registry is built: a first call shows in `increase()`.
    let zero = counts(&snapshotter);
    assert_eq!(
        zero.get(&series("calc.add", "add_numbers", "served")),
        Some(&0)
    );
    assert_eq!(zero.get(&series("minus", "subtract", "refused")), Some(&0));

    let (server_io, client_io) = tokio::io::duplex(1 << 16);
    tokio::spawn(async move {
        let server = Server { tools };
        if let Ok(running) = server.serve(server_io).await {
            let _ = running.waiting().await;
        }
    });
    let client = ().serve(client_io).await.unwrap();
    let call = |name: &'static str| {
        let client = client.peer().clone();
        async move { client.call_tool(CallToolRequestParams::new(name)).await }
    };
    for _ in 0..3 {
        call("calc.add").await.unwrap();
    }
    call("minus").await.unwrap();
    call("add_numbers").await.unwrap();
    clock.set(at("2027-03-01T00:00:00Z"));
    call("calc.add").await.unwrap();
    call("calc.add").await.unwrap();

    let counted = counts(&snapshotter);
    assert_eq!(counted[&series("calc.add", "add_numbers", "served")], 3);
    assert_eq!(counted[&series("calc.add", "add_numbers", "refused")], 2);
    assert_eq!(counted[&series("minus", "subtract", "served")], 1);
    assert_eq!(counted[&series("minus", "subtract", "refused")], 0);
    assert!(
        !counted.keys().any(|(name, _, _)| name == "add_numbers"),
        "a call by the canonical name is not an alias call"
    );
    client.cancel().await.unwrap();
}
