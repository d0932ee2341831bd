#![deny(deprecated)] // turns the warning into an error so this test can show it

use mcp_toolname::{mcp_tool, tool_registry};

struct Server;

// No targets declared: Claude Code's rule (`.` becomes `_`) is checked, as a warning.
#[tool_registry]
impl Server {
    #[mcp_tool(name = "admin.tools.list", allow(llm_common))]
    fn list_dotted(&self) -> String {
        String::new()
    }

    #[mcp_tool]
    fn admin_tools_list(&self) -> String {
        String::new()
    }
}

fn main() {
    let _ = Server::tool_router();
}
