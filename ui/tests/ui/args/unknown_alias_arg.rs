use mcp_toolname::{mcp_tool, tool_registry};

struct Server;

#[tool_registry]
impl Server {
    #[mcp_tool(alias(name = "plus", util = "2027-03-01"))]
    fn add(&self) -> String {
        String::new()
    }
}

fn main() {
    let _ = Server::tool_router();
}
