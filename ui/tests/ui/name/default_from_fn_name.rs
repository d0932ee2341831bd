use mcp_toolname::{mcp_tool, tool_registry};

struct Server;

#[tool_registry]
impl Server {
    // No `name`: the fn name is the tool name, and the error points at it.
    #[mcp_tool]
    fn café(&self) -> String {
        String::new()
    }
}

fn main() {
    let _ = Server::tool_router();
}
