// An input schema written as a literal names an argument `issue types`: the Anthropic API
// refuses an argument name outside `^[a-zA-Z0-9_.-]{1,64}$`, and with it every request, so the
// build refuses it at the key, before the registry would. A nested key (`sort by`, inside an
// argument) is read by no API's rule, and a key built any other way is left to the registry.
use std::sync::Arc;

use mcp_toolname::{mcp_tool, tool_registry};

struct Server;

#[tool_registry]
impl Server {
    #[mcp_tool(input_schema = Arc::new(rmcp::object!({
        "type": "object",
        "properties": {
            "query": {"type": "string"},
            "issue types": {"type": "array", "items": {"type": "string"}},
            "order": {"type": "object", "properties": {"sort by": {"type": "string"}}},
            "rule_name[]": {"type": "string"}
        }
    })))]
    fn find_issues(&self) -> String {
        String::new()
    }
}

fn main() {
    let _ = Server::tool_router();
}
