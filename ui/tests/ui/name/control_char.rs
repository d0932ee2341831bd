use mcp_toolname::{mcp_tool, tool_registry};

struct Server;

#[tool_registry]
impl Server {
    #[mcp_tool(name = "tab\there")]
    fn tab(&self) -> String {
        String::new()
    }
}

fn main() {
    let _ = Server::tool_router();
}
