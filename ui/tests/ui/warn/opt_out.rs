#![deny(deprecated)] // the warning would be an error here: `allow(llm_common)` silences it for one tool

use mcp_toolname::{mcp_tool, tool_registry};

struct Server;

#[tool_registry]
impl Server {
    // Opted out: no warning.
    #[mcp_tool(name = "admin.tools.list", allow(llm_common))]
    fn list(&self) -> String {
        String::new()
    }

    // Not opted out: still warned.
    #[mcp_tool(name = "admin.tools.get")]
    fn get(&self) -> String {
        String::new()
    }
}

fn main() {
    let _ = Server::tool_router();
}
