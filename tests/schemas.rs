//! Tool input schemas as the registry lists them: inlined by default (no `$ref`, `$defs` or
//! `$schema`, which some clients drop or refuse), accepting what rmcp's schema accepts; as
//! rmcp wrote them with `Schemas::AsWritten`; and as written, whatever the setting, for a
//! recursive type, which cannot be inlined.

use std::collections::HashMap;
use std::sync::Arc;

use crate::common::connect;
use chrono::{DateTime, TimeZone, Utc};
use mcp_toolname::rules::schema::inline::{InlineError, inline_refs};
use mcp_toolname::{Schemas, ToolRegistry, mcp_tool, tool_registry};
use rmcp::handler::server::common::schema_for_type;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::JsonObject;
use rmcp::{ServerHandler, schemars, tool_handler};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// One line of an order.
#[derive(Debug, Clone, Serialize, Deserialize, schemars::JsonSchema)]
struct Item {
    id: u64,
    note: Option<String>,
}

#[derive(Debug, Clone, Copy, Serialize, Deserialize, schemars::JsonSchema)]
enum Kind {
    Small,
    Large,
}

#[derive(Debug, Clone, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "type")]
enum Shape {
    Circle { radius: f64 },
    Square { side: f64 },
}

#[derive(Debug, Clone, Serialize, Deserialize, schemars::JsonSchema)]
struct Order {
    /// What ships first.
    first: Item,
    items: Vec<Item>,
    kind: Kind,
    shape: Shape,
    size: Option<Kind>,
    by_name: HashMap<String, Item>,
    count: u64,
    at: DateTime<Utc>,
}

#[derive(Debug, Clone, Serialize, Deserialize, schemars::JsonSchema)]
struct Tree {
    name: String,
    children: Vec<Tree>,
}

#[derive(Clone)]
struct Shop {
    tools: ToolRegistry<Self>,
}

#[tool_registry]
impl Shop {
    /// Places an order.
    #[mcp_tool]
    fn order(&self, Parameters(order): Parameters<Order>) -> String {
        order.items.len().to_string()
    }

    /// Plants a tree.
    #[mcp_tool]
    fn plant(&self, Parameters(tree): Parameters<Tree>) -> String {
        tree.children.len().to_string()
    }
}

#[tool_handler(router = self.tools)]
impl ServerHandler for Shop {}

fn order() -> Order {
    let item = |id| Item {
        id,
        note: (id % 2 == 0).then(|| "even".to_owned()),
    };
    Order {
        first: item(1),
        items: vec![item(2), item(3)],
        kind: Kind::Large,
        shape: Shape::Circle { radius: 1.5 },
        size: Some(Kind::Small),
        by_name: HashMap::from([("a".to_owned(), item(4))]),
        count: u64::MAX,
        at: Utc.with_ymd_and_hms(2026, 1, 2, 3, 4, 5).unwrap(),
    }
}

fn has_reference(schema: &JsonObject) -> bool {
    let text = serde_json::to_string(schema).unwrap();
    text.contains("$ref") || text.contains("$defs") || text.contains("$schema")
}

/// `value` with each member of `changes` set, at the top level.
fn with(value: &Value, changes: &[(&str, Value)]) -> Value {
    let mut value = value.clone();
    for (key, new) in changes {
        value[*key] = new.clone();
    }
    value
}

#[test]
fn schemas_of_real_types_inline_to_the_same_verdicts() {
    let written = schema_for_type::<Order>();
    let inlined = inline_refs(&written)
        .unwrap()
        .expect("Order has nested types");
    assert!(has_reference(&written) && !has_reference(&inlined));
    assert_eq!(
        inlined["properties"]["first"]["description"], "What ships first.",
        "the field's doc comment wins over its type's"
    );
    let (written, inlined) = (Value::Object((*written).clone()), Value::Object(inlined));
    let theirs = jsonschema::draft202012::new(&written).unwrap();
    let ours = jsonschema::draft202012::new(&inlined).unwrap();
    let good = serde_json::to_value(order()).unwrap();
    let samples = [
        good.clone(),
        with(&good, &[("size", Value::Null)]),
        with(
            &good,
            &[("shape", serde_json::json!({"type": "Square", "side": 2.0}))],
        ),
        with(&good, &[("size", "Medium".into())]),
        with(&good, &[("kind", Value::Null)]),
        with(
            &good,
            &[(
                "shape",
                serde_json::json!({"type": "Square", "radius": 2.0}),
            )],
        ),
        with(&good, &[("items", serde_json::json!([{"id": -1}]))]),
        with(
            &good,
            &[("by_name", serde_json::json!({"a": {"note": "no id"}}))],
        ),
        with(&good, &[("first", serde_json::json!({"id": "one"}))]),
        with(&good, &[("count", (-1).into())]),
        with(&good, &[("at", "yesterday".into())]),
    ];
    let verdicts: Vec<bool> = samples.iter().map(|s| theirs.is_valid(s)).collect();
    assert_eq!(
        verdicts[..3],
        [true, true, true],
        "rmcp's schema takes real values"
    );
    assert!(verdicts[3..9].iter().all(|v| !v), "{verdicts:?}");
    for (sample, verdict) in samples.iter().zip(verdicts) {
        assert_eq!(ours.is_valid(sample), verdict, "{sample}");
    }
}

#[test]
fn a_recursive_type_is_refused_by_name() {
    let error = inline_refs(&schema_for_type::<Tree>()).unwrap_err();
    assert!(
        matches!(&error, InlineError::Recursive { definition, .. } if definition == "Tree (the root schema)"),
        "{error:?}"
    );
}

async fn listed(tools: ToolRegistry<Shop>) -> HashMap<String, Arc<JsonObject>> {
    let client = connect(Shop { tools }).await;
    let listed = client.list_all_tools().await.unwrap();
    client.cancel().await.unwrap();
    listed
        .into_iter()
        .map(|t| (t.name.into_owned(), t.input_schema))
        .collect()
}

#[tokio::test]
async fn the_registry_lists_inlined_schemas_and_as_written_on_request() {
    let as_written = Shop::tool_router()
        .reconfigure()
        .schemas(Schemas::AsWritten);
    let written = listed(as_written.build().unwrap()).await;
    let rmcp = Shop::order_tool_attr().input_schema;
    assert_eq!(written["order"], rmcp, "as rmcp's attribute wrote it");
    assert!(has_reference(&written["order"]));

    let tools = listed(Shop::tool_router()).await;
    assert!(!has_reference(&tools["order"]), "{:?}", tools["order"]);
    assert_eq!(
        Some(tools["order"].as_ref()),
        inline_refs(&rmcp).unwrap().as_ref()
    );
    // A recursive type is listed as rmcp wrote it.
    assert_eq!(tools["plant"], Shop::plant_tool_attr().input_schema);
    assert!(has_reference(&tools["plant"]));
}

/// A call's answer: its text, or (an error answer, or a protocol error) the error's message.
async fn call(tools: ToolRegistry<Shop>, arguments: Value) -> Result<String, String> {
    let client = connect(Shop { tools }).await;
    let params = rmcp::model::CallToolRequestParams::new("order")
        .with_arguments(arguments.as_object().cloned().unwrap_or_default());
    let result = client.call_tool(params).await;
    client.cancel().await.unwrap();
    match result {
        Ok(answer) => {
            let text = answer
                .content
                .first()
                .and_then(|c| c.as_text())
                .map(|t| t.text.clone())
                .unwrap_or_default();
            if answer.is_error == Some(true) {
                Err(text)
            } else {
                Ok(text)
            }
        }
        Err(error) => Err(error.to_string()),
    }
}

#[tokio::test]
async fn arguments_are_read_as_before_whichever_schema_is_listed() {
    // rmcp reads a call's arguments by serde, not by the listed schema: inlining it changes
    // no answer.
    let good = serde_json::to_value(order()).unwrap();
    let bad = with(&good, &[("items", serde_json::json!([{"id": -1}]))]);
    for arguments in [good, bad] {
        let portable = call(Shop::tool_router(), arguments.clone()).await;
        let as_written = call(
            Shop::tool_router()
                .reconfigure()
                .schemas(Schemas::AsWritten)
                .build()
                .unwrap(),
            arguments.clone(),
        )
        .await;
        assert_eq!(portable, as_written, "{arguments}");
    }
    let good = serde_json::to_value(order()).unwrap();
    assert_eq!(call(Shop::tool_router(), good).await, Ok("2".to_owned()));
    let bad = with(
        &serde_json::to_value(order()).unwrap(),
        &[("count", (-1).into())],
    );
    assert_eq!(
        call(Shop::tool_router(), bad).await,
        Err(
            "failed to deserialize parameters: invalid value: integer `-1`, expected u64"
                .to_owned()
        )
    );
}
