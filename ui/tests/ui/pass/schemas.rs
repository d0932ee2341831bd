//! `schemas = "as_written"`: the registry lists each input schema as rmcp writes it, `$defs`
//! and `$ref` for a nested type; without it, the same type's schema is listed inlined.

use mcp_toolname::{ToolRegistry, mcp_tool, tool_registry};
use rmcp::handler::server::wrapper::Parameters;
use rmcp::schemars;

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct Point {
    x: i64,
}

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct Pin {
    /// Where the pin goes.
    at: Point,
}

struct AsWritten;

#[tool_registry(schemas = "as_written")]
impl AsWritten {
    #[mcp_tool]
    fn pin(&self, Parameters(pin): Parameters<Pin>) -> String {
        pin.at.x.to_string()
    }
}

struct Portable;

#[tool_registry(schemas = "portable")]
impl Portable {
    #[mcp_tool]
    fn pin(&self, Parameters(pin): Parameters<Pin>) -> String {
        pin.at.x.to_string()
    }
}

fn main() {
    let written: ToolRegistry<AsWritten> = AsWritten::tool_router();
    let schema = &written.get("pin").unwrap().input_schema;
    assert!(
        schema.contains_key("$defs"),
        "as rmcp writes it: {schema:?}"
    );
    assert_eq!(schema["properties"]["at"]["$ref"], "#/$defs/Point");

    let portable: ToolRegistry<Portable> = Portable::tool_router();
    let schema = &portable.get("pin").unwrap().input_schema;
    assert!(!schema.contains_key("$defs"), "inlined: {schema:?}");
    assert_eq!(
        schema["properties"]["at"]["properties"]["x"]["type"],
        "integer"
    );
    assert_eq!(
        schema["properties"]["at"]["description"],
        "Where the pin goes."
    );
}
