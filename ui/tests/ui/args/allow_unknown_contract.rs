use mcp_toolname::{mcp_tool, tool_registry};

struct Server;

#[tool_registry]
impl Server {
    #[mcp_tool(name = "admin.tools.list", allow(llm))]
    fn list(&self) -> String {
        String::new()
    }
}

fn main() {
    let _ = Server::tool_router();
}
