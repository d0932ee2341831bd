use mcp_toolname::{mcp_tool, tool_registry};

struct Server;

#[tool_registry]
impl Server {
    #[mcp_tool(alias(name = "navigate_browser", until = "2027-01-01"))]
    fn window(&self) -> String {
        String::new()
    }

    #[mcp_tool]
    fn navigate_browser(&self) -> String {
        String::new()
    }
}

fn main() {
    let _ = Server::tool_router();
}
