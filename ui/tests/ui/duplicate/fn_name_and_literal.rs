use mcp_toolname::{mcp_tool, tool_registry};

struct Server;

#[tool_registry]
impl Server {
    #[mcp_tool]
    fn search(&self) -> String {
        String::new()
    }

    #[mcp_tool(name = "search")]
    fn search_v2(&self) -> String {
        String::new()
    }
}

fn main() {
    let _ = Server::tool_router();
}
