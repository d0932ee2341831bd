//! Caller- and author-supplied strings in an answer are escaped and cut: a call by an alias
//! that changes a carried argument (the caller's value), a tombstone's note (the author's),
//! and an alias value outside its tool's `enum` (refused when the registry is built).

use crate::common;

use std::sync::Arc;

use common::{call, connect, text};
use mcp_toolname::{Alias, Tombstone, ToolDef, ToolRegistry};
use rmcp::handler::server::router::tool::ToolRoute;
use rmcp::model::{CallToolResult, JsonObject, Tool};
use rmcp::{ServerHandler, tool_handler};
use serde_json::{Value, json};

/// Longest answer accepted here: far above any real message, far below the values sent.
const SHORT: usize = 4096;

/// 3 MB of text with C1 controls (NEL, CSI) and a right-to-left override in it.
fn hostile() -> String {
    let mut value = String::from("start\u{85}\u{9b}31m\u{202E}evil");
    while value.len() < 3 << 20 {
        value.push_str("abc\u{202E}\u{9b}");
    }
    value
}

/// Whether `text` holds a character that hides or moves text as it is, unescaped.
fn raw_hiding(text: &str) -> bool {
    text.chars().any(
        |c| matches!(c, '\u{80}'..='\u{9f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}'),
    )
}

#[derive(Clone)]
struct Server {
    tools: ToolRegistry<Self>,
}

#[tool_handler(router = self.tools)]
impl ServerHandler for Server {}

fn schema() -> Arc<JsonObject> {
    let schema = json!({
        "type": "object",
        "properties": {"mode": {"type": "string", "enum": ["single", "all"]}},
    });
    Arc::new(schema.as_object().cloned().unwrap_or_default())
}

fn route() -> ToolRoute<Server> {
    ToolRoute::new_dyn(Tool::new("validate_adrs", "", schema()), |_| {
        Box::pin(async { Ok(CallToolResult::default().into()) })
    })
}

fn object(value: Value) -> JsonObject {
    value.as_object().cloned().unwrap_or_default()
}

#[tokio::test]
async fn a_clashing_value_and_a_note_come_back_escaped_and_cut() {
    let tools = ToolRegistry::builder()
        .tool(
            ToolDef::new(route())
                .alias(Alias::new("validate_adr").with_args(object(json!({"mode": "single"})))),
        )
        .tombstone(
            Tombstone::removed("hookdeck_events")
                .instead("validate_adrs")
                .note(hostile()),
        )
        .build()
        .expect("valid");
    let client = connect(Server { tools }).await;

    let given = object(json!({ "mode": hostile() }));
    let clash = call(&client, "validate_adr", Some(given))
        .await
        .expect("a tool error");
    assert_eq!(clash.is_error, Some(true));
    let said = text(&clash);
    assert!(said.len() < SHORT, "{} bytes", said.len());
    assert!(!raw_hiding(&said), "{said}");
    assert!(
        said.contains("\\u{85}"),
        "the control is shown escaped: {said}"
    );
    assert!(said.contains("Call `validate_adrs`"), "{said}");

    let gone = call(&client, "hookdeck_events", None)
        .await
        .expect("a tool error");
    let said = text(&gone);
    assert!(said.len() < SHORT, "{} bytes", said.len());
    assert!(!raw_hiding(&said), "{said}");
    assert!(said.contains("\\u{202e}"), "{said}");
    assert!(said.contains("characters)"), "the note is cut: {said}");
    assert!(said.contains("`validate_adrs` instead"), "{said}");
    let _ = client.cancel().await;
}

#[test]
fn a_carried_value_outside_the_enum_is_refused_in_a_short_message() {
    let error = ToolRegistry::<Server>::builder()
        .tool(
            ToolDef::new(route())
                .alias(Alias::new("validate_adr").with_args(object(json!({ "mode": hostile() })))),
        )
        .build()
        .expect_err("refused");
    let said = error.to_string();
    assert!(said.len() < SHORT, "{} bytes", said.len());
    assert!(!raw_hiding(&said), "{said}");
    assert!(said.contains("one of `\"single\"`, `\"all\"`"), "{said}");
}

#[test]
fn an_enum_of_thousands_is_named_by_its_first_values() {
    let values: Vec<String> = (0..10_000).map(|i| format!("v{i}")).collect();
    let schema = json!({
        "type": "object",
        "properties": {"mode": {"type": "string", "enum": values}},
    });
    let route = ToolRoute::<Server>::new_dyn(Tool::new("t", "", Arc::new(object(schema))), |_| {
        Box::pin(async { Ok(CallToolResult::default().into()) })
    });
    let error = ToolRegistry::<Server>::builder()
        .tool(ToolDef::new(route).alias(Alias::new("a").with_args(object(json!({"mode": "x"})))))
        .build()
        .expect_err("refused");
    let said = error.to_string();
    assert!(said.len() < SHORT, "{} bytes", said.len());
    assert!(said.contains("and 9990 more"), "{said}");
}
