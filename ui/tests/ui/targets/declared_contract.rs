use mcp_toolname::{mcp_tool, tool_registry};

struct Server;

// A declared target turns its findings into errors.
#[tool_registry(targets(openai))]
impl Server {
    #[mcp_tool(name = "admin.tools.list")]
    fn list(&self) -> String {
        String::new()
    }
}

fn main() {
    let _ = Server::tool_router();
}
