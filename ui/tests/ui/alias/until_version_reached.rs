use mcp_toolname::{mcp_tool, tool_registry};

struct Server;

#[tool_registry]
impl Server {
    // trybuild builds this file as version 0.0.0, so an alias due at 0.0.0 is overdue.
    #[mcp_tool(alias(name = "plus", until_version = "0.0.0"))]
    fn add(&self) -> String {
        String::new()
    }
}

fn main() {
    let _ = Server::tool_router();
}
