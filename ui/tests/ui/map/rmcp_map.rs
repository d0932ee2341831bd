use mcp_toolname::{ToolRegistry, mcp_tool, tool_registry};
use rmcp::model::JsonObject;
use std::sync::Arc;

#[derive(Clone)]
struct Server {
    tool_router: ToolRegistry<Self>,
}

#[tool_registry]
impl Server {
    /// Finds pages.
    #[mcp_tool]
    fn search(&self) -> String {
        String::new()
    }
}

// Code written for rmcp's `ToolRouter`, which has a public `map` of name to route.
fn main() {
    let mut server = Server { tool_router: Server::tool_router() };
    let described = server
        .tool_router
        .map
        .values()
        .filter(|route| route.attr.description.is_some())
        .count();
    for route in server.tool_router.map.values_mut() {
        route.attr.input_schema = Arc::new(JsonObject::new());
    }
    let search = server.tool_router.map.get("search");
    assert_eq!(server.tool_router.map.len(), described);
    let _ = search;
}
